"""What the browser tests share: Chromium's launch settings and :class:`App`, one recorded page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

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


class FreshOrigin:
    """One browser context kept for many tests (conftest's ``origins``: for the xdist worker's session);
    each app opened with :meth:`open` is a new tab in it on an origin whose saved data is cleared first
    (local storage, IndexedDB, cookies: Chromium's ``Storage.clearDataForOrigin``; a new tab's session
    storage starts empty anyway). The page finds no saved game, list, statistics or setting, as on a first
    visit, but the service worker installed by an earlier test stays with its cache of the site (and the
    engine's memory snapshot in Cache Storage): a browser that has been to the site and kept nothing of
    it. Measured (Chromium's processes' CPU, a link booted and settled, three of each, interleaved): 6.1 s
    in a fresh context, 3.0 s here; clearing the service worker and its cache too saved nothing (4.9 s
    against 4.8 s: the site is precached again). A test about what a first visit loads, or that routes
    the site's requests (the service worker would answer them first), opens a fresh context. Pages a test
    left open (a second tab) are closed first; permissions granted and routes set on the context are
    taken back. A script added with ``add_init_script`` cannot be taken back: a test that adds one opens
    a fresh context (test_fresh_origin.py checks all of this)."""

    def __init__(self, browser, **options) -> None:
        self.options = options
        self.context = browser.new_context(**options)
        self.current: App | None = None
        # Every tab's requests count, as a fresh context's would (a second tab opened from the test's app).
        self.context.on("request", lambda r: self.current.requests.append(r.url) if self.current else None)

    def open(self, url: str, viewport: dict | None = None) -> App:
        """A new tab on the cleared origin, of ``viewport``'s size if given (the window and screen a
        context made with that viewport would have), else the context's."""
        for page in list(self.context.pages):
            page.close()
        self.context.clear_permissions()
        self.context.unroute_all(behavior="ignoreErrors")
        app = App(None, url, context=self.context)
        if viewport is not None:
            app.page.set_viewport_size(viewport)
        session = self.context.new_cdp_session(app.page)
        try:
            session.send("Storage.clearDataForOrigin",
                         {"origin": app.base.rstrip("/"), "storageTypes": "local_storage,indexeddb,cookies"})
        finally:
            session.detach()
        self.current = app
        return app

    def close(self) -> None:
        self.context.close()


class FreshOrigins:
    """The :class:`FreshOrigin` contexts an xdist worker keeps for its whole session (conftest's
    ``origins``), one list per set of context options but the viewport (a tab takes its own size), so that
    tests of any module that ask for the same options share boots: a context's first boot is a fresh
    context's, every later one a cleared origin's. A test that opens several apps with the same options
    (another visitor's browser) gets another kept context for each, never the tab it still holds. Kept for
    the session rather than per module, the tests that use them need no module-scoped fixture, so xdist
    spreads them one by one instead of running each module's in a row on one worker."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.kept: dict[str, list[FreshOrigin]] = {}
        #: The contexts whose tab a module's shared page holds (:func:`shared_app`): no other test opens one.
        self.held: list[FreshOrigin] = []

    def origin(self, options: dict, busy: list[FreshOrigin]) -> FreshOrigin:
        """A kept context with these options that the test does not hold yet (``busy``) and no module's
        shared page holds, made if need be."""
        options = {k: v for k, v in options.items() if k != "viewport"}
        pool = self.kept.setdefault(json.dumps(options, sort_keys=True, default=repr), [])
        for origin in pool:
            if origin not in busy and origin not in self.held:
                return origin
        pool.append(FreshOrigin(self.browser, **options))
        return pool[-1]

    def close(self) -> None:
        for pool in self.kept.values():
            for origin in pool:
                origin.close()


def fresh_origin_apps(open_app, origins: FreshOrigins, kept_options: dict | None):
    """An ``open_app`` that opens an app asked for with ``kept_options`` (with any options if ``None``) on a
    kept origin of ``origins``, and one asked for ``fresh``, with other options or in a given ``context``,
    in a fresh context (conftest's ``open_app``). Each must have logged no error and made no request off
    its origin, as conftest's ``open_app`` checks (use with ``yield from``)."""
    opened: list[App] = []
    held: list[FreshOrigin] = []

    def opener(url: str, fresh: bool = False, **options) -> App:
        if fresh or "context" in options or (kept_options is not None and options != kept_options):
            return open_app(url, **options)
        origin = origins.origin(options, held)
        held.append(origin)
        app = origin.open(url, options.get("viewport"))
        opened.append(app)
        return app

    yield opener
    close_checked(opened)


def close_checked(opened: list[App]) -> None:
    """Close a test's apps, the last opened first, and fail if any logged an error or made a request off
    its origin (conftest's ``open_app`` and :func:`fresh_origin_apps`)."""
    problems = []
    for app in reversed(opened):
        problems += app.errors + [f"request off origin: {u}" for u in app.off_origin()]
        app.close()
    assert not problems, problems


def fresh_origin_fixtures(every_option_set: bool = False, **options):
    """A module's ``open_app``: conftest's, but an app asked for with exactly these options (with any
    options if ``every_option_set``) opens on a cleared origin in a context the worker keeps for the
    session (conftest's ``origins``, see :func:`fresh_origin_apps`). A module takes it with
    ``open_app = fresh_origin_fixtures(locale="en-US")``."""

    @pytest.fixture(name="open_app")
    def open_app_fixture(open_app, origins):
        yield from fresh_origin_apps(open_app, origins, None if every_option_set else options)

    return open_app_fixture


def asset(page, name: str) -> str:
    """The URL, relative to the site's root, of a script or style sheet known by its source name
    ("js/bank.js"): the build gives each a content-hashed name (build.py's asset-map.json)."""
    return "./" + page.evaluate("name => fetch('asset-map.json').then(r => r.json()).then(m => m[name])", name)


def shared_app(origins: FreshOrigins, url: str, then=None, fresh: bool = False, **context_options):
    """Yield one booted app for the tests of a module, then check on teardown that the whole module
    caused no console error and no request off the origin (use with ``yield from`` in a fixture).
    ``then(app)`` runs once the engine is ready, for a page that has more to wait for. The page is a tab
    on a cleared origin in a context the worker keeps for these options (conftest's ``origins``), held
    for the module so that no other test's tab replaces it: a boot there costs about half a fresh
    context's (:class:`FreshOrigin`). ``fresh`` opens it in a fresh context instead, for a module that
    checks what the page fetches for the first time."""
    if fresh:
        origin, shared = None, App(origins.browser, url, **context_options)
    else:
        origin = origins.origin(context_options, [])
        origins.held.append(origin)
        shared = origin.open(url, context_options.get("viewport"))
    try:
        shared.goto().wait_ready()
        if then is not None:
            then(shared)
        yield shared
        errors, off = shared.errors, shared.off_origin()
    finally:
        shared.close()
        if origin is not None:
            origins.held.remove(origin)
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
