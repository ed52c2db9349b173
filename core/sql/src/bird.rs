//! BIRD mini-dev's execution accuracy (`calculate_ex`: `set(predicted) == set(ground_truth)`)
//! and Soft-F1 (`calculate_f1_score`), with Python's number types kept: Soft-F1 returns the
//! int `0` whenever precision + recall is 0, `1.0` when both results are empty, else a float
//! summed left to right as CPython 3.11's `sum()` does.

use std::collections::{HashMap, HashSet};

use crate::error::SqlError;
use crate::value::{Interner, Value};

/// BIRD EX with its soundness warning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BirdEx {
    /// The official's return value: 1 or 0.
    pub score: u8,
    /// Warning: a pass although the row multisets differ (a row missing duplicates, or extra).
    pub duplicates_differ: bool,
    /// A gold row (index) no predicted row equals, when the score is 0 for that reason.
    pub unmatched_gold_row: Option<usize>,
}

/// `calculate_ex(predicted, ground_truth)`.
pub fn bird_ex(predicted: &[Vec<Value>], ground_truth: &[Vec<Value>]) -> BirdEx {
    let mut interner = Interner::new();
    let p = interner.table(predicted);
    let g = interner.table(ground_truth);
    let ps: HashSet<&Vec<u32>> = p.iter().collect();
    let gs: HashSet<&Vec<u32>> = g.iter().collect();
    let score = u8::from(ps == gs);
    let mut counts: HashMap<&Vec<u32>, i64> = HashMap::new();
    for row in &p {
        *counts.entry(row).or_default() += 1;
    }
    for row in &g {
        *counts.entry(row).or_default() -= 1;
    }
    BirdEx {
        score,
        duplicates_differ: score == 1 && counts.values().any(|&c| c != 0),
        unmatched_gold_row: if score == 1 {
            None
        } else {
            g.iter().position(|row| !ps.contains(row))
        },
    }
}

/// A Python number as the Soft-F1 arithmetic produces it: an `int` or a `float`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PyNumber {
    /// An `int`.
    Int(i64),
    /// A `float`.
    Float(f64),
}

impl PyNumber {
    fn as_f64(self) -> f64 {
        match self {
            PyNumber::Int(i) => i as f64,
            PyNumber::Float(f) => f,
        }
    }
    fn add(self, other: PyNumber) -> PyNumber {
        match (self, other) {
            (PyNumber::Int(a), PyNumber::Int(b)) => PyNumber::Int(a + b),
            (a, b) => PyNumber::Float(a.as_f64() + b.as_f64()),
        }
    }
    fn mul(self, other: PyNumber) -> PyNumber {
        match (self, other) {
            (PyNumber::Int(a), PyNumber::Int(b)) => PyNumber::Int(a * b),
            (a, b) => PyNumber::Float(a.as_f64() * b.as_f64()),
        }
    }
    /// True division (small ints convert exactly, so the quotient is correctly rounded).
    fn div(self, other: PyNumber) -> PyNumber {
        PyNumber::Float(self.as_f64() / other.as_f64())
    }
    fn positive(self) -> bool {
        self.as_f64() > 0.0
    }
}

/// `sum(items)` in CPython 3.11: ints exactly until a float, then plain double additions.
fn py_sum(items: &[PyNumber]) -> PyNumber {
    items.iter().fold(PyNumber::Int(0), |acc, &x| acc.add(x))
}

/// `calculate_f1_score(predicted, ground_truth)`.
pub fn bird_soft_f1(
    predicted: &[Vec<Value>],
    ground_truth: &[Vec<Value>],
) -> Result<PyNumber, SqlError> {
    if predicted.is_empty() && ground_truth.is_empty() {
        return Ok(PyNumber::Float(1.0));
    }
    let mut interner = Interner::new();
    let dedup = |t: Vec<Vec<u32>>| {
        let mut seen = HashSet::new();
        t.into_iter()
            .filter(|r| seen.insert(r.clone()))
            .collect::<Vec<_>>()
    };
    let p = dedup(interner.table(predicted));
    let g = dedup(interner.table(ground_truth));
    let (mut matches, mut pred_only, mut truth_only) = (Vec::new(), Vec::new(), Vec::new());
    for (i, gt_row) in g.iter().enumerate() {
        let Some(pred_row) = p.get(i) else {
            matches.push(PyNumber::Int(0));
            truth_only.push(PyNumber::Int(1));
            continue;
        };
        let total = gt_row.len() as i64;
        if total == 0 {
            return Err(SqlError::empty_gold_row(i));
        }
        let hits = pred_row.iter().filter(|v| gt_row.contains(v)).count() as i64;
        let misses = pred_row.len() as i64 - hits;
        let truth_misses = gt_row.iter().filter(|v| !pred_row.contains(v)).count() as i64;
        let total = PyNumber::Int(total);
        matches.push(PyNumber::Int(hits).div(total));
        pred_only.push(PyNumber::Int(misses).div(total));
        truth_only.push(PyNumber::Int(truth_misses).div(total));
    }
    for _ in g.len()..p.len().max(g.len()) {
        matches.push(PyNumber::Int(0));
        pred_only.push(PyNumber::Int(1));
        truth_only.push(PyNumber::Int(0));
    }
    let (tp, fp, fneg) = (py_sum(&matches), py_sum(&pred_only), py_sum(&truth_only));
    let ratio = |a: PyNumber, b: PyNumber| {
        let denominator = a.add(b);
        if denominator.positive() {
            a.div(denominator)
        } else {
            PyNumber::Int(0)
        }
    };
    let precision = ratio(tp, fp);
    let recall = ratio(tp, fneg);
    let sum = precision.add(recall);
    Ok(if sum.positive() {
        PyNumber::Int(2).mul(precision).mul(recall).div(sum)
    } else {
        PyNumber::Int(0)
    })
}
