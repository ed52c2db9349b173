#!/usr/bin/env bash
# Build the tabeq WebAssembly module and install what the build needs when it is missing.
#
#   bindings-wasm/pkg/       ES modules for browsers (wasm-bindgen --target web): tabeq.js (evaluator) and
#                            tabeq_trust.js (trust metrics), each with its hand-written .d.ts
#   bindings-wasm/pkg-node/  the same as CommonJS modules for Node (--target nodejs), with ESM entries
#   bindings-wasm/pkg-bundler/ the web build with the .wasm inlined, for bundlers (scripts/npm-entries.mjs)
#   web-demo/pkg/            copy of pkg/, loaded by the web demo, and tabeq-demo.html: the whole demo in
#                            one file that also works when opened from file://, and build.js: the
#                            build version and file list of the service worker (web-demo/sw.js)
#
# Toolchain: a rustup toolchain with the wasm32-unknown-unknown target is used when present. Otherwise
# Debian's rustc-web/cargo-web/rust-web-src/lld are installed with apt and std is built from source.
# wasm-bindgen-cli is installed with `cargo install` at the version pinned in bindings-wasm/Cargo.toml
# unless `wasm-bindgen --version` already reports it.
#
# Usage: scripts/build-wasm.sh [--install-only]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=wasm32-unknown-unknown
CRATE=tabeq-wasm
ARTIFACT=tabeq_wasm.wasm
TARGET_DIR=${WASM_TARGET_DIR:-$ROOT/target/wasm}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { echo "build-wasm: $*" >&2; }
die() { log "$*"; exit 1; }

BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9][0-9.]*\)".*/\1/p' bindings-wasm/Cargo.toml)
[ -n "$BINDGEN_VERSION" ] || die 'bindings-wasm/Cargo.toml must pin wasm-bindgen as wasm-bindgen = "=X.Y.Z"'

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "root is needed to run: $*"
  fi
}

# Install the Debian packages among "$@" that are not installed yet.
apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "missing ${missing[*]} and apt-get is not available: install a Rust toolchain with the $TARGET target (rustup target add $TARGET)"
  log "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
  ROUTE=rustup
else
  ROUTE=debian
  apt_install rustc-web cargo-web rust-web-src lld
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $BINDGEN_VERSION" ]; then
  log "installing wasm-bindgen-cli $BINDGEN_VERSION (a few minutes)"
  command -v cargo >/dev/null || die "cargo is needed to install wasm-bindgen-cli"
  cargo install -q wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi

[ "${1:-}" = "--install-only" ] && exit 0

# Size-oriented release settings for this build only (the workspace's release profile also serves
# the Python extension, which needs unwinding): no unwinding tables, one codegen unit, fat LTO and
# opt-level "s" for the evaluator, which measured as fast as 3 on the worst-case benchmark and 10%
# smaller ("z" is smaller still but twice as slow on that search). The trust module is built with
# "z": its work is counting over label files, and "z" made it 10% smaller (804,189 -> 726,426
# bytes when the typed trust reports and the shared column reader met). wasm-opt is not used:
# Debian's binaryen 108 breaks the externref table that this wasm-bindgen emits.
export CARGO_PROFILE_RELEASE_PANIC=abort
export CARGO_PROFILE_RELEASE_LTO=fat
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_DEBUG=false
export CARGO_PROFILE_RELEASE_STRIP=debuginfo

# cargo_build <feature>: build the crate for the wasm target with one feature.
cargo_build() {
  if [ "$ROUTE" = rustup ]; then
    cargo build --release --locked --target "$TARGET" --target-dir "$TARGET_DIR" -p "$CRATE" \
      --no-default-features --features "$1"
  else
    # Debian's compiler by full path (rustup's shims come first on PATH); std rebuilt from source,
    # which needs RUSTC_BOOTSTRAP for -Z build-std. Since std is rebuilt anyway, panics abort
    # immediately, without the formatting machinery of panic messages (about 4% smaller); if this
    # compiler does not know that strategy, plain panic=abort is used.
    local debian_cargo=(env RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
      CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld
      /usr/bin/cargo build --release --locked --target "$TARGET" --target-dir "$TARGET_DIR" -p "$CRATE"
      --no-default-features --features "$1" -Z build-std=std,panic_abort)
    if ! RUSTFLAGS="${RUSTFLAGS:-} -Zunstable-options -Cpanic=immediate-abort" "${debian_cargo[@]}"; then
      log "retrying without -Cpanic=immediate-abort"
      "${debian_cargo[@]}"
    fi
  fi
}

# generate <wasm> <wasm-bindgen target> <out dir> <module name>
generate() {
  wasm-bindgen --target "$2" --out-dir "$3" --out-name "$4" --no-typescript \
    --remove-name-section --remove-producers-section "$1"
  cp "bindings-wasm/types/$4.d.ts" "$3/$4.d.ts"
  # Use after free() and a second free() throw a coded TabeqError (bindings-wasm/js/freed-guard.js),
  # in the same module scope as the classes, so every build made from this glue has it.
  local classes
  classes=$(sed -n 's/^\(export \)\{0,1\}class \([A-Za-z][A-Za-z0-9_]*\) .*/\2/p' "$3/$4.js" | paste -sd, -)
  if [ -n "$classes" ]; then
    { cat bindings-wasm/js/freed-guard.js; echo "__tabeqGuardFreed([$classes]);"; } >>"$3/$4.js"
  fi
  if [ "$2" = web ]; then cat bindings-wasm/types/web-init.d.ts >>"$3/$4.d.ts"; fi
}

rm -rf bindings-wasm/pkg bindings-wasm/pkg-node bindings-wasm/pkg-bundler web-demo/pkg
# Two modules, so that pages scoring predictions do not download the trust metrics:
# tabeq (evaluator) and tabeq_trust (trust metrics).
for module in evaluator:tabeq trust:tabeq_trust; do
  feature=${module%%:*}
  name=${module#*:}
  if [ "$feature" = trust ]; then opt_level=${WASM_TRUST_OPT_LEVEL:-z}; else opt_level=${WASM_OPT_LEVEL:-s}; fi
  log "building $name ($feature, opt-level $opt_level) for $TARGET with the $ROUTE toolchain"
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt_level
  cargo_build "$feature"
  wasm="$TARGET_DIR/$TARGET/release/$ARTIFACT"
  [ -f "$wasm" ] || die "expected $wasm"
  generate "$wasm" web bindings-wasm/pkg "$name"
  generate "$wasm" nodejs bindings-wasm/pkg-node "$name"
done
# The page imports ./pkg/tabeq.js; the copy is generated (web-demo/.gitignore).
mkdir -p web-demo/pkg
cp bindings-wasm/pkg/* web-demo/pkg/
# The same page as one file that also works from file:// (browsers refuse module scripts there), and the
# npm package's Node ESM entries and bundler build (bindings-wasm/pkg-bundler; see package.json).
if command -v node >/dev/null; then
  node web-demo/make-standalone.mjs
  # The service worker's list of the page's files and the build version naming its cache.
  node web-demo/make-offline.mjs
  node scripts/npm-entries.mjs
else
  log "node not found: skipping web-demo/pkg/tabeq-demo.html (the single-file page for file://) and the npm entries"
fi
for name in tabeq tabeq_trust; do
  size=$(stat -c %s "bindings-wasm/pkg/${name}_bg.wasm")
  gz=$(gzip -9 -c "bindings-wasm/pkg/${name}_bg.wasm" | wc -c)
  log "${name}_bg.wasm: $size bytes, $gz gzipped"
done
log "ok: bindings-wasm/pkg (web), bindings-wasm/pkg-node (Node), web-demo/pkg"
