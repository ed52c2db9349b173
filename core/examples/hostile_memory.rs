//! One hostile scenario per run, for measuring peak memory from outside the process
//! (`bench/hostile_memory.sh` runs each under `/usr/bin/time -v`).
//!
//! ```text
//! cargo run --release --example hostile_memory -- <scenario>
//! ```
//!
//! Prints `scenario input_bytes outcome`. The inputs are built in memory, so the peak includes
//! them (gold + prediction bytes); `baseline` measures the process alone.

mod support;

use support::{config, csv_of};
use tabeq::canon::canonicalize;
use tabeq::config::{Comparison, NumericUnit, Rule};
use tabeq::csv::{MAX_CELL_CHARACTERS, MAX_CSV_BYTES, MAX_CSV_COLUMNS, MAX_CSV_ROWS};
use tabeq::explain::{explain, ExplainOptions};
use tabeq::{Prediction, PreparedGold, TaskConfig, TaskResult};

const SCENARIOS: &[&str] = &[
    "baseline",
    "identical_64x100k",
    "rotations_64x100k",
    "distinct_text_2x100k",
    "cells_2mib",
    "commas_20mib",
    "digits_2mib",
    "exponents_100k",
    "explain_64x100k",
    "distinct_rules_64x100k",
];

const INTEGER: &str = r#""type": "number", "comparison": {"mode": "integer"}"#;
const TEXT: &str = r#""type": "text""#;

fn run(gold: &[u8], prediction: &[u8], config: &TaskConfig) -> (usize, String) {
    let prepared = match PreparedGold::new(gold, config) {
        Ok(p) => p,
        Err(e) => return (gold.len() + prediction.len(), format!("fatal {}", e.code)),
    };
    let result = prepared.evaluate(Prediction::Csv(prediction));
    (gold.len() + prediction.len(), outcome(&result))
}

fn outcome(result: &TaskResult) -> String {
    match result.error_code {
        None => "passed".into(),
        Some(code) => code.code().into(),
    }
}

fn scenario(name: &str) -> Option<(usize, String)> {
    let (d, n) = (MAX_CSV_COLUMNS, MAX_CSV_ROWS);
    Some(match name {
        "baseline" => (0, "none".into()),
        "identical_64x100k" => {
            let gold = csv_of(d, n, |r, _| (r % 10).to_string());
            let prediction = csv_of(d, n, |r, _| ((n - 1 - r) % 10).to_string());
            run(&gold, &prediction, &config(false, &vec![INTEGER; d]))
        }
        "rotations_64x100k" => {
            let value = |r: usize, j: usize| ((r + j * 7 + (r / 10) * j) % 10).to_string();
            let gold = csv_of(d, n, value);
            let prediction = csv_of(d, n, |r, k| value((r + 12_345) % n, d - 1 - k));
            run(&gold, &prediction, &config(false, &vec![INTEGER; d]))
        }
        "distinct_text_2x100k" => {
            let cell = |r: usize, j: usize| format!("{:0>99}{j}", r * 7919 % 1_000_003);
            let gold = csv_of(2, n, cell);
            let prediction = csv_of(2, n, |r, j| cell(n - 1 - r, 1 - j));
            run(&gold, &prediction, &config(false, &[TEXT, TEXT]))
        }
        "cells_2mib" => {
            let cell = "😀".repeat(MAX_CELL_CHARACTERS);
            let gold = format!("t\n{cell}\n").into_bytes();
            run(&gold, &gold, &config(true, &[TEXT]))
        }
        "commas_20mib" => {
            let commas = vec![b','; MAX_CSV_BYTES];
            run(b"t\nx\n", &commas, &config(true, &[TEXT]))
        }
        "digits_2mib" => {
            let digits = "7".repeat(MAX_CELL_CHARACTERS);
            let gold = format!("n\n{digits}\n").into_bytes();
            let sd = r#""type": "number", "comparison": {"mode": "decimal_places", "digits": 30}"#;
            let (bytes, out) = run(&gold, &gold, &config(true, &[sd]));
            let rule = Rule::Number {
                comparison: Comparison::SignificantDigits(30),
                unit: NumericUnit::Fraction,
                allow_percent_sign: true,
            };
            let percent = format!("{digits}%");
            let _ = canonicalize(&percent, &rule);
            (bytes, out)
        }
        "exponents_100k" => {
            let gold = csv_of(1, n, |r, _| format!("1e{}", 999_999_999 - r));
            let prediction = csv_of(1, n, |r, _| format!("10e{}", 999_999_998 - r));
            run(&gold, &prediction, &config(true, &[INTEGER]))
        }
        "explain_64x100k" => {
            let gold = csv_of(d, n, |r, _| (r % 10).to_string());
            let changed = csv_of(d, n, |r, j| {
                if (r, j) == (5, 63) {
                    "11".into()
                } else {
                    (r % 10).to_string()
                }
            });
            let prepared = PreparedGold::new(&gold, &config(false, &vec![INTEGER; d])).ok()?;
            let diagnosis = explain(
                Prediction::Csv(&changed),
                &prepared,
                &ExplainOptions::default(),
            );
            (gold.len() + changed.len(), outcome(&diagnosis.result))
        }
        "distinct_rules_64x100k" => {
            // 64 columns, each with its own number rule: every prediction column is read under
            // every rule (trusted configs choose the rules; the prediction fills the cells).
            let rules: Vec<String> = (0..d)
                .map(|j| match j {
                    0 => INTEGER.to_string(),
                    1..=31 => format!(
                        r#""type": "number", "comparison": {{"mode": "decimal_places", "digits": {}}}"#,
                        j - 1
                    ),
                    32 => TEXT.to_string(),
                    _ => format!(
                        r#""type": "number", "comparison": {{"mode": "significant_digits", "digits": {}}}"#,
                        j - 33
                    ),
                })
                .collect();
            let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
            let gold = csv_of(d, n, |r, j| ((r * 31 + j) % 100).to_string());
            let prediction = csv_of(d, n, |r, j| ((r * 31 + j) % 100).to_string());
            run(&gold, &prediction, &config(true, &rules))
        }
        _ => return None,
    })
}

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    match scenario(&name) {
        Some((bytes, out)) => println!("{name} {bytes} {out}"),
        None => {
            eprintln!("usage: hostile_memory <{}>", SCENARIOS.join("|"));
            std::process::exit(2);
        }
    }
}
