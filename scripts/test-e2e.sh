#!/usr/bin/env bash
# Browser end-to-end tests of web-demo/ in real headless Chromium: builds the module, installs
# Debian's chromium when missing (apt) and playwright-core from package-lock.json (npm ci), serves
# the page from 127.0.0.1 (tests/e2e/server.mjs) and drives every feature with real files.
# Screenshots: test-output/e2e/*.png. Set CHROMIUM_PATH to use another Chromium binary.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "test-e2e: $*" >&2; }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else log "root is needed to run: $*"; exit 1
  fi
}

bash scripts/build-wasm.sh

export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM_PATH" ]; then
  command -v apt-get >/dev/null || { log "no Chromium at $CHROMIUM_PATH and no apt-get: set CHROMIUM_PATH"; exit 1; }
  log "installing chromium (apt)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

bash scripts/node-deps.sh
rm -rf test-output/e2e
mkdir -p test-output/e2e
node --test tests/e2e/
log "screenshots in test-output/e2e/"
