//! Robustness metrics: N, coverage, Acc_clean, ASR (micro, null when undefined), RAD,
//! Acc_rob, ASR per operator and per level, the unweighted average across datasets, and
//! bootstrap intervals (resampling questions with all their perturbations).
//!
//! ```
//! use tabeq_trust::operators::OperatorRegistry;
//! use tabeq_trust::records::parse_robustness_jsonl;
//! use tabeq_trust::robustness::robustness_report;
//! use tabeq_trust::options::GroupKey;
//! let registry = OperatorRegistry::builtin();
//! let records = parse_robustness_jsonl(r#"
//! {"model": "m", "dataset": "d", "question_id": "q1", "correct": true}
//! {"model": "m", "dataset": "d", "question_id": "q1", "perturbation_id": "a", "operator": "ROS", "correct": false}
//! {"model": "m", "dataset": "d", "question_id": "q1", "perturbation_id": "b", "operator": "NRI", "correct": true}
//! {"model": "m", "dataset": "d", "question_id": "q2", "correct": false}
//! "#, &registry, &[]).unwrap();
//! let report = robustness_report(&records, &registry, &[GroupKey::Model], None).unwrap();
//! let g = &report.groups[0].stats;
//! assert_eq!((g.n, g.acc_clean(), g.asr(), g.rad(), g.coverage()), (2, 0.5, Some(0.5), 0.25, 0.5));
//! ```

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::compare::{self, Comparison, Scores};
use super::completeness::{self, Finding};
use super::error::{TrustError, TrustErrorCode};
use super::group::{
    averaged_intervals, by_other_keys, dataset_count, field_part, group_rows, mean_counted,
    mean_finite, operator_part, text_part, Columns, GroupRow, Key, KeyPart, PartialAverage,
};
use super::operators::{Level, OperatorRegistry, Track};
use super::options::{Bootstrap, CompareOptions, GroupKey, ReportOptions};
use super::records::{field_of, RobustnessRecord};
use super::stats::Rng;
// `Attacks` lives with the level trend, which reads it; this path keeps naming it.
pub use super::trend::Attacks;
use super::trend::{level_trend, LevelTrend};

/// One original question with its valid perturbations' outcomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The model.
    pub model: String,
    /// The dataset.
    pub dataset: String,
    /// The question id.
    pub question_id: String,
    /// c_i.
    pub correct: bool,
    /// (operator index, a_ij) for each valid perturbation.
    pub perturbations: Vec<(usize, bool)>,
    /// The custom grouping fields of each valid perturbation (parallel to `perturbations`).
    pub perturbation_fields: Vec<Vec<(String, Option<String>)>>,
    /// Perturbations marked `valid: false` (left out of K_i).
    pub excluded: u64,
    /// The custom grouping fields of the original line.
    pub fields: Vec<(String, Option<String>)>,
}

impl Question {
    /// K_i.
    pub fn k(&self) -> u64 {
        self.perturbations.len() as u64
    }
    /// Σ_j c_i (1 − a_ij).
    fn flips(&self) -> u64 {
        if self.correct {
            self.perturbations.iter().filter(|(_, a)| !a).count() as u64
        } else {
            0
        }
    }
    /// c_i (1 − ā_i) for covered questions, else 0.
    fn rad_term(&self) -> f64 {
        if self.correct && self.k() > 0 {
            self.flips() as f64 / self.k() as f64
        } else {
            0.0
        }
    }
}

/// Validate records and gather them per question: an original per (model, dataset,
/// question_id) at most once (`duplicate_id`), a perturbation id at most once per question
/// (`duplicate_id`), and every perturbation's question must have an original
/// (`orphan_perturbation`). Questions come back sorted by (model, dataset, question_id).
pub fn gather_questions(records: &[RobustnessRecord]) -> Result<Vec<Question>, TrustError> {
    let mut index: HashMap<(&str, &str, &str), (usize, usize)> = HashMap::new();
    let mut questions: Vec<Question> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        super::error::poll_cancel(i)?;
        if r.perturbation.is_some() {
            continue;
        }
        let id = (r.model.as_str(), r.dataset.as_str(), r.question_id.as_str());
        if let Some(&(_, first)) = index.get(&id) {
            return Err(TrustError::at(
                TrustErrorCode::DuplicateId,
                r.line,
                format!(
                    "question {:?} of model {:?} on {:?} already has an original answer (line {first})",
                    r.question_id, r.model, r.dataset
                ),
            ));
        }
        index.insert(id, (questions.len(), r.line));
        questions.push(Question {
            model: r.model.clone(),
            dataset: r.dataset.clone(),
            question_id: r.question_id.clone(),
            correct: r.correct,
            perturbations: Vec::new(),
            perturbation_fields: Vec::new(),
            excluded: 0,
            fields: r.fields.clone(),
        });
    }
    let mut seen: HashMap<(&str, &str, &str, &str), usize> = HashMap::new();
    for (i, r) in records.iter().enumerate() {
        super::error::poll_cancel(i)?;
        let Some(p) = &r.perturbation else { continue };
        let id = (r.model.as_str(), r.dataset.as_str(), r.question_id.as_str());
        let Some(&(q, _)) = index.get(&id) else {
            return Err(TrustError::at(
                TrustErrorCode::OrphanPerturbation,
                r.line,
                format!(
                    "perturbation {:?} of question {:?} (model {:?}, dataset {:?}) has no original record",
                    p.id, r.question_id, r.model, r.dataset
                ),
            ));
        };
        if let Some(first) = seen.insert((id.0, id.1, id.2, p.id.as_str()), r.line) {
            return Err(TrustError::at(
                TrustErrorCode::DuplicateId,
                r.line,
                format!(
                    "perturbation {:?} of question {:?} repeats line {first}",
                    p.id, r.question_id
                ),
            ));
        }
        if p.valid {
            questions[q].perturbations.push((p.operator, r.correct));
            questions[q].perturbation_fields.push(r.fields.clone());
        } else {
            questions[q].excluded += 1;
        }
    }
    for q in &mut questions {
        // Canonical order so that sums do not depend on record order.
        let mut both: Vec<_> = q
            .perturbations
            .drain(..)
            .zip(q.perturbation_fields.drain(..))
            .collect();
        both.sort_unstable();
        (q.perturbations, q.perturbation_fields) = both.into_iter().unzip();
    }
    questions.sort_by(|a, b| {
        (&a.model, &a.dataset, &a.question_id).cmp(&(&b.model, &b.dataset, &b.question_id))
    });
    Ok(questions)
}

/// The robustness numbers of one group of questions.
#[derive(Debug, Clone, PartialEq)]
pub struct RobStats {
    /// N, original questions.
    pub n: u64,
    /// |S|, questions with at least one valid perturbation.
    pub covered: u64,
    /// Σ c_i.
    pub correct: u64,
    /// Perturbations marked invalid and left out.
    pub excluded: u64,
    /// All valid perturbations.
    pub all: Attacks,
    /// Σ_{i∈S} c_i (1 − ā_i), summed in question order.
    pub rad_sum: f64,
    /// Per operator index (registry order).
    pub by_operator: BTreeMap<usize, Attacks>,
    /// Per level L0..L3.
    pub by_level: [Attacks; 4],
}

impl RobStats {
    fn of(questions: &[&Question], registry: &OperatorRegistry) -> RobStats {
        let mut s = RobStats {
            n: 0,
            covered: 0,
            correct: 0,
            excluded: 0,
            all: Attacks::default(),
            rad_sum: 0.0,
            by_operator: BTreeMap::new(),
            by_level: [Attacks::default(); 4],
        };
        for q in questions {
            s.n += 1;
            s.correct += u64::from(q.correct);
            s.covered += u64::from(q.k() > 0);
            s.excluded += q.excluded;
            s.rad_sum += q.rad_term();
            for &(op, a) in &q.perturbations {
                s.all.add(q.correct, a);
                s.by_operator.entry(op).or_default().add(q.correct, a);
                if let Some(level) = registry.get(op).level {
                    s.by_level[level.index()].add(q.correct, a);
                }
            }
        }
        s
    }
    fn ratio(&self, k: f64) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            k / self.n as f64
        }
    }
    /// |S| / N.
    pub fn coverage(&self) -> f64 {
        self.ratio(self.covered as f64)
    }
    /// (1/N) Σ c_i.
    pub fn acc_clean(&self) -> f64 {
        self.ratio(self.correct as f64)
    }
    /// Micro attack success rate; `None` when no originally-correct question was perturbed.
    pub fn asr(&self) -> Option<f64> {
        self.all.asr()
    }
    /// (1/N) Σ_{i∈S} c_i (1 − ā_i).
    pub fn rad(&self) -> f64 {
        self.ratio(self.rad_sum)
    }
    /// Acc_clean − RAD.
    pub fn acc_rob(&self) -> f64 {
        self.acc_clean() - self.rad()
    }
}

/// Bootstrap intervals of Acc_clean, ASR, RAD and Acc_rob.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RobustnessIntervals"))]
pub struct RobIntervals {
    /// Acc_clean.
    pub acc_clean: Option<(f64, f64)>,
    /// ASR (resamples where it is undefined are left out; `None` if all are).
    pub asr: Option<(f64, f64)>,
    /// RAD.
    pub rad: Option<(f64, f64)>,
    /// Acc_rob.
    pub acc_rob: Option<(f64, f64)>,
}

impl RobIntervals {
    fn from_columns([acc_clean, asr, rad, acc_rob]: Columns) -> Self {
        RobIntervals {
            acc_clean,
            asr,
            rad,
            acc_rob,
        }
    }
}

/// One group of the robustness report: its key, numbers (`stats`) and intervals.
pub type RobRow = GroupRow<RobStats, RobIntervals>;

/// The unweighted mean across datasets of per-dataset values.
#[derive(Debug, Clone, PartialEq)]
pub struct RobAverage {
    /// Key values (`by` without dataset).
    pub key: Key,
    /// Datasets averaged.
    pub datasets: usize,
    /// Mean coverage.
    pub coverage: f64,
    /// Mean Acc_clean.
    pub acc_clean: f64,
    /// Mean of the datasets' ASR where defined; `None` if undefined everywhere.
    pub asr: Option<f64>,
    /// Mean RAD.
    pub rad: f64,
    /// Mean Acc_rob.
    pub acc_rob: f64,
    /// Per operator: mean of the datasets' ASR where defined.
    pub asr_by_operator: Vec<(usize, Option<f64>)>,
    /// Per level: mean of the datasets' ASR where defined.
    pub asr_by_level: [Option<f64>; 4],
    /// Intervals from per-dataset replicates averaged replicate by replicate.
    pub ci: Option<RobIntervals>,
    /// The values that average fewer datasets than the report has (a dataset without the
    /// operator, the level or any attack, or without the row).
    pub partial: Option<PartialAverage>,
}

/// The robustness report.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(as = "crate::json::RobustnessReportJson")
)]
pub struct RobustnessReport {
    /// The main table's layout (row order, columns, decimals) for its documents.
    pub layout: super::options::TableLayout,
    /// How "Avg." combines datasets.
    pub average: super::options::Average,
    /// Grouping keys (model and/or dataset).
    pub by: Vec<GroupKey>,
    /// Original records.
    pub originals: usize,
    /// Perturbation records (valid or not).
    pub perturbations: usize,
    /// The bootstrap used, if any.
    pub bootstrap: Option<Bootstrap>,
    /// All questions pooled.
    pub overall: RobRow,
    /// One row per group, sorted by key.
    pub groups: Vec<RobRow>,
    /// With `dataset` in `by`: unweighted means over datasets for each value of the other keys.
    pub dataset_average: Vec<RobAverage>,
    /// Spearman of level vs ASR over operators and the L3/L0 ratio (all records pooled).
    pub level_trend: Option<LevelTrend>,
    /// Completeness findings.
    pub findings: Vec<Finding>,
    /// Paired comparisons of ASR between every pair of models, when asked for.
    pub comparisons: Vec<Comparison>,
    pub(crate) registry: OperatorRegistry,
}

fn replicates(questions: &[&Question], bootstrap: &Bootstrap, rng: &mut Rng) -> Vec<[f64; 4]> {
    let n = questions.len() as u64;
    if n == 0 {
        return Vec::new();
    }
    let terms: Vec<(f64, u64, u64, f64)> = questions
        .iter()
        .map(|q| {
            let attacks = if q.correct { q.k() } else { 0 };
            (
                f64::from(u8::from(q.correct)),
                attacks,
                q.flips(),
                q.rad_term(),
            )
        })
        .collect();
    (0..bootstrap.resamples)
        .map(|_| {
            let (mut correct, mut attacks, mut flips, mut rad) = (0.0, 0u64, 0u64, 0.0);
            for _ in 0..n {
                let t = terms[rng.below(n) as usize];
                correct += t.0;
                attacks += t.1;
                flips += t.2;
                rad += t.3;
            }
            let nf = n as f64;
            let asr = if attacks > 0 {
                flips as f64 / attacks as f64
            } else {
                f64::NAN
            };
            [correct / nf, asr, rad / nf, (correct - rad) / nf]
        })
        .collect()
}

/// A group's questions as references (what the statistics read).
fn all(questions: &[Question]) -> Vec<&Question> {
    questions.iter().collect()
}

/// Where a grouping key's value lives: on the question (model, dataset, a field of the original
/// line) or on each perturbation (operator, kind, level, a field only perturbation lines carry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    Question,
    Pair,
}

fn scopes(by: &[GroupKey], questions: &[Question]) -> Vec<Scope> {
    by.iter()
        .map(|k| match k {
            GroupKey::Model | GroupKey::Dataset => Scope::Question,
            GroupKey::Field(name) => {
                if questions
                    .iter()
                    .any(|q| field_of(&q.fields, name).is_some())
                {
                    Scope::Question
                } else {
                    Scope::Pair
                }
            }
            _ => Scope::Pair,
        })
        .collect()
}

fn question_part(q: &Question, key: &GroupKey) -> KeyPart {
    match key {
        GroupKey::Dataset => text_part(&q.dataset),
        GroupKey::Field(name) => field_part(field_of(&q.fields, name)),
        _ => text_part(&q.model),
    }
}

fn pair_part(registry: &OperatorRegistry, q: &Question, j: usize, key: &GroupKey) -> KeyPart {
    match key {
        GroupKey::Field(name) => {
            field_part(q.perturbation_fields.get(j).and_then(|f| field_of(f, name)))
        }
        other => operator_part(registry, q.perturbations[j].0, other),
    }
}

/// The groups of questions: by question-level keys, each question whole; with perturbation-level
/// keys, each row holds every question of its question-level scope (so N and Acc_clean are the
/// scope's) with only the perturbations whose values match the row's key.
fn grouped(
    questions: &[Question],
    by: &[GroupKey],
    registry: &OperatorRegistry,
) -> BTreeMap<Key, Vec<Question>> {
    let scope = scopes(by, questions);
    let mut out: BTreeMap<Key, Vec<Question>> = BTreeMap::new();
    if scope.iter().all(|s| *s == Scope::Question) {
        for q in questions {
            let key = by.iter().map(|k| question_part(q, k)).collect();
            out.entry(key).or_default().push(q.clone());
        }
        return out;
    }
    let mut in_scope: BTreeMap<Key, Vec<&Question>> = BTreeMap::new();
    let mut row_keys: BTreeSet<Key> = BTreeSet::new();
    for q in questions {
        let scope_key: Key = by
            .iter()
            .zip(&scope)
            .filter(|(_, s)| **s == Scope::Question)
            .map(|(k, _)| question_part(q, k))
            .collect();
        in_scope.entry(scope_key).or_default().push(q);
        for j in 0..q.perturbations.len() {
            row_keys.insert(
                by.iter()
                    .zip(&scope)
                    .map(|(k, s)| match s {
                        Scope::Question => question_part(q, k),
                        Scope::Pair => pair_part(registry, q, j, k),
                    })
                    .collect(),
            );
        }
    }
    for key in row_keys {
        let scope_key: Key = key
            .iter()
            .zip(&scope)
            .filter(|(_, s)| **s == Scope::Question)
            .map(|(p, _)| p.clone())
            .collect();
        let Some(members) = in_scope.get(&scope_key) else {
            continue;
        };
        let projected = members
            .iter()
            .map(|q| {
                let keep: Vec<usize> = (0..q.perturbations.len())
                    .filter(|&j| {
                        by.iter().zip(&scope).zip(&key).all(|((k, s), part)| {
                            *s == Scope::Question || pair_part(registry, q, j, k) == *part
                        })
                    })
                    .collect();
                let mut p = (*q).clone();
                p.perturbations = keep.iter().map(|&j| q.perturbations[j]).collect();
                p.perturbation_fields = keep
                    .iter()
                    .map(|&j| q.perturbation_fields[j].clone())
                    .collect();
                p
            })
            .collect();
        out.insert(key, projected);
    }
    out
}

fn rows(
    questions: &[Question],
    by: &[GroupKey],
    registry: &OperatorRegistry,
    bootstrap: Option<&Bootstrap>,
    keep_replicates: bool,
) -> Result<Vec<RobRow>, TrustError> {
    let groups = grouped(questions, by, registry);
    if let Some(b) = bootstrap {
        let units: usize = groups.values().map(Vec::len).sum();
        b.check_budget(units, "questions (summed over groups)", 1)?;
    }
    group_rows(
        groups,
        by,
        "rows",
        bootstrap,
        keep_replicates,
        |qs, b, rng| replicates(&all(qs), b, rng),
        |qs| RobStats::of(&all(&qs), registry),
        RobIntervals::from_columns,
    )
}

fn dataset_average(
    by: &[GroupKey],
    groups: &[RobRow],
    bootstrap: Option<&Bootstrap>,
    registry: &OperatorRegistry,
) -> Vec<RobAverage> {
    let of = dataset_count(by, groups);
    by_other_keys(by, groups)
        .into_iter()
        .map(|(key, rows)| {
            let mut partial = PartialAverage::new(of);
            let mean = |f: &dyn Fn(&RobStats) -> f64| {
                mean_finite(rows.iter().map(|r| f(&r.stats))).unwrap_or(0.0)
            };
            for name in ["coverage", "acc_clean"] {
                partial.note(name, rows.len());
            }
            let (asr, asr_count) = mean_counted(rows.iter().filter_map(|r| r.stats.asr()));
            partial.note("asr", asr_count);
            for name in ["rad", "acc_rob"] {
                partial.note(name, rows.len());
            }
            let mut operators: Vec<usize> = rows
                .iter()
                .flat_map(|r| r.stats.by_operator.keys().copied())
                .collect();
            operators.sort_unstable();
            operators.dedup();
            let asr_by_operator = operators
                .iter()
                .map(|op| {
                    let (value, count) = mean_counted(
                        rows.iter()
                            .filter_map(|r| r.stats.by_operator.get(op).and_then(Attacks::asr)),
                    );
                    partial.note(format!("asr_{}", registry.get(*op).code), count);
                    (*op, value)
                })
                .collect();
            let asr_by_level = core::array::from_fn(|l| {
                let (value, count) =
                    mean_counted(rows.iter().filter_map(|r| r.stats.by_level[l].asr()));
                partial.note(format!("asr_{}", Level::ALL[l].as_str()), count);
                value
            });
            let ci = averaged_intervals(&rows, bootstrap).map(RobIntervals::from_columns);
            RobAverage {
                key,
                datasets: rows.len(),
                coverage: mean(&|s| s.coverage()),
                acc_clean: mean(&|s| s.acc_clean()),
                asr,
                rad: mean(&|s| s.rad()),
                acc_rob: mean(&|s| s.acc_rob()),
                asr_by_operator,
                asr_by_level,
                ci,
                partial: partial.found(),
            }
        })
        .collect()
}

/// "Avg." with the datasets' records pooled: each row's counts summed (so ASR is flips over
/// attacks of all datasets, RAD and the accuracies over all their questions); no interval. A
/// value still counts the datasets where it is defined, for the dagger.
fn pooled_average(
    by: &[GroupKey],
    groups: &[RobRow],
    registry: &OperatorRegistry,
) -> Vec<RobAverage> {
    let of = dataset_count(by, groups);
    by_other_keys(by, groups)
        .into_iter()
        .map(|(key, rows)| {
            let mut s = RobStats::of(&[], registry);
            for r in &rows {
                s.n += r.stats.n;
                s.covered += r.stats.covered;
                s.correct += r.stats.correct;
                s.excluded += r.stats.excluded;
                s.all.merge(&r.stats.all);
                s.rad_sum += r.stats.rad_sum;
                for (op, a) in &r.stats.by_operator {
                    s.by_operator.entry(*op).or_default().merge(a);
                }
                for (total, a) in s.by_level.iter_mut().zip(&r.stats.by_level) {
                    total.merge(a);
                }
            }
            let mut partial = PartialAverage::new(of);
            for name in ["coverage", "acc_clean"] {
                partial.note(name, rows.len());
            }
            partial.note(
                "asr",
                rows.iter().filter(|r| r.stats.asr().is_some()).count(),
            );
            for name in ["rad", "acc_rob"] {
                partial.note(name, rows.len());
            }
            let asr_by_operator = s
                .by_operator
                .iter()
                .map(|(op, a)| {
                    let count = rows
                        .iter()
                        .filter(|r| r.stats.by_operator.get(op).and_then(Attacks::asr).is_some())
                        .count();
                    partial.note(format!("asr_{}", registry.get(*op).code), count);
                    (*op, a.asr())
                })
                .collect();
            let asr_by_level = core::array::from_fn(|l| {
                let count = rows
                    .iter()
                    .filter(|r| r.stats.by_level[l].asr().is_some())
                    .count();
                partial.note(format!("asr_{}", Level::ALL[l].as_str()), count);
                s.by_level[l].asr()
            });
            RobAverage {
                key,
                datasets: rows.len(),
                coverage: s.coverage(),
                acc_clean: s.acc_clean(),
                asr: s.asr(),
                rad: s.rad(),
                acc_rob: s.acc_rob(),
                asr_by_operator,
                asr_by_level,
                ci: None,
                partial: partial.found(),
            }
        })
        .collect()
}

/// Compute the robustness report from records parsed with `registry`.
pub fn robustness_report(
    records: &[RobustnessRecord],
    registry: &OperatorRegistry,
    by: &[GroupKey],
    bootstrap: Option<&Bootstrap>,
) -> Result<RobustnessReport, TrustError> {
    robustness_report_with(records, &ReportOptions::basic(registry, by, bootstrap))
}

/// Compute the robustness report with every option: grouping (any key, including operator,
/// kind and level), bootstrap, completeness (`strict`), comparisons and expected instances.
pub fn robustness_report_with(
    records: &[RobustnessRecord],
    options: &ReportOptions,
) -> Result<RobustnessReport, TrustError> {
    let (by, registry, bootstrap) = options.parts(Track::Robustness)?;
    let originals = records.iter().filter(|r| r.perturbation.is_none()).count();
    if originals == 0 {
        return Err(TrustError::new(
            TrustErrorCode::NoRecords,
            if records.is_empty() {
                "no robustness records"
            } else {
                "no original (unperturbed) records"
            },
        ));
    }
    let questions = gather_questions(records)?;
    let overall = rows(&questions, &[], registry, bootstrap, false)?
        .pop()
        .unwrap_or_else(|| RobRow::empty(RobStats::of(&[], registry)));
    let keep = by.contains(&GroupKey::Dataset);
    let groups = rows(&questions, by, registry, bootstrap, keep)?;
    let mut report = RobustnessReport {
        dataset_average: match options.average {
            super::options::Average::Datasets => dataset_average(by, &groups, bootstrap, registry),
            super::options::Average::Pooled => pooled_average(by, &groups, registry),
        },
        level_trend: level_trend(
            &overall.stats.by_operator,
            &overall.stats.by_level,
            registry,
        )?,
        by: by.to_vec(),
        originals,
        perturbations: records.len() - originals,
        bootstrap: bootstrap.copied(),
        overall,
        groups,
        findings: Vec::new(),
        comparisons: Vec::new(),
        layout: options.layout.clone(),
        average: options.average,
        registry: registry.clone(),
    };
    let found = findings(records, &questions, &report, options);
    (report.findings, report.comparisons) =
        options.checks(found, |c| comparisons(records, by, registry, c))?;
    Ok(report)
}

fn findings(
    records: &[RobustnessRecord],
    questions: &[Question],
    report: &RobustnessReport,
    options: &ReportOptions,
) -> Vec<Finding> {
    let units = completeness::Units::of(questions.iter().map(|q| (&*q.model, &*q.dataset)));
    let mut out = units.findings("original questions");
    let mut ks: BTreeMap<&str, BTreeMap<&str, BTreeMap<&str, u64>>> = BTreeMap::new();
    for q in questions {
        ks.entry(&q.dataset)
            .or_default()
            .entry(&q.model)
            .or_default()
            .insert(&q.question_id, q.k() + q.excluded);
    }
    let mut per_operator = completeness::OperatorCounts::new();
    for r in records {
        if let Some(p) = r.perturbation.as_ref().filter(|p| p.valid) {
            *per_operator
                .entry(&r.dataset)
                .or_default()
                .entry(&report.registry.get(p.operator).code)
                .or_default()
                .entry(&r.model)
                .or_default() += 1;
        }
    }
    out.extend(completeness::unequal_operator_counts(
        &per_operator,
        &units.models_on(),
        "perturbations",
    ));
    out.extend(completeness::missing_originals(&ks));
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let scope = scopes(&report.by, questions);
    for (k, s) in report.by.iter().zip(&scope) {
        if let GroupKey::Field(name) = k {
            // A question-level field must be on every original; a pair-level one on every
            // perturbation.
            let lacking = records
                .iter()
                .filter(|r| (r.perturbation.is_none()) == (*s == Scope::Question))
                .filter(|r| field_of(&r.fields, name).is_none())
                .count();
            missing.insert(name.clone(), lacking);
        }
    }
    out.extend(completeness::missing_fields(&missing));
    out.extend(completeness::incomplete_report_averages(
        &report.by,
        &report.groups,
        report.dataset_average.iter().map(|a| &a.key),
    ));
    if let Some(expected) = &options.expected {
        let id = |dataset: &str, q: &str, p: Option<&str>| match p {
            Some(p) => format!("{dataset}/{q}/{p}"),
            None => format!("{dataset}/{q}"),
        };
        let present = records.iter().map(|r| {
            let perturbation = r.perturbation.as_ref().map(|p| p.id.as_str());
            (
                r.model.clone(),
                id(&r.dataset, &r.question_id, perturbation),
            )
        });
        out.extend(completeness::against_expected_list(
            expected,
            &units.models,
            |e| id(&e.dataset, &e.id, e.perturbation_id.as_deref()),
            present,
        ));
    }
    out
}

/// ASR on shared attacks: for each model, each valid perturbation of a question it answered
/// correctly scores 1 when it flipped the answer. One family per value of the grouping keys other
/// than model; the question is the cluster.
fn comparisons(
    records: &[RobustnessRecord],
    by: &[GroupKey],
    registry: &OperatorRegistry,
    options: &CompareOptions,
) -> Vec<Comparison> {
    let others: Vec<&GroupKey> = by.iter().filter(|k| **k != GroupKey::Model).collect();
    type Fields = [(String, Option<String>)];
    let original_fields: HashMap<(&str, &str, &str), &Fields> = records
        .iter()
        .filter(|r| r.perturbation.is_none())
        .map(|r| {
            let id = (r.model.as_str(), r.dataset.as_str(), r.question_id.as_str());
            (id, r.fields.as_slice())
        })
        .collect();
    let correct: HashMap<(&str, &str, &str), bool> = records
        .iter()
        .filter(|r| r.perturbation.is_none())
        .map(|r| {
            (
                (r.model.as_str(), r.dataset.as_str(), r.question_id.as_str()),
                r.correct,
            )
        })
        .collect();
    let mut families: BTreeMap<compare::Family, Scores> = BTreeMap::new();
    for r in records {
        let Some(p) = r.perturbation.as_ref().filter(|p| p.valid) else {
            continue;
        };
        let id = (r.model.as_str(), r.dataset.as_str(), r.question_id.as_str());
        if correct.get(&id) == Some(&true) {
            let family = others
                .iter()
                .map(|k| {
                    let part = match k {
                        GroupKey::Dataset => text_part(&r.dataset),
                        // A field of the perturbation's line, else of its question's original.
                        GroupKey::Field(name) => {
                            field_part(field_of(&r.fields, name).or_else(|| {
                                original_fields
                                    .get(&id)
                                    .and_then(|fields| field_of(fields, name))
                            }))
                        }
                        other => operator_part(registry, p.operator, other),
                    };
                    (part, k.name().to_string())
                })
                .collect();
            families
                .entry(family)
                .or_default()
                .entry(r.model.clone())
                .or_default()
                .insert(
                    vec![r.dataset.clone(), r.question_id.clone(), p.id.clone()],
                    i64::from(!r.correct),
                );
        }
    }
    // (dataset, question) is the cluster: the first two parts of the instance key.
    compare::within_families(&families, 1.0, 2, options)
}
