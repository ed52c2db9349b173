//! Trust-metric input text (the exports in `crate::trust` call `tabeq::trust` directly).

use tabeq::trust::TrustError;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trust_text_and_errors_translate() {
        let e = trust_text(Input::Bytes(b"{}\n{\xff".to_vec()), "records").unwrap_err();
        assert_eq!(
            (e.code, e.stage, e.line),
            ("invalid_utf8", "trust", Some(2))
        );
        let e = trust_text(Input::Missing, "records").unwrap_err();
        assert_eq!(e.code, "invalid_argument");
        // A document survives the trip through JSON (what a page hands back).
        let records = r#"{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}"#;
        let doc = tabeq::trust::report_document("reliability", records, "").unwrap();
        let text = serde_json::to_string(&doc).unwrap();
        assert_eq!(tabeq::trust::document::document_from_json(&text), Some(doc));
    }
}
