"""Killer on the page (issue 21): cages drawn (dashed, inset, the sum in the first cell's corner, the notes
clear of it), named in every cell's label, played (cage conflicts, auto notes from the cages, cage mates
as peers), hinted (the overlay outlines the cage a cage step reasons with), saved, shared and imported in
every text form; a Killer from the New game dialog with and without givens. Its board is axe-clean in every
theme: test_variants_page.py's test_variant_boards_pass_axe audits it with the other variants' in one page.

Screenshots of a Killer in play are written to test-artifacts/killer-*.png (light and Chinese at 1280 px,
dark and high contrast at 390 px), for a person to look at."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest
from e2e_support import ROOT, asset, fresh_origin_fixtures, shared_app
from play_support import KILLER, at, engine_auto_notes, load, open_shared_link, open_study, settle, until
from playwright.sync_api import expect

from sudoku_core import solve
from sudoku_core.formats import parse

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "test-artifacts"


@pytest.fixture(scope="module")
def app(origins, server):
    """One booted page for the tests that only import the page's modules or load their own puzzle."""
    yield from shared_app(origins, server + "index.html", locale="en-US")


# A Killer link opens in a kept context on a cleared origin (no saved game); one asked for
# ``fresh`` or with other options, in a fresh context.
open_app = fresh_origin_fixtures(locale="en-US")


def rate_steps_of(text: str) -> list[dict]:
    """The engine's logic path through a puzzle, each step as the bridge sends it (Step.to_dict)."""
    from sudoku_core.rate import rate

    p = parse(text)
    return [st.to_dict(p.geometry) for st in rate(p).steps]


def _has(name: str) -> re.Pattern:
    """A class attribute that holds ``name`` among its classes."""
    return re.compile(rf"(^|\s){name}(\s|$)")


def engine_cages(text: str = KILLER) -> list[dict]:
    """The cages as the engine orders them, in the page's form."""
    return [{"sum": total, "cells": list(cells)} for total, cells in parse(text).geometry.cages]


def killer_state(page) -> dict:
    return page.evaluate("""() => { const g = window.sudoku.game;
        return {variant: g.variant, cages: g.cages, givens: [...g.givens], entries: [...g.entries]}; }""")


def open_killer(open_app, server: str, text: str = KILLER, **options):
    app = open_app(server + "index.html#" + quote(text), **{"locale": "en-US", **options})
    page = app.goto().wait_ready().page
    settle(page)
    return app, page


def test_the_page_has_the_engines_cage_peers(app):
    """Cage mates are peers on the page exactly as in grid.py (the one definition, in geometry.js)."""
    page = app.page
    geo = parse(KILLER).geometry
    shape = {"n": 9, "box": [3, 3], "variant": "killer", "regions": None, "cages": engine_cages()}
    peers, owner = page.evaluate("""([url, s]) => import(url).then(m => [m.peersOf(s.n, s.box, s.variant, s.regions,
        s.cages), m.cageOf(s)])""", [asset(page, "js/geometry.js"), shape])
    assert peers == [list(p) for p in geo.peers]
    assert owner == list(geo.cage_of)
    # A 45-rule step from the engine, drawn by the hint overlay: its cages outlined (their "cages" group
    # not drawn again), its house framed.
    step = next(s for s in rate_steps_of(KILLER) if s["technique"] == "rule_45")
    drawn = page.evaluate("""([url, step, s]) => import(url).then(({ ReasonOverlay }) => {
        const host = document.createElement('div');
        document.body.append(host);
        const overlay = new ReasonOverlay(host);
        overlay.draw(step, s);
        const svg = overlay.svg;
        const out = [svg.querySelectorAll('.rs-cage').length, svg.querySelectorAll('.rs-set').length,
                     svg.querySelectorAll('.rs-house').length];
        svg.remove(); host.remove();
        return out; })""", [asset(page, "js/overlay.js"), step, shape])
    assert drawn == [len(step["cages"]), 0, 1] and step["cages"]


def test_a_killer_link_draws_plays_hints_and_survives_a_reload(open_app, server):
    app, page = open_killer(open_app, server)
    expect(page.locator("#message")).to_contain_text("9×9 Killer puzzle")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-variant", "killer")
    cages = engine_cages()
    assert killer_state(page)["cages"] == cages
    # One outline and one sum per cage; each sum in its first cell's top-left corner.
    assert page.locator("#board .cage-layer .cage path").count() == len(cages)
    sums = page.evaluate("""() => [...document.querySelectorAll('#board .cage-layer text')].map(t =>
        [t.textContent, +t.getAttribute('x'), +t.getAttribute('y')])""")
    assert [s[0] for s in sums] == [str(c["sum"]) for c in cages]
    for (_, x, y), cage in zip(sums, cages, strict=True):
        first = cage["cells"][0]
        assert (int(x), int(y)) == (first % 9, first // 9)
    # Every cell's label names its cage and the cage's sum.
    assert at(page, 1, 1).get_attribute("aria-label").startswith("Row 1, column 1, cage 1, sum 12:")
    last = parse(KILLER).geometry.cage_of[80]
    assert f"cage {last + 1}, sum {cages[last]['sum']}:" in at(page, 9, 9).get_attribute("aria-label")
    # A Killer without givens is played, not typed in. Auto notes are the engine's candidates, cage mates
    # included, after a few digits of the solution.
    assert page.evaluate("window.sudoku.game.mode") == "play"
    puzzle = parse(KILLER)
    solution = solve(puzzle).grids[0]
    values = [0] * 81
    for cell in (0, 30, 60):
        values[cell] = solution[cell]
        page.locator(f"#board [data-cell='{cell}']").focus()
        page.keyboard.press(str(solution[cell]))
    # A hint on the Killer without notes is a cage step: its cage is outlined over the board.
    for _ in range(3):
        page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "2")
    assert page.locator("svg.reason path.rs-cage").count() >= 1
    page.evaluate("window.sudoku.game.fillCandidates()")
    # Auto notes: the rules' candidates narrowed by every cage's combinations (the engine's cage step, to
    # the end), so the cage step has nothing left to say.
    assert page.evaluate("[...window.sudoku.game.notes]") == engine_auto_notes(KILLER, values)
    # The notes keep clear of the sum: the first note row starts below its digits (cage 2's, from r1c4).
    gap = page.evaluate("""() => { const cell = document.querySelector('#board [data-cell="3"]');
        const notes = cell.querySelector('.notes').firstElementChild.getBoundingClientRect();
        const layer = document.querySelector('#board .cage-layer').getBoundingClientRect();
        const text = document.querySelectorAll('#board .cage-layer text')[1];
        const baseline = layer.top + (+text.getAttribute('y')) * layer.height / 9;  // digits stop at it
        return notes.top - baseline; }""")
    assert gap >= 0
    # Two equal digits in a cage that share no house: r2c6 and r3c7 (cage 7, sum 12).
    for cell in (14, 24):
        page.locator(f"#board [data-cell='{cell}']").focus()
        page.keyboard.press("5")
    expect(page.locator("#board [data-cell='14']")).to_have_class(_has("conflict"))
    expect(page.locator("#board [data-cell='24']")).to_have_class(_has("conflict"))
    expect(page.locator("#details")).to_contain_text("r2c6 and r3c7 both hold 5 in cage 7 (sum 12)")
    page.keyboard.press("Backspace")
    page.locator("#board [data-cell='14']").focus()
    page.keyboard.press("Backspace")
    # A full cage whose digits miss its sum: r1c5 + r1c6 (cage 3, sum 11) as 1 + 2.
    for cell, digit in ((4, 1), (5, 2)):
        page.locator(f"#board [data-cell='{cell}']").focus()
        page.keyboard.press(str(digit))
    expect(page.locator("#board [data-cell='5']")).to_have_class(_has("conflict"))
    expect(page.locator("#details")).to_contain_text("The digits of cage 3 (from r1c5) make 3, not 11")
    before = killer_state(page)
    page.reload()
    app.wait_ready()
    settle(page)
    assert killer_state(page) == before
    assert page.locator("#board .cage-layer .cage").count() == len(cages)
    assert page.evaluate("decodeURIComponent(location.hash.slice(1))").startswith("killer:")
    # Printed, the cages stay, in black.
    page.emulate_media(media="print")
    printed = page.evaluate("""() => { const p = document.querySelector('#board .cage-layer path');
        return [getComputedStyle(p).stroke, getComputedStyle(p.closest('svg')).visibility]; }""")
    assert printed == ["rgb(0, 0, 0)", "visible"]


def test_a_killer_link_shows_its_cages_before_the_engine_is_ready(open_app, server):
    """The page reads a Killer's one-line form itself (game.gridFromLine), as it does a classic link, so the
    cages are drawn while the engine loads; the engine's reading later keeps them, and the player's move."""
    app = open_app(server + "index.html#" + quote(KILLER), fresh=True, locale="en-US")
    held = []  # the worker's script, held back so that the engine is still loading
    app.context.route("**/worker-*.js", lambda route: held.append(route))
    page = app.goto().page
    page.wait_for_function("() => window.sudoku && window.sudoku.game.variant === 'killer'")
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "loading")
    assert killer_state(page)["cages"] == engine_cages()
    expect(page.locator("#board .cage-layer path")).to_have_count(len(engine_cages()))
    page.locator("#board [data-cell='40']").focus()
    page.keyboard.press("4")
    held[0].continue_()
    app.wait_ready()
    expect(page.locator("#message")).to_contain_text("from the link")
    state = killer_state(page)
    assert state["cages"] == engine_cages() and state["entries"][40] == 4
    # A map it cannot read (labels out of order, a sum that is no number, a short map) is left to the engine.
    bad = [KILLER.replace(":aaab", ":bbba", 1), KILLER.replace(":12,", ":x,", 1), KILLER.replace(":aaab", ":aab", 1)]
    read = page.evaluate("""([url, lines]) => import(url).then(m => lines.map(l => m.gridFromLine(l)))""",
                         [asset(page, "js/game.js"), bad])
    assert read == [None, None, None]


def test_a_killer_link_opens_the_same_cages_in_a_fresh_browser(open_app, server):
    _, page = open_killer(open_app, server)
    page.locator("#board [data-cell='40']").focus()
    page.keyboard.press("4")
    mine = killer_state(page)
    page2 = open_shared_link(open_app, page)
    theirs = killer_state(page2)
    assert (theirs["variant"], theirs["cages"], theirs["givens"]) == ("killer", mine["cages"], mine["givens"])
    paths = "() => [...document.querySelectorAll('#board .cage-layer path')].map(p => p.getAttribute('d'))"
    assert page2.evaluate(paths) == page.evaluate(paths)
    assert "第 1 个笼子，和为 12" in at(page2, 1, 1).get_attribute("aria-label")


def test_new_game_makes_killers_with_and_without_givens(app):
    """Runs on the shared page before the text forms' test, so the Killers saved are the dialog's."""
    page = app.page
    page.click("#new-game")
    page.select_option("#ng-variant", "killer")
    expect(page.locator("#ng-givens")).to_be_visible()
    assert page.eval_on_selector("#ng-size", "s => s.value") == "9"
    assert page.eval_on_selector("#ng-size option[value='6']", "o => o.disabled")
    # Without givens: no symmetry, no Easy (cage logic from the first step), no practice technique.
    assert page.eval_on_selector("#ng-symmetry", "s => s.disabled && s.value === 'none'")
    assert page.eval_on_selector("#ng-level option[value='easy']", "o => o.disabled")
    assert page.eval_on_selector("#ng-technique", "s => s.disabled")
    assert page.eval_on_selector("#ng-minimal", "s => s.disabled")
    # A rare choice is announced before the wait, unless the bank has one ready (Medium without givens).
    expect(page.locator("#ng-level")).to_have_value("medium")
    expect(page.locator("#ng-status")).not_to_contain_text("minute")
    page.check("#ng-givens")
    # A minimal Killer is never Easy (docs/variants.md): Minimal greys Easy out and moves the level off it.
    page.select_option("#ng-level", "easy")
    page.check("#ng-minimal")
    expect(page.locator("#ng-level")).to_have_value("medium")
    assert page.eval_on_selector("#ng-level option[value='easy']", "o => o.disabled && o.title.includes('minimal')")
    # The move is said on the status line, not only in the greyed option's title (which a phone never shows).
    expect(page.locator("#ng-status")).to_contain_text("A minimal Killer is at least Medium")
    page.uncheck("#ng-minimal")
    assert not page.eval_on_selector("#ng-level option[value='easy']", "o => o.disabled")
    page.select_option("#ng-level", "extreme")
    # An Extreme with givens comes from the catalogue (any symmetry) in about a second: no warning; a
    # minimal one is searched, which is said before the wait.
    expect(page.locator("#ng-status")).not_to_contain_text("minute")
    page.check("#ng-minimal")
    expect(page.locator("#ng-status")).to_contain_text("can take a minute or more")
    page.uncheck("#ng-minimal")
    expect(page.locator("#ng-status")).to_have_text("")
    page.uncheck("#ng-givens")
    page.select_option("#ng-level", "hard")
    expect(page.locator("#ng-status")).to_have_text("")
    page.click("#ng-generate")
    expect(page.locator("#newgame-dialog")).to_be_hidden(timeout=120_000)
    expect(page.locator("#message")).to_contain_text("New 9×9 Killer puzzle, Hard, 0 givens")
    state = killer_state(page)
    assert state["variant"] == "killer" and not any(state["givens"])
    assert sorted(c for cage in state["cages"] for c in cage["cells"]) == list(range(81))
    assert page.locator("#board .cage-layer .cage").count() == len(state["cages"])
    until(page, "window.sudoku.game.truth !== null")
    # With givens: Easy and a symmetry come back.
    page.click("#new-game")
    page.check("#ng-givens")
    assert not page.eval_on_selector("#ng-symmetry", "s => s.disabled")
    page.select_option("#ng-level", "easy")
    page.click("#ng-generate")
    expect(page.locator("#newgame-dialog")).to_be_hidden(timeout=60_000)
    expect(page.locator("#message")).to_contain_text("New 9×9 Killer puzzle, Easy")
    state = killer_state(page)
    assert any(state["givens"]) and state["cages"]
    # The library and the statistics keep the variant with the game.
    page.evaluate("document.getElementById('games').open = true")
    expect(page.locator("#games-list")).to_contain_text("9×9 Killer · Easy")
    saved = page.evaluate("""() => Object.keys(localStorage).map(k => localStorage.getItem(k))
        .filter(v => v && v.includes('"variant":"killer"') && v.includes('"cages":[')).length""")
    assert saved >= 1


def test_the_killer_text_forms_import_and_export(app):
    page = app.page
    labels, sums = KILLER.split(":")[2], KILLER.split(":")[3].split(",")
    order = sorted(set(labels), key=labels.index)
    community = "\n".join([f"{'.' * 9} {labels[r * 9:r * 9 + 9]}" for r in range(9)]
                          + [" ".join(f"{k}={v}" for k, v in zip(order, sums, strict=True))])
    load(page, community, "9×9 Killer")
    imported = killer_state(page)
    assert imported["cages"] == engine_cages()
    page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = true; }")
    for kind in ("grid", "line"):
        page.click(f"#copy-{kind}")
        text = page.input_value("#export-text")
        assert text.startswith("variant: killer\n" if kind == "grid" else "killer:"), text
        load(page, text, "9×9 Killer")
        assert killer_state(page) == imported
    # A bad cage says which cage, which cell and which rule.
    open_study(page)
    bad = "variant: killer\n" + "." * 81 + "\ncages:\n12: r1c1 r1c3\n"
    page.fill("#puzzle-text", bad)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text("cage 1 (sum 12, from r1c1) is not connected: r1c3")
    assert sorted(page.evaluate("[...window.sudoku.game.marked]")) == [2]


@pytest.mark.parametrize("name, options", [
    ("light-1280", dict(viewport={"width": 1280, "height": 900}, color_scheme="light")),
    ("dark-390", dict(viewport={"width": 390, "height": 844}, color_scheme="dark", is_mobile=True, has_touch=True)),
    ("zh-1280", dict(viewport={"width": 1280, "height": 900}, color_scheme="light", locale="zh-CN")),
    ("contrast-390", dict(viewport={"width": 390, "height": 844}, color_scheme="light", is_mobile=True,
                          has_touch=True, contrast=True)),
])
def test_killer_screenshots(open_app, server, name, options):
    """A Killer in play, as a person sees it: some digits of the solution and a hint's cage, with the
    candidates it stands on shown in its cells."""
    options = dict(options)
    contrast = options.pop("contrast", False)
    _, page = open_killer(open_app, server, **options)
    if contrast:
        open_study(page)
        page.check("#contrast")
        page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = false; }")
    solution = solve(parse(KILLER)).grids[0]
    for cell in (0, 1, 40, 80):
        page.locator(f"#board [data-cell='{cell}']").focus()
        page.keyboard.press(str(solution[cell]))
    # No notes: the hint stands on the candidates it shows in the cells it uses (with Auto notes, which
    # keep to the cages' combinations, the next step here is a single, not a cage step).
    for _ in range(3):
        page.click("#hint")
    settle(page)
    assert page.locator("svg.reason path.rs-cage").count() >= 1
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"killer-{name}.png"))
    assert Path(SHOTS / f"killer-{name}.png").stat().st_size > 10_000
