"""docs/python.md is a walkthrough that must not drift: its `python` blocks run in order in one
namespace (in a temporary directory), a `text` block right after one is the exact output it must
print, and each `$ command` of a `console` block runs with its output compared (a final
`[exit N]` line gives a non-zero exit code). Blocks without a language are not run."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

DOC = REPO / "docs" / "python.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", flags=re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(DOC.read_text(encoding="utf-8"))]


def normalize(text: str) -> str:
    # The version changes with every release; everything else must match exactly.
    return re.sub(r'"evaluator_version": "[^"]*"', '"evaluator_version": "<version>"', text)


def run_console(block: str, cwd: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    commands = re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]
    for command in commands:
        line, _, expected = command.partition("\n")
        exit_code = 0
        match = re.search(r"^\[exit (\d+)\]\n\Z", expected, flags=re.MULTILINE)
        if match:
            exit_code = int(match.group(1))
            expected = expected[: match.start()]
        done = subprocess.run(
            ["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
        )
        assert done.returncode == exit_code, (line, done.stderr)
        assert normalize(done.stdout + done.stderr) == normalize(expected), line


def test_walkthrough_runs_and_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    found = blocks()
    assert sum(1 for lang, _ in found if lang == "python") >= 10
    assert sum(1 for lang, _ in found if lang == "console") >= 2
    previous_output: str | None = None
    for index, (lang, body) in enumerate(found):
        if lang == "python":
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                exec(compile(body, f"{DOC.name} block {index}", "exec"), namespace)
            previous_output = buffer.getvalue()
        elif lang == "text":
            assert previous_output is not None, f"block {index}: output without code"
            assert previous_output == body, f"block {index}"
            previous_output = None
        elif lang == "console":
            run_console(body, tmp_path)
            previous_output = None
        else:
            previous_output = None


def test_readme_python_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = (REPO / "README.md").read_text(encoding="utf-8")
    examples = [m.group(2) for m in FENCE.finditer(text) if m.group(1) == "python"]
    assert examples, "the README has a Python example"
    for index, body in enumerate(examples):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            exec(compile(body, f"README.md python block {index}", "exec"), {"__name__": "__readme__"})
        assert buffer.getvalue(), "the example prints its result"
