"""Trust analysis: time and peak memory of ``tabeq trust reliability`` against input size.

    python bench/trust.py [--records N ...] [--datasets D --models M] [--skip-json]

Each measurement runs in its own process (``tabeq trust reliability FILE --format json``
through ``python -m tabeq``), so the peak resident set size (``ru_maxrss`` of the child) is
the whole run's. Beside it, in the same run, a plain ``json.loads`` loop over the same lines
(the floor a Python user would write by hand). Inputs are generated in a temporary folder:

* ``records``: N label records over 8 models × 7 datasets × 4 operators (the paper's shape);
* ``wide``: D datasets and M models, 2·max(D, M) records (the many-distinct-keys shape).

Prints Markdown tables (BENCHMARKS.md quotes them).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

OPERATORS = ["FDM", "DM", "EC", "HC"]
LABELS = ["full", "partial", "none"]


def write_records(path: str, n: int) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n):
            record = {
                "model": f"model-{i % 8}",
                "dataset": f"dataset-{(i // 8) % 7}",
                "operator": OPERATORS[(i // 56) % 4],
                "instance_id": f"q{i // 224}",
                "label": LABELS[(i * 7919) % 3],
            }
            out.write(json.dumps(record) + "\n")


def write_wide(path: str, datasets: int, models: int) -> int:
    """Every dataset and every model present (twice the larger count of records); returns it."""
    n = 2 * max(datasets, models)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n):
            label = LABELS[(i * 7919) % 3]
            out.write(
                f'{{"model": "m{i % models}", "dataset": "d{i % datasets}", "operator": "FDM", '
                f'"instance_id": "i{i}", "label": "{label}"}}\n'
            )
    return n


def child(argv: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MiB) and exit status of one child process (its own rusage, from
    ``os.wait4``)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.stderr.write(err.decode(errors="replace")[-400:])
    return wall, usage.ru_maxrss / 1024, proc.returncode


JSON_LOOP = """import json, sys
with open(sys.argv[1], "rb") as f:
    rows = [json.loads(line) for line in f]
"""


def measure(path: str, skip_json: bool) -> dict[str, float]:
    size = os.path.getsize(path) / 2**20
    tabeq = [sys.executable, "-m", "tabeq", "trust", "reliability", path, "--format", "json"]
    wall, peak, status = child(tabeq)
    row = {"MiB": size, "tabeq_s": wall, "tabeq_peak": peak, "status": status}
    if not skip_json:
        row["json_s"], row["json_peak"], _ = child([sys.executable, "-c", JSON_LOOP, path])
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, nargs="*", default=[35_000, 70_000, 140_000, 280_000, 560_000])
    parser.add_argument(
        "--wide", nargs="*", default=["2000x200", "20000x2000"], help="DATASETSxMODELS shapes"
    )
    parser.add_argument("--skip-json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        columns = ["records", "file (MiB)", "tabeq (s)", "json.loads loop (s)", "speed vs loop"]
        columns += ["tabeq peak (MiB)", "peak / file", "exit"]
        print("| " + " | ".join(columns) + " |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for n in sorted(args.records):
            path = os.path.join(tmp, f"records-{n}.jsonl")
            write_records(path, n)
            r = measure(path, args.skip_json)
            loop = r.get("json_s", float("nan"))
            print(
                f"| {n:,} | {r['MiB']:.1f} | {r['tabeq_s']:.2f} | {loop:.2f} | {loop / r['tabeq_s']:.2f}× "
                f"| {r['tabeq_peak']:.0f} | {r['tabeq_peak'] / r['MiB']:.1f} | {r['status']} |",
                flush=True,
            )
            os.remove(path)
        print()
        print("| datasets × models | records | file (MiB) | tabeq (s) | tabeq peak (MiB) | exit |")
        print("|---|---:|---:|---:|---:|---:|")
        for shape in args.wide:
            d, m = (int(x) for x in shape.split("x"))
            path = os.path.join(tmp, f"wide-{shape}.jsonl")
            n = write_wide(path, d, m)
            r = measure(path, skip_json=True)
            print(
                f"| {d:,} × {m:,} | {n:,} | {r['MiB']:.1f} | {r['tabeq_s']:.2f} "
                f"| {r['tabeq_peak']:.0f} | {r['status']} |",
                flush=True,
            )
            os.remove(path)


if __name__ == "__main__":
    main()
