"""Differential test of tabeq's text-to-SQL profiles against the official functions.

Usage:
  python tests/sql/differential.py --test-suite PATH/test-suite-sql-eval \
      --bird PATH/mini_dev/evaluation [--cases 3000] [--seed 1] [--write tests/sql/vectors.jsonl]

Generates typed results (None/bool/int/float/str/bytes with frequent collisions, duplicates,
permuted columns), runs the official `result_eq`, `calculate_ex` and `calculate_f1_score` on
them (read from the given paths at run time, never committed) and writes one JSON line per case
with the inputs and the official's outputs. `core/sql/tests/vectors.rs` checks tabeq against
the committed vectors. A case the official does not finish within the alarm is left out.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import signal
import sys
import types
from typing import Any


def load(path: str, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def encode(v: Any) -> list[Any]:
    if v is None:
        return ["z"]
    if isinstance(v, bool):
        return ["b", v]
    if isinstance(v, int):
        return ["i", v]
    if isinstance(v, float):
        return ["f", repr(v)]
    if isinstance(v, str):
        return ["s", v]
    if isinstance(v, bytes):
        return ["y", v.hex()]
    raise TypeError(v)


def enc_number(x: Any) -> list[Any]:
    return ["i", x] if isinstance(x, int) else ["f", repr(x)]


def random_text(rng: random.Random) -> str:
    pool = ["a", "b", "1", "10", "1.0", "True", "None", "é", "\U0001f600", "\U000e0100", "\U0010fffd"]
    if rng.random() < 0.2:
        return (
            "".join(chr(rng.randrange(0x20, 0x110000)) for _ in range(rng.randrange(3)))
            .encode("utf-8", "replace")
            .decode("utf-8", "replace")
            .replace("\ud800", "")
        )
    return rng.choice(pool)


def random_value(rng: random.Random) -> Any:
    kind = rng.randrange(8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, 1, 2, 10, -1, 2**53 + 1])
    if kind == 3:
        return rng.choice([0.0, -0.0, 1.0, 2.0, 10.0, 0.5, 1e16, 1e-05, 2.0**53, float("inf")])
    if kind == 4:
        return float("nan") if rng.random() < 0.1 else rng.choice([1.0, 0.1 + 0.2, 3.0])
    if kind == 5:
        return random_text(rng)
    if kind == 6:
        return rng.choice([b"", b"a", b"'", b"\"'", b"\x00\xff"])
    return rng.choice([0, 1, 1.0, True, "1"])


def random_table(rng: random.Random) -> list[tuple[Any, ...]]:
    rows, cols = rng.randrange(0, 5), rng.randrange(0, 5)
    palette = [random_value(rng) for _ in range(rng.randrange(1, 5))]
    return [tuple(rng.choice(palette) for _ in range(cols)) for _ in range(rows)]


def variant(rng: random.Random, table: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """A near copy: columns permuted, rows shuffled, sometimes a value or a row changed."""
    if not table:
        return random_table(rng)
    cols = len(table[0])
    perm = list(range(cols))
    rng.shuffle(perm)
    out = [tuple(row[p] for p in perm) for row in table]
    if rng.random() < 0.5:
        rng.shuffle(out)
    if rng.random() < 0.3 and cols:
        i = rng.randrange(len(out))
        row = list(out[i])
        row[rng.randrange(cols)] = random_value(rng)
        out[i] = tuple(row)
    if rng.random() < 0.15:
        out.append(rng.choice(out))
    if rng.random() < 0.1:
        out = [tuple(float(v) if type(v) is int else v for v in row) for row in out]
    return out


def hard_cases() -> list[tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]]:
    out = []
    for n in (5, 6, 7):
        # A cycle on n columns against a 3-cycle plus an (n-3)-cycle (0/1 incidence rows).
        def cycles(lengths: list[int], n: int = n) -> list[tuple[int, ...]]:
            rows, base = [], 0
            for length in lengths:
                for k in range(length):
                    row = [0] * n
                    row[base + k] = 1
                    row[base + (k + 1) % length] = 1
                    rows.append(tuple(row))
                base += length
            return rows

        out.append((cycles([n]), cycles([3, n - 3])))
        out.append((cycles([n]), list(reversed(cycles([n])))))
    return out


class Timeout(Exception):
    pass


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--test-suite", required=True)
    parser.add_argument("--bird", required=True)
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", default="tests/sql/vectors.jsonl")
    args = parser.parse_args()
    sys.path.insert(0, args.bird)
    # exec_eval.py imports its SQL parser and tqdm at the top; result_eq uses neither.
    sys.modules.setdefault(
        "parse", types.SimpleNamespace(get_all_preds_for_execution=None, remove_distinct=None)
    )  # type: ignore[arg-type]
    # evaluation_{ex,f1}.py import their database runners; the scoring functions use none of it.
    names = ["load_jsonl", "execute_sql", "package_sqls", "sort_results", "print_data"]
    sys.modules.setdefault("evaluation_utils", types.SimpleNamespace(**dict.fromkeys(names)))  # type: ignore[arg-type]
    sys.modules.setdefault("tqdm", types.SimpleNamespace(tqdm=None))  # type: ignore[arg-type]
    sys.modules.setdefault(
        "func_timeout", types.SimpleNamespace(func_timeout=None, FunctionTimedOut=Exception)
    )  # type: ignore[arg-type]
    exec_eval = load(f"{args.test_suite}/exec_eval.py", "exec_eval")
    ev_ex = load(f"{args.bird}/evaluation_ex.py", "evaluation_ex")
    ev_f1 = load(f"{args.bird}/evaluation_f1.py", "evaluation_f1")

    def on_alarm(*_: Any) -> None:
        raise Timeout

    signal.signal(signal.SIGALRM, on_alarm)
    rng = random.Random(args.seed)
    pairs = hard_cases()
    while len(pairs) < args.cases:
        a = random_table(rng)
        pairs.append((a, variant(rng, a) if rng.random() < 0.8 else random_table(rng)))
    written = skipped = 0

    # A DB-API cursor builds a new float object per cell: no NaN object is shared by two cells
    # (Python's identity shortcut would make a shared NaN equal itself).
    def fresh(table: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        return [tuple(float("nan") if isinstance(v, float) and v != v else v for v in r) for r in table]

    pairs = [(fresh(a), fresh(b)) for a, b in pairs]
    with open(args.write, "w", encoding="utf-8") as out:
        for a, b in pairs:
            case: dict[str, Any] = {
                "a": [[encode(v) for v in r] for r in a],
                "b": [[encode(v) for v in r] for r in b],
            }
            for order in (False, True):
                signal.alarm(5)
                try:
                    case[f"result_eq_{'ordered' if order else 'unordered'}"] = exec_eval.result_eq(
                        a, b, order
                    )
                except Timeout:
                    case[f"result_eq_{'ordered' if order else 'unordered'}"] = "timeout"
                except Exception as e:  # noqa: BLE001 - the official's exception is the verdict
                    case[f"result_eq_{'ordered' if order else 'unordered'}"] = "error:" + type(e).__name__
                finally:
                    signal.alarm(0)
            case["bird_ex"] = ev_ex.calculate_ex(a, b)
            try:
                case["bird_f1"] = enc_number(ev_f1.calculate_f1_score(a, b))
            except ZeroDivisionError:
                case["bird_f1"] = "error:ZeroDivisionError"
            if "timeout" in (case["result_eq_ordered"], case["result_eq_unordered"]):
                skipped += 1
            out.write(json.dumps(case, ensure_ascii=False) + "\n")
            written += 1
    print(f"{written} cases written ({skipped} with an official timeout) to {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
