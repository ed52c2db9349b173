"""Explaining a verdict to people: the HTML view in Jupyter and the text of ``tabeq check``.

A report names the gold columns and the prediction headers of the column mapping and, when
the task failed, shows what differs: the first differing rows, unreadable cells, extra or
missing columns and near misses. Everything below the verdict comes from the core diagnosis
(``tabeq.explain``); the verdict itself is the result's and nothing here can change it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from ._errors import TabeqError

if TYPE_CHECKING:
    from . import SuiteResult, TaskResult

MAX_SHOWN_BAD_CELLS = 8
"""Unreadable cells listed when no mapping reads every column."""


@dataclass
class ShownRow:
    """A row shown in a report: its 1-based data row number and its cells (as written, in the
    order of ``Report.row_columns``)."""

    number: int
    cells: list[str]


@dataclass
class BadCell:
    """The first cell of a prediction column that does not read under a gold column's rule."""

    gold_index: int
    prediction_index: int
    row: int
    value: str
    code: str
    count: int


@dataclass
class Hint:
    """A named near miss: what would change, and whether that change alone would pass."""

    name: str
    would_pass: bool
    message: str


@dataclass
class Report:
    """What a person needs to see about one task's verdict."""

    gold_names: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    prediction_headers: Optional[list[str]] = None
    mapping: Optional[list[Optional[int]]] = None
    mapping_note: str = ""
    mapping_method: str = ""
    readable: list[list[int]] = field(default_factory=list)
    row_columns: list[str] = field(default_factory=list)
    missing_rows: list[ShownRow] = field(default_factory=list)
    missing_count: int = 0
    extra_rows: list[ShownRow] = field(default_factory=list)
    extra_count: int = 0
    first_difference: Optional[tuple[ShownRow, ShownRow]] = None
    bad_cells: list[BadCell] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    summary: str = ""
    partial_credit: str = ""


def _names(names: list[str], indices: list[int]) -> str:
    return ", ".join(f"{k} {names[k]!r}" if k < len(names) else str(k) for k in indices)


def build_report(result: TaskResult) -> Report:
    """A report for ``result``; never raises on any prediction (it is untrusted)."""
    from .explain import explain

    report = Report()
    config = result.config
    if config is None or result._gold is None:
        return report
    report.gold_names = config.column_names
    report.rules = config.rules
    report.mapping = list(result.column_mapping) if result.column_mapping is not None else None
    if result.passed:
        report.mapping_note = "the first mapping under which the rows equal the gold's"
    try:
        diagnosis = explain(result._prediction, result._gold, config, hints=not result.passed).to_dict()
    except (TabeqError, OSError) as exc:
        report.notes.append(f"The task's files cannot be read again to explain it: {exc}")
        return report
    if (diagnosis["passed"], diagnosis["error_code"]) != (result.passed, result.error_code):
        report.notes.append("The task's files changed since it was scored; what follows describes them now.")
    if diagnosis["input"]["status"] == "read":
        report.prediction_headers = list(diagnosis["columns"]["prediction"])
    if result.passed:
        return report
    report.summary = str(diagnosis["summary"])
    _read_diagnosis(report, diagnosis, result.error_code)
    return report


def _read_diagnosis(report: Report, d: dict[str, Any], error_code: Optional[str]) -> None:
    gold_names = report.gold_names
    headers = report.prediction_headers or []
    status = d["input"]
    if status["status"] == "invalid_csv":
        record = status.get("record")
        where = "" if record is None else f" at record {record}"
        report.notes.append(
            f"The prediction is not a valid CSV: {status['csv_error']}{where}: {status.get('message', '')}"
        )
    shape = d.get("shape")
    if shape:
        if shape["extra_prediction_columns"]:
            report.notes.append(
                f"Extra prediction columns: {_names(headers, shape['extra_prediction_columns'])}."
            )
        if shape["missing_gold_columns"]:
            report.notes.append(
                "Gold columns with no prediction column: "
                f"{_names(gold_names, shape['missing_gold_columns'])}."
            )
        grain = shape.get("grain")
        if grain:
            report.notes.append(
                f"The prediction's rows are {grain['direction']} than the gold's "
                f"({shape['received_rows']} rows instead of {shape['expected_rows']})."
            )
    mapping = d.get("mapping")
    if mapping:
        by_gold: list[Optional[int]] = [None] * len(gold_names)
        for pair in mapping["pairs"]:
            if 0 <= pair["gold_index"] < len(by_gold):
                by_gold[pair["gold_index"]] = pair["prediction_index"]
        report.mapping = by_gold
        report.mapping_note = "no mapping passes; the best mapping, not an official one"
        report.mapping_method = str(mapping["method"])
    types = d.get("types")
    if types:
        report.readable = [list(c["compatible"]) for c in types["columns"]]
        if error_code == "type_normalization_failed":
            starved = set((types.get("unreadable") or {}).get("gold_columns") or [])
            for column in types["columns"]:
                if starved and column["gold_index"] not in starved:
                    continue
                for bad in column["incompatible"]:
                    report.bad_cells.append(
                        BadCell(
                            column["gold_index"],
                            bad["prediction_index"],
                            bad["row"],
                            str(bad["value"]),
                            str(bad["reason"]),
                            int(bad["bad_cells"]),
                        )
                    )
            del report.bad_cells[MAX_SHOWN_BAD_CELLS:]
    rows = d.get("rows")
    if rows:
        report.row_columns = [
            gold_names[j] if j < len(gold_names) else str(j) for j in rows["compared_gold_columns"]
        ]
        report.missing_rows = [ShownRow(r["row"], list(r["values"])) for r in rows["missing"]]
        report.extra_rows = [ShownRow(r["row"], list(r["values"])) for r in rows["extra"]]
        report.missing_count = int(rows["missing_count"])
        report.extra_count = int(rows["extra_count"])
        order = rows.get("order")
        if order:
            first = order.get("first_difference")
            if first:
                report.first_difference = (
                    ShownRow(first["row"], list(first["gold"])),
                    ShownRow(first["row"], list(first["prediction"])),
                )
            if order.get("would_match_unordered"):
                report.notes.append("The rows are the gold's, in a different order.")
    report.hints = [Hint(str(h["name"]), bool(h["would_pass"]), str(h["message"])) for h in d["hints"]]
    credit = d.get("partial_credit")
    if credit:
        rows_credit, signature = credit["rows"], credit["column_signature"]
        report.partial_credit = (
            f"rows precision {rows_credit['precision']:.3f}, recall {rows_credit['recall']:.3f}, "
            f"F1 {rows_credit['f1']:.3f}; column signature {signature['status']} ({signature['score']:.3f})"
        )


# ---------------------------------------------------------------- text


def _gold_label(report: Report, j: int) -> str:
    name = report.gold_names[j] if j < len(report.gold_names) else "?"
    rule = report.rules[j] if j < len(report.rules) else ""
    return f"gold {j} {name!r} [{rule}]"


def _pred_label(report: Report, k: Optional[int]) -> str:
    if k is None:
        return "no prediction column"
    headers = report.prediction_headers or []
    header = repr(headers[k]) if k < len(headers) else "?"
    return f"prediction {k} {header}"


def _row_text(row: ShownRow) -> str:
    return " | ".join(row.cells)


def render_text(result: TaskResult, report: Report) -> str:
    """The human explanation printed by ``tabeq check``."""
    lines = [f"{result.task_id}: {'PASSED' if result.passed else 'FAILED'}"]
    if result.error_code:
        lines.append(f"  error: {result.error_code} — {result.error_description}")
        if result.error:
            lines.append(f"         {result.error}")
    lines.append(f"  columns gold/prediction: {result.gold_column_count}/{result.prediction_column_count}")
    lines.append(f"  rows gold/prediction:    {result.gold_row_count}/{result.prediction_row_count}")
    if report.mapping is not None:
        lines.append(f"  column mapping ({report.mapping_note}):")
        for j, k in enumerate(report.mapping):
            lines.append(f"    {_gold_label(report, j)}  ←  {_pred_label(report, k)}")
    for bad in report.bad_cells:
        lines.append(
            f"  {_gold_label(report, bad.gold_index)} cannot read "
            f"{_pred_label(report, bad.prediction_index)}: "
            f"row {bad.row} {bad.value!r} ({bad.code}; {bad.count} such cells)"
        )
    columns = ", ".join(report.row_columns)
    if report.first_difference is not None:
        gold_row, pred_row = report.first_difference
        lines.append(f"  first differing row ({columns}):")
        lines.append(f"    row {gold_row.number}: gold       {_row_text(gold_row)}")
        lines.append(f"    row {pred_row.number}: prediction {_row_text(pred_row)}")
    if report.missing_rows:
        lines.append(f"  gold rows missing from the prediction ({report.missing_count}; cells: {columns}):")
        lines.extend(f"    gold row {r.number}: {_row_text(r)}" for r in report.missing_rows)
    if report.extra_rows:
        lines.append(f"  prediction rows not in the gold ({report.extra_count}; cells in gold order):")
        lines.extend(f"    prediction row {r.number}: {_row_text(r)}" for r in report.extra_rows)
    lines.extend(f"  {note}" for note in report.notes)
    for hint in report.hints:
        verdict = "would pass" if hint.would_pass else "would still fail alone"
        lines.append(f"  near miss {hint.name} ({verdict}): {hint.message}")
    if report.partial_credit:
        lines.append(f"  partial credit (not the official score): {report.partial_credit}")
    return "\n".join(lines)


# ---------------------------------------------------------------- HTML


def _e(value: object) -> str:
    return html.escape(str(value))


def _rows_table(css: str, title: str, rows: list[ShownRow], names: list[str], total: int) -> str:
    if not rows:
        return ""
    head = "".join(f"<th>{_e(n)}</th>" for n in names)
    body = "".join(
        f"<tr><th>{_e(r.number)}</th>" + "".join(f"<td>{_e(c)}</td>" for c in r.cells) + "</tr>" for r in rows
    )
    more = f" (first {len(rows)} of {total})" if total > len(rows) else ""
    return (
        f"<h4>{_e(title)}{_e(more)}</h4>"
        f'<table class="{css}"><thead><tr><th>row</th>{head}</tr></thead><tbody>{body}</tbody></table>'
    )


def _mapping_table(report: Report) -> str:
    mapping = report.mapping
    headers = report.prediction_headers or []
    title = "Column mapping" + (f" ({report.mapping_note})" if mapping is not None else "")
    rows = []
    for j, name in enumerate(report.gold_names):
        k = mapping[j] if mapping is not None and j < len(mapping) else None
        pred_index = "" if k is None else str(k)
        pred_header = headers[k] if k is not None and k < len(headers) else ""
        readable = ""
        if report.readable:
            readable = ", ".join(str(x) for x in report.readable[j]) or "none"
        rows.append(
            f"<tr><td>{j}</td><td>{_e(name)}</td><td>{_e(report.rules[j])}</td>"
            f"<td>{_e(pred_index)}</td><td>{_e(pred_header)}</td>"
            + (f"<td>{_e(readable)}</td>" if report.readable else "")
            + "</tr>"
        )
    readable_head = "<th>readable prediction columns</th>" if report.readable else ""
    method = (
        f'<p><small class="tabeq-mapping-method">{_e(report.mapping_method)}</small></p>'
        if report.mapping_method
        else ""
    )
    return (
        f"<h4>{_e(title)}</h4>"
        '<table class="tabeq-mapping"><thead><tr><th>gold #</th><th>gold name</th><th>rule</th>'
        f"<th>prediction #</th><th>prediction header</th>{readable_head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{method}"
    )


def render_html(result: TaskResult, report: Report) -> str:
    """The Jupyter view of a task result."""
    verdict = "passed" if result.passed else "failed"
    color = "#1a7f37" if result.passed else "#cf222e"
    facts: list[tuple[str, str]] = [
        ("verdict", f'<b class="tabeq-verdict" style="color:{color}">{verdict}</b>'),
        ("task", _e(result.task_id)),
    ]
    if result.error_code:
        message = f'<br><small class="tabeq-error-message">{_e(result.error)}</small>' if result.error else ""
        facts.append(
            (
                "error",
                f'<code class="tabeq-error-code">{_e(result.error_code)}</code>: '
                f'<span class="tabeq-error-words">{_e(result.error_description)}</span>{message}',
            )
        )
    facts.append(("columns", f"gold {result.gold_column_count}, prediction {result.prediction_column_count}"))
    facts.append(("rows", f"gold {result.gold_row_count}, prediction {result.prediction_row_count}"))
    parts = [
        '<div class="tabeq-result">',
        '<table class="tabeq-summary">'
        + "".join(f'<tr><th style="text-align:left">{k}</th><td>{v}</td></tr>' for k, v in facts)
        + "</table>",
    ]
    if report.summary:
        parts.append(f'<p class="tabeq-diagnosis-summary">{_e(report.summary)}</p>')
    if report.gold_names:
        parts.append(_mapping_table(report))
    if report.first_difference is not None:
        gold_row, pred_row = report.first_difference
        head = "".join(f"<th>{_e(n)}</th>" for n in report.row_columns)
        body = "".join(
            f"<tr><th>{r.number}</th><td>{side}</td>"
            + "".join(f"<td>{_e(c)}</td>" for c in r.cells)
            + "</tr>"
            for side, r in (("gold", gold_row), ("prediction", pred_row))
        )
        parts.append(
            "<h4>First differing row</h4>"
            f'<table class="tabeq-differing"><thead><tr><th>row</th><th></th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )
    parts.append(
        _rows_table(
            "tabeq-missing",
            "Gold rows missing from the prediction",
            report.missing_rows,
            report.row_columns,
            report.missing_count,
        )
    )
    parts.append(
        _rows_table(
            "tabeq-extra",
            "Prediction rows not in the gold",
            report.extra_rows,
            report.row_columns,
            report.extra_count,
        )
    )
    if report.bad_cells:
        items = "".join(
            f"<li>gold column {b.gold_index} ({_e(report.gold_names[b.gold_index])}) cannot read prediction "
            f"column {b.prediction_index}: row {b.row} <code>{_e(b.value)}</code> ({_e(b.code)}; "
            f"{b.count} such cells)</li>"
            for b in report.bad_cells
        )
        parts.append(f'<h4>Cells that do not read</h4><ul class="tabeq-bad-cells">{items}</ul>')
    if report.hints:
        items = "".join(
            f"<li><code>{_e(h.name)}</code> ({'would pass' if h.would_pass else 'would still fail alone'}): "
            f"{_e(h.message)}</li>"
            for h in report.hints
        )
        parts.append(f'<h4>Near misses</h4><ul class="tabeq-hints">{items}</ul>')
    if report.notes:
        parts.append(
            '<ul class="tabeq-notes">' + "".join(f"<li>{_e(n)}</li>" for n in report.notes) + "</ul>"
        )
    if report.partial_credit:
        parts.append(
            f'<p><small class="tabeq-partial-credit">Partial credit (not the official score): '
            f"{_e(report.partial_credit)}</small></p>"
        )
    parts.append("</div>")
    return "".join(parts)


def render_suite_html(suite: SuiteResult) -> str:
    """The Jupyter view of a suite: the summary and one line per task, failures first."""
    head = (
        f'<p class="tabeq-suite-summary"><b>{suite.passed_task_count}/{suite.task_count}</b> tasks passed, '
        f"task_accuracy <b>{suite.task_accuracy:.4f}</b></p>"
    )
    ordered = suite.failures + [r for r in suite if r.passed]
    rows = "".join(
        f"<tr><td>{_e(r.task_id)}</td><td>{'passed' if r.passed else 'failed'}</td>"
        f"<td>{_e(r.error_code or '')}</td><td>{r.prediction_row_count}/{r.gold_row_count}</td>"
        f"<td>{r.prediction_column_count}/{r.gold_column_count}</td></tr>"
        for r in ordered
    )
    table = (
        '<table class="tabeq-suite"><thead><tr><th>task</th><th>verdict</th><th>error</th>'
        "<th>rows (prediction/gold)</th><th>columns (prediction/gold)</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )
    return f'<div class="tabeq-suite-result">{head}{table}</div>'
