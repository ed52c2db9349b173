"""Cross-surface identity: every conformance vector and a seeded random corpus go through the
native Rust core, the Python wheel and the WebAssembly module (in Node), and the three per-task
results must be byte-identical JSON (indent 2, the official record's keys and order). A refused
config or gold must be refused on every surface with the same code and stage.

Usage (scripts/test-cross-surface.sh builds what it needs and runs this with .venv's Python):

    python tests/cross_surface/run.py --rust-bin target/release/examples/cross_surface \\
        [--wasm-module bindings-wasm/pkg-node/tabeq.js] [--random 2000] [--seed 20260530]

Nothing is ignored in the comparison: the texts compared are the whole records.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
STEM = "task_1"

Case = dict[str, Any]  # id, config (JSON text), gold (bytes), prediction (bytes or None)


# ---------------------------------------------------------------------------------------------
# Cases


def conformance_cases() -> list[Case]:
    cases = []
    for file_name in ("cases.jsonl", "unicode_cases.jsonl"):
        with (ROOT / "tests/conformance" / file_name).open(encoding="utf-8") as f:
            lines = f.readlines()
        for line in lines:
            raw = json.loads(line)

            def data(name: str, raw: dict[str, Any] = raw) -> Optional[bytes]:
                if isinstance(raw.get(name), str):
                    return str(raw[name]).encode("utf-8")
                if isinstance(raw.get(name + "_b64"), str):
                    return base64.b64decode(raw[name + "_b64"])
                return None

            cases.append(
                {
                    "id": "conformance/" + raw["id"],
                    "config": json.dumps(raw["config"], ensure_ascii=False),
                    "gold": data("gold") or b"",
                    "prediction": data("prediction"),
                }
            )
    return cases


TEXTS = [
    "a",
    "b",
    "Alice",
    "Émile",
    "e\u0301",
    "北京",
    "Straße",
    "x, y",
    'say "hi"',
    "two\nlines",
    "cr\r\nlf",
    " padded ",
    "null",
    "1",
    "",
    "\u202eRTL",
    "👩\u200d💻",
    "ﬁ",
    "Ａ",
]
NULLS = ["", "null", "NaN", "None", "<NA>", "NaT", " nan "]
HOSTILE = [
    "1e999999999",
    "-1E+999999999",
    "1e1000000000000000000",
    "1e-999999999",
    "９９",
    "١٢٣",
    "1,234,567.5",
    "12,34",
    "1.5%",
    "5 %",
    "−5",
    "inf",
    "0x10",
    "1_000",
    "２０２４-０１-０２",
    "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59-01:00",
    "2024-02-30",
    "2024-W53-1",
    "20240102",
    "2024-01-02T00:00:00Z",
    "2024-01-02 10:00",
    "yeſ",
    "是",
    "对",
    "1.0",
    "t",
    "\u3000",
    "\u001f",
    "Z",
    "2024-01-02T00:00:00.1234567",
    "+.5",
    "5.",
    ".",
    "-0",
    "0e5",
]


def random_rule(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["text", "number", "number", "date", "datetime", "boolean"])
    column: dict[str, Any] = {"type": kind}
    if kind == "number":
        mode = rng.choice(["integer", "decimal_places", "significant_digits"])
        column["comparison"] = (
            {"mode": mode} if mode == "integer" else {"mode": mode, "digits": rng.randint(0, 6)}
        )
        if rng.random() < 0.5:
            column["unit"] = rng.choice(["plain", "percentage_points", "fraction"])
        if rng.random() < 0.5:
            column["allow_percent_sign"] = rng.random() < 0.7
    return column


def random_value(rng: random.Random, column: dict[str, Any]) -> str:
    kind = column["type"]
    if kind != "text" and rng.random() < 0.08:
        return rng.choice(NULLS)
    if kind == "text":
        return rng.choice(TEXTS)
    if kind == "number":
        integer = column["comparison"]["mode"] == "integer"
        value = rng.choice([0, 1, 7, -12, 1234, 1234567, 99, 100]) if integer else rng.uniform(-5000, 5000)
        text = str(value) if integer else f"{value:.{rng.randint(0, 5)}f}"
        if column.get("allow_percent_sign") and rng.random() < 0.2:
            text += "%"
        return text
    if kind == "date":
        return f"{rng.randint(1990, 2030):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if kind == "datetime":
        day = f"{rng.randint(1990, 2030):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        time = f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
        return day + rng.choice(["T", " "]) + time + rng.choice(["", "Z", "+02:00", "-05:30", ".250"])
    return rng.choice(["true", "false", "yes", "no", "1", "0", "Y", "n", "是", "否"])


def re_encode(rng: random.Random, value: str) -> str:
    """An encoding that usually means the same (whitespace, case, NFD, thousands, midnight)."""
    choice = rng.randrange(6)
    if choice == 0:
        return f" {value}\t"
    if choice == 1:
        return unicodedata.normalize("NFD", value)
    if choice == 2 and value.lstrip("-").isdigit() and len(value.lstrip("-")) > 3:
        return f"{int(value):,}"
    if choice == 3 and len(value) == 10 and value[4:5] == "-":
        return value + rng.choice(["T00:00:00", "T00:00:00Z", " 00:00"])
    if choice == 4:
        return value.upper()
    return value + "0" if "." in value and "%" not in value and "e" not in value.lower() else value


def write_csv(rng: random.Random, rows: list[list[str]]) -> bytes:
    quote_all = rng.random() < 0.5
    newline = rng.choice(["\n", "\r\n", "\r"])

    def cell(text: str) -> str:
        if quote_all or text == "" or any(c in text for c in ',"\r\n') or text != text.strip():
            return '"' + text.replace('"', '""') + '"'
        return text

    text = "".join(",".join(cell(c) for c in row) + newline for row in rows)
    if rng.random() < 0.1:
        text = "\ufeff" + text
    return text.encode("utf-8")


def random_case(rng: random.Random, index: int) -> Case:
    d = rng.randint(1, 5)
    columns = [random_rule(rng) for _ in range(d)]
    for j, column in enumerate(columns):
        column["gold_index"] = j
        column["gold_name"] = f"c{j}"
    config: dict[str, Any] = {
        "schema_version": "1.0",
        "task_id": STEM,
        "order_sensitive": rng.random() < 0.3,
        "columns": [dict(sorted(c.items())) for c in columns],
    }
    if rng.random() < 0.03:
        config["columns"][0]["type"] = "string"  # a refused config
    n = rng.randint(0, 6)
    gold_rows = [[random_value(rng, c) for c in columns] for _ in range(n)]
    gold = write_csv(rng, [[f"g{j}" for j in range(d)], *gold_rows])
    if rng.random() < 0.03:
        gold = gold.replace(b"\n", b"\n\n", 1)  # a refused gold
    rows = [list(r) for r in gold_rows]
    operator = rng.randrange(12)
    prediction: Optional[bytes]
    perm = list(range(d))
    rng.shuffle(perm)
    if operator in (0, 1, 2):  # columns permuted, rows shuffled
        rng.shuffle(rows)
        rows = [[r[k] for k in perm] for r in rows]
    elif operator == 3 and rows:  # one cell re-encoded, maybe into something hostile
        r, c = rng.randrange(len(rows)), rng.randrange(d)
        rows[r][c] = rng.choice(HOSTILE)
    elif operator == 4:
        rows = [[re_encode(rng, v) for v in r] for r in rows]
    elif operator == 5 and rows:
        rows.pop(rng.randrange(len(rows)))
    elif operator == 6 and rows:
        rows.append(list(rows[0]))
    elif operator == 7 and len(rows) > 1:
        c = rng.randrange(d)
        rows[0][c], rows[1][c] = rows[1][c], rows[0][c]
    elif operator == 8:
        rows = [r + ["extra"] for r in rows]
    prediction = write_csv(rng, [[f"p{k}" for k in range(len(rows[0]) if rows else d)], *rows])
    if operator == 9:
        prediction = None
    elif operator == 10:
        hostile = rng.choice([b"\xff\xfe", b"\x00", b'"open', b"\n\n", b'"a"b', b""])
        prediction = prediction + hostile if rng.random() < 0.5 else hostile
    return {
        "id": f"random/{index:05d}",
        "config": json.dumps(config, ensure_ascii=False),
        "gold": gold,
        "prediction": prediction,
    }


MAX_CSV_BYTES = 20 * 1024 * 1024


def limit_cases() -> list[Case]:
    """Inputs at and just past the 20 MiB limit, which bindings may refuse before copying them."""
    config = json.dumps(
        {
            "schema_version": "1.0",
            "task_id": STEM,
            "order_sensitive": False,
            "columns": [{"gold_index": 0, "gold_name": "t", "type": "text"}],
        }
    )
    at_limit = b"h\n" + b"x" * (MAX_CSV_BYTES - 2)
    over = b"h\n" + b"x,\n" * (MAX_CSV_BYTES // 3 + 1)
    assert len(at_limit) == MAX_CSV_BYTES and len(over) > MAX_CSV_BYTES
    gold = b"t\nx\n"
    return [
        {"id": "limits/prediction-at-20MiB", "config": config, "gold": gold, "prediction": at_limit},
        {"id": "limits/prediction-over-20MiB", "config": config, "gold": gold, "prediction": over},
        {"id": "limits/gold-over-20MiB", "config": config, "gold": over, "prediction": gold},
    ]


# ---------------------------------------------------------------------------------------------
# Surfaces: each returns {id: text}, text being the record JSON or "FATAL <code> <stage>".


def write_input(cases: list[Case], path: Path) -> None:
    with path.open("w", encoding="utf-8") as f:
        for case in cases:
            pred = case["prediction"]
            line = {
                "id": case["id"],
                "config": case["config"],
                "gold_b64": base64.b64encode(case["gold"]).decode("ascii"),
                "prediction_b64": None if pred is None else base64.b64encode(pred).decode("ascii"),
            }
            f.write(json.dumps(line, ensure_ascii=False) + "\n")


def read_output(text: str) -> dict[str, str]:
    results = {}
    for line in text.splitlines():
        if line.strip():
            record = json.loads(line)
            results[record["id"]] = record["json"] if "json" in record else "FATAL " + record["fatal"]
    return results


def run_process(command: list[str], stdin_path: Optional[Path]) -> str:
    stdin = stdin_path.open("rb") if stdin_path else None
    try:
        done = subprocess.run(command, stdin=stdin, capture_output=True, check=False)
    finally:
        if stdin:
            stdin.close()
    if done.returncode != 0:
        sys.exit(f"cross-surface: {' '.join(command)} failed ({done.returncode}):\n{done.stderr.decode()}")
    return done.stdout.decode("utf-8")


def rust_surface(binary: Path) -> Callable[[Path, list[Case]], dict[str, str]]:
    return lambda path, _cases: read_output(run_process([str(binary)], path))


def wasm_surface(module: Path) -> Callable[[Path, list[Case]], dict[str, str]]:
    runner = HERE / "wasm_runner.cjs"
    return lambda path, _cases: read_output(run_process(["node", str(runner), str(module), str(path)], None))


def python_surface(_path: Path, cases: list[Case]) -> dict[str, str]:
    import tabeq

    results = {}
    for case in cases:
        try:
            config = tabeq.TaskConfig.from_json(case["config"], file_stem=STEM)
            text = tabeq.evaluate(case["prediction"], case["gold"], config).to_json()
        except tabeq.FatalError as e:
            text = f"FATAL {e.code} {e.stage}"
        except Exception as e:  # noqa: BLE001 - any other exception is a difference to report
            text = f"EXCEPTION {type(e).__name__}: {e}"
        results[case["id"]] = text
    return results


# ---------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description="Cross-surface identity of per-task results.")
    parser.add_argument("--rust-bin", type=Path, required=True, help="the cross_surface example binary")
    parser.add_argument("--wasm-module", type=Path, default=ROOT / "bindings-wasm/pkg-node/tabeq.js")
    parser.add_argument("--random", type=int, default=2000, help="random cases besides the vectors")
    parser.add_argument("--seed", type=int, default=20260530)
    args = parser.parse_args()
    for path in (args.rust_bin, args.wasm_module):
        if not path.exists():
            sys.exit(f"cross-surface: {path} does not exist (scripts/test-cross-surface.sh builds it)")

    rng = random.Random(args.seed)
    cases = conformance_cases() + limit_cases() + [random_case(rng, i) for i in range(args.random)]
    surfaces = {
        "rust": rust_surface(args.rust_bin),
        "python": python_surface,
        "wasm": wasm_surface(args.wasm_module.resolve()),
    }
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cases.jsonl"
        write_input(cases, path)
        results = {name: surface(path, cases) for name, surface in surfaces.items()}

    differences = []
    kinds: dict[str, int] = {}
    for case in cases:
        texts = {name: results[name].get(case["id"]) for name in surfaces}
        if len(set(texts.values())) != 1 or None in texts.values():
            differences.append((case["id"], texts))
            continue
        text = texts["rust"] or ""
        kind = "fatal" if text.startswith("FATAL") else json.loads(text)["error_code"] or "passed"
        kinds[kind] = kinds.get(kind, 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    print(
        f"cross-surface: {len(cases)} cases ({args.random} random, seed {args.seed}) on {', '.join(surfaces)}"
    )
    print(f"cross-surface: identical: {len(cases) - len(differences)} ({summary})")
    for case_id, texts in differences[:10]:
        print(f"\nDIFFERENT {case_id}")
        for name, shown in texts.items():
            print(f"--- {name}:\n{shown}")
    if differences:
        print(f"\ncross-surface: {len(differences)} cases differ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
