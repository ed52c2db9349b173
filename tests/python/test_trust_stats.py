"""The trust statistics against independent implementations: scipy's exact binomial and permutation
tests and Spearman, full enumeration of permutations, and a from-scratch Python port of the paired
bootstrap (same seeded generator, numpy's percentiles). scipy is a dev-only dependency."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import numpy as np
import pytest
from scipy import stats
from tabeq import trust

# --- Helpers -------------------------------------------------------------------------------------

LABEL_SCORE = {"full": 1.0, "partial": 0.5, "none": 0.0}


def reliability_pair(seed: int, n: int, skew: float = 0.0) -> list[dict[str, Any]]:
    """Two models judged on the same n instances (labels drawn at random, B shifted by ``skew``)."""
    rng = random.Random(seed)
    records = []
    for i in range(n):
        for model, shift in (("A", 0.0), ("B", skew)):
            u = rng.random() + shift
            label = "full" if u < 0.3 else "partial" if u < 0.6 else "none"
            records.append(
                {"model": model, "dataset": "d", "operator": "FDM", "instance_id": i, "label": label}
            )
    return records


def differences(records: list[dict[str, Any]]) -> list[float]:
    by = {(r["model"], r["instance_id"]): LABEL_SCORE[r["label"]] for r in records}
    # The core orders shared instances by their ids as text.
    ids = sorted({r["instance_id"] for r in records}, key=str)
    return [by[("A", i)] - by[("B", i)] for i in ids]


# --- Paired permutation (sign-flip) tests ----------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_mrs_sign_flip_matches_scipy_permutation_test(seed: int) -> None:
    records = reliability_pair(seed, 13, skew=0.15 * seed)
    comparison = trust.reliability(records, by=["model"], compare=True).comparisons[0]
    d = np.array(differences(records))
    expected = stats.permutation_test(
        (d,), np.mean, permutation_type="samples", n_resamples=np.inf, alternative="two-sided"
    ).pvalue
    assert comparison["p_method"] == "exact"
    assert comparison["p_value"] == pytest.approx(expected, abs=1e-9)
    assert comparison["difference"] == pytest.approx(float(np.mean(d)), abs=1e-12)


def robustness_pair(
    seed: int, questions: int, operators: tuple[str, ...] = ("ROS", "WLR", "NRI")
) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    records: list[dict[str, Any]] = []
    for model, flip_rate in (("A", 0.2), ("B", 0.45)):
        for q in range(questions):
            records.append({"model": model, "dataset": "d", "question_id": q, "correct": True})
            for op in operators:
                flipped = rng.random() < flip_rate
                records.append(
                    {
                        "model": model,
                        "dataset": "d",
                        "question_id": q,
                        "perturbation_id": op,
                        "operator": op,
                        "correct": not flipped,
                    }
                )
    return records


def flips_of(records: list[dict[str, Any]]) -> dict[tuple[str, int, str], bool]:
    return {
        (r["model"], r["question_id"], r["perturbation_id"]): not r["correct"]
        for r in records
        if "operator" in r
    }


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_asr_sign_flip_flips_whole_questions(seed: int) -> None:
    # The question is the cluster: its perturbations' differences are summed and flipped together.
    records = robustness_pair(seed, 14)
    comparison = trust.robustness(records, by=["model"], compare=True).comparisons[0]
    flips = flips_of(records)
    per_question = np.array(
        [
            sum(int(flips[("A", q, p)]) - int(flips[("B", q, p)]) for p in ("ROS", "WLR", "NRI"))
            for q in range(14)
        ]
    )
    expected = stats.permutation_test(
        (per_question,), np.sum, permutation_type="samples", n_resamples=np.inf, alternative="two-sided"
    ).pvalue
    assert comparison["shared"] == 42
    assert comparison["p_value"] == pytest.approx(expected, abs=1e-9)
    assert comparison["difference"] == pytest.approx(per_question.sum() / 42, abs=1e-12)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_asr_sign_flip_with_one_perturbation_a_question_is_the_exact_binomial_test(seed: int) -> None:
    records = robustness_pair(seed, 60, operators=("NRI",))
    comparison = trust.robustness(records, by=["model"], compare=True).comparisons[0]
    flips = flips_of(records)
    a_only = sum(1 for (m, q, p), f in flips.items() if m == "A" and f and not flips[("B", q, p)])
    b_only = sum(1 for (m, q, p), f in flips.items() if m == "A" and not f and flips[("B", q, p)])
    expected = stats.binomtest(a_only, a_only + b_only, 0.5, alternative="two-sided").pvalue
    assert comparison["shared"] == 60
    assert comparison["p_value"] == pytest.approx(expected, abs=1e-9)


def test_holm_adjustment_over_all_pairs() -> None:
    records = reliability_pair(11, 40) + [
        {**r, "model": "C"} for r in reliability_pair(12, 40, skew=0.4) if r["model"] == "B"
    ]
    comparisons = trust.reliability(records, by=["model"], compare=True).comparisons
    assert [(c["a"], c["b"]) for c in comparisons] == [("A", "B"), ("A", "C"), ("B", "C")]
    raw = [c["p_value"] for c in comparisons]
    order = sorted(range(3), key=lambda i: raw[i])
    expected = [0.0] * 3
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (3 - rank) * raw[i]))
        expected[i] = running
    assert [c["p_holm"] for c in comparisons] == pytest.approx(expected, abs=1e-15)


# --- The paired bootstrap, ported ------------------------------------------------------------------

MASK = (1 << 64) - 1


def stream_seed(seed: int, parts: list[str]) -> int:
    h = 0xCBF29CE484222325 ^ seed
    for part in parts:
        for b in [*part.encode(), 0xFF]:
            h = ((h ^ b) * 0x100000001B3) & MASK
    return h


class Xoshiro:
    def __init__(self, seed: int) -> None:
        state = []
        sm = seed
        for _ in range(4):
            sm = (sm + 0x9E3779B97F4A7C15) & MASK
            z = sm
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            state.append(z ^ (z >> 31))
        self.s = state

    def next(self) -> int:
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & MASK  # noqa: E731
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        threshold = ((1 << 64) - n) % n
        while True:
            m = self.next() * n
            if m & MASK >= threshold:
                return m >> 64


@pytest.mark.parametrize("seed", [0, 42])
def test_paired_bootstrap_interval_matches_a_port(seed: int) -> None:
    records = reliability_pair(seed + 20, 30, skew=0.1)
    comparison = trust.reliability(
        records, by=["model"], compare=True, seed=seed, confidence=0.9
    ).comparisons[0]
    half_points = [round(2 * d) for d in differences(records)]
    rng = Xoshiro(stream_seed(seed, ["compare", "A", "B"]))
    n = len(half_points)
    replicates = [sum(half_points[rng.below(n)] for _ in range(n)) * 0.5 / n for _ in range(2000)]
    alpha = (1.0 - 0.9) / 2.0
    low, high = np.quantile(np.array(replicates), [alpha, 1.0 - alpha])
    assert comparison["ci"] == pytest.approx([low, high], abs=1e-9)


# --- Spearman: t p-value (scipy), exact p-value (full enumeration), interval ---------------------


def enumerated_p(x: list[float], y: list[float]) -> float:
    rx, ry = stats.rankdata(x), stats.rankdata(y)
    observed = abs(np.corrcoef(rx, ry)[0, 1])
    perms = np.array(list(itertools.permutations(ry)))
    rx_c = rx - rx.mean()
    perms_c = perms - perms.mean(axis=1, keepdims=True)
    rho = perms_c @ rx_c / (np.linalg.norm(perms_c, axis=1) * np.linalg.norm(rx_c))
    return float(np.mean(np.abs(rho) >= observed * (1 - 1e-12) - 1e-12))


def random_samples(seed: int, n: int) -> tuple[list[float], list[float]]:
    rng = random.Random(seed)
    x = [float(rng.randint(0, 5)) for _ in range(n)]  # ties on purpose
    y = [xi + rng.gauss(0, 2) for xi in x]
    return x, y


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9])
def test_exact_spearman_p_matches_full_enumeration(n: int) -> None:
    x, y = random_samples(n, n)
    if len(set(x)) == 1:
        x[0] += 1
    result = trust.spearman(x, y)
    assert result.p_exact_method == "exact"
    assert result.p_exact == pytest.approx(enumerated_p(x, y), abs=1e-12)
    reference = stats.spearmanr(x, y)
    assert result.rho == pytest.approx(float(reference.statistic), abs=1e-12)
    assert result.p_value == pytest.approx(float(reference.pvalue), abs=1e-9)


def test_paper_spearman_exact_p_and_interval() -> None:
    aida = [14.68, 12.72, 8.48, 8.27, 15.57, 23.22, 7.03, 11.65]
    dabench = [15.16, 11.59, 9.72, 5.68, 11.59, 25.19, 5.05, 3.34]
    result = trust.spearman(aida, dabench)
    assert (round(result.rho or 0, 2), round(result.p_value or 0, 3)) == (0.81, 0.014)
    assert result.p_exact == pytest.approx(enumerated_p(aida, dabench), abs=1e-12)
    z, half = math.atanh(result.rho or 0), 1.959963984540054 * math.sqrt(1.06 / 5)
    assert result.rho_ci == pytest.approx((math.tanh(z - half), math.tanh(z + half)), abs=1e-12)


def test_larger_samples_use_seeded_permutations() -> None:
    x, y = random_samples(3, 15)
    first, second = trust.spearman(x, y), trust.spearman(x, y)
    assert first.p_exact_method == "permutation" and first.p_exact == second.p_exact
    assert first.p_exact == pytest.approx(float(stats.spearmanr(x, y).pvalue), abs=0.02)
