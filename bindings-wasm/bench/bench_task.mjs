// Times one task through the Node build of the WebAssembly module (bindings-wasm/pkg-node), the
// counterpart of `cargo run --release -p tabeq-wasm --example bench_task`.
// Usage: node bindings-wasm/bench/bench_task.mjs PREDICTION GOLD CONFIG [RUNS]
// Prints one JSON line: {"runs", "min_ms", "median_ms", "passed", "error_code"}.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const tabeq = createRequire(import.meta.url)("../pkg-node/tabeq.js");
const [predictionPath, goldPath, configPath, runsArg] = process.argv.slice(2);
if (!configPath) {
  console.error("usage: bench_task.mjs PREDICTION GOLD CONFIG [RUNS]");
  process.exit(2);
}
const prediction = readFileSync(predictionPath);
const gold = readFileSync(goldPath);
const config = readFileSync(configPath);
const runs = Number(runsArg ?? 5);
const times = [];
let last;
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  last = tabeq.evaluate(prediction, gold, config);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({
  runs,
  min_ms: Number(times[0].toFixed(1)),
  median_ms: Number(times[Math.floor(times.length / 2)].toFixed(1)),
  passed: last.passed,
  error_code: last.error_code,
}));
