"""Explanations: every technique has an English and a Chinese sentence, every message renders in both
languages from plain-JSON parameters, and the three detail levels say what they promise."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from support import decode_state

from sudoku_core import locales, parse
from sudoku_core.candidates import State
from sudoku_core.explain import REASON_ALIASES, describe, explain, render, technique_name
from sudoku_core.rate import next_step
from sudoku_core.techniques import BY_ID, TABLE

FIXTURE = Path(__file__).parent / "data" / "hints" / "exemplars.tsv"
PUZZLE = "..4...3...9.27.54..6......291.6.5..7.....4.3.3..19..5.6...4...........93.7..5...."


EN = locales.section("en", "engine")
LANGS = locales.languages()


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_language_has_the_same_keys_and_fields():
    for lang in LANGS:
        table = locales.catalogue(lang)["engine"]
        assert set(EN) == set(table), lang
        for key in EN:
            assert fields(EN[key]) == fields(table[key]), (lang, key)


def test_every_technique_has_names_in_every_language():
    for t in TABLE:
        assert all(t.id in locales.catalogue(lang)["technique"] for lang in LANGS), t.id
        assert f"reason.{t.id}" in EN or f"reason.{t.id}" in REASON_ALIASES, t.id


def _steps():
    """One real step per technique from the regression table, plus the singles of a puzzle."""
    seen = {}
    for line in FIXTURE.read_text().splitlines():
        tech, state = line.split("\t")[2], line.split("\t")[4]
        if tech not in seen:
            seen[tech] = next(iter(BY_ID[tech].find(decode_state(state))))
    p = parse(PUZZLE)
    s = State.from_puzzle(p)
    for t in ("full_house", "hidden_single", "naked_single"):
        step = next(iter(BY_ID[t].find(s)), None)
        if step:
            seen[t] = step
    return list(seen.values())


@pytest.mark.parametrize("step", _steps(), ids=lambda s: s.technique)
def test_three_levels_render_in_every_language(step):
    geo = parse(PUZZLE).geometry
    d = describe(step, geo)
    json.dumps(d)  # plain JSON, no Python objects
    for level in "012":
        for lang in LANGS:
            text = d[level]["text"][lang]
            assert text and "{" not in text
    for lang in LANGS:
        assert technique_name(step.technique, lang) in d["0"]["text"][lang]
    # Level 2 names the exact result, ready to apply.
    for c, _ in step.eliminations:
        assert geo.cell_name(c) in d["2"]["text"]["en"]
    for c, digit in step.placements:
        assert f"{geo.cell_name(c)}={digit}" in d["2"]["text"]["en"]
        assert f"{geo.cell_name(c)}={digit}" in d["2"]["text"]["zh-CN"]


def test_nudge_names_the_house():
    p = parse(PUZZLE)
    step = next_step(State.from_puzzle(p))
    assert step.technique == "hidden_single"
    msg = explain(step, p.geometry, 0)
    assert msg.key == "nudge.house"
    assert render(msg, "en").startswith("There is a Hidden Single in ")
    assert render(msg, "zh-CN").endswith("中有一个排除法（隐性唯一）。")
    assert render(msg, "zh") == render(msg, "zh-CN")  # the old name of the language still reads


def test_render_accepts_the_dict_form():
    p = parse(PUZZLE)
    step = next_step(State.from_puzzle(p))
    msg = explain(step, p.geometry, 2)
    assert render(msg.to_dict(), "zh-CN") == render(msg, "zh-CN")


def test_english_article_follows_the_sound_of_the_technique_name():
    from sudoku_core.explain import Message, render

    said = {tid: render(Message("nudge", {"technique": {"technique": tid}}), "en")
            for tid in ("xy_wing", "xyz_wing", "x_wing", "empty_rectangle", "w_wing", "hidden_single", "skyscraper")}
    assert said["xy_wing"] == "There is an XY-Wing on the board."
    assert said["xyz_wing"].startswith("There is an XYZ-Wing")
    assert said["x_wing"].startswith("There is an X-Wing")
    assert said["empty_rectangle"].startswith("There is an Empty Rectangle")
    assert said["w_wing"].startswith("There is a W-Wing")
    assert said["hidden_single"].startswith("There is a Hidden Single")
    assert said["skyscraper"].startswith("There is a Skyscraper")
