"""A reward function for a ``verifiers`` ``Rubric``.

verifiers passes a reward function the arguments its signature names among ``prompt``,
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
from ._common import completion_text, score_texts

__all__ = ["reward_function"]

CONFIG_KEY = "tabeq_config"
"""The key of ``info`` that holds a row's config."""


def reward_function(*, config: Optional[ConfigLike] = None, dense: bool = False) -> Callable[..., float]:
    """1.0 when the completion's table passes against ``answer``, else 0.0 (``dense=True``:
    the row F1 of the partial credit)."""

    def tabeq_table_reward(
        completion: Any, answer: str, info: Optional[Mapping[str, Any]] = None, **kwargs: Any
    ) -> float:
        row_config = config
        if row_config is None:
            if info is None or CONFIG_KEY not in info:
                raise KeyError(
                    f"no config: pass reward_function(config=...) or put it in info[{CONFIG_KEY!r}]"
                )
            row_config = info[CONFIG_KEY]
        return score_texts([completion_text(completion)], [answer], [row_config], dense=dense)[0]

    return tabeq_table_reward
