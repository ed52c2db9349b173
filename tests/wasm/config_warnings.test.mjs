// Config keys the official evaluator ignores: still ignored (the verdict is unchanged), but
// reported by configWarnings() so that a page can show them (issue 17).
import assert from "node:assert/strict";
import { test } from "node:test";

import { tabeq } from "./helpers.mjs";

const config = (extra) => ({
  schema_version: "1.0",
  task_id: "task_1",
  order_sensitive: false,
  columns: [
    { gold_index: 0, gold_name: "region", type: "text" },
    { gold_index: 1, gold_name: "share", type: "number", comparison: { mode: "decimal_places", digits: 1 }, ...extra },
  ],
});

test("a misspelt key is reported with a suggestion and changes nothing", () => {
  const warnings = tabeq.configWarnings(config({ allow_percent: true }));
  assert.deepEqual(warnings, [
    {
      code: "unknown_config_key",
      message: "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?",
      key: "allow_percent",
      column: 1,
      suggestion: "allow_percent_sign",
    },
  ]);
  const gold = "region,share\nNorth,12.5\n";
  const prediction = "region,share\nNorth,12.5%\n";
  const typo = tabeq.evaluate(prediction, gold, config({ allow_percent: true }));
  const plain = tabeq.evaluate(prediction, gold, config({}));
  assert.deepEqual(typo, plain);
  assert.equal(typo.passed, false);
  assert.deepEqual(tabeq.configWarnings(JSON.stringify(config({}))), []);
});

test("an invalid config throws a coded error", () => {
  assert.throws(() => tabeq.configWarnings("{"), (e) => e.code === "config_invalid_json");
  assert.throws(() => tabeq.configWarnings(undefined), (e) => e.code === "invalid_argument");
});
