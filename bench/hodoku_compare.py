"""Recall of our uniqueness and grouped-chain finders against HoDoKu (hodoku-py), position by position.

Franken and Mutant fish (up to Jellyfish, HoDoKu's default fin caps; Mutant with HoDoKu's fish type
set to include them, which its find-all leaves out by default) are compared the same way. Kraken fish
are not: hodoku-py 0.2.1 names KRAKEN_FISH_TYPE_1/2 but has no finder for them (its find-all and
get_step return nothing for both, even with ``kraken_fish.search_kraken_fish`` on), so there is no
family to compare; tests/test_kraken.py checks ours against the definition instead.

Usage (hodoku-py is GPL-3 and is used as a black box only, from its own venv; it is not a dependency)::

    python3 -m venv /work/hodoku-venv-ur && /work/hodoku-venv-ur/bin/pip install hodoku-py==0.2.1
    /work/hodoku-venv-ur/bin/python bench/hodoku_compare.py [--se N] [--magictour N] [--families ur1,grouped]

Positions: each puzzle after singles, locked candidates and subsets (our solver, to a fixed point), and
again after every technique scored below the unique rectangles ("SSTS"); HoDoKu gets the same
candidates (its grid from the digits, then the candidates we no longer have deleted). For each family,
the conclusions (eliminations ``r1c2<>3`` and placements ``r1c2=3``) of every step of HoDoKu's find-all,
against the union of every step of our finders of that family: the share of HoDoKu's we find, ours it
does not have, and any of ours that contradicts the solution (a false one). HoDoKu's grouped chains
through ALS or AUR nodes are left out (ours have groups only). Puzzles: the HoDoKu exemplars of those
sections, then evenly spaced lines of the SE and magictour sets (``../shared/data`` or
``$SUDOKU_DATA``; the script stops and says so when they are missing). Not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from shared_data import DATA, need  # noqa: E402

from sudoku_core import parse, solve  # noqa: E402
from sudoku_core.candidates import State, bits  # noqa: E402
from sudoku_core.rate import logic_solve  # noqa: E402
from sudoku_core.techniques import BY_ID, TABLE  # noqa: E402

try:
    from hodoku import SolutionType
    from hodoku.config import DEFAULT_CONFIG, FishType
    from hodoku.core.grid import Grid
    from hodoku.solver.chain_utils import get_node_type
    from hodoku.solver.step_finder import SudokuStepFinder
except ImportError:
    sys.exit("hodoku_compare.py: hodoku-py is not installed in this Python. Run it with the Python of a venv "
             "where `pip install hodoku-py==0.2.1` was done (see the module docstring); nothing was compared.")

BASIC = tuple(t for t in TABLE if t.finder.split(":")[0] in ("singles", "intersections", "subsets"))
#: Roughly HoDoKu's "SSTS" (singles, intersections, subsets, basic fish, XY/XYZ-Wing): every technique
#: scored below the unique rectangles, the stage at which the exemplars of those sections apply.
SSTS = tuple(t for t in TABLE if t.score < 4.5)

SIZES = ("X_WING", "SWORDFISH", "JELLYFISH")
#: family -> (HoDoKu solution types, our technique ids, HoDoKu exemplar section prefixes)
FAMILIES = {
    "ur1": (("UNIQUENESS_1",), ("unique_rectangle_1",), ("0600",)),
    "ur2": (("UNIQUENESS_2",), ("unique_rectangle_2",), ("0601",)),
    "ur3": (("UNIQUENESS_3",), ("unique_rectangle_3",), ("0602",)),
    "ur4": (("UNIQUENESS_4",), ("unique_rectangle_4",), ("0603",)),
    "ur5": (("UNIQUENESS_5",), ("unique_rectangle_5",), ("0604",)),
    "ur6": (("UNIQUENESS_6",), ("unique_rectangle_6",), ("0605",)),
    "hidden_rectangle": (("HIDDEN_RECTANGLE",), ("hidden_rectangle",), ("0606",)),
    "grouped": (("GROUPED_CONTINUOUS_NICE_LOOP", "GROUPED_DISCONTINUOUS_NICE_LOOP", "GROUPED_AIC"),
                ("grouped_aic", "grouped_nice_loop"), ("0709", "0710", "0711")),
    "franken": (tuple(f"{f}FRANKEN_{s}" for f in ("", "FINNED_") for s in SIZES),
                tuple(f"{f}franken_{s.lower()}" for f in ("", "finned_") for s in SIZES), ("033", "034")),
    "mutant": (tuple(f"{f}MUTANT_{s}" for f in ("", "FINNED_") for s in SIZES),
               tuple(f"{f}mutant_{s.lower()}" for f in ("", "finned_") for s in SIZES), ("035", "036")),
}
#: Our plain chains, counted with the grouped family (HoDoKu's grouped search also returns chains that
#: happen to use no group; ours leaves those to the plain AIC / nice loop finders).
PLAIN = ("aic", "nice_loop")


def name(c: int, d: int, op: str) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}{op}{d}"


def hodoku_conclusions(state: State, types) -> set[str]:
    grid = Grid()
    grid.set_sudoku("".join(str(v) if v else "." for v in state.values))
    for c in range(81):
        if state.values[c]:
            continue
        for d in grid.get_candidates(c):
            if not state.cand[c] >> d & 1:
                grid.del_candidate(c, d)
    config = DEFAULT_CONFIG.find_all_search
    if any("MUTANT" in t for t in types):  # HoDoKu's find-all searches up to Franken unless told
        config = replace(config, fish=replace(config.fish, fish_type=FishType.BASIC_FRANKEN_MUTANT))
    finder = SudokuStepFinder(grid, config)
    out = set()
    for t in types:
        for step in finder.find_all(getattr(SolutionType, t)):
            if any(get_node_type(e) > 1 for chain in step.chains for e in chain):
                continue  # an ALS or AUR node (HoDoKu's grouped chains may use them): not this family
            out |= {name(cd.index, cd.value, "<>") for cd in step.candidates_to_delete}
            out |= {name(i, v, "=") for i, v in zip(step.indices, step.values, strict=False)
                    if t.endswith("NICE_LOOP") and step.values}
    return out


def our_conclusions(state: State, techs) -> set[str]:
    out = set()
    for t in techs:
        if t not in BY_ID:
            continue  # not in this version of the table (the comparison can run on an older tree)
        for step in BY_ID[t].find(state):
            out |= {name(c, d, "<>") for c, d in step.eliminations}
            out |= {name(c, d, "=") for c, d in step.placements}
            # A placement removes the cell's other candidates: HoDoKu words the same discontinuous nice
            # loop (a cell that is d both ways round) as those deletions.
            out |= {name(c, e, "<>") for c, d in step.placements for e in bits(state.cand[c]) if e != d}
    return out


def puzzles(sections, se: int, magictour: int) -> list[tuple[str, str]]:
    need("hodoku_exemplars.txt", "hodoku_exemplars.labels.tsv", "sudokuexchange_diabolical_se5plus.txt",
         "tdoku_magictour_top1465.txt")
    lines = (DATA / "hodoku_exemplars.txt").read_text().split()
    out = []
    for row in (DATA / "hodoku_exemplars.labels.tsv").read_text().splitlines()[1:]:
        number, section, _ = row.split("\t")
        if section.startswith(sections):
            out.append((f"exemplar {number}", lines[int(number) - 1]))
    for name_, k in (("sudokuexchange_diabolical_se5plus", se), ("tdoku_magictour_top1465", magictour)):
        ls = (DATA / f"{name_}.txt").read_text().split()
        out += [(f"{name_} {i + 1}", ls[i]) for i in (j * len(ls) // k for j in range(k))] if k else []
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--se", type=int, default=100, help="evenly spaced puzzles of the SE set")
    ap.add_argument("--magictour", type=int, default=50, help="evenly spaced puzzles of magictour")
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss and every extra")
    args = ap.parse_args()
    fams = args.families.split(",")
    sections = tuple(s for f in fams for s in FAMILIES[f][2])
    todo = puzzles(sections, args.se, args.magictour)
    totals = {f: [0, 0, 0, 0, 0] for f in fams}  # hodoku, found, extra, false, positions with a miss
    start = time.time()
    for label, line in todo:
        p = parse(line)
        sol = parse(solve(p).solutions[0]).cells
        positions, seen = [], set()
        for stage in (BASIC, SSTS):
            state = State.from_puzzle(p, unique=True)
            logic_solve(state, stage)
            key = tuple(state.cand)
            if not state.solved() and key not in seen:
                seen.add(key)
                positions.append(state)
        for state in positions:
            compare(state, sol, label, fams, totals, args.verbose)
    print(f"{len(todo)} puzzles, {time.time() - start:.0f} s (positions after singles, locked candidates, "
          "subsets, and after SSTS)")
    for f in fams:
        h, found, extra, false, missed = totals[f]
        share = f"{100 * found / h:5.1f}%" if h else "  n/a"
        print(f"{f:18s} HoDoKu conclusions {h:5d}  we find {found:5d} ({share})  positions with a miss "
              f"{missed:3d}  ours not in HoDoKu's {extra:5d}  false {false}")


def compare(state, sol, label, fams, totals, verbose) -> None:
    for f in fams:
        htypes, ours, _ = FAMILIES[f]
        theirs = hodoku_conclusions(state, htypes)
        mine = our_conclusions(state, ours + (PLAIN if f == "grouped" else ()))
        false = {x for x in mine if ("<>" in x and sol[cell_of(x)] == int(x.split("<>")[1]))
                 or ("=" in x and "<>" not in x and sol[cell_of(x)] != int(x.split("=")[1]))}
        t = totals[f]
        t[0] += len(theirs)
        t[1] += len(theirs & mine)
        t[2] += len(mine - theirs) if f != "grouped" else len(our_conclusions(state, ours) - theirs)
        t[3] += len(false)
        t[4] += bool(theirs - mine)
        if false:
            print(f"FALSE {f} {label}: {sorted(false)}", flush=True)
        if verbose and theirs - mine:
            print(f"miss {f} {label}: {sorted(theirs - mine)}", flush=True)


def cell_of(x: str) -> int:
    return (int(x[1]) - 1) * 9 + int(x[3]) - 1


if __name__ == "__main__":
    main()
