"""Playing on the page: digits and notes, auto-candidates, moves with undo/redo/restart, highlighting,
conflicts and optional checking with rewind, digits remaining, the timer, colours, digit-first input,
hints as moves, the finish screen, languages and keyboard-only play.

One booted page serves the module: every test loads its own puzzle (a fresh game) first and puts
back any setting it changes, so none depends on another's state.
"""

from __future__ import annotations

import re

import pytest
from e2e_support import shared_app
from play_support import (
    EASY,
    EASY_SOLUTION,
    at,
    candidates,
    load,
    notes_of,
    open_study,
    pad,
    set_language,
    state,
    until,
    wait_truth,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def app(origins, server):
    yield from shared_app(origins, server + "index.html", locale="en-US")


@pytest.fixture
def page(app):
    """The shared page with a fresh game of EASY and the input modes back at their defaults."""
    page = app.page
    page.evaluate("""() => { const d = document.getElementById('finish'); if (d.open) d.close(); }""")
    load(page)
    for toggle in ("#notes-mode", "#digit-first"):
        if page.locator(toggle).get_attribute("aria-pressed") == "true":
            page.click(toggle)
    return page


def press_at(page, row, col, *keys):
    at(page, row, col).focus()
    for key in keys:
        page.keyboard.press(key)


def test_digits_notes_and_the_notes_key(page):
    press_at(page, 1, 1, "n", "4", "8")  # notes mode: pencil marks
    expect(at(page, 1, 1)).to_have_attribute("aria-label", "Row 1, column 1: empty, notes 4 8")
    expect(at(page, 1, 1)).to_have_text("")  # notes are drawn, the cell's text stays its digit
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("8")  # toggles off
    assert notes_of(page, 0) == [4]
    page.keyboard.press("n")
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "false")
    press_at(page, 2, 2, "Shift+Digit4")  # Shift+digit: a note even in digit mode
    assert notes_of(page, 10) == [4]
    press_at(page, 1, 2, "4")  # a digit takes itself out of its peers' notes
    expect(at(page, 1, 2)).to_have_text("4")
    expect(at(page, 1, 2)).to_have_class(re.compile(r"\bentry\b"))
    assert notes_of(page, 0) == [] and notes_of(page, 10) == []


def test_auto_candidates_stay_up_to_date_and_editable(page):
    page.click("#auto-notes")
    assert notes_of(page, 0) == candidates(EASY, 0)
    assert notes_of(page, 1) == candidates(EASY, 1)
    assert 4 in notes_of(page, 1)
    press_at(page, 1, 1, "4")
    assert 4 not in notes_of(page, 1)  # up to date
    press_at(page, 1, 2, "Shift+Digit8")  # still editable by hand
    assert 8 not in notes_of(page, 1)
    press_at(page, 1, 1, "Backspace")  # a cleared cell gets its candidates back
    assert notes_of(page, 0) == candidates(EASY, 0)
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert 8 in notes_of(page, 1)


def test_undo_redo_and_restart(page):
    press_at(page, 1, 1, "4")
    press_at(page, 1, 2, "8")
    press_at(page, 1, 4, "9")
    assert state(page)["done"] == 3
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    expect(at(page, 1, 2)).to_have_text("")
    expect(at(page, 1, 1)).to_have_text("4")
    page.keyboard.press("Control+y")
    expect(at(page, 1, 2)).to_have_text("8")
    page.click("#redo")
    expect(at(page, 1, 4)).to_have_text("9")
    expect(page.locator("#redo")).to_be_disabled()
    page.click("#restart")
    assert state(page)["entries"] == [0] * 81
    page.click("#undo")  # a restart is a move too
    expect(at(page, 1, 4)).to_have_text("9")
    page.click("#undo")
    expect(at(page, 1, 4)).to_have_text("")
    # Givens are locked while playing.
    press_at(page, 1, 3, "7")
    expect(at(page, 1, 3)).to_have_text("3")


def test_highlighting_of_peers_and_the_same_digit(page):
    at(page, 1, 3).click()  # a given 3
    expect(page.locator("#board .cell.peer")).to_have_count(20)
    threes = EASY.count("3")
    expect(page.locator("#board .cell.same")).to_have_count(threes)
    page.click("#auto-notes")
    at(page, 1, 3).click()
    marked = [i for i in range(81) if EASY[i] == "." and 3 in candidates(EASY, i)]
    expect(page.locator("#board .notes > span.same")).to_have_count(len(marked))
    page.evaluate("document.getElementById('highlight').click()")
    expect(page.locator("#board .cell.peer")).to_have_count(0)
    page.evaluate("document.getElementById('highlight').click()")
    expect(page.locator("#board .cell.peer")).to_have_count(20)


def test_conflicts_always_checking_optional_and_rewind(page):
    wait_truth(page)
    press_at(page, 1, 1, "3")  # clashes with the given 3 in row 1
    expect(page.locator("#board .cell.conflict")).to_have_count(2)
    page.keyboard.press("Backspace")
    expect(page.locator("#board .cell.conflict")).to_have_count(0)
    press_at(page, 1, 1, "4")  # right
    press_at(page, 1, 2, "7")  # wrong, but breaks no rule
    press_at(page, 1, 4, "9")  # right, after the mistake
    expect(page.locator("#board .cell.wrong")).to_have_count(0)  # checking is off by default
    page.evaluate("document.getElementById('check').click()")
    expect(page.locator("#board .cell.wrong")).to_have_count(1)
    expect(at(page, 1, 2)).to_have_attribute("aria-invalid", "true")
    page.click("#rewind")
    expect(page.locator("#message")).to_contain_text("Rewound 2 moves")
    expect(at(page, 1, 1)).to_have_text("4")
    expect(at(page, 1, 2)).to_have_text("")
    expect(at(page, 1, 4)).to_have_text("")
    # Both slips (the clash and the wrong 7) were made with checking off: never shown, so never counted.
    assert state(page)["mistakes"] == 0
    page.evaluate("document.getElementById('check').click()")


def test_digits_remaining_and_finished_digits(page):
    one = pad(page, 1)
    left = 9 - EASY.count("1")
    expect(one).to_have_attribute("data-left", str(left))
    expect(one.locator(".left")).to_have_attribute("data-left", str(left))
    expect(one).to_have_attribute("aria-label", f"Set 1, {left} left")
    for i, (given, digit) in enumerate(zip(EASY, EASY_SOLUTION, strict=True)):
        if given == "." and digit == "1":
            at(page, i // 9 + 1, i % 9 + 1).focus()
            page.keyboard.press("1")
    expect(one).to_have_attribute("data-left", "0")
    expect(one).to_have_class(re.compile(r"\bdone\b"))


def test_timer_pauses_hiding_the_grid_and_can_be_hidden(page):
    expect(page.locator("#timer")).to_be_visible()
    until(page, "window.sudoku.game.runningSince !== null")
    page.click("#pause")
    expect(page.locator("#board")).to_have_class(re.compile(r"\bpaused\b"))
    expect(page.locator("#resume")).to_be_visible()
    given = "getComputedStyle(document.querySelector('#board [data-cell=\"2\"]')).color"
    assert page.evaluate(given) == "rgba(0, 0, 0, 0)"
    frozen = page.evaluate("window.sudoku.game.timeMs()")
    assert page.evaluate("window.sudoku.game.runningSince") is None
    press_at(page, 1, 1, "4")  # no input while paused
    assert state(page)["entries"][0] == 0
    assert page.evaluate("window.sudoku.game.timeMs()") == frozen
    page.click("#resume")
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bpaused\b"))
    page.evaluate("document.getElementById('show-timer').click()")
    expect(page.locator("#timer")).to_be_hidden()
    page.evaluate("document.getElementById('show-timer').click()")
    expect(page.locator("#timer")).to_be_visible()


def test_colours_are_moves(page):
    at(page, 1, 1).click()
    page.click(".swatch[data-colour='2']")
    expect(at(page, 1, 1)).to_have_attribute("data-colour", "2")
    expect(at(page, 1, 1)).to_have_attribute("aria-label", re.compile("Colour 2"))
    at(page, 3, 3).click()
    page.click(".swatch[data-colour='4']")
    page.click("#undo")
    expect(at(page, 3, 3)).not_to_have_attribute("data-colour", "4")
    at(page, 1, 1).click()
    page.click(".swatch[data-colour='0']")
    expect(at(page, 1, 1)).not_to_have_attribute("data-colour", "2")


def test_digit_first_input_and_the_pad(page):
    at(page, 1, 1).click()
    pad(page, 4).click()  # cell first
    expect(at(page, 1, 1)).to_have_text("4")
    page.click("#digit-first")
    pad(page, 8).click()
    expect(pad(page, 8)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .cell.same")).to_have_count(EASY.count("8"))
    at(page, 1, 2).click()
    at(page, 2, 3).click()
    expect(at(page, 1, 2)).to_have_text("8")
    expect(at(page, 2, 3)).to_have_text("8")
    page.click("#digit-first")
    expect(pad(page, 8)).to_have_attribute("aria-pressed", "false")


def test_a_hint_step_is_one_undoable_move_and_the_finish_screen(page):
    wait_truth(page)
    page.evaluate("window.sudoku.game.fillCandidates()")
    page.evaluate("""() => window.sudoku.game.applyHint({placements: [{cell: 0, digit: 4}],
        eliminations: [{cell: 1, digit: 7}]})""")
    s = state(page)
    assert s["entries"][0] == 4 and 7 not in notes_of(page, 1) and 4 not in notes_of(page, 1) and s["hints"] == 1
    page.click("#undo")
    assert state(page)["entries"][0] == 0 and 7 in notes_of(page, 1)
    page.click("#redo")
    press_at(page, 1, 2, "7")  # a mistake, put right
    page.keyboard.press("8")
    empty = [i for i, ch in enumerate(EASY) if ch == "." and i not in (0, 1)]
    for i in empty[:-1]:
        page.evaluate(f"window.sudoku.game.place({i}, {EASY_SOLUTION[i]})")
    last = empty[-1]
    press_at(page, last // 9 + 1, last % 9 + 1, EASY_SOLUTION[last])
    dialog = page.locator("#finish")
    expect(dialog).to_be_visible()
    expect(page.locator("#finish-hints")).to_have_text("1")
    # Checking is off: the mistake was never shown to the player, so it is not reported as one.
    expect(page.locator("#finish-mistakes")).to_have_text("not checked")
    expect(page.locator("#finish-next")).to_have_text("New game at this level")
    expect(page.locator("#finish-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
    assert page.evaluate("window.sudoku.game.runningSince") is None
    page.click("#finish-close")
    expect(dialog).to_be_hidden()


def test_entering_your_own_puzzle_then_playing_it(page):
    open_study(page)
    page.click("#new-grid")
    expect(page.locator("#mode-toggle")).to_have_text("Start playing")
    press_at(page, 1, 1, "5")
    press_at(page, 1, 2, "6")
    expect(at(page, 1, 1)).to_have_class(re.compile(r"\bgiven\b"))
    page.click("#mode-toggle")
    expect(page.locator("#mode-badge")).to_have_text("Playing")
    press_at(page, 1, 3, "7")
    expect(at(page, 1, 3)).to_have_class(re.compile(r"\bentry\b"))
    press_at(page, 1, 1, "1")
    expect(at(page, 1, 1)).to_have_text("5")


def test_keyboard_only_play_with_visible_focus(page):
    open_study(page)
    page.locator("#puzzle-text").focus()
    # Shift+Tab back through the page until the grid's one tab stop has focus.
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    page.keyboard.press("Home")
    for _ in range(8):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("4")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("n")
    page.keyboard.press("7")
    page.keyboard.press("n")
    expect(at(page, 1, 1)).to_have_text("4")
    assert notes_of(page, 1) == [7]
    page.keyboard.press("Control+z")
    assert notes_of(page, 1) == []
    ring = page.evaluate("getComputedStyle(document.activeElement).boxShadow")
    assert "inset" in ring and ring != "none"
    # The tools are reachable with Tab and work from the keyboard.
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "undo":
            break
    assert page.evaluate("document.activeElement.id") == "undo"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    expect(at(page, 1, 1)).to_have_text("")


def test_chinese_and_back(page):
    press_at(page, 1, 1, "3")  # a clash, worded on the page
    expect(page.locator("#details")).to_contain_text("r1c1 and r1c3 both hold 3 in row 1")
    set_language(page, "zh-CN")
    try:
        expect(page.locator("#details")).to_contain_text("r1c1 和 r1c3 在第 1 行中都是 3")
        expect(page.locator("h1")).to_have_text("数独")
        expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
        expect(at(page, 1, 1)).to_have_attribute("aria-label", "第 1 行，第 1 列：3，违反规则")
        expect(page.get_by_role("button", name=re.compile("^填入 5，"))).to_be_visible()
        expect(page.locator("#message")).to_contain_text("这些数字违反规则")
        # Every visible text is from the Chinese table: no English words are left on the page.
        words = page.evaluate("""() => {
            const skip = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'OPTION']);
            const out = [];
            const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            while (walk.nextNode()) {
                const node = walk.currentNode, el = node.parentElement;
                if (!el || skip.has(el.tagName) || !el.getClientRects().length) continue;
                if (el.closest('#engine-status, [hidden], dialog:not([open])')) continue;
                out.push(...(node.textContent.match(/[A-Za-z]{3,}/g) || []));
            }
            for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]'))
                for (const a of ['aria-label', 'title', 'placeholder'])
                    out.push(...((el.getAttribute(a) || '').match(/[A-Za-z]{3,}/g) || []));
            return out; }""")
        allowed = {"DLX", "Ctrl", "Backspace", "Delete", "Tab", "Shift", "English", "Python", "sudoku_core",
                   "Sudoku", "Explainer", "JSON", "sudoku", "core"}
        assert set(words) <= allowed, sorted(set(words) - allowed)
    finally:
        page.select_option("#language", "en")
    expect(page.locator("h1")).to_have_text("Sudoku")
    expect(at(page, 1, 1)).to_have_attribute("aria-label", "Row 1, column 1: 3, breaks a rule")
