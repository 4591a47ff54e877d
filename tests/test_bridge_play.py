"""The play operations of the bridge: hint, rate, steps, daily, generation (a session job), and their
errors."""

from __future__ import annotations

import json

import pytest

from sudoku_core import locales
from sudoku_core.bridge import OPS, Session, handle, handle_json
from sudoku_core.step import CAGE_TECHNIQUES

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
NO_SOLUTION = "5.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."  # qqwing_easy, line 1
MULTIPLE = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


def ok(op, **payload):
    reply = handle({"type": op, "payload": payload})
    assert reply["ok"], reply
    return reply["result"]


def err(op, **payload):
    reply = handle({"type": op, "payload": payload})
    assert not reply["ok"], reply
    return reply["error"]


def generated(**payload):
    """A generation job on a fresh session, run to its end: its final reply (or error)."""
    session = Session()

    def call(op, body):
        return json.loads(session.handle_json(json.dumps({"type": op, "payload": body})))

    reply = call("generate_job", {"ms": 2000, **payload})
    while reply["ok"] and not reply["result"]["done"]:
        reply = call("job_step", {"job": reply["result"]["job"], "ms": 2000})
    return reply


def cells(line):
    return [0 if ch == "." else int(ch) for ch in line]


def test_ops_are_listed():
    assert {"hint", "rate", "steps", "daily"} <= set(OPS) and "generate" not in OPS  # generation: a job
    assert {"hint", "rate", "steps", "daily"} <= set(ok("version")["ops"])


def test_hint_step_with_three_levels_in_every_language():
    r = ok("hint", box=[3, 3], cells=cells(EASY))
    assert r["status"] == "step"
    assert set(r["messages"]) == {"0", "1", "2"}
    assert all(set(m["text"]) == set(locales.languages()) for m in r["messages"].values())
    assert r["step"]["placements"] or r["step"]["eliminations"]
    json.dumps(r)


def test_hint_reports_a_wrong_entry_first():
    entered = [0] * 81
    entered[0] = 1  # r1c1 is 4
    r = ok("hint", box=[3, 3], cells=cells(EASY), entered=entered)
    assert r["status"] == "mistake"
    assert r["mistakes"] == [{"kind": "wrong_digit", "cell": 0, "digit": 1}]  # cells are 0-based
    assert r["highlight"]["cells"] == [0]


def test_hint_reports_a_struck_out_true_candidate():
    pencil = [[] for _ in range(81)]
    pencil[0] = [1, 2]  # 4 is missing from r1c1
    r = ok("hint", box=[3, 3], cells=cells(EASY), pencil=pencil)
    assert r["status"] == "mistake" and r["mistakes"][0]["kind"] == "missing_candidate"


def test_hint_entered_over_a_given_is_ignored_and_right_entries_count():
    entered = [int(d) for d in SOLUTION]
    r = ok("hint", box=[3, 3], cells=cells(EASY), entered=entered)
    assert r["status"] == "solved"


def test_hint_says_no_solution_or_several():
    assert ok("hint", text=NO_SOLUTION)["status"] == "no_solution"
    assert ok("hint", text=MULTIPLE)["status"] == "multiple"


@pytest.mark.parametrize("payload, words", [
    ({"text": EASY, "entered": [0] * 80}, "80 entries"),
    ({"text": EASY, "entered": ["x"] * 81}, "entered cell 0"),
    ({"text": EASY, "entered": [10] * 81}, "entered cell 0"),
    ({"text": EASY, "pencil": [["1"]] * 81}, "pencil cell 0"),
    ({"text": EASY, "pencil": 3}, "'pencil' must be a list"),
    ({"text": EASY, "langs": ["fr"]}, "'langs'"),
    ({}, "needs 'text' or 'cells'"),
])
def test_hint_bad_payloads(payload, words):
    e = err("hint", **payload)
    assert e["kind"] == "bad_request" and words in e["message"], e


def test_rate():
    r = ok("rate", text=EASY)
    # Naked singles alone solve EASY; the first puzzle of qqwing_easy needs hidden singles: medium.
    assert r == {"status": "unique", "level": "easy", "score": r["score"], "hardest": "naked_single",
                 "hardest_name": {**r["hardest_name"], "en": "Naked Single"},
                 "solved": True, "nsteps": r["nsteps"], "exact": True}
    assert set(r["hardest_name"]) == set(locales.languages())
    assert r["hardest_name"]["zh-CN"] and r["hardest_name"]["zh-CN"] != "Naked Single"
    medium = ok("rate", text=MEDIUM)
    assert (medium["level"], medium["hardest"], medium["hardest_name"]["en"]) == ("medium", "hidden_single",
                                                                                 "Hidden Single")
    assert ok("rate", text=EASY, quick=True) == r
    assert ok("rate", text=NO_SOLUTION)["status"] == "no_solution"
    assert ok("rate", text=MULTIPLE)["level"] is None
    assert err("rate", text="12")["kind"] == "parse"


def test_quick_rate_leaves_out_forcing_chains():
    # Solved only with forcing chains or nets: quick says "extreme or harder" at once.
    hard = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    r = ok("rate", text=hard, quick=True)
    assert r["level"] == "extreme" and r["exact"] is False and r["score"] is None
    assert err("rate", text=hard, quick="yes")["kind"] == "bad_request"


def test_steps_replay_to_the_solution():
    r = ok("steps", box=[3, 3], cells=cells(EASY))
    assert r["solved"] and len(r["steps"]) == r["nsteps"]
    grid = cells(EASY)
    for s in r["steps"]:
        assert set(s["text"]) == set(locales.languages()) and s["name"]["en"]
        assert "cells" in s["highlight"] and "candidates" in s["highlight"]
        # The whole record travels too, for the page to draw the reason; it agrees with the summary.
        assert s["step"]["technique"] == s["technique"] and s["step"]["placements"] == s["placements"]
        assert {"houses", "cover", "links", "groups", "fins", "digits"} <= set(s["step"])
        for cell, d in s["placements"]:
            grid[cell] = d
    assert "".join(map(str, grid)) == SOLUTION
    assert set(ok("steps", text=EASY, langs=["zh-CN"])["steps"][0]["text"]) == {"zh-CN"}
    assert set(ok("steps", text=EASY, langs=["zh"])["steps"][0]["text"]) == {"zh-CN"}  # the old name reads
    assert "steps" not in ok("steps", text=MULTIPLE)


def test_generate_is_deterministic_and_unique():
    a = generated(size=9, level="easy", symmetry="rot180", seed=7)["result"]
    b = generated(size=9, level="easy", symmetry="rot180", seed=7)["result"]
    assert a["cells"] == b["cells"] and a["solution"] == b["solution"]
    assert a["found"] and a["level"] == "easy" and a["symmetry"] == "rot180"
    assert ok("rate", box=a["box"], cells=a["cells"])["status"] == "unique"
    assert all(g in (0, s) for g, s in zip(a["cells"], a["solution"], strict=True))
    c = generated(size=9, level="easy", symmetry="rot180", seed=8)["result"]
    assert c["cells"] != a["cells"]
    small = generated(size=4, seed="x")["result"]
    assert small["found"] and len(small["cells"]) == 16 and small["level"] is None


def test_generate_can_run_out_of_attempts():
    # One attempt at an expert 9x9 rarely matches; whatever comes back has the job's facts.
    r = generated(level="expert", seed=1, attempts=1)["result"]
    assert r["attempts"] == 1 and "found" in r
    if not r["found"]:
        assert "cells" not in r


@pytest.mark.parametrize("payload, words", [
    ({"seed": 1, "level": "impossible"}, "unknown level"),
    ({"seed": 1, "size": 7}, "'size'"),
    ({"seed": 1, "symmetry": "spiral"}, "unknown symmetry"),
    ({"seed": 1, "minimal": "yes"}, "'minimal'"),
    ({"seed": 1, "attempts": 0}, "'attempts'"),
    ({"seed": 1, "attempts": 10 ** 7}, "'attempts'"),
    ({"seed": 1, "ms": 0}, "'ms'"),
    ({"seed": 1.5}, "'seed'"),
    ({}, "needs 'seed'"),
    ({"seed": 1, "size": True}, "boolean"),
])
def test_generate_bad_payloads(payload, words):
    e = generated(**payload)["error"]
    assert e["kind"] == "bad_request" and words in e["message"], e


def test_daily_is_the_same_for_a_date_and_differs_between_dates():
    a = ok("daily", date="2026-11-21")
    b = json.loads(handle_json(json.dumps({"type": "daily", "payload": {"date": "2026-11-21"}})))["result"]
    assert a["cells"] == b["cells"] and a["date"] == "2026-11-21"
    assert a["level"] == "hard" and a["symmetry"] == "rot180" and len(a["cells"]) == 81
    assert ok("daily", date="2026-11-22")["cells"] != a["cells"]


@pytest.mark.parametrize("date", ["2026-02-30", "21/11/2026", "2026-1-1", "", "２０２６-11-21"])
def test_daily_bad_dates(date):
    e = err("daily", date=date)
    assert e["kind"] == "bad_request" and "YYYY-MM-DD" in e["message"]


def test_daily_needs_a_date_string():
    assert "needs 'date'" in err("daily")["message"]
    assert err("daily", date=20261121)["kind"] == "bad_request"


# --- bounded work (issue 19) ----------------------------------------------------------------------

#: Sparse grids with several solutions where no counter finds a second quickly (bench/sparse_bench.py):
#: hint, rate and steps took 4-5 s each before their uniqueness checks had a budget.
SPARSE = {
    16: (
        "..76..1..98E....F...8.96.C...D..........75D...E6B.9..7.F.....A.82.3.6..C...8.E..A4....8....6.F.."
        "7...G....3.4...1..EG32..1.C.........2...E.A3....8.2.......6..95D..5........7..C.E.A....7.D.B..2."
        ".....4.536..8....E.C.....1........G..A7......4.53.....E....92GA7"
    ),
    25: (
        "....26..A...4......K....8.....C..J...NF2.D4....3G.PD..M.HN.2.........86LBAEO13...D49MC..J8..B..."
        "H.F.C..J8..3GK..B....NF2P..9M.2...EPD4.........OB8....1K....92....6......H.O.3.E..6..IC8.5.DK..."
        "...L2...J8.D.HB1O.F.P........4.M.BMLP4.KA.3.7.1OJ....D..5..7MO.9..1B4......L..J........5F26D...J"
        "P.......E9....1..4O..H..E.6M...JK..7.8P6.L5J.K.D.....97.....2..9.2J.8.C...7.G4N.....5H....E.1..."
        "J..G.DKM..3.....9N.....K.GM....1...L.A...........M92........C3..E.23J.1.68.CEOKL.N...9H....L..KC"
        ".E.5.13F...G....7MN...2..3.9.OK..85...D.F.J.B...H624.....LD.8K9.......3IDC.K..BA.E.O72.F..5.LP.K"
        ".......EI...4P..JL...D.....L..........3G......2.H"
    ),
}


@pytest.mark.parametrize("n", [16, 25])
def test_hint_rate_and_steps_give_up_within_their_budget(n):
    import time

    from sudoku_core.solvers import UNIQUE_STAGES, budget_nodes

    most = sum(int(budget_nodes(m, n, 0.3) * share) for m, share in UNIQUE_STAGES)
    for op in ("hint", "rate", "steps"):
        start = time.thread_time()
        r = ok(op, text=SPARSE[n])
        assert time.thread_time() - start < 2.0, op  # about 0.6 s here; slack for a loaded machine
        assert r["status"] == "gave_up" and 0 < r["nodes"] <= most, (op, r)
        if op == "hint":
            text = r["messages"]["0"]["text"]
            assert "gave up after" in text["en"] and str(r["nodes"]) in text["zh-CN"]
        else:
            assert r["level"] is None and r["solved"] is False


def test_hint_gave_up_is_deterministic():
    assert ok("hint", text=SPARSE[16]) == ok("hint", text=SPARSE[16])


def test_hint_with_the_pages_own_symbols():
    """The solution comes back in the page's symbols; the hint read it as default digits (a parse error)."""
    grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0]
    for symbols in ("WXYZ", "2345"):
        r = ok("hint", cells=grid, box=[2, 2], symbols=symbols)
        assert r["status"] == "step" and r["step"]["placements"] == [[15, 1]], r


def test_generate_builds_a_puzzle_around_a_practice_technique():
    names = {t["id"]: t for t in ok("version")["techniques"]}
    assert {"skyscraper", "x_wing", "xy_wing"} <= set(names) and names["xy_wing"]["name"]["zh-CN"]
    assert all(t["level"] in ("hard", "expert") for t in names.values())
    r = generated(size=9, technique="skyscraper", symmetry="rot180", seed=5, attempts=1000)["result"]
    assert r["found"] and r["hardest"] == "skyscraper"
    assert ok("rate", box=r["box"], cells=r["cells"])["status"] == "unique"
    bad = generated(size=9, technique="forcing_net", seed=1)
    assert not bad["ok"] and bad["error"]["field"] == "payload.technique"


def test_a_hint_takes_the_solution_the_page_already_has_instead_of_solving_again(monkeypatch):
    """The page sends the givens' unique solution once it knows it: the hint is the same, the engine
    does not count solutions again, and a solution that cannot be the givens' is refused by name."""
    import sudoku_core.solvers as solvers

    entered = [0] * 81
    entered[0] = 4  # r1c1 holds 4 in the solution: no mistake
    asked = ok("hint", text=EASY, entered=entered)
    calls = []
    real = solvers.check_unique_work  # the count a hint runs, as resumable work (check_unique runs it whole)
    monkeypatch.setattr(solvers, "check_unique_work", lambda *a, **k: calls.append(a) or real(*a, **k))
    given = ok("hint", text=EASY, entered=entered, solution=[int(ch) for ch in SOLUTION])
    assert given == asked and calls == []
    ok("hint", text=EASY, entered=entered)
    assert len(calls) == 1  # without it, the givens are solved again
    wrong_digit = [0] * 81
    wrong_digit[0] = 8  # the solution has 4 there: a mistake, found against the page's solution
    assert ok("hint", text=EASY, entered=wrong_digit, solution=[int(ch) for ch in SOLUTION])["status"] == "mistake"
    changed = [int(ch) for ch in SOLUTION]
    changed[2] = 9  # r1c3 is a given 3
    error = err("hint", text=EASY, solution=changed)
    assert error["kind"] == "bad_request" and error["field"] == "payload.solution" and "r1c3" in error["message"]
    swapped = [int(ch) for ch in SOLUTION]
    swapped[0], swapped[1] = swapped[1], swapped[0]  # keeps the givens, breaks a column
    assert "twice" in err("hint", text=EASY, solution=swapped)["message"]
    assert "not a digit" in err("hint", text=EASY, solution=[0] * 81)["message"]


# --- variants (issue 21) -------------------------------------------------------------------------------

X_LINE = ".7.8.....................439.1....5....9....12...1.6......2.....9....86.4......2."
JIGSAW = ("jigsaw:3.2.6.......7.8.....8......57.....3......3..5.4...........9.......2.....4.3....9.:"
          "AAABBBBBBAAAACCBBBDAACCCEEFDDDCEEEFFDCCCEEFFFDDGGGEEFFHDGGGIIFIHDGHGGIIIHHHHHHIII")


def test_variant_games_round_trip_through_the_bridge():
    # A generated Jigsaw comes back with its regions; the same box + cells + variant + regions is the
    # same puzzle for parse, solve, hint and steps.
    reply = generated(size=9, level="easy", variant="jigsaw", seed=5)
    assert reply["ok"], reply
    g = reply["result"]
    assert g["variant"] == "jigsaw" and sorted(g["regions"]) == sorted(list(range(9)) * 9)
    game = {"box": g["box"], "cells": g["cells"], "variant": "jigsaw", "regions": g["regions"]}
    parsed = ok("parse", **game)
    assert (parsed["variant"], parsed["regions"], parsed["cells"]) == ("jigsaw", g["regions"], g["cells"])
    assert ok("solve", **game, method="dlx")["cells"] == [g["solution"]]
    assert ok("hint", **game, langs=["en"])["status"] == "step"
    steps = ok("steps", **game, langs=["en"])
    assert steps["solved"] and steps["level"] == "easy"
    # The text forms of docs/variants.md say their variant themselves.
    assert ok("parse", text=f"x:{X_LINE}")["variant"] == "x"
    jig = ok("parse", text=JIGSAW)
    assert jig["variant"] == "jigsaw" and jig["regions"][:4] == [0, 0, 0, 1]
    assert ok("parse", text=EASY)["variant"] == "classic" and ok("parse", text=EASY)["regions"] is None
    # Or the payload names the variant of a plain line.
    assert ok("parse", text=X_LINE, variant="x")["variant"] == "x"


def test_variant_conflicts_name_the_extra_house():
    cells = [0] * 81
    cells[0] = cells[80] = 5  # r1c1 and r9c9: both on the main diagonal
    found = ok("parse", box=[3, 3], cells=cells, variant="x")["conflicts"]
    assert [c["message"] for c in found] == ["r1c1 and r9c9 both hold 5 in diagonal 1"]
    assert ok("parse", box=[3, 3], cells=cells)["conflicts"] == []


@pytest.mark.parametrize("payload, fieldname, reason, message", [
    ({"variant": "y"}, "payload.variant", "variant", "unknown variant 'y'"),
    ({"variant": "windoku", "box": [2, 3], "cells": [0] * 36}, "payload.variant", "variant", "9x9"),
    ({"variant": "jigsaw"}, "payload.regions", "tiling", "needs its region map"),
    ({"variant": "jigsaw", "regions": [0] * 81}, "payload.regions", "size", "region 0 (region 1, from r1c1)"),
    ({"variant": "jigsaw", "regions": [r // 9 if r % 9 else (r // 9 + 1) % 9 for r in range(81)]},
     "payload.regions", "connected", "is not connected"),
    ({"variant": "jigsaw", "regions": [True] * 81}, "payload.regions", None, "one integer"),
])
def test_bad_variants_and_region_maps_say_which_rule(payload, fieldname, reason, message):
    e = err("parse", **{"box": [3, 3], "cells": [0] * 81, **payload})
    assert e["kind"] == "bad_request" and e["field"] == fieldname and e.get("reason") == reason
    assert message in e["message"]


def test_generation_jobs_take_a_variant():
    reply = generated(size=9, variant="x", level="medium", seed=3)
    assert reply["ok"] and reply["result"]["variant"] == "x" and reply["result"]["regions"] is None
    assert reply["result"]["cages"] is None
    assert generated(size=9, seed=3)["result"]["variant"] == "classic"
    small = generated(size=6, variant="windoku", seed=3)
    assert not small["ok"] and "9x9" in small["error"]["message"]


# --- Killer on the page ---------------------------------------------------------------------------------

KILLER = ("killer:" + "." * 81 + ":aaabccdddaeebfghhijekbfgggijjklllmniokkpplliiqrspttuuuqssstvvvwxyszzvvAwyyzzBBB"
          "AA:12,14,11,24,19,17,12,6,15,17,21,25,8,7,7,12,12,5,27,16,19,20,9,3,14,19,19,15")  # generate --seed 1


def killer_game():
    """The Killer above as the page holds it: box, cells, variant and cages."""
    parsed = ok("parse", text=KILLER)
    return {"box": parsed["box"], "cells": parsed["cells"], "variant": "killer", "cages": parsed["cages"]}


def test_a_killer_crosses_the_bridge_with_its_cages():
    """Every op the page uses takes a Killer as box + cells + variant + cages, the cages as the engine
    orders them (by first cell), so a cage's number is the same on both sides."""
    game = killer_game()
    assert game["cages"][:2] == [{"sum": 12, "cells": [0, 1, 2, 9]}, {"sum": 14, "cells": [3, 12, 21]}]
    assert sum(len(c["cells"]) for c in game["cages"]) == 81 and len(game["cages"]) == 28
    again = ok("parse", **game)
    assert (again["variant"], again["cages"], again["regions"]) == ("killer", game["cages"], None)
    solved = ok("solve", **game)
    assert solved["status"] == "unique"
    solution = solved["cells"][0]
    assert all(sum(solution[c] for c in cage["cells"]) == cage["sum"] for cage in game["cages"])
    assert ok("solve", **game, method="dlx")["cells"] == [solution]
    hint = ok("hint", **game, langs=["en"], solution=solution)
    assert hint["status"] == "step" and hint["step"]["technique"] in ("cage_combination", "rule_45")
    steps = ok("steps", **game, langs=["en"])
    assert steps["status"] == "unique" and steps["solved"]
    kinds = {s["technique"] for s in steps["steps"]}
    assert {"cage_combination", "rule_45"} <= kinds
    # A cage step names the cages it reasons with; other steps name none.
    for s in steps["steps"]:
        named = s["step"]["cages"]
        if s["technique"] == "cage_combination":
            assert len(named) == 1 and game["cages"][named[0]]["cells"] == s["step"]["cells"]
        elif s["technique"] in CAGE_TECHNIQUES:  # the 45 rule and the other cage techniques: their "cages" group
            grouped = {c for g in s["step"]["groups"] for c, _ in g["candidates"]}
            inside = {c for q in named for c in game["cages"][q]["cells"]}
            assert named and grouped <= inside <= grouped | set(s["step"]["cells"])
        else:
            assert named == []
    assert "cages" not in ok("hint", text=EASY, langs=["en"])["step"]  # a classic step is as before


def test_the_killer_text_forms_all_reach_the_page():
    game = killer_game()
    lines = ["variant: killer", "." * 81, "cages:"] + [
        f"{c['sum']}: " + " ".join(f"r{x // 9 + 1}c{x % 9 + 1}" for x in c["cells"]) for c in game["cages"]]
    assert ok("parse", text="\n".join(lines))["cages"] == game["cages"]
    labels = KILLER.split(":")[2]
    sums = dict(zip(sorted(set(labels), key=labels.index), KILLER.split(":")[3].split(","), strict=True))
    community = [f"{'.' * 9} {labels[r * 9:r * 9 + 9]}" for r in range(9)]
    community.append(" ".join(f"{k}={v}" for k, v in sums.items()))
    parsed = ok("parse", text="\n".join(community))
    assert parsed["variant"] == "killer" and parsed["cages"] == game["cages"]
    # A plain line named a Killer with its cages in the payload is the same puzzle.
    assert ok("parse", text="." * 81, variant="killer", cages=game["cages"])["cages"] == game["cages"]
    # A bad cage in a text is a parse error naming the cage's line and the rule.
    bad = err("parse", text="\n".join([*lines[:3], "30: r1c1 r1c2", *lines[4:]]))
    assert bad["kind"] == "parse" and bad["reason"] == "sum" and bad["line"] == 4
    assert "cage 1 (sum 30" in bad["message"]


def test_killer_conflicts_name_the_cage():
    game = killer_game()
    cells = [0] * 81
    cells[14], cells[24] = 5, 5  # r2c6 and r3c7: in cage 7 (sum 12), and in no house together
    found = ok("parse", **{**game, "cells": cells})["conflicts"]
    assert found == [{"cells": [14, 24], "cage": 6, "digit": 5,
                      "message": "r2c6 and r3c7 both hold 5 in cage 7 (sum 12, from r2c6)"}]
    cells[25] = 5  # r3c8: r3c7's row and box say that pair; the cage says only the pairs with r2c6
    found = ok("parse", **{**game, "cells": cells})["conflicts"]
    assert [(c["cells"], c.get("house"), c.get("cage")) for c in found] == [
        ([24, 25], 2, None), ([24, 25], 20, None), ([14, 24], None, 6), ([14, 25], None, 6)]
    cells = [0] * 81
    cells[0] = 5
    cells[1], cells[2], cells[9] = 1, 2, 3  # a full cage of 5 + 1 + 2 + 3 = 11, not 12
    wrong = ok("parse", **{**game, "cells": cells})["conflicts"]
    assert wrong == [{"cells": [0, 1, 2, 9], "cage": 0, "sum": 12, "found": 11,
                      "message": "the digits of cage 1 (sum 12, from r1c1) make 11, not 12"}]
    cells[9] = 4
    assert ok("parse", **{**game, "cells": cells})["conflicts"] == []


@pytest.mark.parametrize("cages, reason, cage, message", [
    ([{"sum": 3, "cells": [0, 2]}], "connected", 0, "cage 1 (sum 3, from r1c1) is not connected: r1c3"),
    ([{"sum": 30, "cells": [0, 1]}], "sum", 0, "cannot sum to 30: 2 different digits of 1-9 sum to 3 .. 17"),
    ([{"sum": 3, "cells": [0, 1]}, {"sum": 9, "cells": [1, 10]}], "overlap", 1,
     "cage 2 (sum 9, from r1c2): cell r1c2 is also in cage 1"),
    ([{"sum": 3, "cells": [80, 81]}], "cells", 0, "names cell 81, off the 9x9 grid"),
    ([], "cages", None, "needs its cages"),
])
def test_bad_cages_say_which_cage_which_cell_and_which_rule(cages, reason, cage, message):
    e = err("parse", box=[3, 3], cells=[0] * 81, variant="killer", cages=cages)
    assert e["kind"] == "bad_request" and e["field"] == "payload.cages" and e["reason"] == reason
    assert e["cage"] == cage and message in e["message"]


@pytest.mark.parametrize("cages, fieldname", [
    ("12:r1c1", "payload.cages"), ([[12, [0, 1]]], "payload.cages[0]"),
    ([{"sum": "12", "cells": [0]}], "payload.cages[0].sum"), ([{"sum": 1, "cells": [True]}], "payload.cages[0].cells"),
])
def test_cages_of_the_wrong_shape_are_bad_requests(cages, fieldname):
    e = err("parse", box=[3, 3], cells=[0] * 81, variant="killer", cages=cages)
    assert e["kind"] == "bad_request" and e["field"] == fieldname


def test_cages_on_another_variant_are_refused():
    e = err("parse", box=[3, 3], cells=[0] * 81, variant="x", cages=[{"sum": 3, "cells": [0, 1]}])
    assert e["field"] == "payload.variant" and e["reason"] == "variant" and "no cages" in e["message"]
    assert err("parse", text=EASY, variant="killer")["reason"] == "cages"  # a Killer needs cages


def test_generation_jobs_make_killers_with_and_without_givens():
    bare = generated(size=9, variant="killer", level="hard", seed=1)
    assert bare["ok"], bare
    g = bare["result"]
    assert g["found"] and g["variant"] == "killer" and g["givens"] == 0 and g["level"] == "hard"
    assert sorted(c for cage in g["cages"] for c in cage["cells"]) == list(range(81))  # generated cages tile
    assert ok("solve", box=g["box"], cells=g["cells"], variant="killer", cages=g["cages"])["cells"] == [g["solution"]]
    assert generated(size=9, variant="killer", level="hard", seed=1)["result"]["cages"] == g["cages"]  # seeded
    kept = generated(size=9, variant="killer", givens=True, level="easy", symmetry="rot180", seed=2)["result"]
    assert kept["found"] and kept["level"] == "easy" and kept["givens"] > 0 and kept["cages"]
    # What the engine refuses is said: an easy Killer without givens, a symmetry without givens, givens
    # on another variant.
    easy = generated(size=9, variant="killer", level="easy", seed=1)
    assert not easy["ok"] and "ask for givens" in easy["error"]["message"]
    sym = generated(size=9, variant="killer", symmetry="rot180", seed=1)
    assert not sym["ok"] and "symmetry" in sym["error"]["message"]
    other = generated(size=9, variant="x", givens=True, seed=1)
    assert not other["ok"] and other["error"]["field"] == "payload.givens"
