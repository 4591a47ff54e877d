"""Coverage, rating time and soundness of the logic solver on a hard puzzle set (not a test: a tool).

For ``COUNT`` puzzles spread evenly over the file, the logic solver runs step by step as :func:`rate`
does; every step of the chain, ALS and forcing techniques is checked against the unique solution.
Prints the number solved without guessing, the CPU time per puzzle (median, mean, max; CPU time so
that a busy machine does not skew it) and the steps checked and wrong.

Run from the repository root::

    python3 tests/data/chains/bench_rate.py tdoku_magictour_top1465.txt 100
    python3 tests/data/chains/bench_rate.py tdoku_forum_hardest_1106.txt 25
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from shared_data import DATA, need  # noqa: E402

from sudoku_core import parse, solve  # noqa: E402
from sudoku_core.candidates import State  # noqa: E402
from sudoku_core.rate import next_step  # noqa: E402
from sudoku_core.step import apply_step  # noqa: E402

CHECKED = {"remote_pair", "x_chain", "xy_chain", "nice_loop", "aic", "grouped_nice_loop", "grouped_aic",
           "sue_de_coq", "als_xz", "als_xy_wing", "cell_forcing_chain", "unit_forcing_chain",
           "digit_forcing_chain", "forcing_net"}


def main() -> None:
    name, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100
    need(name)
    lines = (DATA / name).read_text().split()
    sample = lines[:: max(1, len(lines) // count)][:count]
    times, solved, checked, wrong, used = [], 0, 0, 0, Counter()
    for puzzle in sample:
        sol = [int(ch) for ch in solve(puzzle, limit=2).solutions[0]]
        state = State.from_puzzle(parse(puzzle))
        cpu = 0.0
        while not state.solved():
            t = time.process_time()
            step = next_step(state)
            cpu += time.process_time() - t
            if step is None:
                break
            if step.technique in CHECKED:
                used[step.technique] += 1
                checked += 1
                bad = ([x for x in step.placements if sol[x[0]] != x[1]]
                       + [x for x in step.eliminations if sol[x[0]] == x[1]])
                if bad:
                    wrong += 1
                    print("WRONG", puzzle, step.technique, step.variant, bad)
            apply_step(state, step)
        times.append(cpu)
        solved += state.solved()
    print(f"{name}: solved without guessing {solved}/{len(sample)}; CPU s per puzzle median "
          f"{statistics.median(times):.3f} mean {statistics.mean(times):.3f} max {max(times):.3f}; "
          f"steps checked {checked}, wrong {wrong}")
    print(dict(used.most_common()))


if __name__ == "__main__":
    main()
