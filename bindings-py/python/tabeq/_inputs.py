"""Turning the tables users have (paths, bytes, DataFrames, rows) into CSV bytes.

Every input ends up as the bytes of a CSV file, because that is what the official pipeline
scores: a DataFrame is written with ``to_csv(index=False)`` (pandas) or ``write_csv()``
(polars), exactly as an agent's code would have saved it.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from typing import Any, Optional, Union

TableLike = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]", Sequence[Sequence[Any]], Any]

__all__ = ["TableLike", "table_to_csv_bytes"]


def _is_pandas_frame(obj: Any) -> bool:
    module = type(obj).__module__
    return module.startswith("pandas") and hasattr(obj, "to_csv")


def _is_polars_frame(obj: Any) -> bool:
    module = type(obj).__module__
    return module.startswith("polars") and hasattr(obj, "write_csv")


def rows_to_csv_bytes(rows: Sequence[Sequence[Any]]) -> bytes:
    """Write rows (header first) with Python's csv writer; ``None`` becomes an empty cell."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    return buffer.getvalue().encode("utf-8")


def table_to_csv_bytes(table: Any, *, missing_ok: bool) -> Optional[bytes]:
    """Return CSV bytes for ``table``; ``None`` means "no prediction file".

    * ``bytes``/``bytearray``/``memoryview``: the file's bytes as they are;
    * ``str`` or ``os.PathLike``: a path; a path that does not exist is a missing prediction
      (when ``missing_ok``), otherwise ``FileNotFoundError``;
    * a pandas DataFrame: ``df.to_csv(index=False)`` (NaN/None as empty cells, floats with
      ``repr`` precision, datetimes as ``YYYY-MM-DD HH:MM:SS``, booleans as ``True``/``False``);
    * a polars DataFrame: ``df.write_csv()`` (nulls as empty cells, datetimes ISO 8601 with ``T``,
      booleans as ``true``/``false``);
    * a list of rows, header first: written with ``csv.writer`` (``None`` as an empty cell,
      other values with ``str()``).
    """
    if table is None:
        if missing_ok:
            return None
        raise TypeError("a table is required here, got None")
    if isinstance(table, (bytes, bytearray, memoryview)):
        return bytes(table)
    if isinstance(table, (str, os.PathLike)):
        path = os.fspath(table)
        if not os.path.exists(path):
            if missing_ok:
                return None
            raise FileNotFoundError(path)
        with open(path, "rb") as handle:
            return handle.read()
    if _is_pandas_frame(table):
        text: str = table.to_csv(index=False)
        return text.encode("utf-8")
    if _is_polars_frame(table):
        out: str = table.write_csv()
        return out.encode("utf-8")
    if isinstance(table, Sequence):
        return rows_to_csv_bytes(table)
    raise TypeError(
        f"cannot use {type(table).__name__} as a table: pass CSV bytes, a path, a pandas or polars "
        "DataFrame, or a list of rows with the header first"
    )
