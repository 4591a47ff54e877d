"""``generate``: new puzzles with a unique solution, one per output line (or JSON lines).

The ``i``-th of ``--count N`` puzzles uses the seed ``S`` for the first and ``S:i`` after it, and every
JSON line reports its seed, so any single puzzle of a batch can be made again on its own, and a batch
is the same for any ``--jobs`` (each puzzle depends on its index alone, never on which worker made it).
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial

from ..formats import format_variant
from ..generate import GRID_METHODS, LEVELS, SYMMETRIES, generate
from ..grid import VARIANTS
from . import jobs, options


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "generate", help="generate puzzles (size, level, symmetry, practice technique, seed)",
        description="Generate puzzles with a unique solution. Each output line is a puzzle (or, with "
        "--json, an object with the puzzle, its solution, rating and seed).",
    )
    p.add_argument("--size", "-s", type=options.whole("--size"), default=9,
                   help="side of the grid: 4, 6, 9, 12, 16, 25 (default 9)")
    p.add_argument("--level", "-L", type=str.lower, choices=LEVELS, default=None,
                   help="rated level the puzzle must have (default: any, not rated); a killer is rated with the "
                   "cage techniques (cage combinations, the 45 rule), and is at least medium without --givens")
    p.add_argument("--symmetry", default="none", metavar="|".join(SYMMETRIES),
                   help="symmetry of the clue pattern (default none)")
    p.add_argument("--minimal", action="store_true", help="no given can be removed (no symmetric group, "
                   "with a symmetry)")
    p.add_argument("--technique", "-t", default=None,
                   help="practice target: the puzzle's hardest step is this technique (e.g. skyscraper)")
    p.add_argument("--seed", type=options.seed, default=None,
                   help="integer or text (e.g. a date), at most 200 characters; same seed, same puzzle")
    p.add_argument("--count", "-n", type=options.whole("--count"), default=1, help="how many puzzles (default 1)")
    p.add_argument("--grid-method", choices=GRID_METHODS, default="lasvegas",
                   help="how the full grid is made (default lasvegas)")
    p.add_argument("--timeout", type=options.seconds("--timeout", 0, 86_400), default=120.0,
                   help="seconds allowed per puzzle before giving up (default 120)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--variant", type=str.lower, choices=VARIANTS, default="classic",
                   help="x (diagonals), windoku (4 extra windows, 9x9), jigsaw (random regions) or killer (cages "
                   "with sums); output lines are then NAME:DIGITS (jigsaw:DIGITS:REGIONS, killer:DIGITS:CAGEMAP:SUMS), "
                   "see docs/variants.md (default classic)")
    p.add_argument("--givens", action="store_true",
                   help="killer only: keep givens (larger cages, givens dug until unique); without it a killer's "
                   "cages alone make the solution unique and it has no givens")
    jobs.add_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.count < 1:
        print("sudoku-core: --count must be at least 1", file=sys.stderr)
        return 2
    work = partial(one, seed=args.seed, size=args.size, level=args.level, symmetry=args.symmetry,
                   minimal=args.minimal, technique=args.technique, grid_method=args.grid_method,
                   timeout=args.timeout, as_json=args.json, variant=args.variant, givens=args.givens)
    return jobs.write_answers(work, range(args.count), args, "generate", total=args.count)


def seed_of(seed: str | None, index: int) -> str | None:
    """The seed of the ``index``-th puzzle of a batch seeded ``seed``: ``seed``, then ``seed:index``."""
    return f"{seed}:{index}" if seed is not None and index else seed


def one(index: int, *, seed: str | None, size: int, level: str | None, symmetry: str, minimal: bool,
        technique: str | None, grid_method: str, timeout: float, as_json: bool,
        variant: str = "classic", givens: bool = False) -> tuple[str, str]:
    """The ``index``-th puzzle of the batch as ``(output line, "")``: a pure function of its arguments
    when ``seed`` is given (a fresh seed otherwise)."""
    g = generate(size, level=level, symmetry=symmetry, minimal=minimal, technique=technique,
                 seed=seed_of(seed, index), grid_method=grid_method, deadline=timeout, variant=variant,
                 givens=givens)
    return (json.dumps(g.to_dict()) if as_json else format_variant(g.puzzle, one_line=True)) + "\n", ""
