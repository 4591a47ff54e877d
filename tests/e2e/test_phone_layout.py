"""One screen on a phone (issue 29): at 320x568, 390x844 and 430x932 upright and 844x390 on its side, the
board, the status line, the tool row and the pad are on the screen together with nothing scrolled, every
target 44 px or more, and a conflict's message is seen where it is said; More opens the other tools on a
sheet that leaves the whole board in sight and closes cleanly (Close, Escape, a tap outside, a one-off
action), the focus back on More. Tablets (768x1024, 820x1180, 1024x768, 1180x820) show every tool with a
large board and nothing scrolled; the desktop keeps its side panel.
Until the engine is ready the status line says what it is loading, and a Hint pressed meanwhile says it
comes once the engine is ready. Installing: the browser's offer behind an Install button, a tip on iOS
Safari, and a maskable icon whose board keeps inside the safe zone.

The accessibility of these layouts in every theme is checked with the rest, in test_a11y.py (its VARIANTS).
"""

from __future__ import annotations

import json
import struct
import time
import zlib

import pytest
from e2e_support import BOOT_TIMEOUT_MS, fresh_origin_fixtures
from play_support import EASY, at, open_game, open_more, pad, until, wait_truth
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

# Each app opens in a context kept for its options (a tab of the asked size), on an origin
# cleared first (e2e_support.FreshOrigin); the engine's wait, which holds the site's requests, is a first
# visit's (the service worker would answer them).
open_app = fresh_origin_fixtures(every_option_set=True)

PHONES = {"320x568": (320, 568), "390x844": (390, 844), "430x932": (430, 932), "844x390": (844, 390),
          "568x320": (568, 320)}
#: What a player needs at once: the board, the status line, the one tool row (its buttons too) and the pad.
ONE_SCREEN = ("#board", "#status-line", ".tools", "#undo", "#erase", "#notes-mode", "#hint", "#more", "#pad")
SMALL_TARGETS = """() => [...document.querySelectorAll('.board-area button')]
    .filter(b => b.getClientRects().length)
    .map(b => { const r = b.getBoundingClientRect();
        const name = b.id || b.getAttribute('aria-label') || b.textContent.trim();
        return [name, Math.round(r.width), Math.round(r.height)]; })
    .filter(([, w, h]) => w < 44 || h < 44)"""


def phone(width: int, height: int) -> dict:
    return dict(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)


def on_screen(page, selector: str, width: int, height: int) -> dict:
    """The box of ``selector``, asserted to lie wholly inside the viewport."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, (selector, box)
    return box


def seen(page, selector: str, width: int, height: int) -> None:
    """``selector``'s first line is on the screen and not scrolled out of the status line that holds it."""
    box = on_screen(page, selector, width, height)
    line = on_screen(page, "#status-line", width, height)
    top = box["y"] + min(box["height"], 18)
    assert line["y"] <= box["y"] and top <= line["y"] + line["height"], (selector, box, line)


def not_scrolled(page, width: int) -> None:
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", list(PHONES))
def test_board_status_line_tools_and_pad_share_one_screen(server, open_app, size):
    width, height = PHONES[size]
    _app, page = open_game(open_app, server, **phone(width, height))
    wait_truth(page)
    not_scrolled(page, width)
    boxes = {sel: on_screen(page, sel, width, height) for sel in ONE_SCREEN}
    board, status, tools, pad_box = boxes["#board"], boxes["#status-line"], boxes[".tools"], boxes["#pad"]
    if width < height:  # upright: one column, in this order
        assert board["y"] + board["height"] <= status["y"] <= tools["y"] <= pad_box["y"], boxes
        assert board["width"] >= min(width - 16, 240), board
    else:  # on its side: the board at the left, the rest beside it
        assert board["x"] + board["width"] <= min(status["x"], tools["x"], pad_box["x"]), boxes
        assert board["height"] >= height - 80, board
    assert page.evaluate(SMALL_TARGETS) == []
    # The rest of the tools are one tap away, and the tool row holds only its five.
    assert page.locator(".tools button").evaluate_all("bs => bs.map(b => b.id)") == [
        "undo", "erase", "notes-mode", "hint", "more"]
    expect(page.locator("#redo")).to_be_hidden()

    # A digit that repeats one in its row: the conflict is said on the status line, on the screen.
    at(page, 1, 1).tap()
    pad(page, 3).tap()  # r1c3 holds a given 3
    expect(page.locator("#message")).to_have_text("These digits break the rules:")
    expect(page.locator("#details")).to_contain_text("r1c1 and r1c3 both hold 3 in row 1")
    seen(page, "#message", width, height)
    seen(page, "#details li", width, height)
    not_scrolled(page, width)
    page.locator("#erase").tap()  # Erase clears the selected cell
    expect(at(page, 1, 1)).to_have_text("")

    # A hint takes the same line: its words replace the message there, on the screen.
    page.locator("#hint").tap()
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    expect(page.locator("#message")).to_be_hidden()
    status = on_screen(page, "#status-line", width, height)
    text = page.locator("#hint-text").bounding_box()  # a long text scrolls inside the line: its start is seen
    assert status["y"] <= text["y"] and text["y"] + min(text["height"], 20) <= status["y"] + status["height"], (
        text, status)
    not_scrolled(page, width)
    at(page, 1, 1).tap()
    pad(page, 3).tap()  # the grid changed: the hint goes, and the new message is back on the line
    expect(page.locator("#hint-text")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("These digits break the rules:")
    on_screen(page, "#message", width, height)

    # More: the other tools on a sheet over the status line, tool row and pad, every one 44 px or more,
    # the whole board still in sight beside or above it.
    sheet = open_sheet(page, width, height)
    assert page.evaluate(SMALL_TARGETS) == []
    board = on_screen(page, "#board", width, height)
    if width < height:
        assert sheet["y"] >= board["y"] + board["height"] and sheet["y"] + sheet["height"] <= height + 0.5, sheet
    else:
        assert sheet["x"] >= board["x"] + board["width"] and sheet["x"] + sheet["width"] <= width + 0.5, sheet
    not_scrolled(page, width)
    # Its own Close button, Escape and a tap outside it close it; the first two give the focus back to More.
    page.locator("#more-close").tap()
    closed_to_more(page)
    open_sheet(page, width, height)
    page.keyboard.press("Escape")
    closed_to_more(page)
    open_sheet(page, width, height)
    at(page, 9, 9).tap()  # a tap on the board: the sheet goes, the cell is chosen
    expect(page.locator("#more-panel")).to_be_hidden()
    expect(at(page, 9, 9)).to_be_focused()
    # A one-off action closes it first, so its result is seen on the status line.
    open_sheet(page, width, height)
    page.locator("#auto-notes").tap()
    until(page, "window.sudoku.game.notes.some(Boolean)")
    closed_to_more(page)
    seen(page, "#message", width, height)
    on_screen(page, "#pad", width, height)
    not_scrolled(page, width)


def open_sheet(page, width: int, height: int) -> dict:
    """Open More on a phone: the sheet's box, on the screen, its tools shown and the focus on its Close."""
    page.locator("#more").tap()
    expect(page.locator("#more")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#more-panel")).to_have_attribute("role", "dialog")
    for sel in ("#more-close", "#redo", "#auto-notes", "#digit-first", ".swatch", "#restart", "#rewind",
                "#mode-toggle", "#all-steps"):
        expect(page.locator(sel).first).to_be_visible()
    expect(page.locator("#more-close")).to_be_focused()
    return on_screen(page, "#more-panel", width, height)


def closed_to_more(page) -> None:
    expect(page.locator("#more-panel")).to_be_hidden()
    expect(page.locator("#more")).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#more")).to_be_focused()


TABLETS = ((768, 1024), (820, 1180), (1024, 768), (1180, 820))


def test_a_tablet_shows_a_large_board_with_every_tool_and_no_scrolling(server, open_app):
    """Upright, the board, status line, tool row and pad stacked; on its side, the tools beside the
    board; either way no More (every tool is shown), nothing scrolled, the board most of the short side,
    and axe-core clean (its CSP bypassed, as in test_a11y)."""
    from a11y_support import audit

    _app, page = open_game(open_app, server, viewport={"width": 768, "height": 1024}, has_touch=True,
                           bypass_csp=True)
    at(page, 1, 1).tap()
    pad(page, 3).tap()  # a conflict's message on the status line
    expect(page.locator("#details")).to_contain_text("r1c1 and r1c3 both hold 3 in row 1")
    for width, height in TABLETS:
        page.set_viewport_size({"width": width, "height": height})
        not_scrolled(page, width)
        boxes = {sel: on_screen(page, sel, width, height) for sel in (*ONE_SCREEN[:5], "#hint", "#pad", "#message")}
        board, status, tools, pad_box = boxes["#board"], boxes["#status-line"], boxes[".tools"], boxes["#pad"]
        expect(page.locator("#more")).to_be_hidden()
        expect(page.locator("#redo")).to_be_visible()
        assert board["width"] >= 0.8 * min(width, height) - 80, (width, height, board)
        if width < height:
            assert board["y"] + board["height"] <= status["y"] <= tools["y"] <= pad_box["y"], boxes
        else:
            assert board["x"] + board["width"] <= min(status["x"], tools["x"], pad_box["x"]), boxes
            assert status["y"] <= tools["y"] <= pad_box["y"] <= board["y"] + board["height"], boxes
        assert page.evaluate(SMALL_TARGETS) == []
        assert audit(page) == [], (width, height)


def test_the_desktop_keeps_its_side_panel_and_every_tool_in_sight(server, open_app):
    width, height = 1280, 800
    _app, page = open_game(open_app, server, viewport={"width": width, "height": height})
    board = on_screen(page, "#board", width, height)
    panel = page.locator(".panel").bounding_box()
    assert panel["x"] >= board["x"] + board["width"] and panel["y"] < board["y"] + board["height"], (panel, board)
    expect(page.locator("#more")).to_be_hidden()
    for sel in ("#redo", "#auto-notes", ".swatch", "#restart", "#all-steps"):
        expect(page.locator(sel).first).to_be_visible()
    for sel in ("#status-line", ".tools", "#pad"):
        on_screen(page, sel, width, height)
    at(page, 1, 1).click()
    page.keyboard.press("3")
    expect(page.locator("#details")).to_contain_text("r1c1 and r1c3 both hold 3 in row 1")
    on_screen(page, "#message", width, height)


def hold(app, pattern: str) -> list:
    """Hold every request matching ``pattern`` until ``release``: the engine's boot waits for it."""
    held: list = []
    app.context.route(pattern, lambda route: held.append(route))
    return held


def release(app, pattern: str, held: list) -> None:
    # The page says what it loads before its worker asks for it: wait until the request is held (the
    # route's callback runs while Playwright waits), then let it through.
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while not held:
        assert time.monotonic() < deadline, f"nothing asked for {pattern}"
        app.page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    app.context.unroute(pattern)


def test_the_wait_for_the_engine_is_told_and_an_early_hint_comes_when_it_is_ready(server, open_app):
    app = open_app(server + "index.html#" + EASY, locale="en-US", fresh=True, **phone(390, 844))
    wasm = hold(app, "**/pyodide.asm.wasm")
    archive = hold(app, "**/py/sudoku_core-*.zip")
    page = app.goto().page
    wait = page.locator("#engine-wait")
    expect(wait).to_contain_text("Loading Python, step 1 of 2")
    on_screen(page, "#engine-wait", 390, 844)
    expect(page.locator("html")).not_to_have_attribute("data-ready", "")
    release(app, "**/pyodide.asm.wasm", wasm)
    expect(wait).to_contain_text("Loading the engine, step 2 of 2", timeout=BOOT_TIMEOUT_MS)
    # The grid takes digits meanwhile; a Hint says it will come once the engine is ready.
    at(page, 1, 1).tap()
    pad(page, 4).tap()
    expect(at(page, 1, 1)).to_have_text("4")
    page.locator("#hint").tap()
    expect(wait).to_contain_text("Your hint will come as soon as the engine is ready.")
    expect(page.locator("#hint-text")).to_have_text("Thinking…")
    release(app, "**/py/sudoku_core-*.zip", archive)
    app.wait_ready()
    expect(wait).to_be_hidden()
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")  # the hint, answered
    expect(page.locator("#hint-text")).not_to_have_text("Thinking…")


def test_the_wait_is_told_in_chinese(server, open_app):
    app = open_app(server + "index.html#" + EASY, locale="zh-CN", fresh=True, **phone(390, 844))
    archive = hold(app, "**/py/sudoku_core-*.zip")
    page = app.goto().page
    expect(page.locator("#engine-wait")).to_contain_text("正在加载引擎，第 2 步，共 2 步", timeout=BOOT_TIMEOUT_MS)
    page.locator("#hint").tap()
    expect(page.locator("#engine-wait")).to_contain_text("引擎一就绪，就给出你的提示。")
    release(app, "**/py/sudoku_core-*.zip", archive)
    app.wait_ready()
    expect(page.locator("#engine-wait")).to_be_hidden()


OFFER = """() => { window.__prompted = 0;
    const offer = new Event('beforeinstallprompt', {cancelable: true});
    offer.prompt = () => { window.__prompted += 1; return Promise.resolve(); };
    offer.userChoice = Promise.resolve({outcome: 'accepted'});
    window.dispatchEvent(offer);
    return offer.defaultPrevented; }"""


def test_install_button_asks_the_browser_s_offer_once(server, open_app):
    _app, page = open_game(open_app, server, **phone(390, 844))
    open_more(page)
    expect(page.locator("#install")).to_be_hidden()  # no offer yet, and not iOS: nothing to show
    assert page.evaluate(OFFER) is True  # the page keeps the offer for its own button
    expect(page.locator("#install-app")).to_have_text("Install the app")
    expect(page.locator("#install-app")).to_be_visible()
    page.locator("#install-app").tap()
    assert page.evaluate("window.__prompted") == 1
    expect(page.locator("#install")).to_be_hidden()  # an offer is asked once
    assert page.evaluate(SMALL_TARGETS) == []


IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.5 Mobile/15E148 Safari/604.1")
IPHONE_CHROME = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                 "CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1")


@pytest.mark.parametrize("locale, tip", [("en-US", "To install: tap Share, then “Add to Home Screen”."),
                                         ("zh-CN", "安装方法：点“分享”，再点“添加到主屏幕”。")])
def test_ios_safari_gets_the_add_to_home_screen_tip(server, open_app, locale, tip):
    app = open_app(server + "index.html#" + EASY, locale=locale, user_agent=IPHONE, **phone(390, 844))
    page = app.goto().page
    page.locator("#more").tap()
    expect(page.locator("#install-ios")).to_have_text(tip)
    expect(page.locator("#install-app")).to_be_hidden()
    other = open_app(server + "index.html#" + EASY, locale=locale, user_agent=IPHONE_CHROME, **phone(390, 844))
    page = other.goto().page
    page.locator("#more").tap()
    expect(page.locator("#install")).to_be_hidden()  # Chrome on iOS: not Safari's Share sheet


def png_pixels(data: bytes) -> tuple[int, list[list[tuple[int, int, int]]]]:
    """Decode one of build.py's PNGs (8-bit RGB, filter 0 on every row): its size and rows of pixels."""
    width, height = struct.unpack(">II", data[16:24])
    raw = zlib.decompress(data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8])
    rows = []
    stride = 1 + 3 * width
    for y in range(height):
        row = raw[y * stride:(y + 1) * stride]
        assert row[0] == 0
        rows.append([tuple(row[1 + 3 * x:4 + 3 * x]) for x in range(width)])
    return width, rows


def test_the_maskable_icon_keeps_the_board_inside_the_safe_zone(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    by_purpose: dict[str, list[str]] = {}
    for icon in manifest["icons"]:
        by_purpose.setdefault(icon["purpose"], []).append(icon["src"])
    assert sorted(by_purpose) == ["any", "maskable"]
    assert len(by_purpose["maskable"]) == 2 and set(by_purpose["maskable"]).isdisjoint(by_purpose["any"])
    blue = (31, 78, 140)
    for src in by_purpose["maskable"]:
        size, rows = png_pixels((site / src).read_bytes())
        board = [(x, y) for y, row in enumerate(rows) for x, p in enumerate(row) if p != blue]
        assert board, src
        centre = (size - 1) / 2
        # The safe zone: the centred circle of radius 0.4 of the icon (https://w3c.github.io/manifest/#icon-masks).
        far = max(((x - centre) ** 2 + (y - centre) ** 2) ** 0.5 for x, y in board) / size
        assert far <= 0.4, (src, far)
        assert far >= 0.35, (src, far)  # and it still fills the zone
    # The plain icon's board reaches past the safe zone: that is why the maskable one is separate.
    size, rows = png_pixels((site / by_purpose["any"][0]).read_bytes())
    centre = (size - 1) / 2
    assert rows[size // 8][size // 8] != blue and ((size // 8 - centre) ** 2 * 2) ** 0.5 / size > 0.4
    assert (site / "icons" / "apple-touch-icon.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
