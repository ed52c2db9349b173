"""The harness adapters of ``tabeq.integrations``.

* docs/integrations.md: every ``python`` block runs (each in a fresh namespace, in a temporary
  directory). They include a real inspect_ai ``eval`` with its offline mock model and a local
  Ray instance scoring rollouts with actors holding one ``Gold``.
* lm-evaluation-harness runs for real: ``simple_evaluate`` with a custom model on the task YAML of
  docs/integrations.md (lm-eval 0.4.13 installs without torch).
* Harnesses that pull in torch (TRL, verl) are not installed; their adapters are called here
  exactly as the harness's call site calls them, and the verl adapter is loaded by file path the
  way verl's custom reward loader loads it (cited per test).

These harnesses install only for this file: ``make test-integrations`` (requirements-integrations.txt).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import tabeq
from conftest import REPO, fixture_config

DOC = REPO / "docs" / "integrations.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", flags=re.MULTILINE | re.DOTALL)


def doc_blocks(language: str) -> list[str]:
    """The blocks in `language`, each preceded by blank lines so that tracebacks give the
    line numbers of the document."""
    text = DOC.read_text(encoding="utf-8")
    return [
        "\n" * text.count("\n", 0, m.start(2)) + m.group(2)
        for m in FENCE.finditer(text)
        if m.group(1) == language
    ]


PYTHON_BLOCKS = doc_blocks("python")


def block_id(block: str) -> str:
    imports = re.findall(r"^from (tabeq\.integrations\.\w+|inspect_ai|ray)\b|^import (ray)\b", block, re.M)
    names = [a or b for a, b in imports]
    return names[0] if names else block.strip().split("\n", 1)[0][:30]


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[block_id(b) for b in PYTHON_BLOCKS])
def test_doc_example_runs(block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(block, str(DOC), "exec"), {"__name__": "__doc_example__"})


def test_every_harness_has_an_example() -> None:
    text = "\n".join(PYTHON_BLOCKS)
    for needle in (
        "from inspect_ai import Task, eval",
        "tabeq.integrations.trl",
        "tabeq.integrations.verifiers",
        "tabeq.integrations.verl",
        "tabeq.integrations.lm_eval",
        "ray.init(num_cpus=2",
    ):
        assert needle in text, needle


CONFIG: dict[str, Any] = fixture_config("region_gdp")
GOLD = "region,gdp\nNorth,1.25\nSouth,2\n"
RIGHT = "```csv\nGDP,Region\n2.0,South\n1.3,North\n```"
HALF = "| region | gdp |\n|---|---|\n| North | 1.3 |\n| West | 2 |\n"


def test_trl_reward_as_grpo_trainer_calls_it() -> None:
    # huggingface/trl, trl/trainer/grpo_trainer.py, GRPOTrainer._calculate_rewards (the form of
    # recent TRL releases; TRL is not installed here, it needs torch):
    #     keys = [key for key in inputs[0] if key not in ["prompt", "completion", "completion_ids"]]
    #     reward_kwargs = {key: [example[key] for example in inputs] for key in keys}
    #     output_reward_func = reward_func(
    #         prompts=prompts, completions=completions, completion_ids=completion_ids_list, **reward_kwargs)
    # `inputs` holds one dataset row per generation (a prompt's row repeated num_generations times).
    from tabeq.integrations.trl import reward_function

    rows = [{"prompt": "p1", "gold": GOLD, "config": CONFIG}] * 3 + [
        {"prompt": "p2", "gold": "region,gdp\nEast,5\n", "config": CONFIG}
    ] * 3
    completions = [RIGHT, HALF, "no table", "```csv\nr,g\nEast,5.0\n```", RIGHT, ""]
    keys = [key for key in rows[0] if key not in ["prompt", "completion", "completion_ids"]]
    reward_kwargs = {key: [example[key] for example in rows] for key in keys}
    prompts = [r["prompt"] for r in rows]
    completion_ids_list = [[1, 2, 3]] * len(rows)
    for reward_func, expected in (
        (reward_function(), [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]),
        (reward_function(dense=True), [1.0, 0.5, 0.0, 1.0, 0.0, 0.0]),
    ):
        output = reward_func(
            prompts=prompts, completions=completions, completion_ids=completion_ids_list, **reward_kwargs
        )
        assert output == expected
        # Conversational datasets: each completion is a list of messages.
        chat = [[{"role": "assistant", "content": c}] for c in completions]
        assert (
            reward_func(
                prompts=prompts, completions=chat, completion_ids=completion_ids_list, **reward_kwargs
            )
            == expected
        )
    # A config for every row, given once.
    fixed = reward_function(config=CONFIG)
    assert fixed(prompts=["p"], completions=[RIGHT], gold=[GOLD]) == [1.0]
    with pytest.raises(KeyError, match="gold"):
        fixed(prompts=["p"], completions=[RIGHT])


def test_verifiers_reward_as_a_rubric_calls_it() -> None:
    # willccbb/verifiers, docs/source/rubrics.md ("Function Signatures"): a Rubric passes a
    # reward function the parameters it names among prompt, completion, answer, state, task
    # (and info), all of them when it takes **kwargs; completion is a string or messages.
    from tabeq.integrations.verifiers import reward_function

    reward = reward_function()
    state: dict[str, Any] = {"responses": []}
    kwargs = {"prompt": [{"role": "user", "content": "q"}], "state": state, "task": "tables"}
    messages = [{"role": "user", "content": "q"}, {"role": "assistant", "content": RIGHT}]
    assert reward(completion=messages, answer=GOLD, info={"tabeq_config": CONFIG}, **kwargs) == 1.0
    assert reward(completion=HALF, answer=GOLD, info={"tabeq_config": CONFIG}, **kwargs) == 0.0
    assert reward_function(dense=True)(completion=HALF, answer=GOLD, info={"tabeq_config": CONFIG}) == 0.5
    assert reward_function(config=CONFIG)(completion=RIGHT, answer=GOLD) == 1.0
    with pytest.raises(KeyError, match="tabeq_config"):
        reward(completion=RIGHT, answer=GOLD, info={})


def test_verifiers_task_reward_through_the_real_task_score() -> None:
    # verifiers 0.4.0 (requirements-integrations.txt), verifiers/v1/task.py, Task.score: it
    # collects the @vf.reward methods (utils/decorators.py, discover_decorated) and awaits each
    # through invoke(fn, {"task": self.data, "trace": trace}), then trace.record_reward(name,
    # value, weight); trace.reward is the weighted total. Offline (no runtime), as cli/validate.py
    # builds its Trace.
    import asyncio

    import verifiers
    import verifiers.v1 as vf
    from tabeq.integrations.verifiers import task_reward
    from verifiers.v1.state import state_cls
    from verifiers.v1.trace import TraceTask

    assert verifiers.__version__ == "0.4.0"

    class TableData(vf.TaskData):  # type: ignore[misc]
        answer: str
        tabeq_config: dict[str, Any] | None = None

    class TableTask(vf.Task[TableData]):  # type: ignore[misc]
        table = vf.reward(task_reward(), weight=1.0)

    class DenseTask(vf.Task[TableData]):  # type: ignore[misc]
        table = vf.reward(task_reward(config=CONFIG, dense=True), weight=2.0)

    def scored(task: Any, reply: str) -> Any:
        trace = vf.Trace(
            task=TraceTask(type=type(task).__name__, data=task.data, key=task.key, hash=task.hash),
            state=state_cls(type(task))(),
            agent=vf.AgentInfo(config=vf.AgentConfig(), name="test", trainable=False),
            root_reply=reply,
        )
        asyncio.run(task.score(trace))
        return trace

    with_config = TableData(prompt="q", answer=GOLD, tabeq_config=CONFIG)
    right = scored(TableTask(with_config), RIGHT)
    assert right.rewards["tabeq_table"].score == 1.0
    assert right.reward == 1.0
    assert scored(TableTask(with_config), HALF).reward == 0.0
    dense = scored(DenseTask(TableData(prompt="q", answer=GOLD)), HALF)
    assert (dense.rewards["tabeq_table"].score, dense.rewards["tabeq_table"].weight) == (0.5, 2.0)
    # No config anywhere: Task.score raises verifiers' TaskError around the adapter's KeyError.
    with pytest.raises(Exception, match="tabeq_config"):
        scored(TableTask(TableData(prompt="q", answer=GOLD)), RIGHT)


def test_verl_compute_score_as_the_reward_manager_calls_it() -> None:
    # volcengine/verl, verl/workers/reward_manager/naive.py, NaiveRewardManager.__call__:
    #     ground_truth = data_item.non_tensor_batch["reward_model"]["ground_truth"]
    #     data_source = data_item.non_tensor_batch[self.reward_fn_key]
    #     extra_info = data_item.non_tensor_batch.get("extra_info", {})
    #     extra_info["num_turns"] = num_turns
    #     score = self.compute_score(data_source=data_source, solution_str=response_str,
    #                                ground_truth=ground_truth, extra_info=extra_info)
    # (verl is not installed here: it needs torch.)
    from tabeq.integrations.verl import compute_score

    non_tensor_batch = {
        "data_source": "tabeq/gdp",
        "reward_model": {"ground_truth": {"gold": GOLD, "config": CONFIG}},
        "extra_info": {"index": 7},
    }
    for response_str, expected in ((RIGHT, 1.0), (HALF, 0.0), ("", 0.0)):
        extra_info = dict(non_tensor_batch.get("extra_info", {}))  # type: ignore[call-overload]
        extra_info["num_turns"] = None
        score = compute_score(
            data_source=non_tensor_batch["data_source"],
            solution_str=response_str,
            ground_truth=non_tensor_batch["reward_model"]["ground_truth"],  # type: ignore[index]
            extra_info=extra_info,
        )
        assert score == expected
    dense = compute_score("tabeq/gdp", HALF, {"gold": GOLD, "config": CONFIG}, {"tabeq_dense": True})
    assert dense == 0.5
    # The config may come with extra_info instead; ground_truth may be JSON text.
    assert (
        compute_score(
            "s", RIGHT, '{"gold": "region,gdp\\nNorth,1.25\\nSouth,2\\n"}', {"tabeq_config": CONFIG}
        )
        == 1.0
    )
    with pytest.raises(ValueError, match="ground_truth"):
        compute_score("s", RIGHT, "{not json}")
    with pytest.raises(ValueError, match="ground_truth"):
        compute_score("s", RIGHT, ["a list"])


def load_like_verl(path: str, function_name: str, module_name: str) -> Any:
    """What verl's custom reward loader does with ``custom_reward_function.path`` and ``.name``
    (verl is not installed here: its package imports torch). volcengine/verl,
    verl/trainer/ppo/reward.py, get_custom_reward_fn (module name "custom_module"), and since
    verl/utils/import_utils.py, load_module + load_extern_object (module name
    "custom_module_<hash of the path>"): the file becomes a module of its own, outside any
    package, through importlib.util.spec_from_file_location / module_from_spec /
    spec.loader.exec_module; the function is then getattr(module, name)."""
    import importlib.util
    import sys

    assert os.path.exists(path)
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[module_name]
    return getattr(module, function_name)


@pytest.mark.parametrize("module_name", ["custom_module", "custom_module_8315731"])
def test_verl_loads_the_adapter_by_file_path_and_scores(module_name: str) -> None:
    # The path docs/integrations.md tells users to give verl: the module's file.
    import tabeq.integrations.verl as verl_module

    path = verl_module.__file__
    assert path is not None and os.path.isfile(path)
    compute_score = load_like_verl(path, "compute_score", module_name)
    assert compute_score.__module__ == module_name  # loaded from the file, not the package
    truth = {"gold": GOLD, "config": CONFIG}
    assert (
        compute_score(data_source="tabeq/gdp", solution_str=RIGHT, ground_truth=truth, extra_info={}) == 1.0
    )
    assert compute_score("tabeq/gdp", HALF, truth, {"tabeq_dense": True}) == 0.5


def test_lm_eval_process_results_as_the_evaluator_calls_it() -> None:
    # EleutherAI/lm-evaluation-harness, lm_eval/evaluator.py (evaluate):
    #     metrics = task.process_results(doc, [req.filtered_resps[filter_key] for req in requests])
    # and lm_eval/api/task.py, ConfigurableTask.process_results, which calls the YAML's
    # `process_results: !function utils.process_results` as `self.config.process_results(doc, results)`;
    # each returned metric is aggregated by its `aggregation` (mean) over the documents.
    # (replayed here; test_lm_eval_simple_evaluate_with_the_documented_task runs the harness itself.)
    from tabeq.integrations.lm_eval import make_process_results, process_results

    docs = [
        {"question": "gdp?", "gold": GOLD, "config": CONFIG},
        {"question": "gdp?", "gold": GOLD, "config": CONFIG},
    ]
    responses = [[RIGHT], [HALF]]
    # Only the official score by default: the row F1 is a per-row oracle (SECURITY.md).
    assert [process_results(doc, filtered) for doc, filtered in zip(docs, responses)] == [
        {"table_match": 1.0},
        {"table_match": 0.0},
    ]
    dense = make_process_results(dense=True)
    per_doc = [dense(doc, filtered) for doc, filtered in zip(docs, responses)]
    assert per_doc == [{"table_match": 1.0, "row_f1": 1.0}, {"table_match": 0.0, "row_f1": 0.5}]
    mean = {key: sum(m[key] for m in per_doc) / len(per_doc) for key in per_doc[0]}
    assert mean == {"table_match": 0.5, "row_f1": 0.75}
    custom = make_process_results(gold_key="answer", config_key="cfg")
    assert custom({"answer": GOLD, "cfg": CONFIG}, [RIGHT])["table_match"] == 1.0


def test_lm_eval_task_yaml_names_the_helper_and_its_metrics() -> None:
    import yaml  # installed with lm-eval and inspect_ai (requirements-integrations.txt)

    class Loader(yaml.SafeLoader):
        pass

    def function(loader: Any, node: Any) -> str:
        return f"!function {loader.construct_scalar(node)}"

    Loader.add_constructor("!function", function)
    (block,) = doc_blocks("yaml")
    task = yaml.load(block, Loader=Loader)  # noqa: S506 - a safe loader with one tag added
    assert task["output_type"] == "generate_until"
    assert task["process_results"] == "!function utils.process_results"
    from tabeq.integrations.lm_eval import process_results

    metrics = process_results({"gold": GOLD, "config": CONFIG}, [RIGHT])
    assert [m["metric"] for m in task["metric_list"]] == list(metrics)
    assert all(m["aggregation"] == "mean" for m in task["metric_list"])


def test_adapters_share_one_prepared_gold_per_gold_and_config() -> None:
    from tabeq.integrations import gold_for, score_texts

    first = gold_for(GOLD, CONFIG)
    assert gold_for(GOLD.encode(), dict(CONFIG)) is first
    assert gold_for(GOLD, tabeq.TaskConfig.from_dict(CONFIG)) is not None
    assert score_texts([RIGHT, HALF], [GOLD, GOLD], [CONFIG, CONFIG]) == [1.0, 0.0]
    with pytest.raises(tabeq.ArgumentError, match="2 completions") as raised:
        score_texts([RIGHT, HALF], [GOLD], [CONFIG])
    assert raised.value.code in tabeq.error_codes()


def test_lm_eval_simple_evaluate_with_the_documented_task(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # lm-eval 0.4.13 for real: the task YAML of docs/integrations.md with its `utils.py`, a local
    # JSON-lines dataset, and a custom model (lm_eval.api.model.LM) that answers each question
    # with a canned reply; simple_evaluate aggregates process_results' metrics by their mean.
    import json

    for variable in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE"):
        monkeypatch.setenv(variable, "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    import lm_eval
    from lm_eval.api.model import LM
    from lm_eval.tasks import TaskManager

    monkeypatch.chdir(tmp_path)
    (tmp_path / "tables.yaml").write_text(doc_blocks("yaml")[0], encoding="utf-8")
    (tmp_path / "utils.py").write_text("from tabeq.integrations.lm_eval import process_results\n")
    rows = [
        {"question": "Which region had which GDP?", "gold": GOLD, "config": json.dumps(CONFIG)},
        {"question": "And now with the west?", "gold": GOLD, "config": json.dumps(CONFIG)},
    ]
    replies = {"Which region": RIGHT, "And now": HALF}
    (tmp_path / "tables.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")

    class CannedReplies(LM):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.prompts: list[str] = []

        def generate_until(self, requests: list[Any], disable_tqdm: bool = False) -> list[str]:
            answers = []
            for request in requests:
                context, _generation_kwargs = request.args
                self.prompts.append(context)
                answers.append(next(reply for start, reply in replies.items() if context.startswith(start)))
            return answers

        def loglikelihood(self, requests: list[Any], disable_tqdm: bool = False) -> list[Any]:
            raise AssertionError("a generate_until task asks for generations only")

        def loglikelihood_rolling(self, requests: list[Any], disable_tqdm: bool = False) -> list[Any]:
            raise AssertionError("a generate_until task asks for generations only")

    model = CannedReplies()
    results = lm_eval.simple_evaluate(
        model=model, tasks=["tabeq_tables"], task_manager=TaskManager(include_path=str(tmp_path))
    )
    assert results is not None
    metrics = results["results"]["tabeq_tables"]
    assert metrics["table_match,none"] == 0.5
    assert "row_f1,none" not in metrics  # no graded metric unless asked for (dense=True)
    assert len(model.prompts) == 2 and all("csv" in p for p in model.prompts)


def inspect_scores(replies: list[str], gold: str, tmp_path: Path, **scorer_options: Any) -> list[Any]:
    """The ``Score`` of each reply from a real inspect_ai ``eval`` with its offline mock model."""
    from inspect_ai import Task, eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import ModelOutput, ModelUsage, get_model
    from inspect_ai.solver import generate
    from tabeq.integrations.inspect_ai import table_scorer

    config = tabeq.TaskConfig([tabeq.text("city"), tabeq.number("population", integer=True)]).to_dict()
    samples = [Sample(input="Populations?", target=gold, metadata={"tabeq_config": config}) for _ in replies]
    outputs = [ModelOutput.from_content(model="mockllm/model", content=r) for r in replies]
    for output in outputs:
        output.usage = ModelUsage(input_tokens=10, output_tokens=10, total_tokens=20)
    model = get_model("mockllm/model", custom_outputs=outputs)
    task = Task(dataset=samples, solver=generate(), scorer=table_scorer(**scorer_options))
    (log,) = eval(task, model=model, log_dir=str(tmp_path / "logs"), display="none")
    assert log.status == "success" and log.samples is not None
    return [sample.scores["table_scorer"] for sample in log.samples]


def test_inspect_ai_scores_hold_no_gold_only_value_by_default(tmp_path: Path) -> None:
    gold = "city,population\nBergen,291940\nOslo,709037\nTromsø,77544\n"
    gold_only = ["Bergen", "291940", "Oslo", "709037", "Tromsø", "77544"]
    # Near misses whose diagnosis under other levels quotes or hints at the gold: letter case,
    # a missing row, a wrong number, a row too many, values in the wrong columns.
    replies = [
        "```csv\ncity,population\nOSLO,709037\nbergen,291940\ntromsø,77544\n```",
        "```csv\ncity,population\nOslo,709037\nBergen,291940\n```",
        "```csv\ncity,population\nOslo,709037\nBergen,291941\nTromsø,77544\n```",
        "```csv\ncity,population\nOslo,709037\nBergen,291940\nTromsø,77544\nParis,1\n```",
        "```csv\npopulation,city\nOslo,709037\n```",
        "no table here",
    ]
    scores = inspect_scores(replies, gold, tmp_path)
    assert [s.value for s in scores] == ["I"] * len(replies)
    for reply, score in zip(replies, scores):
        shown = " ".join([str(score.explanation), repr(score.metadata), str(score.answer)])
        leaked = [v for v in gold_only if v in shown and v not in reply]
        assert not leaked, (reply, shown)
        assert "partial_credit" not in score.metadata
        assert "would pass" not in shown and "letter case" not in shown
    # The operator opts in: gold-derived counts and partial credit come back.
    (opted,) = inspect_scores(replies[:1], gold, tmp_path, redaction="full", partial_credit=True)
    assert "partial_credit" in opted.metadata
    assert "Bergen" in opted.explanation or "letter case" in opted.explanation


def inspect_log(
    tmp_path: Path, model_name: str, samples: list[Any], replies: list[str], scorer: Any, log_format: str
) -> str:
    """A real inspect_ai eval of `samples` answered by the offline mock model; the log's path."""
    from inspect_ai import Task, eval
    from inspect_ai.model import ModelOutput, ModelUsage, get_model
    from inspect_ai.solver import generate

    outputs = [ModelOutput.from_content(model=model_name, content=r) for r in replies]
    for output in outputs:
        output.usage = ModelUsage(input_tokens=10, output_tokens=10, total_tokens=20)
    model = get_model(model_name, custom_outputs=outputs)
    task = Task(dataset=samples, solver=generate(), scorer=scorer, name="trust")
    (log,) = eval(task, model=model, log_dir=str(tmp_path / "logs"), log_format=log_format, display="none")
    assert log.status == "success"
    assert log.location.endswith("." + log_format)
    return str(log.location)


def test_inspect_logs_become_reliability_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Refusal judged by inspect_ai's `includes` scorer (C when the reply holds the target, I when
    # not): C is a full refusal, I none. Two models, one log each, in both log formats.
    from inspect_ai.dataset import Sample
    from inspect_ai.scorer import includes
    from tabeq import trust
    from tabeq.cli import main

    ops = [("FDM", "aida"), ("EC", "aida"), ("HC", "dabench"), ("DM", "dabench")]
    samples = [
        Sample(id=i, input="q", target="cannot answer", metadata={"operator": op, "dataset": ds})
        for i, (op, ds) in enumerate(ops, 1)
    ]
    no, yes = "The answer is 42.", "I cannot answer: the column is missing."
    a = inspect_log(tmp_path, "mockllm/a", samples, [yes, no, no, yes], includes(), "eval")
    b = inspect_log(tmp_path, "mockllm/b", samples, [yes, yes, no, no], includes(), "json")
    records = trust.records_from_inspect_log([a, b])
    assert records[:2] == [
        {"model": "mockllm/a", "dataset": "aida", "operator": "FDM", "instance_id": "1", "label": "full"},
        {"model": "mockllm/a", "dataset": "aida", "operator": "EC", "instance_id": "2", "label": "none"},
    ]
    assert [r["label"] for r in records] == ["full", "none", "none", "full", "full", "full", "none", "none"]
    report = trust.reliability(records, by="model,dataset", strict=True)
    mrs = {(g["key"]["model"], g["key"]["dataset"]): g["mrs"] for g in report.groups}
    assert mrs == {
        ("mockllm/a", "aida"): 0.5,
        ("mockllm/a", "dabench"): 0.5,
        ("mockllm/b", "aida"): 1.0,
        ("mockllm/b", "dabench"): 0.0,
    }
    # The command line reads the same logs.
    assert main(["trust", "reliability", "--inspect-log", a, "--inspect-log", b, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == report.to_dict()
    # Renamed metadata keys; a missing one names the sample and the key.
    with pytest.raises(trust.TrustError, match=r"sample 1 \(epoch 1\): no operator \(sample metadata `op`\)"):
        trust.records_from_inspect_log(a, fields={"operator": "op"})


def test_inspect_logs_with_tabeq_scorer_become_robustness_records(tmp_path: Path) -> None:
    # The original question and its perturbations keep the gold (the metric's definition), so
    # tabeq's table_scorer grades every reply against the same table: C is correct, I is not.
    from inspect_ai.dataset import Sample
    from tabeq import trust
    from tabeq.integrations.inspect_ai import table_scorer

    config = tabeq.TaskConfig([tabeq.text("city"), tabeq.number("population", integer=True)]).to_dict()
    gold = "city,population\nBergen,291940\nOslo,709037\n"
    right = "```csv\ncity,population\nOslo,709037\nBergen,291940\n```"
    wrong = "```csv\ncity,population\nOslo,709037\n```"
    meta: list[dict[str, Any]] = [
        {"question_id": "q1"},
        {"question_id": "q1", "perturbation_id": "q1-ros", "operator": "ROS"},
        {"question_id": "q1", "perturbation_id": "q1-nri", "operator": "NRI"},
        {"question_id": "q2"},
        {"question_id": "q2", "perturbation_id": "q2-nri", "operator": "NRI"},
    ]
    samples = [
        Sample(id=i, input="Populations?", target=gold, metadata={**m, "tabeq_config": config})
        for i, m in enumerate(meta, 1)
    ]
    log = inspect_log(
        tmp_path, "mockllm/model", samples, [right, right, wrong, right, wrong], table_scorer(), "eval"
    )
    records = trust.records_from_inspect_log(log, "robustness", dataset="d")
    assert [(r["question_id"], r.get("perturbation_id"), r["correct"]) for r in records] == [
        ("q1", None, True),
        ("q1", "q1-ros", True),
        ("q1", "q1-nri", False),
        ("q2", None, True),
        ("q2", "q2-nri", False),
    ]
    report = trust.robustness(records, by="model")
    (group,) = report.groups
    assert group["asr"] == pytest.approx(2 / 3)
    assert group["acc_clean"] == 1.0


LONE = "```csv\nregion,gdp\nNorth,1.25\nSouth,2\n```\ud800"  # a tokenizer can decode a lone surrogate


def test_a_completion_with_a_lone_surrogate_scores_zero_and_the_batch_is_scored(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Each harness calls its adapter as in the tests above; one text that is not Unicode (a lone
    # surrogate) scores 0.0 and is logged with its code, and every other item keeps its score.
    from tabeq.integrations.lm_eval import make_process_results
    from tabeq.integrations.trl import reward_function as trl_reward
    from tabeq.integrations.verifiers import reward_function as verifiers_reward
    from tabeq.integrations.verl import compute_score

    with caplog.at_level("WARNING", logger="tabeq"):
        completions = [RIGHT, LONE, RIGHT, [{"role": "assistant", "content": LONE}]]
        rows = len(completions)
        got = trl_reward()(
            prompts=["p"] * rows, completions=completions, gold=[GOLD] * rows, config=[CONFIG] * rows
        )
        assert got == [1.0, 0.0, 1.0, 0.0]
        info = {"tabeq_config": CONFIG}
        assert verifiers_reward()(completion=LONE, answer=GOLD, info=info) == 0.0
        assert verifiers_reward(dense=True)(completion=LONE, answer=GOLD, info=info) == 0.0
        assert compute_score("tabeq/gdp", LONE, {"gold": GOLD, "config": CONFIG}, {}) == 0.0
        doc = {"gold": GOLD, "config": CONFIG}
        assert make_process_results(dense=True)(doc, [LONE]) == {"table_match": 0.0, "row_f1": 0.0}
        gold = tabeq.Gold(GOLD.encode(), CONFIG)
        assert gold.rewards([RIGHT, LONE, HALF], dense=True) == [1.0, 0.0, 0.5]
    logged = [r.getMessage() for r in caplog.records if r.name == "tabeq"]
    assert logged and all("lone_surrogate" in m for m in logged)
    assert "lone_surrogate" in tabeq.error_codes()
    # extract_table has no batch: it raises a coded error instead of UnicodeEncodeError.
    with pytest.raises(tabeq.ArgumentError) as raised:
        tabeq.extract_table(LONE)
    assert raised.value.code in tabeq.error_codes()


# Dataset-shaped configs (issue #39): a `datasets.Dataset` holds every key of its union schema in
# every row, the unused optional ones as None. Built from the example suite, round-tripped through
# Parquet, every task scores the same through each entry as with its original config file.

SUITE_EXAMPLE = REPO / "examples" / "suite"


def example_rows() -> list[dict[str, Any]]:
    rows = []
    for config_path in sorted((SUITE_EXAMPLE / "configs").glob("task_*.json")):
        task_id = config_path.stem
        prediction = SUITE_EXAMPLE / "predictions" / task_id / "prediction.csv"
        rows.append(
            {
                "task_id": task_id,
                "prediction": prediction.read_text(encoding="utf-8") if prediction.exists() else None,
                "gold": (SUITE_EXAMPLE / "gold" / task_id / "gold.csv").read_text(encoding="utf-8"),
                "config": json.loads(config_path.read_text(encoding="utf-8")),
            }
        )
    return rows


def fenced(prediction: str | None) -> str:
    """A model's answer holding the prediction as a CSV block ("" for no prediction)."""
    return "" if prediction is None else f"Here it is:\n```csv\n{prediction}```\n"


@pytest.fixture(scope="module")
def dataset_rows(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    import datasets

    original = example_rows()
    path = tmp_path_factory.mktemp("dataset") / "suite.parquet"
    datasets.Dataset.from_list(original).to_parquet(str(path))
    rows: list[dict[str, Any]] = datasets.Dataset.from_parquet(str(path)).to_list()
    assert len(rows) == len(original) == 7
    # The union schema: a key one column has is present (None) in every other.
    nulls = [
        key
        for row in rows
        for column in row["config"]["columns"]
        for key, value in column.items()
        if value is None
    ]
    assert {"unit", "comparison", "allow_percent_sign"} <= set(nulls)
    unchanged = [r for r, o in zip(rows, original) if r["config"] == o["config"]]
    assert len(unchanged) < 7  # the round trip does add Nones (6 of 7 tasks had crashed on them)
    for row, before in zip(rows, original):
        assert (row["task_id"], row["prediction"], row["gold"]) == (
            before["task_id"],
            before["prediction"],
            before["gold"],
        )
    return rows


def original_config(task_id: str) -> Path:
    return SUITE_EXAMPLE / "configs" / f"{task_id}.json"


def test_dataset_configs_score_as_their_files_through_evaluate(dataset_rows: list[dict[str, Any]]) -> None:
    passed = []
    for row in dataset_rows:
        prediction = None if row["prediction"] is None else row["prediction"].encode()
        from_dataset = tabeq.evaluate(prediction, row["gold"].encode(), row["config"])
        from_file = tabeq.evaluate(prediction, row["gold"].encode(), original_config(row["task_id"]))
        assert from_dataset.to_dict() == from_file.to_dict(), row["task_id"]
        original = json.loads(original_config(row["task_id"]).read_text(encoding="utf-8"))
        assert tabeq.TaskConfig.from_dict(row["config"]) == tabeq.TaskConfig.from_dict(original)
        assert tabeq.Gold(row["gold"].encode(), row["config"]).evaluate(prediction) == from_file
        passed.append(from_file.passed)
    assert True in passed and False in passed  # the suite has both verdicts


def expected_rewards(rows: list[dict[str, Any]]) -> list[float]:
    return [
        tabeq.Gold(row["gold"].encode(), original_config(row["task_id"])).rewards(
            [fenced(row["prediction"])]
        )[0]
        for row in rows
    ]


def test_dataset_configs_score_as_their_files_through_trl_verl_verifiers(
    dataset_rows: list[dict[str, Any]],
) -> None:
    from tabeq.integrations.trl import reward_function as trl_reward
    from tabeq.integrations.verifiers import reward_function as verifiers_reward
    from tabeq.integrations.verl import compute_score

    expected = expected_rewards(dataset_rows)
    assert 1.0 in expected and 0.0 in expected
    # TRL: one column per dataset key, each a list over the batch (see the TRL test above).
    completions = [fenced(row["prediction"]) for row in dataset_rows]
    columns = {key: [row[key] for row in dataset_rows] for key in ("task_id", "gold", "config")}
    got = trl_reward()(prompts=["p"] * len(completions), completions=completions, **columns)
    assert got == expected
    for row, reward in zip(dataset_rows, expected):
        truth = {"gold": row["gold"], "config": row["config"]}
        assert compute_score("tabeq/suite", fenced(row["prediction"]), truth, {}) == reward
        info = {"tabeq_config": row["config"]}
        assert (
            verifiers_reward()(completion=fenced(row["prediction"]), answer=row["gold"], info=info) == reward
        )


def test_dataset_configs_score_as_their_files_through_ray(dataset_rows: list[dict[str, Any]]) -> None:
    # Ray Data reads the Hugging Face dataset itself (ray.data.from_huggingface) and hands each
    # row to the worker as a dict, the config's unused keys as None.
    import datasets
    import ray

    expected = expected_rewards(dataset_rows)
    dataset = datasets.Dataset.from_list(dataset_rows)

    def score_row(row: dict[str, Any]) -> dict[str, Any]:
        # Self-contained: the workers cannot import this test module.
        from tabeq.integrations.trl import reward_function

        answer = "" if row["prediction"] is None else f"Here it is:\n```csv\n{row['prediction']}```\n"
        (reward,) = reward_function()(
            prompts=["p"], completions=[answer], gold=[row["gold"]], config=[row["config"]]
        )
        return {"task_id": row["task_id"], "reward": reward}

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        scored = ray.data.from_huggingface(dataset).map(score_row).take_all()
    finally:
        ray.shutdown()
    got = {r["task_id"]: r["reward"] for r in scored}
    assert got == {row["task_id"]: reward for row, reward in zip(dataset_rows, expected)}


def test_a_null_required_key_is_a_coded_error_naming_it_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    from tabeq.integrations.trl import reward_function as trl_reward
    from tabeq.integrations.verl import compute_score

    config = json.loads(original_config("task_3").read_text(encoding="utf-8"))
    config["columns"][1]["gold_name"] = None
    with pytest.raises(tabeq.ConfigError, match="`gold_name` of column 1 is null") as raised:
        tabeq.evaluate(b"a\n1\n", b"a\n1\n", config)
    assert raised.value.code == "config_invalid"
    config["columns"][1]["gold_name"] = "share"
    config["order_sensitive"] = None
    with caplog.at_level("ERROR", logger="tabeq.integrations"):
        with pytest.raises(tabeq.ConfigError, match="`order_sensitive` is null"):
            trl_reward()(prompts=["p"], completions=[RIGHT], gold=[GOLD], config=[config])
        with pytest.raises(tabeq.ConfigError, match="`order_sensitive` is null"):
            compute_score("s", RIGHT, {"gold": GOLD, "config": config})
    logged = [r.getMessage() for r in caplog.records if r.name == "tabeq.integrations"]
    assert len(logged) == 2 and all("[config_invalid]" in m for m in logged), logged


# Rewards that travel (issue #39): every reward object pickles and survives cloudpickle with its
# name, and gives the same rewards after the round trip, in this process and in a fresh one.


def reward_objects() -> list[tuple[str, Any, Any]]:
    """(expected __name__, reward object, a call giving its rewards)."""
    from tabeq.integrations.lm_eval import make_process_results, process_results
    from tabeq.integrations.trl import reward_function as trl_reward
    from tabeq.integrations.verifiers import reward_function as verifiers_reward
    from tabeq.integrations.verl import compute_score

    texts = [RIGHT, HALF, "no table"]

    def trl_call(f: Any) -> Any:
        return f(prompts=["p"] * 3, completions=texts, gold=[GOLD] * 3, config=[CONFIG] * 3)

    def fixed_call(f: Any) -> Any:
        return f(prompts=["p"] * 3, completions=texts, gold=[GOLD] * 3)

    def verifiers_call(f: Any) -> Any:
        return [f(completion=t, answer=GOLD, info={"tabeq_config": CONFIG}) for t in texts]

    def verl_call(f: Any) -> Any:
        return [f("s", t, {"gold": GOLD, "config": CONFIG}) for t in texts]

    def lm_eval_call(f: Any) -> Any:
        return [f({"gold": GOLD, "config": CONFIG}, [t]) for t in texts]

    return [
        ("tabeq_table_reward", trl_reward(), trl_call),
        ("tabeq_table_reward", trl_reward(dense=True), trl_call),
        ("tabeq_table_reward", trl_reward(config=tabeq.TaskConfig.from_dict(CONFIG)), fixed_call),
        ("tabeq_table_reward", verifiers_reward(dense=True), verifiers_call),
        ("compute_score", compute_score, verl_call),
        ("process_results", process_results, lm_eval_call),
        ("process_results", make_process_results(dense=True), lm_eval_call),
    ]


def call_unpickled(payload: bytes, call: bytes) -> Any:
    """In a fresh process: unpickle a reward and its call and score (nothing prepared there)."""
    import cloudpickle

    return cloudpickle.loads(call)(cloudpickle.loads(payload))


def test_every_reward_object_pickles_with_its_name_and_rewards() -> None:
    import multiprocessing
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    import cloudpickle
    from tabeq.integrations import _common

    objects = reward_objects()
    expected = [call(f) for _, f, call in objects]
    assert expected[0] == [1.0, 0.0, 0.0] and expected[1] == [1.0, 0.5, 0.0]
    for (name, reward, call), rewards in zip(objects, expected):
        assert reward.__name__ == name
        for dumps, loads in ((pickle.dumps, pickle.loads), (cloudpickle.dumps, cloudpickle.loads)):
            copy = loads(dumps(reward))
            assert copy.__name__ == name
            _common._cache.clear()  # the copy rebuilds its prepared golds lazily
            assert call(copy) == rewards
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        far = [
            pool.submit(call_unpickled, cloudpickle.dumps(f), cloudpickle.dumps(call)).result()
            for _, f, call in objects
        ]
    assert far == expected


def test_the_verifiers_task_reward_pickles_and_scores_after_the_round_trip() -> None:
    import asyncio
    import pickle

    import cloudpickle
    import verifiers.v1 as vf
    from tabeq.integrations.verifiers import TaskReward, task_reward
    from verifiers.v1.state import state_cls
    from verifiers.v1.trace import TraceTask

    marked = vf.reward(task_reward(dense=True), weight=2.0)
    for copy in (pickle.loads(pickle.dumps(marked)), cloudpickle.loads(cloudpickle.dumps(marked))):
        assert isinstance(copy, TaskReward) and copy.__name__ == "tabeq_table"

        class TableData(vf.TaskData):  # type: ignore[misc]
            answer: str
            tabeq_config: dict[str, Any] | None = None

        class TableTask(vf.Task[TableData]):  # type: ignore[misc]
            table = copy

        task = TableTask(TableData(prompt="q", answer=GOLD, tabeq_config=CONFIG))
        trace = vf.Trace(
            task=TraceTask(type=type(task).__name__, data=task.data, key=task.key, hash=task.hash),
            state=state_cls(type(task))(),
            agent=vf.AgentInfo(config=vf.AgentConfig(), name="test", trainable=False),
            root_reply=HALF,
        )
        asyncio.run(task.score(trace))
        assert (trace.rewards["tabeq_table"].score, trace.rewards["tabeq_table"].weight) == (0.5, 2.0)
