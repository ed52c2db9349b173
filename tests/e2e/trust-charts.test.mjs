// The trust charts (SVG built by the core) in real headless Chromium: each report's document is
// rendered to SVG and HTML by the WASM module, loaded into a page, measured (the bars, points
// and heatmap cells are laid out with non-zero size inside the picture) and screenshotted to
// test-output/e2e/trust-*.png.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const SHOTS = join(ROOT, "test-output", "e2e");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const trust = createRequire(import.meta.url)(join(ROOT, "bindings-wasm", "pkg-node", "tabeq_trust.js"));
const example = (name) => readFileSync(join(ROOT, "examples", "trust", name), "utf8");

let browser;
let page;
const problems = [];

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  page = await browser.newPage({ viewport: { width: 700, height: 900 } });
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
});

after(async () => {
  await browser?.close();
});

/** Load an SVG document as the page and measure what was drawn. */
async function drawn(svg) {
  await page.setContent(`<!doctype html><body style="margin:0;background:#fff">${svg}</body>`);
  return page.evaluate(() => {
    const root = document.querySelector("svg");
    const box = root.getBoundingClientRect();
    const inside = (el) => {
      const b = el.getBoundingClientRect();
      return b.width > 0 && b.height >= 0 && b.left >= box.left - 1 && b.right <= box.right + 1;
    };
    const marks = [...root.querySelectorAll("rect[fill]:not([width='100%']), circle, polyline")];
    return {
      width: box.width,
      height: box.height,
      marks: marks.length,
      visible: marks.filter(inside).length,
      titles: [...root.querySelectorAll("svg > svg > text[font-weight='600'], svg > text[font-weight='600']")].map(
        (t) => t.textContent,
      ),
      labels: [...root.querySelectorAll("text")].map((t) => t.textContent),
    };
  });
}

test("robustness charts: per-operator bars and spread, level curves, model x dataset heatmap", async () => {
  const doc = trust.trustDocument("robustness", example("paper-robustness.jsonl"), { by: "model,dataset" });
  const svg = trust.renderDocument(doc, "svg");
  const seen = await drawn(svg);
  assert.deepEqual(seen.titles, [
    "ASR by operator",
    "ASR by operator across models",
    "ASR by level",
    "ASR by model and dataset",
  ]);
  assert.ok(seen.width >= 600 && seen.height > 800, `${seen.width}x${seen.height}`);
  assert.ok(seen.marks > 100, `${seen.marks} marks`);
  assert.equal(seen.visible, seen.marks, "every bar, point and cell is inside the picture");
  for (const label of ["ROS", "NRI", "L0", "L3", "GPT-5.5", "DABench"]) assert.ok(seen.labels.includes(label), label);
  await page.screenshot({ path: join(SHOTS, "trust-robustness-charts.png"), fullPage: true });
  assert.deepEqual(problems, []);
});

test("reliability charts: MRS heatmap and per-operator bars", async () => {
  const heat = trust.renderDocument(
    trust.trustDocument("reliability", example("paper-reliability.jsonl"), { by: ["model", "dataset"] }),
    "svg",
  );
  const seen = await drawn(heat);
  assert.deepEqual(seen.titles, ["MRS by model and dataset", "Response modes by model"]);
  assert.ok(seen.labels.includes("23.22%") && seen.labels.includes("25.19%"), "GPT-5.5's MRS is written in its cells");
  assert.equal(seen.visible, seen.marks);
  await page.screenshot({ path: join(SHOTS, "trust-reliability-heatmap.png"), fullPage: true });
  const bars = trust.renderDocument(
    trust.trustDocument("reliability", example("paper-reliability.jsonl"), { by: "model,operator" }),
    "svg",
  );
  const barsSeen = await drawn(bars);
  assert.deepEqual(barsSeen.titles, [
    "Response modes by model",
    "MRS by operator",
    "MRS by operator across models",
    "Response modes by operator (all groups pooled)",
  ]);
  // Counted marks are rects, circles and polylines: of the eight models' markers, three are
  // circles or squares (series 0 and 7 circles, 1 a square; the others polygons and paths).
  // Modes by model: three shares per model, three swatches. Bars: one per model and operator, the
  // three models' markers on their bars and in the legend. Spread: a range per operator, the three
  // models' markers per operator and in the legend. Modes by operator: three shares per operator,
  // three swatches.
  assert.equal(barsSeen.marks, (3 * 8 + 3) + (8 * 7 + 3 * 7 + 3) + (7 + 3 * 7 + 3) + (3 * 7 + 3));
  assert.equal(barsSeen.visible, barsSeen.marks);
  await page.screenshot({ path: join(SHOTS, "trust-reliability-operators.png"), fullPage: true });
  assert.deepEqual(problems, []);
});

test("bootstrap intervals: an interval bar on every bar and every level point", async () => {
  const options = { by: "model,operator", bootstrap: 50 };
  const svg = trust.renderDocument(trust.trustDocument("reliability", example("paper-reliability.jsonl"), options), "svg");
  await page.setContent(`<!doctype html><body style="margin:0;background:#fff">${svg}</body>`);
  const counted = await page.evaluate(() => {
    const first = [...document.querySelectorAll("svg > svg")].find((f) => f.getAttribute("aria-label") === "MRS by operator");
    const bars = [...first.querySelectorAll("rect")].filter((r) => r.querySelector("title"));
    const intervals = [...first.querySelectorAll("g.interval")];
    const box = first.getBoundingClientRect();
    const inside = intervals.every((g) => {
      const b = g.getBoundingClientRect();
      return b.width > 0 && b.top >= box.top - 1 && b.bottom <= box.bottom + 1;
    });
    return { bars: bars.length, intervals: intervals.length, inside };
  });
  assert.deepEqual(counted, { bars: 8 * 7, intervals: 8 * 7, inside: true });
  await page.screenshot({ path: join(SHOTS, "trust-reliability-intervals.png"), fullPage: true });
  const levels = trust.renderDocument(
    trust.trustDocument("robustness", example("paper-robustness.jsonl"), { by: "model,level", bootstrap: 50 }),
    "svg",
  );
  const seen = await drawn(levels);
  assert.ok(seen.titles.includes("ASR by level"));
  await page.screenshot({ path: join(SHOTS, "trust-robustness-level-intervals.png"), fullPage: true });
  assert.deepEqual(problems, []);
});

test("the HTML document shows tables, completeness notes and the figures", async () => {
  const doc = trust.trustDocument("reliability", example("paper-reliability.jsonl"), { by: "model,dataset" });
  await page.setContent(`<!doctype html><body>${trust.renderDocument(doc, "html")}</body>`);
  const shown = await page.evaluate(() => ({
    tables: document.querySelectorAll("table").length,
    figures: document.querySelectorAll("figure svg").length,
    notes: [...document.querySelectorAll(".note-warning")].map((n) => n.textContent),
  }));
  assert.ok(shown.tables >= 2 && shown.figures === 2, JSON.stringify(shown));
  assert.match(shown.notes[0], /unequal_instance_counts/);
  await page.screenshot({ path: join(SHOTS, "trust-reliability-document.png"), fullPage: true });
  assert.deepEqual(problems, []);
});
