"""Colouring: simple colouring (trap and wrap) and multi-colouring, on one digit at a time.

The strong links of a digit (houses with exactly two places) form clusters; each cluster is two-coloured
so that the ends of every strong link differ. In each cluster exactly one colour is true.

* wrap: two cells of one colour see each other, so that colour is false everywhere;
* trap: a cell outside the cluster that sees both colours cannot hold the digit;
* multi-colouring: with two clusters A and B, if a cell of colour A1 sees a cell of colour B1, A1 and B1
  are not both true, so A2 or B2 is; a cell seeing both A2 and B2 loses the digit. And if a cell of A1
  sees both colours of B, A1 is false.

The clusters depend only on the digit's cell set, so they are memoised like the fish.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..candidates import State, _shape, bits, tables
from ..grid import geometry
from ..step import Step
from .single_digit import strong_links


@lru_cache(maxsize=1 << 13)
def clusters(shape: tuple[int, int], wd: int) -> tuple:
    """Two-coloured clusters of the strong links in cell set ``wd``: ``((colour0 bits, colour1 bits), ...)``,
    clusters of at least two cells, in order of their lowest cell."""
    geo = geometry(*shape)
    adj: dict[int, list[int]] = {}
    for a, b, _ in strong_links(geo, wd):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    colour: dict[int, int] = {}
    out = []
    for start in sorted(adj):
        if start in colour:
            continue
        colour[start] = 0
        sets = [1 << start, 0]
        todo = [start]
        while todo:
            c = todo.pop()
            for o in adj[c]:
                if o not in colour:
                    colour[o] = 1 - colour[c]
                    sets[colour[o]] |= 1 << o
                    todo.append(o)
        out.append((sets[0], sets[1]))
    return tuple(out)


def _sees(peer_bits: Sequence[int], cells: int) -> int:
    """Bit set of the cells that see at least one cell of ``cells``."""
    m = 0
    for c in bits(cells):
        m |= peer_bits[c]
    return m


def _clash(peer_bits: Sequence[int], cells: int) -> bool:
    return any(peer_bits[c] & cells for c in bits(cells))


def _step(tech: str, d: int, elim: int, c0: int, c1: int, variant: str = "") -> Step:
    cells = tuple(bits(c0 | c1))
    return Step(tech, eliminations=tuple((c, d) for c in bits(elim)), cells=cells,
                candidates=tuple((c, d) for c in cells), digits=(d,), variant=variant,
                groups=(("color_a", tuple((c, d) for c in bits(c0))), ("color_b", tuple((c, d) for c in bits(c1)))))


def find_simple_colors_trap(state: State) -> Iterator[Step]:
    where, n, geo = state.where, state.geo.n, state.geo
    pb = tables(geo).peer_bits
    for d in range(1, n + 1):
        for c0, c1 in clusters(_shape(geo), where[d]) if where[d] else ():
            elim = where[d] & ~(c0 | c1) & _sees(pb, c0) & _sees(pb, c1)
            if elim:
                yield _step("simple_colors_trap", d, elim, c0, c1)


def find_simple_colors_wrap(state: State) -> Iterator[Step]:
    where, n, geo = state.where, state.geo.n, state.geo
    pb = tables(geo).peer_bits
    for d in range(1, n + 1):
        for c0, c1 in clusters(_shape(geo), where[d]) if where[d] else ():
            for bad in (c0, c1):
                if _clash(pb, bad):
                    yield _step("simple_colors_wrap", d, bad, c0, c1)
                    break


def find_multi_colors(state: State) -> Iterator[Step]:
    where, n, geo = state.where, state.geo.n, state.geo
    pb = tables(geo).peer_bits
    for d in range(1, n + 1):
        cl = clusters(_shape(geo), where[d]) if where[d] else ()
        if len(cl) < 2:
            continue
        sees = [(_sees(pb, a), _sees(pb, b)) for a, b in cl]
        for i, a in enumerate(cl):
            for j, b in enumerate(cl):
                if i == j:
                    continue
                for ai in (0, 1):
                    acol, aother = a[ai], a[1 - ai]
                    # Type 2: one colour of A sees both colours of B, so it is false.
                    if sees[j][0] & acol and sees[j][1] & acol:
                        yield _step("multi_colors", d, acol, a[0] | b[0], a[1] | b[1], "type2")
                    if i > j:
                        continue
                    for bi in (0, 1):
                        if not sees[j][bi] & acol:
                            continue
                        # acol and b[bi] cannot both be true, so aother or b[1 - bi] is.
                        bother = b[1 - bi]
                        elim = where[d] & _sees(pb, aother) & _sees(pb, bother) & ~(aother | bother)
                        if elim:
                            yield _step("multi_colors", d, elim, a[0] | b[0], a[1] | b[1], "type1")
