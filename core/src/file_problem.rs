//! What a binding found when it opened a file, and the words for it.
//!
//! The core does no IO: a binding makes the system calls (open, `fstat`, read, rename) and
//! reports what it found as a [`FileProblem`] or an [`OutputError`]; the messages are
//! rendered here, so every surface words a file problem the same way.
//!
//! ```
//! use tabeq::file_problem::FileProblem;
//! use tabeq::{CsvError, FatalError};
//! let link = CsvError::file("p/prediction.csv", FileProblem::Link);
//! assert_eq!(link.to_string(), "csv_not_a_regular_file: Symbolic links are not allowed: p/prediction.csv");
//! assert_eq!(FileProblem::NotRegular.message("x.json"), "Not a regular file: x.json");
//! let gold = FatalError::gold_file("task_1", "g/gold.csv", FileProblem::Missing);
//! assert_eq!((gold.code.code(), gold.to_string().as_str()), ("gold_missing", "Missing CSV file: g/gold.csv"));
//! ```

use core::fmt;

use crate::codes::code_enum;

code_enum! {
    /// Why the Python CLI cannot write its output (stage `output`).
    OutputErrorCode {
        /// The output path exists and is not a regular file (a directory, a symbolic link).
        OutputNotARegularFile => "output_not_a_regular_file",
        /// The output file cannot be written.
        OutputWriteFailed => "output_write_failed",
    }
}

/// Why a file could not be read, as the binding's system calls found it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileProblem {
    /// Nothing at the path (following links).
    Missing,
    /// A symbolic link where none is allowed.
    Link,
    /// A directory, FIFO, socket or device.
    NotRegular,
    /// Larger than the limit: the size seen, in bytes.
    TooLarge(u64),
    /// A prediction with more than one hard link (the count): it could be the gold, or any
    /// file the participant could not otherwise read. Only tabeq refuses it; the official
    /// evaluator reads it (a hard link to the gold passes there).
    HardLink(u64),
    /// A prediction that is the task's gold file itself (same device and inode), reached
    /// through a linked task folder. Only tabeq refuses it; the official evaluator scores it
    /// as a pass.
    SameAsGold,
    /// Any other OS error, as the OS words it.
    Io(String),
}

impl FileProblem {
    /// The message for this problem with a file that is not a CSV (a config, a trust record).
    pub fn message(&self, path: &str) -> String {
        match self {
            FileProblem::Missing => format!("No such file: {path}"),
            FileProblem::Link => format!("Symbolic links are not allowed: {path}"),
            FileProblem::NotRegular => format!("Not a regular file: {path}"),
            FileProblem::TooLarge(size) => format!("File too large: {path} ({size} bytes)"),
            FileProblem::HardLink(links) => hard_link(path, *links),
            FileProblem::SameAsGold => same_as_gold(path),
            FileProblem::Io(reason) => format!("Cannot read {path}: {reason}"),
        }
    }
}

/// The words for [`FileProblem::HardLink`], in the style of the official link message.
pub(crate) fn hard_link(path: &str, links: u64) -> String {
    format!("Hard links are not allowed: {path} ({links} links)")
}

/// The words for [`FileProblem::SameAsGold`].
pub(crate) fn same_as_gold(path: &str) -> String {
    format!("The prediction is the gold file: {path}")
}

/// A task record's `error` for a prediction path with no file, as the official suite words it.
pub fn missing_prediction(path: &str) -> String {
    format!("Missing prediction CSV: {path}")
}

/// What stands at (or above) an output path instead of a regular file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoundInstead {
    /// A symbolic link (never followed).
    Link,
    /// A directory.
    Directory,
    /// A FIFO, socket or device.
    Special,
    /// Not known (the path stopped being a regular file while it was written).
    Unknown,
}

/// Why a summary cannot be written to `path` (the Python CLI's `--output`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum OutputError {
    /// Something other than a regular file is at `path`.
    NotARegularFile {
        /// The output path.
        path: String,
        /// What is there.
        found: FoundInstead,
    },
    /// The nearest existing ancestor `dir` of the output path is not a directory.
    DirectoryNotADirectory {
        /// That ancestor.
        dir: String,
    },
    /// The path's status cannot be read (`reason` as the OS words it).
    CannotCheck {
        /// The output path.
        path: String,
        /// The OS error.
        reason: String,
    },
    /// Creating, writing or renaming the file failed (`reason` as the OS words it).
    WriteFailed {
        /// The output path.
        path: String,
        /// The OS error.
        reason: String,
    },
}

impl FoundInstead {
    /// What a path's status (not following links) says is there instead of a regular file.
    pub fn of(is_link: bool, is_dir: bool) -> FoundInstead {
        match (is_link, is_dir) {
            (true, _) => FoundInstead::Link,
            (false, true) => FoundInstead::Directory,
            (false, false) => FoundInstead::Special,
        }
    }
}

impl OutputError {
    /// [`OutputError::NotARegularFile`].
    pub fn not_regular(path: &str, found: FoundInstead) -> OutputError {
        let path = path.to_string();
        OutputError::NotARegularFile { path, found }
    }
    /// [`OutputError::CannotCheck`].
    pub fn cannot_check(path: &str, reason: impl fmt::Display) -> OutputError {
        let (path, reason) = (path.to_string(), reason.to_string());
        OutputError::CannotCheck { path, reason }
    }
    /// [`OutputError::WriteFailed`].
    pub fn write_failed(path: &str, reason: impl fmt::Display) -> OutputError {
        let (path, reason) = (path.to_string(), reason.to_string());
        OutputError::WriteFailed { path, reason }
    }
    /// `output_not_a_regular_file` or `output_write_failed`.
    pub fn code(&self) -> OutputErrorCode {
        match self {
            OutputError::NotARegularFile { .. } | OutputError::DirectoryNotADirectory { .. } => {
                OutputErrorCode::OutputNotARegularFile
            }
            OutputError::CannotCheck { .. } | OutputError::WriteFailed { .. } => {
                OutputErrorCode::OutputWriteFailed
            }
        }
    }
}

/// The message (the code is [`OutputError::code`]).
impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::NotARegularFile { path, found } => {
                let what = match found {
                    FoundInstead::Link => "a symbolic link, not",
                    FoundInstead::Directory => "a directory, not",
                    FoundInstead::Special => "a FIFO, socket or device, not",
                    FoundInstead::Unknown => "not",
                };
                write!(f, "Output path is {what} a regular file: {path}")
            }
            OutputError::DirectoryNotADirectory { dir } => {
                write!(f, "Output directory {dir} is not a directory")
            }
            OutputError::CannotCheck { path, reason } => {
                write!(f, "Cannot check output path {path}: {reason}")
            }
            OutputError::WriteFailed { path, reason } => write!(f, "Cannot write {path}: {reason}"),
        }
    }
}

impl std::error::Error for OutputError {}
