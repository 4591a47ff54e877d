"""A new release (issue 19): it installs in the background and waits, the open page says "A new version
is ready" and keeps running the release it started with until the player presses Reload; then the new
release serves every file, the game in progress is still there, and it works offline. Release B is a
real build of a front end with one changed style sheet, written over release A while its page is open
(scripts and styles carry content hashes, so B's sheet has a new name and A's page keeps its own). B's
engine is A's: the same sources make the same archives byte for byte (test_build.py's
test_archive_is_deterministic), so B's build takes the engine archives and the trimmed standard library
that A ships instead of compiling them again under Node (:func:`build_over`): the same site, file for
file, for 0.5-0.6 s of CPU instead of 15.5-18.1 s (two builds of each, loaded machine)."""

from __future__ import annotations

import shutil
import urllib.error
import urllib.request

import pytest
from e2e_support import BOOT_TIMEOUT_MS
from play_support import EASY, at, settle
from playwright.sync_api import expect

import build

pytestmark = pytest.mark.e2e

# Whether the page's own style sheet is release B's.
HAS_B = """() => fetch(document.querySelector("link[rel=stylesheet]").href)
    .then(r => r.text()).then(t => t.includes('release B'))"""


def build_over(root, web) -> None:
    """Build the front end in ``web`` over the site in ``root``, with the engine archives and the trimmed
    standard library the site already ships (the same sources make the same bytes), not compiled again."""
    (engine,) = (root / "py").glob("sudoku_core-*.zip")
    (reader,) = (root / "py").glob("sudoku_scan-*.zip")
    (stdlib,) = (root / "pyodide").glob("python_stdlib-*.zip")
    shipped, trimmed = (engine.read_bytes(), reader.read_bytes()), stdlib.read_bytes()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "package_archive", lambda: b"")
        patch.setattr(build, "split_archive", lambda archive: shipped)
        patch.setattr(build, "trim_stdlib", lambda pyodide, archives: trimmed)
        build.build(root, web=web)


def test_a_new_release_waits_for_the_player_and_keeps_the_game(site, tmp_path, open_app):
    root = tmp_path / "site"
    shutil.copytree(site, root)
    srv, url = build.serve_in_thread(root)
    try:
        app = open_app(url + "index.html#" + EASY, locale="en-US")
        page = app.goto().page
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        app.wait_ready()
        settle(page)
        at(page, 1, 1).focus()
        page.keyboard.press("4")
        # Release B: the front end with one changed style sheet, built over A.
        web = tmp_path / "web"
        shutil.copytree(build.WEB, web)
        (web / "styles.css").write_text((web / "styles.css").read_text() + "\n/* release B */\n")
        build_over(root, web)
        page.reload()
        app.wait_ready()
        expect(page.locator("#update")).to_be_visible()
        assert page.evaluate(HAS_B) is False  # the open page stays on release A
        expect(at(page, 1, 1)).to_have_text("4")
        with page.expect_navigation():
            page.click("#update-reload")
        app.wait_ready()
        expect(page.locator("#update")).to_be_hidden()
        assert page.evaluate(HAS_B) is True
        expect(at(page, 1, 1)).to_have_text("4")
    finally:
        srv.shutdown()
        srv.server_close()
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(url + "index.html", timeout=5)
    page.reload()  # offline: release B, from its own cache
    app.wait_ready()
    assert page.evaluate(HAS_B) is True
    expect(at(page, 1, 1)).to_have_text("4")


def test_a_first_visit_downloads_each_file_once(browser, site, tmp_path):
    """The service worker's precache revalidates the files whose name fixes their content (Pyodide's,
    the content-hashed ones) and so reuses what the page has just downloaded: in a fresh profile on
    disk, as a first-time visitor has, the 9.6 MB WebAssembly file and every other file come down
    once, where they used to come down twice (13.5 MB in all instead of 26.8)."""
    from e2e_support import CHROMIUM, FLAGS

    served: list[tuple[str, int]] = []
    server, url = build.serve_in_thread(site, record=served)
    try:
        context = browser.browser_type.launch_persistent_context(tmp_path / "profile", executable_path=CHROMIUM,
                                                                 args=FLAGS)
        try:
            page = context.new_page()
            page.goto(url + "index.html")
            page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=180_000)
        finally:
            context.close()
    finally:
        server.shutdown()
        server.server_close()
    bodies = [path for path, code in served if code == 200]
    # The pages, the manifest and the icons (a few KB, named without their content) are fetched afresh.
    fresh = ("/", "/index.html", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png")
    twice = sorted({path for path in bodies if bodies.count(path) > 1 and path not in fresh})
    assert bodies.count("/pyodide/pyodide.asm.wasm") == 1
    assert twice == [], twice
