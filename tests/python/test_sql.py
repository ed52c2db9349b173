"""tabeq.sql against the official's vectors (tests/sql/vectors.jsonl), and execution_match's
read-only, timeout and error guarantees."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import tabeq
from tabeq import sql

VECTORS = Path(__file__).resolve().parents[1] / "sql" / "vectors.jsonl"


def decode(cell: list[Any]) -> Any:
    kind = cell[0]
    if kind == "z":
        return None
    if kind == "f":
        return float(cell[1])
    if kind == "y":
        return bytes.fromhex(cell[1])
    return cell[1]


def table(rows: list[list[list[Any]]]) -> list[tuple[Any, ...]]:
    return [tuple(decode(c) for c in row) for row in rows]


def test_every_vector_matches_the_official() -> None:
    lines = VECTORS.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 3000
    for line in lines:
        case = json.loads(line)
        a, b = table(case["a"]), table(case["b"])
        assert sql.result_eq(a, b, False) is case["result_eq_unordered"], line
        assert sql.result_eq(a, b, True) is case["result_eq_ordered"], line
        ex = sql.bird_ex(a, b)
        assert type(ex) is int and ex == case["bird_ex"], line
        if case["bird_f1"] == "error:ZeroDivisionError":
            with pytest.raises(tabeq.SqlError) as raised:
                sql.bird_soft_f1(a, b)
            assert raised.value.code == "sql_empty_gold_row" and raised.value.stage == "sql"
            continue
        f1 = sql.bird_soft_f1(a, b)
        kind, want = case["bird_f1"]
        assert type(f1) is (int if kind == "i" else float), line
        assert repr(f1) == (repr(want) if kind == "i" else want), line


def test_quirk_and_warnings() -> None:
    r = sql.explain_result_eq([(1.0, 10)], [(10.0, 1)], False)
    assert r == {"equal": False, "reason": "quick_rejected", "permutation_matches": True}
    r = sql.explain_result_eq([(1, 2), (2, 1)], [(1, 2), (1, 2)], False)
    assert r == {"equal": False, "reason": "no_permutation", "unmatched_column": 0}


def test_hard_input_answers() -> None:
    # 3 rows x 10 equal columns: the official enumerates 10! permutations.
    gold = [tuple([1] * 10), tuple([2] * 10), tuple([3] * 10)]
    pred = [tuple([1] * 9 + [2]), tuple([2] * 9 + [1]), tuple([3] * 10)]
    assert sql.result_eq(gold, list(reversed(gold)), False) is True
    assert sql.result_eq(gold, pred, False) is False


def test_python_types_are_kept() -> None:
    assert sql.bird_ex([(True,)], [(1.0,)]) == 1
    assert sql.bird_ex([("1",)], [(1,)]) == 0
    # Coded tabeq errors, still the TypeError / ValueError these calls raised before.
    with pytest.raises(TypeError) as unsupported:
        sql.bird_ex([(object(),)], [(1,)])
    assert isinstance(unsupported.value, tabeq.SqlError) and unsupported.value.code == "sql_unsupported_value"
    with pytest.raises(ValueError) as too_big:
        sql.bird_ex([(2**70,)], [(1,)])
    assert isinstance(too_big.value, tabeq.TabeqError) and too_big.value.code == "sql_int_out_of_range"
    with pytest.raises(tabeq.SqlError) as ragged:
        sql.result_eq([(1, 2), (1,)], [(1, 2), (1, 2)], False)
    assert ragged.value.code == "sql_ragged_rows" and "sql_ragged_rows" in tabeq.error_codes()
    with pytest.raises(tabeq.ArgumentError):
        sql.Gold([(1,)], metric="exact")


def test_gold_batch() -> None:
    gold = sql.Gold([(1, "a"), (2, "b")], metric="spider")
    assert gold.scores([[("a", 1), ("b", 2)], [(1, "a")]]) == [1, 0]
    assert sql.Gold([(1,)], metric="bird_f1").scores([[(1,)], []]) == [1.0, 0]


def test_dataframes_are_rows() -> None:
    pd = pytest.importorskip("pandas")
    pa = pytest.importorskip("pyarrow")
    pl = pytest.importorskip("polars")
    rows = [(1, "a"), (2, "b")]
    frame = pd.DataFrame(rows, columns=["x", "y"])
    assert sql.result_eq(rows, frame[["y", "x"]], False) is True
    assert sql.result_eq(rows, pa.table({"y": ["a", "b"], "x": [1, 2]}), False) is True
    assert sql.result_eq(rows, pl.DataFrame({"x": [1, 3], "y": ["a", "b"]}), False) is False


def make_db(path: Path) -> bytes:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x INTEGER, y TEXT)")
    conn.executemany("INSERT INTO t VALUES (?, ?)", [(i, str(i)) for i in range(200)])
    conn.commit()
    conn.close()
    return hashlib.sha256(path.read_bytes()).digest()


def test_execution_match_scores_and_codes(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    make_db(db)
    ok = sql.execution_match(str(db), "SELECT y, x FROM t", "SELECT x, y FROM t")
    assert ok["match"] is True and ok["error"] is None
    bad = sql.execution_match(str(db), "SELEC x FROM t", "SELECT x FROM t")
    assert bad["error"] == "sql_error" and bad["side"] == "predicted" and bad["match"] is False
    many = sql.execution_match(str(db), "SELECT x FROM t", "SELECT x FROM t", max_rows=10)
    assert many["error"] == "too_many_rows"


def test_execution_match_times_out(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    make_db(db)
    slow = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT max(n) FROM c"
    out = sql.execution_match(str(db), slow, "SELECT 1", timeout=0.3)
    assert out["error"] == "timeout" and out["side"] == "predicted"


@pytest.mark.parametrize(
    "attack",
    [
        "DROP TABLE t",
        "INSERT INTO t VALUES (1, 'x')",
        "DELETE FROM t",
        "UPDATE t SET x = 0",
        "CREATE TABLE u (a)",
        "PRAGMA query_only=OFF",
        "ATTACH DATABASE '{other}' AS o",
        "VACUUM",
    ],
)
def test_execution_match_never_writes(tmp_path: Path, attack: str) -> None:
    db = tmp_path / "db.sqlite"
    before = make_db(db)
    other = tmp_path / "other.sqlite"
    out = sql.execution_match(str(db), attack.format(other=other), "SELECT x FROM t")
    assert out["match"] is False and out["error"] == "sql_error"
    assert hashlib.sha256(db.read_bytes()).digest() == before
    assert not other.exists()
