//! Evaluating one task: gold preparation (fatal on error), prediction reading, canonical
//! columns per distinct rule, and the official result record.
//!
//! ```
//! use tabeq::config::TaskConfig;
//! use tabeq::evaluate::{evaluate_task, Prediction};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [
//!     {"gold_index": 0, "gold_name": "region", "type": "text"},
//!     {"gold_index": 1, "gold_name": "gdp", "type": "number", "comparison": {"mode": "decimal_places", "digits": 1}}]}"#, None).unwrap();
//! let gold = b"region,gdp\nNorth,1.25\nSouth,2\n";
//! let prediction = b"GDP,Region\n2.0,South\n1.3,North\n";
//! let result = evaluate_task(Prediction::Csv(prediction), gold, &config).unwrap();
//! assert!(result.passed);
//! assert_eq!(result.column_mapping, Some(vec![1, 0]));
//! ```

use std::collections::HashMap;
use std::hash::BuildHasher;

/// A hash map with a fast hasher seeded per process (keeps hash flooding impractical).
type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

use crate::canon::canonicalize_into;
use crate::config::{Rule, TaskConfig};
use crate::csv::{read_table, Table};
use crate::error::{CellError, CsvError, CsvErrorKind, FatalCode, FatalError, TaskErrorCode};
use crate::matching::{match_columns, MatchInput, MatchOutcome, ValueId};

/// Id of the null value under every rule.
const NULL_ID: ValueId = 0;
/// Id given to prediction values that occur nowhere in the gold under that rule: such a
/// column can never equal a gold column of that rule, so their identity does not matter.
const UNSEEN_ID: ValueId = ValueId::MAX;

/// The prediction for a task.
#[derive(Debug, Clone, Copy)]
pub enum Prediction<'a> {
    /// No prediction file.
    Missing,
    /// A prediction the caller already found unreadable (not a regular file, a symbolic
    /// link, over the size limit): scored as `invalid_prediction_csv`.
    Invalid(&'a CsvError),
    /// The file's bytes.
    Csv(&'a [u8]),
    /// An already-read table.
    Table(&'a Table),
}

/// The official per-task record, plus a machine-readable detail for CSV errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskResult {
    /// The task id.
    pub task_id: String,
    /// Whether the prediction equals the gold.
    pub passed: bool,
    /// Whether rows were compared in order.
    pub order_sensitive: bool,
    /// Gold columns.
    pub gold_column_count: usize,
    /// Prediction columns (0 when unreadable or missing).
    pub prediction_column_count: usize,
    /// Gold data rows.
    pub gold_row_count: usize,
    /// Prediction data rows (0 when unreadable or missing).
    pub prediction_row_count: usize,
    /// The first passing mapping: prediction index for each gold column.
    pub column_mapping: Option<Vec<usize>>,
    /// Why the task failed.
    pub error_code: Option<TaskErrorCode>,
    /// A message for people.
    pub error: Option<String>,
    /// For `invalid_prediction_csv`, the CSV problem.
    pub csv_error: Option<CsvErrorKind>,
}

impl TaskResult {
    /// 1 when passed, else 0.
    pub fn score(&self) -> u8 {
        self.passed as u8
    }

    /// The official dict as pretty JSON (`json.dumps(record, indent=2, ensure_ascii=False)`).
    ///
    /// ```
    /// use tabeq::{evaluate_task, Prediction, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let result = evaluate_task(Prediction::Missing, b"n\nx\n", &config)?;
    /// assert!(result.to_json().starts_with("{\n  \"task_id\": \"task_1\",\n  \"passed\": false,\n  \"score\": 0,"));
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn to_json(&self) -> String {
        crate::cpython_json::to_tree(self).to_pretty()
    }
}

impl TaskResult {
    /// The record for people: the verdict, the error in words and the counts.
    ///
    /// ```
    /// use tabeq::{evaluate_task, Prediction, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let doc = evaluate_task(Prediction::Missing, b"n\nx\n", &config)?.document();
    /// assert_eq!(doc.title, "task_1: failed (missing_prediction)");
    /// assert!(doc.to_text().contains("error:   missing_prediction — No prediction file."));
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn document(&self) -> crate::doc::Document {
        use crate::doc::{Block, Document};
        let title = match self.error_code {
            None => format!("{}: passed", self.task_id),
            Some(code) => format!("{}: failed ({})", self.task_id, code.code()),
        };
        let mut facts = vec![(
            "verdict".to_string(),
            if self.passed { "passed" } else { "failed" }.to_string(),
        )];
        if let Some(code) = self.error_code {
            facts.push((
                "error".into(),
                format!("{} — {}", code.code(), code.description()),
            ));
        }
        if let Some(message) = &self.error {
            facts.push(("message".into(), message.clone()));
        }
        let counts = |what: &str, gold: usize, prediction: usize| {
            (
                what.to_string(),
                format!("gold {gold}, prediction {prediction}"),
            )
        };
        facts.push(counts(
            "columns",
            self.gold_column_count,
            self.prediction_column_count,
        ));
        facts.push(counts(
            "rows",
            self.gold_row_count,
            self.prediction_row_count,
        ));
        Document::new(title).lead(Block::Facts { items: facts })
    }
}

/// One gold column and the prediction column mapped to it (an item of `column_mapping`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ColumnPair {
    /// The gold column.
    pub gold_index: usize,
    /// The prediction column.
    pub prediction_index: usize,
}

/// A mapping (prediction index per gold column) as the pairs the JSON records list.
pub(crate) fn column_pairs(mapping: &[usize]) -> Vec<ColumnPair> {
    mapping
        .iter()
        .enumerate()
        .map(|(gold_index, &prediction_index)| ColumnPair {
            gold_index,
            prediction_index,
        })
        .collect()
}

/// The official record's keys, in the official order; `csv_error` is tabeq's own and not part
/// of it.
impl serde::Serialize for TaskResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mapping = self.column_mapping.as_deref().map(column_pairs);
        let mut out = s.serialize_struct("TaskResult", 11)?;
        out.serialize_field("task_id", &self.task_id)?;
        out.serialize_field("passed", &self.passed)?;
        out.serialize_field("score", &self.score())?;
        out.serialize_field("order_sensitive", &self.order_sensitive)?;
        out.serialize_field("gold_column_count", &self.gold_column_count)?;
        out.serialize_field("prediction_column_count", &self.prediction_column_count)?;
        out.serialize_field("gold_row_count", &self.gold_row_count)?;
        out.serialize_field("prediction_row_count", &self.prediction_row_count)?;
        out.serialize_field("column_mapping", &mapping)?;
        out.serialize_field("error_code", &self.error_code)?;
        out.serialize_field("error", &self.error)?;
        out.end()
    }
}

/// Canonical values of one rule: an interner shared by the gold columns of that rule.
/// Values live in one text arena (no allocation per value); the table maps a value's hash
/// to its id, and ids index `ends` to find the value's text.
#[derive(Clone, Default)]
struct RuleValues {
    table: hashbrown::HashTable<ValueId>,
    arena: String,
    /// End offset in `arena` of value `id` (ids start at 1).
    ends: Vec<usize>,
    hasher: foldhash::fast::RandomState,
}

impl core::fmt::Debug for RuleValues {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RuleValues")
            .field("values", &self.ends.len())
            .finish()
    }
}

fn arena_value<'a>(arena: &'a str, ends: &[usize], id: ValueId) -> &'a str {
    let i = id as usize - 1;
    let start = if i == 0 { 0 } else { ends[i - 1] };
    &arena[start..ends[i]]
}

impl RuleValues {
    /// An interner expecting about `values` distinct values.
    fn with_capacity(values: usize) -> Self {
        RuleValues {
            table: hashbrown::HashTable::with_capacity(values),
            arena: String::with_capacity(values * 8),
            ends: Vec::with_capacity(values),
            hasher: foldhash::fast::RandomState::default(),
        }
    }

    /// The id of a canonical value (`None` for null), adding it when new.
    fn intern(&mut self, value: Option<&str>) -> ValueId {
        let Some(s) = value else { return NULL_ID };
        let hash = self.hasher.hash_one(s);
        let RuleValues {
            table,
            arena,
            ends,
            hasher,
        } = self;
        if let Some(&id) = table.find(hash, |&id| arena_value(arena, ends, id) == s) {
            return id;
        }
        arena.push_str(s);
        ends.push(arena.len());
        let id = ends.len() as ValueId;
        table.insert_unique(hash, id, |&id| {
            hasher.hash_one(arena_value(arena, ends, id))
        });
        id
    }

    /// The id of a canonical value, or [`UNSEEN_ID`] when the gold never has it.
    fn lookup(&self, value: Option<&str>) -> ValueId {
        let Some(s) = value else { return NULL_ID };
        let hash = self.hasher.hash_one(s);
        self.table
            .find(hash, |&id| arena_value(&self.arena, &self.ends, id) == s)
            .copied()
            .unwrap_or(UNSEEN_ID)
    }
}

/// Cells sampled before deciding whether a column repeats enough for the raw-value cache.
const CACHE_PROBE_CELLS: usize = 512;

/// Canonical ids of one column under one rule, built cell by cell. Repeated raw values are
/// canonicalized once (a per-column cache), unless the column turns out to be mostly
/// distinct, where the cache would only cost memory. Stops at the first cell that does not read.
struct ColumnIds<'t> {
    ids: Vec<ValueId>,
    cache: Option<FastMap<&'t str, ValueId>>,
    failure: Option<(usize, CellError)>,
}

/// Reusable buffer for canonical text.
struct Scratch(String);

impl<'t> ColumnIds<'t> {
    fn new(rows: usize) -> Self {
        ColumnIds {
            ids: Vec::with_capacity(rows),
            cache: Some(FastMap::default()),
            failure: None,
        }
    }

    fn push(
        &mut self,
        row: usize,
        raw: &'t str,
        rule: &Rule,
        scratch: &mut Scratch,
        to_id: &mut impl FnMut(Option<&str>) -> ValueId,
    ) {
        if self.failure.is_some() {
            return;
        }
        if let Some(&id) = self.cache.as_ref().and_then(|c| c.get(raw)) {
            self.ids.push(id);
            return;
        }
        scratch.0.clear();
        match canonicalize_into(raw, rule, &mut scratch.0) {
            Ok(is_value) => {
                let id = to_id(is_value.then_some(scratch.0.as_str()));
                self.ids.push(id);
                if let Some(c) = self.cache.as_mut() {
                    c.insert(raw, id);
                    if row + 1 == CACHE_PROBE_CELLS && c.len() * 2 > CACHE_PROBE_CELLS {
                        self.cache = None;
                    }
                }
            }
            Err(e) => self.failure = Some((row, e)),
        }
    }
}

/// Canonical ids of the given columns of `table` under `rule`, reading the table row by row
/// (it is stored row-major, so this keeps memory access sequential).
fn canonical_columns<'t>(
    table: &'t Table,
    columns: &[usize],
    rule: &Rule,
    mut to_id: impl FnMut(Option<&str>) -> ValueId,
) -> Vec<Result<Vec<ValueId>, (usize, CellError)>> {
    let mut readers: Vec<ColumnIds<'t>> = columns
        .iter()
        .map(|_| ColumnIds::new(table.row_count()))
        .collect();
    let mut scratch = Scratch(String::new());
    for row in 0..table.row_count() {
        for (reader, &column) in readers.iter_mut().zip(columns) {
            reader.push(row, table.cell(row, column), rule, &mut scratch, &mut to_id);
        }
    }
    readers
        .into_iter()
        .map(|r| match r.failure {
            Some(f) => Err(f),
            None => Ok(r.ids),
        })
        .collect()
}

/// A gold table read, validated and canonicalized once; reusable across predictions and threads.
#[derive(Debug, Clone)]
pub struct PreparedGold {
    config: TaskConfig,
    /// Distinct rules, and for each gold column its rule's index.
    rules: Vec<Rule>,
    column_rule: Vec<usize>,
    values: Vec<RuleValues>,
    gold_ids: Vec<Vec<ValueId>>,
    table: Table,
}

impl PreparedGold {
    /// Read and canonicalize a gold CSV. Any problem is fatal (stage `gold`).
    pub fn new(gold_csv: &[u8], config: &TaskConfig) -> Result<PreparedGold, FatalError> {
        let table = read_table(gold_csv).map_err(|e| {
            FatalError::new(
                FatalCode::GoldInvalidCsv,
                format!("cannot read gold CSV for {}: {e}", config.task_id),
            )
            .with_task(&config.task_id)
        })?;
        Self::from_table(table, config)
    }

    /// Canonicalize an already-read gold table.
    pub fn from_table(table: Table, config: &TaskConfig) -> Result<PreparedGold, FatalError> {
        let d = config.columns.len();
        if table.column_count() != d {
            return Err(FatalError::new(
                FatalCode::GoldColumnCountMismatch,
                format!(
                    "gold/config column-count mismatch for {}: {} vs {}",
                    config.task_id,
                    table.column_count(),
                    d
                ),
            )
            .with_task(&config.task_id));
        }
        let mut rules: Vec<Rule> = Vec::new();
        let mut column_rule = Vec::with_capacity(d);
        for spec in &config.columns {
            let rule = spec.rule();
            let idx = rules.iter().position(|r| *r == rule).unwrap_or_else(|| {
                rules.push(rule);
                rules.len() - 1
            });
            column_rule.push(idx);
        }
        let mut values: Vec<RuleValues> = (0..rules.len())
            .map(|r| {
                let cells = table.row_count() * column_rule.iter().filter(|&&x| x == r).count();
                RuleValues::with_capacity(cells.min(1 << 20))
            })
            .collect();
        let mut gold_ids: Vec<Vec<ValueId>> = vec![Vec::new(); d];
        // The first failing cell in reading order (row by row), as the official evaluator reports.
        let mut first_failure: Option<(usize, usize, CellError)> = None;
        for (r, rule) in rules.iter().enumerate() {
            let columns: Vec<usize> = (0..d).filter(|&j| column_rule[j] == r).collect();
            let interner = &mut values[r];
            let results = canonical_columns(&table, &columns, rule, |c| interner.intern(c));
            for (&j, result) in columns.iter().zip(results) {
                match result {
                    Ok(ids) => gold_ids[j] = ids,
                    Err((row, e)) => {
                        if first_failure
                            .as_ref()
                            .is_none_or(|(r0, j0, _)| (row, j) < (*r0, *j0))
                        {
                            first_failure = Some((row, j, e));
                        }
                    }
                }
            }
        }
        if let Some((row, j, e)) = first_failure {
            return Err(FatalError::new(
                FatalCode::GoldCellInvalid,
                format!(
                    "gold normalization failed for {} (row {}, column {}): {}",
                    config.task_id,
                    row + 1,
                    j,
                    e.message
                ),
            )
            .with_task(&config.task_id));
        }
        Ok(PreparedGold {
            config: config.clone(),
            rules,
            column_rule,
            values,
            gold_ids,
            table,
        })
    }

    /// The task config.
    pub fn config(&self) -> &TaskConfig {
        &self.config
    }

    /// The gold table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    fn failed(
        &self,
        code: TaskErrorCode,
        error: String,
        pred_cols: usize,
        pred_rows: usize,
    ) -> TaskResult {
        TaskResult {
            task_id: self.config.task_id.clone(),
            passed: false,
            order_sensitive: self.config.order_sensitive,
            gold_column_count: self.config.columns.len(),
            prediction_column_count: pred_cols,
            gold_row_count: self.table.row_count(),
            prediction_row_count: pred_rows,
            column_mapping: None,
            error_code: Some(code),
            error: Some(error),
            csv_error: None,
        }
    }

    /// Score a prediction against this gold.
    pub fn evaluate(&self, prediction: Prediction<'_>) -> TaskResult {
        let owned;
        let table = match prediction {
            Prediction::Missing => {
                return self.failed(
                    TaskErrorCode::MissingPrediction,
                    "Missing prediction CSV".into(),
                    0,
                    0,
                )
            }
            Prediction::Invalid(e) => {
                let mut r = self.failed(TaskErrorCode::InvalidPredictionCsv, e.to_string(), 0, 0);
                r.csv_error = Some(e.kind);
                return r;
            }
            Prediction::Csv(bytes) => match read_table(bytes) {
                Ok(t) => {
                    owned = t;
                    &owned
                }
                Err(e) => {
                    let mut r = self.failed(
                        TaskErrorCode::InvalidPredictionCsv,
                        format!("Cannot parse CSV: {e}"),
                        0,
                        0,
                    );
                    r.csv_error = Some(e.kind);
                    return r;
                }
            },
            Prediction::Table(t) => t,
        };
        self.evaluate_table(table)
    }

    /// Canonical ids of each prediction column under each distinct rule (`None` when a
    /// cell does not read). Each prediction column is canonicalized once per rule.
    fn prediction_ids(&self, table: &Table) -> Vec<Vec<Option<Vec<ValueId>>>> {
        let all: Vec<usize> = (0..table.column_count()).collect();
        self.rules
            .iter()
            .zip(&self.values)
            .map(|(rule, values)| {
                canonical_columns(table, &all, rule, |c| values.lookup(c))
                    .into_iter()
                    .map(Result::ok)
                    .collect()
            })
            .collect()
    }

    /// Score an already-read prediction table.
    pub fn evaluate_table(&self, table: &Table) -> TaskResult {
        let d = self.config.columns.len();
        let (cols, rows) = (table.column_count(), table.row_count());
        if cols != d {
            return self.failed(
                TaskErrorCode::ColumnCountMismatch,
                format!("Expected {d} columns; received {cols}"),
                cols,
                rows,
            );
        }
        if rows != self.table.row_count() {
            return self.failed(
                TaskErrorCode::RowCountMismatch,
                format!(
                    "Expected {} data rows; received {rows}",
                    self.table.row_count()
                ),
                cols,
                rows,
            );
        }
        let prediction = self.prediction_ids(table);
        let input = MatchInput {
            order_sensitive: self.config.order_sensitive,
            rows,
            gold: self.gold_ids.iter().map(Vec::as_slice).collect(),
            gold_group: self.column_rule.clone(),
            prediction: prediction
                .iter()
                .map(|per_rule| per_rule.iter().map(|c| c.as_deref()).collect())
                .collect(),
        };
        match match_columns(&input) {
            MatchOutcome::Passed(mapping) => TaskResult {
                column_mapping: Some(mapping),
                passed: true,
                error_code: None,
                error: None,
                ..self.failed(TaskErrorCode::RelationMismatch, String::new(), cols, rows)
            },
            MatchOutcome::TypeNormalizationFailed => self.failed(
                TaskErrorCode::TypeNormalizationFailed,
                "No one-to-one column mapping is compatible with the configured types".into(),
                cols,
                rows,
            ),
            MatchOutcome::RelationMismatch => self.failed(
                TaskErrorCode::RelationMismatch,
                format!(
                    "Prediction does not equal the gold {}",
                    if self.config.order_sensitive {
                        "ordered row sequence"
                    } else {
                        "unordered row multiset"
                    }
                ),
                cols,
                rows,
            ),
            MatchOutcome::SearchLimitExceeded => self.failed(
                TaskErrorCode::SearchLimitExceeded,
                "The column search used its whole work budget without deciding the task: no passing mapping was found, none was ruled out".into(),
                cols,
                rows,
            ),
        }
    }
}

/// Evaluate one task from bytes: the gold is prepared (fatal errors are returned as `Err`),
/// then the prediction is scored.
pub fn evaluate_task(
    prediction: Prediction<'_>,
    gold_csv: &[u8],
    config: &TaskConfig,
) -> Result<TaskResult, FatalError> {
    Ok(PreparedGold::new(gold_csv, config)?.evaluate(prediction))
}
