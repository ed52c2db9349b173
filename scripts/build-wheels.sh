#!/usr/bin/env bash
# Build the portable Linux wheels of the Python package: manylinux2014 (glibc 2.17), abi3, with maturin's
# --zig linker, so they install on Ubuntu 20.04, RHEL/Rocky 8, Amazon Linux 2 and newer.
#
#   scripts/build-wheels.sh OUT_DIR [x86_64] [aarch64]      # default: both architectures
#
# x86_64 uses the ordinary Rust toolchain. aarch64 uses rustup's aarch64-unknown-linux-gnu std when it is
# installed; otherwise (rustup cannot download it here) Debian's rustc-web with rust-web-src rebuilds std
# for the target with -Z build-std, as shared/notes/toolchain.md describes for WebAssembly.
# Each architecture has its own target directory, so rebuilding after a change is incremental.
# Needs maturin and ziglang (requirements-dev.txt) in the active Python environment or .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:?usage: scripts/build-wheels.sh OUT_DIR [x86_64] [aarch64]}
shift
ARCHES=("$@")
[ ${#ARCHES[@]} -gt 0 ] || ARCHES=(x86_64 aarch64)
log() { echo "build-wheels: $*" >&2; }
[ -x .venv/bin/maturin ] && export PATH="$ROOT/.venv/bin:$PATH"
command -v maturin >/dev/null || { log "maturin is missing: make setup (requirements-dev.txt)"; exit 1; }
python3 -c 'import ziglang' 2>/dev/null || { log "ziglang is missing: make setup (requirements-dev.txt)"; exit 1; }
mkdir -p "$OUT"

build() { # build <rust target> [extra maturin args...]
  local target=$1
  shift
  log "building the manylinux2014 wheel for $target"
  maturin build --release --locked --zig --compatibility manylinux2014 --target "$target" \
    --target-dir "$ROOT/target/wheels-$target" --out "$OUT" "$@"
}

for arch in "${ARCHES[@]}"; do
  target=$arch-unknown-linux-gnu
  if [ "$arch" = x86_64 ] || rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    build "$target"
  else
    # Debian's compiler by full path (rustup's shims come first on PATH; maturin calls `cargo`), and
    # RUSTC_BOOTSTRAP for -Z build-std. The Python extension needs unwinding: panic_unwind, not abort.
    [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library ] || {
      log "no std for $target: rustup target add $target, or apt-get install rustc-web cargo-web rust-web-src"
      exit 1
    }
    shims=$(mktemp -d)
    ln -s /usr/bin/cargo "$shims/cargo"
    ln -s /usr/bin/rustc "$shims/rustc"
    PATH="$shims:$PATH" RUSTC=/usr/bin/rustc CARGO=/usr/bin/cargo RUSTC_BOOTSTRAP=1 \
      build "$target" -Z build-std=std,panic_unwind
    rm -rf "$shims"
  fi
done
ls -l "$OUT"/*.whl >&2
