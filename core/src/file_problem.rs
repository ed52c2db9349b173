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
    /// Larger than the limit: the size seen and the limit, in bytes.
    TooLarge {
        /// The size seen.
        size: u64,
        /// The limit the read applied.
        limit: u64,
    },
    /// A prediction with more than one hard link (the count): it could be the gold, or any
    /// file the participant could not otherwise read. Only tabeq refuses it; the official
    /// evaluator reads it (a hard link to the gold passes there).
    HardLink(u64),
    /// A prediction that is the task's gold file itself (same device and inode), reached
    /// through a linked task folder. Only tabeq refuses it; the official evaluator scores it
    /// as a pass.
    SameAsGold,
    /// Any other OS error, as the OS words it (kept for callers that have only a text;
    /// bindings report [`FileProblem::Os`]).
    Io(String),
    /// An OS error returned by the call `call` made on the file.
    Os(FileCall, OsError),
}

/// The system call on a file that failed, which chooses the official wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileCall {
    /// Reading the file's status by its path (`stat`).
    Stat,
    /// Opening or reading the file.
    Read,
}

/// An OS error number with its words as CPython's `str(OSError)` gives them on Linux:
/// `[Errno 13] Permission denied: '/p/task_1/prediction.csv'` for a call that named a file
/// (open, stat), `[Errno 5] Input/output error` for one that did not (read). The text of each
/// number is glibc's (`os.strerror`), the file name Python's `repr` of it. The words are
/// rendered here, once, when the binding reports the error.
///
/// ```
/// use tabeq::file_problem::OsError;
/// let denied = OsError::new(13, Some("/p/it's.csv"));
/// assert_eq!(denied.to_string(), "[Errno 13] Permission denied: \"/p/it's.csv\"");
/// assert_eq!((denied.errno(), denied.strerror()), (13, "Permission denied"));
/// assert_eq!(OsError::new(5, None).to_string(), "[Errno 5] Input/output error");
/// assert_eq!(OsError::new(41, None).to_string(), "[Errno 41] Unknown error 41");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OsError(Box<OsErrorParts>);

/// Boxed, so that the errors that carry an [`OsError`] stay small on their `Result` paths.
#[derive(Debug, Clone, PartialEq, Eq)]
struct OsErrorParts {
    errno: i32,
    strerror: String,
    filename: Option<String>,
    text: String,
}

impl OsError {
    /// The error `errno` of a call that named `filename` (`None` for a call on an open file).
    pub fn new(errno: i32, filename: Option<&str>) -> OsError {
        let strerror = match usize::try_from(errno).ok().and_then(|n| STRERROR.get(n)) {
            Some(text) if !text.is_empty() => (*text).to_string(),
            _ => format!("Unknown error {errno}"),
        };
        let text = match filename {
            Some(name) => format!(
                "[Errno {errno}] {strerror}: {}",
                crate::chars::python_repr(name)
            ),
            None => format!("[Errno {errno}] {strerror}"),
        };
        let filename = filename.map(str::to_string);
        OsError(Box::new(OsErrorParts {
            errno,
            strerror,
            filename,
            text,
        }))
    }

    /// The error number.
    pub fn errno(&self) -> i32 {
        self.0.errno
    }

    /// The number's text (glibc's `strerror`).
    pub fn strerror(&self) -> &str {
        &self.0.strerror
    }

    /// The file the failing call named, if it named one.
    pub fn filename(&self) -> Option<&str> {
        self.0.filename.as_deref()
    }
}

impl fmt::Display for OsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.text)
    }
}

/// glibc's `strerror` texts for errors 0 to 133 (Linux numbering); "" where glibc has none.
#[rustfmt::skip]
const STRERROR: [&str; 134] = [
    "Success", // 0
    "Operation not permitted", // 1
    "No such file or directory", // 2
    "No such process", // 3
    "Interrupted system call", // 4
    "Input/output error", // 5
    "No such device or address", // 6
    "Argument list too long", // 7
    "Exec format error", // 8
    "Bad file descriptor", // 9
    "No child processes", // 10
    "Resource temporarily unavailable", // 11
    "Cannot allocate memory", // 12
    "Permission denied", // 13
    "Bad address", // 14
    "Block device required", // 15
    "Device or resource busy", // 16
    "File exists", // 17
    "Invalid cross-device link", // 18
    "No such device", // 19
    "Not a directory", // 20
    "Is a directory", // 21
    "Invalid argument", // 22
    "Too many open files in system", // 23
    "Too many open files", // 24
    "Inappropriate ioctl for device", // 25
    "Text file busy", // 26
    "File too large", // 27
    "No space left on device", // 28
    "Illegal seek", // 29
    "Read-only file system", // 30
    "Too many links", // 31
    "Broken pipe", // 32
    "Numerical argument out of domain", // 33
    "Numerical result out of range", // 34
    "Resource deadlock avoided", // 35
    "File name too long", // 36
    "No locks available", // 37
    "Function not implemented", // 38
    "Directory not empty", // 39
    "Too many levels of symbolic links", // 40
    "", // 41
    "No message of desired type", // 42
    "Identifier removed", // 43
    "Channel number out of range", // 44
    "Level 2 not synchronized", // 45
    "Level 3 halted", // 46
    "Level 3 reset", // 47
    "Link number out of range", // 48
    "Protocol driver not attached", // 49
    "No CSI structure available", // 50
    "Level 2 halted", // 51
    "Invalid exchange", // 52
    "Invalid request descriptor", // 53
    "Exchange full", // 54
    "No anode", // 55
    "Invalid request code", // 56
    "Invalid slot", // 57
    "", // 58
    "Bad font file format", // 59
    "Device not a stream", // 60
    "No data available", // 61
    "Timer expired", // 62
    "Out of streams resources", // 63
    "Machine is not on the network", // 64
    "Package not installed", // 65
    "Object is remote", // 66
    "Link has been severed", // 67
    "Advertise error", // 68
    "Srmount error", // 69
    "Communication error on send", // 70
    "Protocol error", // 71
    "Multihop attempted", // 72
    "RFS specific error", // 73
    "Bad message", // 74
    "Value too large for defined data type", // 75
    "Name not unique on network", // 76
    "File descriptor in bad state", // 77
    "Remote address changed", // 78
    "Can not access a needed shared library", // 79
    "Accessing a corrupted shared library", // 80
    ".lib section in a.out corrupted", // 81
    "Attempting to link in too many shared libraries", // 82
    "Cannot exec a shared library directly", // 83
    "Invalid or incomplete multibyte or wide character", // 84
    "Interrupted system call should be restarted", // 85
    "Streams pipe error", // 86
    "Too many users", // 87
    "Socket operation on non-socket", // 88
    "Destination address required", // 89
    "Message too long", // 90
    "Protocol wrong type for socket", // 91
    "Protocol not available", // 92
    "Protocol not supported", // 93
    "Socket type not supported", // 94
    "Operation not supported", // 95
    "Protocol family not supported", // 96
    "Address family not supported by protocol", // 97
    "Address already in use", // 98
    "Cannot assign requested address", // 99
    "Network is down", // 100
    "Network is unreachable", // 101
    "Network dropped connection on reset", // 102
    "Software caused connection abort", // 103
    "Connection reset by peer", // 104
    "No buffer space available", // 105
    "Transport endpoint is already connected", // 106
    "Transport endpoint is not connected", // 107
    "Cannot send after transport endpoint shutdown", // 108
    "Too many references: cannot splice", // 109
    "Connection timed out", // 110
    "Connection refused", // 111
    "Host is down", // 112
    "No route to host", // 113
    "Operation already in progress", // 114
    "Operation now in progress", // 115
    "Stale file handle", // 116
    "Structure needs cleaning", // 117
    "Not a XENIX named type file", // 118
    "No XENIX semaphores available", // 119
    "Is a named type file", // 120
    "Remote I/O error", // 121
    "Disk quota exceeded", // 122
    "No medium found", // 123
    "Wrong medium type", // 124
    "Operation canceled", // 125
    "Required key not available", // 126
    "Key has expired", // 127
    "Key has been revoked", // 128
    "Key was rejected by service", // 129
    "Owner died", // 130
    "State not recoverable", // 131
    "Operation not possible due to RF-kill", // 132
    "Memory page has hardware error", // 133
];

impl FileProblem {
    /// The message for this problem with a file that is not a CSV (a config, a trust record).
    pub fn message(&self, path: &str) -> String {
        match self {
            FileProblem::Missing => format!("No such file: {path}"),
            FileProblem::Link => format!("Symbolic links are not allowed: {path}"),
            FileProblem::NotRegular => format!("Not a regular file: {path}"),
            FileProblem::TooLarge { size, .. } => format!("File too large: {path} ({size} bytes)"),
            FileProblem::HardLink(links) => hard_link(path, *links),
            FileProblem::SameAsGold => same_as_gold(path),
            FileProblem::Io(reason) => format!("Cannot read {path}: {reason}"),
            FileProblem::Os(FileCall::Stat, error) => format!("Cannot stat {path}: {error}"),
            // Python's words name the file when the call did (what `open` raises).
            FileProblem::Os(FileCall::Read, error) if error.filename().is_some() => {
                error.to_string()
            }
            FileProblem::Os(FileCall::Read, error) => format!("Cannot read {path}: {error}"),
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
