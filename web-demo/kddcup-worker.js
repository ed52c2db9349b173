// The KDD Cup 2026 Phase-1 tab's work, run in the page's worker (worker.js imports it and hands
// it the kddcup module, the zip reader and the page's limits): a run folder (and, when the
// participant has them, the public gold and input folders) from the page's files to the core's
// `kddcupScoreRun`, as the official `dabench score-run RUN --gold-dir GOLD --input-dir INPUT` reads
// them, and every prediction through the official reader first, which needs no gold.

/** One chosen folder or .zip ({name, files: [{path, file}]}) as {root, files: Map(path -> Blob)}. */
async function expand(source, { readZip, limits }) {
  const zipped = source.files.length === 1 && /\.zip$/i.test(source.files[0].path);
  if (!zipped) return { root: source.name, files: new Map(source.files.map((f) => [f.path, f.file])), skipped: [] };
  const bytes = new Uint8Array(await source.files[0].file.arrayBuffer());
  const entries = await readZip(bytes, limits);
  const skipped = entries.filter((e) => e.problem).map((e) => ({ path: e.path, ...e.problem }));
  let usable = entries.filter((e) => !e.problem && !e.path.endsWith("/"));
  // A .zip of the folder itself holds one top folder: that folder is the root (as when unzipped).
  const tops = new Set(usable.map((e) => e.path.split("/")[0]));
  let root = source.name.replace(/\.zip$/i, "");
  if (tops.size === 1 && usable.every((e) => e.path.includes("/"))) {
    const [top] = tops;
    const nested = usable.some((e) => /^[^/]+\/[^/]+\/[^/]+$/.test(e.path));
    if (nested) {
      root = top;
      usable = usable.map((e) => ({ ...e, path: e.path.slice(top.length + 1) }));
    }
  }
  return { root, files: new Map(usable.map((e) => [e.path, e.file])), skipped };
}

/** The `<task>/<name>` files directly under a folder, by task folder name (in path order). */
function byTask(files, name) {
  const out = new Map();
  for (const [path, file] of files) {
    const parts = path.split("/");
    if (parts.length === 2 && parts[1] === name && parts[0] !== "") out.set(parts[0], file);
  }
  return out;
}

/** The official task order: `task_<digits>` by number, then the others by name. */
function taskOrder(a, b) {
  const na = /^task_(\d+)$/.exec(a);
  const nb = /^task_(\d+)$/.exec(b);
  if (na && nb) return BigInt(na[1]) < BigInt(nb[1]) ? -1 : BigInt(na[1]) > BigInt(nb[1]) ? 1 : 0;
  if (na || nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The report's time as the official writes it: UTC, to the second. */
const now = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");

/**
 * Score a run: `args` {run, gold, input, penaltyWeight, strictCommas}, each folder
 * {name, files} or null. Returns {runRoot, goldRoot, inputRoot, checks, skipped, result, fatal}:
 * `checks`, each `task_*` prediction through the official reader ({taskId, path, bytes, refusal});
 * `result`, what `kddcupScoreRun` returns (null without gold); `fatal`, the coded error that stops
 * the official run (no report then).
 */
export async function kddcupRun(args, { module, readZip, limits, progress, stillCurrent }) {
  const run = await expand(args.run, { readZip, limits });
  const predictions = byTask(run.files, "prediction.csv");
  const gold = args.gold ? await expand(args.gold, { readZip, limits }) : null;
  const input = args.input ? await expand(args.input, { readZip, limits }) : null;
  const skipped = [run, gold, input].flatMap((folder) => folder?.skipped ?? []);
  const predictionBytes = {};
  const checks = [];
  const ids = [...predictions.keys()].sort(taskOrder);
  let done = 0;
  for (const taskId of ids) {
    const bytes = new Uint8Array(await predictions.get(taskId).arrayBuffer());
    predictionBytes[taskId] = bytes;
    const path = `${run.root}/${taskId}/prediction.csv`;
    if (taskId.startsWith("task_")) checks.push({ taskId, path, bytes: bytes.length, refusal: module.kddcupReaderCheck(bytes, path) });
    done += 1;
    if (done % 50 === 0) {
      progress?.({ done, total: ids.length });
      await stillCurrent?.();
    }
  }
  let result = null;
  let fatal = null;
  const goldBytes = {};
  if (gold) {
    for (const [taskId, file] of byTask(gold.files, "gold.csv")) goldBytes[taskId] = new Uint8Array(await file.arrayBuffer());
    let taskJson = null;
    if (input) {
      taskJson = {};
      for (const [taskId, file] of byTask(input.files, "task.json")) taskJson[taskId] = new Uint8Array(await file.arrayBuffer());
    }
    await stillCurrent?.();
    try {
      result = module.kddcupScoreRun(
        { predictions: predictionBytes, gold: goldBytes, taskJson },
        {
          predictionsRoot: run.root,
          goldRoot: gold.root,
          inputRoot: input?.root ?? null,
          penaltyWeight: args.penaltyWeight,
          strictCommas: args.strictCommas,
          evaluatedAt: now(),
        },
      );
    } catch (error) {
      if (!String(error?.code ?? "").startsWith("kddcup_")) throw error;
      fatal = { code: error.code, stage: error.stage, message: error.message };
    }
    // What the official report lacks, at the participant level (no gold value): for each task that
    // read but missed a gold column, the closest prediction column and where the two part.
    if (result) {
      result.explanations = {};
      for (const [taskId, score] of Object.entries(result.report.per_task)) {
        if (score.status !== "partial_match" && score.status !== "no_match") continue;
        if (!(taskId in predictionBytes) || !(taskId in goldBytes)) continue;
        const explanation = module.kddcupExplainTask(predictionBytes[taskId], goldBytes[taskId], {
          penaltyWeight: args.penaltyWeight,
          strictCommas: args.strictCommas,
          predictionPath: `${run.root}/${taskId}/prediction.csv`,
          goldPath: `${gold.root}/${taskId}/gold.csv`,
        });
        if (explanation.missed_columns.length) result.explanations[taskId] = explanation.missed_columns;
      }
    }
  }
  return { runRoot: run.root, goldRoot: gold?.root ?? null, inputRoot: input?.root ?? null, checks, skipped, result, fatal };
}
