"""WebKitGTK (Safari's engine) runs the page too: boot, a link, a hint, a digit, a puzzle pasted into
the import box and solved, a 16x16 new game from the generator, an offline reload with the server
stopped, and a Jigsaw link with its regions. Driven by
Selenium and Debian's WebKitWebDriver under xvfb-run (tests/e2e/webkit_journey.py); a browser that
cannot start fails the test, it never skips."""

from __future__ import annotations

import shutil
import sys

import pytest
from e2e_support import ROOT, run_offline_journey
from play_support import EASY, JIGSAW, KILLER, check_dihedral_extreme, check_jigsaw, check_killer, check_photo

pytestmark = pytest.mark.e2e


def test_webkit_boots_follows_a_link_hints_plays_pastes_solves_generates_and_works_offline(site):
    for tool in ("WebKitWebDriver", "xvfb-run"):
        assert shutil.which(tool), f"{tool} is not installed (tests/run.sh installs webkit2gtk-driver and xvfb)"
    facts = run_offline_journey(["xvfb-run", "-a", sys.executable, str(ROOT / "tests" / "e2e" / "webkit_journey.py"),
                                 EASY, JIGSAW, KILLER], site)
    print(f"WebKitGTK: engine ready after {facts['ready_s']} s")
    assert facts["first"] > 17
    check_photo(facts["photo"])  # a newspaper photo read exactly, played and hinted
    assert facts["linked"] == EASY
    assert "Single" in facts["hint"]
    assert facts["entry"] == 4
    assert facts["pasted"] == ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."
    assert "Solved" in facts["solved"]
    assert facts["new_game"] is True and facts["slices"] >= 1 and facts["games"] >= 2
    assert facts["offline_n"] == 16  # offline, from the cache: the new 16x16 game is back
    assert facts["offline_hint"] == "step"  # a hint's step, offline, on the 16x16 game
    check_dihedral_extreme(facts["extreme"])  # a dihedral 9x9 Extreme asked for in New game
    check_jigsaw(facts["jigsaw"])  # a Jigsaw link: the same regions as the engine
    check_killer(facts["killer"])  # a Killer link: the same cages as the engine, drawn and named

