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

# The working tree as it is (uncommitted changes too: this is a test; `cargo publish` insists on a clean
# tree). No verification build: the packaged tests below build the unpacked crate anyway.
cargo package -p tabeq --locked --quiet --no-verify --allow-dirty
version=$(bash scripts/workspace-field.sh version)
crate=target/package/tabeq-$version.crate
[ -f "$crate" ] || { log "expected $crate"; exit 1; }
mkdir -p "$OUT"
cp "$crate" "$OUT/"

# Unpacked under target/, which the workspace excludes (Cargo.toml), so cargo builds it as crates.io
# users would; -m gives the files the current time (the .crate stores a fixed one), so cargo never takes
# them for unchanged. The dependencies stay built between runs. Release mode (the crate's own default
# release profile: no LTO): the adversarial tests take minutes unoptimized.
unpacked=target/packaged-crate
rm -rf "$unpacked/tabeq-$version"
mkdir -p "$unpacked"
tar -xzmf "$crate" -C "$unpacked"
log "running the packaged tests in the unpacked tabeq-$version.crate"
(cd "$unpacked/tabeq-$version" && CARGO_TARGET_DIR="$ROOT/$unpacked/target" cargo test --release --locked --quiet)
log "ok: $OUT/tabeq-$version.crate ($(stat -c %s "$crate") bytes), its packaged tests pass"
