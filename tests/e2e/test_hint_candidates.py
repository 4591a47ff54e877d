"""Hints anyone can follow and act on (issue 28): the candidates a hint stands on are on the board, Apply
always changes the board (an elimination without notes too: saved, one Undo, the next hint knows it), the
levels build (where, then the pattern, then the answer), every listed step can be applied and the words
shown are the drawn step's, and a Killer's Auto notes keep to its cages' combinations."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from e2e_support import fresh_origin_fixtures, shared_app
from play_support import KILLER, engine_auto_notes, load, open_game, open_study, settle, until
from playwright.sync_api import expect

from sudoku_core.candidates import State
from sudoku_core.formats import parse
from sudoku_core.solvers import solve

pytestmark = pytest.mark.e2e

# A link opens in a context kept for its options, on an origin cleared first (e2e_support.FreshOrigin).
open_app = fresh_origin_fixtures(locale="en-US")

HERE = Path(__file__).resolve().parent
# A 9x9 whose first step is a Pointing (no single at the start): from tests/data/chains/als_positions.tsv.
POINTING = "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1.."
# A 9x9 that naked and hidden singles solve (its first hint is a single).
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.fixture(scope="module")
def app(origins, server):
    """One page for the tests that each load their own puzzle (one boot, not three)."""
    yield from shared_app(origins, server + "index.html", locale="en-US")


def hint(page) -> str:
    page.click("#hint")
    until(page, "document.getElementById('hint-text').dataset.kind !== 'busy' && !window.sudoku.engine.busy")
    return page.inner_text("#hint-text")


def notes(page) -> list[int]:
    return page.evaluate("[...window.sudoku.game.notes]")


def drawn(page, selector: str) -> list[list[int]]:
    """The [cell, digit] of every drawn element of the overlay that matches ``selector``."""
    return page.evaluate(f"""() => [...document.querySelectorAll('svg.reason [data-cand]{selector}')]
        .map(e => e.dataset.cand.split(',').map(Number))""")


def shown_digits(page, cell: int) -> set[int]:
    """The digits a cell shows in its notes' places (the player's notes and those a hint shows)."""
    return set(page.evaluate(f"""() => [...document.querySelectorAll('#board [data-cell="{cell}"] .notes > span')]
        .map((s, i) => s.dataset.d ? i + 1 : 0).filter(Boolean)"""))


def test_an_elimination_applied_without_notes_is_on_the_board_undone_at_once_kept_and_known(open_app, server):
    app, page = open_game(open_app, server, POINTING)
    assert not any(notes(page))
    texts = [hint(page) for _ in range(3)]
    assert "Pointing" in texts[0] and "Remove" in texts[2]
    step = page.evaluate("window.sudoku.hints.hint.step")
    elims = step["eliminations"]
    page.click("#hint-apply")
    expect(page.locator("#hint-text")).to_contain_text("Applied: Pointing")
    after = notes(page)
    for cell, digit in elims:
        # The cell shows its candidates now, without the removed digit.
        assert after[cell] and not after[cell] >> (digit - 1) & 1
        assert digit not in shown_digits(page, cell) and shown_digits(page, cell)
    assert page.evaluate("window.sudoku.game.done.length") == 1
    # The next hint is another step: the engine reads the elimination back from the notes.
    hint(page)
    hint(page)
    again = page.evaluate("window.sudoku.hints.hint.step")
    assert again["eliminations"] != elims
    # Auto notes keeps it out.
    page.click("#auto-notes")
    for cell, digit in elims:
        assert not notes(page)[cell] >> (digit - 1) & 1
    page.keyboard.press("Control+z")  # Auto notes
    page.keyboard.press("Control+z")  # the hint: one move
    assert not any(notes(page))
    page.keyboard.press("Control+y")
    assert notes(page) == after
    # A reload keeps it, and the same hint does not come back.
    page.reload()
    app.wait_ready()
    settle(page)
    assert notes(page) == after
    hint(page)
    hint(page)
    assert page.evaluate("window.sudoku.hints.hint.step")["eliminations"] != elims


def test_levels_build_where_then_the_pattern_then_the_answer(app):
    page = app.page
    load(page, EASY)
    first = hint(page)
    step = page.evaluate("window.sudoku.hints.hint.step")
    assert step["technique"] in ("naked_single", "hidden_single", "full_house")
    (cell, digit), = step["placements"]
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    # Level 1: the technique and its house drawn, never the answer.
    assert page.locator("svg.reason .rs-house").count() >= 1
    assert not drawn(page, ".rs-place") and page.locator("#board .hl-place").count() == 0
    assert name not in first
    # Level 2: the pattern (for a single, the digits that rule the rest out), still not the cell.
    second = hint(page)
    assert name not in second
    assert not drawn(page, ".rs-place") and page.locator("#board .hl-place").count() == 0
    assert page.locator("#hint-apply").is_hidden()
    # Level 3: the whole reason and Apply.
    third = hint(page)
    assert name in third and drawn(page, ".rs-place") == [[cell, digit]]
    page.click("#hint-apply")
    assert page.evaluate(f"window.sudoku.game.entries[{cell}]") == digit


def test_every_candidate_a_hint_draws_is_on_the_board(app):
    page = app.page
    load(page, POINTING)
    hint(page)
    hint(page)  # the pattern
    rings = drawn(page, ".rs-cand")
    assert rings
    for cell, digit in rings:
        assert digit in shown_digits(page, cell), (cell, digit)
    # Shown for the hint, not written: the player's notes are untouched and the shown ones are set apart.
    assert not any(notes(page))
    assert page.locator("#board .notes > span.shown").count() >= len(rings)
    hint(page)  # the answer: what it removes is on the board under its cross
    crosses = drawn(page, ".rs-elim")
    assert crosses
    for cell, digit in crosses:
        assert digit in shown_digits(page, cell), (cell, digit)
    # Playing on clears the hint and what it showed.
    page.keyboard.press("Escape")
    page.click("#board [data-cell='1']")
    page.keyboard.press("2")
    until(page, "document.querySelectorAll('#board .notes > span.shown').length === 0")


def test_a_listed_step_can_be_applied_and_the_words_shown_are_the_drawn_steps(app):
    page = app.page
    load(page, POINTING)
    page.click("#all-steps")
    until(page, "!!document.querySelector('#all-list button.all-step')")
    page.locator("#all-list details").first.evaluate("d => d.open = true")
    first = page.locator("#all-list button.all-step").first
    first.click()
    chosen = first.inner_text()
    expect(page.locator("#hint-text")).to_contain_text(chosen)
    expect(page.locator("#hint-apply")).to_be_visible()
    # The solution path's step shown next: its words replace the list's.
    open_study(page)
    page.click("#path-panel summary")
    page.click("#path-load")
    until(page, "document.querySelectorAll('#path-list button.path-show').length > 0")
    path_step = page.locator("#path-list li").nth(2)
    path_step.locator("button.path-show").click()
    words = path_step.locator(".path-text").inner_text()
    expect(page.locator("#hint-text")).to_contain_text(words)
    assert page.locator("#all-list button[aria-pressed=true]").count() == 0
    before = page.evaluate("window.sudoku.game.done.length")
    page.click("#hint-apply")
    assert page.evaluate("window.sudoku.game.done.length") == before + 1
    expect(page.locator("#hint-text")).to_contain_text("Applied")


# --- Killer -----------------------------------------------------------------------------------------


def killer_lines() -> list[str]:
    table = HERE.parent / "data" / "variants" / "table.tsv"
    lines = [row.split("\t")[1] for row in table.read_text().splitlines()
             if row.startswith("1\tkiller:")]
    return [KILLER, *lines]


def test_cage_auto_notes_agree_with_the_engines_cage_combinations():
    """The page's Auto notes on a Killer (cages.js, in node) against the engine's cage technique, on every
    Killer of the test table with one solution, empty and with every third digit of its solution placed."""
    cases, expected = [], []
    for text in killer_lines():
        p = parse(text)
        geo = p.geometry
        solution = solve(p).grids[0]
        assert solution
        for values in (list(p.cells), [d if i % 3 == 0 else p.cells[i] for i, d in enumerate(solution)]):
            rules = [m >> 1 for m in State.from_values(geo, values).cand]
            cases.append({"cages": [{"sum": t, "cells": list(cs)} for t, cs in geo.cages], "filled": values,
                          "masks": rules, "n": geo.n})
            expected.append(engine_auto_notes(text, values))
    out = subprocess.run(["node", str(HERE / "cage_notes.mjs")], input=json.dumps(cases), capture_output=True,
                         text=True, check=True, timeout=60)
    got = json.loads(out.stdout)
    assert len(got) == len(expected) >= 4
    for g, e in zip(got, expected, strict=True):
        assert g == e


def test_killer_auto_notes_keep_to_the_cages_and_a_caged_cell_shows_its_combinations(open_app, server):
    app = open_app(server + "index.html#" + quote(KILLER), locale="en-US")
    page = app.goto().wait_ready().page
    settle(page)
    page.click("#auto-notes")
    p = parse(KILLER)
    expected = engine_auto_notes(KILLER, list(p.cells))
    assert notes(page) == expected
    # A digit placed with Auto notes on narrows its cage mates by the combinations left.
    solution = solve(p).grids[0]
    total, cells = p.geometry.cages[0]
    page.click(f"#board [data-cell='{cells[0]}']")
    page.keyboard.press(str(solution[cells[0]]))
    values = list(p.cells)
    values[cells[0]] = solution[cells[0]]
    got = notes(page)
    want = engine_auto_notes(KILLER, values)
    for c in range(81):
        if not values[c]:
            assert got[c] & ~want[c] == 0, c  # nothing the cages rule out
    # The selected cage's combinations, as the engine counts them.
    page.click(f"#board [data-cell='{cells[1]}']")
    info = page.locator("#cage-info")
    expect(info).to_be_visible()
    expect(info).to_contain_text(f"Cage {total} in {len(cells)} cells")
