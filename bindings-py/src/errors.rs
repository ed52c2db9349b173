//! tabeq's exception classes, defined here (the Python package re-exports them from
//! `tabeq._errors`), so that the native module raises them without importing the package.
//!
//! Every class keeps the fields it is built with as attributes (`message`, `code`, and
//! `task_id` for fatal errors), `str()` is the message, and it pickles with its fields. The
//! limited API cannot extend a native exception with Rust fields, so the fields live in the
//! instance's `__dict__`.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyDict, PyString, PyTuple, PyType};

use tabeq_surface::evaluator::error::{words, MessageCode, MessageData};
use tabeq_surface::evaluator::FatalError as CoreFatal;

create_exception!(
    tabeq._errors,
    TabeqError,
    PyValueError,
    "Base class of tabeq's errors; ``code`` is a stable identifier from ``tabeq.error_codes()``."
);
create_exception!(
    tabeq._errors,
    FatalError,
    TabeqError,
    "A trusted input (config, gold, suite layout) is broken: nothing can be scored.\n\n``stage`` is ``\"config\"``, ``\"gold\"`` or ``\"suite\"``; ``task_id`` names the task when known."
);
create_exception!(
    tabeq._errors,
    ConfigError,
    FatalError,
    "The task config is invalid (or its file name does not match its task id): ``config_*``."
);
create_exception!(
    tabeq._errors,
    GoldError,
    FatalError,
    "The gold CSV is missing, malformed, or has a cell that does not read under its rule: ``gold_*``."
);
create_exception!(
    tabeq._errors,
    SuiteError,
    FatalError,
    "The suite layout is wrong (missing directory, no configs, duplicate or bad names): ``suite_*``."
);
create_exception!(
    tabeq._errors,
    CellError,
    TabeqError,
    "A single value does not read under a column rule (from ``tabeq.canonicalize``): ``cell_*``."
);
create_exception!(
    tabeq._errors,
    CsvError,
    TabeqError,
    "Bytes that are not a strict CSV within the limits (from ``tabeq.read_table``): ``csv_*``."
);
create_exception!(
    tabeq._errors,
    OutputError,
    TabeqError,
    "The summary cannot be written where asked (``tabeq evaluate --output``): something other\nthan a regular file is there (``output_not_a_regular_file``), or the write failed\n(``output_write_failed``)."
);

create_exception!(
    tabeq.trust,
    TrustError,
    TabeqError,
    "Invalid trust-metric input. ``code`` is stable; ``line`` is the 1-based JSONL line (or\nposition in a record list) at fault, when one is."
);

const ARGUMENT_DOC: &str =
    "An API call got an argument it cannot use: a wrong type, a value out of range (``threads=-1``,
an int too large), a ``str`` with a lone surrogate (not UTF-8), a record missing fields:
``invalid_argument``. It is both a ``TypeError`` and a ``ValueError``, the exceptions such calls
raised before it existed.";

/// `ArgumentError(TabeqError, TypeError)`: two bases, which `create_exception!` cannot give.
static ARGUMENT_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `ArgumentError` class.
pub fn argument_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    ARGUMENT_ERROR
        .get_or_try_init(py, || {
            let dict = PyDict::new(py);
            dict.set_item("__module__", "tabeq._errors")?;
            dict.set_item("__doc__", ARGUMENT_DOC)?;
            install(
                &dict,
                wrap_pyfunction!(init_argument, py)?,
                &["message", "code"],
            )?;
            let bases = (py.get_type::<TabeqError>(), py.get_type::<PyTypeError>());
            let class = py
                .get_type::<PyType>()
                .call1(("ArgumentError", bases, dict))?;
            Ok::<_, PyErr>(class.cast_into::<PyType>()?.unbind())
        })
        .map(|t| t.bind(py))
}

/// An `ArgumentError` (`invalid_argument`) with this message.
pub fn argument_error(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| match argument_error_type(py) {
        Ok(class) => PyErr::from_type(class.clone(), (message,)),
        Err(e) => e,
    })
}

/// An `ArgumentError` (`invalid_argument`) worded by the core's message catalogue.
pub fn argument_message(code: MessageCode, data: MessageData) -> PyErr {
    argument_error(words(code, &data))
}

const SQL_DOC: &str =
    "A text-to-SQL result that ``tabeq.sql`` cannot score: a ragged result, a cell of another type
or an int beyond 64 bits, a gold row the official divides by, a search that reached its bound:
``sql_*`` (the ``sql`` family of ``tabeq.error_codes()``). It is both a ``TypeError`` and a
``ValueError``, the exceptions these calls raised before it existed.";

/// `SqlError(TabeqError, TypeError)`, built as `ArgumentError` is.
static SQL_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `SqlError` class.
pub fn sql_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    SQL_ERROR
        .get_or_try_init(py, || {
            let dict = PyDict::new(py);
            dict.set_item("__module__", "tabeq._errors")?;
            dict.set_item("__doc__", SQL_DOC)?;
            dict.set_item("stage", "sql")?;
            install(&dict, wrap_pyfunction!(init, py)?, &["message", "code"])?;
            let bases = (py.get_type::<TabeqError>(), py.get_type::<PyTypeError>());
            let class = py.get_type::<PyType>().call1(("SqlError", bases, dict))?;
            Ok::<_, PyErr>(class.cast_into::<PyType>()?.unbind())
        })
        .map(|t| t.bind(py))
}

/// A `SqlError` with a code of the core's `sql` family.
pub fn sql_error(
    code: tabeq_surface::evaluator::error::SqlCode,
    message: impl Into<String>,
) -> PyErr {
    sql_error_code(code.code(), message)
}

/// A `SqlError` with a code of the core's `sql` family, as its text.
pub fn sql_error_code(code: &'static str, message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| match sql_error_type(py) {
        Ok(class) => PyErr::from_type(class.clone(), (message, code)),
        Err(e) => e,
    })
}

/// Turn a core fatal error into the matching Python exception (`.code`, `.stage`, `.task_id`).
pub fn fatal_to_py(e: CoreFatal) -> PyErr {
    let args = (e.to_string(), e.code.code(), e.task_id.clone());
    match e.stage().as_str() {
        "config" => ConfigError::new_err(args),
        "gold" => GoldError::new_err(args),
        _ => SuiteError::new_err(args),
    }
}

/// `TabeqError(message, code)`: `args` is `(message,)`, as `ValueError(message)` has it, so
/// `str()` is the message.
#[pyfunction]
#[pyo3(name = "__init__", text_signature = "(self, message, code)")]
fn init(
    this: &Bound<'_, PyAny>,
    message: Bound<'_, PyAny>,
    code: Bound<'_, PyAny>,
) -> PyResult<()> {
    this.setattr("args", (&message,))?;
    this.setattr("message", message)?;
    this.setattr("code", code)
}

/// `ArgumentError(message, code="invalid_argument")`.
#[pyfunction]
#[pyo3(
    name = "__init__",
    signature = (this, message, code=None),
    text_signature = "(self, message, code='invalid_argument')"
)]
fn init_argument(
    this: &Bound<'_, PyAny>,
    message: Bound<'_, PyAny>,
    code: Option<Bound<'_, PyAny>>,
) -> PyResult<()> {
    let py = this.py();
    let code = code.unwrap_or_else(|| PyString::new(py, "invalid_argument").into_any());
    init(this, message, code)
}

/// `__init__(self, message, code, FIELD=None)` for a class with one more field than
/// `TabeqError`: `FatalError`'s `task_id`, `TrustError`'s `line`.
macro_rules! init_with_field {
    ($name:ident, $field:ident, $signature:literal) => {
        #[doc = concat!("`", $signature, "`.")]
        #[pyfunction]
        #[pyo3(name = "__init__", text_signature = $signature)]
        #[pyo3(signature = (this, message, code, $field=None))]
        fn $name(
            this: &Bound<'_, PyAny>,
            message: Bound<'_, PyAny>,
            code: Bound<'_, PyAny>,
            $field: Option<Bound<'_, PyAny>>,
        ) -> PyResult<()> {
            init(this, message, code)?;
            this.setattr(stringify!($field), $field)
        }
    };
}
init_with_field!(init_fatal, task_id, "(self, message, code, task_id=None)");
init_with_field!(init_trust, line, "(self, message, code, line=None)");

/// `code (line N): message`, as the trust command line prints it.
#[pyfunction]
#[pyo3(name = "__str__")]
fn trust_str(this: &Bound<'_, PyAny>) -> PyResult<String> {
    let line = this.getattr("line")?;
    let at = if line.is_none() {
        String::new()
    } else {
        format!(" (line {})", line.str()?)
    };
    let code = this.getattr("code")?.str()?;
    let message = this.getattr("message")?.str()?;
    Ok(format!("{code}{at}: {message}"))
}

/// Pickled as the class and its fields (`_pickle_fields`, or a subclass's `_pickle_args()`).
#[pyfunction]
#[pyo3(name = "__reduce__")]
fn reduce<'py>(this: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = this.py();
    let args = if this.hasattr("_pickle_args")? {
        this.call_method0("_pickle_args")?
    } else {
        let fields = this.getattr("_pickle_fields")?;
        let values = fields
            .try_iter()?
            .map(|f| this.getattr(f?.cast_into::<PyString>()?));
        PyTuple::new(py, values.collect::<PyResult<Vec<_>>>()?)?.into_any()
    };
    Ok((this.get_type(), args).into_pyobject(py)?.into_any())
}

/// Set `__init__` (bound as a method by `functools.partialmethod`: the limited API cannot add
/// Rust fields to a native exception) and `__reduce__` in a class dict or on a class.
fn install(
    target: &Bound<'_, PyAny>,
    init: Bound<'_, PyCFunction>,
    fields: &[&str],
) -> PyResult<()> {
    let py = target.py();
    let partialmethod = py.import("functools")?.getattr("partialmethod")?;
    let reduce = partialmethod.call1((wrap_pyfunction!(reduce, py)?,))?;
    let items = [
        ("__init__", partialmethod.call1((init,))?),
        ("__reduce__", reduce),
        ("_pickle_fields", PyTuple::new(py, fields)?.into_any()),
    ];
    for (name, value) in items {
        match target.cast::<PyDict>() {
            Ok(dict) => dict.set_item(name, value)?,
            Err(_) => target.setattr(name, value)?,
        }
    }
    Ok(())
}

/// Give the classes their fields and stages, and add them to the module.
/// A message of the core's catalogue (`tabeq_surface::evaluator::error::MessageCode`) worded with `fields`
/// (str, int, or a list or tuple of str): the package raises it with its own class, so no
/// message text is written in the package.
#[pyfunction]
#[pyo3(signature = (code, **fields))]
fn message(code: &str, fields: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    use tabeq_surface::evaluator::error::{MessageData, MessageValue};
    let mut data = MessageData::new();
    for (name, value) in fields.into_iter().flat_map(|f| f.iter()) {
        let name: String = name.extract()?;
        let value = if let Ok(text) = value.cast::<PyString>() {
            MessageValue::Text(text.to_string_lossy().into_owned())
        } else if let Ok(number) = value.extract::<i128>() {
            MessageValue::Int(number)
        } else if let Ok(items) = value.extract::<Vec<String>>() {
            MessageValue::List(items)
        } else {
            let data = MessageData::new()
                .text("what", format!("message field {name}"))
                .text("expected", "a str, an int or a list of str")
                .text("got", value.get_type().name()?.to_string());
            return Err(argument_message(MessageCode::WrongType, data));
        };
        data = data.with(name, value);
    }
    tabeq_surface::evaluator::error::render_message_named(code, &data)
        .map_err(|e| argument_error(e.message))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(message, m)?)?;
    let fields = ["message", "code"];
    install(
        py.get_type::<TabeqError>().as_any(),
        wrap_pyfunction!(init, py)?,
        &fields,
    )?;
    let fatal = wrap_pyfunction!(init_fatal, py)?;
    let fields = ["message", "code", "task_id"];
    install(py.get_type::<FatalError>().as_any(), fatal, &fields)?;
    let trust = py.get_type::<TrustError>();
    let fields = ["message", "code", "line"];
    install(trust.as_any(), wrap_pyfunction!(init_trust, py)?, &fields)?;
    let partialmethod = py.import("functools")?.getattr("partialmethod")?;
    trust.setattr(
        "__str__",
        partialmethod.call1((wrap_pyfunction!(trust_str, py)?,))?,
    )?;
    let stages = [
        (py.get_type::<FatalError>(), "suite"),
        (py.get_type::<ConfigError>(), "config"),
        (py.get_type::<GoldError>(), "gold"),
        (py.get_type::<SuiteError>(), "suite"),
    ];
    for (class, stage) in stages {
        class.setattr("stage", stage)?;
    }
    // Each class's code family, for `typing.get_type_hints` (names in `tabeq._errors`).
    let families = [
        (py.get_type::<TabeqError>(), "ErrorCode"),
        (py.get_type::<FatalError>(), "FatalErrorCode"),
        (py.get_type::<CellError>(), "CellErrorCode"),
        (py.get_type::<CsvError>(), "CsvErrorCode"),
        (py.get_type::<OutputError>(), "OutputErrorCode"),
        (argument_error_type(py)?.clone(), "ArgumentErrorCode"),
        (sql_error_type(py)?.clone(), "SqlErrorCode"),
        (py.get_type::<TrustError>(), "TrustErrorCode"),
    ];
    for (class, family) in families {
        let annotations = PyDict::new(py);
        annotations.set_item("code", format!("_codes.{family}"))?;
        class.setattr("__annotations__", annotations)?;
    }
    m.add("TabeqError", py.get_type::<TabeqError>())?;
    m.add("FatalError", py.get_type::<FatalError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("GoldError", py.get_type::<GoldError>())?;
    m.add("SuiteError", py.get_type::<SuiteError>())?;
    m.add("CellError", py.get_type::<CellError>())?;
    m.add("CsvError", py.get_type::<CsvError>())?;
    m.add("OutputError", py.get_type::<OutputError>())?;
    m.add("ArgumentError", argument_error_type(py)?)?;
    m.add("SqlError", sql_error_type(py)?)?;
    m.add("TrustError", py.get_type::<TrustError>())?;
    Ok(())
}
