"""Recall of the ALS family against HoDoKu: the share of HoDoKu's ALS-XZ / ALS-XY-Wing / ALS-XY-Chain /
Death Blossom eliminations that our finders also find, on the same positions, and any elimination of ours
that the solution contradicts.

Usage: ``/work/hodoku-venv/bin/python bench/hodoku_als_recall.py [--set NAME] [--sample N] [--per-puzzle K]
[--misses]``

HoDoKu is used as a black box through the ``hodoku-py`` package (GPL: nothing of it is copied here, it is
only asked for its find-all eliminations), installed in a separate virtual environment, for example::

    python3 -m venv /work/hodoku-venv && /work/hodoku-venv/bin/pip install hodoku-py==0.2.1

and this script run with that environment's Python (``sudoku_core`` is imported from this repository).
Positions: for every sampled puzzle (evenly spaced lines) of ``../shared/data/<set>.txt`` (default: the
magictour set), the position after singles, locked candidates and subsets, and up to ``--per-puzzle``
positions, evenly spaced, among those of our solving path where the step taken scores at least as much as
ALS-XZ. HoDoKu runs without overlapping ALS (our sets never overlap) and with every step per elimination.
Not a test: it needs the full data sets and hodoku-py, and it takes minutes.

``--misses`` says what the missed eliminations are: each is put in a class by the HoDoKu step that makes
it with the fewest sets (its number of sets and the cells of its largest; ends overlapping or not), or
by the other family of ours that finds it, with a few examples (line of the set, cell, digit).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from shared_data import DATA, need  # noqa: E402

from sudoku_core import parse, solve  # noqa: E402
from sudoku_core.candidates import State  # noqa: E402
from sudoku_core.rate import logic_solve, next_step, step_score  # noqa: E402
from sudoku_core.step import apply_step  # noqa: E402
from sudoku_core.techniques import BY_ID, TABLE  # noqa: E402

#: HoDoKu family -> our techniques that make the same kind of elimination (bent wings are ALS-XZ with a
#: one-cell set).
FAMILIES = {
    "ALS_XZ": ("als_xz", "wxyz_wing", "vwxyz_wing"),
    "ALS_XY_WING": ("als_xy_wing",),
    "ALS_XY_CHAIN": ("als_xy_chain", "extended_als_xy_chain"),
    "DEATH_BLOSSOM": ("death_blossom",),
}


def _hodoku():
    try:
        from hodoku.config import StepSearchConfig
        from hodoku.core.grid import Grid
        from hodoku.core.types import SolutionType
        from hodoku.solver.step_finder import SudokuStepFinder
    except ImportError:
        sys.exit(f"{Path(sys.argv[0]).name}: hodoku-py is missing. Install it in a separate virtual environment "
                 "(python3 -m venv /work/hodoku-venv && /work/hodoku-venv/bin/pip install hodoku-py==0.2.1) and "
                 "run this script with that environment's Python.")
    config = StepSearchConfig(als_allow_overlap=False, als_only_one_per_elimination=False)

    def find(state: State) -> dict[str, dict]:
        """Per family, every elimination with the sets (cell bits) of each HoDoKu step that makes it."""
        grid = Grid()
        grid.set_sudoku("".join(str(v) if v else "." for v in state.values))
        for c in range(81):
            if not state.values[c]:
                for d in range(1, 10):
                    if not state.cand[c] >> d & 1 and d in grid.get_candidates(c):
                        grid.del_candidate(c, d)
        finder = SudokuStepFinder(grid, config)
        out: dict[str, dict] = {}
        for fam in FAMILIES:
            out[fam] = {}
            for s in finder.find_all(getattr(SolutionType, fam)):
                for x in s.candidates_to_delete:
                    out[fam].setdefault((x.index, x.value), []).append([a[0] for a in s.alses])
        return out

    return find


def ours(state: State) -> dict[str, set]:
    out = {}
    for fam, techs in FAMILIES.items():
        out[fam] = {e for t in techs if t in BY_ID for s in BY_ID[t].find(state) for e in s.eliminations}
    return out


def positions(puzzle: str, per_puzzle: int):
    """The position after the basic techniques, and up to ``per_puzzle`` positions evenly spaced among
    those of our solving path where the step taken scores at least as much as ALS-XZ."""
    basic = tuple(t for t in TABLE if t.finder.split(":")[0] in ("singles", "intersections", "subsets"))
    state = State.from_puzzle(parse(puzzle))
    logic_solve(state, basic)
    out = [state.copy()]
    hard = []
    limit = BY_ID["als_xz"].score
    while not state.solved():
        step = next_step(state)
        if step is None:
            break
        if step_score(step) >= limit:
            hard.append(state.copy())
        apply_step(state, step)
    if hard and per_puzzle:
        out += [hard[k * len(hard) // per_puzzle] for k in range(min(per_puzzle, len(hard)))]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default="tdoku_magictour_top1465")
    ap.add_argument("--sample", type=int, default=30)
    ap.add_argument("--per-puzzle", type=int, default=3)
    ap.add_argument("--misses", action="store_true", help="classify the eliminations missed, per family")
    args = ap.parse_args()
    need(f"{args.set}.txt")
    hodoku_find = _hodoku()
    lines = (DATA / f"{args.set}.txt").read_text().split()
    idx = [i * len(lines) // args.sample for i in range(args.sample)] if args.sample < len(lines) else range(len(lines))
    theirs_n, both_n, any_n, ours_n, extra_n = Counter(), Counter(), Counter(), Counter(), Counter()
    fired = Counter()
    missed: dict[str, Counter] = {fam: Counter() for fam in FAMILIES}
    examples: dict[tuple[str, str], list] = {}
    wrong, npos, t_ours, t_theirs = [], 0, 0.0, 0.0
    for i in idx:
        puzzle = lines[i]
        sol = [int(ch) for ch in solve(puzzle, limit=2).solutions[0]]
        for state in positions(puzzle, args.per_puzzle):
            npos += 1
            t0 = time.process_time()
            mine = ours(state)
            t1 = time.process_time()
            theirs = hodoku_find(state)
            t_ours, t_theirs = t_ours + t1 - t0, t_theirs + time.process_time() - t1
            all_mine = set().union(*mine.values())
            for e in all_mine:
                if sol[e[0]] == e[1]:
                    wrong.append((i, e, [f for f, s in mine.items() if e in s]))
            for fam in FAMILIES:
                h = set(theirs[fam])
                for e in sorted(h - mine[fam]):
                    key = _miss_class(e, theirs[fam][e], mine, fam)
                    missed[fam][key] += 1
                    examples.setdefault((fam, key), []).append((i + 1, f"r{e[0] // 9 + 1}c{e[0] % 9 + 1}<>{e[1]}"))
                fired[fam] += bool(h)
                theirs_n[fam] += len(h)
                both_n[fam] += len(h & mine[fam])
                any_n[fam] += len(h & all_mine)
                ours_n[fam] += len(mine[fam])
                extra_n[fam] += len(mine[fam] - set().union(*map(set, theirs.values())))
    print(f"{args.set}: {len(idx)} puzzles, {npos} positions; time ours {t_ours:.1f} s, HoDoKu {t_theirs:.1f} s")
    for fam in FAMILIES:
        share = 100 * both_n[fam] / theirs_n[fam] if theirs_n[fam] else 100.0
        share_any = 100 * any_n[fam] / theirs_n[fam] if theirs_n[fam] else 100.0
        print(f"  {fam:14s} HoDoKu: {theirs_n[fam]:5d} eliminations at {fired[fam]:4d} positions; "
              f"we find {both_n[fam]:5d} ({share:5.1f}%) in the same family, {any_n[fam]:5d} ({share_any:5.1f}%) "
              f"with any ALS finder; ours: {ours_n[fam]:5d}, not in any HoDoKu ALS family: {extra_n[fam]}")
    print(f"  false eliminations of ours: {len(wrong)}")
    for w in wrong[:20]:
        print("   WRONG", w)
    if args.misses:
        print("Missed eliminations (line of the set, elimination):")
        for fam in FAMILIES:
            for key, k in missed[fam].most_common():
                print(f"  {fam:14s} {k:4d}  {key}: {examples[fam, key][:4]}")


def _miss_class(e: tuple, steps: list, mine: dict, fam: str) -> str:
    """What kind of elimination ``e`` of HoDoKu's family ``fam`` (made by ``steps``, lists of sets as cell
    bits) that our finders of the family miss is: found by another family of ours, or the shape of
    HoDoKu's step with the fewest sets."""
    others = [f for f in FAMILIES if f != fam and e in mine[f]]
    if others:
        return f"found by our {'/'.join(others)}"
    sets = min(steps, key=lambda s: (len(s), max(x.bit_count() for x in s)))
    ends = "ends overlapping" if len(sets) > 1 and sets[0] & sets[-1] else "ends disjoint"
    return f"{len(sets)} sets, largest {max(x.bit_count() for x in sets)} cells, {ends}"


if __name__ == "__main__":
    main()
