//! Print the diagnosis of one task: `cargo run --release -p tabeq --example explain_files -- PRED GOLD CONFIG`
//! (`PRED` may be `-` for a missing prediction).

mod support;

use tabeq::explain::{explain_task, ExplainOptions};
use tabeq::{Prediction, TaskConfig};

fn main() {
    let args = support::args("explain_files PRED|- GOLD CONFIG", 3);
    let pred = (args[0] != "-").then(|| support::read(&args[0]));
    let config = TaskConfig::from_json(&support::read(&args[2]), None).expect("config");
    let prediction = match &pred {
        Some(b) => Prediction::Csv(b),
        None => Prediction::Missing,
    };
    match explain_task(
        prediction,
        &support::read(&args[1]),
        &config,
        &ExplainOptions::default(),
    ) {
        Ok(d) => println!("{}", d.to_json()),
        Err(e) => {
            eprintln!("fatal {}: {}", e.code, e);
            std::process::exit(2);
        }
    }
}
