//! The command line's output shapes and decisions (`tabeq.cli`), written by the core
//! (`tabeq_surface::evaluator::output`, `tabeq_surface::evaluator::command`): the Python command parses arguments, reads files and
//! writes these texts where they go.

use pyo3::prelude::*;

use tabeq_surface::evaluator::command::{ExplainFlag, ValidateFlags, ValidateMode};
use tabeq_surface::evaluator::output::{
    console_summary as console_text, summary_with_diagnoses as explained, FatalReport,
};
use tabeq_surface::evaluator::FatalCode;

use crate::diagnosis::PyDiagnosis;
use crate::errors::argument_message;
use crate::result::PySuiteResult;
use tabeq_surface::evaluator::error::{MessageCode, MessageData};

use crate::errors::argument_error;

/// The summary file's text with a `diagnosis` after the record of each task given one
/// (`diagnoses` has one entry per task, in task order).
#[pyfunction]
fn summary_with_diagnoses(
    summary: PyRef<'_, PySuiteResult>,
    diagnoses: Vec<Option<PyRef<'_, PyDiagnosis>>>,
) -> String {
    let held: Vec<_> = diagnoses
        .iter()
        .map(|d| d.as_ref().map(|d| &d.inner))
        .collect();
    explained(summary.summary(), &held)
}

/// The console output of `tabeq evaluate`: the summary without its tasks, and where it was saved.
#[pyfunction]
fn console_summary(summary: PyRef<'_, PySuiteResult>, output_path: &str) -> String {
    console_text(summary.summary(), output_path)
}

/// A fatal error's report, as JSON (`format="json"`) or as one line for stderr (`"text"`).
#[pyfunction]
fn fatal_report(code: &str, error: &str, format: &str) -> PyResult<String> {
    let code = FatalCode::from_code(code).ok_or_else(|| {
        let data = MessageData::new()
            .text("what", "fatal error")
            .text("value", format!("{code:?}"));
        argument_message(MessageCode::NotACode, data)
    })?;
    let report = FatalReport::new(code, error);
    Ok(if format == "json" {
        report.to_json()
    } else {
        report.line()
    })
}

/// `tabeq evaluate --explain`: `explain` is the flag as parsed (`False` not given, `None`
/// given alone, or a level); returns the level (or `None`) and the warning to print (or `None`)
/// for a summary written to `output`, `inside_root` when that lies in the prediction root.
#[pyfunction]
fn evaluate_explain(
    explain: &Bound<'_, PyAny>,
    output: &str,
    inside_root: bool,
) -> PyResult<(Option<&'static str>, Option<String>)> {
    let code: Option<String> = explain.extract().ok();
    let flag = match &code {
        Some(code) => ExplainFlag::Level(code),
        None if explain.is_none() => ExplainFlag::Auto,
        None => ExplainFlag::Off,
    };
    let choice = tabeq_surface::evaluator::command::evaluate_explain(flag, output, inside_root)
        .map_err(argument_error)?;
    Ok((choice.level.map(|l| l.code()), choice.warning))
}

/// The warning for a config key the official evaluator ignores.
#[pyfunction]
#[pyo3(signature = (message, task_id=None))]
fn ignored_config_key(message: &str, task_id: Option<&str>) -> String {
    tabeq_surface::evaluator::command::ignored_config_key(task_id, message)
}

/// `tabeq validate`: `"folder"` or `"file"` for the flags given (`lifted_limits`: `--limits
/// lifted`); the usage error as `ArgumentError`.
#[pyfunction]
#[pyo3(signature = (prediction_root, config_root, task_list, prediction, config, input_root=false, lifted_limits=false))]
fn validate_mode(
    prediction_root: bool,
    config_root: bool,
    task_list: bool,
    prediction: bool,
    config: bool,
    input_root: bool,
    lifted_limits: bool,
) -> PyResult<&'static str> {
    let flags = ValidateFlags {
        prediction_root,
        config_root,
        task_list,
        input_root,
        prediction,
        config,
        lifted_limits,
    };
    match flags.mode().map_err(argument_error)? {
        ValidateMode::Folder => Ok("folder"),
        ValidateMode::OneFile => Ok("file"),
    }
}

/// Whether arguments starting with `first` run `tabeq evaluate` (the official flags alone).
#[pyfunction]
fn runs_evaluate(first: &str) -> bool {
    tabeq_surface::evaluator::command::runs_evaluate(first)
}

/// The progress bar line (`\r[###...] done/total tasks 1.2s`).
#[pyfunction]
fn progress_bar(done: usize, total: usize, elapsed: f64) -> String {
    tabeq_surface::evaluator::command::progress_bar(done, total, elapsed)
}

/// The line of a command working without a count (`\rWHAT: working 1.2s`, the rest erased).
#[pyfunction]
fn activity_line(what: &str, elapsed: f64) -> String {
    tabeq_surface::evaluator::command::activity_line(what, elapsed)
}

/// `tabeq evaluate`'s line for a fatal error (`code` shown for an output problem).
#[pyfunction]
#[pyo3(signature = (message, code=None))]
fn evaluator_fatal(message: &str, code: Option<&str>) -> String {
    tabeq_surface::evaluator::command::evaluator_fatal(code, message)
}

/// What Ctrl-C prints once `path` was written (`tabeq_surface::evaluator::command::interrupted_after_writing`).
#[pyfunction]
fn interrupted_after_writing(path: &str) -> String {
    tabeq_surface::evaluator::command::interrupted_after_writing(path)
}

/// The command line's grammar as Python data: the evaluator's commands, then those of every
/// crate above it and `tabeq profiles` (`tabeq_surface::command::command_line`).
#[pyfunction]
fn command_line(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    crate::py_values::tree_to_python(py, &tabeq_surface::command::command_line_tree())
}

/// What `tabeq profiles` prints (`--json`: the registry as JSON).
#[pyfunction]
fn profiles_listing(json: bool) -> String {
    tabeq_surface::command::profiles_listing(json)
}

/// Register this module's functions on `_tabeq`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(
        m,
        summary_with_diagnoses,
        console_summary,
        fatal_report,
        evaluate_explain,
        ignored_config_key,
        validate_mode,
        runs_evaluate,
        progress_bar,
        activity_line,
        evaluator_fatal,
        command_line,
        profiles_listing,
        interrupted_after_writing,
    );
    m.add(
        "INTERRUPTED",
        tabeq_surface::evaluator::command::INTERRUPTED,
    )?;
    Ok(())
}
