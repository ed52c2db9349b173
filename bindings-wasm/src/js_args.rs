//! JavaScript arguments to Rust values: files to [`FileInput`], options, arrays of strings and
//! config files. Every check goes through catching bindings (`Reflect`), so a throwing getter,
//! a revoked proxy or a detached buffer is a coded error, never an exception through Rust.

use js_sys::{Array, ArrayBuffer, JsString, Reflect, Uint8Array, JSON};
use tabeq_surface::evaluator::error::{ArgumentError, CodedError};
use tabeq_surface::evaluator::file_input::{FileInput, MAX_CONFIG_BYTES};
use tabeq_surface::evaluator::suite::ConfigFile;
use tabeq_surface::evaluator::Document;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use tabeq_surface::evaluator::suite::MAX_SUITE_ITEMS as MAX_ARRAY_ITEMS;

/// The error for a value whose reading threw `e`.
fn unreadable(what: impl Into<String>, e: &JsValue) -> CodedError {
    let detail = match e.dyn_ref::<js_sys::Error>() {
        Some(error) => error.message().as_string().unwrap_or_default(),
        None => e.as_string().unwrap_or_else(|| "exception".into()),
    };
    ArgumentError::unreadable(what, detail)
}

/// `instanceof` and `Array.isArray` throw for a revoked `Proxy`: asking for the prototype
/// through the catching `Reflect` binding first turns that into a coded error.
fn inspectable(value: &JsValue, what: &str) -> Result<(), CodedError> {
    if value.is_object() || value.is_function() {
        Reflect::get_prototype_of(value).map_err(|e| unreadable(what, &e))?;
    }
    Ok(())
}

/// A file argument: `null`/`undefined` (no file), a string (its UTF-8 bytes), a `Uint8Array`
/// (Node's `Buffer` is one) or an `ArrayBuffer`. Anything longer than `limit` bytes is not
/// copied.
pub(crate) fn input(value: &JsValue, what: &str, limit: usize) -> Result<FileInput, CodedError> {
    if value.is_null() || value.is_undefined() {
        return Ok(FileInput::Missing);
    }
    inspectable(value, what)?;
    if let Some(text) = value.dyn_ref::<JsString>() {
        if !text.is_valid_utf16() {
            return Err(ArgumentError::LoneSurrogate { what: what.into() }.into());
        }
        // Each UTF-16 unit is at least one UTF-8 byte: more units than the limit is too large,
        // and the exact size is counted without copying more than a chunk.
        let units = text.length() as usize;
        return Ok(FileInput::sized(
            units.max(utf8_length(text, limit)),
            limit,
            || value.as_string().unwrap_or_default().into_bytes(),
        ));
    }
    if let Some(size) = measured_too_large(value, limit) {
        return Ok(FileInput::TooLarge {
            at_least: size,
            exact: true,
        });
    }
    let array = if let Some(buffer) = value.dyn_ref::<ArrayBuffer>() {
        view_of(buffer, what)?
    } else if let Some(array) = value.dyn_ref::<Uint8Array>() {
        if array.length() == 0 {
            // A view of a detached buffer reads as empty: refuse it rather than score "".
            view_of(&array.buffer(), what)?;
        }
        array.clone()
    } else {
        return Err(ArgumentError::wrong_type(
            what,
            "a string, a Uint8Array, an ArrayBuffer or null",
        ));
    };
    Ok(FileInput::sized(array.length() as usize, limit, || {
        array.to_vec()
    }))
}

/// `{ tooLarge: size }`: a file the caller measured but did not read because it is over the
/// limit (a page's zip member inflating past it), so that its report names its exact size.
/// Only a whole number above `limit` counts; anything else is not this form.
fn measured_too_large(value: &JsValue, limit: usize) -> Option<usize> {
    if !value.is_object()
        || value.is_instance_of::<Uint8Array>()
        || value.is_instance_of::<ArrayBuffer>()
    {
        return None;
    }
    let size = Reflect::get(value, &JsValue::from_str("tooLarge"))
        .ok()?
        .as_f64()?;
    let whole = size.is_finite() && size.fract() == 0.0 && size <= 9_007_199_254_740_991.0;
    (whole && size > limit as f64).then_some(size as usize)
}

/// A `Uint8Array` over `buffer`, through the catching `Reflect.construct`: a detached buffer
/// (transferred to a worker, say) throws there.
fn view_of(buffer: &ArrayBuffer, what: &str) -> Result<Uint8Array, CodedError> {
    let constructor = Reflect::get(&js_sys::global(), &"Uint8Array".into())
        .map_err(|_| CodedError::internal("Uint8Array is not available"))?;
    Reflect::construct(
        constructor.unchecked_ref::<js_sys::Function>(),
        &Array::of1(buffer),
    )
    .map(JsCast::unchecked_into)
    .map_err(|e| unreadable(format!("{what} (a detached ArrayBuffer?)"), &e))
}

/// The UTF-8 length of a string with more UTF-16 units than `limit` (lone surrogates were
/// refused), converting one chunk at a time and never splitting a surrogate pair; 0 for a
/// string within the limit, whose bytes are copied anyway.
fn utf8_length(text: &JsString, limit: usize) -> usize {
    const CHUNK: u32 = 1 << 20;
    let units = text.length();
    if units as usize <= limit {
        return 0;
    }
    let (mut total, mut start) = (0usize, 0u32);
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

/// A document argument (as `explainDocument` or `trustDocument` return it), read back through
/// its JSON text and the CPython-exact reader, `Document::from_json`, the one way a document is
/// read (serde-wasm-bindgen's own deserializer measured 3 KB larger gzipped). Its text is bounded
/// as trust input is: a document holds clipped cells, far less than the table it describes.
pub(crate) fn document(value: &JsValue) -> Result<Document, CodedError> {
    const WHAT: &str = "document";
    let limit = tabeq_surface::trust::MAX_INPUT_BYTES;
    inspectable(value, WHAT)?;
    let text = JSON::stringify(value).map_err(|e| unreadable(format!("{WHAT} as JSON"), &e))?;
    // `undefined`, a function or a symbol has no JSON text.
    let text = text.as_string().unwrap_or_default();
    if text.len() > limit {
        let at_least = text.len();
        return Err(ArgumentError::TooLarge {
            what: WHAT.into(),
            limit,
            at_least,
        }
        .into());
    }
    Document::from_json(&text)
        .map_err(|e| ArgumentError::wrong_type(WHAT, format!("a tabeq document ({e})")))
}

/// A config argument: JSON text (string or bytes) or an object, which is serialized with
/// `JSON.stringify` (so `2.0` and `2` cannot be told apart: pass the file's text for that).
pub(crate) fn config_input(value: &JsValue, what: &str) -> Result<FileInput, CodedError> {
    inspectable(value, what)?;
    let input = if value.is_object()
        && !value.is_instance_of::<Uint8Array>()
        && !value.is_instance_of::<ArrayBuffer>()
    {
        let text = JSON::stringify(value).map_err(|e| unreadable(format!("{what} as JSON"), &e))?;
        self::input(&text.into(), what, MAX_CONFIG_BYTES)?
    } else {
        self::input(value, what, MAX_CONFIG_BYTES)?
    };
    match input {
        FileInput::Missing => Err(ArgumentError::required(what)),
        other => Ok(other),
    }
}

/// `object[key]`, through the catching `Reflect.get`.
fn property(object: &JsValue, key: &str, what: &str) -> Result<JsValue, CodedError> {
    Reflect::get(object, &JsValue::from_str(key))
        .map_err(|e| unreadable(format!("{what}.{key}"), &e))
}

/// `options[key]` converted by `convert` (`None` when it does not fit, an error naming
/// `expected`); absent, null or undefined options or values are `None`.
fn option<T>(
    options: &JsValue,
    key: &str,
    expected: impl Into<String>,
    convert: impl FnOnce(&JsValue) -> Option<T>,
) -> Result<Option<T>, CodedError> {
    if options.is_null() || options.is_undefined() {
        return Ok(None);
    }
    if !options.is_object() {
        return Err(ArgumentError::wrong_type("options", "an object"));
    }
    let value = property(options, key, "options")?;
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    convert(&value)
        .map(Some)
        .ok_or_else(|| ArgumentError::wrong_type(format!("options.{key}"), expected))
}

/// `options.configFileName`: the config's file name, whose stem must equal its task id.
pub(crate) fn config_file_name(options: &JsValue) -> Result<Option<String>, CodedError> {
    option(options, "configFileName", "a string", JsValue::as_string)
}

/// An optional string option.
pub(crate) fn string_option(
    options: &JsValue,
    key: &str,
    expected: &str,
) -> Result<Option<String>, CodedError> {
    option(options, key, expected, JsValue::as_string)
}

/// An optional JSON option as JSON text: a string is taken as the text, any other value is
/// serialized with `JSON.stringify` (which throws for a cycle or a BigInt: a wrong type).
pub(crate) fn json_option(options: &JsValue, key: &str) -> Result<Option<String>, CodedError> {
    option(options, key, "JSON text or a JSON value", |value| {
        value.as_string().or_else(|| {
            JSON::stringify(value)
                .ok()
                .and_then(|text| text.as_string())
        })
    })
}

/// An optional boolean option.
pub(crate) fn bool_option(options: &JsValue, key: &str) -> Result<Option<bool>, CodedError> {
    option(options, key, "a boolean", JsValue::as_bool)
}

/// An optional number option (any `f64`, NaN and `-0` included: the caller checks its range).
pub(crate) fn number_option(options: &JsValue, key: &str) -> Result<Option<f64>, CodedError> {
    option(options, key, "a number", JsValue::as_f64)
}

/// The own enumerable string keys of an object argument and their values, in the object's
/// order (through the catching `Reflect` bindings: a throwing getter is a coded error); null or
/// undefined is empty.
pub(crate) fn entries(value: &JsValue, what: &str) -> Result<Vec<(String, JsValue)>, CodedError> {
    if value.is_null() || value.is_undefined() {
        return Ok(Vec::new());
    }
    inspectable(value, what)?;
    if !value.is_object() || Array::is_array(value) {
        return Err(ArgumentError::wrong_type(what, "an object"));
    }
    let object: &js_sys::Object = value.unchecked_ref();
    let keys = Reflect::own_keys(object).map_err(|e| unreadable(what, &e))?;
    if keys.length() as usize > MAX_ARRAY_ITEMS {
        return Err(ArgumentError::TooManyItems {
            what: what.into(),
            max: MAX_ARRAY_ITEMS,
        }
        .into());
    }
    let mut out = Vec::new();
    for key in keys.iter() {
        // Symbols are not file names.
        let Some(name) = key.as_string() else {
            continue;
        };
        let item =
            Reflect::get(value, &key).map_err(|e| unreadable(format!("{what}[{name:?}]"), &e))?;
        out.push((name, item));
    }
    Ok(out)
}

/// An optional integer option in `0..=max`.
pub(crate) fn count_option(
    options: &JsValue,
    key: &str,
    max: usize,
) -> Result<Option<usize>, CodedError> {
    let expected = format!("an integer in 0..={max}");
    option(options, key, expected, |v| {
        let n = v
            .as_f64()
            .filter(|n| n.fract() == 0.0 && (0.0..=max as f64).contains(n));
        n.map(|n| n as usize)
    })
}

/// The items of an array argument (an element getter may throw).
pub(crate) fn array_items(value: &JsValue, what: &str) -> Result<Vec<JsValue>, CodedError> {
    inspectable(value, what)?;
    if !Array::is_array(value) {
        return Err(ArgumentError::wrong_type(what, "an array"));
    }
    let length = property(value, "length", what)?.as_f64().unwrap_or(0.0);
    if !(0.0..=MAX_ARRAY_ITEMS as f64).contains(&length) {
        let max = MAX_ARRAY_ITEMS;
        return Err(ArgumentError::TooManyItems {
            what: what.into(),
            max,
        }
        .into());
    }
    (0..length as u32)
        .map(|i| {
            Reflect::get(value, &JsValue::from(i))
                .map_err(|e| unreadable(format!("{what}[{i}]"), &e))
        })
        .collect()
}

/// A string argument.
pub(crate) fn string(value: &JsValue, what: &str) -> Result<String, CodedError> {
    value
        .as_string()
        .ok_or_else(|| ArgumentError::wrong_type(what, "a string"))
}

/// An array of strings; null or undefined is empty.
pub(crate) fn strings(value: &JsValue, what: &str) -> Result<Vec<String>, CodedError> {
    if value.is_null() || value.is_undefined() {
        return Ok(Vec::new());
    }
    array_items(value, what)?
        .iter()
        .map(|v| string(v, &format!("{what}[i]")))
        .collect()
}

/// A suite's `configFiles` (`{name, content}[]`, the files of `configs/`) and `predictionDirs`
/// (the folder names under `predictions/`).
pub(crate) type SuiteFiles = (Vec<ConfigFile>, Vec<String>);

/// The [`SuiteFiles`] of a `SuiteRun` or `SubmissionRun` constructor.
pub(crate) fn suite_files(value: &JsValue, dirs: &JsValue) -> Result<SuiteFiles, CodedError> {
    let mut files = Vec::new();
    for item in array_items(value, "configFiles")? {
        if !item.is_object() {
            let expected = "a {name, content} object";
            return Err(ArgumentError::wrong_type("configFiles[i]", expected));
        }
        let name = property(&item, "name", "configFiles[i]")?;
        let name = string(&name, "configFiles[i].name")?;
        let content = property(&item, "content", "configFiles[i]")?;
        let what = format!("config file {name}");
        let content = input(&content, &what, MAX_CONFIG_BYTES)?;
        let bytes = content.required(&what, MAX_CONFIG_BYTES)?.to_vec();
        files.push(ConfigFile { name, bytes });
    }
    Ok((files, strings(dirs, "predictionDirs")?))
}
