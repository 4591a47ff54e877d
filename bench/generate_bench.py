"""Benchmark of the generator: median time per puzzle for each size and level. Prints; asserts nothing.

Usage: ``python3 bench/generate_bench.py [--count N] [--sizes 9,16] [--levels easy,hard] [--seed0 S]``

Each row generates ``--count`` puzzles with seeds ``seed0, seed0 + 1, ...`` (deterministic) and reports
the median, 90th percentile and maximum CPU time of this process (so that other load on the machine
does not inflate it), the median wall time beside it, the median number of attempts (dug puzzles) and
givens, and how the puzzles were decided (cheap tests, logic fill, engine checks, ratings).

Rows: ``none`` is a unique puzzle without a level (sides up to 10: minimal); ``minimal`` asks for a
minimal puzzle at any size (the full dig, slow on 16x16 and beyond).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from sudoku_core.generate import LEVELS, generate  # noqa: E402

#: What runs without options: every level at 9x9, the level-less rows and the other sizes' cheap levels.
DEFAULT_ROWS = [(9, "none"), (9, "minimal")] + [(9, lv) for lv in LEVELS] + [
    (4, "none"), (4, "easy"), (6, "none"), (6, "easy"), (6, "medium"), (6, "hard"),
    (12, "none"), (12, "easy"), (12, "medium"), (12, "hard"),
    (16, "none"), (16, "easy"), (16, "medium"), (25, "none"),
]


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run_row(size, what, count, seed0, timeout):
    cpu, wall, attempts, givens = [], [], [], []
    stats: Counter = Counter()
    failed = 0
    for i in range(count):
        kwargs = {"seed": seed0 + i, "deadline": timeout}
        if what == "minimal":
            kwargs["minimal"] = True
        elif what != "none":
            kwargs["level"] = what
        t0, w0 = time.process_time(), time.perf_counter()
        try:
            g = generate(size, **kwargs)
        except Exception as exc:  # a bench reports failures, it does not stop on them
            failed += 1
            print(f"  {size}x{size} {what} seed {seed0 + i}: {exc}", file=sys.stderr)
            continue
        cpu.append(time.process_time() - t0)
        wall.append(time.perf_counter() - w0)
        attempts.append(g.attempts)
        givens.append(g.puzzle.givens)
        stats.update(g.stats)
    if not cpu:
        return f"{size:>2}x{size:<2} {what:<8} all {count} failed"
    per = {k: round(v / len(cpu), 1) for k, v in sorted(stats.items())}
    return (f"{size:>2}x{size:<2} {what:<8} n={len(cpu):<3} cpu median {statistics.median(cpu) * 1000:8.1f} ms"
            f"  p90 {percentile(cpu, 0.9) * 1000:8.1f}  max {max(cpu) * 1000:8.1f}"
            f"  wall median {statistics.median(wall) * 1000:8.1f}  attempts {statistics.median(attempts):4.1f}"
            f"  givens {statistics.median(givens):5.1f}" + (f"  FAILED {failed}" if failed else "")
            + f"  per puzzle {per}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=15, help="puzzles per row (default 15)")
    ap.add_argument("--sizes", default=None, help="comma-separated sides (default: the built-in rows)")
    ap.add_argument("--levels", default=None, help="comma-separated: none, minimal, easy .. extreme")
    ap.add_argument("--seed0", type=int, default=1000, help="first seed (default 1000)")
    ap.add_argument("--timeout", type=float, default=60.0, help="deadline per puzzle in seconds (default 60)")
    args = ap.parse_args()
    if args.sizes or args.levels:
        sizes = [int(s) for s in (args.sizes or "9").split(",")]
        whats = (args.levels or ",".join(("none", *LEVELS))).split(",")
        rows = [(s, w) for s in sizes for w in whats]
    else:
        rows = DEFAULT_ROWS
    print(f"python {sys.version.split()[0]}, {args.count} puzzles per row, seeds from {args.seed0}")
    for size, what in rows:
        print(run_row(size, what, args.count if size < 25 else max(1, args.count // 5), args.seed0, args.timeout),
              flush=True)


if __name__ == "__main__":
    main()
