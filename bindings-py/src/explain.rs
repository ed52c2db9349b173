//! Python binding of the diagnosis (`tabeq.explain`) and of the column-signature
//! compatibility scorer. Inputs are translated like `evaluate`'s; results are JSON text that
//! the Python wrapper turns into a `Diagnosis`.

use std::borrow::Cow;

use pyo3::prelude::*;

use tabeq::config::TaskConfig;
use tabeq::csv::read_table;
use tabeq::error::{FatalDetail, FatalError};
use tabeq::explain::{explain as explain_core, Diagnosis, ExplainOptions};
use tabeq::partial_credit::column_signature_of_csv;
use tabeq::PreparedGold;

use crate::fs::{self, PredictionFile};
use crate::{render, with_prediction, Input, NativeConfig, TaskInputs};

/// Diagnose one task whose inputs are bytes or paths (read exactly like `evaluate` reads them).
/// With a `prediction_root`, a prediction path whose content is reached through a link leaving
/// it is read as usual but never quoted.
fn explain_inputs(
    prediction: Option<&Input<'_>>,
    gold: &Input<'_>,
    config: &TaskConfig,
    options: &ExplainOptions,
    prediction_root: Option<&std::path::Path>,
) -> Result<Diagnosis, FatalError> {
    let prepared = PreparedGold::new(&gold.gold_bytes(&config.task_id)?, config)?;
    fn error(d: &mut Diagnosis) -> &mut Option<String> {
        &mut d.result.error
    }
    Ok(match (prediction, prediction_root) {
        (Some(Input::Path(p)), Some(root)) => {
            let (file, inside_root) = fs::read_prediction_within(p, root);
            // Content reached through a link leaving the root is scored but never quoted.
            let redacted = ExplainOptions {
                show_prediction_values: options.show_prediction_values && inside_root,
                ..options.clone()
            };
            file.apply(p, |p| explain_core(p, &prepared, &redacted), error)
        }
        _ => with_prediction(prediction, |p| explain_core(p, &prepared, options), error),
    })
}

/// Diagnose one task; returns the diagnosis as JSON text. `prediction` is CSV bytes, a path
/// or None (no file); `gold` is CSV bytes or a path.
#[pyfunction]
#[pyo3(signature = (prediction, gold, config, max_items=5, max_value_chars=60, hints=true, signature_strict=false, show_gold_values=true, prediction_root=None))]
#[allow(clippy::too_many_arguments)]
fn explain(
    py: Python<'_>,
    prediction: Option<&Bound<'_, PyAny>>,
    gold: &Bound<'_, PyAny>,
    config: &NativeConfig,
    max_items: usize,
    max_value_chars: usize,
    hints: bool,
    signature_strict: bool,
    show_gold_values: bool,
    prediction_root: Option<std::path::PathBuf>,
) -> PyResult<NativeDiagnosis> {
    let inputs = TaskInputs::new(prediction, gold)?;
    let options = ExplainOptions {
        max_items,
        max_value_chars,
        hints,
        signature_strict,
        show_gold_values,
        show_prediction_values: true,
    };
    let root = prediction_root.as_deref();
    let inner = inputs.run(py, |p, g| {
        explain_inputs(p, g, &config.inner, &options, root)
    })?;
    Ok(NativeDiagnosis { inner })
}

/// A diagnosis held natively: its JSON, and its document rendered by the core.
#[pyclass(frozen, module = "tabeq._tabeq")]
struct NativeDiagnosis {
    inner: Diagnosis,
}

#[pymethods]
impl NativeDiagnosis {
    /// The diagnosis JSON text.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }
    /// The document rendered as `format`; with the verdict the task was scored with, a
    /// diagnosis that disagrees (the files changed since) says so.
    #[pyo3(signature = (format, scored=None))]
    fn render(&self, format: &str, scored: Option<(bool, Option<String>)>) -> PyResult<String> {
        let doc = match scored {
            Some((passed, code)) => self.inner.document_rescored(passed, code.as_deref()),
            None => self.inner.document(),
        };
        render(&doc, format)
    }
}

/// The KDD Cup 2026 phase-1 column-signature score (compatibility mode, no config needed) as
/// JSON text. An unreadable prediction scores `no_match`; an unreadable gold raises GoldError.
#[pyfunction]
#[pyo3(signature = (prediction, gold, strict=false))]
fn column_signature(
    py: Python<'_>,
    prediction: Option<&Bound<'_, PyAny>>,
    gold: &Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<String> {
    let inputs = TaskInputs::new(prediction, gold)?;
    inputs.run(py, |pred, gold| {
        let gold_table = read_table(&gold.gold_bytes("task")?)
            .map_err(|e| FatalError::from(FatalDetail::GoldCsv(e)))?;
        let pred_bytes: Option<Cow<'_, [u8]>> = match pred {
            None => None,
            Some(Input::Bytes(b)) => Some(Cow::Borrowed(b)),
            Some(Input::Path(p)) => match fs::read_prediction(p) {
                PredictionFile::Missing => None,
                // An unreadable file scores like unreadable bytes (no_match).
                PredictionFile::Invalid(_) => Some(Cow::Borrowed(&[][..])),
                PredictionFile::Bytes(b) => Some(Cow::Owned(b)),
            },
        };
        let score = column_signature_of_csv(pred_bytes.as_deref(), &gold_table, strict);
        Ok(tabeq::cpython_json::to_tree(&score).to_pretty())
    })
}

/// Register this module's functions on `_tabeq`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeDiagnosis>()?;
    crate::add_functions!(m, explain, column_signature);
    Ok(())
}
