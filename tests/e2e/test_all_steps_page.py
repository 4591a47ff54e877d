"""Every step at the player's position on the page (issue 16): "All steps here" in the hint panel runs the
engine's all_steps_job with a progress line and Cancel, lists the steps by technique (Franken, Mutant and
Kraken fish too, marked as beyond the rating), draws a chosen step with the hint overlay, works by keyboard,
never touches the game, drops a stale answer, and stays legible and axe-clean at 390 px, dark, in Chinese."""

from __future__ import annotations

import re

import pytest
from a11y_support import audit, axe_app, by_variant
from e2e_support import ARTIFACTS
from hint_support import check_drawn
from play_support import at, open_game, open_more, set_language, settle, state, until, wait_truth
from playwright.sync_api import expect

from sudoku_core.hint import all_steps

pytestmark = pytest.mark.e2e

# tests/test_all_steps.py's puzzle: once r3c4=4 is entered, Franken, Mutant and Kraken fish are among the steps.
PUZZLE = "..4...3...9.27.54..6......291.6.5..7.....4.3.3..19..5.6...4...........93.7..5...."
FIRST = (21, 4)  # r3c4=4, the puzzle's first hidden single
# forum_hardest: its forcing nets take seconds in the browser, long enough to cancel mid-run.
HARDEST = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
SHOTS = ARTIFACTS  # in the repository (git-ignored), as the other tests' screenshots


def enter_first(page) -> None:
    at(page, 3, 4).click()
    page.keyboard.press(str(FIRST[1]))
    until(page, f"window.sudoku.game.entries[{FIRST[0]}] === {FIRST[1]}")


def logic_hint(page) -> None:
    for level in range(3):
        page.click("#hint")
        expect(page.locator("#hint-text")).to_have_attribute("data-level", str(level))
    expect(page.locator("#hint-text")).to_have_attribute("data-status", "step")


def list_all(page) -> None:
    page.click("#all-steps")
    expect(page.locator("#all-info")).to_contain_text("steps by", timeout=120_000)


def test_the_fish_off_the_ladder_are_listed_drawn_and_the_game_is_untouched(server, open_app):
    app, page = open_game(open_app, server, PUZZLE, viewport={"width": 1280, "height": 1000})
    wait_truth(page)
    enter_first(page)
    logic_hint(page)
    before = state(page)
    list_all(page)
    entered = [0] * 81
    entered[FIRST[0]] = FIRST[1]
    want = all_steps(PUZZLE, entered, langs=("en",))
    groups = page.locator("#all-list details.all-group")
    expect(groups).to_have_count(len(want["groups"]))
    assert page.evaluate("[...document.querySelectorAll('#all-list details')].map(d => d.dataset.technique)") == [
        g["technique"] for g in want["groups"]]
    count = f"{want['count']}+" if want["more"] else f"{want['count']}"  # a technique stopped at the cap
    expect(page.locator("#all-info")).to_have_text(f"{count} steps by {len(want['groups'])} techniques at "
                                                   "this position. Choose one to see it on the grid.")
    capped = [g for g in want["groups"] if g["more"]]
    assert capped  # this position has more of some technique than the list shows
    for g in capped:
        group = page.locator(f"#all-list details[data-technique={g['technique']}]")
        expect(group.locator(".all-count")).to_have_text(f"{g['count']}+ steps")
        expect(group.locator(".all-more")).to_have_text(
            f"More not listed: the list stops at {g['count']} steps a technique")
    expect(page.locator("#all-list .all-more")).to_have_count(len(capped))
    for tech in ("franken_x_wing", "finned_mutant_swordfish", "kraken_fish_1"):
        group = page.locator(f"#all-list details[data-technique={tech}]")
        expect(group.locator(".all-off")).to_have_text("beyond the rating")
    expect(page.locator("#all-list details[data-technique=hidden_single] .all-off")).to_have_count(0)

    fish = page.locator("#all-list details[data-technique=franken_swordfish]")
    fish.locator("summary").click()
    want_fish = next(g for g in want["groups"] if g["technique"] == "franken_swordfish")
    expect(fish.locator("button.all-step")).to_have_count(len(want_fish["steps"]))
    fish.locator("button.all-step").first.click()
    expect(fish.locator("button.all-step").first).to_have_attribute("aria-pressed", "true")
    step = page.evaluate(
        "window.sudoku.hints.all.result.groups.find(g => g.technique === 'franken_swordfish').steps[0]")
    assert step["step"] == want_fish["steps"][0]["step"]
    check_drawn(page, step["step"])  # base and cover houses, fins, eliminations: part for part
    assert {h["kind"] for h in step["step"]["houses"] + step["step"]["cover"]} >= {"box"}
    expect(page.locator("#hint-text")).to_contain_text("Franken Swordfish: ")
    page.screenshot(path=str(SHOTS / "allsteps-1280-light-en.png"))

    # Keyboard: arrows walk the headings and the open group's steps, Enter chooses, Escape closes.
    fish.locator("summary").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.step") == "1"
    page.keyboard.press("Enter")
    expect(fish.locator("button.all-step").nth(1)).to_have_attribute("aria-pressed", "true")
    check_drawn(page, want_fish["steps"][1]["step"])
    # While a step of the list is drawn, the hint's place holds its words and Apply (the hint's own speak
    # of another step).
    expect(page.locator("#hint-text")).to_have_attribute("data-status", "entry")
    expect(page.locator("#hint-text")).to_contain_text(page.locator("#all-list button[aria-pressed=true]").inner_text())
    expect(page.locator("#hint-apply")).to_be_visible()
    assert page.evaluate("window.sudoku.hints.entry.step") == want_fish["steps"][1]["step"]
    page.keyboard.press("Escape")
    expect(page.locator("#all-steps-panel")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "all-steps"
    expect(page.locator("#all-steps")).to_have_attribute("aria-expanded", "false")
    # Closing the list gives the board back to the hint: its text, its Apply, its drawing.
    expect(page.locator("#hint-text")).to_be_visible()
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "2")
    expect(page.locator("#hint-apply")).to_be_visible()
    check_drawn(page, page.evaluate("window.sudoku.hints.hint.step"))
    assert state(page) == before  # no digit, note or undo step came from the list

    # A changed position drops the list: its steps were about the old one.
    list_all(page)
    page.keyboard.press("Escape")
    page.click("#all-steps")
    at(page, 1, 1).click()
    page.keyboard.press("5")
    expect(page.locator("#all-steps-panel")).to_be_hidden()
    settle(page)
    expect(page.locator("#all-steps-panel")).to_be_hidden()
    assert not app.errors, app.errors


def test_cancel_stops_the_search_mid_run_and_the_engine_answers_on(server, open_app):
    app, page = open_game(open_app, server, HARDEST)
    wait_truth(page)
    before = state(page)
    page.click("#all-steps")
    expect(page.locator("#all-info")).to_contain_text("(technique ", timeout=60_000)
    info = page.locator("#all-info").text_content()
    page.click("#all-cancel")
    listed = page.locator("#all-list details").count()  # the techniques searched before Cancel stay listed
    expect(page.locator("#all-info")).to_have_text("Stopped. Press “All steps here” to search again.")
    expect(page.locator("#all-cancel")).to_be_hidden()
    settle(page)  # the job was stopped at its next slice: nothing more is asked
    expect(page.locator("#all-list details")).to_have_count(listed)
    whole = [g["technique"] for g in all_steps(HARDEST, langs=("en",))["groups"]]
    shown = page.evaluate("[...document.querySelectorAll('#all-list details')].map(d => d.dataset.technique)")
    assert shown == whole[:len(shown)] and len(shown) < len(whole)
    expect(page.locator("#all-info")).to_contain_text("Stopped")
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    assert state(page) == before
    assert "steps so far" in info, info
    assert not app.errors, app.errors


@pytest.mark.parametrize("variant", by_variant(["phone"]))
def test_a_phone_in_the_dark_in_chinese_keeps_board_and_list_on_screen_and_axe_clean(origins, server, variant):
    with axe_app(origins, server + "index.html#" + PUZZLE, variant) as (app, _options, _contrast):
        page = app.page
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(app.url)
        app.wait_ready()
        settle(page)
        set_language(page, "zh-CN")
        page.evaluate("() => { document.getElementById('study').open = false; }")
        wait_truth(page)
        enter_first(page)
        page.click("#hint")
        open_more(page)  # All steps here is among the tools one tap away on a phone
        expect(page.locator("#all-steps")).to_have_text("此处所有步骤")
        page.click("#all-steps")
        expect(page.locator("#all-info")).to_contain_text("种技巧", timeout=120_000)
        fish = page.locator("#all-list details[data-technique=finned_franken_x_wing]")
        expect(fish.locator(".all-off")).to_have_text("超出评级")
        fish.locator("summary").click()
        fish.locator("button.all-step").first.click()
        expect(page.locator("#hint-text")).to_contain_text("鳍")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # The board, where the step is drawn, and the chosen step in the list are on screen together.
        board = page.locator("#board").bounding_box()
        chosen = fish.locator("button.all-step").first.bounding_box()
        assert board["width"] >= 340 and board["y"] >= 0 and board["y"] + board["height"] <= 844, board
        assert chosen["y"] >= board["y"] + board["height"] and chosen["y"] + 20 <= 844, chosen
        page.screenshot(path=str(SHOTS / "allsteps-390-dark-zh.png"))
        violations = audit(page)
        assert not violations, violations
        page.locator("#all-steps-panel").press("Escape")
        expect(page.locator("#all-steps-panel")).to_be_hidden()


def test_a_wrong_digit_is_said_instead_of_steps(server, open_app):
    app, page = open_game(open_app, server, PUZZLE)
    wait_truth(page)
    at(page, 3, 4).click()
    page.keyboard.press("8")  # r3c4 holds 4
    page.click("#all-steps")
    expect(page.locator("#all-info")).to_contain_text("should not be", timeout=60_000)
    expect(page.locator("#all-list details")).to_have_count(0)
    expect(at(page, 3, 4)).to_have_class(re.compile(r"\bhl-mistake\b"))
    page.click("#all-close")
    expect(at(page, 3, 4)).not_to_have_class(re.compile(r"\bhl-mistake\b"))
    assert page.evaluate("window.sudoku.game.entries[21]") == 8
    assert not app.errors, app.errors


def test_the_groups_are_listed_while_the_slower_techniques_are_searched(server, open_app):
    # Issue 33: the easy techniques come in the first slices; the list grows while the progress line names
    # the technique under way, and the last answer leaves an opened group open.
    app, page = open_game(open_app, server, HARDEST)
    wait_truth(page)
    page.evaluate("""() => {
      const list = document.querySelector('#all-list'), button = document.querySelector('#all-steps');
      window.__streamed = [];
      new MutationObserver(() => window.__streamed.push([list.querySelectorAll('details').length,
        button.getAttribute('aria-busy') === 'true'])).observe(list, { childList: true });
    }""")
    page.click("#all-steps")
    first = page.locator("#all-list details.all-group").first
    expect(first).to_be_attached(timeout=60_000)
    first.locator("summary").click()
    expect(page.locator("#all-info")).to_contain_text("steps by", timeout=120_000)
    want = all_steps(HARDEST, langs=("en",))
    expect(page.locator("#all-list details.all-group")).to_have_count(len(want["groups"]))
    assert page.evaluate("[...document.querySelectorAll('#all-list details')].map(d => d.dataset.technique)") == [
        g["technique"] for g in want["groups"]]
    streamed = page.evaluate("window.__streamed")
    assert any(n > 0 and busy for n, busy in streamed), streamed  # groups shown while the search ran on
    expect(first).to_have_attribute("open", "")
    assert not app.errors, app.errors
