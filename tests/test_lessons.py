"""The lessons of the Learn page (issue 30): every technique of the table has one, in English and Chinese,
in one family; every lesson has a worked example on a real position where the engine finds that technique
(web/data/lesson-examples.json, written by tests/data/lessons/make_examples.py), right by the solution; a
Practise game asks the generator for something it can make, and gets a puzzle whose path uses it; and in a
Practise game the hint takes the practised technique when it applies (the hint op's ``prefer``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import generate, parse, solve
from sudoku_core.bridge import handle
from sudoku_core.bridge.play import PRACTICE
from sudoku_core.candidates import State
from sudoku_core.explain import NAMES
from sudoku_core.lessons import GROUPS, INSTEAD, TEXT, group_of, page_data, practice
from sudoku_core.rate import find_steps, logic_solve, rate
from sudoku_core.step import apply_step
from sudoku_core.techniques import BY_ID, TABLE

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = json.loads((ROOT / "web" / "data" / "lesson-examples.json").read_text())["examples"]
MEDIUM = ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."  # qqwing_easy, line 1


def test_every_technique_is_in_exactly_one_family():
    ids = [t for _, techniques in GROUPS for t in techniques]
    assert sorted(ids) == sorted(t.id for t in TABLE)
    assert len(ids) == len(set(ids)) == 79
    assert all(group_of(t.id) for t in TABLE)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_technique_has_a_lesson_in_both_languages(lang):
    for t in TABLE:
        what, why = TEXT[lang][t.id]
        assert len(what) >= 20 and len(why) >= 15, (lang, t.id)
        assert t.id in NAMES[lang], t.id
    for t in TABLE:  # the Chinese is Chinese, not the English left in
        assert TEXT["zh"][t.id][0] != TEXT["en"][t.id][0]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in TEXT["zh"][t.id][0]), t.id


def test_practice_asks_for_what_the_generator_makes():
    for t in TABLE:
        p = practice(t.id)
        trained = BY_ID[p.get("instead", t.id)]
        assert trained.ladder, t.id  # an off-ladder technique trains one on the ladder instead
        assert ("instead" in p) == (not t.ladder), t.id
        if "technique" in p:
            assert p["technique"] in PRACTICE, t.id
        else:
            assert p["level"] in ("easy", "medium", "hard", "extreme"), t.id
        if t.finder.startswith("killer:"):
            assert p["variant"] == "killer"
    assert set(INSTEAD) == {t.id for t in TABLE if not t.ladder}


def _state(ex: dict) -> State:
    """The example's position as the engine's state (its candidates are the page's notes, bit d-1 -> bit d)."""
    p = parse(_line(ex))
    values = list(ex["values"])
    cand = [0 if values[c] else ex["notes"][c] << 1 for c in range(len(values))]
    return State(p.geometry, values, cand, unique=True)


def _line(ex: dict) -> str:
    if ex.get("variant") == "killer":
        labels, sums = ["."] * 81, []
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        for q, cage in enumerate(ex["cages"]):
            for c in cage["cells"]:
                labels[c] = alphabet[q]
            sums.append(str(cage["sum"]))
        digits = "".join(str(d) if d else "." for d in ex["givens"])
        return f"killer:{digits}:{''.join(labels)}:{','.join(sums)}"
    return "".join(str(d) if d else "." for d in ex["givens"])


def test_every_technique_has_a_worked_example():
    assert set(EXAMPLES) == {t.id for t in TABLE}
    killers = {t.id for t in TABLE if t.finder.startswith("killer:")}
    for tid, ex in EXAMPLES.items():
        assert ex["technique"] == ex["step"]["technique"] == tid
        assert (ex.get("variant") == "killer") == (tid in killers), tid  # a Killer technique on a Killer
        assert ex["step"]["placements"] or ex["step"]["eliminations"], tid
        assert set(ex["text"]) == set(ex["where"]) == {"en", "zh"}, tid
        assert all(ex["values"][c] == d for c, d in enumerate(ex["givens"]) if d), tid


@pytest.mark.parametrize("tid", sorted(EXAMPLES))
def test_each_example_is_right_and_its_finder_fires_there(tid):
    """The step drawn is true to the solution, and the engine's finder of that technique finds a step
    at the position drawn (so the example is the engine's, not hand-made)."""
    ex = EXAMPLES[tid]
    state = _state(ex)
    solution = parse(solve(_line(ex)).solutions[0]).cells
    assert all(solution[c] == d for c, d in ex["step"]["placements"]), tid
    assert all(solution[c] != d for c, d in ex["step"]["eliminations"]), tid
    assert all(state.cand[c] >> d & 1 for c, d in ex["step"]["eliminations"]), tid  # a candidate there to remove
    assert next(iter(find_steps(state, (tid,))), None) is not None, tid


def test_page_data_has_everything_the_page_shows():
    data = page_data(EXAMPLES)
    assert [g["id"] for g in data["groups"]] == [g for g, _ in GROUPS]
    for t in TABLE:
        lesson = data["lessons"][t.id]
        assert lesson["level"] == t.level and lesson["ladder"] == t.ladder
        assert set(lesson["name"]) == set(lesson["what"]) == set(lesson["why"]) == {"en", "zh"}
        assert lesson["example"]["step"]["technique"] == t.id
    json.dumps(data)


# A seeded sample of the ladder's techniques, one of each family the generator builds around (the whole
# ladder: bench/practice_bench.py, minutes of CPU).
SAMPLE = ("naked_pair", "x_wing", "skyscraper", "xy_wing")


@pytest.mark.parametrize("tid", SAMPLE)
def test_a_practise_game_has_the_technique_in_its_rated_path(tid):
    p = practice(tid)
    g = generate(technique=p["technique"], seed=1, max_attempts=500)
    rating = rate(g.puzzle)
    assert rating.hardest == tid and tid in {s.technique for s in rating.steps}


@pytest.mark.parametrize(("level", "techniques"), [("easy", {"naked_single", "full_house"}),
                                                   ("medium", {"hidden_single"})])
def test_a_practise_game_of_a_single_is_a_puzzle_of_its_level(level, techniques):
    tid = sorted(techniques)[0]
    assert practice(tid) == {"level": level}
    g = generate(level=level, seed=1)
    assert techniques <= {s.technique for s in rate(g.puzzle).steps}


def test_a_practise_killer_lets_the_hint_show_every_cage_technique():
    """A Killer technique's Practise game is a Hard Killer (no generator target reaches the rarer ones in
    time: bench/practice_bench.py); along its path every cage technique's finder fires somewhere, so the hint,
    which prefers the practised one, shows it there."""
    killers = [t.id for t in TABLE if t.finder.startswith("killer:")]
    assert {practice(t)["variant"] for t in killers} == {"killer"}
    g = generate(variant="killer", level="hard", symmetry="none", seed=1, max_attempts=400)
    state = State.from_puzzle(g.puzzle, unique=True)
    path, solved = logic_solve(state.copy())
    assert solved
    fired = set()
    for step in path:
        fired |= {t for t in killers if t not in fired and next(iter(find_steps(state, (t,))), None)}
        apply_step(state, step)
    assert fired == set(killers)


def _hint(**payload):
    reply = handle({"type": "hint", "payload": payload})
    assert reply["ok"], reply
    return reply["result"]


def test_a_hint_prefers_the_practised_technique_when_it_applies():
    # The first position of MEDIUM's path where two kinds of single apply: the hint takes the cheaper one,
    # unless the other is preferred.
    p = parse(MEDIUM)
    state = State.from_puzzle(p, unique=True)
    path, _ = logic_solve(state.copy())
    singles = ("full_house", "naked_single", "hidden_single")
    for step in path:
        applies = [t for t in singles if next(iter(find_steps(state, (t,))), None)]
        if len(applies) >= 2:
            break
        apply_step(state, step)
    entered = [0 if g else v for g, v in zip(p.cells, state.values, strict=True)]
    cells = list(p.cells)
    plain = _hint(box=[3, 3], cells=cells, entered=entered)["technique"]
    other = next(t for t in applies if t != plain)
    preferred = _hint(box=[3, 3], cells=cells, entered=entered, prefer=other)
    assert preferred["status"] == "step" and preferred["technique"] == other
    # where it does not apply, the hint is the usual one
    assert _hint(box=[3, 3], cells=cells, entered=entered, prefer="jellyfish")["technique"] == plain


def test_a_hint_refuses_an_unknown_preference():
    cells = [0 if ch == "." else int(ch) for ch in MEDIUM]
    reply = handle({"type": "hint", "payload": {"box": [3, 3], "cells": cells, "prefer": "swordfishes"}})
    assert not reply["ok"] and reply["error"]["field"] == "payload.prefer"
    assert "swordfishes" in reply["error"]["message"]
    reply = handle({"type": "hint", "payload": {"box": [3, 3], "cells": cells, "prefer": 3}})
    assert not reply["ok"] and reply["error"]["field"] == "payload.prefer"

