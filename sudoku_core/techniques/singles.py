"""Singles: full house, hidden single, naked single.

Houses are scanned boxes first, then rows, then columns, because a single in a box is the one people
spot first, then a variant's extra houses (diagonals, windows); within that, lowest house and digit
first, so results are deterministic.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import State, derived, tables
from ..step import Step


def _house_order(geo):
    n = geo.n
    return (*range(2 * n, 3 * n), *range(n), *range(n, 2 * n), *range(3 * n, len(geo.houses)))


def _ordered_houses(geo) -> tuple[tuple[int, int], ...]:
    """``(house, its cell set)`` in the order singles are looked for, once per geometry (:func:`derived`)."""
    house_bits = tables(geo).house_bits
    return tuple((h, house_bits[h]) for h in _house_order(geo))


def find_full_house(state: State) -> Iterator[Step]:
    """A house with one empty cell left: it takes the one missing digit."""
    cand, values = state.cand, state.values
    empty = 0
    for m in state.where[1:]:
        empty |= m
    for h, hb in derived(state.geo, _ordered_houses):
        e = empty & hb
        if e and not e & (e - 1):
            c = e.bit_length() - 1
            m = cand[c]
            if m and not m & (m - 1):
                d = m.bit_length() - 1
                if not values[c]:
                    yield Step("full_house", placements=((c, d),), cells=(c,), candidates=((c, d),),
                               houses=(h,), digits=(d,))


def find_hidden_single(state: State) -> Iterator[Step]:
    """A digit with one place left in a house."""
    # Only the digits with a place left anywhere: fewer as the grid fills.
    open_digits = [(d, w) for d, w in enumerate(state.where) if w and d]
    for h, hb in derived(state.geo, _ordered_houses):
        for d, w in open_digits:
            p = w & hb
            if p and not p & (p - 1):
                c = p.bit_length() - 1
                yield Step("hidden_single", placements=((c, d),), cells=(c,), candidates=((c, d),),
                           houses=(h,), digits=(d,))


def find_naked_single(state: State) -> Iterator[Step]:
    """A cell with one candidate left."""
    for c, m in enumerate(state.cand):
        if m and not m & (m - 1):
            d = m.bit_length() - 1
            yield Step("naked_single", placements=((c, d),), cells=(c,), candidates=((c, d),), digits=(d,))
