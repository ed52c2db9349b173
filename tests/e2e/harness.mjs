// Shared setup of the browser end-to-end tests: a local server for web-demo/, Debian's Chromium
// driven by playwright-core, a scratch folder, screenshots in test-output/e2e/, and a record of
// console errors, page errors and requests that leave the local server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

import { fixtureConfig } from "../fixtures/fixtures.mjs";
import { startServer } from "./server.mjs";

export const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
export const SHOTS = join(ROOT, "test-output", "e2e");
export const LAPTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The session every test of a file shares: `env.page`, `env.browser`, `env.baseUrl`, `env.work`. */
export const env = { problems: [] };

/** Open the page in a new tab of the shared browser, recording problems; waits until it is ready. */
export async function openPage(viewport = LAPTOP) {
  const page = await env.browser.newPage({ viewport, acceptDownloads: true });
  page.setDefaultTimeout(30_000);
  page.on("console", (message) => {
    if (message.type() === "error") env.problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => env.problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(env.baseUrl) && !url.startsWith("blob:") && !url.startsWith("data:")) env.problems.push(`network: ${url}`);
  });
  await page.goto(env.baseUrl);
  await page.waitForSelector("#status.ready");
  return page;
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  env.work = mkdtempSync(join(tmpdir(), "tabeq-e2e-"));
  ({ server: env.server, url: env.baseUrl } = await startServer(join(ROOT, "web-demo"), 0));
  env.browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  env.page = await openPage();
});

after(async () => {
  await env.browser?.close();
  env.server?.closeAllConnections();
  env.server?.close();
  if (env.work) rmSync(env.work, { recursive: true, force: true });
});

/** Write a file under the scratch folder (parents created) and return its path. */
export function file(name, content) {
  const path = join(env.work, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, content);
  return path;
}

export async function shot(name, page = env.page) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

export const text = (selector, page = env.page) => page.locator(selector).innerText();

export async function tab(name, page = env.page) {
  await page.click(`.tabs [data-tab="${name}"]`);
  await page.waitForSelector(`#tab-${name}:not([hidden])`);
}

export async function clearInputs(page = env.page) {
  await tab("check", page);
  await page.click("#clear-inputs");
}

export async function choose(kind, path, page = env.page) {
  await page.setInputFiles(`.file-card[data-input="${kind}"] input[type=file]`, path);
  await page.waitForFunction((k) => document.querySelector(`[data-testid="${k}-info"]`).textContent !== "none", kind);
}

/** Wait until the page is idle (no scorer work running) and `selector` shows. */
export async function settled(selector, page = env.page) {
  await page.waitForSelector(selector);
  await page.waitForSelector("#status.ready");
}

/** Run `action` and wait until the output `which` (check, explain, suite) is rendered again. */
export async function rerendered(which, action, page = env.page) {
  const selector = `#${which}-output`;
  const before = await page.locator(selector).getAttribute("data-done");
  await action();
  await page.waitForFunction(
    ([sel, old]) => {
      const done = document.querySelector(sel).dataset.done;
      return done !== undefined && done !== old && document.querySelector("#status").classList.contains("ready");
    },
    [selector, before],
    { timeout: 180_000 },
  );
}

/** Horizontal overflow of the page in CSS pixels (0 when nothing is wider than the window). */
export const overflow = (page = env.page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Serious and critical axe-core violations of the page as it is now (axe from node_modules). */
export async function axeViolations(page = env.page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: join(ROOT, "node_modules", "axe-core", "axe.min.js") });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(" | ")}`);
}

/** A suite folder with `tasks` copies of a 12,962 × 6 worst case (every column permutation type-checks). */
export function worstCaseSuite(dir, tasks) {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const rows = Array.from({ length: 12962 }, () => Array.from({ length: 6 }, () => (next() * 1e6).toFixed(2)));
  const columns = Array.from({ length: 6 }, (_, i) => ({ gold_index: i, gold_name: `c${i}`, type: "number", comparison: { mode: "decimal_places", digits: 2 } }));
  const gold = `${columns.map((c) => c.gold_name).join(",")}\n${rows.map((r) => r.join(",")).join("\n")}\n`;
  const reversed = rows.map((r) => [...r].reverse());
  const prediction = `p0,p1,p2,p3,p4,p5\n${reversed.map((r) => r.join(",")).join("\n")}\n`;
  for (let t = 1; t <= tasks; t++) {
    const id = `task_${t}`;
    mkdirSync(join(dir, "configs"), { recursive: true });
    writeFileSync(join(dir, "configs", `${id}.json`), JSON.stringify({ schema_version: "1.0", task_id: id, order_sensitive: false, columns }));
    mkdirSync(join(dir, "gold", id), { recursive: true });
    writeFileSync(join(dir, "gold", id, "gold.csv"), gold);
    mkdirSync(join(dir, "predictions", id), { recursive: true });
    writeFileSync(join(dir, "predictions", id, "prediction.csv"), t % 2 ? prediction : prediction.replace(/\n[^\n]*\n$/, "\n0.01,0.01,0.01,0.01,0.01,0.01\n"));
  }
}

export const CONFIG = JSON.stringify(fixtureConfig("region_gdp_reported"));
export const GOLD = "region,gdp,reported\nNorth,1.3,2024-01-31\nSouth,2.5,2024-02-29\nEast,10.0,2024-03-31\n";
