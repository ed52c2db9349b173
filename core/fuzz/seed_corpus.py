"""Write the seed corpora of the fuzz targets from the conformance vectors and the examples.

Usage: python3 core/fuzz/seed_corpus.py [--out core/fuzz/corpus]

The byte layouts are the ones documented in core/fuzz/src/lib.rs. Seeds are named by their
SHA-1, so running the script twice adds nothing; the corpus directory is not committed.
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_SEED_BYTES = 8192
TYPES = ["text", "number", "date", "datetime", "boolean"]
MODES = ["integer", "decimal_places", "significant_digits"]
UNITS = ["plain", "percentage_points", "fraction"]


def case_bytes(case: dict, name: str) -> bytes | None:
    if isinstance(case.get(name), str):
        return case[name].encode("utf-8")
    if isinstance(case.get(name + "_b64"), str):
        return base64.b64decode(case[name + "_b64"])
    return None


def rule_bytes(column: object) -> bytes | None:
    """The two bytes of a column's rule, or None when the column is not a valid one."""
    if not isinstance(column, dict) or column.get("type") not in TYPES:
        return None
    kind = TYPES.index(column["type"])
    if kind != 1:
        return bytes([kind, 0])
    comparison = column.get("comparison")
    if not isinstance(comparison, dict) or comparison.get("mode") not in MODES:
        return None
    mode = MODES.index(comparison["mode"])
    digits = comparison.get("digits", 0)
    if mode and (type(digits) is not int or not 0 <= digits <= 30):
        return None
    unit = UNITS.index(column["unit"]) if column.get("unit") in UNITS else 0
    allow = 1 if column.get("allow_percent_sign") is True else 0
    return bytes([1 + 5 * mode + 15 * unit + 45 * allow, digits if mode else 0])


def task_header(config: dict, flags: int) -> bytes | None:
    columns = config.get("columns")
    if not isinstance(columns, list) or not 1 <= len(columns) <= 64:
        return None
    rules = [rule_bytes(c) for c in columns]
    if any(r is None for r in rules):
        return None
    order = 1 if config.get("order_sensitive") is True else 0
    return bytes([flags | order, len(columns) - 1]) + b"".join(rules)  # type: ignore[arg-type]


def columns_of(data: bytes) -> list[list[str]]:
    try:
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), strict=True))
    except (UnicodeDecodeError, csv.Error):
        return []
    if not rows or not rows[0]:
        return []
    width = len(rows[0])
    return [[r[j] for r in rows[1:] if len(r) == width] for j in range(width)]


class Corpus:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.counts: dict[str, int] = {}

    def add(self, target: str, data: bytes) -> None:
        if len(data) > MAX_SEED_BYTES:
            return
        directory = self.out / target
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / hashlib.sha1(data).hexdigest()
        if not path.exists():
            path.write_bytes(data)
            self.counts[target] = self.counts.get(target, 0) + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "core" / "fuzz" / "corpus")
    args = parser.parse_args()
    corpus = Corpus(args.out)
    rng = random.Random(20260530)
    fixed = [
        json.loads(line) for line in (ROOT / "core/fuzz/fixed_tasks.jsonl").read_text("utf-8").splitlines()
    ]

    cases = [json.loads(line) for line in (ROOT / "tests/conformance/cases.jsonl").open(encoding="utf-8")]
    for case in cases:
        gold = case_bytes(case, "gold") or b""
        prediction = case_bytes(case, "prediction")
        config = case["config"]
        corpus.add("csv_reader", gold)
        if prediction is not None:
            corpus.add("csv_reader", prediction)
        config_json = json.dumps(config, ensure_ascii=False).encode("utf-8")
        corpus.add("config", b"\x01" + config_json)
        corpus.add("config", b"\x00" + config_json)
        header = task_header(config, 0) if isinstance(config, dict) else None
        if header is not None:
            tail = gold + (b"\xff" + prediction if prediction is not None else b"")
            corpus.add("evaluate_both", header + tail)
            derived = task_header(config, 2 | (rng.randrange(8) << 2))
            assert derived is not None
            corpus.add("evaluate_both", derived + rng.randbytes(8) + gold)
            for j, column in enumerate(config["columns"]):
                rule = rule_bytes(column)
                for data in (gold, prediction or b""):
                    cells = columns_of(data)
                    if j < len(cells):
                        for cell in cells[j][:4]:
                            corpus.add("canonicalize", rule + cell.encode("utf-8"))  # type: ignore[operator]
        if prediction is not None:
            corpus.add("evaluate_prediction", bytes([rng.randrange(len(fixed)), 0]) + prediction)

    for index, task in enumerate(fixed):
        gold = task["gold"].encode("utf-8")
        corpus.add("evaluate_prediction", bytes([index, 0]) + gold)
        corpus.add("evaluate_prediction", bytes([index, 0x80]))
        for mutation in range(8):
            corpus.add("evaluate_prediction", bytes([index, 2 | mutation << 2]) + rng.randbytes(8))
        header = task_header(task["config"], 0)
        assert header is not None
        corpus.add("evaluate_both", header + gold + b"\xff" + gold)

    trust = ROOT / "examples" / "trust"
    options = [b"", b'{"by": ["model"]}', b'{"by": [], "bootstrap": {"resamples": 20, "seed": 3}}']
    for name, selector in [("reliability.jsonl", 0), ("robustness.jsonl", 1), ("invalid.jsonl", 0)]:
        records = (trust / name).read_bytes()
        for option in options:
            corpus.add("trust", bytes([selector]) + records + b"\xff" + option)
    corpus.add("trust", b"\x02" + (trust / "paper-mrs.json").read_bytes())
    corpus.add("trust", b'\x02{"x": [1, 2, 3, 4], "y": [2, 1, 4, 3]}')
    corpus.add("trust", b'\x03\xff{"operators": [{"code": "XYZ", "name": "x", "track": "robustness"}]}')
    manifest = (trust / "manifest.jsonl").read_text("utf-8").splitlines()
    lines = []
    for line in manifest[:6]:
        record = json.loads(line)
        for key, value in (("gold", "g.csv"), ("config", "c.json")):
            if key in record:
                record[key] = value
        lines.append(json.dumps(record))
    corpus.add("trust", b"\x04" + "\n".join(lines).encode() + b"\xff\xffvalue,name\n2,Bob\n1.5,Alice\n")

    for target in sorted(corpus.counts):
        print(f"{target}: {corpus.counts[target]} new seeds")


if __name__ == "__main__":
    main()
