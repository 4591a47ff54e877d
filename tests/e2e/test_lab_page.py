"""The algorithm lab page in Chromium: the compare table and its SVG chart, the replay of a recorded
search (it ends in the solution), the matrix of a cell, a batch with progress, CSV exports, cancel,
and the main page's link that carries the puzzle over. Nothing may log an error or leave the origin.

One booted lab page is shared by the tests of this module (each loads its own puzzle first); the
cancel test runs last on it, since cancelling restarts the engine (and waiting for a second boot
would double the time of the module).
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from e2e_support import asset, shared_app
from play_support import open_study
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# The first of the bundled 17-clue samples: DLX needs about a thousand nodes, naive far more.
SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
COMPARE_COLUMNS = ["method", "status", "solutions", "ms", "nodes", "placements", "branch_points", "guesses",
                   "eliminations", "updates", "max_depth", "node_limit"]
BATCH_COLUMNS = ["method", "puzzles", "median_ms", "p90_ms", "max_ms", "median_nodes", "max_nodes",
                 "median_branch_points", "solved", "gave_up", "no_solution", "multiple", "wrong", "node_limit"]
LADDER = ["naive", "fewest", "naked", "hidden", "locked", "dlx-plain", "dlx-fewest"]
# The table's figures after the result, as the engine's rows name them.
FIGURES = ["ms", "nodes", "placements", "branch_points", "guesses", "eliminations", "updates", "max_depth", "solutions"]


@pytest.fixture(scope="module")
def lab(origins, server):
    yield from shared_app(origins, server + "lab.html",
                          then=lambda app: expect(app.page.locator("#message")).to_have_attribute("data-kind", "ok"))


def load(page, puzzle: str) -> None:
    page.fill("#puzzle-text", puzzle)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text("Loaded a 9×9 puzzle")
    expect(page.locator("#puzzle-text")).to_have_value(puzzle)


def compare(page, budget: int) -> None:
    page.fill("#node-limit", str(budget))
    page.click("#compare-run")
    expect(page.locator("#compare-table")).to_have_attribute("data-state", "done")


def test_compare_table_and_chart(lab):
    page = lab.page
    load(page, EASY)
    compare(page, 200000)
    rows = page.locator("#compare-table tbody tr")
    expect(rows).to_have_count(7)
    assert [rows.nth(i).get_attribute("data-method") for i in range(7)] == LADDER
    # Every figure but the time is the engine's own, counted the same way for every rung.
    from sudoku_core import lab as engine_lab

    engine_rows = engine_lab.compare(EASY)
    for i, row in enumerate(engine_rows):
        cells = rows.nth(i).locator("td").all_text_contents()
        assert cells[0] == "unique solution" and cells[-1] == "1", cells
        for key, text in zip(FIGURES[1:], cells[2:], strict=True):
            assert text == ("–" if row[key] is None else f"{row[key]:,}"), (row["method"], key, text)
    updates = f"{engine_rows[-1]['updates']:,}"
    # The chart: one SVG per figure, a bar per method, each chart with a text alternative.
    charts = page.locator("#compare-chart svg[role=img]")
    expect(charts).to_have_count(6)
    for i in range(6):
        assert charts.nth(i).locator("g.chart-bar").count() == 7
        assert charts.nth(i).get_attribute("aria-label")
    assert f"DLX {updates}" in charts.nth(4).get_attribute("aria-label")
    assert page.locator("#compare-chart .gave-up").count() == 0
    # The note reads the ladder off this run: every rung's branch points.
    expect(page.locator("#compare-note")).to_contain_text("Branch points, rung by rung: Naive backtracking")
    # The same figures as CSV, with the columns of `python -m sudoku_core compare --csv`.
    with page.expect_download() as info:
        page.click("#compare-csv")
    parsed = list(csv.DictReader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert list(parsed[0]) == COMPARE_COLUMNS
    assert [r["method"] for r in parsed] == LADDER
    assert [r["updates"] for r in parsed] == ["", "", "", "", ""] + [str(r["updates"]) for r in engine_rows[5:]]
    assert {r["status"] for r in parsed} == {"unique"}


def test_a_method_that_gave_up_says_so(lab):
    page = lab.page
    load(page, SEVENTEEN)
    compare(page, 3000)
    naive = page.locator("#compare-table tbody tr[data-method=naive]")
    expect(naive.locator("td").first).to_have_text("gave up after 3,000 nodes (budget 3,000)")
    expect(naive).to_have_attribute("data-status", "gave_up")
    expect(page.locator("#compare-table tbody tr[data-method=dlx-fewest] td").first).to_have_text("unique solution")
    # Its bars are marked and labelled as floors, not as its cost.
    assert page.locator("#compare-chart g.gave-up[data-method=naive]").count() == 4
    expect(page.locator("#compare-chart svg").nth(0)).to_contain_text("(gave up)")
    expect(page.locator("#compare-note")).to_contain_text("Naive backtracking at least")
    expect(page.locator("#message")).to_contain_text("gave up at the node budget")


def test_watch_replays_the_dlx_search_to_the_solution(lab):
    page = lab.page
    load(page, EASY)
    page.select_option("#watch-method", "dlx-fewest")
    page.click("#watch-record")
    board = page.locator("#watch-board")
    expect(page.locator("#watch-play")).to_be_enabled()
    expect(board).to_have_attribute("data-step", "0")
    page.click("#watch-step")
    expect(board).to_have_attribute("data-step", "1")
    expect(page.locator("#watch-event")).to_contain_text("Choose column")
    page.click("#watch-step")
    expect(page.locator("#watch-event")).to_contain_text("Try r")
    expect(page.locator("[data-counter=placements]")).to_have_text("1")
    page.click("#watch-back")
    expect(board).to_have_attribute("data-step", "1")
    expect(page.locator("[data-counter=placements]")).to_have_text("0")
    # Play at the fastest speed until the replay ends by itself.
    page.locator("#watch-speed").evaluate("s => { s.value = '12'; s.dispatchEvent(new Event('input')); }")
    page.click("#watch-play")
    expect(board).to_have_attribute("data-done", "true")
    expect(page.locator("#watch-play")).to_have_text("Play")
    expect(page.locator("#watch-event")).to_contain_text("A solution")
    expect(page.locator("[data-counter=solutions]")).to_have_text("1")
    from sudoku_core import solve

    stats = solve(EASY, method="dlx-fewest", limit=1, node_limit=200000).stats
    for counter, key in (("placements", "placements"), ("branch-points", "branch_points"), ("guesses", "guesses")):
        expect(page.locator(f"[data-counter={counter}]")).to_have_text(f"{stats[key]:,}")
    digits = "".join(board.locator(".cell .digit").all_text_contents())
    assert digits == EASY_SOLUTION
    # Back to the start: only the givens.
    page.click("#watch-start")
    expect(board).to_have_attribute("data-step", "0")
    assert "".join(d or "." for d in board.locator(".cell .digit").all_text_contents()) == EASY


@pytest.mark.parametrize("method", ["locked", "hidden", "naive"])
def test_watch_replays_a_backtracking_search_to_the_solution(lab, method):
    page = lab.page
    load(page, EASY)
    page.select_option("#watch-method", method)
    page.click("#watch-record")
    board = page.locator("#watch-board")
    expect(board).to_have_attribute("data-method", method)
    expect(board).to_have_attribute("data-step", "0")
    page.click("#watch-end")
    expect(board).to_have_attribute("data-done", "true")
    expect(page.locator("[data-counter=solutions]")).to_have_text("1")
    # The replay's counts are the engine's, named as in the table (one solution: the trace counts to one).
    from sudoku_core import solve

    stats = solve(EASY, method=method, limit=1, node_limit=200000).stats
    for counter, key in (("placements", "placements"), ("branch-points", "branch_points"), ("guesses", "guesses")):
        expect(page.locator(f"[data-counter={counter}]")).to_have_text(f"{stats[key]:,}")
    assert "".join(board.locator(".cell .digit").all_text_contents()) == EASY_SOLUTION
    page.click("#watch-start")
    page.click("#watch-step")
    # With rules, the first event is one forced placement and its rule; the naive search's is its first
    # cell in reading order.
    first = "Next cell in reading order: r1c1" if method == "naive" else re.compile("(Naked|Hidden) single: r")
    expect(page.locator("#watch-event")).to_contain_text(first)
    if method != "naive":
        expect(page.locator("[data-counter=forced]")).to_have_text("1")


def test_matrix_of_a_selected_cell(lab):
    page = lab.page
    load(page, EASY)
    # "Why is DLX fast?", from this puzzle's live matrix: columns by options left, the first step.
    why = page.locator("#matrix-why")
    expect(why).to_contain_text("Options left → columns: 1 → 22")
    expect(why).to_contain_text("Knuth's rule takes the column with the fewest options")
    expect(why).to_contain_text("forced move")
    page.locator("#watch-board [data-cell='0']").click()
    table = page.locator("#matrix-table")
    expect(table).to_have_attribute("data-cell", "0")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(9)
    four = table.locator("tbody tr[data-digit='4']")
    expect(four).to_have_attribute("data-state", "open")
    cells = four.locator("td").all_text_contents()
    assert cells[0].startswith("#3 (r1c1 = 4)")
    assert cells[2].startswith("0 r1c1 holds a digit") and cells[3].startswith("84 row 1 holds 4")
    assert cells[4].startswith("165 column 1 holds 4") and cells[5].startswith("246 box 1 holds 4")
    expect(table.locator("tbody tr[data-digit='3']")).to_have_attribute("data-state", "removed")
    expect(table.locator("tbody tr[data-digit='3'] td").nth(1)).to_contain_text("covered by r1c3 = 3")
    expect(page.locator("#matrix-caption")).to_contain_text("r1c1: 9 options")
    # The keyboard selects too: right arrow, then Enter.
    page.locator("#watch-board [data-cell='0']").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-cell", "1")


def test_batch_progress_table_chart_and_csv(lab):
    page = lab.page
    page.fill("#node-limit", "200000")
    page.select_option("#batch-set", "easy")
    batched = ["locked", "dlx-fewest"]
    for method in LADDER:
        if method not in batched:
            page.locator(f"input[name=batch-method][value='{method}']").uncheck()
    page.click("#batch-run")
    expect(page.locator("#batch-table")).to_have_attribute("data-state", "done")
    expect(page.locator("#batch-progress-text")).to_contain_text("Done: 24 puzzles")
    assert page.locator("#batch-progress").evaluate("p => [p.value, p.max]") == [24, 24]
    rows = page.locator("#batch-table tbody tr")
    expect(rows).to_have_count(2)
    for i in range(2):
        cells = rows.nth(i).locator("td").all_text_contents()
        assert cells[0] == "24" and cells[7] == "24" and cells[9] == "0", cells  # puzzles, solved, wrong
    expect(page.locator("#batch-chart svg[role=img]")).to_have_count(4)
    with page.expect_download() as info:
        page.click("#batch-csv")
    download = info.value
    assert download.suggested_filename == "sudoku-lab-batch.csv"
    parsed = list(csv.DictReader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"))))
    assert list(parsed[0]) == BATCH_COLUMNS
    assert [r["method"] for r in parsed] == batched
    # The counts are the ones `sudoku-core compare --set easy --summary` prints (only times differ).
    from sudoku_core import lab as engine_lab

    engine_rows = engine_lab.batch(engine_lab.sample_sets()["easy"]["puzzles"], batched, 200000)
    for r, e in zip(parsed, engine_rows, strict=True):
        for key in ("median_nodes", "max_nodes", "median_branch_points", "solved", "gave_up"):
            assert float(r[key]) == e[key], (r["method"], key)
    for r in parsed:
        assert r["puzzles"] == "24" and r["solved"] == "24" and r["wrong"] == "0" and r["node_limit"] == "200000"
        assert 0 <= float(r["median_ms"]) <= float(r["p90_ms"]) <= float(r["max_ms"])
        assert float(r["median_branch_points"]) >= 0
    for method in LADDER:
        page.locator(f"input[name=batch-method][value='{method}']").check()


def test_page_figures_match_the_engine_summary(lab):
    """The page merges batch chunks itself: its quantiles and summary rows are the engine's."""
    from sudoku_core import lab as engine_lab

    parts = [[{"method": "dlx", "times_ms": [1.0, 4.0], "nodes": [10, 40], "statuses": {"unique": 2}, "wrong": 0},
              {"method": "locked", "times_ms": [1.0], "nodes": [5], "branch_points": [3], "statuses": {"unique": 1},
               "wrong": 0}],
             [{"method": "dlx", "times_ms": [2.0, 3.0, 10.0], "nodes": [20, 30, 100],
               "statuses": {"unique": 1, "gave_up": 2}, "wrong": 1},
              {"method": "locked", "times_ms": [2.0, 5.0], "nodes": [8, 2], "branch_points": [4, 0],
               "statuses": {"unique": 2}, "wrong": 0}]]
    page_rows = lab.page.evaluate("""async ([parts, url]) => {
        const stats = await import(url);
        const merged = new Map();
        for (const part of parts) stats.mergeParts(merged, part);
        return stats.summarize(merged, 99);
    }""", [parts, asset(lab.page, "js/lab/stats.js")])
    assert page_rows == engine_lab.summarize(engine_lab.merge_parts(parts), 99)


def test_section_links_scroll_and_keep_the_puzzle(lab):
    page = lab.page
    load(page, EASY)
    page.get_by_role("link", name="Batch", exact=True).click()
    expect(page.locator("#batch-title")).to_be_focused()
    assert page.evaluate("decodeURIComponent(location.hash.slice(1))") == EASY
    expect(page.locator("#message")).to_have_attribute("data-kind", "ok")
    back = page.locator("#back-link")
    back.focus()
    expect(back).to_have_attribute("href", f"index.html#{quote(EASY)}")


def test_cancel_stops_a_comparison_and_a_batch(lab):
    page = lab.page
    load(page, SEVENTEEN)
    # The naive method under a budget of millions of nodes takes many seconds: cancel it.
    page.fill("#node-limit", "5000000")
    page.click("#compare-run")
    naive = page.locator("#compare-table tbody tr[data-method=naive] td").first
    expect(naive).to_have_text("running…")
    page.click("#cancel")
    expect(page.locator("#compare-table")).to_have_attribute("data-state", "stopped")
    expect(naive).to_have_text("cancelled")
    expect(page.locator("#message")).to_contain_text("cancelled")
    # A batch stops the same way (here while the engine is still restarting from the cancel above).
    page.select_option("#batch-set", "hardest")
    page.click("#batch-run")
    expect(page.locator("#batch-cancel")).to_be_visible()
    page.click("#batch-cancel")
    expect(page.locator("#batch-table")).to_have_attribute("data-state", "cancelled")
    expect(page.locator("#batch-progress-text")).to_contain_text("Cancelled after 0 of 24 puzzles")
    expect(page.locator("#batch-run")).to_be_enabled()
    expect(page.locator("#batch-cancel")).to_be_hidden()
    # The engine is restarting (EngineClient's own tests cover that it answers again); the page says so.
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "loading")


def test_the_main_page_opens_the_lab_with_its_puzzle(server, open_app):
    app = open_app(server + f"index.html#{quote(EASY)}")
    page = app.goto().page
    expect(page.locator("#lab-link")).to_have_attribute("href", f"lab.html#{quote(EASY)}")
    open_study(page)  # the lab is a study tool: its link is in the study panel
    page.click("#lab-link")
    page.wait_for_url("**/lab.html#*")
    # The lab shows the puzzle at once, before its engine is up (the other tests cover what follows).
    expect(page.locator("#puzzle-text")).to_have_value(EASY)
