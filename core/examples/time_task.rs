//! Time one task's phases: `cargo run --release --example time_task -- PRED GOLD CONFIG [REPEAT]`.

use std::time::Instant;

use tabeq::csv::read_table;
use tabeq::{Prediction, PreparedGold, TaskConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: time_task PRED GOLD CONFIG [REPEAT]");
        std::process::exit(2);
    }
    let read = |p: &str| std::fs::read(p).unwrap_or_else(|e| panic!("{p}: {e}"));
    let (pred, gold, config) = (read(&args[1]), read(&args[2]), read(&args[3]));
    let repeat: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let config = TaskConfig::from_json(&config, None).expect("config");
    for _ in 0..repeat {
        let t0 = Instant::now();
        let prepared = PreparedGold::new(&gold, &config).expect("gold");
        let t1 = Instant::now();
        let table = read_table(&pred).expect("prediction CSV");
        let t2 = Instant::now();
        let result = prepared.evaluate(Prediction::Table(&table));
        let t3 = Instant::now();
        println!(
            "gold {:.3}s  read prediction {:.3}s  score {:.3}s  total {:.3}s  -> passed={} {:?}",
            (t1 - t0).as_secs_f64(),
            (t2 - t1).as_secs_f64(),
            (t3 - t2).as_secs_f64(),
            (t3 - t0).as_secs_f64(),
            result.passed,
            result.error_code
        );
    }
}
