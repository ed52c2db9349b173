// Dataset-shaped configs (issue #39): a null optional key is the key absent, a null required key a
// coded error naming it. The core's one parser reads every surface's configs; here, JavaScript's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { tabeq } from "./helpers.mjs";

const column = (extra) => ({
  gold_index: 1,
  gold_name: "share",
  type: "number",
  comparison: { mode: "decimal_places", digits: 1 },
  ...extra,
});
const config = (first, second) => ({
  schema_version: "1.0",
  task_id: "task_1",
  order_sensitive: false,
  columns: [{ gold_index: 0, gold_name: "region", type: "text", ...first }, column(second)],
});

test("null optional keys score as absent ones", () => {
  const gold = "region,share\nNorth,12.5\nSouth,3\n";
  const prediction = "share,region\n12.5,North\n3.0,South\n";
  const plain = tabeq.evaluate(prediction, gold, config({}, {}));
  const nulls = { comparison: null, unit: null, allow_percent_sign: null };
  const filled = tabeq.evaluate(prediction, gold, config(nulls, { unit: null, allow_percent_sign: null }));
  assert.equal(plain.passed, true);
  assert.deepEqual(filled, plain);
  const text = JSON.stringify(config(nulls, { unit: null }));
  assert.deepEqual(tabeq.evaluate(prediction, gold, text), plain);
});

test("a null required key is a coded error naming it", () => {
  const gold = "region,share\nNorth,12.5\n";
  assert.throws(
    () => tabeq.evaluate(gold, gold, config({}, { gold_name: null })),
    (e) => e.code === "config_invalid" && e.message.includes("`gold_name` of column 1 is null"),
  );
  assert.throws(
    () => tabeq.evaluate(gold, gold, { ...config({}, {}), task_id: null }),
    (e) => e.code === "config_invalid_task_id" && e.message.includes("`task_id`"),
  );
});
