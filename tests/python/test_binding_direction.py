"""The Python binding translates in one direction: the Python package imports the native module
(``tabeq._tabeq``) and re-exports it, and the native module never imports the Python package back
(pydantic-core's way). Rust calling into ``tabeq…`` would make the package a layer below itself."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import REPO

NATIVE_SOURCES = REPO / "bindings-py" / "src"

# `py.import("tabeq…")`, `PyModule::import(py, "tabeq…")`, and the older `import_bound` spellings.
PACKAGE_IMPORT = re.compile(r'\bimport(?:_bound)?\(\s*(?:py\s*,\s*)?"(tabeq(?:\.[\w.]*)?)"')


def test_the_pattern_finds_every_spelling_of_an_import_of_the_package() -> None:
    assert PACKAGE_IMPORT.search('let trust = py.import("tabeq.trust")?;')
    assert PACKAGE_IMPORT.search('PyModule::import(py, "tabeq")?')
    assert PACKAGE_IMPORT.search('py.import_bound( "tabeq._errors")')
    assert not PACKAGE_IMPORT.search('py.import("json")?')
    assert not PACKAGE_IMPORT.search('py.import("tabequal")?')


def test_the_native_module_never_imports_the_python_package() -> None:
    sources = sorted(NATIVE_SOURCES.rglob("*.rs"))
    assert sources, NATIVE_SOURCES
    found = [
        f"{path.relative_to(REPO)}:{number}: {match.group(1)}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in PACKAGE_IMPORT.finditer(line)
    ]
    assert found == []


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


# The one place the package parses JSON: verl hands its reward function the ground truth as the
# user stored it in the dataset (a mapping, or that mapping's JSON text).
USER_JSON = {"integrations/verl.py"}
JSON_PARSE = re.compile(r"\bjson\s*\.\s*loads?\s*\(|\bfrom\s+json\s+import\b[^\n]*\bloads?\b")


def test_the_pattern_finds_every_way_to_parse_json() -> None:
    assert JSON_PARSE.search("report = json.loads(text)")
    assert JSON_PARSE.search("json.load(handle)")
    assert JSON_PARSE.search("from json import dumps, loads")
    assert not JSON_PARSE.search("json.dumps(report)")
    assert not JSON_PARSE.search("from json import dumps")


def test_native_results_reach_the_package_as_python_data_not_json_text() -> None:
    # A native function returns lists, dicts and native objects: if the package had to parse
    # the JSON text of one, JSON-text-out wrappers would be back beside the native classes.
    package = REPO / "bindings-py" / "python" / "tabeq"
    sources = sorted(package.rglob("*.py"))
    assert sources, package
    found = [
        f"{path.relative_to(package).as_posix()}:{number}"
        for path in sources
        if path.relative_to(package).as_posix() not in USER_JSON
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if JSON_PARSE.search(line)
    ]
    assert found == []
