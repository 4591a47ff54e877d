"""The operation registry: every operation the page can ask for, by name, and ``version``, which lists
them. To add an operation: write ``op_name(payload) -> dict`` in the module of its kind (core, play,
lab, picture), reading its payload with :mod:`sudoku_core.bridge.payload`, and add it to that module's table.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import sudoku_core
from sudoku_core import METHODS

from .core import CORE_OPS
from .lab import LAB_OPS
from .picture import PICTURE_OPS
from .play import PLAY_OPS, practice_techniques


def op_version(payload: dict) -> dict:
    """The engine and Python versions, the solving methods and the operations on offer."""
    return {
        "version": sudoku_core.__version__,
        "python": ".".join(str(x) for x in sys.version_info[:3]),
        "methods": list(METHODS),
        "ops": sorted(OPS),
        "techniques": practice_techniques(),
    }


#: Operation name -> function(payload) -> result. The only things the page can ask for.
OPS: dict[str, Callable[[dict], dict]] = {
    "version": op_version,
    **CORE_OPS,  # parse, solve, format
    **LAB_OPS,  # the algorithm lab: compare, trace, matrix, batch, samples
    **PLAY_OPS,  # playing: hint, rate, steps, daily (generation runs as a Session job)
    **PICTURE_OPS,  # scan: read a Sudoku from a picture's pixels
}
