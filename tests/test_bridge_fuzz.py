"""Property-based fuzz of the bridge (issue 19): every operation, well-formed and not.

For every request Hypothesis makes, :func:`sudoku_core.bridge.handle_json`

* returns (no exception of any kind escapes it);
* returns valid JSON: ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {"kind", "message"}}``
  with a kind from :data:`KINDS`, the documented ones;
* never returns ``internal`` (kept for real bugs);
* answers within :func:`time_allowed`: :data:`REQUEST_SECONDS` of CPU time per search the request
  asks for (one for most operations; one per method for ``compare``, per puzzle and method for
  ``batch``, per attempt for ``generate``).

The normal suite runs :data:`EXAMPLES` requests per test (a few seconds in all). The long run sets
``SUDOKU_FUZZ_EXAMPLES`` (e.g. 20000 per test, five tests, about 100,000 requests) and ``-s`` to print
the counts::

    SUDOKU_FUZZ_EXAMPLES=20000 python3 -m pytest -p no:playwright -p no:cacheprovider -s tests/test_bridge_fuzz.py

Sizes: requests mix 4x4, 6x6 and 9x9 grids with some 16x16 and 25x25 ones (and sizes the engine does
not take). ``generate`` is fuzzed on 4x4 to 9x9 with at most 4 attempts: a 12x12 or 16x16 chunk aimed
at a hard level can take several seconds (docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import random
import re
import string
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core import bridge
from sudoku_core.bridge import lab as bridge_lab
from sudoku_core.formats import format_variant
from sudoku_core.generate import LEVELS, SYMMETRIES, generate
from sudoku_core.grid import geometry
from sudoku_core.lab import LAB_METHODS
from sudoku_core.puzzle import DEFAULT_SYMBOLS
from sudoku_core.solvers import METHODS, SEARCH_SECONDS, engine

#: Every error kind the bridge documents.
KINDS = {"bad_request", "unknown_op", "parse", "conflict", "method", "error", "generate"}
#: CPU seconds one search (or the whole of a one-search request) may take here: the budgets aim at
#: about 0.8 s on this machine; the rest is slack for a loaded test machine.
REQUEST_SECONDS = 2.5
#: Searches at their cap that one ``compare`` or ``batch`` request's budget of work holds.
REQUEST_SEARCHES = round(bridge_lab.REQUEST_SECONDS / SEARCH_SECONDS)
LONG = int(os.environ.get("SUDOKU_FUZZ_EXAMPLES", "0"))
EXAMPLES = LONG or 60

FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=not LONG,
                suppress_health_check=list(HealthCheck))

#: Languages asked for: mostly ones there are (and the old name "zh"), now and then one there is not.
LANG_CHOICES = ("en", "zh-CN", "en", "zh", "en", "zh-CN", "fr")
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4), 25: (5, 5)}


def _solved(n: int) -> list[int]:
    geo = geometry(*BOXES[n])
    return engine("backtrack")(geo, [0] * geo.ncells, 1, None).solutions[0]


SOLVED = {n: _solved(n) for n in BOXES}
#: Proper puzzles (one solution), so that hints, ratings and steps reach their logic, not only the
#: uniqueness check: made once, by seed.
PROPER = {n: [list(generate(n, seed=f"fuzz{k}").puzzle.cells) for k in range(3)] for n in (4, 6, 9, 16)}


@st.composite
def grids(draw, sizes=(4, 4, 6, 9, 9, 9, 16, 25)) -> tuple[int, list[int]]:
    """A side and its cells: a solved grid, relabelled, with a random share of the cells kept, and now
    and then a few cells set to anything (so conflicts and no-solution grids come up too)."""
    n = draw(st.sampled_from(sizes))
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    if n in PROPER and draw(st.booleans()):
        cells = [relabel[v - 1] if v else 0 for v in draw(st.sampled_from(PROPER[n]))]
        if draw(st.booleans()):  # a position part-way through: some of the solution filled in
            solution = engine("dlx")(geometry(*BOXES[n]), list(cells), 1, None).solutions[0]
            cells = [v or (solution[c] if rng.random() < 0.5 else 0) for c, v in enumerate(cells)]
    else:
        keep = draw(st.sampled_from((0.0, 0.2, 0.35, 0.5, 0.8, 1.0)))
        cells = [relabel[v - 1] if rng.random() < keep else 0 for v in SOLVED[n]]
    if draw(st.sampled_from(range(4))) == 3:
        for _ in range(rng.randint(1, 3)):
            cells[rng.randrange(n * n)] = rng.randint(0, n)
    return n, cells


def line_of(n: int, cells: list[int]) -> str:
    return "".join(DEFAULT_SYMBOLS[v - 1] if v else "." for v in cells)


junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 40), st.floats(allow_nan=True),
    st.text(max_size=12), st.lists(st.integers(-2, 30), max_size=6),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.just("\ud800"), st.just(2 ** 70), st.just(-1),
)


#: Generated Killers (4x4, 6x6, 9x9) in the one-line form, whose parts the Killer strategy mangles.
KILLERS = [format_variant(generate(n, seed="fuzz0", variant="killer").puzzle, one_line=True) for n in (4, 6, 9)]
#: Digits that are not ASCII (superscript, circled, Arabic-Indic, full-width, mathematical), which
#: ``str.isdigit`` takes and ``int`` refuses or reads: issue 34's ``internal`` came from these.
ODD_DIGITS = "²³¹①⑳١٢٣５９𝟗߁"


@st.composite
def killer_texts(draw) -> str:
    """A Killer as text, mostly broken: its one-line form with the sums, the map or the digits mangled
    (odd digits, thousands of digits, signs, spaces, missing or extra sums), or the header form with such a
    sum or cell name."""
    line = draw(st.sampled_from(KILLERS))
    _, digits, labels, sums = line.split(":")
    number = st.one_of(st.integers(0, 400).map(str), st.integers(4301, 6000).map(lambda k: "1" * k),
                       st.text(alphabet=string.digits + ODD_DIGITS + "+-. ", min_size=1, max_size=6))
    mangled = st.lists(number, min_size=0, max_size=len(sums.split(",")) + 2).map(",".join)
    kind = draw(st.sampled_from(("sums", "sums", "one sum", "map", "digits", "header", "valid")))
    if kind == "sums":
        sums = draw(mangled)
    elif kind == "one sum":
        parts = sums.split(",")
        parts[draw(st.integers(0, len(parts) - 1))] = draw(number)
        sums = ",".join(parts)
    elif kind == "map":
        k = draw(st.integers(0, len(labels)))
        labels = labels[:k] + draw(st.text(alphabet="ab.Z9" + ODD_DIGITS, max_size=3)) + labels[k + 1:]
    elif kind == "digits":
        k = draw(st.integers(0, len(digits)))
        digits = digits[:k] + draw(st.text(alphabet="123." + ODD_DIGITS, max_size=3)) + digits[k + 1:]
    elif kind == "header":
        cell = draw(st.one_of(st.just("r1c1"), st.text(alphabet="rc12" + ODD_DIGITS, min_size=1, max_size=6)))
        return f"variant: killer\n{digits}\ncages:\n{draw(number)}: {cell} r1c2"
    return f"killer:{digits}:{labels}:{sums}"


@st.composite
def maybe(draw, strategy):
    """A field's value: mostly a good one, one time in twelve junk, one in six left out (None)."""
    roll = draw(st.sampled_from(range(12)))  # sampled_from is about uniform; integers() favour 0
    return draw(junk) if roll == 11 else None if roll >= 9 else draw(strategy)


@st.composite
def puzzle_fields(draw) -> dict:
    n, cells = draw(grids())
    form = draw(st.sampled_from(("text",) * 5 + ("cells",) * 3 + ("mangled", "junk", "killer")))
    if form == "killer":
        return {"text": draw(killer_texts())}
    if form == "text":
        out = {"text": line_of(n, cells)}
        if draw(st.sampled_from(range(6))) == 5:
            out["alphabet"] = draw(st.one_of(st.sampled_from(("hex", "letters", "default")), junk))
        return out
    if form == "cells":
        box = list(BOXES[n])
        odd_box = st.one_of(st.just(box[::-1]), junk, st.lists(st.integers(0, 12), min_size=2, max_size=2))
        out = {"cells": cells, "box": box if draw(st.sampled_from(range(5))) else draw(odd_box)}
        if draw(st.sampled_from((True, False))):
            own = st.permutations("abcdefghijklmnopqrstuvwxyzΩ€#@!%&?=+;").map(lambda p: "".join(p[:n]))
            out["symbols"] = draw(st.one_of(st.just(DEFAULT_SYMBOLS[:n]), st.just(DEFAULT_SYMBOLS[1:n + 1]), own,
                                            own, junk))
        return out
    if form == "mangled":
        text = line_of(n, cells)
        k = draw(st.integers(0, len(text)))
        insert = draw(st.text(alphabet=string.printable + "│─┼\ufeff\u200b[]#|+-", max_size=30))
        return {"text": text[:k] + insert + text[k + draw(st.integers(0, 3)):]}
    return draw(st.dictionaries(st.sampled_from(("text", "cells", "box", "symbols", "alphabet")), junk, min_size=1,
                                max_size=3))


def with_fields(base: dict, fields: dict) -> dict:
    return {**base, **{k: v for k, v in fields.items() if v is not None}}


@st.composite
def per_cell(draw, n_cells: int, values):
    if draw(st.sampled_from(range(6))) == 5:
        return draw(junk)
    return draw(st.lists(values, min_size=n_cells, max_size=n_cells))


@st.composite
def requests(draw, ops) -> tuple[dict, int]:
    """A request for one of ``ops``, and how many searches it asks for."""
    op = draw(st.sampled_from(ops))
    searches = 1
    if op in ("version", "samples"):
        payload = draw(st.one_of(st.just({}), st.dictionaries(st.text(max_size=5), junk, max_size=2)))
    elif op == "daily":
        date = st.dates().map(lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}")
        payload = with_fields({}, {"date": draw(st.one_of(date, date, junk, st.text(max_size=12)))})
        searches = 4
    elif op == "batch":
        lines = st.lists(st.one_of(grids(sizes=(4, 6, 9, 9, 16)).map(lambda g: line_of(*g)), junk), max_size=3)
        methods = draw(maybe(st.lists(st.sampled_from((*LAB_METHODS, "magic")), min_size=1, max_size=4)))
        payload = with_fields({}, {"puzzles": draw(maybe(lines)), "methods": methods,
                                   "node_limit": draw(maybe(st.integers(1, 10 ** 7))),
                                   "limit": draw(maybe(st.integers(1, 5)))})
        count = len(payload["puzzles"]) if isinstance(payload.get("puzzles"), list) else 0
        per_puzzle = len(methods) if isinstance(methods, list) else len(LAB_METHODS)
        # The request's budget of work (bridge.lab.Work): its first puzzle whole, then what is left.
        searches = min(max(1, count) * per_puzzle, max(REQUEST_SEARCHES, per_puzzle))
    else:
        payload = draw(puzzle_fields())
        grid = payload.get("cells") or payload.get("text")
        n = {16: 4, 36: 6, 81: 9, 256: 16, 625: 25}.get(len(grid) if isinstance(grid, str | list) else 0, 9)
        if op == "solve":
            payload = with_fields(payload, {"method": draw(maybe(st.sampled_from((*METHODS, "magic")))),
                                            "limit": draw(maybe(st.integers(1, 1000))),
                                            "node_limit": draw(maybe(st.integers(1, 10 ** 9)))})
        elif op == "format":
            payload = with_fields(payload, {"style": draw(maybe(st.sampled_from(("line", "grid", "fancy"))))})
        elif op == "hint":
            payload = with_fields(payload, {
                "entered": draw(maybe(per_cell(n * n, st.integers(0, n)))),
                "pencil": draw(maybe(per_cell(n * n, st.one_of(st.lists(st.integers(1, n), max_size=n),
                                                               st.integers(0, 2 ** (n + 1)))))),
                "langs": draw(maybe(st.lists(st.sampled_from(LANG_CHOICES), min_size=1, max_size=2)))})
        elif op in ("rate", "steps"):
            payload = with_fields(payload, {"quick": draw(maybe(st.booleans())),
                                            "langs": draw(maybe(st.lists(st.sampled_from(LANG_CHOICES[:-1]),
                                                                         max_size=2)))})
        elif op == "compare":
            methods = draw(maybe(st.lists(st.sampled_from((*LAB_METHODS, "magic")), min_size=1, max_size=4)))
            payload = with_fields(payload, {"methods": methods, "node_limit": draw(maybe(st.integers(1, 10 ** 8))),
                                            "limit": draw(maybe(st.integers(1, 5)))})
            searches = min(len(methods) if isinstance(methods, list) else len(LAB_METHODS), REQUEST_SEARCHES)
        elif op == "trace":
            payload = with_fields(payload, {"method": draw(maybe(st.sampled_from((*METHODS, "magic")))),
                                            "trace_limit": draw(maybe(st.integers(1, 10 ** 6))),
                                            "node_limit": draw(maybe(st.integers(1, 10 ** 8)))})
        elif op == "matrix":
            payload = with_fields(payload, {"cell": draw(maybe(st.integers(-5, 700)))})
    request = {"type": op, "payload": payload}
    if draw(st.sampled_from(range(20))) == 19:
        request = draw(st.sampled_from(({"type": op}, {"type": op, "payload": draw(junk)}, {"payload": payload},
                                        {"type": draw(junk), "payload": payload})))
    return request, searches


def time_allowed(searches: int) -> float:
    return REQUEST_SECONDS * max(1, searches)


class Tally:
    """Counts for the long run's report."""

    def __init__(self, name: str) -> None:
        self.name, self.requests, self.internal, self.escapes, self.slowest = name, 0, 0, 0, (0.0, "")
        self.over_1s = self.over_2s = 0
        #: The requests over 1 s: (ms, operation, searches asked for).
        self.over: list[tuple[int, str, int]] = []
        self.kinds: dict[str, int] = {}
        #: For jobs: the slice that overran its ``ms`` the most, as (overrun ms, slice ms, asked ms).
        self.worst_slice = (0.0, 0.0, 0)

    def spent(self, seconds: float, text: str, searches: int) -> None:
        self.over_1s += seconds > 1
        self.over_2s += seconds > 2
        if seconds > 1:
            op = re.search(r'"type": ?"(\w+)"', text[:200])
            self.over.append((round(seconds * 1000), op.group(1) if op else "?", searches))
        if seconds > self.slowest[0]:
            self.slowest = (seconds, text[:160])

    def report(self) -> None:
        if LONG:
            slices = (f" worst_slice=+{self.worst_slice[0]:.0f} ms ({self.worst_slice[1]:.0f} ms for "
                      f"{self.worst_slice[2]})" if self.worst_slice[2] else "")
            print(f"\n[fuzz {self.name}] requests={self.requests} internal={self.internal} escapes={self.escapes} "
                  f"over_1s={self.over_1s} over_2s={self.over_2s} {sorted(self.over, reverse=True)}{slices} "
                  f"slowest={self.slowest[0] * 1000:.0f} ms ({self.slowest[1]}) replies={self.kinds}")


def well_formed_grid(request) -> bool:
    """Whether the request carries a well-formed grid value (``cells`` with the right ``box`` and good or
    no ``symbols``): then no reply may be a ``parse`` error, which would be the engine misreading itself."""
    payload = request.get("payload") if isinstance(request, dict) else None
    if not isinstance(payload, dict) or "text" in payload or not isinstance(payload.get("cells"), list):
        return False
    n = {16: 4, 36: 6, 81: 9, 256: 16, 625: 25}.get(len(payload["cells"]))
    symbols = payload.get("symbols")
    return (n is not None and payload.get("box") == list(BOXES[n])
            and all(type(v) is int and 0 <= v <= n for v in payload["cells"])
            and (symbols is None or (isinstance(symbols, str) and len(set(symbols)) == len(symbols) == n
                                     and not any(ch.isspace() for ch in symbols))))


def check(text: str, tally: Tally, searches: int = 1, well_formed: bool = False, handle_json=None) -> dict:
    tally.requests += 1
    start = time.thread_time()
    try:
        out = (handle_json or bridge.handle_json)(text)
    except BaseException:  # counted, then failed: the count is what the long run reports
        tally.escapes += 1
        raise
    spent = time.thread_time() - start
    tally.spent(spent, text, searches)
    reply = json.loads(out)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), out[:300]
    kind = "ok" if reply["ok"] else reply["error"]["kind"]
    tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
    if reply["ok"]:
        assert set(reply) == {"ok", "result"} and isinstance(reply["result"], dict), out[:300]
    else:
        error = reply["error"]
        if error["kind"] == "internal":
            tally.internal += 1
        assert error["kind"] in KINDS, (text[:300], error)
        assert not (well_formed and error["kind"] == "parse"), (text[:300], error)
        assert isinstance(error["message"], str) and error["message"], error
    assert spent <= time_allowed(searches), (spent, text[:300])
    return reply


PUZZLE_OPS = ("parse", "solve", "format", "hint", "rate", "steps", "compare", "trace", "matrix")


def run_many(name: str, strategy):
    tally = Tally(name)

    @FUZZ
    @given(strategy)
    def prop(item):
        request, searches = item
        check(json.dumps(request), tally, searches, well_formed_grid(request))

    try:
        prop()
    finally:
        tally.report()


def test_fuzz_puzzle_operations():
    run_many("puzzle ops", requests(PUZZLE_OPS))


def test_fuzz_play_operations():
    run_many("hint/rate/steps", requests(("hint", "rate", "steps")))


def test_fuzz_daily_and_lab_operations():
    run_many("daily/batch/version/samples", requests(("daily", "batch", "version", "samples")))


def test_fuzz_every_operation_by_name():
    run_many("all ops", requests((*sorted(bridge.OPS), "nonsense")))


@st.composite
def job_requests(draw) -> tuple[dict, int]:
    """A request to a session's jobs: start one (small grids, any level), step or stop one (an id of
    the session's first few jobs, a gone one, or junk), with slices of any size and junk fields."""
    op = draw(st.sampled_from(("generate_job", "steps_job", "all_steps_job", "job_step", "job_step", "job_stop",
                               "nonsense")))
    ms = draw(maybe(st.one_of(st.integers(1, 300), st.integers(-5, 10 ** 6), junk)))
    if op == "generate_job":
        payload = with_fields({}, {
            "size": draw(maybe(st.sampled_from((4, 6, 9, 12)))), "level": draw(maybe(st.sampled_from(LEVELS))),
            "symmetry": draw(maybe(st.sampled_from(SYMMETRIES))), "minimal": draw(maybe(st.booleans())),
            "seed": draw(st.one_of(st.integers(-(2 ** 53), 2 ** 53), st.text(max_size=20), junk)),
            "attempts": draw(maybe(st.one_of(st.integers(1, 4), junk))), "ms": ms,
        })
    elif op == "steps_job":
        payload = with_fields(draw(puzzle_fields()), {"ms": ms})
    elif op == "all_steps_job":
        payload = with_fields(draw(puzzle_fields()), {
            "ms": ms, "entered": draw(maybe(per_cell(81, st.integers(0, 9)))),
            "technique": draw(maybe(st.sampled_from(("franken_swordfish", "kraken_fish_1", "hidden_single", "nope")))),
            "cap": draw(maybe(st.one_of(st.integers(-1, 40), junk)))})
    else:
        payload = with_fields({}, {"job": draw(st.one_of(st.integers(-2, 8), junk)), "ms": ms})
    return {"type": op, "payload": payload}, 1


def test_fuzz_session_jobs():
    """The worker's session: short runs of jobs started, stepped and stopped in any order, with junk,
    each on a fresh session. Every reply is a documented one, none internal, and each answers within
    its slice plus one unit of work."""
    tally = Tally("session jobs")

    @FUZZ
    @given(st.lists(job_requests(), min_size=1, max_size=6))
    def prop(items):
        session = bridge.Session()
        for request, searches in items:
            start = time.thread_time()
            reply = check(json.dumps(request), tally, searches, handle_json=session.handle_json)
            spent_ms = (time.thread_time() - start) * 1000.0
            result = reply.get("result") or {}
            if "done" in result:  # a slice ran: by how much it overran what was asked
                payload = request.get("payload")
                asked = payload.get("ms") if isinstance(payload, dict) else None
                if not (type(asked) is int and session.MIN_MS <= asked <= session.MAX_MS):
                    asked = session.DEFAULT_MS
                if spent_ms - asked > tally.worst_slice[0]:
                    tally.worst_slice = (spent_ms - asked, spent_ms, asked)
            if "done" in result:
                assert isinstance(result["done"], bool) and isinstance(result["ms"], float | int)
                if result["done"] and "nsteps" not in result:  # a generation: did it find its puzzle
                    assert isinstance(result["found"], bool)
        assert len(session._jobs) <= session.MAX_JOBS

    try:
        prop()
    finally:
        tally.report()


def test_fuzz_killer_texts():
    """Issue 34: Killer lines with odd sums answered ``internal``. Every Killer text, to every operation
    that reads one, gets a documented reply."""
    tally = Tally("killer texts")
    ops = st.sampled_from(("parse", "solve", "hint", "rate", "lab_parse", "compare", "format"))

    @FUZZ
    @given(ops, killer_texts())
    def prop(op, text):
        payload = {"text": text, "methods": ["dlx"]} if op == "compare" else {"text": text}
        check(json.dumps({"type": op, "payload": payload}), tally)

    try:
        prop()
    finally:
        tally.report()


def test_fuzz_raw_text():
    """Not even JSON: any text, JSON-ish fragments, deep nesting, big numbers."""
    tally = Tally("raw text")
    fragments = st.sampled_from(('{"type":', '"parse"', '"payload":', "{", "}", "[", "]", ",", ":", '"', "\\",
                                 "1e999", "NaN", "-", "9" * 5000, '"\\ud800"', "null", "true"))

    @FUZZ
    @given(st.one_of(st.text(max_size=200), st.lists(fragments, max_size=60).map("".join),
                     st.integers(0, 3000).map(lambda k: '{"type":"parse","payload":' + "[" * k)))
    def prop(text):
        check(text, tally)

    try:
        prop()
    finally:
        tally.report()
