// Gold (one prepared gold, many predictions) through the WebAssembly module: byte-identical to
// evaluate on every conformance vector, partial credit equal to explain's, errors as evaluate's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { conformanceCases, tabeq } from "./helpers.mjs";

const OPTIONS = { configFileName: "task_1.json" };

test("Gold gives exactly evaluate's record and explain's partial credit on every vector", () => {
  let compared = 0;
  const problems = [];
  for (const testCase of conformanceCases()) {
    let gold;
    try {
      gold = new tabeq.Gold(testCase.gold, testCase.config, OPTIONS);
    } catch (error) {
      // Fatal config or gold: Gold throws exactly what evaluate throws.
      assert.throws(
        () => tabeq.evaluate(testCase.prediction, testCase.gold, testCase.config, OPTIONS),
        (e) => e.code === error.code && e.stage === error.stage && e.message === error.message,
      );
      continue;
    }
    try {
      const expected = JSON.stringify(tabeq.evaluate(testCase.prediction, testCase.gold, testCase.config, OPTIONS));
      const one = JSON.stringify(gold.evaluate(testCase.prediction));
      const many = gold.evaluateMany([testCase.prediction, testCase.prediction]).map((r) => JSON.stringify(r));
      const scores = Array.from(gold.scores([testCase.prediction]));
      if (one !== expected || many.some((m) => m !== expected) || scores[0] !== (JSON.parse(expected).passed ? 1 : 0)) {
        problems.push(`${testCase.id}: record differs`);
      }
      for (const signatureStrict of [false, true]) {
        const want = tabeq.explain(testCase.prediction, testCase.gold, testCase.config, {
          ...OPTIONS,
          signatureStrict,
        }).partial_credit;
        const got = gold.partialCredit([testCase.prediction], { signatureStrict })[0];
        if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${testCase.id}: partial credit differs`);
      }
      compared++;
    } finally {
      gold.free();
    }
  }
  assert.ok(compared > 2900, `compared ${compared}`);
  assert.deepEqual(problems, []);
});

test("Gold takes strings, bytes and null, and refuses what evaluate refuses", () => {
  const config = {
    schema_version: "1.0",
    task_id: "task_1",
    order_sensitive: false,
    columns: [{ gold_index: 0, gold_name: "n", type: "number", comparison: { mode: "integer" } }],
  };
  const gold = new tabeq.Gold("n\n3\n", config);
  try {
    assert.equal(gold.rowCount, 1);
    assert.equal(gold.columnCount, 1);
    assert.equal(gold.config.task_id, "task_1");
    const scores = gold.scores(["x\n3.0\n", new TextEncoder().encode("x\n3\n"), null, "x\n4\n"]);
    assert.ok(scores instanceof Float64Array);
    assert.deepEqual(Array.from(scores), [1, 1, 0, 0]);
    assert.equal(gold.evaluateMany([null])[0].error_code, "missing_prediction");
    assert.throws(() => gold.scores("x\n3\n"), (e) => e.code === "invalid_argument");
    assert.throws(() => gold.scores([42]), (e) => e.code === "invalid_argument");
    assert.throws(() => gold.partialCredit([null], { signatureStrict: "yes" }), (e) => e.code === "invalid_argument");
  } finally {
    gold.free();
  }
  assert.throws(() => new tabeq.Gold("n\nx\n", config), (e) => e.name === "TabeqError" && e.stage === "gold");
  assert.throws(() => new tabeq.Gold("n\n3\n", "{"), (e) => e.stage === "config");
});
