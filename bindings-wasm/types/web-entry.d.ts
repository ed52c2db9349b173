
// Browser build (pkg/tabeq.js) only: the Node build loads each module when first needed.
/** A module that loads apart from the score module (evaluate, Gold, SuiteRun, …). */
export type ModuleName = "explain" | "submission";
/** A .wasm to load: a URL, a response, the bytes or a compiled module. */
export type ModuleSource = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;
/**
 * Load the score module and, in parallel, the modules named by `load` (default: all); call once
 * before anything else. A function of a module not loaded yet throws `module_not_loaded`.
 */
export default function init(
  options?: { module_or_path?: ModuleSource; load?: ModuleName[] } | RequestInfo | URL,
): Promise<void>;
/** Load the explain or submission module (from `source`, default: its .wasm next to tabeq.js). */
export function loadModule(name: ModuleName, source?: ModuleSource): Promise<void>;
/** Synchronous instantiation of the score module from bytes or a compiled module. */
export function initSync(module: { module: BufferSource | WebAssembly.Module } | BufferSource | WebAssembly.Module): unknown;
