//! The profile registry and the limits (`tabeq.profiles`, `tabeq.score`, the `MAX_*` constants),
//! translated from `tabeq_surface`: Python values in, Python values out (no JSON text).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyString};

use tabeq_surface::evaluator::cpython_json::to_tree;
use tabeq_surface::profile::{score, OptionValue, Profile, ScoreOptions, PROFILES};
use tabeq_surface::LIMITS;

use tabeq_surface::CodedError;

use crate::checks::check_text;
use crate::errors::{argument_error_type, sql_error_code, CellError, CsvError, FatalError};
use crate::errors::{ConfigError, GoldError, SuiteError, TabeqError};
use crate::py_values::tree_to_python;

/// A coded error as the exception of its stage (`ArgumentError`, `ConfigError`, ...; a profile's
/// own stage, `kddcup` or `spider2`, as a `FatalError`, as `tabeq.kddcup` raises it).
fn coded_to_py(e: CodedError) -> PyErr {
    let fatal = (e.message.clone(), e.code, e.task_id.clone());
    match e.stage {
        "config" => ConfigError::new_err(fatal),
        "gold" => GoldError::new_err(fatal),
        "suite" => SuiteError::new_err(fatal),
        "kddcup" | "spider2" => FatalError::new_err(fatal),
        "sql" => sql_error_code(e.code, e.message),
        "csv" => CsvError::new_err((e.message, e.code)),
        "cell" => CellError::new_err((e.message, e.code)),
        "argument" => Python::attach(|py| match argument_error_type(py) {
            Ok(class) => PyErr::from_type(class.clone(), (e.message, e.code)),
            Err(err) => err,
        }),
        _ => TabeqError::new_err((e.message, e.code)),
    }
}

/// Every scoring profile, as a list of dicts (`name`, `title`, `summary`, `spec`, `prediction`,
/// `gold`, `options`, `max_input_bytes`, `wasm_module`).
#[pyfunction]
fn profiles(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    tree_to_python(py, &to_tree(PROFILES))
}

/// Bytes of a `bytes` or `str` argument.
fn bytes_of(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    if let Ok(b) = value.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if value.is_instance_of::<PyString>() {
        return Ok(check_text(value, what)?.into_bytes());
    }
    Err(coded_to_py(
        tabeq_surface::evaluator::error::ArgumentError::wrong_type(what, "bytes or str"),
    ))
}

/// An option's value: bool, int or float, str, bytes.
fn option_value(name: &str, value: &Bound<'_, PyAny>) -> PyResult<OptionValue> {
    // bool before int: bool is a subclass of int.
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(OptionValue::Bool(b.is_true()));
    }
    if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>() {
        return Ok(OptionValue::Number(value.extract::<f64>()?));
    }
    if value.is_instance_of::<PyString>() {
        return Ok(OptionValue::Text(check_text(
            value,
            &format!("option {name:?}"),
        )?));
    }
    if let Ok(b) = value.cast::<PyBytes>() {
        return Ok(OptionValue::Bytes(b.as_bytes().to_vec()));
    }
    Err(coded_to_py(
        tabeq_surface::evaluator::error::ArgumentError::wrong_type(
            format!("option {name:?}"),
            "bool, int, float, str or bytes",
        ),
    ))
}

/// One prediction scored under `profile` (`tabeq_surface::score`): a dict with `profile`,
/// `passed`, `score` and the profile's own `document`.
#[pyfunction]
#[pyo3(signature = (profile, prediction, gold, options=None))]
fn score_profile<'py>(
    py: Python<'py>,
    profile: &Bound<'py, PyAny>,
    prediction: &Bound<'py, PyAny>,
    gold: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let profile = Profile::parse(&check_text(profile, "profile")?).map_err(coded_to_py)?;
    let prediction = bytes_of(prediction, "prediction")?;
    let gold = bytes_of(gold, "gold")?;
    let mut pairs = Vec::new();
    if let Some(options) = options {
        for (name, value) in options.iter() {
            let name: String = name.extract()?;
            let value = option_value(&name, &value)?;
            pairs.push((name, value));
        }
    }
    let options = ScoreOptions::from_pairs(profile, pairs).map_err(coded_to_py)?;
    let outcome = py
        .detach(|| score(profile, &prediction, &gold, &options))
        .map_err(coded_to_py)?;
    tree_to_python(py, &to_tree(&outcome))
}

/// Register the functions, each limit as a `MAX_*` constant and all of them as `LIMITS`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, profiles, score_profile);
    let limits = PyDict::new(m.py());
    for limit in LIMITS {
        m.add(limit.name, limit.value)?;
        limits.set_item(limit.name, limit.value)?;
    }
    m.add("LIMITS", limits)?;
    Ok(())
}
