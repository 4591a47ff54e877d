"""Benchmark: how long the page waits for each slice of a generation job, per size and level.

    python bench/generation_slices.py [--seconds 12] [--ms 200] [--seeds 2] [--sizes 9 16] [--no-browser]

A new game runs as one job advanced in slices (bridge ops ``generate_job`` / ``job_step``; see
``sudoku_core.bridge.Session``). A slice runs whole units of work (a grid, a group tried, a logic step
of a rating) until ``--ms`` has passed, so it overruns by at most one unit. For every size and level the
New game dialog offers (symmetry "none", so the bank is not used), this runs jobs for up to
``--seconds`` each, in this CPython and in Debian's Chromium through the built site, and prints per
combination the median, 95th percentile and longest slice (the time Stop can wait), the longest unit, and the slices
seen. It asserts nothing. Needs no data files.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import build  # noqa: E402
from sudoku_core.bridge import Session  # noqa: E402
from sudoku_core.bridge.play import SIZES  # noqa: E402
from sudoku_core.generate import LEVELS, REACHABLE_LEVELS  # noqa: E402

# The dialog greys out what a size cannot reach (web/js/newgame.js OUT_OF_REACH).
OFFERED = {n: [lv for lv in REACHABLE_LEVELS.get(n, LEVELS) if not (n == 6 and lv == "extreme")] for n in SIZES}

BROWSER_JS = """async ([payload, ms, seconds]) => {
    const engine = window.sudoku.engine;
    const slices = [];
    let longest = 0, t = performance.now();
    let r = await engine.request('generate_job', {...payload, ms});
    slices.push(performance.now() - t);
    const end = performance.now() + seconds * 1000;
    while (!r.done && performance.now() < end) {
        longest = Math.max(longest, r.longest_ms);
        t = performance.now();
        r = await engine.request('job_step', {job: r.job, ms});
        slices.push(performance.now() - t);
    }
    longest = Math.max(longest, r.longest_ms);
    if (!r.done) await engine.request('job_stop', {job: r.job});
    return {slices, longest, done: r.done, found: r.done && r.found};
}"""


def cpython_job(payload: dict, ms: int, seconds: float) -> dict:
    session = Session()

    def call(op, p):
        reply = json.loads(session.handle_json(json.dumps({"type": op, "payload": p})))
        assert reply["ok"], reply
        return reply["result"]

    slices, t = [], time.perf_counter()
    r = call("generate_job", {**payload, "ms": ms})
    slices.append((time.perf_counter() - t) * 1000)
    longest, end = r["longest_ms"], time.perf_counter() + seconds
    while not r["done"] and time.perf_counter() < end:
        t = time.perf_counter()
        r = call("job_step", {"job": r["job"], "ms": ms})
        slices.append((time.perf_counter() - t) * 1000)
        longest = max(longest, r["longest_ms"])
    if not r["done"]:
        call("job_stop", {"job": r["job"]})
    return {"slices": slices, "longest": longest, "done": r["done"], "found": r["done"] and r["found"]}


@contextlib.contextmanager
def site_page(timeout_ms: float | None = None):
    """A Chromium page on the freshly built site, its engine ready (for the browser half of a bench)."""
    from e2e_support import BOOT_TIMEOUT_MS, CHROMIUM, FLAGS
    from playwright.sync_api import sync_playwright

    build.build()
    server, url = build.serve_in_thread(build.DIST)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page()
            if timeout_ms is not None:
                page.set_default_timeout(timeout_ms)
            page.goto(url + "index.html")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
            yield page
            browser.close()
    finally:
        server.shutdown()


def p95(ordered: list[float]) -> float:
    """The 95th percentile of sorted values (the nearest rank)."""
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(where: str, n: int, level: str, runs: list[dict]) -> str:
    slices = sorted(s for r in runs for s in r["slices"])
    return (f"{where:8} {n:2}x{n:<2} {level:8} slices {len(slices):5}  median {statistics.median(slices):6.0f} ms  "
            f"p95 {p95(slices):6.0f} ms  longest {slices[-1]:6.0f} ms  "
            f"longest unit {max(r['longest'] for r in runs):6.0f} ms  "
            f"finished {sum(r['done'] for r in runs)}/{len(runs)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=12.0, help="the most each job runs")
    ap.add_argument("--ms", type=int, default=200, help="the slice the page asks for")
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), choices=SIZES)
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    combos = [(n, lv) for n in args.sizes for lv in OFFERED[n]]
    print(f"slice {args.ms} ms; each job at most {args.seconds:.0f} s; seeds 1..{args.seeds}; symmetry none")
    for n, lv in combos:
        runs = [cpython_job({"size": n, "level": lv, "seed": s}, args.ms, args.seconds)
                for s in range(1, args.seeds + 1)]
        print(line("CPython", n, lv, runs), flush=True)
    if args.no_browser:
        return 0
    with site_page() as page:
        for n, lv in combos:
            runs = [page.evaluate(BROWSER_JS, [{"size": n, "level": lv, "seed": s}, args.ms, args.seconds])
                    for s in range(1, args.seeds + 1)]
            print(line("Chromium", n, lv, runs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
