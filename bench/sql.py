"""Speed of tabeq.sql.result_eq against the official Spider 1.0 test-suite result_eq.

Usage: python bench/sql.py --test-suite PATH/test-suite-sql-eval [--official-limit 120]

Normal inputs: 200 random result pairs (up to 50 rows x 6 columns). Hard inputs: the official's
slow case, 3 rows x n equal-valued columns (n = 8, 9, 10) that match only up to a permutation
found late, and 0/1 cycle tables. The official is run under an alarm (--official-limit
seconds); a case it does not finish is reported as "> limit".
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import signal
import sys
import time
import types
from typing import Any, Callable

from tabeq import sql


def load(path: str) -> Any:
    sys.modules.setdefault(
        "parse", types.SimpleNamespace(get_all_preds_for_execution=None, remove_distinct=None)
    )  # type: ignore[arg-type]
    sys.modules.setdefault("tqdm", types.SimpleNamespace(tqdm=None))  # type: ignore[arg-type]
    spec = importlib.util.spec_from_file_location("exec_eval", f"{path}/exec_eval.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Timeout(Exception):
    pass


def timed(fn: Callable[[], Any], limit: float | None = None) -> tuple[Any, float | None]:
    if limit:
        signal.setitimer(signal.ITIMER_REAL, limit)
    start = time.perf_counter()
    try:
        out = fn()
    except Timeout:
        return None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return out, time.perf_counter() - start


def slow_case(n: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Every column is a cyclic shift of (1, 2, 3): nothing prunes, the sorted rows agree, and no
    permutation matches (the shift counts differ), so the official walks all n**n candidates."""
    a = (n + 2) // 3
    c = n - 2 * a

    def table(counts: list[int]) -> list[tuple[int, ...]]:
        shifts = [s for s, k in enumerate(counts) for _ in range(k)]
        return [tuple((r + s) % 3 + 1 for s in shifts) for r in range(3)]

    return table([a, a, c]), table([a, c, a])


def cycles(n: int, lengths: list[int]) -> list[tuple[int, ...]]:
    rows, base = [], 0
    for length in lengths:
        for k in range(length):
            row = [0] * n
            row[base + k] = 1
            row[base + (k + 1) % length] = 1
            rows.append(tuple(row))
        base += length
    return rows


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--test-suite", required=True)
    parser.add_argument("--official-limit", type=float, default=120.0)
    args = parser.parse_args()
    official = load(args.test_suite)
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(Timeout()))

    rng = random.Random(7)
    pairs = []
    for _ in range(200):
        rows, cols = rng.randrange(1, 50), rng.randrange(1, 7)
        gold = [tuple(rng.choice([1, 2.0, "a", None, True]) for _ in range(cols)) for _ in range(rows)]
        perm = list(range(cols))
        rng.shuffle(perm)
        pairs.append((gold, [tuple(r[p] for p in perm) for r in reversed(gold)]))
    _, t_off = timed(lambda: [official.result_eq(a, b, False) for a, b in pairs])
    _, t_tab = timed(lambda: [sql.result_eq(a, b, False) for a, b in pairs])
    assert t_off is not None and t_tab is not None
    print(
        f"normal: 200 pairs  official {t_off * 1e3:.1f} ms  tabeq {t_tab * 1e3:.1f} ms"
        f"  ratio {t_off / t_tab:.1f}x"
    )

    hard = [(f"3 rows x {n} columns", *slow_case(n)) for n in (8, 9, 10)]
    hard += [(f"cycle {n} vs 3+{n - 3} cycles", cycles(n, [n]), cycles(n, [3, n - 3])) for n in (8, 10)]
    for name, gold, pred in hard:
        want, t_tab = timed(lambda gold=gold, pred=pred: sql.result_eq(gold, pred, False))
        got, t_off = timed(
            lambda gold=gold, pred=pred: official.result_eq(gold, pred, False), args.official_limit
        )
        assert t_tab is not None
        official_text = f"> {args.official_limit:.0f} s" if t_off is None else f"{t_off:.3f} s"
        agree = "" if got is None else ("  same verdict" if got == want else "  DIFFERENT VERDICT")
        print(f"hard: {name}  official {official_text}  tabeq {t_tab * 1e3:.2f} ms  verdict {want}{agree}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
