"""Differential test of tabeq-kddcup against the official KDD Cup 2026 Phase-1 scorer.

    python tests/kddcup/differential.py --official /path/to/kddcup [--cells 40000] [--tasks 3000]
        [--seed 1] [--write-vectors tests/kddcup/vectors.jsonl --vector-cells 3000 --vector-tasks 600]

`--official` is the folder holding the package `data_agent_baseline` (read at run time; no code
of it is copied). Cases are generated from all of Unicode and from each class of cell the
official distinguishes; tabeq answers through `cargo run -p tabeq-kddcup --example
kddcup_vectors`. Prints the counts and every disagreement; exit 1 if any.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

NUMBER_PARTS = ["0", "1", "5", "9", "12", "-", "+", ",", ".", "_", "e", "E", "e-", "e+", "٣", "๕", "１", "²"]
DATE_PARTS = [
    "2020",
    "0001",
    "9999",
    "0000",
    "0005",
    "1999",
    "-",
    "/",
    "T",
    "t",
    " ",
    "  ",
    "\u3000",
    "01",
    "1",
    "12",
    "13",
    "29",
    "30",
    "31",
    "02",
    "00",
    ":",
    "59",
    "60",
    "61",
    "23",
    "24",
    ".",
    "5",
    "123456",
    "1234567",
    "Z",
    "z",
    "+",
    "-",
    "01:00",
    "0130",
    "01:30:00",
    "01:30:00.5",
    "0130:00",
    "01:3000",
    "23:59",
    "99:00",
    "٢٠٢٠",
]
TOKENS = [
    "",
    "null",
    "NULL",
    " None ",
    "nan",
    "NaN",
    "nat",
    "<NA>",
    "<na>",
    "Infinity",
    "-inf",
    "sNaN",
    "nan12",
    "\u212a",
    "\u0130",
]


def random_char(rng: random.Random) -> str:
    while True:
        cp = rng.choice([rng.randrange(0x110000), rng.randrange(0x80), rng.randrange(0x3000)])
        if not 0xD800 <= cp <= 0xDFFF:
            return chr(cp)


def random_cell(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(random_char(rng) for _ in range(rng.randrange(6)))
    if kind == 1:
        return "".join(rng.choice(NUMBER_PARTS) for _ in range(rng.randrange(1, 8)))
    if kind == 2:
        return "".join(rng.choice(DATE_PARTS) for _ in range(rng.randrange(3, 14)))
    if kind == 3:
        y, m, d = rng.randrange(0, 10001), rng.randrange(0, 14), rng.randrange(0, 33)
        hh, mm, ss = rng.randrange(25), rng.randrange(61), rng.randrange(62)
        fmt = rng.choice(
            [
                "%04d-%02d-%02dT%02d:%02d:%02d",
                "%d-%d-%d %d:%d:%d",
                "%04d/%02d/%02d",
                "%02d/%02d/%04d",
                "%04d-%d-%d",
            ]
        )
        text = fmt % (
            (y, m, d, hh, mm, ss)[: fmt.count("%")]
            if fmt.count("%") == 6
            else ((y, m, d) if fmt.startswith("%04d") else (d, m, y))
        )
        if rng.random() < 0.5:
            text += rng.choice(
                [
                    "",
                    ".5",
                    ".123456",
                    ".1234567",
                    "Z",
                    "+01:00",
                    "-0130",
                    "+23:59:59.999999",
                    "+24:00",
                    "-01:30:00",
                    ".25+05:30",
                    "z",
                ]
            )
        return text
    if kind == 4:
        sign = rng.choice(["", "-", "+"])
        digits = "".join(rng.choice("0123456789,") for _ in range(rng.randrange(1, 35)))
        frac = rng.choice(["", "." + "".join(rng.choice("0123456789") for _ in range(rng.randrange(1, 6)))])
        exp = rng.choice(["", "", "e5", "E-3", "e-999999999999999999", "e999999999999999999", "e26", "e-30"])
        return sign + digits + frac + exp
    ws = ["", " ", "\t", "\x1f", "\u00a0", "\r\n", "\u2028"]
    return rng.choice(ws) + rng.choice(TOKENS + NUMBER_PARTS) + rng.choice(ws)


def random_csv(rng: random.Random, columns: int, rows: int, pool: list[str]) -> bytes:
    def quote(cell: str) -> str:
        if rng.random() < 0.7 and not any(c in cell for c in ',"\r\n') and cell:
            return cell
        return '"' + cell.replace('"', '""') + '"'

    lines = []
    for r in range(rows + 1):
        width = columns if rng.random() > 0.05 else rng.randrange(0, columns + 2)
        lines.append(",".join(quote(rng.choice(pool) if r else f"c{i}") for i in range(width)))
    text = rng.choice(["\n", "\r\n"]).join(lines) + rng.choice(["", "\n"])
    data = text.encode("utf-8", "surrogatepass")
    mutation = rng.randrange(12)
    if mutation == 0:
        data = b"\xef\xbb\xbf" + data
    elif mutation == 1 and data:
        i = rng.randrange(len(data))
        data = data[:i] + rng.choice([b"\xff", b"\xc3", b"\x00", b'"', b"\r", b"\xed\xa0\x80"]) + data[i:]
    elif mutation == 2:
        data = b""
    elif mutation == 3:
        data = b"a,b\n"
    elif mutation == 4:
        data = b"\n" + data
    elif mutation == 5:
        data = b'x\n"' + b"y" * 131073 + b'"\n'
    return data


def official_answers(official: Path, cases: list[dict]) -> list:
    sys.path.insert(0, str(official))
    from data_agent_baseline.evaluation import normalize_cell, score_task  # noqa: PLC0415

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for case in cases:
            if case["kind"] == "cell":
                try:
                    out.append(normalize_cell(case["value"], strict_commas=case["strict"]))
                except Exception as exc:  # noqa: BLE001
                    out.append({"crash": type(exc).__name__})
                continue
            pred = root / "P" / "prediction.csv"
            gold = root / "G" / "gold.csv"
            pred.parent.mkdir(exist_ok=True)
            gold.parent.mkdir(exist_ok=True)
            gold.write_bytes(bytes.fromhex(case["gold"]))
            if case["pred"] is None:
                pred.unlink(missing_ok=True)
            else:
                pred.write_bytes(bytes.fromhex(case["pred"]))
            try:
                score = score_task(
                    pred, gold, penalty_weight=float(case["weight"]), strict_commas=case["strict"]
                )
                answer = score.to_dict()
                for key in ("score", "recall", "penalty"):
                    answer[key] = json.dumps(answer[key])
                if answer["error"]:
                    answer["error"] = answer["error"].replace(str(root) + "/", "")
                out.append(answer)
            except Exception as exc:  # noqa: BLE001
                if type(exc).__name__ in ("EvaluationError", "ValueError"):
                    out.append({"fatal": str(exc).replace(str(root) + "/", "")})
                else:
                    out.append({"crash": type(exc).__name__})
    return out


def same(a: object, b: object) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b and type(a) is type(b)


def tabeq_answers(cases: list[dict]) -> list:
    text = "".join(json.dumps(c) + "\n" for c in cases)
    result = subprocess.run(
        ["cargo", "run", "-q", "-p", "tabeq-kddcup", "--profile", "ci", "--example", "kddcup_vectors"],
        input=text.encode(),
        capture_output=True,
        check=True,
    )
    return [json.loads(line) for line in result.stdout.decode().split("\n") if line]


def generate(rng: random.Random, cells: int, tasks: int) -> list[dict]:
    cases: list[dict] = []
    for _ in range(cells):
        cases.append({"kind": "cell", "value": random_cell(rng), "strict": rng.random() < 0.5})
    for _ in range(tasks):
        pool = [random_cell(rng) for _ in range(rng.randrange(1, 6))]
        gold = random_csv(rng, rng.randrange(1, 4), rng.randrange(0, 4), pool)
        if rng.random() < 0.8:
            gold = (
                b"c0,c1\n"
                + b"\n".join(f"{rng.choice(pool)!r:.8},{i}".replace('"', "").encode() for i in range(3))
                + b"\n"
            )
            gold = random_csv(rng, 2, 3, pool) if rng.random() < 0.5 else gold
        pred = (
            None if rng.random() < 0.05 else random_csv(rng, rng.randrange(1, 5), rng.randrange(0, 4), pool)
        )
        weight = rng.choice([0.1, 0.0, -0.0, 1.0, 0.5, 2.0, 1e-9, float("inf"), float("nan"), -0.5])
        cases.append(
            {
                "kind": "task",
                "pred": pred.hex() if pred is not None else None,
                "gold": gold.hex(),
                "weight": repr(weight),
                "strict": rng.random() < 0.5,
            }
        )
    return cases


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--official", type=Path, required=True)
    parser.add_argument("--cells", type=int, default=40000)
    parser.add_argument("--tasks", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write-vectors", type=Path)
    args = parser.parse_args()
    cases = generate(random.Random(args.seed), args.cells, args.tasks)
    official = official_answers(args.official, cases)
    # The official crashes (OverflowError) are divergences listed in the spec: not compared.
    kept = [(c, o) for c, o in zip(cases, official) if not (isinstance(o, dict) and "crash" in o)]
    ours = tabeq_answers([c for c, _ in kept])
    bad = [(c, o, t) for (c, o), t in zip(kept, ours) if not same(o, t)]
    for case, o, t in bad[:20]:
        print(
            "DISAGREE", json.dumps(case)[:300], "\n  official", repr(o)[:400], "\n  tabeq   ", repr(t)[:400]
        )
    cells = sum(1 for c, _ in kept if c["kind"] == "cell")
    print(
        f"cases {len(kept)} (cells {cells}, tasks {len(kept) - cells}); "
        f"official crashes skipped {len(cases) - len(kept)}; disagreements {len(bad)}"
    )
    if args.write_vectors:
        with args.write_vectors.open("w", encoding="utf-8") as f:
            for case, o in kept:
                if len(json.dumps(case)) > 4000:  # keeps the committed file small
                    continue
                f.write(json.dumps({"case": case, "official": o}, ensure_ascii=False) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
