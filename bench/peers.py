"""An unordered table pair: tabeq beside the libraries a user would compare tables with instead.

    python bench/peers.py [--rows N ...] [--rounds R]
    python bench/peers.py --columns 6 12 24 48 [--rounds R]

One gold of N rows × 6 columns (an integer key, a free-text name, an amount with two decimals,
an ISO date, one of 50 categories, a small integer) and the same rows shuffled as the
prediction, both as CSV bytes in memory. Each contender does the comparable work from those
bytes, in this process:

* ``tabeq.evaluate``: read both, canonicalize every cell by its column's rule, align the
  columns, compare the row multisets (the verdict a benchmark reports);
* ``tabeq.Gold`` prepared: the gold read once beforehand, each call reads and scores the
  prediction (the harness and RL-reward shape);
* ``tabeq.evaluate`` of the prediction with its columns in reverse order: the prediction above
  holds the gold's rows as written, in the gold's column order, which tabeq recognises from the raw
  text (the official's first mapping, core/src/hashed_pass.rs); reordered, every cell is
  canonicalized and the mapping found from the columns' hashes;
* polars: ``read_csv`` both, sort by every column, ``DataFrame.equals``;
* pandas: ``read_csv`` both, ``sort_values`` by every column, ``DataFrame.equals``;
* pandas ``assert_frame_equal`` on the sorted frames (the testing idiom);
* datacompy ``Compare`` joined on the key column, when datacompy is installed.

The peers compare the columns in the gold's order and by exact value; tabeq also finds the
column mapping and applies the number and date rules, so it does more work than they do.
Rounds interleave the contenders (each round runs every one once), so load on a shared machine
falls on all of them alike; the table shows the minimum and median over the rounds and each
peer's median divided by ``tabeq.evaluate``'s (above 1: tabeq is faster).

With ``--columns``, the same pair is made wider instead (the six columns repeated, each copy
with values of its own) and shorter (600,000 cells in all, so about the same bytes), and only
tabeq and polars run (with the reordered prediction): the cost per byte as the column count grows.

Prints a Markdown table (BENCHMARKS.md quotes it).
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable, Iterator

import tabeq

CATEGORIES = [f"category-{i}" for i in range(50)]
NAMES = ["id", "name", "amount", "day", "category", "qty"]


def pair(rows: int, seed: int = 7, copies: int = 1) -> tuple[bytes, bytes]:
    """The gold and the prediction (its rows shuffled) as CSV bytes: the six columns, `copies`
    times over (each copy's values drawn on their own; the first copy's `id` stays a key)."""
    rng = random.Random(seed)

    def six(i: int) -> tuple[object, ...]:
        return (
            i,
            f"name {rng.randrange(10**9)}",
            f"{rng.uniform(-1e6, 1e6):.2f}",
            f"20{rng.randrange(10, 25)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}",
            rng.choice(CATEGORIES),
            rng.randrange(1000),
        )

    table = [sum((six(i if c == 0 else rng.randrange(rows)) for c in range(copies)), ()) for i in range(rows)]
    header = ",".join(f"{n}{c or ''}" for c in range(copies) for n in NAMES) + "\n"
    gold = header + "".join(",".join(map(str, r)) + "\n" for r in table)
    rng.shuffle(table)
    prediction = header + "".join(",".join(map(str, r)) + "\n" for r in table)
    return gold.encode(), prediction.encode()


def reversed_columns(table: bytes) -> bytes:
    """`table` (CSV without quotes) with its columns in reverse order."""
    lines = table.decode().splitlines()
    return "".join(",".join(reversed(line.split(","))) + "\n" for line in lines).encode()


def config(copies: int = 1) -> tabeq.TaskConfig:
    """The pair's config: each copy's six rules."""
    return tabeq.TaskConfig(
        columns=[
            column
            for c in range(copies)
            for column in (
                tabeq.number(f"id{c or ''}", integer=True),
                tabeq.text(f"name{c or ''}"),
                tabeq.number(f"amount{c or ''}", decimal_places=2),
                tabeq.date(f"day{c or ''}"),
                tabeq.text(f"category{c or ''}"),
                tabeq.number(f"qty{c or ''}", integer=True),
            )
        ],
        order_sensitive=False,
    )


CONFIG = config()


def contenders(
    gold: bytes, prediction: bytes, task: tabeq.TaskConfig = CONFIG, only_polars: bool = False
) -> dict[str, Callable[[], bool]]:
    """Each contender's one run, returning whether the tables are equal (`only_polars`: tabeq's
    and polars')."""
    found: dict[str, Callable[[], bool]] = {
        "tabeq.evaluate": lambda: tabeq.evaluate(prediction, gold, task).passed,
    }
    prepared = tabeq.Gold(gold, task)
    found["tabeq.Gold (prepared).evaluate"] = lambda: prepared.evaluate(prediction).passed
    reordered = reversed_columns(prediction)
    found["tabeq.evaluate, columns reversed"] = lambda: tabeq.evaluate(reordered, gold, task).passed
    try:
        import polars as pl

        def with_polars() -> bool:
            a, b = pl.read_csv(io.BytesIO(gold)), pl.read_csv(io.BytesIO(prediction))
            return a.sort(a.columns).equals(b.sort(b.columns))

        found["polars: read, sort, equals"] = with_polars
    except ImportError:
        pass
    if only_polars:
        return found
    try:
        import pandas as pd

        def sorted_frames() -> tuple[pd.DataFrame, pd.DataFrame]:
            a, b = pd.read_csv(io.BytesIO(gold)), pd.read_csv(io.BytesIO(prediction))
            by = list(a.columns)
            return (
                a.sort_values(by).reset_index(drop=True),
                b.sort_values(by).reset_index(drop=True),
            )

        def with_pandas() -> bool:
            a, b = sorted_frames()
            return bool(a.equals(b))

        def with_assert() -> bool:
            a, b = sorted_frames()
            pd.testing.assert_frame_equal(a, b)
            return True

        found["pandas: read, sort, equals"] = with_pandas
        found["pandas: read, sort, assert_frame_equal"] = with_assert
        try:
            import datacompy

            # datacompy 1.0 renamed `Compare` (pandas) to `PandasCompare`.
            compare = getattr(datacompy, "PandasCompare", None) or datacompy.Compare

            def with_datacompy() -> bool:
                a, b = pd.read_csv(io.BytesIO(gold)), pd.read_csv(io.BytesIO(prediction))
                return bool(compare(a, b, join_columns="id").matches())

            found["datacompy: read, Compare on id"] = with_datacompy
        except ImportError:
            pass
    except ImportError:
        pass
    return found


def timed(runs: dict[str, Callable[[], bool]], rounds: int) -> dict[str, list[float]]:
    """Each contender's times over `rounds` interleaved rounds (after a first, checked run)."""
    for name, run in runs.items():
        assert run(), f"{name} found the shuffled copy different"
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return times


def medians(times: dict[str, list[float]]) -> Iterator[tuple[str, list[float], float, float]]:
    """Each contender's times, their median, and that median over tabeq.evaluate's."""
    base = statistics.median(times["tabeq.evaluate"])
    for name, ts in times.items():
        median = statistics.median(ts)
        yield name, ts, median, median / base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="*", default=[1_000, 10_000, 100_000])
    parser.add_argument("--columns", type=int, nargs="*", help="multiples of 6: widen instead")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    if args.columns:
        print("| columns | rows | CSV (MiB) | contender | median (ms) | ms per MiB | median / tabeq |")
        print("|---:|---:|---:|---|---:|---:|---:|")
        for columns in args.columns:
            copies = max(1, columns // 6)
            rows = 600_000 // (6 * copies)
            gold, prediction = pair(rows, copies=copies)
            times = timed(contenders(gold, prediction, config(copies), only_polars=True), args.rounds)
            mib = (len(gold) + len(prediction)) / 2**20
            for name, _, median, ratio in medians(times):
                print(
                    f"| {6 * copies} | {rows:,} | {mib:.1f} | {name} | {median * 1e3:.1f} "
                    f"| {median * 1e3 / mib:.2f} | {ratio:.2f}× |",
                    flush=True,
                )
        return
    print("| rows | CSV (MiB) | contender | min (ms) | median (ms) | µs per row | median / tabeq.evaluate |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    for rows in args.rows:
        gold, prediction = pair(rows)
        times = timed(contenders(gold, prediction), args.rounds)
        mib = (len(gold) + len(prediction)) / 2**20
        for name, ts, median, ratio in medians(times):
            print(
                f"| {rows:,} | {mib:.1f} | {name} | {min(ts) * 1e3:.1f} | {median * 1e3:.1f} "
                f"| {median / rows * 1e6:.2f} | {ratio:.2f}× |",
                flush=True,
            )


if __name__ == "__main__":
    main()
