"""Geometry of a Sudoku grid of any box shape.

Vocabulary (used everywhere in the package):

* a grid of side ``n`` is split into boxes of ``box_rows`` x ``box_cols`` cells, ``n = box_rows * box_cols``;
* a *cell* is an integer ``0 .. n*n - 1`` in row-major order (``row = cell // n``, ``col = cell % n``);
* a *digit* is an integer ``1 .. n``; 0 means an empty cell;
* a *house* (also called a unit) is a row, a column or a box: ``n`` cells that hold each digit once.
  Houses are numbered rows ``0 .. n-1``, columns ``n .. 2n-1``, boxes ``2n .. 3n-1``;
* the *peers* of a cell are the other cells that share a house with it.

All tables are built once per shape and shared: :func:`geometry` memoises on the shape, and a
:class:`Geometry` is immutable, so sharing it is safe (the memo is a cache, not mutable state that
changes results).

Box shape convention: for a side that is not a square, boxes are wider than tall (6x6 has 2x3 boxes,
12x12 has 3x4 boxes), as in most published puzzles; pass ``box=(rows, cols)`` to choose otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

#: Sides the package supports, with their conventional box shape.
STANDARD_BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
                  15: (3, 5), 16: (4, 4), 20: (4, 5), 25: (5, 5)}


@dataclass(frozen=True)
class Geometry:
    """Cells, houses and peers for one box shape. Build it with :func:`geometry`."""

    box_rows: int
    box_cols: int
    n: int = field(init=False)
    ncells: int = field(init=False)
    #: ``houses[h]`` is the tuple of cells of house ``h`` (rows, then columns, then boxes).
    houses: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    #: ``cell_houses[c]`` is ``(row, n + col, 2n + box)``: the three houses that hold cell ``c``.
    cell_houses: tuple[tuple[int, int, int], ...] = field(init=False, repr=False)
    #: ``peers[c]`` is the sorted tuple of the cells that share a house with ``c`` (``c`` excluded).
    peers: tuple[tuple[int, ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        br, bc = self.box_rows, self.box_cols
        n = br * bc
        set_ = object.__setattr__
        set_(self, "n", n)
        set_(self, "ncells", n * n)
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = []
        for b in range(n):
            r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
            boxes.append(tuple((r0 + i) * n + c0 + j for i in range(br) for j in range(bc)))
        houses = tuple(rows + cols + boxes)
        cell_houses = tuple((c // n, n + c % n, 2 * n + self.box_of(c)) for c in range(n * n))
        peers = tuple(
            tuple(sorted({p for h in cell_houses[c] for p in houses[h]} - {c})) for c in range(n * n)
        )
        set_(self, "houses", houses)
        set_(self, "cell_houses", cell_houses)
        set_(self, "peers", peers)

    # Small helpers; callers in hot loops use the tables directly.
    def row_of(self, cell: int) -> int:
        return cell // self.n

    def col_of(self, cell: int) -> int:
        return cell % self.n

    def box_of(self, cell: int) -> int:
        n = self.n
        r, c = divmod(cell, n)
        return (r // self.box_rows) * (n // self.box_cols) + c // self.box_cols

    def cell_at(self, row: int, col: int) -> int:
        return row * self.n + col

    @property
    def all_digits(self) -> int:
        """Bit mask with bits ``1 .. n`` set (bit ``d`` stands for digit ``d``)."""
        return ((1 << self.n) - 1) << 1

    def house_name(self, house: int) -> str:
        """Human label of a house, 1-based: ``row 3``, ``column 6``, ``box 5``."""
        kind, index = divmod(house, self.n)
        return f"{('row', 'column', 'box')[kind]} {index + 1}"

    def cell_name(self, cell: int) -> str:
        """Human label of a cell, 1-based: ``r3c6``."""
        r, c = divmod(cell, self.n)
        return f"r{r + 1}c{c + 1}"


def box_shape(n: int, box: tuple[int, int] | None = None) -> tuple[int, int]:
    """The ``(box_rows, box_cols)`` for a side ``n``; ``box`` overrides the convention.

    Raises ``ValueError`` with a readable message when no box shape fits.
    """
    if box is not None:
        br, bc = box
        if br < 1 or bc < 1 or br * bc != n:
            raise ValueError(f"boxes of {br}x{bc} cells do not tile a {n}x{n} grid")
        return br, bc
    if n in STANDARD_BOXES:
        return STANDARD_BOXES[n]
    raise ValueError(
        f"a {n}x{n} grid has no standard box shape; supported sides are "
        + ", ".join(str(s) for s in sorted(STANDARD_BOXES))
    )


@cache
def geometry(box_rows: int, box_cols: int) -> Geometry:
    """The shared :class:`Geometry` for boxes of ``box_rows`` x ``box_cols`` cells."""
    return Geometry(box_rows, box_cols)


def geometry_for_side(n: int, box: tuple[int, int] | None = None) -> Geometry:
    """The :class:`Geometry` for a grid of side ``n`` (conventional boxes unless ``box`` is given)."""
    return geometry(*box_shape(n, box))
