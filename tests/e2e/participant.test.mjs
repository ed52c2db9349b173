// End-to-end tests of what a participant meets the day before the deadline (issues 43 and 38.5):
// the wrong folder is never green, completeness against the benchmark's input/ folder, header-only
// and JSON-as-CSV files, a zip with one oversized member that still checks the rest, and a crafted
// share link that is refused (its inflating bounded by the core's limits).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { deflateRawSync } from "node:zlib";

import { axeViolations, env, openPage, PHONE, rerendered, shot, tab, text } from "./harness.mjs";

function tree(name, files) {
  const root = join(env.work, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

test("the page opens on the submission check, with one drop zone for a folder or a zip", async () => {
  const page = env.page;
  assert.equal(await page.locator("#tab-suite").isHidden(), false);
  assert.equal(await page.locator("#tab-check").isHidden(), true);
  assert.equal(await page.locator('.tabs [aria-selected="true"]').getAttribute("data-tab"), "suite");
  assert.equal(await page.locator(".tabs [role=tab]").first().getAttribute("data-tab"), "suite");
  assert.equal(await page.locator("#tab-suite .drop").count(), 1);
  await shot("59-first-view");
});

test("the folder above predictions/ is never green and names predictions/", async () => {
  const page = env.page;
  const above = tree("my-submission", { "predictions/task_1/prediction.csv": "a\n1\n", "notes.txt": "draft\n" });
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", above));
  const report = page.locator('[data-testid="submission-report"]');
  assert.notEqual(await report.getAttribute("data-tone"), "pass");
  const shown = await text('[data-testid="submission-report"]');
  assert.match(shown, /Not a predictions folder: no task folder found: a predictions folder holds task_N\/prediction\.csv/);
  assert.match(shown, /This folder contains predictions\/: choose predictions\/ itself/);
  await shot("60-wrong-folder");
  assert.deepEqual(await axeViolations(), []);
});

test("against the input/ folder: two missing tasks, an empty task folder and a stray folder are named", async () => {
  const page = env.page;
  const input = tree("input", Object.fromEntries([1, 2, 3, 4].map((n) => [`task_${n}/task.json`, "{}"])));
  const predictions = tree("predictions-incomplete", {
    "task_1/prediction.csv": "a\n1\n",
    "task_4/prediction.csv": "a\n1\n",
    "task_9/prediction.csv": "a\n1\n",
  });
  mkdirSync(join(predictions, "task_2"));
  await tab("suite");
  await page.setInputFiles("#input-root-folder", input);
  await page.waitForFunction(() => document.querySelector('[data-testid="task-list-info"]').textContent.includes("input/"));
  await page.waitForSelector("#status.ready");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", predictions));
  const shown = await text('[data-testid="submission-report"]');
  assert.match(shown, /2 of 4 tasks are ready/);
  assert.match(shown, /task_2/);
  assert.match(shown, /task_3/);
  assert.match(shown, /task_9/);
  assert.match(shown, /not in the expected task list/);
  assert.notEqual(await page.locator('[data-testid="submission-report"]').getAttribute("data-tone"), "pass");
  await shot("61-input-folder-completeness");
});

test("a header-only file and a JSON file saved as prediction.csv are flagged with line and column", async () => {
  const page = env.page;
  const folder = tree("predictions-suspect", {
    "task_1/prediction.csv": "region,gdp\n",
    "task_2/prediction.csv": '[{"region": "North", "gdp": 1.5}]\n',
    "task_3/prediction.csv": "region,gdp\nNorth,1.5\n",
  });
  await page.reload();
  await page.waitForSelector("#status.ready");
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  const shown = await text('[data-testid="submission-report"]');
  assert.match(shown, /1 of 3 tasks are ready; 2 will fail \(1 of them header-only, which pass only against an empty gold\)/);
  assert.match(shown, /header_only[\s\S]*line 2, column 1 \(byte 11\): the file has a header row and no data row/);
  assert.match(shown, /not_csv_text[\s\S]*line 1, column 1: this is JSON text saved as prediction\.csv/);
  await shot("62-header-only-json");
});

test("a zip with one oversized member (a deflate bomb) still checks the others", async () => {
  const page = env.page;
  const out = join(env.work, "bomb.zip");
  const script = `import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("task_1/prediction.csv", "a\\n" + "1\\n" * (16 * 1024 * 1024))
    z.writestr("task_2/prediction.csv", "a\\n1\\n")
    z.writestr("task_3/prediction.csv", "a,b\\n1\\n")
`;
  execFileSync("python3", ["-c", script, out]);
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-zip", out));
  assert.match(await text('[data-testid="zip-problems"]'), /1 member of the zip not read[\s\S]*zip_member_too_large task_1\/prediction\.csv inflates to 33,554,434 bytes, more than the 20,971,520 bytes a file may have/);
  const shown = await text('[data-testid="submission-report"]');
  assert.match(shown, /1 of 3 tasks are ready/);
  assert.match(shown, /task_3\s+csv_non_rectangular/);
  // The report names the member's exact size, not the bytes the page kept of it.
  assert.match(shown, /task_1\s+csv_too_large[\s\S]*\(33554434 bytes\)/);
  assert.doesNotMatch(shown, /20971521/);
  await shot("63-zip-oversized-member");
  assert.deepEqual(await axeViolations(), []);
});

test("a share link that inflates past the core's limit is refused unread", async () => {
  const page = env.page;
  const header = Buffer.from(JSON.stringify({ v: 1, prediction: { name: "p.csv", size: 64 << 20 } }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const packed = deflateRawSync(Buffer.concat([length, header, Buffer.alloc(64 << 20, 0x61)]), { level: 9 });
  const fragment = packed.toString("base64").replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  await page.goto(`${env.baseUrl}#share=${fragment}`);
  await page.waitForSelector("#status.ready");
  await page.waitForFunction(() => document.querySelector('[data-testid="share-note"]').textContent.length > 0);
  assert.match(await text('[data-testid="share-note"]'), /expands to more than a link may hold \(262,144 bytes of files\): nothing was loaded/);
  assert.equal(await text('[data-testid="prediction-info"]'), "none");
  await shot("64-share-bomb");
  await page.goto(env.baseUrl);
  await page.waitForSelector("#status.ready");
});

test("dark mode follows prefers-color-scheme; axe finds nothing serious on any tab, light and dark", async () => {
  const page = env.page;
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.emulateMedia({ colorScheme: "light" });
  const light = await background();
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await background();
  assert.notEqual(dark, light);
  // The page's ground is dark: every channel well under the middle.
  const channels = dark.match(/\d+/g).slice(0, 3).map(Number);
  assert.ok(channels.every((c) => c < 64), dark);
  const folder = tree("predictions-dark", { "task_1/prediction.csv": "region,gdp\n", "task_2/prediction.csv": "a,b\n1,2,3\n", "task_3/prediction.csv": "a\n1\n" });
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  await shot("65-dark-submission");
  for (const scheme of ["dark", "light"]) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const name of ["check", "explain", "suite", "trust", "spider2", "kddcup", "examples"]) {
      await tab(name);
      assert.deepEqual(await axeViolations(), [], `${name} tab, ${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
});

test("at 390 px every fix-it column is readable (cells stack, nothing past the edge), light and dark", async () => {
  const phone = await openPage(PHONE);
  try {
    const folder = tree("predictions-phone", {
      "task_1/prediction.csv": "region,gdp\n",
      "task_2/prediction.csv": "region,gdp\nNorth,1.5\nSouth,2.5,extra\n",
      "task_3/prediction.csv": Buffer.from("city,n\nOslo,1\nZ\xfcrich,3\n", "latin1"),
    });
    await tab("suite", phone);
    await rerendered("suite", () => phone.setInputFiles("#suite-folder", folder), phone);
    for (const scheme of ["light", "dark"]) {
      await phone.emulateMedia({ colorScheme: scheme });
      const cells = phone.locator('#suite-output [data-section="failing"] td');
      assert.ok((await cells.count()) >= 10);
      const outside = await cells.evaluateAll((tds) =>
        tds.filter((td) => {
          const r = td.getBoundingClientRect();
          return r.width < 50 || r.left < 0 || r.right > window.innerWidth;
        }).length,
      );
      assert.equal(outside, 0, scheme);
      const labels = await cells.evaluateAll((tds) => [...new Set(tds.map((td) => td.dataset.label))]);
      assert.deepEqual(labels, ["Task", "Code", "File", "Problem", "What to do"]);
      assert.match(await text('#suite-output [data-section="failing"]', phone), /Write the answer rows under the header/);
      await shot(`66-phone-fixit-${scheme}`, phone);
      assert.deepEqual(await axeViolations(phone), [], scheme);
    }
  } finally {
    await phone.close();
  }
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
