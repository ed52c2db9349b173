//! A verdict proven from hashes, for large unordered tasks: no value is interned.
//!
//! Interning every canonical value of a large table ([`crate::evaluate::PreparedGold`]'s path)
//! costs a random read per cell over all of the values. A prediction that passes, and most that
//! fail, are recognised here with sequential work instead:
//!
//! 1. each gold column's canonical values are hashed (64 bits, seeded per process), giving
//!    the column's multiset signature and a bit filter of the hashes it holds;
//! 2. each prediction column is read under each gold rule while some gold column of that rule
//!    may hold its values (a hash outside a column's filter is a value the column lacks); a
//!    column read through whose signature equals gold column j's is a candidate for j;
//! 3. when the candidates leave exactly one one-to-one mapping, both tables' rows are hashed
//!    under it and sorted by that hash, and the rows so paired are compared cell by cell:
//!    the same raw text, or the same canonical value.
//!
//! Before them, the prediction is tried as it stands (its columns in the gold's order): both
//! tables' rows are hashed by their raw text, sorted, and the rows so paired compared as in
//! step 3. The official tries mappings in lexicographic order, so when that identity mapping
//! passes it is the official's, whatever else passes: no value is canonicalized for it but the
//! gold's (which must read, or the gold is refused).
//!
//! Step 3 is exact, so a mapping returned here passes. Every passing mapping maps each gold
//! column to a prediction column with the same multiset of values (same signature, never
//! filtered out), so it is the only passing mapping, hence the official's first.
//!
//! A failure is proven too, when the hashes rule out every mapping: equal multisets always
//! have equal signatures and row hashes, so when the candidates leave no one-to-one mapping, or
//! the one they leave gives other row hashes than the gold's, no mapping passes. The record then
//! says why as the interning path does: `type_normalization_failed` when no one-to-one mapping
//! has every prediction column readable under its gold column's rule (a read cut short by a
//! filter is finished for that, reading only), else `relation_mismatch`. Anything else (a
//! mapping among several, a pairing that fails cell by cell, colliding hashes) is left
//! undecided, and the interning path decides it, at its own cost.
//!
//! That cost is the attempt's: a gold that scores many predictions backs off after undecided
//! attempts ([`Backoff`]), so predictions left undecided rarely pay it twice.

use std::hash::BuildHasher;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

use crate::bipartite::{full_mask, has_perfect_matching, mix64};
use crate::cancel::POLL_ROWS;
use crate::canon::canonical_kind_into;
use crate::config::{Rule, TaskConfig};
use crate::csv::Table;
use crate::matching::MatchOutcome;
use crate::parallel::{self, Parallel};
use crate::rule_values::{FastMap, CACHE_FROM_ROW, CACHE_PROBE_CELLS};

/// Rows from which a task is tried here first: below it, interning is as fast (the values fit
/// in cache), and a prediction that does not pass pays only once.
pub(crate) const FROM_ROWS: usize = 4096;
/// The most columns a task may have to be tried here: the reader's limit, as the column masks
/// are 64 bits. (Columns hashed one at a time across the row-major table, with no cache of
/// repeated raw values, once made wide tables cost more here than interning, and only 16
/// columns were tried; [`hash_rows`] reads all of a part's columns in one pass, with a cache.)
const MAX_COLUMNS: usize = 64;
/// A prediction column's first rows, each looked up in the gold's filters of its candidate
/// columns; after them, a row every [`FILTER_SAMPLE`] look-ups' worth of rows.
const FILTER_EVERY_ROW: usize = 256;
const FILTER_SAMPLE: usize = 8;
/// The most parts a table's columns (each under each rule) are hashed in, each a pass over the
/// table's rows: parts of a column or two spread evenly over a pool's threads, and a wide
/// table is crossed this many times, not once per column.
const PARTS: usize = 16;
/// Prediction rows whose cells are loaded together when rows are compared.
const TOUCH_ROWS: usize = 32;
/// At most 2^this buckets when row hashes are sorted (4 MiB of bucket ends).
const MAX_BUCKET_BITS: u32 = 20;
/// The hash of a null (any other value hashing to it is caught by the exact comparison).
const NULL_HASH: u64 = 0x6a09_e667_f3bc_c908;

/// Gold cells shorter than this on average (bytes of text a cell, its delimiter counted when
/// the reader keeps it) are left to the interning path, whose raw-value cache makes a short
/// repeated value a look-up where this pass hashes both tables' cells and rows:
/// `wide_64x100000` of `bench/run.py` (64 columns of values below 100, 2.9 bytes a cell) took
/// 1.1–1.3× longer tried here; the other large inputs of the benchmarks have 9–10. A rough
/// line: tables of short distinct values are left too.
const MIN_CELL_BYTES: usize = 3;

/// Whether a task is tried here first: unordered, with at least [`FROM_ROWS`] rows of cells of
/// at least [`MIN_CELL_BYTES`] on average in the gold. Not in WebAssembly, whose module keeps
/// within its size budget and scores one submission at a time.
pub(crate) fn worth_trying(config: &TaskConfig, gold: &Table) -> bool {
    let cells = gold.row_count() * gold.column_count();
    cfg!(not(target_family = "wasm"))
        && !config.order_sensitive
        && gold.row_count() >= FROM_ROWS
        && gold.text_bytes() >= cells * MIN_CELL_BYTES
}

/// An order-independent 128-bit hash of a multiset of value hashes.
type Signature = (u64, u64);

/// A prediction column read under a rule: its hashes, the gold columns (a bit each) that may
/// hold them, and their signature.
type ColumnHashes = (Vec<u64>, u64, Signature);

fn signature(hashes: &[u64]) -> Signature {
    hashes.iter().fold((0, 0), |(a, b), &h| {
        let h2 = h ^ 0x5851_f42d_4c95_7f2d;
        (a.wrapping_add(mix64(h)), b.wrapping_add(mix64(h2)))
    })
}

/// Which hashes a column may hold: a bit per hash prefix, about 8 bits per row.
#[derive(Clone)]
struct Filter {
    bits: Vec<u64>,
    shift: u32,
}

impl Filter {
    fn of(hashes: impl ExactSizeIterator<Item = u64>) -> Filter {
        let len = (hashes.len() * 8).next_power_of_two().max(64);
        let mut filter = Filter {
            bits: vec![0; len / 64],
            shift: 64 - len.trailing_zeros(),
        };
        for h in hashes {
            let i = (h >> filter.shift) as usize;
            filter.bits[i / 64] |= 1 << (i % 64);
        }
        filter
    }

    fn may_hold(&self, h: u64) -> bool {
        let i = (h >> self.shift) as usize;
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }
}

/// The gold's side, computed once per gold.
#[derive(Clone)]
pub(crate) struct GoldHashes {
    hasher: foldhash::fast::RandomState,
    /// Each gold column's rule, and the distinct rules (gold column j's is `rules[rule_of[j]]`).
    rules: Vec<Rule>,
    rule_of: Vec<usize>,
    signatures: Vec<Signature>,
    filters: Vec<Filter>,
    /// The gold's row hashes.
    rows: GoldRows,
    /// The gold's rows hashed by their raw text, with their rows, sorted ([`raw_rows`]), and
    /// which hashes they hold.
    raw_rows: Vec<(u64, u32)>,
    raw_filter: Filter,
    backoff: Backoff,
}

/// When a gold that scores many predictions tries the next one here: after `f` undecided
/// attempts in a row the next `2^f - 1` predictions (at most 1,023) go straight to the
/// interning path, and a decided one starts over. Predictions the hashes cannot decide then
/// rarely pay for an attempt.
#[derive(Debug, Default)]
pub(crate) struct Backoff {
    failures: AtomicU32,
    skip: AtomicU32,
}

impl Clone for Backoff {
    fn clone(&self) -> Backoff {
        Backoff {
            failures: AtomicU32::new(self.failures.load(Ordering::Relaxed)),
            skip: AtomicU32::new(self.skip.load(Ordering::Relaxed)),
        }
    }
}

impl Backoff {
    /// Whether to try this prediction (counting it off the predictions to skip if not).
    pub(crate) fn try_now(&self) -> bool {
        let skip = |left: u32| left.checked_sub(1);
        (self
            .skip
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, skip))
        .is_err()
    }

    /// Record whether an attempt decided its prediction.
    pub(crate) fn record(&self, decided: bool) {
        if decided {
            self.failures.store(0, Ordering::Relaxed);
            self.skip.store(0, Ordering::Relaxed);
        } else {
            let failures = self
                .failures
                .fetch_add(1, Ordering::Relaxed)
                .saturating_add(1);
            self.skip
                .store((1 << failures.min(10)) - 1, Ordering::Relaxed);
        }
    }
}

impl core::fmt::Debug for GoldHashes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "GoldHashes({} rows)", self.raw_rows.len())
    }
}

impl GoldHashes {
    /// The hashes of `table`'s columns under `config`'s rules; `None` when a cell does not
    /// read (the gold is then refused on the interning path) or the task was cancelled.
    pub fn new<P: Parallel + ?Sized>(
        table: &Table,
        config: &TaskConfig,
        parallel: &P,
    ) -> Option<GoldHashes> {
        let hasher = foldhash::fast::RandomState::default();
        let mut hashes = Self::with_hasher(table, config, parallel, hasher)?;
        // Sorted now, once for all the predictions, and the columns' hashes dropped.
        if let GoldRows::Columns(columns) = &hashes.rows {
            hashes.rows = GoldRows::Sorted(sorted_row_hashes(columns, table.row_count()));
        }
        Some(hashes)
    }

    fn with_hasher<P: Parallel + ?Sized>(
        table: &Table,
        config: &TaskConfig,
        parallel: &P,
        hasher: foldhash::fast::RandomState,
    ) -> Option<GoldHashes> {
        let d = config.columns.len();
        if d == 0
            || d > MAX_COLUMNS
            || table.column_count() != d
            || table.row_count() > u32::MAX as usize
        {
            return None;
        }
        let mut rules: Vec<Rule> = Vec::new();
        let rule_of: Vec<usize> = (config.columns.iter())
            .map(|spec| {
                let rule = spec.rule();
                rules.iter().position(|r| *r == rule).unwrap_or_else(|| {
                    rules.push(rule);
                    rules.len() - 1
                })
            })
            .collect();
        let mut columns: Vec<ColumnHashing> = (0..d)
            .map(|j| ColumnHashing::new(j, rule_of[j], table.row_count(), 0))
            .collect();
        let mut filters: Vec<Option<Filter>> = (0..d).map(|_| None).collect();
        let (_, raw_rows) = parallel::join(
            parallel,
            table.work_bytes(),
            || {
                let parts = columns.chunks_mut(d.div_ceil(PARTS));
                let parts = parts.zip(filters.chunks_mut(d.div_ceil(PARTS)));
                parallel::for_each(parallel, table.work_bytes(), parts, |(part, filters)| {
                    hash_rows(table, part, &rules, &hasher, None);
                    // Each column's filter in its part too: the parts are what runs at once.
                    for (column, filter) in part.iter().zip(filters) {
                        *filter = column
                            .stop
                            .is_none()
                            .then(|| Filter::of(column.hashes.iter().copied()));
                    }
                });
            },
            || raw_rows(table, &hasher, None),
        );
        let filters: Vec<Filter> = filters.into_iter().collect::<Option<_>>()?;
        let raw_rows = raw_rows?;
        let raw_filter = Filter::of(raw_rows.iter().map(|r| r.0));
        let (mut signatures, mut hashes) = (Vec::new(), Vec::new());
        for column in columns {
            signatures.push(column.signature);
            hashes.push(column.hashes);
        }
        let rows = GoldRows::Columns(hashes);
        Some(GoldHashes {
            hasher,
            rules,
            rule_of,
            signatures,
            filters,
            rows,
            raw_rows,
            raw_filter,
            backoff: Backoff::default(),
        })
    }

    /// [`Self::new`] and [`Self::outcome`] for a gold that scores one prediction: the
    /// prediction's raw rows are hashed while the gold's hashes are computed.
    pub fn one_shot<P: Parallel + ?Sized>(
        gold: &Table,
        config: &TaskConfig,
        prediction: &Table,
        parallel: &P,
    ) -> Option<MatchOutcome> {
        if prediction.column_count() != gold.column_count()
            || prediction.row_count() != gold.row_count()
        {
            return None;
        }
        let hasher = foldhash::fast::RandomState::default();
        let (hashes, prediction_rows) = parallel::join(
            parallel,
            gold.work_bytes() + prediction.work_bytes(),
            || Self::with_hasher(gold, config, parallel, hasher.clone()),
            || raw_rows(prediction, &hasher, None),
        );
        hashes?.outcome_given(gold, prediction, prediction_rows, parallel)
    }

    /// [`Self::outcome`] for a gold that scores many predictions: tried as its [`Backoff`]
    /// says (a prediction not tried is undecided).
    pub fn outcome_backing_off<P: Parallel + ?Sized>(
        &self,
        gold: &Table,
        prediction: &Table,
        parallel: &P,
    ) -> Option<MatchOutcome> {
        if !self.backoff.try_now() {
            return None;
        }
        let outcome = self.outcome(gold, prediction, parallel);
        if !crate::cancel::cancelled() {
            self.backoff.record(outcome.is_some());
        }
        outcome
    }

    /// The official outcome of `prediction` against `gold` (the table these hashes are of)
    /// when the hashes prove it: [`MatchOutcome::Passed`] with the official first passing
    /// mapping, [`MatchOutcome::TypeNormalizationFailed`] or [`MatchOutcome::RelationMismatch`];
    /// `None` when undecided (or cancelled).
    pub fn outcome<P: Parallel + ?Sized>(
        &self,
        gold: &Table,
        prediction: &Table,
        parallel: &P,
    ) -> Option<MatchOutcome> {
        let (d, n) = (self.rule_of.len(), self.raw_rows.len());
        if prediction.column_count() != d || prediction.row_count() != n {
            return None;
        }
        // A row the gold lacks stops the raw rows early.
        let prediction_rows = raw_rows(prediction, &self.hasher, Some(&self.raw_filter));
        self.outcome_given(gold, prediction, prediction_rows, parallel)
    }

    /// [`Self::outcome`], given the prediction's raw rows (`None`: not all hashed).
    fn outcome_given<P: Parallel + ?Sized>(
        &self,
        gold: &Table,
        prediction: &Table,
        prediction_rows: Option<Vec<(u64, u32)>>,
        parallel: &P,
    ) -> Option<MatchOutcome> {
        let (d, n) = (self.rule_of.len(), self.raw_rows.len());
        if let Some(rows) = prediction_rows {
            let as_is: Vec<usize> = (0..d).collect();
            if rows
                .iter()
                .map(|r| r.0)
                .eq(self.raw_rows.iter().map(|r| r.0))
                && self.paired_rows_equal(gold, prediction, &as_is, &self.raw_rows, &rows, parallel)
            {
                return Some(MatchOutcome::Passed(as_is));
            }
        }
        if crate::cancel::cancelled() {
            return None;
        }
        // Each prediction column under each distinct rule (column k's reads at k * rules + r),
        // while a gold column may hold it. A column that no read keeps leaves no gold column a
        // partner for it, so no mapping passes: the other reads then stop too.
        let rules = self.rules.len();
        let live: Vec<AtomicUsize> = (0..d).map(|_| AtomicUsize::new(rules)).collect();
        let no_pass = AtomicBool::new(false);
        let mut columns: Vec<ColumnHashing> = (0..d * rules)
            .map(|at| {
                let (k, r) = (at / rules, at % rules);
                let candidates = (self.rule_of.iter().enumerate())
                    .filter(|&(_, &rule)| rule == r)
                    .fold(0u64, |mask, (j, _)| mask | (1 << j));
                ColumnHashing::new(k, r, n, candidates)
            })
            .collect();
        let parts = columns.chunks_mut((d * rules).div_ceil(PARTS));
        parallel::for_each(parallel, prediction.work_bytes(), parts, |part| {
            let narrowing = Narrowing {
                filters: &self.filters,
                live: &live,
                no_pass: &no_pass,
            };
            hash_rows(
                prediction,
                part,
                &self.rules,
                &self.hasher,
                Some(&narrowing),
            );
        });
        if crate::cancel::cancelled() {
            return None;
        }
        let reads: Vec<Result<ColumnHashes, Stop>> = (columns.into_iter())
            .map(|c| match c.stop {
                Some(stop) => Err(stop),
                None => Ok((c.hashes, c.candidates, c.signature)),
            })
            .collect();
        let mut allowed = [0u64; 64];
        for (at, read) in reads.iter().enumerate() {
            let Ok((_, candidates, mine)) = read else {
                continue;
            };
            for (j, edges) in allowed[..d].iter_mut().enumerate() {
                if candidates & (1 << j) != 0 && self.signatures[j] == *mine {
                    *edges |= 1 << (at / rules);
                }
            }
        }
        if !has_perfect_matching(&allowed[..d], full_mask(d), 0) {
            return self.failure(prediction, &reads, parallel);
        }
        let mapping = crate::matching::only_mapping(&allowed[..d])?;
        let columns: Vec<&[u64]> = (0..d)
            .map(|j| {
                let read = reads[mapping[j] * rules + self.rule_of[j]].as_ref();
                Some(read.ok()?.0.as_slice())
            })
            .collect::<Option<_>>()?;
        let rows = sorted_row_hashes(&columns, n);
        drop(reads);
        let gold_rows = match &self.rows {
            GoldRows::Sorted(sorted) => std::borrow::Cow::Borrowed(sorted.as_slice()),
            GoldRows::Columns(columns) => std::borrow::Cow::Owned(sorted_row_hashes(columns, n)),
        };
        if !rows.iter().map(|r| r.0).eq(gold_rows.iter().map(|r| r.0)) {
            // Other row hashes: the rows differ under the only mapping that may pass, whose
            // columns all read (so one mapping is readable).
            return Some(MatchOutcome::RelationMismatch);
        }
        // Rows paired by equal hashes that differ may be a collision: undecided.
        self.paired_rows_equal(gold, prediction, &mapping, &gold_rows, &rows, parallel)
            .then_some(MatchOutcome::Passed(mapping))
    }

    /// Whether the rows paired by `gold_rows` and `prediction_rows` (equal hashes, sorted, with
    /// their rows) are equal cell by cell under `mapping`.
    fn paired_rows_equal<P: Parallel + ?Sized>(
        &self,
        gold: &Table,
        prediction: &Table,
        mapping: &[usize],
        gold_rows: &[(u64, u32)],
        prediction_rows: &[(u64, u32)],
        parallel: &P,
    ) -> bool {
        // The gold is read in its own order, so only the prediction's rows are random reads.
        let n = gold_rows.len();
        let mut partner = vec![0u32; n];
        for (&(_, g), &(_, p)) in gold_rows.iter().zip(prediction_rows) {
            partner[g as usize] = p;
        }
        let half = (n / 2).next_multiple_of(TOUCH_ROWS).min(n);
        let (first, second) = partner.split_at(half);
        let (a, b) = parallel::join(
            parallel,
            prediction.work_bytes(),
            || self.rows_equal(gold, prediction, mapping, first, 0),
            || self.rows_equal(gold, prediction, mapping, second, half),
        );
        a && b
    }

    /// Why no mapping passes, when the hashes rule every one out: as the interning path says
    /// it, from which prediction columns read under which rules. A read cut short (by a
    /// filter, or by another column's) is finished here for that, reading only. `None` when
    /// cancelled.
    fn failure<P: Parallel + ?Sized>(
        &self,
        prediction: &Table,
        reads: &[Result<ColumnHashes, Stop>],
        parallel: &P,
    ) -> Option<MatchOutcome> {
        let (d, rules) = (self.rule_of.len(), self.rules.len());
        let readable_matching = |readable: &dyn Fn(usize) -> bool| {
            let compat: Vec<u64> = (0..d)
                .map(|j| {
                    (0..d)
                        .filter(|&k| readable(k * rules + self.rule_of[j]))
                        .fold(0u64, |mask, k| mask | (1 << k))
                })
                .collect();
            has_perfect_matching(&compat, full_mask(d), 0)
        };
        // The reads that went through may already leave a readable mapping.
        if readable_matching(&|at| reads[at].is_ok()) {
            return Some(MatchOutcome::RelationMismatch);
        }
        let mut readable: Vec<bool> = reads.iter().map(Result::is_ok).collect();
        let parts = readable.iter_mut().zip(reads).enumerate();
        parallel::for_each(
            parallel,
            prediction.work_bytes(),
            parts,
            |(at, (out, read))| {
                if let Err(Stop::At(row)) = read {
                    let rule = &self.rules[at % rules];
                    *out = reads_from(prediction, at / rules, rule, *row);
                }
            },
        );
        if crate::cancel::cancelled() {
            return None;
        }
        Some(if readable_matching(&|at| readable[at]) {
            MatchOutcome::RelationMismatch
        } else {
            MatchOutcome::TypeNormalizationFailed
        })
    }

    /// Whether gold rows `from..` are equal, cell by cell under `mapping`, to the prediction
    /// rows `partners` pairs them with (in that order).
    fn rows_equal(
        &self,
        gold: &Table,
        prediction: &Table,
        mapping: &[usize],
        partners: &[u32],
        from: usize,
    ) -> bool {
        let (mut a, mut b) = (String::new(), String::new());
        let as_is = mapping.iter().enumerate().all(|(j, &k)| j == k);
        for (block, partners) in partners.chunks(TOUCH_ROWS).enumerate() {
            if block % (POLL_ROWS / TOUCH_ROWS) == 0 && crate::cancel::cancelled() {
                return false;
            }
            // The block's prediction cells are loaded together first: their cache misses then
            // overlap instead of each waiting for the one before.
            let touched = (partners.iter())
                .map(|&p| {
                    prediction
                        .cell(p as usize, mapping[0])
                        .bytes()
                        .next()
                        .unwrap_or(0)
                })
                .fold(0u8, |all, byte| all ^ byte);
            std::hint::black_box(touched);
            for (i, &p) in partners.iter().enumerate() {
                let g = from + block * TOUCH_ROWS + i;
                if as_is && gold.stored_alike(g, prediction, p as usize) {
                    continue;
                }
                for (j, &k) in mapping.iter().enumerate() {
                    let (x, y) = (gold.cell(g, j), prediction.cell(p as usize, k));
                    if x == y {
                        continue;
                    }
                    let rule = &self.rules[self.rule_of[j]];
                    a.clear();
                    b.clear();
                    let same = match (
                        canonical_kind_into(x, rule, &mut a),
                        canonical_kind_into(y, rule, &mut b),
                    ) {
                        (Ok(x_seen), Ok(y_seen)) => x_seen == y_seen && a == b,
                        _ => false,
                    };
                    if !same {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// A gold's row hashes: sorted with their rows ([`sorted_row_hashes`]), or (for a gold that
/// scores one prediction, which may pass as it stands) its columns' hashes, to sort if needed.
#[derive(Clone)]
enum GoldRows {
    Sorted(Vec<(u64, u32)>),
    Columns(Vec<Vec<u64>>),
}

/// Why a column's hashes stopped: a cell that does not read, or a stop at row `At` (every cell
/// above it read): no candidate left, no mapping can pass, or the task was cancelled.
#[derive(Debug, Clone, Copy)]
enum Stop {
    Unreadable,
    At(usize),
}

/// One table column hashed under one distinct rule, row by row with others ([`hash_rows`]).
struct ColumnHashing<'t> {
    /// The table's column, and the rule's index among the distinct rules.
    k: usize,
    r: usize,
    hashes: Vec<u64>,
    /// The hashes' signature, once all are in.
    signature: Signature,
    /// A prediction column's candidates: the gold columns of its rule (a bit each) whose
    /// filters held every hash looked up so far; and how many rows were seen, and are still to
    /// be skipped, of the sampled look-ups.
    candidates: u64,
    seen: usize,
    skip: usize,
    /// Why it stopped, if it did.
    stop: Option<Stop>,
    /// Raw cells with their hashes, from row [`CACHE_FROM_ROW`] on while the column repeats
    /// its values (as the interning path's cache: [`CACHE_PROBE_CELLS`]).
    cache: Option<FastMap<&'t str, u64>>,
}

impl<'t> ColumnHashing<'t> {
    fn new(k: usize, r: usize, rows: usize, candidates: u64) -> ColumnHashing<'t> {
        ColumnHashing {
            k,
            r,
            hashes: Vec::with_capacity(rows),
            signature: (0, 0),
            candidates,
            seen: 0,
            skip: 0,
            stop: None,
            cache: None,
        }
    }

    /// `raw`'s hash under `rule`, from the cache when the column repeats it; `None` when it
    /// does not read.
    fn hash(
        &mut self,
        raw: &'t str,
        row: usize,
        rule: &Rule,
        hasher: &foldhash::fast::RandomState,
        scratch: &mut String,
    ) -> Option<u64> {
        if let Some(&h) = self.cache.as_ref().and_then(|c| c.get(raw)) {
            return Some(h);
        }
        scratch.clear();
        let h = match canonical_kind_into(raw, rule, scratch) {
            Ok(true) => hasher.hash_one(scratch.as_str()),
            Ok(false) => NULL_HASH,
            Err(_) => return None,
        };
        if row == CACHE_FROM_ROW {
            self.cache = Some(FastMap::default());
        }
        if let Some(cache) = &mut self.cache {
            cache.insert(raw, h);
            let probed = row + 1 == CACHE_FROM_ROW + CACHE_PROBE_CELLS;
            if probed && cache.len() * 2 > CACHE_PROBE_CELLS {
                // Mostly distinct: no cache.
                self.cache = None;
            }
        }
        Some(h)
    }

    /// Whether some candidate's filter may hold `h` (and so all the hashes so far). The filters
    /// only narrow the candidates early (the signatures decide), and each look-up may be a
    /// cache miss: the first rows are all checked, then a sample whose look-ups come to about
    /// one in [`FILTER_SAMPLE`] rows, however many candidates remain.
    fn narrow(&mut self, h: u64, filters: &[Filter]) -> bool {
        self.seen += 1;
        if self.seen > FILTER_EVERY_ROW {
            if self.skip > 0 {
                self.skip -= 1;
                return true;
            }
            self.skip = FILTER_SAMPLE * self.candidates.count_ones() as usize;
        }
        let mut left = self.candidates;
        while left != 0 {
            let j = left.trailing_zeros() as usize;
            left &= left - 1;
            if !filters[j].may_hold(h) {
                self.candidates &= !(1 << j);
            }
        }
        self.candidates != 0
    }
}

/// What narrows a prediction's columns as they are hashed: the gold's filters, and how many
/// reads of each prediction column are still going (`live`); once a column has none, no
/// mapping passes (`no_pass`), and every read stops.
struct Narrowing<'a> {
    filters: &'a [Filter],
    live: &'a [AtomicUsize],
    no_pass: &'a AtomicBool,
}

/// Hash `columns` of `table`, each under its rule, row by row: the table is stored row-major,
/// so one pass over it serves them all (a pass per column crossed the whole table for each, a
/// cache miss per cell on wide tables). A column stops at a cell that does not read, when
/// `narrowing` leaves it no candidate or no mapping can pass, or when the task is cancelled;
/// the others' signatures are then computed.
fn hash_rows<'t>(
    table: &'t Table,
    columns: &mut [ColumnHashing<'t>],
    rules: &[Rule],
    hasher: &foldhash::fast::RandomState,
    narrowing: Option<&Narrowing<'_>>,
) {
    let mut going = columns.len();
    let mut scratch = String::new();
    let stop = |column: &mut ColumnHashing, why: Stop, going: &mut usize| {
        column.stop = Some(why);
        *going -= 1;
        if let Some(n) = narrowing {
            if n.live[column.k].fetch_sub(1, Ordering::Relaxed) == 1 {
                n.no_pass.store(true, Ordering::Relaxed);
            }
        }
    };
    for row in 0..table.row_count() {
        if going == 0 {
            break;
        }
        if row % POLL_ROWS == 0
            && (crate::cancel::cancelled()
                || narrowing.is_some_and(|n| n.no_pass.load(Ordering::Relaxed)))
        {
            for column in columns.iter_mut().filter(|c| c.stop.is_none()) {
                stop(column, Stop::At(row), &mut going);
            }
            break;
        }
        for column in columns.iter_mut().filter(|c| c.stop.is_none()) {
            let raw = table.cell(row, column.k);
            let Some(h) = column.hash(raw, row, &rules[column.r], hasher, &mut scratch) else {
                stop(column, Stop::Unreadable, &mut going);
                continue;
            };
            if narrowing.is_some_and(|n| !column.narrow(h, n.filters)) {
                stop(column, Stop::At(row), &mut going);
                continue;
            }
            column.hashes.push(h);
        }
    }
    for column in columns.iter_mut().filter(|c| c.stop.is_none()) {
        column.signature = signature(&column.hashes);
    }
}

/// Whether every cell of column `k` from row `from` on reads under `rule` (false when
/// cancelled meanwhile).
fn reads_from(table: &Table, k: usize, rule: &Rule, from: usize) -> bool {
    let mut scratch = String::new();
    for (row, raw) in table.column(k).enumerate().skip(from) {
        if row % POLL_ROWS == 0 && crate::cancel::cancelled() {
            return false;
        }
        scratch.clear();
        if canonical_kind_into(raw, rule, &mut scratch).is_err() {
            return false;
        }
    }
    true
}

/// The row hashes of the table whose columns' hashes are `columns` (in their mapped order),
/// with their rows, sorted.
fn sorted_row_hashes<C: AsRef<[u64]>>(columns: &[C], rows: usize) -> Vec<(u64, u32)> {
    let mut hashes = vec![0u64; rows];
    for (j, column) in columns.iter().enumerate() {
        let position = (j as u64 + 1) << 56;
        for (h, &value) in hashes.iter_mut().zip(column.as_ref()) {
            *h = mix64(h.rotate_left(17) ^ value ^ position);
        }
    }
    sorted_with_rows(&hashes)
}

/// `table`'s rows hashed by their raw text (their cells joined by commas), with their rows,
/// sorted; `None` when `filter` lacks a row's hash (a row the filter's table lacks) or the
/// task was cancelled.
fn raw_rows(
    table: &Table,
    hasher: &foldhash::fast::RandomState,
    filter: Option<&Filter>,
) -> Option<Vec<(u64, u32)>> {
    let mut hashes = Vec::with_capacity(table.row_count());
    for row in 0..table.row_count() {
        if row % POLL_ROWS == 0 && crate::cancel::cancelled() {
            return None;
        }
        let h = hasher.hash_one(table.joined_row(row));
        if filter.is_some_and(|f| !f.may_hold(h)) {
            return None;
        }
        hashes.push(h);
    }
    Some(sorted_with_rows(&hashes))
}

/// `hashes` with their indices, sorted.
fn sorted_with_rows(hashes: &[u64]) -> Vec<(u64, u32)> {
    let rows = hashes.len();
    // The hashes are uniform, so a bucket per top bits holds a few: a pass to count, a pass to
    // place, and each bucket sorted on its own (its rows in cache), in linear time.
    let bits = (usize::BITS - rows.leading_zeros())
        .saturating_sub(1)
        .min(MAX_BUCKET_BITS);
    let shift = u64::BITS - bits;
    let bucket = |h: u64| if bits == 0 { 0 } else { (h >> shift) as usize };
    let mut ends = vec![0u32; (1 << bits) + 1];
    for &h in hashes {
        ends[bucket(h) + 1] += 1;
    }
    for b in 1..ends.len() {
        ends[b] += ends[b - 1];
    }
    let mut sorted = vec![(0u64, 0u32); rows];
    let mut next = ends.clone();
    for (&h, row) in hashes.iter().zip(0u32..) {
        let at = &mut next[bucket(h)];
        sorted[*at as usize] = (h, row);
        *at += 1;
    }
    for pair in ends.windows(2) {
        if pair[1] - pair[0] > 1 {
            sorted[pair[0] as usize..pair[1] as usize].sort_unstable();
        }
    }
    sorted
}
