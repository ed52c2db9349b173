//! Text-to-SQL result scoring (`tabeq.sql`): Python rows to the `tabeq-sql` crate's typed
//! values, which hold every rule. Python's types are kept (bool before int).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyString};

use tabeq_surface::sql::{PyNumber, Reason, SqlCode, SqlError, Value};

use crate::errors::{sql_error, sql_error_code};

fn value(cell: &Bound<'_, PyAny>) -> PyResult<Value> {
    if cell.is_none() {
        return Ok(Value::Null);
    }
    // bool before int: bool is a subclass of int.
    if let Ok(b) = cell.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if cell.is_instance_of::<PyInt>() {
        return cell
            .extract::<i64>()
            .map(Value::Int)
            .map_err(|_| sql_error(SqlCode::IntOutOfRange, "an int outside the 64-bit range"));
    }
    if let Ok(f) = cell.cast::<PyFloat>() {
        return Ok(Value::Float(f.value()));
    }
    if let Ok(s) = cell.cast::<PyString>() {
        return Ok(Value::Text(s.extract::<String>()?));
    }
    if let Ok(b) = cell.cast::<PyBytes>() {
        return Ok(Value::Bytes(b.as_bytes().to_vec()));
    }
    Err(sql_error(
        SqlCode::UnsupportedValue,
        format!(
            "a cell of type {} (expected None, bool, int, float, str or bytes)",
            cell.get_type().name()?
        ),
    ))
}

fn rows(table: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<Value>>> {
    table
        .try_iter()?
        .map(|row| row?.try_iter()?.map(|cell| value(&cell?)).collect())
        .collect()
}

fn coded(e: SqlError) -> PyErr {
    sql_error_code(e.code, e.message)
}

/// The official `result_eq`, with its reason: `(equal, reason, detail)`.
#[pyfunction]
fn sql_result_eq(
    py: Python<'_>,
    result1: &Bound<'_, PyAny>,
    result2: &Bound<'_, PyAny>,
    order_matters: bool,
) -> PyResult<(bool, String, Py<PyAny>)> {
    let (r1, r2) = (rows(result1)?, rows(result2)?);
    let out = py
        .detach(|| tabeq_surface::sql::result_eq(&r1, &r2, order_matters))
        .map_err(coded)?;
    let detail = PyDict::new(py);
    let reason = match out.reason {
        Reason::BothEmpty => "both_empty",
        Reason::RowCountDiffers => "row_count_differs",
        Reason::ColumnCountDiffers => "column_count_differs",
        Reason::QuickRejected {
            permutation_matches,
        } => {
            detail.set_item("permutation_matches", permutation_matches)?;
            "quick_rejected"
        }
        Reason::NoPermutation { unmatched_column } => {
            detail.set_item("unmatched_column", unmatched_column)?;
            "no_permutation"
        }
        Reason::Match { permutation } => {
            detail.set_item("permutation", permutation)?;
            "match"
        }
    };
    Ok((out.equal, reason.to_string(), detail.into_any().unbind()))
}

/// BIRD `calculate_ex`: `(score, duplicates_differ, unmatched_gold_row)`.
#[pyfunction]
fn sql_bird_ex(
    predicted: &Bound<'_, PyAny>,
    ground_truth: &Bound<'_, PyAny>,
) -> PyResult<(u8, bool, Option<usize>)> {
    let out = tabeq_surface::sql::bird_ex(&rows(predicted)?, &rows(ground_truth)?);
    Ok((out.score, out.duplicates_differ, out.unmatched_gold_row))
}

/// BIRD `calculate_f1_score`: an int (0) or a float, as the official returns.
#[pyfunction]
fn sql_bird_soft_f1(
    py: Python<'_>,
    predicted: &Bound<'_, PyAny>,
    ground_truth: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let out =
        tabeq_surface::sql::bird_soft_f1(&rows(predicted)?, &rows(ground_truth)?).map_err(coded)?;
    Ok(match out {
        PyNumber::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        PyNumber::Float(f) => f.into_pyobject(py)?.into_any().unbind(),
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, sql_result_eq, sql_bird_ex, sql_bird_soft_f1);
    Ok(())
}
