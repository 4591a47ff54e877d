"""``compare``: one puzzle, every solving method, side by side (the algorithm lab's table, as text or CSV).

Each method runs under a node budget (the lab's default unless ``--node-limit`` says otherwise), so the
naive method cannot run for minutes; a method that gave up says so under the table. A file holding
several puzzles gives one table per puzzle (in CSV, one block of rows per puzzle, with its line number);
``--summary`` gives one row per method over all of them instead: median, 90th percentile and maximum
time, nodes and branch points, as the lab's Batch section does. ``--set NAME`` takes one of the lab's
bundled sample sets as the input, so ``sudoku-core compare --set 17clue --summary`` and the lab page's
batch of that set count the same figures (the times are each machine's own).
"""

from __future__ import annotations

import argparse
import sys

from ..errors import SudokuError
from ..formats import parse
from ..lab import (
    COMPARE_COLUMNS,
    LAB_METHODS,
    LAB_NODE_LIMIT,
    batch,
    batch_csv,
    compare,
    compare_csv,
    format_batch_table,
    format_table,
    sample_sets,
)
from ..solvers import METHODS
from .inputs import TOO_LONG, open_lines, puzzle_lines, too_long_message


def register(subparsers) -> None:
    p = subparsers.add_parser("compare", help="run one puzzle with every method and compare them",
                              description=__doc__.split("\n\n")[1] if __doc__ else None)
    p.add_argument("input", nargs="?", default="-", metavar="FILE|-|PUZZLE",
                   help="a file holding the puzzle, - for standard input (default), or the puzzle itself")
    p.add_argument("--methods", nargs="+", choices=METHODS, default=list(LAB_METHODS),
                   help="methods to run, in this order (default: the lab's ladder, naive first)")
    p.add_argument("--node-limit", type=int, default=LAB_NODE_LIMIT,
                   help=f"give up after this many search nodes per method (default {LAB_NODE_LIMIT}; 0 = none)")
    p.add_argument("--limit", type=int, default=2,
                   help="count solutions up to this many (default 2: the time includes the uniqueness proof)")
    p.add_argument("--csv", action="store_true", help="CSV instead of the aligned table")
    p.add_argument("--summary", action="store_true",
                   help="one row per method over all the puzzles (median, p90, max), as the lab's Batch")
    p.add_argument("--set", choices=sorted(sample_sets()), metavar="NAME",
                   help=f"the lab's bundled sample set NAME as the input ({', '.join(sample_sets())})")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise SudokuError(f"--limit must be at least 1, not {args.limit}")
    if args.node_limit < 0:
        raise SudokuError(f"--node-limit must be 0 (none) or more, not {args.node_limit}")
    node_limit = args.node_limit or None
    out = sys.stdout
    status = 0
    lines = (enumerate(sample_sets()[args.set]["puzzles"], 1) if args.set
             else puzzle_lines(open_lines(args.input), None))
    if args.summary:
        return _summary(args, lines, node_limit)
    puzzles = iter(lines)
    first = next(puzzles, None)
    if first is None:
        raise SudokuError("no puzzle given")
    second = next(puzzles, None)
    many = second is not None
    stream = [first] + ([second] if many else [])
    for k, (number, line) in enumerate(_chain(stream, puzzles)):
        try:
            if line == TOO_LONG:
                raise SudokuError(too_long_message())
            puzzle = parse(line, check=False)
        except SudokuError as exc:
            print(f"sudoku-core: line {number}: {exc}" if many else f"sudoku-core: {exc}", file=sys.stderr)
            status = 1
            continue
        rows = compare(puzzle, args.methods, node_limit, args.limit)
        if args.csv:
            body = compare_csv(rows)
            if many:  # one header for the whole file, with the line number in front of each row
                lines = body.splitlines()
                if k == 0:
                    out.write("line," + ",".join(COMPARE_COLUMNS) + "\n")
                out.writelines(f"{number},{row}\n" for row in lines[1:])
            else:
                out.write(body)
        else:
            if many:
                out.write(f"{'' if k == 0 else chr(10)}line {number}: {puzzle.to_line()}\n")
            out.write(format_table(rows) + "\n")
        out.flush()
    return status


def _summary(args: argparse.Namespace, lines, node_limit: int | None) -> int:
    status = 0
    puzzles = []
    for number, line in lines:
        try:
            if line == TOO_LONG:
                raise SudokuError(too_long_message())
            puzzles.append(parse(line, check=False))
        except SudokuError as exc:
            print(f"sudoku-core: line {number}: {exc}", file=sys.stderr)
            status = 1
    if not puzzles:
        raise SudokuError("no puzzle given")
    rows = batch(puzzles, args.methods, node_limit, args.limit)
    sys.stdout.write(batch_csv(rows) if args.csv else format_batch_table(rows) + "\n")
    return status


def _chain(first: list, rest):
    yield from first
    yield from rest
