"""Fixtures for the browser tests: the built site, a server on 127.0.0.1, Debian's Chromium.

* ``site``: ``build.build()`` into a temporary folder, once per session;
* ``server``: that folder served on 127.0.0.1 on a free port, in a thread, for the session;
* ``browser``: Chromium from ``/usr/bin/chromium`` driven by Playwright (never ``playwright install``);
  if it cannot start, the tests fail, they never skip;
* ``open_app(url, **context_options)``: a fresh context and page with its console, page errors and
  every request recorded; ``wait_ready()`` waits for the engine. Boots are shared where honest: a
  module-scoped app page serves the tests that each load their own puzzle.

On a failed test every open page leaves ``test-artifacts/<test>.png`` and ``<test>.log`` (console,
page errors, requests).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from e2e_support import CHROMIUM, FLAGS, LIVE, STEP_TIMEOUT_MS, App

import build


def _e2e_deselected(config) -> bool:
    """Whether ``-m`` leaves out every test marked e2e, as ``-m "not e2e"`` does."""
    markexpr = config.getoption("markexpr", "")
    if not markexpr:
        return False
    from _pytest.mark import MarkMatcher
    from _pytest.mark.expression import Expression

    return not Expression.compile(markexpr).evaluate(MarkMatcher.from_markers([pytest.mark.e2e.mark]))


def pytest_ignore_collect(collection_path, config):
    """Every test here is marked e2e, and the browser tests import Playwright. Without Playwright, a run
    that leaves out e2e (the unit tests alone) does not import them; any other run fails on the import."""
    if collection_path.suffix == ".py" and collection_path.name.startswith("test_") and _e2e_deselected(config):
        try:
            import playwright  # noqa: F401
        except ImportError:
            return True
    return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and report.when in ("setup", "call"):
        for i, app in enumerate(list(LIVE)):
            app.save(f"{item.nodeid}-{i}")
    return report


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    build.build(dist)
    return dist


@pytest.fixture(scope="session")
def server(site):
    srv, url = build.serve_in_thread(site)
    yield url
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except Exception as exc:
            pytest.fail(f"Chromium did not start from {CHROMIUM}: {exc}", pytrace=False)
        yield chromium
        chromium.close()


@pytest.fixture
def open_app(browser):
    """Open fresh apps for one test; each is closed after it, and must have logged no error and
    made no request off its origin."""
    opened: list[App] = []

    def opener(url: str, **context_options) -> App:
        app = App(browser, url, **context_options)
        opened.append(app)
        return app

    yield opener
    problems = []
    for app in opened:
        problems += app.errors + [f"request off origin: {u}" for u in app.off_origin()]
        app.close()
    assert not problems, problems
