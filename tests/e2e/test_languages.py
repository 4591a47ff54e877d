"""Every language of the catalogues (sudoku_core/locales/) on the page: the switch lists each by its own
name, the game page shows its words and the engine's hint in it at every level, the Learn page its lesson,
the lab its own words (loaded on the lab alone); a browser asking for the language opens in it, and the
old name of Chinese still reads. Adding a catalogue adds it here with no change to this file."""

from __future__ import annotations

import pytest
from e2e_support import fresh_origin_fixtures, shared_app
from play_support import open_study, set_language
from playwright.sync_api import expect

from sudoku_core import locales, parse
from sudoku_core.hint import next_hint

pytestmark = pytest.mark.e2e

# A browser in a language is a context kept for that language, its origin cleared first
# (e2e_support.FreshOrigin); the words that fail to come are routed on a first visit with no service worker.
open_app = fresh_origin_fixtures(every_option_set=True)

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
LANGS = locales.languages()


@pytest.fixture(scope="module")
def app(origins, server):
    yield from shared_app(origins, server + "index.html#" + EASY)


def test_the_switch_lists_every_catalogue_by_its_own_name(app):
    page = app.page
    open_study(page)
    options = page.locator("#language option").evaluate_all("os => os.map(o => [o.value, o.textContent, o.lang])")
    assert options == [[tag, locales.catalogue(tag)["meta"]["name"], tag] for tag in LANGS]


def test_the_game_page_and_its_hints_speak_every_language_at_every_level(app):
    """A hint at each level, said in every language in turn: the page's words and the engine's, redrawn at
    each switch."""
    page = app.page
    hint = next_hint(parse(EASY), langs=LANGS)
    try:
        for level in "012":
            page.click("#hint")
            expect(page.locator("#hint-text")).to_have_attribute("data-level", level)
            for lang in LANGS:
                words = locales.section(lang, "page")
                set_language(page, lang)
                expect(page.locator("#hint")).to_have_text(words["hints.hint"])
                expect(page.locator("#new-game")).to_have_text(words["newgame.newGame"])
                assert page.title() == words["app.title"]
                expect(page.locator("#hint-text")).to_have_text(hint["messages"][level]["text"][lang])
    finally:
        set_language(page, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_browser_in_the_language_opens_the_lab_and_a_lesson_in_it(open_app, server, lang):
    primary = lang.split("-")[0]  # "de-AT" finds "de", "zh-TW" finds "zh-CN"
    locale = f"{primary}-XX" if lang != "en" else "en-US"
    lab = open_app(server + "lab.html", locale=locale).goto().wait_ready().page
    assert lab.evaluate("document.documentElement.lang") == lang
    assert lab.title() == locales.section(lang, "lab")["lab.title"]
    expect(lab.locator("#compare-run")).to_have_text(locales.section(lang, "lab")["lab.compare.run"])
    # The lesson in the same browser (its cache spares the engine's second download and compile), which
    # has saved no language: the Learn page too opens in the browser's.
    assert lab.evaluate("localStorage.getItem('sudoku.lang.v1')") is None
    learn = open_app(server + "learn.html#x_wing", context=lab.context).goto().page
    expect(learn.locator("#lesson")).to_have_attribute("data-technique", "x_wing")
    expect(learn.locator("#lesson-name")).to_have_text(locales.section(lang, "technique")["x_wing"])


def test_the_old_name_of_chinese_still_reads(open_app, server):
    app = open_app(server + "index.html", locale="en-US")
    page = app.goto().wait_ready().page
    page.evaluate("() => localStorage.setItem('sudoku.lang.v1', 'zh')")
    page.reload()
    app.wait_ready()
    assert page.evaluate("document.documentElement.lang") == "zh-CN"


def test_words_that_cannot_be_fetched_leave_the_page_working_in_english(open_app, server):
    """Offline before the service worker has a language's words (or on a flaky network), the page must
    still start, in English, and a switch to that language must leave the page and the saved choice as
    they were. (The page used to wait for the chosen language's words before any of its modules ran.)"""
    # No service worker: it would serve the words from its cache, past the route that fails them.
    app = open_app(server + "index.html#" + EASY, locale="en-US", service_workers="block",
                   fresh=True)
    page = app.goto().wait_ready().page
    page.route("**/js/words/page-de-*.js", lambda route: route.abort())
    page.evaluate("() => localStorage.setItem('sudoku.lang.v1', 'de')")
    page.reload()
    app.wait_ready()
    assert page.evaluate("document.documentElement.lang") == "en"
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    expect(page.locator("#hint-text")).to_have_text(next_hint(parse(EASY), langs=["en"])["messages"]["0"]["text"]["en"])
    open_study(page)
    page.select_option("#language", "de")
    expect(page.locator("#language")).to_have_value("en")  # back: the German words did not come
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("localStorage.getItem('sudoku.lang.v1')") == "en"
    failed = [e for e in app.errors if "net::ERR_FAILED" in e]  # the German words, failed by the route
    assert failed
    app.errors[:] = [e for e in app.errors if e not in failed]

