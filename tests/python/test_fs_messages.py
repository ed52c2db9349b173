"""The file layer's messages, byte for byte: the native module makes the system calls and the
core words what they found (missing, link, not a regular file, too large; the CLI's output)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import tabeq
from tabeq import ConfigError, CsvError, GoldError, SuiteError

CONFIG = {
    "schema_version": "1.0",
    "task_id": "task_1",
    "order_sensitive": False,
    "columns": [{"gold_index": 0, "gold_name": "a", "type": "text"}],
}

needs_links = pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32", reason="POSIX links")


def _raised(error: type[Exception], call: object) -> tuple[str, str]:
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    return getattr(info.value, "code", ""), str(info.value)


@needs_links
def test_a_csv_path_that_cannot_be_read_is_worded_by_the_core(tmp_path: Path) -> None:
    missing = tmp_path / "missing.csv"
    assert _raised(CsvError, lambda: tabeq.read_table(missing)) == (
        "csv_not_a_regular_file",
        f"Missing CSV file: {missing}",
    )
    assert _raised(CsvError, lambda: tabeq.read_table(tmp_path)) == (
        "csv_not_a_regular_file",
        f"CSV path is not a regular file: {tmp_path}",
    )
    target = tmp_path / "target.csv"
    target.write_text("a\n1\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    assert _raised(CsvError, lambda: tabeq.read_table(link)) == (
        "csv_not_a_regular_file",
        f"Symbolic links are not allowed: {link}",
    )
    result = tabeq.evaluate(link, b"a\n1\n", CONFIG)
    assert (result.error_code, result.error) == (
        "invalid_prediction_csv",
        f"Symbolic links are not allowed: {link}",
    )


def test_a_missing_prediction_or_gold_names_its_path(tmp_path: Path) -> None:
    missing = tmp_path / "prediction.csv"
    result = tabeq.evaluate(missing, b"a\n1\n", CONFIG)
    assert (result.error_code, result.error) == ("missing_prediction", f"Missing prediction CSV: {missing}")
    gold = tmp_path / "gold.csv"
    assert _raised(GoldError, lambda: tabeq.evaluate(b"a\n1\n", gold, CONFIG)) == (
        "gold_missing",
        f"Missing CSV file: {gold}",
    )
    assert _raised(GoldError, lambda: tabeq.evaluate(b"a\n1\n", tmp_path, CONFIG)) == (
        "gold_missing",
        f"CSV path is not a regular file: {tmp_path}",
    )
    batch = [(b"a\n1\n", b"a\n1\n", CONFIG), (b"a\n1\n", gold, CONFIG)]
    assert _raised(GoldError, lambda: tabeq.evaluate_many(batch)) == (
        "gold_missing",
        f"task #1: Missing CSV file: {gold}",
    )


def test_suite_layout_problems(tmp_path: Path) -> None:
    predictions, gold, configs = (tmp_path / name for name in ("predictions", "gold", "configs"))
    predictions.mkdir()
    gold.mkdir()
    assert _raised(SuiteError, lambda: tabeq.evaluate_suite(predictions, gold, configs)) == (
        "suite_missing_directory",
        f"Missing config directory: {configs}",
    )
    configs.mkdir()
    assert _raised(SuiteError, lambda: tabeq.evaluate_suite(predictions, tmp_path / "nowhere", configs)) == (
        "suite_missing_directory",
        f"Missing gold root directory: {tmp_path / 'nowhere'}",
    )
    (configs / "task_1.json").mkdir()
    assert _raised(ConfigError, lambda: tabeq.evaluate_suite(predictions, gold, configs)) == (
        "config_invalid_json",
        f"Cannot load task config {configs / 'task_1.json'}: Not a regular file: {configs / 'task_1.json'}",
    )
    (configs / "task_1.json").rmdir()
    (configs / "task_1.json").write_text(json.dumps({**CONFIG, "order_sensitive": "no"}))
    assert _raised(ConfigError, lambda: tabeq.evaluate_suite(predictions, gold, configs)) == (
        "config_invalid",
        'Cannot load task config task_1.json: invalid order_sensitive: "no"',
    )


def _cli_output_error(tmp_path: Path, output: Path) -> str:
    roots = [
        arg for flag in ("--prediction-root", "--gold-root", "--config-root") for arg in (flag, str(tmp_path))
    ]
    command = [sys.executable, "-m", "tabeq", "evaluate", *roots, "--output", str(output)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stderr
    return done.stderr.strip()


@needs_links
def test_an_output_that_is_not_a_regular_file(tmp_path: Path) -> None:
    assert _cli_output_error(tmp_path, tmp_path) == (
        "Evaluator fatal error: output_not_a_regular_file: "
        f"Output path is a directory, not a regular file: {tmp_path}"
    )
    link = tmp_path / "summary.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    assert _cli_output_error(tmp_path, link) == (
        "Evaluator fatal error: output_not_a_regular_file: "
        f"Output path is a symbolic link, not a regular file: {link}"
    )
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert _cli_output_error(tmp_path, blocker / "summary.json") == (
        "Evaluator fatal error: output_write_failed: Cannot check output path "
        f"{blocker / 'summary.json'}: Not a directory (os error 20)"
    )
