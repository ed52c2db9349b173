"""`tabeq trust` for a paper (issue 25): LaTeX of both tracks with the layout options, --strict
per (dataset, operator), comparisons within each dataset, one chart series per model."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tabeq import trust
from tabeq.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "trust"
OPERATORS = ["FDM", "DM", "FLM", "DAM", "SCM", "EC", "HC"]
# The paper's model order (Tables 2 and 3 list the models in this order).
PAPER_ORDER = (
    "Qwen3.7-Max,DeepSeek-V4-Pro,GLM-5.2,Gemini-3.1-Pro,Claude-Sonnet-5,GPT-5.5,Qwen3.6 27B,Qwen3-30B-A3B"
)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def report_text(capsys: pytest.CaptureFixture[str], track: str, file: str, *args: str) -> str:
    """`tabeq trust TRACK examples/trust/FILE ARGS...`, which must succeed; its output."""
    code, out, err = run(["trust", track, str(EXAMPLES / file), *args], capsys)
    assert code == 0, err
    return out


def labelled(model: str, dataset: str, full: int, none: int) -> list[dict[str, Any]]:
    labels = ["full"] * full + ["none"] * none
    return [
        {"model": model, "dataset": dataset, "operator": OPERATORS[i % 7], "instance_id": i, "label": label}
        for i, label in enumerate(labels)
    ]


def test_latex_for_both_tracks_with_layout(capsys: pytest.CaptureFixture[str]) -> None:
    out = report_text(
        capsys,
        "reliability",
        "paper-reliability.jsonl",
        *("--format", "latex", "--rows", PAPER_ORDER, "--columns", "FRR,PRR,NRR,MRS,Avg. MRS"),
    )
    main_float = out.split("% MRS by group\n")[1]
    assert main_float.startswith("% requires: \\usepackage{booktabs}\n\\begin{table*}[t]\n")
    main_table = main_float[main_float.index("\\begin{tabular}") :].split("\\end{tabular}")[0]
    assert main_table.startswith("\\begin{tabular}{lrrrrrrrrr}\n\\toprule\n")
    body = main_table.split("\\midrule\n")[1].split("\\bottomrule")[0].splitlines()
    assert [line.split(" & ")[0] for line in body] == PAPER_ORDER.split(",")
    assert "\\textbf{23.22}" in body[5] and "\\textbf{25.19}" in body[5]
    out = report_text(
        capsys,
        "robustness",
        "paper-robustness.jsonl",
        *("--format", "latex", "--columns", "ASR,RAD,Avg. ASR", "--order-by", "Avg. ASR", "--ascending"),
        *("--decimals", "1"),
    )
    main_table = out.split("% Robustness by group\n")[1]
    main_table = main_table[main_table.index("\\begin{tabular}") :]
    assert main_table.startswith("\\begin{tabular}{lrrrrr}\n\\toprule\n")
    assert "Avg. ASR $\\downarrow$" in main_table
    first = main_table.split("\\midrule\n")[1].splitlines()[0]
    assert first.endswith("\\textbf{9.1} \\\\"), first
    # The layout is shared by the text formats.
    report = trust.robustness(EXAMPLES / "paper-robustness.jsonl", layout={"columns": ["ASR"], "decimals": 3})
    assert "ASR" in report.to_markdown() and report.to_latex().count("\\toprule") >= 2
    header = next(line for line in report.table().splitlines() if line.startswith("Model"))
    assert header.split() == ["Model", "AIDABench-QA", "ASR", "DABench", "ASR"]


def test_layout_naming_no_column_is_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        ["trust", "reliability", str(EXAMPLES / "paper-reliability.jsonl"), "--columns", "XYZ"], capsys
    )
    assert code == 2 and "invalid_options" in err and "XYZ" in err


def test_strict_refuses_a_model_without_an_operator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [r for m in ("A", "B", "C") for r in labelled(m, "D", 5, 9)]
    complete = tmp_path / "complete.jsonl"
    complete.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    assert run(["trust", "reliability", str(complete), "--strict"], capsys)[0] == 0
    relabelled = [
        {**r, "operator": "FDM"} if r["model"] == "B" and r["operator"] == "SCM" else r for r in records
    ]
    broken = tmp_path / "relabelled.jsonl"
    broken.write_text("\n".join(json.dumps(r) for r in relabelled) + "\n", encoding="utf-8")
    code, _, err = run(["trust", "reliability", str(broken), "--strict"], capsys)
    assert code == 2
    assert "unequal_instance_counts" in err and "operator SCM" in err and '"B"' in err


def test_compare_within_each_dataset(capsys: pytest.CaptureFixture[str]) -> None:
    out = report_text(
        capsys,
        "reliability",
        "paper-reliability.jsonl",
        "--by",
        "model,dataset",
        "--compare",
        "--format",
        "json",
    )
    comparisons = json.loads(out)["comparisons"]
    assert len(comparisons) == 2 * 28
    datasets = [c["within"]["dataset"] for c in comparisons]
    assert datasets == ["AIDABench-QA"] * 28 + ["DABench"] * 28
    # Holm within each dataset: the largest adjusted p of a family is at least its largest raw p.
    for dataset in ("AIDABench-QA", "DABench"):
        family = [c for c in comparisons if c["within"]["dataset"] == dataset]
        assert all(c["p_holm"] >= c["p_value"] for c in family)


def test_chart_names_each_model_once(capsys: pytest.CaptureFixture[str]) -> None:
    out = report_text(
        capsys, "robustness", "paper-robustness.jsonl", "--by", "model,level", "--format", "svg"
    )
    level_chart = next(part for part in out.split("<svg")[1:] if "ASR by level" in part)
    for model in PAPER_ORDER.split(","):
        assert level_chart.count(f">{model}</text>") == 1, model


# The paper's Table 3, rebuilt by the worked example (examples/trust/paper-table3.json holds the
# paper's cells; make_paper_example.py writes paper-robustness.jsonl from them and Table 1's counts).
TABLE_3 = json.loads((EXAMPLES / "paper-table3.json").read_text(encoding="utf-8"))


def latex_body(latex: str, section: str = "Robustness by group") -> list[list[str]]:
    """The cells of a section's main table, bold marks removed."""
    table = latex.split(f"% {section}\n")[1].split("\\bottomrule")[0]
    rows = table.split("\\midrule\n")[1].strip().splitlines()
    return [
        [cell.removeprefix("\\textbf{").removesuffix("}") for cell in row.removesuffix(" \\\\").split(" & ")]
        for row in rows
    ]


def test_table_3_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    order = ",".join(row[0] for row in TABLE_3["rows"])
    out = report_text(
        capsys,
        "robustness",
        "paper-robustness.jsonl",
        *("--by", "model,dataset", "--strict", "--format", "latex"),
        *("--rows", order, "--columns", "ASR,RAD,Avg. ASR"),
    )
    assert latex_body(out) == TABLE_3["rows"]
    text = report_text(capsys, "robustness", "paper-robustness.jsonl", "--by", "level")
    stated = TABLE_3["level_trend"]
    assert f"Spearman rho, level vs ASR: {stated['rho']} (p = {stated['p_value']}," in text
    assert re.search(rf"ASR L3 / L0: +{stated['l3_over_l0']}\n", text)


def test_table_3_through_python() -> None:
    report = trust.robustness(
        EXAMPLES / "paper-robustness.jsonl",
        by=["model", "dataset"],
        strict=True,
        layout={"rows": [row[0] for row in TABLE_3["rows"]], "columns": ["ASR", "RAD", "Avg. ASR"]},
    )
    assert latex_body(report.to_latex()) == TABLE_3["rows"]
    cells = {}
    for group in report.groups:
        cells.setdefault(group["key"]["model"], []).extend(f"{100 * group[m]:.2f}" for m in ("asr", "rad"))
    for average in report.dataset_average:
        cells[average["key"]["model"]].append(f"{100 * average['asr']:.2f}")
    assert [[model, *cells[model]] for model, *_ in TABLE_3["rows"]] == TABLE_3["rows"]
    for dataset, counts in TABLE_3["table_1"].items():
        for group in (g for g in report.groups if g["key"]["dataset"] == dataset):
            assert (group["n"], group["covered"], group["perturbations"], len(group["asr_by_operator"])) == (
                counts["questions"],
                counts["perturbed"],
                counts["perturbations"],
                counts["operators"],
            )
    # Per model (datasets pooled): NRI the most damaging for all, CSR second for seven of eight,
    # L3 above L0 for all, and only Qwen3.6 27B rising strictly across L0..L3.
    by_model = trust.robustness(EXAMPLES / "paper-robustness.jsonl", by="model")
    ranked = {
        g["key"]["model"]: sorted(g["asr_by_operator"], key=lambda o: -o["asr"]) for g in by_model.groups
    }
    assert all(r[0]["operator"] == "NRI" and r[0]["asr"] > r[1]["asr"] for r in ranked.values())
    assert sum(r[1]["operator"] == "CSR" and r[1]["asr"] > r[2]["asr"] for r in ranked.values()) == 7
    levels = {g["key"]["model"]: [lv["asr"] for lv in g["asr_by_level"]] for g in by_model.groups}
    assert all(lv[3] > lv[0] for lv in levels.values())
    rising = [m for m, lv in levels.items() if lv[0] < lv[1] < lv[2] < lv[3]]
    assert rising == TABLE_3["strictly_rising"]


def test_partial_averages_are_marked(capsys: pytest.CaptureFixture[str]) -> None:
    # DABench has no L0 operator: "Avg." ASR of ROS and of L0 is AIDABench-QA's alone, marked with
    # a dagger and a footnote in the tables and listed under "partial" in JSON; Avg. ASR is complete.
    report = trust.robustness(EXAMPLES / "paper-robustness.jsonl", by="model,dataset")
    gpt = next(a for a in report.dataset_average if a["key"] == {"model": "GPT-5.5"})
    assert gpt["partial"]["of"] == 2
    assert gpt["partial"]["averaged"]["asr_ROS"] == 1 and "asr_EVR" not in gpt["partial"]["averaged"]
    assert "asr" not in gpt["partial"]["averaged"]
    footnote = "† Averages only the datasets where the value exists"
    for rendered in (report.table(), report.to_markdown()):
        assert footnote in rendered
        avg = next(line for line in rendered.splitlines() if "GPT-5.5" in line and "Avg." in line)
        assert "†" in avg
    assert "$^\\dagger$" in report.to_latex()
    out = report_text(capsys, "robustness", "paper-robustness.jsonl", "--format", "json")
    averages = json.loads(out)["dataset_average"]
    assert all(a["partial"]["averaged"] == gpt["partial"]["averaged"] for a in averages)
    # A complete average is printed as before: no mark, no footnote (Table 3's layout).
    latex = report_text(
        capsys, "robustness", "paper-robustness.jsonl", "--format", "latex", "--columns", "ASR,RAD,Avg. ASR"
    )
    assert "dagger" not in latex.split("% ASR by operator and level")[0]


def test_table_2_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    # Every FRR, PRR, NRR and MRS cell of the paper's Table 2 and seven of eight Avg. MRS: the
    # eighth (DeepSeek-V4-Pro) cannot come from counts that give its other cells (paper-table2.json).
    table_2 = json.loads((EXAMPLES / "paper-table2.json").read_text(encoding="utf-8"))
    expected = [list(row) for row in table_2["rows"]]
    for cell in table_2["not_reproducible"]:
        row = next(r for r in expected if r[0] == cell["model"])
        at = table_2["columns"].index(cell["column"])
        assert row[at] == cell["paper"]
        row[at] = cell["rebuilt"]
    out = report_text(
        capsys,
        "reliability",
        "paper-reliability.jsonl",
        *("--format", "latex", "--rows", PAPER_ORDER, "--columns", "FRR,PRR,NRR,MRS,Avg. MRS"),
    )
    assert latex_body(out, "MRS by group") == expected


def test_the_worked_examples_figures_are_what_their_commands_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each figure the example's README shows is the output of the command written above it, so a
    change to the charts or to the labels cannot leave a stale picture behind."""
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    figure_after_command = r"\(`tabeq (trust [^`]+ --format svg)`\):\s*!\[[^\]]*\]\(figures/([\w.-]+\.svg)\)"
    shown = re.findall(figure_after_command, readme)
    assert len(shown) >= 4, shown
    for command, figure in shown:
        args = [str(ROOT / a) if a.startswith("examples/") else a for a in command.split()]
        code, out, err = run(args, capsys)
        assert code == 0, err
        assert out == (EXAMPLES / "figures" / figure).read_text(encoding="utf-8"), figure
