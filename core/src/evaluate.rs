//! Evaluating one task: gold preparation (fatal on error), prediction reading, canonical
//! columns per distinct rule, and the official result record.
//!
//! ```
//! use tabeq::config::TaskConfig;
//! use tabeq::evaluate::{evaluate_task, Prediction};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [
//!     {"gold_index": 0, "gold_name": "region", "type": "text"},
//!     {"gold_index": 1, "gold_name": "gdp", "type": "number", "comparison": {"mode": "decimal_places", "digits": 1}}]}"#, None).unwrap();
//! let gold = b"region,gdp\nNorth,1.25\nSouth,2\n";
//! let prediction = b"GDP,Region\n2.0,South\n1.3,North\n";
//! let result = evaluate_task(Prediction::Csv(prediction), gold, &config).unwrap();
//! assert!(result.passed);
//! assert_eq!(result.column_mapping, Some(vec![1, 0]));
//! ```

use std::borrow::Cow;

use crate::codes::code_enum;
use crate::config::TaskConfig;
use crate::config::{FatalDetail, FatalError};
use crate::csv::{read_table, read_table_into_within, read_table_within, Limits, Table};
use crate::csv::{CsvError, CsvErrorKind, InputProblem};
use crate::hashed_pass::{self, GoldHashes};
use crate::matching::{match_columns, MatchInput, MatchOutcome, ValueId};
use crate::official_csv::official_csv_problem_within;
use crate::parallel::{self, InTurn, Parallel};
use crate::partial_credit::GoldSignatures;
use crate::rule_values::{ColumnRead, RuleValues, Unreadable};

code_enum! {
    /// Why a task failed. These are the official evaluator's `error_code` values, plus
    /// `search_limit_exceeded` (tabeq only, see `docs/spec/evaluation.md`).
    TaskErrorCode as "TaskErrorCode" {
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

std::thread_local! {
    /// Prediction columns read under each rule: buffers reused by this thread's next prediction.
    static READS: std::cell::Cell<Vec<Vec<ColumnRead>>> = const { std::cell::Cell::new(Vec::new()) };
    /// The prediction table [`PreparedGold::passes`] reads CSV bytes into, kept for the next.
    static TABLE: std::cell::Cell<Option<Table>> = const { std::cell::Cell::new(None) };
}

/// Largest prediction (bytes) whose table's buffers a thread keeps for the next one.
const KEEP_TABLE_BYTES: usize = 64 * 1024;

/// Parts a rule's columns are cut into when a task's parts run at once.
const COLUMN_PARTS: usize = 4;

/// Every column index a table may have, for reading all of a table's columns.
static ALL_COLUMNS: [usize; crate::csv::MAX_CSV_COLUMNS] = {
    let mut all = [0; crate::csv::MAX_CSV_COLUMNS];
    let mut i = 0;
    while i < all.len() {
        all[i] = i;
        i += 1;
    }
    all
};

/// A prediction as a binding hands it over: the one prediction type of the core. Every
/// scorer (evaluate, passes, explain, partial credit, the gold-less check) takes it, and the
/// core writes every message about it (see [`Prediction::read`]).
///
/// ```
/// use tabeq::{csv::CsvError, Prediction, PreparedGold, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "a", "type": "text"}]}"#, None)?;
/// let gold = PreparedGold::new(b"a\nx\n", &config)?;
/// assert!(gold.evaluate(Prediction::Csv(b"b\nx\n")).passed);
/// let at = gold.evaluate(Prediction::MissingAt("p/task_1/prediction.csv"));
/// assert_eq!(at.error.as_deref(), Some("Missing prediction CSV: p/task_1/prediction.csv"));
/// assert_eq!(gold.evaluate(Prediction::Missing).error.as_deref(), Some("Missing prediction CSV"));
/// // A file refused for its size before it was copied reads as the reader refuses its bytes.
/// let refused = CsvError::too_large(tabeq::csv::MAX_CSV_BYTES + 1, true);
/// let record = gold.evaluate(Prediction::Invalid(&refused));
/// assert_eq!(record.error, Some(format!("Cannot parse CSV: {refused}")));
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Prediction<'a> {
    /// No prediction file.
    Missing,
    /// No prediction file at this path (as the caller shows it): the record names it, as the
    /// official suite does.
    MissingAt(&'a str),
    /// A prediction that cannot be read, with its CSV problem: what the caller found at its
    /// path (not a regular file, a symbolic link, over the size limit: [`CsvError::file`]),
    /// or what the reader says of bytes refused before they were copied
    /// ([`CsvError::too_large`]). Scored as `invalid_prediction_csv`.
    Invalid(&'a CsvError),
    /// The file's bytes.
    Csv(&'a [u8]),
    /// The bytes of the file read at a path (as the caller shows it): when the reader refuses
    /// them, the record says so in the official evaluator's words, which name the path and the
    /// problem it meets first ([`crate::official_csv`]).
    CsvAt(&'a [u8], &'a str),
    /// An already-read table.
    Table(&'a Table),
}

/// What a binding found at a file's path, owned: the file's bytes, no file, or a file it could
/// not use (not a regular file, a symbolic link, over the size limit, unreadable: its CSV
/// problem). A binding reads a prediction into it and hands it over as a [`Prediction`]
/// ([`FileContent::prediction_at`]); the trust metrics' manifests take it for every file.
///
/// ```
/// use tabeq::evaluate::FileContent;
/// use tabeq::{Prediction, PreparedGold, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "a", "type": "text"}]}"#, None)?;
/// let gold = PreparedGold::new(b"a\nx\n", &config)?;
/// let found = FileContent::Missing;
/// let record = gold.evaluate(found.prediction_at("p/task_1/prediction.csv"));
/// assert_eq!(record.error.as_deref(), Some("Missing prediction CSV: p/task_1/prediction.csv"));
/// assert!(gold.evaluate(FileContent::Bytes(b"b\nx\n".to_vec()).prediction()).passed);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileContent {
    /// The file's bytes.
    Bytes(Vec<u8>),
    /// No such file.
    Missing,
    /// Exists but cannot be used (not a regular file, too large, unreadable).
    Invalid(CsvError),
}

impl FileContent {
    /// The prediction read at `path` (as the caller shows it): the record names the path when
    /// there is no file or its CSV does not read, as the official suite's record does.
    pub fn prediction_at<'a>(&'a self, path: &'a str) -> Prediction<'a> {
        match self {
            FileContent::Bytes(bytes) => Prediction::CsvAt(bytes, path),
            FileContent::Missing => Prediction::MissingAt(path),
            FileContent::Invalid(e) => Prediction::Invalid(e),
        }
    }

    /// The prediction, its record naming no path.
    pub fn prediction(&self) -> Prediction<'_> {
        match self {
            FileContent::Bytes(bytes) => Prediction::Csv(bytes),
            FileContent::Missing => Prediction::Missing,
            FileContent::Invalid(e) => Prediction::Invalid(e),
        }
    }
}

/// Why a prediction has no table, as its task record says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread<'a> {
    /// `missing_prediction` or `invalid_prediction_csv`.
    pub code: TaskErrorCode,
    /// The record's `error`, as the official evaluator words it.
    pub message: String,
    /// For `invalid_prediction_csv`, the CSV problem.
    pub csv_error: Option<Cow<'a, CsvError>>,
}

impl Unread<'_> {
    /// Whether there is no file at all (`missing_prediction`).
    pub fn is_missing(&self) -> bool {
        self.code == TaskErrorCode::MissingPrediction
    }
}

impl<'a> Prediction<'a> {
    /// The prediction's table (CSV bytes are parsed here, once), or why it has none.
    ///
    /// ```
    /// use tabeq::Prediction;
    /// assert_eq!(Prediction::Csv(b"a\n1\n").read().unwrap().row_count(), 1);
    /// let broken = Prediction::Csv(b"a\n\"1\n").read().unwrap_err();
    /// assert_eq!(broken.code.code(), "invalid_prediction_csv");
    /// assert!(broken.message.starts_with("Cannot parse CSV: csv_unterminated_quote"));
    /// ```
    pub fn read(self) -> Result<Cow<'a, Table>, Unread<'a>> {
        self.read_within(&Limits::OFFICIAL)
    }

    /// [`Self::read`], CSV bytes read within `limits` (see [`Limits`]).
    ///
    /// ```
    /// use tabeq::{csv::Limits, Prediction};
    /// let rows = "n\n".to_string() + &"1\n".repeat(100_001);
    /// let prediction = || Prediction::Csv(rows.as_bytes());
    /// assert_eq!(prediction().read().unwrap_err().code.code(), "invalid_prediction_csv");
    /// assert_eq!(prediction().read_within(&Limits::LIFTED).unwrap().row_count(), 100_001);
    /// ```
    pub fn read_within(self, limits: &Limits) -> Result<Cow<'a, Table>, Unread<'a>> {
        self.read_within_into(limits, Table::default())
    }

    /// [`Self::read_within`], a CSV read into `table`'s buffers.
    fn read_within_into(
        self,
        limits: &Limits,
        mut table: Table,
    ) -> Result<Cow<'a, Table>, Unread<'a>> {
        let mut read = |bytes: &[u8]| read_table_into_within(bytes, &mut table, limits);
        let missing = |message: String| Unread {
            code: TaskErrorCode::MissingPrediction,
            message,
            csv_error: None,
        };
        let invalid = |message: String, error: Cow<'a, CsvError>| Unread {
            code: TaskErrorCode::InvalidPredictionCsv,
            message,
            csv_error: Some(error),
        };
        match self {
            Prediction::Missing => Err(missing("Missing prediction CSV".into())),
            Prediction::MissingAt(path) => {
                Err(missing(crate::file_problem::missing_prediction(path)))
            }
            // A problem the reader itself reports reads as when the reader met it.
            Prediction::Invalid(e) if e.is_reader_problem() => {
                Err(invalid(e.unreadable_prediction(), Cow::Borrowed(e)))
            }
            // A file the caller refused: the official words, path included, no code prefix.
            Prediction::Invalid(e) if matches!(e.problem(), InputProblem::File { .. }) => {
                Err(invalid(e.message(), Cow::Borrowed(e)))
            }
            Prediction::Invalid(e) => Err(invalid(e.to_string(), Cow::Borrowed(e))),
            Prediction::Csv(bytes) => match read(bytes) {
                Ok(()) => Ok(Cow::Owned(table)),
                Err(e) => Err(invalid(e.unreadable_prediction(), Cow::Owned(e))),
            },
            Prediction::CsvAt(bytes, path) => match read(bytes) {
                Ok(()) => Ok(Cow::Owned(table)),
                Err(e) => {
                    let official = official_csv_problem_within(bytes, path, limits);
                    let message = official.unwrap_or_else(|| e.unreadable_prediction());
                    Err(invalid(message, Cow::Owned(e)))
                }
            },
            Prediction::Table(table) => Ok(Cow::Borrowed(table)),
        }
    }

    /// About the bytes of work reading it is (none when there is no table).
    fn work_bytes(&self) -> usize {
        match self {
            Prediction::Csv(bytes) | Prediction::CsvAt(bytes, _) => bytes.len(),
            Prediction::Table(table) => table.work_bytes(),
            Prediction::Missing | Prediction::MissingAt(_) | Prediction::Invalid(_) => 0,
        }
    }

    /// The KDD Cup 2026 phase-1 column-signature score against a gold CSV (no config needed):
    /// a prediction without a readable table scores `no_match` (`missing_prediction` when
    /// there is no file); a gold that does not read is fatal.
    ///
    /// ```
    /// use tabeq::Prediction;
    /// let status = |p: Prediction| p.column_signature(b"n\n1\n", false).unwrap().status.code();
    /// assert_eq!(status(Prediction::Csv(b"x\n1\n")), "perfect_match");
    /// assert_eq!(status(Prediction::MissingAt("p/prediction.csv")), "missing_prediction");
    /// assert_eq!(status(Prediction::Csv(b"\"x\n")), "no_match");
    /// ```
    pub fn column_signature(
        self,
        gold_csv: &[u8],
        strict: bool,
    ) -> Result<crate::partial_credit::ColumnSignatureScore, FatalError> {
        use crate::partial_credit::{column_signature, ColumnSignatureScore};
        let gold = read_table(gold_csv).map_err(|e| FatalError::from(FatalDetail::GoldCsv(e)))?;
        Ok(match self.read() {
            Ok(table) => column_signature(Some(&table), &gold, strict),
            Err(unread) if unread.is_missing() => column_signature(None, &gold, strict),
            Err(_) => ColumnSignatureScore::unreadable(gold.column_count(), false, strict),
        })
    }
}

/// The official per-task record, plus a machine-readable detail for CSV errors.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "TaskResultJson"))]
pub struct TaskResult {
    /// The task id.
    pub task_id: String,
    /// Whether the prediction equals the gold.
    pub passed: bool,
    /// Whether rows were compared in order.
    pub order_sensitive: bool,
    /// Gold columns.
    pub gold_column_count: usize,
    /// Prediction columns (0 when unreadable or missing).
    pub prediction_column_count: usize,
    /// Gold data rows.
    pub gold_row_count: usize,
    /// Prediction data rows (0 when unreadable or missing).
    pub prediction_row_count: usize,
    /// The first passing mapping: prediction index for each gold column.
    pub column_mapping: Option<Vec<usize>>,
    /// Why the task failed.
    pub error_code: Option<TaskErrorCode>,
    /// A message for people.
    pub error: Option<String>,
    /// For `invalid_prediction_csv`, the CSV problem.
    pub csv_error: Option<CsvErrorKind>,
}

impl TaskResult {
    /// 1 when passed, else 0.
    pub fn score(&self) -> u8 {
        self.passed as u8
    }

    /// The official dict as pretty JSON (`json.dumps(record, indent=2, ensure_ascii=False)`).
    ///
    /// ```
    /// use tabeq::{evaluate_task, Prediction, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let result = evaluate_task(Prediction::Missing, b"n\nx\n", &config)?;
    /// assert!(result.to_json().starts_with("{\n  \"task_id\": \"task_1\",\n  \"passed\": false,\n  \"score\": 0,"));
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn to_json(&self) -> String {
        crate::cpython_json::to_tree(self).to_pretty()
    }
}

impl TaskResult {
    /// The record for people: the verdict, the error in words and the counts.
    ///
    /// ```
    /// use tabeq::{evaluate_task, Prediction, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let doc = evaluate_task(Prediction::Missing, b"n\nx\n", &config)?.document();
    /// assert_eq!(doc.title, "task_1: failed (missing_prediction)");
    /// assert!(doc.to_text().contains("error:   missing_prediction — No prediction file."));
    /// assert!(doc.to_text().contains("order:   ignored (rows compared as a multiset)"));
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn document(&self) -> crate::doc::Document {
        use crate::doc::{Block, Document};
        let title = match self.error_code {
            None => format!("{}: passed", self.task_id),
            Some(code) => format!("{}: failed ({})", self.task_id, code.code()),
        };
        let order = if self.order_sensitive {
            "matters (rows compared as a sequence)"
        } else {
            "ignored (rows compared as a multiset)"
        };
        let mut facts = vec![
            (
                "verdict".to_string(),
                if self.passed { "passed" } else { "failed" }.to_string(),
            ),
            ("score".to_string(), self.score().to_string()),
            ("order".to_string(), order.to_string()),
        ];
        if let Some(code) = self.error_code {
            facts.push((
                "error".into(),
                format!("{} — {}", code.code(), code.description()),
            ));
        }
        if let Some(message) = &self.error {
            facts.push(("message".into(), message.clone()));
        }
        let counts = |what: &str, gold: usize, prediction: usize| {
            (
                what.to_string(),
                format!("gold {gold}, prediction {prediction}"),
            )
        };
        facts.push(counts(
            "columns",
            self.gold_column_count,
            self.prediction_column_count,
        ));
        facts.push(counts(
            "rows",
            self.gold_row_count,
            self.prediction_row_count,
        ));
        Document::new(title).lead(Block::Facts { items: facts })
    }
}

/// One gold column and the prediction column mapped to it (an item of `column_mapping`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ColumnPair {
    /// The gold column.
    pub gold_index: usize,
    /// The prediction column.
    pub prediction_index: usize,
}

/// A mapping (prediction index per gold column) as the pairs the JSON records list.
pub(crate) fn column_pairs(mapping: &[usize]) -> Vec<ColumnPair> {
    mapping
        .iter()
        .enumerate()
        .map(|(gold_index, &prediction_index)| ColumnPair {
            gold_index,
            prediction_index,
        })
        .collect()
}

/// The official record's keys, in the official order; `csv_error` is tabeq's own and not part
/// of it.
impl serde::Serialize for TaskResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mapping = self.column_mapping.as_deref().map(column_pairs);
        let mut out = s.serialize_struct("TaskResult", 11)?;
        out.serialize_field("task_id", &self.task_id)?;
        out.serialize_field("passed", &self.passed)?;
        out.serialize_field("score", &self.score())?;
        out.serialize_field("order_sensitive", &self.order_sensitive)?;
        out.serialize_field("gold_column_count", &self.gold_column_count)?;
        out.serialize_field("prediction_column_count", &self.prediction_column_count)?;
        out.serialize_field("gold_row_count", &self.gold_row_count)?;
        out.serialize_field("prediction_row_count", &self.prediction_row_count)?;
        out.serialize_field("column_mapping", &mapping)?;
        out.serialize_field("error_code", &self.error_code)?;
        out.serialize_field("error", &self.error)?;
        out.end()
    }
}

/// The JSON shape of [`TaskResult`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct TaskResultJson {
    task_id: String,
    passed: bool,
    #[ts(type = "0 | 1")]
    score: u8,
    order_sensitive: bool,
    gold_column_count: usize,
    prediction_column_count: usize,
    gold_row_count: usize,
    prediction_row_count: usize,
    /// The first passing mapping, or null when the task failed.
    column_mapping: Option<Vec<ColumnPair>>,
    error_code: Option<TaskErrorCode>,
    error: Option<String>,
}

/// A gold table read, validated and canonicalized once; reusable across predictions and threads.
#[derive(Debug, Clone)]
pub struct PreparedGold {
    config: TaskConfig,
    /// The values of each distinct rule, and for each gold column its rule's index.
    values: Vec<RuleValues>,
    column_rule: Vec<usize>,
    /// Gold column j's value ids, as read, and sorted (computed on first use).
    gold_ids: Vec<Vec<ValueId>>,
    gold_sorted: std::sync::OnceLock<Vec<Vec<ValueId>>>,
    table: Table,
    /// The gold's column signatures (lenient, strict), prepared on first use.
    signatures: [std::sync::OnceLock<GoldSignatures>; 2],
    /// The limits predictions' CSV bytes are read within.
    limits: Limits,
    /// The gold's hashes for [`crate::hashed_pass`], computed when a large prediction first
    /// comes (`None` inside: not to be tried).
    hashes: std::sync::OnceLock<Option<GoldHashes>>,
}

impl PreparedGold {
    /// Read and canonicalize a gold CSV. Any problem is fatal (stage `gold`).
    pub fn new(gold_csv: &[u8], config: &TaskConfig) -> Result<PreparedGold, FatalError> {
        Self::new_in(gold_csv, config, &InTurn)
    }

    /// [`Self::new`], the columns of distinct rules canonicalized as parts of `parallel`.
    pub fn new_in<P: Parallel + ?Sized>(
        gold_csv: &[u8],
        config: &TaskConfig,
        parallel: &P,
    ) -> Result<PreparedGold, FatalError> {
        Self::new_within(gold_csv, config, &Limits::OFFICIAL, parallel)
    }

    /// [`Self::new_in`], the gold and, later, the predictions' CSV bytes read within `limits`
    /// (see [`Limits`]; [`Self::new`] reads within the official limits).
    ///
    /// ```
    /// use tabeq::{csv::Limits, parallel::InTurn, Prediction, PreparedGold, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let rows = "n\n".to_string() + &"1\n".repeat(100_001);
    /// assert!(PreparedGold::new(rows.as_bytes(), &config).is_err());
    /// let gold = PreparedGold::new_within(rows.as_bytes(), &config, &Limits::LIFTED, &InTurn)?;
    /// assert!(gold.evaluate(Prediction::Csv(rows.as_bytes())).passed);
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn new_within<P: Parallel + ?Sized>(
        gold_csv: &[u8],
        config: &TaskConfig,
        limits: &Limits,
        parallel: &P,
    ) -> Result<PreparedGold, FatalError> {
        let table = read_table_within(gold_csv, limits)
            .map_err(|e| FatalError::gold_unreadable(&config.task_id, &e))?;
        Self::from_table_within(table, config, *limits, parallel)
    }

    /// This gold, reading predictions' CSV bytes within `limits` from now on (a gold read from a
    /// table, [`Self::from_table`], reads them within the official limits until told otherwise).
    ///
    /// ```
    /// use tabeq::{csv::Limits, Prediction, PreparedGold, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let rows = "n\n".to_string() + &"1\n".repeat(100_001);
    /// let gold = PreparedGold::new(b"n\n1\n", &config)?;
    /// assert_eq!(gold.limits(), &Limits::OFFICIAL);
    /// let code = |g: &PreparedGold| g.evaluate(Prediction::Csv(rows.as_bytes())).error_code;
    /// assert_eq!(code(&gold).unwrap().code(), "invalid_prediction_csv");
    /// let gold = gold.with_limits(Limits::LIFTED);
    /// assert_eq!(code(&gold).unwrap().code(), "row_count_mismatch");
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> PreparedGold {
        self.limits = limits;
        self
    }

    /// The limits predictions' CSV bytes are read within (see [`Self::with_limits`]).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// One line saying what this gold is: its task, its size and, when not the official ones,
    /// the limits its predictions are read within (a binding's `repr`).
    ///
    /// ```
    /// use tabeq::csv::Limits;
    /// use tabeq::{PreparedGold, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///     "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#,
    ///     None).unwrap();
    /// let gold = PreparedGold::new(b"n\na\nb\n", &config).unwrap();
    /// assert_eq!(gold.repr(), "<Gold task_1: 2 rows × 1 columns>");
    /// let lifted = gold.with_limits(Limits::LIFTED);
    /// assert_eq!(lifted.repr(), "<Gold task_1: 2 rows × 1 columns, limits lifted>");
    /// ```
    pub fn repr(&self) -> String {
        let (id, table) = (&self.config.task_id, &self.table);
        let (rows, columns) = (table.row_count(), table.column_count());
        let limits = match self.limits {
            Limits::OFFICIAL => String::new(),
            other => format!(", limits {other}"),
        };
        format!("<Gold {id}: {rows} rows × {columns} columns{limits}>")
    }

    /// Canonicalize an already-read gold table.
    pub fn from_table(table: Table, config: &TaskConfig) -> Result<PreparedGold, FatalError> {
        Self::from_table_in(table, config, &InTurn)
    }

    /// This gold, never trying [`crate::hashed_pass`]: the path that pass is checked against.
    #[cfg(test)]
    fn interning_only(self) -> PreparedGold {
        PreparedGold {
            hashes: std::sync::OnceLock::from(None),
            ..self
        }
    }

    /// [`Self::from_table`], the columns of distinct rules canonicalized as parts of
    /// `parallel`.
    pub fn from_table_in<P: Parallel + ?Sized>(
        table: Table,
        config: &TaskConfig,
        parallel: &P,
    ) -> Result<PreparedGold, FatalError> {
        Self::from_table_within(table, config, Limits::OFFICIAL, parallel)
    }

    /// [`Self::from_table_in`], predictions' CSV bytes read within `limits` (a gold table
    /// read beyond the official limits, by a [`TableStream`](crate::csv::TableStream) say).
    ///
    /// ```
    /// use tabeq::{csv::{read_table_within, Limits}, parallel::InTurn, PreparedGold, Prediction, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let rows = "n\n".to_string() + &"1\n".repeat(100_001);
    /// let table = read_table_within(rows.as_bytes(), &Limits::LIFTED).unwrap();
    /// let gold = PreparedGold::from_table_within(table, &config, Limits::LIFTED, &InTurn)?;
    /// assert!(gold.evaluate(Prediction::Csv(rows.as_bytes())).passed);
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn from_table_within<P: Parallel + ?Sized>(
        table: Table,
        config: &TaskConfig,
        limits: Limits,
        parallel: &P,
    ) -> Result<PreparedGold, FatalError> {
        let d = config.columns.len();
        if table.column_count() != d {
            let (gold, config_columns) = (table.column_count(), d);
            let detail = FatalDetail::GoldColumnCount {
                gold,
                config: config_columns,
            };
            return Err(FatalError::from(detail).with_task(&config.task_id));
        }
        let mut values: Vec<RuleValues> = Vec::new();
        let mut column_rule = Vec::with_capacity(d);
        // The gold columns of each distinct rule, in order.
        let mut columns_of: Vec<Vec<usize>> = Vec::new();
        for (j, spec) in config.columns.iter().enumerate() {
            let rule = spec.rule();
            let idx = values
                .iter()
                .position(|v| v.rule == rule)
                .unwrap_or_else(|| {
                    let columns = config.columns.iter().filter(|c| c.rule() == rule).count();
                    let cells = table.row_count() * columns;
                    values.push(RuleValues::new(rule, cells));
                    columns_of.push(Vec::with_capacity(columns));
                    values.len() - 1
                });
            column_rule.push(idx);
            columns_of[idx].push(j);
        }
        let mut gold_ids: Vec<Vec<ValueId>> = vec![Vec::new(); d];
        // The first failing cell in reading order (row by row), as the official evaluator reports.
        let mut first_failure: Option<(usize, usize)> = None;
        let mut reads: Vec<Vec<ColumnRead>> = Vec::new();
        reads.resize_with(values.len(), Vec::new);
        let each_rule = values.iter_mut().zip(&mut reads).enumerate();
        parallel::for_each(
            parallel,
            table.work_bytes(),
            each_rule,
            |(r, (values, out))| {
                *out = values.read_gold(&table, &columns_of[r]);
            },
        );
        for (r, read) in reads.into_iter().enumerate() {
            for (&j, read) in columns_of[r].iter().zip(read) {
                match read.first_error {
                    None => gold_ids[j] = read.ids,
                    Some(e) => {
                        if first_failure.is_none_or(|failure| (e.row, j) < failure) {
                            first_failure = Some((e.row, j));
                        }
                    }
                }
            }
        }
        if let Some((row, j)) = first_failure {
            let rule = &values[column_rule[j]].rule;
            let raw = table.cell(row, j);
            let error = crate::canon::canonicalize(raw, rule).err();
            let (row, column) = (row + 1, j);
            let detail = FatalDetail::GoldCell { row, column, error };
            return Err(FatalError::from(detail).with_task(&config.task_id));
        }
        Ok(PreparedGold {
            config: config.clone(),
            values,
            column_rule,
            gold_ids,
            gold_sorted: Default::default(),
            table,
            signatures: Default::default(),
            limits,
            hashes: Default::default(),
        })
    }

    /// The gold's column signatures, prepared once per `strict`.
    pub fn column_signatures(&self, strict: bool) -> &GoldSignatures {
        self.signatures[usize::from(strict)]
            .get_or_init(|| GoldSignatures::new(&self.table, strict))
    }

    /// Ready the gold for scoring many predictions: remember each gold cell's raw text with
    /// its canonical value, so a prediction cell equal byte for byte to a gold cell of a rule
    /// is not canonicalized again under that rule (most cells of near-correct predictions).
    /// Costs about one more pass over the gold; results are unchanged.
    ///
    /// ```
    /// use tabeq::{Prediction, PreparedGold, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "d", "type": "date"}]}"#, None)?;
    /// let gold = PreparedGold::new(b"d\n2024-01-02\n", &config)?.for_many_predictions();
    /// assert!(gold.passes(Prediction::Csv(b"x\n2024-01-02\n")));
    /// assert!(gold.passes(Prediction::Csv(b"x\n2024-01-02T00:00:00Z\n")));
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn for_many_predictions(mut self) -> Self {
        for (j, ids) in self.gold_ids.iter().enumerate() {
            self.values[self.column_rule[j]].remember_column(&self.table, j, ids);
        }
        self
    }

    /// The values of each distinct rule (interned when the gold was read).
    pub(crate) fn rule_values(&self) -> &[RuleValues] {
        &self.values
    }

    /// For each gold column, the index of its rule in [`Self::rule_values`].
    pub(crate) fn column_rule(&self) -> &[usize] {
        &self.column_rule
    }

    /// Gold column j's value ids, in row order and sorted.
    pub(crate) fn gold_ids(&self) -> (&[Vec<ValueId>], &[Vec<ValueId>]) {
        let sorted = self.gold_sorted.get_or_init(|| {
            let sort = |ids: &Vec<ValueId>| {
                let mut sorted = ids.clone();
                sorted.sort_unstable();
                sorted
            };
            self.gold_ids.iter().map(sort).collect()
        });
        (&self.gold_ids, sorted)
    }

    /// The task config.
    pub fn config(&self) -> &TaskConfig {
        &self.config
    }

    /// The gold table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    fn failed(
        &self,
        code: TaskErrorCode,
        error: String,
        pred_cols: usize,
        pred_rows: usize,
    ) -> TaskResult {
        let gold_rows = self.table.row_count();
        failed_record(&self.config, gold_rows, code, error, pred_cols, pred_rows)
    }

    /// Score a prediction against this gold.
    pub fn evaluate(&self, prediction: Prediction<'_>) -> TaskResult {
        self.evaluate_in(prediction, &InTurn)
    }

    /// [`Self::evaluate`], the prediction's readings under distinct rules made as parts of
    /// `parallel`.
    pub fn evaluate_in<P: Parallel + ?Sized>(
        &self,
        prediction: Prediction<'_>,
        parallel: &P,
    ) -> TaskResult {
        match prediction.read_within(&self.limits) {
            Ok(table) => self.evaluate_table_in(&table, parallel),
            Err(unread) => self.unread_record(&unread),
        }
    }

    /// The record of a prediction without a table (`missing_prediction` or
    /// `invalid_prediction_csv`).
    pub fn unread_record(&self, unread: &Unread<'_>) -> TaskResult {
        let mut record = self.failed(unread.code, unread.message.clone(), 0, 0);
        record.csv_error = unread.csv_error.as_ref().map(|e| e.kind);
        record
    }

    /// Whether a prediction passes: [`Self::evaluate`]'s `passed`, without building the record
    /// (what a reward loop needs).
    pub fn passes(&self, prediction: Prediction<'_>) -> bool {
        let passed = |table: &Table| {
            matches!(
                self.verdict(table, false, &InTurn),
                Verdict::Matched(MatchOutcome::Passed(_))
            )
        };
        match prediction {
            // CSV bytes are read into a table this thread keeps from one prediction to the
            // next; a file that does not read fails, whatever its problem.
            Prediction::Csv(bytes) | Prediction::CsvAt(bytes, _) => {
                let mut table = TABLE.take().unwrap_or_default();
                let read = crate::csv::read_table_into_within(bytes, &mut table, &self.limits);
                let passed = read.is_ok() && passed(&table);
                // A large table's buffers are not worth keeping for small predictions.
                if bytes.len() <= KEEP_TABLE_BYTES {
                    TABLE.set(Some(table));
                }
                passed
            }
            _ => match prediction.read_within(&self.limits) {
                Ok(table) => passed(&table),
                Err(_) => false,
            },
        }
    }

    /// The verdict on a table: a shape mismatch, or the outcome of the column search. With
    /// `whole` (the record's outcome), a prediction that does not pass has its columns read on
    /// past values the gold does not hold, to tell a type failure from a relation mismatch;
    /// without it (only whether it passes matters), such a column counts as unreadable.
    fn verdict<P: Parallel + ?Sized>(&self, table: &Table, whole: bool, parallel: &P) -> Verdict {
        let (cols, rows) = (table.column_count(), table.row_count());
        if cols != self.config.columns.len() {
            return Verdict::ColumnCount;
        }
        if rows != self.table.row_count() {
            return Verdict::RowCount;
        }
        if hashed_pass::worth_trying(&self.config, &self.table) {
            let outcome = (self.gold_hashes(parallel))
                .and_then(|hashes| hashes.outcome_backing_off(&self.table, table, parallel));
            if let Some(outcome) = outcome {
                return Verdict::Matched(outcome);
            }
        }
        // Each prediction column is read once per distinct rule, into buffers this thread
        // keeps from one prediction to the next.
        let mut reads = READS.take();
        reads.resize_with(self.values.len(), Vec::new);
        // Whether it passes is decided first, reading only what may pass: no mapping through
        // a column holding a value the gold does not passes.
        let mut rules_read = 0;
        let mut outcome = self.search(table, &mut reads, &mut rules_read, false, parallel);
        if whole && !matches!(outcome, MatchOutcome::Passed(_)) {
            outcome = self.search(table, &mut reads, &mut rules_read, true, parallel);
        }
        READS.set(reads);
        Verdict::Matched(outcome)
    }

    /// The gold's hashes, computed on first use (not kept when cancelled meanwhile).
    fn gold_hashes<P: Parallel + ?Sized>(&self, parallel: &P) -> Option<&GoldHashes> {
        if let Some(hashes) = self.hashes.get() {
            return hashes.as_ref();
        }
        let hashes = GoldHashes::new(&self.table, &self.config, parallel);
        if hashes.is_none() && crate::cancel::cancelled() {
            return None;
        }
        self.hashes.get_or_init(|| hashes).as_ref()
    }

    /// The reads of a prediction's `cols` columns under every rule, cut into parts of a few
    /// columns each: (the rule's index, its values, the columns, their reads). A table of one
    /// rule still spreads over several threads.
    fn column_parts<'s, 'r>(
        &'s self,
        cols: usize,
        reads: &'r mut [Vec<ColumnRead>],
    ) -> Vec<(
        usize,
        &'s RuleValues,
        &'static [usize],
        &'r mut [ColumnRead],
    )> {
        let size = cols.div_ceil(COLUMN_PARTS).max(1);
        let mut parts = Vec::new();
        for (r, (values, out)) in self.values.iter().zip(reads).enumerate() {
            for (i, part) in out[..cols].chunks_mut(size).enumerate() {
                let start = i * size;
                parts.push((r, values, &ALL_COLUMNS[start..start + part.len()], part));
            }
        }
        parts
    }

    /// Read the prediction under the rules from `rules_read` on (counting them), each column up
    /// to a value the gold does not hold ([`Unreadable::StopUnmatched`]); with `finish`, read
    /// every rule's columns on from there ([`RuleValues::finish_unmatched`]); then search for
    /// a mapping. Without `finish`, a rule with fewer usable prediction columns than gold
    /// columns ends it: no one-to-one mapping can pass (what the search's first check finds),
    /// and when the rules are read in turn, the rules after it are not read.
    fn search<P: Parallel + ?Sized>(
        &self,
        table: &Table,
        reads: &mut [Vec<ColumnRead>],
        rules_read: &mut usize,
        finish: bool,
        parallel: &P,
    ) -> MatchOutcome {
        let (cols, bytes) = (table.column_count(), table.work_bytes());
        let columns = &ALL_COLUMNS[..cols];
        let reading = Unreadable::StopUnmatched;
        let too_few = |r: usize, out: &[ColumnRead]| {
            let usable = out.iter().filter(|read| read.usable().is_some()).count();
            !finish && usable < self.column_rule.iter().filter(|&&g| g == r).count()
        };
        for out in reads.iter_mut() {
            out.resize_with(cols, ColumnRead::default);
        }
        let first = *rules_read;
        if parallel::at_once(parallel, bytes) {
            let parts = self.column_parts(cols, reads).into_iter();
            parallel::for_each(parallel, bytes, parts, |(r, values, columns, out)| {
                if r >= first {
                    values.read_prediction_into(table, columns, reading, out);
                }
                if finish {
                    values.finish_unmatched(table, columns, out);
                }
            });
            *rules_read = self.values.len();
            if reads.iter().enumerate().any(|(r, out)| too_few(r, out)) {
                return MatchOutcome::TypeNormalizationFailed;
            }
            if crate::cancel::cancelled() {
                return MatchOutcome::SearchLimitExceeded;
            }
        } else {
            for (r, (values, out)) in self.values.iter().zip(reads.iter_mut()).enumerate() {
                if crate::cancel::cancelled() {
                    // Its binding discards a cancelled task: no more rules are read (a
                    // cancelled read still fills its columns), and there is no search.
                    return MatchOutcome::SearchLimitExceeded;
                }
                if r >= *rules_read {
                    values.read_prediction_into(table, columns, reading, out);
                    *rules_read = r + 1;
                    if too_few(r, out) {
                        return MatchOutcome::TypeNormalizationFailed;
                    }
                }
                if finish {
                    values.finish_unmatched(table, columns, out);
                }
            }
        }
        let input = MatchInput {
            order_sensitive: self.config.order_sensitive,
            rows: table.row_count(),
            gold: self.gold_ids.iter().map(Vec::as_slice).collect(),
            gold_group: self.column_rule.clone(),
            prediction: reads
                .iter()
                .map(|per_rule| per_rule.iter().map(ColumnRead::usable).collect())
                .collect(),
        };
        match_columns(&input)
    }

    /// Score an already-read prediction table.
    pub fn evaluate_table(&self, table: &Table) -> TaskResult {
        self.evaluate_table_in(table, &InTurn)
    }

    /// [`Self::evaluate_table`], the table's readings under distinct rules made as parts of
    /// `parallel`.
    pub fn evaluate_table_in<P: Parallel + ?Sized>(
        &self,
        table: &Table,
        parallel: &P,
    ) -> TaskResult {
        let d = self.config.columns.len();
        let (cols, rows) = (table.column_count(), table.row_count());
        let failed = |code, message| self.failed(code, message, cols, rows);
        let outcome = match self.verdict(table, true, parallel) {
            Verdict::ColumnCount => {
                return failed(
                    TaskErrorCode::ColumnCountMismatch,
                    format!("Expected {d} columns; received {cols}"),
                )
            }
            Verdict::RowCount => {
                return failed(
                    TaskErrorCode::RowCountMismatch,
                    format!(
                        "Expected {} data rows; received {rows}",
                        self.table.row_count()
                    ),
                )
            }
            Verdict::Matched(outcome) => outcome,
        };
        outcome_record(&self.config, self.table.row_count(), rows, outcome)
    }
}

/// The record of a prediction of `rows` rows (and as many columns as the gold) whose columns
/// matched the gold's (of `gold_rows` rows) as `outcome`.
fn outcome_record(
    config: &TaskConfig,
    gold_rows: usize,
    rows: usize,
    outcome: MatchOutcome,
) -> TaskResult {
    let failed = |code, message| {
        let d = config.columns.len();
        failed_record(config, gold_rows, code, message, d, rows)
    };
    match outcome {
        MatchOutcome::Passed(mapping) => passing_record(config, rows, mapping),
        MatchOutcome::TypeNormalizationFailed => failed(
            TaskErrorCode::TypeNormalizationFailed,
            "No one-to-one column mapping is compatible with the configured types".into(),
        ),
        MatchOutcome::RelationMismatch => failed(
            TaskErrorCode::RelationMismatch,
            format!(
                "Prediction does not equal the gold {}",
                if config.order_sensitive {
                    "ordered row sequence"
                } else {
                    "unordered row multiset"
                }
            ),
        ),
        MatchOutcome::SearchLimitExceeded => failed(
            TaskErrorCode::SearchLimitExceeded,
            "The column search used its whole work budget without deciding the task: no passing mapping was found, none was ruled out".into(),
        ),
    }
}

/// The record of a prediction of `pred_cols` × `pred_rows` that fails with `code`.
fn failed_record(
    config: &TaskConfig,
    gold_rows: usize,
    code: TaskErrorCode,
    error: String,
    pred_cols: usize,
    pred_rows: usize,
) -> TaskResult {
    TaskResult {
        task_id: config.task_id.clone(),
        passed: false,
        order_sensitive: config.order_sensitive,
        gold_column_count: config.columns.len(),
        prediction_column_count: pred_cols,
        gold_row_count: gold_rows,
        prediction_row_count: pred_rows,
        column_mapping: None,
        error_code: Some(code),
        error: Some(error),
        csv_error: None,
    }
}

/// The record of a prediction of `rows` rows that passes under `mapping`.
fn passing_record(config: &TaskConfig, rows: usize, mapping: Vec<usize>) -> TaskResult {
    TaskResult {
        task_id: config.task_id.clone(),
        passed: true,
        order_sensitive: config.order_sensitive,
        gold_column_count: mapping.len(),
        prediction_column_count: mapping.len(),
        gold_row_count: rows,
        prediction_row_count: rows,
        column_mapping: Some(mapping),
        error_code: None,
        error: None,
        csv_error: None,
    }
}

/// What [`PreparedGold::verdict`] finds.
enum Verdict {
    ColumnCount,
    RowCount,
    Matched(MatchOutcome),
}

/// Evaluate one task from bytes: the gold is prepared (fatal errors are returned as `Err`),
/// then the prediction is scored.
pub fn evaluate_task(
    prediction: Prediction<'_>,
    gold_csv: &[u8],
    config: &TaskConfig,
) -> Result<TaskResult, FatalError> {
    if cfg!(target_family = "wasm") {
        // Not through `evaluate_task_in`: this shape is smaller in a WebAssembly module, which
        // never tries [`crate::hashed_pass`].
        return Ok(PreparedGold::new(gold_csv, config)?.evaluate(prediction));
    }
    evaluate_task_in(prediction, gold_csv, config, &InTurn)
}

/// [`evaluate_task`], its independent parts run by `parallel`: the gold and the prediction
/// are read at once, and each is canonicalized under its distinct rules at once.
pub fn evaluate_task_in<P: Parallel + ?Sized>(
    prediction: Prediction<'_>,
    gold_csv: &[u8],
    config: &TaskConfig,
    parallel: &P,
) -> Result<TaskResult, FatalError> {
    evaluate_task_within(prediction, gold_csv, config, &Limits::OFFICIAL, parallel)
}

/// [`evaluate_task_in`], the gold and the prediction read within `limits` (see [`Limits`]).
///
/// ```
/// use tabeq::{csv::Limits, parallel::InTurn, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
/// let rows = "n\n".to_string() + &"1\n".repeat(100_001);
/// let p = Prediction::Csv(rows.as_bytes());
/// assert!(tabeq::evaluate_task(p, rows.as_bytes(), &config).is_err());
/// let r = tabeq::evaluate_task_within(p, rows.as_bytes(), &config, &Limits::LIFTED, &InTurn)?;
/// assert!(r.passed);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn evaluate_task_within<P: Parallel + ?Sized>(
    prediction: Prediction<'_>,
    gold_csv: &[u8],
    config: &TaskConfig,
    limits: &Limits,
    parallel: &P,
) -> Result<TaskResult, FatalError> {
    let bytes = gold_csv.len() + prediction.work_bytes();
    let (mut gold_table, prediction_table) = (spare::take(bytes), spare::take(bytes));
    let (gold, prediction) = parallel::join(
        parallel,
        bytes,
        || read_table_into_within(gold_csv, &mut gold_table, limits),
        || prediction.read_within_into(limits, prediction_table),
    );
    gold.map_err(|e| FatalError::gold_unreadable(&config.task_id, &e))?;
    evaluate_read_task(prediction, gold_table, config, limits, parallel)
}

/// [`evaluate_task_within`] of a gold already read (by a [`TableStream`](crate::csv::TableStream), say, which never
/// holds the whole file): the same record for the same gold table.
///
/// ```
/// use tabeq::csv::{Limits, TableStream};
/// use tabeq::{parallel::InTurn, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "number",
///   "comparison": {"mode": "decimal_places", "digits": 1}}]}"#, None)?;
/// let gold_csv = b"n\n1\n2.0\n";
/// let mut stream = TableStream::new(&Limits::LIFTED, gold_csv.len());
/// gold_csv.chunks(4).for_each(|piece| stream.feed(piece));
/// let gold = stream.finish().unwrap();
/// let p = Prediction::Csv(b"x\n2\n1\n");
/// let read = tabeq::evaluate_gold_table_within(p, gold, &config, &Limits::LIFTED, &InTurn)?;
/// let whole = tabeq::evaluate_task_within(p, gold_csv, &config, &Limits::LIFTED, &InTurn)?;
/// assert!(read.passed);
/// assert_eq!(read, whole);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn evaluate_gold_table_within<P: Parallel + ?Sized>(
    prediction: Prediction<'_>,
    gold: Table,
    config: &TaskConfig,
    limits: &Limits,
    parallel: &P,
) -> Result<TaskResult, FatalError> {
    let prediction = prediction.read_within(limits);
    evaluate_read_task(prediction, gold, config, limits, parallel)
}

/// Score a task whose tables are read: a large unordered prediction is first tried by the
/// hashed pass, then the gold is prepared and scores it.
fn evaluate_read_task<P: Parallel + ?Sized>(
    prediction: Result<Cow<'_, Table>, Unread<'_>>,
    gold: Table,
    config: &TaskConfig,
    limits: &Limits,
    parallel: &P,
) -> Result<TaskResult, FatalError> {
    let mut tried = false;
    if let Ok(table) = &prediction {
        if hashed_pass::worth_trying(config, &gold) {
            // A large prediction whose verdict the hashes prove is scored without interning
            // the gold.
            let outcome = GoldHashes::one_shot(&gold, config, table, parallel);
            if let Some(outcome) = outcome {
                let record = outcome_record(config, gold.row_count(), table.row_count(), outcome);
                spare::keep(gold);
                if let Ok(Cow::Owned(table)) = prediction {
                    spare::keep(table);
                }
                return Ok(record);
            }
            tried = true;
        }
    }
    let mut gold = PreparedGold::from_table_within(gold, config, *limits, parallel)?;
    if tried {
        // Tried for the one prediction this gold scores: not again.
        gold.hashes = std::sync::OnceLock::from(None);
    }
    let record = match &prediction {
        Ok(table) => gold.evaluate_table_in(table, parallel),
        Err(unread) => gold.unread_record(unread),
    };
    spare::keep(gold.table);
    if let Ok(Cow::Owned(table)) = prediction {
        spare::keep(table);
    }
    Ok(record)
}

/// Tables a thread keeps between one-shot tasks of large inputs: reading the next into their
/// buffers faults no fresh memory in (a sixth of the time of the 100,000-row pair of
/// `bench/peers.py`). Kept only natively, from [`FROM_BYTES`](spare::FROM_BYTES) of buffers,
/// two at most, each at most [`MAX_BYTES`](spare::MAX_BYTES): a thread holds at most 64 MiB so.
mod spare {
    use crate::csv::Table;
    use std::cell::RefCell;

    pub(super) const FROM_BYTES: usize = 256 * 1024;
    pub(super) const MAX_BYTES: usize = 32 * 1024 * 1024;

    std::thread_local! {
        static TABLES: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
    }

    /// A kept table for a task of `bytes` of input, or a new one.
    pub(super) fn take(bytes: usize) -> Table {
        if cfg!(target_family = "wasm") || bytes < FROM_BYTES {
            return Table::default();
        }
        TABLES.with_borrow_mut(Vec::pop).unwrap_or_default()
    }

    /// Keep `table`'s buffers for the next task on this thread.
    pub(super) fn keep(table: Table) {
        let bytes = table.buffer_bytes();
        if cfg!(target_family = "wasm") || !(FROM_BYTES..=MAX_BYTES).contains(&bytes) {
            return;
        }
        TABLES.with_borrow_mut(|tables| {
            if tables.len() < 2 {
                tables.push(table);
            }
        });
    }
}

#[cfg(test)]
mod hashed_pass_tests;
