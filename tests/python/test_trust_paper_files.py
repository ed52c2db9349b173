"""Trust reports for a paper (issue 44): `--output-dir` writes one LaTeX float per table and one
figure per file (SVG, plus PDF and PNG when a converter is installed), `--average` chooses how
"Avg." combines datasets, and the figure options reach the SVGs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tabeq import trust
from tabeq.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "trust"


def test_output_dir_writes_a_file_per_table_and_per_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "paper"
    args = [
        "trust",
        "reliability",
        str(EXAMPLES / "paper-reliability.jsonl"),
        "--by",
        "model,dataset,operator",
    ]
    code = main([*args, "--output-dir", str(out), "--font-size", "9", "--font", "Times"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    report = trust.reliability(EXAMPLES / "paper-reliability.jsonl", by="model,dataset,operator")
    expected = [name for name, _ in report.paper_files()]
    assert sorted(p.name for p in out.glob("*.tex")) == sorted(n for n in expected if n.endswith(".tex"))
    svgs = sorted(out.glob("*.svg"))
    assert [p.name for p in svgs] == sorted(n for n in expected if n.endswith(".svg"))
    assert "reliability-response-modes-by-model.svg" in [p.name for p in svgs]
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert text.count("<svg") == 1 and 'width="240pt"' in text and 'font-size="9"' in text
        assert 'font-family="Times"' in text
    for tex in out.glob("*.tex"):
        text = tex.read_text(encoding="utf-8")
        assert text.count("\\begin{table") == 1 and "\\label{tab:" in text and "% requires:" in text
    converter = shutil.which("rsvg-convert")
    if converter:
        assert "PDF and PNG by rsvg-convert" in captured.err
        for svg in svgs:
            assert svg.with_suffix(".pdf").read_bytes().startswith(b"%PDF")
            assert svg.with_suffix(".png").read_bytes().startswith(b"\x89PNG")
    else:
        assert "SVG only" in captured.err and not list(out.glob("*.pdf"))


def test_write_paper_without_conversion_writes_svg_only(tmp_path: Path) -> None:
    report = trust.robustness(EXAMPLES / "paper-robustness.jsonl")
    files = trust.write_paper(report, tmp_path, width_pt=300, convert=False)
    assert files.converter is None
    assert {p.suffix for p in files.paths} == {".tex", ".svg"}
    assert all(p.parent == tmp_path for p in files.paths)
    assert 'width="300pt"' in (tmp_path / "robustness-asr-by-level.svg").read_text(encoding="utf-8")
    with pytest.raises(trust.TrustError) as caught:
        trust.write_paper(report, tmp_path, width_pt=5)
    assert caught.value.code == "invalid_options"


def test_average_datasets_reproduces_the_paper_and_pooled_differs(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "paper-reliability.jsonl"

    def gpt(report: trust.ReliabilityReport) -> str:
        row = next(a for a in report.dataset_average if a["key"] == {"model": "GPT-5.5"})
        return f"{100 * row['mrs']:.2f}"

    assert gpt(trust.reliability(path)) == "24.21"  # the paper's Avg. MRS
    assert gpt(trust.reliability(path, average="datasets")) == "24.21"
    assert gpt(trust.reliability(path, average="pooled")) == "24.27"
    code = main(["trust", "reliability", str(path), "--average", "pooled"])
    out = capsys.readouterr().out
    assert code == 0 and "records pooled across datasets" in out
    with pytest.raises(SystemExit) as exited:  # argparse: not a choice
        main(["trust", "reliability", str(path), "--average", "mean"])
    assert exited.value.code == 2
    with pytest.raises(trust.TrustError) as caught:
        trust.reliability(path, average="mean")
    assert caught.value.code == "invalid_options"
