"""A typed harness using tabeq's public API; `mypy --strict` checks it (make lint).

It is also run by tests/python/test_typing.py, so the example stays true at run time.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import tabeq


def score_one() -> tabeq.TaskResult:
    config: tabeq.TaskConfig = tabeq.TaskConfig(
        columns=[tabeq.text("Region"), tabeq.number("GDP", decimal_places=1)], order_sensitive=True
    )
    gold: bytes = b"Region,GDP\nNorth,1.3\n"
    result = tabeq.evaluate(b"r,g\nNorth,1.26\n", gold, config)
    passed: bool = result.passed
    mapping: list[int] | None = result.column_mapping
    code: tabeq.TaskErrorCode | None = result.error_code
    csv_code: tabeq.CsvErrorCode | None = result.csv_error_code
    assert passed and mapping == [0, 1] and code is None and csv_code is None
    text: str = result.describe()
    html: str = result._repr_html_()
    assert text and html
    return result


def inputs_and_configs(directory: Path) -> list[tabeq.TaskResult]:
    config_path = directory / "task_3.json"
    config_path.write_text(
        tabeq.TaskConfig(columns=[tabeq.boolean("ok")], task_id="task_3").to_json(), encoding="utf-8"
    )
    loaded: tabeq.TaskConfig = tabeq.load_config(config_path)
    rows: list[list[object]] = [["ok"], [True]]
    tasks: list[tuple[tabeq.TableLike | None, tabeq.TableLike, tabeq.ConfigLike]] = [
        (rows, b"ok\nyes\n", loaded),
        (None, b"ok\nyes\n", loaded.to_dict()),
        (b"ok\n1\n", b"ok\nyes\n", str(config_path)),
        (directory / "missing.csv", b"ok\nyes\n", loaded.to_json()),
    ]
    results: list[tabeq.TaskResult] = tabeq.evaluate_many(tasks, threads=2)
    assert [r.passed for r in results] == [True, False, True, False]
    return results


def errors() -> list[str]:
    codes: list[str] = []
    try:
        tabeq.evaluate(b"a\n1\n", b"a\nx\n", {"schema_version": "1.0", "task_id": "task_1", "columns": []})
    except tabeq.FatalError as error:
        fatal: tabeq.FatalErrorCode = error.code
        codes.append(fatal)
    try:
        tabeq.canonicalize("x", tabeq.number("n", integer=True))
    except tabeq.CellError as error:
        cell: tabeq.CellErrorCode = error.code
        codes.append(cell)
    try:
        tabeq.read_table(b"")
    except tabeq.CsvError as error:
        csv_code: tabeq.CsvErrorCode = error.code
        codes.append(csv_code)
    catalogue: dict[str, str] = tabeq.error_codes()
    assert all(code in catalogue for code in codes)
    canonical: str | None = tabeq.canonicalize("1,234", tabeq.number("n", integer=True))
    assert canonical == "1234"
    return codes


def suite(directory: Path) -> float:
    for name in ("predictions/task_1", "gold/task_1", "configs"):
        (directory / name).mkdir(parents=True)
    (directory / "predictions/task_1/prediction.csv").write_bytes(b"a\n1\n")
    (directory / "gold/task_1/gold.csv").write_bytes(b"a\n1\n")
    (directory / "configs/task_1.json").write_text(tabeq.TaskConfig(columns=[tabeq.text("a")]).to_json())
    progress: list[tuple[int, int]] = []

    def on_progress(done: int, total: int) -> None:
        progress.append((done, total))

    result: tabeq.SuiteResult = tabeq.evaluate_suite(
        directory / "predictions", directory / "gold", directory / "configs", threads=1, progress=on_progress
    )
    per_task: list[tabeq.TaskResult] = list(result)
    summary: dict[str, object] = result.to_dict()
    assert per_task[0].passed and summary["task_count"] == 1 and result.to_json().endswith("\n")
    accuracy: float = result.task_accuracy
    return accuracy


def explain_one(result: tabeq.TaskResult) -> None:
    from tabeq.explain import Diagnosis, explain

    assert result.config is not None
    diagnosis: Diagnosis = explain(b"r,g\nNorth,1.2\n", b"Region,GDP\nNorth,1.3\n", result.config)
    code: tabeq.TaskErrorCode | None = diagnosis.error_code
    names: list[str] = diagnosis.hint_names
    again: Diagnosis = Diagnosis.from_json(diagnosis.to_json(indent=None))
    assert code == "relation_mismatch" and again == diagnosis and isinstance(names, list)
    assert result.explain().passed and diagnosis.to_markdown()


def main() -> None:
    explain_one(score_one())
    errors()
    with tempfile.TemporaryDirectory() as raw:
        inputs_and_configs(Path(raw))
        assert suite(Path(raw)) == 1.0


if __name__ == "__main__":
    main()
