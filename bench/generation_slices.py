"""Benchmark: how long the page waits for each slice of a generation job, per size and level.

    python bench/generation_slices.py [--seconds 12] [--ms 200] [--seeds 2] [--sizes 9 16] [--no-browser]
    python bench/generation_slices.py --hard [--seconds 20] [--ms 200]


A new game runs as one job advanced in slices (bridge ops ``generate_job`` / ``job_step``; see
``sudoku_core.bridge.Session``). A slice runs whole units of work (a grid, a group tried, a logic step
of a rating) until ``--ms`` has passed, so it overruns by at most one unit. For every size and level the
New game dialog offers (symmetry "none", so the bank is not used), this runs jobs for up to
``--seconds`` each, in this CPython and in Debian's Chromium through the built site, and prints per
combination the median, 95th percentile and longest slice (the time Stop can wait), the longest unit, and the slices
seen. It asserts nothing. Needs no data files.

``--hard`` runs, in this CPython only, the jobs issue 34 found slices far over their ``ms`` in: generation
of 16x16 Killer Extreme (seed 11), 9x9 Killer with givens at Expert, 12x12 Killer Extreme and 16x16 Jigsaw
Extreme, and ``steps_job`` / ``all_steps_job`` on a 25x25 with 10% of its cells given. Per job it prints the
slices' worst and 95th percentile in wall time and in this process's CPU time (the machine may be shared),
the longest unit, and how many slices overran ``ms`` by more than 100 ms. With ``--cpu-clock`` the jobs
themselves cut their slices by this process's CPU time (``time.perf_counter`` is replaced by
``time.process_time``), so the figures are those of an idle machine even when others share it.
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


def sparse_25(fraction: float = 0.1, seed: int = 1) -> str:
    """A 25x25 with ``fraction`` of a generated solution's cells given (many solutions)."""
    from sudoku_core.generate import full_grid, make_rng
    from sudoku_core.grid import variant_geometry
    from sudoku_core.puzzle import Alphabet

    geo = variant_geometry(25, "classic")
    rng, _ = make_rng(seed)
    grid = full_grid(geo, rng)
    keep = set(rng.sample(range(geo.ncells), round(fraction * geo.ncells)))
    alphabet = Alphabet.default(25)
    return "".join(alphabet.symbols[grid[c] - 1] if c in keep else "." for c in range(geo.ncells))


#: issue 34's slow jobs: (name, op, payload).
HARD = [
    ("gen 16x16 killer extreme s11", "generate_job", {"size": 16, "variant": "killer", "level": "extreme", "seed": 11}),
    ("gen 9x9 killer+givens expert", "generate_job",
     {"size": 9, "variant": "killer", "givens": True, "level": "expert", "seed": 1}),
    ("gen 12x12 killer extreme", "generate_job", {"size": 12, "variant": "killer", "level": "extreme", "seed": 1}),
    ("gen 16x16 jigsaw extreme", "generate_job", {"size": 16, "variant": "jigsaw", "level": "extreme", "seed": 1}),
    ("steps_job 25x25 10%", "steps_job", None),
    ("all_steps_job 25x25 10%", "all_steps_job", None),
]


def hard_job(op: str, payload: dict, ms: int, seconds: float) -> dict:
    """One job of :data:`HARD`, each slice timed in wall and CPU time."""
    session = Session()

    def call(op, p):
        reply = json.loads(session.handle_json(json.dumps({"type": op, "payload": p})))
        assert reply["ok"], reply
        return reply["result"]

    wall, cpu = [], []

    def timed(op, p):
        t, c = time.perf_counter(), time.process_time()
        r = call(op, p)
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        return r

    r = timed(op, {**payload, "ms": ms})
    end = time.perf_counter() + seconds
    while not r["done"] and time.perf_counter() < end:
        r = timed("job_step", {"job": r["job"], "ms": ms})
    if not r["done"]:
        call("job_stop", {"job": r["job"]})
    return {"wall": sorted(wall), "cpu": sorted(cpu), "longest": r["longest_ms"], "done": r["done"]}


def hard(ms: int, seconds: float) -> None:
    clock = "CPU" if time.perf_counter is time.process_time else "wall"
    print(f"issue 34's slow jobs, CPython; slice {ms} ms of {clock} time; each job at most {seconds:.0f} s")
    grid = sparse_25()
    for name, op, payload in HARD:
        payload = payload if payload is not None else {"text": grid}
        r = hard_job(op, payload, ms, seconds)
        over = sum(w > ms + 100 for w in r["wall"])
        print(f"{name:30} slices {len(r['wall']):4}  wall worst {r['wall'][-1]:6.0f} p95 {p95(r['wall']):6.0f} ms  "
              f"cpu worst {r['cpu'][-1]:6.0f} p95 {p95(r['cpu']):6.0f} ms  longest unit {r['longest']:6.0f} ms  "
              f"over ms+100 {over:3}  {'done' if r['done'] else 'cut'}", flush=True)


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
    ap.add_argument("--hard", action="store_true", help="issue 34's slow jobs only (CPython)")
    ap.add_argument("--cpu-clock", action="store_true", help="with --hard: slices cut by CPU time")
    args = ap.parse_args()
    if args.hard:
        if args.cpu_clock:
            time.perf_counter = time.process_time
        hard(args.ms, args.seconds)
        return 0
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
