//! What the KDD Cup vector harness (`examples/kddcup_vectors.rs`) and the vector tests
//! (`tests/vectors.rs`, `tests/explain.rs`) read alike: one case of `tests/kddcup/vectors.jsonl`
//! decoded into the scorer's inputs, and tabeq's answer in the official's JSON shape.
//! A malformed case is an error naming what is wrong, never a default (a test must not pass on a
//! vector it could not read).
#![allow(dead_code)] // each user takes the part it needs

use serde_json::{json, Value};
use tabeq::cpython_json::python_float_repr;
use tabeq_kddcup::{normalize_cell, score_task, GoldInput, Prediction};

/// One case's inputs: the prediction's bytes (`None`: no prediction file), the gold's bytes, the
/// penalty weight and the strict flag.
pub struct TaskCase {
    pub pred: Option<Vec<u8>>,
    pub gold: Vec<u8>,
    pub weight: f64,
    pub strict: bool,
}

impl TaskCase {
    /// Decodes a `{"kind": "task", "pred": hex or null, "gold": hex, "weight": text, "strict": bool}` case.
    pub fn from_case(case: &Value) -> Result<TaskCase, String> {
        let pred = match &case["pred"] {
            Value::Null => None,
            Value::String(hex) => Some(unhex(hex)?),
            other => return Err(format!("pred is not hex text or null: {other}")),
        };
        let gold = unhex(case["gold"].as_str().ok_or("gold is not hex text")?)?;
        // The weight is Python's repr of a float, NaN and infinities included.
        let weight = case["weight"]
            .as_str()
            .ok_or("weight is not text")?
            .parse()
            .map_err(|e| format!("weight: {e}"))?;
        Ok(TaskCase {
            pred,
            gold,
            weight,
            strict: strict(case)?,
        })
    }

    /// The prediction as the scorer takes it.
    pub fn prediction(&self) -> Prediction<'_> {
        match &self.pred {
            None => Prediction::Missing,
            Some(bytes) => Prediction::Bytes {
                path: "P/prediction.csv",
                bytes,
            },
        }
    }

    /// The gold as the scorer takes it.
    pub fn gold(&self) -> GoldInput<'_> {
        GoldInput::Bytes {
            path: "G/gold.csv",
            bytes: &self.gold,
        }
    }
}

fn strict(case: &Value) -> Result<bool, String> {
    case["strict"]
        .as_bool()
        .ok_or_else(|| "strict is not a bool".to_string())
}

/// Hex text as bytes.
pub fn unhex(text: &str) -> Result<Vec<u8>, String> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return Err(format!("not hex: {text:.40}"));
    }
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|e| format!("hex: {e}")))
        .collect()
}

/// tabeq's answer for one case, in the shape the official's vector holds: a cell's normalized
/// text, or a task's score record (floats as Python's repr) or `{"fatal": message}`.
pub fn answer(case: &Value) -> Result<Value, String> {
    if case["kind"] == "cell" {
        let value = case["value"].as_str().ok_or("value is not text")?;
        return Ok(json!(normalize_cell(value, strict(case)?)));
    }
    let task = TaskCase::from_case(case)?;
    Ok(
        match score_task(task.prediction(), task.gold(), task.weight, task.strict) {
            Ok(score) => {
                let floats = [score.score, score.recall, score.penalty].map(python_float_repr);
                let mut value = serde_json::to_value(score).map_err(|e| e.to_string())?;
                for (key, text) in ["score", "recall", "penalty"].iter().zip(floats) {
                    value[*key] = json!(text);
                }
                value
            }
            Err(fatal) => json!({"fatal": fatal.message()}),
        },
    )
}
