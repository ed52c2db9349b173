"""tabeq.trust and `tabeq trust`: the paper's numbers, hand-computed cases, properties,
error codes, the CLI's formats and exit codes, and the examples in docs/trust-metrics.md."""

from __future__ import annotations

import csv
import doctest
import io
import json
import pickle
import random
import re
import shlex
import subprocess
import sys
import types
import typing
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import tabeq
from tabeq import trust
from tabeq.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "trust"
OPERATORS = ["FDM", "DM", "FLM", "DAM", "SCM", "EC", "HC"]


def labelled(model: str, dataset: str, full: int, partial: int, none: int) -> list[dict[str, Any]]:
    labels = ["full"] * full + ["partial"] * partial + ["none"] * none
    return [
        {
            "model": model,
            "dataset": dataset,
            "operator": OPERATORS[i % 7],
            "instance_id": f"{dataset}-{i}",
            "label": label,
        }
        for i, label in enumerate(labels)
    ]


def pct(value: float) -> str:
    return f"{100 * value:.2f}"


def row(rows: list[dict[str, Any]], **key: str) -> dict[str, Any]:
    return next(r for r in rows if r["key"] == key)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def in_root(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(ROOT)
    return ROOT


# --- The paper's numbers ---------------------------------------------------------------------------


def paper_records() -> list[dict[str, Any]]:
    return labelled("GPT-5.5", "AIDABench-QA", 73, 115, 374) + labelled("GPT-5.5", "DABench", 129, 66, 448)


def test_paper_gpt55_rates_and_average() -> None:
    report = trust.reliability(paper_records(), by=["model", "dataset"])
    aida = row(report.groups, model="GPT-5.5", dataset="AIDABench-QA")
    assert aida["n"] == 562
    assert [pct(aida[k]) for k in ("frr", "prr", "nrr", "mrs")] == ["12.99", "20.46", "66.55", "23.22"]
    dab = row(report.groups, model="GPT-5.5", dataset="DABench")
    assert dab["n"] == 643
    assert [pct(dab[k]) for k in ("frr", "prr", "nrr", "mrs")] == ["20.06", "10.26", "69.67", "25.19"]
    # Exact fractions: MRS = (73 + 115/2) / 562 and (129 + 66/2) / 643.
    assert aida["mrs"] == 130.5 / 562 and dab["mrs"] == 162 / 643
    avg = row(report.dataset_average, model="GPT-5.5")
    assert pct(avg["mrs"]) == "24.21" and avg["datasets"] == 2
    # "Avg." is the unweighted mean of per-dataset MRS, not the pooled MRS (292.5/1205 = 24.27%).
    assert pct(report.overall["mrs"]) == "24.27"
    table = report.table()
    assert "562             12.99             20.46             66.55             23.22" in table
    assert "643        20.06        10.26        69.67        25.19" in table
    assert next(line for line in table.splitlines() if line.startswith("GPT-5.5")).endswith("   24.21")
    assert repr(report) == table == str(report)


PAPER_AIDA = [14.68, 12.72, 8.48, 8.27, 15.57, 23.22, 7.03, 11.65]
PAPER_DABENCH = [15.16, 11.59, 9.72, 5.68, 11.59, 25.19, 5.05, 3.34]


def test_paper_spearman() -> None:
    result = trust.spearman(PAPER_AIDA, PAPER_DABENCH)
    assert result.n == 8
    assert result.rho is not None and result.p_value is not None
    assert f"{result.rho:.2f}" == "0.81" and f"{result.p_value:.3f}" == "0.014"
    # By hand: x ranks 6 5 3 2 7 8 1 4; y ranks 7 4.5 3 2 4.5 8 1... (y's tie at 11.59 -> 4.5),
    # Pearson of the ranks = 0.8143858581...
    assert result.rho == pytest.approx(0.8143858581010162, abs=1e-12)
    # Student t with 6 df at t = rho*sqrt(6/(1-rho^2)) = 3.4374: two-sided p by Simpson's rule.
    t = result.rho * (6 / (1 - result.rho**2)) ** 0.5
    assert result.t == pytest.approx(t)
    assert result.p_value == pytest.approx(simpson_t_tail(t, 6), abs=1e-6)


def simpson_t_tail(t: float, df: int) -> float:
    from math import gamma, pi, sqrt

    c = gamma((df + 1) / 2) / (sqrt(df * pi) * gamma(df / 2))

    def density(x: float) -> float:
        return float(c * (1 + x * x / df) ** (-(df + 1) / 2))

    steps, upper = 200_000, 5_000.0
    h = (upper - t) / steps
    total = density(t) + density(upper)
    total += sum((4 if i % 2 else 2) * density(t + i * h) for i in range(1, steps))
    return 2 * total * h / 3


def test_spearman_mappings_pair_by_key_and_edge_cases() -> None:
    x = {"a": 1.0, "b": 2.0, "c": 3.0, "only_x": 9.0}
    y = {"c": 30.0, "b": 10.0, "a": 20.0}
    result = trust.spearman(x, y)
    assert result.keys == ["a", "b", "c"] and result.n == 3
    # Ranks (1, 2, 3) vs (2, 1, 3): 1 - 6 * (1 + 1 + 0) / (3 * 8) = 0.5.
    assert result.rho == pytest.approx(0.5)
    constant = trust.spearman([1, 1, 1], [1, 2, 3])
    assert constant.rho is None and constant.p_value is None
    perfect = trust.spearman([1, 2, 3], [10, 20, 40])
    assert (perfect.rho, perfect.p_value) == (1.0, 0.0)
    with pytest.raises(trust.TrustError) as info:
        trust.spearman([1, 2], [1, 2, 3])
    assert info.value.code == "invalid_spearman_input"
    with pytest.raises(trust.TrustError):
        trust.spearman([1, "x"], [1, 2])  # type: ignore[list-item]
    with pytest.raises(trust.TrustError):
        trust.spearman([1, float("nan")], [1, 2])


def test_rank_agreement_in_reliability_report() -> None:
    records: list[dict[str, Any]] = []
    aida_counts = [(3, 0), (2, 1), (1, 0)]
    dab_counts = [(2, 2), (3, 0), (0, 1)]
    for m, ((fa, pa), (fd, pd)) in enumerate(zip(aida_counts, dab_counts)):
        records += labelled(f"m{m}", "A", fa, pa, 4 - fa - pa)
        records += labelled(f"m{m}", "B", fd, pd, 4 - fd - pd)
    report = trust.reliability(records)
    (agreement,) = report.rank_agreement
    assert agreement["datasets"] == ["A", "B"] and agreement["models"] == ["m0", "m1", "m2"]
    # MRS on A: 3/4, 2.5/4, 1/4; on B: 3/4, 3/4, 0.5/4 -> ranks (3,2,1) vs (2.5,2.5,1).
    expected = trust.spearman([3, 2, 1], [2.5, 2.5, 1])
    assert agreement["rho"] == pytest.approx(expected.rho)
    assert "A          B          3  0.87  0.333      0.667" in report.table()


# --- Hand-computed robustness ------------------------------------------------------------------------

ROBUSTNESS = [
    {"model": "m", "dataset": "d1", "question_id": "q1", "correct": True},
    {
        "model": "m",
        "dataset": "d1",
        "question_id": "q1",
        "perturbation_id": "a",
        "operator": "ROS",
        "correct": True,
    },
    {
        "model": "m",
        "dataset": "d1",
        "question_id": "q1",
        "perturbation_id": "b",
        "operator": "WLR",
        "correct": False,
    },
    {"model": "m", "dataset": "d1", "question_id": "q2", "correct": 1},
    {
        "model": "m",
        "dataset": "d1",
        "question_id": "q2",
        "perturbation_id": "a",
        "operator": "ros",
        "correct": 0,
    },
    {"model": "m", "dataset": "d1", "question_id": "q3", "correct": False},
    {
        "model": "m",
        "dataset": "d1",
        "question_id": "q3",
        "perturbation_id": "a",
        "operator": "NRI",
        "correct": True,
    },
    {"model": "m", "dataset": "d1", "question_id": "q4", "correct": True},
    {
        "model": "m",
        "dataset": "d1",
        "question_id": "q4",
        "perturbation_id": "z",
        "operator": "COS",
        "correct": False,
        "valid": False,
    },
    {"model": "m", "dataset": "d2", "question_id": "q1", "correct": False},
    {
        "model": "m",
        "dataset": "d2",
        "question_id": "q1",
        "perturbation_id": "a",
        "operator": "ROS",
        "correct": True,
    },
]


def test_robustness_hand_computed() -> None:
    report = trust.robustness(ROBUSTNESS)
    d1 = row(report.groups, model="m", dataset="d1")
    # N = 4; S = {q1, q2, q3}; c = 1, 1, 0, 1; attacks: q1's 2 + q2's 1; flips: q1/WLR, q2/ROS.
    assert (d1["n"], d1["covered"], d1["correct"], d1["excluded"]) == (4, 3, 3, 1)
    assert (d1["coverage"], d1["acc_clean"]) == (0.75, 0.75)
    assert (d1["attacks"], d1["flips"], d1["asr"]) == (3, 2, 2 / 3)
    # RAD = (1/4) * ((1 - 1/2) + (1 - 0)) = 0.375.
    assert (d1["rad"], d1["acc_rob"]) == (0.375, 0.375)
    by_level = {e["level"]: e["asr"] for e in d1["asr_by_level"]}
    assert by_level == {"L0": 0.5, "L1": None, "L2": 1.0, "L3": None}
    by_operator = {e["operator"]: (e["attacks"], e["flips"]) for e in d1["asr_by_operator"]}
    assert by_operator == {"ROS": (2, 1), "WLR": (1, 1), "NRI": (0, 0)}
    d2 = row(report.groups, model="m", dataset="d2")
    assert d2["asr"] is None  # undefined, not 0
    avg = row(report.dataset_average, model="m")
    assert (avg["acc_clean"], avg["rad"], avg["asr"]) == (0.375, 0.1875, 2 / 3)
    flat = report.rows()[0]
    assert flat["model"] == "m" and flat["asr_ROS"] == 0.5 and flat["asr_L2"] == 1.0
    table = report.table()
    assert "d1" in table and "ASR by operator" in table and "66.67" in table


# --- Properties ----------------------------------------------------------------------------------


def random_reliability(rng: random.Random, n: int) -> list[dict[str, Any]]:
    return [
        {
            "model": f"m{rng.randrange(3)}",
            "dataset": f"d{rng.randrange(3)}",
            "operator": rng.choice(OPERATORS + ["field_missing", "Header_Conflict"]),
            "instance_id": i,
            "label": rng.choice(["full", "partial", "none", 1, 0.5, 0, "no_refusal"]),
        }
        for i in range(n)
    ]


def random_robustness(rng: random.Random, questions: int) -> list[dict[str, Any]]:
    ops = ["ROS", "COS", "HSS", "SDC", "EVR", "USC", "WLR", "RD", "HHR", "CSR", "DFI", "NRI"]
    records: list[dict[str, Any]] = []
    for q in range(questions):
        model, dataset = f"m{rng.randrange(2)}", f"d{rng.randrange(3)}"
        records.append({"model": model, "dataset": dataset, "question_id": q, "correct": rng.random() < 0.7})
        for p in range(rng.randrange(5)):
            records.append(
                {
                    "model": model,
                    "dataset": dataset,
                    "question_id": q,
                    "perturbation_id": p,
                    "operator": rng.choice(ops),
                    "correct": rng.random() < 0.6,
                }
            )
    return records


def test_property_mrs_equals_frr_plus_half_prr() -> None:
    rng = random.Random(3)
    for n in (1, 5, 40, 200):
        report = trust.reliability(random_reliability(rng, n), by="model,dataset,operator")
        rows = report.groups + report.families + report.pooled + [report.overall] + report.dataset_average
        for r in rows:
            assert r["mrs"] == pytest.approx(r["frr"] + r["prr"] / 2, abs=1e-12)
            assert r["frr"] + r["prr"] + r["nrr"] == pytest.approx(1.0, abs=1e-12)


def test_property_shuffling_records_changes_nothing() -> None:
    rng = random.Random(8)
    for _ in range(5):
        records = random_reliability(rng, 150)
        before = trust.reliability(records, by=["dataset", "operator"], bootstrap=40, seed=5)
        rng.shuffle(records)
        assert trust.reliability(records, by=["dataset", "operator"], bootstrap=40, seed=5) == before
        rob = random_robustness(rng, 50)
        before_rob = trust.robustness(rob, bootstrap=40, seed=5)
        rng.shuffle(rob)
        after = trust.robustness(rob, bootstrap=40, seed=5)
        assert after.to_dict() == before_rob.to_dict() and after.table() == before_rob.table()


def test_property_rad_at_most_acc_clean() -> None:
    rng = random.Random(21)
    for questions in (1, 3, 10, 60):
        report = trust.robustness(random_robustness(rng, questions), by=["model"])
        for r in report.groups + [report.overall]:
            assert 0 <= r["rad"] <= r["acc_clean"] <= 1
            assert r["acc_rob"] == pytest.approx(r["acc_clean"] - r["rad"])
            assert (r["asr"] is None) == (r["attacks"] == 0)


def test_bootstrap_is_deterministic_and_seed_dependent() -> None:
    records = random_reliability(random.Random(1), 300)
    a = trust.reliability(records, by=["model"], bootstrap=300, seed=11)
    assert a == trust.reliability(records, by=["model"], bootstrap=300, seed=11)
    assert a != trust.reliability(records, by=["model"], bootstrap=300, seed=12)
    assert a["bootstrap"] == {"resamples": 300, "seed": 11, "confidence": 0.95}
    for g in a.groups:
        low, high = g["ci"]["mrs"]
        assert low < g["mrs"] < high
    narrow = trust.reliability(records, by=["model"], bootstrap=300, seed=11, confidence=0.5)
    for wide_row, narrow_row in zip(a.groups, narrow.groups):
        assert (
            narrow_row["ci"]["mrs"][1] - narrow_row["ci"]["mrs"][0]
            < wide_row["ci"]["mrs"][1] - wide_row["ci"]["mrs"][0]
        )
    flat = a.rows()[0]
    assert flat["mrs_ci_low"] == a.groups[0]["ci"]["mrs"][0]
    assert " [" in a.table()  # intervals follow the value in tables
    with pytest.raises(trust.TrustError) as info:
        trust.reliability(records, bootstrap=0)
    assert info.value.code == "invalid_options"
    rob = trust.robustness(ROBUSTNESS, bootstrap=100, seed=2)
    assert row(rob.groups, model="m", dataset="d2")["ci"]["asr"] is None


@pytest.mark.parametrize(
    ("command", "keys", "records", "other_track_key"),
    [
        (
            "reliability",
            trust.RELIABILITY_KEYS,
            [{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": "a", "label": "full"}],
            "kind",
        ),
        ("robustness", trust.ROBUSTNESS_KEYS, ROBUSTNESS, "family"),
    ],
)
def test_builtin_grouping_keys_are_the_core_s(
    command: str,
    keys: tuple[str, ...],
    records: list[Any],
    other_track_key: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # One list, the core's: each key groups its track's report, the other track's keys do not,
    # and `tabeq trust COMMAND --help` names exactly these.
    report = getattr(trust, command)
    for key in keys:
        assert report(records, by=[key]).by == [key]
    with pytest.raises(trust.TrustError) as info:
        report(records, by=[other_track_key])
    assert info.value.code == "invalid_options"
    with pytest.raises(SystemExit):
        main(["trust", command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"grouping keys: {', '.join(keys)} or any record field" in help_text


# --- Errors -----------------------------------------------------------------------------------------

GOOD = {"model": "m", "dataset": "d", "operator": "FDM", "instance_id": "a", "label": "full"}


@pytest.mark.parametrize(
    ("records", "code", "line"),
    [
        ([GOOD, {**GOOD, "operator": "nonsense"}], "unknown_operator", 2),
        ([{**GOOD, "label": "maybe"}], "unknown_label", 1),
        ([GOOD, {**GOOD, "instance_id": "b"}, GOOD], "duplicate_id", 3),
        ([{**GOOD, "operator": "ROS"}], "mixed_tracks", 1),
        ([{"model": "m", "dataset": "d", "question_id": 1, "correct": True}], "mixed_tracks", 1),
        ([{k: v for k, v in GOOD.items() if k != "model"}], "missing_field", 1),
        ([{**GOOD, "model": ""}], "invalid_field", 1),
        ([GOOD, "not a mapping"], "not_an_object", 2),
        ([], "no_records", None),
    ],
)
def test_reliability_error_codes(records: list[Any], code: str, line: int | None) -> None:
    with pytest.raises(trust.TrustError) as info:
        trust.reliability(records)
    assert (info.value.code, info.value.line) == (code, line)
    assert isinstance(info.value, tabeq.TabeqError)


def test_robustness_error_codes() -> None:
    original = {"model": "m", "dataset": "d", "question_id": "q", "correct": True}
    perturbation = {**original, "perturbation_id": "p", "operator": "ROS"}
    cases = [
        ([original, {**perturbation, "question_id": "other"}], "orphan_perturbation", 2),
        ([original, original], "duplicate_id", 2),
        ([original, perturbation, {**perturbation, "operator": "COS"}], "duplicate_id", 3),
        ([original, {**perturbation, "operator": "FDM"}], "mixed_tracks", 2),
        ([{**original, "correct": "sometimes"}], "invalid_correct", 1),
        ([original, GOOD], "mixed_tracks", 2),
        ([perturbation], "no_records", None),
    ]
    for records, code, line in cases:
        with pytest.raises(trust.TrustError) as info:
            trust.robustness(records)
        assert (info.value.code, info.value.line) == (code, line), records
    with pytest.raises(trust.TrustError) as info:
        trust.robustness([original], by=["family"])
    assert info.value.code == "invalid_options"


def test_error_is_picklable_and_codes_match_the_literal() -> None:
    error = trust.TrustError("boom", "duplicate_id", 7)
    clone = pickle.loads(pickle.dumps(error))
    assert (clone.message, clone.code, clone.line) == ("boom", "duplicate_id", 7)
    assert str(clone) == "duplicate_id (line 7): boom"
    assert trust.error_codes() == list(typing.get_args(trust.TrustErrorCode))


def test_file_inputs(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in paper_records()) + "\n\n", encoding="utf-8")
    from_path = trust.reliability(path)
    assert from_path == trust.reliability(str(path)) == trust.reliability(paper_records())
    with path.open(encoding="utf-8") as fh:
        assert trust.reliability(fh) == from_path
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(json.dumps(GOOD).encode() + b'\n{"model": "\xff"}\n')
    with pytest.raises(trust.TrustError) as info:
        trust.reliability(bad)
    assert (info.value.code, info.value.line) == ("invalid_utf8", 2)
    with pytest.raises(trust.TrustError) as info:
        trust.reliability(tmp_path / "missing.jsonl")
    assert info.value.code == "io_error"
    bad.write_text(json.dumps(GOOD) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(trust.TrustError) as info:
        trust.reliability(bad)
    assert (info.value.code, info.value.line) == ("invalid_json", 2)


def test_registered_operators() -> None:
    extra = [
        {
            "code": "CTX",
            "name": "context_truncation",
            "track": "reliability",
            "family": "information deletion",
            "difficulty": "hard",
        },
        {
            "code": "TYP",
            "name": "typo_injection",
            "track": "robustness",
            "kind": "redundancy injection",
            "level": "L1",
        },
    ]
    registry = trust.operators(extra)
    assert len(trust.operators()) == 19 and len(registry) == 21
    assert registry[-1] == {**extra[1], "builtin": False}
    report = trust.reliability(
        [{**GOOD, "operator": "Context_Truncation"}], by=["operator", "difficulty"], operators=extra
    )
    assert report.groups[0]["key"] == {"operator": "CTX", "difficulty": "hard"}
    with pytest.raises(trust.TrustError) as info:
        trust.operators([{**extra[0], "code": "fdm"}])
    assert info.value.code == "invalid_operator_registration"


def test_to_pandas_with_and_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    report = trust.reliability(paper_records(), by=["dataset"])
    frames: list[Any] = []
    fake = types.ModuleType("pandas")
    fake.DataFrame = lambda rows: frames.append(rows) or "frame"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pandas", fake)
    assert report.to_pandas() == "frame"
    assert [r["dataset"] for r in frames[0]] == ["AIDABench-QA", "DABench"]
    assert report.to_pandas("dataset_average") == "frame" and frames[1][0]["datasets"] == 2
    with pytest.raises(ValueError, match="unknown section"):
        report.to_pandas("nope")
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="tabeq\\[pandas\\]"):
        report.to_pandas()


def test_dataframe_like_records_and_numpy_like_scalars() -> None:
    class Scalar:
        def __init__(self, value: object) -> None:
            self.value = value

        def item(self) -> object:
            return self.value

    class Frame:
        def to_dict(self, orient: str) -> list[dict[str, Any]]:
            assert orient == "records"
            return [{**GOOD, "instance_id": Scalar(5), "label": Scalar(0.5)}]

    report = trust.reliability(Frame(), by=[])
    assert report.overall["partial"] == 1


# --- Manifest ---------------------------------------------------------------------------------------


def test_manifest_from_examples_and_relative_paths(tmp_path: Path) -> None:
    report = trust.robustness_from_manifest(EXAMPLES / "manifest.jsonl", by=["model"])
    verdicts = [(s["model"], s["question_id"], s["operator"], s["correct"]) for s in report.scored]
    assert verdicts == [
        ("Model-A", "q1", None, True),
        ("Model-A", "q1", "ROS", True),
        ("Model-A", "q1", "USC", False),
        ("Model-A", "q2", None, True),
        ("Model-A", "q2", "COS", True),
        ("Model-A", "q2", "DFI", False),
        ("Model-B", "q1", None, False),
        ("Model-B", "q1", "ROS", True),
        ("Model-B", "q2", None, True),
        ("Model-B", "q2", "ROS", False),
        ("Model-B", "q2", "NRI", False),
    ]
    a, b = report.groups
    assert (a["acc_clean"], a["asr"], a["rad"]) == (1.0, 0.5, 0.5)
    assert (b["acc_clean"], b["attacks"], b["flips"], b["asr"], b["rad"]) == (0.5, 2, 2, 1.0, 0.5)
    assert report.rows("scored")[-1]["error_code"] == "missing_prediction"
    # A manifest elsewhere with a broken gold path.
    (tmp_path / "c.json").write_text((EXAMPLES / "tables/configs/task_1.json").read_text(), encoding="utf-8")
    line = {
        "model": "m",
        "dataset": "d",
        "question_id": 1,
        "prediction": "p.csv",
        "gold": "g.csv",
        "config": "c.json",
    }
    manifest = tmp_path / "m.jsonl"
    manifest.write_text(json.dumps(line), encoding="utf-8")
    with pytest.raises(trust.TrustError) as info:
        trust.robustness_from_manifest(manifest)
    assert (info.value.code, info.value.line) == ("manifest_file_missing", 1)
    (tmp_path / "g.csv").write_text("region,gdp\nNorth,1.25\n", encoding="utf-8")
    (tmp_path / "p.csv").write_text("a,b\nNorth,1.3\n", encoding="utf-8")
    ok = trust.robustness_from_manifest(manifest)
    assert ok.scored[0]["correct"] is True and ok.overall["acc_clean"] == 1.0


def test_inspect_log_fields_are_mapped_by_the_core() -> None:
    # What the Python reader hands over (a log as plain JSON); the core decides what it means.
    # tests/python/test_integrations.py reads logs written by a real inspect_ai eval.
    log = {
        "model": "openai/m",
        "task": "refusals",
        "dataset": None,
        "samples": [
            {
                "id": 1,
                "epoch": 1,
                "metadata": {"op": "FDM"},
                "scores": {"judge": {"value": "C"}},
                "error": None,
            },
            {
                "id": "b",
                "epoch": 1,
                "metadata": {"op": "EC"},
                "scores": {"judge": {"value": "P"}},
                "error": None,
            },
        ],
    }
    options = {"track": "reliability", "fields": {"operator": "op"}, "dataset": "aida"}
    records = tabeq._tabeq.trust_records_from_inspect(json.dumps(log), json.dumps(options))
    assert records == [
        {"model": "openai/m", "dataset": "aida", "operator": "FDM", "instance_id": "1", "label": "full"},
        {"model": "openai/m", "dataset": "aida", "operator": "EC", "instance_id": "b", "label": "partial"},
    ]
    assert trust.reliability(records, by="model").groups[0]["mrs"] == 0.75
    with pytest.raises(trust.TrustError) as info:
        tabeq._tabeq.trust_records_from_inspect(json.dumps(log), json.dumps({"track": "robustness"}))
    assert (info.value.code, info.value.line) == ("invalid_correct", 2)  # "P" is not binary


def test_cli_takes_one_input(in_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = "examples/trust/robustness.jsonl"
    for args in (
        ["reliability"],
        ["robustness", path, "--manifest", "examples/trust/manifest.jsonl"],
        ["robustness", path, "--inspect-log", "x.eval"],
    ):
        code, out, err = run(["trust", *args], capsys)
        assert code == 2 and err.startswith("tabeq trust: error: invalid_options: give one of "), args


# --- CLI --------------------------------------------------------------------------------------------


def test_cli_formats(in_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = "examples/trust/reliability.jsonl"
    code, out, _ = run(["trust", "reliability", path, "--by", "model,dataset"], capsys)
    assert code == 0 and out.startswith("Reliability\n===========\n") and "Avg. MRS" in out
    code, out, _ = run(["trust", "reliability", path, "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["track"] == "reliability" and data["records"] == 252
    assert data == trust.reliability(path).to_dict()
    code, out, _ = run(["trust", "reliability", path, "--by", "model", "--format", "csv"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and [r["section"] for r in rows] == ["overall", "groups", "groups", "groups"]
    assert rows[1]["model"] == "Model-A" and float(rows[1]["mrs"]) == pytest.approx(24.5 / 84)
    code, out, _ = run(["trust", "reliability", path, "--by", "operator", "--format", "markdown"], capsys)
    assert code == 0 and out.startswith("# Reliability") and "| Operator | n | FRR | PRR | NRR | MRS |" in out
    assert "## Operator families (micro)" in out
    code, out, _ = run(["trust", "reliability", path, "--by", "operator", "--format", "svg"], capsys)
    assert code == 0 and out.startswith("<svg") and "MRS by operator" in out
    code, out, _ = run(["trust", "reliability", path, "--format", "html"], capsys)
    assert code == 0 and out.startswith('<div class="tabeq-doc">') and "<figure><svg" in out
    code, out, _ = run(["trust", "robustness", "examples/trust/robustness.jsonl", "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["originals"] == 72
    code, out, _ = run(["trust", "robustness", "--manifest", "examples/trust/manifest.jsonl"], capsys)
    assert code == 0 and "Demo" in out
    code, out, _ = run(["trust", "operators", "--format", "csv"], capsys)
    assert code == 0 and out.splitlines()[2] == "FDM,field_missing,reliability,information deletion,easy"
    code, out, _ = run(["trust", "spearman", "examples/trust/paper-mrs.json", "--format", "json"], capsys)
    assert code == 0 and round(json.loads(out)["rho"], 2) == 0.81


def test_cli_invalid_records_exit_2(
    in_root: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(["trust", "reliability", "examples/trust/invalid.jsonl"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("tabeq trust: error: unknown_operator (line 3): ")
    code, out, err = run(["trust", "reliability", "examples/trust/invalid.jsonl", "--format", "json"], capsys)
    assert code == 2 and json.loads(out)["error"]["code"] == "unknown_operator"
    code, _, err = run(["trust", "robustness", "examples/trust/reliability.jsonl"], capsys)
    assert code == 2 and "mixed_tracks (line 1)" in err
    code, _, err = run(["trust", "reliability", str(tmp_path / "nope.jsonl")], capsys)
    assert code == 2 and "io_error" in err
    code, _, err = run(["trust", "robustness"], capsys)
    assert code == 2 and "invalid_options" in err
    code, _, err = run(["trust", "reliability", "examples/trust/reliability.jsonl", "--by", "level"], capsys)
    assert code == 2 and "invalid_options" in err
    # Any record field groups; one the records lack is a completeness finding, fatal with --strict.
    code, out, _ = run(["trust", "reliability", "examples/trust/reliability.jsonl", "--by", "colour"], capsys)
    assert code == 0 and "(missing)" in out and "missing_group_field" in out
    code, _, err = run(
        ["trust", "reliability", "examples/trust/reliability.jsonl", "--by", "colour", "--strict"], capsys
    )
    assert code == 2 and err.startswith("tabeq trust: error: missing_group_field: 252 records lack")
    operators = tmp_path / "ops.json"
    operators.write_text('{"not": "a list"}', encoding="utf-8")
    code, _, err = run(
        ["trust", "reliability", "examples/trust/reliability.jsonl", "--operators", str(operators)], capsys
    )
    assert code == 2 and "invalid_operator_registration" in err


def test_installed_entry_point_exit_code(in_root: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tabeq", "trust", "reliability", "examples/trust/invalid.jsonl"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "unknown_operator" in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "tabeq", "trust", "reliability", "-", "--by", "model", "--format", "json"],
        input="\n".join(json.dumps(r) for r in paper_records()),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and pct(json.loads(done.stdout)["groups"][0]["mrs"]) == "24.27"


# --- The documentation's examples are what the code prints -------------------------------------------------


def console_blocks(text: str) -> list[tuple[str, str]]:
    blocks = []
    for body in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        lines = body.rstrip("\n").split("\n")
        commands = [line for line in lines if line.startswith("$ ")]
        if len(commands) == 1 and lines[0].startswith("$ tabeq "):
            blocks.append((lines[0][2:], "\n".join(lines[1:])))
    return blocks


def test_docs_console_examples_match(in_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / "trust-metrics.md").read_text(encoding="utf-8")
    blocks = console_blocks(text)
    assert len(blocks) >= 6
    for command, expected in blocks:
        code, out, err = run(shlex.split(command)[1:], capsys)
        assert (out + err).rstrip("\n") == expected, command
        assert code == (2 if "invalid" in command or "--strict" in command else 0)


def test_docs_python_examples_match(in_root: Path) -> None:
    text = (ROOT / "docs" / "trust-metrics.md").read_text(encoding="utf-8")
    examples = re.findall(r"```pycon\n(.*?)```", text, flags=re.S)
    assert len(examples) >= 2
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, example in enumerate(examples):
        test = parser.get_doctest(example, {}, f"trust-metrics.md#{i}", None, 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_module_docstring_example() -> None:
    result = doctest.testmod(trust)
    assert result.attempted >= 3 and result.failed == 0


# --- Groupings, completeness, comparisons, charts (issue 15) -----------------------------------------


def test_any_record_field_groups_and_robustness_groups_by_operator_and_level() -> None:
    records = [
        {**r, "prompt": "cot" if i % 2 else "plain"} for i, r in enumerate(labelled("m", "d", 3, 2, 5))
    ]
    report = trust.reliability(records, by="prompt")
    assert [(g["key"]["prompt"], g["n"]) for g in report.groups] == [("cot", 5), ("plain", 5)]
    assert report.by == ["prompt"]
    rob = trust.robustness("examples/trust/paper-robustness.jsonl", by=["model", "level"])
    gpt = [g for g in rob.groups if g["key"]["model"] == "GPT-5.5"]
    assert [g["key"]["level"] for g in gpt] == ["L0", "L1", "L2", "L3"]
    # Every row keeps its scope's questions (N, Acc_clean) and only that level's perturbations.
    # 226 + 257 questions; L0 operators on AIDABench-QA only (Table 1's counts per operator).
    assert {g["n"] for g in gpt} == {483} and [g["perturbations"] for g in gpt] == [205, 195, 385, 350]
    by_op = trust.robustness("examples/trust/paper-robustness.jsonl", by="operator")
    assert [g["key"]["operator"] for g in by_op.groups][:3] == ["ROS", "COS", "HSS"]
    assert by_op.groups[0]["asr"] == by_op.overall["asr_by_operator"][0]["asr"]


def codes(report: trust.ReliabilityReport | trust.RobustnessReport) -> list[str]:
    return [f["code"] for f in report.findings]


def test_every_completeness_finding_has_a_code_and_strict_raises_it() -> None:
    base = labelled("m1", "A", 2, 1, 3) + labelled("m2", "A", 2, 1, 3)
    cases: list[tuple[list[dict[str, Any]], dict[str, Any], str]] = [
        (base + labelled("m3", "A", 1, 1, 1), {"by": ["model"]}, "unequal_instance_counts"),
        (base + [{**base[0], "operator": "EC"}], {"by": ["model"]}, "duplicate_across_operators"),
        (base + [{**r, "model": "M1 "} for r in base[:6]], {"by": ["model"]}, "near_duplicate_names"),
        (
            base + [{**r, "dataset": "B"} for r in base[:6]],
            {"by": ["model", "dataset"]},
            "incomplete_average",
        ),
        (
            base + [{**r, "dataset": "B"} for r in base[:6]],
            {"by": ["model", "dataset"]},
            "unpaired_spearman_keys",
        ),
        (base, {"by": ["colour"]}, "missing_group_field"),
        (
            base,
            {"expected": [{"dataset": "A", "operator": "FDM", "instance_id": "A-99"}]},
            "missing_expected_instance",
        ),
        (
            base,
            {"expected": [{"dataset": "A", "operator": "FDM", "instance_id": "A-0"}]},
            "unexpected_instance",
        ),
    ]
    for records, options, code in cases:
        assert code in codes(trust.reliability(records, **options)), code
        with pytest.raises(trust.TrustError) as info:
            trust.reliability(records, strict=True, **options)
        assert info.value.code in codes(trust.reliability(records, **options))
    assert codes(trust.reliability(base, by=["model", "dataset"])) == []


def test_robustness_completeness_missing_originals() -> None:
    records = trust.robustness("examples/trust/paper-robustness.jsonl").to_dict()
    assert records["findings"] == []
    lines = (ROOT / "examples/trust/paper-robustness.jsonl").read_text(encoding="utf-8").splitlines()
    kept = [json.loads(line) for line in lines]
    # One model without two originals the others answered; then every unperturbed original dropped.
    dropped = [r for r in kept if not (r["model"] == "GPT-5.5" and r["question_id"] == "DABench-q9")]
    assert codes(trust.robustness(dropped)) == ["unequal_instance_counts", "missing_originals"]
    perturbed = {r["question_id"] for r in kept if "perturbation_id" in r}
    perturbed_only = [r for r in kept if r["question_id"] in perturbed]
    assert codes(trust.robustness(perturbed_only)) == ["all_questions_perturbed"]
    full, partial = trust.robustness(kept, by=[]), trust.robustness(perturbed_only, by=[])
    assert partial.overall["rad"] > full.overall["rad"]  # what leaving them out does silently
    with pytest.raises(trust.TrustError) as info:
        trust.robustness(perturbed_only, strict=True)
    assert info.value.code == "all_questions_perturbed"
    expected = [{"dataset": "DABench", "question_id": "DABench-q9"}]
    assert "missing_expected_instance" in codes(trust.robustness(dropped, expected=expected))


def test_expected_instances_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "expected.jsonl"
    records = labelled("m", "A", 2, 2, 2)
    lines = [{k: r[k] for k in ("dataset", "operator", "instance_id")} for r in records]
    lines.append({"dataset": "A", "operator": "field_missing", "instance_id": "A-6"})
    path.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    report = trust.reliability(records, expected=path)
    (finding,) = report.findings
    assert finding["code"] == "missing_expected_instance"
    assert finding["message"] == 'model "m" lacks 1 of 7 expected instances: "A/FDM/A-6"'


def test_notebook_views_and_svg() -> None:
    report = trust.robustness("examples/trust/paper-robustness.jsonl", by="model,dataset")
    svg = report._repr_svg_()
    root = ET.fromstring(svg)  # well-formed XML, as a notebook's SVG renderer needs
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("font-weight") == "600"]
    assert titles == [
        "ASR by operator",
        "ASR by operator across models",
        "ASR by level",
        "ASR by model and dataset",
    ]
    html = report._repr_html_()
    assert html.startswith('<div class="tabeq-nb">') and html.count("<figure><svg") == 4
    assert "Spearman rho, level vs ASR" in report.table()
    trend = report.level_trend
    assert trend is not None and round(trend["l3_over_l0"], 2) == 2.82


def figure(svg: str, title: str) -> ET.Element:
    """The figure of an SVG document (`--format svg`) whose title is `title`."""
    ns = "{http://www.w3.org/2000/svg}"
    for child in ET.fromstring(svg).iter(f"{ns}svg"):
        heading = child.find(f"{ns}text")
        if heading is not None and heading.get("font-weight") == "600" and heading.text == title:
            return child
    raise AssertionError(f"no figure {title!r}")


def test_charts_draw_intervals_and_the_paper_figure_kinds() -> None:
    ns = "{http://www.w3.org/2000/svg}"
    records = "examples/trust/paper-reliability.jsonl"
    plain = trust.reliability(records, by="model,operator").to_svg()
    boot = trust.reliability(records, by="model,operator", bootstrap=50).to_svg()
    bars = figure(boot, "MRS by operator")
    intervals = [g for g in bars.iter(f"{ns}g") if g.get("class") == "interval"]
    rects = [r for r in bars.iter(f"{ns}rect") if r.find(f"{ns}title") is not None]
    assert len(rects) == 8 * 7 and len(intervals) == len(rects)  # one interval bar per bar
    assert "interval" not in ET.tostring(figure(plain, "MRS by operator"), encoding="unicode")
    # Figure 3: one marker per model and operator (its colour and shape), each model named once
    # in the legend.
    spread = figure(plain, "MRS by operator across models")
    marks = [m for m in spread.iter() if m.get("class") == "marker" and m.find(f"{ns}title") is not None]
    assert len(marks) == 8 * 7
    ink = {(m.tag, m.get("stroke") if m.get("fill") == "none" else m.get("fill")) for m in marks}
    assert len(ink) == 8
    legend = [t.text for t in spread.iter(f"{ns}text")]
    assert legend.count("GPT-5.5") == 1 and legend.count("Qwen3-30B-A3B") == 1
    # Figure 4: full, partial and none shares of each operator, stacked to the whole.
    modes = figure(plain, "Response modes by operator (all groups pooled)")
    segments = [r for r in modes.iter(f"{ns}rect") if r.get("class") == "segment"]
    assert len(segments) == 3 * 7
    for i in range(7):
        assert sum(float(r.get("height", "0")) for r in segments[3 * i : 3 * i + 3]) == pytest.approx(
            220, abs=0.2
        )
    # Robustness: ASR by level, one line per model, with interval bars under --bootstrap.
    rob = trust.robustness("examples/trust/paper-robustness.jsonl", by="model,level", bootstrap=50).to_svg()
    levels = figure(rob, "ASR by level")
    assert len(list(levels.iter(f"{ns}polyline"))) == 8
    assert len([g for g in levels.iter(f"{ns}g") if g.get("class") == "interval"]) == 8 * 4


def test_cli_strict_compare_and_broken_pipe(in_root: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tabeq",
            "trust",
            "reliability",
            "examples/trust/paper-reliability.jsonl",
            "--strict",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "unequal_instance_counts" in done.stderr
    piped = subprocess.run(
        f"{shlex.quote(sys.executable)} -m tabeq trust reliability examples/trust/paper-reliability.jsonl"
        " --by model,operator --compare | head -n 2",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert piped.stdout == "Reliability\n===========\n" and piped.stderr == ""


def test_bootstrap_budget_message_counts_draws() -> None:
    with pytest.raises(trust.TrustError) as info:
        trust.reliability(labelled("m", "d", 100, 100, 200), bootstrap=100_000)
    assert "over 400 records in 4 sections is 160000000 draws" in info.value.message
