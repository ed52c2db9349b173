#!/usr/bin/env bash
# Cross-surface identity: every conformance vector plus a seeded random corpus through the native
# core (core/examples/cross_surface.rs), the Python wheel in .venv (`make setup` installs it) and
# the WebAssembly module in Node (rebuilt here by scripts/build-wasm.sh, which is quick when
# nothing changed); the per-task JSON must be byte-identical on all three (tests/cross_surface/run.py).
#
#   scripts/test-cross-surface.sh            CROSS_SURFACE_RANDOM=N (default 2000), CROSS_SURFACE_SEED=S
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
log() { echo "test-cross-surface: $*" >&2; }

if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import tabeq" 2>/dev/null; then
  log "no tabeq in $VENV: run make setup first"
  exit 2
fi
if [ "${CROSS_SURFACE_SKIP_WASM_BUILD:-0}" != 1 ]; then
  bash scripts/build-wasm.sh
fi
cargo build -q --release -p tabeq --example cross_surface
"$VENV/bin/python" tests/cross_surface/run.py \
  --rust-bin "${CARGO_TARGET_DIR:-target}/release/examples/cross_surface" \
  --wasm-module bindings-wasm/pkg-node/tabeq.js \
  --random "${CROSS_SURFACE_RANDOM:-2000}" --seed "${CROSS_SURFACE_SEED:-20260530}"
