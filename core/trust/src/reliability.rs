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

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::compare::{self, Comparison, Scores};
use super::completeness::{self, Finding};
use super::error::{poll_cancel, TrustError, TrustErrorCode};
use super::group::{
    averaged_intervals, by_other_keys, dataset_count, field_part, group_rows, mean_finite,
    operator_part, text_part, without_dataset, Columns, GroupRow, Key, PartialAverage,
};
use super::operators::OperatorRegistry;
use super::options::{Bootstrap, CompareOptions, Expected, GroupKey, ReportOptions};
use super::records::{field_of, Label, ReliabilityRecord};
use super::stats::{spearman, spearman_exact, Spearman, SpearmanExact};

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

fn key_of(record: &ReliabilityRecord, names: &[GroupKey], registry: &OperatorRegistry) -> Key {
    names
        .iter()
        .map(|k| match k {
            GroupKey::Model => text_part(&record.model),
            GroupKey::Dataset => text_part(&record.dataset),
            GroupKey::Field(name) => field_part(field_of(&record.fields, name)),
            other => operator_part(registry, record.operator, other),
        })
        .collect()
}

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

fn rows(
    records: &[ReliabilityRecord],
    names: &[GroupKey],
    registry: &OperatorRegistry,
    bootstrap: Option<&Bootstrap>,
    section: &str,
    keep_replicates: bool,
) -> Result<Vec<RelRow>, TrustError> {
    let mut groups: BTreeMap<Key, RelCounts> = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        poll_cancel(i)?;
        groups
            .entry(key_of(r, names, registry))
            .or_default()
            .add(r.label);
    }
    group_rows(
        groups,
        names,
        section,
        bootstrap,
        keep_replicates,
        replicates,
        |counts| counts,
        RelIntervals::from_columns,
    )
}

/// Reject two records with the same model, dataset, operator and instance id.
fn check_duplicates(records: &[ReliabilityRecord]) -> Result<(), TrustError> {
    let mut seen: HashMap<(&str, &str, usize, &str), usize> = HashMap::new();
    for (i, r) in records.iter().enumerate() {
        poll_cancel(i)?;
        let id = (
            r.model.as_str(),
            r.dataset.as_str(),
            r.operator,
            r.instance_id.as_str(),
        );
        if let Some(first) = seen.insert(id, r.line) {
            return Err(TrustError::at(
                TrustErrorCode::DuplicateId,
                r.line,
                format!(
                    "instance {:?} of model {:?} on {:?} under this operator repeats line {first}",
                    r.instance_id, r.model, r.dataset
                ),
            ));
        }
    }
    Ok(())
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

/// The completeness findings of reliability records and their report.
fn findings(
    records: &[ReliabilityRecord],
    registry: &OperatorRegistry,
    report: &ReliabilityReport,
    options: &ReportOptions,
) -> Result<Vec<Finding>, TrustError> {
    let units = completeness::Units::of(records.iter().map(|r| (&*r.model, &*r.dataset)));
    let mut out = units.findings("judged instances");
    let mut operators_of: BTreeMap<(&str, &str, &str), BTreeSet<&str>> = BTreeMap::new();
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let mut per_operator = completeness::OperatorCounts::new();
    let mut models_of: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        poll_cancel(i)?;
        if !report.rank_agreement.is_empty() {
            models_of.entry(&r.dataset).or_default().insert(&r.model);
        }
        *per_operator
            .entry(&r.dataset)
            .or_default()
            .entry(&registry.get(r.operator).code)
            .or_default()
            .entry(&r.model)
            .or_default() += 1;
        operators_of
            .entry((&r.model, &r.dataset, &r.instance_id))
            .or_default()
            .insert(&registry.get(r.operator).code);
        for (k, v) in &r.fields {
            *missing.entry(k.clone()).or_default() += usize::from(v.is_none());
        }
    }
    out.extend(completeness::unequal_operator_counts(
        &per_operator,
        &units.models_on(),
        "judged instances",
    ));
    out.extend(completeness::duplicate_across_operators(&operators_of));
    out.extend(completeness::missing_fields(&missing));
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
        let present = records.iter().map(|r| {
            let code = &registry.get(r.operator).code;
            (r.model.clone(), id(&r.dataset, code, &r.instance_id))
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

fn comparisons(
    records: &[ReliabilityRecord],
    registry: &OperatorRegistry,
    by: &[GroupKey],
    options: &CompareOptions,
) -> Vec<Comparison> {
    // One family per value of the grouping keys other than model.
    let others: Vec<GroupKey> = by
        .iter()
        .filter(|k| **k != GroupKey::Model)
        .cloned()
        .collect();
    let mut families: BTreeMap<compare::Family, Scores> = BTreeMap::new();
    for r in records {
        let family = key_of(r, &others, registry)
            .into_iter()
            .zip(&others)
            .map(|(part, k)| (part, k.name().to_string()))
            .collect();
        let scores = families.entry(family).or_default();
        let half_points = match r.label {
            Label::Full => 2,
            Label::Partial => 1,
            Label::None => 0,
        };
        scores.entry(r.model.clone()).or_default().insert(
            vec![
                r.dataset.clone(),
                registry.get(r.operator).code.clone(),
                r.instance_id.clone(),
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
    let (by, registry, bootstrap) = options.parts(super::operators::Track::Reliability)?;
    if records.is_empty() {
        return Err(TrustError::new(
            TrustErrorCode::NoRecords,
            "no reliability records",
        ));
    }
    let with_operator = by.contains(&GroupKey::Operator);
    if let Some(b) = bootstrap {
        // Each record is drawn for the overall row, the groups, the families and the pooled rows.
        b.check_budget(records.len(), "records", 4)?;
    }
    check_duplicates(records)?;
    let overall = rows(records, &[], registry, bootstrap, "rows", false)?
        .pop()
        .unwrap_or(RelRow::empty(RelCounts::default()));
    let keep = by.contains(&GroupKey::Dataset);
    let groups = rows(records, by, registry, bootstrap, "rows", keep)?;
    let (families, pooled) = if with_operator {
        let keys = SectionKeys::of(by);
        (
            rows(records, &keys.families, registry, bootstrap, "rows", false)?,
            rows(records, &keys.pooled, registry, bootstrap, "rows", false)?,
        )
    } else {
        (Vec::new(), Vec::new())
    };
    let mut report = ReliabilityReport {
        dataset_average: dataset_average(by, &groups, bootstrap, options.average),
        rank_agreement: rank_agreement(by, &groups)?,
        by: by.to_vec(),
        records: records.len(),
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
    let found = findings(records, registry, &report, options)?;
    (report.findings, report.comparisons) =
        options.checks(found, |c| comparisons(records, registry, by, c))?;
    Ok(report)
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
