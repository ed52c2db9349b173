"""Command line: ``tabeq evaluate`` (a drop-in for the official ``evaluate.py``),
``tabeq check`` (one task, explained), ``tabeq validate`` (a predictions folder or one
prediction, without the gold), ``tabeq trust``, ``tabeq spider2`` (a drop-in for Spider 2.0's
``evaluate.py --mode exec_result``) and ``tabeq kddcup score-run`` (a drop-in for the KDD Cup 2026
Phase-1 ``dabench score-run``).

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
    _tabeq,
    evaluate,
    evaluate_suite,
    load_config,
    validate,
)
from ._progress import Activity
from ._trust_cli import TRUST_HANDLERS
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
            limits=args.limits,
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
        _emit(_tabeq.console_summary(summary, str(output)))
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
    return _tabeq.summary_with_diagnoses(summary, diagnoses)


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
        result = evaluate(Path(args.prediction), Path(args.gold), config, limits=args.limits)
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


def _expected_tasks_path(args: argparse.Namespace) -> Optional[str]:
    """The expected tasks: ``--task-list`` (a file or a folder), or ``--input-root`` (the
    benchmark's ``input/`` folder: its task folders)."""
    given = args.task_list if args.task_list is not None else args.input_root
    return None if given is None else os.fspath(Path(given))


def _cmd_validate_folder(args: argparse.Namespace) -> int:
    """``tabeq validate --prediction-root``: the core's check of a whole predictions folder."""
    fmt = "json" if args.format == "json" else "text"
    try:
        with Activity("tabeq validate"):
            text, ready = _tabeq.check_predictions_folder(
                os.fspath(Path(args.prediction_root)),
                None if args.config_root is None else os.fspath(Path(args.config_root)),
                _expected_tasks_path(args),
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
        has_root, has_configs, has_list, has_prediction, has_config = (f is not None for f in given)
        mode = _tabeq.validate_mode(
            has_root,
            has_configs,
            has_list,
            has_prediction,
            has_config,
            input_root=args.input_root is not None,
            lifted_limits=args.limits == "lifted",
        )
    except ArgumentError as exc:
        return _usage(str(exc))
    if mode == "folder":
        return _cmd_validate_folder(args)
    try:
        config = load_config(args.config)
    except FatalError as exc:
        return _fatal(exc, False)
    prediction = os.fspath(Path(args.prediction))
    report = validate(prediction, config, limits=args.limits)
    if args.format == "json":
        _emit(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        _emit(_tabeq.render_validation(prediction, config, "text", limits=args.limits))
    return EXIT_OK if report["ok"] else EXIT_TASK_FAILED


def _cmd_spider2(args: argparse.Namespace) -> int:
    """Spider 2.0 ``evaluate.py --mode exec_result``: the same scores, printed lines and ids file."""
    gold_dir = Path(args.gold_dir)
    default_eval = "spider2snow_eval.jsonl" if args.variant == "snow" else "spider2lite_eval.jsonl"
    eval_jsonl = Path(args.eval_jsonl) if args.eval_jsonl else gold_dir / default_eval
    try:
        with Activity("tabeq spider2"):
            stdout, ids_file, ids_csv, _ = _tabeq.spider2_exec_result(
                Path(args.result_dir), gold_dir / "exec_result", eval_jsonl, args.result_dir, args.variant
            )
        if ids_file is not None:
            # Written as the summary is: never through a link or into a FIFO, replaced atomically.
            _tabeq.write_output(ids_file, ids_csv)
    except OutputError as exc:
        print(f"tabeq spider2: error: {exc.code}: {exc}", file=sys.stderr)
        return EXIT_FATAL
    except OSError as exc:
        _warn(f"tabeq spider2: {exc}")
        return EXIT_FATAL
    _emit(stdout)
    return EXIT_OK


def _cmd_kddcup_score_run(args: argparse.Namespace) -> int:
    """KDD Cup 2026 Phase 1 ``dabench score-run``: the same report file and console lines."""
    # Folders resolved, as the official's typer arguments resolve them (the report shows them).
    run_dir = Path(args.run_dir).resolve()
    output = Path(args.output).resolve() if args.output is not None else run_dir / "scores.json"
    try:
        _tabeq.check_output(os.fspath(output))
    except OutputError as exc:
        print(_tabeq.kddcup_fatal(str(exc), exc.code), file=sys.stderr)
        return EXIT_FATAL
    progress = _Progress(True)
    try:
        report = _tabeq.kddcup_evaluate(
            os.fspath(run_dir),
            os.fspath(Path(args.gold_dir).resolve()),
            None if args.input_dir is None else os.fspath(Path(args.input_dir).resolve()),
            args.penalty_weight,
            args.strict_commas,
            None,
            progress,
        )
        _tabeq.write_output(os.fspath(output), report.to_json())
    except TabeqError as exc:
        progress.clear()
        print(_tabeq.kddcup_fatal(str(exc), exc.code), file=sys.stderr)
        return EXIT_FATAL
    _emit(f"Score report: {output}\n{report.summary_line()}\n")
    if args.verbose:
        _emit(_kddcup_table(report.to_dict()["per_task"]))
    return EXIT_OK


def _kddcup_table(per_task: dict[str, dict[str, Any]]) -> str:
    """``--verbose``: the official's "Task Scores" table (Task, Status, Recall, Penalty, Score)."""
    rows = [("Task", "Status", "Recall", "Penalty", "Score")]
    for task_id, s in per_task.items():
        rows.append((task_id, s["status"], f"{s['recall']:.3f}", f"{s['penalty']:.3f}", f"{s['score']:.3f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["Task Scores"]
    for row in rows:
        pairs = enumerate(zip(row, widths))
        cells = [cell.ljust(width) if i < 2 else cell.rjust(width) for i, (cell, width) in pairs]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def _cmd_completion(args: argparse.Namespace) -> int:
    """``tabeq completion SHELL``: the completion script, generated from the grammar."""
    from ._completion import script

    _emit(script(args.shell, _tabeq.command_line()))
    return EXIT_OK


def _cmd_profiles(args: argparse.Namespace) -> int:
    """``tabeq profiles``: the core's profile registry (``--json``: as JSON)."""
    _emit(_tabeq.profiles_listing(args.json))
    return EXIT_OK


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_tabeq.message("not_an_integer", value=repr(text))) from None
    if not 1 <= value <= _tabeq.MAX_THREADS:
        raise argparse.ArgumentTypeError(
            _tabeq.message("out_of_range", min=1, max=_tabeq.MAX_THREADS, value=value)
        )
    return value


# Each command's handler, by its path in the grammar.
_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "evaluate": _cmd_evaluate,
    "check": _cmd_check,
    "validate": _cmd_validate,
    "spider2": _cmd_spider2,
    "kddcup score-run": _cmd_kddcup_score_run,
    "completion": _cmd_completion,
    "profiles": _cmd_profiles,
    **TRUST_HANDLERS,
}

# The grammar's value types (`tabeq::command::command_line`) as argparse converters.
_TYPES: dict[str, Callable[[str], Any]] = {"int": int, "float": float, "threads": _positive_int}


def _add_arguments(target: Any, arguments: list[dict[str, Any]]) -> None:
    for argument in arguments:
        options = dict(argument["options"])
        if "type" in options:
            options["type"] = _TYPES[options["type"]]
        target.add_argument(argument["name"], **options)


def _needs_command(parser: argparse.ArgumentParser, names: list[str]) -> Callable[[argparse.Namespace], int]:
    """A command group given without its command (``tabeq trust``): a usage error that lists them."""

    def run(args: argparse.Namespace) -> int:
        parser.error(_tabeq.message("command_required", choices=names))

    return run


def _add_commands(parser: argparse.ArgumentParser, spec: dict[str, Any], path: tuple[str, ...]) -> None:
    """``spec``'s arguments and commands on ``parser``; each command runs its handler."""
    _add_arguments(parser, spec["arguments"])
    if spec["exclusive"]:
        _add_arguments(parser.add_mutually_exclusive_group(), spec["exclusive"])
    if not spec["commands"]:
        parser.set_defaults(func=_HANDLERS[" ".join(path)])
        return
    top = not path
    names = [command["name"] for command in spec["commands"]]
    sub = parser.add_subparsers(
        dest="command" if top else f"{path[-1]}_command", required=top, metavar="COMMAND" if top else None
    )
    if not top:
        parser.set_defaults(func=_needs_command(parser, names))
    for command in spec["commands"]:
        texts = {"help": command["help"], "description": command["description"]}
        _add_commands(sub.add_parser(command["name"], **texts), command, (*path, command["name"]))


def build_parser() -> argparse.ArgumentParser:
    """The ``tabeq`` parser, built from the core's grammar."""
    spec = _tabeq.command_line()
    parser = argparse.ArgumentParser(prog=spec["name"], description=spec["description"], epilog=spec["help"])
    _add_commands(parser, spec, ())
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # The official evaluator's flags without a command: run `evaluate`, as a drop-in.
    if args_list and _tabeq.runs_evaluate(args_list[0]):
        args_list.insert(0, "evaluate")
    args = build_parser().parse_args(args_list)
    _tabeq.take_written_outputs()  # only this run's files count below
    try:
        code: int = args.func(args)
    except BrokenPipeError:
        # Output cut short by a closed pipe (`| head`): whatever was written stays written.
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        # Scoring stops within about a second; the summary is written only after it, so the
        # old one (or none) is left as it was, unless Ctrl-C came after the new one replaced
        # it: then the run says that it was written.
        written = _tabeq.take_written_outputs()
        if written:
            print("".join(_tabeq.interrupted_after_writing(path) for path in written), file=sys.stderr)
        else:
            print(_tabeq.INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED
    return code
