//! Canonical values of the gold and of every prediction column under every distinct gold
//! rule, interned per rule so that equal ids mean equal canonical values.
//!
//! Unlike the evaluator (which only needs to know whether a prediction value occurs in the
//! gold), the diagnosis keeps prediction-only values distinct, so it can count agreement,
//! show multiset differences and find duplicates.

use std::collections::HashMap;
use std::hash::BuildHasher;

use crate::canon::canonicalize_into;
use crate::config::{Rule, TaskConfig};
use crate::csv::Table;
use crate::error::CellErrorKind;

/// A hash map with a fast hasher seeded per process (as the evaluator uses).
pub(crate) type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

/// Id of the null value in every space.
pub(crate) const NULL: u32 = 0;
/// Id of a prediction cell that does not read under the rule (never equal to a gold id).
pub(crate) const BAD: u32 = u32::MAX;
/// Id of a prediction value the gold column's rule space does not hold yet (see
/// [`Canon::intern_columns`]); never equal to a gold id.
pub(crate) const UNSEEN: u32 = u32::MAX - 1;

/// Cells sampled before deciding whether a column repeats enough for a raw-value cache.
const CACHE_PROBE_CELLS: usize = 4096;

/// The interned canonical values of one rule. Values live in one text arena (no allocation
/// per value); the table maps a value's hash to its id, and ids index `ends`.
pub(crate) struct Space {
    pub rule: Rule,
    table: hashbrown::HashTable<u32>,
    arena: String,
    /// End offset in `arena` of value `id` (ids start at 1).
    ends: Vec<usize>,
    hasher: foldhash::fast::RandomState,
}

fn arena_text<'a>(arena: &'a str, ends: &[usize], id: u32) -> &'a str {
    let i = id as usize - 1;
    let start = if i == 0 { 0 } else { ends[i - 1] };
    &arena[start..ends[i]]
}

impl Space {
    fn new(rule: Rule) -> Self {
        Space {
            rule,
            table: hashbrown::HashTable::new(),
            arena: String::new(),
            ends: Vec::new(),
            hasher: foldhash::fast::RandomState::default(),
        }
    }

    /// Room for about `values` more values.
    fn reserve(&mut self, values: usize) {
        let Space {
            table,
            arena,
            ends,
            hasher,
            ..
        } = self;
        table.reserve(values, |&id| hasher.hash_one(arena_text(arena, ends, id)));
        self.ends.reserve(values);
        self.arena.reserve(values * 8);
    }

    /// Number of distinct non-null values.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The id of a canonical text, interning it when new (ids stay below `BAD`: a space
    /// never holds 2^32 - 2 values, as tables have at most 100,000 rows × 64 columns).
    fn intern(&mut self, text: &str) -> u32 {
        let hash = self.hasher.hash_one(text);
        let Space {
            table,
            arena,
            ends,
            hasher,
            ..
        } = self;
        if let Some(&id) = table.find(hash, |&id| arena_text(arena, ends, id) == text) {
            return id;
        }
        arena.push_str(text);
        ends.push(arena.len());
        let id = ends.len() as u32;
        table.insert_unique(hash, id, |&id| hasher.hash_one(arena_text(arena, ends, id)));
        id
    }

    /// The id of a canonical text (`None` = null), if it occurs in this space.
    pub fn lookup_str(&self, value: Option<&str>) -> Option<u32> {
        let Some(text) = value else {
            return Some(NULL);
        };
        let hash = self.hasher.hash_one(text);
        self.table
            .find(hash, |&id| arena_text(&self.arena, &self.ends, id) == text)
            .copied()
    }

    /// The canonical text of a value id (`None` for null, unseen and unreadable cells).
    pub fn text(&self, id: u32) -> Option<&str> {
        (id != NULL && (id as usize) <= self.ends.len())
            .then(|| arena_text(&self.arena, &self.ends, id))
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
        let mut gold_ids: Vec<Vec<u32>> = vec![Vec::new(); gold_space.len()];
        for (s, space) in spaces.iter_mut().enumerate() {
            let columns: Vec<usize> = (0..gold_space.len())
                .filter(|&j| gold_space[j] == s && j < gold.column_count())
                .collect();
            space.reserve(columns.len() * gold.row_count());
            // Gold cells always read (the gold was prepared); a failure would only make BAD ids.
            for (j, col) in columns
                .iter()
                .zip(read_columns(space, gold, &columns, true))
            {
                gold_ids[*j] = col.ids;
            }
        }
        let gold_sorted = gold_ids.iter().map(|c| sorted(c)).collect();
        let all: Vec<usize> = (0..prediction.column_count()).collect();
        let pred = spaces
            .iter_mut()
            .map(|space| read_columns(space, prediction, &all, false))
            .collect();
        Canon {
            spaces,
            gold_space,
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
            let read = read_columns(&mut self.spaces[s], prediction, &columns, true);
            for (k, col) in columns.into_iter().zip(read) {
                self.pred[s][k] = col;
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

/// One column being read.
struct Reader<'t> {
    ids: Vec<u32>,
    cache: Option<FastMap<&'t str, u32>>,
    first_error: Option<FirstError>,
    bad_cells: usize,
}

/// Read some columns of a table under a space's rule, row by row (the table is stored
/// row-major). Repeated raw values are canonicalized once per column unless the column is
/// mostly distinct. Unreadable cells get `BAD` and reading goes on. Values not in the space
/// are added when `intern`, else get `UNSEEN` (cheaper: most prediction columns are read
/// under rules of gold columns they will never be compared with).
fn read_columns(
    space: &mut Space,
    table: &Table,
    columns: &[usize],
    intern: bool,
) -> Vec<PredColumn> {
    let rule = space.rule;
    let rows = table.row_count();
    let mut readers: Vec<Reader<'_>> = columns
        .iter()
        .map(|_| Reader {
            ids: Vec::with_capacity(rows),
            cache: Some(FastMap::default()),
            first_error: None,
            bad_cells: 0,
        })
        .collect();
    let mut scratch = String::new();
    for row in 0..rows {
        for (reader, &k) in readers.iter_mut().zip(columns) {
            let raw = table.cell(row, k);
            let cached = reader.cache.as_ref().and_then(|c| c.get(raw)).copied();
            let id = match cached {
                Some(id) => id,
                None => {
                    scratch.clear();
                    let id = match canonicalize_into(raw, &rule, &mut scratch) {
                        Ok(true) if intern => space.intern(&scratch),
                        Ok(true) => space.lookup_str(Some(&scratch)).unwrap_or(UNSEEN),
                        Ok(false) => NULL,
                        Err(e) => {
                            if reader.first_error.is_none() {
                                reader.first_error = Some(FirstError { row, kind: e.kind });
                            }
                            BAD
                        }
                    };
                    if let Some(c) = reader.cache.as_mut() {
                        c.insert(raw, id);
                        if row + 1 == CACHE_PROBE_CELLS && c.len() * 2 > CACHE_PROBE_CELLS {
                            reader.cache = None;
                        }
                    }
                    id
                }
            };
            if id == BAD {
                reader.bad_cells += 1;
            }
            reader.ids.push(id);
        }
    }
    readers
        .into_iter()
        .map(|r| PredColumn {
            sorted: sorted(&r.ids),
            ids: r.ids,
            first_error: r.first_error,
            bad_cells: r.bad_cells,
        })
        .collect()
}

fn sorted(ids: &[u32]) -> Vec<u32> {
    let mut v = ids.to_vec();
    v.sort_unstable();
    v
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
/// An inverted index from value id to the gold columns holding it (a counting sort: ids are
/// dense) makes the cost proportional to the distinct values of each prediction column times
/// the gold columns sharing each value, instead of a merge per pair: O(cells) when columns
/// hold different values, O(d·c·n) only when every column holds the same values.
pub(crate) fn overlaps(canon: &Canon, c: usize) -> Vec<Vec<Overlap>> {
    let d = canon.gold.len();
    let mut out = vec![vec![Overlap::default(); c]; d];
    for (s, space) in canon.spaces.iter().enumerate() {
        let members: Vec<usize> = (0..d).filter(|&j| canon.gold_space[j] == s).collect();
        if members.is_empty() {
            continue;
        }
        let n_values = space.len() + 1; // ids 0..=len
        let mut start = vec![0usize; n_values + 1];
        for &j in &members {
            for (v, _) in runs(&canon.gold_sorted[j]) {
                if (v as usize) < n_values {
                    start[v as usize + 1] += 1;
                }
            }
        }
        for v in 0..n_values {
            start[v + 1] += start[v];
        }
        let mut entries = vec![(0usize, 0usize); start[n_values]];
        let mut fill = start.clone();
        for &j in &members {
            for (v, count) in runs(&canon.gold_sorted[j]) {
                if (v as usize) < n_values {
                    entries[fill[v as usize]] = (j, count);
                    fill[v as usize] += 1;
                }
            }
        }
        for (k, col) in canon.pred[s].iter().enumerate().take(c) {
            for (v, count) in runs(&col.sorted) {
                let v = v as usize;
                if v >= n_values {
                    continue; // BAD
                }
                for &(j, gold_count) in &entries[start[v]..start[v + 1]] {
                    let m = count.min(gold_count);
                    out[j][k].shared += m;
                    if v != NULL as usize {
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

    fn canon(config: &str, gold: &str, pred: &str) -> Canon {
        let config = TaskConfig::from_json(config.as_bytes(), None).unwrap();
        let gold = crate::csv::read_table(gold.as_bytes()).unwrap();
        let pred = crate::csv::read_table(pred.as_bytes()).unwrap();
        Canon::new(&config, &gold, &pred)
    }

    #[test]
    fn overlaps_count_multiset_intersections_per_pair() {
        let cfg = r#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
            "columns": [{"gold_index": 0, "gold_name": "a", "type": "number", "comparison": {"mode": "integer"}},
                        {"gold_index": 1, "gold_name": "b", "type": "text"}]}"#;
        let c = canon(
            cfg,
            "a,b\n1,x\n1,\n2,y\n,y\n",
            "p,q,r\n1,x,1\n2,,1\n2,y,z\n3,y,\n",
        );
        let o = overlaps(&c, 3);
        // a = {1,1,2,null} vs p = {1,2,2,3}: shares 1 and 2.
        assert_eq!(
            o[0][0],
            Overlap {
                shared: 2,
                shared_values: 2
            }
        );
        // a vs q under the integer rule: q does not read (x, y) except its null.
        assert_eq!(
            o[0][1],
            Overlap {
                shared: 1,
                shared_values: 0
            }
        );
        // a vs r = {1,1,bad,null}: 1,1 and the null.
        assert_eq!(
            o[0][2],
            Overlap {
                shared: 3,
                shared_values: 2
            }
        );
        // b = {x,null,y,y} vs q = {x,null,y,y}.
        assert_eq!(
            o[1][1],
            Overlap {
                shared: 4,
                shared_values: 3
            }
        );
        assert_eq!(
            o[1][0],
            Overlap {
                shared: 0,
                shared_values: 0
            }
        );
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
