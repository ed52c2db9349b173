#!/usr/bin/env python3
"""Differential testing of tabeq against the official DataSpace evaluator.

Usage: python scripts/differential.py --official PATH/TO/evaluate.py [--cells N] [--tasks N]
       [--large-tasks N] [--seed S]

Generates random cells (numbers, dates, datetimes, booleans, text) and random small tasks,
runs both implementations and reports every disagreement. Half of the cells and tasks are
built from all of Unicode (every general category, astral planes, combining marks, format
characters, unassigned code points, characters newer than Unicode 14.0) inserted into and
substituted in realistic seeds for every column type and rule (see scripts/unicode_pool.py).

The reference is the official evaluator on CPython 3.11 (Unicode 14.0): the script refuses
another interpreter unless given --allow-other-python, and then says what it compares with.
The official evaluator is loaded from the given path at run time; nothing of it is part of
this repository. Cases where the official evaluator crashes (decimal.InvalidOperation,
OverflowError) are counted separately: the project intentionally differs there (see
docs/spec/evaluation.md, "Divergences").
"""

from __future__ import annotations

import argparse
import decimal
import importlib.util
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

import tabeq
import unicode_pool

UNICODE_DIGITS = "٣५５০१٠"
SPACES = [" ", "\t", "\u3000", "\x1c", "\xa0", "\u2007", "\u200b"]


def load_official(path: str) -> Any:
    spec = importlib.util.spec_from_file_location("official_evaluate", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["official_evaluate"] = module
    spec.loader.exec_module(module)
    return module


def rand_digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789" if rng.random() < 0.9 else UNICODE_DIGITS) for _ in range(n))


def gen_number(rng: random.Random) -> str:
    if rng.random() < 0.15:
        return "".join(rng.choice("0123456789.,eE+-% _xn٣５") for _ in range(rng.randrange(0, 8)))
    s = rng.choice(["", "", "-", "+"])
    if rng.random() < 0.25:
        s += rand_digits(rng, rng.randrange(1, 4))
        for _ in range(rng.randrange(1, 4)):
            s += "," + rand_digits(rng, rng.choice([3, 3, 3, 2, 4]))
    else:
        s += rand_digits(rng, rng.choice([0, 1, 1, 2, 3, 5, 12, 30]))
    if rng.random() < 0.5:
        s += "." + rand_digits(rng, rng.choice([0, 1, 2, 3, 5, 17, 31]))
    if rng.random() < 0.2:
        s += rng.choice("eE") + rng.choice(["", "+", "-"]) + rand_digits(rng, rng.choice([1, 1, 2, 3]))
    if rng.random() < 0.2:
        s += rng.choice(["%", " %", "%%"])
    if rng.random() < 0.2:
        s = rng.choice(SPACES) + s + rng.choice(SPACES)
    if rng.random() < 0.05:
        s = rng.choice(["nan", "NaN", "None", "null", "<NA>", "NaT", "inf", "", "  "])
    return s


def gen_datetime(rng: random.Random) -> str:
    if rng.random() < 0.1:
        return "".join(rng.choice("0123456789-:TZW+., ") for _ in range(rng.randrange(0, 26)))
    y = rng.choice(["2024", "0001", "9999", "1999", "0000", "２０２４"])
    m = rng.choice(["01", "02", "12", "13", "00", "1"])
    d = rng.choice(["01", "28", "29", "30", "31", "32", "1"])
    form = rng.randrange(6)
    if form == 0:
        date = f"{y}-{m}-{d}"
    elif form == 1:
        date = f"{y}{m}{d}"
    elif form == 2:
        date = f"{y}-W{rng.choice(['01', '52', '53', '00', '1'])}" + rng.choice(["", "-1", "-7", "-8", "-0"])
    elif form == 3:
        date = f"{y}W{rng.choice(['01', '52', '53'])}" + rng.choice(["", "1", "7"])
    else:
        date = f"{y}-{m}-{d}"
    if rng.random() < 0.6:
        sep = rng.choice(["T", " ", "t", "x", "_"])
        hh = rng.choice(["00", "12", "23", "24", "1"])
        parts = [hh]
        colon = rng.random() < 0.7
        for _ in range(rng.randrange(0, 3)):
            parts.append(rng.choice(["00", "30", "59", "60"]))
        t = (":" if colon else "").join(parts)
        if rng.random() < 0.3:
            t += rng.choice([".", ","]) + rand_digits(rng, rng.choice([1, 3, 6, 7, 9]))
        if rng.random() < 0.4:
            t += rng.choice(
                ["Z", "+00:00", "-05:00", "+0530", "+05", "+23:59", "+24:00", "-00:30:15", "+01:00:00.5", "z"]
            )
        date += sep + t
    if rng.random() < 0.1:
        date = " " + date + "\t"
    return date


def gen_boolean(rng: random.Random) -> str:
    base = rng.choice(
        [
            "1",
            "0",
            "true",
            "false",
            "yes",
            "no",
            "y",
            "n",
            "是",
            "否",
            "t",
            "on",
            "1.0",
            "yeſ",
            "ＹＥＳ",
            "NULL",
            "nan",
            "",
            "TRUE",
            "Yes",
            "对",
        ]
    )
    if rng.random() < 0.3:
        base = "".join(c.upper() if rng.random() < 0.5 else c for c in base)
    if rng.random() < 0.2:
        base = rng.choice(SPACES) + base
    return base


def gen_text(rng: random.Random) -> str:
    alphabet = [
        "a",
        "B",
        " ",
        "\r",
        "\n",
        "\r\n",
        "\u0301",
        "é",
        "e\u0301",
        "ﬁ",
        "Ａ",
        "\x1c",
        "\u3000",
        "null",
        "0",
        ".",
    ]
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 6)))


def official_cell(official: Any, value: str, column: dict[str, Any]) -> tuple[str, Optional[str]]:
    """('ok', canonical) / ('error', None) / ('crash', exception name)."""
    cfg = official.ColumnSpec(
        gold_index=0,
        gold_name="x",
        type=column["type"],
        comparison_mode=column.get("comparison", {}).get("mode"),
        comparison_digits=column.get("comparison", {}).get("digits"),
        allow_percent_sign=bool(column.get("allow_percent_sign", False)),
        numeric_unit=column.get("unit", "plain") if column["type"] == "number" else "plain",
    )
    try:
        out = official.normalize_cell(value, cfg)
    except official.CellNormalizationError:
        return ("error", None)
    except (decimal.InvalidOperation, OverflowError, decimal.Overflow, MemoryError) as exc:
        # MemoryError: a number of a huge exponent written out in full.
        return ("crash", type(exc).__name__)
    if out == official.NULL_VALUE:
        return ("ok", None)
    kind, payload = out
    if kind == "boolean":
        return ("ok", "true" if payload else "false")
    return ("ok", str(payload))


def tabeq_cell(value: str, column: dict[str, Any]) -> tuple[str, Optional[str]]:
    try:
        return ("ok", tabeq.canonicalize(value, column))
    except tabeq.CellError as exc:
        return ("error", exc.code)


class Tally:
    """Counts of one kind of check; prints the first few disagreements."""

    def __init__(self, name: str, shown: int = 30) -> None:
        self.name, self.shown = name, shown
        self.checked = self.mismatches = self.crashes = 0

    def mismatch(self, message: str) -> None:
        self.mismatches += 1
        if self.mismatches <= self.shown:
            print(message)

    def report(self) -> int:
        print(
            f"{self.name}: {self.checked} checked, {self.mismatches} mismatches, "
            f"{self.crashes} official crashes skipped"
        )
        return self.mismatches


def compare_cell(official: Any, value: str, column: dict[str, Any], tally: Tally) -> None:
    want = official_cell(official, value, column)
    if want[0] == "crash":
        tally.crashes += 1
        return
    tally.checked += 1
    got = tabeq_cell(value, column)
    if column["type"] == "number" and want[0] == got[0] == "ok" and want[1] and got[1]:
        # tabeq writes values needing over 128 padding zeros in scientific notation.
        if decimal.Decimal(want[1]) == decimal.Decimal(got[1]):
            return
    if (want[0], want[1]) != (got[0], got[1] if got[0] == "ok" else None):
        tally.mismatch(f"CELL MISMATCH {value!r} {json.dumps(column)}: official={want} tabeq={got}")


def check_cells(official: Any, rng: random.Random, count: int) -> int:
    tally = Tally("cells")
    generators = [
        (gen_number, unicode_pool.number_column),
        (gen_datetime, lambda r: {"gold_index": 0, "gold_name": "x", "type": r.choice(["date", "datetime"])}),
        (gen_boolean, lambda r: {"gold_index": 0, "gold_name": "x", "type": "boolean"}),
        (gen_text, lambda r: {"gold_index": 0, "gold_name": "x", "type": "text"}),
        (gen_boolean, unicode_pool.number_column),
        (
            gen_number,
            lambda r: {"gold_index": 0, "gold_name": "x", "type": r.choice(["date", "datetime", "boolean"])},
        ),
    ]
    for i in range(count):
        gen_value, gen_column = generators[i % len(generators)]
        compare_cell(official, gen_value(rng), gen_column(rng), tally)
    return tally.report()


def check_unicode_cells(official: Any, pool: unicode_pool.CharPool, rng: random.Random, count: int) -> int:
    """Seeds of every type with characters from all of Unicode, under every column rule."""
    tally = Tally("unicode cells")
    for i in range(count):
        kind = unicode_pool.TYPES[i % len(unicode_pool.TYPES)]
        column = unicode_pool.column_for(kind, rng)
        compare_cell(official, unicode_pool.cell(kind, pool, rng), column, tally)
    return tally.report()


def to_csv(rows: list[list[str]], width: int, rng: random.Random, quote_all: bool = False) -> str:
    """`quote_all`: every cell quoted, so no cell breaks the rows (a large table would almost
    surely hold a lone carriage return)."""
    import csv
    import io

    buf = io.StringIO()
    quoting = csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL
    writer = csv.writer(buf, lineterminator=rng.choice(["\n", "\r\n"]), quoting=quoting)
    writer.writerow([f"h{j}" for j in range(width)])
    writer.writerows(rows)
    return buf.getvalue()


def gen_task(rng: random.Random) -> tuple[dict[str, Any], str, Optional[str]]:
    d = rng.randrange(1, 5)
    n = rng.randrange(0, 5)
    columns = []
    for j in range(d):
        t = rng.choice(["text", "number", "date", "datetime", "boolean"])
        col: dict[str, Any] = {"gold_index": j, "gold_name": f"c{j}", "type": t}
        if t == "number":
            col = {**unicode_pool.number_column(rng), "gold_index": j, "gold_name": f"c{j}"}
        columns.append(col)
    config = {
        "schema_version": "1.0",
        "task_id": "task_1",
        "order_sensitive": rng.random() < 0.3,
        "columns": columns,
    }
    value_pool = {
        "text": lambda: rng.choice(["A", "b", "x y", "1", "", "null"]),
        "number": lambda: rng.choice(["1", "1.0", "2.5", "-0", "1,000", "3%", "", "nan", "0.125"]),
        "date": lambda: rng.choice(
            ["2024-01-01", "2024-01-01T00:00:00", "2024-01-02", "", "2024-01-01T00:00:00Z"]
        ),
        "datetime": lambda: rng.choice(["2024-01-01", "2024-01-01T10:00:00", "2024-01-01T10:00:00Z", "NaT"]),
        "boolean": lambda: rng.choice(["true", "1", "no", "N", ""]),
    }
    rows = [[value_pool[c["type"]]() for c in columns] for _ in range(n)]

    gold = to_csv(rows, d, rng)
    if rng.random() < 0.1:
        return config, gold, None
    perm = list(range(d))
    rng.shuffle(perm)
    pred_rows = [[r[p] for p in perm] for r in rows]
    if not config["order_sensitive"] or rng.random() < 0.3:
        rng.shuffle(pred_rows)
    if pred_rows and rng.random() < 0.4:
        r, c = rng.randrange(len(pred_rows)), rng.randrange(d)
        pred_rows[r][c] = value_pool[rng.choice(list(value_pool))]()
    pred = to_csv(pred_rows, d, rng) if pred_rows else "".join(f"h{j}," for j in range(d))[:-1] + "\n"
    if rng.random() < 0.1:
        pred = pred + rng.choice(["\n", "x", '"', ",", "\r"])
    return config, gold, pred


def compare_task(
    official: Any, root: Path, config: dict[str, Any], gold: str, pred: Optional[str], tally: Tally
) -> bool:
    """Whether the official passes the task (after comparing it with tabeq)."""
    cfg_path = root / "task_1.json"
    cfg_path.write_text(json.dumps(config))
    gold_path = root / "gold.csv"
    gold_path.write_bytes(gold.encode())
    pred_path = root / "prediction.csv"
    if pred is None:
        pred_path.unlink(missing_ok=True)
    else:
        pred_path.write_bytes(pred.encode())
    try:
        want = official.evaluate_task(
            config=official.load_task_config(cfg_path), prediction_path=pred_path, gold_path=gold_path
        ).to_dict()
    except official.EvaluationFatalError:
        want = {"fatal": True}
    except (decimal.InvalidOperation, decimal.Overflow, OverflowError):
        tally.crashes += 1
        return False
    tally.checked += 1
    try:
        got = tabeq.evaluate(
            None if pred is None else pred.encode(), gold.encode(), tabeq.load_config(cfg_path)
        )
        got_dict = got.to_dict()
    except tabeq.FatalError:
        got_dict = {"fatal": True}
    keys = [k for k in want if k != "error"]
    if any(want[k] != got_dict.get(k) for k in keys):
        shown = (gold[:2000], None if pred is None else pred[:2000])
        tally.mismatch(
            f"TASK MISMATCH: config={json.dumps(config)}\n gold={shown[0]!r}\n pred={shown[1]!r}\n"
            f"  official={ {k: want[k] for k in keys} }\n  tabeq=   { {k: got_dict.get(k) for k in keys} }"
        )
    return bool(want.get("passed"))


def check_tasks(official: Any, rng: random.Random, count: int) -> int:
    tally = Tally("tasks", shown=20)
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(count):
            compare_task(official, Path(tmp), *gen_task(rng), tally)
    return tally.report()


def gen_unicode_task(
    official: Any,
    pool: unicode_pool.CharPool,
    rng: random.Random,
    height: Optional[int] = None,
    mutate: float = 0.10,
    as_written: bool = False,
) -> tuple[dict[str, Any], str, Optional[str]]:
    """A task whose gold cells are Unicode-edited seeds the official evaluator accepts (mostly),
    and whose prediction permutes, shuffles and rewrites them (equivalently, or not with
    probability `mutate` per cell). `height` rows given make it an unordered task.
    `as_written`: the prediction keeps the gold's columns in order and its cells as written
    (shuffled rows, `mutate` alone changing cells)."""
    width = rng.randrange(1, 5)
    large = height is not None
    height = rng.randrange(0, 6) if height is None else height
    columns = []
    for j in range(width):
        column = unicode_pool.column_for(rng.choice(unicode_pool.TYPES), rng)
        columns.append({**column, "gold_index": j, "gold_name": f"c{j}"})
    config = {
        "schema_version": "1.0",
        "task_id": "task_1",
        "order_sensitive": not large and rng.random() < 0.3,
        "columns": columns,
    }

    def gold_cell(column: dict[str, Any]) -> str:
        for _ in range(8):
            text = unicode_pool.cell(column["type"], pool, rng)
            if large and "\x00" in text:
                continue  # one NUL makes a gold of thousands of rows unreadable
            if (not large and rng.random() < 0.005) or official_cell(official, text, column)[0] == "ok":
                return text
        seeds = unicode_pool.SEEDS[column["type"]]
        return next(
            (t for t in rng.sample(seeds, len(seeds)) if official_cell(official, t, column)[0] == "ok"), ""
        )

    rows = [[gold_cell(c) for c in columns] for _ in range(height)]
    if rows and rng.random() < 0.2:
        rows.append(list(rng.choice(rows)))  # duplicate rows matter to the multiset
    perm = list(range(width))
    if not as_written:
        rng.shuffle(perm)
    pred_rows = [[row[p] for p in perm] for row in rows]
    if not config["order_sensitive"] or rng.random() < 0.3:
        rng.shuffle(pred_rows)
    for row in pred_rows:
        for k, text in enumerate(row):
            kind = columns[perm[k]]["type"]
            roll = rng.random()
            if roll < 0.35 and not as_written:
                variant = unicode_pool.equivalent_variant(text, kind, pool, rng)
                column = columns[perm[k]]
                # A large table keeps only variants the official reads alike: its verdict is
                # then a pass unless `mutate` changes a cell.
                if not large or official_cell(official, variant, column) == official_cell(
                    official, text, column
                ):
                    row[k] = variant
            elif roll < 0.35 + mutate:
                row[k] = unicode_pool.mutate(text, pool, rng)
    if not large and rng.random() < 0.05:
        return config, to_csv(rows, width, rng), None
    return config, to_csv(rows, width, rng, large), to_csv(pred_rows, width, rng, large)


def check_unicode_tasks(official: Any, pool: unicode_pool.CharPool, rng: random.Random, count: int) -> int:
    tally = Tally("unicode tasks", shown=20)
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(count):
            compare_task(official, Path(tmp), *gen_unicode_task(official, pool, rng), tally)
    return tally.report()


def check_large_tasks(official: Any, pool: unicode_pool.CharPool, rng: random.Random, count: int) -> int:
    """Unordered tasks of thousands of rows, where tabeq first tries to prove a pass from
    hashes (core/src/hashed_pass.rs): about half of them with no cell changed but equivalently,
    a third with the gold's cells as written in the gold's column order."""
    tally, passed = Tally("large tasks", shown=5), 0
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(count):
            height = 4096 + rng.randrange(0, 200)
            mutate = rng.choice([0.0, 0.0, 1 / height, 0.01])
            as_written = rng.random() < 1 / 3
            task = gen_unicode_task(official, pool, rng, height=height, mutate=mutate, as_written=as_written)
            passed += compare_task(official, Path(tmp), *task, tally)
    print(f"large tasks: {passed} passed by the official")
    return tally.report()


WEIRD_VALUES: list[Any] = [
    True,
    False,
    None,
    0,
    1,
    2,
    0.0,
    1.0,
    2.0,
    -1,
    30,
    31,
    "0",
    "1",
    "",
    "text",
    "number",
    "integer",
    "decimal_places",
    "significant_digits",
    "plain",
    "fraction",
    "percentage_points",
    [],
    {},
    [1],
    {"a": 1},
    float("nan"),
    10**30,
    "task_1",
    "1.0",
    1.5,
]


def gen_config(rng: random.Random) -> Any:
    columns = []
    for j in range(rng.randrange(1, 3)):
        col: dict[str, Any] = {
            "gold_index": j,
            "gold_name": f"c{j}",
            "type": rng.choice(["text", "number", "date"]),
        }
        if col["type"] == "number":
            col["comparison"] = {"mode": rng.choice(["integer", "decimal_places"]), "digits": 2}
        columns.append(col)
    cfg: Any = {"schema_version": "1.0", "task_id": "task_1", "order_sensitive": False, "columns": columns}
    for _ in range(rng.randrange(1, 3)):
        target = rng.choice(["top", "column", "comparison"])
        value = rng.choice(WEIRD_VALUES)
        if target == "top":
            cfg[rng.choice(["schema_version", "task_id", "order_sensitive", "columns", "extra"])] = value
        elif isinstance(cfg.get("columns"), list) and cfg["columns"] and isinstance(cfg["columns"][0], dict):
            col = cfg["columns"][0]
            if target == "column":
                col[
                    rng.choice(
                        ["gold_index", "gold_name", "type", "unit", "allow_percent_sign", "comparison"]
                    )
                ] = value
            elif isinstance(col.get("comparison"), dict):
                col["comparison"][rng.choice(["mode", "digits"])] = value
    if rng.random() < 0.05:
        cfg = rng.choice([[], "x", 1, None])
    return cfg


def spec_summary(columns: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    out = []
    for c in columns:
        cmp = c.get("comparison") or {}
        out.append(
            (
                c["type"],
                cmp.get("mode"),
                cmp.get("digits"),
                c.get("unit", "plain"),
                bool(c.get("allow_percent_sign")),
            )
        )
    return out


def check_configs(official: Any, rng: random.Random, count: int) -> int:
    tally = Tally("configs", shown=20)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "task_1.json"
        for i in range(count):
            cfg = gen_config(rng)
            path.write_text(json.dumps(cfg))
            try:
                o = official.load_task_config(path)
                want: Any = [
                    (
                        c.type,
                        c.comparison_mode,
                        None if c.comparison_digits is None else int(c.comparison_digits),
                        c.numeric_unit if c.type == "number" else "plain",
                        c.allow_percent_sign,
                    )
                    for c in o.columns
                ] + [o.order_sensitive]
            except Exception:  # fatal, or a crash whose intended outcome is fatal
                want = "fatal"
            try:
                t = tabeq.load_config(path)
                got: Any = spec_summary(t.columns) + [t.order_sensitive]
            except tabeq.ConfigError:
                got = "fatal"
            tally.checked += 1
            if want != got:
                tally.mismatch(f"CONFIG MISMATCH #{i}: {json.dumps(cfg)}\n  official={want}\n  tabeq={got}")
    return tally.report()


CSV_PIECES = ["a", "b", ",", ",", '"', '""', "\n", "\r", "\r\n", " ", "\x00", "\ufeff", "é", "x y", "\t"]


def check_csv(official: Any, pool: unicode_pool.CharPool, rng: random.Random, count: int) -> int:
    from tabeq import _tabeq

    tally = Tally("csv", shown=20)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.csv"
        for _ in range(count):
            text = "".join(
                rng.choice(CSV_PIECES) if rng.random() < 0.9 else pool.char(rng)
                for _ in range(rng.randrange(0, 14))
            )
            data = text.encode("utf-8")
            if rng.random() < 0.05:
                data = data.replace(b"\xc3\xa9", b"\xff")
            path.write_bytes(data)
            try:
                table = official.read_strict_csv(path, participant_output=True)
                want: Any = [list(table.headers)] + [list(r) for r in table.rows]
            except official.PredictionFormatError:
                want = "error"
            try:
                got: Any = _tabeq.read_csv(data)
            except Exception as exc:  # a coded CsvError
                got = "error" if hasattr(exc, "code") else f"unexpected {exc!r}"
            tally.checked += 1
            if want != got:
                tally.mismatch(f"CSV MISMATCH {data!r}: official={want!r} tabeq={got!r}")
    return tally.report()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--official", required=True, help="path to the official evaluate.py")
    parser.add_argument("--cells", type=int, default=20000, help="random cells (half of them Unicode-edited)")
    parser.add_argument("--tasks", type=int, default=None, help="whole tasks (default: cells / 10)")
    parser.add_argument("--configs", type=int, default=None, help="random configs (default: cells / 10)")
    parser.add_argument("--csv", type=int, default=None, help="random CSV files (default: cells / 2)")
    parser.add_argument(
        "--large-tasks", type=int, default=4, help="unordered tasks of 4,096 rows and more (default: 4)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--allow-other-python",
        action="store_true",
        help="run on an interpreter other than CPython 3.11 (then it is not the reference)",
    )
    args = parser.parse_args()
    other = unicode_pool.reference_interpreter()
    if other is not None:
        if not args.allow_other_python:
            print(
                f"refusing to run on {other}: the reference is the official evaluator on CPython 3.11 "
                "(Unicode 14.0); pass --allow-other-python to compare with this interpreter instead",
                file=sys.stderr,
            )
            return 2
        print(f"NOTE: comparing with the official evaluator on {other}, not the CPython 3.11 reference")
    official = load_official(args.official)
    rng = random.Random(args.seed)
    pool = unicode_pool.CharPool()
    tasks = max(1, args.cells // 10) if args.tasks is None else args.tasks
    failures = check_cells(official, rng, args.cells - args.cells // 2)
    failures += check_unicode_cells(official, pool, rng, args.cells // 2)
    failures += check_tasks(official, rng, tasks - tasks // 2)
    failures += check_unicode_tasks(official, pool, rng, tasks // 2)
    failures += check_large_tasks(official, pool, rng, args.large_tasks)
    failures += check_configs(
        official, rng, max(1, args.cells // 10) if args.configs is None else args.configs
    )
    failures += check_csv(official, pool, rng, max(1, args.cells // 2) if args.csv is None else args.csv)
    drawn = {name: n for name, n in pool.drawn.items() if n}
    categories = f"{len(drawn)}/{len(pool.drawn)} general categories"
    print(
        f"unicode: {sum(drawn.values())} characters drawn from {categories} (surrogates cannot be in UTF-8)"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
