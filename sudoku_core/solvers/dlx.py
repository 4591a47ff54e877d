"""Sudoku as exact cover, solved by the generic Dancing Links engine (method ``dlx``).

What it holds
-------------
* :func:`sudoku_matrix`: the exact-cover matrix of an empty grid of one box shape, built once per shape.
  For side ``n`` there are ``4 n^2`` items, in four blocks of ``n^2``:

  - ``cell`` item ``c``: cell ``c`` is filled;
  - ``n^2 + r*n + (d-1)``: row ``r`` has digit ``d``;
  - ``2 n^2 + k*n + (d-1)``: column ``k`` has digit ``d``;
  - ``3 n^2 + b*n + (d-1)``: box ``b`` has digit ``d``;

  and ``n^3`` options, option ``c*n + (d-1)`` meaning "digit ``d`` in cell ``c``", each holding its four
  items in that order. 9x9 gives 324 items and 729 options, 16x16 1024 and 4096. Box shapes come from
  the :class:`~sudoku_core.grid.Geometry`, so rectangular boxes need nothing special.
* :func:`solve`, the engine behind ``solve(..., method="dlx")``: the givens become preset options
  (covered before the search; givens that clash simply leave no solution), the engine counts covers,
  and each cover is written back as a list of digits, through per-shape tables of each option's
  cell and digit (two lookups per cell, memoised like the template, rather than a ``divmod``).
* :func:`option_of` / :func:`describe_option` / :func:`describe_item`: translate between the engine's
  numbers and Sudoku words, for trace replay in the algorithm lab.

Choices
-------
* The template is memoised on the geometry's ``key`` (``(box_rows, box_cols)`` for a classic grid)
  rather than on the Geometry itself: a frozen dataclass hashes all its tuple fields on every call,
  which would cost more than the lookup saves.
* Variants (:mod:`sudoku_core.grid`) are more items, not another solver: house ``h`` and digit ``d`` is
  item ``n^2 + h*n + d - 1`` (the same numbering as above for rows, columns and boxes), so the two
  diagonals of X add ``2n`` items and Windoku's windows ``4n``; an option then holds one item per house
  of its cell (4 to 6), and the engine takes its generic loops. A Jigsaw keeps four items per option,
  its regions standing where the boxes were.
  The memo holds immutable templates only, so it never changes a result.
* Cells come before digits in the item order, as in Knuth's ``sudoku-dlx``: at a branch point the
  engine's scan takes the first item with the fewest options, so ties go to "which digit for this
  cell", the natural Sudoku branch. (Forced moves come from the engine's notes, in no fixed order.)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..grid import Geometry, geometry
from . import Search
from .exact_cover import DEFAULT_TRACE_LIMIT, Dance, ExactCover


@cache
def _matrix(*key: Any) -> ExactCover:  # key: a Geometry.key
    geo = geometry(*key)
    n = geo.n
    n2 = n * n
    options: list[tuple[int, ...]] = []
    if len(geo.houses) == 3 * n:  # rows, columns, boxes (or Jigsaw regions): four items per option
        for cell in range(n2):
            row, col = divmod(cell, n)
            box = geo.box_of(cell)
            for d in range(n):
                options.append((cell, n2 + row * n + d, 2 * n2 + col * n + d, 3 * n2 + box * n + d))
    else:  # extra houses are more items, one per house and digit: house h, digit d is n2 + h*n + d - 1
        for cell in range(n2):
            hs = geo.cell_houses[cell]
            for d in range(n):
                options.append((cell, *(n2 + h * n + d for h in hs)))
    return ExactCover(n2 + len(geo.houses) * n, options)


@cache
def _writers(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per option number, its cell and its digit: two lookups per cell to write a solution back."""
    return tuple(o // n for o in range(n ** 3)), tuple(o % n + 1 for o in range(n ** 3))


def sudoku_matrix(geo: Geometry) -> ExactCover:
    """The exact-cover matrix of an empty grid of ``geo``'s shape and variant (shared; never mutate it)."""
    return _matrix(*geo.key)


def option_of(geo: Geometry, cell: int, digit: int) -> int:
    """The option number for "``digit`` in ``cell``"."""
    return cell * geo.n + digit - 1


def describe_option(geo: Geometry, option: int) -> tuple[int, int]:
    """``(cell, digit)`` for an option number."""
    cell, d = divmod(option, geo.n)
    return cell, d + 1


def describe_item(geo: Geometry, item: int) -> tuple[str, int, int]:
    """What an item asks for: ``("cell", cell, 0)``, ``("row", r, digit)``, ``("column", c, digit)`` or
    ``("box", b, digit)``, all numbers 0-based except the digit."""
    n = geo.n
    kind, rest = divmod(item, n * n)
    if kind == 0:
        return "cell", rest, 0
    place, d = divmod(rest, n)
    if kind > 3:  # a variant's extra house (a diagonal, a window), numbered from 0
        return ("diagonal" if geo.variant == "x" else "window"), (kind - 4) * n + place, d + 1
    return ("row", "column", "box")[kind - 1], place, d + 1


def solve(geo: Geometry, cells: list[int], limit: int, node_limit: int | None,
          trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT) -> Search:
    """Count the solutions of ``cells`` by Dancing Links, stopping at ``limit`` solutions or after
    ``node_limit`` nodes. ``trace``, when a list, receives the engine's events (option numbers as in
    :func:`option_of`)."""
    n = geo.n
    if len(cells) != geo.ncells:
        raise ValueError(f"{len(cells)} cells given for a grid of {geo.ncells}")
    preset = []
    for c, v in enumerate(cells):
        if v:
            if not 1 <= v <= n:
                raise ValueError(f"digit {v} in cell {c} is outside 1 .. {n}")
            preset.append(c * n + v - 1)
    matrix = sudoku_matrix(geo)
    cell_of, digit_of = _writers(n)
    dance = Dance(matrix, preset, node_limit, trace, trace_limit)
    solutions: list[list[int]] = []
    gen = dance.solutions()
    for cover in gen:
        grid = list(cells)
        for o in cover[len(preset):]:
            grid[cell_of[o]] = digit_of[o]
        solutions.append(grid)
        if len(solutions) >= limit:
            gen.close()
            break
    return Search(solutions, dict(dance.stats), dance.gave_up)
