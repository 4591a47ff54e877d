"""What the engine's test modules share (imported as ``support``; tests/conftest.py says how the suite is
put together): the regression table's candidate states and a 16x16 sample read by two modules. Test
modules import from here, never from each other."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import TypeVar

from sudoku_core.candidates import State
from sudoku_core.grid import geometry_for_side

T = TypeVar("T")

#: ``SUDOKU_EXHAUSTIVE=1`` turns every sampled sweep back into the whole sweep (bench/exhaustive_tests.py).
EXHAUSTIVE = os.environ.get("SUDOKU_EXHAUSTIVE", "") not in ("", "0")


def sample(items: Sequence[T], k: int, seed: int | str = 0) -> list[T]:
    """A fixed sample of ``k`` of ``items``, drawn with ``random.Random(seed)`` and kept in their order:
    what a sweep checks in the test command. With SUDOKU_EXHAUSTIVE=1, every item (the sweep in full,
    bench/exhaustive_tests.py)."""
    if EXHAUSTIVE or k >= len(items):
        return list(items)
    keep = sorted(random.Random(seed).sample(range(len(items)), k))
    return [items[i] for i in keep]


def decode_state(text: str) -> State:
    """A 9x9 candidate state of the regression table (tests/data/hints/exemplars.tsv): one token a cell,
    ``=d`` for a filled cell, else its candidate digits."""
    values, cand = [], []
    for token in text.split():
        if token.startswith("="):
            values.append(int(token[1:]))
            cand.append(0)
        else:
            values.append(0)
            cand.append(sum(1 << int(d) for d in token))
    return State(geometry_for_side(9), values, cand, unique=True)


# The sample of POJ 3076: 16x16, letters A-P, '-' for blanks, one row of 16 characters per line.
POJ_3076 = """\
--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
"""
POJ_3076_SOLUTION = (
    "FPAHMJECNLBDKOGIOJMIANBDPKCGFLHELNDKGFOIJEAHMBPCBGCELKHPOFIMAJDNMFHBELPOACKJGNIDCILNKDGAHBMOPEFJ"
    "DOGPIHJMFNLECAKBJEKAFCNBGIDPLHOMEBOFPMIJDGHLNKCANCJDHBAEKMOFIGLPHMPLCGKFIAENBDJOAKIGNODLBPJCEFMH"
    "KDEMJIFNCHGAOPBLGLBCDPMHEONKJIAFPHNOBALKMJFIDCEGIAFJOECGLDPBHMNK")


def deselects_e2e(markexpr: str) -> bool:
    """Whether the ``-m`` expression leaves out every test marked e2e, as ``-m "not e2e"`` does (pytest's
    own evaluator: ``-m "not e2e and not slow"`` does too, ``-m "e2e or not e2e"`` does not)."""
    if not markexpr:
        return False
    import pytest
    from _pytest.mark import MarkMatcher
    from _pytest.mark.expression import Expression

    return not Expression.compile(markexpr).evaluate(MarkMatcher.from_markers([pytest.mark.e2e.mark]))


def markexpr_of(args: list[str]) -> str:
    """The ``-m`` expression pytest reads from these arguments (``-m EXPR`` or ``-mEXPR``; the last wins,
    as in argparse), else ""."""
    found = ""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "-m" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("-m") and not arg.startswith("--") and len(arg) > 2:
            found = arg[2:]
    return found


if __name__ == "__main__":
    # tests/run.sh asks: do the arguments (after PYTEST_ADDOPTS, as pytest reads them) select any e2e
    # test? Exit 0 if so, 10 if not (then it needs no browser and no build); a bad -m fails.
    import os
    import shlex
    import sys

    args = [*shlex.split(os.environ.get("PYTEST_ADDOPTS", "")), *sys.argv[1:]]
    sys.exit(10 if deselects_e2e(markexpr_of(args)) else 0)
