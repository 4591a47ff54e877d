"""What build.py writes into dist/, checked without a browser (marked e2e all the same: the build runs
``npm ci`` for the pinned Pyodide when node_modules is missing)."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile

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
    (archive,) = (site / "py").iterdir()
    digest = re.fullmatch(r"sudoku_core-([0-9a-f]{16})\.zip", archive.name).group(1)
    assert hashlib.sha256(archive.read_bytes()).hexdigest()[:16] == digest
    info = (site / hashed(site, "build-info.js")).read_text()
    assert f'"py/{archive.name}"' in info


def test_archive_is_deterministic():
    assert build.package_archive() == build.package_archive()


def test_service_worker_precaches_every_file(site):
    sw = (site / "sw.js").read_text()
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != "sw.js")
    assert sorted(x for x in listed if x != "./") == files
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
    for path in [*site.glob("*.html"), *(site / b for b in names.values())]:
        for url in refs.findall(path.read_text()):
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
    found = build.probe_stdlib(build.PYODIDE_DIR, site / info["archive"], trimmed)
    assert any(f.endswith("/json/__init__.pyc") for f in found["files"])
