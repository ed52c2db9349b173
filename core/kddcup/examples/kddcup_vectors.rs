//! Reads JSON lines on stdin (`{"kind": "cell", "value": ..., "strict": ...}` or
//! `{"kind": "task", "pred": hex or null, "gold": hex, "weight": ..., "strict": ...}`) and
//! writes tabeq's answer for each as a JSON line: the harness of `tests/kddcup/differential.py`.
//! A line it cannot read is answered `{"harness_error": ...}`, which no official answer equals.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

mod support;

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let answer = serde_json::from_str::<Value>(&line)
            .map_err(|e| e.to_string())
            .and_then(|case| support::answer(&case))
            .unwrap_or_else(|error| json!({ "harness_error": error }));
        let _ = writeln!(out, "{answer}");
    }
}
