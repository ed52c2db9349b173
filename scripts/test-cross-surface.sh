#!/usr/bin/env bash
# Cross-surface identity: every conformance vector plus a seeded random corpus through the native
# core (core/examples/cross_surface.rs), the Python wheel in .venv (`make setup` installs it) and
# the WebAssembly module in Node (rebuilt here by scripts/build-wasm.sh, which is quick when
# nothing changed); the per-task JSON must be byte-identical on all three (tests/cross_surface/run.py).
# The error catalogue must be the core's on every surface: JavaScript's errorCodes() (both modules)
# equals core/trust/examples/error_catalogue.rs entry for entry.
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
cargo build -q --release -p tabeq-trust --example error_catalogue
CORE_CATALOGUE="${CARGO_TARGET_DIR:-target}/release/examples/error_catalogue"
node -e '
const core = JSON.parse(require("fs").readFileSync(0, "utf8"));
for (const name of ["tabeq.js", "tabeq_trust.js"]) {
  const js = require("./bindings-wasm/pkg-node/" + name).errorCodes();
  require("assert").deepStrictEqual(js, core, name + " errorCodes() differs from the core catalogue");
}
console.error(`test-cross-surface: error catalogue: ${core.length} codes, the same in the core and both JS modules`);
' < <("$CORE_CATALOGUE")
"$VENV/bin/python" tests/cross_surface/run.py \
  --rust-bin "${CARGO_TARGET_DIR:-target}/release/examples/cross_surface" \
  --wasm-module bindings-wasm/pkg-node/tabeq.js \
  --random "${CROSS_SURFACE_RANDOM:-2000}" --seed "${CROSS_SURFACE_SEED:-20260530}"
