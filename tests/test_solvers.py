"""Every solving method against one table of puzzles, and against each other.

The table (``tests/data/solver_table.txt``) has rows ``puzzle:count[:solution]`` for every size,
with no solution, one, or several. Every solution any method returns is checked here by a checker
written for this file alone (it shares no code with the package).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core import METHODS, SolveResult, count_solutions, parse, solve
from sudoku_core.errors import SudokuError
from sudoku_core.solvers import DEFAULT_NODE_LIMITS

TABLE = Path(__file__).parent / "data" / "solver_table.txt"
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}

#: The naive method is the study's baseline, and the ladder's low rungs (no propagation, or DLX in plain
#: order) can explode like it: rows they cannot finish within this budget must say so.
NAIVE_BUDGET = 300_000
BASELINES = set(DEFAULT_NODE_LIMITS)
#: The naive rows of the table and the test that counts how many of them finish share ``run_row``'s cache:
#: one xdist group keeps them on one worker (tests/run.sh's ``--dist loadgroup``), so each row runs once.
NAIVE_ROWS = pytest.mark.xdist_group("test_solvers-naive-rows")


def load_table():
    rows = []
    for line in TABLE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        body, _, comment = line.partition("  # ")
        parts = body.split(":")
        puzzle, count = parts[0], parts[1]
        at_least = count.endswith("+")
        rows.append(pytest.param(puzzle, int(count.rstrip("+")), at_least, parts[2] if len(parts) > 2 else None,
                                 id=comment.strip() or puzzle[:20]))
    return rows


def is_solution(puzzle: str, solution: str) -> bool:
    """Independent checker: every row, column and box holds each symbol once; givens kept."""
    size = round(len(puzzle) ** 0.5)
    br, bc = BOXES[size]
    symbols = set(SYMBOLS[:size])
    if len(solution) != len(puzzle) or set(solution) != symbols:
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    grid = [solution[r * size:(r + 1) * size] for r in range(size)]
    units = [set(row) for row in grid]
    units += [{grid[r][c] for r in range(size)} for c in range(size)]
    units += [{grid[r][c] for r in range(r0, r0 + br) for c in range(c0, c0 + bc)}
              for r0 in range(0, size, br) for c0 in range(0, size, bc)]
    return all(u == symbols for u in units)


ROWS = load_table()


def test_table_covers_every_size_and_answer():
    sizes = {round(len(r.values[0]) ** 0.5) for r in ROWS}
    counts = {min(r.values[1], 2) for r in ROWS}
    assert sizes == set(BOXES) and counts == {0, 1, 2}


@functools.cache
def run_row(method: str, puzzle: str, count: int, at_least: bool) -> SolveResult:
    limit = count if at_least else count + 1  # one more than exists proves the count is exact
    node_limit = NAIVE_BUDGET if method in BASELINES else None
    return solve(puzzle, method=method, limit=limit, node_limit=node_limit)


@pytest.mark.parametrize("method", [pytest.param(m, marks=NAIVE_ROWS) if m == "naive" else m for m in METHODS])
@pytest.mark.parametrize(("puzzle", "count", "at_least", "solution"), ROWS)
def test_every_method_on_the_table(method, puzzle, count, at_least, solution):
    result = run_row(method, puzzle, count, at_least)
    limit = result.limit
    assert isinstance(result, SolveResult)
    assert len(set(result.solutions)) == result.count == len(result.solutions)
    for s in result.solutions:
        assert is_solution(puzzle, s), s
    if result.gave_up:
        # Only the baselines may run out, and only on the rows that need real search.
        assert method in BASELINES, result.message()
        assert result.count < limit and result.stats["nodes"] == NAIVE_BUDGET
        # Two solutions already answer "is it unique?"; fewer leave the question open.
        expected = "multiple solutions" if result.count >= 2 else f"gave up after {NAIVE_BUDGET} nodes"
        assert result.message() == expected
        return
    assert result.count == count
    if solution is not None and count == 1:
        assert result.solutions == [solution]
    assert result.status == ("no_solution", "unique", "multiple")[min(count, 2)] or (at_least and count == 1)
    assert result.stats["nodes"] >= 1 and result.elapsed_ms >= 0


@NAIVE_ROWS
def test_naive_finishes_most_of_the_table():
    finished = [run_row("naive", *r.values[:3]) for r in ROWS]
    assert sum(not f.gave_up for f in finished) >= len(ROWS) * 2 // 3


def test_count_solutions_answers_none_unique_more():
    by_count = {}
    for r in ROWS:
        by_count.setdefault(min(r.values[1], 2), r.values[0])
    for expected, puzzle in by_count.items():
        for method in ("backtrack", "dlx"):
            assert count_solutions(puzzle, method=method) == expected
    assert count_solutions(parse(by_count[1])) == 1  # a parsed puzzle works as well as text


@pytest.mark.parametrize("method", METHODS)
def test_node_budget_stops_on_an_empty_25x25(method):
    # The naive baseline would run for ages on this; every method must come back with a clear answer.
    result = solve("." * 625, method=method, limit=2, node_limit=50)
    assert result.gave_up or result.count == 2
    if result.gave_up:
        assert result.status == "gave_up" and result.stats["nodes"] == 50


def test_naive_has_a_default_budget(monkeypatch):
    """Asked for no node limit, the naive method gets DEFAULT_NODE_LIMITS' and stops there. The budget is
    lowered here (the default's million nodes took 9 s of CPU on an empty 25x25) to watch it bite:
    the search uses the table's value, whatever it is, and gives up at exactly that many nodes."""
    # A budget a search spends in seconds, not minutes: the real one ran out in about 9 s of CPU here.
    assert isinstance(DEFAULT_NODE_LIMITS["naive"], int) and 1 <= DEFAULT_NODE_LIMITS["naive"] <= 1_000_000
    monkeypatch.setitem(DEFAULT_NODE_LIMITS, "naive", 20_000)
    result = solve("." * 625, method="naive", limit=1)
    assert result.node_limit == 20_000
    assert result.gave_up and result.stats["nodes"] == 20_000


def test_bad_method_and_limit_are_clear_errors():
    with pytest.raises(SudokuError, match="unknown method 'fast'; choose one of backtrack"):
        solve("." * 81, method="fast")
    with pytest.raises(SudokuError, match="limit must be at least 1"):
        solve("." * 81, limit=0)
    with pytest.raises(SudokuError, match="node limit must be at least 1, not 0"):
        solve("." * 81, node_limit=0)


def test_result_to_dict_is_json_ready():
    import json

    d = solve(ROWS[0].values[0], limit=2).to_dict()
    assert json.loads(json.dumps(d)) == d
    assert set(d) >= {"method", "count", "status", "solutions", "stats", "ms"}


# Property: blank random cells of random valid grids; all methods agree and every solution is valid.

def _grid_from(size: int, seed_perm: list[int], rows: list[int], cols: list[int]) -> list[int]:
    br, bc = BOXES[size]
    # The pattern grid: value(r, c) = (bc*(r % br) + r // br + c) % size, a valid Sudoku for any box shape.
    base = [[(bc * (r % br) + r // br + c) % size for c in range(size)] for r in range(size)]
    return [seed_perm[base[r][c]] + 1 for r in rows for c in cols]


@st.composite
def puzzles(draw):
    size = draw(st.sampled_from([4, 6, 9]))
    br, bc = BOXES[size]
    perm = draw(st.permutations(range(size)))
    # Shuffle rows within bands and bands themselves (keeps validity); same for columns and stacks.
    bands = draw(st.permutations(range(size // br)))
    rows = [b * br + r for b in bands for r in draw(st.permutations(range(br)))]
    stacks = draw(st.permutations(range(size // bc)))
    cols = [s * bc + c for s in stacks for c in draw(st.permutations(range(bc)))]
    grid = _grid_from(size, list(perm), rows, cols)
    blanks = draw(st.sets(st.integers(0, size * size - 1), max_size=size * size * 2 // 3))
    return "".join("." if i in blanks else SYMBOLS[v - 1] for i, v in enumerate(grid)), grid


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_methods_agree_on_blanked_grids(case):
    puzzle, grid = case
    assert is_solution(puzzle, "".join(SYMBOLS[v - 1] for v in grid))
    results = {m: solve(puzzle, method=m, limit=3, node_limit=200_000) for m in METHODS}
    finished = {m: r for m, r in results.items() if not r.gave_up}
    assert "backtrack" in finished and "dlx" in finished
    counts = {r.count for r in finished.values()}
    assert len(counts) == 1 and counts.pop() >= 1  # the grid itself is always a solution
    for r in results.values():
        assert all(is_solution(puzzle, s) for s in r.solutions)
    assert set(finished["backtrack"].solutions) == set(finished["dlx"].solutions) or finished["dlx"].count == 3


# --- budgets (issue 19) ---------------------------------------------------------------------------

def test_budget_nodes_stand_for_a_time_per_method_and_side():
    from sudoku_core.solvers import budget_nodes

    assert budget_nodes("dlx", 25) > budget_nodes("backtrack", 25) > 0
    assert abs(budget_nodes("backtrack", 9, 1.6) - 2 * budget_nodes("backtrack", 9, 0.8)) <= 1
    assert budget_nodes("backtrack", 7) > 0  # a side with no figure takes the slowest one's


@pytest.mark.parametrize(("line", "status"), [
    ("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", "unique"),
    ("5.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", "no_solution"),
    ("." * 81, "multiple"),
    ("." * 625, "multiple"),
])
def test_check_unique_answers_proper_and_improper_grids(line, status):
    from sudoku_core.solvers import check_unique

    result = check_unique(line)
    assert result.status == status and not result.gave_up
    if status == "unique":
        assert result.count == 1 and result.solutions


def test_check_unique_gives_up_with_its_node_count():
    from sudoku_core.solvers import check_unique

    empty_ish = "1" + "." * 624  # many solutions; found at once, so not a give-up
    assert check_unique(empty_ish).status == "multiple"
    tiny = check_unique("." * 625, seconds=1e-6)
    assert tiny.status in ("multiple", "gave_up") and tiny.stats["nodes"] >= 1
