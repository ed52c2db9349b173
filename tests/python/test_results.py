"""TaskResult (repr, HTML view, explanations), SuiteResult and evaluate_many."""

from __future__ import annotations

import json
import pickle
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest
import tabeq
from conftest import SUITE, case_bytes, load_cases, official_record_keys

CONFIG = tabeq.TaskConfig(
    columns=[tabeq.text("Region"), tabeq.number("GDP", decimal_places=1)],
    order_sensitive=False,
)
GOLD = b"region,gdp\nNorth,1.3\nSouth,2.1\nEast,0.5\n"


class Page(HTMLParser):
    """A small DOM summary of a core document's HTML (or its notebook view): each section's
    tables (by the section's ``data-section`` id) as rows of cells, the facts (``dt``/``dd``),
    the paragraphs and notes, and the cells marked as differing."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.facts: dict[str, str] = {}
        self.text: list[str] = []
        self.differing: list[str] = []
        self.title = ""
        self._section = "lead"
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._tag: list[tuple[str, str]] = []
        self._buffer: list[str] = []
        self._term = ""
        self._details = 0
        self._skip_header = False
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "details":
            self._details += 1
        if tag in ("section", "details") and a.get("data-section"):  # notebook: <details data-section>
            self._section = a.get("data-section") or ""
        elif tag == "table" and self._section in self.tables and self._details > 1:
            self._skip_header = True  # the rows folded below a table: its header again, then more rows
        elif tag == "table":
            self.tables[self._section] = []
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []
        self._tag.append((tag, a.get("class") or ""))
        if tag != "strong":
            self._buffer = []

    def handle_endtag(self, tag: str) -> None:
        opened, css = self._tag.pop() if self._tag else ("", "")
        if tag == "details":
            self._details -= 1
        text = "".join(self._buffer).strip()
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            cell = "".join(self._cell).strip()
            self._row.append(cell)
            if "mark-differs" in css:
                self.differing.append(cell)
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if not self._skip_header:
                self.tables[self._section].append(self._row)
            self._row = None
            self._skip_header = False
        elif tag == "dt":
            self._term = text
        elif tag == "dd":
            self.facts[self._term] = text
        elif tag == "p":
            self.text.append(text)
        elif tag == "h1" or (tag == "strong" and not self.title and self._section == "lead"):
            self.title = text  # the notebook view's summary line opens with the title in <strong>

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        self._buffer.append(data)


def test_passed_result_repr_and_html() -> None:
    result = tabeq.evaluate(b"GDP,Region\n0.5,East\n1.26,North\n2.1,South\n", GOLD, CONFIG)
    assert result.passed and result.column_mapping == [1, 0]
    assert repr(result) == "<TaskResult task_1 passed mapping=[1, 0] (columns 2/2, rows 3/3)>"
    page = Page(result._repr_html_())
    assert page.title == "task_1: passed"
    assert page.facts["verdict"] == "passed" and "error" not in page.facts
    assert page.facts["rows"] == "gold 3, prediction 3"
    mapping = page.tables["mapping"]
    assert mapping[0] == [
        "gold #",
        "gold name",
        "rule",
        "prediction #",
        "prediction header",
        "readable prediction columns",
    ]
    assert [row[:5] for row in mapping[1:]] == [
        ["0", "Region", "text", "1", "Region"],
        ["1", "GDP", "number (decimal_places 1, plain)", "0", "GDP"],
    ]
    assert "missing_rows" not in page.tables and "extra_rows" not in page.tables


def test_relation_mismatch_html_shows_the_differing_rows() -> None:
    prediction = b"Area,Value\nNorth,1.26\nSouth,2.0\nWest,0.5\n"
    result = tabeq.evaluate(prediction, GOLD, CONFIG)
    assert result.error_code == "relation_mismatch"
    assert "relation_mismatch" in repr(result) and "failed" in repr(result)
    page = Page(result._repr_html_())
    assert page.facts["verdict"] == "failed"
    words = tabeq.ERROR_DESCRIPTIONS["relation_mismatch"]
    assert page.facts["error"] == f"relation_mismatch — {words}"
    assert page.facts["message"] == result.error
    mapping = page.tables["mapping"]
    assert [row[:5] for row in mapping[1:]] == [
        ["0", "Region", "text", "0", "Area"],
        ["1", "GDP", "number (decimal_places 1, plain)", "1", "Value"],
    ]
    # Gold rows the prediction lacks, and prediction rows the gold lacks, with the cells that
    # differ from the closest row on the other side marked.
    assert page.tables["missing_rows"][1:] == [["2", "South", "2.1"], ["3", "East", "0.5"]]
    assert page.tables["extra_rows"][1:] == [["2", "South", "2.0"], ["3", "West", "0.5"]]
    assert sorted(page.differing) == ["2.0", "2.1", "East", "West"]
    # The core diagnosis: its findings (without the near misses it lists below), the
    # best-mapping method, near misses, partial credit.
    summary = result.explain(redaction="full").summary  # the page is the operator view
    findings = next(t for t in page.text if t.startswith("Failed (relation_mismatch)"))
    assert summary.startswith(findings) and "Near misses" in summary and "Near misses" not in findings
    assert any("Hungarian" in t for t in page.text)
    assert page.tables["hints"][1][0] == "lower_precision"
    assert "Partial credit (not the official score)" in result.describe()


def test_text_cells_are_left_aligned_and_numbers_right() -> None:
    result = tabeq.evaluate(b"Area,Value\nNorth,1.26\nSouth,2.0\nWest,0.5\n", GOLD, CONFIG)
    markup = result._repr_html_()
    assert '<th scope="col" class="num">gold #</th><th scope="col">gold name</th>' in markup
    lines = result.describe().splitlines()
    row = next(line for line in lines if "Region" in line and "text" in line)
    assert row.startswith("     0  Region     text")


def test_ordered_mismatch_html_shows_first_differing_positions() -> None:
    config = tabeq.TaskConfig(
        columns=[tabeq.text("k"), tabeq.number("v", integer=True)], order_sensitive=True
    )
    gold = b"k,v\na,1\nb,2\nc,3\n"
    result = tabeq.evaluate(b"k,v\na,1\nc,3\nb,2\n", gold, config)
    assert result.error_code == "relation_mismatch"
    page = Page(result._repr_html_())
    differing = page.tables["first_difference"]
    assert differing == [["row", "side", "k", "v"], ["2", "gold", "b", "2"], ["2", "prediction", "c", "3"]]
    assert "hint: The rows are the gold's, in a different order." in page.text
    assert page.tables["hints"][1][:2] == ["row_order", "would pass"]
    assert "The rows are the gold's, in a different order." in result.describe()


def test_type_failure_html_lists_only_the_unreadable_cells_that_matter() -> None:
    result = tabeq.evaluate(b"r,g\nNorth,n/a\nSouth,2.1\nEast,0.5\n", GOLD, CONFIG)
    assert result.error_code == "type_normalization_failed"
    page = Page(result._repr_html_())
    mapping = page.tables["mapping"]
    assert mapping[0][-1] == "readable prediction columns"
    assert [row[-1] for row in mapping[1:]] == ["0, 1", "none"]
    bad = page.tables["unreadable_cells"]
    # Only gold column 1 cannot be read: its cells, none of the readable Region pairs.
    assert [row[:5] for row in bad[1:]] == [
        ["1 GDP", "1 g", "1", "n/a", "cell_invalid_number"],
        ["1 GDP", "0 r", "1", "North", "cell_invalid_number"],
    ]
    assert any("gold columns 1 GDP can only be read from no prediction column" in t for t in page.text)


def test_other_failures_render_without_rows() -> None:
    missing = tabeq.evaluate(None, GOLD, CONFIG)
    page = Page(missing._repr_html_())
    assert page.facts["error"].startswith("missing_prediction — ")
    assert page.tables["mapping"][1:] == [
        ["0", "Region", "text"],
        ["1", "GDP", "number (decimal_places 1, plain)"],
    ]
    invalid = tabeq.evaluate(b'a,b\n"x\n', GOLD, CONFIG)
    assert Page(invalid._repr_html_()).facts["error"].startswith("invalid_prediction_csv")
    assert invalid.csv_error_code == "csv_unterminated_quote"
    assert any("csv_unterminated_quote" in t for t in Page(invalid._repr_html_()).text)
    wide = tabeq.evaluate(b"a,b,c\n1,2,3\n", GOLD, CONFIG)
    assert any("Extra prediction column: 2 'c'" in t for t in Page(wide._repr_html_()).text)


def test_html_escapes_untrusted_cells() -> None:
    result = tabeq.evaluate(b"r,g\n<script>x</script>,1.3\nSouth,2.1\nEast,0.5\n", GOLD, CONFIG)
    markup = result._repr_html_()
    assert "<script>" not in markup and "&lt;script&gt;" in markup


def test_describe_is_the_check_text() -> None:
    result = tabeq.evaluate(b"Area,Value\nNorth,1.26\nSouth,2.0\nWest,0.5\n", GOLD, CONFIG)
    text = result.describe()
    assert text.splitlines()[0] == "task_1: failed (relation_mismatch)"
    assert "     0  Region     text                                         0  Area" in text
    assert " -3  *East*  0.5" in text
    assert " +3  *West*  0.5" in text
    assert "lower_precision" in text
    assert result.to_markdown().startswith("# task\\_1: failed (relation\\_mismatch)")


def test_result_record_equality_and_pickle() -> None:
    result = tabeq.evaluate(b"GDP,Region\n0.5,East\n1.26,North\n2.1,South\n", GOLD, CONFIG)
    record = result.to_dict()
    assert list(record) == official_record_keys()
    assert record["column_mapping"] == [
        {"gold_index": 0, "prediction_index": 1},
        {"gold_index": 1, "prediction_index": 0},
    ]
    assert json.loads(result.to_json()) == record
    assert tabeq.TaskResult(record) == result
    again = pickle.loads(pickle.dumps(result))
    assert again == result and again.config == CONFIG
    assert again._repr_html_() == result._repr_html_()
    assert bool(result) and result.score == 1


# ------------------------------------------------------------------ evaluate_many


def test_evaluate_many_keeps_order_and_equals_sequential() -> None:
    cases = [c for c in load_cases() if c["expected"]["outcome"] == "scored"][:600]
    tasks = [(case_bytes(c, "prediction"), case_bytes(c, "gold"), c["config"]) for c in cases]
    sequential = [tabeq.evaluate(p, g, cfg) for p, g, cfg in tasks]
    for threads in (None, 1, 2, 7):
        parallel = tabeq.evaluate_many(tasks, threads=threads)
        assert parallel == sequential
        assert [r.to_json() for r in parallel] == [r.to_json() for r in sequential]
    assert [r.passed for r in sequential] == [c["expected"]["passed"] for c in cases]


def test_evaluate_many_reads_paths_and_raises_the_first_fatal(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_bytes(b"r,g\nNorth,1.3\nSouth,2.1\nEast,0.5\n")
    tasks: list[tuple[object, object, object]] = [
        (tmp_path / "p.csv", GOLD, CONFIG),
        (tmp_path / "missing.csv", GOLD, CONFIG),
        (None, GOLD, CONFIG),
    ]
    results = tabeq.evaluate_many(tasks)  # type: ignore[arg-type]
    assert [r.error_code for r in results] == [None, "missing_prediction", "missing_prediction"]
    tasks.append((b"x", b"bad,gold,header\n", CONFIG))
    tasks.append((b"x", tmp_path / "no-gold.csv", CONFIG))
    try:
        tabeq.evaluate_many(tasks)  # type: ignore[arg-type]
    except tabeq.GoldError as error:
        assert error.code == "gold_column_count_mismatch" and "task #3" in str(error)
    else:
        raise AssertionError("a fatal error must be raised")
    assert tabeq.evaluate_many([]) == []


# ------------------------------------------------------------------ SuiteResult


def suite() -> tabeq.SuiteResult:
    return tabeq.evaluate_suite(SUITE / "predictions", SUITE / "gold", SUITE / "configs")


def test_suite_result_api() -> None:
    result = suite()
    want = json.loads((SUITE / "expected_summary.json").read_text(encoding="utf-8"))
    assert result.task_accuracy == want["task_accuracy"] == 0.725
    assert (result.task_count, result.passed_task_count, result.failed_task_count) == (120, 87, 33)
    assert len(result) == 120
    assert [r.task_id for r in result] == [t["task_id"] for t in want["tasks"]]
    assert all(isinstance(r, tabeq.TaskResult) for r in result)
    assert len(result.failures) == 33 and not any(r.passed for r in result.failures)
    assert result["task_accuracy"] == 0.725 and result["metric"] == "task_accuracy"
    assert result.config_set_sha256 == want["config_set_sha256"]
    assert repr(result) == "<SuiteResult 87/120 passed, task_accuracy=0.7250>"
    text = result.to_json()
    assert text.endswith("}\n")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n"
    assert result.to_dict() == json.loads(text)
    assert [r.to_dict() for r in result] == result.to_dict()["tasks"]


def test_suite_tasks_explain_themselves_from_their_files() -> None:
    failed = next(r for r in suite() if r.error_code == "relation_mismatch")
    assert failed.config is not None
    page = Page(failed._repr_html_())
    assert page.facts["error"].startswith("relation_mismatch")
    assert len(page.tables["mapping"]) == failed.gold_column_count + 1
    assert "missing_rows" in page.tables or "first_difference" in page.tables


def test_suite_to_pandas_and_html() -> None:
    result = suite()
    frame = result.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == list(result.to_dict()["tasks"][0])
    assert len(frame) == 120 and int(frame["passed"].sum()) == 87
    assert frame.loc[0, "column_mapping"] == result.results[0].column_mapping
    markup = result._repr_html_()
    page = Page(markup)
    rows = page.tables["tasks"][1:]
    assert len(rows) == 120
    # A notebook view: 25 task rows, the other 95 folded below them.
    shown = markup.split("<details><summary>95 more rows</summary>")[0]
    assert shown.count("<tr") == 1 + 25 and "<h1" not in markup and "<h2" not in markup
    assert [r[1] for r in rows[:33]] == ["failed"] * 33
    assert page.title == "87/120 tasks passed" and page.facts["task_accuracy"] == "0.7250"


def test_suite_progress_callback_reaches_the_total() -> None:
    calls: list[tuple[int, int]] = []
    tabeq.evaluate_suite(
        SUITE / "predictions", SUITE / "gold", SUITE / "configs", progress=lambda d, t: calls.append((d, t))
    )
    assert calls and calls[-1] == (120, 120)
    assert all(t == 120 for _, t in calls) and [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_suite_fatal_errors(tmp_path: Path) -> None:
    try:
        tabeq.evaluate_suite(tmp_path / "p", tmp_path / "g", tmp_path / "c")
    except tabeq.SuiteError as error:
        assert error.code == "suite_missing_directory" and error.stage == "suite"
    else:
        raise AssertionError("a missing root is fatal")


# ------------------------------------------------------------------ explain integration


def test_result_explain_is_the_core_diagnosis_of_its_inputs(tmp_path: Path) -> None:
    from tabeq.explain import explain

    prediction = b"Area,Value\nNorth,1.26\nSouth,2.0\nWest,0.5\n"
    result = tabeq.evaluate(prediction, GOLD, CONFIG)
    diagnosis = result.explain()
    assert diagnosis == explain(prediction, GOLD, CONFIG)
    assert diagnosis.result == result.to_dict()
    assert result.explain(hints=False).hint_names == []
    with pytest.raises(ValueError, match="no inputs"):
        tabeq.TaskResult(result.to_dict()).explain()
    # A result scored from files reads them again; a file changed since is said so.
    path = tmp_path / "p.csv"
    path.write_bytes(prediction)
    from_file = tabeq.evaluate(path, GOLD, CONFIG)
    assert from_file.explain() == diagnosis
    path.write_bytes(b"Area,Value\nNorth,1.3\nSouth,2.1\nEast,0.5\n")
    assert any("changed since it was scored" in t for t in Page(from_file._repr_html_()).text)


def test_invalid_prediction_html_names_the_csv_problem() -> None:
    result = tabeq.evaluate(b'a,b\n"x\n', GOLD, CONFIG)
    assert any("csv_unterminated_quote" in t for t in Page(result._repr_html_()).text)
