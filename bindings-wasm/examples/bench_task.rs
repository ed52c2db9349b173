//! Times one task natively through the same code path as the WebAssembly `evaluate`, for the
//! WASM-vs-native comparison in BENCHMARKS.md (see bindings-wasm/bench/wasm-vs-native.sh).
//!
//! Usage: `cargo run --release -p tabeq-wasm --example bench_task -- PREDICTION GOLD CONFIG [RUNS]`
//! Prints one JSON line: `{"runs": N, "min_ms": .., "median_ms": .., "passed": .., "error_code": ..}`.

#[path = "../../core/examples/support/cli.rs"]
mod support;

use std::time::Instant;

use tabeq_surface::evaluator::cpython_json::{to_tree, Out};
use tabeq_surface::evaluator::file_input::{FileInput, TaskFiles};

fn main() {
    let args = support::args("bench_task PREDICTION GOLD CONFIG [RUNS]", 3);
    let [prediction, gold, config] = [0, 1, 2].map(|i| support::read(&args[i]));
    let runs: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(5);
    let mut times = Vec::with_capacity(runs);
    let mut last = Out::Null;
    for _ in 0..runs {
        let start = Instant::now();
        let files = TaskFiles {
            prediction: FileInput::Bytes(prediction.clone()),
            gold: FileInput::Bytes(gold.clone()),
            config: FileInput::Bytes(config.clone()),
            config_file_name: None,
        };
        let result = files.evaluate();
        last = to_tree(&result.unwrap_or_else(|e| panic!("fatal: {}: {}", e.code, e.message)));
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let field = |key: &str| match &last {
        Out::Object(m) => m
            .iter()
            .find(|(k, _)| k == key)
            .map_or("null".to_string(), |(_, v)| v.to_pretty()),
        _ => "null".into(),
    };
    println!(
        "{{\"runs\": {runs}, \"min_ms\": {:.1}, \"median_ms\": {:.1}, \"passed\": {}, \"error_code\": {}}}",
        times[0],
        times[times.len() / 2],
        field("passed"),
        field("error_code")
    );
}
