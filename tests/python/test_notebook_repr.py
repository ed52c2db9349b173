"""Notebook-native reprs (issue #39): every ``_repr_html_`` is the core's notebook view (a summary
line, every part folded in ``<details>``, at most 25 table rows unfolded, no page-level headings,
colours that follow the notebook's theme), and every ``repr`` fits a terminal line.

The theme is checked in a real browser (Chromium, as tests/e2e uses it) in light and dark mode, and
under JupyterLab's theme variables."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
import tabeq
from tabeq import trust

ROWS_SHOWN = 25
REPR_WIDTH = 120


class Folding(HTMLParser):
    """What a notebook shows of a view: the headings, and for each table whether it sits in a
    nested ``<details>`` (folded below another) and its body rows."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.tables: list[tuple[int, int]] = []  # (details depth, body rows)
        self._depth = 0
        self._rows: int | None = None
        self._in_body = False
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "details":
            self._depth += 1
        elif tag == "table":
            self._rows = 0
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body and self._rows is not None:
            self._rows += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self._depth -= 1
        elif tag == "tbody":
            self._in_body = False
        elif tag == "table" and self._rows is not None:
            self.tables.append((self._depth, self._rows))
            self._rows = None


def check_notebook_view(markup: str) -> Folding:
    assert markup.startswith('<div class="tabeq-nb"><style>'), markup[:80]
    view = Folding(markup)
    assert "h1" not in view.tags and "h2" not in view.tags
    assert view.tags.count("details") >= 1
    # The summary line comes before anything folded; every table is inside a <details>.
    assert markup.index('class="tabeq-nb-line"') < markup.index("<details")
    for depth, rows in view.tables:
        assert depth >= 1
        if depth == 1:  # shown when its part is unfolded
            assert rows <= ROWS_SHOWN
    return view


def write_suite(root: Path, count: int) -> tuple[Path, Path, Path]:
    """A suite of `count` tasks, every third one failing."""
    predictions, gold, configs = root / "predictions", root / "gold", root / "configs"
    configs.mkdir(parents=True)
    for i in range(1, count + 1):
        task = f"task_{i}"
        config = {
            "schema_version": "1.0",
            "task_id": task,
            "order_sensitive": False,
            "columns": [
                {"gold_index": 0, "gold_name": "region", "type": "text"},
                {
                    "gold_index": 1,
                    "gold_name": "gdp",
                    "type": "number",
                    "comparison": {"mode": "decimal_places", "digits": 1},
                },
            ],
        }
        (configs / f"{task}.json").write_text(json.dumps(config), encoding="utf-8")
        (gold / task).mkdir(parents=True)
        (gold / task / "gold.csv").write_text("region,gdp\nNorth,1.5\nSouth,2.5\n", encoding="utf-8")
        (predictions / task).mkdir(parents=True)
        value = "9.9" if i % 3 == 0 else "2.5"
        (predictions / task / "prediction.csv").write_text(
            f"region,gdp\nNorth,1.5\nSouth,{value}\n", encoding="utf-8"
        )
    return predictions, gold, configs


def test_a_410_task_suite_shows_25_rows_under_300_kb(tmp_path: Path) -> None:
    result = tabeq.evaluate_suite(*write_suite(tmp_path, 410))
    assert (result.task_count, result.passed_task_count) == (410, 274)
    markup = result._repr_html_()
    assert len(markup.encode("utf-8")) < 300_000
    view = check_notebook_view(markup)
    # The task table: 25 rows unfolded, the other 385 folded below them.
    assert (1, ROWS_SHOWN) in view.tables and (2, 410 - ROWS_SHOWN) in view.tables
    assert "<summary>385 more rows</summary>" in markup
    line = markup.split('class="tabeq-nb-line">', 1)[1].split("</div>", 1)[0]
    assert "274/410 tasks passed" in line and "task_accuracy" in line
    assert len(repr(result)) <= REPR_WIDTH


def test_task_results_diagnoses_and_trust_reports_are_notebook_views() -> None:
    config = tabeq.TaskConfig([tabeq.text("region"), tabeq.number("gdp", decimal_places=1)])
    gold = b"region,gdp\n" + b"".join(f"r{i},{i}.5\n".encode() for i in range(60))
    wrong = b"region,gdp\n" + b"".join(f"r{i},{i}.7\n".encode() for i in range(60))
    failed = tabeq.evaluate(wrong, gold, config)
    assert not failed.passed
    for markup in (
        failed._repr_html_(),
        tabeq.evaluate(gold, gold, config)._repr_html_(),
        failed.explain(redaction="full")._repr_html_(),
        tabeq.explain(wrong, gold, config)._repr_html_(),
    ):
        check_notebook_view(markup)
    records = [
        {"model": f"m{i % 3}", "dataset": "d", "operator": "field_missing", "instance_id": i, "label": "full"}
        for i in range(40)
    ]
    check_notebook_view(trust.reliability(records, by="model")._repr_html_())


def test_reprs_fit_a_terminal_line() -> None:
    columns = [tabeq.number(f"a_rather_long_column_name_{i}", decimal_places=2) for i in range(30)]
    config = tabeq.TaskConfig(columns)
    assert len(repr(config)) <= REPR_WIDTH and repr(config).endswith("])")
    header = ",".join(f"a_rather_long_column_name_{i}" for i in range(30)).encode()
    gold = header + b"\n" + b",".join(b"1" for _ in range(30)) + b"\n"
    passed = tabeq.evaluate(gold, gold, config)
    assert passed.passed and len(repr(passed)) <= REPR_WIDTH
    assert repr(passed).endswith("(columns 30/30, rows 1/1)>")
    broken = tabeq.evaluate(b'a\n"x\n' + b"y" * 500 + b"\n", gold, config)
    assert not broken.passed
    assert "\n" not in repr(broken) and len(repr(broken)) <= REPR_WIDTH
    assert repr(broken).endswith("rows 0/1)>")
    diagnosis = tabeq.explain(b"x\n1\n", gold, config)
    assert len(repr(diagnosis)) <= REPR_WIDTH


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

PROBE = """<!doctype html><html><body style="__BODY__">__VIEW__
<script>
const pick = (selector) => getComputedStyle(document.querySelector(selector));
document.body.setAttribute("data-probe", JSON.stringify({
  bad: pick(".tabeq-nb .mark-bad").color,
  good: pick(".tabeq-nb .mark-good").color,
  border: pick(".tabeq-nb td").borderTopColor,
  cell: pick(".tabeq-nb td").backgroundColor,
  text: pick(".tabeq-nb td").color,
}));
</script></body></html>"""


def computed_colours(tmp_path: Path, view: str, *, dark: bool, body: str = "") -> dict[str, str]:
    """The computed colours of the view's parts in headless Chromium (`--force-dark-mode` sets
    `prefers-color-scheme: dark`), read back from the DOM it dumps."""
    assert CHROMIUM is not None
    page = tmp_path / f"probe-{dark}-{abs(hash(body))}.html"
    page.write_text(PROBE.replace("__BODY__", body).replace("__VIEW__", view), encoding="utf-8")
    args = [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()]
    if dark:
        args.insert(-2, "--force-dark-mode")
    dom = subprocess.run(args, capture_output=True, text=True, timeout=120, check=True).stdout
    found = re.search(r'data-probe="([^"]*)"', dom)
    assert found, dom[:500]
    return dict(json.loads(found.group(1).replace("&quot;", '"')))


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (apt install chromium), as tests/e2e does")
def test_colours_follow_the_notebook_theme_light_and_dark(tmp_path: Path) -> None:
    config = tabeq.TaskConfig([tabeq.text("region"), tabeq.number("gdp", decimal_places=1)])
    gold = b"region,gdp\nNorth,1.5\nSouth,2.5\n"
    view = tabeq.evaluate(b"region,gdp\nNorth,1.5\nSouth,2.7\n", gold, config)._repr_html_()
    assert "<td" in view
    # Verdict marks as the views write them (a passed / failed cell), styled by the view's CSS.
    view += (
        '<div class="tabeq-nb"><table><tbody><tr><td class="mark-good">passed</td>'
        '<td class="mark-bad">failed</td></tr></tbody></table></div>'
    )
    light = computed_colours(tmp_path, view, dark=False, body="background:#fff;color:#000")
    dark = computed_colours(tmp_path, view, dark=True, body="background:#111;color:#eee")
    # Text takes the page's colour; cells have no background of their own; accents change with the
    # colour scheme (a lighter red and green on dark pages).
    assert (light["text"], dark["text"]) == ("rgb(0, 0, 0)", "rgb(238, 238, 238)")
    assert light["cell"] == dark["cell"] == "rgba(0, 0, 0, 0)"
    assert light["bad"] == "rgb(198, 40, 40)" and dark["bad"] == "rgb(255, 123, 114)"
    assert light["good"] != dark["good"] and light["border"] != dark["border"]
    # JupyterLab's theme variables win over both.
    themed = "--jp-error-color1:#00aa00;--jp-border-color2:#123456;color:#eee;background:#111"
    jupyter = computed_colours(tmp_path, view, dark=False, body=themed)
    assert jupyter["bad"] == "rgb(0, 170, 0)" and jupyter["border"] == "rgb(18, 52, 86)"
