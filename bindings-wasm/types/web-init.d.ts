
// Browser build (pkg/tabeq_trust.js) only: the Node build (pkg-node/tabeq_trust.js) is ready when required.
/** Load the WebAssembly module; call once before anything else. */
export default function init(
  moduleOrPath?: { module_or_path: RequestInfo | URL | Response | BufferSource | WebAssembly.Module } | RequestInfo | URL,
): Promise<unknown>;
/** Synchronous instantiation from bytes or a compiled module. */
export function initSync(module: { module: BufferSource | WebAssembly.Module } | BufferSource | WebAssembly.Module): unknown;
