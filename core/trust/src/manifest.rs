//! Robustness from tables: a JSONL manifest names, for each original question and each
//! perturbation, the prediction CSV and the gold CSV and task config it is scored against.
//! The tabular evaluator decides `correct`; every gold is prepared once per (gold, config).
//!
//! A manifest line is a robustness record without `correct`, plus file paths:
//!
//! ```json
//! {"model": "m", "dataset": "d", "question_id": "q1", "prediction": "pred/m/q1.csv", "gold": "gold/q1.csv", "config": "configs/task_1.json"}
//! {"model": "m", "dataset": "d", "question_id": "q1", "perturbation_id": "q1-ros", "operator": "ROS", "prediction": "pred/m/q1-ros.csv"}
//! ```
//!
//! A perturbation may omit `gold` and `config`: it then uses its question's (the perturbation
//! keeps the answer). `prediction: null` means there is no prediction (scored as missing).
//! This module does no IO: the caller supplies a function that returns a file's bytes.
//!
//! ```
//! use tabeq_trust::manifest::{score_manifest, FileContent, FileRole};
//! use tabeq_trust::operators::OperatorRegistry;
//! let manifest = r#"{"model": "m", "dataset": "d", "question_id": 1, "prediction": "p.csv", "gold": "g.csv", "config": "c.json"}"#;
//! let mut files = |path: &str, _role: FileRole| match path {
//!     "p.csv" | "g.csv" => FileContent::Bytes(b"x\n1\n".to_vec()),
//!     "c.json" => FileContent::Bytes(br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
//!         "columns": [{"gold_index": 0, "gold_name": "x", "type": "text"}]}"#.to_vec()),
//!     _ => FileContent::Missing,
//! };
//! let scored = score_manifest(manifest, &OperatorRegistry::builtin(), &mut files).unwrap();
//! assert!(scored[0].record.correct);
//! ```

use std::collections::HashMap;

use super::error::{TrustError, TrustErrorCode};
use super::operators::OperatorRegistry;
use super::records::{jsonl_lines, key_value, parse_object, robustness_identity, RobustnessRecord};
use tabeq::cpython_json::Value;
use tabeq::error::TaskErrorCode;
use tabeq::{Prediction, PreparedGold, TaskConfig};

/// What a manifest file is used as (so the caller can apply the prediction file rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileRole {
    /// A prediction CSV.
    Prediction,
    /// A gold CSV.
    Gold,
    /// A task config JSON.
    Config,
}

/// What the caller found at a path: the evaluator's own type (`tabeq::evaluate::FileContent`),
/// which turns a binding's file argument into it (`From<FileInput>`) and a prediction's into
/// the scorer's `Prediction`.
pub use tabeq::evaluate::FileContent;

/// One scored manifest line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredEntry {
    /// The robustness record, with `correct` from the evaluator.
    pub record: RobustnessRecord,
    /// The prediction path (`None` when the manifest gave null).
    pub prediction: Option<String>,
    /// The config's task id.
    pub task_id: String,
    /// Why the prediction failed, when it did.
    pub error_code: Option<TaskErrorCode>,
}

/// (model, dataset, question_id).
type QuestionId = (String, String, String);

struct Line {
    record: RobustnessRecord,
    prediction: Option<String>,
    gold: Option<String>,
    config: Option<String>,
}

fn path_field(obj: &Value, key: &str, line: usize) -> Result<Option<String>, TrustError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Str(s)) if !s.is_empty() => Ok(Some(s.clone())),
        Some(_) => Err(TrustError::at(
            TrustErrorCode::InvalidField,
            line,
            format!("`{key}` must be a non-empty path string"),
        )),
    }
}

fn read_trusted(
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
    path: &str,
    role: FileRole,
    line: usize,
) -> Result<Vec<u8>, TrustError> {
    let what = if role == FileRole::Gold {
        "gold"
    } else {
        "config"
    };
    match files(path, role) {
        FileContent::Bytes(b) => Ok(b),
        FileContent::Missing => Err(TrustError::at(
            TrustErrorCode::ManifestFileMissing,
            line,
            format!("{what} file not found: {path}"),
        )),
        FileContent::Invalid(e) => Err(TrustError::at(
            TrustErrorCode::ManifestFileMissing,
            line,
            format!("{what} file {path} cannot be read: {e}"),
        )),
    }
}

/// Parse and score a manifest. Records are validated like robustness records (duplicates,
/// orphans) by [`super::robustness::robustness_report`]; here a perturbation without its own
/// gold/config needs an original line for its question that has them.
pub fn score_manifest(
    manifest_jsonl: &str,
    registry: &OperatorRegistry,
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
) -> Result<Vec<ScoredEntry>, TrustError> {
    score_manifest_with(manifest_jsonl, registry, &[], files)
}

/// [`score_manifest`], keeping the values of the `custom` grouping keys of each line.
pub fn score_manifest_with(
    manifest_jsonl: &str,
    registry: &OperatorRegistry,
    custom: &[String],
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
) -> Result<Vec<ScoredEntry>, TrustError> {
    let mut lines = Vec::new();
    for (line_no, raw) in jsonl_lines(manifest_jsonl) {
        let obj = parse_object(line_no, raw)?;
        if obj.get("correct").is_some() || obj.get("label").is_some() {
            return Err(TrustError::at(
                TrustErrorCode::InvalidField,
                line_no,
                "a manifest line names files; `correct` comes from the evaluator",
            ));
        }
        let mut record = robustness_identity(&obj, line_no, registry, false)?;
        record.fields = custom
            .iter()
            .map(|k| (k.clone(), key_value(&obj, k)))
            .collect();
        let prediction = match obj.get("prediction") {
            None => {
                return Err(TrustError::at(
                    TrustErrorCode::MissingField,
                    line_no,
                    "missing `prediction` (a path, or null for no prediction)",
                ))
            }
            Some(_) => path_field(&obj, "prediction", line_no)?,
        };
        lines.push(Line {
            prediction,
            gold: path_field(&obj, "gold", line_no)?,
            config: path_field(&obj, "config", line_no)?,
            record,
        });
    }
    // Gold and config of each question's original, inherited by perturbations that omit them.
    let mut question_files: HashMap<QuestionId, (Option<String>, Option<String>)> = HashMap::new();
    for l in lines.iter().filter(|l| l.record.perturbation.is_none()) {
        let r = &l.record;
        let key = (r.model.clone(), r.dataset.clone(), r.question_id.clone());
        question_files
            .entry(key)
            .or_insert_with(|| (l.gold.clone(), l.config.clone()));
    }
    let mut prepared: HashMap<(String, String), PreparedGold> = HashMap::new();
    let mut scored = Vec::with_capacity(lines.len());
    for l in lines {
        let line = l.record.line;
        let inherited = question_files.get(&(
            l.record.model.clone(),
            l.record.dataset.clone(),
            l.record.question_id.clone(),
        ));
        let gold = l.gold.or_else(|| inherited.and_then(|f| f.0.clone()));
        let config = l.config.or_else(|| inherited.and_then(|f| f.1.clone()));
        let (Some(gold), Some(config)) = (gold, config) else {
            let code = if inherited.is_none() && l.record.perturbation.is_some() {
                TrustErrorCode::OrphanPerturbation
            } else {
                TrustErrorCode::MissingField
            };
            return Err(TrustError::at(
                code,
                line,
                "no `gold` and `config` on this line or on its question's original line",
            ));
        };
        let key = (gold, config);
        if !prepared.contains_key(&key) {
            let config_bytes = read_trusted(files, &key.1, FileRole::Config, line)?;
            let task_config = TaskConfig::from_json(&config_bytes, None).map_err(|e| {
                TrustError::at(
                    TrustErrorCode::ManifestConfigInvalid,
                    line,
                    format!("config {}: {}: {}", key.1, e.code.code(), e),
                )
            })?;
            let gold_bytes = read_trusted(files, &key.0, FileRole::Gold, line)?;
            let gold = PreparedGold::new(&gold_bytes, &task_config).map_err(|e| {
                TrustError::at(
                    TrustErrorCode::ManifestGoldInvalid,
                    line,
                    format!("gold {}: {}: {}", key.0, e.code.code(), e),
                )
            })?;
            prepared.insert(key.clone(), gold);
        }
        let Some(gold) = prepared.get(&key) else {
            continue;
        };
        let result = match &l.prediction {
            None => gold.evaluate(Prediction::Missing),
            Some(path) => gold.evaluate(files(path, FileRole::Prediction).prediction()),
        };
        let mut record = l.record;
        record.correct = result.passed;
        scored.push(ScoredEntry {
            record,
            prediction: l.prediction,
            task_id: result.task_id,
            error_code: result.error_code,
        });
    }
    Ok(scored)
}
