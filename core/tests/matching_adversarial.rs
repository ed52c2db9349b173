//! The matching search on inputs built to defeat it: many identical columns, columns with
//! equal multisets but different row association, and 64 columns. Each test checks the
//! verdict and mapping the official permutation order implies, and that the search stayed
//! polynomial (hashed nodes bounded by d² + d), which is the claim in `matching.rs`.

use tabeq::matching::{match_columns_with_stats, MatchInput, MatchOutcome, SearchStats, ValueId};

fn run(gold: &[Vec<ValueId>], pred: &[Vec<ValueId>]) -> (MatchOutcome, SearchStats) {
    let d = gold.len();
    let input = MatchInput {
        order_sensitive: false,
        rows: gold.first().map_or(0, Vec::len),
        gold: gold.iter().map(Vec::as_slice).collect(),
        gold_group: vec![0; d],
        prediction: vec![pred.iter().map(|c| Some(c.as_slice())).collect()],
    };
    match_columns_with_stats(&input)
}

fn polynomial(stats: SearchStats, d: usize) {
    // d² + d: each of d levels tries at most d candidates on the paths these inputs allow.
    let bound = (d * d + d) as u64;
    assert!(
        stats.hashed_nodes <= bound,
        "{} hashed nodes for d = {d} (bound {bound})",
        stats.hashed_nodes
    );
    assert!(
        stats.verified_leaves <= d as u64,
        "{} exact verifications",
        stats.verified_leaves
    );
}

/// A deterministic pseudo-random shuffle of rows (the prediction's row order is arbitrary).
fn shuffle_rows(cols: &mut [Vec<ValueId>], seed: u64) {
    let n = cols.first().map_or(0, Vec::len);
    let mut state = seed;
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        order.swap(i, (state >> 33) as usize % (i + 1));
    }
    for col in cols.iter_mut() {
        *col = order.iter().map(|&r| col[r]).collect();
    }
}

#[test]
fn sixty_four_identical_columns_pass_with_the_identity() {
    let col: Vec<ValueId> = (0..5000u32).map(|i| 1 + i % 13).collect();
    let gold = vec![col.clone(); 64];
    let mut pred = gold.clone();
    shuffle_rows(&mut pred, 1);
    let (outcome, stats) = run(&gold, &pred);
    assert_eq!(outcome, MatchOutcome::Passed((0..64).collect()));
    polynomial(stats, 64);
}

#[test]
fn sixty_four_identical_columns_with_one_wrong_cell_fail_fast() {
    let col: Vec<ValueId> = (0..5000u32).map(|i| 1 + i % 13).collect();
    let gold = vec![col.clone(); 64];
    let mut pred = gold.clone();
    pred[40][17] = 99;
    let (outcome, stats) = run(&gold, &pred);
    assert_eq!(outcome, MatchOutcome::RelationMismatch);
    polynomial(stats, 64);
}

/// Column j holds rows rotated by j: every column has the same multiset, and only the
/// row association tells them apart.
fn rotations(d: usize, n: usize) -> Vec<Vec<ValueId>> {
    (0..d)
        .map(|j| (0..n).map(|r| 1 + ((r + j * 7) % n) as ValueId).collect())
        .collect()
}

#[test]
fn equal_multisets_reversed_columns_find_the_reversed_mapping() {
    let gold = rotations(64, 3000);
    let mut pred: Vec<Vec<ValueId>> = gold.iter().rev().cloned().collect();
    shuffle_rows(&mut pred, 2);
    let (outcome, stats) = run(&gold, &pred);
    assert_eq!(outcome, MatchOutcome::Passed((0..64).rev().collect()));
    polynomial(stats, 64);
}

#[test]
fn equal_multisets_with_broken_association_fail() {
    let gold = rotations(64, 3000);
    let mut pred: Vec<Vec<ValueId>> = gold.iter().rev().cloned().collect();
    // Swap two values inside one column: its multiset is unchanged, its rows are not.
    pred[10].swap(5, 900);
    shuffle_rows(&mut pred, 3);
    let (outcome, stats) = run(&gold, &pred);
    assert_eq!(outcome, MatchOutcome::RelationMismatch);
    polynomial(stats, 64);
}

#[test]
fn identical_pairs_mixed_with_distinct_columns() {
    // Columns 2k and 2k+1 are identical, pairs differ from each other; the prediction
    // lists the pairs in reverse. The first passing mapping keeps each twin pair in order.
    let base = rotations(32, 2000);
    let gold: Vec<Vec<ValueId>> = base.iter().flat_map(|c| [c.clone(), c.clone()]).collect();
    let mut pred: Vec<Vec<ValueId>> = base
        .iter()
        .rev()
        .flat_map(|c| [c.clone(), c.clone()])
        .collect();
    shuffle_rows(&mut pred, 4);
    let expected: Vec<usize> = (0..32).rev().flat_map(|p| [2 * p, 2 * p + 1]).collect();
    let (outcome, stats) = run(&gold, &pred);
    assert_eq!(outcome, MatchOutcome::Passed(expected));
    polynomial(stats, 64);
}

#[test]
fn pairwise_equal_but_triple_different_is_still_exact() {
    // Rows (a, b, a xor b) over all a, b in 0..16: every pair of columns has the same joint
    // distribution (uniform), so only the three-way relation distinguishes a wrong row.
    let mut gold = vec![Vec::new(), Vec::new(), Vec::new()];
    for a in 0..16u32 {
        for b in 0..16u32 {
            gold[0].push(1 + a);
            gold[1].push(1 + b);
            gold[2].push(1 + (a ^ b));
        }
    }
    let mut pred = vec![gold[2].clone(), gold[0].clone(), gold[1].clone()];
    shuffle_rows(&mut pred, 5);
    // xor is symmetric: (a^b, a, b) also satisfies "third = first xor second", so the
    // lexicographically first passing mapping reads the prediction's columns in order.
    let (outcome, _) = run(&gold, &pred);
    assert_eq!(outcome, MatchOutcome::Passed(vec![0, 1, 2]));
    // Replace the xor column by a + b mod 16: pairs stay uniform, triples change.
    let mut wrong = pred.clone();
    wrong[0] = wrong[1]
        .iter()
        .zip(&wrong[2])
        .map(|(&a, &b)| 1 + ((a - 1 + b - 1) % 16))
        .collect();
    let (outcome, _) = run(&gold, &wrong);
    assert_eq!(outcome, MatchOutcome::RelationMismatch);
}

/// Latin square rows repeated many times: every row holds the same multiset of values and
/// every column the same multiset, so neither column multisets nor row colours separate
/// anything, and cyclic shifts are genuine symmetries. Two compensating swaps break the
/// relation while keeping every row and column multiset.
fn latin(d: usize, reps: usize, broken: bool) -> (Vec<Vec<ValueId>>, Vec<Vec<ValueId>>) {
    let base: Vec<Vec<ValueId>> = (0..d)
        .map(|r| (0..d).map(|j| 1 + ((r + j) % d) as ValueId).collect())
        .collect();
    let rows: Vec<Vec<ValueId>> = (0..reps).flat_map(|_| base.iter().cloned()).collect();
    let mut pred_rows = rows.clone();
    if broken {
        let half = d / 2;
        for r in [1, 1 + half] {
            pred_rows[r].swap(0, half);
        }
    }
    let to_cols = |rs: &[Vec<ValueId>]| {
        (0..d)
            .map(|j| rs.iter().map(|r| r[j]).collect())
            .collect::<Vec<Vec<ValueId>>>()
    };
    let gold = to_cols(&rows);
    // The prediction lists columns in a scrambled order.
    let order: Vec<usize> = (0..d).map(|j| (j * 5 + 3) % d).collect();
    let mut pred: Vec<Vec<ValueId>> = order
        .iter()
        .map(|&j| to_cols(&pred_rows)[j].clone())
        .collect();
    shuffle_rows(&mut pred, 6);
    (gold, pred)
}

#[test]
fn latin_square_with_many_duplicate_rows() {
    let d = 32;
    let (gold, pred) = latin(d, 300, false);
    let (outcome, stats) = run(&gold, &pred);
    assert!(matches!(outcome, MatchOutcome::Passed(_)), "{outcome:?}");
    assert!(stats.hashed_nodes <= (d * d * d) as u64);

    let (gold, pred) = latin(d, 300, true);
    let (outcome, stats) = run(&gold, &pred);
    assert_eq!(outcome, MatchOutcome::RelationMismatch);
    // Cyclic symmetry lets partial mappings survive deep: O(d³) nodes, each over the 34
    // distinct rows rather than the 9,600 rows of the table.
    assert!(
        stats.hashed_nodes <= (d * d * d) as u64,
        "{} nodes",
        stats.hashed_nodes
    );
}
