//! The user's values as the native layer takes them: tables (bytes, paths, DataFrames, rows)
//! and config forms (a `TaskConfig`, a dict, JSON text, a path), checked and translated here so
//! that the Python package hands arguments straight through.
//!
//! pandas and polars are never imported: a DataFrame is recognised by its type's module.

use std::path::PathBuf;

use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::{
    PyByteArray, PyBytes, PyDict, PyList, PyMapping, PyMemoryView, PySequence, PyString, PyTuple,
};

use crate::checks::wrong_type;
use crate::config::TaskConfig;
use crate::errors::argument_message;
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

pub(crate) use crate::checks::{check_count, check_path, check_progress, check_text, type_name};

/// The module a type comes from starts with `package` (pandas, polars), and the object has `method`.
fn frame_of(obj: &Bound<'_, PyAny>, package: &str, method: &str) -> PyResult<bool> {
    let module: String = obj
        .get_type()
        .getattr("__module__")?
        .extract()
        .unwrap_or_default();
    Ok(module.starts_with(package) && obj.hasattr(method)?)
}

/// A pandas DataFrame as `to_csv(index=False)` writes it, warning when a named index is dropped.
fn pandas_csv<'py>(frame: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = frame.py();
    let names = frame
        .getattr("index")
        .and_then(|i| i.getattr("names"))
        .ok()
        .filter(|n| n.is_truthy().unwrap_or(false));
    if let Some(names) = names {
        let names = PyList::new(py, names.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
        if names.iter().any(|n| !n.is_none()) {
            let message = format!(
                "the DataFrame's index {} is dropped, as to_csv(index=False) drops it; \
                 call reset_index() first to score it as columns",
                names.repr()?
            );
            let message = std::ffi::CString::new(message)?;
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 2)?;
        }
    }
    let kwargs = PyDict::new(py);
    kwargs.set_item("index", false)?;
    let text = frame.call_method("to_csv", (), Some(&kwargs))?;
    text.call_method1("encode", ("utf-8",))
}

/// Rows (header first) as `csv.writer` writes them (the core writes the text): `None` is an
/// empty cell, other values are written with `str()`.
fn rows_csv<'py>(rows: &Bound<'py, PySequence>) -> PyResult<Bound<'py, PyAny>> {
    let py = rows.py();
    let mut cells: Vec<Vec<String>> = Vec::new();
    for (index, row) in rows.try_iter()?.enumerate() {
        let row = row?;
        let is_text = row.is_instance_of::<PyString>()
            || row.is_instance_of::<PyBytes>()
            || row.is_instance_of::<PyByteArray>();
        let Some(row) = row.cast::<PySequence>().ok().filter(|_| !is_text) else {
            let data = MessageData::new()
                .text("index", index.to_string())
                .text("got", type_name(&row));
            return Err(argument_message(MessageCode::RowNotSequence, data));
        };
        let mut out = Vec::new();
        for cell in row.try_iter()? {
            let cell = cell?;
            if cell.is_none() {
                out.push(String::new());
                continue;
            }
            let text = cell.str()?;
            out.push(check_text(text.as_any(), "a cell of the rows")?);
        }
        cells.push(out);
    }
    Ok(PyBytes::new(
        py,
        tabeq_surface::evaluator::csv::write_rows(&cells).as_bytes(),
    )
    .into_any())
}

/// CSV bytes or a path (`str`) for a table argument; `None` stays `None` ("no prediction
/// file") for a prediction. `role` is `prediction`, `gold` or `table`.
pub(crate) fn to_source<'py>(table: &Bound<'py, PyAny>, role: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = table.py();
    if table.is_none() {
        if role == "prediction" {
            return Ok(table.clone());
        }
        let data = MessageData::new().text("role", role);
        return Err(argument_message(MessageCode::TableRequired, data));
    }
    if table.is_instance_of::<PyBytes>() {
        return Ok(table.clone());
    }
    if table.is_instance_of::<PyByteArray>() || table.is_instance_of::<PyMemoryView>() {
        return py.get_type::<PyBytes>().call1((table,));
    }
    if let Ok(text) = table.cast::<PyString>() {
        if text.to_cow().is_ok_and(|t| t.contains('\n')) {
            let path = check_text(table, &format!("the {role}"))?;
            if std::fs::symlink_metadata(&path).is_err() {
                let data = MessageData::new().text("role", role);
                return Err(argument_message(MessageCode::PathLooksLikeCsv, data));
            }
        }
        return check_path(table, &format!("the {role} path")).map(Bound::into_any);
    }
    let os = py.import("os")?;
    if table.is_instance(&os.getattr("PathLike")?)? {
        return check_path(table, &format!("the {role} path")).map(Bound::into_any);
    }
    // A DataFrame has columns; a Series (also `to_csv`) is one column without a header.
    if frame_of(table, "pandas", "to_csv")? && table.hasattr("columns")? {
        return pandas_csv(table);
    }
    if frame_of(table, "polars", "write_csv")? {
        return table
            .call_method0("write_csv")?
            .call_method1("encode", ("utf-8",));
    }
    let is_frame_part =
        frame_of(table, "pandas", "to_csv")? || frame_of(table, "polars", "to_list")?;
    if let (false, Ok(rows)) = (is_frame_part, table.cast::<PySequence>()) {
        return rows_csv(rows);
    }
    let data = MessageData::new()
        .text("got", type_name(table))
        .text("role", role);
    Err(argument_message(MessageCode::NotATable, data))
}

/// A `bool` option. pyo3's own `bool` conversion raises a bare `TypeError`; this one raises
/// `ArgumentError` (`invalid_argument`, a `TypeError` too), like every other argument.
#[derive(Clone, Copy)]
pub(crate) struct Flag(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.cast::<pyo3::types::PyBool>() {
            Ok(b) => Ok(Flag(b.is_true())),
            Err(_) => {
                let data = MessageData::new().text("got", type_name(&obj.to_owned()));
                Err(argument_message(MessageCode::NotABool, data))
            }
        }
    }
}

/// A `str` option: valid Unicode text (no lone surrogate), else `ArgumentError`, never pyo3's
/// bare `TypeError`/`UnicodeEncodeError`.
pub(crate) struct Text(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for Text {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        check_text(&obj.to_owned(), "a str option").map(Text)
    }
}

/// A prediction argument: CSV bytes, a path (`str`), or `None` (no prediction file).
pub(crate) struct PredictionArg<'py>(pub Bound<'py, PyAny>);

/// A gold (or any required table) argument: CSV bytes or a path (`str`).
pub(crate) struct GoldArg<'py>(pub Bound<'py, PyAny>);

/// A table for `read_table`: CSV bytes or a path (`str`).
pub(crate) struct TableArg<'py>(pub Bound<'py, PyAny>);

impl<'a, 'py> FromPyObject<'a, 'py> for PredictionArg<'py> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        to_source(&obj.to_owned(), "prediction").map(PredictionArg)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for GoldArg<'py> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        to_source(&obj.to_owned(), "gold").map(GoldArg)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for TableArg<'py> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        to_source(&obj.to_owned(), "table").map(TableArg)
    }
}

impl PredictionArg<'_> {
    /// The prediction, `None` when there is no file.
    pub(crate) fn get(&self) -> Option<&Bound<'_, PyAny>> {
        (!self.0.is_none()).then_some(self.0.as_any())
    }
}

/// A config argument: a `TaskConfig`, a dict, JSON text (`str` starting with `{`, or bytes)
/// or a path to a config file.
pub(crate) struct ConfigArg<'py>(pub Bound<'py, TaskConfig>);

impl<'a, 'py> FromPyObject<'a, 'py> for ConfigArg<'py> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let obj = obj.to_owned();
        let py = obj.py();
        if let Ok(config) = obj.cast::<TaskConfig>() {
            return Ok(ConfigArg(config.clone()));
        }
        let config = if let Ok(mapping) = obj.cast::<PyMapping>() {
            TaskConfig::from_mapping(mapping)?
        } else if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() {
            TaskConfig::parse(&obj.extract::<Vec<u8>>()?, None, false)?
        } else if obj
            .cast::<PyString>()
            .is_ok_and(|s| s.to_cow().is_ok_and(|t| t.trim_start().starts_with('{')))
        {
            TaskConfig::parse(check_text(&obj, "the config JSON")?.as_bytes(), None, false)?
        } else if obj.is_instance_of::<PyString>()
            || obj.is_instance(&py.import("os")?.getattr("PathLike")?)?
        {
            let path: PathBuf = check_path(&obj, "the config path")?.extract()?;
            crate::config::load(py, path)?
        } else {
            let data = MessageData::new()
                .text("got", type_name(&obj))
                .text("what", "a config");
            return Err(argument_message(MessageCode::CannotUseAs, data));
        };
        Ok(ConfigArg(Bound::new(py, config)?))
    }
}

/// The config, prediction and gold of one task, converted in that order (the order the Python
/// API has always checked them in).
pub(crate) struct TaskArgs<'py> {
    pub config: Bound<'py, TaskConfig>,
    /// `None` when there is no prediction file.
    pub prediction: Option<Bound<'py, PyAny>>,
    pub gold: Bound<'py, PyAny>,
}

impl<'py> TaskArgs<'py> {
    pub(crate) fn new(
        prediction: &Bound<'py, PyAny>,
        gold: &Bound<'py, PyAny>,
        config: &Bound<'py, PyAny>,
    ) -> PyResult<Self> {
        let ConfigArg(config) = config.extract()?;
        let PredictionArg(prediction) = prediction.extract()?;
        let GoldArg(gold) = gold.extract()?;
        let prediction = (!prediction.is_none()).then_some(prediction);
        Ok(TaskArgs {
            config,
            prediction,
            gold,
        })
    }
}

/// The items of an iterable argument (not a str or bytes).
pub(crate) fn iterate<'py>(
    values: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let is_text = values.is_instance_of::<PyString>() || values.is_instance_of::<PyBytes>();
    match values.try_iter() {
        Ok(items) if !is_text => items.collect(),
        _ => Err(wrong_type(what, "an iterable", values)),
    }
}

/// One `(prediction, gold, config)` triple of `evaluate_many`.
pub(crate) fn triple<'py>(
    task: &Bound<'py, PyAny>,
    index: usize,
) -> PyResult<(PredictionArg<'py>, GoldArg<'py>, ConfigArg<'py>)> {
    let wrong = || {
        let data = MessageData::new()
            .text("what", format!("task #{index}"))
            .text("expected", "a (prediction, gold, config) triple");
        argument_message(MessageCode::MustBe, data)
    };
    let is_text = task.is_instance_of::<PyString>() || task.is_instance_of::<PyBytes>();
    let Some(seq) = task.cast::<PySequence>().ok().filter(|_| !is_text) else {
        return Err(wrong());
    };
    if seq.len()? != 3 {
        return Err(wrong());
    }
    let items = PyTuple::new(task.py(), seq.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
    let (prediction, gold, config) = (items.get_item(0)?, items.get_item(1)?, items.get_item(2)?);
    // Converted in the order the Python API converted them: gold, prediction, config.
    let gold = GoldArg(to_source(&gold, "gold")?);
    let prediction = PredictionArg(to_source(&prediction, "prediction")?);
    Ok((prediction, gold, config.extract()?))
}

/// Python names of the checks above, for the package's own use (`tabeq._inputs`).
mod python {
    use pyo3::prelude::*;

    use crate::config::TaskConfig;

    /// The `TaskConfig` of any config form (`tabeq.ConfigLike`).
    #[pyfunction]
    fn as_config<'py>(config: &Bound<'py, PyAny>) -> PyResult<Bound<'py, TaskConfig>> {
        Ok(config.extract::<super::ConfigArg<'py>>()?.0)
    }

    /// CSV bytes or a path for ``table``; ``None`` means "no prediction file".
    /// ``role`` is ``"prediction"`` (``None`` is allowed), ``"gold"`` or ``"table"``.
    #[pyfunction]
    #[pyo3(signature = (table, *, role))]
    fn to_source<'py>(table: &Bound<'py, PyAny>, role: &str) -> PyResult<Bound<'py, PyAny>> {
        super::to_source(table, role)
    }

    /// Rows (header first) as ``csv.writer`` writes them: ``None`` is an empty cell, other
    /// values are written with ``str()``.
    #[pyfunction]
    fn rows_to_csv_bytes<'py>(rows: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let Ok(sequence) = rows.cast::<pyo3::types::PySequence>() else {
            return Err(crate::checks::wrong_type("rows", "a list of rows", rows));
        };
        super::rows_csv(sequence)
    }

    /// ``value`` as a ``str`` that is valid Unicode text.
    #[pyfunction]
    fn check_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
        super::check_text(value, what)
    }

    /// A ``str`` or ``os.PathLike`` as a path the OS can take.
    #[pyfunction]
    fn check_path<'py>(value: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyAny>> {
        super::check_path(value, what).map(Bound::into_any)
    }

    /// ``value`` as an int in ``minimum..sys.maxsize`` (``None`` allowed when ``optional``).
    #[pyfunction]
    #[pyo3(signature = (value, what, *, minimum, optional=false))]
    fn check_count(
        value: &Bound<'_, PyAny>,
        what: &str,
        minimum: i64,
        optional: bool,
    ) -> PyResult<Option<usize>> {
        let given = (!optional || !value.is_none()).then_some(value);
        match given {
            Some(v) if v.is_none() => Err(crate::checks::wrong_type(what, "an int", v)),
            _ => super::check_count(given, what, minimum),
        }
    }

    pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
        crate::add_functions!(
            m,
            as_config,
            to_source,
            rows_to_csv_bytes,
            check_text,
            check_path,
            check_count
        );
        Ok(())
    }
}

pub(crate) use python::register;
