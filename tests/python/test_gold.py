"""One gold against many predictions (``tabeq.Gold``), ``tabeq.validate``,
``tabeq.extract_table``, ``tabeq.testing`` and the worker pool (threads, forks, Ctrl-C)."""

from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import tabeq
from conftest import case_bytes, load_cases, suite_roots
from tabeq.explain import explain
from tabeq.testing import assert_table_matches

CASES = load_cases()
CONFIG = tabeq.TaskConfig([tabeq.text("region"), tabeq.number("gdp", decimal_places=1)])
GOLD = b"region,gdp\nNorth,1.25\nSouth,2\n"


def prepared_cases() -> list[tuple[str, bytes | None, bytes, tabeq.TaskConfig]]:
    """Every vector whose config and gold prepare (fatal ones have nothing to score)."""
    out = []
    for case in CASES:
        try:
            config = tabeq.TaskConfig.from_dict(case["config"])
            gold = case_bytes(case, "gold")
            assert gold is not None
            tabeq.Gold(gold, config)
        except tabeq.FatalError:
            continue
        out.append((case["id"], case_bytes(case, "prediction"), gold, config))
    return out


PREPARED = prepared_cases()


def record(result: tabeq.TaskResult) -> tuple[str, str | None]:
    return result.to_json(), result.csv_error_code


def test_gold_equals_evaluate_on_every_conformance_vector() -> None:
    assert len(PREPARED) > 2900
    mismatches = []
    for case_id, prediction, gold_bytes, config in PREPARED:
        expected = record(tabeq.evaluate(prediction, gold_bytes, config))
        gold = tabeq.Gold(gold_bytes, config)
        got = [record(gold.evaluate(prediction))]
        got += [record(r) for r in gold.evaluate_many([prediction, prediction], threads=2)]
        scores = gold.scores([prediction], threads=1)
        if any(g != expected for g in got) or scores != [1.0 if json.loads(expected[0])["passed"] else 0.0]:
            mismatches.append(case_id)
    assert mismatches == []


def test_partial_credit_equals_the_diagnosis_on_every_conformance_vector() -> None:
    mismatches = []
    for case_id, prediction, gold_bytes, config in PREPARED:
        gold = tabeq.Gold(gold_bytes, config)
        for strict in (False, True):
            want = explain(prediction, gold_bytes, config, signature_strict=strict).partial_credit
            credit = gold.partial_credit([prediction], signature_strict=strict)[0]
            if credit.to_dict() != want:
                mismatches.append((case_id, strict))
            assert credit.row_f1 == want["rows"]["f1"]
            assert credit.column_recall == want["columns"]["recall"]
            assert credit.signature_score == want["column_signature"]["score"]
    assert mismatches == []


def many_predictions(count: int) -> list[bytes | None]:
    out: list[bytes | None] = []
    for i in range(count):
        kind = i % 4
        if kind == 0:
            out.append(b"GDP,Region\n2.0,South\n1.3,North\n")
        elif kind == 1:
            out.append(f"region,gdp\nNorth,{i}\nSouth,2\n".encode())
        elif kind == 2:
            out.append(None)
        else:
            out.append(b'region,gdp\n"North,1\n')
    return out


def test_the_pool_gives_the_same_results_as_one_thread() -> None:
    gold = tabeq.Gold(GOLD, CONFIG)
    predictions = many_predictions(5000)  # over the inline limit: runs on the pool
    one = gold.scores(predictions, threads=1)
    assert one == gold.scores(predictions, threads=2) == gold.scores(predictions)
    assert one[:4] == [1.0, 0.0, 0.0, 0.0]
    assert [r.error_code for r in gold.evaluate_many(predictions[:4], threads=2)] == [
        None,
        "relation_mismatch",
        "missing_prediction",
        "invalid_prediction_csv",
    ]
    credits = gold.partial_credit(predictions, threads=2)
    assert credits == gold.partial_credit(predictions, threads=1)
    assert credits[1].row_recall == 0.5


def test_one_gold_is_shared_by_python_threads() -> None:
    gold = tabeq.Gold(GOLD, CONFIG)
    predictions = many_predictions(400)
    expected = gold.scores(predictions, threads=1)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: gold.scores(predictions, threads=2), range(8)))
    assert all(r == expected for r in results)


def test_gold_pickles_and_reads_paths(tmp_path: Path) -> None:
    gold_path = tmp_path / "gold.csv"
    gold_path.write_bytes(GOLD)
    prediction_path = tmp_path / "prediction.csv"
    prediction_path.write_bytes(b"GDP,Region\n2.0,South\n1.3,North\n")
    gold = tabeq.Gold(gold_path, CONFIG)
    copy = pickle.loads(pickle.dumps(gold))
    assert (copy.row_count, copy.column_count, copy.config) == (2, 2, CONFIG)
    assert copy.evaluate(prediction_path) == tabeq.evaluate(prediction_path, GOLD, CONFIG)
    missing = gold.evaluate(tmp_path / "absent.csv")
    assert missing.error_code == "missing_prediction"
    assert missing == tabeq.evaluate(tmp_path / "absent.csv", GOLD, CONFIG)
    # DataFrame-free conversions go through the same rules as evaluate.
    rows = [["region", "gdp"], ["South", 2], ["North", 1.3]]
    assert gold.scores([rows]) == [1.0]
    with pytest.raises(TypeError, match="looks like CSV text"):
        gold.scores(["region,gdp\nNorth,1.25\n"])
    with pytest.raises(tabeq.GoldError) as info:
        tabeq.Gold(tmp_path / "nope.csv", CONFIG)
    assert info.value.code == "gold_missing"
    assert "task_1" in repr(gold)


def _score_in_child(gold: tabeq.Gold) -> list[float]:
    return gold.scores(many_predictions(5000), threads=2)


def test_a_forked_process_builds_its_own_pool() -> None:
    gold = tabeq.Gold(GOLD, CONFIG)
    expected = gold.scores(many_predictions(5000), threads=2)  # the parent's pool exists now
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        result = pool.apply_async(_score_in_child, (gold,))
        assert result.get(timeout=60) == expected


def test_validate_gives_the_report_and_the_cli_prints_it(tmp_path: Path) -> None:
    config = tabeq.TaskConfig([tabeq.text("region"), tabeq.number("gdp", integer=True)], task_id="task_3")
    report = tabeq.validate(b"GDP,Region\n12,North\n3.5,South\n", config)
    assert report["ok"] is False
    assert report["error_code"] == "type_normalization_failed"
    bad = report["columns"][1]["unreadable"][0]
    assert (bad["prediction_index"], bad["row"], bad["value"], bad["code"]) == (
        0,
        2,
        "3.5",
        "cell_not_an_integer",
    )
    assert tabeq.validate(None, config)["error_code"] == "missing_prediction"
    assert tabeq.validate(b"a\n1\n", config)["error_code"] == "column_count_mismatch"
    assert tabeq.validate(b"a,b\n1,2\n", config)["ok"] is True

    (tmp_path / "task_3.json").write_text(config.to_json(), encoding="utf-8")
    (tmp_path / "p.csv").write_bytes(b"GDP,Region\n12,North\n3.5,South\n")
    command = [sys.executable, "-m", "tabeq", "validate", "--prediction", str(tmp_path / "p.csv")]
    done = subprocess.run(
        [*command, "--config", str(tmp_path / "task_3.json")], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout) == report
    text = subprocess.run(
        [*command, "--config", str(tmp_path / "task_3.json"), "--format", "text"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "type_normalization_failed" in text.stdout and "cell_not_an_integer" in text.stdout
    broken = tmp_path / "task_9.json"
    broken.write_text("{", encoding="utf-8")
    fatal = subprocess.run([*command, "--config", str(broken)], capture_output=True, text=True, check=False)
    assert fatal.returncode == 2 and "config_invalid_json" in fatal.stderr


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Sure!\n```csv\nregion,gdp\nNorth,1.2\n```\nFinal:\n```csv\nregion,gdp\nSouth,2\n```",
            b"region,gdp\nSouth,2\n",
        ),
        (
            "| Region | GDP |\n|:--|--:|\n| North | 1.3 |\n| South | 2 |\n",
            b"Region,GDP\nNorth,1.3\nSouth,2\n",
        ),
        ("```\nregion,gdp\nNorth,1\n```", b"region,gdp\nNorth,1\n"),
        ("region,gdp\nNorth,1\n", b"region,gdp\nNorth,1\n"),
        ("I cannot answer that.", None),
        ("```python\nprint('| a |')\n```", None),
    ],
)
def test_extract_table_precedence(text: str, expected: bytes | None) -> None:
    assert tabeq.extract_table(text) == expected


def test_no_table_scores_as_missing_prediction() -> None:
    gold = tabeq.Gold(GOLD, CONFIG)
    assert gold.evaluate(tabeq.extract_table("no idea")).error_code == "missing_prediction"
    answer = "Here:\n\n| gdp | region |\n|---|---|\n| 2.0 | South |\n| 1.3 | North |\n"
    assert gold.evaluate(tabeq.extract_table(answer)).passed
    with pytest.raises(TypeError):
        tabeq.extract_table(b"a\n1\n")  # type: ignore[arg-type]


def test_assert_table_matches_raises_the_diagnosis() -> None:
    passed = assert_table_matches(b"GDP,Region\n2.0,South\n1.3,North\n", GOLD, CONFIG)
    assert passed.passed
    with pytest.raises(AssertionError) as info:
        assert_table_matches(b"region,gdp\nNorth,9\nSouth,2\n", GOLD, CONFIG)
    message = str(info.value)
    assert message.startswith("task_1: failed (relation_mismatch)")
    assert tabeq.evaluate(b"region,gdp\nNorth,9\nSouth,2\n", GOLD, CONFIG).explain().summary in message
    with pytest.raises(AssertionError, match="missing_prediction"):
        assert_table_matches(None, GOLD, CONFIG)


# --- Ctrl-C -------------------------------------------------------------------------------

SLOW_TASKS = """
import sys, time, tabeq
config = tabeq.TaskConfig([tabeq.text("k"), tabeq.number("v", integer=True)])
gold = b"k,v\\n" + b"".join(b"key%d,%d\\n" % (i, i) for i in range(60000))
tasks = [(gold, gold, config)] * 2000
print("ready", flush=True)
start = time.monotonic()
try:
    tabeq.evaluate_many(tasks, threads=2)
    print("finished", flush=True)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - start:.2f}s", flush=True)
    sys.exit(130)
"""


def _interrupt(
    command: list[str], *, cwd: Path | None = None, wait_for: str | None = None
) -> tuple[int, str, float]:
    """Start `command`, send SIGINT once it runs, and return (exit code, stdout, seconds from
    the signal to the exit)."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    if wait_for is not None:
        assert process.stdout.readline().strip() == wait_for
    time.sleep(1.5)
    assert process.poll() is None, "the work ended before the signal"
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    return process.returncode, out, time.monotonic() - sent


def test_ctrl_c_stops_evaluate_many_promptly() -> None:
    code, out, seconds = _interrupt([sys.executable, "-c", SLOW_TASKS], wait_for="ready")
    assert "finished" not in out
    assert out.startswith("interrupted"), out
    assert code == 130
    assert seconds < 5, seconds  # the whole batch takes minutes


def test_ctrl_c_stops_a_suite_and_writes_no_summary(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    gold_file = tmp_path / "gold.csv"
    gold_file.write_bytes(b"k,v\n" + b"".join(b"key%d,%d\n" % (i, i) for i in range(60000)))
    config: dict[str, Any] = {
        "schema_version": "1.0",
        "order_sensitive": False,
        "columns": [
            {"gold_index": 0, "gold_name": "k", "type": "text"},
            {"gold_index": 1, "gold_name": "v", "type": "number", "comparison": {"mode": "integer"}},
        ],
    }
    for n in range(1, 1201):
        task = f"task_{n}"
        for part in ("gold", "predictions"):
            (suite / part / task).mkdir(parents=True)
        # Hard links: one file on disk, a fresh read per task.
        os.link(gold_file, suite / "gold" / task / "gold.csv")
        os.link(gold_file, suite / "predictions" / task / "prediction.csv")
        (suite / "configs").mkdir(exist_ok=True)
        (suite / "configs" / f"{task}.json").write_text(
            json.dumps({**config, "task_id": task}), encoding="utf-8"
        )
    output = tmp_path / "summary.json"
    command = [
        sys.executable,
        "-m",
        "tabeq",
        "evaluate",
        *suite_roots(suite),
        "--output",
        str(output),
        "--threads",
        "2",
    ]
    code, _, seconds = _interrupt(command)
    assert code != 0
    assert seconds < 5, seconds
    assert not output.exists()
    assert not list(tmp_path.glob("summary*"))


def test_the_integrations_package_is_lazy() -> None:
    code = textwrap.dedent(
        """
        import sys, tabeq
        assert "tabeq.integrations" not in sys.modules
        assert "inspect_ai" not in sys.modules
        import tabeq.integrations
        assert "inspect_ai" not in sys.modules
        print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr


def test_rewards_of_model_texts_are_the_score_or_the_row_f1_of_the_extracted_table() -> None:
    gold = tabeq.Gold(GOLD, CONFIG)
    texts = [
        "```csv\nregion,gdp\nSouth,2.0\nNorth,1.3\n```",
        "| r | g |\n|---|---|\n| North | 1.3 |\n| East | 9 |\n",
        "I do not know.",
    ]
    tables = [tabeq.extract_table(t) for t in texts]
    assert gold.rewards(texts) == gold.scores(tables) == [1.0, 0.0, 0.0]
    credits = [c.row_f1 for c in gold.partial_credit(tables)]
    assert gold.rewards(texts, dense=True) == [1.0, credits[1], 0.0]
    assert 0.0 < credits[1] < 1.0


def worker_threads() -> int:
    names = []
    for task in Path("/proc/self/task").iterdir():
        try:
            names.append((task / "comm").read_text(encoding="utf-8"))
        except OSError:  # the thread ended meanwhile
            continue
    return sum(name.startswith("tabeq-worker") for name in names)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads Linux's /proc")
def test_distinct_thread_counts_keep_one_bounded_pool() -> None:
    # Each distinct threads= value used to build a pool that lived for ever (20,101 threads
    # after 200 values); now one pool grows on demand, up to its cap, and is reused.
    gold = tabeq.Gold(b"n\n3\n", tabeq.TaskConfig([tabeq.number("n", integer=True)]))
    predictions = [b"x\n3\n" + b"#" * 40_000] * 4 + [b"x\n3\n"] * 200  # large enough for the pool
    for threads in range(1, 121):
        assert gold.scores(predictions, threads=threads)[-1] == 1.0
    # tabeq's own workers, by name: the process's total also counts threads that other libraries
    # tested in this process (Ray, Spark) start in the background meanwhile.
    # A replaced pool's threads exit asynchronously (rayon ends them after the drop): wait
    # for them, up to a generous deadline, rather than count threads that are on their way out.
    deadline = time.monotonic() + 30
    while worker_threads() > 64 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert 0 < worker_threads() <= 64


def test_a_batch_of_one_is_scored_on_the_calling_thread() -> None:
    # A batch of one small prediction (or a few) never wakes the pool: no worker thread is
    # started for it. (Its speed against Gold.evaluate is in BENCHMARKS.md, not asserted here.)
    if not Path("/proc/self/task").exists():
        pytest.skip("reads Linux's /proc")
    script = textwrap.dedent(
        """
        import os, tabeq
        gold = tabeq.Gold(b"n\\n3\\n", tabeq.TaskConfig([tabeq.number("n", integer=True)]))
        assert gold.scores([b"x\\n3\\n"], threads=4) == [1.0]
        assert gold.scores([b"x\\n3\\n"] * 8, threads=4) == [1.0] * 8
        assert gold.rewards(["```csv\\nx\\n3\\n```"]) == [1.0]
        tasks = os.listdir("/proc/self/task")
        names = [open(f"/proc/self/task/{t}/comm").read() for t in tasks]
        print(sum(n.startswith("tabeq-worker") for n in names))
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"
