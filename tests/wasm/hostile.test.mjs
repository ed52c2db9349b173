// Hostile inputs: every call must return a value or throw a TabeqError with a stable code. A panic
// in the module would surface as a WebAssembly.RuntimeError ("unreachable") and kill the instance,
// so each test also checks that the module still scores a normal task afterwards.
import assert from "node:assert/strict";
import { test } from "node:test";

import { xorshift32 } from "../../web-demo/examples.js";
import { fixtureConfig } from "../fixtures/fixtures.mjs";
import { tabeq, tabeqTrust } from "./helpers.mjs";

const CONFIG = fixtureConfig("name_value");
const GOLD = "name,value\na,1.25\nb,2\n";

const codes = new Set(tabeq.errorCodes().map((e) => e.code));

/** Run `call`; it must return or throw a coded TabeqError. Returns the value or the error. */
function coded(call, label = "") {
  try {
    return call();
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw a non-Error ${error}`);
    assert.notEqual(error.constructor.name, "RuntimeError", `${label}: the module trapped: ${error.message}`);
    assert.equal(error.name, "TabeqError", `${label}: ${error.name}: ${error.message}`);
    assert.ok(codes.has(error.code), `${label}: unknown code ${error.code}`);
    assert.equal(typeof error.message, "string");
    return error;
  }
}

function stillWorks() {
  const result = tabeq.evaluate("n,v\nb,2.00\na,1.254\n", GOLD, CONFIG);
  assert.equal(result.passed, true);
}

function randomBytes(next, length) {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(next() * 256);
  return bytes;
}

function randomCsvish(next, length) {
  const alphabet = ['"', ",", "\n", "\r", "a", "1", ".", "-", "%", "e", " ", "\u0000", "\uFEFF", "é", "\u001f", "٣", "Z", ":", "T"];
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
  return s;
}

test("garbage bytes and CSV-like noise as prediction, gold and config", () => {
  const next = xorshift32(20240601);
  for (let i = 0; i < 400; i++) {
    const length = Math.floor(next() * 600);
    const garbage = i % 2 ? randomBytes(next, length) : randomCsvish(next, length);
    const asPrediction = coded(() => tabeq.evaluate(garbage, GOLD, CONFIG), `prediction ${i}`);
    if (!(asPrediction instanceof Error)) assert.equal(typeof asPrediction.passed, "boolean");
    coded(() => tabeq.evaluate("n,v\na,1\n", garbage, CONFIG), `gold ${i}`);
    coded(() => tabeq.evaluate("n,v\na,1\n", GOLD, garbage), `config ${i}`);
    coded(() => tabeq.validatePrediction(garbage, CONFIG), `validate ${i}`);
    coded(() => tabeq.explain(garbage, GOLD, CONFIG), `explain ${i}`);
    coded(() => tabeq.canonicalize(typeof garbage === "string" ? garbage : "x", CONFIG.columns[1]), `canon ${i}`);
    coded(() => tabeqTrust.trustReliability(garbage), `trust ${i}`);
    const view = coded(() => tabeq.readTable(garbage, { maxRows: 5 }), `readTable ${i}`);
    if (view instanceof Error) assert.equal(view.stage, "csv");
    else assert.ok(view.rows.length <= 5);
  }
  stillWorks();
});

test("invalid UTF-8 gives the CSV and config codes", () => {
  const bad = new Uint8Array([0x6e, 0x2c, 0x76, 0x0a, 0xff, 0xfe, 0x2c, 0x31, 0x0a]);
  const result = tabeq.evaluate(bad, GOLD, CONFIG);
  assert.equal(result.error_code, "invalid_prediction_csv");
  assert.equal(tabeq.validatePrediction(bad, CONFIG).csv_error.code, "csv_invalid_utf8");
  assert.throws(() => tabeq.evaluate("n,v\na,1\n", bad, CONFIG), { code: "gold_invalid_csv", stage: "gold" });
  assert.throws(() => tabeq.evaluate("n,v\na,1\n", GOLD, new Uint8Array([0x7b, 0xff, 0x7d])), {
    code: "config_invalid_json",
    stage: "config",
  });
  assert.throws(() => tabeqTrust.trustReliability(new Uint8Array([0x7b, 0x7d, 0x0a, 0xc3])), {
    code: "invalid_utf8",
    line: 2,
  });
  // A JavaScript string cannot hold invalid UTF-8; lone surrogates arrive as U+FFFD.
  assert.equal(tabeq.canonicalize("\uD800x", { type: "text" }), "\uFFFDx");
  stillWorks();
});

test("huge and extreme numbers are compared exactly or rejected with a cell code", () => {
  const values = [
    "1e999999999999",
    "-1e-999999999999",
    "9".repeat(100_000),
    `0.${"0".repeat(100_000)}1`,
    "1e99",
    "1E+308",
    "123456789012345678901234567890.123456789",
    "1,234,567,890,123,456,789.5",
    "1" + ",000".repeat(5000),
    "١٢٣٤٥٦٧٨٩٠".repeat(1000),
  ];
  for (const mode of [
    { mode: "integer" },
    { mode: "decimal_places", digits: 30 },
    { mode: "significant_digits", digits: 0 },
    { mode: "significant_digits", digits: 30 },
  ]) {
    const column = { type: "number", comparison: mode, unit: "fraction", allow_percent_sign: true };
    const config = { ...CONFIG, columns: [{ gold_index: 0, gold_name: "x", ...column }] };
    for (const value of values) {
      const started = Date.now();
      const canonical = coded(() => tabeq.canonicalize(value, column), value.slice(0, 20));
      if (canonical instanceof Error) assert.equal(canonical.stage, "cell");
      coded(() => tabeq.canonicalize(`${value}%`, column));
      const result = tabeq.evaluate(`x\n${value}\n`, `x\n1e99\n`, config);
      assert.equal(typeof result.passed, "boolean");
      assert.ok(Date.now() - started < 5000, `${value.slice(0, 20)} took too long`);
    }
  }
  // The official evaluator crashes on 1e99 with decimal_places 2; tabeq compares it exactly.
  const twoPlaces = { ...CONFIG, columns: [{ ...CONFIG.columns[1], gold_index: 0 }] };
  assert.equal(tabeq.evaluate("x\n1e99\n", "v\n1E+99\n", twoPlaces).passed, true);
  assert.equal(tabeq.evaluate("x\n1e99\n", "v\n1.0000000001e99\n", twoPlaces).error_code, "relation_mismatch");
  stillWorks();
});

test("dates beyond the calendar are cell errors", () => {
  for (const value of ["0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-01:00", "2024-02-30", "99999-01-01", "2024-01-01T24:00"]) {
    const error = coded(() => tabeq.canonicalize(value, { type: "datetime" }), value);
    assert.ok(error instanceof Error, value);
    assert.equal(error.stage, "cell");
  }
});

test("bad config and column arguments are coded errors", () => {
  const cyclic = { ...CONFIG };
  cyclic.self = cyclic;
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const throwingProxy = new Proxy({}, {
    ownKeys() {
      throw new Error("trap");
    },
    getPrototypeOf() {
      return Object.prototype;
    },
  });
  let deep = {};
  for (let i = 0; i < 100_000; i++) deep = { a: deep };
  const cases = [
    [null, "invalid_argument"],
    [undefined, "invalid_argument"],
    [42, "invalid_argument"],
    [true, "invalid_argument"],
    [Symbol("x"), "invalid_argument"],
    [() => CONFIG, "invalid_argument"],
    [10n, "invalid_argument"],
    [[], "config_invalid"],
    [{}, "config_unsupported_schema"],
    ["", "config_invalid_json"],
    ["[".repeat(100_000), "config_invalid_json"],
    ["\uFEFF{}", "config_invalid_json"],
    [{ ...CONFIG, task_id: "task_x" }, "config_invalid_task_id"],
    [{ ...CONFIG, columns: [] }, "config_invalid"],
    [{ ...CONFIG, columns: [{ gold_index: 0, gold_name: "a", type: "number" }] }, "config_invalid"],
    [{ ...CONFIG, columns: "everything" }, "config_invalid"],
    [{ ...CONFIG, big: 10n }, "invalid_argument"],
    [cyclic, "invalid_argument"],
    [{ toJSON() { throw new Error("no"); } }, "invalid_argument"],
    [revoked.proxy, "invalid_argument"],
    [throwingProxy, "invalid_argument"],
    [deep, null], // JSON.stringify or the JSON depth limit: either way a coded error
  ];
  cases.forEach(([config, code], i) => {
    const error = coded(() => tabeq.evaluate("a\n1\n", "a\n1\n", config), `config case ${i}`);
    assert.ok(error instanceof Error, `config case ${i} was accepted`);
    if (code) assert.equal(error.code, code, `config case ${i}`);
    coded(() => tabeq.validatePrediction("a\n1\n", config));
    coded(() => tabeq.explain("a\n1\n", "a\n1\n", config));
    coded(() => tabeq.canonicalize("1", config));
    coded(() => new tabeq.SuiteRun([{ name: "task_1.json", content: config }]));
  });
  // A config given as text keeps Python's distinction between 2 and 2.0.
  const text = JSON.stringify(CONFIG).replace('"digits":2', '"digits":2.0');
  assert.throws(() => tabeq.evaluate("a\n1\n", GOLD, text), { code: "config_invalid" });
  assert.throws(() => tabeq.evaluate("a\n1\n", GOLD, CONFIG, { configFileName: "task_2.json" }), {
    code: "config_task_id_mismatch",
  });
  for (const options of [7, "task_1.json", { configFileName: 3 }, revoked.proxy]) {
    coded(() => tabeq.evaluate("a\n1\n", GOLD, CONFIG, options));
  }
  for (const options of [{ maxRows: -1 }, { maxRows: NaN }, { maxRows: "5" }, 12]) {
    assert.throws(() => tabeq.readTable("a\n1\n", options), { code: "invalid_argument" });
  }
  for (const options of [{ maxItems: -1 }, { maxItems: 1.5 }, { maxItems: 1e9 }, { hints: "yes" }]) {
    assert.throws(() => tabeq.explain("a\n1\n", GOLD, CONFIG, options), { code: "invalid_argument" });
  }
  stillWorks();
});

test("wrong argument types are invalid_argument, never a crash", () => {
  for (const bad of [42, {}, [], true, Symbol("s"), () => 1, new Date(), new Int32Array(4), 5n]) {
    assert.throws(() => tabeq.evaluate(bad, GOLD, CONFIG), { code: "invalid_argument" });
    assert.throws(() => tabeq.evaluate("a\n1\n", bad, CONFIG), { code: "invalid_argument" });
    assert.throws(() => tabeq.validatePrediction(bad, CONFIG), { code: "invalid_argument" });
    assert.throws(() => tabeq.canonicalize(bad, { type: "text" }), { code: "invalid_argument" });
  }
  // Bytes in every accepted form score alike.
  const text = "n,v\nb,2\na,1.25\n";
  const bytes = new TextEncoder().encode(text);
  for (const form of [text, bytes, bytes.buffer, Buffer.from(text)]) {
    assert.equal(tabeq.evaluate(form, GOLD, CONFIG).passed, true);
  }
  assert.equal(tabeq.evaluate(null, GOLD, CONFIG).error_code, "missing_prediction");
  assert.equal(tabeq.evaluate(undefined, GOLD, CONFIG).error_code, "missing_prediction");
  assert.throws(() => tabeq.evaluate("a\n1\n", null, CONFIG), { code: "gold_missing", stage: "gold", taskId: "task_1" });
  stillWorks();
});

test("inputs over the size limits are refused without being copied", () => {
  const limit = 20 * 1024 * 1024;
  const started = Date.now();
  const huge = new Uint8Array(512 * 1024 * 1024); // would not fit comfortably in wasm memory
  const result = tabeq.evaluate(huge, GOLD, CONFIG);
  assert.equal(result.error_code, "invalid_prediction_csv");
  assert.match(result.error, /csv_too_large/);
  assert.equal(tabeq.validatePrediction(huge, CONFIG).csv_error.code, "csv_too_large");
  assert.throws(() => tabeq.evaluate("a\n1\n", huge, CONFIG), { code: "gold_invalid_csv" });
  assert.throws(() => tabeq.evaluate("a\n1\n", GOLD, huge), { code: "invalid_argument" });
  assert.ok(Date.now() - started < 5000);
  const justOver = "x".repeat(limit + 1);
  assert.equal(tabeq.evaluate(justOver, GOLD, CONFIG).error_code, "invalid_prediction_csv");
  // Just under the byte limit but with a 2 MiB+ cell: the CSV reader's cell limit.
  const bigCell = `n,v\n${"y".repeat(2 * 1024 * 1024 + 1)},1\n`;
  assert.equal(tabeq.validatePrediction(bigCell, CONFIG).csv_error.code, "csv_cell_too_large");
  assert.throws(() => tabeq.canonicalize("z".repeat(2 * 1024 * 1024 + 1), { type: "text" }), { code: "invalid_argument" });
  const manyColumns = `${Array.from({ length: 65 }, (_, i) => `c${i}`).join(",")}\n`;
  assert.equal(tabeq.validatePrediction(manyColumns, CONFIG).csv_error.code, "csv_too_many_columns");
  const manyRows = `n,v\n${"a,1\n".repeat(100_001)}`;
  assert.equal(tabeq.validatePrediction(manyRows, CONFIG).csv_error.code, "csv_too_many_rows");
  stillWorks();
});

test("64 interchangeable columns are scored in bounded time", () => {
  const d = 64;
  const columns = Array.from({ length: d }, (_, j) => ({ gold_index: j, gold_name: `c${j}`, type: "text" }));
  const config = { schema_version: "1.0", task_id: "task_9", order_sensitive: false, columns };
  const header = columns.map((c) => c.gold_name).join(",");
  const rows = Array.from({ length: 500 }, (_, r) => Array.from({ length: d }, (_, j) => `${(r * 7 + j) % 3}`).join(","));
  const gold = `${header}\n${rows.join("\n")}\n`;
  const shuffled = rows.map((row) => row.split(",").reverse().join(","));
  const started = Date.now();
  const result = tabeq.evaluate(`${header}\n${shuffled.reverse().join("\n")}\n`, gold, config);
  assert.equal(typeof result.passed, "boolean");
  const diagnosis = tabeq.explain(`${header}\n${shuffled.join("\n")}\n`, gold, config);
  assert.deepEqual(diagnosis.result.passed, result.passed);
  assert.ok(Date.now() - started < 30_000, `took ${Date.now() - started} ms`);
});

test("hostile suites and misuse of SuiteRun", () => {
  const config = (id) => ({ name: `task_${id}.json`, content: JSON.stringify({ ...CONFIG, task_id: `task_${id}` }) });
  const cases = [
    [[], "suite_no_configs"],
    [[{ name: "notes.json", content: "{}" }], "suite_no_configs"],
    [[{ name: "task_x.json", content: "{}" }], "suite_invalid_config_name"],
    [[config(1), { name: "task_01.json", content: JSON.stringify({ ...CONFIG, task_id: "task_01" }) }], null],
    [[config(1), { name: "task_2.json", content: config(1).content }], "config_task_id_mismatch"],
    [[{ name: "task_1.json" }], "invalid_argument"],
    [[{ name: 5, content: "{}" }], "invalid_argument"],
    [["task_1.json"], "invalid_argument"],
    ["task_1.json", "invalid_argument"],
    [null, "invalid_argument"],
    [new Proxy([], { get() { throw new Error("trap"); } }), "invalid_argument"],
    [Object.defineProperty([config(1)], 0, { get() { throw new Error("getter"); } }), "invalid_argument"],
  ];
  cases.forEach(([files, code], i) => {
    const outcome = coded(() => new tabeq.SuiteRun(files, []), `suite case ${i}`);
    if (code) assert.equal(outcome.code, code, `suite case ${i}`);
  });
  const run = new tabeq.SuiteRun([config(2), config(10)], ["task_10", "task_3", "junk"]);
  assert.deepEqual(run.taskIds, ["task_2", "task_10"]);
  assert.deepEqual(run.unscoredPredictionTasks, ["task_3"]);
  assert.throws(() => run.summary(), { code: "suite_incomplete" });
  assert.throws(() => run.scoreTask("task_3", "a\n1\n", GOLD), { code: "unknown_task" });
  assert.throws(() => run.scoreTask(2, "a\n1\n", GOLD), { code: "invalid_argument" });
  assert.throws(() => run.scoreTask("task_2", "a\n1\n", "one\ngold\n"), { code: "gold_column_count_mismatch", taskId: "task_2" });
  run.scoreTask("task_2", null, GOLD);
  run.scoreTask("task_10", "n,v\na,1.25\nb,2\n", GOLD);
  const summary = run.summary();
  assert.equal(summary.task_count, 2);
  assert.equal(summary.passed_task_count, 1);
  assert.equal(summary.task_accuracy, 0.5);
  assert.deepEqual(run.taskConfig("task_10").task_id, "task_10");
  assert.throws(() => new tabeq.SuiteRun([config(1)], [1, 2]), { code: "invalid_argument" });
  run.free();
  stillWorks();
});

test("a class instance used after free() or freed twice throws freed_object", () => {
  const config = { name: "task_1.json", content: JSON.stringify(CONFIG) };
  const instances = [
    ["SuiteRun", new tabeq.SuiteRun([config], ["task_1"]), [(r) => r.taskIds, (r) => r.summary(), (r) => r.scoreTask("task_1", "a\n1\n", GOLD), (r) => r.summaryJson()]],
    ["SubmissionRun", new tabeq.SubmissionRun([config], ["task_1"]), [(r) => r.taskIds, (r) => r.checkTask("task_1", "a\n1\n"), (r) => r.report(), (r) => r.render("text")]],
    ["Gold", new tabeq.Gold(GOLD, CONFIG), [(g) => g.rowCount, (g) => g.evaluate("name,value\na,1.25\n"), (g) => g.scores(["x\n"]), (g) => g.config, (g) => g.partialCredit(["x\n"])]],
  ];
  for (const [name, instance, uses] of instances) {
    assert.ok(uses[0](instance), `${name} works before free()`);
    instance.free();
    for (const use of [...uses, (x) => x.free()]) {
      const error = coded(() => {
        use(instance);
        assert.fail(`${name}: ${use} did not throw after free()`);
      }, name);
      assert.equal(error.code, "freed_object", `${name}: ${use}: ${error.message}`);
      assert.equal(error.stage, "argument");
      assert.match(error.message, new RegExp(`^${name}\\.`));
    }
  }
  stillWorks();
});

test("hostile trust inputs", () => {
  const bad = [
    ["", "no_records"],
    ["{", "invalid_json"],
    ["[1]", "not_an_object"],
    ['{"model": "m"}', "missing_field"],
    ['{"model": "m", "dataset": "d", "operator": "NOPE", "instance_id": 1, "label": "full"}', "unknown_operator"],
    ['{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "meh"}', "unknown_label"],
    [`${'{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}\n'.repeat(2)}`, "duplicate_id"],
    ["[".repeat(100_000), "invalid_json"],
    [42, "invalid_argument"],
    [null, "invalid_argument"],
  ];
  for (const [records, code] of bad) {
    const error = coded(() => tabeqTrust.trustReliability(records));
    assert.ok(error instanceof Error, String(records).slice(0, 30));
    assert.equal(error.code, code, String(records).slice(0, 30));
  }
  for (const options of ["{", '{"by": ["level"]}', { bootstrap: -1 }, { operators: [{ code: 1 }] }, 5]) {
    const error = coded(() => tabeqTrust.trustReliability('{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}', options));
    assert.ok(error instanceof Error, JSON.stringify(options));
  }
  for (const input of [{ x: [1], y: [1, 2] }, { x: ["a"], y: [1] }, "nope", { x: [1, 2, 3], y: [NaN, 1, 2] }]) {
    coded(() => tabeqTrust.trustSpearman(input));
  }
  const manifest = '{"model": "m", "dataset": "d", "question_id": "q", "prediction": "p.csv", "gold": "g.csv", "config": "c.json"}';
  for (const files of [{}, { "p.csv": 5 }, { "g.csv": "x\n1\n", "c.json": "{" }, new Proxy({}, { get() { throw new Error("trap"); } })]) {
    coded(() => tabeqTrust.trustRobustnessFromManifest(manifest, files));
  }
  assert.throws(() => tabeqTrust.trustRobustnessFromManifest(manifest, "files"), { code: "invalid_argument" });
  stillWorks();
});
