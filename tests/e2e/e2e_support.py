"""What the browser tests share: Chromium's launch settings, :class:`App` (one recorded page), the tests' server,
and the engine's memory snapshot that lets a test's fresh page boot as a returning visit.

Booting the engine from scratch (Pyodide, its standard library, the engine archive, then a memory snapshot taken
once it is idle) costs a page several CPU seconds; a returning visit restores the snapshot instead
(web/worker.js). Most browser tests are about what the page does once the engine is up, not about its first
boot, so :class:`App` gives each fresh context a copy of one snapshot made per test server: a first page boots
cold once (:class:`EngineSnapshot`), the snapshot is read out of its Cache Storage, and each later context gets
it put into its own Cache Storage, under the same key, before the page is opened. The page then boots exactly as
a player's second visit does. Tests about the first boot, the snapshot itself, the service worker or going
offline open their apps with ``cold=True`` (or on a server of their own, which has no snapshot), and those boot
cold; ``SUDOKU_TEST_COLD=1`` boots every page cold. Nothing here is in the product: the snapshot's two URLs
(``/__test__/...``) exist only on the tests' server (:func:`serve_for_tests`), never in ``build.py``'s.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
import time
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


def until(page, expression: str, timeout_ms: int = STEP_TIMEOUT_MS):
    """Wait for a page state. ``page.wait_for_function`` compiles its predicate inside the page, which
    the page's CSP (no 'unsafe-eval') forbids; ``evaluate`` goes through the debugger and is allowed."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(25)


class App:
    """One browser context and page on the site, with what it logged. On the tests' server the context
    starts with the engine's memory snapshot in its Cache Storage, so the page boots as a returning visit
    (the module's docstring); ``cold=True`` leaves the storage empty, so it boots as a first visit."""

    def __init__(self, browser, url: str, *, cold: bool = False, **context_options) -> None:
        self.base = re.match(r"https?://[^/]+/", url).group(0)
        self.context = browser.new_context(**context_options)
        self.context.set_default_timeout(STEP_TIMEOUT_MS)
        snapshot = None if cold or os.environ.get("SUDOKU_TEST_COLD") == "1" else SNAPSHOTS.get(self.base)
        self.boot = "snapshot" if snapshot is not None else "cold"
        self.page = self.context.new_page()
        if snapshot is not None:  # before the records start: not part of the test
            snapshot.seed(browser, self.page)
        self.console: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
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

    def wait_ready(self) -> App:
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        if self.boot == "snapshot":  # handed one, the page used it (the game's and the lab's engine say)
            booted = self.page.evaluate("(window.sudoku || window.lab || {}).engine?.info?.boot ?? null")
            assert booted in ("snapshot", None), f"the engine booted as {booted!r}, not from the snapshot given"
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
        self.context.close()


#: The snapshot of each tests' server, by its base URL (serve_for_tests).
SNAPSHOTS: dict[str, EngineSnapshot] = {}
SNAPSHOT_CACHE = "engine-snapshot"  # web/worker.js's cache
SEED_PAGE = "__test__/seed.html"  # an empty page on the site's origin, to fill a context's Cache Storage
SNAPSHOT_BYTES = "__test__/engine-snapshot"  # the snapshot: PUT once by the first page, then read


class EngineSnapshot:
    """The engine's memory snapshot for one server of the tests: made by a cold boot at the first need, then
    put into each new context's Cache Storage under the key the worker made it under."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.key: str | None = None  # the Cache Storage URL the worker reads (it names the build)
        self.data: bytes | None = None
        self.lock = threading.Lock()

    def make(self, browser) -> None:
        """Boot the game page cold in a fresh context, wait until the worker has saved its snapshot,
        and keep it and its key (the page sends the bytes to the server)."""
        donor = App(browser, self.base + "index.html", cold=True, locale="en-US").goto().wait_ready()
        try:
            until(donor.page, "!!window.sudoku.engine.snapshot", timeout_ms=BOOT_TIMEOUT_MS)
            keys = donor.page.evaluate("""async ([name, path]) => {
                const cache = await caches.open(name), keys = (await cache.keys()).map(r => r.url);
                const body = await (await cache.match(keys[0])).arrayBuffer();
                const put = await fetch(path, {method: "PUT", body});
                if (!put.ok) throw new Error(`PUT ${path}: ${put.status}`);
                return keys; }""", [SNAPSHOT_CACHE, "/" + SNAPSHOT_BYTES])
            assert len(keys) == 1, keys
            assert donor.errors == [], donor.errors
        finally:
            donor.close()
        assert self.data, "the tests' server got no snapshot"
        self.key = keys[0]

    def seed(self, browser, page) -> None:
        """Put the snapshot into the Cache Storage of ``page``'s context, from an empty page on the origin
        (the page then goes where the test sends it, in the same renderer)."""
        with self.lock:
            if self.key is None:
                self.make(browser)
        page.goto(self.base + SEED_PAGE)
        page.evaluate("""async ([name, key, path]) => {
            const response = await fetch(path);
            if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
            await (await caches.open(name)).put(key, response); }""", [SNAPSHOT_CACHE, self.key, "/" + SNAPSHOT_BYTES])


def serve_for_tests(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """``site`` served on 127.0.0.1 in a thread, as ``build.serve_in_thread`` serves it (the same handler:
    types, CSP, no HTTP caching), plus the two test-only URLs of the engine's snapshot (SEED_PAGE,
    SNAPSHOT_BYTES). Registers the server's :class:`EngineSnapshot` in SNAPSHOTS. Returns the server (call
    ``shutdown`` and ``server_close``) and its base URL."""
    import build

    snapshot: EngineSnapshot | None = None

    class SnapshotHandler(build.Handler):
        quiet = True

        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            if path == "/" + SEED_PAGE:
                self._send(b"<!doctype html><title>seed</title>", "text/html; charset=utf-8")
            elif path == "/" + SNAPSHOT_BYTES and snapshot is not None and snapshot.data is not None:
                self._send(snapshot.data, "application/octet-stream")
            else:
                super().do_GET()

        def do_PUT(self) -> None:
            if self.path != "/" + SNAPSHOT_BYTES or snapshot is None:
                self.send_error(405)
                return
            snapshot.data = self.rfile.read(int(self.headers["Content-Length"]))
            self._send(b"", "text/plain")

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(SnapshotHandler, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    snapshot = SNAPSHOTS[url] = EngineSnapshot(url)
    return server, url


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
