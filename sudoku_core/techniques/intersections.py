"""Intersections (locked candidates): pointing and claiming.

* pointing: within a box, a digit's places all lie on one line, so the digit leaves the rest of that
  line;
* claiming (box/line reduction): within a line, a digit's places all lie in one box, so the digit
  leaves the rest of that box.

Both come from the crossing tables ``state.t.pointing`` and ``state.t.claiming``, so they work for any
box shape and on a variant's extra houses: a window and the box it overlaps, a diagonal and a box, a
Jigsaw region and a line ("box" above stands for any block: box, region or window; "line" for a row,
a column or a diagonal).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import State, bits
from ..step import Step


def _locked(state: State, technique: str, pointing: bool) -> Iterator[Step]:
    house_bits, where, n = state.t.house_bits, state.where, state.geo.n
    # Blocks first in the outer loop for pointing, lines first for claiming: the order people scan.
    for source, target, inter in state.t.pointing if pointing else state.t.claiming:
        sb = house_bits[source]
        for d in range(1, n + 1):
            p = where[d] & sb
            if not p or p & ~inter:
                continue
            gone = where[d] & house_bits[target] & ~sb
            if gone:
                yield Step(technique, eliminations=tuple((c, d) for c in bits(gone)),
                           cells=tuple(bits(p)), candidates=tuple((c, d) for c in bits(p)),
                           houses=(source,), cover=(target,), digits=(d,))


def find_pointing(state: State) -> Iterator[Step]:
    return _locked(state, "pointing", True)


def find_claiming(state: State) -> Iterator[Step]:
    return _locked(state, "claiming", False)
