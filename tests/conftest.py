"""How the suite is put together (tests/run.sh runs it on both cores, ``-n auto --dist loadgroup``).

* Shared helpers live in plain modules beside the tests, never in a test module: ``support.py`` (the
  engine tests': the regression table's states, samples read by several modules, and how run.sh reads
  ``-m``), ``e2e/e2e_support.py`` and ``e2e/play_support.py`` (the browser tests'). A test module
  imports from those, never from another test module.
* Every test checks something whole in seconds: a sweep over a data set takes a fixed, seeded sample of
  it, and a search that could run long has a node limit. The exhaustive versions are scripts in
  ``bench/`` that print their figures (each test that samples names its script).
* The longest work goes to the workers first, so that neither waits alone at the end: the browser
  tests (``e2e``; those sharing one booted page are one xdist group, tests/e2e/conftest.py), their
  groups and long tests by the seconds a measured run took (tests/e2e/work_seconds.json), longest first,
  then the tests marked ``slow`` (seconds each), then the rest in file order.
* ``page_in_node`` runs the page's own modules in node, without a browser, on the ``build-info.js`` the
  build writes (the engine's facts): the node tests of the page against the engine use it.
* ``--durations=N`` also prints the 15 slowest modules (their tests' seconds summed), to see where a
  run's time goes; tests/run.sh's README paragraph says what the last measurements found.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


#: The seconds each browser test group (tests/e2e/conftest.py), and each browser test that runs alone for
#: long, took in a measured run (the sum of its tests' setup, call and teardown on one worker), so that the
#: longest start first. Written by a run with ``SUDOKU_WORK_SECONDS=tests/e2e/work_seconds.json`` (see
#: ``_ModuleTimes``); a group or test missing from it counts as 5 s a test.
WORK_SECONDS = ROOT / "tests" / "e2e" / "work_seconds.json"
UNKNOWN_TEST_SECONDS = 5.0


def _group(item) -> str | None:
    """The test's xdist group, if it has one (tests/e2e/conftest.py gives them)."""
    mark = item.get_closest_marker("xdist_group")
    if mark is None:
        return None
    return str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))


def _work_key(item) -> str:
    """What the work table knows a unit of work by: its group, else the test's own id."""
    return "@" + (_group(item) or "") if _group(item) else item.nodeid.split("@", 1)[0]


def _weight(item) -> int:
    """0 for what should start first, 2 for what can wait: browser tests, then slow ones, then the rest."""
    if item.get_closest_marker("e2e") is not None:
        return 0
    if item.get_closest_marker("slow") is not None:
        return 1
    return 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Longest first, so that no worker ends alone on a long group: the browser tests' units of work (a
    group, or a test alone) by their seconds in the work table, longest first, then the tests marked slow,
    then the rest in file order (a stable sort). tests/run.sh passes ``--no-loadscope-reorder``, so that
    xdist hands the units out in this order instead of putting the groups of most tests first."""
    known = json.loads(WORK_SECONDS.read_text()) if WORK_SECONDS.exists() else {}
    sizes: dict[str, int] = {}
    for item in items:
        sizes[_work_key(item)] = sizes.get(_work_key(item), 0) + 1

    def seconds(item) -> float:
        key = _work_key(item)
        return known.get(key, UNKNOWN_TEST_SECONDS * sizes[key])

    items.sort(key=lambda item: (_weight(item), -seconds(item) if _weight(item) == 0 else 0.0))


class _ModuleTimes:
    """With ``--durations``: the time each test module took (setup, call and teardown of its tests,
    summed over the workers), the 15 longest, printed with pytest's own list. With
    ``SUDOKU_WORK_SECONDS=<file>``: the browser tests' work table (see WORK_SECONDS) written there, each
    group's seconds and those of each test alone that took over 10 s."""

    def __init__(self, work_file: str | None = None) -> None:
        self.seconds: dict[str, float] = {}
        self.tests: dict[str, int] = {}
        self.work: dict[str, float] = {}
        self.work_file = work_file

    def pytest_runtest_logreport(self, report) -> None:
        module = report.nodeid.split("::", 1)[0]
        self.seconds[module] = self.seconds.get(module, 0.0) + report.duration
        if report.when == "call":
            self.tests[module] = self.tests.get(module, 0) + 1
        if "/e2e/" in module or "e2e" in report.keywords:  # test_generate's Pyodide run in Node too
            test, _, group = report.nodeid.partition("@")
            key = "@" + group if group else test
            self.work[key] = self.work.get(key, 0.0) + report.duration

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if self.work_file and self.work:
            table = {k: round(v, 1) for k, v in sorted(self.work.items(), key=lambda kv: -kv[1])
                     if k.startswith("@") or v > 10}
            Path(self.work_file).write_text(json.dumps(table, indent=1) + "\n")
        if not self.seconds or terminalreporter.config.getoption("durations", None) is None:
            return
        terminalreporter.write_sep("=", "slowest modules (seconds of their tests, summed)")
        for module, seconds in sorted(self.seconds.items(), key=lambda kv: -kv[1])[:15]:
            terminalreporter.write_line(f"{seconds:8.1f} s  {self.tests.get(module, 0):5} tests  {module}")


def pytest_configure(config):
    if hasattr(config, "workerinput"):
        return
    work_file = os.environ.get("SUDOKU_WORK_SECONDS")
    if config.getoption("durations", None) is not None or work_file:
        config.pluginmanager.register(_ModuleTimes(work_file), "module-times")


@pytest.fixture
def page_in_node(tmp_path) -> Callable[[str, Any], Any]:
    """``page_in_node(script, job)``: runs ``script`` (an ES module that imports ``./js/...``, reads ``job``
    as JSON on its standard input and writes its answer as JSON) in node beside a copy of ``web/js`` and the
    ``build-info.js`` that build.py writes from :func:`build.engine_facts`; returns the answer."""
    if not shutil.which("node"):
        pytest.fail("needs node (Debian package nodejs; tests/run.sh installs it)")
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    shutil.copytree(ROOT / "web" / "js", tmp_path / "js")
    (tmp_path / "build-info.js").write_text(build.build_info_module(build.engine_facts()))
    (tmp_path / "package.json").write_text('{"type": "module"}')

    def run(script: str, job: Any) -> Any:
        (tmp_path / "run.mjs").write_text(script)
        done = subprocess.run(["node", "run.mjs"], input=json.dumps(job), cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run
