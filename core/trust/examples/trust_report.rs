//! Render a trust report with the core alone (no bindings): the worked example's Rust route.
//!
//!     cargo run -p tabeq-trust --example trust_report -- KIND RECORDS.jsonl [OPTIONS_JSON] [FORMAT]
//!
//! KIND is `reliability` or `robustness`; FORMAT is `json` (default) or a document format
//! (`text`, `markdown`, `html`, `csv`, `svg`, `latex`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(kind), Some(path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: trust_report KIND RECORDS.jsonl [OPTIONS_JSON] [FORMAT]");
        return ExitCode::from(2);
    };
    let options = args.get(2).map_or("", String::as_str);
    let format = args.get(3).map_or("json", String::as_str);
    let records = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("trust_report: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let rendered = tabeq_trust::Report::new(kind, &records, options, None).and_then(|report| {
        if format == "json" {
            Ok(report.to_json())
        } else {
            tabeq_trust::render_document(&report.to_document(), format)
        }
    });
    match rendered {
        Ok(text) => {
            println!("{}", text.trim_end_matches('\n'));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("trust_report: {e}");
            ExitCode::from(2)
        }
    }
}
