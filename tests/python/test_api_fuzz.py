# ruff: noqa: B023  (each lambda is called at once, inside its loop iteration)
"""Every public function of ``tabeq`` (and of ``tabeq.explain``, ``tabeq.trust``,
``tabeq.spider2``, ``tabeq.testing`` and the integrations) called with hostile arguments: each
error it raises is a ``tabeq.TabeqError`` with a code from ``tabeq.error_codes()``, and nothing
panics (a Rust panic surfaces as ``pyo3_runtime.PanicException``, which is no ``TabeqError``).
"""

from __future__ import annotations

import inspect
import math
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, is_typeddict

import pytest
import tabeq
import tabeq.arrow
import tabeq.explain
import tabeq.integrations
import tabeq.integrations.lm_eval
import tabeq.integrations.trl
import tabeq.integrations.verifiers
import tabeq.integrations.verl
import tabeq.spider2
import tabeq.testing
import tabeq.trust


class RaisingStr:
    def __str__(self) -> str:
        raise RuntimeError("__str__ raises")

    __repr__ = __str__


class RaisingPath:
    def __fspath__(self) -> str:
        raise RuntimeError("__fspath__ raises")


class HugeLen:
    """A sequence that claims sys.maxsize items and holds two."""

    def __len__(self) -> int:
        return sys.maxsize

    def __getitem__(self, index: int) -> bytes:
        if index < 2:
            return b"x\n1\n"
        raise IndexError(index)


class Bytes(bytes):
    pass


HOSTILE: list[Any] = [
    None,
    1.5,
    math.nan,
    -1,
    2**70,
    "\ud800",
    "x\ud800y,1\n",
    Bytes(b"\xff\xfe"),
    Bytes(b"a,b\n1,2\n"),
    RaisingStr(),
    RaisingPath(),
    HugeLen(),
    [[[[1]]]],
    [["\ud800"]],
    object(),
    {"a": RaisingStr()},
    {"gold": HugeLen(), "config": RaisingStr()},
]

MODULES: list[ModuleType] = [
    tabeq,
    tabeq.explain,
    tabeq.trust,
    tabeq.spider2,
    tabeq.testing,
    tabeq.arrow,
    tabeq.integrations,
    tabeq.integrations.trl,
    tabeq.integrations.verl,
    tabeq.integrations.verifiers,
    tabeq.integrations.lm_eval,
]

# Result types that only tabeq creates (no Python constructor): calling the class is Python's
# "cannot create instances" TypeError, as for any extension type without one.
RESULT_TYPES = {"PartialCredit", "Diagnosis", "Result", "ReliabilityReport", "RobustnessReport"}


def public_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    for module in MODULES:
        for name in getattr(module, "__all__", dir(module)):
            value = getattr(module, name, None)
            if name.startswith("_") or not (inspect.isroutine(value) or inspect.isclass(value)):
                continue
            if inspect.isclass(value) and (issubclass(value, BaseException) or is_typeddict(value)):
                continue
            if name in RESULT_TYPES:
                continue
            yield f"{module.__name__}.{name}", value


def required_positional(function: Callable[..., Any]) -> int:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return 1
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(p.default is p.empty and p.kind in kinds for p in parameters)


def optional_keywords(function: Callable[..., Any]) -> list[str]:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters if p.default is not p.empty and p.kind is not p.VAR_KEYWORD]


def positional_calls(function: Callable[..., Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every required positional argument hostile."""
    count = required_positional(function)
    for value in HOSTILE:
        if count:
            yield (value,) * count, {}


def keyword_calls(function: Callable[..., Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Each optional keyword hostile in turn (the positional arguments hostile too)."""
    count = required_positional(function)
    for value in HOSTILE:
        for keyword in optional_keywords(function):
            yield (value,) * count, {keyword: value}


# Options whose native signature is typed (`bool`, `str`) take the binding's `Flag`/`Text`
# (bindings-py/src/args.rs), so a wrong type is `ArgumentError`, never pyo3's bare TypeError;
# the trust entry points check paths and JSON through the same layer (issue 38, item 7).


def coded_or_none(call: Callable[[], Any]) -> str | None:
    """None when the call returns or raises a coded tabeq error; else what it raised."""
    try:
        call()
    except tabeq.TabeqError as error:
        code = getattr(error, "code", None)
        return None if code in tabeq.error_codes() else f"TabeqError without a catalogued code: {code!r}"
    except BaseException as error:  # noqa: BLE001 - the point is to see every kind
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return f"{type(error).__module__}.{type(error).__name__}: {str(error)[:120]}"
    return None


CALLABLES = sorted(public_callables())


def hostile_failures(function: Callable[..., Any], calls: Any) -> list[tuple[str, str, str]]:
    failures = []
    for args, kwargs in calls(function):
        failure = coded_or_none(lambda: function(*args, **kwargs))
        if failure:
            failures.append((repr_safe(args), repr_safe(kwargs), failure))
    return failures


@pytest.mark.parametrize("name,function", CALLABLES, ids=[n for n, _ in CALLABLES])
def test_every_error_of_the_public_api_is_coded(
    name: str, function: Callable[..., Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a hostile str is a relative path: nothing outside is read
    failures = hostile_failures(function, positional_calls)
    assert not failures, failures[:5]


@pytest.mark.parametrize("name,function", CALLABLES, ids=[n for n, _ in CALLABLES])
def test_every_error_of_a_hostile_option_is_coded(
    name: str, function: Callable[..., Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    failures = hostile_failures(function, keyword_calls)
    assert not failures, failures[:5]


def test_adapter_reward_functions_take_hostile_batches() -> None:
    # The functions the adapters build, called as their harness calls them, with hostile items.
    trl = tabeq.integrations.trl.reward_function()
    verifiers = tabeq.integrations.verifiers.reward_function()
    lm_eval = tabeq.integrations.lm_eval.make_process_results(dense=True)
    failures = []
    for value in HOSTILE:
        for call in (
            lambda: trl(prompts=[value], completions=value, gold=value, config=value),
            lambda: trl(prompts=[value], completions=[value], gold=[value], config=[value]),
            lambda: verifiers(completion=value, answer=value, info={"tabeq_config": value}),
            lambda: lm_eval(value, value),
            lambda: lm_eval({"gold": value, "config": value}, [value]),
            lambda: tabeq.integrations.verl.compute_score(value, value, value, value),
        ):
            failure = coded_or_none(call)
            if failure:
                failures.append((repr_safe(value), failure))
    assert not failures, failures[:5]


def test_gold_methods_take_hostile_batches() -> None:
    gold = tabeq.Gold(b"n\n3\n", tabeq.TaskConfig([tabeq.number("n", integer=True)]))
    failures = []
    for value in HOSTILE:
        for method in (gold.evaluate, gold.evaluate_many, gold.scores, gold.partial_credit, gold.rewards):
            for call in (lambda: method(value), lambda: method([value, b"x\n3\n"])):
                failure = coded_or_none(call)
                if failure:
                    failures.append((method.__name__, repr_safe(value), failure))
        failure = coded_or_none(lambda: gold.scores([b"x\n3\n"], threads=value))
        if failure:
            failures.append(("threads", repr_safe(value), failure))
    assert not failures, failures[:5]

    # A sequence claiming sys.maxsize items is iterated, not allocated for (it panicked).
    class HugeTexts(HugeLen):
        def __getitem__(self, index: int) -> str:  # type: ignore[override]
            return "```csv\nx\n3\n```" if index < 2 else HugeLen.__getitem__(self, index).decode()

    assert gold.rewards(HugeTexts()) == [1.0, 1.0]
    assert gold.scores(HugeLen()) == [0.0, 0.0]


def repr_safe(value: Any) -> str:
    try:
        return repr(value)[:60]
    except Exception:  # noqa: BLE001 - RaisingStr
        return f"<{type(value).__name__}>"
