"""Every ``>>>`` example in the package's docstrings runs and prints what it shows.

The ``python`` blocks of README.md and docs/*.md run elsewhere (test_docs.py, test_explain.py,
test_integrations.py, test_trust.py); this covers the docstrings of every module of ``tabeq``.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest
import tabeq

# The harness adapters import their harness at module level; the ones not installed here are
# skipped by name (test_integrations.py checks which harnesses are installed).
OPTIONAL = {"tabeq.integrations.inspect_ai", "tabeq.integrations.verifiers"}


def modules() -> list[str]:
    names = ["tabeq"] + [m.name for m in pkgutil.walk_packages(tabeq.__path__, "tabeq.")]
    return sorted(n for n in names if n != "tabeq._tabeq")


def load(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError:
        if name in OPTIONAL:
            pytest.skip(f"{name} needs its harness installed")
        raise


@pytest.mark.parametrize("name", modules())
def test_docstring_examples_run(name: str) -> None:
    module = load(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} of {runner.tries} examples in {name} failed"


def test_the_runner_sees_the_examples() -> None:
    # A finder that found nothing would pass every module above.
    finder = doctest.DocTestFinder(exclude_empty=True)
    found = {
        name: sum(len(t.examples) for t in finder.find(importlib.import_module(name), name))
        for name in ("tabeq", "tabeq.explain", "tabeq.testing", "tabeq.trust", "tabeq._gold")
    }
    assert all(count > 0 for count in found.values()), found
