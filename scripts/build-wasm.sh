#!/usr/bin/env bash
# Build the tabeq WebAssembly modules and install what the build needs when it is missing.
#
# Six modules, so that a page or a script loads only what it uses:
#   tabeq_score       evaluate, Gold, SuiteRun, configWarnings, readTable, canonicalize, version,
#                     errorCodes (its .wasm keeps the name tabeq_bg.wasm, which `init` has always taken)
#   tabeq_explain     explain, explainDocument, validatePrediction, validationDocument, renderDocument
#   tabeq_submission  SubmissionRun, PredictionsFolderRun, parseTaskList, skeletonFiles, sniffFile
#   tabeq_trust       the trust metrics (the package's "tabeq/trust" entry)
#   tabeq_spider2     Spider 2.0 comparison (the package's "tabeq/spider2" entry)
#   tabeq_kddcup      the KDD Cup 2026 Phase-1 scorer (the package's "tabeq/kddcup" entry; the page
#                     loads it when its KDD Cup tab is first used)
# `tabeq.js` is the package's entry over the first three (bindings-wasm/js/entry-*.js): it loads the
# score module and the two others on demand (Node, bundlers) or in `init` (browsers).
#
#   bindings-wasm/pkg/         ES modules for browsers (wasm-bindgen --target web), with the .d.ts
#   bindings-wasm/pkg-node/    the same as CommonJS modules for Node (--target nodejs), with ESM entries;
#                              they read the .wasm files of pkg/ (the npm package holds each once)
#   bindings-wasm/pkg-bundler/ the web build instantiating pkg/'s .wasm on import, for bundlers
#                              (scripts/npm-entries.mjs)
#   web-demo/pkg/              copy of pkg/, loaded by the web demo, tabeq-demo.html: the whole demo in
#                              one file that also works when opened from file://, and build.js: the
#                              build version and file list of the service worker (web-demo/sw.js)
#
# One route, the README's: rustup's stable toolchain with the wasm32-unknown-unknown target (added
# here with `rustup target add` when missing), wasm-bindgen-cli at the version pinned in
# bindings-wasm/Cargo.toml (`cargo install`ed when `wasm-bindgen --version` differs). scripts/test-wasm.sh
# checks the sizes this route gives. wasm-opt is not used: binaryen 132 made the modules 7% smaller
# but 4-11% larger gzipped (BENCHMARKS.md), and gzipped is what a page downloads.
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
source scripts/lib.sh build-wasm
die() { log "$*"; exit 1; }

BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9][0-9.]*\)".*/\1/p' bindings-wasm/Cargo.toml)
[ -n "$BINDGEN_VERSION" ] || die 'bindings-wasm/Cargo.toml must pin wasm-bindgen as wasm-bindgen = "=X.Y.Z"'

command -v rustup >/dev/null ||
  die "rustup is needed (the README's toolchain): install it, then run this script again; it adds the $TARGET target"
if ! rustup target list --installed | grep -qx "$TARGET"; then
  log "adding the $TARGET target to the Rust toolchain (rustup target add $TARGET: about 20 MB, under a minute)"
  rustup target add "$TARGET"
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $BINDGEN_VERSION" ]; then
  log "installing wasm-bindgen-cli $BINDGEN_VERSION into ~/.cargo/bin with cargo install: it compiles about"
  log "230 crates, 10 to 20 minutes on 2 cores (cargo lists each one as it goes)"
  command -v cargo >/dev/null || die "cargo is needed to install wasm-bindgen-cli"
  start=$SECONDS
  cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
  log "wasm-bindgen-cli installed in $(((SECONDS - start) / 60)) min $(((SECONDS - start) % 60)) s"
fi

# Node runs the entry generators (and the tests).
bash scripts/node-deps.sh

[ "${1:-}" = "--install-only" ] && exit 0

# Size-oriented release settings for this build only (the workspace's release profile also serves
# the Python extension, which needs unwinding): no unwinding tables, one codegen unit, fat LTO and
# opt-level "s" for the evaluator modules, which measured as fast as 3 on the worst-case benchmark
# and 10% smaller ("z" is smaller still but twice as slow on that search). The trust module is built
# with "z": its work is counting over label files, and "z" made it 10% smaller.
export CARGO_PROFILE_RELEASE_PANIC=abort
export CARGO_PROFILE_RELEASE_LTO=fat
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_DEBUG=false
export CARGO_PROFILE_RELEASE_STRIP=debuginfo

# generate <wasm> <wasm-bindgen target> <out dir> <module name>
generate() {
  wasm-bindgen --target "$2" --out-dir "$3" --out-name "$4" --no-typescript \
    --remove-name-section --remove-producers-section "$1"
  # Use after free() and a second free() throw a coded TabeqError (bindings-wasm/js/freed-guard.js),
  # in the same module scope as the classes, so every build made from this glue has it.
  local classes
  classes=$(sed -n 's/^\(export \)\{0,1\}class \([A-Za-z][A-Za-z0-9_]*\) .*/\2/p' "$3/$4.js" | paste -sd, -)
  if [ -n "$classes" ]; then
    { cat bindings-wasm/js/freed-guard.js; echo "__tabeqGuardFreed([$classes]);"; } >>"$3/$4.js"
  fi
  if [ "$2" = web ]; then
    # The entry asks whether a module is instantiated before calling it (`wasm` is the glue's own).
    echo "export function __tabeqLoaded() { return wasm !== undefined; }" >>"$3/$4.js"
  fi
  # The score module's .wasm keeps the evaluator's old file name, tabeq_bg.wasm.
  if [ "$4" = tabeq_score ]; then
    mv "$3/tabeq_score_bg.wasm" "$3/tabeq_bg.wasm"
    sed -i 's/tabeq_score_bg\.wasm/tabeq_bg.wasm/g' "$3/$4.js"
    grep -q "tabeq_bg\.wasm" "$3/$4.js" || die "$3/$4.js does not name its .wasm as expected"
  fi
  # The npm package holds each .wasm once, in pkg/: the Node build reads the web build's file
  # (its glue reads `${__dirname}/<name>_bg.wasm`), so its own copy is dropped.
  if [ "$2" = nodejs ]; then
    local wasm_file
    wasm_file=$(sed -n 's#.*`${__dirname}/\([A-Za-z0-9_]*_bg\.wasm\)`.*#\1#p' "$3/$4.js" | head -n 1)
    [ -n "$wasm_file" ] && [ -f "$3/$wasm_file" ] || die "$3/$4.js does not read its .wasm as expected"
    sed -i "s#\`\${__dirname}/$wasm_file\`#\`\${__dirname}/../pkg/$wasm_file\`#" "$3/$4.js"
    grep -q "/\.\./pkg/$wasm_file" "$3/$4.js" || die "$3/$4.js: could not point it at pkg/$wasm_file"
    rm "$3/$wasm_file"
  fi
}

rm -rf bindings-wasm/pkg bindings-wasm/pkg-node bindings-wasm/pkg-bundler web-demo/pkg
mkdir -p bindings-wasm/pkg bindings-wasm/pkg-node
for module in score explain submission trust spider2 kddcup; do
  name=tabeq_$module
  if [ "$module" = trust ]; then opt_level=${WASM_TRUST_OPT_LEVEL:-z}; else opt_level=${WASM_OPT_LEVEL:-s}; fi
  log "building $name (feature $module, opt-level $opt_level) for $TARGET"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt_level cargo build --release --locked --target "$TARGET" \
    --target-dir "$TARGET_DIR" -p "$CRATE" --no-default-features --features "$module"
  wasm="$TARGET_DIR/$TARGET/release/$ARTIFACT"
  [ -f "$wasm" ] || die "expected $wasm"
  generate "$wasm" web bindings-wasm/pkg "$name"
  generate "$wasm" nodejs bindings-wasm/pkg-node "$name"
done
# Declarations: the trust, spider2 and kddcup modules' and the entry's (tabeq.d.ts), with `init`
# for the browser builds.
for dir in pkg pkg-node; do
  cp bindings-wasm/types/tabeq_trust.d.ts bindings-wasm/types/tabeq_spider2.d.ts bindings-wasm/types/tabeq_kddcup.d.ts \
    bindings-wasm/types/tabeq.d.ts "bindings-wasm/$dir/"
done
cat bindings-wasm/types/web-init.d.ts >>bindings-wasm/pkg/tabeq_trust.d.ts
cat bindings-wasm/types/web-init.d.ts >>bindings-wasm/pkg/tabeq_spider2.d.ts
cat bindings-wasm/types/web-init.d.ts >>bindings-wasm/pkg/tabeq_kddcup.d.ts
cat bindings-wasm/types/web-entry.d.ts >>bindings-wasm/pkg/tabeq.d.ts
# The entries, with the freed-object guard and Gold.partialCredit (by the explain module) appended.
for entry in entry-web.js:pkg entry-node.cjs:pkg-node; do
  cat "bindings-wasm/js/${entry%%:*}" bindings-wasm/js/freed-guard.js bindings-wasm/js/credit-gold.js \
    >"bindings-wasm/${entry#*:}/tabeq.js"
done
# The page imports ./pkg/tabeq.js; the copy is generated (web-demo/.gitignore).
mkdir -p web-demo/pkg
cp bindings-wasm/pkg/* web-demo/pkg/
# The same page as one file that also works from file:// (browsers refuse module scripts there), and the
# npm package's Node ESM entries and bundler build (bindings-wasm/pkg-bundler; see package.json).
node web-demo/make-standalone.mjs
# The service worker's list of the page's files and the build version naming its cache.
node web-demo/make-offline.mjs
node scripts/npm-entries.mjs
for wasm in tabeq tabeq_explain tabeq_submission tabeq_trust tabeq_spider2 tabeq_kddcup; do
  file=bindings-wasm/pkg/${wasm}_bg.wasm
  log "$(basename "$file"): $(stat -c %s "$file") bytes, $(gzip -9 -c "$file" | wc -c) gzipped"
done
log "ok: bindings-wasm/pkg (web), bindings-wasm/pkg-node (Node), web-demo/pkg"
