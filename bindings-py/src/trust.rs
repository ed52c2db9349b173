//! Trust metrics for Python: thin wrappers over `tabeq::trust`'s JSON API. The only logic
//! here is file access for manifests (paths resolved against the manifest's directory).

use std::path::{Path, PathBuf};

use pyo3::prelude::*;

use tabeq::csv::MAX_CSV_BYTES;
use tabeq::error::{CsvError, CsvErrorKind};
use tabeq::trust::{self, FileContent, FileRole};

use crate::fs::{read_prediction, read_regular_file, FinalLink, PredictionFile, ReadError};

pyo3::import_exception!(tabeq.trust, TrustError);

fn to_py(e: trust::TrustError) -> PyErr {
    TrustError::new_err((e.message, e.code.code(), e.line))
}

/// Reliability report JSON for JSONL records (see `tabeq::trust` for formats).
#[pyfunction]
fn trust_reliability_report(
    py: Python<'_>,
    records_jsonl: &str,
    options_json: &str,
) -> PyResult<String> {
    py.detach(|| trust::reliability_report_json(records_jsonl, options_json))
        .map_err(to_py)
}

/// Robustness report JSON for JSONL records.
#[pyfunction]
fn trust_robustness_report(
    py: Python<'_>,
    records_jsonl: &str,
    options_json: &str,
) -> PyResult<String> {
    py.detach(|| trust::robustness_report_json(records_jsonl, options_json))
        .map_err(to_py)
}

/// A gold or config named by a manifest: opened first (non-blocking), then required to be a
/// regular file within the CSV size limit on the open descriptor, so a FIFO cannot hang it.
fn read_trusted_file(path: &Path) -> FileContent {
    let invalid = |kind, message| {
        FileContent::Invalid(CsvError {
            kind,
            record: None,
            message,
        })
    };
    match read_regular_file(path, MAX_CSV_BYTES as u64, FinalLink::Follow) {
        Ok(bytes) => FileContent::Bytes(bytes),
        Err(ReadError::Missing) => FileContent::Missing,
        Err(ReadError::Io(e)) => invalid(
            CsvErrorKind::NotARegularFile,
            format!("cannot read {}: {e}", path.display()),
        ),
        Err(e) => {
            let error = e.to_csv_error(path);
            invalid(error.kind, error.message)
        }
    }
}

/// Robustness report JSON for a manifest; relative paths are resolved against `base_dir`.
/// Predictions follow the evaluator's file rules (missing, not a regular file, symbolic link).
#[pyfunction]
fn trust_robustness_from_manifest(
    py: Python<'_>,
    manifest_jsonl: &str,
    base_dir: PathBuf,
    options_json: &str,
) -> PyResult<String> {
    py.detach(|| {
        let mut files = |path: &str, role: FileRole| {
            let full = base_dir.join(path);
            match role {
                FileRole::Prediction => match read_prediction(&full) {
                    PredictionFile::Missing => FileContent::Missing,
                    PredictionFile::Invalid(e) => FileContent::Invalid(e),
                    PredictionFile::Bytes(b) => FileContent::Bytes(b),
                },
                FileRole::Gold | FileRole::Config => read_trusted_file(&full),
            }
        };
        trust::robustness_from_manifest_json(manifest_jsonl, options_json, &mut files)
    })
    .map_err(to_py)
}

/// Spearman JSON for `{"x": [...], "y": [...]}` (or objects paired by key).
#[pyfunction]
fn trust_spearman(input_json: &str) -> PyResult<String> {
    trust::spearman_json(input_json).map_err(to_py)
}

/// The operator registry as JSON (built-ins plus the options' `operators`).
#[pyfunction]
fn trust_operators(options_json: &str) -> PyResult<String> {
    trust::operators_json(options_json).map_err(to_py)
}

/// Every trust error code.
#[pyfunction]
fn trust_error_codes() -> Vec<&'static str> {
    trust::TrustErrorCode::ALL
        .iter()
        .map(|c| c.code())
        .collect()
}

/// Add the trust functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(trust_reliability_report, m)?)?;
    m.add_function(wrap_pyfunction!(trust_robustness_report, m)?)?;
    m.add_function(wrap_pyfunction!(trust_robustness_from_manifest, m)?)?;
    m.add_function(wrap_pyfunction!(trust_spearman, m)?)?;
    m.add_function(wrap_pyfunction!(trust_operators, m)?)?;
    m.add_function(wrap_pyfunction!(trust_error_codes, m)?)?;
    Ok(())
}
