//! Regenerates the parts of the TypeScript declarations that come from the Rust types: between
//! `// <generated: NAME>` and `// </generated: NAME>` in a `.d.ts`, the block NAME is rewritten.
//! Blocks: `error-codes` (one string-literal union per family of the evaluator's error codes) and
//! `trust-error-codes` (the trust family), from the catalogue (`tabeq_trust::error_catalogue`, which
//! holds every family). `make types` runs it; `make test` fails when that changes a committed file.
//!
//! Usage: `cargo run -p tabeq-wasm --example declarations -- FILE.d.ts...`

use std::fs;
use std::process::ExitCode;

/// The union type of each catalogue family the JavaScript modules can report, with its comment.
const FAMILIES: &[(&str, &str, &str)] = &[
    ("task", "TaskErrorCode", "Why a task failed: `TaskResult.error_code` (never thrown)."),
    ("csv", "CsvErrorCode", "A CSV file the strict reader refuses (thrown with stage \"csv\")."),
    ("cell", "CellErrorCode", "A cell that does not read under its column rule."),
    ("fatal", "FatalErrorCode", "A broken config, gold or suite layout (stage \"config\", \"gold\" or \"suite\")."),
    ("binding", "BindingErrorCode", "Errors of the binding itself: a wrong argument type or size, a suite used out of order, a freed object, a module not loaded, a bug."),
    ("trust", "TrustErrorCode", "Errors of the trust metrics (stage \"trust\")."),
];

/// The block `name`, or `None` for a block this generator does not know.
fn block(name: &str) -> Option<String> {
    match name {
        "error-codes" => Some(error_codes(|family| family != "trust")),
        "trust-error-codes" => Some(error_codes(|family| family == "trust")),
        _ => None,
    }
}

/// The unions of the families `wanted` picks, in the catalogue's order.
fn error_codes(wanted: impl Fn(&str) -> bool) -> String {
    let catalogue = tabeq_trust::error_catalogue();
    let mut out = String::new();
    for (family, type_name, comment) in FAMILIES.iter().filter(|f| wanted(f.0)) {
        let codes: Vec<_> = catalogue.iter().filter(|e| e.family == *family).collect();
        out += &format!("\n/** {comment} */\nexport type {type_name} =\n");
        for (i, entry) in codes.iter().enumerate() {
            let end = if i + 1 == codes.len() { ";" } else { "" };
            out += &format!("  | \"{}\"{end}\n", entry.code);
        }
    }
    out
}

/// `text` with every generated block rewritten, or an error naming an unknown or unclosed block.
fn regenerate(text: &str) -> Result<String, String> {
    const OPEN: &str = "// <generated: ";
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let line_end = rest[start..]
            .find('\n')
            .map_or(rest.len(), |i| start + i + 1);
        let name = rest[start + OPEN.len()..line_end]
            .trim_end()
            .trim_end_matches('>');
        let close = format!("// </generated: {name}>");
        let end = rest[line_end..]
            .find(&close)
            .ok_or(format!("block {name} is not closed by {close}"))?;
        let body = block(name).ok_or(format!("unknown block {name}"))?;
        out += &rest[..line_end];
        out += &body;
        out += &close;
        rest = &rest[line_end + end + close.len()..];
    }
    out += rest;
    Ok(out)
}

fn main() -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in std::env::args().skip(1) {
        let result = fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| regenerate(&text).map(|new| (text, new)))
            .and_then(|(old, new)| {
                if old != new {
                    fs::write(&path, new).map_err(|e| e.to_string())?;
                    eprintln!("declarations: rewrote {path}");
                }
                Ok(())
            });
        if let Err(e) = result {
            eprintln!("declarations: {path}: {e}");
            status = ExitCode::FAILURE;
        }
    }
    status
}
