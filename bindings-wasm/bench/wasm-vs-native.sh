#!/usr/bin/env bash
# WASM (Node) vs native time on the 12,962 × 6 worst case of bench/gen_worst.py, through the same
# binding code path (tabeq::file_input::TaskFiles::evaluate, then the record's JSON tree). Rounds alternate native and WASM so
# both see the same machine load; prints min and median per side and their ratio.
# Usage: bash bindings-wasm/bench/wasm-vs-native.sh [ROUNDS] [RUNS_PER_ROUND]   (after scripts/build-wasm.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-5}
RUNS=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/gen_worst.py --out "$work" --rows 12962 --cols 6
task=("$work/predictions/task_1/prediction.csv" "$work/gold/task_1/gold.csv" "$work/configs/task_1.json")
cargo build -q --release -p tabeq-wasm --example bench_task
native_bin="${CARGO_TARGET_DIR:-target}/release/examples/bench_task"
: >"$work/native.jsonl"
: >"$work/wasm.jsonl"
for _ in $(seq "$ROUNDS"); do
  "$native_bin" "${task[@]}" "$RUNS" >>"$work/native.jsonl"
  node bindings-wasm/bench/bench_task.mjs "${task[@]}" "$RUNS" >>"$work/wasm.jsonl"
done
node - "$work/native.jsonl" "$work/wasm.jsonl" <<'JS'
const fs = require("fs");
const load = (p) => fs.readFileSync(p, "utf8").trim().split("\n").map((l) => JSON.parse(l));
const [native, wasm] = process.argv.slice(2).map(load);
const stats = (rows) => {
  const mins = rows.map((r) => r.min_ms).sort((a, b) => a - b);
  const medians = rows.map((r) => r.median_ms).sort((a, b) => a - b);
  return { min_ms: mins[0], median_ms: medians[Math.floor(medians.length / 2)], verdict: rows[0].error_code };
};
const n = stats(native);
const w = stats(wasm);
console.log(JSON.stringify({ native: n, wasm: w, ratio_min: +(w.min_ms / n.min_ms).toFixed(2), ratio_median: +(w.median_ms / n.median_ms).toFixed(2) }));
JS
