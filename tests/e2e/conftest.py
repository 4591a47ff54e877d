"""Fixtures for the browser tests: the built site, a server on 127.0.0.1, Debian's Chromium.

* ``site``: the site built once per run: tests/run.sh's fresh ``dist/`` (SUDOKU_TEST_SITE), else
  ``build.build()`` into a temporary folder; under pytest-xdist (tests/run.sh runs a worker per core)
  the first worker that needs it builds it under a file lock, the others reuse it;
* ``server``: that folder served on 127.0.0.1 on a free port, in a thread, for the session (one per
  worker);
* ``browser``: Chromium from ``/usr/bin/chromium`` driven by Playwright (never ``playwright install``);
  if it cannot start, the tests fail, they never skip;
* ``open_app(url, **context_options)``: a fresh context and page with its console, page errors and
  every request recorded; ``wait_ready()`` waits for the engine. Boots are shared where honest: a
  module-scoped app page serves the tests that each load their own puzzle, and a module that takes
  ``open_app = e2e_support.fresh_origin_fixtures(...)`` opens its tests' apps on a cleared origin in a
  context kept for the session (``origins``, one per worker and set of options);

Under ``--dist loadgroup`` (tests/run.sh) the tests of a module here that share a module-scoped
fixture run on one worker, so that page boots once; every other test is spread one by one.

On a failed test every open page leaves ``test-artifacts/<test>.png`` and ``<test>.log`` (console,
page errors, requests).
"""

from __future__ import annotations

import fcntl
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from e2e_support import CHROMIUM, FLAGS, LIVE, STEP_TIMEOUT_MS, App, FreshOrigins, close_checked
from support import deselects_e2e

import build


def _e2e_deselected(config) -> bool:
    """Whether ``-m`` leaves out every test marked e2e, as ``-m "not e2e"`` does."""
    return deselects_e2e(config.getoption("markexpr", ""))


def pytest_ignore_collect(collection_path, config):
    """Every test here is marked e2e, and the browser tests import Playwright. Without Playwright, a run
    that leaves out e2e (the unit tests alone) does not import them; any other run fails on the import."""
    if collection_path.suffix == ".py" and collection_path.name.startswith("test_") and _e2e_deselected(config):
        try:
            import playwright  # noqa: F401
        except ImportError:
            return True
    return None


E2E_DIR = Path(__file__).resolve().parent


def _module_fixtures(item) -> list[str]:
    """The fixtures kept for the test's module (a booted page shared by its tests) that it uses. One
    that needs no other fixture (a check such as test_a11y's ``axe_installed``) holds no page or server:
    it is cheap to run once per worker and groups nothing, so those tests spread over the workers."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:  # not a plain test function: keep it with its module to be safe
        return ["module"]
    return sorted(name for name, defs in info.name2fixturedefs.items()
                  if defs and defs[-1].scope in ("class", "module", "package") and defs[-1].argnames)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups
def pytest_collection_modifyitems(items):
    """Under ``--dist loadgroup``, the tests of a module here that use the same module-scoped fixtures
    are one group, run on one worker, so that page boots once; the others are spread one by one. A
    test may name its own ``xdist_group`` instead."""
    for item in items:
        if item.path.parent.resolve() == E2E_DIR and item.get_closest_marker("xdist_group") is None:
            shared = _module_fixtures(item)
            if shared:
                item.add_marker(pytest.mark.xdist_group("-".join([item.path.stem, *shared])))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and report.when in ("setup", "call"):
        for i, app in enumerate(list(LIVE)):
            app.save(f"{item.nodeid}-{i}")
    return report


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built once per run. The tests only read it (a test that changes it copies it first).
    tests/run.sh builds dist/ just before pytest and names it in SUDOKU_TEST_SITE: that build is used."""
    if os.environ.get("SUDOKU_TEST_SITE"):
        given = Path(os.environ["SUDOKU_TEST_SITE"])
        assert (given / "asset-map.json").is_file(), f"SUDOKU_TEST_SITE={given} holds no built site"
        return given
    base = tmp_path_factory.getbasetemp()
    # An xdist worker's base is <the run's base>/popen-gw0, popen-gw1...: shared by the run's workers.
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    dist, built = root / "dist", root / "dist.built"
    with open(root / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if the build fails
        if not built.exists():
            build.build(dist)
            built.touch()
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
    """Open fresh apps for one test; each is closed after it (the last opened first), and must have
    logged no error and made no request off its origin. ``open_app(url, context=other.context)`` opens
    a page in another app's context instead (a second page of one visitor's browser)."""
    opened: list[App] = []

    def opener(url: str, **context_options) -> App:
        app = App(browser, url, **context_options)
        opened.append(app)
        return app

    yield opener
    close_checked(opened)


@pytest.fixture(scope="session")
def origins(browser):
    """The contexts kept for the worker's session, one per set of context options, in which a module's
    ``open_app`` (e2e_support.fresh_origin_fixtures) opens each test's app as a new tab on a cleared
    origin: a boot there costs about half a fresh context's."""
    kept = FreshOrigins(browser)
    yield kept
    kept.close()
