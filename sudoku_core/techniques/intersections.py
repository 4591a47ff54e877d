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

from ..candidates import State, bits, derived, tables
from ..step import Step


def _by_source(geo) -> tuple[tuple[tuple, ...], tuple[tuple, ...]]:
    """The locked-candidate tables of :class:`~sudoku_core.candidates.Tables` grouped by source house, in
    their order (pointing, then claiming): ``(source, its cells, the most cells it shares with a target,
    ((target, shared cells, target cells outside the source), ...))``. Once per geometry (:func:`derived`)."""
    t = tables(geo)

    def group(rows: tuple[tuple[int, int, int], ...]) -> tuple[tuple, ...]:
        out: list[tuple] = []
        for source, target, inter in rows:
            if not out or out[-1][0] != source:
                out.append((source, t.house_bits[source], []))
            out[-1][2].append((target, inter, t.house_bits[target] & ~t.house_bits[source]))
        return tuple((s, sb, max(i.bit_count() for _, i, _ in ts), tuple(ts)) for s, sb, ts in out)

    return group(t.pointing), group(t.claiming)


def _locked(state: State, technique: str, pointing: bool) -> Iterator[Step]:
    open_digits = [(d, w) for d, w in enumerate(state.where) if w and d]
    # Blocks first in the outer loop for pointing, lines first for claiming: the order people scan. Within
    # a source house, target by target and digit by digit, as the tables list them.
    for source, sb, widest, targets in derived(state.geo, _by_source)[0 if pointing else 1]:
        found = []
        for d, w in open_digits:
            p = w & sb
            if not p or p.bit_count() > widest:
                continue
            for k, (target, inter, rest) in enumerate(targets):
                if not p & ~inter:
                    gone = w & rest
                    if gone:
                        found.append((k, d, target, p, gone))
        found.sort()
        for _, d, target, p, gone in found:
            yield Step(technique, eliminations=tuple((c, d) for c in bits(gone)),
                       cells=tuple(bits(p)), candidates=tuple((c, d) for c in bits(p)),
                       houses=(source,), cover=(target,), digits=(d,))


def find_pointing(state: State) -> Iterator[Step]:
    return _locked(state, "pointing", True)


def find_claiming(state: State) -> Iterator[Step]:
    return _locked(state, "claiming", False)
