//! What the official report lacks: for a task that is not a perfect match, each gold column that
//! found no prediction column of the same signature, the prediction column closest to it and the
//! first normalized value where the two differ. At the participant level (the default of every
//! surface) no gold value appears: only the gold column's position and header, counts, and the
//! prediction's own values.

use serde::Serialize;

use crate::normalize::normalize_cell;
use crate::read::{read_table, ReadFailure};
use crate::score::{GoldInput, Prediction, TaskScore};

/// The closest prediction column to a gold column that found no partner.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "KddcupClosestColumn"))]
pub struct ClosestColumn {
    /// Its position in the prediction, from 0.
    pub prediction_index: usize,
    /// Its header.
    pub prediction_name: String,
    /// How many of its normalized values the gold column also holds (as multisets): the
    /// closeness, ties going to the column whose row count is nearer, then to the first.
    pub shared_values: usize,
    /// Its number of values (rows).
    pub prediction_rows: usize,
    /// The first position, in each column's values sorted as the signature sorts them, where the
    /// two differ (or one ends); `None` when they hold the same values: that prediction column is
    /// the partner of another gold column of the same signature, and this one has no copy of it.
    pub first_difference: Option<FirstDifference>,
}

/// Where the sorted normalized values of a gold column and its closest prediction column part.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "KddcupFirstDifference")
)]
pub struct FirstDifference {
    /// The position in sorted order, from 0.
    pub position: usize,
    /// The prediction's normalized value there (`None`: the prediction column ended first).
    pub prediction_value: Option<String>,
    /// The raw prediction cell that normalized to it.
    pub prediction_cell: Option<String>,
    /// The gold's normalized value there (`None`: hidden at the participant level, or the gold
    /// column ended first; `gold_ended` tells which).
    pub gold_value: Option<String>,
    /// Whether the gold column ended at this position (it has fewer values).
    pub gold_ended: bool,
}

/// A gold column without a partner.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "KddcupMissedColumn"))]
pub struct MissedColumn {
    /// Its position in the gold, from 0.
    pub gold_index: usize,
    /// Its header.
    pub gold_name: String,
    /// Its number of values (rows).
    pub gold_rows: usize,
    /// The closest prediction column (`None` when the prediction has no column left to compare).
    pub closest: Option<ClosestColumn>,
}

/// Why a task scored what it scored, beyond the official report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "KddcupTaskExplanation")
)]
pub struct TaskExplanation {
    /// The official score of the task.
    pub score: TaskScore,
    /// Whether gold values are shown (`false`: the participant level).
    pub gold_values_shown: bool,
    /// Every gold column without a partner, in gold order (empty for a perfect match, a missing
    /// or unreadable prediction).
    pub missed_columns: Vec<MissedColumn>,
    /// The prediction columns no gold column took (positions from 0), in prediction order.
    pub extra_prediction_columns: Vec<usize>,
}

/// One side's column: header, raw cells and sorted normalized values with their raw cell.
struct Column {
    name: String,
    sorted: Vec<(String, String)>,
    /// The sorted normalized values joined by U+001F: what the signature hashes.
    joined: String,
}

fn columns_of(header: Vec<String>, columns: Vec<Vec<String>>, strict_commas: bool) -> Vec<Column> {
    header
        .into_iter()
        .zip(columns)
        .map(|(name, cells)| {
            let mut sorted: Vec<(String, String)> = cells
                .into_iter()
                .map(|cell| (normalize_cell(&cell, strict_commas), cell))
                .collect();
            // The signature sorts normalized values by code point (Rust's `str` order).
            sorted.sort();
            let values: Vec<&str> = sorted.iter().map(|(value, _)| value.as_str()).collect();
            let joined = values.join("\u{1f}");
            Column {
                name,
                sorted,
                joined,
            }
        })
        .collect()
}

/// Values two sorted columns share, as multisets.
fn shared(a: &[(String, String)], b: &[(String, String)]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

fn first_difference(
    gold: &Column,
    prediction: &Column,
    show_gold: bool,
) -> Option<FirstDifference> {
    if gold.joined == prediction.joined {
        return None;
    }
    let position = gold
        .sorted
        .iter()
        .zip(&prediction.sorted)
        .position(|(g, p)| g.0 != p.0)
        .unwrap_or(gold.sorted.len().min(prediction.sorted.len()));
    let at = prediction.sorted.get(position);
    Some(FirstDifference {
        position,
        prediction_value: at.map(|(value, _)| value.clone()),
        prediction_cell: at.map(|(_, cell)| cell.clone()),
        gold_value: gold
            .sorted
            .get(position)
            .filter(|_| show_gold)
            .map(|(value, _)| value.clone()),
        gold_ended: position >= gold.sorted.len(),
    })
}

/// The official score of a task with the explanation of what did not match. `show_gold_values`
/// false is the participant level. Fatal inputs are the official's, as in
/// [`crate::score_task`].
///
/// ```
/// use tabeq_kddcup::explain::explain_task;
/// use tabeq_kddcup::{GoldInput, Prediction};
/// let gold = GoldInput::Bytes { path: "gold.csv", bytes: b"city,total\nParis,10\nOslo,20\n" };
/// let pred = Prediction::Bytes { path: "prediction.csv", bytes: b"c,n\nParis,10\nOslo,21\n" };
/// let e = explain_task(pred, gold, 0.1, false, false).unwrap();
/// assert_eq!(e.score.status, "partial_match");
/// let missed = &e.missed_columns[0];
/// assert_eq!((missed.gold_index, missed.gold_name.as_str()), (1, "total"));
/// let closest = missed.closest.as_ref().unwrap();
/// assert_eq!((closest.prediction_name.as_str(), closest.shared_values), ("n", 1));
/// let diff = closest.first_difference.as_ref().unwrap();
/// assert_eq!((diff.position, diff.prediction_value.as_deref()), (1, Some("21.00")));
/// assert_eq!(diff.gold_value, None); // the participant level hides the gold's "20.00"
/// ```
pub fn explain_task(
    prediction: Prediction<'_>,
    gold: GoldInput<'_>,
    penalty_weight: f64,
    strict_commas: bool,
    show_gold_values: bool,
) -> Result<TaskExplanation, crate::Fatal> {
    let score = crate::score_task(prediction, gold, penalty_weight, strict_commas)?;
    let mut explanation = TaskExplanation {
        score,
        gold_values_shown: show_gold_values,
        missed_columns: Vec::new(),
        extra_prediction_columns: Vec::new(),
    };
    let (Prediction::Bytes { bytes: pred, .. }, GoldInput::Bytes { bytes: gold, .. }) =
        (prediction, gold)
    else {
        return Ok(explanation);
    };
    let read = |bytes: &[u8]| -> Result<Vec<Column>, ReadFailure> {
        let (header, columns) = read_table(bytes)?;
        Ok(columns_of(header, columns, strict_commas))
    };
    // score_task read both already: a failure here is a read_error (or fatal) task, explained
    // by its status and error alone.
    let (Ok(gold), Ok(pred)) = (read(gold), read(pred)) else {
        return Ok(explanation);
    };
    // Pair columns of equal signatures (equal joined text), each prediction column once, in gold
    // order: what the official's multiset matching counts.
    let mut taken = vec![false; pred.len()];
    let mut missed = Vec::new();
    for (g, gold_column) in gold.iter().enumerate() {
        let partner = (0..pred.len()).find(|&p| !taken[p] && pred[p].joined == gold_column.joined);
        match partner {
            Some(p) => taken[p] = true,
            None => missed.push(g),
        }
    }
    explanation.extra_prediction_columns = (0..pred.len()).filter(|&p| !taken[p]).collect();
    for g in missed {
        let gold_column = &gold[g];
        // The closest among the prediction columns no gold column took, else among all.
        let candidates: Vec<usize> = if explanation.extra_prediction_columns.is_empty() {
            (0..pred.len()).collect()
        } else {
            explanation.extra_prediction_columns.clone()
        };
        let rows = gold_column.sorted.len();
        let closest = candidates
            .into_iter()
            .map(|p| (p, shared(&gold_column.sorted, &pred[p].sorted)))
            .min_by_key(|&(p, n)| (std::cmp::Reverse(n), pred[p].sorted.len().abs_diff(rows), p))
            .map(|(p, n)| ClosestColumn {
                prediction_index: p,
                prediction_name: pred[p].name.clone(),
                shared_values: n,
                prediction_rows: pred[p].sorted.len(),
                first_difference: first_difference(gold_column, &pred[p], show_gold_values),
            });
        explanation.missed_columns.push(MissedColumn {
            gold_index: g,
            gold_name: gold_column.name.clone(),
            gold_rows: rows,
            closest,
        });
    }
    Ok(explanation)
}
