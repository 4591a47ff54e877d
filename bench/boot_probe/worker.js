// The boot probe's worker: boots Pyodide the way web/worker.js does, with fetch, WebAssembly and
// Pyodide's Emscripten module instrumented, and reports when each boot phase began and ended (ms
// since it was asked to boot). "cold": a plain boot, then a memory snapshot (returned); "restore":
// a boot from that snapshot. Then, outside the boot, the wasm file fetched and compiled on its own,
// and a short pure-Python loop, to tell the runtime's own costs apart.
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { BUILD } from "../../BUILD_INFO";

const here = (path) => new URL(path, import.meta.url).href;
let t0 = 0;
const events = [];
const ev = (what, detail) => events.push({ t: Math.round((performance.now() - t0) * 10) / 10, what, ...(detail ? { detail } : {}) });

const short = (url) => {
  const name = String(url).split("/").pop().split("?")[0];
  if (name === "pyodide.asm.wasm") return "wasm";
  if (name.startsWith("python_stdlib")) return "stdlib";
  if (name.startsWith("sudoku_core")) return "archive";
  return name;
};
const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const key = short(input && input.url ? input.url : input);
  ev(`fetch ${key} start`);
  const response = await realFetch(input, init);
  ev(`fetch ${key} headers`);
  const body = response.arrayBuffer.bind(response);
  response.arrayBuffer = async () => { const b = await body(); ev(`fetch ${key} body`, { bytes: b.byteLength }); return b; };
  return response;
};
const realCompile = WebAssembly.compile;
for (const fn of ["instantiateStreaming", "instantiate", "compile", "compileStreaming"]) {
  const real = WebAssembly[fn];
  if (!real) continue;
  WebAssembly[fn] = async (...args) => {
    ev(`wasm ${fn} start`);
    const result = await real.apply(WebAssembly, args);
    ev(`wasm ${fn} done`);
    return result;
  };
}

async function boot(mode, snapshot) {
  const archive = fetch(here(`../../${BUILD.archive}`)).then((r) => r.arrayBuffer());
  const indexURL = here("../../pyodide/");
  ev("loadPyodide start");
  const pyodide = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL,
    stdLibURL: here(`../../${BUILD.stdlib}`),
    ...(snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: true }),
    createPyodideModule: async (settings) => {
      ev("asm.mjs import start");
      const asm = await import(here("../../pyodide/pyodide.asm.mjs"));
      ev("asm.mjs imported");
      const instantiate = settings.instantiateWasm;
      settings.instantiateWasm = (imports, receive) => {
        ev("instantiateWasm called");
        return instantiate(imports, (instance, module) => { ev("wasm instance received"); receive(instance, module); });
      };
      settings.monitorRunDependencies = (left) => ev(`run dependencies ${left}`);
      const module = await asm.default(settings);
      ev("emscripten module ready");
      return module;
    },
  });
  ev("loadPyodide done");
  if (snapshot) {
    // As web/worker.js: the snapshot holds every engine module; the files come back once idle.
    pyodide.runPython("import os, random; random.seed(os.urandom(32))");
    ev("reseeded");
  } else {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    ev("first runPython");
    const zip = new Uint8Array(await archive);
    ev("archive fetched");
    pyodide.unpackArchive(zip, "zip", { extractDir: sitePackages });
    ev("archive written");
    ev("archive unpacked");
  }
  const bridge = pyodide.pyimport("sudoku_core.bridge");
  ev("engine imported");
  const version = JSON.parse(bridge.handle_json(JSON.stringify({ type: "version", payload: {} })));
  if (!version.ok) throw new Error("the engine did not answer");
  ev("first answer");
  return pyodide;
}

async function after(pyodide, mode) {
  const extra = {};
  let made;
  if (mode === "cold") {
    pyodide.runPython(`
import importlib, pkgutil, sudoku_core
for _m in pkgutil.walk_packages(sudoku_core.__path__, "sudoku_core."):
    if _m.name.endswith("__main__") or ".cli" in _m.name:
        continue
    try:
        importlib.import_module(_m.name)
    except BaseException:
        pass
del _m`);
    let s = performance.now();
    made = pyodide.makeMemorySnapshot();
    extra.snapshotMs = Math.round(performance.now() - s);
    extra.snapshotBytes = made.length;
    // The runtime alone: the wasm file fetched again, then compiled with nothing else running.
    s = performance.now();
    const bytes = await (await realFetch(here("../../pyodide/pyodide.asm.wasm"))).arrayBuffer();
    extra.wasmFetchMs = Math.round(performance.now() - s);
    s = performance.now();
    await realCompile.call(WebAssembly, bytes);
    extra.wasmCompileMs = Math.round(performance.now() - s);
  }
  // A pure-Python loop: how fast the interpreter itself runs here.
  extra.pyLoopMs = Math.round(pyodide.runPython(`
import time
_t = time.perf_counter()
_x = 0
for _i in range(300_000):
    _x += _i * _i % 7
(time.perf_counter() - _t) * 1000`));
  return { extra, made };
}

self.onmessage = async (event) => {
  const { mode, snapshot } = event.data;
  t0 = performance.now();
  try {
    const pyodide = await boot(mode, snapshot);
    const { extra, made } = await after(pyodide, mode);
    postMessage({ mode, events, extra, snapshot: made }, made ? [made.buffer] : []);
  } catch (error) {
    postMessage({ error: `${mode}: ${error && error.stack || error}`, events });
  }
};
