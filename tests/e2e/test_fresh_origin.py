"""The contexts the browser tests keep for a worker's session (conftest's ``origins``, e2e_support.FreshOrigin):
a test's app opens as a new tab in a context an earlier test of any module used, on an origin cleared first.
What the earlier test saved or set must be gone (the saved game, the settings and every other key of local
storage, IndexedDB, cookies, session storage, permissions granted), and what a browser that has been
to the site keeps must stay (Cache Storage: the service worker's copy of the site), which shows that the
context was indeed the same one. A module's shared page (e2e_support.shared_app) holds its kept context
until the module ends: no other test's tab replaces it meanwhile, and the context is handed out again after.
"""

from __future__ import annotations

import pytest
from e2e_support import close_checked, shared_app
from play_support import EASY, at, wait_truth
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

OPTIONS = {"locale": "en-US"}
PROBE = "fresh-origin-probe"  # a Cache Storage name of this test's own, taken away again at its end

SAVED = """async () => {
    const dbs = (await indexedDB.databases()).map(d => d.name);
    let permission = null;
    try { permission = (await navigator.permissions.query({name: 'clipboard-read'})).state; } catch (e) {}
    return {keys: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage), cookie: document.cookie,
            dbs, permission, caches: await caches.keys()};
}"""


def test_a_kept_context_forgets_what_the_last_test_saved_and_keeps_the_site(server, origins):
    first = origins.origin(OPTIONS, []).open(server + "index.html#" + EASY)
    try:
        page = first.goto().wait_ready().page
        wait_truth(page)
        at(page, 1, 1).focus()
        page.keyboard.press("4")  # a move: the game is saved
        expect(at(page, 1, 1)).to_have_text("4")
        page.evaluate("""async probe => {
            localStorage.setItem('probe.kept', 'x');
            sessionStorage.setItem('probe.kept', 'x');
            document.cookie = 'probe=1; max-age=3600';
            await new Promise((done, fail) => {
                const open = indexedDB.open('probe-db', 1);
                open.onupgradeneeded = () => open.result.createObjectStore('s').put('x', 'k');
                open.onsuccess = () => { open.result.close(); done(); };
                open.onerror = () => fail(open.error);
            });
            await (await caches.open(probe)).put('probe-entry', new Response('x'));
        }""", PROBE)
        first.context.grant_permissions(["clipboard-read"], origin=first.base.rstrip("/"))
        saved = page.evaluate(SAVED)
        assert saved["cookie"] == "probe=1" and "probe-db" in saved["dbs"] and "probe.kept" in saved["session"]
        assert "probe.kept" in saved["keys"] and saved["permission"] == "granted"
        assert PROBE in saved["caches"]
        assert page.evaluate("puzzle => window.sudoku.library.list().some(g => g.puzzle === puzzle)", EASY)
        assert page.evaluate("window.sudoku.game.entries[0]") == 4
    finally:
        close_checked([first])

    second = origins.origin(OPTIONS, []).open(server + "index.html#" + EASY)
    try:
        assert second.context is first.context  # the same kept context, a new tab in it
        page = second.goto().wait_ready().page
        wait_truth(page)
        # The link's game starts again: no move, no other game listed, no saved setting of the first test.
        expect(at(page, 1, 1)).to_have_text("")
        assert page.evaluate("window.sudoku.game.entries[0]") == 0
        assert page.evaluate("window.sudoku.library.list().length") == 1
        left = page.evaluate(SAVED)
        assert "probe.kept" not in left["keys"] and "probe.kept" not in left["session"] and left["cookie"] == ""
        assert "probe-db" not in left["dbs"]
        assert left["permission"] == "prompt"
        assert PROBE in left["caches"]  # the profile's Cache Storage stays: the same browser, not a new one
        page.evaluate("probe => caches.delete(probe)", PROBE)
    finally:
        close_checked([second])


def test_a_module_s_shared_page_holds_its_kept_context_until_the_module_ends(server, origins):
    shared = shared_app(origins, server + "index.html#" + EASY, **OPTIONS)
    app = next(shared)  # the module's page, booted
    held = [origin for origin in origins.held if origin.context is app.context]
    assert len(held) == 1
    other = origins.origin(OPTIONS, [])  # another test's tab meanwhile: another kept context
    assert other is not held[0] and other.context is not app.context
    assert not app.page.is_closed()
    with pytest.raises(StopIteration):  # the module's end: its page closes and its checks pass
        next(shared)
    assert app.page.is_closed() and held[0] not in origins.held
    assert origins.origin(OPTIONS, [other]) is held[0]  # handed out again
