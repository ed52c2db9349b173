#!/usr/bin/env bash
# Every release artefact into OUT_DIR (default dist/), checked:
#   tabeq-<v>-cp39-abi3-manylinux_2_17_{x86_64,aarch64}.whl  portable Linux wheels (auditwheel: manylinux_2_17)
#   tabeq-<v>.tar.gz                                         the sdist (twine check --strict, as the wheels)
#   tabeq-<v>.tgz                                            the npm package (used from ESM, CJS, esbuild)
#   tabeq-<v>.crate                                          the crate (its packaged tests pass)
# macOS, Windows and musllinux wheels are built by .github/workflows/release.yml on their own runners.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-dist}
VENV_BIN=$PWD/.venv/bin
log() { echo "dist: $*" >&2; }
version=$(bash scripts/workspace-field.sh version)
mkdir -p "$OUT"

bash scripts/test-wheel.sh "$OUT"   # builds the x86_64 wheel and tests it in a fresh virtualenv
bash scripts/build-wheels.sh "$OUT" aarch64
wheel=$(ls "$OUT"/tabeq-"$version"-cp39-abi3-*manylinux_2_17_aarch64*.whl)
bash scripts/auditwheel-tag.sh "$wheel" manylinux_2_17_aarch64
"$VENV_BIN/maturin" sdist --out "$OUT"
"$VENV_BIN/twine" check --strict "$OUT/tabeq-$version"-*.whl "$OUT/tabeq-$version.tar.gz"

bash scripts/build-wasm.sh
bash scripts/test-npm.sh "$OUT"
bash scripts/package-crate.sh "$OUT"
log "ok:"
ls -l "$OUT"/tabeq-"$version"[.-]* >&2
