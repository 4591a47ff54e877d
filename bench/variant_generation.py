"""Benchmark: how long a new X, Windoku or Jigsaw game takes to generate, per level, in CPython and in
Chromium (the page's engine, through the built site).

    python bench/variant_generation.py [--seeds 10] [--ms 200] [--seconds 90] [--variants x windoku jigsaw]
                                       [--no-browser]

The bank (web/js/bank.js) holds classic puzzles only, so a variant game is always generated live, as one
``generate_job`` advanced in slices of ``--ms`` (what the New game dialog does, with its default symmetry
rot180). For every variant and level this runs jobs for seeds 1..``--seeds`` and prints the median,
95th percentile and longest wall time from the first request to the answer, and how many finished within
``--seconds``. It asserts nothing. Needs no data files.
"""

from __future__ import annotations

import argparse
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
from sudoku_core.generate import LEVELS  # noqa: E402

BROWSER_JS = """async ([payload, ms, seconds]) => {
    const engine = window.sudoku.engine;
    const start = performance.now(), end = start + seconds * 1000;
    let r = await engine.request('generate_job', {...payload, ms});
    while (!r.done && performance.now() < end) r = await engine.request('job_step', {job: r.job, ms});
    if (!r.done) await engine.request('job_stop', {job: r.job});
    return {ms: performance.now() - start, done: r.done && r.found};
}"""


def cpython_job(payload: dict, ms: int, seconds: float) -> dict:
    session = Session()

    def call(op, p):
        reply = json.loads(session.handle_json(json.dumps({"type": op, "payload": p})))
        assert reply["ok"], reply
        return reply["result"]

    start = time.perf_counter()
    r = call("generate_job", {**payload, "ms": ms})
    while not r["done"] and time.perf_counter() - start < seconds:
        r = call("job_step", {"job": r["job"], "ms": ms})
    if not r["done"]:
        call("job_stop", {"job": r["job"]})
    return {"ms": (time.perf_counter() - start) * 1000, "done": r["done"] and r["found"]}


def line(where: str, variant: str, level: str, runs: list[dict]) -> str:
    times = sorted(r["ms"] for r in runs)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return (f"{where:8} {variant:8} {level:8} median {statistics.median(times):7.0f} ms  p95 {p95:7.0f} ms  "
            f"longest {times[-1]:7.0f} ms  finished {sum(r['done'] for r in runs)}/{len(runs)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--ms", type=int, default=200, help="the slice the page asks for")
    ap.add_argument("--seconds", type=float, default=90.0, help="the most one job runs")
    ap.add_argument("--variants", nargs="+", default=["x", "windoku", "jigsaw"])
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    combos = [(v, lv) for v in args.variants for lv in LEVELS]
    seeds = range(1, args.seeds + 1)
    print(f"9x9, symmetry rot180, slice {args.ms} ms, seeds 1..{args.seeds}, wall time per new game")
    for v, lv in combos:
        runs = [cpython_job({"size": 9, "variant": v, "level": lv, "symmetry": "rot180", "seed": s},
                            args.ms, args.seconds) for s in seeds]
        print(line("CPython", v, lv, runs), flush=True)
    if args.no_browser:
        return 0
    from e2e_support import BOOT_TIMEOUT_MS, CHROMIUM, FLAGS
    from playwright.sync_api import sync_playwright

    build.build()
    server, url = build.serve_in_thread(build.DIST)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page()
            page.set_default_timeout((args.seconds + 60) * 1000)
            page.goto(url + "index.html")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
            for v, lv in combos:
                runs = [page.evaluate(BROWSER_JS, [{"size": 9, "variant": v, "level": lv, "symmetry": "rot180",
                                                    "seed": s}, args.ms, args.seconds]) for s in seeds]
                print(line("Chromium", v, lv, runs), flush=True)
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
