// The page's Web Worker: every computation runs here, off the main thread, so the page stays
// responsive on the largest inputs. Messages: {id, op, args} in; {id, ok, value | error} and
// {id, progress} out. The trust module is loaded on first use only.
import init, * as tabeq from "./pkg/tabeq.js";

// The single-file page (make-standalone.mjs, for file://) embeds the WebAssembly as base64 here;
// served normally, the worker fetches pkg/*.wasm next to it.
const EMBEDDED = globalThis.TABEQ_EMBEDDED_WASM ?? null;
function wasmSource(name) {
  if (!EMBEDDED) return new URL(`./pkg/${name}_bg.wasm`, import.meta.url);
  return Uint8Array.from(atob(EMBEDDED[name]), (c) => c.charCodeAt(0));
}

const ready = init({ module_or_path: wasmSource("tabeq") });
let trustModule = null;

async function trust() {
  if (!trustModule) {
    const module = await import("./pkg/tabeq_trust.js");
    await module.default({ module_or_path: wasmSource("tabeq_trust") });
    trustModule = module;
  }
  return trustModule;
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

/** The check: the gold-less validation, and the official verdict when a gold is given. */
async function check({ prediction, config, gold, configName }) {
  const [p, c, g] = await Promise.all([bytesOf(prediction), bytesOf(config), bytesOf(gold)]);
  const options = configOptions(configName);
  const validation = tabeq.validatePrediction(p, c, options);
  const verdict = g === null ? null : tabeq.evaluate(p, g, c, options);
  return { validation, verdict };
}

/** One cell under a gold column's rule: its canonical value, or the reason it does not read. */
function canonical(raw, column) {
  try {
    return { raw, value: tabeq.canonicalize(raw, column) };
  } catch (error) {
    return { raw, error: error.code ?? String(error) };
  }
}

/**
 * The diagnosis, plus the first rows of both files under the diagnosis's mapping with their
 * canonical values, so the page can show them side by side.
 */
async function explain({ prediction, config, gold, configName, rows = 50 }) {
  const [p, c, g] = await Promise.all([bytesOf(prediction), bytesOf(config), bytesOf(gold)]);
  const options = { ...configOptions(configName), maxItems: rows, maxValueChars: 80 };
  const diagnosis = tabeq.explain(p, g, c, options);
  const columns = JSON.parse(textOf(c)).columns;
  const goldTable = tabeq.readTable(g, { maxRows: rows });
  let predictionTable = null;
  try {
    predictionTable = p === null ? null : tabeq.readTable(p, { maxRows: rows });
  } catch {
    predictionTable = null; // the diagnosis reports the CSV problem
  }
  const mapping = diagnosis.mapping?.pairs.map((pair) => pair.prediction_index) ?? columns.map(() => null);
  const goldRows = goldTable.rows.map((row) => row.map((raw, j) => canonical(raw, columns[j])));
  const predictionRows = (predictionTable?.rows ?? []).map((row) =>
    mapping.map((k, j) => (k === null || k >= row.length ? null : canonical(row[k], columns[j]))),
  );
  return {
    diagnosis,
    view: {
      columns: columns.map((column, j) => ({
        gold_name: column.gold_name,
        prediction_index: mapping[j],
        prediction_header: mapping[j] === null ? null : (predictionTable?.headers[mapping[j]] ?? null),
      })),
      gold_rows: goldRows,
      gold_row_count: goldTable.row_count,
      prediction_rows: predictionRows,
      prediction_row_count: predictionTable?.row_count ?? 0,
      shown: rows,
    },
  };
}

/**
 * Score a suite in the official layout from the files of a chosen folder: [{path, file}], paths
 * relative to the folder (configs/task_N.json, gold/task_N/gold.csv, predictions/task_N/prediction.csv).
 */
async function suite({ files }, progress) {
  const byPath = new Map(files.map((f) => [f.path, f.file]));
  const configFiles = [];
  const predictionDirs = new Set();
  for (const { path, file } of files) {
    const parts = path.split("/");
    if (parts.length === 2 && parts[0] === "configs") configFiles.push({ name: parts[1], content: await bytesOf(file) });
    if (parts.length >= 3 && parts[0] === "predictions") predictionDirs.add(parts[1]);
  }
  const run = new tabeq.SuiteRun(configFiles, [...predictionDirs]);
  try {
    const ids = run.taskIds;
    let lastPost = 0;
    for (const [i, id] of ids.entries()) {
      const prediction = await bytesOf(byPath.get(`predictions/${id}/prediction.csv`) ?? null);
      const gold = await bytesOf(byPath.get(`gold/${id}/gold.csv`) ?? null);
      const result = run.scoreTask(id, prediction, gold);
      const now = Date.now();
      if (now - lastPost > 50 || i === ids.length - 1) {
        progress({ done: i + 1, total: ids.length, task_id: id, passed: result.passed });
        lastPost = now;
      }
    }
    return { summary: run.summary(), summaryJson: run.summaryJson() };
  } finally {
    run.free();
  }
}

/** Trust metrics from JSON-lines records; the track is read from the first record. */
async function trustReport({ records, by, bootstrap }) {
  const text = textOf(await bytesOf(records));
  const first = text.split("\n").find((line) => line.trim() !== "") ?? "";
  let track = "reliability";
  try {
    const record = JSON.parse(first);
    if (record && typeof record === "object" && "correct" in record) track = "robustness";
  } catch {
    // the module reports the JSON error with its line
  }
  const module = await trust();
  const options = { by, bootstrap: bootstrap || null };
  const report = track === "robustness" ? module.trustRobustness(text, options) : module.trustReliability(text, options);
  // Per-operator rows for the bar chart: reliability grouped by operator, robustness ASR by operator.
  const perOperator =
    track === "reliability" ? module.trustReliability(text, { by: ["operator"] }).groups : report.overall.asr_by_operator;
  return { track, report, perOperator, operators: module.trustOperators() };
}

const OPS = {
  version: async () => tabeq.version(),
  check,
  explain,
  suite,
  trust: trustReport,
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    const value = await OPS[op](args ?? {}, (progress) => self.postMessage({ id, progress }));
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
