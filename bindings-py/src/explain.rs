//! Python binding of the diagnosis (`tabeq.explain`) and of the column-signature
//! compatibility scorer. Inputs are translated like `evaluate`'s; a diagnosis is returned as the
//! native `tabeq.explain.Diagnosis`.

use pyo3::prelude::*;

use tabeq_surface::evaluator::config::TaskConfig;
use tabeq_surface::evaluator::csv::Limits;
use tabeq_surface::evaluator::error::FatalError;
use tabeq_surface::evaluator::explain::{Diagnosis, Disclosure, ExplainOptions};
use tabeq_surface::evaluator::parallel::InTurn;
use tabeq_surface::evaluator::PreparedGold;

use crate::args::{check_count, check_path, GoldArg, PredictionArg, TaskArgs};
use crate::diagnosis::PyDiagnosis;
use crate::{fs, with_prediction, with_prediction_within, Input, TaskInputs};

/// Diagnose one task whose inputs are bytes or paths (read exactly like `evaluate` reads them).
/// With a `prediction_root`, a prediction path whose content is reached through a link leaving
/// it is read as usual but never quoted.
fn explain_inputs(
    prediction: Option<&Input<'_>>,
    gold: &Input<'_>,
    config: &TaskConfig,
    options: &ExplainOptions,
    prediction_root: Option<&std::path::Path>,
    limits: &Limits,
) -> Result<Diagnosis, FatalError> {
    let (bytes, gold_id) = match gold {
        Input::Path(path) => {
            let (bytes, id) = fs::read_gold_identified(path, &config.task_id, limits)?;
            (std::borrow::Cow::Owned(bytes), id)
        }
        Input::Bytes(_) => (gold.gold_bytes_within(&config.task_id, limits)?, None),
    };
    let prepared = PreparedGold::new_within(&bytes, config, limits, &InTurn)?;
    Ok(match (prediction, prediction_root) {
        (Some(Input::Path(p)), Some(root)) => {
            let (file, inside_root) = fs::read_prediction_within(p, root, gold_id, limits);
            // Content reached through a link leaving the root is scored but never quoted.
            let redacted = ExplainOptions {
                show_prediction_values: options.show_prediction_values && inside_root,
                ..options.clone()
            };
            let shown = p.display().to_string();
            tabeq_surface::evaluator::explain(file.prediction_at(&shown), &prepared, &redacted)
        }
        _ => with_prediction_within(prediction, limits, |p| {
            tabeq_surface::evaluator::explain(p, &prepared, options)
        }),
    })
}

/// Diagnose a prediction against its gold.
///
/// Takes the same inputs as ``tabeq.evaluate`` (CSV bytes, a path, a DataFrame or rows;
/// ``prediction`` may be ``None``). ``max_items`` caps the rows shown per list and
/// ``max_value_chars`` the characters per shown cell (counts are always complete).
/// ``hints=False`` skips the near-miss search; ``signature_strict=True`` makes the
/// column-signature score refuse thousands separators. A broken gold raises ``GoldError``,
/// a broken config ``ConfigError``; a bad prediction never raises.
///
/// ``redaction`` is how much of the gold the diagnosis reveals: ``"redacted"`` by default (no
/// gold cell, as ``tabeq evaluate --explain``), ``"full"`` for the operator, ``"participant"``
/// for anything a participant or a model may read (nothing derived from gold values; see
/// SECURITY.md). ``show_gold_values`` is the former switch (``True`` is ``"full"``).
/// ``prediction_root`` (the directory the prediction path is under) shows the prediction's cells
/// as ``[redacted]`` when its content is reached through a symbolic link.
#[pyfunction]
#[pyo3(
    signature = (prediction, gold, config, *, max_items=None, max_value_chars=None, hints=None, signature_strict=None, redaction=None, show_gold_values=None, prediction_root=None, limits=None),
    text_signature = "(prediction, gold, config, *, max_items=5, max_value_chars=60, hints=True, signature_strict=False, redaction=None, show_gold_values=None, prediction_root=None, limits=None)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn explain(
    py: Python<'_>,
    prediction: &Bound<'_, PyAny>,
    gold: &Bound<'_, PyAny>,
    config: &Bound<'_, PyAny>,
    max_items: Option<&Bound<'_, PyAny>>,
    max_value_chars: Option<&Bound<'_, PyAny>>,
    hints: Option<&Bound<'_, PyAny>>,
    signature_strict: Option<&Bound<'_, PyAny>>,
    redaction: Option<&Bound<'_, PyAny>>,
    show_gold_values: Option<&Bound<'_, PyAny>>,
    prediction_root: Option<&Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyDiagnosis> {
    let limits = crate::checks::check_limits(limits)?;
    let flag =
        |v: Option<&Bound<'_, PyAny>>, default: bool| v.map_or(Ok(default), |v| v.is_truthy());
    // What is not given is the core's default, as in the WebAssembly module.
    let core = ExplainOptions::default();
    let options = ExplainOptions {
        max_items: check_count(max_items, "max_items", 0)?.unwrap_or(core.max_items),
        max_value_chars: check_count(max_value_chars, "max_value_chars", 1)?
            .unwrap_or(core.max_value_chars),
        hints: flag(hints, core.hints)?,
        signature_strict: flag(signature_strict, core.signature_strict)?,
        ..core
    }
    .disclosing(disclosure(redaction, show_gold_values)?);
    let root = prediction_root
        .filter(|r| !r.is_none())
        .map(|r| check_path(r, "prediction_root")?.extract::<std::path::PathBuf>())
        .transpose()?;
    let args = TaskArgs::new(prediction, gold, config)?;
    let inputs = TaskInputs::new(args.prediction.as_ref(), &args.gold)?;
    let task = &args.config.get().inner;
    // On a worker thread that Ctrl-C cancels (the diagnosis's searches poll the flag).
    let (prediction, gold) = (inputs.prediction.as_ref(), &inputs.gold);
    let inner = crate::interrupt::run(py, || {
        explain_inputs(prediction, gold, task, &options, root.as_deref(), &limits)
    })?
    .map_err(crate::errors::fatal_to_py)?;
    Ok(PyDiagnosis {
        inner: inner.into(),
    })
}

/// The level asked for (the core decides: `Disclosure::choose`).
fn disclosure(
    redaction: Option<&Bound<'_, PyAny>>,
    show_gold_values: Option<&Bound<'_, PyAny>>,
) -> PyResult<Disclosure> {
    let show = show_gold_values.filter(|v| !v.is_none());
    let show = show.map(|v| v.is_truthy()).transpose()?;
    let level = redaction.filter(|v| !v.is_none()).map(|level| {
        let shown = level.repr().map_or_else(|_| "?".into(), |r| r.to_string());
        (level.extract::<String>().unwrap_or_default(), shown)
    });
    let level = level
        .as_ref()
        .map(|(code, shown)| (code.as_str(), shown.as_str()));
    Disclosure::choose(level, show).map_err(crate::errors::argument_error)
}

/// The KDD Cup 2026 phase-1 column-signature score (compatibility mode, no config needed) as
/// plain data. An unreadable prediction scores `no_match`; an unreadable gold raises GoldError.
#[pyfunction]
#[pyo3(
    signature = (prediction, gold, strict=crate::args::Flag(false)),
    text_signature = "(prediction, gold, strict=False)"
)]
fn column_signature<'py>(
    py: Python<'py>,
    prediction: &Bound<'py, PyAny>,
    gold: &Bound<'py, PyAny>,
    strict: crate::args::Flag,
) -> PyResult<Bound<'py, PyAny>> {
    let strict = strict.0;
    let PredictionArg(prediction) = prediction.extract()?;
    let GoldArg(gold) = gold.extract()?;
    let prediction = (!prediction.is_none()).then_some(&prediction);
    let inputs = TaskInputs::new(prediction, &gold)?;
    let score = inputs.run(py, |pred, gold| {
        let gold = gold.gold_bytes("task")?;
        let score = with_prediction(pred, |p| p.column_signature(&gold, strict))?;
        Ok(score)
    })?;
    crate::py_values::to_python(py, &score)
}

/// Register this module's functions on `_tabeq`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDiagnosis>()?;
    crate::add_functions!(m, explain, column_signature);
    Ok(())
}
