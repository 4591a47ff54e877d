"""The page's starter bank (web/js/starter.js): the first puzzle a new player sees, before the engine
is ready. Each must have exactly one solution, found alike by DLX and by backtracking, and rate at the
level the page announces."""

import re
from pathlib import Path

import pytest

from sudoku_core.rate import rate
from sudoku_core.solvers import count_solutions, solve

SOURCE = (Path(__file__).resolve().parent.parent / "web" / "js" / "starter.js").read_text(encoding="utf-8")
STARTERS = re.findall(r'"([.1-9]{81})"', SOURCE)
LEVEL = re.search(r'STARTER_LEVEL = "(\w+)"', SOURCE).group(1)


def test_the_bank_holds_distinct_puzzles():
    assert len(STARTERS) >= 20
    assert len(set(STARTERS)) == len(STARTERS)


@pytest.mark.parametrize("puzzle", STARTERS)
def test_each_starter_is_unique_and_at_its_level(puzzle):
    assert count_solutions(puzzle, limit=2, method="dlx") == 1
    assert count_solutions(puzzle, limit=2, method="backtrack") == 1
    solution = solve(puzzle, method="dlx").solutions[0]
    assert solve(puzzle, method="backtrack").solutions[0] == solution
    assert rate(puzzle).level == LEVEL
