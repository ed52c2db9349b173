//! Timed check of the diagnosis on the permutation-search worst case.
//!
//! `cargo run --release -p tabeq --example explain_worst` builds the 12,962-row × 8-column
//! worst case in memory (same construction as `bench/gen_worst.py --cols 8`: same-typed
//! number columns, the prediction's columns reversed, rows shuffled, one wrong cell) and
//! times `explain` on it. `-- PRED GOLD CONFIG` diagnoses files instead. Exits with status 1
//! when the diagnosis takes a second or more, or its JSON reaches 64 KB.

use std::time::Instant;

use tabeq::explain::{explain, ExplainOptions};
use tabeq::{Prediction, PreparedGold, TaskConfig};

const BUDGET_SECONDS: f64 = 1.0;
const BUDGET_BYTES: usize = 64 * 1024;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 11
    }
}

/// (prediction CSV, gold CSV, config JSON) of the worst case.
fn worst_case(rows: usize, cols: usize) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let mut rng = Lcg(7);
    let data: Vec<Vec<String>> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| format!("{}.{:02}", rng.next() % 1_000_000, rng.next() % 100))
                .collect()
        })
        .collect();
    let mut gold = (0..cols)
        .map(|i| format!("c{i}"))
        .collect::<Vec<_>>()
        .join(",")
        + "\n";
    for row in &data {
        gold.push_str(&row.join(","));
        gold.push('\n');
    }
    let mut pred_rows: Vec<Vec<String>> = data
        .iter()
        .map(|r| r.iter().rev().cloned().collect())
        .collect();
    if let Some(last) = pred_rows.last_mut() {
        last[0] = "0.01".into();
    }
    for i in (1..pred_rows.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        pred_rows.swap(i, j);
    }
    let mut pred = (0..cols)
        .map(|i| format!("p{i}"))
        .collect::<Vec<_>>()
        .join(",")
        + "\n";
    for row in &pred_rows {
        pred.push_str(&row.join(","));
        pred.push('\n');
    }
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
    let args: Vec<String> = std::env::args().collect();
    let (pred, gold, config) = if args.len() >= 4 {
        let read = |p: &str| std::fs::read(p).unwrap_or_else(|e| panic!("{p}: {e}"));
        (read(&args[1]), read(&args[2]), read(&args[3]))
    } else {
        worst_case(12_962, 8)
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
