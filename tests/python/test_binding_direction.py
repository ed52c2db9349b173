"""The Python binding translates in one direction: the Python package imports the native module
(``tabeq._tabeq``) and re-exports it, and the native module never imports the Python package back
(pydantic-core's way). Rust calling into ``tabeq…`` would make the package a layer below itself.
What the native module returns reaches the package as Python data, never as JSON text to parse."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

NATIVE_SOURCES = REPO / "bindings-py" / "src"

# `py.import("tabeq…")`, `PyModule::import(py, "tabeq…")`, and the older `import_bound` spellings.
PACKAGE_IMPORT = re.compile(r'\bimport(?:_bound)?\(\s*(?:py\s*,\s*)?"(tabeq(?:\.[\w.]*)?)"')


# The one place the package parses JSON: verl hands its reward function the ground truth as the
# user stored it in the dataset (a mapping, or that mapping's JSON text).
USER_JSON = frozenset({"integrations/verl.py"})
JSON_PARSE = re.compile(r"\bjson\s*\.\s*loads?\s*\(|\bfrom\s+json\s+import\b[^\n]*\bloads?\b")

# Each pattern, the spellings it must find, and look-alikes it must not.
PATTERN_CASES = {
    "package import": (
        PACKAGE_IMPORT,
        [
            'let trust = py.import("tabeq.trust")?;',
            'PyModule::import(py, "tabeq")?',
            'py.import_bound( "tabeq._errors")',
        ],
        ['py.import("json")?', 'py.import("tabequal")?'],
    ),
    "json parse": (
        JSON_PARSE,
        ["report = json.loads(text)", "json.load(handle)", "from json import dumps, loads"],
        ["json.dumps(report)", "from json import dumps"],
    ),
}


@pytest.mark.parametrize("name", PATTERN_CASES)
def test_each_pattern_finds_every_spelling_and_no_look_alike(name: str) -> None:
    pattern, spellings, look_alikes = PATTERN_CASES[name]
    assert all(pattern.search(text) for text in spellings)
    assert not any(pattern.search(text) for text in look_alikes)


def lines_matching(
    folder: Path, glob: str, pattern: re.Pattern[str], allowed: frozenset[str] = frozenset()
) -> list[str]:
    """``file:line: match`` for each match of ``pattern`` in the files of ``folder`` but the
    ``allowed`` ones (paths relative to ``folder``)."""
    sources = sorted(folder.rglob(glob))
    assert sources, folder
    return [
        f"{path.relative_to(folder).as_posix()}:{number}: {match.group(0)}"
        for path in sources
        if path.relative_to(folder).as_posix() not in allowed
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in pattern.finditer(line)
    ]


def test_the_native_module_never_imports_the_python_package() -> None:
    assert lines_matching(NATIVE_SOURCES, "*.rs", PACKAGE_IMPORT) == []


def test_the_native_module_loads_no_module_of_the_package_but_its_own() -> None:
    # Importing the package's __init__ is how Python reaches `tabeq._tabeq`; the submodules it
    # imports lazily (`tabeq.trust`, `tabeq.explain`, ...) stay unloaded however much of the
    # native module runs, since it defines what it needs itself (exceptions, classes, texts).
    config = {
        "schema_version": "1.0",
        "task_id": "task_1",
        "order_sensitive": False,
        "columns": [{"gold_index": 0, "gold_name": "a", "type": "text"}],
    }
    record = {"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}
    code = f"""
import json, sys, tabeq, tabeq._tabeq as native
before = {{m for m in sys.modules if m.startswith("tabeq")}}
native.command_line()
native.error_catalogue()
result = native.evaluate(b"a\\n1\\n", b"a\\n2\\n", {config!r})
result.describe(), result._repr_html_(), result.explain().to_dict()
report = native.trust_report("reliability", json.dumps({record!r}), "")
report.table(), report.to_dict(), report.to_svg()
try:
    native.evaluate(b"a\\n1\\n", b"a\\n2\\n", "{{not json")
except native.ConfigError:
    pass
print(sorted({{m for m in sys.modules if m.startswith("tabeq")}} - before))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_native_results_reach_the_package_as_python_data_not_json_text() -> None:
    # A native function returns lists, dicts and native objects: if the package had to parse
    # the JSON text of one, JSON-text-out wrappers would be back beside the native classes.
    package = REPO / "bindings-py" / "python" / "tabeq"
    assert lines_matching(package, "*.py", JSON_PARSE, USER_JSON) == []
