#!/usr/bin/env bash
# Build the core crate (library, tests, examples) with the Rust of the workspace's rust-version, so the
# declared minimum supported Rust version stays true. "1.95" means 1.95.0: the default toolchain when it
# is that version, else rustup's toolchain of that name (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
msrv=$(bash scripts/workspace-field.sh rust-version)
toolchain=$msrv
[[ $msrv =~ ^[0-9]+\.[0-9]+$ ]] && toolchain=$msrv.0
run=()
if [ "$(rustc --version | cut -d' ' -f2)" != "$toolchain" ]; then
  if ! rustup run "$toolchain" rustc --version >/dev/null 2>&1; then
    echo "check-msrv: installing Rust $toolchain (rust-version in Cargo.toml)" >&2
    rustup toolchain install --profile minimal "$toolchain"
  fi
  run=(rustup run "$toolchain")
fi
"${run[@]}" cargo check -p tabeq --all-targets --locked --quiet --target-dir target/msrv
echo "check-msrv: ok: the tabeq crate builds with Rust $toolchain (rust-version = \"$msrv\")" >&2
