// The WebAssembly surface of the cross-surface identity test (run.py calls it).
//
//   node tests/cross_surface/wasm_runner.cjs <pkg-node/tabeq.js> <cases.jsonl>
//
// Each input line is {"id", "config" (JSON text), "gold_b64", "prediction_b64" | null}. Prints
// {"id", "json": JSON.stringify(result, null, 2)} per case, or {"id", "fatal": "<code> <stage>"}
// when the config or gold is refused. Files that are UTF-8 are evaluated a second time as
// JavaScript strings, which must give the same record. JSON.stringify with two-space indentation writes exactly
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
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The bytes as a string, or undefined when they are not UTF-8. */
function asText(bytes) {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

function run(id, prediction, gold, config) {
  try {
    const result = tabeq.evaluate(prediction, gold, config, options);
    return { id, json: JSON.stringify(result, null, 2) };
  } catch (e) {
    if (e && e.name === "TabeqError" && (e.stage === "config" || e.stage === "gold")) {
      return { id, fatal: `${e.code} ${e.stage}` };
    }
    return { id, json: `EXCEPTION ${e && e.name}: ${e && e.message}` };
  }
}

for (const line of fs.readFileSync(casesPath, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const c = JSON.parse(line);
  const gold = Buffer.from(c.gold_b64, "base64");
  const prediction = c.prediction_b64 === null ? null : Buffer.from(c.prediction_b64, "base64");
  const record = run(c.id, prediction, gold, c.config);
  // The same files as JavaScript strings (when they are UTF-8) must give the same record.
  const predictionText = prediction === null ? null : asText(prediction);
  const goldText = asText(gold);
  if (predictionText !== undefined && goldText !== undefined) {
    const again = run(c.id, predictionText, goldText, c.config);
    if (JSON.stringify(again) !== JSON.stringify(record)) {
      record.json = `STRING INPUT DIFFERS: ${JSON.stringify(again)} vs ${JSON.stringify(record)}`;
      delete record.fatal;
    }
  }
  out.push(JSON.stringify(record));
}
fs.writeSync(1, out.join("\n") + "\n");
