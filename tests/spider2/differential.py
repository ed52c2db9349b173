"""Differential test of ``tabeq.spider2`` against the official Spider 2.0 comparison.

The official functions (``compare_pandas_table``, ``compare_multi_pandas_table``) are read from
the official ``evaluate.py`` given on the command line (fetched at test time, never committed)
and run under the installed pandas (the reference is pandas 2.2.3). The gold tables are the
public Spider 2.0-lite ones (``--gold-dir``: the directory holding ``exec_result/`` and
``spider2lite_eval.jsonl``). Each chosen instance's gold is mutated into predictions (column
permutations, extra columns, row shuffles, numbers just inside and outside 1e-2, NA spellings,
int-as-float, renamed headers, dropped rows, ...), and every verdict of ``tabeq.spider2.compare``
must equal the official one.

    python tests/spider2/differential.py --official PATH/evaluate.py --gold-dir PATH/gold \\
        [--instances 150] [--record tests/spider2/vectors.jsonl]

Exit status 0 when every verdict agrees. ``--record`` writes small cases with the official
verdict as replayable vectors (data, not code).
"""

from __future__ import annotations

import argparse
import ast
import csv
import io
import json
import math
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pandas as pd
from tabeq import spider2


def load_official(path: str) -> tuple[Callable[..., int], Callable[..., int]]:
    """The two comparison functions, compiled from the official file without importing it
    (its module body needs BigQuery and redirects stdout)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    wanted = {"compare_pandas_table", "compare_multi_pandas_table"}
    nodes = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in wanted]
    if {n.name for n in nodes} != wanted:
        raise SystemExit(f"{path}: the official comparison functions were not found")
    namespace: dict[str, Any] = {"pd": pd, "math": math}
    exec(compile(ast.Module(body=nodes, type_ignores=[]), path, "exec"), namespace)
    return namespace["compare_pandas_table"], namespace["compare_multi_pandas_table"]


def official_score(
    fns: tuple[Callable[..., int], Callable[..., int]],
    pred: bytes,
    golds: list[bytes],
    multi: bool,
    cond: Any,
    io_: bool,
) -> int:
    single, multi_fn = fns
    try:
        p = pd.read_csv(io.BytesIO(pred))
        gs = [pd.read_csv(io.BytesIO(g)) for g in golds]
        if multi:
            return int(multi_fn(p, gs, cond, io_))
        return int(single(p, gs[0], cond, io_))
    except Exception:
        return 0


def rows_of(data: bytes) -> list[list[str]]:
    return [r for r in csv.reader(io.StringIO(data.decode("utf-8")))]


def to_csv(rows: list[list[str]], quote_all: bool = False) -> bytes:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL)
    w.writerows(rows)
    return out.getvalue().encode("utf-8")


NUM = re.compile(r"^-?\d+(\.\d+)?$")
INT = re.compile(r"^-?\d+$")


def mutations(rows: list[list[str]], rng: random.Random) -> list[tuple[str, bytes]]:
    """(name, prediction CSV) pairs made from a gold table's rows."""
    header, body = rows[0], rows[1:]
    width = len(header)
    out: list[tuple[str, bytes]] = [("identity", to_csv(rows))]
    if width == 0:
        return out

    def cols(order: list[int]) -> list[list[str]]:
        return [[r[i] if i < len(r) else "" for i in order] for r in rows]

    perm = list(range(width))
    rng.shuffle(perm)
    out.append(("column_permutation", to_csv(cols(perm))))
    out.append(("reversed_columns", to_csv(cols(list(reversed(range(width)))))))
    extra = [r + [str(rng.randint(0, 9))] for r in rows]
    extra[0][-1] = "extra"
    out.append(("extra_number_column", to_csv(extra)))
    out.append(("extra_text_column", to_csv([r + ["x" if k else "note"] for k, r in enumerate(rows)])))
    out.append(("duplicated_column", to_csv([r + [r[0] if r else ""] for r in rows])))
    shuffled = body[:]
    rng.shuffle(shuffled)
    out.append(("row_shuffle", to_csv([header] + shuffled)))
    out.append(("renamed_headers", to_csv([[f"c{i}" for i in range(width)]] + body)))
    out.append(("quoted_fields", to_csv(rows, quote_all=True)))
    if body:
        out.append(("dropped_row", to_csv([header] + body[:-1])))
        out.append(("duplicated_row", to_csv([header] + body + [body[0]])))
        out.append(("empty_prediction", to_csv([header])))
    if width > 1:
        drop = rng.randrange(width)
        out.append(("dropped_column", to_csv(cols([i for i in range(width) if i != drop]))))
    # Cell-level edits on one numeric and one text cell.
    cells = [(r, c) for r in range(1, len(rows)) for c in range(min(width, len(rows[r])))]
    numeric = [(r, c) for r, c in cells if NUM.match(rows[r][c])]
    ints = [(r, c) for r, c in cells if INT.match(rows[r][c])]
    text = [(r, c) for r, c in cells if rows[r][c] and not NUM.match(rows[r][c])]
    empty = [(r, c) for r, c in cells if rows[r][c] == ""]

    def edit(name: str, at: tuple[int, int], value: str) -> None:
        new = [list(r) for r in rows]
        new[at[0]][at[1]] = value
        out.append((name, to_csv(new)))

    if numeric:
        at = rng.choice(numeric)
        v = float(rows[at[0]][at[1]])
        for name, delta in (("inside_tolerance", 0.0099), ("outside_tolerance", 0.0101), ("far_off", 1.5)):
            edit(name, at, repr(v + delta))
        edit("negated", at, repr(-v) if v else "1")
        edit("scientific", at, f"{v:e}")
        edit("na_for_number", at, rng.choice(["", "NA", "null", "NaN", "None", "n/a", "#N/A"]))
    if ints:
        at = rng.choice(ints)
        edit("int_as_float", at, rows[at[0]][at[1]] + ".0")
        edit("leading_zeros", at, "00" + rows[at[0]][at[1]].lstrip("-"))
        edit("zero_for_int", at, "0")
        edit("thousands_quoted", at, f"{int(rows[at[0]][at[1]]):,}")
        edit("plus_sign", at, "+" + rows[at[0]][at[1]].lstrip("-"))
        edit("padded_int", at, " " + rows[at[0]][at[1]] + " ")
    if text:
        at = rng.choice(text)
        s = rows[at[0]][at[1]]
        edit("text_case", at, s.swapcase())
        edit("text_space", at, s + " ")
        edit("na_for_text", at, rng.choice(["", "NA", "null", "None"]))
        edit("text_to_number", at, "0")
    if empty:
        at = rng.choice(empty)
        edit("na_spelling", at, rng.choice(["NA", "null", "NaN", "None", "n/a", "<NA>", "nan", "-nan"]))
        edit("na_to_zero", at, "0")
        edit("na_to_text", at, "none")
    # Whole-column edits: they change the column's dtype (and so the table's common dtype).
    int_cols = [c for c in range(width) if body and all(INT.match(r[c]) for r in body if c < len(r))]
    num_cols = [c for c in range(width) if body and all(NUM.match(r[c]) for r in body if c < len(r))]

    def edit_column(name: str, col: int, change: Callable[[str], str]) -> None:
        new = [list(r) for r in rows]
        for r in new[1:]:
            if col < len(r):
                r[col] = change(r[col])
        out.append((name, to_csv(new)))

    if int_cols:
        edit_column("int_as_float_column", rng.choice(int_cols), lambda v: v + ".0")
    if num_cols:
        col = rng.choice(num_cols)
        edit_column("column_inside_tolerance", col, lambda v: repr(float(v) + 0.0099))
        edit_column("column_outside_tolerance", col, lambda v: repr(float(v) - 0.0101))
    if empty:
        spelling = rng.choice(["NA", "null", "NaN", "None", "n/a", "#N/A", "<NA>"])
        edit_column("na_spelling_column", rng.choice(empty)[1], lambda v: v or spelling)
    return out


# Hand-written cases for each quirk of pandas' reading and the official rules (docs/spec/spider2.md):
# (name, prediction, golds, multi, condition_cols, ignore_order).
QUIRKS: list[tuple[str, str, list[str], bool, Any, bool]] = [
    ("leading_zeros", "a\n007\n", ["a\n7\n"], False, None, False),
    ("int_as_float", "a\n1.0\n", ["a\n1\n"], False, None, False),
    ("missing_is_zero", "a\nNA\n", ["a\n0\n"], False, None, False),
    ("missing_text_is_zero", "a,b\n,x\n", ["a,b\n0,x\n"], False, None, False),
    ("none_lowercase_is_text", "a,b\nnone,1\n", ["a,b\n,1\n"], False, None, False),
    ("nan_uppercase_is_text", "a,b\nNAN,1\n", ["a,b\n,1\n"], False, None, False),
    ("thousands_stay_text", 'a\n"1,000"\n', ["a\n1000\n"], False, None, False),
    ("bool_is_a_number", "a\nTrue\n", ["a\n1\n"], False, None, False),
    ("bool_any_case", "a\ntRUE\n", ["a\n1\n"], False, None, False),
    ("inside_tolerance", "a\n1.0099\n", ["a\n1\n"], False, None, False),
    ("outside_tolerance", "a\n1.0101\n", ["a\n1\n"], False, None, False),
    ("tolerance_edge_is_binary", "a\n1.01\n", ["a\n1\n"], False, None, False),
    ("relative_tolerance_large", "a\n1000000000000.5\n", ["a\n1000000000000\n"], False, None, False),
    ("ignore_order_sorts_text", "a\n10\n9\n", ["a\n9\n10\n"], False, None, True),
    ("order_kept", "a\n10\n9\n", ["a\n9\n10\n"], False, None, False),
    ("shared_column", "x\n1\n", ["a,b\n1,1\n"], False, None, False),
    ("rows_do_not_correspond", "x,y\n1,2\n2,1\n", ["a,b\n1,1\n2,2\n"], False, None, True),
    ("implicit_index", "a\n5,1\n6,2\n", ["a\n1\n2\n"], False, None, False),
    ("too_many_fields", "a\n1\n2,3\n", ["a\n1\n2\n"], False, None, False),
    ("short_rows_padded", "a,b\n1\n2,3\n", ["a,b\n1,0\n2,3\n"], False, None, False),
    ("condition_out_of_range", "a\n1\n", ["a\n1\n"], False, [5], False),
    ("condition_negative", "b\n2\n", ["a,b\n1,2\n"], False, [-1], False),
    ("multi_flat_first_zero", "a\n2\n", ["a,b\n1,2\n"], True, [0, 1], True),
    ("multi_flat_first_one", "a\n2\n", ["a,b\n1,2\n"], True, [1, 0], True),
    ("multi_flat_applies_to_each", "a\n2\n", ["a,b\n1,2\n", "a,b\n3,2\n"], True, [1], True),
    ("multi_nested_too_short", "a\n9\n", ["a\n1\n", "a\n2\n", "a\n9\n"], True, [[0], [0]], True),
    ("multi_nested_pass_first", "a\n1\n", ["a\n1\n", "a\n2\n", "a\n9\n"], True, [[0], [0]], True),
    ("multi_empty_nested", "a\n1\n", ["a,b\n1,2\n"], True, [[]], True),
    ("uint64", "a\n9223372036854775808.0\n", ["a\n9223372036854775808\n"], False, None, False),
    (
        "beyond_uint64_is_text",
        "a\n99999999999999999999.0\n",
        ["a\n99999999999999999999\n"],
        False,
        None,
        False,
    ),
    (
        "uint64_with_missing_is_text",
        "a\n9223372036854775808\nNA\n",
        ["a\n9223372036854775808\n0\n"],
        False,
        None,
        False,
    ),
    ("blank_lines_skipped", "a\n\n1\n  \n2\n", ["a\n1\n2\n"], False, None, False),
    ("bom_dropped", "\ufeffa\n1\n", ["a\n1\n"], False, None, False),
    ("bool_with_missing", "a,b\nTrue,1\n,2\n", ["a,b\n1,1\n0,2\n"], False, None, False),
    ("header_only_vs_rows", "a\n", ["a\n1\n"], False, None, False),
    ("header_only_both", "a\n", ["b\n"], False, None, False),
    ("infinity_spellings", "a\ninf\n", ["a\nInfinity\n"], False, None, False),
    ("spaces_around_numbers", "a\n 5 \n", ["a\n5\n"], False, None, False),
    ("spaces_in_text", "a\n x\n", ["a\nx\n"], False, None, False),
    ("seventeen_digits", "a\n0.1234567890123456789012\n", ["a\n0.1234567890123456\n"], False, None, False),
    ("overflowing_float_is_text", "a\n1e400\n", ["a\n0\n"], False, None, False),
    ("text_sorts_before_number", "a,b\n5,x\n10,y\n", ["a\n10\n5\n"], False, None, True),
    ("mixed_numbers_become_floats", "a,b\n1,0.5\n10,1.5\n", ["a\n1\n10\n"], False, None, True),
    ("empty_file", "", ["a\n1\n"], False, None, False),
    ("quoted_newline", 'a\n"x\ny"\n', ['a\n"x\ny"\n'], False, None, False),
    (
        "int_part_overflow_first_is_text",
        "a\n53934375770899759104.0\n1.5\n",
        ["a\n1.5\n53934375770899759104.0\n"],
        False,
        None,
        True,
    ),
    (
        "int_part_overflow_after_a_float",
        "a\n1.5\n53934375770899759104.0\n",
        ["a\n1.5\n53934375770899759104.0\n"],
        False,
        None,
        True,
    ),
    (
        "int_part_overflow_both_text",
        "a\n53934375770899759104.0\n1.5\n",
        ["a\n53934375770899759104.0\n1.5\n"],
        False,
        None,
        True,
    ),
    (
        "int_part_in_uint64_is_float",
        "a\n9934375770899759104.0\n1.5\n",
        ["a\n1.5\n9934375770899759104.0\n"],
        False,
        None,
        True,
    ),
    (
        "negative_int_part_overflow_is_text",
        "a\n-9223372036854775809.5\n",
        ["a\n-9223372036854775809.5\n"],
        False,
        None,
        False,
    ),
    (
        "negative_int_part_overflow_vs_float",
        "a\n-9223372036854775809.5\n",
        ["a\n-9223372036854775809.4\n"],
        False,
        None,
        False,
    ),
]


def condition_variants(cond: Any, width: int, rng: random.Random) -> list[Any]:
    """The instance's own condition_cols, plus none and one flat list."""
    variants = [cond, None]
    if width > 1:
        variants.append(sorted(rng.sample(range(width), k=min(2, width))))
    seen: list[Any] = []
    for v in variants:
        if v not in seen:
            seen.append(v)
    return seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--official", required=True, help="path of the official evaluate.py")
    ap.add_argument(
        "--gold-dir", required=True, help="directory holding exec_result/ and spider2lite_eval.jsonl"
    )
    ap.add_argument("--instances", type=int, default=150, help="0: every usable instance")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--max-gold-bytes", type=int, default=200_000, help="skip larger gold files")
    ap.add_argument("--record", default=None, help="write small cases with the official verdict as vectors")
    ap.add_argument("--record-max-bytes", type=int, default=1500)
    ap.add_argument("--progress", action="store_true", help="one line per instance on stderr")
    args = ap.parse_args()

    fns = load_official(args.official)
    gold_dir = Path(args.gold_dir)
    results = gold_dir / "exec_result"
    standards = [
        json.loads(line)
        for line in (gold_dir / "spider2lite_eval.jsonl").read_text().splitlines()
        if line.strip()
    ]
    names = sorted(p.name for p in results.iterdir())
    rng = random.Random(args.seed)

    def gold_files(iid: str) -> list[Path]:
        pat = re.compile(rf"^{re.escape(iid)}(_[a-z])?\.csv$")
        return [results / n for n in names if pat.match(n)]

    usable = []
    for s in standards:
        files = gold_files(s["instance_id"])
        if files and all(f.stat().st_size <= args.max_gold_bytes for f in files):
            usable.append((s, files))

    # Cover every condition_cols form first, then fill at random.
    def form(c: Any) -> str:
        if not c:
            return "none"
        if any(isinstance(x, list) for x in c):
            return "nested"
        return f"flat{len(c)}" if len(c) < 3 else "flat3+"

    by_form: dict[tuple[str, bool], list[Any]] = {}
    for s, files in usable:
        by_form.setdefault((form(s.get("condition_cols")), len(files) > 1), []).append((s, files))
    chosen: list[Any] = []
    for key in sorted(by_form):
        chosen.extend(rng.sample(by_form[key], k=min(6, len(by_form[key]))))
    rest = [u for u in usable if u not in chosen]
    rng.shuffle(rest)
    chosen = (chosen + rest)[: args.instances or None]

    counts: Counter[str] = Counter()
    by_kind: dict[str, Counter[str]] = {}
    by_combo: Counter[str] = Counter()
    own_forms: Counter[str] = Counter()
    disagreements = []
    vectors = []
    kinds: Counter[str] = Counter()
    for n_done, (s, files) in enumerate(chosen):
        iid = s["instance_id"]
        if args.progress:
            print(
                f"[{n_done + 1}/{len(chosen)}] {iid}: {counts['cases']} cases so far, "
                f"{len(disagreements)} disagreements",
                file=sys.stderr,
                flush=True,
            )
        golds = [f.read_bytes() for f in files]
        kinds["multi_gold" if len(golds) > 1 else "one_gold_file"] += 1
        own_forms[
            f"{form(s.get('condition_cols'))}/ignore_order={bool(s.get('ignore_order'))}/"
            f"{'multi' if len(golds) > 1 else 'one'}_gold"
        ] += 1
        try:
            source_rows = rows_of(golds[rng.randrange(len(golds))])
        except (UnicodeDecodeError, csv.Error):
            counts["skipped_unreadable"] += 1
            continue
        if not source_rows:
            continue
        width = len(source_rows[0])
        preds = mutations(source_rows, rng)
        for name, _ in preds:
            by_kind.setdefault(name, Counter())
        for cond in condition_variants(s.get("condition_cols"), width, rng):
            for io_ in (True, False):
                # The official run's function (always multi for *_a.csv golds), and the
                # single-gold function on the first gold.
                for multi in (True, False):
                    gs = golds if multi else golds[:1]
                    for name, pred in preds:
                        want = official_score(fns, pred, gs, multi, cond, io_)
                        arg: Any = list(gs) if multi else gs[0]
                        got = spider2.compare(pred, arg, condition_cols=cond, ignore_order=io_).score
                        counts["cases"] += 1
                        counts[f"official_{want}"] += 1
                        by_kind[name][f"official_{want}"] += 1
                        combo = f"{form(cond)}/ignore_order={io_}/{'multi' if multi else 'single'}"
                        by_combo[combo] += 1
                        if got != want:
                            by_kind[name]["disagreements"] += 1
                            disagreements.append((iid, name, cond, io_, multi, want, got))
                        elif (
                            args.record
                            and len(pred) + sum(map(len, gs)) <= args.record_max_bytes
                            and rng.random() < 0.25
                        ):
                            vectors.append(
                                {
                                    "id": f"{iid}/{name}",
                                    "prediction": pred.decode(),
                                    "golds": [g.decode() for g in gs],
                                    "multi": multi,
                                    "condition_cols": cond,
                                    "ignore_order": io_,
                                    "official_score": want,
                                }
                            )
    for name, pred_s, golds_s, multi, cond, io_ in QUIRKS:
        pred, gs = pred_s.encode(), [g.encode() for g in golds_s]
        want = official_score(fns, pred, gs, multi, cond, io_)
        arg = list(gs) if multi else gs[0]
        got = spider2.compare(pred, arg, condition_cols=cond, ignore_order=io_).score
        counts["quirk_cases"] += 1
        if got != want:
            disagreements.append(("quirk", name, cond, io_, multi, want, got))
        vectors.append(
            {
                "id": f"quirk/{name}",
                "prediction": pred_s,
                "golds": golds_s,
                "multi": multi,
                "condition_cols": cond,
                "ignore_order": io_,
                "official_score": want,
            }
        )
    summary = {
        "instances": len(chosen),
        **kinds,
        "cases": counts["cases"],
        "quirk_cases": counts["quirk_cases"],
        "official_pass": counts["official_1"],
        "official_fail": counts["official_0"],
        "disagreements": len(disagreements),
        "pandas": pd.__version__,
        "instances_by_own_condition_cols": dict(sorted(own_forms.items())),
        "cases_by_condition_cols_ignore_order_function": dict(sorted(by_combo.items())),
        "cases_by_mutation": {
            k: {"cases": c["official_1"] + c["official_0"], **c} for k, c in sorted(by_kind.items())
        },
    }
    print(json.dumps(summary, indent=2))
    for d in disagreements[:30]:
        print("DISAGREE", d, file=sys.stderr)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            for v in vectors:
                f.write(json.dumps(v, ensure_ascii=False) + "\n")
        print(f"recorded {len(vectors)} vectors in {args.record}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
