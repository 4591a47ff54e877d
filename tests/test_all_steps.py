"""Every step at a player's position (sudoku_core.hint.all_steps, the bridge's ``all_steps_job``): the same
steps as rate.find_steps, grouped by technique in table order, capped, reported technique by technique,
cancellable, and a mistake or a bad request said so."""

from __future__ import annotations

import json

import pytest

from sudoku_core import parse, solve
from sudoku_core.bridge import Session
from sudoku_core.candidates import State
from sudoku_core.hint import ALL_STEPS_CAP, all_steps, all_steps_work, next_hint
from sudoku_core.rate import find_steps, next_step
from sudoku_core.step import apply_step
from sudoku_core.techniques import BY_ID, for_variant
from sudoku_core.work import run

# tests/test_hint_cli.py's puzzle: at its start, Franken, Mutant and Kraken fish besides every easier kind.
PUZZLE = "..4...3...9.27.54..6......291.6.5..7.....4.3.3..19..5.6...4...........93.7..5...."
SOLUTION = parse(solve(PUZZLE).solutions[0]).cells
KILLER = ("killer:" + "." * 81 + ":aaabccdddaeebfghhijekbfgggijjklllmniokkpplliiqrspttuuuqssstvvvwxyszzvvAwyyzzBBB"
          "AA:12,14,11,24,19,17,12,6,15,17,21,25,8,7,7,12,12,5,27,16,19,20,9,3,14,19,19,15")  # generate --seed 1


def call(session: Session, op: str, payload: dict) -> dict:
    return json.loads(session.handle_json(json.dumps({"type": op, "payload": payload})))


def played(k: int) -> tuple[list[int], list[list[int]]]:
    """The position after ``k`` steps of the logic path: the entries and full pencil marks."""
    p = parse(PUZZLE)
    state = State.from_puzzle(p, unique=True)
    for _ in range(k):
        apply_step(state, next_step(state))
    entered = [v if not g else 0 for v, g in zip(state.values, p.cells, strict=True)]
    return entered, [[d for d in range(1, 10) if m >> d & 1] for m in state.cand]


def expected(entered: list[int], pencil: list[list[int]] | None) -> dict[str, list[dict]]:
    """find_steps on the same state, grouped by technique."""
    p = parse(PUZZLE)
    values = [g or e for g, e in zip(p.cells, entered, strict=True)]
    masks = None if pencil is None else [sum(1 << d for d in ds) for ds in pencil]
    state = (State.from_values(p.geometry, values, unique=True) if masks is None
             else State.from_pencil(p.geometry, values, masks, unique=True))
    out: dict[str, list[dict]] = {}
    for step in find_steps(state):
        out.setdefault(step.technique, []).append(step.to_dict(p.geometry))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("k", [0, 12])
def test_every_step_of_find_steps_grouped_by_technique_in_table_order(k):
    entered, pencil = played(k)
    result = all_steps(PUZZLE, entered, pencil if k else None, langs=("en",), cap=10_000)
    assert result["status"] == "steps"
    want = expected(entered, pencil if k else None)
    assert [g["technique"] for g in result["groups"]] == list(want)  # table order is find_steps' order
    order = [t.id for t in for_variant("classic", ladder=False)]
    assert [g["technique"] for g in result["groups"]] == sorted(want, key=order.index)
    for g in result["groups"]:
        tech = BY_ID[g["technique"]]
        assert (g["level"], g["score"], g["ladder"]) == (tech.level, tech.score, tech.ladder)
        assert g["count"] == len(g["steps"]) == len(want[g["technique"]])
        assert [{k: v for k, v in s["step"].items() if k != "sees"} for s in g["steps"]] == want[g["technique"]]
        for s in g["steps"]:
            assert s["placements"] == s["step"]["placements"] and s["eliminations"] == s["step"]["eliminations"]
            assert s["text"]["en"] and s["technique"] == g["technique"]
            assert all(SOLUTION[c] != d for c, d in s["eliminations"])
            assert all(SOLUTION[c] == d for c, d in s["placements"])
    assert result["count"] == sum(g["count"] for g in result["groups"])
    json.dumps(result)


def test_off_ladder_fish_are_listed_and_marked_so():
    groups = {g["technique"]: g for g in all_steps(PUZZLE, langs=("en", "zh-CN"))["groups"]}
    for tech in ("franken_x_wing", "finned_mutant_swordfish", "kraken_fish_1"):
        assert groups[tech]["ladder"] is False and groups[tech]["count"] > 0
        assert groups[tech]["name"]["en"] and groups[tech]["name"]["zh-CN"]
    assert groups["hidden_single"]["ladder"] is True
    assert next_hint(PUZZLE)["technique"] == next(iter(groups))  # the hint is the cheapest of them


def test_each_technique_lists_at_most_cap_steps_and_says_when_there_are_more():
    whole = all_steps(PUZZLE, langs=("en",), cap=10_000)
    capped = all_steps(PUZZLE, langs=("en",), cap=3)
    assert [g["technique"] for g in capped["groups"]] == [g["technique"] for g in whole["groups"]]
    for a, b in zip(capped["groups"], whole["groups"], strict=True):
        assert a["steps"] == b["steps"][:3] and a["count"] == len(a["steps"]) == min(3, b["count"])
        assert a["more"] is (b["count"] > 3) and b["more"] is False
    assert capped["count"] == sum(min(3, g["count"]) for g in whole["groups"])
    assert capped["more"] is True and whole["more"] is False
    default = all_steps(PUZZLE, langs=("en",))
    assert max(len(g["steps"]) for g in default["groups"]) == ALL_STEPS_CAP
    assert [g["technique"] for g in default["groups"] if g["more"]] == [
        g["technique"] for g in whole["groups"] if g["count"] > ALL_STEPS_CAP]


def test_a_techniques_search_stops_one_step_past_the_cap(monkeypatch):
    # Issue 33: a 16x16 has hundreds of unit forcing chains; the list shows 30, so the search stops at the
    # 31st (which says there are more) instead of finding them all.
    import sudoku_core.hint as hint

    pulled: dict[str, int] = {}

    def counting(state, techniques):
        for step in find_steps(state, techniques):
            pulled[step.technique] = pulled.get(step.technique, 0) + 1
            yield step

    monkeypatch.setattr(hint, "find_steps", counting)
    result = all_steps(PUZZLE, langs=("en",), cap=3)
    for g in result["groups"]:
        assert pulled[g["technique"]] == (4 if g["more"] else g["count"])
    assert any(g["more"] for g in result["groups"])


def test_the_work_reports_each_technique_k_of_n():
    reports: list[dict] = []
    result = run(all_steps_work(PUZZLE, langs=("en",), techniques=["hidden_single", "franken_x_wing"]),
                 reports.append)
    starts = [r for r in reports if r["nsteps"] == 0 or r["technique"] == "franken_x_wing"]
    assert {k: v for k, v in reports[0].items() if k != "groups"} == {
        "technique": "hidden_single", "name": {"en": "Hidden Single"}, "k": 0, "n": 2, "nsteps": 0}
    assert all(r["groups"] is result["groups"] for r in reports)  # the answer's list, growing as groups finish
    assert {r["technique"] for r in starts} == {"hidden_single", "franken_x_wing"}
    assert [r["nsteps"] for r in reports] == sorted(r["nsteps"] for r in reports)  # never goes back
    assert reports[-1]["nsteps"] == result["count"]


def test_a_mistake_is_said_instead_of_steps():
    entered = [0] * 81
    c = PUZZLE.index(".")
    entered[c] = SOLUTION[c] % 9 + 1
    result = all_steps(PUZZLE, entered)
    assert result["status"] == "mistake" and result["mistakes"][0]["cell"] == c
    entered, pencil = played(3)
    c = next(i for i, ds in enumerate(pencil) if len(ds) > 1)
    pencil[c].remove(SOLUTION[c])
    result = all_steps(PUZZLE, entered, pencil)
    assert result["status"] == "mistake" and result["mistakes"][0]["kind"] == "missing_candidate"
    assert all_steps(PUZZLE, list(SOLUTION))["status"] == "solved"


def job_to_end(session: Session, payload: dict) -> tuple[dict, list[dict]]:
    reply = call(session, "all_steps_job", {"ms": 20, **payload})
    assert reply["ok"], reply
    progress = []
    while not reply["result"]["done"]:
        progress.append(reply["result"])
        reply = call(session, "job_step", {"job": reply["result"]["job"], "ms": 20})
        assert reply["ok"], reply
    return reply["result"], progress


def test_the_job_in_slices_answers_like_one_call_and_reports_progress():
    entered, pencil = played(5)
    payload = {"text": PUZZLE, "entered": entered, "pencil": pencil, "langs": ["en"], "solution": list(SOLUTION)}
    result, progress = job_to_end(Session(), payload)
    whole = all_steps(PUZZLE, entered, pencil, langs=("en",))
    assert {k: v for k, v in result.items() if k not in ("job", "done", "ms", "longest_ms", "technique", "name",
                                                          "k", "n", "nsteps", "new_groups")} == whole
    assert progress, "20 ms slices: the job took more than one"
    n = len(for_variant("classic", ladder=False))
    assert all(p["n"] == n and 0 <= p["k"] < n and p["technique"] in BY_ID for p in progress)
    assert [p["k"] for p in progress] == sorted(p["k"] for p in progress)
    # The groups stream in (issue 33): each report brings those finished since the last, in order, as the
    # answer gives them; the easy ones come long before the end.
    streamed = [g for p in progress for g in p["new_groups"]] + result["new_groups"]
    assert streamed == whole["groups"]
    assert any(p["new_groups"] for p in progress)
    assert all(p["new_groups"] == [] or p["new_groups"][-1]["technique"] != p["technique"] for p in progress)


def test_a_stopped_job_is_gone():
    session = Session()
    started = call(session, "all_steps_job", {"text": PUZZLE, "ms": 20})["result"]
    assert not started["done"]
    assert call(session, "job_stop", {"job": started["job"]})["result"]["stopped"] is True
    assert call(session, "job_step", {"job": started["job"]})["error"]["reason"] == "no_job"


def test_one_technique_alone_and_an_unknown_one_named():
    result, _ = job_to_end(Session(), {"text": PUZZLE, "technique": "franken_swordfish", "langs": ["en"]})
    assert [g["technique"] for g in result["groups"]] == ["franken_swordfish"]
    error = call(Session(), "all_steps_job", {"text": PUZZLE, "technique": "frankenfish"})["error"]
    assert error["kind"] == "bad_request" and error["field"] == "payload.technique"
    assert "frankenfish" in error["message"] and "franken_swordfish" in error["message"]


@pytest.mark.parametrize(("payload", "where"), [
    ({"text": PUZZLE, "entered": [10] + [0] * 80}, "payload.entered[0]"),
    ({"text": PUZZLE, "pencil": [[0]] + [[]] * 80}, "payload.pencil[0]"),
    ({"text": PUZZLE, "solution": [1] * 81}, "payload.solution"),
    ({"text": PUZZLE, "cap": 0}, "payload.cap"),
    ({"text": PUZZLE, "technique": 7}, "payload.technique"),
])
def test_bad_requests_name_their_field(payload, where):
    error = call(Session(), "all_steps_job", payload)["error"]
    assert error["kind"] == "bad_request" and error["field"] == where, error


def test_a_killer_lists_its_cage_steps_and_never_bug_plus_1():
    session = Session()
    parsed = call(session, "parse", {"text": KILLER})["result"]
    game = {"box": parsed["box"], "cells": parsed["cells"], "variant": "killer", "cages": parsed["cages"]}
    result, _ = job_to_end(session, {**game, "langs": ["en"]})
    assert result["status"] == "steps"
    techniques = [g["technique"] for g in result["groups"]]
    assert "cage_combination" in techniques or "rule_45" in techniques
    assert "bug_plus_1" not in techniques
    solution = [int(ch) for ch in solve(KILLER).solutions[0]]
    for g in result["groups"]:
        for s in g["steps"]:
            assert s["step"]["technique"] == g["technique"]
            assert all(solution[c] != d for c, d in s["eliminations"])
            assert all(solution[c] == d for c, d in s["placements"])
