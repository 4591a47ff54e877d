"""WebKitGTK (Safari's engine) runs the page too: boot, a link, a hint, a digit, a new game. Driven by
Selenium and Debian's WebKitWebDriver under xvfb-run (tests/e2e/webkit_journey.py); a browser that
cannot start fails the test, it never skips."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from e2e_support import ROOT
from play_support import EASY

pytestmark = pytest.mark.e2e


def test_webkit_boots_follows_a_link_hints_plays_and_starts_a_new_game(server):
    for tool in ("WebKitWebDriver", "xvfb-run"):
        assert shutil.which(tool), f"{tool} is not installed (tests/run.sh installs webkit2gtk-driver and xvfb)"
    run = subprocess.run(["xvfb-run", "-a", sys.executable, str(ROOT / "tests" / "e2e" / "webkit_journey.py"),
                          server, EASY], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    facts = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"WebKitGTK: engine ready after {facts['ready_s']} s")
    assert facts["first"] > 17
    assert facts["linked"] == EASY
    assert "Single" in facts["hint"]
    assert facts["entry"] == 4
    assert facts["new_game"] is True and facts["games"] == 2
