"""tabeq: the exact, fast evaluator for tabular answers of LLM data agents.

>>> import tabeq
>>> config = tabeq.TaskConfig(columns=[tabeq.text("region"), tabeq.number("gdp", decimal_places=1)])
>>> result = tabeq.evaluate(b"Region,GDP\\nNorth,1.25\\n", b"region,gdp\\nNorth,1.3\\n", config)
>>> result.passed, result.column_mapping
(True, [0, 1])
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Optional, Union

from . import _codes, _errors, _tabeq
from ._codes import (
    ArgumentErrorCode,
    BindingErrorCode,
    CellErrorCode,
    ConfigWarningCode,
    CsvErrorCode,
    ErrorCode,
    FatalErrorCode,
    KddcupErrorCode,
    OutputErrorCode,
    Spider2ErrorCode,
    SqlErrorCode,
    SubmissionErrorCode,
    TaskErrorCode,
    TrustErrorCode,
)
from ._errors import (
    ArgumentError,
    CellError,
    ConfigError,
    ConfigWarning,
    CsvError,
    FatalError,
    GoldError,
    OutputError,
    SqlError,
    SuiteError,
    TabeqError,
)
from ._inputs import TableLike

__version__: str = _tabeq.__version__

__all__ = [
    "__version__",
    "TabeqError",
    "FatalError",
    "ConfigError",
    "GoldError",
    "SuiteError",
    "CellError",
    "CsvError",
    "ArgumentError",
    "SqlError",
    "OutputError",
    "ConfigWarning",
    "ErrorCode",
    "ArgumentErrorCode",
    "BindingErrorCode",
    "TrustErrorCode",
    "OutputErrorCode",
    "SubmissionErrorCode",
    "Spider2ErrorCode",
    "KddcupErrorCode",
    "SqlErrorCode",
    "ConfigWarningCode",
    "TaskErrorCode",
    "CsvErrorCode",
    "CellErrorCode",
    "FatalErrorCode",
    "TaskConfig",
    "TaskResult",
    "SuiteResult",
    "ConfigLike",
    "TableLike",
    "Column",
    "text",
    "number",
    "date",
    "datetime",
    "boolean",
    "load_config",
    "evaluate",
    "evaluate_many",
    "evaluate_suite",
    "canonicalize",
    "read_table",
    "error_codes",
    "Gold",
    "PartialCredit",
    "validate",
    "check_predictions",
    "extract_table",
    "profiles",
    "score",
]

Column = dict[str, Any]
"""A column object of a config (``{"gold_name": ..., "type": ..., ...}``)."""


def text(name: str) -> Column:
    """A text column: compared exactly after newline folding, strip and NFC."""
    return {"gold_name": name, "type": "text"}


def number(
    name: str,
    *,
    decimal_places: Optional[int] = None,
    significant_digits: Optional[int] = None,
    integer: bool = False,
    unit: str = "plain",
    allow_percent_sign: bool = False,
) -> Column:
    """A number column. Give exactly one of ``decimal_places``, ``significant_digits`` or ``integer=True``.

    ``unit`` is ``"plain"``, ``"percentage_points"`` or ``"fraction"`` (``12%`` reads as 0.12).
    """
    if not isinstance(integer, bool):
        raise ArgumentError(
            _tabeq.message("wrong_type", what="integer", expected="a bool", got=type(integer).__name__)
        )
    modes = [decimal_places is not None, significant_digits is not None, integer]
    if sum(modes) != 1:
        choices = ["decimal_places=", "significant_digits=", "integer=True"]
        raise ArgumentError(_tabeq.message("exactly_one_of", choices=choices))
    if integer:
        comparison: dict[str, Any] = {"mode": "integer"}
    elif decimal_places is not None:
        comparison = {"mode": "decimal_places", "digits": decimal_places}
    else:
        comparison = {"mode": "significant_digits", "digits": significant_digits}
    column: Column = {"gold_name": name, "type": "number", "comparison": comparison, "unit": unit}
    if allow_percent_sign:
        column["allow_percent_sign"] = True
    return column


def date(name: str) -> Column:
    """A date column (ISO 8601; midnight datetimes are accepted)."""
    return {"gold_name": name, "type": "date"}


def datetime(name: str) -> Column:
    """A datetime column (ISO 8601; aware values are compared in UTC)."""
    return {"gold_name": name, "type": "datetime"}


def boolean(name: str) -> Column:
    """A boolean column (1/true/yes/y/是 and 0/false/no/n/否, any case)."""
    return {"gold_name": name, "type": "boolean"}


TaskConfig = _tabeq.TaskConfig

ConfigLike = Union[TaskConfig, Mapping[str, Any], str, bytes, "os.PathLike[str]"]
"""A config: a ``TaskConfig``, a dict, JSON text (``str`` starting with ``{`` or ``bytes``) or a path."""

# The native layer takes the user's values as they are (tables, config forms) and checks them.
load_config = _tabeq.load_config
_as_config = _tabeq.as_config
TaskResult = _tabeq.TaskResult
SuiteResult = _tabeq.SuiteResult

ERROR_DESCRIPTIONS: dict[str, str] = {
    entry["code"]: entry["description"] for entry in _codes.CATALOGUE if entry["family"] == "task"
}
"""The per-task error codes in words (the core catalogue's descriptions)."""

evaluate = _tabeq.evaluate
evaluate_many = _tabeq.evaluate_many
evaluate_suite = _tabeq.evaluate_suite
canonicalize = _tabeq.canonicalize
read_table = _tabeq.read_table


def error_codes() -> dict[str, str]:
    """The stable error-code catalogue: ``{code: family}``, families ``task`` (a task's
    ``error_code``), ``csv`` (``CsvError``, ``csv_error_code``), ``cell`` (``CellError``) and
    ``fatal`` (``ConfigError``, ``GoldError``, ``SuiteError``), and the Python package's own
    ``argument`` (``ArgumentError``) and ``output`` (``OutputError``)."""
    return _errors.error_codes()


def profiles() -> list[dict[str, Any]]:
    """The scoring profiles tabeq reproduces, in order: the core's one registry (the command line's
    ``tabeq profiles`` and the WebAssembly ``profiles()`` list the same). Each is a dict with
    ``name``, ``title``, ``summary``, ``spec``, ``prediction`` and ``gold`` (``"csv"`` or
    ``"rows_json"``), ``options``, ``max_input_bytes`` and ``wasm_module``.

    >>> [p["name"] for p in profiles()]  # doctest: +NORMALIZE_WHITESPACE
    ['dataspace', 'spider2-lite', 'spider2-snow', 'kddcup-phase1', 'spider-result-eq', 'bird-ex',
     'bird-soft-f1']
    """
    return _tabeq.profiles()


def score(
    prediction: Union[str, bytes], gold: Union[str, bytes], *, profile: str = "dataspace", **options: Any
) -> dict[str, Any]:
    """Score one prediction against its gold under ``profile`` (a name from :func:`profiles`; the
    default is ``"dataspace"``, the evaluator of :func:`evaluate`), as
    that profile's official scorer does. ``prediction`` and ``gold`` are the content (CSV, or a
    query result as JSON rows for the SQL profiles), as ``str`` or ``bytes``; ``options`` are the
    profile's own (``config`` for ``dataspace``: the config's JSON text). Returns a dict with
    ``profile``, ``passed``, ``score`` and the profile's own ``document``; a bad option or a broken
    trusted input raises the coded error (``ArgumentError``, ``ConfigError``, ...).

    >>> score("[[1, 2]]", "[[1, 3]]", profile="bird-soft-f1")["score"]
    0.5
    """
    return _tabeq.score_profile(profile, prediction, gold, options)


# One gold against many predictions, the gold-less check and table extraction (they use the
# names above, so they are imported last).
from ._gold import Gold, PartialCredit, check_predictions, extract_table, validate  # noqa: E402

if TYPE_CHECKING:
    # At run time `tabeq.explain` is the submodule, whose class makes it callable; type
    # checkers see that class (calling it, and its `tabeq.explain.NAME` attributes).
    from .explain import ExplainModule as _ExplainModule

    explain: _ExplainModule


def __getattr__(name: str) -> Any:
    # `tabeq.trust`, `tabeq.explain`, `tabeq.testing` and `tabeq.integrations` are submodules
    # imported on first use, so that `import tabeq` stays fast for reward loops that only call
    # `evaluate`.
    if name in ("trust", "explain", "testing", "integrations"):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
