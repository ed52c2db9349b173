//! Python bindings: type and error translation, file reading and threads. All scoring
//! logic lives in the `tabeq` core crate.

/// Add each function to the module `m` (`wrap_pyfunction!` each); every file's `register` can use it.
macro_rules! add_functions {
    ($m:expr, $($function:ident),+ $(,)?) => {{
        $($m.add_function(pyo3::wrap_pyfunction!($function, $m)?)?;)+
    }};
}
pub(crate) use add_functions;

mod cli;
mod diagnosis;
mod explain;
mod fs;
mod gold;
mod pool;
mod result;
mod spider2;
mod trust;

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyBytes, PyList};

use tabeq::config::{ColumnSpec, ConfigWarning, TaskConfig};
use tabeq::csv::read_table;
use tabeq::error::error_catalogue;
use tabeq::file_input::parse_config_with_column_defaults;
use tabeq::file_input::PredictionSource;
use tabeq::suite::{plan_suite, unscored_prediction_tasks, SuiteSummary};
use tabeq::{FatalError, PreparedGold, TaskResult};

use crate::fs::PredictionFile;
use crate::result::{PySuiteResult, PyTaskResult};

pyo3::import_exception!(tabeq._errors, ConfigError);
pyo3::import_exception!(tabeq._errors, GoldError);
pyo3::import_exception!(tabeq._errors, SuiteError);
pyo3::import_exception!(tabeq._errors, CellError);
pyo3::import_exception!(tabeq._errors, CsvError);
pyo3::import_exception!(tabeq._errors, OutputError);

/// Turn a core fatal error into the matching Python exception (`.code`, `.stage`, `.task_id`).
fn fatal_to_py(e: FatalError) -> PyErr {
    let args = (e.to_string(), e.code.code(), e.task_id.clone());
    match e.stage().as_str() {
        "config" => ConfigError::new_err(args),
        "gold" => GoldError::new_err(args),
        _ => SuiteError::new_err(args),
    }
}

/// A validated task config (immutable).
#[pyclass(frozen, module = "tabeq._tabeq", name = "NativeConfig")]
pub(crate) struct NativeConfig {
    pub(crate) inner: TaskConfig,
    /// Keys the official evaluator ignores (reported, never used).
    warnings: Vec<ConfigWarning>,
}

#[pymethods]
impl NativeConfig {
    /// Parse config JSON bytes; `file_stem` must equal the task id when given. With
    /// `column_defaults` (a config built from column objects), a column without `gold_index`
    /// or `gold_name` gets its position and `column_<index>`.
    #[staticmethod]
    #[pyo3(signature = (data, file_stem=None, column_defaults=false))]
    fn from_json(data: &[u8], file_stem: Option<&str>, column_defaults: bool) -> PyResult<Self> {
        let parse = match column_defaults {
            true => parse_config_with_column_defaults,
            false => TaskConfig::from_json_with_warnings,
        };
        let (inner, warnings) = parse(data, file_stem).map_err(fatal_to_py)?;
        Ok(NativeConfig { inner, warnings })
    }
    /// The ignored keys, as `tabeq.ConfigWarning`s.
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let warning = py.import("tabeq._errors")?.getattr("ConfigWarning")?;
        let new = |w: &ConfigWarning| {
            let code = w.code.code();
            warning.call1((code, w.to_string(), &w.key, w.column(), w.suggestion))
        };
        self.warnings.iter().map(new).collect()
    }
    /// The normalized config as JSON text.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }
    #[getter]
    fn task_id(&self) -> &str {
        &self.inner.task_id
    }
    #[getter]
    fn order_sensitive(&self) -> bool {
        self.inner.order_sensitive
    }
    /// The one-line form (`TaskConfig.__repr__`).
    fn repr(&self) -> String {
        self.inner.repr()
    }
    /// Rule descriptions of the gold columns.
    fn rule_descriptions(&self) -> Vec<String> {
        self.inner.rules().iter().map(|r| r.describe()).collect()
    }
}

/// The native config of a `tabeq.TaskConfig`.
pub(crate) fn native_config<'py>(config: &Bound<'py, PyAny>) -> PyResult<Bound<'py, NativeConfig>> {
    Ok(config.getattr("_native")?.cast_into::<NativeConfig>()?)
}

/// A core document in one of its formats (`text`, `markdown`, `html`, `csv`).
pub(crate) fn render(doc: &tabeq::doc::Document, format: &str) -> PyResult<String> {
    doc.render(format).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "format must be 'text', 'markdown', 'html' or 'csv', not {format:?}"
        ))
    })
}

/// Work above this many input bytes releases the GIL.
const DETACH_THRESHOLD: usize = 64 * 1024;

/// A table handed to the evaluator: the file's bytes, or a path the bindings read with the
/// official evaluator's checks.
enum Input<'a> {
    Bytes(Cow<'a, [u8]>),
    Path(PathBuf),
}

impl<'a> Input<'a> {
    /// `bytes` are borrowed; `str` and `os.PathLike` are paths.
    fn borrowed(obj: &'a Bound<'_, PyAny>) -> PyResult<Input<'a>> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Input::Bytes(Cow::Borrowed(b.as_bytes())));
        }
        Self::path(obj)
    }

    fn path<'b>(obj: &Bound<'_, PyAny>) -> PyResult<Input<'b>> {
        obj.extract::<PathBuf>().map(Input::Path).map_err(|_| {
            PyTypeError::new_err(format!(
                "expected CSV bytes or a path, got {}",
                obj.get_type()
                    .name()
                    .map_or_else(|_| "?".to_string(), |n| n.to_string())
            ))
        })
    }

    fn size(&self) -> usize {
        match self {
            Input::Bytes(b) => b.len(),
            // Reading a file is worth releasing the GIL for, whatever its size.
            Input::Path(_) => DETACH_THRESHOLD + 1,
        }
    }
}

/// A table argument as the native layer reads it: bytes (and a missing prediction) as they
/// are, anything else through `tabeq._inputs.to_source` (paths checked, DataFrames and rows
/// written as CSV).
pub(crate) fn to_source<'py>(table: &Bound<'py, PyAny>, role: &str) -> PyResult<Bound<'py, PyAny>> {
    if table.is_exact_instance_of::<PyBytes>() || (table.is_none() && role == "prediction") {
        return Ok(table.clone());
    }
    let inputs = table.py().import("tabeq._inputs")?;
    let role = [("role", role)].into_py_dict(table.py())?;
    inputs.getattr("to_source")?.call((table,), Some(&role))
}

/// The prediction and gold of one task, as handed in.
pub(crate) struct TaskInputs<'a> {
    prediction: Option<Input<'a>>,
    gold: Input<'a>,
}

impl<'a> TaskInputs<'a> {
    pub(crate) fn new(
        prediction: Option<&'a Bound<'_, PyAny>>,
        gold: &'a Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let prediction = prediction.map(Input::borrowed).transpose()?;
        let gold = Input::borrowed(gold)?;
        Ok(TaskInputs { prediction, gold })
    }

    /// `work` on these inputs, with the GIL released when they are large enough to be worth it;
    /// a fatal error raised as its Python exception.
    pub(crate) fn run<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(Option<&Input<'a>>, &Input<'a>) -> Result<T, FatalError> + Send,
    ) -> PyResult<T> {
        let size = self.gold.size() + self.prediction.as_ref().map_or(0, Input::size);
        let run = || work(self.prediction.as_ref(), &self.gold);
        let result = if size > DETACH_THRESHOLD {
            py.detach(run)
        } else {
            run()
        };
        result.map_err(fatal_to_py)
    }
}

impl Input<'_> {
    /// The gold's bytes: borrowed, or read from its path (fatal when it cannot be read).
    fn gold_bytes(&self, task_id: &str) -> Result<Cow<'_, [u8]>, FatalError> {
        Ok(match self {
            Input::Bytes(b) => Cow::Borrowed(b),
            Input::Path(p) => Cow::Owned(fs::read_gold(p, task_id)?),
        })
    }
}

/// The one prediction intake: `f` gets the input as the core's `PredictionSource` (none,
/// bytes, or a path read as the suite reads `prediction.csv`).
pub(crate) fn with_prediction<T>(
    input: Option<&Input<'_>>,
    f: impl FnOnce(PredictionSource<'_>) -> T,
) -> T {
    match input {
        None => f(PredictionSource::Missing(None)),
        Some(Input::Bytes(b)) => f(PredictionSource::Csv(b)),
        Some(Input::Path(p)) => f(file_source(&fs::read_prediction(p), p)),
    }
}

/// What the file reader found at a prediction path, as the core's source.
pub(crate) fn file_source<'a>(file: &'a PredictionFile, path: &'a Path) -> PredictionSource<'a> {
    match file {
        PredictionFile::Missing => PredictionSource::Missing(Some(path)),
        PredictionFile::Invalid(e) => PredictionSource::Unreadable(e),
        PredictionFile::Bytes(b) => PredictionSource::Csv(b),
    }
}

/// Score one task whose inputs are bytes or paths. A gold path that cannot be read is fatal
/// (`gold_missing`).
fn evaluate_inputs(
    prediction: Option<&Input<'_>>,
    gold: &Input<'_>,
    config: &TaskConfig,
) -> Result<TaskResult, FatalError> {
    let prepared = PreparedGold::new(&gold.gold_bytes(&config.task_id)?, config)?;
    Ok(with_prediction(prediction, |p| p.evaluate(&prepared)))
}

/// Score one task. `prediction` is CSV bytes, a path, or None (no file); `gold` is CSV
/// bytes or a path.
#[pyfunction]
#[pyo3(signature = (prediction, gold, config))]
fn evaluate(
    py: Python<'_>,
    prediction: Option<&Bound<'_, PyAny>>,
    gold: &Bound<'_, PyAny>,
    config: &Bound<'_, PyAny>,
) -> PyResult<PyTaskResult> {
    let inputs = TaskInputs::new(prediction, gold)?;
    let native = native_config(config)?;
    let task = &native.get().inner;
    let inner = inputs.run(py, |p, g| evaluate_inputs(p, g, task))?;
    Ok(PyTaskResult::scored(inner, config, prediction, gold))
}

/// One `(prediction, gold, config)` item of `evaluate_many`.
type TaskItem<'py> = (
    Option<Bound<'py, PyAny>>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
);

/// Score many tasks in parallel: `tasks` is a list of `(prediction bytes | path | None, gold
/// bytes | path, TaskConfig)`. Files are read by the worker threads. Results come back in
/// input order; the first fatal error (in input order) is raised with its index.
#[pyfunction]
#[pyo3(signature = (tasks, threads=None))]
fn evaluate_many(
    py: Python<'_>,
    tasks: &Bound<'_, PyList>,
    threads: Option<usize>,
) -> PyResult<Vec<PyTaskResult>> {
    // Nothing is copied: the workers read the caller's bytes objects (immutable, and kept
    // alive by `items`) and configs (a frozen pyclass can be read from any thread).
    let items = tasks
        .iter()
        .map(|item| item.extract())
        .collect::<PyResult<Vec<TaskItem<'_>>>>()?;
    let natives = items
        .iter()
        .map(|(_, _, config)| native_config(config))
        .collect::<PyResult<Vec<_>>>()?;
    let inputs = items
        .iter()
        .zip(&natives)
        .map(|((pred, gold, _), config)| {
            let pred = pred.as_ref().map(Input::borrowed).transpose()?;
            Ok((pred, Input::borrowed(gold)?, config.get()))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let threads = pool::thread_count(threads, inputs.len());
    let estimate = inputs
        .iter()
        .map(|(p, g, _)| 1024 + g.size() + p.as_ref().map_or(0, Input::size))
        .sum();
    let work = |i: usize| {
        let (pred, gold, config) = &inputs[i];
        evaluate_inputs(pred.as_ref(), gold, &config.inner)
    };
    let results = pool::run(py, inputs.len(), threads, estimate, &work, None)?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let (pred, gold, config) = &items[i];
            r.map(|inner| PyTaskResult::scored(inner, config, pred.as_ref(), gold))
                .map_err(|e| fatal_to_py(e.in_batch(i)))
        })
        .collect()
}

/// Evaluate a suite in the official layout: its summary (exactly the official file's content)
/// and every task's result, which keeps its config and absolute file paths.
#[pyfunction]
#[pyo3(signature = (prediction_root, gold_root, config_root, threads=None, progress=None))]
fn evaluate_suite(
    py: Python<'_>,
    prediction_root: PathBuf,
    gold_root: PathBuf,
    config_root: PathBuf,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySuiteResult> {
    let plan = py
        .detach(|| -> Result<_, FatalError> {
            fs::require_dir(&prediction_root, "prediction root")?;
            fs::require_dir(&gold_root, "gold root")?;
            let files = fs::read_config_files(&config_root)?;
            plan_suite(&files)
        })
        .map_err(fatal_to_py)?;
    let total = plan.configs.len();
    let work = |i: usize| -> Result<TaskResult, FatalError> {
        let config = &plan.configs[i];
        let gold = fs::read_gold(
            &gold_root.join(&config.task_id).join("gold.csv"),
            &config.task_id,
        )?;
        let prepared = PreparedGold::new(&gold, config)?;
        let path = prediction_root.join(&config.task_id).join("prediction.csv");
        Ok(with_prediction(Some(&Input::Path(path)), |p| {
            p.evaluate(&prepared)
        }))
    };
    // Every task reads files: always worth the pool.
    let estimate = total.saturating_mul(pool::INLINE_WORK_BYTES);
    let threads = pool::thread_count(threads, total);
    let results = pool::run(py, total, threads, estimate, &work, progress)?;
    let mut tasks = Vec::with_capacity(total);
    for r in results {
        tasks.push(r.map_err(fatal_to_py)?);
    }
    let unscored = unscored_prediction_tasks(
        fs::prediction_dirs(&prediction_root)
            .iter()
            .map(String::as_str),
        &plan,
    );
    let summary = SuiteSummary::new(&plan, tasks.clone(), unscored);
    // Absolute, so that results can still read their files after a change of directory.
    let (predictions, golds) = (
        std::path::absolute(&prediction_root)?,
        std::path::absolute(&gold_root)?,
    );
    let configs = plan.configs.into_iter().zip(plan.config_warnings);
    let wrap_config = py
        .import("tabeq")?
        .getattr("TaskConfig")?
        .getattr("_wrap")?;
    let mut results = Vec::with_capacity(total);
    for (inner, (config, warnings)) in tasks.into_iter().zip(configs) {
        let files = [(&predictions, "prediction.csv"), (&golds, "gold.csv")];
        let [prediction, gold] = files.map(|(root, file)| {
            let path = root.join(&config.task_id).join(file).into_os_string();
            path.into_pyobject(py).map(Bound::into_any)
        });
        let native = Bound::new(
            py,
            NativeConfig {
                inner: config,
                warnings,
            },
        )?;
        let config = wrap_config.call1((native,))?;
        let (prediction, gold) = (prediction?, gold?);
        let result = PyTaskResult::scored(inner, &config, Some(&prediction), &gold);
        results.push(Py::new(py, result)?);
    }
    Ok(PySuiteResult::new(summary, results))
}

/// Canonicalize one value under a column (given as column-object JSON text). Returns the
/// canonical text, or None for a null; raises CellError (with `.code`) when it does not read.
#[pyfunction]
fn canonicalize(value: &str, column_json: &str) -> PyResult<Option<String>> {
    let spec = ColumnSpec::from_json(column_json).map_err(fatal_to_py)?;
    match tabeq::canon::canonicalize(value, &spec.rule()) {
        Ok(c) => Ok(c.as_str().map(str::to_string)),
        Err(e) => Err(CellError::new_err((e.message(), e.kind.code()))),
    }
}

/// Read CSV bytes with the strict reader: the rows (header first) as tabeq sees them.
/// Raises CsvError (with `.code`) when the bytes are not a strict CSV within the limits.
#[pyfunction]
fn read_csv(py: Python<'_>, data: &Bound<'_, PyBytes>) -> PyResult<Vec<Vec<String>>> {
    let bytes = data.as_bytes();
    let table = if bytes.len() > DETACH_THRESHOLD {
        py.detach(|| read_table(bytes))
    } else {
        read_table(bytes)
    }
    .map_err(|e| CsvError::new_err((e.to_string(), e.kind.code())))?;
    let mut rows = Vec::with_capacity(table.row_count() + 1);
    rows.push(table.headers().to_vec());
    for r in 0..table.row_count() {
        rows.push(table.row(r).map(str::to_string).collect());
    }
    Ok(rows)
}

/// Read a CSV file for `read_table`, as a prediction is read (no final link, a regular file
/// within the size limit, checked on the open descriptor); raises CsvError.
#[pyfunction]
fn read_csv_file(py: Python<'_>, path: PathBuf) -> PyResult<Vec<Vec<String>>> {
    let e = match py.detach(|| fs::read_prediction(&path)) {
        PredictionFile::Bytes(b) => return read_csv(py, &PyBytes::new(py, &b)),
        PredictionFile::Missing => {
            tabeq::CsvError::file(&path.display().to_string(), fs::ReadError::Missing)
        }
        PredictionFile::Invalid(e) => e,
    };
    Err(CsvError::new_err((e.message(), e.kind.code())))
}

/// Load a config file as the suite reads one (links followed, opened without blocking and
/// checked on the descriptor); its stem must equal its task id. Raises `ConfigError`.
#[pyfunction]
fn load_config(py: Python<'_>, path: PathBuf) -> PyResult<NativeConfig> {
    let data = py.detach(|| fs::read_config(&path)).map_err(fatal_to_py)?;
    let stem = path.file_stem().map(|s| s.to_string_lossy());
    NativeConfig::from_json(&data, stem.as_deref(), false)
}

/// Read a regular file of at most `max_bytes` (links followed; opened without blocking and
/// checked on the descriptor). Raises OSError with a message naming the problem.
#[pyfunction]
fn read_file(py: Python<'_>, path: PathBuf, max_bytes: u64) -> PyResult<Py<PyBytes>> {
    match py.detach(|| fs::read_regular_file(&path, max_bytes, fs::FinalLink::Follow)) {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes).unbind()),
        // An OS error in its own words (an `OSError`, as `open` would raise).
        Err(fs::ReadError::Io(reason)) => Err(pyo3::exceptions::PyOSError::new_err(reason)),
        Err(e) => Err(pyo3::exceptions::PyOSError::new_err(
            e.message(&path.display().to_string()),
        )),
    }
}

/// The Python `OutputError` (`.code`) for a core output problem.
fn output_to_py(e: tabeq::file_problem::OutputError) -> PyErr {
    OutputError::new_err((e.to_string(), e.code().code()))
}

/// Raise OutputError unless the summary can be written to `path` (see `fs::check_output`).
#[pyfunction]
fn check_output(path: PathBuf) -> PyResult<()> {
    fs::check_output(&path).map_err(output_to_py)
}

/// Write the summary atomically (temporary file in the same directory, then rename).
#[pyfunction]
fn write_output(py: Python<'_>, path: PathBuf, text: &str) -> PyResult<()> {
    py.detach(|| fs::write_output(&path, text))
        .map_err(output_to_py)
}

/// The gold-less check of one prediction (`tabeq validate`) as its document, rendered.
#[pyfunction]
fn render_validation(
    py: Python<'_>,
    prediction: Option<&Bound<'_, PyAny>>,
    config: &NativeConfig,
    format: &str,
) -> PyResult<String> {
    let input = prediction.map(Input::borrowed).transpose()?;
    let report = py.detach(|| with_prediction(input.as_ref(), |p| p.validate(&config.inner)));
    render(&report.document(), format)
}

/// The core's error-code catalogue as JSON text: `[{"code", "family", "description"}, ...]`.
#[pyfunction]
fn error_catalogue_json() -> String {
    tabeq::cpython_json::to_tree(&error_catalogue()).to_pretty()
}

#[pymodule]
fn _tabeq(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", tabeq::VERSION)?;
    m.add("HTML_STYLE", tabeq::doc::HTML_STYLE)?;
    let hints = tabeq::explain::HintKind::ALL.iter().map(|h| h.code());
    m.add("HINT_NAMES", hints.collect::<Vec<_>>())?;
    m.add_class::<NativeConfig>()?;
    add_functions!(
        m,
        evaluate,
        evaluate_many,
        evaluate_suite,
        canonicalize,
        read_csv,
        error_catalogue_json,
        render_validation,
        read_csv_file,
        read_file,
        load_config,
        check_output,
        write_output,
    );
    result::register(m)?;
    trust::register(m)?;
    explain::register(m)?;
    cli::register(m)?;
    gold::register(m)?;
    spider2::register(m)?;
    Ok(())
}
