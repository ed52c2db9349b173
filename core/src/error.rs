//! Errors and the stable error-code catalogue.
//!
//! Every error kind has a snake_case `code()` that never changes once released; the
//! messages are for people and may change. Per-task codes are exactly the official
//! evaluator's, plus `search_limit_exceeded` (tabeq only); fatal codes say whether the config, the gold or the suite layout is at fault.

use core::fmt;

use crate::file_problem::{write_too_large, FileProblem};

#[doc(hidden)]
#[macro_export]
macro_rules! code_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[doc = $doc:literal])+ $variant:ident => $code:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name { $($(#[doc = $doc])+ $variant,)+ }
        impl $name {
            /// Every kind, in catalogue order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
            /// The stable snake_case code.
            pub fn code(self) -> &'static str {
                match self { $($name::$variant => $code,)+ }
            }
            /// `(code, description)` of every kind, in catalogue order.
            // Each doc line starts with the space after `///`.
            pub const CODES: &'static [(&'static str, &'static str)] =
                &[$(($code, concat!($($doc),+).trim_ascii_start()),)+];
            /// What the code means, in one sentence (the variant's documentation: the
            /// catalogue's one description per code, listed by every surface).
            pub fn description(self) -> &'static str {
                Self::CODES[self as usize].1
            }
            /// The kind with this code, if any.
            pub fn from_code(code: &str) -> Option<Self> {
                match code { $($code => Some($name::$variant),)+ _ => None }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.code()) }
        }
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.code())
            }
        }
    };
}

pub(crate) use code_enum;

code_enum! {
    /// Why a task failed. These are the official evaluator's `error_code` values, plus
    /// `search_limit_exceeded` (tabeq only, see `docs/spec/evaluation.md`).
    TaskErrorCode {
        /// No prediction file.
        MissingPrediction => "missing_prediction",
        /// The prediction is not a strict, rectangular CSV within the limits.
        InvalidPredictionCsv => "invalid_prediction_csv",
        /// The prediction has a different number of columns than the gold.
        ColumnCountMismatch => "column_count_mismatch",
        /// The prediction has a different number of data rows than the gold.
        RowCountMismatch => "row_count_mismatch",
        /// No one-to-one column mapping has every prediction column readable under its gold column's rule.
        TypeNormalizationFailed => "type_normalization_failed",
        /// Some mapping is readable but none reproduces the gold rows.
        RelationMismatch => "relation_mismatch",
        /// tabeq only: the column search used its whole work budget without deciding the task
        /// (the official evaluator would still be enumerating permutations). Never a verdict.
        SearchLimitExceeded => "search_limit_exceeded",
    }
}

code_enum! {
    /// What is wrong with a CSV file (gold or prediction).
    CsvErrorKind {
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

code_enum! {
    /// Why one cell cannot be read under a column rule.
    CellErrorKind {
        /// Not a number in the accepted syntax.
        InvalidNumber => "cell_invalid_number",
        /// A `%` in a column that does not allow it.
        PercentNotAllowed => "cell_percent_not_allowed",
        /// Commas that are not well-formed thousands separators.
        InvalidThousandsSeparators => "cell_invalid_thousands_separators",
        /// A non-integral value in an integer column.
        NotAnInteger => "cell_not_an_integer",
        /// A number whose exponent is beyond what the official decimal type can represent.
        NumberOutOfRange => "cell_number_out_of_range",
        /// Not an ISO 8601 date/datetime that CPython 3.11 accepts.
        InvalidDatetime => "cell_invalid_datetime",
        /// A date column value with a time other than midnight.
        NotMidnight => "cell_not_midnight",
        /// An offset-aware value whose UTC conversion leaves years 1..9999.
        DatetimeOutOfRange => "cell_datetime_out_of_range",
        /// Not one of the boolean words.
        InvalidBoolean => "cell_invalid_boolean",
    }
}

code_enum! {
    /// Fatal errors: trusted inputs (config, gold, suite layout) are broken; nothing is scored.
    FatalCode {
        /// The config is not valid JSON (or not UTF-8).
        ConfigInvalidJson => "config_invalid_json",
        /// `schema_version` is not "1.0".
        ConfigUnsupportedSchema => "config_unsupported_schema",
        /// `task_id` is missing or not `task_<digits>`.
        ConfigInvalidTaskId => "config_invalid_task_id",
        /// The config file's stem differs from its `task_id`.
        ConfigTaskIdMismatch => "config_task_id_mismatch",
        /// Any other invalid config field.
        ConfigInvalid => "config_invalid",
        /// The gold file is missing or not a file.
        GoldMissing => "gold_missing",
        /// The gold file is not a strict CSV within the limits.
        GoldInvalidCsv => "gold_invalid_csv",
        /// The gold header's column count differs from the config's.
        GoldColumnCountMismatch => "gold_column_count_mismatch",
        /// A gold cell cannot be read under its column rule.
        GoldCellInvalid => "gold_cell_invalid",
        /// A suite root directory is missing.
        SuiteMissingDirectory => "suite_missing_directory",
        /// The config directory has no `task_*.json`.
        SuiteNoConfigs => "suite_no_configs",
        /// Two configs share a task id.
        SuiteDuplicateTaskId => "suite_duplicate_task_id",
        /// A `task_*.json` whose stem is not `task_<digits>`.
        SuiteInvalidConfigName => "suite_invalid_config_name",
    }
}

code_enum! {
    /// Errors a binding raises about its own arguments and objects (never about a task).
    BindingErrorCode {
        /// An argument of the wrong type or value (a number out of range, a file too large to copy).
        InvalidArgument => "invalid_argument",
        /// A suite summary or submission report asked for before every task was done.
        SuiteIncomplete => "suite_incomplete",
        /// A task id that the suite or submission does not contain.
        UnknownTask => "unknown_task",
        /// A result the binding could not hand over (a bug, reported rather than crashing).
        InternalError => "internal_error",
        /// JavaScript: a string with a lone surrogate, which has no UTF-8 form (pass bytes instead).
        LoneSurrogate => "lone_surrogate",
        /// JavaScript: a method of `Gold`, `SuiteRun` or `SubmissionRun` called after `free()`, or `free()` called twice.
        FreedObject => "freed_object",
    }
}

code_enum! {
    /// Why the Python CLI cannot write its output (stage `output`).
    OutputErrorCode {
        /// The output path exists and is not a regular file (a directory, a symbolic link).
        OutputNotARegularFile => "output_not_a_regular_file",
        /// The output file cannot be written.
        OutputWriteFailed => "output_write_failed",
    }
}

/// Which trusted input a fatal error blames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FatalStage {
    /// The task config.
    Config,
    /// The gold CSV.
    Gold,
    /// The suite layout (directories, file names).
    Suite,
}

impl FatalStage {
    /// `config`, `gold` or `suite`.
    pub fn as_str(self) -> &'static str {
        match self {
            FatalStage::Config => "config",
            FatalStage::Gold => "gold",
            FatalStage::Suite => "suite",
        }
    }
}

impl FatalCode {
    /// The stage this code belongs to.
    pub fn stage(self) -> FatalStage {
        use FatalCode::*;
        match self {
            ConfigInvalidJson
            | ConfigUnsupportedSchema
            | ConfigInvalidTaskId
            | ConfigTaskIdMismatch
            | ConfigInvalid => FatalStage::Config,
            GoldMissing | GoldInvalidCsv | GoldColumnCountMismatch | GoldCellInvalid => {
                FatalStage::Gold
            }
            SuiteMissingDirectory
            | SuiteNoConfigs
            | SuiteDuplicateTaskId
            | SuiteInvalidConfigName => FatalStage::Suite,
        }
    }
}

/// A CSV reading error with its position. The message is rendered from its
/// [`CsvProblem`] (the data it shows), and the kind follows from the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    /// What went wrong.
    pub kind: CsvErrorKind,
    /// 1-based record number (the header is record 1), when known.
    pub record: Option<u64>,
    problem: CsvProblem,
}

/// What a CSV reader (or a binding's check of a CSV file) found, with the data its message
/// shows. Limits are [`crate::csv`]'s constants.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CsvProblem {
    /// The text stops being UTF-8 at this byte offset.
    InvalidUtf8 {
        /// The length of the valid UTF-8 prefix.
        valid_up_to: usize,
    },
    /// More bytes than [`MAX_CSV_BYTES`](crate::csv::MAX_CSV_BYTES).
    TooLarge {
        /// The size in bytes, or a lower bound of it when not `exact`.
        size: usize,
        /// Whether `size` is the size.
        exact: bool,
    },
    /// More data rows than [`MAX_CSV_ROWS`](crate::csv::MAX_CSV_ROWS).
    TooManyRows,
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
    /// A CSV file a binding could not read (a prediction, a gold).
    File {
        /// The path as the caller gave it.
        path: String,
        /// What the binding found.
        problem: FileProblem,
    },
    /// A trust manifest's gold or config that the OS refused to read.
    Unreadable {
        /// The path.
        path: String,
        /// The OS error.
        reason: String,
    },
    /// A trust manifest's file over the size limit, refused before it was copied.
    NamedTooLarge {
        /// The path as the manifest names it.
        path: String,
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
            CsvProblem::TooLarge { .. } | CsvProblem::NamedTooLarge { .. } => K::TooLarge,
            CsvProblem::File {
                problem: FileProblem::TooLarge(_),
                ..
            } => K::TooLarge,
            CsvProblem::File { .. } | CsvProblem::Unreadable { .. } => K::NotARegularFile,
            CsvProblem::TooManyRows => K::TooManyRows,
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

impl CsvError {
    /// The error for `problem` at `record`.
    pub fn new(problem: CsvProblem, record: Option<u64>) -> CsvError {
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
        CsvError::new(CsvProblem::TooLarge { size, exact }, None)
    }

    /// A CSV file at `path` that a binding could not read (see [`FileProblem`]).
    pub fn file(path: &str, problem: FileProblem) -> CsvError {
        let path = path.to_string();
        CsvError::new(CsvProblem::File { path, problem }, None)
    }

    /// A trust manifest's gold or config at `path` that the OS refused to read.
    pub fn unreadable(path: &str, reason: impl fmt::Display) -> CsvError {
        let (path, reason) = (path.to_string(), reason.to_string());
        CsvError::new(CsvProblem::Unreadable { path, reason }, None)
    }

    /// A trust manifest's file at `path` of at least `at_least` bytes, over the size limit.
    pub fn named_too_large(path: &str, at_least: usize) -> CsvError {
        let path = path.to_string();
        CsvError::new(CsvProblem::NamedTooLarge { path, at_least }, None)
    }

    /// What was found, with the data the message shows.
    pub fn problem(&self) -> &CsvProblem {
        &self.problem
    }

    /// The message for people (without the code and record, which [`Display`](fmt::Display) adds).
    pub fn message(&self) -> String {
        CsvMessage(self).to_string()
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
        use crate::csv::{MAX_CELL_CHARACTERS, MAX_CSV_COLUMNS, MAX_CSV_ROWS};
        let record = self.0.record.unwrap_or(0);
        match &self.0.problem {
            CsvProblem::InvalidUtf8 { valid_up_to } => {
                write!(f, "invalid UTF-8 at byte {valid_up_to}")
            }
            CsvProblem::TooLarge { size, exact } => {
                write_too_large(f, "CSV", "", *size as u64, *exact)
            }
            CsvProblem::TooManyRows => write!(f, "CSV exceeds the {MAX_CSV_ROWS}-data-row limit"),
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
            CsvProblem::File { path, problem } => problem.write_csv_message(f, path),
            CsvProblem::Unreadable { path, reason } => write!(f, "cannot read {path}: {reason}"),
            CsvProblem::NamedTooLarge { path, at_least } => {
                write_too_large(f, path, "", *at_least as u64, false)
            }
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

/// A cell that cannot be read under a column rule, with the value (its first 80
/// characters) that the message shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellError {
    /// What went wrong.
    pub kind: CellErrorKind,
    value: String,
    clipped: bool,
}

/// How many characters of a cell a [`CellError`] keeps and shows.
const CELL_SHOWN_CHARACTERS: usize = 80;

impl CellError {
    /// The error for the cell text `raw`.
    pub fn new(kind: CellErrorKind, raw: &str) -> CellError {
        let mut chars = raw.chars();
        let value: String = chars.by_ref().take(CELL_SHOWN_CHARACTERS).collect();
        let clipped = chars.next().is_some();
        CellError {
            kind,
            value,
            clipped,
        }
    }

    /// The start of the cell (up to 80 characters), and whether the cell is longer.
    pub fn value(&self) -> (&str, bool) {
        (&self.value, self.clipped)
    }

    /// The message naming the value, e.g. `invalid number: "x"` (without the code).
    pub fn message(&self) -> String {
        let what = match self.kind {
            CellErrorKind::InvalidNumber => "invalid number",
            CellErrorKind::PercentNotAllowed => "percent sign is not allowed",
            CellErrorKind::InvalidThousandsSeparators => "invalid thousands separators in number",
            CellErrorKind::NotAnInteger => "expected an integer",
            CellErrorKind::NumberOutOfRange => "number exponent out of range",
            CellErrorKind::InvalidDatetime => "invalid ISO date/datetime",
            CellErrorKind::NotMidnight => "expected a date or midnight datetime",
            CellErrorKind::DatetimeOutOfRange => "UTC conversion leaves years 1..9999",
            CellErrorKind::InvalidBoolean => "invalid boolean",
        };
        let ellipsis = if self.clipped { "…" } else { "" };
        format!("{what}: {:?}{ellipsis}", self.value)
    }
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.code(), self.message())
    }
}

impl std::error::Error for CellError {}

/// A fatal error: a problem with a trusted input, which stops a run. The message is
/// rendered from its [`FatalDetail`] (and the task id, which gold messages name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FatalError {
    /// The stable code (follows from the detail).
    pub code: FatalCode,
    /// The task it concerns, when known.
    pub task_id: Option<String>,
    detail: FatalDetail,
}

/// What is wrong with a trusted input, with the data its message shows; grouped by code.
/// `found` fields hold the offending JSON value as the message shows it (`"2.0"`,
/// `missing`, `an array`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FatalDetail {
    /// `config_invalid_json`: the config bytes are not UTF-8.
    ConfigNotUtf8(core::str::Utf8Error),
    /// `config_invalid_json`: `what` (`config` or `column`) is not JSON.
    ConfigJson {
        /// `config` or `column`.
        what: &'static str,
        /// The parser's error.
        error: crate::cpython_json::JsonError,
    },
    /// `config_invalid_json`: a config file a binding could not read.
    ConfigUnreadable {
        /// The path.
        path: String,
        /// What the binding found.
        problem: FileProblem,
    },
    /// `config_unsupported_schema`.
    UnsupportedSchema {
        /// The `schema_version` found.
        found: String,
    },
    /// `config_invalid_task_id`.
    InvalidTaskId {
        /// The `task_id` found.
        found: String,
    },
    /// `config_task_id_mismatch`: file `stem.json` holds `task_id`.
    TaskIdMismatch {
        /// The file's stem.
        stem: String,
        /// The config's task id.
        task_id: String,
    },
    /// `config_invalid`: the config is not a JSON object.
    ConfigNotAnObject,
    /// `config_invalid`: `order_sensitive` is not a boolean.
    InvalidOrderSensitive {
        /// The value found.
        found: String,
    },
    /// `config_invalid`: `columns` is missing or empty.
    NoColumns,
    /// `config_invalid`: a column is not an object (`index` is `None` for a column read alone).
    ColumnNotAnObject {
        /// The column's position.
        index: Option<usize>,
    },
    /// `config_invalid`: column `expected`'s `gold_index` is not `expected`.
    GoldIndexNotContiguous {
        /// The position, and the index it must have.
        expected: usize,
    },
    /// `config_invalid`: a numeric column without a `comparison` object.
    MissingComparison {
        /// The column.
        index: usize,
    },
    /// `config_invalid`: a column field with a value it cannot have.
    InvalidColumnField {
        /// The field.
        field: ColumnField,
        /// The column.
        index: usize,
        /// The value found.
        found: String,
    },
    /// Any code: the error `cause` met while loading the suite's config file `file`.
    LoadingConfig {
        /// The file name or path.
        file: String,
        /// The error.
        cause: Box<FatalDetail>,
    },
    /// `gold_missing` without a file system: the task's gold was not given.
    GoldNotGiven,
    /// `gold_missing` (or `gold_invalid_csv` when too large): a gold file a binding could not read.
    GoldFile {
        /// The path.
        path: String,
        /// What the binding found.
        problem: FileProblem,
    },
    /// `gold_invalid_csv`: the CSV reader refused the gold.
    GoldCsv(CsvError),
    /// `gold_column_count_mismatch`.
    GoldColumnCount {
        /// The gold header's column count.
        gold: usize,
        /// The config's column count.
        config: usize,
    },
    /// `gold_cell_invalid`: the first gold cell (reading order) that does not read.
    GoldCell {
        /// 1-based data row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// Why it does not read.
        error: Option<CellError>,
    },
    /// `suite_missing_directory`: the `what` directory (`config`, `gold root`, ...) is missing.
    MissingDirectory {
        /// Which directory.
        what: String,
        /// Its path.
        path: String,
    },
    /// `suite_missing_directory`: the directory cannot be listed.
    CannotList {
        /// Its path.
        path: String,
        /// The OS error.
        reason: String,
    },
    /// `suite_no_configs`.
    NoConfigs,
    /// `suite_invalid_config_name`: a `task_*.json` whose stem is not a task id.
    InvalidConfigName {
        /// The stem.
        stem: String,
    },
    /// `suite_duplicate_task_id`.
    DuplicateTaskId,
    /// Any code: the error `cause` of item `index` of a batch.
    InBatch {
        /// The item's position.
        index: usize,
        /// The error.
        cause: Box<FatalDetail>,
    },
}

/// A column field named by [`FatalDetail::InvalidColumnField`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnField {
    /// `gold_name`.
    GoldName,
    /// `type`.
    Type,
    /// `comparison.mode`.
    ComparisonMode,
    /// `comparison.digits`.
    ComparisonDigits,
    /// `unit`.
    Unit,
}

impl FatalDetail {
    /// The code this detail reports.
    pub fn code(&self) -> FatalCode {
        use FatalCode as C;
        use FatalDetail as D;
        match self {
            D::ConfigNotUtf8(_) | D::ConfigJson { .. } | D::ConfigUnreadable { .. } => {
                C::ConfigInvalidJson
            }
            D::UnsupportedSchema { .. } => C::ConfigUnsupportedSchema,
            D::InvalidTaskId { .. } => C::ConfigInvalidTaskId,
            D::TaskIdMismatch { .. } => C::ConfigTaskIdMismatch,
            D::ConfigNotAnObject
            | D::InvalidOrderSensitive { .. }
            | D::NoColumns
            | D::ColumnNotAnObject { .. }
            | D::GoldIndexNotContiguous { .. }
            | D::MissingComparison { .. }
            | D::InvalidColumnField { .. } => C::ConfigInvalid,
            D::LoadingConfig { cause, .. } | D::InBatch { cause, .. } => cause.code(),
            D::GoldNotGiven => C::GoldMissing,
            D::GoldFile {
                problem: FileProblem::TooLarge(_),
                ..
            }
            | D::GoldCsv(_) => C::GoldInvalidCsv,
            D::GoldFile { .. } => C::GoldMissing,
            D::GoldColumnCount { .. } => C::GoldColumnCountMismatch,
            D::GoldCell { .. } => C::GoldCellInvalid,
            D::MissingDirectory { .. } | D::CannotList { .. } => C::SuiteMissingDirectory,
            D::NoConfigs => C::SuiteNoConfigs,
            D::InvalidConfigName { .. } => C::SuiteInvalidConfigName,
            D::DuplicateTaskId => C::SuiteDuplicateTaskId,
        }
    }

    /// The message; gold messages name `task` (the error's task id).
    fn write(&self, f: &mut fmt::Formatter<'_>, task: Option<&str>) -> fmt::Result {
        use FatalDetail as D;
        let for_task = task.map_or(String::new(), |t| format!(" for {t}"));
        match self {
            D::ConfigNotUtf8(e) => write!(f, "config is not UTF-8: {e}"),
            D::ConfigJson { what, error } => write!(f, "cannot parse {what} JSON: {error}"),
            D::ConfigUnreadable { path, problem } => f.write_str(&problem.message(path)),
            D::UnsupportedSchema { found } => write!(f, "unsupported config schema: {found}"),
            D::InvalidTaskId { found } => write!(f, "invalid task_id: {found}"),
            D::TaskIdMismatch { stem, task_id } => {
                write!(
                    f,
                    "config filename/task_id mismatch: {stem}.json vs {task_id}"
                )
            }
            D::ConfigNotAnObject => f.write_str("config must be a JSON object"),
            D::InvalidOrderSensitive { found } => write!(f, "invalid order_sensitive: {found}"),
            D::NoColumns => f.write_str("config has no columns"),
            D::ColumnNotAnObject { index: None } => f.write_str("a column must be a JSON object"),
            D::ColumnNotAnObject { index: Some(i) } => write!(f, "column {i} must be an object"),
            D::GoldIndexNotContiguous { expected } => {
                write!(f, "gold_index must be contiguous: expected {expected}")
            }
            D::MissingComparison { index } => {
                write!(f, "numeric column {index} lacks a comparison object")
            }
            D::InvalidColumnField {
                field,
                index,
                found,
            } => {
                let what = match field {
                    ColumnField::GoldName => "invalid gold_name",
                    ColumnField::Type => "unsupported column type",
                    ColumnField::ComparisonMode => "invalid numeric comparison mode",
                    ColumnField::ComparisonDigits => "invalid numeric comparison digits",
                    ColumnField::Unit => "invalid numeric unit",
                };
                write!(f, "{what} for column {index}: {found}")
            }
            D::LoadingConfig { file, cause } => {
                write!(f, "Cannot load task config {file}: ")?;
                cause.write(f, task)
            }
            D::GoldNotGiven => write!(
                f,
                "Missing CSV file: the gold CSV of {}",
                task.unwrap_or("the task")
            ),
            D::GoldFile { path, problem } => problem.write_csv_message(f, path),
            D::GoldCsv(e) => write!(f, "cannot read gold CSV{for_task}: {e}"),
            D::GoldColumnCount { gold, config } => write!(
                f,
                "gold/config column-count mismatch{for_task}: {gold} vs {config}"
            ),
            D::GoldCell { row, column, error } => {
                let message = error.as_ref().map_or(String::new(), CellError::message);
                write!(
                    f,
                    "gold normalization failed{for_task} (row {row}, column {column}): {message}"
                )
            }
            D::MissingDirectory { what, path } => write!(f, "Missing {what} directory: {path}"),
            D::CannotList { path, reason } => write!(f, "Cannot list {path}: {reason}"),
            D::NoConfigs => f.write_str("No task configs found"),
            D::InvalidConfigName { stem } => write!(f, "Invalid task id: {stem}"),
            D::DuplicateTaskId => f.write_str("Duplicate task_id values in evaluator configs"),
            D::InBatch { index, cause } => {
                write!(f, "task #{index}: ")?;
                cause.write(f, task)
            }
        }
    }
}

impl From<FatalDetail> for FatalError {
    fn from(detail: FatalDetail) -> Self {
        FatalError {
            code: detail.code(),
            task_id: None,
            detail,
        }
    }
}

impl FatalError {
    /// Attach the task id.
    pub fn with_task(mut self, task_id: &str) -> Self {
        self.task_id = Some(task_id.to_string());
        self
    }
    /// What is wrong, with the data the message shows.
    pub fn detail(&self) -> &FatalDetail {
        &self.detail
    }
    /// The message for people (what [`Display`](fmt::Display) writes).
    pub fn message(&self) -> String {
        self.to_string()
    }
    /// The same error, as item `index` of a batch reports it (`task #3: …`).
    pub fn in_batch(self, index: usize) -> Self {
        let cause = Box::new(self.detail);
        let detail = FatalDetail::InBatch { index, cause };
        FatalError { detail, ..self }
    }
    /// The same error, met while loading the suite's config file `file`.
    pub fn loading_config(self, file: &str) -> Self {
        let (file, cause) = (file.to_string(), Box::new(self.detail));
        let detail = FatalDetail::LoadingConfig { file, cause };
        FatalError { detail, ..self }
    }
    /// No gold file: `path` as the caller names it, or (no file system) the task's gold.
    pub fn gold_missing(task_id: &str, path: Option<&str>) -> Self {
        match path {
            Some(p) => FatalError::gold_file(task_id, p, FileProblem::Missing),
            None => FatalError::from(FatalDetail::GoldNotGiven).with_task(task_id),
        }
    }
    /// A gold file at `path` that a binding could not read (too large: `gold_invalid_csv`;
    /// anything else: `gold_missing`).
    pub fn gold_file(task_id: &str, path: &str, problem: FileProblem) -> Self {
        let path = path.to_string();
        FatalError::from(FatalDetail::GoldFile { path, problem }).with_task(task_id)
    }
    /// A gold file the CSV reader refuses.
    pub fn gold_unreadable(task_id: &str, error: &CsvError) -> Self {
        FatalError::from(FatalDetail::GoldCsv(error.clone())).with_task(task_id)
    }
    /// A config file at `path` that a binding could not read (`config_invalid_json`).
    pub fn config_file(path: &str, problem: FileProblem) -> Self {
        let path = path.to_string();
        FatalError::from(FatalDetail::ConfigUnreadable {
            path: path.clone(),
            problem,
        })
        .loading_config(&path)
    }
    /// A suite directory (`what`: `config`, `gold root`, ...) that does not exist.
    pub fn missing_directory(what: &str, path: &str) -> Self {
        let (what, path) = (what.to_string(), path.to_string());
        FatalError::from(FatalDetail::MissingDirectory { what, path })
    }
    /// A suite directory that cannot be listed (`reason` as the OS words it).
    pub fn cannot_list(path: &str, reason: impl fmt::Display) -> Self {
        let (path, reason) = (path.to_string(), reason.to_string());
        FatalError::from(FatalDetail::CannotList { path, reason })
    }
    /// Which input is at fault.
    pub fn stage(&self) -> FatalStage {
        self.code.stage()
    }
}

impl fmt::Display for FatalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.detail.write(f, self.task_id.as_deref())
    }
}

impl std::error::Error for FatalError {}

/// Any error as a binding hands it to its language: the stable code, the stage at fault,
/// the task and input line when known, and the rendered message. JavaScript throws it as an
/// `Error` with these fields; every core error converts into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodedError {
    /// Stable snake_case code (one of [`error_catalogue`]).
    pub code: &'static str,
    /// `config`, `gold` or `suite` (fatal errors), `csv`, `cell`, `trust`, or `argument`
    /// (errors about a binding's arguments and objects).
    pub stage: &'static str,
    /// The task concerned, when known.
    pub task_id: Option<String>,
    /// For trust-metric input: the 1-based line at fault.
    pub line: Option<usize>,
    /// The message for people.
    pub message: String,
}

impl CodedError {
    fn new(code: &'static str, stage: &'static str, message: impl Into<String>) -> Self {
        let (task_id, line) = (None, None);
        let message = message.into();
        CodedError {
            code,
            stage,
            task_id,
            line,
            message,
        }
    }
    fn with_task(self, task_id: Option<&str>) -> Self {
        let task_id = task_id.map(str::to_string);
        CodedError { task_id, ..self }
    }
    /// An error with stage `argument`.
    pub fn argument(code: BindingErrorCode, message: impl Into<String>) -> Self {
        CodedError::new(code.code(), "argument", message)
    }
    /// A bad argument (wrong type, out of range, too large) whose message the caller wrote.
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        CodedError::argument(BindingErrorCode::InvalidArgument, message)
    }
    /// A failure of the binding itself (a result that cannot be converted); never expected.
    pub fn internal(message: impl Into<String>) -> Self {
        CodedError::argument(BindingErrorCode::InternalError, message)
    }
    /// A result that cannot be handed to the binding's language (`detail` says why).
    pub fn unconvertible(detail: impl fmt::Display) -> Self {
        CodedError::internal(format!("result cannot be converted: {detail}"))
    }
    /// A task id the suite or submission does not contain.
    pub fn unknown_task(task_id: &str) -> Self {
        let message = format!("the suite has no task {task_id:?}");
        CodedError::argument(BindingErrorCode::UnknownTask, message).with_task(Some(task_id))
    }
    /// A suite summary asked for while `task_id` (the first in order) has no result yet.
    pub fn suite_incomplete(task_id: &str) -> Self {
        let message = format!("task {task_id} has not been scored yet");
        CodedError::argument(BindingErrorCode::SuiteIncomplete, message).with_task(Some(task_id))
    }
    /// A submission report asked for after `checked` of `total` tasks.
    pub fn submission_incomplete(checked: usize, total: usize) -> Self {
        let message = format!(
            "{checked} of {total} tasks checked; check every task before asking for the report"
        );
        CodedError::argument(BindingErrorCode::SuiteIncomplete, message)
    }
}

impl ArgumentError {
    /// [`ArgumentError::Required`].
    pub fn required(what: impl Into<String>) -> CodedError {
        let what = what.into();
        ArgumentError::Required { what }.into()
    }
    /// [`ArgumentError::WrongType`].
    pub fn wrong_type(what: impl Into<String>, expected: impl Into<String>) -> CodedError {
        let (what, expected) = (what.into(), expected.into());
        ArgumentError::WrongType { what, expected }.into()
    }
    /// [`ArgumentError::Unreadable`].
    pub fn unreadable(what: impl Into<String>, detail: impl Into<String>) -> CodedError {
        let (what, detail) = (what.into(), detail.into());
        ArgumentError::Unreadable { what, detail }.into()
    }
}

impl From<ArgumentError> for CodedError {
    fn from(e: ArgumentError) -> Self {
        let code = match e {
            ArgumentError::LoneSurrogate { .. } => BindingErrorCode::LoneSurrogate,
            _ => BindingErrorCode::InvalidArgument,
        };
        CodedError::argument(code, e.to_string())
    }
}

impl From<FatalError> for CodedError {
    fn from(e: FatalError) -> Self {
        let error = CodedError::new(e.code.code(), e.stage().as_str(), e.message());
        error.with_task(e.task_id.as_deref())
    }
}

impl From<CsvError> for CodedError {
    fn from(e: CsvError) -> Self {
        CodedError::new(e.kind.code(), "csv", e.to_string())
    }
}

impl From<CellError> for CodedError {
    fn from(e: CellError) -> Self {
        CodedError::new(e.kind.code(), "cell", e.message())
    }
}

impl fmt::Display for CodedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for CodedError {}

/// A binding argument that cannot be used, with what the message names. `what` is the
/// argument as the caller knows it (`prediction`, `options.maxRows`, `configFiles[3]`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArgumentError {
    /// Absent where required.
    Required {
        /// The argument.
        what: String,
    },
    /// Of the wrong type: `expected` says what it must be (`"a string"`).
    WrongType {
        /// The argument.
        what: String,
        /// What it must be.
        expected: String,
    },
    /// Larger than the binding copies.
    TooLarge {
        /// The argument.
        what: String,
        /// The limit, in bytes.
        limit: usize,
        /// Its size, or a lower bound of it, in bytes.
        at_least: usize,
    },
    /// An array with more than `max` items.
    TooManyItems {
        /// The argument.
        what: String,
        /// The most items accepted.
        max: usize,
    },
    /// Reading it threw (a getter, a revoked proxy, a detached buffer): `detail` is what
    /// the host said.
    Unreadable {
        /// The argument.
        what: String,
        /// The host's explanation.
        detail: String,
    },
    /// Bytes that are not UTF-8 where text is required.
    NotUtf8 {
        /// The argument.
        what: String,
    },
    /// A string with a lone surrogate (no UTF-8 form; converting it would change it).
    LoneSurrogate {
        /// The argument.
        what: String,
    },
    /// A value longer than the CSV reader's cell limit.
    CellTooLong,
    /// A rendering format other than the document formats.
    UnknownFormat {
        /// The format asked for.
        format: String,
    },
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ArgumentError::*;
        match self {
            Required { what } => write!(f, "{what} is required"),
            WrongType { what, expected } => write!(f, "{what} must be {expected}"),
            TooLarge {
                what,
                limit,
                at_least,
            } => write!(
                f,
                "{what} is larger than {limit} bytes (at least {at_least})"
            ),
            TooManyItems { what, max } => write!(f, "{what} has more than {max} items"),
            Unreadable { what, detail } => write!(f, "cannot read {what}: {detail}"),
            NotUtf8 { what } => write!(f, "{what} is not UTF-8"),
            LoneSurrogate { what } => write!(
                f,
                "{what} is a string with a lone surrogate, which has no UTF-8 form; pass bytes instead"
            ),
            CellTooLong => write!(
                f,
                "value is longer than the {}-character cell limit",
                crate::csv::MAX_CELL_CHARACTERS
            ),
            UnknownFormat { format } => write!(
                f,
                "format must be \"text\", \"markdown\", \"html\" or \"csv\", not {format:?}"
            ),
        }
    }
}

impl std::error::Error for ArgumentError {}

/// One entry of the error-code catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CatalogueEntry {
    /// The code.
    pub code: &'static str,
    /// `task` (a record's `error_code`), `csv`, `cell`, `fatal`, `trust`, `binding` (a
    /// binding's arguments and objects) or `output` (the Python CLI's output file).
    pub family: &'static str,
    /// The `stage` of a raised error with this code (`config`, `gold`, `suite`, `csv`,
    /// `cell`, `trust`, `argument`, `output`); `None` for task codes, which are never raised.
    pub stage: Option<&'static str>,
    /// What the code means.
    pub description: &'static str,
}

/// Every stable error code any surface (Rust, Python, JavaScript) can report, grouped by
/// family, each with its stage and one description. `tabeq.error_codes()` and
/// `errorCodes()` return this list.
///
/// ```
/// let catalogue = tabeq::error::error_catalogue();
/// let missing = catalogue.iter().find(|e| e.code == "missing_prediction").unwrap();
/// assert_eq!((missing.family, missing.description), ("task", "No prediction file."));
/// let gold = catalogue.iter().find(|e| e.code == "gold_missing").unwrap();
/// assert_eq!((gold.family, gold.stage), ("fatal", Some("gold")));
/// ```
pub fn error_catalogue() -> Vec<CatalogueEntry> {
    /// `(code, description)` pairs, as `code_enum!` lists them.
    type Codes = &'static [(&'static str, &'static str)];
    // (family, codes, stage); a fatal code's stage depends on the code.
    let families: [(&str, Codes, Option<&str>); 6] = [
        ("task", TaskErrorCode::CODES, None),
        ("csv", CsvErrorKind::CODES, Some("csv")),
        ("cell", CellErrorKind::CODES, Some("cell")),
        ("fatal", FatalCode::CODES, None),
        ("binding", BindingErrorCode::CODES, Some("argument")),
        ("output", OutputErrorCode::CODES, Some("output")),
    ];
    let mut out = Vec::new();
    for (family, codes, stage) in families {
        for &(code, description) in codes {
            let fatal_stage = FatalCode::from_code(code).map(|c| c.stage().as_str());
            out.push(CatalogueEntry {
                code,
                family,
                stage: stage.or(fatal_stage.filter(|_| family == "fatal")),
                description,
            });
        }
    }
    out
}
