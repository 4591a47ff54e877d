"""The web app in Chromium, as a person uses it: boot, import, solve, sizes, keyboard, share links,
cancel, offline, and that nothing leaves the origin or logs an error.

Most tests share one booted page (module scope): each loads its own puzzle, so none depends on
another's state. Tests that need a fresh boot (share link, offline, narrow screen) open their own.
"""

from __future__ import annotations

import re
import shutil
import urllib.error
import urllib.request

import pytest
from e2e_support import BOOT_TIMEOUT_MS, LIVE, App, fresh_origin_fixtures, shared_app
from play_support import answer, open_study, pad, settle
from playwright.sync_api import expect

import build

pytestmark = pytest.mark.e2e

# A test that opens its own app opens it in a context kept for its options (a tab of the asked
# size), on an origin cleared first (e2e_support.FreshOrigin), unless it is about a first visit: what the
# page paints before the engine (with or without JavaScript), a worker held back by a route (a service
# worker would answer it), a sub-path, the offline reload.
open_app = fresh_origin_fixtures(every_option_set=True)

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
EASY_GRID = "\n".join(EASY[r * 9:r * 9 + 9] for r in range(9))
# No two givens clash, yet no solution: r1c1 = 5 leaves no room elsewhere.
NO_SOLUTION = "5.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# From Serg's benchmark (every puzzle in it has two or more solutions).
MULTIPLE = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
SIXTEEN = ("B..18FE...3.4....A8.36..2.DF1.....65.......EDFG9.2E....D.A..8...1....7.F5..3..9..B..52....8D..C"
           "...59D.G..2...B...72E.1.8.9.....DC.....2.8.E.94A...A...C..7.25E...G..48....CA..1..8..1..7F.6...."
           "C...6..D.1....GE.G5CB7.......F6.....A24.E..79.85....7.B...F54A..1")


@pytest.fixture(scope="module")
def app(origins, server):
    """One booted app shared by the tests of this module that each load their own puzzle."""
    yield from shared_app(origins, server + "index.html")


def cell(page, row: int, col: int):
    """The cell at 1-based (row, col), by its accessible name's start (the rest says what it holds)."""
    return page.locator("#board").get_by_role("gridcell", name=re.compile(f"^Row {row}, column {col}:"))


def cells(page) -> list[str]:
    return page.locator("#board [role=gridcell]").all_text_contents()


def load(page, text: str, expect_text: str = "Loaded") -> None:
    open_study(page)
    page.fill("#puzzle-text", text)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text(expect_text)
    settle(page)


def solve(page, expect_text: str, method: str = "backtrack") -> None:
    """Solve; during a game the page asks first (revealing marks the game assisted): say yes."""
    open_study(page)
    page.select_option("#method", method)
    playing = page.evaluate("window.sudoku.game.mode === 'play' && window.sudoku.game.filled().some(d => !d)")
    page.click("#solve")
    if playing:
        answer(page, True)
    expect(page.locator("#message")).to_contain_text(expect_text)


# ---------------------------------------------------------------------------------------------
# Boot

def test_grid_is_drawn_before_the_engine_is_ready(browser, server, open_app):
    app = open_app(server + "index.html", fresh=True)
    app.page.goto(app.url, wait_until="domcontentloaded")
    status = app.page.locator("#engine-status")
    # The grid exists while the status still says the engine is loading (Pyodide takes seconds).
    expect(app.page.locator("#board [role=gridcell]")).to_have_count(81)
    assert app.page.evaluate("document.documentElement.hasAttribute('data-ready')") is False
    expect(status).to_have_attribute("data-state", "loading")
    app.wait_ready()
    expect(status).to_contain_text("Engine ready")
    version = app.page.evaluate("window.sudoku.engine.ready.then(info => info.version)")
    assert version == build.engine_version()


def test_grid_is_in_the_html_itself(server, open_app):
    # Without JavaScript the first paint already has the empty grid (build.py writes it in).
    app = open_app(server + "index.html", java_script_enabled=False, fresh=True)
    app.goto()
    expect(app.page.locator("#board [role=gridcell]")).to_have_count(81)
    expect(app.page.locator("#board [role=row]")).to_have_count(9)


def test_accessible_grid(app):
    page = app.page
    load(page, EASY)
    board = page.locator("#board")
    expect(board).to_have_attribute("role", "grid")
    expect(cell(page, 3, 6)).to_have_text("6")
    assert page.locator("#board [role=row]").count() == 9


# ---------------------------------------------------------------------------------------------
# Import and solve

def test_paste_and_solve_9x9(app):
    page = app.page
    load(page, EASY_GRID)  # a multi-line grid
    assert "".join(c or "." for c in cells(page)) == EASY
    solve(page, "Solved")
    assert "".join(cells(page)) == EASY_SOLUTION
    givens = page.locator("#board .cell.given")
    solved = page.locator("#board .cell.solved")
    assert givens.count() == sum(ch != "." for ch in EASY)
    assert solved.count() == 81 - givens.count()
    # Givens look different from solved cells.
    weight = page.evaluate("""() => ['given', 'solved'].map(kind => {
        const style = getComputedStyle(document.querySelector(`#board .cell.${kind}`));
        return style.fontWeight + style.color; })""")
    assert weight[0] != weight[1]
    expect(page.locator("#stats")).to_contain_text("nodes")


def test_dlx_method_reports_its_counts(app):
    page = app.page
    load(page, EASY)
    solve(page, "Solved", method="dlx")
    expect(page.locator("#stats")).to_contain_text("DLX")
    expect(page.locator("#stats")).to_contain_text("ms in the engine")
    assert "".join(cells(page)) == EASY_SOLUTION


def test_paste_and_solve_16x16(app):
    page = app.page
    load(page, SIXTEEN, "Loaded a 16×16")
    expect(page.locator("#board [role=gridcell]")).to_have_count(256)
    solve(page, "Solved")
    values = cells(page)
    assert all(values) and set(values) == set("123456789ABCDEFG")


def test_other_symbols_16x16(app):
    page = app.page
    hex_puzzle = SIXTEEN.translate(str.maketrans("123456789ABCDEFG", "0123456789ABCDEF"))
    page.select_option("#alphabet", "hex")
    try:
        load(page, hex_puzzle, "Loaded a 16×16")
    finally:
        page.select_option("#alphabet", "")
    expect(cell(page, 1, 1)).to_have_text("A")  # B in 1-9A-G is A in 0-F
    solve(page, "Solved")
    assert set(cells(page)) == set("0123456789ABCDEF")
    # The share link keeps the digits, written in the default symbols.
    page.wait_for_function("location.hash.length > 200")
    assert page.evaluate("decodeURIComponent(location.hash.slice(1))") == SIXTEEN


def test_ctrl_v_on_the_grid(app):
    page = app.page
    app.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.base.rstrip("/"))
    cell(page, 1, 1).click()
    page.evaluate("text => navigator.clipboard.writeText(text)", MULTIPLE)
    page.keyboard.press("Control+V")
    # MULTIPLE has several solutions: it is loaded, but for editing, and the page says so.
    expect(page.locator("#message")).to_contain_text("9×9 puzzle has more than one solution")
    assert cells(page)[0] == "8"
    expect(page.locator("#mode-badge")).to_have_text("Entering a puzzle")


def test_no_solution_message(app):
    page = app.page
    load(page, NO_SOLUTION, "has no solution: it opens for editing")
    expect(page.locator("#mode-badge")).to_have_text("Entering a puzzle")
    solve(page, "No solution")
    expect(page.locator("#board .cell.solved")).to_have_count(0)


def test_more_than_one_solution_shows_two_and_differences(app):
    page = app.page
    load(page, MULTIPLE, "has more than one solution")
    solve(page, "More than one solution")
    expect(page.locator("#second")).to_be_visible()
    first = cells(page)
    second = page.locator("#board2 [role=gridcell]").all_text_contents()
    assert all(first) and all(second) and first != second
    diff = [i for i in range(81) if first[i] != second[i]]
    marked = page.eval_on_selector_all("#board .cell.diff", "els => els.map(e => Number(e.dataset.cell))")
    assert marked == diff
    expect(page.locator("#message")).to_contain_text(f"differ in {len(diff)} cells")


def test_conflicts_are_shown_on_the_grid_and_in_words(app):
    page = app.page
    load(page, "55" + "." * 79, "break the rules")
    expect(page.locator("#details")).to_contain_text("r1c1 and r1c2 both hold 5 in row 1")
    expect(page.locator("#board .cell.conflict")).to_have_count(2)
    # Givens that break a rule cannot be played: the page stays on entering, to fix them.
    expect(page.locator("#mode-badge")).to_have_text("Entering a puzzle")
    solve(page, "No solution")


def test_parse_error_in_words_and_pasted_html_stays_text(app):
    page = app.page
    hostile = '<img src=x onerror="window.pwned=1">'
    load(page, hostile, "Could not read the puzzle")
    assert page.locator("#message img, #details img, #board img").count() == 0
    assert page.evaluate("window.pwned") is None
    expect(page.locator("#puzzle-text")).to_have_attribute("aria-invalid", "true")
    load(page, "12?" + "." * 78, "Could not read the puzzle")
    expect(page.locator("#message")).to_contain_text("column 3")


def test_parse_errors_in_the_page_language(app):
    page = app.page
    open_study(page)
    page.select_option("#language", "zh-CN")
    try:
        load(page, "." * 80, "找到 80 个格子；9×9 谜题有 81 个")
        load(page, "12?" + "." * 78, "第 1 行第 3 列的“?”不是 9×9 谜题的数字或空格符号")
    finally:
        page.select_option("#language", "en")
    load(page, "." * 80, "found 80 cells; a 9×9 puzzle has 81")


@pytest.mark.parametrize("n", [4, 6, 12, 25])
def test_every_size_renders_takes_input_and_solves(app, n):
    page = app.page
    page.select_option("#size", str(n))
    page.click("#new-grid")
    expect(page.locator("#board [role=gridcell]")).to_have_count(n * n)
    cell(page, 1, 1).focus()
    page.keyboard.press("2")
    expect(cell(page, 1, 1)).to_have_text("2")
    solve(page, "More than one solution")
    values = cells(page)
    assert all(values) and values[0] == "2"


# ---------------------------------------------------------------------------------------------
# Keyboard

def test_keyboard_only(app):
    page = app.page
    load(page, EASY)
    page.locator("#board [tabindex='0']").focus()
    cell(page, 1, 1).focus()
    focused = "document.activeElement.getAttribute('aria-label')"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "Row 1, column 3: 3, given"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == "Row 2, column 2: empty"
    page.keyboard.press("4")
    expect(cell(page, 2, 2)).to_have_text("4")
    page.keyboard.press("Backspace")
    expect(cell(page, 2, 2)).to_have_text("")
    page.keyboard.press("7")
    page.keyboard.press("Delete")
    expect(cell(page, 2, 2)).to_have_text("")
    # Only one cell is in the tab order, so Tab leaves the grid.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('role')") != "gridcell"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(focused) == "Row 2, column 2: empty"


def test_digit_pad_sets_the_selected_cell(app):
    page = app.page
    load(page, EASY)
    cell(page, 1, 2).click()
    pad(page, 5).click()
    expect(cell(page, 1, 2)).to_have_text("5")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Row 1, column 2: 5"
    page.get_by_role("button", name="Erase", exact=True).click()  # the tool row's Erase (the pad has digits only)
    expect(cell(page, 1, 2)).to_have_text("")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Row 1, column 2: empty"


def test_typing_a_clash_marks_it(app):
    page = app.page
    load(page, EASY)
    cell(page, 1, 1).focus()
    page.keyboard.press("3")  # r1c3 already holds 3
    expect(page.locator("#details")).to_contain_text("both hold 3 in row 1")
    page.keyboard.press("Backspace")
    expect(page.locator("#board .cell.conflict")).to_have_count(0)


# ---------------------------------------------------------------------------------------------
# Cancel

def test_cancel_restarts_the_worker_and_keeps_the_grid(app):
    page = app.page
    load(page, EASY)
    before = cells(page)
    page.evaluate("""() => { window.cancelled = null;
        window.sudoku.engine.request('solve', {text: '.'.repeat(625), method: 'naive', node_limit: 1e9, limit: 1000})
            .then(() => { window.cancelled = 'finished'; }, e => { window.cancelled = e.kind; }); }""")
    expect(page.locator("#cancel")).to_be_visible()
    page.click("#cancel")
    page.wait_for_function("window.cancelled === 'cancelled'")
    app.wait_ready()
    assert cells(page) == before
    solve(page, "Solved")
    # A request with a timeout is cancelled the same way when it runs over (1,000 solutions of an empty
    # 25x25 by the naive search: its whole budget, about a second, where two solutions may come at once).
    kind = page.evaluate("""() => window.sudoku.engine
        .request('solve', {text: '.'.repeat(625), method: 'naive', node_limit: 1e9, limit: 1000}, {timeoutMs: 300})
        .then(() => 'finished', e => e.kind)""")
    assert kind == "timeout"
    app.wait_ready()
    solve(page, "Solved")


# ---------------------------------------------------------------------------------------------
# Share links, narrow screens, offline, origin

@pytest.fixture(scope="module")
def subpath_server(site, tmp_path_factory):
    """The same site served from a sub-path (``/games/sudoku/``) of another host root."""
    root = tmp_path_factory.mktemp("host")
    (root / "games").mkdir()
    (root / "games" / "sudoku").symlink_to(site, target_is_directory=True)
    srv, url = build.serve_in_thread(root)
    yield url + "games/sudoku/"
    srv.shutdown()
    srv.server_close()


def test_share_link_under_a_sub_path_loads_and_follows_the_puzzle(subpath_server, open_app):
    app = open_app(f"{subpath_server}#{EASY}", fresh=True)
    page = app.goto().wait_ready().page
    assert all(u.startswith(subpath_server) for u in app.requests), app.requests
    expect(page.locator("#message")).to_contain_text("from the link")
    assert "".join(c or "." for c in cells(page)) == EASY
    # A loaded puzzle is played (givens locked); editing its givens is "Enter your own puzzle".
    page.click("#mode-toggle")
    cell(page, 1, 1).focus()
    page.keyboard.press("4")
    expect(page).to_have_url(re.compile(r"#4\.3"))  # polled from here: no script evaluated under the page's CSP
    assert page.evaluate("location.hash") == "#4" + EASY[1:]
    # Editing the address's fragment loads that puzzle; one with HTML in it is data: nothing is injected.
    page.evaluate("location.hash = '%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E'")
    expect(page.locator("#message")).to_contain_text("Could not read")
    assert page.evaluate("window.pwned") is None and page.locator("img").count() == 0


def test_share_link_shows_its_givens_before_the_engine_is_ready(server, open_app):
    app = open_app(f"{server}index.html#{EASY}", fresh=True)
    held = []  # the worker's script, held back so that the engine is still loading
    app.context.route("**/worker-*.js", lambda route: held.append(route))
    page = app.goto().page
    expect(cell(page, 1, 3)).to_have_text("3")
    assert "".join(c or "." for c in cells(page)) == EASY
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "loading")
    # The player may begin at once; the engine's reading of the link, later, keeps what they did.
    cell(page, 1, 1).click()
    page.keyboard.press("4")
    expect(cell(page, 1, 1)).to_have_text("4")
    assert len(held) == 1
    held[0].continue_()
    app.wait_ready()
    expect(page.locator("#message")).to_contain_text("from the link")
    expect(cell(page, 1, 1)).to_have_text("4")
    expect(page.locator("#mode-badge")).to_have_text("Playing")


def test_share_link_edited_before_the_engine_is_ready_is_kept(server, open_app):
    app = open_app(f"{server}index.html#{EASY}", fresh=True)
    held = []
    app.context.route("**/worker-*.js", lambda route: held.append(route))
    page = app.goto().page
    expect(cell(page, 1, 3)).to_have_text("3")
    page.click("#mode-toggle")  # enter the puzzle: its givens can be changed
    cell(page, 1, 1).click()
    page.keyboard.press("4")
    expect(cell(page, 1, 1)).to_have_text("4")
    held[0].continue_()
    app.wait_ready()
    # The engine's later reading of the link does not undo the change.
    expect(page.locator("#message")).to_contain_text("your grid is kept")
    expect(cell(page, 1, 1)).to_have_text("4")
    assert page.evaluate("window.sudoku.game.givens[0]") == 4


def test_share_link_with_clashing_givens_opens_for_entering(server, open_app):
    clash = "55" + EASY[2:]
    page = open_app(f"{server}index.html#{clash}").goto().wait_ready().page
    expect(page.locator("#details")).to_contain_text("r1c1 and r1c2 both hold 5 in row 1")
    expect(page.locator("#mode-badge")).to_have_text("Entering a puzzle")


def test_narrow_screen(server, open_app):
    app = open_app(server + "index.html", viewport={"width": 360, "height": 740})
    page = app.goto().wait_ready().page
    load(page, SIXTEEN, "Loaded a 16×16")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways at 360 px ({width} px wide)"
    box = page.locator("#board").bounding_box()
    assert box["width"] <= 360


def test_offline_reload_with_the_server_stopped(browser, site, open_app):
    srv, url = build.serve_in_thread(site)
    try:
        app = open_app(url + "index.html", fresh=True)
        page = app.goto().page
        # The service worker has precached the whole site once it is ready.
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        app.wait_ready()
    finally:
        srv.shutdown()
        srv.server_close()
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(url + "index.html", timeout=5)
    page.reload()
    app.wait_ready()
    load(page, EASY)
    solve(page, "Solved")
    assert "".join(cells(page)) == EASY_SOLUTION


def test_engine_that_cannot_start_says_so(browser, site, tmp_path):
    broken = tmp_path / "site"
    shutil.copytree(site, broken)
    for archive in (broken / "py").iterdir():
        archive.unlink()
    srv, url = build.serve_in_thread(broken)
    app = App(browser, url + "index.html")
    try:
        page = app.goto().page
        expect(page.locator("#engine-status")).to_have_attribute("data-state", "failed", timeout=BOOT_TIMEOUT_MS)
        expect(page.locator("#message")).to_contain_text("The engine could not start")
        expect(page.locator("#board [role=gridcell]")).to_have_count(81)
    finally:
        app.close()
        srv.shutdown()
        srv.server_close()


def test_content_security_policy_is_strict(app):
    policy = app.page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
    sources = {word for word in policy.replace(";", " ").split() if word.startswith(("'", "http", "*", "data:"))}
    assert sources <= {"'self'", "'wasm-unsafe-eval'", "'none'"}, sources


def test_no_request_off_the_origin_and_no_console_errors(app):
    # Runs after the shared page has booted, imported, solved and cancelled.
    assert app.requests, "no requests were recorded at all"
    assert not app.off_origin()
    assert not app.errors
    resources = app.page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert all(u.startswith(app.base) for u in resources), resources
    assert app in LIVE
