"""Progress on stderr for the commands that can run long (``evaluate`` on a root, ``trust``,
``validate --prediction-root``, ``spider2``, ``kddcup score-run``): drawn when stderr is a
terminal (a pseudo-terminal here, Python's ``pty``), never on a pipe or with ``--quiet``, and what
a command prints on stdout is the same either way."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "tests" / "kddcup" / "cli"))
from run_fixture import build as build_kddcup_run  # noqa: E402

SUITE = REPO / "examples" / "suite"
TRUST = REPO / "examples" / "trust"


def spider2_layout(root: Path) -> list[str]:
    results, gold = root / "res", root / "gold"
    (gold / "exec_result").mkdir(parents=True)
    results.mkdir()
    lines = [{"instance_id": i, "condition_cols": [], "ignore_order": True} for i in ("bq1", "local2")]
    (gold / "spider2lite_eval.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    (gold / "exec_result" / "bq1.csv").write_text("a\n1\n2\n")
    (gold / "exec_result" / "local2.csv").write_text("a\nq\n")
    (results / "bq1.csv").write_text("a\n2\n1\n")
    (results / "local2.csv").write_text("a\nr\n")
    return ["spider2", "--result-dir", str(results), "--gold-dir", str(gold)]


def commands(root: Path) -> dict[str, tuple[list[str], str]]:
    """Each long-running command's arguments and the progress text it draws on a terminal."""
    shutil.copytree(SUITE, root / "suite")
    build_kddcup_run(root / "kdd")
    suite = root / "suite"
    evaluate = [
        "evaluate",
        "--prediction-root",
        str(suite / "predictions"),
        "--gold-root",
        str(suite / "gold"),
    ]
    evaluate += ["--config-root", str(suite / "configs"), "--output", str(root / "summary.json")]
    kdd = root / "kdd"
    score_run = ["kddcup", "score-run", str(kdd / "run"), "--gold-dir", str(kdd / "gold")]
    score_run += ["--input-dir", str(kdd / "input"), "--output", str(root / "scores.json")]
    validate = [
        "validate",
        "--prediction-root",
        str(suite / "predictions"),
        "--config-root",
        str(suite / "configs"),
    ]
    return {
        "evaluate": (evaluate, "7/7 tasks"),
        "trust": (
            ["trust", "reliability", str(TRUST / "reliability.jsonl")],
            "tabeq trust reliability: working",
        ),
        "robustness": (
            ["trust", "robustness", "--manifest", str(TRUST / "manifest.jsonl")],
            "tabeq trust robustness: working",
        ),
        "validate": (validate, "tabeq validate: working"),
        "spider2": (spider2_layout(root), "tabeq spider2: working"),
        "score-run": (score_run, "tasks"),
    }


def run(args: list[str], stderr_is_a_terminal: bool) -> tuple[int, str, str]:
    """``python -m tabeq ARGS``: exit code, stdout (a pipe) and stderr (a terminal or a pipe)."""
    env = dict(os.environ, COLUMNS="100")
    if not stderr_is_a_terminal:
        done = subprocess.run(
            [sys.executable, "-m", "tabeq", *args], capture_output=True, env=env, check=False
        )
        return done.returncode, done.stdout.decode(), done.stderr.decode()
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tabeq", *args],
        stdout=subprocess.PIPE,
        stderr=terminal,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    os.close(terminal)
    seen = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    assert process.stdout is not None
    stdout = process.stdout.read().decode()
    process.wait(timeout=120)
    os.close(controller)
    return process.returncode, stdout, seen.decode()


@pytest.mark.parametrize("name", ["evaluate", "trust", "robustness", "validate", "spider2", "score-run"])
def test_progress_only_on_a_terminal(name: str, tmp_path: Path) -> None:
    args, progress_text = commands(tmp_path)[name]
    code, out, err = run(args, stderr_is_a_terminal=True)
    assert progress_text in err, (name, err)
    assert "\r" in err
    piped_code, piped_out, piped_err = run(args, stderr_is_a_terminal=False)
    assert (piped_code, piped_out) == (code, out)
    assert progress_text not in piped_err and "\r" not in piped_err, piped_err


def test_quiet_draws_nothing_on_a_terminal(tmp_path: Path) -> None:
    args, _ = commands(tmp_path)["evaluate"]
    code, out, err = run([*args, "--quiet"], stderr_is_a_terminal=True)
    assert (code, out) == (0, "")
    assert "tasks" not in err and "\r" not in err


def test_the_python_api_takes_progress_callbacks(tmp_path: Path) -> None:
    import tabeq
    from tabeq import kddcup

    calls: list[tuple[int, int]] = []
    tabeq.evaluate_suite(
        SUITE / "predictions", SUITE / "gold", SUITE / "configs", progress=lambda d, t: calls.append((d, t))
    )
    assert calls[-1] == (7, 7)
    build_kddcup_run(tmp_path)
    calls.clear()
    kddcup.evaluate_predictions(
        tmp_path / "run", tmp_path / "gold", progress=lambda d, t: calls.append((d, t))
    )
    assert calls and calls[-1][0] == calls[-1][1] > 0
