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
      - metric: row_f1
        aggregation: mean
        higher_is_better: true

with ``utils.py`` next to it holding ``from tabeq.integrations.lm_eval import process_results``.
A row holds ``gold`` (CSV text) and ``config`` (dict or JSON text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Callable

from ._common import completion_text, gold_for

__all__ = ["process_results", "make_process_results"]


def make_process_results(
    *, gold_key: str = "gold", config_key: str = "config"
) -> Callable[[Mapping[str, Any], Sequence[Any]], dict[str, float]]:
    """A ``process_results`` reading the gold and config from other document keys."""

    def process(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, float]:
        from .. import extract_table

        text = completion_text(results[0]) if results else ""
        gold = gold_for(doc[gold_key], doc[config_key])
        table = extract_table(text)
        credit = gold.partial_credit([table])[0]
        return {"table_match": gold.scores([table])[0], "row_f1": credit.row_f1}

    return process


process_results = make_process_results()
"""``{"table_match": 1.0 or 0.0, "row_f1": ...}`` for a document with ``gold`` and ``config``."""
