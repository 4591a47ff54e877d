"""Wings: XY-Wing, XYZ-Wing, W-Wing.

* XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and {y,z}. Whatever the pivot holds,
  one pincer holds z, so a cell seeing both pincers loses z.
* XYZ-Wing: the pivot is {x,y,z} and sees pincers {x,z}, {y,z}; one of the three holds z, so a cell
  seeing all three loses z.
* W-Wing: two bivalue cells {x,y} that do not see each other, and a strong link on x whose ends see
  one cell each. One of the two cells is not x, so it holds y: a cell seeing both loses y.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import State, bits
from ..step import Step
from .single_digit import strong_links


def _bivalues(state: State) -> list[int]:
    return [c for c, m in enumerate(state.cand) if m and m.bit_count() == 2]


def find_xy_wing(state: State) -> Iterator[Step]:
    cand, peer_bits, where = state.cand, state.t.peer_bits, state.where
    bivalue = _bivalues(state)
    for pivot in bivalue:
        pm = cand[pivot]
        x, y = bits(pm)
        wings = [c for c in bivalue if peer_bits[pivot] >> c & 1 and (cand[c] & pm).bit_count() == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                za, zb = cand[a] & ~pm, cand[b] & ~pm
                if za != zb or (cand[a] & pm) == (cand[b] & pm):
                    continue
                z = za.bit_length() - 1
                elim = where[z] & peer_bits[a] & peer_bits[b]
                if elim:
                    yield Step("xy_wing", eliminations=tuple((c, z) for c in bits(elim)), cells=(pivot, a, b),
                               candidates=tuple((c, d) for c in (pivot, a, b) for d in bits(cand[c])),
                               digits=(z,), groups=(("pivot", ((pivot, x), (pivot, y))),
                                                    ("pincers", ((a, z), (b, z)))))


def find_xyz_wing(state: State) -> Iterator[Step]:
    cand, peer_bits, where = state.cand, state.t.peer_bits, state.where
    bivalue = _bivalues(state)
    for pivot, pm in enumerate(cand):
        if not pm or pm.bit_count() != 3:
            continue
        wings = [c for c in bivalue if peer_bits[pivot] >> c & 1 and cand[c] & pm == cand[c]]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                z = cand[a] & cand[b]
                if cand[a] == cand[b] or not z:
                    continue
                zd = z.bit_length() - 1
                elim = where[zd] & peer_bits[a] & peer_bits[b] & peer_bits[pivot]
                if elim:
                    yield Step("xyz_wing", eliminations=tuple((c, zd) for c in bits(elim)), cells=(pivot, a, b),
                               candidates=tuple((c, d) for c in (pivot, a, b) for d in bits(cand[c])),
                               digits=(zd,), groups=(("pivot", tuple((pivot, d) for d in bits(pm))),
                                                     ("pincers", ((a, zd), (b, zd)))))


def find_w_wing(state: State) -> Iterator[Step]:
    cand, peer_bits, where, geo = state.cand, state.t.peer_bits, state.where, state.geo
    bivalue = _bivalues(state)
    links = {}
    for i, p in enumerate(bivalue):
        for q in bivalue[i + 1:]:
            if cand[p] != cand[q] or peer_bits[p] >> q & 1:
                continue
            for x in bits(cand[p]):
                y = (cand[p] & ~(1 << x)).bit_length() - 1
                elim = where[y] & peer_bits[p] & peer_bits[q]
                if not elim:
                    continue
                if x not in links:
                    links[x] = strong_links(geo, where[x])
                for a, b, h in links[x]:
                    if p in (a, b) or q in (a, b):
                        continue
                    for e1, e2 in ((a, b), (b, a)):
                        if peer_bits[p] >> e1 & 1 and peer_bits[q] >> e2 & 1:
                            yield Step("w_wing", eliminations=tuple((c, y) for c in bits(elim)),
                                       cells=(p, e1, e2, q),
                                       candidates=((p, x), (p, y), (e1, x), (e2, x), (q, x), (q, y)),
                                       houses=(h,), digits=(y,),
                                       links=((((p, x),), ((e1, x),), False), (((e1, x),), ((e2, x),), True),
                                              (((e2, x),), ((q, x),), False)),
                                       groups=(("pincers", ((p, y), (q, y))), ("link", ((e1, x), (e2, x)))))
                            break
                    else:
                        continue
                    break
