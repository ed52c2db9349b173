"""Peak memory and time of Spider 2.0 scoring against the result file's size (issue 38).

For each size, writes a result CSV (``mixed``: an int, a float, a short text and a date-like
text column; ``one-character text``: an int and seven one-character text columns; ``empty
cells``: an int and seven empty (missing) cells, the most cells per byte; rows until the size is
reached) and a gold holding its first column, then scores them in a fresh process under
``/usr/bin/time -v`` (``tabeq.spider2.compare`` with paths; ``IGNORE_ORDER=1`` passes
``ignore_order=True``) and prints a Markdown row: size, peak RSS, peak RSS minus the process
alone (Python with tabeq imported), that difference divided by the size, and wall time.

    python bench/spider2_memory.py [MIB ...]          # default: 5 10 20 40 80
    PYTHON=/other/venv/bin/python python bench/spider2_memory.py 10   # another build
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PYTHON = os.environ.get("PYTHON", sys.executable)
IGNORE_ORDER = os.environ.get("IGNORE_ORDER") == "1"
SCORE = (
    "import sys, tabeq.spider2 as s; "
    f"r = s.compare(sys.argv[1], sys.argv[2], ignore_order={IGNORE_ORDER}); assert r.score == 1, r.error"
)
ALONE = "import tabeq.spider2"


def write_tables(folder: Path, size: int, shape: str) -> tuple[Path, Path]:
    rng = random.Random(size)
    result, gold = folder / "result.csv", folder / "gold.csv"
    written = 0
    with result.open("w", encoding="utf-8") as r, gold.open("w", encoding="utf-8") as g:
        r.write("id,amount,name,day\n" if shape == "mixed" else "id,a,b,c,d,e,f,g\n")
        g.write("id\n")
        i = 0
        while written < size:
            if shape == "mixed":
                day = f"2024-{i % 12 + 1:02d}-{i % 28 + 1:02d}"
                line = f"{i},{rng.random() * 1000:.3f},name{rng.randrange(10**6)},{day}\n"
            elif shape == "one-character text":  # two bytes a text cell
                line = f"{i}," + ",".join(rng.choice("xyz") for _ in range(7)) + "\n"
            else:  # one byte a cell: seven float64 columns of NaN
                line = f"{i}" + "," * 7 + "\n"
            r.write(line)
            g.write(f"{i}\n")
            written += len(line)
            i += 1
    return result, gold


def measure(code: str, *args: str) -> tuple[int, float]:
    done = subprocess.run(
        ["/usr/bin/time", "-v", PYTHON, "-c", code, *args], capture_output=True, text=True, check=True
    )
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))  # type: ignore[union-attr]
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    assert wall is not None
    hours, minutes, seconds = wall.groups()
    return rss, int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds)


def main() -> None:
    sizes = [float(a) for a in sys.argv[1:]] or [5, 10, 20, 40, 80]
    alone, _ = measure(ALONE)
    print(f"process alone: {alone / 1024:.0f} MiB")
    print(
        "| table | result file (MiB) | peak RSS (MiB) | minus process alone (MiB) | per byte of file"
        " | wall (s) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for shape in ("mixed", "one-character text", "empty cells"):
        for mib in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                result, gold = write_tables(Path(tmp), int(mib * 1024 * 1024), shape)
                size = result.stat().st_size
                rss, wall = measure(SCORE, str(result), str(gold))
            extra = (rss - alone) * 1024
            print(
                f"| {shape} | {size / 2**20:.1f} | {rss / 1024:.0f} | {extra / 2**20:.0f}"
                f" | {extra / size:.1f} | {wall:.2f} |"
            )


if __name__ == "__main__":
    main()
