//! Python binding of the diagnosis (`tabeq.explain`) and of the column-signature
//! compatibility scorer. Inputs are translated like `evaluate`'s; a diagnosis is returned as the
//! native `tabeq.explain.Diagnosis`.

use pyo3::prelude::*;

pyo3::import_exception!(tabeq._errors, ArgumentError);

use tabeq::config::TaskConfig;
use tabeq::error::FatalError;
use tabeq::explain::{Diagnosis, Disclosure, ExplainOptions};
use tabeq::PreparedGold;

use crate::diagnosis::PyDiagnosis;
use crate::{file_source, fs, with_prediction, Input, NativeConfig, TaskInputs};

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
    let (bytes, gold_id) = match gold {
        Input::Path(path) => {
            let (bytes, id) = fs::read_gold_identified(path, &config.task_id)?;
            (std::borrow::Cow::Owned(bytes), id)
        }
        Input::Bytes(_) => (gold.gold_bytes(&config.task_id)?, None),
    };
    let prepared = PreparedGold::new(&bytes, config)?;
    Ok(match (prediction, prediction_root) {
        (Some(Input::Path(p)), Some(root)) => {
            let (file, inside_root) = fs::read_prediction_within(p, root, gold_id);
            // Content reached through a link leaving the root is scored but never quoted.
            let redacted = ExplainOptions {
                show_prediction_values: options.show_prediction_values && inside_root,
                ..options.clone()
            };
            file_source(&file, p).explain(&prepared, &redacted)
        }
        _ => with_prediction(prediction, |p| p.explain(&prepared, options)),
    })
}

/// `max_items`, `max_value_chars`, `hints`, `signature_strict`, the redaction level (`full`,
/// `redacted`, `participant`) and `prediction_root`, as `tabeq.explain.explain` takes and checks them.
type ExplainArgs = (usize, usize, bool, bool, String, Option<std::path::PathBuf>);

/// Diagnose one task. `prediction` is CSV bytes, a path or None (no file); `gold` is CSV bytes
/// or a path.
#[pyfunction]
fn explain(
    py: Python<'_>,
    prediction: Option<&Bound<'_, PyAny>>,
    gold: &Bound<'_, PyAny>,
    config: &NativeConfig,
    options: ExplainArgs,
) -> PyResult<PyDiagnosis> {
    let (max_items, max_value_chars, hints, signature_strict, redaction, root) = options;
    let Some(disclosure) = Disclosure::from_code(&redaction) else {
        return Err(ArgumentError::new_err(format!(
            "unknown redaction level {redaction:?}"
        )));
    };
    let inputs = TaskInputs::new(prediction, gold)?;
    let options = ExplainOptions {
        max_items,
        max_value_chars,
        hints,
        signature_strict,
        ..ExplainOptions::default()
    }
    .disclosing(disclosure);
    let inner = inputs.run(py, |p, g| {
        explain_inputs(p, g, &config.inner, &options, root.as_deref())
    })?;
    Ok(PyDiagnosis {
        inner: inner.into(),
    })
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
        let gold = gold.gold_bytes("task")?;
        let score = with_prediction(pred, |p| p.column_signature(&gold, strict))?;
        Ok(tabeq::cpython_json::to_tree(&score).to_pretty())
    })
}

/// Register this module's functions on `_tabeq`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDiagnosis>()?;
    crate::add_functions!(m, explain, column_signature);
    Ok(())
}
