//! Column matching without enumerating permutations.
//!
//! The official evaluator tries every one-to-one mapping π of gold columns to prediction
//! columns in lexicographic order and reports the first one under which the canonical rows
//! equal the gold's (as a sequence, or as a multiset). This module returns the same
//! verdict and the same mapping:
//!
//! 1. **Validity.** π is valid when every prediction column π(j) reads under gold column j's
//!    rule. Whether any valid π exists is a bipartite perfect-matching question.
//! 2. **Ordered tasks** decompose per column: π passes iff every column sequence equals its
//!    gold column. The lexicographically first passing π is found greedily, keeping a
//!    choice only if the remaining columns still have a perfect matching.
//! 3. **Unordered tasks.** A passing π must map each gold column to a prediction column with
//!    the same multiset of values (`allowed` edges). A depth-first search assigns π(0), π(1), …
//!    in increasing order, and prunes a partial assignment unless (a) the remaining gold
//!    columns still have a perfect matching in `allowed`, and (b) the multiset of partial
//!    rows (projections onto the assigned columns) equals the gold's, checked with an
//!    order-independent sum of per-row hashes — a necessary condition, so pruning never
//!    loses a passing mapping; a full assignment is then verified exactly by sorting rows.
//!    Interchangeable columns are not branched on: prediction columns identical under every
//!    rule are tried only in index order, and for identical gold columns j₁ < j₂ only
//!    π(j₁) < π(j₂) is tried. Both restrictions keep the lexicographically first passing π.
//!
//! Two reductions run before the search: **colour refinement** removes `allowed` edges whose
//! multiset of (row colour, value) pairs differs, where a row's colour is a hash of its
//! values (see `refine_by_row_colors`); and **duplicate rows** are stored once with a count,
//! since identical rows stay identical under every mapping.
//!
//! **Cost.** Canonicalization is O(d·n) per distinct rule; the reductions are O(d·n) plus one
//! O(n) signature per allowed edge. Each search node costs O(d) word operations for the
//! matching check plus O(r) for the hash check, r being the number of distinct prediction
//! rows. With distinct column contents (realistic data, and the official worst case)
//! `allowed` is a permutation after the multiset filter: d nodes. With identical columns the
//! symmetry rules remove branching: d nodes. Equal multisets with different row association
//! are separated by colour refinement: d nodes (tests assert at most d² + d). Only inputs
//! whose rows and columns are all alike — Latin squares, whose cyclic shifts are genuine
//! symmetries — keep partial mappings alive deep: O(d³) nodes, each over the few distinct
//! rows such tables have. Deciding equality up to column permutation is as hard as graph
//! isomorphism in general, so a work budget (about 3·10⁹ row visits) bounds the rest
//! ([`MatchOutcome::SearchLimitExceeded`]); no test, benchmark or fuzzing input reaches it.

use crate::bipartite::{first_perfect_matching, full_mask, has_perfect_matching, mix64};

/// Identifier of a canonical value, interned per rule. Equal ids ⇔ equal canonical values.
pub type ValueId = u32;

/// The verdict of matching.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchOutcome {
    /// The first passing mapping: prediction index for each gold column.
    Passed(Vec<usize>),
    /// Some mapping is valid, none reproduces the gold.
    RelationMismatch,
    /// No mapping is valid.
    TypeNormalizationFailed,
    /// The search exceeded its work budget (pathological inputs only).
    SearchLimitExceeded,
}

/// Input to [`match_columns`].
pub struct MatchInput<'a> {
    /// Rows compared as a sequence (true) or multiset (false).
    pub order_sensitive: bool,
    /// Number of data rows.
    pub rows: usize,
    /// Gold column j's value ids.
    pub gold: Vec<&'a [ValueId]>,
    /// Group of gold column j: columns with the same rule share a group, and prediction
    /// columns are given once per group.
    pub gold_group: Vec<usize>,
    /// `prediction[g][k]`: prediction column k's ids under group g's rule, or `None` when some
    /// cell does not read under it.
    pub prediction: Vec<Vec<Option<&'a [ValueId]>>>,
}

/// Maximum cell-visits the unordered search may spend (about a few seconds of work).
const WORK_BUDGET: u64 = 3_000_000_000;

/// How much searching a match took (for tests and benchmarks of the worst case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Partial assignments whose row hashes were computed (each costs O(rows)).
    pub hashed_nodes: u64,
    /// Complete assignments verified exactly by sorting rows.
    pub verified_leaves: u64,
}

/// Find the official verdict and mapping.
pub fn match_columns(input: &MatchInput<'_>) -> MatchOutcome {
    match_columns_with_stats(input).0
}

/// [`match_columns`], also reporting the search effort.
pub fn match_columns_with_stats(input: &MatchInput<'_>) -> (MatchOutcome, SearchStats) {
    let d = input.gold.len();
    if d == 0 || d > 64 {
        return (
            MatchOutcome::TypeNormalizationFailed,
            SearchStats::default(),
        );
    }
    let compat: Vec<u64> = (0..d)
        .map(|j| mask_where(d, |k| input.prediction[input.gold_group[j]][k].is_some()))
        .collect();
    if !has_perfect_matching(&compat, full_mask(d), 0) {
        return (
            MatchOutcome::TypeNormalizationFailed,
            SearchStats::default(),
        );
    }
    if input.order_sensitive {
        let allowed: Vec<u64> = (0..d)
            .map(|j| {
                let g = input.gold_group[j];
                mask_where(d, |k| {
                    input.prediction[g][k].is_some_and(|col| col == input.gold[j])
                })
            })
            .collect();
        let outcome = match first_perfect_matching(&allowed) {
            Some(m) => MatchOutcome::Passed(m),
            None => MatchOutcome::RelationMismatch,
        };
        return (outcome, SearchStats::default());
    }
    let mut search = Search::new(input);
    let outcome = search.run();
    (outcome, search.stats)
}

fn mask_where(d: usize, f: impl Fn(usize) -> bool) -> u64 {
    (0..d).filter(|&k| f(k)).fold(0u64, |m, k| m | (1u64 << k))
}

#[inline]
fn extend_row_hash(h: u64, position: usize, id: ValueId) -> u64 {
    mix64(h.rotate_left(17) ^ (id as u64) ^ ((position as u64 + 1) << 40))
}

#[inline]
fn row_signature_term(h: u64) -> u64 {
    mix64(h ^ 0x5851_f42d_4c95_7f2d)
}

/// Order-independent hash of a column's multiset of values.
fn multiset_hash(col: &[ValueId]) -> u64 {
    col.iter().fold(0u64, |acc, &id| {
        acc.wrapping_add(mix64(id as u64 ^ 0x2545_f491_4f6c_dd1d))
    })
}

/// Exact multiset equality of two id columns in O(n), using a scratch histogram indexed by
/// id (gold ids are dense per rule). `counts` must be all zero on entry and is left so.
fn same_multiset(gold: &[ValueId], other: &[ValueId], counts: &mut [u32]) -> bool {
    if gold.len() != other.len() {
        return false;
    }
    for &id in gold {
        counts[id as usize] += 1;
    }
    let mut equal = true;
    for &id in other {
        match counts.get_mut(id as usize) {
            Some(c) if *c > 0 => *c -= 1,
            _ => {
                equal = false;
                break;
            }
        }
    }
    for &id in gold {
        counts[id as usize] = 0;
    }
    equal
}

/// Colour refinement: strengthen `allowed` with row context.
///
/// A passing mapping pairs gold rows with prediction rows that hold the same values, so any
/// function of a row's multiset of values (its colour) is preserved, and so is each column's
/// multiset of (row colour, value) pairs. Colours can only use columns whose group is
/// unambiguous: a group is *clean* when the prediction columns allowed for its gold columns
/// are allowed for no other group and are exactly as many; every passing mapping then maps
/// that group's gold columns onto exactly those prediction columns. Removing edges whose
/// (colour, value) multisets differ never removes an edge of a passing mapping, and it
/// turns symmetric inputs (columns with equal multisets told apart only by their rows) into
/// near-permutations before the search starts.
fn refine_by_row_colors(input: &MatchInput<'_>, allowed: &mut [u64]) {
    let d = allowed.len();
    let n = input.rows;
    let groups = input.prediction.len();
    let mut group_preds = vec![0u64; groups];
    let mut group_size = vec![0u32; groups];
    for j in 0..d {
        group_preds[input.gold_group[j]] |= allowed[j];
        group_size[input.gold_group[j]] += 1;
    }
    let clean: Vec<bool> = (0..groups)
        .map(|g| {
            group_size[g] > 0
                && group_preds[g].count_ones() == group_size[g]
                && (0..groups).all(|h| h == g || group_preds[h] & group_preds[g] == 0)
        })
        .collect();
    if !clean.iter().any(|&c| c) || n == 0 {
        return;
    }
    let term =
        |g: usize, id: ValueId| mix64(((g as u64) << 32) ^ id as u64 ^ 0x9e37_79b9_7f4a_7c15);
    let mut gold_color = vec![0u64; n];
    let mut pred_color = vec![0u64; n];
    for g in (0..groups).filter(|&g| clean[g]) {
        for j in (0..d).filter(|&j| input.gold_group[j] == g) {
            for (c, &id) in gold_color.iter_mut().zip(input.gold[j]) {
                *c = c.wrapping_add(term(g, id));
            }
        }
        let mut mask = group_preds[g];
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if let Some(col) = input.prediction[g][k] {
                for (c, &id) in pred_color.iter_mut().zip(col) {
                    *c = c.wrapping_add(term(g, id));
                }
            }
        }
    }
    let signature = |colors: &[u64], col: &[ValueId]| {
        colors.iter().zip(col).fold(0u64, |acc, (&c, &id)| {
            acc.wrapping_add(mix64(c ^ mix64(id as u64 + 1)))
        })
    };
    let mut pred_signature: Vec<Vec<Option<u64>>> = vec![vec![None; d]; groups];
    for (j, edges) in allowed.iter_mut().enumerate() {
        let g = input.gold_group[j];
        let gold_sig = signature(&gold_color, input.gold[j]);
        let mut mask = *edges;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let Some(col) = input.prediction[g][k] else {
                continue;
            };
            let sig = *pred_signature[g][k].get_or_insert_with(|| signature(&pred_color, col));
            if sig != gold_sig {
                *edges &= !(1u64 << k);
            }
        }
    }
}

/// Rows with identical values, stored once with a count. Identical rows stay identical under
/// every mapping, so the search works on distinct rows only (a table of 100,000 rows built
/// from a few hundred distinct ones costs a few hundred per node).
struct DistinctRows {
    /// How many times each distinct row occurs.
    counts: Vec<u64>,
}

/// Group the rows of `columns` (all of length `n`) into distinct rows; returns, per distinct
/// row, the index of its first occurrence and its count.
fn distinct_rows(columns: &[&[ValueId]], n: usize) -> (Vec<usize>, DistinctRows) {
    let mut first: Vec<usize> = Vec::new();
    let mut counts: Vec<u64> = Vec::new();
    let mut by_hash: std::collections::HashMap<u64, Vec<usize>, foldhash::fast::RandomState> =
        std::collections::HashMap::default();
    for r in 0..n {
        let h = columns
            .iter()
            .fold(0u64, |h, col| mix64(h.rotate_left(7) ^ col[r] as u64));
        let bucket = by_hash.entry(h).or_default();
        match bucket
            .iter()
            .find(|&&i| columns.iter().all(|col| col[first[i]] == col[r]))
        {
            Some(&i) => counts[i] += 1,
            None => {
                bucket.push(first.len());
                first.push(r);
                counts.push(1);
            }
        }
    }
    (first, DistinctRows { counts })
}

fn gather(col: &[ValueId], rows: &[usize]) -> Vec<ValueId> {
    rows.iter().map(|&r| col[r]).collect()
}

struct Search<'a, 'b> {
    input: &'b MatchInput<'a>,
    d: usize,
    /// Distinct gold rows: each gold column restricted to them, and their counts.
    gold_rows: Vec<Vec<ValueId>>,
    gold_counts: DistinctRows,
    /// Distinct prediction rows (over every group's reading): `[group][k]`, and counts.
    pred_rows: Vec<Vec<Option<Vec<ValueId>>>>,
    pred_counts: DistinctRows,
    allowed: Vec<u64>,
    /// For prediction column k, the columns with a smaller index that are interchangeable with it.
    pred_twins_below: Vec<u64>,
    /// For gold column j, the nearest smaller interchangeable gold column.
    gold_twin_below: Vec<Option<usize>>,
    /// Gold partial-row signatures after assigning columns 0..=j.
    gold_signature: Vec<u64>,
    work: u64,
    stats: SearchStats,
}

impl<'a, 'b> Search<'a, 'b> {
    fn new(input: &'b MatchInput<'a>) -> Self {
        let d = input.gold.len();
        let n = input.rows;
        let groups = input.prediction.len();

        // allowed[j][k]: compatible and same multiset. Gold columns of one group are grouped
        // into classes of equal multisets, so each prediction column is sorted at most once
        // and compared against at most one class per hash.
        let mut allowed = vec![0u64; d];
        for g in 0..groups {
            let members: Vec<usize> = (0..d).filter(|&j| input.gold_group[j] == g).collect();
            if members.is_empty() {
                continue;
            }
            let max_id = members
                .iter()
                .flat_map(|&j| input.gold[j].iter().copied())
                .max()
                .unwrap_or(0);
            let mut counts = vec![0u32; max_id as usize + 1];
            // (multiset hash, a member column, members)
            let mut classes: Vec<(u64, &[ValueId], Vec<usize>)> = Vec::new();
            for &j in &members {
                let h = multiset_hash(input.gold[j]);
                match classes
                    .iter_mut()
                    .find(|(ch, rep, _)| *ch == h && same_multiset(rep, input.gold[j], &mut counts))
                {
                    Some(class) => class.2.push(j),
                    None => classes.push((h, input.gold[j], vec![j])),
                }
            }
            for k in 0..d {
                let Some(col) = input.prediction[g][k] else {
                    continue;
                };
                let h = multiset_hash(col);
                for (ch, rep, js) in &classes {
                    if *ch != h {
                        continue;
                    }
                    if same_multiset(rep, col, &mut counts) {
                        for &j in js {
                            allowed[j] |= 1 << k;
                        }
                        break;
                    }
                }
            }
        }

        refine_by_row_colors(input, &mut allowed);

        // Prediction columns identical under every group are interchangeable.
        let seq_hash = |col: &[ValueId]| col.iter().fold(0u64, |h, &id| mix64(h ^ id as u64));
        let mut pred_twins_below = vec![0u64; d];
        let signature: Vec<Vec<u64>> = (0..d)
            .map(|k| {
                (0..groups)
                    .map(|g| input.prediction[g][k].map_or(u64::MAX, seq_hash))
                    .collect()
            })
            .collect();
        for k in 0..d {
            for k2 in 0..k {
                if signature[k] == signature[k2]
                    && (0..groups).all(|g| input.prediction[g][k] == input.prediction[g][k2])
                {
                    pred_twins_below[k] |= 1 << k2;
                }
            }
        }
        let gold_twin_below = (0..d)
            .map(|j| {
                (0..j).rev().find(|&j2| {
                    input.gold_group[j2] == input.gold_group[j] && input.gold[j2] == input.gold[j]
                })
            })
            .collect();

        let (gold_first, gold_counts) = distinct_rows(&input.gold, n);
        let gold_rows: Vec<Vec<ValueId>> = input
            .gold
            .iter()
            .map(|col| gather(col, &gold_first))
            .collect();
        let pred_columns: Vec<&[ValueId]> = input
            .prediction
            .iter()
            .flatten()
            .filter_map(|c| *c)
            .collect();
        let (pred_first, pred_counts) = distinct_rows(&pred_columns, n);
        let pred_rows: Vec<Vec<Option<Vec<ValueId>>>> = input
            .prediction
            .iter()
            .map(|per_group| {
                per_group
                    .iter()
                    .map(|c| c.map(|col| gather(col, &pred_first)))
                    .collect()
            })
            .collect();

        let mut gold_signature = Vec::with_capacity(d);
        let mut hashes = vec![0u64; gold_first.len()];
        for (j, col) in gold_rows.iter().enumerate() {
            let mut sig = 0u64;
            for ((h, &id), &count) in hashes.iter_mut().zip(col).zip(&gold_counts.counts) {
                *h = extend_row_hash(*h, j, id);
                sig = sig.wrapping_add(row_signature_term(*h).wrapping_mul(count));
            }
            gold_signature.push(sig);
        }
        Search {
            input,
            d,
            gold_rows,
            gold_counts,
            pred_rows,
            pred_counts,
            allowed,
            pred_twins_below,
            gold_twin_below,
            gold_signature,
            work: 0,
            stats: SearchStats::default(),
        }
    }

    fn run(&mut self) -> MatchOutcome {
        if !has_perfect_matching(&self.allowed, full_mask(self.d), 0) {
            return MatchOutcome::RelationMismatch;
        }
        let mut assignment = Vec::with_capacity(self.d);
        let mut levels: Vec<Vec<u64>> = Vec::with_capacity(self.d + 1);
        levels.push(vec![0u64; self.pred_counts.counts.len()]);
        match self.dfs(0, full_mask(self.d), &mut assignment, &mut levels) {
            Some(true) => MatchOutcome::Passed(assignment),
            Some(false) => MatchOutcome::RelationMismatch,
            None => MatchOutcome::SearchLimitExceeded,
        }
    }

    /// Returns Some(true) when a passing completion was found (left in `assignment`).
    fn dfs(
        &mut self,
        j: usize,
        free: u64,
        assignment: &mut Vec<usize>,
        levels: &mut Vec<Vec<u64>>,
    ) -> Option<bool> {
        let rows = self.pred_counts.counts.len();
        if j == self.d {
            self.work += (rows * self.d) as u64;
            self.stats.verified_leaves += 1;
            return Some(self.verify(assignment));
        }
        let group = self.input.gold_group[j];
        let mut candidates = self.allowed[j] & free;
        if let Some(twin) = self.gold_twin_below[j] {
            let floor = assignment[twin];
            candidates &= !((2u64 << floor).wrapping_sub(1));
        }
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if self.pred_twins_below[k] & free != 0 {
                continue; // an interchangeable column with a smaller index is still free
            }
            let rest = free & !(1 << k);
            if !has_perfect_matching(&self.allowed, rest, j + 1) {
                continue;
            }
            self.work += rows as u64 + 64;
            self.stats.hashed_nodes += 1;
            if self.work > WORK_BUDGET {
                return None;
            }
            let Some(col) = self.pred_rows[group][k].as_deref() else {
                continue;
            };
            let previous = &levels[j];
            let mut next = Vec::with_capacity(rows);
            let mut sig = 0u64;
            for ((&h, &id), &count) in previous.iter().zip(col).zip(&self.pred_counts.counts) {
                let h2 = extend_row_hash(h, j, id);
                sig = sig.wrapping_add(row_signature_term(h2).wrapping_mul(count));
                next.push(h2);
            }
            if sig != self.gold_signature[j] {
                continue;
            }
            assignment.push(k);
            levels.push(next);
            match self.dfs(j + 1, rest, assignment, levels)? {
                true => return Some(true),
                false => {
                    assignment.pop();
                    levels.pop();
                }
            }
        }
        Some(false)
    }

    /// Exact multiset comparison of full rows under a complete assignment: both sides as
    /// sorted (row, count) lists, prediction rows merged after projection.
    fn verify(&self, assignment: &[usize]) -> bool {
        let d = self.d;
        let collect = |cols: &[&[ValueId]], counts: &[u64]| {
            let mut rows: Vec<(Vec<ValueId>, u64)> = counts
                .iter()
                .enumerate()
                .map(|(r, &c)| {
                    (
                        cols.iter()
                            .map(|col| col.get(r).copied().unwrap_or(ValueId::MAX))
                            .collect(),
                        c,
                    )
                })
                .collect();
            rows.sort_unstable();
            let mut merged: Vec<(Vec<ValueId>, u64)> = Vec::with_capacity(rows.len());
            for (row, count) in rows {
                match merged.last_mut() {
                    Some((last, total)) if *last == row => *total += count,
                    _ => merged.push((row, count)),
                }
            }
            merged
        };
        let gold_cols: Vec<&[ValueId]> = self.gold_rows.iter().map(Vec::as_slice).collect();
        let pred_cols: Vec<&[ValueId]> = (0..d)
            .map(|j| {
                self.pred_rows[self.input.gold_group[j]][assignment[j]]
                    .as_deref()
                    .unwrap_or(&[])
            })
            .collect();
        collect(&gold_cols, &self.gold_counts.counts)
            == collect(&pred_cols, &self.pred_counts.counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference: enumerate all permutations like the official evaluator.
    fn brute(input: &MatchInput<'_>) -> MatchOutcome {
        let d = input.gold.len();
        let mut perm: Vec<usize> = (0..d).collect();
        let mut any_valid = false;
        loop {
            let cols: Option<Vec<&[ValueId]>> = (0..d)
                .map(|j| input.prediction[input.gold_group[j]][perm[j]])
                .collect();
            if let Some(cols) = cols {
                any_valid = true;
                let rows = |get: &dyn Fn(usize, usize) -> ValueId| {
                    let mut v: Vec<Vec<ValueId>> = (0..input.rows)
                        .map(|r| (0..d).map(|j| get(j, r)).collect())
                        .collect();
                    if !input.order_sensitive {
                        v.sort();
                    }
                    v
                };
                if rows(&|j, r| cols[j][r]) == rows(&|j, r| input.gold[j][r]) {
                    return MatchOutcome::Passed(perm);
                }
            }
            // next permutation
            let Some(i) = (0..d.saturating_sub(1))
                .rev()
                .find(|&i| perm[i] < perm[i + 1])
            else {
                break;
            };
            let k = (i + 1..d).rev().find(|&k| perm[k] > perm[i]).unwrap_or(i);
            perm.swap(i, k);
            perm[i + 1..].reverse();
        }
        if any_valid {
            MatchOutcome::RelationMismatch
        } else {
            MatchOutcome::TypeNormalizationFailed
        }
    }

    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, m: u32) -> u32 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % m as u64) as u32
        }
    }

    #[test]
    fn agrees_with_enumeration_on_random_small_cases() {
        let mut rng = Lcg(42);
        for case in 0..4000 {
            let d = 1 + rng.next(5) as usize;
            let n = rng.next(6) as usize;
            let alphabet = 1 + rng.next(3);
            let groups = 1 + rng.next(2) as usize;
            let gold: Vec<Vec<ValueId>> = (0..d)
                .map(|_| (0..n).map(|_| rng.next(alphabet)).collect())
                .collect();
            let gold_group: Vec<usize> = (0..d).map(|_| rng.next(groups as u32) as usize).collect();
            // Prediction: a permuted, row-shuffled copy of the gold, sometimes damaged.
            let mut perm: Vec<usize> = (0..d).collect();
            for i in (1..d).rev() {
                perm.swap(i, rng.next(i as u32 + 1) as usize);
            }
            let mut row_order: Vec<usize> = (0..n).collect();
            if case % 2 == 0 {
                for i in (1..n).rev() {
                    row_order.swap(i, rng.next(i as u32 + 1) as usize);
                }
            }
            let mut pred: Vec<Vec<Vec<ValueId>>> = (0..groups)
                .map(|_| {
                    (0..d)
                        .map(|k| row_order.iter().map(|&r| gold[perm[k]][r]).collect())
                        .collect()
                })
                .collect();
            if n > 0 && rng.next(3) == 0 {
                let g = rng.next(groups as u32) as usize;
                let k = rng.next(d as u32) as usize;
                let r = rng.next(n as u32) as usize;
                pred[g][k][r] = rng.next(alphabet + 1);
            }
            let compatible: Vec<Vec<bool>> = (0..groups)
                .map(|_| (0..d).map(|_| rng.next(6) != 0).collect())
                .collect();
            let prediction: Vec<Vec<Option<&[ValueId]>>> = (0..groups)
                .map(|g| {
                    (0..d)
                        .map(|k| compatible[g][k].then(|| pred[g][k].as_slice()))
                        .collect()
                })
                .collect();
            for order_sensitive in [false, true] {
                let input = MatchInput {
                    order_sensitive,
                    rows: n,
                    gold: gold.iter().map(Vec::as_slice).collect(),
                    gold_group: gold_group.clone(),
                    prediction: prediction.clone(),
                };
                assert_eq!(
                    match_columns(&input),
                    brute(&input),
                    "case {case} ordered={order_sensitive}"
                );
            }
        }
    }

    #[test]
    fn sixty_four_identical_columns() {
        let n = 1000;
        let col: Vec<ValueId> = (0..n as u32).map(|i| i % 7).collect();
        let input = MatchInput {
            order_sensitive: false,
            rows: n,
            gold: vec![col.as_slice(); 64],
            gold_group: vec![0; 64],
            prediction: vec![vec![Some(col.as_slice()); 64]],
        };
        assert_eq!(
            match_columns(&input),
            MatchOutcome::Passed((0..64).collect())
        );
    }

    #[test]
    fn equal_multisets_different_association() {
        // Gold columns are rotations of one another; the prediction swaps the association
        // in one row pair, so every column multiset matches but the relation does not.
        let n = 200;
        let d = 12;
        let gold: Vec<Vec<ValueId>> = (0..d)
            .map(|j| (0..n).map(|r| ((r + j) % n) as ValueId).collect())
            .collect();
        let mut pred = gold.clone();
        pred.reverse();
        let last = pred.len() - 1;
        pred[last].swap(0, 1);
        let input = MatchInput {
            order_sensitive: false,
            rows: n,
            gold: gold.iter().map(Vec::as_slice).collect(),
            gold_group: vec![0; d],
            prediction: vec![pred.iter().map(|c| Some(c.as_slice())).collect()],
        };
        assert_eq!(match_columns(&input), MatchOutcome::RelationMismatch);
        let good: Vec<Vec<ValueId>> = gold.iter().rev().cloned().collect();
        let input = MatchInput {
            prediction: vec![good.iter().map(|c| Some(c.as_slice())).collect()],
            ..input
        };
        assert_eq!(
            match_columns(&input),
            MatchOutcome::Passed((0..d).rev().collect())
        );
    }
}
