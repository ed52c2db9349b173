// The Spider 2.0 module (pkg-node/tabeq_spider2.js): verdicts of the official comparison, the
// explanation and its soundness warnings as the core renders them, multi-gold, unreadable CSVs,
// hostile arguments (a coded TabeqError, never a trap), and the declared shapes of
// bindings-wasm/types/tabeq_spider2.d.ts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ROOT, tabeq, tabeqSpider2 as spider2 } from "./helpers.mjs";

const GOLD = "city,year,visitors\nOslo,2023,1200\nBergen,2023,800\nTromsø,2023,450\n";

/** A comparison that must return (never throw), with its text explanation. */
const compare = (prediction, gold, options = {}) => spider2.spider2Compare(prediction, gold, { ...options, explain: "text" });

test("every recorded official verdict (tests/spider2/vectors.jsonl, the Python tests' too) is the module's", () => {
  const lines = readFileSync(join(ROOT, "tests", "spider2", "vectors.jsonl"), "utf8").split("\n").filter(Boolean);
  const wrong = [];
  const scores = new Set();
  for (const line of lines) {
    const v = JSON.parse(line);
    const golds = v.multi ? v.golds : v.golds[0];
    // condition_cols as its JSON text, so that 1.0 stays a float as the eval file has it.
    const options = { conditionCols: JSON.stringify(v.condition_cols ?? null), ignoreOrder: v.ignore_order };
    const r = spider2.spider2Compare(v.prediction, golds, options);
    if (r.score !== v.official_score || r.passed !== (r.score === 1)) wrong.push(v.id);
    scores.add(v.official_score);
  }
  assert.ok(lines.length >= 100, `${lines.length} vectors`);
  assert.deepEqual(wrong, []);
  assert.deepEqual(scores, new Set([0, 1]));
});

test("a pass: columns found in any order under other names, numbers within 0.01", () => {
  const r = compare("visitors,town,yr\n1200.004,Oslo,2023\n800,Bergen,2023\n450,Tromsø,2023\n", GOLD);
  assert.equal(r.score, 1);
  assert.equal(r.passed, true);
  assert.equal(r.kind, "single");
  assert.equal(r.error, null);
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(
    r.golds[0].compared.map((c) => [c.name, c.matched_by]),
    [["city", [1]], ["year", [2]], ["visitors", [0]]],
  );
  assert.match(r.explanation, /^Spider 2\.0 comparison\n/);
  assert.match(r.explanation, /Score 1: every compared gold column matches some prediction column\./);
  assert.match(r.explanation, /#2 'visitors'\s+matched by #0 'visitors'/);
});

test("a failure explains the gold column without a match, its closest column and the values off the tolerance", () => {
  const r = compare("city,year,visitors\nOslo,2023,1200\nBergen,2023,802\nTromsø,2023,450\n", GOLD);
  assert.equal(r.score, 0);
  assert.equal(r.passed, false);
  const visitors = r.golds[0].compared[2];
  assert.deepEqual(visitors.matched_by, []);
  assert.equal(visitors.closest.name, "visitors");
  assert.equal(visitors.closest.mismatch_count, 1);
  assert.deepEqual(visitors.closest.mismatches, [{ position: 1, gold: "800", prediction: "802", difference: 2 }]);
  assert.match(r.explanation, /Score 0: 1 gold column found no matching prediction column\./);
  assert.match(r.explanation, /no match; closest #2 'visitors' differs in 1 row: row #1: gold 800 vs 802, off by 2 \(tolerance 0\.01\)/);
  // A missing row: the closest column has another length.
  const short = compare("city,year,visitors\nOslo,2023,1200\nBergen,2023,800\n", GOLD);
  assert.equal(short.passed, false);
  assert.match(short.explanation, /closest #0 'city' has 2 values, the gold column 3/);
});

test("soundness warnings: rows that do not correspond under ignore_order, one column serving two", () => {
  const shuffled = "year,city,visitors\n2023,Oslo,450\n2023,Bergen,1200\n2023,Tromsø,800\n";
  assert.equal(compare(shuffled, GOLD).passed, false, "in order, the visitors are wrong");
  const r = compare(shuffled, GOLD, { ignoreOrder: true, conditionCols: [0, 2] });
  assert.equal(r.passed, true);
  assert.equal(r.ignore_order, true);
  assert.equal(r.golds[0].condition_cols, "[0, 2]");
  assert.deepEqual(r.warnings.map((w) => w.code), ["spider2_rows_do_not_correspond"]);
  assert.match(r.explanation, /Warnings\n-+\n\nwarning: the pass holds only because ignore_order sorts each column on its own: 3 of 3 gold rows/);

  const shared = compare("a,b\n1,1\n2,2.5\n", "x,y\n1,1\n2,2\n");
  assert.equal(shared.passed, true);
  assert.deepEqual(shared.warnings.map((w) => w.code), ["spider2_shared_prediction_column"]);
  assert.match(shared.explanation, /one prediction column serves several gold columns.*\[spider2_shared_prediction_column\]/);
  // A clean pass has no warning section.
  assert.doesNotMatch(compare(GOLD, GOLD).explanation, /Warnings/);
});

test("multi-gold: any gold may pass, condition_cols per gold, the first-only quirk noted", () => {
  const golds = ["x,y\n9,9\n", "name,total\nalice,10\nbob,20\n"];
  const r = compare("total,who\n10,alice\n20,bob\n", golds);
  assert.equal(r.kind, "multi");
  assert.equal(r.gold_count, 2);
  assert.equal(r.passed, true);
  assert.deepEqual(r.golds.map((g) => g.passed), [false, true]);
  assert.match(r.explanation, /Score 1: every compared column of gold #1 \(of 2 golds\) matches some prediction column\./);
  assert.match(r.explanation, /Gold #0 \(of 2\)\n/);
  // Per-gold condition_cols: gold 1 compares only its column 1 (y).
  const per = compare("b\n9\n", ["x,y\n1,9\n", "z\n5\n"], { conditionCols: "[[1], [0]]" });
  assert.equal(per.passed, true);
  assert.equal(per.golds[0].condition_cols, "[1]");
  const none = compare("q\n0\n", golds);
  assert.equal(none.passed, false);
  assert.match(none.explanation, /\(no gold of 2 passes\)/);
  // One gold in an array is still the multi-gold function: a flat list uses its first entry only.
  const first = compare("b\n2\n", ["a,b\n1,2\n"], { conditionCols: [1, 0] });
  assert.equal(first.kind, "multi");
  assert.equal(first.passed, true);
  assert.deepEqual(first.warnings.map((w) => w.code), ["spider2_condition_cols_first_only"]);
});

test("a CSV that does not read scores 0 with the reason, as the official raises", () => {
  const quote = compare('city,visitors\n"Oslo,1200\n', GOLD);
  assert.equal(quote.score, 0);
  assert.deepEqual(quote.error, {
    code: "spider2_csv_unterminated_quote",
    message: "the prediction cannot be read: a quoted field starting on line 2 is never closed",
  });
  assert.match(quote.explanation, /Score 0: the official comparison raises an error \(the prediction cannot be read/);
  assert.equal(compare("", GOLD).error.code, "spider2_csv_no_columns");
  assert.equal(compare(new Uint8Array([0x61, 0x0a, 0xff, 0x0a]), GOLD).error.code, "spider2_csv_not_utf8");
  const gold2 = compare("a\n1\n", ["a\n1\n", "a,b\n1\n2,3,4\n"]);
  assert.equal(gold2.error.code, "spider2_csv_too_many_fields");
  assert.match(gold2.error.message, /^gold 2 cannot be read: /);
  const range = compare("a\n1\n", "a\n1\n", { conditionCols: [3] });
  assert.equal(range.error.code, "spider2_condition_cols_out_of_range");
});

test("explanations in text, Markdown and HTML are the core's; without `explain`, none", () => {
  const shuffled = "year,city,visitors\n2023,Oslo,450\n2023,Bergen,1200\n2023,Tromsø,800\n";
  const options = { ignoreOrder: true, conditionCols: "[0, 2]" };
  assert.equal(spider2.spider2Compare(shuffled, GOLD, options).explanation, null);
  const html = spider2.spider2Compare(shuffled, GOLD, { ...options, explain: "html" }).explanation;
  assert.match(html, /<h1>Spider 2\.0 comparison<\/h1>/);
  assert.match(html, /data-section="warnings"/);
  assert.match(html, /<td class="mark-good">matched by #2 &#39;visitors&#39;<\/td>/);
  const markdown = spider2.spider2Compare(shuffled, GOLD, { ...options, explain: "markdown" }).explanation;
  assert.match(markdown, /^# Spider 2\.0 comparison/);
  assert.match(markdown, /## Warnings\n\n> \*\*warning:\*\* .*\\\[spider2\\_rows\\_do\\_not\\_correspond\\\]/);
});

test("wrong arguments throw a coded TabeqError and the module keeps working", () => {
  const codes = new Set(tabeq.errorCodes().map((e) => e.code));
  const cases = [
    () => spider2.spider2Compare(null, GOLD),
    () => spider2.spider2Compare("a\n1\n", undefined),
    () => spider2.spider2Compare("a\n1\n", [GOLD, 7]),
    () => spider2.spider2Compare(42, GOLD),
    () => spider2.spider2Compare("a\n1\n", GOLD, { conditionCols: "[0," }),
    () => spider2.spider2Compare("a\n1\n", GOLD, { conditionCols: 10n }),
    () => spider2.spider2Compare("a\n1\n", GOLD, { ignoreOrder: "yes" }),
    () => spider2.spider2Compare("a\n1\n", GOLD, { explain: "pdf" }),
    () => spider2.spider2Compare("a\n1\n", GOLD, "options"),
    () => spider2.spider2Compare("\ud800", GOLD),
    () => spider2.spider2Compare("a\n1\n", GOLD, { conditionCols: "[".repeat(2000) }),
  ];
  for (const [i, call] of cases.entries()) {
    assert.throws(call, (error) => {
      assert.equal(error.name, "TabeqError", `case ${i}: ${error.message}`);
      assert.ok(codes.has(error.code), `case ${i}: ${error.code}`);
      return true;
    });
  }
  assert.throws(() => spider2.spider2Compare("a\n1\n", GOLD, { conditionCols: "[0," }), {
    code: "invalid_argument",
    message: /^condition_cols \(options\.conditionCols\) is not JSON: /,
  });
  assert.equal(compare(GOLD, GOLD).passed, true);
});

test("hostile CSV bytes never trap: every result is a verdict", () => {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const alphabet = ['"', ",", "\n", "\r", "a", "1", ".", "-", "e", "N", "A", " ", "0", "é"];
  for (let i = 0; i < 300; i++) {
    const text = Array.from({ length: Math.floor(next() * 60) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
    const r = spider2.spider2Compare(text, i % 2 ? GOLD : text, { ignoreOrder: i % 3 === 0 });
    assert.ok(r.score === 0 || r.score === 1);
    assert.equal(r.passed, r.score === 1);
  }
  assert.equal(compare(GOLD, GOLD).passed, true);
});

test("spider2Codes lists the profile's codes, as the declarations do", () => {
  const codes = spider2.spider2Codes();
  assert.ok(codes.every((c) => /^spider2_[a-z0-9_]+$/.test(c.code) && c.description.length > 0));
  // The module's code type is the catalogue's spider2 family, declared once in tabeq.d.ts.
  const types = (file) => readFileSync(join(ROOT, "bindings-wasm", "types", file), "utf8");
  assert.match(types("tabeq_spider2.d.ts"), /export type Spider2Code = Spider2ErrorCode;/);
  const union = /export type Spider2ErrorCode =([^;]+);/.exec(types("tabeq.d.ts"))[1];
  const declared = new Set([...union.matchAll(/"([a-z_0-9]+)"/g)].map((m) => m[1]));
  assert.deepEqual(declared, new Set(codes.map((c) => c.code)));
  assert.equal(spider2.version(), tabeq.version());
});

/** A recorded condition_cols (tests/spider2/condition_vectors.jsonl) as JSON text, or undefined
 * for what JSON cannot hold (a tuple, a dict with keys that are not strings). */
const conditionText = (v) => {
  if (Array.isArray(v)) {
    const items = v.map(conditionText);
    return items.includes(undefined) ? undefined : `[${items.join(", ")}]`;
  }
  if (v !== null && typeof v === "object") {
    const [[tag, inner]] = Object.entries(v);
    if (tag === "int") return inner;
    if (tag === "float") return { nan: "NaN", inf: "Infinity", "-inf": "-Infinity" }[inner];
    if (tag === "dict" && inner.every(([k]) => typeof k === "string")) {
      const members = inner.map(([k, item]) => [JSON.stringify(k), conditionText(item)]);
      return members.some(([, t]) => t === undefined) ? undefined : `{${members.map(([k, t]) => `${k}: ${t}`).join(", ")}}`;
    }
    return undefined;
  }
  return JSON.stringify(v);
};

test("both variants' official verdicts on every JSON-expressible condition_cols (condition_vectors.jsonl)", () => {
  const lines = readFileSync(join(ROOT, "tests", "spider2", "condition_vectors.jsonl"), "utf8").split("\n").filter(Boolean);
  const wrong = [];
  let checked = 0;
  for (const line of lines) {
    const v = JSON.parse(line);
    const given = "condition_cols" in v;
    const text = given ? conditionText(v.condition_cols) : undefined;
    if (given && text === undefined) continue;
    for (const variant of ["lite", "snow"]) {
      const options = { ignoreOrder: v.ignore_order, variant, ...(given ? { conditionCols: text } : {}) };
      const r = spider2.spider2Compare(v.prediction, v.multi ? v.golds : v.golds[0], options);
      if (r.score !== v[`${variant}_score`]) wrong.push(`${v.id} ${variant}`);
    }
    checked += 1;
  }
  assert.ok(checked >= 1000, `${checked} cases`);
  assert.deepEqual(wrong, []);
});

test("the variant option: Snow's `!= []` test, its default, and a wrong name is a coded error", () => {
  const [gold, pred] = ["a,b\n1,2\n", "a\n1\n"];
  assert.equal(spider2.spider2Compare(pred, gold, { conditionCols: 0 }).score, 0);
  assert.equal(spider2.spider2Compare(pred, gold, { conditionCols: 0, variant: "snow" }).score, 1);
  // null is "not given" (Snow's default []); the JSON text "null" is Python's None, which Snow's iloc refuses.
  assert.equal(spider2.spider2Compare(gold, gold, { conditionCols: null, variant: "snow" }).score, 1);
  assert.equal(spider2.spider2Compare(gold, gold, { conditionCols: "null", variant: "snow" }).score, 0);
  assert.throws(() => spider2.spider2Compare(pred, gold, { variant: "bird" }), (e) => e.code === "invalid_argument");
});

test("sqlResultEq: the official result_eq verdicts (tests/sql/vectors.jsonl), its quirk, coded errors", () => {
  // The quirk: quick rejection sorts rows by str(x) + str(type(x)), so 1.0 and 10 part ways.
  const quick = spider2.sqlResultEq("[[1.0, 10]]", "[[10.0, 1]]", false);
  assert.deepEqual(quick, { equal: false, reason: "quick_rejected", permutationMatches: true });
  assert.equal(spider2.sqlResultEq("[[1.0, 2]]", "[[2.0, 1]]", false).equal, true);
  assert.deepEqual(spider2.sqlResultEq([[1, "a"]], [["a", 1]], false), { equal: true, reason: "match", permutation: [1, 0] });
  assert.equal(spider2.sqlResultEq([], [], true).reason, "both_empty");
  for (const [r1, code] of [["[[1, 2], [1]]", "sql_ragged_rows"], ["[[100000000000000000000]]", "sql_int_out_of_range"], ["[[[1]]]", "sql_unsupported_value"]]) {
    assert.throws(() => spider2.sqlResultEq(r1, "[[1, 2], [1, 2]]", false), (e) => e.name === "TabeqError" && e.code === code && e.stage === "sql");
  }
  assert.throws(() => spider2.sqlResultEq("not json", "[]", false), (e) => e.code === "invalid_argument");
  // Every recorded vector whose cells JSON holds (no bytes), typed as Python's json reads them.
  const cellText = ([kind, value]) => {
    if (kind === "z") return "null";
    if (kind === "f") return { nan: "NaN", inf: "Infinity", "-inf": "-Infinity" }[value] ?? (/[.eE]/.test(value) ? value : `${value}.0`);
    if (kind === "i") return String(value);
    return JSON.stringify(value);
  };
  const tableText = (rows) => `[${rows.map((row) => `[${row.map(cellText).join(", ")}]`).join(", ")}]`;
  const lines = readFileSync(join(ROOT, "tests", "sql", "vectors.jsonl"), "utf8").split("\n").filter(Boolean);
  let checked = 0;
  const wrong = [];
  for (const line of lines) {
    const v = JSON.parse(line);
    // Bytes have no JSON form; an int beyond 2^53 lost its digits to JSON.parse of the line.
    const cells = [...v.a, ...v.b].flat();
    if (cells.some(([kind, value]) => kind === "y" || (kind === "i" && !Number.isSafeInteger(value)))) continue;
    const [a, b] = [tableText(v.a), tableText(v.b)];
    if (spider2.sqlResultEq(a, b, false).equal !== v.result_eq_unordered) wrong.push(`${checked} unordered`);
    if (spider2.sqlResultEq(a, b, true).equal !== v.result_eq_ordered) wrong.push(`${checked} ordered`);
    checked += 1;
  }
  assert.ok(checked >= 300, `${checked} vectors without bytes`);
  assert.deepEqual(wrong, []);
});
