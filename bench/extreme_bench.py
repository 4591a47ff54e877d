"""Benchmark: live Extreme generation per symmetry, size and variant, every puzzle re-verified. Prints; exits 1
if a puzzle fails its re-verification.

    python bench/extreme_bench.py [--seeds 10] [--cap 30] [--rows 9:none,9:dihedral,12:rot180,9:rot180:x]

Each row (side, symmetry, variant) runs ``sudoku_core.generate.generation`` for seeds ``1..--seeds`` (the
generator's own work, no bank) and stops a seed once it has spent ``--cap`` seconds of this process's CPU
(``time.process_time``: other load on the machine does not count against it). It prints the median, 95th
percentile and longest CPU time per puzzle (a seed that gave up counts as the cap), how many were found, and
the re-verification of every puzzle found: unique by backtracking, its level re-rated from scratch by
``sudoku_core.rate.rate`` (Extreme), and its pattern of givens of the symmetry asked for. Needs no data
files. ``--variety`` prints instead how many puzzles each (size, variant, symmetry) can give: the catalogue
entries it may start from, and the distinct puzzles up to relabelling the digits (line orders times the
square's maps that differ by more than a line order).

Figures, 2026-11-28, CPython 3.11.7, CPU seconds per puzzle, median / p95 (load average 19-28 on the 2
cores: CPU time, not wall), every puzzle verified (unique by DLX, re-rated Extreme, of its symmetry):

  GENERATOR_VERSION 10 (before), 9x9 seeds 1-10: classic, every symmetry, 0.16-0.24 / 0.22-0.33 (one dihedral
  entry served rot90 and dihedral: 96 puzzles up to relabelling); X 0.12-0.65 / 0.40-0.98; Windoku
  0.16-0.39 / 0.22-0.75; Jigsaw 0.25-0.31 / 0.41-1.19. 12x12 rot180 0.58 / 1.05 (seeds 1-5); 12x12 and 16x16
  of any other symmetry were dug live: 12x12 dihedral 1.6, 3.9, 5.5 s, 16x16 dihedral 5.7, 6.7, 14.8 s for
  the three seeds find_extremes.py --method dig ran (the same dig); in Chromium (at load 2.3) 9x9 dihedral
  33.9 s and 12x12 13.7 s median.
  GENERATOR_VERSION 11 (after): 9x9 classic, every symmetry, 0.17-0.22 / 0.22-0.35; X 0.13-0.69 / 0.31-0.83;
  12x12, every symmetry (seeds 1-5), 0.56-1.15 / 0.62-1.29.
  Carried ratings (2026-11-29, load average 25-37; the entry's rating handed out, not rated again): 9x9 every
  variant and symmetry 0.01-0.03 / 0.01-0.04; 12x12 0.01 / 0.01-0.04; 16x16 every symmetry 0.02-0.04 /
  0.03-0.44 (before: 2.23-4.53 / 2.85-5.17). Of 215 results re-rated, the level moved in none, the hardest step
  in none, the score in 53 (by 0.60 at most, within Extreme): docs/notes/extreme.md, "Carried ratings".

Each puzzle is counted by backtracking (the generator counts with DLX) and re-rated by ``rate`` from scratch;
its score or hardest step differing from the carried rating is printed as "moved" (not a failure: the rater
may take another path through the disguised puzzle), its level differing is a failure. ``--catalogue`` rates
every catalogue entry against ``extremes.RATINGS`` instead (``--print``: write ``RATINGS`` anew).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sudoku_core.extremes import EXTREMES, RATINGS  # noqa: E402
from sudoku_core.formats import parse  # noqa: E402
from sudoku_core.generate import (  # noqa: E402
    LINE_ORDERS,
    SYMMETRIES,
    X_LINE_ORDERS,
    Generated,
    _dihedral,
    _fills_orbits,
    _moved,
    generation,
    is_symmetric,
    square_maps,
    symmetry_groups,
    variant_techniques,
)
from sudoku_core.grid import variant_geometry  # noqa: E402
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


def verify(g: Generated, symmetry: str) -> tuple[list[str], list[str], float]:
    """What is wrong with a generated Extreme (nothing: an empty list), what of its rating moved when it was
    rated again (the carried rating's score or hardest step: reported, not wrong), and the CPU seconds the
    rating took. Unique by backtracking (the generator counts with DLX), rated from scratch by
    ``sudoku_core.rate.rate`` (it proves uniqueness itself), and of the symmetry asked for."""
    wrong, moved = [], []
    puzzle = g.puzzle
    search = engine("backtrack")(puzzle.geometry, list(puzzle.cells), 2, None)
    if search.gave_up or search.solutions != [list(g.solution.cells)]:
        wrong.append(f"not unique by backtracking ({len(search.solutions)} solutions, gave up: {search.gave_up})")
    start = time.process_time()
    rating = rate(puzzle)
    cpu = time.process_time() - start
    if rating.level != "extreme" or rating.level != g.level:
        wrong.append(f"re-rated {rating.level}, handed out as {g.level}")
    if rating.score != g.score:
        moved.append(f"score {g.score} -> {rating.score}")
    if rating.hardest != g.hardest:
        moved.append(f"hardest {g.hardest} -> {rating.hardest}")
    if not is_symmetric(puzzle.geometry, puzzle.cells, symmetry):
        wrong.append(f"pattern not {symmetry}")
    return wrong, moved, cpu


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


# --- variety: how many distinct puzzles the catalogue can give per (size, variant, symmetry) -----------------

def _reflecting(count: int) -> int:
    """How many orders of ``count`` items commute with reversing them (generate._reflecting_order)."""
    return math.factorial(count // 2) * 2 ** (count // 2)


def _line_orders(kind: str, groups: int, size: int) -> int:
    """How many line orders of one kind (LINE_ORDERS: "free" or "sym") there are."""
    if kind == "free":
        return math.factorial(groups) * math.factorial(size) ** groups
    return _reflecting(groups) * math.factorial(size) ** (groups // 2) * (_reflecting(size) if groups % 2 else 1)


def _refined_orders(n: int, br: int, bc: int, symmetric: bool) -> int:
    """How many orders ``generate._refined_lines`` draws from (lines kept among their band's and stack's)."""
    blocks: dict[tuple[int, int], int] = {}
    for i in range(n):
        blocks[(i // br, i // bc)] = blocks.get((i // br, i // bc), 0) + 1
    if not symmetric:
        return math.prod(math.factorial(k) for k in blocks.values())
    firsts = {key: min(i for i in range(n) if (i // br, i // bc) == key) for key in blocks}
    total = 1
    for key, k in blocks.items():
        first, last = firsts[key], firsts[key] + k - 1
        if first < n - 1 - last:
            total *= math.factorial(k)
        elif first == n - 1 - last:
            total *= _reflecting(k)
    return total


def _allowed(kind: str, perm: list[int], size: int) -> bool:
    """Whether a line permutation is one of ``kind``'s orders (bands kept whole; "sym": commutes with reversal)."""
    m = len(perm) - 1
    bands_whole = all(perm[i] // size == perm[i - i % size] // size for i in range(len(perm)))
    return bands_whole and (kind == "free" or all(perm[m - i] == m - perm[i] for i in range(len(perm))))


def _as_lines(n: int, k: int) -> tuple[list[int], list[int]] | None:
    """Square map ``k`` as (rows, cols) with cell (r, c) taken from (rows[r], cols[c]), or None (a transposition)."""
    inverse = {_dihedral(n, k, r, c): (r, c) for r in range(n) for c in range(n)}
    rows = [inverse[(r, 0)][0] for r in range(n)]
    cols = [inverse[(0, c)][1] for c in range(n)]
    ok = all(inverse[(r, c)] == (rows[r], cols[c]) for r in range(n) for c in range(n))
    return (rows, cols) if ok else None


def _kinds(geo, symmetry: str) -> tuple[str, str] | None:
    """The line orders ``transformed`` draws from for ``symmetry`` on ``geo`` (None: it reorders no lines)."""
    return LINE_ORDERS[symmetry] if geo.variant == "classic" else X_LINE_ORDERS if geo.variant == "x" else None


def _in_orders(geo, symmetry: str, k: int) -> bool:
    """Whether square map ``k`` is itself one of the line orders ``transformed`` may draw for ``symmetry``."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    lines = _as_lines(n, k)
    kinds = _kinds(geo, symmetry)
    if lines is None or kinds is None:
        return False
    rows, cols = lines
    row_kind, col_kind = kinds
    if col_kind in ("same", "anti") and br != bc:
        same_block = all(r // br == i // br and r // bc == i // bc for i, r in enumerate(rows))
        return same_block and (row_kind == "free" or all(rows[n - 1 - i] == n - 1 - rows[i] for i in range(n))) and (
            cols == rows if col_kind == "same" else cols == [n - 1 - x for x in reversed(rows)])
    if not _allowed(row_kind, rows, br):
        return False
    if col_kind == "same":
        return cols == rows
    if col_kind == "anti":
        return cols == [n - 1 - x for x in reversed(rows)]
    return _allowed(col_kind, cols, bc)


def _compose(n: int, a: int, b: int) -> int:
    """The square map ``k`` equal to ``a`` after ``b`` (both :func:`_dihedral` indices)."""
    probe = [(0, 1), (1, 0), (2, 3)]
    want = [_dihedral(n, a, *_dihedral(n, b, r, c)) for r, c in probe]
    return next(k for k in range(8) if [_dihedral(n, k, r, c) for r, c in probe] == want)


def variety(size: int, variant: str, symmetry: str) -> tuple[int, int, int]:
    """(usable entries, distinct puzzles up to relabelling, relabellings per puzzle) the catalogue gives for one
    request: per entry, the line orders allowed times the square maps it may take that give different
    arrangements (two maps differing by a line order give the same ones). A puzzle with an automorphism
    gives fewer; such puzzles are rare."""
    geo = variant_geometry(size, variant) if variant != "jigsaw" else variant_geometry(size, "classic")
    key = str(size) if variant == "classic" else f"{size}|{variant}"
    groups = symmetry_groups(geo, symmetry)
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    kinds = _kinds(geo, symmetry)
    row_kind, col_kind = kinds or ("free", "free")
    if kinds is None:
        orders = 1
    elif col_kind in ("same", "anti") and br != bc:
        orders = _refined_orders(n, br, bc, row_kind == "sym")
    elif col_kind in ("same", "anti"):
        orders = _line_orders(row_kind, n // br, br)
    else:
        orders = _line_orders(row_kind, n // br, br) * _line_orders(col_kind, n // bc, bc)
    entries = total = 0
    for line in EXTREMES.get(key, ()):
        puzzle = parse(line)
        entry_geo = puzzle.geometry
        ks = [k for k in square_maps(entry_geo) if _fills_orbits(_moved(entry_geo, puzzle.cells, k), groups)]
        if not ks:
            continue
        entries += 1
        inverse = {k: next(j for j in range(8) if _compose(n, j, k) == 0) for k in range(8)}
        reps: list[int] = []
        for k in ks:
            if not any(_in_orders(geo, symmetry, _compose(n, k, inverse[j])) for j in reps):
                reps.append(k)
        total += orders * len(reps)
    return entries, total, math.factorial(n)


def print_variety() -> None:
    print("variety: (size, variant, symmetry): catalogue entries it may start from; distinct puzzles up to "
          "relabelling the digits (then times n! relabellings)")
    for key in EXTREMES:
        side, _, variant = key.partition("|")
        for symmetry in SYMMETRIES:
            entries, total, labels = variety(int(side), variant or "classic", symmetry)
            print(f"  {side:>2}x{side:<2} {variant or 'classic':8} {symmetry:13} entries {entries:3}  puzzles "
                  f"{total:>14,} (x {labels:,} relabellings)")


# --- the catalogue's carried ratings --------------------------------------------------------------------------

def catalogue(write: bool) -> int:
    """Rate every catalogue entry as the generator did before it carried ratings (the variant's techniques,
    uniqueness known) and compare with ``extremes.RATINGS``; with ``write``, print ``RATINGS`` anew instead."""
    rated: dict[str, list[tuple[float, str]]] = {}
    wrong = 0
    for key, lines in EXTREMES.items():
        rated[key] = []
        for index, line in enumerate(lines):
            puzzle = parse(line)
            start = time.process_time()
            r = rate(puzzle, variant_techniques({}, puzzle.geometry.variant), unique=True)
            cpu = time.process_time() - start
            rated[key].append((r.score, r.hardest or ""))
            have = RATINGS.get(key, ())
            carried = have[index] if index < len(have) else None
            ok = r.level == "extreme" and carried == (r.score, r.hardest)
            wrong += not ok
            if not write:
                print(f"  {key:11} {index:3} {r.level} {r.score:7.3f} {r.hardest:28} {cpu:6.2f} s"
                      + ("" if ok else f"  MISMATCH (carried: {carried})"), flush=True)
    if write:
        print("RATINGS: dict[str, tuple[tuple[float, str], ...]] = {")
        for key, pairs in rated.items():
            print(f'    "{key}": (')
            for i in range(0, len(pairs), 3):
                print("        " + " ".join(f'({score!r}, "{hardest}"),' for score, hardest in pairs[i:i + 3]))
            print("    ),")
        print("}")
        return 0
    print(f"entries whose rating is not the carried one (or not Extreme): {wrong}")
    return 1 if wrong else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=10, help="seeds 1..N per row (default 10)")
    ap.add_argument("--cap", type=float, default=30.0, help="CPU seconds a seed may spend (default 30)")
    ap.add_argument("--rows", default=None, help="comma-separated SIDE:SYMMETRY[:VARIANT] (default: every row)")
    ap.add_argument("--variety", action="store_true", help="only print how many puzzles each request can give")
    ap.add_argument("--catalogue", action="store_true", help="only rate every catalogue entry against RATINGS")
    ap.add_argument("--print", action="store_true", help="with --catalogue: print RATINGS anew")
    args = ap.parse_args()
    if args.catalogue:
        return catalogue(args.print)
    if args.variety:
        print_variety()
        return 0
    rows = DEFAULT_ROWS
    if args.rows:
        rows = []
        for spec in args.rows.split(","):
            parts = spec.split(":")
            rows.append((int(parts[0]), parts[1], parts[2] if len(parts) > 2 else "classic"))
    print(f"python {sys.version.split()[0]}, Extreme, seeds 1..{args.seeds}, cap {args.cap:.0f} s of CPU per seed "
          "(a seed that gave up counts as the cap)")
    bad = 0
    moves = 0
    for size, symmetry, variant in rows:
        times, found, verified, givens, rerated, moved_here = [], 0, 0, [], [], 0
        for seed in range(1, args.seeds + 1):
            cpu, g = one(size, symmetry, variant, seed, args.cap)
            times.append(cpu)
            if g is None:
                continue
            found += 1
            givens.append(g.puzzle.givens)
            wrong, moved, rating_cpu = verify(g, symmetry)
            rerated.append(rating_cpu)
            if moved:
                moved_here += 1
                print(f"  moved {size}x{size} {variant} {symmetry} seed {seed}: {'; '.join(moved)}", file=sys.stderr)
            if wrong:
                bad += 1
                print(f"  FAILED {size}x{size} {variant} {symmetry} seed {seed}: {'; '.join(wrong)}: "
                      f"{g.puzzle.to_line()}", file=sys.stderr)
            else:
                verified += 1
        moves += moved_here
        print(f"{size:>2}x{size:<2} {variant:8} {symmetry:13} cpu median {statistics.median(times):6.2f} s  "
              f"p95 {p95(times):6.2f}  max {max(times):6.2f}  found {found}/{len(times)}  verified {verified}/{found}"
              f"  rating moved {moved_here}/{found}  givens {statistics.median(givens) if givens else 0:5.1f}"
              f"  (re-rating {statistics.median(rerated) if rerated else 0:5.2f} s)", flush=True)
    print(f"levels wrong: {bad}; score or hardest step moved on re-rating: {moves}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
