"""What the play tests share: puzzles, cell locators by index, candidates computed here in Python."""

from __future__ import annotations

import time
from pathlib import Path

from e2e_support import STEP_TIMEOUT_MS
from playwright.sync_api import expect

from sudoku_core.formats import parse
from sudoku_core.generate import is_symmetric
from sudoku_core.rate import rate
from sudoku_core.solvers import count_solutions

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# A Jigsaw in the one-line form of docs/variants.md (one solution), and what a page must make of it.
JIGSAW = ("jigsaw:3.2.6.......7.8.....8......57.....3......3..5.4...........9.......2.....4.3....9.:"
          "AAABBBBBBAAAACCBBBDAACCCEEFDDDCEEEFFDCCCEEFFFDDGGGEEFFHDGGGIIFIHDGHGGIIIHHHHHHIII")


def check_jigsaw(facts: dict) -> None:
    """A journey's facts about the JIGSAW link: the engine's regions, their borders, the cell labels."""
    from sudoku_core.formats import parse

    regions = list(parse(JIGSAW).geometry.regions)
    borders = sum(c % 9 < 8 and regions[c] != regions[c + 1] for c in range(81)) + sum(
        c < 72 and regions[c] != regions[c + 9] for c in range(81))
    assert facts["regions"] == regions
    assert facts["borders"] == borders
    assert f"region {regions[80] + 1}" in facts["label"]


# A Killer without givens (`generate --variant killer --seed 1`), in the one-line form of docs/variants.md.
KILLER = ("killer:" + "." * 81 + ":aaabccdddaeebfghhijekbfgggijjklllmniokkpplliiqrspttuuuqssstvvvwxyszzvvAwyyzzBBB"
          "AA:12,14,11,24,19,17,12,6,15,17,21,25,8,7,7,12,12,5,27,16,19,20,9,3,14,19,19,15")


def engine_auto_notes(text: str, values: list[int]) -> list[int]:
    """What the engine's cage technique leaves of the rules' candidates, cage by cage until nothing
    changes, in the page's bit layout (bit d-1 for digit d)."""
    from sudoku_core.candidates import State
    from sudoku_core.formats import parse
    from sudoku_core.techniques.killer import _combinations_left, find_cage_combination

    geo = parse(text).geometry
    state = State.from_values(geo, values)
    changed = True
    while changed:
        changed = False
        for total, cells in geo.cages:
            allowed = 0
            for k in _combinations_left(state, total, cells):
                allowed |= k
            for c in cells:
                if values[c]:
                    allowed &= ~(1 << values[c])
            for c in cells:
                if not values[c] and state.cand[c] & ~allowed:
                    state.cand[c] &= allowed
                    changed = True
    assert not list(find_cage_combination(state))  # the engine's own technique finds nothing more
    return [m >> 1 for m in state.cand]


def check_killer(facts: dict) -> None:
    """A journey's facts about the KILLER link: the engine's cages, one outline and sum each, the labels."""
    from sudoku_core.formats import parse

    geo = parse(KILLER).geometry
    assert geo.cages is not None and geo.cage_of is not None
    assert facts["cages"] == [{"sum": total, "cells": list(cells)} for total, cells in geo.cages]
    assert facts["sums"] == [str(total) for total, _ in geo.cages]
    assert facts["outlines"] == len(geo.cages)
    q = geo.cage_of[80]
    assert f"cage {q + 1}, sum {geo.cages[q][0]}" in facts["label"]


# Another puzzle with one solution (for links that must not match a saved game).
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def at(page, row: int, col: int, n: int = 9):
    """The cell at 1-based (row, col): by index, since a cell's label grows with its notes."""
    return page.locator(f"#board [data-cell='{(row - 1) * n + col - 1}']")


def open_study(page) -> None:
    """Open the panels that hold the solver, the import box and the settings (closed on a new page)."""
    page.evaluate("""() => { document.getElementById('study').open = true;
        document.querySelector('details.settings').open = true; }""")


def open_more(page) -> None:
    """Open the tools that a phone keeps under "More" (a larger screen shows them, and no More button)."""
    more = page.locator("#more")
    if more.is_visible() and more.get_attribute("aria-expanded") != "true":
        more.click()


def settle(page) -> None:
    """Wait until the engine has answered everything asked so far (an import asks twice: parse, then
    how many solutions)."""
    until(page, "!window.sudoku.engine.busy")


def answer(page, yes: bool = True) -> None:
    """Answer the page's confirmation dialog."""
    expect(page.locator("#confirm")).to_be_visible()
    page.click("#confirm-yes" if yes else "#confirm-no")
    expect(page.locator("#confirm")).to_be_hidden()


def set_language(page, lang: str) -> None:
    open_study(page)
    page.select_option("#language", lang)
    # The page switches once the language's words are loaded (a module of its own): wait for it.
    expect(page.locator("html")).to_have_attribute("lang", lang)


def open_game(open_app, server: str, puzzle: str = EASY, **options):
    """An app with empty storage (a fresh context, or a cleared origin: :class:`e2e_support.FreshOrigin`) opened on a
    link to ``puzzle``, the engine ready and done with what the link asked of it: returns (app, page)."""
    app = open_app(server + "index.html#" + puzzle, locale="en-US", **options)
    page = app.goto().wait_ready().page
    settle(page)
    return app, page


def open_shared_link(open_app, page, locale: str = "zh-CN"):
    """The page's share link opened in a fresh browser (in another language): its page, ready and settled."""
    link = page.evaluate("document.getElementById('share-link').href")
    other = open_app(link, locale=locale).goto().wait_ready().page
    settle(other)
    return other


def pad(page, digit: int):
    """The digit pad's button for a digit (its name also says how many are left)."""
    return page.locator(f"#pad button[data-digit='{digit}']")


def load(page, text: str = EASY, expect_text: str = "Loaded") -> None:
    open_study(page)
    page.fill("#puzzle-text", text)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text(expect_text)
    settle(page)
    until(page, "window.sudoku.game.mode === 'play'")


#: The page-side loop of :func:`until`: the expression is read every 25 ms inside the page, and its first
#: truthy value comes back in one round trip (``timeout`` set when the time ran out first).
_UNTIL = """async ms => {{
    const deadline = performance.now() + ms;
    for (;;) {{
        const value = ({expression});
        if (value) return {{value}};
        if (performance.now() > deadline) return {{timeout: true}};
        await new Promise((resolve) => setTimeout(resolve, 25));
    }}
}}"""


def until(page, expression: str, timeout_ms: int = STEP_TIMEOUT_MS):
    """Wait for a page state and return its first truthy value. ``page.wait_for_function`` compiles its
    predicate inside the page, which the page's CSP (no 'unsafe-eval') forbids; ``evaluate`` goes through
    the debugger and is allowed, so the predicate is written into the function it compiles, which polls
    in the page: one round trip per wait instead of one per poll (each costs the test process, the
    Playwright driver and the browser CPU). A wait that a navigation cuts off starts again on the new
    page, within the same time limit."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        left = max(0, round((deadline - time.monotonic()) * 1000))
        try:
            found = page.evaluate(_UNTIL.format(expression=expression), left)
        except Exception as exc:  # the page navigated while waiting: wait on the new one
            if "context was destroyed" not in str(exc) and "navigation" not in str(exc):
                raise
            assert time.monotonic() < deadline, f"timed out waiting for {expression}"
            continue
        assert not found.get("timeout"), f"timed out waiting for {expression}"
        return found["value"]


def wait_truth(page) -> None:
    until(page, "window.sudoku.game.truth !== null")


def candidates(puzzle: str, cell: int) -> list[int]:
    """The digits cell can take in a 9x9 puzzle line, from its peers."""
    r, c = divmod(cell, 9)
    seen = set()
    for i, ch in enumerate(puzzle):
        rr, cc = divmod(i, 9)
        if ch != "." and (rr == r or cc == c or (rr // 3, cc // 3) == (r // 3, c // 3)):
            seen.add(int(ch))
    return [d for d in range(1, 10) if d not in seen]


def state(page) -> dict:
    return page.evaluate("""() => { const g = window.sudoku.game;
        return {entries: [...g.entries], notes: [...g.notes], colours: [...g.colours], done: g.done.length,
                undone: g.undone.length, hints: g.hintsUsed, mistakes: g.mistakes}; }""")


def notes_of(page, cell: int) -> list[int]:
    mask = page.evaluate(f"window.sudoku.game.notes[{cell}]")
    return [d for d in range(1, 10) if mask >> (d - 1) & 1]


def check_photo(photo: dict) -> None:
    """The Firefox and WebKit journeys' photo step (tests/data/scan/image1000.jpg, a newspaper photo): read
    exactly as its printed givens, played as read (the engine found one solution), and a hint given on it."""
    lines = (Path(__file__).resolve().parents[1] / "data" / "scan" / "image1000.dat").read_text().split("\n")[2:]
    printed = "".join(tok if tok != "0" else "." for line in lines for tok in line.split())
    assert photo["state"] == "read", photo
    assert photo["board"] == printed, photo
    assert photo["played"] == printed, photo
    assert photo["hint"].strip(), photo


def check_dihedral_extreme(extreme: dict) -> None:
    """The New game step's dihedral 9x9 Extreme: a puzzle of that symmetry, unique, rated Extreme here too."""
    print(f"dihedral 9x9 Extreme in New game after {extreme['seconds']} s: {extreme['line']}")
    puzzle = parse(extreme["line"])
    assert puzzle.geometry.n == 9 and extreme["level"] == "extreme"
    assert is_symmetric(puzzle.geometry, list(puzzle.cells), "dihedral")
    assert count_solutions(puzzle, limit=2, method="dlx") == 1
    assert rate(puzzle).level == "extreme"
