//! The matching search on inputs built to defeat it: many identical columns, columns with
//! equal multisets but different row association, 64 columns, Latin squares, and even-parity
//! blocks (issue 17). Each test checks the verdict and mapping the official permutation order
//! implies, that the search stayed polynomial (hashed nodes bounded by d² + d, or d³ where
//! `matching.rs` says so), and that it used at most 5% of the work budget.

use tabeq::matching::{
    match_columns_with_stats, match_columns_within, MatchInput, MatchOutcome, SearchStats, ValueId,
    WORK_BUDGET,
};

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

/// No adversarial input comes near the work budget.
fn far_from_budget(stats: SearchStats) {
    assert!(
        stats.work <= WORK_BUDGET / 20,
        "work {} of a budget of {WORK_BUDGET}",
        stats.work
    );
}

/// Far from the budget, at most `bound` hashed nodes and at most `d` exact verifications.
fn search_within(stats: SearchStats, d: usize, bound: usize) {
    far_from_budget(stats);
    assert!(
        stats.hashed_nodes <= bound as u64,
        "{} hashed nodes for d = {d} (bound {bound})",
        stats.hashed_nodes
    );
    assert!(
        stats.verified_leaves <= d as u64,
        "{} exact verifications",
        stats.verified_leaves
    );
}

fn polynomial(stats: SearchStats, d: usize) {
    // d² + d: each of d levels tries at most d candidates on the paths these inputs allow.
    search_within(stats, d, d * d + d);
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
    far_from_budget(stats);

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
    far_from_budget(stats);
}

// ---------------------------------------------------------------------------------------------
// Even-parity blocks (issue 17): columns fall into blocks; in every row the bits of a block have
// even parity, and the rows enumerate every such vector (a product over blocks). Every column is
// uniform and so is every proper subset of a block's columns, so neither column multisets, row
// colours nor partial-row hashes tell blocks apart until a whole block is assigned; a search
// without symmetry pruning tries every way of mixing blocks and exhausts its budget.

/// One parity block: `size` columns under rule group `group` (0 = text "a"/"b", 1 = number 0/1).
#[derive(Clone, Copy, Debug)]
struct Block {
    size: usize,
    group: usize,
    /// Odd instead of even parity (near misses only).
    odd: bool,
}

const fn even(size: usize, group: usize) -> Block {
    Block {
        size,
        group,
        odd: false,
    }
}

/// A block of odd parity.
const fn odd_block(size: usize, group: usize) -> Block {
    Block {
        odd: true,
        ..even(size, group)
    }
}

/// How rows repeat.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Repeat {
    /// Every row once.
    Once,
    /// Every row twice.
    Twice,
    /// A row occurs 1 + (weight of its block-0 bits) mod 3 times: still symmetric inside block 0,
    /// but block 0 is no longer interchangeable with an equal block.
    ByFirstBlockWeight,
}

/// A parity table: its columns (natural order: block by block), each column's block and group.
struct Parity {
    cols: Vec<Vec<ValueId>>,
    block_of: Vec<usize>,
    group_of: Vec<usize>,
}

fn parity(blocks: &[Block], repeat: Repeat) -> Parity {
    let free: usize = blocks.iter().map(|b| b.size - 1).sum();
    let d: usize = blocks.iter().map(|b| b.size).sum();
    let mut cols = vec![Vec::new(); d];
    for index in 0..1usize << free {
        let mut row = Vec::with_capacity(d);
        let mut shift = 0;
        for b in blocks {
            let bits: Vec<u32> = (0..b.size - 1)
                .map(|t| ((index >> (shift + t)) & 1) as u32)
                .collect();
            shift += b.size - 1;
            let parity = (bits.iter().sum::<u32>() % 2) ^ u32::from(b.odd);
            row.extend(bits);
            row.push(parity);
        }
        let copies = match repeat {
            Repeat::Once => 1,
            Repeat::Twice => 2,
            Repeat::ByFirstBlockWeight => {
                1 + row[..blocks[0].size].iter().sum::<u32>() as usize % 3
            }
        };
        for _ in 0..copies {
            for (col, &bit) in cols.iter_mut().zip(&row) {
                col.push(1 + bit); // ids 1 and 2 ("a"/"b" or 0/1); 0 is the null id
            }
        }
    }
    let block_of = blocks
        .iter()
        .enumerate()
        .flat_map(|(i, b)| std::iter::repeat_n(i, b.size))
        .collect();
    let group_of = blocks
        .iter()
        .flat_map(|b| std::iter::repeat_n(b.group, b.size))
        .collect();
    Parity {
        cols,
        block_of,
        group_of,
    }
}

/// A pseudo-random permutation of `0..n`.
fn permutation(n: usize, seed: u64) -> Vec<usize> {
    let mut cols: Vec<Vec<ValueId>> = vec![(0..n as ValueId).collect()];
    shuffle_rows(&mut cols, seed);
    cols.remove(0).into_iter().map(|v| v as usize).collect()
}

/// A parity task: the gold lists the columns in the order `gold_layout` (natural column
/// `gold_layout[j]` at gold position j); the prediction lists natural column `pred_layout[k]`
/// at position k, rows shuffled. Text readings of number columns get ids 3/4 (never equal to a
/// text gold column's), number readings of text columns fail.
struct Task {
    gold: Vec<Vec<ValueId>>,
    gold_group: Vec<usize>,
    /// `pred[g][k]`.
    pred: Vec<Vec<Option<Vec<ValueId>>>>,
}

fn task(
    gold: &Parity,
    pred: &Parity,
    gold_layout: &[usize],
    pred_layout: &[usize],
    seed: u64,
) -> Task {
    let mut pred_cols: Vec<Vec<ValueId>> =
        pred_layout.iter().map(|&c| pred.cols[c].clone()).collect();
    shuffle_rows(&mut pred_cols, seed);
    let readings = (0..2)
        .map(|g| {
            pred_layout
                .iter()
                .zip(&pred_cols)
                .map(|(&c, col)| match (g, pred.group_of[c]) {
                    (g, h) if g == h => Some(col.clone()),
                    (0, _) => Some(col.iter().map(|&v| v + 2).collect()),
                    _ => None,
                })
                .collect()
        })
        .collect();
    Task {
        gold: gold_layout.iter().map(|&c| gold.cols[c].clone()).collect(),
        gold_group: gold_layout.iter().map(|&c| gold.group_of[c]).collect(),
        pred: readings,
    }
}

fn input_of(t: &Task) -> MatchInput<'_> {
    MatchInput {
        order_sensitive: false,
        rows: t.gold.first().map_or(0, Vec::len),
        gold: t.gold.iter().map(Vec::as_slice).collect(),
        gold_group: t.gold_group.clone(),
        prediction: t
            .pred
            .iter()
            .map(|per_group| per_group.iter().map(Option::as_deref).collect())
            .collect(),
    }
}

fn run_task(t: &Task) -> (MatchOutcome, SearchStats) {
    match_columns_with_stats(&input_of(t))
}

/// Whether `mapping` reproduces the gold rows as a multiset (sorting, independent of the search).
fn passes(t: &Task, mapping: &[usize]) -> bool {
    let rows = |cols: &[&[ValueId]]| {
        let mut rows: Vec<Vec<ValueId>> = (0..cols[0].len())
            .map(|r| cols.iter().map(|c| c[r]).collect())
            .collect();
        rows.sort_unstable();
        rows
    };
    let gold: Vec<&[ValueId]> = t.gold.iter().map(Vec::as_slice).collect();
    let Some(pred) = mapping
        .iter()
        .enumerate()
        .map(|(j, &k)| t.pred[t.gold_group[j]][k].as_deref())
        .collect::<Option<Vec<&[ValueId]>>>()
    else {
        return false;
    };
    rows(&gold) == rows(&pred)
}

/// The lexicographically first mapping that sends every gold block onto a prediction block of
/// the same size and group (and, with `pinned`, block 0 onto block 0). For block sizes none of
/// which is a sum of others, every passing mapping is of this kind: a block's columns have even
/// parity in every gold row, so their images must in every prediction row, and the only such
/// column sets are unions of blocks.
fn first_block_mapping(
    gold: &Parity,
    pred: &Parity,
    gold_layout: &[usize],
    pred_layout: &[usize],
    pinned: bool,
) -> Vec<usize> {
    let d = gold_layout.len();
    let kind = |p: &Parity, c: usize| {
        (
            p.group_of[c],
            p.block_of.iter().filter(|&&b| b == p.block_of[c]).count(),
            pinned && p.block_of[c] == 0,
        )
    };
    let mut block_image: std::collections::HashMap<usize, usize> = Default::default();
    let mut used = vec![false; d];
    let mut mapping = Vec::with_capacity(d);
    for &c in gold_layout {
        let gold_block = gold.block_of[c];
        let k = (0..d)
            .find(|&k| {
                let pc = pred_layout[k];
                !used[k]
                    && kind(gold, c) == kind(pred, pc)
                    && match block_image.get(&gold_block) {
                        Some(&b) => b == pred.block_of[pc],
                        None => !block_image.values().any(|&b| b == pred.block_of[pc]),
                    }
            })
            .expect("a block-respecting mapping exists");
        block_image.insert(gold_block, pred.block_of[pred_layout[k]]);
        used[k] = true;
        mapping.push(k);
    }
    mapping
}

/// Search effort allowed on parity inputs: the symmetry rules leave, per gold block, one branch
/// per way of splitting its first columns among the prediction blocks.
fn parity_bound(stats: SearchStats, d: usize) {
    search_within(stats, d, d * d * d);
}

/// A column permutation with shuffled rows must pass with the first block-respecting mapping.
fn assert_permutation_passes(
    blocks: &[Block],
    repeat: Repeat,
    gold_seed: Option<u64>,
    pred_seed: u64,
) {
    let table = parity(blocks, repeat);
    let d = table.cols.len();
    let gold_layout: Vec<usize> = gold_seed.map_or_else(|| (0..d).collect(), |s| permutation(d, s));
    let pred_layout = permutation(d, pred_seed);
    let t = task(&table, &table, &gold_layout, &pred_layout, pred_seed + 1);
    let pinned = repeat == Repeat::ByFirstBlockWeight;
    let expected = first_block_mapping(&table, &table, &gold_layout, &pred_layout, pinned);
    assert!(
        passes(&t, &expected),
        "reference mapping {expected:?} does not pass"
    );
    let (outcome, stats) = run_task(&t);
    assert_eq!(
        outcome,
        MatchOutcome::Passed(expected),
        "{blocks:?} {repeat:?}"
    );
    parity_bound(stats, d);
}

/// A prediction built from `pred_blocks` (same columns per group, same row count as the gold's
/// `gold_blocks`) must fail.
fn assert_mismatch(t: &Task) {
    let (outcome, stats) = run_task(t);
    assert_eq!(outcome, MatchOutcome::RelationMismatch);
    parity_bound(stats, t.gold.len());
}

const TEXT: usize = 0;
const NUMBER: usize = 1;

/// Column permutations with shuffled rows, each of which must pass with the first
/// block-respecting mapping: (blocks, row repetition, gold layout seed (None: natural order),
/// prediction layout seed). Blocks are written `8t 8n`: eight text columns, eight number columns.
const PERMUTATIONS: &[(&str, Repeat, Option<u64>, u64)] = &[
    // The reported input: 16 columns, 16,384 rows, the prediction a column permutation.
    ("8t 8t", Repeat::Once, None, 11),
    ("8n 8n", Repeat::Once, Some(12), 13),
    // Fourteen columns, mixed groups.
    ("7t 7t", Repeat::Once, Some(21), 22),
    ("4t 5n 5n", Repeat::Twice, Some(23), 24),
    // Eighteen columns.
    ("9t 9t", Repeat::Once, Some(31), 32),
    ("6n 6n 6n", Repeat::Once, None, 33),
    ("5t 4t 5n 4n", Repeat::Once, Some(34), 35),
    // Duplicated rows.
    ("6t 6t", Repeat::Twice, Some(41), 42),
    // Unequal repetition makes block 0 special: it must map onto block 0's image.
    ("5t 5t 4t", Repeat::ByFirstBlockWeight, Some(43), 44),
];

/// Even blocks from `8t 8n` (size, then `t` for text or `n` for number).
fn blocks(spec: &str) -> Vec<Block> {
    spec.split_whitespace()
        .map(|block| {
            let (size, group) = block.split_at(block.len() - 1);
            let group = if group == "t" { TEXT } else { NUMBER };
            even(size.parse().expect("a block size"), group)
        })
        .collect()
}

#[test]
fn parity_permutations_pass_with_the_first_block_mapping() {
    for &(spec, repeat, gold_seed, pred_seed) in PERMUTATIONS {
        assert_permutation_passes(&blocks(spec), repeat, gold_seed, pred_seed);
    }
}

#[test]
fn parity_near_misses_fail() {
    let d = 16;
    let layout = permutation(d, 51);
    let natural: Vec<usize> = (0..d).collect();
    let gold = parity(&[even(8, TEXT), even(8, TEXT)], Repeat::Once);
    // One prediction block has odd parity.
    let odd = parity(&[even(8, TEXT), odd_block(8, TEXT)], Repeat::Once);
    assert_mismatch(&task(&gold, &odd, &natural, &layout, 52));
    // Both have odd parity: every row keeps an even number of "b"s.
    let both = parity(&[odd_block(8, TEXT), odd_block(8, TEXT)], Repeat::Once);
    assert_mismatch(&task(&gold, &both, &natural, &layout, 53));
    // Blocks of 7 and 9 columns: the same row count, every column and every pair uniform.
    let regrouped = parity(&[even(7, TEXT), even(9, TEXT)], Repeat::Once);
    assert_mismatch(&task(&gold, &regrouped, &natural, &layout, 54));
    // Two cells of one column swapped between rows: every column multiset is unchanged.
    let mut swapped = task(&gold, &gold, &natural, &layout, 55);
    let column = &swapped.pred[TEXT][3].clone().expect("text reads");
    let other = (1..column.len())
        .find(|&r| column[r] != column[0])
        .expect("two values");
    for per_group in swapped.pred.iter_mut() {
        if let Some(col) = per_group[3].as_mut() {
            col.swap(0, other);
        }
    }
    assert_mismatch(&swapped);
    // Rows r1, r2 of equal weight exchange a 0 and a 1 in two columns of one block: every
    // column multiset, row weight and parity stays, so only the search can tell (r1 becomes
    // a copy of another row).
    let mut exchanged = task(&gold, &gold, &natural, &layout, 59);
    let block: Vec<usize> = (0..d).filter(|&k| layout[k] < 8).collect();
    let col = |t: &Task, k: usize| t.pred[TEXT][k].clone().expect("text reads");
    let weight = |t: &Task, r: usize| (0..d).filter(|&k| col(t, k)[r] == 2).count();
    let (c1, c2) = (block[0], block[1]);
    let (a, b) = (col(&exchanged, c1), col(&exchanged, c2));
    let r1 = (0..a.len())
        .find(|&r| a[r] == 1 && b[r] == 2)
        .expect("a row");
    let r2 = (0..a.len())
        .find(|&r| a[r] == 2 && b[r] == 1 && weight(&exchanged, r) == weight(&exchanged, r1))
        .expect("a row of the same weight");
    for k in [c1, c2] {
        for per_group in exchanged.pred.iter_mut() {
            if let Some(col) = per_group[k].as_mut() {
                col.swap(r1, r2);
            }
        }
    }
    assert_mismatch(&exchanged);
    // Eighteen columns in three mixed-group blocks, one of them odd.
    let gold = parity(
        &[even(6, TEXT), even(6, NUMBER), even(6, NUMBER)],
        Repeat::Once,
    );
    let odd = parity(
        &[even(6, TEXT), even(6, NUMBER), odd_block(6, NUMBER)],
        Repeat::Once,
    );
    assert_mismatch(&task(
        &gold,
        &odd,
        &permutation(18, 56),
        &permutation(18, 57),
        58,
    ));
}

#[test]
fn an_exhausted_budget_is_its_own_outcome() {
    // With too small a budget the search stops undecided: never a verdict.
    let table = parity(&[even(8, TEXT), even(8, TEXT)], Repeat::Once);
    let natural: Vec<usize> = (0..16).collect();
    let t = task(&table, &table, &natural, &permutation(16, 61), 62);
    let (outcome, stats) = match_columns_within(&input_of(&t), 1000);
    assert_eq!(outcome, MatchOutcome::SearchLimitExceeded);
    assert!(stats.work > 1000);
    assert!(matches!(run_task(&t).0, MatchOutcome::Passed(_)));
}

/// The reported input end to end: CSV text, a config with text and number columns, the
/// official result record.
#[test]
fn the_reported_sixteen_column_input_passes_through_the_evaluator() {
    use tabeq::{evaluate_task, Prediction, TaskConfig};
    let blocks = [even(8, TEXT), even(8, NUMBER)];
    let table = parity(&blocks, Repeat::Once);
    let d = 16;
    let natural: Vec<usize> = (0..d).collect();
    let pred_layout = permutation(d, 71);
    let t = task(&table, &table, &natural, &pred_layout, 72);
    let cell = |c: usize, id: ValueId| match table.group_of[c] {
        TEXT => ["a", "b"][id as usize - 1],
        _ => ["0", "1"][id as usize - 1],
    };
    let to_csv = |cols: &[Vec<ValueId>], layout: &[usize]| {
        let mut out: Vec<String> = vec![layout
            .iter()
            .map(|c| format!("c{c}"))
            .collect::<Vec<_>>()
            .join(",")];
        out.extend((0..cols[0].len()).map(|r| {
            (layout.iter().zip(cols))
                .map(|(&c, col)| cell(c, col[r]))
                .collect::<Vec<_>>()
                .join(",")
        }));
        out.join("\n") + "\n"
    };
    let pred_cols: Vec<Vec<ValueId>> = (0..d)
        .map(|k| {
            t.pred[table.group_of[pred_layout[k]]][k]
                .clone()
                .expect("reads")
        })
        .collect();
    let gold_csv = to_csv(&t.gold, &natural);
    let pred_csv = to_csv(&pred_cols, &pred_layout);
    let columns: Vec<String> = natural
        .iter()
        .map(|&c| match table.group_of[c] {
            TEXT => format!(r#"{{"gold_index": {c}, "gold_name": "c{c}", "type": "text"}}"#),
            _ => format!(r#"{{"gold_index": {c}, "gold_name": "c{c}", "type": "number", "comparison": {{"mode": "integer"}}}}"#),
        })
        .collect();
    let config = format!(
        r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": [{}]}}"#,
        columns.join(", ")
    );
    let config = TaskConfig::from_json(config.as_bytes(), None).expect("config");
    let result = evaluate_task(
        Prediction::Csv(pred_csv.as_bytes()),
        gold_csv.as_bytes(),
        &config,
    )
    .expect("gold");
    let expected = first_block_mapping(&table, &table, &natural, &pred_layout, false);
    assert!(result.passed, "{:?} {:?}", result.error_code, result.error);
    assert_eq!(result.column_mapping, Some(expected));
}

/// Parity blocks with, beside each column, its complement: a symmetry now exchanges a column
/// and its complement together with another pair, which no single transposition does.
fn with_complements(table: &Parity) -> Parity {
    let complements = table
        .cols
        .iter()
        .map(|c| c.iter().map(|&v| 3 - v).collect());
    Parity {
        cols: table.cols.iter().cloned().chain(complements).collect(),
        block_of: [table.block_of.clone(), table.block_of.clone()].concat(),
        group_of: [table.group_of.clone(), table.group_of.clone()].concat(),
    }
}

#[test]
fn parity_blocks_with_complement_columns_pass() {
    for (blocks, gold_seed, pred_seed) in [
        (&[even(8, TEXT), even(8, TEXT)][..], 81, 82),
        (
            &[even(6, TEXT), even(6, NUMBER), even(5, NUMBER)][..],
            83,
            84,
        ),
    ] {
        let table = with_complements(&parity(blocks, Repeat::Once));
        let d = table.cols.len();
        let (gold_layout, pred_layout) = (permutation(d, gold_seed), permutation(d, pred_seed));
        let t = task(&table, &table, &gold_layout, &pred_layout, pred_seed + 1);
        let (outcome, stats) = run_task(&t);
        let MatchOutcome::Passed(mapping) = outcome else {
            panic!("{outcome:?}");
        };
        assert!(passes(&t, &mapping));
        parity_bound(stats, d);
    }
}
