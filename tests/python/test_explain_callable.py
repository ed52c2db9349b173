"""`tabeq.explain(prediction, gold, config)` (issue #39): the module is callable, and its names stay
reachable as attributes and through `from tabeq.explain import ...`."""

from __future__ import annotations

import subprocess
import sys

import tabeq

CONFIG = {
    "schema_version": "1.0",
    "task_id": "task_1",
    "order_sensitive": False,
    "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}],
}


def test_the_module_is_callable_and_keeps_its_names() -> None:
    diagnosis = tabeq.explain(b"n,extra\n3,1\n", b"n\n3\n", CONFIG, redaction="full")
    assert isinstance(diagnosis, tabeq.explain.Diagnosis)
    assert diagnosis == tabeq.explain.explain(b"n,extra\n3,1\n", b"n\n3\n", CONFIG, redaction="full")
    assert (diagnosis.error_code, diagnosis.hint_names) == ("column_count_mismatch", ["extra_columns"])
    from tabeq.explain import HINT_NAMES, Diagnosis, column_signature, explain

    assert explain is tabeq.explain.explain and Diagnosis is tabeq.explain.Diagnosis
    assert "extra_columns" in HINT_NAMES
    assert column_signature(b"n\n3\n", b"n\n3\n")["status"] == "perfect_match"
    assert isinstance(tabeq.explain, tabeq.explain.ExplainModule)


def test_a_fresh_interpreter_calls_it_before_anything_imports_the_submodule() -> None:
    code = (
        "import tabeq\n"
        "d = tabeq.explain(b'n\\n3\\n', b'n\\n3\\n', {'schema_version': '1.0', 'task_id': 'task_1',"
        " 'order_sensitive': False, 'columns': [{'gold_index': 0, 'gold_name': 'n', 'type': 'text'}]})\n"
        "print(d.passed)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert run.stdout.strip() == "True"
