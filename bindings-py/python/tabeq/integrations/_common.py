"""What every adapter shares: a cache of prepared golds, completions as text, and rewards."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, Union

from .. import ArgumentError, ConfigLike, Gold, TaskConfig, _as_config

GoldText = Union[str, bytes]
"""A gold table as CSV text or bytes (in an adapter a ``str`` is CSV text, never a path)."""

_CACHE_SIZE = 256
_cache: OrderedDict[tuple[bytes, str], Gold] = OrderedDict()
_lock = threading.Lock()


def _config_key(config: ConfigLike) -> str:
    if isinstance(config, TaskConfig):
        return config.to_json()
    if isinstance(config, Mapping):
        return json.dumps(config, sort_keys=True)
    if isinstance(config, bytes):
        return config.decode("utf-8", "replace")
    return str(config)


def gold_for(gold: GoldText, config: ConfigLike) -> Gold:
    """The prepared ``Gold`` of a gold CSV (text or bytes) and its config, from a cache of the
    last 256 used (an RL batch repeats each gold once per generation)."""
    if isinstance(gold, Gold):
        return gold
    data = gold.encode("utf-8") if isinstance(gold, str) else bytes(gold)
    key = (data, _config_key(config))
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    prepared = Gold(data, _as_config(config))
    with _lock:
        _cache[key] = prepared
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return prepared


def completion_text(completion: Any) -> str:
    """A completion as text: a ``str`` as it is; a conversation (a list of ``{"role",
    "content"}`` messages, as TRL and verifiers pass conversational completions) as the
    content of its last assistant message."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        return _content(completion)
    if isinstance(completion, Sequence):
        messages = [m for m in completion if isinstance(m, Mapping)]
        assistant = [m for m in messages if m.get("role", "assistant") == "assistant"]
        chosen = assistant or messages
        return _content(chosen[-1]) if chosen else ""
    raise ArgumentError(f"cannot read a completion of type {type(completion).__name__}")


def _content(message: Mapping[str, Any]) -> str:
    content = message.get("content", "")
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):  # content parts: [{"type": "text", "text": ...}]
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
    return str(content)


def score_texts(
    texts: Sequence[str], golds: Sequence[GoldText], configs: Sequence[ConfigLike], *, dense: bool = False
) -> list[float]:
    """Rewards for model texts against their golds (the official score of the table in each
    text, or with ``dense`` the row F1 of its partial credit, 1.0 exactly when it passes):
    consecutive items with the same gold and config (a GRPO group) are scored in one batch.
    A text with a lone surrogate scores 0.0 and is logged with its code (``Gold.rewards``)."""
    if not (len(texts) == len(golds) == len(configs)):
        raise ArgumentError(f"{len(texts)} completions but {len(golds)} golds and {len(configs)} configs")
    rewards: list[float] = []
    start = 0
    while start < len(texts):
        end = start + 1
        while end < len(texts) and golds[end] == golds[start] and configs[end] == configs[start]:
            end += 1
        gold = gold_for(golds[start], configs[start])
        rewards.extend(gold.rewards(texts[start:end], dense=dense))
        start = end
    return rewards
