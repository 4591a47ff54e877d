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

Variants (:data:`VARIANTS`) are more houses, or other boxes, on the same model, so every reader of the
tables (solvers, counting, candidates, the generator) handles them with no code of its own:

* ``classic``: rows, columns, boxes; ``cell_houses[c]`` has exactly three houses (the fast paths rely on it);
* ``x``: plus the two main diagonals, houses ``3n`` (top-left to bottom-right) and ``3n + 1``;
* ``windoku``: plus four extra 3x3 windows (9x9 only), houses ``3n .. 3n + 3``, at rows and columns 2-4
  and 6-8 (1-based);
* ``jigsaw``: the boxes are irregular regions, houses ``2n .. 3n - 1`` in the order of their first cell;
  each region has ``n`` orthogonally connected cells and together they tile the grid
  (:func:`check_regions` says which region or cell breaks which rule).

* ``killer``: rows, columns and boxes, plus *cages* (:attr:`Geometry.cages`): groups of orthogonally
  connected cells whose digits are distinct and sum to the cage's total (:func:`check_cages` says which
  cage or cell breaks which rule). A cage is not a house (it need not hold every digit), so it adds no
  house; its cells are each other's peers. Cages need not cover the grid: a cell in no cage is an
  ordinary cell (published Killers cover it, but nothing in the solvers needs that, and a Killer with
  givens may leave a given's cell uncaged).

In the variants a cell may be in three, four or five houses. ``box_rows``/``box_cols`` keep the
conventional shape of the side for a Jigsaw (for layout only). :attr:`Geometry.key` is the memo key:
``geometry(*geo.key) is geo``; it is ``(box_rows, box_cols)`` for a classic grid, as before, and holds the
region map and the cages of a variant, so a per-geometry table keyed on it is right for every puzzle.
Every Jigsaw layout and Killer cage set is its own geometry: the memos are bounded (:data:`MEMO_SIZE`), so
a file of thousands of Killers does not keep thousands of tables alive.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from .errors import CageError, RegionError

#: Sides the package supports, with their conventional box shape.
STANDARD_BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
                  15: (3, 5), 16: (4, 4), 20: (4, 5), 25: (5, 5)}

#: The variants a geometry can have (see the module notes).
VARIANTS = ("classic", "x", "windoku", "jigsaw", "killer")

#: Entries kept by the per-geometry memos (geometries, solver tables): classic shapes are a handful; the rest
#: are the most recent Jigsaw layouts and Killer cage sets.
MEMO_SIZE = 256

#: A Killer cage: ``(total, cells)``, the cells sorted.
Cage = tuple[int, tuple[int, ...]]


@dataclass(frozen=True)
class Geometry:
    """Cells, houses and peers for one box shape and variant. Build it with :func:`geometry` or
    :func:`variant_geometry`."""

    box_rows: int
    box_cols: int
    #: One of :data:`VARIANTS`.
    variant: str = "classic"
    #: Jigsaw only: ``regions[c]`` is the region (0-based, numbered by first cell) of cell ``c``.
    regions: tuple[int, ...] | None = None
    #: Killer only: the cages, ``(total, cells)`` with sorted cells, in the order of their first cell.
    cages: tuple[Cage, ...] | None = None
    n: int = field(init=False)
    ncells: int = field(init=False)
    #: ``houses[h]`` is the tuple of cells of house ``h`` (rows, then columns, then boxes or regions,
    #: then the variant's extra houses).
    houses: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    #: ``cell_houses[c]`` is ``(row, n + col, 2n + box, *extra houses)``: the houses that hold cell ``c``
    #: (exactly three in a classic grid).
    cell_houses: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    #: ``peers[c]`` is the sorted tuple of the cells that share a house or a cage with ``c`` (``c`` excluded):
    #: the cells that can never hold its digit.
    peers: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    #: ``cage_of[c]`` is the index in :attr:`cages` of the cage of cell ``c``, -1 for none (None when the
    #: geometry has no cages).
    cage_of: tuple[int, ...] | None = field(init=False, repr=False)
    #: The arguments of :func:`geometry` that give this geometry back (a memo key for per-geometry tables).
    key: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        br, bc = self.box_rows, self.box_cols
        n = br * bc
        set_ = object.__setattr__
        set_(self, "n", n)
        set_(self, "ncells", n * n)
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        if self.regions is None:
            boxes = []
            for b in range(n):
                r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
                boxes.append(tuple((r0 + i) * n + c0 + j for i in range(br) for j in range(bc)))
        else:
            boxes = [tuple(c for c in range(n * n) if self.regions[c] == b) for b in range(n)]
        houses = tuple(rows + cols + boxes + _extra_houses(self.variant, n))
        houses_of = [[c // n, n + c % n, 2 * n + self.box_of(c)] for c in range(n * n)]
        for h in range(3 * n, len(houses)):
            for c in houses[h]:
                houses_of[c].append(h)
        cell_houses = tuple(map(tuple, houses_of))
        cage_of: tuple[int, ...] | None = None
        mates: list[tuple[int, ...]] = [()] * (n * n)
        if self.cages is not None:
            owner = [-1] * (n * n)
            for q, (_, cells) in enumerate(self.cages):
                for c in cells:
                    owner[c] = q
            cage_of = tuple(owner)
            mates = [self.cages[q][1] if q >= 0 else () for q in cage_of]
        peers = tuple(
            tuple(sorted(({p for h in cell_houses[c] for p in houses[h]} | set(mates[c])) - {c}))
            for c in range(n * n)
        )
        set_(self, "houses", houses)
        set_(self, "cell_houses", cell_houses)
        set_(self, "peers", peers)
        set_(self, "cage_of", cage_of)
        set_(self, "key", (br, bc) if self.variant == "classic" else (br, bc, self.variant, self.regions)
             if self.cages is None else (br, bc, self.variant, self.regions, self.cages))

    # Small helpers; callers in hot loops use the tables directly.
    def row_of(self, cell: int) -> int:
        return cell // self.n

    def col_of(self, cell: int) -> int:
        return cell % self.n

    def box_of(self, cell: int) -> int:
        if self.regions is not None:
            return self.regions[cell]
        n = self.n
        r, c = divmod(cell, n)
        return (r // self.box_rows) * (n // self.box_cols) + c // self.box_cols

    def cell_at(self, row: int, col: int) -> int:
        return row * self.n + col

    @property
    def all_digits(self) -> int:
        """Bit mask with bits ``1 .. n`` set (bit ``d`` stands for digit ``d``)."""
        return ((1 << self.n) - 1) << 1

    def house_kind(self, house: int) -> tuple[str, int]:
        """The kind of a house and its 0-based place among its kind: ``("row", 2)``, ``("column", 5)``,
        ``("box", 4)`` (``"region"`` in a Jigsaw, ``"diagonal"`` in an X, ``"window"`` in a Windoku)."""
        kind, index = divmod(house, self.n)
        if kind < 3:
            return ("row", "column", "region" if self.regions is not None else "box")[kind], index
        return "diagonal" if self.variant == "x" else "window", house - 3 * self.n

    def house_name(self, house: int) -> str:
        """Human label of a house, 1-based: ``row 3``, ``column 6``, ``box 5`` (``region 5`` in a Jigsaw,
        ``diagonal 1`` / ``diagonal 2`` in an X, ``window 1`` .. ``window 4`` in a Windoku)."""
        kind, index = self.house_kind(house)
        return f"{kind} {index + 1}"

    @property
    def extra_houses(self) -> tuple[tuple[int, ...], ...]:
        """The variant's houses beyond rows, columns and boxes (the diagonals, the windows)."""
        return self.houses[3 * self.n:]

    def cell_name(self, cell: int) -> str:
        """Human label of a cell, 1-based: ``r3c6``."""
        r, c = divmod(cell, self.n)
        return f"r{r + 1}c{c + 1}"

    def cage_name(self, cage: int) -> str:
        """Human label of a Killer cage, 1-based in the order of first cells: ``cage 4 (sum 15, from r2c3)``."""
        assert self.cages is not None, "a cage of a grid without cages"
        total, cells = self.cages[cage]
        return f"cage {cage + 1} (sum {total}, from {self.cell_name(cells[0])})"


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


def _extra_houses(variant: str, n: int) -> list[tuple[int, ...]]:
    """The variant's houses beyond rows, columns and boxes (checked by :func:`variant_geometry`)."""
    if variant == "x":
        return [tuple(i * n + i for i in range(n)), tuple(i * n + n - 1 - i for i in range(n))]
    if variant == "windoku":
        return [tuple((r0 + i) * n + c0 + j for i in range(3) for j in range(3))
                for r0 in (1, 5) for c0 in (1, 5)]
    return []


def page_domain() -> dict:
    """The grid's domain as the page needs it before the engine is up, written by ``build.py`` into
    ``build-info.js`` (``BUILD.domain``) and read by ``web/js/geometry.js``, so the page does not restate
    it: the sides and their box shapes; each variant with the sides it is played on, what its boxes are
    called, whether it has cages, and its extra houses on each of those sides with their kind, in the
    engine's house order (a Geometry's houses ``3n ..``). All of it is read off geometries that
    :func:`variant_geometry` builds and checks. Keys are strings, as JSON has them."""
    variants = []
    for name in VARIANTS:
        sides: list[int] = []
        extra: dict[str, list[list[int]]] = {}
        kinds: set[str] = set()
        box_kinds: set[str] = set()
        caged: set[bool] = set()
        for n, (br, bc) in STANDARD_BOXES.items():
            boxes = [geometry(br, bc).box_of(c) for c in range(n * n)]
            try:  # a Jigsaw needs a region map and a Killer a cage: the plainest of each
                geo = variant_geometry(n, name, regions=boxes if name == "jigsaw" else None,
                                       cages=[(1, [0])] if name == "killer" else None)
            except RegionError:
                continue  # not played on this side
            sides.append(n)
            extra[str(n)] = [list(h) for h in geo.extra_houses]
            kinds.update(geo.house_kind(h)[0] for h in range(3 * n, len(geo.houses)))
            box_kinds.add(geo.house_kind(2 * n)[0])
            caged.add(geo.cages is not None)
        variants.append({"name": name, "sides": sides, "boxKind": box_kinds.pop(), "cages": caged.pop(),
                         "extraKind": kinds.pop() if kinds else None, "extra": extra})
    return {"boxes": {str(n): list(b) for n, b in STANDARD_BOXES.items()}, "variants": variants}


@lru_cache(maxsize=MEMO_SIZE)
def _geometry(box_rows: int, box_cols: int, variant: str, regions: tuple[int, ...] | None,
              cages: tuple[Cage, ...] | None) -> Geometry:
    return Geometry(box_rows, box_cols, variant, regions, cages)


def geometry(box_rows: int, box_cols: int, variant: str = "classic",
             regions: tuple[int, ...] | None = None, cages: tuple[Cage, ...] | None = None) -> Geometry:
    """The shared :class:`Geometry` for boxes of ``box_rows`` x ``box_cols`` cells (and, for a variant,
    its name, canonical region map and canonical cages: see :func:`variant_geometry`, which checks them)."""
    return _geometry(box_rows, box_cols, variant, regions, cages)


def geometry_for_side(n: int, box: tuple[int, int] | None = None) -> Geometry:
    """The :class:`Geometry` for a grid of side ``n`` (conventional boxes unless ``box`` is given)."""
    return geometry(*box_shape(n, box))


def variant_geometry(n: int, variant: str = "classic", regions: Sequence[Hashable] | None = None,
                     box: tuple[int, int] | None = None,
                     cages: Iterable[tuple[int, Iterable[int]]] | None = None) -> Geometry:
    """The :class:`Geometry` of a side-``n`` grid of ``variant``, checked.

    ``regions`` (Jigsaw only, required there) is the region of every cell in reading order, as any
    labels (``"AAABBB..."``, a list of ints); see :func:`check_regions`. ``cages`` (Killer only, required
    there) is an iterable of ``(total, cells)``; see :func:`check_cages`. Raises :class:`RegionError`
    (:class:`CageError` for cages) for an unknown variant, a variant the side cannot have, or regions or
    cages that break a rule.
    """
    name = (variant or "classic").strip().lower()
    if name not in VARIANTS:
        raise RegionError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}", rule="variant")
    try:
        br, bc = box_shape(n, box)
    except ValueError as exc:
        raise RegionError(str(exc), rule="variant") from None
    if name != "jigsaw" and regions is not None:
        raise RegionError(f"a {name} grid has boxes, not a region map (regions are for jigsaw)", rule="variant")
    if name != "killer" and cages is not None:
        raise RegionError(f"a {name} grid has no cages (cages are for killer)", rule="variant")
    if name == "killer":
        checked = check_cages(n, cages) if cages is not None else ()
        if not checked:  # without a cage it would be a classic grid under another name
            raise CageError("a killer grid needs its cages (at least one)", rule="cages")
        return geometry(br, bc, name, None, checked)
    if name == "windoku" and (br, bc) != (3, 3):
        raise RegionError(f"windoku is played on 9x9 grids with 3x3 boxes, not {n}x{n}", rule="variant")
    if name == "jigsaw":
        if regions is None:
            raise RegionError("a jigsaw grid needs its region map", rule="tiling")
        return geometry(br, bc, name, check_regions(n, regions))
    return geometry(br, bc, name)


def _name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def check_regions(n: int, regions: Sequence[Hashable]) -> tuple[int, ...]:
    """The canonical region map (regions numbered 0 .. n-1 in the order of their first cell) of
    ``regions``, one label per cell in reading order (any labels: ``"AAAB..."``, ``"1112..."``, ints);
    a label None, ``""`` or ``"."`` leaves its cell in no region.

    Raises :class:`RegionError` naming the region (by its label and number) or the cell for the first
    rule broken, checked in this order: one label per cell, every cell in a region (the regions tile
    the grid), every region ``n`` cells, every region orthogonally connected.
    """
    labels = list(regions)
    nc = n * n
    if len(labels) != nc:
        raise RegionError(f"the region map has {len(labels)} cells; a {n}x{n} grid has {nc}", rule="tiling")
    blank = [c for c, x in enumerate(labels) if x is None or (isinstance(x, str) and x.strip() in ("", "."))]
    if blank:
        raise RegionError(f"cell {_name(blank[0], n)} is in no region: the regions must tile the grid "
                          f"({len(blank)} cell{'s' if len(blank) > 1 else ''} without a region)",
                          rule="tiling", cells=tuple(blank))
    order: dict = {}
    for x in labels:
        order.setdefault(x, len(order))
    canon = tuple(order[x] for x in labels)
    members: list[list[int]] = [[] for _ in order]
    for c, r in enumerate(canon):
        members[r].append(c)
    names = list(order)
    for r, cells in enumerate(members):
        if len(cells) != n:
            more = "more" if len(cells) > n else "fewer"
            raise RegionError(
                f"region {names[r]!r} (region {r + 1}, from {_name(cells[0], n)}) has {len(cells)} cells; each "
                f"region of a {n}x{n} grid has {n} (the map has {len(members)} regions, so some have {more})",
                rule="size", region=r, cells=tuple(cells))
    for r, cells in enumerate(members):
        piece = _connected_piece(set(cells), n)  # from cells[0], the region's first cell
        if len(piece) != n:
            rest = tuple(c for c in cells if c not in piece)
            cut, main = (tuple(sorted(piece)), rest) if 2 * len(piece) < n else (rest, tuple(sorted(piece)))
            raise RegionError(
                f"region {names[r]!r} (region {r + 1}) is not connected: {_name(cut[0], n)} is cut off from "
                f"{_name(main[0], n)} ({len(cut)} of its {n} cells apart)", rule="connected", region=r, cells=cut)
    return canon


def _connected_piece(cells: set[int], n: int) -> set[int]:
    """The cells of ``cells`` orthogonally connected to its smallest."""
    start = min(cells)
    piece, todo = {start}, [start]
    while todo:
        c = todo.pop()
        row, col = divmod(c, n)
        for x in ((c - n) if row else -1, (c + n) if row < n - 1 else -1,
                  (c - 1) if col else -1, (c + 1) if col < n - 1 else -1):
            if x in cells and x not in piece:
                piece.add(x)
                todo.append(x)
    return piece


def sum_range(size: int, n: int) -> tuple[int, int]:
    """The least and greatest sums of ``size`` different digits of ``1 .. n``; every sum between them is
    the sum of some such digits (moving one digit up by one raises the sum by one)."""
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


#: Most digit combinations a cage may have. A 9x9 cage has at most 12 and a 16x16 one a few hundred, but a
#: 12-cell cage of a 25x25 grid would have tens of thousands, which the solvers would list at every step:
#: such a cage is refused rather than left to run for minutes.
MAX_COMBINATIONS = 5_000


@cache
def _combination_counts(n: int) -> tuple[tuple[int, ...], ...]:
    """``counts[k][t]``: how many sets of ``k`` different digits of ``1 .. n`` sum to ``t``."""
    top = n * (n + 1) // 2
    counts = [[0] * (top + 1) for _ in range(n + 1)]
    counts[0][0] = 1
    for d in range(1, n + 1):
        for k in range(d, 0, -1):
            row, below = counts[k], counts[k - 1]
            for t in range(top, d - 1, -1):
                row[t] += below[t - d]
    return tuple(map(tuple, counts))


@cache
def cage_combinations(size: int, total: int, n: int) -> tuple[int, ...]:
    """Every set of ``size`` different digits of ``1 .. n`` that sums to ``total``, as a digit bit mask
    (bit ``d`` for digit ``d``), in increasing order of the masks. The one table of a cage's combinations,
    read by both solvers and the generator."""
    out = []

    def grow(mask: int, low: int, left: int, rest: int) -> None:
        if left == 0:
            if rest == 0:
                out.append(mask)
            return
        for d in range(low, n + 1):
            if d * left + left * (left - 1) // 2 > rest:
                break  # the smallest digits from d on already sum to more than what is left
            grow(mask | 1 << d, d + 1, left - 1, rest - d)

    grow(0, 1, size, total)
    return tuple(sorted(out))


def check_cages(n: int, cages: Iterable[tuple[int, Iterable[int]]]) -> tuple[Cage, ...]:
    """The canonical cages (cells sorted, cages in the order of their first cell) of ``cages``, an iterable
    of ``(total, cells)`` with 0-based cells, on a side-``n`` grid.

    Raises :class:`CageError` for the first rule broken, naming the cage (its number in the order given,
    its total and first cell) and a cell, checked cage by cage in this order: ``cells`` (a cage without
    cells, or a cell off the grid), ``size`` (more cells than digits: a cage's digits are distinct),
    ``overlap`` (a cell twice in one cage, or in two cages), ``connected`` (orthogonally), ``sum`` (no
    ``k`` different digits of ``1 .. n`` make the total), ``size`` again (more than :data:`MAX_COMBINATIONS`
    combinations). Cages need not cover the grid.
    """
    owner: dict[int, int] = {}
    out = []
    for q, cage in enumerate(cages):
        try:
            total, cells = cage
            total = int(total)
            cells = [int(c) for c in cells]
        except (TypeError, ValueError):
            raise CageError(f"cage {q + 1} is not (total, cells): {cage!r}", rule="cells", region=q) from None
        if not cells:
            raise CageError(f"cage {q + 1} (sum {total}) has no cells", rule="cells", region=q)
        off = next((c for c in cells if not 0 <= c < n * n), None)
        label = f"cage {q + 1} (sum {total}, from {_name(cells[0], n) if off is None else cells[0]})"
        if off is not None:
            raise CageError(f"{label} names cell {off}, off the {n}x{n} grid (cells are 0 .. {n * n - 1})",
                            rule="cells", region=q)
        if len(cells) > n:
            raise CageError(f"{label} has {len(cells)} cells; a cage holds at most {n} (its digits are "
                            f"different digits of 1-{n})", rule="size", region=q, cells=tuple(cells))
        for c in cells:
            if c in owner:
                where = "twice in it" if owner[c] == q else f"also in cage {owner[c] + 1}"
                raise CageError(f"{label}: cell {_name(c, n)} is {where}; a cell is in at most one cage",
                                rule="overlap", region=q, cells=(c,))
            owner[c] = q
        inside = set(cells)
        piece = _connected_piece(inside, n)
        if len(piece) != len(inside):
            cut = sorted(inside - piece)
            raise CageError(f"{label} is not connected: {_name(cut[0], n)} is cut off from {_name(min(piece), n)} "
                            "(a cage's cells must touch side to side)", rule="connected", region=q,
                            cells=tuple(cut))
        low, high = sum_range(len(cells), n)
        if not low <= total <= high:
            raise CageError(f"{label} cannot sum to {total}: {len(cells)} different digits of 1-{n} sum to "
                            f"{low} .. {high}", rule="sum", region=q, cells=tuple(sorted(cells)))
        ways = _combination_counts(n)[len(cells)][total]
        if ways > MAX_COMBINATIONS:
            raise CageError(f"{label} has {ways:,} digit combinations; a cage may have at most "
                            f"{MAX_COMBINATIONS:,} (split it into smaller cages)", rule="size", region=q,
                            cells=tuple(sorted(cells)))
        out.append((total, tuple(sorted(cells))))
    return tuple(sorted(out, key=lambda cage: cage[1][0]))


def variant_value(geo: Geometry) -> dict:
    """``variant``, ``regions`` and ``cages`` of a geometry, as the page's game state and saved games carry
    them: a Killer's cages as ``[{"sum", "cells"}]`` (cells 0-based, sorted; cages in the order of their
    first cells, the engine's own order, so cage ``q`` is the same cage on both sides)."""
    return {"variant": geo.variant, "regions": list(geo.regions) if geo.regions is not None else None,
            "cages": [{"sum": total, "cells": list(cells)} for total, cells in geo.cages]
            if geo.cages is not None else None}
