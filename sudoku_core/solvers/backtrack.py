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
"""

from __future__ import annotations

from ..grid import Geometry
from . import Search


class _Budget(Exception):
    """Raised inside a search when the node budget is spent."""


def _initial(geo: Geometry, cells: list[int]) -> list[int] | None:
    """Candidate masks with every given fixed and propagated; None if the givens conflict."""
    full = geo.all_digits
    cand = [(1 << v) if v else full for v in cells]
    fixed = [c for c, v in enumerate(cells) if v]
    if not _propagate(geo, cand, fixed):
        return None
    return cand


def _propagate(geo: Geometry, cand: list[int], todo: list[int]) -> bool:
    """Propagate naked and hidden singles to a fixpoint, starting from the newly fixed cells in
    ``todo``. Mutates ``cand``; returns False on a contradiction (a cell or a house with no room
    for a digit)."""
    peers = geo.peers
    houses = geo.houses
    full = geo.all_digits
    while True:
        while todo:
            c = todo.pop()
            m = cand[c]
            for p in peers[c]:
                pm = cand[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return False
                    cand[p] = pm
                    if not pm & (pm - 1):
                        todo.append(p)
        # Hidden singles: a digit with one place left in a house.
        for house in houses:
            once = twice = 0
            for c in house:
                m = cand[c]
                twice |= once & m
                once |= m
            if once != full:
                return False
            hidden = once & ~twice
            if not hidden:
                continue
            for c in house:
                m = cand[c]
                if m & hidden and m & (m - 1):
                    # The cell holds a hidden digit but is not yet fixed.
                    bit = m & hidden
                    if bit & (bit - 1):
                        return False  # two digits that each have only this cell
                    cand[c] = bit
                    todo.append(c)
        if not todo:
            return True


def _branch_cell(cand: list[int]) -> int:
    """The unfixed cell with the fewest candidates, or -1 when every cell is fixed."""
    best, best_count = -1, 99
    for c, m in enumerate(cand):
        if m & (m - 1):
            k = m.bit_count()
            if k < best_count:
                best, best_count = c, k
                if k == 2:
                    break
    return best


def _digits_of(cand: list[int]) -> list[int]:
    return [m.bit_length() - 1 for m in cand]


def solve_fast(geo: Geometry, cells: list[int], limit: int, node_limit: int | None) -> Search:
    stats = {"nodes": 1, "guesses": 0, "max_depth": 0}
    solutions: list[list[int]] = []
    cand = _initial(geo, cells)
    if cand is None:
        return Search(solutions, stats)
    c = _branch_cell(cand)
    if c < 0:
        return Search([_digits_of(cand)], stats)
    budget = node_limit if node_limit is not None else -1
    nodes = 1
    guesses = 0
    max_depth = 0
    # Each frame: [state, cell, untried digits].
    stack = [[cand, c, cand[c]]]
    while stack:
        frame = stack[-1]
        rem = frame[2]
        if not rem:
            stack.pop()
            continue
        bit = rem & -rem
        frame[2] = rem ^ bit
        if nodes == budget:
            stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth)
            return Search(solutions, stats, gave_up=True)
        nodes += 1
        guesses += 1
        state = frame[0][:]
        cell = frame[1]
        state[cell] = bit
        if not _propagate(geo, state, [cell]):
            continue
        nxt = _branch_cell(state)
        if nxt < 0:
            solutions.append(_digits_of(state))
            if len(solutions) >= limit:
                break
            continue
        stack.append([state, nxt, state[nxt]])
        if len(stack) > max_depth:
            max_depth = len(stack)
    stats.update(nodes=nodes, guesses=guesses, max_depth=max_depth)
    return Search(solutions, stats)


def solve_recursive(geo: Geometry, cells: list[int], limit: int, node_limit: int | None) -> Search:
    stats = {"nodes": 1, "guesses": 0, "max_depth": 0}
    solutions: list[list[int]] = []
    cand = _initial(geo, cells)
    if cand is None:
        return Search(solutions, stats)

    def search(state: list[int], depth: int) -> bool:
        """True when the search must stop (limit reached)."""
        cell = _branch_cell(state)
        if cell < 0:
            solutions.append(_digits_of(state))
            return len(solutions) >= limit
        if depth + 1 > stats["max_depth"]:
            stats["max_depth"] = depth + 1
        rem = state[cell]
        while rem:
            bit = rem & -rem
            rem ^= bit
            if stats["nodes"] == node_limit:
                raise _Budget
            stats["nodes"] += 1
            stats["guesses"] += 1
            child = state[:]
            child[cell] = bit
            if _propagate(geo, child, [cell]) and search(child, depth + 1):
                return True
        return False

    try:
        search(cand, 0)
    except _Budget:
        return Search(solutions, stats, gave_up=True)
    return Search(solutions, stats)


def solve_naive(geo: Geometry, cells: list[int], limit: int, node_limit: int | None) -> Search:
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
    # Explicit stack of the digit tried at each empty cell; depth = index into ``empty``.
    tried = [0] * len(empty)
    depth = 0
    nodes = 1
    while depth >= 0:
        c = empty[depth]
        a, b, x = cell_houses[c]
        if grid[c]:  # take the previous digit back before trying the next
            bit = 1 << grid[c]
            used[a] ^= bit
            used[b] ^= bit
            used[x] ^= bit
            grid[c] = 0
        free = full & ~(used[a] | used[b] | used[x]) & ~((tried[depth] << 1) - 1 if tried[depth] else 0)
        if not free:
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
        if depth + 1 > stats["max_depth"]:
            stats["max_depth"] = depth + 1
        if depth + 1 == len(empty):
            solutions.append(grid[:])
            if len(solutions) >= limit:
                break
            continue  # stay at this depth: the next pass tries the next digit here
        depth += 1
    stats["nodes"] = nodes
    return Search(solutions, stats)
