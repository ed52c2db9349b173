#!/usr/bin/env python3
"""Write tests/conformance/unicode_cases.jsonl: conformance vectors on Unicode inputs whose
expected results come from running the official evaluator, like tests/conformance/cases.jsonl.

Usage: python3.11 scripts/gen_unicode_conformance.py --official PATH/TO/evaluate.py [--random N]

The cases are the examples of issue 11 (any code point as the date/time separator, NFC of
Unicode 14.0, the decimal exponent floors, zero offsets with a fraction), the audit of every
Unicode-dependent rule (whitespace, digits, casefold, NFC, separator, including what later
Unicode versions would read differently) and N random whole tasks drawn from all of Unicode
(scripts/unicode_pool.py). The official evaluator is loaded from the given path at run time and
must run on CPython 3.11 (Unicode 14.0), the reference; the script refuses another interpreter.
Cases where the official evaluator crashes are left out (the main vectors cover those).
"""

from __future__ import annotations

import argparse
import decimal
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

import unicode_pool

OUTPUT = Path(__file__).resolve().parent.parent / "tests" / "conformance" / "unicode_cases.jsonl"

# The Unicode pairs: {note, column rule, gold cell, prediction cell}, one a line, in the order of the
# vectors; a pair's category is its rule's type.
PAIRS_FILE = Path(__file__).resolve().parent / "unicode_pairs.json"
PAIRS: list[tuple[str, str, dict[str, Any], str, str]] = [
    (pair["column"]["type"], pair["note"], pair["column"], pair["gold"], pair["prediction"])
    for pair in json.loads(PAIRS_FILE.read_text(encoding="utf-8"))
]


def task(column: dict[str, Any], gold: str, prediction: str) -> tuple[dict[str, Any], str, str]:
    config = {
        "schema_version": "1.0",
        "task_id": "task_1",
        "order_sensitive": False,
        "columns": [{"gold_index": 0, "gold_name": "c0", **column}],
    }
    return config, csv_text(["g"], [[gold]]), csv_text(["p"], [[prediction]])


def csv_text(header: list[str], rows: list[list[str]]) -> str:
    import csv
    import io

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buf.getvalue()


def official_expected(
    official: Any, root: Path, config: dict[str, Any], gold: str, prediction: Optional[str]
) -> Optional[dict[str, Any]]:
    """The official result as a vector's `expected`, or None when the official evaluator crashes."""
    config_path = root / "task_1.json"
    config_path.write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
    gold_path = root / "gold.csv"
    gold_path.write_bytes(gold.encode("utf-8"))
    prediction_path = root / "prediction.csv"
    prediction_path.unlink(missing_ok=True)
    if prediction is not None:
        prediction_path.write_bytes(prediction.encode("utf-8"))
    try:
        loaded = official.load_task_config(config_path)
    except official.EvaluationFatalError:
        return {"outcome": "fatal", "stage": "config"}
    try:
        result = official.evaluate_task(config=loaded, prediction_path=prediction_path, gold_path=gold_path)
    except official.EvaluationFatalError:
        return {"outcome": "fatal", "stage": "gold"}
    except (decimal.InvalidOperation, decimal.Overflow, OverflowError):
        return None
    mapping = result.column_mapping
    return {
        "outcome": "scored",
        "passed": result.passed,
        "error_code": result.error_code,
        "column_mapping": None if mapping is None else [m["prediction_index"] for m in mapping],
        "prediction_column_count": result.prediction_column_count,
        "prediction_row_count": result.prediction_row_count,
        "gold_row_count": result.gold_row_count,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--official", required=True, help="path to the official evaluate.py")
    parser.add_argument("--random", type=int, default=400, help="random whole tasks from all of Unicode")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    other = unicode_pool.reference_interpreter()
    if other is not None:
        sys.exit(f"refusing to run on {other}: vectors must come from the official evaluator on CPython 3.11")
    from differential import gen_unicode_task, load_official  # imports tabeq, so after the check

    official = load_official(args.official)
    cases: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)

        def add(
            category: str, note: str, config: dict[str, Any], gold: str, prediction: Optional[str]
        ) -> None:
            expected = official_expected(official, root, config, gold, prediction)
            if expected is None:
                return
            case_id = f"unicode-{category}-{len(cases):03d}"
            cases.append(
                {
                    "id": case_id,
                    "category": category,
                    "note": note,
                    "config": config,
                    "gold": gold,
                    "prediction": prediction,
                    "expected": expected,
                }
            )

        for category, note, column, gold, prediction in PAIRS:
            add(category, note, *task(column, gold, prediction))
        rng = random.Random(args.seed)
        pool = unicode_pool.CharPool()
        for _ in range(args.random):
            add("random", "random task drawn from all of Unicode", *gen_unicode_task(official, pool, rng))
    with args.output.open("w", encoding="utf-8") as out:
        for case in cases:
            out.write(json.dumps(case, ensure_ascii=False) + "\n")
    print(f"wrote {len(cases)} cases to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
