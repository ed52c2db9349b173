#!/usr/bin/env bash
# Every release artefact into OUT_DIR (default dist/), each checked:
#   tabeq-<v>-cp39-abi3-manylinux_2_17_{x86_64,aarch64}.whl  glibc wheels (auditwheel: manylinux_2_17)
#   tabeq-<v>-cp39-abi3-musllinux_1_2_{x86_64,aarch64}.whl   musl wheels (auditwheel: musllinux_1_2)
#   tabeq-<v>.tar.gz                                         the sdist (twine check --strict, as the wheels)
#   tabeq-<v>.tgz                                            the npm package (used from ESM, CJS, esbuild)
#   tabeq-<v>.crate, tabeq-trust-<v>.crate                   the published crates (their packaged tests pass)
# What the builds need is installed on the way: the Rust std of each wheel target (rustup target add,
# in scripts/build-wheels.sh), zig (ziglang, with the other tools of requirements-dev.txt: `make dist`
# runs `make tools` first), wasm32 and wasm-bindgen-cli (scripts/build-wasm.sh), Node packages
# (scripts/node-deps.sh). The x86_64 glibc wheel is also installed in a fresh virtualenv and passes the
# conformance vectors (scripts/test-wheel.sh). macOS and Windows wheels are built by
# .github/workflows/release.yml on their own runners.
#
#   scripts/dist.sh [OUT_DIR]     # a line for each step as it starts and ends (a cold run: an hour or more on 2 cores)
#   DIST_STEPS="3 4" scripts/dist.sh   # only those steps (numbered as the lines show), e.g. to redo one
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh dist
OUT=${1:-dist}
VENV_BIN=$PWD/.venv/bin
for tool in maturin twine auditwheel; do
  [ -x "$VENV_BIN/$tool" ] || { log "$tool is missing from .venv: run make tools (or make dist)"; exit 1; }
done
version=$(bash scripts/workspace-field.sh version)
mkdir -p "$OUT"

STEPS=8
step=0
begin=$(date +%s)
# run_step TITLE command...: one numbered line when the step starts and one when it ends.
run_step() {
  local title=$1 start
  shift
  step=$((step + 1))
  if [ -n "${DIST_STEPS:-}" ] && [[ " $DIST_STEPS " != *" $step "* ]]; then
    log "[$step/$STEPS] not selected (DIST_STEPS=$DIST_STEPS): $title"
    return 0
  fi
  start=$(date +%s)
  log "[$step/$STEPS] $title ($(date -u +%H:%M:%S) UTC)"
  "$@"
  log "[$step/$STEPS] done in $(elapsed "$start"): $title"
}

check_wheel() { # check_wheel <platform tag suffix> <expected auditwheel tag>
  local wheel
  wheel=$(ls "$OUT"/tabeq-"$version"-cp39-abi3-*"$1".whl)
  bash scripts/auditwheel-tag.sh "$wheel" "$2"
}

wheel() { # wheel <build-wheels platform> <tag>
  bash scripts/build-wheels.sh "$OUT" "$1"
  check_wheel "$2" "$2"
}

run_step "manylinux2014 x86_64 wheel, tested in a fresh virtualenv" bash scripts/test-wheel.sh "$OUT"
run_step "manylinux2014 aarch64 wheel" wheel aarch64 manylinux_2_17_aarch64
run_step "musllinux_1_2 x86_64 wheel" wheel x86_64-musl musllinux_1_2_x86_64
run_step "musllinux_1_2 aarch64 wheel" wheel aarch64-musl musllinux_1_2_aarch64
sdist() {
  "$VENV_BIN/maturin" sdist --out "$OUT"
  "$VENV_BIN/twine" check --strict "$OUT/tabeq-$version"-*.whl "$OUT/tabeq-$version.tar.gz"
}
run_step "sdist, and twine check of every wheel" sdist
run_step "WebAssembly modules (scripts/build-wasm.sh)" bash scripts/build-wasm.sh
run_step "npm tarball, used from Node ESM, CommonJS and esbuild" bash scripts/test-npm.sh "$OUT"
run_step ".crate files, their packaged tests" bash scripts/package-crate.sh "$OUT"
log "ok in $(elapsed "$begin"):"
ls -l "$OUT"/tabeq-"$version"[.-]* "$OUT"/tabeq-trust-"$version".crate >&2
