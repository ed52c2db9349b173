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
>>> print(report)
Model  n    FRR    PRR   NRR    MRS
-----  -  -----  -----  ----  -----
m      2  50.00  50.00  0.00  75.00

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
]
"""Why trust-metric input was rejected: ``TrustError.code`` (see :func:`error_codes`)."""

RELIABILITY_KEYS = ("model", "dataset", "operator", "family", "difficulty")
"""Keys a reliability report can be grouped by."""
ROBUSTNESS_KEYS = ("model", "dataset")
"""Keys a robustness report can be grouped by (ASR per operator and level is inside each group)."""


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


def _options_json(
    by: ByLike,
    operators: Sequence[Mapping[str, Any]] | None,
    bootstrap: int | None,
    seed: int,
    confidence: float,
) -> str:
    keys = [k.strip() for k in by.split(",") if k.strip()] if isinstance(by, str) else list(by)
    options: dict[str, Any] = {"by": keys}
    if operators:
        options["operators"] = [dict(op) for op in operators]
    if bootstrap is not None:
        options["bootstrap"] = {"resamples": bootstrap, "seed": seed, "confidence": float(confidence)}
    return json.dumps(options)


def _pct(value: Any) -> str:
    return "-" if value is None else f"{100.0 * float(value):.2f}"


def _pct_ci(value: Any, ci: Any) -> str:
    text = _pct(value)
    if ci:
        text += f" [{_pct(ci[0])}, {_pct(ci[1])}]"
    return text


_LABELS = {
    "model": "Model",
    "dataset": "Dataset",
    "operator": "Operator",
    "family": "Family",
    "difficulty": "Difficulty",
}


@dataclass
class _Column:
    header: str
    cells: list[str]
    numeric: bool = True


@dataclass
class _Block:
    title: str
    columns: list[_Column]
    # What Markdown (one header row) puts before each column header; the title if None.
    prefix: str | None = None


def _render_text(blocks: list[_Block], rows: int) -> str:
    """Blocks of columns side by side, separated by `` | ``, with an optional title line."""
    gap = "  "
    widths: list[list[int]] = []
    for block in blocks:
        w = [max([len(c.header)] + [len(x) for x in c.cells]) for c in block.columns]
        inner = sum(w) + len(gap) * (len(w) - 1)
        if len(block.title) > inner and w:
            w[-1] += len(block.title) - inner
        widths.append(w)

    def cell(col: _Column, text: str, width: int) -> str:
        return text.rjust(width) if col.numeric else text.ljust(width)

    def line(parts: list[str]) -> str:
        return " | ".join(parts).rstrip()

    out = []
    if any(b.title for b in blocks):
        out.append(line([b.title.ljust(sum(w) + len(gap) * (len(w) - 1)) for b, w in zip(blocks, widths)]))
    out.append(
        line([gap.join(cell(c, c.header, x) for c, x in zip(b.columns, w)) for b, w in zip(blocks, widths)])
    )
    out.append(
        "-+-".join(gap.join("-" * x for x in w) for w in widths)
        if len(blocks) > 1
        else gap.join("-" * x for x in widths[0])
    )
    for r in range(rows):
        out.append(
            line(
                [
                    gap.join(cell(c, c.cells[r], x) for c, x in zip(b.columns, w))
                    for b, w in zip(blocks, widths)
                ]
            )
        )
    return "\n".join(out)


def _render_markdown(blocks: list[_Block], rows: int) -> str:
    headers: list[str] = []
    aligns: list[str] = []
    columns: list[_Column] = []
    for b in blocks:
        for c in b.columns:
            prefix = b.title if b.prefix is None else b.prefix
            headers.append(f"{prefix} {c.header}".strip())
            aligns.append("---:" if c.numeric else ":---")
            columns.append(c)

    def esc(text: str) -> str:
        return text.replace("|", "\\|")

    out = ["| " + " | ".join(esc(h) for h in headers) + " |", "| " + " | ".join(aligns) + " |"]
    for r in range(rows):
        out.append("| " + " | ".join(esc(c.cells[r]) for c in columns) + " |")
    return "\n".join(out)


@dataclass
class _Table:
    """A titled table, or (without blocks) a list of note lines."""

    title: str
    blocks: list[_Block]
    rows: int
    notes: list[str] | None = None

    def text(self) -> str:
        if not self.blocks:
            return "\n".join(self.notes or [])
        body = _render_text(self.blocks, self.rows)
        return f"{self.title}\n{body}" if self.title else body

    def markdown(self) -> str:
        if not self.blocks:
            return "\n".join(f"- {note}" for note in self.notes or [])
        body = _render_markdown(self.blocks, self.rows)
        return f"**{self.title}**\n\n{body}" if self.title else body


def _key_columns(names: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> list[_Column]:
    return [
        _Column(_LABELS.get(k, k), [str(r["key"].get(k, "")) for r in rows], numeric=False) for k in names
    ]


class _Report:
    """Common behaviour of the report objects: dict access, JSON, CSV, tables."""

    _data: dict[str, Any]

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

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

    def _tables(self) -> list[_Table]:
        raise NotImplementedError

    def table(self) -> str:
        """The report as text tables like the paper's (percentages with two decimals)."""
        return "\n\n".join(t.text() for t in self._tables())

    def to_markdown(self) -> str:
        """The report as Markdown tables."""
        return "\n\n".join(t.markdown() for t in self._tables())

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

    def _rate_columns(self, rows: Sequence[Mapping[str, Any]], with_n: bool = True) -> list[_Column]:
        columns = [_Column("n", [str(r["n"]) for r in rows])] if with_n else []
        columns += [_Column(name.upper(), [_pct(r[name]) for r in rows]) for name in _RATES[:3]]
        columns.append(_Column("MRS", [_pct_ci(r["mrs"], (r.get("ci") or {}).get("mrs")) for r in rows]))
        return columns

    def _tables(self) -> list[_Table]:
        by = self.by
        groups = self.groups
        tables: list[_Table] = []
        others = [k for k in by if k != "dataset"]
        if "dataset" in by and others:
            # The paper's layout: one row per model (other keys), a column block per dataset.
            datasets = sorted({g["key"]["dataset"] for g in groups})
            row_keys: list[tuple[str, ...]] = []
            cells: dict[tuple[tuple[str, ...], str], dict[str, Any]] = {}
            for g in groups:
                rk = tuple(g["key"][k] for k in others)
                if rk not in row_keys:
                    row_keys.append(rk)
                cells[(rk, g["key"]["dataset"])] = g
            averages = {tuple(a["key"][k] for k in others): a for a in self.dataset_average}
            blocks = [
                _Block(
                    "",
                    [
                        _Column(_LABELS[k], [rk[i] for rk in row_keys], numeric=False)
                        for i, k in enumerate(others)
                    ],
                )
            ]
            for d in datasets:
                present = [cells.get((rk, d)) for rk in row_keys]
                filler = {"n": "", "frr": None, "prr": None, "nrr": None, "mrs": None}
                block_rows = [p if p is not None else filler for p in present]
                block = _Block(d, self._rate_columns(block_rows))
                for col in block.columns:
                    col.cells = [c if present[i] is not None else "" for i, c in enumerate(col.cells)]
                blocks.append(block)
            avg_cells = []
            for rk in row_keys:
                a = averages.get(rk)
                avg_cells.append(_pct_ci(a["mrs"], (a.get("ci") or {}).get("mrs")) if a else "")
            blocks.append(_Block("Avg.", [_Column("MRS", avg_cells)]))
            tables.append(_Table("", blocks, len(row_keys)))
        else:
            rows = list(groups)
            key_cols = _key_columns(by, rows)
            rate_cols = self._rate_columns(rows)
            if not by:
                key_cols = [_Column("", ["All"], numeric=False)]
            if self.dataset_average:
                for a in self.dataset_average:
                    key_cols[0].cells.append("Avg.")
                    for c in key_cols[1:]:
                        c.cells.append("")
                    rate_cols[0].cells.append("")
                    for c, name in zip(rate_cols[1:], _RATES):
                        ci = (a.get("ci") or {}).get(name) if name == "mrs" else None
                        c.cells.append(_pct_ci(a[name], ci))
            tables.append(_Table("", [_Block("", key_cols + rate_cols)], len(key_cols[0].cells)))
        for title, section, names in (
            ("Operator families (micro)", self.families, [("family" if k == "operator" else k) for k in by]),
            ("All operators (micro)", self.pooled, [k for k in by if k != "operator"]),
        ):
            if section:
                names = list(dict.fromkeys(names))
                cols = _key_columns(names, section) or [_Column("", ["All"] * len(section), numeric=False)]
                tables.append(_Table(title, [_Block("", cols + self._rate_columns(section))], len(section)))
        lines = [
            f"Spearman rho of MRS, {a['datasets'][0]} vs {a['datasets'][1]}: "
            f"{'-' if a['rho'] is None else format(a['rho'], '.2f')} "
            f"(p = {'-' if a['p_value'] is None else format(a['p_value'], '.3f')}, n = {a['n']})"
            for a in self.rank_agreement
        ]
        if lines:
            tables.append(_Table("", [], 0, notes=lines))
        return tables


_ROB_METRICS = ("coverage", "acc_clean", "asr", "rad", "acc_rob")
_ROB_HEADERS = {
    "coverage": "Cov.",
    "acc_clean": "Acc_clean",
    "asr": "ASR",
    "rad": "RAD",
    "acc_rob": "Acc_rob",
}
_LEVELS = ("L0", "L1", "L2", "L3")


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

    @staticmethod
    def _metric_columns(rows: Sequence[Mapping[str, Any] | None], with_n: bool = True) -> list[_Column]:
        columns = [_Column("N", ["" if r is None else str(r["n"]) for r in rows])] if with_n else []
        for name in _ROB_METRICS:
            cells = []
            for r in rows:
                if r is None:
                    cells.append("")
                else:
                    ci = (r.get("ci") or {}).get(name) if name in ("asr", "acc_rob") else None
                    cells.append(_pct_ci(r[name], ci))
            columns.append(_Column(_ROB_HEADERS[name], cells))
        return columns

    def _tables(self) -> list[_Table]:
        by = self.by
        groups = self.groups
        tables: list[_Table] = []
        others = [k for k in by if k != "dataset"]
        if "dataset" in by and others:
            datasets = sorted({g["key"]["dataset"] for g in groups})
            row_keys: list[tuple[str, ...]] = []
            cells: dict[tuple[tuple[str, ...], str], dict[str, Any]] = {}
            for g in groups:
                rk = tuple(g["key"][k] for k in others)
                if rk not in row_keys:
                    row_keys.append(rk)
                cells[(rk, g["key"]["dataset"])] = g
            averages = {tuple(a["key"][k] for k in others): a for a in self.dataset_average}
            blocks = [
                _Block(
                    "",
                    [
                        _Column(_LABELS[k], [rk[i] for rk in row_keys], numeric=False)
                        for i, k in enumerate(others)
                    ],
                )
            ]
            for d in datasets:
                blocks.append(_Block(d, self._metric_columns([cells.get((rk, d)) for rk in row_keys])))
            blocks.append(
                _Block("Avg.", self._metric_columns([averages.get(rk) for rk in row_keys], with_n=False))
            )
            tables.append(_Table("", blocks, len(row_keys)))
        else:
            rows: list[Mapping[str, Any] | None] = list(groups)
            key_cols = _key_columns(by, groups) if by else [_Column("", ["All"], numeric=False)]
            metric_cols = self._metric_columns(rows)
            for a in self.dataset_average:
                key_cols[0].cells.append("Avg.")
                for c in key_cols[1:]:
                    c.cells.append("")
                avg_cols = self._metric_columns([a], with_n=False)
                metric_cols[0].cells.append("")
                for c, v in zip(metric_cols[1:], avg_cols):
                    c.cells.extend(v.cells)
            tables.append(_Table("", [_Block("", key_cols + metric_cols)], len(key_cols[0].cells)))
        # ASR per operator and per level, one row per group (and per dataset average).
        seen = {entry["operator"] for g in groups for entry in g["asr_by_operator"]}
        operator_codes = [code for code in self._operator_codes() if code in seen]
        detail_rows: list[Mapping[str, Any]] = list(groups)
        key_names = list(by)
        key_cols = (
            _key_columns(key_names, detail_rows) if key_names else [_Column("", ["All"], numeric=False)]
        )
        if self.dataset_average:
            for a in self.dataset_average:
                for c, k in zip(key_cols, key_names):
                    c.cells.append("Avg." if k == "dataset" else str(a["key"].get(k, "")))
            detail_rows = [*detail_rows, *self.dataset_average]
        op_cols = []
        for code in operator_codes:
            op_cols.append(
                _Column(
                    code,
                    [
                        _pct(next((e["asr"] for e in r["asr_by_operator"] if e["operator"] == code), None))
                        for r in detail_rows
                    ],
                )
            )
        level_cols = [
            _Column(
                level,
                [_pct(next(e["asr"] for e in r["asr_by_level"] if e["level"] == level)) for r in detail_rows],
            )
            for level in _LEVELS
        ]
        blocks = [_Block("", key_cols)]
        if op_cols:
            blocks.append(_Block("ASR by operator", op_cols, prefix="ASR"))
        blocks.append(_Block("ASR by level", level_cols, prefix="ASR"))
        tables.append(_Table("", blocks, len(detail_rows)))
        return tables


@dataclass(frozen=True)
class SpearmanResult:
    """Spearman's ρ with average ranks and its two-sided p-value (t distribution, n−2 df);
    ``rho``/``p_value`` are None when undefined (n < 2 or a constant sample; p needs n ≥ 3)."""

    n: int
    rho: float | None
    p_value: float | None
    t: float | None
    keys: list[str] | None

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
) -> ReliabilityReport:
    """Reliability metrics of judged unanswerable instances.

    ``records``: ``{"model", "dataset", "operator", "instance_id", "label"}`` each (label
    ``full|partial|none``, ``1|0.5|0`` or ``full_refusal|partial_refusal|no_refusal``).
    ``by``: any of model, dataset, operator, family, difficulty. ``operators``: extra operators
    to accept (``{"code", "name", "track": "reliability", "family", "difficulty"}``).
    ``bootstrap``: number of resamples for percentile intervals (instances resampled per group,
    deterministic for a ``seed``).
    """
    text = _records_jsonl(records)
    out = _tabeq.trust_reliability_report(text, _options_json(by, operators, bootstrap, seed, confidence))
    return ReliabilityReport(json.loads(out))


def robustness(
    records: RecordsLike,
    by: ByLike = ("model", "dataset"),
    *,
    operators: Sequence[Mapping[str, Any]] | None = None,
    bootstrap: int | None = None,
    seed: int = 0,
    confidence: float = 0.95,
) -> RobustnessReport:
    """Robustness metrics from original and perturbed correctness.

    ``records``: originals ``{"model", "dataset", "question_id", "correct"}`` and perturbations
    ``{"model", "dataset", "question_id", "perturbation_id", "operator", "correct"}`` (optional
    ``"valid": false`` leaves one out). ``by``: model and/or dataset. ``bootstrap`` resamples
    questions (with their perturbations) per group.
    """
    text = _records_jsonl(records)
    out = _tabeq.trust_robustness_report(text, _options_json(by, operators, bootstrap, seed, confidence))
    return RobustnessReport(json.loads(out))


def robustness_from_manifest(
    path: str | os.PathLike[str],
    by: ByLike = ("model", "dataset"),
    *,
    operators: Sequence[Mapping[str, Any]] | None = None,
    bootstrap: int | None = None,
    seed: int = 0,
    confidence: float = 0.95,
) -> RobustnessReport:
    """Robustness metrics from tables: each manifest line names a prediction CSV (and, for
    originals, the gold CSV and task config); the tabular evaluator decides ``correct``.
    Relative paths are resolved against the manifest's directory. The report's ``scored``
    lists every line's verdict."""
    text = _read_text(path)
    base = Path(path).resolve().parent
    out = _tabeq.trust_robustness_from_manifest(
        text, str(base), _options_json(by, operators, bootstrap, seed, confidence)
    )
    return RobustnessReport(json.loads(out))


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
    return SpearmanResult(
        n=result["n"], rho=result["rho"], p_value=result["p_value"], t=result["t"], keys=result["keys"]
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
