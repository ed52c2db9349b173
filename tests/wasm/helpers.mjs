// Shared helpers for the WebAssembly tests: the Node build of the module and the conformance vectors.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

/** The evaluator module (bindings-wasm/pkg-node/tabeq.js, built by scripts/build-wasm.sh). */
export const tabeq = require(join(ROOT, "bindings-wasm", "pkg-node", "tabeq.js"));
/** The trust-metrics module. */
export const tabeqTrust = require(join(ROOT, "bindings-wasm", "pkg-node", "tabeq_trust.js"));
/** The Spider 2.0 module. */
export const tabeqSpider2 = require(join(ROOT, "bindings-wasm", "pkg-node", "tabeq_spider2.js"));
/** The KDD Cup 2026 Phase-1 module. */
export const tabeqKddcup = require(join(ROOT, "bindings-wasm", "pkg-node", "tabeq_kddcup.js"));

/**
 * The raw JSON text of a top-level member of a one-line JSON object. The config must reach the
 * module as text: JSON.parse would turn `2.0` into `2` and drop duplicate keys, which the
 * official evaluator (Python's json) treats differently.
 */
export function rawMember(line, key) {
  let i = 0;
  const skipWs = () => {
    while (" \t\r\n".includes(line[i])) i++;
  };
  const skipString = () => {
    i++; // opening quote
    while (line[i] !== '"') i += line[i] === "\\" ? 2 : 1;
    i++;
  };
  const skipValue = () => {
    skipWs();
    const start = i;
    if (line[i] === '"') {
      skipString();
    } else if (line[i] === "{" || line[i] === "[") {
      let depth = 0;
      do {
        if (line[i] === '"') {
          skipString();
          continue;
        }
        if (line[i] === "{" || line[i] === "[") depth++;
        if (line[i] === "}" || line[i] === "]") depth--;
        i++;
      } while (depth > 0);
    } else {
      while (i < line.length && !",}] \t\r\n".includes(line[i])) i++;
    }
    return line.slice(start, i);
  };
  skipWs();
  if (line[i] !== "{") throw new Error("not an object");
  i++;
  for (;;) {
    skipWs();
    if (line[i] === "}") return undefined;
    const keyStart = i;
    skipString();
    const name = JSON.parse(line.slice(keyStart, i));
    skipWs();
    i++; // colon
    const value = skipValue();
    if (name === key) return value;
    skipWs();
    if (line[i] === ",") i++;
  }
}

/** A file field of a vector: text, base64 bytes, or null (no file). */
function fileField(testCase, name) {
  if (typeof testCase[name] === "string") return testCase[name];
  const b64 = testCase[`${name}_b64`];
  if (typeof b64 === "string") return new Uint8Array(Buffer.from(b64, "base64"));
  return null;
}

/**
 * Every conformance vector of `tests/conformance/<file>` (`unicode_cases.jsonl`: all of Unicode):
 * {id, category, config (raw JSON text), gold, prediction, expected},
 * where `expected` is already the `intended` result for official_crash / official_timeout.
 */
export function conformanceCases(file = "cases.jsonl") {
  const text = readFileSync(join(ROOT, "tests", "conformance", file), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const parsed = JSON.parse(line);
      let expected = parsed.expected;
      if (expected.outcome === "official_crash" || expected.outcome === "official_timeout") {
        expected = expected.intended;
      }
      return {
        id: parsed.id,
        category: parsed.category,
        config: rawMember(line, "config"),
        gold: fileField(parsed, "gold"),
        prediction: fileField(parsed, "prediction"),
        expected,
      };
    });
}

/** Codes of fatal errors by stage, from the module's own catalogue. */
export const FATAL_STAGE_PREFIX = { config: "config_", gold: "gold_", suite: "suite_" };

/**
 * Differences between a TaskResult and a vector's expected scored outcome, with the assertions of
 * core/tests/conformance.rs: passed, error_code, column_mapping and the three counts.
 */
export function scoredDifferences(result, expected) {
  const diffs = [];
  if (typeof expected.passed === "boolean" && expected.passed !== result.passed) {
    diffs.push(`passed ${result.passed} want ${expected.passed}`);
  }
  if ((expected.error_code ?? null) !== result.error_code) {
    diffs.push(`error_code ${result.error_code} want ${expected.error_code}`);
  }
  if ("column_mapping" in expected) {
    const got = result.column_mapping === null ? null : result.column_mapping.map((p) => p.prediction_index);
    if (JSON.stringify(got) !== JSON.stringify(expected.column_mapping)) {
      diffs.push(`mapping ${JSON.stringify(got)} want ${JSON.stringify(expected.column_mapping)}`);
    }
  }
  for (const key of ["prediction_column_count", "prediction_row_count", "gold_row_count"]) {
    if (Number.isInteger(expected[key]) && expected[key] !== result[key]) {
      diffs.push(`${key} ${result[key]} want ${expected[key]}`);
    }
  }
  return diffs;
}
