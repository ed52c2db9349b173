//! Group keys shared by both tracks: a key is one value per grouping key, each with a rank
//! so that groups sort the same way whatever the record order (models and datasets by text,
//! operators in registry order, families by their first operator, difficulty easy < hard).

use std::collections::BTreeMap;

use super::error::TrustError;
use super::operators::OperatorRegistry;
use super::options::{Bootstrap, GroupKey};
use super::stats::{percentile_interval, stream_seed, Rng};

/// One key value: its sort rank, then its text.
pub type KeyPart = (usize, String);
/// The values of a group's keys, in `by` order.
pub type Key = Vec<KeyPart>;

/// A key value for a model or dataset (sorted by text).
pub fn text_part(text: &str) -> KeyPart {
    (0, text.to_string())
}

/// Shown for a record that lacks a custom grouping field (sorted after every value).
pub const MISSING_VALUE: &str = "(missing)";

/// A key value of a custom field (sorted by text; a missing field last).
pub fn field_part(value: Option<&str>) -> KeyPart {
    match value {
        Some(v) => text_part(v),
        None => (usize::MAX, MISSING_VALUE.to_string()),
    }
}

/// The custom grouping keys of `by`, in order.
pub fn custom_keys(by: &[GroupKey]) -> Vec<String> {
    by.iter()
        .filter_map(|k| match k {
            GroupKey::Field(name) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// A key value derived from an operator: its code, family (kind), difficulty or level.
pub fn operator_part(registry: &OperatorRegistry, operator: usize, key: &GroupKey) -> KeyPart {
    let op = registry.get(operator);
    match key {
        GroupKey::Family | GroupKey::Kind => {
            let first = registry
                .operators()
                .iter()
                .position(|o| o.track == op.track && o.family == op.family)
                .unwrap_or(operator);
            (first, op.family.clone())
        }
        GroupKey::Difficulty => match op.difficulty {
            Some(d) => (d as usize, d.as_str().to_string()),
            None => (usize::MAX, String::new()),
        },
        GroupKey::Level => match op.level {
            Some(l) => (l.index(), l.as_str().to_string()),
            None => (usize::MAX, String::new()),
        },
        _ => (operator, op.code.clone()),
    }
}

/// A key as text (`model=m, dataset=d` becomes `m / d`), `pooled` for the empty key.
pub(crate) fn key_text(key: &Key, pooled: &str) -> String {
    if key.is_empty() {
        pooled.into()
    } else {
        key.iter()
            .map(|(_, t)| t.as_str())
            .collect::<Vec<_>>()
            .join(" / ")
    }
}

/// The bootstrap stream of a group: derived from the seed, the section and the key, so one
/// group's interval does not depend on the others.
pub fn group_rng(bootstrap: &Bootstrap, section: &str, names: &[GroupKey], key: &Key) -> Rng {
    let mut parts: Vec<&str> = vec![section];
    for (name, (_, text)) in names.iter().zip(key) {
        parts.push(name.name());
        parts.push(text);
    }
    Rng::new(stream_seed(bootstrap.seed, &parts))
}

/// Percentile intervals of the columns of replicate rows.
pub fn column_intervals<const M: usize>(
    replicates: &[[f64; M]],
    confidence: f64,
) -> [Option<(f64, f64)>; M] {
    core::array::from_fn(|m| {
        let column: Vec<f64> = replicates.iter().map(|r| r[m]).collect();
        percentile_interval(&column, confidence)
    })
}

/// Mean of the finite values, or `None` when there are none.
pub fn mean_finite(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0usize);
    for v in values.into_iter().filter(|v| v.is_finite()) {
        sum += v;
        n += 1;
    }
    (n > 0).then(|| sum / n as f64)
}

/// The mean of the finite values and how many there were (`None` when there are none).
pub(crate) fn mean_counted(values: impl IntoIterator<Item = f64>) -> (Option<f64>, usize) {
    let values: Vec<f64> = values.into_iter().filter(|v| v.is_finite()).collect();
    (mean_finite(values.iter().copied()), values.len())
}

/// The values of an "Avg." row that average fewer datasets than the report has: a dataset
/// without the value (DABench has no L0 operator, so "Avg." ASR of ROS is AIDABench-QA's alone)
/// or without the row (a model judged on one dataset only). Tables mark them with a dagger and
/// a footnote; JSON lists them under `"partial"`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PartialAverage {
    /// The datasets of the report.
    pub of: usize,
    /// Each partial value by its CSV column name (`mrs`, `asr`, `asr_ROS`, `asr_L0`, ...) and
    /// how many datasets it averages (at least 1: a value defined nowhere is null, not partial).
    pub averaged: Vec<(String, usize)>,
}

impl PartialAverage {
    /// None partial yet, of a report with `of` datasets.
    pub(crate) fn new(of: usize) -> PartialAverage {
        PartialAverage {
            of,
            averaged: Vec::new(),
        }
    }

    /// Record `name` when it averages `count` of `of` datasets (0 < count < of).
    pub(crate) fn note(&mut self, name: impl Into<String>, count: usize) {
        if count > 0 && count < self.of {
            self.averaged.push((name.into(), count));
        }
    }

    /// Whether the value `name` is partial.
    pub fn has(&self, name: &str) -> bool {
        self.averaged.iter().any(|(n, _)| n == name)
    }

    /// `Some` when any value is partial.
    pub(crate) fn found(self) -> Option<PartialAverage> {
        (!self.averaged.is_empty()).then_some(self)
    }
}

/// The number of datasets among a report's groups (0 when `dataset` is not a grouping key).
pub(crate) fn dataset_count<S, C>(by: &[GroupKey], rows: &[GroupRow<S, C>]) -> usize {
    let Some((at, _)) = without_dataset(by) else {
        return 0;
    };
    let mut names: Vec<&str> = rows.iter().map(|r| r.key[at].1.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    names.len()
}

/// The index of `Dataset` in `by`, and the key names without it.
pub fn without_dataset(by: &[GroupKey]) -> Option<(usize, Vec<GroupKey>)> {
    let index = by.iter().position(|k| *k == GroupKey::Dataset)?;
    let mut rest = by.to_vec();
    rest.remove(index);
    Some((index, rest))
}

/// Percentile intervals of four rates, one per column of the replicates.
pub type Columns = [Option<(f64, f64)>; 4];

/// One group of a report (both tracks): its key, its numbers, its bootstrap intervals, and
/// the replicates that "Avg." averages.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupRow<S, C> {
    /// Key values in the order of the section's key names.
    pub key: Key,
    /// Its numbers (reliability: label counts; robustness: question and attack counts).
    pub stats: S,
    /// Bootstrap intervals, when requested.
    pub ci: Option<C>,
    pub(crate) replicates: Vec<[f64; 4]>,
}

impl<S, C> GroupRow<S, C> {
    /// A row without key or intervals (the pooled row of no records).
    pub(crate) fn empty(stats: S) -> Self {
        GroupRow {
            key: Vec::new(),
            stats,
            ci: None,
            replicates: Vec::new(),
        }
    }
}

/// One row per group, in key order: `replicates` draws a group's bootstrap replicates (from
/// the group's own stream), `stats` gives its numbers and `intervals` its interval type;
/// replicates are kept only when `keep_replicates` ("Avg." averages them).
#[allow(clippy::too_many_arguments)]
pub(crate) fn group_rows<G, S, C>(
    groups: BTreeMap<Key, G>,
    names: &[GroupKey],
    section: &str,
    bootstrap: Option<&Bootstrap>,
    keep_replicates: bool,
    replicates: impl Fn(&G, &Bootstrap, &mut Rng) -> Vec<[f64; 4]>,
    stats: impl Fn(G) -> S,
    intervals: impl Fn(Columns) -> C,
) -> Result<Vec<GroupRow<S, C>>, TrustError> {
    if let (Some(b), true) = (bootstrap, keep_replicates) {
        b.check_stored(groups.len())?;
    }
    Ok(groups
        .into_iter()
        .map(|(key, group)| {
            let drawn = bootstrap.map_or_else(Vec::new, |b| {
                replicates(&group, b, &mut group_rng(b, section, names, &key))
            });
            GroupRow {
                ci: bootstrap.map(|b| intervals(column_intervals(&drawn, b.confidence))),
                key,
                stats: stats(group),
                replicates: if keep_replicates { drawn } else { Vec::new() },
            }
        })
        .collect())
}

/// For "Avg.": the rows of each value of the keys other than `dataset`, in key order (none
/// when `dataset` is not a grouping key).
pub(crate) fn by_other_keys<'a, S, C>(
    by: &[GroupKey],
    rows: &'a [GroupRow<S, C>],
) -> BTreeMap<Key, Vec<&'a GroupRow<S, C>>> {
    let mut partitions: BTreeMap<Key, Vec<&GroupRow<S, C>>> = BTreeMap::new();
    let Some((dataset_index, _)) = without_dataset(by) else {
        return partitions;
    };
    for row in rows {
        let mut k = row.key.clone();
        k.remove(dataset_index);
        partitions.entry(k).or_default().push(row);
    }
    partitions
}

/// The intervals of an average: each replicate averaged over the rows' replicates (those
/// where a rate is undefined left out), then percentile intervals.
pub(crate) fn averaged_intervals<S, C>(
    rows: &[&GroupRow<S, C>],
    bootstrap: Option<&Bootstrap>,
) -> Option<Columns> {
    let b = bootstrap?;
    let averaged: Vec<[f64; 4]> = (0..b.resamples)
        .map(|i| {
            core::array::from_fn(|m| {
                mean_finite(
                    rows.iter()
                        .filter_map(|r| r.replicates.get(i).map(|x| x[m])),
                )
                .unwrap_or(f64::NAN)
            })
        })
        .collect();
    Some(column_intervals(&averaged, b.confidence))
}
