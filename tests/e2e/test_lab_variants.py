"""The algorithm lab on variants in Chromium (issue 21, part 7): a Jigsaw and a Killer read from their text
forms, compared by the methods that take them (they agree; the backtracking rungs say why they do not take
a Killer), the exact-cover matrix with the extra columns named, a Killer cage's combination options, and a
recorded DLX search of a Killer replayed to its solution. Nothing may log an error or leave the origin.
"""

from __future__ import annotations

import re

import pytest
from e2e_support import shared_app
from playwright.sync_api import expect

from sudoku_core.grid import cage_combinations
from sudoku_core.lab_samples import SAMPLES

pytestmark = pytest.mark.e2e

X, WINDOKU, JIGSAW, KILLER = SAMPLES["variants"][1]
BACKTRACKING = ["naive", "fewest", "naked", "hidden", "locked"]


@pytest.fixture(scope="module")
def lab(origins, server):
    yield from shared_app(origins, server + "lab.html",
                          then=lambda app: expect(app.page.locator("#message")).to_have_attribute("data-kind", "ok"))


def load(page, puzzle: str, variant: str) -> None:
    page.fill("#puzzle-text", puzzle)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text(f"Loaded a 9×9 {variant} puzzle")
    expect(page.locator("#puzzle-text")).to_have_value(puzzle)  # the variant's own form, kept in the link
    assert page.evaluate("decodeURIComponent(location.hash.slice(1))") == puzzle


def compare(page, budget: int) -> dict[str, dict]:
    page.fill("#node-limit", str(budget))
    page.click("#compare-run")
    expect(page.locator("#compare-table")).to_have_attribute("data-state", "done")
    return {r["method"]: r for r in page.evaluate("window.lab.compare.rows")}


def solutions_of(rows: dict[str, dict]) -> set[tuple[int, ...]]:
    return {tuple(r["solution"]) for r in rows.values() if r["status"] == "unique"}


def test_a_jigsaw_is_compared_by_every_family_and_its_matrix_names_the_regions(lab):
    page = lab.page
    load(page, JIGSAW, "Jigsaw")
    board = page.locator("#watch-board")
    expect(board).to_have_attribute("data-variant", "jigsaw")
    # Region borders, not box borders: r2c4 | r2c5 is a region edge (AAAA|CC), r2c3 | r2c4 is none.
    assert "box-right" in board.locator("[data-cell='12']").get_attribute("class")
    assert "box-right" not in board.locator("[data-cell='11']").get_attribute("class")
    rows = compare(page, 300000)
    for method in ("fewest", "naked", "hidden", "locked", "dlx-fewest"):
        assert rows[method]["status"] == "unique" and rows[method]["wrong"] == 0, rows[method]
    assert len(solutions_of(rows)) == 1  # backtracking and DLX agree
    page.locator("#watch-board [data-cell='1']").click()
    table = page.locator("#matrix-table")
    expect(table).to_have_attribute("data-cell", "1")
    heads = table.locator("thead th").all_text_contents()
    assert heads[3:] == ["Cell constraint", "Row constraint", "Column constraint", "Region constraint"]
    expect(page.locator("#matrix-layout")).to_contain_text("243–323: region k holds digit d (Jigsaw) (81 columns)")
    expect(table.locator("tbody tr").first.locator("td").nth(5)).to_contain_text("region 1 holds")
    expect(page.locator("#matrix-cage")).to_be_hidden()


def test_an_x_matrix_shows_the_diagonal_columns(lab):
    page = lab.page
    load(page, X, "X")
    expect(page.locator("#watch-board .cell.diag")).to_have_count(17)
    page.locator("#watch-board [data-cell='40']").click()  # the centre: on both diagonals
    table = page.locator("#matrix-table")
    expect(table).to_have_attribute("data-cell", "40")
    heads = table.locator("thead th").all_text_contents()
    assert heads[-2:] == ["Diagonal constraint", "Diagonal constraint"]
    expect(page.locator("#matrix-layout")).to_contain_text("324–341: diagonal k holds digit d (X) (18 columns)")
    open_row = table.locator("tbody tr[data-state='open']").first
    expect(open_row.locator("td").nth(6)).to_contain_text("diagonal 1 holds")
    expect(open_row.locator("td").nth(7)).to_contain_text("diagonal 2 holds")


def test_a_killer_is_compared_and_its_cages_enter_the_matrix_as_combination_options(lab):
    page = lab.page
    load(page, KILLER, "Killer")
    board = page.locator("#watch-board")
    expect(board.locator(".cell[data-cage]")).to_have_count(81)
    expect(board.locator(".cage-sum")).to_have_count(33)
    expect(board.locator("[data-cell='0'] .cage-sum")).to_have_attribute("data-sum", "18")
    expect(board.locator("[data-cell='9']")).to_have_attribute("aria-label", re.compile(r", cage 1, sum 18$"))
    rows = compare(page, 200000)
    table = page.locator("#compare-table")
    for method in BACKTRACKING:
        assert rows[method]["status"] == "unsupported" and rows[method]["nodes"] is None
        expect(table.locator(f"tr[data-method='{method}'] td").first).to_have_text(
            "not for a Killer: checks houses, not cage sums")
    assert rows["dlx-fewest"]["status"] == "unique" and rows["dlx-fewest"]["wrong"] == 0
    expect(page.locator("#compare-note")).to_contain_text("the DLX rungs do, because its cages are options")
    # The production backtracker (cage-sum masks) agrees with DLX's cover, through the lab's own compare.
    (backtrack,) = page.evaluate(
        "window.lab.engine.request('compare', {...window.lab.lab.payload(), methods: ['backtrack']})")["rows"]
    assert backtrack["status"] == "unique" and backtrack["solution"] == rows["dlx-fewest"]["solution"]
    # The matrix of r1c1, in cage 1 (sum 18 over r1c1, r2c1, r3c1): five columns per option, the cage's last.
    page.locator("#watch-board [data-cell='0']").click()
    matrix = page.locator("#matrix-table")
    expect(matrix).to_have_attribute("data-cell", "0")
    assert matrix.locator("thead th").all_text_contents()[-1] == "Cage constraint"
    expect(matrix.locator("tbody tr[data-digit='4'] td").nth(6)).to_contain_text("cage 1 (sum 18) accounts for 4")
    expect(page.locator("#matrix-layout")).to_contain_text(
        "324–653: cage q takes one digit combination, and digit d is accounted for in cage q (Killer) (330 columns)")
    cage = page.locator("#matrix-cage")
    expect(cage).to_be_visible()
    combos = cage_combinations(3, 18, 9)
    expect(page.locator("#matrix-cage-caption")).to_contain_text(
        f"Cage 1 (sum 18, 3 cells from r1c1) has {len(combos)} combination options")
    expect(cage.locator("tbody tr")).to_have_count(len(combos))
    first = cage.locator("tbody tr").first
    expect(first.locator("td").nth(2)).to_contain_text("cage 1 (sum 18) takes one digit combination")
    # The two-cell cage of sum 2 is a one-cell cage: digits other than 2 have no option at all.
    one = next(cells[0] for total, cells in _cages(KILLER) if total == 2)
    page.locator(f"#watch-board [data-cell='{one}']").click()
    expect(matrix).to_have_attribute("data-cell", str(one))
    expect(matrix.locator("tbody tr[data-state='absent']")).to_have_count(8)
    expect(matrix.locator("tbody tr[data-digit='1'] td").nth(1)).to_contain_text("not in the matrix: no combination")


def test_a_recorded_dlx_search_of_a_killer_takes_combinations_and_ends_in_the_solution(lab):
    page = lab.page
    load(page, KILLER, "Killer")
    page.select_option("#watch-method", "dlx-fewest")
    page.click("#watch-record")
    expect(page.locator("#watch-play")).to_be_enabled()
    events = page.evaluate("window.lab.watch.replay.events")
    first = next(i for i, ev in enumerate(events) if ev[0] == "try" and ev[1] < 0)
    page.evaluate(f"window.lab.watch.seek({first + 1})")
    expect(page.locator("#watch-event")).to_contain_text("Take the combination")
    page.click("#watch-end")
    expect(page.locator("#watch-event")).to_contain_text("A solution")
    solution = page.evaluate("window.lab.watch.replay.grid().digits")
    assert solution == page.evaluate("window.lab.engine.request('trace', {...window.lab.lab.payload(), method: 'dlx'})"
                                     ".then((t) => t.solution)")
    # A backtracking rung says why it records nothing for a Killer.
    page.select_option("#watch-method", "locked")
    page.click("#watch-record")
    expect(page.locator("#message")).to_contain_text("check houses only, not cage sums")


def test_the_killer_matrix_in_chinese(lab):
    page = lab.page
    load(page, KILLER, "Killer")
    page.locator("#watch-board [data-cell='0']").click()
    expect(page.locator("#matrix-table")).to_have_attribute("data-cell", "0")
    page.select_option("#language", "zh-CN")
    try:
        expect(page.locator("#matrix-table thead th").last).to_have_text("笼子约束")
        expect(page.locator("#matrix-cage-caption")).to_contain_text("第 1 个笼子（和为 18，从 r1c1 起共 3 格）")
        expect(page.locator("#matrix-layout")).to_contain_text("第 q 个笼子取一种数字组合")
    finally:
        page.select_option("#language", "en")


def _cages(text: str) -> list[tuple[int, tuple[int, ...]]]:
    from sudoku_core import parse

    return list(parse(text).geometry.cages)


def test_a_batch_of_the_variant_samples_says_which_puzzles_a_method_cannot_take(lab):
    page = lab.page
    page.fill("#node-limit", "200000")
    page.select_option("#batch-set", "variants")
    for box in page.locator("input[name=batch-method]").all():
        box.set_checked(box.get_attribute("value") in ("locked", "dlx-fewest"))
    page.click("#batch-run")
    expect(page.locator("#batch-table")).to_have_attribute("data-state", "done")
    locked = page.locator("#batch-table tr[data-method='locked'] td")
    expect(locked.first).to_have_text("3 (+1 Killer: not for this method)")
    dlx = page.locator("#batch-table tr[data-method='dlx-fewest'] td").all_text_contents()
    assert dlx[0] == "4" and dlx[7] == "4" and dlx[9] == "0"  # puzzles, solved, wrong
