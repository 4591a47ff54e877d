"""Workloads timed alike in CPython and in Pyodide, for ``browser_bench.py``'s interpreter comparison.

The browser/CPython ratio of our solvers means little alone: Python in WebAssembly is slower than
native CPython for *any* code. So the same file runs in both interpreters (in the browser it is
fetched and executed by a bench-only page, never shipped in ``dist/``), and reports per workload
the median ms of ``repeat`` runs:

* plain-Python peers, none of them ours: an arithmetic loop, function calls, list indexing,
  dict and string work; and the same integer arithmetic on 27-, 81- and 810-bit integers (the
  backtrack engine works on 810-bit ones), which tells what wide integers cost in WebAssembly;
* the engine's own solvers on the puzzles given, called directly (no bridge, no worker).

Only the standard library and ``sudoku_core`` are used; nothing here asserts anything.
"""

from __future__ import annotations

import statistics
import time


def arithmetic() -> int:
    total = 0
    for i in range(200_000):
        total += i * i % 7
    return total


def calls() -> int:
    def add(a: int, b: int) -> int:
        return a + b

    total = 0
    for i in range(150_000):
        total = add(total, i)
    return total


def lists() -> int:
    values = list(range(1000))
    total = 0
    for _ in range(150):
        for i in range(1000):
            total += values[i]
            values[i] = total & 1023
    return total


def dicts_and_strings() -> int:
    table: dict[str, int] = {}
    for i in range(60_000):
        key = f"r{i % 9}c{i % 81}"
        table[key] = table.get(key, 0) + len(key)
    return sum(table.values())


def _int_ops(bits: int) -> int:
    """The same shifts, masks and ors on integers of ``bits`` bits: 27 fits one 30-bit digit of CPython's
    (and Pyodide's) integers, 81 is a 9x9 grid's one-bit-per-cell mask, 810 the backtrack engine's
    whole-grid candidates (81 cells x 10 bits)."""
    full = (1 << bits) - 1
    total = 0
    for i in range(120_000):
        total ^= (full >> (i % 20)) & (full << 3)
        total = (total | (total >> 9)) & full
    return total.bit_count()


def small_ints() -> int:
    return _int_ops(27)


def big_ints() -> int:
    return _int_ops(81)


def grid_ints() -> int:
    return _int_ops(810)


PEERS = {"arithmetic": arithmetic, "calls": calls, "lists": lists, "dicts+strings": dicts_and_strings,
         "27-bit ints": small_ints, "81-bit ints": big_ints, "810-bit ints": grid_ints}


def run(puzzles: list[str], methods: list[str], repeat: int = 5) -> dict[str, float]:
    """Median ms per workload over ``repeat`` rounds (workloads interleaved within each round)."""
    import sudoku_core

    def solver(method: str):
        def solve_all() -> None:
            for text in puzzles:
                sudoku_core.solve(text, method=method, limit=2)
        return solve_all

    work = dict(PEERS)
    for method in methods:
        work[f"solve {method}"] = solver(method)
    times: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(repeat):
        for name, fn in work.items():
            start = time.perf_counter()
            fn()
            times[name].append((time.perf_counter() - start) * 1000)
    return {name: statistics.median(ms) for name, ms in times.items()}
