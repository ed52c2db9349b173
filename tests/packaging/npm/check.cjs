// The checks every entry point of the installed npm package must pass (Node ESM, Node CommonJS, a
// bundle): the evaluator's three modules and the trust module work, and both entries report the
// package's version.
// No node: imports, so that the browser bundle holds it too.
"use strict";

function equal(actual, expected) {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (a !== e) throw new Error(`expected ${e}, got ${a}`);
}

module.exports = function check(tabeq, trust, expectedVersion) {
  // The shared fixture (tests/fixtures/configs.json), copied next to this file by scripts/test-npm.sh.
  const config = require("./configs.json").region_gdp;
  const result = tabeq.evaluate("GDP,Region\n2.0,South\n1.3,North\n", "region,gdp\nNorth,1.25\nSouth,2\n", config);
  equal(result.passed, true);
  equal(result.column_mapping, [
    { gold_index: 0, prediction_index: 1 },
    { gold_index: 1, prediction_index: 0 },
  ]);
  equal(tabeq.validatePrediction("GDP,Region\nn/a,South\n", config).error_code, "type_normalization_failed");
  equal(tabeq.evaluate("a\n1\n2\n", "region,gdp\nNorth,1\n", config).passed, false);
  // Gold.partialCredit and SubmissionRun come from the explain and submission modules, which the
  // entry loads at their first use (Node, bundles) or in init (browsers).
  const gold = new tabeq.Gold("region,gdp\nNorth,1.25\nSouth,2\n", config);
  equal(gold.scores(["GDP,Region\n2.0,South\n1.3,North\n", "x\n"]), { 0: 1, 1: 0 });
  equal(gold.partialCredit(["GDP,Region\n2.0,South\n1.3,North\n"])[0].rows.f1, 1);
  gold.free();
  const run = new tabeq.SubmissionRun([{ name: `${config.task_id}.json`, content: JSON.stringify(config) }], [config.task_id]);
  equal(run instanceof tabeq.SubmissionRun, true);
  equal(run.taskIds, [config.task_id]);
  run.free();
  equal(trust.trustOperators().filter((o) => o.builtin).length, 19);
  equal(tabeq.version(), expectedVersion);
  equal(trust.version(), expectedVersion);
};
