"""One gold against many predictions (``Gold``), the gold-less check (``validate``), the check
of a whole predictions folder (``check_predictions``) and the answer table in model text
(``extract_table``). See ``docs/integrations.md``."""

from __future__ import annotations

import os
from typing import Any, Optional, Union

from . import _tabeq
from ._errors import ArgumentError

__all__ = ["Gold", "PartialCredit", "validate", "check_predictions", "extract_table"]

PartialCredit = _tabeq.PartialCredit
"""Graded credit of one prediction (``Gold.partial_credit``): ``row_precision``, ``row_recall``,
``row_f1``, ``column_precision``, ``column_recall``, ``signature_score``, ``signature_status``;
``to_dict()`` is the ``partial_credit`` dict of ``tabeq.explain.explain``."""


Gold = _tabeq.Gold


validate = _tabeq.validate


def check_predictions(
    prediction_root: Union[str, os.PathLike[str]],
    config_root: Union[str, os.PathLike[str], None] = None,
    task_list: Union[str, os.PathLike[str], None] = None,
) -> dict[str, Any]:
    """Check a predictions folder before uploading it, with nothing but the folder: each task's
    ``prediction.csv`` against the released CSV contract (UTF-8, header, rectangular, limits, no
    NUL), the folder and file names (near misses such as ``Prediction.csv`` are named), and the
    expected tasks: the configs of ``config_root`` (whose column rules are also checked), else
    ``task_list`` (a file of task ids, one per line, or a folder of task folders such as the
    release's ``input/``), else the task folders found. The report of ``tabeq validate
    --prediction-root`` and of the page, parsed from the core's JSON: every CSV problem has its
    ``position`` (line, column, byte) and ``what_to_do``.

    Raises ``SuiteError`` when ``prediction_root`` is not a folder, ``ConfigError`` for a broken
    config, ``ArgumentError`` (``task_list_invalid``) for a task list line that is not a task id.
    """
    # Checked natively: a wrong type, a lone surrogate or a raising __fspath__ is an ArgumentError.
    report, _ready = _tabeq.check_predictions_folder(
        _tabeq.check_path(prediction_root, "prediction_root"),
        None if config_root is None else _tabeq.check_path(config_root, "config_root"),
        None if task_list is None else _tabeq.check_path(task_list, "task_list"),
    )
    return report


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
        expected, got = "the model's text (str)", type(text).__name__
        raise ArgumentError(_tabeq.message("takes_type", what="extract_table", expected=expected, got=got))
    csv, _source = _tabeq.extract_table(text)
    return csv
