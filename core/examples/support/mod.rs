//! Helpers shared by the examples and the integration tests that build the same inputs
//! (`#[path = "../examples/support/mod.rs"] mod support;` in a test): command-line arguments,
//! a seeded generator, CSV builders and the permutation-search worst case.
#![allow(dead_code)] // each includer uses a part

// The arguments and files of an example, in a file of their own that names no crate (the
// WebAssembly crate's benchmark example includes it alone).
mod cli;
#[allow(unused_imports)] // each includer uses a part
pub use cli::{args, read};

/// A config of task_1 whose column `i` is `{"gold_index": i, "gold_name": "c{i}", BODY}` for
/// the i-th JSON member list in `columns` (e.g. `"type": "text"`).
pub fn config(order_sensitive: bool, columns: &[&str]) -> tabeq::TaskConfig {
    let cols: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, body)| format!(r#"{{"gold_index": {i}, "gold_name": "c{i}", {body}}}"#))
        .collect();
    let json = format!(
        r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": {order_sensitive}, "columns": [{}]}}"#,
        cols.join(",")
    );
    tabeq::TaskConfig::from_json(json.as_bytes(), None)
        .unwrap_or_else(|e| panic!("config {json}: {e:?}"))
}

/// The config column `index`, named `name`, that reads its cells under `rule`.
pub fn column_spec(
    index: usize,
    name: String,
    rule: tabeq::config::Rule,
) -> tabeq::config::ColumnSpec {
    use tabeq::config::{ColumnType, NumericUnit, Rule};
    let (column_type, comparison, unit, allow_percent_sign) = match rule {
        Rule::Text => (ColumnType::Text, None, NumericUnit::Plain, false),
        Rule::Number {
            comparison,
            unit,
            allow_percent_sign,
        } => (
            ColumnType::Number,
            Some(comparison),
            unit,
            allow_percent_sign,
        ),
        Rule::Date => (ColumnType::Date, None, NumericUnit::Plain, false),
        Rule::Datetime => (ColumnType::Datetime, None, NumericUnit::Plain, false),
        Rule::Boolean => (ColumnType::Boolean, None, NumericUnit::Plain, false),
    };
    tabeq::config::ColumnSpec {
        gold_index: index,
        gold_name: name,
        column_type,
        comparison,
        unit,
        allow_percent_sign,
    }
}

/// A linear congruential generator (Knuth's MMIX constants): reproducible inputs without a
/// dependency.
pub struct Lcg(pub u64);

impl Lcg {
    fn step(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }

    /// The next value: the state's top 53 bits.
    pub fn next(&mut self) -> u64 {
        self.step() >> 11
    }

    /// A value below `n`, from the state's top 31 bits.
    pub fn below(&mut self, n: usize) -> usize {
        (self.step() >> 33) as usize % n
    }

    /// A Fisher-Yates shuffle driven by `below`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// `rows` rows of `width` cells from `cell(row, column)`, after the header `h0,h1,…`.
pub fn csv_of(width: usize, rows: usize, cell: impl Fn(usize, usize) -> String) -> Vec<u8> {
    let mut out = String::new();
    let header: Vec<String> = (0..width).map(|j| format!("h{j}")).collect();
    out.push_str(&header.join(","));
    out.push('\n');
    for r in 0..rows {
        for j in 0..width {
            if j > 0 {
                out.push(',');
            }
            out.push_str(&cell(r, j));
        }
        out.push('\n');
    }
    out.into_bytes()
}

/// The permutation-search worst case (as `bench/gen_worst.py` builds it): `cols` number columns
/// of two decimal places, the prediction's columns reversed, its rows shuffled, and one wrong
/// cell (the gold's last row, in its last column). Returns (prediction CSV, gold CSV).
pub fn worst_case(rows: usize, cols: usize) -> (String, String) {
    let mut rng = Lcg(7);
    let data: Vec<Vec<String>> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| format!("{}.{:02}", rng.next() % 1_000_000, rng.next() % 100))
                .collect()
        })
        .collect();
    let header = |p: &str| {
        (0..cols)
            .map(|i| format!("{p}{i}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut gold = header("c") + "\n";
    for row in &data {
        gold.push_str(&row.join(","));
        gold.push('\n');
    }
    let mut pred_rows: Vec<Vec<String>> = data
        .iter()
        .map(|r| r.iter().rev().cloned().collect())
        .collect();
    pred_rows[rows - 1][0] = "0.01".into();
    for i in (1..rows).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        pred_rows.swap(i, j);
    }
    let mut pred = header("p") + "\n";
    for row in &pred_rows {
        pred.push_str(&row.join(","));
        pred.push('\n');
    }
    (pred, gold)
}
