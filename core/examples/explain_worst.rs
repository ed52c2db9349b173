//! Timed check of the diagnosis on the permutation-search worst case.
//!
//! `cargo run --release -p tabeq --example explain_worst` builds the 12,962-row × 8-column
//! worst case in memory (same construction as `bench/gen_worst.py --cols 8`: same-typed
//! number columns, the prediction's columns reversed, rows shuffled, one wrong cell) and
//! times `explain` on it. `-- PRED GOLD CONFIG` diagnoses files instead. Exits with status 1
//! when the diagnosis takes a second or more, or its JSON reaches 64 KB.

mod support;

use std::time::Instant;

use tabeq::explain::{explain, ExplainOptions};
use tabeq::{Prediction, PreparedGold, TaskConfig};

const BUDGET_SECONDS: f64 = 1.0;
const BUDGET_BYTES: usize = 64 * 1024;

/// (prediction CSV, gold CSV, config JSON) of the worst case.
fn worst_case_files(rows: usize, cols: usize) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let (pred, gold) = support::worst_case(rows, cols);
    let columns: Vec<String> = (0..cols)
        .map(|i| {
            format!(
                r#"{{"gold_index": {i}, "gold_name": "c{i}", "type": "number", "comparison": {{"mode": "decimal_places", "digits": 2}}}}"#
            )
        })
        .collect();
    let config = format!(
        r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": [{}]}}"#,
        columns.join(", ")
    );
    (pred.into_bytes(), gold.into_bytes(), config.into_bytes())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (pred, gold, config) = match &args[..] {
        [pred, gold, config, ..] => (
            support::read(pred),
            support::read(gold),
            support::read(config),
        ),
        _ => worst_case_files(12_962, 8),
    };
    let config = TaskConfig::from_json(&config, None).expect("config");
    let prepared = PreparedGold::new(&gold, &config).expect("gold");
    let options = ExplainOptions::default();
    let mut worst = 0f64;
    let mut size = 0;
    for _ in 0..3 {
        let t0 = Instant::now();
        let d = explain(Prediction::Csv(&pred), &prepared, &options);
        let json = d.to_json();
        let seconds = t0.elapsed().as_secs_f64();
        worst = worst.max(seconds);
        size = json.len();
        println!(
            "explain {seconds:.3}s  json {size} bytes  passed={} {:?}  hints={}",
            d.result.passed,
            d.result.error_code.map(|c| c.code()),
            d.hints.len()
        );
    }
    let ok = worst < BUDGET_SECONDS && size < BUDGET_BYTES;
    println!(
        "{}: slowest {worst:.3}s (budget {BUDGET_SECONDS}s), json {size} bytes (budget {BUDGET_BYTES})",
        if ok { "OK" } else { "OVER BUDGET" }
    );
    if !ok {
        std::process::exit(1);
    }
}
