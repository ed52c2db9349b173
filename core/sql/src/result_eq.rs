//! Spider 1.0 test-suite `result_eq(result1, result2, order_matters)`, decided without
//! enumerating column permutations.
//!
//! The official verdict is: row counts equal, first rows of equal length, the row-sorting quick
//! rejection passes, and some column permutation of `result2` makes its rows equal to
//! `result1`'s (as sequences, or as multisets). Its random row sampling only prunes
//! permutations that cannot match, so the verdict does not depend on it. Here the ordered case
//! is a comparison of sorted column vectors (polynomial); the unordered case is refined
//! (column value multisets, row value multisets, iterated colour refinement) and what remains
//! is searched with a projection check at every step, identical columns tried once, under a
//! work bound (`sql_work_bound`).

use std::collections::{HashMap, HashSet};

use crate::error::SqlError;
use crate::value::{Interner, Value};

pub use crate::error::WORK_BOUND;

/// Why `result_eq` answered as it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// Both results are empty.
    BothEmpty,
    /// The row counts differ.
    RowCountDiffers,
    /// The first rows' lengths differ.
    ColumnCountDiffers,
    /// Rejected by the official's quick rejection (rows sorted by `str(x) + str(type(x))`).
    /// `permutation_matches` is the soundness warning: a column permutation does match.
    QuickRejected { permutation_matches: bool },
    /// No column permutation matches; `unmatched_column` is a `result1` column whose values
    /// no `result2` column holds (as a multiset, or a sequence when order matters), if any.
    NoPermutation { unmatched_column: Option<usize> },
    /// A permutation matches: column `i` of `result1` is column `permutation[i]` of `result2`.
    Match { permutation: Vec<usize> },
}

impl Reason {
    /// Its stable snake_case name (`both_empty`, `row_count_differs`, `column_count_differs`,
    /// `quick_rejected`, `no_permutation`, `match`).
    pub fn name(&self) -> &'static str {
        match self {
            Reason::BothEmpty => "both_empty",
            Reason::RowCountDiffers => "row_count_differs",
            Reason::ColumnCountDiffers => "column_count_differs",
            Reason::QuickRejected { .. } => "quick_rejected",
            Reason::NoPermutation { .. } => "no_permutation",
            Reason::Match { .. } => "match",
        }
    }
}

/// `result_eq`'s verdict and its reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultEq {
    /// The official's return value.
    pub equal: bool,
    /// Why.
    pub reason: Reason,
}

/// The official `result_eq(result1, result2, order_matters)`.
pub fn result_eq(
    result1: &[Vec<Value>],
    result2: &[Vec<Value>],
    order_matters: bool,
) -> Result<ResultEq, SqlError> {
    let verdict = |equal, reason| Ok(ResultEq { equal, reason });
    if result1.is_empty() && result2.is_empty() {
        return verdict(true, Reason::BothEmpty);
    }
    if result1.len() != result2.len() {
        return verdict(false, Reason::RowCountDiffers);
    }
    let num_cols = result1[0].len();
    if result2[0].len() != num_cols {
        return verdict(false, Reason::ColumnCountDiffers);
    }
    for (table, rows) in [(1, result1), (2, result2)] {
        if let Some(row) = rows.iter().position(|r| r.len() != num_cols) {
            return Err(SqlError::ragged(table, row, num_cols));
        }
    }
    let mut interner = Interner::new();
    let t1 = interner.table(result1);
    let t2 = interner.table(result2);
    let quick_passes = quick_rej(result1, &t1, result2, &t2, order_matters);
    let found = find_permutation(&t1, &t2, num_cols, order_matters)?;
    match (quick_passes, found) {
        (false, found) => verdict(
            false,
            Reason::QuickRejected {
                permutation_matches: found.is_ok(),
            },
        ),
        (true, Ok(permutation)) => verdict(true, Reason::Match { permutation }),
        (true, Err(unmatched_column)) => verdict(false, Reason::NoPermutation { unmatched_column }),
    }
}

/// The official `quick_rej`: each row sorted (stably) by `str(x) + str(type(x))`, then the
/// lists compared (order matters) or their sets.
fn quick_rej(
    result1: &[Vec<Value>],
    t1: &[Vec<u32>],
    result2: &[Vec<Value>],
    t2: &[Vec<u32>],
    order_matters: bool,
) -> bool {
    let unorder = |rows: &[Vec<Value>], ids: &[Vec<u32>]| -> Vec<Vec<u32>> {
        rows.iter()
            .zip(ids)
            .map(|(row, row_ids)| {
                let mut keyed: Vec<(String, u32)> = row
                    .iter()
                    .zip(row_ids)
                    .map(|(v, &id)| (v.py_str() + v.py_type_str(), id))
                    .collect();
                keyed.sort_by(|a, b| a.0.cmp(&b.0));
                keyed.into_iter().map(|(_, id)| id).collect()
            })
            .collect()
    };
    let s1 = unorder(result1, t1);
    let s2 = unorder(result2, t2);
    if order_matters {
        s1 == s2
    } else {
        s1.iter().collect::<HashSet<_>>() == s2.iter().collect::<HashSet<_>>()
    }
}

fn column(t: &[Vec<u32>], c: usize) -> Vec<u32> {
    t.iter().map(|r| r[c]).collect()
}

/// A column permutation of `t2` making it equal to `t1`, or the first `t1` column no `t2`
/// column can take.
fn find_permutation(
    t1: &[Vec<u32>],
    t2: &[Vec<u32>],
    num_cols: usize,
    order_matters: bool,
) -> Result<Result<Vec<usize>, Option<usize>>, SqlError> {
    if order_matters {
        // Column i can be column j iff their sequences are equal: match equal sequences.
        let mut free: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
        for j in (0..num_cols).rev() {
            free.entry(column(t2, j)).or_default().push(j);
        }
        let mut permutation = Vec::with_capacity(num_cols);
        for i in 0..num_cols {
            match free.get_mut(&column(t1, i)).and_then(Vec::pop) {
                Some(j) => permutation.push(j),
                None => return Ok(Err(Some(i))),
            }
        }
        return Ok(Ok(permutation));
    }
    let colours = refine(t1, t2, num_cols);
    let Some((c1, c2)) = colours else {
        // Refinement proved no isomorphism; name a column whose value multiset has no partner.
        return Ok(Err(unpartnered_column(t1, t2, num_cols)));
    };
    let mut search = Search {
        t1,
        t2,
        c1,
        c2,
        identical2: identical_columns(t2, num_cols),
        used: vec![false; num_cols],
        permutation: vec![usize::MAX; num_cols],
        work: 0,
    };
    let rows = t1.len();
    if search.extend(&vec![0; rows], &vec![0; rows], 0)? {
        Ok(Ok(search.permutation))
    } else {
        Ok(Err(unpartnered_column(t1, t2, num_cols)))
    }
}

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

fn unpartnered_column(t1: &[Vec<u32>], t2: &[Vec<u32>], num_cols: usize) -> Option<usize> {
    let mut free: HashMap<Vec<u32>, usize> = HashMap::new();
    for j in 0..num_cols {
        *free.entry(sorted(column(t2, j))).or_default() += 1;
    }
    (0..num_cols).find(|&i| match free.get_mut(&sorted(column(t1, i))) {
        Some(n) if *n > 0 => {
            *n -= 1;
            false
        }
        _ => true,
    })
}

/// For each column of `t`, the first column with the same sequence.
fn identical_columns(t: &[Vec<u32>], num_cols: usize) -> Vec<usize> {
    let mut first: HashMap<Vec<u32>, usize> = HashMap::new();
    (0..num_cols)
        .map(|j| *first.entry(column(t, j)).or_insert(j))
        .collect()
}

/// Colour refinement on both tables at once (colours are shared ids): columns start coloured
/// by their value multisets, rows by theirs, then each is recoloured by the multiset of
/// (other side's colour, value) until the number of colours stops growing. `None` when the
/// colour counts differ (no permutation can match).
fn refine(t1: &[Vec<u32>], t2: &[Vec<u32>], num_cols: usize) -> Option<(Vec<u32>, Vec<u32>)> {
    let rows = t1.len();
    let mut names: HashMap<Vec<u32>, u32> = HashMap::new();
    let name = |sig: Vec<u32>, names: &mut HashMap<Vec<u32>, u32>| {
        let n = names.len() as u32;
        *names.entry(sig).or_insert(n)
    };
    let mut col1: Vec<u32> = (0..num_cols)
        .map(|c| name(sorted(column(t1, c)), &mut names))
        .collect();
    let mut col2: Vec<u32> = (0..num_cols)
        .map(|c| name(sorted(column(t2, c)), &mut names))
        .collect();
    let mut row1: Vec<u32> = t1
        .iter()
        .map(|r| name(sorted(r.clone()), &mut names))
        .collect();
    let mut row2: Vec<u32> = t2
        .iter()
        .map(|r| name(sorted(r.clone()), &mut names))
        .collect();
    let same_counts = |a: &[u32], b: &[u32]| sorted(a.to_vec()) == sorted(b.to_vec());
    let classes = |a: &[u32]| a.iter().collect::<HashSet<_>>().len();
    let mut previous = 0;
    loop {
        if !same_counts(&col1, &col2) || !same_counts(&row1, &row2) {
            return None;
        }
        let now = classes(&col1) + classes(&row1);
        if now == previous {
            return Some((col1, col2));
        }
        previous = now;
        // Rows by (own colour, sorted (column colour, value) pairs); then columns likewise.
        let row_sig = |t: &[Vec<u32>], rc: &[u32], cc: &[u32], r: usize| {
            let mut pairs: Vec<(u32, u32)> = (0..num_cols).map(|c| (cc[c], t[r][c])).collect();
            pairs.sort_unstable();
            let mut sig = vec![u32::MAX, rc[r]];
            sig.extend(pairs.into_iter().flat_map(|(a, b)| [a, b]));
            sig
        };
        let new_row1: Vec<u32> = (0..rows)
            .map(|r| name(row_sig(t1, &row1, &col1, r), &mut names))
            .collect();
        let new_row2: Vec<u32> = (0..rows)
            .map(|r| name(row_sig(t2, &row2, &col2, r), &mut names))
            .collect();
        row1 = new_row1;
        row2 = new_row2;
        let col_sig = |t: &[Vec<u32>], rc: &[u32], cc: &[u32], c: usize| {
            let mut pairs: Vec<(u32, u32)> = (0..rows).map(|r| (rc[r], t[r][c])).collect();
            pairs.sort_unstable();
            let mut sig = vec![u32::MAX - 1, cc[c]];
            sig.extend(pairs.into_iter().flat_map(|(a, b)| [a, b]));
            sig
        };
        let new_col1: Vec<u32> = (0..num_cols)
            .map(|c| name(col_sig(t1, &row1, &col1, c), &mut names))
            .collect();
        let new_col2: Vec<u32> = (0..num_cols)
            .map(|c| name(col_sig(t2, &row2, &col2, c), &mut names))
            .collect();
        col1 = new_col1;
        col2 = new_col2;
    }
}

struct Search<'a> {
    t1: &'a [Vec<u32>],
    t2: &'a [Vec<u32>],
    c1: Vec<u32>,
    c2: Vec<u32>,
    identical2: Vec<usize>,
    used: Vec<bool>,
    permutation: Vec<usize>,
    work: u64,
}

impl Search<'_> {
    /// Extends the partial permutation (`assigned` columns placed; rows grouped by their
    /// projection onto them, `g1`/`g2` naming equal projections alike) to a full one.
    fn extend(&mut self, g1: &[u32], g2: &[u32], assigned: usize) -> Result<bool, SqlError> {
        let num_cols = self.used.len();
        if assigned == num_cols {
            return Ok(true);
        }
        // The unplaced column of t1 with the fewest distinct candidates.
        let mut best: Option<(usize, Vec<usize>)> = None;
        for i in (0..num_cols).filter(|&i| self.permutation[i] == usize::MAX) {
            let mut seen = HashSet::new();
            let candidates: Vec<usize> = (0..num_cols)
                .filter(|&j| {
                    !self.used[j] && self.c2[j] == self.c1[i] && seen.insert(self.identical2[j])
                })
                .collect();
            if best
                .as_ref()
                .is_none_or(|(_, b)| candidates.len() < b.len())
            {
                best = Some((i, candidates));
            }
        }
        let Some((i, candidates)) = best else {
            return Ok(false);
        };
        let rows = g1.len();
        for j in candidates {
            self.work += 2 * rows as u64 + 1;
            if self.work > WORK_BOUND {
                return Err(SqlError::work_bound());
            }
            let mut names: HashMap<(u32, u32), u32> = HashMap::new();
            let mut count: Vec<i64> = Vec::new();
            let mut n1 = Vec::with_capacity(rows);
            for (group, row) in g1.iter().zip(self.t1) {
                let next = names.len() as u32;
                let id = *names.entry((*group, row[i])).or_insert(next);
                if id as usize == count.len() {
                    count.push(0);
                }
                count[id as usize] += 1;
                n1.push(id);
            }
            let mut n2 = Vec::with_capacity(rows);
            let mut ok = true;
            for (group, row) in g2.iter().zip(self.t2) {
                match names.get(&(*group, row[j])) {
                    Some(&id) if count[id as usize] > 0 => {
                        count[id as usize] -= 1;
                        n2.push(id);
                    }
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            self.used[j] = true;
            self.permutation[i] = j;
            if self.extend(&n1, &n2, assigned + 1)? {
                return Ok(true);
            }
            self.used[j] = false;
            self.permutation[i] = usize::MAX;
        }
        Ok(false)
    }
}
