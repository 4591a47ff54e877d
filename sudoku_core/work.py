"""Resumable work: long operations written as generators that yield between bounded units.

A search that can take seconds (rating a big grid, generating a hard puzzle) is written as a generator
function that yields after each unit of work (one logic step, one removal tried) and returns its result.
Called whole, :func:`run` drives it to the end; in the browser, a :class:`Job` advances it for a time
slice per request, so the page shows progress between slices and a stop is answered within one slice,
without killing the worker. The work's whole state lives in the generator object: nothing is global.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any


def run(work: Generator[Any, None, Any], tick: Callable[[Any], None] | None = None) -> Any:
    """Drive ``work`` to its end and return its result; ``tick`` (optional) sees every yielded value
    (it may raise to stop the work)."""
    try:
        while True:
            value = next(work)
            if tick is not None:
                tick(value)
    except StopIteration as stop:
        return stop.value


class Job:
    """A generator advanced a time slice at a time. ``step(seconds)`` runs units until the slice is spent
    (at least one unit, so every slice makes progress) and tells whether the work is done."""

    def __init__(self, work: Generator[Any, None, Any]) -> None:
        self._work = work
        self.done = False
        self.result: Any = None
        self.last: Any = None  # the last value the work yielded (its progress report)
        self.units = 0
        self.busy_s = 0.0  # CPU-side wall time spent in slices so far
        self.longest_unit_s = 0.0

    def step(self, seconds: float) -> bool:
        if self.done:
            return True
        start = unit_start = time.perf_counter()
        try:
            while True:
                self.last = next(self._work)
                now = time.perf_counter()
                self.units += 1
                self.longest_unit_s = max(self.longest_unit_s, now - unit_start)
                unit_start = now
                if now - start >= seconds:
                    return False
        except StopIteration as stop:
            # The work after its last yield is a unit too (issue 34: a forcing net searched there took 4.7 s
            # of a 50 ms slice while longest_unit_s said 48.6 ms).
            self.longest_unit_s = max(self.longest_unit_s, time.perf_counter() - unit_start)
            self.done, self.result = True, stop.value
            return True
        finally:
            self.busy_s += time.perf_counter() - start

    def close(self) -> None:
        """Abandon the work (its generator is closed; nothing runs after this)."""
        self._work.close()
        self.done = True
