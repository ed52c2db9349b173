#!/usr/bin/env bash
# Package the published crates (`tabeq`, core/, and `tabeq-trust`, core/trust/) as crates.io would
# receive them, and run each one's tests inside the unpacked .crate: they must pass with only what the
# .crate holds (vectors and licences included). `tabeq-spider2` is `publish = false` and not packaged.
#
#   scripts/package-crate.sh [OUT_DIR]     # default dist/; writes OUT_DIR/<crate>-<version>.crate
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-dist}
log() { echo "package-crate: $*" >&2; }
CRATES=(tabeq tabeq-trust)

# The working tree as it is (uncommitted changes too: this is a test; `cargo publish` insists on a clean
# tree). No verification build: the packaged tests below build the unpacked crates anyway. Packaged
# together, tabeq-trust's dependency on tabeq resolves to the tabeq packaged beside it.
cargo package "${CRATES[@]/#/-p}" --locked --quiet --no-verify --allow-dirty
version=$(bash scripts/workspace-field.sh version)
mkdir -p "$OUT"

# Unpacked under target/, which the workspace excludes (Cargo.toml), so cargo builds them as crates.io
# users would; -m gives the files the current time (the .crate stores a fixed one), so cargo never takes
# them for unchanged. The dependencies stay built between runs. Release mode (the crate's own default
# release profile: no LTO): the adversarial tests take minutes unoptimized.
unpacked=target/packaged-crate
mkdir -p "$unpacked"
for name in "${CRATES[@]}"; do
  crate=target/package/$name-$version.crate
  [ -f "$crate" ] || { log "expected $crate"; exit 1; }
  cp "$crate" "$OUT/"
  rm -rf "$unpacked/$name-$version"
  tar -xzmf "$crate" -C "$unpacked"
done
for name in "${CRATES[@]}"; do
  log "running the packaged tests in the unpacked $name-$version.crate"
  # tabeq-trust names tabeq by version, as on crates.io: the patch points it at the unpacked tabeq
  # .crate (not at the workspace), so what is tested is what would be published.
  (cd "$unpacked/$name-$version" &&
    CARGO_TARGET_DIR="$ROOT/$unpacked/target" cargo test --release --quiet \
      --config "patch.crates-io.tabeq.path='$ROOT/$unpacked/tabeq-$version'")
  log "ok: $OUT/$name-$version.crate ($(stat -c %s "target/package/$name-$version.crate") bytes), its packaged tests pass"
done
