"""The result classes are the native ones (the package re-exports them), built back from their
JSON exactly; the error catalogue is the core's."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

import tabeq
from conftest import SUITE
from tabeq import _codes, _tabeq

CONFIG = tabeq.TaskConfig([tabeq.text("region"), tabeq.number("gdp", decimal_places=1)], task_id="task_9")
GOLD = b"region,gdp\nNorth,1.25\nSouth,2\n"


def test_the_classes_are_the_native_ones() -> None:
    assert tabeq.TaskResult is _tabeq.TaskResult and tabeq.SuiteResult is _tabeq.SuiteResult
    assert type(tabeq.evaluate(GOLD, GOLD, CONFIG)) is _tabeq.TaskResult
    assert tabeq.TaskResult.__module__ == "tabeq"


def test_a_record_reads_back_to_an_equal_result() -> None:
    failed = tabeq.evaluate(b"region\nNorth\n", GOLD, CONFIG)
    again = tabeq.TaskResult(failed.to_dict())
    assert again == failed and not (again != failed) and hash(again) == hash(failed)
    assert again.to_json() == failed.to_json() and again.config is None
    assert repr(again) == (
        "<TaskResult task_9 failed column_count_mismatch: Expected 2 columns; received 1 "
        "(columns 1/2, rows 1/2)>"
    )
    assert again.error_description == tabeq.ERROR_DESCRIPTIONS["column_count_mismatch"]
    # A record carries no inputs: it shows the record itself.
    assert again.describe().startswith("task_9: failed (column_count_mismatch)")
    assert pickle.loads(pickle.dumps(again)) == again and copy.copy(again) == again


def test_a_csv_detail_code_is_checked_and_kept() -> None:
    unreadable = tabeq.evaluate(b'"a\n', GOLD, CONFIG)
    assert unreadable.csv_error_code == "csv_unterminated_quote"
    rebuilt = tabeq.TaskResult(unreadable.to_dict(), csv_error_code="csv_unterminated_quote")
    assert rebuilt == unreadable and tabeq.TaskResult(unreadable.to_dict()) != unreadable
    try:
        tabeq.TaskResult(unreadable.to_dict(), csv_error_code="not_a_code")
    except tabeq.ArgumentError as error:
        assert "not_a_code" in str(error)
    else:
        raise AssertionError("an unknown csv_error_code was accepted")


def test_a_suite_reads_back_from_its_file(tmp_path: Path) -> None:
    suite = tabeq.evaluate_suite(SUITE / "predictions", SUITE / "gold", SUITE / "configs")
    again = tabeq.SuiteResult(suite.to_json(), suite.results)
    assert again.to_json() == suite.to_json() and again.to_dict() == suite.to_dict()
    assert (again.task_count, again.passed_task_count, again.task_accuracy) == (
        suite.task_count,
        suite.passed_task_count,
        suite.task_accuracy,
    )
    assert repr(again) == f"<SuiteResult {suite.passed_task_count}/{suite.task_count} passed, " + (
        f"task_accuracy={suite.task_accuracy:.4f}>"
    )
    assert list(again) == suite.results and len(again) == suite.task_count
    assert again["metric"] == "task_accuracy" and again.to_markdown() == suite.to_markdown()
    assert [r.task_id for r in suite.failures] == [r.task_id for r in suite if not r.passed]


def test_python_lists_the_core_catalogue() -> None:
    core = {entry["code"]: entry["family"] for entry in _tabeq.error_catalogue()}
    python = tabeq.error_codes()
    assert python == core and list(python) == list(core)
    assert all(entry["description"] for entry in _codes.CATALOGUE)


def test_the_trust_reports_are_native_classes_over_the_core_report() -> None:
    from tabeq import trust

    records = [{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "partial"}]
    report = trust.reliability(records)
    assert type(report) is _tabeq.ReliabilityReport is trust.ReliabilityReport
    assert isinstance(report, _tabeq.TrustReport) and trust.ReliabilityReport.__module__ == "tabeq.trust"
    # Members are copies: changing one leaves the report as the core computed it.
    report.groups[0]["mrs"] = 0.0
    assert report.groups[0]["mrs"] == 0.5 == report["groups"][0]["mrs"]
    assert report.to_dict() == json.loads(report.to_json()) and report == trust.reliability(records)
    assert report != trust.reliability([{**records[0], "label": "full"}])
    robust = trust.robustness([{"model": "m", "dataset": "d", "question_id": 1, "correct": True}])
    assert type(robust) is trust.RobustnessReport and robust != report and robust.scored == []
    try:
        hash(report)
    except TypeError:
        pass
    else:
        raise AssertionError("a report compared by value must not be hashable")
