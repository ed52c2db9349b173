"""Command line: ``tabeq evaluate`` (a drop-in for the official ``evaluate.py``) and
``tabeq check`` (one task, explained)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Optional, Sequence

from . import FatalError, evaluate, evaluate_suite, load_config

EXIT_FATAL = 2


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total == 0:
            return
        width = 30
        filled = int(width * done / total)
        elapsed = time.monotonic() - self.start
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} tasks {elapsed:.1f}s")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _cmd_evaluate(args: argparse.Namespace) -> int:
    prediction_root = Path(args.prediction_root).resolve()
    try:
        summary = evaluate_suite(
            prediction_root,
            Path(args.gold_root).resolve(),
            Path(args.config_root).resolve(),
            threads=args.threads,
            progress=_Progress(not args.quiet and not args.json),
        )
    except FatalError as exc:
        print(f"Evaluator fatal error: {exc}", file=sys.stderr)
        return EXIT_FATAL
    output = Path(args.output) if args.output else prediction_root / "evaluation_summary.json"
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(summary.to_json(), encoding="utf-8")
    console = {k: v for k, v in summary.items() if k != "tasks"}
    if args.json:
        print(json.dumps(dict(summary), ensure_ascii=False, indent=2))
    elif not args.quiet:
        print(json.dumps(console, ensure_ascii=False, indent=2))
        print(f"Saved summary to: {output}")
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
        prediction = Path(args.prediction)
        result = evaluate(prediction if prediction.exists() else None, Path(args.gold), config)
    except FatalError as exc:
        if args.format == "json":
            print(json.dumps({"fatal": True, "code": exc.code, "stage": exc.stage, "error": str(exc)}))
        else:
            print(f"fatal ({exc.stage}): {exc.code}: {exc}", file=sys.stderr)
        return EXIT_FATAL
    if args.format == "json":
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        verdict = "PASSED" if result.passed else "FAILED"
        print(f"{result.task_id}: {verdict}")
        print(f"  columns gold/prediction: {result.gold_column_count}/{result.prediction_column_count}")
        print(f"  rows gold/prediction:    {result.gold_row_count}/{result.prediction_row_count}")
        if result.column_mapping is not None:
            names = [c["gold_name"] for c in config.columns]
            pairs = ", ".join(f"{names[j]}←prediction column {k}" for j, k in enumerate(result.column_mapping))
            print(f"  mapping: {pairs}")
        if result.error_code:
            print(f"  error: {result.error_code}: {result.error}")
    return 0 if result.passed else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabeq", description="Exact, fast evaluator for tabular answers.")
    sub = parser.add_subparsers(dest="command", required=True)

    ev = sub.add_parser("evaluate", help="evaluate a suite (drop-in for the official evaluate.py)")
    ev.add_argument("--prediction-root", required=True, help="directory of task_N/prediction.csv")
    ev.add_argument("--gold-root", required=True, help="directory of task_N/gold.csv")
    ev.add_argument("--config-root", required=True, help="directory of task_N.json")
    ev.add_argument("--output", default=None, help="summary path (default: PREDICTION_ROOT/evaluation_summary.json)")
    ev.add_argument("--threads", type=int, default=None, help="worker threads (default: all CPUs)")
    ev.add_argument("--quiet", action="store_true", help="print nothing on success")
    ev.add_argument("--json", action="store_true", help="print the whole summary as JSON on stdout")
    ev.set_defaults(func=_cmd_evaluate)

    ck = sub.add_parser("check", help="score one task and explain the verdict")
    ck.add_argument("--prediction", required=True)
    ck.add_argument("--gold", required=True)
    ck.add_argument("--config", required=True)
    ck.add_argument("--format", choices=["text", "json"], default="text")
    ck.set_defaults(func=_cmd_check)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # Accept the official evaluator's flags without a subcommand, as a drop-in.
    if args_list and args_list[0].startswith("--") and args_list[0] not in ("--help", "-h"):
        args_list.insert(0, "evaluate")
    args = build_parser().parse_args(args_list)
    code: int = args.func(args)
    return code
