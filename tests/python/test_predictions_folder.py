"""The check of a whole predictions folder: `tabeq.check_predictions` and `tabeq validate
--prediction-root` give the core's one report (positions, hints, expected tasks), with exit 0
when every task is ready, 1 when one fails and 2 on a usage error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import tabeq
from conftest import fixture_config

TABEQ = [sys.executable, "-m", "tabeq"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*TABEQ, *args], capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "predictions"
    files: dict[str, bytes] = {
        "task_1/prediction.csv": b"region,gdp\nNorth,1.5\n",
        "task_2/prediction.csv": b"a,b\n1,2\n3\n",
        "task_3/prediction.csv": "city\nZ\u00fcrich\n".encode("latin-1"),
        "task_4/predictions.csv": b"a\n1\n",
    }
    for path, content in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(content)
    return root


def test_positions_hints_and_names(folder: Path) -> None:
    report = tabeq.check_predictions(folder)
    assert report["expected_tasks_from"] == "prediction_folder"
    assert [(t["task_id"], t["status"]) for t in report["tasks"]] == [
        ("task_1", "ready"),
        ("task_2", "fails"),
        ("task_3", "fails"),
        ("task_4", "fails"),
    ]
    broken = report["tasks"][1]["problems"][0]
    assert broken["code"] == "csv_non_rectangular"
    assert broken["position"] == {"line": 3, "column": 2, "byte": 9}
    assert "as many cells as the header" in broken["what_to_do"]
    latin1 = report["tasks"][2]["problems"][1]
    assert latin1["code"] == "encoding_latin1"
    assert 'line 2, column 2 (byte 6) ("Zürich")' in latin1["message"]
    misnamed = report["tasks"][3]
    assert misnamed["error_code"] == "missing_prediction"
    assert misnamed["problems"][0]["code"] == "prediction_misnamed"
    assert "found task_4/predictions.csv" in misnamed["problems"][0]["message"]


def test_cli_writes_the_same_report_and_exits_by_readiness(folder: Path, tmp_path: Path) -> None:
    cli = run("validate", "--prediction-root", str(folder))
    assert cli.returncode == 1, cli.stderr
    assert json.loads(cli.stdout) == tabeq.check_predictions(folder)
    text = run("validate", "--prediction-root", str(folder), "--format", "text").stdout
    assert "Predictions folder check" in text and "line 3, column 2 (byte 9)" in text
    ready = tmp_path / "ready"
    (ready / "task_1").mkdir(parents=True)
    (ready / "task_1" / "prediction.csv").write_bytes(b"a\n1\n")
    assert run("validate", "--prediction-root", str(ready)).returncode == 0


def test_expected_tasks_from_configs_or_a_list(folder: Path, tmp_path: Path) -> None:
    configs = tmp_path / "configs"
    configs.mkdir()
    config = fixture_config("region_gdp_reported")
    for task_id in ("task_1", "task_5"):
        (configs / f"{task_id}.json").write_text(json.dumps({**config, "task_id": task_id}), encoding="utf-8")
    report = tabeq.check_predictions(folder, config_root=configs)
    assert report["expected_tasks_from"] == "configs"
    assert report["missing_tasks"] == ["task_5"]
    assert report["unexpected_tasks"] == ["task_2", "task_3", "task_4"]
    assert report["tasks"][0]["validation"]["error_code"] == "column_count_mismatch"
    listed = tmp_path / "tasks.txt"
    listed.write_text("# expected\ntask_1\ntask_2\ntask_9\n", encoding="utf-8")
    report = tabeq.check_predictions(folder, task_list=listed)
    assert report["missing_tasks"] == ["task_9"]
    # A folder of task folders (the release's input/) is a task list too.
    inputs = tmp_path / "input"
    for task_id in ("task_1", "task_7"):
        (inputs / task_id).mkdir(parents=True)
    assert tabeq.check_predictions(folder, task_list=inputs)["missing_tasks"] == ["task_7"]


def test_usage_errors_exit_2(folder: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("task_1\nTask 2\n", encoding="utf-8")
    with pytest.raises(tabeq.ArgumentError) as error:
        tabeq.check_predictions(folder, task_list=bad)
    assert error.value.code == "task_list_invalid"
    assert run("validate", "--prediction-root", str(folder), "--task-list", str(bad)).returncode == 2
    assert run("validate", "--prediction-root", str(tmp_path / "nope")).returncode == 2
    assert run("validate", "--prediction-root", str(folder), "--prediction", "x.csv").returncode == 2
    assert run("validate", "--config-root", str(tmp_path)).returncode == 2


def test_the_wrong_folder_exits_1_naming_predictions(tmp_path: Path) -> None:
    """The folder above predictions/ (or any folder without task folders) is never ready."""
    (tmp_path / "predictions" / "task_1").mkdir(parents=True)
    (tmp_path / "predictions" / "task_1" / "prediction.csv").write_text("a\n1\n", encoding="utf-8")
    (tmp_path / "gold").mkdir()
    above = run("validate", "--prediction-root", str(tmp_path), "--format", "text")
    assert above.returncode == 1, above.stdout + above.stderr
    assert "choose predictions/ itself" in above.stdout
    report = json.loads(run("validate", "--prediction-root", str(tmp_path)).stdout)
    assert report["all_ready"] is False and report["task_count"] == 0
    assert "choose predictions/" in report["wrong_folder"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("validate", "--prediction-root", str(empty)).returncode == 1


def test_complete_against_the_input_folder(tmp_path: Path) -> None:
    """--input-root: missing tasks, an empty task folder and a stray task folder are named."""
    inputs = tmp_path / "input"
    for n in (1, 2, 3, 4):
        (inputs / f"task_{n}").mkdir(parents=True)
        (inputs / f"task_{n}" / "task.json").write_text("{}", encoding="utf-8")
    predictions = tmp_path / "predictions"
    for n in (1, 2, 4, 9):
        (predictions / f"task_{n}").mkdir(parents=True)
    for n in (1, 4, 9):
        (predictions / f"task_{n}" / "prediction.csv").write_text("a\n1\n", encoding="utf-8")
    done = run("validate", "--prediction-root", str(predictions), "--input-root", str(inputs))
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    assert report["missing_tasks"] == ["task_2", "task_3"]
    assert report["unexpected_tasks"] == ["task_9"]
    assert (report["task_count"], report["ready_task_count"]) == (4, 2)
    both = run(
        "validate",
        "--prediction-root",
        str(predictions),
        "--input-root",
        str(inputs),
        "--task-list",
        str(inputs),
    )
    assert both.returncode == 2 and "use one" in both.stderr
