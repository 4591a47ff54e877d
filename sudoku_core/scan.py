"""Read a Sudoku from a picture's pixels: a phone photo of a newspaper or a screenshot of an app (9x9;
4x4, 6x6, 12x12 and 16x16 in a screenshot, the size told by the grid's lines).

Pure Python, standard library only, so the page's worker runs it unchanged in Pyodide: the browser decodes
and scales the picture (at most about 800 px on its long side) and hands over the canvas's bytes; the
command line does the same with Pillow. Vocabulary: the *picture* is what we are given (``width`` x
``height`` pixels of ``channels`` bytes each), *grey* its brightness, one byte a pixel; *ink* is what is
darker than its neighbourhood (after inverting a dark theme); the *grid* is the largest grid-like ink
shape, found by its four *corners*; the *square* is the grid warped flat, ``CELL`` pixels a cell; a
*glyph* is the ink left in a cell once the grid's lines are gone, and the digit classifier names it.

The pipeline, each pass written over whole rows (slices, ``map``, ``itertools.accumulate``, ``re``) so
that CPython and Pyodide run the per-pixel loops in C where they can:

1. grey from RGBA (the green channel) or grey bytes; min-pooled to about 400 px for finding the grid
   (dark lines survive);
2. ink by an adaptive threshold (a box mean from an integral image, Bradley's rule), inverted first when
   most of the picture is dark (a dark theme);
3. ink shapes as runs of a row joined across rows (union-find); every large shape whose outline is a
   plausible quadrilateral is a candidate; its corners are the shape's extreme points along the two
   diagonals;
4. each candidate scored by how much (faint) ink lies on the ten expected lines each way (in a
   screenshot, the n + 1 lines of each size tried: the largest size whose lines are about as inked as
   the best's, since a 16x16 grid's lines hold a 4x4's); the largest
   nearly as good as the best is the grid, grown by a row or column on a side whose outer line was too
   faint to join the shape when that fits the lines better, unless no candidate looks like a grid ("no
   grid found"); a mediocre one is searched for a grid inside it (a frame the grid's lines touch), and a
   much larger one wins when its lines, followed as they bend, are as inked (a curved page);
5. the grid's lines followed as they bend (:func:`lattice`), each cell warped from its own four crossings
   to a square (nearest pixel of the full picture); per
   cell: ink against the cell's own paper and the square's contrast, rows and columns that are mostly
   ink (the grid's lines) erased, small specks and stubs touching the cell's edge dropped, and what is
   left of a line along the edges (a part almost wholly within a fifth of the cell from them); what remains,
   if big enough, is a glyph; two equal digits in a house are both flagged;
6. the glyph, scaled to 16 x 16 with its aspect kept, goes through a small neural network (weights in
   :mod:`sudoku_core.scan_weights`, made by ``bench/train_scan.py`` and imported only when a picture is
   read): a digit and a confidence, the network's probability.

Roads not taken: Hough lines (a pass per angle, too slow in pure Python at this size); deskewing before
thresholding (the homography does it after); template matching digits (fonts vary too much).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import add, sub

from .errors import SudokuError
from .grid import box_shape

#: Side of the grid: a photo's is 9.
SIZE = 9
#: The sides a screenshot's grid may have, told apart by its lines (:func:`_sized_score`).
SIZES = (4, 6, 9, 12, 16)
#: A larger side is taken when its lines score at least this share of the best side's (its lines hold
#: the smaller side's: a 16x16 grid's hold a 4x4's, a 12x12's a 6x6's).
LARGER_SIDE = 0.75
#: The symbols of the classifier's outputs, in order: 1..9, then a 16x16 grid's A..G (10..16).
SYMBOLS = "123456789ABCDEFG"
#: Pixels per cell in the warped square.
CELL = 32
#: Side of the glyph image the classifier reads.
GLYPH = 16
#: Longest side of the picture the grid is looked for in (min-pooled down to about this).
FIND_SIDE = 400
#: A cell read with less confidence than this is flagged for the player to check.
LOW_CONFIDENCE = 0.9
#: How far outside the picture (a share of its side) a grid's grown outer line may fall.
EDGE_SLACK = 0.03
#: The least grid score (ink on the expected lines, 0..1) of a picture said to hold a grid.
MIN_GRID_SCORE = 0.45

_INK_RUN = re.compile(rb"\x01+")


class ScanError(SudokuError):
    """A picture in which no grid is found, or pixels that do not make the picture described.

    ``looked``: when no grid is found, the corners of the best candidate that was not grid enough (in the
    picture's pixels, as :attr:`ScanResult.corners`), for the page to show where it looked; None when no
    shape came near.
    """

    kind = "scan"

    def __init__(self, message: str, *, looked: Sequence[tuple[float, float]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.looked = None if looked is None else [(float(x), float(y)) for x, y in looked]

    def to_dict(self) -> dict:
        out: dict[str, object] = {"kind": self.kind, "message": self.message}
        if self.looked is not None:
            out["looked"] = [[round(x, 1), round(y, 1)] for x, y in self.looked]
        return out


@dataclass
class ScanResult:
    """What :func:`read_picture` read.

    ``digits``: ``size`` x ``size`` digits (81), row by row, 1..size, 0 for an empty cell; ``confidence``:
    a float in 0..1 per cell (the
    classifier's probability for a digit, how clearly empty for an empty cell); ``corners``: the grid's
    corners in the picture's pixels, top-left, top-right, bottom-right, bottom-left; ``grid_score``: the
    share of the expected lines found inked (0..1); ``timings``: milliseconds per stage.
    """

    digits: list[int]
    confidence: list[float]
    corners: list[tuple[float, float]]
    grid_score: float
    inverted: bool
    timings: dict[str, float] = field(default_factory=dict)
    #: How many solutions the puzzle as read has: 1 as a printed Sudoku should, 0 none (a digit is
    #: misread), 2 several (a given missed, most likely), None when too few givens to tell quickly.
    solutions: int | None = None
    #: The grid's side: 9, or 4, 6, 12 or 16 in a screenshot.
    size: int = SIZE

    @property
    def puzzle(self) -> str:
        """The puzzle in the one-line form, ``.`` for an empty cell (10..16 as A..G)."""
        return _line(self.digits)

    @property
    def uncertain(self) -> list[int]:
        """The cells (0-based) read with low confidence, for the player to check."""
        return [i for i, c in enumerate(self.confidence) if c < LOW_CONFIDENCE]

    def to_dict(self) -> dict:
        return {"puzzle": self.puzzle, "size": self.size,
                "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
                "confidence": [round(c, 3) for c in self.confidence], "uncertain": self.uncertain,
                "grid_score": round(self.grid_score, 3), "inverted": self.inverted, "solutions": self.solutions,
                "timings": {k: round(v, 1) for k, v in self.timings.items()}}


def _line(digits: Sequence[int]) -> str:
    """Digits in the one-line form: ``.`` for 0, 10..16 as A..G."""
    return "".join(SYMBOLS[d - 1] if d else "." for d in digits)


# --- 1. grey ---------------------------------------------------------------------------------------

_INVERT = bytes(range(255, -1, -1))


def to_grey(width: int, height: int, pixels: bytes | bytearray | memoryview, channels: int) -> bytes:
    """The brightness of each pixel, one byte each, from grey (1), grey+alpha (2), RGB (3) or RGBA (4) bytes."""
    if width <= 0 or height <= 0:
        raise ScanError(f"a picture must have a positive size, not {width} x {height}")
    if channels not in (1, 2, 3, 4):
        raise ScanError(f"a pixel has 1, 2, 3 or 4 bytes (grey, grey+alpha, RGB, RGBA), not {channels}")
    data = bytes(pixels)
    if len(data) != width * height * channels:
        raise ScanError(f"{width} x {height} pixels of {channels} bytes are {width * height * channels} bytes, "
                        f"not {len(data)}")
    if channels <= 2:
        return data[::channels]
    # the green channel alone, not the luminance: one slice, where a weighted sum is a Python loop over
    # every pixel (about 200 ms at 800 x 600); red and blue print is dark in green too
    return data[1::channels]


def _pool(width: int, height: int, grey: bytes, f: int) -> tuple[int, int, bytes]:
    """Min-pool ``grey`` by ``f`` in each direction, so that thin dark lines survive the shrinking."""
    if f == 1:
        return width, height, grey
    w, h = width // f, height // f
    out = bytearray()
    span = w * f
    for y in range(h):
        base = y * f * width
        rows = [grey[base + i * width: base + i * width + span] for i in range(f)]
        col = bytes(map(min, *rows)) if f > 1 else rows[0]
        out += bytes(map(min, *(col[i::f] for i in range(f))))
    return w, h, bytes(out)


# --- 2. ink ----------------------------------------------------------------------------------------

def _integral(width: int, height: int, grey: bytes) -> list[list[int]]:
    """Rows of the integral image, one longer each way: ``I[y][x]`` sums ``grey`` above and left of (x, y)."""
    prev = [0] * (width + 1)
    table = [prev]
    for y in range(height):
        prev = list(map(add, prev, accumulate(grey[y * width:(y + 1) * width], initial=0)))
        table.append(prev)
    return table


def threshold(width: int, height: int, grey: bytes, radius: int, percent: int = 15,
              floor: int = 6) -> bytearray:
    """Ink (1) where a pixel is ``percent`` % and ``floor`` levels darker than the mean of its
    (2 * radius + 1)-square neighbourhood (clipped at the picture's edges), else 0."""
    return thresholds(width, height, grey, radius, ((percent, floor),))[0]


def thresholds(width: int, height: int, grey: bytes, radius: int, levels: Sequence[tuple[int, int]]
               ) -> list[bytearray]:
    """:func:`threshold` at several (percent, floor) levels, sharing one integral image and box sums."""
    table = _integral(width, height, grey)
    x1 = [max(0, x - radius) for x in range(width)]
    x2 = [min(width, x + radius + 1) for x in range(width)]
    outs = [bytearray(width * height) for _ in levels]
    for y in range(height):
        y1, y2 = max(0, y - radius), min(height, y + radius + 1)
        band = list(map(sub, table[y2], table[y1]))
        n = y2 - y1
        row = grey[y * width:(y + 1) * width]
        sums = list(map(sub, [band[b] for b in x2], [band[a] for a in x1]))
        areas = [(b - a) * n for a, b in zip(x1, x2, strict=True)]
        for out, (percent, floor) in zip(outs, levels, strict=True):
            keep = 100 - percent
            # ink: p * area * 100 < sum * keep and (p + floor) * area < sum
            out[y * width:(y + 1) * width] = bytes([
                1 if p * a * 100 < s * keep and (p + floor) * a < s else 0
                for p, s, a in zip(row, sums, areas, strict=True)])
    return outs


# --- 3. ink shapes ---------------------------------------------------------------------------------

@dataclass
class _Shape:
    runs: list[tuple[int, int, int]] = field(default_factory=list)
    pixels: int = 0
    left: int = 1 << 30
    right: int = -1
    top: int = 1 << 30
    bottom: int = -1
    # the extreme points along the diagonals: min/max of x + y and of x - y, each (value, x, y)
    tl: tuple[int, int, int] = (1 << 30, 0, 0)
    br: tuple[int, int, int] = (-(1 << 30), 0, 0)
    tr: tuple[int, int, int] = (-(1 << 30), 0, 0)
    bl: tuple[int, int, int] = (1 << 30, 0, 0)


def _shapes(width: int, height: int, ink: bytearray, min_side: int) -> list[_Shape]:
    """The 8-connected ink shapes whose bounding box is at least ``min_side`` each way."""
    parent: list[int] = []
    runs: list[tuple[int, int, int]] = []  # (y, start, end exclusive)

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    prev: list[int] = []
    for y in range(height):
        row = bytes(ink[y * width:(y + 1) * width])
        cur = []
        j = 0
        for m in _INK_RUN.finditer(row):
            s, e = m.span()
            k = len(runs)
            runs.append((y, s, e))
            parent.append(k)
            cur.append(k)
            # runs of the row above that touch [s - 1, e] (8-connectivity)
            while j < len(prev) and runs[prev[j]][2] < s:
                j += 1
            t = j
            while t < len(prev) and runs[prev[t]][1] <= e:
                a, b = find(prev[t]), find(k)
                if a != b:
                    parent[b] = a
                t += 1
            if t > j and runs[prev[t - 1]][2] > e:
                j = t - 1
        prev = cur
    shapes: dict[int, _Shape] = {}
    for k, (y, s, e) in enumerate(runs):
        root = find(k)
        sh = shapes.get(root)
        if sh is None:
            sh = shapes[root] = _Shape()
        sh.pixels += e - s
        sh.runs.append((y, s, e))
        e -= 1
        if s < sh.left:
            sh.left = s
        if e > sh.right:
            sh.right = e
        if y < sh.top:
            sh.top = y
        sh.bottom = y
        if s + y < sh.tl[0]:
            sh.tl = (s + y, s, y)
        if e + y > sh.br[0]:
            sh.br = (e + y, e, y)
        if e - y > sh.tr[0]:
            sh.tr = (e - y, e, y)
        if s - y < sh.bl[0]:
            sh.bl = (s - y, s, y)
    return [sh for sh in shapes.values()
            if sh.right - sh.left + 1 >= min_side and sh.bottom - sh.top + 1 >= min_side]


def _fit(points: list[tuple[int, int]]) -> tuple[float, float] | None:
    """A robust line t = a s + b through (s, t) points: the pair of points (one from each end) with the
    most points within 2 pixels of its line, refined by least squares over those points."""
    n = len(points)
    if n < 8:
        return None
    best: tuple[int, float, float] = (-1, 0.0, 0.0)
    for i in range(0, n * 2 // 5, max(1, n // 12)):
        for j in range(n - 1, n * 3 // 5, -max(1, n // 12)):
            (s0, t0), (s1, t1) = points[i], points[j]
            if s1 == s0:
                continue
            a = (t1 - t0) / (s1 - s0)
            b = t0 - a * s0
            count = sum(1 for s, t in points if abs(a * s + b - t) <= 2)
            if count > best[0]:
                best = (count, a, b)
    _, a, b = best
    inl = [(s, t) for s, t in points if abs(a * s + b - t) <= 2]
    if len(inl) < max(8, n // 4):
        return None
    ms = sum(p[0] for p in inl) / len(inl)
    mt = sum(p[1] for p in inl) / len(inl)
    var = sum((p[0] - ms) ** 2 for p in inl)
    if var <= 0:
        return None
    a = sum((p[0] - ms) * (p[1] - mt) for p in inl) / var
    return a, mt - a * ms


def _corners(sh: _Shape) -> list[tuple[float, float]] | None:
    """The corners of the quadrilateral around a shape: lines fitted to its outermost ink, row by row
    (left, right) and column by column (top, bottom), intersected. None when an edge has no clear line."""
    left: dict[int, int] = {}
    right: dict[int, int] = {}
    top: dict[int, int] = {}
    bottom: dict[int, int] = {}
    for y, s, e in sh.runs:
        if y not in left or s < left[y]:
            left[y] = s
        if y not in right or e - 1 > right[y]:
            right[y] = e - 1
        for x in range(s, e):
            if x not in top:
                top[x] = y
            bottom[x] = y
    lines = []
    for edge in (sorted(left.items()), sorted(right.items()), sorted(top.items()), sorted(bottom.items())):
        line = _fit(edge)
        if line is None:
            return None
        lines.append(line)
    (la, lb), (ra, rb), (ta, tb), (ba, bb) = lines  # x = a y + b for left/right; y = a x + b for top/bottom

    def meet(va: float, vb: float, ha: float, hb: float) -> tuple[float, float]:
        # x = va y + vb and y = ha x + hb
        y = (ha * vb + hb) / (1 - ha * va)
        return va * y + vb, y

    return [meet(la, lb, ta, tb), meet(ra, rb, ta, tb), meet(ra, rb, ba, bb), meet(la, lb, ba, bb)]


def _area(quad: Sequence[tuple[float, float]]) -> float:
    return abs(sum(quad[i][0] * quad[i - 3][1] - quad[i - 3][0] * quad[i][1] for i in range(4))) / 2


def _plausible(quad: Sequence[tuple[float, float]]) -> bool:
    """A convex quadrilateral whose sides are within a factor 3.2 of each other (a band of three columns
    of a grid whose thin outer lines are lost is one too: it grows later)."""
    sides = [((quad[i][0] - quad[i - 1][0]) ** 2 + (quad[i][1] - quad[i - 1][1]) ** 2) ** 0.5 for i in range(4)]
    if min(sides) <= 0 or max(sides) > 3.2 * min(sides):
        return False
    signs = set()
    for i in range(4):
        (ax, ay), (bx, by), (cx, cy) = quad[i - 2], quad[i - 1], quad[i]
        signs.add((bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0)
    return len(signs) == 1


# --- 4. the square -------------------------------------------------------------------------------

def homography(quad: Sequence[tuple[float, float]]) -> tuple[float, ...]:
    """The projective map of the unit square onto ``quad`` (top-left, top-right, bottom-right,
    bottom-left) as (a, b, c, d, e, f, g, h): x = (a u + b v + c) / (g u + h v + 1), y = (d u + e v + f) / (...)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    dx3, dy3 = x0 - x1 + x2 - x3, y0 - y1 + y2 - y3
    if abs(dx3) < 1e-9 and abs(dy3) < 1e-9:
        return (x1 - x0, x3 - x0, x0, y1 - y0, y3 - y0, y0, 0.0, 0.0)
    dx1, dx2, dy1, dy2 = x1 - x2, x3 - x2, y1 - y2, y3 - y2
    den = dx1 * dy2 - dx2 * dy1
    g = (dx3 * dy2 - dx2 * dy3) / den
    h = (dx1 * dy3 - dx3 * dy1) / den
    return (x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h)


def warp(width: int, height: int, grey: bytes, quad: Sequence[tuple[float, float]], side: int) -> bytes:
    """The ``side`` x ``side`` square that ``quad`` of the picture maps to (nearest pixel; white outside)."""
    a, b, c, d, e, f, g, h = homography(quad)
    us = [(i + 0.5) / side for i in range(side)]
    au = [a * u for u in us]
    du = [d * u for u in us]
    gu = [g * u for u in us]
    out = bytearray()
    padded = grey + b"\xff"
    outside = width * height
    for j in range(side):
        v = (j + 0.5) / side
        bv, ev, hv = b * v + c, e * v + f, h * v + 1
        idx = []
        for xa, yd, w in zip(au, du, gu, strict=True):
            w += hv
            x = int((xa + bv) / w)
            y = int((yd + ev) / w)
            idx.append(y * width + x if 0 <= x < width and 0 <= y < height else outside)
        out += bytes([padded[i] for i in idx])
    return bytes(out)


def _grid_score(width: int, height: int, ink: bytearray, quad: Sequence[tuple[float, float]],
                steps: int = 72, size: int = SIZE) -> float:
    """The share of ``steps`` points along each of the ``size + 1`` expected lines each way that have ink
    within a pixel."""
    a, b, c, d, e, f, g, h = homography(quad)
    hits = 0
    for k in range(size + 1):
        fixed = k / size
        for t in range(steps):
            run = (t + 0.5) / steps
            for u, v in ((run, fixed), (fixed, run)):
                den = g * u + h * v + 1
                x = int((a * u + b * v + c) / den + 0.5)
                y = int((d * u + e * v + f) / den + 0.5)
                if 1 <= x < width - 1 and 1 <= y < height - 1:
                    i = y * width + x
                    if ink[i] or ink[i - 1] or ink[i + 1] or ink[i - width] or ink[i + width]:
                        hits += 1
    return hits / (2 * (size + 1) * steps)


def _sized_score(width: int, height: int, ink: bytearray, quad: Sequence[tuple[float, float]],
                 sizes: Sequence[int], boxes: Callable[[Sequence[tuple[float, float]], int], bool] | None = None
                 ) -> tuple[float, int]:
    """The grid score of ``quad`` and the side it has: of ``sizes``, the largest whose lines score at
    least ``LARGER_SIDE`` of the best side's (a 16x16 grid's lines hold every line of a 4x4, so both
    score well on it; a 4x4 grid leaves most of a 16x16's lines bare). A side other than 9 counts only
    for a square quad whose lines show its boxes (``boxes(quad, side)``: :func:`_boxes_shown`), so a
    ruled table is not read as a 4x4 or a 12x12."""
    scores = {SIZE: _grid_score(width, height, ink, quad)} if SIZE in sizes else {}
    if len(sizes) > 1 and _square(quad):
        for n in sizes:
            if n != SIZE:
                scores[n] = _grid_score(width, height, ink, quad, size=n)
    top = max(scores.values())
    for n in sorted(scores, reverse=True):
        if scores[n] >= top * LARGER_SIDE and (n == SIZE or boxes is None or boxes(quad, n)):
            return scores[n], n
        if n != SIZE and scores[n] == top and boxes is not None:
            # equal lines that show no boxes may be the box lines of a larger grid whose thin lines are
            # faint (the page's 16x16 scaled down: its 4 x 4 boxes' lines score 100%, its thin ones 50%)
            for m in sorted(scores, reverse=True):
                if m > n and m != SIZE and box_shape(m) == (m // n, m // n) and scores[m] >= MIN_GRID_SCORE \
                        and boxes(quad, m):
                    return scores[m], m
    return scores[SIZE], SIZE


#: A screenshot's grid of another side than 9 is flat and square: its sides within this factor.
SQUARE = 1.15
#: Its boxes' lines carry at least this much more ink across them than the lines inside a box.
BOX_LINES = 1.4


def _square(quad: Sequence[tuple[float, float]]) -> bool:
    sides = [math.dist(quad[i], quad[i - 1]) for i in range(4)]
    return min(sides) > 0 and max(sides) <= SQUARE * min(sides)


def _boxes_shown(width: int, height: int, grey: bytes, quad: Sequence[tuple[float, float]], size: int) -> bool:
    """Whether the lines of a grid of side ``size`` in ``quad`` (in ``grey``'s pixels) show its boxes: the
    lines between boxes carry ``BOX_LINES`` times the ink across them (the darkness summed over a band
    of a sixth of a cell each side, the median of points along the line, beside the cells' middles so a
    digit is rarely in it) of the lines inside a box. The engine's box shapes (2 x 3 for a 6x6)."""
    rows, cols = box_shape(size)
    a, b, c, d, e, f, g, h = homography(quad)
    cell_px = math.dist(quad[0], quad[1]) / size
    reach = max(2, int(cell_px / 6))
    offsets = [o / (cell_px * size) for o in range(-reach, reach + 1)]

    def value(u: float, v: float) -> int:
        den = g * u + h * v + 1
        x = int((a * u + b * v + c) / den + 0.5)
        y = int((d * u + e * v + f) / den + 0.5)
        return grey[y * width + x] if 0 <= x < width and 0 <= y < height else 255

    box_mass: list[float] = []
    inner_mass: list[float] = []
    for axis, per in ((0, cols), (1, rows)):
        for k in range(1, size):
            fixed = k / size
            masses = []
            for j in range(size):
                for run in ((j + 0.3) / size, (j + 0.7) / size):
                    profile = [value(fixed + o, run) if axis == 0 else value(run, fixed + o) for o in offsets]
                    paper = max(profile)
                    masses.append(sum(paper - p for p in profile))
            masses.sort()
            (box_mass if k % per == 0 else inner_mass).append(masses[len(masses) // 2])
    if not box_mass or not inner_mass:
        return False
    return sum(box_mass) / len(box_mass) >= BOX_LINES * max(1.0, sum(inner_mass) / len(inner_mass))


#: How far (a share of a cell) a line of a curved grid may run from where the corners' homography puts it.
BEND = 0.25
#: Offsets tried per side, and points per line segment (between two crossings), when following the lines.
_BEND_STEPS = 6
_SEGMENT_POINTS = 8


def lattice(width: int, height: int, ink: bytearray, quad: Sequence[tuple[float, float]], size: int = SIZE
            ) -> list[tuple[float, float]]:
    """The grid's (size + 1)^2 line crossings (row by row: line j, line k at ``j * (size + 1) + k``; 10 x 10
    for a 9x9) as the lines run,
    not as the corners' homography puts them: a curved page bends them. Each line is followed segment
    by segment (between two crossings): the segment is moved across the line, up to ``BEND`` of a cell each
    way, to where most of its points are inked; a segment with too little ink stays where its neighbours
    put it; each line's moves are smoothed (the median of three) so a digit's stroke beside a line does not
    pull it. A crossing moves by its two lines' moves there."""
    a, b, c, d, e, f, g, h = homography(quad)
    n = size + 1
    offsets = sorted((o * BEND / _BEND_STEPS / size for o in range(-_BEND_STEPS, _BEND_STEPS + 1)), key=abs)
    runs = [(t + 0.5) / _SEGMENT_POINTS / size for t in range(_SEGMENT_POINTS)]

    def inked(u: float, v: float) -> int:
        den = g * u + h * v + 1
        x = int((a * u + b * v + c) / den + 0.5)
        y = int((d * u + e * v + f) / den + 0.5)
        if 1 <= x < width - 1 and 1 <= y < height - 1:
            i = y * width + x
            return 1 if ink[i] or ink[i - 1] or ink[i + 1] or ink[i - width] or ink[i + width] else 0
        return 0

    # moves[axis][line][segment]: axis 0 the lines of fixed u (columns), 1 of fixed v (rows)
    moves: list[list[list[float]]] = [[], []]
    for axis in (0, 1):
        for k in range(n):
            fixed = k / size
            line: list[float | None] = []
            for j in range(size):
                start = j / size
                best, move = _SEGMENT_POINTS * 3 // 4 - 1, None
                for o in offsets:
                    if axis == 0:
                        count = sum(inked(fixed + o, start + r) for r in runs)
                    else:
                        count = sum(inked(start + r, fixed + o) for r in runs)
                    if count > best:
                        best, move = count, o
                        if count == _SEGMENT_POINTS:  # no move further off can do better
                            break
                line.append(move)
            known = [m for m in line if m is not None]
            if not known:
                moves[axis].append([0.0] * size)
                continue
            filled = []
            for j, m in enumerate(line):
                if m is None:  # the nearest known segment's move
                    m = min(((abs(i - j), mm) for i, mm in enumerate(line) if mm is not None))[1]
                filled.append(m)
            moves[axis].append([sorted(filled[max(0, j - 1):j + 2])[len(filled[max(0, j - 1):j + 2]) // 2]
                                if 0 < j < size - 1 else filled[j] for j in range(size)])
    points = []
    for j in range(n):
        for k in range(n):
            du = moves[0][k][max(0, j - 1):j + 1]
            dv = moves[1][j][max(0, k - 1):k + 1]
            u = k / size + sum(du) / len(du)
            v = j / size + sum(dv) / len(dv)
            den = g * u + h * v + 1
            points.append(((a * u + b * v + c) / den, (d * u + e * v + f) / den))
    return points


def _lattice_score(width: int, height: int, ink: bytearray, points: Sequence[tuple[float, float]],
                   steps: int = 8) -> float:
    """:func:`_grid_score` for a grid of crossings: the share of ``steps`` points along each segment of
    its lines (straight between two crossings) that have ink within a pixel."""
    n = math.isqrt(len(points))
    size = n - 1
    hits = total = 0
    for j in range(n):
        for k in range(n):
            x0, y0 = points[j * n + k]
            for nxt in ((j * n + k + 1) if k < size else None, ((j + 1) * n + k) if j < size else None):
                if nxt is None:
                    continue
                x1, y1 = points[nxt]
                for t in range(steps):
                    r = (t + 0.5) / steps
                    x = int(x0 + (x1 - x0) * r + 0.5)
                    y = int(y0 + (y1 - y0) * r + 0.5)
                    total += 1
                    if 1 <= x < width - 1 and 1 <= y < height - 1:
                        i = y * width + x
                        if ink[i] or ink[i - 1] or ink[i + 1] or ink[i - width] or ink[i + width]:
                            hits += 1
    return hits / total


def _bent(width: int, height: int, ink: bytearray, quad: Sequence[tuple[float, float]]) -> float:
    """How inked the lines of a 9x9 grid with corners ``quad`` are, followed as they bend (:func:`lattice`
    scored by :func:`_lattice_score`): what tells a photo's grid, whose lines are rarely quite straight."""
    return _lattice_score(width, height, ink, lattice(width, height, ink, quad))


#: A grid whose lines score under this may be a box drawn around the grid (a page's frame the grid's lines
#: touch): the grid is looked for inside it (:func:`_shrink`).
SHRINK_BELOW = 0.7
#: The least score of a grid found inside such a box: the search fits ten lines to whatever ink is there,
#: so it must find them clearly inked.
SHRUNK_LEAST = 0.8
#: Or when its lines, followed as they bend (:func:`lattice`), are at least this inked and this much more
#: than the quad's: a photo's grid in a thick frame its lines touch scored 0.65 straight and 0.90
#: followed, the frame 0.46 and 0.84 (scan7, the hard set).
BENT_LEAST = 0.9
BENT_BETTER = 0.05
#: Points a side of the quad sampled for :func:`_shrink`'s profiles.
_PROFILE = 160
_BEYOND = 0.03
#: The shortest run of ink (in profile points) that counts as part of a line.
_LONG_RUN = 24


def _shrink(width: int, height: int, ink: bytearray, score: float, quad: list[tuple[float, float]],
            within: list[tuple[float, float]] | None = None) -> tuple[float, list[tuple[float, float]]]:
    """The grid inside a quad that holds more than the grid (a frame around it and a crossword beside it,
    joined to the grid's lines in one shape): ten evenly spaced lines each way, found in the ink's
    profiles across the quad (how many points of each column, and of each row, are inked), the likeliest
    pairs of columns and rows fitted to the ink and the one whose lines, followed as they run, are the most
    inked taken. Only when its lines score clearly better than the quad's, and well (``SHRUNK_LEAST``), or
    when, followed as they bend, they are well inked and clearly more than the quad's (``BENT_LEAST``:
    a rotated or curved photo's straight lines score low). ``within``: where to look, when not inside
    ``quad`` itself (the whole picture: a picture cropped to its grid)."""
    a, b, c, d, e, f, g, h = homography(quad if within is None else within)
    n = _PROFILE
    marks = []
    # the quad and a little beyond (its outer lines are its shape's edge)
    spots = [(i + 0.5) / n * (1 + 2 * _BEYOND) - _BEYOND for i in range(n)]
    for v in spots:
        row = bytearray(n)
        for i, u in enumerate(spots):
            den = g * u + h * v + 1
            x = int((a * u + b * v + c) / den)
            y = int((d * u + e * v + f) / den)
            if 1 <= x < width - 1 and 1 <= y < height - 1:  # ink within a pixel: a thin line between points
                k = y * width + x
                if ink[k] or ink[k - 1] or ink[k + 1] or ink[k - width] or ink[k + width]:
                    row[i] = 1
        marks.append(row)

    def combs(profile: list[int], keep: int) -> list[tuple[int, float]]:
        # the first line and the spacing of ten evenly spaced lines through the profile's sharpest peaks
        # (a line is a point or two wide, text and shading a broad hump), a point either way: the best
        # few that do not share their first line
        sharp = [max(0, profile[i] - (profile[max(0, i - 3)] + profile[min(n - 1, i + 3)]) // 2) for i in range(n)]
        peak = [max(sharp[max(0, i - 1):i + 2]) for i in range(n)]
        found = []
        for quarter in range(n * 3 * 4 // (SIZE * 10), n * 4 // SIZE + 1):
            pitch = quarter / 4
            for start in range(0, n - int(SIZE * pitch + 0.5)):
                found.append((sum(peak[start + int(k * pitch + 0.5)] for k in range(SIZE + 1)), start, pitch))
        found.sort(reverse=True)
        out: list[tuple[int, float]] = []
        for _total, start, pitch in found:
            if all(abs(start - s0) > 2 or abs(start + SIZE * pitch - s0 - SIZE * p0) > 2 for s0, p0 in out):
                out.append((start, pitch))
                if len(out) == keep:
                    break
        return out

    def at(u: float, v: float) -> tuple[float, float]:
        den = g * u + h * v + 1
        return (a * u + b * v + c) / den, (d * u + e * v + f) / den

    def quad_of(cs: float, ce: float, rs: float, re: float) -> list[tuple[float, float]]:
        u0, u1, v0, v1 = ((k + 0.5) / n * (1 + 2 * _BEYOND) - _BEYOND for k in (cs, ce, rs, re))
        return [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]

    # the columns' likeliest combs over the whole quad and the rows' within each, and the other way round
    # (a crossword's or a frame's long lines may outweigh the grid's across the whole quad, not within
    # the grid's own rows); each pair screened by its lines' ink; the best five with
    # each outer line moved up to four points (the combs' lines are a point wide either way, their
    # spacing a quarter point)
    def lined(row: bytes | bytearray) -> int:
        # only long runs of ink along the line count: a grid's line runs across many cells, text's
        # strokes and words are short
        return sum(m.end() - m.start() for m in _INK_RUN.finditer(row) if m.end() - m.start() >= _LONG_RUN)

    across = [bytes(col) for col in zip(*marks, strict=True)]
    pairs = []
    for c0, cp in combs([lined(col) for col in across], 3):
        for r0, rp in combs([lined(r[c0:c0 + int(SIZE * cp + 0.5) + 1]) for r in marks], 2):
            pairs.append((c0, c0 + SIZE * cp, r0, r0 + SIZE * rp))
    for r0, rp in combs([lined(bytes(r)) for r in marks], 3):
        for c0, cp in combs([lined(col[r0:r0 + int(SIZE * rp + 0.5) + 1]) for col in across], 2):
            pairs.append((c0, c0 + SIZE * cp, r0, r0 + SIZE * rp))
    screened = sorted(((_grid_score(width, height, ink, quad_of(*edges), 18), list(edges)) for edges in set(pairs)),
                      reverse=True)
    firsts = screened[:5]
    finals = []
    for rough, edges in firsts:
        for edge in range(4):
            for delta in (-4, -3, -2, -1, 1, 2, 3, 4):
                trial = list(edges)
                trial[edge] += delta
                trial_score = _grid_score(width, height, ink, quad_of(*trial), 18)
                if trial_score > rough:
                    rough, edges = trial_score, trial
        inner = quad_of(*edges)
        finals.append((_bent(width, height, ink, inner), inner))
    # the one whose lines, followed as they run, are the most inked: the grid shifted a column onto the
    # page's other lines scores about as well with straight lines, not with lines that must hold a cell
    bent, inner = max(finals)
    inner_score = _grid_score(width, height, ink, inner)
    if inner_score >= SHRUNK_LEAST and inner_score > score + 0.1:
        return inner_score, inner
    if bent >= BENT_LEAST and inner_score >= MIN_GRID_SCORE \
            and bent >= _bent(width, height, ink, quad) + BENT_BETTER:
        return inner_score, inner
    return score, quad


#: The spans (in the found quad's own units) to try when the shape found is part of the grid: it spans
#: ``k`` of the 9 columns (or rows) starting at column ``o``: an outer line or two too faint to join the
#: shape (8, 7), or thin lines lost in a blurred photo and a band of thicker ones kept (6 down to 3).
_SPANS = tuple((-o / k, (SIZE - o) / k) for k in range(SIZE, 2, -1) for o in range(SIZE - k + 1))


def _extend(width: int, height: int, ink: bytearray, score: float, quad: list[tuple[float, float]]
            ) -> tuple[float, list[tuple[float, float]]]:
    """The quad grown by the columns, then the rows, that did not join the shape, when the grown quad's
    lines are clearly more inked (a 9 x 9 grid's lines fall where 8 x 8's do not)."""
    a, b, c, d, e, f, g, h = homography(quad)

    def at(u: float, v: float) -> tuple[float, float]:
        den = g * u + h * v + 1
        return (a * u + b * v + c) / den, (d * u + e * v + f) / den

    best = (score, quad)
    span_u = span_v = (0.0, 1.0)
    # a grid may touch the picture's edge: its outer line a little outside (lens blur, a tight frame)
    slack_x, slack_y = max(2, width * EDGE_SLACK), max(2, height * EDGE_SLACK)
    for axis in (0, 1):
        # the best-fitting span of this axis (a wrong span's lines half-match a blurred grid's too), taken
        # when clearly better than the quad as it is
        # (each span screened with a few points a line, the best few scored in full)
        tried = []
        for span in _SPANS[1:]:
            (u0, u1), (v0, v1) = (span, span_v) if axis == 0 else (span_u, span)
            grown = [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]
            if all(-slack_x <= x <= width + slack_x and -slack_y <= y <= height + slack_y for x, y in grown):
                tried.append((_grid_score(width, height, ink, grown, 18), span, grown))
        tried.sort(key=lambda t: -t[0])
        top = best
        full = []
        for _rough, span, grown in tried[:4]:
            grown_score = _grid_score(width, height, ink, grown)
            full.append((grown_score, span, grown))
            if grown_score > top[0] and grown_score > best[0] + 0.08:
                top = (grown_score, grown)
                if axis == 0:
                    span_u = span
                else:
                    span_v = span
        if top is best and full:
            # or when its lines followed as they bend are clearly more inked and its straight lines no
            # less (a photo in perspective or rotated: the right span's straight lines scored 0.70 against
            # the part's 0.64, followed 0.97 against 0.78)
            bent = _bent(width, height, ink, best[1])
            if bent < 1 - BENT_BETTER:
                rival = max((_bent(width, height, ink, grown), grown_score, span, grown)
                            for grown_score, span, grown in full)
                if rival[0] >= BENT_LEAST and rival[0] >= bent + BENT_BETTER and rival[1] >= best[0]:
                    top = (rival[1], rival[3])
                    if axis == 0:
                        span_u = rival[2]
                    else:
                        span_v = rival[2]
        best = top
    return best


# --- 5. cells and glyphs ---------------------------------------------------------------------------

#: A glyph under the least weight of ink is still one when it is a tall narrow stroke (a faint 1 or 7):
#: at least this many pixels of ink, filling at least this share of its box, at most this wide for its height.
THIN_LEAST = 18
THIN_FILL = 0.25
THIN_WIDTH = 0.75
#: The least share of a glyph's part that lies off the bands along the cell's edges (a fifth of the cell
#: each): a part almost wholly in them is a grid line's remnant, not a digit's stroke. On the learning
#: photos every empty cell read as a digit (6) held such a remnant with no pixel off them; the least
#: share of a digit read right was two thirds (scan8).
INNER_LEAST = 0.25


def _glyph(ink: bytearray, crisp: bool = False
           ) -> tuple[tuple[list[tuple[int, int]], int, int, int, int] | None, float]:
    """The glyph of one cell (its ink, CELL x CELL): its ink pixels and box (left, top, width, height) in
    the cell, None when the cell is empty, and how sure the cell's emptiness or fullness is (0..1).
    ``crisp``: a screenshot's cell (see :func:`crisp`), where a tall glyph of thin strokes is a digit."""
    s = CELL
    patch = [ink[y * s:(y + 1) * s] for y in range(s)]
    # a grid line: a row or column mostly inked near the cell's edge, or almost wholly inked anywhere
    # (a digit's stem, as in 1 or 4, may run two thirds of the cell)
    band = s // 5
    limits = [s * 0.6 if k < band or k >= s - band else s * 0.9 for k in range(s)]
    for y in range(s):
        if sum(patch[y]) > limits[y]:
            patch[y] = bytearray(s)
    columns = [sum(col) for col in zip(*patch, strict=True)]
    for x in range(s):
        if columns[x] > limits[x]:
            for y in range(s):
                patch[y][x] = 0
    seen = bytearray(s * s)
    parts = []
    margin = 2
    for y in range(s):
        r = patch[y]
        for x in range(s):
            if r[x] and not seen[y * s + x]:
                stack = [(x, y)]
                seen[y * s + x] = 1
                pix = []
                while stack:
                    px, py = stack.pop()
                    pix.append((px, py))
                    for ny in (py - 1, py, py + 1):
                        if 0 <= ny < s:
                            rr = patch[ny]
                            for nx in (px - 1, px, px + 1):
                                if 0 <= nx < s and rr[nx] and not seen[ny * s + nx]:
                                    seen[ny * s + nx] = 1
                                    stack.append((nx, ny))
                xs = [p[0] for p in pix]
                ys = [p[1] for p in pix]
                parts.append((pix, min(xs), max(xs), min(ys), max(ys)))
    keep = []
    for pix, l, r_, t, b in parts:
        cx, cy = (l + r_) / 2, (t + b) / 2
        central = s * 0.25 <= cx <= s * 0.75 and s * 0.2 <= cy <= s * 0.8
        edge = l < margin or t < margin or r_ >= s - margin or b >= s - margin
        # a grid line's remnant: a stroke along the cell's edge, too short to be erased as a line, turning
        # along the next edge (an L round a corner: its box is as central and as tall as a digit's); a
        # digit lies mostly between the edges' bands, a remnant almost wholly in them
        inner = sum(1 for x, y in pix if band <= x < s - band and band <= y < s - band)
        if len(pix) >= 4 and central and not (edge and (b - t) < s * 0.35 and (r_ - l) < s * 0.35) \
                and inner >= len(pix) * INNER_LEAST:
            keep.append((pix, l, r_, t, b))
    if not keep:
        return None, 1.0
    l = min(k[1] for k in keep)
    r_ = max(k[2] for k in keep)
    t = min(k[3] for k in keep)
    b = max(k[4] for k in keep)
    count = sum(len(k[0]) for k in keep)
    bh, bw = b - t + 1, r_ - l + 1
    # a glyph is at least 30% of the cell high and holds a few dozen pixels of ink; in a screenshot, a
    # dozen will do (a thin font's 1 or 7 is a pixel wide, and a screenshot has no specks of dirt; on the
    # learning photos the same weight read 13 more specks as digits)
    tall = bh / (s * 0.3)
    heavy = count / (s * s * (0.012 if crisp else 0.03))
    sure = min(tall, heavy)
    if sure < 1 and tall >= 1 and count >= THIN_LEAST and count >= bh * bw * THIN_FILL and bw <= bh * THIN_WIDTH:
        # a faint or small 1 or 7: a narrow, tall stroke under the least weight of ink (11 of the learning
        # photos' 13 digits read as empty); a speck under that weight is wide and sparse. Flagged.
        sure = min(tall, 1.25)
    if sure < 1:
        return None, min(1.0, max(0.0, 1 - sure) * 2)
    return ([p for k in keep for p in k[0]], l, t, bw, bh), min(1.0, (sure - 1) * 2)


def _features(sample: Callable[[float, float], float], l: int, t: int, bw: int, bh: int) -> list[float]:
    """The glyph's box (in a cell's CELL x CELL pixels) scaled into GLYPH x GLYPH, aspect kept and centred,
    each pixel the mean inkiness (0..1) that ``sample(x, y)`` gives at 2 x 2 points of it (x, y in the
    cell's pixels, fractional: sampled from the picture itself, finer than the square); then the box's
    aspect and its height as a share of the cell."""
    scale = GLYPH / max(bw, bh)
    ow = (GLYPH - bw * scale) / 2
    oh = (GLYPH - bh * scale) / 2
    offsets = (0.25, 0.75)
    xs = [[l + (tx + o - ow) / scale for o in offsets] for tx in range(GLYPH)]
    out = []
    for ty in range(GLYPH):
        ys = [t + (ty + o - oh) / scale for o in offsets]
        ys = [y for y in ys if t <= y < t + bh]
        for tx in range(GLYPH):
            total = 0.0
            if ys:
                for x in xs[tx]:
                    if l <= x < l + bw:
                        for y in ys:
                            total += sample(x, y)
            out.append(total / 4)
    out.append(bw / bh)
    out.append(bh / CELL)
    return out


# --- 6. the classifier -----------------------------------------------------------------------------

def _classify(model: dict, features: list[float], symbols: int = SIZE) -> list[float]:
    """The network's probability of each of the first ``symbols`` symbols (1..9 for a 9x9, 1..16 for a
    16x16: the grid's side) for a glyph, a list of that many, summing to 1."""
    from math import exp
    hidden = [max(0.0, sum(map(float.__mul__, w, features)) + b) for w, b in zip(model["w1"], model["b1"], strict=True)]
    logits = [sum(map(float.__mul__, w, hidden)) + b for w, b in zip(model["w2"][:symbols], model["b2"][:symbols],
                                                                     strict=True)]
    if len(logits) < symbols:
        raise ScanError(f"the classifier knows {len(logits)} symbols, not the {symbols} of a {symbols}x{symbols} grid")
    top = max(logits)
    exps = [exp(v - top) for v in logits]
    total = sum(exps)
    return [v / total for v in exps]


#: How many of the least confident digits the solver's second opinion tries other readings of, and the
#: least probability a reading must have to be tried.
SECOND_LOOKS = 10
SECOND_LEAST = 0.01


def _second_opinion(digits: list[int], confidence: list[float], probs: dict[int, list[float]]) -> int | None:
    """A printed Sudoku has exactly one solution. When the digits as read have none (or several), try
    other readings of the least confident digits, one cell at a time: another digit the network also saw,
    or empty. When exactly one other digit in one cell gives a puzzle with one solution, it is taken (the
    cell stays flagged); a cell that only emptying mends is the wrong one but its digit is unknown, so it
    is flagged as doubtful as can be. Otherwise the cells to blame are flagged on their own (see
    :func:`_blame`). Changes ``digits`` and ``confidence`` in place; returns how many solutions the puzzle
    read (after any change) has: 0, 1 or 2 (several), None when the solver gave up (too few givens to tell
    quickly)."""
    size = math.isqrt(len(digits))
    found = _count(digits)
    if found == 1:
        return 1
    tried = sorted(probs, key=confidence.__getitem__)[:SECOND_LOOKS]
    mends: list[tuple[int, int]] = []
    emptied: list[int] = []
    for cell in tried:
        p = probs[cell]
        for d in sorted(range(1, size + 1), key=lambda d: -p[d - 1]):
            if d != digits[cell] and p[d - 1] >= SECOND_LEAST and _count([*digits[:cell], d, *digits[cell + 1:]]) == 1:
                mends.append((cell, d))
        if _count([*digits[:cell], 0, *digits[cell + 1:]]) == 1:
            emptied.append(cell)
    if len(mends) == 1:
        cell, d = mends[0]
        digits[cell] = d
        confidence[cell] = min(confidence[cell], 0.5)
        return 1
    if not mends and len(emptied) == 1:
        confidence[emptied[0]] = 0.0
        return found
    for cell in _blame(digits, confidence, tried, found):
        confidence[cell] = min(confidence[cell], LOW_CONFIDENCE - 0.01)
    for cell in [c for c, _ in mends] + emptied:
        confidence[cell] = min(confidence[cell], 0.5)
    return found


#: How many solutions of a read with several are looked at to find the cells a missed given may be in.
BLAME_SOLUTIONS = 24
#: The fewest givens of a Sudoku with one solution, by side: a read with fewer has missed some, anywhere
#: (9x9: 17; the others' known least, or a safe floor below it).
FEWEST_GIVENS = {4: 4, 6: 8, 9: 17, 12: 30, 16: 55}


def _count(ds: list[int]) -> int | None:
    """How many solutions (0, 1, 2 for several) the digits have; None when the solver gave up."""
    from .solvers import check_unique
    if _conflicts(ds):
        return 0
    result = check_unique(_line(ds), seconds=0.05)
    return None if result.gave_up else result.count


def _blame(digits: list[int], confidence: list[float], tried: list[int], found: int | None) -> list[int]:
    """The cells that may hold the error of a read with no single solution, for the player to check on
    their own cells rather than only in the read's status.

    No solution: a wrong digit is among the digits tried (the least confident) when emptying them all
    gives a puzzle with a solution; then those are blamed. When it does not, the error is elsewhere, or
    everywhere (a grid misplaced reads a page's other lines): every cell is blamed.
    Several solutions: a given read as empty. In the true puzzle that given fixes its cell, so every other
    solution differs from the true one there: the empty cells whose digit differs between the solutions
    found are blamed, with the digits tried. Too few givens to be a Sudoku, or a solver that gave up:
    every cell."""
    every = list(range(len(digits)))
    givens = sum(1 for d in digits if d)
    if found is None or givens < FEWEST_GIVENS[math.isqrt(len(digits))]:
        return every
    if found == 0:
        rest = list(digits)
        for cell in tried:
            rest[cell] = 0
        return tried if _count(rest) else every
    from .solvers import solve
    result = solve(_line(digits), method="dlx", limit=BLAME_SOLUTIONS,
                   node_limit=20_000)
    grids = result.grids
    if len(grids) < 2:
        return every
    varied = [i for i in every if not digits[i] and len({g[i] for g in grids}) > 1]
    return tried + varied


# --- the whole reader ------------------------------------------------------------------------------

def _nine(w: int, h: int, faint: bytearray, score: float, quad: list[tuple[float, float]],
          candidates: list[tuple[float, list[tuple[float, float]], int]]) -> tuple[float, list[tuple[float, float]]]:
    """A 9x9 candidate made good (a screenshot's grid of another side is taken flat and whole, as drawn):
    searched inside when mediocre (a frame), grown by rows or columns whose lines fit, and passed over
    for a much larger candidate whose lines, followed as they bend, are as inked (a curved page)."""
    if score < SHRINK_BELOW:
        score, quad = _shrink(w, h, faint, score, quad)
    score, quad = _extend(w, h, faint, score, quad)
    # unless a much larger one is at least as grid-like once its lines are followed as they bend: a
    # curved page's grid, passed over for a small flat one beside it (a solution grid)
    bent: float | None = None
    for other_score, other, _side in sorted(candidates, key=lambda c: -_area(c[1])):
        if _area(other) <= _area(quad) * 1.5:
            break
        if other_score < MIN_GRID_SCORE:
            continue
        if bent is None:
            bent = _bent(w, h, faint, quad)
        if _bent(w, h, faint, other) >= bent:
            return _extend(w, h, faint, other_score, other)
    return score, quad


#: A screenshot's grid found on the picture min-pooled to FIND_SIDE is found again in the full picture
#: around it, this share of the picture's long side beyond its corners (its lines are a pixel wide: a
#: 16x16's cells are 19 px at 800 px, and half their lines' precision was lost to the pooling).
FINE_MARGIN = 0.02


def _light_on_dark(width: int, height: int, grey: bytes) -> bool:
    """Whether a dark picture is a dark theme (light lines and digits on a dark ground) rather than dark
    print on paper in shadow or dim light: in the picture's blocks (8 x 8 of them, every few pixels),
    the brightest pixels stand further above the block's middle shade than its darkest below it (a
    shadow darkens the picture as a whole; what is drawn in a block still stands out darker)."""
    step = max(1, round(max(width, height) / 200))
    lighter = darker = 0
    for by in range(8):
        for bx in range(8):
            x0, x1 = width * bx // 8, width * (bx + 1) // 8
            block = sorted(b for y in range(height * by // 8, height * (by + 1) // 8, step)
                           for b in grey[y * width + x0:y * width + x1:step])
            if len(block) < 16:
                continue
            mid = block[len(block) // 2]
            lighter += block[-1 - len(block) // 50] - mid
            darker += mid - block[len(block) // 50]
    return lighter > darker


def find_grid(width: int, height: int, grey: bytes
              ) -> tuple[list[tuple[float, float]], float, bool, bytes, list[tuple[float, float]]]:
    """The grid's corners in the picture, its score, whether the picture was inverted, the grey used, and
    the grid's line crossings as its lines run (:func:`lattice`: 10 x 10 for a 9x9; their count tells the
    side, which a screenshot's grid may have another of: :data:`SIZES`).

    The grid is looked for in the picture min-pooled to about FIND_SIDE; a screenshot's is then looked for
    again, at full resolution, in the part of the picture around the best candidate (even one not grid
    enough: a dark theme's faint thin lines may only show there).

    Raises :class:`ScanError` when no candidate looks like a grid."""
    f = max(1, round(max(width, height) / FIND_SIDE))
    sample = sorted(grey[:: max(1, len(grey) // 4001)])
    inverted = sample[len(sample) // 2] < 100 and _light_on_dark(width, height, grey)
    if inverted:  # a dark theme: light lines and digits on a dark ground
        grey = grey.translate(_INVERT)
    sharp = crisp(grey)
    # a photo's grid is a 9x9 (newspapers print them); a screenshot's may be any side its lines show
    sizes = SIZES if sharp else (SIZE,)
    best, lines = _find(width, height, grey, f, sizes)
    # (a candidate not grid enough only when square: a screenshot's grid of another side is, and a ruled
    # table searched again for a 9x9 cost 300 ms more for "no grid")
    if sharp and f > 1 and best is not None and (best[0] >= MIN_GRID_SCORE or _square(best[1])):
        pad = max(width, height) * FINE_MARGIN
        x0 = max(0, int(min(x for x, _ in best[1]) - pad))
        x1 = min(width, int(max(x for x, _ in best[1]) + pad) + 1)
        y0 = max(0, int(min(y for _, y in best[1]) - pad))
        y1 = min(height, int(max(y for _, y in best[1]) + pad) + 1)
        crop = b"".join(grey[y * width + x0:y * width + x1] for y in range(y0, y1))
        fine, fine_lines = _find(x1 - x0, y1 - y0, crop, 1, sizes)
        if fine is not None and fine[0] >= MIN_GRID_SCORE:
            best = (fine[0], [(x + x0, y + y0) for x, y in fine[1]])
            lines = [(x + x0, y + y0) for x, y in fine_lines]
    if best is None or best[0] < MIN_GRID_SCORE:
        raise ScanError("no grid found" + ("" if best is None else f" (the best candidate's lines are only "
                                           f"{best[0]:.0%} inked)"), looked=None if best is None else best[1])
    return best[1], best[0], inverted, grey, lines


def _find(width: int, height: int, grey: bytes, f: int, sizes: Sequence[int]
          ) -> tuple[tuple[float, list[tuple[float, float]]] | None, list[tuple[float, float]]]:
    """:func:`find_grid`'s search in ``grey`` min-pooled by ``f``: the best candidate's score and corners
    (None when no shape is a candidate) and its line crossings, in ``grey``'s pixels."""
    w, h, small = _pool(width, height, grey, f)
    # the ink that makes shapes, and a fainter one that tells where the thin lines of a blurred photo run
    # (they break up under the first)
    ink, faint = thresholds(w, h, small, max(4, max(w, h) // 40), ((10, 4), (4, 2)))
    least = min(w, h) // 6
    shapes = _shapes(w, h, ink, min_side=least)

    def boxes(quad: Sequence[tuple[float, float]], size: int) -> bool:
        return _boxes_shown(width, height, grey, [((x + 0.5) * f, (y + 0.5) * f) for x, y in quad], size)

    candidates: list[tuple[float, list[tuple[float, float]], int]] = []  # score, corners, side
    shapes.sort(key=lambda sh: -(sh.right - sh.left) * (sh.bottom - sh.top))
    for sh in shapes[:6]:
        rough: list[tuple[float, float]] = [(sh.tl[1], sh.tl[2]), (sh.tr[1], sh.tr[2]), (sh.br[1], sh.br[2]),
                                            (sh.bl[1], sh.bl[2])]
        if sh.pixels > _area(rough) * 0.6:  # a blob (a photo, a dark bar), not lines
            continue
        for shape_quad in (_corners(sh), rough):
            # (a quad smaller than a shape may be is no grid: a dark band's corners fitted awry)
            if shape_quad is not None and _plausible(shape_quad) \
                    and min(math.dist(shape_quad[i], shape_quad[i - 1]) for i in range(4)) >= least:
                score, side = _sized_score(w, h, faint, shape_quad, sizes, boxes)
                candidates.append((score, shape_quad, side))
    if not candidates:
        return None, []
    # the largest candidate nearly as grid-like as the most grid-like one (a box of a grid is a grid too)
    top = max(score for score, _, _ in candidates)
    score, quad, size = next(c for c in candidates if c[0] >= top * 0.85)
    if size == SIZE:
        score, quad = _nine(w, h, faint, score, quad, candidates)
        # a picture cropped to its grid: the outer lines at its edges are broken, so no shape holds the
        # grid; looked for across the whole picture when the grid found is not clearly well inked
        if _bent(w, h, faint, quad) < 1 - BENT_BETTER:
            score, quad = _shrink(w, h, faint, score, quad, [(0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1)])
    lines = [((x + 0.5) * f, (y + 0.5) * f) for x, y in lattice(w, h, faint, quad, size)]
    return (score, [((x + 0.5) * f, (y + 0.5) * f) for x, y in quad]), lines


def read_picture(width: int, height: int, pixels: bytes | bytearray | memoryview, channels: int = 4,
                 model: dict | None = None) -> ScanResult:
    """Read the Sudoku in a picture: ``width`` x ``height`` pixels of ``channels`` bytes each, row by row
    (RGBA as a canvas's ``getImageData`` gives them, or grey). Raises :class:`ScanError` when the pixels do
    not match the size or no grid is found. ``model``: the classifier's weights as
    :func:`sudoku_core.scan_weights.load` gives them (the shipped ones when None; the benchmark's
    cross-validation passes a network learnt without the photo being read)."""
    clock = time.perf_counter()
    timings: dict[str, float] = {}

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings[name] = (now - clock) * 1000
        clock = now

    grey = to_grey(width, height, pixels, channels)
    lap("grey")
    corners, score, inverted, grey, lines = find_grid(width, height, grey)
    lap("grid")
    sharp = crisp(grey)
    cells = glyphs(width, height, grey, corners, sharp, lines)
    size = math.isqrt(len(cells))
    lap("cells")
    if model is None:
        from .scan_weights import load
        model = load()
    digits = [0] * (size * size)
    confidence = [1.0] * (size * size)
    probs: dict[int, list[float]] = {}
    for cell, (feats, sure) in enumerate(cells):
        if feats is None:
            confidence[cell] = sure
            continue
        p = probs[cell] = _classify(model, feats, size)
        digit = max(range(size), key=p.__getitem__) + 1
        digits[cell] = digit
        # a photo's small glyph may be a speck; a screenshot's is a small digit: only the network doubts it
        confidence[cell] = p[digit - 1] if sharp else min(p[digit - 1], 0.5 + sure / 2)
    for cell in _conflicts(digits):  # two equal digits in a house: at least one is misread
        confidence[cell] = min(confidence[cell], 0.5)
    lap("digits")
    solutions = _second_opinion(digits, confidence, probs)
    lap("solver")
    return ScanResult(digits, confidence, corners, score, inverted, timings, solutions, size)


def _conflicts(digits: list[int]) -> set[int]:
    """The cells whose digit another cell of the same row, column or box repeats (the boxes of the
    engine's shape for the grid's side: 2x3 for a 6x6)."""
    from .grid import geometry_for_side
    out: set[int] = set()
    for house in geometry_for_side(math.isqrt(len(digits))).houses:
        seen: dict[int, int] = {}
        for cell in house:
            d = digits[cell]
            if d:
                if d in seen:
                    out.update((cell, seen[d]))
                seen[d] = cell
    return out


def crisp(grey: bytes) -> bool:
    """Whether the picture is a screenshot rather than a photo: a third or more of it one flat shade of
    paper (a photo's paper is noisy and unevenly lit: its commonest shade is a few percent of it)."""
    sample = grey[:: max(1, len(grey) // 4001)]
    return max(sample.count(v) for v in set(sample)) * 3 >= len(sample)


def crossings(corners: Sequence[tuple[float, float]], size: int = SIZE) -> list[tuple[float, float]]:
    """The (size + 1)^2 line crossings (as :func:`lattice`) of a flat grid with these ``corners``."""
    a, b, c, d, e, f, g, h = homography(corners)
    out = []
    for j in range(size + 1):
        for k in range(size + 1):
            u, v = k / size, j / size
            den = g * u + h * v + 1
            out.append(((a * u + b * v + c) / den, (d * u + e * v + f) / den))
    return out


def glyphs(width: int, height: int, grey: bytes, corners: Sequence[tuple[float, float]], crisp: bool = False,
           lines: Sequence[tuple[float, float]] | None = None, size: int = SIZE
           ) -> list[tuple[list[float] | None, float]]:
    """Per cell, row by row: the glyph's classifier features (None for an empty cell) and how sure the
    cell's emptiness or fullness is (0..1), for the grid of side ``size`` with these ``corners``, or, when
    ``lines`` gives its line crossings (:func:`lattice`; their count gives the side), cut by its lines as
    they run (a curved page).

    Each cell is warped from its own four crossings (for a flat grid the same as one homography from the
    corners). Where ink is is decided on the square (nearest pixel, CELL pixels a cell); the glyph's
    features are then sampled from the picture itself (bilinear), as grey levels between the cell's paper
    and the glyph's darkest ink: a blurred 6 keeps the paler gap that tells it from an 8."""
    if lines is not None:
        size = math.isqrt(len(lines)) - 1
    side = size * CELL
    points = crossings(corners, size) if lines is None else lines
    n = size + 1
    quads = [[points[r * n + c], points[r * n + c + 1], points[(r + 1) * n + c + 1], points[(r + 1) * n + c]]
             for r in range(size) for c in range(size)]
    rows = [bytearray() for _ in range(side)]
    for cell, quad in enumerate(quads):
        patch = warp(width, height, grey, quad, CELL)
        y0 = cell // size * CELL
        for y in range(CELL):
            rows[y0 + y] += patch[y * CELL:(y + 1) * CELL]
    square = b"".join(rows)
    out: list[tuple[list[float] | None, float]] = []
    for cell, (found, sure, paper) in enumerate(_cells_ink(square, side, crisp)):
        if found is None:
            out.append((None, sure))
            continue
        pix, l, t, bw, bh = found
        x0, y0 = cell % size * CELL, cell // size * CELL
        darks = sorted(square[(y0 + y) * side + x0 + x] for x, y in pix)
        dark = darks[len(darks) // 10]
        span = max(8.0, paper - dark)
        a, b, c, d, e, f, g, h = homography(quads[cell])

        def sample(x: float, y: float, paper: int = paper, span: float = span, a: float = a, b: float = b,
                   c: float = c, d: float = d, e: float = e, f: float = f, g: float = g, h: float = h) -> float:
            u, v = x / CELL, y / CELL
            den = g * u + h * v + 1
            px = (a * u + b * v + c) / den - 0.5
            py = (d * u + e * v + f) / den - 0.5
            ix, iy = int(px) if px >= 0 else -1, int(py) if py >= 0 else -1
            if not (0 <= ix < width - 1 and 0 <= iy < height - 1):
                return 0.0
            fx, fy = px - ix, py - iy
            k = iy * width + ix
            top = grey[k] + (grey[k + 1] - grey[k]) * fx
            bottom = grey[k + width] + (grey[k + width + 1] - grey[k + width]) * fx
            ink = (paper - (top + (bottom - top) * fy)) / span
            return 0.0 if ink < 0 else 1.0 if ink > 1 else ink

        out.append((_features(sample, l, t, bw, bh), sure))
    return out


def _cells_ink(square: bytes, side: int, crisp: bool = False
               ) -> list[tuple[tuple[list[tuple[int, int]], int, int, int, int] | None, float, int]]:
    """Per cell: its glyph (:func:`_glyph`), how sure, and its paper's brightness. Ink is what is darker
    than the cell's own paper (its 80th percentile of brightness, so shaded cells and uneven light count)
    by a share of the square's contrast (the spread of the most contrasted cells: print)."""
    s = CELL
    size = side // s
    patches = []
    for cell in range(size * size):
        x0, y0 = cell % size * s, cell // size * s
        patches.append(b"".join(square[(y0 + y) * side + x0:(y0 + y) * side + x0 + s] for y in range(s)))
    stats = []
    for patch in patches:
        order = sorted(patch)
        stats.append((order[len(order) * 4 // 5], order[len(order) // 50]))
    spreads = sorted(bg - lo for bg, lo in stats)
    contrast = max(24, spreads[len(spreads) * 9 // 10])
    out = []
    for patch, (bg, _lo) in zip(patches, stats, strict=True):
        cut = bg - contrast * 0.35
        found, sure = _glyph(bytearray(1 if p < cut else 0 for p in patch), crisp)
        out.append((found, sure, bg))
    return out
