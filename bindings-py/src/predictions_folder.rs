//! `check_predictions_folder`: the core's check of a predictions folder
//! (`tabeq_surface::evaluator::predictions_folder`) over files this package lists and reads (`fs.rs`).

use std::fs;
use std::path::{Path, PathBuf};

use pyo3::prelude::*;
use tabeq_surface::evaluator::csv::Limits;
use tabeq_surface::evaluator::predictions_folder::{
    listing, parse_task_list, task_folders, PredictionsCheck, MAX_ENTRIES,
};
use tabeq_surface::evaluator::FatalError;

use crate::errors::{argument_error_type, fatal_to_py};
use tabeq_surface::evaluator::error::CsvError;
use tabeq_surface::evaluator::evaluate::FileContent;
use tabeq_surface::evaluator::file_problem::FileProblem;
use tabeq_surface::evaluator::fixit::PREDICTION_FILE;

use crate::fs::{
    read_config_files, read_prediction_within, read_regular_file, require_dir, FinalLink,
};

/// Whether `path` itself is a symbolic link.
fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}
use crate::render;

/// An `ArgumentError` with its catalogue code (`invalid_argument`, `task_list_invalid`).
fn argument_error(message: String, code: &str) -> PyErr {
    Python::attach(|py| match argument_error_type(py) {
        Ok(class) => PyErr::from_type(class.clone(), (message, code.to_string())),
        Err(e) => e,
    })
}

/// The names of a folder's entries, folders (links followed, as the official evaluator
/// follows them) ending with `/`; names that are not UTF-8 are left out.
fn entries(folder: &Path) -> Vec<(String, bool)> {
    let Ok(read) = fs::read_dir(folder) else {
        return Vec::new();
    };
    read.flatten()
        .take(MAX_ENTRIES)
        .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path().is_dir())))
        .collect()
}

/// The expected task ids: a text file (one id per line) or a folder whose task folders are
/// the tasks (the release's `input/`).
fn expected_tasks(path: &Path) -> PyResult<Vec<String>> {
    if path.is_dir() {
        return Ok(task_folders(entries(path)));
    }
    let bytes = read_regular_file(
        path,
        tabeq_surface::evaluator::csv::MAX_CSV_BYTES as u64,
        FinalLink::Follow,
    )
    .map_err(|e| argument_error(e.message(&path.display().to_string()), "invalid_argument"))?;
    parse_task_list(&bytes).map_err(|e| argument_error(e.message, e.code))
}

/// Check a predictions folder: `(report, all_ready)`, the report as Python data (no `format`)
/// or as text in `format` (`json`, the core's JSON text; `text`, `markdown`, `html`, `csv`, its
/// document). With `config_root` the configs are the expected tasks and each prediction is read
/// under its rules; otherwise `task_list` (a file or a folder of task folders) is, when given.
#[pyfunction]
#[pyo3(signature = (prediction_root, config_root=None, task_list=None, format=None))]
fn check_predictions_folder<'py>(
    py: Python<'py>,
    prediction_root: PathBuf,
    config_root: Option<PathBuf>,
    task_list: Option<PathBuf>,
    format: Option<&str>,
) -> PyResult<(Bound<'py, PyAny>, bool)> {
    let expected = match (&config_root, &task_list) {
        (None, Some(path)) => Some(expected_tasks(path)?),
        _ => None,
    };
    let report = py
        .detach(|| -> Result<_, FatalError> {
            require_dir(&prediction_root, "prediction root")?;
            let root = &prediction_root;
            let configs = config_root.as_deref().map(read_config_files).transpose()?;
            // A task folder that is a link is not listed (its files lie outside the root): only
            // its prediction file is planned, and that read refuses it below.
            let list = |folder: Option<&str>| match folder {
                None => entries(root),
                Some(f) if is_link(&root.join(f)) => vec![(PREDICTION_FILE.to_string(), false)],
                Some(f) => entries(&root.join(f)),
            };
            let mut check =
                PredictionsCheck::new(&listing(list), configs.as_deref(), expected.as_deref())?;
            for (task_id, path) in check.reads() {
                let path = prediction_root.join(&path);
                // Content reached through a link (a linked task folder) lies outside the root:
                // refused with the evaluator's link code, never read or quoted.
                let file = match read_prediction_within(&path, root, None, &Limits::OFFICIAL) {
                    (FileContent::Bytes(_), false) => FileContent::Invalid(CsvError::file(
                        &path.display().to_string(),
                        FileProblem::Link,
                    )),
                    (file, _) => file,
                };
                // Every path comes from `reads`, so the task is known.
                let _ = check.check(&task_id, file.prediction_at(&path.display().to_string()));
            }
            Ok(check.report())
        })
        .map_err(fatal_to_py)?;
    let report = report.map_err(|e| argument_error(e.message, e.code))?;
    let shown = match format {
        None => crate::py_values::to_python(py, &report)?,
        Some("json") => report.to_json().into_pyobject(py)?.into_any(),
        Some(format) => render(&report.to_document(), format)?
            .into_pyobject(py)?
            .into_any(),
    };
    Ok((shown, report.all_ready()))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, check_predictions_folder);
    Ok(())
}
