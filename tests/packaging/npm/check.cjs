// The checks every entry point of the installed npm package must pass (Node ESM, Node CommonJS, a
// bundle): the evaluator and the trust module work, and both report the package's version.
"use strict";
const assert = require("node:assert/strict");

module.exports = function check(tabeq, trust, expectedVersion) {
  const config = {
    schema_version: "1.0",
    task_id: "task_1",
    order_sensitive: false,
    columns: [
      { gold_index: 0, gold_name: "region", type: "text" },
      { gold_index: 1, gold_name: "gdp", type: "number", comparison: { mode: "decimal_places", digits: 1 } },
    ],
  };
  const result = tabeq.evaluate("GDP,Region\n2.0,South\n1.3,North\n", "region,gdp\nNorth,1.25\nSouth,2\n", config);
  assert.equal(result.passed, true);
  assert.deepEqual(result.column_mapping, [1, 0]);
  assert.equal(tabeq.validatePrediction("GDP,Region\nn/a,South\n", config).error_code, "type_normalization_failed");
  assert.equal(tabeq.evaluate("a\n1\n2\n", "region,gdp\nNorth,1\n", config).passed, false);
  assert.equal(trust.trustOperators().filter((o) => o.builtin).length, 19);
  assert.equal(tabeq.version(), expectedVersion);
  assert.equal(trust.version(), expectedVersion);
};
