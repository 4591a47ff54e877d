"""The lessons of the Learn page (issue 30): every technique of the table has one, in English and Chinese,
in one family; every lesson has a worked example on a real position where the engine finds that technique
(web/data/lesson-examples.json, written by tests/data/lessons/make_examples.py), right by the solution, and a
few a second example where it does not apply; a Practise game asks the generator for something it can make,
or plays a puzzle shipped for it, and gets a puzzle whose path uses it, or the lesson says what it trains
instead; and in a Practise game the hint takes the practised technique when it applies (the hint op's
``prefer``)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from support import sample

from sudoku_core import generate, locales, parse, solve
from sudoku_core.bridge import handle
from sudoku_core.bridge.play import PRACTICE
from sudoku_core.candidates import State
from sudoku_core.explain import technique_name
from sudoku_core.lessons import COUNTERS as COUNTER_IDS
from sudoku_core.lessons import GROUPS, INSTEAD, SHIPPED, group_of, page_data, practice, text
from sudoku_core.rate import find_steps, logic_solve, rate
from sudoku_core.step import apply_step
from sudoku_core.techniques import BY_ID, TABLE

ROOT = Path(__file__).resolve().parents[1]
SAVED = json.loads((ROOT / "web" / "data" / "lesson-examples.json").read_text())
EXAMPLES, GAMES, COUNTERS = SAVED["examples"], SAVED["practice"], SAVED["counters"]
MEDIUM = ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."  # qqwing_easy, line 1


def test_every_technique_is_in_exactly_one_family():
    ids = [t for _, techniques in GROUPS for t in techniques]
    assert sorted(ids) == sorted(t.id for t in TABLE)
    assert len(ids) == len(set(ids)) == 79
    assert all(group_of(t.id) for t in TABLE)


@pytest.mark.parametrize("lang", locales.languages())
def test_every_technique_has_a_lesson_in_every_language(lang):
    for t in TABLE:
        what, why = text(t.id, lang)
        assert len(what) >= 10 and len(why) >= 8, (lang, t.id)
        assert t.id in locales.catalogue(lang)["technique"], t.id
        assert t.id in locales.catalogue(lang)["technique"] and technique_name(t.id, lang), t.id
    for t in TABLE:  # the Chinese is Chinese, not the English left in
        assert text(t.id, "zh-CN")[0] != text(t.id, "en")[0]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text(t.id, "zh-CN")[0]), t.id


def test_practice_asks_for_what_the_generator_makes():
    for t in TABLE:
        p = practice(t.id)
        trained = BY_ID[p.get("instead", t.id)]
        assert trained.ladder, t.id  # an off-ladder technique trains one on the ladder instead
        assert ("instead" in p) == (t.id in INSTEAD), t.id
        if "technique" in p:
            assert p["technique"] in PRACTICE, t.id
        else:
            assert p["level"] in ("easy", "medium", "hard", "extreme"), t.id
        if t.finder.startswith("killer:"):
            assert p["variant"] == "killer"
    assert {t.id for t in TABLE if not t.ladder} <= set(INSTEAD)


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


def test_every_technique_on_the_ladder_is_practised_or_its_lesson_says_what_instead():
    """What the Learn page's Practise opens for each technique of the rating ladder: a puzzle the generator
    makes with it as the hardest step (an exact match, by the generator's own rating; a seeded sample is
    generated below), a puzzle of its own level for the singles, one of the puzzles shipped for it (each rated
    below), or, for the few a rated path almost never takes, the technique it trains instead, which the
    lesson names (learn.practise-instead-rare, tests/e2e/test_learn_page.py)."""
    lessons = page_data(EXAMPLES, GAMES, COUNTERS)["lessons"]
    singles = dict(GROUPS)["singles"]
    for t in TABLE:
        if not t.ladder:
            continue
        p = lessons[t.id]["practice"]
        if "instead" in p:
            trained = p["instead"]
            assert trained != t.id and BY_ID[trained].ladder and BY_ID[trained].level == t.level, t.id
            assert lessons[trained]["practice"].get("puzzles") or lessons[trained]["practice"].get("technique")
        elif t.id in SHIPPED:
            assert p["puzzles"] == GAMES[t.id] and len(p["puzzles"]) >= 2, t.id
        elif t.id in singles:
            assert p == {"level": t.level}, t.id
        else:
            assert p == {"technique": t.id} and t.id in PRACTICE, t.id


@functools.cache
def _rated_techniques(line: str) -> frozenset[str]:
    return frozenset(s.technique for s in rate(line).steps)


@pytest.mark.slow
@pytest.mark.parametrize("tid", SHIPPED)
def test_every_shipped_practise_game_takes_its_technique(tid):
    """The puzzles shipped for a technique the generator cannot aim at: the rated path of one of them, drawn
    by seed, takes it (a Killer in the page's one-line form, rated as the page's engine rates it). Every one
    is checked with SUDOKU_EXHAUSTIVE=1 (bench/exhaustive_tests.py) and by bench/practice_bench.py: rating
    all three of a forcing technique's puzzles takes most of a minute of CPU."""
    lines = GAMES[tid]
    assert lines
    for line in sample(lines, 1, seed=tid):
        assert tid in _rated_techniques(line), (tid, line)
        assert len(solve(line, limit=2).solutions) == 1


def test_every_technique_has_a_worked_example():
    assert set(EXAMPLES) == {t.id for t in TABLE}
    killers = {t.id for t in TABLE if t.finder.startswith("killer:")}
    for tid, ex in EXAMPLES.items():
        assert ex["technique"] == ex["step"]["technique"] == tid
        assert (ex.get("variant") == "killer") == (tid in killers), tid  # a Killer technique on a Killer
        assert ex["step"]["placements"] or ex["step"]["eliminations"], tid
        # Its words are the hint's messages, in no language (page_data renders them in each).
        assert ex["where"]["key"].startswith("where") and ex["text"]["key"].startswith("reason."), tid
        assert ex["credit"]["key"].startswith("credit."), tid
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


@pytest.mark.parametrize("tid", sorted(COUNTER_IDS))
def test_an_example_where_the_technique_does_not_apply_is_a_real_near_miss(tid):
    """The second example of a lesson (the pattern that is not there): its candidates are on the board, it
    removes nothing, the engine's finder of that technique finds no step on those cells there, and its words
    are in every language."""
    ex = COUNTERS[tid]
    assert set(COUNTER_IDS) == set(COUNTERS)
    state = _state(ex)
    step = ex["step"]
    assert step["technique"] == tid and not step["eliminations"] and not step["placements"]
    assert all(state.cand[c] >> d & 1 for c, d in step["candidates"] + step["fins"]), tid
    cells = set(step["cells"])
    assert all(set(s.cells) != cells for s in find_steps(state, (tid,))), tid
    words = page_data(EXAMPLES, GAMES, COUNTERS)["lessons"][tid]["counter"]
    assert set(words["text"]) == set(words["credit"]) == set(locales.languages())
    assert any("\u4e00" <= ch <= "\u9fff" for ch in words["text"]["zh-CN"])
    assert not any("{" in said for said in words["text"].values())


def test_page_data_has_everything_the_page_shows():
    data = page_data(EXAMPLES, GAMES, COUNTERS)
    assert [g["id"] for g in data["groups"]] == [g for g, _ in GROUPS]
    for t in TABLE:
        lesson = data["lessons"][t.id]
        assert lesson["level"] == t.level and lesson["ladder"] == t.ladder
        assert set(lesson["name"]) == set(lesson["what"]) == set(lesson["why"]) == set(locales.languages())
        assert lesson["example"]["step"]["technique"] == t.id
        for part in ("credit", "where", "text"):  # the example's words, in every language
            said = lesson["example"][part]
            assert set(said) == set(locales.languages()) and not any("{" in s or not s for s in said.values()), t.id
        assert said["zh-CN"] != said["en"], t.id
        assert (lesson["counter"] is None) == (t.id not in COUNTERS), t.id
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

