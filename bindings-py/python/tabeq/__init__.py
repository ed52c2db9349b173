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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Union, cast

from . import _tabeq
from ._errors import (
    BINDING_ERROR_CODES,
    ArgumentError,
    ArgumentErrorCode,
    CellError,
    CellErrorCode,
    ConfigError,
    ConfigWarning,
    ConfigWarningCode,
    CsvError,
    CsvErrorCode,
    ErrorCode,
    FatalError,
    FatalErrorCode,
    GoldError,
    OutputError,
    OutputErrorCode,
    SuiteError,
    TabeqError,
    TaskErrorCode,
)
from ._inputs import Source, TableLike, check_count, check_path, check_text, to_source

if TYPE_CHECKING:
    from .explain import Diagnosis

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
    "OutputErrorCode",
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
        entries = []
        for index, column in enumerate(columns):
            if not isinstance(column, Mapping):
                raise ArgumentError(f"column {index} must be a mapping, got {type(column).__name__}")
            entry: dict[str, Any] = {"gold_index": index, "gold_name": f"column_{index}"}
            entry.update(column)
            entries.append(entry)
        raw = {
            "schema_version": "1.0",
            "task_id": task_id,
            "order_sensitive": order_sensitive,
            "columns": entries,
        }
        self._native = _tabeq.NativeConfig.from_json(_config_json_bytes(raw))

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
        return [ConfigWarning(*w) for w in self._native.warnings()]  # type: ignore[arg-type]

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
        rules = ", ".join(f"{name}: {rule}" for name, rule in zip(self.column_names, self.rules))
        order = "ordered" if self.order_sensitive else "unordered"
        return f"TaskConfig({self.task_id}, {order}, [{rules}])"


ConfigLike = Union[TaskConfig, Mapping[str, Any], str, bytes, "os.PathLike[str]"]
"""A config: a ``TaskConfig``, a dict, JSON text (``str`` starting with ``{`` or ``bytes``) or a path."""


MAX_CONFIG_BYTES = 16 * 1024 * 1024
"""The largest config file read (the suite reader's limit too)."""


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
    p = Path(check_path(path, "the config path"))
    try:
        # Opened without blocking and checked on the open file: a FIFO or device is refused.
        data = _tabeq.read_file(str(p), MAX_CONFIG_BYTES)
    except OSError as exc:
        raise ConfigError(f"Cannot load task config {p}: {exc}", "config_invalid_json") from None
    return TaskConfig._wrap(_tabeq.NativeConfig.from_json(data, p.stem))


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


ERROR_DESCRIPTIONS: dict[str, str] = {
    code: words for code, family, words in _tabeq.error_catalogue_entries() if family == "task"
}
"""The per-task error codes in words (the core catalogue's descriptions)."""


class TaskResult:
    """The outcome of one task.

    The official fields are attributes (``passed``, ``error_code``, ``column_mapping``, ...);
    ``to_dict()`` is exactly the official per-task record. In Jupyter the result shows its
    verdict, the column mapping with gold names and prediction headers and, on failure,
    the first differing rows.
    """

    __slots__ = (
        "task_id",
        "passed",
        "order_sensitive",
        "gold_column_count",
        "prediction_column_count",
        "gold_row_count",
        "prediction_row_count",
        "column_mapping",
        "error_code",
        "error",
        "csv_error_code",
        "config",
        "_prediction",
        "_gold",
    )

    task_id: str
    passed: bool
    order_sensitive: bool
    gold_column_count: int
    prediction_column_count: int
    gold_row_count: int
    prediction_row_count: int
    column_mapping: Optional[list[int]]
    """Prediction column index for each gold column (the first passing mapping), or None."""
    error_code: Optional[TaskErrorCode]
    """Why it failed (a stable code), or None."""
    error: Optional[str]
    """A message for people, or None."""
    csv_error_code: Optional[CsvErrorCode]
    """For ``invalid_prediction_csv``, what is wrong with the CSV."""
    config: Optional[TaskConfig]
    """The config the task was scored with."""

    def __init__(
        self,
        record: Mapping[str, Any],
        *,
        csv_error_code: Optional[str] = None,
        config: Optional[TaskConfig] = None,
        prediction: Optional[Source] = None,
        gold: Optional[Source] = None,
    ) -> None:
        """Build a result from an official per-task record (``to_dict()`` of another result)."""
        try:
            self._set_record(record)
        except (KeyError, TypeError, ValueError) as exc:
            raise ArgumentError(f"not an official per-task record: {exc!r}") from None
        self.csv_error_code = cast(Optional[CsvErrorCode], csv_error_code)
        self.config = config
        self._prediction = prediction
        self._gold = gold

    def _set_record(self, record: Mapping[str, Any]) -> None:
        self.task_id = str(record["task_id"])
        self.passed = bool(record["passed"])
        self.order_sensitive = bool(record["order_sensitive"])
        self.gold_column_count = int(record["gold_column_count"])
        self.prediction_column_count = int(record["prediction_column_count"])
        self.gold_row_count = int(record["gold_row_count"])
        self.prediction_row_count = int(record["prediction_row_count"])
        mapping = record["column_mapping"]
        self.column_mapping = None if mapping is None else [int(m["prediction_index"]) for m in mapping]
        self.error_code = cast(Optional[TaskErrorCode], record["error_code"])
        self.error = cast(Optional[str], record["error"])

    @classmethod
    def _from_native(
        cls,
        native: _tabeq.NativeResult,
        config: TaskConfig,
        prediction: Optional[Source],
        gold: Source,
    ) -> TaskResult:
        obj = cls.__new__(cls)
        # One native call; the codes come from the same catalogue the Literal types list.
        (
            obj.task_id,
            obj.passed,
            obj.order_sensitive,
            obj.gold_column_count,
            obj.prediction_column_count,
            obj.gold_row_count,
            obj.prediction_row_count,
            obj.column_mapping,
            error_code,
            obj.error,
            csv_error_code,
        ) = native.fields()
        obj.error_code = error_code  # type: ignore[assignment]
        obj.csv_error_code = csv_error_code  # type: ignore[assignment]
        obj.config = config
        obj._prediction = prediction
        obj._gold = gold
        return obj

    @property
    def score(self) -> int:
        """1 when passed, else 0."""
        return 1 if self.passed else 0

    @property
    def error_description(self) -> Optional[str]:
        """The error code in words, or None."""
        return None if self.error_code is None else ERROR_DESCRIPTIONS.get(self.error_code, self.error_code)

    def _native(self) -> _tabeq.NativeResult:
        return _tabeq.NativeResult.from_fields(
            self.task_id,
            self.passed,
            self.order_sensitive,
            self.gold_column_count,
            self.prediction_column_count,
            self.gold_row_count,
            self.prediction_row_count,
            self.column_mapping,
            self.error_code,
            self.error,
            self.csv_error_code,
        )

    def to_dict(self) -> dict[str, Any]:
        """The official per-task record (same keys, order and values as the official summary)."""
        record: dict[str, Any] = json.loads(self.to_json())
        return record

    def to_json(self) -> str:
        """The official per-task record as JSON text (indent 2, like the summary file)."""
        return self._native().to_json()

    def explain(
        self,
        *,
        max_items: int = 5,
        max_value_chars: int = 60,
        hints: bool = True,
        signature_strict: bool = False,
        show_gold_values: bool = True,
        prediction_root: Union[str, os.PathLike[str], None] = None,
    ) -> Diagnosis:
        """The structured diagnosis of this task (``tabeq.explain.explain`` on the same inputs):
        shape, types, the best mapping, missing and extra rows, near-miss hints and partial credit.
        Results read from files read them again. For participants' eyes, pass
        ``show_gold_values=False`` and the ``prediction_root`` (see ``tabeq.explain.explain``)."""
        from .explain import explain

        if self.config is None or self._gold is None:
            raise ArgumentError("this result was built from a record; it has no inputs to explain")
        return explain(
            self._prediction,
            self._gold,
            self.config,
            max_items=max_items,
            max_value_chars=max_value_chars,
            hints=hints,
            signature_strict=signature_strict,
            show_gold_values=show_gold_values,
            prediction_root=prediction_root,
        )

    def _render(self, format: str) -> str:
        # A result with its inputs shows their diagnosis; one built from a record, the record.
        if self.config is None or self._gold is None:
            return self._native().render(format)
        try:
            diagnosis = self.explain(hints=not self.passed)
        except (TabeqError, OSError) as exc:
            return (
                self._native().render(format)
                + f"\n(The task's files cannot be read again to explain it: {exc})"
            )
        return diagnosis._native_render(format, scored=(self.passed, self.error_code))

    def describe(self) -> str:
        """The verdict explained for people (what ``tabeq check`` prints): the column mapping
        with gold names and prediction headers and, on failure, the first differing rows."""
        return self._render("text").rstrip("\n")

    def to_markdown(self) -> str:
        """``describe()`` as Markdown."""
        return self._render("markdown")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TaskResult):
            return NotImplemented
        return self.to_dict() == other.to_dict() and self.csv_error_code == other.csv_error_code

    def __hash__(self) -> int:
        return hash((self.to_json(), self.csv_error_code))

    def __bool__(self) -> bool:
        return self.passed

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        counts = (
            f"columns {self.prediction_column_count}/{self.gold_column_count}, "
            f"rows {self.prediction_row_count}/{self.gold_row_count}"
        )
        if self.passed:
            return f"<TaskResult {self.task_id} passed mapping={self.column_mapping} ({counts})>"
        return f"<TaskResult {self.task_id} failed {self.error_code}: {self.error} ({counts})>"

    def _repr_html_(self) -> str:
        return f"<style>{_tabeq.HTML_STYLE}</style>{self._render('html')}"


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
    native = _tabeq.evaluate(pred_source, gold_source, cfg._native)
    return TaskResult._from_native(native, cfg, pred_source, gold_source)


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
    natives = _tabeq.evaluate_many([(p, g, c._native) for p, g, c in prepared], threads)
    return [TaskResult._from_native(n, c, p, g) for n, (p, g, c) in zip(natives, prepared)]


def _iterate(values: object, what: str) -> Iterable[Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ArgumentError(f"{what} must be an iterable, got {type(values).__name__}")
    return values


class SuiteResult:
    """A suite's outcome.

    * attributes for the summary numbers (``task_accuracy``, ``task_count``, ...);
    * iterating gives the ``TaskResult`` of every task, in task order (``len()`` is the task count);
    * ``result["task_accuracy"]`` reads a field of the official summary by name;
    * ``to_dict()`` is the official summary, ``to_json()`` the official file's exact text,
      ``to_pandas()`` one row per task.
    """

    __slots__ = ("_json", "_summary", "_results")

    def __init__(self, summary_json: str, results: Sequence[TaskResult]) -> None:
        try:
            self._summary: dict[str, Any] = dict(json.loads(check_text(summary_json, "summary_json")))
        except (TypeError, ValueError) as exc:
            raise ArgumentError(f"summary_json is not a summary's JSON text: {exc}") from None
        self._json = summary_json
        if not all(isinstance(r, TaskResult) for r in _iterate(results, "results")):
            raise ArgumentError("results must be TaskResult objects")
        self._results = list(results)

    @property
    def task_accuracy(self) -> float:
        """passed / tasks (0.0 for an empty suite)."""
        return float(self._summary["task_accuracy"])

    @property
    def task_count(self) -> int:
        return int(self._summary["task_count"])

    @property
    def passed_task_count(self) -> int:
        return int(self._summary["passed_task_count"])

    @property
    def failed_task_count(self) -> int:
        return int(self._summary["failed_task_count"])

    @property
    def unscored_prediction_tasks(self) -> list[str]:
        """Prediction directories with no config (not scored)."""
        return list(self._summary["unscored_prediction_tasks"])

    @property
    def config_set_sha256(self) -> str:
        return str(self._summary["config_set_sha256"])

    @property
    def results(self) -> list[TaskResult]:
        """Every task's result, in task order."""
        return list(self._results)

    @property
    def config_warnings(self) -> dict[str, list[ConfigWarning]]:
        """The ignored config keys of each task that has any (never in the summary file)."""
        return {
            r.task_id: r.config.warnings for r in self._results if r.config is not None and r.config.warnings
        }

    @property
    def failures(self) -> list[TaskResult]:
        """The failed tasks' results, in task order."""
        return [r for r in self._results if not r.passed]

    def __iter__(self) -> Iterator[TaskResult]:
        return iter(self._results)

    def __len__(self) -> int:
        return len(self._results)

    def __getitem__(self, key: str) -> Any:
        return self._summary[key]

    def to_dict(self) -> dict[str, Any]:
        """The official summary dict (a fresh copy)."""
        out: dict[str, Any] = json.loads(self._json)
        return out

    def to_json(self) -> str:
        """The official summary file's text: indent 2, ``ensure_ascii=False``, trailing newline."""
        return self._json

    def to_pandas(self) -> Any:
        """One row per task (the official record's fields; ``column_mapping`` as a list of
        prediction indices). Requires pandas."""
        pd = importlib.import_module("pandas")  # optional: imported only here
        rows = []
        for result in self._results:
            row = result.to_dict()
            row["column_mapping"] = result.column_mapping
            rows.append(row)
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return (
            f"<SuiteResult {self.passed_task_count}/{self.task_count} passed, "
            f"task_accuracy={self.task_accuracy:.4f}>"
        )

    def _render(self, format: str) -> str:
        natives = [r._native() for r in self._results]
        return _tabeq.render_suite(self.config_set_sha256, self.unscored_prediction_tasks, natives, format)

    def to_markdown(self) -> str:
        """The totals and one row per task (failures first), as Markdown."""
        return self._render("markdown")

    def _repr_html_(self) -> str:
        return f"<style>{_tabeq.HTML_STYLE}</style>{self._render('html')}"


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
    # Absolute, so that results can still read their files after a change of directory.
    p_root, g_root = (Path(os.path.abspath(r)) for r in roots)
    summary_json, natives, configs = _tabeq.evaluate_suite(roots[0], roots[1], config_path, threads, progress)
    results = []
    for native, native_config in zip(natives, configs):
        task_id = native_config.task_id
        results.append(
            TaskResult._from_native(
                native,
                TaskConfig._wrap(native_config),
                str(p_root / task_id / "prediction.csv"),
                str(g_root / task_id / "gold.csv"),
            )
        )
    return SuiteResult(summary_json, results)


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
    return {**{code: family for code, family, _ in _tabeq.error_catalogue_entries()}, **BINDING_ERROR_CODES}


# One gold against many predictions, the gold-less check and table extraction (they use the
# names above, so they are imported last).
from ._gold import Gold, PartialCredit, extract_table, validate  # noqa: E402


def __getattr__(name: str) -> Any:
    # `tabeq.trust`, `tabeq.explain`, `tabeq.testing` and `tabeq.integrations` are submodules
    # imported on first use, so that `import tabeq` stays fast for reward loops that only call
    # `evaluate`.
    if name in ("trust", "explain", "testing", "integrations"):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
