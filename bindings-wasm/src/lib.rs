//! # tabeq for JavaScript (browser and Node), via wasm-bindgen
//!
//! The exported functions translate JavaScript values to bytes, call the `tabeq` core and
//! return plain objects built from the core's JSON trees (snake_case keys, as in the official
//! summary JSON). Every error is thrown as a JavaScript `Error` whose `code` is a stable
//! snake_case code (see `errorCodes()`); fatal errors also carry `stage` and `taskId`.
//!
//! Nothing here may panic on any input: the module is built with `panic = "abort"`, where a
//! panic would kill the instance. Inputs are type-checked, sizes are bounded before anything
//! is copied into WebAssembly memory, and JavaScript callbacks that may throw (`JSON.stringify`
//! of a caller's object) are called through catching bindings.
//!
//! ```js
//! import init, { evaluate } from "./pkg/tabeq.js";
//! await init();
//! const config = { schema_version: "1.0", task_id: "task_1", order_sensitive: false,
//!   columns: [{ gold_index: 0, gold_name: "n", type: "number", comparison: { mode: "integer" } }] };
//! evaluate("x\n3.0\n", "n\n3\n", config).passed; // true
//! ```

pub mod api;
#[cfg(feature = "evaluator")]
mod gold;
#[cfg(feature = "evaluator")]
mod js_evaluator;
#[cfg(feature = "trust")]
mod trust;

use api::{Failure, Input, MAX_CONFIG_BYTES};
use js_sys::{ArrayBuffer, Reflect, Uint8Array, JSON};
use tabeq::cpython_json::Out;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Turn a failure into a JavaScript `Error` with `code`, `stage` and `taskId`.
pub(crate) fn to_js_error(f: Failure) -> JsValue {
    let error = js_sys::Error::new(&f.message);
    error.set_name("TabeqError");
    let task_id = f.task_id.map_or(JsValue::NULL, |t| JsValue::from_str(&t));
    let line = f
        .line
        .map_or(JsValue::NULL, |l| JsValue::from_f64(l as f64));
    // Setting own properties on a fresh Error cannot fail; the results are ignored.
    let _ = Reflect::set(&error, &"code".into(), &f.code.into());
    let _ = Reflect::set(&error, &"stage".into(), &f.stage.into());
    let _ = Reflect::set(&error, &"taskId".into(), &task_id);
    let _ = Reflect::set(&error, &"line".into(), &line);
    error.into()
}

/// A core JSON tree as a plain JavaScript value.
pub(crate) fn to_js(out: &Out) -> Result<JsValue, JsValue> {
    json_to_js(&out.to_pretty())
}

/// A serde value (a document, a report) as a plain JavaScript value: objects for structs and
/// maps, `null` for absent values, no JSON text in between.
#[cfg(feature = "evaluator")]
pub(crate) fn to_js_value<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| {
            to_js_error(Failure::internal(format!(
                "result cannot be converted: {e}"
            )))
        })
}

pub(crate) fn json_to_js(text: &str) -> Result<JsValue, JsValue> {
    JSON::parse(text).map_err(|_| to_js_error(Failure::internal("result is not valid JSON")))
}

/// Checks below use `instanceof` and `Array.isArray`, which throw for a revoked `Proxy` (and
/// run a live proxy's traps). Asking for the prototype through the catching `Reflect` binding
/// first turns such an object into a coded error instead of an exception thrown through Rust.
pub(crate) fn inspectable(value: &JsValue, what: &str) -> Result<(), Failure> {
    if value.is_object() || value.is_function() {
        Reflect::get_prototype_of(value).map_err(|e| {
            Failure::invalid_argument(format!(
                "{what} cannot be inspected: {}",
                describe_exception(&e)
            ))
        })?;
    }
    Ok(())
}

/// A file argument: `null`/`undefined` (no file), a string (its UTF-8 bytes), a `Uint8Array`
/// (Node's `Buffer` is one) or an `ArrayBuffer`. Anything longer than `limit` bytes is not
/// copied.
pub(crate) fn input(value: &JsValue, what: &str, limit: usize) -> Result<Input, Failure> {
    if value.is_null() || value.is_undefined() {
        return Ok(Input::Missing);
    }
    inspectable(value, what)?;
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        // Each UTF-16 unit is at least one UTF-8 byte, so a string with more units than the
        // limit is too large; its exact UTF-8 size is counted chunk by chunk (never copying
        // more than a chunk) so the error reads exactly as for the same bytes.
        if !text.is_valid_utf16() {
            return Err(Failure {
                code: api::LONE_SURROGATE,
                ..Failure::invalid_argument(format!(
                    "{what} is a string with a lone surrogate, which has no UTF-8 form; pass bytes instead"
                ))
            });
        }
        let units = text.length() as usize;
        if units > limit {
            return Ok(Input::TooLarge {
                at_least: utf8_length(text),
                exact: true,
            });
        }
        return Ok(Input::Bytes(
            value.as_string().unwrap_or_default().into_bytes(),
        ));
    }
    if let Some(array) = value.dyn_ref::<Uint8Array>() {
        if array.length() == 0 {
            // A view of a detached buffer reads as empty: refuse it rather than score "".
            view_of(&array.buffer(), what)?;
        }
        return Ok(bytes_of(array, limit));
    }
    if let Some(buffer) = value.dyn_ref::<ArrayBuffer>() {
        return Ok(bytes_of(&view_of(buffer, what)?, limit));
    }
    Err(Failure::invalid_argument(format!(
        "{what} must be a string, a Uint8Array, an ArrayBuffer or null"
    )))
}

/// A `Uint8Array` over `buffer`, through the catching `Reflect.construct`: a detached buffer
/// (transferred to a worker, say) throws there, and becomes a coded error here.
fn view_of(buffer: &ArrayBuffer, what: &str) -> Result<Uint8Array, Failure> {
    let constructor = Reflect::get(&js_sys::global(), &"Uint8Array".into())
        .map_err(|_| Failure::internal("Uint8Array is not available"))?;
    Reflect::construct(
        constructor.unchecked_ref::<js_sys::Function>(),
        &js_sys::Array::of1(buffer),
    )
    .map(JsCast::unchecked_into)
    .map_err(|e| {
        Failure::invalid_argument(format!(
            "{what} cannot be read (a detached ArrayBuffer?): {}",
            describe_exception(&e)
        ))
    })
}

/// The UTF-8 length of a JS string as `as_string()` would encode it (lone surrogates become
/// U+FFFD), converting one chunk at a time and never splitting a surrogate pair.
fn utf8_length(text: &js_sys::JsString) -> usize {
    const CHUNK: u32 = 1 << 20;
    let units = text.length();
    let mut total = 0usize;
    let mut start = 0u32;
    while start < units {
        let mut end = start.saturating_add(CHUNK).min(units);
        if end < units && (0xD800..0xDC00).contains(&(text.char_code_at(end - 1) as u32)) {
            end += 1;
        }
        total += text.slice(start, end).as_string().map_or(0, |s| s.len());
        start = end;
    }
    total
}

fn bytes_of(array: &Uint8Array, limit: usize) -> Input {
    let length = array.length() as usize;
    if length > limit {
        Input::TooLarge {
            at_least: length,
            exact: true,
        }
    } else {
        Input::Bytes(array.to_vec())
    }
}

/// A config argument: JSON text (string or bytes) or an object, which is serialized with
/// `JSON.stringify` (so `2.0` and `2` cannot be told apart: pass the file's text for that).
pub(crate) fn config_input(value: &JsValue, what: &str) -> Result<Input, Failure> {
    inspectable(value, what)?;
    if value.is_object()
        && !value.is_instance_of::<Uint8Array>()
        && !value.is_instance_of::<ArrayBuffer>()
    {
        let text = JSON::stringify(value).map_err(|e| {
            Failure::invalid_argument(format!(
                "{what} object cannot be serialized to JSON: {}",
                describe_exception(&e)
            ))
        })?;
        return required(input(&text.into(), what, MAX_CONFIG_BYTES)?, what);
    }
    required(input(value, what, MAX_CONFIG_BYTES)?, what)
}

fn required(input: Input, what: &str) -> Result<Input, Failure> {
    match input {
        Input::Missing => Err(Failure::invalid_argument(format!("{what} is required"))),
        other => Ok(other),
    }
}

pub(crate) fn describe_exception(e: &JsValue) -> String {
    match e.dyn_ref::<js_sys::Error>() {
        Some(error) => error.message().as_string().unwrap_or_default(),
        None => e.as_string().unwrap_or_else(|| "exception".into()),
    }
}

pub(crate) fn throw<T>(result: Result<T, Failure>) -> Result<T, JsValue> {
    result.map_err(to_js_error)
}

/// Render a document (from `explainDocument`, `validationDocument`, …) as `"text"`,
/// `"markdown"`, `"html"` or `"csv"`. A build with the trust module exports the trust module's
/// `renderDocument` instead (one export of a name per module; it renders any document).
#[cfg(not(feature = "trust"))]
#[wasm_bindgen(js_name = renderDocument)]
pub fn render_document(document: JsValue, format: JsValue) -> Result<String, JsValue> {
    throw(inspectable(&document, "document"))?;
    let doc: tabeq::doc::Document = serde_wasm_bindgen::from_value(document).map_err(|e| {
        to_js_error(Failure::invalid_argument(format!(
            "document is not a tabeq document: {e}"
        )))
    })?;
    let format = format.as_string().unwrap_or_default();
    throw(api::render_document(&doc, &format))
}

/// The tabeq version.
#[wasm_bindgen]
pub fn version() -> String {
    tabeq::VERSION.to_string()
}

/// Every stable error code with its family (`ErrorCodeEntry[]` in `tabeq.d.ts`).
#[wasm_bindgen(js_name = errorCodes)]
pub fn error_codes() -> Result<JsValue, JsValue> {
    to_js(&api::error_codes())
}
