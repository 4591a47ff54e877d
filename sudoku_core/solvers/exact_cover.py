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
  the links (see *No counts* below).

  ``width`` is the number of items of every option when they all have the same number, else 0.

* :class:`Dance`, one search over a template: private copies of the arrays that change, the counters,
  and :meth:`Dance.solutions`, a generator of solutions (lists of option numbers), so "is it unique?"
  is "take two".
* :func:`exact_covers`, the one-call form: solutions, stats and ``gave_up``.

Choices
-------
* The template is built once by the caller (the Sudoku encoding memoises one per box shape) and never
  mutated; each search copies the four mutable lists (a C-speed copy) instead of rebuilding them.
  That copy is still a fixed cost that shows on easy grids: ``ULINK``/``DLINK`` hold 3241 int objects
  each for 9x9, every one touched by the copy's increments and again by the decrements when the lists
  are freed. Under cachegrind (48 KB L1, solving right after ``backtrack`` as the benchmark does)
  copying and freeing them are about 30% of a 17-clue solve's L1 data misses, and everything before
  the presets (mostly these copies) measured ~35 us warm, ~45 us right after ``backtrack``, of a
  ~0.5 ms solve. Nothing tried here made it cheaper (see the dropped variants below).
* dlx1 marks the ends of options with spacer nodes and walks ``x+1, x+2, ...`` testing for them. Here
  every node instead has ``OTHERS[x]``, the tuple of the other nodes of its option in dlx1's cyclic
  order (starting right of ``x``): a ``for`` over a tuple is CPython's cheapest loop and needs no spacer
  test. Undo walks the same tuples backwards where order matters (covering the items of an option);
  inside one *hide* the nodes lie in distinct items, so restoring them in either order is exact.
* A fast path for matrices whose options all hold 4 items (``width == 4``: Sudoku's cell, row, column
  and box), beside the generic loops, as :mod:`.backtrack` keeps an unrolled 9x9 path beside its
  generic one: every loop over ``OTHERS`` (hide, unhide, the presets' covers, the tie-break's weights)
  is unrolled into three unpacked nodes, with no ``for`` and ``SIZE`` lookup per option. Same
  operations in the same order, so the same solutions, trace and stats (tests run both paths, forcing
  the generic one with ``Dance(..., generic=True)``, on Sudoku grids, N-queens and random width-4
  matrices with secondary items). Knuth's N-queens (rank, file, two diagonals) has width 4 too, so it
  takes the fast path; every other matrix (dominoes, mixed widths) takes the generic loops.
  ``bench/dlx_variants.py --count 200``, one run, HEAD -> fast path: 17clue 0.623 -> 0.574 ms,
  magictour 2.65 -> 2.52, hardest 20.2 -> 19.2, serg 0.653 -> 0.594 (5-9%). The price is written
  down here: the "a list fell to one option or none: note it" block stands in eight places (six unrolled,
  two generic), so a change to those notes must be made in all eight; the paired tests catch a miss.
* Preset options (a Sudoku's givens) are applied by covering their items before the search starts.
  Presets that share an item cannot all be in a cover, so the problem then has no solution: that is
  reported as zero solutions, not raised. This is a large share of a 17-clue search, but the dance is
  close to the least work a Python loop can do here: it hides each option meeting a preset exactly once,
  and only its nodes outside the item being covered (3 of 4 in Sudoku). Applying the presets in bulk
  was measured and not kept: finding the options that meet a preset with set operations and unlinking
  all their nodes (one pass, no dance; ``updates`` computed in bulk as the same count) is slower
  (over the fast path: 17clue median 0.58 -> 0.72 ms, magictour 2.62 -> 2.81, serg 0.66 -> 0.83),
  since it unlinks 4 nodes per option instead of 3; skipping the nodes of covered items costs a
  test per node for more than it saves, counting ``LEN`` in bulk with a ``Counter`` is slower again,
  and rebuilding the links from the surviving nodes needs a scatter that pure Python only does at
  loop speed (``dict``/``map`` tricks measured no faster than the loop). What was cut is the
  bookkeeping around the dance: the template keeps each option's items (``option_items``), one
  ``set`` of all the presets' items shows they are pairwise disjoint (a clash is rare; only then are
  the presets checked one by one, to cover those before the first clash as before), and the items
  are covered in one flat loop. ``bench/dlx_variants.py --count 300``, one run, HEAD -> this: 17clue
  0.387 -> 0.366 ms, magictour 1.90 -> 1.83, hardest 15.4 -> 15.1, serg 0.437 -> 0.411.
* Items are chosen by Knuth's MRV heuristic: an active item with the fewest options. Scanning the item
  list is a large share of the time in Python, so hiding notes the last items whose list fell to one
  option or none, and a node whose note still holds takes that item with no scan (a dead end first, then a forced
  move). Behind the notes, a list of every item whose count fell to 1 or 0 on the current path
  (cut back on backtracking) finds any other forced move without a scan, so a scan only happens
  when every item has two options or more, and stops at the first item with two. See the comment
  in :meth:`Dance.solutions`. An item with no options is not covered at all: the node is a dead end
  and we backtrack straight away.
* Ties at a branch point (two or more options, where the search tree grows) are not left to the
  item order as in dlx1: among the first ``MRV_TIES`` items with the fewest options, in list order,
  the search takes the one whose options hold items with the most options in all, i.e. the choice
  whose options, once tried, hide the most other options and settle the most. It costs a few
  lookups per weighed item at branch points only, and shrinks the tree: 3907 -> 3056 median nodes on
  tdoku's forum_hardest (100 puzzles), 10-20% less time there (little change on easier sets, which
  have few branch points). Weighing every tied item instead of the first 8 gives no smaller trees
  and costs more than it saves. Ties can therefore go to another item than dlx1 would pick; the
  counts of solutions never change, the node counts may. Re-measured once the counts were gone
  (``bench/dlx_variants.py --count 400``, one run, ``MRV_TIES`` 8 / 4 / 2 / 1): magictour 1.57 /
  1.53 / 1.57 / 1.56 ms and serg within 0.06 ms, i.e. the weighing pays for itself there and no more,
  while forum_hardest takes 14.7 / 14.4 / 14.7 / 15.9 ms with p90 27 / 32 / 36 / 37 ms; so 8 stays.
  Other weights measured on node counts alone (lists of two options scored higher or lower; lengths
  capped at 3 or 4; weighing only near the root) moved the sets by a few percent in opposite
  directions.
* Measured and not kept (``bench/dlx_variants.py``): ``(node, item)`` pairs in ``OTHERS`` to save the
  ``TOP`` lookups (no gain), ``TOP`` as a plain rather than a cell variable (no gain), other item
  orders for the Sudoku encoding (30-50% more nodes), a scan that stops at two options without
  knowing that no item has fewer (three times the nodes: forced moves missed), ``(node, item)``
  pairs unpacked in the width-4 path (17clue 0.572 -> 0.602 ms, hardest 19.1 -> 19.5: no gain), presets
  in bulk (above). Later, each against the code of its day, timed as per-puzzle minima of 3-5
  interleaved runs (300 puzzles) and counted in cachegrind instructions: other spellings of the
  hide, ``u = U[a]; d = D[a]; D[u] = d; U[d] = u`` (-0.5% instructions, +1% time) or chained
  ``D[u] = d = D[a]`` or ``LEN[z] = n_z = LEN[z] - 1`` (no better) or ``D[U[a]] = D[a]; U[D[a]] =
  U[a]`` (+2% instructions); the next node of an option from a flat ``NEXT`` list instead of
  unpacking ``OTHERS`` tuples in the width-4 loops (a smaller working set; no gain); one int
  object per value in the template, allocated in order (a compact heap; no gain); per-node tuples
  of the items of ``OTHERS[x]`` (and reversed) for the try and undo loops and the tie-break, which
  save the ``TOP`` lookups and ``reversed`` (-3.5% instructions on magictour, no faster in time),
  and unpacked in the hides as well (-1% instructions, +3% time: more memory touched); the width-4
  undo walking ``(q3, q2, q1)`` instead of ``reversed(OTHERS[p])`` (+0.2% instructions); the
  generic uncover loops as ``else`` branches (-0.8% instructions, not seen in time); in
  :func:`.dlx.solve`, building the presets with ``itertools.compress`` and checking digits with
  ``min``/``max`` (slower at 17-30 givens than the plain loop), and the same for
  :class:`Dance`'s preset check.
* No counts. dlx1 keeps ``LEN[i]``, the number of options in item ``i``'s list, and every hide
  decrements one (``LEN[TOP[a]] -= 1`` and a test of the new count: a third of a hide's bytecodes
  here). The counts are a function of the links, and the search needs little of them, so it reads
  that little off the links instead:

  - *Which lists fell to one option or none* (the notes above): a hide unlinks node ``a`` from between
    ``u`` and ``d``; the list then holds at most one option exactly when ``D[d] == u``, and its header is
    ``u`` when ``u == d`` (no option left), else the smaller of ``u`` and ``d`` (headers are numbered
    below every option node). One lookup and a compare per hide, where the count cost six operations.
  - *The fewest options at a branch point*: the notes and the ``low`` list have shown that every item
    still to cover has two options or more, so ``D[D[D[j]]] == j`` says "exactly two" as cheaply as
    ``LEN[j] == 2`` did, and the scan takes the first such item. Only when no item has two (in none of
    the 29,000 branch points of 100 puzzles each of 17clue, magictour and forum_hardest; often in
    N-queens) are the lists walked to their ends, to take the first item with
    the fewest.
  - *The tie-break's weights* (below) are sums of list lengths. With every primary item at two or more,
    each list is walked from its third node (the same constant left out of every weight, so the
    comparison is unchanged); a matrix with secondary items walks them in full.
  - ``updates`` (Knuth's count, in the stats) adds 3 per option hidden in the width-4 loops.

  Backtracking then only relinks nodes, and a level keeps no copy of anything but its place in the
  ``low`` list. The choices, stats and traces are the same as with the counts (the pinned test in
  ``tests/test_dlx.py``). ``bench/dlx_variants.py --count 300`` against the counting engine, one run
  each: 17clue 0.547 -> 0.474 ms, serg 0.449 -> 0.405, magictour 2.33 -> 2.23, hardest 14.5 -> 14.6
  ms; cachegrind instructions per 40 puzzles, 17clue 189.6 -> 170.4 M, magictour 839 -> 803 M. The
  sets with many branch points gain least, since counting a list is now a walk. Before it, counts
  were restored on backtracking by a per-level copy of ``LEN`` (magictour 2.47 -> 2.31 ms against a
  ``+= 1`` per node relinked).
* Three trims that only take work away, too small to see reliably in timings on a shared machine,
  so measured by instructions (valgrind's cachegrind, ``Ir`` per puzzle of 40, solve to 2, this
  module and :mod:`.dlx`): an item is put on the ``low`` list when its count falls to 1, not again
  at 0 (see the comment in :meth:`Dance.solutions`), which cuts the list and its scans by a quarter;
  the width-4 covers added ``3 * LEN[c] + 1`` to ``updates`` in one go (while there were counts);
  and :func:`.dlx.solve` writes a solution back through two per-option tables (cell,
  digit) instead of a ``divmod`` per cell. Together, before -> after: 17clue 4.35 -> 4.17 M
  instructions (-4.2%), magictour 21.2 -> 20.5 M (-3.3%).
* The search is iterative: ``x[0 .. l-1]`` holds the node tried at each level (Knuth's X1-X8), so the
  depth is bounded by memory, not by the recursion limit (a 25x25 grid in the browser is safe).
  Covers and uncovers are written inline in the loop: a call per node is a measurable share of the
  time in CPython. When a dead end or a solution is met while every level is on its item's last
  option, the search is over and stops there, without uncovering back to the root: the arrays are
  private and would never be read again, and that unwinding was a large share of a uniqueness proof.
* Stats are machine-independent: ``nodes`` (search nodes visited, root included), ``guesses`` (options
  tried for an item that had two or more), ``max_depth`` (deepest level), ``updates`` (Knuth's count of
  link removals: one per item taken out of the item list, one per node hidden from an item's list).
* An optional bounded *trace* records the search as events, for replay in the algorithm lab. With
  ``trace=None`` the cost is one test of a local flag per event (a few per node). Events::

      ("choose", item, k)   item chosen, with k options left (k == 0: a dead end, nothing is tried)
      ("try", option)       option tried at the current level: its items are covered
      ("undo", option)      the option is taken back
      ("backtrack", item)   every option of the item has been tried: uncover it, leave the level
      ("solution",)         the options tried and not undone (plus the presets) form a solution

  Replaying tries as pushes and undos as pops gives, at each ``solution``, the solution's options. A
  search that stops early (no options left) still gets its closing undo/backtrack events, so a full
  replay ends with an empty stack. At most ``trace_limit`` events are kept;
  :attr:`Dance.trace_truncated` says when more happened (the search itself goes on unchanged).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
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


class Dance:
    """One search over ``matrix`` with ``preset`` options forced in.

    Iterate :meth:`solutions`; :attr:`stats` is current whenever a solution is yielded and when the
    generator ends or is closed. :attr:`gave_up` becomes True when ``node_limit`` nodes were visited
    before the search space was exhausted (the root is always visited, so a limit below 1 acts as 1).
    Events are appended to ``trace`` (a list the caller owns) when it is not None. ``generic=True``
    keeps a width-4 matrix off its unrolled fast path (for tests and benchmarks: same results).
    """

    def __init__(self, matrix: ExactCover, preset: Iterable[int] = (), node_limit: int | None = None,
                 trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT,
                 generic: bool = False) -> None:
        self.matrix = matrix
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

    def solutions(self) -> Iterator[list[int]]:
        """Yield every exact cover containing the presets, each as a list of option numbers."""
        mx = self.matrix
        # Local names for everything the loop touches: fast locals, no attribute lookups per node.
        L, R = list(mx.llink), list(mx.rlink)
        U, D = list(mx.ulink), list(mx.dlink)
        TOP, OTHERS, OPT = mx.top, mx.others, mx.option_of
        SIZE = mx.sizes  # len(OTHERS[x]): one addition per hidden option rather than one per node
        root = mx.root
        # Every option has 4 items: each loop over OTHERS below has an unrolled twin, taken when W4
        # (the generic loop is its else branch, or comes after it and then finds nothing left to do).
        W4 = mx.width == 4 and not self.generic
        preset = self.preset
        stats = self.stats
        budget = max(self.node_limit, 1) if self.node_limit is not None else -1
        trace = self.trace
        tracing = trace is not None
        trace_room = self.trace_limit - len(trace) if tracing else 0
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
            # cover(i), inline as in the search loop below.
            p = D[i]
            updates += 1
            if W4:
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
            else:
                while p != i:
                    for q in OTHERS[p]:
                        u, d = U[q], D[q]
                        D[u], U[d] = d, u
                    updates += SIZE[p]
                    p = D[p]
            l, r = L[i], R[i]
            R[l], L[r] = r, l
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
                    # X4: cover(i), inline.
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
                        for q in reversed(OTHERS[p]):
                            # uncover(TOP[q]), inline: the mirror of cover.
                            c = TOP[q]
                            l, r = L[c], R[c]
                            R[l] = L[r] = c
                            s = U[c]
                            if W4:
                                while s != c:
                                    a, b, e = OTHERS[s]
                                    D[U[a]] = U[D[a]] = a
                                    D[U[b]] = U[D[b]] = b
                                    D[U[e]] = U[D[e]] = e
                                    s = U[s]
                            while s != c:
                                for t in OTHERS[s]:
                                    D[U[t]] = U[D[t]] = t
                                s = U[s]
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
                        # uncover(i), inline.
                        l, r = L[i], R[i]
                        R[l] = L[r] = i
                        s = U[i]
                        if W4:
                            while s != i:
                                a, b, e = OTHERS[s]
                                D[U[a]] = U[D[a]] = a
                                D[U[b]] = U[D[b]] = b
                                D[U[e]] = U[D[e]] = e
                                s = U[s]
                        while s != i:
                            for t in OTHERS[s]:
                                D[U[t]] = U[D[t]] = t
                            s = U[s]
                # X5, continued: option p is tried; cover its other items (cyclic order from p).
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
                if nodes == budget:
                    self.gave_up = True
                    return
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
        found.append(solution)
        if limit is not None and len(found) >= limit:
            gen.close()
            break
    return Cover(found, dict(dance.stats), dance.gave_up, dance.trace_truncated, trace)
