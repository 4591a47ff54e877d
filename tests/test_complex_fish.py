"""Franken and Mutant fish (sudoku_core/techniques/complex_fish.py): the template check they lean on, the
kinds they report, where they must not fire, and that they stay off the solver's ladder. Their
exact-elimination rows are in the regression table (tests/data/hints/exemplars.tsv, test_techniques.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from support import decode_state

from sudoku_core import parse, solve
from sudoku_core.candidates import State, bits
from sudoku_core.generate import generate
from sudoku_core.grid import geometry_for_side
from sudoku_core.rate import find_steps, next_step, rate
from sudoku_core.step import apply_step
from sudoku_core.techniques import BY_ID, TABLE, for_variant
from sudoku_core.techniques.complex_fish import FRANKEN, MUTANT, kind_of, template_cells

SAMPLES = Path(__file__).parent / "data" / "samples"
FIXTURE = Path(__file__).parent / "data" / "hints" / "exemplars.tsv"
COMPLEX = tuple(t for t in TABLE if t.finder.startswith("complex_fish:"))


def fixture_rows(prefix: tuple[str, ...] = ("franken", "mutant", "finned_franken", "finned_mutant")):
    for line in FIXTURE.read_text().splitlines():
        number, _section, tech, givens, state, _pl, _el = line.split("\t")
        if tech.startswith(prefix):
            yield number, tech, givens, decode_state(state)


def test_every_complex_fish_has_a_row_in_the_regression_table():
    assert {tech for _, tech, _, _ in fixture_rows()} == {t.id for t in COMPLEX}
    assert len(COMPLEX) == 12


def test_the_kinds_follow_hodoku():
    assert kind_of({0}, {1}) == kind_of({1}, {0}) == "basic"
    assert kind_of({0, 2}, {1}) == kind_of({0}, {1, 2}) == kind_of({2}, {0}) == FRANKEN
    assert kind_of({0, 1}, {2}) == kind_of({0}, {0, 1}) == kind_of({2}, {0, 1}) == MUTANT


@pytest.mark.parametrize(("number", "tech", "givens", "state"), list(fixture_rows()))
def test_every_step_is_its_own_kind_and_sound(number, tech, givens, state):
    """Every step of the finder (not only the first) on the fixture's position: base and cover are of
    the finder's kind, no house in both, fins only in a finned fish, every base place outside the
    cover a fin, and no elimination contradicts the solution."""
    n = state.geo.n
    solution = parse(solve(givens).solutions[0]).cells
    kind = FRANKEN if "franken" in tech else MUTANT
    steps = list(BY_ID[tech].find(state))
    assert steps
    for step in steps:
        (d,) = step.digits
        assert kind_of({h // n for h in step.houses}, {h // n for h in step.cover}) == kind
        assert not set(step.houses) & set(step.cover)
        assert bool(step.fins) == tech.startswith("finned_")
        cover = 0
        for h in step.cover:
            cover |= state.t.house_bits[h]
        base = set()
        for h in step.houses:
            base |= set(bits(state.t.house_bits[h] & state.where[d]))
        assert {c for c in base if not cover >> c & 1} <= {f for f, _ in step.fins}
        assert all(solution[c] != dd for c, dd in step.eliminations), (number, step)


def test_template_cells_hold_the_solution_and_rule_out_the_eliminations():
    """A fish only uses "each house holds the digit once", so the solution's places lie on templates,
    and whatever a fish eliminates lies on none (the check that lets the search skip most digits)."""
    for number, tech, givens, state in fixture_rows():
        solution = parse(solve(givens).solutions[0]).cells
        step = next(iter(BY_ID[tech].find(state)))
        (d,) = step.digits
        on = template_cells(state.geo.key, state.where[d])
        assert all(on >> c & 1 for c in bits(state.where[d]) if solution[c] == d), number
        assert not any(on >> c & 1 for c, _ in step.eliminations), number


def test_a_hand_checked_template():
    # A digit in three rows of a 4x4 (boxes 2x2): r1 {c1, c2}, r2 {c3}, r3 {c1, c4}. Templates (columns of
    # rows 1-3): (1, 3, 4), (2, 3, 1), (2, 3, 4): every place is on one.
    geo = geometry_for_side(4)
    wd = 1 << 0 | 1 << 1 | 1 << 6 | 1 << 8 | 1 << 11
    assert template_cells(geo.key, wd) == wd
    # Row 3 only at c3: it clashes with row 2 (column 3), so no template at all and nothing is on one.
    assert template_cells(geo.key, 1 << 0 | 1 << 1 | 1 << 6 | 1 << 10) == 0


def test_they_do_not_fire_where_every_place_is_on_a_template():
    """Must not fire: along the paths of easy and intermediate puzzles, at every position where each
    digit's places all lie on templates, no complex fish is found."""
    quiet = 0
    for name in ("qqwing_easy", "qqwing_intermediate"):
        for line in (SAMPLES / f"{name}.txt").read_text().split()[:6]:
            state = State.from_puzzle(parse(line), unique=True)
            while not state.solved():
                if all(template_cells(state.geo.key, w) == w for w in state.where[1:]):
                    assert [s for t in COMPLEX for s in t.find(state)] == []
                    quiet += 1
                step = next_step(state)
                assert step is not None
                apply_step(state, step)
    assert quiet > 50


def test_they_are_off_the_ladder_but_in_find_steps():
    ids = {t.id for t in COMPLEX}
    assert not ids & {t.id for t in for_variant("classic")}
    assert ids <= {t.id for t in for_variant("classic", ladder=False)}
    _, tech, _, state = next(fixture_rows(("finned_mutant",)))
    assert tech in {s.technique for s in find_steps(state)}
    assert next_step(state).technique not in ids
    line = next(givens for _, _, givens, _ in fixture_rows(("franken_jellyfish",)))
    assert not {s.technique for s in rate(line).steps} & ids
    with pytest.raises(Exception, match="not on the rater's ladder"):
        generate(9, seed=1, technique="franken_swordfish")


def test_a_wide_open_big_grid_is_given_up_quickly():
    """On a near-empty 25x25 the template search stops at its bound (and then no fish is searched):
    the finders answer at once, with nothing."""
    geo = geometry_for_side(25)
    state = State.from_values(geo, [0] * geo.ncells, unique=False)
    state.place(0, 1)
    start = time.process_time()
    assert [s for t in COMPLEX for s in t.find(state)] == []
    assert time.process_time() - start < 5


@pytest.mark.slow
def test_the_later_fin_rounds_in_one_search_find_the_fish_the_rounds_one_by_one_find(monkeypatch):
    """``ALONE``: the rounds of more exo fins searched as one, their fish then taken in round order, give the
    same fish in the same order as every round searched alone (ALONE = MAX_FINS, the search before), on a
    16x16 start where a digit's last two targets outlast every round, and on forum-hardest positions."""
    import sudoku_core.techniques.complex_fish as cf

    lines = [x.split()[0] for x in (SAMPLES / "sixteen_by_sixteen_owhy_100.txt").read_text().splitlines()
             if x.strip() and not x.startswith("#")]
    states = [State.from_puzzle(parse(lines[2]))]
    for line in (SAMPLES / "tdoku_forum_hardest_1106.txt").read_text().splitlines()[:3]:
        state = State.from_puzzle(parse(line.split()[0]), unique=True)
        for _ in range(6):
            apply_step(state, next_step(state))
        states.append(state)
    searched = 0
    for state in states:
        shape = state.geo.key
        for k in (2, 3, 4) if state.geo.n == 9 else (3, 4):
            for kind in (FRANKEN, MUTANT):
                for d in range(1, state.geo.n + 1):
                    wd = state.where[d]
                    if not wd or not wd & ~template_cells(shape, wd):
                        continue
                    got = {}
                    for alone in (1, 2, cf.MAX_FINS):
                        monkeypatch.setattr(cf, "ALONE", alone)
                        got[alone] = cf._search.__wrapped__(shape, wd, k, True, kind)
                    assert got[1] == got[2] == got[cf.MAX_FINS], (d, k, kind)
                    searched += bool(got[1])
    assert searched > 20
