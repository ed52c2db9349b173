"""Check the built documentation site (``make docs`` runs it after mkdocs): the Python API page
documents every public object of the package, each from its own docstring.

* every name in ``tabeq.__all__`` and every public name of the documented modules has its heading
  (an anchor ``tabeq.NAME`` from mkdocstrings, or the compiled core's ``tabeq.NAME`` heading);
* no entry shows the docstring of a built-in type instead of its own (a class attribute holding a
  ``str`` once showed ``str``'s docstring).

Run with the Python that has tabeq installed:
    python scripts/check-docs-site.py [SITE_DIR]
"""

from __future__ import annotations

import html
import importlib
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# The modules the reference page documents beside ``tabeq`` (scripts/build-docs.py).
MODULES = ("tabeq.explain", "tabeq.trust", "tabeq.testing")


def public_names(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_")
            and getattr(value, "__module__", module_name) == module_name
            and callable(value)
        ]
    return sorted(names)


def builtin_docstrings() -> list[str]:
    # The first line of the docstrings a value borrows from its type.
    types = (str, int, float, bytes, tuple, list, dict, bool, object, type(None))
    return [t.__doc__.strip().splitlines()[0] for t in types if t.__doc__]


def problems(site: Path) -> list[str]:
    page = (site / "reference" / "python.html").read_text(encoding="utf-8")
    anchors = {html.unescape(a) for a in re.findall(r'id="([^"]+)"', page)}
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    found: list[str] = []
    modules = [("tabeq", public_names("tabeq"))]
    modules += [(name, public_names(name)) for name in (*MODULES, *documented_modules())]
    for module, names in modules:
        for name in names:
            if name.startswith("__"):
                continue  # ``__version__``: a dunder, not API documentation
            qualified = f"{module}.{name}"
            # mkdocstrings anchors its entries by their path; the compiled core's headings (the
            # "Defined in the compiled core" part) are anchored by their text, lowercased.
            native = re.sub(r"[^\w-]", "", f"{module}{name}".lower())
            if qualified not in anchors and not any(a.startswith(native) for a in anchors):
                found.append(f"{qualified} is not documented")
    for doc in builtin_docstrings():
        if doc in text:
            found.append(f"an entry shows a built-in type's docstring: {doc!r}")
    return found


def documented_modules() -> tuple[str, ...]:
    """The other modules build-docs.py puts on the page (its ``MORE_MODULES``)."""
    source = (REPO / "scripts" / "build-docs.py").read_text(encoding="utf-8")
    match = re.search(r"^MORE_MODULES = \(([^)]*)\)", source, flags=re.MULTILINE)
    assert match is not None, "build-docs.py names its MORE_MODULES"
    return tuple(re.findall(r'"([\w.]+)"', match.group(1)))


def main() -> int:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "target" / "site"
    found = problems(site)
    for problem in found:
        print(f"check-docs-site: {problem}", file=sys.stderr)
    if not found:
        print("check-docs-site: every public object is documented from its own docstring", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
