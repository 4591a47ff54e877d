"""``solve``: one puzzle per input line, one answer per output line (or JSON lines)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..errors import SudokuError
from ..formats import parse
from ..solvers import METHODS, solve


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "solve", help="solve puzzles, one per line",
        description="Solve puzzles read one per line from FILE (or standard input, or a puzzle given "
        "directly). Each output line is the solution, 'no solution' or 'multiple solutions'. "
        "A file that holds a single multi-line grid is read as one puzzle.",
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


def read_input(source: str) -> str:
    """Text of FILE, of standard input for '-', or the argument itself when it is not a file."""
    if source == "-":
        return sys.stdin.read()
    if os.path.exists(source):
        try:
            with open(source, encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise SudokuError(f"cannot read {source}: {exc}") from None
    return source


def puzzle_lines(text: str, alphabet: str | None):
    """Yield ``(line_number, text)`` for each puzzle: one per non-blank, non-comment line, or the
    whole text when it is a single multi-line grid."""
    lines = [(i + 1, line.strip()) for i, line in enumerate(text.splitlines())]
    lines = [(i, line) for i, line in lines if line and not line.startswith("#")]
    if len(lines) > 1:
        try:
            parse(lines[0][1], alphabet=alphabet, check=False)
        except SudokuError:
            try:
                parse(text, alphabet=alphabet, check=False)
            except SudokuError:
                pass
            else:
                yield 1, text
                return
    yield from lines


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise SudokuError(f"--limit must be at least 1, not {args.limit}")
    text = read_input(args.input)
    status = 0
    out = sys.stdout
    for number, line in puzzle_lines(text, args.alphabet):
        try:
            puzzle = parse(line, alphabet=args.alphabet)
        except SudokuError as exc:
            status = 2
            where = f"line {number}: " if args.input != "-" or number > 1 else ""
            print(f"sudoku-core: {where}{exc}", file=sys.stderr)
            if args.json:
                out.write(json.dumps({"line": number, "error": {"kind": exc.kind, "message": str(exc)}}) + "\n")
            continue
        result = solve(puzzle, method=args.method, limit=args.limit, node_limit=args.node_limit)
        if args.json:
            record = {"line": number, "puzzle": puzzle.to_line(), **result.to_dict()}
            out.write(json.dumps(record) + "\n")
        else:
            out.write(result.message() + "\n")
    return status
