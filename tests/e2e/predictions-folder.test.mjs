// End-to-end tests of the check of a bare predictions folder (issue 23): what a participant holds
// for the benchmark's hidden tasks is only task_N/prediction.csv. Chosen as a folder or a .zip, it
// gets a per-task report with each CSV problem's line and column, a Latin-1 hint with its line,
// near-miss names, the expected task list, a skeleton from configs, and the same report (byte for
// byte) from `tabeq validate --prediction-root`, from Python's tabeq.check_predictions and from the page.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { axeViolations, CONFIG, env, file, rerendered, ROOT, shot, tab, text } from "./harness.mjs";

const PYTHON = join(ROOT, ".venv", "bin", "python");

/** A bare predictions folder with a ready task, a broken row, a Latin-1 file, a misnamed file and a stray note. */
function bareFolder() {
  const folder = join(env.work, "my-predictions");
  const write = (path, content) => {
    mkdirSync(join(folder, path, ".."), { recursive: true });
    writeFileSync(join(folder, path), content);
  };
  write("task_1/prediction.csv", "region,gdp\nNorth,1.5\n");
  write("task_2/prediction.csv", "region,gdp\nNorth,1.5\nSouth,2.5,extra\n");
  write("task_3/prediction.csv", Buffer.from("city,n\nOslo,1\nZ\xfcrich,3\n", "latin1"));
  write("task_4/Prediction.csv", "a\n1\n");
  write("task_10/prediction.csv", "\ufeffa,a\n1,2\n");
  write("notes.txt", "my notes\n");
  return folder;
}

/** A .zip of `folder` as "compress folder" makes one (`name/…`). */
function zipOf(folder, name) {
  const out = join(env.work, `${name}.zip`);
  const script = `import os, sys, zipfile
src, out, name = sys.argv[1:4]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for f in sorted(files):
            path = os.path.join(root, f)
            z.write(path, os.path.join(name, os.path.relpath(path, src)))
`;
  execFileSync("python3", ["-c", script, folder, out, name]);
  return out;
}

async function downloadText(page, selector) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return readFileSync(await download.path(), "utf8");
}

test("a bare predictions folder: a per-task report, the broken row's line, a Latin-1 hint with its line", async () => {
  const page = env.page;
  const folder = bareFolder();
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  const report = await text('[data-testid="submission-report"]');
  assert.match(await text('[data-testid="submission-report"] h1'), /^Predictions folder check$/);
  assert.match(report, /2 of 5 tasks are ready; 3 will fail whatever the gold/);
  // The broken row is named by its line and column, with what to do.
  assert.match(report, /task_2\s+csv_non_rectangular\s+task_2\/prediction\.csv\s+line 3, column 11 \(byte 31\): row 3 has 3 cells; expected 2/);
  assert.match(report, /Give every row as many cells as the header/);
  // The Latin-1 file: the hint names Latin-1 and the line, as Windows-1252 reads it.
  assert.match(report, /encoding_latin1[\s\S]*This file is not UTF-8: it reads as Latin-1 \(ISO-8859-1\) or Windows-1252 text, first at line 3, column 2 \(byte 15\) \("Zürich,3"\)/);
  // A misnamed file is named with the file found.
  assert.match(report, /no task_4\/prediction\.csv: found task_4\/Prediction\.csv/);
  // Notes, not errors: the byte order mark and the repeated header.
  assert.match(report, /task_10: the file starts with a UTF-8 byte order mark/);
  assert.match(report, /the header name "a" is used by columns 1, 2/);
  assert.match(report, /notes\.txt: not a task folder/);
  await shot("43-bare-predictions-folder");
  const json = JSON.parse(await downloadText(page, '[data-testid="submission-download-json"]'));
  assert.equal(json.expected_tasks_from, "prediction_folder");
  assert.deepEqual(
    json.tasks.map((t) => [t.task_id, t.status]),
    [["task_1", "ready"], ["task_2", "fails"], ["task_3", "fails"], ["task_4", "fails"], ["task_10", "ready"]],
  );
  assert.deepEqual(json.tasks.find((t) => t.task_id === "task_2").problems[0].position, { line: 3, column: 11, byte: 31 });
  assert.deepEqual(await axeViolations(), []);
});

test("the same folder as a .zip, and an expected task list that finds the missing tasks", async () => {
  const page = env.page;
  const folder = bareFolder();
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-zip", zipOf(folder, "my-predictions")));
  assert.match(await text('[data-testid="suite-source"]'), /my-predictions\.zip/);
  const fromZip = await downloadText(page, '[data-testid="submission-download-json"]');
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  assert.equal(await downloadText(page, '[data-testid="submission-download-json"]'), fromZip);
  // A task list: task_5 is missing, task_10 is not expected.
  await rerendered("suite", () => page.setInputFiles("#task-list-file", file("task-list.txt", "# the public ids\ntask_1\ntask_2\ntask_3\ntask_4\ntask_5\n")));
  assert.match(await text('[data-testid="task-list-info"]'), /task-list\.txt/);
  const json = JSON.parse(await downloadText(page, '[data-testid="submission-download-json"]'));
  assert.equal(json.expected_tasks_from, "task_list");
  assert.deepEqual(json.missing_tasks, ["task_4", "task_5"]);
  assert.deepEqual(json.unexpected_tasks, ["task_10"]);
  assert.match(await text('[data-testid="submission-report"]'), /1 task folder not in the expected task list \(not scored; listed as unscored_prediction_tasks\): task_10/);
  await shot("44-task-list");
});

test("configs given: every column rule is checked, and a skeleton submission downloads", async () => {
  const page = env.page;
  const suite = join(env.work, "with-configs");
  mkdirSync(join(suite, "configs"), { recursive: true });
  mkdirSync(join(suite, "predictions", "task_12"), { recursive: true });
  writeFileSync(join(suite, "configs", "task_12.json"), CONFIG);
  const config = JSON.parse(CONFIG);
  writeFileSync(join(suite, "configs", "task_13.json"), JSON.stringify({ ...config, task_id: "task_13" }));
  writeFileSync(join(suite, "predictions", "task_12", "prediction.csv"), "Region,GDP,Reported\nNorth,n/a,2024-01-31\n");
  await tab("suite");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", suite));
  const json = JSON.parse(await downloadText(page, '[data-testid="submission-download-json"]'));
  assert.equal(json.expected_tasks_from, "configs");
  assert.equal(json.tasks[0].error_code, "type_normalization_failed");
  assert.equal(json.tasks[0].validation.task_id, "task_12");
  assert.deepEqual(json.missing_tasks, ["task_13"]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="skeleton-download"]')]);
  const zip = await download.path();
  const listing = execFileSync("python3", ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(repr([(n, z.read(n).decode()) for n in z.namelist()]))", zip]).toString().trim();
  const header = config.columns.map((c) => c.gold_name).join(",");
  assert.equal(listing, `[('predictions/task_12/prediction.csv', '${header}\\n'), ('predictions/task_13/prediction.csv', '${header}\\n')]`);
  await shot("45-skeleton");
});

test("the report is identical from the CLI, from Python and from the page", async () => {
  const page = env.page;
  const folder = bareFolder();
  const list = file("identity-list.txt", "task_1\ntask_2\ntask_3\ntask_4\ntask_5\n");
  const cli = spawnSync(PYTHON, ["-m", "tabeq", "validate", "--prediction-root", folder, "--task-list", list, "--format", "json"], { encoding: "utf8" });
  assert.equal(cli.status, 1, cli.stderr);
  const python = execFileSync(PYTHON, ["-c", "import json, sys, tabeq; print(json.dumps(tabeq.check_predictions(sys.argv[1], task_list=sys.argv[2]), ensure_ascii=False, indent=2))", folder, list], { encoding: "utf8" });
  await tab("suite");
  // The task list applies to the next folder (and runs the one on screen again: let it finish).
  await page.setInputFiles("#task-list-file", list);
  await page.waitForFunction(() => document.querySelector('[data-testid="task-list-info"]').textContent.includes("identity-list.txt"));
  await page.waitForSelector("#status.ready");
  await rerendered("suite", () => page.setInputFiles("#suite-folder", folder));
  const fromPage = await downloadText(page, '[data-testid="submission-download-json"]');
  assert.equal(JSON.parse(fromPage).expected_tasks_from, "task_list");
  assert.equal(cli.stdout, `${fromPage}\n`);
  assert.equal(python, `${fromPage}\n`);
  // Text for people: the same document on the command line.
  const people = spawnSync(PYTHON, ["-m", "tabeq", "validate", "--prediction-root", folder, "--format", "text"], { encoding: "utf8" });
  assert.match(people.stdout, /line 3, column 11 \(byte 31\)/);
  assert.match(people.stdout, /This file is not UTF-8: it reads as Latin-1/);
  // Exit 0 when every task is ready, 2 on usage errors.
  const ready = join(env.work, "ready-predictions");
  mkdirSync(join(ready, "task_1"), { recursive: true });
  writeFileSync(join(ready, "task_1", "prediction.csv"), "a\n1\n");
  assert.equal(spawnSync(PYTHON, ["-m", "tabeq", "validate", "--prediction-root", ready]).status, 0);
  assert.equal(spawnSync(PYTHON, ["-m", "tabeq", "validate", "--prediction-root", join(ready, "nope")]).status, 2);
  assert.equal(spawnSync(PYTHON, ["-m", "tabeq", "validate", "--prediction-root", ready, "--task-list", file("bad-list.txt", "task_1\nTask 2\n")]).status, 2);
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
