//! Reads JSON lines on stdin (`{"kind": "cell", "value": ..., "strict": ...}` or
//! `{"kind": "task", "pred": hex or null, "gold": hex, "weight": ..., "strict": ...}`) and
//! writes tabeq's answer for each as a JSON line: the harness of `tests/kddcup/differential.py`.

use std::io::{BufRead, Write};

use serde_json::{json, Value};
use tabeq::cpython_json::python_float_repr;
use tabeq_kddcup::{normalize_cell, score_task, GoldInput, Prediction};

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect()
}

/// tabeq's answer for one case.
pub fn answer(case: &Value) -> Value {
    let strict = case["strict"].as_bool().unwrap_or(false);
    match case["kind"].as_str() {
        Some("cell") => json!(normalize_cell(case["value"].as_str().unwrap_or(""), strict)),
        _ => {
            let pred_bytes = case["pred"].as_str().map(unhex);
            let gold_bytes = unhex(case["gold"].as_str().unwrap_or(""));
            let prediction = match &pred_bytes {
                None => Prediction::Missing,
                Some(bytes) => Prediction::Bytes {
                    path: "P/prediction.csv",
                    bytes,
                },
            };
            let gold = GoldInput::Bytes {
                path: "G/gold.csv",
                bytes: &gold_bytes,
            };
            // The weight as Python's repr (NaN and infinities included).
            let weight: f64 = case["weight"]
                .as_str()
                .unwrap_or("0.1")
                .parse()
                .unwrap_or(0.1);
            match score_task(prediction, gold, weight, strict) {
                Ok(score) => {
                    let floats = [score.score, score.recall, score.penalty].map(python_float_repr);
                    let mut value = serde_json::to_value(score).unwrap_or(Value::Null);
                    for (key, text) in ["score", "recall", "penalty"].iter().zip(floats) {
                        value[*key] = json!(text);
                    }
                    value
                }
                Err(fatal) => json!({"fatal": fatal.message()}),
            }
        }
    }
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let case: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        let _ = writeln!(out, "{}", answer(&case));
    }
}
