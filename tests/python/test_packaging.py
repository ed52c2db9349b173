"""Packaging: one version (the Cargo workspace's), no runtime dependencies, an abi3 extension,
and an sdist that builds with everything a source install needs.

Installing from that sdist compiles the Rust core in release mode (minutes on two cores), so it
is checked by hand before a release, as docs/python.md ("Packaging checks") describes."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import tabeq
from conftest import REPO


def workspace_version() -> str:
    text = (REPO / "Cargo.toml").read_text(encoding="utf-8")
    section = text.split("[workspace.package]", 1)[1]
    match = re.search(r'^version\s*=\s*"([^"]+)"', section, flags=re.MULTILINE)
    assert match is not None
    return match.group(1)


def test_version_comes_from_the_cargo_workspace() -> None:
    assert tabeq.__version__ == workspace_version()
    assert importlib.metadata.version("tabeq") == tabeq.__version__
    assert 'dynamic = ["version"]' in (REPO / "pyproject.toml").read_text(encoding="utf-8")


def test_no_runtime_dependencies() -> None:
    requirements = importlib.metadata.requires("tabeq") or []
    # pandas and polars are optional extras only.
    assert all("extra ==" in r for r in requirements), requirements


def test_installed_extension_is_abi3_and_typed() -> None:
    package = Path(tabeq.__file__).parent
    extensions = [
        p.name for p in package.iterdir() if p.name.startswith("_tabeq") and p.suffix in (".so", ".pyd")
    ]
    assert len(extensions) == 1
    assert ".abi3." in extensions[0] or extensions[0].endswith(".pyd")
    assert (package / "py.typed").exists() and (package / "_tabeq.pyi").exists()
    dist = importlib.metadata.distribution("tabeq")
    wheel = dist.read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel.splitlines() if line.startswith("Tag:")]
    assert tags and all("-abi3-" in tag for tag in tags), tags


def test_sdist_builds_with_the_sources_a_source_install_needs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "maturin", "sdist", "--out", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (sdist,) = tmp_path.glob("tabeq-*.tar.gz")
    assert sdist.name == f"tabeq-{tabeq.__version__}.tar.gz"
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    for required in (
        "pyproject.toml",
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "PKG-INFO",
        "core/Cargo.toml",
        "core/src/lib.rs",
        "bindings-py/Cargo.toml",
        "bindings-py/src/lib.rs",
        "bindings-py/python/tabeq/__init__.py",
        "bindings-py/python/tabeq/py.typed",
        "bindings-py/python/tabeq/_tabeq.pyi",
    ):
        assert required in names, required


@pytest.mark.parametrize("module", ["tabeq", "tabeq.cli", "tabeq._inputs", "tabeq._errors", "tabeq.explain"])
def test_modules_import_without_optional_packages(module: str) -> None:
    # A fresh interpreter where pandas/polars cannot be imported still imports tabeq.
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pandas', 'polars', 'numpy'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"import {module}\n"
        "import tabeq\n"
        "r = tabeq.evaluate(b'a\\n1\\n', b'a\\n1\\n', tabeq.TaskConfig(columns=[tabeq.text('a')]))\n"
        "assert r.passed and r._repr_html_()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
