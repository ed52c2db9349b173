"""Command line: ``tabeq evaluate`` (a drop-in for the official ``evaluate.py``),
``tabeq check`` (one task, explained), ``tabeq validate`` (a predictions folder or one
prediction, without the gold), ``tabeq trust`` and ``tabeq spider2`` (a drop-in for Spider 2.0's
``evaluate.py --mode exec_result``).

Exit codes: 0 success (``check``: the task passed; ``validate``: nothing found fails it),
1 ``check``: the task failed (``validate``: something found fails it), 2 a fatal error
(broken config, gold or suite layout, an ``--output`` that is not a regular file) or a usage
error. Warnings (ignored config keys, a summary inside the prediction root)
go to stderr and never change the summary file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Optional, cast

from . import (
    ArgumentError,
    FatalError,
    OutputError,
    SuiteResult,
    TabeqError,
    __version__,
    _tabeq,
    evaluate,
    evaluate_suite,
    load_config,
    validate,
)
from ._trust_cli import add_trust_subcommand
from .explain import Redaction

EXIT_OK = 0
EXIT_TASK_FAILED = 1
EXIT_FATAL = 2
EXIT_INTERRUPTED = 130


class _Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.monotonic()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total == 0:
            return
        sys.stderr.write(_tabeq.progress_bar(done, total, time.monotonic() - self.start))
        self.drawn = True
        if done == total:
            sys.stderr.write("\n")
            self.drawn = False
        sys.stderr.flush()

    def clear(self) -> None:
        """End an unfinished bar (a fatal error) so the next message starts on its own line."""
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _emit(text: str) -> None:
    """Write to stdout; a closed pipe (``| head``) ends the output quietly, not the command."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()


def _silence_stdout() -> None:
    # Point stdout at /dev/null so the interpreter's final flush does not fail again.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _warn(message: str) -> None:
    print(f"tabeq: warning: {message}", file=sys.stderr)


def _is_within(path: Path, root: Path) -> bool:
    """Whether ``path`` (resolved as far as it exists) is ``root`` or below it."""
    resolved = Path(os.path.realpath(path))
    return resolved == root or root in resolved.parents


def _cmd_evaluate(args: argparse.Namespace) -> int:
    # Same path handling as the official evaluator: roots resolved, --output used as given.
    prediction_root = Path(args.prediction_root).resolve()
    output = Path(args.output) if args.output is not None else prediction_root / "evaluation_summary.json"
    # The default output lies inside the prediction root: when that root is no directory, the suite
    # below reports the root itself, rather than the output check blaming a path nobody gave.
    if args.output is not None or prediction_root.is_dir():
        try:
            # Before scoring, so that a whole suite is not scored in vain.
            _tabeq.check_output(os.fspath(output))
        except OutputError as exc:
            print(_tabeq.evaluator_fatal(str(exc), exc.code), file=sys.stderr)
            return EXIT_FATAL
    # The level that fits where the summary goes, and a warning when participants may read it.
    explain, warning = _tabeq.evaluate_explain(args.explain, str(output), _is_within(output, prediction_root))
    if warning is not None:
        _warn(warning)
    progress = _Progress(not args.quiet and not args.json)
    try:
        summary = evaluate_suite(
            prediction_root,
            Path(args.gold_root).resolve(),
            Path(args.config_root).resolve(),
            threads=args.threads,
            progress=progress,
        )
    except TabeqError as exc:
        progress.clear()
        print(_tabeq.evaluator_fatal(str(exc)), file=sys.stderr)
        return EXIT_FATAL
    for task_id, warnings in summary.config_warnings.items():
        for config_warning in warnings:
            _warn(_tabeq.ignored_config_key(config_warning.message, task_id))
    text = summary.to_json() if not explain else _with_diagnoses(summary, explain, prediction_root)
    try:
        _tabeq.write_output(os.fspath(output), text)
    except OutputError as exc:
        print(_tabeq.evaluator_fatal(str(exc), exc.code), file=sys.stderr)
        return EXIT_FATAL
    if args.json:
        _emit(text)
    elif not args.quiet:
        _emit(_tabeq.console_summary(summary.to_json(), str(output)))
    return EXIT_OK


def _with_diagnoses(summary: SuiteResult, redaction: str, prediction_root: Path) -> str:
    """The summary with a ``diagnosis`` (tabeq's explanation, not part of the official
    schema) added to every failed task; passed tasks are unchanged. ``redaction`` is the
    ``--explain`` level; a prediction reached through a link leaving the prediction root is
    never quoted."""
    diagnoses = [
        None if r.passed else r.explain(redaction=cast(Redaction, redaction), prediction_root=prediction_root)
        for r in summary.results
    ]
    return _tabeq.summary_with_diagnoses(summary.to_json(), diagnoses)


def _fatal(exc: FatalError, as_json: bool) -> int:
    report = _tabeq.fatal_report(exc.code, str(exc), "json" if as_json else "text")
    if as_json:
        _emit(report)
    else:
        sys.stderr.write(report)
    return EXIT_FATAL


def _cmd_check(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
        result = evaluate(Path(args.prediction), Path(args.gold), config)
    except FatalError as exc:
        return _fatal(exc, args.format == "json")
    except TabeqError as exc:  # an argument the API cannot use (a path it cannot encode)
        print(f"error: {exc.code}: {exc}", file=sys.stderr)
        return EXIT_FATAL
    for warning in config.warnings:
        _warn(_tabeq.ignored_config_key(warning.message))
    if args.format == "json":
        _emit(result.to_json() + "\n")
    else:
        _emit(result.describe() + "\n")
    return EXIT_OK if result.passed else EXIT_TASK_FAILED


def _cmd_validate_folder(args: argparse.Namespace) -> int:
    """``tabeq validate --prediction-root``: the core's check of a whole predictions folder."""
    fmt = "json" if args.format == "json" else "text"
    try:
        text, ready = _tabeq.check_predictions_folder(
            os.fspath(Path(args.prediction_root)),
            None if args.config_root is None else os.fspath(Path(args.config_root)),
            None if args.task_list is None else os.fspath(Path(args.task_list)),
            fmt,
        )
    except FatalError as exc:
        return _fatal(exc, False)
    except TabeqError as exc:  # a task list that cannot be used: a usage error
        print(f"error: {exc.code}: {exc}", file=sys.stderr)
        return EXIT_FATAL
    _emit(text if text.endswith("\n") else text + "\n")
    return EXIT_OK if ready else EXIT_TASK_FAILED


def _usage(message: str) -> int:
    print(f"tabeq: error: {message}", file=sys.stderr)
    return EXIT_FATAL


def _cmd_validate(args: argparse.Namespace) -> int:
    given = (args.prediction_root, args.config_root, args.task_list, args.prediction, args.config)
    try:
        mode = _tabeq.validate_mode(*(flag is not None for flag in given))
    except ArgumentError as exc:
        return _usage(str(exc))
    if mode == "folder":
        return _cmd_validate_folder(args)
    try:
        config = load_config(args.config)
    except FatalError as exc:
        return _fatal(exc, False)
    prediction = os.fspath(Path(args.prediction))
    report = validate(prediction, config)
    if args.format == "json":
        _emit(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        _emit(_tabeq.render_validation(prediction, config._native, "text"))
    return EXIT_OK if report["ok"] else EXIT_TASK_FAILED


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 1 <= value <= 4096:
        raise argparse.ArgumentTypeError(f"must be between 1 and 4096, got {value}")
    return value


def _add_task_command(
    sub: Any,
    name: str,
    func: Callable[[argparse.Namespace], int],
    *,
    gold: bool,
    formats: dict[str, str],
    **texts: Any,
) -> None:
    """A one-task command (``check``, ``validate``): its files and ``--format`` (the first is
    the default)."""
    parser = sub.add_parser(name, **texts)
    # validate also checks a whole folder, so its one-file arguments are optional there.
    one_file = gold
    parser.add_argument(
        "--prediction", required=one_file, help="prediction CSV (a missing file is missing_prediction)"
    )
    if gold:
        parser.add_argument("--gold", required=True, help="gold CSV")
    parser.add_argument("--config", required=one_file, help="task config JSON (task_N.json)")
    if not gold:
        parser.add_argument(
            "--prediction-root",
            default=None,
            help="a whole predictions folder (task_N/prediction.csv) to check",
        )
        parser.add_argument(
            "--config-root",
            default=None,
            help="with --prediction-root: the configs (task_N.json), the expected tasks",
        )
        parser.add_argument(
            "--task-list",
            default=None,
            help="with --prediction-root and no --config-root: the expected task ids (a file, one per line, "
            "or a folder of task folders such as the release's input/)",
        )
    shown = ", ".join(f"{format} {what}" for format, what in formats.items())
    parser.add_argument("--format", choices=list(formats), default=next(iter(formats)), help=shown)
    parser.set_defaults(func=func)


# The one-task commands: name, handler, whether a gold is given, formats (default first),
# help and description.
_TASK_COMMANDS: list[tuple[str, Callable[[argparse.Namespace], int], bool, dict[str, str], str, str]] = [
    (
        "check",
        _cmd_check,
        True,
        {"text": "for people", "json": "for machines"},
        "score one task and explain the verdict",
        "Score one task and explain it. Exit 0 when it passes, 1 when it fails, 2 on a fatal error. "
        "The config file's name must be its task id (task_7.json).",
    ),
    (
        "validate",
        _cmd_validate,
        False,
        {"json": "(the report)", "text": "for people"},
        "check a predictions folder (or one prediction) before uploading, without the gold",
        "Check a whole predictions folder (--prediction-root, optionally --config-root or --task-list): "
        "every task's CSV against the released contract, folder and file names, missing and unexpected "
        "tasks, and with configs every column rule; each problem with its line, column and what to do "
        "(the report of the page's Submission tab). Or one prediction with its config "
        "(--prediction, --config: the report of the WASM validatePrediction). "
        "Exit 0 when nothing found fails a task, 1 when something does, "
        "2 on a fatal config error or a usage error.",
    ),
]


def _cmd_spider2(args: argparse.Namespace) -> int:
    """Spider 2.0 ``evaluate.py --mode exec_result``: the same scores, printed lines and ids file."""
    gold_dir = Path(args.gold_dir)
    eval_jsonl = Path(args.eval_jsonl) if args.eval_jsonl else gold_dir / "spider2lite_eval.jsonl"
    try:
        stdout, ids_file, ids_csv, _ = _tabeq.spider2_exec_result(
            Path(args.result_dir), gold_dir / "exec_result", eval_jsonl, args.result_dir
        )
        if ids_file is not None:
            Path(ids_file).write_text(ids_csv, encoding="utf-8")
    except OSError as exc:
        _warn(f"tabeq spider2: {exc}")
        return EXIT_FATAL
    _emit(stdout)
    return EXIT_OK


def _add_command(
    sub: Any,
    name: str,
    func: Callable[[argparse.Namespace], int],
    flags: dict[str, dict[str, Any]],
    **texts: Any,
) -> argparse.ArgumentParser:
    """A command with its flags (each flag's ``add_argument`` options) and texts (``help``,
    ``description``)."""
    parser: argparse.ArgumentParser = sub.add_parser(name, **texts)
    for flag, options in flags.items():
        parser.add_argument(flag, **options)
    parser.set_defaults(func=func)
    return parser


_SPIDER2_FLAGS: dict[str, dict[str, Any]] = {
    "--result-dir": {"required": True, "help": "directory of ID.csv result tables"},
    "--gold-dir": {"required": True, "help": "directory holding exec_result/ and spider2lite_eval.jsonl"},
    "--eval-jsonl": {"default": None, "help": "eval standards (default: GOLD_DIR/spider2lite_eval.jsonl)"},
}

_EVALUATE_FLAGS: dict[str, dict[str, Any]] = {
    "--prediction-root": {"required": True, "help": "directory of task_N/prediction.csv"},
    "--gold-root": {"required": True, "help": "directory of task_N/gold.csv"},
    "--config-root": {"required": True, "help": "directory of task_N.json"},
    "--output": {"default": None, "help": "summary path (default: PREDICTION_ROOT/evaluation_summary.json)"},
    "--threads": {"type": _positive_int, "default": None, "help": "worker threads (default: all CPUs)"},
    "--explain": {
        "nargs": "?",
        "const": None,
        "choices": ["participant", "redacted", "full"],
        "default": False,
        "help": "add a per-task 'diagnosis' for failed tasks to the summary file (beyond the official "
        "schema). participant: nothing derived from gold values (the default when the summary is "
        "inside the prediction root); redacted: gold cells as [redacted] but counts and hints (the "
        "default elsewhere); full: gold cells too. See SECURITY.md",
    },
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabeq",
        description="Exact, fast evaluator for tabular answers (DataSpace v1 semantics).",
        epilog="Without a command, the official evaluate.py flags run `tabeq evaluate`.",
    )
    parser.add_argument("--version", action="version", version=f"tabeq {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ev = _add_command(
        sub,
        "evaluate",
        _cmd_evaluate,
        _EVALUATE_FLAGS,
        help="evaluate a suite (drop-in for the official evaluate.py)",
        description="Evaluate a suite in the official layout and write the official summary JSON. "
        "Exit 0 on success, 2 on a fatal error.",
    )
    output = ev.add_mutually_exclusive_group()
    output.add_argument("--quiet", action="store_true", help="print nothing on success")
    output.add_argument("--json", action="store_true", help="print the whole summary JSON on stdout")

    for name, func, gold, formats, summary, description in _TASK_COMMANDS:
        _add_task_command(sub, name, func, gold=gold, formats=formats, help=summary, description=description)
    add_trust_subcommand(sub)
    _add_command(
        sub,
        "spider2",
        _cmd_spider2,
        _SPIDER2_FLAGS,
        help="score Spider 2.0 result CSVs (drop-in for its evaluate.py --mode exec_result)",
        description="Score RESULT_DIR/ID.csv against GOLD_DIR/exec_result/ID.csv (or ID_a.csv, ID_b.csv, "
        "...) with the official Spider 2.0 comparison; prints the official lines, writes RESULT_DIR-ids.csv.",
    )
    _optional_subcommands(parser)
    return parser


def _subcommands(
    parser: argparse.ArgumentParser,
) -> Optional[argparse._SubParsersAction[argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def _optional_subcommands(parser: argparse.ArgumentParser) -> None:
    """Make the nested command groups (``tabeq trust ...``) optional for argparse, which would
    otherwise name the missing one by its internal ``dest``; ``_require_subcommand`` asks for it."""
    top = _subcommands(parser)
    for sub in top.choices.values() if top is not None else ():
        nested = _subcommands(sub)
        if nested is not None:
            nested.required = False


def _require_subcommand(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A command group given without its command (``tabeq trust``): a usage error from the group
    that lists its commands."""
    top = _subcommands(parser)
    group = top.choices.get(args.command) if top is not None else None
    nested = _subcommands(group) if group is not None else None
    if group is not None and nested is not None and getattr(args, nested.dest, None) is None:
        group.error(f"a command is required: one of {', '.join(nested.choices)}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # The official evaluator's flags without a command: run `evaluate`, as a drop-in.
    if args_list and _tabeq.runs_evaluate(args_list[0]):
        args_list.insert(0, "evaluate")
    parser = build_parser()
    args = parser.parse_args(args_list)
    _require_subcommand(parser, args)
    try:
        code: int = args.func(args)
    except BrokenPipeError:
        # Output cut short by a closed pipe (`| head`): whatever was written stays written.
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        # Scoring stops within about a second; the summary is written only after it, so the
        # old one (or none) is left as it was.
        print(_tabeq.INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED
    return code
