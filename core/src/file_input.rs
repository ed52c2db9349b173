//! The evaluator over file arguments as a binding receives them: a file's bytes, no file, or a
//! file refused before it was copied because it is over the limit ([`FileInput`]). Each call
//! parses the config, prepares the gold and scores, validates or explains, with every problem
//! as one [`CodedError`]; a binding only turns its language's values into a `FileInput` and
//! the results and errors back.
//!
//! A file refused for its size gives exactly the record its bytes would give:
//!
//! ```
//! use tabeq::file_input::{FileInput, TaskFiles};
//! let config = br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
//!   "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#;
//! let task = |prediction| TaskFiles { prediction, gold: FileInput::Bytes(b"n\n3\n".to_vec()),
//!     config: FileInput::Bytes(config.to_vec()), config_file_name: Some("task_1.json".into()) };
//! assert!(task(FileInput::Bytes(b"x\n3.0\n".to_vec())).evaluate()?.passed);
//! let size = tabeq::csv::MAX_CSV_BYTES + 1;
//! let refused = task(FileInput::TooLarge { at_least: size, exact: true }).evaluate()?;
//! assert_eq!(refused.error_code.map(|c| c.code()), Some("invalid_prediction_csv"));
//! # Ok::<(), tabeq::error::CodedError>(())
//! ```

use crate::canon::{canonicalize as canonicalize_cell, Canonical};
use crate::config::{config_warnings, ColumnSpec, ConfigWarning};
use crate::cpython_json::{self, Value};
use crate::csv::{MAX_CELL_CHARACTERS, MAX_CSV_BYTES};
use crate::doc::Document;

use crate::error::{ArgumentError, CodedError, CsvError, FatalError};
use crate::evaluate::FileContent;
use crate::explain::{explain as explain_prediction, Diagnosis, ExplainOptions};
use crate::extract::extract_table;
use crate::gold_free_check::{validate_prediction, ValidationReport};
use crate::partial_credit::PartialCredit;
use crate::submission::{SubmissionCheck, TaskCheck};
use crate::suite::SuiteRun;
use crate::{Prediction, PreparedGold, TaskConfig, TaskResult};

/// Largest config (or column) JSON a binding copies. Real configs are a few KB; the bound keeps
/// a hostile argument from exhausting memory.
pub const MAX_CONFIG_BYTES: usize = MAX_CSV_BYTES;

/// Largest inflated member of an archive (a zip of a predictions folder) a page reads: a larger
/// member is reported and skipped, the others are still checked (the scorer refuses a prediction
/// above [`MAX_CSV_BYTES`] anyway). Counted on the bytes actually inflated, never the declared size.
pub const MAX_ARCHIVE_MEMBER_BYTES: usize = MAX_CSV_BYTES;

/// Largest total of inflated bytes read from one archive: past it the remaining members are
/// reported and skipped, so a deflate bomb cannot exhaust a page's memory.
pub const MAX_ARCHIVE_TOTAL_BYTES: usize = 256 * 1024 * 1024;

/// Largest prediction and config a page's share link holds together (before compression); a
/// link that inflates past this (plus its small header) is refused unread.
pub const MAX_SHARE_BYTES: usize = 256 * 1024;

/// Largest header a share link carries (the two file names and sizes as JSON).
pub const MAX_SHARE_HEADER_BYTES: usize = 64 * 1024;

/// A file argument after the binding's type checks, before parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileInput {
    /// No file.
    Missing,
    /// The file's bytes.
    Bytes(Vec<u8>),
    /// Longer than the limit, so not copied: `at_least` is its size in bytes when `exact`,
    /// else a lower bound of it.
    TooLarge {
        /// The size, or a lower bound of it.
        at_least: usize,
        /// Whether `at_least` is the exact size.
        exact: bool,
    },
}

impl FileInput {
    /// `length` bytes, copied by `copy` only when within `limit`.
    pub fn sized(length: usize, limit: usize, copy: impl FnOnce() -> Vec<u8>) -> FileInput {
        if length > limit {
            FileInput::TooLarge {
                at_least: length,
                exact: true,
            }
        } else {
            FileInput::Bytes(copy())
        }
    }

    /// The bytes of a required argument named `what`, within `limit` bytes.
    pub fn required(&self, what: &str, limit: usize) -> Result<&[u8], CodedError> {
        match *self {
            FileInput::Bytes(ref bytes) => Ok(bytes),
            FileInput::Missing => Err(ArgumentError::required(what)),
            FileInput::TooLarge { at_least, .. } => Err(ArgumentError::TooLarge {
                what: what.into(),
                limit,
                at_least,
            }
            .into()),
        }
    }

    /// The text of a required argument named `what`.
    pub fn required_text(&self, what: &str, limit: usize) -> Result<&str, CodedError> {
        std::str::from_utf8(self.required(what, limit)?)
            .map_err(|_| ArgumentError::NotUtf8 { what: what.into() }.into())
    }

    /// Run `f` on this file as a prediction: no file is [`Prediction::Missing`], a file refused
    /// for its size reads as the CSV reader refuses its bytes ([`CsvError::too_large`]).
    pub fn with_prediction<T>(&self, f: impl FnOnce(Prediction<'_>) -> T) -> T {
        match *self {
            FileInput::Missing => f(Prediction::Missing),
            FileInput::Bytes(ref bytes) => f(Prediction::Csv(bytes)),
            FileInput::TooLarge { at_least, exact } => {
                f(Prediction::Invalid(&CsvError::too_large(at_least, exact)))
            }
        }
    }
}

/// A binding's file argument as what was found at a path: a file over the size limit is
/// invalid (a `too_large` CSV error), so it is scored as the evaluator scores such a file.
impl From<FileInput> for FileContent {
    fn from(input: FileInput) -> Self {
        match input {
            FileInput::Bytes(bytes) => FileContent::Bytes(bytes),
            FileInput::Missing => FileContent::Missing,
            FileInput::TooLarge { at_least, exact } => {
                FileContent::Invalid(CsvError::too_large(at_least, exact))
            }
        }
    }
}

/// The stem of a config file name (`task_1.json` → `task_1`), which must equal the task id.
fn config_stem(file_name: &str) -> &str {
    file_name.strip_suffix(".json").unwrap_or(file_name)
}

/// Parse a config file (`file_name`, when given, must be `<task_id>.json`) with the keys the
/// official evaluator ignores.
pub fn parse_config_with_warnings(
    config: &FileInput,
    file_name: Option<&str>,
) -> Result<(TaskConfig, Vec<ConfigWarning>), CodedError> {
    let bytes = config.required("config", MAX_CONFIG_BYTES)?;
    Ok(TaskConfig::from_json_with_warnings(
        bytes,
        file_name.map(config_stem),
    )?)
}

/// Parse a config file (see [`parse_config_with_warnings`]).
pub fn parse_config(config: &FileInput, file_name: Option<&str>) -> Result<TaskConfig, CodedError> {
    parse_config_with_warnings(config, file_name).map(|(config, _)| config)
}

/// Parse a config whose columns may leave out `gold_index` (then their position) and
/// `gold_name` (then `column_<index>`): what a binding's config builder hands over
/// (`file_stem` as for [`TaskConfig::from_json`]).
///
/// ```
/// use tabeq::file_input::parse_config_with_column_defaults;
/// let built = br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
///   "columns": [{"type": "text"}, {"gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#;
/// let (config, warnings) = parse_config_with_column_defaults(built, None)?;
/// assert_eq!(config.columns[0].gold_name, "column_0");
/// assert_eq!((config.columns[1].gold_index, config.columns[1].gold_name.as_str()), (1, "n"));
/// assert!(warnings.is_empty());
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn parse_config_with_column_defaults(
    bytes: &[u8],
    file_stem: Option<&str>,
) -> Result<(TaskConfig, Vec<ConfigWarning>), FatalError> {
    config_with_defaults(bytes, file_stem, |raw| raw)
}

/// A config built from its parts, as a binding's `TaskConfig(columns, order_sensitive=...,
/// task_id=...)` hands them over: a JSON object with `columns` and, when given,
/// `order_sensitive` and `task_id`. The rest are the defaults (`schema_version` `1.0`,
/// `task_1`, not order-sensitive), and the columns get theirs as in
/// [`parse_config_with_column_defaults`].
///
/// ```
/// use tabeq::file_input::config_from_parts;
/// let (config, _) = config_from_parts(br#"{"columns": [{"type": "text"}]}"#)?;
/// assert_eq!((config.task_id.as_str(), config.order_sensitive), ("task_1", false));
/// let (config, _) = config_from_parts(br#"{"columns": [{"type": "date"}], "task_id": "task_3", "order_sensitive": true}"#)?;
/// assert_eq!((config.task_id.as_str(), config.order_sensitive), ("task_3", true));
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn config_from_parts(parts: &[u8]) -> Result<(TaskConfig, Vec<ConfigWarning>), FatalError> {
    config_with_defaults(parts, None, complete_parts)
}

/// [`config_from_parts`] of the parts as a JSON value (a binding's own data, converted).
///
/// ```
/// use tabeq::cpython_json::Value;
/// use tabeq::file_input::config_from_parts_value;
/// let column = Value::Object(vec![("type".into(), Value::Str("text".into()))]);
/// let parts = Value::Object(vec![("columns".into(), Value::Array(vec![column]))]);
/// let (config, _) = config_from_parts_value(parts)?;
/// assert_eq!((config.task_id.as_str(), config.columns[0].gold_name.as_str()), ("task_1", "column_0"));
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn config_from_parts_value(
    parts: Value,
) -> Result<(TaskConfig, Vec<ConfigWarning>), FatalError> {
    with_column_defaults(complete_parts(parts), None)
}

/// The parts with the defaults of what they leave out, in the config's key order.
fn complete_parts(raw: Value) -> Value {
    let Value::Object(mut given) = raw else {
        return raw;
    };
    let defaults = [
        ("schema_version", Value::Str("1.0".into())),
        ("task_id", Value::Str("task_1".into())),
        ("order_sensitive", Value::Bool(false)),
        ("columns", Value::Array(Vec::new())),
    ];
    let mut members: Vec<(String, Value)> = defaults
        .into_iter()
        .map(|(key, default)| {
            let at = given.iter().position(|(k, _)| k == key);
            (key.to_string(), at.map_or(default, |i| given.remove(i).1))
        })
        .collect();
    members.append(&mut given);
    Value::Object(members)
}

/// Parse config JSON, `complete` it, then give its columns their defaults.
fn config_with_defaults(
    bytes: &[u8],
    file_stem: Option<&str>,
    complete: impl FnOnce(Value) -> Value,
) -> Result<(TaskConfig, Vec<ConfigWarning>), FatalError> {
    let parsed = std::str::from_utf8(bytes)
        .ok()
        .and_then(|t| cpython_json::parse(t).ok());
    let Some(raw) = parsed else {
        // Not UTF-8 JSON: the config parser says why.
        return TaskConfig::from_json_with_warnings(bytes, file_stem);
    };
    with_column_defaults(complete(raw), file_stem)
}

/// Give a config value's columns their defaults, then validate it.
fn with_column_defaults(
    mut raw: Value,
    file_stem: Option<&str>,
) -> Result<(TaskConfig, Vec<ConfigWarning>), FatalError> {
    let members = match &mut raw {
        Value::Object(members) => members.as_mut_slice(),
        _ => &mut [],
    };
    for (_, value) in members.iter_mut().filter(|(key, _)| key == "columns") {
        let Value::Array(columns) = value else {
            continue;
        };
        for (index, column) in columns.iter_mut().enumerate() {
            let Value::Object(fields) = column else {
                continue;
            };
            let defaults = [
                ("gold_name", Value::Str(format!("column_{index}"))),
                ("gold_index", Value::Int(index as i64)),
            ];
            for (name, default) in defaults {
                if !fields.iter().any(|(key, _)| key == name) {
                    fields.insert(0, (name.to_string(), default));
                }
            }
        }
    }
    Ok((
        TaskConfig::from_value(&raw, file_stem)?,
        config_warnings(&raw),
    ))
}

/// Read and canonicalize the gold (fatal errors with stage `gold`).
pub fn prepare_gold(gold: FileInput, config: &TaskConfig) -> Result<PreparedGold, CodedError> {
    let task_id = &config.task_id;
    match gold {
        FileInput::Bytes(bytes) => Ok(PreparedGold::new(&bytes, config)?),
        FileInput::Missing => Err(FatalError::gold_missing(task_id, None).into()),
        FileInput::TooLarge { at_least, exact } => {
            Err(FatalError::gold_unreadable(task_id, &CsvError::too_large(at_least, exact)).into())
        }
    }
}

/// Score a prediction against a prepared gold: the official per-task record.
pub fn score(prediction: &FileInput, gold: &PreparedGold) -> TaskResult {
    prediction.with_prediction(|p| gold.evaluate(p))
}

/// The files of one task as a binding receives them, plus the config's file name (when
/// given, it must be `<task_id>.json`, as in a suite).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskFiles {
    /// The prediction.
    pub prediction: FileInput,
    /// The gold ([`FileInput::Missing`] for the gold-less check).
    pub gold: FileInput,
    /// The config JSON.
    pub config: FileInput,
    /// The config's file name, if it has one.
    pub config_file_name: Option<String>,
}

impl TaskFiles {
    fn config(&self) -> Result<TaskConfig, CodedError> {
        parse_config(&self.config, self.config_file_name.as_deref())
    }

    fn gold(self) -> Result<(FileInput, PreparedGold), CodedError> {
        let config = self.config()?;
        Ok((self.prediction, prepare_gold(self.gold, &config)?))
    }

    /// Score the task: the official per-task record.
    pub fn evaluate(self) -> Result<TaskResult, CodedError> {
        let (prediction, gold) = self.gold()?;
        Ok(score(&prediction, &gold))
    }

    /// The gold-less check of the prediction ([`validate_prediction`]); the gold is not read.
    pub fn validate(self) -> Result<ValidationReport, CodedError> {
        let config = self.config()?;
        Ok(self
            .prediction
            .with_prediction(|p| validate_prediction(p, &config)))
    }

    /// Why the prediction fails ([`explain_prediction`]).
    pub fn explain(self, options: &ExplainOptions) -> Result<Diagnosis, CodedError> {
        let (prediction, gold) = self.gold()?;
        Ok(prediction.with_prediction(|p| explain_prediction(p, &gold, options)))
    }

    /// The prepared gold, scored against many predictions.
    pub fn gold_scorer(self) -> Result<GoldScorer, CodedError> {
        let (_, gold) = self.gold()?;
        Ok(GoldScorer {
            gold: gold.for_many_predictions(),
        })
    }
}

/// The reward of a model's answer text against a prepared gold, as the harness adapters give
/// it: the official score (1.0 or 0.0) of the table in the text ([`extract_table`]; no table
/// scores as missing), or with `dense` the row F1 of its partial credit (1.0 exactly when the
/// table passes).
///
/// ```
/// use tabeq::file_input::text_reward;
/// use tabeq::{PreparedGold, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
/// let gold = PreparedGold::new(b"n\n3\n4\n", &config)?;
/// assert_eq!(text_reward(&gold, "```csv\nx\n4\n3\n```", false), 1.0);
/// assert_eq!(text_reward(&gold, "| x |\n|---|\n| 3 |\n| 5 |\n", false), 0.0);
/// assert_eq!(text_reward(&gold, "| x |\n|---|\n| 3 |\n| 5 |\n", true), 0.5);
/// assert_eq!(text_reward(&gold, "I do not know.", true), 0.0);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn text_reward(gold: &PreparedGold, text: &str, dense: bool) -> f64 {
    let table = extract_table(text).csv;
    let prediction = table
        .as_deref()
        .map_or(Prediction::Missing, |csv| Prediction::Csv(csv.as_bytes()));
    match (gold.passes(prediction), dense) {
        (true, _) => 1.0,
        (false, true) => gold.partial_credit(prediction, false).rows.f1,
        (false, false) => 0.0,
    }
}

/// A CSV file as the strict reader sees it: its header, size and first rows, for showing it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "TableView"))]
pub struct TablePreview {
    /// The header row.
    pub headers: Vec<String>,
    /// Data rows in the file.
    pub row_count: usize,
    /// Columns in the file.
    pub column_count: usize,
    /// The first rows shown.
    pub rows: Vec<Vec<String>>,
}

/// The [`TablePreview`] of a CSV file with at most `max_rows` rows; a CSV problem is its CSV
/// error (stage `csv`).
pub fn read_table(csv: FileInput, max_rows: usize) -> Result<TablePreview, CodedError> {
    let table = match csv {
        FileInput::Bytes(bytes) => crate::csv::read_table(&bytes)?,
        FileInput::Missing => return Err(ArgumentError::required("csv")),
        FileInput::TooLarge { at_least, exact } => {
            return Err(CsvError::too_large(at_least, exact).into())
        }
    };
    let strings = |cells: &mut dyn Iterator<Item = &str>| cells.map(String::from).collect();
    Ok(TablePreview {
        headers: table.headers().to_vec(),
        row_count: table.row_count(),
        column_count: table.column_count(),
        rows: (0..table.row_count().min(max_rows))
            .map(|r| strings(&mut table.row(r)))
            .collect(),
    })
}

/// The canonical text of one cell under a column rule given as JSON (`None` for null); a cell
/// error has stage `cell`, a bad rule stage `config`.
pub fn canonicalize(value: &str, column: &FileInput) -> Result<Option<String>, CodedError> {
    if value.chars().count() > MAX_CELL_CHARACTERS {
        return Err(ArgumentError::CellTooLong.into());
    }
    let spec = ColumnSpec::from_json(column.required_text("column", MAX_CONFIG_BYTES)?)?;
    match canonicalize_cell(value, &spec.rule())? {
        Canonical::Null => Ok(None),
        Canonical::Value(s) => Ok(Some(s)),
    }
}

/// A document rendered as `"text"`, `"markdown"`, `"html"` or `"csv"`.
pub fn render_document(document: &Document, format: &str) -> Result<String, CodedError> {
    document.render(format).ok_or_else(|| {
        ArgumentError::UnknownFormat {
            format: format.into(),
        }
        .into()
    })
}

/// A gold read, validated and canonicalized once ([`TaskFiles::gold_scorer`]), scored against
/// many predictions; every result equals [`TaskFiles::evaluate`] (and the partial credit of
/// [`TaskFiles::explain`]) on the same files.
pub struct GoldScorer {
    gold: PreparedGold,
}

impl GoldScorer {
    /// The prepared gold.
    pub fn gold(&self) -> &PreparedGold {
        &self.gold
    }

    /// The official per-task record.
    pub fn result(&self, prediction: &FileInput) -> TaskResult {
        score(prediction, &self.gold)
    }

    /// The official score, 1.0 or 0.0.
    pub fn score(&self, prediction: &FileInput) -> f64 {
        f64::from(u8::from(
            prediction.with_prediction(|p| self.gold.passes(p)),
        ))
    }

    /// The partial credit (the `partial_credit` block of [`explain`]).
    pub fn partial_credit(&self, prediction: &FileInput, strict: bool) -> PartialCredit {
        prediction.with_prediction(|p| self.gold.partial_credit(p, strict))
    }
}

// The suite's and the submission's methods over file arguments live here, with the type they
// take, so the suite layer stays below this surface.
impl SuiteRun {
    /// Score one task from its files and keep the result (again, if it was scored before). A
    /// gold problem is fatal, as in the official evaluator: the caller should stop the run.
    pub fn score_input(
        &mut self,
        task_id: &str,
        prediction: &FileInput,
        gold: FileInput,
    ) -> Result<TaskResult, CodedError> {
        let gold = prepare_gold(gold, self.task_config(task_id)?)?;
        let result = score(prediction, &gold);
        self.record(result.clone());
        Ok(result)
    }
}

impl SubmissionCheck {
    /// Check one task's prediction file (a file refused for its size reads as the CSV reader
    /// refuses it); `unknown_task` for a task id the submission does not contain.
    pub fn check_input(
        &mut self,
        task_id: &str,
        prediction: &FileInput,
    ) -> Result<&TaskCheck, CodedError> {
        let unknown = || CodedError::unknown_task(task_id);
        let config = self.config(task_id).ok_or_else(unknown)?;
        let check = prediction.with_prediction(|p| TaskCheck::of(p, config));
        self.tasks
            .fill(task_id, check)
            .map(|c| &*c)
            .ok_or_else(unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpython_json::{to_tree, Out};
    use crate::suite::{ConfigFile, SuiteRun};

    const CONFIG: &str = r#"{"schema_version": "1.0", "task_id": "task_2", "order_sensitive": false,
        "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "decimal_places", "digits": 1}},
                    {"gold_index": 1, "gold_name": "who", "type": "text"}]}"#;

    fn bytes(s: &str) -> FileInput {
        FileInput::Bytes(s.as_bytes().to_vec())
    }

    fn files(p: &FileInput, gold: FileInput, config: FileInput, name: Option<&str>) -> TaskFiles {
        TaskFiles {
            prediction: p.clone(),
            gold,
            config,
            config_file_name: name.map(String::from),
        }
    }

    fn evaluate(
        p: &FileInput,
        g: FileInput,
        c: FileInput,
        name: Option<&str>,
    ) -> Result<TaskResult, CodedError> {
        files(p, g, c, name).evaluate()
    }

    fn validate(
        p: &FileInput,
        c: FileInput,
        name: Option<&str>,
    ) -> Result<ValidationReport, CodedError> {
        files(p, FileInput::Missing, c, name).validate()
    }

    fn explain(
        p: &FileInput,
        g: FileInput,
        c: FileInput,
        name: Option<&str>,
        o: &ExplainOptions,
    ) -> Result<Diagnosis, CodedError> {
        files(p, g, c, name).explain(o)
    }

    #[test]
    fn evaluate_gives_the_official_record() {
        let result = evaluate(
            &bytes("who,n\nb,2.04\na,1.25\n"),
            bytes("n,who\n1.3,a\n2.0,b\n"),
            bytes(CONFIG),
            None,
        )
        .unwrap();
        assert!(result.passed);
        assert!(to_tree(&result)
            .to_pretty()
            .contains("\"prediction_index\": 1"));
        let e = evaluate(
            &FileInput::Missing,
            FileInput::Missing,
            bytes(CONFIG),
            Some("task_1.json"),
        )
        .unwrap_err();
        assert_eq!((e.code, e.stage), ("config_task_id_mismatch", "config"));
    }

    #[test]
    fn too_large_inputs_are_coded_without_reading_them() {
        let result = evaluate(
            &FileInput::TooLarge {
                at_least: MAX_CSV_BYTES + 1,
                exact: true,
            },
            bytes("n,who\n1,a\n"),
            bytes(CONFIG),
            None,
        )
        .unwrap();
        assert_eq!(
            result.error_code.map(|c| c.code()),
            Some("invalid_prediction_csv")
        );
        let gold = evaluate(
            &FileInput::Missing,
            FileInput::TooLarge {
                at_least: 1 << 30,
                exact: false,
            },
            bytes(CONFIG),
            None,
        )
        .unwrap_err();
        assert_eq!((gold.code, gold.stage), ("gold_invalid_csv", "gold"));
        assert_eq!(gold.task_id.as_deref(), Some("task_2"));
        assert!(gold.message.contains("(at least 1073741824 bytes)"));
        let missing = evaluate(&FileInput::Missing, FileInput::Missing, bytes(CONFIG), None);
        let missing = missing.unwrap_err();
        assert_eq!(
            (missing.code, missing.message.as_str()),
            ("gold_missing", "Missing CSV file: the gold CSV of task_2")
        );
        let config = evaluate(
            &FileInput::Missing,
            FileInput::Missing,
            FileInput::TooLarge {
                at_least: 1,
                exact: false,
            },
            None,
        )
        .unwrap_err();
        assert_eq!(
            (config.code, config.stage),
            ("invalid_argument", "argument")
        );
    }

    #[test]
    fn canonicalize_codes() {
        let column = r#"{"type": "number", "comparison": {"mode": "decimal_places", "digits": 2}, "unit": "fraction", "allow_percent_sign": true}"#;
        assert_eq!(
            canonicalize(" 12.5% ", &bytes(column)).unwrap().as_deref(),
            Some("0.13")
        );
        assert_eq!(canonicalize("NaN", &bytes(column)).unwrap(), None);
        let e = canonicalize("twelve", &bytes(column)).unwrap_err();
        assert_eq!((e.code, e.stage), ("cell_invalid_number", "cell"));
        let e = canonicalize("1", &bytes(r#"{"type": "colour"}"#)).unwrap_err();
        assert_eq!((e.code, e.stage), ("config_invalid", "config"));
        assert_eq!(
            canonicalize("1", &bytes("{")).unwrap_err().code,
            "config_invalid_json"
        );
        let e = canonicalize("1", &FileInput::Bytes(vec![0xff])).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            ("invalid_argument", "column is not UTF-8")
        );
    }

    #[test]
    fn read_table_shows_the_first_rows_or_the_csv_code() {
        let preview = read_table(bytes("a,b\n1,2\n3,4\n5,6\n"), 2).unwrap();
        assert_eq!((preview.row_count, preview.rows.len()), (3, 2));
        assert_eq!(preview.rows[1], ["3", "4"]);
        let e = read_table(bytes("a\n\"x"), 10).unwrap_err();
        assert_eq!((e.code, e.stage), ("csv_unterminated_quote", "csv"));
        let e = read_table(
            FileInput::TooLarge {
                at_least: 1 << 30,
                exact: false,
            },
            10,
        )
        .unwrap_err();
        assert_eq!(e.code, "csv_too_large");
    }

    #[test]
    fn refusing_an_oversized_prediction_before_reading_gives_the_readers_record() {
        let oversized = vec![b'x'; MAX_CSV_BYTES + 3];
        let refused = FileInput::TooLarge {
            at_least: oversized.len(),
            exact: true,
        };
        let read = FileInput::Bytes(oversized);
        let gold = bytes("n,who\n1,a\n");
        let record = |p: &FileInput| evaluate(p, gold.clone(), bytes(CONFIG), None).unwrap();
        assert_eq!(record(&refused), record(&read));
        let check = |p: &FileInput| validate(p, bytes(CONFIG), None).unwrap().to_json();
        assert_eq!(check(&refused), check(&read));
        let options = ExplainOptions::default();
        let diagnose = |p: &FileInput| {
            explain(p, gold.clone(), bytes(CONFIG), None, &options)
                .unwrap()
                .to_json()
        };
        assert_eq!(diagnose(&refused), diagnose(&read));
        let fatal =
            |g: FileInput| evaluate(&FileInput::Missing, g, bytes(CONFIG), None).unwrap_err();
        assert_eq!(fatal(refused), fatal(read));
    }

    #[test]
    fn gold_scorer_results_equal_evaluate() {
        let config = || bytes(CONFIG);
        let scorer = files(&FileInput::Missing, bytes("n,who\n3,a\n"), config(), None)
            .gold_scorer()
            .unwrap();
        for prediction in [
            FileInput::Missing,
            bytes("x,y\n3.0,a\n"),
            bytes("x,y\n4,a\n"),
            FileInput::TooLarge {
                at_least: 1 << 30,
                exact: false,
            },
        ] {
            let direct = evaluate(&prediction, bytes("n,who\n3,a\n"), config(), None).unwrap();
            assert_eq!(scorer.result(&prediction), direct);
        }
        assert_eq!(scorer.score(&bytes("x,y\n3,a\n")), 1.0);
        let credit = to_tree(&scorer.partial_credit(&bytes("x,y\n3,a\n"), false));
        assert!(matches!(credit, Out::Object(_)));
        let fatal = files(&FileInput::Missing, bytes("n,who\nx,a\n"), config(), None).gold_scorer();
        assert_eq!(fatal.err().map(|f| f.stage), Some("gold"));
    }

    #[test]
    fn a_prediction_names_its_missing_path_and_scores_unreadable_files() {
        let config = parse_config(&bytes(CONFIG), None).unwrap();
        let gold = PreparedGold::new(b"n,who\n1,a\n", &config).unwrap();
        let named = "Missing prediction CSV: p/task_2/prediction.csv";
        let missing = Prediction::MissingAt("p/task_2/prediction.csv");
        assert_eq!(gold.evaluate(missing).error.as_deref(), Some(named));
        let check = validate_prediction(missing, &config);
        assert_eq!(check.error.as_deref(), Some(named));
        let options = ExplainOptions::default();
        let diagnosis = explain_prediction(missing, &gold, &options);
        assert_eq!(diagnosis.result.error.as_deref(), Some(named));
        assert!(!gold.passes(missing) && gold.passes(Prediction::Csv(b"a,b\n1,a\n")));
        // What a binding found at a path reads as it found it; a file refused for its size
        // before it was copied reads as the reader refuses its bytes.
        let link = CsvError::file(
            "p/task_2/prediction.csv",
            crate::file_problem::FileProblem::Link,
        );
        // A file problem reads in the official words: the path, no code prefix.
        let unreadable = gold.evaluate(Prediction::Invalid(&link));
        assert_eq!(unreadable.error, Some(link.message()));
        assert_eq!(
            link.message(),
            "Symbolic links are not allowed: p/task_2/prediction.csv"
        );
        let refused = CsvError::too_large(MAX_CSV_BYTES + 1, true);
        let unreadable = gold.evaluate(Prediction::Invalid(&refused));
        assert_eq!(unreadable.error, Some(refused.unreadable_prediction()));
        let status =
            |p: Prediction<'_>| p.column_signature(b"n\n1\n", false).unwrap().status.code();
        assert_eq!(status(Prediction::Missing), "missing_prediction");
        assert_eq!(status(Prediction::Invalid(&refused)), "no_match");
        assert_eq!(status(Prediction::Csv(b"x\n1\n")), "perfect_match");
        let bad_gold = Prediction::Missing.column_signature(b"a\n\"", false);
        assert_eq!(bad_gold.unwrap_err().code.code(), "gold_invalid_csv");
    }

    #[test]
    fn suite_runs_task_by_task() {
        let file = |n: u32| ConfigFile {
            name: format!("task_{n}.json"),
            bytes: CONFIG.replace("task_2", &format!("task_{n}")).into_bytes(),
        };
        let mut suite =
            SuiteRun::new(&[file(10), file(9)], ["task_9", "task_11", "notes"]).unwrap();
        assert_eq!(
            suite.finished_summary().unwrap_err().code,
            "suite_incomplete"
        );
        suite
            .score_input("task_9", &bytes("a,b\n1,x\n"), bytes("n,who\n1,x\n"))
            .unwrap();
        suite
            .score_input("task_10", &FileInput::Missing, bytes("n,who\n1,x\n"))
            .unwrap();
        let e = suite
            .score_input("task_3", &FileInput::Missing, FileInput::Missing)
            .unwrap_err();
        assert_eq!(e.code, "unknown_task");
        let summary = suite.finished_summary().unwrap();
        assert_eq!(summary.passed_task_count(), 1);
        assert!(summary
            .to_json()
            .contains("\"unscored_prediction_tasks\": [\n    \"task_11\"\n  ]"));
    }
}
