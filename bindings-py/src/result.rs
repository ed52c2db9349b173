//! `tabeq.TaskResult` and `tabeq.SuiteResult`, native: they hold the core's records, and
//! their JSON, documents and one-line forms are the core's. A task result also keeps the
//! inputs it was scored from (the Python `TaskConfig` and the prediction and gold sources),
//! so that it can explain itself through `tabeq.explain`.

use std::hash::{DefaultHasher, Hash, Hasher};

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict, PyList};

use tabeq_surface::evaluator::csv::Limits;
use tabeq_surface::evaluator::error::CsvErrorKind;
use tabeq_surface::evaluator::{SuiteSummary, TaskResult};

use crate::errors::argument_message;
use crate::render;
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

use crate::errors::{argument_error, TabeqError};

use crate::py_values::{python_to_value, to_python, value_to_python, DataError, DataRules};

fn not_an_argument(what: &str) -> impl Fn(String) -> PyErr + '_ {
    move |e| {
        let data = MessageData::new()
            .text("what", what)
            .text("detail", e.to_string());
        argument_message(MessageCode::InContext, data)
    }
}

/// The outcome of one task.
///
/// The official fields are attributes (``passed``, ``error_code``, ``column_mapping``, ...);
/// ``to_dict()`` is exactly the official per-task record. In Jupyter the result shows its
/// verdict, the column mapping with gold names and prediction headers and, on failure,
/// the first differing rows.
#[pyclass(frozen, module = "tabeq", name = "TaskResult")]
pub(crate) struct PyTaskResult {
    inner: TaskResult,
    // The record's flags and counts, copied out of `inner` (`wrap`) to be read as attributes.
    #[pyo3(get)]
    passed: bool,
    #[pyo3(get)]
    order_sensitive: bool,
    #[pyo3(get)]
    gold_column_count: usize,
    #[pyo3(get)]
    prediction_column_count: usize,
    #[pyo3(get)]
    gold_row_count: usize,
    #[pyo3(get)]
    prediction_row_count: usize,
    /// The config the task was scored with.
    #[pyo3(get)]
    config: Option<Py<PyAny>>,
    #[pyo3(get, name = "_prediction")]
    prediction: Option<Py<PyAny>>,
    #[pyo3(get, name = "_gold")]
    gold: Option<Py<PyAny>>,
    /// The limits the inputs were read within (a diagnosis reads them again within them).
    limits: Limits,
}

#[pymethods]
impl PyTaskResult {
    /// Build a result from an official per-task record (``to_dict()`` of another result).
    #[new]
    #[pyo3(signature = (record, *, csv_error_code=None, config=None, prediction=None, gold=None, limits=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        record: &Bound<'_, PyAny>,
        csv_error_code: Option<crate::args::Text>,
        config: Option<Py<PyAny>>,
        prediction: Option<Py<PyAny>>,
        gold: Option<Py<PyAny>>,
        limits: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let limits = crate::checks::check_limits(limits)?;
        let invalid = not_an_argument("not an official per-task record");
        let record = py
            .get_type::<PyDict>()
            .call1((record,))
            .map_err(|e| invalid(e.to_string()))?;
        // As `json.dumps` then the reader took it: NaN allowed, a lone surrogate as U+FFFD.
        let rules = DataRules {
            allow_nan: true,
            replace_surrogates: true,
            what: "the record",
            fallback: None,
        };
        let record = python_to_value(&record, rules).map_err(|e| match e {
            DataError::NotJson(kind, why) => invalid(format!("{kind}: {why}")),
            DataError::Raised(e) | DataError::Surrogate(e) => invalid(e.to_string()),
        })?;
        let mut inner = TaskResult::from_record(&record).map_err(&invalid)?;
        inner.csv_error = csv_error_code
            .as_ref()
            .map(|crate::args::Text(c)| {
                CsvErrorKind::from_code(c).ok_or_else(|| invalid(format!("csv_error_code {c:?}")))
            })
            .transpose()?;
        Ok(PyTaskResult::wrap(inner, config, prediction, gold).within(limits))
    }

    #[getter]
    fn task_id(&self) -> &str {
        &self.inner.task_id
    }
    /// 1 when passed, else 0.
    #[getter]
    fn score(&self) -> u8 {
        self.inner.score()
    }
    /// Prediction column index for each gold column (the first passing mapping), or None.
    #[getter]
    fn column_mapping(&self) -> Option<Vec<usize>> {
        self.inner.column_mapping.clone()
    }
    /// Why it failed (a stable code), or None.
    #[getter]
    fn error_code(&self) -> Option<&'static str> {
        self.inner.error_code.map(|c| c.code())
    }
    /// A message for people, or None.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.inner.error.as_deref()
    }
    /// For ``invalid_prediction_csv``, what is wrong with the CSV.
    #[getter]
    fn csv_error_code(&self) -> Option<&'static str> {
        self.inner.csv_error.map(|c| c.code())
    }
    /// The error code in words, or None.
    #[getter]
    fn error_description(&self) -> Option<&'static str> {
        self.inner.error_code.map(|c| c.description())
    }

    /// The official per-task record (same keys, order and values as the official summary).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.inner)
    }
    /// The official per-task record as JSON text (indent 2, like the summary file).
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The structured diagnosis of this task (``tabeq.explain.explain`` on the same inputs):
    /// shape, types, the best mapping, missing and extra rows, near-miss hints and partial credit.
    /// Results read from files read them again. Gold cells are redacted unless
    /// ``redaction="full"``; for participants' eyes, pass ``redaction="participant"`` and the
    /// ``prediction_root`` (see ``tabeq.explain.explain``).
    #[pyo3(
        signature = (**options),
        text_signature = "($self, *, max_items=5, max_value_chars=60, hints=True, signature_strict=False, redaction=None, show_gold_values=None, prediction_root=None, limits=None)"
    )]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (Some(config), Some(gold)) = (&self.config, &self.gold) else {
            return Err(argument_error(
                tabeq_surface::evaluator::output::NO_INPUTS_TO_EXPLAIN,
            ));
        };
        let explain = pyo3::wrap_pyfunction!(crate::explain::explain, py)?;
        // Read again within the limits it was scored within (unless the caller says otherwise).
        let options = match options {
            Some(o) => o.copy()?,
            None => PyDict::new(py),
        };
        if !options.contains("limits")? {
            options.set_item("limits", self.limits.name())?;
        }
        explain.call((&self.prediction, gold, config), Some(&options))
    }

    /// The verdict explained for people (what ``tabeq check`` prints): the column mapping
    /// with gold names and prediction headers and, on failure, the first differing rows.
    fn describe(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.render(py, "text")?.trim_end_matches('\n').to_string())
    }
    /// ``describe()`` as Markdown.
    fn to_markdown(&self, py: Python<'_>) -> PyResult<String> {
        self.render(py, "markdown")
    }
    /// The notebook view (the core's `Document::to_notebook_html`).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        self.render(py, tabeq_surface::evaluator::doc::NOTEBOOK)
    }
    /// The result rendered as `format` (`text`, `markdown`, `html`, `csv`).
    #[pyo3(name = "_render")]
    fn render_as(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        self.render(py, format)
    }
    fn __repr__(&self) -> String {
        self.inner.repr()
    }
    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        (self.inner.to_json(), self.csv_error_code()).hash(&mut hasher);
        hasher.finish()
    }
    fn __bool__(&self) -> bool {
        self.inner.passed
    }
    /// Pickled as its record, CSV detail and inputs (``copyreg.__newobj_ex__``, the protocol-2
    /// way of calling ``__new__`` with keywords).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.get();
        let options = PyDict::new(py);
        options.set_item("csv_error_code", this.csv_error_code())?;
        options.set_item("config", &this.config)?;
        options.set_item("prediction", &this.prediction)?;
        options.set_item("gold", &this.gold)?;
        options.set_item("limits", this.limits.name())?;
        let new_obj = py.import("copyreg")?.getattr("__newobj_ex__")?;
        let args = (slf.get_type(), (this.to_dict(py)?,), options);
        Ok((new_obj, args).into_pyobject(py)?.into_any())
    }
}

impl PyTaskResult {
    /// A scored result with the inputs it was scored from (so that it can explain itself).
    pub(crate) fn scored(
        inner: TaskResult,
        config: &Bound<'_, PyAny>,
        prediction: Option<&Bound<'_, PyAny>>,
        gold: &Bound<'_, PyAny>,
    ) -> Self {
        let config = Some(config.clone().unbind());
        let prediction = prediction.map(|p| p.clone().unbind());
        PyTaskResult::wrap(inner, config, prediction, Some(gold.clone().unbind()))
    }

    fn wrap(
        inner: TaskResult,
        config: Option<Py<PyAny>>,
        prediction: Option<Py<PyAny>>,
        gold: Option<Py<PyAny>>,
    ) -> Self {
        PyTaskResult {
            passed: inner.passed,
            order_sensitive: inner.order_sensitive,
            gold_column_count: inner.gold_column_count,
            prediction_column_count: inner.prediction_column_count,
            gold_row_count: inner.gold_row_count,
            prediction_row_count: inner.prediction_row_count,
            inner,
            config,
            prediction,
            gold,
            limits: Limits::OFFICIAL,
        }
    }

    /// This result, its inputs read within `limits`.
    pub(crate) fn within(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// A result with its inputs shows their diagnosis; one built from a record (or whose files
    /// cannot be read again), the record.
    fn render(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        let record = || render(&self.inner.document(), format);
        if self.config.is_none() || self.gold.is_none() {
            return record();
        }
        let hints = [("hints", !self.inner.passed)].into_py_dict(py)?;
        // describe() is the operator's view (`tabeq check`): gold cells shown.
        hints.set_item("redaction", "full")?;
        let diagnosis = match self.explain(py, Some(&hints)) {
            Ok(d) => d,
            Err(e) if e.is_instance_of::<TabeqError>(py) || e.is_instance_of::<PyOSError>(py) => {
                let why = e.value(py).str()?;
                return Ok(tabeq_surface::evaluator::output::unexplained(
                    &record()?,
                    &why.to_cow()?,
                ));
            }
            Err(e) => return Err(e),
        };
        let scored = (self.inner.passed, self.error_code());
        diagnosis
            .call_method1("_native_render", (format, scored))?
            .extract()
    }
}

/// A suite's outcome.
///
/// * attributes for the summary numbers (``task_accuracy``, ``task_count``, ...);
/// * iterating gives the ``TaskResult`` of every task, in task order (``len()`` is the task count);
/// * ``result["task_accuracy"]`` reads a field of the official summary by name;
/// * ``to_dict()`` is the official summary, ``to_json()`` the official file's exact text,
///   ``to_pandas()`` one row per task.
#[pyclass(frozen, module = "tabeq", name = "SuiteResult")]
pub(crate) struct PySuiteResult {
    json: String,
    summary: SuiteSummary,
    results: Vec<Py<PyTaskResult>>,
}

impl PySuiteResult {
    /// The core's summary.
    pub(crate) fn summary(&self) -> &SuiteSummary {
        &self.summary
    }

    pub(crate) fn new(summary: SuiteSummary, results: Vec<Py<PyTaskResult>>) -> Self {
        let json = summary.to_json();
        PySuiteResult {
            json,
            summary,
            results,
        }
    }
}

#[pymethods]
impl PySuiteResult {
    #[new]
    fn py_new(summary_json: &Bound<'_, PyAny>, results: &Bound<'_, PyAny>) -> PyResult<Self> {
        let invalid = not_an_argument("summary_json is not a summary's JSON text");
        let json: String = summary_json
            .extract()
            .map_err(|e: PyErr| invalid(e.to_string()))?;
        let summary = SuiteSummary::from_json(&json).map_err(&invalid)?;
        let results = match results.try_iter() {
            Ok(items) if !results.is_instance_of::<pyo3::types::PyString>() => items
                .map(|r| Ok(r?.extract::<Py<PyTaskResult>>()?))
                .collect::<PyResult<Vec<_>>>()
                .map_err(|_| {
                    let data = MessageData::new()
                        .text("what", "results")
                        .text("expected", "TaskResult objects");
                    argument_message(MessageCode::MustBe, data)
                })?,
            _ => {
                let data = MessageData::new()
                    .text("what", "results")
                    .text("expected", "an iterable of TaskResult objects");
                return Err(argument_message(MessageCode::MustBe, data));
            }
        };
        Ok(PySuiteResult {
            json,
            summary,
            results,
        })
    }

    /// passed / tasks (0.0 for an empty suite).
    #[getter]
    fn task_accuracy(&self) -> f64 {
        self.summary.task_accuracy()
    }
    #[getter]
    fn task_count(&self) -> usize {
        self.summary.tasks.len()
    }
    #[getter]
    fn passed_task_count(&self) -> usize {
        self.summary.passed_task_count()
    }
    #[getter]
    fn failed_task_count(&self) -> usize {
        self.summary.tasks.len() - self.summary.passed_task_count()
    }
    /// Prediction directories with no config (not scored).
    #[getter]
    fn unscored_prediction_tasks(&self) -> Vec<String> {
        self.summary.unscored_prediction_tasks.clone()
    }
    #[getter]
    fn config_set_sha256(&self) -> &str {
        &self.summary.config_set_sha256
    }
    /// Every task's result, in task order.
    #[getter]
    fn results(&self, py: Python<'_>) -> Vec<Py<PyTaskResult>> {
        self.results.iter().map(|r| r.clone_ref(py)).collect()
    }
    /// The failed tasks' results, in task order.
    #[getter]
    fn failures(&self, py: Python<'_>) -> Vec<Py<PyTaskResult>> {
        let failed = self.results.iter().filter(|r| !r.get().inner.passed);
        failed.map(|r| r.clone_ref(py)).collect()
    }
    /// The ignored config keys of each task that has any (never in the summary file).
    #[getter]
    fn config_warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for result in &self.results {
            if let Some(config) = &result.get().config {
                let warnings = config.bind(py).getattr("warnings")?;
                if warnings.is_truthy()? {
                    out.set_item(&result.get().inner.task_id, warnings)?;
                }
            }
        }
        Ok(out)
    }
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.results(py))?
            .try_iter()
            .map(Bound::into_any)
    }
    fn __len__(&self) -> usize {
        self.results.len()
    }
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item(key)
    }
    /// The official summary dict (a fresh copy).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        // The text was read when this result was made, so it parses.
        let summary = tabeq_surface::evaluator::cpython_json::parse(&self.json)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        value_to_python(py, &summary)
    }
    /// The official summary file's text: indent 2, ``ensure_ascii=False``, trailing newline.
    fn to_json(&self) -> &str {
        &self.json
    }
    /// One row per task (the official record's fields; ``column_mapping`` as a list of
    /// prediction indices). Requires pandas.
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = py.import("pandas")?; // optional: imported only here
        let rows = PyList::empty(py);
        for result in &self.results {
            let row = result.get().to_dict(py)?;
            row.set_item("column_mapping", result.get().column_mapping())?;
            rows.append(row)?;
        }
        pandas.call_method1("DataFrame", (rows,))
    }
    fn __repr__(&self) -> String {
        self.summary.repr()
    }
    /// The totals and one row per task (failures first), as Markdown.
    fn to_markdown(&self) -> PyResult<String> {
        render(&self.summary.document(), "markdown")
    }
    /// The notebook view: the totals, then the tasks folded (25 shown, the rest folded again).
    fn _repr_html_(&self) -> PyResult<String> {
        Ok(self.summary.document().to_notebook_html())
    }
}

/// Register the result classes on `_tabeq`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTaskResult>()?;
    m.add_class::<PySuiteResult>()?;
    Ok(())
}
