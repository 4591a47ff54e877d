"""Dancing Links: the generic exact-cover engine on non-Sudoku covers, and method ``dlx`` on every grid size.

Counts are checked against brute force written here, independently of the engine, and against a plain
Knuth-shaped Algorithm X (:class:`KnuthDLX`, the oracle) where brute force is too slow; every Sudoku
solution is checked by :func:`is_solution`, which rebuilds rows, columns and boxes from scratch.
"""

import hashlib
import itertools
import random

import pytest

from sudoku_core import solve
from sudoku_core.grid import geometry
from sudoku_core.solvers import backtrack, dlx
from sudoku_core.solvers.exact_cover import Dance, ExactCover, exact_covers

# --- independent checkers ---------------------------------------------------------------------------------


def is_solution(br, bc, grid, givens=None):
    """True when ``grid`` is a full valid Sudoku of br x bc boxes that keeps every given."""
    n = br * bc
    if len(grid) != n * n:
        return False
    digits = set(range(1, n + 1))
    rows = [grid[r * n:(r + 1) * n] for r in range(n)]
    cols = [grid[c::n] for c in range(n)]
    boxes = [[grid[(r0 + i) * n + c0 + j] for i in range(br) for j in range(bc)]
             for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    if any(set(h) != digits for h in rows + cols + boxes):
        return False
    return givens is None or all(g in (0, v) for g, v in zip(givens, grid, strict=True))


def brute_count(br, bc, cells, cap=10**9):
    """Solutions of a small grid by plain first-empty-cell backtracking (no engine code)."""
    n = br * bc
    grid = list(cells)

    def ok(c, d):
        r, k = divmod(c, n)
        r0, c0 = r - r % br, k - k % bc
        return (all(grid[r * n + j] != d for j in range(n)) and all(grid[i * n + k] != d for i in range(n))
                and all(grid[(r0 + i) * n + c0 + j] != d for i in range(br) for j in range(bc)))

    def count():
        try:
            c = grid.index(0)
        except ValueError:
            return 1
        total = 0
        for d in range(1, n + 1):
            if ok(c, d):
                grid[c] = d
                total += count()
                grid[c] = 0
                if total >= cap:
                    break
        return total

    # Givens that clash have no solution.
    for c, v in enumerate(cells):
        if v:
            grid[c] = 0
            if not ok(c, v):
                return 0
            grid[c] = v
    return count()


def brute_covers(n_primary, n_items, options):
    """Every set of options covering primary items exactly once and secondary ones at most once."""
    found = []
    for k in range(len(options) + 1):
        for combo in itertools.combinations(range(len(options)), k):
            counts = [0] * n_items
            for o in combo:
                for i in options[o]:
                    counts[i] += 1
            if all(c == 1 for c in counts[:n_primary]) and all(c <= 1 for c in counts[n_primary:]):
                found.append(frozenset(combo))
    return found


def pattern_grid(br, bc):
    """A valid full grid of any box shape (the shifted-rows pattern)."""
    n = br * bc
    return [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]


def cells_of(line, n):
    symbols = "123456789ABCDEFGHIJKLMNOP"[:n]
    return [symbols.index(ch) + 1 if ch in symbols else 0 for ch in line]


class KnuthDLX:
    """Algorithm X on dancing links, written as Knuth's dlx1 (and "Dancing Links", 2000) describe it, as an
    oracle for the fast engine: slow and plain, sharing no code with it.

    Items are ``1 .. N`` (the caller's item ``i`` is ``i + 1``) and node 0 is the root of the list of primary
    items; secondary items are linked to themselves, so they are never chosen. The options follow as in
    dlx1: a spacer node, then each option's nodes followed by a spacer whose ``TOP`` is ``-(option + 1)``;
    a spacer's ``ULINK`` is the first node of the option before it and its ``DLINK`` the last node of the
    option after it. ``LEN[i]`` counts the options left in item ``i``'s list; the search takes the first
    item with the smallest ``LEN`` (Knuth's MRV) and yields each cover as a sorted list of option numbers.
    """

    def __init__(self, n_primary, options, n_secondary=0):
        n = n_primary + n_secondary
        # Primary items in a cycle through the root; secondary items each a list of its own.
        self.LLINK, self.RLINK = list(range(n + 1)), list(range(n + 1))
        for a, b in itertools.pairwise([0, *range(1, n_primary + 1), 0]):
            self.RLINK[a], self.LLINK[b] = b, a
        self.TOP = [0] * (n + 1)
        self.ULINK = list(range(n + 1))
        self.DLINK = list(range(n + 1))
        self.LEN = [0] * (n + 1)
        self.TOP.append(0)  # the first spacer
        self.ULINK.append(0)
        self.DLINK.append(0)
        last_spacer = n + 1
        self.first = []  # the first node of each option
        for o, option in enumerate(options):
            first = len(self.TOP)
            self.first.append(first)
            for item in option:
                i = item + 1
                x = len(self.TOP)
                self.TOP.append(i)
                self.LEN[i] += 1
                self.ULINK.append(self.ULINK[i])
                self.DLINK.append(i)
                self.DLINK[self.ULINK[i]] = x
                self.ULINK[i] = x
            self.DLINK[last_spacer] = len(self.TOP) - 1
            last_spacer = len(self.TOP)
            self.TOP.append(-(o + 1))
            self.ULINK.append(first)
            self.DLINK.append(0)

    def hide(self, p):
        q = p + 1
        while q != p:
            x, u, d = self.TOP[q], self.ULINK[q], self.DLINK[q]
            if x <= 0:
                q = u  # a spacer: back to the first node of the option
            else:
                self.DLINK[u], self.ULINK[d] = d, u
                self.LEN[x] -= 1
                q += 1

    def unhide(self, p):
        q = p - 1
        while q != p:
            x, u, d = self.TOP[q], self.ULINK[q], self.DLINK[q]
            if x <= 0:
                q = d  # a spacer: on to the last node of the option
            else:
                self.DLINK[u] = self.ULINK[d] = q
                self.LEN[x] += 1
                q -= 1

    def cover(self, i):
        p = self.DLINK[i]
        while p != i:
            self.hide(p)
            p = self.DLINK[p]
        l, r = self.LLINK[i], self.RLINK[i]
        self.RLINK[l], self.LLINK[r] = r, l

    def uncover(self, i):
        l, r = self.LLINK[i], self.RLINK[i]
        self.RLINK[l] = self.LLINK[r] = i
        p = self.ULINK[i]
        while p != i:
            self.unhide(p)
            p = self.ULINK[p]

    def option_of(self, x):
        while self.TOP[x] > 0:
            x += 1
        return -self.TOP[x] - 1

    def others(self, x):
        """The other nodes of ``x``'s option, left to right from ``x`` (cyclically)."""
        q = x + 1
        while q != x:
            if self.TOP[q] <= 0:
                q = self.ULINK[q]
            else:
                yield q
                q += 1

    def solutions(self, preset=()):
        """Every exact cover holding the ``preset`` options (none when two of them share an item)."""
        taken = set()
        for o in preset:
            items = [self.TOP[x] for x in (self.first[o], *self.others(self.first[o]))]
            if taken & set(items):
                return
            taken.update(items)
            for i in items:
                self.cover(i)
        chosen = []

        def search():
            if self.RLINK[0] == 0:
                yield sorted([*preset, *(self.option_of(x) for x in chosen)])
                return
            i, j = self.RLINK[0], self.RLINK[0]
            while j != 0:
                if self.LEN[j] < self.LEN[i]:
                    i = j
                j = self.RLINK[j]
            self.cover(i)
            r = self.DLINK[i]
            while r != i:
                chosen.append(r)
                for q in self.others(r):
                    self.cover(self.TOP[q])
                yield from search()
                for q in reversed(list(self.others(r))):
                    self.uncover(self.TOP[q])
                chosen.pop()
                r = self.DLINK[r]
            self.uncover(i)

        yield from search()


def reference_covers(n_primary, options, n_secondary=0, preset=()):
    """The oracle's covers, each a sorted list of option numbers, in its order."""
    return list(KnuthDLX(n_primary, options, n_secondary).solutions(preset))


def sudoku_options(br, bc):
    """The Sudoku exact-cover options written out here (not the engine's encoding): option ``cell * n + d - 1``
    puts digit d in the cell and covers (cell), (row, d), (column, d) and (box, d)."""
    n = br * bc
    options = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        box = (r // br) * (n // bc) + c // bc
        for d in range(n):
            options.append([cell, n * n + r * n + d, 2 * n * n + c * n + d, 3 * n * n + box * n + d])
    return options


def reference_grids(br, bc, cells):
    """Every solution of a Sudoku by the oracle, as grids."""
    n = br * bc
    preset = [c * n + v - 1 for c, v in enumerate(cells) if v]
    grids = []
    for cover in reference_covers(4 * n * n, sudoku_options(br, bc), preset=preset):
        grid = [0] * (n * n)
        for o in cover:
            grid[o // n] = o % n + 1
        grids.append(grid)
    return grids


# --- the generic engine -------------------------------------------------------------------------------------

#: Knuth's example from "Dancing Links": items a..g are 0..6; the only cover is {a d f, b g, c e}.
KNUTH_OPTIONS = [[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]


def test_knuth_example():
    result = exact_covers(ExactCover(7, KNUTH_OPTIONS))
    assert [sorted(s) for s in result.solutions] == [[0, 3, 4]]
    assert not result.gave_up
    s = result.stats
    assert s["nodes"] >= 4 and s["updates"] > 0 and s["max_depth"] == 3 and s["guesses"] >= 1


def test_presets_and_clashing_presets():
    m = ExactCover(7, KNUTH_OPTIONS)
    assert [sorted(s) for s in exact_covers(m, preset=[4]).solutions] == [[0, 3, 4]]
    assert exact_covers(m, preset=[1]).solutions == []  # consistent preset, no cover
    assert exact_covers(m, preset=[1, 3]).solutions == []  # both hold item a: no solution, no exception
    assert exact_covers(m, preset=[0, 3, 4]).solutions == [[0, 3, 4]]  # already a cover: the root is one
    with pytest.raises(ValueError):
        exact_covers(m, preset=[6])


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        ExactCover(3, [[0, 0]])
    with pytest.raises(ValueError):
        ExactCover(3, [[3]])
    with pytest.raises(ValueError):
        ExactCover(3, [[]])
    with pytest.raises(ValueError):
        ExactCover(1, [[0], [1]], n_secondary=1)  # option 1 has no primary item


def test_no_items_has_the_empty_cover():
    assert exact_covers(ExactCover(0, [])).solutions == [[]]
    assert exact_covers(ExactCover(2, [])).solutions == []


def queens_matrix(n):
    """N queens: ranks and files primary, the 2(2n-1) diagonals secondary (Knuth's formulation)."""
    options = []
    for r in range(n):
        for c in range(n):
            options.append((r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + r - c + n - 1))
    return ExactCover(2 * n, options, n_secondary=2 * (2 * n - 1))


def brute_queens(n):
    return sum(1 for p in itertools.permutations(range(n))
               if len({r + c for r, c in enumerate(p)}) == n and len({r - c for r, c in enumerate(p)}) == n)


@pytest.mark.parametrize("n", range(1, 8))
def test_n_queens_with_secondary_items(n):
    result = exact_covers(queens_matrix(n))
    assert len(result.solutions) == brute_queens(n)
    assert len({frozenset(s) for s in result.solutions}) == len(result.solutions)
    for s in result.solutions:
        assert sorted(o // n for o in s) == list(range(n))  # one queen per rank


def domino_matrix(rows, cols):
    options = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                options.append((r * cols + c, r * cols + c + 1))
            if r + 1 < rows:
                options.append((r * cols + c, (r + 1) * cols + c))
    return ExactCover(rows * cols, options)


def brute_tilings(rows, cols):
    """Domino tilings by filling the first empty cell, right or down."""
    filled = [False] * (rows * cols)

    def count():
        try:
            c = filled.index(False)
        except ValueError:
            return 1
        total = 0
        r, k = divmod(c, cols)
        for other in ([c + 1] if k + 1 < cols else []) + ([c + cols] if r + 1 < rows else []):
            if not filled[other]:
                filled[c] = filled[other] = True
                total += count()
                filled[c] = filled[other] = False
        return total

    return count()


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 7), (3, 4), (4, 4), (3, 6), (4, 5), (5, 5)])
def test_domino_tilings(rows, cols):
    assert len(exact_covers(domino_matrix(rows, cols)).solutions) == brute_tilings(rows, cols)


def test_domino_known_counts():
    assert len(exact_covers(domino_matrix(4, 4)).solutions) == 36
    assert len(exact_covers(domino_matrix(2, 8)).solutions) == 34


def random_options(rng: random.Random, n_primary: int, n_items: int, count: int) -> list[list[int]]:
    """``count`` options, each holding a primary item (the engine's rule, as in dlx1) and up to three
    other items, secondary ones maybe among them."""
    options = []
    for _ in range(count):
        first = rng.randrange(n_primary)
        rest = [i for i in range(n_items) if i != first]
        options.append([first, *rng.sample(rest, rng.randint(0, min(3, len(rest))))])
    return options


@pytest.mark.parametrize("seed", range(150))
def test_random_matrices_against_brute_force(seed):
    rng = random.Random(seed)
    n_primary = rng.randint(1, 9)
    n_secondary = rng.randint(0, 3)
    n_items = n_primary + n_secondary
    options = random_options(rng, n_primary, n_items, rng.randint(1, 13))
    expected = brute_covers(n_primary, n_items, options)
    result = exact_covers(ExactCover(n_primary, options, n_secondary))
    got = [frozenset(s) for s in result.solutions]
    assert len(got) == len(set(got)) and set(got) == set(expected)


@pytest.mark.parametrize("seed", range(40))
def test_reference_agrees_with_brute_force(seed):
    # The oracle itself, on matrices small enough for brute force (with presets, clashing ones included).
    rng = random.Random(500 + seed)
    n_primary, n_secondary = rng.randint(1, 9), rng.randint(0, 3)
    n_items = n_primary + n_secondary
    options = random_options(rng, n_primary, n_items, rng.randint(1, 13))
    expected = brute_covers(n_primary, n_items, options)
    assert sorted(map(frozenset, reference_covers(n_primary, options, n_secondary)), key=sorted) == sorted(
        expected, key=sorted)
    preset = rng.sample(range(len(options)), min(2, len(options)))
    assert {frozenset(s) for s in reference_covers(n_primary, options, n_secondary, preset)} == {
        s for s in expected if s >= set(preset)}


@pytest.mark.parametrize("seed", range(80))
def test_engine_matches_the_reference_on_random_matrices(seed):
    # Larger than brute force can take: up to 24 primary items and 70 options, options of 1 to 6 items
    # (all of 4 on every third seed, so the fast path is held to the oracle too), and sometimes presets.
    rng = random.Random(2000 + seed)
    n_primary, n_secondary = rng.randint(4, 24), rng.randint(0, 6)
    n_items = n_primary + n_secondary
    options = []
    for _ in range(rng.randint(10, 70)):
        width = 4 if seed % 3 == 0 and n_items >= 4 else rng.randint(1, min(6, n_items))
        first = rng.randrange(n_primary)
        options.append([first, *rng.sample([i for i in range(n_items) if i != first], width - 1)])
    preset = rng.sample(range(len(options)), rng.randint(0, 2))
    expected = sorted(reference_covers(n_primary, options, n_secondary, preset))
    matrix = ExactCover(n_primary, options, n_secondary)
    for generic in (False, True):
        dance = Dance(matrix, preset, generic=generic)
        assert sorted(sorted(s) for s in dance.solutions()) == expected


def test_generator_take_two_and_limit():
    m = domino_matrix(4, 4)
    dance = Dance(m)
    gen = dance.solutions()
    first, second = next(gen), next(gen)
    assert first != second
    assert dance.stats["nodes"] >= 1 and dance.stats["updates"] > 0
    gen.close()
    assert len(exact_covers(m, limit=5).solutions) == 5


def test_node_limit_gives_up_and_never_overruns():
    m = queens_matrix(7)
    result = exact_covers(m, node_limit=10)
    assert result.gave_up and result.stats["nodes"] == 10
    # A budget that suffices is not a give-up.
    full = exact_covers(m)
    again = exact_covers(m, node_limit=full.stats["nodes"])
    assert not again.gave_up and len(again.solutions) == 40
    assert exact_covers(m, node_limit=0).stats["nodes"] == 1  # the root is always visited


def replay(trace, preset=()):
    """Apply the trace's tries and undos to a stack; return the stack at each solution and at the end."""
    stack, at_solutions = [], []
    for event in trace:
        if event[0] == "try":
            stack.append(event[1])
        elif event[0] == "undo":
            assert stack.pop() == event[1]
        elif event[0] == "solution":
            at_solutions.append(list(preset) + stack)
    return at_solutions, stack


def test_trace_replays_to_the_solutions():
    m = queens_matrix(6)
    trace = []
    result = exact_covers(m, trace=trace)
    at_solutions, stack = replay(trace)
    assert at_solutions == result.solutions and stack == []
    assert {e[0] for e in trace} == {"choose", "try", "undo", "backtrack", "solution"}
    # Every choose names an item and its option count; dead ends (k == 0) try nothing.
    for event, following in itertools.pairwise(trace):
        if event[0] == "choose" and event[2] == 0:
            assert following[0] in ("undo", "backtrack") or following == ()


def test_trace_is_bounded():
    trace = []
    result = exact_covers(queens_matrix(6), trace=trace, trace_limit=25)
    assert len(trace) == 25 and result.trace_truncated
    assert len(result.solutions) == 4  # the search itself is unaffected
    untraced = exact_covers(queens_matrix(6))
    assert untraced.stats == result.stats and not untraced.trace_truncated


def test_every_trace_bound_keeps_a_prefix():
    full = []
    exact_covers(queens_matrix(5), trace=full)
    for bound in range(len(full) + 2):
        trace = []
        result = exact_covers(queens_matrix(5), trace=trace, trace_limit=bound)
        assert trace == full[:bound]
        assert result.trace_truncated == (bound < len(full))


def mrv_checked_trace(matrix, preset=()):
    """Replay a full trace and check every choice against the state it was made in: the item is still
    to cover, ``k`` is its true option count, and it is the fewest of any primary item still to
    cover, or a forced move where some item has at most one option. Returns the choices checked."""
    trace = []
    result = exact_covers(matrix, preset, trace=trace)
    assert not result.trace_truncated
    items = [set(matrix.items_of(o)) for o in range(matrix.n_options)]
    stack, checked = [], 0
    for event in trace:
        if event[0] == "try":
            stack.append(event[1])
        elif event[0] == "undo":
            stack.pop()
        elif event[0] == "choose":
            covered = set().union(*(items[o] for o in [*preset, *stack]))
            counts = {i: 0 for i in range(matrix.n_primary) if i not in covered}
            for its in items:
                if not its & covered:
                    for i in its & counts.keys():
                        counts[i] += 1
            _, item, k = event
            fewest = min(counts.values())
            # A forced move may come before a dead end elsewhere (both end the same), nothing else.
            assert counts[item] == k and (k <= 1 if fewest <= 1 else k == fewest), (event, counts)
            checked += 1
    return checked


@pytest.mark.parametrize("seed", range(40))
def test_every_choice_has_the_fewest_options(seed):
    # The notes and the list of items down to one option must never hide a smaller count from MRV.
    rng = random.Random(seed)
    n_primary, n_secondary = rng.randint(3, 10), rng.randint(0, 3)
    n_items = n_primary + n_secondary
    options = random_options(rng, n_primary, n_items, rng.randint(4, 24))
    assert mrv_checked_trace(ExactCover(n_primary, options, n_secondary)) >= 1


def test_every_sudoku_and_queens_choice_has_the_fewest_options():
    for br, bc, line in [(2, 3, "36......5....2.1.......424....5....1"), (3, 3, UNIQUE_9[10])]:
        geo = geometry(br, bc)
        cells = cells_of(line, geo.n)
        preset = [dlx.option_of(geo, c, v) for c, v in enumerate(cells) if v]
        assert mrv_checked_trace(dlx.sudoku_matrix(geo), preset) > 10
    assert mrv_checked_trace(queens_matrix(7)) > 10


def test_a_dance_can_be_run_again():
    dance = Dance(queens_matrix(6))
    first = list(dance.solutions())
    stats = dict(dance.stats)
    assert list(dance.solutions()) == first and dance.stats == stats


# --- Sudoku ----------------------------------------------------------------------------------------------------

#: 9x9 puzzles from /work/shared/data (tdoku 17-clue, magictour top1465, forum hardest 1106, norvig easy50),
#: copied as literals so the tests need no data files. All have exactly one solution.
UNIQUE_9 = [
    "................12..3..4........15...26......78...........8.9....9...3..5..72....",
    "................12..3.45...........4......5.6.7.28.......1...8.4..7.....5.6......",
    "................12..3.45........64.....1......1.2.7......7....8..4...3..6.5......",
    "..............1..2..3....4......51....4.6..7..7.....3....4.....1.......589....7..",
    "..............1..2.34.....5....2..67..5......18..........3..81.2........7...4....",
    "..............1.23..4.5...6....7.8...9.......32......1...2.......5....9...8...7..",
    "........1.......2...3..4.........5......634..15..........6.......7...3.8.8.12....",
    "........1.......23..4..5.........4...2..1.6..31..........6.......5..78...9..3....",
    "........1......23...4..5........6..5..2.3......7...8.....7......6......983.2.....",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "1....759..7..9......64........8.....63.....4..9.54.3.232......4...9...8....1.4..7",
    "..43.7.........3......8.2.141.6...9...9.3.5..7....9..8.6.....5.3.....1..5...1...7",
    ".2.5.9.4...5.....19.4.6.3.....695.....6..8...4.......2.3.7...1.....3...67.8......",
    ".9...4....1.6...4.....9...7.....5...4....152..57...8....8.3.......56..1..7...86.3",
    ".364.2...8......4...278.....2...873.6....49.87..6..........7.1....1..3..2....6..5",
    "..5.8......75..9.....741....143..6...6....5......1.3.........32..3.5.7..7..4....6",
    "1...5.7....7..9.3......7..4.8......3..4....2.6..5..9....8.1.....1..6...29....51..",
    "......7....71.9...68..7......1.6.8...6.....42.....2.....6.9.1..54......3.1.3...5.",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "3..........5..9...2..5.4....2....7..16.....587.431.6.....89.1......67.8......5437",
    "36..2..89...361............8.3...6.24..6.3..76.7...1.8............418...97..3..14",
    "..5.8.7..7..2.4..532.....84.6.1.5.4...8...5...7.8.3.1.45.....916..5.8..7..3.1.6..",
]

#: From tdoku's serg benchmark: every one has two or more solutions.
MULTIPLE_9 = [
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
    "8.........95.......76............497....9.132....1.568...571946...924783...638215",
    "8.........95.......76.........426987...591432...738516......795....7.248....5.163",
    "8.........59.......67............287....7.196....2.435...596713...712948...834562",
]

#: Line 1 of sixteen_by_sixteen_owhy_100.txt (1-9 then A-G); unique.
SIXTEEN = ("1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C8C7E.69..F.....D...D"
           "..........2...A.G8C....7E.1426.G4....57F.A...B..........8...F.....B..3A.42E1A.4C.5...E6.7.3........3D"
           ".C5.7B2....9..1GB.63.4.C...2.........6.....8FD.3....9.E")


def run(br, bc, cells, limit=2, node_limit=None, **kw):
    return dlx.solve(geometry(br, bc), list(cells), limit, node_limit, **kw)


def test_matrix_shape():
    for (br, bc), (items, options) in {(3, 3): (324, 729), (4, 4): (1024, 4096), (2, 3): (144, 216)}.items():
        m = dlx.sudoku_matrix(geometry(br, bc))
        assert (m.n_items, m.n_options) == (items, options)
        assert all(len(m.items_of(o)) == 4 for o in range(m.n_options))
    assert dlx.sudoku_matrix(geometry(3, 3)) is dlx.sudoku_matrix(geometry(3, 3))  # built once


def test_empty_4x4_has_288_solutions():
    result = run(2, 2, [0] * 16, limit=1000)
    assert len(result.solutions) == 288 == brute_count(2, 2, [0] * 16)
    assert len({tuple(s) for s in result.solutions}) == 288
    assert all(is_solution(2, 2, s) for s in result.solutions)


@pytest.mark.parametrize("seed", range(25))
def test_4x4_counts_match_brute_force(seed):
    rng = random.Random(seed)
    grid = pattern_grid(2, 2)
    cells = [v if rng.random() < 0.3 else 0 for v in grid]
    if seed % 5 == 0:  # sometimes plant a clash or an unsolvable digit
        cells[rng.randrange(16)] = rng.randint(1, 4)
    expected = brute_count(2, 2, cells)
    result = run(2, 2, cells, limit=1000)
    assert len(result.solutions) == expected
    assert all(is_solution(2, 2, s, cells) for s in result.solutions)


@pytest.mark.parametrize(("br", "bc", "line"), [(2, 3, "36......5....2.1.......424....5....1"),
                                                (3, 2, ".1......2....5.16.16..............32")])
def test_6x6_unique_both_box_shapes(br, bc, line):
    cells = cells_of(line, 6)
    result = run(br, bc, cells, limit=5)
    assert len(result.solutions) == 1 == brute_count(br, bc, cells)
    assert is_solution(br, bc, result.solutions[0], cells)


@pytest.mark.parametrize("seed", range(10))
def test_6x6_counts_match_brute_force(seed):
    rng = random.Random(100 + seed)
    br, bc = (2, 3) if seed % 2 else (3, 2)
    cells = [v if rng.random() < 0.45 else 0 for v in pattern_grid(br, bc)]
    expected = brute_count(br, bc, cells, cap=200)
    result = run(br, bc, cells, limit=200)
    assert len(result.solutions) == expected
    assert all(is_solution(br, bc, s, cells) for s in result.solutions)


@pytest.mark.parametrize("line", UNIQUE_9)
def test_9x9_unique(line):
    cells = cells_of(line, 9)
    result = run(3, 3, cells)
    assert len(result.solutions) == 1 and not result.gave_up
    assert is_solution(3, 3, result.solutions[0], cells)
    assert result.solutions == backtrack.solve_fast(geometry(3, 3), list(cells), 2, None).solutions
    s = result.stats
    empties = cells.count(0)
    # Every empty cell is one level; the root plus one node per level at least; nothing is free.
    assert s["max_depth"] == empties and s["nodes"] >= empties + 1
    assert 0 <= s["guesses"] < s["nodes"] and s["updates"] > 4 * empties


@pytest.mark.parametrize("line", MULTIPLE_9)
def test_9x9_multiple(line):
    cells = cells_of(line, 9)
    result = run(3, 3, cells, limit=3)
    expected = backtrack.solve_fast(geometry(3, 3), list(cells), 3, None)
    assert len(result.solutions) == len(expected.solutions) >= 2
    assert len({tuple(s) for s in result.solutions}) == len(result.solutions)
    assert all(is_solution(3, 3, s, cells) for s in result.solutions)


def test_9x9_no_solution_and_conflicting_givens():
    cells = cells_of(UNIQUE_9[0], 9)
    solution = run(3, 3, cells).solutions[0]
    # A wrong digit that breaks no rule among the givens: consistent but unsolvable.
    wrong = next(c for c in range(81) if not cells[c])
    bad = list(cells)
    bad[wrong] = next(d for d in range(1, 10) if d != solution[wrong]
                      and all(cells[p] != d for p in geometry(3, 3).peers[wrong]))
    result = run(3, 3, bad)
    assert result.solutions == [] and not result.gave_up
    assert backtrack.solve_fast(geometry(3, 3), bad, 2, None).solutions == []
    # Two equal givens in a row: no solution, no exception.
    clash = [0] * 81
    clash[0] = clash[5] = 7
    result = run(3, 3, clash)
    assert result.solutions == [] and not result.gave_up and result.stats["nodes"] == 1
    assert solve("77" + "." * 79, method="dlx", limit=2).status == "no_solution"


def test_full_grid_is_its_own_solution():
    grid = pattern_grid(3, 3)
    result = run(3, 3, grid)
    assert result.solutions == [grid] and result.stats["nodes"] == 1 and result.stats["max_depth"] == 0


def test_16x16_unique():
    cells = cells_of(SIXTEEN, 16)
    result = run(4, 4, cells)
    assert len(result.solutions) == 1 and not result.gave_up
    assert is_solution(4, 4, result.solutions[0], cells)


@pytest.mark.parametrize(("br", "bc"), [(2, 4), (4, 2), (2, 5), (3, 4), (4, 3), (3, 5), (4, 5), (5, 5)])
def test_other_sizes_solve(br, bc):
    rng = random.Random(br * 10 + bc)
    n = br * bc
    perm = rng.sample(range(1, n + 1), n)
    grid = [perm[v - 1] for v in pattern_grid(br, bc)]
    cells = [v if rng.random() < 0.55 else 0 for v in grid]
    result = run(br, bc, cells, limit=1, node_limit=200_000)
    assert len(result.solutions) == 1 and not result.gave_up
    assert is_solution(br, bc, result.solutions[0], cells)


def test_node_limit_gives_up_on_sudoku():
    cells = cells_of(UNIQUE_9[10], 9)  # a magictour puzzle that needs hundreds of nodes
    result = run(3, 3, cells, node_limit=50)
    assert result.gave_up and result.stats["nodes"] == 50
    # An empty 25x25 grid with an absurd limit still returns promptly.
    result = run(5, 5, [0] * 625, limit=10**9, node_limit=2_000)
    assert result.gave_up and result.stats["nodes"] == 2_000
    assert solve(UNIQUE_9[10], method="dlx", limit=2, node_limit=50).status == "gave_up"


def test_through_the_public_api():
    result = solve(UNIQUE_9[0], method="dlx", limit=2)
    assert result.status == "unique"
    assert result.solutions == solve(UNIQUE_9[0], method="backtrack", limit=1).solutions
    assert set(result.stats) == {"nodes", "guesses", "max_depth", "updates"}


def test_agrees_with_backtrack_on_masked_grids():
    """A few hundred deterministic puzzles: solutions of the literals with cells blanked at random,
    from unique through many solutions; counts (up to 3) and solutions must match backtrack's."""
    rng = random.Random(2024)
    geo = geometry(3, 3)
    solutions = [run(3, 3, cells_of(line, 9)).solutions[0] for line in UNIQUE_9]
    checked = 0
    for k in range(300):
        grid = solutions[k % len(solutions)]
        blanks = rng.randint(40, 62)
        cells = list(grid)
        for c in rng.sample(range(81), blanks):
            cells[c] = 0
        ours = run(3, 3, cells, limit=3)
        theirs = backtrack.solve_fast(geo, list(cells), 3, None)
        assert len(ours.solutions) == len(theirs.solutions)
        if len(ours.solutions) < 3:  # below the limit both have found every solution
            assert sorted(ours.solutions) == sorted(theirs.solutions)
        assert all(is_solution(3, 3, s, cells) for s in ours.solutions)
        checked += len(ours.solutions) > 1
    assert checked > 20  # the set really does include puzzles with several solutions


def test_sudoku_trace_replays_to_the_solution():
    cells = cells_of(UNIQUE_9[10], 9)
    geo = geometry(3, 3)
    trace = []
    result = run(3, 3, cells, trace=trace)
    assert result.solutions and trace
    at_solutions, stack = replay(trace)
    assert stack == [] and len(at_solutions) == 1  # the search ran to completion (uniqueness proved)
    grid = list(cells)
    for option in at_solutions[0]:
        cell, digit = dlx.describe_option(geo, option)
        assert grid[cell] == 0
        grid[cell] = digit
    assert grid == result.solutions[0]
    assert dlx.option_of(geo, *dlx.describe_option(geo, 700)) == 700
    first_choice = next(e for e in trace if e[0] == "choose")
    assert dlx.describe_item(geo, first_choice[1])[0] in ("cell", "row", "column", "box")
    assert dlx.describe_item(geo, 81 + 9 * 2 + 4) == ("row", 2, 5)


def test_tracing_does_not_change_the_search():
    cells = cells_of(UNIQUE_9[3], 9)
    plain = run(3, 3, cells)
    traced = run(3, 3, cells, trace=[])
    assert plain.stats == traced.stats and plain.solutions == traced.solutions


@pytest.mark.parametrize(("br", "bc", "seed"), [(2, 2, s) for s in range(12)] + [(2, 3, s) for s in range(4)]
                         + [(3, 2, s) for s in range(4)])
def test_engine_matches_the_reference_on_small_sudokus(br, bc, seed):
    # Random givens of a valid grid (some with a planted clash): every solution, the same grids.
    rng = random.Random(3000 + seed)
    n = br * bc
    cells = [v if rng.random() < (0.25 if n == 4 else 0.45) else 0 for v in pattern_grid(br, bc)]
    if seed % 4 == 3:
        cells[rng.randrange(n * n)] = rng.randint(1, n)
    expected = sorted(reference_grids(br, bc, cells))
    assert sorted(run(br, bc, cells, limit=10**6).solutions) == expected


@pytest.mark.parametrize("line", UNIQUE_9[:6] + MULTIPLE_9[:1])
def test_engine_matches_the_reference_on_9x9(line):
    cells = cells_of(line, 9)
    expected = sorted(reference_grids(3, 3, cells))
    assert sorted(run(3, 3, cells, limit=10**6).solutions) == expected


# --- the width-4 fast path against the generic loops ---------------------------------------------------------


def both_paths(matrix, preset=(), limit=None, node_limit=None):
    """Run the fast path and the generic loops; they must agree on solutions, stats, trace and give-up."""
    runs = []
    for generic in (False, True):
        trace = []
        dance = Dance(matrix, preset, node_limit, trace, generic=generic)
        found = []
        gen = dance.solutions()
        for s in gen:
            found.append(s)
            if limit is not None and len(found) >= limit:
                gen.close()
                break
        runs.append((found, dict(dance.stats), dance.gave_up, trace))
    assert runs[0] == runs[1]
    return runs[0]


def test_width_of_a_matrix():
    assert dlx.sudoku_matrix(geometry(3, 3)).width == 4
    assert dlx.sudoku_matrix(geometry(2, 3)).width == 4
    assert queens_matrix(5).width == 4
    assert domino_matrix(3, 3).width == 2
    assert ExactCover(7, KNUTH_OPTIONS).width == 0  # mixed widths
    assert ExactCover(2, []).width == 0


@pytest.mark.parametrize("line", UNIQUE_9[::3] + MULTIPLE_9[:2])
def test_fast_path_matches_generic_on_9x9(line):
    geo = geometry(3, 3)
    preset = [dlx.option_of(geo, c, v) for c, v in enumerate(cells_of(line, 9)) if v]
    found, stats, _, _ = both_paths(dlx.sudoku_matrix(geo), preset, limit=2)
    assert found and stats["updates"] > 0


def test_fast_path_matches_generic_on_other_grids():
    geo4, geo6, geo16 = geometry(2, 2), geometry(2, 3), geometry(4, 4)
    assert len(both_paths(dlx.sudoku_matrix(geo4))[0]) == 288  # every 4x4 grid: a long search
    cells6 = cells_of("36......5....2.1.......424....5....1", 6)
    both_paths(dlx.sudoku_matrix(geo6), [dlx.option_of(geo6, c, v) for c, v in enumerate(cells6) if v])
    cells16 = cells_of(SIXTEEN, 16)
    found = both_paths(dlx.sudoku_matrix(geo16), [dlx.option_of(geo16, c, v) for c, v in enumerate(cells16) if v],
                       limit=2)[0]
    assert len(found) == 1
    # Clashing givens, and a node budget that runs out.
    assert both_paths(dlx.sudoku_matrix(geo4), [0, 4])[0] == []  # digit 1 twice in row 0
    assert both_paths(dlx.sudoku_matrix(geo4), node_limit=7)[2]


@pytest.mark.parametrize("n", range(1, 8))
def test_fast_path_matches_generic_on_queens(n):
    found, _, _, _ = both_paths(queens_matrix(n))
    assert len(found) == brute_queens(n)
    both_paths(queens_matrix(n), node_limit=5)


@pytest.mark.parametrize("seed", range(60))
def test_fast_path_on_random_width_4_matrices(seed):
    # Options of exactly 4 items, with secondary items and presets: fast path = generic = brute force.
    rng = random.Random(1000 + seed)
    n_primary = rng.randint(2, 9)
    n_secondary = rng.randint(max(0, 4 - n_primary), 4)
    n_items = n_primary + n_secondary
    options = []
    for _ in range(rng.randint(1, 13)):
        first = rng.randrange(n_primary)
        options.append([first, *rng.sample([i for i in range(n_items) if i != first], 3)])
    matrix = ExactCover(n_primary, options, n_secondary)
    assert matrix.width == 4
    expected = brute_covers(n_primary, n_items, options)
    found, _, _, _ = both_paths(matrix)
    assert sorted(map(frozenset, found), key=sorted) == sorted(expected, key=sorted)
    preset = [rng.randrange(len(options))]
    found, _, _, _ = both_paths(matrix, preset)
    assert {frozenset(s) for s in found} == {s for s in expected if preset[0] in s}


# --- pinned counts ---------------------------------------------------------------------------------------------
# The stats are Knuth's counts, not a property of how the engine is written: these values come from the
# engine as it stood before its speed-ups (ee6c9d8), which updated every count node by node, pushed items at
# 0 and at 1, and checked the presets one by one. Both paths share those speed-ups, so comparing them with
# each other cannot catch a slip there; pinned numbers can.


def test_stats_and_traces_are_pinned():
    geo = geometry(3, 3)
    for line, stats, n_events, digest in (
        (UNIQUE_9[0], {"nodes": 65, "guesses": 0, "max_depth": 64, "updates": 2511}, 257, "26007abb6265b13d"),
        (UNIQUE_9[10], {"nodes": 443, "guesses": 38, "max_depth": 56, "updates": 8812}, 1750, "8d45335c81e4bf7b"),
    ):
        trace = []
        result = dlx.solve(geo, cells_of(line, 9), 2, None, trace, 10**6)
        assert result.stats == stats
        assert len(trace) == n_events and hashlib.sha256(repr(trace).encode()).hexdigest()[:16] == digest
    assert dlx.solve(geo, cells_of(MULTIPLE_9[0], 9), 3, None).stats == {
        "nodes": 92, "guesses": 11, "max_depth": 47, "updates": 3056}
    assert dlx.solve(geometry(4, 4), cells_of(SIXTEEN, 16), 2, None).stats == {
        "nodes": 8486, "guesses": 732, "max_depth": 158, "updates": 184728}
    budget = dlx.solve(geo, cells_of(UNIQUE_9[0], 9), 2, 40)
    assert budget.gave_up and budget.stats == {"nodes": 40, "guesses": 0, "max_depth": 40, "updates": 2232}
    clash = dlx.solve(geometry(2, 2), [1, 0, 0, 0, 1] + [0] * 11, 2, None)  # digit 1 twice in column 0
    assert clash.solutions == [] and clash.stats == {"nodes": 1, "guesses": 0, "max_depth": 0, "updates": 37}
    for generic in (False, True):
        dance = Dance(queens_matrix(7), generic=generic)
        assert len(list(dance.solutions())) == 40
        assert dance.stats == {"nodes": 308, "guesses": 125, "max_depth": 7, "updates": 4746}
    dance = Dance(ExactCover(7, KNUTH_OPTIONS))
    list(dance.solutions())
    assert dance.stats == {"nodes": 6, "guesses": 2, "max_depth": 3, "updates": 28}
