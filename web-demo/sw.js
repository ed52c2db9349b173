// The page's service worker: after one visit the page (its HTML, scripts, styles and every
// WebAssembly module) is kept in a cache named after the build, so it reloads and works with the
// network off and can be installed as an app. pkg/build.js (written by make-offline.mjs at each
// build) defines the build's version and file list; the browser compares it byte for byte on
// each visit, so a new build installs a new cache and the old one is deleted.
importScripts("./pkg/build.js");

const BUILD = self.TABEQ_BUILD;
const CACHE = `tabeq-${BUILD.version}`;
const SCOPE = new URL("./", self.registration.scope);
/** The page's files, relative to the scope; "./" is the page itself. */
const FILES = ["./", ...BUILD.files];

self.addEventListener("install", (event) => {
  // Every file of this build, fetched past the HTTP cache, or the install fails (no half cache).
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE), { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("tabeq-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** The cached copy of a request of this scope: the page for any navigation, files by path. */
function cachedKey(request) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  if (request.mode === "navigate" || url.pathname === `${SCOPE.pathname}index.html`) return new URL("./", SCOPE).href;
  url.search = "";
  url.hash = "";
  return url.href;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const key = cachedKey(event.request);
  if (key === null) return;
  // Cache first: the cached files are one consistent build; the network serves what is not cached.
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key))
      .then((hit) => hit ?? fetch(event.request)),
  );
});
