"""Text-to-SQL result scoring: the Spider 1.0 test-suite ``result_eq``, BIRD mini-dev's EX
(``calculate_ex``) and Soft-F1 (``calculate_f1_score``), exactly, on results as a DB-API cursor
returns them (lists of tuples; pandas, polars and Arrow tables too), decided without the
official's column-permutation search. The rules are in ``docs/spec/sql.md``.

>>> from tabeq import sql
>>> sql.result_eq([(1.0, 10)], [(10.0, 1)], order_matters=False)  # the official's quirk
False
>>> sql.result_eq([(1.0, 2)], [(2.0, 1)], order_matters=False)
True
>>> sql.bird_ex([(1,), (1,)], [(1.0,)]), sql.bird_soft_f1([], [(1,)])
(1, 0)
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable, Sequence
from typing import Any

from ._errors import ArgumentError
from ._tabeq import MAX_SQL_ROWS, message, sql_bird_ex, sql_bird_soft_f1, sql_result_eq

__all__ = ["Gold", "bird_ex", "bird_soft_f1", "execution_match", "explain_result_eq", "result_eq"]

Rows = Iterable[Sequence[Any]]


def _rows(table: Any) -> Any:
    """Lists of tuples pass through; pandas, polars and Arrow tables become their rows."""
    if hasattr(table, "itertuples"):  # pandas
        return list(table.itertuples(index=False, name=None))
    if hasattr(table, "iter_rows"):  # polars
        return list(table.iter_rows())
    if hasattr(table, "columns") and hasattr(table, "num_rows"):  # pyarrow.Table
        return list(zip(*[column.to_pylist() for column in table.columns])) if table.num_columns else []
    return table


def result_eq(result1: Rows, result2: Rows, order_matters: bool) -> bool:
    """The official ``result_eq(result1, result2, order_matters)`` (``result1`` is the gold)."""
    return sql_result_eq(_rows(result1), _rows(result2), order_matters)[0]


def explain_result_eq(result1: Rows, result2: Rows, order_matters: bool) -> dict[str, Any]:
    """``result_eq``'s verdict with its reason: ``both_empty``, ``row_count_differs``,
    ``column_count_differs``, ``quick_rejected`` (with ``permutation_matches``: the soundness
    warning that a column permutation does match), ``no_permutation`` (with the
    ``unmatched_column`` of ``result1``), or ``match`` (with the ``permutation``)."""
    equal, reason, detail = sql_result_eq(_rows(result1), _rows(result2), order_matters)
    return {"equal": equal, "reason": reason, **detail}


def bird_ex(predicted: Rows, ground_truth: Rows) -> int:
    """BIRD's ``calculate_ex``: 1 if ``set(predicted) == set(ground_truth)``, else 0."""
    return sql_bird_ex(_rows(predicted), _rows(ground_truth))[0]


def bird_soft_f1(predicted: Rows, ground_truth: Rows) -> float:
    """BIRD mini-dev's ``calculate_f1_score``: a float, ``1.0`` for two empty results, and the
    int ``0`` where the official returns it (precision + recall is 0)."""
    result: float = sql_bird_soft_f1(_rows(predicted), _rows(ground_truth))
    return result


class Gold:
    """A gold result prepared once for many predictions (RL loops): ``Gold(rows).scores(preds)``."""

    def __init__(self, rows: Rows, metric: str = "spider", order_matters: bool = False) -> None:
        if metric not in ("spider", "bird", "bird_f1"):
            choices = ["spider", "bird", "bird_f1"]
            raise ArgumentError(message("not_a_choice", what="metric", choices=choices, value=repr(metric)))
        self.rows = list(_rows(rows))
        self.metric = metric
        self.order_matters = order_matters

    def score(self, prediction: Rows) -> float:
        """The metric of one prediction: 1/0 (spider, bird) or the Soft-F1 (bird_f1)."""
        if self.metric == "spider":
            return int(result_eq(self.rows, prediction, self.order_matters))
        if self.metric == "bird":
            return bird_ex(prediction, self.rows)
        return bird_soft_f1(prediction, self.rows)

    def scores(self, predictions: Iterable[Rows]) -> list[float]:
        """``score`` of each prediction, in order."""
        return [self.score(p) for p in predictions]


def _run(
    db_path: str, query: str, timeout: float, max_rows: int
) -> tuple[list[tuple[Any, ...]] | None, str | None, str | None]:
    """Rows of ``query`` on the database opened read-only, or an error code and message."""
    uri = "file:" + db_path.replace("?", "%3f").replace("#", "%23") + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=timeout, check_same_thread=False)
    except sqlite3.Error as e:
        return None, "db_open_error", str(e)
    timed_out = threading.Event()

    def interrupt() -> None:
        timed_out.set()
        conn.interrupt()

    timer = threading.Timer(timeout, interrupt)
    try:
        conn.execute("PRAGMA query_only=ON")
        conn.set_authorizer(_authorizer)
        timer.start()
        cursor = conn.execute(query)
        rows = cursor.fetchmany(max_rows + 1)
        if len(rows) > max_rows:
            return None, "too_many_rows", f"more than {max_rows} rows"
        return rows, None, None
    except sqlite3.Error as e:
        if timed_out.is_set():
            return None, "timeout", f"interrupted after {timeout} s"
        return None, "sql_error", str(e)
    except (ValueError, OverflowError) as e:  # e.g. a query with two statements, a huge int
        return None, "sql_error", str(e)
    finally:
        timer.cancel()
        conn.close()


# Only reading is authorized: no write, schema change, ATTACH (which could open another,
# writable file) or PRAGMA (which could lift query_only).
_ALLOWED_ACTIONS = {
    sqlite3.SQLITE_SELECT,
    sqlite3.SQLITE_READ,
    sqlite3.SQLITE_FUNCTION,
    sqlite3.SQLITE_RECURSIVE,
}


def _authorizer(action: int, *_: Any) -> int:
    return sqlite3.SQLITE_OK if action in _ALLOWED_ACTIONS else sqlite3.SQLITE_DENY


def execution_match(
    db_path: str,
    predicted_sql: str,
    gold_sql: str,
    *,
    metric: str = "spider",
    order_matters: bool = False,
    timeout: float = 30.0,
    max_rows: int = MAX_SQL_ROWS,
) -> dict[str, Any]:
    """Runs both queries on the SQLite file read-only (``mode=ro``, ``PRAGMA query_only``, an
    authorizer refusing writes and ATTACH), each interrupted after ``timeout`` seconds, at most
    ``max_rows`` rows fetched; scores the prediction against the gold with ``metric``.

    Returns ``{"match": bool, "score": ..., "error": None | code, "message": ..., "side": ...}``
    with ``error`` one of ``timeout``, ``sql_error``, ``too_many_rows``, ``db_open_error`` and
    ``side`` ``"gold"`` or ``"predicted"``.
    """
    for side, query in (("gold", gold_sql), ("predicted", predicted_sql)):
        rows, code, message = _run(str(db_path), query, timeout, max_rows)
        if code is not None:
            return {"match": False, "score": 0, "error": code, "message": message, "side": side}
        if side == "gold":
            gold_rows = rows
        else:
            predicted_rows = rows
    score = Gold(gold_rows or [], metric=metric, order_matters=order_matters).score(predicted_rows or [])
    return {"match": score == 1, "score": score, "error": None, "message": None, "side": None}
