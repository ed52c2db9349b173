//! Completeness checks: problems that do not make the input invalid but can make a published
//! number silently wrong. Every report lists them (`findings`, each with a stable code); with
//! `strict` the first one is an error with its code.
//!
//! ```
//! use tabeq_trust::completeness::near_duplicates;
//! let found = near_duplicates("model", ["GPT-5.5", "gpt-5.5 ", "Qwen"].into_iter());
//! assert_eq!(found[0].code.code(), "near_duplicate_names");
//! ```

use std::collections::{BTreeMap, BTreeSet};

use super::error::{TrustError, TrustErrorCode};
use super::group::key_text;
use super::group::{without_dataset, GroupRow, Key};
use super::options::{Expected, GroupKey};

/// One completeness problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Its stable code (also the error code under `strict`).
    pub code: TrustErrorCode,
    /// What is wrong and where, for people.
    pub message: String,
}

impl Finding {
    fn new(code: TrustErrorCode, message: impl Into<String>) -> Finding {
        Finding {
            code,
            message: message.into(),
        }
    }
}

/// Under `strict`, the first finding as an error.
pub fn enforce(findings: &[Finding], strict: bool) -> Result<(), TrustError> {
    match findings.first() {
        Some(f) if strict => Err(TrustError::new(
            f.code,
            format!(
                "{} ({} in all; strict mode)",
                f.message,
                counted(findings.len(), "completeness finding")
            ),
        )),
        _ => Ok(()),
    }
}

/// `1 question`, `3 questions`.
fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// A finding of `code` about `items` unless there are none: `message(count, listed)` words it,
/// `listed` being [`examples`] of the items.
fn push_listing<'a>(
    out: &mut Vec<Finding>,
    code: TrustErrorCode,
    items: impl Iterator<Item = &'a str>,
    message: impl FnOnce(usize, String) -> String,
) {
    let items: Vec<&str> = items.collect();
    if !items.is_empty() {
        out.push(Finding::new(
            code,
            message(items.len(), examples(items.iter().copied())),
        ));
    }
}

/// Up to five items, then "and N more".
pub(crate) fn examples<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let mut items = items.into_iter();
    let shown: Vec<&str> = items.by_ref().take(5).collect();
    let total = shown.len() + items.count();
    examples_of(shown, total)
}

/// [`examples`] of `total` items whose first ones (up to five are read) are `first`: for a
/// listing whose size is known, so that only five items are ever visited.
pub(crate) fn examples_of<'a>(first: impl IntoIterator<Item = &'a str>, total: usize) -> String {
    let shown: Vec<String> = first
        .into_iter()
        .take(5)
        .map(|s| format!("{s:?}"))
        .collect();
    if total > shown.len() {
        format!("{} and {} more", shown.join(", "), total - shown.len())
    } else {
        shown.join(", ")
    }
}

fn normalized(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Names that differ only in case or white space (`"m"` and `"M "`): probably one thing
/// counted as two.
pub fn near_duplicates<'a>(what: &str, names: impl Iterator<Item = &'a str>) -> Vec<Finding> {
    let mut by_form: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for name in names {
        by_form.entry(normalized(name)).or_default().insert(name);
    }
    by_form
        .values()
        .filter(|variants| variants.len() > 1)
        .map(|variants| {
            Finding::new(
                TrustErrorCode::NearDuplicateNames,
                format!(
                    "{what} names {} differ only in case or spaces; they are counted as different {what}s",
                    examples(variants.iter().copied())
                ),
            )
        })
        .collect()
}

/// [`near_duplicates`] among model names, then among dataset names.
pub fn model_and_dataset_names(models: &BTreeSet<&str>, datasets: &BTreeSet<&str>) -> Vec<Finding> {
    let mut out = near_duplicates("model", models.iter().copied());
    out.extend(near_duplicates("dataset", datasets.iter().copied()));
    out
}

/// The models and datasets of a report's units (judged instances, or original questions) and
/// how many units each model has on each dataset: what the first findings of a report read.
pub(crate) struct Units<'a> {
    /// Every model.
    pub(crate) models: BTreeSet<&'a str>,
    /// Dataset → model → units.
    pub(crate) counts: BTreeMap<&'a str, BTreeMap<&'a str, usize>>,
}

impl<'a> Units<'a> {
    /// From (model, dataset, units) counts (a pair may come more than once).
    pub(crate) fn of_counts(
        counts_of: impl IntoIterator<Item = (&'a str, &'a str, usize)>,
    ) -> Units<'a> {
        let mut counts: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
        for (model, dataset, n) in counts_of {
            *counts.entry(dataset).or_default().entry(model).or_default() += n;
        }
        let models = counts.values().flat_map(|m| m.keys().copied()).collect();
        Units { models, counts }
    }

    /// From each unit's (model, dataset).
    pub(crate) fn of(units: impl IntoIterator<Item = (&'a str, &'a str)>) -> Units<'a> {
        let mut counts: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
        for (model, dataset) in units {
            *counts.entry(dataset).or_default().entry(model).or_default() += 1;
        }
        let models = counts.values().flat_map(|m| m.keys().copied()).collect();
        Units { models, counts }
    }

    /// Near-duplicate model and dataset names, then models with different numbers of `unit` on
    /// a dataset.
    pub(crate) fn findings(&self, unit: &str) -> Vec<Finding> {
        let datasets: BTreeSet<&str> = self.counts.keys().copied().collect();
        let mut out = model_and_dataset_names(&self.models, &datasets);
        out.extend(unequal_counts(&self.counts, unit));
        out
    }

    /// Dataset → the models with units on it.
    pub(crate) fn models_on(&self) -> BTreeMap<&'a str, BTreeSet<&'a str>> {
        let models = |per_model: &BTreeMap<&'a str, usize>| per_model.keys().copied().collect();
        self.counts.iter().map(|(d, m)| (*d, models(m))).collect()
    }
}

/// Models with different numbers of `unit` within a dataset (dataset → model → count).
pub fn unequal_counts(counts: &BTreeMap<&str, BTreeMap<&str, usize>>, unit: &str) -> Vec<Finding> {
    counts
        .iter()
        .filter(|(_, per_model)| {
            let distinct: BTreeSet<usize> = per_model.values().copied().collect();
            distinct.len() > 1
        })
        .map(|(dataset, per_model)| {
            let listed: Vec<String> = per_model.iter().map(|(m, n)| format!("{m} {n}")).collect();
            Finding::new(
                TrustErrorCode::UnequalInstanceCounts,
                format!(
                    "models have different numbers of {unit} on {dataset:?}: {}",
                    listed.join(", ")
                ),
            )
        })
        .collect()
}

/// Dataset → operator code → model → count.
pub type OperatorCounts<'a> = BTreeMap<&'a str, BTreeMap<&'a str, BTreeMap<&'a str, usize>>>;

/// Completeness per (dataset, operator) and per (model, dataset, operator): a model that lacks
/// an operator other models have on a dataset (relabelled instances keep the dataset's total, so
/// [`unequal_counts`] alone misses it), and unequal counts of one operator where the dataset's
/// totals agree (where they differ, [`unequal_counts`] has said so). `models` is dataset → the
/// models with records there; `per_operator` counts `unit`.
pub fn unequal_operator_counts(
    per_operator: &OperatorCounts<'_>,
    models: &BTreeMap<&str, BTreeSet<&str>>,
    unit: &str,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let reported: BTreeSet<&str> = models
        .keys()
        .copied()
        .filter(|d| {
            let totals: BTreeSet<usize> = models
                .get(d)
                .into_iter()
                .flatten()
                .map(|m| {
                    per_operator.get(d).map_or(0, |ops| {
                        ops.values().map(|c| c.get(m).copied().unwrap_or(0)).sum()
                    })
                })
                .collect();
            totals.len() > 1
        })
        .collect();
    // A missing operator first: it is the more specific finding (and the one `strict` words).
    let mut unequal = Vec::new();
    for (dataset, ops) in per_operator {
        let Some(on_dataset) = models.get(dataset) else {
            continue;
        };
        for (op, per_model) in ops {
            let lacking: Vec<&str> = on_dataset
                .iter()
                .copied()
                .filter(|m| !per_model.contains_key(m))
                .collect();
            if !lacking.is_empty() {
                out.push(Finding::new(
                    TrustErrorCode::UnequalInstanceCounts,
                    format!(
                        "{} no {unit} of operator {op} on {dataset:?}, which other models have: {}",
                        if lacking.len() == 1 {
                            "a model has"
                        } else {
                            "models have"
                        },
                        examples(lacking.iter().copied())
                    ),
                ));
                continue;
            }
            let distinct: BTreeSet<usize> = per_model.values().copied().collect();
            if distinct.len() > 1 && !reported.contains(dataset) {
                let listed: Vec<String> =
                    per_model.iter().map(|(m, n)| format!("{m} {n}")).collect();
                unequal.push(Finding::new(
                    TrustErrorCode::UnequalInstanceCounts,
                    format!(
                        "models have different numbers of {unit} of operator {op} on {dataset:?}: {}",
                        listed.join(", ")
                    ),
                ));
            }
        }
    }
    out.extend(unequal);
    out
}

/// Instance ids counted under more than one operator ((model, dataset, id) → operator codes).
pub fn duplicate_across_operators(
    operators_of: &BTreeMap<(&str, &str, &str), BTreeSet<&str>>,
) -> Vec<Finding> {
    let repeated: Vec<String> = operators_of
        .iter()
        .filter(|(_, ops)| ops.len() > 1)
        .map(|((model, dataset, id), ops)| {
            format!(
                "{id} ({model}, {dataset}: {})",
                ops.iter().copied().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    if repeated.is_empty() {
        return Vec::new();
    }
    vec![Finding::new(
        TrustErrorCode::DuplicateAcrossOperators,
        format!(
            "{} instance id{} counted under more than one operator: {}",
            repeated.len(),
            if repeated.len() == 1 { " is" } else { "s are" },
            examples(repeated.iter().map(String::as_str))
        ),
    )]
}

/// Models lacking the originals of questions that other models on the dataset answered, and
/// input where every question is perturbed (the unperturbed originals may have been left out,
/// which inflates RAD and coverage). `questions`: dataset → model → (question id → K_i).
pub fn missing_originals(
    questions: &BTreeMap<&str, BTreeMap<&str, BTreeMap<&str, u64>>>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut any_unperturbed = false;
    for (dataset, per_model) in questions {
        let all: BTreeSet<&str> = per_model.values().flat_map(|q| q.keys().copied()).collect();
        for (model, qs) in per_model {
            any_unperturbed |= qs.values().any(|k| *k == 0);
            let missing = all.iter().copied().filter(|q| !qs.contains_key(q));
            push_listing(
                &mut out,
                TrustErrorCode::MissingOriginals,
                missing,
                |n, listed| {
                    format!(
                    "model {model:?} on {dataset:?} has no original answer for {} other models answered: {listed}",
                    counted(n, "question"),
                )
                },
            );
        }
    }
    if !any_unperturbed && !questions.is_empty() {
        out.push(Finding::new(
            TrustErrorCode::AllQuestionsPerturbed,
            "every question has a perturbation (coverage 100%): if the benchmark has questions without one, include their original lines, or RAD and coverage are overstated",
        ));
    }
    out
}

/// [`incomplete_averages`] of a report: its groups and the keys of its "Avg." rows.
pub(crate) fn incomplete_report_averages<'a, S, C>(
    by: &[GroupKey],
    groups: &'a [GroupRow<S, C>],
    averages: impl Iterator<Item = &'a Key>,
) -> Vec<Finding> {
    let groups: Vec<&Key> = groups.iter().map(|g| &g.key).collect();
    incomplete_averages(by, &groups, &averages.collect::<Vec<_>>())
}

/// "Avg." rows that average fewer datasets than the report has: `groups` and `averages` are the
/// keys of the report's groups (in `by` order) and of its dataset averages (`by` without dataset).
pub fn incomplete_averages(by: &[GroupKey], groups: &[&Key], averages: &[&Key]) -> Vec<Finding> {
    let Some((dataset_at, _)) = without_dataset(by) else {
        return Vec::new();
    };
    let all: BTreeSet<&str> = groups.iter().map(|g| g[dataset_at].1.as_str()).collect();
    // One pass over the groups: each key without its dataset → the datasets it has (a scan of
    // every group per "Avg." row grew as models × datasets).
    let mut present_of: BTreeMap<Key, BTreeSet<&str>> = BTreeMap::new();
    for g in groups {
        let mut rest = (**g).clone();
        rest.remove(dataset_at);
        present_of
            .entry(rest)
            .or_default()
            .insert(g[dataset_at].1.as_str());
    }
    let none = BTreeSet::new();
    averages
        .iter()
        .filter_map(|average| {
            let present = present_of.get(*average).unwrap_or(&none);
            (present.len() < all.len()).then(|| {
                Finding::new(
                    TrustErrorCode::IncompleteAverage,
                    format!(
                        "Avg. for {} averages {} of {} datasets (missing {})",
                        key_text(average, "all records"),
                        present.len(),
                        all.len(),
                        examples_of(all.difference(present).copied(), all.len() - present.len())
                    ),
                )
            })
        })
        .collect()
}

/// Keys present on one side of a Spearman pairing only.
pub fn unpaired_keys(what: &str, only_x: &[&str], only_y: &[&str]) -> Vec<Finding> {
    if only_x.is_empty() && only_y.is_empty() {
        return Vec::new();
    }
    let mut parts = Vec::new();
    if !only_x.is_empty() {
        parts.push(format!(
            "only in the first: {}",
            examples(only_x.iter().copied())
        ));
    }
    if !only_y.is_empty() {
        parts.push(format!(
            "only in the second: {}",
            examples(only_y.iter().copied())
        ));
    }
    vec![Finding::new(
        TrustErrorCode::UnpairedSpearmanKeys,
        format!(
            "{what}: unpaired keys left out of rho ({})",
            parts.join("; ")
        ),
    )]
}

/// Records that lack a custom grouping field (grouped under "(missing)").
pub fn missing_fields(missing: &BTreeMap<String, usize>) -> Vec<Finding> {
    missing
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(field, n)| {
            Finding::new(
                TrustErrorCode::MissingGroupField,
                format!(
                    "{n} record{} lack{} the grouping field {field:?} (grouped as \"(missing)\")",
                    if *n == 1 { "" } else { "s" },
                    if *n == 1 { "s" } else { "" }
                ),
            )
        })
        .collect()
}

/// [`against_expected`] from the expected list and the records: each expected instance is
/// wanted of its model, or of every model in `models` when it names none; `id` renders an
/// expected instance as `present` renders each record's (model, id).
pub(crate) fn against_expected_list(
    expected: &[Expected],
    models: &BTreeSet<&str>,
    id: impl Fn(&Expected) -> String,
    present: impl IntoIterator<Item = (String, String)>,
) -> Vec<Finding> {
    let mut want: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for e in expected {
        let wanted = id(e);
        for m in models {
            if e.model.as_deref().is_none_or(|em| em == *m) {
                want.entry(m.to_string())
                    .or_default()
                    .insert(wanted.clone());
            }
        }
    }
    let mut have: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (model, id) in present {
        have.entry(model).or_default().insert(id);
    }
    against_expected(&want, &have)
}

/// Expected instances a model lacks, and instances nobody expected. `expected`: model → ids
/// expected; `present`: model → ids found. Ids are rendered `dataset/operator/id`.
pub fn against_expected(
    expected: &BTreeMap<String, BTreeSet<String>>,
    present: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for (model, want) in expected {
        let have = present.get(model);
        let missing = want
            .iter()
            .map(String::as_str)
            .filter(|id| !have.is_some_and(|h| h.contains(*id)));
        push_listing(
            &mut out,
            TrustErrorCode::MissingExpectedInstance,
            missing,
            |n, listed| {
                let of = want.len();
                format!("model {model:?} lacks {n} of {of} expected instances: {listed}")
            },
        );
        if let Some(have) = have {
            let extra = have
                .iter()
                .map(String::as_str)
                .filter(|id| !want.contains(*id));
            push_listing(
                &mut out,
                TrustErrorCode::UnexpectedInstance,
                extra,
                |n, listed| {
                    let instances = counted(n, "instance");
                    format!("model {model:?} has {instances} not in the expected list: {listed}")
                },
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_turns_the_first_finding_into_its_error() {
        let findings = near_duplicates("model", ["m", "m ", "M", "x"].into_iter());
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0].message.contains("\"M\", \"m\", \"m \""),
            "{}",
            findings[0].message
        );
        assert!(enforce(&findings, false).is_ok());
        let err = enforce(&findings, true).unwrap_err();
        assert_eq!(err.code, TrustErrorCode::NearDuplicateNames);
    }

    #[test]
    fn examples_are_bounded() {
        let many: Vec<String> = (0..8).map(|i| i.to_string()).collect();
        assert_eq!(
            examples(many.iter().map(String::as_str)),
            "\"0\", \"1\", \"2\", \"3\", \"4\" and 3 more"
        );
    }
}
