"""``solve``: one puzzle per input line, one answer per output line (or JSON lines)."""

from __future__ import annotations

import argparse
import json
from functools import partial

from ..errors import SudokuError
from ..generate import variant_fields
from ..solvers import METHODS, solve
from . import jobs, options
from .inputs import open_lines, parse_line, puzzle_lines


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    p.add_argument("--limit", "-l", type=options.whole("--limit"), default=1,
                   help="stop after this many solutions; 2 or more reports 'multiple solutions' (default 1)")
    p.add_argument("--node-limit", type=options.whole("--node-limit", 1, 10 ** 12), default=None,
                   help="give up after this many search nodes")
    p.add_argument("--alphabet", default=None, help="'hex' (0-F) or 'letters' (A-P) for 16x16, or the symbols")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    jobs.add_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise SudokuError(f"--limit must be at least 1, not {args.limit}")
    work = partial(answer, source=args.input, alphabet=args.alphabet, method=args.method, limit=args.limit,
                   node_limit=args.node_limit, as_json=args.json)
    return jobs.write_answers(work, puzzle_lines(open_lines(args.input), args.alphabet), args, "solve",
                              source=args.input)


def answer(item: tuple[int, str], *, source: str, alphabet: str | None, method: str, limit: int,
           node_limit: int | None, as_json: bool) -> tuple[str, str]:
    """One puzzle line's ``(output, error)``: the solution line (or JSON record), and the error message
    for a line that is not a puzzle."""
    number, line = item
    try:
        puzzle = parse_line(line, alphabet=alphabet)
    except SudokuError as exc:
        where = f"line {number}: " if source != "-" or number > 1 else ""
        record = {"line": number, "error": {"kind": exc.kind, "message": str(exc)}}
        return (json.dumps(record) + "\n" if as_json else ""), f"{where}{exc}"
    result = solve(puzzle, method=method, limit=limit, node_limit=node_limit)
    if as_json:
        record = {"line": number, "puzzle": puzzle.to_line(), **variant_fields(puzzle), **result.to_dict()}
        return json.dumps(record) + "\n", ""
    return result.message() + "\n", ""
