#!/usr/bin/env python3
"""Side-by-side benchmark: tabeq vs the official DataSpace evaluator on the same inputs.

    python bench/run.py [--official PATH/TO/evaluate.py] [--out bench-out] [--repeat 5]

Inputs are generated here (never committed) with bench/gen_suite.py and bench/gen_worst.py.
Every timing is wall-clock; each case reports min and median over its repeats, and the
ratio official/tabeq uses the medians measured in this same run. Without --official only
tabeq is timed. Results are printed as a Markdown table and saved to OUT/results.json.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Optional

HERE = Path(__file__).resolve().parent
TABEQ_CLI = [sys.executable, "-m", "tabeq", "evaluate", "--quiet"]


def generate(out: Path) -> dict[str, Path]:
    """Generate every input suite once (skipped when already present)."""
    suites: dict[str, Path] = {}

    def gen(name: str, args: list[str]) -> None:
        path = out / name
        if not (path / "configs").is_dir():
            shutil.rmtree(path, ignore_errors=True)
            subprocess.run([sys.executable, *args, "--out", str(path)], check=True)
        suites[name] = path

    gen("suite410", [str(HERE / "gen_suite.py"), "--tasks", "410", "--seed", "1"])
    for cols in (6, 7, 8):
        gen(f"worst_{cols}", [str(HERE / "gen_worst.py"), "--rows", "12962", "--cols", str(cols)])
    wide = out / "wide_64x100000"
    if not (wide / "configs").is_dir():
        write_wide(wide, cols=64, rows=100_000, values=100, match=False)
    suites["wide_64x100000"] = wide
    big = out / "match_20mib"
    if not (big / "configs").is_dir():
        write_wide(big, cols=16, rows=100_000, values=10**9, match=True, keep_column_order=True)
    suites["match_20mib"] = big
    return suites


def write_wide(
    out: Path, cols: int, rows: int, values: int, match: bool, keep_column_order: bool = False
) -> None:
    """Many same-typed number columns with small values so the file stays within 20 MiB.

    gen_worst.py writes values up to 1e6 with two decimals, which at 64 columns x 100,000
    rows would exceed the 20 MiB CSV limit; this writer keeps the same shape (reversed or
    kept column order, shuffled rows, one wrong cell unless `match`) with shorter values.
    """
    rng = random.Random(7)
    for sub in ("gold/task_1", "predictions/task_1", "configs"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    comparison = {"mode": "decimal_places", "digits": 2}
    specs = [
        {"gold_index": i, "gold_name": f"c{i}", "type": "number", "comparison": comparison}
        for i in range(cols)
    ]
    config = {"schema_version": "1.0", "task_id": "task_1", "order_sensitive": False, "columns": specs}
    (out / "configs" / "task_1.json").write_text(json.dumps(config))
    data = [[str(rng.randrange(values)) for _ in range(cols)] for _ in range(rows)]
    with open(out / "gold" / "task_1" / "gold.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow([s["gold_name"] for s in specs])
        w.writerows(data)
    pred = [list(r) if keep_column_order else list(reversed(r)) for r in data]
    if not match:
        pred[-1][0] = str(values)
    rng.shuffle(pred)
    with open(out / "predictions" / "task_1" / "prediction.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow([f"p{i}" for i in range(cols)])
        w.writerows(pred)


def run_cli(cmd: list[str], suite: Path, output: Path, timeout: Optional[float]) -> Optional[float]:
    args = [
        *cmd,
        "--prediction-root",
        str(suite / "predictions"),
        "--gold-root",
        str(suite / "gold"),
        "--config-root",
        str(suite / "configs"),
        "--output",
        str(output),
    ]
    start = time.perf_counter()
    try:
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start


def timed(fn: Callable[[], Optional[float]], repeat: int) -> list[Optional[float]]:
    return [fn() for _ in range(repeat)]


def summarize(samples: list[Optional[float]]) -> dict[str, Any]:
    done = [s for s in samples if s is not None]
    if len(done) < len(samples):
        return {"min": None, "median": None, "timed_out": True, "runs": len(samples)}
    return {"min": min(done), "median": statistics.median(done), "timed_out": False, "runs": len(samples)}


def same_verdicts(a: Path, b: Path) -> bool:
    ta = json.loads(a.read_text())["tasks"]
    tb = json.loads(b.read_text())["tasks"]
    keys = ("task_id", "passed", "error_code", "column_mapping")
    return [[t[k] for k in keys] for t in ta] == [[t[k] for k in keys] for t in tb]


def python_overheads(repeat: int) -> list[dict[str, Any]]:
    import timeit

    import tabeq

    config = tabeq.TaskConfig(columns=[tabeq.text("a"), tabeq.number("b", decimal_places=2)])
    gold, pred = b"a,b\nx,1.5\n", b"B,A\n1.50,x\n"
    calls = 20000
    best = min(timeit.repeat(lambda: tabeq.evaluate(pred, gold, config), number=calls, repeat=repeat))
    per_call = best / calls
    rows: list[dict[str, Any]] = []
    one_row = "Python: one-row task, tabeq.evaluate per call"
    rows.append({"case": one_row, "tabeq": {"min": per_call, "median": per_call}})

    rng = random.Random(3)
    tasks = []
    for _ in range(10_000):
        n = rng.randrange(1, 20)
        vals = [(f"k{rng.randrange(50)}", f"{rng.uniform(0, 100):.3f}") for _ in range(n)]
        g = "a,b\n" + "".join(f"{a},{b}\n" for a, b in vals)
        p = "b,a\n" + "".join(f"{b},{a}\n" for a, b in reversed(vals))
        tasks.append((p.encode(), g.encode(), config))
    one = min(timeit.repeat(lambda: tabeq.evaluate_many(tasks, threads=1), number=1, repeat=repeat))
    many = min(timeit.repeat(lambda: tabeq.evaluate_many(tasks), number=1, repeat=repeat))
    single = "Python: evaluate_many, 10,000 small tasks, 1 thread"
    rows.append({"case": single, "tabeq": {"min": one, "median": one}})
    rows.append(
        {
            "case": f"Python: evaluate_many, 10,000 small tasks, {os.cpu_count()} threads",
            "tabeq": {"min": many, "median": many},
            "speedup_vs_1_thread": one / many,
        }
    )
    return rows


def in_process(suite: Path, repeat: int) -> dict[str, Any]:
    """tabeq.evaluate on the task's bytes, already in memory (no process start, no file reads)."""
    import tabeq

    config = tabeq.load_config(suite / "configs" / "task_1.json")
    gold = (suite / "gold" / "task_1" / "gold.csv").read_bytes()
    pred = (suite / "predictions" / "task_1" / "prediction.csv").read_bytes()
    samples: list[Optional[float]] = []
    for _ in range(repeat):
        start = time.perf_counter()
        tabeq.evaluate(pred, gold, config)
        samples.append(time.perf_counter() - start)
    return summarize(samples)


def fmt(seconds: Optional[float]) -> str:
    if seconds is None:
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--official", help="path to the official evaluate.py (times it side by side)")
    parser.add_argument("--out", default="bench-out", help="where inputs and outputs go (not committed)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per tabeq case")
    parser.add_argument("--official-repeat", type=int, default=3, help="runs per official case under 60 s")
    parser.add_argument(
        "--official-timeout", type=float, default=2400.0, help="seconds before an official run is cut"
    )
    parser.add_argument(
        "--skip-official", default="wide_64x100000", help="comma-separated cases not run officially"
    )
    args = parser.parse_args()

    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    suites = generate(out)
    skip = set(filter(None, args.skip_official.split(",")))
    rows: list[dict[str, Any]] = []
    for name, suite in suites.items():
        print(f"== {name}", file=sys.stderr, flush=True)
        t_out = out / f"{name}.tabeq.json"
        tabeq_stats = summarize(timed(lambda s=suite, o=t_out: run_cli(TABEQ_CLI, s, o, None), args.repeat))
        row: dict[str, Any] = {"case": f"{name} (CLI, end to end)", "tabeq": tabeq_stats}
        if name != "suite410":
            row["tabeq_in_process"] = in_process(suite, args.repeat)
        if args.official and name not in skip:
            o_out = out / f"{name}.official.json"
            cmd = [sys.executable, args.official]
            first = run_cli(cmd, suite, o_out, args.official_timeout)
            samples = [first]
            if first is not None and first < 60:
                again = args.official_repeat - 1
                samples += timed(
                    lambda c=cmd, s=suite, o=o_out: run_cli(c, s, o, args.official_timeout), again
                )
            row["official"] = summarize(samples)
            if not row["official"]["timed_out"]:
                row["same_verdicts"] = same_verdicts(t_out, o_out)
                row["ratio"] = row["official"]["median"] / tabeq_stats["median"]
                if "tabeq_in_process" in row:
                    row["ratio_in_process"] = row["official"]["median"] / row["tabeq_in_process"]["median"]
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    rows += python_overheads(args.repeat)
    (out / "results.json").write_text(json.dumps(rows, indent=2))

    print(
        "| case | tabeq CLI min | tabeq CLI median | tabeq in-process median | official min "
        "| official median | official / tabeq CLI | official / tabeq in-process | same verdicts |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        t = r["tabeq"]
        o = r.get("official", {})
        ratio = f"{r['ratio']:.0f}×" if "ratio" in r else ("timed out" if o.get("timed_out") else "—")
        if "speedup_vs_1_thread" in r:
            ratio = f"{r['speedup_vs_1_thread']:.2f}× vs 1 thread"
        same = {True: "yes", False: "NO"}.get(r.get("same_verdicts"), "—")
        inproc = fmt(r["tabeq_in_process"]["median"]) if "tabeq_in_process" in r else "—"
        ratio_in = f"{r['ratio_in_process']:.0f}×" if "ratio_in_process" in r else "—"
        print(
            f"| {r['case']} | {fmt(t['min'])} | {fmt(t['median'])} | {inproc} | {fmt(o.get('min'))} | "
            f"{fmt(o.get('median'))} | {ratio} | {ratio_in} | {same} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
