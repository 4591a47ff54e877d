"""bench/browser_bench.py's WebKitGTK driver (Selenium and WebKitWebDriver, as tests/e2e/webkit_journey.py),
run under xvfb-run. Each run starts a fresh driver session (a fresh, ephemeral profile); at the end it
prints one JSON line: a list with one result per run.

    xvfb-run -a python bench/webkit_bench.py visits BASE_URL RUNS   cold visit, then a returning one
    xvfb-run -a python bench/webkit_bench.py probe BASE_URL RUNS    the boot probe

A browser that cannot start exits non-zero.
"""

from __future__ import annotations

import json
import sys
import time

from selenium import webdriver

FIGURES = """const info = window.sudoku.engine.info;
const mark = performance.getEntriesByName("engine-ready")[0];
return { ready: mark ? mark.startTime : null, bootMs: info.bootMs, boot: info.boot, timings: info.timings };"""


def until(driver, script: str, timeout: float = 180.0):
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return {script}")
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(script)
        time.sleep(0.05)


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
        driver.get(base + "bench-probe/boot/index.html")
        until(driver, "document.documentElement.dataset.probe === 'done'", 300)
        return {**driver.execute_script("return window.probeResult"), "version": version}
    finally:
        driver.quit()


if __name__ == "__main__":
    mode, base, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print(json.dumps([one_run(mode, base) for _ in range(runs)]))
