"""The file layer's messages, byte for byte: the native module makes the system calls and the
core words what they found (missing, link, not a regular file, too large; the CLI's output)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

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


def _meeting_permissions() -> Callable[[], None] | None:
    """A ``preexec_fn`` for a child that must meet file permissions as any user does. Under
    root it drops the two capabilities that override them (CAP_DAC_OVERRIDE and
    CAP_DAC_READ_SEARCH) from the child's bounding set: the child stays root, owns the test's
    folders, and is refused a mode-000 file. Other users need nothing."""
    if os.geteuid() != 0:
        return None

    def drop() -> None:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
            if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")

    return drop


CHILD = """
import json, sys
from pathlib import Path
import tabeq
from tabeq.cli import main
root = Path(sys.argv[1])
prediction = root / "predictions" / "task_1" / "prediction.csv"
try:
    open(prediction, "rb")
    opened = "opened"
except PermissionError as e:
    opened = str(e)
try:
    tabeq.read_table(prediction)
    raised = ["read"]
except tabeq.CsvError as e:
    raised = [e.code, str(e)]
config = json.loads((root / "configs" / "task_1.json").read_text())
record = tabeq.evaluate(prediction, b"a\\n1\\n", config)
code = main(["evaluate", "--prediction-root", str(root / "predictions"), "--gold-root", str(root / "gold"),
             "--config-root", str(root / "configs"), "--output", str(root / "summary.json"), "--quiet"])
outcome = {"opened": opened, "raised": raised, "record": [record.error_code, record.error]}
print(json.dumps(dict(outcome, exit=code)))
"""


@needs_links
def test_an_unreadable_prediction_reads_in_pythons_words(tmp_path: Path) -> None:
    """What the official evaluator writes into the record for each prediction file it cannot
    read: its open fails (mode 000), `[Errno 13] Permission denied: 'PATH'` as CPython's
    `str(OSError)` words it, the path quoted as `repr` quotes it (a quote in the folder's name
    turns the quotes double); a folder named like the file; a link to itself (missing for
    `Path.exists()`)."""
    root = tmp_path / "suite it's"
    for n, kind in enumerate(["unreadable", "folder", "loop", "pass"], start=1):
        task = f"task_{n}"
        (root / "configs").mkdir(parents=True, exist_ok=True)
        (root / "configs" / f"{task}.json").write_text(json.dumps({**CONFIG, "task_id": task}))
        (root / "gold" / task).mkdir(parents=True)
        (root / "gold" / task / "gold.csv").write_bytes(b"a\n1\n")
        folder = root / "predictions" / task
        folder.mkdir(parents=True)
        prediction = folder / "prediction.csv"
        if kind == "folder":
            prediction.mkdir()
        elif kind == "loop":
            prediction.symlink_to("prediction.csv")
        else:
            prediction.write_bytes(b"a\n1\n")
    unreadable = root / "predictions" / "task_1" / "prediction.csv"
    unreadable.chmod(0)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(root)],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=_meeting_permissions(),
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    p = str(unreadable.resolve())
    denied = f'[Errno 13] Permission denied: "{p}"'
    assert "'" in p and seen["opened"] == denied  # the child meets the file's mode, as Python words it
    official = f"Cannot parse CSV {p}: {denied}"
    assert seen["raised"] == ["csv_not_a_regular_file", official]
    assert seen["record"] == ["invalid_prediction_csv", official]
    summary = json.loads((root / "summary.json").read_text(encoding="utf-8"))
    records = {t["task_id"]: (t["error_code"], t["error"]) for t in summary["tasks"]}
    predictions = root.resolve() / "predictions"
    assert records == {
        "task_1": ("invalid_prediction_csv", official),
        "task_2": (
            "invalid_prediction_csv",
            f"CSV path is not a regular file: {predictions / 'task_2' / 'prediction.csv'}",
        ),
        "task_3": (
            "missing_prediction",
            f"Missing prediction CSV: {predictions / 'task_3' / 'prediction.csv'}",
        ),
        "task_4": (None, None),
    }


def test_a_prediction_path_too_long_to_stat_says_so(tmp_path: Path) -> None:
    """A prediction path over the system's length limit (its folders are not): the official
    evaluator's `Path.exists()` raises there and its run stops, so the words are tabeq's, in
    the official's sentence for a failed `stat` and CPython's for the error."""
    # Folders of 250-character names, one below the other, to a task folder 4,090 characters
    # long: created relative to an open folder, since the whole path is never usable.
    names: list[str] = []
    while len(str(tmp_path.joinpath(*names, "task_1"))) + 251 < 4090:
        names.append("d" * 250)
    names.append("e" * (4090 - len(str(tmp_path.joinpath(*names, "task_1"))) - 1))
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        for name in [*names, "task_1"]:
            os.mkdir(name, dir_fd=fd)
            below = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = below
    finally:
        os.close(fd)
    deep = tmp_path.joinpath(*names)
    prediction = deep / "task_1" / "prediction.csv"
    assert len(str(deep / "task_1")) == 4090 and len(str(prediction)) > 4096
    result = tabeq.evaluate(prediction, b"a\n1\n", CONFIG)
    words = f"[Errno 36] File name too long: '{prediction}'"
    assert (result.error_code, result.error) == (
        "invalid_prediction_csv",
        f"Cannot stat CSV file {prediction}: {words}",
    )
