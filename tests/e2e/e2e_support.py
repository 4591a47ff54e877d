"""What the browser tests share: Chromium's launch settings and :class:`App`, one recorded page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = ROOT / "test-artifacts"
#: Pyodide boots in 2-4 s on an idle machine; a 2-core box shared with other jobs has taken 40 s. Tests
#: wait for states, so a generous limit costs nothing when the machine is fast.
BOOT_TIMEOUT_MS = 180_000
STEP_TIMEOUT_MS = 60_000

#: Every open app, so a failed test can save a screenshot and log of each.
LIVE: list[App] = []


class App:
    """One browser context and page on the site, with what it logged."""

    def __init__(self, browser, url: str, context=None, **context_options) -> None:
        """A fresh context made with ``context_options``; or, given ``context`` (kept open by its owner
        for several apps in turn), a new page in it: then the requests recorded are the page's."""
        self.base = re.match(r"https?://[^/]+/", url).group(0)
        self.owns_context = context is None
        self.context = browser.new_context(**context_options) if context is None else context
        self.context.set_default_timeout(STEP_TIMEOUT_MS)
        self.console: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page = self.context.new_page()
        (self.context if self.owns_context else self.page).on("request", lambda r: self.requests.append(r.url))
        self._watch(self.page)
        self.url = url
        LIVE.append(self)

    def _watch(self, page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def _on_console(self, message) -> None:
        line = f"{message.type}: {message.text}"
        self.console.append(line)
        if message.type == "error":
            self.errors.append(line)

    def goto(self, url: str | None = None) -> App:
        self.page.goto(url or self.url)
        return self

    def wait_painted(self) -> App:
        """Until the game page's modules have run (the board painted, ``window.sudoku`` set). The load event
        does not wait for them: i18n.js awaits the chosen language's words at its top level."""
        self.page.wait_for_function("() => window.sudoku !== undefined", timeout=BOOT_TIMEOUT_MS)
        return self

    def wait_ready(self) -> App:
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        return self

    def off_origin(self) -> list[str]:
        return [u for u in self.requests if not (u.startswith(self.base) or u.startswith(("data:", "blob:")))]

    def save(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        safe = re.sub(r"[^\w.-]+", "_", name)[:150]
        try:
            self.page.screenshot(path=str(ARTIFACTS / f"{safe}.png"), full_page=True)
        except Exception as exc:  # a crashed page still leaves its log
            self.console.append(f"(no screenshot: {exc})")
        (ARTIFACTS / f"{safe}.log").write_text(
            "\n".join(["# console", *self.console, "# errors", *self.errors, "# requests", *self.requests]) + "\n")

    def close(self) -> None:
        if self in LIVE:
            LIVE.remove(self)
        if self.owns_context:
            self.context.close()
        else:
            self.page.close()


def asset(page, name: str) -> str:
    """The URL, relative to the site's root, of a script or style sheet known by its source name
    ("js/bank.js"): the build gives each a content-hashed name (build.py's asset-map.json)."""
    return "./" + page.evaluate("name => fetch('asset-map.json').then(r => r.json()).then(m => m[name])", name)


def shared_app(browser, url: str, then=None, **context_options):
    """Yield one booted app for the tests of a module, then check on teardown that the whole module
    caused no console error and no request off the origin (use with ``yield from`` in a fixture).
    ``then(app)`` runs once the engine is ready, for a page that has more to wait for."""
    shared = App(browser, url, **context_options).goto().wait_ready()
    if then is not None:
        then(shared)
    yield shared
    errors, off = shared.errors, shared.off_origin()
    shared.close()
    assert not errors, errors
    assert not off, off



def run_offline_journey(command: list[str], site: Path, timeout: float = 900) -> dict:
    """Run a browser journey script (Firefox, WebKit) against ``site`` on a server of its own, with
    OFFLINE_STEP set: once the script prints READY_FOR_OFFLINE (the service worker has the site), the
    server is stopped and the script is told to go on (a line on its stdin) and reload offline. Returns
    the JSON facts of its last line; a script that fails or never gets ready fails the test."""
    import json
    import os
    import subprocess

    import build

    srv, url = build.serve_in_thread(site)
    proc = subprocess.Popen([*command, url], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "OFFLINE_STEP": "1"})
    try:
        line = proc.stdout.readline()
        assert line.strip() == "READY_FOR_OFFLINE", line + proc.stderr.read()[-3000:]
        srv.shutdown()
        srv.server_close()
        proc.stdin.write("go\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
        srv.server_close()
    assert proc.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])
