"""``limits="lifted"`` (issue 42, item 4): tables beyond the official 20 MiB and 100,000 rows
scored on request, everywhere a DataSpace task is read (bytes, paths, ``Gold``, suites, the
command line, diagnoses, pickles); the official limits stay the default."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest
import tabeq
from tabeq import cli

CONFIG = tabeq.TaskConfig([tabeq.number("n", integer=True)])
# One row more than the official evaluator reads.
ROWS = 100_000
MANY = b"n\n" + b"".join(b"%d\n" % i for i in range(ROWS + 1))
MANY_SHUFFLED = b"n\n" + b"".join(b"%d\n" % i for i in reversed(range(ROWS + 1)))
MANY_WRONG = b"n\n" + b"".join(b"%d\n" % (i + 1) for i in range(ROWS + 1))


def test_the_official_limits_stay_the_default() -> None:
    with pytest.raises(tabeq.GoldError) as gold:
        tabeq.evaluate(MANY, MANY, CONFIG)
    assert "csv_too_many_rows" in str(gold.value)
    assert "100000-data-row limit" in str(gold.value)
    small_gold = b"n\n1\n"
    for limits in (None, "official"):
        kwargs = {} if limits is None else {"limits": limits}
        refused = tabeq.evaluate(MANY, small_gold, CONFIG, **kwargs)
        assert (refused.error_code, refused.csv_error_code) == ("invalid_prediction_csv", "csv_too_many_rows")


def test_lifted_limits_score_beyond_them() -> None:
    passed = tabeq.evaluate(MANY_SHUFFLED, MANY, CONFIG, limits="lifted")
    assert passed.passed and passed.gold_row_count == ROWS + 1
    failed = tabeq.evaluate(MANY_WRONG, MANY, CONFIG, limits="lifted")
    assert (failed.passed, failed.error_code) == (False, "relation_mismatch")
    many = tabeq.evaluate_many([(MANY_SHUFFLED, MANY, CONFIG), (MANY_WRONG, MANY, CONFIG)], limits="lifted")
    assert [r.passed for r in many] == [True, False]
    assert many[1].explain().to_dict()["error_code"] == "relation_mismatch"
    with pytest.raises(tabeq.GoldError):
        tabeq.evaluate_many([(MANY_SHUFFLED, MANY, CONFIG)])


def test_gold_keeps_its_limits_through_pickling() -> None:
    gold = tabeq.Gold(MANY, CONFIG, limits="lifted")
    assert gold.row_count == ROWS + 1
    assert repr(gold).endswith(", limits lifted>")
    assert repr(pickle.loads(pickle.dumps(gold))) == repr(gold)
    assert "limits" not in repr(tabeq.Gold(b"n\n1\n", CONFIG))
    for g in (gold, pickle.loads(pickle.dumps(gold))):
        assert g.evaluate(MANY_SHUFFLED).passed
        assert g.scores([MANY_SHUFFLED, MANY_WRONG, None]) == [1.0, 0.0, 0.0]
        assert [r.passed for r in g.evaluate_many([MANY_SHUFFLED, MANY_WRONG])] == [True, False]
    # A gold read within the official limits refuses a prediction beyond them.
    small = tabeq.Gold(b"n\n1\n", CONFIG)
    assert small.evaluate(MANY).csv_error_code == "csv_too_many_rows"
    assert tabeq.Gold(b"n\n1\n", CONFIG, limits="lifted").evaluate(MANY).error_code == "row_count_mismatch"


def test_files_beyond_the_byte_limit(tmp_path: Path) -> None:
    # 90,000 rows of 250 characters: over the official byte limit, under its row limit.
    wide = b"t\n" + b"".join(b"%0250d\n" % i for i in range(90_000))
    assert len(wide) > 20 * 1024 * 1024
    config = tabeq.TaskConfig([tabeq.text("t")])
    path = tmp_path / "gold.csv"
    path.write_bytes(wide)
    with pytest.raises(tabeq.GoldError) as refused:
        tabeq.evaluate(str(path), str(path), config)
    assert "exceeds the 20971520-byte limit" in str(refused.value)
    prediction = tmp_path / "prediction.csv"
    prediction.write_bytes(wide)
    result = tabeq.evaluate(str(prediction), str(path), config, limits="lifted")
    assert result.passed
    assert tabeq.Gold(str(path), config, limits="lifted").evaluate(str(prediction)).passed
    assert tabeq.evaluate(wide, wide, config, limits="lifted").passed
    official = tabeq.evaluate(str(prediction), b"t\n1\n", config)
    assert official.csv_error_code == "csv_too_large"


def test_a_diagnosis_reads_again_within_the_same_limits(tmp_path: Path) -> None:
    gold, prediction = tmp_path / "gold.csv", tmp_path / "prediction.csv"
    gold.write_bytes(MANY)
    prediction.write_bytes(MANY_WRONG)
    result = tabeq.evaluate(str(prediction), str(gold), CONFIG, limits="lifted")
    for r in (result, pickle.loads(pickle.dumps(result))):
        diagnosis = r.explain(redaction="full")
        assert diagnosis.to_dict()["error_code"] == "relation_mismatch"
        assert "relation_mismatch" in r.describe()
    # Asked for the official limits, the diagnosis reads the gold as the official evaluator would.
    with pytest.raises(tabeq.GoldError):
        result.explain(limits="official")
    direct = tabeq.explain.explain(str(prediction), str(gold), CONFIG, limits="lifted")
    assert direct.to_dict()["error_code"] == "relation_mismatch"


# Predictions whose files are streamed beyond the official limits: each reads (or is refused) as
# its whole file is. Pieces are 1 MiB, so the long ones cross pieces inside quoted cells and lines.
_LONG_QUOTED = b"n\r\n" + b"".join(b'"%d"\r\n' % i for i in range(400_000))
_STREAMED_PREDICTIONS = {
    "shuffled": MANY_SHUFFLED,
    "wrong": MANY_WRONG,
    "quoted_crlf": _LONG_QUOTED[:200] + b'"1\n2"x\r\n',
    "long_quoted": _LONG_QUOTED,
    "bom": b"\xef\xbb\xbf" + MANY_SHUFFLED,
    "lone_cr": MANY.replace(b"\n", b"\r"),
    "unterminated_quote": MANY + b'"1\n',
    "nul_late": MANY + b"1\x00\n",
    "bad_utf8_after_a_bad_record": b"n\n1,2\n" + MANY[2:] + b"\xff\n",
    "non_rectangular": MANY + b"1,2\n",
    "after_quote": _LONG_QUOTED + b'"1"x\r\n',
    "empty": b"",
    "header_only": b"n\n",
}


@pytest.mark.parametrize("name", sorted(_STREAMED_PREDICTIONS))
def test_streamed_files_score_as_their_bytes(tmp_path: Path, name: str) -> None:
    gold, prediction = tmp_path / "gold.csv", tmp_path / "prediction.csv"
    gold.write_bytes(MANY)
    prediction.write_bytes(_STREAMED_PREDICTIONS[name])
    streamed = tabeq.evaluate(str(prediction), str(gold), CONFIG, limits="lifted")
    # The same files as bytes (no path to name): the same verdict, code and counts.
    read = tabeq.evaluate(_STREAMED_PREDICTIONS[name], MANY, CONFIG, limits="lifted")
    keys = ("passed", "error_code", "csv_error_code", "prediction_row_count", "gold_row_count")
    assert [getattr(streamed, k) for k in keys] == [getattr(read, k) for k in keys]
    # A refused file is worded as the official evaluator words it, path included (as it would
    # word it within the lifted limits: a file broken beyond 100,000 rows is not "over the limit").
    if read.csv_error_code is not None:
        assert str(prediction) in streamed.error
        assert "data-row limit" not in streamed.error
        if len(_STREAMED_PREDICTIONS[name]) < 100_000:
            official = tabeq.evaluate(str(prediction), b"n\n1\n", CONFIG)
            assert streamed.error == official.error


@pytest.mark.parametrize("name", ["unterminated_quote", "nul_late", "bad_utf8_after_a_bad_record", "empty"])
def test_a_streamed_gold_is_refused_as_its_bytes(tmp_path: Path, name: str) -> None:
    gold = tmp_path / "gold.csv"
    gold.write_bytes(_STREAMED_PREDICTIONS[name])
    with pytest.raises(tabeq.GoldError) as streamed:
        tabeq.evaluate(MANY, str(gold), CONFIG, limits="lifted")
    with pytest.raises(tabeq.GoldError) as read:
        tabeq.evaluate(MANY, _STREAMED_PREDICTIONS[name], CONFIG, limits="lifted")
    assert str(streamed.value) == str(read.value)


@pytest.mark.parametrize("bad", ["Lifted", "none", "", 3, b"lifted"])
def test_an_unknown_limits_name_is_an_argument_error(bad: object) -> None:
    with pytest.raises(tabeq.ArgumentError) as error:
        tabeq.evaluate(b"n\n1\n", b"n\n1\n", CONFIG, limits=bad)  # type: ignore[arg-type]
    assert "limits" in str(error.value)
    with pytest.raises(tabeq.ArgumentError):
        tabeq.Gold(b"n\n1\n", CONFIG, limits=bad)  # type: ignore[arg-type]


def _suite(root: Path, prediction: bytes) -> list[str]:
    for folder, name, data in (("P", "prediction.csv", prediction), ("G", "gold.csv", MANY)):
        (root / folder / "task_1").mkdir(parents=True)
        (root / folder / "task_1" / name).write_bytes(data)
    (root / "C").mkdir()
    (root / "C" / "task_1.json").write_text(CONFIG.to_json())
    return _evaluate_args(root)


def _evaluate_args(root: Path) -> list[str]:
    """`tabeq evaluate` of the suite in `root` (folders P, G and C), writing summary.json there."""
    roots = [("--prediction-root", "P"), ("--gold-root", "G"), ("--config-root", "C")]
    return ["evaluate", *(a for flag, name in roots for a in (flag, str(root / name)))] + [
        "--output",
        str(root / "summary.json"),
    ]


def test_suite_and_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _suite(tmp_path, MANY_SHUFFLED)
    assert cli.main([*args, "--quiet"]) == 2  # the gold is beyond the official limits
    assert "csv_too_many_rows" in capsys.readouterr().err
    assert cli.main([*args, "--quiet", "--limits", "lifted", "--explain", "full"]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert (summary["task_count"], summary["passed_task_count"]) == (1, 1)
    suite = tabeq.evaluate_suite(tmp_path / "P", tmp_path / "G", tmp_path / "C", limits="lifted")
    assert suite.results[0].passed


@pytest.mark.parametrize("link", ["hard", "symbolic", "gold_folder"])
def test_a_streamed_suite_refuses_the_gold_as_its_prediction(tmp_path: Path, link: str) -> None:
    _suite(tmp_path, b"n\n1\n")
    (tmp_path / "G" / "task_1" / "gold.csv").write_bytes(b"n\n1\n")
    prediction = tmp_path / "P" / "task_1" / "prediction.csv"
    prediction.unlink()
    gold = tmp_path / "G" / "task_1" / "gold.csv"
    if link == "hard":
        os.link(gold, prediction)
    elif link == "symbolic":
        prediction.symlink_to(gold)
    else:
        # A linked task folder whose prediction.csv is the gold file itself.
        (tmp_path / "P" / "task_1").rmdir()
        (tmp_path / "P" / "task_1").symlink_to(tmp_path / "G" / "task_1")
        gold.rename(tmp_path / "G" / "task_1" / "prediction.csv")
        (tmp_path / "G" / "task_1" / "gold.csv").symlink_to("prediction.csv")
    runs = {
        limits: tabeq.evaluate_suite(tmp_path / "P", tmp_path / "G", tmp_path / "C", limits=limits).results[0]
        for limits in ("official", "lifted")
    }
    assert not runs["lifted"].passed
    assert runs["lifted"].error_code == "invalid_prediction_csv"
    assert runs["lifted"].error == runs["official"].error


def test_a_failed_task_is_explained_in_the_summary(tmp_path: Path) -> None:
    args = _suite(tmp_path, MANY_WRONG)
    assert cli.main([*args, "--quiet", "--limits", "lifted", "--explain", "redacted"]) == 0
    task = json.loads((tmp_path / "summary.json").read_text())["tasks"][0]
    assert task["error_code"] == "relation_mismatch"
    assert task["diagnosis"]["error_code"] == "relation_mismatch"


def _small_suite(root: Path) -> Path:
    """A suite within the official limits: the same verdicts under both."""
    for folder, name in (("P", "prediction.csv"), ("G", "gold.csv")):
        (root / folder / "task_1").mkdir(parents=True)
        (root / folder / "task_1" / name).write_bytes(b"n\n1\n2\n")
    (root / "C").mkdir()
    (root / "C" / "task_1.json").write_text(CONFIG.to_json())
    return root


def test_a_lifted_summary_records_its_limits(tmp_path: Path) -> None:
    root = _small_suite(tmp_path)
    roots = (root / "P", root / "G", root / "C")
    official = tabeq.evaluate_suite(*roots)
    lifted = tabeq.evaluate_suite(*roots, limits="lifted")
    # An official summary stays the official evaluator's format: no such key.
    assert "limits" not in official.to_dict() and '"limits"' not in official.to_json()
    assert "limits" not in repr(official)
    assert lifted.to_dict()["limits"] == lifted["limits"] == "lifted"
    keys = list(lifted.to_dict())
    assert keys[:4] == ["evaluator", "evaluator_version", "limits", "config_schema_version"]
    assert repr(lifted).endswith(", limits lifted>")
    assert "not the official evaluator's" in lifted.to_markdown()
    assert "limits" not in official.to_markdown()
    # Apart from the key, the same summary; and it reads back as written.
    without = {k: v for k, v in lifted.to_dict().items() if k != "limits"}
    assert without == official.to_dict()
    again = tabeq.SuiteResult(lifted.to_json(), lifted.results)
    assert (again.to_json(), repr(again)) == (lifted.to_json(), repr(lifted))


def test_the_command_line_records_lifted_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _small_suite(tmp_path)
    args = _evaluate_args(root)
    assert cli.main([*args, "--quiet"]) == 0
    assert "limits" not in json.loads((root / "summary.json").read_text())
    assert cli.main([*args, "--json", "--limits", "lifted", "--explain", "full"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["limits"] == json.loads((root / "summary.json").read_text())["limits"] == "lifted"
    assert cli.main([*args, "--limits", "lifted"]) == 0
    assert '"limits": "lifted"' in capsys.readouterr().out  # the console totals say it too


def test_validate_takes_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused = tabeq.validate(MANY, CONFIG)
    assert (refused["ok"], refused["csv_error"]["code"]) == (False, "csv_too_many_rows")
    assert tabeq.validate(MANY, CONFIG, limits="official") == refused
    lifted = tabeq.validate(MANY, CONFIG, limits="lifted")
    assert (lifted["ok"], lifted["prediction_row_count"]) == (True, ROWS + 1)
    with pytest.raises(tabeq.ArgumentError):
        tabeq.validate(MANY, CONFIG, limits="Lifted")  # type: ignore[arg-type]
    prediction, config = tmp_path / "prediction.csv", tmp_path / "task_1.json"
    prediction.write_bytes(MANY)
    config.write_text(CONFIG.to_json())
    args = ["validate", "--prediction", str(prediction), "--config", str(config)]
    assert cli.main(args) == 1
    assert "csv_too_many_rows" in capsys.readouterr().out
    assert cli.main([*args, "--limits", "lifted"]) == 0
    assert json.loads(capsys.readouterr().out)["prediction_row_count"] == ROWS + 1
    assert cli.main([*args, "--limits", "lifted", "--format", "text"]) == 0
    assert "csv_too_many_rows" not in capsys.readouterr().out
    # A predictions folder is checked for upload: within the official limits only.
    folder = ["validate", "--prediction-root", str(tmp_path)]
    assert cli.main([*folder, "--limits", "lifted"]) == 2
    assert "--limits lifted goes with --prediction" in capsys.readouterr().err


def test_check_takes_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prediction, gold, config = tmp_path / "prediction.csv", tmp_path / "gold.csv", tmp_path / "task_1.json"
    prediction.write_bytes(MANY_SHUFFLED)
    gold.write_bytes(MANY)
    config.write_text(CONFIG.to_json())
    args = ["check", "--prediction", str(prediction), "--gold", str(gold), "--config", str(config)]
    assert cli.main([*args, "--format", "json"]) == 2  # the gold is beyond the official limits
    assert "csv_too_many_rows" in capsys.readouterr().out
    assert cli.main([*args, "--format", "json", "--limits", "lifted"]) == 0
    assert json.loads(capsys.readouterr().out)["passed"] is True
    prediction.write_bytes(MANY_WRONG)
    assert cli.main([*args, "--limits", "lifted"]) == 1
    assert "relation_mismatch" in capsys.readouterr().out


def test_columns_and_arrow_take_limits() -> None:
    arrow = pytest.importorskip("pyarrow")
    import tabeq.arrow

    config = CONFIG.to_json()
    columns = ([MANY_SHUFFLED, b"n\n1\n"], [MANY, b"n\n1\n"], [config, config])
    official = tabeq.arrow.score_columns(*columns)
    assert official["error_code"] == ["gold_invalid_csv", None]
    assert official["passed"] == [False, True]
    lifted = tabeq.arrow.score_columns(*columns, limits="lifted")
    assert (lifted["passed"], lifted["error_code"]) == ([True, True], [None, None])
    # A prediction beyond the limits, a gold within them.
    refused = tabeq.arrow.score_columns([MANY], [b"n\n1\n"], [config])
    assert refused["error_code"] == ["invalid_prediction_csv"]
    table = arrow.table({"prediction": columns[0], "gold": columns[1], "config": columns[2]})
    assert tabeq.arrow.score(table).column("passed").to_pylist() == [False, True]
    assert tabeq.arrow.score(table, limits="lifted").column("passed").to_pylist() == [True, True]
    batch = table.to_batches()[0]
    assert tabeq.arrow.ray_scorer(limits="lifted")(table).column("passed").to_pylist() == [True, True]
    spark = tabeq.arrow.spark_scorer(limits="lifted")
    assert [b.column("passed").to_pylist() for b in spark([batch])] == [[True, True]]
    assert pickle.loads(pickle.dumps(tabeq.arrow.ray_scorer(limits="lifted"))).limits == "lifted"
    mapping = {"prediction": columns[0], "gold": columns[1], "config": columns[2]}
    assert tabeq.arrow.score(mapping, limits="lifted")["passed"] == [True, True]
    for bad in ("Lifted", 3):
        with pytest.raises(tabeq.ArgumentError):
            tabeq.arrow.score(mapping, limits=bad)  # type: ignore[arg-type]
        with pytest.raises(tabeq.ArgumentError):
            tabeq.arrow.ray_scorer(limits=bad)  # type: ignore[arg-type]
