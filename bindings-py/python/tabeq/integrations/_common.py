"""What every adapter shares: a cache of prepared golds, completions as text, and rewards."""

from __future__ import annotations

import json
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Union

from .. import ArgumentError, ConfigLike, Gold, TabeqError, TaskConfig, _as_config, _tabeq

logger = logging.getLogger("tabeq.integrations")
"""Where an adapter logs an error (with its code) before raising it: some harnesses catch a
reward function's exception and score 0.0, which must never be silent."""


@contextmanager
def logging_errors(adapter: str) -> Iterator[None]:
    """Log a tabeq error raised inside ``adapter`` with its stable code, then let it propagate
    (the harness decides whether a raising reward stops the run or scores 0.0)."""
    try:
        yield
    except TabeqError as exc:
        logger.error("%s: %s [%s]", adapter, exc, getattr(exc, "code", "unknown"))
        raise


GoldText = Union[str, bytes]
"""A gold table as CSV text or bytes (in an adapter a ``str`` is CSV text, never a path)."""


class MissingKeyError(ArgumentError, KeyError):
    """A dataset column or document key the adapter needs is absent (``invalid_argument``; a
    ``KeyError`` too, as a missing key is in Python)."""

    def __str__(self) -> str:  # KeyError would show the message quoted
        return str(self.args[0]) if self.args else ""


def items_of(values: Any, what: str) -> list[Any]:
    """The items of an iterable, as a list. Iterated, never sized by ``len()``: a sequence may
    claim any length (``list()`` would trust its length hint)."""
    if isinstance(values, (str, bytes, Mapping)):
        raise ArgumentError(
            _tabeq.message("wrong_type", what=what, expected="a list", got=type(values).__name__)
        )
    try:
        iterator = iter(values)
    except TypeError:
        got = type(values).__name__
        raise ArgumentError(_tabeq.message("wrong_type", what=what, expected="a list", got=got)) from None
    return [item for item in iterator]


_CACHE_SIZE = 256
_cache: OrderedDict[tuple[bytes, str], Gold] = OrderedDict()
_lock = threading.Lock()


def _config_key(config: ConfigLike) -> str:
    if isinstance(config, TaskConfig):
        return config.to_json()
    if isinstance(config, Mapping):
        try:
            return json.dumps(config, sort_keys=True)
        except (TypeError, ValueError, RecursionError) as exc:
            message = _tabeq.message("not_json_data", what="the config dict", detail=str(exc))
            raise ArgumentError(message) from exc
    if isinstance(config, bytes):
        return bytes(config).decode("utf-8", "replace")
    if isinstance(config, str):
        return str(_tabeq.check_text(config, "the config"))
    if isinstance(config, os.PathLike):
        return str(_tabeq.check_path(config, "the config path"))
    expected = "a TaskConfig, dict, JSON text or path"
    raise ArgumentError(
        _tabeq.message("wrong_type", what="a config", expected=expected, got=type(config).__name__)
    )


def gold_for(gold: GoldText, config: ConfigLike) -> Gold:
    """The prepared ``Gold`` of a gold CSV (text or bytes) and its config, from a cache of the
    last 256 used (an RL batch repeats each gold once per generation)."""
    if isinstance(gold, Gold):
        return gold
    if isinstance(gold, str):
        data = str(_tabeq.check_text(gold, "the gold CSV text")).encode("utf-8")
    elif isinstance(gold, (bytes, bytearray, memoryview)):
        data = bytes(gold)
    else:
        got = type(gold).__name__
        raise ArgumentError(
            _tabeq.message("wrong_type", what="a gold", expected="CSV text or bytes", got=got)
        )
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
    raise ArgumentError(_tabeq.message("unreadable_type", what="completion", got=type(completion).__name__))


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
    texts = items_of(texts, "completions")
    golds = items_of(golds, "golds")
    configs = items_of(configs, "configs")
    if not (len(texts) == len(golds) == len(configs)):
        others = [f"{len(golds)} golds", f"{len(configs)} configs"]
        raise ArgumentError(
            _tabeq.message("lengths_differ", count=len(texts), what="completions", others=others)
        )
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
