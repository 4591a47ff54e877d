"""Kraken fish types 1 and 2 (sudoku_core/techniques/kraken.py): the same eliminations as a plain search
that propagates each start afresh, sound along solving paths, a chain from every fin (type 1) or start
place (type 2), and off the solver's ladder. Their exact-elimination rows are in the regression table
(tests/data/hints/exemplars.tsv, test_techniques.py)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from support import EXHAUSTIVE, decode_state

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
KRAKEN_2 = BY_ID["kraken_fish_2"]


def fixture_row(technique: str = "kraken_fish_1") -> tuple[str, State, str]:
    for line in FIXTURE.read_text().splitlines():
        _, _, tech, givens, state, _, elims = line.split("\t")
        if tech == technique:
            return givens, decode_state(state), elims
    raise AssertionError("no Kraken fish row in the regression table")


def fish_and_branches(state: State):
    """Every rows/columns fish of size 2-4 with at most 5 fins, all left open by the position's singles
    (every base line meeting the cover), as ``(d, base, cover, base places, cover places, fins)``; the
    position after its singles ``(W, P)``; and ``branch(c, d)``: a fresh propagation of "``c`` is ``d``"
    (None when it contradicts itself). Nothing shared with the finder but the propagation."""
    geo, t = state.geo, state.t
    n, hb = geo.n, t.house_bits
    tab = _tab(geo.key)
    W, P = _base(state)
    P = propagate(W, P, tab)
    assert P >= 0
    memo: dict[tuple[int, int], list[int] | None] = {}

    def branch(c: int, d: int) -> list[int] | None:
        if (c, d) not in memo:
            X = list(W)
            Q = _place(X, P, tab, d, 1 << c) if X[d] >> c & 1 else -1
            memo[c, d] = X if Q >= 0 and propagate(X, Q, tab) >= 0 else None
        return memo[c, d]

    fish = []
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
                        if fins.bit_count() <= 5 and all(hb[h] & C for h in base) and not fins & ~(W[d] & ~P):
                            fish.append((d, base, cover, B, C, fins))
    return fish, W, P, branch


def expected(state: State, found=None) -> set[tuple[int, int]]:
    """Every Kraken type 1 elimination, by the definition: for each finned fish, each place ``t`` of the
    cover outside the base that the position's singles leave open and that does not see every fin, and
    every fin's branch removes ``t`` (or contradicts itself). ``found``: the position's
    :func:`fish_and_branches`, if already made."""
    peer = state.t.peer_bits
    fish, W, P, branch = found or fish_and_branches(state)
    out = set()
    for d, _, _, B, C, fins in fish:
        if not fins:
            continue
        for x in bits(C & ~B & W[d] & ~P):
            if any(not peer[f] >> x & 1 for f in bits(fins)) and all(
                    (r := branch(f, d)) is None or not r[d] >> x & 1 for f in bits(fins)):
                out.add((x, d))
    return out


def expected_2(state: State, found=None) -> set[tuple[int, int]]:
    """Every Kraken type 2 elimination, by the definition: for each fish and each cover house, the
    starts (base places in the house and fins, those the singles rule out left out; none the singles
    place; not every place of the house when there is no fin), and every open candidate that each
    start's branch removes (a contradicted branch removes everything), when some branch holds.
    The eliminations depend only on the digit and the starts, which many fish share: each set of starts
    is worked out once, and its branches' removals are intersected as bit masks (a candidate is out
    when no live branch keeps it). ``found``: the position's :func:`fish_and_branches`, if made."""
    hb = state.t.house_bits
    fish, W, P, branch = found or fish_and_branches(state)
    n = state.geo.n
    out = set()
    seen: set[tuple[int, int]] = set()
    for d, _, cover, B, _, fins in fish:
        open_d = W[d] & ~P
        for h in cover:
            S = (B & hb[h]) | fins
            if S & P & W[d]:
                continue
            S &= open_d
            if not S or (not fins and hb[h] & open_d == S) or (d, S) in seen:
                continue
            seen.add((d, S))
            live = [r for c in bits(S) if (r := branch(c, d)) is not None]
            if live:
                for e in range(1, n + 1):
                    kept = 0
                    for r in live:
                        kept |= r[e]
                    out.update((x, e) for x in bits(W[e] & ~P & ~kept))
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


def test_type_2_finds_exactly_the_eliminations_of_the_definition():
    _, state, _ = fixture_row("kraken_fish_2")
    want = expected_2(state)
    assert want
    assert {e for s in KRAKEN_2.find(state) for e in s.eliminations} == want


@pytest.mark.slow
def test_the_same_along_a_diabolical_path_and_nothing_where_there_is_none():
    """Exact eliminations of both types at every 16th position of a diabolical puzzle's path (positions 0,
    16, 32, 48 and 64: three where both types fire, two where the definition gives none and the
    finders must not fire), every position with SUDOKU_EXHAUSTIVE=1 (bench/exhaustive_tests.py). The
    definitions are brute force: Type 2's takes 1-4 s of CPU where it fires; the suite's single longest
    unit test walked every 8th position, 19 s of CPU, before."""
    quiet = fired = 0
    for _, state in path_positions("sudokuexchange_diabolical_se5plus", 1, every=1 if EXHAUSTIVE else 16):
        found = fish_and_branches(state)  # the fish and branches of both definitions, made once
        for finder, definition in ((KRAKEN, expected), (KRAKEN_2, expected_2)):
            want = definition(state, found)
            assert {e for s in finder.find(state) for e in s.eliminations} == want
            quiet += not want
            fired += bool(want)
    assert quiet and fired


def test_they_do_not_fire_where_singles_decide_everything():
    """Must not fire: at the start of easy puzzles, singles alone solve the grid, so every candidate a
    Kraken fish could name is already decided."""
    for line in (SAMPLES / "qqwing_easy.txt").read_text().split()[:5]:
        state = State.from_puzzle(parse(line), unique=True)
        assert list(KRAKEN.find(state)) == list(KRAKEN_2.find(state)) == []


@pytest.mark.slow
def test_steps_are_sound_and_carry_the_fish_and_a_chain_from_every_fin():
    """On the paths of hard puzzles: no elimination contradicts the solution, none sees every fin (that
    is a plain finned fish), the fish's cells are its base places outside the fins, and every fin starts
    a link of the step's chains. At every 6th position of two puzzles' paths from each set (about a
    thousand steps; the finders are most of the time, 10.8 s of CPU at every 3rd position, which gave
    about 2,000), every position with SUDOKU_EXHAUSTIVE=1 (bench/exhaustive_tests.py)."""
    steps = 0
    for name in ("tdoku_forum_hardest_1106", "sudokuexchange_diabolical_se5plus"):
        for solution, state in path_positions(name, 2, every=1 if EXHAUSTIVE else 6):
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
            for step in KRAKEN_2.find(state):
                steps += 1
                (d,) = step.digits
                assert all(solution[c] != dd for c, dd in step.eliminations), step
                assert step.candidates and step.cover[0] not in step.houses
                starts = {link[0] for link in step.links}
                assert all((cd,) in starts for cd in step.candidates), step
                cover = state.t.house_bits[step.cover[0]]
                assert all(cover >> c & 1 for c in step.cells if (c, d) not in step.fins)
    assert steps > 50, steps


@pytest.mark.parametrize("tech", ["kraken_fish_1", "kraken_fish_2"])
def test_they_are_off_the_ladder_but_in_find_steps(tech):
    assert tech not in {t.id for t in for_variant("classic")}
    assert tech in {t.id for t in for_variant("classic", ladder=False)}
    givens, state, _ = fixture_row(tech)
    assert tech in {s.technique for s in find_steps(state)}
    assert next_step(state).technique not in ("kraken_fish_1", "kraken_fish_2")
    assert not {"kraken_fish_1", "kraken_fish_2"} & {s.technique for s in rate(givens).steps}
    with pytest.raises(Exception, match="not on the rater's ladder"):
        generate(9, seed=1, technique=tech)


def test_a_position_beyond_the_forcing_budget_gives_nothing():
    """The implications come from the forcing analysis, which a wide-open 16x16 exceeds: no step."""
    geo = geometry_for_side(16)
    state = State.from_values(geo, [0] * geo.ncells, unique=False)
    state.place(0, 1)
    assert list(KRAKEN.find(state)) == list(KRAKEN_2.find(state)) == []
