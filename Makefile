# tabeq developer commands. The README's two commands are `make example` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
CARGO ?= cargo

.PHONY: setup package tools integrations test-integrations docs example check test test-rust test-python test-wasm test-cross-surface test-e2e lint bench fuzz wasm clean
.PHONY: dist test-packaging test-wheel test-npm test-crate types test-types

## .venv with the tabeq package and the dev tools (the tests' environment). Each layer installs only
## when a target needs it, and says what and how much (scripts/setup.sh).
setup: package tools

## The tabeq package alone, built from this tree: all that `make example` needs.
package: $(VENV)/.tabeq-installed
$(VENV)/.tabeq-installed: pyproject.toml Cargo.toml Cargo.lock $(shell find core/src core/trust/src core/spider2/src core/kddcup/src core/sql/src core/surface/src bindings-py -type f 2>/dev/null)
	VENV=$(VENV) bash scripts/setup.sh package
	touch $@

## requirements-dev.txt: test, lint and release tools.
tools: $(VENV)/.tabeq-tools
$(VENV)/.tabeq-tools: requirements-dev.txt

## requirements-docs.txt: mkdocs and mkdocstrings, in their own virtualenv.
DOCS_VENV ?= .venv-docs
$(DOCS_VENV)/.tabeq-docs: requirements-docs.txt
	DOCS_VENV=$(DOCS_VENV) bash scripts/setup.sh docs
	touch $@

## requirements-integrations.txt: the harnesses that tests/python/test_integrations.py runs for real.
integrations: $(VENV)/.tabeq-integrations
$(VENV)/.tabeq-integrations: requirements-integrations.txt

# Each layer's stamp: installed by scripts/setup.sh LAYER.
$(VENV)/.tabeq-tools $(VENV)/.tabeq-integrations: $(VENV)/.tabeq-%:
	VENV=$(VENV) bash scripts/setup.sh $*
	touch $@

## Evaluate the bundled example suite with the CLI.
example: package
	$(VENV)/bin/tabeq evaluate --prediction-root examples/suite/predictions --gold-root examples/suite/gold \
		--config-root examples/suite/configs --output examples/suite/evaluation_summary.json

## The inner loop, minutes on a warm tree (README, Development): the formatters' check, the Rust tests,
## the extension built into .venv by `maturin develop` in an incremental profile without LTO (not the
## release wheel), the Python tests against it (not the integration ones), clippy, ruff and mypy.
## `make test` stays the full contract. CHECK_PROFILE=dev builds unoptimised (slower tests).
CHECK_PROFILE ?= ci
MATURIN ?= $(VENV)/bin/maturin
check: tools
	bash scripts/latex-deps.sh
	$(CARGO) fmt --all -- --check
	$(PY) -m ruff format --check bindings-py/python tests/python tests/packaging scripts bench
	$(PY) -m ruff check bindings-py/python tests/python tests/packaging scripts bench
	$(CARGO) test --workspace --profile $(CHECK_PROFILE)
	VIRTUAL_ENV=$(abspath $(VENV)) $(MATURIN) develop --profile $(CHECK_PROFILE) --quiet
	$(PY) -m pytest -q -p no:cacheprovider tests/python --ignore=tests/python/test_integrations.py
	$(CARGO) clippy --workspace --all-targets --profile $(CHECK_PROFILE) -- -D warnings
	# The harness adapters are type-checked by `make lint`, which installs the harnesses.
	$(PY) -m mypy --strict --exclude 'tabeq/integrations/' bindings-py/python/tabeq tests/python/typing_example.py

## Every test: Rust, Python, WASM (Node), cross-surface identity, browser end-to-end, plus lints.
test: setup integrations test-rust test-python test-integrations test-wasm test-cross-surface test-e2e test-packaging test-types lint docs

# The fuzz crate is its own workspace: its references (the spec's number rules, CPython's csv
# state machine) have unit tests of their own, run here on stable so they cannot fall behind the spec.
test-rust:
	bash scripts/latex-deps.sh
	$(CARGO) test --workspace --profile ci
	$(CARGO) test --manifest-path core/fuzz/Cargo.toml --lib --locked

## The Python tests but the integration ones (test-integrations: they need the harnesses installed).
test-python: setup
	$(PY) -m pytest -q tests/python --ignore=tests/python/test_integrations.py

test-integrations: setup integrations
	$(PY) -m pytest -q tests/python/test_integrations.py

test-wasm:
	bash scripts/test-wasm.sh

## The same cases through the Rust core, the Python wheel and WASM in Node: byte-identical results.
test-cross-surface: setup
	bash scripts/test-cross-surface.sh

test-e2e:
	bash scripts/test-e2e.sh

## Regenerate the committed declarations that come from the Rust types (the <generated: NAME> blocks).
types:
	$(CARGO) run -q -p tabeq-wasm --features ts --example declarations -- bindings-wasm/types/tabeq.d.ts bindings-wasm/types/tabeq_trust.d.ts bindings-wasm/types/tabeq_spider2.d.ts bindings-wasm/types/tabeq_kddcup.d.ts

## Fails when `make types` changes a committed file.
test-types: types
	git diff --exit-code --stat -- bindings-wasm/types || { echo "make types changed the files above: commit them"; exit 1; }

# mypy follows tabeq.integrations.inspect_ai into inspect_ai: the harnesses must be installed.
# The second clippy checks the TypeScript derives and the declarations generator (feature ts); the
# core crates' API docs build without a warning (a broken intra-doc link fails).
lint: setup integrations
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --profile ci -- -D warnings
	$(CARGO) clippy -p tabeq-wasm --features ts --all-targets --profile ci -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc -p tabeq -p tabeq-trust -p tabeq-spider2 -p tabeq-kddcup -p tabeq-sql --no-deps --profile ci
	$(VENV)/bin/ruff check bindings-py/python tests/python tests/packaging scripts bench
	$(VENV)/bin/ruff format --check bindings-py/python tests/python tests/packaging scripts bench
	$(VENV)/bin/mypy --strict bindings-py/python/tabeq tests/python/typing_example.py
	$(PY) -m mypy.stubtest tabeq --allowlist tests/python/stubtest-allowlist.txt
	$(VENV)/bin/actionlint .github/workflows/*.yml

## Side-by-side benchmark; pass OFFICIAL=/path/to/evaluate.py to time the official evaluator too.
bench: setup
	$(PY) bench/run.py $(if $(OFFICIAL),--official $(OFFICIAL),)

## Run every fuzz target for FUZZ_SECONDS each (default 600).
fuzz:
	bash scripts/fuzz.sh $(or $(FUZZ_SECONDS),600)

wasm:
	bash scripts/build-wasm.sh

## Release artefacts into dist/: manylinux2014 and musllinux_1_2 wheels (x86_64, aarch64), sdist, npm
## tarball, .crate. Installs what it needs: rustup targets, zig (ziglang), wasm-bindgen-cli.
dist: tools
	bash scripts/dist.sh dist

## The packages as users install them: the x86_64 wheel in a fresh venv, the npm tarball, the .crate.
test-packaging: setup test-wheel test-npm test-crate
	$(PY) -m pytest -q tests/packaging

test-wheel: tools
	bash scripts/test-wheel.sh dist

test-npm:
	bash scripts/test-npm.sh

test-crate:
	bash scripts/package-crate.sh target/crate
	bash scripts/check-msrv.sh

## The documentation site in target/site: the guides, the Python API from its docstrings, the CLI
## reference from its parser, the JS API from its declarations, the spec and the changelog. mkdocs
## --strict fails on any warning (a broken internal link or anchor, a page missing from the nav, a
## docstring mkdocstrings cannot read), and every warning is shown (no --quiet). Part of `make test`.
docs: package $(DOCS_VENV)/.tabeq-docs
	$(PY) scripts/build-docs.py target/docs-src
	PYTHONPATH=scripts $(DOCS_VENV)/bin/mkdocs build --strict -f mkdocs.yml
	$(PY) scripts/check-docs-site.py target/site
	@echo "docs: target/site/index.html"

clean:
	rm -rf target $(VENV) $(DOCS_VENV) bindings-wasm/pkg bindings-wasm/pkg-node bindings-wasm/pkg-bundler web-demo/pkg dist node_modules test-output bench-out
