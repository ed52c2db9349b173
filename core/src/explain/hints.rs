//! Near-miss hints. Each hint is found by a cheap column- or row-level precheck and then
//! confirmed by a what-if: the official evaluator re-scores a modified prediction (or a
//! modified config/gold), and `would_pass` reports the outcome. The verdict itself is never
//! touched.

use std::collections::{HashMap, HashSet};

use crate::canon::{canonical_text, canonicalize_into, Canonical};
use crate::chars::{is_null_token, python_strip};
use crate::config::{ColumnType, Comparison, Rule};
use crate::csv::Table;
use crate::evaluate::PreparedGold;
use crate::isodate::{parse_official, DateTime};
use crate::matching::{match_columns, MatchInput, MatchOutcome};
use crate::number::parse_number_text;

use super::canonical_columns::FastMap;
use super::{clip, Analysis, RowsAnalysis};

/// The kind of a near miss. Codes are stable.
///
/// # Examples
///
/// ```
/// use tabeq::HintKind;
/// assert_eq!(HintKind::ALL.len(), 10);
/// assert_eq!(HintKind::ALL[0].code(), "extra_columns");
/// assert_eq!(HintKind::RowOrder.code(), "row_order");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HintName"))]
pub enum HintKind {
    /// Dropping the prediction columns the best mapping leaves over.
    ExtraColumns,
    /// Comparing numbers at a lower precision (fewer decimal places / significant digits).
    LowerPrecision,
    /// Multiplying or dividing by 100, or dropping a percent sign.
    PercentFraction,
    /// Taking only the calendar date of prediction datetimes in a date column.
    DateVsDatetime,
    /// Treating naive datetimes as UTC or the reverse.
    NaiveVsUtc,
    /// Ignoring letter case in text.
    TextCase,
    /// Ignoring surrounding punctuation, quotes and spaces in text.
    TextPunctuation,
    /// Removing the prediction's duplicate rows.
    DuplicatesRemoved,
    /// Keeping the duplicate rows the gold has (the prediction lists them once).
    DuplicatesAdded,
    /// Ignoring row order in an ordered task.
    RowOrder,
}

impl HintKind {
    /// Every kind, in report order.
    pub const ALL: &'static [HintKind] = &[
        HintKind::ExtraColumns,
        HintKind::LowerPrecision,
        HintKind::PercentFraction,
        HintKind::DateVsDatetime,
        HintKind::NaiveVsUtc,
        HintKind::TextCase,
        HintKind::TextPunctuation,
        HintKind::DuplicatesRemoved,
        HintKind::DuplicatesAdded,
        HintKind::RowOrder,
    ];

    /// Whether the hint compares a gold column with its mapped column value by value (these
    /// need equal row counts); the others concern whole columns or rows.
    fn compares_values(self) -> bool {
        !matches!(
            self,
            HintKind::ExtraColumns
                | HintKind::DuplicatesRemoved
                | HintKind::DuplicatesAdded
                | HintKind::RowOrder
        )
    }

    /// The stable snake_case name.
    pub fn code(self) -> &'static str {
        match self {
            HintKind::ExtraColumns => "extra_columns",
            HintKind::LowerPrecision => "lower_precision",
            HintKind::PercentFraction => "percent_fraction",
            HintKind::DateVsDatetime => "date_vs_datetime",
            HintKind::NaiveVsUtc => "naive_vs_utc",
            HintKind::TextCase => "text_case",
            HintKind::TextPunctuation => "text_punctuation",
            HintKind::DuplicatesRemoved => "duplicates_removed",
            HintKind::DuplicatesAdded => "duplicates_added",
            HintKind::RowOrder => "row_order",
        }
    }
}

/// A column a hint concerns.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HintColumn {
    /// The gold column (`None` for [`HintKind::ExtraColumns`], which concerns prediction columns only).
    pub gold_index: Option<usize>,
    /// The prediction column.
    pub prediction_index: usize,
    /// What would change, e.g. `decimal_places 2 -> 1` or `divide_by_100`.
    pub detail: String,
}

/// A named near miss.
///
/// # Examples
///
/// ```
/// use tabeq::{explain_task, ExplainOptions, HintKind, Prediction, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": true, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
/// let d = explain_task(Prediction::Csv(b"n\nb\na\n"), b"n\na\nb\n", &config, &ExplainOptions::default())?;
/// let hint = &d.hints[0];
/// assert_eq!((hint.kind, hint.would_pass), (HintKind::RowOrder, true));
/// assert!(hint.columns.is_empty());
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosisHint"))]
pub struct Hint {
    /// Its kind.
    #[serde(rename = "name")]
    pub kind: HintKind,
    /// Whether the official evaluator passes the task with this change alone.
    pub would_pass: bool,
    /// For people.
    pub message: String,
    /// The columns concerned (empty for row-level hints).
    pub columns: Vec<HintColumn>,
}

/// A modified task to re-score.
#[derive(Debug, Clone, Default)]
struct WhatIf {
    /// Gold column → new number comparison.
    comparisons: Vec<(usize, Comparison)>,
    unordered: bool,
    /// Gold rows to keep (ascending).
    gold_rows: Option<Vec<usize>>,
    /// Prediction column → raw replacements.
    value_maps: Vec<(usize, HashMap<String, String>)>,
    /// Prediction rows to keep (ascending).
    pred_rows: Option<Vec<usize>>,
    /// Prediction columns to keep (ascending).
    pred_columns: Option<Vec<usize>>,
}

impl WhatIf {
    fn merge(&mut self, other: &WhatIf) {
        for (j, cmp) in &other.comparisons {
            if !self.comparisons.iter().any(|(j2, _)| j2 == j) {
                self.comparisons.push((*j, *cmp));
            }
        }
        self.unordered |= other.unordered;
        if self.gold_rows.is_none() {
            self.gold_rows.clone_from(&other.gold_rows);
        }
        for (k, map) in &other.value_maps {
            if !self.value_maps.iter().any(|(k2, _)| k2 == k) {
                self.value_maps.push((*k, map.clone()));
            }
        }
        if self.pred_rows.is_none() {
            self.pred_rows.clone_from(&other.pred_rows);
        }
        if self.pred_columns.is_none() {
            self.pred_columns.clone_from(&other.pred_columns);
        }
    }

    /// Re-score with the official evaluator.
    fn passes(&self, a: &Analysis<'_>) -> bool {
        let owned_gold;
        let gold: &PreparedGold =
            if self.comparisons.is_empty() && !self.unordered && self.gold_rows.is_none() {
                a.gold
            } else {
                let mut config = a.gold.config().clone();
                for (j, cmp) in &self.comparisons {
                    if let Some(spec) = config.columns.get_mut(*j) {
                        spec.comparison = Some(*cmp);
                    }
                }
                if self.unordered {
                    config.order_sensitive = false;
                }
                let source = a.gold.table();
                let table = match &self.gold_rows {
                    Some(rows) => {
                        let all: Vec<usize> = (0..source.column_count()).collect();
                        match subset(source, rows, &all, &[]) {
                            Some(t) => t,
                            None => return false,
                        }
                    }
                    None => source.clone(),
                };
                match PreparedGold::from_table(table, &config) {
                    Ok(g) => {
                        owned_gold = g;
                        &owned_gold
                    }
                    Err(_) => return false,
                }
            };
        let all_rows: Vec<usize>;
        let rows = match &self.pred_rows {
            Some(r) => r.as_slice(),
            None => {
                all_rows = (0..a.n_pred).collect();
                &all_rows
            }
        };
        let all_columns: Vec<usize>;
        let columns = match &self.pred_columns {
            Some(c) => c.as_slice(),
            None => {
                all_columns = (0..a.c).collect();
                &all_columns
            }
        };
        match subset(a.table, rows, columns, &self.value_maps) {
            Some(t) => gold.evaluate_table(&t).passed,
            None => false,
        }
    }
}

/// A copy of some rows and columns of a table, with raw replacements per column.
fn subset(
    table: &Table,
    rows: &[usize],
    columns: &[usize],
    value_maps: &[(usize, HashMap<String, String>)],
) -> Option<Table> {
    let maps: Vec<Option<&HashMap<String, String>>> = columns
        .iter()
        .map(|k| value_maps.iter().find(|(k2, _)| k2 == k).map(|(_, m)| m))
        .collect();
    let mut out: Vec<Vec<&str>> = Vec::with_capacity(rows.len() + 1);
    out.push(
        columns
            .iter()
            .map(|&k| table.headers().get(k).map_or("", String::as_str))
            .collect(),
    );
    for &r in rows {
        out.push(
            columns
                .iter()
                .zip(&maps)
                .map(|(&k, map)| {
                    let raw = table.cell(r, k);
                    match map.and_then(|m| m.get(raw)) {
                        Some(new) => new.as_str(),
                        None => raw,
                    }
                })
                .collect(),
        );
    }
    Table::from_rows(&out).ok()
}

/// A raw-cell rewrite: the new raw text, or `None` to leave the cell alone.
type Transform = Box<dyn Fn(&str) -> Option<String>>;

/// Prechecks stop after this many cell canonicalizations, so hints stay cheap on huge tables.
const PRECHECK_BUDGET: usize = 20_000_000;

struct Finder<'a, 'b> {
    a: &'b Analysis<'a>,
    rows: &'b RowsAnalysis,
    work: usize,
}

/// Find hints for a failing, readable prediction; returns them and, with two or more,
/// whether all of them together make the task pass.
pub(crate) fn find(
    a: &Analysis<'_>,
    mapping: &[Option<usize>],
    rows: &RowsAnalysis,
) -> (Vec<Hint>, Option<bool>) {
    let mut finder = Finder { a, rows, work: 0 };
    let mut found: Vec<(Hint, WhatIf)> = Vec::new();
    if let Some(h) = finder.extra_columns(mapping) {
        found.push(h);
    }
    // Value-level hints compare whole columns, so they need equal row counts.
    if a.n_gold == a.n_pred {
        let failing: Vec<(usize, usize)> = rows
            .pairs
            .iter()
            .copied()
            .filter(|&(j, k)| !a.same_values(j, k))
            .collect();
        for &kind in HintKind::ALL.iter().filter(|k| k.compares_values()) {
            // A cancelled diagnosis is discarded by its binding: stop searching.
            if crate::cancel::cancelled() {
                return (Vec::new(), None);
            }
            if let Some(h) = finder.value_hint(kind, &failing) {
                found.push(h);
            }
        }
    }
    if let Some(h) = finder.duplicates_removed() {
        found.push(h);
    }
    if let Some(h) = finder.duplicates_added() {
        found.push(h);
    }
    if let Some(h) = finder.row_order() {
        found.push(h);
    }
    let combined = (found.len() >= 2).then(|| {
        let mut all = WhatIf::default();
        for (_, w) in &found {
            all.merge(w);
        }
        all.passes(a)
    });
    (found.into_iter().map(|(h, _)| h).collect(), combined)
}

impl Finder<'_, '_> {
    fn gold_name(&self, j: usize) -> String {
        let name = self
            .a
            .gold
            .config()
            .columns
            .get(j)
            .map_or("", |c| c.gold_name.as_str());
        format!("'{}'", clip(name, 40))
    }

    fn pred_name(&self, k: usize) -> String {
        let header = self.a.table.headers().get(k).map_or("", String::as_str);
        format!("{k} '{}'", self.a.options.show_prediction(header, 40))
    }

    fn extra_columns(&mut self, mapping: &[Option<usize>]) -> Option<(Hint, WhatIf)> {
        let a = self.a;
        if a.c <= a.d || mapping.iter().any(Option::is_none) {
            return None;
        }
        let mut keep: Vec<usize> = mapping.iter().flatten().copied().collect();
        keep.sort_unstable();
        let extra: Vec<usize> = (0..a.c).filter(|k| !keep.contains(k)).collect();
        let what = WhatIf {
            pred_columns: Some(keep),
            ..WhatIf::default()
        };
        let would_pass = what.passes(a);
        let names: Vec<String> = extra.iter().map(|&k| self.pred_name(k)).collect();
        let message = format!(
            "{} {} {} no gold column under the best mapping; without {} the task {}",
            if extra.len() == 1 {
                "prediction column"
            } else {
                "prediction columns"
            },
            names.join(", "),
            if extra.len() == 1 { "matches" } else { "match" },
            if extra.len() == 1 { "it" } else { "them" },
            if would_pass {
                "would pass"
            } else {
                "would still fail"
            }
        );
        let columns = extra
            .iter()
            .map(|&k| HintColumn {
                gold_index: None,
                prediction_index: k,
                detail: "drop".into(),
            })
            .collect();
        Some((
            Hint {
                kind: HintKind::ExtraColumns,
                message,
                columns,
                would_pass,
            },
            what,
        ))
    }

    /// A value-level hint: fix each failing column pair the kind can fix, then re-score.
    fn value_hint(&mut self, kind: HintKind, failing: &[(usize, usize)]) -> Option<(Hint, WhatIf)> {
        let mut what = WhatIf::default();
        let mut columns = Vec::new();
        for &(j, k) in failing {
            if self.work > PRECHECK_BUDGET || crate::cancel::cancelled() {
                break;
            }
            let fix = match kind {
                HintKind::LowerPrecision => self.lower_precision(j, k).map(|(cmp, detail)| {
                    what.comparisons.push((j, cmp));
                    detail
                }),
                _ => self.value_fix(kind, j, k).map(|(map, detail)| {
                    what.value_maps.push((k, map));
                    detail
                }),
            };
            if let Some(detail) = fix {
                columns.push(HintColumn {
                    gold_index: Some(j),
                    prediction_index: k,
                    detail,
                });
            }
        }
        if columns.is_empty() {
            return None;
        }
        let would_pass = what.passes(self.a);
        let message = self.value_message(kind, &columns, would_pass);
        Some((
            Hint {
                kind,
                message,
                columns,
                would_pass,
            },
            what,
        ))
    }

    fn value_message(&self, kind: HintKind, columns: &[HintColumn], would_pass: bool) -> String {
        let parts: Vec<String> = columns
            .iter()
            .map(|c| {
                let j = c.gold_index.unwrap_or(0);
                format!(
                    "gold column {} vs prediction column {} ({})",
                    self.gold_name(j),
                    self.pred_name(c.prediction_index),
                    c.detail
                )
            })
            .collect();
        let what = match kind {
            HintKind::LowerPrecision => {
                "the values agree at a lower precision (rounding or precision formatting)"
            }
            HintKind::PercentFraction => "the values agree after a percent/fraction conversion",
            HintKind::DateVsDatetime => {
                "the prediction's calendar dates agree where the gold holds dates"
            }
            HintKind::NaiveVsUtc => "the values agree once naive and UTC datetimes are reconciled",
            HintKind::TextCase => "the text agrees ignoring letter case",
            HintKind::TextPunctuation => {
                "the text agrees ignoring surrounding punctuation, quotes, spaces and invisible characters"
            }
            _ => "the values agree after a conversion",
        };
        format!(
            "{what}: {}; with this change alone the task {}",
            parts.join("; "),
            if would_pass {
                "would pass"
            } else {
                "would still fail"
            }
        )
    }

    /// Rewrite prediction column `k` with `transform` and check that it then reads under gold
    /// column `j`'s rule into exactly the gold column's values. Returns the replacements
    /// (raw → new raw) when it does and something changed. Stops at the first cell whose
    /// value the gold column does not have.
    fn try_transform(
        &mut self,
        j: usize,
        k: usize,
        transform: &dyn Fn(&str) -> Option<String>,
    ) -> Option<HashMap<String, String>> {
        let a = self.a;
        self.work += a.n_pred;
        let space = a.canon.space_of(j);
        let rule = space.rule;
        let gold_values: HashSet<u32> = a.canon.gold[j].iter().copied().collect();
        let mut map: HashMap<String, String> = HashMap::new();
        let mut cache: FastMap<&str, u32> = FastMap::default();
        let mut scratch = String::new();
        let mut ids = Vec::with_capacity(a.n_pred);
        for raw in a.table.column(k) {
            let id = match cache.get(raw) {
                Some(&id) => id,
                None => {
                    let new = transform(raw).filter(|n| n != raw);
                    scratch.clear();
                    let read =
                        canonicalize_into(new.as_deref().unwrap_or(raw), &rule, &mut scratch);
                    let id = match read {
                        Ok(is_value) => space.lookup(is_value.then_some(scratch.as_str())),
                        Err(_) => None,
                    }
                    .filter(|id| gold_values.contains(id))?;
                    if let Some(n) = new {
                        map.insert(raw.to_string(), n);
                    }
                    cache.insert(raw, id);
                    id
                }
            };
            ids.push(id);
        }
        let equal = if a.ordered {
            ids == a.canon.gold[j]
        } else {
            ids.sort_unstable();
            ids == a.canon.gold_sorted[j]
        };
        (equal && !map.is_empty()).then_some(map)
    }

    fn value_fix(
        &mut self,
        kind: HintKind,
        j: usize,
        k: usize,
    ) -> Option<(HashMap<String, String>, String)> {
        let a = self.a;
        let spec = a.gold.config().columns.get(j)?;
        let variants: Vec<(&'static str, Transform)> = match (kind, spec.column_type) {
            (HintKind::PercentFraction, ColumnType::Number) => vec![
                ("divide_by_100", Box::new(|raw: &str| scaled(raw, -2))),
                ("multiply_by_100", Box::new(|raw: &str| scaled(raw, 2))),
                ("drop_percent_sign", Box::new(drop_percent)),
            ],
            (HintKind::DateVsDatetime, ColumnType::Date) => vec![(
                "take_date_part",
                Box::new(|raw: &str| local_wall_time(raw).map(|dt| dt.date_string())),
            )],
            (HintKind::NaiveVsUtc, ColumnType::Datetime) => {
                let space = a.canon.space_of(j);
                let gold_aware = a.canon.gold[j]
                    .iter()
                    .any(|&id| space.text(id).is_some_and(|t| t.ends_with('Z')));
                if gold_aware {
                    vec![("treat_naive_as_utc", Box::new(naive_as_utc))]
                } else {
                    vec![
                        ("drop_utc_marker", Box::new(aware_as_naive_utc)),
                        (
                            "keep_local_time",
                            Box::new(|raw: &str| {
                                local_wall_time(raw).map(|dt| dt.datetime_string())
                            }),
                        ),
                    ]
                }
            }
            (HintKind::TextCase, ColumnType::Text) => {
                let lookup = self.gold_text_lookup(j, |s| s.to_lowercase());
                vec![(
                    "ignore_case",
                    Box::new(move |raw: &str| text_via(&lookup, raw, |s| s.to_lowercase())),
                )]
            }
            (HintKind::TextPunctuation, ColumnType::Text) => {
                let lookup = self.gold_text_lookup(j, trim_punctuation);
                vec![(
                    "strip_surrounding_punctuation",
                    Box::new(move |raw: &str| text_via(&lookup, raw, trim_punctuation)),
                )]
            }
            _ => Vec::new(),
        };
        for (detail, transform) in variants {
            if let Some(map) = self.try_transform(j, k, transform.as_ref()) {
                return Some((map, detail.to_string()));
            }
        }
        None
    }

    /// Map from a normalized key to the gold column's canonical text, for keys that identify
    /// one gold value.
    fn gold_text_lookup(
        &self,
        j: usize,
        key: impl Fn(&str) -> String,
    ) -> HashMap<String, Option<String>> {
        let mut lookup: HashMap<String, Option<String>> = HashMap::new();
        let space = self.a.canon.space_of(j);
        let mut texts: Vec<&str> = self.a.canon.gold_sorted[j]
            .iter()
            .filter_map(|&id| space.text(id))
            .collect();
        texts.sort_unstable(); // deterministic
        texts.dedup();
        for text in texts {
            let k = key(text);
            if k.is_empty() {
                continue;
            }
            lookup
                .entry(k)
                .and_modify(|v| *v = None) // ambiguous: two gold values share the key
                .or_insert_with(|| Some(text.to_string()));
        }
        lookup
    }

    fn lower_precision(&mut self, j: usize, k: usize) -> Option<(Comparison, String)> {
        let a = self.a;
        let Rule::Number {
            comparison,
            unit,
            allow_percent_sign,
        } = a.canon.space_of(j).rule
        else {
            return None;
        };
        let (digits, floor, make): (u32, u32, fn(u32) -> Comparison) = match comparison {
            Comparison::DecimalPlaces(p) => (p, 0, Comparison::DecimalPlaces),
            Comparison::SignificantDigits(p) => (p, 1, Comparison::SignificantDigits),
            Comparison::Integer => return None,
        };
        // A few steps down is a near miss; beyond that the values simply differ.
        let lowest = digits.saturating_sub(6).max(floor);
        for lower in (lowest..digits).rev() {
            let cmp = make(lower);
            let rule = Rule::Number {
                comparison: cmp,
                unit,
                allow_percent_sign,
            };
            if self.matches_under(j, k, &rule) {
                let name = match comparison {
                    Comparison::DecimalPlaces(_) => "decimal_places",
                    _ => "significant_digits",
                };
                return Some((cmp, format!("{name} {digits} -> {lower}")));
            }
        }
        None
    }

    /// Whether gold column `j` and prediction column `k`, both read under `rule`, hold the
    /// same values. Stops at the first prediction value the gold column does not have.
    fn matches_under(&mut self, j: usize, k: usize, rule: &Rule) -> bool {
        let a = self.a;
        self.work += a.n_gold + a.n_pred;
        let mut ids: FastMap<String, u32> = FastMap::default();
        let mut scratch = String::new();
        let mut gold = Vec::with_capacity(a.n_gold);
        for raw in a.gold.table().column(j) {
            scratch.clear();
            let id = match canonicalize_into(raw, rule, &mut scratch) {
                Ok(false) => 0,
                Ok(true) => match ids.get(scratch.as_str()) {
                    Some(&id) => id,
                    None => {
                        let id = ids.len() as u32 + 1;
                        ids.insert(scratch.clone(), id);
                        id
                    }
                },
                Err(_) => return false,
            };
            gold.push(id);
        }
        let mut pred = Vec::with_capacity(a.n_pred);
        for raw in a.table.column(k) {
            scratch.clear();
            let id = match canonicalize_into(raw, rule, &mut scratch) {
                Ok(false) => 0,
                Ok(true) => match ids.get(scratch.as_str()) {
                    Some(&id) => id,
                    None => return false,
                },
                Err(_) => return false,
            };
            pred.push(id);
        }
        if !a.ordered {
            gold.sort_unstable();
            pred.sort_unstable();
        }
        gold == pred
    }

    fn duplicates_removed(&mut self) -> Option<(Hint, WhatIf)> {
        let (a, rows) = (self.a, self.rows);
        if a.n_pred <= a.n_gold {
            return None;
        }
        let keep = rows.pred_keys.first_occurrences(&rows.pred_order);
        if keep.len() != a.n_gold || keep.len() == a.n_pred {
            return None;
        }
        let equal = if a.ordered {
            keep.iter()
                .enumerate()
                .all(|(g, &p)| rows.gold_keys.key(g) == rows.pred_keys.key(p))
        } else {
            let mut pk: Vec<&[u32]> = keep.iter().map(|&p| rows.pred_keys.key(p)).collect();
            pk.sort_unstable();
            rows.gold_order
                .iter()
                .map(|&g| rows.gold_keys.key(g))
                .eq(pk)
        };
        if !equal {
            return None;
        }
        let repeats = a.n_pred - keep.len();
        let what = WhatIf {
            pred_rows: Some(keep),
            ..WhatIf::default()
        };
        let because = format!(
            "the prediction repeats {}; without the repeats its rows equal the gold's and",
            plural(repeats, "row", "rows")
        );
        table_hint(a, HintKind::DuplicatesRemoved, because, what)
    }

    fn duplicates_added(&mut self) -> Option<(Hint, WhatIf)> {
        let (a, rows) = (self.a, self.rows);
        if a.n_pred >= a.n_gold || !super::same_distinct_rows(rows) {
            return None;
        }
        // Deduplicate the gold on all its columns.
        let all: Vec<&[u32]> = a.canon.gold.iter().map(Vec::as_slice).collect();
        let full = super::RowKeys::new(&all, a.n_gold);
        let gold_keep = full.first_occurrences(&full.sorted_order());
        let pred_keep = rows.pred_keys.first_occurrences(&rows.pred_order);
        let repeats = a.n_gold - gold_keep.len();
        let what = WhatIf {
            gold_rows: Some(gold_keep),
            pred_rows: Some(pred_keep),
            ..WhatIf::default()
        };
        let because = format!(
            "the gold repeats {} that the prediction lists once (as after DISTINCT or drop_duplicates); \
             ignoring duplicates on both sides",
            plural(repeats, "row", "rows")
        );
        table_hint(a, HintKind::DuplicatesAdded, because, what)
    }

    fn row_order(&mut self) -> Option<(Hint, WhatIf)> {
        let a = self.a;
        if !a.ordered || a.c != a.d || a.n_gold != a.n_pred {
            return None;
        }
        let input = MatchInput {
            order_sensitive: false,
            rows: a.n_gold,
            gold: a.canon.gold.iter().map(Vec::as_slice).collect(),
            gold_group: a.canon.gold_space.to_vec(),
            prediction: a
                .canon
                .pred
                .iter()
                .map(|cols| {
                    cols.iter()
                        .map(|col| col.compatible().then_some(col.ids.as_slice()))
                        .collect()
                })
                .collect(),
        };
        if !matches!(match_columns(&input), MatchOutcome::Passed(_)) {
            return None;
        }
        let what = WhatIf {
            unordered: true,
            ..WhatIf::default()
        };
        let place = self
            .rows
            .report
            .order
            .as_ref()
            .map_or(0, |o| o.rows_in_place);
        let because = format!(
            "the rows are right but in the wrong order ({place} of {} in place); ignoring order",
            a.n_gold
        );
        table_hint(a, HintKind::RowOrder, because, what)
    }
}

/// A hint about the whole table: `because`, then whether changing the table as `what` says
/// makes the task pass.
fn table_hint(
    a: &Analysis<'_>,
    kind: HintKind,
    because: String,
    what: WhatIf,
) -> Option<(Hint, WhatIf)> {
    let would_pass = what.passes(a);
    let verdict = if would_pass {
        "would pass"
    } else {
        "would still fail"
    };
    let hint = Hint {
        kind,
        message: format!("{because} the task {verdict}"),
        columns: Vec::new(),
        would_pass,
    };
    Some((hint, what))
}

pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// `one` when `n` is 1, else `many` (the word alone, without the count).
pub(crate) fn noun<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// A number cell times 10^shift (any `%` dropped), written so the reader accepts it.
fn scaled(raw: &str, shift: i32) -> Option<String> {
    let s = python_strip(raw);
    if is_null_token(s) {
        return None;
    }
    let body = s.strip_suffix('%').map_or(s, python_strip);
    let plain = parse_number_text(body).ok()?.canonical_string();
    if plain.contains('E') {
        return None;
    }
    Some(format!("{plain}e{shift}"))
}

fn drop_percent(raw: &str) -> Option<String> {
    let body = python_strip(python_strip(raw).strip_suffix('%')?);
    parse_number_text(body).ok()?;
    Some(body.to_string())
}

/// A date/datetime cell's local wall time: the offset dropped without converting to UTC.
fn local_wall_time(raw: &str) -> Option<DateTime> {
    let s = python_strip(raw);
    if is_null_token(s) {
        return None;
    }
    let candidate = s.replace('Z', "+00:00");
    let parsed = parse_official(&candidate).ok();
    if let Some(dt) = parsed {
        if dt.offset_us.is_none() {
            return Some(dt);
        }
    }
    // Cut the offset: the last '+' or '-' after the date part.
    let cut = candidate
        .char_indices()
        .rev()
        .find(|&(i, ch)| i >= 10 && (ch == '+' || ch == '-'))
        .map(|(i, _)| i)?;
    let naive = parse_official(candidate.get(..cut)?).ok()?;
    naive.offset_us.is_none().then_some(naive)
}

fn aware_as_naive_utc(raw: &str) -> Option<String> {
    let dt = parse_official(python_strip(raw)).ok()?;
    dt.offset_us?;
    let s = dt.datetime_string();
    Some(s.trim_end_matches('Z').to_string())
}

fn naive_as_utc(raw: &str) -> Option<String> {
    let dt = parse_official(python_strip(raw)).ok()?;
    if dt.offset_us.is_some() {
        return None;
    }
    Some(format!("{}Z", dt.datetime_string()))
}

/// Strip leading and trailing characters that are not letters or digits.
fn trim_punctuation(s: &str) -> String {
    s.trim_matches(|c: char| !c.is_alphanumeric()).to_string()
}

/// Replace a text cell by the gold value with the same key, when it is not already one.
fn text_via(
    lookup: &HashMap<String, Option<String>>,
    raw: &str,
    key: impl Fn(&str) -> String,
) -> Option<String> {
    let Canonical::Value(text) = canonical_text(raw) else {
        return None;
    };
    lookup.get(&key(&text))?.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforms() {
        assert_eq!(scaled(" 12.5% ", -2).as_deref(), Some("12.5e-2"));
        assert_eq!(scaled("0.125", 2).as_deref(), Some("0.125e2"));
        assert_eq!(scaled("NaN", 2), None);
        assert_eq!(scaled("abc", 2), None);
        assert_eq!(drop_percent("5 %").as_deref(), Some("5"));
        assert_eq!(drop_percent("5"), None);
        assert_eq!(drop_percent("null%"), None);
        assert_eq!(drop_percent("15%%"), None);
        assert_eq!(
            local_wall_time("2024-01-02T00:00:00+02:00").map(|d| d.datetime_string()),
            Some("2024-01-02T00:00:00".into())
        );
        assert_eq!(
            local_wall_time("2024-01-02T23:30:00-05:00").map(|d| d.date_string()),
            Some("2024-01-02".into())
        );
        assert_eq!(
            local_wall_time("2024-01-02T10:00Z").map(|d| d.datetime_string()),
            Some("2024-01-02T10:00:00".into())
        );
        assert_eq!(
            aware_as_naive_utc("2024-01-02T10:00:00+01:00").as_deref(),
            Some("2024-01-02T09:00:00")
        );
        assert_eq!(aware_as_naive_utc("2024-01-02T10:00:00"), None);
        assert_eq!(
            naive_as_utc("2024-01-02 10:00").as_deref(),
            Some("2024-01-02T10:00:00Z")
        );
        assert_eq!(trim_punctuation("\"North.\" "), "North");
        assert_eq!(trim_punctuation("(a b)"), "a b");
    }

    #[test]
    fn codes_are_unique() {
        let codes: HashSet<&str> = HintKind::ALL.iter().map(|k| k.code()).collect();
        assert_eq!(codes.len(), HintKind::ALL.len());
    }
}
