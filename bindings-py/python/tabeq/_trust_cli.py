"""``tabeq trust``: reliability and robustness tables from JSON-lines records or a manifest.

Exit status: 0 on success, 2 when the input is invalid (a coded message on stderr, and with
``--format json`` also ``{"error": {"code", "line", "message"}}`` on stdout).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any, Callable, Union

from . import trust

EXIT_INVALID = 2
FORMATS = ("table", "json", "csv", "markdown")

_Report = Union[trust.ReliabilityReport, trust.RobustnessReport]


def _read_stdin_or_path(path: str) -> Any:
    return sys.stdin if path == "-" else path


def _load_operators(path: str | None) -> list[dict[str, Any]] | None:
    if path is None:
        return None
    text = trust._read_text(path)  # a coded TrustError when the file cannot be read
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise trust.TrustError(f"{path}: {exc}", "invalid_operator_registration") from None
    if not isinstance(data, list):
        raise trust.TrustError(f"{path} must hold a JSON list of operators", "invalid_operator_registration")
    return data


def _emit(report: _Report, fmt: str) -> None:
    if fmt == "json":
        print(report.to_json())
    elif fmt == "csv":
        sys.stdout.write(report.to_csv())
    elif fmt == "markdown":
        print(report.to_markdown())
    else:
        print(report.table())


def _fail(exc: trust.TrustError, fmt: str) -> int:
    if fmt == "json":
        print(json.dumps({"error": {"code": exc.code, "line": exc.line, "message": exc.message}}))
    print(f"tabeq trust: error: {exc}", file=sys.stderr)
    return EXIT_INVALID


def _common(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "by": args.by,
        "operators": _load_operators(args.operators),
        "bootstrap": args.bootstrap,
        "seed": args.seed,
        "confidence": args.confidence,
    }


def _guarded(run: Callable[[argparse.Namespace], _Report]) -> Callable[[argparse.Namespace], int]:
    def command(args: argparse.Namespace) -> int:
        try:
            report = run(args)
        except trust.TrustError as exc:
            return _fail(exc, args.format)
        _emit(report, args.format)
        return 0

    return command


def _reliability(args: argparse.Namespace) -> _Report:
    return trust.reliability(_read_stdin_or_path(args.file), **_common(args))


def _robustness(args: argparse.Namespace) -> _Report:
    if (args.file is None) == (args.manifest is None):
        raise trust.TrustError("give a records FILE or --manifest MANIFEST (not both)", "invalid_options")
    if args.manifest is not None:
        return trust.robustness_from_manifest(args.manifest, **_common(args))
    return trust.robustness(_read_stdin_or_path(args.file), **_common(args))


def _operators(args: argparse.Namespace) -> int:
    try:
        ops = trust.operators(_load_operators(args.operators))
    except trust.TrustError as exc:
        return _fail(exc, args.format)
    if args.format == "json":
        print(json.dumps(ops, ensure_ascii=False, indent=2))
        return 0
    header = ["code", "name", "track", "family/kind", "difficulty/level"]
    rows = [
        [
            o["code"],
            o["name"],
            o["track"],
            o.get("family", o.get("kind", "")),
            o.get("difficulty") or o.get("level") or "",
        ]
        for o in ops
    ]
    if args.format == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    elif args.format == "markdown":
        print("| " + " | ".join(header) + " |")
        print("|" + " --- |" * len(header))
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(x) for x in col) for col in zip(header, *rows)]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip())
        print("  ".join("-" * w for w in widths))
        for r in rows:
            print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return 0


def _spearman(args: argparse.Namespace) -> int:
    try:
        try:
            data = json.load(sys.stdin) if args.file == "-" else json.loads(trust._read_text(args.file))
        except OSError as exc:
            raise trust.TrustError(f"cannot read {args.file}: {exc.strerror or exc}", "io_error") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise trust.TrustError(f"{args.file}: {exc}", "invalid_spearman_input") from None
        if not isinstance(data, dict) or "x" not in data or "y" not in data:
            raise trust.TrustError('expected {"x": ..., "y": ...}', "invalid_spearman_input")
        result = trust.spearman(data["x"], data["y"])
    except trust.TrustError as exc:
        return _fail(exc, args.format)
    if args.format == "json":
        print(json.dumps({"n": result.n, "rho": result.rho, "t": result.t, "p_value": result.p_value}))
    else:
        rho = "-" if result.rho is None else f"{result.rho:.4f}"
        p = "-" if result.p_value is None else f"{result.p_value:.4f}"
        print(f"rho = {rho}, p = {p}, n = {result.n}")
    return 0


def _add_report_options(p: argparse.ArgumentParser, default_by: str, keys: tuple[str, ...]) -> None:
    p.add_argument(
        "--by",
        default=default_by,
        help=f"comma-separated grouping keys from {', '.join(keys)} (default: {default_by})",
    )
    p.add_argument("--format", choices=FORMATS, default="table", help="output format (default: table)")
    p.add_argument(
        "--bootstrap", type=int, default=None, metavar="N", help="percentile intervals from N resamples"
    )
    p.add_argument("--seed", type=int, default=0, help="bootstrap seed (default: 0)")
    p.add_argument("--confidence", type=float, default=0.95, help="interval coverage (default: 0.95)")
    p.add_argument(
        "--operators", default=None, metavar="FILE.json", help="extra operators to accept (a JSON list)"
    )


def add_trust_subcommand(subparsers: Any) -> None:
    """Add ``tabeq trust {reliability,robustness,spearman,operators}`` to a CLI's subparsers."""
    tr = subparsers.add_parser("trust", help="TrustDABench reliability and robustness metrics")
    sub = tr.add_subparsers(dest="trust_command", required=True)

    rel = sub.add_parser("reliability", help="FRR, PRR, NRR and MRS from judged refusal labels")
    rel.add_argument("file", metavar="FILE.jsonl", help="reliability records ('-' for stdin)")
    _add_report_options(rel, "model,dataset", trust.RELIABILITY_KEYS)
    rel.set_defaults(func=_guarded(_reliability))

    rob = sub.add_parser("robustness", help="Acc_clean, ASR, RAD, Acc_rob from correctness or scored tables")
    rob.add_argument(
        "file", metavar="FILE.jsonl", nargs="?", default=None, help="robustness records ('-' for stdin)"
    )
    rob.add_argument(
        "--manifest", default=None, metavar="MANIFEST.jsonl", help="score tables listed in a manifest"
    )
    _add_report_options(rob, "model,dataset", trust.ROBUSTNESS_KEYS)
    rob.set_defaults(func=_guarded(_robustness))

    sp = sub.add_parser("spearman", help='Spearman rho and p-value of {"x": ..., "y": ...}')
    sp.add_argument("file", metavar="FILE.json", help="JSON with paired lists or mappings ('-' for stdin)")
    sp.add_argument("--format", choices=("table", "json"), default="table")
    sp.set_defaults(func=_spearman)

    ops = sub.add_parser("operators", help="list the operator registry")
    ops.add_argument("--operators", default=None, metavar="FILE.json", help="extra operators to include")
    ops.add_argument("--format", choices=FORMATS, default="table")
    ops.set_defaults(func=_operators)
