"""The New game bank's exhaustive check: every entry of web/js/bank.js (its Extremes are sudoku_core/extremes.py's
BANKED, which build.py writes into the page), rated.

    python bench/bank_sweep.py [--sections 9|expert|killer ...]

tests/test_bank.py checks every entry for everything but its level, and rates a seeded sample of each
section (``RATED_PER_SECTION``); rating is most of the cost (seconds for a 16x16 Extreme). This runs the
same check (``check_entry``) on every entry, rated, and prints one line per section: entries, failures,
CPU seconds in all and at most for one entry. Exits 1 if any entry fails.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

spec = importlib.util.spec_from_file_location("test_bank", ROOT / "tests" / "test_bank.py")
assert spec is not None and spec.loader is not None
test_bank = importlib.util.module_from_spec(spec)
spec.loader.exec_module(test_bank)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sections", nargs="*", help="only these sections, as in bank.js (9|expert|killer)")
    args = parser.parse_args(argv)
    sections: dict[str, list[tuple]] = {}
    for n, level, variant, line in test_bank.ENTRIES:
        key = f"{n}|{level}" + ("" if variant == "classic" else f"|{variant}")
        if not args.sections or key in args.sections:
            sections.setdefault(key, []).append((n, level, variant, line))
    failed = 0
    print(f"{'section':<22} {'entries':>7} {'failed':>6} {'cpu s':>8} {'max s':>7}")
    for key, entries in sections.items():
        bad, times = 0, []
        for entry in entries:
            start = time.process_time()
            try:
                test_bank.check_entry(*entry, rated=True)
            except AssertionError:
                bad += 1
                print(f"  FAILED {key}: {entry[3]}", file=sys.stderr)
            times.append(time.process_time() - start)
        failed += bad
        print(f"{key:<22} {len(entries):>7} {bad:>6} {sum(times):>8.2f} {max(times):>7.2f}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
