"""bench/browser_bench.py's WebKitGTK driver (Selenium and WebKitWebDriver, as tests/e2e/webkit_journey.py),
run under xvfb-run. Each run starts a fresh driver session (a fresh, ephemeral profile); at the end it
prints one JSON line: a list with one result per run.

    xvfb-run -a python bench/webkit_bench.py visits BASE_URL RUNS   cold visit, then a returning one
    xvfb-run -a python bench/webkit_bench.py probe BASE_URL RUNS    the boot probe
    xvfb-run -a python bench/webkit_bench.py firsthint BASE_URL RUNS   time to a working hint, both visits

A browser that cannot start exits non-zero.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from selenium import webdriver

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from webkit_journey import until as journey_until

FIGURES = """const info = window.sudoku.engine.info;
const mark = performance.getEntriesByName("engine-ready")[0];
return { ready: mark ? mark.startTime : null, bootMs: info.bootMs, boot: info.boot, timings: info.timings };"""

#: bench/first_hint.js called, its promise handed to Selenium's callback.
FIRST_HINT = ("const done = arguments[arguments.length - 1];\n("
              + (Path(__file__).resolve().parent / "first_hint.js").read_text()
              + ")().then(done, (error) => done({error: String(error)}));")


def first_hint(driver) -> dict:
    driver.set_script_timeout(200)
    result = driver.execute_async_script(FIRST_HINT)
    if "error" in result:
        raise RuntimeError(result["error"])
    return result


def until(driver, script: str, timeout: float = 180.0):
    """The journey's poll, tighter: a boot time is read to 50 ms."""
    return journey_until(driver, script, timeout, poll=0.05)


def one_run(mode: str, base: str) -> dict:
    service = webdriver.WebKitGTKService(executable_path="/usr/bin/WebKitWebDriver")
    driver = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions(), service=service)
    try:
        version = driver.capabilities.get("browserVersion")
        if mode == "visits":
            driver.get(base + "index.html")
            until(driver, "document.documentElement.hasAttribute('data-ready')")
            cold = driver.execute_script(FIGURES)
            until(driver, "!!window.sudoku.engine.snapshot")  # saved once the engine is idle
            driver.get(base + "index.html")
            until(driver, "document.documentElement.hasAttribute('data-ready')")
            return {"cold": cold, "returning": driver.execute_script(FIGURES), "version": version}
        if mode == "firsthint":
            driver.get(base + "index.html")
            cold = first_hint(driver)
            until(driver, "!!window.sudoku.engine.snapshot")
            driver.get(base + "index.html")
            return {"cold": cold, "returning": first_hint(driver), "version": version}
        driver.get(base + "bench-probe/boot/index.html")
        until(driver, "document.documentElement.dataset.probe === 'done'", 300)
        return {**driver.execute_script("return window.probeResult"), "version": version}
    finally:
        driver.quit()


if __name__ == "__main__":
    mode, base, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print(json.dumps([one_run(mode, base) for _ in range(runs)]))
