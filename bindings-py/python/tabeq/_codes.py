"""The stable error codes as ``Literal`` types, one per family, built from the core's
catalogue (``tabeq_trust::error_catalogue``) so the list lives in one place. Type checkers
read the same types from ``_codes.pyi``, which a test keeps equal to the catalogue."""

from __future__ import annotations

from typing import Any, Literal, Union

from . import _tabeq

CATALOGUE: list[dict[str, str]] = _tabeq.error_catalogue()
"""The core's catalogue, one ``{"code", "family", "stage", "description"}`` per code: the list
JavaScript's ``errorCodes()`` gives too."""


def _family(name: str) -> Any:
    return Literal[tuple(entry["code"] for entry in CATALOGUE if entry["family"] == name)]


TaskErrorCode = _family("task")
CsvErrorCode = _family("csv")
CellErrorCode = _family("cell")
FatalErrorCode = _family("fatal")
TrustErrorCode = _family("trust")
BindingErrorCode = _family("binding")
OutputErrorCode = _family("output")
SubmissionErrorCode = _family("submission")
Spider2ErrorCode = _family("spider2")
KddcupErrorCode = _family("kddcup")
SqlErrorCode = _family("sql")
ArgumentErrorCode = Literal["invalid_argument"]
ErrorCode = Union[
    TaskErrorCode,
    CsvErrorCode,
    CellErrorCode,
    FatalErrorCode,
    TrustErrorCode,
    BindingErrorCode,
    OutputErrorCode,
    SubmissionErrorCode,
    Spider2ErrorCode,
    KddcupErrorCode,
    SqlErrorCode,
]
ConfigWarningCode = Literal["unknown_config_key"]
