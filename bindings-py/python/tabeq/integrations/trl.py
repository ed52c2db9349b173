"""Reward functions for TRL's ``GRPOTrainer(reward_funcs=[...])``.

TRL calls each reward function as ``f(prompts=..., completions=..., completion_ids=...,
**columns)``, where ``columns`` are the dataset's other columns repeated once per generation,
and ``completions`` are strings (standard datasets) or lists of messages (conversational
datasets). With a dataset holding ``gold`` (CSV text) and ``config`` (dict or JSON text; a
dict from a ``datasets.Dataset`` may hold ``None`` for the optional keys it lacks)::

    from tabeq.integrations.trl import reward_function
    trainer = GRPOTrainer(model=..., reward_funcs=[reward_function()], train_dataset=dataset)

The reward is a :class:`TableReward` object: it pickles (and survives ``cloudpickle``) for
multi-process and async trainers, keeps its ``__name__`` (TRL logs rewards by it) and rebuilds
its prepared golds lazily in each process (``tabeq.integrations.gold_for``'s cache). An error
(a broken gold or config) is logged with its code on the ``tabeq.integrations`` logger and
raised.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import ConfigLike, _tabeq
from ._common import MissingKeyError, completion_text, items_of, logging_errors, score_texts

__all__ = ["TableReward", "reward_function"]


class TableReward:
    """A GRPO reward function object (see :func:`reward_function`)."""

    def __init__(
        self,
        *,
        gold_column: str = "gold",
        config_column: str = "config",
        config: Optional[ConfigLike] = None,
        dense: bool = False,
        name: str = "tabeq_table_reward",
    ) -> None:
        self.gold_column = gold_column
        self.config_column = config_column
        self.config = config
        self.dense = dense
        self.__name__ = name
        self.__qualname__ = name

    def __call__(self, prompts: Any = None, completions: Any = (), **kwargs: Any) -> list[float]:
        with logging_errors(f"tabeq.integrations.trl ({self.__name__})"):
            if self.gold_column not in kwargs:
                name, holding = repr(self.gold_column), "the gold CSV text"
                message = _tabeq.message(
                    "dataset_lacks_column", what="the dataset", name=name, holding=holding
                )
                raise MissingKeyError(message)
            texts = [completion_text(c) for c in items_of(completions, "completions")]
            golds = kwargs[self.gold_column]
            if self.config is not None:
                configs = [self.config] * len(texts)
            elif self.config_column in kwargs:
                configs = kwargs[self.config_column]
            else:
                name, holding = repr(self.config_column), "the config"
                message = _tabeq.message(
                    "dataset_lacks_column", what="the dataset", name=name, holding=holding
                )
                raise MissingKeyError(message)
            return score_texts(texts, golds, configs, dense=self.dense)

    def __repr__(self) -> str:
        return (
            f"TableReward(name={self.__name__!r}, gold_column={self.gold_column!r}, "
            f"config_column={self.config_column!r}, dense={self.dense!r})"
        )


def reward_function(
    *,
    gold_column: str = "gold",
    config_column: str = "config",
    config: Optional[ConfigLike] = None,
    dense: bool = False,
) -> TableReward:
    """A GRPO reward function: 1.0 when the completion's table passes against the row's gold,
    else 0.0 (with ``dense=True``: the row F1 of the partial credit). The gold comes from the
    ``gold_column`` dataset column; the config from ``config_column``, or ``config`` for all rows.
    Its ``__name__`` is ``"tabeq_table_reward"``."""
    return TableReward(gold_column=gold_column, config_column=config_column, config=config, dense=dense)
