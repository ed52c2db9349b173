"""Exceptions raised by tabeq, and the stable error codes they carry.

Every exception has a ``code`` from ``tabeq.error_codes()``; the codes never change once
released, while the messages are for people and may. The ``Literal`` types below are the
catalogue as a type checker sees it (a test keeps them equal to the native catalogue).
"""

from __future__ import annotations

import json
from typing import Literal, NamedTuple, Optional, Union, cast

from . import _tabeq

TaskErrorCode = Literal[
    "missing_prediction",
    "invalid_prediction_csv",
    "column_count_mismatch",
    "row_count_mismatch",
    "type_normalization_failed",
    "relation_mismatch",
    "search_limit_exceeded",
]
"""Why a task failed: ``TaskResult.error_code`` (the official evaluator's codes, plus tabeq's
``search_limit_exceeded``: the column search ran out of budget without a verdict)."""

CsvErrorCode = Literal[
    "csv_invalid_utf8",
    "csv_too_large",
    "csv_too_many_rows",
    "csv_too_many_columns",
    "csv_cell_too_large",
    "csv_nul_character",
    "csv_empty",
    "csv_zero_columns",
    "csv_non_rectangular",
    "csv_unexpected_after_quote",
    "csv_unterminated_quote",
    "csv_not_a_regular_file",
]
"""What is wrong with a CSV: ``CsvError.code`` and ``TaskResult.csv_error_code``."""

CellErrorCode = Literal[
    "cell_invalid_number",
    "cell_percent_not_allowed",
    "cell_invalid_thousands_separators",
    "cell_not_an_integer",
    "cell_number_out_of_range",
    "cell_invalid_datetime",
    "cell_not_midnight",
    "cell_datetime_out_of_range",
    "cell_invalid_boolean",
]
"""Why one value does not read under a column rule: ``CellError.code``."""

FatalErrorCode = Literal[
    "config_invalid_json",
    "config_unsupported_schema",
    "config_invalid_task_id",
    "config_task_id_mismatch",
    "config_invalid",
    "gold_missing",
    "gold_invalid_csv",
    "gold_column_count_mismatch",
    "gold_cell_invalid",
    "suite_missing_directory",
    "suite_no_configs",
    "suite_duplicate_task_id",
    "suite_invalid_config_name",
]
"""Why nothing could be scored: ``FatalError.code`` (``config_*``, ``gold_*``, ``suite_*``)."""

TrustErrorCode = Literal[
    "invalid_json",
    "not_an_object",
    "missing_field",
    "invalid_field",
    "unknown_operator",
    "unknown_label",
    "invalid_correct",
    "duplicate_id",
    "orphan_perturbation",
    "mixed_tracks",
    "no_records",
    "invalid_options",
    "invalid_operator_registration",
    "invalid_utf8",
    "invalid_spearman_input",
    "manifest_file_missing",
    "manifest_config_invalid",
    "manifest_gold_invalid",
    "io_error",
    "unequal_instance_counts",
    "duplicate_across_operators",
    "near_duplicate_names",
    "missing_originals",
    "all_questions_perturbed",
    "incomplete_average",
    "unpaired_spearman_keys",
    "missing_expected_instance",
    "unexpected_instance",
    "missing_group_field",
]
"""Why trust-metric input was rejected: ``TrustError.code``."""

BindingErrorCode = Literal[
    "invalid_argument",
    "suite_incomplete",
    "unknown_task",
    "internal_error",
    "lone_surrogate",
    "freed_object",
]
"""Errors a binding raises about its arguments or its own state. Python raises
``invalid_argument``; the others are JavaScript's (a suite summary asked for too early, an
unknown task, a lone surrogate, a freed object, an internal error)."""

ArgumentErrorCode = Literal["invalid_argument"]
"""A Python API call with an argument of the wrong type or value: ``ArgumentError.code``."""

OutputErrorCode = Literal["output_not_a_regular_file", "output_write_failed"]
"""Why the CLI cannot write the summary: ``OutputError.code``."""

ErrorCode = Union[
    TaskErrorCode,
    CsvErrorCode,
    CellErrorCode,
    FatalErrorCode,
    TrustErrorCode,
    BindingErrorCode,
    OutputErrorCode,
]
"""Every stable code."""

CATALOGUE: list[dict[str, str]] = json.loads(_tabeq.error_catalogue_json())
"""The core's catalogue (``tabeq::error::error_catalogue``), one ``{"code", "family",
"description"}`` per code: the list JavaScript's ``errorCodes()`` gives too."""


def error_codes() -> dict[str, str]:
    """``{code: family}`` of the core catalogue (see ``tabeq.error_codes``)."""
    return {entry["code"]: entry["family"] for entry in CATALOGUE}


ConfigWarningCode = Literal["unknown_config_key"]
"""What a ``ConfigWarning`` is about (warnings never change a result)."""


class TabeqError(ValueError):
    """Base class of tabeq's errors; ``code`` is a stable identifier from ``tabeq.error_codes()``."""

    code: ErrorCode

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        # The native layer only raises catalogue codes; a test checks the catalogue.
        self.code = cast("ErrorCode", code)

    def __reduce__(self) -> tuple[type[TabeqError], tuple[object, ...]]:
        return (type(self), self._pickle_args())

    def _pickle_args(self) -> tuple[object, ...]:
        return (self.message, self.code)


class FatalError(TabeqError):
    """A trusted input (config, gold, suite layout) is broken: nothing can be scored.

    ``stage`` is ``"config"``, ``"gold"`` or ``"suite"``; ``task_id`` names the task when known.
    """

    code: FatalErrorCode
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

    code: CellErrorCode


class CsvError(TabeqError):
    """Bytes that are not a strict CSV within the limits (from ``tabeq.read_table``): ``csv_*``."""

    code: CsvErrorCode


class ArgumentError(TabeqError, TypeError):
    """An API call got an argument it cannot use: a wrong type, a value out of range (``threads=-1``,
    an int too large), a ``str`` with a lone surrogate (not UTF-8), a record missing fields:
    ``invalid_argument``. It is both a ``TypeError`` and a ``ValueError``, the exceptions such calls
    raised before it existed."""

    code: ArgumentErrorCode

    def __init__(self, message: str, code: str = "invalid_argument") -> None:
        super().__init__(message, code)


class OutputError(TabeqError):
    """The summary cannot be written where asked (``tabeq evaluate --output``): something other
    than a regular file is there (``output_not_a_regular_file``), or the write failed
    (``output_write_failed``)."""

    code: OutputErrorCode


class ConfigWarning(NamedTuple):
    """A config key that the official evaluator ignores, and so tabeq ignores too (exactness),
    reported because a typo silently changes a task's rule."""

    code: ConfigWarningCode
    """``unknown_config_key``."""
    message: str
    """E.g. "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?"."""
    key: str
    """The key as written."""
    column: Optional[int]
    """The column it is in (None at the top level)."""
    suggestion: Optional[str]
    """The known key it most likely meant."""
