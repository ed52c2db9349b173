"""Differential test of ``condition_cols`` in both Spider 2.0 variants against the official code.

The official ``compare_pandas_table`` / ``compare_multi_pandas_table`` of Spider 2.0-lite and of
Spider 2.0-Snow are read from the two ``evaluate.py`` files given on the command line (never
committed) and run under the installed pandas (the reference is 2.2.3). Each case is a random
table (values drawn from all of Unicode, numbers, missing values), predictions built from its
columns, and a ``condition_cols`` of every kind the official functions accept: not given, None,
bools, ints (negative, out of range, beyond 64 bits), floats (fractions, NaN, infinities), strings,
lists (positions, masks, floats, mixes, nested), tuples and dicts. Every verdict of
``tabeq.spider2.compare(..., variant=...)`` must equal the official one.

    python tests/spider2/condition_differential.py \\
        --lite PATH/spider2-lite/evaluation_suite/evaluate.py \\
        --snow PATH/spider2-snow/evaluation_suite/evaluate.py \\
        [--cases 3000] [--seed 41] [--record tests/spider2/condition_vectors.jsonl]

``--record`` writes every case with both official verdicts (inputs and outputs: data, not code).
Typed values JSON cannot hold are tagged: ``{"tuple": [...]}``, ``{"dict": [[key, value], ...]}``,
``{"int": "digits"}`` beyond 64 bits, ``{"float": "nan" | "inf" | "-inf"}``; a case without the
``condition_cols`` key is the argument not given.
Exit status 0 when every verdict agrees.
"""

from __future__ import annotations

import argparse
import ast
import csv
import io
import json
import math
import random
import sys
import warnings
from pathlib import Path
from typing import Any, Callable

import pandas as pd
from tabeq import spider2

Fns = tuple[Callable[..., int], Callable[..., int]]
ABSENT = object()


def load_official(path: str) -> Fns:
    """The two comparison functions, compiled from the official file without importing it (its
    module body needs a database client and redirects stdout)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    wanted = {"compare_pandas_table", "compare_multi_pandas_table"}
    nodes = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in wanted]
    if {n.name for n in nodes} != wanted:
        raise SystemExit(f"{path}: the official comparison functions were not found")
    namespace: dict[str, Any] = {"pd": pd, "math": math}
    exec(compile(ast.Module(body=nodes, type_ignores=[]), path, "exec"), namespace)
    return namespace["compare_pandas_table"], namespace["compare_multi_pandas_table"]


def official_score(fns: Fns, pred: bytes, golds: list[bytes], multi: bool, cond: Any, io_: bool) -> int:
    single, multi_fn = fns
    try:
        p = pd.read_csv(io.BytesIO(pred))
        gs = [pd.read_csv(io.BytesIO(g)) for g in golds]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if cond is ABSENT:
                return int(
                    multi_fn(p, gs, multi_ignore_order=io_) if multi else single(p, gs[0], ignore_order=io_)
                )
            return int(multi_fn(p, gs, cond, io_) if multi else single(p, gs[0], cond, io_))
    except Exception:
        return 0


def tabeq_score(variant: str, pred: bytes, golds: list[bytes], multi: bool, cond: Any, io_: bool) -> int:
    gold: Any = golds if multi else golds[0]
    if cond is ABSENT:
        return spider2.compare(pred, gold, ignore_order=io_, variant=variant).score  # type: ignore[arg-type]
    return spider2.compare(pred, gold, cond, io_, variant=variant).score  # type: ignore[arg-type]


def random_char(rng: random.Random) -> str:
    """A code point from all of Unicode (astral, unassigned, post-14.0), never a surrogate."""
    while True:
        c = rng.choice(
            [rng.randrange(0x20, 0x7F), rng.randrange(0xA0, 0x3000), rng.randrange(0x10000, 0x110000)]
        )
        if not 0xD800 <= c <= 0xDFFF:
            return chr(c)


def random_cell(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.25:
        return str(rng.randint(-3, 3))
    if kind < 0.4:
        return rng.choice(["0.5", "1.004", "2.5", "-1.0", "1e3", "0.0"])
    if kind < 0.5:
        return rng.choice(["", "NA", "null", "NaN"])
    if kind < 0.6:
        return rng.choice(["True", "False"])
    return "".join(random_char(rng) for _ in range(rng.randint(1, 4)))


def to_csv(rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode("utf-8")


def random_table(rng: random.Random, ncols: int, nrows: int) -> list[list[str]]:
    header = [f"c{i}" for i in range(ncols)]
    return [header] + [[random_cell(rng) for _ in range(ncols)] for _ in range(nrows)]


def prediction_from(rng: random.Random, table: list[list[str]]) -> list[list[str]]:
    """Some of the table's columns, permuted, sometimes with a changed value or shuffled rows."""
    ncols = len(table[0])
    cols = rng.sample(range(ncols), rng.randint(1, ncols))
    if rng.random() < 0.3:
        cols.append(rng.randrange(ncols))
    rows = [[r[c] for c in cols] for r in table]
    body = rows[1:]
    if rng.random() < 0.3:
        rng.shuffle(body)
    if body and rng.random() < 0.3:
        r, c = rng.randrange(len(body)), rng.randrange(len(cols))
        body[r][c] = random_cell(rng)
    return [[f"p{i}" for i in range(len(cols))]] + body


def random_condition(rng: random.Random, ncols: int, ngolds: int) -> Any:
    """A ``condition_cols`` of any kind the official functions accept (or raise on)."""
    scalars: list[Any] = [
        None,
        True,
        False,
        0,
        1,
        -1,
        ncols,
        -ncols,
        -ncols - 1,
        2**70,
        0.0,
        -0.0,
        0.5,
        1.5,
        -0.5,
        float(ncols) - 0.5,
        float("nan"),
        float("inf"),
        "",
        "a",
        "0",
        random_char(rng),
    ]

    def position() -> Any:
        return rng.choice(
            [rng.randrange(-ncols - 1, ncols + 1), rng.randrange(ncols), rng.uniform(-ncols - 1, ncols + 1)]
        )

    def flat() -> list[Any]:
        kind = rng.random()
        if kind < 0.4:
            return [rng.randrange(-ncols, ncols) for _ in range(rng.randint(1, 3))]
        if kind < 0.6:
            size = ncols if rng.random() < 0.7 else rng.randint(1, ncols + 1)
            return [rng.random() < 0.5 for _ in range(size)]
        if kind < 0.8:
            return [position() for _ in range(rng.randint(1, 3))]
        return [rng.choice(scalars + [position(), position()]) for _ in range(rng.randint(1, 3))]

    kind = rng.random()
    if kind < 0.08:
        return ABSENT
    if kind < 0.3:
        return rng.choice(scalars)
    if kind < 0.5:
        return flat()
    if kind < 0.6:
        return rng.choice([[], [[]], [None], [()], [[], []], [None, None]])
    if kind < 0.75:
        # A list of lists, one per gold (or a wrong count), sometimes with non-list entries.
        n = ngolds + rng.choice([0, 0, 0, -1, 1])
        return [flat() if rng.random() < 0.85 else rng.choice(scalars) for _ in range(max(n, 1))]
    if kind < 0.85:
        return rng.choice([(), tuple(flat()), (flat(),), tuple([flat() for _ in range(ngolds)])])
    if kind < 0.93:
        return rng.choice([{}, {"0": flat()}, {0: flat()}, {0: flat(), 1: flat()}, {0.0: 1}, {True: [0]}])
    if kind < 0.97:
        # Nested boolean masks (numpy makes them arrays of two or more dimensions), some ragged.
        rows, width = rng.choice([ncols, ncols, 1, ncols + 1]), rng.randint(1, 2)
        mask: list[Any] = [[rng.random() < 0.4 for _ in range(width)] for _ in range(rows)]
        if rng.random() < 0.2:
            mask[0] = mask[0] + [False]
        return mask if rng.random() < 0.8 else [tuple(r) for r in mask]
    return rng.choice([[0, [0]], [flat(), 0], [[[0]]], [(0,), (1,)], [{}], [0, "a"]])


def encode(value: Any) -> Any:
    """A typed Python value as JSON (tags for what JSON cannot hold)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value if -(2**63) <= value < 2**63 else {"int": str(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(type(value))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lite", required=True, help="path of spider2-lite/evaluation_suite/evaluate.py")
    ap.add_argument("--snow", required=True, help="path of spider2-snow/evaluation_suite/evaluate.py")
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--record", default=None, help="write every case with both official verdicts")
    args = ap.parse_args()
    official = {"lite": load_official(args.lite), "snow": load_official(args.snow)}
    rng = random.Random(args.seed)
    records: list[dict[str, Any]] = []
    disagreements = 0
    differ_between_variants = 0
    for n in range(args.cases):
        ncols, nrows = rng.randint(1, 4), rng.randint(0, 4)
        multi = rng.random() < 0.45
        ngolds = rng.randint(1, 3) if multi else 1
        base = random_table(rng, ncols, nrows)
        golds = [to_csv(base)] + [to_csv(random_table(rng, ncols, nrows)) for _ in range(ngolds - 1)]
        source = base if rng.random() < 0.8 else random_table(rng, ncols, nrows)
        pred = to_csv(prediction_from(rng, source))
        cond = random_condition(rng, ncols, ngolds)
        io_ = rng.random() < 0.5
        scores = {v: official_score(official[v], pred, golds, multi, cond, io_) for v in ("lite", "snow")}
        differ_between_variants += scores["lite"] != scores["snow"]
        for v, want in scores.items():
            got = tabeq_score(v, pred, golds, multi, cond, io_)
            if got != want:
                disagreements += 1
                print(
                    f"case {n} {v}: official {want}, tabeq {got}; condition_cols={cond!r} multi={multi} "
                    f"ignore_order={io_}\n  pred={pred!r}\n  golds={golds!r}",
                    file=sys.stderr,
                )
        record: dict[str, Any] = {
            "id": f"condition/{n}",
            "prediction": pred.decode("utf-8"),
            "golds": [g.decode("utf-8") for g in golds],
            "multi": multi,
            "ignore_order": io_,
            "lite_score": scores["lite"],
            "snow_score": scores["snow"],
        }
        if cond is not ABSENT:
            record["condition_cols"] = encode(cond)
        records.append(record)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    passes = sum(r["lite_score"] + r["snow_score"] for r in records)
    print(
        f"{args.cases} cases, pandas {pd.__version__}: {passes} passing verdicts of {2 * args.cases}, "
        f"{differ_between_variants} cases where lite and Snow differ, "
        f"{disagreements} disagreements with tabeq"
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
