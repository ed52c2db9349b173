"""Spider 2.0 scoring, side by side: the official routine (``pd.read_csv`` + its comparison
functions, read from the official ``evaluate.py`` given by path) against ``tabeq.spider2`` on the
same inputs. Prints ratios; record them in BENCHMARKS.md with this command.

    python bench/spider2_bench.py --official PATH/evaluate.py --gold-dir PATH/gold [--instances 100]

Inputs: for each instance, the prediction is a row-shuffled copy of its first gold table, scored
against all of its gold files with the eval file's ``condition_cols`` and ``ignore_order``.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pandas as pd
from tabeq import spider2

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "spider2"))
from differential import load_official  # noqa: E402


def best_of(n: int, fn: Callable[[], Any]) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--official", required=True)
    ap.add_argument("--gold-dir", required=True)
    ap.add_argument("--instances", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    _, multi = load_official(args.official)
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
        golds = [(gold_dir / "exec_result" / f).read_bytes() for f in files]
        lines = golds[0].decode("utf-8").splitlines()
        body = lines[1:]
        rng.shuffle(body)
        pred = ("\n".join(lines[:1] + body) + "\n").encode()
        cases.append((pred, golds, s.get("condition_cols"), s.get("ignore_order", False)))
    cases = cases[: args.instances]
    total_bytes = sum(len(p) + sum(map(len, g)) for p, g, _, _ in cases)

    def official() -> list[int]:
        out = []
        for pred, golds, cond, io_ in cases:
            try:
                p = pd.read_csv(io.BytesIO(pred))
                out.append(multi(p, [pd.read_csv(io.BytesIO(g)) for g in golds], cond, io_))
            except Exception:
                out.append(0)
        return out

    def ours() -> list[int]:
        return [spider2.compare(p, list(g), c, i).score for p, g, c, i in cases]

    prepared = [spider2.Gold(list(g), c, i) for _, g, c, i in cases]

    def ours_prepared() -> list[int]:
        return [gold.score(p) for gold, (p, _, _, _) in zip(prepared, cases)]

    assert official() == ours() == ours_prepared(), "verdicts differ"
    t_off = best_of(args.repeat, official)
    t_ours = best_of(args.repeat, ours)
    t_prep = best_of(args.repeat, ours_prepared)
    print(f"{len(cases)} instances, {total_bytes / 1e6:.1f} MB of CSV, pandas {pd.__version__}")
    print(f"official (read_csv + compare_multi_pandas_table): {t_off:.3f}s")
    print(f"tabeq.spider2.compare (read + explained verdict):  {t_ours:.3f}s  ({t_off / t_ours:.1f}x faster)")
    print(f"tabeq.spider2.Gold.score (prepared gold, RL loop): {t_prep:.3f}s  ({t_off / t_prep:.1f}x faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
