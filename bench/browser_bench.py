"""Browser benchmark: engine ready (cold and returning) in three browsers, where the boot spends its
time, first-visit bytes, new-game, hint and rating times, and solve time in Pyodide against CPython.

    python bench/browser_bench.py [--parts boot firsthint phases bytes newgame hint solve interp]
                                  [--browsers chromium firefox webkit] [--runs 5] ...

Builds the site, serves it on 127.0.0.1 (a copy of dist/ with bench-only probe pages beside it), and
drives Debian's Chromium with Playwright (the same launch settings as the browser tests), Firefox ESR
with puppeteer-core over WebDriver BiDi (bench/firefox_bench.mjs) and WebKitGTK with Selenium's
WebKitWebDriver under xvfb-run (bench/webkit_bench.py). It prints figures and asserts nothing; a
browser that cannot start is printed as FAILED and makes the exit status 1. ``--parts`` picks what
to run (all by default), so a run can be short.

* boot (``--runs`` fresh profiles per browser): engine ready is the page's ``engine-ready`` mark (ms
  from navigation start: Pyodide booted, the archive unpacked, the bridge imported). Cold: the first
  visit on an empty profile. Returning: the next visit, once the first has saved its memory snapshot
  (worker.js), which should boot from it (the boot kind is printed). In Chromium also the
  ``first-contentful-paint`` entry (the empty grid is in the HTML) and the ``grid-painted`` mark.
* firsthint (``--runs`` fresh profiles per browser): time to a working hint, what a player waits for
  (issue 29): the page opened, Hint pressed as soon as it has loaded (the engine still booting; the
  status line says so), until the hint's words are on the status line, in ms from navigation start
  (bench/first_hint.js, run in the page by every driver). First visit on an empty profile, and the
  return visit once the first has saved its snapshot.
* phases (``--runs`` fresh profiles per browser): a bench-only page (bench/boot_probe/) boots Pyodide
  in a worker as worker.js does, with fetch, WebAssembly and Pyodide's Emscripten module instrumented:
  pyodide.asm.mjs import, pyodide.asm.wasm fetch and streaming compile + instantiate, Python's own
  initialisation (the standard library is a zip on Emscripten's file system, imported from), Pyodide's
  bootstrap, the engine's unpack and import; then a second worker boots from a snapshot the first
  made. Outside the boot: the wasm file compiled on its own, and a pure-Python loop, which tell the
  runtime's costs from ours.
* bytes: every response the server sent for a cold visit in Chromium (until the service worker has
  precached the site), raw, gzip -9 and brotli q11 (Node's zlib) per file, summed.
* newgame (Chromium): the New game dialog driven as a player does, for every size and level it offers
  (rot180, the default symmetry, or each of ``--symmetry A,B``), from the Generate click to the dialog
  closing; median and p95 of ``--newgame-runs`` games (live where the bank has none). For a choice the
  shipped bank lacks whose game took long, the refill then makes it ahead: the same number of games with
  the bank warm (each waits, engine idle, for the refill's next puzzle), their median and p95, and the
  refill's engine time per banked puzzle (refill.js's ``workMs`` over ``made``: its slices, in the worker).
* hint: the ``hint`` and ``rate`` (quick, as the page) operations on the 9x9 Expert and Extreme bank
  puzzles, in the browser through the worker (round trip included) and in this CPython through the
  same bridge; median per call and the ratio of the sums.
* solve: the first N puzzles of ``tdoku_magictour_top1465`` solved with ``limit=2`` (so uniqueness is
  proved, as the page does), in the browser through the worker and in this CPython with the same
  engine; times are the engine's own ``ms`` (the search itself) summed, plus the browser's round trip.
* interp (``--interp`` rounds): the workloads of ``py_workloads.py`` (five plain-Python peers that are
  not ours, then our solvers called directly) run alike in Pyodide, on a bench-only page served
  beside a copy of the site, and in this CPython, round after round; per workload the ratio of the
  medians. The peers' ratio is what Python in WebAssembly costs any code here, against which the
  solvers' ratio can be judged.

Targets (issue 17, this machine, Chromium): returning-visit ready <= 0.8 s; first-visit ready <= 2.5 s;
WebKit <= 1.5x Chromium; new game p95 <= 1 s. Earlier: first paint <= 300 ms on localhost;
browser/CPython solve ratio <= 2.

Figures, 2026-11-25, this machine: 2 cores shared with another job's CPU work (load average 2-11 during
the runs), so medians, and WebKitGTK suffers most from the load. Chromium 156, Firefox ESR 153,
WebKitGTK 2.50.6 (Xvfb, software rendering). Every returning visit booted from the snapshot.

  engine ready, median of fresh profiles, ms     cold    returning
    the final build (``--parts boot --runs 5``, load 8.7):
      Chromium                                    3055      749
      Firefox ESR                                 1346      870
      WebKitGTK                                   4837     1627   (runs: cold 3.8-9.1 s, returning 1.0-2.7 s)
    before the bytecode changes (4 profiles, interleaved with the next row's build):
      Chromium / Firefox / WebKitGTK        3169 / 2612 / 10912    826 / 990 / 2438
    stdlib and engine as bytecode, restore answering before the unpack (10 profiles, load 4-10):
      Chromium / Firefox / WebKitGTK        2077 / 1282 /  8380    639 / 922 / 2324
    then the status dot without its pulse (WebKitGTK only, 12 profiles each, interleaved): cold 7977 ->
    5532 ms, returning 2252 -> 1376 ms.

  time to a working hint (``--parts firsthint --runs 3``), 2026-11-28, two runs at load average 19 and
  22-26 on the 2 cores (five agents' tests and builds running): page open -> Hint pressed once it is in
  the tool row (0.2-2.9 s, always before the engine was ready; the status line said it was loading and
  that the hint would come) -> the hint's words on the status line. Every hint said a step; every return
  visit booted from the snapshot. Median of 3 fresh profiles, ms (runs), the later run first:
      Chromium 156      first visit 11809 (10701-12768), 12040 (7703-14222)   return 2140 (1621-3179), 2371
      Firefox ESR 153   first visit  5685 (4109-6447),    3832 (3643-6677)    return 2618 (1654-2741), 1676
      WebKitGTK 2.50.6  first visit 21455 (18147-22994), 17608 (17210-24299)  return 5830 (5452-8912), 6605
  The hint comes 20-2600 ms after the engine-ready mark (the hint's own work, after whatever the page
  asked the engine first); the boot itself is what the load inflates (Chromium's engine ready 7.3-13.4 s
  cold here, against 3.1 s at load 8.7 above). Issue 29's figures (another shared run, its load not
  noted): first visit 7.8-9.0 / 4.5-5.1 / 13.6-16.2 s, return 3.1 / 4.3-6.1 / 7.1-10.6 s.
  Again on a quiet machine (2026-11-28, load average 2.4 at the start, nothing else running; the build of
  main 475606b), median of 3 fresh profiles, ms (runs); Hint pressed at 88-438 ms, always before the
  engine was ready; every hint said a step; every return visit booted from the snapshot:
      Chromium 156      first visit  1763 (1655-1950)     return  720 (666-824)
      Firefox ESR 153   first visit  1383 (1272-1513)     return 1223 (941-1250)
      WebKitGTK 2.50.6  first visit  3259 (2183-3564)     return 1051 (1040-1081)

  boot phases in the probe's worker, ms (mean of two runs' medians of 5), Chromium / Firefox / WebKitGTK:
    cold:    pyodide.asm.mjs import 82 / 148 / 219; wasm compile+instantiate (streaming) 119 / 236 / 421;
             Python init 210 / 18 / 232; Pyodide bootstrap 1398 / 373 / 1772; engine unpack 108 / 76 / 212;
             engine import 290 / 96 / 547; first answer at 2777 / 1098 / 3652
    restore: wasm compile+instantiate 95 / 199 / 442; restore 86 / 18 / 92; reseed 10 / 1 / 12;
             first answer at 418 / 403 / 1108
    the runtime alone: pyodide.asm.wasm compiled by itself 61-105 / 193-247 / 1070-2035 ms (V8 may reuse
    its in-process module cache); a 300k-iteration pure-Python loop after a cold boot 94-191 / 52-68 /
    78-125 ms, right after a restore 169-183 / 122-194 / 769-1110 ms: JavaScriptCore still runs Python's
    WebAssembly in a lower tier for about a second after instantiation, where V8 and SpiderMonkey do not.

  WebKitGTK against Chromium, final build: cold 1.58x, returning 2.17x (target 1.5x). What is left is the
  runtime's: compiling pyodide.asm.wasm (10x V8's time on its own) and running Python in JavaScriptCore's
  lower tier right after a restore (the loop above: 769-1110 ms against 169-183 ms); our own phases
  (engine unpack and import, reseed) are 0.2-0.8 s cold and 12 ms after a restore. WebKitGTK is also the
  browser the shared machine's load hurts most (its cold runs span 3.8-9.1 s in one run of 5).

  first visit (Chromium): 46 files, 13.44 MB raw, 6.08 MB gzip, 5.21 MB brotli; but every file is sent
  twice (the page, then the service worker's precache with cache: "reload"): 26.78 / 12.12 / 10.40 MB.
  pyodide.asm.wasm 9.60 MB (2.74 brotli), the stdlib zip (bytecode) 1.64 MB, pyodide.asm.mjs 1.25 MB,
  the engine archive 0.52 MB.

  new game (Chromium, 5 each, p95 = the slowest): every size and level <= 0.6 s at p95 except 9x9 Hard
  (median 175, p95 816 ms) and 12x12 Hard (median 256, p95 1208 ms); banked levels 12-24 ms median.

  interpreters and the small-int question (``--parts interp --puzzles 40 --methods backtrack locked dlx``,
  first 40 of magictour, load 0.01), browser / CPython medians, ms:
    plain Python: arithmetic 15.2 / 8.4 (1.80x), calls 1.48x, lists 1.35x, dicts+strings 1.68x;
    the same integer loop on 27-bit ints 24.9 / 11.4 (2.18x), 81-bit 44.1 / 14.3 (3.07x), 810-bit 55.3 / 18.2
    (3.04x); solve backtrack 53.2 / 19.9 (2.68x), solve locked 386.8 / 280.7 (1.38x), solve dlx 1.56x.
  So wide integers cost Pyodide about 1.4x more than one-digit ones, and backtrack (810-bit grid integers)
  pays 2.7x where plain Python pays 1.4-1.8x. A small-int path does not close that: ``locked`` is the same
  rules on 9-bit per-cell masks and runs 7.3x slower than backtrack *in the browser*, and one 810-bit
  operation costs about 2.2 one-digit operations there while standing for 27 of them. Not built.

  new game again, 2026-11-25 evening (load 0.3-1.1, 5 each, rot180): every size and level p95 <= 454 ms
  (6x6 Expert, generated; 6x6 Hard 250); 9x9, 12x12 and 16x16 Hard to Extreme 7-22 ms from the bank.
  Another symmetry (``--symmetry dihedral --sizes 9 12 --levels expert extreme --newgame-runs 3``, load 2.3):
  Expert 540 / 764 ms median live; Extreme 33.9 s / 13.7 s median live (max 53 s / 39 s), and once such a
  game has taken over a second the refill makes that choice ahead: after 43 s / 15 s idle the next game
  came in 24 / 20 ms.
  Again with the catalogue's symmetric Extremes (GENERATOR_VERSION 11; ``--parts newgame --symmetry
  dihedral,mirror_h --sizes 9 12 16 --levels extreme --newgame-runs 3``, 2026-11-28, load average 28 on the 2
  cores, so every wall figure is inflated several times), live median / p95 then with the bank warm, and the
  refill's engine time per banked puzzle:
      dihedral  9x9 3.7 / 5.8 s, warm 227 / 243 ms, refill 3.1 s;  12x12 8.5 / 12.1 s, warm 60 / 199 ms, 7.1 s;
                16x16 51.2 / 69.1 s, warm 97 / 114 ms, 23.4 s
      mirror_h  9x9 2.7 / 3.0 s, warm 15 / 19 ms, 1.7 s;  12x12 3.7 / 3.8 s, warm 43 / 114 ms, 2.5 s;
                16x16 34.1 / 37.9 s, warm 47 / 127 ms, 22.2 s
  A 16x16 Extreme is mostly its rating (the generator rates every puzzle it hands out): over 8 s live.
  With the catalogue's ratings carried (2026-11-29, load average 25, 3 games each; the browser's CPU now read
  from /proc for its whole process tree, ``tree_cpu``): live median / p95 dihedral 9x9 247 / 832 ms, 12x12
  313 / 315 ms, 16x16 1062 / 1088 ms (0.6-1.5 s of browser CPU a game); mirror_h 321 / 599, 383 / 574,
  819 / 1743 ms; 16x16 mirror_h once made ahead, warm 43 / 255 ms, the refill 1.5 s of engine time and 3.5 s
  of browser CPU per banked puzzle. Before, a 16x16 dihedral took 7.72 s of browser CPU against 3.21 s of
  CPython's (2.4x) and 38 s of wall: the rest of the page's "10x" was the machine's load.

  hint, rate (10 9x9 bank puzzles): hint 2.0 ms in the browser against 0.3 ms in CPython (the worker's
  bare round trip is 2.7 ms); rate (quick) 50.8 ms against 34.9 ms, ratio of sums 1.26.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
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
from sudoku_core.bridge import handle_json  # noqa: E402

DATA = shared_data.DATA / "tdoku_magictour_top1465.txt"
PARTS = ("boot", "firsthint", "phases", "bytes", "newgame", "hint", "solve", "interp")
BROWSERS = ("chromium", "firefox", "webkit")
BENCH = ROOT / "bench"
#: What the New game dialog offers (web/js/newgame.js: SIZES, LEVEL_IDS and "any", OUT_OF_REACH).
SIZES = (4, 6, 9, 12, 16)
LEVELS = ("", "easy", "medium", "hard", "expert", "extreme")
OUT_OF_REACH = {4: {"medium", "hard", "expert", "extreme"}, 6: {"extreme"}}
#: A subprocess browser that has not answered after this long has failed.
DRIVER_TIMEOUT_S = 1800

FIGURES_JS = """() => { const info = window.sudoku.engine.info;
    const get = (name) => (performance.getEntriesByName(name)[0] || {}).startTime;
    return {fcp: get('first-contentful-paint'), grid: get('grid-painted'), ready: get('engine-ready'),
            bootMs: info.bootMs, boot: info.boot, timings: info.timings}; }"""


def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def p95(values: list[float]) -> float:
    """The 95th percentile, nearest rank (of 5 runs, the largest)."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def ms(value) -> str:
    return "   -" if value is None else f"{value:5.0f}"


# --- the site, served -------------------------------------------------------------------------------

def bench_site(dist: Path, tmp: Path) -> Path:
    """A copy of the built site with the bench-only probe pages beside it (never shipped)."""
    site = tmp / "site"
    shutil.copytree(dist, site)
    build_info = json.loads((dist / "asset-map.json").read_text())["build-info.js"]
    probe = site / "bench-probe"
    probe.mkdir()
    (probe / "index.html").write_text('<!doctype html><meta charset="utf-8"><title>probe</title>'
                                      '<script type="module" src="probe.js"></script>')
    (probe / "probe.js").write_text(PROBE_JS.replace("BUILD_INFO", build_info))
    shutil.copyfile(Path(py_workloads.__file__), probe / "py_workloads.py")
    # Pyodide's whole standard library: the site ships only what the engine loads, the workloads need more.
    shutil.copyfile(build.ensure_pyodide() / "python_stdlib.zip", probe / "python_stdlib.zip")
    boot = probe / "boot"
    boot.mkdir()
    for name in ("index.html", "page.js", "worker.js"):
        text = (BENCH / "boot_probe" / name).read_text()
        (boot / name).write_text(text.replace("BUILD_INFO", build_info))
    return site


def recording_server(site: Path) -> tuple[http.server.ThreadingHTTPServer, str, list[tuple[str, int]]]:
    """build.py's server (its CSP and headers) that also records the path and status of every response."""
    served: list[tuple[str, int]] = []
    server, url = build.serve_in_thread(site, record=served)
    return server, url, served


# --- engine ready, cold and returning -----------------------------------------------------------------

def chromium_visits(browser, url: str) -> dict:
    """A cold visit on a fresh profile, then (once its snapshot is saved) a returning one."""
    context = browser.new_context()
    page = context.new_page()
    out = {}
    for phase in ("cold", "returning"):
        page.goto(url + "index.html")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        out[phase] = page.evaluate(FIGURES_JS)
        if phase == "cold":
            out["snapshot"] = wait_snapshot(page)
    context.close()
    return out


def wait_snapshot(page, timeout_s: float = 180) -> bool:
    deadline = time.monotonic() + timeout_s
    while not page.evaluate("() => !!window.sudoku.engine.snapshot"):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def driver(name: str, mode: str, url: str, runs: int) -> list[dict]:
    """Run the Firefox or WebKit driver script; its last line is a JSON list, one result per run.
    Raises RuntimeError if the browser could not start or the script failed."""
    if name == "firefox":
        if not shutil.which("firefox-esr"):
            raise RuntimeError("firefox-esr is not installed")
        command = ["node", str(BENCH / "firefox_bench.mjs"), mode, url, str(runs)]
    else:
        for tool in ("WebKitWebDriver", "xvfb-run"):
            if not shutil.which(tool):
                raise RuntimeError(f"{tool} is not installed")
        command = ["xvfb-run", "-a", sys.executable, str(BENCH / "webkit_bench.py"), mode, url, str(runs)]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=DRIVER_TIMEOUT_S,
                          env={**os.environ})
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"exit {proc.returncode}: {(proc.stderr or proc.stdout)[-1500:]}")
    return json.loads(lines[-1])


# --- time to a working hint, first visit and return --------------------------------------------------

#: The page-side half (bench/first_hint.js), shared by the three drivers: Hint pressed once the page has
#: loaded, resolved with when it was pressed and answered.
FIRST_HINT_JS = (BENCH / "first_hint.js").read_text()


def chromium_first_hints(browser, url: str) -> dict:
    """A first visit on a fresh profile, Hint pressed as soon as the page has loaded; then, once the
    first visit's snapshot is saved, the same on the return visit."""
    context = browser.new_context()
    page = context.new_page()
    out = {}
    for phase in ("cold", "returning"):
        page.goto(url + "index.html")
        out[phase] = page.evaluate(FIRST_HINT_JS)
        if phase == "cold":
            out["snapshot"] = wait_snapshot(page)
    context.close()
    return out


def print_first_hints(name: str, version: str, results: list[dict]) -> dict:
    med = {}
    for phase in ("cold", "returning"):
        rows = [r[phase] for r in results]
        med[phase] = median(r["answered"] for r in rows)
        print(f"  {name} {version}, {'first visit' if phase == 'cold' else 'return visit'}: hint answered "
              f"{ms(med[phase])} ms after the page opened (median of {len(rows)} fresh profiles); runs "
              f"{[round(r['answered']) for r in rows]}; Hint pressed at {[round(r['pressed']) for r in rows]}, "
              f"{sum(r['early'] for r in rows)} of {len(rows)} before the engine was ready; engine ready "
              f"{[None if r['ready'] is None else round(r['ready']) for r in rows]}; said "
              f"{sorted({r['status'] for r in rows})}; boots {[r['boot'] for r in rows]}")
    return med


def print_visits(name: str, version: str, results: list[dict]) -> dict:
    cold = [r["cold"] for r in results]
    ret = [r["returning"] for r in results]
    kinds = [r.get("boot") for r in ret]
    med = {"cold": median(r["ready"] for r in cold), "returning": median(r["ready"] for r in ret)}
    print(f"  {name} {version}: engine ready, median of {len(results)} fresh profiles: cold {ms(med['cold'])} ms, "
          f"returning {ms(med['returning'])} ms (returning boots: {', '.join(map(str, kinds))})")
    print(f"    cold runs {[round(r['ready']) for r in cold]}; returning runs {[round(r['ready']) for r in ret]}")
    for label, rows in (("cold", cold), ("returning", ret)):
        t = {k: median(r["timings"].get(k) for r in rows) for k in ("snapshot-read", "archive", "pyodide", "bridge")}
        extra = ""
        if rows[0].get("fcp") is not None:
            extra = f"; first contentful paint {ms(median(r['fcp'] for r in rows))}, grid painted " \
                    f"{ms(median(r['grid'] for r in rows))} ms"
        print(f"    {label:>9} in the worker (ms after it started): snapshot read {ms(t['snapshot-read'])}, "
              f"archive {ms(t['archive'])}, pyodide {ms(t['pyodide'])}, bridge {ms(t['bridge'])}{extra}")
    return med


# --- where the boot spends its time -------------------------------------------------------------------

#: Boot phases from the probe's events: (label, start event, end event); None: the later of two.
PHASES = (
    ("pyodide.asm.mjs import", "asm.mjs import start", "asm.mjs imported"),
    ("wasm fetch (to headers)", "fetch wasm start", "fetch wasm headers"),
    ("wasm compile+instantiate", "wasm instantiateStreaming start", "wasm instantiateStreaming done"),
    ("stdlib zip fetch", "fetch stdlib start", "fetch stdlib body"),
    ("Python init (+stdlib)", ("wasm instance received", "run dependencies 0"), "emscripten module ready"),
    ("bootstrap / restore", "emscripten module ready", "loadPyodide done"),
    ("engine unpack", "loadPyodide done", "archive unpacked"),
    ("  of which 1st runPython", "loadPyodide done", "first runPython"),
    ("  of which unpackArchive", "archive fetched", "archive written"),
    ("reseed (restore)", "loadPyodide done", "reseeded"),
    ("engine import", ("archive unpacked", "reseeded"), "engine imported"),
    ("first answer", "engine imported", "first answer"),
)


def phase_times(events: list[dict]) -> dict[str, float | None]:
    first: dict[str, float] = {}
    for e in events:
        first.setdefault(e["what"], e["t"])
    if "wasm instantiateStreaming start" not in first and "wasm instantiate start" in first:
        # No streaming (the response could not be streamed): the byte-array path.
        first["wasm instantiateStreaming start"] = first["wasm instantiate start"]
        first["wasm instantiateStreaming done"] = first.get("wasm instantiate done")
    out = {}
    for label, start, end in PHASES:
        if isinstance(start, tuple):
            starts = [first.get(x) for x in start if first.get(x) is not None]
            a = max(starts) if starts else None
        else:
            a = first.get(start)
        b = first.get(end)
        out[label] = None if a is None or b is None else b - a
    out["total (first answer)"] = first.get("first answer")
    return out


def chromium_probe(browser, url: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "bench-probe/boot/index.html")
    page.wait_for_selector("html[data-probe=done]", state="attached", timeout=300_000)
    result = page.evaluate("() => window.probeResult")
    context.close()
    return result


def print_phases(name: str, version: str, results: list[dict]) -> dict:
    ok = [r for r in results if not r.get("error")]
    for r in results:
        if r.get("error"):
            print(f"  {name}: probe error: {r['error'][:500]}")
    if not ok:
        return {}
    print(f"  {name} {version}: boot phases in a worker, ms, median of {len(ok)} fresh profiles")
    table = {}
    for kind in ("cold", "restore"):
        rows = [phase_times(r[kind]["events"]) for r in ok if r.get(kind)]
        if not rows:
            continue
        table[kind] = {label: median(row[label] for row in rows) for label in rows[0]}
        print(f"    {kind:>7}: " + "; ".join(f"{k} {ms(v).strip()}" for k, v in table[kind].items()))
    extra = {k: median(r["cold"]["extra"].get(k) for r in ok) for k in ok[0]["cold"]["extra"]}
    extra["pyLoopMs (restored)"] = median(r["restore"]["extra"].get("pyLoopMs") for r in ok if r.get("restore"))
    print("    runtime alone: wasm fetched again {wasmFetchMs:.0f} ms, compiled on its own {wasmCompileMs:.0f} ms; "
          "snapshot made in {snapshotMs:.0f} ms, {snapshotBytes:.0f} bytes; a pure-Python loop (300k "
          "iterations) {pyLoopMs:.0f} ms cold, {r:.0f} ms restored"
          .format(**extra, r=extra["pyLoopMs (restored)"] or 0))
    table["extra"] = extra
    return table


# --- first-visit bytes ------------------------------------------------------------------------------

def brotli_sizes(paths: list[Path]) -> dict[str, int]:
    """Brotli (quality 11) sizes from Node's zlib: no Python brotli package is needed."""
    script = ("const z=require('zlib'),fs=require('fs');const out={};for(const p of JSON.parse(process.argv[1]))"
              "out[p]=z.brotliCompressSync(fs.readFileSync(p),{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}})"
              ".length;console.log(JSON.stringify(out));")
    proc = subprocess.run(["node", "-e", script, json.dumps([str(p) for p in paths])],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def first_visit_bytes(browser, url: str, site: Path, served: list) -> None:
    served.clear()
    # A fresh profile on disk, as a first-time visitor has: an incognito-like context keeps its HTTP
    # cache in memory, whose entries cannot hold the 9.6 MB WebAssembly file, so the service worker's
    # precache could never reuse the page's copy there.
    with tempfile.TemporaryDirectory() as profile:
        context = browser.browser_type.launch_persistent_context(profile, executable_path=CHROMIUM, args=FLAGS)
        page = context.new_page()
        page.goto(url + "index.html")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        time.sleep(1)
        context.close()
    bodies = [path for path, code in served if code == 200]
    paths = {path: site / urllib.parse.unquote(path.lstrip("/") or "index.html") for path in set(bodies)}
    paths = {k: (v / "index.html" if v.is_dir() else v) for k, v in paths.items()}
    raw = {k: v.stat().st_size for k, v in paths.items()}
    gz = {k: len(gzip.compress(v.read_bytes(), 9)) for k, v in paths.items()}
    br_by_file = brotli_sizes(list(paths.values()))
    br = {k: br_by_file[str(v)] for k, v in paths.items()}
    counts = {path: bodies.count(path) for path in paths}

    def total(sizes: dict, every: bool) -> float:
        return sum(size * (counts[k] if every else 1) for k, size in sizes.items()) / 1e6

    print(f"first visit (Chromium, fresh profile on disk, until the service worker has precached): "
          f"{len(bodies)} responses with a body, {len(paths)} files, "
          f"{sum(1 for _, c in served if c == 304)} not-modified")
    for every, label in ((False, "each file once"), (True, "every response")):
        print(f"  {label:>14}: raw {total(raw, every):6.2f} MB, gzip {total(gz, every):5.2f} MB, "
              f"brotli {total(br, every):5.2f} MB")
    for k in sorted(paths, key=lambda k: -raw[k])[:6]:
        print(f"    {k:<46} {raw[k] / 1e6:6.2f} MB raw, {gz[k] / 1e6:5.2f} gzip, {br[k] / 1e6:5.2f} brotli, "
              f"sent {counts[k]}x")


# --- new game, hint, rate -------------------------------------------------------------------------------

NEWGAME_JS = """async ([size, level, symmetry, minimal, variant]) => {
    const ng = window.sudoku.newGame, engine = window.sudoku.engine;
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    while (engine.busy) await pause(10);  // whatever the last game loaded asked (its rating) is done
    await pause(50);
    document.getElementById('new-game').click();
    const set = (id, v) => {
        const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('change')); };
    set('ng-variant', variant || 'classic');
    set('ng-size', String(size)); set('ng-level', level); set('ng-symmetry', symmetry);
    if (document.getElementById('ng-minimal').checked !== minimal) document.getElementById('ng-minimal').click();
    const started = performance.now();
    document.getElementById('ng-generate').click();
    while (ng.dialog.open && ng.running) await pause(2);
    const gaveUp = ng.dialog.open;  // the dialog's time limit passed: it says so and stays open
    if (gaveUp) document.getElementById('ng-close').click();
    return {ms: performance.now() - started, n: window.sudoku.game.n, gaveUp,
            message: document.getElementById('message').textContent};
}"""


AHEAD_JS = """async ([size, level, symmetry, minimal, timeout, variant]) => {
    // Wait, engine idle, until the refill has made a puzzle of this choice ahead (bank.js's key).
    const map = await (await fetch('asset-map.json')).json();
    const bank = await import('./' + map['js/bank.js']);
    const kind = bank.bankKind({size, level, symmetry, minimal, ...(variant ? {variant} : {})});
    const wanted = () => window.sudoku.newGame.refill.wanted.some((w) => w.key === kind.key);
    if (!kind || !wanted()) return -1;  // every game of it came quickly: not made ahead
    const started = performance.now();
    while (!(bank.bankLeft(kind.key) > 0) && performance.now() - started < timeout)
        await new Promise((r) => setTimeout(r, 200));
    return performance.now() - started;
}"""


REFILL_JS = """() => ({made: window.sudoku.newGame.refill.made, workMs: window.sudoku.newGame.refill.workMs})"""


def tree_cpu() -> float:
    """CPU seconds (user + system) spent so far by this process's descendants: the browsers it started, each
    of their processes (Chromium's renderer runs the worker and its Pyodide). On a shared machine this is
    what a piece of page work costs, where its wall time is whatever the other load leaves it."""
    children: dict[int, list[tuple[int, int]]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = (Path("/proc") / entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append((int(entry), int(fields[11]) + int(fields[12])))
    total, stack = 0, [os.getpid()]
    while stack:
        for pid, ticks in children.get(stack.pop(), []):
            total += ticks
            stack.append(pid)
    return total / os.sysconf("SC_CLK_TCK")


def newgame_figures(browser, url: str, runs: int, sizes, levels, symmetry: str = "rot180",
                    minimal: bool = False, variant: str = "classic") -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "index.html")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    choice = symmetry + (", minimal" if minimal else "") + (f", {variant}" if variant != "classic" else "")
    variant_arg = "" if variant == "classic" else variant
    print(f"new game (Chromium, the dialog as a player uses it, {choice}; Generate click to dialog closed), "
          f"{runs} each:")
    for size in sizes:
        for level in levels:
            if level in OUT_OF_REACH.get(size, ()):
                continue
            times, cpus, bank, gave_up = [], [], 0, 0
            for _ in range(runs):
                cpu = tree_cpu()
                r = page.evaluate(NEWGAME_JS, [size, level, symmetry, minimal, variant_arg])
                cpus.append(tree_cpu() - cpu)
                gave_up += r["gaveUp"]
                assert r["gaveUp"] or r["n"] == size, r
                times.append(r["ms"])
                bank += "seed" not in r["message"]  # a generated puzzle's message names its seed
            line = (f"  {size:>2}x{size:<2} {level or 'any':>8}: median {statistics.median(times):7.0f} ms, "
                    f"p95 {p95(times):7.0f} ms, max {max(times):7.0f} ms, browser CPU median "
                    f"{statistics.median(cpus):5.2f} s"
                    + (f" (from the bank {bank}/{runs})" if bank else "")
                    + (f" (the dialog gave up {gave_up}/{runs})" if gave_up else ""))
            if level and (symmetry not in ("rot180", "none") or minimal or (variant != "classic" and bank < runs)):
                # A choice the shipped bank lacks: once one took long, the refill makes it ahead. Then the
                # bank warm: each of ``runs`` games waits (engine idle) for the refill's next puzzle first.
                warm, waits = [], []
                refill_cpu = 0.0
                for _ in range(runs):
                    before, cpu = page.evaluate(REFILL_JS), tree_cpu()
                    waited = page.evaluate(AHEAD_JS, [size, level, symmetry, minimal, 600_000, variant_arg])
                    if waited < 0:
                        break
                    after = page.evaluate(REFILL_JS)
                    refill_cpu += tree_cpu() - cpu  # the browser's CPU while it waited: the refill's, and idling
                    waits.append((waited, after["made"] - before["made"], after["workMs"] - before["workMs"]))
                    r = page.evaluate(NEWGAME_JS, [size, level, symmetry, minimal, variant_arg])
                    if "seed" in r["message"]:  # generated, not taken from the bank: not made ahead in time
                        break
                    warm.append(r["ms"])
                made = sum(m for _, m, _ in waits)
                work = sum(w for _, _, w in waits)
                if not waits:
                    line += "; quick, so not made ahead"
                elif not warm:
                    line += "; not made ahead within 10 min"
                else:
                    line += (f"; bank warm: median {statistics.median(warm):.0f} ms, p95 {p95(warm):.0f} ms "
                             f"({len(warm)} games); the refill's engine time {work / max(made, 1) / 1000:.1f} s "
                             f"per banked puzzle, browser CPU {refill_cpu / max(made, 1):.1f} s ({made} made)")
            print(line)
    context.close()


def bank_puzzles(key: str) -> list[str]:
    """The puzzles of one bank entry ("9|expert") in web/js/bank.js; its Extremes are the engine's catalogue's
    (sudoku_core/extremes.py, which build.py writes into the page)."""
    from sudoku_core.extremes import bank_lists

    if key in bank_lists():
        return bank_lists()[key]
    text = (ROOT / "web" / "js" / "bank.js").read_text()
    block = re.search(r'"' + re.escape(key) + r'":\s*\[(.*?)\]', text, re.S).group(1)
    return re.findall(r'"([^"]+)"', block)


HINT_JS = """async ([puzzles, op, reps]) => {
    const engine = window.sudoku.engine, out = [];
    for (const text of puzzles) {
        const payload = op === 'rate' ? {text, quick: true} : {text};
        await engine.request(op, payload);  // warm up
        const times = [];
        for (let i = 0; i < reps; i++) {
            const t = performance.now();
            await engine.request(op, payload);
            times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        out.push(times[Math.floor(times.length / 2)]);
    }
    return out;
}"""


def hint_figures(browser, url: str, count: int, reps: int = 3) -> None:
    puzzles = bank_puzzles("9|expert")[:count] + bank_puzzles("9|extreme")[:count]
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "index.html")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    print(f"hint and rate: {len(puzzles)} 9x9 bank puzzles (Expert, Extreme), median of {reps} calls each after "
          "a warm-up; browser: the round trip through the worker; CPython: bridge.handle_json, as the worker calls it")
    trip = page.evaluate(HINT_JS, [puzzles[:1], "version", 20])[0]
    print(f"  round trip of 'version' through the worker: {trip:.1f} ms (median of 20)")
    for op in ("hint", "rate"):
        web = page.evaluate(HINT_JS, [puzzles, op, reps])
        cpy = []
        for text in puzzles:
            payload = {"text": text, "quick": True} if op == "rate" else {"text": text}
            request = json.dumps({"type": op, "payload": payload})  # as the worker: JSON in, JSON out
            assert json.loads(handle_json(request))["ok"]
            times = []
            for _ in range(reps):
                t = time.perf_counter()
                handle_json(request)
                times.append((time.perf_counter() - t) * 1000)
            cpy.append(statistics.median(times))
        print(f"  {op:>4}: browser median {statistics.median(web):6.1f} ms (max {max(web):6.1f}), CPython median "
              f"{statistics.median(cpy):6.1f} ms (max {max(cpy):6.1f}); ratio of sums {sum(web) / sum(cpy):.2f}")
    context.close()


# --- solve, interpreters ----------------------------------------------------------------------------------

def browser_solves(browser, url: str, puzzles: list[str], method: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "index.html")
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
const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href,
                               stdLibURL: new URL("python_stdlib.zip", import.meta.url).href });
const archive = await (await fetch(new URL(`../${BUILD.archive}`, import.meta.url))).arrayBuffer();
py.unpackArchive(archive, "zip", { extractDir: py.runPython("import sysconfig; sysconfig.get_path('purelib')") });
py.FS.writeFile("/home/pyodide/py_workloads.py", await (await fetch("py_workloads.py")).text());
py.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import json, py_workloads");
const run = py.globals.get("py_workloads").run;
window.runWorkloads = (puzzles, methods, repeat) =>
  py.globals.get("json").dumps(run(py.toPy(puzzles), py.toPy(methods), repeat));
document.documentElement.dataset.probe = "ready";
"""


def interpreter_figures(browser, url: str, puzzles: list[str], methods: list[str], rounds: int) -> None:
    """Same workloads in Pyodide and in this CPython, round after round; print the ratio of medians."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "bench-probe/index.html")
    page.wait_for_selector("html[data-probe=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    web: dict[str, list[float]] = {}
    cpy: dict[str, list[float]] = {}
    for _ in range(rounds):
        for name, t in json.loads(page.evaluate("([p, m]) => window.runWorkloads(p, m, 3)",
                                                [puzzles, methods])).items():
            web.setdefault(name, []).append(t)
        for name, t in py_workloads.run(puzzles, methods, 3).items():
            cpy.setdefault(name, []).append(t)
    context.close()
    print(f"interpreters: Pyodide in Chromium vs this CPython, {rounds} rounds of 3 runs each, medians")
    for name in web:
        w, c = statistics.median(web[name]), statistics.median(cpy[name])
        print(f"  {name:>16}: browser {w:8.1f} ms, CPython {c:7.1f} ms; ratio {w / c:.2f}")


def solve_figures(browser, url: str, puzzles: list[str], methods: list[str], data: Path) -> None:
    print(f"solve: first {len(puzzles)} puzzles of {data.name}, limit=2")
    for method in methods:
        passes = browser_solves(browser, url, puzzles, method)
        cpy = cpython_solves(puzzles, method)
        # Two passes in one page: the first right after boot, while V8 still runs much of the
        # interpreter as baseline (Liftoff) code, the second after it has tiered up.
        for label, web in zip(("1st pass", "2nd pass"), passes, strict=True):
            print(f"  {method:>9} {label}: browser {web['engineMs']:6.0f} ms in the engine ({web['wallMs']:.0f} ms "
                  f"with round trips), CPython {cpy['engineMs']:6.0f} ms; ratio "
                  f"{web['engineMs'] / cpy['engineMs']:.2f} (wall {web['wallMs'] / cpy['wallMs']:.2f}); "
                  f"nodes {web['nodes']} / {cpy['nodes']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="*", choices=PARTS, default=list(PARTS), help="what to run (default: all)")
    parser.add_argument("--browsers", nargs="*", choices=BROWSERS, default=list(BROWSERS),
                        help="browsers for boot and phases (default: all three)")
    parser.add_argument("--runs", type=int, default=5, help="fresh profiles per browser for boot and phases")
    parser.add_argument("--newgame-runs", type=int, default=5, help="new games per size and level")
    parser.add_argument("--symmetry", default="rot180",
                        help="new games' symmetry (the dialog's values), or several, comma-separated")
    parser.add_argument("--minimal", action="store_true", help="new games with 'minimal' ticked")
    parser.add_argument("--variant", default="classic", help="new games' variant (classic, x, windoku, jigsaw)")
    parser.add_argument("--sizes", nargs="*", type=int, default=list(SIZES))
    parser.add_argument("--levels", nargs="*", default=list(LEVELS), help="'' is the dialog's 'any'")
    parser.add_argument("--hint-puzzles", type=int, default=5, help="9x9 Expert and as many Extreme bank puzzles")
    parser.add_argument("--puzzles", type=int, default=50, help="puzzles for the solve part")
    parser.add_argument("--methods", nargs="*", default=["backtrack", "dlx"])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--interp", type=int, default=3, metavar="ROUNDS", help="rounds of the interpreter comparison")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--dist", type=Path, help="serve this built site as it is (to compare builds)")
    args = parser.parse_args()
    parts = set(args.parts)
    puzzles: list[str] = []
    if parts & {"solve", "interp"}:
        shared_data.need(args.data)
        puzzles = args.data.read_text().split()[: args.puzzles]

    from playwright.sync_api import sync_playwright

    dist = args.dist or ROOT / "dist"
    if not (args.no_build or args.dist):
        build.build(dist)
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = bench_site(dist, Path(tmp))
        server, url, served = recording_server(site)
        print(f"machine: {sys.platform}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; "
              f"CPython {sys.version.split()[0]}; site {url}; parts {' '.join(p for p in PARTS if p in parts)}")
        with sync_playwright() as pw:
            browser = None
            try:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                print(f"Chromium {browser.version}")
            except Exception as exc:
                failures.append(f"chromium: {exc}")
                print(f"FAILED: Chromium did not start from {CHROMIUM}: {exc}")
            summary: dict = {}
            for part, mode in (("boot", "visits"), ("firsthint", "firsthint"), ("phases", "probe")):
                if part not in parts:
                    continue
                print({"boot": "engine ready, cold and returning:",
                       "firsthint": "time to a working hint (page open -> first hint answered), first visit "
                                    "and return:",
                       "phases": "boot phases:"}[part])
                for name in args.browsers:
                    try:
                        if name == "chromium":
                            if browser is None:
                                raise RuntimeError("did not start")
                            if mode == "visits":
                                results = [chromium_visits(browser, url) for _ in range(args.runs)]
                            elif mode == "firsthint":
                                results = [chromium_first_hints(browser, url) for _ in range(args.runs)]
                            else:
                                results = [chromium_probe(browser, url) for _ in range(args.runs)]
                            version = browser.version
                        else:
                            results = driver(name, mode, url, args.runs)
                            version = results[0].get("version", "")
                    except Exception as exc:
                        failures.append(f"{name} {part}: {exc}")
                        print(f"  FAILED: {name}: {str(exc)[:1500]}")
                        continue
                    show = {"visits": print_visits, "firsthint": print_first_hints, "probe": print_phases}[mode]
                    summary.setdefault(part, {})[name] = show(name, version, results)
            ready = summary.get("boot", {})
            if "chromium" in ready and ready["chromium"]["cold"]:
                base = ready["chromium"]
                for name in ("firefox", "webkit"):
                    if name in ready and ready[name]["cold"]:
                        print(f"  {name} / chromium: cold {ready[name]['cold'] / base['cold']:.2f}x, returning "
                              f"{ready[name]['returning'] / base['returning']:.2f}x")
            if browser is not None:
                chromium_parts = (
                    ("bytes", lambda: first_visit_bytes(browser, url, site, served)),
                    ("newgame", lambda: [newgame_figures(browser, url, args.newgame_runs, args.sizes, args.levels,
                                                        symmetry, args.minimal, args.variant)
                                         for symmetry in args.symmetry.split(",")]),
                    ("hint", lambda: hint_figures(browser, url, args.hint_puzzles)),
                    ("interp", lambda: interpreter_figures(browser, url, puzzles, args.methods, args.interp)),
                    ("solve", lambda: solve_figures(browser, url, puzzles, args.methods, args.data)),
                )
                for part, run in chromium_parts:
                    if part in parts:
                        try:
                            run()
                        except Exception as exc:
                            failures.append(f"chromium {part}: {exc}")
                            print(f"  FAILED: chromium {part}: {str(exc)[:1500]}")
                browser.close()
        server.shutdown()
    for failure in failures:
        print(f"FAILED: {failure[:300]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
