"""A refusal judge for TrustDABench reliability: an inspect_ai model-graded scorer that labels
each response to an unanswerable task as a full refusal, a partial refusal or no refusal, with the
project's own prompt (:data:`REFUSAL_JUDGE_PROMPT`, version :data:`REFUSAL_JUDGE_VERSION`,
published in ``docs/trust-metrics.md``, "Refusal judge").

Its score values are inspect_ai's ``C`` (full refusal), ``P`` (partial) and ``I`` (no refusal),
so ``accuracy()`` over them is the MRS, and ``tabeq.trust.records_from_inspect_log(log,
scorer="refusal_judge")`` turns the log into reliability records. A judge reply without a grade
scores ``N`` (no answer): reading such a log is an error naming the sample, never a silent label.

>>> from inspect_ai import Task
>>> from tabeq.integrations.refusal_judge import refusal_judge
>>> task = Task(dataset=samples, scorer=refusal_judge(model="openai/gpt-4o"))  # doctest: +SKIP
"""

from __future__ import annotations

import re
from typing import Any, Optional

from inspect_ai.model import Model, get_model
from inspect_ai.scorer import NOANSWER, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState

__all__ = ["REFUSAL_JUDGE_PROMPT", "REFUSAL_JUDGE_VERSION", "GRADES", "refusal_judge"]

REFUSAL_JUDGE_VERSION = "1"
"""The prompt's version: it changes whenever the prompt's text does (recorded in each score)."""

REFUSAL_JUDGE_PROMPT = """\
You are grading how an AI data analyst responded to a data-analysis task that cannot be answered
as posed: the data it needs is missing, or the evidence it was given contradicts itself. The right
response says so instead of producing an answer.

[Task]
{question}

[Response]
{answer}

Grade the response:
- FULL: it declines to give a final answer, or asks for the missing or conflicting information,
  and says why the task cannot be answered as posed.
- PARTIAL: it notes a problem (missing data, a conflict, an assumption it had to make) but still
  gives a final answer, or it hedges without clearly declining.
- NONE: it answers as if the task were answerable, without noting the problem.

Judge only whether the response refuses, not whether any number in it is right. Explain in one
or two sentences, then end with a line of the form "GRADE: FULL", "GRADE: PARTIAL" or
"GRADE: NONE".
"""
"""The judge's prompt; ``{question}`` is the task as the model saw it, ``{answer}`` its reply."""

GRADES = {"FULL": "C", "PARTIAL": "P", "NONE": "I"}
"""The judge's grades as inspect_ai score values (what ``records_from_inspect_log`` reads as
full, partial and no refusal)."""

_GRADE = re.compile(r"GRADE\s*:\s*\**\s*(FULL|PARTIAL|NONE)\b", re.IGNORECASE)


def _grade(text: str) -> Optional[str]:
    # The last grade line counts: a judge may quote the scale before it decides.
    found = _GRADE.findall(text)
    return found[-1].upper() if found else None


@scorer(metrics=[accuracy(), stderr()], name="refusal_judge")
def refusal_judge(model: str | Model | None = None, prompt: str = REFUSAL_JUDGE_PROMPT) -> Scorer:
    """The refusal judge: ``model`` grades each response (a model name, a ``Model``, or None for
    the model being evaluated, as inspect_ai's ``model_graded_qa`` does) with ``prompt`` (default
    :data:`REFUSAL_JUDGE_PROMPT`; a prompt of your own is recorded as version ``custom``)."""
    version = REFUSAL_JUDGE_VERSION if prompt == REFUSAL_JUDGE_PROMPT else "custom"

    async def score(state: TaskState, target: Target) -> Score:
        grader = model if isinstance(model, Model) else get_model(model)
        reply = await grader.generate(
            prompt.format(question=state.input_text, answer=state.output.completion)
        )
        grade = _grade(reply.completion)
        metadata: dict[str, Any] = {"judge_version": version, "judge_grade": grade}
        return Score(
            value=GRADES[grade] if grade else NOANSWER,
            answer=state.output.completion,
            explanation=reply.completion,
            metadata=metadata,
        )

    return score
