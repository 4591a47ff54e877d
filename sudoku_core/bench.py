"""Batch measurement of the solvers: per-method median, p90 and max time, nodes, and verification.

Used by ``python -m sudoku_core bench`` (over the public puzzle sets) and by anything else that
compares methods on a batch of puzzles. Times are milliseconds per puzzle of this thread's CPU time
(so other processes on a shared machine inflate them less than wall time; where a platform has no
thread clock, the wall clock), measured around the engine alone (parsing excluded), and are only
meaningful as medians and as ratios between methods measured in the same run; ``nodes`` and
``guesses`` are machine-independent. Every solution is
checked by :mod:`sudoku_core.verify`, which shares no code with the solvers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .errors import SudokuError
from .puzzle import Puzzle
from .solvers import engine
from .verify import geometry_problem


def _thread_clock() -> Callable[[], float]:
    try:
        time.thread_time()
    except (AttributeError, OSError):  # e.g. a WebAssembly build without a thread clock
        return time.perf_counter
    return time.thread_time


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of an ascending list, by linear interpolation; 0.0 when empty."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


@dataclass
class MethodStats:
    """One method's figures over a batch."""

    method: str
    times_ms: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    branch_points: list[int] = field(default_factory=list)  # where the engine counts them, else empty
    counts: dict[str, int] = field(default_factory=dict)  # status -> puzzles
    wrong: int = 0  # solutions the independent checker rejected

    def add(self, ms: float, nodes: int, status: str, branch_points: int | None = None) -> None:
        self.times_ms.append(ms)
        self.nodes.append(nodes)
        if branch_points is not None:
            self.branch_points.append(branch_points)
        self.counts[status] = self.counts.get(status, 0) + 1

    def summary(self) -> dict:
        t = sorted(self.times_ms)
        nd = sorted(self.nodes)
        return {
            "method": self.method, "puzzles": len(t),
            "median_ms": quantile(t, 0.5), "p90_ms": quantile(t, 0.9), "max_ms": t[-1] if t else 0.0,
            "median_nodes": quantile(nd, 0.5), "max_nodes": nd[-1] if nd else 0,
            "statuses": dict(self.counts), "wrong": self.wrong,
        }


def status_of(count: int, limit: int, gave_up: bool) -> str:
    if count >= 2:
        return "multiple"
    if gave_up:
        return "gave_up"
    return ("no_solution", "unique" if limit >= 2 else "solved")[count]


def run_batch(puzzles: Iterable[Puzzle], methods: Iterable[str], limit: int = 2,
              node_limit: int | None = None,
              progress: Callable[[int], object] | None = None,
              cap: Callable[[str, int, int | None], int | None] | None = None) -> list[MethodStats]:
    """Solve every puzzle with every method, interleaved puzzle by puzzle so that each method sees
    the same machine load; ``progress(done)`` is called after each puzzle (it may raise to stop).
    ``cap(method, n, node_limit)``, when given, turns ``node_limit`` into each search's budget. A method
    that refuses a puzzle (a Killer for the lab's backtracking rungs) counts it ``unsupported``, with no
    time or nodes."""
    methods = list(methods)
    runs = [(m, engine(m)) for m in methods]
    out = [MethodStats(m) for m in methods]
    clock = _thread_clock()
    for i, p in enumerate(puzzles):
        geo = p.geometry
        for (method, run), acc in zip(runs, out, strict=True):
            budget = node_limit if cap is None else cap(method, geo.n, node_limit)
            start = clock()
            try:
                search = run(geo, list(p.cells), limit, budget)
            except SudokuError:  # a method that cannot take the variant (the lab's rungs and a Killer)
                acc.counts["unsupported"] = acc.counts.get("unsupported", 0) + 1
                continue
            ms = (clock() - start) * 1000.0
            for sol in search.solutions:
                if geometry_problem(geo, list(p.cells), sol):
                    acc.wrong += 1
            acc.add(ms, search.stats.get("nodes", 0), status_of(len(search.solutions), limit, search.gave_up),
                    search.stats.get("branch_points"))
        if progress is not None:
            progress(i + 1)
    return out
