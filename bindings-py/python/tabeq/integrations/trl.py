"""Reward functions for TRL's ``GRPOTrainer(reward_funcs=[...])``.

TRL calls each reward function as ``f(prompts=..., completions=..., completion_ids=...,
**columns)``, where ``columns`` are the dataset's other columns repeated once per generation,
and ``completions`` are strings (standard datasets) or lists of messages (conversational
datasets). With a dataset holding ``gold`` (CSV text) and ``config`` (dict or JSON text)::

    from tabeq.integrations.trl import reward_function
    trainer = GRPOTrainer(model=..., reward_funcs=[reward_function()], train_dataset=dataset)
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from .. import ConfigLike
from ._common import MissingKeyError, completion_text, items_of, score_texts

__all__ = ["reward_function"]


def reward_function(
    *,
    gold_column: str = "gold",
    config_column: str = "config",
    config: Optional[ConfigLike] = None,
    dense: bool = False,
) -> Callable[..., list[float]]:
    """A GRPO reward function: 1.0 when the completion's table passes against the row's gold,
    else 0.0 (with ``dense=True``: the row F1 of the partial credit). The gold comes from the
    ``gold_column`` dataset column; the config from ``config_column``, or ``config`` for all rows."""

    def tabeq_table_reward(prompts: list[Any], completions: list[Any], **kwargs: Any) -> list[float]:
        if gold_column not in kwargs:
            raise MissingKeyError(f"the dataset has no {gold_column!r} column (the gold CSV text)")
        texts = [completion_text(c) for c in items_of(completions, "completions")]
        golds = kwargs[gold_column]
        configs = [config] * len(texts) if config is not None else kwargs[config_column]
        return score_texts(texts, golds, configs, dense=dense)

    return tabeq_table_reward
