"""Assemble the sources of the documentation site (mkdocs.yml) in target/docs-src.

The site mirrors the repository's layout, so relative links between Markdown files work as they do on
the forge: README.md becomes the home page, SECURITY.md, BENCHMARKS.md and CHANGELOG.md stay at the
root, docs/ (the guides and the spec) stays docs/. Generated pages go to reference/:

* reference/python.md: the Python API, rendered by mkdocstrings from the package's docstrings, and
  the names defined in the compiled core from the installed module (their docstrings live there);
* reference/cli.md: every ``tabeq`` command's ``--help``, from the argument parser itself;
* reference/js.md: the JavaScript API, each exported declaration of ``bindings-wasm/types/*.d.ts``
  with its doc comment.

Links are rewritten so the link check (mkdocs --strict) sees them: absolute links to this repository's
files that are in the site become relative; relative links to repository files that are not in the
site (sources, examples) become absolute links to the repository. A link to a file that does not exist
is left alone, and the build fails on it.

Run with the Python that has tabeq installed (the CLI page imports ``tabeq.cli``):
    python scripts/build-docs.py [OUT_DIR]
"""

from __future__ import annotations

import argparse
import os
import posixpath
import re
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FORGE = "https://github.com/tabeq/tabeq"
BLOB, TREE = f"{FORGE}/blob/main/", f"{FORGE}/tree/main/"
ROOT_PAGES = {"README.md": "index.md", "SECURITY.md": "SECURITY.md", "BENCHMARKS.md": "BENCHMARKS.md"}
ROOT_PAGES["CHANGELOG.md"] = "CHANGELOG.md"
LINK = re.compile(r"(!?\[[^\]]*\]\()([^)\s]+)(\))")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def site_path_of(repo_path: str) -> str | None:
    """Where a repository file is in the site, or None when the site does not hold it."""
    if repo_path in ROOT_PAGES:
        return ROOT_PAGES[repo_path]
    if repo_path.startswith("docs/") and repo_path.endswith(".md") and (REPO / repo_path).is_file():
        return repo_path
    return None


def rewrite_link(target: str, repo_file: str) -> str:
    """The link ``target`` of the page made from ``repo_file``, as the site needs it."""
    page = site_path_of(repo_file) or repo_file
    page_dir = posixpath.dirname(page)
    anchor = ""
    if "#" in target:
        target, anchor = target.split("#", 1)
        anchor = "#" + anchor
    if not target:
        return anchor
    for prefix in (BLOB, TREE):
        if target.startswith(prefix):
            in_site = site_path_of(target[len(prefix) :])
            if in_site is None:
                return target + anchor
            return posixpath.relpath(in_site, page_dir or ".") + anchor
    if re.match(r"^[a-z]+:", target):
        return target + anchor
    repo_target = posixpath.normpath(posixpath.join(posixpath.dirname(repo_file), target))
    in_site = site_path_of(repo_target)
    if in_site is not None:
        return posixpath.relpath(in_site, page_dir or ".") + anchor
    found = REPO / repo_target
    if found.is_dir():
        return TREE + repo_target.rstrip("/") + "/" + anchor
    if found.is_file():
        return BLOB + repo_target + anchor
    return target + anchor  # broken: the strict build reports it


def rewrite_page(text: str, repo_file: str) -> str:
    """``text`` with its links rewritten, code blocks left as they are."""
    out, last = [], 0
    for fence in FENCE.finditer(text):
        out.append(
            LINK.sub(lambda m: m[1] + rewrite_link(m[2], repo_file) + m[3], text[last : fence.start()])
        )
        out.append(fence.group(0))
        last = fence.end()
    out.append(LINK.sub(lambda m: m[1] + rewrite_link(m[2], repo_file) + m[3], text[last:]))
    return "".join(out)


def is_native(obj: object) -> bool:
    """Whether ``obj`` is defined in the compiled module (a class may name ``tabeq`` as its module)."""
    import inspect

    if inspect.isbuiltin(obj):
        return True
    if not isinstance(obj, type):
        return False
    try:
        source = inspect.getsource(sys.modules[obj.__module__])
    except (KeyError, OSError, TypeError):
        return True
    return f"class {obj.__name__}" not in source


def native_names(module_name: str = "tabeq") -> list[str]:
    """The public names of a module of ``tabeq`` defined in its compiled module: their docstrings
    exist only at run time (pyo3 takes them from the Rust doc comments), so they are documented
    from the installed module rather than by mkdocstrings' reading of the sources."""
    import importlib

    module = importlib.import_module(module_name)
    return [
        name
        for name in module.__all__
        if is_native(getattr(module, name)) and (getattr(module, name).__doc__ or "").strip()
    ]


def signature_of(value: object) -> str:
    text = getattr(value, "__text_signature__", None) or ""
    return text.replace("($self, ", "(").replace("($self)", "()").replace("($cls, ", "(")


def is_plain_value(value: object) -> bool:
    """Whether ``value`` is data (a ``str``, number, tuple, ...) rather than a function,
    property or descriptor, whose own ``__doc__`` documents it."""
    return isinstance(value, (str, bytes, int, float, tuple, frozenset, type(None)))


def native_api(module_name: str = "tabeq", title: str = "## Defined in the compiled core") -> str:
    import importlib
    import inspect

    module = importlib.import_module(module_name)
    names = native_names(module_name)
    if not names:
        return ""
    parts = [f"{title}\n"]
    for name in names:
        obj = getattr(module, name)
        if not isinstance(obj, type):
            parts.append(
                f"\n### {module_name}.{name}{signature_of(obj)}\n\n{inspect.cleandoc(obj.__doc__)}\n"
            )
            continue
        parts.append(f"\n### {module_name}.{name}\n\n{inspect.cleandoc(obj.__doc__)}\n")
        for member, value in vars(obj).items():
            if member.startswith("_"):
                continue
            if is_plain_value(value):
                # A class attribute holding plain data (the error classes' ``stage``): its
                # ``__doc__`` is its type's (``str``'s), so it is shown by its value, which the
                # class docstring explains.
                parts.append(f"\n#### `{name}.{member} = {value!r}`\n")
                continue
            if not (value.__doc__ or "").strip():
                continue
            is_property = isinstance(value, property) or type(value).__name__ == "getset_descriptor"
            title = member + (" (property)" if is_property else signature_of(value))
            parts.append(f"\n#### `{name}.{title}`\n\n{inspect.cleandoc(value.__doc__)}\n")
    return "".join(parts) + "\n"


def python_page() -> str:
    modules = ("tabeq.explain", "tabeq.trust", "tabeq.testing", *MORE_MODULES)
    return (
        "# Python API\n\n"
        "Generated from the docstrings of the `tabeq` package (the compiled core's names from the "
        "installed module). The guide with a walkthrough is [docs/python.md](../docs/python.md).\n\n"
        "::: tabeq\n\n"
        + native_api()
        + "".join(
            f"## {module}\n\n::: {module}\n\n"
            + native_api(module, f"### {module}: defined in the compiled core")
            for module in modules
        )
    )


# The package's other public modules, each from its own docstrings. The harness adapters
# (``tabeq.integrations.*``) import their harness and are documented in docs/integrations.md.
MORE_MODULES = ("tabeq.arrow", "tabeq.kddcup", "tabeq.spider2", "tabeq.sql")


def cli_page() -> str:
    os.environ["COLUMNS"] = "100"  # argparse wraps help at the terminal width: make it fixed
    from tabeq.cli import build_parser

    parts = [
        "# Command line\n\n",
        "`tabeq COMMAND ...` (also `python -m tabeq COMMAND ...`). Without a command, the official "
        "`evaluate.py` flags run `tabeq evaluate`. Generated from the argument parser.\n",
    ]

    def walk(parser: argparse.ArgumentParser, name: str, depth: int) -> None:
        parts.append(f"\n{'#' * min(depth, 6)} `{name}`\n\n```text\n{parser.format_help().rstrip()}\n```\n")
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    walk(sub, f"{name} {sub_name}", depth + 1)

    walk(build_parser(), "tabeq", 2)
    return "".join(parts)


DECLARATION = re.compile(r"^export (?:declare )?(?:function|class|interface|type|const|enum) (\w+)")


def js_declarations(path: Path) -> list[tuple[str, str, str]]:
    """(name, doc comment, declaration) of every ``export`` at the top level of a .d.ts file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[tuple[str, str, str]] = []
    comment: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("/**"):
            comment = []
            while True:
                body = lines[i].strip().removeprefix("/**").removesuffix("*/").strip()
                body = body.removeprefix("* ").removeprefix("*")
                if body:
                    comment.append(body)
                if lines[i].rstrip().endswith("*/"):
                    break
                i += 1
            i += 1
            continue
        match = DECLARATION.match(line)
        if match:
            block = [line]
            depth = line.count("{") - line.count("}")
            # A declaration ends at its closing brace, or at the first line ending in ";" outside
            # braces; a type alias (a union of objects, one per line) only at its ";".
            ends = ";" if match.group(0).split()[1] == "type" else (";", "}")
            while (depth > 0 or not block[-1].rstrip().endswith(ends)) and i + 1 < len(lines):
                i += 1
                block.append(lines[i])
                depth += lines[i].count("{") - lines[i].count("}")
            found.append((match.group(1), " ".join(comment), "\n".join(block)))
        if line.strip():
            comment = []
        i += 1
    return found


def js_page() -> str:
    parts = [
        "# JavaScript API\n\n",
        "The npm package `tabeq` (WebAssembly, for browsers, Node and bundlers). Generated from the "
        "TypeScript declarations the package ships (`bindings-wasm/types/`); the guide is "
        f"[bindings-wasm/README.md]({BLOB}bindings-wasm/README.md).\n",
    ]
    for path in sorted((REPO / "bindings-wasm" / "types").glob("*.d.ts")):
        declarations = js_declarations(path)
        if not declarations:
            continue
        # Which import path serves which declarations is package.json's "exports".
        parts.append(f"\n## {path.name}\n")
        for name, comment, code in declarations:
            parts.append(f"\n### {name}\n\n")
            if comment:
                parts.append(comment + "\n\n")
            parts.append(f"```ts\n{code}\n```\n")
    return "".join(parts)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "target" / "docs-src"
    if out.exists():
        shutil.rmtree(out)
    (out / "reference").mkdir(parents=True)
    for repo_file, page in ROOT_PAGES.items():
        text = (REPO / repo_file).read_text(encoding="utf-8")
        (out / page).write_text(rewrite_page(text, repo_file), encoding="utf-8")
    for path in sorted((REPO / "docs").rglob("*.md")):
        repo_file = path.relative_to(REPO).as_posix()
        (out / repo_file).parent.mkdir(parents=True, exist_ok=True)
        (out / repo_file).write_text(
            rewrite_page(path.read_text(encoding="utf-8"), repo_file), encoding="utf-8"
        )
    (out / "reference" / "python.md").write_text(python_page(), encoding="utf-8")
    (out / "reference" / "cli.md").write_text(cli_page(), encoding="utf-8")
    (out / "reference" / "js.md").write_text(js_page(), encoding="utf-8")
    print(f"build-docs: site sources in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
