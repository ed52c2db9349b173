"""Shared fixtures: the repository's paths, the conformance vectors and the fixture set that the
Python and JS tests share (tests/fixtures/)."""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CONFORMANCE = REPO / "tests" / "conformance"
SUITE = CONFORMANCE / "suite"
FIXTURES = REPO / "tests" / "fixtures"
SUITE_ROOT_FOLDERS = {"--prediction-root": "predictions", "--gold-root": "gold", "--config-root": "configs"}
"""The CLI's three root flags and the folder of an official suite layout each one names."""


def fixture_config(name: str) -> dict[str, Any]:
    """A fresh copy of the config ``name`` of tests/fixtures/configs.json (shared with the JS tests)."""
    configs: dict[str, dict[str, Any]] = json.loads((FIXTURES / "configs.json").read_text(encoding="utf-8"))
    return configs[name]


def official_record_keys() -> list[str]:
    """The keys of one official task record, in order (tests/fixtures/official_record_keys.json)."""
    keys: list[str] = json.loads((FIXTURES / "official_record_keys.json").read_text(encoding="utf-8"))
    return keys


def suite_roots(suite: Path) -> list[str]:
    """``--prediction-root``, ``--gold-root`` and ``--config-root`` of a suite folder, as CLI arguments."""
    return [arg for flag, folder in SUITE_ROOT_FOLDERS.items() for arg in (flag, str(suite / folder))]


def case_bytes(case: dict[str, Any], name: str) -> bytes | None:
    """A case's ``gold``/``prediction`` bytes (text as UTF-8, or ``*_b64``); None when absent."""
    if isinstance(case.get(name), str):
        return str(case[name]).encode("utf-8")
    if isinstance(case.get(f"{name}_b64"), str):
        return base64.b64decode(case[f"{name}_b64"])
    return None


def load_cases(name: str = "cases.jsonl") -> list[dict[str, Any]]:
    """The vectors of ``tests/conformance/<name>`` (``unicode_cases.jsonl``: all of Unicode)."""
    with open(CONFORMANCE / name, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def intended(case: dict[str, Any]) -> dict[str, Any]:
    """The result tabeq must give: ``expected``, or its ``intended`` result where the official
    evaluator crashes or never ends."""
    expected: dict[str, Any] = case["expected"]
    if expected["outcome"] in ("official_crash", "official_timeout"):
        return dict(expected["intended"])
    return expected


@pytest.fixture(scope="session")
def cases() -> list[dict[str, Any]]:
    return load_cases()


@pytest.fixture()
def suite_copy(tmp_path: Path) -> Path:
    """A writable copy of the conformance suite (predictions/, gold/, configs/)."""
    target = tmp_path / "suite"
    shutil.copytree(SUITE, target, symlinks=True)
    return target
