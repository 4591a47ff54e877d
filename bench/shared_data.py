"""Where the benchmarks find the full public puzzle sets, which are not part of the repository.

They are read from ``../shared/data`` beside the repository, or from the folder ``$SUDOKU_DATA`` names
(the same places as ``sudoku-core bench``). The tests never need them: they read the small samples in
``tests/data/samples``. A benchmark run without the full sets stops with a message saying so.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("SUDOKU_DATA") or REPO.parent / "shared" / "data")


def need(*files: str | Path) -> None:
    """Exit with a clear message unless every one of ``files`` (names in :data:`DATA`, or paths) exists."""
    missing = [str(DATA / f) for f in files if not (DATA / f).is_file()]
    if missing:
        sys.exit(f"{Path(sys.argv[0]).name}: the full puzzle sets are missing ({', '.join(missing)} not found).\n"
                 f"They are not part of the repository: put them in {REPO.parent / 'shared' / 'data'} or set "
                 "SUDOKU_DATA to their folder. (The tests need only tests/data/samples.)")
