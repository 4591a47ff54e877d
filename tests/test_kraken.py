"""Kraken fish type 1 (sudoku_core/techniques/kraken.py): the same eliminations as a plain search that
propagates each fin afresh, sound along solving paths, a chain from every fin, and off the solver's
ladder. Its exact-elimination row is in the regression table (tests/data/hints/exemplars.tsv,
test_techniques.py)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from sudoku_core import parse, solve
from sudoku_core.candidates import State, bits
from sudoku_core.generate import generate
from sudoku_core.grid import geometry_for_side
from sudoku_core.rate import find_steps, next_step, rate
from sudoku_core.step import apply_step
from sudoku_core.techniques import BY_ID, for_variant
from sudoku_core.techniques.forcing import _base, _place, _tab, propagate

SAMPLES = Path(__file__).parent / "data" / "samples"
FIXTURE = Path(__file__).parent / "data" / "hints" / "exemplars.tsv"
KRAKEN = BY_ID["kraken_fish_1"]


def decode_state(text: str) -> State:
    values = [int(t[1:]) if t.startswith("=") else 0 for t in text.split()]
    cand = [0 if t.startswith("=") else sum(1 << int(d) for d in t) for t in text.split()]
    return State(geometry_for_side(9), values, cand, unique=True)


def fixture_row() -> tuple[str, State, str]:
    for line in FIXTURE.read_text().splitlines():
        _, _, tech, givens, state, _, elims = line.split("\t")
        if tech == "kraken_fish_1":
            return givens, decode_state(state), elims
    raise AssertionError("no Kraken fish row in the regression table")


def expected(state: State) -> set[tuple[int, int]]:
    """Every Kraken type 1 elimination, by the definition and nothing shared with the finder: each rows /
    columns fish of size 2-4 with 1-5 fins left open by the position's singles (every base line meeting
    the cover), each place ``t`` of the
    cover outside the base that the position's singles leave open and that does not see every fin, and
    for each fin a fresh propagation of "fin is the digit" that removes ``t`` or contradicts itself."""
    geo, t = state.geo, state.t
    n, hb, peer = geo.n, t.house_bits, t.peer_bits
    tab = _tab(geo.key)
    W, P = _base(state)
    P = propagate(W, P, tab)
    assert P >= 0
    branch: dict[tuple[int, int], list[int] | None] = {}

    def removes(f: int, d: int, target: int) -> bool:
        if (f, d) not in branch:
            X = list(W)
            Q = _place(X, P, tab, d, 1 << f) if X[d] >> f & 1 else -1
            branch[f, d] = X if Q >= 0 and propagate(X, Q, tab) >= 0 else None
        got = branch[f, d]
        return got is None or not got[d] >> target & 1

    out = set()
    for d in range(1, n + 1):
        wd = state.where[d]
        for k in (2, 3, 4):
            for bk, ck in ((0, 1), (1, 0)):
                for base in combinations(range(bk * n, bk * n + n), k):
                    B = sum(hb[h] & wd for h in base)
                    for cover in combinations(range(ck * n, ck * n + n), k):
                        C = 0
                        for h in cover:
                            C |= hb[h] & wd
                        fins = B & ~C
                        if not 1 <= fins.bit_count() <= 5 or any(not hb[h] & C for h in base) or \
                                fins & ~(W[d] & ~P):  # a fin the singles decide makes a plainer fish
                            continue
                        for x in bits(C & ~B & W[d] & ~P):
                            if any(not peer[f] >> x & 1 for f in bits(fins)) and all(
                                    removes(f, d, x) for f in bits(fins)):
                                out.add((x, d))
    return out


def path_positions(name: str, count: int, every: int = 1):
    """``(solution, state)`` at every ``every``-th position of the logic paths of the first puzzles of a set."""
    for line in (SAMPLES / f"{name}.txt").read_text().split()[:count]:
        solution = parse(solve(line).solutions[0]).cells
        state = State.from_puzzle(parse(line), unique=True)
        i = 0
        while not state.solved():
            if i % every == 0:
                yield solution, state
            i += 1
            step = next_step(state)
            if step is None:
                break
            apply_step(state, step)


def test_the_finder_finds_exactly_the_eliminations_of_the_definition():
    _, state, _ = fixture_row()
    want = expected(state)
    assert want
    assert {e for s in KRAKEN.find(state) for e in s.eliminations} == want


def test_the_same_along_a_diabolical_path_and_nothing_where_there_is_none():
    """Exact eliminations at every fourth position of a diabolical puzzle's path, including positions
    where the definition gives none and the finder must not fire."""
    quiet = fired = 0
    for _, state in path_positions("sudokuexchange_diabolical_se5plus", 1, every=4):
        want = expected(state)
        assert {e for s in KRAKEN.find(state) for e in s.eliminations} == want
        quiet += not want
        fired += bool(want)
    assert quiet and fired


def test_it_does_not_fire_where_singles_decide_everything():
    """Must not fire: at the start of easy puzzles, singles alone solve the grid, so every place a
    Kraken fish could name is already decided."""
    for line in (SAMPLES / "qqwing_easy.txt").read_text().split()[:5]:
        assert list(KRAKEN.find(State.from_puzzle(parse(line), unique=True))) == []


def test_steps_are_sound_and_carry_the_fish_and_a_chain_from_every_fin():
    """On the paths of hard puzzles: no elimination contradicts the solution, none sees every fin (that
    is a plain finned fish), the fish's cells are its base places outside the fins, and every fin starts
    a link of the step's chains."""
    steps = 0
    for name in ("tdoku_forum_hardest_1106", "sudokuexchange_diabolical_se5plus"):
        for solution, state in path_positions(name, 2, every=3):
            peer = state.t.peer_bits
            for step in KRAKEN.find(state):
                steps += 1
                (d,) = step.digits
                assert all(solution[c] != dd for c, dd in step.eliminations), step
                fins = [f for f, _ in step.fins]
                assert 1 <= len(fins) <= 5
                assert all(any(not peer[f] >> c & 1 for f in fins) for c, _ in step.eliminations)
                assert {h // 9 for h in step.houses} != {h // 9 for h in step.cover}
                starts = {link[0] for link in step.links}
                assert all(((f, d),) in starts for f in fins), step
    assert steps > 50


def test_it_is_off_the_ladder_but_in_find_steps():
    assert "kraken_fish_1" not in {t.id for t in for_variant("classic")}
    assert "kraken_fish_1" in {t.id for t in for_variant("classic", ladder=False)}
    givens, state, _ = fixture_row()
    assert "kraken_fish_1" in {s.technique for s in find_steps(state)}
    assert next_step(state).technique != "kraken_fish_1"
    assert "kraken_fish_1" not in {s.technique for s in rate(givens).steps}
    with pytest.raises(Exception, match="not on the rater's ladder"):
        generate(9, seed=1, technique="kraken_fish_1")


def test_a_position_beyond_the_forcing_budget_gives_nothing():
    """The implications come from the forcing analysis, which a wide-open 16x16 exceeds: no step."""
    geo = geometry_for_side(16)
    state = State.from_values(geo, [0] * geo.ncells, unique=False)
    state.place(0, 1)
    assert list(KRAKEN.find(state)) == []
