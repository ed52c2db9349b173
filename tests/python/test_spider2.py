"""tabeq.spider2: the recorded official verdicts, explanations, warnings, the prepared gold and the
``tabeq spider2`` command (a drop-in for Spider 2.0's ``evaluate.py --mode exec_result``)."""

from __future__ import annotations

import json
import subprocess
import sys
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
    assert "closest 2 'total' differs at 1 position: position 2: gold 20.02 vs 20" in text
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
