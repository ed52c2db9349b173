"""The run folder the ``tabeq kddcup score-run`` tests score (shared by the recorder and the tests):
gold, input and prediction folders covering every status, the official task order and every
difficulty form. ``build(root)`` writes ``root/run``, ``root/gold`` and ``root/input``."""

from __future__ import annotations

from pathlib import Path

GOLD = {
    "task_1": b"name,total\nalice,10\nbob,20\n",
    "task_2": b"total\n10\n20\n",
    "task_10": b"a,b\n1,2\n",
    "task_3": b"a\nx\n",
    "task_abc": b"d\n2024-01-05\n",
    "task_\u0661\u0662": "v\n\u00e9t\u00e9\n".encode(),
    "task_4": b"a\n1\n",
    "task_5": b"a,b\n1,2\n3,4\n",
    "task_6": b"a\n1\n",
}

PREDICTIONS = {
    "task_1": b'\xef\xbb\xbfwho,sum\r\nbob,20.000\r\nalice,"1,0"\r\n',
    "task_2": b"name,total\nbob,20\nalice,10\n",
    "task_10": b"a,b\n1,2,3\n",
    "task_abc": b"day\n05/01/2024\n",
    "task_\u0661\u0662": "x\n\u00c9T\u00c9 \n".encode(),
    "task_4": b"a\n\xff\n",
    "task_5": b"x,y,z\n1,9,2\n3,9,4\n",
    "task_6": b"",
}

DIFFICULTY = {
    "task_1": b'{"difficulty": "easy"}',
    "task_2": b'{"difficulty": 1.0}',
    "task_10": b'{"difficulty": null}',
    "task_3": b'{"difficulty": ["hard"]}',
    "task_abc": b'\xef\xbb\xbf{"difficulty": "easy"}',
    "task_4": b'{"difficulty": "easy"}',
    "task_5": b"not json",
}


def build(root: Path) -> None:
    for task_id, gold in GOLD.items():
        (root / "gold" / task_id).mkdir(parents=True)
        (root / "gold" / task_id / "gold.csv").write_bytes(gold)
    (root / "gold" / "task_7").mkdir()  # no gold.csv: not a task
    (root / "gold" / "other").mkdir()
    (root / "gold" / "other" / "gold.csv").write_bytes(b"a\n1\n")  # not task_*: not a task
    for task_id, prediction in PREDICTIONS.items():
        (root / "run" / task_id).mkdir(parents=True)
        (root / "run" / task_id / "prediction.csv").write_bytes(prediction)
    for task_id, task_json in DIFFICULTY.items():
        (root / "input" / task_id).mkdir(parents=True)
        (root / "input" / task_id / "task.json").write_bytes(task_json)
