//! Statistics without dependencies: Spearman's ρ with average ranks and its two-sided
//! p-value from Student's t (via the regularized incomplete beta function), a seeded
//! generator for the bootstrap, and percentile intervals.
//!
//! ```
//! use tabeq_trust::stats::spearman;
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

/// Largest n for which the Spearman p-value is computed by enumerating all n! permutations.
pub const MAX_EXACT_SPEARMAN_N: usize = 9;
/// Random permutations (fixed seed) behind the Spearman p-value for larger n.
pub const SPEARMAN_PERMUTATIONS: usize = 20_000;

/// How a p-value was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "lowercase"))]
pub enum PMethod {
    /// Full enumeration of the null distribution.
    Exact,
    /// Seeded random permutations (Monte Carlo), p = (hits + 1) / (draws + 1).
    Permutation,
}

impl PMethod {
    /// `exact` or `permutation`.
    pub fn as_str(self) -> &'static str {
        match self {
            PMethod::Exact => "exact",
            PMethod::Permutation => "permutation",
        }
    }
}

/// The permutation p-value and an interval for Spearman's ρ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpearmanExact {
    /// Two-sided P(|ρ*| ≥ |ρ|) over permutations of y against x; `None` when ρ is undefined.
    pub p_value: Option<f64>,
    /// Whether every permutation was enumerated (n ≤ [`MAX_EXACT_SPEARMAN_N`]).
    pub method: PMethod,
    /// 95% interval from Fisher's z with the Fieller–Hartley–Pearson variance 1.06/(n − 3);
    /// `None` for n ≤ 3 or |ρ| = 1.
    pub ci: Option<(f64, f64)>,
}

/// Relative tolerance when comparing a permuted ρ with the observed one (ties in floating point).
const RHO_TOLERANCE: f64 = 1e-12;

/// The exact (n ≤ 9) or permutation p-value of Spearman's ρ and its Fisher-z interval. Ties keep
/// their average ranks; the permutations shuffle y's ranks against x's.
///
/// ```
/// use tabeq_trust::stats::{spearman_exact, PMethod};
/// // n = 4, a perfect ranking: 2 of the 24 orderings are as extreme (ρ = ±1).
/// let e = spearman_exact(&[1.0, 2.0, 3.0, 4.0], &[1.0, 2.0, 3.0, 4.0]);
/// assert_eq!((e.p_value, e.method), (Some(2.0 / 24.0), PMethod::Exact));
/// ```
pub fn spearman_exact(x: &[f64], y: &[f64]) -> SpearmanExact {
    let n = x.len().min(y.len());
    let (rx, ry) = (average_ranks(&x[..n]), average_ranks(&y[..n]));
    let observed = if n < 2 { None } else { pearson(&rx, &ry) };
    let method = if n <= MAX_EXACT_SPEARMAN_N {
        PMethod::Exact
    } else {
        PMethod::Permutation
    };
    let Some(rho) = observed else {
        return SpearmanExact {
            p_value: None,
            method,
            ci: None,
        };
    };
    let threshold = rho.abs() * (1.0 - RHO_TOLERANCE) - RHO_TOLERANCE;
    let extreme = |perm: &[f64]| pearson(&rx, perm).is_some_and(|r| r.abs() >= threshold);
    let p_value = if method == PMethod::Exact {
        let (mut hits, mut total) = (0u64, 0u64);
        let mut perm = ry.clone();
        for_each_permutation(&mut perm, &mut |p| {
            total += 1;
            hits += u64::from(extreme(p));
        });
        hits as f64 / total as f64
    } else {
        let mut rng = Rng::new(stream_seed(0, &["spearman"]));
        let mut perm = ry.clone();
        let mut hits = 0u64;
        for _ in 0..SPEARMAN_PERMUTATIONS {
            // Fisher–Yates.
            for i in (1..perm.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                perm.swap(i, j);
            }
            hits += u64::from(extreme(&perm));
        }
        (hits + 1) as f64 / (SPEARMAN_PERMUTATIONS + 1) as f64
    };
    SpearmanExact {
        p_value: Some(p_value),
        method,
        ci: fisher_interval(rho, n),
    }
}

/// The 97.5th percentile of the standard normal distribution.
const Z_975: f64 = 1.959_963_984_540_054;

/// tanh(atanh(ρ) ± 1.96·√(1.06/(n − 3))).
pub fn fisher_interval(rho: f64, n: usize) -> Option<(f64, f64)> {
    if n <= 3 || rho.abs() >= 1.0 {
        return None;
    }
    let z = rho.atanh();
    let half = Z_975 * (1.06 / (n as f64 - 3.0)).sqrt();
    Some(((z - half).tanh(), (z + half).tanh()))
}

/// Call `f` with every permutation of `items` (Heap's algorithm, iterative).
fn for_each_permutation(items: &mut [f64], f: &mut dyn FnMut(&[f64])) {
    let n = items.len();
    let mut c = vec![0usize; n];
    f(items);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                items.swap(0, i);
            } else {
                items.swap(c[i], i);
            }
            f(items);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// Most work (distribution size × terms) the exact sign-flip test may do before it samples.
const MAX_SIGN_FLIP_WORK: u64 = 50_000_000;
/// Random sign flips (fixed seed) when the exact distribution is too large to build.
pub const SIGN_FLIPS: usize = 100_000;

/// The two-sided paired permutation (sign-flip) test of Σ d_i = 0 for integer differences:
/// under the null each d_i is +|d_i| or −|d_i| with probability ½, and the p-value is
/// P(|Σ ±|d_i|| ≥ |Σ d_i|). Built exactly by convolving one binomial per distinct magnitude;
/// falls back to seeded random flips when that would be too much work. `None` without data.
///
/// ```
/// use tabeq_trust::stats::{sign_flip_test, PMethod};
/// // Three wins, no loss: P(|S| ≥ 3) = 2/8 (to the last bits of `ln`/`exp`, which differ by build).
/// let (p, method) = sign_flip_test(&[1, 1, 1, 0]).unwrap();
/// assert!((p - 0.25).abs() < 1e-12 && method == PMethod::Exact);
/// ```
pub fn sign_flip_test(differences: &[i64]) -> Option<(f64, PMethod)> {
    if differences.is_empty() {
        return None;
    }
    let observed = differences.iter().map(|d| d.unsigned_abs()).sum::<u64>();
    let signed: i64 = differences.iter().sum();
    let target = signed.unsigned_abs();
    let mut magnitudes: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
    for d in differences.iter().filter(|d| **d != 0) {
        *magnitudes.entry(d.unsigned_abs()).or_default() += 1;
    }
    if magnitudes.is_empty() {
        return Some((1.0, PMethod::Exact));
    }
    let work = magnitudes.values().fold(0u64, |acc, k| {
        acc.saturating_add(observed.saturating_mul(*k + 1))
    });
    if work > MAX_SIGN_FLIP_WORK {
        let mut rng = Rng::new(stream_seed(0, &["sign_flip"]));
        let abs: Vec<i64> = differences.iter().map(|d| d.abs()).collect();
        let mut hits = 0u64;
        for _ in 0..SIGN_FLIPS {
            let mut sum = 0i64;
            for &a in &abs {
                sum += if rng.next_u64() >> 63 == 0 { a } else { -a };
            }
            hits += u64::from(sum.unsigned_abs() >= target);
        }
        return Some((
            (hits + 1) as f64 / (SIGN_FLIPS + 1) as f64,
            PMethod::Permutation,
        ));
    }
    // dist[s + offset] = P(S = s), S over the magnitudes seen so far.
    let offset = observed as usize;
    let mut dist = vec![0.0f64; 2 * offset + 1];
    dist[offset] = 1.0;
    let mut reach = 0usize;
    for (&m, &k) in &magnitudes {
        let pmf = binomial_half_pmf(k);
        let m = m as usize;
        let mut next = vec![0.0f64; dist.len()];
        for (s, &mass) in dist
            .iter()
            .enumerate()
            .take(offset + reach + 1)
            .skip(offset - reach)
        {
            if mass == 0.0 {
                continue;
            }
            // Y ~ Bin(k, 1/2) positives: contribution m·(2Y − k).
            for (y, p) in pmf.iter().enumerate() {
                let at = s + 2 * m * y;
                next[at - m * k as usize] += mass * p;
            }
        }
        reach += m * k as usize;
        dist = next;
    }
    let tail: f64 = dist
        .iter()
        .enumerate()
        .filter(|(s, _)| (*s as i64 - offset as i64).unsigned_abs() >= target)
        .map(|(_, p)| p)
        .sum();
    Some((tail.min(1.0), PMethod::Exact))
}

/// P(Y = y) for Y ~ Bin(k, 1/2), y = 0..=k, in log space so that large k does not underflow.
fn binomial_half_pmf(k: u64) -> Vec<f64> {
    let ln_half = -(k as f64) * core::f64::consts::LN_2;
    let mut ln_choose = 0.0f64;
    let mut out = Vec::with_capacity(k as usize + 1);
    for y in 0..=k {
        if y > 0 {
            ln_choose += ((k - y + 1) as f64).ln() - (y as f64).ln();
        }
        out.push((ln_choose + ln_half).exp());
    }
    out
}

/// Holm's step-down adjustment of p-values (undefined ones stay undefined and do not count).
///
/// ```
/// use tabeq_trust::stats::holm;
/// assert_eq!(holm(&[Some(0.01), Some(0.04), None, Some(0.03)]),
///            vec![Some(0.03), Some(0.06), None, Some(0.06)]);
/// ```
pub fn holm(p_values: &[Option<f64>]) -> Vec<Option<f64>> {
    let mut order: Vec<(usize, f64)> = p_values
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|p| (i, p)))
        .collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let m = order.len();
    let mut adjusted = vec![None; p_values.len()];
    let mut running = 0.0f64;
    for (rank, (i, p)) in order.into_iter().enumerate() {
        running = running.max(((m - rank) as f64 * p).min(1.0));
        adjusted[i] = Some(running);
    }
    adjusted
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

    fn factorial(n: usize) -> f64 {
        (1..=n).map(|i| i as f64).product()
    }

    #[test]
    fn exact_spearman_counts_permutations() {
        // n = 3: ρ takes 1, .5, .5, −.5, −.5, −1 over the 6 orderings.
        let e = spearman_exact(&[1.0, 2.0, 3.0], &[1.0, 3.0, 2.0]);
        assert_eq!(e.p_value, Some(1.0));
        let e = spearman_exact(&[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0, 1.0, 3.0, 4.0, 5.0]);
        // ρ = 0.9; |ρ*| ≥ 0.9 for ρ* ∈ {±1, ±0.9}: 2 + 2·4 = 10 of 120.
        assert!((e.p_value.unwrap() - 10.0 / factorial(5)).abs() < 1e-15);
        assert!(e.ci.is_some());
        let big: Vec<f64> = (0..12).map(f64::from).collect();
        let e = spearman_exact(&big, &big);
        assert_eq!(e.method, PMethod::Permutation);
        assert!(e.p_value.unwrap() < 0.001);
    }

    #[test]
    fn sign_flip_matches_binomial_and_enumeration() {
        // Single magnitude: the exact two-sided sign test. 8 wins, 2 losses: P(|S| ≥ 6) over
        // Bin(10, ½) = 2·(1 + 10 + 45)/1024.
        let d: Vec<i64> = [1; 8].iter().chain(&[-1; 2]).copied().collect();
        let (p, m) = sign_flip_test(&d).unwrap();
        assert_eq!(m, PMethod::Exact);
        assert!((p - 112.0 / 1024.0).abs() < 1e-15);
        // Mixed magnitudes against brute force over all 2^n sign vectors.
        let d = [2i64, 1, 1, -2, 2, 1, 0, 2, -1, 2];
        let target: i64 = d.iter().sum::<i64>().abs();
        let mut hits = 0u32;
        for mask in 0u32..(1 << d.len()) {
            let s: i64 = d
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    if mask >> i & 1 == 1 {
                        v.abs()
                    } else {
                        -v.abs()
                    }
                })
                .sum();
            hits += u32::from(s.abs() >= target);
        }
        let (p, _) = sign_flip_test(&d).unwrap();
        assert!((p - f64::from(hits) / 1024.0).abs() < 1e-14);
        assert_eq!(sign_flip_test(&[0, 0]), Some((1.0, PMethod::Exact)));
        assert_eq!(sign_flip_test(&[]), None);
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
