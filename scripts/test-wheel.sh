#!/usr/bin/env bash
# The Python wheel as users get it: build the manylinux2014 x86_64 wheel (scripts/build-wheels.sh;
# incremental), check that auditwheel calls it manylinux_2_17 and that twine accepts its metadata, install
# it into a fresh virtualenv (no source tree on the path) and run the conformance vectors
# (tests/python/test_conformance.py: every vector of tests/conformance/cases.jsonl and the suite) there.
#
#   scripts/test-wheel.sh [OUT_DIR]     # default dist/
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-dist}
VENV_BIN=$ROOT/.venv/bin
log() { echo "test-wheel: $*" >&2; }

version=$(bash scripts/workspace-field.sh version)
bash scripts/build-wheels.sh "$OUT" x86_64
wheel=$(ls "$OUT"/tabeq-"$version"-cp39-abi3-*manylinux_2_17_x86_64*.whl)
bash scripts/auditwheel-tag.sh "$wheel" manylinux_2_17_x86_64
"$VENV_BIN/twine" check --strict "$wheel"

fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
python3 -m venv "$fresh/venv"
# The test runner and pandas (test_conformance.py also scores DataFrames), at requirements-dev.txt's pins.
"$fresh/venv/bin/pip" install -q --disable-pip-version-check "$wheel" \
  $(grep -E '^(pytest|pandas)==' requirements-dev.txt)
cd "$fresh"
"$fresh/venv/bin/python" - "$wheel" <<'PY'
import sys, tabeq
from pathlib import Path
installed = Path(tabeq.__file__).resolve()
assert installed.is_relative_to(Path(sys.prefix).resolve()), installed
print(f"test-wheel: tabeq {tabeq.__version__} from {installed.parent}", file=sys.stderr)
PY
"$fresh/venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir "$ROOT/tests/python" \
  "$ROOT/tests/python/test_conformance.py"
log "ok: $(basename "$wheel") passes the conformance vectors in a fresh virtualenv"
