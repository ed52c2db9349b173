//! File-system access for suites, mirroring what the official evaluator checks.

use std::fs;
use std::path::Path;

use tabeq::csv::MAX_CSV_BYTES;
use tabeq::error::{CsvError, CsvErrorKind};
use tabeq::suite::{is_config_file_name, ConfigFile};
use tabeq::{FatalCode, FatalError};

/// What was found at a prediction path.
pub enum PredictionFile {
    Missing,
    Invalid(CsvError),
    Bytes(Vec<u8>),
}

fn csv_error(kind: CsvErrorKind, message: String) -> CsvError {
    CsvError {
        kind,
        record: None,
        message,
    }
}

/// Read a prediction with the official checks: a path that does not exist (following
/// symbolic links) is missing; a directory, special file or symbolic link is invalid.
pub fn read_prediction(path: &Path) -> PredictionFile {
    let Ok(meta) = fs::metadata(path) else {
        return PredictionFile::Missing;
    };
    if !meta.is_file() {
        return PredictionFile::Invalid(csv_error(
            CsvErrorKind::NotARegularFile,
            format!("CSV path is not a regular file: {}", path.display()),
        ));
    }
    if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return PredictionFile::Invalid(csv_error(
            CsvErrorKind::NotARegularFile,
            format!("Symbolic links are not allowed: {}", path.display()),
        ));
    }
    if meta.len() > MAX_CSV_BYTES as u64 {
        return PredictionFile::Invalid(csv_error(
            CsvErrorKind::TooLarge,
            format!(
                "CSV exceeds the {MAX_CSV_BYTES}-byte limit: {} ({} bytes)",
                path.display(),
                meta.len()
            ),
        ));
    }
    match read_limited(path) {
        Ok(bytes) => PredictionFile::Bytes(bytes),
        Err(e) => PredictionFile::Invalid(csv_error(
            CsvErrorKind::NotARegularFile,
            format!("Cannot read CSV {}: {e}", path.display()),
        )),
    }
}

/// Read a gold file; anything but a readable file is fatal.
pub fn read_gold(path: &Path, task_id: &str) -> Result<Vec<u8>, FatalError> {
    let fatal = |m: String| FatalError::new(FatalCode::GoldMissing, m).with_task(task_id);
    let meta =
        fs::metadata(path).map_err(|_| fatal(format!("Missing CSV file: {}", path.display())))?;
    if !meta.is_file() {
        return Err(fatal(format!(
            "CSV path is not a regular file: {}",
            path.display()
        )));
    }
    if meta.len() > MAX_CSV_BYTES as u64 {
        return Err(FatalError::new(
            FatalCode::GoldInvalidCsv,
            format!(
                "CSV exceeds the {MAX_CSV_BYTES}-byte limit: {} ({} bytes)",
                path.display(),
                meta.len()
            ),
        )
        .with_task(task_id));
    }
    read_limited(path).map_err(|e| fatal(format!("Cannot read CSV {}: {e}", path.display())))
}

/// Read at most one byte more than the CSV limit: a file that grew after its size was checked
/// is still refused by the reader's size check, and never read whole.
fn read_limited(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    fs::File::open(path)?
        .take(MAX_CSV_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A directory must exist.
pub fn require_dir(path: &Path, what: &str) -> Result<(), FatalError> {
    if path.is_dir() {
        Ok(())
    } else {
        Err(FatalError::new(
            FatalCode::SuiteMissingDirectory,
            format!("Missing {what} directory: {}", path.display()),
        ))
    }
}

/// The `task_*.json` files of a config directory, read.
pub fn read_config_files(config_root: &Path) -> Result<Vec<ConfigFile>, FatalError> {
    require_dir(config_root, "config")?;
    let entries = fs::read_dir(config_root).map_err(|e| {
        FatalError::new(
            FatalCode::SuiteMissingDirectory,
            format!("Cannot list {}: {e}", config_root.display()),
        )
    })?;
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if !is_config_file_name(&name) {
            continue;
        }
        let bytes = fs::read(entry.path()).map_err(|e| {
            FatalError::new(
                FatalCode::ConfigInvalidJson,
                format!("Cannot load task config {}: {e}", entry.path().display()),
            )
        })?;
        files.push(ConfigFile { name, bytes });
    }
    Ok(files)
}

/// Names of the sub-directories (following symbolic links) of the prediction root.
pub fn prediction_dirs(prediction_root: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(prediction_root) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect()
}
