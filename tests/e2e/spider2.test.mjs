// The Spider 2.0 tab in real headless Chromium: a result CSV checked against one or several gold
// CSVs in the page (the module loads at first use, nothing leaves the local server), with the
// verdict, the core's explanation and its soundness warnings; a bad CSV and a bad condition_cols;
// keyboard and screen-reader access (axe-core); a phone screen (offline use and the single-file page:
// tool.test.mjs and demo.test.mjs). Screenshots: test-output/e2e/5*-spider2-*.png.
import assert from "node:assert/strict";
import { test } from "node:test";

import { axeViolations, env, file, openPage, overflow, PHONE, rerendered, shot, tab, text } from "./harness.mjs";

const GOLD = "city,year,visitors\nOslo,2023,1200\nBergen,2023,800\nTromsø,2023,450\n";
/** The same rows with the visitors paired with the wrong cities. */
const SHUFFLED = "year,city,visitors\n2023,Oslo,450\n2023,Bergen,1200\n2023,Tromsø,800\n";
const REPORT = '[data-testid="spider2-report"]';

/** Choose the result and gold files (paths) in the Spider 2.0 tab and wait for the new verdict. */
async function check({ result, golds, conditionCols = "", ignoreOrder = false }, page = env.page) {
  await page.fill("#spider2-condition", conditionCols);
  await page.setChecked("#spider2-ignore-order", ignoreOrder);
  await page.setInputFiles("#spider2-gold-files", golds);
  await rerendered("spider2", () => page.setInputFiles("#spider2-result-file", result), page);
}

/** URLs the page and its worker requested. */
const requested = [];
const spider2Requested = () => requested.some((url) => url.endsWith("/pkg/tabeq_spider2_bg.wasm"));

const banner = (page = env.page) => page.locator(`${REPORT} .tabeq-doc > h1`).evaluate((h1) => h1.closest("[data-tone]").dataset.tone);

test("the module loads when the tab is first used, and the wasm is in the offline cache list", async () => {
  const page = env.page;
  page.on("request", (request) => requested.push(request.url()));
  // The other modules load right after the page is ready; the Spider 2.0 module does not.
  await page.waitForTimeout(1000);
  assert.equal(spider2Requested(), false, "the Spider 2.0 module is not downloaded up front");
  await tab("spider2");
  assert.equal(await page.locator("#tabbtn-spider2").getAttribute("aria-selected"), "true");
  assert.match(await text("#tab-spider2"), /nothing is uploaded/);
  assert.equal(await page.locator("#inputs").isHidden(), true, "the DataSpace inputs are not shown here");
  const build = await page.evaluate(async () => (await fetch("./pkg/build.js")).text());
  assert.match(build, /"\.\/pkg\/tabeq_spider2_bg\.wasm"/);
  assert.match(build, /"\.\/pkg\/tabeq_spider2\.js"/);
});

test("a pass: result columns in another order and under other names, numbers within 0.01", async () => {
  const page = env.page;
  await tab("spider2");
  await check({ result: file("s2/pass/result.csv", "visitors,town,yr\n1200.004,Oslo,2023\n800,Bergen,2023\n450,Tromsø,2023\n"), golds: [file("s2/pass/gold.csv", GOLD)] });
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "true");
  assert.equal(await banner(), "pass");
  const report = await text(REPORT);
  assert.match(report, /Score 1: every compared gold column matches some prediction column\./);
  assert.match(report, /compare_pandas_table \(one gold\)/);
  assert.match(report, /#2 'visitors'\s+matched by #0 'visitors'/);
  assert.doesNotMatch(report, /Warnings/);
  assert.equal(await text('[data-testid="spider2-source"]'), "result.csv against gold.csv");
  assert.match(await text('[data-testid="spider2-result-info"]'), /^result\.csv · \d+ bytes$/);
  assert.equal(spider2Requested(), true, "the first check loaded the module");
  await shot("50-spider2-pass");
});

test("a failure explains which gold column found no match, its closest column and the value off the tolerance", async () => {
  const page = env.page;
  await tab("spider2");
  await check({ result: file("s2/fail/result.csv", "city,year,visitors\nOslo,2023,1200\nBergen,2023,802\nTromsø,2023,450\n"), golds: [file("s2/fail/gold.csv", GOLD)] });
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "false");
  assert.equal(await banner(), "fail");
  const report = await text(REPORT);
  assert.match(report, /Score 0: 1 gold column found no matching prediction column\./);
  assert.match(report, /no match; closest #2 'visitors' differs in 1 row: row #1: gold 800 vs 802, off by 2 \(tolerance 0\.01\)/);
  // The unmatched column is marked in the table (the core's mark, the page's colour).
  const marked = await page.locator(`${REPORT} td.mark-differs`).allInnerTexts();
  assert.equal(marked.length, 1);
  assert.match(marked[0], /^no match; closest #2 'visitors'/);
  await shot("51-spider2-fail");
});

test("one numbering from 0 everywhere on the tab, values as the CSV wrote them, a numeric closest column", async () => {
  const page = env.page;
  await tab("spider2");
  // The tab states its numbering once, next to condition_cols, and the report uses it.
  assert.match(await text("#spider2-condition-hint"), /numbered from 0 \(#0 is the first\)/);
  await check({
    result: file("s2/noise/result.csv", "label,amount\nzz,1000\nyy,2.85\n"),
    golds: [file("s2/noise/gold.csv", "city,total\nOslo,1002.85\nBergen,5.7\n")],
    conditionCols: "[1]",
  });
  const report = await text(REPORT);
  assert.match(report, /numbering\s+from 0, as condition_cols counts/);
  assert.match(report, /condition_cols\s+\[1\]/);
  // condition_cols [1] is gold column #1: the same number in the table.
  assert.match(report, /#1 'total'\s+no match; closest #1 'amount' differs in 2 rows: row #0: gold 1002\.85 vs 1000, off by 2\.85/);
  // The numeric column is offered, not the text column; no pandas forms, no float noise.
  assert.doesNotMatch(report, /closest #0 'label'/);
  assert.doesNotMatch(report, /1000\.0\b/);
  assert.doesNotMatch(report, /\d\.\d{12,}/);
  assert.doesNotMatch(report, /position \d|gold column \d/);
  await shot("55-spider2-numbering-values");
});

test("soundness warning: a pass that holds only because ignore_order sorted each column on its own", async () => {
  const page = env.page;
  await tab("spider2");
  const files = { result: file("s2/warn/result.csv", SHUFFLED), golds: [file("s2/warn/gold.csv", GOLD)], conditionCols: "[0, 2]" };
  await check(files);
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "false", "in order, the visitors are wrong");
  await rerendered("spider2", () => page.setChecked("#spider2-ignore-order", true));
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "true");
  assert.equal(await banner(), "warn", "a pass with a soundness warning is not shown as a clean pass");
  const warnings = await page.locator(`${REPORT} section[data-section="warnings"] .note-warning`).allInnerTexts();
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /the pass holds only because ignore_order sorts each column on its own: 3 of 3 gold rows .* \[spider2_rows_do_not_correspond\]$/);
  assert.match(await text(REPORT), /condition_cols\s+\[0, 2\]/);
  await shot("52-spider2-warning");

  // One prediction column standing for two gold columns.
  await check({ result: file("s2/shared/result.csv", "a,b\n1,1\n2,2.5\n"), golds: [file("s2/shared/gold.csv", "x,y\n1,1\n2,2\n")] });
  assert.equal(await banner(), "warn");
  assert.match(await text(`${REPORT} section[data-section="warnings"]`), /one prediction column serves several gold columns.*\[spider2_shared_prediction_column\]/);

  // The bundled example shows the same warning.
  await rerendered("spider2", () => page.click("#spider2-example"));
  assert.equal(await banner(), "warn");
  assert.equal(await page.inputValue("#spider2-condition"), "[0, 2]");
  assert.equal(await page.isChecked("#spider2-ignore-order"), true);
});

test("several golds: the multi-gold comparison, any gold may pass, condition_cols per gold", async () => {
  const page = env.page;
  await tab("spider2");
  const golds = [file("s2/multi/sf_001_a.csv", "x,total\n9,10\n9,20\n"), file("s2/multi/sf_001_b.csv", "name,total\nalice,10\nbob,20\n")];
  await check({ result: file("s2/multi/sf_001.csv", "total,who\n10,alice\n20,bob\n"), golds });
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "true");
  assert.match(await text('[data-testid="spider2-gold-info"]'), /^2 golds: sf_001_a\.csv · \d+ bytes; sf_001_b\.csv · \d+ bytes$/);
  const report = await text(REPORT);
  assert.match(report, /Score 1: every compared column of gold #1 \(of 2 golds\) matches some prediction column\./);
  assert.match(report, /compare_multi_pandas_table \(any gold passes\)/);
  assert.deepEqual(await page.locator(`${REPORT} section h2`).allInnerTexts(), ["Comparison", "Gold #0 (of 2)", "Gold #1 (of 2)"]);
  await shot("53-spider2-multi-gold");
  // Per-gold condition_cols: gold #0 compares its column #1 only, which the result has.
  await rerendered("spider2", () => page.fill("#spider2-condition", "[[1], [0]]"));
  // Filling the field can start more than one run (one per input event); the last one's report
  // must be what stays, so wait for it rather than for the first re-render.
  await page.waitForFunction(
    (sel) => /every compared column of gold #0 \(of 2 golds\)/.test(document.querySelector(sel)?.innerText ?? ""),
    REPORT,
    { timeout: 60_000 },
  );
  assert.match(await text(REPORT), /Score 1: every compared column of gold #0 \(of 2 golds\)/);
  assert.match(await text(REPORT), /condition_cols\s+\[1\]/);
});

test("the variant control: condition_cols 0 fails under lite (every column compared) and passes under Snow (column 0 only)", async () => {
  const page = env.page;
  await tab("spider2");
  await page.selectOption("#spider2-variant", "lite");
  await check({ result: file("s2/variant/result.csv", "a\n1\n"), golds: [file("s2/variant/gold.csv", "a,b\n1,2\n")], conditionCols: "0" });
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "false");
  assert.equal(await banner(), "fail");
  await rerendered("spider2", () => page.selectOption("#spider2-variant", "snow"));
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "true");
  assert.equal(await banner(), "pass");
  await shot("55b-spider2-snow");
  await rerendered("spider2", () => page.selectOption("#spider2-variant", "lite"));
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "false");
  // Clear restores the default variant.
  await page.click("#spider2-clear");
  assert.equal(await page.inputValue("#spider2-variant"), "lite");
});

test("a bad CSV scores 0 with its reason; a condition_cols that is not JSON is refused with the core's words", async () => {
  const page = env.page;
  await tab("spider2");
  await check({ result: file("s2/bad/result.csv", 'city,visitors\n"Oslo,1200\nBergen,800\n'), golds: [file("s2/bad/gold.csv", GOLD)] });
  assert.equal(await page.getAttribute("#spider2-output", "data-passed"), "false");
  assert.equal(await banner(), "fail");
  assert.match(await text(REPORT), /Score 0: the official comparison raises an error \(the prediction cannot be read: a quoted field starting on line 2 is never closed\)\./);
  await shot("54-spider2-bad-csv");

  await rerendered("spider2", () => page.fill("#spider2-condition", "[0,"));
  const error = await text('#spider2-output [data-testid="error-banner"]');
  assert.match(error, /Cannot use this input/);
  assert.match(error, /invalid_argument \(argument\)/);
  assert.match(error, /condition_cols \(options\.conditionCols\) is not JSON: Expecting value \(byte 3\)/);
  await shot("55-spider2-bad-condition");
  await rerendered("spider2", () => page.fill("#spider2-condition", ""));
  assert.equal(await page.locator('#spider2-output [data-testid="error-banner"]').count(), 0);
  // Clear empties the view.
  await page.click("#spider2-clear");
  assert.equal(await text('[data-testid="spider2-result-info"]'), "none");
  assert.match(await text("#spider2-output"), /Add the result CSV and its gold CSV/);
});

/** Paste two JSON tables into the result_eq section, compare them and wait for the verdict. */
async function resultEq(result1, result2, orderMatters = false, page = env.page) {
  await page.fill("#sqleq-result1", result1);
  await page.fill("#sqleq-result2", result2);
  await page.setChecked("#sqleq-order", orderMatters);
  await rerendered("sqleq", () => page.click("#sqleq-run"), page);
}

test("result_eq: the spec's quick-rejection case is False with the warning, its sibling True, bad JSON a coded error; focus on the verdict", async () => {
  const page = env.page;
  await tab("spider2");
  // docs/spec/sql.md: [(1.0, 10)] vs [(10.0, 1)] is False although swapping the columns matches.
  await resultEq("[[1.0, 10]]", "[[10.0, 1]]");
  assert.equal(await page.getAttribute("#sqleq-output", "data-equal"), "false");
  assert.match(await text('[data-testid="sqleq-verdict"]'), /result_eq: False[\s\S]*quick_rejected[\s\S]*a column permutation does match/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "sqleq-output");
  await shot("55c-sqleq-false");
  // [(1.0, 2)] vs [(2.0, 1)] is True.
  await resultEq("[[1.0, 2]]", "[[2.0, 1]]");
  assert.equal(await page.getAttribute("#sqleq-output", "data-equal"), "true");
  assert.match(await text('[data-testid="sqleq-verdict"]'), /result_eq: True[\s\S]*match/);
  // Order matters: the same rows in another order differ.
  await resultEq('[[1, "a"], [2, "b"]]', '[[2, "b"], [1, "a"]]', true);
  assert.equal(await page.getAttribute("#sqleq-output", "data-equal"), "false");
  await resultEq('[[1, "a"], [2, "b"]]', '[[2, "b"], [1, "a"]]', false);
  assert.equal(await page.getAttribute("#sqleq-output", "data-equal"), "true");
  // A ragged table is refused with a stable sql_* code, and the page goes on.
  await resultEq("[[1, 2], [3]]", "[[1, 2], [3, 4]]");
  assert.equal(await page.getAttribute("#sqleq-output", "data-equal"), null);
  assert.match(await text('#sqleq-output [data-testid="error-banner"]'), /sql_\w+/);
  await shot("55d-sqleq-error");
  await resultEq("[[1]]", "[[1.0]]");
  assert.equal(await page.getAttribute("#sqleq-output", "data-equal"), "true");
});

test("axe-core: no serious or critical finding with a warning shown; keyboard reaches both pickers", async () => {
  const page = env.page;
  await tab("spider2");
  await check({ result: file("s2/axe/result.csv", SHUFFLED), golds: [file("s2/axe/gold.csv", GOLD)], conditionCols: "[0, 2]", ignoreOrder: true });
  await resultEq("[[1.0, 10]]", "[[10.0, 1]]");
  for (const scheme of ["dark", "light"]) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await axeViolations(), [], scheme);
  }
  // Each picker's accessible name starts with its visible text.
  for (const id of ["#spider2-pick-result", "#spider2-pick-gold"]) {
    const [visible, label] = await page.locator(id).evaluate((b) => [b.textContent, b.getAttribute("aria-label")]);
    assert.ok(label.startsWith(visible), `${id}: "${label}" starts with "${visible}"`);
  }
  // Enter on a picker opens its file chooser.
  const chooser = page.waitForEvent("filechooser");
  await page.focus("#spider2-pick-gold");
  await page.keyboard.press("Enter");
  assert.equal((await chooser).isMultiple(), true);
});

test("a 390 px phone: the tab fits, with a report shown", async () => {
  const page = await openPage(PHONE);
  try {
    await tab("spider2", page);
    await rerendered("spider2", () => page.click("#spider2-example"), page);
    await resultEq("[[1.0, 10]]", "[[10.0, 1]]", false, page);
    await shot("56-spider2-phone", page);
    assert.equal(await overflow(page), 0);
  } finally {
    await page.close();
  }
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
