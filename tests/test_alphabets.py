"""Every alphabet the page offers works for every operation the page asks (issue 16): a puzzle sent as
digits with its own symbols ("0-9, A-F" for 16x16, "A-P" / "A-Y" letters, a 9x9 in A-I) gets the same
hint, rating, path and solution as in the default symbols. The engine once read the solution back in
the default symbols: 98 "mistakes" on an untouched 0-F grid, and parse errors for letters."""

import pytest

from sudoku_core.bridge import handle
from sudoku_core.generate import generate
from sudoku_core.solvers import as_puzzle

DEFAULT = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALPHABETS = {9: ["ABCDEFGHI"], 16: ["0123456789ABCDEF", "ABCDEFGHIJKLMNOP"], 25: ["ABCDEFGHIJKLMNOPQRSTUVWXY"]}
BOXES = {9: [3, 3], 16: [4, 4], 25: [5, 5]}


def result(op: str, **payload) -> dict:
    reply = handle({"type": op, "payload": payload})
    assert reply["ok"], reply
    return reply["result"]


@pytest.fixture(scope="module")
def puzzles() -> dict:
    return {n: list(as_puzzle(generate(n, seed=n).puzzle).cells) for n in ALPHABETS}


@pytest.mark.parametrize(("n", "symbols"), [(n, s) for n, alphabets in ALPHABETS.items() for s in alphabets])
def test_every_operation_in_every_alphabet_matches_the_default_symbols(puzzles, n, symbols):
    cells = puzzles[n]
    base = {"box": BOXES[n], "cells": cells}
    mine = {**base, "symbols": symbols}
    default = {**base, "symbols": DEFAULT[:n]}
    hint, hint0 = result("hint", **mine), result("hint", **default)
    assert hint["status"] == "step" == hint0["status"]  # an untouched grid: no "mistakes"
    assert hint["step"]["placements"] == hint0["step"]["placements"]
    assert hint["step"]["eliminations"] == hint0["step"]["eliminations"]
    rate, rate0 = result("rate", **mine), result("rate", **default)
    assert (rate["status"], rate["level"], rate["score"]) == (rate0["status"], rate0["level"], rate0["score"])
    steps, steps0 = result("steps", **mine), result("steps", **default)
    assert [s["step"] for s in steps["steps"]] == [s["step"] for s in steps0["steps"]]
    solved = result("solve", **mine, method="dlx", limit=2)
    assert solved["status"] == "unique"
    assert solved["cells"] == result("solve", **default, method="dlx", limit=2)["cells"]
    # With the player's digits entered (right ones), the hint still sees no mistake.
    entered = [0] * len(cells)
    for i in [i for i, g in enumerate(cells) if not g][:n]:
        entered[i] = solved["cells"][0][i]
    assert result("hint", **mine, entered=entered)["status"] in ("step", "solved")
