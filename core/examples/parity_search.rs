//! Time the column search on even-parity block tables (issue 17), end to end through
//! `evaluate_task`, next to a table of the same shape with independent random bits:
//! `cargo run --profile ci -p tabeq --example parity_search [REPEAT [NAME-FILTER]]`.
//!
//! In a parity table the columns fall into blocks, every row's bits in a block have even
//! parity, and the rows enumerate every such vector ("+ complements": each column's complement
//! is added too). Each prediction is the gold with its columns permuted and its rows
//! shuffled, so it must pass.

mod support;

use std::time::Instant;
use support::Lcg;

use tabeq::{evaluate_task, Prediction, TaskConfig};

/// (block sizes, whether a block's columns are numbers rather than text)
type Shape = &'static [(usize, bool)];

const COMPLEMENTED: &str = "32 cols, text 8+8 + complements";

const SHAPES: &[(&str, Shape)] = &[
    ("14 cols, text 7+7", &[(7, false), (7, false)]),
    (
        "14 cols, text 4 + number 5+5",
        &[(4, false), (5, true), (5, true)],
    ),
    ("16 cols, text 8+8 (reported)", &[(8, false), (8, false)]),
    (
        "16 cols, text 5+5 + number 6",
        &[(5, false), (5, false), (6, true)],
    ),
    ("18 cols, text 9+9", &[(9, false), (9, false)]),
    ("18 cols, number 6+6+6", &[(6, true), (6, true), (6, true)]),
    (
        "18 cols, text 5+4 + number 5+4",
        &[(5, false), (4, false), (5, true), (4, true)],
    ),
    (COMPLEMENTED, &[(8, false), (8, false)]),
];

/// Rows of bits: the parity construction, or as many rows of independent random bits.
fn rows(shape: Shape, complements: bool, random: bool, rng: &mut Lcg) -> Vec<Vec<u8>> {
    let free: usize = shape.iter().map(|&(size, _)| size - 1).sum();
    let d: usize = shape.iter().map(|&(size, _)| size).sum::<usize>() << usize::from(complements);
    (0..1usize << free)
        .map(|index| {
            if random {
                return (0..d).map(|_| rng.below(2) as u8).collect();
            }
            // Per block: its parity bit, then its free bits (the next bits of `index`).
            let mut free_bits = (0..).map(|t| ((index >> t) & 1) as u8);
            let mut row = Vec::with_capacity(d);
            for &(size, _) in shape {
                let bits: Vec<u8> = free_bits.by_ref().take(size - 1).collect();
                row.push(bits.iter().sum::<u8>() % 2);
                row.extend(bits);
            }
            if complements {
                row.extend(row.clone().iter().map(|&b| 1 - b));
            }
            row
        })
        .collect()
}

fn csv(header: &[String], rows: &[Vec<u8>], is_number: &[bool], order: &[usize]) -> Vec<u8> {
    let mut out = order
        .iter()
        .map(|&c| header[c].as_str())
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for row in rows {
        let cells: Vec<&str> = order
            .iter()
            .map(|&c| match (is_number[c], row[c]) {
                (true, bit) => ["0", "1"][bit as usize],
                (false, bit) => ["a", "b"][bit as usize],
            })
            .collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out.into_bytes()
}

/// Seconds to score the permuted, shuffled copy; panics unless it passes.
fn time_case(shape: Shape, complements: bool, random: bool, repeat: usize) -> (f64, usize) {
    let mut rng = Lcg(17);
    let mut table = rows(shape, complements, random, &mut rng);
    let mut is_number: Vec<bool> = shape
        .iter()
        .flat_map(|&(size, number)| std::iter::repeat_n(number, size))
        .collect();
    if complements {
        is_number.extend(is_number.clone());
    }
    let d = is_number.len();
    let header: Vec<String> = (0..d).map(|c| format!("c{c}")).collect();
    let columns: Vec<String> = (0..d)
        .map(|c| {
            let kind = if is_number[c] {
                r#""type": "number", "comparison": {"mode": "integer"}"#
            } else {
                r#""type": "text""#
            };
            format!(r#"{{"gold_index": {c}, "gold_name": "c{c}", {kind}}}"#)
        })
        .collect();
    let config = format!(
        r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": [{}]}}"#,
        columns.join(", ")
    );
    let config = TaskConfig::from_json(config.as_bytes(), None).expect("config");
    let natural: Vec<usize> = (0..d).collect();
    let gold = csv(&header, &table, &is_number, &natural);
    let mut order = natural;
    rng.shuffle(&mut order);
    rng.shuffle(&mut table);
    let prediction = csv(&header, &table, &is_number, &order);
    let mut best = f64::INFINITY;
    for _ in 0..repeat {
        let start = Instant::now();
        let result = evaluate_task(Prediction::Csv(&prediction), &gold, &config).expect("gold");
        best = best.min(start.elapsed().as_secs_f64());
        assert!(result.passed, "{:?}: {:?}", result.error_code, result.error);
    }
    (best, table.len())
}

fn main() {
    let repeat: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let filter = std::env::args().nth(2).unwrap_or_default();
    println!(
        "best of {repeat}; each prediction is the gold with columns permuted and rows shuffled"
    );
    println!(
        "{:<34} {:>7} {:>11} {:>11} {:>7}",
        "table", "rows", "parity s", "random s", "ratio"
    );
    for &(name, shape) in SHAPES
        .iter()
        .filter(|(name, _)| name.contains(filter.as_str()))
    {
        let complements = name == COMPLEMENTED;
        let (parity, rows) = time_case(shape, complements, false, repeat);
        let (random, _) = time_case(shape, complements, true, repeat);
        println!(
            "{name:<34} {rows:>7} {parity:>11.3} {random:>11.3} {:>7.2}",
            parity / random
        );
    }
}
