"""`tabeq trust` for a paper (issue 25): LaTeX of both tracks with the layout options, --strict
per (dataset, operator), comparisons within each dataset, one chart series per model."""

from __future__ import annotations

import json
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
    main_table = out.split("% MRS by group\n")[1].split("\\end{tabular}")[0]
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
    assert main_table.startswith("\\begin{tabular}{lrrrrr}\n\\toprule\n")
    assert "Avg. ASR $\\downarrow$" in main_table
    first = main_table.split("\\midrule\n")[1].splitlines()[0]
    assert first.endswith("\\textbf{19.4} \\\\"), first
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
