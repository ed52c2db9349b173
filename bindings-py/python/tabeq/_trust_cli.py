"""``tabeq trust``: reliability and robustness tables from JSON-lines records or a manifest.

Exit status: 0 on success, 2 when the input is invalid (a coded message on stderr, and with
``--format json`` also ``{"error": {"code", "line", "message"}}`` on stdout). Tables, notes and
charts are rendered by the core, and its grammar gives the arguments; this module reads files and
prints.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Union, cast

from . import _tabeq, trust
from ._progress import Activity

EXIT_INVALID = 2

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
            with Activity(f"tabeq {args.command} {args.trust_command}"):
                report = run(args)
        except trust.TrustError as exc:
            return _fail(exc, args.format)
        except MemoryError:
            message = "the analysis ran out of memory (see SECURITY.md for the trust limits)"
            return _fail(trust.TrustError(message, "out_of_memory"), args.format)
        if args.output_dir is not None:
            _write_paper(report, args)
        _emit(report, args.format)
        return 0

    return command


def _write_paper(report: _Report, args: argparse.Namespace) -> None:
    # The files are the core's; this writes them and says where, and what made the PDF/PNG.
    files = trust.write_paper(
        report,
        args.output_dir,
        width_pt=240 if args.figure_width is None else args.figure_width,
        font_size_pt=8 if args.font_size is None else args.font_size,
        font=args.font or "Helvetica, Arial, sans-serif",
    )
    wrote = _tabeq.message(
        "paper_written", count=len(files.paths), path=str(args.output_dir), converter=files.converter or ""
    )
    print(f"tabeq trust: {wrote}", file=sys.stderr)


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
        raise trust.TrustError(_tabeq.message("give_one_of", choices=list(given)), "invalid_options")


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
        # The registration file's text stays the user's JSON; the core reads it where it lies.
        given = {"operators": _operators_text(args.operators)}
        options = _tabeq.trust_data(given, "the operators", "invalid_operator_registration")
        _write(_tabeq.trust_operators(options, args.format))
    except trust.TrustError as exc:
        return _fail(exc, args.format)
    return 0


def _spearman(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else trust._read_text(args.file)
        result, summary = _tabeq.trust_spearman(text)
    except trust.TrustError as exc:
        return _fail(exc, args.format)
    except UnicodeDecodeError as exc:
        return _fail(trust.TrustError(f"{args.file}: {exc}", "invalid_spearman_input"), args.format)
    if args.format == "json":
        _write(json.dumps({name: value for name, value in result.items() if name != "keys"}))
        return 0
    _write(summary)
    for finding in result["findings"]:
        print(f"tabeq trust: warning: {finding['code']}: {finding['message']}", file=sys.stderr)
    return 0


# Each trust command's handler, by its path in the grammar (`tabeq::command::command_line`).
TRUST_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "trust reliability": _guarded(_reliability),
    "trust robustness": _guarded(_robustness),
    "trust spearman": _spearman,
    "trust operators": _operators,
}
