"""Forcing chains and forcing nets: the last techniques before guessing.

A *branch* assumes one fact (a candidate true, or a candidate false) and follows its consequences with
*propagation*: naked and hidden singles, and at the stronger levels also locked candidates and naked and
hidden pairs, until
nothing more follows or the branch contradicts itself (a cell with no candidate, a digit with no place
in a house, two peers forced to the same digit). Propagation is dynamic: every consequence is applied
before the next one is looked for, so one fact can rest on several earlier ones (a net, not only a
chain).

From the branches:

* contradiction: when "``r1c1=5``" leads to a contradiction, ``r1c1<>5``; when "``r1c1<>5``" does,
  ``r1c1=5`` (``digit_forcing_chain``, variant ``contradiction``);
* verity, digit: a conclusion that follows both from "``r1c1=5``" and from "``r1c1<>5``" is true
  (``digit_forcing_chain``, variant ``verity``);
* cell: a conclusion that follows from every candidate of one cell (``cell_forcing_chain``);
* unit: a conclusion that follows from every place of one digit in one house (``unit_forcing_chain``).

``forcing_net`` is the same search with stronger propagation, in levels. At level k a branch also
applies locked candidates and pairs, and uses the branches of level k-1 of the same position: a candidate Y whose
branch cannot coexist with this one (the two together leave a cell without candidates) is false here,
and one whose *false* branch cannot coexist is true here. (Y implies its branch; if that branch and
this one exclude each other, this one excludes Y.) This stands in for nesting a whole forcing chain
inside every branch, at the cost of one bit-parallel test per candidate instead of a propagation.

The deepest net is *nested* for real (:class:`_Nested`, SE's "nested forcing chains"): inside a branch,
every open candidate Y is tried both ways with singles ("Y" and "not Y" run from the branch's current
state); one that contradicts itself settles Y in the branch, and this repeats until nothing follows. It
is tried first, in its contradiction form only ("Y" whose nested branch contradicts itself is false),
on the branches that eliminate the most at level 0 first, stopping at the first step found: it cracks
most of the hardest known puzzles, whose first step needs nesting. Levels 1 and 2 come only when it
finds nothing (their cell, unit and verity forms).

Each step reports the conclusion(s) reached soonest (one placement when there is one), not all that
the branches agree on: the rest follows by the next, simpler steps, and a hint stays readable.

Representation, for speed: a branch is the list ``W`` of per-digit cell sets (``W[d]`` has bit ``c``
when ``c`` may still hold ``d``; a placed cell keeps only its digit's bit) plus the set ``P`` of cells
whose digit has been propagated. A naked single is found for all cells at once with bit-parallel
counting over the digits; hidden singles and locked candidates are tests of ``W[d] & house``. Digits
whose set did not change since the last scan are not scanned again, and the others only in the houses
that lost a place (a branch started from two propagated states starts from the scan of the nearer).

Every branch of one position is computed once and shared by the four finders and the nested net
(:data:`_RECENT`, a small cache keyed on the position, a cache of a pure function). The level-0
branches of a position start from those of the position before (when it had every candidate this one
has): the singles closure is monotone and unique, so a branch ends inside its earlier result and can
start from the intersection; the results are the ones a cold start gives, only sooner.

Each search is bounded, so a hint never hangs: positions with more open candidates than
:data:`MAX_BRANCHES` (:data:`MAX_NET_BRANCHES` for nets, :data:`MAX_NESTED_BRANCHES` for the nested
net) are not searched, and nets nest at most :data:`MAX_LEVEL` deep.

The step's ``links`` are the implications that prove its conclusion, found by re-running the branch
with a trace: ``(from, to, strong)``, where a weak link (strong False) reads "from is true, so to is
false" and a strong link "from is false, so to is true"; a fact with several causes (a hidden single, a
net) has one link from each cause.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar

from ..candidates import State, Tables, _shape, bits, single_places, tables
from ..grid import geometry
from ..step import Cand, Link, Step

#: ``(cell, digit, value)``: True for "cell is digit", False for "cell is not digit".
Fact = tuple[int, int, bool]
#: Why each fact of a traced branch holds: ``fact -> (depth, the facts it follows from)``.
Why = dict[Fact, tuple[int, tuple[Fact, ...]]]
#: A branch's final per-digit cell sets, or None when the branch contradicts itself.
Branch = tuple[int, ...] | None
#: What every branch agrees on: ``(placements, eliminations)``.
Conclusions = tuple[tuple[Cand, ...], tuple[Cand, ...]]
#: A found step before it is explained: ``(conclusions, where, ...)``.
_Found = TypeVar("_Found", bound=tuple[Any, ...])

#: Most open candidates (branches) a forcing-chain search takes on; a 25x25 grid has up to ~15,000.
MAX_BRANCHES = 1200
#: Most open candidates a forcing-net search takes on (its cost grows with the square of this).
MAX_NET_BRANCHES = 360


#: The bit tables of one geometry (:class:`~sudoku_core.candidates.Tables`): propagation reads ``digits``,
#: ``house_bits``, ``peer_bits``, ``houses_of``, ``locks`` and ``all_cells``; a packed branch ``slices`` and
#: ``folds``.
_Tab = Tables


def _tab(shape: tuple) -> Tables:
    return tables(geometry(*shape))


def _place(W: list[int], P: int, tab: _Tab, d: int, x: int) -> int:
    """Place digit ``d`` in the cells ``x`` (bit set); False on a clash. Returns the new ``P``."""
    peer_bits = tab.peer_bits
    rm = 0
    y = x
    while y:
        low = y & -y
        c = low.bit_length() - 1
        pb = peer_bits[c]
        if pb & x:
            return -1
        rm |= pb
        y ^= low
    W[d] &= ~rm
    keep = ~x
    for e in tab.digits:
        if e != d:
            W[e] &= keep
    return P | x


def propagate(W: list[int], P: int, tab: _Tab, locked: bool = False, scanned: list[int] | None = None) -> int:
    """Apply singles (and locked candidates when ``locked``) to ``W`` in place until nothing follows.

    Returns the final ``P`` (set of propagated cells), or -1 when the position contradicts itself.
    ``scanned[d]`` (changed in place), when given and not 0, is a superset of ``W[d]`` known to hold no
    hidden single: in each house its places for ``d`` are two or more, or one cell already in ``P``.
    The digits whose ``W[d]`` still equals it are not scanned, and the others only in the houses that
    lost a place since (no other house can have changed): most steps of a branch remove a digit from a
    few cells, so this scans a few houses instead of all of them, with the same result.
    """
    digits, house_bits, all_cells, houses_of = tab.digits, tab.house_bits, tab.all_cells, tab.houses_of
    peer_bits = tab.peer_bits
    if scanned is None:
        scanned = [0] * (tab.n + 1)
    lscanned = [0] * (tab.n + 1) if locked else None
    while True:
        ones = twos = 0
        for d in digits:
            w = W[d]
            twos |= ones & w
            ones |= w
        if ones != all_cells:
            return -1
        naked = ones & ~twos & ~P
        if naked:
            # _place without its sweep of the other digits: a naked single's cell holds no other digit.
            for d in digits:
                x = naked & W[d]
                if x:
                    rm, y = 0, x
                    while y:
                        low = y & -y
                        y ^= low
                        pb = peer_bits[low.bit_length() - 1]
                        if pb & x:
                            return -1
                        rm |= pb
                    W[d] &= ~rm
                    P |= x
            continue
        progress = False
        for d in digits:
            w = W[d]
            s = scanned[d]
            if w == s:
                continue
            new = 0
            if s and not w & ~s:
                gone, hs = s ^ w, 0
                while gone:
                    low = gone & -gone
                    hs |= houses_of[low.bit_length() - 1]
                    gone ^= low
                while hs:  # the houses that lost a place, in house order (as the full scan)
                    low = hs & -hs
                    hs ^= low
                    x = w & house_bits[low.bit_length() - 1]
                    if not x:
                        return -1
                    if not (x & (x - 1)) and not (x & P):
                        new |= x
            else:
                for hb in house_bits:
                    x = w & hb
                    if not x:
                        return -1
                    if not (x & (x - 1)) and not (x & P):
                        new |= x
            # What was scanned: placing ``new`` may leave a digit alone in another house.
            scanned[d] = w
            if new:
                P = _place(W, P, tab, d, new)
                if P < 0:
                    return -1
                progress = True
        if progress or not locked:
            if progress:
                continue
            return P
        assert lscanned is not None  # kept whenever locked candidates are
        for d in digits:
            w = W[d]
            if w == lscanned[d]:
                continue
            lscanned[d] = w
            for inter, box_rest, line_rest in tab.locks:
                if w & inter:
                    if not w & box_rest and w & line_rest:
                        w &= ~line_rest
                    elif not w & line_rest and w & box_rest:
                        w &= ~box_rest
            if w != W[d]:
                W[d] = w
                progress = True
        if progress:
            continue
        # Hidden pairs: two digits with the same two places in a house keep those cells to themselves.
        for hb in house_bits:
            seen: dict[int, int] = {}  # two places -> the digit that has them
            for d in digits:
                x = W[d] & hb
                if not x & P and x.bit_count() == 2:
                    e = seen.get(x)
                    if e is None:
                        seen[x] = d
                        continue
                    for f in digits:
                        if f != d and f != e and W[f] & x:
                            W[f] &= ~x
                            progress = True
        # Naked pairs: two bivalue cells of a house with the same two candidates.
        ones = twos = threes = 0
        for d in digits:
            w = W[d]
            threes |= twos & w
            twos |= ones & w
            ones |= w
        pairs = twos & ~threes & ~P
        if pairs:
            masks: dict[int, int] = {}  # cell bit -> its digits
            for d in digits:
                y = W[d] & pairs
                while y:
                    low = y & -y
                    y ^= low
                    masks[low] = masks.get(low, 0) | 1 << d
            for hb in house_bits:
                y = pairs & hb
                if y & (y - 1):
                    by_mask: dict[int, int] = {}  # digits -> the cell bit holding them
                    while y:
                        low = y & -y
                        y ^= low
                        m = masks[low]
                        other = by_mask.get(m)
                        if other is None:
                            by_mask[m] = low
                            continue
                        rest = hb & ~(low | other)
                        for d in digits:
                            if m >> d & 1 and W[d] & rest:
                                W[d] &= ~rest
                                progress = True
        if not progress:
            return P


def _meet(W, T) -> tuple[list[int], list[int]]:
    """``(X, scanned)``: ``X = W & T`` digit by digit, and the ``scanned`` for :func:`propagate` on it,
    in one pass. ``T`` and ``W`` are both propagated states and the ``P`` given covers the single cells of
    both: each digit's set in either of them holds no hidden single left to place, so either may serve;
    the one ``X`` lost fewer cells from leaves fewer houses to scan."""
    X: list[int] = []
    scanned: list[int] = []
    for w, t in zip(W, T, strict=True):
        x = w & t
        X.append(x)
        scanned.append(x if x in (t, w) else t if (t ^ x).bit_count() <= (w ^ x).bit_count() else w)
    return X, scanned


def _base(state):
    """``(W, P)`` of ``state``: per-digit cell sets including placed cells, and the placed cells."""
    W = list(state.where)
    P = 0
    for c, v in enumerate(state.values):
        if v:
            W[v] |= 1 << c
            P |= 1 << c
    return W, P


class _Analysis:
    """Every branch of one position at one strength: ``on[(c, d)]`` / ``off[(c, d)]`` is the final ``W``
    of the branch (a tuple) or None when it contradicts itself. ``off`` is filled on demand."""

    def __init__(self, shape: tuple, W0: tuple[int, ...], P0: int, level: int,
                 donor: _Analysis | None = None) -> None:
        self.tab = tab = _tab(shape)
        self.shape = shape
        self.level = level
        W = list(W0)
        P = propagate(W, P0, tab)
        self.ok = P >= 0
        self.W, self.P = W, P
        self.on: dict = {}
        self.off: dict = {}
        self._W_packed: int | None = None
        self._on_packed: list[int | None] | None = None
        self._off_packed: list[int | None] | None = None
        self.prev = None
        self.logs: dict[Fact, list[Fact]] = {}  # only a nested net settles facts in its branches (_Nested.logs)
        #: :func:`_trace`'s answers, per assumption: every finder that explains a step from this analysis
        #: (the forcing chains, both Kraken fish) traces the same branches again and again.
        self.traces: dict[Fact, tuple[Why, tuple[Fact, ...] | None]] = {}
        self.trace_start: tuple[list[int], list[int], list[int]] | None = None  # see _trace_start
        # A level-0 analysis of an earlier position with every candidate of this one (a step ago):
        # its branches are warm starts (see _branch). Only a speed-up: the results are the same.
        self.donor = None
        if not self.ok:
            return
        if donor is not None and not level and all(w & ~v == 0 for w, v in zip(W, donor.W, strict=True)):
            self.donor = donor
            donor.donor = None
        # The budget: a search that would be too long is not started (a net costs about the square of
        # the branches), so a hint never hangs, and the result does not depend on the machine's speed.
        if sum((W[d] & ~P).bit_count() for d in tab.digits) > (MAX_NET_BRANCHES if level else MAX_BRANCHES):
            self.ok = False
            return
        self.prev = prev = _analysis(shape, W0, P0, level - 1) if level else None
        if prev is not None and not prev.ok:
            self.ok = False
            return
        for d in tab.digits:
            for c in bits(W[d] & ~P):
                self.on[c, d] = self._branch(c, d, True)

    def run(self, W: list[int], P: int) -> int:
        """This analysis's propagation on ``W`` (in place): the returned ``P``, or -1."""
        return _run(W, P, self.tab, self.level, self.prev)

    def _branch(self, c: int, d: int, on: bool) -> Branch:
        donor = self.donor
        if donor is not None:
            # The singles closure is monotone and unique: with fewer candidates than the donor's
            # position, this branch ends inside the donor's, so it can start from their intersection
            # (and a branch that contradicted there contradicts here).
            T = (donor.on if on else donor.off).get((c, d), False)
            if T is None:
                return None
            if T is not False:
                W, scanned = _meet(self.W, T)
                if list(T) == W:
                    return T
                P = propagate(W, self.P | _singles(T, self.tab), self.tab, scanned=scanned)
                return tuple(W) if P >= 0 else None
        W = list(self.W)
        if on:
            P = _place(W, self.P, self.tab, d, 1 << c)
        else:
            W[d] &= ~(1 << c)
            P = self.P
        if P >= 0:
            # The position is closed under singles, so its sets serve as ``scanned``: a branch rescans
            # only the houses that lost a place (the same closure, sooner).
            P = _run(W, P, self.tab, self.level, self.prev, list(self.W))
        return tuple(W) if P >= 0 else None

    def _packed(self, table: dict[Cand, Branch]) -> list[int | None]:
        """Branches as a list indexed by node ``(d - 1) * ncells + c``: packed int, None when the branch
        contradicts itself, 0 when it was not computed (outside the budget; it proves nothing)."""
        tab = self.tab
        N = tab.ncells
        out: list[int | None] = [0] * (tab.n * N)
        for (c, d), r in table.items():
            out[(d - 1) * N + c] = None if r is None else _pack(r, tab)
        return out

    @property
    def W_packed(self) -> int:
        if self._W_packed is None:
            self._W_packed = _pack(self.W, self.tab)
        return self._W_packed

    @property
    def on_packed(self) -> list[int | None]:
        if self._on_packed is None:
            self._on_packed = self._packed(self.on)
        return self._on_packed

    @property
    def off_packed(self) -> list[int | None]:
        if self._off_packed is None:
            self._off_packed = self._packed(self.off_branches())
        return self._off_packed

    def off_branches(self) -> dict[Cand, Branch]:
        if not self.off:
            loose = None if self.level else self._loose()
            for (c, d) in self.on:
                if loose is not None and loose[d] >> c & 1:
                    # Nothing follows: ``W`` less this candidate is closed already (see _loose).
                    W = list(self.W)
                    W[d] &= ~(1 << c)
                    self.off[c, d] = tuple(W)
                else:
                    self.off[c, d] = self._branch(c, d, False)
            self.donor = None
        return self.off

    def _loose(self) -> list[int]:
        """``loose[d]``: the cells whose candidate ``d`` can go without a single following: a cell keeping
        two candidates or more, ``d`` keeping two places or more in each of its houses. ``W`` is closed
        under singles, so (at level 0, singles only) the branch "not d there" is ``W`` less that
        candidate, with nothing to propagate: most "not" branches of a position, each a propagation
        that would find nothing."""
        W, tab = self.W, self.tab
        ones = twos = wide = 0
        for d in tab.digits:
            w = W[d]
            wide |= twos & w
            twos |= ones & w
            ones |= w
        loose = [0] * (tab.n + 1)
        for d in tab.digits:
            w = W[d]
            m = w & wide & ~self.P
            for hb in tab.house_bits:
                x = w & hb
                if x.bit_count() <= 2:
                    m &= ~x
            loose[d] = m
        return loose


def _pack(W, tab):
    a = 0
    for d, shift in tab.slices:
        a |= W[d] << shift
    return a


def _fits(a: int, b: int, tab: _Tab) -> bool:
    """True when the packed branches ``a`` and ``b`` together leave every cell a candidate."""
    x = a & b
    for f in tab.folds:
        x |= x >> f
    return x & tab.all_cells == tab.all_cells


def _run(W: list[int], P: int, tab: _Tab, level: int, prev: _Analysis | None = None,
         scanned: list[int] | None = None) -> int:
    """Propagation at ``level``: 0 singles only; k >= 1 singles and locked candidates, and, against the
    branches of level k-1 (``prev``): an open candidate Y whose branch cannot coexist with this one (the
    two together leave a cell empty) is false here; one whose *false* branch cannot is true here.
    ``scanned``: as :func:`propagate`'s, kept through the rounds (the rules here only remove candidates)."""
    if scanned is None:
        scanned = [0] * (tab.n + 1)
    if level == 0:
        return propagate(W, P, tab, scanned=scanned)
    assert prev is not None, "a level k >= 1 propagation runs against the branches of level k-1"
    digits, on, off = tab.digits, prev.on_packed, prev.off_packed
    folds, all_cells, N = tab.folds, tab.all_cells, tab.ncells
    while True:
        P = propagate(W, P, tab, locked=True, scanned=scanned)
        if P < 0:
            return P
        a = _pack(W, tab)
        changed = False
        for d in digits:
            true = 0
            w = W[d]
            base = (d - 1) * N
            rest = w & ~P
            while rest:
                low = rest & -rest
                rest ^= low
                k = base + low.bit_length() - 1
                r = on[k]
                if r is None:
                    w ^= low
                    continue
                if r:
                    # Inlined _fits (the hot spot of the nets).
                    x = a & r
                    for f in folds:
                        x |= x >> f
                    if x & all_cells != all_cells:
                        w ^= low
                        continue
                r = off[k]
                if r is None:
                    true |= low
                elif r:
                    x = a & r
                    for f in folds:
                        x |= x >> f
                    if x & all_cells != all_cells:
                        true |= low
            if w != W[d]:
                W[d] = w
                changed = True
            if true:
                P = _place(W, P, tab, d, true)
                if P < 0:
                    return P
                changed = True
        if not changed:
            return P


def _singles(W: Sequence[int], tab: _Tab) -> int:
    """Cells with exactly one candidate in ``W``."""
    return single_places(W, tab.digits)


#: Not worked out yet (a start of :class:`_Nested`, which may be None: a branch that contradicts itself).
_UNSET: Any = object()


class _Nested:
    """Nested forcing nets on one position (the deepest net): inside a branch, propagation is singles
    plus, for every open candidate Y, the two level-0 branches "Y" and "not Y" run *inside the branch*
    (from its current state): when "Y" contradicts itself there, Y is false in the branch; when "not Y"
    does, Y is true. Repeated until nothing follows (a nested forcing chain: one assumption, and inside
    it contradiction chains of one more assumption each).

    Cheap because of monotony: "Y" run inside the branch state S is the closure of S and of the final
    state T of "Y" at the root (or in an earlier round: S only shrinks), so it starts from ``S & T``,
    is skipped when S does not cut T at all, and rescans only the digits S changed; and it is not run
    at all when the result of another inner branch that held lies inside ``S & T`` (a witness that it
    holds too: see :meth:`run`)."""

    def __init__(self, base: _Analysis) -> None:
        self.base = base
        self.prev = base
        self.tab, self.shape, self.W, self.P = base.tab, base.shape, base.W, base.P
        self.level = MAX_LEVEL + 1
        # The level-0 branches as inner branches start from them, by node (see _root); _UNSET until asked.
        self._start_on: list = [_UNSET] * (self.tab.n * self.tab.ncells)
        self._start_off: list = [_UNSET] * (self.tab.n * self.tab.ncells)
        #: (cell, digit, True) -> the facts its nested branch settled, for the trace.
        self.logs: dict[Fact, list[Fact]] = {}
        self.trace_start: tuple[list[int], list[int], list[int]] | None = None  # see _trace_start

    def _root(self, k: int, c: int, d: int, on: bool) -> tuple[Sequence[int], int, int] | None:
        """``(W, packed W, P)`` of the level-0 branch of node ``k`` (None: it contradicts itself)."""
        r = (self.base.on if on else self.base.off_branches()).get((c, d))
        got = None if r is None else (r, _pack(r, self.tab), _singles(r, self.tab))
        (self._start_on if on else self._start_off)[k] = got
        return got

    def run(self, W: list[int], P: int, rounds: int = 0, log: list[Fact] | None = None,
            scanned: list[int] | None = None) -> int:
        """Nested propagation of ``W`` in place (``rounds``: stop after that many rounds of inner
        branches, 0 for none); returns ``P``, or -1 when the branch contradicts itself. What an inner
        branch settles is applied (with singles) at once, so a contradiction shows as early as it can.
        ``log`` (a list) receives the facts the inner branches settled, in order, as ``(cell, digit,
        value)``: the trace replays them instead of searching again. ``scanned``: as :func:`propagate`'s
        (``list(W)`` when ``W`` has no single left), kept through the run: a settled fact only removes
        candidates, so the singles after it rescan the houses that lost a place, not every house."""
        tab = self.tab
        digits, folds, all_cells, N = tab.digits, tab.folds, tab.all_cells, tab.ncells
        # node -> (W, packed W, P) of its inner branch "Y" (memo_on) and "not Y" (memo_off) when it last held
        memo_on: dict[int, tuple[Sequence[int], int, int]] = {}
        memo_off: dict[int, tuple[Sequence[int], int, int]] = {}
        start_on, start_off = self._start_on, self._start_off
        # Witnesses, packed: the result of an inner branch that held is a closed state (nothing more
        # follows from it) with no empty cell. The singles closure is monotone, so it keeps every
        # candidate of such a state that lies inside its start: an inner branch whose start (``a & pT``)
        # contains a witness cannot contradict itself, and is not run. Skipping a branch that holds
        # changes nothing but ``memo`` (a later round starts it from an earlier state, and ends at the
        # same closure), so the facts settled, their order, the log and the answer are the same.
        # ``decided[node]``: a result that has the node's cell decided as the node's digit (a witness for
        # "Y"); ``cell_on[c]``: one that decides cell c, and ``digit_on`` the last "Y" of the digit at hand
        # that held (witnesses for "not Y" when they decide c otherwise, or put the digit on a peer).
        cell_on: dict[int, int] = {}
        decided: dict[int, int] = {}
        done = 0
        sc = [0] * (tab.n + 1) if scanned is None else scanned
        P = propagate(W, P, tab, scanned=sc)
        if P < 0:
            return P
        while True:
            a = _pack(W, tab)
            changed = False
            for d in digits:
                rest = W[d] & ~P
                base = (d - 1) * N
                digit_on = 0
                while rest:
                    low = rest & -rest
                    rest ^= low
                    if not W[d] & low or P & low:
                        continue
                    c = low.bit_length() - 1
                    k = base + c
                    held = 0
                    for on in (True, False):
                        memo = memo_on if on else memo_off
                        m = memo.get(k)
                        if m is None:
                            m = (start_on if on else start_off)[k]
                            if m is _UNSET:
                                m = self._root(k, c, d, on)
                        if m is not None:
                            T, pT, PT = m
                            if pT & a == pT:
                                if on:
                                    held = pT
                                continue
                            x = a & pT
                            if on:
                                z = decided.get(k, 0)
                                if z and z & x == z:
                                    held = z
                                    continue
                            else:
                                z = cell_on.get(c, 0)
                                if (z and z & x == z) or (digit_on and digit_on & x == digit_on):
                                    continue
                            for f in folds:
                                x |= x >> f
                            if x & all_cells == all_cells:
                                X, scanned = _meet(W, T)
                                P2 = propagate(X, P | PT, tab, scanned=scanned)
                                if P2 >= 0:
                                    pX = _pack(X, tab)
                                    memo[k] = (X, pX, P2)
                                    if on:
                                        held = pX
                                    y = P2 & ~P  # what this branch decided: it holds inside their "Y"s too
                                    for e in digits:
                                        z = X[e] & y
                                        if z:
                                            y ^= z
                                            b = (e - 1) * N
                                            while z:
                                                low2 = z & -z
                                                z ^= low2
                                                c2 = low2.bit_length() - 1
                                                decided[b + c2] = cell_on[c2] = pX
                                    continue
                        # The inner branch contradicts itself: Y is false (or true) here.
                        if log is not None:
                            log.append((c, d, not on))
                        if on:
                            W[d] &= ~low
                        else:
                            P = _place(W, P, tab, d, low)
                            if P < 0:
                                return P
                        P = propagate(W, P, tab, scanned=sc)
                        if P < 0:
                            return P
                        a = _pack(W, tab)
                        changed = True
                        break
                    if held:
                        cell_on[c] = digit_on = held
            done += 1
            if not changed or done == rounds:
                return P


#: Most open candidates a nested net search takes on (each branch runs up to two inner branches per
#: open candidate, in every round).
MAX_NESTED_BRANCHES = 360


def _nested_steps(state: State, tech: str) -> Iterator[Step]:
    """Nested forcing nets, contradiction form: "Y" whose nested propagation contradicts itself is
    false. The branches that eliminate the most at level 0 are tried first (they contradict most
    often), and each is run only when the previous ones were taken, so the first step comes early."""
    base = _analyse(state, 0)
    if not base.ok:
        return
    tab = base.tab
    if sum((base.W[d] & ~base.P).bit_count() for d in tab.digits) > MAX_NESTED_BRANCHES:
        return
    nest = _Nested(base)

    Wp, pk, N = base.W_packed, base.on_packed, tab.ncells

    def cut(item: tuple[Cand, Branch]) -> tuple[int, int, int]:
        (c, d), _ = item
        packed = pk[(d - 1) * N + c]
        assert packed is not None  # only the branches that hold are sorted
        return (-(Wp & ~packed).bit_count(), d, c)

    # The end states of the branches that held (packed): the nested propagation is monotone too, so a
    # branch whose start contains one of them cannot contradict itself, and is not run (as the inner
    # branches' witnesses in :meth:`_Nested.run`); it yields nothing either way.
    held: list[int] = []
    for (c, d), r in sorted(((k, r) for k, r in base.on.items() if r is not None), key=cut):
        packed = pk[(d - 1) * N + c]
        assert packed is not None  # the branch holds
        if any(z & packed == z for z in held):
            continue
        W = list(r)
        log: list[Fact] = []
        if nest.run(W, _singles(W, tab), log=log, scanned=list(W)) < 0:
            nest.logs[c, d, True] = log
            yield _explained(nest, tech, [(c, d, True)], (), ((c, d),), "contradiction", cells=(c,),
                             candidates=((c, d),), digits=(d,))
        else:
            held.append(_pack(W, tab))


#: The last analyses made (the few positions a solve or a hint is at), oldest first; at most six, the
#: oldest dropped first. A module-level cache, like ``functools.lru_cache``, and as safe: an analysis
#: is a pure function of its key, its parts that are filled in later (branches computed on first use)
#: are pure functions of the key too, and a donor only lets a level-0 analysis start sooner, so a hit,
#: a miss or an evicted entry all give the same steps (tests check warm against cold starts).
_RECENT: dict = {}


def _analysis(shape: tuple, W0: tuple, P0: int, level: int) -> _Analysis:
    """The analysis of one position at one level, memoised (a cache of a pure function: a later
    position's level-0 analysis may start from an earlier one's branches, which changes only speed)."""
    key = (shape, W0, P0, level)
    a = _RECENT.get(key)
    if a is None:
        donor = None
        if not level:
            for b in reversed(list(_RECENT.values())):
                if b.shape == shape and not b.level and b.ok:
                    donor = b
                    break
        a = _Analysis(shape, W0, P0, level, donor)
        _RECENT[key] = a
        while len(_RECENT) > 6:
            _RECENT.pop(next(iter(_RECENT)), None)
    return a


def _analyse(state: State, level: int) -> _Analysis:
    W, P = _base(state)
    return _analysis(_shape(state.geo), tuple(W), P, level)


def _agree(a: _Analysis, packs: Iterable[int | None]) -> bool:
    """Quick test before :func:`_conclusions`: True when the packed branches ``packs`` (None for a
    contradicted one) may agree on something new: some open candidate is in none of them."""
    u = 0
    for r in packs:
        if r is not None:
            u |= r
    return bool(u and a.W_packed & ~u)


def _conclusions(a: _Analysis, results: Iterable[Branch]) -> Conclusions | None:
    """Placements and eliminations true in every branch of ``results`` (None = contradicted branch,
    skipped: that assumption is false, so the truth is among the others). None when all contradict."""
    live = [r for r in results if r is not None]
    if not live:
        return None
    tab, W0, P0 = a.tab, a.W, a.P
    union = list(live[0])
    for r in live[1:]:
        for d in tab.digits:
            union[d] |= r[d]
    single = _singles(union, tab) & ~P0
    places, elims = [], []
    for d in tab.digits:
        for c in bits(union[d] & single):
            places.append((c, d))
        gone = W0[d] & ~union[d] & ~P0 & ~single
        for c in bits(gone):
            elims.append((c, d))
    places.sort()
    elims.sort()
    return tuple(places), tuple(elims)


def _order(found: list[_Found]) -> list[_Found]:
    """Most conclusions first (placements count double), then position order: deterministic."""
    found.sort(key=lambda x: (-(2 * len(x[0][0]) + len(x[0][1])), x[1]))
    return found


# ---------------------------------------------------------------------------------------------
# Explaining a step: one branch again, fact by fact, remembering why each fact holds.
#
# A fact is ``(cell, digit, value)``: value True for "cell is digit", False for "cell is not digit".
# ``why[fact] = (depth, causes)``; causes are facts, or empty when the fact came from the nested part
# of a net (locked candidates, inner branches), which is not unfolded into links.


def _trace(a: _Analysis | _Nested, c0: int, d0: int, value: bool) -> tuple[Why, tuple[Fact, ...] | None]:
    """``(why, contradiction)`` for the branch "``c0`` is (not) ``d0``" of analysis ``a``;
    ``contradiction`` is the tuple of facts that clash, or None. A pure function of the analysis and the
    assumption, kept on an :class:`_Analysis` (``traces``) so the finders that explain steps from it share
    them (a nested net's facts grow as it finds steps: not kept); the answer is read, never changed."""
    if isinstance(a, _Analysis):
        got = a.traces.get((c0, d0, value))
        if got is None:
            got = a.traces[c0, d0, value] = _traced(a, c0, d0, value)
        return got
    return _traced(a, c0, d0, value)


def _traced(a: _Analysis | _Nested, c0: int, d0: int, value: bool) -> tuple[Why, tuple[Fact, ...] | None]:
    """:func:`_trace`, worked out."""
    from collections import deque

    tab = a.tab
    cell_houses = geometry(*a.shape).cell_houses
    peer_bits = tab.peer_bits
    N = tab.ncells
    if a.trace_start is None:
        a.trace_start = _trace_start(a.W, a.P, tab)
    base, digit_of, placed = a.trace_start
    cand, digit_of, placed = base[:], digit_of[:], placed[:]
    # The same candidates per digit as cell sets, to read a house's places in one operation.
    live = list(a.W)
    base_where = a.W
    house_bits = tab.house_bits
    why: dict = {}
    queue: deque = deque()
    clash: list[tuple[Fact, ...]] = []  # the facts that clash, () when the net's own rules found it

    def off(c: int, d: int, depth: int, causes: tuple[Fact, ...]) -> None:
        if cand[c] >> d & 1:
            cand[c] &= ~(1 << d)
            live[d] &= ~(1 << c)
            why[c, d, False] = (depth, causes)
            queue.append((c, d, False))

    def on(c: int, d: int, depth: int, causes: tuple[Fact, ...]) -> None:
        if digit_of[c]:
            if digit_of[c] != d:
                clash.append(((c, d, True), (c, digit_of[c], True)))
            return
        if not cand[c] >> d & 1:
            clash.append(((c, d, True), (c, d, False)))
            why[c, d, True] = (depth, causes)
            return
        digit_of[c] = d
        placed[d] |= 1 << c
        why[c, d, True] = (depth, causes)
        queue.append((c, d, True))

    (on if value else off)(c0, d0, 0, ())
    # The facts a nested net's inner branches settled, replayed one at a time (when singles stall).
    replay = deque(a.logs.get((c0, d0, value), ()))
    while not clash:
        if not queue:
            if a.level == 0:
                break
            while replay and not queue:
                c, d, val = replay.popleft()
                depth = max(dp for dp, _ in why.values()) + 1
                (on if val else off)(c, d, depth, ())
            if queue or clash:
                continue
            # The net's own rules, applied in one go and not unfolded.
            W = [0] * (tab.n + 1)
            P = 0
            for c in range(N):
                if digit_of[c]:
                    W[digit_of[c]] |= 1 << c
                    P |= 1 << c
                else:
                    for d in bits(cand[c]):
                        W[d] |= 1 << c
            depth = max(dp for dp, _ in why.values()) + 1
            if (a.run(W, P, 1) if isinstance(a, _Nested) else a.run(W, P)) < 0:
                clash.append(())
                break
            for c in range(N):
                if digit_of[c]:
                    continue
                m = 0
                for d in tab.digits:
                    if W[d] >> c & 1:
                        m |= 1 << d
                for d in bits(cand[c] & ~m):
                    off(c, d, depth, ())
                if m and not m & (m - 1):
                    on(c, m.bit_length() - 1, depth, ())
            if not queue:
                break
            continue
        fact = queue.popleft()
        c, d, val = fact
        depth = why[fact][0] + 1
        if val:
            cause = (fact,)
            for e in bits(cand[c] & ~(1 << d)):
                off(c, e, depth, cause)
            # The peers, in cell order as geo.peers lists them: those that hold d clash; the others lose d.
            pb = peer_bits[c]
            both = placed[d] & pb
            if both:
                for p in bits(both):
                    clash.append((fact, (p, d, True)))
            for p in bits(live[d] & pb & ~placed[d]):
                off(p, d, depth, cause)
            continue
        m = cand[c]
        if not m:
            clash.append(tuple((c, e, False) for e in bits(base[c])))
            continue
        if not m & (m - 1) and not digit_of[c]:
            e = m.bit_length() - 1
            on(c, e, depth, tuple((c, x, False) for x in bits(base[c] & ~m)))
        for h in cell_houses[c]:
            hb = house_bits[h]
            x = live[d] & hb
            if not x:
                clash.append(tuple((q, d, False) for q in bits(base_where[d] & hb)))
            elif not x & (x - 1) and not digit_of[x.bit_length() - 1]:
                on(x.bit_length() - 1, d, depth, tuple((q, d, False) for q in bits(base_where[d] & hb & ~x)))
    return why, (clash[0] if clash else None)


def _trace_start(W: Sequence[int], P: int, tab: _Tab) -> tuple[list[int], list[int], list[int]]:
    """What every trace of one position starts from: each cell's candidates, the digit of each cell the
    position's singles placed (0 if none), and those cells per digit as bit sets (kept on the analysis:
    the traces of a position copy it instead of reading ``W`` again)."""
    N = tab.ncells
    cand = [0] * N
    digit_of = [0] * N
    placed = [0] * (tab.n + 1)
    for d in tab.digits:
        placed[d] = W[d] & P
        for c in bits(W[d]):
            cand[c] |= 1 << d
        for c in bits(W[d] & P):
            digit_of[c] = d
    return cand, digit_of, placed


def _links_to(why: Why, facts: Iterable[Fact], limit: int = 300) -> list[Link]:
    """The links (step format) that lead to ``facts`` in a traced branch, causes first."""
    links: list[Link] = []
    seen, todo = set(), list(facts)
    while todo and len(links) < limit:
        f = todo.pop()
        if f in seen or f not in why:
            continue
        seen.add(f)
        for cause in why[f][1]:
            # "is" -> "is not" reads as a weak link, "is not" -> "is" as a strong one.
            links.append((((cause[0], cause[1]),), ((f[0], f[1]),), not cause[2]))
            todo.append(cause)
    links.reverse()
    return links


def _explained(a: _Analysis | _Nested, tech: str, assumptions: Iterable[Fact], places: tuple[Cand, ...],
               elims: tuple[Cand, ...], variant: str, **fields: Any) -> Step:
    """The Step for branches ``assumptions`` (``(cell, digit, value)``), keeping the conclusions that
    are reached soonest in the slowest branch (one placement when there is one: what follows from it
    is left to the next steps), with the links that prove them."""
    traces = [_trace(a, *x) for x in assumptions]
    live = [why for why, clash in traces if clash is None]

    def cost(fact: Fact) -> int:
        return max((why[fact][0] if fact in why else 1 << 30) for why in live) if live else 0

    if places:
        best = min(places, key=lambda x: (cost((x[0], x[1], True)), x))
        places, elims = (best,), ()
        targets = [(best[0], best[1], True)]
    elif elims and live:
        low = min(cost((c, d, False)) for c, d in elims)
        elims = tuple(x for x in elims if cost((x[0], x[1], False)) == low)
        targets = [(c, d, False) for c, d in elims]
    else:
        targets = []
    links = []
    for why, clash in traces:
        for link in _links_to(why, [f for f in (clash or targets) if f]):
            if link not in links:
                links.append(link)
    return Step(tech, placements=places, eliminations=elims, links=tuple(links), variant=variant, **fields)


def _cell_steps(state: State, level: int, tech: str) -> Iterator[Step]:
    a = _analyse(state, level)
    if not a.ok:
        return
    found = []
    W0, P0 = a.W, a.P
    n = a.tab.n
    N, pk = a.tab.ncells, a.on_packed
    for c in range(n * n):
        if P0 >> c & 1:
            continue
        ds = [d for d in a.tab.digits if W0[d] >> c & 1]
        if len(ds) < 2 or any((c, d) not in a.on for d in ds):
            continue
        if not _agree(a, [pk[(d - 1) * N + c] for d in ds]):
            continue
        res = _conclusions(a, [a.on[c, d] for d in ds])
        if res and (res[0] or res[1]):
            found.append((res, (c,), ds))
    for (places, elims), (c,), ds in _order(found):
        yield _explained(a, tech, [(c, d, True) for d in ds], places, elims, "cell", cells=(c,),
                         candidates=tuple((c, d) for d in ds), digits=tuple(ds))


def _unit_steps(state: State, level: int, tech: str) -> Iterator[Step]:
    a = _analyse(state, level)
    if not a.ok:
        return
    found = []
    W0, P0 = a.W, a.P
    N, pk = a.tab.ncells, a.on_packed
    for h, hb in enumerate(a.tab.house_bits):
        for d in a.tab.digits:
            x = W0[d] & hb
            if x & P0 or x.bit_count() < 2:
                continue
            cs = list(bits(x))
            if any((c, d) not in a.on for c in cs):
                continue
            if not _agree(a, [pk[(d - 1) * N + c] for c in cs]):
                continue
            res = _conclusions(a, [a.on[c, d] for c in cs])
            if res and (res[0] or res[1]):
                found.append((res, (h, d), cs))
    for (places, elims), (h, d), cs in _order(found):
        yield _explained(a, tech, [(c, d, True) for c in cs], places, elims, "unit", cells=tuple(cs),
                         houses=(h,), candidates=tuple((c, d) for c in cs), digits=(d,))


def _digit_steps(state: State, level: int, tech: str) -> Iterator[Step]:
    a = _analyse(state, level)
    if not a.ok:
        return
    contra: list[tuple[tuple[tuple[Cand, ...], tuple[Cand, ...]], Cand, bool]] = []
    found = []
    for (c, d), r in a.on.items():
        if r is None:
            contra.append(((((), ((c, d),))), (c, d), False))
    off = a.off_branches() if not contra else {}
    for (c, d), r in off.items():
        if r is None:
            contra.append(((((c, d),), ()), (c, d), True))
    if contra:
        # Of several contradictions, the one whose conclusion leads furthest comes first: the next
        # search (the costly part) is then needed later, or not at all. "Furthest" is read off the
        # branch of the conclusion already at hand (one level down for a net, where it is cheap).
        lower = a.prev if a.prev is not None else a
        lower_off = lower.off_branches()

        def reach(item: tuple[tuple[tuple[Cand, ...], tuple[Cand, ...]], Cand, bool]) -> int:
            (_, _), (c, d), was_off = item
            r = (a.on if was_off else lower_off).get((c, d))
            return -_singles(r, a.tab).bit_count() if r else 0

        contra.sort(key=lambda item: (reach(item), item[1]))
        for (places, elims), (c, d), was_off in contra:
            yield _explained(a, tech, [(c, d, not was_off)], places, elims, "contradiction", cells=(c,),
                             candidates=((c, d),), digits=(d,))
        return
    N, pk_on, pk_off = a.tab.ncells, a.on_packed, a.off_packed
    for (c, d), r in a.on.items():
        k = (d - 1) * N + c
        if not _agree(a, (pk_on[k], pk_off[k])):
            continue
        res = _conclusions(a, [r, off[c, d]])
        if res and (res[0] or res[1]):
            found.append((res, (c, d)))
    for (places, elims), (c, d) in _order(found):
        yield _explained(a, tech, [(c, d, True), (c, d, False)], places, elims, "verity", cells=(c,),
                         candidates=((c, d),), digits=(d,))


def find_cell_forcing_chain(state: State) -> Iterator[Step]:
    return _cell_steps(state, 0, "cell_forcing_chain")


def find_unit_forcing_chain(state: State) -> Iterator[Step]:
    return _unit_steps(state, 0, "unit_forcing_chain")


def find_digit_forcing_chain(state: State) -> Iterator[Step]:
    return _digit_steps(state, 0, "digit_forcing_chain")


#: Deepest nesting of the forcing nets (each level costs about one more pass over every branch).
MAX_LEVEL = 2


def find_forcing_net(state: State) -> Iterator[Step]:
    found = False
    for step in _nested_steps(state, "forcing_net"):
        found = True
        yield step
    if found:
        return
    for level in range(1, MAX_LEVEL + 1):
        found = False
        for gen in (_digit_steps, _cell_steps, _unit_steps):
            for step in gen(state, level, "forcing_net"):
                found = True
                yield step
        if found:
            return
