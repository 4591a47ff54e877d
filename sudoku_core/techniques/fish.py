"""Basic fish (X-Wing, Swordfish, Jellyfish) and their finned and sashimi forms.

A fish of size k on digit d takes k *base* lines (rows, or columns) and k *cover* lines of the other
direction such that every place for d in the base lies in the cover. Then d is in the base exactly k
times, all in the cover, so d leaves the cover lines outside the base.

A *finned* fish has extra base places, the fins, all in one box; either the fish stands or a fin holds
d, so only cover cells outside the base that also lie in the fins' box (and so see every fin) lose d.
It is *sashimi* when, without the fins, some base line would have fewer than two places left (the fish
is then degenerate, held together only by the fins). Franken and mutant fish (boxes as base or cover)
are not searched.

The search works in "index space": for each base line, the mask of cross-line indices where d can go.
For finned fish the fin columns are chosen among the base union's columns, at most a box's width.

Speed: a fish on digit d depends only on the cell set of d (``state.where[d]``) and the geometry, and a
solving step changes that set for few digits, so the search is memoised on ``(geometry, cell set,
size, finned)`` with a bounded LRU cache (finned and sashimi fish come from one search). Like the
geometry memo it is a cache of a pure function: results are the same with or without it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations

from ..candidates import State, _shape, bits
from ..grid import geometry
from ..step import Step
from . import Finder

SIZE_NAMES = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}


def base_mask(base: Iterable[int]) -> int:
    m = 0
    for i in base:
        m |= 1 << i
    return m


def _bases(lines: list[int], pos: list[int], k: int, limit: int) -> list[tuple[tuple[int, ...], int]]:
    """``(base, union)`` for every k lines whose places span at most ``limit`` cross indices: a depth-first
    search that drops a branch as soon as its union is too wide (far fewer sets than all combinations)."""
    out = []
    stack: list[tuple[tuple[int, ...], int, int]] = [((), 0, 0)]
    while stack:
        base, union, start = stack.pop()
        if len(base) == k:
            out.append((base, union))
            continue
        for idx in range(start, len(lines) - (k - len(base)) + 1):
            u = union | pos[lines[idx]]
            if u.bit_count() <= limit:
                stack.append(((*base, lines[idx]), u, idx + 1))
    out.sort()
    return out


def _patterns(shape: tuple[int, int], wd: int, k: int, finned: bool, sashimi: bool) -> tuple:
    """Every fish of the kind on one digit whose cell set is ``wd``, as
    ``(by_row, base lines, cover indices, fin cells, eliminated cells, pattern cells)``."""
    if finned:
        return _search(shape, wd, k, True)[sashimi]
    return _search(shape, wd, k, False)


@lru_cache(maxsize=1 << 14)
def _search(shape: tuple[int, int], wd: int, k: int, finned: bool) -> tuple:
    """The fish of :func:`_patterns`: the basic ones, or, when ``finned``, the pair (finned, sashimi),
    found in one pass (they share the search for bases and fins; only the thin-line test tells them
    apart)."""
    geo = geometry(*shape)
    n = geo.n
    found: list[tuple] = []
    found_sashimi: list[tuple] = []
    for by_row in (True, False):
        if by_row:
            row_mask = (1 << n) - 1
            pos = [(wd >> (i * n)) & row_mask for i in range(n)]
        else:
            pos = [0] * n
            for c in bits(wd):
                pos[c % n] |= 1 << (c // n)
        width = geo.box_cols if by_row else geo.box_rows
        height = geo.box_rows if by_row else geo.box_cols
        cross_bands = [((1 << width) - 1) << (b * width) for b in range(n // width)]
        line_bands = [((1 << height) - 1) << (b * height) for b in range(n // height)]
        limit = k + width if finned else k
        lines = [i for i in range(n) if pos[i] and pos[i].bit_count() <= limit and
                 (finned or pos[i].bit_count() >= 2)]
        if len(lines) < k:
            continue

        def cell(i, j, by_row=by_row):
            return i * n + j if by_row else j * n + i

        for base, union in _bases(lines, pos, k, limit):
            count = union.bit_count()
            if not finned:
                if count != k:
                    continue
                elims = [cell(i, j) for j in bits(union) for i in range(n) if i not in base and pos[i] >> j & 1]
                if elims:
                    found.append((by_row, base, union, (), tuple(sorted(elims)),
                                  tuple(cell(i, j) for i in base for j in bits(union & pos[i]))))
                continue
            extra = count - k
            if extra < 1 or extra > width:
                continue
            # Only cover indices in the fins' band that some line outside the base holds can lose d.
            others = 0
            for i in range(n):
                if i not in base:
                    others |= pos[i]
            # The fins share one box, so the fin indices lie in one band of the cross direction and
            # the base lines holding fins in one band of the base direction.
            for band in cross_bands:
                ub = union & band
                if ub.bit_count() <= extra or not ub & others:
                    continue  # every index of the band a fin, or none another line holds: nothing to lose
                for fin_cols in combinations(list(bits(ub)), extra):
                    fmask = 0
                    for j in fin_cols:
                        fmask |= 1 << j
                    cover = union & ~fmask
                    if not cover & band & others:
                        continue
                    fin_lines = 0
                    ok = True
                    thin = False
                    for i in base:
                        pc = pos[i] & cover
                        if not pc:  # a base line with no place in the cover is only a fin
                            ok = False
                            break
                        if pc & (pc - 1) == 0:
                            thin = True
                        if pos[i] & fmask:
                            fin_lines |= 1 << i
                    if not ok:
                        continue
                    line_band = next((lb for lb in line_bands if fin_lines & lb == fin_lines), 0)
                    if not line_band:
                        continue
                    elims = [cell(i, j) for j in bits(cover & band) for i in bits(line_band & ~base_mask(base))
                             if pos[i] >> j & 1]
                    if elims:
                        fins = tuple(cell(i, j) for i in base for j in bits(pos[i] & fmask))
                        (found_sashimi if thin else found).append(
                            (by_row, base, cover, fins, tuple(sorted(elims)),
                             tuple(cell(i, j) for i in base for j in bits(cover & pos[i]))))
    return (tuple(found), tuple(found_sashimi)) if finned else tuple(found)


def _fish(state: State, k: int, finned: bool, sashimi: bool) -> Iterator[Step]:
    geo, where, n = state.geo, state.where, state.geo.n
    tech = SIZE_NAMES[k] if not finned else ("sashimi_" if sashimi else "finned_") + SIZE_NAMES[k]
    for d in range(1, n + 1):
        if not where[d]:
            continue
        for by_row, base, cover, fins, elims, pattern in _patterns(_shape(geo), where[d], k, finned, sashimi):
            yield Step(tech, eliminations=tuple((c, d) for c in elims), cells=pattern,
                       candidates=tuple((c, d) for c in pattern),
                       houses=tuple(i if by_row else n + i for i in base),
                       cover=tuple(n + j if by_row else j for j in bits(cover)), digits=(d,),
                       fins=tuple((f, d) for f in fins), variant="rows" if by_row else "columns")


def _finder(k: int, finned: bool = False, sashimi: bool = False) -> Finder:
    def find(state: State) -> Iterator[Step]:
        return _fish(state, k, finned, sashimi)
    return find


find_x_wing = _finder(2)
find_swordfish = _finder(3)
find_jellyfish = _finder(4)
find_finned_x_wing = _finder(2, True)
find_finned_swordfish = _finder(3, True)
find_finned_jellyfish = _finder(4, True)
find_sashimi_x_wing = _finder(2, True, True)
find_sashimi_swordfish = _finder(3, True, True)
find_sashimi_jellyfish = _finder(4, True, True)
