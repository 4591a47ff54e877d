"""``bench``: median, p90 and max time per puzzle for each method over the public puzzle sets.

Each puzzle is solved counting to ``--limit`` solutions (2 by default, so the time includes the
proof of uniqueness), every method on the same puzzle in turn, and every solution is verified by
an independent checker. Prints figures; asserts nothing. The data folder is the shared puzzle sets
(``../shared/data`` beside the repository, or ``--data DIR``, or ``$SUDOKU_DATA``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from ..errors import SudokuError
from ..formats import parse
from ..grid import geometry_for_side
from ..puzzle import Puzzle
from ..solvers import METHODS, engine
from . import options

#: Set name -> file in the data folder (or None for sets made here).
#: The file that marks a folder as the data folder.
PROBE = "tdoku_magictour_top1465.txt"
SETS: dict[str, str | None] = {
    "17clue": "tdoku_17_clue.txt",
    "magictour": PROBE,
    "hardest": "tdoku_forum_hardest_1106.txt",
    "serg": "tdoku_serg_benchmark.txt",
    "16x16": "sixteen_by_sixteen_owhy_100.txt",
    "25x25-half": None,
}
DEFAULT_SETS = ("17clue", "magictour", "hardest", "serg", "16x16", "25x25-half")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("bench", help="time the solvers on the public puzzle sets",
                              description=__doc__.split("\n\n")[1] if __doc__ else None)
    p.add_argument("--sets", nargs="+", choices=list(SETS), default=list(DEFAULT_SETS))
    p.add_argument("--methods", nargs="+", choices=METHODS, default=["backtrack", "dlx"])
    p.add_argument("--count", type=options.whole("--count", 0, 10 ** 9), default=200,
                   help="puzzles per set, spread evenly over the file (default 200; 0 = all)")
    p.add_argument("--limit", type=options.whole("--limit", 1, 1_000_000), default=2)
    p.add_argument("--node-limit", type=options.whole("--node-limit", 1, 10 ** 12), default=None)
    p.add_argument("--data", default=None, help="folder of the puzzle sets")
    p.add_argument("--json", action="store_true", help="one JSON object per set and method")
    p.set_defaults(func=run)


def data_dir(explicit: str | None) -> Path:
    candidates = [explicit, os.environ.get("SUDOKU_DATA"), "../shared/data", "shared/data",
                  str(Path(__file__).resolve().parents[3] / "shared" / "data")]
    for c in candidates:
        if c and Path(c, PROBE).exists():
            return Path(c)
    raise SudokuError("puzzle sets not found; pass --data DIR (the folder holding tdoku_17_clue.txt)")


def sample(lines: list[str], count: int) -> list[str]:
    """``count`` lines spread evenly over the file, always the same ones."""
    if count <= 0 or count >= len(lines):
        return lines
    step = len(lines) / count
    return [lines[int(i * step)] for i in range(count)]


def half_given_25x25(count: int, seed: int = 25) -> list[Puzzle]:
    """25x25 puzzles with half of the cells given: a solved grid, digits relabelled at random, and a
    random half of the cells kept. (Not necessarily unique: the benchmark counts to the limit.)"""
    geo = geometry_for_side(25)
    solved = engine("backtrack")(geo, [0] * geo.ncells, 1, None).solutions[0]
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        relabel = list(range(1, 26))
        rng.shuffle(relabel)
        cells = [relabel[v - 1] for v in solved]
        for c in rng.sample(range(geo.ncells), geo.ncells // 2):
            cells[c] = 0
        out.append(Puzzle.from_cells(cells, geo))
    return out


def load_set(name: str, folder: Path | None, count: int) -> list[Puzzle]:
    file = SETS[name]
    if file is None:
        return half_given_25x25(max(1, min(count, 5)))
    assert folder is not None
    with open(folder / file, encoding="utf-8") as f:
        lines = [line.strip() for line in f if line.strip()]
    return [parse(line, check=False) for line in sample(lines, count)]


def run(args: argparse.Namespace) -> int:
    from ..bench import run_batch

    folder = data_dir(args.data) if any(SETS[s] for s in args.sets) else None
    if not args.json:
        print(f"median / p90 / max CPU ms per puzzle, counting to {args.limit} solutions; "
              f"ratio = median / median of {args.methods[0]} in the same run")
    for name in args.sets:
        puzzles = load_set(name, folder, args.count)
        results = [r.summary() for r in run_batch(puzzles, args.methods, args.limit, args.node_limit)]
        base = results[0]["median_ms"] or 1e-9
        for r in results:
            r["set"] = name
            r["ratio"] = r["median_ms"] / base
            if args.json:
                print(json.dumps(r))
            else:
                statuses = " ".join(f"{k}={v}" for k, v in sorted(r["statuses"].items()))
                print(f"{name:11} {r['method']:20} n={r['puzzles']:<5} {r['median_ms']:9.3f} {r['p90_ms']:9.3f} "
                      f"{r['max_ms']:9.2f}  x{r['ratio']:<5.2f} nodes~{r['median_nodes']:<7.0f} "
                      f"{statuses} wrong={r['wrong']}")
        sys.stdout.flush()
    return 0
