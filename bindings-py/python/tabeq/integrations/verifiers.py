"""Rewards for ``verifiers``: a ``@vf.reward`` method for a ``vf.Task`` (verifiers 0.4, tested
against the installed 0.4.0), and a reward function for the ``Rubric`` of earlier releases.

verifiers 0.4 (``import verifiers.v1 as vf``) scores a rollout with ``Task.score(trace)``, which
calls each ``@vf.reward`` coroutine method with the parameters it names among ``task``, ``trace``
and ``runtime``. :func:`task_reward` reads the model's answer from ``trace.last_reply``, the gold
(CSV text) from the task data's ``answer`` field and the config from its ``tabeq_config`` field or
the one given here::

    import verifiers.v1 as vf
    from tabeq.integrations.verifiers import task_reward

    class TableData(vf.TaskData):
        answer: str
        tabeq_config: dict

    class TableTask(vf.Task[TableData]):
        table = vf.reward(task_reward(), weight=1.0)

Before 0.4, verifiers passed a reward function the arguments its signature names among ``prompt``,
``completion``, ``answer``, ``state``, ``task`` and ``info`` (all of them when it takes
``**kwargs``); ``completion`` is a string or a list of messages. The gold is the row's
``answer`` (CSV text); the config is ``info["tabeq_config"]`` or the one given here::

    import verifiers as vf
    from tabeq.integrations.verifiers import reward_function
    rubric = vf.Rubric(funcs=[reward_function()], weights=[1.0])

Both are objects that pickle (and survive ``cloudpickle``) with a stable ``__name__``
(``tabeq_table_reward``; the 0.4 reward's is ``tabeq_table``, the key of its score). verifiers
catches a reward's exception and scores 0.0; so that this is never silent, an error (a broken
gold or config) is first logged with its code on the ``tabeq.integrations`` logger.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Mapping
from typing import Any, Optional

from .. import ConfigLike, _tabeq
from ._common import MissingKeyError, completion_text, logging_errors, score_texts

__all__ = ["RubricReward", "TaskReward", "reward_function", "task_reward"]

CONFIG_KEY = "tabeq_config"
"""The key of ``info`` (or the field of a 0.4 task's data) that holds a row's config."""
ANSWER_FIELD = "answer"
"""The field of a 0.4 task's data that holds the gold CSV."""


def _row_config(config: Optional[ConfigLike], found: Optional[ConfigLike], where: str) -> ConfigLike:
    if config is not None:
        return config
    if found is None:
        raise MissingKeyError(_tabeq.message("no_config", argument="config=...", places=[where]))
    return found


class RubricReward:
    """A reward function for a ``verifiers.Rubric`` before 0.4 (see :func:`reward_function`)."""

    def __init__(self, *, config: Optional[ConfigLike] = None, dense: bool = False) -> None:
        self.config = config
        self.dense = dense
        self.__name__ = "tabeq_table_reward"
        self.__qualname__ = self.__name__

    def __call__(
        self, completion: Any, answer: str, info: Optional[Mapping[str, Any]] = None, **kwargs: Any
    ) -> float:
        with logging_errors(f"tabeq.integrations.verifiers ({self.__name__})"):
            found = None if info is None else info.get(CONFIG_KEY)
            row_config = _row_config(self.config, found, f"info[{CONFIG_KEY!r}]")
            return score_texts([completion_text(completion)], [answer], [row_config], dense=self.dense)[0]

    def __repr__(self) -> str:
        return f"RubricReward(dense={self.dense!r})"


class TaskReward:
    """A ``vf.Task`` reward method for verifiers 0.4 (see :func:`task_reward`). Read as an
    attribute of a task it is a bound method ``(trace) -> coroutine``, as a ``def`` would be;
    ``vf.reward``'s marks (``reward``, ``_vf_weight``) are attributes of this object."""

    def __init__(self, *, config: Optional[ConfigLike] = None, dense: bool = False) -> None:
        self.config = config
        self.dense = dense
        self.__name__ = "tabeq_table"
        self.__qualname__ = self.__name__
        # verifiers passes a reward the arguments its signature names; with a __get__, inspect
        # would take this object for a builtin method and find no signature.
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        self.__signature__ = inspect.Signature(
            [inspect.Parameter("task", kind), inspect.Parameter("trace", kind)]
        )

    def __get__(self, task: Any, owner: Optional[type] = None) -> Any:
        return self if task is None else types.MethodType(self, task)

    async def __call__(self, task: Any, trace: Any) -> float:
        with logging_errors(f"tabeq.integrations.verifiers ({self.__name__})"):
            data = task.data
            found = getattr(data, CONFIG_KEY, None)
            row_config = _row_config(self.config, found, f"the task data's {CONFIG_KEY!r} field")
            gold = getattr(data, ANSWER_FIELD)
            return score_texts([str(trace.last_reply)], [gold], [row_config], dense=self.dense)[0]

    def __repr__(self) -> str:
        return f"TaskReward(dense={self.dense!r})"


def reward_function(*, config: Optional[ConfigLike] = None, dense: bool = False) -> RubricReward:
    """1.0 when the completion's table passes against ``answer``, else 0.0 (``dense=True``:
    the row F1 of the partial credit)."""
    return RubricReward(config=config, dense=dense)


def task_reward(*, config: Optional[ConfigLike] = None, dense: bool = False) -> TaskReward:
    """A ``vf.Task`` reward method for verifiers 0.4 (wrap it in ``vf.reward``): 1.0 when
    ``trace.last_reply`` holds a table that passes against the task data's ``answer``, else 0.0
    (``dense=True``: the row F1 of the partial credit)."""
    return TaskReward(config=config, dense=dense)
