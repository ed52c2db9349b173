"""The refusal judge (issue 44): a real inspect_ai eval, the evaluated model and the judge both
inspect_ai's offline ``mockllm/model``; the judge's grades reach MRS through the log, and the
prompt the docs publish is the one the scorer sends."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("inspect_ai", reason="the refusal judge is an inspect_ai scorer (make integrations)")

ROOT = Path(__file__).resolve().parents[2]


def mock(replies: list[str]) -> Any:
    """inspect_ai's offline mock model answering `replies` in turn (with token usage, so that
    inspect_ai counts no tokens itself: that would download an encoding)."""
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    outputs = [ModelOutput.from_content(model="mockllm/model", content=r) for r in replies]
    for output in outputs:
        output.usage = ModelUsage(input_tokens=10, output_tokens=10, total_tokens=20)
    return get_model("mockllm/model", custom_outputs=outputs)


def test_the_judges_labels_reach_mrs(tmp_path: Path) -> None:
    from inspect_ai import Task, eval
    from inspect_ai.dataset import Sample
    from inspect_ai.solver import generate
    from tabeq import trust
    from tabeq.integrations.refusal_judge import REFUSAL_JUDGE_VERSION, refusal_judge

    ops = [("FDM", "aida"), ("EC", "aida"), ("HC", "dabench"), ("DM", "dabench")]
    samples = [
        Sample(id=i, input=f"What is the mean of column x{i}?", metadata={"operator": op, "dataset": ds})
        for i, (op, ds) in enumerate(ops, 1)
    ]
    answers = [
        "The file has no column x1, so I cannot compute it.",
        "42",
        "17.5",
        "It is 3 (x4 looked partly empty).",
    ]
    verdicts = [
        "It declines and says why.\nGRADE: FULL",
        "It answers directly.\nGRADE: NONE",
        "Scale: GRADE: FULL means ... It answers.\nGRADE: none",
        "It notes a problem but answers.\nGRADE: **PARTIAL**",
    ]
    evaluated, judge = mock(answers), mock(verdicts)
    task = Task(dataset=samples, solver=generate(), scorer=refusal_judge(model=judge), name="refusals")
    (log,) = eval(task, model=evaluated, log_dir=str(tmp_path / "logs"), display="none", max_samples=1)
    assert log.status == "success" and log.samples is not None
    scores = [s.scores["refusal_judge"] for s in log.samples]
    assert [s.value for s in scores] == ["C", "I", "I", "P"]
    assert all(s.metadata["judge_version"] == REFUSAL_JUDGE_VERSION for s in scores)
    # accuracy() over C/P/I is the MRS: (1 + 0 + 0 + 0.5) / 4.
    assert log.results is not None
    assert log.results.scores[0].metrics["accuracy"].value == pytest.approx(0.375)
    records = trust.records_from_inspect_log(str(log.location), scorer="refusal_judge")
    assert [r["label"] for r in records] == ["full", "none", "none", "partial"]
    report = trust.reliability(records, by="dataset")
    assert {g["key"]["dataset"]: g["mrs"] for g in report.groups} == {"aida": 0.5, "dabench": 0.25}
    # End to end: the judged log to the paper's table and figures, written for the paper.
    report = trust.reliability(records, by="model,dataset,operator")
    files = trust.write_paper(report, tmp_path / "paper", convert=False)
    names = {p.name for p in files.paths}
    assert {"reliability-groups.tex", "reliability-response-modes-by-model.svg"} <= names
    table = (tmp_path / "paper" / "reliability-groups.tex").read_text(encoding="utf-8")
    assert "mockllm/model" in table and "\\label{tab:reliability-groups}" in table


def test_a_reply_without_a_grade_is_no_label(tmp_path: Path) -> None:
    from inspect_ai import Task, eval
    from inspect_ai.dataset import Sample
    from inspect_ai.solver import generate
    from tabeq import trust
    from tabeq.integrations.refusal_judge import refusal_judge

    samples = [Sample(id=1, input="q", metadata={"operator": "FDM", "dataset": "d"})]
    evaluated, judge = mock(["42"]), mock(["Unsure."])
    task = Task(dataset=samples, solver=generate(), scorer=refusal_judge(model=judge), name="refusals")
    (log,) = eval(task, model=evaluated, log_dir=str(tmp_path / "logs"), display="none")
    assert log.samples is not None and log.samples[0].scores is not None
    assert log.samples[0].scores["refusal_judge"].value == "N"
    with pytest.raises(trust.TrustError):
        trust.records_from_inspect_log(str(log.location), scorer="refusal_judge")


def test_the_docs_publish_the_prompt_the_judge_sends() -> None:
    from tabeq.integrations.refusal_judge import REFUSAL_JUDGE_PROMPT, REFUSAL_JUDGE_VERSION

    docs = (ROOT / "docs" / "trust-metrics.md").read_text(encoding="utf-8")
    section = docs.split("## Refusal judge", 1)[1]
    published = re.search(r"```text\n(.*?)```", section, flags=re.S)
    assert published is not None and published.group(1) == REFUSAL_JUDGE_PROMPT
    assert f"version {REFUSAL_JUDGE_VERSION}" in section
