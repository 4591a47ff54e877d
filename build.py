"""Build the static web app into ``dist/``, and serve it on 127.0.0.1.

    python build.py                  # writes dist/
    python build.py serve [--port P] # builds, then serves dist/ on http://127.0.0.1:P/

``dist/`` holds everything the site needs and nothing else; every URL in it is relative, so it works
under any sub-path of any static host:

* ``web/`` copied as is (``index.html``, styles, ES modules, the worker), except ``sw.js``, which is
  written with its precache list and a cache name that changes whenever any file changes;
* ``pyodide/``: the runtime files of the npm package ``pyodide`` (pinned in package.json and
  package-lock.json; ``npm ci`` runs when ``node_modules`` is missing or holds another version), with
  a lock file that lists no packages and the standard library trimmed to what the engine loads
  (``python_stdlib-<hash>.zip``, see :func:`trim_stdlib`);
* ``py/sudoku_core-<hash>.zip``: the engine, packed deterministically; the content hash in its name
  means a new release is a new URL, so no cache can serve an old engine; ``py/sudoku_scan-<hash>.zip``: the
  picture reader and its weights, split off (:func:`split_archive`), fetched only when a picture is read;
* ``data/lessons.json``: the lessons' boards, names and Practise options (:func:`write_lessons`), and each
  language's words of them beside its other words in ``js/words/`` (:func:`write_words`);
* ``build-info.js``: the archive's name, the engine and Pyodide versions, the engine's levels
  (imported by the worker and by the pages' i18n.js);
* ``manifest.webmanifest`` and PNG icons (drawn here with the standard library), so it installs;
* written beside ``dist/`` and swapped in whole when done (:func:`swap_in`: one atomic exchange on
  Linux), so a server of ``dist/`` never finds it missing or half written during a rebuild;
* content hashes in the names of the scripts and styles (``js/main-<hash>.js``, ``worker-<hash>.js``,
  ``styles-<hash>.css``; ``asset-map.json`` maps the source names to them): only the pages, ``sw.js``
  and the icons keep fixed names, so a page from one release can never load another release's
  module, worker or engine, whatever the host or a cache in between serves.

Standard library only, like the engine.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import zipfile
import zlib
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
PACKAGE = ROOT / "sudoku_core"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
#: The catalogues, one per language (:mod:`sudoku_core.locales`), and the sections of them the engine
#: archive carries (:func:`engine_words`); the pages' sections become modules (:func:`write_words`).
LOCALES = PACKAGE / "locales"
ENGINE_SECTIONS = ("meta", "engine", "technique")
#: The runtime files the worker loads; nothing else of the npm package is shipped.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: The policy every page and worker runs under: only this origin, plus compiling WebAssembly. Pages
#: carry it in a <meta> (for any static host), where ``frame-ancestors`` is not allowed; the serve
#: command also sends it as a header, with ``frame-ancestors``.
CSP_META = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
            "img-src 'self'; style-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
            "form-action 'none'")
CSP = CSP_META + "; frame-ancestors 'none'"
#: What a page in web/ writes where its policy goes: ``<meta http-equiv="Content-Security-Policy" content="__CSP__">``.
CSP_SLOT = 'content="__CSP__"'

MIME_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
              ".json": "application/json", ".webmanifest": "application/manifest+json", ".zip": "application/zip",
              ".css": "text/css", ".html": "text/html; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml"}


def log(message: str) -> None:
    print(f"build: {message}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# Pyodide from npm

def pinned_pyodide_version() -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]


def ensure_pyodide() -> Path:
    """The local copy of the pinned Pyodide package, installed with ``npm ci`` when needed."""
    want = pinned_pyodide_version()
    installed = PYODIDE_DIR / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != want:
        log(f"npm ci (pyodide {want})")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_DIR / f).exists()]
    if missing:
        raise SystemExit(f"build: node_modules/pyodide lacks {', '.join(missing)}")
    return PYODIDE_DIR


# ---------------------------------------------------------------------------------------------
# The standard library, trimmed

#: Run in Node with the pinned Pyodide (argv: Pyodide's folder, a JSON list of the engine's archives, a JSON list of
#: modules to import, and optionally a standard library zip to boot with instead of Pyodide's): boot
#: as the worker does, import every engine module and every module the engine's sources name (lazy
#: imports too), answer one request of every bridge operation, then take a memory snapshot and boot
#: from it as a returning visit does, and print the files of the standard library that either loaded.
STDLIB_PROBE = r"""
import { readFileSync } from "node:fs";
const [dir, archives, imports, stdlib] = process.argv.slice(2);
const { loadPyodide } = await import(dir + "/pyodide.mjs");
const options = { indexURL: dir + "/", ...(stdlib ? { stdLibURL: stdlib } : {}) };
const unpack = (py) => {
  for (const archive of JSON.parse(archives)) {
    py.unpackArchive(new Uint8Array(readFileSync(archive)), "zip",
      { extractDir: py.runPython("import sysconfig; sysconfig.get_path('purelib')") });
  }
};
const loaded = (py) => JSON.parse(py.runPython(`import json, sys
json.dumps(sorted({m.__file__ for m in list(sys.modules.values())
    if (getattr(m, "__file__", None) or "").startswith(sys.path[1] + "/")}))`));
const py = await loadPyodide({ ...options, _makeSnapshot: true });
unpack(py);
py.globals.set("IMPORTS", imports);
py.runPython(`
import importlib, json, os, pkgutil, random, sys
import sudoku_core
from sudoku_core import bridge
for name in json.loads(IMPORTS):
    importlib.import_module(name)
for m in pkgutil.walk_packages(sudoku_core.__path__, "sudoku_core."):
    if not m.name.endswith("__main__"):
        importlib.import_module(m.name)
random.seed(os.urandom(32))
E = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
for req in ({"type": "version"}, {"type": "parse", "payload": {"text": E}}, {"type": "parse", "payload": {"text": "z"}},
            {"type": "hint", "payload": {"text": E}}, {"type": "rate", "payload": {"text": E}},
            {"type": "steps", "payload": {"text": E}}, {"type": "solve", "payload": {"text": E}},
            {"type": "daily", "payload": {"date": "2026-01-01"}}, {"type": "samples"},
            {"type": "compare", "payload": {"text": E}}, {"type": "trace", "payload": {"text": E}},
            {"type": "matrix", "payload": {"text": E, "cell": 0}}, {"type": "batch", "payload": {"puzzles": [E, "1"]}},
            {"type": "scan", "payload": {"width": 2, "height": 2, "channels": 1, "pixels": "AAAAAA=="}},
            {"type": "nope"}):
    bridge.handle_json(json.dumps(req))
bridge.handle_json("[" * 100)
`);
const root = py.runPython("sys.path[1]");
const first = loaded(py);
const again = await loadPyodide({ ...options, _loadSnapshot: py.makeMemorySnapshot() });
unpack(again);
again.runPython("import importlib, os, random; importlib.invalidate_caches(); random.seed(os.urandom(32))");
const reply = JSON.parse(again.pyimport("sudoku_core.bridge").handle_json(JSON.stringify({ type: "hint",
  payload: { text: "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.." } })));
if (!reply.ok) throw new Error(`the restored engine failed: ${JSON.stringify(reply)}`);
console.log(JSON.stringify({ root, files: [...new Set([...first, ...loaded(again)])].sort() }));
"""


def engine_imports() -> list[str]:
    """Every top-level module the engine's sources import, at the top or inside a function."""
    import ast

    names = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return sorted(names - {"sudoku_core", "__future__"})


def probe_stdlib(pyodide: Path, archives: list[Path], stdlib: Path | None = None) -> dict:
    """Run :data:`STDLIB_PROBE` with the engine's ``archives`` (the engine and the picture reader) unpacked:
    ``{"root": the zip's path in Pyodide, "files": the files loaded}``."""
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.mjs"
        probe.write_text(STDLIB_PROBE)
        run = subprocess.run(["node", str(probe), pyodide.resolve().as_posix(), json.dumps([str(a) for a in archives]),
                              json.dumps(engine_imports()), *([str(stdlib)] if stdlib else [])],
                             capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"build: the standard-library probe failed under Node:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


#: Run in Node with the pinned Pyodide (argv: Pyodide's folder, mode, a zip, the zip to write): every
#: ``.py`` of the zip compiled by Pyodide's own Python to unchecked hash-based bytecode (no timestamp,
#: no source to check against, the same bytes at every build). Mode ``replace`` (the standard library,
#: imported from the zip by zipimport): each ``.py`` becomes a ``.pyc``, compiled under the path Pyodide
#: mounts the zip at (``/lib/pythonXY.zip/...``) so tracebacks name the right file. Mode ``cache`` (the
#: engine, unpacked into site-packages): each ``.py`` stays, for tracebacks, and gains its
#: ``__pycache__/*.cpython-XY.pyc``. Other entries are kept as they are.
COMPILE_ZIP = r"""
import { readFileSync, writeFileSync } from "node:fs";
const [dir, mode, input, output] = process.argv.slice(2);
const { loadPyodide } = await import(dir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: dir + "/" });
py.FS.writeFile("/tmp/in.zip", readFileSync(input));
py.globals.set("MODE", mode);
py.runPython(`
import sys, sysconfig, zipfile
from importlib import _bootstrap_external as be
from importlib.util import cache_from_source
root = "/lib/python%d%d.zip/" % sys.version_info[:2] if MODE == "replace" else sysconfig.get_path("purelib") + "/"
def put(out, name, data):
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    out.writestr(info, data)
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for name in sorted(src.namelist()):
        data = src.read(name)
        if not name.endswith(".py"):
            put(out, name, data)
            continue
        code = compile(data, root + name, "exec", dont_inherit=True)
        pyc = bytes(be._code_to_hash_pyc(code, bytes(8), checked=False))
        if MODE == "replace":
            put(out, name + "c", pyc)
        else:
            put(out, name, data)
            put(out, cache_from_source(name), pyc)
`);
writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
"""


def compile_zip(pyodide: Path, mode: str, zipped: bytes) -> bytes:
    """``zipped`` with its modules compiled to bytecode by Pyodide's own Python (:data:`COMPILE_ZIP`).
    From sources, Python compiles every module it imports at each boot, Pyodide's own start-up modules
    included: in Node that is two thirds of ``loadPyodide`` (1.5 s from sources against 0.5 s from
    bytecode), in WebKitGTK seconds (bench/browser_bench.py --parts phases)."""
    with tempfile.TemporaryDirectory() as tmp:
        script, src, out = Path(tmp) / "compile.mjs", Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        script.write_text(COMPILE_ZIP)
        src.write_bytes(zipped)
        run = subprocess.run(["node", str(script), pyodide.resolve().as_posix(), mode, str(src), str(out)],
                             capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise SystemExit(f"build: compiling to bytecode failed under Node:\n{run.stderr[-2000:]}")
        return out.read_bytes()


def trim_stdlib(pyodide: Path, archives: list[Path]) -> bytes:
    """Pyodide's standard library with only the files the engine loads (about a third of its 2.5 MB):
    found by running the engine under Pyodide in Node (:func:`probe_stdlib`), so the list follows the
    engine's imports by itself; then compiled to bytecode (:func:`compile_zip`). Deterministic: sorted
    entries, fixed timestamps, hash-based bytecode."""
    found = probe_stdlib(pyodide, archives)
    keep = {f[len(found["root"]) + 1:] for f in found["files"]}
    for name in list(keep):  # each package's __init__ up the tree
        parts = name.split("/")[:-1]
        for k in range(1, len(parts) + 1):
            keep.add("/".join(parts[:k]) + "/__init__.py")
    buf = io.BytesIO()
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as full, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(set(full.namelist()) & keep):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, full.read(name))
    return compile_zip(pyodide, "replace", buf.getvalue())


# ---------------------------------------------------------------------------------------------
# The engine archive

def package_archive() -> bytes:
    """``sudoku_core`` as a zip whose bytes depend only on the sources (sorted, fixed timestamps), each
    module with its bytecode from Pyodide's Python beside it (:func:`compile_zip`): a first visit's
    engine import then compiles nothing."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted([*PACKAGE.rglob("*.py"), *LOCALES.glob("*.json")]):
            if "__pycache__" in path.parts:
                continue
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, engine_words(path) if path.suffix == ".json" else path.read_bytes())
    return compile_zip(ensure_pyodide(), "cache", buf.getvalue())


def engine_words(catalogue: Path) -> bytes:
    """A catalogue as the engine archive carries it: only the sections the engine says in the page (the
    hints' sentences and the techniques' names), not the page's, the lab's, the lessons' or the CLI's."""
    words = json.loads(catalogue.read_text(encoding="utf-8"))
    return json.dumps({k: words[k] for k in ENGINE_SECTIONS if k in words}, ensure_ascii=False,
                      separators=(",", ":")).encode()


#: The picture reader (issue 31) and its weights: built into the engine archive like every module, then
#: split off into ``py/sudoku_scan-<hash>.zip`` (:func:`split_archive`), which the worker fetches and
#: unpacks at the page's first ``scan`` request and the service worker caches then (it is not precached),
#: so a first visit does not download them.
READER_MODULES = ("sudoku_core/scan.py", "sudoku_core/scan_weights.py")


def split_archive(archive: bytes) -> tuple[bytes, bytes]:
    """(the engine, the picture reader): the entries of ``archive`` (:func:`package_archive`) of the
    modules in :data:`READER_MODULES` (sources and bytecode) go into the second zip, the rest into the
    first; both deterministic as the archive is."""
    stems = {m.rsplit("/", 1)[1][:-3] for m in READER_MODULES}

    def reader(name: str) -> bool:
        folder, _, base = name.rpartition("/")
        if folder == "sudoku_core":
            return name in READER_MODULES
        return folder == "sudoku_core/__pycache__" and base.split(".", 1)[0] in stems

    outs = (io.BytesIO(), io.BytesIO())
    with zipfile.ZipFile(io.BytesIO(archive)) as src, zipfile.ZipFile(outs[0], "w") as engine, \
            zipfile.ZipFile(outs[1], "w") as picture:
        for info in src.infolist():
            (picture if reader(info.filename) else engine).writestr(info, src.read(info))
    return outs[0].getvalue(), outs[1].getvalue()


def engine_version() -> str:
    match = re.search(r'^__version__ = "([^"]+)"', (PACKAGE / "__init__.py").read_text(), re.M)
    return match.group(1) if match else "0"


# ---------------------------------------------------------------------------------------------
# Icons: a board drawn as a PNG with zlib, no image library needed.

def png(width: int, height: int, pixel) -> bytes:
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(
        b"IEND", b"")


def icon(size: int, maskable: bool = False) -> bytes:
    """A 3x3-box board on the app's blue. The plain icon ("any") lets the board fill 75% of it; the
    maskable one keeps the board inside the safe zone, the centred circle of 80% of the icon's width
    that every launcher's mask leaves whole: the board is 56% of the icon wide, so its corners are 0.396
    of the icon's width from the centre, within the safe zone's radius of 0.4."""
    bg, paper, thin, thick, given = (31, 78, 140), (250, 250, 246), (190, 196, 206), (24, 32, 48), (31, 78, 140)
    margin = round(size * 0.22) if maskable else size // 8
    inner = size - 2 * margin
    cell = inner / 9
    marked = {(0, 0), (1, 4), (2, 8), (4, 2), (4, 6), (6, 1), (7, 5), (8, 7), (3, 3), (5, 5)}

    def pixel(x: int, y: int):
        if not (margin <= x < size - margin and margin <= y < size - margin):
            return bg
        cx, cy = (x - margin) / cell, (y - margin) / cell
        for v in (cx, cy):
            k = round(v)
            if abs(v - k) * cell < max(1.0, size / 96) * (2.2 if k % 3 == 0 else 1):
                return thick if k % 3 == 0 else thin
        r, c = int(cy), int(cx)
        if (r, c) in marked and abs(cx - c - 0.5) < 0.22 and abs(cy - r - 0.5) < 0.22:
            return given
        return paper

    return png(size, size, pixel)


# ---------------------------------------------------------------------------------------------
# The page: an empty grid written into the HTML, so the first paint already shows it

def with_policy(page: Path) -> str:
    """The page with the site's policy in its CSP slot; a page without the slot stops the build."""
    html = page.read_text()
    if html.count(CSP_SLOT) != 1:
        raise SystemExit(f"build: {page.name} needs one <meta http-equiv=\"Content-Security-Policy\" {CSP_SLOT}>")
    return html.replace(CSP_SLOT, f'content="{CSP_META}"')


def prerender_board(html: str) -> str:
    """Fill ``<div id="board" ... data-prerender="N">`` with an empty N x N grid, the same markup
    ``web/js/board.js`` builds (which replaces it as soon as the modules run)."""
    match = re.search(r'(<div id="board"[^>]*data-prerender="(\d+)"[^>]*>)(</div>)', html)
    if not match:
        return html
    n = int(match.group(2))
    br, bc = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}[n]
    rows = []
    for r in range(n):
        cells = []
        for c in range(n):
            classes = "cell" + (" box-right" if (c + 1) % bc == 0 and c < n - 1 else "") + (
                " box-bottom" if (r + 1) % br == 0 and r < n - 1 else "")
            cells.append(f'<div role="gridcell" aria-label="Row {r + 1}, column {c + 1}" class="{classes}"></div>')
        rows.append(f'<div role="row" class="board-row">{"".join(cells)}</div>')
    return html[:match.end(1)] + "\n" + "\n".join(rows) + "\n" + html[match.start(3):]


# ---------------------------------------------------------------------------------------------
# The build

def build(dist: Path = DIST, web: Path = WEB) -> dict:
    """Write the whole site into ``dist`` (replacing it) from the front end in ``web`` and return the
    build info. The new site is written beside ``dist`` and swapped in whole at the end
    (:func:`swap_in`), so a server of ``dist`` never finds it missing or half written; a build that
    fails leaves the old site as it was."""
    pyodide = ensure_pyodide()
    dist = Path(os.path.abspath(dist))
    dist.parent.mkdir(parents=True, exist_ok=True)
    staging = dist.with_name(f".{dist.name}.new-{os.getpid()}")
    if staging.exists():
        shutil.rmtree(staging)  # left by a build of a process that had this id and was killed
    staging.mkdir()
    try:
        info = write_site(staging, web, pyodide)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    how = swap_in(staging, dist)
    log(f"{dist.name}/ {how}: {info['files']} files, engine {info['version']} ({info['archive']}), "
        f"pyodide {info['pyodide']}")
    return info


def swap_in(new: Path, dist: Path) -> str:
    """Put the directory ``new`` in the place of ``dist`` and delete the old site; returns how. Where the
    system can (Linux 3.15+: ``renameat2`` with ``RENAME_EXCHANGE``) the two directories trade names in
    one atomic step, so at every instant ``dist`` is the whole old site or the whole new one. Elsewhere
    the old site is renamed aside and the new one renamed in: two renames, a moment without ``dist``
    (not a half-written one). Both directories must be on one file system (``new`` is beside ``dist``)."""
    if not os.path.lexists(dist):
        new.rename(dist)
        return "written"
    if _exchange(new, dist):
        shutil.rmtree(new)  # now the old site
        return "swapped in atomically"
    old = dist.with_name(f".{dist.name}.old-{os.getpid()}")
    dist.rename(old)
    new.rename(dist)
    shutil.rmtree(old)
    return "renamed in"


def _exchange(a: Path, b: Path) -> bool:
    """Trade the names of ``a`` and ``b`` atomically (Linux ``renameat2(RENAME_EXCHANGE)``); False where
    the system or its file system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # a C library without it (glibc before 2.28)
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_fdcwd, rename_exchange = -100, 2
    return renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0


def engine_facts() -> dict:
    """The engine's facts the page needs before the engine is up, so that the page does not restate them:
    its levels, symmetries and symbols, and the grid's domain (sides, box shapes, variants and their
    houses: ``sudoku_core.grid.page_domain``)."""
    from sudoku_core.generate import SYMMETRIES
    from sudoku_core.grid import page_domain
    from sudoku_core.puzzle import DEFAULT_SYMBOLS
    from sudoku_core.techniques import LEVELS

    return {"levels": list(LEVELS), "symmetries": list(SYMMETRIES), "symbols": DEFAULT_SYMBOLS,
            "domain": page_domain()}


def build_info_module(info: dict) -> str:
    """``build-info.js``: ``BUILD``, what this build ships and the engine's facts (:func:`engine_facts`)."""
    return ("// Written by build.py: what this build ships, and the engine's facts the page needs before the\n"
            "// engine is up (levels, symmetries, symbols, the grid's domain). Imported by the worker, i18n.js\n"
            "// and geometry.js.\n"
            f"export const BUILD = {json.dumps(info, separators=(',', ':'))};\n")


def write_site(dist: Path, web: Path, pyodide: Path) -> dict:
    """Write the whole site into the empty directory ``dist`` and return the build info."""

    for src in sorted(web.rglob("*")):
        if src.is_file() and src.name != "sw.js" and src.relative_to(web).as_posix() != LESSON_EXAMPLES:
            dest = dist / src.relative_to(web)
            dest.parent.mkdir(parents=True, exist_ok=True)
            if src.suffix == ".html":
                dest.write_text(with_policy(src))
            else:
                shutil.copyfile(src, dest)
    (dist / "index.html").write_text(prerender_board((dist / "index.html").read_text()))
    write_words(dist, write_lessons(dist, web))
    write_bank_extremes(dist)
    (dist / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        if name != "python_stdlib.zip":
            shutil.copyfile(pyodide / name, dist / "pyodide" / name)
    # The lock file lists Pyodide's 357 optional packages (119 KB); the engine loads none of them.
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    (dist / "pyodide" / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))

    archive, reader = split_archive(package_archive())
    digest = hashlib.sha256(archive).hexdigest()[:16]
    archive_name = f"py/sudoku_core-{digest}.zip"
    reader_name = f"py/sudoku_scan-{hashlib.sha256(reader).hexdigest()[:16]}.zip"
    (dist / "py").mkdir()
    (dist / archive_name).write_bytes(archive)
    (dist / reader_name).write_bytes(reader)
    stdlib = trim_stdlib(pyodide, [dist / archive_name, dist / reader_name])  # what the reader loads too
    stdlib_name = f"pyodide/python_stdlib-{hashlib.sha256(stdlib).hexdigest()[:12]}.zip"
    (dist / stdlib_name).write_bytes(stdlib)

    info = {"version": engine_version(), "archive": archive_name, "archiveHash": digest, "reader": reader_name,
            "stdlib": stdlib_name,
            "pyodide": json.loads((pyodide / "package.json").read_text())["version"], **engine_facts()}
    (dist / "build-info.js").write_text(build_info_module(info))

    (dist / "icons").mkdir(exist_ok=True)
    for size in (192, 512):
        (dist / "icons" / f"icon-{size}.png").write_bytes(icon(size))
        (dist / "icons" / f"icon-maskable-{size}.png").write_bytes(icon(size, maskable=True))
    # iOS puts this on the home screen and rounds its corners itself: the full-bleed (maskable) drawing.
    (dist / "icons" / "apple-touch-icon.png").write_bytes(icon(180, maskable=True))
    manifest = {
        "name": "Sudoku", "short_name": "Sudoku",
        "description": "Solve any Sudoku from 4x4 to 25x25, offline, with a Python engine in your browser.",
        "start_url": "./", "scope": "./", "display": "standalone",
        "background_color": "#fafaf6", "theme_color": "#1f4e8c",
        "icons": [{"src": f"icons/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png", "purpose": "any"}
                  for s in (192, 512)]
        + [{"src": f"icons/icon-maskable-{s}.png", "sizes": f"{s}x{s}", "type": "image/png", "purpose": "maskable"}
           for s in (192, 512)],
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2) + "\n")

    renamed = hash_asset_names(dist)
    (dist / "asset-map.json").write_text(json.dumps(renamed, indent=2, sort_keys=True) + "\n")
    # Names that fix their content within this build: the content-hashed assets, and Pyodide's files
    # (the pinned version; the standard library zip is content-hashed too). The precache may take them
    # from the browser's HTTP cache once revalidated, instead of downloading them a second time.
    fixed = sorted({*renamed.values(), *(p.relative_to(dist).as_posix() for p in (dist / "pyodide").iterdir()),
                    archive_name, reader_name})
    info["files"] = write_service_worker(dist, web, fixed, lazy=[reader_name])
    return info


#: The Learn page's worked examples (tests/data/lessons/make_examples.py writes them), merged into
#: ``data/lessons.json`` by :func:`write_lessons` rather than copied.
LESSON_EXAMPLES = "data/lesson-examples.json"

#: A lesson's words in :func:`lesson_data` (the path to them in its lesson), by their key in the Learn page's
#: words (``lesson.<id>.<key>``, :func:`split_lessons`): what it is, why it works, the worked example's where to
#: look, what it does and its source, and the second example's (where the pattern is not there) text and source.
LESSON_WORDS: dict[str, tuple[str, str | None]] = {
    "what": ("what", None), "why": ("why", None), "where": ("example", "where"), "text": ("example", "text"),
    "credit": ("example", "credit"), "counter": ("counter", "text"), "counter-credit": ("counter", "credit")}


def lesson_data(web: Path = WEB) -> dict:
    """Every technique's lesson with its words in every language: :func:`sudoku_core.lessons.page_data` on the
    worked examples, Practise puzzles and second examples of ``web/data/lesson-examples.json``."""
    from sudoku_core.lessons import page_data

    source = web / LESSON_EXAMPLES
    saved = json.loads(source.read_text()) if source.exists() else {}
    return page_data(saved.get("examples", {}), saved.get("practice"), saved.get("counters"))


def split_lessons(data: dict) -> tuple[dict, dict[str, dict[str, str]]]:
    """:func:`lesson_data` in two: what every language shares, and each language's words of the lessons.

    The shared part (``data/lessons.json``) is the groups and per technique its level, group, Practise options,
    example boards and steps, and its name in every language: the names are read in any language by the game's
    Practise (newgame.js) and the lab's replay too, and are small. The lessons' own words (:data:`LESSON_WORDS`,
    about 70 kB a language) go per language into the Learn page's words, ``lesson.<id>.<key>``
    (:func:`write_words`), so the Learn page loads only its language's, with its other words."""
    shared = {"groups": data["groups"], "lessons": {}}
    words: dict[str, dict[str, str]] = {}
    paths = set(LESSON_WORDS.values())
    for tid, lesson in data["lessons"].items():
        out = {k: v for k, v in lesson.items() if (k, None) not in paths}
        for part in ("example", "counter"):
            if lesson[part] is not None:
                out[part] = {k: v for k, v in lesson[part].items() if (part, k) not in paths}
        shared["lessons"][tid] = out
        for key, (part, field) in LESSON_WORDS.items():
            said = lesson[part] if field is None else (lesson[part] or {}).get(field)
            for lang, text in (said or {}).items():
                words.setdefault(lang, {})[f"lesson.{tid}.{key}"] = text
    return shared, words


def write_lessons(dist: Path, web: Path = WEB) -> dict[str, dict[str, str]]:
    """``data/lessons.json`` for the Learn page (learn.html), the game's Practise and the lab's replay: every
    technique's level, group, name, Practise options and worked example (:func:`split_lessons`), from the
    engine's catalogue (:mod:`sudoku_core.lessons`, beside the hints' words in :mod:`sudoku_core.explain`), so
    the page shows a lesson without the engine. Returns each language's words of the lessons, for
    :func:`write_words`."""
    shared, words = split_lessons(lesson_data(web))
    (dist / "data").mkdir(exist_ok=True)
    (dist / "data" / "lessons.json").write_text(json.dumps(shared, ensure_ascii=False, separators=(",", ":")) + "\n")
    return words


def bank_extremes_module() -> str:
    """``js/bank-extremes.js``: the New game bank's Extremes, written from their one source, the engine's
    catalogue (``sudoku_core.extremes.bank_lists``), so the page's bank and the puzzles a seed's Extreme is
    drawn from (GENERATOR_VERSION) cannot drift apart. web/js/bank.js merges them into its ``BANK``."""
    from sudoku_core.extremes import bank_lists

    return ("// Written by build.py from sudoku_core/extremes.py (BANKED): the New game bank's Extremes by bank key.\n"
            "// bank.js merges them into BANK (types/js/bank-extremes.d.ts).\n"
            f"export const EXTREMES = {json.dumps(bank_lists(), indent=1)};\n")


def write_bank_extremes(dist: Path) -> None:
    """Write :func:`bank_extremes_module` into ``dist/js/``."""
    (dist / "js" / "bank-extremes.js").write_text(bank_extremes_module(), encoding="utf-8")


def write_words(dist: Path, lessons: dict[str, dict[str, str]]) -> None:
    """The pages' words from the catalogues (:mod:`sudoku_core.locales`): for each language, ``js/words/page-TAG.js``
    (its ``page`` section), ``js/words/lab-TAG.js`` (its ``lab`` section, which only the lab loads) and
    ``js/words/learn-TAG.js`` (its words of the lessons, ``lessons`` from :func:`write_lessons`, which only the
    Learn page loads), each key it lacks filled from English (but a ``.one`` form, in a language without one);
    and ``js/words/index.js``, which lists them (each by a loader, so a page fetches only its language), names
    each language in its own words (``meta.name``, for the switch) and says the old names of a language
    (``ALIASES``). Module text, not JSON, so the content hashes and the service worker treat them as every
    other script."""
    from sudoku_core import locales

    out = dist / "js" / "words"
    out.mkdir(parents=True, exist_ok=True)
    names, loaders = {}, {"page": [], "lab": [], "learn": []}
    for tag in locales.languages():
        names[tag] = locales.catalogue(tag)["meta"]["name"]
        for part in loaders:
            if part == "learn":
                words = {**lessons[locales.DEFAULT], **lessons.get(tag, {})}
            else:
                words = dict(locales.section(tag, part))
            text = json.dumps(words, ensure_ascii=False, indent=0, sort_keys=True)
            (out / f"{part}-{tag}.js").write_text(f"// Written by build.py from sudoku_core/locales/{tag}.json.\n"
                                                  f"export default {text};\n", encoding="utf-8")
            loaders[part].append(f'  {json.dumps(tag)}: () => import("./{part}-{tag}.js"),')
    (out / "index.js").write_text(
        "// Written by build.py: the languages of sudoku_core/locales/ (each by its own name), their old names,\n"
        "// and a loader of each one's page, lab and lessons' words. i18n.js imports it (types/js/words/index.d.ts).\n"
        f"export const NAMES = {json.dumps(names, ensure_ascii=False)};\n"
        f"export const ALIASES = {json.dumps(locales.ALIASES)};\n"
        + "".join(f"export const {part.upper()} = {{\n" + "\n".join(lines) + "\n};\n"
                  for part, lines in loaders.items()),
        encoding="utf-8")


#: A quoted relative URL of a script or style sheet, in a module (resolved against the module, as
#: `import` and `new URL(x, import.meta.url)` do) or in a page's src/href (against the page).
ASSET_REF = re.compile(r"""(["'])((?:\.{1,2}/)?[\w./-]+\.(?:js|css))\1""")


def hash_asset_names(dist: Path) -> dict[str, str]:
    """Rename every script and style sheet of ``dist`` (but ``sw.js`` and Pyodide's own files, which
    change only with its pinned version) to ``name-<hash>.ext``, the hash of its content once its own
    references are rewritten, leaves first; rewrite the references in the pages too. Returns
    {old path: new path}. A cycle of imports has no such naming, and stops the build."""
    root = dist.as_posix()
    assets = {p.relative_to(dist).as_posix() for p in dist.rglob("*")
              if p.suffix in (".js", ".css") and p.name != "sw.js" and p.relative_to(dist).parts[0] != "pyodide"}

    def refs(name: str, text: str) -> list[tuple[str, str]]:
        """(literal, the asset it names) for each reference of ``text`` (a file at ``name``) to an asset."""
        base = Path(root, name).parent
        out = []
        for match in ASSET_REF.finditer(text):
            target = (base / match.group(2)).resolve().as_posix()
            if target.startswith(root + "/") and target[len(root) + 1:] in assets:
                out.append((match.group(0), target[len(root) + 1:]))
        return out

    renamed: dict[str, str] = {}

    def rewrite(name: str, text: str) -> str:
        for literal, target in refs(name, text):
            old = target.rsplit("/", 1)[-1]
            new = renamed[target].rsplit("/", 1)[-1]
            quote, url = literal[0], literal[1:-1]
            text = text.replace(literal, quote + url[: len(url) - len(old)] + new + quote)
        return text

    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in renamed:
            return
        if name in visiting:
            raise RuntimeError(f"build: {name} imports itself through other modules; content hashes need no cycles")
        visiting.add(name)
        path = dist / name
        text = path.read_text()
        for _, target in refs(name, text):
            visit(target)
        text = rewrite(name, text)
        stem, ext = name.rsplit(".", 1)
        renamed[name] = f"{stem}-{hashlib.sha256(text.encode()).hexdigest()[:12]}.{ext}"
        path.unlink()
        (dist / renamed[name]).write_text(text)
        visiting.discard(name)

    for name in sorted(assets):
        visit(name)
    for page in sorted(dist.glob("*.html")):
        page.write_text(rewrite(page.name, page.read_text()))
    return renamed


def write_service_worker(dist: Path, web: Path = WEB, fixed: list[str] = (), lazy: list[str] = ()) -> int:
    """Write ``dist/sw.js`` last: it precaches every file of ``dist`` but the ``lazy`` ones (the picture
    reader: cached when first fetched), and its cache name is a hash of all their contents (not a time),
    so any change to the site is a new service worker and a fresh cache. ``fixed``: the files whose name
    fixes their content in this build, which the precache may revalidate instead of fetching again.
    Returns the number of files of the site, sw.js included."""
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.name != "sw.js")
    site_hash = hashlib.sha256()
    for name in files:
        site_hash.update(name.encode() + b"\0" + (dist / name).read_bytes())
    sw = (web / "sw.js").read_text()
    sw = sw.replace("__CACHE_NAME__", f"sudoku-{site_hash.hexdigest()[:16]}")
    sw = sw.replace("__PRECACHE__", json.dumps(["./", *(f for f in files if f not in lazy)], indent=2))
    sw = sw.replace("__LAZY__", json.dumps([f for f in files if f in lazy]))
    sw = sw.replace("__FIXED__", json.dumps([f for f in fixed if f in files], indent=2))
    (dist / "sw.js").write_text(sw)
    return len(files) + 1


# ---------------------------------------------------------------------------------------------
# Serving

class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types, the site's CSP, and no HTTP caching (the service worker
    is the cache)."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    record: list[tuple[str, int]] | None = None  # (path, status) of every response, when a list

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def send_response(self, code, message=None) -> None:
        if self.record is not None:
            self.record.append((urllib.parse.urlsplit(self.path).path, code))
        super().send_response(code, message)


def make_server(port: int = 0, directory: Path = DIST, quiet: bool = False,
                record: list[tuple[str, int]] | None = None) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` on 127.0.0.1 (``port`` 0 picks a free one); call
    ``serve_forever`` on it, in a thread if you like. ``record``: a list that gets the path and status
    of every response (for tests and benchmarks that count what a visit downloads)."""
    handler = functools.partial(
        type("QuietHandler" if quiet else "LoudHandler", (Handler,), {"quiet": quiet, "record": record}),
        directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path = DIST, port: int = 0,
                    record: list[tuple[str, int]] | None = None) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server in a daemon thread; returns it and its base URL."""
    server = make_server(port, directory, quiet=True, record=record)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static web app into dist/ and optionally serve it.")
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    build()
    if args.command == "serve":
        server = make_server(args.port)
        print(f"Serving dist/ on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
