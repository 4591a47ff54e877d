"""Backtracking solvers on candidate bit masks.

Candidates of a cell are an int mask: bit ``d`` set means digit ``d`` is still possible. A cell is
*fixed* once its mask has a single bit. Three engines share the vocabulary:

* :func:`solve_fast` (method ``backtrack``): naked and hidden singles propagated to a fixpoint,
  then a branch on the cell with the fewest candidates; the search keeps an explicit stack of
  (state, cell, untried digits), so its depth is bounded by memory, not by the recursion limit
  (25x25 grids in the browser's smaller stack are safe).
* :func:`solve_recursive` (method ``backtrack-recursive``): the same rules written as the
  recursive function the study describes.
* :func:`solve_naive` (method ``naive``): the textbook baseline: cells in reading order, each digit
  not yet in the cell's row, column or box, no propagation. For comparison only.

Each engine returns a :class:`~sudoku_core.solvers.Search`; ``nodes`` counts states visited and
stops the search at ``node_limit``.

Representation (the fast engines). Digit ``d`` of an ``n``-digit grid is the bit ``F*(d-1)`` of a
cell's candidate mask, with ``F = n.bit_length() + 1``: each digit owns a field wide enough to hold a
count of up to ``n`` plus a guard bit. Adding masks then counts digits field by field without carries,
so one integer, ``counts``, holds for every house (a block of ``n`` fields per house) how many open
cells of the house can still take each digit. It is kept up to date as candidates are removed (a
subtraction per removal), and then one handful of big-integer operations answers, for all houses
at once, "which missing digits have no place left" (a contradiction) and "which have exactly one"
(hidden singles): adding ``2**W - 1`` (or ``2**W - 2``) to every field sets its guard bit exactly
when the count is at least 1 (or 2). This replaced a sweep over the houses that cost a Python loop
over every cell at every search node; on the same machine and run it took the median time per
puzzle on magictour_top1465 from 8.2 ms to 5.9 ms. Locked candidates were tried as well: they cut
the nodes there by 4x but cost more per node than they saved on the hardest sets, so they are left
to the hint engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..grid import Geometry
from . import Search
from .exact_cover import DEFAULT_TRACE_LIMIT


class _Budget(Exception):
    """Raised inside the recursive search when the node budget is spent."""


@dataclass(frozen=True)
class _Tables:
    """Per-geometry constants of the packed-count representation (see the module docstring)."""

    field: int          # F: bits per digit field (a count of up to n, plus a guard bit)
    width: int          # W: bits of the count itself; the guard bit is bit W of the field
    block: int          # bits per house block: n fields
    full: int           # one bit per digit: the candidate mask of an empty cell
    low_all: int        # ``full`` repeated in every house block
    k1: int             # adding it sets the guard bit of every field whose count is >= 1
    k2: int             # ... whose count is >= 2
    spread: tuple[int, ...]  # spread[c]: 1 at the start of each of the three blocks of cell c


@cache
def _tables(geo: Geometry) -> _Tables:
    n = geo.n
    width = n.bit_length()
    field = width + 1
    block = n * field
    full = sum(1 << (field * i) for i in range(n))
    low_all = full * sum(1 << (block * h) for h in range(3 * n))
    spread = tuple(sum(1 << (block * h) for h in geo.cell_houses[c]) for c in range(geo.ncells))
    return _Tables(field, width, block, full, low_all, ((1 << width) - 1) * low_all,
                   ((1 << width) - 2) * low_all, spread)


class _State:
    """One search position: candidate masks, placed bits, packed house counts and placed digits."""

    __slots__ = ("cand", "counts", "placed", "vals")

    def __init__(self, cand: list[int], vals: list[int], counts: int, placed: int) -> None:
        self.cand = cand
        self.vals = vals
        self.counts = counts
        self.placed = placed

    def copy(self) -> _State:
        return _State(self.cand[:], self.vals[:], self.counts, self.placed)


def _propagate(geo: Geometry, t: _Tables, s: _State, todo: list[tuple[int, int]]) -> bool:
    """Place the ``(cell, bit)`` pairs in ``todo`` and every naked or hidden single they lead to.

    Mutates ``s``; returns False on a contradiction: a digit placed twice in a house, a cell with
    no candidate left, or a house where a missing digit has no place left.
    """
    peers, houses, spread = geo.peers, geo.houses, t.spread
    cand, vals = s.cand, s.vals
    counts, placed = s.counts, s.placed
    width, k1, k2, low_all, block = t.width, t.k1, t.k2, t.low_all, t.block
    while True:
        while todo:
            c, b = todo.pop()
            v = vals[c]
            if v:
                if v != b:
                    return False
                continue
            m = cand[c]
            if not m & b:
                return False
            sc = spread[c]
            if placed & b * sc:
                return False
            placed |= b * sc
            counts -= m * sc
            vals[c] = b
            cand[c] = 0
            for p in peers[c]:
                pm = cand[p]
                if pm & b:
                    pm ^= b
                    counts -= b * spread[p]
                    if not pm & (pm - 1):
                        if not pm:
                            return False
                        todo.append((p, pm))
                    cand[p] = pm
        # Every house at once: which digits still have a place, and which have exactly one.
        ge1 = ((counts + k1) >> width) & low_all
        if ge1 != low_all ^ placed:
            return False
        hidden = ge1 & ~((counts + k2) >> width)
        if not hidden:
            s.counts, s.placed = counts, placed
            return True
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            h, offset = divmod(bit.bit_length() - 1, block)
            b = 1 << offset
            for c in houses[h]:
                if cand[c] & b:
                    todo.append((c, b))
                    break


def _start(geo: Geometry, t: _Tables, cells: list[int]) -> _State | None:
    """The root position with every given placed and propagated; None if the givens conflict."""
    s = _State([t.full] * geo.ncells, [0] * geo.ncells, t.full * sum(t.spread), 0)
    todo = [(c, 1 << (t.field * (v - 1))) for c, v in enumerate(cells) if v]
    return s if _propagate(geo, t, s, todo) else None


def _branch_cell(cand: list[int]) -> int:
    """The open cell with the fewest candidates (the first such in reading order), -1 if none."""
    counts = list(map(int.bit_count, cand))  # placed cells have no candidates: count 0
    try:
        return counts.index(2)
    except ValueError:
        pass
    open_counts = [k for k in counts if k]
    return counts.index(min(open_counts)) if open_counts else -1


def _digits(t: _Tables, vals: list[int]) -> list[int]:
    return [(b.bit_length() - 1) // t.field + 1 for b in vals]


def solve_fast(geo: Geometry, cells: list[int], limit: int, node_limit: int | None) -> Search:
    t = _tables(geo)
    stats = {"nodes": 1, "guesses": 0, "max_depth": 0}
    solutions: list[list[int]] = []
    root = _start(geo, t, cells)
    if root is None:
        return Search(solutions, stats)
    c = _branch_cell(root.cand)
    if c < 0:
        return Search([_digits(t, root.vals)], stats)
    budget = node_limit if node_limit is not None else -1
    nodes = 1
    guesses = 0
    max_depth = 1
    # Each frame: [position, cell, untried candidate bits]. The last untried digit of a frame takes
    # the frame's position itself instead of a copy, since nothing will return to it.
    stack = [[root, c, root.cand[c]]]
    while stack:
        frame = stack[-1]
        rem = frame[2]
        bit = rem & -rem
        rem ^= bit
        if nodes == budget:
            stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth)
            return Search(solutions, stats, gave_up=True)
        nodes += 1
        guesses += 1
        if rem:
            frame[2] = rem
            s = frame[0].copy()
        else:
            stack.pop()
            s = frame[0]
        if not _propagate(geo, t, s, [(frame[1], bit)]):
            continue
        nxt = _branch_cell(s.cand)
        if nxt < 0:
            solutions.append(_digits(t, s.vals))
            if len(solutions) >= limit:
                break
            continue
        stack.append([s, nxt, s.cand[nxt]])
        if len(stack) > max_depth:
            max_depth = len(stack)
    stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth)
    return Search(solutions, stats)


def _filled(t: _Tables, before: list[int], after: list[int], skip: int) -> tuple[tuple[int, int], ...]:
    """``(cell, digit)`` for every cell placed in ``after`` but not in ``before``, except ``skip``."""
    return tuple((c, (b.bit_length() - 1) // t.field + 1)
                 for c, (a, b) in enumerate(zip(before, after, strict=True)) if b and not a and c != skip)


def solve_recursive(geo: Geometry, cells: list[int], limit: int, node_limit: int | None,
                    trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT) -> Search:
    """``trace``, when a list, receives the search's events for the algorithm lab, at most ``trace_limit``
    of them: ``("fill", ((cell, digit), ...))`` for what the givens force, then per node ``("choose",
    cell, k)``, ``("try", cell, digit)``, ``("fill", ...)`` for what the try forced, ``("undo", cell,
    digit)``, ``("backtrack", cell)`` and ``("solution",)``, as in :mod:`.exact_cover`'s traces."""
    t = _tables(geo)
    stats = {"nodes": 1, "guesses": 0, "max_depth": 0}
    solutions: list[list[int]] = []
    root = _start(geo, t, cells)
    if root is None:
        return Search(solutions, stats)
    tracing = trace is not None
    room = [trace_limit - len(trace)] if tracing else [0]

    def note(event: tuple) -> None:
        if room[0] > 0:
            trace.append(event)
            room[0] -= 1

    def note_fills(before: list[int], after: list[int], skip: int) -> None:
        filled = _filled(t, before, after, skip)
        if filled:
            note(("fill", filled))

    if tracing:
        note_fills([1 if v else 0 for v in cells], root.vals, -1)

    def search(s: _State, depth: int) -> bool:
        """Explore ``s``; True when the search must stop (limit reached)."""
        cell = _branch_cell(s.cand)
        if cell < 0:
            solutions.append(_digits(t, s.vals))
            if tracing:
                note(("solution",))
            return len(solutions) >= limit
        stats["max_depth"] = max(stats["max_depth"], depth + 1)
        rem = s.cand[cell]
        if tracing:
            note(("choose", cell, rem.bit_count()))
        while rem:
            bit = rem & -rem
            rem ^= bit
            if stats["nodes"] == node_limit:
                raise _Budget
            stats["nodes"] += 1
            stats["guesses"] += 1
            child = s.copy()
            if not tracing:
                if _propagate(geo, t, child, [(cell, bit)]) and search(child, depth + 1):
                    return True
                continue
            digit = (bit.bit_length() - 1) // t.field + 1
            note(("try", cell, digit))
            if _propagate(geo, t, child, [(cell, bit)]):
                note_fills(s.vals, child.vals, cell)
                if search(child, depth + 1):
                    return True
            note(("undo", cell, digit))
        if tracing:
            note(("backtrack", cell))
        return False

    try:
        search(root, 0)
    except _Budget:
        return Search(solutions, stats, gave_up=True)
    return Search(solutions, stats)


def solve_naive(geo: Geometry, cells: list[int], limit: int, node_limit: int | None,
                trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT) -> Search:
    """``trace``, when a list, receives at most ``trace_limit`` events: ``("try", cell, digit)``,
    ``("undo", cell, digit)``, ``("backtrack", cell)`` and ``("solution",)`` (no choices: the order of
    the cells is fixed)."""
    n = geo.n
    stats = {"nodes": 1, "guesses": 0, "max_depth": 0}
    solutions: list[list[int]] = []
    grid = list(cells)
    used = [0] * (3 * n)  # digits present in each house
    cell_houses = geo.cell_houses
    for c, v in enumerate(grid):
        if v:
            bit = 1 << v
            for h in cell_houses[c]:
                if used[h] & bit:
                    return Search(solutions, stats)  # conflicting givens
                used[h] |= bit
    empty = [c for c, v in enumerate(grid) if not v]
    if not empty:
        return Search([grid[:]], stats)
    full = geo.all_digits
    tracing = trace is not None
    room = trace_limit - len(trace) if tracing else 0
    # Explicit stack of the digit tried at each empty cell; depth = index into ``empty``.
    tried = [0] * len(empty)
    depth = 0
    nodes = 1
    while depth >= 0:
        c = empty[depth]
        a, b, x = cell_houses[c]
        if grid[c]:  # take the previous digit back before trying the next
            if tracing and room > 0:
                trace.append(("undo", c, grid[c]))
                room -= 1
            bit = 1 << grid[c]
            used[a] ^= bit
            used[b] ^= bit
            used[x] ^= bit
            grid[c] = 0
        free = full & ~(used[a] | used[b] | used[x]) & ~((tried[depth] << 1) - 1 if tried[depth] else 0)
        if not free:
            if tracing and room > 0:
                trace.append(("backtrack", c))
                room -= 1
            tried[depth] = 0
            depth -= 1
            continue
        if nodes == node_limit:
            stats.update(nodes=nodes, max_depth=max(stats["max_depth"], depth + 1))
            return Search(solutions, stats, gave_up=True)
        nodes += 1
        stats["guesses"] += 1
        bit = free & -free
        d = bit.bit_length() - 1
        tried[depth] = bit
        grid[c] = d
        used[a] |= bit
        used[b] |= bit
        used[x] |= bit
        if tracing and room > 0:
            trace.append(("try", c, d))
            room -= 1
        if depth + 1 > stats["max_depth"]:
            stats["max_depth"] = depth + 1
        if depth + 1 == len(empty):
            solutions.append(grid[:])
            if tracing and room > 0:
                trace.append(("solution",))
                room -= 1
            if len(solutions) >= limit:
                break
            continue  # stay at this depth: the next pass tries the next digit here
        depth += 1
    stats["nodes"] = nodes
    return Search(solutions, stats)
