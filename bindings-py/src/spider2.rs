//! Spider 2.0 scoring (`tabeq.spider2`): type translation and file reading for the
//! `tabeq-spider2` crate, which holds every rule and writes every message.

use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use tabeq_surface::spider2::exec::{self, Dir};
use tabeq_surface::spider2::{Condition, Frame, GoldKind, Outcome, PreparedGold, Variant};

use crate::fs::{FileId, ReadError as FileError};
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

/// Spider 2.0 CSVs are read whole; larger files are refused (the core's limit).
const MAX_FILE_BYTES: u64 = tabeq_surface::spider2::read::MAX_FILE_BYTES;

/// A file problem in Python's words, naming the file.
fn file_message(path: &Path, e: FileError) -> String {
    match e {
        FileError::Io(reason) => format!("{}: {reason}", path.display()),
        // Python's words, which name the file when the call did.
        FileError::Os(_, e) if e.filename().is_some() => e.to_string(),
        FileError::Os(_, e) => format!("{}: {e}", path.display()),
        e => e.message(&path.display().to_string()),
    }
}

fn read_path(path: &Path) -> Result<Vec<u8>, String> {
    read_identified(path).map(|(bytes, _)| bytes)
}

fn read_identified(path: &Path) -> Result<(Vec<u8>, Option<FileId>), String> {
    crate::fs::read_identified(path, MAX_FILE_BYTES).map_err(|e| file_message(path, e))
}

/// A result file's refusals that the core words and codes (the rest are the OS's).
fn refused(e: &FileError) -> Option<tabeq_surface::spider2::ReadError> {
    match *e {
        FileError::SameAsGold => Some(tabeq_surface::spider2::ReadError::IsGold),
        FileError::HardLink(links) => Some(tabeq_surface::spider2::ReadError::HardLink { links }),
        FileError::TooLarge { size, .. } => {
            Some(tabeq_surface::spider2::ReadError::TooLarge { size })
        }
        _ => None,
    }
}

/// A result file that is none of `golds` (see `fs::read_result`): its bytes, a refusal the
/// core codes, or the OS's message.
fn read_result(
    path: &Path,
    golds: &[FileId],
) -> Result<Result<Vec<u8>, tabeq_surface::spider2::ReadError>, String> {
    match crate::fs::read_result(path, MAX_FILE_BYTES, golds) {
        Ok(bytes) => Ok(Ok(bytes)),
        Err(e) => match refused(&e) {
            Some(refusal) => Ok(Err(refusal)),
            None => Err(file_message(path, e)),
        },
    }
}

/// CSV bytes from `bytes`, or the file at a `str` / `os.PathLike` path.
enum CsvInput {
    Bytes(Vec<u8>),
    Path(PathBuf),
}

fn csv_input(obj: &Bound<'_, PyAny>) -> PyResult<CsvInput> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(CsvInput::Bytes(b.as_bytes().to_vec()));
    }
    let path: PathBuf = obj.extract().map_err(|_| {
        let data = MessageData::new().text("expected", "CSV bytes or a path (str or os.PathLike)");
        crate::errors::argument_message(MessageCode::Expected, data)
    })?;
    Ok(CsvInput::Path(path))
}

/// A gold's bytes, and its identity when it is a file.
fn gold_bytes(obj: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, Option<FileId>)> {
    match csv_input(obj)? {
        CsvInput::Bytes(bytes) => Ok((bytes, None)),
        CsvInput::Path(path) => obj
            .py()
            .detach(|| read_identified(&path))
            .map_err(PyOSError::new_err),
    }
}

/// Nesting deeper than this is refused (a list that holds itself would never end).
const MAX_CONDITION_DEPTH: usize = 64;

/// A Python `condition_cols` as the typed value the official function receives.
fn to_condition(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Condition> {
    if depth > MAX_CONDITION_DEPTH {
        let data = MessageData::new()
            .text("what", "condition_cols")
            .text("depth", MAX_CONDITION_DEPTH.to_string());
        return Err(crate::errors::argument_message(
            MessageCode::NestedTooDeep,
            data,
        ));
    }
    if obj.is_none() {
        return Ok(Condition::None);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Condition::Bool(b.is_true()));
    }
    if obj.cast::<PyInt>().is_ok() {
        return Ok(match obj.extract::<i64>() {
            Ok(i) => Condition::Int(i),
            Err(_) => Condition::BigInt(obj.str()?.to_string()),
        });
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Condition::Float(f.value()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Condition::Str(s.to_string()));
    }
    let items = |obj: &Bound<'_, PyAny>| -> PyResult<Vec<Condition>> {
        obj.try_iter()?
            .map(|i| to_condition(&i?, depth + 1))
            .collect()
    };
    if obj.cast::<PyList>().is_ok() {
        return Ok(Condition::List(items(obj)?));
    }
    if obj.cast::<PyTuple>().is_ok() {
        return Ok(Condition::Tuple(items(obj)?));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut members = Vec::new();
        for (k, v) in d.iter() {
            members.push((to_condition(&k, depth + 1)?, to_condition(&v, depth + 1)?));
        }
        return Ok(Condition::Dict(members));
    }
    let data = MessageData::new()
        .text("what", "condition_cols")
        .text("got", obj.get_type().name()?.to_string())
        .text(
            "expected",
            "None, a bool, int, float, str, list, tuple or dict",
        );
    Err(crate::errors::argument_message(MessageCode::HoldsA, data))
}

/// `condition_cols` as a call receives it: not given (the variant's default, lite `None` and
/// Snow `[]`), or the value given, `None` included (Snow tells `None` from not given).
pub(crate) enum ConditionArg {
    Default,
    Given(Condition),
}

impl<'a, 'py> FromPyObject<'a, 'py> for ConditionArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        to_condition(&obj.to_owned(), 0).map(ConditionArg::Given)
    }
}

impl ConditionArg {
    fn value(&self) -> Option<&Condition> {
        match self {
            ConditionArg::Default => None,
            ConditionArg::Given(c) => Some(c),
        }
    }
}

/// The `variant` argument.
fn variant(name: &str) -> PyResult<Variant> {
    Variant::from_name(name).ok_or_else(|| {
        let data = MessageData::new()
            .text("what", "variant")
            .list("choices", ["\"lite\"", "\"snow\""])
            .text("value", format!("{name:?}"));
        crate::errors::argument_message(MessageCode::NotAChoice, data)
    })
}

/// The golds of `gold_or_golds` (with the identities of those read from files) and which
/// comparison they get: one table, or a list.
type Golds = (Vec<Vec<u8>>, Vec<FileId>, GoldKind);

fn golds(obj: &Bound<'_, PyAny>) -> PyResult<Golds> {
    let (items, kind): (Vec<_>, _) =
        if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
            let items = obj
                .try_iter()?
                .map(|g| gold_bytes(&g?))
                .collect::<PyResult<_>>()?;
            (items, GoldKind::Multi)
        } else {
            (vec![gold_bytes(obj)?], GoldKind::Single)
        };
    let ids = items.iter().filter_map(|(_, id)| *id).collect();
    let bytes = items.into_iter().map(|(b, _)| b).collect();
    Ok((bytes, ids, kind))
}

/// The result of one comparison.
#[pyclass(frozen, module = "tabeq._tabeq", name = "Spider2Result")]
pub(crate) struct Spider2Result {
    inner: Outcome,
}

#[pymethods]
impl Spider2Result {
    /// 1 for a pass, 0 otherwise (the official score).
    #[getter]
    fn score(&self) -> u8 {
        self.inner.score
    }
    /// Whether the official scores it 1.
    #[getter]
    fn passed(&self) -> bool {
        self.inner.passed()
    }
    /// Why the official would raise (score 0), as `(code, message)`, or None.
    #[getter]
    fn error(&self) -> Option<(&'static str, String)> {
        self.inner
            .error
            .as_ref()
            .map(|e| (e.code, e.message.clone()))
    }
    /// Soundness warnings and quirk notes, as `(code, message)` pairs.
    #[getter]
    fn warnings(&self) -> Vec<(&'static str, String)> {
        let w = self.inner.warnings.iter();
        w.map(|w| (w.code, w.message.clone())).collect()
    }
    /// The explanation in `text`, `markdown` or `html`.
    #[pyo3(signature = (format = "text"))]
    fn explain(&self, format: &str) -> PyResult<String> {
        crate::render(
            &tabeq_surface::spider2::explain::document(&self.inner),
            format,
        )
    }
    /// The whole outcome as JSON text (verdict, compared columns, closest columns, warnings).
    fn to_json(&self) -> PyResult<String> {
        tabeq_surface::evaluator::to_pretty_json(&self.inner)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
    fn __repr__(&self) -> String {
        format!(
            "Spider2Result(score={}, warnings={})",
            self.inner.score,
            self.inner.warnings.len()
        )
    }
}

/// Gold tables prepared once (read, columns selected and sorted) for many predictions.
#[pyclass(frozen, module = "tabeq._tabeq", name = "Spider2Gold")]
pub(crate) struct Spider2Gold {
    prepared: Result<PreparedGold, tabeq_surface::spider2::InputError>,
    kind: GoldKind,
    ignore_order: bool,
    count: usize,
    /// The gold files' identities: a prediction path that is one of them is refused.
    gold_ids: Vec<FileId>,
}

impl Spider2Gold {
    fn outcome(&self, prediction: &Frame) -> Outcome {
        match &self.prepared {
            Ok(p) => p.compare(prediction),
            Err(e) => e.outcome(self.kind, self.ignore_order, self.count),
        }
    }
}

fn read_prediction(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    gold_ids: &[FileId],
) -> PyResult<Result<Frame, tabeq_surface::spider2::InputError>> {
    let input = csv_input(obj)?;
    let as_input = |error| tabeq_surface::spider2::InputError {
        role: "prediction",
        index: 0,
        error,
    };
    crate::interrupt::run(py, || -> Result<_, String> {
        let bytes = match input {
            CsvInput::Bytes(bytes) => bytes,
            CsvInput::Path(path) => match read_result(&path, gold_ids)? {
                Ok(bytes) => bytes,
                Err(refusal) => return Ok(Err(as_input(refusal))),
            },
        };
        Ok(tabeq_surface::spider2::read_csv(&bytes).map_err(as_input))
    })?
    .map_err(PyOSError::new_err)
}

#[pymethods]
impl Spider2Gold {
    #[new]
    #[pyo3(
        signature = (gold_or_golds, condition_cols = ConditionArg::Default, ignore_order = crate::args::Flag(false), *, variant = crate::args::Text(String::from("lite"))),
        text_signature = "(gold_or_golds, condition_cols=..., ignore_order=False, *, variant='lite')"
    )]
    fn new(
        py: Python<'_>,
        gold_or_golds: &Bound<'_, PyAny>,
        condition_cols: ConditionArg,
        ignore_order: crate::args::Flag,
        variant: crate::args::Text,
    ) -> PyResult<Self> {
        let ignore_order = ignore_order.0;
        let variant = self::variant(&variant.0)?;
        let (bytes, gold_ids, kind) = golds(gold_or_golds)?;
        let cond = condition_cols.value();
        let prepared = crate::interrupt::run(py, || {
            let refs: Vec<&[u8]> = bytes.iter().map(Vec::as_slice).collect();
            tabeq_surface::spider2::read_golds(&refs)
                .map(|frames| PreparedGold::for_variant(&frames, kind, cond, ignore_order, variant))
        })?;
        Ok(Spider2Gold {
            prepared,
            kind,
            ignore_order,
            count: bytes.len(),
            gold_ids,
        })
    }

    /// Compare a prediction (CSV bytes or a path): the verdict and its explanation.
    fn compare(&self, py: Python<'_>, prediction: &Bound<'_, PyAny>) -> PyResult<Spider2Result> {
        let pred = read_prediction(py, prediction, &self.gold_ids)?;
        let inner = crate::interrupt::run(py, || match pred {
            Ok(frame) => self.outcome(&frame),
            Err(e) => e.outcome(self.kind, self.ignore_order, self.count),
        })?;
        Ok(Spider2Result { inner })
    }

    /// The official score only (0 or 1), without diagnostics: the fast path for RL loops.
    fn score(&self, py: Python<'_>, prediction: &Bound<'_, PyAny>) -> PyResult<u8> {
        let pred = read_prediction(py, prediction, &self.gold_ids)?;
        crate::interrupt::run(py, || match (&self.prepared, pred) {
            (Ok(p), Ok(frame)) => p.score(&frame),
            _ => 0,
        })
    }
}

/// One comparison: `gold_or_golds` is one gold (the single-gold function) or a list (the
/// multi-gold function).
#[pyfunction]
#[pyo3(
    signature = (prediction, gold_or_golds, condition_cols = ConditionArg::Default, ignore_order = crate::args::Flag(false), *, variant = crate::args::Text(String::from("lite"))),
    text_signature = "(prediction, gold_or_golds, condition_cols=..., ignore_order=False, *, variant='lite')"
)]
fn spider2_compare(
    py: Python<'_>,
    prediction: &Bound<'_, PyAny>,
    gold_or_golds: &Bound<'_, PyAny>,
    condition_cols: ConditionArg,
    ignore_order: crate::args::Flag,
    variant: crate::args::Text,
) -> PyResult<Spider2Result> {
    Spider2Gold::new(py, gold_or_golds, condition_cols, ignore_order, variant)?
        .compare(py, prediction)
}

/// `(stdout, ids_file, ids_csv, [(instance_id, score, error_info)])`.
type ExecRun = (
    String,
    Option<String>,
    String,
    Vec<(String, u8, Option<String>)>,
);

fn list_names(dir: &Path) -> Result<Vec<String>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .collect())
}

/// The official `evaluate.py --mode exec_result` run: returns `(stdout, ids_file, ids_csv,
/// [(instance_id, score, error_info)])`. The caller prints and writes.
#[pyfunction]
#[pyo3(signature = (result_dir, gold_result_dir, eval_jsonl, result_dir_arg, variant = "lite"))]
fn spider2_exec_result(
    py: Python<'_>,
    result_dir: PathBuf,
    gold_result_dir: PathBuf,
    eval_jsonl: PathBuf,
    result_dir_arg: &str,
    variant: &str,
) -> PyResult<ExecRun> {
    let variant = self::variant(variant)?;
    let run = crate::interrupt::run(py, || {
        let dir = |dir: Dir| match dir {
            Dir::Results => &result_dir,
            Dir::Gold => &gold_result_dir,
        };
        // The gold files' identities, found when the gold directory is listed (before any
        // result is read): a result that is one of them is refused.
        let gold_ids = std::cell::RefCell::new(Vec::new());
        let list = |d: Dir| {
            let names = list_names(dir(d))?;
            if d == Dir::Gold {
                let ids = names
                    .iter()
                    .filter_map(|n| crate::fs::file_id(&dir(d).join(n)));
                *gold_ids.borrow_mut() = ids.collect();
            }
            Ok(names)
        };
        let read = |d: Dir, name: &str| {
            let path = dir(d).join(name);
            match d {
                Dir::Gold => read_path(&path),
                Dir::Results => read_result(&path, &gold_ids.borrow())?
                    .map_err(|e| format!("{}: {}: {e}", e.code(), path.display())),
            }
        };
        exec::run_variant(&read_path(&eval_jsonl)?, list, read, variant)
    })?;
    let results = run.map_err(PyOSError::new_err)?;
    let summary = exec::summarize_variant(&results, result_dir_arg, variant);
    let rows = results
        .into_iter()
        .map(|r| (r.instance_id, r.score, r.error_info))
        .collect();
    Ok((summary.stdout, summary.ids_file, summary.ids_csv, rows))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Spider2Gold>()?;
    m.add_class::<Spider2Result>()?;
    crate::add_functions!(m, spider2_compare, spider2_exec_result);
    Ok(())
}
