//! Embedding: one prepared gold scored against many predictions (`NativeGold`), the
//! gold-less check (`validate`) and the answer table in model text (`extract_table`).

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use tabeq::evaluate::PreparedGold;
use tabeq::extract::extract_table as extract;
use tabeq::partial::PartialCredit;
use tabeq::pyjson::Out;
use tabeq::validate::validate_prediction;
use tabeq::{Prediction, TaskErrorCode, TaskResult};

use crate::fs::{self, PredictionFile};
use crate::pool;
use crate::{evaluate_prediction_file, fatal_to_py, Input, NativeConfig, NativeResult};

/// Input bytes of one prediction counted as work (a path is read: count it as large).
fn work_of(prediction: Option<&Input<'_>>) -> usize {
    // Every prediction costs about a kilobyte's worth of work beyond its bytes.
    1024 + prediction.map_or(0, Input::size)
}

/// A core JSON tree as Python objects (dict, list, str, int, float, bool, None).
pub fn out_to_py<'py>(py: Python<'py>, out: &Out) -> PyResult<Bound<'py, PyAny>> {
    Ok(match out {
        Out::Null => py.None().into_bound(py),
        Out::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Out::Int(i) => i.into_pyobject(py)?.into_any(),
        Out::Float(f) => f.into_pyobject(py)?.into_any(),
        Out::Str(s) => s.into_pyobject(py)?.into_any(),
        Out::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(out_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Out::Object(entries) => {
            let dict = PyDict::new(py);
            for (key, value) in entries {
                dict.set_item(key, out_to_py(py, value)?)?;
            }
            dict.into_any()
        }
    })
}

/// `score` applied to the core's prediction for an input (a path is read here first).
fn with_prediction<T>(input: Option<&Input<'_>>, score: impl FnOnce(Prediction<'_>) -> T) -> T {
    match input {
        None => score(Prediction::Missing),
        Some(Input::Bytes(b)) => score(Prediction::Csv(b)),
        Some(Input::Path(p)) => match fs::read_prediction(p) {
            PredictionFile::Missing => score(Prediction::Missing),
            PredictionFile::Invalid(e) => score(Prediction::Invalid(&e)),
            PredictionFile::Bytes(b) => score(Prediction::Csv(&b)),
        },
    }
}

/// A gold read, validated and canonicalized once. Immutable, so it is shared by threads
/// without locks; pickled as its CSV bytes and config.
#[pyclass(frozen, module = "tabeq._tabeq", name = "NativeGold")]
pub struct NativeGold {
    gold: PreparedGold,
    csv: Py<PyBytes>,
}

impl NativeGold {
    fn score(&self, prediction: Option<&Input<'_>>) -> TaskResult {
        match prediction {
            // The path's own message ("Missing prediction CSV: path") comes from the file reader.
            Some(Input::Path(p)) => evaluate_prediction_file(&self.gold, p),
            other => with_prediction(other, |p| self.gold.evaluate(p)),
        }
    }

    fn passes(&self, prediction: Option<&Input<'_>>) -> bool {
        with_prediction(prediction, |p| self.gold.passes(p))
    }

    fn credit(&self, prediction: Option<&Input<'_>>, strict: bool) -> PartialCredit {
        with_prediction(prediction, |p| self.gold.partial_credit(p, strict))
    }

    /// Run `work` over the predictions of a list on the worker pool.
    fn batch<T: Send>(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyList>,
        threads: Option<usize>,
        work: &(dyn Fn(&Self, Option<&Input<'_>>) -> T + Sync),
    ) -> PyResult<Vec<T>> {
        let objects: Vec<Bound<'_, PyAny>> = predictions.iter().collect();
        let inputs = objects
            .iter()
            .map(|o| (!o.is_none()).then(|| Input::borrowed(o)).transpose())
            .collect::<PyResult<Vec<Option<Input<'_>>>>>()?;
        let estimate: usize = inputs.iter().map(|i| work_of(i.as_ref())).sum();
        let threads = pool::thread_count(threads, inputs.len());
        pool::run(
            py,
            inputs.len(),
            threads,
            estimate,
            &|i| work(self, inputs[i].as_ref()),
            None,
        )
    }
}

#[pymethods]
impl NativeGold {
    /// Read (when `gold` is a path), validate and canonicalize a gold. Raises `GoldError`.
    #[new]
    fn new(py: Python<'_>, gold: &Bound<'_, PyAny>, config: &NativeConfig) -> PyResult<Self> {
        let config = &config.inner;
        let (gold, csv) = match Input::borrowed(gold)? {
            Input::Bytes(bytes) => {
                let prepared = py.detach(|| {
                    PreparedGold::new(&bytes, config).map(PreparedGold::for_many_predictions)
                });
                (prepared, gold.cast::<PyBytes>()?.clone().unbind())
            }
            Input::Path(path) => {
                let read = py.detach(|| -> Result<_, tabeq::FatalError> {
                    let bytes = fs::read_gold(&path, &config.task_id)?;
                    let prepared = PreparedGold::new(&bytes, config)
                        .map(PreparedGold::for_many_predictions)?;
                    Ok((prepared, bytes))
                });
                let (prepared, bytes) = read.map_err(fatal_to_py)?;
                (Ok(prepared), PyBytes::new(py, &bytes).unbind())
            }
        };
        Ok(NativeGold {
            gold: gold.map_err(fatal_to_py)?,
            csv,
        })
    }

    /// The gold CSV's bytes (what a pickled gold carries).
    fn csv_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        self.csv.clone_ref(py)
    }

    /// The config, normalized, as JSON text.
    fn config_json(&self) -> String {
        self.gold.config().to_json()
    }

    #[getter]
    fn row_count(&self) -> usize {
        self.gold.table().row_count()
    }

    #[getter]
    fn column_count(&self) -> usize {
        self.gold.table().column_count()
    }

    /// Score one prediction (bytes, a path, or None).
    #[pyo3(signature = (prediction))]
    fn evaluate(
        &self,
        py: Python<'_>,
        prediction: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<NativeResult> {
        let input = prediction.map(Input::borrowed).transpose()?;
        let inner = if work_of(input.as_ref()) > pool::INLINE_WORK_BYTES {
            py.detach(|| self.score(input.as_ref()))
        } else {
            self.score(input.as_ref())
        };
        Ok(NativeResult { inner })
    }

    /// Score a list of predictions on the worker pool; results in input order.
    #[pyo3(signature = (predictions, threads=None))]
    fn evaluate_many(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyList>,
        threads: Option<usize>,
    ) -> PyResult<Vec<NativeResult>> {
        let results = self.batch(py, predictions, threads, &|g, p| g.score(p))?;
        Ok(results
            .into_iter()
            .map(|inner| NativeResult { inner })
            .collect())
    }

    /// The official score (1.0 or 0.0) of each prediction.
    #[pyo3(signature = (predictions, threads=None))]
    fn scores(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyList>,
        threads: Option<usize>,
    ) -> PyResult<Vec<f64>> {
        self.batch(py, predictions, threads, &|g, p| {
            f64::from(u8::from(g.passes(p)))
        })
    }

    /// The partial credit of each prediction.
    #[pyo3(signature = (predictions, threads=None, strict=false))]
    fn partial_credit(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyList>,
        threads: Option<usize>,
        strict: bool,
    ) -> PyResult<Vec<NativePartialCredit>> {
        let credits = self.batch(py, predictions, threads, &|g, p| g.credit(p, strict))?;
        Ok(credits
            .into_iter()
            .map(|inner| NativePartialCredit { inner })
            .collect())
    }
}

/// Graded credit of one prediction (not the official score). One object, no dicts, so a
/// batch of dense rewards costs little on the Python side; `to_dict()` gives the
/// `partial_credit` block of a diagnosis.
#[pyclass(frozen, module = "tabeq._tabeq", name = "PartialCredit")]
pub struct NativePartialCredit {
    inner: PartialCredit,
}

#[pymethods]
impl NativePartialCredit {
    /// Matched rows / prediction rows, under the best column mapping.
    #[getter]
    fn row_precision(&self) -> f64 {
        self.inner.rows.precision
    }
    /// Matched rows / gold rows.
    #[getter]
    fn row_recall(&self) -> f64 {
        self.inner.rows.recall
    }
    /// Harmonic mean of row precision and recall.
    #[getter]
    fn row_f1(&self) -> f64 {
        self.inner.rows.f1
    }
    /// Recovered gold columns / prediction columns.
    #[getter]
    fn column_precision(&self) -> f64 {
        self.inner.columns.precision
    }
    /// Recovered gold columns / gold columns.
    #[getter]
    fn column_recall(&self) -> f64 {
        self.inner.columns.recall
    }
    /// The column-signature (KDD Cup 2026 phase-1 compatible) score.
    #[getter]
    fn signature_score(&self) -> f64 {
        self.inner.column_signature.score
    }
    /// `perfect_match`, `partial_match`, `no_match` or `missing_prediction`.
    #[getter]
    fn signature_status(&self) -> &'static str {
        self.inner.column_signature.status.code()
    }
    /// The `partial_credit` dict of `tabeq.explain.explain` (note, column_signature, rows, columns).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        out_to_py(py, &tabeq::pyjson::to_tree(&self.inner))
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<NativePartialCredit>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }
    fn __repr__(&self) -> String {
        format!(
            "<PartialCredit rows P/R/F1 {:.3}/{:.3}/{:.3}, columns P/R {:.3}/{:.3}, signature {:.3} ({})>",
            self.inner.rows.precision,
            self.inner.rows.recall,
            self.inner.rows.f1,
            self.inner.columns.precision,
            self.inner.columns.recall,
            self.inner.column_signature.score,
            self.inner.column_signature.status.code()
        )
    }
}

/// The gold-less check of a prediction (bytes, a path, or None): the report of
/// `validatePrediction`, as a dict.
#[pyfunction]
#[pyo3(signature = (prediction, config))]
fn validate<'py>(
    py: Python<'py>,
    prediction: Option<&Bound<'py, PyAny>>,
    config: &NativeConfig,
) -> PyResult<Bound<'py, PyAny>> {
    let input = prediction.map(Input::borrowed).transpose()?;
    let config = &config.inner;
    let report = py.detach(|| {
        let mut report = with_prediction(input.as_ref(), |p| validate_prediction(p, config));
        if let (Some(Input::Path(p)), Some(TaskErrorCode::MissingPrediction)) =
            (&input, report.error_code)
        {
            report.error = Some(format!("Missing prediction CSV: {}", p.display()));
        }
        report
    });
    out_to_py(py, &tabeq::pyjson::to_tree(&report))
}

/// The answer table in model output: `(csv bytes or None, source code)`.
#[pyfunction]
fn extract_table<'py>(py: Python<'py>, text: &str) -> (Option<Bound<'py, PyBytes>>, &'static str) {
    let found = extract(text);
    (
        found.csv.map(|c| PyBytes::new(py, c.as_bytes())),
        found.source.code(),
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeGold>()?;
    m.add_class::<NativePartialCredit>()?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(extract_table, m)?)?;
    Ok(())
}
