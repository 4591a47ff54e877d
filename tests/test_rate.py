"""The logic solver and the rating: soundness over samples of the public puzzle sets (every step of the
path, and the first step of every technique at sampled positions, agrees with the unique solution),
the rating API, level calibration across the QQWing sets, and other grid sizes."""

from __future__ import annotations

from pathlib import Path

import pytest
import support

from sudoku_core import parse, rate, solve
from sudoku_core.candidates import State
from sudoku_core.rate import GUESS_SCORE, Rating, logic_solve, next_step
from sudoku_core.step import apply_step
from sudoku_core.techniques import BY_ID, LEVELS, TABLE

#: Small samples of the public sets, in the repository (see tests/data/README.md).
SAMPLES = Path(__file__).resolve().parent / "data" / "samples"


def sample(name: str, k: int) -> list[str]:
    """``k`` lines spread evenly over the sample of set ``name`` (all of it when ``k`` is its length)."""
    lines = (SAMPLES / f"{name}.txt").read_text().split()
    return [lines[i * len(lines) // k] for i in range(k)]


def lines_of(name: str, k: int) -> list[str]:
    """``k`` lines of the sample of set ``name`` for a sweep, drawn with the set's name as the seed (every
    line with SUDOKU_EXHAUSTIVE=1, bench/exhaustive_tests.py)."""
    return support.sample((SAMPLES / f"{name}.txt").read_text().split(), k, seed=name)


def wrong_parts(step, solution) -> list:
    return ([(c, d) for c, d in step.placements if solution[c] != d]
            + [(c, d) for c, d in step.eliminations if solution[c] == d])


# (set, puzzles, check every technique every k-th position or 0 for never). The all-technique check
# covers the modules of this suite; chains, ALS, forcing, Franken/Mutant and Kraken fish have their own sweeps
# (tests/test_chains*.py, tests/test_complex_fish.py, tests/test_kraken.py). A seeded sample of each set's
# sample (the whole sweep, 20/30/50/50/40/2/3 puzzles, with SUDOKU_EXHAUSTIVE=1).
SETS = [("qqwing_easy", 6, 0), ("qqwing_intermediate", 6, 0), ("qqwing_expert", 10, 6),
        ("sudokuexchange_diabolical_se5plus", 10, 6), ("tdoku_magictour_top1465", 10, 8),
        ("tdoku_forum_hardest_1106", 2, 8), ("sixteen_by_sixteen_owhy_100", 1, 40)]
OWN = tuple(t for t in TABLE if t.finder.split(":")[0] not in ("chains", "als", "forcing", "complex_fish", "kraken"))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "k", "every"), SETS)
def test_every_step_agrees_with_the_solution(name, k, every):
    checked = 0
    for line in lines_of(name, k):
        p = parse(line)
        solution = parse(solve(p).solutions[0]).cells
        state = State.from_puzzle(p, unique=True)
        position = 0
        while not state.solved():
            if every and position % every == 0:
                for tech in OWN:
                    for step in tech.find(state):
                        assert not wrong_parts(step, solution), (line, step)
                        checked += 1
                        break
            step = next_step(state)
            if step is None:
                break
            assert step.progress
            assert not wrong_parts(step, solution), (line, step)
            checked += 1
            apply_step(state, step)
            position += 1
    assert checked > k


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw"])
def test_every_step_agrees_with_the_solution_on_variants(variant):
    """Generated X, Windoku and Jigsaw puzzles of every level: every step of the path, and every 3rd
    position the first step of every technique below the forcing chains that is sound on the variant
    (its default table), agree with the unique solution. One seed of seeds 0 and 1 a level, drawn
    (both with SUDOKU_EXHAUSTIVE=1); a single 9x9 path checks over 500 steps."""
    from sudoku_core.generate import generate
    from sudoku_core.techniques import for_variant

    below_nets = tuple(t for t in for_variant(variant) if t.level != "extreme")
    checked, levels = 0, set()
    for level in LEVELS:
        for seed in support.sample(range(2), 1, seed=f"{variant}-{level}"):
            g = generate(9, seed=seed, variant=variant, level=level, deadline=60)
            solution = g.solution.cells
            state = State.from_puzzle(g.puzzle, unique=True)
            position = 0
            while not state.solved():
                if position % 3 == 0:
                    for tech in below_nets:
                        for step in tech.find(state):
                            assert not wrong_parts(step, solution), (variant, level, seed, step)
                            checked += 1
                            break
                step = next_step(state)
                assert step is not None and step.progress
                assert not wrong_parts(step, solution), (variant, level, seed, step)
                checked += 1
                apply_step(state, step)
                position += 1
            levels.add(g.level)
    assert levels == set(LEVELS) and checked > 500


def test_rating_api():
    line = sample("qqwing_expert", 1)[0]
    r = rate(line)
    assert isinstance(r, Rating)
    assert r.level in (*LEVELS, "guessing")
    assert isinstance(r.score, float) and r.score > 0
    assert r.hardest in {t.id for t in TABLE}
    assert r.solved == (r.level != "guessing")
    assert r.steps and r.puzzle == line
    d = r.to_dict()
    assert set(d) >= {"puzzle", "level", "score", "hardest", "solved"}


def test_stalled_puzzle_is_guessing_and_scores_above_logic():
    r = rate(sample("qqwing_expert", 1)[0], techniques=["full_house", "hidden_single", "naked_single"])
    assert not r.solved and r.level == "guessing"
    assert GUESS_SCORE <= r.score <= GUESS_SCORE + 1


def test_levels_rise_across_qqwing_sets():
    # Issue 4: the level rises strictly across QQWing's sets. Its "simple" puzzles need naked singles
    # only (our easy), its "easy" ones hidden singles (medium), "intermediate" intersections and subsets.
    levels = {}
    for name in ("qqwing_simple", "qqwing_easy", "qqwing_intermediate", "qqwing_expert"):
        levels[name] = [rate(line).level for line in sample(name, 30)]
    assert set(levels["qqwing_simple"]) == {"easy"}
    assert set(levels["qqwing_easy"]) == {"medium"}
    assert set(levels["qqwing_intermediate"]) == {"hard"}
    means = [sum((*LEVELS, "guessing").index(lv) for lv in got) / len(got) for got in levels.values()]
    assert means[0] < means[1] < means[2] < means[3]


def test_uniqueness_techniques_are_not_used_without_a_unique_solution():
    for line in sample("tdoku_serg_benchmark", 10):
        state = State.from_puzzle(parse(line, check=False))
        path, _ = logic_solve(state, OWN)
        assert state.unique is not True
        assert not any(BY_ID[s.technique].uniqueness for s in path)
    assert {t.id for t in TABLE if t.uniqueness} >= {"unique_rectangle_1", "unique_rectangle_5",
                                                      "unique_rectangle_6", "hidden_rectangle", "bug_plus_1"}


def test_rating_is_deterministic():
    line = sample("tdoku_magictour_top1465", 3)[2]
    a, b = rate(line), rate(line)
    assert (a.level, a.score, a.hardest, a.solved) == (b.level, b.score, b.hardest, b.solved)
    assert a.steps == b.steps


def test_lower_levels_resume_where_the_paths_part():
    """The rating's solve with the lower levels goes on from the first step of the level it tries to
    avoid (the same steps come before it); it gives the rating a fresh solve with those levels gives, on
    puzzles rated hard and expert, whose path went through an expert step first."""
    from sudoku_core.rate import _interleaved, _techniques, summarise

    levels = set()
    for name in ("qqwing_intermediate", "qqwing_expert", "tdoku_magictour_top1465"):
        for line in sample(name, 8):
            p = parse(line)
            got = rate(p)
            techs = _techniques(None, p.geometry)
            steps, solved = logic_solve(State.from_puzzle(p), techs)
            want = summarise(steps, solved, p.to_line())
            while solved and LEVELS.index(want.level) in _interleaved(techs):
                lower = tuple(t for t in techs if LEVELS.index(t.level) < LEVELS.index(want.level))
                steps, solved = logic_solve(State.from_puzzle(p, unique=True), lower)
                if solved:
                    want = summarise(steps, True, p.to_line())
            if want.solved:
                assert (got.level, got.score, got.hardest, got.steps) == (want.level, want.score, want.hardest,
                                                                          want.steps)
                levels.add(got.level)
    assert {"hard", "expert"} <= levels


@pytest.mark.parametrize("line", [
    "1..4....3..2....",                                    # 4x4
    "..3.6..5...1..2......2..1.4..5...3..",                # 6x6 (rows of 6, 2x3 boxes)
])
def test_small_grids_rate_and_stay_sound(line):
    p = parse(line, check=False)
    result = solve(p, limit=2)
    state = State.from_puzzle(p, unique=result.count == 1)
    path, _ = logic_solve(state)
    if result.count == 1:
        solution = parse(result.solutions[0]).cells
        for step in path:
            assert not wrong_parts(step, solution)


@pytest.mark.slow
def test_next_step_takes_the_lowest_scoring_step():
    """Along SE-set paths: the step taken scores no more than the first step of any technique below the
    forcing chains (a short AIC beats a long XY-chain), and ties go to the table order. Three of the
    set's puzzles, seeded (every one with SUDOKU_EXHAUSTIVE=1)."""
    from sudoku_core.rate import step_score

    cheap = tuple(t for t in TABLE if t.level != "extreme" and t.ladder)
    compared = 0
    for line in lines_of("sudokuexchange_diabolical_se5plus", 3):
        state = State.from_puzzle(parse(line), unique=True)
        while not state.solved():
            step = next_step(state)
            if step is None:
                break
            firsts = [s for t in cheap for s in [next(iter(t.find(state)), None)] if s is not None]
            if firsts:
                best = min(step_score(s) for s in firsts)
                assert step_score(step) == best
                assert step.technique == next(s.technique for s in firsts if step_score(s) == best)
                compared += 1
            apply_step(state, step)
    assert compared > 50
