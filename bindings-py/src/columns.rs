//! A whole table of tasks scored in one call (`tabeq.arrow`: Arrow tables and record batches,
//! Ray Data and Spark batches): three columns in, three columns out, the loop over rows here
//! rather than in Python. A row's broken config or gold is that row's error code, not an
//! exception for the batch: one bad task in a million-row dataset must not stop the others.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMapping, PyString};

use tabeq::config::TaskConfig as CoreConfig;
use tabeq::{FatalError, Prediction, PreparedGold};

use crate::args::{check_count, iterate};
use crate::checks::type_name;
use crate::config::TaskConfig;
use crate::errors::argument_error;
use crate::pool;

/// A cell of a prediction or gold column: CSV text (`str`) or bytes; `None` for no prediction.
fn csv_cell<'a>(
    cell: &'a Bound<'_, PyAny>,
    column: &str,
    row: usize,
) -> PyResult<Option<Cow<'a, [u8]>>> {
    if cell.is_none() {
        return Ok(None);
    }
    if let Ok(bytes) = cell.cast::<PyBytes>() {
        return Ok(Some(Cow::Borrowed(bytes.as_bytes())));
    }
    if let Ok(text) = cell.cast::<PyString>() {
        // A lone surrogate cannot be CSV text in UTF-8: the argument is wrong, not the task.
        let text = text.to_cow().map_err(|_| {
            argument_error(format!(
                "{column} row {row}: text with a lone surrogate is not CSV"
            ))
        })?;
        return Ok(Some(Cow::Owned(text.into_owned().into_bytes())));
    }
    if let Ok(bytes) = cell.cast::<PyByteArray>() {
        return Ok(Some(Cow::Owned(bytes.to_vec())));
    }
    Err(argument_error(format!(
        "{column} row {row} must be CSV text or bytes, got {}",
        type_name(cell)
    )))
}

/// A row's config: JSON text or bytes, or a mapping (an Arrow struct, a dict); its code when it
/// does not read.
fn row_config(cell: &Bound<'_, PyAny>, row: usize) -> PyResult<Result<CoreConfig, String>> {
    let parsed = if let Ok(config) = cell.cast::<TaskConfig>() {
        return Ok(Ok(config.get().inner.clone()));
    } else if cell.cast::<PyMapping>().is_ok() {
        TaskConfig::from_mapping(cell)
    } else if let Some(bytes) = csv_cell(cell, "config", row).ok().flatten() {
        TaskConfig::parse(&bytes, None, false)
    } else {
        return Err(argument_error(format!(
            "config row {row} must be JSON text, bytes or a mapping, got {}",
            type_name(cell)
        )));
    };
    match parsed {
        Ok(config) => Ok(Ok(config.inner)),
        // A config error carries its code; anything else (an interrupt) stops the batch.
        Err(e) => match e.value(cell.py()).getattr("code") {
            Ok(code) if e.is_instance_of::<crate::errors::TabeqError>(cell.py()) => {
                Ok(Err(code.extract::<String>()?))
            }
            _ => Err(e),
        },
    }
}

/// One row, read: its prediction, gold and config (or the config's error code).
struct Row<'a> {
    prediction: Option<Cow<'a, [u8]>>,
    gold: Option<Cow<'a, [u8]>>,
    config: Result<CoreConfig, String>,
}

fn score_row(row: &Row<'_>) -> Result<tabeq::TaskResult, String> {
    let config = row.config.as_ref().map_err(Clone::clone)?;
    let code = |e: FatalError| e.code.code().to_string();
    let Some(gold) = &row.gold else {
        return Err("gold_missing".to_string());
    };
    let prepared = PreparedGold::new(gold, config).map_err(code)?;
    Ok(prepared.evaluate(match &row.prediction {
        None => Prediction::Missing,
        Some(bytes) => Prediction::Csv(bytes),
    }))
}

/// The columns of a scored table: ``(passed, error_code, column_mapping)``, one item per row.
type Scored = (Vec<bool>, Vec<Option<String>>, Vec<Option<Vec<usize>>>);

/// Score a table of tasks given as three equally long columns (sequences), in parallel with the
/// GIL released; the engine of ``tabeq.arrow``.
///
/// A prediction or gold cell is CSV text or bytes (never a path: a table's strings are data),
/// a prediction ``None`` is no prediction file (``missing_prediction``) and a gold ``None`` is
/// ``gold_missing``; a config cell is JSON text, bytes, a mapping or a ``TaskConfig``. Returns
/// ``(passed, error_code, column_mapping)`` lists: a row's broken config or gold gives its code
/// (``config_*``, ``gold_*``) and ``passed`` false, the other rows are scored as ``evaluate``
/// scores them. ``progress(done, total)`` is called about ten times a second.
#[pyfunction]
#[pyo3(signature = (predictions, golds, configs, threads=None, progress=None))]
fn evaluate_columns(
    py: Python<'_>,
    predictions: &Bound<'_, PyAny>,
    golds: &Bound<'_, PyAny>,
    configs: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Scored> {
    let threads = check_count(threads, "threads", 1)?;
    let progress = progress.filter(|p| !p.is_none());
    if let Some(p) = progress.filter(|p| !p.is_callable()) {
        return Err(argument_error(format!(
            "progress must be a callable or None, got {}",
            type_name(p)
        )));
    }
    let predictions = iterate(predictions, "predictions")?;
    let golds = iterate(golds, "golds")?;
    let configs = iterate(configs, "configs")?;
    if predictions.len() != golds.len() || golds.len() != configs.len() {
        return Err(argument_error(format!(
            "the columns differ in length: {} predictions, {} golds, {} configs",
            predictions.len(),
            golds.len(),
            configs.len()
        )));
    }
    let mut rows = Vec::with_capacity(predictions.len());
    for (i, ((prediction, gold), config)) in
        predictions.iter().zip(&golds).zip(&configs).enumerate()
    {
        rows.push(Row {
            prediction: csv_cell(prediction, "prediction", i)?,
            gold: csv_cell(gold, "gold", i)?,
            config: row_config(config, i)?,
        });
    }
    let threads = pool::thread_count(threads, rows.len());
    let size = |c: &Option<Cow<'_, [u8]>>| c.as_ref().map_or(0, |b| b.len());
    let estimate = rows
        .iter()
        .map(|r| 1024 + size(&r.prediction) + size(&r.gold))
        .sum();
    let work = |i: usize| score_row(&rows[i]);
    let results = pool::run(py, rows.len(), threads, estimate, &work, progress)?;
    let mut scored: Scored = (
        Vec::with_capacity(results.len()),
        Vec::with_capacity(results.len()),
        Vec::with_capacity(results.len()),
    );
    for result in results {
        let (passed, code, mapping) = match result {
            Ok(r) => (
                r.score() == 1,
                r.error_code.map(|c| c.code().to_string()),
                r.column_mapping,
            ),
            Err(code) => (false, Some(code), None),
        };
        scored.0.push(passed);
        scored.1.push(code);
        scored.2.push(mapping);
    }
    Ok(scored)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, evaluate_columns);
    Ok(())
}
