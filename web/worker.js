// The engine worker (a module worker): boots Pyodide from the local copy and unpacks the
// sudoku_core archive, both fetched in parallel, then answers `{id, type, payload}` requests by
// handing them, as a JSON string, to sudoku_core.bridge.handle_json. Only named operations exist
// (the bridge's table); the page can never run arbitrary Python, and only JSON comes back.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { BUILD } from "./build-info.js";

const here = (path) => new URL(path, import.meta.url).href;

async function fetchArchive() {
  const response = await fetch(here(BUILD.archive));
  if (!response.ok) throw new Error(`could not fetch the engine (${response.status})`);
  return response.arrayBuffer();
}

// Milliseconds since the worker started, per boot phase: reported with "ready" for the benchmark.
const timings = {};
const lap = (name) => { timings[name] = Math.round(performance.now()); };

async function boot() {
  const indexURL = here("./pyodide/");
  const [pyodide, archive] = await Promise.all([
    loadPyodide({
      indexURL,
      packageBaseUrl: indexURL,
      stdout: (line) => console.log(`[python] ${line}`),
      stderr: (line) => console.warn(`[python] ${line}`),
    }).then((py) => { lap("pyodide"); return py; }),
    fetchArchive().then((buffer) => { lap("archive"); return buffer; }),
  ]);
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(archive, "zip", { extractDir: sitePackages });
  const bridge = pyodide.pyimport("sudoku_core.bridge");
  const handle = bridge.handle_json;
  const call = (type, payload) => JSON.parse(handle(JSON.stringify({ type, payload })));
  const version = call("version", {});
  lap("bridge");
  return { call, version: version.ok ? version.result : { version: BUILD.version } };
}

const booting = boot();

booting.then(
  ({ version }) => postMessage({ type: "ready", version: version.version, python: version.python,
    methods: version.methods, ops: version.ops, pyodide: BUILD.pyodide, timings }),
  (error) => postMessage({ type: "failed", error: { kind: "boot", message: String(error && error.message || error) } }),
);

self.addEventListener("message", async (event) => {
  const { id, type, payload } = event.data || {};
  let engine;
  try {
    engine = await booting;
  } catch (error) {
    postMessage({ id, ok: false, error: { kind: "boot", message: String(error && error.message || error) } });
    return;
  }
  if (typeof type !== "string") {
    postMessage({ id, ok: false, error: { kind: "bad_request", message: "a request needs a type" } });
    return;
  }
  let reply;
  try {
    reply = engine.call(type, payload ?? {});
  } catch (error) {
    reply = { ok: false, error: { kind: "internal", message: String(error && error.message || error) } };
  }
  postMessage({ id, ...reply });
});
