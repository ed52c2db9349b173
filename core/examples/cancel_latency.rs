//! How long scoring takes to stop once cancelled: `cargo run --release --example cancel_latency
//! -- PRED GOLD CONFIG [DELAYS_MS...]`. For each delay, scores the prediction on a worker
//! thread, sets the cancel flag after the delay and prints the time from the flag to the return.

mod support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tabeq::{Prediction, PreparedGold, TaskConfig};

fn main() {
    let args = support::args("cancel_latency PRED GOLD CONFIG [DELAYS_MS...]", 3);
    let [pred, gold, config] = [0, 1, 2].map(|i| support::read(&args[i]));
    let config = TaskConfig::from_json(&config, None).expect("config");
    let prepared = Arc::new(
        PreparedGold::new(&gold, &config)
            .expect("gold")
            .for_many_predictions(),
    );
    let pred = Arc::new(pred);
    let t = Instant::now();
    let full = prepared.evaluate(Prediction::Csv(&pred));
    println!(
        "uncancelled: {:.3}s passed={}",
        t.elapsed().as_secs_f64(),
        full.passed
    );
    let delays: Vec<u64> = args[3..].iter().filter_map(|s| s.parse().ok()).collect();
    let mut worst = 0f64;
    for delay in delays {
        let flag = Arc::new(AtomicBool::new(false));
        let (p, g, f) = (Arc::clone(&pred), Arc::clone(&prepared), Arc::clone(&flag));
        let worker = std::thread::spawn(move || {
            tabeq::cancel::with_flag(&f, || g.evaluate(Prediction::Csv(&p)).passed)
        });
        std::thread::sleep(Duration::from_millis(delay));
        let set = Instant::now();
        flag.store(true, Ordering::Relaxed);
        worker.join().expect("worker");
        let latency = set.elapsed().as_secs_f64();
        worst = worst.max(latency);
        println!("delay {delay} ms: stopped {latency:.3}s after the flag");
    }
    println!("worst {worst:.3}s");
}
