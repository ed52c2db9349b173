//! tabeq's exception classes, defined here (the Python package re-exports them from
//! `tabeq._errors`), so that the native module raises them without importing the package.
//!
//! Every class keeps the fields it is built with as attributes (`message`, `code`, and
//! `task_id` for fatal errors), `str()` is the message, and it pickles with its fields. The
//! limited API cannot extend a native exception with Rust fields, so the fields live in the
//! instance's `__dict__` and `__init__`/`__reduce__` are Rust closures bound as methods by
//! `functools.partialmethod`.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyDict, PyTuple, PyType};

use tabeq::FatalError as CoreFatal;

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

const ARGUMENT_DOC: &str =
    "An API call got an argument it cannot use: a wrong type, a value out of range (``threads=-1``,
an int too large), a ``str`` with a lone surrogate (not UTF-8), a record missing fields:
``invalid_argument``. It is both a ``TypeError`` and a ``ValueError``, the exceptions such calls
raised before it existed.";

/// `ArgumentError(TabeqError, TypeError)`: two bases, which `create_exception!` cannot give.
static ARGUMENT_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// A field of an exception's `__init__`: its name and its default (`None`: required).
pub type Field = (&'static str, Option<FieldDefault>);

/// The default value of an optional field.
#[derive(Clone, Copy)]
pub enum FieldDefault {
    None,
    Str(&'static str),
}

const TABEQ_FIELDS: &[Field] = &[("message", None), ("code", None)];
const ARGUMENT_FIELDS: &[Field] = &[
    ("message", None),
    ("code", Some(FieldDefault::Str("invalid_argument"))),
];
const FATAL_FIELDS: &[Field] = &[
    ("message", None),
    ("code", None),
    ("task_id", Some(FieldDefault::None)),
];

/// The `ArgumentError` class.
pub fn argument_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    ARGUMENT_ERROR
        .get_or_try_init(py, || {
            let dict = PyDict::new(py);
            dict.set_item("__module__", "tabeq._errors")?;
            dict.set_item("__doc__", ARGUMENT_DOC)?;
            install_fields(py, &dict, ARGUMENT_FIELDS)?;
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

/// Turn a core fatal error into the matching Python exception (`.code`, `.stage`, `.task_id`).
pub fn fatal_to_py(e: CoreFatal) -> PyErr {
    let args = (e.to_string(), e.code.code(), e.task_id.clone());
    match e.stage().as_str() {
        "config" => ConfigError::new_err(args),
        "gold" => GoldError::new_err(args),
        _ => SuiteError::new_err(args),
    }
}

/// Put `__init__(self, *fields)` and `__reduce__` (the class and the fields) into a class
/// dict (or onto a class): the fields become attributes, `args` is `(message,)` as
/// `ValueError(message)` has it, so `str()` is the message.
pub fn install_fields(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    fields: &'static [Field],
) -> PyResult<()> {
    let init = PyCFunction::new_closure(
        py,
        Some(c"__init__"),
        None,
        move |args: &Bound<'_, PyTuple>,
              kwargs: Option<&Bound<'_, PyDict>>|
              -> PyResult<Py<PyAny>> {
            let this = args.get_item(0)?;
            let values = bind_fields(args, kwargs, fields)?;
            this.setattr("args", PyTuple::new(args.py(), [&values[0]])?)?;
            for ((name, _), value) in fields.iter().zip(values) {
                this.setattr(*name, value)?;
            }
            Ok(args.py().None())
        },
    )?;
    let reduce = PyCFunction::new_closure(
        py,
        Some(c"__reduce__"),
        None,
        move |args: &Bound<'_, PyTuple>, _: Option<&Bound<'_, PyDict>>| -> PyResult<Py<PyAny>> {
            let this = args.get_item(0)?;
            // A subclass with more fields names them with `_pickle_args()`.
            if this.hasattr("_pickle_args")? {
                let state = (this.get_type(), this.call_method0("_pickle_args")?);
                return Ok(state.into_pyobject(args.py())?.into_any().unbind());
            }
            let values = fields
                .iter()
                .map(|(name, _)| this.getattr(*name))
                .collect::<PyResult<Vec<_>>>()?;
            let state = (this.get_type(), PyTuple::new(args.py(), values)?);
            Ok(state.into_pyobject(args.py())?.into_any().unbind())
        },
    )?;
    let partialmethod = py.import("functools")?.getattr("partialmethod")?;
    for (name, function) in [("__init__", init), ("__reduce__", reduce)] {
        let method = partialmethod.call1((function,))?;
        match target.cast::<PyDict>() {
            Ok(dict) => dict.set_item(name, method)?,
            Err(_) => target.setattr(name, method)?,
        }
    }
    Ok(())
}

/// The field values of a call `(self, *args, **kwargs)`, defaults filled in.
fn bind_fields<'py>(
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
    fields: &[Field],
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let py = args.py();
    let given = args.len() - 1;
    if given > fields.len() {
        return Err(PyTypeError::new_err(format!(
            "__init__() takes at most {} arguments ({given} given)",
            fields.len()
        )));
    }
    let mut values = Vec::with_capacity(fields.len());
    for (i, (name, default)) in fields.iter().enumerate() {
        let keyword = kwargs.map(|k| k.get_item(name)).transpose()?.flatten();
        let value = match (i < given, keyword, default) {
            (true, Some(_), _) => {
                return Err(PyTypeError::new_err(format!(
                    "__init__() got multiple values for argument '{name}'"
                )))
            }
            (true, None, _) => args.get_item(i + 1)?,
            (false, Some(v), _) => v,
            (false, None, Some(FieldDefault::None)) => py.None().into_bound(py),
            (false, None, Some(FieldDefault::Str(s))) => s.into_pyobject(py)?.into_any(),
            (false, None, None) => {
                return Err(PyTypeError::new_err(format!(
                    "__init__() missing required argument: '{name}'"
                )))
            }
        };
        values.push(value);
    }
    if let Some(kwargs) = kwargs {
        for key in kwargs.keys() {
            let key: String = key.extract()?;
            if !fields.iter().any(|(name, _)| *name == key) {
                return Err(PyTypeError::new_err(format!(
                    "__init__() got an unexpected keyword argument '{key}'"
                )));
            }
        }
    }
    Ok(values)
}

/// Give the classes their fields and stages, and add them to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    install_fields(py, py.get_type::<TabeqError>().as_any(), TABEQ_FIELDS)?;
    install_fields(py, py.get_type::<FatalError>().as_any(), FATAL_FIELDS)?;
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
    Ok(())
}
