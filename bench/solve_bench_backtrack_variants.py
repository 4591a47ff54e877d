"""Time method ``backtrack`` against another version of itself, puzzle by puzzle, on a busy machine.

    python3 bench/solve_bench_backtrack_variants.py                   # working tree vs HEAD~1
    python3 bench/solve_bench_backtrack_variants.py --against 734b846 --count 300
    python3 bench/solve_bench_backtrack_variants.py --generic          # also the loop form on 3x3 boxes

Every puzzle is solved to a limit of 2 (so the time includes the proof of uniqueness) by each
variant in turn, in the same process, and timed with the thread's CPU clock, so other load on
the machine costs both sides alike. Reports per set the median, p90 and max in ms, the median
nodes, and the ratio of medians against the first variant. Solution counts must agree. Sets and
data folder as ``python3 -m sudoku_core bench``; timing shared with ``dlx_variants.py`` (``variant_timing.py``).

``--generic`` adds the engine with its 3x3 unrolled path switched off (the loop form every other
box shape takes) and checks that it visits the same nodes and finds the same solutions.
"""

from __future__ import annotations

import argparse
import dataclasses

from variant_timing import SET_NAMES, git_show, module_from_source, time_variants

from sudoku_core.solvers import backtrack


def load_revision(rev: str):
    """``backtrack.py`` as it was at ``rev``, imported beside the current one."""
    name = "sudoku_core.solvers._backtrack_" + "".join(ch for ch in rev if ch.isalnum())
    return module_from_source(name, git_show(rev, "sudoku_core/solvers/backtrack.py"), f"{rev}:backtrack.py")


def generic_only(geo, cells, limit, node_limit):
    """The current engine with the 3x3 unrolled path switched off."""
    tables = backtrack._tables
    backtrack._tables = lambda geo: dataclasses.replace(tables(geo), k9=None)
    try:
        return backtrack.solve_fast(geo, cells, limit, node_limit)
    finally:
        backtrack._tables = tables


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", default="HEAD~1", help="git revision of the other version")
    ap.add_argument("--count", type=int, default=200, help="puzzles per set (the first ones)")
    ap.add_argument("--sets", nargs="+", choices=SET_NAMES, default=list(SET_NAMES))
    ap.add_argument("--generic", action="store_true", help="add the loop form on 3x3 boxes")
    args = ap.parse_args()
    variants = [(args.against, load_revision(args.against).solve_fast), ("now", backtrack.solve_fast)]
    if args.generic:
        variants.append(("now-generic", generic_only))
    time_variants(variants, args.sets, args.count, spread=False, against_first="speedup",
                  same_nodes=(1, 2) if args.generic else None)


if __name__ == "__main__":
    main()
