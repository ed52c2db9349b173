"""lm-evaluation-harness: ``process_results(doc, results)`` for a ``generate_until`` task.

The harness calls ``process_results(doc, results)`` with the dataset row and the list of the
model's outputs (one string for ``generate_until``) and aggregates each returned metric
over the documents. Use it from a task YAML (``docs/integrations.md`` has a whole one)::

    output_type: generate_until
    process_results: !function utils.process_results
    metric_list:
      - metric: table_match
        aggregation: mean
        higher_is_better: true

with ``utils.py`` next to it holding ``from tabeq.integrations.lm_eval import process_results``.
A row holds ``gold`` (CSV text) and ``config`` (dict or JSON text). The graded ``row_f1``
metric (a per-row signal: SECURITY.md) is returned only by ``make_process_results(dense=True)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Callable

from .. import ArgumentError
from ._common import MissingKeyError, completion_text, gold_for, items_of

__all__ = ["process_results", "make_process_results"]


def make_process_results(
    *, gold_key: str = "gold", config_key: str = "config", dense: bool = False
) -> Callable[[Mapping[str, Any], Sequence[Any]], dict[str, float]]:
    """A ``process_results`` reading the gold and config from other document keys; with
    ``dense=True`` it adds ``row_f1``, the row F1 of the partial credit (1.0 when it passes)."""

    def process(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, float]:
        if not isinstance(doc, Mapping):
            raise ArgumentError(f"doc must be a mapping (the dataset row), got {type(doc).__name__}")
        for key in (gold_key, config_key):
            if key not in doc:
                raise MissingKeyError(f"the document has no {key!r} key")
        outputs = items_of(results, "results")
        text = completion_text(outputs[0]) if outputs else ""
        gold = gold_for(doc[gold_key], doc[config_key])
        metrics = {"table_match": gold.rewards([text])[0]}
        if dense:
            metrics["row_f1"] = gold.rewards([text], dense=True)[0]
        return metrics

    return process


process_results = make_process_results()
"""``{"table_match": 1.0 or 0.0}`` for a document with ``gold`` and ``config`` (no graded metric)."""
