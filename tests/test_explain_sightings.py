"""Why a single is one (sudoku_core.step.sightings): the placed digits that rule the rest out, checked
on every single of real solution paths."""

from __future__ import annotations

import pytest

from sudoku_core import parse
from sudoku_core.candidates import State
from sudoku_core.rate import next_step
from sudoku_core.step import sightings

PUZZLES = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "...3.....21..1..",  # 4x4 (generate --size 4 --seed 3): boxes of two by two
]


def walk(text):
    """Every step of the logic path of ``text`` (no notes), with the board before it."""
    p = parse(text)
    geo = p.geometry
    values = list(p.cells)
    while not all(values):
        step = next_step(State.from_values(geo, values, unique=False))
        if step is None or not step.placements:
            return
        yield geo, list(values), step
        for c, d in step.placements:
            values[c] = d


@pytest.mark.parametrize("text", PUZZLES)
def test_every_single_is_explained_by_placed_digits(text):
    singles = 0
    for geo, values, step in walk(text):
        pairs = sightings(step, geo, values)
        if step.technique not in ("hidden_single", "naked_single"):
            assert pairs == []
            continue
        singles += 1
        cell, digit = step.placements[0]
        for q, x in pairs:
            assert values[q] and not values[x] and q in geo.peers[x]
        if step.technique == "hidden_single":
            house = geo.houses[step.houses[0]]
            assert all(values[q] == digit for q, _ in pairs)
            # without notes, every other open cell of the house is ruled out by a placed copy of the digit
            assert sorted(x for _, x in pairs) == [x for x in house if x != cell and not values[x]]
        else:
            assert all(x == cell for _, x in pairs)
            # without notes, every other digit is placed among the cell's peers: one sighting each
            assert sorted(values[q] for q, _ in pairs) == [d for d in range(1, geo.n + 1) if d != digit]
    assert singles


def test_other_steps_and_empty_steps_have_none():
    from sudoku_core.step import Step

    geo = parse(PUZZLES[0]).geometry
    assert sightings(Step("naked_pair", eliminations=((0, 1),)), geo, [0] * 81) == []
