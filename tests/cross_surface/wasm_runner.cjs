// The WebAssembly surface of the cross-surface identity test (run.py calls it).
//
//   node tests/cross_surface/wasm_runner.cjs <pkg-node/tabeq.js> <cases.jsonl>
//
// Each input line is {"id", "config" (JSON text), "gold_b64", "prediction_b64" | null}. Prints
// {"id", "json": JSON.stringify(result, null, 2)} per case, or {"id", "fatal": "<code> <stage>"}
// when the config or gold is refused. JSON.stringify with two-space indentation writes exactly
// what Python's json.dumps(indent=2, ensure_ascii=False) writes for these records (same escapes
// for control characters, no escaping of other characters), so the texts are compared as they are.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const [modulePath, casesPath] = process.argv.slice(2);
if (!modulePath || !casesPath) {
  console.error("usage: wasm_runner.cjs <pkg-node/tabeq.js> <cases.jsonl>");
  process.exit(2);
}
const tabeq = require(path.resolve(modulePath));
const options = { configFileName: "task_1.json" };
const out = [];
for (const line of fs.readFileSync(casesPath, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const c = JSON.parse(line);
  const gold = Buffer.from(c.gold_b64, "base64");
  const prediction = c.prediction_b64 === null ? null : Buffer.from(c.prediction_b64, "base64");
  let record;
  try {
    const result = tabeq.evaluate(prediction, gold, c.config, options);
    record = { id: c.id, json: JSON.stringify(result, null, 2) };
  } catch (e) {
    if (e && e.name === "TabeqError" && (e.stage === "config" || e.stage === "gold")) {
      record = { id: c.id, fatal: `${e.code} ${e.stage}` };
    } else {
      record = { id: c.id, json: `EXCEPTION ${e && e.name}: ${e && e.message}` };
    }
  }
  out.push(JSON.stringify(record));
}
fs.writeSync(1, out.join("\n") + "\n");
