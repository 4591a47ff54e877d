// @ts-check
// The engine worker (a module worker): boots Pyodide from the local copy and unpacks the
// sudoku_core archive, both fetched in parallel, then answers `{id, type, payload}` requests by
// handing them, as a JSON string, to a sudoku_core.bridge.Session (its handle_json). Only named operations exist
// (the bridge's table); the page can never run arbitrary Python, and only JSON comes back.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { BUILD } from "./build-info.js";

const here = (/** @type {string} */ path) => new URL(path, import.meta.url).href;

async function fetchArchive() {
  const response = await fetch(here(BUILD.archive));
  if (!response.ok) throw new Error(`could not fetch the engine (${response.status})`);
  return response.arrayBuffer();
}

// Milliseconds since the worker started, per boot phase: reported with "ready" for the benchmark.
/** @type {{[phase: string]: number | string}} phase -> ms; `from`: "snapshot" or "boot" */
const timings = {};
const lap = (/** @type {string} */ name) => { timings[name] = Math.round(performance.now()); };

// --- memory snapshot -----------------------------------------------------------------------------
//
// A returning visit boots from a snapshot of Python's memory taken after the engine was imported, a
// fraction of a full boot. The first boot (or one after a new build) takes the snapshot once the
// engine has been idle for a moment and keeps it in Cache Storage, under a key naming this build's
// engine archive (content-hashed) and Pyodide version: another build never reads it, and removes it.
// Any failure (none stored, quota, a restore that throws or answers wrongly) falls back to a plain
// boot and is said only in the console. The file system is not part of the snapshot, so the engine
// archive is unpacked again after a restore, once the engine is idle; randomness is reseeded at once (a
// snapshot freezes its state).
const SNAPSHOT_CACHE = "engine-snapshot"; // not "sudoku-…": the service worker clears those
const SNAPSHOT_KEY = here(`./engine-snapshot/${`${BUILD.archive}-${BUILD.stdlib}`.replace(/[^\w.-]/g, "_")}-pyodide-${BUILD.pyodide}`);
const IDLE_MS = 1500;

async function snapshotCache() {
  return typeof caches === "undefined" ? null : caches.open(SNAPSHOT_CACHE);
}

async function storedSnapshot() {
  try {
    const cache = await snapshotCache();
    if (!cache) return null;
    for (const request of await cache.keys()) {
      if (request.url !== SNAPSHOT_KEY) await cache.delete(request); // an older build's
    }
    const response = await cache.match(SNAPSHOT_KEY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    console.warn(`engine: no snapshot (${/** @type {Error} */ (error).message})`);
    return null;
  }
}

async function dropSnapshot() {
  try {
    const cache = await snapshotCache();
    if (cache) await cache.delete(SNAPSHOT_KEY);
  } catch {
    // Nothing stored to drop.
  }
}

let lastRequest = 0;
// Run `task` once the engine has answered nothing for IDLE_MS.
/** @param {() => void} task */
function whenIdle(task) {
  const wait = () => {
    const idle = performance.now() - lastRequest;
    if (idle < IDLE_MS) setTimeout(wait, IDLE_MS - idle + 50);
    else task();
  };
  setTimeout(wait, IDLE_MS);
}

/** @typedef {import("./pyodide/pyodide.mjs").PyodideAPI} Pyodide */
/**
 * The booted engine: Pyodide, a call of the bridge (the reply as JSON), the version's reply, and the
 * archive's unpacking (after a snapshot's restore).
 * @typedef {{pyodide: Pyodide, call: (type: string, payload: unknown) => any, version: any, unpack: () => Promise<void>}} Engine
 */

/** @param {Pyodide} pyodide */
function saveSnapshotWhenIdle(pyodide) {
  whenIdle(async () => {
    try {
      // Import every engine module first, so a restored engine answers its first request at once.
      pyodide.runPython(`
import importlib, pkgutil, sudoku_core
for _m in pkgutil.walk_packages(sudoku_core.__path__, "sudoku_core."):
    if _m.name.endswith("__main__") or ".cli" in _m.name:
        continue  # the command line is not the page's; __main__ would run it
    try:
        importlib.import_module(_m.name)
    except BaseException:
        pass
del _m`);
      const started = performance.now();
      const bytes = pyodide.makeMemorySnapshot();
      const cache = /** @type {Cache} */ (await snapshotCache()); // (saved only where there are caches)
      await cache.put(SNAPSHOT_KEY, new Response(/** @type {Uint8Array<ArrayBuffer>} (not shared memory) */ (bytes), { headers: { "content-type": "application/octet-stream" } }));
      postMessage({ type: "snapshot", bytes: bytes.length, ms: Math.round(performance.now() - started) });
    } catch (error) {
      console.warn(`engine: snapshot not saved (${/** @type {Error} */ (error).message})`);
    }
  });
}

// --- boot ------------------------------------------------------------------------------------------

/**
 * @param {string} indexURL @param {Promise<Uint8Array>} archive @param {Uint8Array | null} snapshot
 * @returns {Promise<Engine>}
 */
async function start(indexURL, archive, snapshot) {
  const pyodide = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL,
    stdLibURL: here(`./${BUILD.stdlib}`), // trimmed to what the engine loads, and named by its content
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
    ...(snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: typeof caches !== "undefined" }),
  });
  lap("pyodide");
  postMessage({ type: "progress", phase: "engine" });
  const unpack = async () => {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(await archive, "zip", { extractDir: sitePackages });
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
  };
  // A snapshot holds every engine module, imported before it was taken (saveSnapshotWhenIdle), but not
  // the file system: the archive's files come back once the engine is idle. Unpacking them first cost a
  // returning visit 0.1-1 s in WebKitGTK, whose WebAssembly still runs in its first tier right after a
  // restore (bench/browser_bench.py --parts phases). A snapshot without the bridge fails the import below.
  if (snapshot) pyodide.runPython("import os, random; random.seed(os.urandom(32))");
  else await unpack();
  const bridge = pyodide.pyimport("sudoku_core.bridge");
  const session = bridge.Session(); // holds the resumable jobs (a generation run in slices)
  const handle = session.handle_json;
  const call = (/** @type {string} */ type, /** @type {unknown} */ payload) => JSON.parse(handle(JSON.stringify({ type, payload })));
  const version = call("version", {});
  if (!version.ok) throw new Error(`the engine did not answer (${version.error && version.error.message})`);
  lap("bridge");
  return { pyodide, call, version: version.result, unpack };
}

// The page shows the phase ("python": Pyodide, its standard library and, on a return, the snapshot;
// "engine": the engine unpacked and imported) until "ready".
async function boot() {
  postMessage({ type: "progress", phase: "python" });
  const indexURL = here("./pyodide/");
  const archive = fetchArchive().then((buffer) => { lap("archive"); return new Uint8Array(buffer); });
  const snapshot = await storedSnapshot();
  lap("snapshot-read");
  if (snapshot) {
    try {
      const engine = await start(indexURL, archive, snapshot);
      timings.from = "snapshot";
      whenIdle(() => engine.unpack().catch((error) => console.warn(`engine: archive not unpacked (${/** @type {Error} */ (error).message})`)));
      return engine;
    } catch (error) {
      console.warn(`engine: snapshot not usable (${/** @type {Error} */ (error).message}); booting normally`);
      await dropSnapshot();
    }
  }
  const engine = await start(indexURL, archive, null);
  timings.from = "boot";
  if (typeof caches !== "undefined") saveSnapshotWhenIdle(engine.pyodide);
  return engine;
}

const booting = boot();

booting.then(
  ({ version }) => postMessage({ type: "ready", version: version.version, python: version.python,
    methods: version.methods, ops: version.ops, techniques: version.techniques, pyodide: BUILD.pyodide, timings,
    boot: timings.from }),
  (error) => postMessage({ type: "failed", error: { kind: "boot", message: String(error && /** @type {Error} */ (error).message || error) } }),
);

// --- the picture reader ------------------------------------------------------------------------------
//
// The reader of pictures (sudoku_core.scan and its weights) is not in the engine archive: build.py ships
// it as its own zip, fetched and unpacked beside the engine at the first "scan" request (and cached by
// the service worker then), so a first visit does not download it. A failed fetch is said as the
// request's error and tried again at the next picture.
/** @type {Promise<void> | null} */
let reader = null;
/** @param {Engine} engine */
function installReader(engine) {
  reader ??= (async () => {
    const response = await fetch(here(BUILD.reader));
    if (!response.ok) throw new Error(`could not fetch the picture reader (${response.status})`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const sitePackages = engine.pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    engine.pyodide.unpackArchive(bytes, "zip", { extractDir: sitePackages });
    engine.pyodide.runPython("import importlib; importlib.invalidate_caches()");
  })();
  reader.catch(() => { reader = null; });
  return reader;
}

self.addEventListener("message", async (event) => {
  const { id, type, payload } = /** @type {MessageEvent} */ (event).data || {};
  lastRequest = performance.now();
  let engine;
  try {
    engine = await booting;
  } catch (error) {
    postMessage({ id, ok: false, error: { kind: "boot", message: String(error && /** @type {Error} */ (error).message || error) } });
    return;
  }
  if (typeof type !== "string") {
    postMessage({ id, ok: false, error: { kind: "bad_request", message: "a request needs a type" } });
    return;
  }
  let reply;
  try {
    if (type === "scan") await installReader(engine);
  } catch (error) {
    postMessage({ id, ok: false, error: { kind: "reader", message: String(error && /** @type {Error} */ (error).message || error) } });
    return;
  }
  try {
    reply = engine.call(type, payload ?? {});
  } catch (error) {
    reply = { ok: false, error: { kind: "internal", message: String(error && /** @type {Error} */ (error).message || error) } };
  }
  lastRequest = performance.now();
  postMessage({ id, ...reply });
});
