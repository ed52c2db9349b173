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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Optional

from .. import ConfigLike
from ._common import MissingKeyError, completion_text, score_texts

__all__ = ["reward_function", "task_reward"]

CONFIG_KEY = "tabeq_config"
"""The key of ``info`` (or the field of a 0.4 task's data) that holds a row's config."""
ANSWER_FIELD = "answer"
"""The field of a 0.4 task's data that holds the gold CSV."""


def _row_config(config: Optional[ConfigLike], found: Optional[ConfigLike], where: str) -> ConfigLike:
    if config is not None:
        return config
    if found is None:
        raise MissingKeyError(f"no config: pass config=... or put it in {where}")
    return found


def reward_function(*, config: Optional[ConfigLike] = None, dense: bool = False) -> Callable[..., float]:
    """1.0 when the completion's table passes against ``answer``, else 0.0 (``dense=True``:
    the row F1 of the partial credit)."""

    def tabeq_table_reward(
        completion: Any, answer: str, info: Optional[Mapping[str, Any]] = None, **kwargs: Any
    ) -> float:
        found = None if info is None else info.get(CONFIG_KEY)
        row_config = _row_config(config, found, f"info[{CONFIG_KEY!r}]")
        return score_texts([completion_text(completion)], [answer], [row_config], dense=dense)[0]

    return tabeq_table_reward


def task_reward(*, config: Optional[ConfigLike] = None, dense: bool = False) -> Callable[..., Any]:
    """A ``vf.Task`` reward method for verifiers 0.4 (wrap it in ``vf.reward``): 1.0 when
    ``trace.last_reply`` holds a table that passes against the task data's ``answer``, else 0.0
    (``dense=True``: the row F1 of the partial credit)."""

    async def tabeq_table(self: Any, trace: Any) -> float:
        data = self.data
        found = getattr(data, CONFIG_KEY, None)
        row_config = _row_config(config, found, f"the task data's {CONFIG_KEY!r} field")
        gold = getattr(data, ANSWER_FIELD)
        return score_texts([str(trace.last_reply)], [gold], [row_config], dense=dense)[0]

    return tabeq_table
