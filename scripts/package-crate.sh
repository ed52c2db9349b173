#!/usr/bin/env bash
# Package the `tabeq` crate (core/) as crates.io would receive it, and run its tests inside the
# unpacked .crate: they must pass with only what the .crate holds (vectors and licences included).
#
#   scripts/package-crate.sh [OUT_DIR]     # default dist/; writes OUT_DIR/tabeq-<version>.crate
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-dist}
log() { echo "package-crate: $*" >&2; }

# No verification build: the packaged tests below build the unpacked crate anyway.
cargo package -p tabeq --locked --quiet --no-verify
version=$(bash scripts/workspace-field.sh version)
crate=target/package/tabeq-$version.crate
[ -f "$crate" ] || { log "expected $crate"; exit 1; }
mkdir -p "$OUT"
cp "$crate" "$OUT/"

# Outside the repository, so cargo does not see the workspace; a fixed target dir keeps it incremental.
# Release mode (the crate's own default release profile: no LTO): the adversarial tests take minutes
# unoptimized.
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
tar -xzf "$crate" -C "$unpacked"
log "running the packaged tests in the unpacked tabeq-$version.crate"
(cd "$unpacked/tabeq-$version" &&
  CARGO_TARGET_DIR="$ROOT/target/packaged-crate" cargo test --release --locked --quiet)
log "ok: $OUT/tabeq-$version.crate ($(stat -c %s "$crate") bytes), its packaged tests pass"
