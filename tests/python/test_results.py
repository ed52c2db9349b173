"""TaskResult (repr, HTML view, explanations), SuiteResult and evaluate_many."""

from __future__ import annotations

import json
import pickle
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest
import tabeq
from conftest import SUITE, case_bytes, load_cases

CONFIG = tabeq.TaskConfig(
    columns=[tabeq.text("Region"), tabeq.number("GDP", decimal_places=1)],
    order_sensitive=False,
)
GOLD = b"region,gdp\nNorth,1.3\nSouth,2.1\nEast,0.5\n"


class Page(HTMLParser):
    """A small DOM summary: the text of every table (by class) as rows of cells, the text of
    elements by class, and every heading."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.by_class: dict[str, str] = {}
        self.headings: list[str] = []
        self._table: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._open: list[tuple[str, str | None, list[str]]] = []
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        css = dict(attrs).get("class")
        self._open.append((tag, css, []))
        if tag == "table":
            self._table = css or ""
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._table is not None and self._row is not None:
            self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None
        while self._open:
            open_tag, css, text = self._open.pop()
            joined = "".join(text)
            if css:
                self.by_class[css] = joined
            if open_tag == "h4":
                self.headings.append(joined)
            if self._open:
                self._open[-1][2].append(joined)
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._open:
            self._open[-1][2].append(data)


def test_passed_result_repr_and_html() -> None:
    result = tabeq.evaluate(b"GDP,Region\n0.5,East\n1.26,North\n2.1,South\n", GOLD, CONFIG)
    assert result.passed and result.column_mapping == [1, 0]
    assert repr(result) == "<TaskResult task_1 passed mapping=[1, 0] (columns 2/2, rows 3/3)>"
    page = Page(result._repr_html_())
    assert page.by_class["tabeq-verdict"] == "passed"
    assert "tabeq-error-code" not in page.by_class
    summary = dict((row[0], row[1]) for row in page.tables["tabeq-summary"])
    assert summary["task"] == "task_1"
    assert summary["rows"] == "gold 3, prediction 3"
    mapping = page.tables["tabeq-mapping"]
    assert mapping[0] == ["gold #", "gold name", "rule", "prediction #", "prediction header"]
    assert mapping[1:] == [
        ["0", "Region", "text", "1", "Region"],
        ["1", "GDP", "number (decimal_places 1, plain)", "0", "GDP"],
    ]
    assert "tabeq-missing" not in page.tables and "tabeq-extra" not in page.tables


def test_relation_mismatch_html_shows_the_differing_rows() -> None:
    prediction = b"Area,Value\nNorth,1.26\nSouth,2.0\nWest,0.5\n"
    result = tabeq.evaluate(prediction, GOLD, CONFIG)
    assert result.error_code == "relation_mismatch"
    assert "relation_mismatch" in repr(result) and "failed" in repr(result)
    page = Page(result._repr_html_())
    assert page.by_class["tabeq-verdict"] == "failed"
    assert page.by_class["tabeq-error-code"] == "relation_mismatch"
    assert page.by_class["tabeq-error-words"] == tabeq.ERROR_DESCRIPTIONS["relation_mismatch"]
    assert page.by_class["tabeq-error-message"] == result.error
    mapping = page.tables["tabeq-mapping"]
    assert [row[:5] for row in mapping[1:]] == [
        ["0", "Region", "text", "0", "Area"],
        ["1", "GDP", "number (decimal_places 1, plain)", "1", "Value"],
    ]
    # Gold rows the prediction lacks, and prediction rows the gold lacks (raw → canonical).
    assert page.tables["tabeq-missing"][1:] == [["2", "South", "2.1"], ["3", "East", "0.5"]]
    assert page.tables["tabeq-extra"][1:] == [["2", "South", "2.0"], ["3", "West", "0.5"]]
    assert any(h.startswith("Gold rows missing") for h in page.headings)
    # The core diagnosis: its summary, the best-mapping method, near misses, partial credit.
    assert page.by_class["tabeq-diagnosis-summary"] == result.explain().summary
    assert "Hungarian" in page.by_class["tabeq-mapping-method"]
    assert "lower_precision" in page.by_class["tabeq-hints"]
    assert "not the official score" in page.by_class["tabeq-partial-credit"]


def test_ordered_mismatch_html_shows_first_differing_positions() -> None:
    config = tabeq.TaskConfig(
        columns=[tabeq.text("k"), tabeq.number("v", integer=True)], order_sensitive=True
    )
    gold = b"k,v\na,1\nb,2\nc,3\n"
    result = tabeq.evaluate(b"k,v\na,1\nc,3\nb,2\n", gold, config)
    assert result.error_code == "relation_mismatch"
    page = Page(result._repr_html_())
    differing = page.tables["tabeq-differing"]
    assert differing == [["row", "", "k", "v"], ["2", "gold", "b", "2"], ["2", "prediction", "c", "3"]]
    assert "The rows are the gold's, in a different order." in page.by_class["tabeq-notes"]
    assert "row_order (would pass)" in page.by_class["tabeq-hints"]
    assert "The rows are the gold's, in a different order." in result.describe()


def test_type_failure_html_lists_unreadable_cells() -> None:
    result = tabeq.evaluate(b"r,g\nNorth,n/a\nSouth,2.1\nEast,0.5\n", GOLD, CONFIG)
    assert result.error_code == "type_normalization_failed"
    page = Page(result._repr_html_())
    mapping = page.tables["tabeq-mapping"]
    assert mapping[0][-1] == "readable prediction columns"
    assert [row[-1] for row in mapping[1:]] == ["0, 1", "none"]
    bad = page.by_class["tabeq-bad-cells"]
    assert "row 1" in bad and "n/a" in bad and "cell_invalid_number" in bad
    assert "gold column 1 (GDP) cannot read prediction column 1" in bad


def test_other_failures_render_without_rows() -> None:
    missing = tabeq.evaluate(None, GOLD, CONFIG)
    page = Page(missing._repr_html_())
    assert page.by_class["tabeq-error-code"] == "missing_prediction"
    assert [row[3:] for row in page.tables["tabeq-mapping"][1:]] == [["", ""], ["", ""]]
    invalid = tabeq.evaluate(b'a,b\n"x\n', GOLD, CONFIG)
    assert Page(invalid._repr_html_()).by_class["tabeq-error-code"] == "invalid_prediction_csv"
    assert invalid.csv_error_code == "csv_unterminated_quote"
    wide = tabeq.evaluate(b"a,b,c\n1,2,3\n", GOLD, CONFIG)
    notes = Page(wide._repr_html_()).by_class["tabeq-notes"]
    assert "Extra prediction columns: 2 'c'." in notes


def test_html_escapes_untrusted_cells() -> None:
    result = tabeq.evaluate(b"r,g\n<script>x</script>,1.3\nSouth,2.1\nEast,0.5\n", GOLD, CONFIG)
    markup = result._repr_html_()
    assert "<script>" not in markup and "&lt;script&gt;" in markup


def test_describe_is_the_check_text() -> None:
    result = tabeq.evaluate(b"Area,Value\nNorth,1.26\nSouth,2.0\nWest,0.5\n", GOLD, CONFIG)
    text = result.describe()
    assert text.splitlines()[0] == "task_1: FAILED"
    assert "gold 0 'Region' [text]  ←  prediction 0 'Area'" in text
    assert "gold row 3: East | 0.5" in text
    assert "prediction row 3: West | 0.5" in text
    assert "near miss lower_precision" in text


def test_result_record_equality_and_pickle() -> None:
    result = tabeq.evaluate(b"GDP,Region\n0.5,East\n1.26,North\n2.1,South\n", GOLD, CONFIG)
    record = result.to_dict()
    assert list(record) == [
        "task_id",
        "passed",
        "score",
        "order_sensitive",
        "gold_column_count",
        "prediction_column_count",
        "gold_row_count",
        "prediction_row_count",
        "column_mapping",
        "error_code",
        "error",
    ]
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
    assert page.by_class["tabeq-error-code"] == "relation_mismatch"
    assert len(page.tables["tabeq-mapping"]) == failed.gold_column_count + 1
    assert "tabeq-missing" in page.tables or "tabeq-differing" in page.tables


def test_suite_to_pandas_and_html() -> None:
    result = suite()
    frame = result.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == list(result.to_dict()["tasks"][0])
    assert len(frame) == 120 and int(frame["passed"].sum()) == 87
    assert frame.loc[0, "column_mapping"] == result.results[0].column_mapping
    page = Page(result._repr_html_())
    rows = page.tables["tabeq-suite"][1:]
    assert len(rows) == 120
    assert [r[1] for r in rows[:33]] == ["failed"] * 33
    assert "87/120" in page.by_class["tabeq-suite-summary"]


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
    notes = Page(from_file._repr_html_()).by_class["tabeq-notes"]
    assert "changed since it was scored" in notes


def test_invalid_prediction_html_names_the_csv_problem() -> None:
    result = tabeq.evaluate(b'a,b\n"x\n', GOLD, CONFIG)
    notes = Page(result._repr_html_()).by_class["tabeq-notes"]
    assert "csv_unterminated_quote" in notes
