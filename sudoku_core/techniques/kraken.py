"""Kraken fish (HoDoKu's names). Type 1: a finned fish whose fins do not all see a place, and a chain from
each fin that removes the digit there. Type 2 (:func:`find_kraken_fish_2`): a fish and one cover house,
whose base places and the fins each remove the same candidate, of any digit.

A finned fish of size k on digit d: k *base* lines (rows, or columns) and k *cover* lines of the other
direction, every base place for d in the cover but the *fins*. Take a place ``t`` of d in the cover
outside the base. Either no fin holds d, and the fish stands, so d leaves ``t``; or some fin holds d.
When "fin ``f`` is d" forces "``t`` is not d" for every fin ``f`` (by propagation, or because the fin's
branch contradicts itself, so the fin is not d), ``t`` loses d either way. A place that sees every fin
is left to the finned fish of ``fish.py``; the Kraken step is about the others.

The implications are not searched again: they are the level-0 branches of the forcing-chain analysis
of the position (:class:`~sudoku_core.techniques.forcing._Analysis`: "``c`` is d" followed with
singles), computed once per position and shared with the forcing chain finders. For each digit the
branches give, for each place ``t``, the set of places whose branch removes d from ``t``; a fish then
only needs ``fins`` inside that set, one bit-set test per target.

Bounds: sizes 2-4 (X-Wing to Jellyfish), at most :data:`MAX_FINS` fins, rows against columns only
(no Franken or Mutant base: HoDoKu's Kraken default searches Franken too, which is left out here), and
only positions within the forcing analysis' budget (:data:`~sudoku_core.techniques.forcing.MAX_BRANCHES`
open candidates). One fish per elimination, smallest fish and fewest fins first. The step carries the
fish like a finned fish (``houses``, ``cover``, ``fins``, ``cells``) and the chain from each fin as
``links`` (the forcing chains' format), which the page draws.

Off the solver's ladder (``ladder=False``): like the forcing chains, it needs the analysis of every
candidate of the position; :func:`sudoku_core.rate.find_steps` and a request by id find it. Cost, with
the analysis computed afresh (CPU time, every position of the logic paths): 12 / 9 ms median (types 1
/ 2), 57 / 52 ms p90 on 20 diabolical puzzles; 32 / 36 ms median on 7 forum-hardest ones; about 0.3 s
on an open 16x16.

Type 2 (HoDoKu's): a fish, basic or finned, and one of its cover houses. Either a fin holds d, or the
fish stands and that house's d is one of the base places in it; so one of those places and fins (the
*starts*) holds d, and a candidate of any digit that every start's branch removes is false. Each
(fish, cover house) is a few ORs of the analysis' packed branches, memoised on its starts; starts that
are every place of the house, with no fin, are a unit forcing chain and left out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..candidates import State, _shape, bits, tables
from ..grid import geometry
from ..step import Link, Step
from .forcing import _analyse, _links_to, _trace

#: Most fins a Kraken fish may have.
MAX_FINS = 5
SIZES = (2, 3, 4)


def _killers(a, d: int, wd: int) -> dict[int, int]:
    """For each place ``f`` of ``d`` (bit set ``wd``) still open after the position's own singles: the places
    ``t`` of ``d``, open too, that "``f`` is ``d``" leaves without ``d`` in the analysis ``a`` (its branch
    removes it, or contradicts itself), as a bit set. A fin must be open: one the singles decide leaves a
    plainer fish, and no chain to draw."""
    kills: dict[int, int] = {}
    open_d = a.W[d] & ~a.P  # a place the position's own singles decide is no target
    for f in bits(wd):
        r = a.on.get((f, d), False)
        if r is False:  # decided by the position's own singles: no fin (the fish is a plainer one)
            continue
        kill = (wd if r is None else wd & ~r[d]) & open_d
        if kill:
            kills[f] = kill
    return kills


def _fishes(state: State, d: int) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], int, int, int], ...]:
    """Rows/columns fish on ``d`` of size 2-4 with at most :data:`MAX_FINS` fins, every base line meeting
    the cover: ``(size, base houses, cover houses, base places, cover places, fins)``, places as bit sets.
    Both Kraken types search the same fish: they are listed once per digit's places (memoised, like the
    complex fish), so the second type at a position reads the first one's list (issue 33)."""
    return _fish_list(_shape(state.geo), state.where[d])


@lru_cache(maxsize=128)
def _fish_list(shape: tuple, wd: int) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], int, int, int], ...]:
    """:func:`_fishes` of the places ``wd`` of one digit on the grid of ``shape``."""
    return tuple(_search(shape, wd))


def _search(shape: tuple, wd: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...], int, int, int]]:
    geo = geometry(*shape)
    n = geo.n
    hb = tables(geo).house_bits
    # Each cover line a base place meets but the fish leaves out holds a fin, so a base meets at most
    # k + MAX_FINS cross lines: the bases are grown line by line within that bound.
    met = [0] * (2 * n)  # line -> the cross lines its places meet (a bit set of house numbers)
    for h in range(2 * n):
        for c in bits(hb[h] & wd):
            met[h] |= 1 << (n + c % n if h < n else c // n)
    out: list[tuple[int, tuple[int, ...], tuple[int, ...], int, int, int]] = []
    for k in SIZES:
        for base_kind, cover_kind in ((0, 1), (1, 0)):
            lines = [h for h in range(base_kind * n, base_kind * n + n)
                     if hb[h] & wd and met[h].bit_count() <= k + MAX_FINS]
            for base in _bases(lines, met, k, k + MAX_FINS):
                B = 0
                for h in base:
                    B |= hb[h] & wd
                crosses = [h for h in range(cover_kind * n, cover_kind * n + n) if hb[h] & B]  # <= k + MAX_FINS
                _covers(out, k, base, B, crosses, hb, wd)
    return out


def _covers(out: list, k: int, base: tuple[int, ...], B: int, crosses: list[int], hb: Sequence[int], wd: int) -> None:
    """Append to ``out`` the fish of ``base`` (places ``B``): each ``k``-set of ``crosses`` (in the order of
    ``itertools.combinations``) that leaves at most :data:`MAX_FINS` fins and meets every base line. A base
    place lies on one cross line, so the cross lines left out before the last one taken hold fins already:
    a set is dropped as soon as those outnumber the cap (most of the sets: the same fish, found sooner)."""
    m = len(crosses)
    part = [hb[h] & B for h in crosses]  # each cross line's base places (disjoint)
    count = [x.bit_count() for x in part]
    places = [hb[h] & wd for h in crosses]
    total = B.bit_count()

    def take(start: int, cover: tuple[int, ...], got: int, left_out: int, C: int) -> None:
        need = k - len(cover)
        for i in range(start, m - need + 1):
            if need == 1:
                if total - got - count[i] <= MAX_FINS:
                    c = C | places[i]
                    if all(hb[h] & c for h in base):
                        out.append((k, base, (*cover, crosses[i]), B, c, B & ~c))
            else:
                take(i + 1, (*cover, crosses[i]), got + count[i], left_out, C | places[i])
            left_out += count[i]
            if left_out > MAX_FINS:
                return

    take(0, (), 0, 0, 0)


def _bases(lines: list[int], met: list[int], k: int, limit: int) -> Iterator[tuple[int, ...]]:
    """The ``k``-sets of ``lines`` (in order) whose cross lines met (``met[line]``, a bit set) number at
    most ``limit``, grown depth first and cut as soon as they meet too many."""
    def grow(start: int, base: tuple[int, ...], union: int) -> Iterator[tuple[int, ...]]:
        if len(base) == k:
            yield base
            return
        for i in range(start, len(lines) - (k - len(base)) + 1):
            u = union | met[lines[i]]
            if u.bit_count() <= limit:
                yield from grow(i + 1, (*base, lines[i]), u)
    return grow(0, (), 0)


def _fish(state: State, d: int, kills: dict[int, int]) -> list[tuple]:
    """Kraken fish on ``d``: ``(base houses, cover houses, fins, eliminated cells)``, one per elimination,
    smallest and fewest fins first (``kills``: :func:`_killers`)."""
    peer = state.t.peer_bits
    found = []
    for k, base, cover, B, C, fins in _fishes(state, d):
        targets = C & ~B
        if not fins or not targets:
            continue
        # A target is eliminated when some fin does not see it and every fin kills it (bit-parallel).
        sees_all = killed = targets
        m = fins
        while m and killed:
            low = m & -m
            f = low.bit_length() - 1
            sees_all &= peer[f]
            killed &= kills.get(f, 0)
            m ^= low
        killed &= ~sees_all
        if killed:
            found.append((k, fins.bit_count(), base, cover, tuple(bits(fins)), tuple(bits(killed))))
    found.sort(key=lambda x: (x[0], x[1]))
    done = 0
    out = []
    for _, _, base, cover, fin_cells, elims in found:
        new = sum(1 << t for t in elims) & ~done
        if new:
            done |= new
            out.append((base, cover, fin_cells, elims))
    return out


def find_kraken_fish_1(state: State) -> Iterator[Step]:
    a = _analyse(state, 0)
    if not a.ok:
        return
    hb = state.t.house_bits
    for d in range(1, state.geo.n + 1):
        wd = state.where[d]
        if not wd:
            continue
        kills = _killers(a, d, wd)
        if not kills:
            continue  # no fin kills anything: no Kraken fish on d
        for base, cover, fins, elims in _fish(state, d, kills):
            B = 0
            for h in base:
                B |= hb[h] & wd
            pattern = tuple(c for c in bits(B) if c not in fins)
            links: list[Link] = []
            for f in fins:
                why, clash = _trace(a, f, d, True)
                for link in _links_to(why, clash or [(t, d, False) for t in elims]):
                    if link not in links:
                        links.append(link)
            yield Step("kraken_fish_1", eliminations=tuple((t, d) for t in elims), cells=pattern,
                       candidates=tuple((c, d) for c in pattern), houses=base, cover=cover, digits=(d,),
                       fins=tuple((f, d) for f in fins), links=tuple(links))


def _type2(state: State, a) -> list[tuple]:
    """Kraken fish type 2: ``(digit, base, cover, cover house, start places, eliminated (cell, digit))``,
    one per elimination (smallest fish, fewest fins, fewest start places first)."""
    tab = a.tab
    N, on, Wp = tab.ncells, a.on_packed, a.W_packed
    hb = state.t.house_bits
    # One entry per (digit, start places): the same starts eliminate the same, so of the fish and cover
    # houses that give them only the first in the order below (smallest fish, fewest fins, then found
    # first) can add an elimination; the others are not kept, and the order is the same as sorting all.
    best: dict[tuple[int, int], tuple] = {}  # (digit, start places) -> its first entry, or () if none
    open_all = 0  # the candidates the position's own singles leave open, packed
    for e, shift in tab.slices:
        open_all |= (a.W[e] & ~a.P) << shift
    i = 0
    for d in range(1, state.geo.n + 1):
        wd = state.where[d]
        if not wd:
            continue
        open_d = a.W[d] & ~a.P
        set_d = wd & ~open_d & a.W[d]  # the places that are d already
        on_d = on[(d - 1) * N:d * N]  # the digit's branches by cell
        for k, base, cover, B, _, fins in _fishes(state, d):
            nf = fins.bit_count()
            for h in cover:
                S = (B & hb[h]) | fins
                if S & set_d:  # a start place is d already: nothing follows from the rest
                    continue
                S &= open_d  # a place the singles rule out cannot be the true one
                if not S or (not fins and (hb[h] & open_d) == S):  # every place of a house: a unit chain
                    continue
                i += 1
                key = (d, S)
                got = best.get(key)
                if got is None:
                    u = 0
                    live = False
                    y = S
                    while y:
                        low = y & -y
                        y ^= low
                        r = on_d[low.bit_length() - 1]
                        if r is not None:
                            u |= r
                            live = True
                    x = Wp & ~u & open_all if live else 0
                    best[key] = (k, nf, S.bit_count(), i, d, base, cover, h, S, x) if x else ()
                elif got and (k < got[0] or (k == got[0] and nf < got[1])):
                    best[key] = (k, nf, got[2], i, d, base, cover, h, S, got[9])
    found = sorted(x for x in best.values() if x)
    done = 0
    out = []
    for _, _, _, _, d, base, cover, h, S, got in found:
        new = got & ~done
        if new:
            done |= got
            elims = tuple(sorted((i % N, i // N + 1) for i in bits(got)))
            out.append((d, base, cover, h, tuple(bits(S)), elims))
    return out


def find_kraken_fish_2(state: State) -> Iterator[Step]:
    """Kraken fish type 2 (HoDoKu's): a fish, basic or finned, and one of its cover houses. Either a fin
    holds the digit, or the fish stands and the cover house's digit is one of the base places in it; so
    one of those places and fins holds it. A candidate (of any digit) that each of them, followed with
    singles, removes (or whose branch contradicts itself) is false."""
    a = _analyse(state, 0)
    if not a.ok:
        return
    hb = state.t.house_bits
    for d, base, cover, h, starts, elims in _type2(state, a):
        wd = state.where[d]
        B = 0
        for b in base:
            B |= hb[b] & wd
        fins = tuple(c for c in bits(B) if not any(hb[x] >> c & 1 for x in cover))
        links: list[Link] = []
        for c in starts:
            why, clash = _trace(a, c, d, True)
            for link in _links_to(why, clash or [(x, e, False) for x, e in elims]):
                if link not in links:
                    links.append(link)
        yield Step("kraken_fish_2", eliminations=elims, cells=starts, candidates=tuple((c, d) for c in starts),
                   houses=base, cover=(h, *(x for x in cover if x != h)), digits=(d,),
                   fins=tuple((f, d) for f in fins), links=tuple(links))
