"""``tabeq spider2`` against the official ``evaluate.py --mode exec_result`` on the same result
directory: the same printed scores and the same ``RESULT_DIR-ids.csv``.

The official file (fetched at test time, never committed) is run with stand-ins for its
BigQuery and tqdm imports, in a scratch copy of its layout (it reads ``../spider2-lite.jsonl``
and writes ``log.txt`` in the working directory).

    python tests/spider2/cli_differential.py --official PATH/evaluate.py --gold-dir PATH/gold \\
        [--examples DIR] [--instances 60]

The result directory holds the given example CSVs plus predictions made from gold tables
(copies, shuffles, and edits that fail). Exit status 0 when both outputs are equal.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import random
import re
import shutil
import subprocess
import sys
import tempfile
import types
from pathlib import Path


def run_official(official: Path, gold_dir: Path, result_dir: Path, work: Path) -> str:
    suite = work / "spider2-lite" / "evaluation_suite"
    suite.mkdir(parents=True)
    shutil.copy(official, suite / "evaluate.py")
    (work / "spider2-lite" / "spider2-lite.jsonl").write_text("")
    google = types.ModuleType("google")
    cloud = types.ModuleType("google.cloud")
    cloud.bigquery = types.ModuleType("google.cloud.bigquery")  # type: ignore[attr-defined]
    google.cloud = cloud  # type: ignore[attr-defined]
    tqdm = types.ModuleType("tqdm")
    tqdm.tqdm = lambda it, **_: it  # type: ignore[attr-defined]
    sys.modules.update(
        {"google": google, "google.cloud": cloud, "google.cloud.bigquery": cloud.bigquery, "tqdm": tqdm}
    )
    out = io.StringIO()
    saved = sys.stdout, sys.stderr
    cwd = Path.cwd()
    try:
        import os

        os.chdir(work)
        spec = importlib.util.spec_from_file_location("official_evaluate", suite / "evaluate.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)  # its TeeOutput replaces sys.stdout: point it at `out`
        module.sys.stdout.console = out
        args = types.SimpleNamespace(
            mode="exec_result", result_dir=str(result_dir), gold_dir=str(gold_dir), max_workers=1, timeout=60
        )
        with contextlib.suppress(SystemExit):
            module.evaluate_spider2sql(args, work / "tmp")
    finally:
        sys.stdout, sys.stderr = saved
        os.chdir(cwd)
    return out.getvalue()


def make_results(gold_dir: Path, examples: Path | None, result_dir: Path, n: int, seed: int) -> None:
    rng = random.Random(seed)
    if examples:
        for f in examples.glob("*.csv"):
            shutil.copy(f, result_dir / f.name)
    names = sorted(p.name for p in (gold_dir / "exec_result").iterdir())
    ids = sorted({re.sub(r"(_[a-z])?\.csv$", "", n) for n in names})
    for iid in rng.sample(ids, k=min(n, len(ids))):
        golds = [x for x in names if re.match(rf"^{re.escape(iid)}(_[a-z])?\.csv$", x)]
        lines = (gold_dir / "exec_result" / rng.choice(golds)).read_text(encoding="utf-8").splitlines()
        kind = rng.choice(["copy", "shuffle", "drop_row", "edit"])
        if kind == "shuffle":
            body = lines[1:]
            rng.shuffle(body)
            lines = lines[:1] + body
        elif kind == "drop_row" and len(lines) > 2:
            lines = lines[:-1]
        elif kind == "edit" and len(lines) > 1:
            lines[1] = lines[1] + ",extra"
            lines[-1] = re.sub(r"\d", "7", lines[-1])
        (result_dir / f"{iid}.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--official", required=True)
    ap.add_argument("--gold-dir", required=True)
    ap.add_argument("--examples", default=None, help="a directory of example result CSVs to include")
    ap.add_argument("--instances", type=int, default=60)
    ap.add_argument("--seed", type=int, default=27)
    args = ap.parse_args()
    gold_dir = Path(args.gold_dir).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        result_dir = base / "results"
        result_dir.mkdir()
        make_results(
            gold_dir, Path(args.examples) if args.examples else None, result_dir, args.instances, args.seed
        )
        official_out = run_official(Path(args.official).resolve(), gold_dir, result_dir, base / "official")
        official_ids = Path(f"{result_dir}-ids.csv").read_text()
        Path(f"{result_dir}-ids.csv").unlink()
        ours = subprocess.run(
            [
                sys.executable,
                "-m",
                "tabeq",
                "spider2",
                "--result-dir",
                str(result_dir),
                "--gold-dir",
                str(gold_dir),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        our_ids = Path(f"{result_dir}-ids.csv").read_text()

    def score_lines(text: str) -> list[str]:
        keep = ("{", "Final score", "Real score", "Correct IDs saved", "TOTAL_GB")
        return [line for line in text.splitlines() if line.startswith(keep)]

    same_lines = score_lines(official_out) == score_lines(ours.stdout)
    print("official:", *score_lines(official_out)[1:3], sep="\n  ")
    print("tabeq:   ", *score_lines(ours.stdout)[1:3], sep="\n  ")
    print(f"score lines equal: {same_lines}; ids files equal: {official_ids == our_ids}")
    if not same_lines:
        print("--- official\n" + official_out + "\n--- tabeq\n" + ours.stdout + ours.stderr)
    return 0 if same_lines and official_ids == our_ids else 1


if __name__ == "__main__":
    sys.exit(main())
