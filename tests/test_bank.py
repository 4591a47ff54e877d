"""The New game bank (web/js/bank.js): puzzles shipped with the page for the slow levels. Each must have
exactly one solution (DLX and backtracking agree), be rated at the level it is filed under, have the
bank's 180-degree symmetry, and be written in the page's default symbols, each only once. The variants'
puzzles (keys "S|L|V") are in their one-line forms and are held to the same, under their own rules."""

import re
from pathlib import Path

import pytest

from sudoku_core.generate import is_symmetric
from sudoku_core.rate import rate
from sudoku_core.solvers import as_puzzle, count_solutions, solve

SOURCE = (Path(__file__).resolve().parent.parent / "web" / "js" / "bank.js").read_text(encoding="utf-8")
SECTIONS = re.findall(r'"(\d+)\|(\w+)(?:\|(\w+))?(?:\|givens)?": \[\n((?:\s+"[^"]+",\n)*)\s+\]', SOURCE)
#: (side, level, variant, line): a variant's lines are in its one-line form ("x:DIGITS", "jigsaw:DIGITS:REGIONS",
#: "killer:DIGITS:CAGEMAP:SUMS").
ENTRIES = [(int(n), level, variant or "classic", p) for n, level, variant, block in SECTIONS
           for p in re.findall(r'"([^"]+)"', block)]
DEFAULT = "123456789ABCDEFGHIJKLMNOP"


def test_the_bank_has_every_slow_level_and_no_repeats():
    assert {(n, level, v) for n, level, v, _ in ENTRIES} >= {
        (9, "expert", "classic"), (9, "extreme", "classic"), (9, "expert", "x"), (9, "extreme", "x"),
        (9, "expert", "windoku"), (9, "extreme", "windoku"), (9, "hard", "jigsaw"), (9, "expert", "jigsaw"),
        (9, "extreme", "jigsaw"), (9, "medium", "killer"), (9, "expert", "killer"), (9, "extreme", "killer")}
    puzzles = [p for _, _, _, p in ENTRIES]
    assert len(puzzles) == len(set(puzzles))


@pytest.mark.parametrize(("n", "level", "variant", "line"), ENTRIES,
                         ids=[f"{n}-{lv}-{v}-{i}" for i, (n, lv, v, _) in enumerate(ENTRIES)])
def test_each_banked_puzzle_is_unique_at_its_level_and_symmetric(n, level, variant, line):
    fields = line.split(":")
    assert fields[0] == variant if variant != "classic" else len(fields) == 1
    puzzle = fields[1] if variant != "classic" else line
    assert len(puzzle) == n * n and set(puzzle) <= set(DEFAULT[:n] + ".")
    p = as_puzzle(line)
    assert p.geometry.variant == variant
    assert count_solutions(p, limit=2, method="dlx") == 1
    if n <= 12:  # a second solver agrees (the backtracker is slow to prove a 16x16 unique)
        assert count_solutions(p, limit=2, method="backtrack") == 1
        assert solve(p, method="backtrack").solutions == solve(p, method="dlx").solutions
    assert rate(p).level == level
    assert is_symmetric(p.geometry, list(p.cells), "rot180")
