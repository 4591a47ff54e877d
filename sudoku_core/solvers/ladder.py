"""The algorithm lab's ladder: one search with one idea added at each rung, every rung counted alike.

The study asks why Dancing Links is fast. To answer it fairly, the lab climbs a ladder of methods
that differ by one idea each, written plainly and counted the same way:

==========  =====================================================================================
rung        the search
==========  =====================================================================================
naive       cells in reading order, every digit that fits (no digit already in the cell's houses)
fewest      + branch on an open cell with the fewest candidates ("most constrained first")
naked       + place naked singles (a cell with one candidate) before branching
hidden      + place hidden singles (a digit with one place in a house)
locked      + strike locked candidates (pointing and claiming)
dlx-plain   Algorithm X over dancing links, taking the items (constraints) in their plain order
dlx-fewest  Algorithm X over dancing links with Knuth's rule: the item with the fewest options
==========  =====================================================================================

The five backtracking rungs are one function (:func:`search`) with the rules switched on one by
one; the two DLX rungs are one textbook Algorithm X (:func:`dance`) with its choice rule switched.
They are the lab's instruments, written to be read and counted, and solve methods like any other
(:data:`sudoku_core.solvers.ENGINES`); the production engines (``backtrack``: the ``locked`` rung's
rules on whole-grid integers, with a finer choice among tied cells; ``dlx``: an optimised Algorithm X)
solve the page's puzzles. ``naive`` is the baseline everywhere.

Counts (the same meaning for every rung; ``nodes`` bounds the search):

* ``nodes``: search states visited, the root included (each try starts one);
* ``placements``: digits placed, tried or forced, including those later taken back (DLX: options
  taken into the cover);
* ``branch_points``: states where the search had to choose among two or more options;
* ``guesses``: options tried at branch points;
* ``eliminations``: candidates struck by the rules: a placed digit strikes its cell's other
  candidates and itself from the cell's open peers, and locked candidates strike more. DLX counts the
  same way: a tried option strikes the other options of its item and every option its other items'
  covers hide (so a search that never backtracks strikes every candidate it does not place, either way);
* ``max_depth``: the deepest level of tries on the stack.

Traces use the lab's events (see :mod:`sudoku_core.lab`): ``("choose", cell, k)``, ``("try", cell,
digit)``, ``("place", cell, digit, rule)`` for one forced placement ("naked" or "hidden"), ``("strike",
((cell, digit), ...), "locked")``, ``("undo", cell, digit)``, ``("backtrack", cell)`` and ``("solution",)``;
the DLX rungs write ``("choose", item, k)``, ``("try", option)``, ``("undo", option)``, ``("backtrack",
item)`` and ``("solution",)``, as the production DLX engine does.
"""

from __future__ import annotations

from ..candidates import bits, derived, tables
from ..errors import SudokuError
from ..grid import Geometry
from . import Engine, Search, trace_note
from .dlx import describe_option, option_of, sudoku_matrix

#: Why the backtracking rungs refuse a Killer (the lab shows it in place of their figures).
CAGE_REFUSAL = ("the backtracking rungs check houses only, not cage sums; a Killer is solved by the DLX "
                "rungs (its cages are options of the matrix), dlx, backtrack or backtrack-recursive")


def _refuse_cages(geo: Geometry) -> None:
    """The backtracking rungs are the textbook searches over houses; a Killer's sums are left to the
    matrix (the DLX rungs) and the production engines."""
    if geo.cages is not None:
        raise SudokuError(CAGE_REFUSAL)


#: Rung -> (cell order, propagation rules), for :func:`search`.
BACKTRACK_RUNGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "naive": ("reading", ()),
    "fewest": ("fewest", ()),
    "naked": ("fewest", ("naked",)),
    "hidden": ("fewest", ("naked", "hidden")),
    "locked": ("fewest", ("naked", "hidden", "locked")),
}
#: Rung -> item choice, for :func:`dance`.
DLX_RUNGS: dict[str, str] = {"dlx-plain": "first", "dlx-fewest": "fewest"}
#: Every rung, lowest first.
RUNGS: tuple[str, ...] = (*BACKTRACK_RUNGS, *DLX_RUNGS)


def _counts() -> dict[str, int]:
    return {"nodes": 1, "placements": 0, "branch_points": 0, "guesses": 0, "eliminations": 0, "max_depth": 0}


def _bits(mask: int) -> list[int]:
    """The digits of a candidate mask (bit d for digit d), smallest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _segments(geo: Geometry) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """Per (box, line) that meet: the shared cells, the rest of the box, the rest of the line (built once
    per geometry from its :func:`~sudoku_core.candidates.tables`, kept by :func:`~sudoku_core.candidates.derived`)."""
    t = tables(geo)
    hb = t.house_bits
    return tuple((tuple(bits(x)), tuple(bits(hb[b] & ~x)), tuple(bits(hb[line] & ~x))) for b, line, x in t.crossings)


def search(geo: Geometry, cells: list[int], limit: int, node_limit: int | None, order: str = "fewest",
           rules: tuple[str, ...] = (), trace: list | None = None, trace_limit: int = 100_000) -> Search:
    """Count the solutions of ``cells`` by backtracking with the given cell ``order`` ("reading" or
    "fewest") and propagation ``rules`` (any of "naked", "hidden", "locked"), up to ``limit``
    solutions or ``node_limit`` nodes. Iterative, so any grid size is safe from the recursion limit."""
    _refuse_cages(geo)
    n, N = geo.n, geo.ncells
    peers, houses = geo.peers, geo.houses
    full = geo.all_digits
    stats = _counts()
    note = trace_note(trace, trace_limit)

    grid = list(cells)
    if any(grid[c] and any(grid[p] == grid[c] for p in peers[c]) for c in range(N)):
        return Search([], stats, False)  # two equal givens in a house: no solution, nothing to search
    cand = [0] * N
    for c in range(N):
        if not grid[c]:
            free = full
            for p in peers[c]:
                if grid[p]:
                    free &= ~(1 << grid[p])
            cand[c] = free

    def place(g: list[int], m: list[int], c: int, d: int) -> None:
        bit = 1 << d
        struck = m[c].bit_count() - 1
        g[c], m[c] = d, 0
        for p in peers[c]:
            if m[p] & bit:
                m[p] ^= bit
                struck += 1
        stats["placements"] += 1
        stats["eliminations"] += struck

    naked, hidden, locked = "naked" in rules, "hidden" in rules, "locked" in rules
    segments = derived(geo, _segments) if locked else ()

    def propagate(g: list[int], m: list[int]) -> bool:
        """Apply the rules to a fixpoint; False on a contradiction."""
        while True:
            if naked:
                moved = False
                for c in range(N):
                    if not g[c]:
                        mc = m[c]
                        if not mc:
                            return False
                        if not mc & (mc - 1):
                            d = mc.bit_length() - 1
                            place(g, m, c, d)
                            note(("place", c, d, "naked"))
                            moved = True
                if moved:
                    continue
            if hidden:
                moved = False
                for house in houses:
                    once = twice = placed = 0
                    for c in house:
                        if g[c]:
                            placed |= 1 << g[c]
                        else:
                            twice |= once & m[c]
                            once |= m[c]
                    if (full & ~placed) & ~once:
                        return False  # a digit with no place left in the house
                    for d in _bits(once & ~twice):
                        c = next(c for c in house if m[c] >> d & 1)
                        place(g, m, c, d)
                        note(("place", c, d, "hidden"))
                        moved = True
                        break  # the house changed: count it afresh
                    if moved:
                        break
                if moved:
                    continue
            if locked:
                struck: list[tuple[int, int]] = []
                for shared, box_rest, line_rest in segments:
                    inside = 0
                    for c in shared:
                        inside |= m[c]
                    if not inside:
                        continue
                    box_other = line_other = 0
                    for c in box_rest:
                        box_other |= m[c]
                    for c in line_rest:
                        line_other |= m[c]
                    # Pointing: in the box only here, so not elsewhere on the line; claiming: the converse.
                    for digits, rest in ((inside & ~box_other & line_other, line_rest),
                                         (inside & ~line_other & box_other, box_rest)):
                        for d in _bits(digits):
                            bit = 1 << d
                            for c in rest:
                                if m[c] & bit:
                                    m[c] ^= bit
                                    struck.append((c, d))
                    if struck:
                        break
                if struck:
                    stats["eliminations"] += len(struck)
                    note(("strike", tuple(struck), "locked"))
                    continue
            return True

    def choose(g: list[int], m: list[int]) -> tuple[int, int]:
        """The cell to branch on and its candidate count; (-1, 0) when the grid is full."""
        if order == "reading":
            for c in range(N):
                if not g[c]:
                    return c, m[c].bit_count()
            return -1, 0
        best, best_k = -1, n + 1
        for c in range(N):
            if not g[c]:
                k = m[c].bit_count()
                if k < best_k:
                    best, best_k = c, k
                    if k <= 1:
                        break
        return best, (best_k if best >= 0 else 0)

    solutions: list[list[int]] = []
    gave_up = False
    frames: list[list] = []  # [grid, cand, cell, digits, next index, tried digit or 0, k]
    state = (grid, cand) if propagate(grid, cand) else None
    while True:
        if state is not None:
            g, m = state
            state = None
            cell, k = choose(g, m)
            if cell < 0:
                solutions.append(list(g))
                note(("solution",))
                if len(solutions) >= limit:
                    break
            else:
                note(("choose", cell, k))
                if k >= 2:
                    stats["branch_points"] += 1
                if k:
                    frames.append([g, m, cell, _bits(m[cell]), 0, 0, k])
        if not frames:
            break
        f = frames[-1]
        g, m, cell, digits, i, tried, k = f
        if tried:
            note(("undo", cell, tried))
            f[5] = 0
        if i == len(digits):
            note(("backtrack", cell))
            frames.pop()
            continue
        if node_limit is not None and stats["nodes"] >= node_limit:
            gave_up = True
            break
        d = digits[i]
        f[4], f[5] = i + 1, d
        stats["nodes"] += 1
        if k >= 2:
            stats["guesses"] += 1
        stats["max_depth"] = max(stats["max_depth"], len(frames))
        g2, m2 = list(g), list(m)
        note(("try", cell, d))
        place(g2, m2, cell, d)
        if propagate(g2, m2):
            state = (g2, m2)
    return Search(solutions, stats, gave_up)


def dance(geo: Geometry, cells: list[int], limit: int, node_limit: int | None, choice: str = "fewest",
          trace: list | None = None, trace_limit: int = 100_000) -> Search:
    """Count the solutions of ``cells`` by Knuth's Algorithm X over dancing links on the Sudoku
    matrix (:func:`sudoku_core.solvers.dlx.sudoku_matrix`), taking the item with the fewest options
    (``choice="fewest"``) or the first item left (``"first"``). The textbook form, with option counts
    kept per item; iterative. ``updates`` counts link removals, as the production engine does. A Killer's
    matrix holds its cages as options over their digit combinations (:mod:`.dlx`), which the search
    takes like any other option (they fill no cell)."""
    mx = sudoku_matrix(geo)
    L, R = list(mx.llink), list(mx.rlink)
    U, D = list(mx.ulink), list(mx.dlink)
    TOP, OTHERS, OPT = mx.top, mx.others, mx.option_of
    root = mx.root
    LEN = [0] * (mx.n_items + 1)
    for i in range(mx.n_items):
        x = D[i]
        while x != i:
            LEN[i] += 1
            x = D[x]
    stats = {**_counts(), "updates": 0}
    note = trace_note(trace, trace_limit)

    counting = [False]  # only the covers of a tried option's other items strike (see the docstring)
    searching = [False]  # the presets' covers are set-up: neither updates nor eliminations

    def cover(i: int) -> None:
        L[R[i]], R[L[i]] = L[i], R[i]
        hidden = links = 0
        x = D[i]
        while x != i:
            for y in OTHERS[x]:
                U[D[y]], D[U[y]] = U[y], D[y]
                LEN[TOP[y]] -= 1
            hidden += 1
            links += len(OTHERS[x])
            x = D[x]
        if counting[0]:
            stats["eliminations"] += hidden
        if searching[0]:
            stats["updates"] += 1 + links

    def uncover(i: int) -> None:
        x = U[i]
        while x != i:
            for y in reversed(OTHERS[x]):
                U[D[y]] = D[U[y]] = y
                LEN[TOP[y]] += 1
            x = U[x]
        L[R[i]] = R[L[i]] = i

    def take(x: int) -> None:
        """Cover the other items of the option of node ``x`` (its own item is already covered)."""
        counting[0] = True
        for y in OTHERS[x]:
            cover(TOP[y])
        counting[0] = False

    def give_back(x: int) -> None:
        for y in reversed(OTHERS[x]):
            uncover(TOP[y])

    preset = [option_of(geo, c, v) for c, v in enumerate(cells) if v]
    if -1 in preset:  # a Killer's given that no combination of its cage holds: no solution
        return Search([], stats, False)
    taken: set[int] = set()
    for o in preset:
        given = mx.items_of(o)
        if any(i in taken for i in given):  # clashing givens: no solution
            return Search([], stats, False)
        taken.update(given)
        for i in given:
            cover(i)
    searching[0] = True
    # The option counts the preset covers left are where the search starts: an item with no option
    # left at all is found by the first choice.

    solutions: list[list[int]] = []
    gave_up = False
    chosen: list[int] = []  # the node tried at each level
    items: list[int] = []  # the item chosen at each level
    k_at: list[int] = []
    descend = True
    while True:
        if descend:
            descend = False
            if R[root] == root:
                grid = list(cells)
                for x in chosen:
                    cell, d = describe_option(geo, OPT[x])
                    if d:  # a Killer's combination option fills no cell
                        grid[cell] = d
                solutions.append(grid)
                note(("solution",))
                if len(solutions) >= limit:
                    break
            else:
                i = R[root]
                if choice == "fewest":
                    best = LEN[i]
                    j = R[i]
                    while j != root and best > 0:
                        if LEN[j] < best:
                            i, best = j, LEN[j]
                        j = R[j]
                k = LEN[i]
                note(("choose", i, k))
                if k >= 2:
                    stats["branch_points"] += 1
                if k:
                    cover(i)
                    items.append(i)
                    chosen.append(i)  # the header: "nothing tried yet" at this level
                    k_at.append(k)
        if not items:
            break
        i, x, k = items[-1], chosen[-1], k_at[-1]
        if x != i:  # take back the option tried at this level
            give_back(x)
            note(("undo", OPT[x]))
        x = D[x]
        if x == i:
            uncover(i)
            note(("backtrack", i))
            items.pop()
            chosen.pop()
            k_at.pop()
            continue
        if node_limit is not None and stats["nodes"] >= node_limit:
            gave_up = True
            break
        chosen[-1] = x
        stats["nodes"] += 1
        stats["placements"] += 1
        stats["eliminations"] += k - 1
        if k >= 2:
            stats["guesses"] += 1
        stats["max_depth"] = max(stats["max_depth"], len(items))
        note(("try", OPT[x]))
        take(x)
        descend = True
    return Search(solutions, stats, gave_up)


def _rung(name: str) -> Engine:
    if name in BACKTRACK_RUNGS:
        order, rules = BACKTRACK_RUNGS[name]

        def run(geo: Geometry, cells: list[int], limit: int, node_limit: int | None, trace: list | None = None,
                trace_limit: int = 100_000) -> Search:
            return search(geo, cells, limit, node_limit, order, rules, trace, trace_limit)
    else:
        def run(geo: Geometry, cells: list[int], limit: int, node_limit: int | None, trace: list | None = None,
                trace_limit: int = 100_000) -> Search:
            return dance(geo, cells, limit, node_limit, DLX_RUNGS[name], trace, trace_limit)
    run.__name__ = f"solve_{name.replace('-', '_')}"
    run.__doc__ = f"The lab's {name!r} rung (see the module docstring)."
    return run


solve_naive = _rung("naive")
solve_fewest = _rung("fewest")
solve_naked = _rung("naked")
solve_hidden = _rung("hidden")
solve_locked = _rung("locked")
solve_dlx_plain = _rung("dlx-plain")
solve_dlx_fewest = _rung("dlx-fewest")
