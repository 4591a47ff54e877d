"""The lab says its real budget and why two methods agree (issue 29): the field asks 200,000 nodes, but the
engine's bridge holds a method to about a second's search per request (naive and DLX in plain order: 100,000
on a 9x9), so a row that stopped at that cap says it was its cap, below the budget asked, and the note names
each such cap; "DLX in plain order" and "Naive backtracking" show the same counts, and the note says why
(the same search tree). In English and in Chinese.
"""

from __future__ import annotations

import pytest
from e2e_support import shared_app
from playwright.sync_api import expect

from sudoku_core.bridge.lab import node_cap

pytestmark = pytest.mark.e2e

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# The first of the bundled 17-clue samples: naive backtracking needs far more than its cap.
SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
ASKED = 200_000


@pytest.fixture(scope="module")
def lab(origins, server):
    yield from shared_app(origins, server + "lab.html",
                          then=lambda app: expect(app.page.locator("#message")).to_have_attribute("data-kind", "ok"))


def compare(page, puzzle: str, loaded: str) -> None:
    page.fill("#puzzle-text", puzzle)
    page.click("#load")
    expect(page.locator("#message")).to_contain_text(loaded)
    page.fill("#node-limit", str(ASKED))
    page.click("#compare-run")
    expect(page.locator("#compare-table")).to_have_attribute("data-state", "done", timeout=180_000)


def figures(page, method: str) -> list[str]:
    return page.locator(f"#compare-table tr[data-method='{method}'] td").all_text_contents()


def test_a_capped_method_says_its_cap_and_the_same_tree_is_explained(lab):
    page = lab.page
    cap = node_cap("naive", 9, ASKED)
    assert cap < ASKED and node_cap("dlx-plain", 9, ASKED) == cap  # the engine's own caps, not a guess
    expect(page.locator("#budget-cap")).to_contain_text("about a second of the engine's time")
    compare(page, SEVENTEEN, "Loaded a 9×9 puzzle")
    naive = figures(page, "naive")
    assert naive[0] == f"gave up after {cap:,} nodes (its cap per request, below the {ASKED:,} asked)", naive
    assert figures(page, "dlx-plain")[0] == naive[0]
    note = page.locator("#compare-note")
    expect(note).to_contain_text(f"The budget was {ASKED:,} nodes, but one request searches at most about a "
                                 f"second's worth with each method: Naive backtracking stopped at its cap of {cap:,}")
    expect(note).to_contain_text("Naive backtracking and DLX in plain order show the same counts, and rightly so")
    # A method that finished under the budget asked is not said to be capped.
    assert "cap" not in figures(page, "fewest")[0]


def test_in_chinese_the_same_tree_is_explained_and_nothing_is_capped_on_an_easy_puzzle(lab):
    page = lab.page
    page.select_option("#language", "zh-CN")
    compare(page, EASY, "已载入")
    assert figures(page, "naive")[2:6] == figures(page, "dlx-plain")[2:6]  # nodes, placements, branch points, guesses
    note = page.locator("#compare-note")
    expect(note).to_contain_text("“朴素回溯”与“DLX，按原始顺序选约束”的计数完全相同")
    expect(note).not_to_contain_text("上限")
    expect(page.locator("#budget-cap")).to_contain_text("引擎约一秒钟")
    page.select_option("#language", "en")
    expect(note).to_contain_text("Naive backtracking and DLX in plain order show the same counts")
