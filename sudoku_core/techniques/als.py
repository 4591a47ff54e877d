"""Almost locked sets: ALS-XZ (singly and doubly linked), WXYZ- and VWXYZ-Wings, ALS-XY-Wing, ALS-XY-Chain,
Death Blossom; and Sue de Coq.

An *almost locked set* (ALS) is ``k`` cells of one house holding ``k + 1`` candidates between them: take
any one digit away and the rest is locked. A digit ``x`` is a *restricted common candidate* (RCC) of two
ALS A and B (no cell in common) when it is in both and every cell of A holding ``x`` sees every cell of
B holding ``x``: ``x`` is then in at most one of them, so the other one is locked.

* ALS-XZ: with an RCC ``x``, and another common digit ``z``: one of A, B is locked and holds ``z``, so a
  cell seeing every ``z`` of both loses ``z``. With two RCCs (doubly linked) both sets are locked: each
  RCC ``x`` leaves the cells seeing every ``x`` of both, and every other digit of A (of B) leaves the
  cells seeing all its places in A (in B).
* WXYZ-Wing and VWXYZ-Wing (the *bent wings* of Sukaku Explainer, whose ratings the score follows): an
  ALS-XZ where one set is a single two-candidate cell {x, z} and the other an ALS of 3 (4) cells holding
  both digits, so 4 (5) cells hold 4 (5) digits. Every digit but z can then be in only one of the cells,
  so z is in at least one: a cell seeing every z of the set loses it. With z restricted too, the cells are
  locked (doubly linked), as in ALS-XZ. Found apart from ALS-XZ because they are far easier to see (SE
  rates them 5.5-5.6 and 6.2-6.4, against 7.5 for the general case).
* ALS-XY-Wing: a pivot ALS C with RCC ``x`` to A and RCC ``y`` to B (``x != y``). If neither A nor B
  held a common digit ``z``, A would be locked and hold ``x``, so C would lose ``x`` and be locked with
  ``y``, so B would lose ``y`` as well as ``z``: too few digits for its cells. So A or B holds ``z``, and
  a cell seeing every ``z`` of both loses it, a cell of the pivot C too (the argument does not depend on
  what C's cells hold beyond their candidates).
* ALS-XY-Chain: ALS A1 .. An, each tied to the next by a restricted common r_j, consecutive r_j
  different; if A1 lacks a digit z (not r_1) it holds r_1, so A2 lacks r_1 and holds r_2, ..., and An
  lacks r_(n-1) and holds z (not r_(n-1)): A1 or An holds z (see :class:`_ChainGraph`).
* Death Blossom: a stem cell s and, for each candidate d of s, a petal ALS holding d with every d seeing
  s (:data:`MAX_STEM` candidates at most). Whatever s holds, that digit's petal loses it and is locked, so
  a digit z in every petal (not in s) is in one of them: a cell seeing every z of every petal loses it.
* Sue de Coq: cells C (two or more) where a box and a line cross, holding candidates V with
  ``|V| >= |C| + 2``; cells Dl of the rest of the line with candidates Vl and Db of the rest of the box
  with candidates Vb, Vl and Vb disjoint, and as many cells as digits in total. Every digit of Vl can
  only be in the line part, of Vb only in the box part, of V alone only in C, so each digit is in the
  set exactly once: Vl and V outside Vb leave the rest of the line, Vb and V outside Vl the rest of the
  box.

ALS are found once per position (every cell subset of every house, up to :data:`MAX_ALS_CELLS` cells)
and memoised on the candidate sets, like the fish.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, pairwise
from operator import itemgetter

from ..candidates import State, _shape, bits, tables
from ..grid import geometry
from ..step import Step

#: Largest ALS searched (cells), as in HoDoKu (every ALS-XZ it found that we missed with 4 had 5 to 8).
#: Each house's sets are enumerated once and memoised, so the size costs little there; the pairs and
#: triples of sets are where the time goes.
MAX_ALS_CELLS = 8
#: Largest line or box part of a Sue de Coq (cells).
MAX_SDC_PART = 3


class _Als:
    __slots__ = ("cells", "digits", "house", "places", "sees")

    def __init__(self, cells, digits, house, where, peer_bits, common):
        self.cells, self.digits, self.house = cells, digits, house
        # places[d]: the cells of the set holding d; sees[d]: the cells that see all of them (``common``
        # remembers them per cell set: the sets of a house share most of their places).
        self.places, self.sees = places, sees = {}, {}
        for d in bits(digits):
            p = where[d] & cells
            s = common.get(p)
            if s is None:
                s, m = -1, p
                while m:
                    low = m & -m
                    s &= peer_bits[low.bit_length() - 1]
                    m ^= low
                common[p] = s
            places[d], sees[d] = p, s


@lru_cache(maxsize=1024)
def _house_als(shape, h: int, cands: tuple) -> tuple:
    """The ALS of house ``h`` whose cells hold the candidate masks ``cands`` (in house order), in
    depth-first order. A pure function of its arguments: a house untouched by a step keeps its ALS, so
    the next position reuses them (bounded cache, like the fish)."""
    geo = geometry(*shape)
    peer_bits = tables(geo).peer_bits
    n = geo.n
    cells = geo.houses[h]
    where = [0] * (n + 1)
    for c, m in zip(cells, cands, strict=True):
        for d in bits(m):
            where[d] |= 1 << c
    free = [(c, m) for c, m in zip(cells, cands, strict=True) if m]
    limit = min(MAX_ALS_CELLS, len(free) - 1)
    out = []
    common: dict = {}
    stack = [(0, 0, 0, 0)]
    nfree = len(free)
    while stack:
        start, cellset, digits, size = stack.pop()
        for i in range(start, nfree):
            c, mc = free[i]
            m = digits | mc
            k = size + 1
            # More digits than any extension of the set can lock (it can grow to ``limit`` cells, and
            # only by the cells after this one): nothing below this node is an ALS.
            if m.bit_count() > min(limit, k + nfree - 1 - i) + 1:
                continue
            cs = cellset | 1 << c
            if m.bit_count() == k + 1:
                out.append(_Als(cs, m, h, where, peer_bits, common))
            if k < limit:
                stack.append((i + 1, cs, m, k))
    return tuple(out)


@lru_cache(maxsize=64)
def _house_getters(shape) -> tuple:
    """``getters[h](cand)``: the tuple of the candidate masks of house ``h``'s cells, in house order (a
    house has at least four cells, so ``itemgetter`` gives a tuple)."""
    return tuple(itemgetter(*cells) for cells in geometry(*shape).houses)


@lru_cache(maxsize=16)
def _all_als(shape, where: tuple) -> tuple:
    """Every ALS of the position (distinct cell sets), smallest first."""
    geo = geometry(*shape)
    n = geo.n
    cand = [0] * (n * n)
    for d in range(1, n + 1):
        bit, m = 1 << d, where[d]
        while m:  # bits walked inline: this runs at every position that reaches ALS
            low = m & -m
            cand[low.bit_length() - 1] |= bit
            m ^= low
    found = {}
    for h, cands_of in enumerate(_house_getters(shape)):
        for a in _house_als(shape, h, cands_of(cand)):
            if a.cells not in found:
                found[a.cells] = a
    return tuple(sorted(found.values(), key=lambda a: (a.cells.bit_count(), a.cells)))


def _rccs(a: _Als, b: _Als) -> list[int]:
    out = []
    for x in bits(a.digits & b.digits):
        pb = b.places[x]
        if not pb & a.places[x] and pb & a.sees[x] == pb:
            out.append(x)
    return out


@lru_cache(maxsize=16)
def _seen_by(shape, where: tuple) -> tuple[list, list]:
    """``(same, seen)``: ``same[x][x cells]`` is the sets (bits over ALS indices) whose x candidates are
    exactly those cells; ``seen[x][1 << c]``, for a cell c holding x, the sets whose every x cell sees c
    (never a set holding x in c: a cell does not see itself). Built once per distinct x cells (many sets
    share them: the big sets of a house above all); shared by the restricted commons and Death Blossom.
    Cells are keyed by their bit and bits are walked inline: this runs at every position that reaches
    ALS, and the generator :func:`bits` cost a third of it."""
    als = _all_als(shape, where)
    n = geometry(*shape).n
    same: list[dict[int, int]] = [{} for _ in range(n + 1)]
    sees: list[dict[int, int]] = [{} for _ in range(n + 1)]  # the cells seeing every x cell of a group, per group
    for i, a in enumerate(als):
        bit = 1 << i
        for x, p in a.places.items():
            got = same[x].get(p)
            if got is None:
                same[x][p] = bit
                sees[x][p] = a.sees[x]
            else:
                same[x][p] = got | bit
    seen: list[dict[int, int]] = [{} for _ in range(n + 1)]
    for x in range(1, n + 1):
        wx, sx, seen_x = where[x], sees[x], seen[x]
        for p, group in same[x].items():
            m = sx[p] & wx
            while m:
                low = m & -m
                seen_x[low] = seen_x.get(low, 0) | group
                m ^= low
    return same, seen


@lru_cache(maxsize=16)
def _fits_ends(shape, where: tuple) -> tuple[list, list]:
    """``(fits, ends)``, per digit z and per cell set p that is the z cells of some ALS (bits over ALS
    indices, from :func:`_seen_by`): ``fits[z][p]``, the sets whose every z cell sees every cell of p (z
    is restricted between a set with z cells p and each of them, when they share no cell); ``ends[z][p]``,
    the sets holding z such that a cell holding z sees every cell of p and every z of theirs (with a set
    whose z cells are p, a pair that would lose z at that cell if one of the two must hold z). Shared by
    the restricted commons (:func:`_links`) and ALS-XZ."""
    n = geometry(*shape).n
    same, seen = _seen_by(shape, where)
    als = _all_als(shape, where)
    fits: list[dict[int, int]] = [{} for _ in range(n + 1)]
    ends: list[dict[int, int]] = [{} for _ in range(n + 1)]
    for x in range(1, n + 1):
        seen_x, fx, ex, wx = seen[x], fits[x], ends[x], where[x]
        for p, group in same[x].items():
            if not p & (p - 1):
                fx[p] = seen_x.get(p, 0)
            else:
                ok, m = -1, p
                while m and ok:
                    low = m & -m
                    ok &= seen_x.get(low, 0)
                    m ^= low
                fx[p] = ok
            e, m = 0, wx & als[group.bit_length() - 1].sees[x]
            while m:
                low = m & -m
                e |= seen_x[low]
                m ^= low
            ex[p] = e
    return fits, ends


@lru_cache(maxsize=16)
def _links(shape, where: tuple) -> dict:
    """``{i: [(j, rccs), ...]}`` for every pair of disjoint ALS with a restricted common candidate.

    Bit-parallel over ALS indices. ``x`` is restricted between A and B when every x cell of A sees every
    x cell of B: with ``seen[x][c]`` the sets whose every x cell sees cell c (:func:`_seen_by`), A's
    partners on x are the sets in ``seen[x][c]`` for every x cell c of A, less those sharing a cell with
    A (few: checked one by one).
    """
    als = _all_als(shape, where)
    fits, _ = _fits_ends(shape, where)
    cells = [a.cells for a in als]
    lists: list[list] = [[] for _ in als]
    for i, a in enumerate(als):
        later = ~((2 << i) - 1)
        own = a.cells
        mine: dict[int, list] = {}
        for x, p in a.places.items():
            m = later & fits[x][p]
            while m:
                low = m & -m
                m ^= low
                j = low.bit_length() - 1
                if cells[j] & own:
                    continue
                if j in mine:
                    mine[j].append(x)
                else:
                    mine[j] = [x]
        if mine:
            out = lists[i]
            for j, rcc in mine.items():
                out.append((j, rcc))
                lists[j].append((i, rcc))
    return {i: partners for i, partners in enumerate(lists) if partners}


def _als_group(label, a: _Als):
    return (label, tuple((c, d) for c in bits(a.cells) for d in bits(a.digits) if a.places[d] >> c & 1))


def _elims_z(a: _Als, b: _Als, z: int, where) -> int:
    return where[z] & a.sees[z] & b.sees[z] & ~(a.cells | b.cells)


def _xz_elims(a: _Als, b: _Als, rcc: list[int], where) -> tuple:
    """The eliminations of ALS-XZ on disjoint sets ``a`` and ``b`` with restricted commons ``rcc``,
    sorted and distinct."""
    if len(rcc) == 1:
        # Most pairs eliminate nothing: find that out without building lists (the common case).
        x, bs = rcc[0], b.sees
        for z, s in a.sees.items():
            if z != x and z in bs and where[z] & s & bs[z]:
                break
        else:
            return ()
    elims = []
    if len(rcc) >= 2:
        # Doubly linked: both sets are locked.
        for x in rcc:
            elims += [(c, x) for c in bits(_elims_z(a, b, x, where))]
        for s in (a, b):
            for z in bits(s.digits):
                if z not in rcc:
                    elims += [(c, z) for c in bits(where[z] & s.sees[z] & ~s.cells)]
    else:
        for z in bits(a.digits & b.digits):
            if z != rcc[0]:
                elims += [(c, z) for c in bits(_elims_z(a, b, z, where))]
    return tuple(sorted(set(elims)))


def find_als_xz(state: State) -> Iterator[Step]:
    """ALS-XZ, bit-parallel over the partners of each set: the restricted commons of A on x are the sets
    whose every x sees every x of A (as in :func:`_links`), and a pair singly linked by x eliminates only
    if some other digit z of both has a cell seeing all its places in both (:func:`_fits_ends`); only the
    partners that pass that test, or are doubly linked, are looked at one by one (most positions that
    reach ALS-XZ have none). The order is :func:`_links`': A by index, then B by its lowest restricted
    common and index."""
    where = tuple(state.where)
    shape = _shape(state.geo)
    als = _all_als(shape, where)
    fits, ends = _fits_ends(shape, where)
    found = []
    for i, a in enumerate(als):
        later = ~((2 << i) - 1)
        restricted = []  # (x, partners after i on x)
        reach = []  # (z, sets that with A leave a cell seeing every z of both)
        for x, p in a.places.items():
            ok = fits[x][p] & later
            if ok:
                restricted.append((x, ok))
            e = ends[x][p]
            if e:
                reach.append((x, e))
        if not restricted:
            continue
        look = ones = twos = 0
        for x, r in restricted:
            twos |= ones & r
            ones |= r
            other = 0
            for z, e in reach:
                if z != x:
                    other |= e
            look |= r & other
        look |= twos  # doubly linked: looked at whole
        if not look:
            continue
        mine = []
        own = a.cells
        while look:
            low = look & -look
            look ^= low
            j = low.bit_length() - 1
            b = als[j]
            if b.cells & own:
                continue
            rcc = [x for x, r in restricted if r & low]
            mine.append((rcc[0], j, rcc))
        mine.sort()
        for _, j, rcc in mine:
            b = als[j]
            elims = _xz_elims(a, b, rcc, where)
            if elims:
                found.append((elims, a, b, rcc))
    found.sort(key=lambda f: (f[1].cells.bit_count() + f[2].cells.bit_count(), -len(f[0])))
    for elims, a, b, rcc in found:
        zs = tuple(sorted({d for _, d in elims}))
        yield Step("als_xz", eliminations=elims, cells=tuple(bits(a.cells | b.cells)),
                   candidates=_als_group("", a)[1] + _als_group("", b)[1], houses=(a.house, b.house),
                   digits=zs, groups=(_als_group("als_a", a), _als_group("als_b", b),
                                      ("rcc", tuple((c, x) for x in rcc for c in bits(a.places[x] | b.places[x])))),
                   variant="double" if len(rcc) > 1 else "single")


def _bent_wings(state, size: int, tid: str):
    """WXYZ- and VWXYZ-Wings: ALS-XZ where one set is a bivalue cell {x, z} and the other an ALS of
    ``size - 1`` cells in one house holding both digits, ``size`` digits in ``size`` cells in all. ``x`` is
    restricted (every x of the ALS sees the cell), so the cell or the ALS holds z: a cell seeing every z
    of both loses it. With z restricted too, both are locked (doubly linked), as in ALS-XZ."""
    cand, where = state.cand, tuple(state.where)
    als = _all_als(_shape(state.geo), where)
    pairs: dict[int, list[_Als]] = {}  # a two-candidate cell is a one-cell ALS
    for ya in als:
        if ya.cells.bit_count() == 1:
            pairs.setdefault(ya.digits, []).append(ya)
    if not pairs:
        return
    k = size - 1
    found = []
    for a in als:
        if a.cells.bit_count() != k:
            continue
        for m, cells in pairs.items():
            if m & a.digits != m:
                continue
            for ya in cells:
                if a.cells & ya.cells:
                    continue
                rcc = _rccs(ya, a)
                if rcc:
                    elims = _xz_elims(ya, a, rcc, where)
                    if elims:
                        found.append((elims, ya.cells.bit_length() - 1, a, rcc))
    found.sort(key=lambda f: (-len(f[0]), f[1], f[2].cells))
    for elims, y, a, rcc in found:
        zs = tuple(sorted({d for _, d in elims}))
        yield Step(tid, eliminations=elims, cells=(y, *bits(a.cells)),
                   candidates=tuple((y, d) for d in bits(cand[y])) + _als_group("", a)[1], houses=(a.house,),
                   digits=zs, groups=(("bivalue", tuple((y, d) for d in bits(cand[y]))), _als_group("als", a),
                                      ("rcc", tuple((c, x) for x in rcc for c in (y, *bits(a.places[x]))))),
                   variant="double" if len(rcc) > 1 else "single")


def find_wxyz_wing(state: State) -> Iterator[Step]:
    return _bent_wings(state, 4, "wxyz_wing")


def find_vwxyz_wing(state: State) -> Iterator[Step]:
    return _bent_wings(state, 5, "vwxyz_wing")


def find_als_xy_wing(state: State) -> Iterator[Step]:
    where = tuple(state.where)
    als = _all_als(_shape(state.geo), where)
    links = _links(_shape(state.geo), where)
    found = []
    for ci, partners in sorted(links.items()):
        c = als[ci]
        for p, (ai, rx) in enumerate(partners):
            a = als[ai]
            a_cells, sa = a.cells, a.sees
            a_digits = a.digits & ~(1 << rx[0] if len(rx) == 1 else 0)
            for bi, ry in partners[p + 1:]:
                b = als[bi]
                common = a_digits & b.digits
                if a_cells & b.cells or not common:
                    continue  # overlapping, or no common digit z besides a single x
                zs = 0  # the common digits some cell outside both could lose (x and y aside)
                sb = b.sees
                while common:  # bits walked inline: this runs for every pair of partners of every pivot
                    low = common & -common
                    common ^= low
                    z = low.bit_length() - 1
                    if where[z] & sa[z] & sb[z]:
                        zs |= low
                if not zs:
                    continue
                for x in rx:
                    for y in ry:
                        if x == y:
                            continue
                        lost: list[tuple[int, int]] = []
                        for z in bits(zs & ~(1 << x) & ~(1 << y)):
                            lost += [(e, z) for e in bits(_elims_z(a, b, z, where))]
                        if lost:
                            size = a.cells.bit_count() + b.cells.bit_count() + c.cells.bit_count()
                            found.append((size, tuple(sorted(lost)), ci, ai, bi, x, y))
    found.sort(key=lambda f: (f[0], -len(f[1]), f[2:]))
    seen = set()
    for _, elims, ci, ai, bi, x, y in found:
        if elims in seen:
            continue
        seen.add(elims)
        a, b, c = als[ai], als[bi], als[ci]
        yield Step("als_xy_wing", eliminations=elims, cells=tuple(bits(a.cells | b.cells | c.cells)),
                   candidates=_als_group("", c)[1] + _als_group("", a)[1] + _als_group("", b)[1],
                   houses=(c.house, a.house, b.house), digits=tuple(sorted({d for _, d in elims})),
                   groups=(_als_group("pivot", c), _als_group("als_a", a), _als_group("als_b", b),
                           ("rcc", tuple((e, d) for d, s in ((x, a), (y, b))
                                         for e in bits(c.places[d] | s.places[d])))))


@lru_cache(maxsize=1024)
def _subsets_upto(cells: tuple, cands: tuple, limit: int) -> tuple:
    """``(cells, digits, size)`` for every subset of ``cells`` (holding ``cands``) of 1 to ``limit``
    cells, in a fixed depth-first order (the order the parts are tried in). Memoised: the line (box)
    part of a crossing often outlives a change to the box (line)."""
    cand = dict(zip(cells, cands, strict=True))
    out = []
    stack = [(0, 0, 0, 0)]
    while stack:
        start, cs, m, k = stack.pop()
        for i in range(start, len(cells)):
            c = cells[i]
            cs2, m2, k2 = cs | 1 << c, m | cand[c], k + 1
            out.append((cs2, m2, k2))
            if k2 < limit:
                stack.append((i + 1, cs2, m2, k2))
    return tuple(out)


def _parts(subsets, V):
    """``(cells, digits, gain)`` for the ``subsets`` whose gain, cells minus digits outside V, is at
    least one: only those can help lock the set."""
    out = []
    for cs, m, k in subsets:
        gain = k - (m & ~V).bit_count()
        if gain >= 1:
            out.append((cs, m, gain))
    return out


def find_sue_de_coq(state: State) -> Iterator[Step]:
    cand, t = state.cand, state.t
    shape = _shape(state.geo)
    seen = set()
    empty = 0
    for w in state.where:
        empty |= w
    for k, (_, _, inter) in enumerate(t.crossings):
        if (inter & empty).bit_count() < 2:
            continue  # no core: nothing to look up
        for elims, used, V, vl, vb, cmask, lcs, bcs in _sdc_at(shape, k, _sdc_getters(shape)[k](cand)):
            if elims in seen:
                continue
            seen.add(elims)
            box, line, _ = t.crossings[k]
            cells = tuple(bits(used))
            yield Step("sue_de_coq", eliminations=elims, cells=cells,
                       candidates=tuple((c, d) for c in cells for d in bits(cand[c])),
                       houses=(box, line), digits=tuple(bits(V | vl | vb)),
                       groups=(("core", tuple((c, d) for c in bits(cmask) for d in bits(cand[c]))),
                               ("line_part", tuple((c, d) for c in bits(lcs) for d in bits(cand[c]))),
                               ("box_part", tuple((c, d) for c in bits(bcs) for d in bits(cand[c])))))


@lru_cache(maxsize=64)
def _sdc_cells(shape, k: int) -> tuple:
    """The cells of the box and the line of crossing ``k``: all a Sue de Coq there depends on."""
    t = tables(geometry(*shape))
    box, line, _ = t.crossings[k]
    return tuple(bits(t.house_bits[box] | t.house_bits[line]))


@lru_cache(maxsize=64)
def _sdc_getters(shape) -> tuple:
    """``getters[k](cand)``: the candidate masks of the cells of crossing ``k`` (:func:`_sdc_cells`)."""
    t = tables(geometry(*shape))
    return tuple(itemgetter(*_sdc_cells(shape, k)) for k in range(len(t.crossings)))


@lru_cache(maxsize=2048)
def _sdc_at(shape, k: int, cands: tuple) -> tuple:
    """Every Sue de Coq of crossing ``k`` whose box and line cells (:func:`_sdc_cells`) hold ``cands``:
    ``(eliminations, cells used, V, Vl, Vb, core, line part, box part)`` in search order. A pure
    function of its arguments, memoised (bounded): a step leaves most crossings as they were, so the
    next position reuses their (mostly empty) results, as the ALS of a house are reused."""
    t = tables(geometry(*shape))
    box, line, inter = t.crossings[k]
    house_bits = t.house_bits
    cand = dict(zip(_sdc_cells(shape, k), cands, strict=True))
    where: dict[int, int] = {}  # digit -> its cells, filled only when a set is found (rarely)
    core = [c for c in bits(inter) if cand[c]]
    if len(core) < 2:
        return ()
    line_rest = [c for c in bits(house_bits[line] & ~inter) if cand[c]]
    box_rest = [c for c in bits(house_bits[box] & ~inter) if cand[c]]
    # The parts' cell subsets do not depend on the core: enumerate them once per crossing.
    line_subsets = _subsets_upto(tuple(line_rest), tuple(cand[c] for c in line_rest), MAX_SDC_PART)
    box_subsets = _subsets_upto(tuple(box_rest), tuple(cand[c] for c in box_rest), MAX_SDC_PART)
    out = []
    for size in range(2, len(core) + 1):
        for cmask in _subsets(core, size):
            V = 0
            for c in bits(cmask):
                V |= cand[c]
            n_extra = V.bit_count() - size
            if n_extra < 2 or n_extra > 2 * MAX_SDC_PART:
                continue  # each part gains at most one digit per cell
            bparts: dict[int, list] = {}
            for part in _parts(box_subsets, V):
                bparts.setdefault(part[2], []).append(part)
            for lcs, vl, gl in _parts(line_subsets, V):
                for bcs, vb, _ in bparts.get(n_extra - gl, ()):
                    if vl & vb:
                        continue
                    used = cmask | lcs | bcs
                    if not where:
                        for c, m in cand.items():
                            for d in bits(m):
                                where[d] = where.get(d, 0) | 1 << c
                    elims = []
                    for d in bits(vl | (V & ~vb)):
                        elims += [(c, d) for c in bits(where.get(d, 0) & house_bits[line] & ~used)]
                    for d in bits(vb | (V & ~vl)):
                        elims += [(c, d) for c in bits(where.get(d, 0) & house_bits[box] & ~used)]
                    if elims:
                        out.append((tuple(sorted(set(elims))), used, V, vl, vb, cmask, lcs, bcs))
    return tuple(out)


def _subsets(cells, size):
    for combo in combinations(cells, size):
        m = 0
        for c in combo:
            m |= 1 << c
        yield m


#: Most ALS in an ALS-XY-Chain (HoDoKu's default); chains of 2 and 3 ALS are ALS-XZ and ALS-XY-Wing.
MAX_CHAIN_ALS = 6
MIN_CHAIN_ALS = 4
#: Largest ALS in a chain on the solver's ladder (cells). The chain search costs about the square of the
#: number of sets it uses; with sets of up to 8 cells it roughly tripled the time per position and put the
#: forum-hardest median well over its 600 ms target, so the ladder's chains use the sets of up to 4 cells
#: (the pairs and wings use all) and :func:`find_extended_als_xy_chain`, off the ladder, the rest. Of
#: HoDoKu's chain eliminations on 40 magictour puzzles, 4 cells find 78%, 8 cells 98%, and all of them
#: with our ALS-XZ, ALS-XY-Wing and Death Blossom (a chain tied by a shorter one between the same end
#: sets is left to those). On 120, 5 of 886 were still missed: 4 whose end sets overlap and are tied by
#: 3 sets (an ALS-XY-Wing with overlapping wings, which ours skips), 1 that needs 7 sets; the extended
#: chains below take both.
MAX_CHAIN_CELLS = 4
#: The chains :func:`find_extended_als_xy_chain` takes, by number of sets: up to one set longer than the
#: ladder's, and the 3-set chains whose end sets overlap (ALS-XY-Wings whose wings share a cell, which
#: :func:`find_als_xy_wing` skips: sound, as "A lacks z => B holds z" needs no disjoint ends, but allowing
#: them on the ladder changed a third of the forum-hardest paths and cost 5% more time). Over every third
#: position of the paths of 25 magictour and 25 forum-hardest puzzles (1,000 positions) it gave 4,919
#: steps, none wrong: 1,478 of 3 sets with overlapping ends, 336 of 7 sets of up to 4 cells, the rest
#: through a bigger set.
EXTENDED_CHAIN_ALS = (3, MAX_CHAIN_ALS + 1)


class _ChainGraph:
    """The implication graph of ALS-XY-Chains and its reach, level by level (memoised per position).

    A *state* ``(i, m)`` says "set i does not hold m", so i is locked on its other digits: it holds every
    restricted common ``r != m`` it shares with a partner j, and j then lacks r: the state ``(j, r)``.
    From ``(A, z)`` a chain reaching ``(B, m)`` with ``m != z`` and ``z`` in B proves "A lacks z => B holds
    z": A or B holds z. States are bits ``m * len(als) + i``; ``reach[d][s]`` is every state reachable
    from s in 1..d+1 steps, computed for all states at once, one level at a time (bit-parallel over the
    states, so the work is shared by every start, not repeated per start)."""

    def __init__(self, shape, where, max_cells: int):
        als = _all_als(shape, where)
        # The sets are sorted smallest first: those of up to ``max_cells`` cells keep their indices.
        na = 0
        while na < len(als) and als[na].cells.bit_count() <= max_cells:
            na += 1
        self.als = als = als[:na]
        self.na = na
        self.n = n = geometry(*shape).n
        nbr: list[dict[int, int]] = [{} for _ in range(na)]  # nbr[i][r]: partners of i with restricted common r
        self.nbr = nbr
        for i, partners in _links(shape, where).items():
            if i >= na:
                continue
            ni = nbr[i]
            for j, rcc in partners:
                if j < na:
                    for r in rcc:
                        ni[r] = ni.get(r, 0) | 1 << j
        succ = {}
        for i, a in enumerate(als):
            out = 0  # every state a restricted common of i leads to
            for r, partners in nbr[i].items():
                out |= partners << (r * na)
            for m in a.places:  # the set's digits, lowest first
                succ[m * na + i] = out & ~(((1 << na) - 1) << (m * na))
        self.succ = succ
        self.reach = [succ]
        # ends[(i, z)]: the sets B holding z, other than i, such that some cell outside both sees every z
        # of both (so "A or B holds z" eliminates something); goals[(i, z)]: the states (k, m), k an end
        # and m != z, as bits. Both depend on i only through its z cells (a cell holding z that sees
        # them all is not one of them, nor in the set), so they are worked out once per distinct z cells.
        # The sets with exactly the same z cells and the sets whose every z cell sees a cell are those of
        # the restricted commons (:func:`_seen_by`), kept to the chain's sets (the first ``na``). The
        # order of ``goals`` does not matter: the finder sorts the hits it gives.
        same, seen = _seen_by(shape, where)
        self.goals = {}
        mask = (1 << na) - 1
        spread = sum(1 << (m * na) for m in range(1, n + 1))  # ends * spread: the ends under every digit
        for z in range(1, n + 1):
            wz, seen_z = where[z], seen[z]
            for group in same[z].values():
                group &= mask
                if not group:
                    continue
                targets = wz & als[group.bit_length() - 1].sees[z]
                if not targets:
                    continue
                ends = 0
                while targets:  # bits walked inline: this runs at every position
                    e = targets & -targets
                    ends |= seen_z[e]
                    targets ^= e
                ends &= mask
                goal = ends * spread & ~(mask << (z * na))
                for i in bits(group):
                    if ends & ~(1 << i):
                        self.goals[i, z] = goal & ~(spread << i)

    def level(self, d: int) -> dict:
        """``{state bit: reach}`` within ``d + 1`` steps. The states after (i, m) are those after i's
        restricted commons r != m, so the reach through each (i, r) is gathered once and shared by the
        states of i."""
        als, nbr, na = self.als, self.nbr, self.na
        while len(self.reach) <= d:
            prev = self.reach[-1]
            nxt = {}
            for i, a in enumerate(als):
                through = {}
                for r, partners in nbr[i].items():
                    acc, base = 0, r * na
                    while partners:
                        low = partners & -partners
                        acc |= prev[base + low.bit_length() - 1]
                        partners ^= low
                    through[r] = acc
                for m in a.places:  # the set's digits
                    s = m * na + i
                    acc = prev[s]
                    for r, t in through.items():
                        if r != m:
                            acc |= t
                    nxt[s] = acc
            self.reach.append(nxt)
        return self.reach[d]

    def hits(self, d: int):
        """``(i, z, k)``: chains of exactly ``d + 2`` ALS from (i, z) to a set k holding z, none shorter."""
        na = self.na
        mask = (1 << na) - 1
        cur = self.level(d)
        prev = self.level(d - 1) if d else {}
        out = []
        for (i, z), goal in self.goals.items():
            s = z * na + i
            if not cur[s] & goal & ~prev.get(s, 0):
                continue
            got = old = 0
            r, p = cur[s] & goal, prev.get(s, 0) & goal
            for m in range(1, self.n + 1):
                got |= r >> (m * na) & mask
                old |= p >> (m * na) & mask
            for k in bits(got & ~old):
                out.append((i, z, k))
        return out

    def path(self, i: int, z: int, k: int, steps: int):
        """A shortest chain of states from (i, z) to (k, m != z): ``[(i, z), (j1, r1), ..., (k, m)]``."""
        parent: dict[tuple[int, int], tuple[int, int] | None] = {(i, z): None}
        frontier = [(i, z)]
        for _ in range(steps):
            nxt = []
            for a, m in frontier:
                for r, partners in self.nbr[a].items():
                    if r == m:
                        continue
                    for b in bits(partners):
                        st = (b, r)
                        if st in parent:
                            continue
                        parent[st] = (a, m)
                        if b == k and r != z:
                            out = [st]
                            back = parent[st]
                            while back is not None:
                                out.append(back)
                                back = parent[back]
                            return out[::-1]
                        nxt.append(st)
            frontier = nxt
        return None


@lru_cache(maxsize=4)
def _chain_graph(shape, where: tuple, max_cells: int) -> _ChainGraph:
    return _ChainGraph(shape, where, max_cells)


def find_als_xy_chain(state: State) -> Iterator[Step]:
    """ALS-XY-Chain: ALS A1 .. An (4 to :data:`MAX_CHAIN_ALS`), each tied to the next by a restricted
    common r_j, consecutive r_j different. If A1 lacks a digit z (z != r_1), it is locked and holds r_1,
    so A2 lacks r_1 and holds r_2, ..., so An lacks r_(n-1) and holds z (z != r_(n-1)). So A1 or An
    holds z: a cell seeing every z of both loses it (a cell of the sets between too). Sets of up to
    :data:`MAX_CHAIN_CELLS` cells; shortest chains first, then the smallest end sets."""
    where = tuple(state.where)
    yield from _chain_steps(_chain_graph(_shape(state.geo), where, MAX_CHAIN_CELLS), where, "als_xy_chain")


def find_extended_als_xy_chain(state: State) -> Iterator[Step]:
    """The ALS-XY-Chains the ladder's :func:`find_als_xy_chain` leaves out, for the eliminations it does
    not make (a step is kept if one of its eliminations is new): chains through a set of more than
    :data:`MAX_CHAIN_CELLS` cells (up to :data:`MAX_ALS_CELLS`, as ALS-XZ and HoDoKu), chains of
    ``MAX_CHAIN_ALS + 1`` sets, and 3-set chains whose end sets overlap (:data:`EXTENDED_CHAIN_ALS`). Off
    the solver's ladder (``Technique.ladder``): it would run at every position where the small sets make
    no chain, most of those the solver tries chains at, and there building this graph cost the
    forum-hardest rating a fifth more time, over its target."""
    where = tuple(state.where)
    shape = _shape(state.geo)
    small = _chain_graph(shape, where, MAX_CHAIN_CELLS)
    made = {e for step in _chain_steps(small, where, "als_xy_chain") for e in step.eliminations}
    g = small if len(_all_als(shape, where)) == small.na else _chain_graph(shape, where, MAX_ALS_CELLS)
    yield from _chain_steps(g, where, "extended_als_xy_chain", made, EXTENDED_CHAIN_ALS)


def _chain_steps(g: _ChainGraph, where: tuple, tid: str, made: set | None = None,
                 lengths: tuple[int, int] = (MIN_CHAIN_ALS, MAX_CHAIN_ALS)) -> Iterator[Step]:
    """The steps (technique ``tid``) of the chains of graph ``g`` of ``lengths`` (the fewest and most
    sets; a chain of fewer than :data:`MIN_CHAIN_ALS` is taken only if its end sets overlap, else it is
    an ALS-XZ's or ALS-XY-Wing's), one per set of eliminations, leaving out those that eliminate nothing
    outside ``made``."""
    if not g.goals:
        return
    als = g.als
    seen = set()
    for d in range(lengths[0] - 2, lengths[1] - 1):
        hits = g.hits(d)
        hits.sort(key=lambda h: (als[h[0]].cells.bit_count() + als[h[2]].cells.bit_count(), h))
        for i, z, k in hits:
            a, b = als[i], als[k]
            if d < MIN_CHAIN_ALS - 2 and not a.cells & b.cells:
                continue
            elims = tuple((e, z) for e in bits(_elims_z(a, b, z, where)))
            if not elims or (elims, z) in seen or (made is not None and made.issuperset(elims)):
                continue
            chain = g.path(i, z, k, d + 1)
            if chain is None or len(chain) != d + 2:
                continue
            seen.add((elims, z))
            sets = [als[j] for j, _ in chain]
            rccs = [r for _, r in chain[1:]]
            cells = 0
            for s in sets:
                cells |= s.cells
            groups = tuple(_als_group(f"als_{n + 1}", s) for n, s in enumerate(sets))
            rcc_group = ("rcc", tuple((c, r) for (s, t), r in zip(pairwise(sets), rccs, strict=True)
                                      for c in bits(s.places[r] | t.places[r])))
            links = tuple((tuple((c, r) for c in bits(s.places[r])), tuple((c, r) for c in bits(t.places[r])), False)
                          for (s, t), r in zip(pairwise(sets), rccs, strict=True))
            yield Step(tid, eliminations=elims, cells=tuple(bits(cells)),
                       candidates=tuple(x for s in sets for x in _als_group("", s)[1]),
                       houses=tuple(s.house for s in sets), digits=(z,), groups=(*groups, rcc_group), links=links)


#: Most candidates of a Death Blossom's stem cell (one petal each). Stems of 4 candidates (4 disjoint
#: petals) gave 8 more steps on 1095 forum-hardest positions and cost 60% more time at every position
#: that ends in a forcing chain; with 3, HoDoKu's Death Blossom eliminations were all found on the
#: magictour sample (bench/hodoku_als_recall.py).
MAX_STEM = 3
#: Most petal sets tried per stem, digit z and cell losing z (the search for disjoint petals).
MAX_BLOSSOM_TRIES = 64


def _petals(als, petals, sz):
    """One petal per stem digit, from ``petals`` ``[(d, sets)]`` met with ``sz`` (the sets whose every z
    sees the cell), different and pairwise disjoint, smallest sets first: ``[(d, set)]`` in the digits'
    order, or None (none found within :data:`MAX_BLOSSOM_TRIES`)."""
    order = sorted(((q & sz).bit_count(), d, q & sz) for d, q in petals)  # fewest choices first
    chosen: list = [None] * len(order)
    tries = MAX_BLOSSOM_TRIES

    def pick(k, used):
        nonlocal tries
        if k == len(order):
            return True
        _, d, m = order[k]
        while m:
            low = m & -m
            m ^= low
            a = als[low.bit_length() - 1]
            if a.cells & used:
                continue
            tries -= 1
            if tries < 0:
                return False
            chosen[k] = (d, a)
            if pick(k + 1, used | a.cells):
                return True
        return False

    if not pick(0, 0):
        return None
    return sorted(chosen, key=lambda x: x[0])


def find_death_blossom(state: State) -> Iterator[Step]:
    """Death Blossom: a stem cell s and, for each candidate d of s, an ALS (a petal) holding d whose every
    d sees s, so that d is restricted between s and the petal. Whatever s holds, the petal of that digit
    loses it and is locked on its other digits. So for a digit z that is not a candidate of s but is in
    every petal, the petal of s's digit holds z: a cell seeing every z of every petal loses it. The
    petals are different sets with no cell in common (as HoDoKu's, without overlap; one set tied to s by
    two digits would be a doubly linked ALS-XZ, found before).

    Bit-parallel over ALS indices with :func:`_seen_by`: the petals of (s, d) are ``seen[d][s]``, and
    the sets whose every z sees a cell e are ``seen[z][e]``; e can lose z only when, for every d, the
    two meet. Then a small search picks disjoint petals (the smallest first, at most
    :data:`MAX_BLOSSOM_TRIES` tries per cell)."""
    cand = state.cand
    where = tuple(state.where)
    shape = _shape(state.geo)
    n = state.geo.n
    als = _all_als(shape, where)
    if not als:
        return
    same, seen = _seen_by(shape, where)
    has = [0] * (n + 1)  # has[z]: the sets holding z
    for z in range(1, n + 1):
        for group in same[z].values():
            has[z] |= group
    found = []
    for s, m in enumerate(cand):
        if m & (m - 1) == 0 or m.bit_count() > MAX_STEM:
            continue  # filled, a single (found long before), or too many petals to find
        sb = 1 << s
        petals = []
        for d in bits(m):
            q = seen[d].get(sb, 0)
            if not q:
                break
            petals.append((d, q))
        else:
            for z in range(1, n + 1):
                if m >> z & 1 or not where[z]:
                    continue
                hz = has[z]
                qs = [q & hz for _, q in petals]  # the petals of each digit that hold z
                if not all(qs):
                    continue
                # The cells the sets of the digit with fewest choices could make lose z, then the others.
                few = min(qs, key=int.bit_count)
                reach = 0
                while few:
                    low = few & -few
                    few ^= low
                    reach |= als[low.bit_length() - 1].sees[z]
                reach &= where[z]
                left = 0  # the cells holding z that every petal of some choice sees
                sx = seen[z]
                while reach:
                    e = reach & -reach
                    reach ^= e
                    sz = sx[e]
                    for q in qs:
                        if not q & sz:
                            break
                    else:
                        left |= e
                while left:
                    e = left & -left
                    left ^= e
                    chosen = _petals(als, petals, seen[z][e])
                    if chosen is None:
                        continue
                    elim = where[z]
                    for _, a in chosen:
                        elim &= a.sees[z]
                    left &= ~elim
                    size = sum(a.cells.bit_count() for _, a in chosen)
                    found.append((size, -elim.bit_count(), s, z, elim, chosen))
    found.sort(key=lambda f: f[:4])
    seen_elims = set()
    for _, _, s, z, elim, chosen in found:
        elims = tuple((c, z) for c in bits(elim))
        if elims in seen_elims:
            continue
        seen_elims.add(elims)
        sets = [a for _, a in chosen]
        cells = 1 << s
        for a in sets:
            cells |= a.cells
        stem = ("stem", tuple((s, d) for d in bits(cand[s])))
        groups = tuple(_als_group(f"petal_{d}", a) for d, a in chosen)
        rcc = ("rcc", tuple((c, d) for d, a in chosen for c in (s, *bits(a.places[d]))))
        yield Step("death_blossom", eliminations=elims, cells=tuple(bits(cells)),
                   candidates=stem[1] + tuple(x for a in sets for x in _als_group("", a)[1]),
                   houses=tuple(dict.fromkeys(a.house for a in sets)), digits=(z,), groups=(stem, *groups, rcc))
