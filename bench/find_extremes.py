"""Find Extremes for the catalogue (sudoku_core/extremes.py): how its entries beyond the bank's were made.

    python bench/find_extremes.py --size 12 --symmetry dihedral [--variant classic] [--seeds 1-10]
                                  [--method lift|dig] [--cap 120]

Two ways, each seeded (seed ``extreme-SIDE[-VARIANT]-SYMMETRY-I`` for I in ``--seeds``), so an entry's line
says how to make it again:

* ``dig`` (the default for 9x9): ``generation(SIDE, "extreme", SYMMETRY, seed=SEED)`` with the catalogue
  emptied for that grid kind, so it digs random grids as GENERATOR_VERSION 9 did, until one rates Extreme
  (or ``--cap`` seconds of CPU are spent).
* ``lift`` (the default for 12x12 and 16x16, whose digs seldom land on an Extreme): take the catalogue's
  entry ``I mod len`` of that grid kind (one of the bank's rot180 Extremes) and keep the orbits of SYMMETRY
  it gives wholly; add its partly given orbits, whole (the solution's digits), in an order drawn from the
  seed until the puzzle is unique; then dig that pattern to a minimal one of SYMMETRY (the orbits in the
  seed's order, each removed while the solution stays unique) and rate it. A pattern near one that needs
  the hard techniques often needs them too: the result is kept if it rates Extreme.

Every line printed is checked: unique by the DLX engine, of SYMMETRY, rated Extreme from scratch. Prints
``SEED CPU LINE`` per find and the CPU spent per find at the end.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sudoku_core import extremes  # noqa: E402
from sudoku_core.formats import parse  # noqa: E402
from sudoku_core.generate import (  # noqa: E402
    CHECK_NODE_LIMITS,
    _Digger,
    generation,
    is_symmetric,
    symmetry_groups,
)
from sudoku_core.puzzle import Puzzle  # noqa: E402
from sudoku_core.rate import rate  # noqa: E402
from sudoku_core.solvers import engine  # noqa: E402
from sudoku_core.work import run  # noqa: E402


class _Cap(Exception):
    """The seed spent its CPU cap."""


def line_of(puzzle: Puzzle) -> str:
    """``puzzle`` in the catalogue's one-line form (``x:``, ``windoku:``, ``jigsaw:DIGITS:REGIONS``)."""
    geo, digits = puzzle.geometry, puzzle.to_line()
    if geo.variant == "classic":
        return digits
    regions = ":" + "".join(chr(65 + r) for r in geo.regions) if geo.regions is not None else ""
    return f"{geo.variant}:{digits}{regions}"


def key_of(size: int, variant: str) -> str:
    return str(size) if variant == "classic" else f"{size}|{variant}"


def lift(line: str, symmetry: str, rng: random.Random) -> tuple[str, int] | None:
    """``line`` completed to whole orbits of ``symmetry`` and dug to a minimal pattern of it: the line and
    its givens, or None when it does not rate Extreme."""
    puzzle = parse(line)
    geo, cells = puzzle.geometry, list(puzzle.cells)
    search = engine("dlx")(geo, cells, 2, None)
    assert len(search.solutions) == 1, line
    solution = search.solutions[0]
    groups = symmetry_groups(geo, symmetry)
    whole = [g for g in groups if all(cells[c] for c in g)]
    part = [g for g in groups if any(cells[c] for c in g) and g not in whole]
    rng.shuffle(part)
    # The orbits the entry gives wholly, then its partly given ones (in the seed's order) until unique.
    keep = list(whole)
    given = [0] * geo.ncells
    for g in whole:
        for c in g:
            given[c] = solution[c]
    for g in part:
        if len(engine("dlx")(geo, given, 2, None).solutions) == 1:
            break
        keep.append(g)
        for c in g:
            given[c] = solution[c]
    digger = _Digger(geo, solution, {}, CHECK_NODE_LIMITS.get(geo.n, 1_000), "locked")
    digger.remove(c for g in groups if g not in keep for c in g)
    rng.shuffle(keep)
    for g in keep:
        run(digger.try_remove(g, True, None))
    out = Puzzle(geo, tuple(digger.cells), puzzle.alphabet)
    if rate(out).level != "extreme":
        return None
    return line_of(out), sum(1 for v in digger.cells if v)


def bank_extremes(key: str) -> list[str]:
    """The catalogue's entries of ``key`` that are the New game bank's (rot180, not dihedral)."""
    return [ln for ln in extremes.EXTREMES.get(key, ())
            if is_symmetric(parse(ln).geometry, list(parse(ln).cells), "rot180")
            and not is_symmetric(parse(ln).geometry, list(parse(ln).cells), "dihedral")]


def check(line: str, symmetry: str) -> None:
    p = parse(line)
    search = engine("dlx")(p.geometry, list(p.cells), 2, None)
    assert len(search.solutions) == 1 and not search.gave_up, f"not unique: {line}"
    assert is_symmetric(p.geometry, list(p.cells), symmetry), f"not {symmetry}: {line}"
    assert rate(p).level == "extreme", f"not extreme: {line}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--symmetry", default="dihedral")
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--seeds", default="1-10", help="FIRST-LAST")
    ap.add_argument("--method", choices=("lift", "dig"), default=None)
    ap.add_argument("--cap", type=float, default=120.0, help="CPU seconds per seed (dig)")
    args = ap.parse_args()
    method = args.method or ("dig" if args.size == 9 else "lift")
    first, last = (int(x) for x in args.seeds.split("-"))
    key = key_of(args.size, args.variant)
    base = bank_extremes(key)
    prefix = f"extreme-{args.size}" + ("" if args.variant == "classic" else f"-{args.variant}")
    spent = []
    for i in range(first, last + 1):
        seed = f"{prefix}-{args.symmetry}-{i}"
        start = time.process_time()
        line: str | None = None
        if method == "lift":
            got = lift(base[i % len(base)], args.symmetry, random.Random(seed))
            line = got[0] if got else None
        else:
            def tick(_report: object, start: float = start) -> None:
                if time.process_time() - start > args.cap:
                    raise _Cap

            with mock.patch.dict(extremes.EXTREMES, {key: ()}):
                work = generation(args.size, "extreme", args.symmetry, seed=seed, variant=args.variant)
                try:
                    line = line_of(run(work, tick).puzzle)
                except _Cap:
                    work.close()
        cpu = time.process_time() - start
        spent.append(cpu)
        if line is None:
            print(f"# {seed} {cpu:.1f}s none ({method})", flush=True)
            continue
        check(line, args.symmetry)
        print(f"{seed} {cpu:.1f}s {method} {line}", flush=True)
    print(f"# {method} {key} {args.symmetry}: {sum(spent):.1f} s CPU over {len(spent)} seeds", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
