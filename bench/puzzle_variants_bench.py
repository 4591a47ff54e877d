"""Benchmark of the Sudoku variants (X, Windoku, Jigsaw, Killer; issue 21): generation and solving medians.

Usage: ``python3 bench/puzzle_variants_bench.py [--count N] [--levels easy,hard] [--size 9] [--variants ...]``

``--variants`` is a comma-separated list of x, windoku, jigsaw, killer (no givens) and killer-givens
(``givens=True``); a Killer without givens is at least medium, so ``easy`` is skipped for it.

For each variant, ``--count`` puzzles are generated with seeds ``0 .. N-1`` (no level, then each level of
``--levels``); each level-less puzzle is then counted to two solutions by ``backtrack`` and by ``dlx``.
Times are CPU time of this process (median, 90th percentile, max, in ms), so other load on the machine
inflates them less. Prints; asserts only that both engines find exactly one solution.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from sudoku_core.generate import generate  # noqa: E402
from sudoku_core.solvers import solve  # noqa: E402


def summary(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (f"median {statistics.median(ms):8.2f}  p90 {ms[int(0.9 * (len(ms) - 1))]:8.2f}  "
            f"max {ms[-1]:8.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--levels", default="", help="comma-separated levels to generate too (default none)")
    ap.add_argument("--variants", default="x,windoku,jigsaw")
    args = ap.parse_args()
    levels = [lv for lv in args.levels.split(",") if lv]
    for variant in args.variants.split(","):
        name, givens = ("killer", True) if variant == "killer-givens" else (variant, False)
        made, gen = [], []
        for seed in range(args.count):
            t = time.process_time()
            made.append(generate(args.size, seed=seed, variant=name, givens=givens))
            gen.append(time.process_time() - t)
        givens = statistics.median(g.puzzle.givens for g in made)
        print(f"{variant:13s} generate (no level)  {summary(gen)}  givens {givens:.0f}", flush=True)
        for method in ("backtrack", "dlx"):
            times = []
            for g in made:
                t = time.process_time()
                r = solve(g.puzzle, method=method, limit=2)
                times.append(time.process_time() - t)
                assert r.count == 1 and r.solutions[0] == g.solution.to_line()
            print(f"{variant:13s} solve {method:10s}     {summary(times)}", flush=True)
        for level in levels if variant != "killer" else [lv for lv in levels if lv != "easy"]:
            times = []
            for seed in range(args.count):
                t = time.process_time()
                generate(args.size, seed=seed, variant=name, givens=givens, level=level, deadline=60)
                times.append(time.process_time() - t)
            print(f"{variant:13s} generate {level:9s}   {summary(times)}", flush=True)


if __name__ == "__main__":
    main()
