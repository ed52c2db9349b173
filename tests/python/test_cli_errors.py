"""Command-line errors name the thing that is wrong (issue #26): a file given as a suite root is
called a file, not missing; a root that is a file is blamed, not the default output path inside it;
an empty config root is named; a command group without its command lists its commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import suite_roots

TABEQ = Path(sys.executable).parent / "tabeq"


def run(args: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(TABEQ), *args], capture_output=True, text=True, cwd=cwd, timeout=300, check=False
    )


def with_root(suite: Path, flag: str, path: Path) -> list[str]:
    args = suite_roots(suite)
    args[args.index(flag) + 1] = str(path)
    return args


def test_a_file_given_as_prediction_root_is_blamed_not_the_default_output(suite_copy: Path) -> None:
    a_file = suite_copy / "predictions.csv"
    a_file.write_text("not a folder\n", encoding="utf-8")
    done = run(with_root(suite_copy, "--prediction-root", a_file))
    assert done.returncode == 2
    assert "Output" not in done.stderr and "evaluation_summary.json" not in done.stderr, done.stderr
    assert "prediction root" in done.stderr and str(a_file) in done.stderr, done.stderr
    assert "not a directory" in done.stderr, done.stderr


@pytest.mark.parametrize(("flag", "what"), [("--gold-root", "gold root"), ("--config-root", "config")])
def test_an_existing_file_as_a_root_is_not_called_missing(suite_copy: Path, flag: str, what: str) -> None:
    a_file = suite_copy / "a_file"
    a_file.write_text("x\n", encoding="utf-8")
    done = run([*with_root(suite_copy, flag, a_file), "--output", str(suite_copy / "summary.json")])
    assert done.returncode == 2
    assert "Missing" not in done.stderr, done.stderr
    assert f"{what}" in done.stderr and "not a directory" in done.stderr and str(a_file) in done.stderr
    # A root that does not exist is still missing.
    done = run([*with_root(suite_copy, flag, suite_copy / "nowhere"), "--output", str(suite_copy / "s.json")])
    assert done.returncode == 2 and f"Missing {what} directory" in done.stderr, done.stderr


def test_an_empty_config_root_is_named(suite_copy: Path) -> None:
    empty = suite_copy / "no_configs_here"
    empty.mkdir()
    (empty / "notes.json").write_text("{}", encoding="utf-8")  # not task_*.json
    done = run([*with_root(suite_copy, "--config-root", empty), "--output", str(suite_copy / "summary.json")])
    assert done.returncode == 2
    assert "suite_no_configs" in done.stderr or "No task configs" in done.stderr, done.stderr
    assert str(empty) in done.stderr, done.stderr


def test_a_command_group_alone_lists_its_commands() -> None:
    done = run(["trust"])
    assert done.returncode == 2
    assert "trust_command" not in done.stderr, done.stderr
    assert "usage: tabeq trust" in done.stderr
    for command in ("reliability", "robustness", "operators"):
        assert command in done.stderr.split("error:", 1)[1], done.stderr
    # The group's commands still work, and `tabeq` alone still asks for a command.
    assert run(["trust", "operators"]).returncode == 0
    done = run([])
    assert done.returncode == 2 and "COMMAND" in done.stderr
