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
from typing import Any

from .. import ArgumentError, _tabeq
from ._common import MissingKeyError, completion_text, gold_for, items_of, logging_errors

__all__ = ["ProcessResults", "process_results", "make_process_results"]


class ProcessResults:
    """A ``process_results`` function object (see :func:`make_process_results`); it pickles."""

    def __init__(self, *, gold_key: str = "gold", config_key: str = "config", dense: bool = False) -> None:
        self.gold_key = gold_key
        self.config_key = config_key
        self.dense = dense
        self.__name__ = "process_results"
        self.__qualname__ = self.__name__

    def __call__(self, doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, float]:
        with logging_errors("tabeq.integrations.lm_eval"):
            if not isinstance(doc, Mapping):
                expected, got = "a mapping (the dataset row)", type(doc).__name__
                raise ArgumentError(_tabeq.message("wrong_type", what="doc", expected=expected, got=got))
            for key in (self.gold_key, self.config_key):
                if key not in doc:
                    raise MissingKeyError(_tabeq.message("missing_key", what="the document", key=repr(key)))
            outputs = items_of(results, "results")
            text = completion_text(outputs[0]) if outputs else ""
            gold = gold_for(doc[self.gold_key], doc[self.config_key])
            metrics = {"table_match": gold.rewards([text])[0]}
            if self.dense:
                metrics["row_f1"] = gold.rewards([text], dense=True)[0]
            return metrics

    def __repr__(self) -> str:
        keys = f"gold_key={self.gold_key!r}, config_key={self.config_key!r}"
        return f"ProcessResults({keys}, dense={self.dense!r})"


def make_process_results(
    *, gold_key: str = "gold", config_key: str = "config", dense: bool = False
) -> ProcessResults:
    """A ``process_results`` reading the gold and config from other document keys; with
    ``dense=True`` it adds ``row_f1``, the row F1 of the partial credit (1.0 when it passes)."""
    return ProcessResults(gold_key=gold_key, config_key=config_key, dense=dense)


process_results = make_process_results()
"""``{"table_match": 1.0 or 0.0}`` for a document with ``gold`` and ``config`` (no graded metric)."""
