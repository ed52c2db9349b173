"""docs/python.md is a walkthrough that must not drift: its `python` blocks run in order in one
namespace (in a temporary directory), a `text` block right after one is the exact output it must
print, and each `$ command` of a `console` block runs with its output compared (a final
`[exit N]` line gives a non-zero exit code). Blocks without a language are not run."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

DOC = REPO / "docs" / "python.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", flags=re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(DOC.read_text(encoding="utf-8"))]


def normalize(text: str) -> str:
    # The version changes with every release; everything else must match exactly.
    return re.sub(r'"evaluator_version": "[^"]*"', '"evaluator_version": "<version>"', text)


def run_console(block: str, cwd: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    commands = re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]
    for command in commands:
        line, _, expected = command.partition("\n")
        exit_code = 0
        match = re.search(r"^\[exit (\d+)\]\n\Z", expected, flags=re.MULTILINE)
        if match:
            exit_code = int(match.group(1))
            expected = expected[: match.start()]
        done = subprocess.run(
            ["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
        )
        assert done.returncode == exit_code, (line, done.stderr)
        assert normalize(done.stdout + done.stderr) == normalize(expected), line


def test_walkthrough_runs_and_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    found = blocks()
    assert sum(1 for lang, _ in found if lang == "python") >= 10
    assert sum(1 for lang, _ in found if lang == "console") >= 2
    previous_output: str | None = None
    for index, (lang, body) in enumerate(found):
        if lang == "python":
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                exec(compile(body, f"{DOC.name} block {index}", "exec"), namespace)
            previous_output = buffer.getvalue()
        elif lang == "text":
            assert previous_output is not None, f"block {index}: output without code"
            assert previous_output == body, f"block {index}"
            previous_output = None
        elif lang == "console":
            run_console(body, tmp_path)
            previous_output = None
        else:
            previous_output = None


def test_readme_python_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = (REPO / "README.md").read_text(encoding="utf-8")
    examples = [m.group(2) for m in FENCE.finditer(text) if m.group(1) == "python"]
    assert examples, "the README has a Python example"
    for index, body in enumerate(examples):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            exec(compile(body, f"README.md python block {index}", "exec"), {"__name__": "__readme__"})
        assert buffer.getvalue(), "the example prints its result"


# README.md's claims, checked. Its shell blocks are run, or listed here with the reason they are not
# (a block that is neither fails test_every_readme_shell_block_is_run_or_excused).
README = REPO / "README.md"
README_NOT_RUN = {
    "git clone": "installs from a clone over the network and compiles every surface (many minutes)",
    "pip install tabeq": "installs from the package registries, where tabeq is not released yet",
    "make example": "runs the whole setup; test_make_example_runs_its_recipe runs the command it ends with",
    "make check": "runs the whole inner loop (minutes); test_make_check_is_the_fast_loop checks its recipe",
    "bash scripts/build-wasm.sh": "builds WebAssembly (minutes) and opens a browser; "
    "test_the_web_demo_files_exist checks what it names",
}
# Exit code of each command of the README's command-line block, by its first two words.
README_EXIT_CODES = {"tabeq evaluate": 0, "tabeq check": 1, "tabeq trust": 0}
# Paths the README names that are not in the repository: what builds and runs create, and the
# official evaluator's script.
GENERATED = {
    "evaluate.py": "the official DataSpace evaluator (never part of this repository)",
    ".venv": "make setup",
    "dist/": "make dist",
    "examples/suite/evaluation_summary.json": "make example",
    "web-demo/pkg/tabeq-demo.html": "scripts/build-wasm.sh (web-demo/make-standalone.mjs)",
    "~/.cargo/bin/wasm-bindgen": "scripts/build-wasm.sh",
    "summary.json": "the command-line example",
}


def readme_blocks(language: str) -> list[str]:
    return [m.group(2) for m in FENCE.finditer(README.read_text(encoding="utf-8")) if m.group(1) == language]


def shell_commands(block: str) -> list[str]:
    """The commands of a shell block: comments dropped, continuation lines joined."""
    joined = block.replace("\\\n", " ")
    return [
        line.split("  #")[0].strip()
        for line in joined.splitlines()
        if line.strip() and not line.startswith("#")
    ]


def with_tabeq_on_path() -> dict[str, str]:
    return dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")


def run_shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash in ``cwd``, with this environment's ``tabeq`` first on PATH."""
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=with_tabeq_on_path(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def copy_examples(to: Path) -> None:
    shutil.copytree(REPO / "examples", to / "examples")


def test_every_readme_shell_block_is_run_or_excused() -> None:
    blocks = readme_blocks("sh")
    assert len(blocks) >= 5
    for block in blocks:
        first = shell_commands(block)[0]
        runs = all(c.split()[0] == "tabeq" for c in shell_commands(block))
        assert runs or any(first.startswith(p) for p in README_NOT_RUN), f"README block not checked: {first}"


def test_readme_command_line_block_runs(tmp_path: Path) -> None:
    (block,) = [b for b in readme_blocks("sh") if shell_commands(b)[0].startswith("tabeq evaluate")]
    copy_examples(tmp_path)
    commands = shell_commands(block)
    assert {" ".join(c.split()[:2]) for c in commands} == set(README_EXIT_CODES)
    for command in commands:
        done = run_shell(command, tmp_path)
        assert done.returncode == README_EXIT_CODES[" ".join(command.split()[:2])], (command, done.stderr)
        assert done.stdout or "--quiet" in command, command
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert any("diagnosis" in task for task in summary["tasks"])  # the second command's --explain


def test_make_check_is_the_fast_loop() -> None:
    # The README's inner loop: `make check` builds without the release profile (fat LTO), puts a
    # dev build of the extension into the venv and runs the Rust and Python tests and the lints;
    # it is not part of `make test`, which stays the full contract.
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^check: (.*)\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE)
    assert match is not None
    recipe = match.group(2)
    assert "--release" not in recipe and "pip install ." not in recipe
    assert re.search(r"^CHECK_PROFILE \?= (ci|dev)$", makefile, flags=re.MULTILINE)
    for step in [
        "$(MATURIN) develop --profile $(CHECK_PROFILE)",
        "cargo test",
        "pytest",
        "clippy",
        "ruff",
        "mypy",
    ]:
        assert step.replace("cargo ", "$(CARGO) ") in recipe, step
    assert "check" not in re.search(r"^test: (.*)$", makefile, flags=re.MULTILINE).group(1).split()
    assert "make check" in README.read_text(encoding="utf-8").split("## Development", 1)[1]


def test_make_example_runs_its_recipe(tmp_path: Path) -> None:
    # The Makefile's `example` target: its dependency is the package alone, and its command, run with
    # this environment's tabeq in a copy of the examples, writes the summary and prints the console view.
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^example: (.*)\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE)
    assert match is not None
    assert match.group(1).split() == ["package"], "make example needs only the package"
    recipe = match.group(2).replace("\\\n", " ").replace("\t", "").replace("$(VENV)/bin/", "")
    copy_examples(tmp_path)
    done = run_shell(recipe, tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "examples/suite/evaluation_summary.json").is_file()
    assert "examples/suite/evaluation_summary.json" in done.stdout


def test_the_web_demo_files_exist() -> None:
    (block,) = [b for b in readme_blocks("sh") if shell_commands(b)[0] == "bash scripts/build-wasm.sh"]
    assert (REPO / "web-demo" / "index.html").is_file()
    # The single-file page is written by the build (scripts/build-wasm.sh runs make-standalone.mjs).
    assert "web-demo/pkg/tabeq-demo.html" in block
    assert "make-standalone.mjs" in (REPO / "scripts" / "build-wasm.sh").read_text(encoding="utf-8")
    assert "tabeq-demo.html" in (REPO / "web-demo" / "make-standalone.mjs").read_text(encoding="utf-8")


def test_readme_names_only_files_that_exist() -> None:
    text = README.read_text(encoding="utf-8")
    names = set(
        re.findall(
            r"(?<![\w/.~-])((?:~/)?[\w.-]+(?:/[\w.-]+)*/?)", " ".join(re.findall(r"`([^`\n]+)`", text))
        )
    )
    names |= set(re.findall(r"(?<![\w/.:-])((?:[\w.-]+/)+[\w.-]*)", "\n".join(readme_blocks("sh"))))
    top_level = {p.name for p in REPO.iterdir()}
    checked = 0
    for name in sorted(names):
        first = name.split("/", 1)[0]
        # A path: under a top-level entry of the repository, or a file name with an extension.
        looks_like_a_path = ("/" in name and first in top_level) or (
            "/" not in name and re.search(r"\.(md|json|jsonl|txt|sh|py|toml|yml|csv|html)$", name)
        )
        if not looks_like_a_path or name in GENERATED or "/pkg" in name:
            continue
        checked += 1
        assert (REPO / name).exists(), f"README names {name}, which is not in the repository"
    assert checked >= 15


def test_readme_requirements_match_the_files() -> None:
    text = README.read_text(encoding="utf-8")
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    oldest = re.search(r'^requires-python = ">=3\.(\d+)"', pyproject, flags=re.MULTILINE)
    assert oldest is not None
    assert f"runs on Python 3.{oldest.group(1)} and newer" in text
    # The pinned tools need 3.11 (pandas 3, scipy 1.16); the README asks for it for the two commands.
    assert "Python 3.11 or newer" in text
    node_deps = (REPO / "scripts" / "node-deps.sh").read_text(encoding="utf-8")
    needed = re.search(r'\[ "\$major" -ge (\d+) \]', node_deps)
    assert needed is not None
    engines = json.loads((REPO / "package.json").read_text(encoding="utf-8"))["engines"]["node"]
    assert engines == f">={needed.group(1)}", "package.json engines.node matches scripts/node-deps.sh"
    assert f"Node {needed.group(1)} or newer" in text
    cargo = (REPO / "Cargo.toml").read_text(encoding="utf-8")
    msrv = re.search(r'^rust-version = "([\d.]+)"', cargo, flags=re.MULTILINE)
    assert msrv is not None
    assert f"`rust-version` ({msrv.group(1)}" in text
    assert f'rust-version = "{msrv.group(1)}"' in (REPO / "CHANGELOG.md").read_text(encoding="utf-8")


def test_docs_cite_only_repository_files() -> None:
    # A path that leaves the repository (a sibling folder, an absolute path) is nothing a reader of the
    # repository can open.
    for page in [*sorted((REPO / "docs").rglob("*.md")), README, REPO / "SECURITY.md"]:
        text = page.read_text(encoding="utf-8")
        base = page.parent
        for target in re.findall(r"(?:\.\./)+[\w./-]+", text):
            resolved = (base / target).resolve()
            assert resolved.is_relative_to(REPO), (
                f"{page.relative_to(REPO)} cites {target}, outside the repository"
            )
            assert resolved.exists(), f"{page.relative_to(REPO)} cites {target}, which does not exist"


def test_docs_site_sources_assemble_with_working_links(tmp_path: Path) -> None:
    # `make docs` = scripts/build-docs.py, then mkdocs --strict (in its own virtualenv, not installed
    # for the tests). The first half runs here: every page of mkdocs.yml's nav is assembled, and
    # every relative link between the pages lands on a page (mkdocs --strict checks anchors too).
    out = tmp_path / "site-src"
    done = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "build-docs.py"), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    nav = re.findall(r":\s+([\w./-]+\.md)$", (REPO / "mkdocs.yml").read_text(encoding="utf-8"), flags=re.M)
    assert len(nav) >= 15
    for page in nav:
        assert (out / page).is_file(), page
    links = 0
    for page in out.rglob("*.md"):
        text = FENCE.sub("", page.read_text(encoding="utf-8"))
        for target in re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", text):
            if re.match(r"^[a-z]+:", target):
                continue
            links += 1
            assert (page.parent / target).resolve().is_file(), f"{page.relative_to(out)} links to {target}"
    assert links >= 10
    api = (out / "reference" / "python.md").read_text(encoding="utf-8")
    assert "::: tabeq" in api and "### tabeq.Gold" in api and "Gold.scores(" in api
    assert "### tabeq.evaluate(" in api
    assert "tabeq evaluate" in (out / "reference" / "cli.md").read_text(encoding="utf-8")
    assert "### evaluate" in (out / "reference" / "js.md").read_text(encoding="utf-8")


# Every page with `python` (or `pycon`) blocks, and the tests that run them: the examples are the
# contract. A page that gains a block without a runner fails test_every_documentation_block_runs.
DOC_BLOCK_RUNNERS = {
    "README.md": ["test_docs.py::test_readme_python_examples_run"],
    "docs/python.md": ["test_docs.py::test_walkthrough_runs_and_prints_what_it_shows"],
    "docs/explain.md": ["test_explain.py::test_docs_python_blocks_run"],
    "docs/integrations.md": ["test_integrations.py::test_doc_example_runs"],
    "docs/kddcup.md": ["test_kddcup.py::test_docs_page_runs_and_prints_what_it_shows"],
    "docs/profiles.md": ["test_profiles.py::test_docs_page_runs_and_prints_what_it_shows"],
    "docs/trust-metrics.md": [
        "test_docs.py::test_trust_metrics_python_block_runs",
        "test_trust.py::test_docs_python_examples_match",
    ],
}


def documentation_pages() -> list[Path]:
    return [REPO / name for name in ("README.md", "SECURITY.md", "BENCHMARKS.md")] + sorted(
        (REPO / "docs").rglob("*.md")
    )


def test_every_documentation_block_runs() -> None:
    with_blocks = {
        page.relative_to(REPO).as_posix()
        for page in documentation_pages()
        if any(m.group(1) in ("python", "pycon") for m in FENCE.finditer(page.read_text(encoding="utf-8")))
    }
    assert with_blocks == set(DOC_BLOCK_RUNNERS), (
        "a page's python blocks have no runner (or a runner no page)"
    )
    for page, runners in DOC_BLOCK_RUNNERS.items():
        for runner in runners:
            file, name = runner.split("::")
            source = (REPO / "tests" / "python" / file).read_text(encoding="utf-8")
            body = source.split(f"def {name}(", 1)
            assert len(body) == 2, f"{runner} does not exist"
            # The runner reads the page (by its file name, or the module's DOC constant).
            page_name = Path(page).name
            assert page_name in body[1].split("\ndef ", 1)[0] or f'"{page_name}"' in source, runner


def test_trust_metrics_python_block_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The overview block of docs/trust-metrics.md runs in examples/trust/, as its comment says."""
    page = REPO / "docs" / "trust-metrics.md"
    found = [
        body
        for lang, body in ((m.group(1), m.group(2)) for m in FENCE.finditer(page.read_text("utf-8")))
        if lang == "python"
    ]
    assert len(found) == 1
    (block,) = found
    assert block.startswith("# In examples/trust/")
    monkeypatch.chdir(REPO / "examples" / "trust")
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(compile(block, "trust-metrics.md python block", "exec"), {"__name__": "__docs__"})
    assert "Model-A" in buffer.getvalue()


def test_docs_site_navigation_holds_every_page() -> None:
    # mkdocs --strict fails on a page missing from the nav (make docs); the same check without mkdocs.
    nav = set(
        re.findall(r":\s+([\w./-]+\.md)$", (REPO / "mkdocs.yml").read_text(encoding="utf-8"), flags=re.M)
    )
    for page in sorted((REPO / "docs").rglob("*.md")):
        assert page.relative_to(REPO).as_posix() in nav, (
            f"{page.relative_to(REPO)} is not in mkdocs.yml's nav"
        )


def test_make_docs_is_strict_shows_every_warning_and_runs_in_make_test() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^docs: (.*)\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE)
    assert match is not None
    recipe = match.group(2)
    assert "mkdocs build --strict" in recipe and "--quiet" not in recipe and " -q" not in recipe
    assert "scripts/check-docs-site.py" in recipe
    assert "docs" in re.search(r"^test: (.*)$", makefile, flags=re.MULTILINE).group(1).split()
    assert "strict: true" in (REPO / "mkdocs.yml").read_text(encoding="utf-8")


def test_reference_documents_class_attributes_by_value_not_their_types_docstring(tmp_path: Path) -> None:
    out = tmp_path / "site-src"
    subprocess.run(
        [sys.executable, str(REPO / "scripts" / "build-docs.py"), str(out)], check=True, capture_output=True
    )
    api = (out / "reference" / "python.md").read_text(encoding="utf-8")
    for name, stage in [
        ("FatalError", "suite"),
        ("ConfigError", "config"),
        ("GoldError", "gold"),
        ("SuiteError", "suite"),
    ]:
        assert f"#### `{name}.stage = {stage!r}`" in api
    for builtin in (str, int, tuple, dict, object):
        assert builtin.__doc__ is not None
        assert builtin.__doc__.strip().splitlines()[0] not in api, builtin
    for module in ("tabeq.arrow", "tabeq.kddcup", "tabeq.spider2", "tabeq.sql"):
        assert f"::: {module}\n" in api


def test_the_site_check_finds_an_undocumented_object_and_a_borrowed_docstring(tmp_path: Path) -> None:
    # scripts/check-docs-site.py (run by `make docs` on the built site) on a page that documents
    # one name only and shows str's docstring: both problems are named.
    import importlib.util

    spec = importlib.util.spec_from_file_location("check_docs_site", REPO / "scripts" / "check-docs-site.py")
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    (tmp_path / "reference").mkdir()
    borrowed = str.__doc__.strip().splitlines()[0] if str.__doc__ else ""
    page = f'<h3 id="tabeq.evaluate">evaluate</h3><p>{borrowed}</p>'
    (tmp_path / "reference" / "python.html").write_text(page, encoding="utf-8")
    found = check.problems(tmp_path)
    assert "tabeq.Gold is not documented" in found and "tabeq.arrow.score is not documented" in found
    assert not any(p.startswith("tabeq.evaluate ") for p in found)
    assert any("built-in type's docstring" in p for p in found)
