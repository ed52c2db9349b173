"""No user-facing message text is written in the bindings (issue 40): a raised error's message
comes from the core (``_tabeq.message(code, **data)`` in Python, ``tabeq::error::render_message``
in Rust, the WASM module's ``message`` on the page), and the binding passes only data (a name, a
type name, a repr, a limit).

This scans the sources: Python raise sites (their message argument, or a variable it was
assigned from), Rust ``new_err``/``argument_error``/``invalid_argument``/``internal`` calls with a
string literal or ``format!``, and the page's ``throw``/``coded``/``skip``/``message:`` sites. The
allow-list holds truly internal errors and sites another change owns, each with its reason; the
Rust sites not moved yet are counted per file and may only go down."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bindings-py" / "python" / "tabeq"

# (file relative to the repository, text of the site) -> why it may keep its words.
ALLOWED_PYTHON = {
    (
        "bindings-py/python/tabeq/__init__.py",
        "has no attribute",
    ): "Python's own wording of a missing module attribute",
}
ALLOWED_RUST = {
    ("bindings-py/src/pool.rs", "cannot start worker threads"): "internal: the OS refused a thread",
    ("bindings-py/src/pool.rs", "a worker stopped before its item"): "internal: a worker thread failed",
    (
        "bindings-wasm/src/js_args.rs",
        "Uint8Array is not available",
    ): "internal: the JS engine lacks Uint8Array",
}
# Rust sites that word their message in the binding: none (issue 40 moved them to the core's
# catalogue, tabeq::error::messages); a new one fails the test below.
RUST_NOT_YET_MOVED: dict[str, int] = {}
ALLOWED_JS: dict[tuple[str, str], str] = {
    ("web-demo/app.js", '"superseded"'): "internal: a run replaced by a newer one, never shown",
    ("web-demo/app.js", '"stopped by you"'): "internal: the rejection of a stopped run, shown by its code",
    ("web-demo/zip.js", "needs the module's message function"): "internal: a caller that forgot an argument",
}


def _is_words(node: ast.AST) -> bool:
    """A string literal, f-string, or an expression built from one (``"..." + x``, ``f"..."[:300]``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and " " in node.value
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and " " in str(v.value) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _is_words(node.left) or _is_words(node.right)
    if isinstance(node, ast.Subscript):
        return _is_words(node.value)
    return False


def python_sites(path: Path, source: str) -> list[tuple[int, str]]:
    """(line, text) of each raise whose message is written in ``source``."""
    tree = ast.parse(source)
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        assigned: dict[str, ast.AST] = {}
        for node in ast.walk(function):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned[target.id] = node.value
        for node in ast.walk(function):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            call = node.exc
            message = (
                call.args[0]
                if call.args
                else next((k.value for k in call.keywords if k.arg == "message"), None)
            )
            if isinstance(message, ast.Name):
                message = assigned.get(message.id, message)
            if message is not None and _is_words(message):
                found.append((node.lineno, ast.get_source_segment(source, node) or ""))
    return sorted(set(found))


RUST_SITE = re.compile(
    r"(?:new_err|argument_error|invalid_argument|internal)\(\s*\(?\s*(?:format!\(\s*)?\"([^\"]*)\"",
)
JS_SITE = re.compile(
    r"(?:throw new \w*Error\(|new \w*Error\(|coded\([^,()]+,\s*|skip\([^,()]+,\s*|message: )"
    r"\s*([\"'`])(.*?)\1",
)


def rust_sites(source: str) -> list[str]:
    """The message literal of each error built with words in a Rust ``source``."""
    return [m.group(1) for m in RUST_SITE.finditer(source) if " " in m.group(1)]


def js_sites(source: str) -> list[str]:
    """Each thrown or reported message literal of a page script (the quote included)."""
    return [m.group(1) + m.group(2) + m.group(1) for m in JS_SITE.finditer(source) if " " in m.group(2)]


def _allowed(allowed: dict[tuple[str, str], str], relative: str, text: str) -> bool:
    return any(file == relative and part in text for (file, part) in allowed)


def test_the_scanners_find_a_written_message() -> None:
    # Each scanner flags a message with words and accepts one rendered by the core.
    python = 'def f(x):\n    raise ValueError(f"x must be a list, got {x}")\n'
    assert python_sites(Path("f.py"), python)
    assigned = 'def f(x):\n    message = "reading needs a package"\n    raise TrustError(message, "c")\n'
    assert python_sites(Path("f.py"), assigned)
    rendered = (
        "def f(x):\n"
        '    raise ValueError(_tabeq.message("wrong_type", what="x", expected="a list", got="int"))\n'
    )
    assert not python_sites(Path("f.py"), rendered)
    assert rust_sites('Err(argument_error(format!(\n    "the {role} table is required"\n)))')
    assert not rust_sites("argument_error(render_message(MessageCode::WrongType, &data)?)")
    assert js_sites("throw new ZipError(`damaged central directory at entry ${n + 1}`);")
    assert not js_sites('throw new ZipError(say("zip_not_zip", {}), "zip_unreadable");')


def test_no_python_raise_writes_its_message() -> None:
    written = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        for line, text in python_sites(path, path.read_text(encoding="utf-8")):
            if not _allowed(ALLOWED_PYTHON, relative, text):
                written.append(f"{relative}:{line}: {text}")
    assert not written, "messages written in the Python package (use _tabeq.message):\n" + "\n".join(written)


def test_rust_binding_messages_only_go_down() -> None:
    counts: dict[str, int] = {}
    for path in sorted(
        [*(ROOT / "bindings-py" / "src").glob("*.rs"), *(ROOT / "bindings-wasm" / "src").glob("*.rs")]
    ):
        relative = path.relative_to(ROOT).as_posix()
        for text in rust_sites(path.read_text(encoding="utf-8")):
            if not _allowed(ALLOWED_RUST, relative, text):
                counts[relative] = counts.get(relative, 0) + 1
    grown = {f: n for f, n in counts.items() if n > RUST_NOT_YET_MOVED.get(f, 0)}
    assert not grown, f"new messages written in a binding (word them in tabeq::error::messages): {grown}"
    shrunk = {f: n for f, n in RUST_NOT_YET_MOVED.items() if counts.get(f, 0) < n}
    assert not shrunk, f"sites moved to the core: lower RUST_NOT_YET_MOVED to {shrunk}"


@pytest.mark.parametrize("name", ["app.js", "worker.js", "zip.js", "kddcup.js", "kddcup-worker.js"])
def test_page_scripts_throw_codes_not_sentences(name: str) -> None:
    path = ROOT / "web-demo" / name
    relative = path.relative_to(ROOT).as_posix()
    written = [t for t in js_sites(path.read_text(encoding="utf-8")) if not _allowed(ALLOWED_JS, relative, t)]
    assert not written, f"{relative} words its own errors (use the WASM module's message): {written}"
