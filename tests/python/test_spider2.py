"""tabeq.spider2: the recorded official verdicts, explanations, warnings, the prepared gold and the
``tabeq spider2`` command (a drop-in for Spider 2.0's ``evaluate.py --mode exec_result``)."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from tabeq import spider2

VECTORS = Path(__file__).resolve().parents[1] / "spider2" / "vectors.jsonl"


def _vectors() -> list[dict[str, Any]]:
    return [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines()]


def _golds(v: dict[str, Any]) -> Any:
    golds = [g.encode() for g in v["golds"]]
    return golds if v["multi"] else golds[0]


def test_every_recorded_verdict_is_the_officials() -> None:
    vectors = _vectors()
    wrong = []
    for v in vectors:
        r = spider2.compare(v["prediction"].encode(), _golds(v), v["condition_cols"], v["ignore_order"])
        if r.score != v["official_score"] or r.passed != (r.score == 1):
            wrong.append(v["id"])
        gold = spider2.Gold(_golds(v), condition_cols=v["condition_cols"], ignore_order=v["ignore_order"])
        assert gold.score(v["prediction"].encode()) == r.score, v["id"]
    assert not wrong
    assert {v["official_score"] for v in vectors} == {0, 1}


def test_explain_names_the_unmatched_column_and_values_outside_tolerance() -> None:
    r = spider2.compare(b"city,total\nParis,10.5\nRome,20\n", b"name,total\nParis,10.5\nRome,20.02\n")
    assert (r.score, r.passed, r.error) == (0, False, None)
    text = r.explain()
    assert "1 gold column found no matching prediction column" in text
    assert "closest #1 'total' differs in 1 row: row #1: gold 20.02 vs 20" in text
    assert "(tolerance 0.01)" in text
    assert "<table" in r.explain("html")
    assert json.loads(r.to_json())["golds"][0]["compared"][1]["closest"]["mismatch_count"] == 1


def test_soundness_warnings_on_a_pass() -> None:
    r = spider2.compare(b"x,y\n1,b\n2,a\n", b"n,l\n1,a\n2,b\n", ignore_order=True)
    assert r.passed
    assert [code for code, _ in r.warnings] == ["spider2_rows_do_not_correspond"]
    assert "spider2_rows_do_not_correspond" in r.explain()
    r = spider2.compare(b"v\n3\n", b"a,b\n3,3\n")
    assert r.passed and r.warnings[0][0] == "spider2_shared_prediction_column"
    r = spider2.compare(b"x,y\n2,b\n1,a\n", b"n,l\n1,a\n2,b\n", ignore_order=True)
    assert r.passed and r.warnings == []


def test_errors_score_zero_as_the_official() -> None:
    r = spider2.compare(b"a\n1\n", b"a\n1\n", condition_cols=[4])
    assert r.score == 0 and r.error is not None and r.error[0] == "spider2_condition_cols_out_of_range"
    r = spider2.compare(b"", b"a\n1\n")
    assert r.score == 0 and r.error is not None and r.error[0] == "spider2_csv_no_columns"
    with pytest.raises(TypeError):
        spider2.compare(3, b"a\n1\n")  # type: ignore[arg-type]
    with pytest.raises(OSError):
        spider2.compare("/nonexistent/prediction.csv", b"a\n1\n")


def test_paths_and_one_gold_list_use_the_multi_function(tmp_path: Path) -> None:
    pred, gold = tmp_path / "p.csv", tmp_path / "g.csv"
    pred.write_bytes(b"a\n2\n")
    gold.write_bytes(b"a,b\n1,2\n")
    # The multi function hands one gold the first entry of a flat list: [0, 1] means column 0 (falsy: all).
    assert spider2.compare(pred, [gold], condition_cols=[0, 1], ignore_order=True).score == 0
    r = spider2.compare(str(pred), [gold], condition_cols=[1, 0], ignore_order=True)
    assert r.score == 1 and r.warnings[0][0] == "spider2_condition_cols_first_only"
    assert spider2.compare(pred, gold, condition_cols=[1, 0]).score == 0


def test_cli_writes_the_official_lines_and_ids(tmp_path: Path) -> None:
    results, gold = tmp_path / "res", tmp_path / "gold"
    (gold / "exec_result").mkdir(parents=True)
    results.mkdir()
    lines = [{"instance_id": i, "condition_cols": [], "ignore_order": True} for i in ("bq1", "local2", "x3")]
    (gold / "spider2lite_eval.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    (gold / "exec_result" / "bq1_a.csv").write_text("a\n1\n2\n")
    (gold / "exec_result" / "local2.csv").write_text("a\nq\n")
    (results / "bq1.csv").write_text("z\n2\n1.004\n")
    (results / "local2.csv").write_text("a\nr\n")
    (results / "x3.csv").write_text("a\n1\n")
    out = subprocess.run(
        [sys.executable, "-m", "tabeq", "spider2", "--result-dir", str(results), "--gold-dir", str(gold)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "{'bq1': 1, 'local2': 0, 'x3': 0}\n" in out
    assert "Final score: 0.3333333333333333, Correct examples: 1, Total examples: 3\n" in out
    assert "Real score: 0.0018281535648994515, Correct examples: 1, Total examples: 547\n" in out
    assert Path(f"{results}-ids.csv").read_text() == "instance_id\nsf_bq1\n"


def test_explanations_name_lengths_golds_text_and_values_outside_tolerance() -> None:
    text = spider2.compare(b"x\n1\n2\n3\n", b"a\n1\n2\n").explain()
    assert "no match; closest #0 'x' has 3 values, the gold column 2" in text
    text = spider2.compare(b"x\n1\n2\n3\n4\n", b"a\n1.02\n2.5\n3.3\n4.004\n").explain()
    assert "closest #0 'x' differs in 3 rows" in text
    assert "row #0: gold 1.02 vs 1, off by 0.02 (tolerance 0.01)" in text
    assert "row #1: gold 2.5 vs 2, off by 0.5 (tolerance 0.01)" in text
    assert "row #3" not in text  # 4.004 vs 4 is inside the tolerance
    text = spider2.compare(b"x\nParis\n", b"a\nparis\n").explain()
    assert "row #0: gold 'paris' vs 'Paris'" in text and "off by" not in text
    r = spider2.compare(b"x\n1\n", [b"a\n2\n", b"a\n3\n"])
    assert r.score == 0 and "(no gold of 2 passes)" in r.explain()
    assert "Gold #0 (of 2)" in r.explain() and "Gold #1 (of 2)" in r.explain()
    r = spider2.compare(b"x\n3\n", [b"a\n2\n", b"a\n3\n"])
    assert r.score == 1 and "every compared column of gold #1 (of 2 golds) matches" in r.explain()


def test_soundness_warnings_only_when_the_pass_rests_on_them() -> None:
    assert spider2.compare(b"x,y\n3,3\n", b"a,b\n3,3\n").warnings == []
    assert spider2.compare(b"x,y\n1,a\n2,b\n", b"p,q\n1,a\n2,b\n").warnings == []
    failed = spider2.compare(b"x\n1\n", b"a,b,c\n1,1,2\n")
    assert failed.score == 0 and failed.warnings == []
    r = spider2.compare(b"x,y\n1,2\n2,1\n", b"a,b\n1,1\n2,2\n")
    assert r.passed and [c for c, _ in r.warnings] == ["spider2_shared_prediction_column"]
    assert "gold column #1 'b' is matched only by prediction column #0 'x'" in r.warnings[0][1]
    assert "[spider2_shared_prediction_column]" in r.explain()


def test_every_code_the_profile_reports_is_in_the_catalogue() -> None:
    import tabeq

    catalogue = tabeq.error_codes()
    spider2_codes = [c for c, f in catalogue.items() if f == "spider2"]
    assert spider2_codes == list(typing.get_args(tabeq.Spider2ErrorCode))
    cases: list[tuple[bytes, Any, Any, bool]] = [
        (b"", b"a\n1\n", None, False),
        (b'a\n"1\n', b"a\n1\n", None, False),
        (b"a\n1\n2,3,4\n", b"a\n1\n", None, False),
        (b"a\n\xff\n", b"a\n1\n", None, False),
        (b"a\n1\n", b"a\n1\n", ["x"], False),
        (b"a\n1\n", b"a\n1\n", [3], False),
        (b"a\n9\n", [b"a\n1\n", b"a\n9\n"], [[0]], False),
        (b"a\n2\n", [b"a,b\n1,2\n"], [1, 0], False),
        (b"v\n3\n", b"a,b\n3,3\n", None, False),
        (b"x,y\n1,b\n2,a\n", b"n,l\n1,a\n2,b\n", None, True),
    ]
    seen = set()
    for pred, golds, cond, io_ in cases:
        r = spider2.compare(pred, golds, condition_cols=cond, ignore_order=io_)
        seen.update(code for code, _ in r.warnings)
        if r.error is not None:
            seen.add(r.error[0])
    # The two codes of the run's eval file (test_cli_* below).
    assert seen == set(spider2_codes) - {"spider2_eval_file_invalid", "spider2_eval_key_missing"}


@pytest.mark.parametrize(
    ("cond", "lite", "snow"),
    [
        # lite tests truthiness (falsy: every column); Snow tests `!= []` and hands the rest to iloc.
        (0, 0, 1),
        (0.0, 0, 1),
        (False, 0, 0),
        (None, 0, 0),
        ((), 0, 0),
        ("", 0, 0),
        ({}, 0, 0),
        ([], 0, 0),
        ([0], 1, 1),
        ((0,), 0, 0),
        ([0.9], 1, 1),
        ([True, False], 1, 1),
    ],
)
def test_the_snow_variant_tests_condition_cols_by_its_own_rule(cond: object, lite: int, snow: int) -> None:
    gold, pred = b"a,b\n1,2\n", b"a\n1\n"
    assert spider2.compare(pred, gold, cond, variant="lite").score == lite
    assert spider2.compare(pred, gold, cond, variant="snow").score == snow
    assert spider2.Gold(gold, cond, variant="snow").score(pred) == snow


def test_not_given_is_each_variants_default_and_a_bad_variant_is_coded() -> None:
    gold, pred = b"a,b\n1,2\n", b"a,b\n1,2\n"
    # Snow's default is [] (every column), but None given is Snow's iloc[:, [None]]: score 0.
    assert spider2.compare(pred, gold, variant="snow").score == 1
    assert spider2.compare(pred, gold, None, variant="snow").score == 0
    assert spider2.compare(pred, gold, None).score == 1
    with pytest.raises(ValueError) as bad:
        spider2.compare(pred, gold, variant="spider")  # type: ignore[arg-type]
    assert getattr(bad.value, "code", None) == "invalid_argument"
    looped: list[object] = []
    looped.append(looped)
    with pytest.raises(TypeError):
        spider2.compare(pred, gold, looped)  # type: ignore[arg-type]


def test_cli_names_the_code_of_a_bad_eval_file_and_of_an_unreadable_csv(tmp_path: Path) -> None:
    results, gold = tmp_path / "res", tmp_path / "gold"
    (gold / "exec_result").mkdir(parents=True)
    results.mkdir()
    (gold / "spider2lite_eval.jsonl").write_text('{"instance_id": "bq1"}\n[]\n')
    (gold / "exec_result" / "bq1.csv").write_text("a\n1\n")
    (results / "bq1.csv").write_text('a\n"1\n')
    cmd = [sys.executable, "-m", "tabeq", "spider2", "--result-dir", str(results), "--gold-dir", str(gold)]
    bad = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert bad.returncode != 0 and "spider2_eval_file_invalid: line 2 of the eval file" in bad.stderr
    (gold / "spider2lite_eval.jsonl").write_text('{"instance_id": "bq1"}\n')
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    assert "spider2_csv_unterminated_quote: a quoted field starting on line 2 is never closed" in out

    assert "{'bq1': 0}\n" in out


def test_cli_snow_variant_reads_its_eval_file_and_needs_both_keys(tmp_path: Path) -> None:
    results, gold = tmp_path / "res", tmp_path / "gold"
    (gold / "exec_result").mkdir(parents=True)
    results.mkdir()
    (gold / "spider2snow_eval.jsonl").write_text(
        '{"instance_id": "sf1", "condition_cols": 0, "ignore_order": false}\n{"instance_id": "sf2"}\n'
    )
    for iid in ("sf1", "sf2"):
        (gold / "exec_result" / f"{iid}.csv").write_text("a,b\n1,2\n")
        (results / f"{iid}.csv").write_text("a\n1\n")
    cmd = [sys.executable, "-m", "tabeq", "spider2", "--result-dir", str(results), "--gold-dir", str(gold)]
    out = subprocess.run([*cmd, "--variant", "snow"], capture_output=True, text=True, check=True).stdout
    assert "{'sf1': 1, 'sf2': 0}" in out
    assert "spider2_eval_key_missing: " in out
    # Snow's closing: RESULT_DIR.csv with an output column, no TOTAL_GB_PROCESSED line.
    assert (tmp_path / "res.csv").read_text() == "output\nsf1\n"
    assert "TOTAL_GB_PROCESSED" not in out


CONDITION_VECTORS = Path(__file__).resolve().parents[1] / "spider2" / "condition_vectors.jsonl"


def _typed(value: Any) -> Any:
    """A recorded condition_cols as the Python value the official received (tags decoded)."""
    if isinstance(value, list):
        return [_typed(v) for v in value]
    if isinstance(value, dict):
        ((tag, inner),) = value.items()
        if tag == "tuple":
            return tuple(_typed(v) for v in inner)
        if tag == "dict":
            return {_typed(k): _typed(v) for k, v in inner}
        return int(inner) if tag == "int" else float(inner)
    return value


def test_condition_vectors_of_both_variants_are_the_officials() -> None:
    # Split on newlines only: the values hold U+2028, U+0085 and other line breaks of str.splitlines.
    text = CONDITION_VECTORS.read_text(encoding="utf-8")
    cases = [json.loads(line) for line in text.split("\n") if line]
    assert len(cases) >= 1000
    wrong = []
    for case in cases:
        pred = case["prediction"].encode()
        golds = [g.encode() for g in case["golds"]]
        gold: Any = golds if case["multi"] else golds[0]
        for variant in ("lite", "snow"):
            if "condition_cols" in case:
                got = spider2.compare(
                    pred, gold, _typed(case["condition_cols"]), case["ignore_order"], variant=variant
                )
            else:
                got = spider2.compare(pred, gold, ignore_order=case["ignore_order"], variant=variant)
            if got.score != case[f"{variant}_score"]:
                wrong.append((case["id"], variant))
    assert wrong == []
    assert any(c["lite_score"] != c["snow_score"] for c in cases)
