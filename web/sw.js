// @ts-check
// The offline service worker. build.py fills in the cache name (a hash of the whole site, so a new
// release installs a fresh cache and drops the old one) and the list of every file to precache.
const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;
// The files whose name fixes their content in this build (content-hashed names, the pinned Pyodide).
const FIXED = new Set(__FIXED__);
// Files of this build left out of the precache (the picture reader and its weights, fetched only when a
// picture is read): cached here the first time they are fetched, so reading a picture works offline after.
const LAZY = new Set(__LAZY__);
// This script runs as a service worker: its global scope is one.
const scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

// Install: every file of this build. A page or other file whose name does not fix its content is
// fetched past the HTTP cache (`reload`), so a file the browser kept from an older build (a 304 for a
// file whose date did not change) can never be stored under this build's name. A file whose name
// fixes its content is revalidated (`no-cache`): the browser then hands over the copy the page has
// just downloaded (9.6 MB of WebAssembly among them) instead of downloading it a second time. Only
// complete same-origin 200s are kept, else the install fails and the old release stays. No skipWaiting: a new release waits until the page asks for it (the player presses
// "Reload" in the page's "New version ready" bar), so an open game never runs old page code against a
// new engine.
scope.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async (path) => {
      const response = await fetch(new Request(path, { cache: FIXED.has(path) ? "no-cache" : "reload" }));
      if (response.status !== 200 || response.type !== "basic") {
        throw new Error(`precache: ${path} answered ${response.status} (${response.type})`);
      }
      await cache.put(path, response);
    }));
  })());
});

scope.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") scope.skipWaiting();
});

scope.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("sudoku-")) await caches.delete(name);
    }
    await scope.clients.claim();
  })());
});

// Cache first: every file of a build is in the cache under its URL; anything else (there should be
// nothing else) goes to the network.
scope.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== scope.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    if (request.mode === "navigate") {
      const page = await cache.match("./");
      if (page) return page;
    }
    const path = request.url.startsWith(scope.registration.scope) ? request.url.slice(scope.registration.scope.length) : "";
    if (LAZY.has(path)) {
      const response = await fetch(request);
      if (response.status === 200 && response.type === "basic") await cache.put(path, response.clone());
      return response;
    }
    return fetch(request);
  })());
});
