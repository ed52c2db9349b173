// End-to-end tests of the web demo in real headless Chromium (Debian's chromium driven by
// playwright-core): the page is served from 127.0.0.1, every feature is driven with real files,
// the assertions read what the page shows, and screenshots go to test-output/e2e/.
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { choose, clearInputs, CONFIG, env, file, GOLD, LAPTOP, overflow, rerendered, ROOT, settled, shot, SHOTS, tab, text, worstCaseSuite } from "./harness.mjs";

test("the page loads the module, shows its version and fits a laptop screen", async () => {
  assert.match(await text("#version"), /^tabeq \d+\.\d+\.\d+/);
  const wider = await overflow();
  assert.ok(wider <= 0, `page is ${wider}px wider than the window`);
  await shot("01-start");
});

test("check my submission: validation without gold, then the verdict with gold", async () => {
  await clearInputs();
  await choose("config", file("task_12.json", CONFIG));
  await rerendered("check", () =>
    choose("prediction", file("check/prediction.csv", "Reported,Region,GDP (bn)\n2024-02-29T00:00:00Z,South,2.54\n2024-01-31,North,1.25\n20240331,East,10\n")),
  );
  assert.match(await text('[data-testid="validation-document"] h1'), /^task_12: ready$/);
  assert.match(await text('[data-testid="validation-document"]'), /Ready: nothing found fails this task \(the gold decides the rest\)/);
  assert.equal(await env.page.locator('[data-testid="verdict"]').count(), 0);
  // The core's validation document: facts, the gold columns and the first bad cell of each other column.
  assert.match(await text('[data-testid="validation-document"] dl.facts'), /rows\s*3/);
  const readability = await text('[data-testid="validation-document"] [data-section="columns"]');
  assert.match(readability, /0\s+region/);
  assert.match(readability, /number \(decimal_places 1, plain\)/);
  // The first bad cell of Reported under the number rule.
  assert.match(await text('#check-output [data-section="unreadable_cells"]'), /1 gdp\s+0 Reported\s+1\s+2024-02-29T00:00:00Z\s+cell_invalid_number/);
  await shot("02-check-validation");

  await rerendered("check", () => choose("gold", file("check/gold.csv", GOLD)));
  assert.match(await text('[data-testid="verdict"] h1'), /^task_12: passed$/);
  assert.match(await text('[data-testid="verdict"] dl.facts'), /columns\s*gold 3, prediction 3\s*rows\s*gold 3, prediction 3/);
  // The official mapping in the core's mapping table: gold #, name, rule, prediction #, header.
  const mapping = await text('[data-testid="verdict"] [data-section="mapping"]');
  assert.match(mapping, /0\s+region\s+text\s+1\s+Region/);
  assert.match(mapping, /1\s+gdp\s+number \(decimal_places 1, plain\)\s+2\s+GDP \(bn\)/);
  assert.match(mapping, /2\s+reported\s+date\s+0\s+Reported/);
  await shot("03-check-verdict");
});

test("check my submission: pasted text, a broken CSV and a type failure", async () => {
  await clearInputs();
  await env.page.click('.file-card[data-input="config"] .paste-toggle');
  await env.page.fill('.file-card[data-input="config"] textarea', CONFIG);
  await env.page.click('.file-card[data-input="prediction"] .paste-toggle');
  await rerendered("check", () => env.page.fill('.file-card[data-input="prediction"] textarea', 'a,b,c\nNorth,"1.3,2024-01-31\n'));
  assert.match(await text('[data-testid="validation-document"] h1'), /fails \(invalid_prediction_csv\)$/);
  assert.match(await text('[data-testid="validation-document"] [data-section="problems"]'), /csv_unterminated_quote[\s\S]*line 2, column \d+/);
  await shot("04-check-broken-csv");

  await rerendered("check", () => env.page.fill('.file-card[data-input="prediction"] textarea', "a,b,c\nNorth,about 1.3,2024-01-31\nSouth,2.5,2024-02-29\n"));
  assert.match(await text('[data-testid="validation-document"] h1'), /fails \(type_normalization_failed\)$/);
  assert.match(await text('#check-output [data-section="unreadable_cells"]'), /1 gdp\s+1 b\s+1\s+about 1\.3\s+cell_invalid_number/);
  await shot("05-check-type-failure");

  await rerendered("check", () => env.page.fill('.file-card[data-input="prediction"] textarea', "a,b\nNorth,1.3\n"));
  assert.match(await text('[data-testid="validation-document"] h1'), /fails \(column_count_mismatch\)$/);
  assert.match(await text('[data-testid="validation-document"]'), /Expected 3 columns; received 2/);
});

test("explain: mapping, hints, type failures and mismatching rows side by side", async () => {
  await clearInputs();
  const ordered = CONFIG.replace('"order_sensitive":false', '"order_sensitive":true');
  await choose("config", file("task_12.json", ordered));
  await choose("gold", file("explain/gold.csv", GOLD));
  await choose("prediction", file("explain/prediction.csv", "region,gdp,reported\nSouth,2.5,2024-02-29\nNorth,1.3,2024-01-31\nEast,10,2024-03-31\n"));
  await rerendered("explain", () => tab("explain"));
  // Participant-safe by default (task-check.test.mjs); this test reads the full diagnosis.
  await rerendered("explain", () => env.page.check("#explain-full"));
  assert.match(await text('[data-testid="explain-document"] h1'), /^task_12: failed \(relation_mismatch\)$/);
  // The core's explanation document: near misses and the first differing row.
  assert.match(await text('#explain-output [data-section="hints"]'), /row_order\s+would pass/);
  assert.match(await text('#explain-output [data-section="first_difference"]'), /1\s+gold\s+North\s+1\.3\s+2024-01-31\s+1\s+prediction\s+South/);
  assert.match(await text('#explain-output [data-section="first_difference"]'), /The rows are the gold's, in a different order/);
  // The first differing position is outlined and its differing cells are marked on both sides,
  // gold and prediction of one row on one line.
  assert.equal(await env.page.locator('[data-testid="side-by-side"] tr.first-diff').getAttribute("data-row"), "1");
  assert.ok((await env.page.locator('[data-testid="side-by-side"] tr[data-row="1"] td.gold.diff').count()) >= 2);
  assert.ok((await env.page.locator('[data-testid="side-by-side"] tr[data-row="1"] td.pred.diff').count()) >= 2);
  // Canonical values are shown under the raw ones: 10 → 10, dates stay dates.
  assert.match(await text('[data-testid="side-by-side"] tr[data-row="3"]'), /10\s+→ 10/);
  // No row is missing or extra in an ordered task whose rows are only permuted: no rows lists.
  assert.equal(await env.page.locator('#explain-output [data-section="missing_rows"], [data-section="extra_rows"]').count(), 0);
  await shot("06-explain-ordered");

  // Unordered, one value rounded, one type failure column: missing/extra rows highlighted.
  // Wait for the run the config starts, so that the next wait is for the new prediction's run.
  await rerendered("explain", () => choose("config", file("task_13.json", CONFIG.replace("task_12", "task_13"))));
  await rerendered("explain", () =>
    choose("prediction", file("explain/prediction2.csv", "region,gdp,reported,note\nNorth,1.3,2024-01-31,x\nSouth,2.6,2024-02-29,y\nEast,10,2024-03-31,z\n")),
  );
  assert.match(await text('[data-testid="explain-document"] h1'), /failed \(column_count_mismatch\)$/);
  assert.match(await text('[data-testid="explain-document"]'), /Extra prediction column: 3 'note'/);
  assert.match(await text('#explain-output [data-section="hints"]'), /extra_columns/);
  assert.equal(await env.page.locator('[data-testid="side-by-side"] tr.gold-missing').getAttribute("data-row"), "2");
  assert.equal(await env.page.locator('[data-testid="side-by-side"] tr.pred-extra').getAttribute("data-row"), "2");
  // The rows lists side by side: gold row 2 (South, 2.5) next to prediction row 2 (South, 2.6),
  // the gdp cell highlighted on both sides, on the same line.
  const missing = env.page.locator('[data-testid="rows-pair"] [data-section="missing_rows"] tbody tr').first();
  const extra = env.page.locator('[data-testid="rows-pair"] [data-section="extra_rows"] tbody tr').first();
  assert.deepEqual(await missing.locator("td").allInnerTexts(), ["2", "South", "2.5", "2024-02-29"]);
  assert.deepEqual(await extra.locator("td").allInnerTexts(), ["2", "South", "2.6", "2024-02-29"]);
  assert.deepEqual(await missing.locator("td.mark-differs").allInnerTexts(), ["2.5"]);
  assert.deepEqual(await extra.locator("td.mark-differs").allInnerTexts(), ["2.6"]);
  const [top1, top2] = await Promise.all([missing.boundingBox(), extra.boundingBox()]);
  assert.equal(Math.round(top1.y), Math.round(top2.y));

  await shot("07-explain-unordered");

  // A cell of a mapped column that does not read under its rule is listed with the rule.
  await rerendered("explain", () =>
    choose("prediction", file("explain/prediction3.csv", "region,gdp,reported\nNorth,1.3,2024-01-31\nSouth,about 2.5,2024-02-29\nEast,10,2024-03-31\n")),
  );
  assert.match(await text('[data-testid="explain-document"] h1'), /failed \(type_normalization_failed\)$/);
  assert.match(await text('#explain-output [data-section="unreadable_cells"]'), /1 gdp\s+1 gdp\s+2\s+about 2\.5\s+cell_invalid_number/);
  await shot("08-explain-type-failure");
});

test("config warnings: a typo'd key is shown in Check and Explain, and the note goes away when fixed", async () => {
  await clearInputs();
  const typo = CONFIG.replace('"type":"number",', '"type":"number","allow_percent":true,');
  assert.notEqual(typo, CONFIG);
  await choose("gold", file("warn/gold.csv", GOLD));
  await choose("prediction", file("warn/prediction.csv", "region,gdp,reported\nNorth,1.3,2024-01-31\nSouth,2.5,2024-02-29\nEast,10,2024-03-31\n"));
  await rerendered("check", () => choose("config", file("task_12.json", typo)));
  const note = env.page.locator('[data-testid="check-config-warnings"]');
  assert.equal(await note.getAttribute("role"), "status");
  assert.match(await text('[data-testid="check-config-warnings"]'), /unknown key `allow_percent` in column 1 .*did you mean `allow_percent_sign`\?/);
  // Ignored, as by the official evaluator: the verdict does not change.
  assert.match(await text('[data-testid="verdict"] h1'), /: passed$/);
  await shot("08b-check-config-warning");

  await rerendered("explain", () => tab("explain"));
  assert.match(await text('[data-testid="explain-config-warnings"]'), /unknown key `allow_percent` in column 1 .*did you mean `allow_percent_sign`\?/);
  assert.match(await text('[data-testid="explain-document"] h1'), /: passed$/);
  await shot("08c-explain-config-warning");

  await rerendered("explain", () => choose("config", file("task_12.json", CONFIG)));
  assert.equal(await env.page.locator('[data-testid="explain-config-warnings"]').count(), 0);
  await rerendered("check", () => tab("check"));
  assert.equal(await env.page.locator('[data-testid="check-config-warnings"]').count(), 0);
});

test("score a suite: the 120-task conformance suite from a chosen folder", async () => {
  const folder = join(env.work, "conformance-suite");
  cpSync(join(ROOT, "tests", "conformance", "suite"), folder, { recursive: true });
  rmSync(join(folder, "expected_summary.json"));
  const expected = JSON.parse(readFileSync(join(ROOT, "tests", "conformance", "suite", "expected_summary.json"), "utf8"));
  await tab("suite");
  await env.page.setInputFiles("#suite-folder", folder);
  await settled('[data-testid="suite-summary"]');
  assert.equal(await text('[data-testid="suite-summary"] h1'), `${expected.passed_task_count}/${expected.task_count} tasks passed`);
  assert.match(await text('[data-testid="suite-summary"] dl.facts'), new RegExp(`task_accuracy\\s*${expected.task_accuracy.toFixed(4)}\\s*config_set_sha256\\s*${expected.config_set_sha256}`));
  assert.match(await text('[data-testid="suite-progress-text"]'), new RegExp(`${expected.task_count} / ${expected.task_count} tasks scored`));
  assert.match(await text('[data-testid="suite-summary"] dl.facts'), /unscored prediction folders\s*task_999$/m);
  assert.match(await text('[data-testid="suite-summary"] dl.facts'), /^evaluator\s*tabeq \d/m);
  const taskRows = '[data-testid="suite-summary"] [data-section="tasks"] tbody';
  assert.equal(await env.page.locator(`${taskRows} tr`).count(), expected.task_count);
  // The per-task table shows the official error codes.
  for (const task of expected.tasks.slice(0, 30)) {
    // The cells' text (rows past the first page are hidden by the pager).
    const row = (await env.page.locator(`${taskRows} tr[data-task="${task.task_id}"] td`).allTextContents()).join(" ");
    assert.match(row, task.passed ? /passed/ : new RegExp(`failed\\s+${task.error_code}`), task.task_id);
    // The official mapping (prediction index per gold column), as the summary has it.
    if (task.column_mapping) assert.ok(row.includes(`[${task.column_mapping.map((p) => p.prediction_index).join(", ")}]`), task.task_id);
  }
  // The downloaded summary equals the official one, key for key, except the implementation's name and free-text errors.
  const [download] = await Promise.all([env.page.waitForEvent("download"), env.page.click('[data-testid="suite-download"]')]);
  const written = JSON.parse(readFileSync(await download.path(), "utf8"));
  assert.deepEqual(Object.keys(written), Object.keys(expected));
  for (const key of Object.keys(expected)) {
    if (["evaluator", "evaluator_version", "tasks"].includes(key)) continue;
    assert.deepEqual(written[key], expected[key], key);
  }
  written.tasks.forEach((task, i) => assert.deepEqual({ ...task, error: null }, { ...expected.tasks[i], error: null }, task.task_id));
  await shot("09-suite-conformance");

  // "explain" on a failed task opens it in the Explain tab.
  const failed = expected.tasks.find((t) => !t.passed && t.error_code === "relation_mismatch");
  await rerendered("explain", () => env.page.click(`${taskRows} tr[data-task="${failed.task_id}"] button`));
  assert.match(await text('[data-testid="explain-document"] h1'), /failed \(relation_mismatch\)$/);
  assert.match(await text('[data-testid="config-info"]'), new RegExp(`${failed.task_id}\\.json`));
  assert.equal(await env.page.locator('[data-testid="suite-config-warnings"]').count(), 0);

  // A typo'd key in one task's config: one note for the suite, naming the task.
  const typo = join(env.work, "typo-suite");
  cpSync(folder, typo, { recursive: true });
  const configPath = join(typo, "configs", "task_1.json");
  writeFileSync(configPath, readFileSync(configPath, "utf8").replace('"gold_index": 1,', '"gold_index": 1, "allow_percent": true,'));
  await tab("suite");
  await rerendered("suite", () => env.page.setInputFiles("#suite-folder", typo));
  assert.match(await text('[data-testid="suite-config-warnings"]'), /^A config key is ignored.*task_1: unknown key `allow_percent` in column 1 .*did you mean `allow_percent_sign`\?$/s);
  await shot("09b-suite-config-warning");
});

test("score a suite: progress on a large suite while the page stays responsive", async () => {
  const folder = join(env.work, "worst-suite");
  worstCaseSuite(folder, 6);
  await tab("suite");
  // Record progress texts and the longest pause of the main thread while the worker scores.
  await env.page.evaluate(() => {
    window.__progress = new Set();
    window.__maxGap = 0;
    let last = performance.now();
    window.__ticker = setInterval(() => {
      const now = performance.now();
      window.__maxGap = Math.max(window.__maxGap, now - last);
      last = now;
    }, 10);
    new MutationObserver(() => window.__progress.add(document.querySelector("#suite-progress-text").textContent)).observe(
      document.querySelector("#suite-progress-text"),
      { childList: true, characterData: true, subtree: true },
    );
  });
  await env.page.setInputFiles("#suite-folder", folder);
  await env.page.waitForFunction(() => document.querySelector('[data-testid="suite-summary"]')?.querySelector("h1")?.textContent.endsWith("/6 tasks passed"), null, { timeout: 120_000 });
  const { progress, maxGap } = await env.page.evaluate(() => {
    clearInterval(window.__ticker);
    return { progress: [...window.__progress], maxGap: window.__maxGap };
  });
  assert.equal(await text('[data-testid="suite-summary"] h1'), "3/6 tasks passed");
  const partial = progress.filter((p) => /^[1-5] \/ 6 tasks scored/.test(p));
  assert.ok(partial.length >= 1, `progress shown: ${progress.join(" | ")}`);
  assert.ok(maxGap < 500, `the main thread stalled for ${maxGap.toFixed(0)} ms`);
  await shot("10-suite-large");
});

test("examples: every bundled task gives its announced outcome", async () => {
  await tab("examples");
  const slugs = await env.page.locator("#example-list li[data-example]").evaluateAll((items) => items.map((li) => [li.dataset.example, li.querySelector(".expect")?.textContent ?? null]));
  assert.ok(slugs.length >= 8);
  for (const [slug, expectation] of slugs) {
    if (slug === "suite") continue;
    await tab("examples");
    await rerendered("check", () => env.page.click(`#example-list li[data-example="${slug}"] > button`));
    const verdict = await text('[data-testid="verdict"] h1');
    assert.match(verdict, expectation === "passes" ? /: passed$/ : /: failed \(\w+\)$/, `${slug}: ${verdict}`);
  }
  await tab("examples");
  await shot("11-examples");
  // The hints are part of the full diagnosis (the page's default is participant-safe).
  await env.page.evaluate(() => (document.querySelector("#explain-full").checked = true));
  await rerendered("explain", () => env.page.click('#example-list li[data-example="rounding"] p button'));
  assert.match(await text('#explain-output [data-section="hints"]'), /lower_precision/);
  await shot("12-example-explain");
  await tab("examples");
  await env.page.click('#example-list li[data-example="suite"] > button');
  await settled('[data-testid="suite-summary"]');
  assert.equal(await text('[data-testid="suite-summary"] h1'), "3/9 tasks passed");
  assert.match(await text('[data-testid="suite-summary"] dl.facts'), /unscored prediction folders\s*task_99$/m);
});

test("trust metrics: the core's report (tables and SVG charts) from JSONL files", async () => {
  await tab("trust");
  await env.page.setInputFiles("#trust-file", join(ROOT, "examples", "trust", "reliability.jsonl"));
  await settled('[data-testid="trust-report"]');
  assert.match(await text('[data-testid="trust-source"]'), /reliability\.jsonl · reliability/);
  const rows = env.page.locator('#trust-output [data-section="groups"] tbody tr');
  assert.ok((await rows.count()) >= 2, `${await rows.count()} rows`);
  assert.ok((await env.page.locator('#trust-output [data-section="charts"] svg').count()) >= 1);
  // MRS = FRR + PRR / 2 for each dataset on every row (n, FRR, PRR, NRR, MRS per dataset).
  const table = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  for (const row of table) {
    for (let at = 1; at + 4 < row.length; at += 5) {
      const [frr, prr, mrs] = [row[at + 1], row[at + 2], row[at + 4]].map(Number);
      assert.ok(Math.abs(frr + prr / 2 - mrs) < 0.011, `${row.join(" ")}`);
    }
  }
  await shot("13-trust-reliability");

  await env.page.selectOption("#trust-kind", "robustness");
  await env.page.setInputFiles("#trust-file", join(ROOT, "examples", "trust", "robustness.jsonl"));
  await env.page.waitForFunction(() => document.querySelector('[data-testid="trust-source"]')?.textContent.includes("robustness.jsonl · robustness"));
  await settled('#trust-output [data-section="asr_detail"]');
  assert.ok((await env.page.locator('#trust-output [data-section="charts"] svg').count()) >= 1);
  await shot("14-trust-robustness");

  await env.page.selectOption("#trust-kind", "reliability");
  await env.page.setInputFiles("#trust-file", join(ROOT, "examples", "trust", "invalid.jsonl"));
  await settled('[data-testid="error-banner"]');
  assert.match(await text('[data-testid="error-banner"]'), /^Cannot compute the trust metrics\s+unknown_operator \(trust, line 3\)/);
});

test("the single-file page works when opened from file://", async () => {
  const offline = await env.browser.newPage({ viewport: LAPTOP });
  const errors = [];
  offline.on("pageerror", (error) => errors.push(error.message));
  offline.on("request", (request) => {
    if (!/^(file|data|blob):/.test(request.url())) errors.push(`network: ${request.url()}`);
  });
  try {
    await offline.goto(`file://${join(ROOT, "web-demo", "pkg", "tabeq-demo.html")}`);
    await offline.waitForSelector("#status.ready");
    assert.match(await offline.locator("#version").innerText(), /^tabeq \d/);
    await offline.click('.tabs [data-tab="examples"]');
    await offline.click('#example-list li[data-example="formats"] > button');
    await offline.waitForSelector('[data-testid="verdict"]');
    assert.match(await offline.locator('[data-testid="verdict"] h1').innerText(), /: passed$/);
    await offline.click('.tabs [data-tab="explain"]');
    await offline.waitForSelector('[data-testid="explain-document"]');
    await offline.click('.tabs [data-tab="suite"]');
    await offline.setInputFiles("#suite-folder", join(ROOT, "tests", "conformance", "suite"));
    await offline.waitForSelector('[data-testid="suite-summary"]');
    const expected = JSON.parse(readFileSync(join(ROOT, "tests", "conformance", "suite", "expected_summary.json"), "utf8"));
    assert.equal(await offline.locator('[data-testid="suite-summary"] h1').innerText(), `${expected.passed_task_count}/${expected.task_count} tasks passed`);
    await offline.click('.tabs [data-tab="trust"]');
    await offline.click("#trust-example-robustness");
    await offline.waitForSelector('[data-testid="trust-report"] svg');
    await offline.click('.tabs [data-tab="spider2"]');
    await offline.click("#spider2-example");
    await offline.waitForSelector('[data-testid="spider2-report"] section[data-section="warnings"]');
    await offline.click('.tabs [data-tab="trust"]');
    await offline.screenshot({ path: join(SHOTS, "15-file-url.png"), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await offline.close();
  }
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
