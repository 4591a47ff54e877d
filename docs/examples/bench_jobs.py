"""Throughput of ``sudoku-core rate`` and ``generate`` with ``--jobs 1`` and ``--jobs N``: the figures in
docs/batch.md. Runs each case REPEATS times, the job counts interleaved (so a change in the machine's load
hits both alike), and prints the median puzzles per second, the ratio, and the load average seen.

    python docs/examples/bench_jobs.py [DATA_DIR] [REPEATS]     # DATA_DIR default ../shared/data

Reads the public puzzle sets (not in the repository): 2,000 lines of qqwing_expert.txt and 300 of
tdoku_magictour_top1465.txt; generates 200 puzzles with a seed.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def timed(args: list[str]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "sudoku_core", *args, "--no-progress"], capture_output=True,
                         text=True, cwd=ROOT, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def main() -> None:
    data = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT.parent / "shared" / "data")
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    jobs = os.cpu_count() or 1
    tmp = Path(tempfile.mkdtemp())
    cases = []
    for name, count in (("qqwing_expert.txt", 2000), ("tdoku_magictour_top1465.txt", 300)):
        lines = [x for x in (data / name).read_text().split("\n") if x.strip()][:count]
        (tmp / name).write_text("\n".join(lines) + "\n")
        cases.append((f"rate {count} of {name}", ["rate", str(tmp / name)], count))
    cases.append(("generate 200 9x9 (--seed bench)", ["generate", "-n", "200", "--seed", "bench"], 200))
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, Python {sys.version.split()[0]}, "
          f"{jobs} cores, {repeats} runs each, medians")
    for label, args, count in cases:
        walls: dict[int, list[float]] = {1: [], jobs: []}
        cpus: dict[int, list[float]] = {1: [], jobs: []}
        loads, outs = [], set()
        for _ in range(repeats):
            for n in (1, jobs):
                loads.append(os.getloadavg()[0])
                wall, cpu, out = timed([*args, "--jobs", str(n)])
                walls[n].append(wall)
                cpus[n].append(cpu)
                outs.add(out)
        one, many = statistics.median(walls[1]), statistics.median(walls[jobs])
        print(f"{label}: --jobs 1 {count / one:.1f}/s ({one:.1f} s), --jobs {jobs} {count / many:.1f}/s "
              f"({many:.1f} s), ratio x{one / many:.2f}; CPU s {statistics.median(cpus[1]):.1f} vs "
              f"{statistics.median(cpus[jobs]):.1f}; load average {min(loads):.1f}-{max(loads):.1f}; "
              f"outputs identical: {len(outs) == 1}")


if __name__ == "__main__":
    main()
