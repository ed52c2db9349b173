// End-to-end tests of the page as a tool a participant keeps (issue 23): it reloads and works with
// the network gone after one visit (service worker, cache named after the build), a share link
// holds the prediction and config (exact bytes, never the gold), Stop ends a long run, and a large
// file shows its progress. Real Chromium, real files; screenshots in test-output/e2e/.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { inflateRawSync } from "node:zlib";

import { choose, clearInputs, CONFIG, env, file, GOLD, LAPTOP, openPage, rerendered, ROOT, shot, tab, text, worstCaseSuite } from "./harness.mjs";
import { startServer } from "./server.mjs";

/** The build's version and files, as make-offline.mjs wrote them for the service worker. */
function build() {
  const source = readFileSync(join(ROOT, "web-demo", "pkg", "build.js"), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).trim().replace(/;$/, ""));
}

test("offline: after one visit the page reloads and checks a prediction with the server gone", async () => {
  // A server of its own, closed halfway: every later request to it fails, as with the network off.
  const { server, url } = await startServer(join(ROOT, "web-demo"), 0);
  const context = await env.browser.newContext({ viewport: LAPTOP });
  const page = await context.newPage();
  const failed = [];
  page.on("requestfailed", (request) => failed.push(request.url()));
  try {
    await page.goto(url);
    await page.waitForSelector("#status.ready");
    // The service worker controls the page once every file of the build is cached.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    const { version, files } = build();
    const caches = await page.evaluate(() => caches.keys());
    assert.deepEqual(caches, [`tabeq-${version}`]);
    const cached = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), `tabeq-${version}`);
    for (const f of files) assert.ok(cached.includes(`/${f.replace(/^\.\//, "")}`), `${f} is not cached: ${cached.join(", ")}`);
    assert.ok(files.some((f) => f.endsWith(".wasm")), "the build lists its WebAssembly");
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.href);
    assert.match(manifest, /manifest\.webmanifest$/);

    // The page may still be fetching a module it preloads (the trust one): a request cut by the
    // closing server would count as failed although the cache holds the file.
    await page.waitForLoadState("networkidle");
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    assert.equal(await fetch(url).then(() => "reachable", () => "gone"), "gone");

    await page.reload();
    await page.waitForSelector("#status.ready");
    assert.match(await page.locator('[data-testid="version"]').innerText(), /^tabeq \d/);
    await page.click('.tabs [data-tab="check"]');
    await page.click('.file-card[data-input="config"] .paste-toggle');
    await page.fill("#config-paste", CONFIG);
    await page.click('.file-card[data-input="prediction"] .paste-toggle');
    await rerendered("check", () => page.fill("#prediction-paste", "Region,GDP,Reported\nNorth,1.25,2024-01-31\n"), page);
    assert.match(await page.locator('[data-testid="validation-document"] h1').innerText(), /: ready$/);
    // The other tabs' modules are cached too: trust metrics work offline.
    await page.click('.tabs [data-tab="trust"]');
    await page.click("#trust-example-reliability");
    await page.waitForSelector('[data-testid="trust-report"]');
    // The Spider 2.0 module, never loaded before the server went away, comes from the cache too.
    await page.click('.tabs [data-tab="spider2"]');
    await page.click("#spider2-example");
    await page.waitForSelector('[data-testid="spider2-report"] section[data-section="warnings"]');
    await shot("40-offline-reload", page);
    assert.deepEqual(failed, [], "every request was served from the cache");
  } finally {
    await context.close();
    server.closeAllConnections();
    server.close();
  }
});

test("share link: the prediction and config (exact bytes, never the gold) open in a new tab", async () => {
  const page = env.page;
  await clearInputs();
  // A Latin-1 prediction: the link must keep its bytes, so the other side sees the same problem.
  const latin1 = Buffer.from("region,gdp,reported\nZ\xfcrich,1.3,2024-01-31\n", "latin1");
  await choose("config", file("share/task_12.json", CONFIG));
  await choose("gold", file("share/gold.csv", GOLD.replace("East", "SecretGoldRegion")));
  await choose("prediction", file("share/prediction.csv", latin1));
  // Checks run as inputs arrive; wait for the one with all three.
  await page.waitForFunction(() => /invalid_prediction_csv/.test(document.querySelector('[data-testid="validation-document"]')?.textContent ?? ""));
  await page.waitForSelector("#status.ready");
  const mine = await text('[data-testid="validation-document"]');
  await page.click("#share");
  await page.waitForFunction(() => document.querySelector("#share-url").value.includes("#share="));
  const link = await page.inputValue("#share-url");
  assert.match(await text('[data-testid="share-note"]'), /the gold is left out/);
  // The fragment holds the config and the prediction's bytes and nothing of the gold.
  const payload = inflateRawSync(Buffer.from(link.split("#share=")[1], "base64url"));
  const headerLength = payload.readUInt32LE(0);
  const header = JSON.parse(payload.subarray(4, 4 + headerLength).toString());
  assert.deepEqual(Object.keys(header), ["v", "prediction", "config"]);
  assert.equal(header.prediction.name, "prediction.csv");
  assert.ok(payload.subarray(4 + headerLength).equals(Buffer.concat([latin1, Buffer.from(CONFIG)])));
  assert.doesNotMatch(payload.toString("latin1"), /SecretGoldRegion/);
  await shot("41-share-link");

  const other = await openPage();
  try {
    await other.goto("about:blank");
    await other.goto(link);
    await other.waitForSelector("#status.ready");
    await other.waitForSelector('[data-testid="validation-document"]');
    assert.equal(await other.locator('[data-testid="gold-info"]').innerText(), "none");
    assert.match(await other.locator('[data-testid="prediction-info"]').innerText(), /^prediction\.csv · 42 bytes$/);
    assert.match(await other.locator('[data-testid="config-info"]').innerText(), /^task_12\.json/);
    assert.equal(await other.locator('[data-testid="validation-document"]').innerText(), mine);
    assert.match(await other.locator('[data-testid="share-note"]').innerText(), /Opened from a share link/);
    // A link cut short says so and loads nothing.
    await other.goto(`${link.slice(0, link.indexOf("#share=") + 20)}`);
    await other.reload();
    await other.waitForSelector("#status.ready");
    await other.waitForFunction(() => /damaged/.test(document.querySelector('[data-testid="share-note"]').textContent));
  } finally {
    await other.close();
    await env.page.bringToFront();
  }
});

test("Stop ends a long run at once; the page then works as before", async () => {
  const page = env.page;
  const slow = join(env.work, "stop-suite");
  worstCaseSuite(slow, 6);
  await tab("suite");
  assert.equal(await page.locator("#stop").isHidden(), true);
  await page.setInputFiles("#suite-folder", slow);
  await page.waitForSelector("#stop:not([hidden])");
  await page.waitForFunction(() => /tasks scored \(task_\d+\) · stop-suite/.test(document.querySelector("#suite-progress-text").textContent));
  await page.click("#stop");
  await page.waitForSelector('#suite-output [data-testid="stopped"]');
  assert.match(await text('[data-testid="suite-progress-text"]'), /^stopped at [1-5] \/ 6 tasks · stop-suite$/);
  assert.equal(await page.locator("#stop").isHidden(), true);
  // Focus stays on a control after Stop (the open tab's button), never on <body>.
  const focused = () => page.evaluate(() => (document.activeElement === document.body ? "body" : document.activeElement?.id || document.activeElement?.tagName));
  assert.equal(await focused(), "tabbtn-suite");
  await shot("42-stopped");
  // A fresh scorer answers right away; focus stays on the example button that ran it.
  await rerendered("suite", () => page.click("#suite-example"));
  assert.match(await text('[data-testid="suite-summary"] h1'), /tasks passed$/);
  assert.equal(await focused(), "suite-example");
  // A run started from a chosen folder (focus nowhere) ends with focus on its result.
  await page.evaluate(() => document.activeElement?.blur());
  await rerendered("suite", () => page.setInputFiles("#suite-folder", slow));
  assert.notEqual(await focused(), "body");
  assert.equal(await page.evaluate(() => document.activeElement.closest("#suite-output") !== null), true);
});

test("a large prediction shows its reading progress, then the check", async () => {
  const page = env.page;
  await clearInputs();
  await choose("config", file("big/task_12.json", CONFIG));
  await page.evaluate(() => {
    window.__progress = [];
    new MutationObserver(() => window.__progress.push(document.querySelector("#work-text").textContent)).observe(document.querySelector("#work-text"), { childList: true, characterData: true, subtree: true });
  });
  const big = `region,gdp,reported\n${"North,1.3,2024-01-31\n".repeat(700_000)}`;
  await choose("prediction", file("big/prediction.csv", big));
  await page.waitForFunction(() => /csv_too_many_rows/.test(document.querySelector('[data-testid="validation-document"]')?.textContent ?? ""));
  await page.waitForSelector("#status.ready");
  const progress = await page.evaluate(() => window.__progress);
  // 14,700,020 bytes: MB here are 2^20 bytes, as the page shows them.
  assert.ok(progress.includes("reading the prediction: 14.0 MB of 14.0 MB"), progress.join(" | "));
  assert.ok(progress.includes("checking the prediction (14.0 MB)…"), progress.join(" | "));
  assert.equal(await page.locator("#work-progress").isHidden(), true);
  assert.match(await text('[data-testid="validation-document"]'), /too_many_rows|more than 100,000|invalid_prediction_csv/);
});

test("no console errors, no page errors, no request beyond the local server", () => {
  assert.deepEqual(env.problems, []);
});
