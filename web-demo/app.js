// The page: inputs, tabs and rendering. All scoring runs in worker.js (a module Web Worker).
import { exampleReliabilityRecords, exampleRobustnessRecords, exampleSuiteFiles, TASKS } from "./examples.js";

// ---------- worker calls ----------

// The single-file page (make-standalone.mjs) provides the worker as a data: URL.
const worker = new Worker(globalThis.TABEQ_WORKER_URL ?? new URL("./worker.js", import.meta.url), { type: "module" });
const pending = new Map();
/** The latest call of each view (check, explain, suite, trust): older calls are superseded. */
const latestCall = new Map();
let nextId = 1;

worker.onmessage = (event) => {
  const { id, ok, value, error, progress } = event.data;
  const entry = pending.get(id);
  if (!entry) return;
  const current = latestCall.get(entry.view) === id;
  if (progress) {
    if (current) entry.onProgress?.(progress);
    return;
  }
  pending.delete(id);
  if (!current) entry.reject(Object.assign(new Error("superseded"), { code: "superseded" }));
  else if (ok) entry.resolve(value);
  else entry.reject(Object.assign(new Error(error.message), error));
};
worker.onerror = (event) => setStatus(`the scorer failed to load: ${event.message ?? "worker error"}`, "");

/**
 * Ask the worker for `op`. A new call of a view supersedes the previous one: its progress and
 * result are dropped here (it rejects with code "superseded") and the worker stops it.
 */
function call(op, args, { view = op, onProgress } = {}) {
  const id = nextId++;
  latestCall.set(view, id);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress, view });
    worker.postMessage({ id, op, view, args });
  });
}

const superseded = (error) => error?.code === "superseded";

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

/** Replace `out`'s content with `parts`, leaving out the absent ones (null would print "null"). */
function show(out, parts) {
  out.replaceChildren(...parts.filter((part) => part !== null && part !== undefined && part !== false));
}

/** A scrollable region keyboard users can reach (focusable, named after what it holds). */
function scrollRegion(label, child) {
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": label }, child);
}

function table(headers, rows, attrs = {}, label = attrs["data-testid"]?.replaceAll("-", " ") ?? "table") {
  return scrollRegion(
    label,
    h("table", attrs, h("thead", {}, h("tr", {}, headers.map((c) => (c instanceof Node ? c : h("th", { scope: "col" }, c))))), h("tbody", {}, rows)),
  );
}

/**
 * Pagination for a long table already in the page (an interactive part, so page code): shows
 * `size` rows at a time with Previous / Next buttons and the range shown.
 */
function paginate(tableEl, size = 50) {
  const rows = [...tableEl.tBodies[0].rows];
  if (rows.length <= size) return null;
  let start = 0;
  const label = h("span", { class: "range", "aria-live": "polite" });
  const prev = h("button", { type: "button", class: "secondary", "data-page": "prev" }, "Previous");
  const next = h("button", { type: "button", class: "secondary", "data-page": "next" }, "Next");
  const show = () => {
    rows.forEach((row, i) => (row.hidden = i < start || i >= start + size));
    label.textContent = `rows ${start + 1}–${Math.min(start + size, rows.length)} of ${rows.length.toLocaleString("en-US")}`;
    prev.disabled = start === 0;
    next.disabled = start + size >= rows.length;
  };
  prev.addEventListener("click", () => {
    start = Math.max(0, start - size);
    show();
  });
  next.addEventListener("click", () => {
    start += size;
    show();
  });
  show();
  return h("div", { class: "pager" }, prev, label, next);
}

/** A document rendered to HTML by the core, with its tables made reachable and paginated. */
function coreDocument(html, testid) {
  const box = h("div", { class: "core-doc", "data-testid": testid });
  box.innerHTML = html; // built by the core, every text escaped (tabeq::doc::Document::to_html)
  for (const t of box.querySelectorAll("table")) {
    const heading = t.closest("section")?.querySelector("h2")?.textContent ?? "table";
    const wrap = scrollRegion(heading, null);
    t.replaceWith(wrap);
    wrap.append(t);
    const pager = paginate(t);
    if (pager) wrap.after(pager);
  }
  return box;
}

const percent = (x) => (x === null || x === undefined ? "—" : `${(x * 100).toFixed(2)}`);
const plural = (n, one, many) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function setStatus(text, kind) {
  const status = $("#status");
  status.textContent = text;
  status.className = `status ${kind ?? ""}`;
}

/** What failed, by the stage the error names. */
const FAILED = {
  config: "Cannot read the config",
  gold: "Cannot read the gold",
  suite: "Cannot read the submission folder",
  zip: "Cannot read the .zip",
  trust: "Cannot compute the trust metrics",
  csv: "Cannot read the CSV",
  cell: "Cannot read a cell",
  argument: "Cannot use this input",
};

function errorBanner(error, fallback = "Cannot score") {
  const where = error.stage ? ` (${error.stage}${error.taskId ? `, ${error.taskId}` : ""}${error.line ? `, line ${error.line}` : ""})` : "";
  return h(
    "div",
    { class: "banner fail", "data-testid": "error-banner", role: "alert" },
    h("strong", {}, FAILED[error.stage] ?? fallback),
    h("span", { class: "code" }, `${error.code}${where}`),
    h("span", { class: "msg" }, error.message),
  );
}

// ---------- tabs ----------

let activeTab = "check";
const TABS = ["check", "explain", "suite", "trust", "examples"];
const tabButtons = () => [...document.querySelectorAll(".tabs [role=tab]")];

function showTab(name, { focus = false } = {}) {
  activeTab = name;
  for (const button of tabButtons()) {
    const selected = button.dataset.tab === name;
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1; // roving tabindex: Tab reaches the selected tab only
    if (selected && focus) button.focus();
  }
  for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== `tab-${name}`;
  $("#inputs").hidden = !(name === "check" || name === "explain");
  if (name === "check" && stale.check) runCheck();
  if (name === "explain" && stale.explain) runExplain();
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

for (const button of tabButtons()) {
  button.addEventListener("click", () => showTab(button.dataset.tab));
  // The tab pattern: arrows move between tabs, Home/End to the first/last.
  button.addEventListener("keydown", (event) => {
    const i = TABS.indexOf(button.dataset.tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    showTab(TABS[(to + TABS.length) % TABS.length], { focus: true });
  });
}
document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-goto]");
  if (target) {
    event.preventDefault();
    showTab(target.dataset.goto, { focus: true });
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
      $(".paste-toggle", card).setAttribute("aria-expanded", "false");
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

/** The drop zones; a file dropped anywhere else is refused with a message instead of opened. */
const dropZones = new Set();

function wireDrop(zone, onFiles) {
  dropZones.add(zone);
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    $("#drop-guard").hidden = true;
    onFiles(event.dataTransfer);
  });
}

const inZone = (target) => [...dropZones].some((zone) => zone.contains(target));
window.addEventListener("dragover", (event) => {
  if (!inZone(event.target)) {
    event.preventDefault();
    event.dataTransfer.dropEffect = "none";
  }
});
window.addEventListener("drop", (event) => {
  if (inZone(event.target)) return;
  event.preventDefault(); // the browser would otherwise open the file and lose the results
  const guard = $("#drop-guard");
  guard.textContent = "Nothing was opened: drop files on one of the dashed boxes (or use its “choose” button).";
  guard.hidden = false;
  clearTimeout(guard.timer);
  guard.timer = setTimeout(() => (guard.hidden = true), 6000);
});

/** A button that opens a hidden file input (the input itself cannot take focus). */
function wirePicker(button, fileInput) {
  button.addEventListener("click", () => fileInput.click());
}

for (const card of document.querySelectorAll(".file-card")) {
  const kind = card.dataset.input;
  const fileInput = $("input[type=file]", card);
  wirePicker($(".pick", card), fileInput);
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
  const toggle = $(".paste-toggle", card);
  toggle.addEventListener("click", () => {
    textarea.hidden = !textarea.hidden;
    toggle.setAttribute("aria-expanded", String(!textarea.hidden));
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
    const { validation, verdict, foreign } = await call("check", taskArgs());
    if (run !== checkRun) return;
    show(out, renderCheck(validation, verdict, foreign));
  } catch (error) {
    if (run !== checkRun || superseded(error)) return;
    out.replaceChildren(errorBanner(error, "Cannot check this task"));
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

function renderCheck(v, verdict, foreign) {
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
  if (foreign) parts.push(h("p", { class: "note note-hint", "data-testid": "foreign-file" }, foreign.advice));
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
    const { diagnosis, view } = await call("explain", { ...taskArgs(), pageSize: ROWS_PAGE });
    if (run !== explainRun) return;
    show(out, renderExplain(diagnosis, view));
  } catch (error) {
    if (run !== explainRun || superseded(error)) return;
    out.replaceChildren(errorBanner(error, "Cannot explain this task"));
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

  parts.push(...renderRowsList(d), ...renderSideBySide(d, view));

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

/** Rows shown per page in the side-by-side view. */
const ROWS_PAGE = 50;

/**
 * The rows that differ, from the diagnosis: gold rows missing from the prediction next to extra
 * prediction rows, each with its 1-based row number, the values of the compared columns, and the
 * cells where the pair differs highlighted.
 */
function renderRowsList(d) {
  const r = d.rows;
  if (!r || (!r.missing.length && !r.extra.length)) return [];
  const names = r.compared_gold_columns.map((j) => d.columns.gold[j] ?? `column ${j}`);
  const pairs = Math.max(r.missing.length, r.extra.length);
  const body = [];
  for (let i = 0; i < pairs; i++) {
    const gold = r.missing[i] ?? null;
    const pred = r.extra[i] ?? null;
    const cells = (shown, other, cls) =>
      names.map((_, j) =>
        shown
          ? h("td", { class: `${cls}${other && other.values[j] !== shown.values[j] ? " diff" : ""}` }, h("span", { class: "raw" }, clip(shown.values[j] ?? "", 80)))
          : h("td", { class: "null" }, "—"),
      );
    body.push(
      h(
        "tr",
        { "data-pair": i + 1 },
        h("td", { class: "num row-no missing" }, gold ? gold.row : "—"),
        cells(gold, pred, "missing"),
        h("td", { class: "num row-no extra" }, pred ? pred.row : "—"),
        cells(pred, gold, "extra"),
      ),
    );
  }
  const more = (shown, count) => (count > shown ? ` (${shown} of ${count.toLocaleString("en-US")} shown)` : "");
  const headers = [
    h("th", { scope: "col", class: "num" }, "Gold row"),
    ...names.map((n) => h("th", { scope: "col", class: "missing" }, n)),
    h("th", { scope: "col", class: "num" }, "Prediction row"),
    ...names.map((n) => h("th", { scope: "col", class: "extra" }, n)),
  ];
  const t = table(headers, body, { "data-testid": "rows-list" }, "Rows that differ");
  const pager = paginate(t.querySelector("table"), ROWS_PAGE);
  return [
    h("h3", {}, "Rows that differ"),
    h(
      "p",
      { class: "hint" },
      `Left: gold rows missing from the prediction${more(r.missing.length, r.missing_count)}. Right: prediction rows not in the gold${more(r.extra.length, r.extra_count)}. Each pair is shown on one line; highlighted cells are where the pair differs. Row numbers count data rows from 1 (the header is not counted).`,
    ),
    t,
    pager,
  ];
}

function cellsOfPage(d, page) {
  const ordered = d.result.order_sensitive;
  const missing = new Set((d.rows?.missing ?? []).map((r) => r.row));
  const extra = new Set((d.rows?.extra ?? []).map((r) => r.row));
  const firstDiff = d.rows?.order?.first_difference?.row ?? null;
  const count = Math.max(page.gold_rows.length, page.prediction_rows.length);
  const width = page.columns;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const n = page.offset + i + 1;
    const g = page.gold_rows[i] ?? null;
    const p = page.prediction_rows[i] ?? null;
    const differs = (j) => ordered && g && p && !sameCanonical(g[j], p[j]);
    const goldCells = g ? g.map((cell, j) => cellView(cell, `gold${differs(j) ? " diff" : ""}${missing.has(n) ? " missing" : ""}`)) : Array.from({ length: width }, () => h("td", { class: "null gold" }, ""));
    const predCells = p ? p.map((cell, j) => cellView(cell, `pred${differs(j) ? " diff" : ""}${extra.has(n) ? " extra" : ""}`)) : Array.from({ length: width }, () => h("td", { class: "null pred" }, ""));
    rows.push(
      h(
        "tr",
        {
          "data-row": n,
          class: [firstDiff === n ? "first-diff" : null, missing.has(n) ? "gold-missing" : null, extra.has(n) ? "pred-extra" : null].filter(Boolean).join(" ") || null,
        },
        h("td", { class: "num" }, n),
        goldCells,
        predCells,
      ),
    );
  }
  return rows;
}

/** Gold and prediction rows under the mapping, raw and canonical, aligned on one line per row. */
function renderSideBySide(d, view) {
  if (!view.gold_rows.length && !view.prediction_rows.length) return [];
  const ordered = d.result.order_sensitive;
  const headers = [
    h("th", { scope: "col", class: "num" }, "#"),
    ...view.columns.map((c) => h("th", { scope: "col", class: "gold" }, `gold: ${c.gold_name}`)),
    ...view.columns.map((c) => h("th", { scope: "col", class: "pred" }, c.prediction_index === null ? "prediction: —" : `prediction: ${c.prediction_header ?? ""} (${c.prediction_index})`)),
  ];
  const total = Math.max(view.gold_row_count, view.prediction_row_count);
  const tbody = h("tbody", {}, cellsOfPage(d, { ...view, columns: view.columns.length }));
  const wrap = scrollRegion("Gold and prediction rows side by side", h("table", { "data-testid": "side-by-side" }, h("thead", {}, h("tr", {}, headers)), tbody));
  const parts = [
    h("h3", {}, "Canonical values side by side"),
    h(
      "p",
      { class: "hint" },
      `${ordered ? "Ordered task: rows are compared position by position; differing cells are highlighted, the first differing row is outlined." : "Unordered task: rows are compared as multisets; gold rows missing from the prediction are red, extra prediction rows orange."} Gold ${plural(view.gold_row_count, "row", "rows")}, prediction ${plural(view.prediction_row_count, "row", "rows")}.`,
    ),
    wrap,
  ];
  if (total > ROWS_PAGE) {
    let offset = 0;
    const label = h("span", { class: "range", "aria-live": "polite" });
    const prev = h("button", { type: "button", class: "secondary", "data-page": "prev" }, "Previous");
    const next = h("button", { type: "button", class: "secondary", "data-page": "next" }, "Next");
    const show = async (to) => {
      const page = await call("rows", { offset: to, limit: ROWS_PAGE }, { view: "explain-rows" });
      offset = to;
      tbody.replaceChildren(...cellsOfPage(d, { ...page, columns: view.columns.length }));
      label.textContent = `rows ${offset + 1}–${Math.min(offset + ROWS_PAGE, total)} of ${total.toLocaleString("en-US")}`;
      prev.disabled = offset === 0;
      next.disabled = offset + ROWS_PAGE >= total;
    };
    prev.addEventListener("click", () => show(Math.max(0, offset - ROWS_PAGE)).catch(() => {}));
    next.addEventListener("click", () => show(offset + ROWS_PAGE).catch(() => {}));
    label.textContent = `rows 1–${ROWS_PAGE} of ${total.toLocaleString("en-US")}`;
    prev.disabled = true;
    parts.push(h("div", { class: "pager", "data-testid": "side-by-side-pager" }, prev, label, next));
  }
  return parts;
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

/** The suite view's one run: what is on screen always belongs to `suiteRun.source`. */
let suiteRun = { id: 0, source: null };

/** Score (with gold/) or check (without) a folder or .zip; a new call supersedes the running one. */
async function runSuite(files, source) {
  const run = { id: suiteRun.id + 1, source };
  suiteRun = run;
  const out = $("#suite-output");
  out.replaceChildren();
  out.dataset.source = source;
  $("#suite-source").textContent = `Folder: ${source}`;
  const bar = $("#suite-bar");
  const text = $("#suite-progress-text");
  $("#suite-progress").hidden = false;
  bar.max = 1;
  bar.value = 0;
  text.textContent = `reading ${plural(files.length, "file", "files")}…`;
  setStatus(`reading ${source}…`, "busy");
  const started = performance.now();
  try {
    const result = await call("suite", { files }, {
      view: "suite",
      onProgress: (p) => {
        bar.max = p.total;
        bar.value = p.done;
        text.textContent = `${p.done} / ${p.total} tasks ${p.mode === "check" ? "checked" : "scored"} (${p.task_id}) · ${source}`;
      },
    });
    if (suiteRun !== run) return;
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const count = result.mode === "check" ? result.report.task_count : result.summary.task_count;
    text.textContent = `${count} / ${count} tasks ${result.mode === "check" ? "checked" : "scored"} in ${seconds} s · ${source}`;
    bar.max = 1;
    bar.value = 1;
    show(out, result.mode === "check" ? renderSubmission(result, source) : renderSuite(result.summary, result.summaryJson));
    out.dataset.done = String(run.id);
  } catch (error) {
    if (suiteRun !== run || superseded(error)) return;
    text.textContent = `stopped · ${source}`;
    out.replaceChildren(errorBanner(error, "Cannot read the submission folder"));
    out.dataset.done = String(run.id);
  }
  setStatus("ready", "ready");
}

/** A download link for text the page holds. */
function download(name, type, content, testid) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  return h("a", { class: "download", href: url, download: name, "data-testid": testid }, name);
}

/** The gold-less submission check: the core's report document, downloads, and per-task actions. */
function renderSubmission(result, source) {
  const r = result.report;
  const good = r.ready_task_count === r.task_count;
  const banner = h(
    "div",
    { class: `banner ${good ? "pass" : "fail"}`, "data-testid": "submission-summary" },
    h("strong", {}, good ? "Ready to submit" : "Will lose tasks"),
    h("span", { class: "msg" }, `${r.ready_task_count} of ${r.task_count} tasks ready · ${r.failing_task_count} will fail · ${r.missing_tasks.length} missing · ${r.extra_tasks.length} extra`),
  );
  const downloads = h(
    "p",
    { class: "downloads" },
    "Download the report: ",
    download("submission_check.md", "text/markdown", result.markdown, "submission-download-md"),
    " · ",
    download("submission_check.csv", "text/csv", result.csv, "submission-download-csv"),
    " · ",
    download("submission_check.json", "application/json", JSON.stringify(r, null, 2), "submission-download-json"),
  );
  const doc = coreDocument(result.html, "submission-report");
  // Each failing task row gets a button that opens it in the Check tab (page interaction).
  for (const row of doc.querySelectorAll('section[data-section="failing"] tbody tr')) {
    const taskId = row.cells[0]?.textContent;
    if (!taskId) continue;
    row.dataset.task = taskId;
    row.append(h("td", {}, h("button", { type: "button", class: "linkish", "aria-label": `Check ${taskId} in the Check tab`, onclick: () => openSuiteTask(taskId, "check", source) }, "check")));
  }
  const failingHead = doc.querySelector('section[data-section="failing"] thead tr');
  failingHead?.append(h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Action")));
  return [banner, downloads, doc];
}

function renderSuite(s, json) {
  const good = s.passed_task_count === s.task_count;
  const rowsTable = table(
    ["Task", "Result", "Error", "Columns", "Rows", "Mapping", h("span", { class: "sr-only" }, "Action")].map((c, i) => h("th", { scope: "col", class: i === 3 || i === 4 ? "num" : null }, c)),
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
        h("td", {}, t.passed ? "" : h("button", { type: "button", class: "linkish", "aria-label": `Explain ${t.task_id}`, onclick: () => openSuiteTask(t.task_id, "explain", suiteRun.source) }, "explain")),
      ),
    ),
    { "data-testid": "suite-tasks" },
    "Tasks of the suite",
  );
  return [
    h(
      "div",
      { class: `banner ${good ? "pass" : s.passed_task_count ? "warn" : "fail"}`, "data-testid": "suite-summary" },
      h("strong", {}, `task accuracy ${(s.task_accuracy * 100).toFixed(1)}%`),
      h("span", { class: "msg" }, `${s.passed_task_count} of ${s.task_count} tasks passed`),
      h("a", { class: "download", href: URL.createObjectURL(new Blob([json], { type: "application/json" })), download: "evaluation_summary.json", "data-testid": "suite-download" }, "Download evaluation_summary.json"),
    ),
    h(
      "ul",
      { class: "facts" },
      h("li", {}, "config_set_sha256 ", h("b", { class: "mono" }, s.config_set_sha256.slice(0, 16)), "…"),
      h("li", {}, "unscored prediction tasks ", h("b", { "data-testid": "suite-unscored" }, s.unscored_prediction_tasks.length ? s.unscored_prediction_tasks.join(", ") : "none")),
      h("li", {}, "evaluator ", h("b", {}, `${s.evaluator} ${s.evaluator_version}`)),
    ),
    rowsTable,
    paginate(rowsTable.querySelector("table"), 100),
  ];
}

/** Load one task of the suite on screen into the task inputs and open `tab`. */
async function openSuiteTask(taskId, tab, source) {
  if (source !== suiteRun.source) return; // a newer folder replaced the one this row belongs to
  const files = await call("taskFiles", { taskId }, { view: "taskFiles" });
  if (source !== suiteRun.source) return;
  const asInput = (data, name) => (data === null ? null : { name, data });
  setInput("config", asInput(files.config, `${taskId}.json`));
  setInput("gold", asInput(files.gold, `${taskId}/gold.csv`));
  setInput("prediction", asInput(files.prediction, `${taskId}/prediction.csv`));
  showTab(tab, { focus: true });
}

/** The name of a chosen folder (the first path part of its files). */
const folderName = (fileList) => (fileList[0]?.webkitRelativePath || "").split("/")[0] || "folder";

wirePicker($("#suite-pick-folder"), $("#suite-folder"));
wirePicker($("#suite-pick-zip"), $("#suite-zip"));
$("#suite-folder").addEventListener("change", (event) => {
  const files = folderFiles(event.target.files);
  const name = folderName(event.target.files);
  event.target.value = "";
  if (files.length) runSuite(files, name);
});
$("#suite-zip").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (file) runSuite([{ path: file.name, file }], file.name);
});
wireDrop($(".suite-drop"), async (transfer) => {
  const single = transfer.files.length === 1 && /\.zip$/i.test(transfer.files[0].name) ? transfer.files[0] : null;
  if (single) return runSuite([{ path: single.name, file: single }], single.name);
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  const files = await droppedFolderFiles(transfer);
  if (files.length) runSuite(files, entries.length === 1 ? entries[0].name : `${entries.length} dropped items`);
});
$("#suite-example").addEventListener("click", () => runSuite(exampleSuiteFiles().map((f) => ({ path: f.path, file: f.text })), "the example suite"));

// ---------- trust ----------

let trustSource = null;

async function runTrust() {
  if (!trustSource) return;
  const out = $("#trust-output");
  setStatus("computing trust metrics…", "busy");
  try {
    const by = $("#trust-by").value.split(",");
    const { track, report, perOperator } = await call("trust", { records: trustSource.data, by });
    show(out, renderTrust(track, report, perOperator, trustSource.name));
  } catch (error) {
    if (superseded(error)) return;
    out.replaceChildren(errorBanner(error, "Cannot compute the trust metrics"));
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

wirePicker($("#trust-pick"), $("#trust-file"));
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
showTab(TABS.includes(initial) ? initial : "check");
