"""Tables beyond the official limits (``limits="lifted"``): time and peak memory from 10⁵ to 10⁶ rows.

    python bench/lifted.py [--rows N ...] [--rounds R]

The unordered pair of ``bench/peers.py`` (N rows × 6 columns, the prediction its rows shuffled),
written to two CSV files. Each run is a fresh Python process that imports its library, notes its
resident memory, scores the pair from the files and reports the time and its peak resident memory
(``VmHWM``, Linux) above the memory noted after the import:

* ``tabeq.evaluate(prediction_path, gold_path, config, limits="lifted")``;
* ``tabeq evaluate --limits lifted`` is the same call (not run separately);
* polars, when installed: ``read_csv`` both files, sort by every column, ``DataFrame.equals`` (the
  comparable work of ``bench/peers.py``).

Rounds interleave the contenders; the table shows the median time, µs per row (flat when the cost
per row does not grow with the table), the median peak memory above the import, and that memory as a
multiple of the two files' size.

Prints a Markdown table (BENCHMARKS.md quotes it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import CONFIG, pair  # noqa: E402

# Peak memory is the process's VmHWM (Linux), which starts afresh at exec; `ru_maxrss` would not:
# it keeps the high-water mark of the forked parent, which holds the generated tables.
CHILD = r"""
import json, sys, time
def high_water_kib():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
which, gold, prediction, config = sys.argv[1:5]
if which == "tabeq":
    import tabeq
else:
    import polars as pl
base = high_water_kib()
start = time.perf_counter()
if which == "tabeq":
    equal = tabeq.evaluate(prediction, gold, config, limits="lifted").passed
else:
    a, b = pl.read_csv(gold), pl.read_csv(prediction)
    equal = a.sort(a.columns).equals(b.sort(b.columns))
seconds = time.perf_counter() - start
peak = high_water_kib()
print(json.dumps({"equal": bool(equal), "seconds": seconds, "peak_kib": peak - base}))
"""


def run(which: str, gold: Path, prediction: Path, config: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, which, str(gold), str(prediction), config],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    if not result["equal"]:
        raise SystemExit(f"{which} found the tables different")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="*", default=[100_000, 300_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    contenders = ["tabeq"]
    try:
        import polars  # noqa: F401

        contenders.append("polars")
    except ImportError:
        pass
    names = {
        "tabeq": 'tabeq.evaluate(..., limits="lifted")',
        "polars": "polars: read, sort, equals",
    }
    print(
        "| rows | CSV files (MiB) | contender | median (s) | µs per row "
        "| peak memory above import (MiB) | peak / files |"
    )
    print("|---:|---:|---|---:|---:|---:|---:|")
    config = CONFIG.to_json()
    with tempfile.TemporaryDirectory() as tmp:
        for rows in args.rows:
            gold_bytes, prediction_bytes = pair(rows)
            gold, prediction = Path(tmp) / "gold.csv", Path(tmp) / "prediction.csv"
            gold.write_bytes(gold_bytes)
            prediction.write_bytes(prediction_bytes)
            files = len(gold_bytes) + len(prediction_bytes)
            results: dict[str, list[dict[str, float]]] = {c: [] for c in contenders}
            for _ in range(args.rounds):
                for c in contenders:
                    results[c].append(run(c, gold, prediction, config))
            for c in contenders:
                seconds = statistics.median(r["seconds"] for r in results[c])
                peak = statistics.median(r["peak_kib"] for r in results[c]) * 1024
                print(
                    f"| {rows:,} | {files / 2**20:.1f} | {names[c]} | {seconds:.2f} | "
                    f"{seconds / rows * 1e6:.2f} | {peak / 2**20:.0f} | {peak / files:.2f}× |"
                )


if __name__ == "__main__":
    main()
