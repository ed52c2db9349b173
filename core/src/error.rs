//! Errors and the stable error-code catalogue.
//!
//! Every error kind has a snake_case `code()` that never changes once released; the
//! messages are for people and may change. Per-task codes are exactly the official
//! evaluator's, plus `search_limit_exceeded` (tabeq only); fatal codes say whether the config, the gold or the suite layout is at fault.

use core::fmt;

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

/// A CSV reading error with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    /// What went wrong.
    pub kind: CsvErrorKind,
    /// 1-based record number (the header is record 1), when known.
    pub record: Option<u64>,
    /// A short explanation.
    pub message: String,
}

impl CsvError {
    /// A file over [`MAX_CSV_BYTES`](crate::csv::MAX_CSV_BYTES), refused before it was read:
    /// `size` is its size in bytes when `exact`, else a lower bound (a JavaScript string's
    /// UTF-16 length). With an exact size this is the error `read_table` gives for the bytes.
    pub fn too_large(size: usize, exact: bool) -> CsvError {
        let at_least = if exact { "" } else { "at least " };
        CsvError {
            kind: CsvErrorKind::TooLarge,
            record: None,
            message: format!(
                "CSV exceeds the {}-byte limit ({at_least}{size} bytes)",
                crate::csv::MAX_CSV_BYTES
            ),
        }
    }

    /// The text of a task record's `error` for a prediction the reader refused (what scoring
    /// the bytes writes, so a file refused before reading reads the same).
    pub fn unreadable_prediction(&self) -> String {
        format!("Cannot parse CSV: {self}")
    }
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.record {
            Some(r) => write!(f, "{} (record {}): {}", self.kind.code(), r, self.message),
            None => write!(f, "{}: {}", self.kind.code(), self.message),
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
        out.serialize_field("message", &self.message)?;
        out.end()
    }
}

/// A cell that cannot be read under a column rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellError {
    /// What went wrong.
    pub kind: CellErrorKind,
    /// A short explanation naming the value.
    pub message: String,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.code(), self.message)
    }
}

impl std::error::Error for CellError {}

/// A fatal error: a problem with a trusted input, which stops a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FatalError {
    /// The stable code.
    pub code: FatalCode,
    /// The task it concerns, when known.
    pub task_id: Option<String>,
    /// A message for people.
    pub message: String,
}

impl FatalError {
    /// A new fatal error.
    pub fn new(code: FatalCode, message: impl Into<String>) -> Self {
        FatalError {
            code,
            task_id: None,
            message: message.into(),
        }
    }
    /// Attach the task id.
    pub fn with_task(mut self, task_id: &str) -> Self {
        self.task_id = Some(task_id.to_string());
        self
    }
    /// No gold file: `path` as the caller names it, or (no file system) the task's gold.
    pub fn gold_missing(task_id: &str, path: Option<&str>) -> Self {
        let message = match path {
            Some(p) => format!("Missing CSV file: {p}"),
            None => format!("Missing CSV file: the gold CSV of {task_id}"),
        };
        FatalError::new(FatalCode::GoldMissing, message).with_task(task_id)
    }
    /// A gold file the CSV reader refuses.
    pub fn gold_unreadable(task_id: &str, error: &CsvError) -> Self {
        FatalError::new(
            FatalCode::GoldInvalidCsv,
            format!("cannot read gold CSV for {task_id}: {error}"),
        )
        .with_task(task_id)
    }
    /// Which input is at fault.
    pub fn stage(&self) -> FatalStage {
        self.code.stage()
    }
}

impl fmt::Display for FatalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
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
        let error = CodedError::new(e.code.code(), e.stage().as_str(), e.message);
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
        CodedError::new(e.kind.code(), "cell", e.message)
    }
}

impl From<crate::trust::TrustError> for CodedError {
    fn from(e: crate::trust::TrustError) -> Self {
        let line = e.line;
        CodedError {
            line,
            ..CodedError::new(e.code.code(), "trust", e.message)
        }
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
    use crate::trust::TrustErrorCode;
    /// `(code, description)` pairs, as `code_enum!` lists them.
    type Codes = &'static [(&'static str, &'static str)];
    // (family, codes, stage); a fatal code's stage depends on the code.
    let families: [(&str, Codes, Option<&str>); 7] = [
        ("task", TaskErrorCode::CODES, None),
        ("csv", CsvErrorKind::CODES, Some("csv")),
        ("cell", CellErrorKind::CODES, Some("cell")),
        ("fatal", FatalCode::CODES, None),
        ("trust", TrustErrorCode::CODES, Some("trust")),
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
