//! The native surface of the cross-surface identity test (`tests/cross_surface/run.py`).
//!
//! Reads JSON lines on stdin, each `{"id", "config": "<config JSON text>", "gold_b64",
//! "prediction_b64" | null}`; the config is read with the file stem `task_1`. Prints one line per
//! case: `{"id": ..., "json": "<the official per-task record as indent-2 JSON>"}`, or
//! `{"id": ..., "fatal": "<code> <stage>"}` when the config or gold is refused.
//!
//! ```text
//! cargo run --release -p tabeq --example cross_surface < cases.jsonl
//! ```

use std::io::{BufRead, Write};

use base64::Engine;
use tabeq::cpython_json::{self, write_str, Value};
use tabeq::{evaluate_task, Prediction, TaskConfig};

fn field<'a>(case: &'a Value, name: &str) -> Option<&'a str> {
    match case.get(name) {
        Some(Value::Str(s)) => Some(s),
        _ => None,
    }
}

fn decode(text: &str) -> Vec<u8> {
    match base64::engine::general_purpose::STANDARD.decode(text) {
        Ok(bytes) => bytes,
        Err(e) => fail(&format!("bad base64: {e}")),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("cross_surface: {message}");
    std::process::exit(2)
}

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let line = line.unwrap_or_else(|e| fail(&format!("cannot read stdin: {e}")));
        if line.trim().is_empty() {
            continue;
        }
        let case =
            cpython_json::parse(&line).unwrap_or_else(|e| fail(&format!("bad JSON line: {e}")));
        let id = field(&case, "id").unwrap_or_else(|| fail("a case without an id"));
        let config = field(&case, "config").unwrap_or_else(|| fail("a case without a config"));
        let gold = decode(field(&case, "gold_b64").unwrap_or_else(|| fail("a case without gold")));
        let prediction = field(&case, "prediction_b64").map(decode);
        let outcome = TaskConfig::from_json(config.as_bytes(), Some("task_1")).and_then(|cfg| {
            let pred = match &prediction {
                Some(bytes) => Prediction::Csv(bytes),
                None => Prediction::Missing,
            };
            evaluate_task(pred, &gold, &cfg)
        });
        let mut record = String::from("{\"id\": ");
        write_str(&mut record, id);
        match outcome {
            Ok(result) => {
                record.push_str(", \"json\": ");
                write_str(&mut record, &result.to_json());
            }
            Err(e) => {
                record.push_str(", \"fatal\": ");
                write_str(&mut record, &format!("{} {}", e.code, e.stage().as_str()));
            }
        }
        record.push('}');
        if writeln!(out, "{record}").is_err() {
            fail("cannot write stdout");
        }
    }
    if out.flush().is_err() {
        fail("cannot write stdout");
    }
}
