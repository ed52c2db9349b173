"""Issue 38, files and interrupts: every file tabeq writes is created like the summary (never
through a link, never blocking on a FIFO, inside the output named); a Spider 2.0 result that is
a link to its gold is refused with a code; Spider 2.0 CSVs have documented limits; explain and
Spider 2.0 scoring stop on Ctrl-C; `validate --prediction-root` never follows a linked task
folder out of the root; Ctrl-C after the summary was written says so. Each test fails on the
tree before these fixes."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from contextlib import redirect_stderr
from pathlib import Path

import pytest
import tabeq
from tabeq import spider2
from test_security import SEARCH_GOLD, interrupted_after, suite_args, write_suite

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file types (FIFOs, links)")

GOLD = b"answer\nGOLD-ANSWER-42\n"


def spider2_layout(root: Path, result: bytes = b"a\n1\n", gold: bytes = b"a\n1\n") -> tuple[Path, Path]:
    """A result folder with ``bq1.csv`` and a gold folder with ``exec_result/bq1.csv``."""
    results, gold_dir = root / "results", root / "gold"
    (gold_dir / "exec_result").mkdir(parents=True)
    results.mkdir()
    (gold_dir / "spider2lite_eval.jsonl").write_text('{"instance_id": "bq1"}\n', encoding="utf-8")
    (gold_dir / "exec_result" / "bq1.csv").write_bytes(gold)
    (results / "bq1.csv").write_bytes(result)
    return results, gold_dir


def run_spider2(result_dir: str, gold_dir: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "tabeq", "spider2", "--result-dir", result_dir, "--gold-dir", str(gold_dir)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False, cwd=cwd)


# --- 1. the Spider 2.0 ids file is written like the summary ---------------------------------


def test_spider2_never_writes_the_ids_file_through_a_planted_link(tmp_path: Path) -> None:
    results, gold = spider2_layout(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (tmp_path / "results-ids.csv").symlink_to(victim)
    done = run_spider2(str(results), gold)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "output_not_a_regular_file" in done.stderr and "Traceback" not in done.stderr
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert (tmp_path / "results-ids.csv").is_symlink()


def test_spider2_does_not_block_on_a_fifo_at_the_ids_file(tmp_path: Path) -> None:
    results, gold = spider2_layout(tmp_path)
    os.mkfifo(tmp_path / "results-ids.csv")
    done = run_spider2(str(results), gold)  # before: blocked for ever (the timeout raises)
    assert done.returncode == 2 and "output_not_a_regular_file" in done.stderr, done.stderr


def test_spider2_ids_file_of_a_result_dir_with_a_trailing_slash_is_next_to_it(tmp_path: Path) -> None:
    results, gold = spider2_layout(tmp_path)
    done = run_spider2("results/", gold, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not (results / "-ids.csv").exists()  # before: written inside the participant's folder
    assert (tmp_path / "results-ids.csv").read_text(encoding="utf-8") == "instance_id\nsf_bq1\n"
    assert "Correct IDs saved to: results-ids.csv" in done.stdout
    # A regular file there is replaced (atomically, with fresh permissions), as the summary is.
    (tmp_path / "results-ids.csv").write_text("old", encoding="utf-8")
    assert run_spider2("results", gold, cwd=tmp_path).returncode == 0
    assert (tmp_path / "results-ids.csv").read_text(encoding="utf-8") == "instance_id\nsf_bq1\n"


# --- 2. a Spider 2.0 result that is a link to its gold ---------------------------------------


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_spider2_result_linked_to_its_gold_is_refused(tmp_path: Path, link: str) -> None:
    results, gold = spider2_layout(tmp_path, result=b"a\n2\n", gold=b"a\nGOLD-ANSWER-42\n")
    result, gold_file = results / "bq1.csv", gold / "exec_result" / "bq1.csv"
    result.unlink()
    if link == "symbolic":
        result.symlink_to(gold_file)
    else:
        os.link(gold_file, result)
    done = run_spider2(str(results), gold)
    assert done.returncode == 0, done.stderr
    assert "Final score: 0.0," in done.stdout and "csv_not_a_regular_file" in done.stdout
    assert "GOLD-ANSWER-42" not in done.stdout
    # The Python API with paths: scored 0 with the code, never 1.
    for scored in (spider2.compare(result, gold_file), spider2.compare(result, [gold_file])):
        assert scored.score == 0 and scored.error is not None
        assert scored.error[0] == "csv_not_a_regular_file"
    assert spider2.Gold(gold_file).score(result) == 0
    # The same bytes given as bytes still pass: only the link is refused.
    assert spider2.compare(gold_file.read_bytes(), gold_file).score == 1


# --- 12. the Spider 2.0 profile's limits ---------------------------------------------------


def test_spider2_csv_limits_are_coded_errors() -> None:
    wide = (",".join(f"c{i}" for i in range(4097)) + "\n" + ",".join("1" * 4097) + "\n").encode()
    scored = spider2.compare(wide, b"c0\n1\n")
    assert scored.score == 0 and scored.error is not None
    assert scored.error[0] == "csv_too_many_columns" and "4097 columns" in scored.error[1]
    assert "csv_too_many_columns" in tabeq.error_codes()


# --- 10. Ctrl-C stops explain and Spider 2.0 scoring ----------------------------------------


def test_ctrl_c_stops_explain_within_a_second_and_a_half() -> None:
    setup = SEARCH_GOLD.split("# Where the search starts")[0].replace("ROWS", "6000")
    code = setup + textwrap.dedent(
        """
        from tabeq.explain import explain
        print("ready", flush=True)
        try:
            for _ in range(8):
                explain(prediction, gold, config)
            print("finished", flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        """
    )
    latency, done = interrupted_after(code)
    assert "interrupted" in done.stdout, (done.stdout, done.stderr)
    assert latency <= 1.5, latency


SPIDER2_SLOW = """
import random
from tabeq import spider2
rng = random.Random(3)
# 300 columns that never match: every gold column is compared with every prediction column.
header = ",".join(f"c{i}" for i in range(300))
def table(offset):
    rows = [",".join(str(rng.randrange(10**6) + offset) for _ in range(300)) for _ in range(4000)]
    return ("\\n".join([header] + rows) + "\\n").encode()
gold, prediction = table(0), table(10**7)
print("ready", flush=True)
try:
    for _ in range(20):
        spider2.compare(prediction, gold)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_ctrl_c_stops_spider2_scoring_within_a_second_and_a_half() -> None:
    latency, done = interrupted_after(SPIDER2_SLOW)
    assert "interrupted" in done.stdout, (done.stdout, done.stderr)
    assert latency <= 1.5, latency


# --- 11. validate never follows a linked task folder out of the root -------------------------


def test_validate_refuses_a_linked_task_folder_and_quotes_nothing_from_it(tmp_path: Path) -> None:
    root = tmp_path / "predictions"
    (root / "task_1").mkdir(parents=True)
    (root / "task_1" / "prediction.csv").write_bytes(b"answer\nfine\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "prediction.csv").write_bytes(b"answer\nSECRET-FROM-ELSEWHERE\n")
    (elsewhere / "private-file-name.txt").write_text("x", encoding="utf-8")
    (root / "task_2").symlink_to(elsewhere)
    for fmt in ("json", "text"):
        done = subprocess.run(
            [sys.executable, "-m", "tabeq", "validate", "--prediction-root", str(root), "--format", fmt],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 1, (done.stdout, done.stderr)
        assert "SECRET-FROM-ELSEWHERE" not in done.stdout and "private-file-name" not in done.stdout
        assert "csv_not_a_regular_file" in done.stdout, done.stdout
    report = json.loads(
        tabeq._tabeq.check_predictions_folder(os.fspath(root), None, None, "json")[0]  # type: ignore[attr-defined]
    )
    assert "Symbolic links are not allowed" in json.dumps(report)


# --- 13. Ctrl-C right after the summary was written ----------------------------------------


def test_ctrl_c_after_the_summary_was_written_says_it_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C seen just after the native write returned (the new summary has replaced the old
    one): the run must not claim the summary was not written."""
    from tabeq import cli

    root = write_suite(tmp_path / "s", {"task_1": (b"answer\nGOLD-ANSWER-42\n", GOLD)})
    output = tmp_path / "summary.json"
    output.write_text("old", encoding="utf-8")
    real_write = tabeq._tabeq.write_output  # type: ignore[attr-defined]

    def write_then_interrupted(path: str, text: str) -> None:
        real_write(path, text)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli._tabeq, "write_output", write_then_interrupted)
    stderr = io.StringIO()
    with redirect_stderr(stderr):
        code = cli.main([*suite_args(root), "--output", str(output), "--quiet"])
    assert code == 130
    replaced = output.read_text(encoding="utf-8") != "old"
    assert replaced
    assert "not written" not in stderr.getvalue()
    assert f"{output} was written" in stderr.getvalue()
    # Interrupted before anything was written: "not written", and the old file is kept.
    output.write_text("old", encoding="utf-8")

    def interrupted_before(path: str, text: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli._tabeq, "write_output", interrupted_before)
    stderr = io.StringIO()
    with redirect_stderr(stderr):
        assert cli.main([*suite_args(root), "--output", str(output), "--quiet"]) == 130
    assert "the summary was not written" in stderr.getvalue()
    assert output.read_text(encoding="utf-8") == "old"
