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

use core::fmt;

use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::Deserialize;

use crate::config::TaskConfig;
use crate::cpython_json::{from_value_every_key, key_error, parse, Value};
use crate::csv::Limits;
use crate::doc::fit_line;
use crate::evaluate::TaskErrorCode;
use crate::suite::SuiteSummary;
use crate::TaskResult;

/// Why a JSON value is not an official record (the missing or mistyped key).
pub type RecordError = String;

/// An official per-task record as its JSON holds it: every key required, read in this order
/// (the first that is absent or does not read is named), with Python's reading of each value
/// (`passed` is `bool(record["passed"])`, a count is an `int`, bools included).
#[derive(Deserialize)]
struct Record {
    task_id: String,
    #[serde(deserialize_with = "truthy")]
    passed: bool,
    #[serde(deserialize_with = "truthy")]
    order_sensitive: bool,
    #[serde(deserialize_with = "count")]
    gold_column_count: usize,
    #[serde(deserialize_with = "count")]
    prediction_column_count: usize,
    #[serde(deserialize_with = "count")]
    gold_row_count: usize,
    #[serde(deserialize_with = "count")]
    prediction_row_count: usize,
    #[serde(deserialize_with = "mapping")]
    column_mapping: Option<Vec<usize>>,
    #[serde(deserialize_with = "error_code")]
    error_code: Option<TaskErrorCode>,
    #[serde(deserialize_with = "optional_text")]
    error: Option<String>,
}

/// A pair of the record's `column_mapping`: only its prediction index is read back.
#[derive(Deserialize)]
struct Pair {
    #[serde(deserialize_with = "count")]
    prediction_index: usize,
}

/// A summary file: its records and names (the totals are recomputed), read in this order.
#[derive(Deserialize)]
struct SummaryFile {
    tasks: Vec<Record>,
    unscored_prediction_tasks: Vec<TaskName>,
    evaluator: String,
    evaluator_version: String,
    config_set_sha256: String,
}

/// A name of `unscored_prediction_tasks`.
struct TaskName(String);

impl From<Record> for TaskResult {
    fn from(r: Record) -> Self {
        TaskResult {
            task_id: r.task_id,
            passed: r.passed,
            order_sensitive: r.order_sensitive,
            gold_column_count: r.gold_column_count,
            prediction_column_count: r.prediction_column_count,
            gold_row_count: r.gold_row_count,
            prediction_row_count: r.prediction_row_count,
            column_mapping: r.column_mapping,
            error_code: r.error_code,
            error: r.error,
            csv_error: None,
        }
    }
}

/// Python's `bool(value)`.
fn truthy<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    struct Truthy;
    impl<'de> Visitor<'de> for Truthy {
        type Value = bool;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("any value")
        }
        fn visit_unit<E>(self) -> Result<bool, E> {
            Ok(false)
        }
        fn visit_bool<E>(self, b: bool) -> Result<bool, E> {
            Ok(b)
        }
        fn visit_i64<E>(self, i: i64) -> Result<bool, E> {
            Ok(i != 0)
        }
        fn visit_u64<E>(self, i: u64) -> Result<bool, E> {
            Ok(i != 0)
        }
        fn visit_i128<E>(self, i: i128) -> Result<bool, E> {
            Ok(i != 0)
        }
        fn visit_f64<E>(self, f: f64) -> Result<bool, E> {
            Ok(f != 0.0)
        }
        fn visit_str<E>(self, s: &str) -> Result<bool, E> {
            Ok(!s.is_empty())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<bool, A::Error> {
            Ok(items.next_element::<IgnoredAny>()?.is_some())
        }
        fn visit_map<A: de::MapAccess<'de>>(self, mut members: A) -> Result<bool, A::Error> {
            Ok(members.next_key::<IgnoredAny>()?.is_some())
        }
    }
    d.deserialize_any(Truthy)
}

/// Python `isinstance(value, int)` (bools included) that is not negative.
fn count<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    struct Count;
    impl Visitor<'_> for Count {
        type Value = usize;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a count")
        }
        fn visit_bool<E>(self, b: bool) -> Result<usize, E> {
            Ok(usize::from(b))
        }
        fn visit_i64<E: de::Error>(self, i: i64) -> Result<usize, E> {
            usize::try_from(i).map_err(|_| key_error("is negative"))
        }
    }
    d.deserialize_any(Count)
}

/// `null`, or the prediction index of each pair.
fn mapping<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<usize>>, D::Error> {
    struct Mapping;
    impl<'de> Visitor<'de> for Mapping {
        type Value = Option<Vec<usize>>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a list")
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut pairs: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(pair) = pairs.next_element::<Pair>()? {
                out.push(pair.prediction_index);
            }
            Ok(Some(out))
        }
    }
    d.deserialize_any(Mapping)
}

/// `null` or a string.
fn optional_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    struct Text;
    impl Visitor<'_> for Text {
        type Value = Option<String>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
            Ok(Some(s.to_string()))
        }
    }
    d.deserialize_any(Text)
}

/// `null` or one of the task error codes.
fn error_code<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TaskErrorCode>, D::Error> {
    optional_text(d)?
        .map(|c| {
            TaskErrorCode::from_code(&c)
                .ok_or_else(|| de::Error::custom(format!("unknown error_code {c:?}")))
        })
        .transpose()
}

impl<'de> Deserialize<'de> for TaskName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl<'v> Visitor<'v> for Name {
            type Value = TaskName;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E>(self, s: &str) -> Result<TaskName, E> {
                Ok(TaskName(s.to_string()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<TaskName, E> {
                Err(not_a_name())
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<TaskName, E> {
                Err(not_a_name())
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<TaskName, E> {
                Err(not_a_name())
            }
            fn visit_i128<E: de::Error>(self, _: i128) -> Result<TaskName, E> {
                Err(not_a_name())
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<TaskName, E> {
                Err(not_a_name())
            }
            fn visit_seq<A: SeqAccess<'v>>(self, _: A) -> Result<TaskName, A::Error> {
                Err(not_a_name())
            }
            fn visit_map<A: de::MapAccess<'v>>(self, _: A) -> Result<TaskName, A::Error> {
                Err(not_a_name())
            }
        }
        fn not_a_name<E: de::Error>() -> E {
            E::custom("an unscored prediction task is not a string")
        }
        d.deserialize_any(Name)
    }
}

impl TaskResult {
    /// A result from an official per-task record (a JSON object with the record's keys; the
    /// CSV detail code, not part of the record, is `None`).
    pub fn from_record(record: &Value) -> Result<TaskResult, RecordError> {
        let record: Record = from_value_every_key(record).map_err(|e| e.to_string())?;
        Ok(record.into())
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
        // At most REPR_WIDTH characters: a long mapping or message is cut, the counts kept.
        let tail = format!(" ({counts})>");
        match (&self.column_mapping, self.error_code) {
            (Some(m), _) if self.passed => {
                let shown: Vec<String> = m.iter().map(usize::to_string).collect();
                let mapping = format!("[{}]", shown.join(", "));
                let head = format!("<TaskResult {} passed mapping=", self.task_id);
                fit_line(&head, &mapping, &tail)
            }
            (_, code) => {
                let code = code.map_or("None", |c| c.code());
                let head = format!("<TaskResult {} failed {code}: ", self.task_id);
                // A message may span lines (a CSV error quoting its record): one line here.
                let message = self.error.as_deref().unwrap_or("None").replace('\n', " ");
                fit_line(&head, &message, &tail)
            }
        }
    }
}

impl SuiteSummary {
    /// A summary from the summary file's text (its totals are recomputed from `tasks`, so a
    /// file that tabeq wrote reads back to the same text). Its `limits`, when present, are read
    /// as [`SuiteSummary::with_limits`] writes them; absent, they are the official ones.
    pub fn from_json(json: &str) -> Result<SuiteSummary, RecordError> {
        let summary = parse(json).map_err(|e| e.to_string())?;
        let file: SummaryFile = from_value_every_key(&summary).map_err(|e| e.to_string())?;
        let limits = match summary.get("limits") {
            None => Limits::OFFICIAL,
            Some(value) => limits(value)?,
        };
        Ok(SuiteSummary {
            evaluator: file.evaluator,
            evaluator_version: file.evaluator_version,
            config_set_sha256: file.config_set_sha256,
            unscored_prediction_tasks: file
                .unscored_prediction_tasks
                .into_iter()
                .map(|n| n.0)
                .collect(),
            tasks: file.tasks.into_iter().map(TaskResult::from).collect(),
            limits,
        })
    }

    /// The one-line form of a summary (a binding's `repr`; limits other than the official
    /// ones are named, as a `Gold`'s are).
    pub fn repr(&self) -> String {
        let limits = match self.limits {
            Limits::OFFICIAL => String::new(),
            other => format!(", limits {other}"),
        };
        format!(
            "<SuiteResult {}/{} passed, task_accuracy={:.4}{limits}>",
            self.passed_task_count(),
            self.tasks.len(),
            self.task_accuracy()
        )
    }
}

/// A summary's `limits`: a name of [`Limits::NAMES`].
fn limits(value: &Value) -> Result<Limits, RecordError> {
    match value {
        Value::Str(name) => Limits::named(name).ok_or_else(|| format!("unknown limits {name:?}")),
        _ => Err("\"limits\" is not a name".to_string()),
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
        let head = format!("TaskConfig({}, {order}, [", self.task_id);
        fit_line(&head, &rules.join(", "), "])")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A summary's `limits` read back as written, the official ones as no key at all, and each
    /// fault named.
    #[test]
    fn a_summary_keeps_its_limits() {
        let plan = crate::suite::plan_suite(&[crate::suite::ConfigFile {
            name: "task_1.json".into(),
            bytes: br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec(),
        }])
        .unwrap();
        let official = SuiteSummary::new(&plan, vec![], vec!["task_9".into()]);
        for limits in [Limits::OFFICIAL, Limits::LIFTED] {
            let text = official.clone().with_limits(limits).to_json();
            let again = SuiteSummary::from_json(&text).unwrap();
            assert_eq!((again.limits, again.to_json()), (limits, text));
        }
        assert!(!official.to_json().contains("limits"));
        assert_eq!(
            official.clone().with_limits(Limits::LIFTED).repr(),
            "<SuiteResult 0/0 passed, task_accuracy=0.0000, limits lifted>"
        );
        let small = official.clone().with_limits(Limits { bytes: 9, rows: 2 });
        assert!(small.repr().ends_with(", limits 9 bytes, 2 rows>"));
        let with = |value: &str| {
            let text = official.to_json();
            let text = text.replacen("{", &format!("{{\"limits\": {value}, "), 1);
            SuiteSummary::from_json(&text).map(|s| s.limits)
        };
        assert_eq!(with("\"lifted\""), Ok(Limits::LIFTED));
        assert_eq!(with("\"official\""), Ok(Limits::OFFICIAL));
        assert_eq!(with("\"custom\""), Err("unknown limits \"custom\"".into()));
        let unnamed = with("\"9 bytes, 2 rows\"");
        assert_eq!(unnamed, Err("unknown limits \"9 bytes, 2 rows\"".into()));
        assert_eq!(with("null"), Err("\"limits\" is not a name".into()));
        assert_eq!(
            with("{\"rows\": 1}"),
            Err("\"limits\" is not a name".into())
        );
    }

    #[test]
    fn a_record_missing_a_key_names_it() {
        assert_eq!(
            TaskResult::from_record_json("{}").unwrap_err(),
            "missing key \"task_id\""
        );
    }

    #[test]
    fn each_fault_is_named_as_python_reads_the_record() {
        let good = [
            ("task_id", "\"task_2\""),
            ("passed", "false"),
            ("order_sensitive", "true"),
            ("gold_column_count", "2"),
            ("prediction_column_count", "1"),
            ("gold_row_count", "3"),
            ("prediction_row_count", "3"),
            ("column_mapping", "null"),
            ("error_code", "\"column_count_mismatch\""),
            ("error", "\"x\""),
        ];
        // Each record replaces (or, with None, removes) some keys of a good record.
        let read = |changes: &[(&str, Option<&str>)]| {
            let members: Vec<String> = good
                .iter()
                .filter_map(|(key, value)| {
                    let changed = changes.iter().find(|(k, _)| k == key);
                    let value = changed.map_or(Some(*value), |(_, v)| *v)?;
                    Some(format!("\"{key}\": {value}"))
                })
                .collect();
            TaskResult::from_record_json(&format!("{{{}}}", members.join(", ")))
        };
        let fault = |changes: &[(&str, Option<&str>)]| read(changes).unwrap_err();
        assert_eq!(
            fault(&[("task_id", Some("1"))]),
            "\"task_id\" is not a string"
        );
        assert_eq!(
            fault(&[("gold_row_count", Some("-1"))]),
            "\"gold_row_count\" is negative"
        );
        for not_a_count in ["2.5", "\"2\"", "null", "99999999999999999999"] {
            let e = fault(&[("gold_row_count", Some(not_a_count))]);
            assert_eq!(e, "\"gold_row_count\" is not a count");
        }
        assert_eq!(
            fault(&[("column_mapping", Some("{}"))]),
            "\"column_mapping\" is not a list"
        );
        assert_eq!(
            fault(&[("column_mapping", Some("[1]"))]),
            "missing key \"prediction_index\""
        );
        let negative = Some("[{\"prediction_index\": -2}]");
        assert_eq!(
            fault(&[("column_mapping", negative)]),
            "\"prediction_index\" is negative"
        );
        assert_eq!(
            fault(&[("error_code", Some("\"nope\""))]),
            "unknown error_code \"nope\""
        );
        assert_eq!(fault(&[("error", Some("1"))]), "\"error\" is not a string");
        assert_eq!(fault(&[("error", None)]), "missing key \"error\"");
        // The first key in the record's order that is absent or does not read is named.
        let two = [("passed", None), ("gold_column_count", Some("\"s\""))];
        assert_eq!(fault(&two), "missing key \"passed\"");
        let two = [("passed", Some("1")), ("task_id", None)];
        assert_eq!(fault(&two), "missing key \"task_id\"");
        // Python's bool() and int: any value is a flag, a bool is a count.
        let read = read(&[("passed", Some("\"\"")), ("gold_row_count", Some("true"))]).unwrap();
        assert_eq!((read.passed, read.gold_row_count), (false, 1));
        let summary = |text: &str| SuiteSummary::from_json(text).unwrap_err();
        assert_eq!(summary("{\"tasks\": 1}"), "\"tasks\" is not a list");
        assert_eq!(summary("{\"tasks\": [[]]}"), "missing key \"task_id\"");
        let names = "{\"tasks\": [], \"unscored_prediction_tasks\": [null]}";
        assert_eq!(
            summary(names),
            "an unscored prediction task is not a string"
        );
        let names = "{\"tasks\": [], \"unscored_prediction_tasks\": [], \"evaluator\": 1}";
        assert_eq!(summary(names), "\"evaluator\" is not a string");
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
