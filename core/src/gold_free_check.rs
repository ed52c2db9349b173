//! The pre-submission check: what can be known about a prediction from its config alone,
//! without the gold.
//!
//! It reads the prediction with the strict CSV reader and its limits, compares its column
//! count with the config's, and for every gold column lists which prediction columns read
//! under that column's rule and, for each of the others, the first cell that does not (row,
//! raw value, rule, reason). A prediction that passes the check can still fail on the gold's
//! row count or values; one that fails it fails with the reported error whatever the gold.
//!
//! ```
//! use tabeq::config::TaskConfig;
//! use tabeq::evaluate::Prediction;
//! use tabeq::gold_free_check::validate_prediction;
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [
//!     {"gold_index": 0, "gold_name": "region", "type": "text"},
//!     {"gold_index": 1, "gold_name": "gdp", "type": "number", "comparison": {"mode": "integer"}}]}"#, None).unwrap();
//! let report = validate_prediction(Prediction::Csv(b"GDP,Region\n12,North\n3.5,South\n"), &config);
//! // "GDP" cannot be read as an integer (3.5), so no one-to-one mapping is type-compatible.
//! assert_eq!(report.error_code.map(|c| c.code()), Some("type_normalization_failed"));
//! let gdp = &report.columns[1];
//! assert_eq!(gdp.readable, Vec::<usize>::new());
//! assert_eq!(gdp.unreadable[0].prediction_index, 0);
//! assert_eq!(gdp.unreadable[0].row, 2);
//! assert_eq!(gdp.unreadable[0].value, "3.5");
//! assert_eq!(gdp.unreadable[0].error.kind.code(), "cell_not_an_integer");
//! ```

use std::collections::HashSet;

use crate::bipartite::first_perfect_matching;
use crate::canon::canonicalize;
use crate::config::CellError;
use crate::config::{Rule, TaskConfig};
use crate::csv::CsvError;
use crate::csv::{Limits, Table};
use crate::evaluate::Prediction;
use crate::evaluate::TaskErrorCode;
use crate::fixit::{text_not_csv, SubmissionCode, TextPosition};

/// Longest raw value quoted in a [`BadCell`], in characters.
pub const MAX_QUOTED_VALUE_CHARS: usize = 200;

/// The first cell of a prediction column that does not read under a gold column's rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCell {
    /// The prediction column (0-based).
    pub prediction_index: usize,
    /// Its header.
    pub header: String,
    /// The data row, 1-based (the header is not counted).
    pub row: usize,
    /// The raw cell, cut to [`MAX_QUOTED_VALUE_CHARS`] characters.
    pub value: String,
    /// Whether `value` was cut.
    pub value_truncated: bool,
    /// Why it does not read.
    pub error: CellError,
}

/// How the prediction's columns read under one gold column's rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnReadability {
    /// The gold column (0-based).
    pub gold_index: usize,
    /// Its name in the config.
    pub gold_name: String,
    /// Its rule.
    pub rule: Rule,
    /// Prediction columns whose every cell reads under the rule, ascending.
    pub readable: Vec<usize>,
    /// For each other prediction column, ascending, its first unreadable cell.
    pub unreadable: Vec<BadCell>,
}

/// The result of [`validate_prediction`].
///
/// # Examples
///
/// ```
/// use tabeq::{validate_prediction, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
/// let report = validate_prediction(Prediction::Csv(b"x,y\n1,2\n"), &config);
/// assert_eq!(report.error_code.map(|c| c.code()), Some("column_count_mismatch"));
/// assert_eq!((report.gold_column_count, report.prediction_column_count), (1, 2));
/// assert!(!report.ok());
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "ValidationReportJson"))]
pub struct ValidationReport {
    /// The config's task id.
    pub task_id: String,
    /// The error the task fails with, as far as it is known without the gold.
    /// `missing_prediction`, `invalid_prediction_csv` and `column_count_mismatch` are final;
    /// `type_normalization_failed` is what the task gets unless the gold's row count differs
    /// (a row-count mismatch is reported first). `None`: the verdict depends on the gold.
    pub error_code: Option<TaskErrorCode>,
    /// A message for people, with `error_code`.
    pub error: Option<String>,
    /// The CSV problem, for `invalid_prediction_csv`.
    pub csv_error: Option<CsvError>,
    /// Columns in the config.
    pub gold_column_count: usize,
    /// Prediction columns (0 when missing or unreadable).
    pub prediction_column_count: usize,
    /// Prediction data rows (0 when missing or unreadable).
    pub prediction_row_count: usize,
    /// The prediction's header (empty when missing or unreadable).
    pub prediction_headers: Vec<String>,
    /// One entry per gold column (empty when the prediction is missing or unreadable).
    pub columns: Vec<ColumnReadability>,
    /// When the column counts agree: the lexicographically first one-to-one mapping (prediction
    /// index per gold column) under which every column reads, if there is one. The official
    /// search starts from it; whether it passes depends on the gold.
    pub type_compatible_mapping: Option<Vec<usize>>,
    /// A file the official reader accepts but that is unlikely to be the answer
    /// ([`answer_problem`]): `not_csv_text` or `header_only`. A warning, not a failure: the
    /// evaluator scores the file, and a header-only answer passes against an empty gold, which
    /// only the gold shows ([`ValidationReport::ok`] is the official verdict's side).
    pub answer_problem: Option<AnswerProblem>,
}

/// A prediction file that reads as CSV but is unlikely to be the answer: JSON, HTML or XML saved as
/// CSV (`not_csv_text`, at line 1, column 1) or a header with no data row (`header_only`, at
/// the end of the file). The submission check and the single-task check report the same words.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AnswerProblem {
    /// `not_csv_text` or `header_only` (the `submission` family of the catalogue).
    #[cfg_attr(feature = "ts", ts(type = "\"not_csv_text\" | \"header_only\""))]
    pub code: &'static str,
    /// For people, starting with the place (`line 1, column 1: ...`).
    pub message: String,
    /// Where in the file.
    pub position: TextPosition,
}

/// The [`AnswerProblem`] of a prediction file's `bytes`, which read as a table of `rows` data
/// rows, if it has one; `file_name` is what the message calls the file.
///
/// ```
/// use tabeq::gold_free_check::answer_problem;
/// let json = answer_problem(b"[{\"a\": 1}]\n", 0, "prediction.csv").unwrap();
/// assert_eq!(json.code, "not_csv_text");
/// let empty = answer_problem(b"a,b\n", 0, "prediction.csv").unwrap();
/// assert_eq!((empty.code, empty.position.line), ("header_only", 2));
/// assert_eq!(answer_problem(b"a\n1\n", 1, "prediction.csv"), None);
/// ```
pub fn answer_problem(bytes: &[u8], rows: usize, file_name: &str) -> Option<AnswerProblem> {
    if let Some(kind) = text_not_csv(bytes) {
        let position = TextPosition::at(bytes, 0);
        return Some(AnswerProblem {
            code: SubmissionCode::NotCsvText.code(),
            // The first character: "line 1, column 1" says it without a byte offset.
            message: format!("line 1, column 1: this is {kind} text saved as {file_name}, not a CSV table; the official reader takes its lines as rows"),
            position,
        });
    }
    (rows == 0).then(|| {
        let position = TextPosition::at(bytes, bytes.len());
        AnswerProblem {
            code: SubmissionCode::HeaderOnly.code(),
            message: format!(
                "{position}: the file has a header row and no data row; it scores as an empty answer"
            ),
            position,
        }
    })
}

impl ValidationReport {
    /// True when nothing found so far fails the task (an [`AnswerProblem`] does not: the gold
    /// decides it).
    pub fn ok(&self) -> bool {
        self.error_code.is_none()
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        crate::cpython_json::to_tree(self).to_pretty()
    }
}

/// A [`BadCell`] as written in a report: with its column's rule and its reason split into
/// code and message.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BadCell"))]
pub(crate) struct BadCellRecord<'a> {
    prediction_index: usize,
    header: &'a str,
    row: usize,
    value: &'a str,
    value_truncated: bool,
    rule: &'a str,
    code: crate::config::CellErrorKind,
    reason: String,
}

#[derive(serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ColumnReadability"))]
pub(crate) struct ColumnRecord<'a> {
    gold_index: usize,
    gold_name: &'a str,
    rule: &'a str,
    readable: &'a [usize],
    unreadable: Vec<BadCellRecord<'a>>,
}

impl serde::Serialize for ValidationReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let rules: Vec<String> = self.columns.iter().map(|c| c.rule.describe()).collect();
        let columns: Vec<ColumnRecord<'_>> = self
            .columns
            .iter()
            .zip(&rules)
            .map(|(c, rule)| ColumnRecord {
                gold_index: c.gold_index,
                gold_name: &c.gold_name,
                rule,
                readable: &c.readable,
                unreadable: c
                    .unreadable
                    .iter()
                    .map(|b| BadCellRecord {
                        prediction_index: b.prediction_index,
                        header: &b.header,
                        row: b.row,
                        value: &b.value,
                        value_truncated: b.value_truncated,
                        rule,
                        code: b.error.kind,
                        reason: b.error.message(),
                    })
                    .collect(),
            })
            .collect();
        let mapping = self
            .type_compatible_mapping
            .as_deref()
            .map(crate::evaluate::column_pairs);
        let mut out = s.serialize_struct("ValidationReport", 12)?;
        out.serialize_field("task_id", &self.task_id)?;
        out.serialize_field("ok", &self.ok())?;
        out.serialize_field("error_code", &self.error_code)?;
        out.serialize_field("error", &self.error)?;
        out.serialize_field("csv_error", &self.csv_error)?;
        out.serialize_field("gold_column_count", &self.gold_column_count)?;
        out.serialize_field("prediction_column_count", &self.prediction_column_count)?;
        out.serialize_field("prediction_row_count", &self.prediction_row_count)?;
        out.serialize_field("prediction_headers", &self.prediction_headers)?;
        out.serialize_field("columns", &columns)?;
        out.serialize_field("type_compatible_mapping", &mapping)?;
        out.serialize_field("answer_problem", &self.answer_problem)?;
        out.end()
    }
}

/// The JSON shape of [`ValidationReport`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct ValidationReportJson {
    task_id: String,
    /// Nothing found fails the task (the gold can still disagree).
    ok: bool,
    /// `missing_prediction`, `invalid_prediction_csv` and `column_count_mismatch` are final;
    /// `type_normalization_failed` holds unless the gold's row count differs.
    error_code: Option<crate::evaluate::TaskErrorCode>,
    error: Option<String>,
    csv_error: Option<crate::csv::CsvError>,
    gold_column_count: usize,
    prediction_column_count: usize,
    prediction_row_count: usize,
    prediction_headers: Vec<String>,
    /// One entry per gold column; empty when the prediction is missing or unreadable.
    columns: Vec<ColumnRecord<'static>>,
    /// With equal column counts: the first one-to-one mapping under which every column reads.
    type_compatible_mapping: Option<Vec<crate::evaluate::ColumnPair>>,
    /// JSON, HTML or XML saved as CSV, or a header with no data row: a warning (`ok` stays true; the gold decides).
    answer_problem: Option<AnswerProblem>,
}

impl ValidationReport {
    /// The report for people: the verdict so far, then the gold columns with the prediction
    /// columns that read under each (`columns`) and the first cell of each other column that
    /// does not (`unreadable_cells`).
    ///
    /// ```
    /// use tabeq::{Prediction, TaskConfig};
    /// use tabeq::gold_free_check::validate_prediction;
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "number",
    ///   "comparison": {"mode": "integer"}}]}"#, None).unwrap();
    /// let doc = validate_prediction(Prediction::Csv(b"n\n1.5\n"), &config).document();
    /// assert_eq!(doc.title, "task_1: fails (type_normalization_failed)");
    /// assert!(doc.to_text().contains("cell_not_an_integer"));
    /// ```
    pub fn document(&self) -> crate::doc::Document {
        use crate::doc::{Align, Block, Cell, Document, Mark, Section, Table};
        let answer = self.answer_problem.as_ref();
        let title = match (self.error_code, answer) {
            (Some(code), _) => format!("{}: fails ({})", self.task_id, code.code()),
            (None, Some(p)) => format!("{}: warning ({})", self.task_id, p.code),
            (None, None) => format!("{}: no problem found without the gold", self.task_id),
        };
        let verdict = match (self.error_code, answer) {
            (Some(code), _) => format!("fails: {} — {}", code.code(), code.description()),
            (None, Some(p)) => {
                let description = SubmissionCode::from_code(p.code).map_or("", |c| c.description());
                format!("warning: {} — {description} (the gold decides)", p.code)
            }
            (None, None) => "no problem found (the gold decides the rest)".to_string(),
        };
        let mut facts = vec![("verdict".to_string(), verdict)];
        if let Some(error) = &self.error {
            facts.push(("message".into(), error.clone()));
        }
        if let Some(p) = answer {
            facts.push(("file".into(), p.message.clone()));
        }
        facts.push((
            "columns".into(),
            format!(
                "config {}, prediction {}",
                self.gold_column_count, self.prediction_column_count
            ),
        ));
        facts.push((
            "prediction rows".into(),
            self.prediction_row_count.to_string(),
        ));
        if let Some(m) = &self.type_compatible_mapping {
            let pairs: Vec<String> = m
                .iter()
                .enumerate()
                .map(|(j, k)| format!("{j}→{k}"))
                .collect();
            facts.push(("first readable mapping".into(), pairs.join(", ")));
        }
        let mut doc = Document::new(title).lead(Block::Facts { items: facts });
        if self.columns.is_empty() {
            return doc;
        }
        let header = |k: usize| self.prediction_headers.get(k).map_or("?", String::as_str);
        let mut columns = Table::with_columns(&[
            ("gold #", Align::Right),
            ("gold name", Align::Left),
            ("rule", Align::Left),
            ("readable prediction columns", Align::Left),
        ]);
        let mut bad = unreadable_cells_table();
        for c in &self.columns {
            let readable: Vec<String> = c
                .readable
                .iter()
                .map(|&k| format!("{k} {}", header(k)))
                .collect();
            let readable = if readable.is_empty() {
                Cell::text("none").marked(Mark::Bad)
            } else {
                Cell::text(readable.join(", "))
            };
            columns.push_row(vec![
                Cell::text(c.gold_index.to_string()),
                Cell::text(c.gold_name.clone()),
                Cell::text(c.rule.describe()),
                readable,
            ]);
            for b in &c.unreadable {
                bad.push_row(unreadable_cell_row(
                    format!("{} {}", c.gold_index, c.gold_name),
                    format!("{} {}", b.prediction_index, b.header),
                    b.row,
                    &b.value,
                    b.error.to_string(),
                ));
            }
        }
        doc = doc.section(
            Section::new("Gold columns")
                .with_id("columns")
                .block(Block::Table(columns)),
        );
        if !bad.rows.is_empty() {
            doc = doc.section(
                Section::new("Cells that do not read")
                    .with_id("unreadable_cells")
                    .block(Block::Table(bad)),
            );
        }
        doc
    }
}

/// The "cells that do not read" table that the validation report and the diagnosis both show:
/// gold column, prediction column, row, value, reason (the diagnosis adds a column).
pub(crate) fn unreadable_cells_table() -> crate::doc::Table {
    use crate::doc::{Align, Table};
    Table::with_columns(&[
        ("gold column", Align::Left),
        ("prediction column", Align::Left),
        ("row", Align::Right),
        ("value", Align::Left),
        ("reason", Align::Left),
    ])
}

/// A row of [`unreadable_cells_table`]: the value is marked bad.
pub(crate) fn unreadable_cell_row(
    gold: String,
    prediction: String,
    row: usize,
    value: &str,
    reason: String,
) -> Vec<crate::doc::Cell> {
    use crate::doc::{Cell, Mark};
    vec![
        Cell::text(gold),
        Cell::text(prediction),
        Cell::text(row.to_string()),
        Cell::text(value).marked(Mark::Bad),
        Cell::text(reason),
    ]
}

/// Check a prediction against a config without the gold (see the module docs).
///
/// # Examples
///
/// ```
/// use tabeq::{validate_prediction, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "date"}]}"#, None)?;
/// let report = validate_prediction(Prediction::Csv(b"day\n2024-01-05\n"), &config);
/// assert!(report.ok());
/// assert_eq!(report.columns[0].readable, [0]);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn validate_prediction(prediction: Prediction<'_>, config: &TaskConfig) -> ValidationReport {
    validate_prediction_within(prediction, config, &Limits::OFFICIAL)
}

/// [`validate_prediction`] with the prediction's CSV read within `limits` (see [`Limits`]).
///
/// ```
/// use tabeq::csv::Limits;
/// use tabeq::{validate_prediction, validate_prediction_within, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
/// let rows = "n\n".to_string() + &"x\n".repeat(100_001);
/// let refused = validate_prediction(Prediction::Csv(rows.as_bytes()), &config);
/// assert_eq!(refused.csv_error.unwrap().kind.code(), "csv_too_many_rows");
/// let lifted = validate_prediction_within(Prediction::Csv(rows.as_bytes()), &config, &Limits::LIFTED);
/// assert!(lifted.ok());
/// assert_eq!(lifted.prediction_row_count, 100_001);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn validate_prediction_within(
    prediction: Prediction<'_>,
    config: &TaskConfig,
    limits: &Limits,
) -> ValidationReport {
    let mut report = ValidationReport {
        task_id: config.task_id.clone(),
        error_code: None,
        error: None,
        csv_error: None,
        gold_column_count: config.columns.len(),
        prediction_column_count: 0,
        prediction_row_count: 0,
        prediction_headers: Vec::new(),
        columns: Vec::new(),
        type_compatible_mapping: None,
        answer_problem: None,
    };
    let bytes = match prediction {
        Prediction::Csv(bytes) | Prediction::CsvAt(bytes, _) => Some(bytes),
        _ => None,
    };
    let table = match prediction.read_within(limits) {
        Ok(table) => table,
        Err(unread) => {
            report.error_code = Some(unread.code);
            report.error = Some(unread.message);
            report.csv_error = unread.csv_error.map(|e| e.into_owned());
            return report;
        }
    };
    let table = table.as_ref();
    report.prediction_column_count = table.column_count();
    report.prediction_row_count = table.row_count();
    report.prediction_headers = table.headers().to_vec();
    report.answer_problem =
        bytes.and_then(|b| answer_problem(b, table.row_count(), crate::fixit::PREDICTION_FILE));
    report.columns = readability(table, config);
    let d = config.columns.len();
    if table.column_count() != d {
        report.error_code = Some(TaskErrorCode::ColumnCountMismatch);
        report.error = Some(format!(
            "Expected {d} columns; received {}",
            table.column_count()
        ));
        return report;
    }
    let edges: Vec<u64> = report
        .columns
        .iter()
        .map(|c| {
            c.readable
                .iter()
                .filter(|&&k| k < 64)
                .fold(0u64, |m, &k| m | (1u64 << k))
        })
        .collect();
    report.type_compatible_mapping = first_perfect_matching(&edges);
    if report.type_compatible_mapping.is_none() {
        report.error_code = Some(TaskErrorCode::TypeNormalizationFailed);
        report.error =
            Some("No one-to-one column mapping is compatible with the configured types".into());
    }
    report
}

/// Per gold column, which prediction columns read under its rule. Each prediction column is
/// scanned once per distinct rule and the scan stops at its first bad cell.
fn readability(table: &Table, config: &TaskConfig) -> Vec<ColumnReadability> {
    let mut by_rule: Vec<(Rule, Vec<Result<(), BadCell>>)> = Vec::new();
    let mut out = Vec::with_capacity(config.columns.len());
    for (j, spec) in config.columns.iter().enumerate() {
        let rule = spec.rule();
        let position = match by_rule.iter().position(|(r, _)| *r == rule) {
            Some(p) => p,
            None => {
                let checks = (0..table.column_count())
                    .map(|k| first_bad_cell(table, k, &rule))
                    .collect();
                by_rule.push((rule, checks));
                by_rule.len() - 1
            }
        };
        let mut readable = Vec::new();
        let mut unreadable = Vec::new();
        if let Some((_, checks)) = by_rule.get(position) {
            for (k, check) in checks.iter().enumerate() {
                match check {
                    Ok(()) => readable.push(k),
                    Err(bad) => unreadable.push(bad.clone()),
                }
            }
        }
        out.push(ColumnReadability {
            gold_index: j,
            gold_name: spec.gold_name.clone(),
            rule,
            readable,
            unreadable,
        });
    }
    out
}

fn first_bad_cell(table: &Table, column: usize, rule: &Rule) -> Result<(), BadCell> {
    let mut known_good: HashSet<&str> = HashSet::new();
    for (row, raw) in table.column(column).enumerate() {
        if known_good.contains(raw) {
            continue;
        }
        match canonicalize(raw, rule) {
            Ok(_) => {
                known_good.insert(raw);
            }
            Err(error) => {
                let value: String = raw.chars().take(MAX_QUOTED_VALUE_CHARS).collect();
                let value_truncated = value.len() < raw.len();
                return Err(BadCell {
                    prediction_index: column,
                    header: table.headers().get(column).cloned().unwrap_or_default(),
                    row: row + 1,
                    value,
                    value_truncated,
                    error,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csv::CsvErrorKind;

    fn config(columns: &str, order_sensitive: bool) -> TaskConfig {
        let text = format!(
            r#"{{"schema_version": "1.0", "task_id": "task_4", "order_sensitive": {order_sensitive}, "columns": {columns}}}"#
        );
        TaskConfig::from_json(text.as_bytes(), None).unwrap()
    }

    fn two_columns() -> TaskConfig {
        config(
            r#"[{"gold_index": 0, "gold_name": "when", "type": "date"},
                {"gold_index": 1, "gold_name": "n", "type": "number", "comparison": {"mode": "decimal_places", "digits": 1}}]"#,
            true,
        )
    }

    #[test]
    fn missing_and_unreadable_predictions() {
        let cfg = two_columns();
        let missing = validate_prediction(Prediction::Missing, &cfg);
        assert_eq!(missing.error_code, Some(TaskErrorCode::MissingPrediction));
        assert!(missing.columns.is_empty());

        let broken = validate_prediction(Prediction::Csv(b"a,b\n1,2\n\n"), &cfg);
        assert_eq!(broken.error_code, Some(TaskErrorCode::InvalidPredictionCsv));
        let csv = broken.csv_error.as_ref().unwrap();
        assert_eq!(csv.kind, CsvErrorKind::NonRectangular);
        assert_eq!(csv.record, Some(3));
        assert_eq!(broken.prediction_column_count, 0);

        let not_utf8 = validate_prediction(Prediction::Csv(b"a,b\n\xff,1\n"), &cfg);
        assert_eq!(
            not_utf8.csv_error.map(|e| e.kind),
            Some(CsvErrorKind::InvalidUtf8)
        );
    }

    #[test]
    fn column_count_mismatch_still_reports_readability() {
        let cfg = two_columns();
        let r = validate_prediction(Prediction::Csv(b"n,when,extra\n1.25,2024-01-02,x\n"), &cfg);
        assert_eq!(r.error_code, Some(TaskErrorCode::ColumnCountMismatch));
        assert_eq!(r.error.as_deref(), Some("Expected 2 columns; received 3"));
        assert_eq!(r.prediction_headers, ["n", "when", "extra"]);
        assert_eq!(r.columns[0].readable, [1]);
        assert_eq!(r.columns[1].readable, [0]);
        let bad: Vec<(usize, &str, &str)> = r.columns[1]
            .unreadable
            .iter()
            .map(|b| (b.prediction_index, b.value.as_str(), b.error.kind.code()))
            .collect();
        assert_eq!(
            bad,
            [
                (1, "2024-01-02", "cell_invalid_number"),
                (2, "x", "cell_invalid_number")
            ]
        );
        assert_eq!(r.type_compatible_mapping, None);
    }

    #[test]
    fn compatible_mapping_is_lexicographically_first() {
        let cfg = config(
            r#"[{"gold_index": 0, "gold_name": "a", "type": "text"},
                {"gold_index": 1, "gold_name": "b", "type": "boolean"},
                {"gold_index": 2, "gold_name": "c", "type": "text"}]"#,
            false,
        );
        // Column 1 is the only boolean one; the texts take 0 and 2 in order.
        let r = validate_prediction(Prediction::Csv(b"x,y,z\nq,yes,r\ns,no,t\n"), &cfg);
        assert!(r.ok(), "{:?}", r.error);
        assert_eq!(r.type_compatible_mapping, Some(vec![0, 1, 2]));
        // Every column reads as text; only y reads as boolean.
        assert_eq!(r.columns[0].readable, [0, 1, 2]);
        assert_eq!(r.columns[1].readable, [1]);
        assert_eq!(r.columns[1].unreadable[0].row, 1);
        assert_eq!(r.columns[1].unreadable[0].header, "x");
    }

    #[test]
    fn first_bad_cell_is_reported_and_long_values_are_cut() {
        let cfg = config(
            r#"[{"gold_index": 0, "gold_name": "flag", "type": "boolean"}]"#,
            false,
        );
        let long = "z".repeat(MAX_QUOTED_VALUE_CHARS + 5);
        let csv = format!("f\nyes\nno\n{long}\nmaybe\n");
        let r = validate_prediction(Prediction::Csv(csv.as_bytes()), &cfg);
        assert_eq!(r.error_code, Some(TaskErrorCode::TypeNormalizationFailed));
        let bad = &r.columns[0].unreadable[0];
        assert_eq!(bad.row, 3);
        assert!(bad.value_truncated);
        assert_eq!(bad.value.chars().count(), MAX_QUOTED_VALUE_CHARS);
        assert_eq!(bad.error.kind.code(), "cell_invalid_boolean");
    }

    #[test]
    fn header_only_and_text_not_csv_are_warned_with_their_place() {
        let cfg = two_columns();
        let header_only = validate_prediction(Prediction::Csv(b"d,n\r\n"), &cfg);
        let problem = header_only.answer_problem.clone().expect("header_only");
        assert_eq!(
            (problem.code, problem.position.line, problem.position.column),
            ("header_only", 2, 1)
        );
        assert!(
            problem
                .message
                .starts_with("line 2, column 1 (byte 5): the file has a header row"),
            "{}",
            problem.message
        );
        // A warning, not a failure: against an empty gold the official passes it.
        assert!(header_only.ok() && header_only.error_code.is_none());
        assert_eq!(
            header_only.document().title,
            "task_4: warning (header_only)"
        );
        let json = validate_prediction(Prediction::Csv(b" {\"d\": 1, \"n\": 2}\n"), &cfg);
        let problem = json.answer_problem.clone().expect("not_csv_text");
        assert_eq!(
            (problem.code, problem.position.line, problem.position.column),
            ("not_csv_text", 1, 1)
        );
        assert!(
            problem
                .message
                .contains("JSON text saved as prediction.csv"),
            "{}",
            problem.message
        );
        assert!(json.ok());
        assert!(json.to_json().contains("\"code\": \"not_csv_text\""));
        // A file with a data row, or a prediction given as a table, has no such problem.
        let fine = validate_prediction(Prediction::Csv(b"d,n\n2024-01-02,1\n"), &cfg);
        assert_eq!(fine.answer_problem, None);
    }

    #[test]
    fn json_has_stable_keys() {
        let cfg = two_columns();
        let r = validate_prediction(Prediction::Csv(b"d,n\n2024-01-02,1.25\n"), &cfg);
        let json = r.to_json();
        assert!(json.contains("\"ok\": true"), "{json}");
        assert!(json.contains("\"type_compatible_mapping\": ["), "{json}");
        let keys = [
            "task_id",
            "ok",
            "error_code",
            "error",
            "csv_error",
            "gold_column_count",
            "prediction_column_count",
            "prediction_row_count",
            "prediction_headers",
            "columns",
            "type_compatible_mapping",
            "answer_problem",
        ];
        let crate::cpython_json::Out::Object(members) = crate::cpython_json::to_tree(&r) else {
            panic!("an object")
        };
        let got: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(got, keys);
    }
}
