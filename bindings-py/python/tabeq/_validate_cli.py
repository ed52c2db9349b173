"""``tabeq validate``: the gold-less pre-submission check of one prediction."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from . import FatalError, load_config
from ._gold import validate

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_FATAL = 2


def _cmd_validate(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except FatalError as exc:
        print(f"fatal error ({exc.stage}): {exc.code}: {exc}", file=sys.stderr)
        return EXIT_FATAL
    report = validate(Path(args.prediction), config)
    if args.format == "json":
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(_text(report))
    return EXIT_OK if report["ok"] else EXIT_INVALID


def _text(report: dict[str, Any]) -> str:
    if report["ok"]:
        head = f"{report['task_id']}: no problem found without the gold (the verdict depends on it)"
    else:
        head = f"{report['task_id']}: {report['error_code']}: {report['error']}"
    lines = [
        head,
        f"columns {report['prediction_column_count']}/{report['gold_column_count']}, "
        f"rows {report['prediction_row_count']}",
    ]
    for column in report["columns"]:
        readable = ", ".join(str(k) for k in column["readable"]) or "none"
        name = f"{column['gold_index']} {column['gold_name']} ({column['rule']})"
        lines.append(f"  gold column {name}: readable {readable}")
        for bad in column["unreadable"]:
            lines.append(
                f"    prediction column {bad['prediction_index']} {bad['header']!r}: row {bad['row']} "
                f"{bad['value']!r}: {bad['code']}"
            )
    return "\n".join(lines)


def add_validate_subcommand(sub: Any) -> None:
    va = sub.add_parser(
        "validate",
        help="check one prediction against its config, without the gold",
        description="Check a prediction with its config alone (the report of the WASM validatePrediction). "
        "Exit 0 when nothing found fails the task, 1 when something does, 2 on a fatal config error.",
    )
    va.add_argument(
        "--prediction", required=True, help="prediction CSV (a missing file is missing_prediction)"
    )
    va.add_argument("--config", required=True, help="task config JSON (task_N.json)")
    va.add_argument(
        "--format", choices=["json", "text"], default="json", help="json (the report) or text for people"
    )
    va.set_defaults(func=_cmd_validate)
