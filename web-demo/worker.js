// The page's Web Worker: every computation runs here, off the main thread, so the page stays
// responsive on the largest inputs. Messages: {id, op, view, args} in; {id, ok, value | error}
// and {id, progress} out. A new run of a view supersedes the one before: the older run stops at
// its next task and answers with the code "superseded", so results always belong to the
// latest files of that view. The score module loads first (the page is ready with it); the
// explain, submission and trust modules load right after it, and an operation waits for its own.
import init, * as tabeq from "./pkg/tabeq.js";
import initTrust, * as trustModule from "./pkg/tabeq_trust.js";
import { readZip } from "./zip.js";

// The single-file page (make-standalone.mjs, for file://) sends the WebAssembly (base64) in its
// first message: a worker's data: URL cannot hold it (Chromium limits URLs to 2 MB). Served
// normally, the worker fetches pkg/*.wasm next to it.
const STANDALONE = false; // make-standalone.mjs sets this to true
let receiveEmbedded = null;
const embedded = STANDALONE ? new Promise((resolve) => (receiveEmbedded = resolve)) : Promise.resolve(null);
function wasmSource(wasm, name) {
  if (!wasm) return new URL(`./pkg/${name}_bg.wasm`, import.meta.url);
  return Uint8Array.from(atob(wasm[name]), (c) => c.charCodeAt(0));
}

const ready = embedded.then((wasm) => init({ module_or_path: wasmSource(wasm, "tabeq"), load: [] }));
const afterScore = (load) => Promise.all([embedded, ready]).then(([wasm]) => load(wasm));
/** The modules loaded after the score module, by name. */
const modules = {
  explain: afterScore((wasm) => tabeq.loadModule("explain", wasmSource(wasm, "tabeq_explain"))),
  submission: afterScore((wasm) => tabeq.loadModule("submission", wasmSource(wasm, "tabeq_submission"))),
  trust: afterScore((wasm) => initTrust({ module_or_path: wasmSource(wasm, "tabeq_trust") })),
};
/** The module each operation needs besides the score module. */
const NEEDS = { check: "explain", explain: "explain", suite: "submission", trust: "trust" };

/** The latest run id of each view; an older run of the view is superseded. */
const latest = new Map();

class Superseded extends Error {
  constructor() {
    super("a newer run of this view replaced this one");
    this.code = "superseded";
  }
}

/** Throw when a newer run of the same view started; yields first so that its message can arrive. */
async function stillCurrent(run) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (latest.get(run.view) !== run.id) throw new Superseded();
}

/** A file argument from the page: text, or a File/Blob read as bytes; null stays null. */
async function bytesOf(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Blob) return new Uint8Array(await value.arrayBuffer());
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return value;
}

const decoder = new TextDecoder();
function textOf(value) {
  return typeof value === "string" ? value : decoder.decode(value);
}

/** Only a name like task_7.json is a config file name to check against the task id. */
function configOptions(name) {
  return typeof name === "string" && /^task_.+\.json$/.test(name) ? { configFileName: name } : null;
}

/** What a byte file that did not read as UTF-8 appears to be (the core recognizes it). */
function foreignFile(bytes) {
  return bytes instanceof Uint8Array ? tabeq.sniffFile(bytes.subarray(0, 16)) : null;
}

/**
 * The config's keys that the official evaluator ignores (so tabeq ignores them too, but a typo
 * there silently changes the result): [] when the config does not read (the check reports that).
 */
function configWarnings(config) {
  try {
    return tabeq.configWarnings(config);
  } catch {
    return [];
  }
}

/**
 * The official verdict as the core's documents show it: the record (title, verdict, error,
 * counts) and the column mapping (gold names, rules, prediction headers) of the diagnosis.
 */
function verdict(p, g, c, options) {
  const document = tabeq.explainDocument(p, g, c, options);
  document.sections = document.sections.filter((section) => section.id === "mapping");
  return { passed: tabeq.evaluate(p, g, c, options).passed, html: tabeq.renderDocument(document, "html") };
}

/** The check: the gold-less validation, and the official verdict when a gold is given. */
async function check({ prediction, config, gold, configName }) {
  const [p, c, g] = await Promise.all([bytesOf(prediction), bytesOf(config), bytesOf(gold)]);
  const options = configOptions(configName);
  const validation = tabeq.validatePrediction(p, c, options);
  const html = tabeq.renderDocument(tabeq.validationDocument(p, c, options), "html");
  const foreign = validation.csv_error?.code === "csv_invalid_utf8" ? foreignFile(p) : null;
  return { validation, verdict: g === null ? null : verdict(p, g, c, options), foreign, html, warnings: configWarnings(c) };
}

/** One cell under a gold column's rule: its canonical value, or the reason it does not read. */
function canonical(raw, column) {
  try {
    return { raw, value: tabeq.canonicalize(raw, column) };
  } catch (error) {
    return { raw, error: error.code ?? String(error) };
  }
}

/** The tables of the last explained task, kept so that the page can ask for more rows. */
let explained = null;

/**
 * The diagnosis, plus the first page of both files' rows under the diagnosis's mapping with their
 * canonical values, so the page can show them side by side.
 */
async function explain({ prediction, config, gold, configName, pageSize = 50 }) {
  const [p, c, g] = await Promise.all([bytesOf(prediction), bytesOf(config), bytesOf(gold)]);
  const options = { ...configOptions(configName), maxItems: 200, maxValueChars: 80 };
  const diagnosis = tabeq.explain(p, g, c, options);
  const document = tabeq.explainDocument(p, g, c, options);
  const html = tabeq.renderDocument(document, "html");
  const markdown = tabeq.renderDocument(document, "markdown");
  const columns = JSON.parse(textOf(c)).columns;
  const goldTable = tabeq.readTable(g, { maxRows: 100_000 });
  let predictionTable = null;
  try {
    predictionTable = p === null ? null : tabeq.readTable(p, { maxRows: 100_000 });
  } catch {
    predictionTable = null; // the diagnosis reports the CSV problem
  }
  const mapping = diagnosis.mapping?.pairs.map((pair) => pair.prediction_index) ?? columns.map(() => null);
  explained = { columns, goldTable, predictionTable, mapping };
  return {
    diagnosis,
    html,
    markdown,
    warnings: configWarnings(c),
    view: {
      columns: columns.map((column, j) => ({
        gold_name: column.gold_name,
        prediction_index: mapping[j],
        prediction_header: mapping[j] === null ? null : (predictionTable?.headers[mapping[j]] ?? null),
      })),
      gold_row_count: goldTable.row_count,
      prediction_row_count: predictionTable?.row_count ?? 0,
      ...rowsPage({ offset: 0, limit: pageSize }),
    },
  };
}

/** Rows offset+1 … offset+limit of the last explained task, canonical values included. */
function rowsPage({ offset, limit }) {
  if (!explained) return { offset, gold_rows: [], prediction_rows: [] };
  const { columns, goldTable, predictionTable, mapping } = explained;
  const goldRows = goldTable.rows.slice(offset, offset + limit).map((row) => row.map((raw, j) => canonical(raw, columns[j])));
  const predictionRows = (predictionTable?.rows ?? [])
    .slice(offset, offset + limit)
    .map((row) => mapping.map((k, j) => (k === null || k >= row.length ? null : canonical(row[k], columns[j]))));
  return { offset, gold_rows: goldRows, prediction_rows: predictionRows };
}

/**
 * A chosen folder or .zip as [{path, file}], paths relative to the suite root (the folder holding
 * configs/). A zip is read here, in the page: stored and deflated entries.
 */
async function folderOf(files) {
  let out = files;
  if (files.length === 1 && /\.zip$/i.test(files[0].path)) {
    out = await readZip(await bytesOf(files[0].file));
  }
  out = out.filter((f) => !f.path.startsWith("__MACOSX/") && !f.path.split("/").some((part) => part === ".DS_Store"));
  // A zip of the folder itself (or a folder holding one suite folder): strip that one level.
  if (!out.some((f) => f.path.startsWith("configs/"))) {
    const tops = new Set(out.map((f) => f.path.split("/")[0]));
    if (tops.size === 1) {
      const [top] = tops;
      const stripped = out.map((f) => ({ path: f.path.slice(top.length + 1), file: f.file }));
      if (stripped.some((f) => f.path.startsWith("configs/"))) out = stripped;
    }
  }
  return out;
}

/**
 * A suite in the official layout: configs/task_N.json, predictions/task_N/prediction.csv and,
 * when present, gold/task_N/gold.csv. With gold it is scored (the official summary); without
 * gold it is checked task by task (the submission check).
 */
async function suite(folder, progress, run) {
  const byPath = new Map(folder.map((f) => [f.path, f.file]));
  const configFiles = [];
  const predictionDirs = new Set();
  let hasGold = false;
  for (const { path, file } of folder) {
    const parts = path.split("/");
    if (parts.length === 2 && parts[0] === "configs") configFiles.push({ name: parts[1], content: await bytesOf(file) });
    if (parts.length >= 3 && parts[0] === "predictions") predictionDirs.add(parts[1]);
    if (parts.length >= 2 && parts[0] === "gold") hasGold = true;
  }
  const mode = hasGold ? "score" : "check";
  const runner = hasGold ? new tabeq.SuiteRun(configFiles, [...predictionDirs]) : new tabeq.SubmissionRun(configFiles, [...predictionDirs]);
  try {
    const ids = runner.taskIds;
    let lastPost = 0;
    for (const [i, id] of ids.entries()) {
      if (i % 16 === 0) await stillCurrent(run);
      const prediction = await bytesOf(byPath.get(`predictions/${id}/prediction.csv`) ?? null);
      let result;
      if (hasGold) {
        result = runner.scoreTask(id, prediction, await bytesOf(byPath.get(`gold/${id}/gold.csv`) ?? null));
      } else {
        result = runner.checkTask(id, prediction);
      }
      const now = Date.now();
      if (now - lastPost > 50 || i === ids.length - 1) {
        progress({ done: i + 1, total: ids.length, task_id: id, mode });
        lastPost = now;
      }
    }
    await stillCurrent(run);
    const paths = [...byPath.keys()];
    // Each task's ignored config keys, prefixed with the task id (one note for the suite).
    const configByName = new Map(configFiles.map((f) => [f.name, f.content]));
    const warnings = ids.flatMap((id) => configWarnings(configByName.get(`${id}.json`)).map((w) => ({ ...w, message: `${id}: ${w.message}` })));
    if (hasGold) return { mode, paths, warnings, summary: runner.summary(), summaryJson: runner.summaryJson(), html: runner.render("html") };
    return {
      mode,
      paths,
      warnings,
      report: runner.report(),
      html: runner.render("html"),
      markdown: runner.render("markdown"),
      csv: runner.render("csv"),
    };
  } finally {
    runner.free();
  }
}

/** One task's files from the last suite folder (for "explain" on a suite row). */
let lastFolder = null;
async function suiteWithFolder(args, progress, run) {
  const folder = await folderOf(args.files);
  lastFolder = new Map(folder.map((f) => [f.path, f.file]));
  return suite(folder, progress, run);
}

function taskFiles({ taskId }) {
  const get = (path) => lastFolder?.get(path) ?? null;
  return {
    config: get(`configs/${taskId}.json`),
    gold: get(`gold/${taskId}/gold.csv`),
    prediction: get(`predictions/${taskId}/prediction.csv`),
  };
}

/** Trust metrics from JSON-lines records as the core's document (tables and SVG charts). */
async function trustReport({ records, kind, by }) {
  const text = textOf(await bytesOf(records));
  const document = trustModule.trustDocument(kind, text, { by });
  return { html: trustModule.renderDocument(document, "html"), markdown: trustModule.renderDocument(document, "markdown") };
}

const OPS = {
  version: async () => tabeq.version(),
  check,
  explain,
  rows: async (args) => rowsPage(args),
  suite: suiteWithFolder,
  taskFiles: async (args) => taskFiles(args),
  trust: trustReport,
};

self.onmessage = async (event) => {
  const { id, op, view, args } = event.data;
  if (op === "embeddedWasm") {
    receiveEmbedded?.(args);
    return;
  }
  const run = { id, view: view ?? op };
  latest.set(run.view, id);
  try {
    await ready;
    if (NEEDS[op]) await modules[NEEDS[op]];
    const value = await OPS[op](args ?? {}, (progress) => self.postMessage({ id, progress }), run);
    self.postMessage({ id, ok: true, value });
  } catch (error) {
    self.postMessage({
      id,
      ok: false,
      error: {
        code: error?.code ?? "internal_error",
        stage: error?.stage ?? null,
        taskId: error?.taskId ?? null,
        line: error?.line ?? null,
        message: error?.message ?? String(error),
      },
    });
  }
};
