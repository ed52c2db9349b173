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

use crate::config::TaskConfig;
use crate::csv::{read_table, Table};
use crate::error::{CsvError, CsvErrorKind, FatalCode, FatalError, TaskErrorCode};
use crate::matching::{match_columns, MatchInput, MatchOutcome, ValueId};
use crate::rule_values::{RuleValues, Unreadable};

/// The prediction for a task.
#[derive(Debug, Clone, Copy)]
pub enum Prediction<'a> {
    /// No prediction file.
    Missing,
    /// A prediction the caller already found unreadable (not a regular file, a symbolic
    /// link, over the size limit): scored as `invalid_prediction_csv`.
    Invalid(&'a CsvError),
    /// The file's bytes.
    Csv(&'a [u8]),
    /// An already-read table.
    Table(&'a Table),
}

/// The official per-task record, plus a machine-readable detail for CSV errors.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn document(&self) -> crate::doc::Document {
        use crate::doc::{Block, Document};
        let title = match self.error_code {
            None => format!("{}: passed", self.task_id),
            Some(code) => format!("{}: failed ({})", self.task_id, code.code()),
        };
        let mut facts = vec![(
            "verdict".to_string(),
            if self.passed { "passed" } else { "failed" }.to_string(),
        )];
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

/// A gold table read, validated and canonicalized once; reusable across predictions and threads.
#[derive(Debug, Clone)]
pub struct PreparedGold {
    config: TaskConfig,
    /// The values of each distinct rule, and for each gold column its rule's index.
    values: Vec<RuleValues>,
    column_rule: Vec<usize>,
    /// Gold column j's value ids, as read and sorted.
    gold_ids: Vec<Vec<ValueId>>,
    gold_sorted: Vec<Vec<ValueId>>,
    table: Table,
}

impl PreparedGold {
    /// Read and canonicalize a gold CSV. Any problem is fatal (stage `gold`).
    pub fn new(gold_csv: &[u8], config: &TaskConfig) -> Result<PreparedGold, FatalError> {
        let table = read_table(gold_csv).map_err(|e| {
            FatalError::new(
                FatalCode::GoldInvalidCsv,
                format!("cannot read gold CSV for {}: {e}", config.task_id),
            )
            .with_task(&config.task_id)
        })?;
        Self::from_table(table, config)
    }

    /// Canonicalize an already-read gold table.
    pub fn from_table(table: Table, config: &TaskConfig) -> Result<PreparedGold, FatalError> {
        let d = config.columns.len();
        if table.column_count() != d {
            return Err(FatalError::new(
                FatalCode::GoldColumnCountMismatch,
                format!(
                    "gold/config column-count mismatch for {}: {} vs {}",
                    config.task_id,
                    table.column_count(),
                    d
                ),
            )
            .with_task(&config.task_id));
        }
        let mut values: Vec<RuleValues> = Vec::new();
        let mut column_rule = Vec::with_capacity(d);
        for spec in &config.columns {
            let rule = spec.rule();
            let idx = values
                .iter()
                .position(|v| v.rule == rule)
                .unwrap_or_else(|| {
                    let cells = table.row_count() * config.columns.len();
                    values.push(RuleValues::new(rule, cells));
                    values.len() - 1
                });
            column_rule.push(idx);
        }
        let mut gold_ids: Vec<Vec<ValueId>> = vec![Vec::new(); d];
        // The first failing cell in reading order (row by row), as the official evaluator reports.
        let mut first_failure: Option<(usize, usize)> = None;
        for (r, rule_values) in values.iter_mut().enumerate() {
            let columns: Vec<usize> = (0..d).filter(|&j| column_rule[j] == r).collect();
            for (&j, read) in columns.iter().zip(rule_values.read_gold(&table, &columns)) {
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
            let message = crate::canon::canonicalize(raw, rule)
                .err()
                .map_or_else(String::new, |e| e.message);
            return Err(FatalError::new(
                FatalCode::GoldCellInvalid,
                format!(
                    "gold normalization failed for {} (row {}, column {}): {}",
                    config.task_id,
                    row + 1,
                    j,
                    message
                ),
            )
            .with_task(&config.task_id));
        }
        let gold_sorted = gold_ids
            .iter()
            .map(|ids| {
                let mut sorted = ids.clone();
                sorted.sort_unstable();
                sorted
            })
            .collect();
        Ok(PreparedGold {
            config: config.clone(),
            values,
            column_rule,
            gold_ids,
            gold_sorted,
            table,
        })
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
        (&self.gold_ids, &self.gold_sorted)
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
        TaskResult {
            task_id: self.config.task_id.clone(),
            passed: false,
            order_sensitive: self.config.order_sensitive,
            gold_column_count: self.config.columns.len(),
            prediction_column_count: pred_cols,
            gold_row_count: self.table.row_count(),
            prediction_row_count: pred_rows,
            column_mapping: None,
            error_code: Some(code),
            error: Some(error),
            csv_error: None,
        }
    }

    /// Score a prediction against this gold.
    pub fn evaluate(&self, prediction: Prediction<'_>) -> TaskResult {
        let owned;
        let table = match prediction {
            Prediction::Missing => {
                return self.failed(
                    TaskErrorCode::MissingPrediction,
                    "Missing prediction CSV".into(),
                    0,
                    0,
                )
            }
            Prediction::Invalid(e) => {
                let mut r = self.failed(TaskErrorCode::InvalidPredictionCsv, e.to_string(), 0, 0);
                r.csv_error = Some(e.kind);
                return r;
            }
            Prediction::Csv(bytes) => match read_table(bytes) {
                Ok(t) => {
                    owned = t;
                    &owned
                }
                Err(e) => {
                    let mut r = self.failed(
                        TaskErrorCode::InvalidPredictionCsv,
                        format!("Cannot parse CSV: {e}"),
                        0,
                        0,
                    );
                    r.csv_error = Some(e.kind);
                    return r;
                }
            },
            Prediction::Table(t) => t,
        };
        self.evaluate_table(table)
    }

    /// Canonical ids of each prediction column under each distinct rule (`None` when a
    /// cell does not read). Each prediction column is canonicalized once per rule.
    fn prediction_ids(&self, table: &Table) -> Vec<Vec<Option<Vec<ValueId>>>> {
        let all: Vec<usize> = (0..table.column_count()).collect();
        self.values
            .iter()
            .map(|values| {
                values
                    .read_prediction(table, &all, Unreadable::Stop)
                    .into_iter()
                    .map(|read| read.first_error.is_none().then_some(read.ids))
                    .collect()
            })
            .collect()
    }

    /// Score an already-read prediction table.
    pub fn evaluate_table(&self, table: &Table) -> TaskResult {
        let d = self.config.columns.len();
        let (cols, rows) = (table.column_count(), table.row_count());
        if cols != d {
            return self.failed(
                TaskErrorCode::ColumnCountMismatch,
                format!("Expected {d} columns; received {cols}"),
                cols,
                rows,
            );
        }
        if rows != self.table.row_count() {
            return self.failed(
                TaskErrorCode::RowCountMismatch,
                format!(
                    "Expected {} data rows; received {rows}",
                    self.table.row_count()
                ),
                cols,
                rows,
            );
        }
        let prediction = self.prediction_ids(table);
        let input = MatchInput {
            order_sensitive: self.config.order_sensitive,
            rows,
            gold: self.gold_ids.iter().map(Vec::as_slice).collect(),
            gold_group: self.column_rule.clone(),
            prediction: prediction
                .iter()
                .map(|per_rule| per_rule.iter().map(|c| c.as_deref()).collect())
                .collect(),
        };
        match match_columns(&input) {
            MatchOutcome::Passed(mapping) => TaskResult {
                column_mapping: Some(mapping),
                passed: true,
                error_code: None,
                error: None,
                ..self.failed(TaskErrorCode::RelationMismatch, String::new(), cols, rows)
            },
            MatchOutcome::TypeNormalizationFailed => self.failed(
                TaskErrorCode::TypeNormalizationFailed,
                "No one-to-one column mapping is compatible with the configured types".into(),
                cols,
                rows,
            ),
            MatchOutcome::RelationMismatch => self.failed(
                TaskErrorCode::RelationMismatch,
                format!(
                    "Prediction does not equal the gold {}",
                    if self.config.order_sensitive {
                        "ordered row sequence"
                    } else {
                        "unordered row multiset"
                    }
                ),
                cols,
                rows,
            ),
            MatchOutcome::SearchLimitExceeded => self.failed(
                TaskErrorCode::SearchLimitExceeded,
                "The column search used its whole work budget without deciding the task: no passing mapping was found, none was ruled out".into(),
                cols,
                rows,
            ),
        }
    }
}

/// Evaluate one task from bytes: the gold is prepared (fatal errors are returned as `Err`),
/// then the prediction is scored.
pub fn evaluate_task(
    prediction: Prediction<'_>,
    gold_csv: &[u8],
    config: &TaskConfig,
) -> Result<TaskResult, FatalError> {
    Ok(PreparedGold::new(gold_csv, config)?.evaluate(prediction))
}
