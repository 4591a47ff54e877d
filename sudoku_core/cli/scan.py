"""``scan IMAGE...``: read the Sudoku in each picture (a photo or a screenshot), one line per picture.

Each line is the puzzle in the one-line form (``.`` for an empty cell), or, with ``--json``, one JSON
object per picture: the puzzle, the grid's corners in the picture, a confidence per cell and the cells
flagged as uncertain. The picture is decoded with Pillow (an optional extra: ``pip install
"sudoku-core[scan]"``) and scaled to at most 800 px on its long side, as the page does; the reading itself
is :func:`sudoku_core.scan.read_picture`, standard library only. A file that is no picture, or holds no
grid, gets one line on stderr (``IMAGE: why``) and exit status 1; the other pictures are still read.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

from ..scan import ScanError, read_picture
from .inputs import InputError

#: The longest side a picture is scaled to before reading (the page scales to the same).
MAX_SIDE = 800


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("scan", help="read the Sudoku in photos or screenshots",
                              description="Read the 9x9 Sudoku in each picture (PNG, JPEG, ...; decoded with "
                              "Pillow): one line per picture, the puzzle with '.' for an empty cell.")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per picture: puzzle, corners, per-cell confidence, uncertain cells")
    p.add_argument("--timings", action="store_true", help="with each line, the milliseconds per stage (stderr)")
    p.set_defaults(func=run_scan)


def _pillow() -> Any:
    # imported by name: build.py loads every module the engine's sources import into Pyodide, which has
    # no Pillow (the page decodes pictures itself)
    try:
        image = importlib.import_module("PIL.Image")
    except ImportError:
        raise InputError('scan needs Pillow to decode pictures: pip install "sudoku-core[scan]" '
                         "(or pip install Pillow)") from None
    return image


def decode(path: str) -> tuple[int, int, bytes]:
    """The picture in ``path`` as (width, height, RGBA bytes), scaled to at most MAX_SIDE on its long side.
    Raises ScanError when the file is no picture Pillow reads."""
    image_mod = _pillow()
    try:
        with image_mod.open(path) as im:
            im.load()
            rgba = im.convert("RGBA")
    except FileNotFoundError:
        raise ScanError("no such file") from None
    except (OSError, ValueError, image_mod.DecompressionBombError) as exc:
        raise ScanError(f"not a picture ({type(exc).__name__}: {exc})") from None
    rgba.thumbnail((MAX_SIDE, MAX_SIDE), image_mod.Resampling.BILINEAR)
    return rgba.width, rgba.height, rgba.tobytes()


def run_scan(args: argparse.Namespace) -> int:
    _pillow()
    status = 0
    for path in args.images:
        try:
            width, height, pixels = decode(path)
            result = read_picture(width, height, pixels, 4)
        except ScanError as exc:
            print(f"sudoku-core: {path}: {exc}", file=sys.stderr)
            status = 1
            continue
        if args.json:
            print(json.dumps({"image": path, "width": width, "height": height, **result.to_dict()}))
        else:
            print(result.puzzle)
        if args.timings:
            parts = ", ".join(f"{k} {v:.0f}" for k, v in result.timings.items())
            print(f"{path}: {width}x{height}, {parts} ms", file=sys.stderr)
        sys.stdout.flush()
    return status
