"""The lab's ladder of methods (sudoku_core.solvers.ladder): one way of counting for every rung,
counts checked by hand on a small grid, DLX in plain order equal to the naive search step for step,
and each rung never branching more than the one below it (but where the note says why)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from support import sample

from sudoku_core import parse
from sudoku_core.grid import geometry
from sudoku_core.lab_samples import SAMPLES
from sudoku_core.solvers import engine, ladder, solve

COUNTS = ("nodes", "placements", "branch_points", "guesses", "eliminations", "max_depth")
BUDGET = 20_000


def run(rung: str, cells: list[int], geo, limit: int = 2, node_limit: int | None = BUDGET):
    return engine(rung)(geo, list(cells), limit, node_limit)


@pytest.mark.parametrize("rung", ladder.RUNGS)
def test_counts_by_hand_on_an_empty_4x4(rung):
    """The naive search of an empty 4x4 (reading order, smallest digit first) never backtracks:
    r1 = 1 2 3 4, r2 = 3 4 1 2, r3 = 2 1 4 3, r4 = 4 3 2 1. It chooses among two or more candidates at
    r1c1 (4), r1c2 (3), r1c3 (2), r2c1 (3 4), r2c3 (1 2), r3c1 (2 4) and r3c2 (1 3): 7 branch points,
    one try each; 16 placements, 17 nodes with the root, 16 levels deep. Of the 64 candidates, the 16
    placed are not struck and every other one is: 48 eliminations. Every rung finds the same grid
    the same way (the rules only turn tries into forced placements, which are not nodes)."""
    s = run(rung, [0] * 16, geometry(2, 2), limit=1, node_limit=None)
    assert s.solutions == [[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]]
    assert [s.stats[k] for k in ("placements", "branch_points", "guesses", "eliminations")] == [16, 7, 7, 48]
    forced = ladder.BACKTRACK_RUNGS.get(rung, ("", ()))[1]
    assert (s.stats["nodes"], s.stats["max_depth"]) == ((8, 7) if forced else (17, 16))


def samples(k: int = 8) -> list[str]:
    """The first ``k`` of each of the lab's 9x9 sample sets (easy, 17 clues, hardest, and the X, Windoku
    and Jigsaw of the variants: their houses are houses to every rung; a Killer is the DLX rungs' alone)."""
    return [text for name, (_, puzzles) in SAMPLES.items() if name != "study" for text in puzzles[:k]
            if not text.startswith("killer:")]


@pytest.mark.parametrize("text", samples(4))
def test_dlx_in_plain_order_is_the_naive_search_step_for_step(text):
    """DLX's first item left is the first empty cell, and its options are the digits that fit, in
    order: the two searches are the same tree, and count it the same."""
    p = parse(text, check=False)
    a, b = run("naive", p.cells, p.geometry), run("dlx-plain", p.cells, p.geometry)
    assert [a.stats[k] for k in COUNTS] == [b.stats[k] for k in COUNTS]
    assert (a.solutions, a.gave_up) == (b.solutions, b.gave_up)


@pytest.mark.slow
def test_each_rung_branches_no_more_than_the_one_below():
    """On the lab's samples: naive >= fewest >= naked >= hidden, and DLX plain >= DLX fewest, puzzle by
    puzzle (where both finished). Locked candidates may take a few more branch points than hidden
    singles alone on a puzzle (its strikes change which cell has the fewest candidates, and so the
    tree; 2 of the 72 samples), never more over the set. A seeded 24 of the 72 (all of them with
    SUDOKU_EXHAUSTIVE=1, bench/exhaustive_tests.py: 33 s of CPU)."""
    chain = ["naive", "fewest", "naked", "hidden"]
    totals = {"hidden": 0, "locked": 0}
    for text in sample(samples(24), 24, seed="ladder"):
        p = parse(text, check=False)
        fast = {r: run(r, p.cells, p.geometry, node_limit=200_000) for r in ("naked", "hidden", "locked", "dlx-fewest")}
        slow = {r: run(r, p.cells, p.geometry) for r in ("naive", "fewest", "dlx-plain")}
        got = {**fast, **slow}
        for lower, upper in [*pairwise(chain), ("dlx-plain", "dlx-fewest")]:
            if not got[lower].gave_up and not got[upper].gave_up:
                assert got[upper].stats["branch_points"] <= got[lower].stats["branch_points"], (text, lower, upper)
        for r in totals:
            totals[r] += got[r].stats["branch_points"]
    assert totals["locked"] <= totals["hidden"]


def table_rows() -> list[tuple[str, str]]:
    """The engines' shared table (tests/data/solver_table.txt): (puzzle, count) for every size, with none,
    one or several solutions."""
    path = Path(__file__).parent / "data" / "solver_table.txt"
    return [tuple(line.split(":")[:2]) for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def test_on_the_shared_table_each_rung_branches_no_more_than_the_one_below():
    """Where a puzzle has one solution or none, the whole tree is searched and the rungs compare; with
    several, each stops at its second solution, wherever its order found it, so only the counts do.
    Grids up to 12x12: the readable rungs spend up to half a millisecond a node on 25x25, so the bigger
    rows would take minutes at this budget (tests/test_solvers.py runs every rung on them)."""
    chain = ["naive", "fewest", "naked", "hidden"]
    for text, count in table_rows():
        p = parse(text, check=False)
        if p.geometry.n > 12:
            continue
        got = {r: run(r, p.cells, p.geometry, node_limit=5_000) for r in ladder.RUNGS}
        for lower, upper in [*pairwise(chain), ("dlx-plain", "dlx-fewest")]:
            if not got[lower].gave_up and not got[upper].gave_up and count in ("0", "1"):
                assert got[upper].stats["branch_points"] <= got[lower].stats["branch_points"], (text, lower, upper)
        # And every rung that finished agrees on the count of solutions (up to two).
        counts = {len(s.solutions) for s in got.values() if not s.gave_up}
        assert len(counts) == 1, (text, {r: len(s.solutions) for r, s in got.items()})


@pytest.mark.parametrize("rung", ladder.RUNGS)
def test_every_rung_agrees_with_the_production_engines_and_proves_uniqueness(rung):
    for text in samples(3):
        p = parse(text, check=False)
        s = run(rung, p.cells, p.geometry, node_limit=None if rung not in ("naive", "fewest", "dlx-plain") else BUDGET)
        if s.gave_up:
            continue
        assert [p.with_cells(g).to_line() for g in s.solutions] == solve(p, method="dlx", limit=2).solutions


def test_equal_givens_in_a_house_have_no_solution_and_no_search():
    geo = geometry(2, 2)
    for rung in ladder.RUNGS:
        s = run(rung, [1, 1] + [0] * 14, geo)
        assert s.solutions == [] and not s.gave_up and s.stats["nodes"] == 1
