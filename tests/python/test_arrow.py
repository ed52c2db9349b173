"""tabeq.arrow: a table of tasks scored in one call gives, row for row, what ``tabeq.evaluate``
gives (passed, error code, column mapping), on the example suite and on 10,000 generated tasks;
a row's broken config or gold fails that row only; pyarrow stays optional; the Ray Data and Spark
helpers pickle and score batches (Spark in a local session where pyspark and a JRE are installed).
"""

from __future__ import annotations

import csv
import io
import json
import pickle
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

import pyarrow as pa
import pytest
import tabeq
import tabeq.arrow
from conftest import REPO

SUITE = REPO / "examples" / "suite"


def per_row(prediction: Optional[bytes], gold: bytes, config: Any) -> tuple[bool, Optional[str], Any]:
    """What one ``tabeq.evaluate`` call says about a row (a fatal error: its code)."""
    try:
        result = tabeq.evaluate(prediction, gold, config)
    except tabeq.TabeqError as exc:
        return (False, exc.code, None)
    return (result.score == 1, result.error_code, result.column_mapping)


def as_rows(scored: Any) -> list[tuple[bool, Optional[str], Any]]:
    columns = [scored.column(name).to_pylist() for name in tabeq.arrow.RESULT_COLUMNS]
    return list(zip(*columns))


def example_suite() -> dict[str, list[Any]]:
    columns: dict[str, list[Any]] = {"task_id": [], "prediction": [], "gold": [], "config": []}
    for config_path in sorted(SUITE.glob("configs/task_*.json")):
        task_id = config_path.stem
        prediction = SUITE / "predictions" / task_id / "prediction.csv"
        columns["task_id"].append(task_id)
        columns["prediction"].append(prediction.read_bytes() if prediction.is_file() else None)
        columns["gold"].append((SUITE / "gold" / task_id / "gold.csv").read_bytes())
        columns["config"].append(config_path.read_text(encoding="utf-8"))
    return columns


def test_example_suite_scores_as_evaluate_does() -> None:
    columns = example_suite()
    assert len(columns["task_id"]) == 7
    expected = [
        per_row(p, g, c.encode())
        for p, g, c in zip(columns["prediction"], columns["gold"], columns["config"])
    ]
    # Every outcome of the suite is there: passes, failures and a missing prediction.
    assert {row[0] for row in expected} == {True, False} and any(
        r[1] == "missing_prediction" for r in expected
    )
    table = pa.table(columns)
    scored = tabeq.arrow.score(table, keep=["task_id"])
    assert isinstance(scored, pa.Table)
    assert scored.column_names == ["task_id", *tabeq.arrow.RESULT_COLUMNS]
    assert scored.column("task_id").to_pylist() == columns["task_id"]
    assert as_rows(scored) == expected
    # The same as record batches, as text columns and with the configs as structs (dicts).
    batch = tabeq.arrow.score(table.to_batches()[0])
    assert isinstance(batch, pa.RecordBatch) and as_rows(batch) == expected
    as_text = dict(columns, gold=[g.decode() for g in columns["gold"]])
    assert as_rows(tabeq.arrow.score(pa.table(as_text))) == expected
    # Configs as an Arrow struct column: the dicts it gives back (every key of the union schema,
    # None where a row has none) score as `evaluate` scores those same dicts.
    structs = pa.table(dict(columns, config=[json.loads(c) for c in columns["config"]]))
    as_dicts = structs.column("config").to_pylist()
    assert any(None in column.values() for config in as_dicts for column in config["columns"])
    expected_structs = [per_row(p, g, c) for p, g, c in zip(columns["prediction"], columns["gold"], as_dicts)]
    assert as_rows(tabeq.arrow.score(structs)) == expected_structs
    # One config shape for every row: no None, the same results as the JSON text.
    same = pa.table({"prediction": columns["prediction"][:1] * 3, "gold": columns["gold"][:1] * 3})
    same = same.append_column("config", pa.array([json.loads(columns["config"][0])] * 3))
    assert as_rows(tabeq.arrow.score(same)) == [expected[0]] * 3


def test_column_names_are_configurable_and_columns_may_be_a_mapping() -> None:
    columns = example_suite()
    renamed = {
        "id": columns["task_id"],
        "answer": columns["prediction"],
        "ref": columns["gold"],
        "cfg": columns["config"],
    }
    names = {"prediction": "answer", "gold": "ref", "config": "cfg"}
    scored = tabeq.arrow.score(pa.table(renamed), keep=["id"], **names)
    assert as_rows(scored) == as_rows(tabeq.arrow.score(pa.table(columns)))
    plain = tabeq.arrow.score(renamed, keep=["id"], **names)
    assert isinstance(plain, dict) and plain["id"] == columns["task_id"]
    assert list(zip(*(plain[n] for n in tabeq.arrow.RESULT_COLUMNS))) == as_rows(scored)
    with pytest.raises(tabeq.ArgumentError, match="no column 'prediction'"):
        tabeq.arrow.score(pa.table(renamed))
    with pytest.raises(tabeq.ArgumentError, match="have no 'gold'"):
        tabeq.arrow.score({"prediction": [], "config": []})
    with pytest.raises(tabeq.ArgumentError, match="expected a pyarrow Table"):
        tabeq.arrow.score([1, 2, 3])


def test_a_broken_row_fails_alone_with_its_code() -> None:
    columns = example_suite()
    columns["config"][1] = '{"task_id": "task_2", "columns": ['
    columns["gold"][2] = b""
    columns["gold"][3] = None
    scored = tabeq.arrow.score(pa.table(columns))
    rows = as_rows(scored)
    assert rows[1] == (False, "config_invalid_json", None)
    assert rows[2][0] is False and rows[2][1].startswith("gold_")
    assert rows[3] == (False, "gold_missing", None)
    assert rows[0] == per_row(columns["prediction"][0], columns["gold"][0], columns["config"][0].encode())
    assert {c for c in scored.column("error_code").to_pylist() if c} <= set(tabeq.error_codes())


def test_arguments_that_are_not_tables_are_coded() -> None:
    with pytest.raises(tabeq.ArgumentError) as raised:
        tabeq.arrow.score_columns([b"a"], [b"a", b"b"], [{}])
    assert raised.value.code
    with pytest.raises(tabeq.ArgumentError):
        tabeq.arrow.score_columns([1], [b"a\n1\n"], ['{"schema_version": "1.0", "task_id": "task_1"}'])
    # No config: the row's code, as a null in an Arrow config column gives.
    assert tabeq.arrow.score_columns([b"a"], [b"a\n1\n"], [None])["error_code"] == ["config_invalid_json"]
    assert tabeq.arrow.score_columns([], [], []) == {name: [] for name in tabeq.arrow.RESULT_COLUMNS}


def test_progress_is_called_and_pyarrow_is_optional() -> None:
    columns = example_suite()
    calls: list[tuple[int, int]] = []
    n = 300
    tabeq.arrow.score_columns(
        columns["prediction"] * n,
        columns["gold"] * n,
        columns["config"] * n,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls and calls[-1] == (7 * n, 7 * n)
    # Without pyarrow: the package imports, columns given as lists score, Arrow asks for pyarrow.
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "import tabeq, tabeq.arrow\n"
        "cfg = {'schema_version': '1.0', 'task_id': 'task_1', 'order_sensitive': False}\n"
        "cfg['columns'] = [{'gold_index': 0, 'gold_name': 'a', 'type': 'text'}]\n"
        "print(tabeq.arrow.score({'prediction': ['a\\nx\\n'], 'gold': ['a\\nx\\n'], 'config': [cfg]}))\n"
        "class Batch:\n"
        "    def column(self, name): raise AssertionError('not reached')\n"
        "try:\n"
        "    tabeq.arrow._pyarrow()\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "{'passed': [True], 'error_code': [None], 'column_mapping': [[0]]}",
        "tabeq.arrow needs pyarrow for Arrow data: pip install pyarrow",
    ]


# --- 10,000 generated tasks -------------------------------------------------------------------------

# Characters from all of Unicode: ASCII, CSV's own characters, whitespace, astral, combining marks,
# unassigned and post-Unicode-14.0 code points, the BOM.
SPECIAL = [
    ",",
    '"',
    "\n",
    "\r",
    " ",
    "\t",
    "\u00a0",
    "\u3000",
    "\ufeff",
    "\u0301",
    "\U0001f600",
    "\U000e0001",
]
SPECIAL += ["\u0378", "\U0001faf8", "\U00030000", "\U0010fffd", "ß", "İ", "ﬁ", "Ⅻ", "٣", "１"]


def random_text(rng: random.Random) -> str:
    def char() -> str:
        roll = rng.random()
        if roll < 0.5:
            return rng.choice("abcXYZ019.-")
        if roll < 0.8:
            return rng.choice(SPECIAL)
        code = rng.randrange(0x110000)
        return chr(code) if not 0xD800 <= code < 0xE000 else "x"

    return "".join(char() for _ in range(rng.randint(0, 4)))


def random_number(rng: random.Random) -> str:
    value = rng.choice([0, 1, -1, 2.5, 1e6, 123.456, -0.001, rng.uniform(-1e4, 1e4)])
    return rng.choice(["{:.0f}", "{:.2f}", "{:.4f}", "{}", "{:,.2f}", "{:e}"]).format(value)


def csv_bytes(rows: list[list[str]], rng: random.Random) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator=rng.choice(["\n", "\r\n"])).writerows(rows)
    return out.getvalue().encode()


def generated_task(rng: random.Random, index: int) -> tuple[Optional[bytes], bytes, Any]:
    width = rng.randint(1, 3)
    kinds = [rng.choice(["text", "number", "number", "boolean"]) for _ in range(width)]
    names = [f"c{i}" if rng.random() < 0.8 else random_text(rng) or "c" for i in range(width)]
    columns: list[dict[str, Any]] = []
    for i, kind in enumerate(kinds):
        column: dict[str, Any] = {"gold_index": i, "gold_name": names[i], "type": kind}
        if kind == "number":
            column["comparison"] = rng.choice(
                [
                    {"mode": "decimal_places", "digits": rng.randint(0, 3)},
                    {"mode": "significant_digits", "digits": rng.randint(1, 4)},
                    {"mode": "integer"},
                ]
            )
        columns.append(column)
    config: dict[str, Any] = {
        "schema_version": "1.0",
        "task_id": f"task_{index}",
        "order_sensitive": rng.random() < 0.3,
        "columns": columns,
    }
    values = {
        "text": lambda: random_text(rng),
        "number": lambda: random_number(rng),
        "boolean": lambda: rng.choice(["true", "false", "True", "0", "1", "yes"]),
    }
    gold_rows = [[values[k]() for k in kinds] for _ in range(rng.randint(0, 4))]
    gold = csv_bytes([names, *gold_rows], rng)
    roll = rng.random()
    prediction: Optional[bytes]
    if roll < 0.3:
        prediction = gold
    elif roll < 0.45:
        order = list(range(width))
        rng.shuffle(order)
        rows = [names, *gold_rows]
        rows = [[row[i] for i in order] for row in rows]
        if rng.random() < 0.5:
            rows = [rows[0], *reversed(rows[1:])]
        prediction = csv_bytes(rows, rng)
    elif roll < 0.7:
        rows = [list(row) for row in gold_rows]
        if rows:
            r, c = rng.randrange(len(rows)), rng.randrange(width)
            rows[r][c] = values[kinds[c]]()
        prediction = csv_bytes([names, *rows], rng)
    elif roll < 0.8:
        prediction = None
    elif roll < 0.9:
        prediction = bytes(rng.randrange(256) for _ in range(rng.randint(0, 20)))
    else:
        prediction = csv_bytes([[random_text(rng) for _ in range(rng.randint(1, 4))] for _ in range(3)], rng)
    # Some golds and configs are broken: their codes must match too.
    roll = rng.random()
    if roll < 0.03:
        gold = gold[: rng.randrange(len(gold) + 1)] + b"\xff"
    elif roll < 0.06:
        config["columns"][0]["type"] = "nope"
    elif roll < 0.08:
        del config["task_id"]
    elif roll < 0.1:
        return prediction, gold, "{not json"
    return (
        prediction,
        gold,
        config if rng.random() < 0.5 else json.dumps(config, ensure_ascii=rng.random() < 0.5),
    )


def test_ten_thousand_generated_tasks_score_as_evaluate_does() -> None:
    rng = random.Random(20261206)
    tasks = [generated_task(rng, i) for i in range(10_000)]
    predictions, golds, configs = (list(column) for column in zip(*tasks))
    scored = tabeq.arrow.score(
        pa.table(
            {
                "prediction": predictions,
                "gold": golds,
                "config": [c if isinstance(c, str) else json.dumps(c) for c in configs],
            }
        )
    )
    expected = [per_row(p, g, c.encode() if isinstance(c, str) else c) for p, g, c in tasks]
    got = as_rows(scored)
    mismatches = [(i, got[i], expected[i]) for i in range(len(tasks)) if got[i] != expected[i]]
    assert not mismatches, mismatches[:5]
    # The generator reaches every kind of outcome, so the comparison means something.
    codes = {row[1] for row in expected}
    assert sum(row[0] for row in expected) > 1000
    assert {None, "missing_prediction", "invalid_prediction_csv", "config_invalid_json"} <= codes
    assert any(c and c.startswith("gold_") for c in codes) and len(codes) >= 8
    # Dict configs straight from lists (no Arrow): the same rows.
    plain = tabeq.arrow.score_columns(predictions, golds, configs)
    assert list(zip(*plain.values())) == expected


# --- Ray Data and Spark -----------------------------------------------------------------------------


def test_ray_and_spark_helpers_pickle_and_score_batches() -> None:
    columns = example_suite()
    table = pa.table(columns)
    expected = as_rows(tabeq.arrow.score(table))
    ray_fn = pickle.loads(pickle.dumps(tabeq.arrow.ray_scorer(keep=["task_id"])))
    assert as_rows(ray_fn(table)) == expected and ray_fn(table).column_names[0] == "task_id"
    spark_fn = pickle.loads(pickle.dumps(tabeq.arrow.spark_scorer()))
    batches = list(spark_fn(iter(table.to_batches(max_chunksize=3))))
    assert len(batches) == 3 and all(isinstance(b, pa.RecordBatch) for b in batches)
    assert [row for b in batches for row in as_rows(b)] == expected
    # The declared Spark schema is the result's.
    assert tabeq.arrow.SPARK_SCHEMA.split(", ")[0] == "passed boolean"
    assert [f.split()[0] for f in tabeq.arrow.SPARK_SCHEMA.split(", ")] == list(tabeq.arrow.RESULT_COLUMNS)


def _has_ray() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not _has_ray(), reason="Ray is installed by requirements-integrations.txt")
def test_ray_data_map_batches_scores_the_suite() -> None:
    import ray

    columns = example_suite()
    expected = as_rows(tabeq.arrow.score(pa.table(columns)))
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        dataset = ray.data.from_arrow(pa.table(columns))
        scored = dataset.map_batches(
            tabeq.arrow.ray_scorer(keep=["task_id"]), batch_format="pyarrow", batch_size=3
        )
        rows = sorted(scored.take_all(), key=lambda r: columns["task_id"].index(r["task_id"]))
    finally:
        ray.shutdown()
    assert [(r["passed"], r["error_code"], r["column_mapping"]) for r in rows] == [
        (p, c, None if m is None else list(m)) for p, c, m in expected
    ]


def _has_spark() -> bool:
    try:
        import pyspark  # noqa: F401
    except ImportError:
        return False
    return shutil.which("java") is not None


@pytest.mark.skipif(not _has_spark(), reason="needs pyspark and a JRE (README: Arrow batches)")
def test_spark_map_in_arrow_scores_the_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyspark.sql import SparkSession

    # Spark's Python workers start `python3` from PATH unless told otherwise: they must be this
    # interpreter, the one tabeq is installed in (as a cluster's workers must have tabeq).
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    monkeypatch.setenv("PYSPARK_DRIVER_PYTHON", sys.executable)
    columns = example_suite()
    expected = as_rows(tabeq.arrow.score(pa.table(columns)))
    spark = SparkSession.builder.master("local[1]").appName("tabeq-test").getOrCreate()
    try:
        frame = spark.createDataFrame(pa.table(columns).to_pandas())
        schema = "task_id string, " + tabeq.arrow.SPARK_SCHEMA
        rows = frame.mapInArrow(tabeq.arrow.spark_scorer(keep=["task_id"]), schema).collect()
    finally:
        spark.stop()
    by_id = {r["task_id"]: (r["passed"], r["error_code"], r["column_mapping"]) for r in rows}
    assert [by_id[t] for t in columns["task_id"]] == expected


def test_readme_says_how_the_spark_test_gets_its_jre() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert "test_spark_map_in_arrow_scores_the_suite" in text and "default-jre-headless" in text
    assert Path(tabeq.arrow.__file__).name == "arrow.py"


def test_string_and_binary_columns_are_read_in_place() -> None:
    # Arrow string/binary columns go to the core through the C data interface (no Python object
    # per row); other types (a struct of configs) through lists. Both give `evaluate`'s rows, for
    # every string type, several chunks and a slice (an offset into the buffers), with nulls.
    columns = example_suite()
    expected = [
        per_row(p, g, c.encode())
        for p, g, c in zip(columns["prediction"], columns["gold"], columns["config"])
    ]
    table = pa.table(columns)
    arrays = [table.column(n).combine_chunks().__arrow_c_array__() for n in ("prediction", "gold", "config")]
    direct = tabeq._tabeq.evaluate_arrow_arrays(*arrays)
    assert direct is not None and list(zip(*direct)) == expected
    structs = pa.array([json.loads(c) for c in columns["config"]])
    assert tabeq._tabeq.evaluate_arrow_arrays(arrays[0], arrays[1], structs.__arrow_c_array__()) is None
    for kind in (pa.string(), pa.large_string(), pa.binary(), pa.large_binary()):
        typed = pa.table({n: pa.array(columns[n], kind) for n in ("prediction", "gold", "config")})
        assert as_rows(tabeq.arrow.score(typed)) == expected, kind
    chunked = pa.concat_tables([table.slice(0, 3), table.slice(3)])
    assert chunked.column("gold").num_chunks == 2
    assert as_rows(tabeq.arrow.score(chunked)) == expected
    assert as_rows(tabeq.arrow.score(table.to_batches()[0].slice(2, 4))) == expected[2:6]
    # A null config fails its row alone, whichever path reads the column.
    with_null = dict(columns, config=[None, *columns["config"][1:]])
    assert as_rows(tabeq.arrow.score(pa.table(with_null))) == [
        (False, "config_invalid_json", None),
        *expected[1:],
    ]
    assert list(zip(*tabeq.arrow.score(with_null, keep=[]).values()))[0] == (
        False,
        "config_invalid_json",
        None,
    )
