"""tabeq.kddcup: the KDD Cup 2026 Phase-1 scorer (``dabench score-run``) on Python and the command
line. CI checks the reports the official produced (tests/kddcup/cli/expected.json, recorded by
tests/kddcup/cli/record.py); with ``TABEQ_KDDCUP_OFFICIAL=/path/to/kddcup-official`` (the folder
holding ``data_agent_baseline/``) the differential tests also run the official itself."""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from tabeq import FatalError, kddcup

REPO = Path(__file__).resolve().parents[2]
CLI_VECTORS = REPO / "tests" / "kddcup" / "cli"
sys.path.insert(0, str(CLI_VECTORS))
from run_fixture import build  # noqa: E402

OFFICIAL = os.environ.get("TABEQ_KDDCUP_OFFICIAL")
needs_official = pytest.mark.skipif(
    not OFFICIAL, reason="set TABEQ_KDDCUP_OFFICIAL to the official package's folder"
)


def _official(name: str) -> ModuleType:
    assert OFFICIAL
    if OFFICIAL not in sys.path:
        sys.path.insert(0, OFFICIAL)
    return importlib.import_module(f"data_agent_baseline.evaluation.{name}")


def _recorded() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((CLI_VECTORS / "expected.json").read_text(encoding="utf-8"))
    return cases


def _blank_time(text: str) -> str:
    report = json.loads(text)
    assert report["meta"]["evaluated_at"] == "" or len(report["meta"]["evaluated_at"]) == 20
    report["meta"]["evaluated_at"] = ""
    return json.dumps(report, ensure_ascii=False, indent=2) + "\n"


def _tabeq(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabeq", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_cells_and_signatures() -> None:
    assert kddcup.normalize_cell(" 1,234.5 ") == "1234.50"
    assert kddcup.normalize_cell("1,234.5", strict_commas=True) == "1,234.5"
    assert kddcup.normalize_cell("-0.001") == "0.00"
    assert kddcup.normalize_cell(" NaN ") == ""
    assert kddcup.normalize_cell("05/01/2024") == "2024-01-05"
    assert kddcup.normalize_cell("2024-01-05T10:00:00.5+01:00") == "2024-01-05T09:00:00Z"
    assert kddcup.normalize_cell("Été") == "Été"
    # Two cells joined by U+001F hash like one cell holding it (the official joins with it).
    assert kddcup.column_signature(["a", "b"]) == kddcup.column_signature(["a\x1fb"])
    assert kddcup.column_signature(["2", "1"]) == kddcup.column_signature(["1.0", "2.00"])
    assert kddcup.column_signature([]).startswith("sha256:e3b0c442")


def test_score_task_fields_and_statuses(tmp_path: Path) -> None:
    r = kddcup.score_task(b"name,total\nbob,20\nalice,10\n", b"total\n10\n20\n")
    assert list(r) == [
        "status", "score", "recall", "penalty", "gold_columns", "predicted_columns", "matched_columns",
        "extra_columns", "missing_gold_signatures", "extra_prediction_signatures", "error",
    ]  # fmt: skip
    assert (r["status"], r["recall"], r["penalty"], r["extra_columns"]) == ("partial_match", 1.0, 0.05, 1)
    assert r["score"] == 1.0 - 0.05
    assert kddcup.score_task(None, b"a\n1\n")["status"] == "missing_prediction"
    assert kddcup.score_task(tmp_path / "absent.csv", b"a\n1\n")["status"] == "missing_prediction"
    ragged = kddcup.score_task(b"a,b\n1,2,3\n", b"a\n1\n")
    assert (ragged["status"], ragged["error"]) == (
        "read_error:ValueError",
        "CSV row 2 has 3 values; expected 2.",
    )
    pred = tmp_path / "p.csv"
    pred.write_bytes(b"")
    empty = kddcup.score_task(pred, b"a\n1\n")
    assert empty["error"] == f"CSV has no header: {pred}"
    # A NUL byte and more than 64 columns are fine in this scorer.
    wide = (
        b",".join(b"c%d" % i for i in range(100)) + b"\n" + b",".join(b"%d" % i for i in range(100)) + b"\n"
    )
    assert kddcup.score_task(wide, wide)["status"] == "perfect_match"
    assert kddcup.score_task(b"a\nx\x00y\n", b"a\nx\x00y\n")["status"] == "perfect_match"


def test_fatal_inputs_raise_coded_errors() -> None:
    with pytest.raises(FatalError) as negative:
        kddcup.score_task(b"a\n1\n", b"a\n1\n", penalty_weight=-1)
    assert negative.value.code.startswith("kddcup_")
    assert "penalty_weight must be non-negative." in str(negative.value)
    with pytest.raises(FatalError) as invalid:
        kddcup.score_task(b"a\n1\n", b"a,b\n1\n")
    assert invalid.value.code.startswith("kddcup_")
    # The gold is read only when the prediction exists, as the official does.
    assert kddcup.score_task(None, b"a,b\n1\n")["status"] == "missing_prediction"
    assert kddcup.score_task(b"a\n1\n", b"a\n1\n", penalty_weight=-0.0)["status"] == "perfect_match"


def test_explain_task_names_the_missed_gold_columns_without_gold_values() -> None:
    gold = b"city,total,year\nParis,10,2024\nOslo,20,2024\n"
    prediction = b"c,n,y\nParis,10,2024\nOslo,21,2024\n"
    e = kddcup.explain_task(prediction, gold)
    assert e["score"] == kddcup.score_task(prediction, gold)
    assert e["gold_values_shown"] is False
    assert e["extra_prediction_columns"] == [1]
    [missed] = e["missed_columns"]
    assert (missed["gold_index"], missed["gold_name"], missed["gold_rows"]) == (1, "total", 2)
    closest = missed["closest"]
    assert (closest["prediction_index"], closest["prediction_name"], closest["shared_values"]) == (1, "n", 1)
    assert closest["first_difference"] == {
        "position": 1,
        "prediction_value": "21.00",
        "prediction_cell": "21",
        "gold_value": None,
        "gold_ended": False,
    }
    # No gold value anywhere in the participant-level explanation.
    assert "20.00" not in json.dumps(e) and '"20"' not in json.dumps(e)
    full = kddcup.explain_task(prediction, gold, show_gold_values=True)
    assert full["missed_columns"][0]["closest"]["first_difference"]["gold_value"] == "20.00"
    # A perfect match, a missing prediction and an unreadable one have nothing to explain.
    assert kddcup.explain_task(gold, gold)["missed_columns"] == []
    assert kddcup.explain_task(None, gold)["score"]["status"] == "missing_prediction"
    assert kddcup.explain_task(b"a,b\n1\n", gold)["missed_columns"] == []
    with pytest.raises(FatalError):
        kddcup.explain_task(prediction, gold, penalty_weight=-1)


def test_prepared_gold_scores_as_score_task() -> None:
    gold = b"name,total\nalice,10\nbob,20\n"
    predictions: list[bytes | None] = [
        b"total,name\n20,bob\n10,alice\n",
        b"total\n10\n20\n",
        b"total,x,y\n10,1,1\n20,2,2\n",
        b"a,b\n1\n",
        None,
        b"",
    ]
    prepared = kddcup.Gold(gold)
    want = [kddcup.score_task(p, gold)["score"] for p in predictions]
    assert prepared.scores(predictions) == want
    assert want[:2] == [1.0, 0.5]
    assert kddcup.Gold(gold, penalty_weight=0.0).scores([predictions[2]]) == [0.5]


def test_evaluate_predictions_equals_the_recorded_official_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(tmp_path)
    monkeypatch.chdir(tmp_path)
    for case in _recorded():
        report = kddcup.evaluate_predictions(
            "run",
            "gold",
            input_root="input",
            penalty_weight=case["penalty_weight"],
            strict_commas=case["strict_commas"],
        )
        assert len(report["meta"]["evaluated_at"]) == len("2026-01-01T00:00:00Z")
        report["meta"]["evaluated_at"] = ""
        assert json.dumps(report, ensure_ascii=False, indent=2) + "\n" == case["report"], case[
            "penalty_weight"
        ]


def test_cli_writes_the_official_report_and_console_lines(tmp_path: Path) -> None:
    build(tmp_path)
    for case in _recorded():
        args = ["kddcup", "score-run", "run", "--gold-dir", "gold", "--input-dir", "input"]
        args += ["--penalty-weight", repr(case["penalty_weight"])]
        args += ["--strict-commas"] if case["strict_commas"] else []
        done = _tabeq(*args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        written = (tmp_path / "run" / "scores.json").read_text(encoding="utf-8")
        # The command resolves its folders, as the official's typer arguments do.
        shown = written.replace(json.dumps(str(tmp_path.resolve()))[1:-1] + "/", "")
        assert _blank_time(shown) == case["report"]
        aggregate = json.loads(written)["aggregate"]
        assert done.stdout == (
            f"Score report: {tmp_path.resolve() / 'run' / 'scores.json'}\n"
            f"Total score: {aggregate['total_score']:.4f} ({aggregate['tasks_scored_nonzero']}/"
            f"{aggregate['task_count']} tasks non-zero; {aggregate['tasks_missing']} missing)\n"
        )
        assert done.stderr == ""  # no progress bar into a pipe


def test_cli_output_flag_and_verbose_table(tmp_path: Path) -> None:
    build(tmp_path)
    out = tmp_path / "elsewhere" / "report.json"
    done = _tabeq(
        "kddcup", "score-run", "run", "--gold-dir", "gold", "--output", str(out), "--verbose", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert out.is_file() and not (tmp_path / "run" / "scores.json").exists()
    assert "Task Scores" in done.stdout
    assert "task_5" in done.stdout and "partial_match" in done.stdout and "0.967" in done.stdout
    assert [p.name for p in out.parent.iterdir()] == ["report.json"]  # no temporary file left


@pytest.mark.parametrize(
    "case",
    ["no gold folder", "no gold files", "invalid gold", "negative weight", "no predictions folder"],
)
def test_cli_fatal_inputs_exit_2_and_write_nothing(tmp_path: Path, case: str) -> None:
    build(tmp_path)
    args = ["kddcup", "score-run", "run", "--gold-dir", "gold"]
    if case == "no gold folder":
        args[-1] = "nowhere"
    elif case == "no gold files":
        args[-1] = "input"
    elif case == "invalid gold":
        (tmp_path / "gold" / "task_2" / "gold.csv").write_bytes(b"a,b\n1\n")
    elif case == "negative weight":
        args += ["--penalty-weight", "-0.5"]
    else:
        args[2] = "nowhere"
    done = _tabeq(*args, cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert "kddcup_" in done.stderr
    assert not (tmp_path / "run" / "scores.json").exists()


@needs_official
def test_differential_cells_from_all_of_unicode() -> None:
    official = _official("normalization")
    rng = random.Random(37)
    classes = [
        lambda: "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(6))).replace("\ud800", ""),
        lambda: (
            rng.choice(["", "-", " "])
            + "".join(rng.choice("0123456789,._eE+-") for _ in range(rng.randrange(1, 9)))
        ),
        lambda: (
            f"{rng.randrange(1, 10000):04d}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
            + rng.choice(["", "T10:20:30", " 01:02:03.5", "T00:00:00+05:30", "T23:59:59.123456-0100", "Z"])
        ),
        lambda: f"{rng.randrange(1, 32)}/{rng.randrange(1, 13)}/{rng.randrange(1, 3000)}",
        lambda: rng.choice(
            ["NaN", " null ", "None", "<NA>", "Infinity", "1_000", "١٢٣", "1e3", "-0", "1,2,3"]
        ),
    ]
    wrong = []
    for i in range(6000):
        cell = "".join(c for c in classes[i % len(classes)]() if not 0xD800 <= ord(c) <= 0xDFFF)
        for strict in (False, True):
            try:
                want = official.normalize_cell(cell, strict_commas=strict)
            except OverflowError:
                continue  # the official crashes (astimezone overflow): see docs/spec/kddcup.md
            if kddcup.normalize_cell(cell, strict_commas=strict) != want:
                wrong.append((cell, strict, want))
    assert not wrong[:20]


@needs_official
def test_differential_whole_run(tmp_path: Path) -> None:
    scorer = _official("scorer")
    build(tmp_path)
    for weight in (0.1, 0.0, 0.7):
        want = scorer.evaluate_predictions(
            tmp_path / "run", tmp_path / "gold", input_root=tmp_path / "input", penalty_weight=weight
        ).to_dict()
        got = kddcup.evaluate_predictions(
            tmp_path / "run", tmp_path / "gold", input_root=tmp_path / "input", penalty_weight=weight
        )
        want["meta"]["evaluated_at"] = got["meta"]["evaluated_at"] = ""
        assert got == want


def test_docs_page_runs_and_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import contextlib
    import io

    from test_docs import FENCE, run_console

    monkeypatch.chdir(tmp_path)
    page = (REPO / "docs" / "kddcup.md").read_text(encoding="utf-8")
    namespace: dict[str, object] = {"__name__": "__docs__"}
    previous: str | None = None
    ran = 0
    for index, match in enumerate(FENCE.finditer(page)):
        lang, body = match.group(1), match.group(2)
        if lang == "python":
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                exec(compile(body, f"kddcup.md block {index}", "exec"), namespace)
            previous, ran = buffer.getvalue(), ran + 1
        elif lang == "text":
            assert previous == body, f"block {index}"
            previous = None
        elif lang == "console":
            run_console(body, tmp_path)
            previous, ran = None, ran + 1
    assert ran >= 5
