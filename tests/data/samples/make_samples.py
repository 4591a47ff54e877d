"""Rebuild the small puzzle samples in this folder from the full public sets (not a test: a tool).

The tests read only these samples, so a clone needs nothing beside it. Each sample keeps the name of
the file it comes from in the shared data folder (``../shared/data`` beside the repository, or the
folder given as the first argument) and holds the lines listed in ``PICKS`` below, in file order.
``spread(k)`` is ``k`` lines spread evenly over the file (line ``i * n // k`` for ``i < k``), the
sampling the tests used when they read the full sets. Run from the repository root::

    python3 tests/data/samples/make_samples.py [DATA_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parents[3] / "shared" / "data"


def spread(k: int):
    return lambda n: [i * n // k for i in range(k)]


#: file name -> the 0-based line numbers kept (a function of the file's length, or a fixed list).
PICKS = {
    "qqwing_simple.txt": spread(30),
    "qqwing_easy.txt": spread(30),
    "qqwing_intermediate.txt": spread(30),
    "qqwing_expert.txt": spread(50),
    "sudokuexchange_diabolical_se5plus.txt": spread(50),
    "tdoku_magictour_top1465.txt": spread(40),
    # 0, 125, 250: the chain sweep's sample; 187: the rate sweep's; 15, 30, 200: named by the forcing tests.
    "tdoku_forum_hardest_1106.txt": lambda n: [0, 15, 30, 125, 187, 200, 250],
    "tdoku_serg_benchmark.txt": spread(10),
    "tdoku_17_clue.txt": spread(10),
    "sixteen_by_sixteen_owhy_100.txt": spread(3),
}


def main(argv: list[str]) -> int:
    data = Path(argv[0]) if argv else DEFAULT_DATA
    if not data.is_dir():
        print(f"make_samples: the full puzzle sets are not at {data}; pass their folder as the argument",
              file=sys.stderr)
        return 2
    for name, pick in PICKS.items():
        lines = (data / name).read_text().split()
        kept = sorted(set(pick(len(lines))))
        (HERE / name).write_text("".join(lines[i] + "\n" for i in kept))
        print(f"{name}: {len(kept)} of {len(lines)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
