"""Scorers and reward functions for the harnesses people already use. Each adapter lives in
its own submodule, imported only when asked for, and needs nothing beyond its harness:

* ``tabeq.integrations.inspect_ai`` — ``table_scorer()``, an inspect_ai scorer;
* ``tabeq.integrations.trl`` — ``reward_function()`` for ``GRPOTrainer(reward_funcs=...)``;
* ``tabeq.integrations.verifiers`` — ``reward_function()`` for a ``verifiers.Rubric``;
* ``tabeq.integrations.verl`` — ``compute_score(data_source, solution_str, ground_truth, extra_info)``;
* ``tabeq.integrations.lm_eval`` — ``process_results(doc, results)`` for lm-evaluation-harness.

Every adapter reads the answer table out of the model's text with ``tabeq.extract_table``
(no table: ``missing_prediction``, reward 0), and takes the gold as CSV **text** (a ``str``
is never a path here) with its config (a ``TaskConfig``, a dict or JSON text). Golds are
prepared once and kept in a small cache (``tabeq.Gold``). See ``docs/integrations.md``.
"""

from __future__ import annotations

from ._common import gold_for, score_texts

__all__ = ["gold_for", "score_texts"]
