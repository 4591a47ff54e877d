"""Benchmark: live Extreme generation per symmetry, size and variant, every puzzle re-verified. Prints; exits 1
if a puzzle fails its re-verification.

    python bench/extreme_bench.py [--seeds 10] [--cap 30] [--rows 9:none,9:dihedral,12:rot180,9:rot180:x]

Each row (side, symmetry, variant) runs ``sudoku_core.generate.generation`` for seeds ``1..--seeds`` (the
generator's own work, no bank) and stops a seed once it has spent ``--cap`` seconds of this process's CPU
(``time.process_time``: other load on the machine does not count against it). It prints the median, 95th
percentile and longest CPU time per puzzle (a seed that gave up counts as the cap), how many were found, and
the re-verification of every puzzle found: unique by the DLX engine (the dig proves uniqueness with the
backtracker), its level re-rated from scratch by ``sudoku_core.rate.rate`` (Extreme), and its pattern of
givens of the symmetry asked for. Needs no data files.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sudoku_core.generate import SYMMETRIES, Generated, generation, is_symmetric  # noqa: E402
from sudoku_core.rate import rate  # noqa: E402
from sudoku_core.solvers import engine  # noqa: E402
from sudoku_core.work import run  # noqa: E402

#: Without --rows: 9x9 classic in every symmetry the page offers, the variants in rot180 (the dialog's
#: default) and dihedral, and 12x12 and 16x16 classic.
DEFAULT_ROWS = ([(9, s, "classic") for s in SYMMETRIES]
                + [(9, s, v) for v in ("x", "windoku", "jigsaw") for s in ("rot180", "dihedral")]
                + [(12, "rot180", "classic"), (12, "dihedral", "classic"), (16, "rot180", "classic"),
                   (16, "none", "classic")])


class _Cap(Exception):
    """The seed spent its CPU cap."""


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))]


def verify(g: Generated, symmetry: str) -> list[str]:
    """What is wrong with a generated Extreme (nothing: an empty list)."""
    wrong = []
    puzzle = g.puzzle
    search = engine("dlx")(puzzle.geometry, list(puzzle.cells), 2, None)
    if search.gave_up or search.solutions != [list(g.solution.cells)]:
        wrong.append(f"not unique by DLX ({len(search.solutions)} solutions, gave up: {search.gave_up})")
    level = rate(puzzle).level
    if level != "extreme":
        wrong.append(f"re-rated {level}")
    if not is_symmetric(puzzle.geometry, puzzle.cells, symmetry):
        wrong.append(f"pattern not {symmetry}")
    return wrong


def one(size: int, symmetry: str, variant: str, seed: int, cap: float) -> tuple[float, Generated | None]:
    start = time.process_time()

    def tick(_report: object) -> None:
        if time.process_time() - start > cap:
            raise _Cap

    work = generation(size, "extreme", symmetry, seed=seed, variant=variant)
    try:
        g = run(work, tick)
    except _Cap:
        work.close()
        return cap, None
    return time.process_time() - start, g


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=10, help="seeds 1..N per row (default 10)")
    ap.add_argument("--cap", type=float, default=30.0, help="CPU seconds a seed may spend (default 30)")
    ap.add_argument("--rows", default=None, help="comma-separated SIDE:SYMMETRY[:VARIANT] (default: every row)")
    args = ap.parse_args()
    rows = DEFAULT_ROWS
    if args.rows:
        rows = []
        for spec in args.rows.split(","):
            parts = spec.split(":")
            rows.append((int(parts[0]), parts[1], parts[2] if len(parts) > 2 else "classic"))
    print(f"python {sys.version.split()[0]}, Extreme, seeds 1..{args.seeds}, cap {args.cap:.0f} s of CPU per seed "
          "(a seed that gave up counts as the cap)")
    bad = 0
    for size, symmetry, variant in rows:
        times, found, verified, givens = [], 0, 0, []
        for seed in range(1, args.seeds + 1):
            cpu, g = one(size, symmetry, variant, seed, args.cap)
            times.append(cpu)
            if g is None:
                continue
            found += 1
            givens.append(g.puzzle.givens)
            wrong = verify(g, symmetry)
            if wrong:
                bad += 1
                print(f"  FAILED {size}x{size} {variant} {symmetry} seed {seed}: {'; '.join(wrong)}: "
                      f"{g.puzzle.to_line()}", file=sys.stderr)
            else:
                verified += 1
        print(f"{size:>2}x{size:<2} {variant:8} {symmetry:13} cpu median {statistics.median(times):6.2f} s  "
              f"p95 {p95(times):6.2f}  max {max(times):6.2f}  found {found}/{len(times)}  verified {verified}/{found}"
              f"  givens {statistics.median(givens) if givens else 0:5.1f}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
