"""Every step at a position (``sudoku_core.hint.all_steps_work``, the page's "All steps here"): how long the
whole search takes (median, p95, max), the longest unit of work (the gap between two yields: how long a
Cancel can wait beyond its slice), and the techniques that cost most, on the first puzzles of some sets of
tests/data/samples. Times are CPU time of this process (``time.process_time``), so that other load on a
shared machine does not inflate them.

    python bench/all_steps_bench.py [--count 10] [--at start|mid] [--sets easy diabolical forum_hardest 16x16]
        [--top 3]

``--at mid``: the position halfway along the puzzle's logic path (the digits placed so far, the candidates
worked out from them), where a player is more likely to ask. Prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sudoku_core import parse
from sudoku_core.candidates import State
from sudoku_core.hint import all_steps_work
from sudoku_core.rate import next_step
from sudoku_core.step import apply_step

SAMPLES = Path(__file__).resolve().parents[1] / "tests" / "data" / "samples"
SETS = {"easy": "qqwing_easy.txt", "expert": "qqwing_expert.txt",
        "diabolical": "sudokuexchange_diabolical_se5plus.txt", "forum_hardest": "tdoku_forum_hardest_1106.txt",
        "16x16": "sixteen_by_sixteen_owhy_100.txt"}


def puzzles(name: str, count: int) -> list[str]:
    out = []
    for line in (SAMPLES / SETS[name]).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.split()[0])
        if len(out) == count:
            break
    return out


def halfway(text: str) -> list[int]:
    """The entries of the position halfway along the logic path."""
    p = parse(text)
    state, path = State.from_puzzle(p, unique=True), []
    while not all(state.values) and (step := next_step(state)) is not None:
        apply_step(state, step)
        path.append(step)
    state = State.from_puzzle(p, unique=True)
    for step in path[: len(path) // 2]:
        apply_step(state, step)
    return [v if not g else 0 for v, g in zip(state.values, p.cells, strict=True)]


#: The end of the work (its answer), told apart from the None the uniqueness check yields.
END = object()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--at", choices=("start", "mid"), default="start")
    ap.add_argument("--sets", nargs="+", choices=list(SETS), default=["easy", "diabolical", "forum_hardest"])
    ap.add_argument("--top", type=int, default=3, help="how many of the costliest techniques to name (mean per puzzle)")
    args = ap.parse_args()
    for name in args.sets:
        totals, longest, per = [], [], defaultdict(float)
        for text in puzzles(name, args.count):
            entered = halfway(text) if args.at == "mid" else None
            work = all_steps_work(text, entered, langs=("en",))
            start = last_at = time.process_time()
            worst, tech = 0.0, None
            while True:
                try:
                    report = next(work)
                except StopIteration:
                    report = END
                now = time.process_time()
                if tech is not None:
                    per[tech] += now - last_at
                worst, last_at = max(worst, now - last_at), now
                if report is END:
                    break
                # None: a pause inside the uniqueness check, which comes first (it used to end this loop,
                # so that figures taken since the check began to pause measured only the check).
                tech = "uniqueness check" if report is None else report["technique"]
            totals.append(now - start)
            longest.append(worst)
        top = sorted(per.items(), key=lambda kv: -kv[1])[:args.top]
        p95 = sorted(totals)[round(0.95 * (len(totals) - 1))]
        print(f"{name} ({args.at}, {len(totals)} puzzles): median {statistics.median(totals) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms, max {max(totals) * 1000:.0f} ms; "
              f"longest unit median {statistics.median(longest) * 1000:.0f} ms, "
              f"max {max(longest) * 1000:.0f} ms; most time: "
              + ", ".join(f"{t} {s / len(totals) * 1000:.0f} ms" for t, s in top))


if __name__ == "__main__":
    main()
