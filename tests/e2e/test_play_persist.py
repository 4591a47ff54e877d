"""Playing across reloads, links, screens and media: a reload in the middle of a game keeps
everything (entries, notes, colours, history, clock, settings); corrupt storage is survived; a link
can carry progress and notes; export as a line and a grid; a phone-sized screen with touch; the
browser's language and colour scheme are followed; the print view is the grid alone.

Each test starts with empty storage: its app opens in a context kept for its options on an origin whose saved
data is cleared first (e2e_support.FreshOrigin), or in a fresh context (another browser, other options).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from e2e_support import fresh_origin_fixtures
from play_support import EASY, EASY_SOLUTION, OTHER, at, load, notes_of, pad, state, until, wait_truth
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

open_app = fresh_origin_fixtures(locale="en-US")


def test_reload_in_the_middle_of_a_game_keeps_everything(server, open_app):
    app = open_app(server + "index.html#" + EASY, locale="en-US")
    page = app.goto().wait_ready().page
    expect(page.locator("#message")).to_contain_text("from the link")
    wait_truth(page)
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    at(page, 1, 2).focus()
    page.keyboard.press("Shift+Digit7")
    page.keyboard.press("Shift+Digit8")
    at(page, 2, 2).click()
    page.click(".swatch[data-colour='3']")
    page.evaluate("document.getElementById('check').click()")
    page.evaluate("document.getElementById('theme').value = 'dark'; "
                  "document.getElementById('theme').dispatchEvent(new Event('change'))")
    at(page, 1, 4).focus()
    page.keyboard.press("9")
    page.keyboard.press("Control+z")  # one move waiting to be redone
    before = state(page)
    clock = page.evaluate("window.sudoku.game.timeMs()")
    page.reload()
    # The game is back before the engine is: storage needs no Python.
    expect(at(page, 1, 1)).to_have_text("4")
    assert state(page) == before
    assert notes_of(page, 1) == [7, 8]
    expect(at(page, 2, 2)).to_have_attribute("data-colour", "3")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#check")).to_be_checked()
    assert page.evaluate("window.sudoku.game.timeMs()") >= clock
    assert page.evaluate("location.hash") == "#" + EASY
    app.wait_ready()
    expect(page.locator("#message")).to_contain_text("Welcome back")
    page.click("#redo")
    expect(at(page, 1, 4)).to_have_text("9")
    page.click("#undo")
    page.click("#undo")
    page.click("#undo")
    expect(at(page, 1, 2)).to_have_attribute("aria-label", "Row 1, column 2: empty, notes 7")


def test_corrupt_storage_is_set_aside_told_and_survived(server, open_app):
    app = open_app(server + "index.html", locale="en-US")
    app.page.add_init_script("""if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');
        localStorage.setItem('sudoku.game.v1', '{not json');
        localStorage.setItem('sudoku.settings.v1', '[1, 2');
    }
    // Damage a saved game between two visits (after the page going away saved it, before the next reads it).
    const damage = sessionStorage.getItem('damage');
    if (damage) { sessionStorage.removeItem('damage');
        const g = JSON.parse(localStorage.getItem(damage)); g.givens[0] = 99;
        localStorage.setItem(damage, JSON.stringify(g)); }""")
    page = app.goto().page
    # The player is told, the unreadable text is kept (set aside, not deleted) and can be copied, and
    # a game to play is on the board.
    expect(page.locator("#save-problem")).to_be_visible()
    expect(page.locator("#save-problem")).to_contain_text("set aside, not deleted")
    aside = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('sudoku.game.v1.aside.'))
        .map(k => localStorage.getItem(k))""")
    assert aside == ["{not json"]
    page.click("#save-aside")
    expect(page.locator("#save-text")).to_have_value("{not json")
    assert len([c for c in page.locator("#board [role=gridcell]").all_text_contents() if c]) > 17
    app.wait_ready()
    load(page)
    # A saved game that fails the schema (a given of 99) is set aside the same way on the next visit.
    key = page.evaluate("'sudoku.game.v2.' + window.sudoku.library.current")
    page.evaluate("key => sessionStorage.setItem('damage', key)", key)
    page.reload()
    expect(page.locator("#save-problem")).to_be_visible()
    kept = page.evaluate("key => Object.keys(localStorage).filter(k => k.startsWith(key + '.aside.')).length", key)
    assert kept == 1
    expect(page.locator("#board [role=gridcell]")).to_have_count(81)
    app.wait_ready()


def test_link_with_progress_and_notes_and_export(server, open_app):
    app = open_app(server + "index.html#" + OTHER, locale="en-US")
    page = app.goto().wait_ready().page
    expect(page.locator("#message")).to_contain_text("from the link")
    at(page, 1, 2).focus()
    page.keyboard.press("1")
    at(page, 1, 3).focus()
    page.keyboard.press("Shift+Digit6")
    page.keyboard.press("Shift+Digit9")
    page.evaluate("document.querySelector('details.export').open = true")
    page.click("#copy-line")
    expect(page.locator("#export-text")).to_have_value(OTHER)
    page.click("#copy-grid")
    expect(page.locator("#export-text")).to_have_value("\n".join(OTHER[r * 9:r * 9 + 9] for r in range(9)))
    page.check("#export-progress")
    page.click("#copy-line")
    expect(page.locator("#export-text")).to_have_value(OTHER[0] + "1" + OTHER[2:])
    page.click("#copy-link")
    link = page.locator("#export-text").input_value()
    puzzle, entries, notes = unquote(link.split("#", 1)[1]).split("|")
    assert puzzle == OTHER and entries == "." + "1" + "." * 79
    assert notes.split(",")[2] == "80"  # bits 6 and 9: 0b100100000 = 288 = "80" in base 36
    # Opened elsewhere (a new context: other storage), the link brings the progress and notes.
    other = open_app(link, fresh=True, locale="en-US")
    page2 = other.goto().wait_ready().page
    expect(at(page2, 1, 2)).to_have_text("1")
    expect(at(page2, 1, 2)).to_have_class(re.compile(r"\bentry\b"))
    expect(at(page2, 1, 3)).to_have_attribute("aria-label", "Row 1, column 3: empty, notes 6 9")
    until(page2, f"location.hash === '#{OTHER}'")  # the address bar is back to the puzzle


def test_phone_screen_with_touch(server, open_app):
    app = open_app(server + "index.html#" + EASY, viewport={"width": 360, "height": 740}, has_touch=True,
                   is_mobile=True, locale="en-US")
    page = app.goto().wait_ready().page
    expect(page.locator("#message")).to_contain_text("from the link")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll('.toolbar button, .pad button, #pause')]
        .filter(b => b.getClientRects().length)
        .map(b => { const r = b.getBoundingClientRect(); return [b.id || b.getAttribute('aria-label') || b.textContent,
                    Math.round(r.width), Math.round(r.height)]; })
        .filter(([, w, h]) => w < 44 || h < 44)""")
    assert small == [], small
    board = page.locator("#board").bounding_box()
    assert board["width"] >= 320
    at(page, 1, 1).tap()
    pad(page, 4).tap()
    expect(at(page, 1, 1)).to_have_text("4")
    page.locator("#notes-mode").tap()
    at(page, 1, 2).tap()
    pad(page, 8).tap()
    assert notes_of(page, 1) == [8]
    page.locator("#undo").tap()
    page.locator("#undo").tap()
    expect(at(page, 1, 1)).to_have_text("")
    assert EASY_SOLUTION[0] == "4"


def test_browser_language_and_colour_scheme_are_followed(server, open_app):
    app = open_app(server + "index.html", locale="zh-CN", color_scheme="dark")
    page = app.goto().page
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(page.locator("h1")).to_have_text("数独")
    dark = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    expect(page.locator("html")).to_have_attribute("data-scheme", "dark")  # "system", followed
    page.evaluate("document.getElementById('theme').value = 'light'; "
                  "document.getElementById('theme').dispatchEvent(new Event('change'))")
    light = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert dark != light
    lum = [sum(int(x) for x in re.findall(r"\d+", c)[:3]) for c in (dark, light)]
    assert lum[0] < 200 < lum[1], (dark, light)
    page.evaluate("document.getElementById('theme').value = 'system'; "
                  "document.getElementById('theme').dispatchEvent(new Event('change'))")
    expect(page.locator("html")).to_have_attribute("data-scheme", "dark")
    page.emulate_media(color_scheme="light")  # the system's scheme changes: followed live
    expect(page.locator("html")).to_have_attribute("data-scheme", "light")
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == light
    page.evaluate("document.getElementById('contrast').click()")
    expect(page.locator("html")).to_have_attribute("data-contrast", "high")
    # The print view: the grid alone.
    page.emulate_media(media="print")
    expect(page.locator(".panel")).to_be_hidden()
    expect(page.locator(".toolbar").first).to_be_hidden()
    expect(page.locator("#board")).to_be_visible()
    app.wait_ready()
