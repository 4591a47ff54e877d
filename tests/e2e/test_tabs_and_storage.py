"""Two tabs, links and storage faults (issue 34, items 3-5): each tab keeps its own game and its moves
land in its own save; a link whose progress does not fit its puzzle is refused at the door; every fault
of storage is told once, truthfully, and what is set aside can be copied.

Each test's storage starts empty: its app opens in a context kept for its options on an origin whose saved data
is cleared first (e2e_support.FreshOrigin); tabs of one context share it, as tabs of one profile do.
"""

from __future__ import annotations

import json
import os
from urllib.parse import quote, unquote

import pytest
from e2e_support import BOOT_TIMEOUT_MS, fresh_origin_fixtures
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from play_support import EASY, OTHER, at, open_game, settle, until
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

# Each game's puzzle -> its saved digits, read from storage as a reload would.
SAVED = """() => Object.fromEntries(window.sudoku.library.list().map(e => {
    const g = JSON.parse(localStorage.getItem('sudoku.game.v2.' + e.id));
    return [e.puzzle, g ? g.entries : null]; }))"""


# The puzzles of the games a page lists, sorted.
PUZZLES = "() => window.sudoku.library.list().map(e => e.puzzle).sort()"


open_app = fresh_origin_fixtures(locale="en-US")


def same_json(expression: str, value) -> str:
    """A page expression: whether ``expression``'s value, as JSON, is ``value``'s."""
    return f"JSON.stringify({expression}) === {json.dumps(json.dumps(value, separators=(',', ':')))}"


def lists(*puzzles: str) -> str:
    """A page expression: whether the page lists games of exactly these puzzles."""
    return same_json(f"({PUZZLES})()", sorted(puzzles))


def address(page) -> str:
    return unquote(page.evaluate("location.hash").lstrip("#"))


def board_line(page) -> str:
    return page.evaluate("window.sudoku.game.shareLine()")


def open_tab(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    settle(page)
    return page


def test_two_tabs_on_different_games_each_keep_theirs(server, open_app):
    # Issue 34's reproduction: a fresh profile, tab 1 on puzzle A with no move, tab 2 on puzzle B.
    app, first = open_game(open_app, server, EASY)
    second = open_tab(app.context, server + "index.html#" + OTHER)
    expect(second.locator("#message")).to_contain_text("from the link")
    # Tab 1 still shows A, and says A; tab 2 shows B.
    assert board_line(first) == EASY and address(first) == EASY
    assert board_line(second) == OTHER and address(second) == OTHER
    # A move in each lands in its own game's save.
    at(first, 1, 1).focus()
    first.keyboard.press("4")
    at(second, 1, 2).focus()
    second.keyboard.press("1")
    until(first, f"(({SAVED})()[{json.dumps(OTHER)}] || [])[1] === 1")
    saved = first.evaluate(SAVED)
    assert sorted(e["puzzle"] for e in first.evaluate("window.sudoku.library.list()")) == sorted([EASY, OTHER])
    assert saved[EASY][0] == 4 and saved[EASY][1] == 0
    assert saved[OTHER][1] == 1 and saved[OTHER][0] == 0
    assert board_line(first) == EASY and first.evaluate("window.sudoku.game.entries[1]") == 0
    # With a first move made, a third tab on another link takes nothing from either.
    third = open_tab(app.context, server + "index.html#" + EASY.replace("..3", "..."))
    assert board_line(third) != EASY and board_line(first) == EASY and board_line(second) == OTHER
    third.close()
    # Each tab's reload reopens its own game with its move, as it left it.
    for page, line, (col, digit) in ((first, EASY, (1, "4")), (second, OTHER, (2, "1"))):
        page.reload()
        expect(at(page, 1, col)).to_have_text(digit)
        assert board_line(page) == line and address(page) == line
        expect(page.locator("#message")).to_contain_text("Welcome back")
    app.wait_ready()


def test_a_tab_whose_untouched_game_another_tab_takes_over_keeps_its_game(server, open_app):
    # Tab 1 on A with no move; tab 2 opened without a link shows A too, then opens link B. Tab 2 may take
    # A's untouched entry for B (it showed A last): tab 1 sees another puzzle arrive under its game's key
    # and moves its game to an entry of its own instead of turning into B.
    app, first = open_game(open_app, server, EASY)
    second = open_tab(app.context, server + "index.html")
    assert board_line(second) == EASY
    second.evaluate("text => { location.hash = encodeURIComponent(text); }", OTHER)
    expect(second.locator("#message")).to_contain_text("from the link")
    settle(second)
    # Both tabs come to list the two games, each under its own puzzle (the index is merged, not taken whole).
    for page in (first, second):
        until(page, lists(EASY, OTHER))
    assert board_line(first) == EASY and address(first) == EASY
    at(first, 1, 1).focus()
    first.keyboard.press("4")
    until(first, f"(({SAVED})()[{json.dumps(EASY)}] || [])[0] === 4")
    assert first.evaluate(SAVED)[OTHER][0] == 0
    first.reload()
    expect(at(first, 1, 1)).to_have_text("4")
    assert board_line(first) == EASY
    app.wait_ready()


def test_an_index_written_across_another_tabs_write_loses_no_game(server, open_app):
    # Two tabs that write the games' index at nearly the same time each write over the other's (Chromium
    # sends a tab's writes to the others afterwards): here tab 2 writes an index that lacks tab 1's game and
    # holds an older copy of tab 2's own game B. Tab 1 keeps its game, whose key is still there; tab 2 keeps
    # B's newer entry; the stored index gets both back.
    app, first = open_game(open_app, server, EASY)
    second = open_tab(app.context, server + "index.html#" + OTHER)
    expect(second.locator("#message")).to_contain_text("from the link")
    for page in (first, second):
        until(page, lists(EASY, OTHER))
    at(second, 1, 2).focus()
    second.keyboard.press("1")
    for page in (first, second):
        until(page, f"window.sudoku.library.list().find(e => e.puzzle === {json.dumps(OTHER)}).moves === 1")
    second.evaluate(
        """puzzle => {
        const index = JSON.parse(localStorage.getItem('sudoku.games.v2'));
        index.games = index.games.filter(e => e.puzzle !== puzzle)
            .map(e => ({...e, moves: 0, filled: 0, seq: 1}));
        localStorage.setItem('sudoku.games.v2', JSON.stringify(index));
        }""",
        EASY,
    )
    stored = "() => JSON.parse(localStorage.getItem('sudoku.games.v2')).games.map(e => [e.puzzle, e.moves]).sort()"
    until(first, same_json(f"({stored})()", sorted([[EASY, 0], [OTHER, 1]])))
    for page in (first, second):
        until(page, lists(EASY, OTHER))
    # Tab 1's next move lands in its own save, listed.
    at(first, 1, 1).focus()
    first.keyboard.press("4")
    until(first, f"(({SAVED})()[{json.dumps(EASY)}] || [])[0] === 4")
    until(second, f"window.sudoku.library.list().find(e => e.puzzle === {json.dumps(EASY)}).moves === 1")


def test_a_link_whose_progress_does_not_fit_is_refused_and_the_game_kept(server, open_app):
    _app, page = open_game(open_app, server, EASY)
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    # A letter in the progress of a 9x9 link: refused before anything is loaded or saved.
    bad = OTHER + "|A" + "." * 80
    page.evaluate("text => { location.hash = encodeURIComponent(text); }", bad)
    expect(page.locator("#message")).to_contain_text(
        "This link was not opened: its progress has “A” at r1c1, which is not a digit of a 9×9 puzzle")
    until(page, f"decodeURIComponent(location.hash.slice(1)) === {json.dumps(EASY)}")
    assert board_line(page) == EASY
    expect(at(page, 1, 1)).to_have_text("4")
    assert list(page.evaluate(SAVED)) == [EASY]
    # Progress written for another size (a 4x4's 16 cells on a 9x9): refused once the puzzle is read.
    page.evaluate("text => { location.hash = encodeURIComponent(text); }", OTHER + "|" + "1" + "." * 15)
    expect(page.locator("#message")).to_contain_text("its progress has 16 cells for a puzzle of 81")
    until(page, f"decodeURIComponent(location.hash.slice(1)) === {json.dumps(EASY)}")
    assert list(page.evaluate(SAVED)) == [EASY] and board_line(page) == EASY
    # A first visit through the bad link: the welcome puzzle is kept, nothing saved holds a 10.
    fresh = open_app(server + "index.html#" + quote(bad), locale="en-US")
    other = fresh.goto().wait_ready().page
    expect(other.locator("#message")).to_contain_text("This link was not opened")
    assert board_line(other) != OTHER and address(other) == board_line(other)
    assert all(max(d) <= 9 for d in other.evaluate(SAVED).values())
    other.reload()
    expect(other.locator("#save-problem")).to_be_hidden()
    expect(other.locator("#message")).to_contain_text("Welcome back")
    fresh.wait_ready()


def told(page) -> str:
    expect(page.locator("#save-problem")).to_be_visible()
    return page.locator("#save-problem-text").inner_text()


def aside(page, key: str) -> list[str]:
    return page.evaluate("key => Object.keys(localStorage).filter(k => k.startsWith(key + '.aside.'))"
                         ".map(k => localStorage.getItem(k))", key)


# Damage storage between two visits: after the page going away saved, before the next one reads.
DAMAGE = """const damage = sessionStorage.getItem('damage');
    if (damage) { sessionStorage.removeItem('damage'); const [key, value] = JSON.parse(damage);
        localStorage.setItem(key, value); }"""


def reload_with(page, key: str, value: str) -> None:
    page.evaluate("damage => sessionStorage.setItem('damage', damage)", json.dumps([key, value]))
    page.reload()


def test_every_storage_fault_is_told_once_and_nothing_is_lost(server, open_app):
    app, page = open_game(open_app, server, EASY)
    page.add_init_script(DAMAGE)  # this tab's reloads
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    # The games' list set to null: said, set aside, made again from the games (still stored).
    reload_with(page, "sudoku.games.v2", "null")
    text = told(page)
    assert text.count("list of your games could not be read") == 1, text
    assert aside(page, "sudoku.games.v2") == ["null"]
    expect(at(page, 1, 1)).to_have_text("4")
    assert len(page.evaluate("window.sudoku.library.list()")) == 1
    page.click("#save-aside")
    expect(page.locator("#save-text")).to_have_value("null")
    # A list whose entry has an endless time: said, the text set aside, the entry kept with a time that is one.
    index = json.loads(page.evaluate("localStorage.getItem('sudoku.games.v2')"))
    index["games"][0]["elapsed"] = 1e308
    damaged = json.dumps(index)
    reload_with(page, "sudoku.games.v2", damaged)
    assert told(page).count("list of your games could not be read") == 1
    assert damaged in aside(page, "sudoku.games.v2")
    assert page.evaluate("window.sudoku.library.list()[0].elapsed") < 3600_000
    expect(at(page, 1, 1)).to_have_text("4")
    # Statistics that are not statistics: each said once, set aside; a good record among bad ones is kept.
    good = {"id": "g1", "n": 9, "level": "easy", "daily": None, "started": 1, "solved": True, "ms": 64000}
    for value in ["42", "[1,2]", '"x"', "null",
                  json.dumps({"version": 1, "records": [good, {**good, "id": "g2", "elapsed": 1e308}]})]:
        reload_with(page, "sudoku.records.v1", value)
        text = told(page)
        assert text.count("statistics could not all be read") == 1, (value, text)
        assert value in aside(page, "sudoku.records.v1"), value
    assert page.evaluate("window.sudoku.stats.records.map(r => r.id)") == ["g1"]
    # An unreadable current game: told, set aside, and the other game shown is not called "as you left it".
    page.evaluate("text => { location.hash = encodeURIComponent(text); }", OTHER)
    expect(page.locator("#message")).to_contain_text("from the link")
    settle(page)
    at(page, 1, 2).focus()
    page.keyboard.press("1")
    key = page.evaluate("'sudoku.game.v2.' + window.sudoku.library.current")
    reload_with(page, key, "{not json")
    assert "A saved game could not be read" in told(page)
    expect(page.locator("#message")).to_contain_text("Your last game could not be opened")
    expect(page.locator("#message")).not_to_contain_text("as you left it")
    expect(at(page, 1, 1)).to_have_text("4")  # the other game, EASY
    assert address(page) == EASY
    assert aside(page, key) == ["{not json"]
    app.wait_ready()


# Fill localStorage to its quota (as another app of the origin, or years of games, would).
FILL = """() => { const big = 'x'.repeat(100000), small = 'x'.repeat(500);
    try { for (let i = 0; ; i++) localStorage.setItem('junk.' + i, big); } catch (e) { /* full */ }
    try { for (let i = 0; ; i++) localStorage.setItem('junk.s' + i, small); } catch (e) { /* full */ }
    try { for (let i = 0; ; i++) localStorage.setItem('junk.t' + i, 'x'); } catch (e) { /* full */ } }"""
EMPTY = "() => Object.keys(localStorage).filter(k => k.startsWith('junk.')).forEach(k => localStorage.removeItem(k))"


def test_full_storage_before_the_first_move_is_told_at_once_and_a_reload_keeps_the_moves(server, open_app):
    app, page = open_game(open_app, server, EASY)
    # Storage fills before a link is opened: said as soon as the link's game is put on the board, before
    # any move (its first save fits in the untouched game's place, the moves after it would not).
    page.evaluate(FILL)
    page.evaluate("text => { location.hash = encodeURIComponent(text); }", OTHER)
    expect(page.locator("#message")).to_contain_text("from the link")
    assert "storage is full" in told(page)
    settle(page)
    at(page, 1, 2).focus()
    page.keyboard.press("1")
    at(page, 1, 3).focus()
    page.keyboard.press("2")
    expect(page.locator("#save-problem-text")).to_contain_text("it will be lost if you close the page")
    # A reload while still full: the moves come back from the tab's own copy, and it says so truthfully.
    page.reload()
    expect(at(page, 1, 2)).to_have_text("1")
    expect(at(page, 1, 3)).to_have_text("2")
    assert board_line(page) == OTHER and address(page) == OTHER
    expect(page.locator("#message")).to_contain_text("storage is still full")
    expect(page.locator("#message")).not_to_contain_text("as you left it")
    assert "storage is full" in told(page)
    # Room made: the next save goes to storage, and the warning goes.
    page.evaluate(EMPTY)
    at(page, 1, 4).focus()
    page.keyboard.press("3")
    until(page, f"(({SAVED})()[{json.dumps(OTHER)}] || [])[3] === 3")
    assert page.evaluate(SAVED)[OTHER][1:4] == [1, 2, 3]
    expect(page.locator("#save-problem")).to_be_hidden()
    app.wait_ready()


# Before the page reads storage: put back the origin's storage as it was (sessionStorage 'restore'),
# then damage one key (sessionStorage 'damage'), so that each example below starts from the same saves.
RESTORE_THEN_DAMAGE = """const restore = sessionStorage.getItem('restore');
    if (restore) { sessionStorage.removeItem('restore'); localStorage.clear();
        for (const [k, v] of Object.entries(JSON.parse(restore))) localStorage.setItem(k, v); }
    """ + DAMAGE

# Values that no save of the page holds: JSON of every other shape, objects with fields of the wrong
# type, cut-off text.
JUNK_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 60, 2 ** 60) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


@st.composite
def damaged(draw, good: dict) -> tuple[str, str]:
    """A key of the page's storage (the games' list, the statistics, the current game) and a value for it
    the page cannot use: any other JSON, the good value with one field made junk, or cut-off text."""
    key = draw(st.sampled_from(sorted(good)))
    value = json.loads(good[key])
    how = draw(st.sampled_from(("junk", "field", "cut")))
    if how == "cut":
        text = good[key][:draw(st.integers(0, len(good[key]) - 1))]
    elif how == "field" and isinstance(value, dict) and value:
        field = draw(st.sampled_from(sorted(value)))
        value[field] = draw(JUNK_JSON.filter(lambda v, old=value[field]: type(v) is not type(old)))
        text = json.dumps(value)
    else:
        text = json.dumps(draw(JUNK_JSON.filter(lambda v: not isinstance(v, dict))))
    return key, text


STORAGE_EXAMPLES = int(os.environ.get("SUDOKU_FUZZ_EXAMPLES", "0")) or 5


def test_damaged_storage_of_any_shape_is_told_once_set_aside_and_the_game_kept(server, open_app):
    """Issue 34 item 8: storage contents fuzzed through the page. The games' list, the statistics or the
    current game damaged in any way between two visits: the page comes up, says what it could not read
    once, keeps the text aside (never deleted), and the game with its move is still there (or, for a
    damaged current game, the page says the game could not be opened and does not claim otherwise)."""
    app, page = open_game(open_app, server, EASY)
    page.add_init_script(RESTORE_THEN_DAMAGE)  # this tab's reloads
    at(page, 1, 1).focus()
    page.keyboard.press("4")
    until(page, f"(({SAVED})()[{json.dumps(EASY)}] || [])[0] === 4")
    page.evaluate("() => window.sudoku.stats.save && window.sudoku.stats.save()")
    saves = page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    current = page.evaluate("'sudoku.game.v2.' + window.sudoku.library.current")
    good = {k: saves[k] for k in ("sudoku.games.v2", current, "sudoku.records.v1") if k in saves}
    assert "sudoku.games.v2" in good and current in good
    said = {"sudoku.games.v2": "list of your games could not be read", current: "A saved game could not be read",
            "sudoku.records.v1": "statistics could not all be read"}

    # Each example reloads the page (about a second): no shrinking, the first failure is reported as found.
    @settings(max_examples=STORAGE_EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=(Phase.explicit, Phase.generate))
    @example(("CURRENT", "null"))  # JSON, but no game: it passed for a missing game, deleted unsaid
    @given(damaged(good))
    def prop(damage):
        key, text = damage
        key = current if key == "CURRENT" else key
        page.evaluate("([restore, damage, line]) => { sessionStorage.setItem('restore', restore);"
                      " sessionStorage.setItem('damage', damage); history.replaceState(null, '', '#' + line); }",
                      [json.dumps(saves), json.dumps([key, text]), EASY])
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        told_text = told(page)
        assert told_text.count(said[key]) == 1, (key, text, told_text)
        assert text in aside(page, key), (key, text)
        settle(page)
        if key == current:
            expect(page.locator("#message")).to_contain_text("Your last game could not be opened")
            expect(page.locator("#message")).not_to_contain_text("as you left it")
        else:
            expect(at(page, 1, 1)).to_have_text("4")
            assert board_line(page) == EASY and address(page) == EASY
        assert not app.errors, app.errors

    prop()
