"""Config from a dict, a JSON path, JSON text or a TaskConfig; the builder; round trips."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
import tabeq
from conftest import fixture_config, load_cases

RAW: dict[str, Any] = fixture_config("region_gdp_ordered_plain")
GOLD = b"Region,GDP\nNorth,1.3\nSouth,2\n"
PREDICTION = b"r,g\nNorth,1.25\nSouth,2.04\n"


def test_builder_matches_the_dict_form() -> None:
    built = tabeq.TaskConfig(
        columns=[tabeq.text("Region"), tabeq.number("GDP", decimal_places=1)],
        order_sensitive=True,
        task_id="task_7",
    )
    assert built == tabeq.TaskConfig.from_dict(RAW)
    assert built.to_dict() == RAW
    assert built.column_names == ["Region", "GDP"]
    assert built.rules == ["text", "number (decimal_places 1, plain)"]
    assert repr(built) == "TaskConfig(task_7, ordered, [Region: text, GDP: number (decimal_places 1, plain)])"


def test_builder_defaults_and_refusals_are_the_dict_forms() -> None:
    # What the builder is not given, the core fills in: task_1, not order-sensitive, column names.
    built = tabeq.TaskConfig(columns=[tabeq.text("a"), {"type": "date"}])
    assert (built.task_id, built.order_sensitive, built.column_names) == ("task_1", False, ["a", "column_1"])
    raw = {
        "schema_version": "1.0",
        "task_id": "task_1",
        "order_sensitive": "yes",
        "columns": [tabeq.text("a")],
    }
    with pytest.raises(tabeq.ConfigError) as from_dict:
        tabeq.TaskConfig.from_dict(raw)
    with pytest.raises(tabeq.ConfigError) as from_builder:
        tabeq.TaskConfig(columns=[tabeq.text("a")], order_sensitive="yes")  # type: ignore[arg-type]
    assert (from_builder.value.code, str(from_builder.value)) == (from_dict.value.code, str(from_dict.value))


def test_builder_column_helpers() -> None:
    config = tabeq.TaskConfig(
        columns=[
            tabeq.number("share", significant_digits=3, unit="fraction", allow_percent_sign=True),
            tabeq.number("n", integer=True),
            tabeq.date("day"),
            tabeq.datetime("at"),
            tabeq.boolean("ok"),
        ]
    )
    columns = config.columns
    assert [c["type"] for c in columns] == ["number", "number", "date", "datetime", "boolean"]
    assert columns[0]["comparison"] == {"mode": "significant_digits", "digits": 3}
    assert columns[0]["unit"] == "fraction" and columns[0]["allow_percent_sign"] is True
    assert columns[1]["comparison"] == {"mode": "integer"}
    assert [c["gold_index"] for c in columns] == [0, 1, 2, 3, 4]
    assert config.task_id == "task_1" and config.order_sensitive is False
    with pytest.raises(ValueError, match="exactly one"):
        tabeq.number("x")
    with pytest.raises(ValueError, match="exactly one"):
        tabeq.number("x", decimal_places=1, integer=True)


def test_every_config_source_scores_the_same(tmp_path: Path) -> None:
    path = tmp_path / "task_7.json"
    path.write_text(json.dumps(RAW), encoding="utf-8")
    sources: list[tabeq.ConfigLike] = [
        RAW,
        tabeq.TaskConfig.from_dict(RAW),
        json.dumps(RAW),
        json.dumps(RAW).encode(),
        str(path),
        path,
        tabeq.load_config(path),
    ]
    results = [tabeq.evaluate(PREDICTION, GOLD, source) for source in sources]
    assert all(r.passed and r.task_id == "task_7" for r in results)
    assert all(r == results[0] for r in results)


def test_round_trips() -> None:
    config = tabeq.TaskConfig.from_dict(RAW)
    assert tabeq.TaskConfig.from_dict(config.to_dict()) == config
    assert tabeq.TaskConfig.from_json(config.to_json()) == config
    assert json.loads(config.to_json()) == config.to_dict()
    assert pickle.loads(pickle.dumps(config)) == config
    assert hash(tabeq.TaskConfig.from_dict(RAW)) == hash(config)


def test_every_valid_vector_config_round_trips() -> None:
    valid = 0
    for case in load_cases():
        try:
            config = tabeq.TaskConfig.from_dict(case["config"])
        except tabeq.ConfigError:
            continue
        valid += 1
        again = tabeq.TaskConfig.from_dict(config.to_dict())
        assert again == config and again.to_json() == config.to_json(), case["id"]
    assert valid > 3000


def test_quirky_configs_normalize() -> None:
    # The official validator accepts `digits: true` (bool is an int) and `gold_index: 0.0`.
    raw = json.loads(json.dumps(RAW))
    raw["columns"][0]["gold_index"] = 0.0
    raw["columns"][1]["comparison"]["digits"] = True
    raw["columns"][1]["extra"] = "ignored"
    config = tabeq.TaskConfig.from_dict(raw)
    assert config.to_dict()["columns"][0]["gold_index"] == 0
    assert config.to_dict()["columns"][1]["comparison"]["digits"] == 1
    assert "extra" not in config.to_dict()["columns"][1]


def test_load_config_enforces_the_file_name_rule(tmp_path: Path) -> None:
    path = tmp_path / "task_8.json"
    path.write_text(json.dumps(RAW), encoding="utf-8")
    with pytest.raises(tabeq.ConfigError) as info:
        tabeq.load_config(path)
    assert info.value.code == "config_task_id_mismatch"
    with pytest.raises(tabeq.ConfigError) as info:
        tabeq.TaskConfig.from_json(json.dumps(RAW), file_stem="task_8")
    assert info.value.code == "config_task_id_mismatch"
    assert tabeq.TaskConfig.from_json(json.dumps(RAW), file_stem="task_7").task_id == "task_7"


@pytest.mark.parametrize(
    ("mutate", "code"),
    [
        (lambda c: c.update(schema_version="2.0"), "config_unsupported_schema"),
        (lambda c: c.update(task_id="seven"), "config_invalid_task_id"),
        (lambda c: c["columns"][1]["comparison"].update(digits=2.0), "config_invalid"),
        (lambda c: c["columns"][0].update(type="money"), "config_invalid"),
        (lambda c: c["columns"][1].update(gold_index=5), "config_invalid"),
    ],
)
def test_invalid_configs_raise_config_error_with_code(mutate: Any, code: str) -> None:
    raw = json.loads(json.dumps(RAW))
    mutate(raw)
    with pytest.raises(tabeq.ConfigError) as info:
        tabeq.TaskConfig.from_dict(raw)
    assert info.value.code == code
    assert info.value.stage == "config"
    assert isinstance(info.value, tabeq.FatalError) and isinstance(info.value, ValueError)


def test_unreadable_config_sources(tmp_path: Path) -> None:
    with pytest.raises(tabeq.ConfigError) as info:
        tabeq.load_config(tmp_path / "task_1.json")
    assert info.value.code == "config_invalid_json"
    with pytest.raises(tabeq.ConfigError) as info:
        tabeq.TaskConfig.from_json("{not json")
    assert info.value.code == "config_invalid_json"
    with pytest.raises(tabeq.ConfigError) as info:
        tabeq.TaskConfig.from_dict({"columns": {1, 2}})
    assert info.value.code == "config_invalid_json"
    with pytest.raises(TypeError):
        tabeq.evaluate(PREDICTION, GOLD, 3.5)  # type: ignore[arg-type]
