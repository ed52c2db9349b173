//! The core's JSON values as Python objects and Python data as the core's JSON values, node by
//! node: no JSON text is written on one side of the binding to be parsed on the other. The
//! Python values are the ones `json.loads` would make of the core's text (key order, int vs
//! float, NaN and infinities, big integers, `None`), and Python data reaches the core as the
//! value its `json.dumps` text would have been read as. Below every module that hands values over.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use tabeq_surface::evaluator::cpython_json::{dict_members, to_tree, Out, Value, MAX_DEPTH};

use crate::checks::check_text;

/// A core tree as Python data (what `json.loads` makes of its text).
pub(crate) fn tree_to_python<'py>(py: Python<'py>, tree: &Out) -> PyResult<Bound<'py, PyAny>> {
    Ok(match tree {
        Out::Null => py.None().into_bound(py),
        Out::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Out::Int(i) => i.into_pyobject(py)?.into_any(),
        Out::Float(f) => PyFloat::new(py, *f).into_any(),
        Out::Str(s) => PyString::new(py, s).into_any(),
        Out::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(tree_to_python(py, item)?)?;
            }
            list.into_any()
        }
        Out::Object(members) => {
            let dict = PyDict::new(py);
            for (key, value) in members {
                dict.set_item(key, tree_to_python(py, value)?)?;
            }
            dict.into_any()
        }
    })
}

/// Any of the core's serializable reports as Python data (through its tree, so the keys and
/// values are the ones its JSON output holds).
pub(crate) fn to_python<'py, T: serde::Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    tree_to_python(py, &to_tree(value))
}

/// A parsed JSON value as Python data (what `json.loads` makes of the text it was read from:
/// a repeated key keeps its first place and its last value).
pub(crate) fn value_to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        // The reader kept its digits, within Python's own limit on converting them.
        Value::BigInt(digits) => py.get_type::<PyInt>().call1((digits.as_str(),))?,
        Value::Float(f) => PyFloat::new(py, *f).into_any(),
        Value::Str(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(value_to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(members) => {
            let dict = PyDict::new(py);
            for (key, value) in dict_members(members) {
                dict.set_item(key, value_to_python(py, value)?)?;
            }
            dict.into_any()
        }
    })
}

/// Why Python data did not become a JSON value.
pub(crate) enum DataError {
    /// Not JSON data, in `json.dumps`'s words and with the exception it raises (`TypeError`
    /// for a set or a tuple key, `ValueError` for NaN when refused or a circular reference).
    NotJson(&'static str, String),
    /// Raised by the data's own code or by the fallback.
    Raised(PyErr),
    /// A lone surrogate: the binding's `ArgumentError`, naming the data.
    Surrogate(PyErr),
}

impl From<PyErr> for DataError {
    fn from(e: PyErr) -> Self {
        DataError::Raised(e)
    }
}

/// How [`python_to_value`] reads what plain JSON cannot carry.
#[derive(Clone, Copy)]
pub(crate) struct DataRules<'a, 'py> {
    /// NaN and the infinities become floats (`json.dumps`'s default) rather than an error.
    pub(crate) allow_nan: bool,
    /// A lone surrogate becomes U+FFFD (as `json.dumps`'s ASCII escapes read back), rather
    /// than an `ArgumentError` naming `what`.
    pub(crate) replace_surrogates: bool,
    /// The data's name in a lone surrogate's error.
    pub(crate) what: &'a str,
    /// What becomes of any other object (`json.dumps`'s `default`): its result is converted in
    /// its place. Without one, such an object is not JSON data.
    pub(crate) fallback: Option<&'a Bound<'py, PyAny>>,
}

impl<'a> DataRules<'a, '_> {
    /// `json.dumps(data, allow_nan=False, ensure_ascii=False)`'s rules: what a config may hold.
    pub(crate) fn strict(what: &'a str) -> Self {
        DataRules {
            allow_nan: false,
            replace_surrogates: false,
            what,
            fallback: None,
        }
    }
}

/// Python data as the JSON value the core would read from `json.dumps(data)`: `None`, bools,
/// ints (big ones by their digits), floats, strs, lists and tuples, and dicts whose keys are
/// str, int, float, bool or `None` (the others written as `json.dumps` writes them). Anything
/// else, a circular reference or nesting deeper than the reader's limit is not JSON data.
pub(crate) fn python_to_value(
    data: &Bound<'_, PyAny>,
    rules: DataRules<'_, '_>,
) -> Result<Value, DataError> {
    let mut path = Vec::new();
    convert(data, rules, &mut path)
}

fn convert(
    data: &Bound<'_, PyAny>,
    rules: DataRules<'_, '_>,
    path: &mut Vec<usize>,
) -> Result<Value, DataError> {
    if data.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = data.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if data.is_instance_of::<PyInt>() {
        return int_value(data);
    }
    if data.is_instance_of::<PyFloat>() {
        return float_value(data, rules).map(Value::Float);
    }
    if let Ok(text) = data.cast::<PyString>() {
        return text_value(text, rules).map(Value::Str);
    }
    let is_list = data.is_instance_of::<PyList>() || data.is_instance_of::<PyTuple>();
    let is_dict = data.is_instance_of::<PyDict>();
    let id = data.as_ptr() as usize;
    if path.contains(&id) {
        let why = "Circular reference detected".to_string();
        return Err(DataError::NotJson("ValueError", why));
    }
    if path.len() >= MAX_DEPTH {
        let why = format!("nested more than {MAX_DEPTH} levels deep");
        return Err(DataError::NotJson("ValueError", why));
    }
    if !is_list && !is_dict {
        let Some(fallback) = rules.fallback else {
            let name = data.get_type().name()?;
            let why = format!("Object of type {name} is not JSON serializable");
            return Err(DataError::NotJson("TypeError", why));
        };
        // Marked while its stand-in converts, as `json.dumps` marks it for `default`.
        let stand_in = fallback.call1((data,)).map_err(DataError::Raised)?;
        path.push(id);
        let value = convert(&stand_in, rules, path);
        path.pop();
        return value;
    }
    path.push(id);
    let value = if is_dict {
        let dict = data.cast::<PyDict>().map_err(PyErr::from)?;
        let mut members = Vec::with_capacity(dict.len());
        for (key, value) in dict.iter() {
            members.push((key_text(&key, rules)?, convert(&value, rules, path)?));
        }
        Value::Object(members)
    } else {
        let mut items = Vec::new();
        for item in data.try_iter()? {
            items.push(convert(&item?, rules, path)?);
        }
        Value::Array(items)
    };
    path.pop();
    Ok(value)
}

/// An int (a subclass as `int` itself writes it); past `i64`, its digits.
fn int_value(data: &Bound<'_, PyAny>) -> Result<Value, DataError> {
    if let Ok(i) = data.extract::<i64>() {
        return Ok(Value::Int(i));
    }
    let py = data.py();
    match py.get_type::<PyInt>().call_method1("__repr__", (data,)) {
        Ok(digits) => Ok(Value::BigInt(digits.extract()?)),
        // More digits than Python converts to text.
        Err(e) if e.is_instance_of::<PyValueError>(py) => Err(DataError::NotJson(
            "ValueError",
            e.value(py).str()?.to_string(),
        )),
        Err(e) => Err(e.into()),
    }
}

fn float_value(data: &Bound<'_, PyAny>, rules: DataRules<'_, '_>) -> Result<f64, DataError> {
    let x: f64 = data.extract()?;
    if x.is_finite() || rules.allow_nan {
        return Ok(x);
    }
    let shown = tabeq_surface::evaluator::cpython_json::python_float_repr(x);
    Err(DataError::NotJson(
        "ValueError",
        format!("Out of range float values are not JSON compliant: {shown}"),
    ))
}

fn text_value(text: &Bound<'_, PyString>, rules: DataRules<'_, '_>) -> Result<String, DataError> {
    if let Ok(s) = text.to_cow() {
        return Ok(s.into_owned());
    }
    if !rules.replace_surrogates {
        return Err(match check_text(text.as_any(), rules.what) {
            Err(e) => DataError::Surrogate(e),
            Ok(_) => {
                DataError::NotJson("ValueError", format!("{} is not Unicode text", rules.what))
            }
        });
    }
    // A pair of surrogates is the character it encodes, a lone one U+FFFD: what the reader
    // makes of the `\ud83d\ude00`-style escapes `json.dumps` writes for them.
    let encoded = text.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let units: Vec<u16> = encoded
        .cast::<PyBytes>()
        .map_err(PyErr::from)?
        .as_bytes()
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    Ok(String::from_utf16_lossy(&units))
}

/// A dict key as `json.dumps` writes it: a str as it is; a float, bool, `None` or int as its
/// JSON text; anything else is not JSON data.
fn key_text(key: &Bound<'_, PyAny>, rules: DataRules<'_, '_>) -> Result<String, DataError> {
    if let Ok(text) = key.cast::<PyString>() {
        return text_value(text, rules);
    }
    if key.is_instance_of::<PyFloat>() {
        return float_value(key, rules)
            .map(tabeq_surface::evaluator::cpython_json::python_float_repr);
    }
    if let Ok(b) = key.cast::<PyBool>() {
        return Ok(if b.is_true() { "true" } else { "false" }.into());
    }
    if key.is_none() {
        return Ok("null".into());
    }
    if key.is_instance_of::<PyInt>() {
        return Ok(match int_value(key)? {
            Value::BigInt(digits) => digits,
            other => other
                .as_python_int()
                .flatten()
                .unwrap_or_default()
                .to_string(),
        });
    }
    let name = key.get_type().name()?;
    let why = format!("keys must be str, int, float, bool or None, not {name}");
    Err(DataError::NotJson("TypeError", why))
}
