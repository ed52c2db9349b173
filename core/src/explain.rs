//! Structured failure diagnosis: *why* a prediction fails, next to the official verdict.
//!
//! [`explain`] scores a prediction exactly like [`PreparedGold::evaluate`] (the verdict in
//! [`Diagnosis::result`] is that record, unchanged) and then describes it:
//!
//! * **input** — missing prediction, or the CSV error code and record number;
//! * **shape** — expected vs received columns and rows; which prediction columns the best
//!   mapping leaves over (extra) and which gold columns it cannot fill (missing); which
//!   columns share no canonical value with any column on the other side; for a different
//!   row count, the grain (finer/coarser, duplicates, key columns);
//! * **types** — for each gold column, the prediction columns that read under its rule and,
//!   for the others, the first offending cell (row, raw value, reason code); when no
//!   one-to-one mapping is readable, the gold columns that compete for too few readable
//!   prediction columns (a Hall-condition violator);
//! * **mapping** — the official mapping when the task passes; otherwise the best mapping: a
//!   maximum-weight bipartite matching (Hungarian algorithm, polynomial for d ≤ 64) on the
//!   per-column-pair agreement — multiset overlap of canonical values for unordered tasks,
//!   positional agreement plus multiset overlap for ordered ones; ties prefer readable
//!   pairs, then same-position pairs;
//! * **rows** — under that mapping, the multiset difference of canonical rows (missing and
//!   extra rows, capped, with counts) and, for ordered tasks, the first differing position
//!   and whether the rows would match ignoring order;
//! * **hints** — named near misses ([`HintKind`]): each is a what-if re-scored by the
//!   official evaluator, with `would_pass`; hints never change the verdict;
//! * **partial credit** — [`crate::partial_credit`]: the column-signature compatibility score and
//!   row/column precision and recall, separate from the official 0/1 score;
//! * **summary** — one paragraph for people.
//!
//! The output is deterministic and bounded: lists of rows and cells are capped
//! ([`ExplainOptions`]) and carry the full counts.
//!
//! ```
//! use tabeq::explain::{explain_task, ExplainOptions};
//! use tabeq::{Prediction, TaskConfig};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [
//!     {"gold_index": 0, "gold_name": "region", "type": "text"},
//!     {"gold_index": 1, "gold_name": "gdp", "type": "number", "comparison": {"mode": "decimal_places", "digits": 2}}]}"#, None)?;
//! let gold = b"region,gdp\nNorth,1.25\nSouth,2.5\n";
//! // An extra column and values rounded to one decimal.
//! let prediction = b"region,gdp,rank\nNorth,1.3,1\nSouth,2.5,2\n";
//! let d = explain_task(Prediction::Csv(prediction), gold, &config, &ExplainOptions::default())?;
//! assert_eq!(d.result.error_code.map(|c| c.code()), Some("column_count_mismatch"));
//! assert_eq!(d.shape.as_ref().unwrap().extra_prediction_columns, vec![2]);
//! let names: Vec<&str> = d.hints.iter().map(|h| h.kind.code()).collect();
//! assert_eq!(names, ["extra_columns", "lower_precision"]);
//! assert_eq!(d.hints_combined_would_pass, Some(true));
//! assert!(d.summary.contains("column_count_mismatch"));
//! # Ok::<(), tabeq::FatalError>(())
//! ```

mod assign;
mod canonical_columns;
pub(crate) mod credit_only;
mod document;
mod hints;
mod render;

use crate::bipartite;
use crate::config::TaskConfig;
use crate::config::{CellErrorKind, FatalError};
use crate::csv::CsvError;
use crate::csv::Table;
use crate::evaluate::{Prediction, PreparedGold, TaskResult};
use crate::partial_credit::{ColumnScores, PartialCredit, RowScores};

pub use credit_only::partial_credit;
pub use hints::{Hint, HintColumn, HintKind};

use canonical_columns::{Canon, Overlap, BAD};

/// The version of the diagnosis JSON layout.
pub const DIAGNOSIS_VERSION: i64 = 1;

/// Largest `max_items` / `max_value_chars` a binding accepts: keeps a diagnosis bounded.
pub const MAX_EXPLAIN_LIMIT: usize = 10_000;

/// Limits on what a diagnosis shows (counts are always complete).
///
/// # Examples
///
/// ```
/// use tabeq::ExplainOptions;
/// let options = ExplainOptions { hints: false, ..ExplainOptions::default() };
/// assert_eq!((options.max_items, options.max_value_chars), (5, 60));
/// assert!(options.show_gold_values && !options.hints);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplainOptions {
    /// Rows shown per list (missing rows, extra rows). Default 5.
    pub max_items: usize,
    /// Characters shown per cell value before an ellipsis. Default 60.
    pub max_value_chars: usize,
    /// Whether to look for near-miss hints (each costs a re-evaluation). Default true.
    pub hints: bool,
    /// Column-signature scorer: refuse thousands separators. Default false.
    pub signature_strict: bool,
    /// Whether gold cells may be quoted (missing rows, the first differing row, the summary).
    /// Default true; false shows each as [`REDACTED`], for a diagnosis that participants see.
    pub show_gold_values: bool,
    /// Whether prediction cells and headers may be quoted. Default true; false shows each as
    /// [`REDACTED`], for a prediction read through a path that leaves its root.
    pub show_prediction_values: bool,
    /// Reveal nothing derived from gold values ([`Disclosure::Participant`]): implies
    /// `show_gold_values: false` and no hints, and leaves out the mapping scores, the row
    /// differences, the column overlaps, the grain and partial credit. Default false.
    pub participant_safe: bool,
}

/// How much of the gold a diagnosis may reveal: the levels of `tabeq evaluate --explain` and
/// of Python's `explain(redaction=...)` (SECURITY.md says what each shows).
///
/// ```
/// use tabeq::explain::{Disclosure, ExplainOptions};
/// let options = ExplainOptions::default().disclosing(Disclosure::Participant);
/// assert!(options.participant_safe && !options.show_gold_values && !options.hints);
/// assert_eq!(Disclosure::from_code("redacted"), Some(Disclosure::Redacted));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disclosure {
    /// Everything, gold cells included: for the operator.
    Full,
    /// Gold cells as [`REDACTED`]; counts, the best mapping, row differences, hints and
    /// partial credit remain (an oracle over repeated submissions).
    Redacted,
    /// Nothing derived from gold values: the official record, the prediction's own problems
    /// and the kind of failure.
    Participant,
}

impl Disclosure {
    /// `full`, `redacted` or `participant`.
    pub fn code(self) -> &'static str {
        match self {
            Disclosure::Full => "full",
            Disclosure::Redacted => "redacted",
            Disclosure::Participant => "participant",
        }
    }

    /// The level named `code`.
    pub fn from_code(code: &str) -> Option<Disclosure> {
        [
            Disclosure::Full,
            Disclosure::Redacted,
            Disclosure::Participant,
        ]
        .into_iter()
        .find(|d| d.code() == code)
    }

    /// The level a caller asked for: `redaction` (the code given, and how to show it in a
    /// message), else the former `show_gold_values` switch (`true` is `Full`), else `Redacted`.
    /// An unknown code, or `show_gold_values=True` with another level, is the argument error's
    /// message.
    ///
    /// ```
    /// use tabeq::explain::Disclosure;
    /// assert_eq!(Disclosure::choose(None, None), Ok(Disclosure::Redacted));
    /// assert_eq!(Disclosure::choose(None, Some(true)), Ok(Disclosure::Full));
    /// assert_eq!(Disclosure::choose(Some(("participant", "'participant'")), Some(false)), Ok(Disclosure::Participant));
    /// assert_eq!(Disclosure::choose(Some(("all", "'all'")), None).unwrap_err(),
    ///            "redaction must be one of full, redacted, participant, got 'all'");
    /// assert_eq!(Disclosure::choose(Some(("redacted", "'redacted'")), Some(true)).unwrap_err(),
    ///            "show_gold_values=True contradicts redaction=\"redacted\"");
    /// ```
    pub fn choose(
        redaction: Option<(&str, &str)>,
        show_gold_values: Option<bool>,
    ) -> Result<Disclosure, String> {
        let Some((code, shown)) = redaction else {
            return Ok(match show_gold_values {
                Some(true) => Disclosure::Full,
                _ => Disclosure::Redacted,
            });
        };
        let found = Disclosure::from_code(code).ok_or_else(|| {
            format!("redaction must be one of full, redacted, participant, got {shown}")
        })?;
        if show_gold_values == Some(true) && found != Disclosure::Full {
            return Err(format!(
                "show_gold_values=True contradicts redaction={code:?}"
            ));
        }
        Ok(found)
    }
}

/// What a diagnosis shows in place of a value it must not quote.
pub const REDACTED: &str = "[redacted]";

impl Default for ExplainOptions {
    fn default() -> Self {
        ExplainOptions {
            max_items: 5,
            max_value_chars: 60,
            hints: true,
            signature_strict: false,
            show_gold_values: true,
            show_prediction_values: true,
            participant_safe: false,
        }
    }
}

/// What was received.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "DiagnosisInput", as = "InputStatusJson")
)]
pub enum InputStatus {
    /// No prediction file.
    Missing,
    /// The prediction is not a valid CSV (code, record number, message).
    InvalidCsv(CsvError),
    /// A table was read.
    Read,
}

/// Expected vs received shape.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisShape"))]
pub struct Shape {
    /// Gold columns.
    pub expected_columns: usize,
    /// Prediction columns.
    pub received_columns: usize,
    /// Gold data rows.
    pub expected_rows: usize,
    /// Prediction data rows.
    pub received_rows: usize,
    /// Prediction columns the best mapping assigns to no gold column.
    pub extra_prediction_columns: Vec<usize>,
    /// Gold columns the best mapping cannot fill.
    pub missing_gold_columns: Vec<usize>,
    /// Prediction columns sharing no non-null canonical value with any gold column they read under.
    pub prediction_columns_matching_no_gold: Vec<usize>,
    /// Gold columns sharing no non-null canonical value with any prediction column.
    pub gold_columns_matched_by_no_prediction: Vec<usize>,
    /// When the row counts differ: the grain.
    pub grain: Option<Grain>,
}

/// How a prediction with a different row count relates to the gold's rows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisGrain"))]
pub struct Grain {
    /// More rows than the gold (finer grain) or fewer (coarser); written as `direction`.
    #[serde(rename = "direction", serialize_with = "grain_direction")]
    #[cfg_attr(feature = "ts", ts(type = "\"finer\" | \"coarser\""))]
    pub finer: bool,
    /// Prediction rows repeating an earlier row (under the best mapping).
    pub prediction_duplicate_rows: usize,
    /// Gold rows repeating an earlier row.
    pub gold_duplicate_rows: usize,
    /// Whether the distinct rows are the same on both sides.
    pub same_distinct_rows: bool,
    /// Gold columns whose distinct values the mapped prediction column reproduces exactly
    /// (likely the grouping keys, repeated at another grain).
    pub key_columns: Vec<usize>,
}

/// Type compatibility.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisTypes"))]
pub struct Types {
    /// One entry per gold column.
    pub columns: Vec<ColumnTypes>,
    /// When no one-to-one readable mapping exists although the prediction has enough
    /// columns: gold columns that compete for fewer readable prediction columns than there
    /// are of them.
    pub unreadable: Option<Unreadable>,
}

/// Compatibility of one gold column.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisColumnTypes"))]
pub struct ColumnTypes {
    /// The gold column.
    pub gold_index: usize,
    /// Its rule, e.g. `number (decimal_places 2, plain)`.
    pub rule: String,
    /// Prediction columns whose every cell reads under the rule.
    pub compatible: Vec<usize>,
    /// Number of incompatible prediction columns (shown or not).
    pub incompatible_count: usize,
    /// The first offending cell of other prediction columns (the mapped one first unless participant-safe; capped).
    pub incompatible: Vec<OffendingCell>,
}

/// The first cell of a prediction column that does not read under a gold rule.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OffendingCell {
    /// The prediction column.
    pub prediction_index: usize,
    /// 1-based data row.
    pub row: usize,
    /// The raw cell (clipped).
    pub value: String,
    /// Why it does not read.
    pub reason: CellErrorKind,
    /// How many cells of the column do not read.
    pub bad_cells: usize,
}

/// A set of gold columns that cannot all be read (Hall's condition fails on it).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisUnreadable"))]
pub struct Unreadable {
    /// The gold columns.
    pub gold_columns: Vec<usize>,
    /// The prediction columns able to read any of them (fewer than the gold columns).
    pub readable_from: Vec<usize>,
}

/// The mapping the diagnosis uses.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisMapping"))]
pub struct MappingReport {
    /// True when it is the official first passing mapping.
    pub official: bool,
    /// How it was chosen.
    pub method: &'static str,
    /// Whether every gold column is mapped to a readable prediction column.
    pub valid: bool,
    /// One entry per gold column.
    pub pairs: Vec<MappedPair>,
}

/// One gold column under the mapping.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisPair"))]
pub struct MappedPair {
    /// The gold column.
    pub gold_index: usize,
    /// Its prediction column, if any.
    pub prediction_index: Option<usize>,
    /// Whether every cell of the prediction column reads under the gold rule.
    pub compatible: bool,
    /// Multiset overlap of canonical values (nulls included).
    pub shared_values: usize,
    /// For ordered tasks: positions with equal canonical values.
    pub same_positions: Option<usize>,
    /// Whether the prediction column holds exactly the gold column's values (same multiset;
    /// same sequence for ordered tasks).
    pub same_values: bool,
}

/// Rows under the mapping.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisRows"))]
pub struct RowReport {
    /// The gold columns rows are compared on (the mapped ones).
    pub compared_gold_columns: Vec<usize>,
    /// Gold data rows.
    pub gold_rows: usize,
    /// Prediction data rows.
    pub prediction_rows: usize,
    /// Rows in the multiset intersection.
    pub matched_rows: usize,
    /// Gold rows with no equal prediction row (count).
    pub missing_count: usize,
    /// Prediction rows with no equal gold row (count).
    pub extra_count: usize,
    /// The first missing gold rows (raw gold cells of the compared columns).
    pub missing: Vec<ShownRow>,
    /// The first extra prediction rows (raw cells of the mapped prediction columns, in gold order).
    pub extra: Vec<ShownRow>,
    /// For ordered tasks.
    pub order: Option<OrderReport>,
}

/// A row shown in a diagnosis.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShownRow {
    /// 1-based data row in its file.
    pub row: usize,
    /// Raw cells (clipped), one per compared gold column.
    pub values: Vec<String>,
    /// Per value: whether it differs from the closest row on the other side (the missing or
    /// extra row sharing most canonical values with it), so a view can highlight what to fix.
    /// Not part of the JSON layout.
    #[serde(skip)]
    pub differs: Vec<bool>,
}

/// Rows on the other side a shown row is compared with to find its differing cells.
const CLOSEST_ROW_CANDIDATES: usize = 2_000;

/// Per position of `key`: whether it differs from the candidate sharing most positions with it
/// (all false when there is no candidate).
fn differing_cells<'k>(key: &[u32], candidates: impl Iterator<Item = &'k [u32]>) -> Vec<bool> {
    let best = candidates
        .take(CLOSEST_ROW_CANDIDATES)
        .max_by_key(|c| c.iter().zip(key).filter(|(a, b)| a == b).count());
    match best {
        Some(c) => key.iter().zip(c).map(|(a, b)| a != b).collect(),
        None => vec![false; key.len()],
    }
}

/// Order of rows in an ordered task.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisOrder"))]
pub struct OrderReport {
    /// The first position where the rows differ (none when one is a prefix of the other
    /// and the lengths are equal, i.e. the sequences are equal).
    pub first_difference: Option<FirstDifference>,
    /// Positions where the rows are equal.
    pub rows_in_place: usize,
    /// Whether the rows are equal as multisets.
    pub would_match_unordered: bool,
}

/// The first differing position of an ordered comparison.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "DiagnosisFirstDifference")
)]
pub struct FirstDifference {
    /// 1-based position.
    pub row: usize,
    /// The gold row there (absent past its end).
    pub gold: Option<Vec<String>>,
    /// The prediction row there (absent past its end).
    pub prediction: Option<Vec<String>>,
    /// Gold columns whose values differ there.
    pub differing_gold_columns: Vec<usize>,
}

/// A structured diagnosis of one prediction.
///
/// # Examples
///
/// ```
/// use tabeq::{explain_task, ExplainOptions, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "region", "type": "text"},
///   {"gold_index": 1, "gold_name": "gdp", "type": "number",
///    "comparison": {"mode": "decimal_places", "digits": 2}}]}"#, None)?;
/// let gold = b"region,gdp\nNorth,1.25\nSouth,2.5\n";
/// let d = explain_task(Prediction::Csv(b"r,g\nSouth,2.50\nNorth,1.25\n"), gold, &config,
///     &ExplainOptions::default())?;
/// assert!(d.passed());
/// assert_eq!(d.prediction_headers, ["r", "g"]);
/// assert_eq!(d.mapping.as_ref().unwrap().pairs[1].prediction_index, Some(1));
/// assert!(d.to_json().starts_with("{\n  \"diagnosis_version\": 1,\n  \"task_id\": \"task_1\","));
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "DiagnosisJson"))]
pub struct Diagnosis {
    /// The official record, exactly as [`PreparedGold::evaluate`] returns it.
    pub result: TaskResult,
    /// Gold column names (from the config).
    pub gold_names: Vec<String>,
    /// Gold column rules in words (from the config), e.g. `number (decimal_places 2, plain)`.
    pub gold_rules: Vec<String>,
    /// Prediction headers (clipped; empty when unreadable).
    pub prediction_headers: Vec<String>,
    /// What was received.
    pub input: InputStatus,
    /// Shape (when a table was read).
    pub shape: Option<Shape>,
    /// Type compatibility (when a table was read).
    pub types: Option<Types>,
    /// The official or best mapping (when a table was read).
    pub mapping: Option<MappingReport>,
    /// Rows under the mapping (when a table was read).
    pub rows: Option<RowReport>,
    /// Near misses; empty when the task passes.
    pub hints: Vec<Hint>,
    /// With two or more hints: whether applying all of them makes the task pass.
    pub hints_combined_would_pass: Option<bool>,
    /// Partial-credit scores (not the official score); left out of the JSON and documents of a
    /// participant-safe diagnosis.
    pub partial: PartialCredit,
    /// One paragraph for people.
    pub summary: String,
    /// Made with [`ExplainOptions::participant_safe`]: nothing in it is derived from gold values.
    pub participant_safe: bool,
}

impl Diagnosis {
    /// Whether the task passed (the official verdict).
    pub fn passed(&self) -> bool {
        self.result.passed
    }

    /// The diagnosis as JSON text: objects indented by two spaces, arrays of scalars on one line.
    pub fn to_json(&self) -> String {
        crate::cpython_json::to_tree(self).to_pretty_inline_scalars()
    }
}

fn grain_direction<S: serde::Serializer>(finer: &bool, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(if *finer { "finer" } else { "coarser" })
}

/// Longest CSV error message a diagnosis quotes, in characters.
const MAX_CSV_MESSAGE_CHARS: usize = 200;

/// `{status}`, plus the CSV problem for `invalid_csv`.
impl serde::Serialize for InputStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("InputStatus", 4)?;
        match self {
            InputStatus::Missing => out.serialize_field("status", "missing")?,
            InputStatus::Read => out.serialize_field("status", "read")?,
            InputStatus::InvalidCsv(e) => {
                out.serialize_field("status", "invalid_csv")?;
                out.serialize_field("csv_error", &e.kind)?;
                out.serialize_field("record", &e.record)?;
                out.serialize_field("message", &clip(&e.message(), MAX_CSV_MESSAGE_CHARS))?;
            }
        }
        out.end()
    }
}

/// The gold names and prediction headers of a diagnosis.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisColumns"))]
pub(crate) struct ColumnNames<'a> {
    gold: &'a [String],
    prediction: &'a [String],
}

/// The diagnosis layout, version [`DIAGNOSIS_VERSION`].
impl serde::Serialize for Diagnosis {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("Diagnosis", 15)?;
        out.serialize_field("diagnosis_version", &DIAGNOSIS_VERSION)?;
        out.serialize_field("task_id", &self.result.task_id)?;
        out.serialize_field("passed", &self.result.passed)?;
        out.serialize_field("error_code", &self.result.error_code)?;
        out.serialize_field("summary", &self.summary)?;
        out.serialize_field("result", &self.result)?;
        out.serialize_field(
            "columns",
            &ColumnNames {
                gold: &self.gold_names,
                prediction: &self.prediction_headers,
            },
        )?;
        out.serialize_field("input", &self.input)?;
        out.serialize_field("shape", &self.shape)?;
        out.serialize_field("types", &self.types)?;
        out.serialize_field("mapping", &self.mapping)?;
        out.serialize_field("rows", &self.rows)?;
        out.serialize_field("hints", &self.hints)?;
        out.serialize_field("hints_combined_would_pass", &self.hints_combined_would_pass)?;
        out.serialize_field(
            "partial_credit",
            &(!self.participant_safe).then_some(&self.partial),
        )?;
        out.end()
    }
}

/// The JSON shape of [`InputStatus`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(tag = "status", rename_all = "snake_case")]
#[allow(dead_code)]
pub(crate) enum InputStatusJson {
    Missing,
    Read,
    InvalidCsv {
        csv_error: crate::csv::CsvErrorKind,
        record: Option<usize>,
        message: String,
    },
}

/// The JSON shape of [`Diagnosis`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct DiagnosisJson {
    diagnosis_version: i64,
    task_id: String,
    passed: bool,
    error_code: Option<crate::evaluate::TaskErrorCode>,
    /// One paragraph for people.
    summary: String,
    /// The official record, exactly as `evaluate` returns it.
    result: TaskResult,
    /// Gold column names (config) and prediction headers.
    columns: ColumnNames<'static>,
    /// What was received.
    input: InputStatus,
    shape: Option<Shape>,
    types: Option<Types>,
    mapping: Option<MappingReport>,
    rows: Option<RowReport>,
    hints: Vec<Hint>,
    hints_combined_would_pass: Option<bool>,
    /// Not the official score; null in a participant-safe diagnosis.
    partial_credit: Option<PartialCredit>,
}

/// Diagnose a prediction against a prepared gold. Never panics on untrusted input.
///
/// # Examples
///
/// ```
/// use tabeq::{explain, ExplainOptions, Prediction, PreparedGold, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "region", "type": "text"},
///   {"gold_index": 1, "gold_name": "gdp", "type": "number",
///    "comparison": {"mode": "decimal_places", "digits": 2}}]}"#, None)?;
/// let gold = PreparedGold::new(b"region,gdp\nNorth,1.25\nSouth,2.5\n", &config)?;
/// // One decimal place where the gold has two.
/// let d = explain(Prediction::Csv(b"region,gdp\nNorth,1.3\nSouth,2.5\n"), &gold, &ExplainOptions::default());
/// assert_eq!(d.result.error_code.map(|c| c.code()), Some("relation_mismatch"));
/// assert_eq!(d.hints[0].kind.code(), "lower_precision");
/// assert!(d.hints[0].would_pass);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn explain(
    prediction: Prediction<'_>,
    gold: &PreparedGold,
    options: &ExplainOptions,
) -> Diagnosis {
    let read = prediction.read_within(gold.limits());
    let config = gold.config();
    let gold_names = config.columns.iter().map(|c| c.gold_name.clone()).collect();
    let gold_rules = config.columns.iter().map(|c| c.rule().describe()).collect();
    match read {
        Err(unread) => {
            let result = gold.unread_record(&unread);
            let missing = unread.is_missing();
            let input = match unread.csv_error {
                None => InputStatus::Missing,
                Some(error) => InputStatus::InvalidCsv(error.into_owned()),
            };
            let partial = PartialCredit::unreadable(
                config.columns.len(),
                gold.table().row_count(),
                missing,
                options.signature_strict,
            );
            let mut d = Diagnosis {
                result,
                gold_names,
                gold_rules,
                prediction_headers: Vec::new(),
                input,
                shape: None,
                types: None,
                mapping: None,
                rows: None,
                hints: Vec::new(),
                hints_combined_would_pass: None,
                partial,
                summary: String::new(),
                participant_safe: false,
            };
            d.participant_safe = options.participant_safe;
            d.summary = render::summary(&d);
            d
        }
        Ok(table) => {
            let options = &options.effective();
            let result = gold.evaluate_table(&table);
            let mut d =
                Analysis::new(gold, &table, options).diagnose(result, gold_names, gold_rules);
            if options.participant_safe {
                d.withhold_gold();
            }
            d.summary = render::summary(&d);
            d
        }
    }
}

impl Diagnosis {
    /// Leave out everything derived from gold values (see [`ExplainOptions::participant_safe`]).
    fn withhold_gold(&mut self) {
        self.participant_safe = true;
        if !self.result.passed {
            self.mapping = None;
        }
        self.rows = None;
        self.hints.clear();
        self.hints_combined_would_pass = None;
        if let Some(shape) = &mut self.shape {
            shape.extra_prediction_columns.clear();
            shape.missing_gold_columns.clear();
            shape.prediction_columns_matching_no_gold.clear();
            shape.gold_columns_matched_by_no_prediction.clear();
            shape.grain = None;
        }
    }
}

/// Prepare the gold (fatal errors are returned) and diagnose the prediction.
///
/// # Examples
///
/// ```
/// use tabeq::explain::InputStatus;
/// use tabeq::{explain_task, ExplainOptions, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "region", "type": "text"},
///   {"gold_index": 1, "gold_name": "gdp", "type": "number",
///    "comparison": {"mode": "decimal_places", "digits": 2}}]}"#, None)?;
/// let d = explain_task(Prediction::Missing, b"region,gdp\nNorth,1\n", &config, &ExplainOptions::default())?;
/// assert_eq!((d.passed(), &d.input), (false, &InputStatus::Missing));
/// assert!(explain_task(Prediction::Missing, b"", &config, &ExplainOptions::default()).is_err());
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn explain_task(
    prediction: Prediction<'_>,
    gold_csv: &[u8],
    config: &TaskConfig,
    options: &ExplainOptions,
) -> Result<Diagnosis, FatalError> {
    Ok(explain(
        prediction,
        &PreparedGold::new(gold_csv, config)?,
        options,
    ))
}

impl ExplainOptions {
    /// These options at the level `disclosure` (gold cells, hints and gold-derived facts as it
    /// allows).
    pub fn disclosing(self, disclosure: Disclosure) -> ExplainOptions {
        ExplainOptions {
            show_gold_values: disclosure == Disclosure::Full,
            participant_safe: disclosure == Disclosure::Participant,
            ..self
        }
        .effective()
    }

    /// The options as they apply: participant-safe implies no gold cells and no hints.
    fn effective(&self) -> ExplainOptions {
        let safe = self.participant_safe;
        ExplainOptions {
            show_gold_values: self.show_gold_values && !safe,
            hints: self.hints && !safe,
            ..self.clone()
        }
    }

    /// A gold cell as the diagnosis may show it.
    pub(crate) fn show_gold(&self, value: &str, max_chars: usize) -> String {
        shown(self.show_gold_values, value, max_chars)
    }

    /// A prediction cell or header as the diagnosis may show it.
    pub(crate) fn show_prediction(&self, value: &str, max_chars: usize) -> String {
        shown(self.show_prediction_values, value, max_chars)
    }
}

fn shown(allowed: bool, value: &str, max_chars: usize) -> String {
    if allowed {
        clip(value, max_chars)
    } else {
        REDACTED.to_string()
    }
}

/// Clip a cell for display.
pub(crate) fn clip(s: &str, max_chars: usize) -> String {
    let mut chars = s.chars();
    let head: String = chars.by_ref().take(max_chars).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// Canonical rows of some columns, flattened.
pub(crate) struct RowKeys {
    width: usize,
    flat: Vec<u32>,
    count: usize,
}

impl RowKeys {
    fn new(columns: &[&[u32]], count: usize) -> RowKeys {
        let width = columns.len();
        let mut flat = Vec::with_capacity(width * count);
        for r in 0..count {
            for col in columns {
                flat.push(col.get(r).copied().unwrap_or(BAD));
            }
        }
        RowKeys { width, flat, count }
    }

    fn key(&self, r: usize) -> &[u32] {
        &self.flat[r * self.width..(r + 1) * self.width]
    }

    /// Row indices sorted by (key, index).
    fn sorted_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.count).collect();
        order.sort_by(|&a, &b| self.key(a).cmp(self.key(b)).then(a.cmp(&b)));
        order
    }

    /// Indices (ascending) of the first occurrence of each distinct row.
    fn first_occurrences(&self, order: &[usize]) -> Vec<usize> {
        let mut keep: Vec<usize> = order
            .iter()
            .enumerate()
            .filter(|&(i, &r)| i == 0 || self.key(order[i - 1]) != self.key(r))
            .map(|(_, &r)| r)
            .collect();
        keep.sort_unstable();
        keep
    }
}

/// Multiset difference of two row sets given their sorted orders: (matched, missing gold
/// rows, extra prediction rows), both lists ascending. Equal rows pair up in index order.
fn multiset_difference(
    gold: &RowKeys,
    gold_order: &[usize],
    pred: &RowKeys,
    pred_order: &[usize],
) -> (usize, Vec<usize>, Vec<usize>) {
    let (mut i, mut k, mut matched) = (0, 0, 0);
    let (mut missing, mut extra) = (Vec::new(), Vec::new());
    while i < gold_order.len() && k < pred_order.len() {
        match gold.key(gold_order[i]).cmp(pred.key(pred_order[k])) {
            std::cmp::Ordering::Equal => {
                matched += 1;
                i += 1;
                k += 1;
            }
            std::cmp::Ordering::Less => {
                missing.push(gold_order[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                extra.push(pred_order[k]);
                k += 1;
            }
        }
    }
    missing.extend_from_slice(&gold_order[i..]);
    extra.extend_from_slice(&pred_order[k..]);
    missing.sort_unstable();
    extra.sort_unstable();
    (matched, missing, extra)
}

/// The diagnosis of a readable prediction.
pub(crate) struct Analysis<'a> {
    pub gold: &'a PreparedGold,
    pub table: &'a Table,
    pub options: &'a ExplainOptions,
    pub canon: Canon<'a>,
    pub d: usize,
    pub c: usize,
    pub n_gold: usize,
    pub n_pred: usize,
    pub ordered: bool,
    /// `pairs[j][k]`.
    pub overlaps: Vec<Vec<Overlap>>,
    /// `positions[j][k]` (ordered tasks only).
    pub positions: Vec<Vec<usize>>,
    /// Readable-pair masks per gold column.
    pub compat: Vec<u64>,
}

impl<'a> Analysis<'a> {
    fn new(gold: &'a PreparedGold, table: &'a Table, options: &'a ExplainOptions) -> Self {
        let config = gold.config();
        let canon = Canon::new(gold, table);
        let d = config.columns.len();
        let c = table.column_count();
        let (n_gold, n_pred) = (gold.table().row_count(), table.row_count());
        let ordered = config.order_sensitive;
        let overlaps = canonical_columns::overlaps(&canon, c);
        // Positions can only agree where values are shared.
        let positions = (0..d)
            .map(|j| {
                (0..c)
                    .map(|k| {
                        if !ordered || overlaps[j][k].shared == 0 {
                            return 0;
                        }
                        let p = &canon.pred_col(j, k).ids;
                        canon.gold[j]
                            .iter()
                            .zip(p)
                            .filter(|(a, b)| a == b && **b != BAD)
                            .count()
                    })
                    .collect()
            })
            .collect();
        let compat = (0..d)
            .map(|j| {
                (0..c.min(64))
                    .filter(|&k| canon.pred_col(j, k).compatible())
                    .fold(0u64, |m, k| m | (1u64 << k))
            })
            .collect();
        Analysis {
            gold,
            table,
            options,
            canon,
            d,
            c,
            n_gold,
            n_pred,
            ordered,
            overlaps,
            positions,
            compat,
        }
    }

    /// Whether prediction column `k` holds exactly gold column `j`'s values.
    pub fn same_values(&self, j: usize, k: usize) -> bool {
        if self.n_gold != self.n_pred || !self.canon.pred_col(j, k).compatible() {
            return false;
        }
        if self.ordered {
            self.positions[j][k] == self.n_gold
        } else {
            self.overlaps[j][k].shared == self.n_gold
        }
    }

    /// The best mapping by maximum-weight matching.
    fn best_mapping(&self) -> Vec<Option<usize>> {
        let weights: Vec<Vec<i64>> = (0..self.d)
            .map(|j| {
                (0..self.c)
                    .map(|k| {
                        let mut agreement = self.overlaps[j][k].shared as i64;
                        if self.ordered {
                            agreement += self.positions[j][k] as i64;
                        }
                        let readable = i64::from(self.canon.pred_col(j, k).compatible());
                        agreement * 4 + readable * 2 + i64::from(j == k)
                    })
                    .collect()
            })
            .collect();
        assign::max_weight_assignment(&weights)
    }

    fn diagnose(
        mut self,
        result: TaskResult,
        gold_names: Vec<String>,
        gold_rules: Vec<String>,
    ) -> Diagnosis {
        let mapping: Vec<Option<usize>> = match &result.column_mapping {
            Some(m) if result.passed => m.iter().map(|&k| Some(k)).collect(),
            _ => self.best_mapping(),
        };
        self.canon
            .intern_columns(self.table, &Self::mapped_pairs(&mapping));
        let mapping_report = self.mapping_report(&mapping, result.passed);
        let rows = self.rows(&mapping);
        let shape = self.shape(&mapping, &rows);
        let types = self.types(&mapping);
        let (hints, combined) = if result.passed || !self.options.hints {
            (Vec::new(), None)
        } else {
            hints::find(&self, &mapping, &rows)
        };
        let partial = self.partial(&rows);
        Diagnosis {
            result,
            gold_names,
            gold_rules,
            prediction_headers: self
                .table
                .headers()
                .iter()
                .map(|h| {
                    self.options
                        .show_prediction(h, self.options.max_value_chars)
                })
                .collect(),
            input: InputStatus::Read,
            shape: Some(shape),
            types: Some(types),
            mapping: Some(mapping_report),
            rows: Some(rows.report),
            hints,
            hints_combined_would_pass: combined,
            partial,
            summary: String::new(),
            participant_safe: false,
        }
    }

    fn mapping_report(&self, mapping: &[Option<usize>], official: bool) -> MappingReport {
        let pairs: Vec<MappedPair> = mapping
            .iter()
            .enumerate()
            .map(|(j, &k)| match k {
                Some(k) => MappedPair {
                    gold_index: j,
                    prediction_index: Some(k),
                    compatible: self.canon.pred_col(j, k).compatible(),
                    shared_values: self.overlaps[j][k].shared,
                    same_positions: self.ordered.then(|| self.positions[j][k]),
                    same_values: self.same_values(j, k),
                },
                None => MappedPair {
                    gold_index: j,
                    prediction_index: None,
                    compatible: false,
                    shared_values: 0,
                    same_positions: None,
                    same_values: false,
                },
            })
            .collect();
        let valid = pairs.iter().all(|p| p.compatible);
        MappingReport {
            official,
            method: if official {
                "official: the first passing mapping in lexicographic order"
            } else if self.ordered {
                "best effort: maximum-weight bipartite matching (Hungarian algorithm) on per-column-pair \
                 agreement = equal positions + multiset overlap of canonical values; ties prefer \
                 readable pairs, then same-position pairs"
            } else {
                "best effort: maximum-weight bipartite matching (Hungarian algorithm) on per-column-pair \
                 multiset overlap of canonical values; ties prefer readable pairs, then \
                 same-position pairs"
            },
            pairs,
            valid,
        }
    }

    /// The gold columns compared and their prediction columns.
    pub fn mapped_pairs(mapping: &[Option<usize>]) -> Vec<(usize, usize)> {
        mapping
            .iter()
            .enumerate()
            .filter_map(|(j, k)| k.map(|k| (j, k)))
            .collect()
    }

    fn rows(&self, mapping: &[Option<usize>]) -> RowsAnalysis {
        let pairs = Self::mapped_pairs(mapping);
        let gold_cols: Vec<&[u32]> = pairs
            .iter()
            .map(|&(j, _)| self.canon.gold[j].as_slice())
            .collect();
        let pred_cols: Vec<&[u32]> = pairs
            .iter()
            .map(|&(j, k)| self.canon.pred_col(j, k).ids.as_slice())
            .collect();
        let gold_keys = RowKeys::new(&gold_cols, self.n_gold);
        let pred_keys = RowKeys::new(&pred_cols, self.n_pred);
        let gold_order = gold_keys.sorted_order();
        let pred_order = pred_keys.sorted_order();
        let (matched, missing, extra) =
            multiset_difference(&gold_keys, &gold_order, &pred_keys, &pred_order);
        let max_chars = self.row_value_chars(pairs.len());
        let show_gold = |r: usize| ShownRow {
            row: r + 1,
            values: self.gold_row_values(&pairs, r, max_chars),
            differs: differing_cells(gold_keys.key(r), extra.iter().map(|&e| pred_keys.key(e))),
        };
        let show_pred = |r: usize| ShownRow {
            row: r + 1,
            values: self.pred_row_values(&pairs, r, max_chars),
            differs: differing_cells(pred_keys.key(r), missing.iter().map(|&m| gold_keys.key(m))),
        };
        let order = self.ordered.then(|| {
            let common = self.n_gold.min(self.n_pred);
            let in_place = (0..common)
                .filter(|&r| gold_keys.key(r) == pred_keys.key(r))
                .count();
            let first = (0..common)
                .find(|&r| gold_keys.key(r) != pred_keys.key(r))
                .or((self.n_gold != self.n_pred).then_some(common));
            OrderReport {
                first_difference: first.map(|r| FirstDifference {
                    row: r + 1,
                    gold: (r < self.n_gold).then(|| self.gold_row_values(&pairs, r, max_chars)),
                    prediction: (r < self.n_pred)
                        .then(|| self.pred_row_values(&pairs, r, max_chars)),
                    differing_gold_columns: if r < common {
                        pairs
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| gold_keys.key(r)[i] != pred_keys.key(r)[i])
                            .map(|(_, &(j, _))| j)
                            .collect()
                    } else {
                        Vec::new()
                    },
                }),
                rows_in_place: in_place,
                would_match_unordered: missing.is_empty() && extra.is_empty(),
            }
        });
        let report = RowReport {
            compared_gold_columns: pairs.iter().map(|&(j, _)| j).collect(),
            gold_rows: self.n_gold,
            prediction_rows: self.n_pred,
            matched_rows: matched,
            missing_count: missing.len(),
            extra_count: extra.len(),
            missing: missing
                .iter()
                .take(self.options.max_items)
                .map(|&r| show_gold(r))
                .collect(),
            extra: extra
                .iter()
                .take(self.options.max_items)
                .map(|&r| show_pred(r))
                .collect(),
            order,
        };
        RowsAnalysis {
            report,
            pairs,
            gold_keys,
            gold_order,
            pred_keys,
            pred_order,
        }
    }

    /// Characters per shown value, so that shown rows stay within about 16,000 characters.
    fn row_value_chars(&self, width: usize) -> usize {
        let cells = (2 * self.options.max_items + 2) * width.max(1);
        (16_000 / cells).clamp(8, self.options.max_value_chars.max(8))
    }

    fn gold_row_values(&self, pairs: &[(usize, usize)], r: usize, max_chars: usize) -> Vec<String> {
        pairs
            .iter()
            .map(|&(j, _)| {
                self.options
                    .show_gold(self.gold.table().cell(r, j), max_chars)
            })
            .collect()
    }

    fn pred_row_values(&self, pairs: &[(usize, usize)], r: usize, max_chars: usize) -> Vec<String> {
        pairs
            .iter()
            .map(|&(_, k)| {
                self.options
                    .show_prediction(self.table.cell(r, k), max_chars)
            })
            .collect()
    }

    fn shape(&self, mapping: &[Option<usize>], rows: &RowsAnalysis) -> Shape {
        let mut used = vec![false; self.c];
        for k in mapping.iter().flatten() {
            used[*k] = true;
        }
        let extra_prediction_columns = (0..self.c).filter(|&k| !used[k]).collect();
        let missing_gold_columns = (0..self.d).filter(|&j| mapping[j].is_none()).collect();
        let shares = |j: usize, k: usize| self.overlaps[j][k].shared_values > 0;
        let prediction_columns_matching_no_gold = (0..self.c)
            .filter(|&k| !(0..self.d).any(|j| shares(j, k)))
            .collect();
        let gold_columns_matched_by_no_prediction = (0..self.d)
            .filter(|&j| !(0..self.c).any(|k| shares(j, k)))
            .collect();
        let grain = (self.n_gold != self.n_pred).then(|| {
            let distinct_pred = rows.pred_keys.first_occurrences(&rows.pred_order);
            let distinct_gold = rows.gold_keys.first_occurrences(&rows.gold_order);
            let key_columns = rows
                .pairs
                .iter()
                .filter(|&&(j, k)| {
                    let col = self.canon.pred_col(j, k);
                    col.compatible()
                        && canonical_columns::same_distinct(&self.canon.gold_sorted[j], &col.sorted)
                })
                .map(|&(j, _)| j)
                .collect();
            Grain {
                finer: self.n_pred > self.n_gold,
                prediction_duplicate_rows: self.n_pred - distinct_pred.len(),
                gold_duplicate_rows: self.n_gold - distinct_gold.len(),
                same_distinct_rows: same_distinct_rows(rows),
                key_columns,
            }
        });
        Shape {
            expected_columns: self.d,
            received_columns: self.c,
            expected_rows: self.n_gold,
            received_rows: self.n_pred,
            extra_prediction_columns,
            missing_gold_columns,
            prediction_columns_matching_no_gold,
            gold_columns_matched_by_no_prediction,
            grain,
        }
    }

    fn types(&self, mapping: &[Option<usize>]) -> Types {
        // Bounded output: at most about 64 offending cells in all.
        let per_column = (64 / self.d.max(1)).max(1);
        let columns = (0..self.d)
            .map(|j| {
                let compatible: Vec<usize> = (0..self.c)
                    .filter(|&k| self.canon.pred_col(j, k).compatible())
                    .collect();
                let mut bad: Vec<usize> = (0..self.c)
                    .filter(|&k| !self.canon.pred_col(j, k).compatible())
                    .collect();
                let incompatible_count = bad.len();
                // The best mapping follows the gold's values: a participant-safe diagnosis keeps
                // the prediction's own column order (and so the same cut), whatever the gold.
                if let Some(m) = mapping[j].filter(|_| !self.options.participant_safe) {
                    if let Some(pos) = bad.iter().position(|&k| k == m) {
                        bad.remove(pos);
                        bad.insert(0, m);
                    }
                }
                let incompatible = bad
                    .into_iter()
                    .take(per_column)
                    .filter_map(|k| {
                        let col = self.canon.pred_col(j, k);
                        let e = col.first_error?;
                        Some(OffendingCell {
                            prediction_index: k,
                            row: e.row + 1,
                            value: self.options.show_prediction(
                                self.table.cell(e.row, k),
                                self.options.max_value_chars,
                            ),
                            reason: e.kind,
                            bad_cells: col.bad_cells,
                        })
                    })
                    .collect();
                ColumnTypes {
                    gold_index: j,
                    rule: self.canon.space_of(j).rule.describe(),
                    compatible,
                    incompatible,
                    incompatible_count,
                }
            })
            .collect();
        // With fewer prediction columns than gold columns the shape already says it all.
        let matching = bipartite::max_matching(&self.compat);
        let unreadable = (self.c >= self.d)
            .then(|| bipartite::hall_violator(&self.compat, &matching))
            .flatten()
            .map(|(gold_columns, readable_from)| Unreadable {
                gold_columns,
                readable_from,
            });
        Types {
            columns,
            unreadable,
        }
    }

    /// Row scores under the mapping of `rows`, and the gold columns some prediction column
    /// recovers (holds exactly its values; a maximum one-to-one matching).
    pub(crate) fn mapped_credit(&self, rows: &RowsAnalysis) -> (RowScores, ColumnScores) {
        // A row missing a gold column is never a gold row.
        let all_mapped = rows.pairs.len() == self.d;
        let matched_rows = if all_mapped {
            rows.report.matched_rows
        } else {
            0
        };
        let same: Vec<u64> = (0..self.d)
            .map(|j| {
                (0..self.c.min(64))
                    .filter(|&k| self.same_values(j, k))
                    .fold(0u64, |m, k| m | (1u64 << k))
            })
            .collect();
        let recovered = bipartite::max_matching(&same).iter().flatten().count();
        (
            RowScores::new(matched_rows, self.n_gold, self.n_pred),
            ColumnScores::new(recovered, self.d, self.c),
        )
    }

    fn partial(&self, rows: &RowsAnalysis) -> PartialCredit {
        let (rows, columns) = self.mapped_credit(rows);
        PartialCredit {
            column_signature: self
                .gold
                .column_signatures(self.options.signature_strict)
                .score(Some(self.table)),
            rows,
            columns,
        }
    }
}

/// Rows compared under a mapping, kept for hints.
pub(crate) struct RowsAnalysis {
    pub report: RowReport,
    pub pairs: Vec<(usize, usize)>,
    pub gold_keys: RowKeys,
    pub gold_order: Vec<usize>,
    pub pred_keys: RowKeys,
    pub pred_order: Vec<usize>,
}

/// Whether both sides have the same set of distinct rows.
fn same_distinct_rows(rows: &RowsAnalysis) -> bool {
    let g = rows.gold_keys.first_occurrences(&rows.gold_order);
    let p = rows.pred_keys.first_occurrences(&rows.pred_order);
    if g.len() != p.len() {
        return false;
    }
    let mut gk: Vec<&[u32]> = g.iter().map(|&r| rows.gold_keys.key(r)).collect();
    let mut pk: Vec<&[u32]> = p.iter().map(|&r| rows.pred_keys.key(r)).collect();
    gk.sort_unstable();
    pk.sort_unstable();
    gk == pk
}
