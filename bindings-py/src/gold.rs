//! Embedding: one prepared gold scored against many predictions (`tabeq.Gold`), the
//! gold-less check (`validate`) and the answer table in model text (`extract_table`).

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use tabeq_surface::evaluator::evaluate::PreparedGold;
use tabeq_surface::evaluator::extract::extract_table as extract;
use tabeq_surface::evaluator::file_input::text_reward;
use tabeq_surface::evaluator::parallel::{InTurn, Parallel};
use tabeq_surface::evaluator::partial_credit::PartialCredit;
use tabeq_surface::evaluator::TaskResult;

use crate::args::{
    check_count, check_text, to_source, type_name, ConfigArg, GoldArg, PredictionArg,
};
use crate::checks::{check_limits, wrong_type};
use crate::errors::argument_message;
use crate::errors::fatal_to_py;
use crate::pool;
use crate::py_values::to_python;
use crate::result::PyTaskResult;
use crate::{fs, with_prediction_within, Input};
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

/// Input bytes of one prediction counted as work (a path is read: count it as large).
fn work_of(prediction: Option<&Input<'_>>) -> usize {
    // Every prediction costs about a kilobyte's worth of work beyond its bytes.
    1024 + prediction.map_or(0, Input::size)
}

/// A gold table read, validated and canonicalized once, for scoring many predictions.
///
/// ``gold`` and ``config`` take what ``tabeq.evaluate`` takes; a broken gold raises
/// ``GoldError`` here, once. Predictions are CSV bytes, a path, a DataFrame, rows, or
/// ``None`` (no table: ``missing_prediction``), as for ``evaluate``; every method gives
/// exactly what ``evaluate`` gives for the same inputs.
///
/// A ``Gold`` is immutable: share it between threads freely (batch methods release the GIL
/// and run on tabeq's long-lived worker pool), and pickle it to send it to worker processes
/// or Ray actors (it travels as its CSV bytes and config).
///
/// >>> import tabeq
/// >>> gold = tabeq.Gold(b"n\n3\n", tabeq.TaskConfig([tabeq.number("n", integer=True)]))
/// >>> gold.scores([b"x\n3.0\n", b"x\n4\n", None])
/// [1.0, 0.0, 0.0]
#[pyclass(frozen, module = "tabeq", name = "Gold")]
pub struct NativeGold {
    gold: PreparedGold,
    csv: Py<PyBytes>,
    /// The config the gold was prepared with.
    #[pyo3(get)]
    config: Py<PyAny>,
}

impl NativeGold {
    /// Score one prediction, its large parts run by `parallel` (a batch's workers pass
    /// [`InTurn`]).
    fn score(&self, prediction: Option<&Input<'_>>, parallel: &dyn Parallel) -> TaskResult {
        with_prediction_within(prediction, self.gold.limits(), |p| {
            self.gold.evaluate_in(p, parallel)
        })
    }

    fn passes(&self, prediction: Option<&Input<'_>>) -> bool {
        with_prediction_within(prediction, self.gold.limits(), |p| self.gold.passes(p))
    }

    fn credit(&self, prediction: Option<&Input<'_>>, strict: bool) -> PartialCredit {
        with_prediction_within(prediction, self.gold.limits(), |p| {
            self.gold.partial_credit(p, strict)
        })
    }

    /// The result of a prediction with its inputs attached.
    fn result(&self, py: Python<'_>, inner: TaskResult, source: &Bound<'_, PyAny>) -> PyTaskResult {
        let prediction = (!source.is_none()).then_some(source);
        PyTaskResult::scored(inner, self.config.bind(py), prediction, self.csv.bind(py))
            .within(*self.gold.limits())
    }

    /// Run `work` over the predictions (their sources) on the worker pool.
    fn batch<T: Send>(
        &self,
        py: Python<'_>,
        sources: &[Bound<'_, PyAny>],
        threads: Option<&Bound<'_, PyAny>>,
        work: &(dyn Fn(&Self, Option<&Input<'_>>) -> T + Sync),
    ) -> PyResult<Vec<T>> {
        let threads = check_count(threads, "threads", 1)?;
        let inputs = sources
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

/// The sources of an iterable of predictions.
fn sources<'py>(predictions: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let items = predictions
        .try_iter()
        .map_err(|_| wrong_type("predictions", "an iterable", predictions))?;
    items.map(|p| to_source(&p?, "prediction")).collect()
}

#[pymethods]
impl NativeGold {
    /// ``limits="lifted"`` reads the gold, and every prediction, beyond the official 20 MiB and
    /// 100,000 rows (see ``tabeq.evaluate``).
    #[new]
    #[pyo3(signature = (gold, config, limits=None))]
    fn new(
        py: Python<'_>,
        gold: &Bound<'_, PyAny>,
        config: &Bound<'_, PyAny>,
        limits: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let limits = check_limits(limits)?;
        let ConfigArg(config) = config.extract()?;
        let GoldArg(gold) = gold.extract()?;
        let task = &config.get().inner;
        let (prepared, csv) = match Input::borrowed(&gold)? {
            Input::Bytes(bytes) => {
                let prepared = py.detach(|| {
                    PreparedGold::new_within(&bytes, task, &limits, &pool::Lent)
                        .map(PreparedGold::for_many_predictions)
                });
                (prepared, gold.cast::<PyBytes>()?.clone().unbind())
            }
            Input::Path(path) => {
                let read = py.detach(|| -> Result<_, tabeq_surface::evaluator::FatalError> {
                    let bytes = fs::read_gold(&path, &task.task_id, &limits)?;
                    let prepared = PreparedGold::new_within(&bytes, task, &limits, &pool::Lent)
                        .map(PreparedGold::for_many_predictions)?;
                    Ok((prepared, bytes))
                });
                let (prepared, bytes) = read.map_err(fatal_to_py)?;
                (Ok(prepared), PyBytes::new(py, &bytes).unbind())
            }
        };
        Ok(NativeGold {
            gold: prepared.map_err(fatal_to_py)?,
            csv,
            config: config.into_any().unbind(),
        })
    }

    /// Gold data rows.
    #[getter]
    fn row_count(&self) -> usize {
        self.gold.table().row_count()
    }

    /// Gold columns.
    #[getter]
    fn column_count(&self) -> usize {
        self.gold.table().column_count()
    }

    /// Score one prediction (the same ``TaskResult`` as ``tabeq.evaluate``; a large one reads
    /// its distinct rules' columns on the worker pool).
    fn evaluate(&self, py: Python<'_>, prediction: &Bound<'_, PyAny>) -> PyResult<PyTaskResult> {
        let PredictionArg(source) = prediction.extract()?;
        let input = (!source.is_none())
            .then(|| Input::borrowed(&source))
            .transpose()?;
        let inner = if work_of(input.as_ref()) > pool::INLINE_WORK_BYTES {
            py.detach(|| self.score(input.as_ref(), &pool::Lent))
        } else {
            self.score(input.as_ref(), &InTurn)
        };
        Ok(self.result(py, inner, &source))
    }

    /// Score many predictions in parallel; results in input order. ``threads`` defaults to
    /// the number of CPUs; small batches run on the calling thread (cheaper than a hand-off).
    #[pyo3(signature = (predictions, *, threads=None))]
    fn evaluate_many(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyTaskResult>> {
        let sources = sources(predictions)?;
        let results = self.batch(py, &sources, threads, &|g, p| g.score(p, &InTurn))?;
        let scored = results.into_iter().zip(&sources);
        Ok(scored.map(|(inner, s)| self.result(py, inner, s)).collect())
    }

    /// The official score of each prediction, 1.0 or 0.0, without result objects (the
    /// fastest form, for reward loops).
    #[pyo3(signature = (predictions, *, threads=None))]
    fn scores(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<f64>> {
        self.batch(py, &sources(predictions)?, threads, &|g, p| {
            f64::from(u8::from(g.passes(p)))
        })
    }

    /// Graded credit of each prediction (not the official score), for dense rewards: row
    /// precision, recall and F1 under the best column mapping, column precision and recall,
    /// and the column-signature score — the numbers of ``tabeq.explain.explain(...)``'s
    /// ``partial_credit`` (``to_dict()`` gives that dict), without the rest of the diagnosis.
    /// ``signature_strict`` refuses thousands separators in the column signature.
    #[pyo3(signature = (predictions, *, threads=None, signature_strict=false))]
    fn partial_credit(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        signature_strict: bool,
    ) -> PyResult<Vec<NativePartialCredit>> {
        let work = |g: &Self, p: Option<&Input<'_>>| g.credit(p, signature_strict);
        let credits = self.batch(py, &sources(predictions)?, threads, &work)?;
        Ok(credits
            .into_iter()
            .map(|inner| NativePartialCredit { inner })
            .collect())
    }

    /// The reward of each model text: the official score of the table in it, or with `dense`
    /// the row F1 of its partial credit (`tabeq.integrations`). A text that is not Unicode (a
    /// `str` with a lone surrogate, as a tokenizer can decode) scores 0.0 and is logged on the
    /// `tabeq` logger with its code (`lone_surrogate`); the rest of the batch is scored.
    #[pyo3(signature = (texts, *, dense=false))]
    fn rewards(&self, py: Python<'_>, texts: &Bound<'_, PyAny>, dense: bool) -> PyResult<Vec<f64>> {
        // Iterated, never sized by `len()`: a sequence may claim any length.
        let mut items: Vec<Option<String>> = Vec::new();
        for (i, text) in texts.try_iter().map_err(|_| not_texts(texts))?.enumerate() {
            let text = text?;
            let Ok(s) = text.cast::<PyString>() else {
                let data = MessageData::new()
                    .text("what", "texts")
                    .text("expected", "str")
                    .text("index", i.to_string())
                    .text("got", type_name(&text));
                return Err(argument_message(MessageCode::ItemNot, data));
            };
            match s.to_cow() {
                Ok(t) => items.push(Some(t.into_owned())),
                Err(_) => {
                    log_unscored(py, i)?;
                    items.push(None);
                }
            }
        }
        let estimate = items
            .iter()
            .map(|t| 1024 + t.as_ref().map_or(0, String::len))
            .sum();
        let threads = pool::thread_count(None, items.len());
        let work = |i: usize| {
            items[i]
                .as_deref()
                .map_or(0.0, |t| text_reward(&self.gold, t, dense))
        };
        pool::run(py, items.len(), threads, estimate, &work, None)
    }

    /// Pickled as its CSV bytes and config JSON.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let this = slf.get();
        // Limits reach Python by name only (`checks::check_limits`): the name reads back.
        let limits = this.gold.limits().name();
        let args = (
            this.csv.clone_ref(slf.py()),
            this.gold.config().to_json(),
            limits,
        );
        (slf.get_type(), args)
            .into_pyobject(slf.py())
            .map(Bound::into_any)
    }

    fn __repr__(&self) -> String {
        self.gold.repr()
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
        to_python(py, &self.inner)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<NativePartialCredit>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }
    fn __repr__(&self) -> String {
        self.inner.repr()
    }
}

/// What can be known about a prediction from its config alone, without the gold: the
/// report of the WASM ``validatePrediction`` and ``tabeq validate``, as a dict.
/// ``limits="lifted"`` reads the prediction beyond the official 20 MiB and 100,000 rows (see
/// ``evaluate``).
#[pyfunction]
#[pyo3(signature = (prediction, config, *, limits=None))]
fn validate<'py>(
    py: Python<'py>,
    prediction: &Bound<'py, PyAny>,
    config: &Bound<'py, PyAny>,
    limits: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let limits = check_limits(limits)?;
    let ConfigArg(config) = config.extract()?;
    let PredictionArg(prediction) = prediction.extract()?;
    let input = (!prediction.is_none())
        .then(|| Input::borrowed(&prediction))
        .transpose()?;
    let config = &config.get().inner;
    let report = py.detach(|| {
        with_prediction_within(input.as_ref(), &limits, |p| {
            tabeq_surface::evaluator::validate_prediction_within(p, config, &limits)
        })
    });
    to_python(py, &report)
}

/// The answer table in model output: `(csv bytes or None, source code)`. A `str` with a lone
/// surrogate raises `ArgumentError` (`invalid_argument`).
#[pyfunction]
fn extract_table<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
) -> PyResult<(Option<Bound<'py, PyBytes>>, &'static str)> {
    let text = check_text(text, "text")?;
    let found = extract(&text);
    Ok((
        found.csv.map(|c| PyBytes::new(py, c.as_bytes())),
        found.source.code(),
    ))
}

/// The error for a `texts` argument that is not iterable.
fn not_texts(texts: &Bound<'_, PyAny>) -> PyErr {
    wrong_type("texts", "an iterable of str", texts)
}

/// Log a reward text that is not Unicode text, with its code, on the `tabeq` logger.
fn log_unscored(py: Python<'_>, index: usize) -> PyResult<()> {
    let logger = py
        .import("logging")?
        .call_method1("getLogger", ("tabeq",))?;
    logger.call_method1(
        "warning",
        (
            "tabeq: reward text %d contains a lone surrogate (not Unicode text): scored 0.0 [lone_surrogate]",
            index,
        ),
    )?;
    Ok(())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeGold>()?;
    m.add_class::<NativePartialCredit>()?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(extract_table, m)?)?;
    Ok(())
}
