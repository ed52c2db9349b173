#!/usr/bin/env bash
# The npm package `tabeq` as users get it: `npm pack` the root package.json (its version must be the
# Cargo workspace's), install the tarball into a temporary project and use it from Node ESM, Node
# CommonJS and a bundle built with esbuild; type-check it under TypeScript's nodenext and bundler
# resolutions. Builds the WebAssembly modules first unless they are there (scripts/build-wasm.sh).
#
#   scripts/test-npm.sh [OUT_DIR]     # keeps the tarball in OUT_DIR (default target/npm)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-target/npm}
log() { echo "test-npm: $*" >&2; }

version=$(bash scripts/workspace-field.sh version)
npm_version=$(node -p 'require("./package.json").version')
if [ "$npm_version" != "$version" ]; then
  log "FAIL package.json has version $npm_version, the Cargo workspace $version: npm pkg set version=$version"
  exit 1
fi
[ -f bindings-wasm/pkg-bundler/tabeq_trust.js ] || bash scripts/build-wasm.sh
bash scripts/node-deps.sh

mkdir -p "$OUT"
tarball=$(npm pack --silent --pack-destination "$OUT")
tarball=$ROOT/$OUT/$tarball
log "packed $tarball ($(stat -c %s "$tarball") bytes)"
# What the tarball holds: the three builds of both modules, their declarations, licences, README.
listing=$(tar -tzf "$tarball")
for f in package.json README.md LICENSE-MIT LICENSE-APACHE bindings-wasm/README.md; do
  grep -qx "package/$f" <<<"$listing" || { log "FAIL $f is not in the tarball"; exit 1; }
done
in_tarball() {
  grep -qx "package/bindings-wasm/$1" <<<"$listing" || { log "FAIL bindings-wasm/$1 is not in the tarball"; exit 1; }
}
for name in tabeq tabeq_trust; do
  for f in pkg/$name.js pkg/${name}_bg.wasm pkg/$name.d.ts pkg-node/$name.js pkg-node/$name.mjs \
    pkg-node/${name}_bg.wasm pkg-node/$name.d.ts pkg-node/$name.d.mts pkg-bundler/$name.js pkg-bundler/$name.d.ts; do
    in_tarball "$f"
  done
done
# The modules behind the entry tabeq.js (the score module's .wasm is tabeq_bg.wasm, checked above).
for name in tabeq_score tabeq_explain tabeq_submission; do
  for dir in pkg pkg-node pkg-bundler; do in_tarball "$dir/$name.js"; done
  [ "$name" = tabeq_score ] || for dir in pkg pkg-node; do in_tarball "$dir/${name}_bg.wasm"; done
done

project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
cp tests/packaging/npm/* tests/fixtures/configs.json "$project/"
cd "$project"
echo '{"name": "tabeq-consumer", "private": true}' >package.json
npm install --no-audit --no-fund --loglevel=error "$tarball"

node esm.mjs
node cjs.cjs
"$ROOT/node_modules/.bin/esbuild" bundle-entry.mjs --bundle --platform=browser --format=esm \
  --log-level=warning --outfile=dist/bundle.mjs
# The inlined module (base64 of the magic bytes "\0asm") must be in the bundle.
grep -q "atob(\"AGFzbQ" dist/bundle.mjs ||
  { log "FAIL esbuild did not take the bundler build (bindings-wasm/pkg-bundler)"; exit 1; }
# The bundle must be self-contained: run it where the package is not installed.
mv node_modules node_modules.away
node dist/bundle.mjs
mv node_modules.away node_modules
"$ROOT/node_modules/.bin/tsc" -p tsconfig.node.json
"$ROOT/node_modules/.bin/tsc" -p tsconfig.bundler.json
log "ok: Node ESM, Node CommonJS, esbuild bundle and declarations (nodenext, bundler) of $(basename "$tarball")"
