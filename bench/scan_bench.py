"""Measure the picture reader on the held-out photos (never learnt from) of ``bench/scan_photos.py``'s split.

    .venv/bin/python bench/scan_bench.py [--all | --learn | --hard | --cv K] [--verbose] [--no-photos] [--no-screens]
                                         [--timing [--chromium]] [--page]

Prints: grids found, grids read exactly, cells right, digits right (of the printed givens), empty cells read
as digits and digits read as empty, wrong cells that the reader flagged as uncertain, and the median
time per picture in CPython, wall clock and CPU (the picture scaled to at most 800 px on its long side,
as the page does; decoding the JPEG is not counted). ``--all`` measures on every photo (learning ones included: not a
fair figure, only a check); ``--learn`` on the learning photos alone, to find where errors come from
without looking at the held-out ones; ``--hard`` on the learning photos made hard to place (cropped to
the grid, a second grid, a frame or text beside it, rotated, in perspective, shadowed: the set to tune
the grid's search on). Wrong cells are told apart by stage: a grid misplaced (no grid, or
8 or more wrong cells: the lines found are not the grid's), an empty cell read as a digit or a digit as
empty (the ink found), a digit read as another (the classifier); and wrong digits flagged or not.
Then the same for rendered screenshots: 10 of the machine's fonts, light and dark, seeded apart from the
grids ``train_scan.py`` renders (``--no-screens`` skips them). ``--timing``: a 12 MP photo (a held-out one
scaled up) and four pictures with no Sudoku, scaled and read in CPython, and with ``--chromium`` the page's
whole path in Chromium (file input to answer, timed in the page). ``--page``: Chromium's screenshots of
the game's page, light and dark (and high contrast with ``--contrast``), wide and phone-sized, 9x9 and
4x4, 6x6 and 16x16 puzzles, read in CPython. Rendered grids of the other sides (4x4, 6x6, 12x12, 16x16,
screenshots only: a photo is read as a 9x9) are measured with the 9x9 ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont
from scan_photos import photos, split
from shared_data import REPO
from train_scan import TRAINING, fonts, load_photo, render_grid

sys.path.insert(0, str(REPO))
from sudoku_core import scan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="every photo, not only the held-out ones")
    parser.add_argument("--learn", action="store_true", help="the learning photos only (for diagnosis)")
    parser.add_argument("--verbose", action="store_true", help="one line per photo")
    parser.add_argument("--no-screens", action="store_true", help="skip the rendered screenshots")
    parser.add_argument("--no-photos", action="store_true", help="skip the photos")
    parser.add_argument("--timing", action="store_true",
                        help="a 12 MP photo and pictures with no Sudoku, in CPython (and Chromium with --chromium)")
    parser.add_argument("--chromium", action="store_true", help="with --timing: also the page's whole path in "
                        "Chromium (builds the site into a temporary folder)")
    parser.add_argument("--page", action="store_true", help="screenshots of this project's page in Chromium "
                        "(light and dark, a wide and a phone's viewport; builds the site into a temporary folder)")
    parser.add_argument("--contrast", action="store_true", help="with --page: the high-contrast themes too")
    parser.add_argument("--cv", type=int, default=0, metavar="K",
                        help="the learning photos under K-fold cross-validation (a network learnt per fold, as "
                        "bench/train_scan.py learns it, without the fold's photos), instead of the held-out ones")
    parser.add_argument("--processes", type=int, default=2, help="with --cv or --hard: processes that cut and read")
    parser.add_argument("--hard", action="store_true", help="the learning photos made hard to place (cropped to "
                        "the grid's edge, a second grid, a frame or text beside it, rotated, in perspective, "
                        "shadowed; seeded), instead of the held-out ones")
    for name, value in TRAINING.items():
        parser.add_argument(f"--{name}", type=int, default=value, help=f"with --cv: as train_scan.py's ({value})")
    args = parser.parse_args()
    if args.cv:
        cv_part(args)
    elif args.hard:
        hard_part(args)
    elif not args.no_photos:
        photos_part(args)
    if not args.no_screens:
        screens_part(args.verbose)
    if args.timing:
        timing_part(args.chromium)
    if args.page:
        page_part(args.verbose, args.contrast)


#: Puzzles shown on the page for its screenshots: a well-known one and the first of two of tests/data/samples.
PAGE_PUZZLES = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3...",
    ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
    # the other sides a screenshot may show: sudoku_core.generate(size, seed=31), and the first 16x16 of
    # tests/data/samples/sixteen_by_sixteen_owhy_100.txt
    "....12...32...4.",
    "..3.......2....24.1..6....6...52...3",
    ("1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C8C7E.69..F....."
     "D...D..........2...A.G8C....7E.1426.G4....57F.A...B..........8...F.....B..3A.42E1A.4C.5...E6.7.3..."
     ".....3D.C5.7B2....9..1GB.63.4.C...2.........6.....8FD.3....9.E"),
]


def _digits(puzzle: str) -> list[int]:
    return [0 if ch == "." else scan.SYMBOLS.index(ch) + 1 for ch in puzzle]


def page_part(verbose: bool, contrast: bool) -> None:
    """Screenshots of the game's page (the whole viewport, the board among the page's buttons and text) with
    a puzzle loaded from its link (9x9, 4x4, 6x6, 16x16), light and dark (and their high-contrast themes),
    1280 x 800 and a phone's 390 x 844: read exactly, at the side shown?"""
    import io
    import tempfile

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(REPO / "tests" / "e2e"))
    from e2e_support import CHROMIUM, FLAGS

    import build

    total = exact = cells_right = cells = 0
    by_side: dict[int, list[int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        srv, url = build.serve_in_thread(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                themes = [("light", False), ("dark", False)] + ([("light", True), ("dark", True)] if contrast else [])
                for scheme, high in themes:
                    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
                        page = browser.new_page(viewport=viewport, color_scheme=scheme)
                        if high:
                            page.goto(url + "index.html")
                            page.evaluate("localStorage.setItem('sudoku.settings.v1', "
                                          "JSON.stringify({contrast: true}))")
                        for puzzle in PAGE_PUZZLES:
                            page.goto(url + "index.html#" + puzzle)
                            # this puzzle's board, not the last one's (a new hash is no new page)
                            page.wait_for_function(
                                "([cells, givens]) => document.querySelectorAll('#board [role=gridcell]').length "
                                "=== cells && document.querySelectorAll('#board .cell.given').length === givens",
                                arg=[len(puzzle), len(puzzle) - puzzle.count(".")], timeout=180_000)
                            shot = Image.open(io.BytesIO(page.screenshot())).convert("RGBA")
                            shot.thumbnail((800, 800), Image.Resampling.BILINEAR)
                            want = _digits(puzzle)
                            try:
                                got = scan.read_picture(shot.width, shot.height, shot.tobytes(), 4).digits
                            except scan.ScanError:
                                got = []
                            same = len(got) == len(want)
                            right = sum(1 for a, b in zip(got, want, strict=False) if a == b) if same else 0
                            total += 1
                            exact += right == len(want)
                            cells_right += right
                            cells += len(want)
                            side = by_side.setdefault(round(len(want) ** 0.5), [0, 0])
                            side[0] += right == len(want)
                            side[1] += 1
                            if verbose and right < len(want):
                                print(f"page {scheme}{' high contrast' if high else ''} {viewport['width']} "
                                      f"{round(len(want) ** 0.5)}x: {len(want) - right} wrong")
                        page.close()
                browser.close()
        finally:
            srv.shutdown()
            srv.server_close()
    sides = ", ".join(f"{n}x{n} {e}/{t}" for n, (e, t) in sorted(by_side.items()))
    themes = "4 themes" if contrast else "light, dark"
    print(f"screenshots of this page: {total} ({len(PAGE_PUZZLES)} puzzles x {themes} x 1280 x 800, 390 x 844); "
          f"read exactly: {exact}/{total} ({sides}); cells right: {cells_right}/{cells}")


def big_photo() -> tuple[Image.Image, list[int]]:
    """A held-out photo scaled up to 12 megapixels (4000 x 3000, bicubic), as a phone's camera gives."""
    _name, path, givens = next(p for p in split()[1] if p[0] == "image1000")
    im = Image.open(path).convert("RGB")
    return im.resize((4000, 3000), Image.Resampling.BICUBIC), givens


def no_sudoku() -> list[tuple[str, Image.Image]]:
    """Pictures with no Sudoku in them, drawn here: a blank page, a page of text, a face-like photo (soft
    ellipses over a gradient, with noise), a table of 4 x 12 ruled cells."""
    rng = random.Random(7)
    blank = Image.new("RGB", (800, 600), (236, 234, 228))
    text = Image.new("RGB", (600, 800), (250, 250, 250))
    d = ImageDraw.Draw(text)
    font = ImageFont.truetype(fonts()[0], 16)
    words = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "seven", "puzzles"]
    for y in range(20, 780, 22):
        d.text((30, y), " ".join(rng.choice(words) for _ in range(9)), fill=(30, 30, 30), font=font)
    face = Image.new("RGB", (800, 600))
    d = ImageDraw.Draw(face)
    for y in range(600):
        d.line([(0, y), (800, y)], fill=(90 + y // 6, 120 + y // 8, 160))
    d.ellipse((260, 90, 540, 470), fill=(222, 184, 150))
    d.ellipse((330, 210, 370, 240), fill=(60, 40, 30))
    d.ellipse((430, 210, 470, 240), fill=(60, 40, 30))
    d.arc((340, 300, 460, 400), 20, 160, fill=(150, 60, 60), width=6)
    d.chord((240, 60, 560, 230), 180, 360, fill=(70, 45, 30))
    face = face.filter(ImageFilter.GaussianBlur(2))
    table = Image.new("RGB", (800, 600), (255, 255, 255))
    d = ImageDraw.Draw(table)
    for k in range(13):
        d.line([(100, 100 + k * 30), (700, 100 + k * 30)], fill=(0, 0, 0), width=1)
    for k in range(5):
        d.line([(100 + k * 150, 100), (100 + k * 150, 460)], fill=(0, 0, 0), width=1)
    return [("blank page", blank), ("text", text), ("face", face), ("table", table)]


def _cpython_path(im: Image.Image) -> tuple[float, float, scan.ScanResult | None]:
    """The command line's whole path for a decoded picture: scaled to 800 px (Pillow), then read. (wall ms,
    CPU ms, the result or None for no grid)."""
    t0, c0 = time.perf_counter(), time.process_time()
    small = im.convert("RGBA")
    small.thumbnail((800, 800), Image.Resampling.BILINEAR)
    try:
        res: scan.ScanResult | None = scan.read_picture(small.width, small.height, small.tobytes(), 4)
    except scan.ScanError:
        res = None
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000, res


def timing_part(chromium: bool) -> None:
    big, givens = big_photo()
    runs = [_cpython_path(big) for _ in range(3)]
    res = runs[-1][2]
    right = 0 if res is None else sum(1 for a, b in zip(res.digits, givens, strict=True) if a == b)
    print(f"12 MP photo (image1000 scaled to 4000 x 3000), CPython, scaled to 800 px then read: "
          f"median {statistics.median(r[0] for r in runs):.0f} ms wall, {statistics.median(r[1] for r in runs):.0f} "
          f"ms CPU; {right}/81 cells right")
    pictures = no_sudoku()
    for name, im in pictures:
        wall, cpu_ms, res = _cpython_path(im)
        print(f"no Sudoku ({name}), CPython: {'no grid found' if res is None else 'READ AS ' + res.puzzle} "
              f"in {wall:.0f} ms wall, {cpu_ms:.0f} ms CPU")
    if chromium:
        chromium_part(big, givens, pictures)


def chromium_part(big: Image.Image, givens: list[int], pictures: list[tuple[str, Image.Image]]) -> None:
    """The page's whole path in Chromium: a file chosen on the reader's input to its answer shown (decode,
    scale on a canvas, grey bytes to the worker, the read, the board drawn), timed in the page."""
    import tempfile

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(REPO))
    sys.path.insert(0, str(REPO / "tests" / "e2e"))
    from e2e_support import CHROMIUM, FLAGS

    import build

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        files = []
        big_path = Path(tmp) / "big.jpg"
        big.save(big_path, quality=90)
        files.append(("12 MP photo", big_path))
        for name, im in pictures:
            path = Path(tmp) / (name.replace(" ", "_") + ".png")
            im.save(path)
            files.append((f"no Sudoku ({name})", path))
        srv, url = build.serve_in_thread(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)  # for the wait below
                page.goto(url + "index.html")
                page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=180_000)
                page.evaluate("""() => {
                    window.__scanTimes = [];
                    document.addEventListener("change", (e) => {
                        if (e.target.id === "scan-file") window.__scanStart = performance.now(); }, true);
                    new MutationObserver(() => {
                        const state = document.getElementById("scan-dialog").dataset.state;
                        if (["read", "nogrid", "failed"].includes(state) && window.__scanStart !== undefined) {
                            window.__scanTimes.push([state, performance.now() - window.__scanStart]);
                            window.__scanStart = undefined;
                        }
                    }).observe(document.getElementById("scan-dialog"), { attributes: true });
                }""")
                page.click("#scan-open")
                order = [files[0], files[0], files[0], *files[1:]]
                for k, (name, path) in enumerate(order):
                    before = len(page.evaluate("window.__scanTimes"))
                    page.set_input_files("#scan-file", str(path))
                    page.wait_for_function(f"window.__scanTimes.length > {before}", timeout=120_000)
                    state, ms = page.evaluate("window.__scanTimes")[-1]
                    note = " (the first: fetches the reader too)" if k == 0 else ""
                    if state == "read":
                        board = "".join(v or "0" for v in page.eval_on_selector_all(
                            "#scan-board input", "els => els.map(e => e.value)"))
                        right = sum(1 for a, b in zip(board, givens, strict=True) if a == str(b))
                        what = f"read, {right}/81 cells right" if k < 3 else f"READ AS {board}"
                    else:
                        what = "no grid found" if state == "nogrid" else state
                    print(f"{name}, Chromium, the page's whole path: {ms:.0f} ms{note}; {what}")
                browser.close()
        finally:
            srv.shutdown()
            srv.server_close()


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
    # the other sides: 5 of the 10 fonts, light and dark, random symbols of the side (its solutions unchecked)
    for box in ((2, 2), (2, 3), (3, 4), (4, 4)):
        n = box[0] * box[1]
        exact = total = cells_right = 0
        times = []
        for face in picked[::2]:
            for dark in (False, True):
                digits = [rng.randint(1, n) if rng.random() < 0.4 else 0 for _ in range(n * n)]
                w, h, px = render_grid(digits, face, dark, rng, box=box)
                c0 = time.process_time()
                try:
                    res = scan.read_picture(w, h, px, 4)
                    got = res.digits if res.size == n else []
                except scan.ScanError:
                    got = []
                times.append(time.process_time() - c0)
                right = sum(1 for a, b in zip(got, digits, strict=False) if a == b) if got else 0
                total += 1
                cells_right += right
                exact += right == n * n
                if verbose and right < n * n:
                    print(f"{n}x{n} {Path(face).name} {'dark' if dark else 'light'}: "
                          f"{'side not found' if not got else f'{n * n - right} wrong'}")
        print(f"screenshots {n}x{n}: {total} ({len(picked[::2])} fonts x light, dark); read exactly: {exact}/{total}; "
              f"cells right: {cells_right}/{total * n * n}; median {statistics.median(times) * 1000:.0f} ms CPU")


#: One photo read: its name, its givens, what was read (or the ScanError's message), wall and CPU seconds.
Record = tuple[str, list[int], "scan.ScanResult | str", float, float]


def _read_photo(job: tuple[str, Path, list[int], dict | None]) -> Record:
    """Read one photo (scaled to 800 px, as the page does) with ``model`` (None: the shipped weights)."""
    name, path, givens, model = job
    w, h, px = load_photo(path)
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        res: scan.ScanResult | str = scan.read_picture(w, h, px, 4, model=model)
    except scan.ScanError as exc:
        res = str(exc)
    return name, givens, res, time.perf_counter() - t0, time.process_time() - c0


def photos_part(args: argparse.Namespace) -> None:
    chosen = photos() if args.all else split()[0] if args.learn else split()[1]
    report([_read_photo((name, path, givens, None)) for name, path, givens in chosen],
           "all" if args.all else "learning" if args.learn else "held out", args.verbose)


def cv_part(args: argparse.Namespace) -> None:
    """The learning photos read under k-fold cross-validation: the photos cut into ``args.cv`` folds (seeded),
    and each fold read by a network learnt as ``bench/train_scan.py`` learns it, from every rendered grid
    and the other folds' photos only: an estimate of how photos the network never saw are read, to tune
    on without touching the held-out ones."""
    import multiprocessing

    import numpy as np
    from train_scan import as_model, photo_glyphs, synthetic_examples, train

    learn = split()[0]
    order = [name for name, _, _ in learn]
    random.Random(args.seed).shuffle(order)
    folds = [set(order[k::args.cv]) for k in range(args.cv)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        per_photo = photo_glyphs(args.seed, args.jitters, pool)
        sx, sy = synthetic_examples(args.seed, args.synthetic, pool)
        print(f"glyphs cut in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        jobs = []
        for k, fold in enumerate(folds):
            pairs = [pair for name, one in per_photo.items() if name not in fold and one for pair in one]
            x = np.array([p[0] for p in pairs] + sx, dtype=np.float64)
            y = np.array([p[1] for p in pairs] + sy)
            print(f"fold {k + 1}/{args.cv}: learning from {len(pairs)} photo glyphs and {len(sy)} rendered",
                  file=sys.stderr)
            model = as_model(train(x, y, args.hidden, args.epochs, args.seed))
            jobs += [(name, path, givens, model) for name, path, givens in learn if name in fold]
        records = sorted(pool.map(_read_photo, jobs), key=lambda r: r[0])
    report(records, f"learning, {args.cv}-fold cross-validation: each read by a network that never saw it",
           args.verbose)
    print(f"cross-validation took {time.perf_counter() - t0:.0f} s wall", file=sys.stderr)


#: The ways ``--hard`` makes a learning photo's grid harder to place, one per photo in turn.
HARD_KINDS = ("edge", "second", "frame", "text", "rotate", "perspective", "shadow")


def _hard_picture(kind: str, im: Image.Image, quad: list[tuple[float, float]], other: Image.Image,
                  rng: random.Random) -> Image.Image:
    """``im`` (a photo whose grid has corners ``quad``) made harder to place, as ``kind`` says: ``edge``,
    cropped to the grid's outline (some sides touching it); ``second``, another photo's grid (``other``,
    cropped to its own) pasted beside it at half to four fifths of its side (a solution grid); ``frame``, a
    thick dark frame around it; ``text``, a block of text beside it and a dark title bar above; ``rotate``,
    turned by 4 to 12 degrees; ``perspective``, tilted by up to 12% of its side; ``shadow``, half of it
    darkened to a third to three fifths with a soft edge."""
    w, h = im.size
    x0, x1 = min(x for x, _ in quad), max(x for x, _ in quad)
    y0, y1 = min(y for _, y in quad), max(y for _, y in quad)
    side = max(x1 - x0, y1 - y0)
    paper = tuple(int(v) for v in im.resize((1, 1), Image.Resampling.BOX).getpixel((0, 0)))
    ink = tuple(max(0, v - 170) for v in paper)
    if kind == "edge":
        m = [rng.choice((0.0, rng.uniform(0, 0.012))) * side for _ in range(4)]
        return im.crop((int(max(0, x0 - m[0])), int(max(0, y0 - m[1])), int(min(w, x1 + m[2]) + 1),
                        int(min(h, y1 + m[3]) + 1)))
    if kind == "second":
        k = rng.uniform(0.5, 0.8)
        g = other.resize((max(1, int(other.width * k * side / max(other.size))),
                          max(1, int(other.height * k * side / max(other.size)))), Image.Resampling.BILINEAR)
        gap = int(side * rng.uniform(0.04, 0.15))
        out = Image.new("RGB", (w + g.width + gap, max(h, g.height)), paper)
        if rng.random() < 0.5:  # beside it on the right, or on the left
            out.paste(im, (0, 0))
            out.paste(g, (int(x1) + gap, int(y0 + (y1 - y0 - g.height) * rng.uniform(0, 1))))
            out.paste(im.crop((int(x1) + 1, 0, w, h)), (int(x1) + 1 + g.width + gap, 0))
        else:
            out.paste(im.crop((0, 0, int(x0), h)), (0, 0))
            out.paste(im.crop((int(x0), 0, w, h)), (int(x0) + g.width + gap, 0))
            out.paste(g, (int(x0), int(y0 + (y1 - y0 - g.height) * rng.uniform(0, 1))))
        return out
    if kind == "frame":
        im = im.copy()
        d = ImageDraw.Draw(im)
        m = side * rng.uniform(0.02, 0.08)
        d.rectangle((x0 - m, y0 - m, x1 + m, y1 + m), outline=ink, width=max(2, int(side * rng.uniform(0.01, 0.03))))
        return im
    if kind == "text":
        pad = int(side * 0.6)
        out = Image.new("RGB", (w + pad, h + pad // 3), paper)
        out.paste(im, (0, pad // 3))
        d = ImageDraw.Draw(out)
        font = ImageFont.truetype(fonts()[rng.randrange(len(fonts()))], max(8, int(side / 30)))
        words = ["sudoku", "puzzle", "fill", "the", "grid", "so", "that", "every", "row", "column", "and", "box",
                 "contains", "digits", "1", "to", "9", "solution", "tomorrow", "difficulty", "***"]
        y = y0 + pad // 3
        while y < y1 + pad // 3:
            d.text((x1 + side * 0.05, y), " ".join(rng.choice(words) for _ in range(6)), fill=ink, font=font)
            y += side / 22
        d.rectangle((x0, pad // 3 + y0 - side * 0.12, x1, pad // 3 + y0 - side * 0.04), fill=ink)
        return out
    if kind == "rotate":
        return im.rotate(rng.choice((-1, 1)) * rng.uniform(4, 12), Image.Resampling.BILINEAR, expand=True,
                         fillcolor=paper)
    if kind == "perspective":
        j = [rng.uniform(-0.12, 0.12) * side for _ in range(8)]
        return im.transform((w, h), Image.Transform.QUAD, (j[0], j[1], j[2], h + j[3], w + j[4], h + j[5],
                                                           w + j[6], j[7]), Image.Resampling.BILINEAR,
                            fillcolor=paper)
    # shadow: a side darkened, its edge soft and crossing the grid
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    cut = x0 + (x1 - x0) * rng.uniform(0.2, 0.8)
    d.polygon([(0, 0), (cut + side * rng.uniform(-0.3, 0.3), 0), (cut, h), (0, h)], fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(side * 0.02))
    shade = rng.uniform(0.35, 0.6)
    dark = im.point(lambda v: int(v * shade))
    return Image.composite(dark, im, mask if rng.random() < 0.5 else mask.transpose(Image.Transpose.FLIP_LEFT_RIGHT))


def _hard_photo(job: tuple[int, str, Path, list[int], Path]) -> tuple[str, Record | None]:
    """One learning photo made hard (:func:`_hard_picture`, its kind by ``k``) and read as the page reads it;
    None when the photo's own grid is not found (nothing to make hard)."""
    k, name, path, givens, other_path = job
    rng = random.Random(f"hard:{name}")
    kind = HARD_KINDS[k % len(HARD_KINDS)]
    im = Image.open(path).convert("RGB")
    records = []
    for pic_path in (path, other_path):
        w, h, px = load_photo(pic_path)
        try:
            corners = scan.find_grid(w, h, scan.to_grey(w, h, px, 4))[0]
        except scan.ScanError:
            return kind, None
        full = Image.open(pic_path).convert("RGB")
        f = max(full.size) / max(w, h)
        records.append((full, [(x * f, y * f) for x, y in corners]))
    (im, quad), (other, oq) = records
    other = other.crop((int(min(x for x, _ in oq)), int(min(y for _, y in oq)), int(max(x for x, _ in oq)) + 1,
                        int(max(y for _, y in oq)) + 1))
    pic = _hard_picture(kind, im, quad, other, rng).convert("RGBA")
    pic.thumbnail((800, 800), Image.Resampling.BILINEAR)
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        res: scan.ScanResult | str = scan.read_picture(pic.width, pic.height, pic.tobytes(), 4)
    except scan.ScanError as exc:
        res = str(exc)
    return kind, (f"{name} {kind}", givens, res, time.perf_counter() - t0, time.process_time() - c0)


def hard_part(args: argparse.Namespace) -> None:
    """The learning photos made hard to place (:func:`_hard_picture`): a set to tune the grid's search on,
    where the held-out photos' misplaced grids are (the learning photos themselves have none misplaced)."""
    import multiprocessing

    learn = split()[0]
    jobs = [(k, name, path, givens, learn[(k * 7 + 3) % len(learn)][1]) for k, (name, path, givens) in enumerate(learn)]
    with multiprocessing.Pool(args.processes) as pool:
        got = pool.map(_hard_photo, jobs)
    records = [r for _, r in got if r is not None]
    report(records, f"learning photos made hard ({len(got) - len(records)} left out: their own grid not found)",
           args.verbose)
    for kind in HARD_KINDS:
        mine = [r for k, r in got if k == kind and r is not None]
        exact = sum(1 for r in mine if not isinstance(r[2], str) and r[2].digits == r[1])
        placed = sum(1 for r in mine if not isinstance(r[2], str)
                     and sum(a != b for a, b in zip(r[2].digits, r[1], strict=True)) < 8)
        print(f"  {kind}: {exact}/{len(mine)} exact, {placed} placed")


def report(records: list[Record], label: str, verbose: bool) -> None:
    """Print the photo figures: grids found and exact, cells and digits right, wrong cells by stage and flagged."""
    found = exact = cells_right = digits_right = digits = blank_as_digit = digit_as_blank = 0
    wrong_cells = wrong_flagged = flagged = 0
    misplaced = misplaced_cells = 0
    warned_grids = silent_wrong = 0  # reads said to have no single solution; wrong cells neither flagged nor warned
    placed = [0, 0, 0, 0]  # in the grids placed: empty read as a digit, digit as empty, digit as another; flagged
    times = [r[3] for r in records]
    cpu = [r[4] for r in records]
    for name, givens, res, _wall, _cpu in records:
        if isinstance(res, str):
            if verbose:
                print(f"{name}: {res}")
            continue
        found += 1
        wrong = [i for i in range(81) if res.digits[i] != givens[i]]
        exact += not wrong
        if len(wrong) >= 8:
            misplaced += 1
            misplaced_cells += len(wrong)
        else:
            placed[0] += sum(1 for i in wrong if not givens[i])
            placed[1] += sum(1 for i in wrong if not res.digits[i])
            placed[2] += sum(1 for i in wrong if givens[i] and res.digits[i])
            placed[3] += sum(1 for i in wrong if i in res.uncertain)
        cells_right += 81 - len(wrong)
        digits += sum(1 for g in givens if g)
        digits_right += sum(1 for g, d in zip(givens, res.digits, strict=True) if g and g == d)
        blank_as_digit += sum(1 for g, d in zip(givens, res.digits, strict=True) if not g and d)
        digit_as_blank += sum(1 for g, d in zip(givens, res.digits, strict=True) if g and not d)
        unsure = set(res.uncertain)
        warned_grids += res.solutions != 1
        if res.solutions == 1:
            silent_wrong += sum(1 for i in wrong if i not in unsure)
        flagged += len(unsure)
        wrong_cells += len(wrong)
        wrong_flagged += sum(1 for i in wrong if i in unsure)
        if verbose:
            detail = " ".join(f"r{i // 9 + 1}c{i % 9 + 1}:{givens[i]}->{res.digits[i]}" for i in wrong)
            print(f"{name}: {len(wrong)} wrong {detail}  ({sum(res.timings.values()):.0f} ms)")
    n = len(records)
    print(f"photos: {n} ({label})")
    print(f"grids found: {found}/{n}; read exactly: {exact}/{n} ({exact / n:.1%})")
    print(f"cells right: {cells_right}/{found * 81} ({cells_right / max(1, found * 81):.2%}) of the grids found")
    print(f"digits right: {digits_right}/{digits} ({digits_right / max(1, digits):.2%})")
    print(f"empty read as a digit: {blank_as_digit}; digit read as empty: {digit_as_blank}")
    print(f"wrong cells flagged as uncertain: {wrong_flagged}/{wrong_cells} ({wrong_cells - wrong_flagged} not "
          f"flagged); cells flagged: {flagged}")
    print(f"reads said to have no single solution: {warned_grids}; wrong cells neither flagged nor in such a read: "
          f"{silent_wrong}")
    print(f"by stage: grid misplaced or not found: {misplaced + n - found} photos ({n - found} not found, "
          f"{misplaced_cells} wrong cells in the others); in the {found - misplaced} grids placed: "
          f"empty read as a digit {placed[0]}, digit as empty {placed[1]}, digit as another {placed[2]}; "
          f"{placed[3]} of these {sum(placed[:3])} flagged")
    print(f"time per picture (CPython), median: {statistics.median(times) * 1000:.0f} ms wall, "
          f"{statistics.median(cpu) * 1000:.0f} ms CPU; max {max(times) * 1000:.0f} ms wall, "
          f"{max(cpu) * 1000:.0f} ms CPU (CPU time is the fairer figure on a busy machine)")


if __name__ == "__main__":
    main()
