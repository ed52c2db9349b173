//! Errors of the rules layer: a cell that does not read under its column rule
//! ([`CellError`]), and a broken trusted input ([`FatalError`]: the config, which this layer
//! reads, the gold and the suite layout, which the layers above report with the same type).

use core::fmt;

use crate::codes::code_enum;
use crate::csv::CsvError;
use crate::file_problem::FileProblem;

code_enum! {
    /// Why one cell cannot be read under a column rule.
    CellErrorKind as "CellErrorCode" {
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
    FatalCode as "FatalErrorCode" {
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
    /// A required key is `null` (`config_unsupported_schema` for `schema_version`,
    /// `config_invalid_task_id` for `task_id`, `config_invalid` for the others). A null
    /// optional key is taken as absent instead.
    NullRequiredKey {
        /// The key.
        key: &'static str,
        /// The column it is in (`None` at the top level and for a column read alone).
        column: Option<usize>,
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
    /// `suite_missing_directory`: something other than a directory (a file) is at the `what`
    /// directory's path.
    NotADirectory {
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
    /// `suite_no_configs`: the config directory at `path` holds no `task_*.json` file.
    NoConfigsIn {
        /// The config directory.
        path: String,
    },
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
            D::UnsupportedSchema { .. }
            | D::NullRequiredKey {
                key: "schema_version",
                ..
            } => C::ConfigUnsupportedSchema,
            D::NullRequiredKey { key: "task_id", .. } => C::ConfigInvalidTaskId,
            D::InvalidTaskId { .. } => C::ConfigInvalidTaskId,
            D::TaskIdMismatch { .. } => C::ConfigTaskIdMismatch,
            D::ConfigNotAnObject
            | D::InvalidOrderSensitive { .. }
            | D::NoColumns
            | D::ColumnNotAnObject { .. }
            | D::GoldIndexNotContiguous { .. }
            | D::MissingComparison { .. }
            | D::InvalidColumnField { .. }
            | D::NullRequiredKey { .. } => C::ConfigInvalid,
            D::LoadingConfig { cause, .. } | D::InBatch { cause, .. } => cause.code(),
            D::GoldNotGiven => C::GoldMissing,
            D::GoldFile {
                problem: FileProblem::TooLarge { .. },
                ..
            }
            | D::GoldCsv(_) => C::GoldInvalidCsv,
            D::GoldFile { .. } => C::GoldMissing,
            D::GoldColumnCount { .. } => C::GoldColumnCountMismatch,
            D::GoldCell { .. } => C::GoldCellInvalid,
            D::MissingDirectory { .. } | D::NotADirectory { .. } | D::CannotList { .. } => {
                C::SuiteMissingDirectory
            }
            D::NoConfigs | D::NoConfigsIn { .. } => C::SuiteNoConfigs,
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
            D::NullRequiredKey { key, column: None } => {
                write!(f, "required key `{key}` is null")
            }
            D::NullRequiredKey {
                key,
                column: Some(index),
            } => write!(f, "required key `{key}` of column {index} is null"),
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
            D::NotADirectory { what, path } => {
                write!(f, "The {what} path is not a directory: {path}")
            }
            D::NoConfigs => f.write_str("No task configs found"),
            D::NoConfigsIn { path } => write!(f, "No task configs (task_*.json) found in {path}"),
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
    /// A suite directory's path (`what`: `config`, `gold root`, ...) where something other than a
    /// directory is.
    pub fn not_a_directory(what: &str, path: &str) -> Self {
        let (what, path) = (what.to_string(), path.to_string());
        FatalError::from(FatalDetail::NotADirectory { what, path })
    }
    /// A config directory at `path` without any `task_*.json` file.
    pub fn no_configs_in(path: &str) -> Self {
        let path = path.to_string();
        FatalError::from(FatalDetail::NoConfigsIn { path })
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
