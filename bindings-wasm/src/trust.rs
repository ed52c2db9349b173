//! JavaScript exports of the trust metrics (built into their own module, `tabeq_trust.js`).

use js_sys::Reflect;
use serde::Serialize;
use tabeq::csv::MAX_CSV_BYTES;
use tabeq::trust::{self, FileContent, FileLookup, FileRole, Report};
use wasm_bindgen::prelude::*;

use crate::api::trust::{trust_text, MAX_TRUST_INPUT_BYTES};
use crate::api::{Failure, Input};
use crate::{config_input, input, inspectable, json_to_js, throw, to_js_error};

/// JSON-lines text for the trust functions: a string or UTF-8 bytes.
fn text_of(value: &JsValue, what: &str) -> Result<String, Failure> {
    trust_text(input(value, what, MAX_TRUST_INPUT_BYTES)?, what)
}

/// Trust options: absent (defaults), JSON text, or an object (serialized).
fn trust_options(value: &JsValue) -> Result<String, Failure> {
    if value.is_null() || value.is_undefined() {
        return Ok(String::new());
    }
    match config_input(value, "options")? {
        Input::Bytes(bytes) => {
            String::from_utf8(bytes).map_err(|_| Failure::invalid_argument("options are not UTF-8"))
        }
        _ => Err(Failure::invalid_argument("options are too large")),
    }
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
    let records = throw(text_of(records, what))?;
    let options = throw(trust_options(options))?;
    let report = Report::new(kind, &records, &options, files).map_err(Failure::from);
    json_to_js(&throw(report)?.to_json())
}

/// Reliability metrics (FRR, PRR, NRR, MRS) from JSON-lines records
/// `{model, dataset, operator, instance_id, label}` (`ReliabilityReport` in `tabeq.d.ts`).
#[wasm_bindgen(js_name = trustReliability)]
pub fn trust_reliability(records: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    report("reliability", &records, &options, None)
}

/// Robustness metrics (coverage, Acc_clean, ASR, RAD, Acc_rob, per operator and level) from
/// JSON-lines records (`RobustnessReport` in `tabeq.d.ts`).
#[wasm_bindgen(js_name = trustRobustness)]
pub fn trust_robustness(records: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    report("robustness", &records, &options, None)
}

/// The file a manifest names, from the caller's `files` object (path as written → content).
fn manifest_file(files: &JsValue, path: &str) -> FileContent {
    let value = match Reflect::get(files, &JsValue::from_str(path)) {
        Ok(v) => v,
        Err(_) => return FileContent::Missing,
    };
    match input(&value, "file", MAX_CSV_BYTES) {
        Ok(Input::Bytes(bytes)) => FileContent::Bytes(bytes),
        Ok(Input::TooLarge { at_least, .. }) => {
            FileContent::Invalid(tabeq::CsvError::named_too_large(path, at_least))
        }
        Ok(Input::Missing) | Err(_) => FileContent::Missing,
    }
}

/// Robustness from tables: a JSON-lines manifest naming prediction, gold and config files,
/// scored by the tabular evaluator. `files` maps each path, as written in the manifest, to
/// its content (string or bytes); absent paths are missing files.
#[wasm_bindgen(js_name = trustRobustnessFromManifest)]
pub fn trust_robustness_from_manifest(
    manifest: JsValue,
    files: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    if !files.is_object() {
        return Err(to_js_error(Failure::invalid_argument(
            "files must be an object mapping manifest paths to contents",
        )));
    }
    let mut lookup = |path: &str, _role: FileRole| manifest_file(&files, path);
    report("robustness", &manifest, &options, Some(&mut lookup))
}

/// A trust report as a document (`TrustDocument` in `tabeq_trust.d.ts`): a plain object with
/// `title`, `lead` and `sections` of blocks (facts, tables, notes, SVG figures). `kind` is
/// `"reliability"`, `"robustness"` (records: JSON lines) or `"spearman"` (records: the
/// `{x, y}` input as JSON text or an object).
#[wasm_bindgen(js_name = trustDocument)]
pub fn trust_document(
    kind: JsValue,
    records: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let kind = throw(kind.as_string().ok_or_else(|| {
        Failure::invalid_argument("kind must be \"reliability\", \"robustness\" or \"spearman\"")
    }))?;
    let records = if kind == "spearman" && records.is_object() {
        throw(trust_options(&records))?
    } else {
        throw(text_of(&records, "records"))?
    };
    let options = throw(trust_options(&options))?;
    let document = throw(trust::report_document(&kind, &records, &options).map_err(Failure::from))?;
    document
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| to_js_error(Failure::internal(format!("document: {e}"))))
}

/// Render a document (as returned by `trustDocument`) as `"text"`, `"markdown"`, `"html"`,
/// `"csv"` or `"svg"`.
#[wasm_bindgen(js_name = renderDocument)]
pub fn render_document(document: JsValue, format: JsValue) -> Result<String, JsValue> {
    let format = throw(format.as_string().ok_or_else(|| {
        Failure::invalid_argument("format must be text, markdown, html, csv or svg")
    }))?;
    throw(inspectable(&document, "document"))?;
    // Read from its JSON text (see `trust::document::document_from_json` for why not serde).
    let document = js_sys::JSON::stringify(&document)
        .ok()
        .and_then(|t| t.as_string())
        .filter(|t| t.len() <= MAX_TRUST_INPUT_BYTES)
        .and_then(|t| trust::document::document_from_json(&t));
    let document = throw(document.ok_or_else(|| {
        Failure::invalid_argument(
            "document must be a document object (see Document in tabeq_trust.d.ts) within the size limit",
        )
    }))?;
    throw(trust::render_document(&document, &format).map_err(Failure::from))
}

/// Spearman's rank correlation with its two-sided p-value: `{x: [...], y: [...]}` or
/// `{x: {name: v}, y: {name: v}}` (`SpearmanResult` in `tabeq.d.ts`).
#[wasm_bindgen(js_name = trustSpearman)]
pub fn trust_spearman(input_value: JsValue) -> Result<JsValue, JsValue> {
    let text = throw(trust_options(&input_value))?;
    json_to_js(&throw(trust::spearman_json(&text).map_err(Failure::from))?)
}

/// The trust operator registry: the 19 built-in operators plus any registered in `options`.
#[wasm_bindgen(js_name = trustOperators)]
pub fn trust_operators(options: JsValue) -> Result<JsValue, JsValue> {
    let options = throw(trust_options(&options))?;
    json_to_js(&throw(
        trust::operators_json(&options).map_err(Failure::from),
    )?)
}
