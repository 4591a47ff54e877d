"""Measure the picture reader on the held-out photos (never learnt from) of ``bench/scan_photos.py``'s split.

    .venv/bin/python bench/scan_bench.py [--all] [--verbose]

Prints: grids found, grids read exactly, cells right, digits right (of the printed givens), empty cells read
as digits and digits read as empty, wrong cells that the reader flagged as uncertain, and the median
time per picture in CPython (the picture scaled to at most 800 px on its long side, as the page does;
decoding the JPEG is not counted). ``--all`` measures on every photo (learning ones included: not a
fair figure, only a check).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from scan_photos import photos, split
from shared_data import REPO
from train_scan import load_photo

sys.path.insert(0, str(REPO))
from sudoku_core import scan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="every photo, not only the held-out ones")
    parser.add_argument("--verbose", action="store_true", help="one line per photo")
    args = parser.parse_args()
    chosen = photos() if args.all else split()[1]
    found = exact = cells_right = digits_right = digits = blank_as_digit = digit_as_blank = 0
    wrong_cells = wrong_flagged = flagged = 0
    times = []
    for name, path, givens in chosen:
        w, h, px = load_photo(path)
        t0 = time.perf_counter()
        try:
            res = scan.read_picture(w, h, px, 4)
        except scan.ScanError as exc:
            times.append(time.perf_counter() - t0)
            if args.verbose:
                print(f"{name}: {exc}")
            continue
        times.append(time.perf_counter() - t0)
        found += 1
        wrong = [i for i in range(81) if res.digits[i] != givens[i]]
        exact += not wrong
        cells_right += 81 - len(wrong)
        digits += sum(1 for g in givens if g)
        digits_right += sum(1 for g, d in zip(givens, res.digits, strict=True) if g and g == d)
        blank_as_digit += sum(1 for g, d in zip(givens, res.digits, strict=True) if not g and d)
        digit_as_blank += sum(1 for g, d in zip(givens, res.digits, strict=True) if g and not d)
        unsure = set(res.uncertain)
        flagged += len(unsure)
        wrong_cells += len(wrong)
        wrong_flagged += sum(1 for i in wrong if i in unsure)
        if args.verbose:
            detail = " ".join(f"r{i // 9 + 1}c{i % 9 + 1}:{givens[i]}->{res.digits[i]}" for i in wrong)
            print(f"{name}: {len(wrong)} wrong {detail}  ({sum(res.timings.values()):.0f} ms)")
    n = len(chosen)
    print(f"photos: {n} ({'all' if args.all else 'held out'})")
    print(f"grids found: {found}/{n}; read exactly: {exact}/{n} ({exact / n:.1%})")
    print(f"cells right: {cells_right}/{found * 81} ({cells_right / max(1, found * 81):.2%}) of the grids found")
    print(f"digits right: {digits_right}/{digits} ({digits_right / max(1, digits):.2%})")
    print(f"empty read as a digit: {blank_as_digit}; digit read as empty: {digit_as_blank}")
    print(f"wrong cells flagged as uncertain: {wrong_flagged}/{wrong_cells}; cells flagged: {flagged}")
    print(f"median time per picture (CPython): {statistics.median(times) * 1000:.0f} ms; "
          f"max {max(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
