"""Exceptions raised by tabeq, and the stable error codes they carry.

Every exception has a ``code`` from ``tabeq.error_codes()``; the codes never change once
released, while the messages are for people and may. The codes' ``Literal`` types are in
``_codes``.
"""

from __future__ import annotations

from . import _codes, _tabeq


def error_codes() -> dict[str, str]:
    """``{code: family}`` of the core catalogue (see ``tabeq.error_codes``)."""
    return {entry["code"]: entry["family"] for entry in _codes.CATALOGUE}


# Defined by the native module, so that it raises them without importing this package.
TabeqError = _tabeq.TabeqError
FatalError = _tabeq.FatalError
ConfigError = _tabeq.ConfigError
GoldError = _tabeq.GoldError
SuiteError = _tabeq.SuiteError
CellError = _tabeq.CellError
CsvError = _tabeq.CsvError
ArgumentError = _tabeq.ArgumentError
SqlError = _tabeq.SqlError
OutputError = _tabeq.OutputError
ConfigWarning = _tabeq.ConfigWarning
