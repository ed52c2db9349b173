"""An inspect_ai scorer: the sample's ``target`` is the gold CSV text, its config is the
scorer's ``config`` or the sample's ``metadata["tabeq_config"]``::

    from inspect_ai import Task
    from inspect_ai.dataset import Sample
    from inspect_ai.solver import generate
    from tabeq.integrations.inspect_ai import table_scorer

    Task(dataset=[Sample(input="...", target=gold_csv, metadata={"tabeq_config": config})],
         solver=generate(), scorer=table_scorer())

Each score is ``C``/``I`` (``accuracy()`` and ``stderr()`` aggregate them), with the
extracted table as ``answer``, the diagnosis summary as ``explanation``, and the error code,
column mapping and partial credit in ``metadata``.
"""

from __future__ import annotations

from typing import Any, Optional

from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState

from .. import ConfigLike, extract_table
from ._common import gold_for

__all__ = ["table_scorer", "CONFIG_KEY"]

CONFIG_KEY = "tabeq_config"
"""The sample metadata key that holds a sample's config."""


@scorer(metrics=[accuracy(), stderr()])
def table_scorer(config: Optional[ConfigLike] = None) -> Scorer:
    """Score the table in the model's output against the target gold (the official verdict)."""

    async def score(state: TaskState, target: Target) -> Score:
        sample_config: Any = config if config is not None else state.metadata.get(CONFIG_KEY)
        if sample_config is None:
            raise ValueError(f"no config: pass table_scorer(config=...) or set metadata[{CONFIG_KEY!r}]")
        gold = gold_for(target.text, sample_config)
        table = extract_table(state.output.completion)
        result = gold.evaluate(table)
        credit = gold.partial_credit([table])[0]
        if table is None:
            explanation = "no table found in the output (missing_prediction)"
        else:
            explanation = result.explain(hints=False).summary
        return Score(
            value=CORRECT if result.passed else INCORRECT,
            answer=None if table is None else table.decode("utf-8", "replace"),
            explanation=explanation,
            metadata={
                "error_code": result.error_code,
                "column_mapping": result.column_mapping,
                "partial_credit": credit.to_dict(),
            },
        )

    return score
