#!/usr/bin/env bash
# Browser end-to-end tests of web-demo/ in real headless Chromium: builds the module, installs
# Debian's chromium when missing (apt) and playwright-core from package-lock.json (npm ci), serves
# the page from 127.0.0.1 (tests/e2e/server.mjs) and drives every feature with real files.
# Screenshots: test-output/e2e/*.png. Set CHROMIUM_PATH to use another Chromium binary.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh test-e2e

bash scripts/build-wasm.sh

export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM_PATH" ]; then
  command -v apt-get >/dev/null || { log "no Chromium at $CHROMIUM_PATH and no apt-get: set CHROMIUM_PATH"; exit 1; }
  log "installing chromium (apt)"
  apt_get_install chromium
fi

bash scripts/node-deps.sh
rm -rf test-output/e2e
mkdir -p test-output/e2e
node --test tests/e2e/
log "screenshots in test-output/e2e/"
