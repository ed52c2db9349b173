//! Canonical values of the gold and of every prediction column under every distinct gold
//! rule, interned per rule so that equal ids mean equal canonical values.
//!
//! Unlike the evaluator (which only needs to know whether a prediction value occurs in the
//! gold), the diagnosis keeps prediction-only values distinct, so it can count agreement,
//! show multiset differences and find duplicates.

use std::collections::HashMap;

use crate::canon::{canonicalize, Canonical};
use crate::config::{Rule, TaskConfig};
use crate::csv::Table;
use crate::error::CellErrorKind;

/// Id of the null value in every space.
pub(crate) const NULL: u32 = 0;
/// Id of a prediction cell that does not read under the rule (never equal to a gold id).
pub(crate) const BAD: u32 = u32::MAX;

/// The interned canonical values of one rule.
pub(crate) struct Space {
    pub rule: Rule,
    ids: HashMap<String, u32>,
    texts: Vec<String>,
}

impl Space {
    fn new(rule: Rule) -> Self {
        Space {
            rule,
            ids: HashMap::new(),
            texts: Vec::new(),
        }
    }

    fn intern(&mut self, value: Canonical) -> u32 {
        match value {
            Canonical::Null => NULL,
            Canonical::Value(s) => {
                if let Some(&id) = self.ids.get(s.as_str()) {
                    return id;
                }
                self.texts.push(s.clone());
                // Ids stay below BAD: a space never holds 2^32 - 2 values (100,000 rows × 64 columns).
                let id = self.texts.len() as u32;
                self.ids.insert(s, id);
                id
            }
        }
    }

    /// The id of a canonical value, if it occurs in this space.
    pub fn lookup(&self, value: &Canonical) -> Option<u32> {
        match value {
            Canonical::Null => Some(NULL),
            Canonical::Value(s) => self.ids.get(s.as_str()).copied(),
        }
    }

    /// The canonical text of an id (`None` for null and unreadable cells).
    pub fn text(&self, id: u32) -> Option<&str> {
        if id == NULL || id == BAD {
            return None;
        }
        self.texts.get(id as usize - 1).map(String::as_str)
    }
}

/// The first cell of a prediction column that does not read under a rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FirstError {
    /// 0-based data row.
    pub row: usize,
    pub kind: CellErrorKind,
}

/// One prediction column read under one rule.
pub(crate) struct PredColumn {
    pub ids: Vec<u32>,
    /// Ids sorted ascending (`BAD` last).
    pub sorted: Vec<u32>,
    pub first_error: Option<FirstError>,
    pub bad_cells: usize,
}

impl PredColumn {
    pub fn compatible(&self) -> bool {
        self.bad_cells == 0
    }
}

/// Everything canonical the diagnosis needs.
pub(crate) struct Canon {
    pub spaces: Vec<Space>,
    /// Space of each gold column.
    pub gold_space: Vec<usize>,
    /// Gold column ids.
    pub gold: Vec<Vec<u32>>,
    /// Gold column ids, sorted.
    pub gold_sorted: Vec<Vec<u32>>,
    /// `pred[space][k]`.
    pub pred: Vec<Vec<PredColumn>>,
}

impl Canon {
    /// Canonicalize the gold (already validated by `PreparedGold`) and every prediction
    /// column under every distinct rule of the config.
    pub fn new(config: &TaskConfig, gold: &Table, prediction: &Table) -> Canon {
        let mut spaces: Vec<Space> = Vec::new();
        let mut gold_space = Vec::with_capacity(config.columns.len());
        for spec in &config.columns {
            let rule = spec.rule();
            let index = match spaces.iter().position(|s| s.rule == rule) {
                Some(i) => i,
                None => {
                    spaces.push(Space::new(rule));
                    spaces.len() - 1
                }
            };
            gold_space.push(index);
        }
        let mut gold_ids = Vec::with_capacity(gold_space.len());
        for (j, &s) in gold_space.iter().enumerate() {
            let space = &mut spaces[s];
            let rule = space.rule;
            let ids: Vec<u32> = if j < gold.column_count() {
                gold.column(j)
                    .map(|raw| match canonicalize(raw, &rule) {
                        Ok(c) => space.intern(c),
                        // Cannot happen for a prepared gold; keep going rather than panic.
                        Err(_) => BAD,
                    })
                    .collect()
            } else {
                Vec::new()
            };
            gold_ids.push(ids);
        }
        let gold_sorted = gold_ids.iter().map(|c| sorted(c)).collect();
        let pred = spaces
            .iter_mut()
            .map(|space| {
                (0..prediction.column_count())
                    .map(|k| read_column(space, prediction, k))
                    .collect()
            })
            .collect();
        Canon {
            spaces,
            gold_space,
            gold: gold_ids,
            gold_sorted,
            pred,
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

fn read_column(space: &mut Space, table: &Table, k: usize) -> PredColumn {
    let rule = space.rule;
    let mut cache: HashMap<&str, u32> = HashMap::new();
    let mut ids = Vec::with_capacity(table.row_count());
    let mut first_error = None;
    let mut bad_cells = 0;
    for (row, raw) in table.column(k).enumerate() {
        let id = match cache.get(raw) {
            Some(&id) => id,
            None => {
                let id = match canonicalize(raw, &rule) {
                    Ok(c) => space.intern(c),
                    Err(e) => {
                        if first_error.is_none() {
                            first_error = Some(FirstError { row, kind: e.kind });
                        }
                        BAD
                    }
                };
                cache.insert(raw, id);
                id
            }
        };
        if id == BAD {
            bad_cells += 1;
        }
        ids.push(id);
    }
    PredColumn {
        sorted: sorted(&ids),
        ids,
        first_error,
        bad_cells,
    }
}

fn sorted(ids: &[u32]) -> Vec<u32> {
    let mut v = ids.to_vec();
    v.sort_unstable();
    v
}

/// How two sorted id lists relate as multisets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Overlap {
    /// Size of the multiset intersection (nulls included, unreadable cells excluded).
    pub shared: usize,
    /// The same without nulls.
    pub shared_values: usize,
    /// Whether the two lists have the same distinct values (unreadable cells count as a value).
    pub same_distinct: bool,
}

/// Multiset intersection of a gold column and a prediction column, both sorted.
pub(crate) fn overlap(gold: &[u32], pred: &[u32]) -> Overlap {
    let (mut i, mut k) = (0, 0);
    let (mut shared, mut shared_values) = (0, 0);
    while i < gold.len() && k < pred.len() {
        let (a, b) = (gold[i], pred[k]);
        if a == b && b != BAD {
            shared += 1;
            shared_values += usize::from(a != NULL);
            i += 1;
            k += 1;
        } else if a < b {
            i += 1;
        } else {
            k += 1;
        }
    }
    Overlap {
        shared,
        shared_values,
        same_distinct: distinct(gold).eq(distinct(pred)),
    }
}

/// The distinct values of a sorted list.
fn distinct(sorted: &[u32]) -> impl Iterator<Item = u32> + '_ {
    sorted
        .iter()
        .enumerate()
        .filter(|&(i, v)| i == 0 || sorted[i - 1] != *v)
        .map(|(_, &v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_counts_multiset_intersection() {
        let o = overlap(&[0, 1, 1, 2], &[1, 2, 2, 3]);
        assert_eq!(o.shared, 2);
        assert_eq!(o.shared_values, 2);
        assert!(!o.same_distinct);
        let o = overlap(&[0, 1, 1, 2], &[0, 1, 2, 2, 2]);
        assert_eq!(o.shared, 3);
        assert_eq!(o.shared_values, 2);
        assert!(o.same_distinct);
        let o = overlap(&[1, 2], &[1, 2, BAD]);
        assert_eq!(o.shared, 2);
        assert!(!o.same_distinct);
        let o = overlap(&[1, 1, 1], &[1]);
        assert!(o.same_distinct);
        let o = overlap(&[], &[]);
        assert!(o.same_distinct);
        let o = overlap(&[5], &[]);
        assert!(!o.same_distinct);
        let o = overlap(&[3, 4], &[4, 4, 5]);
        assert!(!o.same_distinct);
        assert_eq!(o.shared, 1);
    }
}
