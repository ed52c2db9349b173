"""The Python package reads top-down: no module imports itself around a loop.

Every `import tabeq.x`, `from tabeq.x import y`, `from . import x` and `from .x import y` in the
package's sources (at any depth: inside functions and `if TYPE_CHECKING:` too) is an edge; the
package and each subpackage's `__init__` count as modules of their own. The native crates are
checked the same way by core/tests/layers.rs.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "bindings-py" / "python" / "tabeq"


def module_name(root: Path, file: Path) -> str:
    parts = list(file.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(name: str, is_package: bool, source: str, modules: set[str]) -> set[str]:
    """The package's modules that the module `name` imports."""
    found = set()
    here = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # `from a import b` imports the module a.b when there is one, else a's name b.
            targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in modules else stem for a in node.names]
        for target in targets:
            # The longest module the dotted name falls in.
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph_of(sources: dict[str, tuple[bool, str]]) -> dict[str, set[str]]:
    modules = set(sources)
    return {name: imports(name, pkg, text, modules) for name, (pkg, text) in sources.items()}


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle for each back edge of a depth-first search (empty when acyclic)."""
    state: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt, 0) == 0:
                visit(nxt)
            elif state[nxt] == 1:
                out.append(stack[stack.index(nxt) :] + [nxt])
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return out


def package_sources() -> dict[str, tuple[bool, str]]:
    sources = {
        module_name(PACKAGE, f): (f.name == "__init__.py", f.read_text(encoding="utf-8"))
        for f in sorted(PACKAGE.rglob("*.py"))
    }
    # The native extension (its stub `_tabeq.pyi`) is a module too, and a leaf.
    for stub in sorted(PACKAGE.rglob("*.pyi")):
        sources.setdefault(module_name(PACKAGE, stub), (False, ""))
    return sources


def test_the_package_has_no_import_cycle() -> None:
    sources = package_sources()
    assert {"tabeq", "tabeq.integrations", "tabeq._tabeq"} <= set(sources)
    graph = graph_of(sources)
    # The walk sees the package's own imports (the package imports its submodules).
    assert graph["tabeq"], "tabeq/__init__.py imports its modules"
    assert loops(graph) == []


def test_a_planted_cycle_is_found_in_every_spelling() -> None:
    for spelling in [
        "import tabeq.b",
        "from tabeq import b",
        "from . import b",
        "from .b import f",
        "from tabeq.b import f",
    ]:
        sources = {
            "tabeq": (True, ""),
            "tabeq.a": (False, spelling),
            "tabeq.b": (False, "def f():\n    from tabeq.a import g\n"),
        }
        assert loops(graph_of(sources)) == [["tabeq.a", "tabeq.b", "tabeq.a"]], spelling
    # A relative import from a subpackage's __init__ resolves against the subpackage.
    sources = {
        "tabeq": (True, ""),
        "tabeq.sub": (True, "from ._common import x"),
        "tabeq.sub._common": (False, "from tabeq.sub import y"),
    }
    assert loops(graph_of(sources)) == [["tabeq.sub", "tabeq.sub._common", "tabeq.sub"]]
