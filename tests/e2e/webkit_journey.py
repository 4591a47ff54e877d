"""A core journey in WebKitGTK (Safari's engine, Debian's webkit2gtk-driver), driven by Selenium's
WebKitWebDriver (a newspaper photo read, played and hinted; a link, a hint, a digit, a paste, Solve, a new
game, offline, variant links); run under xvfb-run by tests/e2e/test_webkit.py. Prints one JSON line of facts.

Usage: xvfb-run -a python webkit_journey.py PUZZLE JIGSAW_LINE KILLER_LINE BASE_URL
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def until(driver, script: str, timeout: float = 180.0, poll: float = 0.1):
    """Evaluate ``script`` every ``poll`` seconds until it is truthy; its value, or TimeoutError."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return {script}")
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(script)
        time.sleep(poll)


# A phone photo of a newspaper Sudoku (tests/data/scan/README.md says whose).
PHOTO = Path(__file__).resolve().parents[1] / "data" / "scan" / "image1000.jpg"

# qqwing_easy, line 1 (tests/data/samples): a second puzzle, pasted into the import box.
MEDIUM = ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."


def main(base: str, puzzle: str, jigsaw: str, killer: str) -> dict:
    service = webdriver.WebKitGTKService(executable_path="/usr/bin/WebKitWebDriver")
    driver = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions(), service=service)
    facts: dict = {}
    try:
        started = time.monotonic()
        driver.get(base + "index.html")
        until(driver, "!!window.sudoku")
        facts["first"] = driver.execute_script("return window.sudoku.game.givenCount")
        until(driver, "document.documentElement.hasAttribute('data-ready')")
        facts["ready_s"] = round(time.monotonic() - started, 1)
        # A photo chosen on the reader's file input is read in the worker, played as read, and hinted.
        driver.find_element(By.ID, "scan-open").click()
        driver.find_element(By.ID, "scan-file").send_keys(str(PHOTO))
        until(driver, "['read', 'nogrid', 'failed'].includes(document.getElementById('scan-dialog').dataset.state)")
        facts["photo"] = driver.execute_script("""return {state: document.getElementById('scan-dialog').dataset.state,
            board: [...document.querySelectorAll('#scan-board input')].map(e => e.value || '.').join('')}""")
        driver.find_element(By.ID, "scan-play").click()
        until(driver, "/one solution/.test(document.getElementById('message').textContent)", 60)
        facts["photo"]["played"] = driver.execute_script("return window.sudoku.game.shareLine()")
        driver.find_element(By.ID, "hint").click()
        until(driver, "document.getElementById('hint-text').dataset.level === '0'", 60)
        facts["photo"]["hint"] = driver.find_element(By.ID, "hint-text").text
        # A link opens its puzzle.
        driver.execute_script("location.hash = arguments[0]", puzzle)
        until(driver, "/exactly one solution/.test(document.getElementById('message').textContent)")
        facts["linked"] = driver.execute_script("return window.sudoku.game.shareLine()")
        # A hint, then a digit typed on the grid.
        driver.find_element(By.ID, "hint").click()
        until(driver, "document.getElementById('hint-text').dataset.level === '0'")
        facts["hint"] = driver.find_element(By.ID, "hint-text").text
        cell = driver.find_element(By.CSS_SELECTOR, "#board [data-cell='0']")
        cell.click()
        cell.send_keys("4")
        facts["entry"] = until(driver, "window.sudoku.game.entries[0]", 30)
        # Pasted into the import box, then solved (confirmed: a game is in progress).
        driver.execute_script("document.getElementById('study').open = true;")
        box = driver.find_element(By.ID, "puzzle-text")
        box.clear()
        box.send_keys(MEDIUM)
        driver.find_element(By.ID, "load").click()
        until(driver, f"window.sudoku.game.shareLine() === {json.dumps(MEDIUM)}", 60)
        until(driver, "/exactly one solution/.test(document.getElementById('message').textContent)", 60)
        facts["pasted"] = driver.execute_script("return window.sudoku.game.shareLine()")
        driver.find_element(By.ID, "solve").click()
        until(driver, "document.getElementById('confirm').open", 30)
        driver.find_element(By.ID, "confirm-yes").click()
        until(driver, "/Solved/.test(document.getElementById('message').textContent)", 60)
        facts["solved"] = driver.find_element(By.ID, "message").text
        # A new game the bank does not hold (16x16 Hard, mirrored): the generator runs in slices.
        driver.find_element(By.ID, "new-game").click()
        driver.execute_script("""const set = (id, v) => { const s = document.getElementById(id); s.value = v;
            s.dispatchEvent(new Event('change')); }; set('ng-size', '16'); set('ng-level', 'hard');
            set('ng-symmetry', 'mirror_v');""")  # not a symmetry the bank serves
        driver.find_element(By.ID, "ng-generate").click()
        until(driver, "window.sudoku.game.n === 16", 300)
        facts["new_game"] = driver.execute_script("return window.sudoku.game.givenCount > 0")
        facts["slices"] = driver.execute_script("return Number(document.getElementById('ng-progress').dataset.slices)")
        facts["games"] = driver.execute_script("return window.sudoku.library.list().length")
        cell = driver.find_element(By.CSS_SELECTOR, "#board [data-cell='0']")
        cell.send_keys(Keys.ARROW_RIGHT)
        if os.environ.get("OFFLINE_STEP"):
            # Offline: once the service worker has the site, the test stops the server (it waits for this
            # line and answers on stdin); a reload then boots from the cache and the game is still there.
            until(driver, "document.documentElement.dataset.offline === 'ready'", 300)
            print("READY_FOR_OFFLINE", flush=True)
            sys.stdin.readline()
            driver.refresh()
            until(driver, "document.documentElement.hasAttribute('data-ready')")
            facts["offline_n"] = driver.execute_script("return window.sudoku.game.n")
            driver.find_element(By.ID, "hint").click()
            until(driver, "document.getElementById('hint-text').dataset.level === '0'", 60)  # not "Thinking…"
            facts["offline_hint"] = driver.execute_script(
                "return document.getElementById('hint-text').dataset.status")
        # A dihedral 9x9 Extreme (issue 33): not the bank's symmetry, made live from the engine's catalogue.
        driver.find_element(By.ID, "new-game").click()
        driver.execute_script("""const set = (id, v) => { const s = document.getElementById(id); s.value = v;
            s.dispatchEvent(new Event('change')); }; set('ng-size', '9'); set('ng-level', 'extreme');
            set('ng-symmetry', 'dihedral');""")
        asked = time.monotonic()
        driver.find_element(By.ID, "ng-generate").click()
        until(driver, "window.sudoku.game.n === 9 && !document.getElementById('newgame-dialog').open", 300)
        facts["extreme"] = driver.execute_script(
            "return {line: window.sudoku.game.shareLine(), level: window.sudoku.game.info.level}")
        facts["extreme"]["seconds"] = round(time.monotonic() - asked, 1)  # printed by the test, not asserted
        # A Jigsaw link: the engine's regions, drawn with their borders, named in the cells' labels.
        driver.execute_script("location.hash = encodeURIComponent(arguments[0])", jigsaw)
        until(driver, "window.sudoku.game.variant === 'jigsaw' && !window.sudoku.engine.busy", 60)
        facts["jigsaw"] = driver.execute_script("""return {regions: window.sudoku.game.regions,
            borders: document.querySelectorAll('#board .box-right').length
                + document.querySelectorAll('#board .box-bottom').length,
            label: document.querySelector("#board [data-cell='80']").getAttribute('aria-label')}""")
        # A Killer link: the engine's cages, each drawn with its sum, named in the cells' labels.
        driver.execute_script("location.hash = encodeURIComponent(arguments[0])", killer)
        until(driver, "window.sudoku.game.variant === 'killer' && !window.sudoku.engine.busy", 60)
        facts["killer"] = driver.execute_script("""return {cages: window.sudoku.game.cages,
            sums: [...document.querySelectorAll('#board .cage-layer text')].map(t => t.textContent),
            outlines: document.querySelectorAll('#board .cage-layer path').length,
            label: document.querySelector("#board [data-cell='80']").getAttribute('aria-label')}""")
    finally:
        driver.quit()
    return facts


if __name__ == "__main__":
    print(json.dumps(main(base=sys.argv[4], puzzle=sys.argv[1], jigsaw=sys.argv[2], killer=sys.argv[3])))
