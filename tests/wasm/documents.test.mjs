// The documents the core builds for people (explainDocument, validationDocument) reach
// JavaScript as plain objects and render through the core (renderDocument) exactly as the
// other surfaces render them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { tabeq, tabeqTrust } from "./helpers.mjs";

const CONFIG = JSON.stringify({
  schema_version: "1.0",
  task_id: "task_1",
  order_sensitive: false,
  columns: [
    { gold_index: 0, gold_name: "city", type: "text" },
    { gold_index: 1, gold_name: "n", type: "number", comparison: { mode: "integer" } },
  ],
});
const GOLD = "city,n\nOslo,3\nRome,4\n";

test("explainDocument is a plain Document with stable section ids and marked cells", () => {
  const doc = tabeq.explainDocument("city,n\nOslo,3\nRome,5\n", GOLD, CONFIG);
  assert.equal(doc.title, "task_1: failed (relation_mismatch)");
  assert.equal(Object.getPrototypeOf(doc), Object.prototype);
  const ids = doc.sections.map((s) => s.id);
  assert.ok(ids.includes("mapping") && ids.includes("missing_rows") && ids.includes("extra_rows"), ids.join());
  const missing = doc.sections.find((s) => s.id === "missing_rows").blocks[0];
  assert.equal(missing.kind, "table");
  assert.equal(missing.total_rows, 1);
  assert.deepEqual(missing.rows[0].cells.map((c) => [c.text, c.mark]), [["2", "none"], ["Rome", "none"], ["4", "differs"]]);
  assert.equal(missing.rows[0].mark, "missing");
  const facts = doc.lead.find((b) => b.kind === "facts");
  assert.deepEqual(facts.items[0], ["verdict", "failed"]);
});

test("renderDocument renders every format and refuses what is not a document", () => {
  const doc = tabeq.explainDocument("city,n\nOslo,3\nRome,5\n", GOLD, CONFIG);
  assert.ok(tabeq.renderDocument(doc, "text").startsWith("task_1: failed (relation_mismatch)\n"));
  assert.ok(tabeq.renderDocument(doc, "markdown").startsWith("# task\\_1: failed"));
  assert.ok(tabeq.renderDocument(doc, "html").includes('data-section="missing_rows"'));
  assert.ok(tabeq.renderDocument(doc, "csv").includes("# Column mapping"));
  assert.throws(() => tabeq.renderDocument(doc, "pdf"), { code: "invalid_argument" });
  assert.throws(() => tabeq.renderDocument({ title: 3 }, "text"), { code: "invalid_argument" });
  assert.throws(() => tabeq.renderDocument(null, "text"), { code: "invalid_argument" });
});

test("both renderDocuments read a document the one way, with the same coded errors", () => {
  const cyclic = { title: "t", sections: [] };
  cyclic.self = cyclic;
  const cases = [
    [{ title: 3 }, /^document must be a tabeq document \("title" is not a string\)$/],
    [null, /^document must be a tabeq document \(/],
    [undefined, /^document must be a tabeq document \(/],
    [cyclic, /^cannot read document as JSON: /],
  ];
  for (const module of [tabeq, tabeqTrust]) {
    for (const [document, message] of cases) {
      assert.throws(() => module.renderDocument(document, "text"), { code: "invalid_argument", message });
    }
    // A document from the other module renders the same.
    const doc = tabeq.explainDocument("city,n\nOslo,3\nRome,5\n", GOLD, CONFIG);
    assert.equal(module.renderDocument(doc, "markdown"), tabeq.renderDocument(doc, "markdown"));
  }
});

test("validationDocument lists the cells that do not read", () => {
  const doc = tabeq.validationDocument("city,n\nOslo,1.5\n", CONFIG);
  assert.equal(doc.title, "task_1: fails (type_normalization_failed)");
  const text = tabeq.renderDocument(doc, "text");
  assert.ok(text.includes("cell_not_an_integer"), text);
  assert.throws(() => tabeq.validationDocument("x\n", "{"), { code: "config_invalid_json" });
});

test("a passing task's document shows the official mapping", () => {
  const doc = tabeq.explainDocument("n,city\n4,Rome\n3,Oslo\n", GOLD, CONFIG);
  assert.equal(doc.title, "task_1: passed");
  const mapping = doc.sections.find((s) => s.id === "mapping").blocks[0];
  assert.deepEqual(mapping.rows.map((r) => r.cells[3].text), ["1", "0"]);
});

test("misuses get codes: a lone surrogate and a detached ArrayBuffer", () => {
  assert.throws(() => tabeq.evaluate("city,n\nOslo,3\n\uD800,4\n", GOLD, CONFIG), { code: "lone_surrogate" });
  assert.throws(() => tabeq.evaluate("x\n", "city,n\n\uDC00,1\n", CONFIG), { code: "lone_surrogate" });
  const view = new TextEncoder().encode("city,n\nOslo,3\nRome,4\n");
  const buffer = view.buffer;
  structuredClone(buffer, { transfer: [buffer] });
  assert.throws(() => tabeq.evaluate(buffer, GOLD, CONFIG), { code: "invalid_argument" });
  assert.throws(() => tabeq.evaluate(view, GOLD, CONFIG), { code: "invalid_argument" });
  // A genuinely empty buffer is an (unreadable) empty file, not a misuse.
  assert.equal(tabeq.evaluate(new ArrayBuffer(0), GOLD, CONFIG).error_code, "invalid_prediction_csv");
});

test("SuiteRun.render is the core's summary document, once every task is scored", () => {
  const run = new tabeq.SuiteRun(
    [{ name: "task_1.json", content: CONFIG }, { name: "task_2.json", content: CONFIG.replace("task_1", "task_2") }],
    ["task_1", "task_2", "task_9"],
  );
  try {
    assert.throws(() => run.render("text"), { code: "suite_incomplete" });
    run.scoreTask("task_1", "city,n\nOslo,3\nRome,4\n", GOLD);
    run.scoreTask("task_2", "city,n\nOslo,3\n", GOLD);
    const text = run.render("text");
    assert.ok(text.startsWith("1/2 tasks passed\n"), text);
    // Failures first, with their official codes; the unscored folder among the facts.
    assert.match(text, /task_2\s+failed\s+row_count_mismatch[^\n]*\n[^\n]*task_1\s+passed/);
    assert.match(text, /unscored prediction folders: task_9/);
    assert.ok(run.render("html").includes('data-section="tasks"'));
    assert.ok(run.render("csv").startsWith("# Tasks"));
    assert.throws(() => run.render("pdf"), { code: "invalid_argument" });
  } finally {
    run.free();
  }
});
