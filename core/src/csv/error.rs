//! The CSV reader's errors: what is wrong with one CSV file (a gold, a prediction), with the
//! data its message shows.

use core::fmt;

use super::{MAX_CELL_CHARACTERS, MAX_CSV_BYTES, MAX_CSV_COLUMNS};
use crate::codes::code_enum;
use crate::file_problem::{FileCall, FileProblem};

code_enum! {
    /// What is wrong with a CSV file (gold or prediction).
    CsvErrorKind as "CsvErrorCode" {
        /// The bytes are not UTF-8.
        InvalidUtf8 => "csv_invalid_utf8",
        /// The file exceeds 20 MiB.
        TooLarge => "csv_too_large",
        /// More than 100,000 data rows.
        TooManyRows => "csv_too_many_rows",
        /// A header with more than 64 columns.
        TooManyColumns => "csv_too_many_columns",
        /// A cell longer than 2 MiB characters.
        CellTooLarge => "csv_cell_too_large",
        /// A NUL character in a cell.
        NulCharacter => "csv_nul_character",
        /// No header row at all.
        Empty => "csv_empty",
        /// The header row has zero fields (a blank first line).
        ZeroColumns => "csv_zero_columns",
        /// A data row whose field count differs from the header's (a blank line counts as zero fields).
        NonRectangular => "csv_non_rectangular",
        /// A closing quote followed by something other than a delimiter or line end.
        UnexpectedAfterQuote => "csv_unexpected_after_quote",
        /// The input ends inside a quoted field.
        UnterminatedQuote => "csv_unterminated_quote",
        /// The prediction path exists but is not a regular file (or is a symbolic link).
        NotARegularFile => "csv_not_a_regular_file",
    }
}

/// A CSV reading error with its position. The message is rendered from its
/// [`CsvProblem`] (the data it shows), and the kind follows from the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "CsvProblem", as = "CsvErrorJson")
)]
pub struct CsvError {
    /// What went wrong.
    pub kind: CsvErrorKind,
    /// 1-based record number (the header is record 1), when known.
    pub record: Option<u64>,
    problem: InputProblem,
}

/// What the CSV reader found in the bytes, with the data its message shows. Limits are
/// [`crate::csv`]'s constants.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CsvProblem {
    /// The text stops being UTF-8 at this byte offset.
    InvalidUtf8 {
        /// The length of the valid UTF-8 prefix.
        valid_up_to: usize,
    },
    /// More bytes than the read's limit ([`MAX_CSV_BYTES`](crate::csv::MAX_CSV_BYTES) under
    /// the official limits).
    TooLarge {
        /// The size in bytes, or a lower bound of it when not `exact`.
        size: usize,
        /// Whether `size` is the size.
        exact: bool,
        /// The limit, in bytes.
        limit: usize,
    },
    /// More data rows than the read's limit ([`MAX_CSV_ROWS`](crate::csv::MAX_CSV_ROWS) under
    /// the official limits).
    TooManyRows {
        /// The most data rows accepted.
        limit: usize,
    },
    /// A header wider than [`MAX_CSV_COLUMNS`](crate::csv::MAX_CSV_COLUMNS).
    TooManyColumns {
        /// The header's field count.
        columns: usize,
    },
    /// A field of the text longer than [`MAX_CELL_CHARACTERS`](crate::csv::MAX_CELL_CHARACTERS).
    FieldTooLarge,
    /// A cell of an already-split row ([`Table::from_rows`](crate::csv::Table::from_rows))
    /// longer than the cell limit.
    RowCellTooLarge,
    /// A NUL character in the text, on the line of the error's record.
    NulInText,
    /// A NUL character in a cell of an already-split row.
    NulInRowCell,
    /// No header row.
    Empty,
    /// A header row with zero fields.
    ZeroColumns,
    /// The error's record has `cells` fields where the header has `expected`.
    NonRectangular {
        /// The record's field count.
        cells: usize,
        /// The header's field count.
        expected: usize,
    },
    /// A closing quote followed by something other than a delimiter or line end.
    UnexpectedAfterQuote,
    /// The text ends inside a quoted field.
    UnterminatedQuote,
}

/// What kept an input from being read as a table, by what it describes: the bytes (a
/// [`CsvProblem`] the reader found), the file at a path (a [`FileProblem`] a binding found),
/// or a trust manifest's file (a [`TrustInputProblem`]). A [`CsvError`] carries one.
///
/// ```
/// use tabeq::csv::{read_table, CsvError, CsvProblem, InputProblem};
/// use tabeq::file_problem::FileProblem;
/// let ragged = read_table(b"a,b\n1\n").unwrap_err();
/// let expected = CsvProblem::NonRectangular { cells: 1, expected: 2 };
/// assert_eq!(ragged.csv_problem(), Some(&expected));
/// let link = CsvError::file("p.csv", FileProblem::Link);
/// assert!(matches!(link.problem(), InputProblem::File { .. }));
/// assert_eq!((link.csv_problem(), link.kind.code()), (None, "csv_not_a_regular_file"));
/// let big = CsvError::named_too_large("m/gold.csv", 30_000_000);
/// assert_eq!(big.to_string(), "csv_too_large: m/gold.csv exceeds the 20971520-byte limit (at least 30000000 bytes)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputProblem {
    /// The bytes are not a CSV table within the limits.
    Csv(CsvProblem),
    /// A CSV file a binding could not read (a prediction, a gold).
    File {
        /// The path as the caller gave it.
        path: String,
        /// What the binding found.
        problem: FileProblem,
    },
    /// A trust manifest's gold or config that a binding could not read.
    TrustInput {
        /// The path as the manifest names it.
        path: String,
        /// What the binding found.
        problem: TrustInputProblem,
    },
}

/// Why a binding could not read a file a trust manifest names (its gold or config).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TrustInputProblem {
    /// The OS refused to read it: the OS error's words.
    Unreadable(String),
    /// Over the size limit, refused before it was copied: a lower bound of its size in bytes.
    TooLarge {
        /// A lower bound of its size, in bytes.
        at_least: usize,
    },
}

impl CsvProblem {
    /// The kind (code) of this problem.
    pub fn kind(&self) -> CsvErrorKind {
        use CsvErrorKind as K;
        match self {
            CsvProblem::InvalidUtf8 { .. } => K::InvalidUtf8,
            CsvProblem::TooLarge { .. } => K::TooLarge,
            CsvProblem::TooManyRows { .. } => K::TooManyRows,
            CsvProblem::TooManyColumns { .. } => K::TooManyColumns,
            CsvProblem::FieldTooLarge | CsvProblem::RowCellTooLarge => K::CellTooLarge,
            CsvProblem::NulInText | CsvProblem::NulInRowCell => K::NulCharacter,
            CsvProblem::Empty => K::Empty,
            CsvProblem::ZeroColumns => K::ZeroColumns,
            CsvProblem::NonRectangular { .. } => K::NonRectangular,
            CsvProblem::UnexpectedAfterQuote => K::UnexpectedAfterQuote,
            CsvProblem::UnterminatedQuote => K::UnterminatedQuote,
        }
    }
}

impl InputProblem {
    /// The kind (code) of this problem: a file or trust input problem has the code of the
    /// reader's that it resembles (`csv_too_large`, else `csv_not_a_regular_file`).
    pub fn kind(&self) -> CsvErrorKind {
        match self {
            InputProblem::Csv(problem) => problem.kind(),
            InputProblem::File {
                problem: FileProblem::TooLarge { .. },
                ..
            }
            | InputProblem::TrustInput {
                problem: TrustInputProblem::TooLarge { .. },
                ..
            } => CsvErrorKind::TooLarge,
            InputProblem::File { .. } | InputProblem::TrustInput { .. } => {
                CsvErrorKind::NotARegularFile
            }
        }
    }
}

impl CsvError {
    /// The error for the reader's `problem` at `record`.
    pub fn new(problem: CsvProblem, record: Option<u64>) -> CsvError {
        CsvError::of(InputProblem::Csv(problem), record)
    }

    fn of(problem: InputProblem, record: Option<u64>) -> CsvError {
        let kind = problem.kind();
        CsvError {
            kind,
            record,
            problem,
        }
    }

    /// A file over [`MAX_CSV_BYTES`](crate::csv::MAX_CSV_BYTES), refused before it was read:
    /// `size` is its size in bytes when `exact`, else a lower bound (a JavaScript string's
    /// UTF-16 length). With an exact size this is the error `read_table` gives for the bytes.
    pub fn too_large(size: usize, exact: bool) -> CsvError {
        let limit = MAX_CSV_BYTES;
        CsvError::new(CsvProblem::TooLarge { size, exact, limit }, None)
    }

    /// A CSV file at `path` that a binding could not read (see [`FileProblem`]).
    pub fn file(path: &str, problem: FileProblem) -> CsvError {
        let path = path.to_string();
        CsvError::of(InputProblem::File { path, problem }, None)
    }

    /// A trust manifest's gold or config at `path` that the OS refused to read.
    pub fn unreadable(path: &str, reason: impl fmt::Display) -> CsvError {
        let (path, problem) = (
            path.to_string(),
            TrustInputProblem::Unreadable(reason.to_string()),
        );
        CsvError::of(InputProblem::TrustInput { path, problem }, None)
    }

    /// A trust manifest's file at `path` of at least `at_least` bytes, over the size limit.
    pub fn named_too_large(path: &str, at_least: usize) -> CsvError {
        let (path, problem) = (path.to_string(), TrustInputProblem::TooLarge { at_least });
        CsvError::of(InputProblem::TrustInput { path, problem }, None)
    }

    /// What was found, with the data the message shows.
    pub fn problem(&self) -> &InputProblem {
        &self.problem
    }

    /// The reader's problem, when the reader found it (not a binding at a path).
    pub fn csv_problem(&self) -> Option<&CsvProblem> {
        match &self.problem {
            InputProblem::Csv(problem) => Some(problem),
            _ => None,
        }
    }

    /// The message for people (without the code and record, which [`Display`](fmt::Display) adds).
    pub fn message(&self) -> String {
        CsvMessage(self).to_string()
    }

    /// Whether the reader reports this problem (a binding that refuses a file for its size
    /// before copying it reports the reader's [`CsvError::too_large`]), rather than a problem
    /// a binding found at a path ([`CsvError::file`], [`CsvError::unreadable`],
    /// [`CsvError::named_too_large`]). A prediction's record words the two differently.
    pub fn is_reader_problem(&self) -> bool {
        matches!(self.problem, InputProblem::Csv(_))
    }

    /// The text of a task record's `error` for a prediction the reader refused (what scoring
    /// the bytes writes, so a file refused before reading reads the same).
    pub fn unreadable_prediction(&self) -> String {
        format!("Cannot parse CSV: {self}")
    }
}

/// A [`CsvError`]'s message, rendered from its problem.
struct CsvMessage<'a>(&'a CsvError);

impl fmt::Display for CsvMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let record = self.0.record.unwrap_or(0);
        let problem = match &self.0.problem {
            InputProblem::Csv(problem) => problem,
            InputProblem::File { path, problem } => return problem.write_csv_message(f, path),
            InputProblem::TrustInput { path, problem } => {
                return match problem {
                    TrustInputProblem::Unreadable(reason) => {
                        write!(f, "cannot read {path}: {reason}")
                    }
                    TrustInputProblem::TooLarge { at_least } => {
                        let limit = MAX_CSV_BYTES as u64;
                        write_too_large(f, path, "", *at_least as u64, false, limit)
                    }
                };
            }
        };
        match problem {
            CsvProblem::InvalidUtf8 { valid_up_to } => {
                write!(f, "invalid UTF-8 at byte {valid_up_to}")
            }
            CsvProblem::TooLarge { size, exact, limit } => {
                write_too_large(f, "CSV", "", *size as u64, *exact, *limit as u64)
            }
            CsvProblem::TooManyRows { limit } => {
                write!(f, "CSV exceeds the {limit}-data-row limit")
            }
            CsvProblem::TooManyColumns { columns } => write!(
                f,
                "CSV exceeds the {MAX_CSV_COLUMNS}-column limit ({columns} columns)"
            ),
            CsvProblem::FieldTooLarge => {
                write!(f, "field larger than field limit ({MAX_CELL_CHARACTERS})")
            }
            CsvProblem::RowCellTooLarge => f.write_str("cell exceeds the 2 MiB-character limit"),
            CsvProblem::NulInText => write!(f, "NUL character in a CSV cell near line {record}"),
            CsvProblem::NulInRowCell => f.write_str("NUL character in a cell"),
            CsvProblem::Empty => f.write_str("CSV is empty and has no header row"),
            CsvProblem::ZeroColumns => f.write_str("CSV header has zero columns"),
            CsvProblem::NonRectangular { cells, expected } => {
                write!(f, "row {record} has {cells} cells; expected {expected}")
            }
            CsvProblem::UnexpectedAfterQuote => f.write_str("',' expected after '\"'"),
            CsvProblem::UnterminatedQuote => f.write_str("unexpected end of data"),
        }
    }
}

/// `code (record N): message`, or `code: message` without a record.
impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (code, message) = (self.kind.code(), CsvMessage(self));
        match self.record {
            Some(r) => write!(f, "{code} (record {r}): {message}"),
            None => write!(f, "{code}: {message}"),
        }
    }
}

impl std::error::Error for CsvError {}

/// `{code, record, message}`, as reports list a CSV problem.
impl serde::Serialize for CsvError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("CsvError", 3)?;
        out.serialize_field("code", &self.kind)?;
        out.serialize_field("record", &self.record)?;
        out.serialize_field("message", &self.message())?;
        out.end()
    }
}

/// The JSON shape of [`CsvError`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct CsvErrorJson {
    code: CsvErrorKind,
    /// 1-based record number (the header is record 1), when known.
    record: Option<usize>,
    message: String,
}

impl FileProblem {
    /// The official evaluator's message for this problem with the CSV at `path`.
    pub(crate) fn write_csv_message(&self, f: &mut fmt::Formatter<'_>, path: &str) -> fmt::Result {
        match self {
            FileProblem::Missing => write!(f, "Missing CSV file: {path}"),
            FileProblem::Link => write!(f, "Symbolic links are not allowed: {path}"),
            FileProblem::NotRegular => write!(f, "CSV path is not a regular file: {path}"),
            FileProblem::TooLarge { size, limit } => {
                write_too_large(f, "CSV", &format!(": {path}"), *size, true, *limit)
            }
            FileProblem::HardLink(links) => {
                f.write_str(&crate::file_problem::hard_link(path, *links))
            }
            FileProblem::SameAsGold => f.write_str(&crate::file_problem::same_as_gold(path)),
            FileProblem::Io(reason) => write!(f, "Cannot read CSV {path}: {reason}"),
            // The official evaluator's words for its `stat` and for its open and read.
            FileProblem::Os(FileCall::Stat, error) => {
                write!(f, "Cannot stat CSV file {path}: {error}")
            }
            FileProblem::Os(FileCall::Read, error) => write!(f, "Cannot parse CSV {path}: {error}"),
        }
    }
}

/// "`subject` exceeds the 20971520-byte limit`after` (`size` bytes)", with "at least" when
/// the size is a lower bound: the one wording of a file over a CSV size limit.
fn write_too_large(
    f: &mut fmt::Formatter<'_>,
    subject: &str,
    after: &str,
    size: u64,
    exact: bool,
    limit: u64,
) -> fmt::Result {
    let at_least = if exact { "" } else { "at least " };
    write!(
        f,
        "{subject} exceeds the {limit}-byte limit{after} ({at_least}{size} bytes)"
    )
}
