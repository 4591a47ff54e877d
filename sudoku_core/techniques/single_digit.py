"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.

All rest on *strong links*: a house with exactly two places for a digit (one of them holds it).

* Turbot Fish (the general form): two strong links x-b1 and b2-y whose inner ends b1, b2 see each
  other (a weak link). If x is false, b1 is true, b2 is false, y is true: one of x, y holds the digit,
  so any cell seeing both loses it. It is a *Skyscraper* when both strong links are rows (or both
  columns) and the inner ends share a column (row); a *2-String Kite* when one is a row, the other a
  column and the inner ends share a box; else it is reported as a Turbot Fish.
* Empty Rectangle: in a box the digit lies on one row r and one column c only (not all on one line).
  With a strong link in a column outside the box with one end on row r, the cell on column c and the
  other end's row cannot hold the digit (it would leave the box empty); likewise with rows and columns
  swapped.

Like the fish, every pattern on digit d depends only on the cell set ``state.where[d]``, so the search is
memoised on ``(geometry, cell set)`` (a bounded cache of a pure function).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..candidates import State, _shape, bits, tables
from ..grid import Geometry, geometry
from ..step import Step


def strong_links(geo: Geometry, wd: int) -> list[tuple[int, int, int]]:
    """``(a, b, house)`` for every house with exactly two places in the cell set ``wd`` (a < b)."""
    links = []
    for h, hb in enumerate(tables(geo).house_bits):
        p = wd & hb
        if p and p.bit_count() == 2:
            a = (p & -p).bit_length() - 1
            links.append((a, p.bit_length() - 1, h))
    return links


@lru_cache(maxsize=1 << 13)
def _turbots(shape: tuple[int, int], wd: int) -> tuple:
    """``(kind, x, b1, b2, y, h1, h2, eliminated cells)`` for every two-strong-link pattern."""
    geo = geometry(*shape)
    t = tables(geo)
    n = geo.n
    peer_bits = t.peer_bits
    links = strong_links(geo, wd)
    found = []
    seen = set()
    for i, (a1, b1_, h1) in enumerate(links):
        for a2, b2_, h2 in links[i + 1:]:
            if len({a1, b1_, a2, b2_}) < 4:
                continue
            for x, b1 in ((a1, b1_), (b1_, a1)):
                for y, b2 in ((a2, b2_), (b2_, a2)):
                    if not peer_bits[b1] >> b2 & 1:
                        continue
                    elim = wd & peer_bits[x] & peer_bits[y]
                    if not elim:
                        continue
                    key = (min(x, y), max(x, y), elim)
                    if key in seen:
                        continue
                    seen.add(key)
                    k1, k2 = h1 // n, h2 // n
                    if k1 == k2 and k1 < 2 and t.cell_houses_kind(b1, b2, 1 - k1):
                        kind = "skyscraper"
                    elif {k1, k2} == {0, 1} and t.box_of[b1] == t.box_of[b2]:
                        kind = "two_string_kite"
                    else:
                        kind = "turbot_fish"
                    found.append((kind, x, b1, b2, y, h1, h2, tuple(bits(elim))))
    return tuple(found)


def _turbot_steps(state: State, kind: str) -> Iterator[Step]:
    where, n = state.where, state.geo.n
    for d in range(1, n + 1):
        if not where[d]:
            continue
        for k, x, b1, b2, y, h1, h2, elims in _turbots(_shape(state.geo), where[d]):
            if k != kind:
                continue
            cells = (x, b1, b2, y)
            yield Step(kind, eliminations=tuple((c, d) for c in elims), cells=cells,
                       candidates=tuple((c, d) for c in cells), houses=(h1, h2), digits=(d,),
                       links=((((x, d),), ((b1, d),), True), (((b1, d),), ((b2, d),), False),
                              (((b2, d),), ((y, d),), True)))


def find_skyscraper(state: State) -> Iterator[Step]:
    return _turbot_steps(state, "skyscraper")


def find_two_string_kite(state: State) -> Iterator[Step]:
    return _turbot_steps(state, "two_string_kite")


def find_turbot_fish(state: State) -> Iterator[Step]:
    return _turbot_steps(state, "turbot_fish")


@lru_cache(maxsize=1 << 13)
def _empty_rectangles(shape: tuple[int, int], wd: int) -> tuple:
    """``(box, row, col, link end in the ER line, other end, target)`` for every Empty Rectangle."""
    geo = geometry(*shape)
    t = tables(geo)
    n = geo.n
    hb = t.house_bits
    found = []
    links = strong_links(geo, wd)
    for b in range(2 * n, 3 * n):
        p = wd & hb[b]
        if p.bit_count() < 2:
            continue
        box_cells = geo.houses[b]
        box_rows = sorted({c // n for c in box_cells})
        box_cols = sorted({c % n for c in box_cells})
        for r in box_rows:
            for c in box_cols:
                row_part, col_part = p & hb[r], p & hb[n + c]
                if p & ~(row_part | col_part):
                    continue
                if not p & ~hb[r] or not p & ~hb[n + c]:
                    continue  # all on one line: that is a pointing pattern, not an ER
                for a, e, h in links:
                    if h < n or h >= 2 * n:
                        # Row link outside the box's rows: one end on column c, target (r, other col).
                        if h >= n or h in box_rows:
                            continue
                        for end, other in ((a, e), (e, a)):
                            if end % n == c and other % n not in box_cols:
                                target = r * n + other % n
                                if wd >> target & 1:
                                    found.append((b, r, c, end, other, target))
                    else:
                        col = h - n
                        if col in box_cols:
                            continue
                        for end, other in ((a, e), (e, a)):
                            if end // n == r and other // n not in box_rows:
                                target = (other // n) * n + c
                                if wd >> target & 1:
                                    found.append((b, r, c, end, other, target))
    return tuple(found)


def find_empty_rectangle(state: State) -> Iterator[Step]:
    where, n, hb = state.where, state.geo.n, state.t.house_bits
    for d in range(1, n + 1):
        if not where[d]:
            continue
        for b, r, c, end, other, target in _empty_rectangles(_shape(state.geo), where[d]):
            box_cands = tuple(bits(where[d] & hb[b]))
            yield Step("empty_rectangle", eliminations=((target, d),), cells=(*box_cands, end, other),
                       candidates=tuple((x, d) for x in (*box_cands, end, other)), houses=(b,),
                       cover=(r, n + c), digits=(d,), links=((((end, d),), ((other, d),), True),),
                       groups=(("link", ((end, d), (other, d))),))
