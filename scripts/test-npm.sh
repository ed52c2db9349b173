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
# What the tarball holds: the three builds of the modules, their declarations, licences, README.
listing=$(tar -tzf "$tarball")
for f in package.json README.md LICENSE-MIT LICENSE-APACHE bindings-wasm/README.md; do
  grep -qx "package/$f" <<<"$listing" || { log "FAIL $f is not in the tarball"; exit 1; }
done
in_tarball() {
  grep -qx "package/bindings-wasm/$1" <<<"$listing" || { log "FAIL bindings-wasm/$1 is not in the tarball"; exit 1; }
}
for name in tabeq tabeq_trust; do
  for f in pkg/$name.js pkg/${name}_bg.wasm pkg/$name.d.ts pkg-node/$name.js pkg-node/$name.mjs \
    pkg-node/$name.d.ts pkg-node/$name.d.mts pkg-bundler/$name.js pkg-bundler/$name.d.ts; do
    in_tarball "$f"
  done
done
# The modules behind the entry tabeq.js (the score module's .wasm is tabeq_bg.wasm, checked above).
for name in tabeq_score tabeq_explain tabeq_submission; do
  for dir in pkg pkg-node pkg-bundler; do in_tarball "$dir/$name.js"; done
  [ "$name" = tabeq_score ] || in_tarball "pkg/${name}_bg.wasm"
done
# Each WebAssembly binary once (in pkg/; the Node and bundler builds load it from there), none
# inlined as base64 (its magic bytes "\0asm" are "AGFzbQ"), and the whole package at most 5 MB.
wasm_files=$(grep '\.wasm$' <<<"$listing" || true)
if grep -qv '^package/bindings-wasm/pkg/' <<<"$wasm_files"; then
  log "FAIL a .wasm outside bindings-wasm/pkg/: $(grep -v '^package/bindings-wasm/pkg/' <<<"$wasm_files" | paste -sd' ')"
  exit 1
fi
unpacked=$(mktemp -d)
tar -xzf "$tarball" -C "$unpacked"
if grep -rlq 'AGFzbQ' "$unpacked/package"; then
  log "FAIL a WebAssembly module is inlined as base64 in: $(grep -rl 'AGFzbQ' "$unpacked/package" | paste -sd' ')"
  exit 1
fi
duplicates=$(find "$unpacked/package" -name '*.wasm' -exec sha256sum {} + | awk '{print $1}' | sort | uniq -d)
[ -z "$duplicates" ] || { log "FAIL the same .wasm twice in the package"; exit 1; }
unpacked_bytes=$(find "$unpacked/package" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
rm -rf "$unpacked"
log "unpacked: $unpacked_bytes bytes, $(wc -l <<<"$wasm_files") .wasm files"
if [ "$unpacked_bytes" -gt 5000000 ]; then
  log "FAIL the package is $unpacked_bytes bytes unpacked (at most 5,000,000)"
  exit 1
fi

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
# esbuild took the bundler build: its modules name their .wasm as `new URL("../pkg/…",
# import.meta.url)`, which esbuild keeps as written without copying the file (evanw/esbuild#795;
# webpack 5, Vite and Parcel copy it). A page built with esbuild copies the .wasm files where the
# URLs point, relative to the bundle (dist/../pkg/), as done here.
grep -q 'new URL("../pkg/tabeq_bg.wasm", import.meta.url)' dist/bundle.mjs ||
  { log "FAIL esbuild did not take the bundler build (bindings-wasm/pkg-bundler)"; exit 1; }
mkdir -p pkg
cp node_modules/tabeq/bindings-wasm/pkg/*.wasm pkg/
# Nothing else of the package may be loaded at run time: run it where the package is not installed
# (run-bundle.mjs serves file: URLs to fetch as a browser serves a page's files).
mv node_modules node_modules.away
node run-bundle.mjs
mv node_modules.away node_modules
"$ROOT/node_modules/.bin/tsc" -p tsconfig.node.json
"$ROOT/node_modules/.bin/tsc" -p tsconfig.bundler.json
log "ok: Node ESM, Node CommonJS, esbuild bundle and declarations (nodenext, bundler) of $(basename "$tarball")"
