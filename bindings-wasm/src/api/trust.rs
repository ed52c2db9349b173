//! Trust metrics: JSON text in, JSON text out (the core's stable JSON API).

use tabeq::doc::{Align, Block, Cell, Column, Document, Mark, Row, Section, Table, Tone};
use tabeq::pyjson::{parse, Value};
use tabeq::trust::{self, FileContent, FileRole, TrustError};

use super::{Failure, Input};

/// Trust-metric input text: JSON lines must be UTF-8.
pub fn trust_text(input: Input, what: &str) -> Result<String, Failure> {
    match input {
        Input::Bytes(bytes) => String::from_utf8(bytes).map_err(|e| {
            TrustError::invalid_utf8(e.as_bytes(), e.utf8_error().valid_up_to()).into()
        }),
        Input::Missing => Err(Failure::invalid_argument(format!("{what} is required"))),
        Input::TooLarge { at_least, .. } => Err(Failure::invalid_argument(format!(
            "{what} is larger than {MAX_TRUST_INPUT_BYTES} bytes (at least {at_least})"
        ))),
    }
}

/// Largest trust-metric input (records, manifest, options) copied into WebAssembly memory.
pub const MAX_TRUST_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// Which trust report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrustReport {
    /// `reliability_report_json`.
    Reliability,
    /// `robustness_report_json`.
    Robustness,
}

/// A reliability or robustness report (JSON text) from JSONL records.
pub fn trust_report(kind: TrustReport, records: &str, options: &str) -> Result<String, Failure> {
    Ok(match kind {
        TrustReport::Reliability => trust::reliability_report_json(records, options)?,
        TrustReport::Robustness => trust::robustness_report_json(records, options)?,
    })
}

/// The robustness report from a manifest; `files(path, role)` supplies the files it names.
pub fn trust_manifest(
    manifest: &str,
    options: &str,
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
) -> Result<String, Failure> {
    Ok(trust::robustness_from_manifest_json(
        manifest, options, files,
    )?)
}

/// A report's document: `kind` is `reliability`, `robustness` or `spearman`.
pub fn trust_document(kind: &str, records: &str, options: &str) -> Result<Document, Failure> {
    Ok(trust::report_document(kind, records, options)?)
}

/// A document rendered as `text`, `markdown`, `html`, `csv` or `svg`.
pub fn render_document(document: &Document, format: &str) -> Result<String, Failure> {
    Ok(trust::render_document(document, format)?)
}

/// A document handed back by a page, from its JSON text. Read by hand rather than with serde's
/// derived `Deserialize`: that (internally tagged enums buffer their content) made the module
/// 40% larger. Unknown kinds, marks and alignments are rejected.
pub fn document_from_json(text: &str) -> Result<Document, Failure> {
    let value =
        parse(text).map_err(|e| Failure::invalid_argument(format!("not a document: {e}")))?;
    document(&value).ok_or_else(|| {
        Failure::invalid_argument("not a document (see Document in tabeq_trust.d.ts)")
    })
}

fn text(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::Str(s) => Some(s.clone()),
        _ => None,
    }
}

fn list<'a>(v: &'a Value, key: &str) -> Option<&'a [Value]> {
    match v.get(key)? {
        Value::Array(items) => Some(items),
        _ => None,
    }
}

fn strings(v: &Value, key: &str) -> Option<Vec<String>> {
    list(v, key)?
        .iter()
        .map(|i| match i {
            Value::Str(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

fn mark(v: &Value) -> Option<Mark> {
    Some(match text(v, "mark")?.as_str() {
        "none" => Mark::None,
        "differs" => Mark::Differs,
        "missing" => Mark::Missing,
        "extra" => Mark::Extra,
        "good" => Mark::Good,
        "bad" => Mark::Bad,
        "placeholder" => Mark::Placeholder,
        _ => return None,
    })
}

fn block(v: &Value) -> Option<Block> {
    Some(match text(v, "kind")?.as_str() {
        "paragraph" => Block::Paragraph {
            text: text(v, "text")?,
        },
        "note" => Block::Note {
            tone: match text(v, "tone")?.as_str() {
                "info" => Tone::Info,
                "hint" => Tone::Hint,
                "warning" => Tone::Warning,
                "error" => Tone::Error,
                _ => return None,
            },
            text: text(v, "text")?,
        },
        "list" => Block::List {
            items: strings(v, "items")?,
        },
        "facts" => Block::Facts {
            items: list(v, "items")?
                .iter()
                .map(|pair| match pair {
                    Value::Array(kv) => match kv.as_slice() {
                        [Value::Str(k), Value::Str(v)] => Some((k.clone(), v.clone())),
                        _ => None,
                    },
                    _ => None,
                })
                .collect::<Option<_>>()?,
        },
        "table" => Block::Table(Table {
            caption: text(v, "caption"),
            columns: list(v, "columns")?
                .iter()
                .map(|c| {
                    let align = match text(c, "align")?.as_str() {
                        "left" => Align::Left,
                        "right" => Align::Right,
                        _ => return None,
                    };
                    Some(Column::new(text(c, "title")?, align))
                })
                .collect::<Option<_>>()?,
            rows: list(v, "rows")?
                .iter()
                .map(|r| {
                    Some(Row {
                        cells: list(r, "cells")?
                            .iter()
                            .map(|c| Some(Cell::text(text(c, "text")?).marked(mark(c)?)))
                            .collect::<Option<_>>()?,
                        mark: mark(r)?,
                    })
                })
                .collect::<Option<_>>()?,
            total_rows: match v.get("total_rows") {
                Some(Value::Int(n)) => usize::try_from(*n).ok(),
                _ => None,
            },
        }),
        "figure" => Block::Figure {
            caption: text(v, "caption")?,
            svg: text(v, "svg")?,
        },
        _ => return None,
    })
}

fn blocks(v: &Value, key: &str) -> Option<Vec<Block>> {
    list(v, key)?.iter().map(block).collect()
}

fn document(v: &Value) -> Option<Document> {
    Some(Document {
        title: text(v, "title")?,
        lead: blocks(v, "lead")?,
        sections: list(v, "sections")?
            .iter()
            .map(|s| {
                Some(Section {
                    id: text(s, "id")?,
                    title: text(s, "title")?,
                    blocks: blocks(s, "blocks")?,
                })
            })
            .collect::<Option<_>>()?,
    })
}

/// Spearman's rho (JSON text in and out).
pub fn trust_spearman(input: &str) -> Result<String, Failure> {
    Ok(trust::spearman_json(input)?)
}

/// The operator registry (JSON text).
pub fn trust_operators(options: &str) -> Result<String, Failure> {
    Ok(trust::operators_json(options)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trust_functions_translate_core_results_and_errors() {
        let records = r#"{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}
{"model": "m", "dataset": "d", "operator": "EC", "instance_id": 2, "label": "partial"}"#;
        let report =
            trust_report(TrustReport::Reliability, records, r#"{"by": ["model"]}"#).unwrap();
        assert!(report.contains("\"mrs\": 0.75"), "{report}");
        let e = trust_report(TrustReport::Reliability, "{\"model\": 1}", "").unwrap_err();
        assert_eq!(
            (e.code, e.stage, e.line),
            ("invalid_field", "trust", Some(1))
        );
        let e = trust_text(Input::Bytes(b"{}\n{\xff".to_vec()), "records").unwrap_err();
        assert_eq!((e.code, e.line), ("invalid_utf8", Some(2)));
        let e = trust_spearman("[1, 2]").unwrap_err();
        assert_eq!(e.code, "invalid_spearman_input");
        assert!(trust_operators("").unwrap().contains("\"code\""));
        let doc = trust_document("reliability", records, "").unwrap();
        assert!(render_document(&doc, "html").unwrap().contains("<table>"));
        // A document survives the trip through JSON (what a page hands back).
        let text = serde_json::to_string(&doc).unwrap();
        assert_eq!(document_from_json(&text).unwrap(), doc);
        assert_eq!(
            document_from_json("{\"title\": 1}").unwrap_err().code,
            "invalid_argument"
        );
        assert!(render_document(&doc, "svg").unwrap().starts_with("<svg"));
        assert_eq!(
            render_document(&doc, "pdf").unwrap_err().code,
            "invalid_options"
        );
        assert_eq!(
            trust_document("fairness", records, "").unwrap_err().code,
            "invalid_options"
        );
    }
}
