"""Uniqueness techniques: Unique Rectangle types 1-6, Hidden Rectangle, BUG+1.

They rest on the puzzle having exactly one solution, so the solver only calls them once that is proven
(``state.unique`` is True). A *deadly pattern* is four empty cells at the corners of a rectangle, in two
rows, two columns and exactly two boxes, all with candidates {a, b}: if they held only a and b, the two
ways of placing them would give two solutions. So at least one corner holds something else.

* Type 1: three corners are exactly {a,b}: a and b leave the fourth.
* Type 2: two corners (the floor) are {a,b}, the other two (the roof) are {a,b,c}: one roof cell holds c,
  so a cell seeing both roof cells loses c.
* Type 3: the roof's extra digits act as one cell; with k-1 other cells of a house both roof cells share
  they form a naked subset of k digits, which leave the rest of the house (any k the house allows, up to
  :data:`MAX_TYPE3_CELLS` other cells).
* Type 4: the roof cells share a house where a is only in the roof: one of them is a, so neither is b.
* Type 5: the corners that are not exactly {a,b} are {a,b,c} with the same one extra digit c, two of
  them diagonal or three of them: one of them holds c, so a cell seeing all of them loses c.
* Type 6: two diagonal corners are exactly {a,b}; a is, in both rows and both columns of the rectangle,
  only in its corners. If one of the other two corners were a, the X-Wing would make the other one a
  too and both bivalue corners b: the deadly pattern. So those two corners lose a.
* Hidden Rectangle: a bivalue corner {a,b}; in both lines through the opposite corner, b is only in the
  rectangle. Then the opposite corner cannot be a (it would force the deadly pattern). This holds even
  when the opposite corner itself holds only a and b, and when a corner beside the bivalue one has lost a
  (the proof makes both of them b).
* BUG+1: every empty cell but one is bivalue and every digit is twice in each house except one digit of
  the trivalue cell, three times in its houses. Unless that cell takes that digit the grid would be a
  "bivalue universal grave", with two solutions: place it.

Only empty cells take part, so digits entered by the player never form a corner.

On a variant the pattern is deadly only when swapping its two digits keeps every constraint: each house
(rows, columns, boxes or Jigsaw regions, diagonals, windows) and each Killer cage must hold none of the
corners or exactly two that share a row or a column (one of each digit, which swap; a cage then keeps its
sum). :func:`swap_keeps` checks that on the geometry, and every rectangle finder asks it, so a diagonal, a
window or a cage through one corner (or two opposite ones) silences the pattern. On a classic grid two
boxes are enough. BUG+1 counts the digits in every house the geometry has, the extra ones too (the
argument, each cell taking its other digit, then keeps every house); it stays off on a Killer, where that
change of every open cell may break a cage's sum (``VARIANT_UNSAFE``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..candidates import State, bits
from ..grid import Geometry
from ..step import Cand, Step


def swap_keeps(geo: Geometry, corners: tuple[int, int, int, int]) -> bool:
    """Whether swapping the two digits of a rectangle ``(x, y1, y2, z)`` (x and z opposite) keeps every
    house and cage of ``geo``: each holds none of the corners or two of them in one row or column. Rows
    and columns always do; on a classic grid, so do the two boxes the finders require."""
    if geo.variant == "classic":
        return True
    x, _y1, _y2, z = corners
    held: dict[tuple[bool, int], list[int]] = {}
    for c in corners:
        for h in geo.cell_houses[c][2:]:
            held.setdefault((False, h), []).append(c)
        if geo.cage_of is not None and geo.cage_of[c] >= 0:
            held.setdefault((True, geo.cage_of[c]), []).append(c)
    # two corners share a row or a column unless they are opposite: x with z, or y1 with y2
    return all(len(cs) == 2 and (x in cs) != (z in cs) for cs in held.values())


def _rectangles(state: State) -> Iterator[tuple[tuple[int, int, int, int], int, int]]:
    """``(corners, a, b)`` for each rectangle of empty cells in two boxes with a bivalue corner whose
    two digits every corner holds. Corners are ``(x, y1, y2, z)``: x bivalue, y1 shares x's row, y2
    its column, z is opposite x. Each rectangle once per bivalue corner."""
    n, cand, box_of = state.geo.n, state.cand, state.t.box_of
    for x, m in enumerate(cand):
        if not m or m.bit_count() != 2:
            continue
        r, c = divmod(x, n)
        for c2 in range(n):
            y1 = r * n + c2
            if c2 == c or cand[y1] & m != m:
                continue
            for r2 in range(n):
                y2 = r2 * n + c
                z = r2 * n + c2
                if r2 == r or cand[y2] & m != m or cand[z] & m != m:
                    continue
                if len({box_of[x], box_of[y1], box_of[y2], box_of[z]}) != 2 or \
                        not swap_keeps(state.geo, (x, y1, y2, z)):
                    continue
                a, b = bits(m)
                yield (x, y1, y2, z), a, b


def _ur_step(tech: str, corners: tuple[int, ...], a: int, b: int, elims: Iterable[Cand] = (),
             placements: tuple[Cand, ...] = (), extra: Iterable[Cand] = (), variant: str = "") -> Step:
    return Step(tech, eliminations=tuple(sorted(set(elims))), placements=placements, cells=corners,
                candidates=tuple((c, d) for c in corners for d in (a, b)), digits=(a, b),
                groups=(("roof", tuple(extra)),) if extra else (), variant=variant)


def _floor_roof(state: State, corners: tuple[int, ...], m: int) -> tuple[list[int], list[int]]:
    cand = state.cand
    floor = [c for c in corners if cand[c] == m]
    roof = [c for c in corners if cand[c] != m]
    return floor, roof


def _two_roof(state: State) -> Iterator[tuple[tuple[int, int, int, int], int, int, int, list[int]]]:
    """The rectangles whose floor is two corners holding only the pair and whose roof is the other
    two (the shape of UR types 2-4), once each: ``(corners, a, b, pair mask, roof)``."""
    for corners, a, b in _rectangles(state):
        m = (1 << a) | (1 << b)
        floor, roof = _floor_roof(state, corners, m)
        if len(roof) == 2 and corners[0] == min(floor):
            yield corners, a, b, m, roof


def find_ur_type1(state: State) -> Iterator[Step]:
    cand = state.cand
    for corners, a, b in _rectangles(state):
        m = (1 << a) | (1 << b)
        floor, roof = _floor_roof(state, corners, m)
        if len(roof) == 1 and corners[0] == min(floor):
            t = roof[0]
            yield _ur_step("unique_rectangle_1", corners, a, b, [(t, d) for d in (a, b) if cand[t] >> d & 1],
                           variant="type 1")


def find_ur_type2(state: State) -> Iterator[Step]:
    cand, pb, where = state.cand, state.t.peer_bits, state.where
    for corners, a, b, m, roof in _two_roof(state):
        extra = cand[roof[0]] & ~m
        if extra.bit_count() != 1 or cand[roof[1]] & ~m != extra:
            continue
        e = extra.bit_length() - 1
        elim = where[e] & pb[roof[0]] & pb[roof[1]]
        if elim:
            yield _ur_step("unique_rectangle_2", corners, a, b, [(c, e) for c in bits(elim)],
                           extra=[(roof[0], e), (roof[1], e)], variant="type 2")


#: Most other cells a UR type 3 subset takes (a bound on the search for big grids; 9x9 never reaches it).
MAX_TYPE3_CELLS = 7


def _naked_with(cand: Sequence[int], others: Sequence[int], extra: int,
                limit: int) -> list[tuple[tuple[int, ...], int]]:
    """Subsets of ``others`` (cell indices, in order) of 1..``limit`` cells whose candidates with the
    mask ``extra`` make one more digit than cells: ``(cells, digits mask)``, smallest first."""
    found: list[tuple[tuple[int, ...], int]] = []

    def grow(start: int, chosen: tuple[int, ...], digits: int) -> None:
        for i in range(start, len(others)):
            c = others[i]
            m = digits | cand[c]
            k = len(chosen) + 1
            if m.bit_count() > limit + 1:
                continue  # a union only grows: no subset of ``limit`` cells can hold it
            if m.bit_count() == k + 1:
                found.append(((*chosen, c), m))
            if k < limit:
                grow(i + 1, (*chosen, c), m)

    grow(0, (), extra)
    found.sort(key=lambda f: (len(f[0]), f[0]))
    return found


def find_ur_type3(state: State) -> Iterator[Step]:
    cand, geo = state.cand, state.geo
    for corners, a, b, m, roof in _two_roof(state):
        r1, r2 = roof
        extra = (cand[r1] | cand[r2]) & ~m
        shared = set(geo.cell_houses[r1]) & set(geo.cell_houses[r2])
        for h in sorted(shared):
            others = [c for c in geo.houses[h] if cand[c] and c not in roof]
            limit = min(MAX_TYPE3_CELLS, len(others) - 1)
            if limit < 1 or extra.bit_count() > limit + 1:
                continue
            for subset, digits in _naked_with(cand, others, extra, limit):
                elims = [(c, d) for c in others if c not in subset for d in bits(cand[c] & digits)]
                if elims:
                    yield Step("unique_rectangle_3", eliminations=tuple(sorted(elims)), cells=corners,
                               candidates=tuple((c, d) for c in corners for d in (a, b)), houses=(h,),
                               digits=(a, b), variant="type 3",
                               groups=(("roof", tuple((c, d) for c in roof for d in bits(cand[c] & ~m))),
                                       ("subset", tuple((c, d) for c in subset for d in bits(cand[c])))))


def find_ur_type4(state: State) -> Iterator[Step]:
    geo, cand = state.geo, state.cand
    for corners, a, b, _m, roof in _two_roof(state):
        r1, r2 = roof
        roof_bits = (1 << r1) | (1 << r2)
        for h in sorted(set(geo.cell_houses[r1]) & set(geo.cell_houses[r2])):
            for u, v in ((a, b), (b, a)):
                if state.cells_of(h, u) == roof_bits:
                    elims = [(c, v) for c in roof if cand[c] >> v & 1]
                    yield Step("unique_rectangle_4", eliminations=tuple(elims), cells=corners,
                               candidates=tuple((c, d) for c in corners for d in (a, b)), houses=(h,),
                               digits=(u, v), variant="type 4",
                               links=((((r1, u),), ((r2, u),), True),))


def find_ur_type5(state: State) -> Iterator[Step]:
    cand, pb, where, n = state.cand, state.t.peer_bits, state.where, state.geo.n
    for corners, a, b in _rectangles(state):
        m = (1 << a) | (1 << b)
        floor, roof = _floor_roof(state, corners, m)
        if corners[0] != min(floor) or len(roof) < 2:
            continue
        extra = cand[roof[0]] & ~m
        if extra.bit_count() != 1 or any(cand[c] & ~m != extra for c in roof):
            continue
        if len(roof) == 2 and (roof[0] // n == roof[1] // n or roof[0] % n == roof[1] % n):
            continue  # two roof cells in a line: that is type 2
        e = extra.bit_length() - 1
        elim = where[e]
        for c in roof:
            elim &= pb[c]
        if elim:
            yield _ur_step("unique_rectangle_5", corners, a, b, [(c, e) for c in bits(elim)],
                           extra=[(c, e) for c in roof], variant="type 5")


def find_ur_type6(state: State) -> Iterator[Step]:
    cand, n = state.cand, state.geo.n
    for corners, a, b in _rectangles(state):
        x, y1, y2, z = corners
        m = (1 << a) | (1 << b)
        if cand[z] != m or x > z or cand[y1] == m or cand[y2] == m:
            continue  # the floor is the diagonal x, z (once: x the smaller); the other two have extras
        rect = (1 << x) | (1 << y1) | (1 << y2) | (1 << z)
        lines = (x // n, z // n, n + x % n, n + z % n)
        for u, v in ((a, b), (b, a)):
            if all(state.cells_of(h, u) & ~rect == 0 for h in lines):
                yield Step("unique_rectangle_6", eliminations=((min(y1, y2), u), (max(y1, y2), u)),
                           cells=corners, candidates=tuple((c, d) for c in corners for d in (a, b)),
                           houses=lines, digits=(u, v), variant="type 6",
                           links=((((x, u),), ((y1, u),), True), (((x, u),), ((y2, u),), True),
                                  (((z, u),), ((y1, u),), True), (((z, u),), ((y2, u),), True)))


def find_hidden_rectangle(state: State) -> Iterator[Step]:
    # Its own walk: the corners beside the bivalue one need only hold u (the pattern's proof forces them
    # to u and never asks whether they could be v), so they may miss v, which _rectangles would reject.
    n, cand, box_of = state.geo.n, state.cand, state.t.box_of
    for x, m in enumerate(cand):
        if not m or m.bit_count() != 2:
            continue
        r, c = divmod(x, n)
        for u, v in _orders(m):
            for r2 in range(n):
                if r2 == r:
                    continue
                y2 = r2 * n + c
                if not cand[y2] >> u & 1:
                    continue
                for c2 in range(n):
                    z = r2 * n + c2
                    if c2 == c or cand[z] & m != m:
                        continue
                    y1 = r * n + c2
                    if not cand[y1] >> u & 1 or len({box_of[x], box_of[y1], box_of[y2], box_of[z]}) != 2 or \
                            not swap_keeps(state.geo, (x, y1, y2, z)):
                        continue
                    if state.cells_of(r2, u) == (1 << z) | (1 << y2) and \
                            state.cells_of(n + c2, u) == (1 << z) | (1 << y1):
                        corners = (x, y1, y2, z)
                        yield Step("hidden_rectangle", eliminations=((z, v),), cells=corners,
                                   candidates=tuple((k, d) for k in corners for d in (u, v) if cand[k] >> d & 1),
                                   houses=(r2, n + c2), digits=(u, v), variant="hidden",
                                   links=((((z, u),), ((y2, u),), True), (((z, u),), ((y1, u),), True)))


def _orders(m: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two orders ``(u, v)`` of the two digits of mask ``m``."""
    a, b = bits(m)
    return ((a, b), (b, a))


def find_bug_plus_1(state: State) -> Iterator[Step]:
    cand, geo, n = state.cand, state.geo, state.geo.n
    tri = None
    for c, m in enumerate(cand):
        k = m.bit_count()
        if k > 3 or (k == 3 and tri is not None) or k == 1:
            return
        if k == 3:
            tri = c
    if tri is None:
        return
    hs = geo.cell_houses[tri]
    extra = [d for d in bits(cand[tri]) if state.cells_of(hs[0], d).bit_count() == 3]
    if len(extra) != 1:
        return
    e = extra[0]
    for h in range(len(geo.houses)):
        for d in range(1, n + 1):
            k = state.cells_of(h, d).bit_count()
            if (k not in (0, 2) or (d == e and h in hs)) and not (k == 3 and d == e and h in hs):
                return  # e three times in each house of the cell (a classic grid's parity ensures it)
    yield Step("bug_plus_1", placements=((tri, e),), cells=(tri,), candidates=((tri, e),), digits=(e,))
