// The package's entry for Node (pkg-node/tabeq.js; pkg-node/tabeq.mjs re-exports it): one API over
// three WebAssembly modules. Requiring it instantiates tabeq_score (evaluate, Gold, SuiteRun, …);
// tabeq_explain and tabeq_submission are instantiated at the first call that needs them.
// Copied by scripts/build-wasm.sh, which appends freed-guard.js and credit-gold.js.
"use strict";

const score = require("./tabeq_score.js");

/** A module required on first use. */
function lazy(file) {
  let module;
  return () => (module ??= require(file));
}
const explainModule = lazy("./tabeq_explain.js");
const submissionModule = lazy("./tabeq_submission.js");

/** The function `name` of a lazily required module. */
const call = (module, name) => (...args) => module()[name](...args);

/**
 * The class `name` of a lazily required module: `new` and `instanceof` reach the module's class,
 * which is required at the first construction.
 */
function lazyClass(module, name) {
  return new Proxy(function () {}, {
    construct: (_, args) => new (module()[name])(...args),
    get: (_, key) => module()[name][key],
  });
}

module.exports = {
  version: score.version,
  errorCodes: score.errorCodes,
  message: score.message,
  pageLimits: score.pageLimits,
  profiles: score.profiles,
  score: score.score,
  evaluate: score.evaluate,
  configWarnings: score.configWarnings,
  readTable: score.readTable,
  canonicalize: score.canonicalize,
  Gold: __tabeqWithPartialCredit(score.Gold, explainModule),
  SuiteRun: score.SuiteRun,
  explain: call(explainModule, "explain"),
  explainDocument: call(explainModule, "explainDocument"),
  validatePrediction: call(explainModule, "validatePrediction"),
  validationDocument: call(explainModule, "validationDocument"),
  renderDocument: call(explainModule, "renderDocument"),
  sniffFile: call(submissionModule, "sniffFile"),
  parseTaskList: call(submissionModule, "parseTaskList"),
  inputTaskIds: call(submissionModule, "inputTaskIds"),
  skeletonFiles: call(submissionModule, "skeletonFiles"),
  checkTask: call(submissionModule, "checkTask"),
  renderTaskCheck: call(submissionModule, "renderTaskCheck"),
  SubmissionRun: lazyClass(submissionModule, "SubmissionRun"),
  PredictionsFolderRun: lazyClass(submissionModule, "PredictionsFolderRun"),
};
