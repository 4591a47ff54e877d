"""Variants on the page (issue 21): X, Windoku and Jigsaw games started, played, hinted, saved and
shared; the page's houses are the engine's; variant boards, the Killer's too, pass axe in every theme; bad
region maps say which rule they break."""

from __future__ import annotations

from functools import cache
from urllib.parse import quote

import pytest
from a11y_support import audit, axe_app, by_variant
from e2e_support import asset, fresh_origin_fixtures, shared_app
from play_support import KILLER, at, load, open_shared_link, open_study, settle, until
from playwright.sync_api import expect

from sudoku_core.candidates import State
from sudoku_core.formats import format_variant, parse
from sudoku_core.generate import generate
from sudoku_core.grid import variant_geometry
from sudoku_core.hint import next_hint
from sudoku_core.puzzle import Puzzle
from sudoku_core.rate import next_step
from sudoku_core.step import apply_step

pytestmark = pytest.mark.e2e

#: The house each variant adds, as the hint names it (level 0: "There is a ... in diagonal 1.").
KINDS = {"x": "diagonal", "windoku": "window", "jigsaw": "region"}


@cache
def hinted_game(variant: str) -> tuple[str, int, int, str]:
    """A game of ``variant`` where one move leads to a position whose first hint names the variant's
    house: (the puzzle's one-line form, the cell and digit of that move, the hint's first words).
    Found along the logic paths of generated puzzles; the puzzle's givens are the position before the
    move, so it still has one solution."""
    kind = KINDS[variant]
    for seed in range(40):
        g = generate(9, seed=seed, variant=variant)
        geo = g.puzzle.geometry
        state = State.from_puzzle(g.puzzle, unique=True)
        placed: list[int] = []
        while not state.solved():
            step = next_step(state)
            if placed:
                values = list(state.values)
                c = placed[-1]
                before = [*values[:c], 0, *values[c + 1:]]
                out = next_hint(Puzzle(geo, tuple(before), g.puzzle.alphabet), [0] * c + [values[c]] + [0] * (80 - c),
                                langs=("en",))
                nudge = out["messages"]["0"]["text"]["en"] if out["status"] == "step" else ""
                if kind in nudge:
                    line = format_variant(Puzzle(geo, tuple(before), g.puzzle.alphabet), one_line=True)
                    return line, c, values[c], nudge
            apply_step(state, step)
            placed += [c for c, _ in step.placements]
    raise AssertionError(f"no {variant} position hinted in a {kind}")


@pytest.fixture(scope="module")
def app(origins, server):
    yield from shared_app(origins, server + "index.html", locale="en-US")


# A variant's link opens in a kept context on a cleared origin (no saved game); other options
# (a fresh browser in Chinese), in a fresh context.
open_app = fresh_origin_fixtures(locale="en-US")


def game_state(page) -> dict:
    return page.evaluate("""() => { const g = window.sudoku.game;
        return {variant: g.variant, regions: g.regions, givens: [...g.givens], entries: [...g.entries]}; }""")


def test_the_page_has_the_engines_houses(app):
    page = app.page
    jigsaw = generate(9, seed=4, variant="jigsaw").puzzle.geometry
    for geo in (variant_geometry(9, "x"), variant_geometry(6, "x"), variant_geometry(9, "windoku"), jigsaw):
        shape = {"n": geo.n, "box": [geo.box_rows, geo.box_cols], "variant": geo.variant,
                 "regions": list(geo.regions) if geo.regions else None}
        houses, peers, kinds = page.evaluate("""([url, s]) => import(url).then(m => [m.housesOf(s),
            m.peersOf(s.n, s.box, s.variant, s.regions), m.housesOf(s).map((_, h) => m.houseKind(h, s))])""",
                                             [asset(page, "js/geometry.js"), shape])
        assert houses == [list(h) for h in geo.houses], geo.variant
        assert peers == [list(p) for p in geo.peers], geo.variant
        assert kinds == [list(geo.house_kind(h)) for h in range(len(geo.houses))], geo.variant


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw"])
def test_a_variant_game_plays_hints_the_extra_house_and_survives_a_reload(server, open_app, variant):
    line, cell, digit, nudge = hinted_game(variant)
    app = open_app(server + "index.html#" + quote(line), locale="en-US")
    page = app.goto().wait_ready().page
    settle(page)
    name = {"x": "X (diagonals)", "windoku": "Windoku", "jigsaw": "Jigsaw"}[variant]
    expect(page.locator("#message")).to_contain_text(f"9×9 {name} puzzle")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-variant", variant)
    shaded = {"x": 17, "windoku": 36, "jigsaw": 0}[variant]
    assert page.locator("#board .cell.diag, #board .cell.window").count() == shaded
    # Every cell says its region, diagonal or window.
    if variant == "x":
        assert at(page, 1, 1).get_attribute("aria-label").startswith("Row 1, column 1, diagonal 1:")
        assert "diagonal 2" in at(page, 5, 5).get_attribute("aria-label")
    elif variant == "windoku":
        assert "window 1" in at(page, 2, 2).get_attribute("aria-label")
        assert "window" not in at(page, 1, 1).get_attribute("aria-label")
    else:
        regions = page.evaluate("window.sudoku.game.regions")
        assert f"region {regions[80] + 1}" in at(page, 9, 9).get_attribute("aria-label")
    # Auto notes and conflicts come from the variant's houses: the page's candidates are the engine's.
    puzzle = parse(line)
    engine_cands = [m >> 1 for m in State.from_values(puzzle.geometry, puzzle.cells).cand]
    assert page.evaluate("Array.from({length: 81}, (_, i) => window.sudoku.game.givens[i] ? 0 "
                         ": window.sudoku.game.candidates(i))") == engine_cands
    # A move, then a hint about the variant's own house.
    page.locator(f"#board [data-cell='{cell}']").focus()
    page.keyboard.press(str(digit))
    assert game_state(page)["entries"][cell] == digit
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text(nudge)
    page.click("#hint")
    page.click("#hint")  # the whole step: its houses drawn, the variant's among them
    assert page.locator(f"svg.reason [data-house^='{KINDS[variant]}']").count() >= 1
    before = game_state(page)
    page.reload()
    app.wait_ready()
    settle(page)
    assert game_state(page) == before
    expect(board).to_have_attribute("data-variant", variant)
    assert page.locator("#board .cell.diag, #board .cell.window").count() == shaded
    assert page.evaluate("decodeURIComponent(location.hash.slice(1))").startswith(f"{variant}:")
    # Printed, the diagonals and windows stay shaded (everything else prints white).
    page.emulate_media(media="print")
    backgrounds = page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map(c =>
        [c.classList.contains('diag') || c.classList.contains('window'), getComputedStyle(c).backgroundColor])""")
    assert {bg for extra, bg in backgrounds if extra} == ({"rgb(228, 228, 228)"} if shaded else set())
    assert {bg for extra, bg in backgrounds if not extra} == {"rgb(255, 255, 255)"}


def test_a_jigsaw_link_opens_the_same_regions_in_a_fresh_browser(server, open_app):
    line, cell, digit, _ = hinted_game("jigsaw")
    first = open_app(server + "index.html#" + quote(line), locale="en-US")
    page = first.goto().wait_ready().page
    settle(page)
    page.locator(f"#board [data-cell='{cell}']").focus()
    page.keyboard.press(str(digit))
    mine = game_state(page)
    page2 = open_shared_link(open_app, page)
    theirs = game_state(page2)
    assert (theirs["variant"], theirs["regions"], theirs["givens"]) == ("jigsaw", mine["regions"], mine["givens"])
    # The same thick borders, and labels in Chinese that name the region.
    borders = "() => [...document.querySelectorAll('#board .cell')].map(c => c.className.match(/box-\\w+/g) || [])"
    assert page2.evaluate(borders) == page.evaluate(borders)
    assert f"第 {theirs['regions'][0] + 1} 区域" in at(page2, 1, 1).get_attribute("aria-label")


def test_new_game_offers_the_variants(app):
    page = app.page
    page.click("#new-game")
    expect(page.locator("#newgame-dialog")).to_be_visible()
    options = page.locator("#ng-variant option").all_text_contents()
    assert options == ["Classic", "X (diagonals)", "Windoku", "Jigsaw", "Killer"]
    page.select_option("#ng-size", "6")
    page.select_option("#ng-variant", "windoku")  # 9x9 only: the other sizes are greyed out
    assert page.eval_on_selector("#ng-size", "s => s.value") == "9"
    assert page.eval_on_selector("#ng-size option[value='6']", "o => o.disabled")
    page.select_option("#ng-variant", "jigsaw")
    page.select_option("#ng-level", "easy")
    page.click("#ng-generate")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("New 9×9 Jigsaw puzzle, Easy")
    state = game_state(page)
    assert state["variant"] == "jigsaw" and sorted(state["regions"]) == sorted(list(range(9)) * 9)
    until(page, "window.sudoku.game.truth !== null")
    expect(page.locator("#rating-badge")).to_contain_text("Easy")
    # The library keeps the variant with the game.
    saved = page.evaluate("""() => Object.keys(localStorage).map(k => localStorage.getItem(k))
        .filter(v => v && v.includes('"variant":"jigsaw"') && v.includes('"regions":[')).length""")
    assert saved >= 1
    page.evaluate("document.getElementById('games').open = true")
    expect(page.locator("#games-list")).to_contain_text("9×9 Jigsaw · Easy")


@pytest.mark.parametrize("text, words, marked", [
    ("jigsaw:" + "." * 81 + ":" + "A" * 80, "the region map has 80 cells", []),
    ("jigsaw:" + "." * 81 + ":" + "AB" + "A" * 8 + "B" * 8 + "".join(ch * 9 for ch in "CDEFGHI"),
     "region 'A' (region 1) is not connected: r1c1 is cut off from r1c3", [0, 9]),
])
def test_bad_region_maps_say_which_rule(app, text, words, marked):
    page = app.page
    open_study(page)
    page.fill("#puzzle-text", text)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text(words)
    assert sorted(page.evaluate("[...window.sudoku.game.marked]")) == marked  # the cells cut off


@pytest.mark.parametrize("theme", by_variant(["light", "contrast-dark", "chinese", "phone"]))
def test_variant_boards_pass_axe(origins, server, theme):
    """Every variant's board, in one page per theme, as a player loads one after another: a Jigsaw's
    regions, an X with a hint drawn, and a Killer's cages with every candidate and then a hint at its
    last level over them (test_killer_page.py plays the Killer). One boot per theme, not one per variant."""
    line = hinted_game("jigsaw")[0]
    with axe_app(origins, server + "index.html#" + quote(line), theme) as (app, _options, contrast):
        page = app.goto().wait_ready().page
        settle(page)
        if contrast:
            open_study(page)
            page.check("#contrast")
        assert not audit(page)
        load(page, hinted_game("x")[0], "9×9")
        page.click("#hint")
        settle(page)
        assert not audit(page)
        load(page, KILLER, "9×9")
        until(page, "window.sudoku.game.variant === 'killer'")
        settle(page)
        page.evaluate("window.sudoku.game.fillCandidates()")
        assert not audit(page)
        for level in range(3):
            page.click("#hint")
            expect(page.locator("#hint-text")).to_have_attribute("data-level", str(level))
        settle(page)
        assert not audit(page)


def test_the_text_forms_import_and_conflicts_name_the_extra_house(app):
    page = app.page
    # The header form of docs/variants.md, pasted into the import box: digits, then the region map.
    header = ("variant: jigsaw\n3.2.6.......7.8.....8......57.....3......3..5.4...........9.......2.....4.3....9.\n"
              "regions:\nAAABBBBBB\nAAAACCBBB\nDAACCCEEF\nDDDCEEEFF\nDCCCEEFFF\nDDGGGEEFF\nHDGGGIIFI\nHDGHGGIII\n"
              "HHHHHHIII\n")
    load(page, header, "9×9 Jigsaw")
    imported = game_state(page)
    assert imported["regions"][:12] == [0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0]
    # Exported as a grid or a line, it comes back with its regions.
    page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = true; }")
    for kind in ("grid", "line"):
        page.click(f"#copy-{kind}")
        text = page.input_value("#export-text")
        assert text.startswith("variant: jigsaw\n" if kind == "grid" else "jigsaw:"), text
        load(page, text, "9×9 Jigsaw")
        assert game_state(page) == imported
    # Givens that break a diagonal: the page says which diagonal, in its language.
    open_study(page)
    page.fill("#puzzle-text", "x:5" + "." * 79 + "5")
    page.click("#load")
    expect(page.locator("#message")).to_contain_text("9×9 X (diagonals) puzzle, but its givens break the rules")
    expect(page.locator("#details")).to_have_text("r1c1 and r9c9 both hold 5 in diagonal 1")


def test_statistics_keep_variants_apart(server, open_app):
    page = open_app(server + "index.html", locale="en-US").goto().wait_ready().page
    rows = page.evaluate("""url => import(url).then(({ Stats }) => {
        const s = new Stats();
        s.started("a", { n: 9, level: "easy" });
        s.finished("a", { n: 9, level: "easy", ms: 50000 });
        s.started("b", { n: 9, level: "easy", variant: "jigsaw" });
        s.finished("b", { n: 9, level: "easy", variant: "jigsaw", ms: 90000 });
        const best = [s.best(9, "easy"), s.best(9, "easy", null, "jigsaw"), s.best(9, "easy", null, "x")];
        return { rows: s.summary().map(r => [r.variant, r.played, r.best]), best,
                 stored: s.records.map(r => r.variant || null) };
    })""", asset(page, "js/stats.js"))
    assert rows["rows"] == [["classic", 1, 50000], ["jigsaw", 1, 90000]]
    assert rows["best"] == [50000, 90000, None]
    assert rows["stored"] == [None, "jigsaw"]  # a classic record is written as before variants
