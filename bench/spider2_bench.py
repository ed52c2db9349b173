"""Spider 2.0 scoring, side by side: the official routine (``pd.read_csv`` + its comparison
functions, read from the official ``evaluate.py`` given by path) against ``tabeq.spider2`` on the
same inputs. Prints ratios; record them in BENCHMARKS.md with this command.

    python bench/spider2_bench.py --official PATH/evaluate.py --gold-dir PATH/gold [--instances 100]

Inputs: for each instance, the prediction is a row-shuffled copy of its first gold table, scored
against its gold files with the eval file's ``condition_cols`` and ``ignore_order``, by the function
the official run picks (``ID.csv``: the single-gold function; ``ID_a.csv``...: the multi-gold one).
Each side runs ``--repeat`` times; min and median are printed, ratios use medians.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pandas as pd
from tabeq import spider2

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "spider2"))
from differential import load_official  # noqa: E402


def timings(n: int, fn: Callable[[], Any]) -> tuple[float, float]:
    """(min, median) seconds over n runs."""
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--official", required=True)
    ap.add_argument("--gold-dir", required=True)
    ap.add_argument("--instances", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    single, multi = load_official(args.official)
    gold_dir = Path(args.gold_dir)
    names = sorted(p.name for p in (gold_dir / "exec_result").iterdir())
    standards = [
        json.loads(x) for x in (gold_dir / "spider2lite_eval.jsonl").read_text().splitlines() if x.strip()
    ]
    rng = random.Random(27)
    cases = []
    for s in standards:
        files = [n for n in names if re.match(rf"^{re.escape(s['instance_id'])}(_[a-z])?\.csv$", n)]
        if not files:
            continue
        if f"{s['instance_id']}.csv" in files:
            files = [f"{s['instance_id']}.csv"]  # the official run's single-gold case
        golds = [(gold_dir / "exec_result" / f).read_bytes() for f in files]
        lines = golds[0].decode("utf-8").splitlines()
        body = lines[1:]
        rng.shuffle(body)
        pred = ("\n".join(lines[:1] + body) + "\n").encode()
        one = files == [f"{s['instance_id']}.csv"]
        cases.append((pred, golds, one, s.get("condition_cols"), bool(s.get("ignore_order", False))))
    cases = cases[: args.instances]
    total_bytes = sum(len(p) + sum(map(len, g)) for p, g, _, _, _ in cases)

    def official() -> list[int]:
        out = []
        for pred, golds, one, cond, io_ in cases:
            try:
                p = pd.read_csv(io.BytesIO(pred))
                gs = [pd.read_csv(io.BytesIO(g)) for g in golds]
                out.append(int(single(p, gs[0], cond, io_) if one else multi(p, gs, cond, io_)))
            except Exception:
                out.append(0)
        return out

    def arg(golds: list[bytes], one: bool) -> Any:
        return golds[0] if one else list(golds)

    def ours() -> list[int]:
        return [spider2.compare(p, arg(g, one), c, i).score for p, g, one, c, i in cases]

    prepared = [spider2.Gold(arg(g, one), c, i) for _, g, one, c, i in cases]

    def ours_prepared() -> list[int]:
        return [gold.score(p) for gold, (p, *_) in zip(prepared, cases)]

    verdicts = official()
    same = verdicts == ours() == ours_prepared()
    t_off = timings(args.repeat, official)
    t_ours = timings(args.repeat, ours)
    t_prep = timings(args.repeat, ours_prepared)
    print(
        f"{len(cases)} instances ({sum(c[2] for c in cases)} with one gold file), "
        f"{total_bytes / 1e6:.1f} MB of CSV, {sum(verdicts)} passes; pandas {pd.__version__}; "
        f"same verdicts: {same}"
    )
    rows = [
        ("official (read_csv + compare_*_pandas_table)", t_off),
        ("tabeq.spider2.compare (read + explained verdict)", t_ours),
        ("tabeq.spider2.Gold.score (prepared gold, RL loop)", t_prep),
    ]
    for name, (lo, med) in rows:
        ratio = t_off[1] / med
        print(f"{name:52s} min {lo * 1e3:9.1f} ms  median {med * 1e3:9.1f} ms  official/this {ratio:7.1f}x")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
