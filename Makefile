# tabeq developer commands. The README's two commands are `make example` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
CARGO ?= cargo

.PHONY: setup example test test-rust test-python test-wasm test-cross-surface test-e2e lint bench fuzz wasm clean
.PHONY: dist test-packaging test-wheel test-npm test-crate

## Create .venv, build and install the Python package with its dev tools.
setup: $(VENV)/.tabeq-installed

$(VENV)/.tabeq-installed: pyproject.toml Cargo.toml requirements-dev.txt requirements-integrations.txt $(shell find core/src core/trust/src bindings-py -type f 2>/dev/null)
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -r requirements-dev.txt
	$(PIP) install -q -r requirements-integrations.txt
	$(PIP) install -q .
	touch $@

## Evaluate the bundled example suite with the CLI.
example: setup
	$(VENV)/bin/tabeq evaluate --prediction-root examples/suite/predictions --gold-root examples/suite/gold \
		--config-root examples/suite/configs --output examples/suite/evaluation_summary.json

## Every test: Rust, Python, WASM (Node), cross-surface identity, browser end-to-end, plus lints.
test: setup test-rust test-python test-wasm test-cross-surface test-e2e test-packaging lint

test-rust:
	$(CARGO) test --workspace --profile ci

test-python: setup
	$(PY) -m pytest -q tests/python

test-wasm:
	bash scripts/test-wasm.sh

## The same cases through the Rust core, the Python wheel and WASM in Node: byte-identical results.
test-cross-surface: setup
	bash scripts/test-cross-surface.sh

test-e2e:
	bash scripts/test-e2e.sh

lint: setup
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --profile ci -- -D warnings
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

## Release artefacts into dist/: manylinux2014 wheels (x86_64, aarch64), sdist, npm tarball, .crate.
dist: setup
	bash scripts/dist.sh dist

## The packages as users install them: the x86_64 wheel in a fresh venv, the npm tarball, the .crate.
test-packaging: setup test-wheel test-npm test-crate
	$(PY) -m pytest -q tests/packaging

test-wheel: setup
	bash scripts/test-wheel.sh dist

test-npm:
	bash scripts/test-npm.sh

test-crate:
	bash scripts/package-crate.sh target/crate
	bash scripts/check-msrv.sh

clean:
	rm -rf target $(VENV) bindings-wasm/pkg bindings-wasm/pkg-node bindings-wasm/pkg-bundler web-demo/pkg dist node_modules test-output bench-out
