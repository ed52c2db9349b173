"""tabeq: the exact, fast evaluator for tabular answers of LLM data agents.

>>> import tabeq
>>> config = tabeq.TaskConfig(columns=[tabeq.text("region"), tabeq.number("gdp", decimal_places=1)])
>>> result = tabeq.evaluate(b"Region,GDP\\nNorth,1.25\\n", b"region,gdp\\nNorth,1.3\\n", config)
>>> result.passed, result.column_mapping
(True, [0, 1])
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Callable, Optional, Union

from . import _tabeq
from ._errors import CellError, ConfigError, FatalError, GoldError, SuiteError, TabeqError
from ._inputs import TableLike, table_to_csv_bytes

__version__: str = _tabeq.__version__

__all__ = [
    "__version__",
    "TabeqError",
    "FatalError",
    "ConfigError",
    "GoldError",
    "SuiteError",
    "CellError",
    "TaskConfig",
    "TaskResult",
    "SuiteResult",
    "ConfigLike",
    "TableLike",
    "text",
    "number",
    "date",
    "datetime",
    "boolean",
    "load_config",
    "evaluate",
    "evaluate_many",
    "evaluate_suite",
    "canonicalize",
    "error_codes",
]

Column = dict[str, Any]


def text(name: str) -> Column:
    """A text column: compared exactly after newline folding, strip and NFC."""
    return {"gold_name": name, "type": "text"}


def number(
    name: str,
    *,
    decimal_places: Optional[int] = None,
    significant_digits: Optional[int] = None,
    integer: bool = False,
    unit: str = "plain",
    allow_percent_sign: bool = False,
) -> Column:
    """A number column. Give exactly one of ``decimal_places``, ``significant_digits`` or ``integer=True``."""
    modes = [decimal_places is not None, significant_digits is not None, integer]
    if sum(modes) != 1:
        raise ValueError("give exactly one of decimal_places=, significant_digits= or integer=True")
    if integer:
        comparison: dict[str, Any] = {"mode": "integer"}
    elif decimal_places is not None:
        comparison = {"mode": "decimal_places", "digits": decimal_places}
    else:
        comparison = {"mode": "significant_digits", "digits": significant_digits}
    column: Column = {"gold_name": name, "type": "number", "comparison": comparison, "unit": unit}
    if allow_percent_sign:
        column["allow_percent_sign"] = True
    return column


def date(name: str) -> Column:
    """A date column (ISO 8601; midnight datetimes are accepted)."""
    return {"gold_name": name, "type": "date"}


def datetime(name: str) -> Column:
    """A datetime column (ISO 8601; aware values are compared in UTC)."""
    return {"gold_name": name, "type": "datetime"}


def boolean(name: str) -> Column:
    """A boolean column (1/true/yes/y/是 and 0/false/no/n/否, any case)."""
    return {"gold_name": name, "type": "boolean"}


class TaskConfig:
    """A validated task config.

    Build one with named arguments, or from a dict, JSON text or a JSON file::

        TaskConfig(columns=[text("Region"), number("GDP", decimal_places=1)], order_sensitive=True)
        TaskConfig.from_dict({...})
        load_config("configs/task_7.json")
    """

    __slots__ = ("_native",)

    def __init__(
        self,
        columns: Sequence[Mapping[str, Any]],
        *,
        order_sensitive: bool = False,
        task_id: str = "task_1",
    ) -> None:
        cols = []
        for index, column in enumerate(columns):
            entry = {"gold_index": index, "gold_name": f"c{index}"}
            entry.update(column)
            cols.append(entry)
        raw = {"schema_version": "1.0", "task_id": task_id, "order_sensitive": order_sensitive, "columns": cols}
        self._native = _tabeq.NativeConfig.from_json(json.dumps(raw).encode("utf-8"))

    @classmethod
    def _wrap(cls, native: _tabeq.NativeConfig) -> TaskConfig:
        obj = cls.__new__(cls)
        obj._native = native
        return obj

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskConfig:
        """Validate a config dict (the JSON object of a config file)."""
        return cls._wrap(_tabeq.NativeConfig.from_json(json.dumps(data).encode("utf-8")))

    @classmethod
    def from_json(cls, data: Union[str, bytes], *, file_stem: Optional[str] = None) -> TaskConfig:
        """Validate config JSON text; when ``file_stem`` is given it must equal the task id."""
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        return cls._wrap(_tabeq.NativeConfig.from_json(raw, file_stem))

    @property
    def task_id(self) -> str:
        return self._native.task_id

    @property
    def order_sensitive(self) -> bool:
        return self._native.order_sensitive

    @property
    def columns(self) -> list[dict[str, Any]]:
        cols: list[dict[str, Any]] = self.to_dict()["columns"]
        return cols

    def to_dict(self) -> dict[str, Any]:
        """The normalized config as a dict (round-trips through ``from_dict``)."""
        out: dict[str, Any] = json.loads(self._native.to_json())
        return out

    def to_json(self) -> str:
        """The normalized config as JSON text (round-trips through ``from_json``)."""
        return self._native.to_json()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TaskConfig) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        rules = ", ".join(
            f"{c['gold_name']}: {r}" for c, r in zip(self.columns, self._native.rule_descriptions())
        )
        order = "ordered" if self.order_sensitive else "unordered"
        return f"TaskConfig({self.task_id}, {order}, [{rules}])"


ConfigLike = Union[TaskConfig, Mapping[str, Any], str, bytes, "os.PathLike[str]"]


def load_config(path: Union[str, os.PathLike[str]]) -> TaskConfig:
    """Load a config file. Its stem must equal its ``task_id`` (``task_7.json`` ↔ ``task_7``)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise ConfigError(f"Cannot load task config {p}: {exc}", "config_invalid_json") from exc
    return TaskConfig._wrap(_tabeq.NativeConfig.from_json(data, p.stem))


def _as_config(config: ConfigLike) -> TaskConfig:
    if isinstance(config, TaskConfig):
        return config
    if isinstance(config, Mapping):
        return TaskConfig.from_dict(config)
    if isinstance(config, bytes):
        return TaskConfig.from_json(config)
    if isinstance(config, str) and config.lstrip().startswith("{"):
        return TaskConfig.from_json(config)
    if isinstance(config, (str, os.PathLike)):
        return load_config(config)
    raise TypeError(f"cannot use {type(config).__name__} as a config")


_ERROR_WORDS = {
    "missing_prediction": "there is no prediction file",
    "invalid_prediction_csv": "the prediction is not a valid CSV within the limits",
    "column_count_mismatch": "the prediction has a different number of columns",
    "row_count_mismatch": "the prediction has a different number of rows",
    "type_normalization_failed": "no column mapping reads every prediction column under its gold column's type",
    "relation_mismatch": "no column mapping reproduces the gold rows",
}


class TaskResult:
    """The outcome of one task, with the official record in ``to_dict()``."""

    __slots__ = ("_native",)

    def __init__(self, native: _tabeq.NativeResult) -> None:
        self._native = native

    task_id = property(lambda self: self._native.task_id, doc="The task id.")
    passed = property(lambda self: self._native.passed, doc="Whether the prediction equals the gold.")
    score = property(lambda self: self._native.score, doc="1 when passed, else 0.")
    order_sensitive = property(lambda self: self._native.order_sensitive, doc="Rows compared in order.")
    gold_column_count = property(lambda self: self._native.gold_column_count)
    prediction_column_count = property(lambda self: self._native.prediction_column_count)
    gold_row_count = property(lambda self: self._native.gold_row_count)
    prediction_row_count = property(lambda self: self._native.prediction_row_count)
    column_mapping = property(
        lambda self: self._native.column_mapping,
        doc="Prediction column index for each gold column (the first passing mapping), or None.",
    )
    error_code = property(lambda self: self._native.error_code, doc="Why it failed (a stable code), or None.")
    error = property(lambda self: self._native.error, doc="A message for people, or None.")
    csv_error_code = property(
        lambda self: self._native.csv_error_code, doc="For invalid_prediction_csv, the CSV problem's code."
    )

    def to_dict(self) -> dict[str, Any]:
        """The official per-task dict (same keys and order as the official summary)."""
        out: dict[str, Any] = json.loads(self._native.to_json())
        return out

    def to_json(self) -> str:
        return self._native.to_json()

    def __bool__(self) -> bool:
        return bool(self.passed)

    def __repr__(self) -> str:
        if self.passed:
            return f"<TaskResult {self.task_id} passed mapping={self.column_mapping}>"
        return f"<TaskResult {self.task_id} failed {self.error_code}: {self.error}>"

    def _repr_html_(self) -> str:
        verdict = "passed" if self.passed else "failed"
        color = "#1a7f37" if self.passed else "#cf222e"
        rows = [
            ("verdict", f'<b style="color:{color}">{verdict}</b>'),
            ("task", html.escape(self.task_id)),
            ("columns (gold / prediction)", f"{self.gold_column_count} / {self.prediction_column_count}"),
            ("rows (gold / prediction)", f"{self.gold_row_count} / {self.prediction_row_count}"),
        ]
        if self.error_code:
            words = _ERROR_WORDS.get(self.error_code, self.error_code)
            rows.append(("error", f"<code>{html.escape(self.error_code)}</code>: {html.escape(words)}"))
        if self.column_mapping is not None:
            pairs = ", ".join(f"{j}→{k}" for j, k in enumerate(self.column_mapping))
            rows.append(("column mapping (gold→prediction)", html.escape(pairs)))
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td>{v}</td></tr>" for k, v in rows)
        return f'<table class="tabeq-result">{body}</table>'


def evaluate(prediction: TableLike, gold: TableLike, config: ConfigLike) -> TaskResult:
    """Score one prediction against its gold.

    ``prediction`` may be ``None`` (no prediction file: ``missing_prediction``). A broken gold
    raises ``GoldError``; a broken config raises ``ConfigError``.
    """
    cfg = _as_config(config)
    pred_bytes = table_to_csv_bytes(prediction, missing_ok=True)
    gold_bytes = table_to_csv_bytes(gold, missing_ok=False)
    assert gold_bytes is not None
    return TaskResult(_tabeq.evaluate(pred_bytes, gold_bytes, cfg._native))


def evaluate_many(
    tasks: Iterable[tuple[TableLike, TableLike, ConfigLike]], threads: Optional[int] = None
) -> list[TaskResult]:
    """Score many ``(prediction, gold, config)`` triples in parallel (GIL released).

    Results are in input order. ``threads`` defaults to the number of CPUs.
    """
    prepared = []
    for prediction, gold, config in tasks:
        gold_bytes = table_to_csv_bytes(gold, missing_ok=False)
        assert gold_bytes is not None
        prepared.append((table_to_csv_bytes(prediction, missing_ok=True), gold_bytes, _as_config(config)._native))
    return [TaskResult(r) for r in _tabeq.evaluate_many(prepared, threads)]


class SuiteResult(Mapping[str, Any]):
    """A suite summary: a read-only mapping with the official schema, plus helpers."""

    def __init__(self, summary: dict[str, Any]) -> None:
        self._summary = summary

    def __getitem__(self, key: str) -> Any:
        return self._summary[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._summary)

    def __len__(self) -> int:
        return len(self._summary)

    @property
    def task_accuracy(self) -> float:
        value: float = self._summary["task_accuracy"]
        return value

    @property
    def tasks(self) -> list[dict[str, Any]]:
        tasks: list[dict[str, Any]] = self._summary["tasks"]
        return tasks

    def to_dict(self) -> dict[str, Any]:
        return json.loads(json.dumps(self._summary))  # type: ignore[no-any-return]

    def to_json(self) -> str:
        return json.dumps(self._summary, ensure_ascii=False, indent=2) + "\n"

    def to_pandas(self) -> Any:
        """The per-task records as a pandas DataFrame (requires pandas)."""
        import pandas as pd

        return pd.DataFrame(self.tasks)

    def __repr__(self) -> str:
        s = self._summary
        return (
            f"<SuiteResult {s['passed_task_count']}/{s['task_count']} passed, "
            f"task_accuracy={s['task_accuracy']:.4f}>"
        )


def evaluate_suite(
    prediction_root: Union[str, os.PathLike[str]],
    gold_root: Union[str, os.PathLike[str]],
    config_root: Union[str, os.PathLike[str]],
    *,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], object]] = None,
) -> SuiteResult:
    """Evaluate a suite in the official layout (``P/task_N/prediction.csv``,
    ``G/task_N/gold.csv``, ``C/task_N.json``) in parallel; returns the official summary.

    ``progress(done, total)`` is called periodically. Fatal problems raise ``FatalError``.
    """
    text_out = _tabeq.evaluate_suite(
        os.fspath(prediction_root), os.fspath(gold_root), os.fspath(config_root), threads, progress
    )
    return SuiteResult(json.loads(text_out))


def canonicalize(value: str, column: Union[Mapping[str, Any], str]) -> Optional[str]:
    """The canonical form of one value under a column rule, or None for a null.

    ``column`` is a column object (``{"type": "number", "comparison": {...}}``, or one made by
    ``tabeq.number(...)``) or its JSON. Raises ``CellError`` (with ``.code``) when the value
    does not read under the rule.
    """
    column_json = column if isinstance(column, str) else json.dumps(dict(column))
    return _tabeq.canonicalize(value, column_json)


def error_codes() -> dict[str, str]:
    """The stable error-code catalogue: ``{code: family}`` with families
    ``task``, ``csv``, ``cell`` and ``fatal``."""
    return dict(_tabeq.error_catalogue_entries())
