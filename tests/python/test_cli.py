"""The command line: the drop-in `evaluate` (flags, output file, console summary, exit codes),
progress on a terminal only, --quiet/--json, and `tabeq check`."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tabeq
from conftest import SUITE, suite_roots

SCRIPT = Path(sys.executable).parent / "tabeq"
ENTRY_POINTS = {"console script": [str(SCRIPT)], "python -m tabeq": [sys.executable, "-m", "tabeq"]}


def run(
    args: list[str], *, entry: str = "console script", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ENTRY_POINTS[entry], *args], capture_output=True, text=True, cwd=cwd, timeout=300, check=False
    )


def expected_console(summary_path: Path) -> str:
    """What the official evaluator prints: the summary without `tasks`, then the saved path."""
    want: dict[str, Any] = json.loads((SUITE / "expected_summary.json").read_text(encoding="utf-8"))
    console = {k: v for k, v in want.items() if k != "tasks"}
    console.update(evaluator="tabeq", evaluator_version=tabeq.__version__)
    return json.dumps(console, ensure_ascii=False, indent=2) + f"\nSaved summary to: {summary_path}\n"


def check_summary_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    got = json.loads(text)
    want = json.loads((SUITE / "expected_summary.json").read_text(encoding="utf-8"))
    # Written like the official file: indent 2, ensure_ascii=False, a trailing newline.
    assert text == json.dumps(got, ensure_ascii=False, indent=2) + "\n"
    assert list(got) == list(want)
    for key in want:
        if key not in ("evaluator", "evaluator_version", "tasks"):
            assert got[key] == want[key], key
    assert len(got["tasks"]) == len(want["tasks"])
    for got_task, want_task in zip(got["tasks"], want["tasks"]):
        assert {k: v for k, v in got_task.items() if k != "error"} == {
            k: v for k, v in want_task.items() if k != "error"
        }


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_drop_in_flags_output_file_and_console(entry: str, tmp_path: Path) -> None:
    output = tmp_path / "out" / "summary.json"
    done = run([*suite_roots(SUITE), "--output", str(output)], entry=entry)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected_console(output)
    assert done.stderr == ""  # not a terminal: no progress bar
    check_summary_file(output)


def test_evaluate_command_default_output_and_relative_paths(suite_copy: Path) -> None:
    done = run(
        ["evaluate", "--prediction-root", "predictions", "--gold-root", "gold", "--config-root", "configs"],
        cwd=suite_copy,
    )
    assert done.returncode == 0, done.stderr
    default = suite_copy.resolve() / "predictions" / "evaluation_summary.json"
    assert done.stdout == expected_console(default)
    check_summary_file(default)
    # --output is used (and printed) as given, relative to the working directory.
    done = run([*suite_roots(suite_copy), "--output", "rel/summary.json"], cwd=suite_copy)
    assert done.returncode == 0
    assert done.stdout.endswith("Saved summary to: rel/summary.json\n")
    check_summary_file(suite_copy / "rel" / "summary.json")


def test_fatal_error_exits_2_with_the_official_message(suite_copy: Path) -> None:
    (suite_copy / "gold" / "task_5" / "gold.csv").unlink()
    output = suite_copy / "summary.json"
    done = run([*suite_roots(suite_copy), "--output", str(output)])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("Evaluator fatal error: ")
    assert "task_5" in done.stderr or "gold.csv" in done.stderr
    assert not output.exists()
    (suite_copy / "configs" / "task_5.json").write_text("{", encoding="utf-8")
    assert run([*suite_roots(suite_copy)]).returncode == 2
    done = run(["--prediction-root", str(suite_copy / "nope"), "--gold-root", "g", "--config-root", "c"])
    assert done.returncode == 2 and "Evaluator fatal error: Missing prediction root directory" in done.stderr


def test_usage_errors_exit_2() -> None:
    done = run(["--prediction-root", "p"])
    assert done.returncode == 2 and "required" in done.stderr
    assert run([]).returncode == 2
    done = run(["--version"])
    assert done.returncode == 0 and done.stdout.strip() == f"tabeq {tabeq.__version__}"


def test_quiet_and_json(tmp_path: Path) -> None:
    quiet_out = tmp_path / "quiet.json"
    done = run(["evaluate", *suite_roots(SUITE), "--output", str(quiet_out), "--quiet"])
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    check_summary_file(quiet_out)
    json_out = tmp_path / "json.json"
    done = run(["evaluate", *suite_roots(SUITE), "--output", str(json_out), "--json"])
    assert done.returncode == 0
    assert done.stdout == json_out.read_text(encoding="utf-8")
    assert run(["evaluate", *suite_roots(SUITE), "--json", "--quiet"]).returncode == 2


def run_with_terminal_stderr(args: list[str]) -> tuple[int, str, str]:
    """Run the CLI with stderr on a pseudo-terminal (stdout a pipe); return code, stdout, stderr."""
    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen([str(SCRIPT), *args], stdout=subprocess.PIPE, stderr=follower, text=True)
        os.close(follower)
        chunks = []
        while True:
            try:
                data = os.read(leader, 4096)
            except OSError:  # the terminal closed: the process has exited
                break
            if not data:
                break
            chunks.append(data)
        stdout, _ = process.communicate(timeout=300)
    finally:
        os.close(leader)
    return process.returncode, stdout, b"".join(chunks).decode("utf-8", "replace")


def test_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    code, stdout, stderr = run_with_terminal_stderr(
        [*suite_roots(SUITE), "--output", str(tmp_path / "s.json")]
    )
    assert code == 0
    assert "120/120 tasks" in stderr and "[" + "#" * 30 + "]" in stderr
    assert "120/120" not in stdout and stdout.startswith("{")
    code, _, stderr = run_with_terminal_stderr(
        [*suite_roots(SUITE), "--output", str(tmp_path / "s.json"), "--quiet"]
    )
    assert code == 0 and stderr == ""


# ------------------------------------------------------------------ tabeq check


@pytest.fixture()
def task(tmp_path: Path) -> Path:
    (tmp_path / "task_4.json").write_text(
        tabeq.TaskConfig(
            columns=[tabeq.text("Region"), tabeq.number("GDP", decimal_places=1)], task_id="task_4"
        ).to_json(),
        encoding="utf-8",
    )
    (tmp_path / "gold.csv").write_bytes(b"region,gdp\nNorth,1.3\nSouth,2.1\n")
    (tmp_path / "good.csv").write_bytes(b"GDP,Area\n2.1,South\n1.26,North\n")
    (tmp_path / "bad.csv").write_bytes(b"Area,GDP\nNorth,1.26\nSouth,2.2\n")
    return tmp_path


def check_args(task: Path, prediction: str, *extra: str) -> list[str]:
    return [
        "check",
        "--prediction",
        str(task / prediction),
        "--gold",
        str(task / "gold.csv"),
        "--config",
        str(task / "task_4.json"),
        *extra,
    ]


def test_check_passed(task: Path) -> None:
    done = run(check_args(task, "good.csv"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "task_4: passed"
    assert "     0  Region     text                                         1  Area" in done.stdout
    assert "     1  GDP        number (decimal_places 1, plain)             0  GDP" in done.stdout


def test_check_failed_explains(task: Path) -> None:
    done = run(check_args(task, "bad.csv"), entry="python -m tabeq")
    assert done.returncode == 1
    assert done.stdout.startswith("task_4: failed (relation_mismatch)\n")
    assert "error:   relation_mismatch — " in done.stdout
    assert "\n -2  South   *2.1*\n" in done.stdout
    assert "\n +2  South   *2.2*\n" in done.stdout


def test_check_json(task: Path) -> None:
    done = run(check_args(task, "bad.csv", "--format", "json"))
    assert done.returncode == 1
    record = json.loads(done.stdout)
    assert record["error_code"] == "relation_mismatch" and record["task_id"] == "task_4"
    assert list(record) == list(
        tabeq.evaluate(None, b"a,b\n", tabeq.load_config(task / "task_4.json")).to_dict()
    )
    done = run(check_args(task, "good.csv", "--format", "json"))
    assert done.returncode == 0 and json.loads(done.stdout)["column_mapping"][0] == {
        "gold_index": 0,
        "prediction_index": 1,
    }


def test_check_missing_prediction_and_fatal(task: Path) -> None:
    done = run(check_args(task, "absent.csv"))
    assert done.returncode == 1 and "missing_prediction" in done.stdout
    (task / "gold.csv").write_bytes(b"region,gdp\nNorth,abc\n")
    done = run(check_args(task, "good.csv"))
    assert done.returncode == 2
    assert done.stderr.startswith("fatal error (gold): gold_cell_invalid: ")
    done = run(check_args(task, "good.csv", "--format", "json"))
    assert done.returncode == 2
    fatal = json.loads(done.stdout)
    assert (fatal["fatal"], fatal["stage"], fatal["code"]) == (True, "gold", "gold_cell_invalid")
    (task / "task_4.json").rename(task / "task_5.json")
    done = run(["check", "--prediction", "p", "--gold", "g", "--config", str(task / "task_5.json")])
    assert done.returncode == 2 and "config_task_id_mismatch" in done.stderr


def test_evaluate_explain_adds_diagnoses_to_failed_tasks_only(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2] / "examples" / "suite"
    out = tmp_path / "summary.json"
    args = [
        sys.executable, "-m", "tabeq", "evaluate", "--quiet", "--explain",
        "--prediction-root", str(root / "predictions"), "--gold-root", str(root / "gold"),
        "--config-root", str(root / "configs"), "--output", str(out),
    ]  # fmt: skip
    assert subprocess.run(args, check=False).returncode == 0
    tasks = json.loads(out.read_text(encoding="utf-8"))["tasks"]
    failed = [t for t in tasks if not t["passed"]]
    assert failed and all("diagnosis" in t for t in failed)
    assert all("diagnosis" not in t for t in tasks if t["passed"])
    by_id = {t["task_id"]: t for t in tasks}
    assert by_id["task_6"]["diagnosis"]["shape"]["received_columns"] == 3
    assert by_id["task_6"]["diagnosis"]["shape"]["extra_prediction_columns"] == [2]
    # The file is the summary's text with each failed task's diagnosis after its record, as
    # json.dumps writes it; the diagnosis is the redacted one of the same task.
    summary = tabeq.evaluate_suite(root / "predictions", root / "gold", root / "configs")
    want = summary.to_dict()
    for entry, result in zip(want["tasks"], summary.results):
        if not result.passed:
            diagnosis = result.explain(show_gold_values=False, prediction_root=root / "predictions")
            entry["diagnosis"] = diagnosis.to_dict()
    assert out.read_text(encoding="utf-8") == json.dumps(want, ensure_ascii=False, indent=2) + "\n"


def test_output_shapes_from_the_core() -> None:
    from tabeq import _tabeq
    from tabeq.explain import Diagnosis

    root = Path(__file__).resolve().parents[2] / "examples" / "suite"
    summary = tabeq.evaluate_suite(root / "predictions", root / "gold", root / "configs")
    diagnoses = [None if r.passed else r.explain() for r in summary.results]
    text = _tabeq.summary_with_diagnoses(summary, diagnoses)
    # A diagnosis read back from its JSON is written as it was; none at all is the summary file.
    saved = [None if d is None else Diagnosis.from_json(d.to_json()) for d in diagnoses]
    assert _tabeq.summary_with_diagnoses(summary, saved) == text
    assert _tabeq.summary_with_diagnoses(summary, [None] * len(diagnoses)) == summary.to_json()
    with pytest.raises(TypeError):
        _tabeq.summary_with_diagnoses("{}", [])  # type: ignore[arg-type]
    with pytest.raises(tabeq.ArgumentError):
        _tabeq.fatal_report("not_a_code", "message", "json")
    assert (
        _tabeq.fatal_report("gold_missing", "no gold", "text")
        == "fatal error (gold): gold_missing: no gold\n"
    )


def test_command_decisions_from_the_core(task: Path) -> None:
    # `tabeq validate`'s flags: each mix that cannot be used is a usage error the core words.
    usage = {
        ("validate", "--prediction-root", str(task), "--config", "c.json"): (
            "validate: --prediction-root checks a folder; --prediction and --config check one file "
            "(use one or the other; --config-root gives the folder's configs)"
        ),
        (
            "validate",
            "--task-list",
            str(task),
        ): "validate: --config-root, --task-list and --input-root go with --prediction-root",
        ("validate", "--prediction", "p.csv"): (
            "validate: give --prediction-root DIR (a whole predictions folder), or --prediction and --config "
            "(one file)"
        ),
    }
    for args, message in usage.items():
        done = run(list(args))
        assert (done.returncode, done.stderr) == (2, f"tabeq: error: {message}\n")
    # A key the official evaluator ignores is a warning, in the core's words.
    config = json.loads((task / "task_4.json").read_text(encoding="utf-8"))
    config["columns"][1]["allow_percent"] = True
    (task / "task_4.json").write_text(json.dumps(config), encoding="utf-8")
    done = run(check_args(task, "good.csv"))
    (warning,) = tabeq.load_config(task / "task_4.json").warnings
    assert done.returncode == 0
    assert (
        done.stderr == f"tabeq: warning: {warning.message} (ignored, as the official evaluator ignores it)\n"
    )


def test_explain_levels_where_the_summary_goes() -> None:
    from tabeq import _tabeq

    inside = "the summary s.json is inside the prediction root, where participants may read it; its diagnoses"
    assert _tabeq.evaluate_explain(False, "s.json", True) == (None, None)
    assert _tabeq.evaluate_explain(None, "s.json", True) == ("participant", None)
    assert _tabeq.evaluate_explain(None, "s.json", False) == ("redacted", None)
    level, warning = _tabeq.evaluate_explain("full", "s.json", True)
    assert level == "full" and warning is not None and warning.startswith(inside)
    tail = (
        " and gold values (--explain=full). Pass --output outside the prediction root,"
        " or --explain=participant."
    )
    assert warning.endswith(tail)
    with pytest.raises(tabeq.ArgumentError, match="--explain must be one of"):
        _tabeq.evaluate_explain("everything", "s.json", True)


def _leaves(spec: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    if not spec["commands"]:
        return [(path, spec)]
    return [leaf for command in spec["commands"] for leaf in _leaves(command, (*path, command["name"]))]


def test_every_command_of_the_core_grammar_has_a_handler_and_its_arguments() -> None:
    from tabeq import _tabeq, cli

    leaves = _leaves(_tabeq.command_line())
    assert {" ".join(path) for path, _ in leaves} == set(cli._HANDLERS)
    for path, spec in leaves:
        shown = run([*path, "--help"])
        assert shown.returncode == 0, path
        for argument in spec["arguments"] + spec["exclusive"]:
            name = argument["name"]
            assert (name if name.startswith("--") else argument["options"]["metavar"]) in shown.stdout, (
                path,
                name,
            )


def test_a_command_group_without_its_command_is_a_usage_error() -> None:
    result = run(["trust"])
    assert result.returncode == 2
    assert "a command is required: one of reliability, robustness, spearman, operators" in result.stderr
