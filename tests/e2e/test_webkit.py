"""WebKitGTK (Safari's engine) runs the page too: boot, a link, a hint, a digit, a new game, and an
offline reload with the server stopped. Driven by
Selenium and Debian's WebKitWebDriver under xvfb-run (tests/e2e/webkit_journey.py); a browser that
cannot start fails the test, it never skips."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from e2e_support import ROOT
from play_support import EASY

import build

pytestmark = pytest.mark.e2e


def test_webkit_boots_follows_a_link_hints_plays_starts_a_new_game_and_works_offline(site):
    for tool in ("WebKitWebDriver", "xvfb-run"):
        assert shutil.which(tool), f"{tool} is not installed (tests/run.sh installs webkit2gtk-driver and xvfb)"
    srv, url = build.serve_in_thread(site)  # its own server: the test stops it for the offline step
    proc = subprocess.Popen(["xvfb-run", "-a", sys.executable, str(ROOT / "tests" / "e2e" / "webkit_journey.py"),
                             url, EASY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "OFFLINE_STEP": "1"})
    try:
        line = proc.stdout.readline()
        assert line.strip() == "READY_FOR_OFFLINE", line + proc.stderr.read()[-3000:]
        srv.shutdown()
        srv.server_close()
        proc.stdin.write("go\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=900)
    finally:
        if proc.poll() is None:
            proc.kill()
        srv.server_close()
    assert proc.returncode == 0, err[-3000:]
    facts = json.loads(out.strip().splitlines()[-1])
    print(f"WebKitGTK: engine ready after {facts['ready_s']} s")
    assert facts["first"] > 17
    assert facts["linked"] == EASY
    assert "Single" in facts["hint"]
    assert facts["entry"] == 4
    assert facts["new_game"] is True and facts["games"] == 2
    assert facts["offline_n"] == 4  # offline, from the cache: the new 4x4 game is back
    assert facts["offline_hint"]
