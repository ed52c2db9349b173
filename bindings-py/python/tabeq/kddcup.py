"""KDD Cup 2026 data-agent track, Phase 1: the official ``dabench score-run`` scorer, exactly
(column-signature matching: every column normalized cell by cell, sorted, joined and hashed;
prediction and gold signatures matched as multisets; ``score = max(0, recall - penalty_weight *
extra / predicted_columns)``).

>>> from tabeq import kddcup
>>> kddcup.normalize_cell(" 1,234.5 ")
'1234.50'
>>> r = kddcup.score_task(b"name,total\\nbob,20\\nalice,10\\n", b"total\\n10\\n20\\n")
>>> r["status"], r["recall"], r["penalty"], round(r["score"], 2)
('partial_match', 1.0, 0.05, 0.95)

``prediction`` is a path, CSV bytes or ``None`` (a missing prediction); ``gold`` a path or bytes.
The dicts hold exactly the official ``TaskScore.to_dict()`` and ``EvaluationReport.to_dict()``
keys and values. ``Gold`` prepares a gold once for many predictions (``Gold(gold).scores(preds)``:
the fast path for RL loops). The rules are in ``docs/spec/kddcup.md``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional, Union

from ._tabeq import KddcupGold as Gold
from ._tabeq import (
    kddcup_column_signature,
    kddcup_evaluate,
    kddcup_explain_task,
    kddcup_normalize_cell,
    kddcup_score_task,
)

__all__ = ["Gold", "column_signature", "evaluate_predictions", "explain_task", "normalize_cell", "score_task"]

_Path = Union[str, "os.PathLike[str]"]


def normalize_cell(value: str, *, strict_commas: bool = False) -> str:
    """The official ``normalize_cell``: one cell's normalized text."""
    return kddcup_normalize_cell(value, strict_commas)


def column_signature(values: list[str], *, strict_commas: bool = False) -> str:
    """The official ``column_signature``: ``sha256:`` and the hex digest of the sorted normalized cells."""
    return kddcup_column_signature(list(values), strict_commas)


def _as_given(path: _Path) -> str:
    # The official joins with pathlib, whose text is the path's normal form ("./run/" -> "run").
    return os.fspath(Path(path))


def score_task(
    prediction: Union[_Path, bytes, None],
    gold: Union[_Path, bytes],
    *,
    penalty_weight: float = 0.1,
    strict_commas: bool = False,
) -> dict[str, Any]:
    """One task's official ``TaskScore.to_dict()``. Raises ``tabeq.FatalError`` where the official
    raises (an invalid gold, a negative weight)."""
    pred = prediction if prediction is None or isinstance(prediction, bytes) else _as_given(prediction)
    gold_arg = gold if isinstance(gold, bytes) else _as_given(gold)
    return kddcup_score_task(pred, gold_arg, float(penalty_weight), strict_commas)


def explain_task(
    prediction: Union[_Path, bytes, None],
    gold: Union[_Path, bytes],
    *,
    penalty_weight: float = 0.1,
    strict_commas: bool = False,
    show_gold_values: bool = False,
) -> dict[str, Any]:
    """What the official report lacks, for one task: ``score`` (the official
    ``TaskScore.to_dict()``), ``missed_columns`` (each gold column that found no prediction column
    of its signature, with ``closest``: the prediction column sharing the most normalized values
    and ``first_difference``, the first position of the two sorted columns where they part),
    ``extra_prediction_columns`` and ``gold_values_shown``. By default (the participant level) no
    gold value appears; ``show_gold_values=True`` adds the gold's value at the first difference.
    Raises ``tabeq.FatalError`` where the official raises."""
    pred = prediction if prediction is None or isinstance(prediction, bytes) else _as_given(prediction)
    gold_arg = gold if isinstance(gold, bytes) else _as_given(gold)
    result: dict[str, Any] = kddcup_explain_task(
        pred, gold_arg, float(penalty_weight), strict_commas, show_gold_values
    )
    return result


def evaluate_predictions(
    predictions_root: _Path,
    gold_root: _Path,
    *,
    input_root: Optional[_Path] = None,
    penalty_weight: float = 0.1,
    strict_commas: bool = False,
    progress: Optional[Callable[[int, int], object]] = None,
) -> dict[str, Any]:
    """The official ``evaluate_predictions(...).to_dict()`` for every ``task_*/gold.csv`` under
    ``gold_root``. Raises ``tabeq.FatalError`` where the official raises. ``progress(done,
    total)`` is called after each task."""
    report = kddcup_evaluate(
        _as_given(predictions_root),
        _as_given(gold_root),
        None if input_root is None else _as_given(input_root),
        float(penalty_weight),
        strict_commas,
        None,
        progress,
    )
    result: dict[str, Any] = report.to_dict()
    return result
