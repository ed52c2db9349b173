//! Embedding: one prepared gold scored against many predictions (`NativeGold`), the
//! gold-less check (`validate`) and the answer table in model text (`extract_table`).

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use tabeq::evaluate::PreparedGold;
use tabeq::extract::extract_table as extract;
use tabeq::partial::PartialCredit;
use tabeq::TaskResult;

use crate::pool;
use crate::result::json_loads;
use crate::{fatal_to_py, fs, with_prediction, Input, NativeConfig, NativeResult};

/// Input bytes of one prediction counted as work (a path is read: count it as large).
fn work_of(prediction: Option<&Input<'_>>) -> usize {
    // Every prediction costs about a kilobyte's worth of work beyond its bytes.
    1024 + prediction.map_or(0, Input::size)
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
        with_prediction(prediction, |p| p.evaluate(&self.gold))
    }

    fn passes(&self, prediction: Option<&Input<'_>>) -> bool {
        with_prediction(prediction, |p| p.passes(&self.gold))
    }

    fn credit(&self, prediction: Option<&Input<'_>>, strict: bool) -> PartialCredit {
        with_prediction(prediction, |p| p.partial_credit(&self.gold, strict))
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
        json_loads(py, &tabeq::pyjson::to_tree(&self.inner).to_pretty())
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
    let report = py.detach(|| with_prediction(input.as_ref(), |p| p.validate(config)));
    json_loads(py, &report.to_json())
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
