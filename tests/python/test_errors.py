"""Exceptions and their stable codes; the catalogue, the typed code lists and the docs agree."""

from __future__ import annotations

import ast
import pickle
import re
import typing

import pytest
import tabeq
from conftest import REPO, load_cases

FAMILY_TYPES = {
    "task": tabeq.TaskErrorCode,
    "csv": tabeq.CsvErrorCode,
    "cell": tabeq.CellErrorCode,
    "fatal": tabeq.FatalErrorCode,
    "trust": tabeq.TrustErrorCode,
    "binding": tabeq.BindingErrorCode,
    "output": tabeq.OutputErrorCode,
    "submission": tabeq.SubmissionErrorCode,
    "spider2": tabeq.Spider2ErrorCode,
    "kddcup": tabeq.KddcupErrorCode,
    "sql": tabeq.SqlErrorCode,
}


def literal_values(alias: object) -> list[str]:
    return [str(v) for v in typing.get_args(alias)]


def documented_codes() -> dict[str, str]:
    """``{code: family}`` from the table rows of docs/python.md: ``| `code` | family | ... |``."""
    text = (REPO / "docs" / "python.md").read_text(encoding="utf-8")
    return dict(
        re.findall(
            r"^\| `([a-z0-9_]+)` \| "
            r"(task|csv|cell|fatal|trust|binding|output|submission|spider2|kddcup|sql) \|",
            text,
            flags=re.MULTILINE,
        )
    )


def test_catalogue_matches_the_typed_code_lists() -> None:
    catalogue = tabeq.error_codes()
    assert len(catalogue) == len(set(catalogue)) > 30
    for family, alias in FAMILY_TYPES.items():
        assert literal_values(alias) == [c for c, f in catalogue.items() if f == family], family
    union = [v for member in typing.get_args(tabeq.ErrorCode) for v in literal_values(member)]
    assert union == list(catalogue)


def stub_literals() -> dict[str, list[str]]:
    """``{alias: [codes]}`` of the ``Literal`` aliases a type checker reads in ``_codes.pyi``."""
    tree = ast.parse((REPO / "bindings-py" / "python" / "tabeq" / "_codes.pyi").read_text(encoding="utf-8"))
    aliases = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript):
            target = node.targets[0]
            assert isinstance(target, ast.Name)
            if isinstance(node.value.value, ast.Name) and node.value.value.id == "Literal":
                literal = node.value.slice
                elements = literal.elts if isinstance(literal, ast.Tuple) else [literal]
                aliases[target.id] = [e.value for e in elements if isinstance(e, ast.Constant)]
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.BinOp):  # the union of the families
            target = node.targets[0]
            assert isinstance(target, ast.Name)
            members = re.findall(r"\w+", ast.unparse(node.value))
            aliases[target.id] = [code for name in members for code in aliases[name]]
    return aliases


def test_the_type_stub_lists_the_catalogue() -> None:
    stub = stub_literals()
    catalogue = tabeq.error_codes()
    for family in FAMILY_TYPES:
        alias = family.capitalize() + "ErrorCode"
        assert stub[alias] == [c for c, f in catalogue.items() if f == family], alias
    assert stub["ErrorCode"] == list(catalogue)
    assert stub["ArgumentErrorCode"] == ["invalid_argument"]
    assert stub["ConfigWarningCode"] == ["unknown_config_key"]


def test_catalogue_matches_the_docs() -> None:
    assert documented_codes() == tabeq.error_codes()


def test_exception_code_annotations_name_their_family() -> None:
    hints = {
        cls: typing.get_type_hints(cls)["code"] for cls in (tabeq.CellError, tabeq.CsvError, tabeq.FatalError)
    }
    assert hints[tabeq.CellError] == tabeq.CellErrorCode
    assert hints[tabeq.CsvError] == tabeq.CsvErrorCode
    assert hints[tabeq.FatalError] == tabeq.FatalErrorCode
    # TaskResult is the native class: its types are in the stub that type checkers read.
    stub = ast.parse((REPO / "bindings-py" / "python" / "tabeq" / "_tabeq.pyi").read_text(encoding="utf-8"))
    result_class = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "TaskResult")
    returns = {
        f.name: ast.unparse(f.returns)
        for f in result_class.body
        if isinstance(f, ast.FunctionDef) and f.returns
    }
    assert returns["error_code"] == "TaskErrorCode | None"
    assert returns["csv_error_code"] == "CsvErrorCode | None"


def test_task_codes_are_the_official_ones_plus_the_search_limit() -> None:
    # The official evaluator's codes are the ones its conformance vectors expect.
    official = {case["expected"].get("error_code") for case in load_cases()} - {None}
    codes = literal_values(tabeq.TaskErrorCode)
    assert len(official) == 6 and official <= set(codes)
    assert set(codes) - official == {"search_limit_exceeded"}
    assert set(tabeq.ERROR_DESCRIPTIONS) == set(codes)


def test_hierarchy() -> None:
    for cls in (tabeq.ConfigError, tabeq.GoldError, tabeq.SuiteError):
        assert issubclass(cls, tabeq.FatalError)
    for cls in (tabeq.FatalError, tabeq.CellError, tabeq.CsvError):
        assert issubclass(cls, tabeq.TabeqError) and issubclass(cls, ValueError)
    assert not issubclass(tabeq.CellError, tabeq.FatalError)


def test_gold_errors_name_the_task_and_stage() -> None:
    config = tabeq.TaskConfig(columns=[tabeq.number("n", integer=True)], task_id="task_12")
    cases = {
        b"n\nabc\n": "gold_cell_invalid",
        b"n,m\n1,2\n": "gold_column_count_mismatch",
        b"n\n1,2\n": "gold_invalid_csv",
        b"": "gold_invalid_csv",
    }
    for gold, code in cases.items():
        with pytest.raises(tabeq.GoldError) as info:
            tabeq.evaluate(b"n\n1\n", gold, config)
        assert (info.value.code, info.value.stage, info.value.task_id) == (code, "gold", "task_12")
        assert info.value.code in tabeq.error_codes()


def test_canonicalize_values_and_cell_errors() -> None:
    assert tabeq.canonicalize(" 1,234.5 ", tabeq.number("x", decimal_places=0)) == "1235"
    assert (
        tabeq.canonicalize(
            "12%", tabeq.number("x", decimal_places=3, unit="fraction", allow_percent_sign=True)
        )
        == "0.12"
    )
    assert tabeq.canonicalize("2024-01-02T01:00:00+01:00", "datetime") == "2024-01-02T00:00:00Z"
    assert tabeq.canonicalize("YES", "boolean") == "true"
    assert tabeq.canonicalize("  ", "text") is None
    assert tabeq.canonicalize("null", "date") is None
    assert tabeq.canonicalize("1e99", tabeq.number("x", decimal_places=2)) == "1" + "0" * 99
    assert tabeq.canonicalize("x", '{"type": "text"}') == "x"
    expected = {
        ("abc", "number"): "cell_invalid_number",
        ("3.5", "integer"): "cell_not_an_integer",
        ("5%", "number"): "cell_percent_not_allowed",
        ("1,23", "number"): "cell_invalid_thousands_separators",
        ("2024-13-01", "date"): "cell_invalid_datetime",
        ("2024-01-01T10:00:00", "date"): "cell_not_midnight",
        ("on", "boolean"): "cell_invalid_boolean",
    }
    columns = {
        "number": tabeq.number("x", decimal_places=1),
        "integer": tabeq.number("x", integer=True),
        "date": tabeq.date("x"),
        "boolean": tabeq.boolean("x"),
    }
    for (value, kind), code in expected.items():
        with pytest.raises(tabeq.CellError) as info:
            tabeq.canonicalize(value, columns[kind])
        assert info.value.code == code, value
        assert tabeq.error_codes()[code] == "cell"


def test_canonicalize_with_an_invalid_column_is_a_config_error() -> None:
    with pytest.raises(tabeq.ConfigError) as info:
        tabeq.canonicalize("1", {"type": "number", "comparison": {"mode": "decimal_places", "digits": 99}})
    assert info.value.code == "config_invalid"
    with pytest.raises(tabeq.ConfigError):
        tabeq.canonicalize("1", "money")


def test_errors_pickle_with_their_codes() -> None:
    errors: list[tabeq.TabeqError] = [
        tabeq.GoldError("bad gold", "gold_missing", "task_3"),
        tabeq.ConfigError("bad config", "config_invalid"),
        tabeq.CellError("bad cell", "cell_invalid_number"),
        tabeq.CsvError("bad csv", "csv_empty"),
    ]
    for error in errors:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error)
        assert (again.code, str(again)) == (error.code, str(error))
    gold = pickle.loads(pickle.dumps(errors[0]))
    assert isinstance(gold, tabeq.GoldError) and gold.task_id == "task_3"
