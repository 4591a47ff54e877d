"""Firefox ESR runs the page too (issue 14: Ctrl+V on the board did nothing there): boot, a newspaper photo
read, played and hinted (issue 31), Ctrl+V,
a hint, All steps here, a digit, an offline reload with the server stopped, then Solve, a 16x16 new game offline and a
Jigsaw link (its regions as the engine reads them).
Driven by puppeteer-core (npm dev dependency) over WebDriver BiDi with Debian's firefox-esr; a browser
that cannot start fails the test, it never skips."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from e2e_support import ROOT, run_offline_journey
from play_support import EASY, JIGSAW, KILLER, check_dihedral_extreme, check_jigsaw, check_killer, check_photo

pytestmark = pytest.mark.e2e

SCRIPT = ROOT / "tests" / "e2e" / "firefox_journey.mjs"


def test_firefox_boots_pastes_with_ctrl_v_hints_plays_works_offline_solves_and_generates(site):
    assert shutil.which("firefox-esr"), "firefox-esr is not installed (tests/run.sh installs it)"
    if not (ROOT / "node_modules" / "puppeteer-core").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    facts = run_offline_journey(["node", str(SCRIPT), EASY, JIGSAW, KILLER], site, timeout=600)
    assert facts["errors"] == []
    assert facts["first"] > 17  # a puzzle to play on the first visit
    check_photo(facts["photo"])  # a newspaper photo read exactly, played and hinted
    assert facts["pasted"] == EASY  # Ctrl+V on the grid read the clipboard
    assert "Single" in facts["hint"]
    all_steps = facts["allSteps"]  # All steps here: listed, the first drawn, the grid untouched
    assert all_steps["groups"][0] == "hidden_single" and all_steps["drawn"] == "hidden_single", all_steps
    assert all_steps["entries"] == 0
    assert facts["entry"] == 4
    assert facts["offlineEntry"] == 4  # offline, from the service worker's cache: the game is still there
    assert "Solved" in facts["solvedMessage"]
    assert facts["newGame"]["n"] == 16 and facts["newGame"]["givens"] > 0 and facts["newGame"]["slices"] >= 1
    assert "Single" in facts["offlineHint"]
    check_dihedral_extreme(facts["extreme"])  # a dihedral 9x9 Extreme asked for in New game
    check_jigsaw(facts["jigsaw"])  # a Jigsaw link: the same regions as the engine
    check_killer(facts["killer"])  # a Killer link: the same cages as the engine, drawn and named

