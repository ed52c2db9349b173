"""One gold against many predictions (``Gold``), the gold-less check (``validate``) and the
answer table in model text (``extract_table``). See ``docs/integrations.md``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Callable, Optional

from . import ConfigLike, TaskConfig, TaskResult, _as_config, _tabeq
from ._inputs import Source, TableLike, to_source

__all__ = ["Gold", "PartialCredit", "validate", "extract_table"]

PartialCredit = _tabeq.PartialCredit
"""Graded credit of one prediction (``Gold.partial_credit``): ``row_precision``, ``row_recall``,
``row_f1``, ``column_precision``, ``column_recall``, ``signature_score``, ``signature_status``;
``to_dict()`` is the ``partial_credit`` dict of ``tabeq.explain.explain``."""


def _sources(predictions: Iterable[Optional[TableLike]]) -> list[Optional[Source]]:
    items = predictions if isinstance(predictions, list) else list(predictions)
    # The common case (CSV bytes, or None for "no table") goes to the native layer as it is.
    if all(p is None or type(p) is bytes for p in items):
        return items  # type: ignore[return-value]
    return [to_source(p, role="prediction") for p in items]


class Gold:
    """A gold table read, validated and canonicalized once, for scoring many predictions.

    ``gold`` and ``config`` take what ``tabeq.evaluate`` takes; a broken gold raises
    ``GoldError`` here, once. Predictions are CSV bytes, a path, a DataFrame, rows, or
    ``None`` (no table: ``missing_prediction``), as for ``evaluate``; every method gives
    exactly what ``evaluate`` gives for the same inputs.

    A ``Gold`` is immutable: share it between threads freely (batch methods release the GIL
    and run on tabeq's long-lived worker pool), and pickle it to send it to worker processes
    or Ray actors (it travels as its CSV bytes and config).

    >>> import tabeq
    >>> gold = tabeq.Gold(b"n\\n3\\n", tabeq.TaskConfig([tabeq.number("n", integer=True)]))
    >>> gold.scores([b"x\\n3.0\\n", b"x\\n4\\n", None])
    [1.0, 0.0, 0.0]
    """

    __slots__ = ("_native", "config")
    _native: _tabeq.NativeGold
    config: TaskConfig
    """The config the gold was prepared with."""

    def __init__(self, gold: TableLike, config: ConfigLike) -> None:
        self.config = _as_config(config)
        source = to_source(gold, role="gold")
        assert source is not None
        self._native = _tabeq.NativeGold(source, self.config._native)

    @property
    def row_count(self) -> int:
        """Gold data rows."""
        return self._native.row_count

    @property
    def column_count(self) -> int:
        """Gold columns."""
        return self._native.column_count

    def evaluate(self, prediction: Optional[TableLike]) -> TaskResult:
        """Score one prediction (the same ``TaskResult`` as ``tabeq.evaluate``)."""
        source = to_source(prediction, role="prediction")
        native = self._native.evaluate(source)
        return TaskResult._from_native(native, self.config, source, self._native.csv_bytes())

    def evaluate_many(
        self, predictions: Iterable[Optional[TableLike]], *, threads: Optional[int] = None
    ) -> list[TaskResult]:
        """Score many predictions in parallel; results in input order. ``threads`` defaults to
        the number of CPUs; small batches run on the calling thread (cheaper than a hand-off)."""
        sources = _sources(predictions)
        natives = self._native.evaluate_many(sources, threads)
        csv = self._native.csv_bytes()
        return [TaskResult._from_native(n, self.config, s, csv) for n, s in zip(natives, sources)]

    def scores(
        self, predictions: Iterable[Optional[TableLike]], *, threads: Optional[int] = None
    ) -> list[float]:
        """The official score of each prediction, 1.0 or 0.0, without result objects (the
        fastest form, for reward loops)."""
        return self._native.scores(_sources(predictions), threads)

    def partial_credit(
        self,
        predictions: Iterable[Optional[TableLike]],
        *,
        threads: Optional[int] = None,
        signature_strict: bool = False,
    ) -> list[PartialCredit]:
        """Graded credit of each prediction (not the official score), for dense rewards: row
        precision, recall and F1 under the best column mapping, column precision and recall,
        and the column-signature score — the numbers of ``tabeq.explain.explain(...)``'s
        ``partial_credit`` (``to_dict()`` gives that dict), without the rest of the diagnosis.
        ``signature_strict`` refuses thousands separators in the column signature."""
        return self._native.partial_credit(_sources(predictions), threads, signature_strict)

    def __reduce__(self) -> tuple[Callable[..., Gold], tuple[bytes, str]]:
        return (Gold, (self._native.csv_bytes(), self.config.to_json()))

    def __repr__(self) -> str:
        return f"<Gold {self.config.task_id}: {self.row_count} rows × {self.column_count} columns>"


def validate(prediction: Optional[TableLike], config: ConfigLike) -> dict[str, Any]:
    """What can be known about a prediction from its config alone, without the gold: the
    report of the WASM ``validatePrediction`` and ``tabeq validate`` (``error_code`` is
    ``None`` when nothing found so far fails the task; ``columns`` lists, per gold column,
    the prediction columns that read under its rule and the first bad cell of the others).

    >>> import tabeq
    >>> config = tabeq.TaskConfig([tabeq.number("n", integer=True)])
    >>> tabeq.validate(b"n\\n3.5\\n", config)["error_code"]
    'type_normalization_failed'
    """
    cfg = _as_config(config)
    report: dict[str, Any] = _tabeq.validate(to_source(prediction, role="prediction"), cfg._native)
    return report


def extract_table(text: str) -> Optional[bytes]:
    """The answer table in a model's output, as CSV bytes, or ``None`` when there is none
    (``None`` scores as ``missing_prediction``). Tried in order, the last match of the first
    kind found wins: a fenced ```` ```csv ```` block; a Markdown pipe table (rewritten as
    CSV); an unlabelled fenced block that reads as CSV; the whole text, when it reads as CSV
    with a header and a data row.

    >>> import tabeq
    >>> tabeq.extract_table("Here you go:\\n\\n| city | n |\\n|---|---|\\n| Oslo | 3 |\\n")
    b'city,n\\nOslo,3\\n'
    >>> tabeq.extract_table("I do not know.") is None
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"extract_table takes the model's text (str), got {type(text).__name__}")
    csv, _source = _tabeq.extract_table(text)
    return csv
