"""An independent check of solutions: it shares no code with the solvers.

It rebuilds the rows, columns and boxes from the side and the box shape alone (not from
:mod:`sudoku_core.grid`, which the solvers use), so a bug in the shared tables cannot make a wrong
solution look right.
"""

from __future__ import annotations


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
