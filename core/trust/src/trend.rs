//! The level trend of robustness: does a higher perturbation level succeed more often? Spearman's
//! ρ between each operator's level (L0..L3 as 0..3) and its ASR, with the t and permutation
//! p-values, and the ratio of ASR at L3 to ASR at L0. Computed on the report's overall row (every
//! record pooled, micro over perturbations).

use super::error::TrustError;
use super::operators::{Level, OperatorRegistry};
use super::stats::{spearman, spearman_exact, Spearman, SpearmanExact};

/// Attack counts of a slice of (question, perturbation) pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Attacks {
    /// Valid perturbations.
    pub perturbations: u64,
    /// Perturbations of originally-correct questions (the ASR denominator).
    pub attacks: u64,
    /// Of those, the ones answered wrongly (the ASR numerator).
    pub flips: u64,
}

impl Attacks {
    /// flips / attacks, `None` when there are no attacks.
    pub fn asr(&self) -> Option<f64> {
        (self.attacks > 0).then(|| self.flips as f64 / self.attacks as f64)
    }
    /// Add another slice's counts.
    pub(crate) fn merge(&mut self, other: &Attacks) {
        self.perturbations += other.perturbations;
        self.attacks += other.attacks;
        self.flips += other.flips;
    }
    pub(crate) fn add(&mut self, correct_before: bool, correct_after: bool) {
        self.perturbations += 1;
        if correct_before {
            self.attacks += 1;
            self.flips += u64::from(!correct_after);
        }
    }
}

/// The level trend.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelTrend {
    /// (operator code, level, ASR) of each operator with a defined ASR, in registry order.
    pub operators: Vec<(String, Level, f64)>,
    /// ρ of level vs ASR over those operators, with its t-distribution p-value.
    pub spearman: Spearman,
    /// Its permutation p-value and interval.
    pub exact: SpearmanExact,
    /// ASR at L3 divided by ASR at L0 (`None` when either is undefined or L0 is 0).
    pub l3_over_l0: Option<f64>,
    /// What the numbers were computed on, for people.
    pub basis: String,
}

/// The trend from per-operator and per-level attack counts; `None` with fewer than three
/// operators that have an ASR (ρ needs them).
pub fn level_trend(
    by_operator: &std::collections::BTreeMap<usize, Attacks>,
    by_level: &[Attacks; 4],
    registry: &OperatorRegistry,
) -> Result<Option<LevelTrend>, TrustError> {
    let operators: Vec<(String, Level, f64)> = by_operator
        .iter()
        .filter_map(|(op, a)| {
            let o = registry.get(*op);
            Some((o.code.clone(), o.level?, a.asr()?))
        })
        .collect();
    if operators.len() < 3 {
        return Ok(None);
    }
    let x: Vec<f64> = operators.iter().map(|(_, l, _)| l.index() as f64).collect();
    let y: Vec<f64> = operators.iter().map(|(_, _, asr)| *asr).collect();
    let l3_over_l0 = match (by_level[3].asr(), by_level[0].asr()) {
        (Some(l3), Some(l0)) if l0 > 0.0 => Some(l3 / l0),
        _ => None,
    };
    Ok(Some(LevelTrend {
        spearman: spearman(&x, &y)?,
        exact: spearman_exact(&x, &y),
        basis: format!(
            "Over the {} operators with an ASR, all records pooled (micro ASR per operator and level).",
            operators.len()
        ),
        operators,
        l3_over_l0,
    }))
}
