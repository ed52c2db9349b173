//! `tabeq.TaskConfig`, native: a validated task config over the core's `TaskConfig`, and
//! `ConfigWarning` (a named tuple) for the keys the official evaluator ignores.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyByteArray, PyBytes, PyDict, PyList, PyMapping, PyMemoryView, PySequence, PyString, PyType,
};

use tabeq_surface::evaluator::config::{config_warnings, ConfigWarning, TaskConfig as CoreConfig};
use tabeq_surface::evaluator::cpython_json::Value;
use tabeq_surface::evaluator::error::{words, MessageCode, MessageData};
use tabeq_surface::evaluator::file_input::{
    config_from_parts_value, parse_config_with_column_defaults,
};

use crate::checks::wrong_type;
use crate::checks::{check_path, check_text};
use crate::errors::{fatal_to_py, ConfigError};
use crate::fs;
use crate::py_values::{python_to_value, DataError, DataRules};

static CONFIG_WARNING: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `ConfigWarning` named tuple: `(code, message, key, column, suggestion)`.
pub(crate) fn config_warning_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    CONFIG_WARNING
        .get_or_try_init(py, || {
            let fields = ["code", "message", "key", "column", "suggestion"];
            let kwargs = PyDict::new(py);
            kwargs.set_item("module", "tabeq._errors")?;
            let namedtuple = py.import("collections")?.getattr("namedtuple")?;
            let class = namedtuple.call(("ConfigWarning", fields), Some(&kwargs))?;
            class.setattr(
                "__doc__",
                "A config key that the official evaluator ignores, and so tabeq ignores too \
                 (exactness), reported because a typo silently changes a task's rule.",
            )?;
            Ok::<_, PyErr>(class.cast_into::<PyType>()?.unbind())
        })
        .map(|t| t.bind(py))
}

/// A validated task config.
///
/// Build one with named arguments, or from a dict, JSON text or a JSON file::
///
///     TaskConfig(columns=[text("Region"), number("GDP", decimal_places=1)], order_sensitive=True)
///     TaskConfig.from_dict({...})
///     TaskConfig.from_json('{"schema_version": "1.0", ...}')
///     load_config("configs/task_7.json")
///
/// ``to_dict()`` and ``to_json()`` give the normalized config, which reads back equal.
/// An invalid config raises ``ConfigError``.
#[pyclass(frozen, module = "tabeq", name = "TaskConfig")]
pub(crate) struct TaskConfig {
    pub(crate) inner: CoreConfig,
    /// Keys the official evaluator ignores (reported, never used).
    warnings: Vec<ConfigWarning>,
}

impl TaskConfig {
    /// Parse config JSON bytes; `file_stem` must equal the task id when given. With
    /// `column_defaults` (a config built from column objects), a column without `gold_index`
    /// or `gold_name` gets its position and `column_<index>`.
    pub(crate) fn parse(
        data: &[u8],
        file_stem: Option<&str>,
        column_defaults: bool,
    ) -> PyResult<Self> {
        let parse = match column_defaults {
            true => parse_config_with_column_defaults,
            false => CoreConfig::from_json_with_warnings,
        };
        let (inner, warnings) = parse(data, file_stem).map_err(fatal_to_py)?;
        Ok(TaskConfig { inner, warnings })
    }

    /// A config with its warnings, as the suite planned it.
    pub(crate) fn planned(inner: CoreConfig, warnings: Vec<ConfigWarning>) -> Self {
        TaskConfig { inner, warnings }
    }

    /// A config dict (the JSON object of a config file).
    pub(crate) fn from_mapping(data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let raw = config_value(data)?;
        let inner = CoreConfig::from_value(&raw, None).map_err(fatal_to_py)?;
        let warnings = config_warnings(&raw);
        Ok(TaskConfig { inner, warnings })
    }
}

/// Config data (a dict, or a column's) as the JSON value the core reads, refusing what JSON
/// cannot carry (`ConfigError`) and lone surrogates (`ArgumentError`).
pub(crate) fn config_value(data: &Bound<'_, PyAny>) -> PyResult<Value> {
    let py = data.py();
    let not_json = |why: String| {
        let data = MessageData::new()
            .text("what", "Config")
            .text("detail", why);
        let message = words(MessageCode::NotJsonData, &data);
        ConfigError::new_err((message, "config_invalid_json"))
    };
    python_to_value(data, DataRules::strict("the config")).map_err(|e| match e {
        // Not JSON data: a set, NaN, an int with more digits than Python converts, ...
        DataError::NotJson(_, why) => not_json(why),
        DataError::Raised(e)
            if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py)
                || e.is_instance_of::<pyo3::exceptions::PyValueError>(py) =>
        {
            match e.value(py).str() {
                Ok(why) => not_json(why.to_string()),
                Err(e) => e,
            }
        }
        DataError::Raised(e) | DataError::Surrogate(e) => e,
    })
}

/// Load a config file as the suite reads one (links followed, opened without blocking and
/// checked on the descriptor); its stem must equal its task id. Raises `ConfigError`.
pub(crate) fn load(py: Python<'_>, path: PathBuf) -> PyResult<TaskConfig> {
    let data = py.detach(|| fs::read_config(&path)).map_err(fatal_to_py)?;
    let stem = path.file_stem().map(|s| s.to_string_lossy());
    TaskConfig::parse(&data, stem.as_deref(), false)
}

#[pymethods]
impl TaskConfig {
    #[new]
    #[pyo3(
        signature = (columns, *, order_sensitive=None, task_id=None),
        text_signature = "(columns, *, order_sensitive=False, task_id='task_1')"
    )]
    fn new(
        py: Python<'_>,
        columns: &Bound<'_, PyAny>,
        order_sensitive: Option<&Bound<'_, PyAny>>,
        task_id: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let is_text = columns.is_instance_of::<PyString>() || columns.is_instance_of::<PyBytes>();
        let sequence = columns.cast::<PySequence>().ok();
        let Some(sequence) = sequence.filter(|_| !is_text && columns.cast::<PyMapping>().is_err())
        else {
            return Err(wrong_type("columns", "a list of column objects", columns));
        };
        let list = PyList::empty(py);
        for (index, column) in sequence.try_iter()?.enumerate() {
            let column = column?;
            if column.cast::<PyMapping>().is_err() {
                return Err(wrong_type(format!("column {index}"), "a mapping", &column));
            }
            list.append(py.get_type::<PyDict>().call1((column,))?)?;
        }
        // The core fills in what is not given (schema version, task id, order, column names).
        let parts = PyDict::new(py);
        parts.set_item("columns", list)?;
        for (key, value) in [("order_sensitive", order_sensitive), ("task_id", task_id)] {
            if let Some(value) = value {
                parts.set_item(key, value)?;
            }
        }
        let (inner, warnings) =
            config_from_parts_value(config_value(&parts)?).map_err(fatal_to_py)?;
        Ok(TaskConfig { inner, warnings })
    }

    /// Validate a config dict (the JSON object of a config file).
    #[classmethod]
    fn from_dict(_cls: &Bound<'_, PyType>, data: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::from_mapping(data)
    }

    /// Validate config JSON text; when ``file_stem`` is given it must equal the task id.
    #[classmethod]
    #[pyo3(signature = (data, file_stem=None, column_defaults=false))]
    fn from_json(
        _cls: &Bound<'_, PyType>,
        data: &Bound<'_, PyAny>,
        file_stem: Option<&Bound<'_, PyAny>>,
        column_defaults: bool,
    ) -> PyResult<Self> {
        let raw = if data.is_instance_of::<PyString>() {
            check_text(data, "the config JSON")?.into_bytes()
        } else if data.is_instance_of::<PyBytes>()
            || data.is_instance_of::<PyByteArray>()
            || data.is_instance_of::<PyMemoryView>()
        {
            data.py().get_type::<PyBytes>().call1((data,))?.extract()?
        } else {
            return Err(wrong_type("config JSON", "str or bytes", data));
        };
        let stem = file_stem
            .filter(|s| !s.is_none())
            .map(|s| check_text(s, "file_stem"))
            .transpose()?;
        Self::parse(&raw, stem.as_deref(), column_defaults)
    }

    #[getter]
    fn task_id(&self) -> &str {
        &self.inner.task_id
    }

    #[getter]
    fn order_sensitive(&self) -> bool {
        self.inner.order_sensitive
    }

    /// Keys the official evaluator ignores (tabeq ignores them too), e.g. a misspelt
    /// ``allow_percent``; they never change a result.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let class = config_warning_type(py)?;
        let new = |w: &ConfigWarning| {
            let code = w.code.code();
            class.call1((code, w.to_string(), &w.key, w.column(), w.suggestion))
        };
        self.warnings.iter().map(new).collect()
    }

    /// The column objects, normalized.
    #[getter]
    fn columns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item("columns")
    }

    /// The gold column names (for people; never compared).
    #[getter]
    fn column_names(&self) -> Vec<String> {
        self.inner
            .columns
            .iter()
            .map(|c| c.gold_name.to_string())
            .collect()
    }

    /// A short description of each column's rule, e.g. ``number (decimal_places 1, plain)``.
    #[getter]
    fn rules(&self) -> Vec<String> {
        self.rule_descriptions()
    }

    /// Rule descriptions of the gold columns.
    fn rule_descriptions(&self) -> Vec<String> {
        self.inner.rules().iter().map(|r| r.describe()).collect()
    }

    /// The normalized config as a dict (round-trips through ``from_dict``).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::py_values::tree_to_python(py, &self.inner.to_out())
    }

    /// The normalized config as JSON text (round-trips through ``from_json``).
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The one-line form.
    fn repr(&self) -> String {
        self.inner.repr()
    }

    fn __repr__(&self) -> String {
        self.inner.repr()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<TaskConfig>()
            .is_ok_and(|o| o.get().inner.to_json() == self.inner.to_json())
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.inner.to_json()).hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let from_json = slf.get_type().getattr("from_json")?;
        (from_json, (slf.get().inner.to_json(),))
            .into_pyobject(slf.py())
            .map(Bound::into_any)
    }
}

/// Load a config file. Its stem must equal its ``task_id`` (``task_7.json`` ↔ ``task_7``).
#[pyfunction]
fn load_config(py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<TaskConfig> {
    // Opened without blocking and checked on the open file: a FIFO or device is refused.
    let path: PathBuf = check_path(path, "the config path")?.extract()?;
    load(py, path)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TaskConfig>()?;
    // The name of the native config before `TaskConfig` was native.
    m.add("NativeConfig", m.py().get_type::<TaskConfig>())?;
    m.add("ConfigWarning", config_warning_type(m.py())?)?;
    crate::add_functions!(m, load_config);
    Ok(())
}
