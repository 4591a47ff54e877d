"""Measure the picture reader on the held-out photos (never learnt from) of ``bench/scan_photos.py``'s split.

    .venv/bin/python bench/scan_bench.py [--all] [--verbose]

Prints: grids found, grids read exactly, cells right, digits right (of the printed givens), empty cells read
as digits and digits read as empty, wrong cells that the reader flagged as uncertain, and the median
time per picture in CPython, wall clock and CPU (the picture scaled to at most 800 px on its long side,
as the page does; decoding the JPEG is not counted). ``--all`` measures on every photo (learning ones included: not a
fair figure, only a check). Then the same for rendered screenshots: 10 of the machine's fonts, light and
dark, seeded apart from the grids ``train_scan.py`` renders (``--no-screens`` skips them).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from scan_photos import photos, split
from shared_data import REPO
from train_scan import fonts, load_photo, render_grid

sys.path.insert(0, str(REPO))
from sudoku_core import scan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="every photo, not only the held-out ones")
    parser.add_argument("--verbose", action="store_true", help="one line per photo")
    parser.add_argument("--no-screens", action="store_true", help="skip the rendered screenshots")
    args = parser.parse_args()
    photos_part(args)
    if not args.no_screens:
        screens_part(args.verbose)


def screens_part(verbose: bool) -> None:
    faces = fonts()
    if not faces:
        print("screenshots: no fonts found (fc-list); skipped")
        return
    rng = random.Random(2026)
    picked = faces[:: max(1, len(faces) // 10)][:10]
    exact = total = cells_right = 0
    for face in picked:
        for dark in (False, True):
            digits = [rng.randint(1, 9) if rng.random() < 0.4 else 0 for _ in range(81)]
            w, h, px = render_grid(digits, face, dark, rng)
            total += 1
            try:
                got = scan.read_picture(w, h, px, 4).digits
            except scan.ScanError:
                got = [-1] * 81
            right = sum(1 for a, b in zip(got, digits, strict=True) if a == b)
            cells_right += right
            exact += right == 81
            if verbose and right < 81:
                print(f"{Path(face).name} {'dark' if dark else 'light'}: {81 - right} wrong")
    print(f"screenshots: {total} ({len(picked)} fonts x light, dark); read exactly: {exact}/{total}; "
          f"cells right: {cells_right}/{total * 81} ({cells_right / (total * 81):.2%})")


def photos_part(args: argparse.Namespace) -> None:
    chosen = photos() if args.all else split()[1]
    found = exact = cells_right = digits_right = digits = blank_as_digit = digit_as_blank = 0
    wrong_cells = wrong_flagged = flagged = 0
    times = []
    cpu = []
    for name, path, givens in chosen:
        w, h, px = load_photo(path)
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            res = scan.read_picture(w, h, px, 4)
        except scan.ScanError as exc:
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            if args.verbose:
                print(f"{name}: {exc}")
            continue
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
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
    print(f"time per picture (CPython), median: {statistics.median(times) * 1000:.0f} ms wall, "
          f"{statistics.median(cpu) * 1000:.0f} ms CPU; max {max(times) * 1000:.0f} ms wall, "
          f"{max(cpu) * 1000:.0f} ms CPU (CPU time is the fairer figure on a busy machine)")


if __name__ == "__main__":
    main()
