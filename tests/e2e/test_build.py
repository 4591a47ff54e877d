"""What build.py writes into dist/, checked without a browser (marked e2e all the same: the build runs
``npm ci`` for the pinned Pyodide when node_modules is missing)."""

from __future__ import annotations

import hashlib
import json
import re
import threading
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build

pytestmark = pytest.mark.e2e


def hashed(site, name: str) -> str:
    """The built name of a script or style sheet (see asset-map.json)."""
    return json.loads((site / "asset-map.json").read_text())[name]


def test_dist_holds_the_site(site):
    for name in ("index.html", "lab.html", "learn.html", "sw.js", "manifest.webmanifest", "icons/icon-192.png",
                 "icons/icon-512.png", "data/lessons.json"):
        assert (site / name).is_file(), name
    # The Learn page's examples are merged into data/lessons.json (build.write_lessons), not shipped twice.
    assert not (site / build.LESSON_EXAMPLES).exists()
    lessons = json.loads((site / "data" / "lessons.json").read_text())["lessons"]
    assert len(lessons) == 79 and all(lesson["example"] for lesson in lessons.values())
    assert '"data/lessons.json"' in (site / "sw.js").read_text()  # precached: the lessons work offline
    for name in ("styles.css", "worker.js", "build-info.js", "js/main.js", "js/engine.js", "js/board.js", "js/game.js"):
        assert (site / hashed(site, name)).is_file(), name
    shipped = sorted(re.sub(r"-[0-9a-f]{12}\.zip$", ".zip", p.name) for p in (site / "pyodide").iterdir())
    assert shipped == sorted(build.PYODIDE_FILES)


def test_engine_archive_is_named_by_its_content(site):
    (archive,) = (site / "py").glob("sudoku_core-*.zip")
    digest = re.fullmatch(r"sudoku_core-([0-9a-f]{16})\.zip", archive.name).group(1)
    assert hashlib.sha256(archive.read_bytes()).hexdigest()[:16] == digest
    info = (site / hashed(site, "build-info.js")).read_text()
    assert f'"py/{archive.name}"' in info


def test_the_picture_reader_is_its_own_archive_out_of_the_engine_s(site):
    """The reader of pictures and its weights (issue 31) are fetched only when a picture is read: not in
    the engine's archive, in their own, named by its content and in the build info."""
    (engine,) = (site / "py").glob("sudoku_core-*.zip")
    (reader,) = (site / "py").glob("sudoku_scan-*.zip")
    assert hashlib.sha256(reader.read_bytes()).hexdigest()[:16] == reader.stem.split("-")[1]
    with zipfile.ZipFile(engine) as zf:
        names = zf.namelist()
    assert "sudoku_core/bridge/picture.py" in names
    assert not [n for n in names if n.startswith(("sudoku_core/scan", "sudoku_core/__pycache__/scan"))]
    with zipfile.ZipFile(reader) as zf:
        sources = sorted(n for n in zf.namelist() if n.endswith(".py"))
        assert sources == ["sudoku_core/scan.py", "sudoku_core/scan_weights.py"]
        assert len([n for n in zf.namelist() if n.endswith(".pyc")]) == 2
    assert f'"py/{reader.name}"' in (site / hashed(site, "build-info.js")).read_text()


def test_archive_is_deterministic(site):
    """The engine's and the picture reader's archives made again here, in another process and at another
    time than the site's build, are the site's byte for byte: the sources alone decide them (sorted,
    fixed timestamps, hash-based bytecode). One compile under Node here, not two."""
    engine, reader = build.split_archive(build.package_archive())
    (shipped,) = (site / "py").glob("sudoku_core-*.zip")
    (shipped_reader,) = (site / "py").glob("sudoku_scan-*.zip")
    assert engine == shipped.read_bytes(), f"{site}: not built from these sources, or not deterministic"
    assert reader == shipped_reader.read_bytes()


def test_service_worker_precaches_every_file(site):
    sw = (site / "sw.js").read_text()
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != "sw.js")
    lazy = json.loads(re.search(r"const LAZY = new Set\((\[.*?\])\);", sw, re.S).group(1))
    assert [Path(x).name.split("-")[0] for x in lazy] == ["sudoku_scan"]  # cached when a picture is read
    assert sorted(x for x in listed if x != "./") == sorted(set(files) - set(lazy))
    assert re.search(r'const CACHE = "sudoku-[0-9a-f]{16}"', sw)


def test_manifest_makes_it_installable(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (site / icon["src"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("name", ["index.html", "styles.css", "worker.js", "sw.js", "js/main.js", "js/engine.js",
                                  "manifest.webmanifest"])
def test_every_url_is_relative(site, name):
    text = (site / (hashed(site, name) if name.endswith((".css", ".js")) and name != "sw.js" else name)).read_text()
    assert not re.search(r"https?://", text), "an absolute URL"
    assert not re.search(r"""(?:href|src)=["']/""", text), "a root-relative URL"
    assert not re.search(r"""(?:import|from|fetch\(|register\()\s*["']/""", text), "a root-relative URL"


def test_the_lock_file_ships_without_the_packages_the_engine_never_loads(site):
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")


def test_scripts_and_styles_are_named_by_their_content_and_every_reference_follows(site):
    """A page of one release never loads a module of another: each script and style sheet is named by
    the hash of its content (its references already rewritten), and nothing refers to an old name."""
    names = json.loads((site / "asset-map.json").read_text())
    assert {"worker.js", "build-info.js", "js/main.js", "js/lab/main.js", "styles.css"} <= set(names)
    for source, built in names.items():
        stem, ext = source.rsplit(".", 1)
        digest = re.fullmatch(re.escape(stem) + r"-([0-9a-f]{12})\." + ext, built).group(1)
        assert hashlib.sha256((site / built).read_bytes()).hexdigest()[:12] == digest
        assert not (site / source).exists()
    refs = re.compile(r"""["']((?:\.{1,2}/)?[\w./-]+\.(?:js|css))["']""")
    # A JSDoc comment's `import("../ops.js")` names a type the checker reads from types/, never loaded.
    jsdoc = re.compile(r"/\*\*.*?\*/", re.S)
    for path in [*site.glob("*.html"), *(site / b for b in names.values())]:
        for url in refs.findall(jsdoc.sub("", path.read_text())):
            target = (path.parent / url).resolve()
            assert url.endswith("sw.js") or target.is_file(), (path.name, url)


def test_the_standard_library_is_trimmed_to_what_the_engine_loads_and_suffices(site):
    """Pyodide boots in Node with the shipped stdlib alone, imports every engine module and every
    module the engine's sources name, and answers one request of every operation."""
    text = (site / hashed(site, "build-info.js")).read_text()
    info = json.loads(re.search(r"BUILD = (\{.*?\});", text, re.S).group(1))
    trimmed = site / info["stdlib"]
    assert re.fullmatch(r"pyodide/python_stdlib-[0-9a-f]{12}\.zip", info["stdlib"])
    assert not (site / "pyodide" / "python_stdlib.zip").exists()
    full = build.PYODIDE_DIR / "python_stdlib.zip"
    print(f"stdlib: {trimmed.stat().st_size:,} bytes shipped of {full.stat().st_size:,}")
    # Trimmed to the modules the engine loads, and shipped as bytecode (build.compile_stdlib): larger
    # per module than sources, but Python no longer compiles them at every boot.
    shipped = zipfile.ZipFile(trimmed).namelist()
    assert len(shipped) < len(zipfile.ZipFile(full).namelist()) / 3
    assert not [n for n in shipped if n.endswith(".py")]
    assert trimmed.stat().st_size < full.stat().st_size * 0.7
    found = build.probe_stdlib(build.PYODIDE_DIR, [site / info["archive"], site / info["reader"]], trimmed)
    assert any(f.endswith("/json/__init__.pyc") for f in found["files"])


# --- a rebuild while serving (issue 34): dist/ is never missing or half written -------------------------

def _tiny_site(root: Path, release: str, files: int = 40) -> dict:
    """A stand-in for :func:`build.write_site`: ``files`` pages that each name their release."""
    for k in range(files):
        (root / f"page{k}.html").write_text(f"<p>{release} {k}</p>" + " " * 20_000)
    return {"files": files, "version": release, "archive": "-", "pyodide": "-"}


def _poll(url: str, stop: threading.Event, seen: list) -> None:
    """Ask for the site's pages one after another until ``stop``, keeping each (status, body)."""
    k = 0
    while not stop.is_set():
        name = f"page{k % 40}.html"
        try:
            with urllib.request.urlopen(url + name, timeout=10) as reply:
                seen.append((name, reply.status, reply.read().decode()))
        except urllib.error.HTTPError as exc:
            seen.append((name, exc.code, ""))
        k += 1


def test_a_rebuild_swaps_the_site_in_whole_while_it_is_served(tmp_path, monkeypatch):
    """``build.py`` deleted ``dist/`` before writing it: during a rebuild most requests got 404. Now the new
    site is written beside the old one and swapped in: every request, before, during and after ten
    rebuilds, gets a whole page of one release or the next. The pages are a stand-in (the site's own
    writer, :func:`build.write_site`, is what the session's build checks); this is the swap."""
    dist = tmp_path / "dist"
    dist.mkdir()
    _tiny_site(dist, "r0")
    releases = iter(f"r{k}" for k in range(1, 11))
    stop, seen = threading.Event(), []

    def slow_writer(root, web, pyodide):
        """Half the pages, then a wait until three more requests were answered, then the rest."""
        release, before = next(releases), len(seen)
        _tiny_site(root, release, files=20)
        while len(seen) < before + 3 and not stop.is_set():
            threading.Event().wait(0.005)
        return _tiny_site(root, release)

    monkeypatch.setattr(build, "ensure_pyodide", lambda: tmp_path)
    monkeypatch.setattr(build, "write_site", slow_writer)
    srv, url = build.serve_in_thread(dist)
    poller = threading.Thread(target=_poll, args=(url, stop, seen))
    poller.start()
    try:
        for k in range(1, 11):
            assert build.build(dist)["version"] == f"r{k}"
            while not any(body.startswith(f"<p>r{k} ") for _, _, body in seen[-40:]):
                if not poller.is_alive():
                    break
                threading.Event().wait(0.005)  # until a request has seen release k
    finally:
        stop.set()
        poller.join()
        srv.shutdown()
        srv.server_close()
    assert len(seen) >= 40 and not [(name, status) for name, status, _ in seen if status != 200]
    for name, _, body in seen:
        k = name.removeprefix("page").removesuffix(".html")
        assert re.fullmatch(rf"<p>r(10|[0-9]) {k}</p> {{20000}}", body), (name, body[:40])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]  # nothing left beside it
    assert (dist / "page0.html").read_text().startswith("<p>r10 0</p>")


def test_a_failed_build_leaves_the_old_site(tmp_path, monkeypatch):
    dist = tmp_path / "dist"
    dist.mkdir()
    _tiny_site(dist, "old")

    def broken(root, web, pyodide):
        _tiny_site(root, "new", files=3)
        raise OSError("disk full")

    monkeypatch.setattr(build, "ensure_pyodide", lambda: tmp_path)
    monkeypatch.setattr(build, "write_site", broken)
    with pytest.raises(OSError, match="disk full"):
        build.build(dist)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]
    assert len(list(dist.iterdir())) == 40 and (dist / "page3.html").read_text().startswith("<p>old 3</p>")


def test_the_swap_without_an_atomic_exchange_renames_and_cleans_up(tmp_path, monkeypatch):
    """Where renameat2 is missing, two renames: the result is the same."""
    dist, new = tmp_path / "dist", tmp_path / ".dist.new"
    dist.mkdir()
    new.mkdir()
    (dist / "a").write_text("old")
    (new / "a").write_text("new")
    monkeypatch.setattr(build, "_exchange", lambda a, b: False)
    assert build.swap_in(new, dist) == "renamed in"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"] and (dist / "a").read_text() == "new"
    fresh = tmp_path / "fresh"
    assert build.swap_in(dist, fresh) == "written" and (fresh / "a").read_text() == "new"
