// The package's entry for browsers and bundlers (pkg/tabeq.js, pkg-bundler/tabeq.js): one API over
// three WebAssembly modules, so that scoring does not download the diagnosis and the submission
// check. tabeq_score (evaluate, Gold, SuiteRun, …) loads in `init`; tabeq_explain and
// tabeq_submission load in `init` too unless `load` names fewer, or later with `loadModule`. The
// bundler build instantiates every module on import. Copied by scripts/build-wasm.sh, which
// appends freed-guard.js and credit-gold.js.
import initScore, { Gold as ScoreGold } from "./tabeq_score.js";
import * as explainModule from "./tabeq_explain.js";
import * as submissionModule from "./tabeq_submission.js";

export {
  initSync,
  version,
  errorCodes,
  message,
  pageLimits,
  profiles,
  score,
  evaluate,
  configWarnings,
  readTable,
  canonicalize,
  SuiteRun,
} from "./tabeq_score.js";

const MODULES = { explain: explainModule, submission: submissionModule };

/** The module `name`, or a coded TabeqError when it is not loaded yet. */
function loaded(name) {
  const module = MODULES[name];
  if (module.__tabeqLoaded()) return module;
  const error = new Error(`the ${name} module is not loaded: await loadModule("${name}") first (or init() without "load")`);
  Object.assign(error, { name: "TabeqError", code: "module_not_loaded", stage: "argument", taskId: null, line: null });
  throw error;
}

/** Load `name` ("explain" or "submission"), from `source` or the .wasm next to this file. */
export async function loadModule(name, source) {
  if (!Object.hasOwn(MODULES, name)) throw new TypeError(`loadModule: unknown module ${JSON.stringify(name)}`);
  if (!MODULES[name].__tabeqLoaded()) {
    await MODULES[name].default(source === undefined ? undefined : { module_or_path: source });
  }
}

/**
 * Load the score module (from `module_or_path`, the old single module's argument) and the modules
 * named by `load` (default: both), in parallel.
 */
export default async function init(options) {
  const isOptions = options !== null && typeof options === "object" && ("module_or_path" in options || "load" in options);
  const { module_or_path: source, load = Object.keys(MODULES) } = isOptions ? options : { module_or_path: options };
  await Promise.all([initScore(source === undefined ? undefined : { module_or_path: source }), ...load.map((name) => loadModule(name))]);
}

export const Gold = __tabeqWithPartialCredit(ScoreGold, () => loaded("explain"));
export const explain = (...args) => loaded("explain").explain(...args);
export const explainDocument = (...args) => loaded("explain").explainDocument(...args);
export const validatePrediction = (...args) => loaded("explain").validatePrediction(...args);
export const validationDocument = (...args) => loaded("explain").validationDocument(...args);
export const renderDocument = (...args) => loaded("explain").renderDocument(...args);
export const sniffFile = (...args) => loaded("submission").sniffFile(...args);
export const parseTaskList = (...args) => loaded("submission").parseTaskList(...args);
export const inputTaskIds = (...args) => loaded("submission").inputTaskIds(...args);
export const skeletonFiles = (...args) => loaded("submission").skeletonFiles(...args);
export const checkTask = (...args) => loaded("submission").checkTask(...args);
export const renderTaskCheck = (...args) => loaded("submission").renderTaskCheck(...args);

/** SubmissionRun of the submission module, which must be loaded to construct one. */
export class SubmissionRun extends submissionModule.SubmissionRun {
  constructor(configFiles, predictionDirs) {
    loaded("submission");
    super(configFiles, predictionDirs);
  }
}

/** PredictionsFolderRun of the submission module, which must be loaded to construct one. */
export class PredictionsFolderRun extends submissionModule.PredictionsFolderRun {
  constructor(paths, configFiles, expectedTasks) {
    loaded("submission");
    super(paths, configFiles, expectedTasks);
  }
}
