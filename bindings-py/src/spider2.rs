//! Spider 2.0 scoring (`tabeq.spider2`): type translation and file reading for the
//! `tabeq-spider2` crate, which holds every rule and writes every message.

use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use tabeq::cpython_json::Value;
use tabeq_spider2::exec::{self, Dir};
use tabeq_spider2::{Frame, GoldKind, Outcome, PreparedGold};

use crate::fs::{FileId, ReadError as FileError};

/// Spider 2.0 CSVs are read whole; larger files are refused (the core's limit).
const MAX_FILE_BYTES: u64 = tabeq_spider2::read::MAX_FILE_BYTES;

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
fn refused(e: &FileError) -> Option<tabeq_spider2::ReadError> {
    match *e {
        FileError::SameAsGold => Some(tabeq_spider2::ReadError::IsGold),
        FileError::HardLink(links) => Some(tabeq_spider2::ReadError::HardLink { links }),
        FileError::TooLarge(size) => Some(tabeq_spider2::ReadError::TooLarge { size }),
        _ => None,
    }
}

/// A result file that is none of `golds` (see `fs::read_result`): its bytes, a refusal the
/// core codes, or the OS's message.
fn read_result(
    path: &Path,
    golds: &[FileId],
) -> Result<Result<Vec<u8>, tabeq_spider2::ReadError>, String> {
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
        crate::errors::argument_error("expected CSV bytes or a path (str or os.PathLike)")
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

/// A Python `condition_cols` as the JSON value the eval file would hold.
fn to_value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.cast::<PyInt>().is_ok() {
        return Ok(match obj.extract::<i64>() {
            Ok(i) => Value::Int(i),
            Err(_) => Value::BigInt(obj.str()?.to_string()),
        });
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Value::Float(f.value()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::Str(s.to_string()));
    }
    if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        let items = obj
            .try_iter()?
            .map(|i| to_value(&i?))
            .collect::<PyResult<_>>()?;
        return Ok(Value::Array(items));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut members = Vec::new();
        for (k, v) in d.iter() {
            members.push((k.str()?.to_string(), to_value(&v)?));
        }
        return Ok(Value::Object(members));
    }
    Err(crate::errors::argument_error(
        "condition_cols must be None, an int, or a list of ints (or of lists of ints)",
    ))
}

fn condition(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Value>> {
    obj.filter(|o| !o.is_none()).map(to_value).transpose()
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
        crate::render(&tabeq_spider2::explain::document(&self.inner), format)
    }
    /// The whole outcome as JSON text (verdict, compared columns, closest columns, warnings).
    fn to_json(&self) -> PyResult<String> {
        tabeq::to_pretty_json(&self.inner).map_err(|e| PyValueError::new_err(e.to_string()))
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
    prepared: Result<PreparedGold, tabeq_spider2::InputError>,
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
) -> PyResult<Result<Frame, tabeq_spider2::InputError>> {
    let input = csv_input(obj)?;
    let as_input = |error| tabeq_spider2::InputError {
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
        Ok(tabeq_spider2::read_csv(&bytes).map_err(as_input))
    })?
    .map_err(PyOSError::new_err)
}

#[pymethods]
impl Spider2Gold {
    #[new]
    #[pyo3(
        signature = (gold_or_golds, condition_cols = None, ignore_order = crate::args::Flag(false)),
        text_signature = "(gold_or_golds, condition_cols=None, ignore_order=False)"
    )]
    fn new(
        py: Python<'_>,
        gold_or_golds: &Bound<'_, PyAny>,
        condition_cols: Option<&Bound<'_, PyAny>>,
        ignore_order: crate::args::Flag,
    ) -> PyResult<Self> {
        let ignore_order = ignore_order.0;
        let (bytes, gold_ids, kind) = golds(gold_or_golds)?;
        let cond = condition(condition_cols)?;
        let prepared = crate::interrupt::run(py, || {
            let refs: Vec<&[u8]> = bytes.iter().map(Vec::as_slice).collect();
            tabeq_spider2::read_golds(&refs)
                .map(|frames| PreparedGold::new(&frames, kind, cond.as_ref(), ignore_order))
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
    signature = (prediction, gold_or_golds, condition_cols = None, ignore_order = crate::args::Flag(false)),
    text_signature = "(prediction, gold_or_golds, condition_cols=None, ignore_order=False)"
)]
fn spider2_compare(
    py: Python<'_>,
    prediction: &Bound<'_, PyAny>,
    gold_or_golds: &Bound<'_, PyAny>,
    condition_cols: Option<&Bound<'_, PyAny>>,
    ignore_order: crate::args::Flag,
) -> PyResult<Spider2Result> {
    Spider2Gold::new(py, gold_or_golds, condition_cols, ignore_order)?.compare(py, prediction)
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
fn spider2_exec_result(
    py: Python<'_>,
    result_dir: PathBuf,
    gold_result_dir: PathBuf,
    eval_jsonl: PathBuf,
    result_dir_arg: &str,
) -> PyResult<ExecRun> {
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
        exec::run(&read_path(&eval_jsonl)?, list, read)
    })?;
    let results = run.map_err(PyOSError::new_err)?;
    let summary = exec::summarize(&results, result_dir_arg);
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
