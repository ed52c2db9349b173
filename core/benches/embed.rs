//! Per-prediction cost of scoring small predictions against one prepared gold, by stage, on
//! the workload of `bench/embed.py` (a 10-row gold with text, number, date and text columns;
//! predictions of 1–20 rows, columns reordered, amounts with another number of decimals).
//!
//! `cargo bench -p tabeq --bench embed [-- COUNT] [passes]`: prints nanoseconds per prediction for
//! reading the CSV, for `PreparedGold::evaluate_table` on the read table, and for the whole
//! `PreparedGold::evaluate`, for `PreparedGold::passes` (what `Gold.scores` runs), for
//! `PreparedGold::partial_credit` and for `explain(...).partial`.
//! With `passes`, only `PreparedGold::passes` runs, 50 times over (a workload to profile).
//! Timings are printed, never asserted.

use std::hint::black_box;
use std::time::Instant;

use tabeq::csv::read_table;
use tabeq::explain::{explain, ExplainOptions};
use tabeq::{Prediction, PreparedGold, TaskConfig};

/// Deterministic draws (the workload only needs variety): the `i`-th draw below `n`.
struct Draws(u64);

impl Draws {
    fn below(&mut self, n: u64) -> u64 {
        self.0 += 1;
        (self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20) % n
    }
}

type Row = [String; 4];

fn gold_rows(count: usize, rng: &mut Draws) -> Vec<Row> {
    (0..count)
        .map(|i| {
            [
                format!("city{}", rng.below(1_000_000)),
                format!("{}.{:02}", rng.below(10_000), rng.below(100)),
                format!("2024-{:02}-{:02}", 1 + i % 12, 1 + i % 28),
                format!("c{}", i % 7),
            ]
        })
        .collect()
}

/// Predictions as `bench/embed.py` makes them: a quarter right (shuffled), a quarter with one
/// wrong row, a quarter of 1–20 rows drawn from the gold, a quarter right again; columns in
/// the order code, day, city, amount, amounts with three decimals.
fn predictions(gold: &[Row], count: usize, rng: &mut Draws) -> Vec<Vec<u8>> {
    (0..count)
        .map(|i| {
            let mut body: Vec<Row> = gold.to_vec();
            match i % 4 {
                1 => {
                    let at = rng.below(body.len() as u64) as usize;
                    body[at] = ["wrong", "1.00", "2024-01-01", "c0"].map(String::from);
                }
                2 => {
                    let n = 1 + rng.below(20) as usize;
                    body = (0..n)
                        .map(|_| gold[rng.below(gold.len() as u64) as usize].clone())
                        .collect();
                }
                _ => {}
            }
            for k in (1..body.len()).rev() {
                body.swap(k, rng.below(k as u64 + 1) as usize);
            }
            let mut csv = String::from("code,day,CITY,amount\n");
            for [city, amount, day, code] in &body {
                csv.push_str(&format!("{code},{day},{city},{amount}0\n"));
            }
            csv.into_bytes()
        })
        .collect()
}

fn per_prediction(count: usize, run: impl Fn()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        run();
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / count as f64);
    }
    best
}

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20_000);
    let config = TaskConfig::from_json(
        br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": [
        {"gold_index": 0, "gold_name": "city", "type": "text"},
        {"gold_index": 1, "gold_name": "amount", "type": "number", "comparison": {"mode": "decimal_places", "digits": 2}},
        {"gold_index": 2, "gold_name": "day", "type": "date"},
        {"gold_index": 3, "gold_name": "code", "type": "text"}]}"#,
        None,
    )
    .expect("config");
    let mut rng = Draws(1);
    let gold = gold_rows(10, &mut rng);
    let mut gold_csv = String::from("city,amount,day,code\n");
    for row in &gold {
        gold_csv.push_str(&row.join(","));
        gold_csv.push('\n');
    }
    let prepared = PreparedGold::new(gold_csv.as_bytes(), &config)
        .expect("gold")
        .for_many_predictions();
    let inputs = predictions(&gold, count, &mut rng);
    let tables: Vec<_> = inputs.iter().map(|p| read_table(p).expect("csv")).collect();
    let passed = inputs
        .iter()
        .filter(|p| prepared.evaluate(Prediction::Csv(p)).passed)
        .count();

    if std::env::args().skip(1).any(|a| a == "passes") {
        let start = Instant::now();
        for _ in 0..50 {
            for p in &inputs {
                black_box(prepared.passes(Prediction::Csv(black_box(p))));
            }
        }
        let each = start.elapsed().as_secs_f64() * 1e9 / (50 * count) as f64;
        println!("{count} predictions ({passed} pass), passes: {each:.0} ns per prediction");
        return;
    }
    let read = per_prediction(count, || {
        for p in &inputs {
            black_box(read_table(black_box(p)).is_ok());
        }
    });
    let score = per_prediction(count, || {
        for t in &tables {
            black_box(prepared.evaluate_table(black_box(t)).passed);
        }
    });
    let whole = per_prediction(count, || {
        for p in &inputs {
            black_box(prepared.evaluate(Prediction::Csv(black_box(p))).passed);
        }
    });
    let passes = per_prediction(count, || {
        for p in &inputs {
            black_box(prepared.passes(Prediction::Csv(black_box(p))));
        }
    });
    let credit = per_prediction(count, || {
        for p in &inputs {
            black_box(prepared.partial_credit(Prediction::Csv(black_box(p)), false));
        }
    });
    let options = ExplainOptions::default();
    let explained = per_prediction(count / 10, || {
        for p in &inputs[..count / 10] {
            black_box(explain(Prediction::Csv(black_box(p)), &prepared, &options).partial);
        }
    });
    println!("{count} predictions ({passed} pass), best of 5, ns per prediction on one core:");
    println!("  read CSV         {read:8.0}");
    println!("  evaluate_table   {score:8.0}");
    println!("  evaluate (both)  {whole:8.0}");
    println!("  passes           {passes:8.0}");
    println!("  partial_credit   {credit:8.0}");
    println!("  explain(..).partial {explained:5.0}");
}
