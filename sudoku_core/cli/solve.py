"""``solve``: one puzzle per input line, one answer per output line (or JSON lines)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import SudokuError
from ..formats import parse
from ..generate import variant_fields
from ..solvers import METHODS, solve
from .inputs import TOO_LONG, open_lines, puzzle_lines, too_long_message


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "solve", help="solve puzzles, one per line",
        description="Solve puzzles read one per line from FILE (or standard input, or a puzzle given "
        "directly). Each output line is the solution, 'no solution' or 'multiple solutions'. "
        "A file that holds a single multi-line grid is read as one puzzle. Exit status: 0 every puzzle "
        "answered, 1 some could not be read, 2 usage or unreadable input.",
    )
    p.add_argument("input", nargs="?", default="-", metavar="FILE|-|PUZZLE",
                   help="a file of puzzles, - for standard input (default), or one puzzle string")
    p.add_argument("--method", "-m", choices=METHODS, default="backtrack")
    p.add_argument("--limit", "-l", type=int, default=1,
                   help="stop after this many solutions; 2 or more reports 'multiple solutions' (default 1)")
    p.add_argument("--node-limit", type=int, default=None, help="give up after this many search nodes")
    p.add_argument("--alphabet", default=None, help="'hex' (0-F) or 'letters' (A-P) for 16x16, or the symbols")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise SudokuError(f"--limit must be at least 1, not {args.limit}")
    status = 0
    out = sys.stdout
    for number, line in puzzle_lines(open_lines(args.input), args.alphabet):
        try:
            if line == TOO_LONG:
                raise SudokuError(too_long_message())
            puzzle = parse(line, alphabet=args.alphabet)
        except SudokuError as exc:
            status = 1
            where = f"line {number}: " if args.input != "-" or number > 1 else ""
            print(f"sudoku-core: {where}{exc}", file=sys.stderr)
            if args.json:
                out.write(json.dumps({"line": number, "error": {"kind": exc.kind, "message": str(exc)}}) + "\n")
            continue
        result = solve(puzzle, method=args.method, limit=args.limit, node_limit=args.node_limit)
        if args.json:
            record = {"line": number, "puzzle": puzzle.to_line(), **variant_fields(puzzle), **result.to_dict()}
            out.write(json.dumps(record) + "\n")
        else:
            out.write(result.message() + "\n")
        out.flush()  # one answer per line as it comes: a long file shows progress
    return status
