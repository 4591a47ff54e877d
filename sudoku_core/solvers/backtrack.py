"""Backtracking solvers on whole-grid candidate integers.

* :func:`solve_fast` (method ``backtrack``): naked singles, hidden singles and locked candidates
  propagated to a fixpoint, then a branch on a cell with the fewest candidates; the search keeps an
  explicit stack, so its depth is bounded by memory, not by the recursion limit (25x25 grids in the
  browser's smaller stack are safe).
* :func:`solve_recursive` (method ``backtrack-recursive``): the same rules and choices written as the
  recursive function the study describes (same nodes, guesses and depth), with an optional trace.

Each engine returns a :class:`~sudoku_core.solvers.Search`; ``nodes`` counts states visited and
stops the search at ``node_limit``. :func:`search_work` is :func:`solve_fast` as resumable work
(:mod:`sudoku_core.work`) that pauses every so many nodes, for a search run in a job's time slices.

Representation (the fast engines). A position is two integers. ``C`` holds every candidate of the
grid: cell ``c`` owns the ``n + 1`` bits from ``c * (n + 1)``, digit ``d`` is bit ``d - 1`` of them
and the top bit is a guard that stays clear. ``P`` holds the candidates already *placed* (their
peers cleared). A child position is made by arithmetic on the parent's integers, never by copying
lists, and each search frame keeps its own. All rules work on the whole grid at once:

* placing candidate ``i`` is ``C &= keep``: the cell's other digits and the digit in the cell's
  peers go (for 3x3 boxes ``keep`` is a table lookup; other shapes build it from a peer mask);
* naked singles and empty cells: ``(C | guard) - low`` borrows into a cell's guard bit exactly when
  the cell is empty, and ``C & that`` is each cell without its lowest candidate, so two more such
  steps mark every cell with exactly one candidate;
* houses: saturating counts ("in at least one cell", "in at least two") are folded with shifts,
  ``&`` and ``|`` over the cells of every *segment* (the cells a row, or a column, shares with a
  box), then over the segments of every row, box and column. "None" is a contradiction, "exactly
  one" a hidden single, spread back over the house and ``&`` ``C`` to find its cell;
* locked candidates come from the same segment folds: a row (or column) whose digit lies in one
  segment clears it from the rest of the box, and a box whose digit lies in one segment clears it
  from the rest of the row (or column), all rows, columns, boxes and digits in a few dozen
  operations.

Choices
-------
(The figures measured when each was made, and the roads measured and not taken:
``docs/notes/backtrack.md``; ``bench/solve_bench_backtrack_variants.py`` repeats the comparison.)

* Rules run cheapest first: naked singles until none is left, then houses, then locked candidates
  only when no single is left.
* The branch cell has the fewest candidates; among cells with two (there nearly always are some) it
  is the one whose open peers hold the most candidates, counting twice the peers with two candidates
  that share one with it: the choice that settles the most around it.
* Variants (:mod:`sudoku_core.grid`) take the loop form: placements clear every peer, the variant's
  extra houses included, and their houses (a Jigsaw's regions, X's diagonals, Windoku's windows) are
  counted one house at a time for contradictions and hidden singles; box-line locked candidates stay
  for X and Windoku, whose boxes are boxes, and are left out for a Jigsaw.
* Classic 3x3 boxes take an unrolled copy of the propagation (:func:`_propagate9`, constants inlined
  and a placement table); every other shape, from 1x4 to 5x5 and rectangular boxes, takes the loop
  form (:func:`_propagate`), which gives the same results on 3x3 boxes (same nodes) and is checked
  against it there.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, replace

from ..candidates import derived
from ..grid import Geometry, cage_combinations
from ..work import run
from . import Search, trace_note
from .exact_cover import DEFAULT_TRACE_LIMIT, next_stop


class _Budget(Exception):
    """Raised inside the recursive search when the node budget is spent."""


def _ruler(k: int, step: int) -> int:
    """``k`` one-bits, ``step`` bits apart."""
    return sum(1 << (j * step) for j in range(k))


def _shifts(k: int, step: int) -> tuple[int, ...]:
    """The shifts that bring the 2nd .. k-th of ``k`` evenly spaced blocks onto the first."""
    return tuple(j * step for j in range(1, k))


@dataclass(frozen=True)
class _Tables:
    """Per-shape constants of the whole-grid representation (see the module docstring).

    An *anchor* mask holds the ``n`` digit bits of the first cell of every house of one kind (or of
    every segment); the folds leave each house's answer there. A segment is the part of a row
    (h-segment, ``bc`` cells) or of a column (v-segment, ``br`` cells) that lies in one box.
    """

    n: int
    cw: int                  # bits per cell: n digit bits and a guard bit
    ncells: int
    full: int                # the n digit bits of one cell
    start: int               # every candidate of every cell
    guard: int               # the guard bit of every cell
    low: int                 # bit 0 of every cell
    # shifts of the folds: within an h-segment, within a v-segment, h-segments of a row,
    # v-segments of a column (h-segments of a box use the v-segment shifts and vice versa)
    hseg: tuple[int, ...]
    vseg: tuple[int, ...]
    row: tuple[int, ...]
    col: tuple[int, ...]
    row_a: int
    col_a: int
    box_a: int
    hseg_a: int
    vseg_a: int
    # per box row (for h-segments) / per segment of a row / per box column / per segment of a
    # column: (mask of those segment anchors, shift that takes them to their box / house anchor)
    hseg_to_box: tuple[tuple[int, int], ...]
    hseg_to_row: tuple[tuple[int, int], ...]
    vseg_to_box: tuple[tuple[int, int], ...]
    vseg_to_col: tuple[tuple[int, int], ...]
    peer: tuple[int, ...]    # peer[c]: bit 0 of every peer cell of c
    peer_all: tuple[int, ...]  # peer[c] with all n digit bits
    k9: tuple | None         # constants of the unrolled 3x3-box path
    # Variants: the houses the folds do not cover (a Jigsaw's regions, X's diagonals, Windoku's windows),
    # each as the bit offsets of its cells; and whether the box-line locked candidates hold (not when
    # the boxes are irregular regions).
    extra: tuple[tuple[int, ...], ...] = ()
    locked: bool = True
    # Killer: per cage, the bit offsets of its cells and its digit combinations as masks of one cell's
    # digit bits (digit d is bit d - 1), from grid.cage_combinations.
    cages: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()


def _tables(geo: Geometry) -> _Tables:
    """The whole-grid constants of ``geo``, built once per geometry and kept in the shared tables' cache
    (:func:`~sudoku_core.candidates.derived`)."""
    return derived(geo, _build)


def _build(geo: Geometry) -> _Tables:
    br, bc = geo.box_rows, geo.box_cols
    n = geo.n
    cw = n + 1
    nc = n * n
    full = (1 << n) - 1
    low = _ruler(nc, cw)
    rw = n * cw  # bits per row

    def anchors(cells: Iterable[int]) -> int:
        return sum(full << (c * cw) for c in cells)

    rows = range(n)
    hseg_starts = [r * n + j * bc for r in rows for j in range(br)]
    vseg_starts = [i * br * n + c for i in range(bc) for c in range(n)]
    peer = tuple(sum(1 << (p * cw) for p in geo.peers[c]) for c in range(nc))
    t = _Tables(
        n, cw, nc, full, full * low, low << n, low,
        _shifts(bc, cw), _shifts(br, rw), _shifts(br, bc * cw), _shifts(bc, br * rw),
        anchors(r * n for r in rows), anchors(range(n)), anchors(h[0] for h in geo.houses[2 * n:3 * n]),
        anchors(hseg_starts), anchors(vseg_starts),
        tuple((anchors(c for c in hseg_starts if c // n % br == i), i * rw) for i in range(br)),
        tuple((anchors(c for c in hseg_starts if c % n // bc == j), j * bc * cw) for j in range(br)),
        tuple((anchors(c for c in vseg_starts if c % n % bc == j), j * cw) for j in range(bc)),
        tuple((anchors(c for c in vseg_starts if c // n // br == i), i * br * rw) for i in range(bc)),
        peer, tuple(p * full for p in peer), None,
    )
    if geo.variant != "classic":
        # Rows and columns fold as ever; regions and extra houses are counted house by house, and a
        # Jigsaw has no box anchors (its box fold is masked out) and no box-line segments.
        jigsaw = geo.regions is not None
        extra = geo.houses[2 * n:] if jigsaw else geo.extra_houses
        cages = tuple((tuple(c * cw for c in cells), tuple(k >> 1 for k in cage_combinations(len(cells), total, n)))
                      for total, cells in geo.cages or ())
        return replace(t, extra=tuple(tuple(c * cw for c in h) for h in extra), locked=not jigsaw,
                       box_a=0 if jigsaw else t.box_a, cages=cages)
    if (br, bc) != (3, 3):
        return t
    every = (1 << (nc * cw)) - 1
    # keep[i + 1]: what placing candidate bit i leaves: the cell's other digits and the digit in
    # the cell's peers go. Indexed by bit_length(), so a placement is one lookup and one ``&``.
    keep = [0] * (nc * cw + 1)
    for c in range(nc):
        for d in range(n):
            i = c * cw + d
            keep[i + 1] = every ^ (peer[c] << d) ^ (full << (c * cw)) ^ (1 << i)
    bits = tuple([0] + [1 << i for i in range(nc * cw)])
    k9 = (tuple(keep), bits, t.row_a, t.col_a, t.box_a, t.hseg_a, t.vseg_a, _ruler(9, cw),
          _ruler(3, cw) * _ruler(3, rw), t.hseg_to_box, t.hseg_to_row, t.vseg_to_box, t.vseg_to_col)
    return replace(t, k9=k9)


def _fold(o0: int, t0: int, shifts: tuple[int, ...]) -> tuple[int, int]:
    """Saturating count over blocks: ``o0``/``t0`` say "in at least one / two cells" of each block;
    the result says it of the blocks ``shifts`` away from each anchor taken together."""
    o, t = o0, t0
    for s in shifts:
        y = o0 >> s
        t |= (t0 >> s) | (o & y)
        o |= y
    return o, t


def _smear(x: int, shifts: tuple[int, ...]) -> int:
    """``x`` copied onto each block ``shifts`` away (the inverse direction of :func:`_fold`)."""
    r = x
    for s in shifts:
        r |= x << s
    return r


def _gather(x: int, parts: tuple[tuple[int, int], ...]) -> int:
    """Move the segment anchors in ``x`` to the anchor of their box or house."""
    r = 0
    for mask, s in parts:
        r |= (x & mask) >> s
    return r


def _propagate(t: _Tables, C: int, P: int, new: int) -> tuple[int, int] | None:
    """Place the candidate bits ``new`` and every single and locked-candidate elimination they lead
    to, any box shape. Returns the new ``(C, P)``, or None on a contradiction."""
    cw, n, full, peer = t.cw, t.n, t.full, t.peer
    guard, low = t.guard, t.low
    hseg, vseg, row, col = t.hseg, t.vseg, t.row, t.col
    row_a, col_a, box_a = t.row_a, t.col_a, t.box_a
    while True:
        P |= new
        placed = new
        while new:
            i = new.bit_length() - 1
            bit = 1 << i
            new ^= bit
            c, d = divmod(i, cw)
            C &= ~((peer[c] << d) | ((full << (i - d)) ^ bit))
        if C & placed != placed:
            return None  # two singles clashed
        y = (C | guard) - low
        if y & guard != guard:
            return None  # a cell without candidates
        s = guard & ~(((C & y) | guard) - low)
        new = (s - (s >> n)) & C & ~P
        if new:
            continue  # naked singles first: they are the cheapest to find
        ho, ht = _fold(C, 0, hseg)
        ro, rt = _fold(ho, ht, row)
        bo, bt = _fold(ho, ht, vseg)
        vo, vt = _fold(C, 0, vseg)
        co, ct = _fold(vo, vt, col)
        if ro & row_a != row_a or co & col_a != col_a or bo & box_a != box_a:
            return None  # a digit without a place in some house
        hs = ro & row_a & ~rt
        if hs:
            new = _smear(_smear(hs, row), hseg)
        hs = bo & box_a & ~bt
        if hs:
            new |= _smear(_smear(hs, vseg), hseg)
        hs = co & col_a & ~ct
        if hs:
            new |= _smear(_smear(hs, col), vseg)
        if t.extra:
            for offsets in t.extra:  # a variant's other houses, one at a time
                o = u = 0
                for at in offsets:
                    x = (C >> at) & full
                    u |= o & x
                    o |= x
                if o != full:
                    return None  # a digit without a place in this house
                one = o & ~u
                if one:
                    for at in offsets:
                        x = (C >> at) & one
                        if x:
                            new |= x << at
        new &= C & ~P
        if new:
            continue
        if t.cages:
            # Cage-sum masks: the combinations still possible hold every digit placed in the cage and
            # otherwise only candidates of its open cells; its open cells keep only the digits of those.
            # A digit that every such combination needs and only one open cell can take goes there.
            elim = 0
            for offsets, combos in t.cages:
                placed = opened = twice = 0
                for at in offsets:
                    x = (C >> at) & full
                    if (P >> at) & full:
                        placed |= x
                    else:
                        twice |= opened & x
                        opened |= x
                allowed = 0
                needed = full
                within = placed | opened
                for k in combos:
                    if k & placed == placed and k & within == k:
                        allowed |= k
                        needed &= k
                if not allowed:
                    return None  # no combination fits: a wrong sum, or a digit missing
                drop = full & ~allowed
                once = needed & opened & ~twice
                if drop & opened or once:
                    for at in offsets:
                        if not (P >> at) & full:
                            elim |= drop << at
                            new |= ((C >> at) & once) << at
            if new:
                continue
            if elim & C:
                C &= ~elim
                continue
        if not t.locked:
            return C, P
        # Locked candidates. Segment anchors that hold the digit somewhere in the segment:
        elim = 0
        hsa = ho & t.hseg_a
        o, u = _fold(hsa, 0, row)  # claiming: a row's digit (in 2+ cells) lies in one box
        e = o & ~u & rt & row_a
        if e:
            x = _smear(e, row) & hsa
            y = _smear(_gather(x, t.hseg_to_box), vseg) ^ x
            elim = _smear(y, hseg)
        o, u = _fold(hsa, 0, vseg)  # pointing: a box's digit lies in one row
        e = o & ~u & bt & box_a
        if e:
            x = _smear(e, vseg) & hsa
            y = _smear(_gather(x, t.hseg_to_row), row) ^ x
            elim |= _smear(y, hseg)
        vsa = vo & t.vseg_a
        o, u = _fold(vsa, 0, col)  # claiming: a column's digit lies in one box
        e = o & ~u & ct & col_a
        if e:
            x = _smear(e, col) & vsa
            y = _smear(_gather(x, t.vseg_to_box), hseg) ^ x
            elim |= _smear(y, vseg)
        o, u = _fold(vsa, 0, hseg)  # pointing: a box's digit lies in one column
        e = o & ~u & bt & box_a
        if e:
            x = _smear(e, hseg) & vsa
            y = _smear(_gather(x, t.vseg_to_col), col) ^ x
            elim |= _smear(y, vseg)
        if not elim & C:
            return C, P
        C &= ~elim


def _propagate9(t: _Tables, C: int, P: int, new: int) -> tuple[int, int] | None:
    """:func:`_propagate` unrolled for 3x3 boxes (10-bit cells, 90-bit rows), with the placement
    table. Same rules, same order, same results."""
    k9 = t.k9
    assert k9 is not None, "_propagate9 runs only on 3x3 boxes, whose tables have k9"
    keep, bits, ROWA, COLA, BOXA, HSA, VSA, ROWSP, BOXSP, h2b, h2r, v2b, v2c = k9
    (hb0, _), (hb1, hbs1), (hb2, hbs2) = h2b
    (hr0, _), (hr1, hrs1), (hr2, hrs2) = h2r
    (vb0, _), (vb1, vbs1), (vb2, vbs2) = v2b
    (vc0, _), (vc1, vcs1), (vc2, vcs2) = v2c
    G, L = t.guard, t.low
    while True:
        P |= new
        placed = new
        while new:
            i = new.bit_length()
            new ^= bits[i]
            C &= keep[i]
        if C & placed != placed:
            return None
        y = (C | G) - L
        if y & G != G:
            return None
        s = G & ~(((C & y) | G) - L)
        new = (s - (s >> 9)) & C & ~P
        if new:
            continue
        # h-segments: 3 cells, 10 bits apart
        a = C >> 10
        b = C >> 20
        x = C | a
        ho = x | b
        ht = (C & a) | (b & x)
        # rows: 3 h-segments, 30 bits apart
        a = ho >> 30
        b = ho >> 60
        x = ho | a
        ro = x | b
        rt = ht | (ht >> 30) | (ht >> 60) | (ho & a) | (b & x)
        if ro & ROWA != ROWA:
            return None
        hs = ro & ROWA & ~rt
        if hs:
            new = (hs * ROWSP) & C
        # boxes: 3 h-segments, 90 bits apart
        a = ho >> 90
        b = ho >> 180
        x = ho | a
        bo = x | b
        bt = ht | (ht >> 90) | (ht >> 180) | (ho & a) | (b & x)
        if bo & BOXA != BOXA:
            return None
        hs = bo & BOXA & ~bt
        if hs:
            new |= (hs * BOXSP) & C
        # v-segments (3 cells, 90 bits apart), then columns (3 v-segments, 270 bits apart)
        a = C >> 90
        b = C >> 180
        x = C | a
        vo = x | b
        vt = (C & a) | (b & x)
        a = vo >> 270
        b = vo >> 540
        x = vo | a
        co = x | b
        ct = vt | (vt >> 270) | (vt >> 540) | (vo & a) | (b & x)
        if co & COLA != COLA:
            return None
        hs = co & COLA & ~ct
        if hs:
            hs |= (hs << 90) | (hs << 180)
            new |= (hs | (hs << 270) | (hs << 540)) & C
        new &= ~P
        if new:
            continue
        elim = 0
        hsa = ho & HSA
        # claiming from rows
        a = hsa >> 30
        b = hsa >> 60
        x = hsa | a
        e = (x | b) & ~((hsa & a) | (b & x)) & rt & ROWA
        if e:
            x = (e | (e << 30) | (e << 60)) & hsa
            y = (x & hb0) | ((x & hb1) >> hbs1) | ((x & hb2) >> hbs2)
            y = (y | (y << 90) | (y << 180)) ^ x
            elim = y | (y << 10) | (y << 20)
        # pointing from boxes along rows
        a = hsa >> 90
        b = hsa >> 180
        x = hsa | a
        e = (x | b) & ~((hsa & a) | (b & x)) & bt & BOXA
        if e:
            x = (e | (e << 90) | (e << 180)) & hsa
            y = (x & hr0) | ((x & hr1) >> hrs1) | ((x & hr2) >> hrs2)
            y = (y | (y << 30) | (y << 60)) ^ x
            elim |= y | (y << 10) | (y << 20)
        vsa = vo & VSA
        # claiming from columns
        a = vsa >> 270
        b = vsa >> 540
        x = vsa | a
        e = (x | b) & ~((vsa & a) | (b & x)) & ct & COLA
        if e:
            x = (e | (e << 270) | (e << 540)) & vsa
            y = (x & vb0) | ((x & vb1) >> vbs1) | ((x & vb2) >> vbs2)
            y = (y | (y << 10) | (y << 20)) ^ x
            elim |= y | (y << 90) | (y << 180)
        # pointing from boxes along columns
        a = vsa >> 10
        b = vsa >> 20
        x = vsa | a
        e = (x | b) & ~((vsa & a) | (b & x)) & bt & BOXA
        if e:
            x = (e | (e << 10) | (e << 20)) & vsa
            y = (x & vc0) | ((x & vc1) >> vcs1) | ((x & vc2) >> vcs2)
            y = (y | (y << 270) | (y << 540)) ^ x
            elim |= y | (y << 90) | (y << 180)
        if not elim & C:
            return C, P
        C &= ~elim


def _branch_cell(t: _Tables, C: int, P: int) -> int:
    """The open cell to branch on, -1 when every cell is placed.

    Fewest candidates first; among cells with two (nearly always some), the one whose open peers
    hold the most candidates, counting twice those that are in bivalue peers and share a digit
    with the cell (first in reading order on ties).
    """
    G, L, cw, full = t.guard, t.low, t.cw, t.full
    y = (C | G) - L
    m = C & y  # every cell without its lowest candidate
    if not m:
        return -1
    y = (m | G) - L
    k = m & y  # ... without its two lowest
    hit = G & ~((k | G) - L) & y  # guard bits of the cells with exactly two candidates
    if not hit:
        while True:
            y = (k | G) - L
            k2 = k & y
            hit = G & ~((k2 | G) - L) & y
            if hit:
                return ((hit & -hit).bit_length() - 1) // cw
            k = k2
    peer, peer_all = t.peer, t.peer_all
    O = C & ~P
    bivalue = O & (hit - (hit >> t.n))
    best = -1
    cell = -1
    while hit:  # highest cell first; ">=" keeps the first in reading order on ties
        i = hit.bit_length() - cw
        hit ^= 1 << (i + cw - 1)
        c = i // cw
        score = (O & peer_all[c]).bit_count() + 2 * (bivalue & (peer[c] * ((C >> i) & full))).bit_count()
        if score >= best:
            best = score
            cell = c
    return cell


def _digits(t: _Tables, C: int) -> list[int]:
    cw, full = t.cw, t.full
    return [((C >> (c * cw)) & full).bit_length() for c in range(t.ncells)]


#: A propagator (:func:`_propagate` or :func:`_propagate9`): ``(tables, C, P, new)`` -> the position
#: after placing ``new`` and propagating, or None on a contradiction.
_Propagator = Callable[[_Tables, int, int, int], tuple[int, int] | None]


def _setup(geo: Geometry, cells: list[int]) -> tuple[_Tables, _Propagator, int, tuple[int, int] | None]:
    """Tables, the propagator for this shape, the givens' bits and the root position (None if the
    givens clash)."""
    t = _tables(geo)
    prop: _Propagator = _propagate9 if t.k9 is not None else _propagate
    cw = t.cw
    givens = 0
    for c, v in enumerate(cells):
        if v:
            givens |= 1 << (c * cw + v - 1)
    return t, prop, givens, prop(t, t.start, 0, givens)


def solve_fast(geo: Geometry, cells: list[int], limit: int, node_limit: int | None) -> Search:
    return run(search_work(geo, cells, limit, node_limit))


def search_work(geo: Geometry, cells: list[int], limit: int, node_limit: int | None,
                every: int | None = None) -> Generator[None, None, Search]:
    """:func:`solve_fast` as resumable work: it yields after every ``every`` nodes (never when None), so a
    search of thousands of nodes is many small units of a job, and returns the same :class:`Search`."""
    t, prop, _, root = _setup(geo, cells)
    stats = {"nodes": 1, "guesses": 0, "max_depth": 0}
    if root is None:
        return Search([], stats)
    C, P = root
    c = _branch_cell(t, C, P)
    if c < 0:
        return Search([_digits(t, C)], stats)
    solutions: list[list[int]] = []
    cw, full = t.cw, t.full
    budget = node_limit if node_limit is not None else -1
    nodes = 1
    stop = next_stop(nodes, budget, every)  # the budget, or the next pause before it
    guesses = 0
    max_depth = 1
    # Each frame: [C, P, cell, untried candidate bits of the cell, depth]. A position is two
    # integers, so a child costs no copy. A frame leaves the stack when its last digit is tried,
    # hence the depth kept in the frame rather than read off the stack's length.
    stack = [[C, P, c, (C >> (c * cw)) & full, 1]]
    while stack:
        frame = stack[-1]
        rem = frame[3]
        bit = rem & -rem
        rem ^= bit
        if nodes == stop:
            if stop == budget:
                stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth)
                return Search(solutions, stats, gave_up=True)
            yield
            stop = next_stop(nodes, budget, every)
        nodes += 1
        guesses += 1
        if rem:
            frame[3] = rem
        else:
            stack.pop()
        r = prop(t, frame[0], frame[1], bit << (frame[2] * cw))
        if r is None:
            continue
        C, P = r
        c = _branch_cell(t, C, P)
        if c < 0:
            solutions.append(_digits(t, C))
            if len(solutions) >= limit:
                break
            continue
        depth = frame[4] + 1
        stack.append([C, P, c, (C >> (c * cw)) & full, depth])
        if depth > max_depth:
            max_depth = depth
    stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth)
    return Search(solutions, stats)


def _filled(t: _Tables, before: int, after: int, skip: int) -> tuple[tuple[int, int], ...]:
    """``(cell, digit)`` for every cell placed in ``after`` but not in ``before`` (placed-bit sets),
    in reading order, except ``skip``."""
    out = []
    new = after & ~before
    while new:
        bit = new & -new
        new ^= bit
        c, d = divmod(bit.bit_length() - 1, t.cw)
        if c != skip:
            out.append((c, d + 1))
    return tuple(out)


def solve_recursive(geo: Geometry, cells: list[int], limit: int, node_limit: int | None,
                    trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT) -> Search:
    """``trace``, when a list, receives the search's events for the algorithm lab, at most ``trace_limit``
    of them: ``("fill", ((cell, digit), ...))`` for what the givens force, then per node ``("choose",
    cell, k)``, ``("try", cell, digit)``, ``("fill", ...)`` for what the try forced, ``("undo", cell,
    digit)``, ``("backtrack", cell)`` and ``("solution",)``, as in :mod:`.exact_cover`'s traces."""
    t, prop, givens, root = _setup(geo, cells)
    stats = {"nodes": 1, "guesses": 0, "max_depth": 0}
    solutions: list[list[int]] = []
    if root is None:
        return Search(solutions, stats)
    cw, full = t.cw, t.full
    tracing = trace is not None
    note = trace_note(trace, trace_limit)

    def note_fills(before: int, after: int, skip: int) -> None:
        filled = _filled(t, before, after, skip)
        if filled:
            note(("fill", filled))

    if tracing:
        note_fills(givens, root[1], -1)

    def search(C: int, P: int, depth: int) -> bool:
        """Explore the position; True when the search must stop (limit reached)."""
        cell = _branch_cell(t, C, P)
        if cell < 0:
            solutions.append(_digits(t, C))
            if tracing:
                note(("solution",))
            return len(solutions) >= limit
        stats["max_depth"] = max(stats["max_depth"], depth + 1)
        rem = (C >> (cell * cw)) & full
        if tracing:
            note(("choose", cell, rem.bit_count()))
        while rem:
            bit = rem & -rem
            rem ^= bit
            if stats["nodes"] == node_limit:
                raise _Budget
            stats["nodes"] += 1
            stats["guesses"] += 1
            child = prop(t, C, P, bit << (cell * cw))
            if not tracing:
                if child is not None and search(*child, depth + 1):
                    return True
                continue
            digit = bit.bit_length()
            note(("try", cell, digit))
            if child is not None:
                note_fills(P, child[1], cell)
                if search(*child, depth + 1):
                    return True
            note(("undo", cell, digit))
        if tracing:
            note(("backtrack", cell))
        return False

    try:
        search(*root, 0)
    except _Budget:
        return Search(solutions, stats, gave_up=True)
    return Search(solutions, stats)
