// The KDD Cup 2026 Phase-1 tab: a run folder (task_N/prediction.csv, or its .zip) scored in this
// page with the official `dabench score-run` rules (the work runs in the worker:
// kddcup-worker.js). Without gold, every prediction still goes through the official reader, so a
// participant sees each file that would score `read_error` before uploading. app.js calls
// `setupKddcup` with its helpers; this file builds the tab's content.

const INTRO =
  "Score a KDD Cup 2026 data-agent Phase-1 run with the official rules of the starter kit's dabench score-run: every column is normalized cell by cell and hashed, prediction and gold columns are matched as multisets, and score = max(0, recall − penalty weight × extra columns / predicted columns). Choose your run folder (task_N/prediction.csv, or a .zip of it): each prediction is read as the official reader reads it, and every file it would refuse is named with its line and column, no gold needed. Add the gold folder you have (task_N/gold.csv) for the scores, and the input folder (task_N/task.json) for the means per difficulty. Everything is computed in this page: nothing is uploaded.";

/** The three folders of a run, as the official command takes them. */
const FOLDERS = [
  { key: "run", title: "Run folder", tag: ["req", "required"], what: "task_N/prediction.csv" },
  { key: "gold", title: "Gold folder", tag: ["opt", "optional: gives the scores"], what: "task_N/gold.csv" },
  { key: "input", title: "Input folder", tag: ["opt", "optional: difficulties"], what: "task_N/task.json" },
];

/** A number as the report shows it (the official report's floats at four places). */
const fixed = (x) => (Number.isFinite(x) ? x.toFixed(4) : String(x));

/** On a phone a wide table stacks each row into cells labelled by their column (style.css). */
function stackable(table) {
  table.classList.add("stackable");
  const names = [...table.tHead.rows[0].cells].map((c) => c.textContent);
  for (const row of table.tBodies[0].rows) [...row.cells].forEach((cell, i) => cell.setAttribute("data-label", names[i] ?? ""));
  return table;
}

export function setupKddcup(ctx) {
  const { $, h, call, show, setStatus, errorBanner, stopped, superseded, stoppedNote, wireDrop, wirePicker, folderFiles, droppedFolderFiles, folderName, scrollRegion, download, plural } = ctx;
  const panel = $("#tab-kddcup");
  /** The chosen folders ({name, files}) by key; null until chosen. */
  const chosen = { run: null, gold: null, input: null };

  const card = ({ key, title, tag, what }) => {
    const folderInput = h("input", { type: "file", id: `kddcup-${key}-folder`, webkitdirectory: true, multiple: true, hidden: true });
    const zipInput = h("input", { type: "file", id: `kddcup-${key}-zip`, accept: ".zip,application/zip", hidden: true });
    const pickFolder = h("button", { type: "button", class: "linkish", id: `kddcup-pick-${key}-folder`, "aria-label": `choose a folder: ${title.toLowerCase()}` }, "choose a folder");
    const pickZip = h("button", { type: "button", class: "linkish", id: `kddcup-pick-${key}-zip`, "aria-label": `choose a .zip: ${title.toLowerCase()}` }, "a .zip");
    const drop = h("div", { class: "drop", "data-kddcup-drop": key }, "Drop the folder (", h("code", {}, what), ") or its .zip here, ", pickFolder, " or ", pickZip, folderInput, zipInput);
    const info = h("div", { class: "file-info", id: `kddcup-${key}-info`, "data-testid": `kddcup-${key}-info` }, "none");
    wirePicker(pickFolder, folderInput);
    wirePicker(pickZip, zipInput);
    folderInput.addEventListener("change", () => {
      const files = folderFiles(folderInput.files);
      const name = folderName(folderInput.files);
      folderInput.value = "";
      if (files.length) choose(key, { name, files });
    });
    zipInput.addEventListener("change", () => {
      const file = zipInput.files[0];
      zipInput.value = "";
      if (file) choose(key, { name: file.name, files: [{ path: file.name, file }] });
    });
    wireDrop(drop, async (transfer) => {
      const single = transfer.files.length === 1 && /\.zip$/i.test(transfer.files[0].name) ? transfer.files[0] : null;
      if (single) return choose(key, { name: single.name, files: [{ path: single.name, file: single }] });
      const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
      const files = await droppedFolderFiles(transfer);
      if (files.length) choose(key, { name: entries.length === 1 ? entries[0].name : "dropped", files });
    });
    return h("div", { class: "spider2-card", "data-kddcup": key }, h("h2", { id: `kddcup-${key}-title` }, `${title} `, h("span", { class: tag[0] }, tag[1])), drop, info);
  };

  const weight = h("input", { type: "number", id: "kddcup-weight", min: "0", step: "0.05", value: "0.1", "aria-describedby": "kddcup-options-hint" });
  const strict = h("input", { type: "checkbox", id: "kddcup-strict" });
  const clear = h("button", { type: "button", id: "kddcup-clear", class: "secondary" }, "Clear");
  const output = h("div", { id: "kddcup-output", "data-testid": "kddcup-output", "aria-live": "polite" });
  panel.replaceChildren(
    h(
      "div",
      { class: "spider2-picker" },
      h("p", {}, INTRO),
      h("div", { class: "spider2-inputs" }, FOLDERS.map(card)),
      h(
        "div",
        { class: "spider2-options" },
        h("label", { class: "inline", for: "kddcup-weight" }, "penalty weight ", weight),
        h("label", { class: "inline" }, strict, " strict commas"),
        clear,
      ),
      h("p", { id: "kddcup-options-hint", class: "hint" }, "As dabench score-run --penalty-weight (0.1) and --strict-commas (a comma in a number is then kept as text)."),
    ),
    output,
  );

  function info(key) {
    const folder = chosen[key];
    const box = $(`[data-kddcup="${key}"]`, panel);
    box.classList.toggle("loaded", Boolean(folder));
    const zipped = folder && folder.files.length === 1 && /\.zip$/i.test(folder.files[0].path);
    $(`#kddcup-${key}-info`, panel).textContent = !folder ? "none" : zipped ? folder.name : `${folder.name}/ · ${plural(folder.files.length, "file", "files")}`;
  }

  function choose(key, folder) {
    chosen[key] = folder;
    info(key);
    runKddcup();
  }

  let debounce = null;
  weight.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(runKddcup, 300);
  });
  strict.addEventListener("change", runKddcup);
  clear.addEventListener("click", () => {
    for (const key of Object.keys(chosen)) {
      chosen[key] = null;
      info(key);
    }
    weight.value = "0.1";
    strict.checked = false;
    output.replaceChildren();
  });

  /** The reader's findings: every prediction that would be read_error, with where. */
  function readerSection(result) {
    const refused = result.checks.filter((c) => c.refusal);
    const heading = h("h3", {}, "Unreadable predictions");
    if (result.checks.length === 0) {
      return h("section", { "data-testid": "kddcup-reader" }, heading, h("p", { class: "note note-hint" }, `No task_N/prediction.csv directly under ${result.runRoot}/: is this the run folder?`));
    }
    if (refused.length === 0) {
      return h("section", { "data-testid": "kddcup-reader" }, heading, h("p", { class: "note note-note", "data-testid": "kddcup-reader-ok" }, `Each of the ${plural(result.checks.length, "prediction", "predictions")} reads as the official reader reads it.`));
    }
    const rows = refused.map((c) =>
      h(
        "tr",
        { class: "bad", "data-task": c.taskId },
        h("td", {}, c.path),
        h("td", { class: "num" }, String(c.refusal.line)),
        h("td", { class: "num" }, c.refusal.column === null ? "–" : String(c.refusal.column)),
        h("td", {}, h("code", {}, c.refusal.status)),
        h("td", { class: "raw" }, c.refusal.error),
      ),
    );
    const table = h("table", { "data-testid": "kddcup-unreadable" }, h("thead", {}, h("tr", {}, h("th", {}, "File"), h("th", { class: "num" }, "Line"), h("th", { class: "num" }, "Column"), h("th", {}, "Scored as"), h("th", {}, "Reader's error"))), h("tbody", {}, rows));
    return h(
      "section",
      { "data-testid": "kddcup-reader" },
      heading,
      h("p", { class: "note note-error", role: "alert", "data-testid": "kddcup-reader-alert" }, `${plural(refused.length, "prediction", "predictions")} of ${result.checks.length} would score 0 as read_error: the official reader refuses ${refused.length === 1 ? "it" : "them"}.`),
      scrollRegion("Unreadable predictions", stackable(table)),
    );
  }

  /** The official report as a page: totals, per difficulty, per task. */
  function reportSection(result) {
    const { report, json, summary, difficulties } = result.result;
    const a = report.aggregate;
    const tasks = Object.entries(report.per_task);
    const taskRows = tasks.map(([id, s], i) =>
      h(
        "tr",
        { class: s.score > 0 ? null : "bad", "data-task": id },
        h("td", {}, id),
        h("td", {}, difficulties[i]),
        h("td", {}, h("span", { class: s.status === "perfect_match" ? "ok" : s.score > 0 ? null : "no" }, s.status)),
        h("td", { class: "num" }, fixed(s.score)),
        h("td", { class: "num" }, fixed(s.recall)),
        h("td", { class: "num" }, fixed(s.penalty)),
        h("td", { class: "num" }, `${s.matched_columns} / ${s.gold_columns}`),
        h("td", { class: "num" }, String(s.extra_columns)),
        h("td", { class: "raw" }, s.error ?? ""),
      ),
    );
    const perTask = h(
      "table",
      { "data-testid": "kddcup-per-task" },
      h("thead", {}, h("tr", {}, ["Task", "Difficulty", "Status", "Score", "Recall", "Penalty", "Matched / gold columns", "Extra columns", "Error"].map((t, i) => h("th", { class: i >= 3 && i <= 7 ? "num" : null }, t)))),
      h("tbody", {}, taskRows),
    );
    const byDifficulty = h(
      "table",
      { "data-testid": "kddcup-by-difficulty" },
      h("thead", {}, h("tr", {}, h("th", {}, "Difficulty"), h("th", { class: "num" }, "Tasks"), h("th", { class: "num" }, "Mean score"))),
      h("tbody", {}, Object.entries(a.by_difficulty).map(([d, stats]) => h("tr", {}, h("td", {}, d), h("td", { class: "num" }, String(stats.count)), h("td", { class: "num" }, fixed(stats.mean_score))))),
    );
    return h(
      "section",
      { "data-testid": "kddcup-report" },
      h("h3", {}, "Scores"),
      h("p", { class: "summary", "data-testid": "kddcup-summary" }, summary),
      h(
        "ul",
        { class: "facts", "data-testid": "kddcup-facts" },
        h("li", {}, `mean recall ${fixed(a.mean_recall)}`),
        h("li", {}, `${a.tasks_scored_nonzero} of ${a.task_count} tasks above 0`),
        h("li", {}, `${a.tasks_missing} missing`),
        h("li", {}, `${a.tasks_with_read_errors} unreadable`),
      ),
      h("p", { class: "downloads" }, "The official report: ", download("scores.json", "application/json", json, "kddcup-download-json")),
      h("h4", {}, "By difficulty"),
      scrollRegion("Scores by difficulty", byDifficulty),
      h("h4", {}, "Per task"),
      scrollRegion("Scores per task", stackable(perTask)),
      missedSection(result.result.explanations),
    );
  }

  /** Each missed gold column of each task with its closest prediction column (no gold value). */
  function missedSection(explanations) {
    const rows = [];
    for (const [taskId, missed] of Object.entries(explanations ?? {})) {
      for (const m of missed) {
        const c = m.closest;
        const d = c?.first_difference;
        const where = !c
          ? "the prediction has no column left"
          : !d
            ? "the same values as this prediction column, which another gold column with these values already took: one more such column is needed"
            : d.prediction_value === null
            ? `the prediction column ends after ${d.position} values (the gold has ${m.gold_rows})`
            : d.gold_ended
              ? `the prediction has more values: ${JSON.stringify(d.prediction_value)} at sorted position ${d.position + 1} has no gold counterpart`
              : `sorted position ${d.position + 1}: the prediction has ${JSON.stringify(d.prediction_value)}${d.prediction_cell !== d.prediction_value ? ` (cell ${JSON.stringify(d.prediction_cell)})` : ""}, the gold another value`;
        rows.push(
          h(
            "tr",
            { "data-task": taskId, "data-gold-index": String(m.gold_index) },
            h("td", {}, taskId),
            h("td", {}, `${m.gold_index + 1} ${JSON.stringify(m.gold_name)}`),
            h("td", {}, c ? `${c.prediction_index + 1} ${JSON.stringify(c.prediction_name)}` : "–"),
            h("td", { class: "num" }, c ? `${c.shared_values} of ${m.gold_rows}` : "–"),
            h("td", { class: "raw" }, where),
          ),
        );
      }
    }
    if (!rows.length) return null;
    const table = h(
      "table",
      { "data-testid": "kddcup-missed" },
      h("thead", {}, h("tr", {}, h("th", {}, "Task"), h("th", {}, "Gold column"), h("th", {}, "Closest prediction column"), h("th", { class: "num" }, "Values shared"), h("th", {}, "First difference"))),
      h("tbody", {}, rows),
    );
    return h(
      "section",
      { "data-testid": "kddcup-missed-section" },
      h("h4", {}, "Gold columns without a partner"),
      h("p", { class: "hint" }, "Not in the official report: each gold column no prediction column matched, the prediction column sharing the most normalized values with it, and the first place their sorted values part. Gold values are never shown."),
      scrollRegion("Gold columns without a partner", stackable(table)),
    );
  }

  async function runKddcup() {
    if (!chosen.run) return;
    const penaltyWeight = weight.value.trim() === "" ? 0.1 : Number(weight.value);
    setStatus("scoring the KDD Cup run…", "busy");
    try {
      const result = await call("kddcup", { run: chosen.run, gold: chosen.gold, input: chosen.input, penaltyWeight, strictCommas: strict.checked }, { view: "kddcup" });
      const source = [`Run ${result.runRoot}/`, result.goldRoot && `gold ${result.goldRoot}/`, result.inputRoot && `input ${result.inputRoot}/`].filter(Boolean).join(" · ");
      show(output, [
        h("h2", {}, "KDD Cup Phase-1 check"),
        h("p", { class: "hint", "data-testid": "kddcup-source" }, source),
        result.skipped.length ? h("p", { class: "note note-hint" }, `Not read from the .zip: ${result.skipped.map((s) => `${s.path} (${s.message})`).join("; ")}`) : null,
        readerSection(result),
        result.fatal ? errorBanner(result.fatal, "The official score-run would stop") : null,
        result.result ? reportSection(result) : !result.fatal ? h("p", { class: "hint", "data-testid": "kddcup-no-gold" }, "Add the gold folder for the scores.") : null,
      ]);
    } catch (error) {
      if (superseded(error)) return;
      show(output, [stopped(error) ? stoppedNote("The KDD Cup check") : errorBanner(error, "Cannot score the KDD Cup run")]);
    }
    output.dataset.done = String(Number(output.dataset.done ?? 0) + 1);
    setStatus("ready", "ready");
  }
}
