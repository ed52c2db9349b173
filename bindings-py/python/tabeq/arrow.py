"""Score a whole table of tasks in one call: an Arrow table or record batch (or a mapping of
columns) with a prediction, a gold and a config column in, a table of results out, for datasets
kept as Arrow or Parquet, Hugging Face ``datasets``, Ray Data and Spark.

The rows are scored by the compiled core in parallel, with no Python loop per row; pyarrow is
needed only to hand in or get back Arrow data (``pip install pyarrow``), never by ``import tabeq``.

Each result row has ``passed`` (bool), ``error_code`` (``None`` when it passed; a task code such as
``relation_mismatch``, or the code of the row's broken config or gold such as ``config_invalid_json``,
which fails that row only) and ``column_mapping`` (the prediction column of each gold column, or
``None``): the values ``tabeq.evaluate`` gives for the same row. Prediction and gold cells are CSV
text or bytes (never paths); a ``None`` prediction is a missing prediction file, a ``None`` gold
``gold_missing`` and a ``None`` config ``config_invalid_json`` (that row only); a config cell is JSON
text or a struct (a dict). String and binary Arrow columns are read in place through the Arrow C
data interface; other column types (a struct of configs) are converted to lists first. Every
function takes ``limits="lifted"`` to read tables beyond the official 20 MiB and 100,000 rows (see
``tabeq.evaluate``); by default a row over them fails as the official evaluator fails it.

>>> import pyarrow as pa
>>> import tabeq.arrow
>>> config = '{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": '
>>> config += '[{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}'
>>> predictions = ["n\\n1.0\\n", "n\\n2\\n", None]
>>> table = pa.table({"prediction": predictions, "gold": ["n\\n1\\n"] * 3, "config": [config] * 3})
>>> scored = tabeq.arrow.score(table)
>>> scored.column("passed").to_pylist(), scored.column("error_code").to_pylist()
([True, False, False], [None, 'relation_mismatch', 'missing_prediction'])
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional

from . import _tabeq
from ._errors import ArgumentError

if TYPE_CHECKING:
    from ._tabeq import _LimitsName

__all__ = ["RESULT_COLUMNS", "SPARK_SCHEMA", "score", "score_columns", "ray_scorer", "spark_scorer"]

RESULT_COLUMNS = ("passed", "error_code", "column_mapping")
"""The result columns, in order."""

SPARK_SCHEMA = "passed boolean, error_code string, column_mapping array<bigint>"
"""The result columns as a Spark DDL schema (``mapInArrow``'s second argument), without kept columns."""

Progress = Callable[[int, int], object]


def _pyarrow() -> Any:
    try:
        return importlib.import_module("pyarrow")
    except ImportError:
        needed = "pyarrow for Arrow data"
        raise ImportError(
            _tabeq.message("needs_package", what="tabeq.arrow", needed=needed, package="pyarrow")
        ) from None


def score_columns(
    predictions: Sequence[Any],
    golds: Sequence[Any],
    configs: Sequence[Any],
    *,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    limits: Optional[_LimitsName] = None,
) -> dict[str, list[Any]]:
    """The results of three equally long columns (lists): ``{"passed": [...], "error_code": [...],
    "column_mapping": [...]}``. No pyarrow needed. ``limits="lifted"`` reads tables beyond the
    official limits.

    >>> config = {"schema_version": "1.0", "task_id": "task_1", "order_sensitive": False}
    >>> config["columns"] = [{"gold_index": 0, "gold_name": "n", "type": "text"}]
    >>> score_columns([b"n\\nx\\n"], [b"n\\nx\\n"], [config])
    {'passed': [True], 'error_code': [None], 'column_mapping': [[0]]}
    """
    passed, codes, mappings = _tabeq.evaluate_columns(
        predictions, golds, configs, threads, progress, limits=limits
    )
    return dict(zip(RESULT_COLUMNS, (passed, codes, mappings)))


def _column(data: Any, name: str) -> list[Any]:
    """The values of column ``name`` of a table, a record batch or a mapping of columns."""
    if isinstance(data, Mapping):
        if name not in data:
            given = [repr(k) for k in data if type(k) is str]
            raise ArgumentError(_tabeq.message("mapping_lacks_column", name=repr(name), given=given))
        values = data[name]
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            what, got = f"column {name!r}", type(values).__name__
            raise ArgumentError(
                _tabeq.message("wrong_type", what=what, expected="a sequence of values", got=got)
            )
        listed: list[Any] = values.tolist() if hasattr(values, "tolist") else list(values)
        return listed
    names = getattr(data, "column_names", None)
    if not isinstance(names, list) or not hasattr(data, "column"):
        expected = "a pyarrow Table or RecordBatch or a mapping of columns"
        raise ArgumentError(_tabeq.message("expected_got", expected=expected, got=type(data).__name__))
    if name not in names:
        columns = [repr(n) for n in names]
        raise ArgumentError(_tabeq.message("table_lacks_column", name=repr(name), columns=columns))
    # One C-level conversion of the whole column.
    converted: list[Any] = data.column(name).to_pylist()
    return converted


def _checked_names(prediction: Any, gold: Any, config: Any, keep: Any, threads: Any) -> tuple[str, ...]:
    """The column names as given, checked (``ArgumentError`` for a wrong type), and ``keep`` as a
    tuple."""
    for role, name in (("prediction", prediction), ("gold", gold), ("config", config)):
        if type(name) is not str:  # a str subclass could run code of its own when used
            got = type(name).__name__
            raise ArgumentError(
                _tabeq.message("wrong_type", what=role, expected="a column name (str)", got=got)
            )
    if isinstance(keep, (str, bytes)) or not isinstance(keep, (list, tuple)):
        expected = "a list or tuple of column names"
        raise ArgumentError(
            _tabeq.message("wrong_type", what="keep", expected=expected, got=type(keep).__name__)
        )
    for name in keep:
        if type(name) is not str:
            got = type(name).__name__
            raise ArgumentError(
                _tabeq.message("wrong_type", what="keep", expected="column names (str)", got=got)
            )
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        expected = "a positive int or None"
        raise ArgumentError(
            _tabeq.message("wrong_type", what="threads", expected=expected, got=type(threads).__name__)
        )
    return tuple(keep)


def _score_in_place(
    data: Any,
    names: tuple[str, str, str],
    threads: Optional[int],
    progress: Optional[Progress],
    limits: Optional[_LimitsName],
) -> Optional[dict[str, list[Any]]]:
    """The results of string or binary Arrow columns read in place by the compiled core (the
    Arrow C data interface: no Python object per row), or None for other column types (a
    struct of configs), which the caller converts to lists instead."""
    if not isinstance(getattr(data, "column_names", None), list) or not hasattr(data, "column"):
        return None  # not Arrow: the list path says what is wrong
    arrays = []
    for name in names:
        _has(data, name)
        column = data.column(name)
        if hasattr(column, "combine_chunks"):  # a Table's column: one array of all its chunks
            column = column.combine_chunks()
        export = getattr(column, "__arrow_c_array__", None)
        if export is None:
            return None
        arrays.append(export())
    predictions, golds, configs = arrays
    scored = _tabeq.evaluate_arrow_arrays(predictions, golds, configs, threads, progress, limits=limits)
    return None if scored is None else dict(zip(RESULT_COLUMNS, scored))


def _check_limits(limits: Optional[_LimitsName]) -> None:
    """``limits`` checked before any scoring, as the compiled core checks it (``ArgumentError``)."""
    _tabeq.evaluate_columns([], [], [], limits=limits)


def _has(table: Any, name: str) -> None:
    if not isinstance(getattr(table, "column_names", None), list) or not hasattr(table, "column"):
        expected = "a pyarrow Table or RecordBatch or a mapping of columns"
        raise ArgumentError(_tabeq.message("expected_got", expected=expected, got=type(table).__name__))
    if name not in table.column_names:
        columns = [repr(n) for n in table.column_names]
        raise ArgumentError(_tabeq.message("table_lacks_column", name=repr(name), columns=columns))


def score(
    data: Any,
    *,
    prediction: str = "prediction",
    gold: str = "gold",
    config: str = "config",
    keep: Sequence[str] = (),
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    limits: Optional[_LimitsName] = None,
) -> Any:
    """Score every row of ``data``: a ``pyarrow.Table`` (returns a ``Table``), a
    ``pyarrow.RecordBatch`` (returns a ``RecordBatch``) or a mapping of column name to values
    (returns a dict of lists). ``prediction``, ``gold`` and ``config`` name the input columns;
    ``keep`` names input columns copied first into the result (a task id, say). The result has
    ``passed``, ``error_code`` and ``column_mapping`` (``RESULT_COLUMNS``), one row per input row.
    ``progress(done, total)`` is called about ten times a second on a large table.
    ``limits="lifted"`` reads tables beyond the official 20 MiB and 100,000 rows.
    """
    keep = _checked_names(prediction, gold, config, keep, threads)
    _check_limits(limits)
    # Kept columns are checked before any scoring; Arrow ones are copied as they are.
    kept = {name: _column(data, name) for name in keep} if isinstance(data, Mapping) else {}
    for name in () if isinstance(data, Mapping) else keep:
        _has(data, name)
    results = (
        None
        if isinstance(data, Mapping)
        else _score_in_place(data, (prediction, gold, config), threads, progress, limits)
    )
    if results is None:
        columns = [_column(data, name) for name in (prediction, gold, config)]
        results = score_columns(*columns, threads=threads, progress=progress, limits=limits)
    if isinstance(data, Mapping):
        return {**kept, **results}
    pa = _pyarrow()
    arrays = [data.column(name) for name in keep] + [
        pa.array(results["passed"], pa.bool_()),
        pa.array(results["error_code"], pa.string()),
        pa.array(results["column_mapping"], pa.list_(pa.int64())),
    ]
    names = [*keep, *RESULT_COLUMNS]
    if isinstance(data, pa.RecordBatch):
        return pa.RecordBatch.from_arrays(arrays, names=names)
    return pa.Table.from_arrays(arrays, names=names)


def ray_scorer(
    *,
    prediction: str = "prediction",
    gold: str = "gold",
    config: str = "config",
    keep: Sequence[str] = (),
    threads: Optional[int] = None,
    limits: Optional[_LimitsName] = None,
) -> Callable[[Any], Any]:
    """A function for Ray Data's ``Dataset.map_batches(fn, batch_format="pyarrow")``: each batch (a
    ``pyarrow.Table``) becomes its results (it also takes ``batch_format="numpy"``'s dict of
    arrays). The function pickles, so Ray can ship it to its workers.

    >>> import ray  # doctest: +SKIP
    >>> dataset = ray.data.from_arrow(table)  # doctest: +SKIP
    >>> scored = dataset.map_batches(ray_scorer(keep=["task_id"]), batch_format="pyarrow")  # doctest: +SKIP
    """
    keep = _checked_names(prediction, gold, config, keep, threads)
    _check_limits(limits)
    return _Scorer(prediction, gold, config, keep, threads, limits)


def spark_scorer(
    *,
    prediction: str = "prediction",
    gold: str = "gold",
    config: str = "config",
    keep: Sequence[str] = (),
    threads: Optional[int] = None,
    limits: Optional[_LimitsName] = None,
) -> Callable[[Iterable[Any]], Iterator[Any]]:
    """A function for PySpark's ``DataFrame.mapInArrow(fn, schema)``: each ``pyarrow.RecordBatch``
    of a partition becomes the record batch of its results. ``schema`` is ``SPARK_SCHEMA``, with
    the kept columns' fields first (``"task_id string, " + SPARK_SCHEMA``).

    >>> df.mapInArrow(spark_scorer(keep=["task_id"]), "task_id string, " + SPARK_SCHEMA)  # doctest: +SKIP
    """
    keep = _checked_names(prediction, gold, config, keep, threads)
    _check_limits(limits)
    return _SparkScorer(_Scorer(prediction, gold, config, keep, threads, limits))


class _Scorer:
    """``score`` with its column names fixed; a class (not a closure) so that it pickles."""

    def __init__(
        self,
        prediction: str,
        gold: str,
        config: str,
        keep: tuple[str, ...],
        threads: Optional[int],
        limits: Optional[_LimitsName],
    ) -> None:
        self.prediction, self.gold, self.config = prediction, gold, config
        self.keep = keep
        self.threads = threads
        self.limits = limits

    def __call__(self, batch: Any) -> Any:
        return score(
            batch,
            prediction=self.prediction,
            gold=self.gold,
            config=self.config,
            keep=self.keep,
            threads=self.threads,
            limits=self.limits,
        )


class _SparkScorer:
    def __init__(self, scorer: _Scorer) -> None:
        self.scorer = scorer

    def __call__(self, batches: Iterable[Any]) -> Iterator[Any]:
        for batch in batches:
            yield self.scorer(batch)
