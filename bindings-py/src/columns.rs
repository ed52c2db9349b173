//! A whole table of tasks scored in one call (`tabeq.arrow`: Arrow tables and record batches,
//! Ray Data and Spark batches): three columns in, three columns out, the loop over rows here
//! rather than in Python. A row's broken config or gold is that row's error code, not an
//! exception for the batch: one bad task in a million-row dataset must not stop the others.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMapping, PyString, PyTuple};

use tabeq_surface::evaluator::config::TaskConfig as CoreConfig;
use tabeq_surface::evaluator::csv::Limits;
use tabeq_surface::evaluator::parallel::InTurn;
use tabeq_surface::evaluator::{FatalError, Prediction, PreparedGold};

use crate::args::{check_count, iterate};
use crate::checks::{check_limits, wrong_type};
use crate::config::TaskConfig;
use crate::errors::argument_message;
use crate::pool;
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

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
            let data = MessageData::new().text("what", format!("{column} row {row}"));
            argument_message(MessageCode::SurrogateNotCsv, data)
        })?;
        return Ok(Some(Cow::Owned(text.into_owned().into_bytes())));
    }
    if let Ok(bytes) = cell.cast::<PyByteArray>() {
        return Ok(Some(Cow::Owned(bytes.to_vec())));
    }
    Err(wrong_type(
        format!("{column} row {row}"),
        "CSV text or bytes",
        cell,
    ))
}

/// A row's config: JSON text or bytes, or a mapping (an Arrow struct, a dict); its code when it
/// does not read (a `None` reads as empty text: `config_invalid_json`).
fn row_config(cell: &Bound<'_, PyAny>, row: usize) -> PyResult<Result<CoreConfig, String>> {
    let parsed = if cell.is_none() {
        // No config: read as empty config text, as the Arrow path reads a null (its code).
        TaskConfig::parse(b"", None, false)
    } else if let Ok(config) = cell.cast::<TaskConfig>() {
        return Ok(Ok(config.get().inner.clone()));
    } else if cell.cast::<PyMapping>().is_ok() {
        TaskConfig::from_mapping(cell)
    } else if let Some(bytes) = csv_cell(cell, "config", row).ok().flatten() {
        TaskConfig::parse(&bytes, None, false)
    } else {
        return Err(wrong_type(
            format!("config row {row}"),
            "JSON text, bytes or a mapping",
            cell,
        ));
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

/// Score a row, its gold and prediction read within `limits`.
fn score_row(
    row: &Row<'_>,
    limits: &Limits,
) -> Result<tabeq_surface::evaluator::TaskResult, String> {
    let config = row.config.as_ref().map_err(Clone::clone)?;
    let code = |e: FatalError| e.code.code().to_string();
    let Some(gold) = &row.gold else {
        return Err("gold_missing".to_string());
    };
    let prepared = PreparedGold::new_within(gold, config, limits, &InTurn).map_err(code)?;
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
/// ``gold_missing``; a config cell is JSON text, bytes, a mapping or a ``TaskConfig`` (``None``
/// reads as empty text). Returns
/// ``(passed, error_code, column_mapping)`` lists: a row's broken config or gold gives its code
/// (``config_*``, ``gold_*``) and ``passed`` false, the other rows are scored as ``evaluate``
/// scores them. ``progress(done, total)`` is called about ten times a second.
/// ``limits="lifted"`` reads every gold and prediction beyond the official 20 MiB and 100,000
/// rows (see ``evaluate``).
#[pyfunction]
#[pyo3(signature = (predictions, golds, configs, threads=None, progress=None, *, limits=None))]
fn evaluate_columns(
    py: Python<'_>,
    predictions: &Bound<'_, PyAny>,
    golds: &Bound<'_, PyAny>,
    configs: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Scored> {
    let threads = check_count(threads, "threads", 1)?;
    let limits = check_limits(limits)?;
    let progress = crate::args::check_progress(progress)?;
    let predictions = iterate(predictions, "predictions")?;
    let golds = iterate(golds, "golds")?;
    let configs = iterate(configs, "configs")?;
    if predictions.len() != golds.len() || golds.len() != configs.len() {
        let counts = [
            format!("{} predictions", predictions.len()),
            format!("{} golds", golds.len()),
            format!("{} configs", configs.len()),
        ];
        let data = MessageData::new()
            .text("what", "columns")
            .list("counts", counts);
        return Err(argument_message(MessageCode::ColumnsDiffer, data));
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
    let work = |i: usize| score_row(&rows[i], &limits);
    let results = pool::run(py, rows.len(), threads, estimate, &work, progress)?;
    Ok(collect(results))
}

/// The Arrow C data interface's structs (arrow.apache.org/docs/format/CDataInterface.html),
/// read in place: the producer (pyarrow) owns the memory and its capsules release it.
mod ffi {
    use std::ffi::{c_char, c_void};

    #[repr(C)]
    pub struct ArrowSchema {
        pub format: *const c_char,
        pub name: *const c_char,
        pub metadata: *const c_char,
        pub flags: i64,
        pub n_children: i64,
        pub children: *mut *mut ArrowSchema,
        pub dictionary: *mut ArrowSchema,
        pub release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
        pub private_data: *mut c_void,
    }

    #[repr(C)]
    pub struct ArrowArray {
        pub length: i64,
        pub null_count: i64,
        pub offset: i64,
        pub n_buffers: i64,
        pub n_children: i64,
        pub buffers: *mut *const c_void,
        pub children: *mut *mut ArrowArray,
        pub dictionary: *mut ArrowArray,
        pub release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
        pub private_data: *mut c_void,
    }
}

/// The cells of one Arrow string or binary array (`utf8`, `binary`, `large_utf8`,
/// `large_binary`) given as its `__arrow_c_array__` capsules: each cell's bytes, `None` for a
/// null. Any other type is `None` (the caller converts the column in Python instead).
fn arrow_cells<'a>(
    capsules: &'a Bound<'_, PyTuple>,
    column: &str,
) -> PyResult<Option<Vec<Option<&'a [u8]>>>> {
    use pyo3::types::{PyCapsule, PyCapsuleMethods};
    let wrong = || {
        let data = MessageData::new().text("what", column);
        argument_message(MessageCode::NotArrowArray, data)
    };
    if capsules.len() != 2 {
        return Err(wrong());
    }
    let (schema, array) = (capsules.get_item(0)?, capsules.get_item(1)?);
    let schema = schema.cast::<PyCapsule>().map_err(|_| wrong())?;
    let array = array.cast::<PyCapsule>().map_err(|_| wrong())?;
    let schema = schema
        .pointer_checked(Some(c"arrow_schema"))?
        .cast::<ffi::ArrowSchema>();
    let array = array
        .pointer_checked(Some(c"arrow_array"))?
        .cast::<ffi::ArrowArray>();
    // SAFETY: the capsules hold a live schema and array (released only by their destructors,
    // which cannot run while `capsules`, borrowed for 'a, keeps them alive), laid out as the
    // C data interface specifies; every buffer read below is within the lengths it declares.
    unsafe {
        let schema = schema.as_ref();
        let array = array.as_ref();
        if schema.format.is_null() || array.release.is_none() {
            return Err(wrong());
        }
        let large = match std::ffi::CStr::from_ptr(schema.format).to_bytes() {
            b"u" | b"z" => false,
            b"U" | b"Z" => true,
            _ => return Ok(None),
        };
        if array.n_buffers != 3 || array.buffers.is_null() || array.length < 0 || array.offset < 0 {
            return Err(wrong());
        }
        let buffers = std::slice::from_raw_parts(array.buffers, 3);
        let (validity, offsets, data) =
            (buffers[0].cast::<u8>(), buffers[1], buffers[2].cast::<u8>());
        let (length, first) = (array.length as usize, array.offset as usize);
        // A negative offset is no valid array: read as past the end, and refused below.
        let offset_at = |i: usize| -> usize {
            let offset = if large {
                *offsets.cast::<i64>().add(i)
            } else {
                i64::from(*offsets.cast::<i32>().add(i))
            };
            usize::try_from(offset).unwrap_or(usize::MAX)
        };
        if length > 0 && offsets.is_null() {
            return Err(wrong());
        }
        let mut cells = Vec::with_capacity(length);
        for i in first..first + length {
            let valid = validity.is_null() || (*validity.add(i / 8) >> (i % 8)) & 1 == 1;
            if !valid {
                cells.push(None);
                continue;
            }
            let (start, end) = (offset_at(i), offset_at(i + 1));
            if start == usize::MAX
                || end == usize::MAX
                || end < start
                || (end > start && data.is_null())
            {
                return Err(wrong());
            }
            cells.push(Some(if end > start {
                std::slice::from_raw_parts(data.add(start), end - start)
            } else {
                &[][..]
            }));
        }
        Ok(Some(cells))
    }
}

/// Score a table of tasks given as three Arrow arrays (each a ``__arrow_c_array__`` pair of
/// capsules) of strings or binaries, read in place: no Python object per row. Returns the
/// lists of ``evaluate_columns``, or ``None`` when a column is of another type (a struct of
/// configs), which the caller then converts. A config cell is the config's JSON text (a null
/// reads as empty text, as in ``evaluate_columns``). ``limits`` is ``evaluate_columns``'.
#[pyfunction]
#[pyo3(signature = (predictions, golds, configs, threads=None, progress=None, *, limits=None))]
fn evaluate_arrow_arrays(
    py: Python<'_>,
    predictions: &Bound<'_, PyTuple>,
    golds: &Bound<'_, PyTuple>,
    configs: &Bound<'_, PyTuple>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Scored>> {
    let threads = check_count(threads, "threads", 1)?;
    let limits = check_limits(limits)?;
    let progress = crate::args::check_progress(progress)?;
    let (Some(predictions), Some(golds), Some(configs)) = (
        arrow_cells(predictions, "prediction")?,
        arrow_cells(golds, "gold")?,
        arrow_cells(configs, "config")?,
    ) else {
        return Ok(None);
    };
    if predictions.len() != golds.len() || golds.len() != configs.len() {
        let data = MessageData::new().text("what", "Arrow columns");
        return Err(argument_message(MessageCode::ColumnsDiffer, data));
    }
    let threads = pool::thread_count(threads, predictions.len());
    let estimate = predictions
        .iter()
        .zip(&golds)
        .map(|(p, g)| 1024 + p.map_or(0, <[u8]>::len) + g.map_or(0, <[u8]>::len))
        .sum();
    let work = |i: usize| -> Result<tabeq_surface::evaluator::TaskResult, String> {
        let code = |e: FatalError| e.code.code().to_string();
        let config = CoreConfig::from_json_with_warnings(configs[i].unwrap_or_default(), None)
            .map_err(code)?
            .0;
        let row = Row {
            prediction: predictions[i].map(Cow::Borrowed),
            gold: golds[i].map(Cow::Borrowed),
            config: Ok(config),
        };
        score_row(&row, &limits)
    };
    let results = pool::run(py, predictions.len(), threads, estimate, &work, progress)?;
    Ok(Some(collect(results)))
}

fn collect(results: Vec<Result<tabeq_surface::evaluator::TaskResult, String>>) -> Scored {
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
    scored
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, evaluate_columns, evaluate_arrow_arrays);
    Ok(())
}
