#!/usr/bin/env bash
# WebAssembly tests: build both modules (scripts/build-wasm.sh installs what is missing), check the
# size limits, type-check the hand-written declarations and run every Node test in tests/wasm/
# (all conformance vectors, hostile inputs, trust metrics, declared shapes).
set -euo pipefail
cd "$(dirname "$0")/.."

# Size limits of each .wasm file, in bytes (KB = 1000 bytes, the stricter reading).
# Each module carries the document model and its renderers (serde-wasm-bindgen documents); the trust
# module also its SVG charts, the evaluator the prepared Gold and the submission check. Measured at
# the merge that added them: evaluator about 750,000 bytes, trust about 740,000 (about 270,000 and
# 280,000 gzipped); the limits leave a little room and still catch accidental growth.
MAX_WASM_BYTES=800000
MAX_WASM_GZIP_BYTES=300000
MAX_TRUST_WASM_BYTES=800000
MAX_TRUST_WASM_GZIP_BYTES=300000

log() { echo "test-wasm: $*" >&2; }

bash scripts/build-wasm.sh

failed=0
for name in tabeq tabeq_trust; do
  wasm=bindings-wasm/pkg/${name}_bg.wasm
  if [ "$name" = tabeq_trust ]; then
    MAX_WASM_BYTES=$MAX_TRUST_WASM_BYTES MAX_WASM_GZIP_BYTES=$MAX_TRUST_WASM_GZIP_BYTES
  fi
  size=$(stat -c %s "$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  if [ "$size" -gt "$MAX_WASM_BYTES" ] || [ "$gz" -gt "$MAX_WASM_GZIP_BYTES" ]; then
    log "FAIL $wasm is $size bytes ($gz gzipped); limits $MAX_WASM_BYTES ($MAX_WASM_GZIP_BYTES gzipped)"
    failed=1
  else
    log "ok $wasm: $size bytes (limit $MAX_WASM_BYTES), $gz gzipped (limit $MAX_WASM_GZIP_BYTES)"
  fi
done
[ "$failed" = 0 ] || exit 1

bash scripts/node-deps.sh
log "type-checking bindings-wasm/types/*.d.ts against tests/wasm/typecheck/usage.ts"
node_modules/.bin/tsc -p tests/wasm/typecheck/tsconfig.json

node --test tests/wasm/
