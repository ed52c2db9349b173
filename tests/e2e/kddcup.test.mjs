// The KDD Cup Phase-1 tab in real headless Chromium: the fixture run of the score-run tests
// (tests/kddcup/cli/fixture.json) chosen as folders; the page's scores and its scores.json equal
// the official `dabench score-run` report (tests/kddcup/cli/expected.json) apart from the time;
// without gold, the unreadable predictions are named with line and column; a .zip of the run; a
// fatal input; axe in light and dark; a phone screen. Screenshots: test-output/e2e/7*-kddcup-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { axeViolations, env, file, LAPTOP, openPage, overflow, PHONE, rerendered, ROOT, shot, tab, text } from "./harness.mjs";

const FIXTURE = JSON.parse(readFileSync(join(ROOT, "tests", "kddcup", "cli", "fixture.json"), "utf8"));
const EXPECTED = JSON.parse(readFileSync(join(ROOT, "tests", "kddcup", "cli", "expected.json"), "utf8"));
const unhex = (hex) => Buffer.from(hex, "hex");

/** Write the fixture run under `base`: base/run, base/gold (with two folders that are not tasks), base/input. */
function fixtureFolders(base) {
  for (const [task, hex] of Object.entries(FIXTURE.predictions)) file(`${base}/run/${task}/prediction.csv`, unhex(hex));
  for (const [task, hex] of Object.entries(FIXTURE.gold)) file(`${base}/gold/${task}/gold.csv`, unhex(hex));
  file(`${base}/gold/other/gold.csv`, unhex(FIXTURE.gold_not_tasks.other));
  file(`${base}/gold/task_7/notes.txt`, "no gold.csv: not a task");
  for (const [task, hex] of Object.entries(FIXTURE.task_json)) file(`${base}/input/${task}/task.json`, unhex(hex));
  return { run: join(env.work, base, "run"), gold: join(env.work, base, "gold"), input: join(env.work, base, "input") };
}

/** The per-task table as {task: {status, score, recall, penalty}}. */
async function perTask(page = env.page) {
  return page.locator('[data-testid="kddcup-per-task"] tbody tr').evaluateAll((rows) =>
    Object.fromEntries(
      rows.map((row) => {
        const cells = [...row.cells].map((c) => c.textContent);
        return [row.dataset.task, { difficulty: cells[1], status: cells[2], score: cells[3], recall: cells[4], penalty: cells[5], error: cells[8] }];
      }),
    ),
  );
}

/** The unreadable predictions the reader check lists: {task: {line, column, status, error}}. */
async function unreadable(page = env.page) {
  return page.locator('[data-testid="kddcup-unreadable"] tbody tr').evaluateAll((rows) =>
    Object.fromEntries(rows.map((row) => [row.dataset.task, { path: row.cells[0].textContent, line: row.cells[1].textContent, column: row.cells[2].textContent, status: row.cells[3].textContent, error: row.cells[4].textContent }])),
  );
}

const requested = [];
const kddcupRequested = () => requested.some((url) => url.endsWith("/pkg/tabeq_kddcup_bg.wasm"));

test("the module loads at the tab's first use; without gold the tab names every prediction the official reader refuses", async () => {
  const page = env.page;
  page.on("request", (request) => requested.push(request.url()));
  await page.waitForTimeout(1000);
  assert.equal(kddcupRequested(), false, "the KDD Cup module is not downloaded up front");
  const folders = fixtureFolders("k1");
  await tab("kddcup");
  assert.match(await text("#tab-kddcup"), /nothing is uploaded/);
  assert.equal(await page.locator("#inputs").isHidden(), true);
  await rerendered("kddcup", () => page.setInputFiles("#kddcup-run-folder", folders.run));
  assert.equal(kddcupRequested(), true);
  assert.equal(await text('[data-testid="kddcup-run-info"]'), "run/ · 8 files");
  assert.match(await text('[data-testid="kddcup-reader-alert"]'), /^3 predictions of 8 would score 0 as read_error/);
  const refused = await unreadable();
  assert.deepEqual(Object.keys(refused), ["task_4", "task_6", "task_10"]);
  // The same statuses and messages as the official report (which needed the gold).
  const official = JSON.parse(EXPECTED[0].report).per_task;
  for (const [task, row] of Object.entries(refused)) {
    assert.equal(row.status, official[task].status, task);
    assert.equal(row.error, official[task].error, task);
    assert.equal(row.path, `run/${task}/prediction.csv`);
    assert.match(row.line, /^\d+$/, task);
  }
  // The ragged row is line 2 (the undecodable byte stops the reader at its first line: it decodes
  // 8,192-byte chunks before splitting lines, as the error's position says).
  assert.equal(refused.task_10.line, "2");
  assert.equal(await page.locator('[data-testid="kddcup-no-gold"]').count(), 1);
  assert.equal(await page.locator('[data-testid="kddcup-report"]').count(), 0);
  await shot("70-kddcup-reader-check");
  assert.deepEqual(await axeViolations(), []);
});

test("with the gold and input folders the scores are the official score-run's, and so is scores.json", async () => {
  const page = env.page;
  const folders = fixtureFolders("k2");
  await tab("kddcup");
  await page.click("#kddcup-clear");
  await page.setInputFiles("#kddcup-gold-folder", folders.gold);
  await page.setInputFiles("#kddcup-input-folder", folders.input);
  await rerendered("kddcup", () => page.setInputFiles("#kddcup-run-folder", folders.run));
  const official = JSON.parse(EXPECTED[0].report);
  assert.equal(await text('[data-testid="kddcup-summary"]'), "Total score: 0.4352 (4/9 tasks non-zero; 1 missing)");
  assert.equal(await text('[data-testid="kddcup-source"]'), "Run run/ · gold gold/ · input input/");
  const rows = await perTask();
  assert.deepEqual(Object.keys(rows), Object.keys(official.per_task), "the official task order");
  for (const [task, s] of Object.entries(official.per_task)) {
    assert.deepEqual(
      { status: rows[task].status, score: rows[task].score, recall: rows[task].recall, penalty: rows[task].penalty, error: rows[task].error },
      { status: s.status, score: s.score.toFixed(4), recall: s.recall.toFixed(4), penalty: s.penalty.toFixed(4), error: s.error ?? "" },
      task,
    );
  }
  const byDifficulty = await page.locator('[data-testid="kddcup-by-difficulty"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(
    byDifficulty,
    Object.entries(official.aggregate.by_difficulty).map(([d, s]) => [d, String(s.count), s.mean_score.toFixed(4)]),
  );
  // Beyond the official report: the gold column of task_١٢ found no partner; its closest
  // prediction column and the first value where they part, the gold's value never shown.
  const missed = await page.locator('[data-testid="kddcup-missed"] tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.task, ...[...tr.cells].slice(1).map((c) => c.textContent)]));
  assert.deepEqual(missed, [["task_\u0661\u0662", '1 "v"', '1 "x"', "0 of 1", 'sorted position 1: the prediction has "\u00c9T\u00c9" (cell "\u00c9T\u00c9 "), the gold another value']]);
  assert.doesNotMatch(await text('[data-testid="kddcup-missed-section"]'), /\u00e9t\u00e9/);
  // The download is the official report's text, apart from evaluated_at.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="kddcup-download-json"]')]);
  const json = readFileSync(await download.path(), "utf8");
  assert.match(json, /"evaluated_at": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/);
  assert.equal(json.replace(/"evaluated_at": "[^"]*"/, '"evaluated_at": ""'), EXPECTED[0].report);
  await shot("71-kddcup-scores");

  // The other recorded weight and comma mode, set in the page.
  const strict = EXPECTED.find((e) => e.strict_commas);
  await page.fill("#kddcup-weight", String(strict.penalty_weight));
  await rerendered("kddcup", () => page.setChecked("#kddcup-strict", true));
  const [second] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="kddcup-download-json"]')]);
  assert.equal(readFileSync(await second.path(), "utf8").replace(/"evaluated_at": "[^"]*"/, '"evaluated_at": ""'), strict.report);
});

test("a .zip of the run folder scores the same; a negative weight is the official's fatal error", async () => {
  const page = env.page;
  await tab("kddcup");
  await page.fill("#kddcup-weight", "0.1");
  await page.setChecked("#kddcup-strict", false);
  // Let the runs these two started finish before the next one is awaited.
  await page.waitForTimeout(800);
  await page.waitForSelector("#status.ready");
  // A stored (uncompressed) zip of run/ built in the page's own format (web-demo/zip.js).
  const zipPath = await page.evaluate(async (predictions) => {
    const { writeZip } = await import("./zip.js");
    const files = Object.entries(predictions).map(([task, hex]) => ({ path: `run/${task}/prediction.csv`, bytes: Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16)) }));
    const blob = writeZip(files);
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, FIXTURE.predictions);
  const zip = file("k3/run.zip", Buffer.from(zipPath));
  await rerendered("kddcup", () => page.setInputFiles("#kddcup-run-zip", zip));
  assert.equal(await text('[data-testid="kddcup-run-info"]'), "run.zip");
  assert.equal(await text('[data-testid="kddcup-summary"]'), "Total score: 0.4352 (4/9 tasks non-zero; 1 missing)");
  assert.deepEqual(Object.keys(await unreadable()), ["task_4", "task_6", "task_10"]);

  await rerendered("kddcup", () => page.fill("#kddcup-weight", "-1"));
  assert.match(await text('[data-testid="error-banner"]'), /kddcup_penalty_negative[\s\S]*penalty_weight must be non-negative\./);
  assert.equal(await page.locator('[data-testid="kddcup-report"]').count(), 0);
  // The reader check still shows: it needs no weight.
  assert.equal(await page.locator('[data-testid="kddcup-unreadable"] tbody tr').count(), 3);
  await shot("72-kddcup-fatal");
  await rerendered("kddcup", () => page.fill("#kddcup-weight", "0.1"));
});

test("axe finds nothing serious on the scored tab, light and dark; a phone shows it without overflow", async () => {
  const page = env.page;
  await tab("kddcup");
  for (const scheme of ["dark", "light"]) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await axeViolations(), [], scheme);
  }
  await page.emulateMedia({ colorScheme: "dark" });
  await shot("73-kddcup-dark");
  await page.emulateMedia({ colorScheme: "light" });

  const phone = await openPage(PHONE);
  try {
    const folders = fixtureFolders("k4");
    await tab("kddcup", phone);
    await phone.setInputFiles("#kddcup-gold-folder", folders.gold);
    await rerendered("kddcup", () => phone.setInputFiles("#kddcup-run-folder", folders.run), phone);
    assert.match(await text('[data-testid="kddcup-summary"]', phone), /^Total score: 0\.4352/);
    assert.ok((await overflow(phone)) <= 0, "nothing wider than the phone");
    assert.deepEqual(await axeViolations(phone), []);
    await shot("74-kddcup-phone", phone);
  } finally {
    await phone.close();
  }
});

test("keyboard: each of the six pickers opens its own folder or .zip chooser", async () => {
  const page = await openPage();
  try {
    await tab("kddcup", page);
    await page.evaluate(() => {
      window.__opened = [];
      HTMLInputElement.prototype.click = function () {
        window.__opened.push(`${this.id}${this.webkitdirectory ? " folder" : ""} ${this.accept}`);
      };
    });
    for (const key of ["run", "gold", "input"]) {
      await page.focus(`#kddcup-pick-${key}-folder`);
      await page.keyboard.press("Enter");
      await page.focus(`#kddcup-pick-${key}-zip`);
      await page.keyboard.press("Enter");
      assert.deepEqual(await page.evaluate(() => window.__opened.splice(0)), [`kddcup-${key}-folder folder `, `kddcup-${key}-zip .zip,application/zip`]);
    }
  } finally {
    await page.close();
  }
});

test("the single-file page (file://) scores a run too", async () => {
  const offline = await env.browser.newPage({ viewport: LAPTOP });
  const errors = [];
  offline.on("pageerror", (error) => errors.push(error.message));
  offline.on("request", (request) => {
    if (!/^(file|data|blob):/.test(request.url())) errors.push(`network: ${request.url()}`);
  });
  try {
    await offline.goto(`file://${join(ROOT, "web-demo", "pkg", "tabeq-demo.html")}`);
    await offline.waitForSelector("#status.ready");
    const folders = fixtureFolders("k5");
    await tab("kddcup", offline);
    await offline.setInputFiles("#kddcup-gold-folder", folders.gold);
    await rerendered("kddcup", () => offline.setInputFiles("#kddcup-run-folder", folders.run), offline);
    assert.equal(await text('[data-testid="kddcup-summary"]', offline), "Total score: 0.4352 (4/9 tasks non-zero; 1 missing)");
    assert.equal(await offline.locator('[data-testid="kddcup-unreadable"] tbody tr').count(), 3);
    assert.deepEqual(errors, []);
  } finally {
    await offline.close();
  }
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
