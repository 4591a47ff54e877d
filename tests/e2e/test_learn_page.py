"""The Learn page (issue 30): one page load walks every lesson by its address (learn.html#ID), in English and
in Chinese, and finds its name, its texts, a drawn example board stepped from the pattern to what it does,
and Practise; a lesson's Practise opens the game's page on a puzzle made for it, saved in My games, whose
hints prefer the technique; a hint's technique name links to its lesson; the lab's replay links the rules
it names to the same lessons."""

from __future__ import annotations

import re

import pytest
from e2e_support import BOOT_TIMEOUT_MS, fresh_origin_fixtures
from play_support import EASY, set_language
from playwright.sync_api import expect

import build
from sudoku_core import locales

pytestmark = pytest.mark.e2e

# Each page opens in a context kept for its options, on an origin cleared first (e2e_support.FreshOrigin):
# no saved game or practice, as on a first visit.
open_app = fresh_origin_fixtures(locale="en-US")

#: What a lesson shows, read in one call (the walk is 158 lessons long).
FACTS = """() => {
  const $ = (s) => document.querySelector(s);
  const svg = $('#lesson svg.reason');
  return {
    technique: $('#lesson').dataset.technique, name: $('#lesson-name')?.textContent,
    what: $('#lesson-what')?.textContent, why: $('#lesson-why')?.textContent,
    cells: document.querySelectorAll('#lesson-board [role=gridcell]').length,
    drawn: svg && svg.style.display !== 'none' ? svg.dataset.technique : null,
    marks: svg ? svg.querySelectorAll('.rs-elim, .rs-place').length : 0,
    stepText: $('#lesson-step-text')?.textContent, step: $('.learn-example')?.dataset.step,
    practise: $('#practise-link')?.getAttribute('href'), practiseText: $('#practise-text')?.textContent,
    current: $('#learn-index a[aria-current=page]')?.dataset.technique,
    cages: document.querySelectorAll('#lesson-board .cage-layer path').length,
    source: $('#lesson .learn-example .learn-source')?.textContent,
    counterCells: document.querySelectorAll('#counter-board [role=gridcell]').length,
    counterDrawn: $('#counter-board + svg.reason')?.dataset.technique || null,
    counterText: $('#counter-text')?.textContent || null,
    words: document.body.innerText,
  };
}"""

#: Open a lesson by its address and, once the page shows it, read what it shows: one round trip (the walk
#: makes 158), waiting in the page (as play_support.until does) for a minute at most.
OPEN = f"""async id => {{
  location.hash = id;
  const started = performance.now();
  while (document.querySelector('#lesson').dataset.technique !== id && performance.now() - started < 60000) {{
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }}
  return ({FACTS})();
}}"""

#: Latin words the Chinese page keeps: names of programs and puzzle sets, which have no Chinese name, the
#: language switch's "English" (each language named in itself) and "Sue de Coq" (its inventor's forum name).
PROPER = {"HoDoKu", "magictour", "Sudoku", "Exchange", "QQWing", "Sue", "Coq"} | {
    # and each language by its own name, in the language switch ("English", "Deutsch", "Español")
    w for tag in locales.languages() for w in re.findall(r"[A-Za-z]{3,}", locales.catalogue(tag)["meta"]["name"])}


def english_words(text: str) -> set[str]:
    """Words of three or more Latin letters with a small letter (cell names like r4c1, and the capitals of
    technique names like XY or ALS, are not words) that are not proper names."""
    return {w for w in re.findall(r"[A-Za-z]{3,}", text) if re.search(r"[a-z]", w)} - PROPER


def test_every_lesson_has_its_name_texts_a_drawn_example_and_practise_in_both_languages(server, open_app):
    app = open_app(server + "learn.html", locale="en-US")
    page = app.goto().wait_ready().page
    data = build.lesson_data()  # every lesson with its words in every language, as the build splits them
    ids = [t for g in data["groups"] for t in g["techniques"]]
    assert len(ids) == len(set(ids)) == 79
    expect(page.locator("#learn-index a[data-technique]")).to_have_count(79)
    expect(page.locator("#learn-index h3")).to_have_count(12)
    for lang, locale in (("en", "en"), ("zh-CN", "zh-CN")):
        if locale != "en":
            page.select_option("#language", locale)
            expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
        for tid in ids:
            lesson = data["lessons"][tid]
            facts = page.evaluate(OPEN, tid)
            assert facts["technique"] == tid, (tid, facts)
            assert facts["name"] == lesson["name"][lang], tid
            assert facts["what"] == lesson["what"][lang] and facts["why"] == lesson["why"][lang], tid
            assert facts["cells"] == 81 and facts["drawn"] == tid and facts["step"] == "pattern", (tid, facts)
            assert facts["current"] == tid
            assert facts["practise"] == f"index.html?practise={tid}" and facts["practiseText"], tid
            assert facts["stepText"].startswith(lesson["example"]["where"][lang]), tid
            if lesson["example"].get("variant") == "killer":
                assert facts["cages"] == len(lesson["example"]["cages"]), tid  # a Killer's lesson on a Killer
            page.click("#step-result")  # step 2: what it removes or places
            facts = page.evaluate(FACTS)
            assert facts["step"] == "result" and facts["marks"] > 0, (tid, facts)
            assert facts["stepText"] == lesson["example"]["text"][lang], tid
            if not lesson["ladder"]:  # off the ladder: it says so
                expect(page.locator("#lesson-off-ladder")).to_be_visible()
            if "instead" in lesson["practice"]:  # it says what Practise trains instead
                instead = data["lessons"][lesson["practice"]["instead"]]["name"][lang]
                assert instead in facts["practiseText"], tid
            credit = lesson["example"]["credit"][lang]
            assert facts["source"] and credit in facts["source"], (tid, facts["source"])
            counter = lesson.get("counter")
            if counter:  # the second example, where the pattern is not there
                assert facts["counterCells"] == 81 and facts["counterDrawn"] == tid, (tid, facts)
                assert facts["counterText"] == counter["text"][lang], tid
            else:
                assert facts["counterCells"] == 0, tid
            if lang == "zh-CN":  # every text of the page in Chinese: no English word left
                assert not english_words(facts["words"]), (tid, english_words(facts["words"]))
    assert sum(1 for t in ids if data["lessons"][t].get("counter")) >= 5
    page.evaluate("() => { location.hash = 'no_such_technique'; }")
    expect(page.locator("#learn-status")).to_contain_text("no_such_technique")
    assert not app.errors, app.errors
    assert not app.off_origin(), app.off_origin()


def test_the_index_links_open_lessons_and_the_pager_walks_them(server, open_app):
    app = open_app(server + "learn.html#x_wing", locale="en-US")
    page = app.goto().wait_ready().page
    expect(page.locator("#lesson-name")).to_have_text("X-Wing")
    page.locator("#learn-index a[data-technique='skyscraper']").click()
    expect(page.locator("#lesson-name")).to_have_text("Skyscraper")
    expect(page.locator("#lesson-name")).to_be_focused()
    assert page.url.endswith("learn.html#skyscraper")
    page.locator(".learn-pager a[rel=next]").click()
    expect(page.locator("#lesson-name")).to_have_text("2-String Kite")
    page.go_back()
    expect(page.locator("#lesson-name")).to_have_text("Skyscraper")
    expect(page.locator("#back-link")).to_have_attribute("href", "index.html")


@pytest.mark.parametrize(("tid", "check"), [("skyscraper", "hardest"), ("hidden_single", "path"),
                                           ("cage_split", "shipped")])
def test_practise_opens_a_saved_game_whose_path_uses_the_technique_and_whose_hints_prefer_it(
        server, open_app, tid, check):
    app = open_app(server + f"learn.html#{tid}", locale="en-US")
    page = app.goto().wait_ready().page
    shipped = page.evaluate(
        "id => fetch('data/lessons.json').then(r => r.json()).then(d => d.lessons[id].practice.puzzles)", tid)
    assert bool(shipped) == (check == "shipped")
    page.click("#practise-link")
    page.wait_for_url("**/index.html**")
    if shipped:  # one of the puzzles found for it ahead of time, at once
        page.wait_for_function("id => Object.values(JSON.parse(localStorage.getItem('sudoku.practice.v1') || '{}'))"
                               ".includes(id)", arg=tid, timeout=BOOT_TIMEOUT_MS)
        expect(page.locator("#newgame-dialog")).to_be_hidden()
        assert page.evaluate("window.sudoku.game.variant") == "killer"
    else:
        # The dialog shows the making of it, with Cancel, then the game loads and the query is gone.
        expect(page.locator("#newgame-dialog")).to_be_visible()
        expect(page.locator("#ng-cancel")).to_be_visible()
        expect(page.locator("#newgame-dialog")).to_be_hidden(timeout=BOOT_TIMEOUT_MS)
    assert "practise=" not in page.url
    line = page.evaluate("window.sudoku.game.shareLine()")
    assert page.evaluate("JSON.parse(localStorage.getItem('sudoku.practice.v1'))")[line] == tid
    assert page.evaluate("window.sudoku.hints.payload().prefer") == tid
    rated = page.evaluate("() => window.sudoku.engine.request('steps', window.sudoku.game.payload())")
    assert tid in {s["technique"] for s in rated["steps"]}
    if check == "hardest":
        assert rated["hardest"] == tid
    # Saved in My games like any other.
    assert any(g["puzzle"] == line for g in page.evaluate("window.sudoku.library.list()"))
    assert not app.errors, app.errors


def test_practise_can_be_cancelled_and_the_game_stays(server, open_app):
    app = open_app(server + "index.html#" + EASY, locale="en-US")
    page = app.goto().wait_ready().page
    before = page.evaluate("window.sudoku.game.shareLine()")
    page.goto(server + "index.html?practise=death_blossom#" + EASY)
    expect(page.locator("#ng-cancel")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.click("#ng-cancel")
    expect(page.locator("#ng-status")).to_contain_text("cancelled")
    page.click("#ng-close")
    assert page.evaluate("window.sudoku.game.shareLine()") == before
    assert page.evaluate("localStorage.getItem('sudoku.practice.v1')") is None


def test_a_hint_names_its_technique_with_a_link_to_the_lesson_and_back(server, open_app):
    app = open_app(server + "index.html#" + EASY, locale="en-US")
    page = app.goto().wait_ready().page
    link = page.locator("#hint-lesson")
    expect(link).to_be_hidden()
    page.click("#hint")  # "Hint 1 of 3" names the technique already: its lesson is a click away
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    expect(link).to_be_visible()
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "1")
    expect(link).to_be_visible()
    technique = page.evaluate("window.sudoku.hints.hint.technique")
    expect(link).to_have_attribute("href", f"learn.html#{technique}")
    name = page.evaluate("window.sudoku.hints.hint.name.en")
    expect(link).to_have_text(f"Lesson: {name}")
    set_language(page, "zh-CN")
    expect(link).to_contain_text("课程")
    set_language(page, "en")
    link.click()
    expect(page.locator("#lesson-name")).to_have_text(name, timeout=BOOT_TIMEOUT_MS)
    page.click("#back-link")
    expect(page.locator("#hint")).to_be_visible()


def test_the_lab_replay_links_its_rules_to_the_same_lessons(server, open_app):
    app = open_app(server + "lab.html#" + EASY, locale="en-US")
    page = app.goto().page
    expect(page.locator("#learn-link")).to_have_attribute("href", "learn.html")
    expect(page.locator("#message")).to_have_attribute("data-kind", "ok", timeout=BOOT_TIMEOUT_MS)
    page.select_option("#watch-method", "naked")
    page.click("#watch-record")
    expect(page.locator("#watch-play")).to_be_enabled()
    lesson = page.locator("#watch-lesson a")
    for _ in range(30):  # the rungs' first forced digit, a naked single here
        page.click("#watch-step")
        if page.evaluate("!document.querySelector('#watch-lesson').hidden"):
            break
    expect(page.locator("#watch-event")).to_contain_text("Naked single")
    expect(lesson).to_have_attribute("href", "learn.html#naked_single")
    expect(lesson).to_have_text("Lesson: Naked Single")
    lesson.click()
    expect(page.locator("#lesson-name")).to_have_text("Naked Single", timeout=BOOT_TIMEOUT_MS)
