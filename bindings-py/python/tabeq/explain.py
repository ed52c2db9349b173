"""Why a prediction fails: ``explain`` and the ``Diagnosis`` it returns.

The verdict in a diagnosis is exactly ``tabeq.evaluate``'s; everything else describes it:
shape (extra/missing columns, row grain), types (first offending cell per column), the best
column mapping, missing and extra rows, named near-miss hints (each re-scored by the
official evaluator, with ``would_pass``), partial-credit scores kept apart from the official
0/1 score, and a one-paragraph summary. See ``docs/explain.md``.

The module itself is callable: ``tabeq.explain(prediction, gold, config)`` is
``tabeq.explain.explain(prediction, gold, config)``, and every name below stays reachable as
``tabeq.explain.NAME`` or ``from tabeq.explain import NAME``.

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

import sys
import types
from typing import TYPE_CHECKING, Any, Literal

from . import _tabeq
from ._inputs import TableLike

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._tabeq import _ConfigLike, _ExplainOptions

__all__ = ["Diagnosis", "HINT_NAMES", "REDACTIONS", "Redaction", "explain", "column_signature"]

Redaction = Literal["full", "redacted", "participant"]
"""How much of the gold a diagnosis may reveal (``explain(redaction=...)``, the CLI's
``--explain=LEVEL``; SECURITY.md says what each shows): ``"full"`` for the operator,
``"redacted"`` (the default: no gold cell, but counts and hints), ``"participant"`` (nothing
derived from gold values)."""

REDACTIONS: tuple[str, ...] = ("full", "redacted", "participant")
"""The redaction levels a diagnosis takes (``Redaction``), from most to least disclosed."""

HINT_NAMES: tuple[str, ...] = tuple(_tabeq.HINT_NAMES)
"""Every hint name, in the order hints are reported. Names are stable."""


# Native: the core holds the diagnosis and renders its documents and repr.
Diagnosis = _tabeq.Diagnosis


explain = _tabeq.explain


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
    return _tabeq.column_signature(prediction, gold, strict)


class ExplainModule(types.ModuleType):
    """The type of the ``tabeq.explain`` module: a module that can be called like its
    ``explain`` function (as ``tabeq.explain(pred, gold, cfg)`` reads in the docs). The
    attribute annotations tell type checkers what ``tabeq.explain.NAME`` holds.

    Type checkers know no callable modules: ``tabeq`` declares ``explain`` as an instance of this
    class for them, which mypy follows as long as the program does not also import the
    submodule (``import tabeq.explain``, ``from tabeq.explain import X``); where it does, mypy
    sees a module, and ``tabeq.explain.explain(...)`` is the call it checks."""

    Diagnosis: type[_tabeq.Diagnosis]
    HINT_NAMES: tuple[str, ...]
    REDACTIONS: tuple[str, ...]

    def __call__(
        self,
        prediction: TableLike | None,
        gold: TableLike,
        config: _ConfigLike,
        **options: Unpack[_ExplainOptions],
    ) -> _tabeq.Diagnosis:
        return _tabeq.explain(prediction, gold, config, **options)

    if TYPE_CHECKING:

        def explain(
            self,
            prediction: TableLike | None,
            gold: TableLike,
            config: _ConfigLike,
            **options: Unpack[_ExplainOptions],
        ) -> _tabeq.Diagnosis: ...

        def column_signature(
            self, prediction: TableLike | None, gold: TableLike, *, strict: bool = False
        ) -> dict[str, Any]: ...


# A module's class may be swapped for a subclass of ModuleType (Python >= 3.5): the module
# object, its globals and `from tabeq.explain import X` are unchanged.
sys.modules[__name__].__class__ = ExplainModule
