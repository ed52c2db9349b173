//! Trust metrics: JSON text in, JSON text out (the core's stable JSON API).

use tabeq::doc::Document;
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
