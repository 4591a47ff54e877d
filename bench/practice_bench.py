"""The Learn page's Practise games (issue 30) for every technique: what ``sudoku_core.lessons.practice`` asks the
generator for, how long the generator takes with a fixed seed, and whether the puzzle's rated path uses the
technique (and whether it is the hardest step, where the request was the technique itself).

    python bench/practice_bench.py [--seed 1] [--deadline 120] [--only skyscraper x_wing ...]

A level request (the singles) cannot promise the technique is in the path; the table says when it is, and
whether the technique's finder fires at some position along the path (there a Practise game's hint, which
prefers it, shows it). The techniques the generator cannot aim at (the Killer techniques, the forcing chains
and nets: ``sudoku_core.lessons.SHIPPED``) are practised on puzzles shipped in web/data/lesson-examples.json:
for those the table rates each shipped puzzle ("shipped k/n": how many take the technique). Prints figures
and asserts nothing (tests/test_lessons.py tests a seeded sample of the generated ones, and every shipped one).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sudoku_core import generate
from sudoku_core.candidates import State
from sudoku_core.lessons import SHIPPED, practice
from sudoku_core.rate import find_steps, logic_solve, rate
from sudoku_core.step import apply_step
from sudoku_core.techniques import TABLE

GAMES = json.loads((Path(__file__).resolve().parents[1] / "web" / "data" / "lesson-examples.json").read_text())[
    "practice"]


def fires_along_path(puzzle, technique: str) -> bool:
    """Whether the finder of ``technique`` fires at some position of the puzzle's logic path."""
    state = State.from_puzzle(puzzle, unique=True)
    path, _ = logic_solve(state.copy())
    for step in path:
        if next(iter(find_steps(state, (technique,))), None) is not None:
            return True
        apply_step(state, step)
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="1")
    ap.add_argument("--deadline", type=float, default=120.0)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    print(f"{'technique':26} {'asks':34} {'s':>7} {'tries':>5}  in path  fires  hardest")
    for t in TABLE:
        if args.only and t.id not in args.only:
            continue
        p = practice(t.id)
        trained = p.get("instead", t.id)
        if trained in SHIPPED:
            start = time.perf_counter()
            lines = GAMES[trained]
            took = sum(trained in {s.technique for s in rate(line).steps} for line in lines)
            print(f"{t.id:26} {'shipped ' + trained:34} {time.perf_counter() - start:7.1f} {len(lines):5}  "
                  f"shipped {took}/{len(lines)}", flush=True)
            continue
        opts = {k: v for k, v in p.items() if k != "instead"}
        if opts.get("variant") == "killer":
            opts["symmetry"] = "none"
        start = time.perf_counter()
        try:
            g = generate(**opts, seed=args.seed, deadline=args.deadline)
        except Exception as exc:
            print(f"{t.id:26} {opts!s:34} {time.perf_counter() - start:7.1f}  none: {exc}")
            continue
        seconds = time.perf_counter() - start
        r = rate(g.puzzle)
        used = trained in {s.technique for s in r.steps}
        fires = used or fires_along_path(g.puzzle, trained)
        print(f"{t.id:26} {opts!s:34} {seconds:7.1f} {g.attempts:5}  {'yes' if used else 'NO ':7}  "
              f"{'yes' if fires else 'NO ':5}  {r.hardest}", flush=True)


if __name__ == "__main__":
    main()
