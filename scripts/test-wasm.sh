#!/usr/bin/env bash
# Placeholder until the WASM bindings land: fails loudly rather than passing silently.
echo "test-wasm: bindings-wasm is not built yet" >&2
exit 1
