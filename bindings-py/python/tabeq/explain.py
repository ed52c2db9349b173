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
>>> d = explain(b"region,gdp,rank\\nNorth,1.25,1\\n", b"region,gdp\\nNorth,1.25\\n", config, redaction="full")
>>> d.passed, d.error_code, d.hint_names
(False, 'column_count_mismatch', ['extra_columns'])
>>> d.hints[0]["would_pass"]
True
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Literal

from . import _tabeq
from ._errors import ArgumentError
from ._inputs import TableLike, check_count, check_path, to_source

if TYPE_CHECKING:
    from . import ConfigLike

__all__ = ["Diagnosis", "HINT_NAMES", "REDACTIONS", "Redaction", "explain", "column_signature"]

HINT_NAMES: tuple[str, ...] = tuple(_tabeq.HINT_NAMES)
"""Every hint name, in the order hints are reported. Names are stable."""


# Native: the core holds the diagnosis and renders its documents and repr.
Diagnosis = _tabeq.Diagnosis


Redaction = Literal["full", "redacted", "participant"]
"""How much of the gold a diagnosis may reveal (the CLI's ``--explain=LEVEL``, SECURITY.md):

* ``"full"`` — everything, gold cells included: for the operator only;
* ``"redacted"`` — every gold cell shown as ``[redacted]``, but counts, the best mapping, missing
  and extra row counts, near-miss hints and partial credit remain: still an oracle if shown to
  participants over many submissions;
* ``"participant"`` — nothing derived from gold values: the official record, the prediction's
  own problems (CSV errors, cells its columns cannot be read as) and the kind of failure; no
  mapping scores, row differences, hints or partial credit.
"""

REDACTIONS: tuple[str, ...] = ("full", "redacted", "participant")


def _redaction(redaction: str | None, show_gold_values: bool | None) -> str:
    if redaction is None:
        # The former switch, kept working: True is "full", False "redacted".
        if show_gold_values is None:
            return "redacted"
        return "full" if show_gold_values else "redacted"
    if redaction not in REDACTIONS:
        raise ArgumentError(f"redaction must be one of {', '.join(REDACTIONS)}, got {redaction!r}")
    if show_gold_values and redaction != "full":
        raise ArgumentError(f"show_gold_values=True contradicts redaction={redaction!r}")
    return redaction


def explain(
    prediction: TableLike | None,
    gold: TableLike,
    config: ConfigLike,
    *,
    max_items: int = 5,
    max_value_chars: int = 60,
    hints: bool = True,
    signature_strict: bool = False,
    redaction: Redaction | None = None,
    show_gold_values: bool | None = None,
    prediction_root: str | os.PathLike[str] | None = None,
) -> Diagnosis:
    """Diagnose a prediction against its gold.

    Takes the same inputs as ``tabeq.evaluate`` (CSV bytes, a path, a DataFrame or rows;
    ``prediction`` may be ``None``). ``max_items`` caps the rows shown per list and
    ``max_value_chars`` the characters per shown cell (counts are always complete).
    ``hints=False`` skips the near-miss search; ``signature_strict=True`` makes the
    column-signature score refuse thousands separators. A broken gold raises ``GoldError``,
    a broken config ``ConfigError``; a bad prediction never raises.

    ``redaction`` (see :data:`Redaction`) is how much of the gold the diagnosis reveals. The
    default here is ``"redacted"`` (no gold cell), as for ``tabeq evaluate --explain``; pass
    ``"full"`` to see gold cells yourself, and ``"participant"`` for anything a participant or a
    model may read (``tabeq evaluate --explain`` uses it when the summary is inside the
    prediction root; the inspect_ai scorer uses it). ``show_gold_values`` is the former switch
    (``True`` is ``"full"``). ``prediction_root`` (the directory the prediction path is under)
    shows the prediction's cells as ``[redacted]`` when its content is reached through a
    symbolic link.
    """
    from . import _as_config

    check_count(max_items, "max_items", minimum=0)
    check_count(max_value_chars, "max_value_chars", minimum=1)
    level = _redaction(redaction, show_gold_values)
    root = None if prediction_root is None else check_path(prediction_root, "prediction_root")
    cfg = _as_config(config)
    pred_source = to_source(prediction, role="prediction")
    gold_source = to_source(gold, role="gold")
    assert gold_source is not None
    options = (max_items, max_value_chars, bool(hints), bool(signature_strict), level, root)
    return _tabeq.explain(pred_source, gold_source, cfg._native, options)


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
