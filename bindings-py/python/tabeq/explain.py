"""Why a prediction fails: ``explain`` and the ``Diagnosis`` it returns.

The verdict in a diagnosis is exactly ``tabeq.evaluate``'s; everything else describes it:
shape (extra/missing columns, row grain), types (first offending cell per column), the best
column mapping, missing and extra rows, named near-miss hints (each re-scored by the
official evaluator, with ``would_pass``), partial-credit scores kept apart from the official
0/1 score, and a one-paragraph summary. See ``docs/explain.md``.

>>> from tabeq.explain import explain
>>> config = {"schema_version": "1.0", "task_id": "task_1", "order_sensitive": False,
...           "columns": [{"gold_index": 0, "gold_name": "region", "type": "text"},
...                       {"gold_index": 1, "gold_name": "gdp", "type": "number",
...                        "comparison": {"mode": "decimal_places", "digits": 2}}]}
>>> d = explain(b"region,gdp,rank\\nNorth,1.25,1\\n", b"region,gdp\\nNorth,1.25\\n", config)
>>> d.passed, d.error_code, d.hint_names
(False, 'column_count_mismatch', ['extra_columns'])
>>> d.hints[0]["would_pass"]
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import _tabeq
from ._inputs import TableLike, check_count, check_path, to_source

if TYPE_CHECKING:
    from . import ConfigLike

__all__ = ["Diagnosis", "HINT_NAMES", "explain", "column_signature"]

HINT_NAMES: tuple[str, ...] = tuple(_tabeq.HINT_NAMES)
"""Every hint name, in the order hints are reported. Names are stable."""


class Diagnosis:
    """A structured diagnosis of one prediction (read-only).

    ``to_dict()`` gives the full record (layout in ``docs/explain.md``); the properties are
    shortcuts to its most used parts. ``passed`` and ``result`` are the official verdict.
    """

    __slots__ = ("_data", "_native")

    def __init__(self, data: Mapping[str, Any], native: _tabeq.NativeDiagnosis | None = None) -> None:
        self._data: dict[str, Any] = dict(data)
        self._native = native

    @classmethod
    def from_json(cls, text: str) -> Diagnosis:
        """A diagnosis from its JSON text (what ``to_json`` writes); it renders its official
        record only."""
        data = json.loads(text)
        if not isinstance(data, dict) or "diagnosis_version" not in data:
            raise ValueError("not a tabeq diagnosis")
        return cls(data)

    def _native_render(self, format: str, scored: tuple[bool, str | None] | None = None) -> str:
        if self._native is None:
            from . import TaskResult

            return TaskResult(self._data["result"])._render(format)
        return self._native.render(format, scored)

    def to_text(self) -> str:
        """The diagnosis for people, as plain text (rendered by the core)."""
        return self._native_render("text")

    def to_markdown(self) -> str:
        """The diagnosis as Markdown."""
        return self._native_render("markdown")

    @property
    def passed(self) -> bool:
        """The official verdict."""
        return bool(self._data["passed"])

    @property
    def task_id(self) -> str:
        return str(self._data["task_id"])

    @property
    def error_code(self) -> str | None:
        """The official error code (``None`` when passed)."""
        code = self._data["error_code"]
        return None if code is None else str(code)

    @property
    def summary(self) -> str:
        """One paragraph for people."""
        return str(self._data["summary"])

    @property
    def result(self) -> dict[str, Any]:
        """The official per-task record, exactly as ``evaluate`` reports it."""
        record: dict[str, Any] = _copy(self._data["result"])
        return record

    @property
    def hints(self) -> list[dict[str, Any]]:
        """Near misses: ``{"name", "would_pass", "message", "columns"}`` each."""
        hints: list[dict[str, Any]] = _copy(self._data["hints"])
        return hints

    @property
    def hint_names(self) -> list[str]:
        return [str(h["name"]) for h in self._data["hints"]]

    @property
    def partial_credit(self) -> dict[str, Any]:
        """``column_signature``, ``rows`` and ``columns`` scores (not the official score)."""
        credit: dict[str, Any] = _copy(self._data["partial_credit"])
        return credit

    def to_dict(self) -> dict[str, Any]:
        """The whole diagnosis as plain data (a copy)."""
        data: dict[str, Any] = _copy(self._data)
        return data

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self._data, ensure_ascii=False, indent=indent)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Diagnosis):
            return NotImplemented
        return self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self.passed:
            return f"<Diagnosis {self.task_id} passed>"
        hints = f" hints={self.hint_names}" if self._data["hints"] else ""
        return f"<Diagnosis {self.task_id} failed {self.error_code}{hints}>"

    def _repr_html_(self) -> str:
        return f"<style>{_tabeq.HTML_STYLE}</style>{self._native_render('html')}"


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def explain(
    prediction: TableLike | None,
    gold: TableLike,
    config: ConfigLike,
    *,
    max_items: int = 5,
    max_value_chars: int = 60,
    hints: bool = True,
    signature_strict: bool = False,
    show_gold_values: bool = True,
    prediction_root: str | os.PathLike[str] | None = None,
) -> Diagnosis:
    """Diagnose a prediction against its gold.

    Takes the same inputs as ``tabeq.evaluate`` (CSV bytes, a path, a DataFrame or rows;
    ``prediction`` may be ``None``). ``max_items`` caps the rows shown per list and
    ``max_value_chars`` the characters per shown cell (counts are always complete).
    ``hints=False`` skips the near-miss search; ``signature_strict=True`` makes the
    column-signature score refuse thousands separators. A broken gold raises ``GoldError``,
    a broken config ``ConfigError``; a bad prediction never raises.

    For a diagnosis that participants see, ``show_gold_values=False`` shows every gold cell as
    ``[redacted]``, and ``prediction_root`` (the directory the prediction path is under) shows the
    prediction's cells as ``[redacted]`` when its content is reached through a symbolic link.
    """
    from . import _as_config

    check_count(max_items, "max_items", minimum=0)
    check_count(max_value_chars, "max_value_chars", minimum=1)
    root = None if prediction_root is None else check_path(prediction_root, "prediction_root")
    cfg = _as_config(config)
    pred_source = to_source(prediction, role="prediction")
    gold_source = to_source(gold, role="gold")
    assert gold_source is not None
    native = _tabeq.explain(
        pred_source,
        gold_source,
        cfg._native,
        max_items,
        max_value_chars,
        bool(hints),
        bool(signature_strict),
        bool(show_gold_values),
        root,
    )
    return Diagnosis(json.loads(native.to_json()), native)


def column_signature(
    prediction: TableLike | None, gold: TableLike, *, strict: bool = False
) -> dict[str, Any]:
    """The KDD Cup 2026 phase-1 column-signature score, a compatibility mode (no config).

    Each column's cells are normalized (nulls empty, numbers rounded half-up to two decimals,
    ISO dates/datetimes canonical, text stripped), sorted and hashed; matched columns are the
    multiset intersection of gold and prediction signatures; ``score = max(0, recall - 0.1 *
    extra / prediction columns)``. ``status`` is ``perfect_match``, ``partial_match``,
    ``no_match`` or ``missing_prediction``. This is not the official DataSpace score.
    """
    pred_source = to_source(prediction, role="prediction")
    gold_source = to_source(gold, role="gold")
    assert gold_source is not None
    result: dict[str, Any] = json.loads(_tabeq.column_signature(pred_source, gold_source, strict))
    return result
