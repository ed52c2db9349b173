"""Exceptions raised by tabeq. Every one carries a stable snake_case ``code``."""

from __future__ import annotations

from typing import Optional

__all__ = ["TabeqError", "FatalError", "ConfigError", "GoldError", "SuiteError", "CellError"]


class TabeqError(ValueError):
    """Base class of tabeq's errors; ``code`` is a stable identifier from ``tabeq.error_codes()``."""

    code: str

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), self.args_for_pickle())

    def args_for_pickle(self) -> tuple[object, ...]:
        return (self.message, self.code)


class FatalError(TabeqError):
    """A trusted input (config, gold, suite layout) is broken: nothing can be scored.

    ``stage`` is ``"config"``, ``"gold"`` or ``"suite"``; ``task_id`` names the task when known.
    """

    stage: str = "suite"

    def __init__(self, message: str, code: str, task_id: Optional[str] = None) -> None:
        super().__init__(message, code)
        self.task_id = task_id

    def args_for_pickle(self) -> tuple[object, ...]:
        return (self.message, self.code, self.task_id)


class ConfigError(FatalError):
    """The task config is invalid (or its file name does not match its task id)."""

    stage = "config"


class GoldError(FatalError):
    """The gold CSV is missing, malformed, or has a cell that does not read under its rule."""

    stage = "gold"


class SuiteError(FatalError):
    """The suite layout is wrong (missing directory, no configs, duplicate or bad names)."""

    stage = "suite"


class CellError(TabeqError):
    """A single value does not read under a column rule (from ``tabeq.canonicalize``)."""
