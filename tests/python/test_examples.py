"""Every ``>>>`` example in the package's docstrings runs and prints what it shows.

The ``python`` blocks of README.md and docs/*.md run elsewhere (test_docs.py, test_explain.py,
test_integrations.py, test_trust.py); this covers the docstrings of every module of ``tabeq``.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest
import tabeq

# Adapters that import their harness at module level: the harness is installed only for
# test_integrations.py (make test-integrations), which imports them. They hold no examples
# (test_harness_adapters_hold_no_examples), so leaving them out here loses none.
NEEDS_HARNESS = {"tabeq.integrations.inspect_ai"}
# Modules with examples that import a harness: run where it is installed (make test installs the
# integrations before the Python tests; a bare `make check` has none of them).
HARNESS_OF = {"tabeq.integrations.refusal_judge": "inspect_ai"}


def modules() -> list[str]:
    names = ["tabeq"] + [m.name for m in pkgutil.walk_packages(tabeq.__path__, "tabeq.")]
    return sorted(n for n in names if n != "tabeq._tabeq" and n not in NEEDS_HARNESS)


def load(name: str) -> ModuleType:
    return importlib.import_module(name)


def test_harness_adapters_hold_no_examples() -> None:
    package = Path(tabeq.__file__).parent
    for name in NEEDS_HARNESS:
        source = package.joinpath(*name.split(".")[1:]).with_suffix(".py")
        assert ">>>" not in source.read_text(encoding="utf-8"), (
            f"{name} has examples: run them with its harness"
        )


@pytest.mark.parametrize("name", modules())
def test_docstring_examples_run(name: str) -> None:
    if name in HARNESS_OF:
        pytest.importorskip(HARNESS_OF[name])
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
