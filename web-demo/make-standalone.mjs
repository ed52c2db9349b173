// Writes web-demo/pkg/tabeq-demo.html: the whole demo in one file that also works when opened from
// file:// (browsers refuse module scripts, workers and fetch() there). Stylesheet and scripts are
// inlined, modules (and the worker) become data: URLs, the WebAssembly base64 in the page,
// handed to the worker in its first message.
// Run by scripts/build-wasm.sh after the build: node web-demo/make-standalone.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const read = (path) => readFileSync(join(dir, path), "utf8");
const base64 = (data) => Buffer.from(data).toString("base64");
const moduleUrl = (source) => `data:text/javascript;base64,${base64(source)}`;

function replaceOnce(text, from, to) {
  if (!text.includes(from)) throw new Error(`make-standalone: ${JSON.stringify(from)} not found`);
  return text.replace(from, () => to);
}

// The entry pkg/tabeq.js imports the glue of its three modules: data: URLs too.
let entry = read("pkg/tabeq.js");
for (const glue of ["tabeq_score", "tabeq_explain", "tabeq_submission"]) {
  const url = JSON.stringify(moduleUrl(read(`pkg/${glue}.js`)));
  entry = replaceOnce(entry, `"./${glue}.js"`, url).replaceAll(`"./${glue}.js"`, url);
}
let worker = read("worker.js");
worker = replaceOnce(worker, '"./pkg/tabeq.js"', JSON.stringify(moduleUrl(entry)));
worker = replaceOnce(worker, '"./pkg/tabeq_trust.js"', JSON.stringify(moduleUrl(read("pkg/tabeq_trust.js"))));
worker = replaceOnce(worker, '"./pkg/tabeq_spider2.js"', JSON.stringify(moduleUrl(read("pkg/tabeq_spider2.js"))));
worker = replaceOnce(worker, '"./pkg/tabeq_kddcup.js"', JSON.stringify(moduleUrl(read("pkg/tabeq_kddcup.js"))));
worker = replaceOnce(worker, '"./kddcup-worker.js"', JSON.stringify(moduleUrl(read("kddcup-worker.js"))));
worker = replaceOnce(worker, '"./zip.js"', JSON.stringify(moduleUrl(read("zip.js"))));
const wasm = Object.fromEntries(
  ["tabeq", "tabeq_explain", "tabeq_submission", "tabeq_trust", "tabeq_spider2", "tabeq_kddcup"].map((name) => [name, base64(readFileSync(join(dir, "pkg", `${name}_bg.wasm`)))]),
);
worker = replaceOnce(worker, "const STANDALONE = false;", "const STANDALONE = true;");

let app = read("app.js");
app = replaceOnce(app, '"./examples.js"', JSON.stringify(moduleUrl(read("examples.js"))));
app = replaceOnce(app, '"./kddcup.js"', JSON.stringify(moduleUrl(read("kddcup.js"))));

// Inline scripts must not contain "</script"; JSON.stringify leaves "<" alone, so escape it.
const scriptSafe = (text) => text.replace(/<\/script/gi, "<\\/script");
let html = read("index.html");
// A file:// page cannot be installed or work offline by a service worker: no manifest, the icon inline.
html = replaceOnce(html, '<link rel="manifest" href="manifest.webmanifest">\n  ', "");
html = replaceOnce(html, 'href="icon.svg"', `href="data:image/svg+xml;base64,${base64(read("icon.svg"))}"`);
html = replaceOnce(html, '<link rel="stylesheet" href="style.css">', `<style>\n${read("style.css")}</style>`);
html = replaceOnce(
  html,
  '<script type="module" src="app.js"></script>',
  // A data: URL, not a blob: one: Chromium refuses module workers from blob: URLs on file:// pages.
  // The WebAssembly stays in the page (a worker URL is limited to 2 MB); app.js posts it to the worker.
  `<script>globalThis.TABEQ_WORKER_URL = ${JSON.stringify(moduleUrl(worker))};\nglobalThis.TABEQ_EMBEDDED_WASM = ${JSON.stringify(wasm)};</script>\n  <script type="module">\n${scriptSafe(app)}\n  </script>`,
);
writeFileSync(join(dir, "pkg", "tabeq-demo.html"), html);
console.log(`make-standalone: web-demo/pkg/tabeq-demo.html (${html.length} bytes)`);
