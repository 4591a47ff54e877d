"""How the Killer techniques and the cage-aware rectangles move the levels of generated Killers.

    python bench/killer_levels.py [--seeds 20]

Killers generated without a level (seeds 0..``--seeds``-1, without and with givens; their cages and
givens do not depend on the rater) are rated twice: with the Killer set of the table before the
multi-house 45 rule, cage splitting, cage pointing/claiming and the cage-aware uniqueness rectangles,
and with today's set. Prints the level counts of both and the seeds whose level moved.

    python bench/killer_levels.py --generate [--levels medium expert] [--givens no yes] [--seeds 20]
                                  [--cpu-cap 30] [--symmetries rot180 dihedral ...] [--minimal no yes]

times instead a Killer made for each level (seeds 1..``--seeds``; without givens symmetry none, with
givens rot180, as the New game dialog asks by default; ``--symmetries`` and ``--minimal`` time the other
patterns of givens and minimal Killers the dialog offers), in CPU seconds of this process (time.process_time: the
machine is shared), a generation stopped after ``--cpu-cap`` s. Every puzzle made is counted to two
solutions by both engines (backtrack and DLX) and rated again from scratch; "found" counts those that
are unique by both and re-rate at the level asked (and minimal ones: every given group needed, DLX counting
two without it). Prints median, p95 and longest beside the figures
measured before issue 33 (generator version 8, same seeds and cap) where there are some. Since generator
version 12 an Expert (and an Extreme without givens) starts from sudoku_core/killers.py's catalogue, so this
times that; ``bench/find_killers.py`` times the search that made the catalogue.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sudoku_core.generate import LEVELS, SYMMETRIES, GenerationError, generate, is_symmetric, symmetry_groups
from sudoku_core.puzzle import Puzzle
from sudoku_core.rate import rate
from sudoku_core.solvers import engine
from sudoku_core.techniques import for_variant

NEW = {"cage_pointing", "cage_claiming", "cage_split", "rule_45_lines", "cage_filling", "rule_45_blocks"}


#: CPU seconds measured before issue 33 (generator version 8, the tree at 4215058) by ``--generate``'s
#: code on the shared machine, seeds 1-7 with a 60 s cap: (median, p95, longest, found, seeds). Printed
#: beside today's figures.
BEFORE = {("expert", False): (22.24, 56.33, 56.33, "7/7", 7)}


def p95(times: list[float]) -> float:
    """The 95th percentile of ``times`` (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def made(level: str, givens: bool, seed: int, cap: float, symmetry: str = "rot180",
         minimal: bool = False) -> tuple[float, str, bool]:
    """CPU seconds to make one Killer for ``level`` (with givens, of a ``symmetry`` pattern, ``minimal`` or
    not), what came of it, and whether it counts as found (unique by both engines, re-rated at ``level``,
    and with givens: some givens, of the pattern asked for)."""
    start = time.process_time()
    try:
        g = generate(9, level=level, seed=seed, variant="killer", givens=givens, minimal=minimal and givens,
                     symmetry=symmetry if givens else "none", deadline=10.0 ** 9,
                     progress=lambda _: time.process_time() - start > cap)
    except GenerationError as exc:  # GenerationStopped too: the cap was spent
        return time.process_time() - start, f"stopped ({type(exc).__name__})", False
    spent = time.process_time() - start
    p = g.puzzle
    counts = [len(engine(m)(p.geometry, list(p.cells), 2, None).solutions) for m in ("backtrack", "dlx")]
    again = rate(p, unique=counts == [1, 1]).level
    kept = sum(1 for v in p.cells if v)
    pattern = not givens or (kept > 0 and is_symmetric(p.geometry, p.cells, symmetry))
    least = not (minimal and givens) or needed(p, symmetry)
    ok = counts == [1, 1] and again == level and pattern and least
    what = f"{g.level}, re-rated {again}, solutions {counts}, {kept} givens"
    return spent, what + (f", minimal {least}" if minimal and givens else ""), ok


def needed(p: Puzzle, symmetry: str) -> bool:
    """Whether every given group of ``symmetry`` in ``p`` is needed: without it, DLX (the engine the generator
    does not prove a Killer's dig with) counts two solutions, with no node limit."""
    for group in symmetry_groups(p.geometry, symmetry):
        if all(p.cells[c] for c in group):
            trial = list(p.cells)
            for c in group:
                trial[c] = 0
            if len(engine("dlx")(p.geometry, trial, 2, None).solutions) < 2:
                return False
    return True


def timing(levels: list[str], givens: list[bool], seeds: int, cap: float,
           symmetries: list[str] | None = None, minimal: list[bool] | None = None) -> None:
    cells = [(False, "none", False)] if False in givens else []
    cells += [(True, s, m) for m in (minimal or [False]) for s in (symmetries or ["rot180"])] if True in givens else []
    for keep, symmetry, least in cells:
        for level in levels:
            if level == LEVELS[0] and not keep:
                continue  # refused: a Killer without givens needs cage logic from its first step
            if level == LEVELS[0] and least:
                print(f"{level:7} givens={symmetry} minimal: refused (no minimal easy Killer, docs/variants.md)")
                continue
            runs = []
            for seed in range(1, seeds + 1):  # each printed when made: a slow choice shows its progress
                runs.append(made(level, keep, seed, cap, symmetry, least))
                print(f"  seed {seed}: {runs[-1][0]:6.2f} s  {runs[-1][1]}", flush=True)
            times = [r[0] for r in runs]
            kind = f"givens={symmetry}{' minimal' if least else ''}" if keep else "givens=no"
            line = (f"{level:7} {kind:24}  median {statistics.median(times):6.2f} s  "
                    f"p95 {p95(times):6.2f} s  longest {max(times):6.2f} s  found {sum(r[2] for r in runs)}/{seeds}")
            if (level, keep) in BEFORE and symmetry in ("rot180", "none") and not least:
                m, p, top, found, n = BEFORE[level, keep]
                line += f"   (before: median {m} s, p95 {p} s, longest {top} s, found {found}, {n} seeds)"
            print(line, flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--generate", action="store_true", help="time Killers made for a level instead")
    ap.add_argument("--levels", nargs="+", default=["medium", "hard", "expert"], choices=LEVELS)
    ap.add_argument("--givens", nargs="+", default=["no", "yes"], choices=["no", "yes"])
    ap.add_argument("--cpu-cap", type=float, default=30.0)
    ap.add_argument("--symmetries", nargs="+", default=["rot180"], choices=SYMMETRIES,
                    help="patterns of the givens (with givens)")
    ap.add_argument("--minimal", nargs="+", default=["no"], choices=["no", "yes"], help="minimal (with givens)")
    args = ap.parse_args()
    if args.generate:
        timing(args.levels, [g == "yes" for g in args.givens], args.seeds, args.cpu_cap, args.symmetries,
               [m == "yes" for m in args.minimal])
        return 0
    now = [t.id for t in for_variant("killer")]
    before = [t for t in now if t not in NEW and not t.startswith(("unique_rectangle", "hidden_rectangle"))]
    for givens in (False, True):
        counts: dict[str, Counter] = {"before": Counter(), "now": Counter()}
        moved = []
        for seed in range(args.seeds):
            p = generate(9, seed=seed, variant="killer", givens=givens).puzzle
            a, b = rate(p, before, unique=True), rate(p, now, unique=True)
            counts["before"][a.level] += 1
            counts["now"][b.level] += 1
            if (a.level, a.score) != (b.level, b.score):
                moved.append(f"{seed}: {a.level} {a.score} -> {b.level} {b.score}")
        print(f"givens={givens}: before {dict(counts['before'])}; now {dict(counts['now'])}")
        print("  moved: " + "; ".join(moved))
    return 0


if __name__ == "__main__":
    sys.exit(main())
