#!/usr/bin/env python3
"""Embedding benchmark: one gold against many predictions, side by side in one run.

    python bench/embed.py [--repeat 5] [--out bench-out/embed.json] [--only small] [--predictions N]

Each case times the new path (``tabeq.Gold``) and today's path on the same generated inputs in
the same process, ``--repeat`` times interleaved, and reports min and median; ratios use the
medians of this run (the machine is shared, so only ratios from one run are meaningful).

* small: 20,000 predictions of 1-20 rows against one 10-row gold — ``Gold.scores`` (2 threads)
  vs ``evaluate_many`` (2 threads) vs a plain ``evaluate`` loop vs plain Python loops that only
  split each prediction with ``bytes.split`` (into lines; into rows and cells), in predictions per
  second;
* one prediction: ``Gold.scores([p])`` vs ``Gold.evaluate(p)``, per call (``--only small`` runs
  these and the small cases only);
* big gold: 200 tiny predictions against a 3.1 MB gold — ``Gold(...)`` + ``Gold.scores`` vs
  ``evaluate_many(threads=2)``, with the resident-memory growth of each;
* group of 8: a GRPO group scored with one ``Gold.scores`` call vs an ``evaluate`` loop, per
  prediction;
* partial credit: ``Gold.partial_credit`` vs ``explain(...).partial_credit``, per prediction.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

import tabeq
from tabeq.explain import explain

CONFIG = tabeq.TaskConfig(
    [tabeq.text("city"), tabeq.number("amount", decimal_places=2), tabeq.date("day"), tabeq.text("code")]
)


def rows(count: int, seed: int) -> list[tuple[str, str, str, str]]:
    rng = random.Random(seed)
    return [
        (
            f"city{rng.randrange(10**6)}",
            f"{rng.uniform(0, 1e4):.2f}",
            f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}",
            f"c{i % 7}",
        )
        for i in range(count)
    ]


def csv_bytes(header: str, body: list[tuple[str, ...]]) -> bytes:
    return (header + "\n" + "".join(",".join(r) + "\n" for r in body)).encode()


def small_predictions(gold_rows: list[tuple[str, str, str, str]], count: int, seed: int) -> list[bytes]:
    """Predictions of 1-20 rows: right answers with rows and columns shuffled, one wrong cell,
    or another row count."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        body = list(gold_rows)
        kind = i % 4
        if kind == 1:
            body[rng.randrange(len(body))] = ("wrong", "1.00", "2024-01-01", "c0")
        elif kind == 2:
            body = [gold_rows[rng.randrange(len(gold_rows))] for _ in range(rng.randint(1, 20))]
        rng.shuffle(body)
        # Columns in another order, amounts with another number of decimals.
        out.append(csv_bytes("code,day,CITY,amount", [(c, d, a, f"{float(b):.3f}") for a, b, d, c in body]))
    return out


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def rss_bytes() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * 4096


class Case:
    def __init__(self, name: str, unit: str) -> None:
        self.name, self.unit, self.times, self.extra = name, unit, [], {}  # type: ignore[var-annotated]

    def add(self, seconds: float) -> None:
        self.times.append(seconds)

    def summary(self, scale: float) -> dict[str, Any]:
        return {
            "case": self.name,
            "unit": self.unit,
            "min": min(self.times) * scale,
            "median": statistics.median(self.times) * scale,
            **self.extra,
        }


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--out", default="bench-out/embed.json")
    parser.add_argument("--predictions", type=int, default=20_000, help="small predictions (default 20,000)")
    parser.add_argument(
        "--only",
        choices=["all", "small"],
        default="all",
        help="small: only the small-prediction cases (batch, one prediction, bytes.split loops)",
    )
    args = parser.parse_args(argv)

    gold_rows = rows(10, seed=1)
    gold_csv = csv_bytes("city,amount,day,code", gold_rows)
    gold = tabeq.Gold(gold_csv, CONFIG)
    small = small_predictions(gold_rows, args.predictions, seed=2)
    group = small[:8]
    partial = small[:2000]
    explained = small[:300]

    big_rows = rows(95_000, seed=3)
    big_csv = csv_bytes("city,amount,day,code", big_rows)
    tiny = [csv_bytes("c,a,d,k", [r]) for r in big_rows[:200]]

    cases = {
        "scores": Case("small: Gold.scores, 2 threads", "predictions/s"),
        "many": Case("small: evaluate_many, 2 threads", "predictions/s"),
        "loop": Case("small: evaluate loop", "predictions/s"),
        "lines": Case("small: plain Python bytes.split loop (lines)", "predictions/s"),
        "split": Case("small: plain Python bytes.split loop (rows and cells)", "predictions/s"),
        "big_gold": Case(
            f"big gold ({len(big_csv) / 1e6:.1f} MB), 200 predictions: Gold + Gold.scores", "ms"
        ),
        "big_many": Case("big gold, 200 predictions: evaluate_many, 2 threads", "ms"),
        "one_scores": Case("one prediction: Gold.scores([p])", "µs per call"),
        "one_evaluate": Case("one prediction: Gold.evaluate(p)", "µs per call"),
        "group_gold": Case("group of 8: Gold.scores per group", "µs per prediction"),
        "group_loop": Case("group of 8: evaluate loop", "µs per prediction"),
        "pc_gold": Case("partial credit: Gold.partial_credit", "µs per prediction"),
        "pc_explain": Case("partial credit: explain(...).partial_credit", "µs per prediction"),
    }
    rss_gold, rss_many = [], []
    for repeat in range(args.repeat):
        cases["scores"].add(timed(lambda: gold.scores(small, threads=2)))
        cases["many"].add(
            timed(lambda: tabeq.evaluate_many([(p, gold_csv, CONFIG) for p in small], threads=2))
        )
        cases["loop"].add(
            timed(lambda: [tabeq.evaluate(p, gold_csv, CONFIG) for p in small[:5000]]) * len(small) / 5000
        )
        # The floor of any Python scorer: split each prediction into lines (then cells), nothing more.
        cases["lines"].add(timed(lambda: [p.split(b"\n") for p in small]))
        cases["split"].add(timed(lambda: [[r.split(b",") for r in p.split(b"\n")] for p in small]))
        # A batch of one against the single-prediction call (issue 42: no pool hand-off for it).
        cases["one_scores"].add(timed(lambda: [gold.scores([p]) for p in small]) / len(small))
        cases["one_evaluate"].add(timed(lambda: [gold.evaluate(p) for p in small]) / len(small))
        if args.only == "small":
            continue

        before = rss_bytes()
        cases["big_gold"].add(timed(lambda: tabeq.Gold(big_csv, CONFIG).scores(tiny)))
        rss_gold.append(rss_bytes() - before)
        if repeat < 2:  # about 10 s each: two runs are enough to show the difference
            before = rss_bytes()
            cases["big_many"].add(
                timed(lambda: tabeq.evaluate_many([(p, big_csv, CONFIG) for p in tiny], threads=2))
            )
            rss_many.append(rss_bytes() - before)

        cases["group_gold"].add(
            timed(lambda: [gold.scores(small[i : i + 8]) for i in range(0, 16_000, 8)]) / 16_000
        )
        cases["group_loop"].add(
            timed(
                lambda: [
                    [tabeq.evaluate(p, gold_csv, CONFIG) for p in small[i : i + 8]]
                    for i in range(0, 16_000, 8)
                ]
            )
            / 16_000
        )
        cases["pc_gold"].add(timed(lambda: gold.partial_credit(partial)) / len(partial))
        cases["pc_explain"].add(
            timed(lambda: [explain(p, gold_csv, CONFIG).partial_credit for p in explained]) / 300
        )
    assert gold.scores(group) == [tabeq.evaluate(p, gold_csv, CONFIG).score for p in group]

    count = len(small)
    results = [
        {
            **cases[k].summary(1.0),
            "min": count / min(cases[k].times),
            "median": count / statistics.median(cases[k].times),
        }
        for k in ("scores", "many", "loop", "lines", "split")
    ]
    if rss_gold:
        cases["big_gold"].extra["rss_growth_mb"] = max(rss_gold) / 1e6
        cases["big_many"].extra["rss_growth_mb"] = max(rss_many) / 1e6
    later = ("big_gold", "big_many", "group_gold", "group_loop", "pc_gold", "pc_explain")
    if args.only == "small":
        later = ()
    results += [cases[k].summary(1e3) for k in ("big_gold", "big_many") if k in later]
    results += [cases[k].summary(1e6) for k in ("one_scores", "one_evaluate")]
    results += [
        cases[k].summary(1e6) for k in ("group_gold", "group_loop", "pc_gold", "pc_explain") if k in later
    ]
    by_name = {r["case"]: r for r in results}

    def ratio(a: str, b: str, inverse: bool = False) -> float:
        x, y = by_name[cases[a].name]["median"], by_name[cases[b].name]["median"]
        return y / x if inverse else x / y

    ratios = {
        "Gold.scores / evaluate_many (throughput)": ratio("scores", "many"),
        "Gold.scores / evaluate loop (throughput)": ratio("scores", "loop"),
        "Gold.scores / bytes.split loop, lines (throughput)": ratio("scores", "lines"),
        "Gold.scores / bytes.split loop, rows and cells (throughput)": ratio("scores", "split"),
        "Gold.scores([p]) / Gold.evaluate(p) (time per call)": ratio("one_scores", "one_evaluate"),
    }
    if args.only == "all":
        ratios |= {
            "evaluate_many / Gold (big gold, time)": ratio("big_many", "big_gold"),
            "evaluate loop / Gold.scores (group of 8, time per prediction)": ratio(
                "group_loop", "group_gold"
            ),
            "explain / Gold.partial_credit (time per prediction)": ratio("pc_explain", "pc_gold"),
        }
    print("| case | best | median | unit | RSS growth |\n|---|---|---|---|---|")
    for r in results:
        growth = f"{r['rss_growth_mb']:.1f} MB" if "rss_growth_mb" in r else ""
        print(f"| {r['case']} | {r['min']:,.1f} | {r['median']:,.1f} | {r['unit']} | {growth} |")
    print("\n| ratio (medians) | value |\n|---|---|")
    for name, value in ratios.items():
        print(f"| {name} | {value:.2f}× |")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"results": results, "ratios": ratios}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
