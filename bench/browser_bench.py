"""Browser benchmark: first grid paint, engine ready, and solve time in Pyodide against CPython.

    python bench/browser_bench.py [--puzzles 50] [--runs 3] [--methods backtrack dlx]

Builds the site, serves it on 127.0.0.1, and drives Debian's Chromium with Playwright (the same
launch settings as the browser tests). It prints figures and asserts nothing.

* first paint: the ``first-contentful-paint`` entry (build.py writes the empty grid into the HTML, so
  this is the first grid paint) and the page's ``grid-painted`` mark (the grid redrawn by the modules,
  a frame later), from navigation start; cold (first visit, empty caches) and warm (a reload, served
  by the service worker);
* engine ready: the page's ``engine-ready`` mark (Pyodide booted, the archive unpacked, the bridge
  imported);
* solve: the first N puzzles of ``tdoku_magictour_top1465`` solved with ``limit=2`` (so uniqueness is
  proved, as the page does), in the browser through the worker and in this CPython with the same
  engine; times are the engine's own ``ms`` (the search itself) summed, plus the browser's round trip.

* interpreters (``--interp``): the workloads of ``py_workloads.py`` (five plain-Python peers that are
  not ours, then our solvers called directly) run alike in Pyodide, on a bench-only page served
  beside a copy of the site, and in this CPython, round after round; per workload the ratio of the
  medians. The peers' ratio is what Python in WebAssembly costs any code here, against which the
  solvers' ratio can be judged.

Targets: first paint <= 300 ms on localhost; browser/CPython solve ratio <= 2.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

import py_workloads  # noqa: E402
import shared_data  # noqa: E402
from e2e_support import BOOT_TIMEOUT_MS, CHROMIUM, FLAGS  # noqa: E402

import build  # noqa: E402
import sudoku_core  # noqa: E402

DATA = shared_data.DATA / "tdoku_magictour_top1465.txt"


def boot_figures(browser, url: str) -> dict:
    """One cold visit and one warm reload in a fresh context: paint and ready times in ms."""
    context = browser.new_context()
    page = context.new_page()
    out = {}
    for phase in ("cold", "warm"):
        if phase == "cold":
            page.goto(url)
        else:
            page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        if phase == "cold":
            page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        marks = page.evaluate("""() => {
            const get = (name) => (performance.getEntriesByName(name)[0] || {}).startTime;
            const t = window.sudoku.engine.info.timings;
            return {fcp: get('first-contentful-paint'), grid: get('grid-painted'), ready: get('engine-ready'),
                    pyodide: t.pyodide, archive: t.archive, bridge: t.bridge}; }""")
        out[phase] = marks
    context.close()
    return out


def browser_solves(browser, url: str, puzzles: list[str], method: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    figures = page.evaluate("""async ([puzzles, method]) => {
        const engine = window.sudoku.engine;
        await engine.request('solve', {text: puzzles[0], method, limit: 2});  // warm up imports
        const passes = [];
        for (let pass = 0; pass < 2; pass++) {
            let engineMs = 0, nodes = 0;
            const start = performance.now();
            for (const text of puzzles) {
                const r = await engine.request('solve', {text, method, limit: 2});
                if (r.status !== 'unique') throw new Error(`${text}: ${r.status}`);
                engineMs += r.ms; nodes += r.stats.nodes;
            }
            passes.push({engineMs, wallMs: performance.now() - start, nodes});
        }
        return passes;
    }""", [puzzles, method])
    context.close()
    return figures


def cpython_solves(puzzles: list[str], method: str) -> dict:
    sudoku_core.solve(puzzles[0], method=method, limit=2)
    engine_ms = 0.0
    nodes = 0
    start = time.perf_counter()
    for text in puzzles:
        result = sudoku_core.solve(text, method=method, limit=2)
        assert result.status == "unique", (text, result.status)
        engine_ms += result.elapsed_ms
        nodes += result.stats["nodes"]
    return {"engineMs": engine_ms, "wallMs": (time.perf_counter() - start) * 1000, "nodes": nodes}


PROBE_JS = """
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BUILD } from "../BUILD_INFO";
const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
const archive = await (await fetch(new URL(`../${BUILD.archive}`, import.meta.url))).arrayBuffer();
py.unpackArchive(archive, "zip", { extractDir: py.runPython("import sysconfig; sysconfig.get_path('purelib')") });
py.FS.writeFile("/home/pyodide/py_workloads.py", await (await fetch("py_workloads.py")).text());
py.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import json, py_workloads");
const run = py.globals.get("py_workloads").run;
window.runWorkloads = (puzzles, methods, repeat) =>
  py.globals.get("json").dumps(run(py.toPy(puzzles), py.toPy(methods), repeat));
document.documentElement.dataset.probe = "ready";
"""


def interpreter_figures(browser, dist: Path, puzzles: list[str], methods: list[str], rounds: int) -> None:
    """Same workloads in Pyodide and in this CPython, round after round; print the ratio of medians."""
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(dist, site)
        probe = site / "bench-probe"
        probe.mkdir()
        (probe / "index.html").write_text('<!doctype html><meta charset="utf-8"><title>probe</title>'
                                          '<script type="module" src="probe.js"></script>')
        build_info = json.loads((dist / "asset-map.json").read_text())["build-info.js"]
        (probe / "probe.js").write_text(PROBE_JS.replace("BUILD_INFO", build_info))
        shutil.copyfile(Path(py_workloads.__file__), probe / "py_workloads.py")
        server, url = build.serve_in_thread(site)
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "bench-probe/index.html")
        page.wait_for_selector("html[data-probe=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        web: dict[str, list[float]] = {}
        cpy: dict[str, list[float]] = {}
        for _ in range(rounds):
            for name, ms in json.loads(page.evaluate("([p, m]) => window.runWorkloads(p, m, 3)",
                                                     [puzzles, methods])).items():
                web.setdefault(name, []).append(ms)
            for name, ms in py_workloads.run(puzzles, methods, 3).items():
                cpy.setdefault(name, []).append(ms)
        context.close()
        server.shutdown()
    print(f"interpreters: Pyodide in Chromium vs this CPython, {rounds} rounds of 3 runs each, medians")
    for name in web:
        w, c = statistics.median(web[name]), statistics.median(cpy[name])
        print(f"  {name:>16}: browser {w:8.1f} ms, CPython {c:7.1f} ms; ratio {w / c:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3, help="cold/warm boots to take the median of")
    parser.add_argument("--methods", nargs="*", default=["backtrack", "dlx"])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--interp", type=int, default=3, metavar="ROUNDS",
                        help="rounds of the interpreter comparison (0: skip it)")
    parser.add_argument("--skip-boot", action="store_true", help="skip the boot and worker figures")
    args = parser.parse_args()
    shared_data.need(args.data)
    puzzles = args.data.read_text().split()[: args.puzzles]

    from playwright.sync_api import sync_playwright

    dist = ROOT / "dist"
    build.build(dist)
    server, url = build.serve_in_thread(dist)
    url += "index.html"
    print(f"machine: {sys.platform}, CPython {sys.version.split()[0]}; site {url}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        print(f"Chromium {browser.version}")
        if args.interp:
            interpreter_figures(browser, dist, puzzles, args.methods, args.interp)
        if args.skip_boot:
            browser.close()
            server.shutdown()
            return 0
        boots = [boot_figures(browser, url) for _ in range(args.runs)]
        for phase in ("cold", "warm"):
            keys = ("fcp", "grid", "ready", "pyodide", "archive", "bridge")
            med = {k: statistics.median(b[phase][k] for b in boots) for k in keys}
            print(f"{phase:>5} boot (median of {args.runs}): first contentful paint {med['fcp']:.0f} ms, "
                  f"grid painted {med['grid']:.0f} ms, engine ready {med['ready']:.0f} ms "
                  f"(in the worker: pyodide loaded {med['pyodide']:.0f}, archive {med['archive']:.0f}, "
                  f"bridge imported {med['bridge']:.0f} ms after it started)")
        print(f"solve: first {len(puzzles)} puzzles of {args.data.name}, limit=2")
        for method in args.methods:
            passes = browser_solves(browser, url, puzzles, method)
            cpy = cpython_solves(puzzles, method)
            # Two passes in one page: the first right after boot, while V8 still runs much of the
            # interpreter as baseline (Liftoff) code, the second after it has tiered up.
            for label, web in zip(("1st pass", "2nd pass"), passes, strict=True):
                print(f"  {method:>9} {label}: browser {web['engineMs']:6.0f} ms in the engine ({web['wallMs']:.0f} ms "
                      f"with round trips), CPython {cpy['engineMs']:6.0f} ms; ratio "
                      f"{web['engineMs'] / cpy['engineMs']:.2f} (wall {web['wallMs'] / cpy['wallMs']:.2f}); "
                      f"nodes {web['nodes']} / {cpy['nodes']}")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
