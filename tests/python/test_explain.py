"""tabeq.explain: the Diagnosis wrapper, its inputs and options, the column-signature
compatibility score, and the verdict staying exactly evaluate's on every conformance vector."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import tabeq
from conftest import REPO, case_bytes, fixture_config
from tabeq.explain import HINT_NAMES, Diagnosis, column_signature, explain

CONFIG: dict[str, Any] = fixture_config("region_gdp_two_places")
GOLD = b"region,gdp\nNorth,1.25\nSouth,2.5\nEast,3\n"


def test_extra_column_diagnosis() -> None:
    d = explain(b"region,gdp,rank\nNorth,1.25,7\nSouth,2.5,8\nEast,3,9\n", GOLD, CONFIG)
    assert not d.passed
    assert d.error_code == "column_count_mismatch"
    assert d.task_id == "task_3"
    data = d.to_dict()
    assert data["shape"]["extra_prediction_columns"] == [2]
    assert data["shape"]["prediction_columns_matching_no_gold"] == [2]
    assert d.hint_names == ["extra_columns"]
    assert d.hints[0]["would_pass"] is True
    assert d.hints[0]["columns"] == [{"gold_index": None, "prediction_index": 2, "detail": "drop"}]
    assert "'rank'" in d.summary
    assert repr(d) == "<Diagnosis task_3 failed column_count_mismatch hints=['extra_columns']>"


def test_several_near_misses_together() -> None:
    d = explain(b"region,gdp,rank\nnorth,1.3,1\nSouth,2.5,2\nEast,3,3\n", GOLD, CONFIG)
    assert d.hint_names == ["extra_columns", "lower_precision", "text_case"]
    assert [h["would_pass"] for h in d.hints] == [False, False, False]
    assert d.to_dict()["hints_combined_would_pass"] is True
    precision = d.hints[1]["columns"][0]
    assert precision == {"gold_index": 1, "prediction_index": 1, "detail": "decimal_places 2 -> 1"}


def test_the_verdict_is_evaluates() -> None:
    pred = b"GDP,Region\n2.50,South\n1.25,North\n3,East\n"
    d = explain(pred, GOLD, CONFIG)
    assert d.passed and d.error_code is None
    assert d.result == tabeq.evaluate(pred, GOLD, CONFIG).to_dict()
    assert d.to_dict()["mapping"]["official"] is True
    assert d.hints == []
    assert repr(d) == "<Diagnosis task_3 passed>"
    assert d.summary.startswith("Passed")


def test_every_conformance_vector_keeps_its_verdict(cases: list[dict[str, Any]]) -> None:
    diagnosed = 0
    for case in cases:
        gold = case_bytes(case, "gold")
        assert gold is not None
        prediction = case_bytes(case, "prediction")
        try:
            config = tabeq.TaskConfig.from_dict(case["config"])
            official = tabeq.evaluate(prediction, gold, config)
        except tabeq.FatalError as exc:
            with pytest.raises(type(exc)):
                explain(prediction, gold, case["config"])
            continue
        d = explain(prediction, gold, config)
        assert d.result == official.to_dict(), case["id"]
        assert d.passed == official.passed
        assert set(d.hint_names) <= set(HINT_NAMES)
        diagnosed += 1
    assert diagnosed > 2500


def test_missing_prediction_and_paths(tmp_path: Path) -> None:
    d = explain(None, GOLD, CONFIG)
    assert d.error_code == "missing_prediction"
    assert d.to_dict()["input"] == {"status": "missing"}
    assert d.partial_credit["column_signature"]["status"] == "missing_prediction"

    gold_path = tmp_path / "gold.csv"
    gold_path.write_bytes(GOLD)
    absent = tmp_path / "prediction.csv"
    d = explain(absent, gold_path, CONFIG)
    assert d.result == tabeq.evaluate(absent, gold_path, CONFIG).to_dict()
    assert d.error_code == "missing_prediction"

    absent.write_bytes(b"region,gdp\nEast,3\nNorth,1.250\nSouth,2.5\n")
    assert explain(str(absent), str(gold_path), CONFIG).passed

    with pytest.raises(tabeq.GoldError):
        explain(absent, tmp_path / "no-gold.csv", CONFIG)

    directory = tmp_path / "a-directory"
    directory.mkdir()
    d = explain(directory, gold_path, CONFIG)
    assert d.result == tabeq.evaluate(directory, gold_path, CONFIG).to_dict()
    assert d.to_dict()["input"]["csv_error"] == "csv_not_a_regular_file"


def test_invalid_csv_reports_code_and_record() -> None:
    d = explain(b"region,gdp\nNorth,1.25\nSouth\n", GOLD, CONFIG)
    assert d.error_code == "invalid_prediction_csv"
    info = d.to_dict()["input"]
    assert info["status"] == "invalid_csv"
    assert info["csv_error"] == "csv_non_rectangular"
    assert info["record"] == 3
    assert d.to_dict()["shape"] is None
    assert "csv_non_rectangular at record 3" in d.summary


def test_rows_as_input_and_type_failure() -> None:
    rows = [["region", "gdp"], ["North", "1.25"], ["South", "n/a"], ["East", "3"]]
    d = explain(rows, GOLD, CONFIG)
    assert d.error_code == "type_normalization_failed"
    gdp = d.to_dict()["types"]["columns"][1]
    assert gdp["compatible"] == []
    assert gdp["incompatible"][0] == {
        "prediction_index": 1,
        "row": 2,
        "value": "n/a",
        "reason": "cell_invalid_number",
        "bad_cells": 1,
    }
    assert d.to_dict()["types"]["unreadable"] == {"gold_columns": [1], "readable_from": []}


def test_wrong_order_in_an_ordered_task() -> None:
    config = dict(CONFIG, order_sensitive=True)
    d = explain(b"region,gdp\nSouth,2.5\nNorth,1.25\nEast,3\n", GOLD, config)
    assert d.error_code == "relation_mismatch"
    order = d.to_dict()["rows"]["order"]
    assert order["would_match_unordered"] is True
    assert order["first_difference"]["row"] == 1
    assert order["rows_in_place"] == 1
    assert d.hint_names == ["row_order"]
    assert d.hints[0]["would_pass"] is True


def test_options_cap_and_switch_off() -> None:
    gold = b"n\n" + b"".join(f"{i}\n".encode() for i in range(50))
    pred = b"n\n" + b"".join(f"{i + 100}\n".encode() for i in range(50))
    config = {
        "schema_version": "1.0",
        "task_id": "task_1",
        "order_sensitive": False,
        "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}],
    }
    d = explain(pred, gold, config, max_items=2)
    rows = d.to_dict()["rows"]
    assert (rows["missing_count"], len(rows["missing"])) == (50, 2)
    long = b"t\n" + b"x" * 500 + b"\n"
    d = explain(
        long,
        b"t\ny\n",
        dict(config, columns=[{"gold_index": 0, "gold_name": "t", "type": "text"}]),
        max_value_chars=10,
    )
    assert d.to_dict()["rows"]["extra"][0]["values"] == ["x" * 10 + "…"]
    near = b"region,gdp\nnorth,1.25\nSouth,2.5\nEast,3\n"
    assert explain(near, GOLD, CONFIG).hint_names == ["text_case"]
    assert explain(near, GOLD, CONFIG, hints=False).hint_names == []
    with pytest.raises(ValueError):
        explain(near, GOLD, CONFIG, max_items=-1)


def test_json_round_trip_and_equality() -> None:
    d = explain(b"region,gdp\nNorth,1.3\nSouth,2.5\nEast,3\n", GOLD, CONFIG)
    again = Diagnosis.from_json(d.to_json())
    assert again == d
    assert json.loads(d.to_json(indent=None)) == d.to_dict()
    mutated = d.to_dict()
    mutated["passed"] = True
    assert d.passed is False  # to_dict is a copy
    with pytest.raises(ValueError):
        Diagnosis.from_json("[1, 2]")
    # Any indent, as json.dumps writes it; a diagnosis compares by content and is unhashable.
    for indent in (None, 0, 4):
        assert d.to_json(indent=indent) == json.dumps(d.to_dict(), ensure_ascii=False, indent=indent)
    assert type(d) is Diagnosis and (d == "x") is False
    with pytest.raises(TypeError):
        hash(d)


def test_a_diagnosis_read_back_renders_its_record() -> None:
    d = explain(b"region,gdp\nNorth,1.3\nSouth,2.5\nEast,3\n", GOLD, CONFIG)
    saved = Diagnosis.from_json(d.to_json())
    assert (saved.passed, saved.task_id, saved.error_code) == (d.passed, d.task_id, d.error_code)
    assert (saved.summary, saved.hint_names, saved.hints) == (d.summary, d.hint_names, d.hints)
    assert saved.result == d.result and saved.partial_credit == d.partial_credit
    assert repr(saved) == repr(d)
    record_text = tabeq.TaskResult(d.result)._render("text")
    assert saved.to_text() == record_text != d.to_text()
    data = d.to_dict()
    del data["result"]["passed"]
    with pytest.raises(ValueError, match="missing key"):
        Diagnosis.from_json(json.dumps(data))


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_view_escapes_and_shows_every_section() -> None:
    pred = b"region,gdp,<b>x</b>\nNorth,1.3,1\nSouth,2.5,2\nEast,3,3\n"
    d = explain(pred, GOLD, CONFIG)
    markup = d._repr_html_()
    assert "<b>x</b>" not in markup
    parser = _Text()
    parser.feed(markup)
    text = " ".join(parser.text)
    for heading in (
        "Column mapping",
        "Gold rows missing from the prediction",
        "Near misses",
        "Partial credit (not the official score)",
    ):
        assert heading in text
    assert "<b>x</b>" in text  # shown as text, escaped in the markup
    assert "extra_columns" in text
    assert parser.tags.count("table") >= 3
    assert d.to_text().startswith("task_3: failed (column_count_mismatch)")
    assert "extra\\_columns" in d.to_markdown()


def test_column_signature_compatibility_mode(tmp_path: Path) -> None:
    gold = b"d,n,t\n2024-01-02,1234.5,x\n2024-01-03,,y\n"
    same = b'T,N,D\n y ,NaN,2024-01-03T00:00:00\nx,"1,234.50",2024-01-02\n'
    score = column_signature(same, gold)
    assert score["status"] == "perfect_match"
    assert score["score"] == 1.0
    strict = column_signature(same, gold, strict=True)
    assert strict["status"] == "partial_match"
    assert strict["matched_columns"] == 2
    assert strict["recall"] == pytest.approx(2 / 3)
    assert strict["penalty"] == pytest.approx(0.1 / 3)
    assert strict["score"] == pytest.approx(2 / 3 - 0.1 / 3)
    extra = column_signature(b"a,b,c,d\n1,q,z,z\n2,r,z,z\n", b"a,b\n1,q\n2,r\n")
    assert (extra["status"], extra["extra_columns"]) == ("partial_match", 2)
    assert extra["score"] == pytest.approx(1 - 0.1 * 2 / 4)
    assert column_signature(b"a\n3\n", b"a\n4\n")["status"] == "no_match"
    assert column_signature(None, gold)["status"] == "missing_prediction"
    assert column_signature(tmp_path / "absent.csv", gold)["status"] == "missing_prediction"
    assert column_signature(b"a\n1\n\n", gold)["status"] == "no_match"
    with pytest.raises(tabeq.GoldError):
        column_signature(b"a\n1\n", b"a\n1\n\n")
    # The diagnosis carries the same score.
    config = fixture_config("date_number_text")
    d = explain(same, gold, config, signature_strict=True)
    assert d.passed
    assert d.partial_credit["column_signature"] == strict


def test_docs_python_blocks_run() -> None:
    """The `python` blocks of docs/explain.md run in order and assert what they show."""
    text = (REPO / "docs" / "explain.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```\n", text, flags=re.MULTILINE | re.DOTALL)
    assert len(blocks) >= 2
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for index, body in enumerate(blocks):
        exec(compile(body, f"explain.md block {index}", "exec"), namespace)
