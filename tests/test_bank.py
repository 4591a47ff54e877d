"""The New game bank (web/js/bank.js): puzzles shipped with the page for the slow levels. Each must have
exactly one solution (DLX and backtracking agree), be rated at the level it is filed under, have the
bank's 180-degree symmetry, and be written in the page's default symbols, each only once. The variants'
puzzles (keys "S|L|V") are in their one-line forms and are held to the same, under their own rules.

Rating is most of the cost (seconds for a 16x16 Extreme): every entry is checked for everything else here,
and a seeded sample of RATED_PER_SECTION entries of each section is rated too. bench/bank_sweep.py rates
every entry (the exhaustive run, with figures per section)."""

import random
import re
from pathlib import Path

import pytest

from sudoku_core.extremes import bank_lists
from sudoku_core.generate import is_symmetric
from sudoku_core.rate import rate
from sudoku_core.solvers import as_puzzle, count_solutions, solve

SOURCE = (Path(__file__).resolve().parent.parent / "web" / "js" / "bank.js").read_text(encoding="utf-8")
SECTIONS = re.findall(r'"(\d+)\|(\w+)(?:\|(\w+))?(?:\|givens)?": \[\n((?:\s+"[^"]+",\n)*)\s+\]', SOURCE)
#: (side, level, variant, line): a variant's lines are in its one-line form ("x:DIGITS", "jigsaw:DIGITS:REGIONS",
#: "killer:DIGITS:CAGEMAP:SUMS").
#: The Extremes (but Killer's) are not in bank.js: build.py writes them from the engine's catalogue.
ENTRIES = [(int(n), level, variant or "classic", p) for n, level, variant, block in SECTIONS
           for p in re.findall(r'"([^"]+)"', block)] + [
    (int(key.split("|")[0]), "extreme", key.split("|")[2] if key.count("|") == 2 else "classic", p)
    for key, lines in bank_lists().items() for p in lines]
DEFAULT = "123456789ABCDEFGHIJKLMNOP"


def test_the_bank_has_every_slow_level_and_no_repeats():
    assert {(n, level, v) for n, level, v, _ in ENTRIES} >= {
        (9, "expert", "classic"), (9, "extreme", "classic"), (9, "expert", "x"), (9, "extreme", "x"),
        (9, "expert", "windoku"), (9, "extreme", "windoku"), (9, "hard", "jigsaw"), (9, "expert", "jigsaw"),
        (9, "extreme", "jigsaw"), (9, "medium", "killer"), (9, "expert", "killer"), (9, "extreme", "killer")}
    puzzles = [p for _, _, _, p in ENTRIES]
    assert len(puzzles) == len(set(puzzles))


#: How many entries of each section (side, level, variant) the test rates; the same ones every run.
RATED_PER_SECTION = 2


def rated_sample(entries=ENTRIES, k: int = RATED_PER_SECTION) -> set[str]:
    """The lines rated by the test: ``k`` of each section, drawn with the section's name as the seed."""
    sections: dict[tuple[int, str, str], list[str]] = {}
    for n, level, variant, line in entries:
        sections.setdefault((n, level, variant), []).append(line)
    return {line for key, lines in sections.items()
            for line in random.Random("bank-" + "-".join(map(str, key))).sample(lines, min(k, len(lines)))}


def check_entry(n: int, level: str, variant: str, line: str, rated: bool = True) -> None:
    """One banked puzzle, in its symbols and one-line form, unique by both engines, symmetric, and (when
    ``rated``) rated at the level it is filed under."""
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
    assert is_symmetric(p.geometry, list(p.cells), "rot180")
    if rated:
        assert rate(p).level == level


RATED = rated_sample()


def test_the_rated_sample_takes_from_every_section_and_stays_the_same():
    sections = {(n, level, v) for n, level, v, _ in ENTRIES}
    assert {(n, level, v) for n, level, v, line in ENTRIES if line in RATED} == sections
    assert len(RATED) <= RATED_PER_SECTION * len(sections)
    assert rated_sample() == RATED


@pytest.mark.parametrize(("n", "level", "variant", "line"), ENTRIES,
                         ids=[f"{n}-{lv}-{v}-{i}" for i, (n, lv, v, _) in enumerate(ENTRIES)])
def test_each_banked_puzzle_is_unique_at_its_level_and_symmetric(n, level, variant, line):
    check_entry(n, level, variant, line, rated=line in RATED)
