// End-to-end tests of what a competition participant relies on (issue 16): the gold-less check of
// a whole submission (folder and .zip, agreeing with the core's per-task validation), one run at a
// time, keyboard and screen-reader access (axe-core), the rows that differ, clear messages, and a
// phone layout. Real Chromium, real files; screenshots in test-output/e2e/.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";

import { axeViolations, choose, clearInputs, CONFIG, env, file, GOLD, openPage, overflow, PHONE, rerendered, ROOT, settled, shot, tab, text, worstCaseSuite } from "./harness.mjs";

const tabeq = createRequire(import.meta.url)(join(ROOT, "bindings-wasm", "pkg-node", "tabeq.js"));
const TABS = ["suite", "check", "explain", "trust", "spider2", "kddcup", "examples"];

/** The generated 410-task suite (bench/gen_suite.py) without its gold, plus one extra prediction folder. */
function submissionFolder() {
  const folder = join(env.work, "submission");
  if (existsSync(folder)) return folder;
  execFileSync("python3", [join(ROOT, "bench", "gen_suite.py"), "--out", folder], { stdio: "ignore" });
  rmSync(join(folder, "gold"), { recursive: true });
  mkdirSync(join(folder, "predictions", "task_9999"), { recursive: true });
  writeFileSync(join(folder, "predictions", "task_9999", "prediction.csv"), "a\n1\n");
  return folder;
}

/** A .zip of `folder` (as `name/…`, the way "compress folder" makes one), deflated or stored. */
function zipOf(folder, name, method) {
  const out = join(env.work, `${name}-${method}.zip`);
  const script = `import os, sys, zipfile
src, out, name, method = sys.argv[1:5]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED if method == "deflate" else zipfile.ZIP_STORED) as z:
    z.writestr(name + "/", "")
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for f in sorted(files):
            path = os.path.join(root, f)
            z.write(path, os.path.join(name, os.path.relpath(path, src)))
`;
  execFileSync("python3", ["-c", script, folder, out, name, method]);
  return out;
}

/** The core's gold-less validation of every task of a folder, computed in Node (same WASM core, other path). */
function expectedChecks(folder) {
  const ids = readdirSync(join(folder, "configs"))
    .map((n) => n.replace(/\.json$/, ""))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const out = new Map();
  for (const id of ids) {
    const prediction = join(folder, "predictions", id, "prediction.csv");
    const config = readFileSync(join(folder, "configs", `${id}.json`));
    out.set(id, tabeq.validatePrediction(existsSync(prediction) ? readFileSync(prediction) : null, config, { configFileName: `${id}.json` }));
  }
  return out;
}

/** The page's report of a folder with configs: each task read under its config (`validation`). */
async function downloadJson(page, selector) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return JSON.parse(readFileSync(await download.path(), "utf8"));
}

/**
 * Every expected task of a downloaded report agrees with the core's own validation of that task:
 * a task with a file holds that validation; a task without one is missing_prediction.
 */
function assertAgrees(report, expected) {
  assert.equal(report.task_count, expected.size);
  for (const task of report.tasks) {
    if (task.status === "not_scored") continue;
    const want = expected.get(task.task_id);
    if (task.validation === null) assert.equal(want.error_code, "missing_prediction", task.task_id);
    else assert.deepEqual(task.validation, want, task.task_id);
    assert.equal(task.error_code, want.error_code, task.task_id);
  }
}

/** The id of the n-th task (1-based) in natural task order. */
const json0TaskId = (n) => `task_${n}`;

test("submission check: a gold-less 410-task folder, checked task by task, with a downloadable report", async () => {
  const page = env.page;
  const folder = submissionFolder();
  const expected = expectedChecks(folder);
  // Ready: nothing fails the task without the gold, and the file has a data row (a header-only
  // file is flagged header_only by the folder check).
  const ready = [...expected.values()].filter((v) => v.ok && v.prediction_row_count > 0).length;
  const missing = [...expected.values()].filter((v) => v.error_code === "missing_prediction").map((v) => v.task_id);
  assert.ok(missing.length > 0 && ready > 0 && ready < 410, `${ready} ready, ${missing.length} missing`);
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  assert.equal(await text('[data-testid="submission-report"] h1'), "Predictions folder check");
  const facts = await text('[data-testid="submission-report"] dl.facts');
  assert.match(facts, new RegExp(`^tasks\\s*410\\s*ready\\s*${ready}\\s*will fail\\s*${410 - ready}\\s*missing\\s*${missing.length}\\s*not scored\\s*1\\s*expected tasks from\\s*the configs`));
  assert.match(await text('[data-testid="suite-progress-text"]'), /410 \/ 410 tasks checked in .* · submission/);
  const report = await text('[data-testid="submission-report"]');
  assert.match(report, new RegExp(`${missing.length} tasks with no task_N/prediction.csv \\(scored as missing_prediction\\)`));
  assert.match(report, /1 task folder not in the expected task list \(not scored; listed as unscored_prediction_tasks\): task_9999/);
  // Long tables paginate: the 410 task rows show 50 at a time.
  const everyTask = page.locator('#suite-output [data-section="tasks"] tbody tr:not([hidden])');
  assert.equal(await everyTask.count(), 50);
  await page.click('#suite-output [data-section="tasks"] .pager button[data-page="next"]');
  // 411 rows: the 410 expected tasks and task_9999, listed as not scored.
  assert.match(await text('#suite-output [data-section="tasks"] .pager'), /rows 51–100 of 411/);
  assert.equal(await everyTask.first().locator("td").first().innerText(), json0TaskId(51));
  await shot("20-submission-check");

  const json = await downloadJson(page, '[data-testid="submission-download-json"]');
  assertAgrees(json, expected);
  assert.deepEqual(json.missing_tasks, missing);
  assert.deepEqual(json.unexpected_tasks, ["task_9999"]);
  const [md] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="submission-download-md"]')]);
  const markdown = readFileSync(await md.path(), "utf8");
  assert.match(markdown, /^# Predictions folder check\n/);
  assert.match(markdown, new RegExp(`${ready} of 410 tasks are ready`));

  // A failing task opens in the Check tab with its config and prediction.
  const failing = json.tasks.find((t) => t.status === "fails" && t.error_code !== null && t.error_code !== "missing_prediction");
  await rerendered("check", () => page.locator(`#suite-output [data-section="failing"] tr[data-task="${failing.task_id}"] button`).first().click());
  assert.match(await text('[data-testid="config-info"]'), new RegExp(`${failing.task_id}\\.json`));
  assert.match(await text('[data-testid="validation-document"] h1'), new RegExp(`^${failing.task_id}: fails \\(${failing.error_code}\\)$`));
});

test("submission check: the same folder as a .zip (deflated and stored), read in the page", async () => {
  const page = env.page;
  const folder = submissionFolder();
  const expected = expectedChecks(folder);
  await tab("suite");
  for (const method of ["deflate", "stored"]) {
    const zip = zipOf(folder, "my-submission", method);
    await rerendered("suite", () => page.setInputFiles("#suite-zip", zip));
    assert.match(await text('[data-testid="suite-source"]'), /my-submission-(deflate|stored)\.zip/);
    assertAgrees(await downloadJson(page, '[data-testid="submission-download-json"]'), expected);
  }
  await shot("21-submission-zip");
  // A damaged archive gets a message naming what failed.
  await rerendered("suite", () => page.setInputFiles("#suite-zip", file("broken.zip", "PK\u0003\u0004 not really a zip")));
  assert.match(await text('[data-testid="error-banner"]'), /Cannot read the \.zip\s+zip_unreadable/);
});

test("submission check agrees with the Python `tabeq validate` on every task", async () => {
  // make test builds .venv first (make setup), so the Python package is always there to compare with.
  const python = join(ROOT, ".venv", "bin", "python");
  const folder = submissionFolder();
  const script = `import json, pathlib, sys, tabeq
root = pathlib.Path(sys.argv[1])
out = {}
for config in sorted((root / "configs").glob("task_*.json")):
    tid = config.stem
    pred = root / "predictions" / tid / "prediction.csv"
    out[tid] = tabeq.validate(pred.read_bytes() if pred.exists() else None, tabeq.load_config(config))
print(json.dumps(out))`;
  const python_reports = JSON.parse(execFileSync(python, ["-c", script, folder], { maxBuffer: 1 << 28 }).toString());
  const page = env.page;
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  const json = await downloadJson(page, '[data-testid="submission-download-json"]');
  assertAgrees(json, new Map(Object.entries(python_reports)));
});

test("one run at a time: a second folder chosen while the first runs replaces it", async () => {
  const page = env.page;
  const slow = join(env.work, "slow-suite");
  worstCaseSuite(slow, 6);
  const quick = join(env.work, "quick-suite");
  cpSync(join(ROOT, "tests", "conformance", "suite"), quick, { recursive: true });
  rmSync(join(quick, "expected_summary.json"));
  const expected = JSON.parse(readFileSync(join(ROOT, "tests", "conformance", "suite", "expected_summary.json"), "utf8"));
  await tab("suite");
  await page.evaluate(() => {
    window.__texts = [];
    new MutationObserver(() => window.__texts.push(document.querySelector("#suite-progress-text").textContent)).observe(document.querySelector("#suite-progress-text"), { childList: true, characterData: true, subtree: true });
  });
  await page.setInputFiles("#suite-folder", slow);
  await page.waitForFunction(() => /tasks scored \(task_\d+\) · slow-suite/.test(document.querySelector("#suite-progress-text").textContent));
  await rerendered("suite", () => page.setInputFiles("#suite-folder", quick));
  assert.equal(await text('[data-testid="suite-summary"] h1'), `${expected.passed_task_count}/${expected.task_count} tasks passed`);
  // The first run cannot come back: wait as long as it would need, then look again.
  await page.waitForTimeout(4000);
  assert.match(await text('[data-testid="suite-summary"] h1'), new RegExp(`/${expected.task_count} tasks passed$`));
  assert.equal(await page.locator("#suite-output").getAttribute("data-source"), "quick-suite");
  const texts = await page.evaluate(() => window.__texts);
  const lastSlow = texts.findLastIndex((s) => s.includes("slow-suite"));
  const firstQuick = texts.findIndex((s) => s.includes("quick-suite"));
  assert.ok(lastSlow < firstQuick, `slow-suite progress after quick-suite started: ${texts.join(" | ")}`);
  // "explain" opens the task of the folder on screen.
  const failed = expected.tasks.find((t) => !t.passed && t.error_code === "relation_mismatch");
  await rerendered("explain", () => page.click(`[data-testid="suite-summary"] [data-section="tasks"] tr[data-task="${failed.task_id}"] button`));
  assert.match(await text('[data-testid="explain-document"] h1'), /failed \(relation_mismatch\)$/);
  const config = JSON.parse(readFileSync(join(quick, "configs", `${failed.task_id}.json`), "utf8"));
  assert.equal(config.task_id, failed.task_id);
  await shot("22-overlapping-runs");

  // The same for the per-task views: the last input wins even when an earlier check is slower.
  await clearInputs();
  await choose("config", file("task_12.json", CONFIG));
  await choose("gold", file("overlap/gold.csv", GOLD));
  await rerendered("check", async () => {
    await choose("prediction", file("overlap/big.csv", `region,gdp,reported\n${"North,1.3,2024-01-31\n".repeat(90_000)}`));
    await choose("prediction", file("overlap/small.csv", "region,gdp,reported\nNorth,1.3,2024-01-31\n"));
  });
  await page.waitForTimeout(1500);
  assert.match(await text('[data-testid="validation-document"] h1'), /: ready$/);
  assert.match(await text('[data-testid="validation-document"]'), /rows\s*1\b/);
});

test("keyboard only: every tab, picker and action is reachable, opens, and shows its focus", async () => {
  const page = await openPage();
  try {
    // Enter on a picker button opens a real file chooser. The chooser is intercepted by a
    // listener registered ahead (waitForEvent alone races Chromium's interception switch).
    const choosers = [];
    page.on("filechooser", (chooser) => choosers.push(chooser));
    await page.waitForTimeout(300);
    // The page opens on the submission check; the task inputs are on the Check tab.
    assert.equal(await page.locator("#tab-suite").isHidden(), false);
    await tab("check", page);
    await page.focus('.file-card[data-input="config"] .pick');
    await page.keyboard.press("Enter");
    for (let i = 0; i < 50 && choosers.length === 0; i++) await page.waitForTimeout(100);
    assert.equal(choosers.length, 1, "Enter on the config picker opened no file chooser");
    await choosers[0].setFiles(file("kb/task_12.json", CONFIG));
    await page.waitForFunction(() => document.querySelector('[data-testid="config-info"]').textContent.startsWith("task_12.json"));
    // Tab from the top of the page reaches the tab bar; arrows walk it.
    await page.keyboard.press("Tab");
    const visited = [];
    for (let i = 0; i < 12 && visited.length === 0; i++) {
      const role = await page.evaluate(() => document.activeElement.getAttribute("role"));
      if (role === "tab") visited.push(await page.evaluate(() => document.activeElement.dataset.tab));
      else await page.keyboard.press("Tab");
    }
    assert.deepEqual(visited, ["check"]);
    await page.keyboard.press("Home");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), TABS[0]);
    for (const name of TABS.slice(1)) {
      await page.keyboard.press("ArrowRight");
      assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), name);
      assert.equal(await page.locator(`#tab-${name}`).isHidden(), false);
    }
    await page.keyboard.press("Home");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), "suite");
    // Focus is visible: the focused tab has an outline.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, "none");
    await shot("23-keyboard-focus", page);

    // In every tab, walking with Tab reaches each of its actions; Enter on a picker opens a file chooser.
    const pickers = { check: 3, explain: 3, suite: 3, trust: 1, spider2: 2, kddcup: 6, examples: 0 };
    for (const name of TABS) {
      await page.click(`.tabs [data-tab="${name}"]`);
      await page.focus(`.tabs [data-tab="${name}"]`);
      const reached = new Set();
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press("Tab");
        const what = await page.evaluate(() => {
          const el = document.activeElement;
          // The footer ends the walk (one more Tab would leave the page).
          if (el === document.body || el.closest("footer")) return null;
          return `${el.tagName.toLowerCase()}#${el.id}.${el.className}|${el.getAttribute("aria-label") ?? el.textContent.trim().slice(0, 40)}`;
        });
        if (what === null || reached.has(what)) break;
        reached.add(what);
      }
      const labels = [...reached].join("\n");
      const pickerCount = [...reached].filter((r) => /Choose the|choose a/.test(r)).length;
      assert.equal(pickerCount, pickers[name], `${name}: ${labels}`);
      if (name === "examples") assert.match(labels, /Renamed and reordered columns/);
      if (name === "trust") assert.match(labels, /select#trust-by/);
    }
    // Enter (or Space) on every picker button opens its own file input.
    await page.evaluate(() => {
      window.__opened = [];
      HTMLInputElement.prototype.click = function () {
        window.__opened.push(`${this.type}${this.webkitdirectory ? " folder" : ""} ${this.accept}`);
      };
    });
    for (const [selector, tabName, opened] of [
      ['.file-card[data-input="prediction"] .pick', "check", "file .csv,text/csv,text/plain"],
      ['.file-card[data-input="gold"] .pick', "check", "file .csv,text/csv,text/plain"],
      ["#suite-pick-folder", "suite", "file folder "],
      ["#suite-pick-zip", "suite", "file .zip,application/zip"],
      ["#trust-pick", "trust", "file .jsonl,.json,.txt"],
      ["#spider2-pick-result", "spider2", "file .csv,text/csv,text/plain"],
      ["#spider2-pick-gold", "spider2", "file .csv,text/csv,text/plain"],
    ]) {
      await page.click(`.tabs [data-tab="${tabName}"]`);
      await page.focus(selector);
      await page.keyboard.press(selector === "#trust-pick" ? "Space" : "Enter");
      assert.deepEqual(await page.evaluate(() => window.__opened.splice(0)), [opened], selector);
    }
    // Paste from the keyboard: the toggle opens a labelled text box and moves focus into it.
    await page.click('.tabs [data-tab="check"]');
    await page.focus('.file-card[data-input="config"] .paste-toggle');
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-label")), "Config JSON text");
    assert.equal(await page.getAttribute('.file-card[data-input="config"] .paste-toggle', "aria-expanded"), "true");
  } finally {
    await page.close();
    await env.page.bringToFront();
  }
});

test("axe-core: no serious or critical violations in any view, with results shown", async () => {
  const page = env.page;
  const all = [];
  // Results in every view: a check with a verdict, an explanation, a submission report, trust tables.
  await tab("examples");
  await rerendered("check", () => page.click('#example-list li[data-example="rounding"] > button'));
  all.push(...(await axeViolations()).map((v) => `check: ${v}`));
  await rerendered("explain", () => tab("explain"));
  all.push(...(await axeViolations()).map((v) => `explain: ${v}`));
  await tab("suite");
  await rerendered("suite", () => page.click("#suite-example"));
  all.push(...(await axeViolations()).map((v) => `suite: ${v}`));
  await rerendered("suite", () => page.setInputFiles("#suite-folder", submissionFolder()));
  all.push(...(await axeViolations()).map((v) => `submission: ${v}`));
  await tab("trust");
  await page.click("#trust-example-reliability");
  await settled('[data-testid="trust-report"]');
  all.push(...(await axeViolations()).map((v) => `trust: ${v}`));
  await tab("examples");
  all.push(...(await axeViolations()).map((v) => `examples: ${v}`));
  await page.click('[data-testid="how-scoring"] summary');
  all.push(...(await axeViolations()).map((v) => `how: ${v}`));
  assert.deepEqual(all, []);
});

test("explain: long tables paginate; the rows list and the side-by-side view page through every row", async () => {
  const page = env.page;
  const rows = Array.from({ length: 130 }, (_, i) => `R${String(i + 1).padStart(3, "0")},${(i * 1.5).toFixed(1)},2024-01-${String((i % 28) + 1).padStart(2, "0")}`);
  const gold = `region,gdp,reported\n${rows.join("\n")}\n`;
  // Rows 61 and 121 differ (one value each).
  const predRows = rows.map((r, i) => (i === 60 || i === 120 ? r.replace(/,([\d.]+),/, (_, v) => `,${(Number(v) + 1).toFixed(1)},`) : r));
  await clearInputs();
  await choose("config", file("task_12.json", CONFIG));
  await choose("gold", file("long/gold.csv", gold));
  await choose("prediction", file("long/prediction.csv", `Region,GDP,Reported\n${predRows.join("\n")}\n`));
  // The full diagnosis (rows lists, side by side); the page's default is participant-safe.
  await page.evaluate(() => (document.querySelector("#explain-full").checked = true));
  await rerendered("explain", () => tab("explain"));
  // The tab's own run was on these inputs: the input change's delayed run must not follow it and
  // replace the pages below while they are being turned.
  const explained = await page.locator("#explain-output").getAttribute("data-done");
  await page.waitForTimeout(400);
  assert.equal(await page.locator("#explain-output").getAttribute("data-done"), explained, "explained again");
  // The rows lists (core document) name both differing rows with their numbers, gdp highlighted.
  for (const section of ["missing_rows", "extra_rows"]) {
    const listed = await page.locator(`#explain-output [data-section="${section}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => [tr.cells[0].textContent, tr.querySelectorAll("td.mark-differs").length]));
    assert.deepEqual(listed, [["61", 1], ["121", 1]], section);
  }
  assert.equal(await page.locator('[data-testid="side-by-side"] tbody tr').count(), 50);
  assert.match(await text('[data-testid="side-by-side-pager"]'), /rows 1–50 of 130/);
  await page.click('[data-testid="side-by-side-pager"] button[data-page="next"]');
  await page.waitForSelector('[data-testid="side-by-side"] tr[data-row="51"]');
  await page.click('[data-testid="side-by-side-pager"] button[data-page="next"]');
  await page.waitForSelector('[data-testid="side-by-side"] tr[data-row="130"]');
  assert.match(await text('[data-testid="side-by-side-pager"]'), /rows 101–130 of 130/);
  assert.equal(await page.locator('[data-testid="side-by-side"] tr[data-row="121"].gold-missing').count(), 1);
  await shot("24-explain-long");

  // A passed explanation has no stray "null" text.
  await tab("examples");
  await rerendered("explain", () => page.click('#example-list li[data-example="renamed"] p button'));
  assert.match(await text('[data-testid="explain-document"] h1'), /: passed$/);
  assert.doesNotMatch(await text("#explain-output"), /\bnull\b/);
});

test("messages: UTF-16 and image files, drops beside a zone, error titles, the scoring rules, offline trust", async () => {
  const page = env.page;
  await clearInputs();
  await choose("config", file("task_12.json", CONFIG));
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("region,gdp,reported\nNorth,1.3,2024-01-31\n", "utf16le")]);
  await rerendered("check", () => choose("prediction", file("msg/utf16.csv", utf16)));
  assert.match(await text('[data-testid="validation-document"] [data-section="problems"]'), /UTF-16 text .* save it as CSV UTF-8/);
  await shot("25-message-utf16");
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
  await rerendered("check", () => choose("prediction", file("msg/chart.png", png)));
  assert.match(await text('[data-testid="validation-document"] [data-section="problems"]'), /This file is an image, not a CSV/);

  // A config that is not JSON: the title names the config.
  await rerendered("check", () => choose("config", file("task_12.json", "{not json")));
  assert.match(await text('[data-testid="error-banner"]'), /^Cannot read the config\s+config_invalid_json/);

  // A file dropped beside the zones does not navigate away.
  const url = page.url();
  await page.evaluate(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["a,b\n"], "x.csv", { type: "text/csv" }));
    document.querySelector("footer").dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    const drop = new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true });
    document.querySelector("footer").dispatchEvent(drop);
    window.__dropPrevented = drop.defaultPrevented;
  });
  assert.equal(await page.evaluate(() => window.__dropPrevented), true);
  assert.match(await text('[data-testid="drop-guard"]'), /drop files on one of the dashed boxes/);
  assert.equal(page.url(), url);

  // How scoring works, with links to the rules.
  await page.evaluate(() => (document.querySelector('[data-testid="how-scoring"]').open = false));
  await page.click('[data-testid="how-scoring"] summary');
  assert.match(await text('[data-testid="how-scoring"]'), /Headers are ignored/);
  assert.ok((await page.locator('[data-testid="how-scoring"] a[href*="docs/spec/evaluation.md"]').count()) === 1);
  await shot("26-how-scoring");

  // The trust module is loaded with the page: it works after the connection drops.
  const offline = await openPage();
  try {
    // After one visit: the service worker holds the page's files once it controls the page.
    await offline.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    await offline.context().setOffline(true);
    await offline.click('.tabs [data-tab="trust"]');
    await offline.click("#trust-example-robustness");
    await offline.waitForSelector('[data-testid="trust-report"] svg');
    await offline.context().setOffline(false);
  } finally {
    await offline.close();
  }
});

test("a 390 px phone: no horizontal scroll in any view, with results shown", async () => {
  const page = await openPage(PHONE);
  try {
    const wide = [];
    const check = async (name) => {
      const px = await overflow(page);
      if (px > 0) wide.push(`${name}: ${px}px`);
      await shot(`27-phone-${name}`, page);
    };
    await check("start");
    await page.click('.tabs [data-tab="examples"]');
    await check("examples");
    await rerendered("check", () => page.click('#example-list li[data-example="rounding"] > button'), page);
    await check("check");
    await page.click('.tabs [data-tab="explain"]');
    await page.waitForSelector('[data-testid="explain-document"]');
    await check("explain");
    await page.click('.tabs [data-tab="suite"]');
    await rerendered("suite", () => page.setInputFiles("#suite-folder", submissionFolder()), page);
    await check("submission");
    await page.click('.tabs [data-tab="trust"]');
    await page.click("#trust-example-reliability");
    await page.waitForSelector('[data-testid="trust-report"]');
    await check("trust");
    assert.deepEqual(wide, []);
    assert.deepEqual(await axeViolations(page), []);
  } finally {
    await page.close();
  }
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
