"""Dataset-shaped config files on the command line (issue #39): config files whose unused optional
keys are ``null`` (as a dataset's union schema writes them) score as the files without them; a
``null`` required key is a fatal config error naming the key. (The ``datasets`` library itself, and
the adapters, are tested in test_integrations.py.)"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import REPO

EXAMPLE = REPO / "examples" / "suite"
COLUMN_KEYS = ("gold_index", "gold_name", "type", "comparison", "unit", "allow_percent_sign")


def with_nulls(config: dict[str, Any]) -> dict[str, Any]:
    """Every column with every column key, the absent ones null (and `digits` in each comparison)."""
    columns = []
    for column in config["columns"]:
        filled = {key: column.get(key) for key in COLUMN_KEYS}
        if isinstance(filled["comparison"], dict):
            filled["comparison"] = {
                "mode": filled["comparison"]["mode"],
                "digits": filled["comparison"].get("digits"),
            }
        columns.append(filled)
    return {**config, "columns": columns}


def evaluate(suite: Path, out: Path) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-m", "tabeq", "evaluate", "--output", str(out), "--quiet"]
    for flag, folder in (
        ("--prediction-root", "predictions"),
        ("--gold-root", "gold"),
        ("--config-root", "configs"),
    ):
        args += [flag, str(suite / folder)]
    return subprocess.run(args, capture_output=True, text=True, timeout=300, check=False)


def test_null_optional_keys_in_config_files_score_as_absent_ones(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(EXAMPLE, suite)
    changed = 0
    for path in sorted((suite / "configs").glob("task_*.json")):
        config = json.loads(path.read_text(encoding="utf-8"))
        filled = with_nulls(config)
        changed += filled != config
        path.write_text(json.dumps(filled, indent=2), encoding="utf-8")
    assert changed == 7
    # The same paths for both runs (a missing prediction's message names its path).
    shutil.copytree(suite, tmp_path / "with_nulls")
    shutil.rmtree(suite)
    shutil.copytree(EXAMPLE, suite)
    original = evaluate(suite, tmp_path / "original.json")
    shutil.rmtree(suite)
    shutil.copytree(tmp_path / "with_nulls", suite)
    nulls = evaluate(suite, tmp_path / "nulls.json")
    assert original.returncode == nulls.returncode == 0, nulls.stderr
    want = json.loads((tmp_path / "original.json").read_text(encoding="utf-8"))
    got = json.loads((tmp_path / "nulls.json").read_text(encoding="utf-8"))
    assert got["tasks"] == want["tasks"] and got["task_accuracy"] == want["task_accuracy"]
    assert got["config_set_sha256"] != want["config_set_sha256"]  # other bytes, same rules


def test_a_null_required_key_in_a_config_file_is_fatal_and_named(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(EXAMPLE, suite)
    path = suite / "configs" / "task_3.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    config["columns"][2]["comparison"] = None  # a number column's comparison is required
    path.write_text(json.dumps(config), encoding="utf-8")
    run = evaluate(suite, tmp_path / "summary.json")
    assert run.returncode == 2
    assert "required key `comparison` of column 2 is null" in run.stderr and "task_3" in run.stderr
