"""Time method ``backtrack`` against another version of itself, puzzle by puzzle, on a busy machine.

    python3 bench/solve_bench_backtrack_variants.py                   # working tree vs HEAD~1
    python3 bench/solve_bench_backtrack_variants.py --against 734b846 --count 300
    python3 bench/solve_bench_backtrack_variants.py --generic          # also the loop form on 3x3 boxes

Every puzzle is solved to a limit of 2 (so the time includes the proof of uniqueness) by each
variant in turn, in the same process, and timed with the thread's CPU clock, so other load on
the machine costs both sides alike. Reports per set the median, p90 and max in ms, the median
nodes, and the ratio of medians against the first variant. Solution counts must agree.

``--generic`` adds the engine with its 3x3 unrolled path switched off (the loop form every other
box shape takes) and checks that it visits the same nodes and finds the same solutions.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.formats import parse  # noqa: E402
from sudoku_core.solvers import backtrack  # noqa: E402

DATA = Path("/work/shared/data")
SETS = {
    "17-clue": "tdoku_17_clue.txt",
    "magictour": "tdoku_magictour_top1465.txt",
    "forum_hardest": "tdoku_forum_hardest_1106.txt",
    "serg": "tdoku_serg_benchmark.txt",
}


def load_revision(rev: str):
    """``backtrack.py`` as it was at ``rev``, imported beside the current one."""
    src = subprocess.run(["git", "show", f"{rev}:sudoku_core/solvers/backtrack.py"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    name = "sudoku_core.solvers._backtrack_" + "".join(ch for ch in rev if ch.isalnum())
    mod = types.ModuleType(name)
    mod.__package__ = "sudoku_core.solvers"
    sys.modules[name] = mod
    exec(compile(src, f"{rev}:backtrack.py", "exec"), mod.__dict__)
    return mod


def generic_only(geo, cells, limit, node_limit):
    """The current engine with the 3x3 unrolled path switched off."""
    tables = backtrack._tables
    backtrack._tables = lambda br, bc: dataclasses.replace(tables(br, bc), k9=None)
    try:
        return backtrack.solve_fast(geo, cells, limit, node_limit)
    finally:
        backtrack._tables = tables


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", default="HEAD~1", help="git revision of the other version")
    ap.add_argument("--count", type=int, default=200, help="puzzles per set (the first ones)")
    ap.add_argument("--sets", nargs="+", choices=SETS, default=list(SETS))
    ap.add_argument("--generic", action="store_true", help="add the loop form on 3x3 boxes")
    args = ap.parse_args()
    variants = [(args.against, load_revision(args.against).solve_fast), ("now", backtrack.solve_fast)]
    if args.generic:
        variants.append(("now-generic", generic_only))
    clock = time.thread_time
    for key in args.sets:
        lines = [ln.strip() for ln in (DATA / SETS[key]).read_text().splitlines() if ln.strip()][: args.count]
        times: list[list[float]] = [[] for _ in variants]
        nodes: list[list[int]] = [[] for _ in variants]
        for line in lines:
            p = parse(line, check=False)
            seen = []
            for i, (_, run) in enumerate(variants):
                start = clock()
                s = run(p.geometry, list(p.cells), 2, None)
                times[i].append((clock() - start) * 1000.0)
                nodes[i].append(s.stats["nodes"])
                seen.append(len(s.solutions))
            if len(set(seen)) != 1:
                raise SystemExit(f"solution counts differ on {line}: {seen}")
            if args.generic and nodes[-1][-1] != nodes[-2][-1]:
                raise SystemExit(f"the loop form visits other nodes on {line}")
        base = statistics.median(times[0])
        print(f"{key} ({len(lines)} puzzles)")
        for (name, _), ts, ns in zip(variants, times, nodes, strict=True):
            med = statistics.median(ts)
            p90 = statistics.quantiles(ts, n=10)[-1]
            print(f"  {name:>12}: median {med:7.3f} ms  p90 {p90:7.3f}  max {max(ts):7.1f}  "
                  f"nodes median {statistics.median(ns):6.1f}  x{base / med:5.2f}")


if __name__ == "__main__":
    main()
