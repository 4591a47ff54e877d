"""The newspaper photos the picture reader learns from and is measured on, and their split.

``../shared/data/photos`` (or ``$SUDOKU_DATA/photos``) holds 160 phone photos of printed Sudokus with
their givens, ``imageN.jpg`` + ``imageN.dat`` (the training images of Wicht and Hennebert's Sudoku
dataset, v2 split, CC-BY-4.0; see that folder's README). They are not in the repository. :func:`split`
cuts them, seeded, into the photos ``bench/train_scan.py`` learns from and the held-out photos
``bench/scan_bench.py`` measures on: never tune on the held-out ones.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from shared_data import DATA, REPO

PHOTOS = DATA / "photos"
#: The seed of the split and how many photos are held out.
SEED = 31
HELD_OUT = 40


def photos() -> list[tuple[str, Path, list[int]]]:
    """Every photo as (name, path, its 81 givens, 0 for empty), sorted by name; exits when the folder is missing."""
    if not PHOTOS.is_dir():
        sys.exit(f"{Path(sys.argv[0]).name}: the photos are missing ({PHOTOS} not found).\n"
                 f"They are not part of the repository: put them in {REPO.parent / 'shared' / 'data' / 'photos'} "
                 "or set SUDOKU_DATA to the folder that holds photos/. (The tests need only tests/data/scan.)")
    out = []
    for dat in sorted(PHOTOS.glob("*.dat")):
        lines = dat.read_text().split("\n")
        givens = [int(tok) for line in lines[2:] for tok in line.split()]
        if len(givens) != 81:
            sys.exit(f"{dat}: expected 81 givens after two header lines, found {len(givens)}")
        out.append((dat.stem, dat.with_suffix(".jpg"), givens))
    return out


def split() -> tuple[list[tuple[str, Path, list[int]]], list[tuple[str, Path, list[int]]]]:
    """(learn from, held out): a seeded shuffle of :func:`photos`, the last ``HELD_OUT`` held out."""
    every = photos()
    order = list(range(len(every)))
    random.Random(SEED).shuffle(order)
    cut = len(every) - HELD_OUT
    return [every[i] for i in sorted(order[:cut])], [every[i] for i in sorted(order[cut:])]
