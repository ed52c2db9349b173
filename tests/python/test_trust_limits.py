"""Trust analysis on hostile sizes and damaged inputs: bounded reports, coded errors (exit 2)."""

from __future__ import annotations

import json
import signal
import sys
import threading
import types
from pathlib import Path

import pytest
from tabeq import trust
from tabeq.cli import main


def wide_records(datasets: int, models: int) -> list[dict[str, str]]:
    labels = ["full", "partial", "none"]
    return [
        {
            "model": f"m{i % models}",
            "dataset": f"d{i % datasets}",
            "operator": "FDM",
            "instance_id": f"i{i}",
            "label": labels[i % 3],
        }
        for i in range(2 * max(datasets, models))
    ]


def test_many_datasets_make_a_report_of_bounded_size() -> None:
    # 300 datasets: rank agreement over every pair made a report of ~16 MB for 600 records.
    report = trust.reliability(wide_records(300, 20))
    assert report.rank_agreement == []
    codes = [f["code"] for f in report.findings]
    assert codes.count("rank_agreement_skipped") == 1
    assert len(report.to_json(indent=None)) < 600 * 1500
    assert len(report.table()) < 600 * 1500


@pytest.fixture
def fake_inspect_log(monkeypatch: pytest.MonkeyPatch) -> list[BaseException]:
    """An ``inspect_ai.log`` whose reader raises what the test puts in the list."""
    raised: list[BaseException] = []

    def read_eval_log(path: str) -> None:
        raise raised[0]

    package = types.ModuleType("inspect_ai")
    log = types.ModuleType("inspect_ai.log")
    log.read_eval_log = read_eval_log  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "inspect_ai", package)
    monkeypatch.setitem(sys.modules, "inspect_ai.log", log)
    return raised


@pytest.mark.parametrize(
    "error",
    [ValueError("Expecting value: line 1 column 1"), KeyError("header.json"), RuntimeError("bad zip")],
)
def test_a_damaged_inspect_log_is_a_coded_error_naming_the_file(
    tmp_path: Path,
    fake_inspect_log: list[BaseException],
    error: BaseException,
    capsys: pytest.CaptureFixture[str],
) -> None:
    damaged = tmp_path / "run.eval"
    damaged.write_bytes(b"PK\x03\x04 truncated")
    fake_inspect_log.append(error)
    with pytest.raises(trust.TrustError) as caught:
        trust.records_from_inspect_log(damaged)
    assert caught.value.code == "inspect_log_unreadable"
    assert str(damaged) in caught.value.message
    assert main(["trust", "reliability", "--inspect-log", str(damaged), "--format", "json"]) == 2
    out, err = capsys.readouterr()
    assert json.loads(out)["error"]["code"] == "inspect_log_unreadable"
    assert str(damaged) in err and "Traceback" not in err


def test_a_real_damaged_log_is_coded_when_inspect_ai_is_installed(tmp_path: Path) -> None:
    pytest.importorskip("inspect_ai")
    for name, content in [("run.eval", b"PK\x03\x04 not a zip"), ("run.json", b'{"version": 2, "eval": ')]:
        damaged = tmp_path / name
        damaged.write_bytes(content)
        with pytest.raises(trust.TrustError) as caught:
            trust.records_from_inspect_log(damaged)
        assert caught.value.code == "inspect_log_unreadable", caught.value
        assert str(damaged) in caught.value.message


def test_without_inspect_ai_the_error_names_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `None` in sys.modules makes the import raise ImportError, as when it is not installed.
    monkeypatch.setitem(sys.modules, "inspect_ai", None)
    monkeypatch.setitem(sys.modules, "inspect_ai.log", None)
    log = tmp_path / "run.eval"
    log.write_bytes(b"")
    with pytest.raises(trust.TrustError) as caught:
        trust.records_from_inspect_log(log)
    assert caught.value.code == "inspect_ai_missing"
    assert main(["trust", "robustness", "--inspect-log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "inspect_ai_missing" in err and "pip install inspect-ai" in err and "Traceback" not in err


def test_out_of_memory_is_a_coded_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError

    records = tmp_path / "labels.jsonl"
    records.write_text(json.dumps(wide_records(1, 1)[0]) + "\n", encoding="utf-8")
    monkeypatch.setattr(trust, "reliability", exhausted)
    assert main(["trust", "reliability", str(records), "--format", "json"]) == 2
    out, err = capsys.readouterr()
    assert json.loads(out)["error"]["code"] == "out_of_memory"
    assert "Traceback" not in err


def test_files_larger_than_the_browser_limit_are_read(tmp_path: Path) -> None:
    # The 64 MiB WebAssembly limit no longer applies in Python and the CLI.
    assert trust.MAX_TRUST_FILE_BYTES >= 1 << 30


def test_ctrl_c_stops_a_long_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    # Many models compared pairwise: seconds of work. A SIGINT raised a moment after the start
    # interrupts it through the core's cancel flag (KeyboardInterrupt, not a finished report).
    records = [
        {"model": f"m{m}", "dataset": "d", "operator": "FDM", "instance_id": f"i{i}", "label": "full"}
        for m in range(400)
        for i in range(40)
    ]
    timer = threading.Timer(0.3, lambda: signal.raise_signal(signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            trust.reliability(records, by="model", compare=True)
    finally:
        timer.cancel()


def test_a_sparse_model_by_dataset_grid_gets_the_long_table() -> None:
    # 300 models each on 20 of 3,000 datasets: the wide table and heatmap had 900,000 cells for
    # 6,000 records (tens of megabytes); the long table has one row per group.
    report = trust.reliability(wide_records(3000, 300))
    assert len(report.table()) < 6000 * 400
    assert len(report.to_svg()) < 6000 * 400
    assert "MRS by model and dataset" not in report.to_svg()
