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

# A call into Python's json module from the native module: importing it (any spelling), or the
# helpers that wrapped it (`json_loads`, `json_dumps`, `json_bytes`, once in `py_json.rs`).
JSON_MODULE = re.compile(
    r'\bimport(?:_bound)?\(\s*(?:py\s*,\s*)?(?:intern!\(\s*py\s*,\s*)?"json"'
    r"|\bjson_(?:loads|dumps|bytes)\s*\("
)

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
    "json module": (
        JSON_MODULE,
        [
            'let json = py.import("json")?;',
            'PyModule::import(py, "json")?',
            'py.import_bound(intern!(py, "json"))',
            "let value = json_loads(py, &text)?;",
            "json_dumps(py, &value, true)",
            "json_bytes (py, obj)",
        ],
        ['py.import("jsonschema")?', 'format == "json"', "to_json()", "cpython_json::parse(text)"],
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


def test_the_native_module_calls_no_json_module() -> None:
    # Values cross as Python objects made node by node (py_values.rs); a json.dumps/json.loads
    # call in the crate would be JSON text made only to be parsed on the other side.
    assert lines_matching(NATIVE_SOURCES, "*.rs", JSON_MODULE) == []
    assert not (NATIVE_SOURCES / "py_json.rs").exists()


def test_python_data_reaches_the_trust_core_as_values_not_json_text(monkeypatch: pytest.MonkeyPatch) -> None:
    # Records, options, operator registrations and Spearman's input given as Python data reach
    # the native module converted once (TrustData); only the user's own text stays text.
    import tabeq._tabeq as native
    from tabeq import trust

    seen: list[tuple[str, tuple[type, ...]]] = []

    def spy(name: str) -> None:
        real = getattr(native, name)

        def call(*args: object) -> object:
            # The kind ("reliability") and an empty options text are not data.
            seen.append((name, tuple(type(a) for a in args if not isinstance(a, str))))
            return real(*args)

        monkeypatch.setattr(native, name, call)

    for name in ("trust_report", "trust_spearman", "trust_operator_registry"):
        spy(name)
    record = {"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}
    extra = {"code": "XX", "name": "x", "track": "reliability", "family": "f", "difficulty": "easy"}
    trust.reliability([record], operators=[extra])
    trust.spearman([1, 2, 3], [1, 3, 2])
    trust.operators([extra])
    data = native.TrustData
    assert seen == [
        ("trust_report", (data, data)),
        ("trust_spearman", (data,)),
        ("trust_operator_registry", (data,)),
    ]


class _Items:
    # A numpy-like scalar: converted through `.item()`, as json.dumps's default did.
    def __init__(self, value: object) -> None:
        self.value = value

    def item(self) -> object:
        return self.value


class _Record(dict):  # type: ignore[type-arg]
    pass


# Records whose values JSON carries in every way the core tells apart: bool vs int, big ints,
# floats by their repr, astral and unassigned code points, nested data, mapping subclasses.
DATA_RECORDS = [
    {"model": "m\U0001f600", "dataset": "d", "operator": "FDM", "instance_id": 10**30, "label": 1, "n": 2.5},
    {"model": "m\U0001f600", "dataset": "d", "operator": "DM", "instance_id": "x", "label": 0.5, "n": True},
    _Record(model="\U000e0100n", dataset="d", operator="FLM", instance_id="y", label="none", n=1),
    {
        "model": "\U000e0100n",
        "dataset": "d",
        "operator": "SCM",
        "instance_id": _Items(7),
        "label": 0,
        "n": 1.0,
    },
    {"model": "\u0378", "dataset": "d", "operator": "EC", "instance_id": -3, "label": "full", "n": [1, {}]},
]

# Lists the core must refuse, as it refuses their JSON text: the same code, the same line.
BAD_RECORDS = [
    [DATA_RECORDS[0], 3],
    [DATA_RECORDS[0], {"model": "m", "dataset": "d", "operator": "FDM", "label": "full"}],
    [{**DATA_RECORDS[1], "label": float("nan")}],
    [{**DATA_RECORDS[1], "label": [1]}],
]


def _jsonable(value: object) -> object:
    return value.item() if isinstance(value, _Items) else value  # type: ignore[no-any-return]


@pytest.mark.parametrize("kind", ["reliability", "robustness"])
def test_trust_data_reads_as_the_json_text_of_the_same_data(kind: str) -> None:
    import json

    import tabeq._tabeq as native

    records: list[dict[str, object]] = list(DATA_RECORDS)
    if kind == "robustness":
        # Each record an original question, and a perturbation of it (odd ones correct).
        records = []
        for i, r in enumerate(DATA_RECORDS):
            common = {
                "model": r["model"],
                "dataset": r["dataset"],
                "question_id": r["instance_id"],
                "n": r["n"],
            }
            records.append({**common, "correct": True})
            records.append({**common, "perturbation_id": f"p{i}", "operator": "SDC", "correct": bool(i % 2)})
    for by in ("model,dataset", "model,n"):
        options = {"by": by, "bootstrap": 20, "seed": 3}
        data = native.trust_data(records, "the records", "invalid_field", _jsonable)
        text = json.dumps(records, default=_jsonable)
        as_data = native.trust_report(kind, data, native.trust_data(options, "o", "invalid_options"))
        as_text = native.trust_report(kind, text, json.dumps(options))
        assert as_data.to_dict() == as_text.to_dict()
        assert as_data.to_json() == as_text.to_json()


@pytest.mark.parametrize("records", BAD_RECORDS)
def test_trust_data_is_refused_as_its_json_text_is(records: list[object]) -> None:
    import json

    import tabeq._tabeq as native

    errors = []
    for given in (native.trust_data(records, "the records", "invalid_field"), json.dumps(records)):
        with pytest.raises(native.TrustError) as info:
            native.trust_report("reliability", given, "")
        errors.append((info.value.code, info.value.line, info.value.message))
    assert errors[0] == errors[1]


def test_what_json_cannot_carry_is_a_coded_error() -> None:
    import tabeq._tabeq as native

    loop: list[object] = []
    loop.append(loop)

    class Hostile:
        def item(self) -> object:
            raise RuntimeError("boom")

    def item(value: object) -> object:
        return value.item()  # type: ignore[attr-defined]

    cases = [
        ({1, 2}, "TypeError"),
        (loop, "Circular reference"),
        ({(1,): 2}, "keys must be"),
        (Hostile(), "boom"),
    ]
    for value, expected in cases:
        with pytest.raises(native.TrustError) as info:
            native.trust_data(
                [value], "the records", "invalid_field", item if isinstance(value, Hostile) else None
            )
        assert info.value.code == "invalid_field"
        assert expected in info.value.message
    with pytest.raises(native.ArgumentError, match="lone surrogate"):
        native.trust_data(["\ud800"], "the records", "invalid_field")
