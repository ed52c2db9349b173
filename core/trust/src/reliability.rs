//! Reliability metrics: FRR, PRR, NRR and MRS per group, the unweighted average across
//! datasets, micro aggregates over operator families, cross-dataset rank agreement and
//! bootstrap intervals (resampling instances).
//!
//! ```
//! use tabeq_trust::reliability::RelCounts;
//! // GPT-5.5 on AIDABench-QA in the TrustDABench paper.
//! let c = RelCounts { full: 73, partial: 115, none: 374 };
//! assert_eq!(format!("{:.2}", 100.0 * c.mrs()), "23.22");
//! assert_eq!(format!("{:.2} {:.2} {:.2}", 100.0 * c.frr(), 100.0 * c.prr(), 100.0 * c.nrr()), "12.99 20.46 66.55");
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::hash::BuildHasher;

use super::compare::{self, Comparison, Scores};
use super::completeness::{self, Finding};
use super::error::{poll_cancel, TrustError, TrustErrorCode};
use super::group::{
    averaged_intervals, by_other_keys, dataset_count, field_part, group_rows, mean_finite,
    operator_part, text_part, without_dataset, Columns, GroupRow, Key, PartialAverage,
};
use super::operators::OperatorRegistry;
use super::options::{Bootstrap, CompareOptions, Expected, GroupKey, ReportOptions};
use super::records::{
    field_of, jsonl_lines, key_value, key_value_of, parse_object, record_item, records_input,
    reliability_fields, Label, LineFields, RecordsInput, ReliabilityFields, ReliabilityRecord,
};
use super::stats::{spearman, spearman_exact, Spearman, SpearmanExact};
use std::borrow::Cow;
use tabeq::cpython_json::{JsonInput, Value};

/// Label counts of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RelCounts {
    /// Instances labelled full refusal (1).
    pub full: u64,
    /// Instances labelled partial refusal (0.5).
    pub partial: u64,
    /// Instances labelled no refusal (0).
    pub none: u64,
}

impl RelCounts {
    /// M, the number of instances.
    pub fn n(&self) -> u64 {
        self.full + self.partial + self.none
    }
    fn share(&self, k: u64) -> f64 {
        if self.n() == 0 {
            0.0
        } else {
            k as f64 / self.n() as f64
        }
    }
    /// Full refusal rate.
    pub fn frr(&self) -> f64 {
        self.share(self.full)
    }
    /// Partial refusal rate.
    pub fn prr(&self) -> f64 {
        self.share(self.partial)
    }
    /// No refusal rate.
    pub fn nrr(&self) -> f64 {
        self.share(self.none)
    }
    /// Mean refusal score (1/M)·Σ r_i = FRR + PRR/2, computed from the counts in one division.
    pub fn mrs(&self) -> f64 {
        if self.n() == 0 {
            0.0
        } else {
            (2 * self.full + self.partial) as f64 / (2 * self.n()) as f64
        }
    }
    fn add(&mut self, label: Label) {
        match label {
            Label::Full => self.full += 1,
            Label::Partial => self.partial += 1,
            Label::None => self.none += 1,
        }
    }
    fn rates(&self) -> [f64; 4] {
        [self.frr(), self.prr(), self.nrr(), self.mrs()]
    }
}

/// Bootstrap intervals of FRR, PRR, NRR and MRS.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReliabilityIntervals"))]
pub struct RelIntervals {
    /// FRR.
    pub frr: Option<(f64, f64)>,
    /// PRR.
    pub prr: Option<(f64, f64)>,
    /// NRR.
    pub nrr: Option<(f64, f64)>,
    /// MRS.
    pub mrs: Option<(f64, f64)>,
}

impl RelIntervals {
    fn from_columns([frr, prr, nrr, mrs]: Columns) -> Self {
        RelIntervals { frr, prr, nrr, mrs }
    }
}

/// One row: a group's key, label counts (`stats`) and rates.
pub type RelRow = GroupRow<RelCounts, RelIntervals>;

/// The unweighted mean across datasets of per-dataset rates ("Avg." in the paper).
#[derive(Debug, Clone, PartialEq)]
pub struct RelAverage {
    /// Key values (the report's keys without `dataset`).
    pub key: Key,
    /// Number of datasets averaged.
    pub datasets: usize,
    /// Mean FRR, PRR, NRR and MRS.
    pub rates: [f64; 4],
    /// Intervals from the per-dataset replicates, averaged replicate by replicate.
    pub ci: Option<RelIntervals>,
    /// When the row averages fewer datasets than the report has: the rates, each averaging
    /// `datasets`.
    pub partial: Option<PartialAverage>,
}

/// Spearman agreement between two datasets' per-model MRS.
#[derive(Debug, Clone, PartialEq)]
pub struct RankAgreement {
    /// The two datasets.
    pub datasets: [String; 2],
    /// The models present in both, in sorted order.
    pub models: Vec<String>,
    /// ρ and its p-value over those models.
    pub spearman: Spearman,
    /// The exact (n ≤ 9) or permutation p-value and an interval for ρ.
    pub exact: SpearmanExact,
    /// Models with MRS on one dataset only (left out of ρ).
    pub unpaired: Vec<String>,
}

/// The reliability report.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(as = "crate::json::ReliabilityReportJson")
)]
pub struct ReliabilityReport {
    /// The main table's layout (row order, columns, decimals) for its documents.
    pub layout: super::options::TableLayout,
    /// How "Avg." combines datasets.
    pub average: super::options::Average,
    /// Grouping keys.
    pub by: Vec<GroupKey>,
    /// Number of records.
    pub records: usize,
    /// The bootstrap used, if any.
    pub bootstrap: Option<Bootstrap>,
    /// All records pooled.
    pub overall: RelRow,
    /// One row per group, sorted by key.
    pub groups: Vec<RelRow>,
    /// With `dataset` in `by`: the unweighted mean over datasets for each value of the other keys.
    pub dataset_average: Vec<RelAverage>,
    /// With `operator` in `by`: micro aggregates per operator family (keys: `by` with operator
    /// replaced by family).
    pub families: Vec<RelRow>,
    /// With `operator` in `by`: micro aggregates over all operators (keys: `by` without operator).
    pub pooled: Vec<RelRow>,
    /// With `by` exactly model and dataset: Spearman ρ of per-model MRS for each pair of datasets.
    pub rank_agreement: Vec<RankAgreement>,
    /// Completeness findings.
    pub findings: Vec<Finding>,
    /// Paired comparisons of MRS between every pair of models, when asked for.
    pub comparisons: Vec<Comparison>,
}

/// The most datasets for which rank agreement (one Spearman per pair of datasets) is computed:
/// its pairs, their model lists and their rendering grow as the square of the datasets, so a
/// report with more lists a `rank_agreement_skipped` finding instead.
pub const MAX_RANK_AGREEMENT_DATASETS: usize = 100;

fn replicates(
    counts: &RelCounts,
    bootstrap: &Bootstrap,
    rng: &mut super::stats::Rng,
) -> Vec<[f64; 4]> {
    let n = counts.n();
    if n == 0 {
        return Vec::new();
    }
    // Only the label multiset matters, so a draw maps an index to a label by the counts;
    // this makes the resample independent of record order.
    (0..bootstrap.resamples)
        .map(|_| {
            let mut c = RelCounts::default();
            for _ in 0..n {
                let u = rng.below(n);
                c.add(if u < counts.full {
                    Label::Full
                } else if u < counts.full + counts.partial {
                    Label::Partial
                } else {
                    Label::None
                });
            }
            c.rates()
        })
        .collect()
}

fn dataset_average(
    by: &[GroupKey],
    groups: &[RelRow],
    bootstrap: Option<&Bootstrap>,
    average: super::options::Average,
) -> Vec<RelAverage> {
    let of = dataset_count(by, groups);
    by_other_keys(by, groups)
        .into_iter()
        .map(|(key, rows)| {
            let (rates, ci) = match average {
                super::options::Average::Datasets => (
                    core::array::from_fn(|m| {
                        mean_finite(rows.iter().map(|r| r.stats.rates()[m])).unwrap_or(0.0)
                    }),
                    averaged_intervals(&rows, bootstrap).map(RelIntervals::from_columns),
                ),
                super::options::Average::Pooled => {
                    let mut pooled = RelCounts::default();
                    for r in &rows {
                        pooled.full += r.stats.full;
                        pooled.partial += r.stats.partial;
                        pooled.none += r.stats.none;
                    }
                    (pooled.rates(), None)
                }
            };
            let mut partial = PartialAverage::new(of);
            for name in ["frr", "prr", "nrr", "mrs"] {
                partial.note(name, rows.len());
            }
            RelAverage {
                key,
                datasets: rows.len(),
                rates,
                ci,
                partial: partial.found(),
            }
        })
        .collect()
}

fn rank_agreement(by: &[GroupKey], groups: &[RelRow]) -> Result<Vec<RankAgreement>, TrustError> {
    let (model_at, dataset_at) = match by {
        [GroupKey::Model, GroupKey::Dataset] => (0, 1),
        [GroupKey::Dataset, GroupKey::Model] => (1, 0),
        _ => return Ok(Vec::new()),
    };
    let mut by_dataset: BTreeMap<&str, BTreeMap<&str, f64>> = BTreeMap::new();
    for row in groups {
        by_dataset
            .entry(row.key[dataset_at].1.as_str())
            .or_default()
            .insert(row.key[model_at].1.as_str(), row.stats.mrs());
    }
    if by_dataset.len() > MAX_RANK_AGREEMENT_DATASETS {
        // Left out with a `rank_agreement_skipped` finding (see `findings`).
        return Ok(Vec::new());
    }
    let datasets: Vec<_> = by_dataset.iter().collect();
    let mut out = Vec::new();
    for (i, (a, scores_a)) in datasets.iter().enumerate() {
        poll_cancel(0)?;
        for (b, scores_b) in datasets.iter().skip(i + 1) {
            let models: Vec<&str> = scores_a
                .keys()
                .filter(|m| scores_b.contains_key(*m))
                .copied()
                .collect();
            let unpaired: Vec<String> = scores_a
                .keys()
                .chain(scores_b.keys())
                .filter(|m| !(scores_a.contains_key(*m) && scores_b.contains_key(*m)))
                .map(|m| m.to_string())
                .collect();
            let x: Vec<f64> = models.iter().map(|m| scores_a[m]).collect();
            let y: Vec<f64> = models.iter().map(|m| scores_b[m]).collect();
            out.push(RankAgreement {
                datasets: [a.to_string(), b.to_string()],
                models: models.iter().map(|m| m.to_string()).collect(),
                spearman: spearman(&x, &y)?,
                exact: spearman_exact(&x, &y),
                unpaired,
            });
        }
    }
    Ok(out)
}

/// Whether `rank_agreement` left the report's pairs of datasets out (too many datasets).
fn rank_agreement_skipped(by: &[GroupKey], groups: &[RelRow]) -> bool {
    matches!(
        by,
        [GroupKey::Model, GroupKey::Dataset] | [GroupKey::Dataset, GroupKey::Model]
    ) && dataset_count(by, groups) > MAX_RANK_AGREEMENT_DATASETS
}

/// The completeness findings of folded reliability records and their report.
fn findings(
    fold: &Fold<'_>,
    report: &ReliabilityReport,
    options: &ReportOptions,
) -> Result<Vec<Finding>, TrustError> {
    let units = completeness::Units::of_counts(
        fold.atoms
            .iter()
            .map(|(atom, counts)| (fold.model(atom), fold.dataset(atom), counts.n() as usize)),
    );
    let mut out = units.findings("judged instances");
    let mut per_operator = completeness::OperatorCounts::new();
    let mut models_of: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (i, (atom, counts)) in fold.atoms.iter().enumerate() {
        poll_cancel(i)?;
        if !report.rank_agreement.is_empty() {
            models_of
                .entry(fold.dataset(atom))
                .or_default()
                .insert(fold.model(atom));
        }
        *per_operator
            .entry(fold.dataset(atom))
            .or_default()
            .entry(fold.code(atom[2]))
            .or_default()
            .entry(fold.model(atom))
            .or_default() += counts.n() as usize;
    }
    // An instance (model, dataset, id) under more than one operator: the identities sorted so
    // that each instance's operators are adjacent.
    let mut identities: Vec<Identity> = fold.seen.keys().map(|k| fold.identity(k)).collect();
    identities.sort_unstable_by_key(|[m, d, op, id]| [*m, *d, *id, *op]);
    let mut operators_of: BTreeMap<(&str, &str, &str), BTreeSet<&str>> = BTreeMap::new();
    for (i, run) in identities
        .chunk_by(|a, b| (a[0], a[1], a[3]) == (b[0], b[1], b[3]))
        .enumerate()
    {
        poll_cancel(i)?;
        if run.len() > 1 {
            let [m, d, _, id] = run[0];
            operators_of.insert(
                (
                    fold.models.get(m),
                    fold.datasets.get(d),
                    fold.instances.get(id),
                ),
                run.iter().map(|r| fold.code(r[2])).collect(),
            );
        }
    }
    drop(identities);
    out.extend(completeness::unequal_operator_counts(
        &per_operator,
        &units.models_on(),
        "judged instances",
    ));
    out.extend(completeness::duplicate_across_operators(&operators_of));
    out.extend(completeness::missing_fields(&fold.missing));
    out.extend(completeness::incomplete_report_averages(
        &report.by,
        &report.groups,
        report.dataset_average.iter().map(|a| &a.key),
    ));
    if rank_agreement_skipped(&report.by, &report.groups) {
        out.push(Finding {
            code: TrustErrorCode::RankAgreementSkipped,
            message: format!(
                "rank agreement (Spearman of MRS between each pair of datasets) is computed for at most {MAX_RANK_AGREEMENT_DATASETS} datasets; this report has {}",
                dataset_count(&report.by, &report.groups)
            ),
        });
    }
    let empty = BTreeSet::new();
    for (i, a) in report.rank_agreement.iter().enumerate() {
        poll_cancel(i)?;
        let only = |d: &str| -> Vec<&str> {
            let on_d = models_of.get(d).unwrap_or(&empty);
            a.unpaired
                .iter()
                .map(String::as_str)
                .filter(|m| on_d.contains(m))
                .collect()
        };
        out.extend(completeness::unpaired_keys(
            &format!("Spearman of MRS, {} vs {}", a.datasets[0], a.datasets[1]),
            &only(&a.datasets[0]),
            &only(&a.datasets[1]),
        ));
    }
    if let Some(expected) = &options.expected {
        let registry = fold.registry;
        let id = |dataset: &str, operator: &str, instance: &str| {
            format!("{dataset}/{operator}/{instance}")
        };
        let expected_id = |e: &Expected| {
            let op = e
                .operator
                .as_deref()
                .and_then(|o| registry.resolve(o))
                .map_or_else(
                    || e.operator.clone().unwrap_or_default(),
                    |i| registry.get(i).code.clone(),
                );
            id(&e.dataset, &op, &e.id)
        };
        let present = fold.seen.keys().map(|k| {
            let [m, d, op, instance] = fold.identity(k);
            (
                fold.models.get(m).to_string(),
                id(
                    fold.datasets.get(d),
                    fold.code(op),
                    fold.instances.get(instance),
                ),
            )
        });
        out.extend(completeness::against_expected_list(
            expected,
            &units.models,
            expected_id,
            present,
        ));
    }
    Ok(out)
}

fn comparisons(fold: &Fold<'_>, by: &[GroupKey], options: &CompareOptions) -> Vec<Comparison> {
    // One family per value of the grouping keys other than model.
    let others: Vec<GroupKey> = by
        .iter()
        .filter(|k| **k != GroupKey::Model)
        .cloned()
        .collect();
    let mut families: BTreeMap<compare::Family, Scores> = BTreeMap::new();
    for (k, seen) in &fold.seen {
        let [m, d, op, instance] = fold.identity(k);
        let atom = &fold.atoms[seen.atom as usize].0;
        let family = fold
            .key_of(atom, &others)
            .into_iter()
            .zip(&others)
            .map(|(part, k)| (part, k.name().to_string()))
            .collect();
        let scores = families.entry(family).or_default();
        let half_points = match seen.label {
            Label::Full => 2,
            Label::Partial => 1,
            Label::None => 0,
        };
        scores
            .entry(fold.models.get(m).to_string())
            .or_default()
            .insert(
                vec![
                    fold.datasets.get(d).to_string(),
                    fold.code(op).to_string(),
                    fold.instances.get(instance).to_string(),
                ],
                half_points,
            );
    }
    // Judged instances are independent units: each its own cluster.
    compare::within_families(&families, 0.5, usize::MAX, options)
}

/// Compute the reliability report. Records must come from `registry`; duplicate
/// (model, dataset, operator, instance_id) is a `duplicate_id` error, no records `no_records`.
pub fn reliability_report(
    records: &[ReliabilityRecord],
    registry: &OperatorRegistry,
    by: &[GroupKey],
    bootstrap: Option<&Bootstrap>,
) -> Result<ReliabilityReport, TrustError> {
    reliability_report_with(records, &ReportOptions::basic(registry, by, bootstrap))
}

/// Compute the reliability report with every option: grouping, bootstrap, completeness
/// (`strict` makes the first finding an error), comparisons and expected instances.
pub fn reliability_report_with(
    records: &[ReliabilityRecord],
    options: &ReportOptions,
) -> Result<ReliabilityReport, TrustError> {
    let (by, registry, _) = options.parts(super::operators::Track::Reliability)?;
    let mut fold = Fold::new(registry, super::group::custom_keys(by));
    for (i, r) in records.iter().enumerate() {
        poll_cancel(i)?;
        fold.add_record(r)?;
    }
    report_of_fold(fold, options)
}

/// Key names of each section of a report: groups, "Avg.", families (operator → family) and
/// pooled (without operator).
pub(crate) struct SectionKeys {
    pub(crate) average: Vec<GroupKey>,
    pub(crate) families: Vec<GroupKey>,
    pub(crate) pooled: Vec<GroupKey>,
}

impl SectionKeys {
    pub(crate) fn of(by: &[GroupKey]) -> SectionKeys {
        SectionKeys {
            average: without_dataset(by)
                .map(|(_, rest)| rest)
                .unwrap_or_default(),
            families: family_names(by),
            pooled: by
                .iter()
                .filter(|k| **k != GroupKey::Operator)
                .cloned()
                .collect(),
        }
    }
}

/// `by` with operator replaced by family (without repeating family).
pub fn family_names(by: &[GroupKey]) -> Vec<GroupKey> {
    let mut names = Vec::new();
    for k in by {
        let k = if *k == GroupKey::Operator {
            GroupKey::Family
        } else {
            k.clone()
        };
        if !names.contains(&k) {
            names.push(k);
        }
    }
    names
}

/// Distinct texts, each with a dense index (first seen first).
#[derive(Default)]
struct Names {
    table: hashbrown::HashTable<u32>,
    texts: Vec<Box<str>>,
    hasher: foldhash::fast::FixedState,
}

impl Names {
    /// The index of `text`, adding it when new.
    fn id(&mut self, text: &str) -> u32 {
        let hash = self.hasher.hash_one(text);
        if let Some(&i) = self.table.find(hash, |&i| &*self.texts[i as usize] == text) {
            return i;
        }
        // At most one new text per record, and records are counted in u32 (see `Fold::add`).
        let i = self.texts.len() as u32;
        self.texts.push(text.into());
        let (texts, hasher) = (&self.texts, &self.hasher);
        self.table
            .insert_unique(hash, i, |&j| hasher.hash_one(&*texts[j as usize]));
        i
    }

    fn get(&self, i: u32) -> &str {
        &self.texts[i as usize]
    }
}

/// A custom field's value index for a record without the field.
const MISSING_FIELD: u32 = u32::MAX;

/// A record's identity: model, dataset, operator and instance id, by index.
type Identity = [u32; 4];

/// An identity as the fold keeps it: the index of its (model, dataset, operator) in
/// `Fold::triples`, and its instance id's.
type SeenKey = [u32; 2];

/// What the fold keeps of each record, for the duplicate check and the per-instance findings
/// and comparisons: its line, its finest group (`atoms`) and its label (12 bytes a record).
#[derive(Clone, Copy)]
struct Seen {
    line: u32,
    atom: u32,
    label: Label,
}

/// Reliability records folded in one pass: label counts per finest group (model, dataset,
/// operator and custom values: every section's rows are sums of these), and per record its
/// identity, kept compactly (indices into the interned names) because duplicates and the
/// per-instance findings need it. No record is kept as text.
struct Fold<'o> {
    registry: &'o OperatorRegistry,
    /// The custom grouping keys, in `by` order.
    custom: Vec<String>,
    models: Names,
    datasets: Names,
    instances: Names,
    values: Names,
    /// Each finest group: `[model, dataset, operator, custom values...]`, and its counts.
    atoms: Vec<(Box<[u32]>, RelCounts)>,
    atom_table: hashbrown::HashTable<u32>,
    hasher: foldhash::fast::FixedState,
    /// Each distinct (model, dataset, operator).
    triples: Vec<[u32; 3]>,
    triple_table: hashbrown::HashTable<u32>,
    seen: hashbrown::HashMap<SeenKey, Seen, foldhash::fast::FixedState>,
    /// Records lacking each custom field (present for every key read, as before).
    missing: BTreeMap<String, usize>,
    /// The first repeated identity: reported once every record has been read, as the records
    /// are checked before their duplicates.
    duplicate: Option<TrustError>,
    records: usize,
    scratch: Vec<u32>,
}

impl<'o> Fold<'o> {
    fn new(registry: &'o OperatorRegistry, custom: Vec<String>) -> Fold<'o> {
        Fold {
            registry,
            custom,
            models: Names::default(),
            datasets: Names::default(),
            instances: Names::default(),
            values: Names::default(),
            atoms: Vec::new(),
            atom_table: hashbrown::HashTable::new(),
            hasher: foldhash::fast::FixedState::default(),
            triples: Vec::new(),
            triple_table: hashbrown::HashTable::new(),
            seen: hashbrown::HashMap::with_hasher(foldhash::fast::FixedState::default()),
            missing: BTreeMap::new(),
            duplicate: None,
            records: 0,
            scratch: Vec::new(),
        }
    }

    /// Count one record: its checked fields and its custom values (in `custom` order).
    fn add<'a>(
        &mut self,
        fields: &ReliabilityFields<'_>,
        custom: impl Iterator<Item = Option<&'a str>>,
        line: usize,
    ) -> Result<(), TrustError> {
        let Some(line32) = u32::try_from(line)
            .ok()
            .filter(|_| self.records < u32::MAX as usize - 1)
        else {
            return Err(TrustError::at(
                TrustErrorCode::InvalidField,
                line,
                "more than 4,294,967,294 lines",
            ));
        };
        self.records += 1;
        let model = self.models.id(fields.model);
        let dataset = self.datasets.id(fields.dataset);
        let operator = fields.operator as u32;
        let mut key = core::mem::take(&mut self.scratch);
        key.clear();
        key.extend([model, dataset, operator]);
        for value in custom {
            key.push(value.map_or(MISSING_FIELD, |v| self.values.id(v)));
        }
        let atom = self.atom(&key);
        self.scratch = key;
        self.atoms[atom as usize].1.add(fields.label);
        let instance = self.instances.id(&fields.instance_id);
        let seen = Seen {
            line: line32,
            atom,
            label: fields.label,
        };
        let key = [self.triple([model, dataset, operator]), instance];
        if let Some(first) = self.seen.insert(key, seen) {
            // The first record stays the one kept; the first repeat is the error.
            self.seen.insert(key, first);
            if self.duplicate.is_none() {
                self.duplicate = Some(TrustError::at(
                    TrustErrorCode::DuplicateId,
                    line,
                    format!(
                        "instance {:?} of model {:?} on {:?} under this operator repeats line {}",
                        &*fields.instance_id, fields.model, fields.dataset, first.line
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The index of a (model, dataset, operator), adding it when new.
    fn triple(&mut self, triple: [u32; 3]) -> u32 {
        let hash = self.hasher.hash_one(triple);
        let triples = &self.triples;
        if let Some(&i) = self
            .triple_table
            .find(hash, |&i| triples[i as usize] == triple)
        {
            return i;
        }
        let i = self.triples.len() as u32;
        self.triples.push(triple);
        let (triples, hasher) = (&self.triples, &self.hasher);
        self.triple_table
            .insert_unique(hash, i, |&j| hasher.hash_one(triples[j as usize]));
        i
    }

    /// The identity of a kept record.
    fn identity(&self, &[triple, instance]: &SeenKey) -> Identity {
        let [model, dataset, operator] = self.triples[triple as usize];
        [model, dataset, operator, instance]
    }

    /// The index of a finest group, adding it when new.
    fn atom(&mut self, key: &[u32]) -> u32 {
        let hash = self.hasher.hash_one(key);
        if let Some(&i) = self
            .atom_table
            .find(hash, |&i| &*self.atoms[i as usize].0 == key)
        {
            return i;
        }
        let i = self.atoms.len() as u32;
        self.atoms.push((key.into(), RelCounts::default()));
        let (atoms, hasher) = (&self.atoms, &self.hasher);
        self.atom_table
            .insert_unique(hash, i, |&j| hasher.hash_one(&*atoms[j as usize].0));
        i
    }

    fn note_missing(&mut self, key: &str, is_missing: bool) {
        match self.missing.get_mut(key) {
            Some(n) => *n += usize::from(is_missing),
            None => {
                self.missing
                    .insert(key.to_string(), usize::from(is_missing));
            }
        }
    }

    /// [`Fold::note_missing`] for each custom key, in order.
    fn note_missing_values(&mut self, missing: impl Iterator<Item = bool>) {
        for (i, is_missing) in missing.enumerate() {
            let key = core::mem::take(&mut self.custom[i]);
            self.note_missing(&key, is_missing);
            self.custom[i] = key;
        }
    }

    /// Fold one JSON line (its 1-based number `line`).
    fn add_line(&mut self, names: &[&str], raw: &str, line: usize) -> Result<(), TrustError> {
        let Some(read) = LineFields::read(raw, names) else {
            // Not a valid object: the general reader gives the exact error; an object it
            // accepts (never expected) is read from its tree.
            let obj = parse_object(line, raw)?;
            return self.add_value(&obj, line);
        };
        let fields = reliability_fields(&&read, line, self.registry)?;
        let values: Vec<Option<Cow<'_, str>>> =
            read.custom().map(|f| f.and_then(key_value_of)).collect();
        self.note_missing_values(values.iter().map(Option::is_none));
        self.add(&fields, values.iter().map(|v| v.as_deref()), line)
    }

    /// Fold one parsed record object.
    fn add_value(&mut self, obj: &Value, line: usize) -> Result<(), TrustError> {
        let fields = reliability_fields(&obj, line, self.registry)?;
        let values: Vec<Option<String>> = self.custom.iter().map(|k| key_value(obj, k)).collect();
        self.note_missing_values(values.iter().map(Option::is_none));
        self.add(&fields, values.iter().map(|v| v.as_deref()), line)
    }

    /// Fold a record built in code (its custom values are looked up by name; every field it
    /// carries counts for the missing-field finding).
    fn add_record(&mut self, r: &ReliabilityRecord) -> Result<(), TrustError> {
        let fields = ReliabilityFields {
            model: &r.model,
            dataset: &r.dataset,
            operator: r.operator,
            instance_id: Cow::Borrowed(&r.instance_id),
            label: r.label,
        };
        for (k, v) in &r.fields {
            self.note_missing(k, v.is_none());
        }
        let values: Vec<Option<&str>> = (self.custom.iter())
            .map(|name| field_of(&r.fields, name))
            .collect();
        self.add(&fields, values.into_iter(), r.line)
    }

    fn model(&self, atom: &[u32]) -> &str {
        self.models.get(atom[0])
    }

    fn dataset(&self, atom: &[u32]) -> &str {
        self.datasets.get(atom[1])
    }

    fn code(&self, operator: u32) -> &str {
        &self.registry.get(operator as usize).code
    }

    /// The key of a finest group in a section of `names`.
    fn key_of(&self, atom: &[u32], names: &[GroupKey]) -> Key {
        names
            .iter()
            .map(|k| match k {
                GroupKey::Model => text_part(self.model(atom)),
                GroupKey::Dataset => text_part(self.dataset(atom)),
                GroupKey::Field(name) => field_part(
                    self.custom
                        .iter()
                        .position(|c| c == name)
                        .map(|at| atom[3 + at])
                        .filter(|v| *v != MISSING_FIELD)
                        .map(|v| self.values.get(v)),
                ),
                other => operator_part(self.registry, atom[2] as usize, other),
            })
            .collect()
    }

    /// The rows of a section: the finest groups' counts summed per key.
    fn rows(
        &self,
        names: &[GroupKey],
        bootstrap: Option<&Bootstrap>,
        keep_replicates: bool,
    ) -> Result<Vec<RelRow>, TrustError> {
        let mut groups: BTreeMap<Key, RelCounts> = BTreeMap::new();
        for (i, (atom, counts)) in self.atoms.iter().enumerate() {
            poll_cancel(i)?;
            let group = groups.entry(self.key_of(atom, names)).or_default();
            group.full += counts.full;
            group.partial += counts.partial;
            group.none += counts.none;
        }
        group_rows(
            groups,
            names,
            "rows",
            bootstrap,
            keep_replicates,
            replicates,
            |counts| counts,
            RelIntervals::from_columns,
        )
    }
}

/// Compute the reliability report from JSON lines, or from a list of records (a binding's data or
/// a text that is one JSON array), in one pass: each line's members are read straight into the
/// fields the report needs, and folded (see [`Fold`]); the report is that of
/// [`reliability_report_with`] over the parsed records.
pub(crate) fn reliability_report_input(
    input: JsonInput<'_>,
    options: &ReportOptions,
) -> Result<ReliabilityReport, TrustError> {
    let custom = super::group::custom_keys(&options.by);
    let mut fold = Fold::new(&options.registry, custom);
    let text = match records_input(input)? {
        RecordsInput::Items(items) => {
            fold.seen.reserve(items.len());
            for (position, item) in (1..).zip(items.iter()) {
                fold.add_value(record_item(item, position)?, position)?;
            }
            return report_of_fold(fold, options);
        }
        RecordsInput::Lines(text) => text,
    };
    // Room for every record up front (growing the table copies it): at most one per line, and
    // no record line is shorter than 64 bytes (so blank lines cannot make it reserve much).
    let lines = text.bytes().filter(|b| *b == b'\n').count() + 1;
    fold.seen.reserve(lines.min(text.len() / 64));
    let custom = fold.custom.clone();
    let names = LineFields::names(&custom);
    for (line, raw) in jsonl_lines(text) {
        poll_cancel(line)?;
        fold.add_line(&names, raw, line)?;
    }
    report_of_fold(fold, options)
}

/// The report of folded records.
fn report_of_fold(
    fold: Fold<'_>,
    options: &ReportOptions,
) -> Result<ReliabilityReport, TrustError> {
    let (by, _, bootstrap) = options.parts(super::operators::Track::Reliability)?;
    if fold.records == 0 {
        return Err(TrustError::new(
            TrustErrorCode::NoRecords,
            "no reliability records",
        ));
    }
    let with_operator = by.contains(&GroupKey::Operator);
    if let Some(b) = bootstrap {
        // Each record is drawn for the overall row, the groups, the families and the pooled rows.
        b.check_budget(fold.records, "records", 4)?;
    }
    if let Some(e) = fold.duplicate.clone() {
        return Err(e);
    }
    let overall = fold
        .rows(&[], bootstrap, false)?
        .pop()
        .unwrap_or(RelRow::empty(RelCounts::default()));
    let keep = by.contains(&GroupKey::Dataset);
    let groups = fold.rows(by, bootstrap, keep)?;
    let (families, pooled) = if with_operator {
        let keys = SectionKeys::of(by);
        (
            fold.rows(&keys.families, bootstrap, false)?,
            fold.rows(&keys.pooled, bootstrap, false)?,
        )
    } else {
        (Vec::new(), Vec::new())
    };
    let mut report = ReliabilityReport {
        dataset_average: dataset_average(by, &groups, bootstrap, options.average),
        rank_agreement: rank_agreement(by, &groups)?,
        by: by.to_vec(),
        records: fold.records,
        bootstrap: bootstrap.copied(),
        overall,
        groups,
        families,
        pooled,
        findings: Vec::new(),
        comparisons: Vec::new(),
        layout: options.layout.clone(),
        average: options.average,
    };
    let found = findings(&fold, &report, options)?;
    (report.findings, report.comparisons) = options.checks(found, |c| comparisons(&fold, by, c))?;
    Ok(report)
}
