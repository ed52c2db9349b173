//! Time one task's phases: `cargo run --release --example time_task -- PRED GOLD CONFIG [REPEAT]`.

mod support;

use std::time::Instant;

use tabeq::csv::read_table;
use tabeq::{Prediction, PreparedGold, TaskConfig};

fn main() {
    let args = support::args("time_task PRED GOLD CONFIG [REPEAT]", 3);
    let [pred, gold, config] = [0, 1, 2].map(|i| support::read(&args[i]));
    let repeat: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let config = TaskConfig::from_json(&config, None).expect("config");
    for _ in 0..repeat {
        let t0 = Instant::now();
        let prepared = PreparedGold::new(&gold, &config).expect("gold");
        let t1 = Instant::now();
        let table = read_table(&pred).expect("prediction CSV");
        let t2 = Instant::now();
        let result = prepared.evaluate(Prediction::Table(&table));
        let t3 = Instant::now();
        prepared.evaluate(Prediction::Table(&table));
        let t4 = Instant::now();
        let one_shot = tabeq::evaluate_task(Prediction::Csv(&pred), &gold, &config).expect("gold");
        let t5 = Instant::now();
        assert_eq!(one_shot, result);
        println!(
            "gold {:.3}s  read prediction {:.3}s  score {:.3}s (again {:.3}s)  total {:.3}s  \
             evaluate_task {:.3}s -> passed={} {:?}",
            (t1 - t0).as_secs_f64(),
            (t2 - t1).as_secs_f64(),
            (t3 - t2).as_secs_f64(),
            (t4 - t3).as_secs_f64(),
            (t3 - t0).as_secs_f64(),
            (t5 - t4).as_secs_f64(),
            result.passed,
            result.error_code
        );
    }
}
