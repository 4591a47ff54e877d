// The offline service worker. build.py fills in the cache name (a hash of the whole site, so a new
// release installs a fresh cache and drops the old one) and the list of every file to precache.
const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `no-cache` revalidates with the server, so the new cache never holds a file of an older build,
    // yet a file the browser already has (Pyodide, from this very visit) comes back as a cheap 304.
    await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("sudoku-")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Cache first: every file of a build is in the cache under its URL; anything else (there should be
// nothing else) goes to the network.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    if (request.mode === "navigate") {
      const page = await cache.match("./");
      if (page) return page;
    }
    return fetch(request);
  })());
});
