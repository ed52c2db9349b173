"""Assertions for test suites, in the style of ``pandas.testing``.

>>> import tabeq
>>> from tabeq.testing import assert_table_matches
>>> config = tabeq.TaskConfig([tabeq.text("city"), tabeq.number("n", integer=True)])
>>> assert_table_matches(b"n,city\\n3,Oslo\\n", b"city,n\\nOslo,3\\n", config)
<TaskResult task_1 passed mapping=[1, 0] (columns 2/2, rows 1/1)>
>>> try:
...     assert_table_matches(b"city,n\\nOslo,4\\n", b"city,n\\nOslo,3\\n", config)
... except AssertionError as error:
...     print(str(error).splitlines()[0])
task_1: failed (relation_mismatch)
"""

from __future__ import annotations

from typing import Optional

from . import ConfigLike, TaskResult, evaluate
from ._inputs import TableLike

__all__ = ["assert_table_matches"]


def assert_table_matches(
    prediction: Optional[TableLike],
    gold: TableLike,
    config: ConfigLike,
    *,
    max_items: int = 5,
) -> TaskResult:
    """Assert that ``prediction`` passes against ``gold`` under ``config`` (the official
    verdict of ``tabeq.evaluate``, same inputs). On failure raise ``AssertionError`` whose
    message is the diagnosis as ``tabeq check`` prints it (rendered by the core): the verdict and
    error code, the one-paragraph summary, the column mapping and the first differing rows.
    Returns the passing result. A broken gold or config raises ``GoldError``/``ConfigError``."""
    __tracebackhide__ = True  # pytest shows the caller's line, not this one
    result = evaluate(prediction, gold, config)
    if result.passed:
        return result
    raise AssertionError(result.explain(max_items=max_items).to_text())
