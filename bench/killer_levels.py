"""How the Killer techniques and the cage-aware rectangles move the levels of generated Killers.

    python bench/killer_levels.py [--seeds 20]

Killers generated without a level (seeds 0..``--seeds``-1, without and with givens; their cages and
givens do not depend on the rater) are rated twice: with the Killer set of the table before the
multi-house 45 rule, cage splitting, cage pointing/claiming and the cage-aware uniqueness rectangles,
and with today's set. Prints the level counts of both and the seeds whose level moved.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sudoku_core.generate import generate
from sudoku_core.rate import rate
from sudoku_core.techniques import for_variant

NEW = {"cage_pointing", "cage_claiming", "cage_split", "rule_45_lines", "cage_filling", "rule_45_blocks"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    args = ap.parse_args()
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
