// The error catalogue that errorCodes() returns is the core's one list for every surface: each code
// once, with a description and the stage its thrown errors carry, and every code that a surface
// declares (the .d.ts unions, the Python package's Literal types, the freed-object guard) is in it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ROOT, tabeq, tabeqTrust } from "./helpers.mjs";

const catalogue = tabeq.errorCodes();
const byCode = new Map(catalogue.map((entry) => [entry.code, entry]));
const read = (...path) => readFileSync(join(ROOT, ...path), "utf8");

/** The quoted snake_case literals of every `<Name>ErrorCode = ...` definition in `text`. */
function declaredCodes(text, definition) {
  const codes = new Set();
  for (const match of text.matchAll(definition)) {
    for (const literal of match[1].matchAll(/"([a-z0-9_]+)"/g)) codes.add(literal[1]);
  }
  return codes;
}

test("each code once, described, with its family's stage", () => {
  assert.equal(byCode.size, catalogue.length, "codes are unique");
  for (const { code, family, stage, description } of catalogue) {
    assert.match(code, /^[a-z][a-z0-9_]*$/);
    assert.ok(description.length > 10 && description.endsWith("."), `${code}: ${description}`);
    const expected = { task: [null], csv: ["csv"], cell: ["cell"], trust: ["trust"], binding: ["argument"],
      output: ["output"], fatal: ["config", "gold", "suite"], submission: ["submission"], spider2: ["spider2"],
      kddcup: ["kddcup"], sql: ["sql"] }[family];
    assert.ok(expected?.includes(stage), `${code}: family ${family}, stage ${stage}`);
  }
  assert.deepEqual(tabeqTrust.errorCodes(), catalogue);
});

test("every code a surface declares is in the catalogue", () => {
  const declared = new Set([
    ...declaredCodes(read("bindings-wasm", "types", "tabeq.d.ts"), /export type \w+ErrorCode =([^;]+);/g),
    ...declaredCodes(read("bindings-wasm", "types", "tabeq_trust.d.ts"), /export type \w+ErrorCode =([^;]+);/g),
    ...declaredCodes(read("bindings-py", "python", "tabeq", "_errors.py"), /^\w+ErrorCode = Literal\[([^\]]+)\]/gm),
    ...declaredCodes(read("bindings-py", "python", "tabeq", "trust.py"), /^\w+ErrorCode = Literal\[([^\]]+)\]/gm),
    ...declaredCodes(read("bindings-wasm", "js", "freed-guard.js"), /error\.code = ("[a-z_]+")/g),
  ]);
  assert.ok(declared.size > 60, `${declared.size} declared codes`);
  for (const code of declared) assert.ok(byCode.has(code), `${code} is declared but not in errorCodes()`);
});

test("a thrown error's stage is its code's catalogue stage", () => {
  const config = { schema_version: "1.0", task_id: "task_1", order_sensitive: false,
    columns: [{ gold_index: 0, gold_name: "n", type: "number", comparison: { mode: "integer" } }] };
  const column = JSON.stringify(config.columns[0]);
  const calls = [
    () => tabeq.evaluate("n\n1\n", null, config), // gold_missing
    () => tabeq.evaluate("n\n1\n", "n\nx\n", config), // gold_cell_invalid
    () => tabeq.evaluate("n\n1\n", "n\n1\n", "{"), // config_invalid_json
    () => tabeq.readTable("a\n\"x"), // csv_unterminated_quote
    () => tabeq.canonicalize("twelve", column), // cell_invalid_number
    () => tabeq.canonicalize(1, column), // invalid_argument
    () => tabeq.evaluate("\ud800", "n\n1\n", config), // lone_surrogate
    () => new tabeq.SuiteRun([], []), // suite_no_configs
    () => new tabeq.SuiteRun([{ name: "task_1.json", content: JSON.stringify(config) }], []).summary(),
    () => new tabeq.SuiteRun([{ name: "task_1.json", content: JSON.stringify(config) }], []).scoreTask("task_2", null, ""),
    () => tabeqTrust.trustReliability("{", null), // invalid_json
  ];
  const seen = new Set();
  for (const call of calls) {
    assert.throws(call, (error) => {
      const entry = byCode.get(error.code);
      assert.ok(entry, `${error.code} is in the catalogue`);
      assert.equal(error.stage, entry.stage, error.code);
      seen.add(error.code);
      return true;
    });
  }
  assert.equal(seen.size, calls.length, [...seen].join(", "));
});

test("the messages of errors raised without reading the file are the core's", () => {
  const config = { schema_version: "1.0", task_id: "task_4", order_sensitive: false,
    columns: [{ gold_index: 0, gold_name: "n", type: "text" }] };
  assert.throws(() => tabeq.evaluate(null, null, config), {
    code: "gold_missing", stage: "gold", taskId: "task_4", message: "Missing CSV file: the gold CSV of task_4",
  });
  const run = new tabeq.SuiteRun([{ name: "task_4.json", content: JSON.stringify(config) }], []);
  assert.throws(() => run.summary(), { code: "suite_incomplete", taskId: "task_4",
    message: "task task_4 has not been scored yet" });
  assert.throws(() => run.scoreTask("task_5", null, ""), { code: "unknown_task", taskId: "task_5" });
  run.free();
});
