#!/usr/bin/env bash
# Install Node.js when it is missing (Debian) and the npm packages of package-lock.json (npm ci),
# unless node_modules already matches the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh node-deps
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  log "installing nodejs and npm (apt)"
  apt_get_install nodejs npm
fi
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 20 ] || { log "Node.js 20 or later is needed (found $(node --version))"; exit 1; }
# A copy of the lock file is kept in node_modules after each install; when it still equals the lock
# file, the install is current.
stamp=node_modules/.tabeq-installed-lock.json
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  log "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
