"""The sampled sweeps of the test suite, run in full: every puzzle, every seed, every position.

    python bench/exhaustive_tests.py [pytest arguments...]

The test command keeps each sweep to a fixed, seeded sample (``support.sample`` in tests/support.py) so
that the suite runs in minutes; the sweeps are marked ``slow``. This script runs those tests again with
``SUDOKU_EXHAUSTIVE=1``, which turns every sample back into the whole set, on every core, and prints
each test's time (pytest's ``--durations``) and the total. Extra arguments go to pytest (``-k chains``
for one family, ``-n 0`` for one process). It takes tens of minutes; it asserts what the tests assert.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    command = [sys.executable, "-m", "pytest", "-p", "no:playwright", "-p", "no:cacheprovider", "-m", "slow",
               "-n", "auto", "--durations=0", "-q", *argv]
    started = time.perf_counter()
    before = os.times()
    status = subprocess.call(command, cwd=REPO, env={**os.environ, "SUDOKU_EXHAUSTIVE": "1"})
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    print(f"exhaustive sweeps: {time.perf_counter() - started:.0f} s wall, {cpu:.0f} s CPU, pytest exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
