"""An inspect_ai scorer: the sample's ``target`` is the gold CSV text, its config is the
scorer's ``config`` or the sample's ``metadata["tabeq_config"]``::

    from inspect_ai import Task
    from inspect_ai.dataset import Sample
    from inspect_ai.solver import generate
    from tabeq.integrations.inspect_ai import table_scorer

    Task(dataset=[Sample(input="...", target=gold_csv, metadata={"tabeq_config": config})],
         solver=generate(), scorer=table_scorer())

Each score is ``C``/``I`` (``accuracy()`` and ``stderr()`` aggregate them), with the
extracted table as ``answer``, the participant-safe diagnosis summary as ``explanation`` and the
error code and column mapping in ``metadata``.

Eval logs are read by people and fed back to models (an agent's retry loop, an RL policy), so
by default nothing in a ``Score`` is derived from gold values beyond the official verdict: the
explanation names the kind of problem only (``redaction="participant"``), and partial credit
(whose row counts would let repeated answers home in on the gold) is left out. The operator
opts in with ``redaction="redacted"`` or ``"full"`` and ``partial_credit=True``.
"""

from __future__ import annotations

from typing import Any, Optional

from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState

from .. import ConfigLike, _tabeq, extract_table
from ..explain import REDACTIONS, Redaction
from ._common import MissingKeyError, gold_for, logging_errors

__all__ = ["table_scorer", "CONFIG_KEY"]

CONFIG_KEY = "tabeq_config"
"""The sample metadata key that holds a sample's config."""


@scorer(metrics=[accuracy(), stderr()])
def table_scorer(
    config: Optional[ConfigLike] = None, *, redaction: Redaction = "participant", partial_credit: bool = False
) -> Scorer:
    """Score the table in the model's output against the target gold (the official verdict).

    ``redaction`` is the level of the diagnosis in ``explanation`` (``tabeq.explain.Redaction``:
    ``"participant"`` by default); ``partial_credit=True`` adds the partial credit to
    ``metadata``. Both reveal the gold to whoever reads the log when raised."""
    if redaction not in REDACTIONS:
        choices = list(REDACTIONS)
        raise ValueError(
            _tabeq.message("not_one_of", what="redaction", choices=choices, value=repr(redaction))
        )

    async def score(state: TaskState, target: Target) -> Score:
        with logging_errors("tabeq.integrations.inspect_ai"):
            return scored(state, target)

    def scored(state: TaskState, target: Target) -> Score:
        sample_config: Any = config if config is not None else state.metadata.get(CONFIG_KEY)
        if sample_config is None:
            places = [f"metadata[{CONFIG_KEY!r}]"]
            message = _tabeq.message("no_config", argument="table_scorer(config=...)", places=places)
            raise MissingKeyError(message)
        gold = gold_for(target.text, sample_config)
        table = extract_table(state.output.completion)
        result = gold.evaluate(table)
        if table is None:
            explanation = "no table found in the output (missing_prediction)"
        else:
            explanation = result.explain(hints=redaction != "participant", redaction=redaction).summary
        metadata: dict[str, Any] = {"error_code": result.error_code, "column_mapping": result.column_mapping}
        if partial_credit:
            metadata["partial_credit"] = gold.partial_credit([table])[0].to_dict()
        return Score(
            value=CORRECT if result.passed else INCORRECT,
            answer=None if table is None else table.decode("utf-8", "replace"),
            explanation=explanation,
            metadata=metadata,
        )

    return score
