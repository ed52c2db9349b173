"""The run folder the ``tabeq kddcup score-run`` tests score (shared by the recorder and the tests):
gold, input and prediction folders covering every status, the official task order and every
difficulty form. The bytes are in fixture.json, which the WebAssembly and browser tests read too.
``build(root)`` writes ``root/run``, ``root/gold`` and ``root/input``."""

from __future__ import annotations

import json
from pathlib import Path

_FIXTURE = json.loads((Path(__file__).resolve().parent / "fixture.json").read_text(encoding="utf-8"))
GOLD = {task: bytes.fromhex(data) for task, data in _FIXTURE["gold"].items()}
PREDICTIONS = {task: bytes.fromhex(data) for task, data in _FIXTURE["predictions"].items()}
DIFFICULTY = {task: bytes.fromhex(data) for task, data in _FIXTURE["task_json"].items()}
OTHER_GOLD = bytes.fromhex(_FIXTURE["gold_not_tasks"]["other"])


def build(root: Path) -> None:
    for task_id, gold in GOLD.items():
        (root / "gold" / task_id).mkdir(parents=True)
        (root / "gold" / task_id / "gold.csv").write_bytes(gold)
    (root / "gold" / "task_7").mkdir()  # no gold.csv: not a task
    (root / "gold" / "other").mkdir()
    (root / "gold" / "other" / "gold.csv").write_bytes(OTHER_GOLD)  # not task_*: not a task
    for task_id, prediction in PREDICTIONS.items():
        (root / "run" / task_id).mkdir(parents=True)
        (root / "run" / task_id / "prediction.csv").write_bytes(prediction)
    for task_id, task_json in DIFFICULTY.items():
        (root / "input" / task_id).mkdir(parents=True)
        (root / "input" / task_id / "task.json").write_bytes(task_json)
