"""Rating and generation over many cores, with the standard library alone: the pattern docs/batch.md
gives for any engine that maps a function over many items (Dask, Spark, Ray, a job queue).

Both are pure functions of one item: a puzzle line for rating; an index and a base seed for
generation (the CLI's own seed rule: ``SEED`` for the first puzzle, ``SEED:i`` for the i-th after it).
So the items can be split, shipped anywhere, retried or run twice, and the answers put back in order.

    python docs/examples/batch_pool.py rate FILE [PROCESSES]       # same lines as: sudoku-core rate FILE
    python docs/examples/batch_pool.py generate COUNT SEED [PROCESSES]  # as: generate -n COUNT --seed SEED
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from multiprocessing import Pool

from sudoku_core.formats import parse
from sudoku_core.generate import generate
from sudoku_core.rate import rate


def rate_line(line: str) -> str:
    """One puzzle line -> ``puzzle level score hardest``, as ``sudoku-core rate`` writes it."""
    r = rate(parse(line))
    return f"{r.puzzle} {r.level} {r.score:.1f} {r.hardest or '-'}{'' if r.solved else ' (stalled)'}"


def generate_one(index: int, seed: str) -> str:
    """The ``index``-th puzzle of the batch seeded ``seed``, as ``sudoku-core generate --seed`` makes it."""
    return generate(9, seed=f"{seed}:{index}" if index else seed).puzzle.to_line()


def puzzle_lines(path: str) -> Iterator[str]:
    """The puzzles of a file, one per line, read as a stream (blank lines and # comments skipped)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield line


def main(argv: list[str]) -> None:
    command, rest = argv[0], argv[1:]
    with Pool(int(rest[-1]) if len(rest) == (2 if command == "rate" else 3) else None) as pool:
        if command == "rate":
            # imap keeps the input order; chunksize sends 16 puzzles per message
            answers = pool.imap(rate_line, puzzle_lines(rest[0]), chunksize=16)
        else:
            answers = pool.imap(partial(generate_one, seed=rest[1]), range(int(rest[0])))
        for answer in answers:
            print(answer, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
