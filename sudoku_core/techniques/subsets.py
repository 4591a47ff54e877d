"""Subsets: naked and hidden pairs, triples and quads.

* naked subset of size k: k cells of a house whose candidates together are k digits; those digits
  leave the other cells of the house (and of a second house the k cells share, e.g. a pair in a
  box-line crossing, a "locked pair");
* hidden subset of size k: k digits of a house that fit only in the same k cells; the other
  candidates leave those cells.

Cells with a single candidate are left to the singles, and digits already placed are skipped, so a
subset is always a real k-subset.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..candidates import State, bits
from ..step import Step

NAMES = {(True, 2): "naked_pair", (True, 3): "naked_triple", (True, 4): "naked_quad",
         (False, 2): "hidden_pair", (False, 3): "hidden_triple", (False, 4): "hidden_quad"}


def _house_order(geo):
    """Rows, columns, boxes, then a variant's extra houses (diagonals, windows)."""
    return range(len(geo.houses))


def _naked(state: State, k: int) -> Iterator[Step]:
    geo, cand = state.geo, state.cand
    tech = NAMES[True, k]
    for h in _house_order(geo):
        cells = [c for c in geo.houses[h] if cand[c] and cand[c].bit_count() <= k and cand[c].bit_count() >= 2]
        if len(cells) < k:
            continue
        empties = sum(1 for c in geo.houses[h] if cand[c])
        if empties <= k:  # the subset would be the whole rest of the house: nothing to remove
            continue
        for combo in combinations(cells, k):
            m = 0
            for c in combo:
                m |= cand[c]
            if m.bit_count() != k:
                continue
            # Every house the k cells share loses the digits (a locked pair/triple hits two houses).
            shared = set(geo.cell_houses[combo[0]])
            for c in combo[1:]:
                shared &= set(geo.cell_houses[c])
            elims: list[tuple[int, int]] = []
            for sh in sorted(shared):
                for c in geo.houses[sh]:
                    if c not in combo and cand[c] & m:
                        elims.extend((c, d) for d in bits(cand[c] & m) if (c, d) not in elims)
            if elims:
                yield Step(tech, eliminations=tuple(sorted(elims)), cells=combo,
                           candidates=tuple((c, d) for c in combo for d in bits(cand[c])),
                           houses=tuple(sorted(shared, key=lambda x: x != h)), digits=tuple(bits(m)))


def _hidden(state: State, k: int) -> Iterator[Step]:
    geo, cand, where, house_bits = state.geo, state.cand, state.where, state.t.house_bits
    tech = NAMES[False, k]
    n = geo.n
    for h in _house_order(geo):
        hb = house_bits[h]
        places = {d: where[d] & hb for d in range(1, n + 1)}
        digits = [d for d, p in places.items() if 2 <= p.bit_count() <= k]
        if len(digits) < k:
            continue
        free = sum(1 for p in places.values() if p)
        if free <= k:
            continue
        for combo in combinations(digits, k):
            p = 0
            for d in combo:
                p |= places[d]
            if p.bit_count() != k:
                continue
            keep = 0
            for d in combo:
                keep |= 1 << d
            elims = tuple((c, d) for c in bits(p) for d in bits(cand[c] & ~keep))
            if elims:
                yield Step(tech, eliminations=elims, cells=tuple(bits(p)),
                           candidates=tuple((c, d) for c in bits(p) for d in combo if cand[c] >> d & 1),
                           houses=(h,), digits=combo)


def find_naked_pair(state: State) -> Iterator[Step]:
    return _naked(state, 2)


def find_naked_triple(state: State) -> Iterator[Step]:
    return _naked(state, 3)


def find_naked_quad(state: State) -> Iterator[Step]:
    return _naked(state, 4)


def find_hidden_pair(state: State) -> Iterator[Step]:
    return _hidden(state, 2)


def find_hidden_triple(state: State) -> Iterator[Step]:
    return _hidden(state, 3)


def find_hidden_quad(state: State) -> Iterator[Step]:
    return _hidden(state, 4)
