"""tabeq: the exact, fast evaluator for tabular answers of LLM data agents.

>>> import tabeq
>>> config = tabeq.TaskConfig(columns=[tabeq.text("region"), tabeq.number("gdp", decimal_places=1)])
>>> result = tabeq.evaluate(b"Region,GDP\\nNorth,1.25\\n", b"region,gdp\\nNorth,1.3\\n", config)
>>> result.passed, result.column_mapping
(True, [0, 1])
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Callable, Optional, Union

from . import _codes, _errors, _tabeq
from ._codes import (
    ArgumentErrorCode,
    BindingErrorCode,
    CellErrorCode,
    ConfigWarningCode,
    CsvErrorCode,
    ErrorCode,
    FatalErrorCode,
    OutputErrorCode,
    SubmissionErrorCode,
    TaskErrorCode,
    TrustErrorCode,
)
from ._errors import (
    ArgumentError,
    CellError,
    ConfigError,
    ConfigWarning,
    CsvError,
    FatalError,
    GoldError,
    OutputError,
    SuiteError,
    TabeqError,
)
from ._inputs import Source, TableLike, check_count, check_path, check_text, to_source

__version__: str = _tabeq.__version__

__all__ = [
    "__version__",
    "TabeqError",
    "FatalError",
    "ConfigError",
    "GoldError",
    "SuiteError",
    "CellError",
    "CsvError",
    "ArgumentError",
    "OutputError",
    "ConfigWarning",
    "ErrorCode",
    "ArgumentErrorCode",
    "BindingErrorCode",
    "TrustErrorCode",
    "OutputErrorCode",
    "SubmissionErrorCode",
    "ConfigWarningCode",
    "TaskErrorCode",
    "CsvErrorCode",
    "CellErrorCode",
    "FatalErrorCode",
    "TaskConfig",
    "TaskResult",
    "SuiteResult",
    "ConfigLike",
    "TableLike",
    "Column",
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
    "read_table",
    "error_codes",
    "Gold",
    "PartialCredit",
    "validate",
    "check_predictions",
    "extract_table",
]

Column = dict[str, Any]
"""A column object of a config (``{"gold_name": ..., "type": ..., ...}``)."""


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
    """A number column. Give exactly one of ``decimal_places``, ``significant_digits`` or ``integer=True``.

    ``unit`` is ``"plain"``, ``"percentage_points"`` or ``"fraction"`` (``12%`` reads as 0.12).
    """
    modes = [decimal_places is not None, significant_digits is not None, integer]
    if sum(modes) != 1:
        raise ArgumentError("give exactly one of decimal_places=, significant_digits= or integer=True")
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
        TaskConfig.from_json('{"schema_version": "1.0", ...}')
        load_config("configs/task_7.json")

    ``to_dict()`` and ``to_json()`` give the normalized config, which reads back equal.
    An invalid config raises ``ConfigError``.
    """

    __slots__ = ("_native",)
    _native: _tabeq.NativeConfig

    def __init__(
        self,
        columns: Sequence[Mapping[str, Any]],
        *,
        order_sensitive: bool = False,
        task_id: str = "task_1",
    ) -> None:
        if isinstance(columns, (str, bytes, Mapping)) or not isinstance(columns, Sequence):
            raise ArgumentError(f"columns must be a list of column objects, got {type(columns).__name__}")
        for index, column in enumerate(columns):
            if not isinstance(column, Mapping):
                raise ArgumentError(f"column {index} must be a mapping, got {type(column).__name__}")
        raw = {"schema_version": "1.0", "task_id": task_id, "order_sensitive": order_sensitive}
        raw["columns"] = [dict(column) for column in columns]
        # The core gives each column its default gold_index and gold_name.
        self._native = _tabeq.NativeConfig.from_json(_config_json_bytes(raw), column_defaults=True)

    @classmethod
    def _wrap(cls, native: _tabeq.NativeConfig) -> TaskConfig:
        obj = cls.__new__(cls)
        obj._native = native
        return obj

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskConfig:
        """Validate a config dict (the JSON object of a config file)."""
        return cls._wrap(_tabeq.NativeConfig.from_json(_config_json_bytes(data)))

    @classmethod
    def from_json(cls, data: Union[str, bytes], *, file_stem: Optional[str] = None) -> TaskConfig:
        """Validate config JSON text; when ``file_stem`` is given it must equal the task id."""
        if isinstance(data, str):
            raw = check_text(data, "the config JSON").encode("utf-8")
        elif isinstance(data, (bytes, bytearray, memoryview)):
            raw = bytes(data)
        else:
            raise ArgumentError(f"config JSON must be str or bytes, got {type(data).__name__}")
        stem = None if file_stem is None else check_text(file_stem, "file_stem")
        return cls._wrap(_tabeq.NativeConfig.from_json(raw, stem))

    @property
    def task_id(self) -> str:
        return self._native.task_id

    @property
    def warnings(self) -> list[ConfigWarning]:
        """Keys the official evaluator ignores (tabeq ignores them too), e.g. a misspelt
        ``allow_percent``; they never change a result."""
        return self._native.warnings()

    @property
    def order_sensitive(self) -> bool:
        return self._native.order_sensitive

    @property
    def columns(self) -> list[Column]:
        """The column objects, normalized."""
        cols: list[Column] = self.to_dict()["columns"]
        return cols

    @property
    def column_names(self) -> list[str]:
        """The gold column names (for people; never compared)."""
        return [str(c["gold_name"]) for c in self.columns]

    @property
    def rules(self) -> list[str]:
        """A short description of each column's rule, e.g. ``number (decimal_places 1, plain)``."""
        return self._native.rule_descriptions()

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

    def __reduce__(self) -> tuple[Callable[..., TaskConfig], tuple[str]]:
        return (TaskConfig.from_json, (self.to_json(),))

    def __repr__(self) -> str:
        return self._native.repr()


ConfigLike = Union[TaskConfig, Mapping[str, Any], str, bytes, "os.PathLike[str]"]
"""A config: a ``TaskConfig``, a dict, JSON text (``str`` starting with ``{`` or ``bytes``) or a path."""


def _config_json_bytes(data: object) -> bytes:
    """A config dict as the UTF-8 JSON the native parser reads (refusing what JSON cannot carry)."""
    try:
        text = json.dumps(data, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        # Not JSON data: a set, NaN, an int with more digits than Python converts, ...
        raise ConfigError(f"Config is not JSON data: {exc}", "config_invalid_json") from None
    return check_text(text, "the config").encode("utf-8")


def load_config(path: Union[str, os.PathLike[str]]) -> TaskConfig:
    """Load a config file. Its stem must equal its ``task_id`` (``task_7.json`` ↔ ``task_7``)."""
    # Opened without blocking and checked on the open file: a FIFO or device is refused.
    return TaskConfig._wrap(_tabeq.load_config(str(Path(check_path(path, "the config path")))))


def _as_config(config: ConfigLike) -> TaskConfig:
    if isinstance(config, TaskConfig):
        return config
    if isinstance(config, Mapping):
        return TaskConfig.from_dict(config)
    if isinstance(config, (bytes, bytearray)):
        return TaskConfig.from_json(bytes(config))
    if isinstance(config, str) and config.lstrip().startswith("{"):
        return TaskConfig.from_json(config)
    if isinstance(config, (str, os.PathLike)):
        return load_config(config)
    raise ArgumentError(f"cannot use {type(config).__name__} as a config")


TaskResult = _tabeq.TaskResult
SuiteResult = _tabeq.SuiteResult

ERROR_DESCRIPTIONS: dict[str, str] = {
    entry["code"]: entry["description"] for entry in _codes.CATALOGUE if entry["family"] == "task"
}
"""The per-task error codes in words (the core catalogue's descriptions)."""


def evaluate(prediction: Optional[TableLike], gold: TableLike, config: ConfigLike) -> TaskResult:
    """Score one prediction against its gold.

    ``prediction`` and ``gold`` are CSV bytes, a path, a pandas or polars DataFrame, or a list
    of rows with the header first; ``prediction`` may be ``None`` (no prediction file:
    ``missing_prediction``). ``config`` is a ``TaskConfig``, a dict, JSON text or a path.
    A broken gold raises ``GoldError``; a broken config raises ``ConfigError``.
    """
    cfg = _as_config(config)
    pred_source = to_source(prediction, role="prediction")
    gold_source = to_source(gold, role="gold")
    assert gold_source is not None
    return _tabeq.evaluate(pred_source, gold_source, cfg)


def evaluate_many(
    tasks: Iterable[tuple[Optional[TableLike], TableLike, ConfigLike]], threads: Optional[int] = None
) -> list[TaskResult]:
    """Score many ``(prediction, gold, config)`` triples in parallel (GIL released).

    Each triple takes the same inputs as ``evaluate``. Results are in input order and equal
    to scoring each triple with ``evaluate``. ``threads`` defaults to the number of CPUs.
    The first fatal error (in input order) is raised, its message naming the task's position.
    """
    threads = check_count(threads, "threads", minimum=1, optional=True)
    prepared: list[tuple[Optional[Source], Source, TaskConfig]] = []
    for index, task in enumerate(_iterate(tasks, "tasks")):
        if not isinstance(task, Sequence) or isinstance(task, (str, bytes)) or len(task) != 3:
            raise ArgumentError(f"task #{index} must be a (prediction, gold, config) triple")
        prediction, gold, config = task
        gold_source = to_source(gold, role="gold")
        assert gold_source is not None
        prepared.append((to_source(prediction, role="prediction"), gold_source, _as_config(config)))
    return _tabeq.evaluate_many(prepared, threads)


def _iterate(values: object, what: str) -> Iterable[Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ArgumentError(f"{what} must be an iterable, got {type(values).__name__}")
    return values


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

    ``progress(done, total)`` is called about ten times a second. Fatal problems raise
    ``FatalError`` (``ConfigError``, ``GoldError`` or ``SuiteError``).
    """
    roots = [
        check_path(r, what) for r, what in ((prediction_root, "prediction_root"), (gold_root, "gold_root"))
    ]
    config_path = check_path(config_root, "config_root")
    threads = check_count(threads, "threads", minimum=1, optional=True)
    if progress is not None and not callable(progress):
        raise ArgumentError(f"progress must be a callable or None, got {type(progress).__name__}")
    return _tabeq.evaluate_suite(roots[0], roots[1], config_path, threads, progress)


def canonicalize(value: str, column: Union[Mapping[str, Any], str]) -> Optional[str]:
    """The canonical form of one value under a column rule, or None for a null.

    ``column`` is a column object (``tabeq.number("x", decimal_places=2)``, an entry of
    ``TaskConfig.columns`` or a dict), its JSON text, or a bare type name for the types
    without options (``"text"``, ``"date"``, ``"datetime"``, ``"boolean"``). Raises
    ``CellError`` (with ``.code``) when the value does not read under the rule, and
    ``ConfigError`` when the column itself is invalid.

    >>> canonicalize(" 1,234.5 ", number("x", decimal_places=0))
    '1235'
    """
    return _tabeq.canonicalize(check_text(value, "the value"), _column_json(column))


def _column_json(column: Union[Mapping[str, Any], str]) -> str:
    if isinstance(column, str):
        if check_text(column, "the column").lstrip().startswith("{"):
            return column
        return json.dumps({"type": column})
    if not isinstance(column, Mapping):
        raise ArgumentError(f"the column must be a column object or a type name, got {type(column).__name__}")
    return _config_json_bytes(dict(column)).decode("utf-8")


def read_table(table: TableLike) -> list[list[str]]:
    """The cells tabeq sees for ``table`` (header first), read with the strict CSV reader.

    Takes everything ``evaluate`` takes, so it shows how a DataFrame or a list of rows turns
    into cells. Raises ``CsvError`` (with ``.code``) when the CSV is not strict or over a limit;
    a path is read as a prediction is (a regular file, not a symbolic link, within the size
    limit, checked on the open file: ``csv_not_a_regular_file``, ``csv_too_large``).
    """
    source = to_source(table, role="table")
    assert source is not None
    if isinstance(source, bytes):
        return _tabeq.read_csv(source)
    return _tabeq.read_csv_file(source)


def error_codes() -> dict[str, str]:
    """The stable error-code catalogue: ``{code: family}``, families ``task`` (a task's
    ``error_code``), ``csv`` (``CsvError``, ``csv_error_code``), ``cell`` (``CellError``) and
    ``fatal`` (``ConfigError``, ``GoldError``, ``SuiteError``), and the Python package's own
    ``argument`` (``ArgumentError``) and ``output`` (``OutputError``)."""
    return _errors.error_codes()


# One gold against many predictions, the gold-less check and table extraction (they use the
# names above, so they are imported last).
from ._gold import Gold, PartialCredit, check_predictions, extract_table, validate  # noqa: E402


def __getattr__(name: str) -> Any:
    # `tabeq.trust`, `tabeq.explain`, `tabeq.testing` and `tabeq.integrations` are submodules
    # imported on first use, so that `import tabeq` stays fast for reward loops that only call
    # `evaluate`.
    if name in ("trust", "explain", "testing", "integrations"):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
