"""Exact cover by Dancing Links: a generic engine in the manner of Knuth's dlx1. It knows nothing of Sudoku.

What it holds
-------------
* :class:`ExactCover`, an immutable *matrix template*. Items are ``0 .. n_items - 1``; the first
  ``n_primary`` must be covered exactly once, the others are secondary (covered at most once, as in
  dlx1, which is what N-queens diagonals need). Options are numbered in the order given, each a list of
  distinct items holding at least one primary item. The layout is Knuth's, in flat integer arrays where
  a pointer is an index:

  - node ``i < n_items`` is the header of item ``i``; node ``n_items`` is the root of the item list;
    the nodes of the options follow, one per (option, item) pair, option by option;
  - ``LLINK``/``RLINK`` (indexed by header) form the doubly linked list of primary items still to cover,
    starting and ending at the root; secondary items are never in it (they are never chosen);
  - ``ULINK``/``DLINK`` (indexed by node) form each item's circular list of its options' nodes;
  - ``TOP[x]`` is the item of node ``x``.

  dlx1's ``LEN`` array of option counts is not kept: the search reads what it needs of the counts off
  the links (see the last of the choices below).

  ``width`` is the number of items of every option when they all have the same number, else 0.

* :class:`Dance`, one search over a template: private copies of the arrays that change, the counters,
  and :meth:`Dance.solutions`, a generator of solutions (lists of option numbers), so "is it unique?"
  is "take two".
* :func:`exact_covers`, the one-call form: solutions, stats and ``gave_up``.

Choices
-------
(Why each, with the figures measured when it was made and the variants tried and dropped:
``docs/notes/exact_cover.md``.)

* The template is built once by the caller and never mutated; each search copies the four mutable
  lists instead of rebuilding them.
* Every node has ``OTHERS[x]``, the tuple of the other nodes of its option in dlx1's cyclic order,
  instead of dlx1's spacer nodes: a ``for`` over a tuple needs no spacer test.
* A fast path for matrices whose options all hold 4 items (``width == 4``: Sudoku, N-queens), beside
  the generic loops: same operations in the same order, so the same solutions, trace and stats (the
  tests run both). The "a list fell to one option or none: note it" block stands in eight places (six
  unrolled, two generic): a change to those notes must be made in all eight; the paired tests catch a
  miss.
* Preset options (a Sudoku's givens) are covered before the search starts; presets that share an item
  mean no solution (reported as zero solutions, not raised).
* Knuth's steps have names where a call costs less than 3%: :func:`_cover` for the presets,
  :func:`_uncover_others` (X6: back out of an option) and :func:`_uncover` (X7), each with a width-4
  twin. The covers of the search, X4 and X5, stay inline in :meth:`Dance.solutions`: they also keep the
  notes below, and as calls each cost 1-4% more, over 3% on some sets.
* Items are chosen by Knuth's MRV heuristic, with notes of the items whose list fell to one option or
  none (a dead end first, then a forced move) and a ``low`` list of such items on the current path, so
  the item list is scanned only when every item has two options or more.
* Ties at a branch point go, among the first ``MRV_TIES`` items with the fewest options, to the one
  whose options hold items with the most options in all (smaller trees; the counts of solutions never
  change, node counts may differ from dlx1's).
* No ``LEN`` counts: the search reads what it needs of them off the links (after a hide between ``u``
  and ``d``, the list holds at most one option exactly when ``D[d] == u``; "exactly two" is
  ``D[D[D[j]]] == j``), so backtracking only relinks nodes.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

#: Trace events kept by default: enough to replay a 9x9 search, small enough for a browser.
DEFAULT_TRACE_LIMIT = 100_000

#: How many items with the fewest options the search weighs against each other at a branch point.
MRV_TIES = 8


def _list_size(D: list[int], j: int) -> int:
    """The number of options in item ``j``'s list, counted by walking it (the search keeps no counts;
    it walks a whole list only where the cheaper tests of :meth:`Dance.solutions` do not apply)."""
    n = 0
    s = D[j]
    while s != j:
        n += 1
        s = D[s]
    return n


# --- the steps of the dance -------------------------------------------------------------------------------
# Knuth's cover(i) and uncover(i), as functions of the arrays they change (module functions with the
# arrays as arguments: closures would make the search loop's locals slower cell variables). Each has a
# twin unrolled for options of 4 items (``width == 4``): same operations in the same order; the search
# picks its set of twins once. The covers of the search itself (X4, X5) stay inline in
# :meth:`Dance.solutions`: they also note the lists that fall to one option or none, and as calls they
# cost more than 3% (see the module docstring).


def _cover(i: int, L: list[int], R: list[int], U: list[int], D: list[int],
           OTHERS: Sequence[tuple[int, ...]], SIZE: Sequence[int]) -> int:
    """cover(i): hide every option in item ``i``'s list (unlink its other nodes from their items' lists),
    then take ``i`` out of the item list. Returns the updates made (one for the item, one per node
    hidden, as dlx1 counts them)."""
    updates = 1
    p = D[i]
    while p != i:
        for q in OTHERS[p]:
            u, d = U[q], D[q]
            D[u], U[d] = d, u
        updates += SIZE[p]
        p = D[p]
    l, r = L[i], R[i]
    R[l], L[r] = r, l
    return updates


def _cover4(i: int, L: list[int], R: list[int], U: list[int], D: list[int],
            OTHERS: Sequence[tuple[int, ...]], SIZE: Sequence[int]) -> int:
    """:func:`_cover` for options of 4 items."""
    updates = 1
    p = D[i]
    while p != i:
        a, b, c = OTHERS[p]
        u, d = U[a], D[a]
        D[u], U[d] = d, u
        u, d = U[b], D[b]
        D[u], U[d] = d, u
        u, d = U[c], D[c]
        D[u], U[d] = d, u
        updates += 3
        p = D[p]
    l, r = L[i], R[i]
    R[l], L[r] = r, l
    return updates


def _uncover(i: int, L: list[int], R: list[int], U: list[int], D: list[int],
             OTHERS: Sequence[tuple[int, ...]]) -> None:
    """uncover(i), the mirror of :func:`_cover`: put ``i`` back in the item list, then unhide the options
    of its list bottom up (inside one option the nodes lie in distinct items, so their order is free)."""
    l, r = L[i], R[i]
    R[l] = L[r] = i
    s = U[i]
    while s != i:
        for t in OTHERS[s]:
            D[U[t]] = U[D[t]] = t
        s = U[s]


def _uncover4(i: int, L: list[int], R: list[int], U: list[int], D: list[int],
              OTHERS: Sequence[tuple[int, ...]]) -> None:
    """:func:`_uncover` for options of 4 items."""
    l, r = L[i], R[i]
    R[l] = L[r] = i
    s = U[i]
    while s != i:
        a, b, e = OTHERS[s]
        D[U[a]] = U[D[a]] = a
        D[U[b]] = U[D[b]] = b
        D[U[e]] = U[D[e]] = e
        s = U[s]


def _uncover_others(p: int, L: list[int], R: list[int], U: list[int], D: list[int],
                    OTHERS: Sequence[tuple[int, ...]], TOP: Sequence[int]) -> None:
    """Knuth's X6 for option ``p``: the mirror of :func:`_cover_others`, :func:`_uncover` for the item of
    each other node of ``p`` in the reverse order."""
    for q in reversed(OTHERS[p]):
        c = TOP[q]
        l, r = L[c], R[c]
        R[l] = L[r] = c
        s = U[c]
        while s != c:
            for t in OTHERS[s]:
                D[U[t]] = U[D[t]] = t
            s = U[s]


def _uncover_others4(p: int, L: list[int], R: list[int], U: list[int], D: list[int],
                     OTHERS: Sequence[tuple[int, ...]], TOP: Sequence[int]) -> None:
    """:func:`_uncover_others` for options of 4 items."""
    for q in reversed(OTHERS[p]):
        c = TOP[q]
        l, r = L[c], R[c]
        R[l] = L[r] = c
        s = U[c]
        while s != c:
            a, b, e = OTHERS[s]
            D[U[a]] = U[D[a]] = a
            D[U[b]] = U[D[b]] = b
            D[U[e]] = U[D[e]] = e
            s = U[s]


class ExactCover:
    """An immutable exact-cover matrix in dlx1's array layout; see the module docstring.

    ``options`` is an iterable of item sequences; items ``>= n_primary`` are secondary.
    """

    __slots__ = ("dlink", "llink", "n_items", "n_options", "n_primary", "option_items", "option_nodes",
                 "option_of", "others", "rlink", "root", "sizes", "top", "ulink", "width")

    def __init__(self, n_primary: int, options: Iterable[Sequence[int]], n_secondary: int = 0) -> None:
        if n_primary < 0 or n_secondary < 0:
            raise ValueError("item counts must not be negative")
        n_items = n_primary + n_secondary
        root = n_items
        # Headers: an empty vertical list is a header linked to itself.
        ulink = list(range(n_items + 1))
        dlink = list(range(n_items + 1))
        top = [-1] * (n_items + 1)
        option_of = [-1] * (n_items + 1)
        others: list[tuple[int, ...]] = [()] * (n_items + 1)
        option_nodes = []
        for o, items in enumerate(options):
            items = tuple(items)
            if not items:
                raise ValueError(f"option {o} is empty")
            if len(set(items)) != len(items):
                raise ValueError(f"option {o} names an item twice: {items}")
            if min(items) >= n_primary:
                # As in dlx1: the search only branches on primary items, so it could never be chosen.
                raise ValueError(f"option {o} holds no primary item: {items}")
            first = len(top)
            nodes = tuple(range(first, first + len(items)))
            for k, (x, i) in enumerate(zip(nodes, items, strict=True)):
                if not 0 <= i < n_items:
                    raise ValueError(f"option {o} names item {i}, outside 0 .. {n_items - 1}")
                # Append node x at the bottom of item i's list.
                last = ulink[i]
                ulink.append(last)
                dlink.append(i)
                dlink[last] = x
                ulink[i] = x
                top.append(i)
                option_of.append(o)
                others.append(nodes[k + 1:] + nodes[:k])
            option_nodes.append(nodes)
        # The item list holds the primary items in order, circular through the root; a secondary
        # item is linked to itself, so covering or uncovering it leaves the list alone.
        llink = list(range(n_items + 1))
        rlink = list(range(n_items + 1))
        chain = [root, *range(n_primary), root]
        for a, b in pairwise(chain):
            rlink[a], llink[b] = b, a
        self.llink, self.rlink = tuple(llink), tuple(rlink)
        self.n_items, self.n_primary, self.n_options, self.root = n_items, n_primary, len(option_nodes), root
        self.ulink, self.dlink = tuple(ulink), tuple(dlink)
        self.top, self.option_of, self.others = tuple(top), tuple(option_of), tuple(others)
        self.sizes = tuple(len(t) for t in others)
        widths = {len(nodes) for nodes in option_nodes}
        self.width = widths.pop() if len(widths) == 1 else 0
        self.option_nodes = tuple(option_nodes)
        self.option_items = tuple(tuple(top[x] for x in nodes) for nodes in option_nodes)

    def items_of(self, option: int) -> tuple[int, ...]:
        """The items of ``option``, in the order it was given."""
        return self.option_items[option]


@dataclass
class Cover:
    """What :func:`exact_covers` returns: each solution a list of option numbers (presets first)."""

    solutions: list[list[int]]
    stats: dict[str, int]
    gave_up: bool = False
    trace_truncated: bool = False
    trace: list | None = field(default=None, repr=False)


def next_stop(nodes: int, budget: int, every: int | None) -> int:
    """Where a search at ``nodes`` stops next: its ``budget`` (-1: none), or, with ``every``, the next
    pause of resumable work when that comes first."""
    if every is None:
        return budget
    pause = nodes + max(1, every)
    return budget if 0 <= budget <= pause else pause


class Dance:
    """One search over ``matrix`` with ``preset`` options forced in.

    Iterate :meth:`solutions`; :attr:`stats` is current whenever a solution is yielded and when the
    generator ends or is closed. :attr:`gave_up` becomes True when ``node_limit`` nodes were visited
    before the search space was exhausted (the root is always visited, so a limit below 1 acts as 1).
    Events are appended to ``trace`` (a list the caller owns) when it is not None. With ``pause``, the
    generator also yields None after every ``pause`` nodes, so that resumable work (:mod:`sudoku_core.work`)
    can run the search in small units; the solutions are the same. ``generic=True``
    keeps a width-4 matrix off its unrolled fast path (for tests and benchmarks: same results).
    """

    def __init__(self, matrix: ExactCover, preset: Iterable[int] = (), node_limit: int | None = None,
                 trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT,
                 generic: bool = False, pause: int | None = None) -> None:
        self.matrix = matrix
        self.pause = pause
        self.generic = generic
        self.preset = list(preset)
        for o in self.preset:
            if not 0 <= o < matrix.n_options:
                raise ValueError(f"preset option {o} is outside 0 .. {matrix.n_options - 1}")
        self.node_limit = node_limit
        self.trace = trace
        self.trace_limit = trace_limit
        self.trace_truncated = False
        self.stats = {"nodes": 0, "guesses": 0, "max_depth": 0, "updates": 0}
        self.gave_up = False

    def solutions(self) -> Generator[list[int] | None, None, None]:
        """Yield every exact cover containing the presets, each as a list of option numbers (and None at
        each pause, with ``pause``)."""
        mx = self.matrix
        # Local names for everything the loop touches: fast locals, no attribute lookups per node.
        L, R = list(mx.llink), list(mx.rlink)
        U, D = list(mx.ulink), list(mx.dlink)
        TOP, OTHERS, OPT = mx.top, mx.others, mx.option_of
        SIZE = mx.sizes  # len(OTHERS[x]): one addition per hidden option rather than one per node
        root = mx.root
        # Every option has 4 items: each loop over OTHERS below has an unrolled twin, taken when W4
        # (the generic loop is its else branch, or comes after it and then finds nothing left to do),
        # and each named step its twin function.
        W4 = mx.width == 4 and not self.generic
        if W4:
            cover, uncover, uncover_others = _cover4, _uncover4, _uncover_others4
        else:
            cover, uncover, uncover_others = _cover, _uncover, _uncover_others
        preset = self.preset
        stats = self.stats
        budget = max(self.node_limit, 1) if self.node_limit is not None else -1
        every = self.pause
        tracing = self.trace is not None
        trace = self.trace if self.trace is not None else []  # appended to only when tracing
        trace_room = self.trace_limit - len(trace)
        nodes, guesses, max_depth, updates = 1, 0, 0, 0
        self.gave_up = self.trace_truncated = False

        # Apply the presets: check they are pairwise disjoint, then cover their items. Disjoint presets
        # are the rule: one set of all their items says so; only when it finds a clash is the first
        # preset that meets an earlier one looked for, and the presets before it covered.
        ITEMS = mx.option_items
        items = [i for o in preset for i in ITEMS[o]]
        clash = len(set(items)) != len(items)
        if clash:
            used: set[int] = set()
            n_ok = 0
            while used.isdisjoint(ITEMS[preset[n_ok]]):
                used.update(ITEMS[preset[n_ok]])
                n_ok += 1
            items = [i for o in preset[:n_ok] for i in ITEMS[o]]
        for i in items:
            updates += cover(i, L, R, U, D, OTHERS, SIZE)
        if clash:
            stats.update(nodes=nodes, updates=updates)
            return

        # Choosing an item by scanning the list costs more than the covers of a forced move. So hiding
        # notes the last primary item whose list fell to no option (``zero``) and to one (``one``), and
        # a node checks those notes first: an item still to cover (R[L[j]] == j holds only for items in
        # the list, and for secondary items, linked to themselves, hence the n_primary test) with no
        # option is a dead end, with one a forced move, and either is as good as MRV can do (a dead end
        # is looked for first). The notes are checked, not trusted. Behind them, ``low`` lists every
        # primary item whose list fell to one option on the path from the root (lists only shrink along
        # a path, one node at a time, so an item with none got there through one and is listed already,
        # at the place a second entry could never come before: it is not pushed again), plus those the
        # presets left with one or none; so the first of them still in the item list is the next forced
        # move (or dead end); entries of abandoned branches are cut off when a level tries its next
        # option (``marks``). When ``low`` holds no item still to cover, every item has two options or
        # more, so the scan looks for the first item with exactly two, where the tie-break starts.
        n_primary = mx.n_primary
        all_primary = n_primary == mx.n_items
        ties = MRV_TIES
        zero = one = -1  # no note yet: D[-1] is an option node, never -1, so neither note holds
        # Every primary item whose list fell to one option (or none) on the way here. Appended to as
        # low.append(z): CPython specialises that into an inline append, a bound ``push`` is a call.
        low: list[int] = []
        j = R[root]
        while j != root:  # the presets may already have left items with one option or none
            d = D[j]
            if D[d] == j:
                low.append(j)
                if d == j:
                    zero = j
            j = R[j]
        stop = next_stop(nodes, budget, every)  # the budget, or the next pause before it
        pos = 0  # low[:pos] are all covered already
        x: list[int] = []  # x[l]: the node of the option tried at level l
        marks: list[tuple[int, int]] = []  # per level with options left: see X8 below
        try:
            while True:
                # X2/X3: a new node. Visit a solution, or choose an item (notes first, then the scan).
                i = R[root]
                if i == root:
                    if tracing:
                        if trace_room > 0:
                            trace.append(("solution",))
                            trace_room -= 1
                        else:
                            tracing, self.trace_truncated = False, True
                    stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth, updates=updates)
                    yield preset + [OPT[p] for p in x]
                    k = 0  # fall through to backtracking
                else:
                    if D[zero] == zero and R[L[zero]] == zero:
                        i, k = zero, 0  # an item still to cover has lost its last option: a dead end
                    elif D[D[one]] == one and D[one] != one and R[L[one]] == one:
                        i, k = one, 1  # a forced move
                    else:
                        n_low = len(low)
                        while pos < n_low:
                            j = low[pos]
                            if R[L[j]] == j:
                                i, k = j, (0 if D[j] == j else 1)
                                break
                            pos += 1
                        else:
                            # Every item still to cover has two options or more. Take the first with
                            # two (D[D[D[j]]] == j); when none has, count them all for the fewest.
                            j = i
                            while j != root and D[D[D[j]]] != j:
                                j = R[j]
                            if j != root:
                                i, k = j, 2
                            else:
                                k = 0
                                j = i
                                while j != root:
                                    n_j = _list_size(D, j)
                                    if n_j < k or not k:
                                        i, k = j, n_j
                                    j = R[j]
                            # Break the tie among the first TIES items with k options: take the
                            # one whose options hold the items with the most options in all (the
                            # branch that hides the most options, settling the most).
                            best = -1
                            j = i
                            m = ties
                            while j != root:
                                if k == 2:
                                    tied = D[D[D[j]]] == j
                                else:
                                    tied = _list_size(D, j) == k
                                if tied:
                                    m -= 1
                                    if m < 0:
                                        break
                                    score = 0
                                    s = D[j]
                                    if all_primary:
                                        # Every item still to cover has two options or more: count
                                        # from the third (the same constant less for every item).
                                        if W4:
                                            while s != j:
                                                a, b, e = OTHERS[s]
                                                c = TOP[a]
                                                a = D[D[D[c]]]
                                                while a != c:
                                                    score += 1
                                                    a = D[a]
                                                c = TOP[b]
                                                b = D[D[D[c]]]
                                                while b != c:
                                                    score += 1
                                                    b = D[b]
                                                c = TOP[e]
                                                e = D[D[D[c]]]
                                                while e != c:
                                                    score += 1
                                                    e = D[e]
                                                s = D[s]
                                        while s != j:
                                            for t in OTHERS[s]:
                                                c = TOP[t]
                                                e = D[D[D[c]]]
                                                while e != c:
                                                    score += 1
                                                    e = D[e]
                                            s = D[s]
                                    while s != j:
                                        for t in OTHERS[s]:
                                            score += _list_size(D, TOP[t])
                                        s = D[s]
                                    if score > best:
                                        best, i = score, j
                                j = R[j]
                    if tracing:
                        if trace_room > 0:
                            trace.append(("choose", i, k))
                            trace_room -= 1
                        else:
                            tracing, self.trace_truncated = False, True
                if k:
                    # X4: cover(i), inline (as a call it cost 1-4%), noting the lists that fall low.
                    p = D[i]
                    updates += 1
                    if W4:
                        while p != i:
                            a, b, c = OTHERS[p]
                            u, d = U[a], D[a]
                            D[u], U[d] = d, u
                            if D[d] == u:
                                if u == d:
                                    if u < n_primary:
                                        zero = u
                                else:
                                    z = u if u < d else d
                                    if z < n_primary:
                                        one = z
                                        low.append(z)
                            u, d = U[b], D[b]
                            D[u], U[d] = d, u
                            if D[d] == u:
                                if u == d:
                                    if u < n_primary:
                                        zero = u
                                else:
                                    z = u if u < d else d
                                    if z < n_primary:
                                        one = z
                                        low.append(z)
                            u, d = U[c], D[c]
                            D[u], U[d] = d, u
                            if D[d] == u:
                                if u == d:
                                    if u < n_primary:
                                        zero = u
                                else:
                                    z = u if u < d else d
                                    if z < n_primary:
                                        one = z
                                        low.append(z)
                            updates += 3
                            p = D[p]
                    else:
                        while p != i:
                            for q in OTHERS[p]:
                                u, d = U[q], D[q]
                                D[u], U[d] = d, u
                                if D[d] == u:
                                    if u == d:
                                        if u < n_primary:
                                            zero = u
                                    else:
                                        z = u if u < d else d
                                        if z < n_primary:
                                            one = z
                                            low.append(z)
                            updates += SIZE[p]
                            p = D[p]
                    l, r = L[i], R[i]
                    R[l], L[r] = r, l
                    # X5: try its first option: cover the option's other items.
                    p = D[i]
                    x.append(p)
                    if len(x) > max_depth:
                        max_depth = len(x)
                    if k > 1:
                        guesses += 1
                        marks.append((len(low), pos))
                else:
                    if not marks:
                        # No level has an option left: the search is over. Unwinding the covers would
                        # only restore arrays nobody reads again (a large share of a uniqueness proof).
                        if tracing:
                            for p in reversed(x):
                                trace.extend((("undo", OPT[p]), ("backtrack", TOP[p]))[:trace_room])
                                trace_room -= 2
                                if trace_room < 0:
                                    self.trace_truncated = True
                                    break
                        return
                    # X8/X6/X7: back up to the deepest level that has an option left to try.
                    while True:
                        p = x[-1]
                        if tracing:
                            if trace_room > 0:
                                trace.append(("undo", OPT[p]))
                                trace_room -= 1
                            else:
                                tracing, self.trace_truncated = False, True
                        uncover_others(p, L, R, U, D, OTHERS, TOP)  # X6
                        i = TOP[p]
                        p = D[p]
                        if p != i:
                            x[-1] = p
                            guesses += 1
                            if D[p] == i:
                                mark, pos = marks.pop()  # the item's last option
                            else:
                                mark, pos = marks[-1]
                            del low[mark:]
                            break
                        x.pop()
                        if tracing:
                            if trace_room > 0:
                                trace.append(("backtrack", i))
                                trace_room -= 1
                            else:
                                tracing, self.trace_truncated = False, True
                        uncover(i, L, R, U, D, OTHERS)  # X7
                # X5, continued: option p is tried; cover its other items (cyclic order from p), inline
                # as X4 is (as a call per option it cost 1-4%).
                if tracing:
                    if trace_room > 0:
                        trace.append(("try", OPT[p]))
                        trace_room -= 1
                    else:
                        tracing, self.trace_truncated = False, True
                for q in OTHERS[p]:
                    c = TOP[q]
                    s = D[c]
                    updates += 1
                    if W4:
                        while s != c:
                            a, b, e = OTHERS[s]
                            u, d = U[a], D[a]
                            D[u], U[d] = d, u
                            if D[d] == u:
                                if u == d:
                                    if u < n_primary:
                                        zero = u
                                else:
                                    z = u if u < d else d
                                    if z < n_primary:
                                        one = z
                                        low.append(z)
                            u, d = U[b], D[b]
                            D[u], U[d] = d, u
                            if D[d] == u:
                                if u == d:
                                    if u < n_primary:
                                        zero = u
                                else:
                                    z = u if u < d else d
                                    if z < n_primary:
                                        one = z
                                        low.append(z)
                            u, d = U[e], D[e]
                            D[u], U[d] = d, u
                            if D[d] == u:
                                if u == d:
                                    if u < n_primary:
                                        zero = u
                                else:
                                    z = u if u < d else d
                                    if z < n_primary:
                                        one = z
                                        low.append(z)
                            updates += 3
                            s = D[s]
                    else:
                        while s != c:
                            for t in OTHERS[s]:
                                u, d = U[t], D[t]
                                D[u], U[d] = d, u
                                if D[d] == u:
                                    if u == d:
                                        if u < n_primary:
                                            zero = u
                                    else:
                                        z = u if u < d else d
                                        if z < n_primary:
                                            one = z
                                            low.append(z)
                            updates += SIZE[s]
                            s = D[s]
                    l, r = L[c], R[c]
                    R[l], L[r] = r, l
                # The child node is about to be visited: that is where the budget is spent.
                if nodes == stop:
                    if stop == budget:
                        self.gave_up = True
                        return
                    stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth, updates=updates)
                    yield None
                    stop = next_stop(nodes, budget, every)
                nodes += 1
        finally:
            # Not a closure: locals captured by one would be slower cell variables in the loop.
            stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth, updates=updates)


def exact_covers(matrix: ExactCover, preset: Iterable[int] = (), limit: int | None = None,
                 node_limit: int | None = None, trace: list | None = None,
                 trace_limit: int = DEFAULT_TRACE_LIMIT) -> Cover:
    """Search ``matrix`` for exact covers containing ``preset``, stopping after ``limit`` solutions
    (all of them when None) or ``node_limit`` nodes."""
    dance = Dance(matrix, preset, node_limit, trace, trace_limit)
    found: list[list[int]] = []
    gen = dance.solutions()
    for solution in gen:
        assert solution is not None  # no pause was asked for
        found.append(solution)
        if limit is not None and len(found) >= limit:
            gen.close()
            break
    return Cover(found, dict(dance.stats), dance.gave_up, dance.trace_truncated, trace)
