#!/usr/bin/env python3
"""Whole summaries of tabeq and of the official DataSpace evaluator, compared byte for byte.

Usage: python scripts/summary_differential.py --official PATH/TO/evaluate.py [--suites N] [--seed S]
       [--record DIR]

Generates suites in the official layout and runs both command lines on each: the official
evaluator (loaded from the given path at run time; nothing of it is part of this repository)
and ``python -m tabeq evaluate``. The two ``evaluation_summary.json`` files must be identical
apart from the values of ``evaluator`` and ``evaluator_version``. A suite holds:

* tied task numbers (``task_1``, ``task_01``, ``task_١``, ``task_１``) among configs and among
  unscored prediction folders, whose order is the directory listing's (a stable sort);
* predictions that pass, fail on values, columns, rows or types, and cells drawn from all of
  Unicode (scripts/unicode_pool.py);
* missing predictions (no file, no folder), folders and links where the file should be, a link
  to itself, a file the evaluators may not read (mode 000; both run without the capabilities
  that override file permissions, also as root; not with ``--record``, whose files keep no
  mode), a file over the size limit (sparse), and invalid CSVs: invalid UTF-8 around the 8 KiB chunks the
  official evaluator decodes, NUL characters, open quotes, text after a quote, blank lines,
  rows of another width, and several of these in one file.

Not generated: what the official evaluator does not finish (a gold that does not read, a task
id of more than 4,300 digits), and the hard link to the gold it accepts and tabeq refuses
(SECURITY.md). ``--record DIR`` also writes each suite and the official summary there, for
``tests/python/test_summary_conformance.py``. The reference is CPython 3.11 (Unicode 14.0).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import unicode_pool
from differential import load_official

ROOT_MARK = "{PREDICTION_ROOT}"
TIED = ["1", "01", "\u0661", "\uff11", "001"]


class Gen:
    def __init__(self, official: Any, rng: random.Random) -> None:
        self.official = official
        self.rng = rng
        self.pool = unicode_pool.CharPool()

    def columns(self) -> list[dict[str, Any]]:
        rng = self.rng
        out = []
        for i in range(rng.choice([1, 1, 2, 2, 3, 4])):
            column = unicode_pool.column_for(rng.choice(unicode_pool.TYPES), rng)
            column.update(gold_index=i, gold_name=f"c{i}")
            out.append(column)
        return out

    def gold_cell(self, column: dict[str, Any]) -> str:
        spec = self.official.ColumnSpec(
            gold_index=column["gold_index"],
            gold_name=column["gold_name"],
            type=column["type"],
            comparison_mode=column.get("comparison", {}).get("mode"),
            comparison_digits=column.get("comparison", {}).get("digits"),
            allow_percent_sign=bool(column.get("allow_percent_sign", False)),
            numeric_unit=column.get("unit", "plain"),
        )
        for _ in range(20):
            value = unicode_pool.cell(column["type"], self.pool, self.rng)
            if "\x00" in value:
                continue
            try:
                self.official.normalize_cell(value, spec)
                return value
            except Exception:  # noqa: BLE001 - any refusal: draw again
                continue
        return ""

    def table(self, columns: list[dict[str, Any]]) -> list[list[str]]:
        rows = [[self.gold_cell(c) for c in columns] for _ in range(self.rng.randrange(0, 5))]
        return [[c["gold_name"] for c in columns], *rows]

    def invalid_bytes(self, width: int) -> bytes:
        """A CSV that does not read, often with several problems, sometimes spanning chunks."""
        rng = self.rng
        atoms = [
            b"a", b"1", b",", b"\n", b"\r\n", b"\r", b'"', b'""', b"\x00", b"\xff", b"\xed\xa0\x80",
            b"\xe2\x82", b"\xc3\xa9", b"\xf0\x9f\x98\x80", b"\xf0\x9f", b"\xef\xbb\xbf", b"\xc0\xaf",
        ]  # fmt: skip
        if rng.random() < 0.5:  # valid UTF-8: the CSV and shape problems come first
            atoms = [b"\x00", b',"x"y', b'\n"open', b"\n\n", b",", b'a"b', b"\x00\x00"]
        header = ",".join(f"h{i}" for i in range(width)).encode() + b"\n"
        body = bytearray(header)
        for _ in range(rng.choice([1, 2, 5, 150, 400])):
            cells = [self.pool.char(rng) * rng.randrange(0, 30) for _ in range(width)]
            line = ",".join(c.replace("\x00", "") for c in cells).encode("utf-8", "surrogatepass")
            body += line + rng.choice([b"\n", b"\r\n", b"\r"])
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(body) + 1)
            if rng.random() < 0.3:  # near a chunk boundary
                at = min(len(body), 8192 * rng.randrange(1, 4) + rng.randrange(-4, 4))
            body[at:at] = rng.choice(atoms)
        if rng.random() < 0.15:
            body[:0] = b"\xef\xbb\xbf"
        return bytes(body)


def csv_bytes(rows: list[list[str]], rng: random.Random) -> bytes:
    def field(value: str) -> str:
        if any(c in value for c in ',"\r\n') or rng.random() < 0.1:
            return '"' + value.replace('"', '""') + '"'
        return value

    def line(row: list[str]) -> str:
        # A lone empty field must be quoted, or the line is blank: a record of zero fields.
        return '""' if row == [""] else ",".join(field(v) for v in row)

    end = rng.choice(["\n", "\r\n"])
    return "".join(line(row) + end for row in rows).encode("utf-8", "surrogatepass")


def make_suite(gen: Gen, root: Path, tasks: int, unreadable: bool = True) -> None:
    rng = gen.rng
    for name in ("predictions", "gold", "configs"):
        (root / name).mkdir(parents=True)
    numbers = [str(n) for n in rng.sample(range(2, 60), tasks)]
    numbers[: rng.randrange(2, 5)] = rng.sample(TIED, rng.randrange(2, 5))
    for digits in numbers:
        task = f"task_{digits}"
        columns = gen.columns()
        config = {
            "schema_version": "1.0",
            "task_id": task,
            "order_sensitive": rng.random() < 0.4,
            "columns": columns,
        }
        (root / "configs" / f"{task}.json").write_text(json.dumps(config, ensure_ascii=rng.random() < 0.5))
        gold = gen.table(columns)
        (root / "gold" / task).mkdir()
        (root / "gold" / task / "gold.csv").write_bytes(csv_bytes(gold, rng))
        folder = root / "predictions" / task
        kind = rng.choices(
            ["pass", "values", "invalid", "missing", "no_folder", "dir", "link", "huge", "columns", "rows"]
            + ["loop", "unreadable"],
            [6, 4, 8, 2, 1, 1, 1, 1, 1, 1, 1, 1 if unreadable else 0],
        )[0]
        if kind == "no_folder":
            continue
        folder.mkdir()
        target = folder / "prediction.csv"
        if kind == "pass":
            body = gold[1:]
            rng.shuffle(body)
            target.write_bytes(csv_bytes([gold[0], *body], rng))
        elif kind == "values":
            rows = [list(r) for r in gold]
            if len(rows) > 1:
                r, c = rng.randrange(1, len(rows)), rng.randrange(len(columns))
                rows[r][c] = unicode_pool.mutate(rows[r][c], gen.pool, rng).replace("\x00", "")
            target.write_bytes(csv_bytes(rows, rng))
        elif kind == "invalid":
            target.write_bytes(gen.invalid_bytes(len(columns)))
        elif kind == "dir":
            target.mkdir()
        elif kind == "link":
            (folder / "real.csv").write_bytes(csv_bytes(gold, rng))
            target.symlink_to("real.csv")
        elif kind == "loop":
            target.symlink_to("prediction.csv")
        elif kind == "unreadable":
            target.write_bytes(csv_bytes(gold, rng))
            target.chmod(0)
        elif kind == "huge":
            with open(target, "wb") as f:
                f.truncate(20 * 1024 * 1024 + rng.randrange(1, 5000))
        elif kind == "columns":
            target.write_bytes(csv_bytes([[*r, "x"] for r in gold], rng))
        elif kind == "rows":
            target.write_bytes(csv_bytes([*gold, gold[-1]], rng))
    for digits in rng.sample(["7", "07", "\u0667", "\uff17", "70"], rng.randrange(0, 4)):
        (root / "predictions" / f"task_{digits}").mkdir(exist_ok=True)
    for other in ("task_x", "notes", "task_1a"):
        if rng.random() < 0.3:
            (root / "predictions" / other).mkdir(exist_ok=True)
    if rng.random() < 0.3:
        (root / "predictions" / "task_88").write_text("a file, not a folder")


def meet_permissions() -> None:
    """In the child, as root: drop CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH from the bounding
    set, so the evaluator (still root, the suite's owner) is refused a mode-000 file."""
    if os.geteuid() == 0:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        for capability in (1, 2):
            if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def run(command: list[str], output: Path) -> str:
    done = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=meet_permissions)
    if done.returncode != 0:
        return f"<exit {done.returncode}>\n{done.stderr}"
    return output.read_text(encoding="utf-8")


def without_evaluator(text: str) -> str:
    lines = text.split("\n")
    return "\n".join(
        line for line in lines if not line.startswith(('  "evaluator":', '  "evaluator_version":'))
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--official", required=True, help="path to the official evaluate.py")
    parser.add_argument("--suites", type=int, default=20)
    parser.add_argument("--tasks", type=int, default=16, help="tasks per suite")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--record", help="also write each suite and the official summary under this directory"
    )
    parser.add_argument("--allow-other-python", action="store_true")
    args = parser.parse_args()
    other = unicode_pool.reference_interpreter()
    if other and not args.allow_other_python:
        print(f"the reference is CPython 3.11 (Unicode 14.0); this is {other}", file=sys.stderr)
        return 2
    official = load_official(args.official)
    rng = random.Random(args.seed)
    gen = Gen(official, rng)
    differing = records = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.suites):
            root = Path(tmp) / f"suite_{n}"
            make_suite(gen, root, args.tasks, unreadable=not args.record)
            flags = [
                "--prediction-root",
                str(root / "predictions"),
                "--gold-root",
                str(root / "gold"),
                "--config-root",
                str(root / "configs"),
            ]
            want = run(
                [sys.executable, args.official, *flags, "--output", str(root / "official.json")],
                root / "official.json",
            )
            got = run(
                [
                    sys.executable,
                    "-m",
                    "tabeq",
                    "evaluate",
                    *flags,
                    "--output",
                    str(root / "tabeq.json"),
                    "--quiet",
                ],
                root / "tabeq.json",
            )
            records += want.count('"task_id"')
            if without_evaluator(want) != without_evaluator(got):
                differing += 1
                print(f"suite {n}: summaries differ")
                import difflib

                diff = difflib.unified_diff(
                    want.splitlines(), got.splitlines(), "official", "tabeq", lineterm="", n=1
                )
                print("\n".join(list(diff)[:40]))
            if args.record:
                record(root, want, Path(args.record) / f"seed{args.seed}_suite{n}")
    print(f"{args.suites} suites, {records} task records: {differing} suites differ")
    return 1 if differing else 0


def record(root: Path, summary: str, into: Path) -> None:
    """The suite (its files, links and the listing order the official saw) and the summary with
    the prediction root replaced by a mark."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    files: list[dict[str, Any]] = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if rel in ("official.json", "tabeq.json"):
            continue
        if path.is_symlink():
            files.append({"path": rel, "link": os.readlink(path)})
        elif path.is_dir():
            files.append({"path": rel, "dir": True})
        elif path.stat().st_size > 20 * 1024 * 1024:
            files.append({"path": rel, "sparse": path.stat().st_size})
        else:
            files.append({"path": rel, "b64": base64.b64encode(path.read_bytes()).decode()})
    listing = {
        "configs": [p.name for p in (root / "configs").glob("task_*.json")],
        "predictions": os.listdir(root / "predictions"),
    }
    resolved = str((root / "predictions").resolve())
    case = {"files": files, "listing": listing, "summary": summary.replace(resolved, ROOT_MARK)}
    (into.with_suffix(".json")).write_text(
        json.dumps(case, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    into.rmdir()


if __name__ == "__main__":
    sys.exit(main())
