"""``tabeq trust``: reliability and robustness tables from JSON-lines records or a manifest.

Exit status: 0 on success, 2 when the input is invalid (a coded message on stderr, and with
``--format json`` also ``{"error": {"code", "line", "message"}}`` on stdout). Tables, notes and
charts are rendered by the core; this module parses arguments, reads files and prints.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Union, cast

from . import _tabeq, trust

EXIT_INVALID = 2
FORMATS = ("table", "json", "csv", "markdown", "html", "svg", "latex")

_Report = Union[trust.ReliabilityReport, trust.RobustnessReport]


def _read_stdin_or_path(path: str) -> Any:
    return sys.stdin if path == "-" else path


def _operators_text(path: str | None) -> str | None:
    # The registration file's text; the core checks that it holds a list of operators.
    return None if path is None else trust._read_text(path)


def _write(text: str) -> None:
    # A reader that goes away (`| head`) raises BrokenPipeError here, which `cli.main` ends quietly.
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


def _emit(report: _Report, fmt: str) -> None:
    # table(), to_json(), to_csv(), to_markdown(), to_html(), to_svg(): all rendered by the core.
    _write(report.table() if fmt == "table" else getattr(report, f"to_{fmt}")())


def _fail(exc: trust.TrustError, fmt: str) -> int:
    if fmt == "json":
        print(json.dumps({"error": {"code": exc.code, "line": exc.line, "message": exc.message}}))
    print(f"tabeq trust: error: {exc}", file=sys.stderr)
    return EXIT_INVALID


def _layout(args: argparse.Namespace) -> dict[str, Any] | None:
    # The layout flags as the core's `layout` object (the core checks the names against the table).
    layout = {
        "rows": args.rows,
        "order_by": args.order_by,
        "ascending": args.ascending or None,
        "columns": args.columns,
        "decimals": args.decimals,
    }
    layout = {name: value for name, value in layout.items() if value is not None}
    return layout or None


def _common(args: argparse.Namespace) -> trust.ReportOptions:
    # Each report option has the flag of its name; --operators names a file, whose text is passed;
    # the layout flags make one `layout` option.
    names = [name for name in trust.ReportOptions.__annotations__ if name != "layout"]
    options = {name: getattr(args, name) for name in names}
    extra = {"operators": _operators_text(args.operators), "layout": _layout(args)}
    return cast(trust.ReportOptions, {**options, **extra})


def _guarded(run: Callable[[argparse.Namespace], _Report]) -> Callable[[argparse.Namespace], int]:
    def command(args: argparse.Namespace) -> int:
        try:
            report = run(args)
        except trust.TrustError as exc:
            return _fail(exc, args.format)
        _emit(report, args.format)
        return 0

    return command


def _inspect_records(args: argparse.Namespace, track: str) -> list[dict[str, Any]]:
    fields = {}
    for pair in args.inspect_field or []:
        field, _, key = pair.partition("=")
        fields[field] = key
    return trust.records_from_inspect_log(
        args.inspect_log, track, scorer=args.scorer, epoch=args.epoch, fields=fields
    )


def _one_input(args: argparse.Namespace, given: dict[str, Any]) -> None:
    if sum(value is not None for value in given.values()) != 1:
        raise trust.TrustError(f"give one of {', '.join(given)}", "invalid_options")


def _reliability(args: argparse.Namespace) -> _Report:
    _one_input(args, {"a records FILE": args.file, "--inspect-log LOG": args.inspect_log})
    if args.inspect_log is not None:
        return trust.reliability(_inspect_records(args, "reliability"), args.by, **_common(args))
    return trust.reliability(_read_stdin_or_path(args.file), args.by, **_common(args))


def _robustness(args: argparse.Namespace) -> _Report:
    given = {
        "a records FILE": args.file,
        "--manifest MANIFEST": args.manifest,
        "--inspect-log LOG": args.inspect_log,
    }
    _one_input(args, given)
    if args.manifest is not None:
        return trust.robustness_from_manifest(args.manifest, args.by, **_common(args))
    if args.inspect_log is not None:
        return trust.robustness(_inspect_records(args, "robustness"), args.by, **_common(args))
    return trust.robustness(_read_stdin_or_path(args.file), args.by, **_common(args))


def _operators(args: argparse.Namespace) -> int:
    try:
        options = json.dumps({"operators": _operators_text(args.operators)})
        _write(_tabeq.trust_operators(options, args.format))
    except trust.TrustError as exc:
        return _fail(exc, args.format)
    return 0


def _spearman(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else trust._read_text(args.file)
        result_json, summary = _tabeq.trust_spearman(text)
    except trust.TrustError as exc:
        return _fail(exc, args.format)
    except UnicodeDecodeError as exc:
        return _fail(trust.TrustError(f"{args.file}: {exc}", "invalid_spearman_input"), args.format)
    result = json.loads(result_json)
    if args.format == "json":
        _write(json.dumps({name: value for name, value in result.items() if name != "keys"}))
        return 0
    _write(summary)
    for finding in result["findings"]:
        print(f"tabeq trust: warning: {finding['code']}: {finding['message']}", file=sys.stderr)
    return 0


def _add_report_options(p: argparse.ArgumentParser, default_by: str, keys: tuple[str, ...]) -> None:
    p.add_argument(
        "--by",
        default=default_by,
        help=f"comma-separated grouping keys: {', '.join(keys)} or any record field (default: {default_by})",
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
    p.add_argument("--strict", action="store_true", help="completeness findings are errors (exit status 2)")
    p.add_argument(
        "--rows", default=None, metavar="A,B,...", help="row order of the main table (first-column values)"
    )
    p.add_argument(
        "--order-by", default=None, metavar="COLUMN", help="order rows by a column or metric (largest first)"
    )
    p.add_argument("--ascending", action="store_true", help="with --order-by: smallest first")
    p.add_argument(
        "--columns", default=None, metavar="M,...", help="metric columns to keep (e.g. ASR,RAD,'Avg. ASR')"
    )
    p.add_argument(
        "--decimals", type=int, default=None, metavar="N", help="decimals of percentages (default 2)"
    )
    p.add_argument(
        "--compare",
        action="store_true",
        help="paired comparisons of every pair of models within each group of the other --by keys "
        "(exact p-values, Holm-adjusted per group)",
    )
    p.add_argument(
        "--expected",
        default=None,
        metavar="EXPECTED.jsonl",
        help="the instances every model should have (one JSON object a line)",
    )


def _add_inspect_options(p: argparse.ArgumentParser, outcome: str) -> None:
    p.add_argument(
        "--inspect-log",
        action="append",
        default=None,
        metavar="LOG",
        help=f"an inspect_ai eval log (.eval or .json) whose scores give {outcome}; repeat for more logs",
    )
    p.add_argument("--scorer", default=None, metavar="NAME", help="with --inspect-log: the score to read")
    p.add_argument(
        "--epoch", type=int, default=None, metavar="N", help="with --inspect-log: the epoch to read"
    )
    p.add_argument(
        "--inspect-field",
        action="append",
        default=None,
        metavar="FIELD=KEY",
        help="with --inspect-log: read a record field from another sample metadata key (e.g. operator=op)",
    )


def add_trust_subcommand(subparsers: Any) -> None:
    """Add ``tabeq trust {reliability,robustness,spearman,operators}`` to a CLI's subparsers."""
    tr = subparsers.add_parser("trust", help="TrustDABench reliability and robustness metrics")
    sub = tr.add_subparsers(dest="trust_command", required=True)

    rel = sub.add_parser("reliability", help="FRR, PRR, NRR and MRS from judged refusal labels")
    rel.add_argument(
        "file", metavar="FILE.jsonl", nargs="?", default=None, help="reliability records ('-' for stdin)"
    )
    _add_inspect_options(rel, "the refusal labels")
    _add_report_options(rel, "model,dataset", trust.RELIABILITY_KEYS)
    rel.set_defaults(func=_guarded(_reliability))

    rob = sub.add_parser("robustness", help="Acc_clean, ASR, RAD, Acc_rob from correctness or scored tables")
    rob.add_argument(
        "file", metavar="FILE.jsonl", nargs="?", default=None, help="robustness records ('-' for stdin)"
    )
    rob.add_argument(
        "--manifest", default=None, metavar="MANIFEST.jsonl", help="score tables listed in a manifest"
    )
    _add_inspect_options(rob, "correctness")
    _add_report_options(rob, "model,dataset", trust.ROBUSTNESS_KEYS)
    rob.set_defaults(func=_guarded(_robustness))

    sp = sub.add_parser("spearman", help='Spearman rho and p-value of {"x": ..., "y": ...}')
    sp.add_argument("file", metavar="FILE.json", help="JSON with paired lists or mappings ('-' for stdin)")
    sp.add_argument("--format", choices=("table", "json"), default="table")
    sp.set_defaults(func=_spearman)

    ops = sub.add_parser("operators", help="list the operator registry")
    ops.add_argument("--operators", default=None, metavar="FILE.json", help="extra operators to include")
    ops.add_argument("--format", choices=("table", "json", "csv", "markdown", "html"), default="table")
    ops.set_defaults(func=_operators)
