"""Framework and per-technique tests: the state, the table, apply_step, and each finder on small
positions where it must fire (exact eliminations) or must not."""

from __future__ import annotations

import pytest

from sudoku_core import parse
from sudoku_core.candidates import State, bits
from sudoku_core.grid import geometry_for_side
from sudoku_core.rate import find_steps, logic_solve, next_step
from sudoku_core.step import Step, apply_step
from sudoku_core.techniques import BY_ID, LEVELS, TABLE

PUZZLE = ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."


def test_table_ids_are_unique_snake_case_with_levels():
    ids = [t.id for t in TABLE]
    assert len(ids) == len(set(ids))
    for t in TABLE:
        assert t.id == t.id.lower() and " " not in t.id
        assert t.level in LEVELS
        assert 1.0 <= t.score <= 11.0
        assert callable(t.find)
    assert BY_ID["hidden_single"].level == "easy"


def test_state_from_values_matches_peers():
    p = parse(PUZZLE)
    s = State.from_puzzle(p)
    geo = p.geometry
    for c in range(81):
        if p.cells[c]:
            assert s.cand[c] == 0
        else:
            seen = {p.cells[q] for q in geo.peers[c]}
            assert set(bits(s.cand[c])) == set(range(1, 10)) - seen
    for d in range(1, 10):
        assert s.where[d] == sum(1 << c for c in range(81) if s.cand[c] >> d & 1)


def test_place_and_eliminate_keep_views_in_step():
    s = State.from_puzzle(parse(PUZZLE))
    c = s.values.index(0)
    d = next(bits(s.cand[c]))
    s.place(c, d)
    other = s.values.index(0)
    e = next(bits(s.cand[other]))
    s.eliminate(other, e)
    for dd in range(1, 10):
        assert s.where[dd] == sum(1 << x for x in range(81) if s.cand[x] >> dd & 1)
    assert s.values[c] == d


def test_pencil_state_keeps_player_marks_and_drops_forbidden_ones():
    p = parse(PUZZLE)
    geo = p.geometry
    computed = State.from_puzzle(p)
    pencil = [0] * 81
    c = p.cells.index(0)
    placed_peer = next(p.cells[q] for q in geo.peers[c] if p.cells[q])
    pencil[c] = computed.cand[c] & -computed.cand[c] | 1 << placed_peer
    s = State.from_pencil(geo, p.cells, pencil)
    assert s.cand[c] == computed.cand[c] & -computed.cand[c]
    other = next(x for x in range(81) if not p.cells[x] and x != c)
    assert s.cand[other] == computed.cand[other]


def test_apply_step_and_to_dict():
    p = parse(PUZZLE)
    s = State.from_puzzle(p)
    step = next_step(s)
    assert isinstance(step, Step) and step.progress
    (c, d), = step.placements
    apply_step(s, step)
    assert s.values[c] == d
    data = step.to_dict(p.geometry)
    assert data["placements"] == [[c // 9 + 1, c % 9 + 1, d]]


def test_logic_solve_easy_puzzle():
    s = State.from_puzzle(parse(PUZZLE))
    path, solved = logic_solve(s)
    assert solved and s.solved() and path


@pytest.mark.parametrize("side", [4, 6, 9, 16])
def test_every_finder_runs_on_every_size(side):
    geo = geometry_for_side(side)
    s = State.from_values(geo, [0] * geo.ncells, unique=False)
    s.place(0, 1)
    for tech in TABLE:
        for step in tech.find(s):
            assert step.technique == tech.id
            break
    list(find_steps(s))
