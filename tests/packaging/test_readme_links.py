"""Package pages render these READMEs away from the repository (PyPI shows README.md without a base
URL), so every Markdown link must be absolute, or a file that ships in the same package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# Inline links and images, and reference definitions: [text](target), ![alt](target), [ref]: target
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)|^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
CODE = re.compile(r"^```.*?^```|`[^`\n]*`", re.MULTILINE | re.DOTALL)

# README -> the files shipped beside it (its package root), or None when links must all be absolute.
READMES = {
    "README.md": None,  # the wheel/sdist page on PyPI and the npm page
    "core/README.md": REPO / "core",  # the crate's page on crates.io
    "bindings-wasm/README.md": None,
}


def links(text: str) -> list[str]:
    return [a or b for a, b in LINK.findall(CODE.sub("", text))]


@pytest.mark.parametrize("readme", sorted(READMES))
def test_links_are_absolute_or_in_package(readme: str) -> None:
    found = links((REPO / readme).read_text(encoding="utf-8"))
    package_root = READMES[readme]
    for target in found:
        if target.startswith(("https://", "mailto:", "#")):
            continue
        assert package_root is not None, f"{readme}: relative link {target!r} breaks on a package index"
        assert (package_root / target).is_file(), f"{readme}: {target!r} is not in the package"


def test_the_link_pattern_finds_relative_links() -> None:
    assert links("see [a](docs/a.md) and ![b](img.png 'x')\n[c]: ./c.md\n`[d](e.md)`\n") == [
        "docs/a.md",
        "img.png",
        "./c.md",
    ]
