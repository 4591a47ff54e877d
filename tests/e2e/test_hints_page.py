"""Hints on the page (issue 4): a level more at each press, highlights that read without colour, Apply,
mistakes first, unsolvable puzzles said so, the solution path with "show on grid", the rating badge."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_support import shared_app
from hint_support import check_drawn
from play_support import open_study, set_language, settle
from playwright.sync_api import expect
from support import decode_state

pytestmark = pytest.mark.e2e

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
MEDIUM = ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."  # qqwing_easy, line 1
NO_SOLUTION = "5.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARDEST = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
# From magictour's top 1465: its path holds an AIC, a grouped AIC (with grouped nodes), ALS-XZ and a
# finned Swordfish. (The hardest one above no longer needs a grouped chain since the rater knows ALS of
# up to 8 cells.)
EVERY_FAMILY = "........3.9.6.4.......1.28.....6...173....6...5.4...7...5...7..3.91.....6..97...2"
MULTIPLE = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


@pytest.fixture(scope="module")
def app(origins, server):
    yield from shared_app(origins, server + "index.html")


def load(page, text: str, expect_text: str = "Loaded") -> None:
    open_study(page)
    page.fill("#puzzle-text", text)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text(expect_text)
    settle(page)


def list_path(page) -> None:
    """Open the solution path's panel (if closed) and ask for the path."""
    open_study(page)
    if page.locator("#path-panel").get_attribute("open") is None:
        page.click("#path-panel summary")
    page.click("#path-load")


def shown(page) -> str:
    return "".join(t or "." for t in page.locator("#board [role=gridcell]").evaluate_all(
        "cells => cells.map(c => c.firstElementChild ? '' : c.textContent)"))


def test_rating_badge_on_import(app):
    page = app.page
    load(page, EASY)
    # Naked singles alone solve EASY; MEDIUM needs hidden singles: a lower SE score, a higher level (the
    # level is the lowest technique set that solves the puzzle, sudoku_core/rate.py). So the badge's
    # headline is the level alone, and the score, with what it means, is in its tooltip.
    badge = page.locator("#rating-badge")
    expect(badge).to_have_text("Easy")
    expect(badge).to_have_attribute("title", re.compile(r"Score 2\.3 .*levels"))
    load(page, MEDIUM)
    expect(badge).to_have_text("Medium")
    expect(badge).to_have_attribute("title", re.compile(r"Score 1\.5 "))
    expect(badge).to_have_attribute("aria-label", re.compile(r"^Rating: Medium\. "))
    load(page, MULTIPLE, "more than one solution")
    expect(badge).to_have_text("Several solutions")
    # The badge is quick: forcing chains are left out, so the hardest puzzles say "Extreme+" at once.
    load(page, HARDEST)
    expect(badge).to_have_text("Extreme+")


def test_hint_reveals_a_level_per_press_with_highlights_that_read_without_colour(app):
    page = app.page
    load(page, EASY)
    text, board = page.locator("#hint-text"), page.locator("#board")
    page.click("#hint")
    expect(text).to_have_attribute("data-level", "0")
    expect(text).to_contain_text("Hidden Single")
    assert board.locator(".hl-cell, .hl-cand, .hl-place, .hl-elim").count() == 0
    expect(page.locator("#hint-apply")).to_be_hidden()
    page.click("#hint")
    expect(text).to_have_attribute("data-level", "1")
    # The pattern is drawn (the digits that rule the house's other cells out), but no cell is marked yet:
    # marking the one left would give the single away.
    expect(page.locator("svg.reason .rs-sees").first).to_be_attached()
    assert board.locator(".hl-cell, .hl-cand, .hl-place").count() == 0
    page.click("#hint")
    expect(text).to_have_attribute("data-level", "2")
    place = board.locator(".hl-place")
    expect(place).to_have_count(1)
    # Without colour: a double outline and the digit written in the corner.
    style = place.evaluate("c => [getComputedStyle(c).outlineStyle, getComputedStyle(c, '::after').content]")
    assert style[0] == "double" and style[1].startswith('"='), style
    others = board.locator(".hl-cell:not(.hl-place), .hl-cand:not(.hl-place)")
    assert all(s == "dashed" for s in others.evaluate_all("cs => cs.map(c => getComputedStyle(c).outlineStyle)"))
    # Apply plays the step: the cell gets the solution's digit and the highlights go.
    cell = int(place.get_attribute("data-cell"))
    page.click("#hint-apply")
    expect(text).to_contain_text("Applied")
    expect(board.locator(".hl-place")).to_have_count(0)
    assert shown(page)[cell] == EASY_SOLUTION[cell]
    # Undo, when the game has it, takes the step back as one move.
    if page.evaluate("typeof window.sudoku.game.undo === 'function'"):
        page.evaluate("window.sudoku.game.undo()")
        assert shown(page)[cell] == "."


def test_while_a_new_hint_is_asked_for_the_text_holds_no_level_from_the_last_one(app):
    # The WebKit journey read "Thinking..." as a hint: the busy text kept the data-level of the hint before it.
    page = app.page
    load(page, EASY)
    text = page.locator("#hint-text")
    page.click("#hint")
    expect(text).to_have_attribute("data-level", "0")
    load(page, MEDIUM)
    text.evaluate("""t => { window.hintStates = [];
        new MutationObserver(() => window.hintStates.push([t.dataset.kind, t.dataset.level ?? null, t.textContent]))
            .observe(t, {attributes: true, childList: true, characterData: true, subtree: true}); }""")
    page.click("#hint")
    expect(text).to_have_attribute("data-level", "0")
    states = page.evaluate("() => window.hintStates")
    busy = [s for s in states if s[0] == "busy"]
    assert busy, states  # the busy text was seen
    assert all(s[1] is None for s in busy), busy
    assert states[-1][0] != "busy" and states[-1][1] == "0", states


def test_mistakes_come_first(app):
    page = app.page
    load(page, EASY)
    # r1c1 is 4; a player's wrong 1 there (an entry when the game has a play mode).
    status = page.evaluate("""() => { const g = window.sudoku.game;
        if (typeof g.place === 'function' && g.mode === 'play') { g.place(0, 1); return 'mistake'; }
        g.setCell(0, 1); return 'no_solution'; }""")
    page.click("#hint")
    text = page.locator("#hint-text")
    expect(text).to_have_attribute("data-status", status)
    page.click("#hint")
    if status == "mistake":
        expect(text).to_contain_text("Check r1c1")
        mistake = page.locator("#board .hl-mistake")
        expect(mistake).to_have_count(1)
        assert mistake.evaluate("c => getComputedStyle(c).outlineStyle") == "dotted"
        # The cross is the corner label every hint mark uses, not a mark over the first note's slot.
        assert mistake.evaluate("c => getComputedStyle(c, '::after').content") == '"✗"'
        page.click("#hint")
        expect(text).to_contain_text("should not be 1")
        expect(mistake).to_have_attribute("data-hint", "✗")


def test_a_struck_out_true_candidate_is_named_at_the_last_level(app):
    page = app.page
    load(page, EASY)
    text = page.locator("#hint-text")
    # r1c1 is 4. Notes of 5 and 7 alone there are the player's shorthand, not a strike: no mistake.
    page.evaluate("() => { const g = window.sudoku.game; g.toggleNote(0, 5); g.toggleNote(0, 7); }")
    page.click("#hint")
    expect(text).to_have_attribute("data-status", "step")
    # Every candidate written (Auto notes), then the 4 taken out of r1c1: that strikes a true candidate.
    page.evaluate("() => { const g = window.sudoku.game; g.fillCandidates(); g.toggleNote(0, 4); }")
    page.click("#hint")
    expect(text).to_have_attribute("data-status", "mistake")
    page.click("#hint")
    mistake = page.locator("#board .hl-mistake")
    expect(mistake).to_have_attribute("data-hint", "✗")  # "where" does not give the digit away
    page.click("#hint")
    expect(text).to_contain_text("4 was struck out of r1c1")
    expect(mistake).to_have_attribute("data-hint", "+4")


@pytest.mark.parametrize("puzzle, status, words", [
    (NO_SOLUTION, "no_solution", "no solution"), (MULTIPLE, "multiple", "more than one solution")])
def test_unsolvable_puzzles_are_said_so(app, puzzle, status, words):
    page = app.page
    load(page, puzzle, words)  # such a puzzle opens for editing, and the import already says why
    expect(page.locator("#mode-badge")).to_have_text("Entering a puzzle")
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-status", status)
    expect(page.locator("#hint-text")).to_contain_text(words)


def test_solution_path_lists_every_step_and_shows_one_on_the_grid(app):
    page = app.page
    load(page, EASY)
    list_path(page)
    steps = page.locator("#path-list li")
    expect(steps.first).to_be_visible()
    expect(page.locator("#path-info")).to_contain_text("49 steps")
    assert steps.count() == 49
    steps.nth(3).get_by_role("button", name="Show on grid").click()
    expect(steps.nth(3)).to_have_class("path-step current")
    expect(page.locator("#board .hl-place")).to_have_count(1)
    steps.nth(3).get_by_role("button", name="Show on grid").click()
    expect(page.locator("#board .hl-place")).to_have_count(0)


def test_hints_follow_the_page_language(app):
    page = app.page
    load(page, EASY)
    set_language(page, "zh-CN")
    try:
        expect(page.locator("#hint")).to_have_text("提示")
        page.click("#hint")
        expect(page.locator("#hint-text")).to_contain_text("宫")
        expect(page.locator("#rating-badge")).to_have_text("简单")
        expect(page.locator("#rating-badge")).to_have_attribute("aria-label", re.compile("^难度"))
        expect(page.locator("#new-game")).to_have_text("新游戏…")
    finally:
        page.select_option("#language", "en")
    expect(page.locator("#hint")).to_have_text("Hint")


EXEMPLARS = Path(__file__).resolve().parents[1] / "data" / "hints" / "exemplars.tsv"


def draw_step(page, step: dict) -> None:
    """Draw a step record through the hint panel's own highlight, as its last level does, and check it."""
    page.evaluate("step => window.sudoku.hints.highlight({step, full: true})", step)
    check_drawn(page, step)


def test_the_reason_is_drawn_for_every_family_and_matches_the_step_record(app):
    """Every step of a hard puzzle's path (fish with fins, ALS, chains and grouped chains, nets, subsets,
    uniqueness, singles), shown on the grid: the overlay has one house outline per base and cover house,
    one arrow per link (solid when strong) from and to the step's own candidates, one ring per causing
    candidate and fin, one crossed circle per elimination, one double ring per placement, and every set."""
    page = app.page
    load(page, EVERY_FAMILY)
    list_path(page)
    expect(page.locator("#path-list li").first).to_be_visible()
    steps = page.evaluate("window.sudoku.hints.path.steps.map(s => s.step)")
    families = set()
    for i, step in enumerate(steps):
        if step["technique"] in families and not step["links"]:
            continue
        families.add(step["technique"])
        button = page.locator("#path-list button[data-step]").nth(i)
        button.click()
        check_drawn(page, step)
        assert bool(step["sees"]) == (step["technique"] in ("hidden_single", "naked_single"))
        button.click()
        assert page.evaluate("getComputedStyle(document.querySelector('.board-wrap > svg.reason')).display") == "none"
    assert {"aic", "als_xz", "finned_swordfish", "grouped_aic", "hidden_single"} <= families, families


def test_franken_and_mutant_fish_are_drawn_with_their_mixed_houses_and_fins(app):
    """Franken and Mutant fish are off the rating ladder, so no solution path shows one: their steps
    (from the regression table, as the engine sends them) are drawn through the hint panel's own
    highlight, boxes among base and cover houses, fins as fin rings."""
    from sudoku_core.techniques import BY_ID

    page = app.page
    shown = set()
    for line in EXEMPLARS.read_text().splitlines():
        _, _, tech, givens, text, _, _ = line.split("\t")
        if tech in shown or not tech.startswith(("franken", "mutant", "finned_franken", "finned_mutant")):
            continue
        shown.add(tech)
        state = decode_state(text)
        load(page, givens)
        step = next(iter(BY_ID[tech].find(state))).to_dict(state.geo)
        draw_step(page, step)
        kinds = [{h["kind"] for h in step[side]} for side in ("houses", "cover")]
        if "franken" in tech:  # a box somewhere, rows and columns never on one side
            assert "box" in kinds[0] | kinds[1] and not any({"row", "column"} <= k for k in kinds)
        else:
            assert any({"row", "column"} <= k for k in kinds) or kinds[0] & kinds[1] - {"box"}
        assert bool(step["fins"]) == tech.startswith("finned_")
        page.evaluate("() => window.sudoku.hints.clearHighlights()")
    assert len(shown) == 12, shown


def test_an_extended_als_xy_chain_is_drawn_with_every_set_and_link(app):
    """The extended ALS-XY-Chains (through sets of 5+ cells, or of 3 sets with overlapping ends) are off
    the rating ladder: the ALS regression table's steps are drawn through the hint panel's highlight, each
    set as a group, one dashed arrow per restricted common between consecutive sets."""
    from sudoku_core.candidates import State
    from sudoku_core.grid import geometry_for_side
    from sudoku_core.techniques import BY_ID

    page = app.page
    rows = (Path(__file__).resolve().parents[1] / "data" / "chains" / "als_positions.tsv").read_text().splitlines()
    values, cands = next(r.split("\t")[2:4] for r in rows
                         if r.startswith("extended_als_xy_chain\t") and not r.endswith("\t-"))
    pencil = [0 if t == "-" else sum(1 << int(d) for d in t) for t in cands.split()]
    state = State.from_pencil(geometry_for_side(9), [0 if ch == "." else int(ch) for ch in values], pencil)
    load(page, values)

    def sets_of(step):
        return [{c for c, _ in g["candidates"]} for g in step["groups"] if g["label"].startswith("als_")]

    steps = [s.to_dict(state.geo) for s in BY_ID["extended_als_xy_chain"].find(state)]
    big = next(s for s in steps if len(sets_of(s)) >= 4 and max(map(len, sets_of(s))) >= 5)
    wing = next(s for s in steps if len(sets_of(s)) == 3)
    assert sets_of(wing)[0] & sets_of(wing)[-1]  # a 3-set chain only with overlapping ends
    for step in (big, wing):
        draw_step(page, step)
        assert len(sets_of(step)) == len(step["links"]) + 1
        assert not any(link["strong"] for link in step["links"])
        page.evaluate("() => window.sudoku.hints.clearHighlights()")


@pytest.mark.parametrize("tech", ["kraken_fish_1", "kraken_fish_2"])
def test_a_kraken_fish_is_drawn_with_its_fish_and_the_chain_from_each_start(app, tech):
    """Kraken fish are off the rating ladder too: the regression table's step is drawn through the hint
    panel's highlight, base and cover outlines, fin rings, and one arrow per link of the chains that
    start at each fin (type 1) or each start candidate (type 2)."""
    from sudoku_core.techniques import BY_ID

    page = app.page
    rows = EXEMPLARS.read_text().splitlines()
    _, _, _, givens, text, _, _ = next(r.split("\t") for r in rows if r.split("\t")[2] == tech)
    state = decode_state(text)
    load(page, givens)
    step = next(iter(BY_ID[tech].find(state))).to_dict(state.geo)
    draw_step(page, step)
    assert step["links"] and step["cover"] and step["houses"]
    starts = {tuple(map(tuple, link["from"])) for link in step["links"]}
    for c, d in step["fins"] if tech == "kraken_fish_1" else step["candidates"]:
        assert ((c, d),) in starts
    page.evaluate("() => window.sudoku.hints.clearHighlights()")


def test_a_hint_draws_its_reason_without_the_answer_until_the_last_level(app):
    page = app.page
    load(page, EASY)
    svg = page.locator(".board-wrap > svg.reason")
    page.click("#hint")
    # Level 1, where to look: the house drawn, never the answer.
    expect(svg.locator(".rs-house")).to_have_count(1)
    expect(svg.locator(".rs-place")).to_have_count(0)
    step = page.evaluate("window.sudoku.hints.hint.step")
    assert step["technique"] == "hidden_single" and step["sees"]
    page.click("#hint")
    # Level 2, the pattern: the placed copies of the digit that rule the house's other cells out, a line
    # to each cell they rule out; the cell it goes in is neither marked nor named.
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "1")
    expect(svg.locator(".rs-sees")).to_have_count(len(step["sees"]))
    expect(svg.locator(".rs-seen-from")).to_have_count(len({q for q, _ in step["sees"]}))
    expect(svg.locator(".rs-place")).to_have_count(0)
    assert page.locator("#board .hl-place, #board .hl-cand, #board .hl-cell").count() == 0
    page.click("#hint")
    # Level 3, the whole step: the answer too.
    expect(svg.locator(".rs-place")).to_have_count(1)
    page.click("#pause")
    expect(svg).to_be_hidden()
    page.click("#resume")


def test_a_hint_sends_the_solution_the_page_knows_so_the_engine_does_not_solve_again(app):
    page = app.page
    load(page, EASY)
    page.wait_for_function("() => !!window.sudoku.game.truth")
    page.click("#board [data-cell='0']")
    page.keyboard.press(EASY_SOLUTION[0])  # a position no earlier hint was asked for
    sent = page.evaluate("""async () => {
        const engine = window.sudoku.engine, real = engine.request.bind(engine), seen = [];
        engine.request = (type, payload, options) => {
            if (type === 'hint') seen.push(payload);
            return real(type, payload, options); };
        document.getElementById('hint').click();
        for (let i = 0; i < 250 && !seen.length; i++) await new Promise((r) => setTimeout(r, 20));
        engine.request = real;
        return {solution: seen.length ? seen[0].solution : 'no hint asked', truth: window.sudoku.game.truth}; }""")
    assert sent["solution"] == sent["truth"] and len(sent["solution"]) == 81
    expect(page.locator("#hint-text")).not_to_be_empty()


# Line 41 of sixteen_by_sixteen_owhy_100 (owhygithub/sudoku-sat-solvers, see tests/data/README.md): an
# extreme 16x16 whose path takes over a second of CPython and several in the browser.
HARD_16 = ("...753B...G..8.......81.2.....G..9.2DE4......A5...EG7F295.A41.3DC3.6...E...D8.9...7..B83.5.9C.EA..."
           "9CA6.82.E43..E8.19.D.3B...62..43...A8.9.5G.12..984.G2.C36B...AG.5E.7.D8B..4...D.E3...1...A.C897.D24.5"
           "B1F36E...56......428D.B..E.....D.A5.......4..6...D9C5...")


def test_a_long_path_counts_its_steps_while_it_works_and_a_changed_board_stops_it(app):
    page = app.page
    load(page, HARD_16)
    list_path(page)
    info = page.locator("#path-info")
    expect(info).to_contain_text("steps so far", timeout=20_000)
    expect(info).to_contain_text("Extreme", timeout=120_000)
    count = page.locator("#path-list li").count()
    assert count > 100 and f"{count} steps" in info.text_content()
    # Again, and this time the board changes under it: the job stops and nothing stale is listed.
    page.click("#path-load")
    expect(info).to_contain_text("steps so far", timeout=20_000)
    load(page, EASY)
    page.wait_for_function("() => !window.sudoku.engine.busy", timeout=15_000)
    expect(info).not_to_contain_text("Extreme")
