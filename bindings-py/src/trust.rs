//! Trust metrics for Python: thin wrappers over `tabeq_trust`. The only logic here is file
//! access for manifests (paths resolved against the manifest's directory).

use std::path::{Path, PathBuf};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use tabeq::cpython_json::{to_tree, Out};
use tabeq::csv::MAX_CSV_BYTES;
use tabeq::doc::Document;
use tabeq::error::CsvError;
use tabeq_trust::{self as trust, FileContent, FileRole};

use crate::fs::{read_prediction, read_regular_file, FinalLink, PredictionFile, ReadError};

use crate::errors::TrustError;

fn to_py(e: trust::TrustError) -> PyErr {
    TrustError::new_err((e.message, e.code.code(), e.line))
}

/// A gold or config named by a manifest: opened first (non-blocking), then required to be a
/// regular file within the CSV size limit on the open descriptor, so a FIFO cannot hang it.
fn read_trusted_file(path: &Path) -> FileContent {
    let shown = path.display().to_string();
    match read_regular_file(path, MAX_CSV_BYTES as u64, FinalLink::Follow) {
        Ok(bytes) => FileContent::Bytes(bytes),
        Err(ReadError::Missing) => FileContent::Missing,
        Err(ReadError::Io(reason)) => FileContent::Invalid(CsvError::unreadable(&shown, reason)),
        Err(ReadError::Os(_, e)) => FileContent::Invalid(CsvError::unreadable(&shown, e)),
        Err(e) => FileContent::Invalid(CsvError::file(&shown, e)),
    }
}

/// A manifest file, resolved against the manifest's directory. Predictions follow the
/// evaluator's file rules (missing, not a regular file, symbolic link).
fn manifest_file(base_dir: &Path, path: &str, role: FileRole) -> FileContent {
    let full = base_dir.join(path);
    match role {
        FileRole::Prediction => match read_prediction(&full) {
            PredictionFile::Missing(_) => FileContent::Missing,
            PredictionFile::Invalid(e) => FileContent::Invalid(e),
            PredictionFile::Bytes(b) => FileContent::Bytes(b),
        },
        FileRole::Gold | FileRole::Config => read_trusted_file(&full),
    }
}

/// A computed report and its document (Python asks for JSON, rows, CSV or a rendering).
#[pyclass(frozen, module = "tabeq._tabeq", name = "TrustReport")]
pub struct TrustReport(trust::Report, Document);

#[pymethods]
impl TrustReport {
    /// The report as JSON text.
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// A section's flat rows as JSON text (`ValueError` for an unknown section).
    fn rows(&self, section: &str) -> PyResult<String> {
        let rows = self
            .0
            .rows(section)
            .map_err(|e| PyValueError::new_err(e.message))?;
        Ok(Out::Array(rows).to_pretty())
    }

    /// Every section's flat rows as one CSV.
    fn to_csv(&self) -> String {
        self.0.to_csv()
    }

    /// The document as `text`, `markdown`, `html`, `csv` or `svg`.
    fn render(&self, format: &str) -> PyResult<String> {
        trust::render_document(&self.1, format).map_err(to_py)
    }
}

/// Compute a report: `kind` is `reliability` or `robustness`; with `base_dir`, `records` is a
/// robustness manifest whose paths are resolved against it.
#[pyfunction]
#[pyo3(signature = (kind, records, options_json, base_dir=None))]
fn trust_report(
    py: Python<'_>,
    kind: &str,
    records: &str,
    options_json: &str,
    base_dir: Option<PathBuf>,
) -> PyResult<TrustReport> {
    py.detach(|| match &base_dir {
        Some(dir) => {
            let mut files = |path: &str, role: FileRole| manifest_file(dir, path, role);
            trust::Report::new(kind, records, options_json, Some(&mut files))
        }
        None => trust::Report::new(kind, records, options_json, None),
    })
    .map(|report| {
        let document = report.to_document();
        TrustReport(report, document)
    })
    .map_err(to_py)
}

/// Spearman JSON for `{"x": [...], "y": [...]}` (or objects paired by key), and its one-line
/// summary.
#[pyfunction]
fn trust_spearman(input_json: &str) -> PyResult<(String, String)> {
    let report = trust::SpearmanReport::new(input_json).map_err(to_py)?;
    Ok((to_tree(&report).to_pretty(), report.summary()))
}

/// The operator registry (built-ins plus the options' `operators`) as JSON (`format` `json`) or
/// rendered as a document.
#[pyfunction]
fn trust_operators(options_json: &str, format: &str) -> PyResult<String> {
    trust::render_operators(options_json, format).map_err(to_py)
}

/// Trust records (a JSON array) from one inspect_ai eval log given as plain JSON; the core
/// decides what each field and score value means.
#[pyfunction]
fn trust_records_from_inspect(
    py: Python<'_>,
    log_json: &str,
    options_json: &str,
) -> PyResult<String> {
    py.detach(|| trust::inspect::records_from_inspect(log_json, options_json))
        .map_err(to_py)
}

/// Add the trust functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(trust_spearman, m)?)?;
    m.add_function(wrap_pyfunction!(trust_operators, m)?)?;
    m.add_function(wrap_pyfunction!(trust_report, m)?)?;
    m.add_function(wrap_pyfunction!(trust_records_from_inspect, m)?)?;
    m.add_class::<TrustReport>()?;
    Ok(())
}
