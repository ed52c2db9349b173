// The page's Web Worker: every computation runs here, off the main thread, so the page stays
// responsive on the largest inputs. Messages: {id, op, view, args} in; {id, ok, value | error}
// and {id, progress} out. A new run of a view supersedes the one before: the older run stops at
// its next task and answers with the code "superseded", so results always belong to the
// latest files of that view. The score module loads first (the page is ready with it); the
// explain, submission and trust modules load right after it, and an operation waits for its own;
// the Spider 2.0 module loads at its first use.
import init, * as tabeq from "./pkg/tabeq.js";
import initTrust, * as trustModule from "./pkg/tabeq_trust.js";
import initSpider2, * as spider2Module from "./pkg/tabeq_spider2.js";
import initKddcup, * as kddcupModule from "./pkg/tabeq_kddcup.js";
import { kddcupRun } from "./kddcup-worker.js";
import { inflateBounded, readZip, writeZip } from "./zip.js";

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
/** The modules loaded when an operation first needs them. */
const ON_DEMAND = {
  spider2: () => afterScore((wasm) => initSpider2({ module_or_path: wasmSource(wasm, "tabeq_spider2") })),
  kddcup: () => afterScore((wasm) => initKddcup({ module_or_path: wasmSource(wasm, "tabeq_kddcup") })),
};
/** The module each operation needs besides the score module. */
const NEEDS = { check: ["explain", "submission"], explain: ["explain"], suite: ["submission"], taskCheck: ["explain", "submission"], trust: ["trust"], spider2: ["spider2"], sqlResultEq: ["spider2"], kddcup: ["kddcup"] };
/** Module `name`, loading it now if it loads on demand. */
const moduleReady = (name) => (modules[name] ??= ON_DEMAND[name]());

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

/** Files from this size on report their reading progress (smaller ones read at once). */
const PROGRESS_FROM_BYTES = 1 << 20;

/**
 * A file argument from the page: text, or a File/Blob read as bytes; null stays null. With
 * `progress`, a large file reports {phase: "read", name, loaded, total} while it is read.
 */
async function bytesOf(value, progress = null, name = "the file") {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Blob) {
    if (!progress || value.size < PROGRESS_FROM_BYTES) return new Uint8Array(await value.arrayBuffer());
    const out = new Uint8Array(value.size);
    let loaded = 0;
    let lastPost = 0;
    for await (const chunk of value.stream()) {
      out.set(chunk.subarray(0, out.length - loaded), loaded);
      loaded += chunk.length;
      const now = Date.now();
      if (now - lastPost > 50) {
        progress({ phase: "read", name, loaded: Math.min(loaded, out.length), total: out.length });
        lastPost = now;
      }
    }
    progress({ phase: "read", name, loaded: out.length, total: out.length });
    return out;
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return value;
}

/** Tell the page that the core now reads a large file (one pass, no finer progress). */
function checking(bytes, progress, name) {
  if (progress && bytes instanceof Uint8Array && bytes.length >= PROGRESS_FROM_BYTES) progress({ phase: "check", name, total: bytes.length });
}

const decoder = new TextDecoder();
function textOf(value) {
  return typeof value === "string" ? value : decoder.decode(value);
}

/** Only a name like task_7.json is a config file name to check against the task id. */
function configOptions(name) {
  return typeof name === "string" && /^task_.+\.json$/.test(name) ? { configFileName: name } : null;
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

/**
 * One task's check, the same core function and words as each task of the Submission check
 * (checkTask: line and column, encoding hints, header-only and JSON-as-CSV files, with a config
 * its column rules), and the official verdict when a gold and a config are given.
 */
function taskCheck(p, c, { configName = null, fileName = null, taskId = null } = {}) {
  const options = { ...configOptions(configName), fileName, taskId };
  return { task: tabeq.checkTask(p, c, options), html: tabeq.renderTaskCheck(p, c, options, "html") };
}

async function check({ prediction, config, gold, configName, predictionName }, progress) {
  const [p, c, g] = await Promise.all([bytesOf(prediction, progress, "the prediction"), bytesOf(config), bytesOf(gold, progress, "the gold")]);
  checking(p, progress, "the prediction");
  const { task, html } = taskCheck(p, c, { configName, fileName: predictionName });
  const verdictOf = g === null || c === null ? null : verdict(p, g, c, configOptions(configName));
  return { task, verdict: verdictOf, html, warnings: c === null ? [] : configWarnings(c) };
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
async function explain({ prediction, config, gold, configName, pageSize = 50, redaction = "participant" }, progress) {
  const [p, c, g] = await Promise.all([bytesOf(prediction, progress, "the prediction"), bytesOf(config), bytesOf(gold, progress, "the gold")]);
  checking(p, progress, "the prediction");
  // The core's disclosure level: "participant" (nothing derived from gold values) unless the
  // page's control asks for the full diagnosis.
  const options = { ...configOptions(configName), maxItems: 200, maxValueChars: 80, redaction };
  const diagnosis = tabeq.explain(p, g, c, options);
  const document = tabeq.explainDocument(p, g, c, options);
  const html = tabeq.renderDocument(document, "html");
  const markdown = tabeq.renderDocument(document, "markdown");
  const columns = JSON.parse(textOf(c)).columns;
  // The rows a table may show: the core's page limit.
  const maxRows = tabeq.pageLimits().table_rows;
  const goldTable = tabeq.readTable(g, { maxRows });
  let predictionTable = null;
  try {
    predictionTable = p === null ? null : tabeq.readTable(p, { maxRows });
  } catch {
    predictionTable = null; // the diagnosis reports the CSV problem
  }
  const mapping = diagnosis.mapping?.pairs.map((pair) => pair.prediction_index) ?? columns.map(() => null);
  // Participant-safe: no gold rows side by side (they are the gold's values).
  explained = { columns, goldTable: redaction === "full" ? goldTable : { ...goldTable, rows: [] }, predictionTable, mapping };
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

/** Top folders that name a part of the official layout (never stripped as a wrapper). */
const LAYOUT_FOLDERS = new Set(["configs", "predictions", "gold"]);

/**
 * A chosen folder or .zip as [{path, file}], paths relative to the suite root (the folder holding
 * configs/) or to the predictions folder. A zip is read here, in the page: stored and deflated entries.
 */
async function folderOf(files, progress) {
  let out = files;
  let zipProblems = [];
  if (files.length === 1 && /\.zip$/i.test(files[0].path)) {
    // The core's limits on what the page inflates (per member and in all); the bar moves per member.
    const unzipped = (done, total, path) => progress({ done, total, task_id: path, mode: "unzip" });
    const entries = await readZip(await bytesOf(files[0].file), tabeq.pageLimits(), unzipped, tabeq.message);
    zipProblems = entries.filter((e) => e.problem).map((e) => ({ path: e.path, ...e.problem }));
    out = entries.filter((e) => e.file !== null);
  }
  out = out.filter((f) => !f.path.startsWith("__MACOSX/") && !f.path.split("/").some((part) => part === ".DS_Store"));
  // A zip of the folder itself (or a folder holding one suite folder): strip that one level,
  // unless it is a task folder or a part of the layout.
  const tops = new Set(out.map((f) => f.path.split("/")[0]));
  if (tops.size === 1 && out.every((f) => f.path.includes("/"))) {
    const [top] = tops;
    if (!LAYOUT_FOLDERS.has(top) && !/^task_/.test(top)) out = out.map((f) => ({ path: f.path.slice(top.length + 1), file: f.file }));
  }
  out.zipProblems = zipProblems;
  return out;
}

/** Every folder of a file list as "a/", "a/b/" (the listing the core reads), then the files. */
function listing(paths) {
  const folders = new Set();
  for (const path of paths) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join("/")}/`);
  }
  return [...folders, ...paths];
}

/** A ZIP of the skeleton submission for these configs: predictions/task_N/prediction.csv with headers. */
function skeletonZip(configFiles) {
  const encoder = new TextEncoder();
  const files = tabeq.skeletonFiles(configFiles).map(([path, content]) => ({ path: `predictions/${path}`, bytes: encoder.encode(content) }));
  return writeZip(files);
}

/**
 * A predictions folder checked on its own (the core's PredictionsFolderRun): every file against
 * the released CSV contract and the layout, with the configs' rules when given, against the
 * expected tasks (the configs, else the task list, else the task folders found).
 */
async function predictionsFolder(byPath, prefix, configFiles, taskList, progress, run) {
  lastPrefix = prefix;
  const paths = [...byPath.keys()].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  // The expected tasks: a task list file, or the paths of the benchmark's input/ folder.
  const expectedOf = async () => (Array.isArray(taskList) ? tabeq.inputTaskIds(taskList) : tabeq.parseTaskList(await bytesOf(taskList)));
  const expected = configFiles === null && taskList !== null ? await expectedOf() : null;
  const runner = new tabeq.PredictionsFolderRun(listing(paths), configFiles, expected);
  try {
    const reads = runner.reads;
    let lastPost = 0;
    for (const [i, [id, path]] of reads.entries()) {
      if (i % 16 === 0) await stillCurrent(run);
      runner.check(id, await bytesOf(byPath.get(`${prefix}${path}`) ?? null, progress, path));
      const now = Date.now();
      if (now - lastPost > 50 || i === reads.length - 1) {
        progress({ done: i + 1, total: reads.length, task_id: id, mode: "folder" });
        lastPost = now;
      }
    }
    await stillCurrent(run);
    return {
      mode: "folder",
      withConfigs: configFiles !== null,
      report: runner.report(),
      json: runner.reportJson(),
      html: runner.render("html"),
      markdown: runner.render("markdown"),
      csv: runner.render("csv"),
    };
  } finally {
    runner.free();
  }
}

/**
 * A suite in the official layout (configs/task_N.json, predictions/task_N/prediction.csv and,
 * when present, gold/task_N/gold.csv), or a predictions folder alone. With gold it is scored
 * (the official summary); without, the predictions folder is checked.
 */
async function suite(folder, taskList, progress, run) {
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
  const hasConfigs = folder.some((f) => f.path.startsWith("configs/"));
  const skeleton = configFiles.length ? skeletonZip(configFiles) : null;
  // Each task's ignored config keys, prefixed with the task id (one note for the suite).
  const taskNumber = (f) => Number(f.name.match(/^task_(\d+)\.json$/)?.[1] ?? Number.MAX_SAFE_INTEGER);
  const warnings = [...configFiles]
    .sort((a, b) => taskNumber(a) - taskNumber(b))
    .flatMap((f) => {
      const task = f.name.replace(/\.json$/, "");
      return configWarnings(f.content).map((w) => ({ ...w, message: tabeq.message("in_context", { what: task, detail: w.message }) }));
    });
  if (!hasGold) {
    // Without configs/, the folder is the predictions folder (or holds it as predictions/).
    const prefix = hasConfigs || folder.every((f) => f.path.startsWith("predictions/")) ? "predictions/" : "";
    const result = await predictionsFolder(byPath, prefix, hasConfigs ? configFiles : null, taskList, progress, run);
    return { ...result, warnings, skeleton };
  }
  const mode = "score";
  const runner = new tabeq.SuiteRun(configFiles, [...predictionDirs]);
  try {
    const ids = runner.taskIds;
    let lastPost = 0;
    for (const [i, id] of ids.entries()) {
      if (i % 16 === 0) await stillCurrent(run);
      const prediction = await bytesOf(byPath.get(`predictions/${id}/prediction.csv`) ?? null, progress, `${id}/prediction.csv`);
      runner.scoreTask(id, prediction, await bytesOf(byPath.get(`gold/${id}/gold.csv`) ?? null));
      const now = Date.now();
      if (now - lastPost > 50 || i === ids.length - 1) {
        progress({ done: i + 1, total: ids.length, task_id: id, mode });
        lastPost = now;
      }
    }
    await stillCurrent(run);
    return { mode, warnings, skeleton, summary: runner.summary(), summaryJson: runner.summaryJson(), html: runner.render("html") };
  } finally {
    runner.free();
  }
}

/** One task's files from the last suite folder (for "explain" on a suite row). */
let lastFolder = null;
/** Where the last predictions folder's task folders are in it ("" or "predictions/"). */
let lastPrefix = "predictions/";
async function suiteWithFolder(args, progress, run) {
  lastPrefix = "predictions/";
  const folder = await folderOf(args.files, progress);
  lastFolder = new Map(folder.map((f) => [f.path, f.file]));
  const result = await suite(folder, args.taskList ?? null, progress, run);
  return { ...result, zipProblems: folder.zipProblems };
}

function taskFiles({ taskId, file = null }) {
  const get = (path) => lastFolder?.get(path) ?? null;
  return {
    config: get(`configs/${taskId}.json`),
    gold: get(`gold/${taskId}/gold.csv`),
    prediction: get(`${lastPrefix}${file ?? `${taskId}/prediction.csv`}`),
  };
}

/** A task row's detail: its file checked on its own, as the Check tab shows a task. */
async function suiteTaskCheck({ taskId, file }) {
  const files = taskFiles({ taskId, file });
  const [p, c] = await Promise.all([bytesOf(files.prediction), bytesOf(files.config)]);
  return taskCheck(p, c, { configName: c === null ? null : `${taskId}.json`, fileName: file ?? `${taskId}/prediction.csv`, taskId });
}

/** Trust metrics from JSON-lines records as the core's document (tables and SVG charts). */
async function trustReport({ records, kind, by }) {
  const text = textOf(await bytesOf(records));
  const document = trustModule.trustDocument(kind, text, { by });
  return { html: trustModule.renderDocument(document, "html"), markdown: trustModule.renderDocument(document, "markdown") };
}

/**
 * A Spider 2.0 result CSV against one gold CSV (the official single-gold comparison) or several
 * (the multi-gold one: any gold may pass), with the core's explanation and soundness warnings.
 */
async function spider2({ result, golds, conditionCols, ignoreOrder, variant }) {
  const prediction = await bytesOf(result);
  const goldBytes = await Promise.all(golds.map((gold) => bytesOf(gold)));
  const options = { conditionCols: conditionCols.trim() === "" ? null : conditionCols, ignoreOrder, variant, explain: "html" };
  return spider2Module.spider2Compare(prediction, goldBytes.length === 1 ? goldBytes[0] : goldBytes, options);
}

/** Spider 1.0 test-suite's result_eq on two JSON result tables, with the core's reason. */
async function sqlResultEq({ result1, result2, orderMatters }) {
  return spider2Module.sqlResultEq(result1, result2, orderMatters);
}

const OPS = {
  sqlResultEq,
  version: async () => tabeq.version(),
  check,
  explain,
  rows: async (args) => rowsPage(args),
  suite: suiteWithFolder,
  taskFiles: async (args) => taskFiles(args),
  taskCheck: suiteTaskCheck,
  errorCodes: async () => tabeq.errorCodes(),
  trust: trustReport,
  spider2,
  kddcup: (args, progress, run) =>
    kddcupRun(args, {
      module: kddcupModule,
      readZip: (bytes, limits, onMember) => readZip(bytes, limits, onMember, tabeq.message),
      limits: tabeq.pageLimits(),
      progress,
      stillCurrent: () => stillCurrent(run),
    }),
  limits: async () => tabeq.pageLimits(),
  openShare,
};

/** An error with a code, for the page's own checks (share links). */
const coded = (code, message) => Object.assign(new Error(message), { code, stage: "share" });

/**
 * A share link's fragment (after "#share=") read back: {prediction, config}, each {name, bytes}
 * or null. Inflated here, off the page's thread, and never past the core's share limits.
 */
async function openShare({ fragment }) {
  const limits = tabeq.pageLimits();
  const cap = 4 + limits.share_header_bytes + limits.share_bytes;
  const damaged = () => coded("share_link_damaged", tabeq.message("share_damaged", {}));
  let packed;
  try {
    packed = Uint8Array.from(atob(fragment.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
  } catch {
    throw damaged();
  }
  let inflated;
  try {
    inflated = await inflateBounded(packed, cap);
  } catch {
    throw damaged();
  }
  const tooLarge = () => coded("share_link_too_large", tabeq.message("share_too_large", { limit: limits.share_bytes }));
  if (inflated.over) throw tooLarge();
  const bytes = inflated.bytes;
  if (bytes.length < 4) throw damaged();
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  if (length > limits.share_header_bytes || 4 + length > bytes.length) throw damaged();
  let header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  } catch {
    throw damaged();
  }
  let at = 4 + length;
  const out = { prediction: null, config: null };
  for (const kind of ["prediction", "config"]) {
    const entry = header?.[kind];
    if (!entry) continue;
    const size = Number(entry.size);
    if (!Number.isSafeInteger(size) || size < 0 || at + size > bytes.length) throw damaged();
    if (at + size - 4 - length > limits.share_bytes) throw tooLarge();
    out[kind] = { name: String(entry.name), bytes: bytes.slice(at, at + size) };
    at += size;
  }
  return out;
}

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
    await Promise.all((NEEDS[op] ?? []).map(moduleReady));
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
