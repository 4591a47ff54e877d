"""The lab in both languages (issues 15 and 20): every text it shows, writes or names for a screen
reader comes from the page's translation table, so the Chinese lab holds no English sentence; it opens
in the language chosen on the game's page and switches with its own control, redrawing what the
sections wrote (tables, charts, replay, matrix, batch) without losing a figure.
"""

from __future__ import annotations

import re

import pytest
from e2e_support import ARTIFACTS, App
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Three Latin words in a row ("gave up after", "Press Play or Step") make an English sentence; names
# that stay as they are in Chinese (DLX, CSV, Python 3.14, r1c2, Project Euler 96) are one or two.
SENTENCE = re.compile(r"[A-Za-z]{2,}(?:[ ,'’]+[A-Za-z]{2,}){2,}")

# Everything the lab shows or names: its text, and every name, title, placeholder and option label.
TEXTS = """() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('*')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'label']) {
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    if (el.tagName === 'OPTION' || el.tagName === 'title') out.push(el.textContent);
  }
  for (const el of document.querySelectorAll('#message, #watch-event, #batch-progress-text')) out.push(el.textContent);
  return out;
}"""


def english_sentences(page) -> list[str]:
    return sorted({m.group(0) for text in page.evaluate(TEXTS) for m in SENTENCE.finditer(text)})


def exercise(page) -> None:
    """Every section once: compare, a replay of each kind, a cell's matrix, a batch with a bad line."""
    page.fill("#puzzle-text", SEVENTEEN)
    page.click("#load")
    expect(page.locator("#message")).to_have_attribute("data-kind", "ok")
    page.fill("#node-limit", "20000")
    page.click("#compare-run")
    expect(page.locator("#compare-table")).to_have_attribute("data-state", "done")
    for method in ("locked", "dlx-fewest"):
        page.select_option("#watch-method", method)
        page.click("#watch-record")
        expect(page.locator("#watch-play")).to_be_enabled()
        for _ in range(4):
            page.click("#watch-step")
    page.locator("#watch-board [data-cell='1']").click()
    expect(page.locator("#matrix-table")).to_have_attribute("data-cell", "1")
    page.select_option("#batch-set", "paste")
    page.fill("#batch-text", f"{EASY}\n12345\n{SEVENTEEN}")
    page.click("#batch-run")
    expect(page.locator("#batch-table")).to_have_attribute("data-state", "done")


@pytest.fixture
def lab_app(browser, server):
    apps = []

    def make(**options) -> App:
        app = App(browser, server + "lab.html", **options)
        apps.append(app)
        return app

    yield make
    for app in apps:
        errors, off = app.errors, app.off_origin()
        app.close()
        assert not errors, errors
        assert not off, off


def test_the_chinese_lab_holds_no_english_sentence(lab_app):
    app = lab_app(locale="zh-CN").goto().wait_ready()
    page = app.page
    expect(page.locator("#message")).to_have_attribute("data-kind", "ok")
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert page.title() == "算法实验室 · 数独"
    expect(page.locator("#message")).to_contain_text("已载入 9×9 谜题")
    exercise(page)
    expect(page.locator("#batch-progress-text")).to_contain_text("跳过 1 行")
    expect(page.locator("#compare-table tbody tr[data-method=dlx-fewest] td").first).to_have_text("唯一解")
    expect(page.locator("#watch-event")).not_to_be_empty()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-zh.png"), full_page=True)
    assert english_sentences(page) == []


def test_the_lab_follows_the_game_s_language_and_switches_in_place(lab_app, server):
    # No service worker: once it has cached the words it serves them itself, and page.route (which holds the
    # Chinese words below) never sees the request (a helper's run met the Chinese page already there).
    app = lab_app(locale="en-US", service_workers="block")
    page = app.goto(server + "index.html").wait_ready().page
    page.locator("details.settings summary").click()
    # The choice holds even when the lab is opened before the game page has the new words: the first
    # request for them is held (the CI machine, loaded, once opened the lab in English).
    held: list = []
    page.route("**/js/words/page-zh-CN-*.js",
               lambda route: held.append(route) if not held else route.continue_())
    page.select_option("#language", "zh-CN")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # its words are not here yet
    page.goto(app.url)
    assert held, "the game page did not ask for the Chinese words"
    expect(page.locator("h1")).to_have_text("算法实验室")
    expect(page.locator("#language")).to_have_value("zh-CN")
    expect(page.locator("#message")).to_have_attribute("data-kind", "ok")
    page.select_option("#language", "en")
    exercise(page)
    english = {
        "#compare-table tbody tr[data-method=dlx-fewest] td": "unique solution",
        "#compare-note": "DLX with fewest options first branches",
        "#matrix-caption": "r1c2",
        "#batch-progress-text": "1 line skipped",
        "#watch-play": "Play",
    }
    for selector, text in english.items():
        expect(page.locator(selector).first).to_contain_text(text)
    figures = page.locator("#compare-table tbody").inner_text()
    replay = page.locator("#watch-seek").input_value()
    page.select_option("#language", "zh-CN")
    expect(page.locator("#compare-table tbody tr[data-method=dlx-fewest] td").first).to_have_text("唯一解")
    expect(page.locator("#compare-note")).to_contain_text("DLX 总在")
    expect(page.locator("#batch-progress-text")).to_contain_text("跳过 1 行")
    expect(page.locator("#watch-play")).to_have_text("播放")
    cell = page.locator("#watch-board [data-cell='1']")
    expect(cell).to_have_attribute("aria-label", re.compile("^第 1 行，第 2 列"))
    assert english_sentences(page) == []
    # The figures and the place in the replay are the same ones, in other words.
    assert re.findall(r"[\d,.]+", page.locator("#compare-table tbody").inner_text()) == re.findall(r"[\d,.]+", figures)
    assert page.locator("#watch-seek").input_value() == replay
    # And the choice holds on the game's page.
    page.click("#back-link")
    expect(page.locator("#new-game")).to_have_text("新游戏…")
