"""TrustDABench trust metrics: reliability (FRR, PRR, NRR, MRS) and robustness (coverage,
Acc_clean, ASR, RAD, Acc_rob, ASR per operator and level), with cross-dataset Spearman
agreement and seeded bootstrap intervals. The numbers come from tabeq's Rust core.

>>> from tabeq import trust
>>> records = [
...     {"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"},
...     {"model": "m", "dataset": "d", "operator": "EC", "instance_id": 2, "label": "partial"},
... ]
>>> report = trust.reliability(records, by=["model"])
>>> report.groups[0]["mrs"]
0.75
>>> print(report)  # the core's document: facts, tables, completeness, charts
Reliability
===========
<BLANKLINE>
records:    2
grouped by: model
bootstrap:  none
<BLANKLINE>
MRS by group
------------
<BLANKLINE>
Model  n    FRR    PRR   NRR    MRS
-----  -  -----  -----  ----  -----
m      2  50.00  50.00  0.00  75.00
<BLANKLINE>
Completeness
------------
<BLANKLINE>
note: no completeness problems found
<BLANKLINE>
Charts
------
<BLANKLINE>
[figure: Response modes by model]
<BLANKLINE>

Records are mappings, a pandas DataFrame, a file object, or a path to a JSON-lines file;
invalid records raise :class:`TrustError` with a stable ``code`` and the ``line`` at fault
(for in-memory records, the 1-based position in the list). See ``docs/trust-metrics.md``.
"""

from __future__ import annotations

import codecs
import importlib
import os
import shutil
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, Union

from . import _tabeq
from ._codes import CATALOGUE, TrustErrorCode

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "TrustError",
    "TrustErrorCode",
    "ReliabilityReport",
    "RobustnessReport",
    "SpearmanResult",
    "ReportOptions",
    "reliability",
    "robustness",
    "robustness_from_manifest",
    "records_from_inspect_log",
    "write_paper",
    "PaperFiles",
    "spearman",
    "operators",
    "error_codes",
    "RELIABILITY_KEYS",
    "ROBUSTNESS_KEYS",
]

RELIABILITY_KEYS: tuple[str, ...] = _tabeq.TRUST_RELIABILITY_KEYS
"""Built-in keys a reliability report can be grouped by (any record field works too)."""
ROBUSTNESS_KEYS: tuple[str, ...] = _tabeq.TRUST_ROBUSTNESS_KEYS
"""Built-in keys a robustness report can be grouped by (any record field works too)."""


# Defined by the native module (``str()`` is ``code (line N): message``), so that it raises it
# without importing this package.
TrustError = _tabeq.TrustError

RecordsLike = Union[str, "os.PathLike[str]", Iterable[Mapping[str, Any]], Any]
"""A JSONL path, a text file object, a pandas DataFrame, or an iterable of mappings."""
ByLike = Union[str, Sequence[str]]
"""Grouping keys: a list, or a comma-separated string."""


def _json_default(value: Any) -> Any:
    # Mappings and iterables (records, operators, expected instances) as JSON objects and lists;
    # numpy scalars (from DataFrames) have .item(); anything else is not JSON. Iterated, never
    # sized: a `__len__` may lie.
    if isinstance(value, Mapping):
        return {key: value[key] for key in value}
    item = getattr(value, "item", None)
    if callable(item):
        return item()
    if isinstance(value, Iterable):
        return [v for v in value]  # noqa: C416 - list() would trust __len__
    raise TypeError(
        _tabeq.message("wrong_type_not", what="a value", expected="JSON data", got=type(value).__name__)
    )


def _trust_data(value: Any, what: str, code: TrustErrorCode) -> _tabeq.TrustData:
    """``value`` converted once into the core's JSON value, by ``json.dumps``'s rules with
    :func:`_json_default` (no JSON text is written to be read again). Whatever the value's own
    methods raise (``__str__``, ``__iter__``, ``__len__``, ...) is a coded :class:`TrustError`
    naming ``what``; a lone surrogate is the binding's ``ArgumentError`` (``invalid_argument``)."""
    return _tabeq.trust_data(value, what, code, _json_default)


def _path(path: Any, what: str) -> str:
    """A path argument as the binding's argument layer checks it (``ArgumentError``)."""
    return _tabeq.check_path(path, what)


MAX_TRUST_FILE_BYTES: int = _tabeq.MAX_TRUST_FILE_BYTES
"""The largest trust input file read in Python and by the CLI (1 GiB, the core's
``tabeq_surface::limits::MAX_TRUST_FILE_BYTES``; a reliability analysis peaks at about three times its
input, robustness at more, see BENCHMARKS.md). The WebAssembly module keeps a smaller limit
(``MAX_TRUST_INPUT_BYTES``, 64 MiB), because a browser tab's memory is bounded."""


def _read_text(path: str | os.PathLike[str]) -> str:
    return _read_utf8(path).decode("utf-8")


_UTF8_CHECK_CHUNK = 1 << 20


def _read_utf8(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes, checked to be UTF-8 without a decoded copy of the whole file (the core
    reads the bytes as they are: the big label files of the trust analysis stay one copy)."""
    path = _path(path, "the path")
    try:
        # Opened without blocking and checked on the open file: a FIFO or device is refused.
        data = _tabeq.read_file(os.fspath(path), MAX_TRUST_FILE_BYTES)
    except OSError as exc:
        detail = exc.strerror or str(exc)
        raise TrustError(
            _tabeq.message("cannot_read", what=os.fspath(path), detail=detail), "io_error"
        ) from None
    try:
        check = codecs.getincrementaldecoder("utf-8")()
        view = memoryview(data)
        for start in range(0, len(data), _UTF8_CHECK_CHUNK):
            check.decode(view[start : start + _UTF8_CHECK_CHUNK])
        check.decode(b"", final=True)
    except UnicodeDecodeError:
        # Rare: the whole decode gives the exact position.
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            message = _tabeq.message("not_utf8_at", what=os.fspath(path), byte=exc.start)
            raise TrustError(message, "invalid_utf8", line) from None
    return data


def _records_input(records: RecordsLike) -> str | bytes | _tabeq.TrustData:
    if isinstance(records, (str, os.PathLike)):
        return _read_utf8(records)
    read = getattr(records, "read", None)
    if callable(read):
        text = read()
        return text.decode("utf-8") if isinstance(text, bytes) else str(text)
    to_dict = getattr(records, "to_dict", None)
    if callable(to_dict) and not isinstance(records, Mapping):
        records = to_dict(orient="records")
    if isinstance(records, Mapping) or not isinstance(records, Iterable):
        shown = "a single mapping" if isinstance(records, Mapping) else type(records).__name__
        expected = "a path or an iterable of mappings"
        raise _tabeq.ArgumentError(
            _tabeq.message("wrong_type_not", what="records", expected=expected, got=shown)
        )
    try:
        items = [record for record in records]  # noqa: C416 - list() would trust __len__
    except Exception as exc:  # noqa: BLE001 - a hostile iterable raises anything
        detail = f"{type(exc).__name__}: {exc}"
        message = _tabeq.message("unreadable", what="the records", detail=detail)[:300]
        raise TrustError(message, "invalid_field") from None
    # A list: the core checks each record, a record's "line" being its position.
    return _trust_data(items, "the records", "invalid_field")


ExpectedLike = Union[str, "os.PathLike[str]", Iterable[Mapping[str, Any]]]
"""Expected instances: a JSONL path, or mappings (reliability ``{"dataset", "operator",
"instance_id"}``, robustness ``{"dataset", "question_id"}`` with an optional ``"perturbation_id"``;
``"model"`` restricts one to a model)."""


class ReportOptions(TypedDict, total=False):
    """The keyword options of :func:`reliability`, :func:`robustness` and
    :func:`robustness_from_manifest` (every one optional; the core applies the defaults)."""

    operators: Sequence[Mapping[str, Any]] | str | None
    """Extra operators to accept (``{"code", "name", "track", "family"|"kind",
    "difficulty"|"level"}``), or a registration file's JSON text."""
    bootstrap: int | None
    """Resamples for percentile intervals (default: none)."""
    seed: int
    """Seed of the bootstrap and the comparisons (default 0)."""
    confidence: float
    """Interval coverage (default 0.95)."""
    strict: bool
    """Completeness findings raise :class:`TrustError` (default False)."""
    compare: bool
    """Paired comparisons of every pair of models (default False)."""
    expected: ExpectedLike | None
    """The instances every model should have."""
    layout: Mapping[str, Any] | None
    """The main table's layout in every text format: ``rows`` (a list of first-column values)
    or ``order_by`` (a column or metric, with ``ascending``), ``columns`` (metrics kept, such as
    ``"ASR"`` or ``"Avg. ASR"``) and ``decimals``."""
    average: str | None
    """How "Avg." combines datasets: ``"datasets"`` (the unweighted mean of the datasets' values,
    computed before rounding: the paper's rule and the default) or ``"pooled"`` (all records of
    the datasets pooled, so that a larger dataset weighs more; no interval)."""


def _options_input(by: ByLike, options: ReportOptions) -> _tabeq.TrustData:
    # The core reads these as they are (a comma-separated `by`, JSON-lines `expected`).
    expected = options.get("expected")
    if isinstance(expected, (str, os.PathLike)):
        options = {**options, "expected": _read_text(expected)}
    return _trust_data({"by": by, **options}, "the options", "invalid_options")


# Native: they hold the core's report; members are plain-data copies of its JSON, and every
# rendering is the core's.
ReliabilityReport = _tabeq.ReliabilityReport
RobustnessReport = _tabeq.RobustnessReport


@dataclass(frozen=True)
class SpearmanResult:
    """Spearman's ρ with average ranks and its two-sided p-value (t distribution, n−2 df);
    ``rho``/``p_value`` are None when undefined (n < 2 or a constant sample; p needs n ≥ 3)."""

    n: int
    rho: float | None
    p_value: float | None
    t: float | None
    keys: list[str] | None
    p_exact: float | None = None
    """Exact p-value (all n! orderings, n <= 9) or seeded permutation p-value (larger n)."""
    p_exact_method: str = "exact"
    rho_ci: tuple[float, float] | None = None
    """95% interval from Fisher's z with variance 1.06 / (n - 3)."""
    findings: tuple[dict[str, Any], ...] = ()
    """Completeness findings (keys on one side only)."""

    def __repr__(self) -> str:
        rho = "None" if self.rho is None else f"{self.rho:.4f}"
        p = "None" if self.p_value is None else f"{self.p_value:.4g}"
        return f"SpearmanResult(rho={rho}, p_value={p}, n={self.n})"


def reliability(
    records: RecordsLike, by: ByLike = ("model", "dataset"), **options: Unpack[ReportOptions]
) -> ReliabilityReport:
    """Reliability metrics of judged unanswerable instances.

    ``records``: ``{"model", "dataset", "operator", "instance_id", "label"}`` each (label
    ``full|partial|none``, ``1|0.5|0`` or ``full_refusal|partial_refusal|no_refusal``).
    ``by``: any of model, dataset, operator, family, difficulty, or any field the records carry.
    ``options`` (:class:`ReportOptions`): ``operators``, extra operators to accept (``{"code",
    "name", "track": "reliability", "family", "difficulty"}``). ``bootstrap``: number of
    resamples for percentile intervals (instances resampled per group, deterministic for a
    ``seed``, at ``confidence``). ``strict``: completeness findings raise :class:`TrustError`.
    ``compare``: paired MRS comparisons of every pair of models (exact sign-flip p-values,
    Holm-adjusted). ``expected``: the instances every model should have.
    """
    return _tabeq.trust_report("reliability", _records_input(records), _options_input(by, options))


def robustness(
    records: RecordsLike, by: ByLike = ("model", "dataset"), **options: Unpack[ReportOptions]
) -> RobustnessReport:
    """Robustness metrics from original and perturbed correctness.

    ``records``: originals ``{"model", "dataset", "question_id", "correct"}`` and perturbations
    ``{"model", "dataset", "question_id", "perturbation_id", "operator", "correct"}`` (optional
    ``"valid": false`` leaves one out). ``by``: model, dataset, operator, kind, level, or any
    record field. ``bootstrap`` resamples questions (with their perturbations) per group;
    ``strict``, ``compare`` (paired ASR on shared attacks) and ``expected`` as for
    :func:`reliability`.
    """
    return _tabeq.trust_report("robustness", _records_input(records), _options_input(by, options))


def robustness_from_manifest(
    path: str | os.PathLike[str], by: ByLike = ("model", "dataset"), **options: Unpack[ReportOptions]
) -> RobustnessReport:
    """Robustness metrics from tables: each manifest line names a prediction CSV (and, for
    originals, the gold CSV and task config); the tabular evaluator decides ``correct``.
    Relative paths are resolved against the manifest's directory. The report's ``scored``
    lists every line's verdict."""
    path = _path(path, "the manifest path")
    base = str(Path(path).resolve().parent)
    return _tabeq.trust_report("robustness", _read_text(path), _options_input(by, options), base)


def _plain_json(value: Any) -> Any:
    # Metadata may hold any object: what JSON cannot hold goes over as its text (the core reads
    # only scalar metadata fields).
    try:
        return _json_default(value)
    except TypeError:
        return str(value)


def _unreadable_log(shown: str, exc: BaseException) -> TrustError:
    detail = str(exc).splitlines()[0][:200] if str(exc) else ""
    reason = f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
    return TrustError(_tabeq.message("not_inspect_log", path=shown, reason=reason), "inspect_log_unreadable")


def _inspect_log_data(path: str | os.PathLike[str]) -> _tabeq.TrustData:
    """One inspect_ai eval log as the core's plain data: the log's model, task and dataset name,
    and each sample's id, epoch, metadata, score values and error message."""
    try:
        read_eval_log = importlib.import_module("inspect_ai.log").read_eval_log
    except ImportError:
        what, needed = "reading inspect_ai logs", "the inspect_ai package"
        message = _tabeq.message("needs_package", what=what, needed=needed, package="inspect-ai")
        raise TrustError(message, "inspect_ai_missing") from None
    shown = os.fspath(path)
    try:
        log = read_eval_log(shown)
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        detail = exc.strerror or str(exc)
        raise TrustError(_tabeq.message("cannot_read", what=shown, detail=detail), "io_error") from None
    except Exception as exc:  # noqa: BLE001 - a damaged log raises whatever its reader meets
        raise _unreadable_log(shown, exc) from None
    try:
        dataset = getattr(log.eval, "dataset", None)
        plain = {
            "model": log.eval.model,
            "task": log.eval.task,
            "dataset": getattr(dataset, "name", None),
            "samples": [
                {
                    "id": sample.id,
                    "epoch": sample.epoch,
                    "metadata": sample.metadata or {},
                    "scores": {name: {"value": score.value} for name, score in (sample.scores or {}).items()},
                    "error": sample.error.message if sample.error is not None else None,
                }
                for sample in log.samples or []
            ],
        }
    except Exception as exc:  # noqa: BLE001 - a log of an unexpected shape
        raise _unreadable_log(shown, exc) from None
    # Metadata may hold anything: an object that cannot be converted is a coded error too.
    return _tabeq.trust_data(plain, "the log", "inspect_log_unreadable", _plain_json)


def records_from_inspect_log(
    path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    track: str = "reliability",
    *,
    scorer: str | None = None,
    epoch: int | None = None,
    model: str | None = None,
    dataset: str | None = None,
    fields: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Reliability label records (``track="reliability"``) or robustness correctness records
    (``track="robustness"``) from inspect_ai eval logs (``.eval`` or ``.json``, read with
    ``inspect_ai.log.read_eval_log``; several paths are concatenated, typically one per model).

    The core maps the fields (docs/trust-metrics.md, "From inspect_ai logs"): ``model`` from the
    log (or sample metadata ``model``), ``dataset`` from sample metadata ``dataset`` or the log's
    dataset name or task, ``operator``, ``instance_id``/``question_id`` and ``perturbation_id``
    from sample metadata (ids default to the sample id), and the label or ``correct`` from the
    value of the score named ``scorer`` (the only score when omitted): ``C``/``P``/``I`` are
    full/partial/no refusal, or correct/-/incorrect. ``epoch`` chooses one epoch of a
    multi-epoch log; ``model``/``dataset`` override; ``fields`` renames metadata keys
    (``{"operator": "op"}``). Pass the records to :func:`reliability` or :func:`robustness`.

    >>> records = trust.records_from_inspect_log("logs/refusals.eval")  # doctest: +SKIP
    >>> trust.reliability(records, by="model,operator")  # doctest: +SKIP
    """
    if isinstance(path, (str, os.PathLike)):
        paths = [_path(path, "the log path")]
    elif isinstance(path, Iterable) and not isinstance(path, (bytes, Mapping)):
        paths = [_path(one, "a log path") for one in path]
    else:
        expected, got = "a path or a list of paths", type(path).__name__
        raise _tabeq.ArgumentError(_tabeq.message("wrong_type_not", what="path", expected=expected, got=got))
    options = {"track": track, "scorer": scorer, "epoch": epoch, "model": model, "dataset": dataset}
    records: list[dict[str, Any]] = []
    for one in paths:
        source = os.path.basename(one)
        given = {**options, "fields": fields or {}, "source": source}
        options_data = _trust_data(given, "the options", "invalid_options")
        records += _tabeq.trust_records_from_inspect(_inspect_log_data(one), options_data)
    return records


def spearman(
    x: Sequence[float] | Mapping[str, float],
    y: Sequence[float] | Mapping[str, float],
) -> SpearmanResult:
    """Spearman's ρ between paired samples (ties get average ranks) with its two-sided p-value
    from the t distribution with n−2 degrees of freedom. Mappings are paired by their common
    keys (in ``x``'s order), e.g. per-model scores on two datasets."""

    def numbers(v: Sequence[float] | Mapping[str, float]) -> Any:
        return {str(k): float(n) for k, n in v.items()} if isinstance(v, Mapping) else [float(n) for n in v]

    try:
        pair = {"x": numbers(x), "y": numbers(y)}
    except (TypeError, ValueError) as exc:
        raise TrustError(
            _tabeq.message("not_all_numbers", detail=str(exc)), "invalid_spearman_input"
        ) from None
    # A key's lone surrogate reads as U+FFFD, as the ASCII-escaped JSON text it replaces did.
    payload = _tabeq.trust_data(pair, "the input", "invalid_spearman_input", replace_surrogates=True)
    result = _tabeq.trust_spearman(payload)[0]
    ci, findings = result["rho_ci"], tuple(result["findings"])
    return SpearmanResult(**{**result, "rho_ci": None if ci is None else tuple(ci), "findings": findings})


def operators(extra: Sequence[Mapping[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The operator registry: the 19 TrustDABench operators (plus ``extra`` registrations), each
    ``{"code", "name", "track", "family"|"kind", "difficulty"|"level", "builtin"}``."""
    options = (
        _trust_data({"operators": extra}, "the operators", "invalid_operator_registration") if extra else ""
    )
    return _tabeq.trust_operator_registry(options)


def error_codes() -> list[str]:
    """Every :class:`TrustError` code."""
    return [entry["code"] for entry in CATALOGUE if entry["family"] == "trust"]


@dataclass(frozen=True)
class PaperFiles:
    """What :func:`write_paper` wrote: every path, and the converter that made the PDF and PNG
    copies of the figures (``"rsvg-convert"``, ``"cairosvg"``, or None when neither is installed:
    then only the SVGs)."""

    paths: tuple[Path, ...]
    converter: str | None


def _converter() -> str | None:
    if shutil.which("rsvg-convert"):
        return "rsvg-convert"
    try:
        importlib.import_module("cairosvg")
    except ImportError:
        return None
    return "cairosvg"


def _converted(svg: str, converter: str, png_dpi: int) -> tuple[bytes, bytes]:
    """A figure's SVG text as PDF and PNG bytes (the converter reads stdin and writes stdout, so
    every file lands through the one output writer)."""
    data = svg.encode("utf-8")
    if converter == "rsvg-convert":
        dpi = str(png_dpi)
        run = [
            subprocess.run(["rsvg-convert", *args], input=data, capture_output=True, check=True).stdout
            for args in (["-f", "pdf"], ["-f", "png", "-d", dpi, "-p", dpi])
        ]
        return run[0], run[1]
    cairosvg = importlib.import_module("cairosvg")
    return cairosvg.svg2pdf(bytestring=data), cairosvg.svg2png(bytestring=data, dpi=png_dpi)


def write_paper(
    report: ReliabilityReport | RobustnessReport,
    folder: str | os.PathLike[str],
    *,
    width_pt: float = 240,
    font_size_pt: float = 8,
    font: str = "Helvetica, Arial, sans-serif",
    convert: bool = True,
    png_dpi: int = 300,
) -> PaperFiles:
    """Write a report's files for a paper into ``folder`` (created if missing): one ``.tex``
    float per table (``\\input`` it; its first line lists the packages it needs) and one
    ``.svg`` per figure, ``width_pt`` wide with text at ``font_size_pt`` in ``font``; with
    ``convert``, a ``.pdf`` and a ``.png`` (at ``png_dpi``) of each figure too, made by
    ``rsvg-convert`` (Debian: librsvg2-bin) or else the ``cairosvg`` package when one is
    installed (:attr:`PaperFiles.converter` says which, None when neither is). The core draws
    every file; this writes them.

    >>> files = trust.write_paper(report, "paper/")  # doctest: +SKIP
    """
    if not isinstance(report, (ReliabilityReport, RobustnessReport)):
        expected, got = "a ReliabilityReport or RobustnessReport", type(report).__name__
        raise _tabeq.ArgumentError(
            _tabeq.message("wrong_type_not", what="report", expected=expected, got=got)
        )
    if not isinstance(convert, bool):
        got = type(convert).__name__
        raise _tabeq.ArgumentError(
            _tabeq.message("wrong_type_not", what="convert", expected="True or False", got=got)
        )
    if isinstance(png_dpi, bool) or not isinstance(png_dpi, int) or not 1 <= png_dpi <= 2400:
        expected = "an int from 1 to 2400"
        message = _tabeq.message("wrong_type_not", what="png_dpi", expected=expected, got=repr(png_dpi))
        raise TrustError(message[:200], "invalid_options")
    target = Path(_path(folder, "folder"))
    options = _trust_data(
        {"width_pt": width_pt, "font_size_pt": font_size_pt, "font": font},
        "the paper options",
        "invalid_options",
    )
    converter = _converter() if convert else None
    written: list[Path] = []
    for name, text in report.paper_files(options):
        # The core names files from ASCII words; never a path of its own.
        if Path(name).name != name or name.startswith("."):
            raise TrustError(_tabeq.message("unexpected_file_name", name=repr(name)), "invalid_options")
        path = target / name
        # Through the one output writer: no link followed, no special file, atomic replace.
        _tabeq.write_output(os.fspath(path), text)
        written.append(path)
        if converter is not None and name.endswith(".svg"):
            for suffix, data in zip((".pdf", ".png"), _converted(text, converter, png_dpi)):
                _tabeq.write_output(os.fspath(path.with_suffix(suffix)), data)
                written.append(path.with_suffix(suffix))
    return PaperFiles(tuple(written), converter)
