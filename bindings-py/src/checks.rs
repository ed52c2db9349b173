//! Python values checked before the native layer takes them: text without lone surrogates,
//! counts within `sys.maxsize`, paths the OS can take. The lowest module of the crate's own:
//! arguments and configs both check their values here.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use tabeq_surface::evaluator::csv::Limits;
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

use crate::errors::argument_message;

/// `{what} must be {expected}, got {value's type name}` as an `ArgumentError`.
pub(crate) fn wrong_type(
    what: impl Into<String>,
    expected: &str,
    value: &Bound<'_, PyAny>,
) -> PyErr {
    let data = MessageData::new()
        .text("what", what)
        .text("expected", expected)
        .text("got", type_name(value));
    argument_message(MessageCode::WrongType, data)
}

/// The name of an object's type, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// `value` as valid Unicode text (a lone surrogate cannot be UTF-8).
pub(crate) fn check_text<'py>(value: &Bound<'py, PyAny>, what: &str) -> PyResult<String> {
    let Ok(text) = value.cast::<PyString>() else {
        return Err(wrong_type(what, "a str", value));
    };
    if let Ok(s) = text.to_cow() {
        return Ok(s.into_owned());
    }
    // The first lone surrogate, as Python's encoder reports it.
    let py = value.py();
    let start: usize = match text.call_method1("encode", ("utf-8",)) {
        Ok(_) => 0,
        Err(e) => e.value(py).getattr("start")?.extract()?,
    };
    let data = MessageData::new()
        .text("what", what)
        .text("code", format!("{:04X}", surrogate_at(text, start)?))
        .text("index", start.to_string());
    Err(argument_message(MessageCode::LoneSurrogate, data))
}

/// The code point at `index` of a Python str.
fn surrogate_at(text: &Bound<'_, PyString>, index: usize) -> PyResult<u32> {
    let c = text.get_item(index)?;
    let builtins = text.py().import("builtins")?;
    builtins.getattr("ord")?.call1((c,))?.extract()
}

/// A `progress=` argument: `None` (or absent) or a callable.
pub(crate) fn check_progress<'a, 'py>(
    progress: Option<&'a Bound<'py, PyAny>>,
) -> PyResult<Option<&'a Bound<'py, PyAny>>> {
    match progress.filter(|p| !p.is_none()) {
        Some(p) if !p.is_callable() => Err(wrong_type("progress", "a callable or None", p)),
        progress => Ok(progress),
    }
}

/// `value` as an int in `minimum..=sys.maxsize` (`None` allowed when `optional`).
pub(crate) fn check_count(
    value: Option<&Bound<'_, PyAny>>,
    what: &str,
    minimum: i64,
) -> PyResult<Option<usize>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if value.is_instance_of::<pyo3::types::PyBool>()
        || !value.is_instance_of::<pyo3::types::PyInt>()
    {
        return Err(wrong_type(what, "an int", value));
    }
    match value.extract::<i64>() {
        Ok(n) if n >= minimum => Ok(Some(n as usize)),
        _ => {
            // A huge int cannot even be printed (Python's 4,300-digit limit): show its size.
            let bits: u64 = value.call_method0("bit_length")?.extract()?;
            let small = value.call_method0("__abs__")?.lt(10u128.pow(30))?;
            let shown = if small {
                value.str()?.to_string()
            } else {
                format!("an int of {bits} bits")
            };
            let data = MessageData::new()
                .text("what", what)
                .text("min", minimum.to_string())
                .text("max", i64::MAX.to_string())
                .text("value", shown);
            Err(argument_message(MessageCode::MustBeBetween, data))
        }
    }
}

/// A `str` or `os.PathLike` as a path the OS can take (no lone surrogate that the file system
/// encoding cannot carry, no NUL), as `str`.
pub(crate) fn check_path<'py>(
    value: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Bound<'py, PyString>> {
    let py = value.py();
    let os = py.import("os")?;
    let path_like = os.getattr("PathLike")?;
    if !value.is_instance_of::<PyString>() && !value.is_instance(&path_like)? {
        return Err(wrong_type(what, "a path (str or os.PathLike)", value));
    }
    // A path-like whose __fspath__ raises (or returns neither str nor bytes) is the caller's
    // argument at fault: a coded error, with the object's own exception as its cause.
    let not_a_path = |e: PyErr| {
        let data = MessageData::new()
            .text("what", what)
            .text("detail", e.to_string());
        let error = argument_message(MessageCode::NotUsablePath, data);
        error.set_cause(py, Some(e));
        error
    };
    let mut path = os.call_method1("fspath", (value,)).map_err(not_a_path)?;
    if path.is_instance_of::<PyBytes>() {
        path = os.call_method1("fsdecode", (path,)).map_err(not_a_path)?;
    }
    if let Err(e) = os.call_method1("fsencode", (&path,)) {
        let start: usize = e.value(py).getattr("start")?.extract()?;
        let code = surrogate_at(path.cast::<PyString>()?, start)?;
        let data = MessageData::new()
            .text("what", what)
            .text("code", format!("{code:04X}"))
            .text("index", start.to_string());
        return Err(argument_message(MessageCode::NotFsEncodable, data));
    }
    let path = path.cast_into::<PyString>()?;
    if path.to_cow()?.contains('\0') {
        let data = MessageData::new().text("what", what);
        return Err(argument_message(MessageCode::ContainsNul, data));
    }
    Ok(path)
}

/// The `limits` argument: `"official"` (also when absent) or `"lifted"` (see
/// the core's `csv::Limits`).
pub(crate) fn check_limits(value: Option<&Bound<'_, PyAny>>) -> PyResult<Limits> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Limits::OFFICIAL);
    };
    let name = check_text(value, "limits")?;
    Limits::named(&name).ok_or_else(|| {
        let data = MessageData::new()
            .text("what", "limits")
            .list("choices", Limits::NAMES.map(|n| format!("{n:?}")))
            .text("value", format!("{name:?}"));
        argument_message(MessageCode::NotAChoice, data)
    })
}
