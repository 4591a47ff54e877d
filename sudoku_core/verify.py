"""An independent check of solutions: it shares no code with the solvers.

It rebuilds the rows, columns and boxes from the side and the box shape alone (not from
:mod:`sudoku_core.grid`, which the solvers use), so a bug in the shared tables cannot make a wrong
solution look right. A variant's houses and cages are drawn again the same way
(:func:`variant_solution_problem`), from the definitions a geometry is built from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the annotation only: the check reads none of the geometry's derived tables
    from .grid import Geometry


def houses_of(n: int, box_rows: int, box_cols: int) -> list[list[int]]:
    """Rows, columns and boxes of an ``n`` x ``n`` grid as lists of cell indices."""
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(r0 + i) * n + c0 + j for i in range(box_rows) for j in range(box_cols)]
        for r0 in range(0, n, box_rows)
        for c0 in range(0, n, box_cols)
    ]
    return rows + cols + boxes


def solution_problem(puzzle: list[int], solution: list[int], box_rows: int, box_cols: int) -> str | None:
    """Why ``solution`` does not solve ``puzzle`` (cells as digit lists, 0 = empty), or None if it does."""
    n = box_rows * box_cols
    if len(solution) != n * n or len(puzzle) != n * n:
        return f"expected {n * n} cells, got {len(solution)}"
    for c, (given, value) in enumerate(zip(puzzle, solution, strict=True)):
        if not 1 <= value <= n:
            return f"cell {c} holds {value}, not a digit 1..{n}"
        if given and given != value:
            return f"cell {c} changes the given {given} to {value}"
    for house in houses_of(n, box_rows, box_cols):
        if sorted(solution[c] for c in house) != list(range(1, n + 1)):
            return f"house {house[:3]}... does not hold every digit once"
    return None


def _extra_houses(n: int, variant: str) -> list[list[int]]:
    """X's two main diagonals and Windoku's four windows, drawn from the side alone."""
    if variant == "x":
        return [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if variant == "windoku":
        return [[(r0 + i) * n + c0 + j for i in range(3) for j in range(3)] for r0 in (1, 5) for c0 in (1, 5)]
    return []


def variant_solution_problem(puzzle: list[int], solution: list[int], box_rows: int, box_cols: int, *,
                             variant: str = "classic", regions: Sequence[int] | None = None,
                             cages: Iterable[tuple[int, Iterable[int]]] | None = None) -> str | None:
    """:func:`solution_problem` under a variant's rules: a Jigsaw's ``regions`` (one region label per cell)
    in place of the boxes, X's diagonals, Windoku's windows, and Killer ``cages`` (``(total, cells)``:
    different digits summing to the total). Every house is drawn again here from these definitions, never
    read from the solvers' tables."""
    n = box_rows * box_cols
    if regions is None:
        problem = solution_problem(puzzle, solution, box_rows, box_cols)
        if problem:
            return problem
        houses = _extra_houses(n, variant)
    else:
        problem = solution_problem(puzzle, solution, 1, n)  # rows and columns (boxes of one row are rows)
        if problem:
            return problem
        groups: dict[int, list[int]] = {}
        for c, r in enumerate(regions):
            groups.setdefault(r, []).append(c)
        houses = list(groups.values())
    for house in houses:
        if sorted(solution[c] for c in house) != list(range(1, n + 1)):
            return f"{variant} house {house[:3]}... does not hold every digit once"
    for total, cells in cages or ():
        digits = [solution[c] for c in cells]
        if len(set(digits)) != len(digits) or sum(digits) != total:
            return f"the cage of sum {total} at cell {min(cells)} holds {digits}"
    return None


def geometry_problem(geo: Geometry, puzzle: list[int], solution: list[int]) -> str | None:
    """:func:`variant_solution_problem` for a :class:`~sudoku_core.grid.Geometry`, reading only the fields
    that define it (box shape, variant, regions, cages), none of its derived houses or peers."""
    return variant_solution_problem(puzzle, solution, geo.box_rows, geo.box_cols, variant=geo.variant,
                                    regions=geo.regions, cages=geo.cages)
