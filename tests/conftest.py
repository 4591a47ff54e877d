"""How the suite is put together (tests/run.sh runs it on both cores, ``-n auto --dist loadgroup``).

* Shared helpers live in plain modules beside the tests, never in a test module: ``support.py`` (the
  engine tests': the regression table's states, samples read by several modules, and how run.sh reads
  ``-m``), ``e2e/e2e_support.py`` and ``e2e/play_support.py`` (the browser tests'). A test module
  imports from those, never from another test module.
* Every test checks something whole in seconds: a sweep over a data set takes a fixed, seeded sample of
  it, and a search that could run long has a node limit. The exhaustive versions are scripts in
  ``bench/`` that print their figures (each test that samples names its script).
* The longest work goes to the workers first, so that neither waits alone at the end: the browser
  tests (``e2e``; those sharing one booted page are one xdist group, tests/e2e/conftest.py), then the
  tests marked ``slow`` (seconds each), then the rest in file order.
* ``--durations=N`` also prints the 15 slowest modules (their tests' seconds summed), to see where a
  run's time goes; tests/run.sh's README paragraph says what the last measurements found.
"""

from __future__ import annotations

import pytest


def _weight(item) -> int:
    """0 for what should start first, 2 for what can wait: browser tests, then slow ones, then the rest."""
    if item.get_closest_marker("e2e") is not None:
        return 0
    if item.get_closest_marker("slow") is not None:
        return 1
    return 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Longest first (a stable sort: file order within each kind). Under ``--dist loadgroup`` the
    scheduler hands out the groups of several tests first, then single tests in this order."""
    items.sort(key=_weight)


class _ModuleTimes:
    """With ``--durations``: the time each test module took (setup, call and teardown of its tests,
    summed over the workers), the 15 longest, printed with pytest's own list."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.tests: dict[str, int] = {}

    def pytest_runtest_logreport(self, report) -> None:
        module = report.nodeid.split("::", 1)[0]
        self.seconds[module] = self.seconds.get(module, 0.0) + report.duration
        if report.when == "call":
            self.tests[module] = self.tests.get(module, 0) + 1

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.seconds:
            return
        terminalreporter.write_sep("=", "slowest modules (seconds of their tests, summed)")
        for module, seconds in sorted(self.seconds.items(), key=lambda kv: -kv[1])[:15]:
            terminalreporter.write_line(f"{seconds:8.1f} s  {self.tests.get(module, 0):5} tests  {module}")


def pytest_configure(config):
    if config.getoption("durations", None) is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_ModuleTimes(), "module-times")
