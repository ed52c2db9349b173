// The page: inputs, tabs and rendering. All scoring runs in worker.js (a module Web Worker).
import { exampleReliabilityRecords, exampleRobustnessRecords, exampleSuiteFiles, TASKS } from "./examples.js";

// ---------- worker calls ----------

// The single-file page (make-standalone.mjs) provides the worker as a blob URL.
const worker = new Worker(globalThis.TABEQ_WORKER_URL ?? new URL("./worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let nextId = 1;

worker.onmessage = (event) => {
  const { id, ok, value, error, progress } = event.data;
  const entry = pending.get(id);
  if (!entry) return;
  if (progress) {
    entry.onProgress?.(progress);
    return;
  }
  pending.delete(id);
  if (ok) entry.resolve(value);
  else entry.reject(Object.assign(new Error(error.message), error));
};
worker.onerror = (event) => setStatus(`the scorer failed to load: ${event.message ?? "worker error"}`, "");

function call(op, args, onProgress) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    worker.postMessage({ id, op, args });
  });
}

// ---------- DOM helpers ----------

const $ = (selector, root = document) => root.querySelector(selector);

/** Build an element: h("td", {class: "x"}, "text", child, …). Strings become text nodes. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function clip(text, max = 160) {
  const s = String(text);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function table(headers, rows, attrs = {}) {
  return h(
    "div",
    { class: "table-wrap" },
    h("table", attrs, h("thead", {}, h("tr", {}, headers.map((c) => (c instanceof Node ? c : h("th", {}, c))))), h("tbody", {}, rows)),
  );
}

const percent = (x) => (x === null || x === undefined ? "—" : `${(x * 100).toFixed(2)}`);
const plural = (n, one, many) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function setStatus(text, kind) {
  const status = $("#status");
  status.textContent = text;
  status.className = `status ${kind ?? ""}`;
}

function errorBanner(error) {
  const where = error.stage ? ` (${error.stage}${error.taskId ? `, ${error.taskId}` : ""}${error.line ? `, line ${error.line}` : ""})` : "";
  return h(
    "div",
    { class: "banner fail", "data-testid": "error-banner" },
    h("strong", {}, "Cannot score"),
    h("span", { class: "code" }, `${error.code}${where}`),
    h("span", { class: "msg" }, error.message),
  );
}

// ---------- tabs ----------

let activeTab = "check";

function showTab(name) {
  activeTab = name;
  for (const button of document.querySelectorAll(".tabs button")) {
    button.setAttribute("aria-selected", String(button.dataset.tab === name));
  }
  for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== `tab-${name}`;
  $("#inputs").hidden = !(name === "check" || name === "explain");
  if (name === "check" && stale.check) runCheck();
  if (name === "explain" && stale.explain) runExplain();
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

for (const button of document.querySelectorAll(".tabs button")) button.addEventListener("click", () => showTab(button.dataset.tab));
document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-goto]");
  if (target) {
    event.preventDefault();
    showTab(target.dataset.goto);
  }
});

// ---------- task inputs ----------

/** name, data (File or string) and size of each input; null when empty. */
const inputs = { prediction: null, config: null, gold: null };
const stale = { check: false, explain: false };

function describeInput(input) {
  if (!input) return "none";
  const size = typeof input.data === "string" ? new TextEncoder().encode(input.data).length : input.data.size;
  return `${input.name} · ${size.toLocaleString("en-US")} bytes`;
}

function setInput(kind, input, { fromPaste = false } = {}) {
  inputs[kind] = input;
  const card = $(`.file-card[data-input="${kind}"]`);
  card.classList.toggle("loaded", Boolean(input));
  $(".file-info", card).textContent = describeInput(input);
  const textarea = $(".paste", card);
  if (!fromPaste) {
    if (input && typeof input.data === "string") {
      textarea.value = input.data;
    } else {
      textarea.value = "";
      textarea.hidden = true;
    }
  }
  inputsChanged();
}

let debounce = null;
function inputsChanged() {
  stale.check = true;
  stale.explain = true;
  clearTimeout(debounce);
  debounce = setTimeout(() => {
    if (activeTab === "check") runCheck();
    if (activeTab === "explain") runExplain();
  }, 150);
}

function wireDrop(zone, onFiles) {
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    onFiles(event.dataTransfer);
  });
}

for (const card of document.querySelectorAll(".file-card")) {
  const kind = card.dataset.input;
  const fileInput = $("input[type=file]", card);
  fileInput.addEventListener("change", () => {
    const file = fileInput.files[0];
    if (file) setInput(kind, { name: file.name, data: file });
    fileInput.value = "";
  });
  wireDrop($(".drop", card), (transfer) => {
    const file = transfer.files[0];
    if (file) setInput(kind, { name: file.name, data: file });
  });
  const textarea = $(".paste", card);
  $(".paste-toggle", card).addEventListener("click", () => {
    textarea.hidden = !textarea.hidden;
    if (!textarea.hidden) textarea.focus();
  });
  textarea.addEventListener("input", () => {
    const name = kind === "config" ? "pasted config" : `pasted ${kind}`;
    setInput(kind, textarea.value === "" ? null : { name, data: textarea.value }, { fromPaste: true });
  });
}

$("#clear-inputs").addEventListener("click", () => {
  for (const kind of Object.keys(inputs)) setInput(kind, null);
});

function taskArgs() {
  return {
    prediction: inputs.prediction?.data ?? null,
    config: inputs.config?.data ?? null,
    gold: inputs.gold?.data ?? null,
    configName: inputs.config?.name ?? null,
  };
}

// ---------- check ----------

let checkRun = 0;

async function runCheck() {
  stale.check = false;
  const out = $("#check-output");
  if (!inputs.config || !(inputs.prediction || inputs.gold)) {
    out.replaceChildren(
      h("p", { class: "hint" }, "Add a prediction and its config for an instant pre-submission check; add the gold for the full verdict. Or open an example from the ", h("a", { href: "#examples", "data-goto": "examples" }, "Examples"), " tab."),
    );
    out.dataset.done = String(++checkRun);
    return;
  }
  const run = ++checkRun;
  setStatus("checking…", "busy");
  try {
    const { validation, verdict } = await call("check", taskArgs());
    if (run !== checkRun) return;
    out.replaceChildren(...renderCheck(validation, verdict));
  } catch (error) {
    if (run !== checkRun) return;
    out.replaceChildren(errorBanner(error));
  }
  out.dataset.done = String(run); // lets tests wait for this run's output
  setStatus("ready", "ready");
}

function headerName(headers, k) {
  return `${k}: ${clip(headers[k] ?? "", 40)}`;
}

function renderVerdict(verdict, headers, goldNames) {
  const banner = verdict.passed
    ? h("div", { class: "banner pass", "data-testid": "verdict" }, h("strong", {}, "PASSED"), h("span", { class: "msg" }, `score 1 · ${verdict.task_id}`))
    : h(
        "div",
        { class: "banner fail", "data-testid": "verdict" },
        h("strong", {}, "FAILED"),
        h("span", { class: "code" }, verdict.error_code),
        h("span", { class: "msg" }, verdict.error),
      );
  const facts = h(
    "ul",
    { class: "facts" },
    h("li", {}, "order ", h("b", {}, verdict.order_sensitive ? "matters" : "ignored")),
    h("li", {}, "columns ", h("b", {}, `${verdict.prediction_column_count} / ${verdict.gold_column_count}`)),
    h("li", {}, "rows ", h("b", {}, `${verdict.prediction_row_count} / ${verdict.gold_row_count}`), " (prediction / gold)"),
  );
  const parts = [banner, facts];
  if (verdict.column_mapping) {
    parts.push(
      h("h3", {}, "Column mapping"),
      table(
        ["Gold column", "Prediction column"],
        verdict.column_mapping.map((pair) =>
          h("tr", {}, h("td", {}, `${pair.gold_index}: ${goldNames[pair.gold_index] ?? ""}`), h("td", {}, headerName(headers, pair.prediction_index))),
        ),
        { "data-testid": "verdict-mapping" },
      ),
    );
  }
  if (!verdict.passed) {
    parts.push(h("p", { class: "hint" }, "The ", h("a", { href: "#explain", "data-goto": "explain" }, "Explain"), " tab shows why."));
  }
  return parts;
}

function renderCheck(v, verdict) {
  const parts = [];
  if (verdict) parts.push(h("h3", {}, "Verdict"), ...renderVerdict(verdict, v.prediction_headers, v.columns.map((c) => c.gold_name)));
  parts.push(h("h3", {}, "Pre-submission check"));
  if (v.ok) {
    parts.push(
      h(
        "div",
        { class: "banner pass", "data-testid": "validation" },
        h("strong", {}, "Readable"),
        h("span", { class: "msg" }, `${plural(v.prediction_row_count, "row", "rows")}, ${v.prediction_column_count} columns, and every gold column can be read from a prediction column.${verdict ? "" : " The verdict needs the gold."}`),
      ),
    );
  } else {
    parts.push(
      h(
        "div",
        { class: "banner fail", "data-testid": "validation" },
        h("strong", {}, "Will fail"),
        h("span", { class: "code" }, v.error_code),
        h("span", { class: "msg" }, v.error),
      ),
    );
  }
  if (v.csv_error) {
    parts.push(
      h("ul", { class: "facts", "data-testid": "csv-error" }, h("li", {}, "CSV problem ", h("b", { class: "mono" }, v.csv_error.code)), v.csv_error.record ? h("li", {}, "at record ", h("b", {}, v.csv_error.record), " (the header is record 1)") : null),
    );
    return parts;
  }
  if (v.error_code === "missing_prediction") return parts;
  parts.push(
    h(
      "ul",
      { class: "facts" },
      h("li", {}, "columns ", h("b", { class: v.prediction_column_count === v.gold_column_count ? "ok" : "no" }, `${v.prediction_column_count} / ${v.gold_column_count}`), " (prediction / config)"),
      h("li", {}, "rows ", h("b", {}, v.prediction_row_count)),
      v.type_compatible_mapping
        ? h("li", {}, "first readable mapping ", h("b", { class: "mono" }, `[${v.type_compatible_mapping.map((p) => p.prediction_index).join(", ")}]`))
        : null,
    ),
  );
  parts.push(
    h("h3", {}, "Which prediction columns read under each gold column's rule"),
    table(
      ["Gold column", "Rule", "Readable prediction columns", "First bad cell of the others"],
      v.columns.map((c) =>
        h(
          "tr",
          { class: c.readable.length === 0 ? "bad" : null },
          h("td", {}, `${c.gold_index}: ${c.gold_name}`),
          h("td", { class: "mono" }, c.rule),
          h("td", {}, c.readable.length ? c.readable.map((k) => h("span", { class: "pill ok" }, headerName(v.prediction_headers, k))) : h("span", { class: "no" }, "none")),
          h(
            "td",
            {},
            c.unreadable.map((b) =>
              h(
                "div",
                {},
                h("span", { class: "pill no" }, headerName(v.prediction_headers, b.prediction_index)),
                ` row ${b.row}: `,
                h("span", { class: "raw" }, JSON.stringify(b.value) + (b.value_truncated ? "…" : "")),
                " — ",
                h("span", { class: "mono" }, b.code),
              ),
            ),
          ),
        ),
      ),
      { "data-testid": "readability" },
    ),
  );
  return parts;
}

// ---------- explain ----------

let explainRun = 0;

async function runExplain() {
  stale.explain = false;
  const out = $("#explain-output");
  if (!inputs.config || !inputs.gold) {
    out.replaceChildren(h("p", { class: "hint" }, "Explain needs the config and the gold (and the prediction, if there is one) above."));
    out.dataset.done = String(++explainRun);
    return;
  }
  const run = ++explainRun;
  setStatus("explaining…", "busy");
  try {
    const { diagnosis, view } = await call("explain", { ...taskArgs(), rows: 50 });
    if (run !== explainRun) return;
    out.replaceChildren(...renderExplain(diagnosis, view));
  } catch (error) {
    if (run !== explainRun) return;
    out.replaceChildren(errorBanner(error));
  }
  out.dataset.done = String(run);
  setStatus("ready", "ready");
}

function cellView(cell, extraClass) {
  if (cell === null) return h("td", { class: "null" }, "—");
  if (cell.error) return h("td", { class: `cell-error ${extraClass ?? ""}` }, h("span", { class: "raw" }, clip(cell.raw, 80)), h("span", { class: "canon" }, `✗ ${cell.error}`));
  const canonical = cell.value === null ? h("span", { class: "canon null" }, "→ null") : h("span", { class: "canon" }, `→ ${clip(cell.value, 80)}`);
  return h("td", { class: extraClass ?? null }, h("span", { class: "raw" }, clip(cell.raw, 80)), canonical);
}

const sameCanonical = (a, b) => a && b && !a.error && !b.error && a.value === b.value;

function renderExplain(d, view) {
  const parts = [];
  const gold = d.columns.gold;
  const pred = d.columns.prediction;
  parts.push(
    d.passed
      ? h("div", { class: "banner pass", "data-testid": "explain-verdict" }, h("strong", {}, "PASSED"))
      : h("div", { class: "banner fail", "data-testid": "explain-verdict" }, h("strong", {}, "FAILED"), h("span", { class: "code" }, d.error_code)),
    h("p", { class: "summary", "data-testid": "explain-summary" }, d.summary),
  );

  if (d.hints.length) {
    parts.push(
      h("h3", {}, "Near misses"),
      h(
        "ul",
        { class: "hints", "data-testid": "hints" },
        d.hints.map((hint) => h("li", {}, h("span", { class: `pill ${hint.would_pass ? "ok" : "no"}` }, hint.name), hint.would_pass ? "would pass: " : "", hint.message)),
      ),
    );
  }

  if (d.mapping) {
    parts.push(
      h("h3", {}, d.mapping.official ? "Column mapping (official)" : "Best column mapping"),
      d.mapping.official ? null : h("p", { class: "hint" }, d.mapping.method),
      table(
        ["Gold column", "Prediction column", "Readable", "Shared values", "Same values"],
        d.mapping.pairs.map((p) =>
          h(
            "tr",
            { class: p.same_values ? null : "bad" },
            h("td", {}, `${p.gold_index}: ${gold[p.gold_index] ?? ""}`),
            h("td", {}, p.prediction_index === null ? h("span", { class: "no" }, "none") : `${p.prediction_index}: ${clip(pred[p.prediction_index] ?? "", 40)}`),
            h("td", { class: p.compatible ? "ok" : "no" }, p.compatible ? "yes" : "no"),
            h("td", { class: "num" }, p.shared_values),
            h("td", { class: p.same_values ? "ok" : "no" }, p.same_values ? "yes" : "no"),
          ),
        ),
        { "data-testid": "explain-mapping" },
      ),
    );
  }

  if (d.shape && (d.shape.extra_prediction_columns.length || d.shape.missing_gold_columns.length || d.shape.grain)) {
    const s = d.shape;
    parts.push(
      h("h3", {}, "Shape"),
      h(
        "ul",
        { class: "facts", "data-testid": "explain-shape" },
        h("li", {}, "columns ", h("b", {}, `${s.received_columns} / ${s.expected_columns}`)),
        h("li", {}, "rows ", h("b", {}, `${s.received_rows} / ${s.expected_rows}`)),
        s.extra_prediction_columns.length ? h("li", {}, "extra prediction columns ", h("b", {}, s.extra_prediction_columns.map((k) => clip(pred[k] ?? k, 30)).join(", "))) : null,
        s.missing_gold_columns.length ? h("li", {}, "gold columns not filled ", h("b", {}, s.missing_gold_columns.map((j) => gold[j] ?? j).join(", "))) : null,
        s.grain ? h("li", {}, "grain ", h("b", {}, `${s.grain.direction}`), `, ${s.grain.prediction_duplicate_rows} duplicate prediction rows`) : null,
      ),
    );
  }

  // Cells that fail a gold rule: in the mapped prediction column first (why a mapping cannot be
  // used), then the other prediction columns (why they cannot stand in), collapsed.
  const mappedTo = new Map((d.mapping?.pairs ?? []).map((p) => [p.gold_index, p.prediction_index]));
  const mappedProblems = [];
  const otherProblems = [];
  for (const c of d.types?.columns ?? []) {
    for (const cell of c.incompatible) (cell.prediction_index === mappedTo.get(c.gold_index) ? mappedProblems : otherProblems).push([c, cell]);
  }
  const problemTable = (problems, testid) =>
    table(
      ["Gold column", "Rule", "Prediction column", "Row", "Value", "Reason", "Bad cells"],
      problems.map(([c, cell]) =>
        h(
          "tr",
          {},
          h("td", {}, `${c.gold_index}: ${gold[c.gold_index] ?? ""}`),
          h("td", { class: "mono" }, c.rule),
          h("td", {}, `${cell.prediction_index}: ${clip(pred[cell.prediction_index] ?? "", 30)}`),
          h("td", { class: "num" }, cell.row),
          h("td", { class: "raw" }, JSON.stringify(cell.value)),
          h("td", { class: "mono" }, cell.reason),
          h("td", { class: "num" }, cell.bad_cells),
        ),
      ),
      { "data-testid": testid },
    );
  if (mappedProblems.length) {
    parts.push(h("h3", {}, "Cells of mapped columns that fail their gold column's rule"), problemTable(mappedProblems, "explain-types-mapped"));
  }
  if (otherProblems.length) {
    parts.push(
      h(
        "details",
        { class: "other-types" },
        h("summary", {}, `Other prediction columns that cannot be read under a gold column's rule (${otherProblems.length})`),
        problemTable(otherProblems, "explain-types"),
      ),
    );
  }

  if (d.rows) {
    const r = d.rows;
    parts.push(
      h("h3", {}, "Rows"),
      h(
        "ul",
        { class: "facts", "data-testid": "explain-rows" },
        h("li", {}, "matched ", h("b", {}, `${r.matched_rows} / ${r.gold_rows}`)),
        h("li", {}, "missing from the prediction ", h("b", { class: r.missing_count ? "no" : "ok" }, r.missing_count)),
        h("li", {}, "extra in the prediction ", h("b", { class: r.extra_count ? "no" : "ok" }, r.extra_count)),
        r.order?.first_difference ? h("li", {}, "first difference at row ", h("b", { class: "no" }, r.order.first_difference.row)) : null,
        r.order ? h("li", {}, "would match ignoring order ", h("b", {}, r.order.would_match_unordered ? "yes" : "no")) : null,
      ),
    );
  }

  parts.push(...renderSideBySide(d, view));

  const pc = d.partial_credit;
  parts.push(
    h("h3", {}, "Partial credit (not the official score)"),
    h(
      "ul",
      { class: "facts", "data-testid": "partial-credit" },
      h("li", {}, "column signature ", h("b", {}, pc.column_signature.score.toFixed(3)), ` (${pc.column_signature.status})`),
      h("li", {}, "row F1 ", h("b", {}, pc.rows.f1.toFixed(3))),
      h("li", {}, "column recall ", h("b", {}, pc.columns.recall.toFixed(3))),
    ),
  );
  return parts;
}

/** The first rows of gold and prediction under the mapping, raw and canonical. */
function renderSideBySide(d, view) {
  if (!view.gold_rows.length) return [];
  const ordered = d.result.order_sensitive;
  const missing = new Set((d.rows?.missing ?? []).map((r) => r.row));
  const extra = new Set((d.rows?.extra ?? []).map((r) => r.row));
  const firstDiff = d.rows?.order?.first_difference?.row ?? null;
  const headers = view.columns.map((c) => c.gold_name);
  const predictionHeaders = view.columns.map((c) => (c.prediction_index === null ? "—" : `${c.prediction_header ?? ""} (${c.prediction_index})`));
  const goldRows = view.gold_rows.map((row, i) => {
    const n = i + 1;
    const cls = missing.has(n) ? "bad" : firstDiff === n ? "first-diff" : null;
    return h(
      "tr",
      { class: cls, "data-row": n },
      h("td", { class: "num" }, n),
      row.map((cell, j) => cellView(cell, ordered && view.prediction_rows[i] && !sameCanonical(cell, view.prediction_rows[i][j]) ? "diff" : null)),
    );
  });
  const predictionRows = view.prediction_rows.map((row, i) => {
    const n = i + 1;
    const cls = extra.has(n) ? "extra" : firstDiff === n ? "first-diff" : null;
    return h(
      "tr",
      { class: cls, "data-row": n },
      h("td", { class: "num" }, n),
      row.map((cell, j) => cellView(cell, ordered && view.gold_rows[i] && !sameCanonical(cell, view.gold_rows[i][j]) ? "diff" : null)),
    );
  });
  const shown = (count) => (count > view.shown ? ` — first ${view.shown} of ${count.toLocaleString("en-US")} rows` : "");
  return [
    h("h3", {}, "Canonical values side by side"),
    h(
      "p",
      { class: "hint" },
      ordered
        ? "Ordered task: rows are compared position by position; differing cells are marked, the first differing row is outlined."
        : "Unordered task: rows are compared as multisets; gold rows missing from the prediction are red, extra prediction rows orange.",
    ),
    h(
      "div",
      { class: "side-by-side" },
      h("div", {}, h("h4", {}, `Gold${shown(view.gold_row_count)}`), table(["#", ...headers], goldRows, { "data-testid": "gold-rows" })),
      h("div", {}, h("h4", {}, `Prediction, columns in gold order${shown(view.prediction_row_count)}`), table(["#", ...predictionHeaders], predictionRows, { "data-testid": "prediction-rows" })),
    ),
  ];
}

// ---------- suite ----------

/** Files of a folder chosen with <input webkitdirectory>: paths relative to the chosen folder. */
function folderFiles(fileList) {
  return [...fileList].map((file) => {
    const parts = (file.webkitRelativePath || file.name).split("/");
    return { path: parts.length > 1 ? parts.slice(1).join("/") : parts[0], file };
  });
}

/** Files of a dropped folder (DataTransferItem entries), read recursively. */
async function droppedFolderFiles(transfer) {
  const out = [];
  const readEntries = (reader) => new Promise((resolve, reject) => reader.readEntries(resolve, reject));
  const fileOf = (entry) => new Promise((resolve, reject) => entry.file(resolve, reject));
  async function walk(entry, prefix) {
    if (entry.isFile) {
      out.push({ path: prefix + entry.name, file: await fileOf(entry) });
    } else if (entry.isDirectory) {
      const reader = entry.createReader();
      for (let batch = await readEntries(reader); batch.length; batch = await readEntries(reader)) {
        for (const child of batch) await walk(child, `${prefix}${entry.name}/`);
      }
    }
  }
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  for (const entry of entries) await walk(entry, "");
  // A single dropped folder is the suite root.
  if (entries.length === 1 && entries[0].isDirectory) {
    const root = `${entries[0].name}/`;
    return out.map((f) => ({ path: f.path.slice(root.length), file: f.file }));
  }
  return out;
}

let suiteFiles = new Map();

async function scoreSuite(files) {
  suiteFiles = new Map(files.map((f) => [f.path, f.file]));
  const out = $("#suite-output");
  out.replaceChildren();
  const bar = $("#suite-bar");
  const text = $("#suite-progress-text");
  $("#suite-progress").hidden = false;
  bar.value = 0;
  text.textContent = `reading ${plural(files.length, "file", "files")}…`;
  setStatus("scoring the suite…", "busy");
  const started = performance.now();
  try {
    const { summary, summaryJson } = await call("suite", { files }, (p) => {
      bar.max = p.total;
      bar.value = p.done;
      text.textContent = `${p.done} / ${p.total} tasks scored (${p.task_id})`;
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    text.textContent = `${summary.task_count} / ${summary.task_count} tasks scored in ${seconds} s`;
    bar.max = 1;
    bar.value = 1;
    out.replaceChildren(...renderSuite(summary, summaryJson));
  } catch (error) {
    text.textContent = "stopped";
    out.replaceChildren(errorBanner(error));
  }
  setStatus("ready", "ready");
}

function renderSuite(s, json) {
  const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
  const good = s.passed_task_count === s.task_count;
  return [
    h(
      "div",
      { class: `banner ${good ? "pass" : s.passed_task_count ? "warn" : "fail"}`, "data-testid": "suite-summary" },
      h("strong", {}, `task accuracy ${(s.task_accuracy * 100).toFixed(1)}%`),
      h("span", { class: "msg" }, `${s.passed_task_count} of ${s.task_count} tasks passed`),
      h("a", { class: "download", href: url, download: "evaluation_summary.json", "data-testid": "suite-download" }, "Download evaluation_summary.json"),
    ),
    h(
      "ul",
      { class: "facts" },
      h("li", {}, "config_set_sha256 ", h("b", { class: "mono" }, s.config_set_sha256.slice(0, 16)), "…"),
      h("li", {}, "unscored prediction tasks ", h("b", { "data-testid": "suite-unscored" }, s.unscored_prediction_tasks.length ? s.unscored_prediction_tasks.join(", ") : "none")),
      h("li", {}, "evaluator ", h("b", {}, `${s.evaluator} ${s.evaluator_version}`)),
    ),
    table(
      ["Task", "Result", "Error", "Columns", "Rows", "Mapping", ""].map((c, i) => h("th", { class: i === 3 || i === 4 ? "num" : null }, c)),
      s.tasks.map((t) =>
        h(
          "tr",
          { class: t.passed ? null : "bad", "data-task": t.task_id },
          h("td", {}, t.task_id),
          h("td", { class: t.passed ? "ok" : "no" }, t.passed ? "passed" : "failed"),
          h("td", { class: "mono", title: t.error ?? "" }, t.error_code ?? ""),
          h("td", { class: "num" }, `${t.prediction_column_count} / ${t.gold_column_count}`),
          h("td", { class: "num" }, `${t.prediction_row_count} / ${t.gold_row_count}`),
          h("td", { class: "mono" }, t.column_mapping ? `[${t.column_mapping.map((p) => p.prediction_index).join(", ")}]` : ""),
          h("td", {}, t.passed ? "" : h("button", { type: "button", class: "linkish", onclick: () => explainSuiteTask(t.task_id) }, "explain")),
        ),
      ),
      { "data-testid": "suite-tasks" },
    ),
  ];
}

function explainSuiteTask(taskId) {
  const get = (path) => suiteFiles.get(path) ?? null;
  const asInput = (path, name) => {
    const data = get(path);
    return data === null ? null : { name, data };
  };
  setInput("config", asInput(`configs/${taskId}.json`, `${taskId}.json`));
  setInput("gold", asInput(`gold/${taskId}/gold.csv`, `${taskId}/gold.csv`));
  setInput("prediction", asInput(`predictions/${taskId}/prediction.csv`, `${taskId}/prediction.csv`));
  showTab("explain");
}

$("#suite-folder").addEventListener("change", (event) => {
  const files = folderFiles(event.target.files);
  event.target.value = "";
  if (files.length) scoreSuite(files);
});
wireDrop($(".suite-drop"), async (transfer) => {
  const files = await droppedFolderFiles(transfer);
  if (files.length) scoreSuite(files);
});
$("#suite-example").addEventListener("click", () => scoreSuite(exampleSuiteFiles().map((f) => ({ path: f.path, file: f.text }))));

// ---------- trust ----------

let trustSource = null;

async function runTrust() {
  if (!trustSource) return;
  const out = $("#trust-output");
  setStatus("computing trust metrics…", "busy");
  try {
    const by = $("#trust-by").value.split(",");
    const { track, report, perOperator } = await call("trust", { records: trustSource.data, by });
    out.replaceChildren(...renderTrust(track, report, perOperator, trustSource.name));
  } catch (error) {
    out.replaceChildren(errorBanner(error));
  }
  setStatus("ready", "ready");
}

function keyText(key) {
  const values = Object.values(key);
  return values.length ? values.join(" · ") : "all";
}

function renderTrust(track, report, perOperator, name) {
  const records = track === "reliability" ? plural(report.records, "record", "records") : `${plural(report.originals, "question", "questions")}, ${plural(report.perturbations, "perturbation", "perturbations")}`;
  const parts = [h("p", { class: "hint", "data-testid": "trust-source" }, `${name} · ${track} · ${records} · grouped by ${report.by.join(", ") || "nothing"}`)];
  if (track === "reliability") {
    const row = (r) =>
      h(
        "tr",
        {},
        h("td", {}, keyText(r.key)),
        h("td", { class: "num" }, r.n),
        h("td", { class: "num" }, percent(r.frr)),
        h("td", { class: "num" }, percent(r.prr)),
        h("td", { class: "num" }, percent(r.nrr)),
        h("td", { class: "num" }, h("b", {}, percent(r.mrs))),
      );
    const headers = ["Group", "n", "FRR %", "PRR %", "NRR %", "MRS %"].map((c, i) => h("th", { class: i ? "num" : null }, c));
    parts.push(h("h3", {}, "Reliability"), table(headers, [...report.groups.map(row), row({ ...report.overall, key: { all: "overall" } })], { "data-testid": "trust-table" }));
    if (report.dataset_average.length) {
      parts.push(
        h("h3", {}, "Average across datasets"),
        table(
          ["Group", "Datasets", "FRR %", "PRR %", "NRR %", "MRS %"].map((c, i) => h("th", { class: i ? "num" : null }, c)),
          report.dataset_average.map((a) =>
            h("tr", {}, h("td", {}, keyText(a.key)), h("td", { class: "num" }, a.datasets), h("td", { class: "num" }, percent(a.frr)), h("td", { class: "num" }, percent(a.prr)), h("td", { class: "num" }, percent(a.nrr)), h("td", { class: "num" }, h("b", {}, percent(a.mrs)))),
          ),
        ),
      );
    }
    parts.push(h("h3", {}, "Per operator"), barChart(perOperator.map((r) => ({ label: r.key.operator, segments: [{ value: r.frr, cls: "bar-full" }, { value: r.prr / 2, cls: "bar-partial" }], total: r.mrs, n: r.n })), [["bar-full", "FRR"], ["bar-partial", "PRR / 2"]], "MRS %"));
  } else {
    const row = (r) =>
      h(
        "tr",
        {},
        h("td", {}, keyText(r.key)),
        h("td", { class: "num" }, r.n),
        h("td", { class: "num" }, percent(r.coverage)),
        h("td", { class: "num" }, percent(r.acc_clean)),
        h("td", { class: "num" }, h("b", {}, percent(r.asr))),
        h("td", { class: "num" }, percent(r.rad)),
        h("td", { class: "num" }, percent(r.acc_rob)),
      );
    const headers = ["Group", "Questions", "Coverage %", "Acc clean %", "ASR %", "RAD %", "Acc rob %"].map((c, i) => h("th", { class: i ? "num" : null }, c));
    parts.push(h("h3", {}, "Robustness"), table(headers, [...report.groups.map(row), row({ ...report.overall, key: { all: "overall" } })], { "data-testid": "trust-table" }));
    parts.push(
      h("h3", {}, "Attack success rate per operator"),
      barChart(perOperator.map((o) => ({ label: `${o.operator}${o.level ? ` (${o.level})` : ""}`, segments: [{ value: o.asr ?? 0, cls: "bar-asr" }], total: o.asr, n: o.attacks })), [["bar-asr", "ASR"]], "ASR %"),
    );
  }
  return parts;
}

/** A horizontal bar chart (SVG): one bar per row, stacked segments, the total printed at the end. */
function barChart(rows, legend, valueName) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const labelWidth = 150;
  const barWidth = 520;
  const rowHeight = 24;
  const height = rows.length * rowHeight + 26;
  const chart = svg("svg", { viewBox: `0 0 ${labelWidth + barWidth + 90} ${height}`, width: labelWidth + barWidth + 90, role: "img", "aria-label": `${valueName} per operator`, "data-testid": "trust-chart" });
  for (let t = 0; t <= 4; t++) {
    const x = labelWidth + (barWidth * t) / 4;
    chart.append(svg("line", { x1: x, x2: x, y1: 0, y2: height - 20, stroke: "#d9dee7" }), svg("text", { x, y: height - 6, "text-anchor": "middle" }, `${t * 25}`));
  }
  rows.forEach((row, i) => {
    const y = i * rowHeight + 4;
    chart.append(svg("text", { x: labelWidth - 8, y: y + 13, "text-anchor": "end" }, row.label));
    let x = labelWidth;
    for (const segment of row.segments) {
      const w = Math.max(0, Math.min(1, segment.value ?? 0)) * barWidth;
      chart.append(svg("rect", { x, y, width: w, height: rowHeight - 8, class: segment.cls, "data-label": row.label }));
      x += w;
    }
    chart.append(svg("text", { x: x + 6, y: y + 13 }, `${percent(row.total)}${row.n !== undefined ? `  (n=${row.n})` : ""}`));
  });
  return h("div", { class: "chart" }, h("div", { class: "legend" }, legend.map(([cls, name]) => h("span", {}, h("i", { class: cls, style: `background: ${cls === "bar-full" ? "#2f8f55" : cls === "bar-partial" ? "#9ccf6a" : "#d4643b"}` }), name))), chart);
}

$("#trust-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (file) {
    trustSource = { name: file.name, data: file };
    runTrust();
  }
});
wireDrop($(".trust-drop"), (transfer) => {
  const file = transfer.files[0];
  if (file) {
    trustSource = { name: file.name, data: file };
    runTrust();
  }
});
$("#trust-example-reliability").addEventListener("click", () => {
  trustSource = { name: "example reliability records", data: exampleReliabilityRecords() };
  runTrust();
});
$("#trust-example-robustness").addEventListener("click", () => {
  trustSource = { name: "example robustness records", data: exampleRobustnessRecords() };
  $("#trust-by").value = "model,dataset";
  runTrust();
});
$("#trust-by").addEventListener("change", runTrust);

// ---------- examples ----------

function loadExample(task, tab) {
  setInput("config", { name: `task_${task.id}.json`, data: task.config });
  setInput("gold", { name: "gold.csv", data: task.gold });
  setInput("prediction", task.prediction === null ? null : { name: "prediction.csv", data: task.prediction });
  showTab(tab);
}

$("#example-list").replaceChildren(
  ...TASKS.map((task) =>
    h(
      "li",
      { "data-example": task.slug },
      h("button", { type: "button", onclick: () => loadExample(task, "check") }, task.title),
      h("span", { class: `expect ${task.expect === "passes" ? "ok" : "no"}` }, task.expect),
      h("p", {}, task.about, " ", h("button", { type: "button", class: "linkish", onclick: () => loadExample(task, "explain") }, "explain")),
    ),
  ),
  h(
    "li",
    { "data-example": "suite" },
    h("button", { type: "button", onclick: () => { showTab("suite"); $("#suite-example").click(); } }, "The example suite"),
    h("p", {}, `All ${TASKS.length} tasks above as a suite in the official layout, plus a prediction with no config.`),
  ),
);

// ---------- start ----------

call("version")
  .then((version) => {
    $("#version").textContent = `tabeq ${version}`;
    setStatus("ready", "ready");
  })
  .catch((error) => setStatus(`the scorer failed to load: ${error.message}`, ""));

const initial = location.hash.slice(1);
showTab(["check", "explain", "suite", "trust", "examples"].includes(initial) ? initial : "check");
