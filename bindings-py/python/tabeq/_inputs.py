"""Turning the tables users have (paths, bytes, DataFrames, rows) into what tabeq scores.

tabeq scores CSV files, exactly as the official pipeline does, so every input becomes the
bytes of a CSV file (or a path the native layer reads):

* ``bytes``/``bytearray``/``memoryview``: the file's bytes, as they are;
* ``str`` or ``os.PathLike``: a path, read with the official checks (a missing prediction
  file is ``missing_prediction``; a directory or symbolic link is ``invalid_prediction_csv``;
  a missing gold file raises ``GoldError``);
* a pandas DataFrame: ``df.to_csv(index=False)``, what an agent's ``df.to_csv(path,
  index=False)`` writes;
* a polars DataFrame: ``df.write_csv()``;
* a list of rows, header first: written with ``csv.writer`` (``None`` is an empty cell, other
  values ``str()``).

pandas and polars are never imported here: a DataFrame is recognised by its type's module.
"""

from __future__ import annotations

import csv
import io
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any, Optional, Protocol, Union, cast

from ._errors import ArgumentError


class PandasFrameLike(Protocol):
    """A pandas DataFrame (anything with ``to_csv``), without importing pandas."""

    def to_csv(self, *args: Any, **kwargs: Any) -> Any: ...


class PolarsFrameLike(Protocol):
    """A polars DataFrame (anything with ``write_csv``), without importing polars."""

    def write_csv(self, *args: Any, **kwargs: Any) -> Any: ...


TableLike = Union[
    bytes,
    bytearray,
    memoryview,
    str,
    "os.PathLike[str]",
    Sequence[Sequence[Any]],
    PandasFrameLike,
    PolarsFrameLike,
]
"""Anything tabeq accepts where a table is expected."""

Source = Union[bytes, str]
"""What the native layer reads: CSV bytes or a file path."""

__all__ = [
    "TableLike",
    "PandasFrameLike",
    "PolarsFrameLike",
    "Source",
    "to_source",
    "rows_to_csv_bytes",
    "check_text",
    "check_count",
    "check_path",
]


def check_text(value: object, what: str) -> str:
    """``value`` as a ``str`` that is valid Unicode text (a lone surrogate cannot be UTF-8)."""
    if not isinstance(value, str):
        raise ArgumentError(f"{what} must be a str, got {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ArgumentError(
            f"{what} contains a lone surrogate U+{ord(value[exc.start]):04X} at index {exc.start}, "
            "which is not Unicode text"
        ) from None
    return value


def check_count(value: object, what: str, *, minimum: int, optional: bool = False) -> Optional[int]:
    """``value`` as an int in ``minimum..sys.maxsize`` (``None`` allowed when ``optional``)."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(f"{what} must be an int, got {type(value).__name__}")
    if not minimum <= value <= sys.maxsize:
        # A huge int cannot even be printed (Python's 4,300-digit limit): show its size instead.
        shown = str(value) if abs(value) < 10**30 else f"an int of {value.bit_length()} bits"
        raise ArgumentError(f"{what} must be between {minimum} and {sys.maxsize}, got {shown}")
    return value


def check_path(value: object, what: str) -> str:
    """A ``str`` or ``os.PathLike`` as a path the OS can take (no lone surrogate that the file
    system encoding cannot carry, no NUL)."""
    if not isinstance(value, (str, os.PathLike)):
        raise ArgumentError(f"{what} must be a path (str or os.PathLike), got {type(value).__name__}")
    path = os.fspath(value)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    try:
        os.fsencode(path)
    except UnicodeEncodeError as exc:
        raise ArgumentError(
            f"{what} contains U+{ord(path[exc.start]):04X} at index {exc.start}, which the file system "
            "encoding cannot represent"
        ) from None
    if "\0" in path:
        raise ArgumentError(f"{what} contains a NUL character")
    return path


def _is_pandas_frame(obj: object) -> bool:
    return type(obj).__module__.startswith("pandas") and hasattr(obj, "to_csv")


def _is_polars_frame(obj: object) -> bool:
    return type(obj).__module__.startswith("polars") and hasattr(obj, "write_csv")


def rows_to_csv_bytes(rows: Sequence[Sequence[Any]]) -> bytes:
    """Write rows (header first) with Python's ``csv.writer`` and ``\\n`` line ends.

    ``None`` becomes an empty cell; other values are written with ``str()`` (so ``True``,
    ``1.5``, ``nan``, ``2024-01-02 03:04:05``). A row with one empty cell is written ``""``,
    which reads back as one empty cell, not as a blank line.
    """
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    for index, row in enumerate(rows):
        if isinstance(row, (str, bytes, bytearray)) or not isinstance(row, Sequence):
            raise ArgumentError(
                f"row {index} is a {type(row).__name__}; a table given as rows is a list of "
                "lists (or tuples), header first"
            )
        writer.writerow(row)
    text = buffer.getvalue()
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        check_text(text, "a cell of the rows")  # raises ArgumentError, naming the surrogate
        raise


def _pandas_to_csv(frame: Any) -> bytes:
    names = list(getattr(frame.index, "names", []) or [])
    if any(name is not None for name in names):
        warnings.warn(
            f"the DataFrame's index {names} is dropped, as to_csv(index=False) drops it; "
            "call reset_index() first to score it as columns",
            UserWarning,
            stacklevel=4,
        )
    text: str = frame.to_csv(index=False)
    return text.encode("utf-8")


def to_source(table: object, *, role: str) -> Optional[Source]:
    """CSV bytes or a path for ``table``; ``None`` means "no prediction file".

    ``role`` is ``"prediction"`` (``None`` is allowed) or ``"gold"``.
    """
    if table is None:
        if role == "prediction":
            return None
        raise ArgumentError(f"the {role} table is required, got None")
    if isinstance(table, bytes):
        return table
    if isinstance(table, (bytearray, memoryview)):
        return bytes(table)
    if isinstance(table, str):
        if "\n" in table and not os.path.lexists(check_text(table, f"the {role}")):
            raise ArgumentError(
                f"the {role} is a str, which tabeq reads as a path, but it looks like CSV text; "
                "pass the CSV as bytes (text.encode()) instead"
            )
        return check_path(table, f"the {role} path")
    if isinstance(table, os.PathLike):
        return check_path(table, f"the {role} path")
    if _is_pandas_frame(table):
        return _pandas_to_csv(table)
    if _is_polars_frame(table):
        out: str = cast(PolarsFrameLike, table).write_csv()
        return out.encode("utf-8")
    if isinstance(table, Sequence):
        return rows_to_csv_bytes(table)
    raise ArgumentError(
        f"cannot use {type(table).__name__} as the {role}: pass CSV bytes, a path, a pandas or "
        "polars DataFrame, or a list of rows with the header first"
    )
