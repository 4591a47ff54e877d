"""Variant games and the New game bank in Chromium (issue 21): the slow X, Windoku, Jigsaw and Killer levels come
at once from puzzles shipped with the page, and any other variant choice that was slow to make is made
ahead by the background refill and then comes at once, with its variant and regions intact.
"""

from __future__ import annotations

import pytest
from e2e_support import asset, fresh_origin_fixtures
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

# Each test's page opens in a kept context on an origin cleared first (no puzzle served yet).
open_app = fresh_origin_fixtures()


def made_here(page, key: str) -> list[str]:
    """The puzzles this device's refill has made under a bank key (bank.js's local bank)."""
    return page.evaluate("""key => {
        const b = JSON.parse(localStorage.getItem('sudoku.bank.local.v1') || 'null');
        return b && b.puzzles[key] || []; }""", key)


def new_game(page, variant: str, level: str, symmetry: str = "rot180") -> None:
    page.click("#new-game")
    page.select_option("#ng-variant", variant)
    page.select_option("#ng-size", "9")
    page.select_option("#ng-level", level)
    page.select_option("#ng-symmetry", symmetry)
    page.click("#ng-generate")


def test_a_slow_variant_level_comes_from_the_shipped_bank_at_once(open_app, server):
    app = open_app(server + "index.html").goto().wait_ready()
    page = app.page
    shipped = page.evaluate("url => import(url).then(m => m.BANK['9|extreme|windoku'])", asset(page, "js/bank.js"))
    assert len(shipped) >= 3
    new_game(page, "windoku", "extreme")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    expect(page.locator("#message")).not_to_contain_text("seed")  # from the bank, not the generator
    expect(page.locator("#message")).to_contain_text("Windoku")  # the message names the variant
    assert page.evaluate("window.sudoku.game.variant") == "windoku"
    assert page.evaluate("window.sudoku.game.shareLine()") == shipped[0]
    # (The page's rating has a time budget: on a hard Windoku it may stop at "Extreme+", at least Extreme.)
    expect(page.locator("#rating-badge")).to_have_attribute("data-level", "extreme")
    # The next one is another: each is served once per device.
    new_game(page, "windoku", "extreme")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    assert page.evaluate("window.sudoku.game.shareLine()") == shipped[1]


def test_a_variant_choice_that_was_slow_is_made_ahead_and_then_comes_at_once(open_app, server):
    """A Jigsaw at a level the bank does not ship: the first is generated; once it has taken long (the
    threshold is lowered here, so that any game counts), the refill makes more of that choice in the
    background, regions and all, and the next one opens at once."""
    app = open_app(server + "index.html").goto().wait_ready()
    page = app.page
    page.evaluate("() => { window.sudoku.newGame.slowMs = 0; }")
    new_game(page, "jigsaw", "medium")
    expect(page.locator("#newgame-dialog")).to_be_hidden(timeout=120_000)
    expect(page.locator("#message")).to_contain_text("(seed ")  # generated
    page.wait_for_function("""key => {
        const b = JSON.parse(localStorage.getItem('sudoku.bank.local.v1') || 'null');
        return b && (b.puzzles[key] || []).length >= 1; }""", arg="9|medium|jigsaw", timeout=120_000)
    made = made_here(page, "9|medium|jigsaw")
    assert all(line.startswith("jigsaw:") and len(line.split(":")[2]) == 81 for line in made)
    first = page.evaluate("window.sudoku.game.shareLine()")
    assert first not in made
    new_game(page, "jigsaw", "medium")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    expect(page.locator("#message")).not_to_contain_text("seed")  # made ahead
    assert page.evaluate("window.sudoku.game.variant") == "jigsaw"
    assert page.evaluate("window.sudoku.game.shareLine()") == made[0]  # the regions came with it
    assert made[0] not in made_here(page, "9|medium|jigsaw")  # taken once
    expect(page.locator("#rating-badge")).to_have_text("Medium")
    # The regions are drawn: some cell has a region border where a 3x3 box has none.
    regions = page.evaluate("window.sudoku.game.regions")
    boxes = [(i // 27) * 3 + (i % 9) // 3 for i in range(81)]
    assert len(set(regions)) == 9 and [len({b for r2, b in zip(regions, boxes, strict=True) if r2 == r})
                                       for r in range(9)] != [1] * 9


def test_the_bank_keys_killers_by_their_givens_and_reads_variant_lines(open_app, server):
    app = open_app(server + "index.html").goto().wait_ready()
    page = app.page
    cages = [{"sum": 45, "cells": list(range(r * 9, r * 9 + 9))} for r in range(9)]
    kinds = page.evaluate("""([url, cages]) => import(url).then(m => [
        m.bankKind({size: 9, level: 'hard', variant: 'killer', givens: false, symmetry: 'none'}),
        m.bankKind({size: 9, level: 'expert', variant: 'x', symmetry: 'none'}),
        m.bankKind({size: 9, level: 'expert', variant: 'x', symmetry: 'mirror_v'}).key,
        m.bankLine({line: '1'.repeat(81), variant: 'jigsaw',
          regions: Array.from({length: 81}, (_, i) => i % 9)}),
        m.bankKind({size: 9, level: 'extreme', variant: 'killer', givens: true, symmetry: 'rot180'}),
        m.bankLine({line: '.'.repeat(81), variant: 'killer', cages}),
    ])""", [asset(page, "js/bank.js"), cages])
    assert kinds[0] == {"key": "9|hard|killer", "options": {"size": 9, "level": "hard", "symmetry": "none",
                                                            "variant": "killer", "givens": False}}
    assert kinds[1] == {"key": "9|expert|x", "options": {"size": 9, "level": "expert", "symmetry": "rot180",
                                                         "variant": "x"}}
    assert kinds[2] == "9|expert|mirror_v|||variant=x"
    assert kinds[3] == "jigsaw:" + "1" * 81 + ":" + "ABCDEFGHI" * 9
    assert kinds[4]["key"] == "9|extreme|killer|givens" and kinds[4]["options"]["givens"] is True
    assert kinds[5] == "killer:" + "." * 81 + ":" + "".join(ch * 9 for ch in "abcdefghi") + ":" + ",".join(["45"] * 9)


def test_a_rare_killer_level_comes_from_the_shipped_bank_at_once_with_its_cages(open_app, server):
    """Most Killers without givens rate Hard, so an Expert one takes the generator long: the page ships
    some, and New game opens one at once, cages and all, without the "rare level" warning."""
    app = open_app(server + "index.html", locale="en-US").goto().wait_ready()
    page = app.page
    shipped = page.evaluate("url => import(url).then(m => m.BANK['9|expert|killer'])", asset(page, "js/bank.js"))
    assert len(shipped) >= 3
    page.click("#new-game")
    page.select_option("#ng-variant", "killer")
    page.select_option("#ng-level", "expert")
    expect(page.locator("#ng-givens")).not_to_be_checked()
    expect(page.locator("#newgame-dialog")).not_to_contain_text("rare")
    page.click("#ng-generate")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("Killer")
    expect(page.locator("#message")).not_to_contain_text("seed")  # from the bank, not the generator
    assert page.evaluate("window.sudoku.game.shareLine()") == shipped[0]
    cages = page.evaluate("window.sudoku.game.cages")
    assert sum(len(q["cells"]) for q in cages) == 81 and len(cages) == len(set(shipped[0].split(":")[2]) - {"."})
    expect(page.locator("#board .cage-layer path")).to_have_count(len(cages))
    expect(page.locator("#rating-badge")).to_have_attribute("data-level", "expert")
