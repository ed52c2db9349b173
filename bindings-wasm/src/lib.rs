//! # tabeq for JavaScript (browser and Node), via wasm-bindgen
//!
//! The exported functions turn JavaScript values into Rust values ([`js_args`]), call the
//! `tabeq` core (`tabeq_surface::evaluator::file_input`, `tabeq_surface::evaluator::suite`, `tabeq_surface::evaluator::submission`) and hand back
//! plain objects with the core's keys (snake_case, as in the official summary JSON). Every
//! error is the core's `CodedError`, thrown as a JavaScript `Error` whose `code` is a stable
//! snake_case code (see `errorCodes()`), with `stage`, `taskId` and `line`.
//!
//! Nothing here may panic on any input: the module is built with `panic = "abort"`, where a
//! panic would kill the instance. Inputs are type-checked, sizes are bounded before anything
//! is copied into WebAssembly memory, and JavaScript callbacks that may throw are called
//! through catching bindings.
//!
//! ```js
//! import init, { evaluate } from "./pkg/tabeq.js";
//! await init();
//! const config = { schema_version: "1.0", task_id: "task_1", order_sensitive: false,
//!   columns: [{ gold_index: 0, gold_name: "n", type: "number", comparison: { mode: "integer" } }] };
//! evaluate("x\n3.0\n", "n\n3\n", config).passed; // true
//! ```

// Each WebAssembly module is built with one feature and uses part of the shared helpers; the
// host build (every feature) is the one clippy checks for unused code.
#![cfg_attr(
    not(all(
        feature = "evaluator",
        feature = "trust",
        feature = "spider2",
        feature = "kddcup"
    )),
    allow(dead_code, unused_imports)
)]

#[cfg(any(feature = "score", feature = "explain"))]
mod gold;
mod js_args;
#[cfg(feature = "kddcup")]
mod kddcup;
#[cfg(feature = "submission")]
mod predictions_folder;
#[cfg(feature = "spider2")]
mod spider2;
#[cfg(any(feature = "score", feature = "submission"))]
mod suite_classes;
#[cfg(any(feature = "score", feature = "explain", feature = "submission"))]
mod task_functions;
#[cfg(feature = "trust")]
mod trust;

use js_sys::Reflect;
use serde::Serialize;
use tabeq_surface::evaluator::error::CodedError;
use tabeq_surface::trust::error_catalogue;
use wasm_bindgen::prelude::*;

pub(crate) use js_args::{config_input, input};

/// Turn a core error into a JavaScript `Error` with `code`, `stage`, `taskId` and `line`.
pub(crate) fn to_js_error(e: CodedError) -> JsValue {
    let error = js_sys::Error::new(&e.message);
    error.set_name("TabeqError");
    // Setting own properties on a fresh Error cannot fail; the results are ignored.
    let set = |key: &str, value: JsValue| Reflect::set(&error, &key.into(), &value);
    let _ = set("code", e.code.into());
    let _ = set("stage", e.stage.into());
    let _ = set("taskId", e.task_id.map_or(JsValue::NULL, JsValue::from));
    let _ = set(
        "line",
        e.line.map_or(JsValue::NULL, |l| JsValue::from(l as f64)),
    );
    error.into()
}

/// A core report (a record, a diagnosis, a summary, a document, a JSON tree) as a plain
/// JavaScript value, serialized straight into JavaScript objects (no JSON text in between):
/// the keys, their order, the `null`s and the numbers that `JSON.parse` of the core's JSON text
/// gives (`tests/wasm/objects.test.mjs`). Through `cpython_json::to_tree` instead, the module
/// measured 5.6 KB larger.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let value = value.serialize(&serializer);
    throw(value.map_err(CodedError::unconvertible))
}

/// A document rendered in the format named by a JavaScript value.
#[cfg(any(feature = "score", feature = "explain", feature = "submission"))]
pub(crate) fn render(
    document: &tabeq_surface::evaluator::Document,
    format: &JsValue,
) -> Result<String, JsValue> {
    let format = format.as_string().unwrap_or_default();
    throw(tabeq_surface::evaluator::file_input::render_document(
        document, &format,
    ))
}

pub(crate) fn throw<T, E: Into<CodedError>>(result: Result<T, E>) -> Result<T, JsValue> {
    result.map_err(|e| to_js_error(e.into()))
}

/// Render a document (from `explainDocument`, `validationDocument`, …) as `"text"`,
/// `"markdown"`, `"html"` or `"csv"`.
///
/// A build with the trust module exports the trust module's `renderDocument` instead (one
/// export of a name per module; it renders any document).
#[cfg(all(feature = "explain", not(feature = "trust")))]
#[wasm_bindgen(js_name = renderDocument)]
pub fn render_document(
    #[wasm_bindgen(unchecked_param_type = "Document")] document: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DocumentFormat")] format: JsValue,
) -> Result<String, JsValue> {
    let document = throw(js_args::document(&document))?;
    render(&document, &format)
}

/// The tabeq version.
#[wasm_bindgen]
pub fn version() -> String {
    tabeq_surface::evaluator::VERSION.to_string()
}

/// The limits a page applies to what it unpacks and shows itself (`tabeq_surface::limits`): an
/// archive's members (`archive_member_bytes` each, `archive_total_bytes` in all, counted as
/// inflated), a share link (`share_bytes` of files, `share_header_bytes` of header) and the rows of
/// a table it reads to show (`table_rows`). From the core so that no page defines its own.
#[wasm_bindgen(
    js_name = pageLimits,
    unchecked_return_type = "{ archive_member_bytes: number; archive_total_bytes: number; share_bytes: number; share_header_bytes: number; table_rows: number }"
)]
pub fn page_limits() -> Result<JsValue, JsValue> {
    use tabeq_surface::limits as l;
    #[derive(Serialize)]
    struct PageLimits {
        archive_member_bytes: usize,
        archive_total_bytes: usize,
        share_bytes: usize,
        share_header_bytes: usize,
        table_rows: u64,
    }
    to_js(&PageLimits {
        archive_member_bytes: l::MAX_ARCHIVE_MEMBER_BYTES,
        archive_total_bytes: l::MAX_ARCHIVE_TOTAL_BYTES,
        share_bytes: l::MAX_SHARE_BYTES,
        share_header_bytes: l::MAX_SHARE_HEADER_BYTES,
        table_rows: l::MAX_PAGE_TABLE_ROWS,
    })
}

/// Every stable error code any surface raises (evaluator, trust and binding codes), with its
/// family, stage and description.
///
/// The evaluator's catalogue with the trust codes (`tabeq_surface::trust::error_catalogue`).
#[wasm_bindgen(js_name = errorCodes, unchecked_return_type = "ErrorCodeEntry[]")]
pub fn error_codes() -> Result<JsValue, JsValue> {
    to_js(&error_catalogue())
}

/// A message of the core's catalogue (`tabeq_surface::evaluator::error::MessageCode`, e.g. `zip_member_too_large`)
/// worded with `data`'s fields (strings, whole numbers, arrays of strings): the page shows these
/// words and writes none of its own. Throws `invalid_argument` for an unknown code or a missing
/// field.
#[wasm_bindgen(js_name = message)]
pub fn message(
    code: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string | number | string[]>")]
    data: JsValue,
) -> Result<String, JsValue> {
    use tabeq_surface::evaluator::error::{
        render_message_named, ArgumentError, MessageData, MessageValue,
    };
    let mut fields = MessageData::new();
    if data.is_object() {
        for entry in js_sys::Object::entries(data.unchecked_ref()).iter() {
            let pair: js_sys::Array = entry.unchecked_into();
            let name = pair.get(0).as_string().unwrap_or_default();
            let value = pair.get(1);
            // Whole numbers below 2^53 are exact in a JS number.
            let whole = value
                .as_f64()
                .filter(|n| n.fract() == 0.0 && n.abs() < 9.0e15);
            let value = if let Some(text) = value.as_string() {
                MessageValue::Text(text)
            } else if let Some(n) = whole {
                MessageValue::Int(n as i128)
            } else if let Some(items) = value.dyn_ref::<js_sys::Array>() {
                let items: Option<Vec<String>> = items.iter().map(|v| v.as_string()).collect();
                let expected = "an array of strings";
                let items = items.ok_or_else(|| {
                    to_js_error(ArgumentError::wrong_type(format!("data.{name}"), expected))
                })?;
                MessageValue::List(items)
            } else {
                let expected = "a string, a whole number or an array of strings";
                return Err(to_js_error(ArgumentError::wrong_type(
                    format!("data.{name}"),
                    expected,
                )));
            };
            fields = fields.with(name, value);
        }
    }
    render_message_named(code, &fields).map_err(to_js_error)
}

/// The registry (`tabeq_surface::PROFILES`) as JavaScript objects: `profiles()` of each module
/// that holds a profile (score, spider2, kddcup).
#[cfg(any(feature = "score", feature = "spider2", feature = "kddcup"))]
pub(crate) fn profiles_value() -> Result<JsValue, JsValue> {
    to_js(tabeq_surface::PROFILES)
}

/// `score(profile, prediction, gold, options)` of each module that holds a profile: the
/// arguments as the surface takes them, its outcome as a JavaScript object.
#[cfg(any(feature = "score", feature = "spider2", feature = "kddcup"))]
pub(crate) fn score_value(
    profile: &str,
    prediction: JsValue,
    gold: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    use tabeq_surface::profile::{OptionValue, Profile, ScoreOptions};
    let profile = throw(Profile::parse(profile))?;
    let limit = profile.info().max_input_bytes.min(usize::MAX as u64) as usize;
    let content = |value: &JsValue, what: &str| {
        let file = input(value, what, limit)?;
        file.required(what, limit).map(<[u8]>::to_vec)
    };
    let prediction = throw(content(&prediction, "prediction"))?;
    let gold = throw(content(&gold, "gold"))?;
    let mut pairs = Vec::new();
    for (name, value) in throw(js_args::entries(&options, "options"))? {
        let value = if let Some(b) = value.as_bool() {
            OptionValue::Bool(b)
        } else if let Some(n) = value.as_f64() {
            OptionValue::Number(n)
        } else if let Some(text) = value.as_string() {
            OptionValue::Text(text)
        } else {
            let what = format!("options.{name}");
            OptionValue::Bytes(throw(content(&value, &what))?)
        };
        pairs.push((name, value));
    }
    let options = throw(ScoreOptions::from_pairs(profile, pairs))?;
    to_js(&throw(tabeq_surface::score(
        profile,
        &prediction,
        &gold,
        &options,
    ))?)
}
