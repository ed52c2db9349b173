//! Regenerates the parts of the TypeScript declarations that come from the Rust types: between
//! `// <generated: NAME>` and `// </generated: NAME>` in a `.d.ts`, the block NAME is rewritten.
//! Blocks: `error-codes` (one string-literal union per family of the evaluator's error codes) and
//! `trust-error-codes` (the trust family), from the catalogue (`tabeq_trust::error_catalogue`, which
//! holds every family); `types` and `trust-types`, every object the modules return, from the
//! core's types (`ts_rs::TS`, derived next to each `Serialize` under the core crates' feature
//! `ts`). Only what lies outside the blocks is written by hand (the functions and classes of the
//! modules, and the arguments only a binding reads). `make types` runs it; `make test` fails when
//! that changes a committed file.
//!
//! Usage: `cargo run -p tabeq-wasm --features ts --example declarations -- FILE.d.ts...`

use std::fs;
use std::process::ExitCode;

/// The union type of each catalogue family the JavaScript modules can report, with its comment.
const FAMILIES: &[(&str, &str, &str)] = &[
    ("task", "TaskErrorCode", "Why a task failed: `TaskResult.error_code` (never thrown)."),
    ("csv", "CsvErrorCode", "A CSV file the strict reader refuses (thrown with stage \"csv\")."),
    ("cell", "CellErrorCode", "A cell that does not read under its column rule."),
    ("fatal", "FatalErrorCode", "A broken config, gold or suite layout (stage \"config\", \"gold\" or \"suite\")."),
    ("binding", "BindingErrorCode", "Errors of the binding itself: a wrong argument type or size, a suite used out of order, a freed object, a module not loaded, a bug."),
    ("submission", "SubmissionErrorCode", "What the check of a predictions folder finds beyond a task's own error code, and the code parseTaskList throws."),
    ("trust", "TrustErrorCode", "Errors of the trust metrics (stage \"trust\")."),
];

/// The block `name`, or `None` for a block this generator does not know.
fn block(name: &str) -> Option<String> {
    match name {
        "error-codes" => Some(error_codes(|family| family != "trust")),
        "trust-error-codes" => Some(error_codes(|family| family == "trust")),
        "types" => Some(declarations(tabeq::typescript_declarations())),
        "trust-types" => Some(declarations(tabeq_trust::typescript_declarations())),
        _ => None,
    }
}

/// ts-rs declarations (`export type NAME = ...;` on one line, preceded by their documentation),
/// laid out for reading: an object type as an interface with one member per line.
fn declarations(decls: Vec<String>) -> String {
    let mut out = String::new();
    for decl in decls {
        let (docs, rest) = match decl.find("export type ") {
            Some(i) => decl.split_at(i),
            None => ("", decl.as_str()),
        };
        let rest = rest["export type ".len()..]
            .trim_end()
            .trim_end_matches(';');
        let (name, body) = rest.split_once(" = ").unwrap_or((rest, ""));
        out += "\n";
        out += &plain_links(docs);
        let body = body.trim();
        if is_object(body) {
            out += &format!(
                "export interface {name} {}\n",
                object(&body[1..body.len() - 1], "")
            );
        } else {
            let laid = type_expr(body, "");
            let gap = if laid.starts_with('\n') { "" } else { " " };
            out += &format!("export type {name} ={gap}{laid};\n");
        }
    }
    out
}

/// Documentation without rustdoc's link brackets: "[`TaskConfig`]" reads "`TaskConfig`".
fn plain_links(docs: &str) -> String {
    docs.replace("[`", "`").replace("`]", "`")
}

/// `s` split at `sep` where it is not nested in brackets, a string or a comment.
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                for (_, c) in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                }
            }
            '/' if s[i..].starts_with("/*") => {
                let end = s[i..].find("*/").map_or(s.len(), |e| i + e + 2);
                while chars.peek().is_some_and(|(j, _)| *j < end) {
                    chars.next();
                }
            }
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' => depth -= 1,
            c if c == sep && depth == 0 => {
                parts.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// Whether `s` is one object type `{ ... }` (not a union or intersection of them).
fn is_object(s: &str) -> bool {
    s.starts_with('{')
        && s.ends_with('}')
        && split_top(s, '|').len() == 1
        && split_top(s, '&').len() == 1
}

/// A type expression laid out at `indent`: a union with objects one variant per line.
fn type_expr(s: &str, indent: &str) -> String {
    let s = s.trim();
    let variants = split_top(s, '|');
    if variants.len() > 1 {
        let laid: Vec<String> = variants
            .iter()
            .map(|v| type_expr(v, &format!("{indent}  ")))
            .collect();
        if laid.iter().any(|v| v.contains('\n')) || s.len() > 90 {
            return laid.iter().map(|v| format!("\n{indent}  | {v}")).collect();
        }
        return laid.join(" | ");
    }
    let parts = split_top(s, '&');
    if parts.len() > 1 {
        let laid: Vec<String> = parts.iter().map(|p| type_expr(p, indent)).collect();
        return format!("({})", laid.join(" & "));
    }
    if is_object(s) {
        return object(&s[1..s.len() - 1], indent);
    }
    if let Some(item) = s.strip_prefix("Array<").and_then(|s| s.strip_suffix('>')) {
        let item = type_expr(item, indent);
        return match split_top(&item, '|').len() + split_top(&item, '&').len() {
            2 => format!("{item}[]"),
            _ => format!("({item})[]"),
        };
    }
    s.to_string()
}

/// The members of an object type (`key: type, ...` with doc comments) laid out as a block, or on
/// one line when short and undocumented.
fn object(inner: &str, indent: &str) -> String {
    let inner_indent = format!("{indent}  ");
    let mut members = Vec::new();
    for member in split_top(inner, ',') {
        let mut member = member.trim();
        let mut docs = Vec::new();
        while let Some(rest) = member.strip_prefix("/**") {
            let end = rest.find("*/").unwrap_or(rest.len());
            let text: Vec<&str> = rest[..end]
                .lines()
                .map(|l| l.trim().trim_start_matches('*').trim())
                .filter(|l| !l.is_empty())
                .collect();
            docs.push(plain_links(&text.join(" ")));
            member = rest[(end + 2).min(rest.len())..].trim();
        }
        if member.is_empty() {
            continue;
        }
        let (key, ty) = member.split_once(':').unwrap_or((member, ""));
        let key = key.trim();
        let key = match key.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
            Some(k) if k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => k,
            _ => key,
        };
        members.push((docs, key.to_string(), type_expr(ty, &inner_indent)));
    }
    if members.is_empty() {
        return "{}".into();
    }
    let one_line: Vec<String> = members
        .iter()
        .map(|(_, k, t)| format!("{k}: {t}"))
        .collect();
    if members
        .iter()
        .all(|(d, _, t)| d.is_empty() && !t.contains('\n'))
        && one_line.join("; ").len() < 70
    {
        return format!("{{ {} }}", one_line.join("; "));
    }
    let mut out = String::from("{\n");
    for (docs, key, ty) in &members {
        for doc in docs {
            out += &format!("{inner_indent}/** {doc} */\n");
        }
        out += &format!("{inner_indent}{key}: {ty};\n");
    }
    out + indent + "}"
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
