//! Statistics without dependencies: Spearman's ρ with average ranks and its two-sided
//! p-value from Student's t (via the regularized incomplete beta function), a seeded
//! generator for the bootstrap, and percentile intervals.
//!
//! ```
//! use tabeq::trust::stats::spearman;
//! let s = spearman(&[1.0, 2.0, 3.0, 4.0], &[10.0, 30.0, 20.0, 40.0]).unwrap();
//! assert!((s.rho.unwrap() - 0.8).abs() < 1e-12);
//! ```

use super::error::{TrustError, TrustErrorCode};

/// Spearman's rank correlation between paired samples.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spearman {
    /// Number of pairs.
    pub n: usize,
    /// ρ: Pearson correlation of the average ranks; `None` when n < 2 or a sample is constant.
    pub rho: Option<f64>,
    /// Student's t statistic ρ·√((n−2)/(1−ρ²)); `None` when undefined (n < 3, |ρ| = 1, no ρ).
    pub t: Option<f64>,
    /// Two-sided p-value from the t distribution with n−2 degrees of freedom; 0 when |ρ| = 1,
    /// `None` when n < 3 or ρ is undefined.
    pub p_value: Option<f64>,
}

/// 1-based ranks, ties given the average of the ranks they span.
pub fn average_ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let rank = (start + end) as f64 / 2.0 + 1.0;
        for &i in &order[start..=end] {
            ranks[i] = rank;
        }
        start = end + 1;
    }
    ranks
}

fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len() as f64;
    let mx = x.iter().sum::<f64>() / n;
    let my = y.iter().sum::<f64>() / n;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        return None;
    }
    Some((sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0))
}

/// Spearman's ρ of paired samples with its two-sided p-value (t distribution, n−2 df).
/// Errors (`invalid_spearman_input`) when the lengths differ or a value is not finite.
pub fn spearman(x: &[f64], y: &[f64]) -> Result<Spearman, TrustError> {
    if x.len() != y.len() {
        return Err(TrustError::new(
            TrustErrorCode::InvalidSpearmanInput,
            format!("samples differ in length: {} vs {}", x.len(), y.len()),
        ));
    }
    if x.iter().chain(y).any(|v| !v.is_finite()) {
        return Err(TrustError::new(
            TrustErrorCode::InvalidSpearmanInput,
            "every value must be a finite number",
        ));
    }
    let n = x.len();
    let rho = if n < 2 {
        None
    } else {
        pearson(&average_ranks(x), &average_ranks(y))
    };
    let (t, p_value) = match rho {
        Some(r) if n >= 3 => {
            let df = (n - 2) as f64;
            if (1.0 - r * r) <= 0.0 {
                (None, Some(0.0))
            } else {
                let t = r * (df / (1.0 - r * r)).sqrt();
                (Some(t), Some(student_t_two_sided_p(t, df)))
            }
        }
        _ => (None, None),
    };
    Ok(Spearman { n, rho, t, p_value })
}

/// P(|T| ≥ |t|) for Student's t with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2).
pub fn student_t_two_sided_p(t: f64, df: f64) -> f64 {
    if !t.is_finite() {
        return 0.0;
    }
    regularized_incomplete_beta(df / (df + t * t), df / 2.0, 0.5).clamp(0.0, 1.0)
}

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, 9 terms; relative error ≲ 1e-15).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const COEF: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1−x) = π / sin(πx).
        let pi = core::f64::consts::PI;
        return (pi / (pi * x).sin()).abs().ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = COEF[0];
    for (i, c) in COEF.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    let t = x + G + 0.5;
    0.5 * (2.0 * core::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The regularized incomplete beta function I_x(a, b) for a, b > 0 and 0 ≤ x ≤ 1, by the
/// continued fraction (modified Lentz), using I_x(a,b) = 1 − I_{1−x}(b,a) where it converges faster.
pub fn regularized_incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    if x < (a + 1.0) / (a + b + 2.0) {
        ln_front.exp() * beta_continued_fraction(x, a, b) / a
    } else {
        1.0 - ln_front.exp() * beta_continued_fraction(1.0 - x, b, a) / b
    }
}

fn beta_continued_fraction(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    const EPS: f64 = 1e-16;
    const MAX_ITERATIONS: usize = 10_000;
    let guard = |v: f64| if v.abs() < TINY { TINY } else { v };
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 / guard(1.0 - qab * x / qap);
    let mut h = d;
    for m in 1..=MAX_ITERATIONS {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 / guard(1.0 + aa * d);
        c = guard(1.0 + aa / c);
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 / guard(1.0 + aa * d);
        c = guard(1.0 + aa / c);
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < EPS {
            break;
        }
    }
    h
}

/// A small, fast, seedable generator (xoshiro256**, seeded through SplitMix64) so that
/// bootstrap intervals are identical on every platform for the same seed.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator for this seed.
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (unbiased, Lemire's method). `n` must be positive.
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let n = n.max(1);
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

/// FNV-1a over text: derives a per-group stream from the caller's seed and the group key, so
/// a group's interval does not depend on which other groups exist or on record order.
pub fn stream_seed(seed: u64, parts: &[&str]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325 ^ seed;
    for part in parts {
        for b in part.bytes().chain(core::iter::once(0xFF)) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
    h
}

/// The `q` quantile (0 ≤ q ≤ 1) of sorted values, interpolating linearly between order
/// statistics (numpy's default, Hyndman–Fan type 7). `None` for no values.
pub fn quantile_sorted(sorted: &[f64], q: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let h = last as f64 * q.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(last);
    let (a, b) = (*sorted.get(lo)?, *sorted.get(hi)?);
    Some(a + (h - lo as f64) * (b - a))
}

/// The equal-tailed percentile interval of bootstrap replicates at `confidence`
/// (e.g. 0.95 → the 2.5th and 97.5th percentiles). Non-finite replicates (an undefined
/// statistic in that resample) are left out; `None` when none remain.
pub fn percentile_interval(replicates: &[f64], confidence: f64) -> Option<(f64, f64)> {
    let mut values: Vec<f64> = replicates
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .collect();
    values.sort_by(f64::total_cmp);
    let alpha = (1.0 - confidence) / 2.0;
    Some((
        quantile_sorted(&values, alpha)?,
        quantile_sorted(&values, 1.0 - alpha)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_average_ties() {
        assert_eq!(
            average_ranks(&[3.0, 1.0, 3.0, 2.0, 3.0]),
            vec![4.0, 1.0, 4.0, 2.0, 4.0]
        );
        assert_eq!(average_ranks(&[]), Vec::<f64>::new());
    }

    #[test]
    fn ln_gamma_matches_factorials_and_sqrt_pi() {
        let mut fact = 1.0f64;
        for n in 1..20 {
            assert!((ln_gamma(n as f64) - fact.ln()).abs() < 1e-12, "n={n}");
            fact *= n as f64;
        }
        assert!((ln_gamma(0.5) - core::f64::consts::PI.sqrt().ln()).abs() < 1e-14);
        assert!((ln_gamma(0.25) - 1.288_022_524_698_077_5).abs() < 1e-13);
    }

    #[test]
    fn t_p_values_match_closed_forms() {
        // df = 1 is Cauchy: p = 1 − (2/π)·atan|t|; df = 2: p = 1 − |t|/√(2+t²).
        for t in [0.0, 0.3, 1.0, 2.5, 10.0, 100.0] {
            let cauchy = 1.0 - 2.0 / core::f64::consts::PI * f64::atan(t);
            assert!(
                (student_t_two_sided_p(t, 1.0) - cauchy).abs() < 1e-12,
                "t={t}"
            );
            let df2 = 1.0 - t / (2.0 + t * t).sqrt();
            assert!(
                (student_t_two_sided_p(-t, 2.0) - df2).abs() < 1e-12,
                "t={t}"
            );
        }
        // Critical values from t tables: P(|T| ≥ 2.447) = 0.05 with 6 df; 2.228 with 10 df.
        assert!((student_t_two_sided_p(2.446_911_85, 6.0) - 0.05).abs() < 1e-8);
        assert!((student_t_two_sided_p(2.228_138_85, 10.0) - 0.05).abs() < 1e-8);
    }

    #[test]
    fn incomplete_beta_symmetry_and_uniform_case() {
        for x in [0.0, 0.1, 0.5, 0.9, 1.0] {
            assert!((regularized_incomplete_beta(x, 1.0, 1.0) - x).abs() < 1e-14);
            let lhs = regularized_incomplete_beta(x, 2.5, 0.7);
            let rhs = 1.0 - regularized_incomplete_beta(1.0 - x, 0.7, 2.5);
            assert!((lhs - rhs).abs() < 1e-12);
        }
    }

    #[test]
    fn spearman_edge_cases() {
        let perfect = spearman(&[1.0, 2.0, 3.0], &[2.0, 4.0, 8.0]).unwrap();
        assert_eq!(
            (perfect.rho, perfect.p_value, perfect.t),
            (Some(1.0), Some(0.0), None)
        );
        let constant = spearman(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]).unwrap();
        assert_eq!((constant.rho, constant.p_value), (None, None));
        let two = spearman(&[1.0, 2.0], &[2.0, 1.0]).unwrap();
        assert_eq!((two.rho, two.p_value), (Some(-1.0), None));
        let err = spearman(&[1.0], &[1.0, 2.0]).unwrap_err();
        assert_eq!(err.code, TrustErrorCode::InvalidSpearmanInput);
        assert!(spearman(&[f64::NAN, 1.0], &[1.0, 2.0]).is_err());
    }

    #[test]
    fn rng_is_deterministic_and_uniform_enough() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let mut counts = [0u32; 5];
        for _ in 0..50_000 {
            let v = a.below(5);
            assert_eq!(v, b.below(5));
            counts[v as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn percentile_interval_type7() {
        let v: Vec<f64> = (0..=100).map(f64::from).collect();
        let (lo, hi) = percentile_interval(&v, 0.95).unwrap();
        assert!(
            (lo - 2.5).abs() < 1e-9 && (hi - 97.5).abs() < 1e-9,
            "{lo} {hi}"
        );
        assert_eq!(quantile_sorted(&[1.0, 2.0], 0.5), Some(1.5));
        assert_eq!(percentile_interval(&[f64::NAN], 0.9), None);
    }
}
