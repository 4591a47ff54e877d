"""Franken and Mutant fish, basic and finned: fish whose base or cover sets mix rows, columns and boxes.

Vocabulary (HoDoKu's): a fish of size k on digit d has k *base* houses and k *cover* houses, no house in
both, every base place for d in some cover house. Kinds by the houses used (0 row, 1 column, 2 box): a
*basic* fish has rows against columns (``fish.py``); a *Franken* fish has rows (and boxes) against
columns (and boxes), or columns (and boxes) against rows (and boxes), with a box on some side; every
other mix (rows and columns on one side) is a *Mutant* fish. Only rows, columns and boxes (regions) are
used, never a variant's extra houses, and fins see eliminations through the geometry's peers, so the
finder is sound on any grid whose houses hold every digit once.

Why it holds. Let the base houses not share a place for d (a place in two base houses is an *endo fin*)
and call *fins* the endo fins and the base places outside every cover house (*exo fins*). Suppose no fin
holds d. Each base house holds d once, at k different places (two base houses share only fins), each in a
cover house; the k cover houses hold d k times counting a place in two covers twice, so each cover's d
is one of the base's and lies in one cover only. Hence d is in no cover place outside the base, and in
no base place of two covers (*cannibalistic* elimination). When some fin holds d instead, a place that
sees every fin cannot hold it; so with fins the eliminations are those that also see every fin.

First, the template check (HoDoKu's too): a fish only uses "each house holds d once", which every
*template* of d obeys (one place in each row, column and box still without d), so it can eliminate no
place that lies on a template (:func:`template_cells`, a row-by-row search memoised on the columns and
boxes used: about 0.05 ms a digit). Most digits of most positions have no place off every template, and
are done at once; the others give the only *targets* an elimination may hit.

Search, per digit with targets, over bit sets of cells (the digit's places ``state.where[d]``, each
house's part of it): base sets by a depth-first search over the houses that hold d and that the kind
allows (at most ``MAX_ENDO_FINS`` endo fins); for each, covers driven by the base cells, not by
combinations: the lowest base place not yet covered is either covered by one of its (at most 3) houses
that is not in the base, or made a fin (at most ``MAX_FINS``, and only while the fins still have a
common peer among the targets not yet eliminated; a base whose endo fins see no target is dropped, and
when no cover house so far holds a target, the last one must, outside the base). A partial cover is
dropped as soon as the places left that no cover house could hold two of outnumber the covers and fins
still to come, or, in a round that still needs two or more fins, no target sees that many of the places
left (issue 33: a 16x16's finned Mutant Jellyfish in half the time). A fish covered by fewer than k
houses is completed by further houses meeting the base. One fish is kept per place it eliminates (HoDoKu's "one per
elimination"), the fewest fins first (rounds of a fin cap of 1, then exactly 2, ... 5 exo fins; the rounds
past :data:`ALONE` are one search whose fish are then taken in the rounds' order); it stops when every
target is eliminated. Caps are HoDoKu's find-all defaults: size up to 4 (Jellyfish), 5 fins, 2
endo fins. Memoised per ``(geometry, cell set, size, finned, kind)`` like the basic fish.

Cost and place: on 24 positions of forum-hardest puzzles (tests/data/samples), 0.01-0.3 ms a digit for
each Franken size and kind, up to 2.3 ms for finned Mutant Jellyfish (before the template check: 2-160
ms). Still, tried at every step of the rating they cost forum_hardest about 36 ms a puzzle (median, 20
puzzles, the budget's margin is 10-35 ms), so they are off the solver, hint and rating ladder
(``ladder=False`` in the table): :func:`sudoku_core.rate.find_steps` (every step in a position) and a
request by id find them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from ..candidates import State, _shape, bits, tables
from ..grid import geometry
from ..step import Step
from . import Finder

#: HoDoKu's find-all caps (its defaults): fins outside the cover, and places shared by two base houses.
MAX_FINS = 5
MAX_ENDO_FINS = 2
#: The fin rounds searched one at a time (fish of 0-1, then exactly 2 exo fins); the rounds of 3 to MAX_FINS
#: exo fins are one search, kept in the same order (:func:`_search`). One at a time, a round that takes the
#: last target ends the search; in one, a digit whose last targets no fish takes is searched once, not
#: three times. At 2, the finned Franken and Mutant fish of a 16x16 start (6 positions, 3 puzzles, 3
#: interleaved runs, CPU medians) took 461 / 405 / 1548 ms before, 441 / 396 / 1208 ms after (mid: the same
#: within 3%); at 1, 995 ms on the third but 478 / 465 ms on the first two.
ALONE = 2
#: A bound on the memo of :func:`template_cells` (a 9x9 needs a few hundred states at most).
TEMPLATE_STATES = 20000
SIZE_NAMES = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
BASIC, FRANKEN, MUTANT = "basic", "franken", "mutant"


def kind_of(base_kinds: set[int], cover_kinds: set[int]) -> str:
    """The fish's kind from the kinds of its base and cover houses (0 row, 1 column, 2 box)."""
    if (base_kinds, cover_kinds) in (({0}, {1}), ({1}, {0})):
        return BASIC
    if (base_kinds <= {0, 2} and cover_kinds <= {1, 2}) or (base_kinds <= {1, 2} and cover_kinds <= {0, 2}):
        return FRANKEN
    return MUTANT


#: The houses (as kinds: 0 row, 1 column, 2 box) a base and its cover may take, for each kind of fish.
SIDES = {FRANKEN: (((0, 2), (1, 2)), ((1, 2), (0, 2))), MUTANT: (((0, 1, 2), (0, 1, 2)),)}


@lru_cache(maxsize=1 << 12)
def template_cells(shape: tuple, wd: int) -> int:
    """The places of ``wd`` that lie on some *template* of the digit: one place in every row, column and
    box (region), all in ``wd``. A fish only uses "each house holds the digit once", which every
    template obeys, so it can eliminate no place of a template (HoDoKu's template check); the places
    it may eliminate are ``wd`` without these. Row by row, memoised on the columns and boxes used; past
    :data:`TEMPLATE_STATES` states (a wide-open 16x16 or 25x25) it stops and answers ``wd`` (no place
    ruled out: no fish is searched, which loses fish but never soundness)."""
    geo = geometry(*shape)
    t = tables(geo)
    n = geo.n
    # Rows without a place hold the digit already (their column and box have no place either).
    rows = [[(c, 1 << t.col_of[c], 1 << t.box_of[c]) for c in bits(t.house_bits[r] & wd)]
            for r in range(n) if t.house_bits[r] & wd]
    memo: dict[tuple[int, int, int], int] = {}
    done = 1 << (n * n)  # a marker bit: "some completion exists"

    def fill(r: int, cols: int, boxes: int) -> int:
        if r == len(rows):
            return done
        key = (r, cols, boxes)
        got = memo.get(key)
        if got is None:
            if len(memo) >= TEMPLATE_STATES:
                raise _TooMany
            got = 0
            for c, cb, bb in rows[r]:
                if not cols & cb and not boxes & bb:
                    rest = fill(r + 1, cols | cb, boxes | bb)
                    if rest:
                        got |= rest | 1 << c
            memo[key] = got
        return got

    try:
        return fill(0, 0, 0) & (done - 1)
    except _TooMany:
        return wd


class _TooMany(Exception):
    """The template search passed :data:`TEMPLATE_STATES`."""


@lru_cache(maxsize=1 << 12)
def _search(shape: tuple, wd: int, k: int, finned: bool, kind: str) -> tuple:
    """Franken or Mutant (``kind``) fish of size ``k`` on one digit whose places are ``wd``, one for
    each place it can eliminate (the first found; the fewest fins first): tuples ``(base houses, cover
    houses, fin cells, eliminated cells)``, fins empty unless ``finned`` (then never empty)."""
    geo = geometry(*shape)
    t = tables(geo)
    n = geo.n
    hb = t.house_bits
    peer = t.peer_bits
    targets = wd & ~template_cells(shape, wd)  # the only places a fish can eliminate
    if not targets:
        return ()
    houses = [h for h in range(3 * n) if hb[h] & wd]
    hm = {h: hb[h] & wd for h in houses}
    own = {c: geo.cell_houses[c][:3] for c in bits(wd)}
    max_endo = MAX_ENDO_FINS if finned else 0
    found: list[tuple] = []
    done = 0  # places some fish found already eliminates
    # What the prunes read as ``done`` at a node of the search with f exo fins so far: ``dn[f]``, the places
    # that every fish of f or more exo fins found below it comes too late to add (see ``pending``).
    dn = [0] * (MAX_FINS + 1)
    max_fins = min_fins = 0
    cover_ok: tuple[int, ...] = ()
    own_ok: dict[int, tuple[int, ...]] = {}  # own[c]'s houses of the kinds the covers may take
    own_bits: dict[int, int] = {}  # the same as bits over houses, keyed by the cell's bit

    def finish(base: tuple[int, ...], covers: list[int], union: int, exo: int, endo: int) -> None:
        nonlocal done
        if kind_of({h // n for h in base}, {h // n for h in covers}) != kind:
            return
        seen = twice = 0
        for h in covers:
            twice |= seen & hm[h]
            seen |= hm[h]
        fins = exo | endo
        sees = wd & ~fins
        for f in bits(fins):
            sees &= peer[f]
        elims = ((seen & ~union) | (twice & union)) & sees
        if pending is not None:  # rounds 2.. in one search: kept aside, taken in round order afterwards
            f = exo.bit_count()
            if elims & ~dn[f]:
                pending.append((f, side, len(pending), elims,
                                (base, tuple(sorted(covers)), tuple(bits(fins)), tuple(bits(elims)))))
                for i in range(0 if f == min_fins else f, MAX_FINS + 1):
                    dn[i] |= elims
        elif elims & ~done:
            done |= elims
            found.append((base, tuple(sorted(covers)), tuple(bits(fins)), tuple(bits(elims))))
            for i in range(MAX_FINS + 1):
                dn[i] = done

    def pad(base: tuple[int, ...], covers: list[int], union: int, exo: int, endo: int) -> None:
        """Complete a fish covered by fewer than k houses with houses meeting the base (no exo fin in them)."""
        spare = [h for h in houses if h // n in cover_ok and h not in base and h not in covers and hm[h] & union
                 and not hm[h] & exo]
        for extra in combinations(spare, k - len(covers)):
            finish(base, covers + list(extra), union, exo, endo)

    def cover(base: tuple[int, ...], bset: int, union: int, endo: int, todo: int, covers: list[int], cov: int,
              exo: int, nfins: int, sees: int) -> None:
        """Cover the base places ``todo`` (base houses ``bset`` as bits; covers so far ``covers``, their places
        ``cov``; exo fins so far ``exo``; ``sees``: the places not yet eliminated that see every fin so far)."""
        if nfins + todo.bit_count() < min_fins:  # too few places left to make the fins this round asks for
            return
        if nfins + 1 < min_fins:
            # Two or more fins still to make, all among the places left, all seeing one place an elimination
            # could still hit (``sees``): some such place must see that many of them.
            need, s = min_fins - nfins, sees
            while s:
                low = s & -s
                s ^= low
                if (peer[low.bit_length() - 1] & todo).bit_count() >= need:
                    break
            else:
                return
        if not todo:
            if not finned or exo | endo:
                pad(base, covers, union, exo, endo)
            return
        if len(covers) == k - 1:
            last(base, bset, union, endo, todo, covers, cov, exo, nfins, sees)
            return
        # Places left no cover house can hold two of (picked greedily) each take a cover or a fin of their own.
        spare = k - len(covers) + max_fins - nfins
        used, m = 0, todo
        while m:
            low = m & -m
            m ^= low
            hs = own_bits[low] & ~bset
            if not hs & used:
                used |= hs
                spare -= 1
                if spare < 0:
                    return
        low = todo & -todo
        c = low.bit_length() - 1
        for h in own_ok[c]:
            m = hm[h]
            if bset >> h & 1 or m & exo:  # an exo fin stays outside every cover
                continue
            covers.append(h)
            cover(base, bset, union, endo, todo & ~m, covers, cov | m, exo, nfins, sees)
            covers.pop()
        if nfins < max_fins:
            s = sees & peer[c] & targets & ~dn[nfins + 1]
            if s:
                cover(base, bset, union, endo, todo & ~low, covers, cov, exo | low, nfins + 1, s)

    def last(base: tuple[int, ...], bset: int, union: int, endo: int, todo: int, covers: list[int], cov: int,
             exo: int, nfins: int, sees: int) -> None:
        """:func:`cover` with one cover house left to choose, as a loop (the search spends most of its calls
        here): the lowest place not covered is covered by the last house, and the rest are fins, or it is
        a fin and the next place is tried; the same fish in the same order as the recursion."""
        while True:
            if nfins + todo.bit_count() < min_fins:
                return
            if not todo:
                if not finned or exo | endo:
                    pad(base, covers, union, exo, endo)
                return
            low = todo & -todo
            c = low.bit_length() - 1
            # The last cover house: an elimination lies in a cover house, outside the base unless two
            # covers hold it; so when no cover so far holds a place still to eliminate, the last one must,
            # outside the base (fins added later only narrow ``sees``, and ``done`` only grows).
            live = targets & ~dn[nfins] & sees
            if not live:
                return
            live = -1 if cov & live else live & ~union
            for h in own_ok[c]:
                m = hm[h]
                if bset >> h & 1 or m & exo or not m & live:  # an exo fin stays outside every cover
                    continue
                rest = todo & ~m  # the places left can only be fins
                fins = exo
                if rest:
                    left = nfins + rest.bit_count()
                    if left < min_fins or left > max_fins:
                        continue
                    s = sees
                    for f in bits(rest):
                        s &= peer[f]
                    if not s:
                        continue
                    fins |= rest
                elif nfins < min_fins:
                    continue
                if not finned or fins | endo:
                    covers.append(h)
                    finish(base, covers, union, fins, endo)
                    covers.pop()
            if nfins >= max_fins:
                return
            sees = sees & peer[c] & targets & ~dn[nfins + 1]
            if not sees:
                return
            todo, exo, nfins = todo & ~low, exo | low, nfins + 1

    def grow(base_houses: list[int], base: tuple[int, ...], bset: int, union: int, endo: int, start: int,
             sees: int) -> None:
        """Add base houses from ``start`` on (``bset``: the base houses as bits; ``sees``: the targets that see
        every endo fin so far); the last one added, cover the base."""
        full = len(base) == k - 1
        for i in range(start, len(base_houses) - (k - 1 - len(base))):
            h = base_houses[i]
            m = hm[h]
            e = endo | (union & m)
            if e.bit_count() > max_endo or not m & ~e:
                continue
            s = sees
            new = e & ~endo
            while new:
                low = new & -new
                s &= peer[low.bit_length() - 1]
                new ^= low
            if full:
                s &= ~dn[0]
                if s:  # else no place left to eliminate: an elimination sees every fin
                    u = union | m
                    cover((*base, h), bset | 1 << h, u, e, u & ~e, [], 0, 0, 0, s)
            elif s:
                grow(base_houses, (*base, h), bset | 1 << h, union | m, e, i + 1, s)

    def run(low: int, high: int, base_ok: tuple[int, ...], cover_kinds: tuple[int, ...]) -> None:
        """Search the fish of ``low`` to ``high`` exo fins (``low`` 0: fins may all be endo fins)."""
        nonlocal max_fins, min_fins, cover_ok
        max_fins, min_fins, cover_ok = high, low, cover_kinds
        own_ok.update((c, tuple(h for h in hs if h // n in cover_kinds)) for c, hs in own.items())
        own_bits.update((1 << c, sum(1 << h for h in hs)) for c, hs in own_ok.items())
        grow([h for h in houses if h // n in base_ok], (), 0, 0, 0, 0, targets & ~dn[0])  # only targets can go

    # The fewest fins first. A fish of fewer exo fins than a round's cap was met in an earlier round (the
    # prunes only tighten as ``done`` grows), and what it eliminates is in ``done``: the round of cap r
    # looks for exactly r (the first: 0 or 1, with an endo fin if 0). The first ALONE rounds are searched
    # one by one, as they often leave nothing to eliminate; the later ones, each a search of nearly the
    # same tree, are one search (see ALONE): each fish it meets that may still eliminate something new
    # is kept aside (``pending``) with its exo fins, its side and its order, and they are then taken round
    # by round, side by side, in the order met, each that eliminates a place not in ``done`` yet, as the
    # rounds one by one take them. Its prunes read ``dn[f]`` at a node of f exo fins: ``done`` and what
    # the fish kept aside so far of at most f exo fins eliminate (when f is below the search's least, of
    # that least), which the rounds one by one would have in ``done`` before any fish below that node.
    pending: list[tuple] | None = None
    side = 0
    if not finned:
        for base_ok, cover_kinds in SIDES[kind]:
            if targets & ~done:
                run(0, 0, base_ok, cover_kinds)
        return tuple(found)
    for fin_cap in range(1, ALONE + 1):
        for base_ok, cover_kinds in SIDES[kind]:
            if targets & ~done:
                run(fin_cap if fin_cap > 1 else 0, fin_cap, base_ok, cover_kinds)
    if MAX_FINS > ALONE and targets & ~done:
        pending = []
        for i, (base_ok, cover_kinds) in enumerate(SIDES[kind]):
            side = i  # finish() files the fish kept aside under it
            run(ALONE + 1, MAX_FINS, base_ok, cover_kinds)
        for _, _, _, elims, fish in sorted(pending, key=lambda x: x[:3]):
            if elims & ~done:
                done |= elims
                found.append(fish)
    return tuple(found)


def _fish(state: State, k: int, kind: str, finned: bool) -> Iterator[Step]:
    where, n = state.where, state.geo.n
    tech = ("finned_" if finned else "") + f"{kind}_{SIZE_NAMES[k]}"
    for d in range(1, n + 1):
        if not where[d]:
            continue
        for base, covers, fins, elims in _search(_shape(state.geo), where[d], k, finned, kind):
            hb = state.t.house_bits
            union = 0
            for h in base:
                union |= hb[h] & where[d]
            pattern = tuple(c for c in bits(union) if c not in fins)
            yield Step(tech, eliminations=tuple((c, d) for c in elims), cells=pattern,
                       candidates=tuple((c, d) for c in pattern), houses=base, cover=covers, digits=(d,),
                       fins=tuple((f, d) for f in fins))


def _finder(k: int, kind: str, finned: bool = False) -> Finder:
    def find(state: State) -> Iterator[Step]:
        return _fish(state, k, kind, finned)
    return find


find_franken_x_wing = _finder(2, FRANKEN)
find_franken_swordfish = _finder(3, FRANKEN)
find_franken_jellyfish = _finder(4, FRANKEN)
find_finned_franken_x_wing = _finder(2, FRANKEN, True)
find_finned_franken_swordfish = _finder(3, FRANKEN, True)
find_finned_franken_jellyfish = _finder(4, FRANKEN, True)
find_mutant_x_wing = _finder(2, MUTANT)
find_mutant_swordfish = _finder(3, MUTANT)
find_mutant_jellyfish = _finder(4, MUTANT)
find_finned_mutant_x_wing = _finder(2, MUTANT, True)
find_finned_mutant_swordfish = _finder(3, MUTANT, True)
find_finned_mutant_jellyfish = _finder(4, MUTANT, True)
