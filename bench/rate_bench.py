"""Benchmark of the logic solver and rater: coverage, speed, level distribution, Spearman's rho and
the share of SE bands hit.

Usage: ``python3 bench/rate_bench.py [--sample N] [--sets a,b,...] [--hint-positions N]``

For each data set (``../shared/data``): how many puzzles logic alone solves, median / 90th percentile /
maximum time of the whole rating (CPU time of this process, so that other load on the machine does not
inflate it), the level distribution and the
hardest techniques. For ``sudokuexchange_diabolical_se5plus`` it also reports Spearman's rank correlation
between our score and the Sudoku Explainer rating (side file), on an evenly spaced sample, and how often
our score falls in SE's band (the same integer part) or within one band of it. Finally the
median time of :func:`sudoku_core.next_hint` on positions taken along solving paths.

Samples are evenly spaced lines (deterministic), not random. ``--se-offset K`` shifts the SE sample by
K lines (20 gives a second sample disjoint from the standard one); ``--se-range A:B`` takes it from
lines A..B-1 only. The rating was tuned on ``--se-range 20000:39719 --se-offset 7`` (a third sample,
disjoint from the reported ones but for a few lines) and is reported on offsets 0 and 20.
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

from shared_data import DATA, need  # noqa: E402

from sudoku_core import next_hint, parse, rate  # noqa: E402
from sudoku_core.techniques import LEVELS  # noqa: E402

SETS = ("qqwing_simple", "qqwing_easy", "qqwing_intermediate", "qqwing_expert",
        "sudokuexchange_diabolical_se5plus", "tdoku_magictour_top1465", "tdoku_forum_hardest_1106")
SE_SET = "sudokuexchange_diabolical_se5plus"


def spaced(items: list, k: int | None) -> list[int]:
    """Indices of ``k`` evenly spaced items (all when ``k`` is None or not smaller)."""
    if k is None or k >= len(items):
        return list(range(len(items)))
    return [i * len(items) // k for i in range(k)]


def ranks(values: list[float]) -> list[float]:
    """Ranks 1..n, ties sharing their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rho: Pearson's correlation of the ranks (ties averaged)."""
    rx, ry = ranks(x), ranks(y)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def bench_set(name: str, sample: int | None, offset: int = 0, span: tuple[int, int] | None = None) -> dict:
    lines = (DATA / f"{name}.txt").read_text().split()
    lo, hi = span or (0, len(lines))
    idx = [lo + i + offset for i in spaced(lines[lo:hi], sample)]
    idx = [i for i in idx if i < len(lines)]
    times, ratings = [], []
    for i in idx:
        p = parse(lines[i])
        start = time.process_time()
        r = rate(p)
        times.append(time.process_time() - start)
        ratings.append(r)
    times.sort()
    out = {
        "name": name, "n": len(idx), "solved": sum(r.solved for r in ratings),
        "median_ms": statistics.median(times) * 1000, "p90_ms": times[int(0.9 * (len(times) - 1))] * 1000,
        "max_ms": times[-1] * 1000, "levels": Counter(r.level for r in ratings),
        "hardest": Counter(r.hardest for r in ratings), "ratings": ratings, "idx": idx,
    }
    if name == SE_SET:
        se = (DATA / f"{name}.se_ratings.txt").read_text().split()
        ours, theirs = [r.score for r in ratings], [float(se[i]) for i in idx]
        out["rho"] = spearman(ours, theirs)
        # SE's band is the integer part of its rating (5.x, 6.x, ...); ours is on the same scale.
        bands = [(int(a), int(b)) for a, b in zip(ours, theirs, strict=True)]
        out["band_hit"] = sum(a == b for a, b in bands) / len(bands)
        out["band_near"] = sum(abs(a - b) <= 1 for a, b in bands) / len(bands)
    return out


def bench_hints(names, positions: int) -> list[float]:
    """Time next_hint on positions part-way along logic paths (every few steps of a few puzzles)."""
    times = []
    for name in names:
        lines = (DATA / f"{name}.txt").read_text().split()
        for i in spaced(lines, max(1, positions // (4 * len(names)))):
            p = parse(lines[i])
            r = rate(p)
            values = list(p.cells)
            for k, step in enumerate(r.steps):
                for c, d in step.placements:
                    values[c] = d
                if k % max(1, len(r.steps) // 4) == 0:
                    entered = [v if not g else 0 for v, g in zip(values, p.cells, strict=True)]
                    start = time.process_time()
                    next_hint(p, entered)
                    times.append(time.process_time() - start)
    return times


def soundness(names, sample: int | None, every: int) -> None:
    """Check every step of every path, and every technique's first step at every ``every``-th position,
    against the unique solution; print the counts."""
    from sudoku_core import solve
    from sudoku_core.candidates import State
    from sudoku_core.rate import next_step
    from sudoku_core.step import apply_step
    from sudoku_core.techniques import TABLE

    for name in names:
        lines = (DATA / f"{name}.txt").read_text().split()
        checked, wrong, by_tech = 0, 0, Counter()
        for i in spaced(lines, sample):
            p = parse(lines[i])
            sol = parse(solve(p).solutions[0]).cells
            state = State.from_puzzle(p, unique=True)
            position = 0
            while not state.solved():
                candidates = []
                if every and position % every == 0:
                    candidates = [s for t in TABLE for s in [next(iter(t.find(state)), None)] if s is not None]
                step = next_step(state)
                for s in ([*candidates, step] if step else candidates):
                    checked += 1
                    by_tech[s.technique] += 1
                    if any(sol[c] != d for c, d in s.placements) or any(sol[c] == d for c, d in s.eliminations):
                        wrong += 1
                        print(f"WRONG {name} line {i + 1}: {s}")
                if step is None:
                    break
                apply_step(state, step)
                position += 1
        print(f"soundness {name:36s} puzzles={len(spaced(lines, sample)):5d} steps checked={checked:7d} "
              f"wrong={wrong}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=None, help="puzzles per set (default: all, 1000 for the SE set)")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--hint-positions", type=int, default=200)
    ap.add_argument("--se-offset", type=int, default=0, help="shift the SE sample by this many lines")
    ap.add_argument("--se-range", default=None, metavar="A:B", help="take the SE sample from lines A..B-1")
    ap.add_argument("--soundness", type=int, default=0, metavar="EVERY",
                    help="instead: check every step against the solution, and every technique every EVERY-th position")
    args = ap.parse_args()
    need(*(f"{name}.txt" for name in args.sets.split(",")))
    if args.soundness:
        soundness(args.sets.split(","), args.sample, args.soundness)
        return
    results = []
    for name in args.sets.split(","):
        sample = args.sample if args.sample is not None else (1000 if name == SE_SET else None)
        span = tuple(map(int, args.se_range.split(":"))) if args.se_range and name == SE_SET else None
        res = bench_set(name, sample, args.se_offset if name == SE_SET else 0, span)
        results.append(res)
        levels = " ".join(f"{lv}={res['levels'].get(lv, 0)}" for lv in (*LEVELS, "guessing"))
        print(f"{name:36s} n={res['n']:5d} solved={res['solved']:5d} ({100 * res['solved'] / res['n']:5.1f}%) "
              f"median={res['median_ms']:7.1f} ms p90={res['p90_ms']:7.1f} ms max={res['max_ms']:7.0f} ms")
        print(f"{'':36s} levels: {levels}")
        if "rho" in res:
            print(f"{'':36s} Spearman rho(score, SE rating) = {res['rho']:.3f}; SE band (integer part) hit "
                  f"{100 * res['band_hit']:.1f}%, within one band {100 * res['band_near']:.1f}%")
        print(f"{'':36s} hardest: " + ", ".join(f"{k}={v}" for k, v in res["hardest"].most_common(8)), flush=True)
    if args.hint_positions:
        ht = bench_hints(("qqwing_expert", "tdoku_magictour_top1465", SE_SET), args.hint_positions)
        print(f"next_hint: {len(ht)} positions, median {statistics.median(ht) * 1000:.1f} ms, "
              f"max {max(ht) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
