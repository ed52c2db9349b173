//! Paired comparisons between models on the instances they share: the difference of MRS
//! (reliability, per judged instance) or of ASR (robustness, per perturbation that attacked both
//! models), with a paired-bootstrap interval, the exact two-sided sign-flip (paired permutation)
//! p-value, and Holm's adjustment over all pairs.
//!
//! Scores are integers in a common unit (MRS in half points: r = 1 → 2, 0.5 → 1, 0 → 0; ASR in
//! flips: 1 when the perturbation flipped a correct answer), so the exact null distribution is a
//! convolution of binomials ([`super::stats::sign_flip_test`]).

use std::collections::BTreeMap;

use super::completeness::{enforce, Finding};
use super::error::TrustError;
use super::options::{CompareOptions, ReportOptions};
use super::stats::{holm, percentile_interval, sign_flip_test, stream_seed, PMethod, Rng};

/// Per model: instance identity → integer score.
pub type Scores = BTreeMap<String, BTreeMap<Vec<String>, i64>>;

/// One pair of models.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The first model (sorted order).
    pub a: String,
    /// The second model.
    pub b: String,
    /// What the comparison is restricted to (empty: every record).
    pub within: String,
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
/// the metric (½ for MRS half points, 1 for flips).
pub fn all_pairs(scores: &Scores, unit: f64, options: &CompareOptions) -> Vec<Comparison> {
    let models: Vec<&String> = scores.keys().collect();
    let mut out = Vec::new();
    for (i, a) in models.iter().enumerate() {
        for b in &models[i + 1..] {
            out.push(pair(a, b, &scores[*a], &scores[*b], unit, options));
        }
    }
    let adjusted = holm(&out.iter().map(|c| c.p_value).collect::<Vec<_>>());
    for (c, p) in out.iter_mut().zip(adjusted) {
        c.p_holm = p;
    }
    out
}

fn pair(
    a: &str,
    b: &str,
    sa: &BTreeMap<Vec<String>, i64>,
    sb: &BTreeMap<Vec<String>, i64>,
    unit: f64,
    options: &CompareOptions,
) -> Comparison {
    let shared: Vec<(i64, i64)> = sa
        .iter()
        .filter_map(|(k, va)| sb.get(k).map(|vb| (*va, *vb)))
        .collect();
    let n = shared.len();
    let mean = |f: &dyn Fn(&(i64, i64)) -> i64| {
        if n == 0 {
            0.0
        } else {
            shared.iter().map(f).sum::<i64>() as f64 * unit / n as f64
        }
    };
    let differences: Vec<i64> = shared.iter().map(|(x, y)| x - y).collect();
    let test = sign_flip_test(&differences);
    let ci = (n > 0).then(|| {
        let mut rng = Rng::new(stream_seed(options.seed, &["compare", a, b]));
        let replicates: Vec<f64> = (0..options.resamples)
            .map(|_| {
                let mut sum = 0i64;
                for _ in 0..n {
                    sum += differences[rng.below(n as u64) as usize];
                }
                sum as f64 * unit / n as f64
            })
            .collect();
        percentile_interval(&replicates, options.confidence)
    });
    Comparison {
        a: a.to_string(),
        b: b.to_string(),
        within: String::new(),
        shared: n,
        mean_a: mean(&|p| p.0),
        mean_b: mean(&|p| p.1),
        difference: mean(&|p| p.0 - p.1),
        ci: ci.flatten(),
        p_value: test.map(|t| t.0),
        p_method: test.map_or(PMethod::Exact, |t| t.1),
        p_holm: None,
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
