"""The profile registry and the limits through Python: the same names and verdicts as the core
and the Node module (the shared fixture set, tests/fixtures/profiles.json), the limits taken from
the core (one config limit for every surface), and ``tabeq profiles``."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
import tabeq
from conftest import FIXTURES, REPO
from tabeq import _tabeq, cli, sql, trust

PROFILES: dict[str, Any] = json.loads((FIXTURES / "profiles.json").read_text(encoding="utf-8"))
MIB = 1024 * 1024


def test_profiles_are_the_registry_in_order() -> None:
    listed = tabeq.profiles()
    assert [p["name"] for p in listed] == PROFILES["names"]
    for profile in listed:
        keys = (
            "name",
            "title",
            "summary",
            "spec",
            "prediction",
            "gold",
            "options",
            "max_input_bytes",
            "wasm_module",
        )
        assert tuple(profile) == keys
        assert profile["spec"].startswith("docs/spec/")
        assert profile["prediction"] in ("csv", "rows_json")


@pytest.mark.parametrize("case", PROFILES["cases"], ids=lambda c: f"{c['profile']}-{c['passed']}")
def test_every_fixture_case_gets_its_verdict(case: dict[str, Any]) -> None:
    outcome = tabeq.score(case["prediction"], case["gold"], profile=case["profile"], **case["options"])
    verdict = (outcome["profile"], outcome["passed"], outcome["score"])
    assert verdict == (case["profile"], case["passed"], case["score"])
    assert isinstance(outcome["document"], dict)
    # Bytes score as the same text does.
    as_bytes = tabeq.score(
        case["prediction"].encode(), case["gold"].encode(), profile=case["profile"], **case["options"]
    )
    assert as_bytes == outcome


def test_a_profiles_own_document_comes_back() -> None:
    config = json.loads(PROFILES["cases"][0]["options"]["config"])
    record = tabeq.score("x\n3\n", "n\n3\n", profile="dataspace", config=json.dumps(config))["document"]
    assert (record["task_id"], record["passed"]) == ("task_1", True)
    kdd = tabeq.score("a,b\n1,2\n", "x\n1\n", profile="kddcup-phase1")["document"]
    assert (kdd["status"], kdd["matched_columns"]) == ("partial_match", 1)
    rows = tabeq.score("[[1], [2]]", "[[2], [1]]", profile="spider-result-eq")["document"]
    assert rows["reason"] == "match"


def test_unknown_profiles_and_options_are_argument_errors() -> None:
    with pytest.raises(tabeq.ArgumentError, match="bird-ex") as unknown:
        tabeq.score("[]", "[]", profile="bird")
    assert unknown.value.code == "invalid_argument"
    with pytest.raises(tabeq.ArgumentError, match="reads no option"):
        tabeq.score("[]", "[]", profile="bird-ex", order_matters=True)
    with pytest.raises(tabeq.ArgumentError):
        tabeq.score("x\n1\n", "n\n1\n", profile="dataspace")  # no config
    with pytest.raises(tabeq.ArgumentError):
        tabeq.score(1, "[]", profile="bird-ex")  # type: ignore[arg-type]
    with pytest.raises(tabeq.SqlError) as ragged:
        tabeq.score("[[1]]", "[[]]", profile="bird-soft-f1")  # an empty gold row: the official divides by 0
    assert ragged.value.code.startswith("sql_")


def test_the_limits_are_the_cores() -> None:
    assert _tabeq.LIMITS["MAX_CONFIG_BYTES"] == _tabeq.MAX_CONFIG_BYTES == 20 * MIB
    assert trust.MAX_TRUST_FILE_BYTES == _tabeq.LIMITS["MAX_TRUST_FILE_BYTES"] == 1 << 30
    assert inspect.signature(sql.execution_match).parameters["max_rows"].default == _tabeq.MAX_SQL_ROWS
    assert all(name.startswith("MAX_") and value > 0 for name, value in _tabeq.LIMITS.items())


def padded_config(size: int) -> bytes:
    """A valid config of exactly ``size`` bytes (JSON whitespace before the closing brace)."""
    text = PROFILES["cases"][0]["options"]["config"].encode()
    return text[:-1] + b" " * (size - len(text)) + b"}"


def test_a_17_mib_config_reads_through_python_as_through_the_core(tmp_path: Path) -> None:
    # The Python file reader once stopped at 16 MiB while the core takes 20 MiB.
    data = padded_config(17 * MIB)
    path = tmp_path / "task_1.json"
    path.write_bytes(data)
    loaded = tabeq.load_config(path)
    assert loaded.task_id == "task_1"
    # The same bytes through the core's own entry: accepted too, and the same verdict.
    through_core = tabeq.score("x\n3\n", "n\n3\n", profile="dataspace", config=data)
    through_file = tabeq.evaluate(b"x\n3\n", b"n\n3\n", loaded)
    assert through_core["passed"] is through_file.passed is True
    # Past the one limit, both refuse it.
    too_large = padded_config(20 * MIB + 1)
    path.write_bytes(too_large)
    with pytest.raises(tabeq.ConfigError):
        tabeq.load_config(path)
    with pytest.raises(tabeq.ArgumentError, match="too large|larger|limit"):
        tabeq.score("x\n3\n", "n\n3\n", profile="dataspace", config=too_large)


def test_tabeq_profiles_prints_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["profiles"]) == 0
    text = capsys.readouterr().out
    assert text == _tabeq.profiles_listing(False)
    assert all(f"{name}\n" in text for name in PROFILES["names"])
    assert cli.main(["profiles", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == tabeq.profiles()


def test_docs_page_runs_and_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/profiles.md: its python blocks run in order in one namespace, each `text` block is the
    exact output of the block before it, and its console block prints what it shows."""
    import contextlib
    import io

    from test_docs import FENCE, run_console

    monkeypatch.chdir(tmp_path)
    page = (REPO / "docs" / "profiles.md").read_text(encoding="utf-8")
    namespace: dict[str, object] = {"__name__": "__docs__"}
    previous: str | None = None
    ran = 0
    for index, match in enumerate(FENCE.finditer(page)):
        lang, body = match.group(1), match.group(2)
        if lang == "python":
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                exec(compile(body, f"profiles.md block {index}", "exec"), namespace)
            previous, ran = buffer.getvalue(), ran + 1
        elif lang == "text":
            assert previous == body, f"block {index}"
            previous = None
        elif lang == "console":
            run_console(body, tmp_path)
            previous, ran = None, ran + 1
    assert ran >= 4
