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

from collections.abc import Iterable, Iterator
from functools import lru_cache

from ..candidates import State
from ..grid import MEMO_SIZE, cage_combinations, geometry
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
    empty = _empty_cells(values)
    for (total, cells), cage_bits in zip(geo.cages, _cage_masks(geo.key), strict=True):
        if not cage_bits & empty:
            continue
        placed = within = 0
        masks = []
        for c in cells:
            if values[c]:
                placed |= 1 << values[c]
            else:
                masks.append(cand[c])
                within |= cand[c]
        allowed = _allowed(len(cells), total, n, placed, tuple(masks))
        if not within & ~allowed:
            continue  # (checked first: at most positions no cage loses anything)
        opened = [c for c in cells if not values[c]]
        elims = tuple((c, d) for c in opened for d in _bits(cand[c] & ~allowed))
        yield Step("cage_combination", eliminations=elims, cells=cells,
                   candidates=tuple((c, d) for c in opened for d in _bits(cand[c] & allowed)),
                   digits=tuple(_bits(allowed)))


@lru_cache(maxsize=8192)  # bounded; most cages stay as they were from one step to the next
def _allowed(size: int, total: int, n: int, placed: int, cands: tuple[int, ...]) -> int:
    """The digits of the combinations left of a cage (:func:`_combos_left`'s arguments) not yet placed."""
    return _union(_combos_left(size, total, n, placed, cands)) & ~placed


def _combinations_left(state: State, total: int, cells: tuple[int, ...]) -> tuple[int, ...]:
    """The combinations of a cage still possible: they hold every digit placed in it, otherwise only
    candidates of its open cells, and give each open cell a digit it can take."""
    values, cand = state.values, state.cand
    placed = 0
    opened = []
    for c in cells:
        if values[c]:
            placed |= 1 << values[c]
        else:
            opened.append(cand[c])
    return _combos_left(len(cells), total, state.geo.n, placed, tuple(opened))


@lru_cache(maxsize=8192)  # bounded; most cages stay as they were from one step to the next
def _combos_left(size: int, total: int, n: int, placed: int, cands: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`_combinations_left` of a cage of ``size`` cells and ``total``, with the digits ``placed``
    and the candidate masks ``cands`` of its open cells."""
    within = placed
    for m in cands:
        within |= m
    return tuple(k for k in cage_combinations(size, total, n)
                 if k & placed == placed and k & within == k and all(m & k for m in cands))


def _fillings(cells: list[int], cand: list[int], total: int, differ) -> list[int]:
    """For each of ``cells``, the mask of its digits that some filling reaches: a candidate per cell, the
    digits summing to ``total``, cells ``i < j`` with ``differ(i, j)`` holding different digits."""
    k = len(cells)
    pattern = 0  # bit i * (i - 1) / 2 + j: cells j < i differ
    bit = 0
    for i in range(k):
        for j in range(i):
            if differ(j, i):
                pattern |= 1 << bit
            bit += 1
    return list(_reach(tuple(cand[c] for c in cells), total, pattern))


@lru_cache(maxsize=4096)  # bounded; a solve meets the same groups step after step, unchanged
def _reach(masks: tuple[int, ...], total: int, pattern: int) -> tuple[int, ...]:
    """:func:`_fillings` of candidate ``masks`` (the differ relation as bits: see there). A depth-first
    walk over the fillings that cuts a branch as soon as the cells left cannot make up the rest (their
    smallest and largest candidates bound it), and checks the cells it must differ from as one mask."""
    k = len(masks)
    if not all(masks):
        return (0,) * k
    before = [0] * k  # bit j: cell j < i must differ from cell i
    bit = 0
    for i in range(k):
        for j in range(i):
            if pattern >> bit & 1:
                before[i] |= 1 << j
            bit += 1
    lo, hi = [0] * (k + 1), [0] * (k + 1)  # the least and most cells i.. can add up to
    for i in range(k - 1, -1, -1):
        m = masks[i]
        lo[i] = lo[i + 1] + (m & -m).bit_length() - 1
        hi[i] = hi[i + 1] + m.bit_length() - 1
    reached = [0] * k
    chosen = [0] * k

    def fill(i: int, rest: int) -> None:
        banned = 0
        b = before[i]
        for j in range(i):
            if b >> j & 1:
                banned |= 1 << chosen[j]
        m = masks[i] & ~banned
        if i == k - 1:
            if m >> rest & 1 if 0 < rest < m.bit_length() else False:
                chosen[i] = rest
                for j in range(k):
                    reached[j] |= 1 << chosen[j]
            return
        low, high = lo[i + 1], hi[i + 1]
        for d in _bits(m):
            r = rest - d
            if r < low:
                break
            if r <= high:
                chosen[i] = d
                fill(i + 1, r)

    if lo[0] <= total <= hi[0]:
        fill(0, total)
    return tuple(reached)


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _group_step(state, house: int, kind: str, group: list[int], total: int, peer_bits: tuple[int, ...] | None,
                cages, tech: str = "rule_45", houses: tuple[int, ...] | None = None) -> Step | None:
    """The step of a group of known sum, or None when it removes nothing. Its open cells that are peers
    (``peer_bits``, :attr:`~sudoku_core.candidates.Tables.peer_bits`) differ; all of them when None."""
    values, cand = state.values, state.cand
    rest = total
    opened = []
    for c in group:
        if values[c]:
            rest -= values[c]
        else:
            opened.append(c)
    k = len(opened)
    if not opened or k > MAX_GROUP:
        return None
    if peer_bits is None:
        pattern = (1 << k * (k - 1) // 2) - 1
    else:  # the differ relation as _fillings lays it out
        pattern, bit = 0, 0
        for i in range(1, k):
            row = peer_bits[opened[i]]
            for j in range(i):
                if row >> opened[j] & 1:
                    pattern |= 1 << bit
                bit += 1
    reached = _reach(tuple(cand[c] for c in opened), rest, pattern)
    for c, m in zip(opened, reached, strict=True):
        if cand[c] & ~m:
            break
    else:
        return None  # (the fillings reach every candidate: the common case, checked first)
    places: list[tuple[int, int]] = []
    elims: list[tuple[int, int]] = []
    for c, m in zip(opened, reached, strict=True):
        if m and not m & (m - 1) and cand[c] != m:
            places.append((c, m.bit_length() - 1))
        else:
            elims.extend((c, d) for d in _bits(cand[c] & ~m))
    return Step(tech, placements=tuple(places), eliminations=tuple(elims), cells=tuple(opened),
                candidates=tuple((c, d) for c, m in zip(opened, reached, strict=True) for d in _bits(cand[c] & m)),
                houses=(house,) if houses is None else houses, digits=tuple(_bits(_union(reached))),
                groups=(("cages", tuple((c, 0) for q in cages for c in state.geo.cages[q][1])),),
                variant=kind)


#: Byte ``0`` (an empty cell) to the character ``1``, any other byte (a digit) to ``0``.
_EMPTY_AS_BIT = bytes.maketrans(bytes(range(256)), b"1" + b"0" * 255)


def _empty_cells(values: list[int]) -> int:
    """Bit set of the cells without a digit (read as one binary numeral: cell 0 is the last character)."""
    return int(bytes(values).translate(_EMPTY_AS_BIT)[::-1], 2)


def _few_open(group_bits: int, empty: int) -> bool:
    """Whether a group (bit set ``group_bits``) has an open cell, and at most :data:`MAX_GROUP`."""
    return 0 < (group_bits & empty).bit_count() <= MAX_GROUP


def find_rule_45(state: State) -> Iterator[Step]:
    """Innies, then outies, of each row, column and box in turn."""
    geo = state.geo
    if not geo.cages:
        return
    peer_bits, empty = state.t.peer_bits, _empty_cells(state.values)
    for h, kind, group, total, cages, group_bits in _house_sums(geo.key):
        if not _few_open(group_bits, empty):
            continue
        step = _group_step(state, h, kind, group, total, None if kind == "innies" else peer_bits, cages)
        if step is not None:
            yield step


@lru_cache(maxsize=MEMO_SIZE)  # bounded: a Killer generator makes a geometry per cage layout it tries
def _house_sums(key: tuple) -> tuple[tuple[int, str, list[int], int, list[int], int], ...]:
    """The groups of known sum of single houses of the Killer ``geometry(*key)``, in the order
    :func:`find_rule_45` looks at them: ``(house, kind, cells, sum, cages, bit set of the cells)``."""
    geo = geometry(*key)
    assert geo.cages is not None and geo.cage_of is not None  # a Killer's key
    n, cage_of, cages = geo.n, geo.cage_of, geo.cages
    whole = n * (n + 1) // 2
    out = []
    for h in range(3 * n):
        house = geo.houses[h]
        inside = set(house)
        touching = sorted({cage_of[c] for c in house if cage_of[c] >= 0})
        inner = [q for q in touching if all(c in inside for c in cages[q][1])]
        if inner:
            covered = {c for q in inner for c in cages[q][1]}
            innies = [c for c in house if c not in covered]
            if innies:
                out.append((h, "innies", innies, whole - sum(cages[q][0] for q in inner), inner, _cage_bits(innies)))
        if all(cage_of[c] >= 0 for c in house) and len(inner) < len(touching):
            outies = [c for q in touching for c in cages[q][1] if c not in inside]
            out.append((h, "outies", outies, sum(cages[q][0] for q in touching) - whole, touching,
                        _cage_bits(outies)))
    return tuple(out)


def _cage_bits(cells: Iterable[int]) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


@lru_cache(maxsize=MEMO_SIZE)  # bounded, keyed on the geometry (Geometry.key)
def _cage_masks(key: tuple) -> tuple[int, ...]:
    """The bit set of the cells of each cage of the Killer ``geometry(*key)``."""
    cages = geometry(*key).cages
    assert cages is not None
    return tuple(_cage_bits(cells) for _, cells in cages)


def find_cage_pointing(state: State) -> Iterator[Step]:
    """A digit every combination left of a cage holds is in the cage: the cells outside it that see every
    open cell of the cage where it can go lose it (a cage inside one house clears the rest of the house)."""
    geo = state.geo
    if not geo.cages:
        return
    values, cand, where, pb = state.values, state.cand, state.where, state.t.peer_bits
    for total, cells in geo.cages:
        opened = [c for c in cells if not values[c]]
        combos = _combinations_left(state, total, cells)
        if not opened or not combos:
            continue
        needed = combos[0]
        for k in combos[1:]:
            needed &= k
        for c in cells:
            if values[c]:
                needed &= ~(1 << values[c])
        inside = _cage_bits(cells)
        for d in _bits(needed):
            places = [c for c in opened if cand[c] >> d & 1]
            seen = where[d] & ~inside
            for c in places:
                seen &= pb[c]
            if seen:
                yield Step("cage_pointing", eliminations=tuple((c, d) for c in _bits(seen)), cells=cells,
                           candidates=tuple((c, d) for c in places), digits=(d,),
                           houses=tuple(h for h in range(len(geo.houses))
                                        if all(h in geo.cell_houses[c] for c in places)),
                           groups=(("cages", tuple((c, 0) for c in cells)),))


def find_cage_claiming(state: State) -> Iterator[Step]:
    """A digit that, within a house, can only go in the cells of one cage is in that cage: the cage keeps
    only the combinations that hold it, and its cells outside that house lose it."""
    geo = state.geo
    if not geo.cages:
        return
    values, cand, where, hb = state.values, state.cand, state.where, state.t.house_bits
    for total, cells in geo.cages:
        opened = [c for c in cells if not values[c]]
        if not opened:
            continue
        inside = _cage_bits(cells)
        placed = sum(1 << values[c] for c in cells if values[c])
        for h in sorted({h for c in opened for h in geo.cell_houses[c]}):
            done = sum(1 << values[c] for c in geo.houses[h] if values[c])
            for d in range(1, geo.n + 1):
                ours = where[d] & hb[h]
                if not ours or ours & ~inside or (placed | done) >> d & 1:
                    continue  # (a digit placed in the house already: pencil marks may still show it)
                combos = _combinations_left(state, total, cells)
                allowed = _union([k for k in combos if k >> d & 1]) & ~placed
                plain = _union(combos) & ~placed
                elims = [(c, e) for c in opened for e in _bits(cand[c] & plain & ~allowed)]
                elims += [(c, d) for c in opened if cand[c] >> d & 1 and not hb[h] >> c & 1]
                if elims:
                    yield Step("cage_claiming", eliminations=tuple(sorted(set(elims))), cells=cells,
                               candidates=tuple((c, d) for c in _bits(ours)), digits=(d,), houses=(h,),
                               groups=(("cages", tuple((c, 0) for c in cells)),))


#: The blocks of adjacent lines the multi-house 45 rule looks at: 2 and 3 rows or columns side by side.
BLOCK_LINES = (2, 3)


def _blocks(n: int) -> Iterator[tuple[int, ...]]:
    """Blocks of adjacent rows, then of adjacent columns (house numbers), of the sizes in BLOCK_LINES."""
    for first in (0, n):
        for k in BLOCK_LINES:
            for start in range(n - k + 1):
                yield tuple(range(first + start, first + start + k))


def _mixed_blocks(geo) -> list[tuple[int, ...]]:
    """Blocks of two houses that touch side to side without sharing a cell (house numbers): two boxes,
    and a row or column with a box just beside it."""
    return list(_mixed_blocks_of(geo.key))


@lru_cache(maxsize=MEMO_SIZE)  # bounded, keyed on the geometry (Geometry.key)
def _mixed_blocks_of(key: tuple) -> tuple[tuple[int, ...], ...]:
    """:func:`_mixed_blocks` of ``geometry(*key)``."""
    geo = geometry(*key)
    n, house_of = geo.n, geo.cell_houses
    touching: set[tuple[int, int]] = set()
    for c in range(n * n):
        r, k = divmod(c, n)
        for d in ((r + 1) * n + k if r + 1 < n else -1, c + 1 if k + 1 < n else -1):
            if d < 0:
                continue
            for h in (house_of[c][0], house_of[c][1], house_of[c][2]):
                for g in (house_of[d][0], house_of[d][1], house_of[d][2]):
                    if h != g and (h >= 2 * n or g >= 2 * n):  # at least one box: lines have blocks of their own
                        touching.add((min(h, g), max(h, g)))
    return tuple(sorted(pair for pair in touching
                        if not set(geo.houses[pair[0]]) & set(geo.houses[pair[1]])))


def find_rule_45_blocks(state: State) -> Iterator[Step]:
    """Innies and outies of two boxes side by side, or of a row or column and the box beside it."""
    if state.geo.cages:
        yield from _block_steps(state, "mixed", "rule_45_blocks")


@lru_cache(maxsize=8192)  # bounded; a 9x9 Killer has about 150 blocks
def _block_sums(key: tuple, houses: tuple[int, ...]) -> tuple[tuple[str, list[int], int, list[int]], ...]:
    """The groups of known sum of a block of whole houses (no cell twice) of the Killer ``geometry(*key)``:
    ``(kind, cells, sum, cages)`` for the innies, the outies, and the piece of a cage outside the block
    when the innies all lie in that one cage (the cage split in two). They depend on the cages alone."""
    geo = geometry(*key)
    assert geo.cages is not None and geo.cage_of is not None
    cages, cage_of, n = geo.cages, geo.cage_of, geo.n
    block = [c for h in houses for c in geo.houses[h]]
    inside = set(block)
    whole = len(houses) * n * (n + 1) // 2
    touching = sorted({cage_of[c] for c in block if cage_of[c] >= 0})
    inner = [q for q in touching if all(c in inside for c in cages[q][1])]
    covered = {c for q in inner for c in cages[q][1]}
    innies = [c for c in block if c not in covered]
    rest = whole - sum(cages[q][0] for q in inner)
    out: list[tuple[str, list[int], int, list[int]]] = []
    if innies:
        out.append(("innies", innies, rest, inner))
        held = {cage_of[c] for c in innies}
        if len(held) == 1 and -1 not in held:
            q = held.pop()
            out.append(("split", [c for c in cages[q][1] if c not in inside], cages[q][0] - rest, [*inner, q]))
    if all(cage_of[c] >= 0 for c in block) and len(inner) < len(touching):
        outies = [c for q in touching for c in cages[q][1] if c not in inside]
        out.append(("outies", outies, sum(cages[q][0] for q in touching) - whole, touching))
    return tuple(out)


@lru_cache(maxsize=MEMO_SIZE)  # bounded, keyed on the geometry (Geometry.key) and one of three families
def _block_groups(key: tuple, family: str) -> tuple[tuple[tuple[int, ...], str, list[int], int, list[int], int], ...]:
    """The groups of known sum (:func:`_block_sums`) a family of blocks of the Killer ``geometry(*key)``
    looks at, in order: ``(houses, kind, cells, sum, cages, bit set of the cells)``. ``"lines"``: the
    innies and outies of adjacent lines (:func:`_blocks`); ``"mixed"``: of :func:`_mixed_blocks`;
    ``"split"``: the split cages' outside pieces of single houses, then of both."""
    n = geometry(*key).n
    blocks: list[tuple[int, ...]] = []
    if family == "split":
        blocks += [(h,) for h in range(3 * n)]
    if family in ("lines", "split"):
        blocks += _blocks(n)
    if family in ("mixed", "split"):
        blocks += _mixed_blocks_of(key)
    return tuple((houses, kind, group, total, cages, _cage_bits(group))
                 for houses in blocks for kind, group, total, cages in _block_sums(key, houses)
                 if (kind == "split") == (family == "split"))


def _block_steps(state: State, family: str, tech: str) -> Iterator[Step]:
    """The steps of the groups of known sum of a family of blocks (:func:`_block_groups`)."""
    peer_bits, empty = state.t.peer_bits, _empty_cells(state.values)
    for houses, kind, group, total, cages, group_bits in _block_groups(state.geo.key, family):
        if not _few_open(group_bits, empty):
            continue
        step = _group_step(state, houses[0], kind, group, total, peer_bits, cages, tech=tech, houses=houses)
        if step is not None:
            yield step


def find_rule_45_lines(state: State) -> Iterator[Step]:
    """Innies and outies of 2 or 3 adjacent rows or columns (they sum to 2 or 3 times a house)."""
    if state.geo.cages:
        yield from _block_steps(state, "lines", "rule_45_lines")


def find_cage_split(state: State) -> Iterator[Step]:
    """A cage that pokes into a house (or a block of adjacent houses) whose other cells are covered by whole
    cages: its piece inside makes up the house's rest, so its piece outside makes up the cage's rest."""
    if state.geo.cages:
        yield from _block_steps(state, "split", "cage_split")


def find_cage_filling(state: State) -> Iterator[Step]:
    """A cage's open cells (at most :data:`MAX_GROUP`) keep only the digits of some filling: a candidate
    per cell, all different, summing to the cage's rest. Stronger than the combinations alone, which ask
    only that each cell holds some digit of a combination (two cells left with 1/2 take both, so a third
    cannot be 1 or 2)."""
    geo = state.geo
    if not geo.cages:
        return
    values, cand, empty = state.values, state.cand, _empty_cells(state.values)
    for q, ((total, cells), cage_bits) in enumerate(zip(geo.cages, _cage_masks(geo.key), strict=True)):
        if not 1 < (cage_bits & empty).bit_count() <= MAX_GROUP:
            continue
        placed = within = 0
        for c in cells:
            if values[c]:
                placed |= 1 << values[c]
            else:
                within |= cand[c]
        if within & placed:
            continue  # (a placed digit still among the candidates: the combinations remove it first)
        step = _group_step(state, cells[0], "cage", list(cells), total, None, [q], tech="cage_filling", houses=())
        if step is not None:
            yield step
