//! KDD Cup 2026 Phase 1 (`tabeq.kddcup`): type translation and file reading for the
//! `tabeq-kddcup` crate, which holds every rule and writes every message and report text.

use std::path::{Path, PathBuf};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use tabeq_surface::evaluator::file_problem::{FileProblem, OsError};
use tabeq_surface::kddcup as kdd;
use tabeq_surface::kddcup::report::{self, FileRead, Layout, Meta, Report, RunFiles};
use tabeq_surface::kddcup::{Fatal, GoldInput, Prediction, TaskScore};

/// Linux's ELOOP: what opening a link with `O_NOFOLLOW` gives.
use tabeq_surface::evaluator::error::{MessageCode, MessageData};
const ELOOP: i32 = 40;

/// What is at a path, as the official's `is_file()` and `open()` see it.
enum Found {
    /// `is_file()` is false: nothing, a directory, a FIFO or a device.
    Missing,
    /// `open()` failed: `str()` of the `OSError`.
    Unreadable(String),
    Bytes(Vec<u8>),
}

/// Read a file safely (opened non-blocking, checked on the descriptor, bounded). A prediction's
/// final component is not followed when it is a link (`follow` false): a link could read any
/// file of the machine into an error text; it is reported as the open with `O_NOFOLLOW` fails.
fn read_file(path: &Path, follow: bool, limit: u64) -> Found {
    let link = if follow {
        crate::fs::FinalLink::Follow
    } else {
        crate::fs::FinalLink::Refuse
    };
    let shown = path.display().to_string();
    match crate::fs::read_regular_file(path, limit, link) {
        Ok(bytes) => Found::Bytes(bytes),
        Err(FileProblem::Missing | FileProblem::NotRegular) => Found::Missing,
        Err(FileProblem::Os(_, error)) => Found::Unreadable(error.to_string()),
        Err(FileProblem::Link) => Found::Unreadable(OsError::new(ELOOP, Some(&shown)).to_string()),
        Err(problem) => Found::Unreadable(problem.message(&shown)),
    }
}

impl Found {
    fn prediction<'a>(&'a self, path: &'a str) -> Prediction<'a> {
        match self {
            Found::Missing => Prediction::Missing,
            Found::Unreadable(os_error) => Prediction::Unreadable { path, os_error },
            Found::Bytes(bytes) => Prediction::Bytes { path, bytes },
        }
    }
    fn gold<'a>(&'a self, path: &'a str) -> GoldInput<'a> {
        match self {
            Found::Missing => GoldInput::Missing { path },
            Found::Unreadable(os_error) => GoldInput::Unreadable { path, os_error },
            Found::Bytes(bytes) => GoldInput::Bytes { path, bytes },
        }
    }
}

/// A core fatal error as `tabeq.FatalError` with its `kddcup_*` code.
fn fatal_to_py(e: Fatal) -> PyErr {
    crate::errors::FatalError::new_err((e.message().to_string(), e.code(), Option::<String>::None))
}

/// A path as the official shows it (`str(Path)`; the Python wrapper normalizes it).
fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// CSV bytes, a path (read here), or `None` (missing), with the path messages show.
fn source(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    follow: bool,
) -> PyResult<(Found, String)> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok((Found::Missing, String::new()));
    };
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok((Found::Bytes(b.as_bytes().to_vec()), "<bytes>".into()));
    }
    let path: PathBuf = obj.extract().map_err(|_| {
        let data =
            MessageData::new().text("expected", "CSV bytes, a path (str or os.PathLike) or None");
        crate::errors::argument_message(MessageCode::Expected, data)
    })?;
    let found = py.detach(|| read_file(&path, follow, kdd::MAX_FILE_BYTES));
    Ok((found, shown(&path)))
}

fn task_dict<'py>(py: Python<'py>, s: &TaskScore) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("status", &s.status)?;
    d.set_item("score", s.score)?;
    d.set_item("recall", s.recall)?;
    d.set_item("penalty", s.penalty)?;
    d.set_item("gold_columns", s.gold_columns)?;
    d.set_item("predicted_columns", s.predicted_columns)?;
    d.set_item("matched_columns", s.matched_columns)?;
    d.set_item("extra_columns", s.extra_columns)?;
    d.set_item(
        "missing_gold_signatures",
        PyList::new(py, &s.missing_gold_signatures)?,
    )?;
    d.set_item(
        "extra_prediction_signatures",
        PyList::new(py, &s.extra_prediction_signatures)?,
    )?;
    d.set_item("error", &s.error)?;
    Ok(d)
}

#[pyfunction]
fn kddcup_normalize_cell(value: &str, strict_commas: bool) -> String {
    kdd::normalize_cell(value, strict_commas)
}

#[pyfunction]
fn kddcup_column_signature(values: Vec<String>, strict_commas: bool) -> String {
    kdd::column_signature(&values, strict_commas)
}

/// Read one task's prediction and gold (paths through the binding's reader) and run `task` on
/// them with the GIL released: what `kddcup_score_task` and `kddcup_explain_task` share.
fn with_task<T: Send>(
    py: Python<'_>,
    prediction: Option<&Bound<'_, PyAny>>,
    gold: &Bound<'_, PyAny>,
    task: impl FnOnce(Prediction<'_>, GoldInput<'_>) -> Result<T, Fatal> + Send,
) -> PyResult<T> {
    let (pred, pred_path) = source(py, prediction, false)?;
    let (gold, gold_path) = source(py, Some(gold), true)?;
    py.detach(|| task(pred.prediction(&pred_path), gold.gold(&gold_path)))
        .map_err(fatal_to_py)
}

/// The official `score_task(...).to_dict()`.
#[pyfunction]
fn kddcup_score_task<'py>(
    py: Python<'py>,
    prediction: Option<&Bound<'py, PyAny>>,
    gold: &Bound<'py, PyAny>,
    penalty_weight: f64,
    strict_commas: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let score = with_task(py, prediction, gold, |pred, gold| {
        kdd::score_task(pred, gold, penalty_weight, strict_commas)
    })?;
    task_dict(py, &score)
}

/// The official score with what it lacks (`tabeq_surface::kddcup::explain_task`), as a dict.
#[pyfunction]
fn kddcup_explain_task<'py>(
    py: Python<'py>,
    prediction: Option<&Bound<'py, PyAny>>,
    gold: &Bound<'py, PyAny>,
    penalty_weight: f64,
    strict_commas: bool,
    show_gold_values: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let explanation = with_task(py, prediction, gold, |pred, gold| {
        kdd::explain_task(pred, gold, penalty_weight, strict_commas, show_gold_values)
    })?;
    crate::py_values::to_python(py, &explanation)
}

/// A gold prepared once (read, normalized, hashed) for many predictions: the RL fast path.
#[pyclass(frozen, module = "tabeq._tabeq", name = "KddcupGold")]
pub(crate) struct KddcupGold {
    prepared: kdd::PreparedGold,
    penalty_weight: f64,
}

#[pymethods]
impl KddcupGold {
    #[new]
    #[pyo3(signature = (gold, *, penalty_weight = 0.1, strict_commas = false))]
    fn new(
        py: Python<'_>,
        gold: &Bound<'_, PyAny>,
        penalty_weight: f64,
        strict_commas: bool,
    ) -> PyResult<Self> {
        let (gold, gold_path) = source(py, Some(gold), true)?;
        let prepared = py.detach(|| {
            kdd::check_penalty_weight(penalty_weight)?;
            match &gold {
                Found::Bytes(bytes) => kdd::PreparedGold::new(bytes, &gold_path, strict_commas),
                // The official's fatal for a gold it cannot open, as `score_task` words it.
                other => {
                    let pred = Prediction::Bytes {
                        path: "",
                        bytes: b"",
                    };
                    kdd::score_task(pred, other.gold(&gold_path), penalty_weight, false)
                        .and_then(|_| kdd::PreparedGold::new(b"", &gold_path, strict_commas))
                }
            }
        });
        Ok(KddcupGold {
            prepared: prepared.map_err(fatal_to_py)?,
            penalty_weight,
        })
    }

    /// The official score of each prediction (CSV bytes, a path or `None`), in order.
    fn scores(&self, py: Python<'_>, predictions: &Bound<'_, PyAny>) -> PyResult<Vec<f64>> {
        let found = predictions
            .try_iter()?
            .map(|p| source(py, Some(&p?), false).map(|(found, _)| found))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(py.detach(|| {
            found
                .iter()
                .map(|f| match f {
                    Found::Bytes(bytes) => self.prepared.score(Some(bytes), self.penalty_weight),
                    _ => 0.0,
                })
                .collect()
        }))
    }

    /// The weight the scores use.
    #[getter]
    fn penalty_weight(&self) -> f64 {
        self.penalty_weight
    }
}

/// A whole run's report: the official `EvaluationReport`, with its texts.
#[pyclass(frozen, module = "tabeq._tabeq", name = "KddcupReport")]
pub(crate) struct KddcupReport {
    inner: Report,
}

#[pymethods]
impl KddcupReport {
    /// The official `EvaluationReport.to_dict()`, as Python data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = &self.inner;
        let meta = PyDict::new(py);
        meta.set_item("predictions_root", &r.meta.predictions_root)?;
        meta.set_item("gold_root", &r.meta.gold_root)?;
        meta.set_item("input_root", &r.meta.input_root)?;
        meta.set_item("penalty_weight", r.meta.penalty_weight)?;
        meta.set_item("strict_commas", r.meta.strict_commas)?;
        meta.set_item("evaluated_at", &r.meta.evaluated_at)?;
        let per_task = PyDict::new(py);
        for (task_id, score) in &r.per_task.0 {
            per_task.set_item(task_id, task_dict(py, score)?)?;
        }
        let a = &r.aggregate;
        let aggregate = PyDict::new(py);
        aggregate.set_item("total_score", a.total_score)?;
        aggregate.set_item("mean_recall", a.mean_recall)?;
        aggregate.set_item("task_count", a.task_count)?;
        aggregate.set_item("tasks_scored_nonzero", a.tasks_scored_nonzero)?;
        aggregate.set_item("tasks_missing", a.tasks_missing)?;
        aggregate.set_item("tasks_with_read_errors", a.tasks_with_read_errors)?;
        let by_difficulty = PyDict::new(py);
        for (difficulty, stats) in &a.by_difficulty.0 {
            let d = PyDict::new(py);
            d.set_item("count", stats.count)?;
            d.set_item("mean_score", stats.mean_score)?;
            by_difficulty.set_item(difficulty, d)?;
        }
        aggregate.set_item("by_difficulty", by_difficulty)?;
        let report = PyDict::new(py);
        report.set_item("meta", meta)?;
        report.set_item("per_task", per_task)?;
        report.set_item("aggregate", aggregate)?;
        Ok(report)
    }
    /// The text the official `write_evaluation_report` writes.
    fn to_json(&self) -> String {
        self.inner.to_official_json()
    }
    /// The official `Total score: ...` console line.
    fn summary_line(&self) -> String {
        self.inner.summary_line()
    }
}

fn names_of(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The run's files, read as the core asks for them; counts the tasks for the progress bar.
struct Files<'a> {
    predictions_root: &'a Path,
    gold_root: &'a Path,
    input_root: Option<&'a Path>,
    done: usize,
    progress: &'a mut dyn FnMut(usize),
}

impl From<Found> for FileRead {
    fn from(found: Found) -> FileRead {
        match found {
            Found::Missing => FileRead::Missing,
            Found::Unreadable(e) => FileRead::Unreadable(e),
            Found::Bytes(b) => FileRead::Bytes(b),
        }
    }
}

impl RunFiles for Files<'_> {
    fn prediction(&mut self, task_id: &str, _path: &str) -> FileRead {
        // The first file of every task (`task_json` is asked for only with an input folder):
        // the tasks before this one are done; the last is counted when the run ends.
        (self.progress)(self.done);
        self.done += 1;
        let path = self.predictions_root.join(task_id).join("prediction.csv");
        read_file(&path, false, kdd::MAX_FILE_BYTES).into()
    }
    fn gold(&mut self, task_id: &str, _path: &str) -> FileRead {
        let path = self.gold_root.join(task_id).join("gold.csv");
        read_file(&path, true, kdd::MAX_FILE_BYTES).into()
    }
    fn task_json(&mut self, task_id: &str) -> Option<Vec<u8>> {
        let path = self.input_root?.join(task_id).join("task.json");
        match read_file(&path, true, kdd::MAX_TASK_JSON_BYTES) {
            Found::Bytes(bytes) => Some(bytes),
            _ => None,
        }
    }
}

/// The official `evaluate_predictions` over the folders (paths as the caller shows them);
/// `evaluated_at` defaults to now; `progress(done, total)` is called after each task.
#[pyfunction]
#[pyo3(signature = (predictions_root, gold_root, input_root, penalty_weight, strict_commas, evaluated_at, progress = None))]
#[allow(clippy::too_many_arguments)]
fn kddcup_evaluate(
    py: Python<'_>,
    predictions_root: PathBuf,
    gold_root: PathBuf,
    input_root: Option<PathBuf>,
    penalty_weight: f64,
    strict_commas: bool,
    evaluated_at: Option<String>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<KddcupReport> {
    let evaluated_at = match evaluated_at {
        Some(time) => time,
        None => now_utc(py)?,
    };
    let meta = Meta {
        predictions_root: shown(&predictions_root),
        gold_root: shown(&gold_root),
        input_root: input_root.as_deref().map(shown),
        penalty_weight,
        strict_commas,
        evaluated_at,
    };
    let layout = py.detach(|| Layout {
        predictions_dir_exists: predictions_root.is_dir(),
        gold_dir_exists: gold_root.is_dir(),
        gold_task_names: names_of(&gold_root)
            .into_iter()
            .filter(|name| gold_root.join(name).join("gold.csv").is_file())
            .collect(),
    });
    let total = layout.gold_task_names.len();
    let unbound = progress.map(Bound::unbind);
    let mut report_progress = |done: usize| {
        if let Some(callback) = &unbound {
            // A failing progress callback must not stop the scoring; its error is dropped.
            Python::attach(|py| {
                let _ = callback.call1(py, (done, total));
            });
        }
    };
    let report = py.detach(|| {
        let mut files = Files {
            predictions_root: &predictions_root,
            gold_root: &gold_root,
            input_root: input_root.as_deref(),
            done: 0,
            progress: &mut report_progress,
        };
        let report = report::run(meta, &layout, &mut files);
        if report.is_ok() && total > 0 {
            (files.progress)(total);
        }
        report
    });
    Ok(KddcupReport {
        inner: report.map_err(fatal_to_py)?,
    })
}

/// `datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")`, the official's time stamp.
fn now_utc(py: Python<'_>) -> PyResult<String> {
    let datetime = py.import("datetime")?;
    let utc = datetime.getattr("timezone")?.getattr("utc")?;
    let now = datetime.getattr("datetime")?.call_method1("now", (utc,))?;
    now.call_method1("strftime", ("%Y-%m-%dT%H:%M:%SZ",))?
        .extract()
}

/// `tabeq kddcup score-run`'s line for a fatal error (stderr; exit 2).
#[pyfunction]
fn kddcup_fatal(message: &str, code: &str) -> String {
    format!("tabeq kddcup score-run: {code}: {message}")
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<KddcupGold>()?;
    m.add_class::<KddcupReport>()?;
    crate::add_functions!(
        m,
        kddcup_normalize_cell,
        kddcup_column_signature,
        kddcup_score_task,
        kddcup_explain_task,
        kddcup_evaluate,
        kddcup_fatal,
    );
    Ok(())
}
