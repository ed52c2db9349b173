//! Official records read back, and the one-line forms of results and configs: a per-task
//! record (`to_dict()` of a result, a `tasks` entry of a summary file) becomes a
//! [`TaskResult`] again, and a summary file a [`SuiteSummary`], so a binding's result objects
//! built from saved JSON render, compare and serialize exactly like fresh ones.
//!
//! ```
//! use tabeq::{evaluate_task, Prediction, TaskConfig, TaskResult};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
//! let result = evaluate_task(Prediction::Csv(b"n\nx\n"), b"n\nx\n", &config)?;
//! let again = TaskResult::from_record_json(&result.to_json()).unwrap();
//! assert_eq!(again, result);
//! assert_eq!(again.repr(), "<TaskResult task_1 passed mapping=[0] (columns 1/1, rows 1/1)>");
//! # Ok::<(), tabeq::FatalError>(())
//! ```

use crate::config::TaskConfig;
use crate::cpython_json::{parse, Value};
use crate::evaluate::TaskErrorCode;
use crate::suite::SuiteSummary;
use crate::TaskResult;

/// Why a JSON value is not an official record (the missing or mistyped key).
pub type RecordError = String;

fn field<'a>(record: &'a Value, key: &str) -> Result<&'a Value, RecordError> {
    record
        .get(key)
        .ok_or_else(|| format!("missing key {key:?}"))
}

fn text(record: &Value, key: &str) -> Result<String, RecordError> {
    match field(record, key)? {
        Value::Str(s) => Ok(s.clone()),
        _ => Err(format!("{key:?} is not a string")),
    }
}

fn flag(record: &Value, key: &str) -> Result<bool, RecordError> {
    Ok(field(record, key)?.truthy())
}

fn count(value: &Value, key: &str) -> Result<usize, RecordError> {
    match value.as_python_int() {
        Some(Some(n)) => usize::try_from(n).map_err(|_| format!("{key:?} is negative")),
        _ => Err(format!("{key:?} is not a count")),
    }
}

fn optional_text(record: &Value, key: &str) -> Result<Option<String>, RecordError> {
    match field(record, key)? {
        Value::Null => Ok(None),
        _ => text(record, key).map(Some),
    }
}

impl TaskResult {
    /// A result from an official per-task record (a JSON object with the record's keys; the
    /// CSV detail code, not part of the record, is `None`).
    pub fn from_record(record: &Value) -> Result<TaskResult, RecordError> {
        let counted = |key: &str| count(field(record, key)?, key);
        let mapping = || match field(record, "column_mapping")? {
            Value::Null => Ok(None),
            Value::Array(pairs) => pairs
                .iter()
                .map(|p| count(field(p, "prediction_index")?, "prediction_index"))
                .collect::<Result<_, _>>()
                .map(Some),
            _ => Err("\"column_mapping\" is not a list".to_string()),
        };
        let error_code = || {
            optional_text(record, "error_code")?
                .map(|c| TaskErrorCode::from_code(&c).ok_or(format!("unknown error_code {c:?}")))
                .transpose()
        };
        // Read in the record's key order, so that the first missing key is named.
        Ok(TaskResult {
            task_id: text(record, "task_id")?,
            passed: flag(record, "passed")?,
            order_sensitive: flag(record, "order_sensitive")?,
            gold_column_count: counted("gold_column_count")?,
            prediction_column_count: counted("prediction_column_count")?,
            gold_row_count: counted("gold_row_count")?,
            prediction_row_count: counted("prediction_row_count")?,
            column_mapping: mapping()?,
            error_code: error_code()?,
            error: optional_text(record, "error")?,
            csv_error: None,
        })
    }

    /// [`TaskResult::from_record`] of JSON text.
    pub fn from_record_json(text: &str) -> Result<TaskResult, RecordError> {
        TaskResult::from_record(&parse(text).map_err(|e| e.to_string())?)
    }

    /// The one-line form of a result (a binding's `repr`): the verdict, the mapping or the
    /// error, and the counts (prediction/gold).
    pub fn repr(&self) -> String {
        let counts = format!(
            "columns {}/{}, rows {}/{}",
            self.prediction_column_count,
            self.gold_column_count,
            self.prediction_row_count,
            self.gold_row_count
        );
        match (&self.column_mapping, self.error_code) {
            (Some(m), _) if self.passed => {
                let shown: Vec<String> = m.iter().map(usize::to_string).collect();
                let mapping = format!("[{}]", shown.join(", "));
                format!(
                    "<TaskResult {} passed mapping={mapping} ({counts})>",
                    self.task_id
                )
            }
            (_, code) => format!(
                "<TaskResult {} failed {}: {} ({counts})>",
                self.task_id,
                code.map_or("None", |c| c.code()),
                self.error.as_deref().unwrap_or("None")
            ),
        }
    }
}

impl SuiteSummary {
    /// A summary from the summary file's text (its totals are recomputed from `tasks`, so a
    /// file that tabeq wrote reads back to the same text).
    pub fn from_json(json: &str) -> Result<SuiteSummary, RecordError> {
        let summary = parse(json).map_err(|e| e.to_string())?;
        let tasks = match field(&summary, "tasks")? {
            Value::Array(records) => records
                .iter()
                .map(TaskResult::from_record)
                .collect::<Result<_, _>>()?,
            _ => return Err("\"tasks\" is not a list".into()),
        };
        let unscored = match field(&summary, "unscored_prediction_tasks")? {
            Value::Array(names) => names
                .iter()
                .map(|n| match n {
                    Value::Str(s) => Ok(s.clone()),
                    _ => Err("an unscored prediction task is not a string".to_string()),
                })
                .collect::<Result<_, _>>()?,
            _ => return Err("\"unscored_prediction_tasks\" is not a list".into()),
        };
        Ok(SuiteSummary {
            evaluator: text(&summary, "evaluator")?,
            evaluator_version: text(&summary, "evaluator_version")?,
            config_set_sha256: text(&summary, "config_set_sha256")?,
            unscored_prediction_tasks: unscored,
            tasks,
        })
    }

    /// The one-line form of a summary (a binding's `repr`).
    pub fn repr(&self) -> String {
        format!(
            "<SuiteResult {}/{} passed, task_accuracy={:.4}>",
            self.passed_task_count(),
            self.tasks.len(),
            self.task_accuracy()
        )
    }
}

impl TaskConfig {
    /// The one-line form of a config (a binding's `repr`): the task, the row order and each
    /// column's name and rule.
    ///
    /// ```
    /// let config = tabeq::TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_3",
    ///   "order_sensitive": true, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// assert_eq!(config.repr(), "TaskConfig(task_3, ordered, [n: text])");
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn repr(&self) -> String {
        let rules: Vec<String> = self
            .columns
            .iter()
            .map(|c| format!("{}: {}", c.gold_name, c.rule().describe()))
            .collect();
        let order = if self.order_sensitive {
            "ordered"
        } else {
            "unordered"
        };
        format!(
            "TaskConfig({}, {order}, [{}])",
            self.task_id,
            rules.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_missing_a_key_names_it() {
        assert_eq!(
            TaskResult::from_record_json("{}").unwrap_err(),
            "missing key \"task_id\""
        );
    }

    #[test]
    fn a_failed_record_reads_back_and_shows_its_error() {
        let record = r#"{"task_id": "task_2", "passed": false, "score": 0, "order_sensitive": true,
            "gold_column_count": 2, "prediction_column_count": 1, "gold_row_count": 3,
            "prediction_row_count": 3, "column_mapping": null,
            "error_code": "column_count_mismatch", "error": "Expected 2 columns, got 1"}"#;
        let result = TaskResult::from_record_json(record).unwrap();
        assert_eq!(
            result.repr(),
            "<TaskResult task_2 failed column_count_mismatch: Expected 2 columns, got 1 (columns 1/2, rows 3/3)>"
        );
        assert!(TaskResult::from_record_json(
            &record.replace("\"column_count_mismatch\"", "\"nope\"")
        )
        .unwrap_err()
        .contains("unknown error_code"));
    }
}
