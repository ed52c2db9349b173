// End-to-end tests of the single-task check and the page's remaining round-3 items (issue 43): one
// task checked by the core's checkTask in "Check a task" and as a task row's detail in the
// Submission check (the same document: line and column, encoding hints, header-only and
// JSON-as-CSV files, one verdict), share links that follow the inputs, a progress bar that moves
// during a run, Explain participant-safe by default with full values on request, and axe light and
// dark on these views. Screenshots: test-output/e2e/7*-*.png.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { axeViolations, choose, clearInputs, CONFIG, env, file, GOLD, rerendered, shot, tab, text } from "./harness.mjs";

function tree(name, files) {
  const root = join(env.work, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const DOC = '[data-testid="validation-document"]';
const tone = (selector, page = env.page) => page.locator(`${selector} .tabeq-doc > h1`).evaluate((h1) => h1.closest("[data-tone]")?.dataset.tone ?? null);

test("Check a task: header-only and JSON-as-CSV files fail with line and column, no config needed", async () => {
  const page = env.page;
  await clearInputs();
  await rerendered("check", () => choose("prediction", file("single/header-only.csv", "region,gdp\n")));
  assert.match(await text(`${DOC} h1`), /^task: fails \(header_only\)$/);
  // The one failure an (empty) gold can undo says so.
  assert.match(await text(DOC), /Fails unless the gold is empty too: line 2, column 1/);
  const problems = await text(`${DOC} [data-section="problems"]`);
  assert.match(problems, /header_only[\s\S]*line 2, column 1 \(byte 11\): the file has a header row and no data row/);
  assert.match(problems, /Write the answer rows under the header/);
  assert.equal(await tone(DOC), "fail");
  await shot("70-check-header-only");

  await rerendered("check", () => choose("prediction", file("single/json.csv", '[{"region": "North", "gdp": 1.5}]\n')));
  assert.match(await text(`${DOC} h1`), /fails \(not_csv_text\)$/);
  assert.match(await text(`${DOC} [data-section="problems"]`), /not_csv_text[\s\S]*line 1, column 1: this is JSON text saved as prediction\.csv/);

  // A Latin-1 file: the CSV error's line and column and the encoding hint, as in the Submission check.
  await rerendered("check", () => choose("prediction", file("single/latin1.csv", Buffer.from("city,n\nOslo,1\nZ\xfcrich,3\n", "latin1"))));
  const latin1 = await text(`${DOC} [data-section="problems"]`);
  assert.match(latin1, /csv_invalid_utf8[\s\S]*line 3, column 2/);
  assert.match(latin1, /encoding_latin1/);
});

test("one verdict: with a gold the official verdict is the coloured title, the task check is not", async () => {
  const page = env.page;
  await clearInputs();
  await choose("config", file("verdict/task_12.json", CONFIG));
  await choose("gold", file("verdict/gold.csv", GOLD));
  // Readable under the rules but the wrong rows: the verdict fails, the gold-less check is ready.
  await rerendered("check", () => choose("prediction", file("verdict/prediction.csv", "region,gdp,reported\nNorth,9.9,2024-01-31\nSouth,2.5,2024-02-29\nEast,10.0,2024-03-31\n")));
  assert.match(await text('[data-testid="verdict"] h1'), /failed/);
  assert.equal(await tone('[data-testid="verdict"]'), "fail");
  assert.match(await text(`${DOC} h1`), /^task_12: ready$/);
  const tones = await page.locator("#check-output [data-tone]").evaluateAll((els) => els.map((e) => e.dataset.tone));
  assert.deepEqual(tones, ["fail"], "one coloured verdict, never a red and a green together");
  await shot("71-check-one-verdict");
});

test("share links follow the inputs: a link made for old files goes when a file changes", async () => {
  const page = env.page;
  await clearInputs();
  await choose("config", file("follow/task_12.json", CONFIG));
  await rerendered("check", () => choose("prediction", file("follow/a.csv", "region,gdp,reported\nNorth,1.3,2024-01-31\n")));
  await page.click("#share");
  await page.waitForFunction(() => document.querySelector("#share-url").value.includes("#share="));
  assert.match(page.url(), /#share=/);
  await rerendered("check", () => choose("prediction", file("follow/b.csv", "region,gdp,reported\nSouth,2.5,2024-02-29\n")));
  assert.equal(await page.locator("#share-out").isHidden(), true, "the old link is not shown");
  assert.equal(await page.inputValue("#share-url"), "");
  assert.doesNotMatch(page.url(), /#share=/, "the address no longer holds the old files");
  // A new link holds the new file.
  await page.click("#share");
  await page.waitForFunction(() => document.querySelector("#share-url").value.includes("#share="));
  assert.match(await text('[data-testid="share-note"]'), /this link opens the page with the same prediction and config/);
});

test("a task row of the Submission check opens the same single-task check as its detail", async () => {
  const page = env.page;
  const latin1 = Buffer.from("city,n\nOslo,1\nZ\xfcrich,3\n", "latin1");
  const folder = tree("detail-predictions", {
    "task_1/prediction.csv": "region,gdp\n",
    "task_2/prediction.csv": latin1,
    "task_3/prediction.csv": "a\n1\n",
  });
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  const button = page.locator('#suite-output button[data-detail="task_2"]');
  assert.equal(await button.getAttribute("aria-expanded"), "false");
  await button.click();
  await page.waitForSelector('[data-testid="task-detail-document"]');
  assert.equal(await button.getAttribute("aria-expanded"), "true");
  const detail = await text('[data-testid="task-detail-document"]');
  assert.match(detail, /^task_2: fails \(invalid_prediction_csv\)/);
  assert.match(detail, /line 3, column 2/);
  assert.match(detail, /encoding_latin1/);
  assert.equal(await tone('[data-testid="task-detail"]'), "fail");
  await shot("72-submission-task-detail");
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await axeViolations(), [], `detail open, ${scheme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });

  // The same file in "Check a task" gives the same document (the same core function and words).
  await clearInputs();
  await rerendered("check", () => choose("prediction", file("detail/task_2/prediction.csv", latin1)));
  // The Check tab names the task "task" and the file by its own name; the rest is the same.
  const asSingle = (s) => s.replace(/task_2\/prediction\.csv/g, "prediction.csv").replace(/^task_2: /, "task: ");
  assert.equal(await text(DOC), asSingle(detail));

  // Closing the detail removes it.
  await tab("suite");
  await button.click();
  assert.equal(await page.locator('[data-testid="task-detail"]').count(), 0);
  assert.equal(await button.getAttribute("aria-expanded"), "false");
});

test("the progress bar moves while a large zip is read and checked", async () => {
  const page = env.page;
  const out = join(env.work, "many.zip");
  const script = `import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for t in range(1, 801):
        z.writestr(f"task_{t}/prediction.csv", "a,b\\n" + "".join(f"{i},{i * 7}\\n" for i in range(400)))
`;
  execFileSync("python3", ["-c", script, out]);
  await tab("suite");
  // Record the bar's value as the page shows it, every few milliseconds, during the run.
  await page.evaluate(() => {
    window.__barValues = [];
    window.__barTimer = setInterval(() => {
      const bar = document.querySelector("#suite-bar");
      window.__barValues.push([bar.value, bar.max]);
    }, 5);
  });
  await rerendered("suite", () => page.setInputFiles("#suite-zip", out));
  const values = await page.evaluate(() => {
    clearInterval(window.__barTimer);
    return window.__barValues;
  });
  const partial = new Set(values.filter(([v, max]) => v > 0 && v < max).map(([v, max]) => `${v}/${max}`));
  assert.ok(partial.size >= 3, `the bar took ${partial.size} values between empty and full: ${[...partial].slice(0, 10)}`);
  const [last, lastMax] = values.at(-1);
  assert.equal(last, lastMax, "full at the end");
  assert.match(await text('[data-testid="suite-progress-text"]'), /^800 \/ 800 tasks checked in/);
});

test("Explain is participant-safe by default; gold values only when asked for", async () => {
  const page = env.page;
  await clearInputs();
  await choose("config", file("explain-safe/task_12.json", CONFIG));
  await choose("gold", file("explain-safe/gold.csv", GOLD.replace("East", "SecretGoldRegion")));
  await choose("prediction", file("explain-safe/prediction.csv", "region,gdp,reported\nNorth,1.3,2024-01-31\nSouth,2.5,2024-02-29\nWest,10.0,2024-03-31\n"));
  await rerendered("explain", () => tab("explain"));
  assert.equal(await page.isChecked("#explain-full"), false, "the full diagnosis is off by default");
  assert.equal(await page.locator('[data-testid="explain-document"]').getAttribute("data-redaction"), "participant");
  const safe = await text("#explain-output");
  assert.doesNotMatch(safe, /SecretGoldRegion/);
  assert.equal(await page.locator('[data-testid="side-by-side"]').count(), 0, "no gold rows side by side");
  await shot("73-explain-participant");
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await axeViolations(), [], `explain, ${scheme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });

  await rerendered("explain", () => page.check("#explain-full"));
  assert.equal(await page.locator('[data-testid="explain-document"]').getAttribute("data-redaction"), "full");
  assert.match(await text("#explain-output"), /SecretGoldRegion/);
  assert.equal(await page.locator('[data-testid="side-by-side"]').count(), 1);
  await shot("74-explain-full");
  await rerendered("explain", () => page.uncheck("#explain-full"));
  assert.doesNotMatch(await text("#explain-output"), /SecretGoldRegion/);
});

test("error titles carry the core's description of the code", async () => {
  const page = env.page;
  await clearInputs();
  await choose("prediction", file("err/prediction.csv", "a\n1\n"));
  await rerendered("check", () => choose("config", file("err/task_12.json", "{not json")));
  const banner = await text('[data-testid="error-banner"]');
  assert.match(banner, /^Cannot read the config\s+config_invalid_json/);
  const description = await page.evaluate(() => document.querySelector('[data-testid="error-description"]')?.textContent ?? null);
  assert.ok(description && description.length > 10, `the catalogue's description is shown: ${description}`);
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
