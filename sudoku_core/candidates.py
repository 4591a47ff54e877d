"""The candidate state a hint or a logic step reasons about.

A :class:`State` holds, for one position, the digit of every cell (0 = empty) and the candidates of
every empty cell. It is built either from the digits alone (givens plus entered digits: candidates are
every digit no peer holds) or from the player's own pencil marks, so that a hint talks about the grid the
player actually sees.

Representation, chosen for speed in pure Python:

* ``cand[c]`` is an int bit mask per cell, bit ``d`` set when digit ``d`` is still possible
  (0 for a filled cell);
* ``where[d]`` is an int bit set over *cells*, bit ``c`` set when cell ``c`` still has candidate ``d``.
  ``where[d] & table.house_bits[h]`` is "the places for ``d`` in house ``h``" in one operation, and
  ``int.bit_count`` counts them, which is what fish, intersections and single-digit patterns need.

Both views are kept in step by :meth:`State.place` and :meth:`State.eliminate`; nothing else writes
them. Geometry-derived bit tables live in :class:`Tables`, built once per geometry (memoised; the
tables are immutable, so sharing them is safe).

:func:`tables` is the one place a geometry's tables are built, for every subsystem: the finders, the
forcing nets' propagation, the generator's logic fill, the lab's ladder and the backtracking engine. The
cell and house bit sets every one of them needs are fields of :class:`Tables`; a subsystem with a
representation of its own (the backtracker's whole-grid integers, the ladder's cell tuples) builds its
tables with :func:`derived`, once per geometry, held in the same cache entry.

Propagation (singles, locked candidates) is written once per representation, where its caller needs it,
not once for all: the backtracker's on whole-grid integers (its search's hot loop, with a copy unrolled
for 3x3 boxes), the ladder's on candidate lists (it counts and traces every placement for the lab), the
forcing nets' on per-digit cell sets (with pairs, and rescanning only what changed) and the generator's
logic fill (over a known solution). ``tests/test_propagation.py`` runs them all on the same positions:
where their rules are the same, their fixed points are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from .grid import MEMO_SIZE, Geometry, geometry

if TYPE_CHECKING:
    from .puzzle import Puzzle


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first (digits of a candidate mask, cells of a
    cell set)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def single_places(sets: Sequence[int], digits: Iterable[int]) -> int:
    """The cells in exactly one of ``sets[d]`` for ``d`` in ``digits``, where ``sets[d]`` is the cell
    set of digit ``d`` (a naked single is a cell left in one digit's set): a bit-parallel count."""
    ones = twos = 0
    for d in digits:
        w = sets[d]
        twos |= ones & w
        ones |= w
    return ones & ~twos


def mask_of(items: Iterable[int]) -> int:
    """The bit mask with the bits in ``items`` set."""
    m = 0
    for i in items:
        m |= 1 << i
    return m


_T = TypeVar("_T")


@dataclass(frozen=True)
class Tables:
    """Bit-set tables for one geometry: what finders and propagators use instead of looping over tuples."""

    geo: Geometry
    #: ``house_bits[h]``: bit set of the cells of house ``h``.
    house_bits: tuple[int, ...] = field(repr=False)
    #: ``peer_bits[c]``: bit set of the peers of cell ``c``.
    peer_bits: tuple[int, ...] = field(repr=False)
    #: ``rows`` / ``cols`` / ``boxes``: house numbers of each kind, for fish and intersections.
    rows: tuple[int, ...] = ()
    cols: tuple[int, ...] = ()
    boxes: tuple[int, ...] = ()
    #: ``row_of[c]``, ``col_of[c]``, ``box_of[c]``: 0-based indices (not house numbers).
    row_of: tuple[int, ...] = field(default=(), repr=False)
    col_of: tuple[int, ...] = field(default=(), repr=False)
    box_of: tuple[int, ...] = field(default=(), repr=False)
    #: Every box/line crossing as ``(box house, line house, bit set of the shared cells)``.
    crossings: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    #: The same crossings ordered by line, then box.
    crossings_by_line: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    #: Locked candidates, as ``(source house, target house, bit set of the shared cells)``: ``pointing``
    #: from every block (box, region, window) into every house it meets, ``claiming`` from every line
    #: (row, column, diagonal) into every block it meets. On a classic grid these are exactly
    #: ``crossings`` and ``crossings_by_line``; a variant adds its extra houses (a window and the box it
    #: overlaps, a diagonal and a box), so the intersections work on every pair of houses.
    pointing: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    claiming: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    #: ``n`` and ``ncells`` of the geometry; ``digits``: ``1 .. n``; ``all_cells``: the bit set of every cell.
    n: int = 0
    ncells: int = 0
    digits: tuple[int, ...] = ()
    all_cells: int = 0
    #: ``houses_of[c]``: the houses holding cell ``c``, as a bit set over house numbers.
    houses_of: tuple[int, ...] = field(default=(), repr=False)
    #: Box-line locked candidates on per-digit cell sets: ``(shared cells, rest of the box, rest of the
    #: line)`` for every box (a Jigsaw's region) and row or column that share two or more cells, box by box.
    #: (A crossing of one cell never locks anything that a hidden single has not placed already.)
    locks: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    #: A branch packed into one int (the forcing nets): digit ``d``'s cell set shifted by ``shift`` for each
    #: ``(d, shift)`` of ``slices``, digit-major, with a power-of-two number of slices so that the shifts of
    #: ``folds`` fold every digit onto the first slice.
    slices: tuple[tuple[int, int], ...] = field(default=(), repr=False)
    folds: tuple[int, ...] = field(default=(), repr=False)
    def cell_houses_kind(self, a: int, b: int, kind: int) -> bool:
        """True when cells ``a`` and ``b`` share a house of ``kind`` (0 row, 1 column, 2 box)."""
        return self.geo.cell_houses[a][kind] == self.geo.cell_houses[b][kind]


def _shape(geo: Geometry) -> tuple:
    """The key memoised finders use for a geometry: hashing the Geometry itself would hash its tables.
    ``geometry(*key)`` gives the geometry back; for a classic grid it is ``(box_rows, box_cols)``, and a
    variant's key also holds its name and regions, so a variant never shares a classic grid's tables."""
    return geo.key


class _Entry:
    """The cache's entry for one geometry: its :class:`Tables`, built on the first :func:`tables`, and
    what :func:`derived` built for it."""

    __slots__ = ("derived", "geo", "tables")

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.tables: Tables | None = None
        self.derived: dict[Callable[[Geometry], Any], Any] = {}


@lru_cache(maxsize=MEMO_SIZE)  # bounded: a Killer generator makes a geometry per cage layout it tries
def _entry(key: tuple) -> _Entry:
    """Keyed by :attr:`Geometry.key`: hashing the Geometry itself would hash its houses and peers."""
    return _Entry(geometry(*key))


def tables(geo: Geometry) -> Tables:
    """The shared :class:`Tables` for ``geo``."""
    entry = _entry(geo.key)
    t = entry.tables
    if t is None:
        t = entry.tables = _tables(entry.geo)
    return t


def derived(geo: Geometry, build: Callable[[Geometry], _T]) -> _T:
    """``build(geo)``, built once per geometry and kept in the same cache entry as its :class:`Tables`: a
    subsystem's own representation of the geometry (the backtracker's whole-grid constants, the ladder's
    cell tuples). It does not build the Tables: a Killer generator makes a geometry per cage layout it
    tries, and its backtracker reads none of the finders' tables."""
    entry = _entry(geo.key)
    out = entry.derived.get(build)
    if out is None:
        out = entry.derived[build] = build(entry.geo)
    return out


def _tables(geo: Geometry) -> Tables:
    n = geo.n
    house_bits = tuple(mask_of(h) for h in geo.houses)
    peer_bits = tuple(mask_of(p) for p in geo.peers)
    crossings = tuple(
        (b, line, house_bits[b] & house_bits[line])
        for b in range(2 * n, 3 * n) for line in range(2 * n) if house_bits[b] & house_bits[line]
    )
    cells = range(n * n)
    extra = range(3 * n, len(geo.houses))
    lines = (*range(2 * n), *(extra if geo.variant == "x" else ()))
    blocks = (*range(2 * n, 3 * n), *(extra if geo.variant != "x" else ()))
    pointing = tuple((s, t, house_bits[s] & house_bits[t])
                     for s in blocks for t in range(len(house_bits)) if t != s and house_bits[s] & house_bits[t])
    claiming = tuple((s, t, house_bits[s] & house_bits[t])
                     for s in lines for t in blocks if house_bits[s] & house_bits[t])
    locks = tuple((x, house_bits[b] & ~x, house_bits[line] & ~x) for b, line, x in crossings if x & (x - 1))
    ncells = n * n
    width = 1
    while width < n:
        width *= 2
    folds = []
    while width > 1:
        width //= 2
        folds.append(width * ncells)
    return Tables(geo, house_bits, peer_bits, tuple(range(n)), tuple(range(n, 2 * n)), tuple(range(2 * n, 3 * n)),
                  tuple(c // n for c in cells), tuple(c % n for c in cells), tuple(geo.box_of(c) for c in cells),
                  crossings, tuple(sorted(crossings, key=lambda x: (x[1], x[0]))), pointing, claiming,
                  n, ncells, tuple(range(1, n + 1)), (1 << ncells) - 1, tuple(mask_of(hs) for hs in geo.cell_houses),
                  locks, tuple((d, (d - 1) * ncells) for d in range(1, n + 1)), tuple(folds))


class State:
    """Digits and candidates of one position. Mutable; :meth:`copy` before trying things out.

    ``unique`` records what is known about the number of solutions: True once proven unique (the
    uniqueness techniques only run then), False when known not to be, None when not yet asked.
    """

    __slots__ = ("cand", "geo", "t", "unique", "values", "where")

    def __init__(self, geo: Geometry, values: list[int], cand: list[int], unique: bool | None = None) -> None:
        self.geo = geo
        self.t = tables(geo)
        self.values = values
        self.cand = cand
        self.unique = unique
        where = [0] * (geo.n + 1)
        for c, m in enumerate(cand):
            while m:
                low = m & -m
                where[low.bit_length() - 1] |= 1 << c
                m ^= low
        self.where = where

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def from_values(cls, geo: Geometry, values: Iterable[int], unique: bool | None = None) -> State:
        """Candidates computed from the digits: every digit that no peer holds."""
        values = list(values)
        full = geo.all_digits
        peers = geo.peers
        cand = []
        for c, v in enumerate(values):
            if v:
                cand.append(0)
                continue
            m = full
            for p in peers[c]:
                pv = values[p]
                if pv:
                    m &= ~(1 << pv)
            cand.append(m)
        return cls(geo, values, cand, unique)

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, unique: bool | None = None) -> State:
        return cls.from_values(puzzle.geometry, puzzle.cells, unique)

    @classmethod
    def from_pencil(cls, geo: Geometry, values: Sequence[int], pencil: Sequence[int],
                    unique: bool | None = None) -> State:
        """Candidates taken from the player's pencil marks ``pencil`` (one mask per cell, bit ``d`` =
        digit ``d``).

        Two choices, both so that hints stay about the player's grid yet never reason from a marking
        the rules already forbid: a pencil mark of a digit that a peer holds is dropped (the player
        simply has not cleaned it up yet), and an empty cell with no marks at all counts as not yet
        pencilled, so it gets the computed candidates.
        """
        base = cls.from_values(geo, values, unique)
        cand = base.cand
        for c, v in enumerate(base.values):
            if not v and pencil[c]:
                cand[c] &= pencil[c]
        return cls(geo, base.values, cand, unique)

    def copy(self) -> State:
        s = State.__new__(State)
        s.geo, s.t, s.unique = self.geo, self.t, self.unique
        s.values, s.cand, s.where = self.values[:], self.cand[:], self.where[:]
        return s

    # -- changes ------------------------------------------------------------------------------
    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the candidates of every peer."""
        where, cand = self.where, self.cand
        for d in bits(cand[cell]):
            where[d] &= ~(1 << cell)
        self.values[cell] = digit
        cand[cell] = 0
        bit = 1 << digit
        hit = where[digit] & self.t.peer_bits[cell]
        where[digit] ^= hit
        while hit:
            low = hit & -hit
            cand[low.bit_length() - 1] &= ~bit
            hit ^= low

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove candidate ``digit`` from ``cell`` (no effect when it is already gone)."""
        self.cand[cell] &= ~(1 << digit)
        self.where[digit] &= ~(1 << cell)

    # -- queries ------------------------------------------------------------------------------
    def solved(self) -> bool:
        return all(self.values)

    def broken(self) -> bool:
        """True when an empty cell has no candidate left: the position contradicts itself."""
        # Count, not scan: the empty cells are exactly the cells with a candidate unless one has none.
        with_candidates = 0
        for m in self.where:
            with_candidates |= m
        return with_candidates.bit_count() != self.values.count(0)

    def cells_of(self, house: int, digit: int) -> int:
        """Bit set of the cells of ``house`` that still have candidate ``digit``."""
        return self.where[digit] & self.t.house_bits[house]

    def house_digits(self, house: int) -> int:
        """Digits already placed in ``house``, as a candidate-style mask."""
        m = 0
        values = self.values
        for c in self.geo.houses[house]:
            if values[c]:
                m |= 1 << values[c]
        return m
