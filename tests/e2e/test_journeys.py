"""A player's journeys (issue 14): open on a game, never lose one, a phone where board, pad and hint
show together, pause that locks, a finish worth reaching, honest imports, and the words on the way.

Each test's storage starts empty unless it says otherwise: its app opens in a context kept for its options
on an origin whose saved data is cleared first (e2e_support.FreshOrigin: no saved game, the service worker
kept), or in a fresh context: a true first visit, or other options (a phone's screen).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from e2e_support import asset, fresh_origin_fixtures
from play_support import (
    EASY,
    EASY_SOLUTION,
    OTHER,
    answer,
    at,
    candidates,
    load,
    notes_of,
    open_game,
    open_study,
    pad,
    set_language,
    settle,
    state,
    until,
    wait_truth,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

MULTIPLE = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


TARGETS = """() => [...document.querySelectorAll('button, select, summary, input[type=checkbox]')]
    .filter(el => el.getClientRects().length && !el.closest('dialog:not([open])')).length"""


open_app = fresh_origin_fixtures(locale="en-US")


def entries(page) -> list[dict]:
    return page.evaluate("window.sudoku.library.list()")


def place_solution_but(page, keep: int) -> list[int]:
    """Fill every empty cell of EASY with its solution except the last `keep`; returns those left."""
    empty = [i for i, ch in enumerate(EASY) if ch == "."]
    for i in empty[:-keep]:
        page.evaluate(f"() => {{ const g = window.sudoku.game; if (g.entries[{i}] !== {EASY_SOLUTION[i]}) "
                      f"g.place({i}, {EASY_SOLUTION[i]}); }}")
    return empty[-keep:]


def touch(page) -> None:
    """A move in the game on the board (a note in its first empty cell), so it counts as begun."""
    page.evaluate("() => { const g = window.sudoku.game; g.toggleNote(g.givens.indexOf(0), 1); }")


def test_a_first_visit_opens_on_a_puzzle_to_play_before_the_engine_is_ready(server, open_app):
    app = open_app(server + "index.html", fresh=True, locale="en-US")
    page = app.goto().wait_painted().page
    # Painted from the page alone: a Medium puzzle, in play, the player's first taps already work.
    givens = page.evaluate("window.sudoku.game.givenCount")
    assert 17 <= givens < 81
    expect(page.locator("#mode-badge")).to_have_text("Playing")
    # Not called "today's": the Daily puzzle is another (issue 29).
    expect(page.locator("#message")).to_contain_text("Here is a Medium puzzle")
    expect(page.locator("#message")).not_to_contain_text("today's puzzle")
    first_empty = page.evaluate("window.sudoku.game.givens.indexOf(0)")
    at(page, first_empty // 9 + 1, first_empty % 9 + 1).click()
    pad(page, 5).click()
    assert page.evaluate(f"window.sudoku.game.entries[{first_empty}]") == 5
    app.wait_ready()
    expect(page.locator("#rating-badge")).to_have_text("Medium")
    # Coming back lands in that game, digit and all.
    page.reload()
    app.wait_painted()
    assert page.evaluate(f"window.sudoku.game.entries[{first_empty}]") == 5
    expect(page.locator("#message")).to_contain_text("Welcome back")
    assert len(entries(page)) == 1
    app.wait_ready()


def test_every_way_in_starts_its_own_game_and_each_can_be_resumed(server, open_app):
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    load(page, EASY)  # a paste
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    page.click("#new-game")  # a new game
    page.select_option("#ng-size", "4")
    page.select_option("#ng-level", "easy")
    page.click("#ng-generate")
    expect(page.locator("#message")).to_contain_text("New 4×4 Easy puzzle")
    touch(page)
    page.click("#daily")  # the daily puzzle
    expect(page.locator("#message")).to_contain_text("Daily puzzle for")
    touch(page)
    page.evaluate(f"location.hash = '{OTHER}'")  # a link
    expect(page.locator("#message")).to_contain_text("from the link")
    settle(page)
    sources = sorted(e["source"] for e in entries(page))
    # The starter was never touched, so the paste took its place; every other way in kept its own.
    assert sources == ["daily", "link", "new", "paste"], sources
    # Resume the pasted game from the list: its digit is still there.
    page.click("#games summary")
    paste = next(e for e in entries(page) if e["source"] == "paste")
    page.click(f"#games-list button[data-resume='{paste['id']}']")
    expect(at(page, 1, 1)).to_have_text("4")
    assert page.evaluate("window.sudoku.game.shareLine()") == EASY
    # Deleting asks first, and the game on the board cannot be deleted from under the player.
    expect(page.locator(f"#games-list button[data-remove='{paste['id']}']")).to_be_hidden()
    link = next(e for e in entries(page) if e["source"] == "link")
    page.click(f"#games-list button[data-remove='{link['id']}']")
    answer(page, False)
    assert len(entries(page)) == 4
    page.click(f"#games-list button[data-remove='{link['id']}']")
    answer(page, True)
    assert len(entries(page)) == 3


def test_closing_the_new_game_dialog_stops_its_generation(server, open_app):
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    load(page, EASY)
    before = page.evaluate("window.sudoku.game.shareLine()")
    page.click("#new-game")
    page.select_option("#ng-size", "16")  # a minimal 16x16 Extreme is dug, for seconds (any other comes at once)
    page.select_option("#ng-level", "extreme")
    page.select_option("#ng-symmetry", "mirror_v")
    page.check("#ng-minimal")
    page.click("#ng-generate")
    expect(page.locator("#newgame-dialog")).to_have_attribute("data-state", "running")
    page.keyboard.press("Escape")  # the first Escape cancels; the dialog stays
    expect(page.locator("#newgame-dialog")).to_have_attribute("data-state", "idle")
    page.click("#ng-generate")
    expect(page.locator("#newgame-dialog")).to_have_attribute("data-state", "running")
    page.click("#ng-close")  # closing while it runs stops it too
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("cancelled")
    app.wait_ready()
    page.wait_for_timeout(3000)
    assert page.evaluate("window.sudoku.game.shareLine()") == before
    assert [e["source"] for e in entries(page)] == ["paste"]


def test_start_playing_after_editing_the_givens_keeps_the_digits(server, open_app):
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    load(page, EASY)
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    at(page, 1, 2).focus()
    page.keyboard.press("Shift+Digit8")
    page.click("#mode-toggle")
    expect(page.locator("#mode-toggle")).to_have_text("Start playing")
    page.click("#mode-toggle")  # no given changed: digits, notes and history all stay
    expect(at(page, 1, 1)).to_have_text("4")
    assert notes_of(page, 1) == [8]
    assert state(page)["done"] == 2
    page.click("#mode-toggle")
    at(page, 1, 2).focus()
    page.keyboard.press("7")  # a new given over the cell with a note
    page.click("#mode-toggle")
    expect(at(page, 1, 1)).to_have_text("4")  # the player's digit elsewhere stays
    expect(at(page, 1, 2)).to_have_class(re.compile(r"\bgiven\b"))
    assert notes_of(page, 1) == []


def test_a_progress_link_for_a_game_in_progress_asks_which_to_keep(server, open_app):
    _app, page = open_game(open_app, server)
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    theirs = EASY + "|" + "." + "6" + "." * 79  # someone else's progress: r1c2 = 6
    page.evaluate(f"location.hash = '{theirs}'")
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("(your game has 1 digit)")
    answer(page, True)  # keep mine
    expect(page.locator("#message")).to_contain_text("Your game of this puzzle is kept")
    expect(at(page, 1, 1)).to_have_text("4")
    expect(at(page, 1, 2)).to_have_text("")
    page.evaluate(f"location.hash = '{theirs}'")  # the same link again
    answer(page, False)  # open the link's
    expect(at(page, 1, 2)).to_have_text("6")
    expect(at(page, 1, 1)).to_have_text("")
    games = entries(page)
    assert len([e for e in games if e["puzzle"] == EASY]) == 2  # both games are kept


def test_full_storage_is_told_at_once_and_the_game_can_still_be_kept(server, open_app):
    app, page = open_game(open_app, server)
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); }; }""")
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    expect(page.locator("#save-problem")).to_be_visible()
    expect(page.locator("#save-problem-text")).to_contain_text("storage is full")
    assert page.locator("#save-problem").bounding_box()["y"] < 200  # above the board, seen at once
    at(page, 1, 2).focus()
    page.keyboard.press("8")  # still playable in memory
    expect(at(page, 1, 2)).to_have_text("8")
    app.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.base.rstrip("/"))
    page.click("#save-export")
    link = page.locator("#save-text").input_value()
    assert unquote(link.split("#", 1)[1]).startswith(EASY + "|48"), link


def test_phone_widths_show_board_pad_and_hint_together_and_nothing_moves(server, open_app):
    for width, height in [(360, 740), (390, 844), (430, 932)]:
        app = open_app(server + "index.html", viewport={"width": width, "height": height}, has_touch=True,
                       is_mobile=True, locale="en-US")
        app.context.add_init_script("""window.__shift = 0; new PerformanceObserver(list => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
        }).observe({type: 'layout-shift', buffered: true});""")
        page = app.goto().wait_ready().page
        page.wait_for_timeout(500)
        shift = page.evaluate("window.__shift")
        print(f"phone {width}x{height}: cumulative layout shift {shift:.4f} up to engine ready")
        assert shift < 0.05, (width, shift)
        page.locator("#hint").tap()
        expect(page.locator("#hint-text")).to_be_visible()
        page.locator("#hint").tap()
        boxes = {sel: page.locator(sel).bounding_box() for sel in ("#board", "#pad", "#hint-text")}
        for sel, box in boxes.items():
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, sel, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.evaluate("getComputedStyle(document.documentElement).touchAction") == "manipulation"
        page.evaluate("""() => { for (const d of document.querySelectorAll('details')) d.open = true; }""")
        small = page.evaluate("""() => [...document.querySelectorAll(
                'button, select, summary, input[type=checkbox], .field')]
            .filter(el => el.getClientRects().length && !el.closest('dialog:not([open])'))
            .map(el => { const r = el.getBoundingClientRect();
                const label = el.closest('label');
                const box = el.type === 'checkbox' && label ? label.getBoundingClientRect() : r;
                return [el.id || el.textContent.trim().slice(0, 20), Math.round(box.width), Math.round(box.height)]; })
            .filter(([, w, h]) => h < 44 || w < 44)""")
        # Everything that can be tapped is 44 px or more each way.
        print(f"phone {width}x{height}: {page.evaluate(TARGETS)} controls on screen, none under 44x44 px")
        assert small == [], (width, small)


def test_a_long_press_or_right_click_on_the_pad_writes_a_note(server, open_app):
    _app, page = open_game(open_app, server)
    at(page, 1, 1).click()
    pad(page, 4).click(button="right")
    assert notes_of(page, 0) == [4]
    assert page.evaluate("window.sudoku.game.entries[0]") == 0
    # A long touch: pointerdown, held past the long-press time, then up.
    page.evaluate("""() => { const b = document.querySelector('#pad button[data-digit="7"]');
        b.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerType: 'touch'})); }""")
    page.wait_for_timeout(700)
    page.evaluate("""() => { const b = document.querySelector('#pad button[data-digit="7"]');
        b.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerType: 'touch'}));
        b.click(); }""")
    assert notes_of(page, 0) == [4, 7]
    assert page.evaluate("window.sudoku.game.entries[0]") == 0


def test_pause_locks_the_game(server, open_app):
    _app, page = open_game(open_app, server)
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    page.click("#hint")
    page.click("#hint")  # a hint label on the grid
    page.click("#pause")
    before = state(page)
    expect(page.locator("#paused-cover")).to_be_visible()
    cover = page.evaluate("getComputedStyle(document.getElementById('paused-cover')).backgroundColor")
    assert "rgba" not in cover or cover.endswith(", 1)"), cover  # opaque
    for sel in ("#pad", "#hints-panel"):
        assert page.evaluate(f"document.querySelector('{sel}').inert") is True
    page.locator("#pad button[data-digit='5']").click(force=True)
    page.locator("#undo").click(force=True)
    page.locator("#hint").click(force=True)
    page.locator("#auto-notes").click(force=True)
    at(page, 1, 2).focus()
    page.keyboard.press("7")
    page.keyboard.press("Control+z")
    assert state(page) == before
    open_study(page)
    page.click("#solve")
    expect(page.locator("#message")).to_contain_text("paused")
    assert page.evaluate("window.sudoku.game.solution") is None
    page.click("#resume")
    page.click("#undo")
    expect(at(page, 1, 1)).to_have_text("")


def test_a_finish_worth_reaching_and_statistics(server, open_app):
    _app, page = open_game(open_app, server)
    wait_truth(page)
    open_study(page)
    page.check("#check")  # mark mistakes: now a wrong digit is shown, and counted
    at(page, 1, 2).focus()
    page.keyboard.press("7")
    expect(page.locator("#message")).to_contain_text("1 of your digits disagrees with the solution")
    page.keyboard.press("8")
    last = place_solution_but(page, 1)[0]
    at(page, last // 9 + 1, last % 9 + 1).focus()
    page.keyboard.press(EASY_SOLUTION[last])
    expect(page.locator("#finish")).to_be_visible()
    expect(page.locator("#finish-level")).to_have_text("9×9 · Easy")
    expect(page.locator("#finish-mistakes")).to_have_text("1")
    expect(page.locator("#finish-best")).to_have_text("This one: your first")
    expect(page.locator("#finish-streak")).to_have_text("1 solved in a row")
    expect(page.locator("#finish-note")).to_contain_text("first solve")
    page.click("#finish-close")
    page.click("#stats-panel summary")
    row = page.locator("#stats-body tbody tr").first
    expect(row).to_contain_text("9×9 Easy")
    cells = row.locator("td").all_text_contents()
    assert cells[:2] == ["1", "1"] and re.match(r"^\d+:\d\d$", cells[2]), cells
    page.click("#stats-export")
    exported = page.locator("#stats-text").input_value()
    assert '"solved": true' in exported and '"mistakes": 1' in exported
    # The next game at this level: generated and started as a new entry.
    page.evaluate("document.getElementById('finish').showModal()")
    page.click("#finish-next")
    expect(page.locator("#message")).to_contain_text("New 9×9 Easy puzzle", timeout=120_000)
    assert len(entries(page)) == 2
    page.click("#stats-reset")
    answer(page, True)
    expect(page.locator("#stats-body")).to_contain_text("No games played yet")


def test_solve_during_a_game_asks_and_marks_it_assisted(server, open_app):
    _app, page = open_game(open_app, server)
    open_study(page)
    page.click("#solve")
    expect(page.locator("#confirm-text")).to_contain_text("marked as assisted")
    page.click("#confirm-no")
    assert page.evaluate("window.sudoku.game.solution") is None
    assert page.evaluate("window.sudoku.game.assisted") is False
    page.click("#solve")
    answer(page, True)
    expect(page.locator("#message")).to_contain_text("Solved")
    assert page.evaluate("window.sudoku.game.assisted") is True
    assert entries(page)[0]["assisted"] is True


def test_honest_imports(server, open_app):
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    load(page, "Puzzle: " + EASY, "exactly one solution")  # a leading label is ignored
    assert page.evaluate("window.sudoku.game.shareLine()") == EASY
    open_study(page)
    page.fill("#puzzle-text", MULTIPLE)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text("more than one solution: it opens for editing")
    expect(page.locator("#details")).to_contain_text(re.compile(r"r\d+c\d+"))
    expect(page.locator("#mode-badge")).to_have_text("Entering a puzzle")
    expect(page.locator("#second")).to_be_visible()
    # A 16x16 in 0-F, pasted with the default symbols, would lose every 0: refused, naming the option.
    hex16 = ("0" + "." * 15) + "." * 240
    page.fill("#puzzle-text", hex16)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text("Choose Symbols “0-9, A-F (16×16)”")
    assert page.evaluate("window.sudoku.game.n") == 9


def test_words_for_one_and_the_applied_step_in_chinese(server, open_app):
    _app, page = open_game(open_app, server)
    wait_truth(page)
    at(page, 1, 1).focus()
    page.keyboard.press("5")  # wrong
    at(page, 1, 2).focus()
    page.keyboard.press("6")  # right
    page.click("#rewind")
    expect(page.locator("#message")).to_have_text("Rewound 2 moves to the last correct position.")
    at(page, 1, 1).focus()
    page.keyboard.press("5")
    page.click("#rewind")
    expect(page.locator("#message")).to_have_text("Rewound 1 move to the last correct position.")
    page.click("#hint")
    page.click("#hint")
    page.click("#hint")
    page.click("#hint-apply")
    expect(page.locator("#hint-text")).to_contain_text("Applied:")
    set_language(page, "zh-CN")
    expect(page.locator("#hint-text")).to_contain_text("已应用")
    until(page, "!/[A-Za-z]{4,}/.test(document.getElementById('hint-text').textContent)")
    set_language(page, "en")


def test_partial_notes_are_not_mistakes_and_a_struck_candidate_can_be_fixed(server, open_app):
    _app, page = open_game(open_app, server)
    wait_truth(page)
    # Snyder-style notes: a single candidate written in r1c1, not its true digit (4). Not a mistake.
    other = next(d for d in candidates(EASY, 0) if d != int(EASY_SOLUTION[0]))
    at(page, 1, 1).focus()
    page.keyboard.press(f"Shift+Digit{other}")
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-status", "step")
    # Full notes, then the true candidate struck out: that is a mistake, and it can be put right.
    page.click("#auto-notes")
    page.keyboard.press(f"Shift+Digit{EASY_SOLUTION[0]}")
    assert int(EASY_SOLUTION[0]) not in notes_of(page, 0)
    for level in ("0", "1", "2"):
        page.click("#hint")
        expect(page.locator("#hint-text")).to_have_attribute("data-level", level)
    expect(page.locator("#hint-text")).to_have_attribute("data-status", "mistake")
    expect(page.locator("#hint-apply")).to_have_text("Fix it")
    page.click("#hint-apply")
    expect(page.locator("#hint-text")).to_contain_text("Fixed the mistake")
    assert int(EASY_SOLUTION[0]) in notes_of(page, 0)


# A 16x16 with 84 givens and several solutions, too sparse to check within the engine's budget
# (bench/sparse_bench.py): the engine gives up after about half a second instead of running on.
SPARSE16 = ("..76..1..98E....F...8.96.C...D..........75D...E6B.9..7.F.....A.82.3.6..C...8.E..A4....8....6.F..7..."
            "G....3.4...1..EG32..1.C.........2...E.A3....8.2.......6..95D..5........7..C.E.A....7.D.B..2......4.5"
            "36..8....E.C.....1........G..A7......4.53.....E....92GA7")


def test_a_grid_too_sparse_to_check_says_so_everywhere(server, open_app):
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    open_study(page)
    page.fill("#puzzle-text", SPARSE16)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text("could not be checked in time")
    settle(page)
    expect(page.locator("#rating-badge")).to_have_text("Not rated")
    expect(page.locator("#rating-badge")).to_have_attribute("title", re.compile("Too few givens"))
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-status", "gave_up")
    expect(page.locator("#hint-text")).to_have_attribute("data-kind", "warn")
    page.click("#path-panel summary")
    page.click("#path-load")
    expect(page.locator("#path-info")).to_contain_text("Too few givens")


def test_a_link_opened_in_a_second_tab_does_not_lose_either_game(server, open_app):
    app, first = open_game(open_app, server)
    at(first, 1, 1).focus()
    first.keyboard.press("4")
    second = app.context.new_page()  # the same browser, another tab: the same storage
    second.goto(server + "index.html#" + OTHER)
    second.wait_for_selector("html[data-ready]", state="attached", timeout=180_000)
    expect(second.locator("#message")).to_contain_text("from the link")
    at(first, 1, 2).focus()
    first.keyboard.press("8")  # the first tab saves after the second one added its game
    puzzles = sorted(e["puzzle"] for e in entries(first))
    assert puzzles == sorted([EASY, OTHER]), puzzles
    second.close()
    first.reload()
    assert sorted(e["puzzle"] for e in entries(first)) == sorted([EASY, OTHER])
    expect(at(first, 1, 1)).to_have_text("4")
    expect(at(first, 1, 2)).to_have_text("8")


def test_a_grid_of_letters_pasted_as_is_loads_in_letters_and_hints(server, open_app):
    """POJ 3076's form (16 rows of A-P, '-' for blanks), pasted with the default symbols chosen."""
    letters = "ABCDEFGHIJKLMNOP"
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    grid = page.evaluate("url => import(url).then(m => m.BANK['16|expert'][0])", asset(page, "js/bank.js"))
    page_grid = "\n".join("".join(letters["123456789ABCDEFG".index(ch)] if ch != "." else "-"
                                  for ch in grid[r * 16:(r + 1) * 16]) for r in range(16))
    load(page, page_grid, "16×16 puzzle")
    assert page.evaluate("window.sudoku.game.symbols") == letters
    assert page.evaluate("window.sudoku.game.shareLine()") == grid
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-status", "step")


def test_two_tabs_on_the_same_game_keep_each_other_s_moves(server, open_app):
    saved = """([cell, digit]) => { const id = window.sudoku.library.current;
        const g = JSON.parse(localStorage.getItem('sudoku.game.v2.' + id)); return g.entries[cell] === digit; }"""
    app, first = open_game(open_app, server)
    at(first, 1, 1).focus()
    first.keyboard.press("4")
    second = app.context.new_page()
    second.goto(server + "index.html#" + EASY)  # the same puzzle: this tab resumes the same game
    second.wait_for_selector("html[data-ready]", state="attached", timeout=180_000)
    settle(second)
    expect(at(second, 1, 1)).to_have_text("4")
    at(second, 1, 2).focus()
    second.keyboard.press("8")
    until(second, f"({saved})([1, 8])")
    first.bring_to_front()
    expect(at(first, 1, 2)).to_have_text("8")  # the first tab took the second's move
    settle(first)
    at(first, 1, 4).focus()
    first.keyboard.press("9")
    until(first, f"({saved})([3, 9])")
    second.bring_to_front()
    expect(at(second, 1, 4)).to_have_text("9")
    expect(at(second, 1, 2)).to_have_text("8")
    second.close()
    first.reload()
    for col, digit in ((1, "4"), (2, "8"), (4, "9")):
        expect(at(first, 1, col)).to_have_text(digit)
    assert len(entries(first)) == 1
