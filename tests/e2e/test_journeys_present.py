"""Journeys that never surprise (issue 29, items 2-4): every message is about the present (a fixed
mistake, an undone solve, one finish per solve whose time the records and My games agree on, a first
solve called the first); the address and the Puzzle box follow the game through every way in and a
reload reopens it; the first visit's puzzle is not called today's.

Each test's storage starts empty, as on a first visit: its app opens in a context kept for its options on an
origin whose saved data is cleared first (e2e_support.FreshOrigin).
"""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from e2e_support import fresh_origin_fixtures
from play_support import EASY, EASY_SOLUTION, OTHER, at, open_game, open_study, set_language, settle, until, wait_truth
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

open_app = fresh_origin_fixtures(locale="en-US")


def address(page) -> str:
    return unquote(page.evaluate("location.hash").lstrip("#"))


def board_line(page) -> str:
    return page.evaluate("window.sudoku.game.shareLine()")


def touch(page) -> None:
    """A move in the game on the board (a note in its first empty cell), so it counts as begun."""
    page.evaluate("() => { const g = window.sudoku.game; g.toggleNote(g.givens.indexOf(0), 1); }")


def follows(page, line: str) -> None:
    """The board, the address and the Puzzle box all hold ``line``."""
    # (after a reload the page's script may not have run yet: wait for it rather than read undefined)
    until(page, f"!!window.sudoku && window.sudoku.game.shareLine() === {line!r}")
    until(page, f"decodeURIComponent(location.hash.slice(1)) === {line!r}")
    expect(page.locator("#puzzle-text")).to_have_value(line)


def test_every_message_is_about_the_present(server, open_app):
    _app, page = open_game(open_app, server)
    wait_truth(page)
    open_study(page)
    page.check("#check")
    # A wrong digit is said; once it is cleared the message says the board as it is now.
    at(page, 1, 2).focus()
    page.keyboard.press("7")
    expect(page.locator("#message")).to_contain_text("1 of your digits disagrees with the solution")
    page.keyboard.press("Delete")
    expect(page.locator("#message")).to_have_text("No digit disagrees with the solution now.")
    # Solve it: a first solve says it is the first.
    empty = [i for i, ch in enumerate(EASY) if ch == "."]
    for i in empty[:-1]:
        page.evaluate(f"window.sudoku.game.place({i}, {EASY_SOLUTION[i]})")
    last = empty[-1]
    at(page, last // 9 + 1, last % 9 + 1).focus()
    page.keyboard.press(EASY_SOLUTION[last])
    expect(page.locator("#finish")).to_be_visible()
    expect(page.locator("#finish-best")).to_have_text("This one: your first")
    expect(page.locator("#finish-note")).to_contain_text("Your first solve")
    time = page.locator("#finish-time").inner_text()
    page.click("#finish-close")
    expect(page.locator("#message")).to_have_text(f"Solved in {time}!")
    # Undo: the solve is taken back, and the message says so.
    page.click("#undo")
    expect(page.locator("#message")).to_have_text("The solve is taken back: the game is open again.")
    # Redo: the same solve, said in a line; no second finish dialog, no second count, one time everywhere.
    page.click("#redo")
    expect(page.locator("#message")).to_have_text(f"Solved again: this game counts once, solved in {time}.")
    expect(page.locator("#finish")).to_be_hidden()
    records = page.evaluate("window.sudoku.stats.records")
    assert len(records) == 1 and records[0]["solved"] is True, records
    page.click("#stats-panel summary")
    row = page.locator("#stats-body tbody tr").first
    expect(row.locator("td").nth(2)).to_have_text(time)  # drawn when the panel opens
    assert row.locator("td").all_text_contents()[:3] == ["1", "1", time]
    page.click("#games summary")
    expect(page.locator("#games-list li").first).to_contain_text(f"solved · {time}")


def test_the_address_and_the_puzzle_box_follow_the_game(server, open_app):
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    settle(page)
    # The first visit's puzzle is not called today's (the Daily puzzle is another one).
    welcome = board_line(page)
    expect(page.locator("#message")).to_contain_text("Here is a Medium puzzle")
    expect(page.locator("#message")).not_to_contain_text("today's puzzle")
    follows(page, welcome)
    touch(page)
    # New game.
    page.click("#new-game")
    page.select_option("#ng-size", "4")
    page.select_option("#ng-level", "easy")
    page.click("#ng-generate")
    expect(page.locator("#message")).to_contain_text("New 4×4 Easy puzzle")
    follows(page, board_line(page))
    assert board_line(page) != welcome
    touch(page)
    # Daily.
    page.click("#daily")
    expect(page.locator("#message")).to_contain_text("Daily puzzle for")
    daily = board_line(page)
    assert daily != welcome
    follows(page, daily)
    touch(page)
    # A link.
    page.evaluate("text => { location.hash = encodeURIComponent(text); }", OTHER)
    expect(page.locator("#message")).to_contain_text("from the link")
    settle(page)
    follows(page, OTHER)
    # Resume from My games, a move, a reload: the resumed game comes back, address and all.
    page.click("#games summary")
    entry = page.evaluate(f"window.sudoku.library.list().find(e => e.puzzle === {welcome!r}).id")
    assert page.evaluate(f"window.sudoku.library.get({entry!r}).source") == "starter"
    page.click(f"#games-list button[data-resume='{entry}']")
    expect(page.locator("#message")).to_contain_text("Back to this game")
    follows(page, welcome)
    cell = page.evaluate("window.sudoku.game.entries.findIndex((d, i) => !d && !window.sudoku.game.givens[i])")
    page.evaluate(f"window.sudoku.game.place({cell}, 5)")
    page.reload()
    follows(page, welcome)
    assert page.evaluate(f"window.sudoku.game.entries[{cell}]") == 5
    expect(page.locator("#message")).to_contain_text("Welcome back")
    app.wait_ready()
    page.reload()  # and again, with the engine ready: still this game
    follows(page, welcome)
    app.wait_ready()


def test_the_engines_late_word_on_a_link_does_not_hide_the_hint_the_player_asked_for(server, open_app):
    """A hint pressed before the engine has said what it found about the link's puzzle ("Loaded …: it
    has exactly one solution") stayed on show only until that word came, which then took the status
    line, and the hint and its lesson link went (seen under load, where the hint answered first). The
    engine's word about a puzzle already on the board is said quietly: it waits for the hint to go."""
    _app, page = open_game(open_app, server, EASY)
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    expect(page.locator("#hint-lesson")).to_be_visible()
    # The engine's word arriving now, as puzzles.js says it after reading the link.
    page.evaluate("""() => window.sudoku.say(["msg.unique-loaded-link", {size: "9×9", givens: 32}], "ok", [],
        {quiet: true})""")
    expect(page.locator("#hint-text")).to_be_visible()
    expect(page.locator("#hint-lesson")).to_be_visible()
    # Another language says the same words again, still quietly.
    set_language(page, "zh-CN")
    expect(page.locator("#hint-lesson")).to_contain_text("课程")
    expect(page.locator("#hint-text")).to_be_visible()
    set_language(page, "en")
    # When the hint goes (a move elsewhere), the word is there to read.
    page.keyboard.press("Escape")
    at(page, 9, 9).focus()
    page.keyboard.press("2")
    expect(page.locator("#hint-text")).to_be_hidden()
    expect(page.locator("#message")).to_be_visible()
    # A word the player's own action asks for still takes the line at once (once the hint has answered:
    # the hint's own answer is the player's too, and takes the line when it comes).
    page.click("#hint")
    until(page, "!!window.sudoku.hints.hint && !window.sudoku.hints.asking")
    settle(page)
    expect(page.locator("#hint-text")).to_be_visible()
    page.evaluate("() => window.sudoku.say(['msg.no-conflicts'], 'info')")
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#hint-text")).to_be_hidden()
