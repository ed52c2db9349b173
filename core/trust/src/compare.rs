//! Paired comparisons between models on the instances they share: the difference of MRS
//! (reliability, per judged instance) or of ASR (robustness, per perturbation that attacked both
//! models), with a paired-bootstrap interval, the exact two-sided sign-flip (paired permutation)
//! p-value, and Holm's adjustment over all pairs.
//!
//! With grouping keys besides the model (`by: model,dataset`), models are compared within each
//! value of those keys (each dataset, each operator, ...), and Holm's adjustment runs within each
//! such family. Robustness compares flips on shared perturbations with the question as the
//! cluster: the sign-flip test flips each question's summed difference, and the bootstrap
//! resamples questions, because the perturbations of one question are not independent.
//!
//! Scores are integers in a common unit (MRS in half points: r = 1 → 2, 0.5 → 1, 0 → 0; ASR in
//! flips: 1 when the perturbation flipped a correct answer), so the exact null distribution is a
//! convolution of binomials ([`super::stats::sign_flip_test`]).

use std::collections::BTreeMap;

use super::completeness::{enforce, Finding};
use super::error::TrustError;
use super::group::KeyPart;
use super::options::{CompareOptions, ReportOptions};
use super::stats::{holm, percentile_interval, sign_flip_test, stream_seed, PMethod, Rng};

/// A comparison family: each grouping key's value (ranked, so families sort like groups) and
/// name.
pub type Family = Vec<(KeyPart, String)>;

/// Per model: instance identity → integer score.
pub type Scores = BTreeMap<String, BTreeMap<Vec<String>, i64>>;

/// One pair of models.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The first model (sorted order).
    pub a: String,
    /// The second model.
    pub b: String,
    /// What the comparison is restricted to, for people (`dataset DABench`; empty: every record).
    pub within: String,
    /// The same as (grouping key, value) pairs (empty: every record).
    pub within_key: Vec<(String, String)>,
    /// Instances both models have.
    pub shared: usize,
    /// A's metric on the shared instances.
    pub mean_a: f64,
    /// B's metric on the shared instances.
    pub mean_b: f64,
    /// `mean_a − mean_b`.
    pub difference: f64,
    /// Paired-bootstrap percentile interval of the difference.
    pub ci: Option<(f64, f64)>,
    /// Two-sided sign-flip p-value; `None` without shared instances.
    pub p_value: Option<f64>,
    /// How `p_value` was computed.
    pub p_method: PMethod,
    /// Holm-adjusted over every pair of the table.
    pub p_holm: Option<f64>,
}

/// All pairs of models in `scores`, each on the instances both have; `unit` converts a score to
/// the metric (½ for MRS half points, 1 for flips). Every instance is its own cluster.
pub fn all_pairs(scores: &Scores, unit: f64, options: &CompareOptions) -> Vec<Comparison> {
    family_pairs(scores, unit, usize::MAX, &[], options)
}

/// Comparisons within each family (one per value of the grouping keys other than model: a
/// dataset, an operator, ...), Holm-adjusted within the family. `cluster` is how many leading
/// parts of an instance key name its cluster (`usize::MAX`: every instance alone): the test and
/// the interval treat a cluster's instances (the perturbations of one question) as one unit.
pub fn within_families(
    families: &BTreeMap<Family, Scores>,
    unit: f64,
    cluster: usize,
    options: &CompareOptions,
) -> Vec<Comparison> {
    families
        .iter()
        .flat_map(|(family, scores)| family_pairs(scores, unit, cluster, family, options))
        .collect()
}

fn family_pairs(
    scores: &Scores,
    unit: f64,
    cluster: usize,
    family: &[(KeyPart, String)],
    options: &CompareOptions,
) -> Vec<Comparison> {
    let models: Vec<&String> = scores.keys().collect();
    let mut out = Vec::new();
    for (i, a) in models.iter().enumerate() {
        if tabeq::cancel::cancelled() {
            // Interrupted: the binding discards this report and raises its interruption.
            break;
        }
        for b in &models[i + 1..] {
            let pair = Pair {
                a,
                b,
                unit,
                cluster,
                family,
            };
            out.push(pair.compare(&scores[*a], &scores[*b], options));
        }
    }
    let adjusted = holm(&out.iter().map(|c| c.p_value).collect::<Vec<_>>());
    for (c, p) in out.iter_mut().zip(adjusted) {
        c.p_holm = p;
    }
    out
}

/// One comparison's names and units.
struct Pair<'a> {
    a: &'a str,
    b: &'a str,
    unit: f64,
    cluster: usize,
    family: &'a [(KeyPart, String)],
}

impl Pair<'_> {
    fn compare(
        &self,
        sa: &BTreeMap<Vec<String>, i64>,
        sb: &BTreeMap<Vec<String>, i64>,
        options: &CompareOptions,
    ) -> Comparison {
        let (a, b, unit) = (self.a, self.b, self.unit);
        let shared: Vec<(&Vec<String>, i64, i64)> = sa
            .iter()
            .filter_map(|(k, va)| sb.get(k).map(|vb| (k, *va, *vb)))
            .collect();
        let n = shared.len();
        let mean = |f: &dyn Fn(i64, i64) -> i64| {
            if n == 0 {
                0.0
            } else {
                shared.iter().map(|(_, x, y)| f(*x, *y)).sum::<i64>() as f64 * unit / n as f64
            }
        };
        // Per cluster: the summed difference and the number of instances (keys are sorted, so
        // a cluster's instances are adjacent).
        let mut clusters: Vec<(i64, usize)> = Vec::new();
        let mut last: Option<&[String]> = None;
        for (k, x, y) in &shared {
            let id = &k[..self.cluster.min(k.len())];
            if last == Some(id) {
                if let Some(c) = clusters.last_mut() {
                    c.0 += x - y;
                    c.1 += 1;
                }
            } else {
                clusters.push((x - y, 1));
                last = Some(id);
            }
        }
        let differences: Vec<i64> = clusters.iter().map(|c| c.0).collect();
        let test = sign_flip_test(&differences);
        let within = self
            .family
            .iter()
            .map(|((_, v), k)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ");
        let ci = (n > 0).then(|| {
            let mut labels = vec!["compare"];
            if !within.is_empty() {
                labels.push(&within);
            }
            labels.extend([a, b]);
            let mut rng = Rng::new(stream_seed(options.seed, &labels));
            let m = clusters.len() as u64;
            let replicates: Vec<f64> = (0..options.resamples)
                .map(|_| {
                    let (mut sum, mut size) = (0i64, 0usize);
                    for _ in 0..m {
                        let (d, k) = clusters[rng.below(m) as usize];
                        sum += d;
                        size += k;
                    }
                    sum as f64 * unit / size as f64
                })
                .collect();
            percentile_interval(&replicates, options.confidence)
        });
        Comparison {
            a: a.to_string(),
            b: b.to_string(),
            within,
            within_key: self
                .family
                .iter()
                .map(|((_, v), k)| (k.clone(), v.clone()))
                .collect(),
            shared: n,
            mean_a: mean(&|x, _| x),
            mean_b: mean(&|_, y| y),
            difference: mean(&|x, y| x - y),
            ci: ci.flatten(),
            p_value: test.map(|t| t.0),
            p_method: test.map_or(PMethod::Exact, |t| t.1),
            p_holm: None,
        }
    }
}

// Here rather than in `options`, which stays below the comparisons and completeness checks.
impl ReportOptions {
    /// A computed report's completeness `findings` (the first one an error under `strict`), and
    /// its comparisons when asked for (`compare` computes them).
    pub(crate) fn checks(
        &self,
        findings: Vec<Finding>,
        compare: impl FnOnce(&CompareOptions) -> Vec<Comparison>,
    ) -> Result<(Vec<Finding>, Vec<Comparison>), TrustError> {
        enforce(&findings, self.strict)?;
        Ok((
            findings,
            self.compare.as_ref().map(compare).unwrap_or_default(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_use_shared_instances_only() {
        let mut scores = Scores::new();
        let id = |s: &str| vec![s.to_string()];
        scores.insert(
            "a".into(),
            [(id("1"), 2), (id("2"), 2), (id("3"), 0)]
                .into_iter()
                .collect(),
        );
        scores.insert(
            "b".into(),
            [(id("1"), 0), (id("2"), 1), (id("4"), 2)]
                .into_iter()
                .collect(),
        );
        let c = &all_pairs(&scores, 0.5, &CompareOptions::default())[0];
        assert_eq!((c.shared, c.mean_a, c.mean_b), (2, 1.0, 0.25));
        assert_eq!(c.difference, 0.75);
        // Differences 2 and 1: |S| ≥ 3 only for (+,+) and (−,−).
        assert_eq!(c.p_value, Some(0.5));
        assert_eq!(c.p_holm, Some(0.5));
        let (lo, hi) = c.ci.unwrap();
        assert!(lo >= 0.5 && hi <= 1.0, "{lo} {hi}");
    }
}
