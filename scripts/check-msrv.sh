#!/usr/bin/env bash
# Keep the declared minimum supported Rust version (rust-version in Cargo.toml's [workspace.package])
# true, in two checks:
#   1. no package in Cargo.lock's graph (pyo3, wasm-bindgen, serde, ... for every target) declares a
#      rust-version newer than ours (cargo metadata);
#   2. the published crates (tabeq, tabeq-trust: library, tests, examples) build with that Rust:
#      rustup's toolchain "1.91" (the newest 1.91.x; installed with --profile minimal when missing).
# The policy (README, CHANGELOG): rust-version stays at least four releases behind the stable Rust.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh check-msrv
msrv=$(bash scripts/workspace-field.sh rust-version)
[[ $msrv =~ ^1\.[0-9]+(\.[0-9]+)?$ ]] || { log "rust-version \"$msrv\" is not 1.N or 1.N.P"; exit 1; }

cargo metadata --format-version 1 --locked | python3 -c '
import json, sys
msrv = tuple(int(p) for p in sys.argv[1].split("."))
newer = [
    f"{p['"'"'name'"'"']} {p['"'"'version'"'"']} (rust-version {p['"'"'rust_version'"'"']})"
    for p in json.load(sys.stdin)["packages"]
    if p.get("rust_version") and tuple(int(x) for x in p["rust_version"].split("."))[:len(msrv)] > msrv
]
if newer:
    sys.exit("check-msrv: FAIL these packages need a newer Rust than rust-version " + sys.argv[1] + ": " + ", ".join(newer))
' "$msrv"

if ! rustup run "$msrv" rustc --version >/dev/null 2>&1; then
  log "installing Rust $msrv (rustup toolchain install $msrv --profile minimal: about 80 MB)"
  rustup toolchain install "$msrv" --profile minimal
fi
log "building the tabeq and tabeq-trust crates with $(rustup run "$msrv" rustc --version)"
rustup run "$msrv" cargo check -p tabeq -p tabeq-trust --all-targets --locked --quiet --target-dir target/msrv
log "ok: tabeq and tabeq-trust build with Rust $msrv (rust-version = \"$msrv\"), and no dependency needs a newer one"
