//! The command line's output shapes (`tabeq.cli`), written by the core (`tabeq::output`): the
//! Python command parses arguments, reads files and writes these texts where they go.

use pyo3::prelude::*;

use tabeq::output::{
    console_summary as console_text, summary_with_diagnoses as explained, FatalReport,
};
use tabeq::{FatalCode, SuiteSummary};

use crate::diagnosis::PyDiagnosis;

use crate::errors::argument_error;

fn summary(summary_json: &str) -> PyResult<SuiteSummary> {
    SuiteSummary::from_json(summary_json)
        .map_err(|e| argument_error(format!("not a summary's JSON text: {e}")))
}

/// The summary file's text with a `diagnosis` after the record of each task given one
/// (`diagnoses` has one entry per task, in task order).
#[pyfunction]
fn summary_with_diagnoses(
    summary_json: &str,
    diagnoses: Vec<Option<PyRef<'_, PyDiagnosis>>>,
) -> PyResult<String> {
    let held: Vec<_> = diagnoses
        .iter()
        .map(|d| d.as_ref().map(|d| &d.inner))
        .collect();
    Ok(explained(&summary(summary_json)?, &held))
}

/// The console output of `tabeq evaluate`: the summary without its tasks, and where it was saved.
#[pyfunction]
fn console_summary(summary_json: &str, output_path: &str) -> PyResult<String> {
    Ok(console_text(&summary(summary_json)?, output_path))
}

/// A fatal error's report, as JSON (`format="json"`) or as one line for stderr (`"text"`).
#[pyfunction]
fn fatal_report(code: &str, error: &str, format: &str) -> PyResult<String> {
    let code = FatalCode::from_code(code)
        .ok_or_else(|| argument_error(format!("not a fatal error code: {code:?}")))?;
    let report = FatalReport::new(code, error);
    Ok(if format == "json" {
        report.to_json()
    } else {
        report.line()
    })
}

/// Register this module's functions on `_tabeq`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, summary_with_diagnoses, console_summary, fatal_report);
    Ok(())
}
