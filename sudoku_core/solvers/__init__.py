"""Every solver behind one signature, and the result they share.

An *engine* is a function ``engine(geometry, cells, limit, node_limit) -> Search`` that counts the
solutions of ``cells`` (a list of digits, 0 = empty), stopping at ``limit`` solutions or after
``node_limit`` search nodes. Engines know nothing of text; :func:`solve` turns a puzzle (string or
:class:`~sudoku_core.puzzle.Puzzle`) into cells, runs one engine, times it and writes the solutions
back in the puzzle's alphabet.

Stats are machine-independent counts, so methods can be compared across machines:

* ``nodes``: search states visited (every call of the search body, the root included);
* ``guesses``: tentative choices made at a branch point that had two or more options;
* ``max_depth``: deepest level of nested choices;
* ``updates`` (DLX only): links removed by cover operations, Knuth's cost measure.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from ..errors import SudokuError
from ..grid import Geometry
from ..puzzle import Puzzle
from ..work import run as run_work


@dataclass
class Search:
    """What an engine returns: solutions as lists of digits, stats, and whether it ran out of nodes."""

    solutions: list[list[int]]
    stats: dict[str, int]
    gave_up: bool = False


#: An engine function: ``(geometry, cells, limit, node_limit, ...) -> Search`` (the lab's engines also
#: take a trace list and its limit).
Engine = Callable[..., Search]


def trace_note(trace: list | None, trace_limit: int) -> Callable[[tuple], None]:
    """The ``note(event)`` of an engine the lab traces: each event goes on ``trace`` while it holds fewer than
    ``trace_limit`` (the later ones are dropped; the search goes on); with no ``trace``, it does nothing.
    (:mod:`.exact_cover` keeps the same rule inline in its loop, where it also says the trace was cut.)"""
    if trace is None:
        return lambda event: None
    room = [trace_limit - len(trace)]

    def note(event: tuple) -> None:
        if room[0] > 0:
            trace.append(event)
            room[0] -= 1

    return note


@dataclass
class SolveResult:
    """The outcome of :func:`solve`."""

    method: str
    limit: int
    count: int
    solutions: list[str]
    stats: dict[str, int] = field(default_factory=dict)
    elapsed_ms: float = 0.0
    gave_up: bool = False
    node_limit: int | None = None
    #: The same solutions as digit lists (0-based cells, digits 1..n), as the engine found them: what a
    #: caller that works in digits reads, instead of parsing ``solutions`` back in the puzzle's alphabet.
    grids: list[list[int]] = field(default_factory=list)

    @property
    def status(self) -> str:
        """``no_solution``, ``solved`` (one found, uniqueness not asked), ``unique``, ``multiple``
        or ``gave_up`` (the node budget ran out before the answer was known)."""
        if self.count >= 2:
            return "multiple"
        if self.gave_up:
            return "gave_up"
        if self.count == 0:
            return "no_solution"
        return "unique" if self.limit >= 2 else "solved"

    def message(self) -> str:
        """One line for people: the answer, or why there is none."""
        return {
            "multiple": "multiple solutions",
            "no_solution": "no solution",
            "gave_up": f"gave up after {self.stats.get('nodes', 0)} nodes",
        }.get(self.status, self.solutions[0] if self.solutions else "")

    def to_dict(self) -> dict:
        return {
            "method": self.method, "limit": self.limit, "count": self.count, "status": self.status,
            "solutions": list(self.solutions), "stats": dict(self.stats),
            "ms": round(self.elapsed_ms, 3), "gave_up": self.gave_up, "node_limit": self.node_limit,
        }


class UnknownMethodError(SudokuError):
    kind = "method"


#: method name -> (module of this package, engine function in it). The production engines come
#: first; then the algorithm lab's ladder (:mod:`.ladder`), lowest rung first: the naive baseline,
#: then one idea added per rung.
ENGINES = {
    "backtrack": ("backtrack", "solve_fast"),
    "dlx": ("dlx", "solve"),
    "backtrack-recursive": ("backtrack", "solve_recursive"),
    "naive": ("ladder", "solve_naive"),
    "fewest": ("ladder", "solve_fewest"),
    "naked": ("ladder", "solve_naked"),
    "hidden": ("ladder", "solve_hidden"),
    "locked": ("ladder", "solve_locked"),
    "dlx-plain": ("ladder", "solve_dlx_plain"),
    "dlx-fewest": ("ladder", "solve_dlx_fewest"),
}


def engine(method: str) -> Engine:
    """The engine function for ``method``; raises :class:`UnknownMethodError` for a bad name."""
    if method not in ENGINES:
        raise UnknownMethodError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    module, name = ENGINES[method]
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


#: Method names in the order they are shown to people (fastest first).
METHODS = tuple(ENGINES)

#: The methods whose search can explode on a hard grid (no propagation, or plain order): without an
#: explicit budget they stop here, so none can freeze a caller.
DEFAULT_NODE_LIMITS = {"naive": 1_000_000, "fewest": 1_000_000, "dlx-plain": 1_000_000}


def as_puzzle(puzzle: Puzzle | str) -> Puzzle:
    """Accept a :class:`Puzzle` or text; text is parsed without the rule check (a broken puzzle
    simply has no solution)."""
    if isinstance(puzzle, Puzzle):
        return puzzle
    from ..formats import parse

    return parse(puzzle, check=False)


def solve(puzzle: Puzzle | str, method: str = "backtrack", limit: int = 1,
          node_limit: int | None = None) -> SolveResult:
    """Solve ``puzzle`` with ``method``, stopping after ``limit`` solutions or ``node_limit`` nodes."""
    run = engine(method)
    if limit < 1:
        raise SudokuError(f"limit must be at least 1, not {limit}")
    if node_limit is not None and node_limit < 1:
        raise SudokuError(f"node limit must be at least 1, not {node_limit}")
    p = as_puzzle(puzzle)
    if node_limit is None:
        node_limit = DEFAULT_NODE_LIMITS.get(method)
    start = time.perf_counter()
    search = run(p.geometry, list(p.cells), limit, node_limit)
    return _result(p, method, limit, node_limit, search, (time.perf_counter() - start) * 1000.0)


def _result(p: Puzzle, method: str, limit: int, node_limit: int | None, search: Search,
            elapsed: float) -> SolveResult:
    return SolveResult(
        method=method, limit=limit, count=len(search.solutions),
        solutions=[p.with_cells(s).to_line() for s in search.solutions],
        stats=search.stats, elapsed_ms=elapsed, gave_up=search.gave_up, node_limit=node_limit,
        grids=[list(s) for s in search.solutions],
    )


def count_solutions(puzzle: Puzzle | str, limit: int = 2, method: str = "backtrack") -> int:
    """How many solutions, counting no further than ``limit``: 0 none, 1 unique, 2 more than one."""
    result = solve(puzzle, method=method, limit=limit)
    if result.gave_up:
        raise SudokuError(result.message())
    return result.count


# ---------------------------------------------------------------------------------------------
# Work budgets: node counts that stand for seconds of CPython, per method and grid side.

#: Microseconds of CPython per search node on this project's 2-core test machine, per method and side:
#: the slowest of six sparse grids per side (30% givens, counting every solution, setup included),
#: rounded up. Budgets are node counts derived from these, so a budget is deterministic (the same
#: grid always gives the same answer) while standing for a known time. The browser is about 3x slower.
NODE_COST_US: dict[str, dict[int, float]] = {
    "backtrack": {4: 70, 6: 40, 8: 20, 9: 17, 10: 26, 12: 40, 15: 65, 16: 80, 20: 150, 25: 400},
    "backtrack-recursive": {4: 35, 6: 20, 8: 20, 9: 17, 10: 26, 12: 46, 15: 72, 16: 110, 20: 225, 25: 450},
    "dlx": {4: 110, 6: 20, 8: 3, 9: 3, 10: 3, 12: 3.2, 15: 3.8, 16: 4.8, 20: 4.5, 25: 8},
    # The lab's ladder (.ladder), written to be read rather than fast: 30% givens, 600-3000 nodes, on
    # this machine while two other jobs ran, rounded up by about a half.
    "naive": {4: 10, 6: 6, 8: 6, 9: 8, 10: 8, 12: 8, 15: 12, 16: 12, 20: 20, 25: 12},
    "fewest": {4: 8, 6: 3, 8: 4, 9: 4, 10: 5, 12: 6, 15: 8, 16: 8, 20: 15, 25: 35},
    # naked at 25: 25x25 grids with 47% givens cost 69-96 us a node (issue 34, CPU time; `trace` dearest),
    # where the 30% grids had cost 50-60: their searches ran 1.1-1.5 s for a budget of 0.8 s.
    "naked": {4: 50, 6: 8, 8: 12, 9: 16, 10: 25, 12: 16, 15: 30, 16: 45, 20: 60, 25: 100},
    # hidden and locked at 25: a 25x25 with 296 givens (47%) cost 634 and 1,130 us a node (issue 34, a
    # loaded machine), where the 30% grids had cost 330 and 430: their searches overran 0.8 s by 2-3x.
    "hidden": {4: 50, 6: 16, 8: 28, 9: 36, 10: 60, 12: 70, 15: 110, 16: 125, 20: 240, 25: 650},
    "locked": {4: 100, 6: 24, 8: 40, 9: 52, 10: 50, 12: 150, 15: 150, 16: 165, 20: 550, 25: 1150},
    "dlx-plain": {4: 45, 6: 10, 8: 8, 9: 8, 10: 12, 12: 14, 15: 25, 16: 15, 20: 63, 25: 210},
    "dlx-fewest": {4: 17, 6: 14, 8: 6, 9: 14, 10: 10, 12: 13, 15: 14, 16: 19, 20: 33, 25: 55},
}
#: Seconds of CPython one search of a bridge request may spend by default (:func:`budget_nodes`).
SEARCH_SECONDS = 0.8
#: Seconds the uniqueness check of a hint, rating or step list may spend, split between the two
#: counters (:func:`check_unique`), leaving the rest of about a second for the logic.
UNIQUE_SECONDS = 0.6


def node_cost_us(method: str, n: int) -> float:
    """Microseconds of CPython one search node of ``method`` costs on a side-``n`` grid (:data:`NODE_COST_US`;
    an unlisted method costs as backtracking, an unlisted side as the method's dearest)."""
    costs = NODE_COST_US[method] if method in NODE_COST_US else NODE_COST_US["backtrack"]
    return costs.get(n) or max(costs.values())


def budget_nodes(method: str, n: int, seconds: float = SEARCH_SECONDS) -> int:
    """The node budget that keeps one search by ``method`` of a side-``n`` grid to about ``seconds``."""
    return max(100, int(seconds * 1e6 / node_cost_us(method, n)))


#: The uniqueness check's stages: (method, share of that method's budget). Neither counter wins on every
#: grid (backtracking proves some sparse grids in 30 nodes where DLX gives up after 300,000, DLX others in
#: 0.3 s where backtracking needs 3 s), so both run, a short round each first, then the rest of each.
UNIQUE_STAGES = (("backtrack", 0.125), ("dlx", 0.125), ("backtrack", 0.875), ("dlx", 0.875))


#: Nodes between the pauses of a search run as resumable work (:func:`search_work`, :func:`check_unique_work`),
#: per method, for sides up to 16 and above: about 60 ms of CPython at most. Measured (CPU time): a
#: backtracking node of a 16x16 Killer's cage check costs up to 1 ms; a DLX node of a 16x16 Jigsaw layout up
#: to 160 us, one of a 25x25 with 10% givens up to 6 ms (its item scan grows with the open cells), where one
#: of a 9x9 costs 3 us. So a job's slice overruns its ``ms`` by one such unit at most; the pauses cost
#: nothing measurable (200 sparse 9x9 grids, both engines, with and without pauses: within 5%, the noise).
PAUSE_NODES = {"backtrack": (50, 50), "dlx": (250, 10)}


def search_work(method: str, geo: Geometry, cells: list[int], limit: int,
                node_limit: int | None) -> Generator[None, None, Search]:
    """The search of engine ``method`` ("backtrack" or "dlx") as resumable work that yields every
    :data:`PAUSE_NODES` nodes; it returns the engine's :class:`~sudoku_core.solvers.Search`."""
    from . import backtrack, dlx

    module = backtrack if method == "backtrack" else dlx
    return module.search_work(geo, cells, limit, node_limit, every=PAUSE_NODES[method][geo.n > 16])


def check_unique(puzzle: Puzzle | str, seconds: float = UNIQUE_SECONDS) -> SolveResult:
    """Count the solutions of ``puzzle`` up to 2 with the fastest counter for the grid, under a budget of
    about ``seconds`` of CPython (node counts, so deterministic).

    The counters of :data:`UNIQUE_STAGES` run in turn, each with its share of its own budget, until one
    answers. The result is that counter's, with ``stats["nodes"]`` the nodes of every stage; ``gave_up``
    (status ``gave_up``) when none answered: the grid has too few givens to check quickly.
    """
    return run_work(check_unique_work(puzzle, seconds))


def check_unique_work(puzzle: Puzzle | str, seconds: float = UNIQUE_SECONDS) -> Generator[None, None, SolveResult]:
    """:func:`check_unique` as resumable work: it yields every :data:`PAUSE_NODES` nodes of its searches
    (a 25x25's check takes seconds), and returns the same result."""
    p = as_puzzle(puzzle)
    n = p.geometry.n
    total = 0
    start = time.perf_counter()
    result = None
    for method, share in UNIQUE_STAGES:
        budget = max(1, int(budget_nodes(method, n, seconds / 2) * share))
        search = yield from search_work(method, p.geometry, list(p.cells), 2, budget)
        result = _result(p, method, 2, budget, search, 0.0)
        total += result.stats.get("nodes", 0)
        if not result.gave_up:
            break
    assert result is not None
    result.stats = {**result.stats, "nodes": total}
    result.elapsed_ms = (time.perf_counter() - start) * 1000.0
    if result.gave_up:
        result.node_limit = total
    return result
