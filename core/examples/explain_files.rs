//! Print the diagnosis of one task: `cargo run --release -p tabeq --example explain_files -- PRED GOLD CONFIG`
//! (`PRED` may be `-` for a missing prediction).

use tabeq::explain::{explain_task, ExplainOptions};
use tabeq::{Prediction, TaskConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: explain_files PRED|- GOLD CONFIG");
        std::process::exit(2);
    }
    let read = |p: &str| std::fs::read(p).unwrap_or_else(|e| panic!("{p}: {e}"));
    let pred = (args[1] != "-").then(|| read(&args[1]));
    let config = TaskConfig::from_json(&read(&args[3]), None).expect("config");
    let prediction = match &pred {
        Some(b) => Prediction::Csv(b),
        None => Prediction::Missing,
    };
    match explain_task(
        prediction,
        &read(&args[2]),
        &config,
        &ExplainOptions::default(),
    ) {
        Ok(d) => println!("{}", d.to_json()),
        Err(e) => {
            eprintln!("fatal {}: {}", e.code, e.message);
            std::process::exit(2);
        }
    }
}
