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
mod columns;
mod diagnosis;
mod explain;
mod fs;
mod gold;
mod interrupt;
mod kddcup;
mod pool;
mod predictions_folder;
mod profiles;
mod result;
mod spider2;
mod sql;
mod trust;

mod args;
mod checks;
mod config;
mod errors;
mod py_values;

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use tabeq_surface::evaluator::config::{ColumnSpec, TaskConfig as CoreConfig};
use tabeq_surface::evaluator::csv::{read_table, read_table_within, Limits, Table};
use tabeq_surface::evaluator::evaluate::FileContent;
use tabeq_surface::evaluator::parallel::{join, InTurn, Parallel};
use tabeq_surface::evaluator::suite::SuiteRun;
use tabeq_surface::evaluator::{
    evaluate_gold_table_within, evaluate_task_within, FatalError, Prediction, TaskResult,
};
use tabeq_surface::trust::error_catalogue;

use crate::args::{check_count, check_path, check_text, iterate, triple, TableArg, TaskArgs};
use crate::config::TaskConfig;
use crate::errors::argument_message;
use crate::errors::{argument_error, fatal_to_py, CellError, CsvError, OutputError};
use crate::result::{PySuiteResult, PyTaskResult};
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

/// A core document in one of its formats (`text`, `markdown`, `html`, `csv`).
pub(crate) fn render(
    doc: &tabeq_surface::evaluator::doc::Document,
    format: &str,
) -> PyResult<String> {
    doc.render(format).ok_or_else(|| {
        let format = format.to_string();
        let e = tabeq_surface::evaluator::error::ArgumentError::UnknownFormat { format };
        pyo3::exceptions::PyValueError::new_err(e.to_string())
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
            let data = MessageData::new()
                .text("expected", "CSV bytes or a path")
                .text("got", args::type_name(obj));
            argument_message(MessageCode::ExpectedGot, data)
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
        self.gold_bytes_within(task_id, &Limits::OFFICIAL)
    }

    /// [`Self::gold_bytes`], a file over `limits.bytes` refused.
    fn gold_bytes_within(
        &self,
        task_id: &str,
        limits: &Limits,
    ) -> Result<Cow<'_, [u8]>, FatalError> {
        Ok(match self {
            Input::Bytes(b) => Cow::Borrowed(b),
            Input::Path(p) => Cow::Owned(fs::read_gold(p, task_id, limits)?),
        })
    }

    /// The gold's table: its bytes read, or its file streamed ([`fs::read_gold_table_identified`]).
    fn gold_table_within(&self, task_id: &str, limits: &Limits) -> Result<Table, FatalError> {
        match self {
            Input::Bytes(b) => {
                read_table_within(b, limits).map_err(|e| FatalError::gold_unreadable(task_id, &e))
            }
            Input::Path(p) => fs::read_gold_table_identified(p, task_id, limits).map(|(t, _)| t),
        }
    }

    /// About the bytes there are to read (a file's size; 0 when it cannot be known).
    fn file_size(&self) -> usize {
        match self {
            Input::Bytes(b) => b.len(),
            Input::Path(p) => std::fs::metadata(p).map_or(0, |m| m.len() as usize),
        }
    }
}

/// The one prediction intake: `f` gets the input as the core's `Prediction` (none, bytes, or
/// a path read as the suite reads `prediction.csv`).
pub(crate) fn with_prediction<T>(
    input: Option<&Input<'_>>,
    f: impl FnOnce(Prediction<'_>) -> T,
) -> T {
    with_prediction_within(input, &Limits::OFFICIAL, f)
}

/// [`with_prediction`], a file over `limits.bytes` refused.
pub(crate) fn with_prediction_within<T>(
    input: Option<&Input<'_>>,
    limits: &Limits,
    f: impl FnOnce(Prediction<'_>) -> T,
) -> T {
    f(PredictionInput::read(input, limits).prediction())
}

/// A prediction taken in: its bytes, or its file read. Beyond the official limits a file is
/// streamed into its table ([`fs::read_prediction_table`]): a task then holds its tables,
/// never a 10⁶-row file besides.
pub(crate) enum PredictionInput<'a> {
    Missing,
    Bytes(&'a [u8]),
    File(FileContent, String),
    Table(Table),
}

impl<'a> PredictionInput<'a> {
    pub(crate) fn read(input: Option<&'a Input<'_>>, limits: &Limits) -> PredictionInput<'a> {
        match input {
            None => PredictionInput::Missing,
            Some(Input::Bytes(b)) => PredictionInput::Bytes(b),
            Some(Input::Path(p)) => Self::file(p, None, limits),
        }
    }

    /// The prediction file at `path`, which must not be the gold file `gold`.
    pub(crate) fn file(path: &Path, gold: Option<fs::FileId>, limits: &Limits) -> Self {
        let shown = path.display().to_string();
        if *limits == Limits::OFFICIAL {
            let file = fs::read_prediction_unlike(path, gold, limits);
            return PredictionInput::File(file, shown);
        }
        match fs::read_prediction_table(path, gold, limits) {
            fs::PredictionFile::Table(table) => PredictionInput::Table(table),
            fs::PredictionFile::Content(file) => PredictionInput::File(file, shown),
        }
    }

    /// The core's view of it (a path named in the record as the suite names `prediction.csv`).
    pub(crate) fn prediction(&self) -> Prediction<'_> {
        match self {
            PredictionInput::Missing => Prediction::Missing,
            PredictionInput::Bytes(b) => Prediction::Csv(b),
            PredictionInput::File(file, shown) => file.prediction_at(shown),
            PredictionInput::Table(table) => Prediction::Table(table),
        }
    }
}

/// Score one task whose inputs are bytes or paths. A gold path that cannot be read is fatal
/// (`gold_missing`). Beyond the official limits both files are streamed, at once.
fn evaluate_inputs(
    prediction: Option<&Input<'_>>,
    gold: &Input<'_>,
    config: &CoreConfig,
    limits: &Limits,
    parallel: &dyn Parallel,
) -> Result<TaskResult, FatalError> {
    if *limits != Limits::OFFICIAL {
        let size = gold.file_size() + prediction.map_or(0, Input::file_size);
        let (gold, prediction) = join(
            parallel,
            size,
            || gold.gold_table_within(&config.task_id, limits),
            || PredictionInput::read(prediction, limits),
        );
        let prediction = prediction.prediction();
        return evaluate_gold_table_within(prediction, gold?, config, limits, parallel);
    }
    let gold = gold.gold_bytes_within(&config.task_id, limits)?;
    with_prediction_within(prediction, limits, |p| {
        evaluate_task_within(p, &gold, config, limits, parallel)
    })
}

/// Score one prediction against its gold.
///
/// ``prediction`` and ``gold`` are CSV bytes, a path, a pandas or polars DataFrame, or a list
/// of rows with the header first; ``prediction`` may be ``None`` (no prediction file:
/// ``missing_prediction``). ``config`` is a ``TaskConfig``, a dict, JSON text or a path.
/// A broken gold raises ``GoldError``; a broken config raises ``ConfigError``.
/// A large task (from 256 KiB of input) runs its independent parts (reading the gold and the
/// prediction, each distinct rule's columns) on the worker pool, with the GIL released.
/// ``limits="lifted"`` reads both beyond the official 20 MiB and 100,000 rows (research
/// tables; the official evaluator refuses such files).
#[pyfunction]
#[pyo3(signature = (prediction, gold, config, *, limits=None))]
fn evaluate(
    py: Python<'_>,
    prediction: &Bound<'_, PyAny>,
    gold: &Bound<'_, PyAny>,
    config: &Bound<'_, PyAny>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTaskResult> {
    let limits = checks::check_limits(limits)?;
    let TaskArgs {
        config,
        prediction,
        gold,
    } = TaskArgs::new(prediction, gold, config)?;
    let prediction = prediction.as_ref();
    let inputs = TaskInputs::new(prediction, &gold)?;
    let task = &config.get().inner;
    let inner = inputs.run(py, |p, g| evaluate_inputs(p, g, task, &limits, &pool::Lent))?;
    Ok(PyTaskResult::scored(inner, config.as_any(), prediction, &gold).within(limits))
}

/// Score many ``(prediction, gold, config)`` triples in parallel (GIL released).
///
/// Each triple takes the same inputs as ``evaluate``. Results are in input order and equal
/// to scoring each triple with ``evaluate``. ``threads`` defaults to the number of CPUs.
/// The first fatal error (in input order) is raised, its message naming the task's position.
/// ``limits`` is ``evaluate``'s.
#[pyfunction]
#[pyo3(signature = (tasks, threads=None, *, limits=None))]
fn evaluate_many(
    py: Python<'_>,
    tasks: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyTaskResult>> {
    let threads = check_count(threads, "threads", 1)?;
    let limits = checks::check_limits(limits)?;
    // Nothing is copied: the workers read the caller's bytes objects (immutable, and kept
    // alive by `items`) and configs (a frozen pyclass can be read from any thread).
    let items = iterate(tasks, "tasks")?
        .iter()
        .enumerate()
        .map(|(i, task)| triple(task, i))
        .collect::<PyResult<Vec<_>>>()?;
    let inputs = items
        .iter()
        .map(|(pred, gold, config)| {
            let pred = pred.get().map(Input::borrowed).transpose()?;
            Ok((pred, Input::borrowed(&gold.0)?, config.0.get()))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let threads = pool::thread_count(threads, inputs.len());
    let estimate = inputs
        .iter()
        .map(|(p, g, _)| 1024 + g.size() + p.as_ref().map_or(0, Input::size))
        .sum();
    let work = |i: usize| {
        let (pred, gold, config) = &inputs[i];
        evaluate_inputs(pred.as_ref(), gold, &config.inner, &limits, &InTurn)
    };
    let results = pool::run(py, inputs.len(), threads, estimate, &work, None)?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let (pred, gold, config) = &items[i];
            r.map(|inner| {
                PyTaskResult::scored(inner, config.0.as_any(), pred.get(), &gold.0).within(limits)
            })
            .map_err(|e| fatal_to_py(e.in_batch(i)))
        })
        .collect()
}

/// Evaluate a suite in the official layout (``P/task_N/prediction.csv``,
/// ``G/task_N/gold.csv``, ``C/task_N.json``) in parallel; returns the official summary.
///
/// ``progress(done, total)`` is called about ten times a second. Fatal problems raise
/// ``FatalError`` (``ConfigError``, ``GoldError`` or ``SuiteError``). ``limits="lifted"``
/// reads CSVs beyond the official limits (see ``evaluate``), and the summary then records
/// them (``"limits": "lifted"``); an official summary has no such key.
#[pyfunction]
#[pyo3(signature = (prediction_root, gold_root, config_root, threads=None, progress=None, *, limits=None))]
fn evaluate_suite(
    py: Python<'_>,
    prediction_root: &Bound<'_, PyAny>,
    gold_root: &Bound<'_, PyAny>,
    config_root: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySuiteResult> {
    let limits = checks::check_limits(limits)?;
    let prediction_root: PathBuf = check_path(prediction_root, "prediction_root")?.extract()?;
    let gold_root: PathBuf = check_path(gold_root, "gold_root")?.extract()?;
    let config_root: PathBuf = check_path(config_root, "config_root")?.extract()?;
    let threads = check_count(threads, "threads", 1)?;
    let progress = crate::args::check_progress(progress)?;
    let mut run = py
        .detach(|| -> Result<_, FatalError> {
            fs::require_dir(&prediction_root, "prediction root")?;
            fs::require_dir(&gold_root, "gold root")?;
            let files = fs::read_config_files(&config_root)?;
            SuiteRun::new(&files, fs::prediction_dirs(&prediction_root))
        })
        .map_err(fatal_to_py)?;
    let configs = run.plan().configs.clone();
    let total = configs.len();
    let work = |i: usize| -> Result<TaskResult, FatalError> {
        let config = &configs[i];
        let gold_path = gold_root.join(&config.task_id).join("gold.csv");
        let path = prediction_root.join(&config.task_id).join("prediction.csv");
        // One prediction per gold: scored as a one-shot task, whose gold is interned only when
        // the hashes of a large unordered task do not decide it. A linked task folder must not
        // make the gold its own prediction.
        let task_id = &config.task_id;
        if limits == Limits::OFFICIAL {
            let (gold, gold_id) = fs::read_gold_identified(&gold_path, task_id, &limits)?;
            let prediction = PredictionInput::file(&path, gold_id, &limits);
            return evaluate_task_within(prediction.prediction(), &gold, config, &limits, &InTurn);
        }
        let (gold, gold_id) = fs::read_gold_table_identified(&gold_path, task_id, &limits)?;
        let prediction = PredictionInput::file(&path, gold_id, &limits);
        evaluate_gold_table_within(prediction.prediction(), gold, config, &limits, &InTurn)
    };
    // Every task reads files: always worth the pool.
    let estimate = total.saturating_mul(pool::INLINE_WORK_BYTES);
    let threads = pool::thread_count(threads, total);
    for result in pool::run(py, total, threads, estimate, &work, progress)? {
        run.record(result.map_err(fatal_to_py)?);
    }
    let summary = run
        .finished_summary()
        .map_err(|e| argument_error(e.to_string()))?
        .with_limits(limits);
    // Absolute, so that results can still read their files after a change of directory.
    let (predictions, golds) = (
        std::path::absolute(&prediction_root)?,
        std::path::absolute(&gold_root)?,
    );
    let warnings = run.plan().config_warnings.clone();
    let mut results = Vec::with_capacity(total);
    for ((inner, config), warnings) in summary.tasks.iter().zip(configs).zip(warnings) {
        let files = [(&predictions, "prediction.csv"), (&golds, "gold.csv")];
        let [prediction, gold] = files.map(|(root, file)| {
            let path = root.join(&config.task_id).join(file).into_os_string();
            path.into_pyobject(py).map(Bound::into_any)
        });
        let config = Bound::new(py, TaskConfig::planned(config, warnings))?;
        let (prediction, gold) = (prediction?, gold?);
        let result = PyTaskResult::scored(inner.clone(), config.as_any(), Some(&prediction), &gold)
            .within(limits);
        results.push(Py::new(py, result)?);
    }
    Ok(PySuiteResult::new(summary, results))
}

/// The canonical form of one value under a column rule, or None for a null.
///
/// ``column`` is a column object (``tabeq.number("x", decimal_places=2)``, an entry of
/// ``TaskConfig.columns`` or a dict), its JSON text, or a bare type name for the types
/// without options (``"text"``, ``"date"``, ``"datetime"``, ``"boolean"``). Raises
/// ``CellError`` (with ``.code``) when the value does not read under the rule, and
/// ``ConfigError`` when the column itself is invalid.
///
/// >>> canonicalize(" 1,234.5 ", number("x", decimal_places=0))
/// '1235'
#[pyfunction]
fn canonicalize(value: &Bound<'_, PyAny>, column: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let value = check_text(value, "the value")?;
    // JSON text or a bare type name (the core tells them apart), or a mapping as its value.
    let spec = if column.is_instance_of::<pyo3::types::PyString>() {
        ColumnSpec::from_argument(&check_text(column, "the column")?)
    } else if column.cast::<pyo3::types::PyMapping>().is_ok() {
        let dict = column
            .py()
            .get_type::<pyo3::types::PyDict>()
            .call1((column,))?;
        ColumnSpec::from_value(&config::config_value(&dict)?)
    } else {
        return Err(crate::checks::wrong_type(
            "the column",
            "a column object or a type name",
            column,
        ));
    };
    let spec = spec.map_err(fatal_to_py)?;
    match tabeq_surface::evaluator::canon::canonicalize(&value, &spec.rule()) {
        Ok(c) => Ok(c.as_str().map(str::to_string)),
        Err(e) => Err(CellError::new_err((e.message(), e.kind.code()))),
    }
}

/// The cells tabeq sees for ``table`` (header first), read with the strict CSV reader.
///
/// Takes everything ``evaluate`` takes, so it shows how a DataFrame or a list of rows turns
/// into cells. Raises ``CsvError`` (with ``.code``) when the CSV is not strict or over a limit;
/// a path is read as a prediction is (a regular file, not a symbolic link, within the size
/// limit, checked on the open file: ``csv_not_a_regular_file``, ``csv_too_large``).
#[pyfunction]
#[pyo3(name = "read_table")]
fn read_table_rows(py: Python<'_>, table: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<String>>> {
    let TableArg(source) = table.extract()?;
    match source.cast::<PyBytes>() {
        Ok(bytes) => read_csv(py, bytes),
        Err(_) => read_csv_file(py, source.extract()?),
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
    let e = match py.detach(|| fs::read_prediction(&path, &Limits::OFFICIAL)) {
        FileContent::Bytes(b) => return read_csv(py, &PyBytes::new(py, &b)),
        FileContent::Missing => tabeq_surface::evaluator::CsvError::file(
            &path.display().to_string(),
            fs::ReadError::Missing,
        ),
        FileContent::Invalid(e) => e,
    };
    Err(CsvError::new_err((e.message(), e.kind.code())))
}

/// Read a regular file of at most `max_bytes` (links followed; opened without blocking and
/// checked on the descriptor). Raises OSError with a message naming the problem.
#[pyfunction]
fn read_file(py: Python<'_>, path: PathBuf, max_bytes: u64) -> PyResult<Py<PyBytes>> {
    match py.detach(|| fs::read_regular_file(&path, max_bytes, fs::FinalLink::Follow)) {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes).unbind()),
        // An OS error in its own words (an `OSError`, as `open` would raise).
        Err(fs::ReadError::Io(reason)) => Err(pyo3::exceptions::PyOSError::new_err(reason)),
        // `OSError(errno, strerror[, filename])`: Python picks the subclass (PermissionError…)
        // and words it as the core does (`[Errno 13] Permission denied: 'path'`).
        Err(fs::ReadError::Os(_, e)) => Err(match e.filename() {
            Some(name) => pyo3::exceptions::PyOSError::new_err((
                e.errno(),
                e.strerror().to_string(),
                name.to_string(),
            )),
            None => pyo3::exceptions::PyOSError::new_err((e.errno(), e.strerror().to_string())),
        }),
        Err(e) => Err(pyo3::exceptions::PyOSError::new_err(
            e.message(&path.display().to_string()),
        )),
    }
}

/// The Python `OutputError` (`.code`) for a core output problem.
fn output_to_py(e: tabeq_surface::evaluator::file_problem::OutputError) -> PyErr {
    OutputError::new_err((e.to_string(), e.code().code()))
}

/// Raise OutputError unless the summary can be written to `path` (see `fs::check_output`).
#[pyfunction]
fn check_output(path: PathBuf) -> PyResult<()> {
    fs::check_output(&path).map_err(output_to_py)
}

/// The output files written since the last `take_written_outputs`, recorded as soon as each
/// rename is done, so that a Ctrl-C seen right after it can still say the file was written.
static WRITTEN_OUTPUTS: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// What `write_output` writes: text (UTF-8) or bytes (a converted figure).
#[derive(FromPyObject)]
enum OutputContents {
    Text(String),
    Bytes(Vec<u8>),
}

/// Write an output file atomically (temporary file in the same directory, then rename; never
/// through a link or into a special file): every file the command line and `trust.write_paper`
/// write goes here.
#[pyfunction]
fn write_output(py: Python<'_>, path: PathBuf, contents: OutputContents) -> PyResult<()> {
    let contents = match contents {
        OutputContents::Text(text) => text.into_bytes(),
        OutputContents::Bytes(bytes) => bytes,
    };
    py.detach(|| {
        fs::write_output(&path, &contents)?;
        let mut written = WRITTEN_OUTPUTS.lock().unwrap_or_else(|e| e.into_inner());
        written.push(path.display().to_string());
        Ok(())
    })
    .map_err(output_to_py)
}

/// The output files written since the last call (and forget them).
#[pyfunction]
fn take_written_outputs() -> Vec<String> {
    let mut written = WRITTEN_OUTPUTS.lock().unwrap_or_else(|e| e.into_inner());
    std::mem::take(&mut *written)
}

/// The gold-less check of one prediction (`tabeq validate`) as its document, rendered
/// (`limits` as `validate`'s).
#[pyfunction]
#[pyo3(signature = (prediction, config, format, *, limits=None))]
fn render_validation(
    py: Python<'_>,
    prediction: Option<&Bound<'_, PyAny>>,
    config: &TaskConfig,
    format: &str,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let limits = checks::check_limits(limits)?;
    let input = prediction.map(Input::borrowed).transpose()?;
    let report = py.detach(|| {
        with_prediction_within(input.as_ref(), &limits, |p| {
            tabeq_surface::evaluator::validate_prediction_within(p, &config.inner, &limits)
        })
    });
    render(&report.document(), format)
}

/// The core's error-code catalogue: `[{"code", "family", "description"}, ...]`.
#[pyfunction(name = "error_catalogue")]
fn error_catalogue_data(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    py_values::to_python(py, &error_catalogue())
}

#[pymodule]
fn _tabeq(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", tabeq_surface::evaluator::VERSION)?;
    m.add("HTML_STYLE", tabeq_surface::evaluator::doc::HTML_STYLE)?;
    let hints = tabeq_surface::evaluator::explain::HintKind::ALL
        .iter()
        .map(|h| h.code());
    m.add("HINT_NAMES", hints.collect::<Vec<_>>())?;
    add_functions!(
        m,
        evaluate,
        evaluate_many,
        evaluate_suite,
        canonicalize,
        read_csv,
        error_catalogue_data,
        render_validation,
        read_csv_file,
        read_file,
        read_table_rows,
        check_output,
        write_output,
        take_written_outputs,
    );
    errors::register(m)?;
    args::register(m)?;
    config::register(m)?;
    result::register(m)?;
    trust::register(m)?;
    explain::register(m)?;
    cli::register(m)?;
    columns::register(m)?;
    gold::register(m)?;
    predictions_folder::register(m)?;
    spider2::register(m)?;
    kddcup::register(m)?;
    sql::register(m)?;
    profiles::register(m)?;
    Ok(())
}
