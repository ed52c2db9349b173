// Runs dist/bundle.mjs (esbuild's browser bundle of the package) in Node as a page would run it: the
// bundle fetches its .wasm files by URL; Node's fetch takes no file: URL, so they are served here
// from disk, as a web server serves a page's files.
import { readFile } from "node:fs/promises";

const networkFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  if (url.protocol !== "file:") return networkFetch(input, init);
  const headers = { "Content-Type": url.pathname.endsWith(".wasm") ? "application/wasm" : "text/plain" };
  return new Response(await readFile(url), { headers });
};
await import("./dist/bundle.mjs");
