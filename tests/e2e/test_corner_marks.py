"""Corner marks beside centre marks (Snyder notation, issue 29): a mark mode that writes a digit in the
cell's corner, both kinds drawn apart, saved, undone, cleaned when a peer takes the digit, read by a screen
reader, and never read by the hints (they reason from the centre marks)."""

from __future__ import annotations

import re

import pytest
from e2e_support import fresh_origin_fixtures
from play_support import EASY, open_game, settle
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

# A link opens in a context kept for its options, on an origin cleared first (e2e_support.FreshOrigin);
# another browser is another kept context.
open_app = fresh_origin_fixtures(locale="en-US")


def marks(page, cell: int) -> dict:
    return page.evaluate(f"""() => {{ const g = window.sudoku.game;
        return {{notes: g.notes[{cell}], corners: g.corners[{cell}]}}; }}""")


def test_corner_marks_are_written_drawn_apart_undone_kept_and_cleaned(open_app, server):
    app, page = open_game(open_app, server, EASY)
    cell = page.locator("#board [data-cell='0']")  # r1c1, empty; 4 and 5 are among its candidates
    cell.click()
    page.keyboard.press("Shift+Digit4")  # a centre mark
    page.click("#corner-mode")
    expect(page.locator("#corner-mode")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Shift+Digit5")  # a corner mark
    page.keyboard.press("Shift+Digit8")
    assert marks(page, 0) == {"notes": 1 << 3, "corners": (1 << 4) | (1 << 7)}
    # Drawn apart: the centre mark in the notes, the corner marks in the corners.
    assert cell.locator(".notes > span[data-d='4']").count() == 1
    assert cell.locator(".corners > span").evaluate_all("s => s.map(e => e.dataset.d)") == ["5", "8"]
    expect(cell).to_have_attribute("aria-label", re.compile(r"notes 4, corner marks 5 8"))
    # The hint reads only centre marks: its position is the same with or without the corner marks.
    key = page.evaluate("window.sudoku.hints.payload()")
    assert "pencil" not in key or all(not p or p == [4] for p in key["pencil"])
    # One Undo takes one mark back; the C key switches back to centre marks.
    page.keyboard.press("Control+z")
    assert marks(page, 0)["corners"] == 1 << 4
    page.keyboard.press("Control+y")
    page.keyboard.press("c")
    expect(page.locator("#corner-mode")).to_have_attribute("aria-pressed", "false")
    # Kept across a reload.
    page.reload()
    app.wait_ready()
    settle(page)
    assert marks(page, 0) == {"notes": 1 << 3, "corners": (1 << 4) | (1 << 7)}
    # A digit placed in a peer takes its corner mark too, in the same move.
    page.locator("#board [data-cell='1']").click()
    page.keyboard.press("8")
    assert marks(page, 0)["corners"] == 1 << 4
    page.keyboard.press("Control+z")
    assert marks(page, 0)["corners"] == (1 << 4) | (1 << 7)
    # Erasing the cell clears both kinds at once.
    cell.click()
    page.keyboard.press("Backspace")
    assert marks(page, 0) == {"notes": 0, "corners": 0}


def test_a_link_with_progress_carries_corner_marks_to_another_browser(open_app, server):
    _, page = open_game(open_app, server, EASY)
    page.locator("#board [data-cell='0']").click()
    page.keyboard.press("Shift+Digit4")
    page.keyboard.press("c")
    page.keyboard.press("Shift+Digit5")
    page.keyboard.press("Shift+Digit8")
    link = page.evaluate("window.sudoku.exportText('link', true)")
    assert link.count("%7C") == 3  # puzzle | entries | notes | corner marks
    other = open_app(link, locale="en-US").goto().wait_ready().page
    settle(other)
    assert marks(other, 0) == {"notes": 1 << 3, "corners": (1 << 4) | (1 << 7)}
    # A link without corner marks has three parts, as before.
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert page.evaluate("window.sudoku.exportText('link', true)").count("%7C") == 2
