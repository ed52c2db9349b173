//! JavaScript exports of the trust metrics (built into their own module, `tabeq_trust.js`).
//! Reports reach JavaScript as plain objects built from the core's serde shapes (no JSON text
//! in between); the core checks and reads every input.

use js_sys::Reflect;
use tabeq_surface::evaluator::csv::MAX_CSV_BYTES;
use tabeq_surface::evaluator::error::{CodedError, MessageCode, MessageData};
use tabeq_surface::trust::{
    self as trust, FileContent, FileLookup, FileRole, Report, SpearmanReport,
};
use wasm_bindgen::prelude::*;

use crate::{config_input, input, throw, to_js, to_js_error};

/// JSON-lines text (records, a manifest): a string or UTF-8 bytes.
fn records_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    throw(input(value, what, trust::MAX_INPUT_BYTES).and_then(|i| trust::input_text(i, what)))
}

/// JSON input (options, the Spearman input): absent (`""`, the defaults), text or an object
/// (serialized).
fn json_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    if value.is_null() || value.is_undefined() {
        return Ok(String::new());
    }
    throw(config_input(value, what).and_then(|i| trust::input_text(i, what)))
}

/// A report of `kind` as a plain object; with `files`, robustness scored from a manifest.
fn report(
    kind: &str,
    records: &JsValue,
    options: &JsValue,
    files: Option<&mut FileLookup<'_>>,
) -> Result<JsValue, JsValue> {
    let what = if files.is_some() {
        "manifest"
    } else {
        "records"
    };
    let (records, options) = (records_text(records, what)?, json_text(options, "options")?);
    to_js(&throw(Report::new(kind, &records, &options, files))?)
}

/// Reliability metrics (FRR, PRR, NRR, MRS) from JSON-lines records
/// `{model, dataset, operator, instance_id, label}`.
#[wasm_bindgen(js_name = trustReliability, unchecked_return_type = "ReliabilityReport")]
pub fn trust_reliability(
    #[wasm_bindgen(unchecked_param_type = "JsonLines")] records: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TrustOptions | string | null | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    report("reliability", &records, &options, None)
}

/// Robustness metrics (coverage, Acc_clean, ASR, RAD, Acc_rob, per operator and level) from
/// JSON-lines records.
#[wasm_bindgen(js_name = trustRobustness, unchecked_return_type = "RobustnessReport")]
pub fn trust_robustness(
    #[wasm_bindgen(unchecked_param_type = "JsonLines")] records: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TrustOptions | string | null | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    report("robustness", &records, &options, None)
}

/// Robustness from tables: a JSON-lines manifest naming prediction, gold and config files,
/// scored by the tabular evaluator. `files` maps each path, as written in the manifest, to
/// its content (string or bytes); absent or unreadable paths are missing files.
#[wasm_bindgen(js_name = trustRobustnessFromManifest, unchecked_return_type = "RobustnessReport")]
pub fn trust_robustness_from_manifest(
    #[wasm_bindgen(unchecked_param_type = "JsonLines")] manifest: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "Record<string, string | Uint8Array | ArrayBuffer | null>"
    )]
    files: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TrustOptions | string | null | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    if !files.is_object() {
        let data = MessageData::new()
            .text("what", "files")
            .text("expected", "an object mapping manifest paths to contents");
        return Err(to_js_error(CodedError::refused(MessageCode::MustBe, data)));
    }
    let mut lookup = |path: &str, _role: FileRole| {
        Reflect::get(&files, &JsValue::from_str(path))
            .ok()
            .and_then(|value| input(&value, "file", MAX_CSV_BYTES).ok())
            .map_or(FileContent::Missing, FileContent::from)
    };
    report("robustness", &manifest, &options, Some(&mut lookup))
}

/// A trust report as a document: a plain object with
/// `title`, `lead` and `sections` of blocks (facts, tables, notes, SVG figures). `kind` is
/// `"reliability"`, `"robustness"` (records: JSON lines) or `"spearman"` (records: the
/// `{x, y}` input as JSON text or an object).
#[wasm_bindgen(js_name = trustDocument, unchecked_return_type = "Document")]
pub fn trust_document(
    #[wasm_bindgen(unchecked_param_type = "\"reliability\" | \"robustness\" | \"spearman\"")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "JsonLines | SpearmanInput")] records: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TrustOptions | string | null | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let kind = throw(kind.as_string().ok_or_else(|| {
        let data = MessageData::new().text("what", "kind").list(
            "choices",
            ["\"reliability\"", "\"robustness\"", "\"spearman\""],
        );
        CodedError::refused(MessageCode::MustBeChoice, data)
    }))?;
    let records = if kind == "spearman" && records.is_object() {
        json_text(&records, "records")?
    } else {
        records_text(&records, "records")?
    };
    let options = json_text(&options, "options")?;
    to_js(&throw(trust::report_document(&kind, &records, &options))?)
}

/// Render a document (as returned by `trustDocument`) in a `DocumentFormat` (`"text"`,
/// `"markdown"`, `"html"`, `"csv"`, `"svg"` or `"latex"`).
#[wasm_bindgen(js_name = renderDocument)]
pub fn render_document(
    #[wasm_bindgen(unchecked_param_type = "Document")] document: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DocumentFormat")] format: JsValue,
) -> Result<String, JsValue> {
    let format = throw(format.as_string().ok_or_else(|| {
        let names = trust::Format::ALL.map(trust::Format::name).join(", ");
        let data = MessageData::new()
            .text("what", "format")
            .text("choices", names);
        CodedError::refused(MessageCode::MustBeOneOf, data)
    }))?;
    let document = throw(crate::js_args::document(&document))?;
    throw(trust::render_document(&document, &format))
}

/// Spearman's rank correlation with its two-sided p-value: `{x: [...], y: [...]}` or
/// `{x: {name: v}, y: {name: v}}`.
#[wasm_bindgen(js_name = trustSpearman, unchecked_return_type = "SpearmanResult")]
pub fn trust_spearman(
    #[wasm_bindgen(unchecked_param_type = "SpearmanInput | string")] input_value: JsValue,
) -> Result<JsValue, JsValue> {
    let text = json_text(&input_value, "input")?;
    to_js(&throw(SpearmanReport::new(&text))?)
}

/// The trust operator registry: the 19 built-in operators plus any registered in `options`.
#[wasm_bindgen(js_name = trustOperators, unchecked_return_type = "OperatorInfo[]")]
pub fn trust_operators(
    #[wasm_bindgen(unchecked_param_type = "TrustOptions | string | null | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = json_text(&options, "options")?;
    to_js(&throw(trust::operator_registry(&options))?)
}
