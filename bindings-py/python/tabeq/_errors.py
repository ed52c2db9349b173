"""Exceptions raised by tabeq, and the stable error codes they carry.

Every exception has a ``code`` from ``tabeq.error_codes()``; the codes never change once
released, while the messages are for people and may. The codes' ``Literal`` types are in
``_codes``.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, cast

from . import _codes


def error_codes() -> dict[str, str]:
    """``{code: family}`` of the core catalogue (see ``tabeq.error_codes``)."""
    return {entry["code"]: entry["family"] for entry in _codes.CATALOGUE}


class TabeqError(ValueError):
    """Base class of tabeq's errors; ``code`` is a stable identifier from ``tabeq.error_codes()``."""

    code: _codes.ErrorCode

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        # The native layer only raises catalogue codes; a test checks the catalogue.
        self.code = cast("_codes.ErrorCode", code)

    def __reduce__(self) -> tuple[type[TabeqError], tuple[object, ...]]:
        return (type(self), self._pickle_args())

    def _pickle_args(self) -> tuple[object, ...]:
        return (self.message, self.code)


class FatalError(TabeqError):
    """A trusted input (config, gold, suite layout) is broken: nothing can be scored.

    ``stage`` is ``"config"``, ``"gold"`` or ``"suite"``; ``task_id`` names the task when known.
    """

    code: _codes.FatalErrorCode
    stage: str = "suite"

    def __init__(self, message: str, code: str, task_id: Optional[str] = None) -> None:
        super().__init__(message, code)
        self.task_id = task_id

    def _pickle_args(self) -> tuple[object, ...]:
        return (self.message, self.code, self.task_id)


class ConfigError(FatalError):
    """The task config is invalid (or its file name does not match its task id): ``config_*``."""

    stage = "config"


class GoldError(FatalError):
    """The gold CSV is missing, malformed, or has a cell that does not read under its rule: ``gold_*``."""

    stage = "gold"


class SuiteError(FatalError):
    """The suite layout is wrong (missing directory, no configs, duplicate or bad names): ``suite_*``."""

    stage = "suite"


class CellError(TabeqError):
    """A single value does not read under a column rule (from ``tabeq.canonicalize``): ``cell_*``."""

    code: _codes.CellErrorCode


class CsvError(TabeqError):
    """Bytes that are not a strict CSV within the limits (from ``tabeq.read_table``): ``csv_*``."""

    code: _codes.CsvErrorCode


class ArgumentError(TabeqError, TypeError):
    """An API call got an argument it cannot use: a wrong type, a value out of range (``threads=-1``,
    an int too large), a ``str`` with a lone surrogate (not UTF-8), a record missing fields:
    ``invalid_argument``. It is both a ``TypeError`` and a ``ValueError``, the exceptions such calls
    raised before it existed."""

    code: _codes.ArgumentErrorCode

    def __init__(self, message: str, code: str = "invalid_argument") -> None:
        super().__init__(message, code)


class OutputError(TabeqError):
    """The summary cannot be written where asked (``tabeq evaluate --output``): something other
    than a regular file is there (``output_not_a_regular_file``), or the write failed
    (``output_write_failed``)."""

    code: _codes.OutputErrorCode


class ConfigWarning(NamedTuple):
    """A config key that the official evaluator ignores, and so tabeq ignores too (exactness),
    reported because a typo silently changes a task's rule."""

    code: _codes.ConfigWarningCode
    """``unknown_config_key``."""
    message: str
    """E.g. "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?"."""
    key: str
    """The key as written."""
    column: Optional[int]
    """The column it is in (None at the top level)."""
    suggestion: Optional[str]
    """The known key it most likely meant."""
