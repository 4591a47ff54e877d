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
from collections.abc import Iterable, Iterator
from functools import partial

from ..errors import SudokuError
from ..lab import (
    COMPARE_COLUMNS,
    LAB_METHODS,
    LAB_NODE_LIMIT,
    batch_csv,
    batch_part,
    compare,
    compare_csv,
    format_batch_table,
    format_table,
    merge_parts,
    sample_sets,
    summarize,
)
from ..solvers import METHODS
from . import jobs, options
from .inputs import open_lines, parse_line, puzzle_lines


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("compare", help="run one puzzle with every method and compare them",
                              description=__doc__.split("\n\n")[1] if __doc__ else None)
    p.add_argument("input", nargs="?", default="-", metavar="FILE|-|PUZZLE",
                   help="a file holding the puzzle, - for standard input (default), or the puzzle itself")
    p.add_argument("--methods", nargs="+", choices=METHODS, default=list(LAB_METHODS),
                   help="methods to run, in this order (default: the lab's ladder, naive first)")
    p.add_argument("--node-limit", type=options.whole("--node-limit"), default=LAB_NODE_LIMIT,
                   help=f"give up after this many search nodes per method (default {LAB_NODE_LIMIT}; 0 = none)")
    p.add_argument("--limit", type=options.whole("--limit"), default=2,
                   help="count solutions up to this many (default 2: the time includes the uniqueness proof)")
    p.add_argument("--csv", action="store_true", help="CSV instead of the aligned table")
    p.add_argument("--summary", action="store_true",
                   help="one row per method over all the puzzles (median, p90, max), as the lab's Batch")
    p.add_argument("--set", choices=sorted(sample_sets()), metavar="NAME",
                   help=f"the lab's bundled sample set NAME as the input ({', '.join(sample_sets())})")
    jobs.add_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise SudokuError(f"--limit must be at least 1, not {args.limit}")
    if args.node_limit < 0:
        raise SudokuError(f"--node-limit must be 0 (none) or more, not {args.node_limit}")
    node_limit = args.node_limit or None
    lines: Iterator[tuple[int, str]]
    if args.set:
        puzzles = sample_sets()[args.set]["puzzles"]
        lines, source, total = enumerate(puzzles, 1), None, len(puzzles)
    else:
        lines, source, total = puzzle_lines(open_lines(args.input), None), args.input, None
    if args.summary:
        return _summary(args, lines, node_limit, source, total)
    puzzles = iter(lines)
    first = next(puzzles, None)
    if first is None:
        raise SudokuError("no puzzle given")
    second = next(puzzles, None)
    many = second is not None
    stream = [first] if second is None else [first, second]
    work = partial(table, methods=args.methods, node_limit=node_limit, limit=args.limit, csv=args.csv, many=many)
    return jobs.write_answers(work, enumerate(_chain(stream, puzzles)), args, "compare", source=source, total=total)


def table(item: tuple[int, tuple[int, str]], *, methods: list[str], node_limit: int | None, limit: int,
          csv: bool, many: bool) -> tuple[str, str]:
    """The ``k``-th puzzle's table (or CSV rows) as ``(output, error)``; ``item`` is ``(k, (line number,
    text))``. With ``many`` puzzles, each table is headed by its line (CSV: one header, before the first)."""
    k, (number, line) = item
    try:
        puzzle = parse_line(line, check=False)
    except SudokuError as exc:
        return "", f"line {number}: {exc}" if many else str(exc)
    rows = compare(puzzle, methods, node_limit, limit)
    if csv:
        body = compare_csv(rows)
        if not many:
            return body, ""
        head = "line," + ",".join(COMPARE_COLUMNS) + "\n" if k == 0 else ""
        return head + "".join(f"{number},{row}\n" for row in body.splitlines()[1:]), ""
    title = f"{'' if k == 0 else chr(10)}line {number}: {puzzle.to_line()}\n" if many else ""
    return title + format_table(rows) + "\n", ""


def summary_part(item: tuple[int, str], *, methods: list[str], node_limit: int | None,
                 limit: int) -> tuple[list[dict] | None, str]:
    """One puzzle's raw batch figures (:func:`sudoku_core.lab.batch_part`), or an error message."""
    number, line = item
    try:
        puzzle = parse_line(line, check=False)
    except SudokuError as exc:
        return None, f"line {number}: {exc}"
    return batch_part([puzzle], methods, node_limit, limit), ""


def _summary(args: argparse.Namespace, lines: Iterable[tuple[int, str]], node_limit: int | None, source: str | None,
             total: int | None) -> int:
    status = 0
    parts: list[list[dict]] = []
    progress = jobs.progress_for(args, "compare", total)

    def emit(result: tuple[list[dict] | None, str]) -> None:
        nonlocal status
        part, error = result
        if part is None:
            if progress is not None:
                progress.clear()
            print(f"sudoku-core: {error}", file=sys.stderr)
            status = 1
        else:
            parts.append(part)

    work = partial(summary_part, methods=args.methods, node_limit=node_limit, limit=args.limit)
    jobs.run(work, lines, emit, jobs=jobs.jobs_for(args.jobs, source), progress=progress)
    if not parts:
        raise SudokuError("no puzzle given")
    rows = summarize(merge_parts(parts), node_limit)
    sys.stdout.write(batch_csv(rows) if args.csv else format_batch_table(rows) + "\n")
    return status


def _chain(first: list[tuple[int, str]], rest: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    yield from first
    yield from rest
