"""verl's custom reward function: point ``custom_reward_function.path`` at this file and
``custom_reward_function.name`` at ``compute_score``.

verl calls ``compute_score(data_source, solution_str, ground_truth, extra_info)`` for every
response, with ``ground_truth`` from the row's ``reward_model.ground_truth``. Here that is
``{"gold": "<CSV text>", "config": {...}}`` (a dict or its JSON text); a config in
``extra_info["tabeq_config"]`` is used when ``ground_truth`` has none.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Optional

# Absolute: verl loads this file by its path, as a module outside any package, where a relative
# import fails ("attempted relative import with no known parent package").
from tabeq import ArgumentError, _tabeq
from tabeq.integrations._common import logging_errors, score_texts

__all__ = ["compute_score"]


def compute_score(
    data_source: Any,
    solution_str: str,
    ground_truth: Any,
    extra_info: Optional[Mapping[str, Any]] = None,
    **kwargs: Any,
) -> float:
    """1.0 when the response's table passes against the gold, else 0.0 (with
    ``extra_info["tabeq_dense"]`` true: the row F1 of the partial credit). An error is logged
    with its code on the ``tabeq.integrations`` logger and raised."""
    with logging_errors("tabeq.integrations.verl"):
        return _compute_score(solution_str, ground_truth, extra_info)


def _compute_score(solution_str: str, ground_truth: Any, extra_info: Optional[Mapping[str, Any]]) -> float:
    truth = ground_truth
    if isinstance(ground_truth, (str, bytes)):
        try:
            truth = json.loads(ground_truth)
        except ValueError as exc:
            raise ArgumentError(
                _tabeq.message("text_not_json", what="ground_truth", detail=str(exc))
            ) from exc
    if not isinstance(truth, Mapping) or "gold" not in truth:
        expected = '{"gold": <CSV text>, "config": <config>} (or its JSON text)'
        raise ArgumentError(_tabeq.message("must_be", what="ground_truth", expected=expected))
    info = extra_info or {}
    # A dataset row holds every key of its schema: a null config is an absent one.
    config = truth.get("config")
    if config is None:
        config = info.get("tabeq_config")
    if config is None:
        places = ['ground_truth["config"]', 'extra_info["tabeq_config"]']
        raise ArgumentError(_tabeq.message("no_config", places=places))
    dense = bool(info.get("tabeq_dense", False))
    return score_texts([solution_str], [truth["gold"]], [config], dense=dense)[0]
