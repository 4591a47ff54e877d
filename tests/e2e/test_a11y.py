"""The accessibility gate (issues 14 and 15): axe-core, from npm, injected into the page, over the main
states of the page in every theme (light, dark, high contrast light and dark), in Chinese and at
360 px. Every state must have 0 violations of WCAG 2.0/2.1/2.2 A and AA; the counts are printed, so a
run shows them (`pytest -s`).

axe is injected with `add_script_tag`, which the page's CSP forbids: these contexts bypass the CSP
(`bypass_csp=True`); every other test runs the page under it. The game's, the lab's and the Learn page's
checks in one variant, and the other modules' axe checks in it, run in a row (one xdist group,
a11y_support.by_variant), each on a page of its own in the context the worker keeps for that variant
(a11y_support.axe_app): a boot after the first reuses the context's cache.

The states are a sweep (ten variants by about fourteen states, and the Learn page's five), and axe is most
of its CPU, so the normal run samples it: the two main themes (FULL) audit every state; every other variant
walks every state but audits the whole board's (the first two) and a third of the rest, in turn, so each
state is audited in both main themes and two or three of the others. The lab and the Learn page are
checked in both main themes and, of the eight other variants, in every other one in turn (the lab in the
first, third..., the Learn page in the second, fourth...: each page in a high contrast theme, on a
phone and at its narrowest widths). ``SUDOKU_A11Y_EVERY_STATE=1`` audits every state of every page in
every variant (bench/a11y_every_state.sh; run it before a release and after a change of colours or of a
dialog).
"""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from a11y_support import AXE, VARIANTS, audit, axe_app, by_variant
from e2e_support import ROOT, fresh_origin_fixtures
from play_support import EASY, EASY_SOLUTION, open_game, open_more, open_study, settle, wait_truth
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

#: The variants whose every state is audited in the normal run (see the module's docstring).
FULL = ("light", "dark")
EVERY_STATE = os.environ.get("SUDOKU_A11Y_EVERY_STATE") == "1"
SAMPLED = [v for v in VARIANTS if v not in FULL]


def audited(variant: str, index: int) -> bool:
    """Whether the normal run audits the ``index``-th state of a page's walk in ``variant``: every one in the
    FULL themes (or with SUDOKU_A11Y_EVERY_STATE=1); elsewhere the first two (the whole board, bare and
    with every candidate) and every third of the rest, starting one further in each variant."""
    if EVERY_STATE or variant in FULL or index < 2:
        return True
    return (index + SAMPLED.index(variant)) % 3 == 0


# The tests that play a game open their apps in contexts kept for their options (conftest's origins), on an origin
# cleared first (e2e_support.FreshOrigin); so do the audits, in a context per variant with the CSP bypassed.
open_app = fresh_origin_fixtures(every_option_set=True)

MULTIPLE = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


@pytest.fixture(scope="module", autouse=True)
def axe_installed():
    """axe-core is an npm dev dependency (package-lock.json): installed with the rest by `npm ci`."""
    if not AXE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    assert AXE.exists(), f"npm ci did not install {AXE}"


def sampled_pages(turn: int) -> list[str]:
    """The variants a page other than the game's is checked in (see the module's docstring): FULL and every
    other one of the rest, from the ``turn``-th (0 for the lab, 1 for the Learn page); every variant with
    SUDOKU_A11Y_EVERY_STATE=1."""
    return [v for v in VARIANTS if EVERY_STATE or v in FULL or SAMPLED.index(v) % 2 == turn]


def drawn_step(tech: str) -> dict:
    """A step record of ``tech`` as the engine sends it (hint_support.classic_steps)."""
    from hint_support import classic_steps

    return next(step for _, step in classic_steps() if step["technique"] == tech)


def states(page):
    """Walk the page through its main states, yielding each one's name when it is on screen."""
    yield "loaded"
    page.evaluate("window.sudoku.game.fillCandidates()")
    yield "notes"
    for level in (1, 2, 3):
        page.click("#hint")
        expect(page.locator("#hint-text")).to_have_attribute("data-level", str(level - 1))
        yield f"hint {level}"
    # A chain and an ALS drawn with every role's mark and their legend under the hint (issue 28).
    for tech in ("grouped_aic", "als_xy_wing"):
        page.evaluate("step => window.sudoku.hints.highlight({step, full: true})", drawn_step(tech))
        expect(page.locator("#hint-text + .hint-legend li[data-role=elim]")).to_be_visible()
        yield f"hint 3, {tech} drawn with its legend"
    page.evaluate("() => window.sudoku.hints.render()")
    if page.locator("#more").is_visible():  # a phone: the tools beyond the one row, opened
        open_more(page)
        yield "more tools open"
    page.click("#all-steps")  # every step at this position, one group open and one step drawn
    expect(page.locator("#all-list details").first).to_be_attached()
    page.locator("#all-list summary").last.click()
    page.locator("#all-list details[open] button.all-step").first.click()
    yield "all steps here, one chosen"
    page.click("#all-close")
    open_study(page)
    page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = true; }")
    page.click("#path-load")
    expect(page.locator("#path-list li").first).to_be_visible()
    page.locator("#path-list button").nth(1).click()
    yield "solution path, panels open"
    page.click("#new-game")
    expect(page.locator("#newgame-dialog")).to_be_visible()
    yield "new game dialog"
    page.click("#ng-close")
    page.click("#solve")
    expect(page.locator("#confirm")).to_be_visible()
    yield "confirm dialog"
    page.click("#confirm-no")
    wait_truth(page)
    page.evaluate(f"""() => {{ const g = window.sudoku.game, s = "{EASY_SOLUTION}";
        for (let i = 0; i < 81; i++) if (!g.givens[i] && g.entries[i] !== +s[i]) g.place(i, +s[i]); }}""")
    expect(page.locator("#finish")).to_be_visible()
    yield "finish dialog"
    page.click("#finish-close")
    page.fill("#puzzle-text", MULTIPLE)
    page.click("#load")
    expect(page.locator("#second")).to_be_visible()
    yield "two solutions"


@pytest.mark.parametrize("variant", by_variant(VARIANTS))
def test_no_axe_violation_in_any_state(origins, server, variant):
    with axe_app(origins, server + "index.html#" + EASY, variant) as (app, _options, contrast):
        page = app.goto().wait_ready().page
        settle(page)
        if contrast:
            open_study(page)
            page.check("#contrast")
        found, walked = {}, []
        for index, state in enumerate(states(page)):
            walked.append(state)
            if not audited(variant, index):
                continue
            settle(page)
            violations = audit(page)
            found[state] = violations
            print(f"axe {variant:15} {state:28} {sum(len(v['nodes']) for v in violations)} violations")
        assert walked[-1] == "two solutions", walked  # the walk reached its last state
        bad = {state: v for state, v in found.items() if v}
        assert not bad, bad


def test_a_whole_game_by_keyboard_with_the_focus_always_somewhere_useful(server, open_app):
    _app, page = open_game(open_app, server)
    wait_truth(page)
    active = "() => { const a = document.activeElement; return a.getAttribute('role') || a.id || a.tagName; }"
    tabs = 0
    while page.evaluate(active) != "gridcell":
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 20, "the grid is not in the tab order near the top"
    print(f"keys: Tab x{tabs} from the top of the page to the grid")
    page.keyboard.press("h")  # a hint, from the grid: the focus stays on the grid
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    page.keyboard.press("h")
    page.keyboard.press("h")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "2")
    assert page.evaluate(active) == "gridcell"
    page.keyboard.press("a")  # apply: one digit more, the focus back on the grid
    expect(page.locator("#hint-text")).to_contain_text("Applied")
    assert page.evaluate(active) == "gridcell"
    page.keyboard.press("p")  # pause: the focus goes to Resume, and back to the grid after it
    assert page.evaluate(active) == "resume"
    page.keyboard.press("Enter")
    assert page.evaluate(active) == "gridcell"
    keys = 0
    for target in [i for i, ch in enumerate(EASY) if ch == "."]:
        if page.evaluate(f"window.sudoku.game.entries[{target}]"):
            continue
        here = page.evaluate("window.sudoku.board.focused")
        dr, dc = target // 9 - here // 9, target % 9 - here % 9
        for _ in range(abs(dr)):
            page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
        for _ in range(abs(dc)):
            page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
        page.keyboard.press(EASY_SOLUTION[target])
        keys += abs(dr) + abs(dc) + 1
    expect(page.locator("#finish")).to_be_visible()
    assert page.evaluate(active) == "finish-next"  # the next game is one key away
    print(f"keys: {keys} arrow and digit presses to fill the grid")
    page.keyboard.press("Escape")
    expect(page.locator("#finish")).to_be_hidden()
    assert page.evaluate(active) == "gridcell"


def test_the_grid_grows_with_zoom_and_the_page_reflows_at_320_by_256(server, open_app):
    """Zoom at 200% is a viewport of half the CSS pixels: the board, in screen pixels, must grow."""
    widths = {}
    for zoom in (1, 2, 3, 4):
        app = open_app(server + "index.html#" + EASY, viewport={"width": 1280 // zoom, "height": 900 // zoom},
                       device_scale_factor=zoom, locale="en-US")
        page = app.goto().page
        widths[zoom] = page.locator("#board").bounding_box()["width"] * zoom
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280 // zoom + 1, zoom
        app.close()
    print("board width in screen px at 100/200/300/400%:", {z: round(w) for z, w in widths.items()})
    assert widths[2] >= 1.8 * widths[1], widths
    app = open_app(server + "index.html#" + EASY, viewport={"width": 320, "height": 256}, locale="en-US")
    page = app.goto().page
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    bar = page.locator(".playbar").bounding_box()
    board = page.locator("#board").bounding_box()
    assert bar["y"] + bar["height"] <= board["y"] + 1, (bar, board)  # the board covers nothing
    # The lab too: no sideways scrolling at 320 px, its long selects and fields wrapped to fit.
    page.goto(server + "lab.html#" + EASY)
    expect(page.locator("#message")).to_have_attribute("data-kind", "ok", timeout=180_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


@pytest.mark.parametrize("variant", by_variant(sampled_pages(0)))
def test_the_lab_has_no_axe_violation_and_wears_the_game_s_theme(origins, server, variant):
    with axe_app(origins, server + "lab.html#" + EASY, variant) as (app, options, contrast):
        page = app.goto().page
        if contrast:  # chosen on the game's page, saved, and followed by the lab
            page.evaluate("localStorage.setItem('sudoku.settings.v1', JSON.stringify({contrast: true}))")
            page.reload()
        expect(page.locator("#message")).to_have_attribute("data-kind", "ok", timeout=180_000)
        scheme = options["color_scheme"]
        expect(page.locator("html")).to_have_attribute("data-scheme", scheme)
        page.fill("#node-limit", "20000")
        page.click("#compare-run")
        expect(page.locator("#compare-table")).to_have_attribute("data-state", "done")
        page.click("#watch-record")
        expect(page.locator("#watch-play")).to_be_enabled()
        page.click("#watch-step")
        page.locator("#watch-board [data-cell='1']").click()
        expect(page.locator("#matrix-table")).to_have_attribute("data-cell", "1")
        if "locale" in options:
            expect(page.locator("#matrix-caption")).to_contain_text("r1c2：")
        violations = audit(page)
        print(f"axe lab {variant:15} {sum(len(v['nodes']) for v in violations)} violations")
        assert not violations, violations
        width = options.get("viewport", {}).get("width")
        if width:
            assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("variant", by_variant(sampled_pages(1)))
def test_the_learn_page_has_no_axe_violation_and_wears_the_game_s_theme(origins, server, variant):
    """The Learn page (issue 30): the index alone, a lesson at each step of its example, and a Killer's."""
    with axe_app(origins, server + "learn.html", variant) as (app, options, contrast):
        page = app.goto().wait_ready().page
        if contrast:  # chosen on the game's page, saved, and followed here
            page.evaluate("localStorage.setItem('sudoku.settings.v1', JSON.stringify({contrast: true}))")
            page.reload()
            page.wait_for_selector("html[data-ready]", state="attached")
            expect(page.locator("html")).to_have_attribute("data-contrast", "high")
        expect(page.locator("html")).to_have_attribute("data-scheme", options["color_scheme"])
        found = {"index": audit(page)}
        index = 1
        for tid in ("x_wing", "rule_45"):
            page.evaluate("id => { location.hash = id; }", tid)
            expect(page.locator("#lesson")).to_have_attribute("data-technique", tid)
            if audited(variant, index):
                found[f"{tid} pattern"] = audit(page)
            page.click("#step-result")
            if audited(variant, index + 1):
                found[f"{tid} result"] = audit(page)
            index += 2
        if "locale" in options:
            expect(page.locator("#lesson-what-title")).to_have_text("它是什么")
        for state, violations in found.items():
            print(f"axe learn {variant:15} {state:18} {sum(len(v['nodes']) for v in violations)} violations")
        bad = {state: v for state, v in found.items() if v}
        assert not bad, bad
        width = options.get("viewport", {}).get("width")
        if width:
            assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("variant", by_variant(["light", "dark"]))
def test_the_lab_on_a_killer_has_no_axe_violation(origins, server, variant):
    """The lab's variant views: a Killer's dashed cages and sums on the replay grid, the compare table's
    unsupported rows, the matrix's cage column and the cage's combination table."""
    from urllib.parse import quote

    from sudoku_core.lab_samples import SAMPLES

    killer = SAMPLES["variants"][1][3]
    with axe_app(origins, server + "lab.html#" + quote(killer), variant) as (app, _, _):
        page = app.goto().page
        expect(page.locator("#message")).to_have_attribute("data-kind", "ok", timeout=180_000)
        page.fill("#node-limit", "20000")
        page.click("#compare-run")
        expect(page.locator("#compare-table")).to_have_attribute("data-state", "done")
        page.locator("#watch-board [data-cell='0']").click()
        expect(page.locator("#matrix-cage")).to_be_visible()
        violations = audit(page)
        print(f"axe lab killer {variant:8} {sum(len(v['nodes']) for v in violations)} violations")
        assert not violations, violations


def test_what_a_screen_reader_hears_cells_moves_and_hints(server, open_app):
    _app, page = open_game(open_app, server)
    grid = page.get_by_role("grid", name="Sudoku grid")
    expect(grid.get_by_role("gridcell", name="Row 1, column 3: 3, given")).to_have_attribute("aria-readonly", "true")
    page.locator("#board [data-cell='0']").focus()
    page.keyboard.press("4")
    expect(page.locator("#announce")).to_have_text("r1c1: 4")
    expect(grid.get_by_role("gridcell", name="Row 1, column 1: 4", exact=True)).to_be_focused()
    page.keyboard.press("Control+z")
    expect(page.locator("#announce")).to_have_text("Undone. r1c1: empty")
    page.keyboard.press("3")  # a clash with the given 3 in row 1: the cell says so, the message names both
    expect(grid.get_by_role("gridcell", name="Row 1, column 1: 3, breaks a rule")).to_be_visible()
    expect(page.locator("#say")).to_contain_text("r1c1 and r1c3 both hold 3 in row 1")
    page.keyboard.press("Backspace")
    page.keyboard.press("h")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    page.keyboard.press("h")  # the pattern: drawn (aria-hidden) and said in words; no cell is marked yet
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "1")
    page.keyboard.press("h")  # the answer: its cell says it is in the hint
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "2")
    expect(grid.get_by_role("gridcell", name=re.compile(r", in the hint$"))).not_to_have_count(0)
