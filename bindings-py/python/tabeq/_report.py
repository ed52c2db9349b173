"""Explaining a verdict to people: the HTML view in Jupyter and the text of ``tabeq check``.

A report names the gold columns and the prediction headers of the column mapping and, when
the task failed, shows the first rows that differ. The verdict itself always comes from the
native evaluator; nothing here can change it.

The differing rows are computed here from the native canonicalizer (bounded: at most
``MAX_COMPARED_CELLS`` canonicalizations). When ``tabeq.explain`` (the core diagnosis) is
installed, its best mapping and row differences are used instead; see ``_from_explain``.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from . import _tabeq
from ._inputs import read_source_bytes

if TYPE_CHECKING:
    from . import SuiteResult, TaskConfig, TaskResult

MAX_SHOWN_ROWS = 5
"""Rows shown in each list of differences."""
MAX_SHOWN_BAD_CELLS = 8
"""Unreadable cells shown when no mapping reads every column."""
MAX_COMPARED_CELLS = 4_000_000
"""Above this many cell canonicalizations (gold rows x columns²) rows are not compared here."""

Cells = list[Optional[str]]


@dataclass
class ShownRow:
    """A row shown in a report: its 1-based data row number, raw cells and canonical cells,
    both in gold column order."""

    number: int
    raw: list[str]
    canonical: Cells


@dataclass
class BadCell:
    """The first cell of a prediction column that does not read under a gold column's rule."""

    gold_index: int
    prediction_index: int
    row: int
    value: str
    code: str


@dataclass
class Report:
    """What a person needs to see about one task's verdict."""

    gold_names: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    prediction_headers: Optional[list[str]] = None
    mapping: Optional[list[int]] = None
    mapping_note: str = ""
    missing_rows: list[ShownRow] = field(default_factory=list)
    missing_count: int = 0
    extra_rows: list[ShownRow] = field(default_factory=list)
    extra_count: int = 0
    differing_pairs: list[tuple[ShownRow, ShownRow]] = field(default_factory=list)
    differing_count: int = 0
    readable: list[list[int]] = field(default_factory=list)
    bad_cells: list[BadCell] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    summary: str = ""


def _column_json(config: TaskConfig, index: int) -> str:
    return json.dumps(config.columns[index])


def _read_rows(source: Any) -> Optional[list[list[str]]]:
    if source is None:
        return None
    data = read_source_bytes(source)
    if data is None:
        return None
    try:
        return _tabeq.read_csv(data)
    except ValueError:
        return None


def _first_valid_mapping(compatible: list[list[bool]]) -> Optional[list[int]]:
    """The lexicographically first one-to-one mapping with every pair compatible."""
    d = len(compatible)

    def completes(assigned: list[int]) -> bool:
        # Kuhn's augmenting paths: can the remaining gold columns be matched?
        used = set(assigned)
        owner: dict[int, int] = {}

        def augment(j: int, seen: set[int]) -> bool:
            for k in range(d):
                if k in used or k in seen or not compatible[j][k]:
                    continue
                seen.add(k)
                if k not in owner or augment(owner[k], seen):
                    owner[k] = j
                    return True
            return False

        return all(augment(j, set()) for j in range(len(assigned), d))

    mapping: list[int] = []
    for j in range(d):
        for k in range(d):
            if k not in mapping and compatible[j][k] and completes(mapping + [k]):
                mapping.append(k)
                break
        else:
            return None
    return mapping


def build_report(result: TaskResult) -> Report:
    """A report for ``result``; never raises on any prediction (it is untrusted)."""
    report = Report()
    config = result.config
    if config is not None:
        report.gold_names = config.column_names
        report.rules = config.rules
    prediction = _read_rows(result._prediction) if result.error_code != "invalid_prediction_csv" else None
    if prediction is not None:
        report.prediction_headers = prediction[0]
    report.mapping = result.column_mapping
    if result.passed:
        report.mapping_note = "the first mapping under which the rows equal the gold's"
        report.summary = f"{result.task_id} passed."
        return report
    report.summary = f"{result.task_id} failed: {result.error_code} ({result.error_description})."
    if result.error_code == "invalid_prediction_csv" and result.error:
        report.notes.append(result.error)
    gold = _read_rows(result._gold)
    if config is None or gold is None or prediction is None:
        return report
    _compare(report, config, gold, prediction)
    return report


def _compare(report: Report, config: TaskConfig, gold: list[list[str]], prediction: list[list[str]]) -> None:
    d = len(config.columns)
    gold_rows, pred_rows = gold[1:], prediction[1:]
    if len(prediction[0]) != d:
        report.notes.append(
            f"The gold has {d} columns {report.gold_names}; the prediction has {len(prediction[0])}: "
            f"{prediction[0]}."
        )
        return
    cost = max(len(gold_rows), len(pred_rows)) * d * d
    if cost > MAX_COMPARED_CELLS:
        report.notes.append("The tables are too large to compare rows here.")
        return
    gold_canon: list[Cells] = []
    for j in range(d):
        column = _tabeq.canonicalize_many([row[j] for row in gold_rows], _column_json(config, j))
        gold_canon.append([value for value, _ in column])
    pred_canon: dict[tuple[int, int], Cells] = {}
    compatible = [[False] * d for _ in range(d)]
    for j in range(d):
        column_json = _column_json(config, j)
        for k in range(d):
            values = [row[k] for row in pred_rows]
            read = _tabeq.canonicalize_many(values, column_json)
            bad = next((i for i, (_, code) in enumerate(read) if code is not None), None)
            if bad is None:
                compatible[j][k] = True
                pred_canon[(j, k)] = [value for value, _ in read]
            else:
                code = read[bad][1] or ""
                report.bad_cells.append(BadCell(j, k, bad + 1, values[bad], code))
    report.readable = [[k for k in range(d) if compatible[j][k]] for j in range(d)]
    mapping = _first_valid_mapping(compatible)
    if mapping is None:
        report.notes.append("No mapping of gold columns to prediction columns reads every column.")
        return
    report.mapping = mapping
    report.mapping_note = (
        "no mapping passes; rows are compared under the first mapping that reads every column"
    )
    gold_keyed = [tuple(gold_canon[j][i] for j in range(d)) for i in range(len(gold_rows))]
    pred_keyed = [tuple(pred_canon[(j, mapping[j])][i] for j in range(d)) for i in range(len(pred_rows))]

    def gold_row(i: int) -> ShownRow:
        return ShownRow(i + 1, list(gold_rows[i]), list(gold_keyed[i]))

    def pred_row(i: int) -> ShownRow:
        return ShownRow(i + 1, [pred_rows[i][mapping[j]] for j in range(d)], list(pred_keyed[i]))

    if config.order_sensitive:
        differing = [
            i for i in range(min(len(gold_keyed), len(pred_keyed))) if gold_keyed[i] != pred_keyed[i]
        ]
        report.differing_count = len(differing)
        report.differing_pairs = [(gold_row(i), pred_row(i)) for i in differing[:MAX_SHOWN_ROWS]]
        if Counter(gold_keyed) == Counter(pred_keyed):
            report.notes.append("The rows are the gold's, in a different order.")
    missing = Counter(gold_keyed) - Counter(pred_keyed)
    extra = Counter(pred_keyed) - Counter(gold_keyed)
    report.missing_count = sum(missing.values())
    report.extra_count = sum(extra.values())
    report.missing_rows = _take(missing, gold_keyed, gold_row)
    report.extra_rows = _take(extra, pred_keyed, pred_row)


def _take(wanted: Counter[tuple[Optional[str], ...]], keyed: list[Any], make: Any) -> list[ShownRow]:
    left = Counter(wanted)
    shown: list[ShownRow] = []
    for i, key in enumerate(keyed):
        if len(shown) == MAX_SHOWN_ROWS:
            break
        if left[key] > 0:
            left[key] -= 1
            shown.append(make(i))
    return shown


# ---------------------------------------------------------------- rendering


def _cell_text(raw: str, canonical: Optional[str]) -> str:
    shown = "∅" if canonical is None else canonical
    return raw if raw == shown else f"{raw} (→ {shown})"


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
    for bad in _shown_bad_cells(report):
        lines.append(
            f"  {_gold_label(report, bad.gold_index)} cannot read "
            f"{_pred_label(report, bad.prediction_index)}: row {bad.row} {bad.value!r} ({bad.code})"
        )
    names = ", ".join(report.gold_names)
    if report.differing_pairs:
        lines.append(
            f"  first differing rows ({report.differing_count} differ; cells in gold order: {names}):"
        )
        for g, p in report.differing_pairs:
            lines.append(f"    row {g.number}: gold       {_row_text(g)}")
            lines.append(f"    {' ' * len(str(g.number))}      prediction {_row_text(p)}")
    if report.missing_rows:
        lines.append(f"  gold rows missing from the prediction ({report.missing_count}; cells: {names}):")
        lines.extend(f"    gold row {r.number}: {_row_text(r)}" for r in report.missing_rows)
    if report.extra_rows:
        lines.append(f"  prediction rows not in the gold ({report.extra_count}; cells in gold order):")
        lines.extend(f"    prediction row {r.number}: {_row_text(r)}" for r in report.extra_rows)
    lines.extend(f"  {note}" for note in report.notes if note != result.error)
    return "\n".join(lines)


def _shown_bad_cells(report: Report) -> list[BadCell]:
    """When no mapping reads every column: why, for the gold columns that read the fewest."""
    if report.mapping is not None or not report.readable:
        return []
    fewest = min(len(k) for k in report.readable)
    starved = {j for j, k in enumerate(report.readable) if len(k) == fewest}
    return [b for b in report.bad_cells if b.gold_index in starved][:MAX_SHOWN_BAD_CELLS]


def _row_text(row: ShownRow) -> str:
    return " | ".join(_cell_text(raw, canon) for raw, canon in zip(row.raw, row.canonical))


def _gold_label(report: Report, j: int) -> str:
    name = report.gold_names[j] if j < len(report.gold_names) else "?"
    rule = report.rules[j] if j < len(report.rules) else ""
    return f"gold {j} {name!r} [{rule}]"


def _pred_label(report: Report, k: int) -> str:
    headers = report.prediction_headers or []
    header = repr(headers[k]) if k < len(headers) else "?"
    return f"prediction {k} {header}"


def _e(value: object) -> str:
    return html.escape(str(value))


def _rows_table(css: str, title: str, rows: list[ShownRow], names: list[str], total: int) -> str:
    if not rows:
        return ""
    head = "".join(f"<th>{_e(n)}</th>" for n in names)
    body = "".join(
        "<tr><th>"
        + _e(r.number)
        + "</th>"
        + "".join(f"<td>{_e(_cell_text(raw, c))}</td>" for raw, c in zip(r.raw, r.canonical))
        + "</tr>"
        for r in rows
    )
    more = f" (first {len(rows)} of {total})" if total > len(rows) else ""
    return (
        f"<h4>{_e(title)}{_e(more)}</h4>"
        f'<table class="{css}"><thead><tr><th>row</th>{head}</tr></thead><tbody>{body}</tbody></table>'
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
        facts.append(
            (
                "error",
                f'<code class="tabeq-error-code">{_e(result.error_code)}</code>: '
                f'<span class="tabeq-error-words">{_e(result.error_description)}</span>'
                + (
                    f'<br><small class="tabeq-error-message">{_e(result.error)}</small>'
                    if result.error
                    else ""
                ),
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
    if report.gold_names:
        mapping = report.mapping
        headers = report.prediction_headers or []
        title = "Column mapping" + (f" ({report.mapping_note})" if mapping is not None else "")
        rows = []
        for j, name in enumerate(report.gold_names):
            k = mapping[j] if mapping is not None else None
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
        parts.append(
            f"<h4>{_e(title)}</h4>"
            '<table class="tabeq-mapping"><thead><tr><th>gold #</th><th>gold name</th><th>rule</th>'
            f"<th>prediction #</th><th>prediction header</th>{readable_head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
    if report.differing_pairs:
        body = "".join(
            f"<tr><th>{g.number}</th><td>gold</td>"
            + "".join(f"<td>{_e(_cell_text(r, c))}</td>" for r, c in zip(g.raw, g.canonical))
            + f"</tr><tr><th>{p.number}</th><td>prediction</td>"
            + "".join(f"<td>{_e(_cell_text(r, c))}</td>" for r, c in zip(p.raw, p.canonical))
            + "</tr>"
            for g, p in report.differing_pairs
        )
        head = "".join(f"<th>{_e(n)}</th>" for n in report.gold_names)
        more = (
            f" (first {len(report.differing_pairs)} of {report.differing_count})"
            if report.differing_count > len(report.differing_pairs)
            else ""
        )
        parts.append(
            f"<h4>First differing rows{_e(more)}</h4>"
            f'<table class="tabeq-differing"><thead><tr><th>row</th><th></th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )
    parts.append(
        _rows_table(
            "tabeq-missing",
            "Gold rows missing from the prediction",
            report.missing_rows,
            report.gold_names,
            report.missing_count,
        )
    )
    parts.append(
        _rows_table(
            "tabeq-extra",
            "Prediction rows not in the gold",
            report.extra_rows,
            report.gold_names,
            report.extra_count,
        )
    )
    unreadable = _shown_bad_cells(report)
    if unreadable:
        items = "".join(
            f"<li>gold column {b.gold_index} ({_e(report.gold_names[b.gold_index])}) cannot read prediction "
            f"column {b.prediction_index}: row {b.row} <code>{_e(b.value)}</code> ({_e(b.code)})</li>"
            for b in unreadable
        )
        parts.append(f'<h4>Unreadable columns</h4><ul class="tabeq-bad-cells">{items}</ul>')
    notes = [n for n in report.notes if n != result.error]
    if notes:
        parts.append('<ul class="tabeq-notes">' + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul>")
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
