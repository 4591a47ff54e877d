"""Firefox ESR runs the page too (issue 14: Ctrl+V on the board did nothing there). Driven by
puppeteer-core (npm dev dependency) over WebDriver BiDi with Debian's firefox-esr; a browser that
cannot start fails the test, it never skips."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from e2e_support import ROOT
from play_support import EASY

pytestmark = pytest.mark.e2e

SCRIPT = ROOT / "tests" / "e2e" / "firefox_journey.mjs"


def test_firefox_boots_pastes_with_ctrl_v_hints_and_plays(server):
    assert shutil.which("firefox-esr"), "firefox-esr is not installed (tests/run.sh installs it)"
    if not (ROOT / "node_modules" / "puppeteer-core").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    run = subprocess.run(["node", str(SCRIPT), server, EASY], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    facts = json.loads(run.stdout.strip().splitlines()[-1])
    assert facts["errors"] == []
    assert facts["first"] > 17  # a puzzle to play on the first visit
    assert facts["pasted"] == EASY  # Ctrl+V on the grid read the clipboard
    assert "Hidden Single" in facts["hint"] or "Single" in facts["hint"]
    assert facts["entry"] == 4
