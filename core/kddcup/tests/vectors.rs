//! Every vector of `tests/kddcup/vectors.jsonl` (inputs and the official scorer's outputs,
//! written by `tests/kddcup/differential.py --write-vectors`) holds for tabeq.

use serde_json::Value;
use tabeq::cpython_json::python_float_repr;
use tabeq_kddcup::{normalize_cell, score_task, GoldInput, Prediction};

const VECTORS: &str = include_str!("../../../tests/kddcup/vectors.jsonl");

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

fn answer(case: &Value) -> Value {
    let strict = case["strict"].as_bool().unwrap();
    if case["kind"] == "cell" {
        return Value::String(normalize_cell(case["value"].as_str().unwrap(), strict));
    }
    let pred = case["pred"].as_str().map(unhex);
    let gold = unhex(case["gold"].as_str().unwrap());
    let prediction = match &pred {
        None => Prediction::Missing,
        Some(bytes) => Prediction::Bytes {
            path: "P/prediction.csv",
            bytes,
        },
    };
    let gold = GoldInput::Bytes {
        path: "G/gold.csv",
        bytes: &gold,
    };
    let weight: f64 = case["weight"].as_str().unwrap().parse().unwrap();
    match score_task(prediction, gold, weight, strict) {
        Ok(score) => {
            let floats = [score.score, score.recall, score.penalty].map(python_float_repr);
            let mut value = serde_json::to_value(score).unwrap();
            for (key, text) in ["score", "recall", "penalty"].iter().zip(floats) {
                value[*key] = Value::String(text);
            }
            value
        }
        Err(fatal) => serde_json::json!({ "fatal": fatal.message() }),
    }
}

#[test]
fn every_vector_of_the_official_holds() {
    let mut count = 0;
    let mut tasks = 0;
    for line in VECTORS.split('\n').filter(|l| !l.is_empty()) {
        let vector: Value = serde_json::from_str(line).unwrap();
        let case = &vector["case"];
        assert_eq!(answer(case), vector["official"], "{case}");
        count += 1;
        tasks += usize::from(case["kind"] == "task");
    }
    assert!(
        count > 4000 && tasks > 500,
        "{count} vectors, {tasks} tasks"
    );
}
