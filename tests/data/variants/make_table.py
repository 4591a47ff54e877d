"""Rebuild ``table.tsv``, the shared table of variant puzzles both solvers must agree on.

Every puzzle is made here by this project's own generator from a fixed seed, or derived from one by a
stated edit, and its count (0 none, 1 one, 2 two or more) is checked with both engines before it is
written: ``python3 tests/data/variants/make_table.py`` (from the repository root, with the package
importable). Columns: expected count, the puzzle in the one-line variant form (docs/variants.md), and
how it was made.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))

from sudoku_core.errors import SudokuError
from sudoku_core.formats import check_rules, format_variant, parse
from sudoku_core.generate import generate
from sudoku_core.grid import variant_geometry
from sudoku_core.puzzle import Puzzle
from sudoku_core.solvers import solve

#: (variant, side, seeds) of the generated puzzles.
GENERATED = (("x", 9, (1, 2, 3)), ("windoku", 9, (1, 2, 3)), ("jigsaw", 9, (1, 2, 3)),
             ("x", 4, (1,)), ("x", 6, (1,)), ("x", 8, (1,)), ("jigsaw", 6, (1,)), ("jigsaw", 8, (1,)),
             ("jigsaw", 12, (1,)), ("x", 16, (1,)))


def count(puzzle) -> int:
    counts = {solve(puzzle, method=m, limit=2).count for m in ("backtrack", "dlx")}
    if len(counts) != 1:
        raise SystemExit(f"the engines disagree on {format_variant(puzzle, one_line=True)}: {counts}")
    return counts.pop()


def rows():
    for variant, n, seeds in GENERATED:
        for seed in seeds:
            g = generate(n, seed=seed, variant=variant)
            p, solution = g.puzzle, g.solution.cells
            how = f"generate(size={n}, variant={variant!r}, seed={seed})"
            yield 1, p, how
            if n != 9 or seed != 1:
                continue
            given = next(c for c, v in enumerate(p.cells) if v)
            yield 2, p.with_cells((*p.cells[:given], 0, *p.cells[given + 1:])), \
                f"{how}, minimal, with its first given (cell {given}) removed"
            # A digit no given rules out, yet not the solution's: the one solution is gone.
            for c, v in enumerate(p.cells):
                if v:
                    continue
                seen = {p.cells[x] for x in p.geometry.peers[c]}
                wrong = [d for d in range(1, n + 1) if d not in seen and d != solution[c]]
                if wrong:
                    yield 0, p.with_cells((*p.cells[:c], wrong[0], *p.cells[c + 1:])), \
                        f"{how}, with {wrong[0]} (no given's conflict, not the solution's digit) in empty cell {c}"
                    break
            yield 2, p.with_cells((0,) * p.geometry.ncells), f"the empty grid of {how}"
    # A classic puzzle read as a variant: the diagonals and windows are rules its solution may break.
    classic = generate(9, seed=21)
    for variant in ("x", "windoku"):
        p = parse(f"{variant}:{classic.puzzle.to_line()}")
        yield None, p, f"generate(size=9, seed=21) (classic), read as {variant}"


#: Killer seeds (9x9): without givens (the cages alone), and with givens. Seeds whose count DLX finishes in
#: well under a second (its cage options propagate less than the backtracker's cage-sum masks).
KILLER_SEEDS = {False: (1, 2, 4, 9, 11), True: (3, 7, 10)}


def killer_rows():
    for givens, seeds in KILLER_SEEDS.items():
        for seed in seeds:
            g = generate(9, seed=seed, variant="killer", givens=givens)
            p, solution = g.puzzle, g.solution.cells
            how = f"generate(size=9, variant='killer', seed={seed}{', givens=True' if givens else ''})"
            yield 1, p, how
            if seed != seeds[0]:
                continue
            if givens:
                given = next(c for c, v in enumerate(p.cells) if v)
                yield 2, p.with_cells((*p.cells[:given], 0, *p.cells[given + 1:])), \
                    f"{how}, minimal, with its first given (cell {given}) removed"
            # A digit that no given, house or cage rules out on its own, yet not the solution's.
            for c, v in enumerate(p.cells):
                if v:
                    continue
                for d in range(1, 10):
                    if d == solution[c]:
                        continue
                    wrong = p.with_cells((*p.cells[:c], d, *p.cells[c + 1:]))
                    try:
                        check_rules(wrong)
                    except SudokuError:
                        continue
                    yield 0, wrong, f"{how}, with {d} (breaking no rule of the givens, not the solution's) in cell {c}"
                    break
                else:
                    continue
                break
            if not givens:
                geo = p.geometry
                few = variant_geometry(9, "killer", cages=geo.cages[:6])
                yield 2, Puzzle(few, p.cells, p.alphabet), f"{how}, keeping only its first 6 cages"


def main() -> None:
    out = ["# count\tpuzzle\tsource  (count: 0 none, 1 one, 2 two or more; see README.md)"]
    for expected, puzzle, how in (*rows(), *killer_rows()):
        found = count(puzzle)
        if expected is not None and found != expected:
            raise SystemExit(f"{how}: expected {expected} solutions, found {found}")
        out.append(f"{found}\t{format_variant(puzzle, one_line=True)}\t{how}")
    path = os.path.join(os.path.dirname(__file__), "table.tsv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(out) - 1} puzzles written to {path}")


if __name__ == "__main__":
    main()
