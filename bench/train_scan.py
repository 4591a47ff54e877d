"""Train the picture reader's digit classifier and write ``sudoku_core/scan_weights.py``.

    .venv/bin/python bench/train_scan.py [--epochs N] [--hidden H] [--seed S]

Data it names, and only that:

* the 120 learning photos of ``bench/scan_photos.py``'s split of ``../shared/data/photos`` (or
  ``$SUDOKU_DATA/photos``; the script says so when they are missing): the reader finds each grid, and every
  cell it sees ink in whose given is printed becomes an example, four times, with the grid's corners moved
  a little each time (seeded), as a phone would frame it;
* grids rendered here with Pillow in the machine's fonts (DejaVu, Liberation, Nimbus, URW, ...; the ones
  ``fc-list`` names), in light and dark themes, read by the same reader: screenshots' digits; half of
  them made photo-like (perspective, blur, grey paper and ink, noise, shrunk, strokes thickened), seeded;
* more rendered grids for what screens show: the monospaced faces (thin 1s and 7s) again, pixel fonts
  (a face drawn at 8 to 12 px without smoothing and blown up by whole pixels to half or three quarters
  of the cell, as a game's bitmap digits are), the page's own face (DejaVu Sans, bold as its givens
  are), and the letters A to G of a 16x16 grid (its symbols 10 to 16), so the network has 16 outputs:
  a 9x9 reads only the first nine; and 16x16 grids drawn at their own small cell size (16 to 33 px).

The network (glyph features -> ``H`` ReLU units -> 16 symbols, 1..9 then A..G) is trained with numpy (softmax, Adam,
weight decay) and written as int8 weights with one scale per matrix, base64 in a Python module, so that
the engine reads it with the standard library (and the build zips it with the rest of the engine). The
held-out photos are never read here.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import inspect
import multiprocessing
import multiprocessing.pool
import pickle
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter, ImageFont
except ImportError as exc:  # the engine needs neither: only this script (and bench/scan_bench.py, which imports it)
    sys.exit(f"{Path(sys.argv[0]).name}: {exc.name} is missing: the classifier's training (and the scan benchmark) "
             f"need numpy and Pillow: .venv/bin/pip install numpy Pillow")
from scan_photos import split
from shared_data import REPO

sys.path.insert(0, str(REPO))
from sudoku_core import scan

OUT = REPO / "sudoku_core" / "scan_weights.py"
#: Where the glyphs cut from each picture are kept between runs (the cross-validation reads them five
#: times); a picture's entry is named by a hash of the reader's source, the functions that cut and
#: render, and the job itself, so a change to any of them cuts the glyphs afresh.
CACHE = Path(tempfile.gettempdir()) / "sudoku-scan-glyphs"
MAX_SIDE = 800  # the page scales a picture to at most this on its long side; so do we
#: The symbols the network tells apart, in the order of its outputs (a 16x16 grid's 10..16 are A..G).
SYMBOLS = "123456789ABCDEFG"


def load_photo(path: Path) -> tuple[int, int, bytes]:
    im = Image.open(path).convert("RGBA")
    im.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.BILINEAR)
    return im.width, im.height, im.tobytes()


def _photo_glyphs(job: tuple[int, str, Path, list[int], int]) -> list[tuple[list[float], int]] | None:
    """One learning photo's labelled glyphs (its own corners and ``jitters`` jittered ones), or None when
    the grid found is not this one or is read badly (its labels would lie). Seeded by the photo's name."""
    seed, name, path, givens, jitters = job
    rng = random.Random(f"{seed}:{name}")
    w, h, px = load_photo(path)
    grey = scan.to_grey(w, h, px, 4)
    try:
        corners, _score, _inv, grey, lines = scan.find_grid(w, h, grey)
    except scan.ScanError:
        return None
    cells = scan.glyphs(w, h, grey, corners, lines=lines)
    if sum((f is not None) != (g != 0) for (f, _), g in zip(cells, givens, strict=True)) > 3:
        return None
    out = []
    side = max(abs(corners[1][0] - corners[0][0]), abs(corners[3][1] - corners[0][1]))
    for k in range(jitters + 1):
        if k:
            quad = [(x + rng.uniform(-1, 1) * side * 0.012, y + rng.uniform(-1, 1) * side * 0.012)
                    for x, y in corners]
            cells = scan.glyphs(w, h, grey, quad)
        out += [(feats, g - 1) for (feats, _), g in zip(cells, givens, strict=True) if feats is not None and g]
    return out


def _cached(fn, jobs: list, pool: multiprocessing.pool.Pool) -> list:  # type: ignore[no-untyped-def]
    """``pool.map(fn, jobs)``, each job's answer kept in :data:`CACHE` under a hash of what makes it (the
    sources as this process imported them: an edit during a run does not mislabel its glyphs)."""
    CACHE.mkdir(exist_ok=True)
    keys = [CACHE / (hashlib.sha256((_SOURCE + repr(job)).encode()).hexdigest()[:32] + ".pickle") for job in jobs]
    todo = [k for k, key in enumerate(keys) if not key.exists()]
    for k, got in zip(todo, pool.imap(fn, [jobs[k] for k in todo], chunksize=2), strict=True):
        keys[k].write_bytes(pickle.dumps(got))
    return [pickle.loads(key.read_bytes()) for key in keys]


def photo_glyphs(seed: int, jitters: int, pool: multiprocessing.pool.Pool
                 ) -> dict[str, list[tuple[list[float], int]] | None]:
    """Each learning photo's labelled glyphs (None when it is not read well enough to learn from), by name."""
    learn, _held_out = split()
    got = _cached(_photo_glyphs, [(seed, name, path, givens, jitters) for name, path, givens in learn], pool)
    return {name: one for (name, _, _), one in zip(learn, got, strict=True)}


def photo_examples(seed: int, jitters: int, pool: multiprocessing.pool.Pool) -> tuple[list[list[float]], list[int]]:
    got = list(photo_glyphs(seed, jitters, pool).values())
    pairs = [pair for one in got if one is not None for pair in one]
    print(f"photos: {sum(one is not None for one in got)} of {len(got)} learning photos read well enough to "
          f"learn from, {len(pairs)} examples", file=sys.stderr)
    return [x for x, _ in pairs], [y for _, y in pairs]


def fonts() -> list[str]:
    """Regular and bold sans, serif and mono faces installed here (fc-list), one file each."""
    try:
        listing = subprocess.run(["fc-list", ":", "file", "style"], capture_output=True, text=True,
                                 check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    keep = []
    for line in listing.splitlines():
        path = line.split(":")[0]
        if not path.endswith((".ttf", ".otf")):
            continue
        if any(bad in path for bad in ("Symbol", "Math", "Dingbat", "Fallback", "D050000L", "Z003")):
            continue
        keep.append(path)
    return sorted(set(keep))


def render_grid(digits: list[int], font_path: str, dark: bool, rng: random.Random, augment: bool = False,
                pixel: bool = False, bold: bool = False, box: tuple[int, int] = (3, 3)) -> tuple[int, int, bytes]:
    """A screenshot-like picture of a grid: thin and thick lines, symbols in one font (``digits``: 1..16 for
    ``SYMBOLS``, 0 empty), a margin around. ``augment``: made to look like a photo of print (seeded by
    ``rng``): strokes thickened or not, grey paper and ink, a perspective tilt, blur, noise, and a shrink to
    a phone photo's cell size. ``pixel``: a bitmap font, the face drawn small without smoothing and blown
    up by whole pixels. ``bold``: strokes thickened by a pixel (the page's givens are bold). ``box``: the
    boxes' rows and columns (a 6x6's are 2 x 3), the grid's side their product."""
    n = box[0] * box[1]
    cell = rng.randint(30, 60) * 9 // n
    margin = rng.randint(10, 60)
    side = cell * n
    paper, ink = ((30, 30, 34), (230, 230, 230)) if dark else ((255, 255, 255), (20, 20, 20))
    im = Image.new("RGB", (side + 2 * margin, side + 2 * margin + rng.randint(0, 80)), paper)
    d = ImageDraw.Draw(im)
    thin, thick = rng.choice([(1, 2), (1, 3), (2, 4)])
    for k in range(n + 1):
        p = margin + k * cell
        d.line([(margin, p), (margin + side, p)], fill=ink, width=thick if k % box[0] == 0 else thin)
        d.line([(p, margin), (p, margin + side)], fill=ink, width=thick if k % box[1] == 0 else thin)
    if pixel:
        small = ImageFont.truetype(font_path, rng.randint(8, 12))
        tall = cell * rng.uniform(0.45, 0.75)
        for i, g in enumerate(digits):
            if g:
                bits = Image.new("1", (32, 32), 0)
                draw = ImageDraw.Draw(bits)
                draw.fontmode = "1"  # no smoothing: whole pixels, as a bitmap font
                draw.text((16, 16), SYMBOLS[g - 1], fill=1, font=small, anchor="mm")
                box = bits.getbbox()
                if box is None:
                    continue
                bits = bits.crop(box)
                dot = max(1, round(tall / bits.height))
                big = bits.resize((bits.width * dot, bits.height * dot), Image.Resampling.NEAREST)
                x0 = int(margin + (i % n + 0.5) * cell - big.width / 2)
                y0 = int(margin + (i // n + 0.5) * cell - big.height / 2)
                im.paste(Image.new("RGB", big.size, ink), (x0, y0), big.convert("L"))
    else:
        font = ImageFont.truetype(font_path, int(cell * rng.uniform(0.4 if augment else 0.5, 0.75)))
        stroke = 1 if bold else rng.choice((0, 0, 1)) if augment else 0
        for i, g in enumerate(digits):
            if g:
                cx = margin + (i % n + 0.5) * cell
                cy = margin + (i // n + 0.5) * cell
                d.text((cx, cy), SYMBOLS[g - 1], fill=ink, font=font, anchor="mm", stroke_width=stroke,
                       stroke_fill=ink)
    if augment:
        im = _photo_like(im, dark, rng)
    im = im.convert("RGBA")
    return im.width, im.height, im.tobytes()


def _photo_like(im: Image.Image, dark: bool, rng: random.Random) -> Image.Image:
    """``im`` as a phone might photograph it: tilted in perspective, blurred, lower contrast, noisy, smaller."""
    fill = (30, 30, 34) if dark else (255, 255, 255)
    pad = int(max(im.size) * 0.08)
    framed = Image.new("RGB", (im.width + 2 * pad, im.height + 2 * pad), fill)
    framed.paste(im, (pad, pad))
    im = framed
    w, h = im.size
    j = [rng.uniform(-0.06, 0.06) * min(w, h) for _ in range(8)]
    # Pillow's perspective maps each output pixel through these 8 coefficients into the input
    src = [(j[0], j[1]), (w + j[2], j[3]), (w + j[4], h + j[5]), (j[6], h + j[7])]
    dst = [(0, 0), (w, 0), (w, h), (0, h)]
    rows = []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    coeffs = np.linalg.solve(np.array(rows, dtype=float), np.array([c for p in src for c in p], dtype=float))
    im = im.transform((w, h), Image.Transform.PERSPECTIVE, tuple(coeffs), Image.Resampling.BILINEAR,
                      fillcolor=fill)
    im = im.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 2.0)))
    a = np.asarray(im, dtype=np.float64)
    lo, hi = rng.uniform(0, 70), rng.uniform(170, 255)
    a = lo + a * (hi - lo) / 255 + np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(0, 10), a.shape)
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    shrink = rng.uniform(0.5, 1.0)
    return im.resize((max(1, int(w * shrink)), max(1, int(h * shrink))), Image.Resampling.BILINEAR)


#: A grid to render: seed, kind, number, font file, dark, photo-like, pixel font, bold, letters too.
Job = tuple[int, str, int, str, bool, bool, bool, bool, bool]


def _rendered_glyphs(job: Job) -> list[tuple[list[float], int]] | None:
    """One rendered grid's labelled glyphs, or None when the reader reads it badly. Seeded by its kind and number."""
    seed, kind, k, face, dark, augment, pixel, bold, letters = job
    rng = random.Random(f"{seed}:{kind}:{k}")
    box = (4, 4) if kind == "sixteen" else (3, 3)  # a 16x16 drawn at its own cell size (16 to 33 px)
    top = 16 if letters else 9
    digits = [rng.randint(1, top) if rng.random() < 0.4 else 0 for _ in range(box[0] * box[1] * box[0] * box[1])]
    w, h, px = render_grid(digits, face, dark, rng, augment=augment, pixel=pixel, bold=bold, box=box)
    try:
        corners, _s, _i, grey, lines = scan.find_grid(w, h, scan.to_grey(w, h, px, 4))
    except scan.ScanError:
        return None
    cells = scan.glyphs(w, h, grey, corners, crisp=not augment and scan.crisp(grey), lines=lines)
    if len(cells) != len(digits):
        return None  # read as a grid of another side (a screenshot's side is told by its lines)
    if sum((f is not None) != (g != 0) for (f, _), g in zip(cells, digits, strict=True)) > 3:
        return None  # the grid found is not this one, or is read badly: its labels would lie
    return [(feats, g - 1) for (feats, _), g in zip(cells, digits, strict=True) if feats is not None and g]


def synthetic_jobs(seed: int, count: int, faces: list[str]) -> list[Job]:
    """The grids to render: ``count`` in every face (a third dark, half photo-like), then a quarter as many
    again in each of the screen's kinds: monospaced faces, pixel fonts, the page's face in bold, and
    grids with the letters of a 16x16 grid; and an eighth as many 16x16 grids, drawn at their own cell size."""
    jobs = [(seed, "face", k, faces[k % len(faces)], k % 3 == 2, k % 2 == 1, False, False, False)
            for k in range(count)]
    mono = [f for f in faces if "Mono" in f] or faces
    page = [f for f in faces if Path(f).name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")] or faces
    plain = [f for f in faces if "Italic" not in f and "Oblique" not in f] or faces
    extra = count // 4
    jobs += [(seed, "mono", k, mono[k % len(mono)], k % 2 == 1, False, False, False, False) for k in range(extra)]
    jobs += [(seed, "pixel", k, plain[k % len(plain)], k % 2 == 1, False, True, False, k % 3 == 2)
             for k in range(extra)]
    jobs += [(seed, "page", k, page[k % len(page)], k % 2 == 1, False, False, k % 2 == 0, k % 3 == 2)
             for k in range(extra)]
    jobs += [(seed, "letters", k, faces[k % len(faces)], k % 3 == 2, k % 4 == 3, False, False, True)
             for k in range(extra)]
    # 16x16 grids as a screen shows them: symbols of 16 to 33 px cells (a 16x16 drawn in 400 to 800 px),
    # which the 9x9 renders' larger cells do not teach (the tests' 400 px 16x16 had 19 symbols misread)
    jobs += [(seed, "sixteen", k, plain[k % len(plain)], k % 2 == 1, False, False, k % 3 == 0, True)
             for k in range(count // 8)]
    return jobs


def synthetic_examples(seed: int, count: int, pool: multiprocessing.pool.Pool) -> tuple[list[list[float]], list[int]]:
    faces = fonts()
    if not faces:
        print("synthetic: no fonts found (fc-list), none rendered", file=sys.stderr)
        return [], []
    jobs = synthetic_jobs(seed, count, faces)
    got = _cached(_rendered_glyphs, jobs, pool)
    pairs = [pair for one in got if one is not None for pair in one]
    print(f"synthetic: {len(jobs)} grids in {len(faces)} fonts, {sum(one is not None for one in got)} read well "
          f"enough, {len(pairs)} examples", file=sys.stderr)
    return [x for x, _ in pairs], [y for _, y in pairs]


def train(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int) -> list[np.ndarray]:
    rs = np.random.default_rng(seed)
    n, d = x.shape
    w1 = rs.normal(0, (2 / d) ** 0.5, (hidden, d))
    b1 = np.zeros(hidden)
    w2 = rs.normal(0, (2 / hidden) ** 0.5, (len(SYMBOLS), hidden))
    b2 = np.zeros(len(SYMBOLS))
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    top_lr, decay, step = 0.003, 1e-4, 0
    for epoch in range(epochs):
        # cosine decay to a tenth: the last epochs settle instead of swinging by half a point
        lr = top_lr * (0.1 + 0.9 * (1 + np.cos(np.pi * epoch / max(1, epochs - 1))) / 2)
        order = rs.permutation(n)
        for start in range(0, n, 64):
            idx = order[start:start + 64]
            xb, yb = x[idx], y[idx]
            h = np.maximum(0, xb @ w1.T + b1)
            z = h @ w2.T + b2
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(idx)), yb] -= 1
            p /= len(idx)
            g_w2 = p.T @ h + decay * w2
            g_b2 = p.sum(axis=0)
            dh = (p @ w2) * (h > 0)
            g_w1 = dh.T @ xb + decay * w1
            g_b1 = dh.sum(axis=0)
            step += 1
            for i, g in enumerate((g_w1, g_b1, g_w2, g_b2)):
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                params[i] -= lr * (m[i] / (1 - 0.9 ** step)) / (np.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8)
        if epoch % 10 == 9 or epoch == epochs - 1:
            acc = (predict(params, x) == y).mean()
            print(f"  epoch {epoch + 1}: learning accuracy {acc:.4f}", file=sys.stderr)
    return params


def predict(params: list[np.ndarray], x: np.ndarray) -> np.ndarray:
    w1, b1, w2, b2 = params
    return (np.maximum(0, x @ w1.T + b1) @ w2.T + b2).argmax(axis=1)


def as_model(params: list[np.ndarray]) -> dict[str, list]:
    """The network as :func:`sudoku_core.scan_weights.load` gives the written one (quantised to int8 the same
    way), for :func:`sudoku_core.scan.read_picture`'s ``model``."""
    out: dict[str, list] = {}
    for name, a in zip(("w1", "b1", "w2", "b2"), params, strict=True):
        scale = float(np.abs(a).max()) / 127 or 1.0
        q = np.clip(np.round(a / scale), -127, 127) * scale
        out[name] = q.tolist()
    return out


def quantise(a: np.ndarray) -> tuple[float, str]:
    scale = float(np.abs(a).max()) / 127 or 1.0
    q = np.clip(np.round(a / scale), -127, 127).astype(np.int8)
    return scale, base64.b64encode(q.tobytes()).decode()


def write(params: list[np.ndarray], note: str) -> None:
    w1, b1, w2, b2 = params
    parts = []
    for name, a in (("w1", w1), ("b1", b1), ("w2", w2), ("b2", b2)):
        scale, text = quantise(a)
        lines = [text[i:i + 100] for i in range(0, len(text), 100)]
        body = "\n".join(f'    "{line}"' for line in lines)
        parts.append(f'    "{name}": ({list(a.shape)!r}, {scale!r},\n{body}),')
    OUT.write_text(f'''"""The picture reader's digit classifier: weights made by ``bench/train_scan.py`` (do not edit).

{note}
int8 weights, one scale per matrix, base64; :func:`load` turns them into lists of floats once per call
(the reader calls it once per picture), so importing this module costs nothing until a picture is read.
"""

from __future__ import annotations

import base64

_WEIGHTS = {{
{chr(10).join(parts)}
}}


def load() -> dict[str, list]:
    """The network as lists of floats: ``w1`` (rows of hidden units), ``b1``, ``w2`` (rows of digits), ``b2``."""
    out: dict[str, list] = {{}}
    for name, (shape, scale, text) in _WEIGHTS.items():
        raw = base64.b64decode(text)
        values = [(b - 256 if b > 127 else b) * scale for b in raw]
        if len(shape) == 2:
            cols = shape[1]
            out[name] = [values[r * cols:(r + 1) * cols] for r in range(shape[0])]
        else:
            out[name] = values
    return out
''')


#: The training's settings and their defaults (``bench/scan_bench.py --cv`` takes the same). 96 hidden units
#: (scan9): learnt from the glyphs as scan8 cuts them, 64 units misread 3 of 10 rendered 12x12s and 2 of
#: 10 16x16s (their symbols of 7 to 12 px) and doubted 4 symbols of the tests' page 16x16; 96 read them all.
TRAINING = {"epochs": 40, "hidden": 96, "jitters": 2, "synthetic": 400, "seed": 31}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name, value in TRAINING.items():
        parser.add_argument(f"--{name}", type=int, default=value,
                            help="rendered grids in every face (0: none)" if name == "synthetic" else None)
    parser.add_argument("--processes", type=int, default=2, help="processes that read the pictures (the "
                        "result does not depend on it: each picture is seeded by its name)")
    args = parser.parse_args()
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        xs, ys = photo_examples(args.seed, args.jitters, pool)
        sx, sy = synthetic_examples(args.seed, args.synthetic, pool)
    x = np.array(xs + sx, dtype=np.float64)
    y = np.array(ys + sy)
    print(f"training on {len(y)} glyphs ({len(ys)} from photos, {len(sy)} rendered)", file=sys.stderr)
    params = train(x, y, args.hidden, args.epochs, args.seed)
    note = (f"Learnt from {len(ys)} glyphs of the learning photos (corners jittered {args.jitters} times) and "
            f"{len(sy)} rendered ones;\n{args.hidden} hidden units, {args.epochs} epochs, seed {args.seed}; "
            f"outputs: {SYMBOLS}.")
    write(params, note)
    print(f"wrote {OUT.relative_to(REPO)} ({OUT.stat().st_size} bytes) in {time.perf_counter() - t0:.0f} s",
          file=sys.stderr)


#: What the glyphs cut depend on: the reader's source and the functions here that cut and render.
_SOURCE = (Path(scan.__file__).read_text() + inspect.getsource(render_grid) + inspect.getsource(_photo_like)
           + inspect.getsource(_photo_glyphs) + inspect.getsource(_rendered_glyphs))

if __name__ == "__main__":
    main()
