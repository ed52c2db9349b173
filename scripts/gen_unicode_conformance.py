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

NUMBER_SIG3 = {"type": "number", "comparison": {"mode": "significant_digits", "digits": 3}}
INTEGER_FRACTION = {
    "type": "number",
    "comparison": {"mode": "integer"},
    "unit": "fraction",
    "allow_percent_sign": True,
}
NUMBER_DP2 = {"type": "number", "comparison": {"mode": "decimal_places", "digits": 2}}

# (category, note, column rule, gold cell, prediction cell)
PAIRS: list[tuple[str, str, dict[str, Any], str, str]] = [
    (
        "datetime",
        "U+3000 separates date and time",
        {"type": "datetime"},
        "2024-01-05T10:30:00",
        "2024-01-05\u300010:30",
    ),
    (
        "datetime",
        "U+00A0 separates date and time",
        {"type": "datetime"},
        "2024-01-05T10:30:00",
        "2024-01-05\xa010:30",
    ),
    (
        "datetime",
        "a letter separates date and time",
        {"type": "datetime"},
        "2024-01-05T10:30:00",
        "2024-01-05é10:30",
    ),
    (
        "datetime",
        "U+FEFF after a basic date",
        {"type": "datetime"},
        "2024-01-05T10:30:00",
        "20240105\ufeff103000",
    ),
    (
        "datetime",
        "U+2029 after a week date",
        {"type": "datetime"},
        "2024-01-05T10:30:00",
        "2024-W01-5\u202910:30",
    ),
    (
        "datetime",
        "an astral separator",
        {"type": "datetime"},
        "2024-01-05T10:30:00",
        "2024-01-05\U0001f60010:30",
    ),
    ("datetime", "a separator after YYYYWww", {"type": "datetime"}, "2024-01-01T10:00:00", "2024W01\u300010"),
    (
        "datetime",
        "a trailing U+3000 is stripped, not a separator",
        {"type": "datetime"},
        "2024-01-05T00:00:00",
        "2024-01-05\u3000",
    ),
    ("datetime", "a separator and no time", {"type": "datetime"}, "2024-01-05T00:00:00", "2024-01-05é"),
    (
        "datetime",
        "two separator characters",
        {"type": "datetime"},
        "2024-01-05T10:00:00",
        "2024-01-05\u3000\u300010",
    ),
    (
        "datetime",
        "a multi-byte separator before one digit",
        {"type": "datetime"},
        "2024-01-05T01:00:00",
        "2024-01-05é1",
    ),
    (
        "date",
        "U+3000 separator in a date column",
        {"type": "date"},
        "2024-01-05",
        "2024-01-04\u300023:00:00-01:00",
    ),
    ("date", "U+00A0 separator, midnight", {"type": "date"}, "2024-01-05", "2024-01-05\xa000:00"),
    ("date", "a separator, not midnight", {"type": "date"}, "2024-01-05", "2024-01-05\u300010:30"),
    (
        "datetime",
        "+00:00:00.5 is UTC",
        {"type": "datetime"},
        "2020-01-01T12:00:00Z",
        "2020-01-01T12:00:00+00:00:00.5",
    ),
    (
        "datetime",
        "-00:00:00.5 is UTC",
        {"type": "datetime"},
        "2020-01-01T12:00:00Z",
        "2020-01-01T12:00:00-00:00:00.5",
    ),
    (
        "datetime",
        "+00:00:01.5 keeps its fraction",
        {"type": "datetime"},
        "2020-01-01T11:59:58.500000Z",
        "2020-01-01T12:00:00+00:00:01.5",
    ),
    (
        "datetime",
        "+00:00:00.5 is not half a second off",
        {"type": "datetime"},
        "2020-01-01T11:59:59.500000Z",
        "2020-01-01T12:00:00+00:00:00.5",
    ),
    (
        "date",
        "a zero offset with a fraction in a date column",
        {"type": "date"},
        "2020-01-01",
        "2020-01-01T00:00:00+00:00:00.5",
    ),
    ("number", "below Etiny of the rounding context", NUMBER_SIG3, "0", "1e-1000099"),
    (
        "number",
        "rounding at Etiny of the rounding context",
        {"type": "number", "comparison": {"mode": "significant_digits", "digits": 1}},
        "1e-1000098",
        "5e-1000099",
    ),
    ("number", "percent below Etiny of the default context", INTEGER_FRACTION, "0", "1.5e-1000027%"),
    (
        "number",
        "percent rounded at Etiny of the default context",
        {**NUMBER_SIG3, "unit": "fraction", "allow_percent_sign": True},
        "2e-1000026",
        "2.5e-1000024%",
    ),
    (
        "number",
        "percent, 28 digits",
        {
            "type": "number",
            "comparison": {"mode": "decimal_places", "digits": 30},
            "unit": "fraction",
            "allow_percent_sign": True,
        },
        "123456789012345678901234567.9",
        "12345678901234567890123456789%",
    ),
    (
        "text",
        "Unicode 16 pair stays decomposed in 14.0",
        {"type": "text"},
        "\U00016d68",
        "\U00016d67\U00016d67",
    ),
    (
        "text",
        "Unicode 16 pair compared with itself",
        {"type": "text"},
        "\U00016d67\U00016d67",
        "\U00016d67\U00016d67",
    ),
    ("text", "Todhri pair stays decomposed in 14.0", {"type": "text"}, "\U000105c9", "\U000105d2\u0307"),
    (
        "text",
        "Tulu-Tigalari pair stays decomposed in 14.0",
        {"type": "text"},
        "\U00011383",
        "\U00011382\U000113c9",
    ),
    ("text", "a 14.0 composition", {"type": "text"}, "é", "e\u0301"),
    ("text", "Hangul composition", {"type": "text"}, "\uac01", "\u1100\u1161\u11a8"),
    ("text", "canonical reordering of 14.0 marks", {"type": "text"}, "ą\u0301", "a\u0301\u0328"),
    (
        "text",
        "a mark with a class only from Unicode 15 blocks composition in 14.0",
        {"type": "text"},
        "á\U00010efd",
        "a\U00010efd\u0301",
    ),
    ("text", "U+1680 and U+3000 are stripped", {"type": "text"}, "x", "\u1680x\u3000"),
    ("text", "U+001C..U+001F are stripped", {"type": "text"}, "x", "\x1cx\x1f"),
    ("text", "U+200B is not whitespace", {"type": "text"}, "x", "\u200bx"),
    ("text", "U+180E is not whitespace", {"type": "text"}, "x", "x\u180e"),
    ("text", "U+0085 is whitespace", {"type": "text"}, "x", "\x85x\x85"),
    ("number", "U+2007 around a number", NUMBER_DP2, "1.5", "\u20071.5\u2007"),
    ("number", "U+FEFF is not whitespace", NUMBER_DP2, "1.5", "\ufeff1.5"),
    ("number", "Kawi digits are not decimals in 3.11", NUMBER_DP2, "5", "\U00011f55"),
    ("number", "Nag Mundari digits are not decimals in 3.11", NUMBER_DP2, "12", "\U0001e4f1\U0001e4f2"),
    ("number", "Garay digits (Unicode 16) are not decimals in 3.11", NUMBER_DP2, "5", "\U00010d45"),
    ("number", "mathematical digits", NUMBER_DP2, "12.5", "\U0001d7cf\U0001d7d0.\U0001d7d3"),
    ("number", "digits of the last 14.0 script", NUMBER_DP2, "9", "\U0001fbf9"),
    (
        "number",
        "Adlam digits with a percent",
        {**NUMBER_DP2, "allow_percent_sign": True, "unit": "fraction"},
        "0.5",
        "\U0001e955\U0001e950%",
    ),
    ("number", "mixed scripts in one number", NUMBER_DP2, "1234.5", "१,२٣4.５"),
    ("number", "superscript two is not a digit", NUMBER_DP2, "2", "²"),
    ("date", "fullwidth digits in a plain date", {"type": "date"}, "2024-01-05", "２０２４-０１-０５"),
    ("date", "Arabic-Indic digits in a plain date", {"type": "date"}, "2024-01-05", "٢٠٢٤-٠١-٠٥"),
    ("boolean", "long s folds to s", {"type": "boolean"}, "yes", "yeſ"),
    ("boolean", "Kelvin sign does not make a token", {"type": "boolean"}, "no", "\u212a"),
    ("boolean", "dotted I", {"type": "boolean"}, "yes", "\u0130"),
    ("boolean", "fullwidth Y", {"type": "boolean"}, "yes", "Ｙ"),
    ("boolean", "是 with ideographic spaces", {"type": "boolean"}, "true", "\u3000是\u3000"),
    ("number", "a null token between ideographic spaces", NUMBER_DP2, "", "\u3000NoNe\u3000"),
    ("number", "null token NAN with a sharp s is no token", NUMBER_DP2, "", "nßn"),
    ("datetime", "NaT with U+2028 around", {"type": "datetime"}, "", "\u2028NaT\u2028"),
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
