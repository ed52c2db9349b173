//! Spider 2.0 scoring (`tabeq.spider2`): type translation and file reading for the
//! `tabeq-spider2` crate, which holds every rule and writes every message.

use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use tabeq::cpython_json::Value;
use tabeq_spider2::exec::{self, Dir};
use tabeq_spider2::{Frame, GoldKind, Outcome, PreparedGold};

/// Spider 2.0 CSVs are read whole; larger files are refused rather than exhausting memory.
const MAX_FILE_BYTES: u64 = 1 << 30;

fn read_path(path: &Path) -> Result<Vec<u8>, String> {
    crate::fs::read_regular_file(path, MAX_FILE_BYTES, crate::fs::FinalLink::Follow).map_err(|e| {
        match e {
            crate::fs::ReadError::Io(reason) => format!("{}: {reason}", path.display()),
            // Python's words, which name the file when the call did.
            crate::fs::ReadError::Os(_, e) if e.filename().is_some() => e.to_string(),
            crate::fs::ReadError::Os(_, e) => format!("{}: {e}", path.display()),
            e => e.message(&path.display().to_string()),
        }
    })
}

/// CSV bytes from `bytes`, or the file at a `str` / `os.PathLike` path.
fn csv_bytes(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    let path: PathBuf = obj.extract().map_err(|_| {
        crate::errors::argument_error("expected CSV bytes or a path (str or os.PathLike)")
    })?;
    obj.py()
        .detach(|| read_path(&path))
        .map_err(PyOSError::new_err)
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
    Err(PyTypeError::new_err(
        "condition_cols must be None, an int, or a list of ints (or of lists of ints)",
    ))
}

fn condition(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Value>> {
    obj.filter(|o| !o.is_none()).map(to_value).transpose()
}

/// The golds of `gold_or_golds` and which comparison they get: one table, or a list.
fn golds(obj: &Bound<'_, PyAny>) -> PyResult<(Vec<Vec<u8>>, GoldKind)> {
    if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        let items = obj
            .try_iter()?
            .map(|g| csv_bytes(&g?))
            .collect::<PyResult<_>>()?;
        return Ok((items, GoldKind::Multi));
    }
    Ok((vec![csv_bytes(obj)?], GoldKind::Single))
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
) -> PyResult<Result<Frame, tabeq_spider2::InputError>> {
    let bytes = csv_bytes(obj)?;
    Ok(py.detach(|| {
        tabeq_spider2::read_csv(&bytes).map_err(|error| tabeq_spider2::InputError {
            role: "prediction",
            index: 0,
            error,
        })
    }))
}

#[pymethods]
impl Spider2Gold {
    #[new]
    #[pyo3(signature = (gold_or_golds, condition_cols = None, ignore_order = false))]
    fn new(
        py: Python<'_>,
        gold_or_golds: &Bound<'_, PyAny>,
        condition_cols: Option<&Bound<'_, PyAny>>,
        ignore_order: bool,
    ) -> PyResult<Self> {
        let (bytes, kind) = golds(gold_or_golds)?;
        let cond = condition(condition_cols)?;
        let prepared = py.detach(|| {
            let refs: Vec<&[u8]> = bytes.iter().map(Vec::as_slice).collect();
            tabeq_spider2::read_golds(&refs)
                .map(|frames| PreparedGold::new(&frames, kind, cond.as_ref(), ignore_order))
        });
        Ok(Spider2Gold {
            prepared,
            kind,
            ignore_order,
            count: bytes.len(),
        })
    }

    /// Compare a prediction (CSV bytes or a path): the verdict and its explanation.
    fn compare(&self, py: Python<'_>, prediction: &Bound<'_, PyAny>) -> PyResult<Spider2Result> {
        let pred = read_prediction(py, prediction)?;
        let inner = py.detach(|| match pred {
            Ok(frame) => self.outcome(&frame),
            Err(e) => e.outcome(self.kind, self.ignore_order, self.count),
        });
        Ok(Spider2Result { inner })
    }

    /// The official score only (0 or 1), without diagnostics: the fast path for RL loops.
    fn score(&self, py: Python<'_>, prediction: &Bound<'_, PyAny>) -> PyResult<u8> {
        let pred = read_prediction(py, prediction)?;
        Ok(py.detach(|| match (&self.prepared, pred) {
            (Ok(p), Ok(frame)) => p.score(&frame),
            _ => 0,
        }))
    }
}

/// One comparison: `gold_or_golds` is one gold (the single-gold function) or a list (the
/// multi-gold function).
#[pyfunction]
#[pyo3(signature = (prediction, gold_or_golds, condition_cols = None, ignore_order = false))]
fn spider2_compare(
    py: Python<'_>,
    prediction: &Bound<'_, PyAny>,
    gold_or_golds: &Bound<'_, PyAny>,
    condition_cols: Option<&Bound<'_, PyAny>>,
    ignore_order: bool,
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
    let run = py.detach(|| {
        let dir = |dir: Dir| match dir {
            Dir::Results => &result_dir,
            Dir::Gold => &gold_result_dir,
        };
        let list = |d: Dir| list_names(dir(d));
        let read = |d: Dir, name: &str| read_path(&dir(d).join(name));
        exec::run(&read_path(&eval_jsonl)?, list, read)
    });
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
