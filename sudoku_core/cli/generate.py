"""``generate``: new puzzles with a unique solution, one per output line (or JSON lines).

The ``i``-th of ``--count N`` puzzles uses the seed ``S`` for the first and ``S:i`` after it, and every
JSON line reports its seed, so any single puzzle of a batch can be made again on its own.
"""

from __future__ import annotations

import json
import sys

from ..formats import format_variant
from ..generate import GRID_METHODS, LEVELS, SYMMETRIES, generate
from ..grid import VARIANTS


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "generate", help="generate puzzles (size, level, symmetry, practice technique, seed)",
        description="Generate puzzles with a unique solution. Each output line is a puzzle (or, with "
        "--json, an object with the puzzle, its solution, rating and seed).",
    )
    p.add_argument("--size", "-s", type=int, default=9, help="side of the grid: 4, 6, 9, 12, 16, 25 (default 9)")
    p.add_argument("--level", "-L", type=str.lower, choices=LEVELS, default=None,
                   help="rated level the puzzle must have (default: any, not rated)")
    p.add_argument("--symmetry", default="none", metavar="|".join(SYMMETRIES),
                   help="symmetry of the clue pattern (default none)")
    p.add_argument("--minimal", action="store_true", help="no given can be removed (no symmetric group, "
                   "with a symmetry)")
    p.add_argument("--technique", "-t", default=None,
                   help="practice target: the puzzle's hardest step is this technique (e.g. skyscraper)")
    p.add_argument("--seed", default=None, help="integer or text (e.g. a date); same seed, same puzzle")
    p.add_argument("--count", "-n", type=int, default=1, help="how many puzzles (default 1)")
    p.add_argument("--grid-method", choices=GRID_METHODS, default="lasvegas",
                   help="how the full grid is made (default lasvegas)")
    p.add_argument("--timeout", type=float, default=120.0,
                   help="seconds allowed per puzzle before giving up (default 120)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--variant", type=str.lower, choices=VARIANTS, default="classic",
                   help="x (diagonals), windoku (4 extra windows, 9x9) or jigsaw (random regions); output "
                   "lines are then NAME:DIGITS (jigsaw:DIGITS:REGIONS), see docs/variants.md (default classic)")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.count < 1:
        print("sudoku-core: --count must be at least 1", file=sys.stderr)
        return 2
    for i in range(args.count):
        seed = args.seed
        if seed is not None and i:
            seed = f"{seed}:{i}"
        g = generate(args.size, level=args.level, symmetry=args.symmetry, minimal=args.minimal,
                     technique=args.technique, seed=seed, grid_method=args.grid_method, deadline=args.timeout,
                     variant=args.variant)
        if args.json:
            print(json.dumps(g.to_dict()), flush=True)
        else:
            print(format_variant(g.puzzle, one_line=True), flush=True)
    return 0
