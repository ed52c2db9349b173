// The page: inputs, tabs and rendering. All scoring runs in worker.js (a module Web Worker).
import { exampleReliabilityRecords, exampleRobustnessRecords, exampleSuiteFiles, SPIDER2_EXAMPLE, TASKS } from "./examples.js";
import { setupKddcup } from "./kddcup.js";

// ---------- worker calls ----------

const pending = new Map();
/** The latest call of each view (check, explain, suite, trust): older calls are superseded. */
const latestCall = new Map();
let nextId = 1;
/** Incremented each time Stop replaces the worker: what the old worker held is gone. */
let workerGeneration = 0;
let worker = null;

/** Start the scorer's worker (again, after Stop). */
function startWorker() {
  // The single-file page (make-standalone.mjs) provides the worker as a data: URL.
  worker = new Worker(globalThis.TABEQ_WORKER_URL ?? new URL("./worker.js", import.meta.url), { type: "module" });
  // The single-file page holds the WebAssembly in the page and hands it to its worker.
  if (globalThis.TABEQ_EMBEDDED_WASM) worker.postMessage({ op: "embeddedWasm", args: globalThis.TABEQ_EMBEDDED_WASM });
  worker.onmessage = onWorkerMessage;
  worker.onerror = (event) => setStatus(`the scorer failed to load: ${event.message ?? "worker error"}`, "");
}

function onWorkerMessage(event) {
  const { id, ok, value, error, progress } = event.data;
  const entry = pending.get(id);
  if (!entry) return;
  const current = latestCall.get(entry.view) === id;
  if (progress) {
    if (current) {
      if (progress.phase) fileProgress(progress);
      else entry.onProgress?.(progress);
    }
    return;
  }
  pending.delete(id);
  busyChanged();
  if (!current) entry.reject(Object.assign(new Error("superseded"), { code: "superseded" }));
  else if (ok) entry.resolve(value);
  else entry.reject(Object.assign(new Error(error.message), error));
}

/**
 * Ask the worker for `op`. A new call of a view supersedes the previous one: its progress and
 * result are dropped here (it rejects with code "superseded") and the worker stops it.
 */
function call(op, args, { view = op, onProgress } = {}) {
  const id = nextId++;
  latestCall.set(view, id);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress, view });
    busyChanged();
    worker.postMessage({ id, op, view, args });
  });
}

/** Views whose runs Stop ends (page bookkeeping calls such as rows and taskFiles are quick). */
const STOPPABLE = new Set(["check", "explain", "suite", "trust", "spider2", "kddcup"]);

/** Show Stop while a run is going; hide it and the file progress when none is. */
function busyChanged() {
  const busy = [...pending.values()].some((entry) => STOPPABLE.has(entry.view));
  $("#stop").hidden = !busy;
  if (!busy) $("#work-progress").hidden = true;
}

/** Progress inside one file, from the worker: reading (bytes) and checking it. */
function fileProgress({ phase, name, loaded, total }) {
  const box = $("#work-progress");
  const bar = $("#work-bar");
  box.hidden = false;
  const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
  if (phase === "read") {
    bar.max = Math.max(total, 1);
    bar.value = loaded;
    $("#work-text").textContent = `reading ${name}: ${mb(loaded)} of ${mb(total)}`;
  } else {
    bar.removeAttribute("value"); // indeterminate: the core reads the file in one pass
    $("#work-text").textContent = `checking ${name} (${mb(total)})…`;
  }
}

/**
 * Stop: end the worker (a run inside one large file cannot be interrupted otherwise), answer
 * every pending call with the code "stopped" and start a fresh worker.
 */
function stopAll() {
  worker.terminate();
  workerGeneration += 1;
  const stopped = [...pending.values()];
  pending.clear();
  busyChanged();
  startWorker();
  setStatus("stopped", "ready");
  for (const entry of stopped) entry.reject(Object.assign(new Error("stopped by you"), { code: "stopped" }));
  // Stop is hidden now: keep focus on a control (the open tab's button), never on <body>.
  if (focusLost()) $('.tabs [aria-selected="true"]')?.focus();
}

const superseded = (error) => error?.code === "superseded";
const stopped = (error) => error?.code === "stopped";

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
  if (focusLost()) focusResult(out);
}

/** Whether keyboard focus is nowhere (on <body>) or on something no longer shown. */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || active.closest("[hidden]") !== null || active.getClientRects().length === 0;
};

/** Focus a run's result: its first heading (made focusable), else the output itself. */
function focusResult(out) {
  if (out.closest("[hidden]")) return;
  const target = out.querySelector("h1, h2, h3") ?? out;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}

/** A scrollable region keyboard users can reach (focusable, named after what it holds). */
function scrollRegion(label, child) {
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": label }, child);
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

/**
 * A document rendered to HTML by the core, with its tables made reachable and paginated; `tone`
 * ("pass", "warn" or "fail") colours its title as a banner (a page highlight of the core's text).
 */
function coreDocument(html, testid, tone = null) {
  const box = h("div", { class: "core-doc", "data-testid": testid, "data-tone": tone });
  box.innerHTML = html; // built by the core, every text escaped (tabeq::doc::Document::to_html)
  for (const t of box.querySelectorAll("table")) {
    // Fix-it tables (a "What to do" column) stack their cells on a phone, each cell labelled by
    // its column, so that no column hides past the screen's edge.
    const names = [...(t.tHead?.rows[0]?.cells ?? [])].map((c) => c.textContent);
    if (names.includes("What to do")) {
      t.classList.add("stackable");
      for (const row of t.tBodies[0]?.rows ?? []) [...row.cells].forEach((cell, i) => cell.setAttribute("data-label", names[i] ?? ""));
    }
    const heading = t.closest("section")?.querySelector("h2")?.textContent ?? "table";
    const wrap = scrollRegion(heading, null);
    t.replaceWith(wrap);
    wrap.append(t);
    const pager = paginate(t);
    if (pager) wrap.after(pager);
  }
  return box;
}

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
  spider2: "Cannot check the Spider 2.0 result",
  csv: "Cannot read the CSV",
  cell: "Cannot read a cell",
  argument: "Cannot use this input",
};

/** What a view shows after Stop. */
function stoppedNote(what) {
  return h("p", { class: "note note-hint", role: "status", "data-testid": "stopped" }, `${what} was stopped. Choose or change a file to run it again.`);
}

/** The core's catalogue of error codes (code → description), fetched once from the worker. */
const catalogue = new Map();
function loadCatalogue() {
  call("errorCodes", {}, { view: "errorCodes" })
    .then((entries) => entries.forEach((entry) => catalogue.set(entry.code, entry.description)))
    .catch(() => {});
}

function errorBanner(error, fallback = "Cannot score") {
  const where = error.stage ? ` (${error.stage}${error.taskId ? `, ${error.taskId}` : ""}${error.line ? `, line ${error.line}` : ""})` : "";
  // The headline: what failed (by stage), then the core's description of the code.
  const described = catalogue.get(error.code);
  return h(
    "div",
    { class: "banner fail", "data-testid": "error-banner", role: "alert" },
    h("strong", {}, FAILED[error.stage] ?? fallback),
    h("span", { class: "code" }, `${error.code}${where}`),
    h("span", { class: "msg" }, error.message),
    described && described !== error.message && h("span", { class: "desc", "data-testid": "error-description" }, described),
  );
}

// ---------- tabs ----------

// The submission check comes first: it needs only the predictions folder every participant has.
let activeTab = "suite";
const TABS = ["suite", "check", "explain", "trust", "spider2", "kddcup", "examples"];
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
  const shared = name === "check" && location.hash.startsWith(SHARE_PREFIX);
  if (location.hash !== `#${name}` && !shared) history.replaceState(null, "", `#${name}`);
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
  // A zip member measured but not read ({tooLarge}: over the per-file limit) has only its size.
  const size = typeof input.data === "string" ? new TextEncoder().encode(input.data).length : (input.data.size ?? input.data.tooLarge);
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
  shareFollowsInputs();
  clearTimeout(debounce);
  // A tab opened within the delay has already run on these inputs (and cleared its stale flag):
  // running again would replace the output the user is paging through.
  debounce = setTimeout(() => {
    if (activeTab === "check" && stale.check) runCheck();
    if (activeTab === "explain" && stale.explain) runExplain();
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

// ---------- share link ----------

/** The core's limits on what the page unpacks (share links, zips), from the worker's module. */
let pageLimits = null;
const limits = async () => (pageLimits ??= await call("limits", {}, { view: "limits" }));
const SHARE_PREFIX = "#share=";

const bytesOfInput = async (input) => (typeof input.data === "string" ? new TextEncoder().encode(input.data) : new Uint8Array(await input.data.arrayBuffer()));

/** `parts` (Blob parts) through a compression or decompression stream. */
async function pipeBytes(parts, transform) {
  return new Uint8Array(await new Response(new Blob(parts).stream().pipeThrough(transform)).arrayBuffer());
}

function base64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}


/**
 * The share link: the prediction and the config (their exact bytes and names, never the gold),
 * deflated, in the URL fragment, which browsers do not send to any server.
 * Layout before deflating: a JSON header's length (4 bytes, little-endian), the header
 * {v, prediction: {name, size}, config: {name, size}}, then the prediction's and the config's bytes.
 */
async function shareLink() {
  const parts = [];
  const header = { v: 1 };
  for (const kind of ["prediction", "config"]) {
    const input = inputs[kind];
    if (!input) continue;
    if (input.data?.tooLarge !== undefined) return { error: `${input.name} is over the per-file limit and was not read: it cannot be shared.` };
    const bytes = await bytesOfInput(input);
    header[kind] = { name: input.name, size: bytes.length };
    parts.push(bytes);
  }
  const size = parts.reduce((n, b) => n + b.length, 0);
  const { share_bytes: most } = await limits();
  if (size > most) return { error: `The prediction and config are ${size.toLocaleString("en-US")} bytes; a link holds at most ${most.toLocaleString("en-US")}. Share the files instead.` };
  const head = new TextEncoder().encode(JSON.stringify(header));
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, head.length, true);
  const packed = await pipeBytes([length, head, ...parts], new CompressionStream("deflate-raw"));
  const url = new URL(location.href);
  url.hash = `${SHARE_PREFIX.slice(1)}${base64url(packed)}`;
  return { url: url.href };
}

/**
 * A shown share link belongs to the inputs it was made from: when they change, it goes (and the
 * address no longer holds the old files), so no stale link is copied.
 */
function shareFollowsInputs() {
  if (openingShare) return;
  $("#share-out").hidden = true;
  $("#share-url").value = "";
  $("#share-note").textContent = "";
  if (location.hash.startsWith(SHARE_PREFIX)) history.replaceState(null, "", `#${activeTab}`);
}
/** True while a share link's files are put into the inputs (they are the link's own). */
let openingShare = false;

/** Read a share link's fragment back into the inputs; false when the fragment is not one. */
async function openShared(hash) {
  if (!hash.startsWith(SHARE_PREFIX)) return false;
  let shared;
  try {
    // Inflated in the worker, within the core's share limits.
    shared = await call("openShare", { fragment: hash.slice(SHARE_PREFIX.length) }, { view: "openShare" });
  } catch (error) {
    $("#share-out").hidden = false;
    $("#share-note").textContent = error.code === "share_link_too_large" || error.code === "share_link_damaged" ? error.message : "This share link could not be read: nothing was loaded.";
    return true;
  }
  openingShare = true;
  setInput("gold", null);
  for (const kind of ["prediction", "config"]) {
    const entry = shared[kind];
    setInput(kind, entry ? { name: entry.name, data: new File([entry.bytes], entry.name) } : null);
  }
  openingShare = false;
  $("#share-out").hidden = false;
  $("#share-url").value = location.href;
  $("#share-note").textContent = "Opened from a share link: the prediction and config below are the ones shared (no gold).";
  return true;
}

$("#share").addEventListener("click", async () => {
  const box = $("#share-out");
  box.hidden = false;
  if (!inputs.prediction && !inputs.config) {
    $("#share-url").value = "";
    $("#share-note").textContent = "Add a prediction or a config first: the link holds them (never the gold).";
    return;
  }
  const { url, error } = await shareLink();
  $("#share-url").value = url ?? "";
  if (error) {
    $("#share-note").textContent = error;
    return;
  }
  history.replaceState(null, "", url);
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false; // no clipboard permission: the link is selected for copying by hand
  }
  $("#share-url").select();
  $("#share-note").textContent = `${copied ? "Copied: " : ""}this link opens the page with the same prediction and config (${inputs.gold ? "the gold is left out" : "no gold"}). Anyone you give it to can read them.`;
});

function taskArgs() {
  return {
    prediction: inputs.prediction?.data ?? null,
    config: inputs.config?.data ?? null,
    gold: inputs.gold?.data ?? null,
    configName: inputs.config?.name ?? null,
    predictionName: inputs.prediction?.name ?? null,
  };
}

// ---------- check ----------

let checkRun = 0;

async function runCheck() {
  stale.check = false;
  const out = $("#check-output");
  // A prediction alone is checked; with no prediction, a config and a gold give the verdict
  // of a missing prediction (the examples have one).
  if (!inputs.prediction && !(inputs.config && inputs.gold)) {
    out.replaceChildren(
      h("p", { class: "hint" }, "Add a prediction for an instant pre-submission check (its config adds the column rules; the gold gives the verdict). Or open an example from the ", h("a", { href: "#examples", "data-goto": "examples" }, "Examples"), " tab."),
    );
    out.dataset.done = String(++checkRun);
    return;
  }
  const run = ++checkRun;
  setStatus("checking…", "busy");
  try {
    const { task, verdict, html, warnings } = await call("check", taskArgs());
    if (run !== checkRun) return;
    show(out, renderCheck(task, verdict, html, warnings));
  } catch (error) {
    if (run !== checkRun || superseded(error)) return;
    out.replaceChildren(stopped(error) ? stoppedNote("The check") : errorBanner(error, "Cannot check this task"));
  }
  out.dataset.done = String(run); // lets tests wait for this run's output
  setStatus("ready", "ready");
}

/**
 * The config keys the official evaluator ignores (configWarnings): a warning note, announced to
 * screen readers, or nothing. `testId` names the note in the view.
 */
function configWarningsNote(warnings, testId) {
  if (!warnings?.length) return [];
  const title = warnings.length === 1 ? "A config key is ignored" : `${warnings.length} config keys are ignored`;
  return [
    h(
      "div",
      { class: "note note-warning", role: "status", "data-testid": testId },
      h("strong", {}, `${title}, as by the official evaluator; check for a typo:`),
      h("ul", {}, ...warnings.map((w) => h("li", { "data-code": w.code }, w.message))),
    ),
  ];
}

const tone = (good) => (good ? "pass" : "fail");

/** The colour of a task check's title: ready, failing, or not scored (core statuses). */
const taskTone = (task) => ({ ready: "pass", fails: "fail", not_scored: "warn" })[task.status] ?? null;

/**
 * The check: config warnings, then one verdict. With a gold, the official verdict (the core's
 * record document and column mapping) is the coloured one; the task check below it, the same
 * document as a task row's detail in the Submission check, is then shown uncoloured so that a
 * red and a green title never stand together.
 */
function renderCheck(task, verdict, html, warnings) {
  const parts = [...configWarningsNote(warnings, "check-config-warnings")];
  if (verdict) {
    parts.push(h("h3", {}, "Verdict"), coreDocument(verdict.html, "verdict", tone(verdict.passed)));
    if (!verdict.passed) parts.push(h("p", { class: "hint" }, "The ", h("a", { href: "#explain", "data-goto": "explain" }, "Explain"), " tab shows why."));
  }
  parts.push(h("h3", {}, "Pre-submission check"));
  const doc = coreDocument(html, "validation-document", verdict ? null : taskTone(task));
  doc.dataset.status = task.status;
  parts.push(doc);
  return parts;
}

// ---------- explain ----------

// Participant-safe by default (the core's "participant" level); full values only on request.
$("#explain-full").addEventListener("change", () => {
  stale.explain = true;
  if (activeTab === "explain") runExplain();
});

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
    const redaction = $("#explain-full").checked ? "full" : "participant";
    const { diagnosis, view, html, markdown, warnings } = await call("explain", { ...taskArgs(), pageSize: ROWS_PAGE, redaction });
    if (run !== explainRun) return;
    show(out, [...configWarningsNote(warnings, "explain-config-warnings"), ...renderExplain(diagnosis, view, html, markdown)]);
  } catch (error) {
    if (run !== explainRun || superseded(error)) return;
    out.replaceChildren(stopped(error) ? stoppedNote("The explanation") : errorBanner(error, "Cannot explain this task"));
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

/**
 * The explanation: the verdict, the core's document (summary, mapping, first differing row,
 * missing and extra rows with differing cells marked, cells that do not read, near misses,
 * partial credit) and the interactive side-by-side rows.
 */
function renderExplain(d, view, html, markdown) {
  const doc = coreDocument(html, "explain-document", tone(d.passed));
  doc.dataset.redaction = $("#explain-full").checked ? "full" : "participant";
  // Missing and extra rows next to each other (page layout of two core sections).
  const missing = doc.querySelector('section[data-section="missing_rows"]');
  const extra = doc.querySelector('section[data-section="extra_rows"]');
  if (missing && extra) {
    const pair = h("div", { class: "rows-pair", "data-testid": "rows-pair" });
    missing.before(pair);
    pair.append(missing, extra);
  }
  afterTitle(doc, h("p", { class: "downloads" }, "Download the explanation: ", download("explanation.md", "text/markdown", markdown, "explain-download-md")));
  // The side-by-side rows quote gold cells: only in the full diagnosis.
  return [doc, ...($("#explain-full").checked ? renderSideBySide(d, view) : [])];
}

/** Rows shown per page in the side-by-side view. */
const ROWS_PAGE = 50;

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
/** The last folder chosen (run again when a task list is chosen) and the expected task list. */
let lastSuite = null;
let taskList = null;

/** Score (with gold/) or check (without) a folder or .zip; a new call supersedes the running one. */
async function runSuite(files, source) {
  lastSuite = { files, source };
  const run = { id: suiteRun.id + 1, source, generation: workerGeneration };
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
    const result = await call("suite", { files, taskList: taskList?.data ?? null }, {
      view: "suite",
      onProgress: (p) => {
        bar.max = p.total;
        bar.value = p.done;
        const what = { score: "tasks scored", unzip: "zip members read" }[p.mode] ?? "files checked";
        text.textContent = `${p.done} / ${p.total} ${what}${p.task_id ? ` (${p.task_id})` : ""} · ${source}`;
      },
    });
    if (suiteRun !== run) return;
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const count = result.mode === "score" ? result.summary.task_count : result.report.task_count;
    text.textContent = `${count} / ${count} tasks ${result.mode === "score" ? "scored" : "checked"} in ${seconds} s · ${source}`;
    bar.max = 1;
    bar.value = 1;
    show(out, [
      ...configWarningsNote(result.warnings, "suite-config-warnings"),
      ...(result.mode === "score" ? renderSuite(result) : renderFolder(result)),
    ]);
    out.dataset.done = String(run.id);
  } catch (error) {
    if (suiteRun !== run || superseded(error)) return;
    text.textContent = `stopped${stopped(error) ? ` at ${bar.value} / ${bar.max} tasks` : ""} · ${source}`;
    out.replaceChildren(stopped(error) ? stoppedNote("The submission run") : errorBanner(error, "Cannot read the submission folder"));
    out.dataset.done = String(run.id);
  }
  setStatus("ready", "ready");
}

/** A download link for text the page holds. */
function download(name, type, content, testid) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  return h("a", { class: "download", href: url, download: name, "data-testid": testid }, name);
}

/** Put page controls (downloads) right under a core document's title. */
function afterTitle(doc, element) {
  doc.querySelector(".tabeq-doc > h1")?.after(element);
}

/**
 * A button at the end of each row of a core document's task table whose task (its first cell)
 * `wanted` accepts: it opens that task of the suite on screen in `tab` (page interaction).
 */
function taskButtons(doc, section, tab, wanted) {
  const table = doc.querySelector(`section[data-section="${section}"] table`);
  if (!table) return;
  const source = suiteRun.source;
  const tabName = tab[0].toUpperCase() + tab.slice(1);
  table.tHead.rows[0].append(h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Action")));
  for (const row of table.tBodies[0].rows) {
    const taskId = row.cells[0].textContent;
    row.dataset.task = taskId;
    const label = `${tabName} ${taskId} in the ${tabName} tab`;
    row.append(h("td", {}, wanted(taskId) && h("button", { type: "button", class: "linkish", "aria-label": label, onclick: () => openSuiteTask(taskId, tab, source) }, tab)));
  }
}

/**
 * A "Details" button on each row of the folder report's task table: it opens, under the row, that
 * task checked on its own (the core's task document, the same as the Check tab shows).
 */
function taskDetails(doc, report) {
  const table = doc.querySelector('section[data-section="tasks"] table');
  if (!table) return;
  const source = suiteRun.source;
  const byId = new Map(report.tasks.map((t) => [t.task_id, t]));
  table.tHead.rows[0].append(h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Details")));
  for (const row of [...table.tBodies[0].rows]) {
    const taskId = row.cells[0].textContent;
    const task = byId.get(taskId);
    const cell = h("td", {});
    row.append(cell);
    if (!task?.file) continue;
    const detailId = `task-detail-${taskId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
    const button = h("button", { type: "button", class: "linkish", "aria-expanded": "false", "aria-controls": detailId, "aria-label": `Details of ${taskId}`, "data-detail": taskId }, "details");
    cell.append(button);
    button.addEventListener("click", async () => {
      const open = button.getAttribute("aria-expanded") === "true";
      const existing = document.getElementById(detailId);
      if (open) {
        existing?.remove();
        button.setAttribute("aria-expanded", "false");
        return;
      }
      if (source !== suiteRun.source || suiteRun.generation !== workerGeneration) return;
      const { task: checked, html } = await call("taskCheck", { taskId, file: task.file }, { view: `taskCheck-${taskId}` });
      const detail = h("tr", { id: detailId, class: "task-detail", "data-testid": "task-detail" }, h("td", { colspan: String(row.cells.length) }, coreDocument(html, "task-detail-document", taskTone(checked))));
      existing?.remove();
      row.after(detail);
      button.setAttribute("aria-expanded", "true");
    });
  }
}

/** The skeleton submission's download (configs given), or nothing. */
function skeletonLink(result) {
  if (!result.skeleton) return [];
  const url = URL.createObjectURL(result.skeleton);
  return [" · skeleton submission: ", h("a", { class: "download", href: url, download: "skeleton-submission.zip", "data-testid": "skeleton-download" }, "skeleton-submission.zip")];
}

/** Members of a chosen zip that were not read (too large, damaged, crafted), each with its code. */
function zipProblemsNote(result) {
  const problems = result.zipProblems ?? [];
  if (!problems.length) return [];
  return [
    h(
      "section",
      { class: "zip-problems", "data-testid": "zip-problems", role: "note" },
      h("h3", {}, `${problems.length} ${problems.length === 1 ? "member" : "members"} of the zip not read (the rest were checked)`),
      h("ul", {}, ...problems.map((p) => h("li", {}, h("code", {}, p.code), " ", p.message))),
    ),
  ];
}

/**
 * The check of a predictions folder: the core's report document, its downloads (the JSON is the
 * core's text, the same as `tabeq validate --format json`), the skeleton, and with configs a
 * button per failing task that opens it in the Check tab.
 */
function renderFolder(result) {
  const r = result.report;
  const doc = coreDocument(result.html, "submission-report", tone(r.all_ready));
  afterTitle(
    doc,
    h(
      "p",
      { class: "downloads" },
      "Download the report: ",
      download("submission_check.md", "text/markdown", result.markdown, "submission-download-md"),
      " · ",
      download("submission_check.csv", "text/csv", result.csv, "submission-download-csv"),
      " · ",
      download("submission_check.json", "application/json", result.json, "submission-download-json"),
      ...skeletonLink(result),
    ),
  );
  if (result.withConfigs) taskButtons(doc, "failing", "check", () => true);
  taskDetails(doc, result.report);
  return [...zipProblemsNote(result), doc];
}

/** A scored suite: the core's summary document, the summary download and "explain" on failed tasks. */
function renderSuite(result) {
  const s = result.summary;
  const doc = coreDocument(result.html, "suite-summary", s.passed_task_count === s.task_count ? "pass" : s.passed_task_count ? "warn" : "fail");
  afterTitle(doc, h("p", { class: "downloads" }, "Download the official summary: ", download("evaluation_summary.json", "application/json", result.summaryJson, "suite-download"), ...skeletonLink(result)));
  const failed = new Set(s.tasks.filter((t) => !t.passed).map((t) => t.task_id));
  taskButtons(doc, "tasks", "explain", (taskId) => failed.has(taskId));
  return [...zipProblemsNote(result), doc];
}

/** Load one task of the suite on screen into the task inputs and open `tab`. */
async function openSuiteTask(taskId, tab, source) {
  if (source !== suiteRun.source) return; // a newer folder replaced the one this row belongs to
  if (suiteRun.generation !== workerGeneration) {
    // Stop restarted the scorer, which held the folder's files: they must be chosen again.
    setStatus("choose the folder again to open its tasks (Stop cleared it)", "ready");
    return;
  }
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
wirePicker($("#task-list-pick"), $("#task-list-file"));
$("#task-list-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  taskList = { name: file.name, data: file };
  $("#task-list-info").textContent = `expected tasks from ${file.name}`;
  if (lastSuite) runSuite(lastSuite.files, lastSuite.source);
});
wirePicker($("#input-root-pick"), $("#input-root-folder"));
$("#input-root-folder").addEventListener("change", (event) => {
  const chosen = [...event.target.files];
  const name = folderName(event.target.files);
  event.target.value = "";
  if (!chosen.length) return;
  // Paths relative to the chosen folder; the core picks the task_N/task.json among them.
  const paths = chosen.map((f) => f.webkitRelativePath.split("/").slice(1).join("/"));
  taskList = { name: `${name}/`, data: paths };
  $("#task-list-info").textContent = `expected tasks from the folder ${name}/`;
  if (lastSuite) runSuite(lastSuite.files, lastSuite.source);
});
$("#suite-example").addEventListener("click", () => runSuite(exampleSuiteFiles().map((f) => ({ path: f.path, file: f.text })), "the example suite"));

// ---------- trust ----------

let trustSource = null;

async function runTrust() {
  if (!trustSource) return;
  const out = $("#trust-output");
  const source = trustSource;
  const kind = $("#trust-kind").value;
  setStatus("computing trust metrics…", "busy");
  try {
    const by = $("#trust-by").value.split(",");
    const { html, markdown } = await call("trust", { records: source.data, kind, by });
    show(out, [
      h("p", { class: "hint", "data-testid": "trust-source" }, `${source.name} · ${kind} · grouped by ${by.join(", ")} · `, download("trust_report.md", "text/markdown", markdown, "trust-download-md")),
      coreDocument(html, "trust-report"),
    ]);
  } catch (error) {
    if (superseded(error)) return;
    show(out, [stopped(error) ? stoppedNote("The trust metrics") : errorBanner(error, "Cannot compute the trust metrics")]);
  }
  out.dataset.done = String(Number(out.dataset.done ?? 0) + 1);
  setStatus("ready", "ready");
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
  $("#trust-kind").value = "reliability";
  runTrust();
});
$("#trust-example-robustness").addEventListener("click", () => {
  trustSource = { name: "example robustness records", data: exampleRobustnessRecords() };
  $("#trust-kind").value = "robustness";
  $("#trust-by").value = "model,dataset";
  runTrust();
});
$("#trust-by").addEventListener("change", runTrust);
$("#trust-kind").addEventListener("change", runTrust);

// ---------- Spider 2.0 ----------

/** The Spider 2.0 files ({name, data}): the result (null until chosen) and the golds. */
const spider2Inputs = { result: null, golds: [] };

/** Show the chosen files and check again. */
function spider2InputsChanged() {
  const { result, golds } = spider2Inputs;
  $('.spider2-card[data-spider2="result"]').classList.toggle("loaded", Boolean(result));
  $("#spider2-result-info").textContent = describeInput(result);
  $('.spider2-card[data-spider2="gold"]').classList.toggle("loaded", golds.length > 0);
  const goldInfo = golds.length > 1 ? `${golds.length} golds: ${golds.map(describeInput).join("; ")}` : describeInput(golds[0] ?? null);
  $("#spider2-gold-info").textContent = goldInfo;
  $("#spider2-gold-info").title = goldInfo;
  runSpider2();
}

/** The core's explanation of the result against the golds (checked in the worker, nothing uploaded). */
async function runSpider2() {
  const out = $("#spider2-output");
  const { result, golds } = spider2Inputs;
  if (!result || golds.length === 0) {
    show(out, [h("p", { class: "hint" }, "Add the result CSV and its gold CSV (or several golds) to check it.")]);
    return;
  }
  setStatus("checking the Spider 2.0 result…", "busy");
  try {
    const outcome = await call("spider2", {
      result: result.data,
      golds: golds.map((gold) => gold.data),
      conditionCols: $("#spider2-condition").value,
      ignoreOrder: $("#spider2-ignore-order").checked,
      // lite and Snow differ where condition_cols is falsy but not [] (such as 0): the official
      // lite compares every column, Snow only the listed ones.
      variant: $("#spider2-variant").value,
    });
    // The banner: a pass with soundness warnings is not a clean pass.
    const tone = outcome.passed ? (outcome.warnings.length ? "warn" : "pass") : "fail";
    show(out, [
      h("p", { class: "hint", "data-testid": "spider2-source" }, `${result.name} against ${golds.map((gold) => gold.name).join(", ")}`),
      coreDocument(outcome.explanation, "spider2-report", tone),
    ]);
    out.dataset.passed = String(outcome.passed);
  } catch (error) {
    if (superseded(error)) return;
    show(out, [stopped(error) ? stoppedNote("The Spider 2.0 check") : errorBanner(error, "Cannot check the Spider 2.0 result")]);
    delete out.dataset.passed;
  }
  out.dataset.done = String(Number(out.dataset.done ?? 0) + 1);
  setStatus("ready", "ready");
}

/** The core's reason for a result_eq verdict, in words. */
function sqlEqReason(verdict) {
  switch (verdict.reason) {
    case "both_empty": return "Both results are empty.";
    case "row_count_differs": return "The row counts differ.";
    case "column_count_differs": return "The first rows have different column counts.";
    case "quick_rejected":
      return verdict.permutationMatches
        ? "Rejected by the official's quick check (its sorted first-row keys differ), although a column permutation does match: a soundness warning the official cannot give."
        : "Rejected by the official's quick check (its sorted first-row keys differ).";
    case "no_permutation":
      return verdict.unmatchedColumn === null || verdict.unmatchedColumn === undefined
        ? "No column permutation of result2 matches result1."
        : `No column permutation matches: result1 column #${verdict.unmatchedColumn} holds values no result2 column holds.`;
    case "match": return `A column permutation matches: result1 column #i is result2 column #[${verdict.permutation.join(", ")}][i].`;
    default: return verdict.reason;
  }
}

/** result_eq on the two pasted tables; the verdict, then focus on it. */
async function runSqlEq() {
  const out = $("#sqleq-output");
  setStatus("comparing the two results…", "busy");
  try {
    const verdict = await call("sqlResultEq", {
      result1: $("#sqleq-result1").value,
      result2: $("#sqleq-result2").value,
      orderMatters: $("#sqleq-order").checked,
    });
    const tone = verdict.equal ? (verdict.permutationMatches ? "warn" : "pass") : verdict.permutationMatches ? "warn" : "fail";
    show(out, [
      h("div", { class: `banner ${tone}`, "data-testid": "sqleq-verdict" }, h("strong", {}, `result_eq: ${verdict.equal ? "True" : "False"}`), h("span", { class: "msg" }, `${verdict.reason}: ${sqlEqReason(verdict)}`)),
    ]);
    out.dataset.equal = String(verdict.equal);
  } catch (error) {
    if (superseded(error)) return;
    show(out, [errorBanner(error, "Cannot compare the two results")]);
    delete out.dataset.equal;
  }
  out.dataset.done = String(Number(out.dataset.done ?? 0) + 1);
  setStatus("ready", "ready");
  out.focus();
}
$("#sqleq-run").addEventListener("click", runSqlEq);

const fileInput = (file) => ({ name: file.name, data: file });
wirePicker($("#spider2-pick-result"), $("#spider2-result-file"));
wirePicker($("#spider2-pick-gold"), $("#spider2-gold-files"));
$("#spider2-result-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (file) {
    spider2Inputs.result = fileInput(file);
    spider2InputsChanged();
  }
});
$("#spider2-gold-files").addEventListener("change", (event) => {
  const files = [...event.target.files];
  event.target.value = "";
  if (files.length) {
    spider2Inputs.golds = files.map(fileInput);
    spider2InputsChanged();
  }
});
wireDrop($('[data-spider2-drop="result"]'), (transfer) => {
  const file = transfer.files[0];
  if (file) {
    spider2Inputs.result = fileInput(file);
    spider2InputsChanged();
  }
});
wireDrop($('[data-spider2-drop="gold"]'), (transfer) => {
  const files = [...transfer.files];
  if (files.length) {
    spider2Inputs.golds = files.map(fileInput);
    spider2InputsChanged();
  }
});
let spider2Debounce = null;
$("#spider2-condition").addEventListener("input", () => {
  clearTimeout(spider2Debounce);
  spider2Debounce = setTimeout(runSpider2, 300);
});
$("#spider2-ignore-order").addEventListener("change", runSpider2);
$("#spider2-variant").addEventListener("change", runSpider2);
$("#spider2-clear").addEventListener("click", () => {
  spider2Inputs.result = null;
  spider2Inputs.golds = [];
  $("#spider2-condition").value = "";
  $("#spider2-ignore-order").checked = false;
  $("#spider2-variant").value = "lite";
  spider2InputsChanged();
});
$("#spider2-example").addEventListener("click", () => {
  const { result, golds, conditionCols, ignoreOrder } = SPIDER2_EXAMPLE;
  spider2Inputs.result = { name: "result.csv", data: result };
  spider2Inputs.golds = [{ name: "gold.csv", data: golds[0] }];
  $("#spider2-condition").value = conditionCols;
  $("#spider2-ignore-order").checked = ignoreOrder;
  spider2InputsChanged();
});

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

// ---------- KDD Cup Phase-1 (web-demo/kddcup.js) ----------

setupKddcup({ $, h, call, show, setStatus, errorBanner, stopped, superseded, stoppedNote, wireDrop, wirePicker, folderFiles, droppedFolderFiles, folderName, scrollRegion, download, plural });

// ---------- start ----------

startWorker();
$("#stop").addEventListener("click", stopAll);

call("version")
  .then((version) => {
    $("#version").textContent = `tabeq ${version}`;
    setStatus("ready", "ready");
    loadCatalogue();
  })
  .catch((error) => setStatus(`the scorer failed to load: ${error.message}`, ""));

const initial = location.hash.slice(1);
showTab(TABS.includes(initial) ? initial : location.hash.startsWith(SHARE_PREFIX) ? "check" : "suite");
openShared(location.hash);
window.addEventListener("hashchange", () => openShared(location.hash));

// Installable and usable offline after one visit (sw.js); not for the single-file page (file://).
if ("serviceWorker" in navigator && location.protocol.startsWith("http") && !globalThis.TABEQ_WORKER_URL) {
  navigator.serviceWorker.register(new URL("./sw.js", import.meta.url)).catch((error) => console.warn(`offline use unavailable: ${error.message}`));
}
