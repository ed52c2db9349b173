#!/usr/bin/env bash
# The Python environment of the make targets, in .venv (or $VENV), in layers that each install only
# when a target needs them:
#   package       the tabeq package built from this tree (make example needs nothing else)
#   tools         requirements-dev.txt: the test, lint and release tools (make test, make dist)
#   integrations  requirements-integrations.txt: the harnesses tests/python/test_integrations.py
#                 runs for real (make test-integrations)
#   docs          requirements-docs.txt: mkdocs and mkdocstrings (make docs), in their own virtualenv
#                 .venv-docs (or $DOCS_VENV)
# Each says what it installs and about how much; the full pip output goes to $VENV/logs/, with the
# packages being collected and installed shown as progress.
#
#   scripts/setup.sh package|tools|integrations|docs
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh setup
layer=${1:?usage: scripts/setup.sh package|tools|integrations|docs}
VENV=${VENV:-.venv}
[ "$layer" = docs ] && VENV=${DOCS_VENV:-.venv-docs}
PIP=(env PIP_DISABLE_PIP_VERSION_CHECK=1 "$VENV/bin/python" -m pip)
PROGRESS='^ *(Downloading|Installing collected|Successfully installed|Compiling|Finished|Building wheel)'

if [ ! -x "$VENV/bin/python" ]; then
  log "creating the virtualenv $VENV with $(python3 --version)"
  python3 -m venv "$VENV"
fi

start=$(date +%s)
case $layer in
  package)
    # pip fetches maturin (the build backend, about 20 MB) into its isolated build environment.
    log "building tabeq from this tree into $VENV: compiles the Rust core in release mode with fat LTO (several minutes on 2 cores; the wheel itself is under 2 MB)"
    run_with_progress "$VENV/logs/package.log" "$PROGRESS" "${PIP[@]}" install -v .
    ;;
  tools)
    log "installing requirements-dev.txt into $VENV: maturin, pytest, mypy, ruff, pandas, polars, scipy, zig (ziglang), auditwheel, twine, actionlint (about 280 MB to download, 1.1 GB installed; zig alone is 410 MB)"
    run_with_progress "$VENV/logs/tools.log" "$PROGRESS" "${PIP[@]}" install -r requirements-dev.txt
    ;;
  integrations)
    # What the Python tests run beside the harnesses: a JRE for the local Spark session of
    # tests/python/test_arrow.py, and zsh and fish for the completion scripts' tests.
    missing=()
    command -v java >/dev/null || missing+=(default-jre-headless)
    command -v zsh >/dev/null || missing+=(zsh)
    command -v fish >/dev/null || missing+=(fish)
    if [ ${#missing[@]} -gt 0 ]; then
      log "installing ${missing[*]} (apt; the JRE is about 200 MB)"
      apt_get_install "${missing[@]}"
    fi
    log "installing requirements-integrations.txt into $VENV for the integration tests: inspect-ai, ray, verifiers (with transformers), lm-eval, pyspark (about 1.7 GB)"
    run_with_progress "$VENV/logs/integrations.log" "$PROGRESS" "${PIP[@]}" install -r requirements-integrations.txt -c requirements-dev.txt
    ;;
  docs)
    log "installing requirements-docs.txt into $VENV: mkdocs, mkdocstrings (about 55 MB)"
    run_with_progress "$VENV/logs/docs.log" "$PROGRESS" "${PIP[@]}" install -r requirements-docs.txt
    ;;
  *)
    log "unknown layer $layer (package, tools, integrations or docs)"
    exit 2
    ;;
esac
log "$layer: done in $(elapsed "$start")"
