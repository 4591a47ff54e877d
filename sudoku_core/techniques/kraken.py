"""Kraken fish, type 1 (HoDoKu's name): a finned fish whose fins do not all see a place, and a chain from
each fin that removes the digit there.

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
candidate of the position; :func:`sudoku_core.rate.find_steps` and a request by id find it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..candidates import State, bits
from ..step import Link, Step
from .forcing import _analyse, _links_to, _trace

#: Most fins a Kraken fish may have.
MAX_FINS = 5
SIZES = (2, 3, 4)


def _killers(a, d: int, wd: int) -> dict[int, int]:
    """For each place ``t`` of ``d`` (bit set ``wd``) still open after the position's own singles: the places
    ``f`` of ``d``, open too, such that "``f`` is ``d``" leaves ``t`` without ``d`` in the analysis ``a`` (its
    branch removes it, or contradicts itself). A fin must be open: one the singles decide leaves a
    plainer fish, and no chain to draw."""
    kill_by: dict[int, int] = {}
    for f in bits(wd):
        r = a.on.get((f, d), False)
        if r is False:  # decided by the position's own singles: no fin (the fish is a plainer one)
            continue
        kill = wd if r is None else wd & ~r[d]
        for t in bits(kill & a.W[d] & ~a.P):  # a place the position's own singles decide is no target
            kill_by[t] = kill_by.get(t, 0) | 1 << f
    return kill_by


def _fish(state: State, d: int, kill_by: dict[int, int]) -> list[tuple]:
    """Kraken fish on ``d``: ``(base houses, cover houses, fins, eliminated cells)``, one per elimination,
    smallest and fewest fins first."""
    n = state.geo.n
    hb, peer = state.t.house_bits, state.t.peer_bits
    wd = state.where[d]
    found = []
    for k in SIZES:
        for base_kind, cover_kind in ((0, 1), (1, 0)):
            lines = [h for h in range(base_kind * n, base_kind * n + n)
                     if hb[h] & wd and (hb[h] & wd).bit_count() <= k + MAX_FINS]
            for base in combinations(lines, k):
                B = 0
                for h in base:
                    B |= hb[h] & wd
                crosses = [h for h in range(cover_kind * n, cover_kind * n + n) if hb[h] & B]
                for cover in combinations(crosses, k):
                    C = 0
                    for h in cover:
                        C |= hb[h] & wd
                    fins = B & ~C
                    nf = fins.bit_count()
                    if not nf or nf > MAX_FINS or any(not hb[h] & C for h in base):
                        continue
                    targets = C & ~B
                    if not targets:
                        continue
                    sees_all = targets
                    for f in bits(fins):
                        sees_all &= peer[f]
                    elims = tuple(t for t in bits(targets & ~sees_all) if not fins & ~kill_by.get(t, 0))
                    if elims:
                        found.append((k, nf, base, cover, tuple(bits(fins)), elims))
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
        kill_by = _killers(a, d, wd)
        for base, cover, fins, elims in _fish(state, d, kill_by):
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
