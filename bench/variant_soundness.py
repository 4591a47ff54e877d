"""Soundness sweep of the logic techniques on X, Windoku, Jigsaw and Killer puzzles.

    python bench/variant_soundness.py [--seeds 4] [--variants x windoku jigsaw killer]

For every variant, 9x9 puzzles generated at every level (seeds 0..``--seeds``-1) are solved by the
rater; at every position of the path, every technique below the forcing chains is asked for up to five
steps, and every step (and every step of the path) is checked against the unique solution. Steps of the
techniques left out on the variant (``VARIANT_UNSAFE``) are counted apart: they show why they are left
out. Killers alternate without and with givens (an easy one always has givens). The steps of the
uniqueness techniques and of the Killer techniques are counted apart as well (``of which``). Prints one
line per variant; asserts nothing (tests/test_rate.py holds the test of record).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sudoku_core.candidates import State
from sudoku_core.generate import GenerationError, generate
from sudoku_core.rate import next_step
from sudoku_core.step import apply_step
from sudoku_core.techniques import LEVELS, TABLE, for_variant


def wrong(step, solution) -> bool:
    return any(solution[c] != d for c, d in step.placements) or any(solution[c] == d for c, d in step.eliminations)


def sweep(variant: str, seeds: int) -> str:
    safe = {t.id for t in for_variant(variant)}
    path = path_wrong = sound = sound_wrong = unsafe = 0
    bad: Counter = Counter()
    family: Counter = Counter()
    missed = 0
    start = time.perf_counter()
    for level in LEVELS:
        for seed in range(seeds):
            givens = variant == "killer" and (level == "easy" or seed % 2 == 1)
            try:
                g = generate(9, seed=seed, variant=variant, level=level, deadline=60, givens=givens)
            except GenerationError:
                missed += 1  # a Killer of that level is rare (extreme within a minute): nothing to sweep
                continue
            solution = g.solution.cells
            state = State.from_puzzle(g.puzzle, unique=True)
            while not state.solved():
                for tech in TABLE:
                    if tech.level == "extreme":
                        continue
                    for step in islice(tech.find(state), 5):
                        w = wrong(step, solution)
                        if tech.id in safe:
                            sound += 1
                            sound_wrong += w
                            kind = "uniqueness" if tech.uniqueness else tech.finder.split(":")[0]
                            if kind in ("uniqueness", "killer"):
                                family[kind, "steps"] += 1
                                family[kind, "wrong"] += w
                        else:
                            unsafe += 1
                            bad[tech.id] += w
                step = next_step(state)
                if step is None:
                    break
                path += 1
                path_wrong += wrong(step, solution)
                apply_step(state, step)
    left_out = {k: v for k, v in bad.most_common() if v}
    apart = ", ".join(f"{k} {family[k, 'steps']} wrong {family[k, 'wrong']}" for k in ("uniqueness", "killer")
                      if family[k, "steps"])
    return (f"{variant}: puzzles {len(LEVELS) * seeds - missed} ({missed} not generated in 60 s); path steps {path} "
            f"wrong {path_wrong}; steps of the sound "
            f"table {sound} wrong {sound_wrong} (of which {apart}); steps of the left-out techniques {unsafe} wrong "
            f"{sum(left_out.values())} {left_out}; {time.perf_counter() - start:.0f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--variants", nargs="+", default=["x", "windoku", "jigsaw", "killer"])
    args = ap.parse_args()
    for variant in args.variants:
        print(sweep(variant, args.seeds), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
