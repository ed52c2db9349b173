// A tiny static file server for the web demo (127.0.0.1 only, GET/HEAD, no directory listings).
// Usage: node tests/e2e/server.mjs [ROOT] [PORT]   (PORT 0 picks a free port)
// Prints "listening on http://127.0.0.1:PORT/" when ready. Also importable: startServer(root, port).
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".csv": "text/csv; charset=utf-8",
  ".jsonl": "application/jsonl; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
};

/** Start serving `root`; resolves to {server, url}. */
export function startServer(root, port = 0) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (pathname.endsWith("/")) pathname += "index.html";
    const path = normalize(join(base, pathname));
    if (path !== base && !path.startsWith(base + sep)) {
      response.writeHead(403).end();
      return;
    }
    let stat;
    try {
      stat = statSync(path);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (!stat.isFile()) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[extname(path)] ?? "application/octet-stream",
      "content-length": stat.size,
      "cache-control": "no-store",
    });
    if (request.method === "HEAD") response.end();
    else createReadStream(path).pipe(response);
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: actual } = server.address();
      resolvePromise({ server, url: `http://127.0.0.1:${actual}/` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "web-demo");
  const { url } = await startServer(root, Number(process.argv[3] ?? 8000));
  console.log(`listening on ${url}`);
}
