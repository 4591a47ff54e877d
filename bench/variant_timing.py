"""What the solver-variant benchmarks share: loading an engine as it was at a git revision (or from
a draft file) beside the working tree's, and timing variants puzzle by puzzle on the public sets.

Used by ``solve_bench_backtrack_variants.py`` and ``dlx_variants.py``. The sets and the data folder
are those of ``python3 -m sudoku_core bench`` (``../shared/data``, ``--data`` there, ``$SUDOKU_DATA``).
Every puzzle is solved to a limit of 2 by each variant in turn, in one process, timed with the
thread's CPU clock, so other load on the machine costs every variant alike; solution counts must agree.
The order of the variants rotates from one puzzle to the next: with a fixed order, two copies of the
same engine differed by up to 3.5% on the small searches of 17clue and serg, and the first of seven
nearly identical variants read up to 6% slower (issue 18).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.cli.bench import SETS, data_dir, sample  # noqa: E402
from sudoku_core.errors import SudokuError  # noqa: E402
from sudoku_core.formats import parse  # noqa: E402

#: The 9x9 sets of ``sudoku_core bench`` that the variant benchmarks time.
SET_NAMES = ("17clue", "magictour", "hardest", "serg")


def git_show(rev: str, path: str) -> str:
    """The text of ``path`` at git revision ``rev``."""
    return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def module_from_source(name: str, src: str, filename: str) -> types.ModuleType:
    """``src`` imported as module ``name`` inside ``sudoku_core.solvers`` (so relative imports work)."""
    mod = types.ModuleType(name)
    mod.__package__ = "sudoku_core.solvers"
    sys.modules[name] = mod
    exec(compile(src, filename, "exec"), mod.__dict__)
    return mod


def puzzle_lines(key: str, count: int, spread: bool) -> list[str]:
    """``count`` puzzles of set ``key``: spread evenly over the file, or the first ones."""
    try:
        folder = data_dir(None)
    except SudokuError:
        sys.exit(f"{Path(sys.argv[0]).name}: the full puzzle sets are missing: they are not part of the repository; "
                 f"put them in {ROOT.parent / 'shared' / 'data'} or set SUDOKU_DATA to their folder.")
    lines = [ln.strip() for ln in (folder / SETS[key]).read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    return sample(lines, count) if spread else lines[:count]


def time_variants(variants: Sequence[tuple[str, Callable]], sets: Sequence[str], count: int, *,
                  spread: bool, against_first: str, same_nodes: tuple[int, int] | None = None) -> None:
    """Time ``(name, solve_fast-like)`` variants per set and print median, p90, max, median nodes and
    a ratio to the first variant: ``against_first="speedup"`` prints first/this, ``"of"`` this/first.
    ``same_nodes``: two variant indices that must visit the same nodes on every puzzle."""
    clock = time.thread_time
    first = variants[0][0]
    width = max(12, *(len(name) for name, _ in variants))
    for key in sets:
        lines = puzzle_lines(key, count, spread)
        times: list[list[float]] = [[] for _ in variants]
        nodes: list[list[int]] = [[] for _ in variants]
        for k, line in enumerate(lines):
            p = parse(line, check=False)
            seen = []
            for j in range(len(variants)):
                i = (j + k) % len(variants)  # each variant goes first as often as the others
                run = variants[i][1]
                start = clock()
                s = run(p.geometry, list(p.cells), 2, None)
                times[i].append((clock() - start) * 1000.0)
                nodes[i].append(s.stats["nodes"])
                seen.append(len(s.solutions))
            if len(set(seen)) != 1:
                raise SystemExit(f"solution counts differ on {line}: {seen}")
            if same_nodes and nodes[same_nodes[0]][-1] != nodes[same_nodes[1]][-1]:
                raise SystemExit(f"{variants[same_nodes[0]][0]} and {variants[same_nodes[1]][0]} "
                                 f"visit other nodes on {line}")
        base = statistics.median(times[0])
        print(f"{key} ({len(lines)} puzzles)")
        for (name, _), ts, ns in zip(variants, times, nodes, strict=True):
            med = statistics.median(ts)
            p90 = statistics.quantiles(ts, n=10)[-1]
            ratio = f"x{base / med:5.2f}" if against_first == "speedup" else f"x{med / base:5.2f} of {first}"
            print(f"  {name:>{width}}: median {med:7.3f} ms  p90 {p90:7.3f}  max {max(ts):7.1f}  "
                  f"nodes median {statistics.median(ns):6.1f}  {ratio}")
