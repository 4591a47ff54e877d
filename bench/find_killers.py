"""Find Expert and Extreme Killers for the catalogue the generator starts from (sudoku_core/killers.py).

    python bench/find_killers.py --level expert --givens no --seeds 1001-1040 [--cpu-cap 30]
                                 [--symmetry rot180]

Each seed runs this generator's own search (``generate(9, level=L, seed=S, variant="killer", givens=G,
symmetry=SYM)``, with the catalogue switched off: ``killers.CATALOGUE`` emptied for the run, so the search is
the one that merges and splits cages, or draws them and digs), stopped after ``--cpu-cap`` seconds of CPU.
A puzzle it returns is counted to two solutions by both engines (backtracking and DLX) and rated again from
scratch; one that is unique by both and re-rates at the level is printed as a catalogue line (the page's
one-line Killer form) with a comment naming its seed, ready to paste into ``killers.FOUND``. The CPU each
took goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sudoku_core import killers
from sudoku_core.formats import format_variant
from sudoku_core.generate import GenerationError, generate
from sudoku_core.rate import rate
from sudoku_core.solvers import engine


def seeds(text: str) -> list[int]:
    """``"A-B"`` or ``"A,B,C"`` as seeds."""
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", choices=["expert", "extreme"], required=True)
    ap.add_argument("--givens", choices=["no", "yes"], required=True)
    ap.add_argument("--seeds", type=seeds, required=True)
    ap.add_argument("--symmetry", default=None, help="of the givens (default rot180 with givens, none without)")
    ap.add_argument("--cpu-cap", type=float, default=30.0)
    args = ap.parse_args()
    givens = args.givens == "yes"
    symmetry = args.symmetry or ("rot180" if givens else "none")
    killers.CATALOGUE.clear()  # this generator's own search, not a catalogue entry in disguise
    for seed in args.seeds:
        start = time.process_time()
        try:
            g = generate(9, level=args.level, seed=seed, variant="killer", givens=givens, symmetry=symmetry,
                         deadline=10.0 ** 9, progress=lambda _, start=start: time.process_time() - start > args.cpu_cap)
        except GenerationError as exc:
            print(f"seed {seed}: stopped after {time.process_time() - start:.1f} s ({type(exc).__name__})",
                  file=sys.stderr, flush=True)
            continue
        spent = time.process_time() - start
        p = g.puzzle
        counts = [len(engine(m)(p.geometry, list(p.cells), 2, None).solutions) for m in ("backtrack", "dlx")]
        again = rate(p, unique=True).level if counts == [1, 1] else None
        print(f"seed {seed}: {spent:.1f} s, {g.level}, re-rated {again}, solutions {counts}",
              file=sys.stderr, flush=True)
        if counts == [1, 1] and again == args.level:
            print(f'    "{format_variant(p, one_line=True)}",  # seed {seed}, {symmetry}', flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
