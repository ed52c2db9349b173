"""The typed example runs (mypy checks it in `make lint`; here it must also be true)."""

from __future__ import annotations

import typing_example


def test_typing_example_runs() -> None:
    typing_example.main()
    assert typing_example.errors() == ["config_invalid", "cell_invalid_number", "csv_empty"]
