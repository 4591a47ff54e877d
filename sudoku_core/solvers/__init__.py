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
from dataclasses import dataclass, field

from ..errors import SudokuError
from ..puzzle import Puzzle


@dataclass
class Search:
    """What an engine returns: solutions as lists of digits, stats, and whether it ran out of nodes."""

    solutions: list[list[int]]
    stats: dict[str, int]
    gave_up: bool = False


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


#: method name -> (module of this package, engine function in it)
ENGINES = {
    "backtrack": ("backtrack", "solve_fast"),
    "dlx": ("dlx", "solve"),
    "backtrack-recursive": ("backtrack", "solve_recursive"),
    "naive": ("backtrack", "solve_naive"),
}


def engine(method: str):
    """The engine function for ``method``; raises :class:`UnknownMethodError` for a bad name."""
    if method not in ENGINES:
        raise UnknownMethodError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    module, name = ENGINES[method]
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


#: Method names in the order they are shown to people (fastest first).
METHODS = tuple(ENGINES)

#: Without an explicit budget the naive method stops here, so it can never freeze a caller.
DEFAULT_NODE_LIMITS = {"naive": 1_000_000}


def as_puzzle(puzzle) -> Puzzle:
    """Accept a :class:`Puzzle` or text; text is parsed without the rule check (a broken puzzle
    simply has no solution)."""
    if isinstance(puzzle, Puzzle):
        return puzzle
    from ..formats import parse

    return parse(puzzle, check=False)


def solve(puzzle, method: str = "backtrack", limit: int = 1, node_limit: int | None = None) -> SolveResult:
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
    elapsed = (time.perf_counter() - start) * 1000.0
    return SolveResult(
        method=method, limit=limit, count=len(search.solutions),
        solutions=[p.with_cells(s).to_line() for s in search.solutions],
        stats=search.stats, elapsed_ms=elapsed, gave_up=search.gave_up, node_limit=node_limit,
    )


def count_solutions(puzzle, limit: int = 2, method: str = "backtrack") -> int:
    """How many solutions, counting no further than ``limit``: 0 none, 1 unique, 2 more than one."""
    result = solve(puzzle, method=method, limit=limit)
    if result.gave_up:
        raise SudokuError(result.message())
    return result.count
