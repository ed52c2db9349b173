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

Records are mappings, a pandas DataFrame, a file object, or a path to a JSON-lines file;
invalid records raise :class:`TrustError` with a stable ``code`` and the ``line`` at fault
(for in-memory records, the 1-based position in the list). See ``docs/trust-metrics.md``.
"""

from __future__ import annotations

import copy
import csv
import importlib
import io
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Union

from . import _tabeq
from ._errors import TabeqError

__all__ = [
    "TrustError",
    "TrustErrorCode",
    "ReliabilityReport",
    "RobustnessReport",
    "SpearmanResult",
    "reliability",
    "robustness",
    "robustness_from_manifest",
    "spearman",
    "operators",
    "error_codes",
    "RELIABILITY_KEYS",
    "ROBUSTNESS_KEYS",
]

TrustErrorCode = Literal[
    "invalid_json",
    "not_an_object",
    "missing_field",
    "invalid_field",
    "unknown_operator",
    "unknown_label",
    "invalid_correct",
    "duplicate_id",
    "orphan_perturbation",
    "mixed_tracks",
    "no_records",
    "invalid_options",
    "invalid_operator_registration",
    "invalid_utf8",
    "invalid_spearman_input",
    "manifest_file_missing",
    "manifest_config_invalid",
    "manifest_gold_invalid",
    "io_error",
    "unequal_instance_counts",
    "duplicate_across_operators",
    "near_duplicate_names",
    "missing_originals",
    "all_questions_perturbed",
    "incomplete_average",
    "unpaired_spearman_keys",
    "missing_expected_instance",
    "unexpected_instance",
    "missing_group_field",
]
"""Why trust-metric input was rejected: ``TrustError.code`` (see :func:`error_codes`)."""

RELIABILITY_KEYS = ("model", "dataset", "operator", "family", "difficulty")
"""Built-in keys a reliability report can be grouped by (any record field works too)."""
ROBUSTNESS_KEYS = ("model", "dataset", "operator", "kind", "level")
"""Built-in keys a robustness report can be grouped by (any record field works too)."""


class TrustError(TabeqError):
    """Invalid trust-metric input. ``code`` is stable; ``line`` is the 1-based JSONL line (or
    position in a record list) at fault, when one is."""

    code: TrustErrorCode  # type: ignore[assignment]

    def __init__(self, message: str, code: str, line: int | None = None) -> None:
        super().__init__(message, code)
        self.line = line

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line is not None else ""
        return f"{self.code}{where}: {self.message}"

    def _pickle_args(self) -> tuple[object, ...]:
        return (self.message, self.code, self.line)


RecordsLike = Union[str, "os.PathLike[str]", Iterable[Mapping[str, Any]], Any]
"""A JSONL path, a text file object, a pandas DataFrame, or an iterable of mappings."""
ByLike = Union[str, Sequence[str]]
"""Grouping keys: a list, or a comma-separated string."""


def _json_default(value: Any) -> Any:
    # numpy scalars (from DataFrames) have .item(); anything else is not JSON.
    item = getattr(value, "item", None)
    if callable(item):
        return item()
    raise TypeError(f"not JSON serializable: {type(value).__name__}")


MAX_TRUST_FILE_BYTES = 64 * 1024 * 1024
"""The largest trust input file read (the WebAssembly module's limit for trust text)."""


def _read_text(path: str | os.PathLike[str]) -> str:
    try:
        # Opened without blocking and checked on the open file: a FIFO or device is refused.
        data = _tabeq.read_file(os.fspath(path), MAX_TRUST_FILE_BYTES)
    except OSError as exc:
        raise TrustError(f"cannot read {os.fspath(path)}: {exc.strerror or exc}", "io_error") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise TrustError(f"{os.fspath(path)} is not UTF-8 (byte {exc.start})", "invalid_utf8", line) from None


def _records_jsonl(records: RecordsLike) -> str:
    if isinstance(records, (str, os.PathLike)):
        return _read_text(records)
    read = getattr(records, "read", None)
    if callable(read):
        text = read()
        return text.decode("utf-8") if isinstance(text, bytes) else str(text)
    to_dict = getattr(records, "to_dict", None)
    if callable(to_dict) and not isinstance(records, Mapping):
        records = to_dict(orient="records")
    if isinstance(records, Mapping):
        raise TypeError("records must be an iterable of mappings, not a single mapping")
    lines = []
    for index, record in enumerate(records, start=1):
        if not isinstance(record, Mapping):
            raise TrustError("each record must be a mapping", "not_an_object", index)
        try:
            lines.append(json.dumps(dict(record), ensure_ascii=False, default=_json_default))
        except (TypeError, ValueError) as exc:
            raise TrustError(str(exc), "invalid_field", index) from None
    return "\n".join(lines)


ExpectedLike = Union[str, "os.PathLike[str]", Iterable[Mapping[str, Any]]]
"""Expected instances: a JSONL path, or mappings (reliability ``{"dataset", "operator",
"instance_id"}``, robustness ``{"dataset", "question_id"}`` with an optional ``"perturbation_id"``;
``"model"`` restricts one to a model)."""


def _expected_list(expected: ExpectedLike | None) -> list[dict[str, Any]] | None:
    if expected is None:
        return None
    if isinstance(expected, (str, os.PathLike)):
        items = []
        for index, line in enumerate(_read_text(expected).splitlines(), start=1):
            if line.strip():
                try:
                    items.append(json.loads(line))
                except ValueError as exc:
                    raise TrustError(f"expected instances: {exc}", "invalid_options", index) from None
        return items
    return [dict(e) for e in expected]


def _options_json(
    by: ByLike,
    operators: Sequence[Mapping[str, Any]] | None,
    bootstrap: int | None,
    seed: int,
    confidence: float,
    strict: bool = False,
    compare: bool = False,
    expected: ExpectedLike | None = None,
) -> str:
    keys = [k.strip() for k in by.split(",") if k.strip()] if isinstance(by, str) else list(by)
    options: dict[str, Any] = {"by": keys}
    if operators:
        options["operators"] = [dict(op) for op in operators]
    if bootstrap is not None:
        options["bootstrap"] = {"resamples": bootstrap, "seed": seed, "confidence": float(confidence)}
    if strict:
        options["strict"] = True
    if compare:
        options["compare"] = {"seed": seed, "confidence": float(confidence)}
    expected_items = _expected_list(expected)
    if expected_items is not None:
        options["expected"] = expected_items
    return json.dumps(options, ensure_ascii=False, default=_json_default)


def _report(kind: str, text: str, options: str, base_dir: str | None = None) -> tuple[dict[str, Any], Any]:
    data, document = _tabeq.trust_report(kind, text, options, base_dir)
    return json.loads(data), document


class _Report:
    """Common behaviour of the report objects: dict access, JSON, CSV, tables."""

    _data: dict[str, Any]
    _document: _tabeq.TrustDocument

    def __init__(self, data: dict[str, Any], document: _tabeq.TrustDocument) -> None:
        self._data = data
        self._document = document

    def to_dict(self) -> dict[str, Any]:
        """The report as plain Python data (a deep copy of the core's JSON)."""
        return copy.deepcopy(self._data)

    def to_json(self, indent: int | None = 2) -> str:
        """The report as JSON text (rates as fractions, undefined values as null)."""
        return json.dumps(self._data, ensure_ascii=False, indent=indent)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Report) and type(other) is type(self) and self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    @property
    def by(self) -> list[str]:
        """The grouping keys."""
        return list(self._data["by"])

    @property
    def overall(self) -> dict[str, Any]:
        """All records pooled."""
        return dict(self._data["overall"])

    @property
    def groups(self) -> list[dict[str, Any]]:
        """One row per group, sorted by key."""
        return list(self._data["groups"])

    @property
    def dataset_average(self) -> list[dict[str, Any]]:
        """The unweighted mean across datasets ("Avg."), when ``dataset`` is a grouping key."""
        return list(self._data["dataset_average"])

    def _sections(self) -> list[str]:
        raise NotImplementedError

    def _flat(self, row: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def rows(self, section: str = "groups") -> list[dict[str, Any]]:
        """Flat rows of a section (key columns, then numbers; intervals as ``*_ci_low/high``)."""
        if section not in self._sections():
            raise ValueError(f"unknown section {section!r}; choose from {', '.join(self._sections())}")
        data = self._data[section]
        rows = [data] if isinstance(data, dict) else data
        return [self._flat(r) for r in rows]

    def to_pandas(self, section: str = "groups") -> Any:
        """A ``pandas.DataFrame`` of a section's flat rows (pandas is imported only here)."""
        try:
            pd = importlib.import_module("pandas")
        except ImportError as exc:
            raise ImportError("to_pandas() needs pandas: pip install 'tabeq[pandas]'") from exc
        return pd.DataFrame(self.rows(section))

    def to_csv(self) -> str:
        """Every section's flat rows as one CSV with a leading ``section`` column (fractions, not %)."""
        rows: list[dict[str, Any]] = []
        fields = ["section"]
        for section in self._sections():
            if section == "scored":
                continue
            data = self._data[section]
            for raw in [data] if isinstance(data, dict) else data:
                fields.extend(k for k in raw["key"] if k not in fields)
            rows.extend({"section": section, **r} for r in self.rows(section))
        for r in rows:
            fields.extend(k for k in r if k not in fields)
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        for r in rows:
            writer.writerow({k: ("" if v is None else v) for k, v in r.items()})
        return buffer.getvalue()

    def table(self) -> str:
        """The report as text: the paper's tables (percentages with two decimals), completeness
        findings, comparisons and the level trend, as rendered by the core."""
        return self._document.render("text")

    def to_markdown(self) -> str:
        """The report as Markdown (tables; charts as inline SVG)."""
        return self._document.render("markdown")

    def to_html(self) -> str:
        """The report as an HTML fragment (tables, notes, SVG charts)."""
        return self._document.render("html")

    def to_svg(self) -> str:
        """The report's charts as one SVG document (per-operator bars, level curves, heatmaps)."""
        return self._document.render("svg")

    def _repr_html_(self) -> str:
        return self.to_html()

    def _repr_svg_(self) -> str:
        return self.to_svg()

    @property
    def findings(self) -> list[dict[str, Any]]:
        """Completeness findings, each ``{"code", "message"}`` (errors under ``strict=True``)."""
        return list(self._data["findings"])

    @property
    def comparisons(self) -> list[dict[str, Any]]:
        """Paired comparisons of every pair of models (with ``compare=True``), Holm-adjusted."""
        return list(self._data["comparisons"])

    def __repr__(self) -> str:
        return self.table()

    def __str__(self) -> str:
        return self.table()


def _ci_flat(row: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    ci = row.get("ci")
    if not ci:
        return {}
    flat: dict[str, Any] = {}
    for name in names:
        interval = ci.get(name)
        flat[f"{name}_ci_low"] = interval[0] if interval else None
        flat[f"{name}_ci_high"] = interval[1] if interval else None
    return flat


_RATES = ("frr", "prr", "nrr", "mrs")


class ReliabilityReport(_Report):
    """FRR, PRR, NRR and MRS per group, with "Avg." across datasets, operator-family micro
    aggregates and cross-dataset Spearman agreement. Rates are fractions; tables show %."""

    @property
    def families(self) -> list[dict[str, Any]]:
        """Micro aggregates per operator family (when grouped by operator)."""
        return list(self._data["families"])

    @property
    def pooled(self) -> list[dict[str, Any]]:
        """Micro aggregates over all operators (when grouped by operator)."""
        return list(self._data["pooled"])

    @property
    def rank_agreement(self) -> list[dict[str, Any]]:
        """Spearman ρ of per-model MRS between each pair of datasets (when grouped by model, dataset)."""
        return list(self._data["rank_agreement"])

    def _sections(self) -> list[str]:
        return ["overall", "groups", "dataset_average", "families", "pooled"]

    def _flat(self, row: Mapping[str, Any]) -> dict[str, Any]:
        flat: dict[str, Any] = dict(row["key"])
        for name in ("n", "datasets", "full", "partial", "none"):
            if name in row:
                flat[name] = row[name]
        flat.update({name: row[name] for name in _RATES})
        flat.update(_ci_flat(row, _RATES))
        return flat


_ROB_METRICS = ("coverage", "acc_clean", "asr", "rad", "acc_rob")


class RobustnessReport(_Report):
    """N, coverage, Acc_clean, ASR (None when undefined), RAD and Acc_rob per group, with ASR
    per operator and per level, and "Avg." across datasets. Rates are fractions; tables show %."""

    @property
    def scored(self) -> list[dict[str, Any]]:
        """From a manifest: one entry per manifest line with the evaluator's verdict."""
        return list(self._data.get("scored", []))

    def _sections(self) -> list[str]:
        sections = ["overall", "groups", "dataset_average"]
        if "scored" in self._data:
            sections.append("scored")
        return sections

    def _operator_codes(self) -> list[str]:
        # Every operator in the report, in registry order (the pooled row has them all).
        return [entry["operator"] for entry in self._data["overall"]["asr_by_operator"]]

    def rows(self, section: str = "groups") -> list[dict[str, Any]]:
        if section == "scored" and "scored" in self._data:
            return [dict(s) for s in self._data["scored"]]
        return super().rows(section)

    def _flat(self, row: Mapping[str, Any]) -> dict[str, Any]:
        flat: dict[str, Any] = dict(row["key"])
        for name in ("n", "datasets", "covered", "correct", "excluded", "perturbations", "attacks", "flips"):
            if name in row:
                flat[name] = row[name]
        flat.update({name: row[name] for name in _ROB_METRICS})
        asr_of = {entry["operator"]: entry["asr"] for entry in row["asr_by_operator"]}
        for code in self._operator_codes():
            flat[f"asr_{code}"] = asr_of.get(code)
        for entry in row["asr_by_level"]:
            flat[f"asr_{entry['level']}"] = entry["asr"]
        flat.update(_ci_flat(row, ("acc_clean", "asr", "rad", "acc_rob")))
        return flat

    @property
    def level_trend(self) -> dict[str, Any] | None:
        """Spearman of operator level vs ASR (with p-values and interval) and ASR(L3)/ASR(L0)."""
        trend = self._data["level_trend"]
        return None if trend is None else dict(trend)


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
    records: RecordsLike,
    by: ByLike = ("model", "dataset"),
    *,
    operators: Sequence[Mapping[str, Any]] | None = None,
    bootstrap: int | None = None,
    seed: int = 0,
    confidence: float = 0.95,
    strict: bool = False,
    compare: bool = False,
    expected: ExpectedLike | None = None,
) -> ReliabilityReport:
    """Reliability metrics of judged unanswerable instances.

    ``records``: ``{"model", "dataset", "operator", "instance_id", "label"}`` each (label
    ``full|partial|none``, ``1|0.5|0`` or ``full_refusal|partial_refusal|no_refusal``).
    ``by``: any of model, dataset, operator, family, difficulty, or any field the records carry.
    ``operators``: extra operators to accept (``{"code", "name", "track": "reliability",
    "family", "difficulty"}``). ``bootstrap``: number of resamples for percentile intervals
    (instances resampled per group, deterministic for a ``seed``). ``strict``: completeness
    findings raise :class:`TrustError`. ``compare``: paired MRS comparisons of every pair of
    models (exact sign-flip p-values, Holm-adjusted). ``expected``: the instances every model
    should have.
    """
    text = _records_jsonl(records)
    options = _options_json(by, operators, bootstrap, seed, confidence, strict, compare, expected)
    return ReliabilityReport(*_report("reliability", text, options))


def robustness(
    records: RecordsLike,
    by: ByLike = ("model", "dataset"),
    *,
    operators: Sequence[Mapping[str, Any]] | None = None,
    bootstrap: int | None = None,
    seed: int = 0,
    confidence: float = 0.95,
    strict: bool = False,
    compare: bool = False,
    expected: ExpectedLike | None = None,
) -> RobustnessReport:
    """Robustness metrics from original and perturbed correctness.

    ``records``: originals ``{"model", "dataset", "question_id", "correct"}`` and perturbations
    ``{"model", "dataset", "question_id", "perturbation_id", "operator", "correct"}`` (optional
    ``"valid": false`` leaves one out). ``by``: model, dataset, operator, kind, level, or any
    record field. ``bootstrap`` resamples questions (with their perturbations) per group;
    ``strict``, ``compare`` (paired ASR on shared attacks) and ``expected`` as for
    :func:`reliability`.
    """
    text = _records_jsonl(records)
    options = _options_json(by, operators, bootstrap, seed, confidence, strict, compare, expected)
    return RobustnessReport(*_report("robustness", text, options))


def robustness_from_manifest(
    path: str | os.PathLike[str],
    by: ByLike = ("model", "dataset"),
    *,
    operators: Sequence[Mapping[str, Any]] | None = None,
    bootstrap: int | None = None,
    seed: int = 0,
    confidence: float = 0.95,
    strict: bool = False,
    compare: bool = False,
    expected: ExpectedLike | None = None,
) -> RobustnessReport:
    """Robustness metrics from tables: each manifest line names a prediction CSV (and, for
    originals, the gold CSV and task config); the tabular evaluator decides ``correct``.
    Relative paths are resolved against the manifest's directory. The report's ``scored``
    lists every line's verdict."""
    text = _read_text(path)
    base = Path(path).resolve().parent
    options = _options_json(by, operators, bootstrap, seed, confidence, strict, compare, expected)
    return RobustnessReport(*_report("robustness", text, options, str(base)))


def spearman(
    x: Sequence[float] | Mapping[str, float],
    y: Sequence[float] | Mapping[str, float],
) -> SpearmanResult:
    """Spearman's ρ between paired samples (ties get average ranks) with its two-sided p-value
    from the t distribution with n−2 degrees of freedom. Mappings are paired by their common
    keys (in ``x``'s order), e.g. per-model scores on two datasets."""
    if isinstance(x, Mapping) != isinstance(y, Mapping):
        raise TrustError("give two sequences or two mappings", "invalid_spearman_input")
    payload: dict[str, Any]
    try:
        if isinstance(x, Mapping) and isinstance(y, Mapping):
            payload = {
                "x": {str(k): float(v) for k, v in x.items()},
                "y": {str(k): float(v) for k, v in y.items()},
            }
        else:
            payload = {"x": [float(v) for v in x], "y": [float(v) for v in y]}
    except (TypeError, ValueError) as exc:
        raise TrustError(f"every value must be a number: {exc}", "invalid_spearman_input") from None
    result = json.loads(_tabeq.trust_spearman(json.dumps(payload)))
    ci = result["rho_ci"]
    return SpearmanResult(
        n=result["n"],
        rho=result["rho"],
        p_value=result["p_value"],
        t=result["t"],
        keys=result["keys"],
        p_exact=result["p_exact"],
        p_exact_method=result["p_exact_method"],
        rho_ci=None if ci is None else (ci[0], ci[1]),
        findings=tuple(result["findings"]),
    )


def operators(extra: Sequence[Mapping[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The operator registry: the 19 TrustDABench operators (plus ``extra`` registrations), each
    ``{"code", "name", "track", "family"|"kind", "difficulty"|"level", "builtin"}``."""
    options = json.dumps({"operators": [dict(op) for op in extra]}) if extra else ""
    result: list[dict[str, Any]] = json.loads(_tabeq.trust_operators(options))
    return result


def error_codes() -> list[str]:
    """Every :class:`TrustError` code."""
    return list(_tabeq.trust_error_codes())
