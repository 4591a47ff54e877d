"""Intersections (locked candidates): pointing and claiming.

* pointing: within a box, a digit's places all lie on one line, so the digit leaves the rest of that
  line;
* claiming (box/line reduction): within a line, a digit's places all lie in one box, so the digit
  leaves the rest of that box.

Both come from the same crossing table (``state.t.crossings``), so they work for any box shape.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import State, bits
from ..step import Step


def _locked(state: State, technique: str, pointing: bool) -> Iterator[Step]:
    house_bits, where, n = state.t.house_bits, state.where, state.geo.n
    # Boxes first in the outer loop for pointing, lines first for claiming: the order people scan.
    crossings = state.t.crossings if pointing else state.t.crossings_by_line
    for box, line, inter in crossings:
        source, target = (box, line) if pointing else (line, box)
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
