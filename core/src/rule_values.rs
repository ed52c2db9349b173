//! Canonical values interned per rule, and the one column reader that turns table cells into
//! value ids. The evaluator ([`crate::evaluate::PreparedGold`]) and the diagnosis
//! ([`crate::explain`]) both read through here, so a gold prepared once serves both.

use std::collections::HashMap;
use std::hash::BuildHasher;

use crate::canon::canonical_kind_into;
use crate::config::CellErrorKind;
use crate::config::Rule;
use crate::csv::Table;
use crate::matching::ValueId;

/// A hash map with a fast hasher seeded per process (keeps hash flooding impractical).
pub(crate) type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

/// Id of the null value under every rule.
pub(crate) const NULL: ValueId = 0;
/// Id of a cell that does not read under the rule (never equal to a gold id).
pub(crate) const BAD: ValueId = ValueId::MAX;
/// Id of a value the rule's interner does not hold (never equal to a gold id): such a column
/// can never equal a gold column of that rule, so which value it is does not matter.
pub(crate) const UNSEEN: ValueId = ValueId::MAX - 1;

/// Rows read before a column's own raw-value cache is started: small tables (the common
/// case when scoring many predictions) are cheaper to canonicalize than to cache.
pub(crate) const CACHE_FROM_ROW: usize = 32;
/// Text read between two checks of the cancel flag when [`crate::cancel::POLL_ROWS`] rows take
/// longer to come (a few long cells can take as long as many rows).
const CANCEL_POLL_BYTES: usize = 1 << 20;

/// Cells sampled before deciding whether a column repeats enough for its raw-value cache.
pub(crate) const CACHE_PROBE_CELLS: usize = 512;
/// Raw gold text (bytes per rule) remembered with its id: beyond it, cells are canonicalized.
/// Remembering costs a pass over the gold; a large gold mostly meets predictions of another
/// row count, which never read a cell.
const RAW_ARENA_LIMIT: usize = 1 << 20;

/// Text slices of one arena, found by hash: `ends[i]` is where entry `i` ends. Entries are
/// numbered from 0 in the order they were added.
#[derive(Clone, Default)]
pub(crate) struct Arena {
    table: hashbrown::HashTable<u32>,
    text: String,
    ends: Vec<usize>,
}

impl core::fmt::Debug for Arena {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Arena({} entries)", self.ends.len())
    }
}

impl Arena {
    pub fn get(&self, i: u32) -> &str {
        let i = i as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    pub fn find(&self, hash: u64, s: &str) -> Option<u32> {
        self.table.find(hash, |&i| self.get(i) == s).copied()
    }

    /// Bytes of text held.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Add `s` (not present) and return its index.
    pub fn push(&mut self, hash: u64, s: &str, hasher: &foldhash::fast::RandomState) -> u32 {
        self.text.push_str(s);
        self.ends.push(self.text.len());
        let i = (self.ends.len() - 1) as u32;
        let Arena { table, text, ends } = self;
        table.insert_unique(hash, i, |&i| {
            let i = i as usize;
            let start = if i == 0 { 0 } else { ends[i - 1] };
            hasher.hash_one(&text[start..ends[i]])
        });
        i
    }
}

/// The canonical values of one rule: equal ids ⇔ equal canonical values. Values live in one
/// text arena (no allocation per value). The gold's raw cell texts are remembered with their
/// ids: a prediction cell equal byte for byte to a gold cell read under the same rule has the
/// gold's canonical value, so most cells of near-correct predictions need no canonicalization.
#[derive(Clone, Debug)]
pub(crate) struct RuleValues {
    pub rule: Rule,
    values: Arena,
    /// Raw gold texts, and the id each reads as (`raw_ids[i]` for entry `i`).
    raw: Arena,
    raw_ids: Vec<ValueId>,
    hasher: foldhash::fast::RandomState,
}

impl RuleValues {
    /// An interner for `rule` expecting about `values` distinct values.
    #[inline]
    pub fn new(rule: Rule, values: usize) -> Self {
        let values = values.min(1 << 20);
        RuleValues {
            rule,
            values: Arena {
                table: hashbrown::HashTable::with_capacity(values),
                text: String::with_capacity(values * 8),
                ends: Vec::with_capacity(values),
            },
            raw: Arena::default(),
            raw_ids: Vec::new(),
            hasher: foldhash::fast::RandomState::default(),
        }
    }

    /// Number of distinct non-null values.
    pub fn len(&self) -> usize {
        self.values.ends.len()
    }

    /// The id of a canonical text, adding it when new (ids stay below [`UNSEEN`]: tables have
    /// at most 100,000 rows × 64 columns).
    pub fn intern(&mut self, text: &str) -> ValueId {
        let hash = self.hasher.hash_one(text);
        match self.values.find(hash, text) {
            Some(i) => i + 1,
            None => self.values.push(hash, text, &self.hasher) + 1,
        }
    }

    /// The id of a canonical text (`None` = null), if this rule's values hold it.
    pub fn lookup(&self, value: Option<&str>) -> Option<ValueId> {
        let Some(text) = value else {
            return Some(NULL);
        };
        self.values
            .find(self.hasher.hash_one(text), text)
            .map(|i| i + 1)
    }

    /// The canonical text of a value id (`None` for null, unseen and unreadable cells).
    pub fn text(&self, id: ValueId) -> Option<&str> {
        (id != NULL && (id as usize) <= self.len()).then(|| self.values.get(id - 1))
    }

    /// Remember that raw cell text `raw` reads as `id` under this rule.
    fn remember_raw(&mut self, raw: &str, id: ValueId) {
        if self.raw.text.len() + raw.len() > RAW_ARENA_LIMIT {
            return;
        }
        let hash = self.hasher.hash_one(raw);
        if self.raw.find(hash, raw).is_none() {
            self.raw.push(hash, raw, &self.hasher);
            self.raw_ids.push(id);
        }
    }

    /// The id of a raw cell text already read in the gold under this rule.
    #[inline]
    fn known_raw(&self, raw: &str) -> Option<ValueId> {
        if self.raw_ids.is_empty() {
            return None;
        }
        let i = self.raw.find(self.hasher.hash_one(raw), raw)?;
        Some(self.raw_ids[i as usize])
    }

    /// Read the gold's columns `columns` (all of this rule), adding their values. Gold reading
    /// stops at a column's first unreadable cell.
    #[inline]
    pub fn read_gold(&mut self, table: &Table, columns: &[usize]) -> Vec<ColumnRead> {
        let rule = self.rule;
        read_columns(
            table,
            columns,
            &rule,
            Unreadable::StopUnmatched,
            None,
            |s| self.intern(s),
        )
    }

    /// Remember the raw texts of gold column `column` (read as `ids`), for predictions read
    /// later.
    pub fn remember_column(&mut self, table: &Table, column: usize, ids: &[ValueId]) {
        for (row, &id) in ids.iter().enumerate() {
            self.remember_raw(table.cell(row, column), id);
        }
    }

    /// Read prediction columns: values the gold never has get [`UNSEEN`].
    pub fn read_prediction(
        &self,
        table: &Table,
        columns: &[usize],
        on_bad: Unreadable,
    ) -> Vec<ColumnRead> {
        let mut out = Vec::new();
        out.resize_with(columns.len(), ColumnRead::default);
        self.read_prediction_into(table, columns, on_bad, &mut out);
        out
    }

    /// [`Self::read_prediction`] into `out` (one per column), reusing its buffers (a worker
    /// scoring many predictions keeps them).
    pub fn read_prediction_into(
        &self,
        table: &Table,
        columns: &[usize],
        on_bad: Unreadable,
        out: &mut [ColumnRead],
    ) {
        let to_id = |s: &str| self.lookup(Some(s)).unwrap_or(UNSEEN);
        read_columns_into(table, columns, &self.rule, on_bad, Some(self), to_id, out);
    }

    /// Read on, after a read with [`Unreadable::StopUnmatched`], the columns that stopped at a
    /// value the gold does not hold: their ids are then [`UNSEEN`] or [`NULL`] up to their end
    /// or their first unreadable cell.
    pub fn finish_unmatched(&self, table: &Table, columns: &[usize], out: &mut [ColumnRead]) {
        // Only whether such a column's cells read matters now (it decides between a relation
        // mismatch and a type failure), so its cells are canonicalized but not looked up.
        let rows = table.row_count();
        let mut scratch = SCRATCH.take();
        for (read, &k) in out.iter_mut().zip(columns) {
            // A cancelled read has already filled its columns to the table's length.
            if !read.unmatched || read.ids.len() >= rows {
                continue;
            }
            read.unmatched = false;
            read.ids.push(UNSEEN);
            while read.ids.len() < rows {
                let row = read.ids.len();
                // Polled at every cell: a cell holds at most a few megabytes of text.
                if crate::cancel::cancelled() {
                    read.ids.resize(rows, NULL);
                    break;
                }
                scratch.clear();
                match canonical_kind_into(table.cell(row, k), &self.rule, &mut scratch) {
                    Ok(seen) => read.ids.push(if seen { UNSEEN } else { NULL }),
                    Err(kind) => {
                        read.bad_cells += 1;
                        read.first_error = Some(FirstError { row, kind });
                        break;
                    }
                }
            }
        }
        SCRATCH.set(scratch);
    }

    /// Read prediction columns giving their values ids of their own (added to this rule's
    /// values), so rows can be compared and deduplicated on them.
    pub fn read_interned(&mut self, table: &Table, columns: &[usize]) -> Vec<ColumnRead> {
        let rule = self.rule;
        read_columns(table, columns, &rule, Unreadable::Continue, None, |s| {
            self.intern(s)
        })
    }
}

/// What reading does at a cell that does not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// Stop reading the column at a cell that does not read or whose value the rule's values
    /// do not hold ([`ColumnRead::unmatched`]): either way the column equals no gold column of
    /// this rule, which is all a pass/fail verdict needs to know of it.
    StopUnmatched,
    /// Give it [`BAD`] and go on (the diagnosis counts such cells).
    Continue,
}

/// The first cell of a column that does not read under a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FirstError {
    /// 0-based data row.
    pub row: usize,
    pub kind: CellErrorKind,
}

/// One column read under one rule.
#[derive(Debug, Clone, Default)]
pub(crate) struct ColumnRead {
    /// Value ids, one per row (up to the first unreadable cell or unmatched value with
    /// [`Unreadable::StopUnmatched`]).
    pub ids: Vec<ValueId>,
    pub first_error: Option<FirstError>,
    /// Unreadable cells seen.
    pub bad_cells: usize,
    /// Reading stopped at a value the gold does not hold (with [`Unreadable::StopUnmatched`];
    /// [`RuleValues::finish_unmatched`] reads such a column on).
    pub unmatched: bool,
}

impl ColumnRead {
    /// The column's ids, when it may equal a gold column of its rule: every cell read (and,
    /// with [`Unreadable::StopUnmatched`], every value one the gold holds).
    pub fn usable(&self) -> Option<&[ValueId]> {
        (self.first_error.is_none() && !self.unmatched).then_some(self.ids.as_slice())
    }
}

/// A column's own raw-value cache, started once the table is long enough.
#[derive(Default)]
enum RawCache<'t> {
    #[default]
    NotYet,
    On(FastMap<&'t str, ValueId>),
    /// The column proved mostly distinct: no cache.
    Off,
}

/// Read some columns of a table under `rule`, row by row (the table is stored row-major, so
/// memory access stays sequential). `to_id` gives a canonical text its id; `known` holds raw
/// gold texts with their ids. Repeated raw values of long columns are canonicalized once per
/// column, unless the column turns out to be mostly distinct.
#[inline]
fn read_columns(
    table: &Table,
    columns: &[usize],
    rule: &Rule,
    on_bad: Unreadable,
    known: Option<&RuleValues>,
    to_id: impl FnMut(&str) -> ValueId,
) -> Vec<ColumnRead> {
    let mut out = Vec::new();
    out.resize_with(columns.len(), ColumnRead::default);
    read_columns_into(table, columns, rule, on_bad, known, to_id, &mut out);
    out
}

/// [`read_columns`] into `out` (one per column), whose buffers are reused.
#[inline]
fn read_columns_into<'t>(
    table: &'t Table,
    columns: &[usize],
    rule: &Rule,
    on_bad: Unreadable,
    known: Option<&RuleValues>,
    mut to_id: impl FnMut(&str) -> ValueId,
    out: &mut [ColumnRead],
) {
    debug_assert_eq!(out.len(), columns.len());
    let rows = table.row_count();
    for read in out.iter_mut() {
        read.ids.clear();
        read.ids.reserve(rows);
        read.first_error = None;
        read.bad_cells = 0;
        read.unmatched = false;
    }
    let mut caches: Vec<RawCache<'t>> = Vec::new();
    if rows > CACHE_FROM_ROW {
        caches.resize_with(columns.len(), RawCache::default);
    }
    let mut scratch = SCRATCH.take();
    let mut reading = columns.len();
    let mut unpolled_bytes = 0usize;
    for row in 0..rows {
        if reading == 0 {
            break;
        }
        let poll = row % crate::cancel::POLL_ROWS == 0 || unpolled_bytes >= CANCEL_POLL_BYTES;
        if poll {
            unpolled_bytes = 0;
        }
        if poll && crate::cancel::cancelled() {
            // The binding discards a cancelled task: stop reading, keeping every column as
            // long as the table so that nothing after this indexes past its end.
            for read in out.iter_mut().filter(|r| r.first_error.is_none()) {
                read.ids.resize(rows, NULL);
            }
            break;
        }
        for (i, (read, &k)) in out.iter_mut().zip(columns).enumerate() {
            if on_bad != Unreadable::Continue && (read.first_error.is_some() || read.unmatched) {
                continue;
            }
            let raw = table.cell(row, k);
            unpolled_bytes += raw.len();
            let cached = match caches.get(i) {
                Some(RawCache::On(cache)) => cache.get(raw).copied(),
                _ => None,
            };
            if let Some(id) = known.and_then(|v| v.known_raw(raw)).or(cached) {
                read.bad_cells += usize::from(id == BAD);
                read.ids.push(id);
                continue;
            }
            scratch.clear();
            let id = match canonical_kind_into(raw, rule, &mut scratch) {
                Ok(true) => to_id(&scratch),
                Ok(false) => NULL,
                Err(kind) => {
                    read.bad_cells += 1;
                    if read.first_error.is_none() {
                        read.first_error = Some(FirstError { row, kind });
                        if on_bad != Unreadable::Continue {
                            reading -= 1;
                            continue;
                        }
                    }
                    BAD
                }
            };
            // A column that met a value the rule's values do not hold equals no gold column
            // of this rule, and a prediction has as many columns as the gold, so no mapping
            // through it passes: its other values are not looked up (the lookups, random reads
            // over a large gold's values, are most of the time of reading a large prediction).
            if id == UNSEEN && on_bad != Unreadable::Continue {
                read.unmatched = true;
                reading -= 1;
                continue;
            }
            read.ids.push(id);
            if row >= CACHE_FROM_ROW {
                let cache = &mut caches[i];
                if let RawCache::NotYet = cache {
                    *cache = RawCache::On(FastMap::default());
                }
                if let RawCache::On(map) = cache {
                    map.insert(raw, id);
                    if row + 1 == CACHE_FROM_ROW + CACHE_PROBE_CELLS
                        && map.len() * 2 > CACHE_PROBE_CELLS
                    {
                        *cache = RawCache::Off;
                    }
                }
            }
        }
    }
    SCRATCH.set(scratch);
}

std::thread_local! {
    /// Canonical text of the cell being read: one buffer per thread, kept between reads.
    static SCRATCH: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
}
