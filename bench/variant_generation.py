"""Benchmark: how long a new X, Windoku, Jigsaw or Killer game takes to generate, per level, in CPython
and in Chromium (the page's engine, through the built site).

    python bench/variant_generation.py [--seeds 10] [--ms 200] [--seconds 90]
                                       [--variants x windoku jigsaw killer killer-givens]
                                       [--no-browser] [--no-cpython]

``killer`` is a Killer without givens, as the New game dialog asks for it (symmetry none, no Easy: the
engine refuses both); ``killer-givens`` one that keeps givens (``givens: true``, symmetry rot180).

The bank (web/js/bank.js) holds classic puzzles only, so a variant game is always generated live, as one
``generate_job`` advanced in slices of ``--ms`` (what the New game dialog does, with its default symmetry
rot180). For every variant and level this runs jobs for seeds 1..``--seeds`` and prints the median,
95th percentile and longest wait from the first request to the answer (the sum of its slices' round trips,
run by ``generation_slices.py``'s job runners), and how many finished within ``--seconds``. It asserts
nothing. Needs no data files.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generation_slices import BROWSER_JS, cpython_job, p95, site_page  # noqa: E402

from sudoku_core.generate import LEVELS  # noqa: E402


def line(where: str, variant: str, level: str, runs: list[dict]) -> str:
    times = sorted(sum(r["slices"]) for r in runs)  # a new game's wait: the sum of its slices
    return (f"{where:8} {variant:13} {level:8} median {statistics.median(times):7.0f} ms  p95 {p95(times):7.0f} ms  "
            f"longest {times[-1]:7.0f} ms  finished {sum(r['found'] for r in runs)}/{len(runs)}")


def request(variant: str, level: str, seed: int) -> dict:
    """The generate_job payload the New game dialog sends for ``variant`` (or ``killer-givens``)."""
    if variant == "killer":
        return {"size": 9, "variant": "killer", "givens": False, "level": level, "symmetry": "none", "seed": seed}
    if variant == "killer-givens":
        return {"size": 9, "variant": "killer", "givens": True, "level": level, "symmetry": "rot180", "seed": seed}
    return {"size": 9, "variant": variant, "level": level, "symmetry": "rot180", "seed": seed}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--ms", type=int, default=200, help="the slice the page asks for")
    ap.add_argument("--seconds", type=float, default=90.0, help="the most one job runs")
    ap.add_argument("--variants", nargs="+", default=["x", "windoku", "jigsaw"])
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--no-cpython", action="store_true")
    ap.add_argument("--levels", nargs="+", default=list(LEVELS))
    args = ap.parse_args()
    combos = [(v, lv) for v in args.variants for lv in args.levels if not (v == "killer" and lv == LEVELS[0])]
    seeds = range(1, args.seeds + 1)
    print(f"9x9, symmetry rot180 (none for a Killer without givens), slice {args.ms} ms, seeds 1..{args.seeds}, "
          "wait per new game (its slices summed)")
    for v, lv in combos if not args.no_cpython else []:
        runs = [cpython_job(request(v, lv, s), args.ms, args.seconds) for s in seeds]
        print(line("CPython", v, lv, runs), flush=True)
    if args.no_browser:
        return 0
    with site_page((args.seconds + 60) * 1000) as page:
        for v, lv in combos:
            runs = [page.evaluate(BROWSER_JS, [request(v, lv, s), args.ms, args.seconds]) for s in seeds]
            print(line("Chromium", v, lv, runs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
