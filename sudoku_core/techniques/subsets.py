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
    houses, house_bits, houses_of, where = geo.houses, state.t.house_bits, state.t.houses_of, state.where
    all_houses = (1 << len(houses)) - 1
    # at_least[j]: the cells with j candidates or more (bit-parallel over the digits' cell sets), so that a
    # house is passed over without reading its cells when it has too few open cells or small cells.
    at_least = [state.t.all_cells] + [0] * (k + 1)
    for w in state.where[1:]:
        for j in range(k + 1, 0, -1):
            at_least[j] |= at_least[j - 1] & w
    empty, small = at_least[1], at_least[2] & ~at_least[k + 1]
    for h in _house_order(geo):
        hb = house_bits[h]
        # Too few open cells: the subset would be the whole rest of the house, nothing to remove.
        if (empty & hb).bit_count() <= k or (small & hb).bit_count() < k:
            continue
        cells = [(c, cand[c]) for c in houses[h] if small >> c & 1]
        for pairs in combinations(cells, k):
            m = 0
            for _, mc in pairs:
                m |= mc
            if m.bit_count() != k:
                continue
            combo = tuple(c for c, _ in pairs)
            # A subset found before has nothing left to remove, mostly: ask the bit sets first.
            shared_bits, inside = all_houses, 0
            for c in combo:
                shared_bits &= houses_of[c]
                inside |= 1 << c
            reach = 0
            for sh in bits(shared_bits):
                reach |= house_bits[sh]
            hit = 0
            for d in bits(m):
                hit |= where[d]
            if not reach & hit & ~inside:
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
    geo, cand, house_bits = state.geo, state.cand, state.t.house_bits
    tech = NAMES[False, k]
    # Only the digits with a place left anywhere: fewer as the grid fills.
    open_digits = [(d, w) for d, w in enumerate(state.where) if w and d]
    for h in _house_order(geo):
        hb = house_bits[h]
        places = [(d, p) for d, w in open_digits if (p := w & hb)]
        if len(places) <= k:
            continue
        digits = [(d, p) for d, p in places if p.bit_count() <= k and p & (p - 1)]
        if len(digits) < k:
            continue
        for pairs in combinations(digits, k):
            p = 0
            for _, pd in pairs:
                p |= pd
            if p.bit_count() != k:
                continue
            combo = tuple(d for d, _ in pairs)
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
