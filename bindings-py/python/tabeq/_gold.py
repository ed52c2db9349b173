"""One gold against many predictions (``Gold``), the gold-less check (``validate``) and the
answer table in model text (``extract_table``). See ``docs/integrations.md``."""

from __future__ import annotations

from typing import Optional

from . import _tabeq

__all__ = ["Gold", "PartialCredit", "validate", "extract_table"]

PartialCredit = _tabeq.PartialCredit
"""Graded credit of one prediction (``Gold.partial_credit``): ``row_precision``, ``row_recall``,
``row_f1``, ``column_precision``, ``column_recall``, ``signature_score``, ``signature_status``;
``to_dict()`` is the ``partial_credit`` dict of ``tabeq.explain.explain``."""


Gold = _tabeq.Gold


validate = _tabeq.validate


def extract_table(text: str) -> Optional[bytes]:
    """The answer table in a model's output, as CSV bytes, or ``None`` when there is none
    (``None`` scores as ``missing_prediction``). Tried in order, the last match of the first
    kind found wins: a fenced ```` ```csv ```` block; a Markdown pipe table (rewritten as
    CSV); an unlabelled fenced block that reads as CSV; the whole text, when it reads as CSV
    with a header and a data row.

    >>> import tabeq
    >>> tabeq.extract_table("Here you go:\\n\\n| city | n |\\n|---|---|\\n| Oslo | 3 |\\n")
    b'city,n\\nOslo,3\\n'
    >>> tabeq.extract_table("I do not know.") is None
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"extract_table takes the model's text (str), got {type(text).__name__}")
    csv, _source = _tabeq.extract_table(text)
    return csv
