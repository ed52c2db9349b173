//! Errors as callers receive them, and the stable error-code families.
//!
//! Every error kind has a snake_case `code()` that never changes once released; the
//! messages are for people and may change. Each error type lives in the layer that raises it
//! (the CSV reader's [`CsvError`] in [`crate::csv`], [`CellError`] and [`FatalError`] in
//! [`crate::config`], [`TaskErrorCode`] in [`crate::evaluate`]) and is named here too. Per-task
//! codes are exactly the official evaluator's, plus `search_limit_exceeded` (tabeq only);
//! fatal codes say whether the config, the gold or the suite layout is at fault. This module
//! adds what a binding hands its language: [`CodedError`] (any error as a code, stage and
//! message), [`ArgumentError`] and the [`BindingErrorCode`]s, and the catalogue of every code
//! ([`error_catalogue`]; the trust metrics crate adds its family on top).

use core::fmt;

pub(crate) use crate::codes::code_enum;
pub use crate::config::{
    CellError, CellErrorKind, ColumnField, FatalCode, FatalDetail, FatalError, FatalStage,
};
pub use crate::csv::{CsvError, CsvErrorKind, CsvProblem, InputProblem, TrustInputProblem};
pub use crate::evaluate::TaskErrorCode;
pub use crate::file_problem::OutputErrorCode;
pub use crate::fixit::SubmissionCode;
pub use messages::{
    render_message, render_message_named, words, MessageCode, MessageData, MessageValue,
};

mod messages;

code_enum! {
    /// Errors a binding raises about its own arguments and objects (never about a task).
    BindingErrorCode as "BindingErrorCode" {
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
        /// JavaScript in a browser: a function of the explain or submission module called before
        /// that module was loaded (`init` without it and no `loadModule` yet).
        ModuleNotLoaded => "module_not_loaded",
    }
}

code_enum! {
    /// The Spider 2.0 profile's codes (crate `tabeq-spider2`, `docs/spec/spider2.md`): why a
    /// comparison scores 0 as the official raises, and the notes and soundness warnings it adds.
    /// Listed here so the one catalogue holds every code a surface reports.
    Spider2Code {
        /// A Spider 2.0 CSV is empty or blank (pandas' EmptyDataError: no columns to parse).
        CsvNoColumns => "spider2_csv_no_columns",
        /// A quoted field of a Spider 2.0 CSV runs to the end of the file.
        CsvUnterminatedQuote => "spider2_csv_unterminated_quote",
        /// A record of a Spider 2.0 CSV has more fields than the records before it.
        CsvTooManyFields => "spider2_csv_too_many_fields",
        /// A Spider 2.0 CSV is not UTF-8.
        CsvNotUtf8 => "spider2_csv_not_utf8",
        /// condition_cols is not a list of column positions (or of lists of them).
        ConditionColsInvalid => "spider2_condition_cols_invalid",
        /// condition_cols names a column the gold lacks (the official's iloc raises: score 0).
        ConditionColsOutOfRange => "spider2_condition_cols_out_of_range",
        /// A list of lists of condition_cols has no entry for a gold that is compared.
        ConditionColsTooShort => "spider2_condition_cols_too_short",
        /// Note: one gold and a flat condition_cols list, of which the official uses only the first entry.
        ConditionColsFirstOnly => "spider2_condition_cols_first_only",
        /// Warning: a pass in which one prediction column serves several gold columns.
        SharedPredictionColumn => "spider2_shared_prediction_column",
        /// Warning: a pass that holds only because ignore_order sorts each column on its own (no
        /// prediction row corresponds to each gold row).
        RowsDoNotCorrespond => "spider2_rows_do_not_correspond",
        /// A line of the Spider 2.0 eval file is not a JSON object with an instance_id.
        EvalFileInvalid => "spider2_eval_file_invalid",
        /// Spider 2.0-Snow's run: an eval line without condition_cols or ignore_order (its
        /// evaluate.py reads both with [...]: a KeyError, the instance scores 0).
        EvalKeyMissing => "spider2_eval_key_missing",
    }
}

code_enum! {
    /// The KDD Cup 2026 Phase-1 profile's codes (crate `tabeq-kddcup`, `docs/spec/kddcup.md`):
    /// why a scoring run cannot go on, as the official `dabench score-run` stops (exit 2).
    KddcupCode {
        /// A negative penalty weight (the official: `penalty_weight must be non-negative.`).
        PenaltyNegative => "kddcup_penalty_negative",
        /// The predictions folder does not exist.
        PredictionsDirMissing => "kddcup_predictions_dir_missing",
        /// The gold folder does not exist.
        GoldDirMissing => "kddcup_gold_dir_missing",
        /// No `task_*/gold.csv` file under the gold folder.
        NoGold => "kddcup_no_gold",
        /// A task's gold CSV does not exist.
        GoldMissing => "kddcup_gold_missing",
        /// A task's gold CSV cannot be opened.
        GoldUnreadable => "kddcup_gold_unreadable",
        /// A task's gold CSV cannot be read as the official reads it (ragged, not UTF-8, no header).
        GoldInvalid => "kddcup_gold_invalid",
        /// A task folder name whose suffix Python calls digits but `int()` refuses (`task_²`): the official stops.
        TaskIdInvalid => "kddcup_task_id_invalid",
        /// A task's `task.json` is not UTF-8 (the official stops with a UnicodeDecodeError).
        TaskJsonNotUtf8 => "kddcup_task_json_not_utf8",
        /// A file larger than the profile's bound (`tabeq_kddcup::MAX_CSV_BYTES`).
        TooLarge => "kddcup_too_large",
    }
}

code_enum! {
    /// The text-to-SQL result profile's codes (crate `tabeq-sql`, `docs/spec/sql.md`): a result
    /// the official functions cannot score, a search that reached its bound, or a cell a binding
    /// cannot hand over as a typed value. Raised by `tabeq.sql` as `SqlError`.
    SqlCode {
        /// A result's rows do not all have the first row's length (the official raises or misreads).
        RaggedRows => "sql_ragged_rows",
        /// result_eq's search reached its work bound without a verdict (never seen on real results).
        WorkBound => "sql_work_bound",
        /// Soft-F1: an empty gold row is paired with a predicted row (the official raises ZeroDivisionError).
        EmptyGoldRow => "sql_empty_gold_row",
        /// A cell holds an int outside the 64-bit range.
        IntOutOfRange => "sql_int_out_of_range",
        /// A cell of a type a database result does not hold (not None, bool, int, float, str or bytes).
        UnsupportedValue => "sql_unsupported_value",
    }
}

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
    pub(crate) fn new(code: &'static str, stage: &'static str, message: impl Into<String>) -> Self {
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
    /// A text-to-SQL result the `sql` profile refuses (stage `sql`).
    pub fn sql(code: SqlCode, message: impl Into<String>) -> Self {
        CodedError::new(code.code(), "sql", message)
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
///
/// ```
/// use tabeq::error::ArgumentError;
/// let e = ArgumentError::UnknownFormat { format: "pdf".into() };
/// assert_eq!(e.to_string(), r#"format must be "text", "markdown", "html" or "csv", not "pdf""#);
/// ```
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
            UnknownFormat { format } => {
                let [first @ .., last] = crate::doc::Format::ALL.map(|f| format!("{:?}", f.name()));
                write!(
                    f,
                    "format must be {} or {last}, not {format:?}",
                    first.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for ArgumentError {}

/// One entry of the error-code catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ErrorCodeEntry"))]
pub struct CatalogueEntry {
    /// The code.
    pub code: &'static str,
    /// `task` (a record's `error_code`), `csv`, `cell`, `fatal`, `trust`, `binding` (a
    /// binding's arguments and objects), `output` (the Python CLI's output file), `submission`
    /// (the check of a predictions folder), `spider2` (the Spider 2.0 profile), `kddcup` (the KDD
    /// Cup 2026 Phase-1 profile) or `sql` (the text-to-SQL result profile).
    pub family: &'static str,
    /// The `stage` of a raised error with this code (`config`, `gold`, `suite`, `csv`,
    /// `cell`, `trust`, `argument`, `output`, `submission`, `spider2`, `kddcup`, `sql`); `None` for
    /// task codes,
    /// which are never raised.
    pub stage: Option<&'static str>,
    /// What the code means.
    pub description: &'static str,
}

/// Every stable error code any surface (Rust, Python, JavaScript) can report, grouped by
/// family, each with its stage and one description. `tabeq.error_codes()` and
/// `errorCodes()` return this list with the trust family (`tabeq_trust::error_catalogue`),
/// which the trust metrics crate adds on top.
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
    let families: [(&str, Codes, Option<&str>); 10] = [
        ("task", TaskErrorCode::CODES, None),
        ("csv", CsvErrorKind::CODES, Some("csv")),
        ("cell", CellErrorKind::CODES, Some("cell")),
        ("fatal", FatalCode::CODES, None),
        ("binding", BindingErrorCode::CODES, Some("argument")),
        ("output", OutputErrorCode::CODES, Some("output")),
        ("submission", SubmissionCode::CODES, Some("submission")),
        ("spider2", Spider2Code::CODES, Some("spider2")),
        ("kddcup", KddcupCode::CODES, Some("kddcup")),
        ("sql", SqlCode::CODES, Some("sql")),
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
