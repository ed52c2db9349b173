//! Canonical values of every prediction column under every distinct gold rule, next to the
//! gold's (taken from the prepared gold, never read again).
//!
//! Unlike the evaluator (which only needs to know whether a prediction value occurs in the
//! gold), the diagnosis can give prediction-only values ids of their own
//! ([`Canon::intern_columns`]), so it can count agreement, show multiset differences and find
//! duplicates.

use std::borrow::Cow;

use crate::csv::Table;
use crate::evaluate::PreparedGold;
use crate::matching::ValueId;
use crate::rule_values::{ColumnRead, Unreadable};
pub(crate) use crate::rule_values::{FastMap, FirstError, RuleValues as Space, BAD, NULL, UNSEEN};

/// One prediction column read under one rule.
pub(crate) struct PredColumn {
    pub ids: Vec<ValueId>,
    /// Ids sorted ascending (`BAD` last).
    pub sorted: Vec<ValueId>,
    pub first_error: Option<FirstError>,
    pub bad_cells: usize,
}

impl PredColumn {
    pub fn compatible(&self) -> bool {
        self.bad_cells == 0
    }
}

impl From<ColumnRead> for PredColumn {
    fn from(read: ColumnRead) -> Self {
        let mut sorted = read.ids.clone();
        sorted.sort_unstable();
        PredColumn {
            sorted,
            ids: read.ids,
            first_error: read.first_error,
            bad_cells: read.bad_cells,
        }
    }
}

/// Everything canonical the diagnosis needs.
pub(crate) struct Canon<'g> {
    /// The gold's values per rule, copied only when [`Canon::intern_columns`] adds
    /// prediction values.
    pub spaces: Cow<'g, [Space]>,
    /// Space of each gold column.
    pub gold_space: &'g [usize],
    /// Gold column ids.
    pub gold: &'g [Vec<ValueId>],
    /// Gold column ids, sorted.
    pub gold_sorted: &'g [Vec<ValueId>],
    /// `pred[space][k]`.
    pub pred: Vec<Vec<PredColumn>>,
}

impl<'g> Canon<'g> {
    /// Read every prediction column under every distinct rule of the prepared gold.
    pub fn new(gold: &'g PreparedGold, prediction: &Table) -> Canon<'g> {
        let all: Vec<usize> = (0..prediction.column_count()).collect();
        let spaces = Cow::Borrowed(gold.rule_values());
        let pred = spaces
            .iter()
            .map(|space| {
                space
                    .read_prediction(prediction, &all, Unreadable::Continue)
                    .into_iter()
                    .map(PredColumn::from)
                    .collect()
            })
            .collect();
        let (gold_ids, gold_sorted) = gold.gold_ids();
        Canon {
            spaces,
            gold_space: gold.column_rule(),
            gold: gold_ids,
            gold_sorted,
            pred,
        }
    }

    /// Give the prediction-only values of the columns `pairs` maps (gold `j` → prediction
    /// `k`) their own ids, so rows can be compared and deduplicated on them.
    pub fn intern_columns(&mut self, prediction: &Table, pairs: &[(usize, usize)]) {
        for s in 0..self.spaces.len() {
            let mut columns: Vec<usize> = pairs
                .iter()
                .filter(|&&(j, k)| {
                    self.gold_space.get(j) == Some(&s)
                        && self.pred[s]
                            .get(k)
                            .is_some_and(|c| c.sorted.contains(&UNSEEN))
                })
                .map(|&(_, k)| k)
                .collect();
            columns.sort_unstable();
            columns.dedup();
            if columns.is_empty() {
                continue;
            }
            let read = self.spaces.to_mut()[s].read_interned(prediction, &columns);
            for (k, col) in columns.into_iter().zip(read) {
                self.pred[s][k] = col.into();
            }
        }
    }

    /// Prediction column `k` read under gold column `j`'s rule.
    pub fn pred_col(&self, j: usize, k: usize) -> &PredColumn {
        &self.pred[self.gold_space[j]][k]
    }

    /// The space of gold column `j`.
    pub fn space_of(&self, j: usize) -> &Space {
        &self.spaces[self.gold_space[j]]
    }
}

/// How a gold column and a prediction column relate as multisets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Overlap {
    /// Size of the multiset intersection (nulls included, unreadable cells excluded).
    pub shared: usize,
    /// The same without nulls.
    pub shared_values: usize,
}

/// Runs of equal values in a sorted list: (value, count).
fn runs(sorted: &[u32]) -> impl Iterator<Item = (u32, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let v = *sorted.get(i)?;
        let start = i;
        while i < sorted.len() && sorted[i] == v {
            i += 1;
        }
        Some((v, i - start))
    })
}

/// The overlap of every (gold column, prediction column) pair under the gold column's rule.
///
/// An inverted index from value id to the gold columns holding it (sorted `(value, column,
/// count)` entries) makes the cost proportional to the distinct values of each prediction
/// column times the gold columns sharing each value, instead of a merge per pair: O(cells log
/// cells) when columns hold different values, O(d·c·n) only when every column holds the same
/// values.
pub(crate) fn overlaps(canon: &Canon, c: usize) -> Vec<Vec<Overlap>> {
    let d = canon.gold.len();
    let mut out = vec![vec![Overlap::default(); c]; d];
    for (s, pred) in canon.pred.iter().enumerate() {
        let mut entries: Vec<(ValueId, usize, usize)> = (0..d)
            .filter(|&j| canon.gold_space[j] == s)
            .flat_map(|j| runs(&canon.gold_sorted[j]).map(move |(v, count)| (v, j, count)))
            .collect();
        entries.sort_unstable();
        for (k, col) in pred.iter().enumerate().take(c) {
            for (v, count) in runs(&col.sorted) {
                let from = entries.partition_point(|e| e.0 < v);
                for &(_, j, gold_count) in entries[from..].iter().take_while(|e| e.0 == v) {
                    let m = count.min(gold_count);
                    out[j][k].shared += m;
                    if v != NULL {
                        out[j][k].shared_values += m;
                    }
                }
            }
        }
    }
    out
}

/// Whether two sorted lists hold the same distinct values (unreadable cells count as one).
pub(crate) fn same_distinct(gold: &[u32], pred: &[u32]) -> bool {
    runs(gold).map(|(v, _)| v).eq(runs(pred).map(|(v, _)| v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon<'g>(gold: &'g PreparedGold, pred: &str) -> Canon<'g> {
        let pred = crate::csv::read_table(pred.as_bytes()).unwrap();
        Canon::new(gold, &pred)
    }

    #[test]
    fn overlaps_count_multiset_intersections_per_pair() {
        let cfg = r#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
            "columns": [{"gold_index": 0, "gold_name": "a", "type": "number", "comparison": {"mode": "integer"}},
                        {"gold_index": 1, "gold_name": "b", "type": "text"}]}"#;
        let config = crate::config::TaskConfig::from_json(cfg.as_bytes(), None).unwrap();
        let gold = PreparedGold::new(b"a,b\n1,x\n1,\n2,y\n,y\n", &config).unwrap();
        let c = canon(&gold, "p,q,r\n1,x,1\n2,,1\n2,y,z\n3,y,\n");
        let o = overlaps(&c, 3);
        // (gold column, prediction column, shared, shared values):
        let expected = [
            (0, 0, 2, 2), // a = {1,1,2,null} vs p = {1,2,2,3}: shares 1 and 2
            (0, 1, 1, 0), // a vs q under the integer rule: q does not read (x, y) except its null
            (0, 2, 3, 2), // a vs r = {1,1,bad,null}: 1,1 and the null
            (1, 1, 4, 3), // b = {x,null,y,y} vs q = {x,null,y,y}
            (1, 0, 0, 0),
        ];
        for (j, k, shared, shared_values) in expected {
            let want = Overlap {
                shared,
                shared_values,
            };
            assert_eq!(o[j][k], want, "pair {j},{k}");
        }
        // Brute force agrees on every pair.
        for (j, row) in o.iter().enumerate().take(2) {
            for (k, overlap) in row.iter().enumerate().take(3) {
                let g = &c.gold_sorted[j];
                let p = &c.pred_col(j, k).sorted;
                let mut shared = 0;
                let mut pool = p.clone();
                for v in g {
                    if let Some(i) = pool.iter().position(|x| x == v && *x != BAD) {
                        pool.remove(i);
                        shared += 1;
                    }
                }
                assert_eq!(overlap.shared, shared, "pair {j},{k}");
            }
        }
    }

    #[test]
    fn distinct_sets() {
        assert!(same_distinct(&[0, 1, 1, 2], &[0, 1, 2, 2, 2]));
        assert!(!same_distinct(&[1, 2], &[1, 2, BAD]));
        assert!(same_distinct(&[1, 1, 1], &[1]));
        assert!(same_distinct(&[], &[]));
        assert!(!same_distinct(&[5], &[]));
        assert!(!same_distinct(&[3, 4], &[4, 4, 5]));
    }
}
