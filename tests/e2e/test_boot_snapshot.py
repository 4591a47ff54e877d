"""Returning visits boot the engine from a memory snapshot (issue 17): the first visit saves one when
the engine is idle; the next restores from it and answers; a corrupt snapshot falls back to a normal
boot (and answers); a snapshot of another build is never read, and is deleted."""

from __future__ import annotations

import pytest
from play_support import open_game, settle, until
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

KEYS = """async () => { const cache = await caches.open('engine-snapshot');
    return (await cache.keys()).map(r => r.url); }"""


def boot_kind(page) -> str:
    return page.evaluate("window.sudoku.engine.info.boot")


def hint_answers(page) -> None:
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    expect(page.locator("#hint-text")).to_contain_text("Single")


def test_a_returning_visit_boots_from_the_snapshot_and_falls_back_when_it_is_bad(server, open_app):
    app, page = open_game(open_app, server)
    assert boot_kind(page) == "boot"
    until(page, "!!window.sudoku.engine.snapshot", timeout_ms=120_000)  # saved once idle
    keys = page.evaluate(KEYS)
    assert len(keys) == 1 and "engine-snapshot/" in keys[0]
    cold = page.evaluate("window.sudoku.engine.info.bootMs")
    # The next visit restores from it, and the engine answers.
    page.reload()
    app.wait_ready()
    assert boot_kind(page) == "snapshot"
    warm = page.evaluate("window.sudoku.engine.info.bootMs")
    print(f"engine ready: cold boot {cold:.0f} ms, from the snapshot {warm:.0f} ms")
    settle(page)
    hint_answers(page)
    # A corrupt snapshot: a plain boot, which answers, and saves a good one again.
    page.evaluate("""async key => { const cache = await caches.open('engine-snapshot');
        await cache.put(key, new Response(new Uint8Array(4096))); }""", keys[0])
    page.reload()
    app.wait_ready()
    assert boot_kind(page) == "boot"
    settle(page)
    hint_answers(page)
    until(page, "!!window.sudoku.engine.snapshot", timeout_ms=120_000)
    # Another build's snapshot (another engine archive in its key) is never read, and is deleted.
    stale = keys[0].replace("sudoku_core-", "sudoku_core-0ld")
    page.evaluate("""async key => { const cache = await caches.open('engine-snapshot');
        const good = await cache.match(key.replace('0ld', ''));
        await cache.put(key, new Response(await good.arrayBuffer())); }""", stale)
    assert stale in page.evaluate(KEYS)
    page.reload()
    app.wait_ready()
    assert boot_kind(page) == "snapshot"
    assert page.evaluate(KEYS) == keys
    settle(page)
    hint_answers(page)
