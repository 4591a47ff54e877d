"""The JSON bridge, in CPython: every operation, every error kind, and JSON-only replies."""

from __future__ import annotations

import json

import pytest

import sudoku_core
from sudoku_core import bridge

# A unique 9x9 (Norvig's first easy puzzle) and its solution.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# An almost empty 4x4 has many solutions.
MANY_4X4 = "1..." + "." * 12
CONFLICT = "11" + "." * 79
EMPTY_16 = "." * 256


def call(op, **payload):
    """One request through the JSON entry point, as the worker sends it."""
    reply = json.loads(bridge.handle_json(json.dumps({"type": op, "payload": payload})))
    assert set(reply) <= {"ok", "result", "error"}
    return reply


def ok(op, **payload):
    reply = call(op, **payload)
    assert reply["ok"] is True, reply
    return reply["result"]


def err(op, **payload):
    reply = call(op, **payload)
    assert reply["ok"] is False, reply
    assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]
    return reply["error"]


def test_every_op_is_listed_by_version():
    result = ok("version")
    assert result["version"] == sudoku_core.__version__
    assert result["ops"] == sorted(bridge.OPS)
    assert "backtrack" in result["methods"]
    assert result["python"].count(".") == 2


def test_parse_text_returns_the_grid_value():
    result = ok("parse", text=EASY)
    assert result["size"] == 9 and result["box"] == [3, 3]
    assert len(result["cells"]) == 81 and result["cells"][2] == 3 and result["cells"][0] == 0
    assert result["symbols"] == "123456789"
    assert result["givens"] == sum(1 for ch in EASY if ch != ".")
    assert result["line"] == EASY
    assert result["conflicts"] == []


def test_parse_cells_round_trips():
    cells = ok("parse", text=EASY)["cells"]
    result = ok("parse", box=[3, 3], cells=cells)
    assert result["line"] == EASY


@pytest.mark.parametrize(("n", "box"), [(4, [2, 2]), (6, [2, 3]), (12, [3, 4]), (16, [4, 4]), (25, [5, 5])])
def test_parse_every_size(n, box):
    result = ok("parse", text="." * (n * n))
    assert result["size"] == n and result["box"] == box


def test_parse_reports_conflicts_as_data():
    result = ok("parse", text=CONFLICT)
    assert result["conflicts"], result
    first = result["conflicts"][0]
    assert first["cells"] == [0, 1] and first["digit"] == 1
    assert "r1c1" in first["message"] and "r1c2" in first["message"] and "row 1" in first["message"]


def test_parse_error_kind_carries_position():
    error = err("parse", text="12?" + "." * 78)
    assert error["kind"] == "parse"
    assert error["line"] == 1 and error["column"] == 3
    # The facts the page words the error with in its own language.
    assert error["reason"] == "char" and error["char"] == "?" and error["size"] == 9


def test_parse_error_on_wrong_length():
    error = err("parse", text="123")
    assert error["kind"] == "parse"
    assert error["found"] == 3
    assert error["reason"] == "no_size" and "size" not in error  # 3 cells fit no size; the page words it
    error = err("parse", text="." * 80)
    assert error["reason"] == "count" and (error["found"], error["expected"], error["size"]) == (80, 81, 9)


def test_solve_unique():
    result = ok("solve", text=EASY)
    assert result["status"] == "unique" and result["count"] == 1
    assert result["solutions"] == [EASY_SOLUTION]
    assert result["cells"][0][:3] == [4, 8, 3]
    assert result["differences"] == []
    assert result["stats"]["nodes"] >= 1 and result["ms"] >= 0
    assert result["method"] == "backtrack"


@pytest.mark.parametrize("method", [m for m in sudoku_core.METHODS if m != "naive"])
def test_solve_with_each_method(method):
    """Every method the engine lists solves through the bridge: one that reports an error (an
    ``internal`` one is a crash) fails here, with the bridge's reply in the message."""
    result = ok("solve", text=EASY, method=method)
    assert result["solutions"] == [EASY_SOLUTION]
    assert result["method"] == method


def test_solve_multiple_reports_differences():
    result = ok("solve", text=MANY_4X4)
    assert result["status"] == "multiple" and result["count"] == 2
    a, b = result["cells"]
    assert result["differences"] == [c for c in range(16) if a[c] != b[c]]
    assert result["differences"]


def test_solve_no_solution_with_conflicts():
    result = ok("solve", text=CONFLICT)
    assert result["status"] == "no_solution" and result["count"] == 0
    assert result["conflicts"]


def test_solve_cells_payload_and_limit_one():
    cells = ok("parse", text=EASY)["cells"]
    result = ok("solve", box=[3, 3], cells=cells, limit=1)
    assert result["status"] == "solved"


def test_solve_node_limit_gives_up():
    result = ok("solve", text=EMPTY_16, node_limit=1, limit=2)
    assert result["status"] in {"gave_up", "solved", "multiple"}
    assert result["node_limit"] == 1


def test_solve_unknown_method_kind():
    error = err("solve", text=EASY, method="nope")
    assert error["kind"] == "method"


def test_format_line_and_grid():
    assert ok("format", text=EASY)["text"] == EASY
    grid = ok("format", text=EASY, style="grid")["text"]
    assert len(grid.splitlines()) >= 9
    assert ok("parse", text=grid)["line"] == EASY


def test_parse_with_an_alphabet():
    hex_line = "0123456789ABCDEF" + "." * 240
    result = ok("parse", text=hex_line, alphabet="hex")
    assert result["size"] == 16 and result["cells"][:3] == [1, 2, 3]
    assert err("parse", text=EASY, alphabet="nonsense!")["kind"] == "parse"


def test_solve_answers_digits_whatever_the_puzzles_letters():
    """The solution travels as digits taken from the engine, never as text read back in some alphabet:
    the same grid written in 1-9 and in A-I solves to the same cells."""
    letters = "".join("ABCDEFGHI"[int(ch) - 1] if ch != "." else "." for ch in EASY)
    digits = ok("solve", text=EASY)["cells"]
    lettered = ok("solve", text=letters, alphabet="ABCDEFGHI")
    assert lettered["cells"] == digits and all(1 <= d <= 9 for d in digits[0])
    assert lettered["solutions"][0] == "".join("ABCDEFGHI"[d - 1] for d in digits[0])


def test_format_with_symbols():
    result = ok("format", box=[2, 2], cells=[1, 2, 3, 4] + [0] * 12, symbols="ABCD")
    assert result["text"] == "ABCD" + "." * 12


@pytest.mark.parametrize(
    ("op", "payload", "needle"),
    [
        ("parse", {}, "'text' or 'cells'"),
        ("parse", {"text": 5}, "'text' must be a string"),
        ("parse", {"cells": [0] * 16}, "'box'"),
        ("parse", {"cells": [0] * 15, "box": [2, 2]}, "15 entries"),
        ("parse", {"cells": [0] * 15 + [9], "box": [2, 2]}, "cell 15"),
        ("parse", {"cells": [0] * 15 + [True], "box": [2, 2]}, "cell 15"),
        ("parse", {"cells": [0] * 16, "box": [2]}, "'box'"),
        ("parse", {"cells": [0] * 16, "box": [2, 2], "symbols": "AAB"}, "'symbols'"),
        ("solve", {"text": EASY, "limit": 0}, "'limit'"),
        ("solve", {"text": EASY, "limit": True}, "boolean"),
        ("solve", {"text": EASY, "node_limit": -1}, "'node_limit'"),
        ("solve", {"text": EASY, "method": 3}, "'method'"),
        ("format", {"text": EASY, "style": "html"}, "style"),
    ],
)
def test_bad_payload_kind(op, payload, needle):
    error = err(op, **payload)
    assert error["kind"] == "bad_request"
    assert needle in error["message"]


def test_unknown_op_kind():
    reply = json.loads(bridge.handle_json(json.dumps({"type": "exec", "payload": {"code": "1"}})))
    assert reply["ok"] is False and reply["error"]["kind"] == "unknown_op"


@pytest.mark.parametrize(
    "request_text",
    ["not json", "[]", '{"payload": {}}', '{"type": 5}', '{"type": "parse", "payload": [1]}'],
)
def test_malformed_request_kind(request_text):
    reply = json.loads(bridge.handle_json(request_text))
    assert reply["ok"] is False and reply["error"]["kind"] == "bad_request"


def test_missing_payload_means_empty():
    assert json.loads(bridge.handle_json('{"type": "version"}'))["ok"] is True


def test_internal_error_kind(monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("kaput")

    monkeypatch.setattr(bridge.core, "solve", boom)
    error = err("solve", text=EASY)
    assert error["kind"] == "internal"
    assert "RuntimeError" in error["message"] and "kaput" in error["message"]


def test_engine_error_kind(monkeypatch):
    def refuse(*args, **kwargs):
        raise sudoku_core.SudokuError("limit must be at least 1")

    monkeypatch.setattr(bridge.core, "solve", refuse)
    assert err("solve", text=EASY)["kind"] == "error"


def test_replies_are_json_text_not_objects():
    text = bridge.handle_json(json.dumps({"type": "solve", "payload": {"text": EASY}}))
    assert isinstance(text, str)
    assert json.loads(text)["ok"] is True


# --- a bridge that always answers (issue 19) ------------------------------------------------------

def reply_of(text):
    out = bridge.handle_json(text)
    assert isinstance(out, str)
    return json.loads(out)


@pytest.mark.parametrize("text", [
    '{"type":"parse","payload":' + "[" * 50000,
    '{"type":"parse","payload":' + "[" * 50000 + "]" * 50000 + "}",
    "[" * (bridge.MAX_DEPTH + 1) + "]" * (bridge.MAX_DEPTH + 1),
])
def test_deep_nesting_gets_a_clean_reply(text):
    error = reply_of(text)["error"]
    assert error["kind"] == "bad_request" and error["reason"] == "too_deep", error


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"type": "parse", "payload": {"text": "[" * 1000 + '\\"{' * 100 + EASY}})
    assert reply_of(text)["error"]["kind"] == "parse"  # read as JSON, refused by the parser


def test_a_request_over_the_cap_is_refused_unread():
    error = reply_of(" " * (bridge.MAX_REQUEST + 1))["error"]
    assert error["kind"] == "bad_request" and error["reason"] == "too_large"


@pytest.mark.parametrize("text", [b"{}", None, 5, "", "{", '{"type": "parse"', "1" * 5000])
def test_anything_that_is_not_json_text_gets_bad_request(text):
    error = reply_of(text)["error"]
    assert error["kind"] == "bad_request" and error["reason"] == "not_json", error


@pytest.mark.parametrize(("payload", "field"), [
    ({"size": 4, "seed": "\ud800"}, "payload.seed"),
    ({"size": 4, "seed": "ok", "level": "x\udfff"}, "payload.level"),
])
def test_lone_surrogates_are_named_by_field_and_character(payload, field):
    error = json.loads(bridge.Session().handle_json(json.dumps({"type": "generate_job", "payload": payload})))["error"]
    assert error["kind"] == "bad_request" and error["field"] == field and error["reason"] == "surrogate"
    assert "U+D" in error["message"], error


def test_lone_surrogate_in_text_is_refused_before_parsing():
    error = reply_of('{"type": "parse", "payload": {"text": "12\\udc00"}}')["error"]
    assert error == {**error, "kind": "bad_request", "field": "payload.text", "index": 2}


@pytest.mark.parametrize("box", [[6, 6], [1, 4], [4, 1], [7, 5], [2, 2.0], [26, 1]])
def test_box_shapes_beyond_the_engine_are_bad_requests(box):
    error = err("parse", cells=[0] * 16, box=box)
    assert error["kind"] == "bad_request" and error["field"] == "payload.box", error


def job(**payload) -> dict:
    """A generation job started on a fresh session (generation is not a stateless operation)."""
    return json.loads(bridge.Session().handle_json(json.dumps({"type": "generate_job", "payload": payload})))


def test_seeds_are_strings_or_integers_in_range():
    assert job(size=4, seed=2 ** 60)["error"]["field"] == "payload.seed"
    assert job(size=4, seed="")["error"]["field"] == "payload.seed"
    assert job(size=4, seed=1.5)["error"]["field"] == "payload.seed"
    assert job(size=4, seed=[1])["error"]["field"] == "payload.seed"
    assert job(size=4, seed="x" * 200)["ok"]
    assert job(size=4, seed=-(2 ** 53))["ok"]
    assert call("generate", size=4, seed=1)["error"]["kind"] == "unknown_op"  # only as a job
    # Issue 34: a seed of digits that are not ASCII ("²".isdigit() is true, int("²") fails) is text.
    assert job(size=4, seed="²")["ok"] and job(size=4, seed="①")["ok"] and job(size=4, seed="9" * 200)["ok"]


@pytest.mark.parametrize("total", ["²", "①", "1" * 5000, "١٢"])
@pytest.mark.parametrize("op", ["parse", "solve", "hint", "rate", "lab_parse", "compare"])
def test_a_killer_sum_in_other_digits_is_a_parse_error_not_internal(op, total):
    """Issue 34's reproduction: ``killer:<81 dots>:a<80 dots>:²`` answered ``internal`` (a ValueError)."""
    error = err(op, text="killer:" + "." * 81 + ":a" + "." * 80 + ":" + total)
    assert error["kind"] == "parse" and error["reason"] == "cages" and error["cells"] == [0], error


@pytest.mark.parametrize(("op", "payload", "field"), [
    ("solve", {"text": EASY, "limit": 0}, "payload.limit"),
    ("solve", {"text": EASY, "limit": 1001}, "payload.limit"),
    ("solve", {"text": EASY, "node_limit": 0}, "payload.node_limit"),
    ("hint", {"text": EASY, "langs": [["en"]]}, "payload.langs"),
    ("hint", {"text": EASY, "entered": [0] * 80 + ["1"]}, "payload.entered[80]"),
    ("matrix", {"text": EASY, "cell": -1}, "payload.cell"),
    ("trace", {"text": EASY, "trace_limit": 10 ** 9}, "payload.trace_limit"),
    ("parse", {"cells": [0] * 16, "box": [2, 2], "symbols": "AB D"}, "payload.symbols"),
])
def test_every_field_is_checked_for_type_and_range(op, payload, field):
    error = err(op, **payload)
    assert error["kind"] == "bad_request" and error["field"] == field, error


def test_no_exception_of_any_kind_escapes(monkeypatch):
    for exc in (RecursionError("deep"), MemoryError(), SystemExit(3), GeneratorExit()):
        def boom(payload, exc=exc):
            raise exc

        monkeypatch.setitem(bridge.OPS, "version", boom)
        error = reply_of('{"type": "version"}')["error"]
        assert error["kind"] == "internal" and type(exc).__name__ in error["message"], error


def test_a_reply_that_is_not_plain_json_is_internal_not_an_escape(monkeypatch):
    monkeypatch.setitem(bridge.OPS, "version", lambda payload: {"x": float("nan"), "y": {1, 2}})
    assert reply_of('{"type": "version"}')["error"]["kind"] == "internal"


# --- bounded work (issue 19) ----------------------------------------------------------------------

#: generate(16, seed=1) with 10 givens dropped: several solutions, and neither counter finds a second
#: quickly (bench/sparse_bench.py; before the budgets, hint took 4.5 s here).
SPARSE_16 = (
    "..76..1..98E....F...8.96.C...D..........75D...E6B.9..7.F.....A.82.3.6..C...8.E..A4....8....6.F.."
    "7...G....3.4...1..EG32..1.C.........2...E.A3....8.2.......6..95D..5........7..C.E.A....7.D.B..2."
    ".....4.536..8....E.C.....1........G..A7......4.53.....E....92GA7"
)


def test_solve_stops_at_its_budget_with_gave_up():
    import time

    for method in ("backtrack", "backtrack-recursive", "dlx"):
        start = time.thread_time()
        result = ok("solve", text=SPARSE_16, method=method, limit=2)
        spent = time.thread_time() - start  # this thread's CPU: "ms" is wall time
        assert result["status"] == "gave_up" and result["gave_up"], (method, result["status"])
        assert result["node_limit"] == sudoku_core.solvers.budget_nodes(method, 16)
        assert result["stats"]["nodes"] <= result["node_limit"]
        assert spent < 3.0, (method, spent)


def test_a_node_limit_above_the_cap_is_held_to_it():
    result = ok("solve", text=SPARSE_16, method="naive", node_limit=10 ** 12)
    assert result["node_limit"] == sudoku_core.solvers.budget_nodes("naive", 16) and result["status"] == "gave_up"


@pytest.mark.parametrize("n", sorted(sudoku_core.grid.STANDARD_BOXES))
def test_every_supported_size_answers_within_the_budget(n):
    """A sparse grid of every side (30% of a solved grid's cells, mostly several solutions): each request ends
    with an answer or gave_up in about a second of CPU time at most (2 s here: slack for a loaded machine)."""
    import random
    import time

    from sudoku_core.grid import geometry_for_side
    from sudoku_core.solvers import engine

    geo = geometry_for_side(n)
    solved = engine("backtrack")(geo, [0] * geo.ncells, 1, None).solutions[0]
    rng = random.Random(n)
    cells = [v if rng.random() < 0.3 else 0 for v in solved]
    box = [geo.box_rows, geo.box_cols]
    for op, extra in (("solve", {"method": "backtrack"}), ("solve", {"method": "dlx"}),
                      ("solve", {"method": "naive"}), ("hint", {}), ("rate", {"quick": True})):
        start = time.thread_time()
        result = ok(op, cells=cells, box=box, **extra)
        assert time.thread_time() - start < 2.0, (n, op, extra)
        assert result["status"] in {"unique", "multiple", "gave_up", "step"}, (n, op, result)
