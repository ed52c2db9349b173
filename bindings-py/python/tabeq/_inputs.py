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

import os
from collections.abc import Sequence
from typing import Any, Protocol, Union

from . import _tabeq


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


# The checks and conversions are native: the native layer takes the user's values as they are.
to_source = _tabeq.to_source
rows_to_csv_bytes = _tabeq.rows_to_csv_bytes
check_text = _tabeq.check_text
check_count = _tabeq.check_count
check_path = _tabeq.check_path
