// Messages the page shows come from the core (`message(code, data)`), and validatePrediction
// warns about files that read as CSV but are unlikely to be an answer (header_only, not_csv_text).
import assert from "node:assert/strict";
import { test } from "node:test";
import { tabeq } from "./helpers.mjs";

const config = JSON.stringify({
  schema_version: "1.0",
  task_id: "task_1",
  order_sensitive: false,
  columns: [{ gold_index: 0, gold_name: "n", type: "text" }],
});

test("message words a catalogue code with its data; numbers are grouped as the page wrote them", () => {
  const text = tabeq.message("zip_member_too_large", { path: "task_1/prediction.csv", size: 33_554_434, limit: 20_971_520 });
  assert.equal(text, "task_1/prediction.csv inflates to 33,554,434 bytes, more than the 20,971,520 bytes a file may have: it is not read");
  assert.equal(tabeq.message("not_a_choice", { what: "metric", choices: ["spider", "bird", "bird_f1"], value: "'x'" }), "metric must be spider, bird or bird_f1, not 'x'");
  assert.match(tabeq.message("share_too_large", { limit: 262_144 }), /\(262,144 bytes of files\)/);
});

test("message refuses an unknown code, a missing field and a field of another type", () => {
  for (const [code, data] of [["no_such_message", {}], ["zip_cut_short", {}], ["zip_cut_short", { path: { a: 1 } }], ["give_one_of", { choices: [1, 2] }]]) {
    assert.throws(() => tabeq.message(code, data), (e) => e.name === "TabeqError" && e.code === "invalid_argument");
  }
});

test("validatePrediction: a header-only file and JSON saved as CSV are warned with their code and place", () => {
  // Warnings, not failures: the official scores both, and a header-only answer passes an empty gold.
  const headerOnly = tabeq.validatePrediction(new TextEncoder().encode("n\n"), config);
  assert.equal(headerOnly.ok, true);
  assert.equal(headerOnly.error_code, null);
  assert.equal(headerOnly.answer_problem.code, "header_only");
  assert.deepEqual([headerOnly.answer_problem.position.line, headerOnly.answer_problem.position.column], [2, 1]);
  const json = tabeq.validatePrediction(new TextEncoder().encode('[{"n": "a"}]\n'), config);
  assert.equal(json.ok, true);
  assert.equal(json.answer_problem.code, "not_csv_text");
  assert.match(json.answer_problem.message, /^line 1, column 1.*JSON text saved as prediction\.csv/);
  const fine = tabeq.validatePrediction(new TextEncoder().encode("n\na\n"), config);
  assert.equal(fine.ok, true);
  assert.equal(fine.answer_problem, null);
});
