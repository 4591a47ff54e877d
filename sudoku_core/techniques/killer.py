"""Killer techniques: cage combinations and the 45 rule (innies and outies of one house).

Both only fire on a Killer (``state.geo.cages``); on any other grid they find nothing at once.

* ``cage_combination``: a cage's digits are one of its combinations (:func:`~sudoku_core.grid.cage_combinations`).
  The combinations still possible hold every digit placed in the cage, otherwise only candidates of its
  open cells, and give each open cell a digit it can take; an open cell keeps only digits of those.
* ``rule_45``: a house holds ``1 .. n`` once, so its digits sum to ``n(n+1)/2``. Take away the totals of
  the cages that lie wholly inside it: the cells left over (the *innies*) sum to the rest. When every cell
  of the house is in a cage, the cells of those cages outside it (the *outies*) sum to the cages' totals
  less ``n(n+1)/2``. Either way a few open cells (at most :data:`MAX_GROUP`) have a known sum; each keeps
  only the digits that some filling of the group with its candidates reaches (innies share the house, so
  they differ; outies differ where they are peers). A cell left with one digit is placed.

Both are sound for any solution: the cage and house rules hold in every one, and a digit is removed only
when no filling that obeys them uses it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import State
from ..grid import cage_combinations
from ..step import Step

#: The largest group of innies or outies looked at (the fillings are enumerated; 4 cells of 9 candidates
#: are at most 3,024 fillings).
MAX_GROUP = 4


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def find_cage_combination(state: State) -> Iterator[Step]:
    """Cage cells limited to the digits of the combinations still possible."""
    geo = state.geo
    if not geo.cages:
        return
    values, cand, n = state.values, state.cand, geo.n
    for total, cells in geo.cages:
        placed = sum(1 << values[c] for c in cells if values[c])
        opened = [c for c in cells if not values[c]]
        if not opened:
            continue
        within = placed
        for c in opened:
            within |= cand[c]
        allowed = 0
        for k in cage_combinations(len(cells), total, n):
            if k & placed == placed and k & within == k and all(cand[c] & k for c in opened):
                allowed |= k
        allowed &= ~placed
        elims = tuple((c, d) for c in opened for d in _bits(cand[c] & ~allowed))
        if elims:
            yield Step("cage_combination", eliminations=elims, cells=cells,
                       candidates=tuple((c, d) for c in opened for d in _bits(cand[c] & allowed)),
                       digits=tuple(_bits(allowed)))


def _fillings(cells: list[int], cand: list[int], total: int, differ) -> list[int]:
    """For each of ``cells``, the mask of its digits that some filling reaches: a candidate per cell, the
    digits summing to ``total``, cells ``i < j`` with ``differ(i, j)`` holding different digits."""
    k = len(cells)
    reached = [0] * k
    chosen = [0] * k

    def fill(i: int, rest: int) -> bool:
        if i == k:
            if rest:
                return False
            for j in range(k):
                reached[j] |= 1 << chosen[j]
            return True
        found = False
        for d in _bits(cand[cells[i]]):
            if d > rest or any(chosen[j] == d and differ(j, i) for j in range(i)):
                continue
            chosen[i] = d
            found |= fill(i + 1, rest - d)
        return found

    fill(0, total)
    return reached


def _union(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _group_step(state, house: int, kind: str, group: list[int], total: int, differ, cages) -> Step | None:
    """The step of a group of known sum, or None when it removes nothing."""
    values, cand = state.values, state.cand
    rest = total - sum(values[c] for c in group if values[c])
    opened = [c for c in group if not values[c]]
    if not opened or len(opened) > MAX_GROUP:
        return None
    reached = _fillings(opened, cand, rest, lambda i, j: differ(opened[i], opened[j]))
    places: list[tuple[int, int]] = []
    elims: list[tuple[int, int]] = []
    for c, m in zip(opened, reached, strict=True):
        if m and not m & (m - 1) and cand[c] != m:
            places.append((c, m.bit_length() - 1))
        else:
            elims.extend((c, d) for d in _bits(cand[c] & ~m))
    if not places and not elims:
        return None
    return Step("rule_45", placements=tuple(places), eliminations=tuple(elims), cells=tuple(opened),
                candidates=tuple((c, d) for c, m in zip(opened, reached, strict=True) for d in _bits(cand[c] & m)),
                houses=(house,), digits=tuple(_bits(_union(reached))), groups=(("cages", tuple((c, 0) for q in cages
                                                                          for c in state.geo.cages[q][1])),),
                variant=kind)


def find_rule_45(state: State) -> Iterator[Step]:
    """Innies, then outies, of each row, column and box in turn."""
    geo = state.geo
    if not geo.cages:
        return
    n, cage_of, cages, peers = geo.n, geo.cage_of, geo.cages, geo.peers
    assert cage_of is not None  # set with the cages
    whole = n * (n + 1) // 2
    for h in range(3 * n):
        house = geo.houses[h]
        inside = set(house)
        touching = sorted({cage_of[c] for c in house if cage_of[c] >= 0})
        inner = [q for q in touching if all(c in inside for c in cages[q][1])]
        if inner:
            covered = {c for q in inner for c in cages[q][1]}
            innies = [c for c in house if c not in covered]
            if innies:
                step = _group_step(state, h, "innies", innies, whole - sum(cages[q][0] for q in inner),
                                   lambda a, b: True, inner)
                if step is not None:
                    yield step
        if all(cage_of[c] >= 0 for c in house) and len(inner) < len(touching):
            outies = [c for q in touching for c in cages[q][1] if c not in inside]
            step = _group_step(state, h, "outies", outies, sum(cages[q][0] for q in touching) - whole,
                               lambda a, b: b in peers[a], touching)
            if step is not None:
                yield step
