"""The JSON bridge between the web page's worker and the engine: JSON in, JSON out.

The worker holds one :class:`Session` and calls its ``handle_json`` with one request ``{"type": ...,
"payload": {...}}`` as a JSON string, and posts the JSON string it returns back to the page. Every
operation of :data:`OPS` is stateless (module-level :func:`handle_json` runs them alone); the session
adds resumable jobs, the one kind of work that outlives a request (a generation run in slices), and
keeps them in itself, so the module holds no state. Only the operations named in
:data:`OPS` exist: the page can never run arbitrary Python, and only plain JSON crosses (never a
Python object), so nothing the page holds can outlive or leak into the interpreter.

A reply is ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {"kind", "message", ...}}``.
Error kinds:

* ``unknown_op``: the ``type`` names no operation;
* ``bad_request``: the request or its payload has the wrong shape (missing field, wrong type, a value
  out of range, a lone surrogate in a string, a request over :data:`MAX_REQUEST` characters or nested
  deeper than :data:`MAX_DEPTH`). The error names the field (``field``, a path such as
  ``payload.seed``) when one is to blame, and ``reason`` says which rule was broken when the page may
  want to word it: ``too_large``, ``too_deep``, ``not_json``, ``surrogate``;
* ``parse`` / ``conflict`` / ``method`` / ``generate`` / ``error``: the engine's own :class:`SudokuError` kinds,
  with the structured facts of :meth:`ParseError.to_dict` (line, column, cells) when there are any;
* ``internal``: a bug in the engine; the message names the exception so it can be reported. Nothing
  a page or a user sends should ever get it: the fuzz test (``tests/test_bridge_fuzz.py``) checks that.

:func:`handle_json` always answers: no exception of any kind leaves it (only ``KeyboardInterrupt``, the
host's way to cancel, passes through), and its reply is always valid JSON. Searches are bounded (see
:mod:`sudoku_core.solvers`: :func:`~sudoku_core.solvers.budget_nodes` and
:func:`~sudoku_core.solvers.check_unique`), so every request ends in about a second of CPython; the
limits are listed in ``docs/reliability.md``.

A puzzle arrives either as ``text`` (any format :func:`sudoku_core.parse` reads; ``alphabet``, when
given, is passed on: ``"hex"``, ``"letters"`` or the symbols themselves) or as a grid value
``{"box": [rows, cols], "cells": [digit, ...], "symbols"?: "..."}``, which is how the page, which
owns the puzzle state, sends what is on its board. Cells are 0-based integers, digits ``1..n``,
0 empty, exactly as in the engine.

To add an operation: write ``op_name(payload) -> dict`` and add it to :data:`OPS`.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from itertools import accumulate

import sudoku_core
from sudoku_core import METHODS, Alphabet, Puzzle, SudokuError, formats, geometry, parse, solve
from sudoku_core.bridge_play import PLAY_OPS, practice_techniques
from sudoku_core.lab import LAB_OPS
from sudoku_core.solvers import budget_nodes

#: Longest request read, in characters. The largest real one is a lab batch of 500 25x25 lines (about
#: 320,000); a pencil-mark grid of 25x25 as digit lists is about 50,000.
MAX_REQUEST = 1_000_000
#: Deepest nesting of arrays and objects read. Real requests go 4 deep ({payload: {pencil: [[1, 2]]}});
#: the cap keeps ``json.loads`` far from the recursion limit (about 1,000 in CPython, less in Pyodide).
MAX_DEPTH = 32
#: Longest seed string, and the largest seed integer (the page's numbers are JavaScript doubles).
MAX_SEED_CHARS, MAX_SEED_INT = 200, 2 ** 53
#: Box shapes the engine supports: both sides of a box at least 2, and a grid side it reads and tests.
SIDES = formats.SIDES

_ESCAPE = re.compile(r"\\.", re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\\ud800-\\udfff]")


class BadRequest(Exception):
    """The request or its payload does not have the shape an operation needs. ``facts`` (``field``,
    ``reason``, ...) go into the error reply beside the message."""

    kind = "bad_request"

    def __init__(self, message: str, **facts) -> None:
        super().__init__(message)
        self.facts = facts


# ---------------------------------------------------------------------------------------------
# Payload readers: each checks one field and says exactly what is wrong.

def _field(payload: dict, name: str, kind: type | tuple[type, ...], default=None, *, required: bool = False,
           low: int | None = None, high: int | None = None):
    """``payload[name]`` checked to be of ``kind`` (and, for an integer, within ``low .. high``), or
    ``default`` when it is missing or null."""
    if name not in payload or payload[name] is None:
        if required:
            raise BadRequest(f"payload needs {name!r}", field=f"payload.{name}")
        return default
    value = payload[name]
    # bool is an int in Python; a JSON true is never a count.
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise BadRequest(f"{name!r} must be {_type_name(kind)}, not a boolean", field=f"payload.{name}")
    if not isinstance(value, kind):
        raise BadRequest(f"{name!r} must be {_type_name(kind)}, not {_json_type(value)}", field=f"payload.{name}")
    if isinstance(value, int) and not isinstance(value, bool) and (
            (low is not None and value < low) or (high is not None and value > high)):
        span = (f"from {low} to {high}" if low is not None and high is not None
                else f"at least {low}" if low is not None else f"at most {high}")
        raise BadRequest(f"{name!r} must be {span}, not {_short(value)}", field=f"payload.{name}")
    return value


def _json_type(value) -> str:
    names = {str: "a string", int: "an integer", float: "a number with a fraction", list: "a list",
             dict: "an object", bool: "a boolean", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _type_name(kind) -> str:
    names = {str: "a string", int: "an integer", list: "a list", dict: "an object", bool: "a boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _box(payload: dict) -> tuple[int, int] | None:
    box = _field(payload, "box", list)
    if box is None:
        return None
    if len(box) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and 2 <= x <= 25 for x in box):
        raise BadRequest(f"'box' must be [rows, cols], two integers from 2 to 25, not {_short(box)}",
                         field="payload.box")
    if box[0] * box[1] not in SIDES:
        n = box[0] * box[1]
        raise BadRequest(f"'box' {box[0]}x{box[1]} makes a {n}x{n} grid; the engine supports sides "
                         f"{', '.join(map(str, SIDES))}", field="payload.box", reason="size")
    return box[0], box[1]


def _puzzle(payload: dict) -> Puzzle:
    """The puzzle a payload carries, as ``text`` or as ``box`` + ``cells``; never checked for
    conflicts here (operations report conflicts as data)."""
    text = _field(payload, "text", str)
    if text is not None:
        return parse(text, box=_box(payload), check=False, alphabet=_field(payload, "alphabet", str))
    cells = _field(payload, "cells", list)
    if cells is None:
        raise BadRequest("payload needs 'text' or 'cells'", field="payload.text")
    box = _box(payload)
    if box is None:
        raise BadRequest("'cells' needs 'box': [rows, cols]", field="payload.box")
    geo = geometry(*box)
    if len(cells) != geo.ncells:
        raise BadRequest(f"'cells' has {len(cells)} entries; a {geo.n}x{geo.n} grid has {geo.ncells}",
                         field="payload.cells")
    for c, v in enumerate(cells):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= geo.n:
            raise BadRequest(f"cell {c} holds {_short(v)}; a digit is an integer from 0 (empty) to {geo.n}",
                             field=f"payload.cells[{c}]")
    symbols = _field(payload, "symbols", str)
    if symbols is None:
        alphabet = Alphabet.default(geo.n)
    elif len(symbols) != geo.n or len(set(symbols)) != geo.n:
        raise BadRequest(f"'symbols' must be {geo.n} different characters", field="payload.symbols")
    elif any(ch.isspace() for ch in symbols):
        raise BadRequest("'symbols' must not hold white space", field="payload.symbols")
    else:
        alphabet = Alphabet(symbols)
    return Puzzle(geo, tuple(cells), alphabet)


# ---------------------------------------------------------------------------------------------
# What the operations return, as plain data.

def _grid_value(p: Puzzle) -> dict:
    geo = p.geometry
    return {
        "size": geo.n, "box": [geo.box_rows, geo.box_cols], "cells": list(p.cells),
        "symbols": p.alphabet.symbols, "blank": p.alphabet.blank, "givens": p.givens, "line": p.to_line(),
    }


def _conflicts(p: Puzzle) -> list[dict]:
    geo, symbols = p.geometry, p.alphabet.symbols
    out = []
    for cf in p.conflicts():
        a, b = cf.cells
        out.append({
            "cells": [a, b], "house": cf.house, "digit": cf.digit,
            "message": f"{geo.cell_name(a)} and {geo.cell_name(b)} both hold {symbols[cf.digit - 1]} "
                       f"in {geo.house_name(cf.house)}",
        })
    return out


def _digits(p: Puzzle, line: str) -> list[int]:
    """A solution line (written in the puzzle's alphabet) back to digits."""
    index = {s: d for d, s in enumerate(p.alphabet.symbols, 1)}
    return [index.get(ch, 0) for ch in line]


# ---------------------------------------------------------------------------------------------
# The operations.

def op_version(payload: dict) -> dict:
    """The engine and Python versions, the solving methods and the operations on offer."""
    return {
        "version": sudoku_core.__version__,
        "python": ".".join(str(x) for x in sys.version_info[:3]),
        "methods": list(METHODS),
        "ops": sorted(OPS),
        "techniques": practice_techniques(),
    }


def op_parse(payload: dict) -> dict:
    """Read a puzzle (``text`` or ``box`` + ``cells``): its grid value and every rule conflict."""
    p = _puzzle(payload)
    return {**_grid_value(p), "conflicts": _conflicts(p)}


def op_solve(payload: dict) -> dict:
    """Solve a puzzle. Payload: the puzzle, ``method`` (default ``backtrack``), ``limit`` (default 2,
    so that "more than one solution" is known), ``node_limit`` (default and most: the request budget,
    :func:`~sudoku_core.solvers.budget_nodes`, about 0.8 s of CPython; status ``gave_up`` when spent).

    The result is :meth:`SolveResult.to_dict` plus ``cells`` (each solution as digits), ``conflicts``
    and, when two solutions were found, ``differences``: the cells where the first two differ."""
    p = _puzzle(payload)
    method = _field(payload, "method", str, "backtrack")
    limit = _field(payload, "limit", int, 2, low=1, high=1000)
    node_limit = _field(payload, "node_limit", int, low=1)
    if method not in METHODS:
        solve(p, method=method)  # raises the engine's own "unknown method" error, kind "method"
    cap = budget_nodes(method, p.geometry.n)
    node_limit = cap if node_limit is None else min(node_limit, cap)
    result = solve(p, method=method, limit=limit, node_limit=node_limit).to_dict()
    cells = [_digits(p, s) for s in result["solutions"]]
    result["cells"] = cells
    result["conflicts"] = _conflicts(p)
    result["differences"] = (
        [c for c, (a, b) in enumerate(zip(cells[0], cells[1], strict=True)) if a != b] if len(cells) >= 2 else []
    )
    return result


def op_format(payload: dict) -> dict:
    """Write a puzzle as text with the engine's writers: ``style`` ``line`` (default) or ``grid``
    (one line per row, boxes separated)."""
    p = _puzzle(payload)
    style = _field(payload, "style", str, "line")
    writers = {"line": formats.format_line, "grid": formats.format_grid}
    if style not in writers:
        raise BadRequest(f"unknown style {style!r}; choose {' or '.join(map(repr, writers))}")
    return {"text": writers[style](p)}


#: Operation name -> function(payload) -> result. The only things the page can ask for.
OPS: dict[str, Callable[[dict], dict]] = {
    "version": op_version,
    "parse": op_parse,
    "solve": op_solve,
    "format": op_format,
    **LAB_OPS,  # the algorithm lab: compare, trace, matrix, batch, samples
    **PLAY_OPS,  # playing: hint, rate, steps, generate, daily
}


# ---------------------------------------------------------------------------------------------
# Dispatch.

def _error(kind: str, message: str, **facts) -> dict:
    return {"ok": False, "error": {"kind": kind, "message": message, **facts}}


def _lone_surrogate(value, path: str) -> BadRequest | None:
    """The error for the first string (key or value) in ``value`` holding a lone surrogate, which no
    text can encode: named by its path and the character's position."""
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        if m:
            return BadRequest(f"{path} holds a lone surrogate (U+{ord(m.group()):04X}) at character {m.start() + 1}; "
                              "text must be valid Unicode", field=path, reason="surrogate", index=m.start())
    elif isinstance(value, dict):
        for k, v in value.items():
            found = _lone_surrogate(k, f"{path} key") or _lone_surrogate(v, f"{path}.{k}")
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = _lone_surrogate(v, f"{path}[{i}]")
            if found:
                return found
    return None


def handle(request, ops: dict[str, Callable[[dict], dict]] = OPS) -> dict:
    """Run one request (already decoded from JSON) and return the reply as plain data. ``ops``: the
    operations to choose from (a :class:`Session`'s add its jobs to :data:`OPS`)."""
    if not isinstance(request, dict):
        return _error("bad_request", "a request is an object {type, payload}")
    op_name = request.get("type")
    if not isinstance(op_name, str):
        return _error("bad_request", "a request needs 'type', the name of an operation", field="type")
    op = ops.get(op_name)
    if op is None:
        return _error("unknown_op", f"unknown operation {_short(op_name)}; choose one of {', '.join(sorted(ops))}")
    payload = request.get("payload")
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        return _error("bad_request", "'payload' must be an object", field="payload")
    try:
        bad = _lone_surrogate(payload, "payload")
        if bad:
            raise bad
        return {"ok": True, "result": op(payload)}
    except BadRequest as exc:
        return _error(BadRequest.kind, str(exc), **exc.facts)
    except SudokuError as exc:
        facts = exc.to_dict() if hasattr(exc, "to_dict") else {}
        facts.pop("kind", None)
        facts.pop("message", None)
        return _error(exc.kind, str(exc), **facts)
    except Exception as exc:  # a bug: say which, never let it kill the worker
        return _error("internal", f"internal error in {op_name!r}: {type(exc).__name__}: {exc}")


def _depth(text: str) -> int:
    """How deep arrays and objects nest in JSON ``text`` (or, with at most :data:`MAX_DEPTH` brackets, their
    number), brackets inside strings skipped. Linear, and
    at C speed but for the last step: escape pairs (``\\"``) dropped, the text split at the quotes that
    are left (odd pieces are inside strings), then a running sum over the brackets alone."""
    openers = text.count("[") + text.count("{")
    if openers <= MAX_DEPTH:
        return openers  # no deeper than that: enough to know it is within the cap
    outside = "".join(_ESCAPE.sub("", text).split('"')[0::2])
    brackets = _NOT_BRACKET.sub("", outside)
    if not brackets:
        return 0
    return max(accumulate(1 if ch in "[{" else -1 for ch in brackets))


def _decode(text) -> dict | list | str | int | float | None:
    """The request ``text`` decoded, or :class:`BadRequest` saying why it cannot be."""
    if not isinstance(text, str):
        raise BadRequest(f"a request is JSON text, not {type(text).__name__}", reason="not_json")
    if len(text) > MAX_REQUEST:
        raise BadRequest(f"the request is {len(text):,} characters long; the most is {MAX_REQUEST:,}",
                         reason="too_large")
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise BadRequest(f"the request nests arrays and objects {depth} deep; the most is {MAX_DEPTH}",
                         reason="too_deep")
    try:
        return json.loads(text)
    except ValueError as exc:  # JSONDecodeError, and integers too long to read
        raise BadRequest(f"a request must be JSON: {exc}", reason="not_json") from None


def _dumps(reply: dict) -> str:
    out = json.dumps(reply, ensure_ascii=False, allow_nan=False)
    # A reply never holds a lone surrogate (requests with one are refused); if one slipped through, the
    # ASCII form still encodes.
    return json.dumps(reply, allow_nan=False) if _SURROGATE.search(out) else out


def handle_json(text: str, ops: dict[str, Callable[[dict], dict]] = OPS) -> str:
    """:func:`handle` on a JSON string, returning a JSON string (the worker calls it through its
    :class:`Session`).

    It always returns a reply: a request that is not JSON, too long or too deep gets ``bad_request``;
    an exception of any kind (but ``KeyboardInterrupt``) gets ``internal``."""
    try:
        try:
            request = _decode(text)
        except BadRequest as exc:
            return _dumps(_error(BadRequest.kind, str(exc), **exc.facts))
        reply = handle(request, ops)
        try:
            return _dumps(reply)
        except (TypeError, ValueError) as exc:  # a result that is not plain JSON: a bug
            return _dumps(_error("internal", f"internal error: the reply is not JSON: {type(exc).__name__}: {exc}"))
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # RecursionError, MemoryError, SystemExit, ...: answer all the same
        try:
            return _dumps(_error("internal", f"internal error: {type(exc).__name__}: {exc}"))
        except BaseException:
            return '{"ok": false, "error": {"kind": "internal", "message": "internal error"}}'


# ---------------------------------------------------------------------------------------------
# Sessions: the one place where work outlives a request.

class Session:
    """The worker's bridge: every operation of :data:`OPS`, plus resumable jobs for work that can take
    seconds (generating a hard big grid), run in time slices so the page shows progress and a stop is
    answered within one slice, with no worker restart.

    * ``generate_job``: the payload of ``generate`` (``size``, ``level``, ``symmetry``, ``minimal``,
      ``technique``, ``seed``; ``attempts``: the most dug puzzles to try, default
      :data:`~sudoku_core.bridge_play.JOB_ATTEMPTS`) plus ``ms``, the slice. Starts the job, runs one slice,
      and answers like ``job_step``. The same seed and options give the same puzzle as the CLI's
      ``generate --seed``, however the work is sliced;
    * ``steps_job``: the payload of ``steps`` plus ``ms``: the solution path as a job (a hard 16x16 takes
      seconds); reports ``nsteps``, the steps found so far, and answers like ``steps``;
    * ``job_step``: ``job`` (an id), ``ms`` -> runs one more slice: ``{"job", "done", "attempts",
      "phase", "ms"}``, and when done the result (for generation: ``found`` and the puzzle, as
      ``generate`` gives it). A done job is forgotten;
    * ``job_stop``: ``job`` -> ``{"job", "stopped"}``; the job's work is closed (an unknown id is not an
      error: the job may have finished).

    A slice runs whole units of work until ``ms`` has passed, at least one unit, so it can overrun by one
    unit (a logic step of a rating, about 0.25 s of CPython at worst on 16x16). A session holds at most
    :data:`MAX_JOBS` jobs; starting another stops the oldest. The jobs live in this object, which the
    worker owns: the module keeps no state.
    """

    MAX_JOBS = 4
    #: Slice bounds, in milliseconds.
    MIN_MS, MAX_MS, DEFAULT_MS = 20, 2_000, 250

    def __init__(self) -> None:
        self._jobs: dict[int, object] = {}
        self._next_id = 1
        self.ops: dict[str, Callable[[dict], dict]] = {
            **OPS, "generate_job": self._generate_job, "steps_job": self._steps_job,
            "job_step": self._job_step, "job_stop": self._job_stop,
        }

    def handle_json(self, text: str) -> str:
        """:func:`handle_json` over this session's operations."""
        return handle_json(text, self.ops)

    def _slice(self, payload: dict) -> float:
        return _field(payload, "ms", int, self.DEFAULT_MS, low=self.MIN_MS, high=self.MAX_MS) / 1000.0

    def _generate_job(self, payload: dict) -> dict:
        from sudoku_core.bridge_play import generation_job

        return self._start(generation_job, payload)

    def _steps_job(self, payload: dict) -> dict:
        from sudoku_core.bridge_play import steps_job

        return self._start(steps_job, payload)

    def _start(self, make: Callable[[dict], object], payload: dict) -> dict:
        seconds = self._slice(payload)
        job = make(payload)
        while len(self._jobs) >= self.MAX_JOBS:
            self._jobs.pop(next(iter(self._jobs))).close()
        job_id, self._next_id = self._next_id, self._next_id + 1
        self._jobs[job_id] = job
        return self._advance(job_id, job, seconds)

    def _job(self, payload: dict) -> tuple[int, object]:
        job_id = _field(payload, "job", int, required=True, low=1, high=MAX_SEED_INT)
        job = self._jobs.get(job_id)
        if job is None:
            raise BadRequest(f"no job {job_id}: it finished, was stopped, or was never started",
                             field="payload.job", reason="no_job")
        return job_id, job

    def _job_step(self, payload: dict) -> dict:
        seconds = self._slice(payload)
        job_id, job = self._job(payload)
        return self._advance(job_id, job, seconds)

    def _advance(self, job_id: int, job, seconds: float) -> dict:
        try:
            done = job.step(seconds)
        except BaseException:
            self._jobs.pop(job_id, None)
            raise
        out = {"job": job_id, "done": done, **job.report()}
        if done:
            del self._jobs[job_id]
            out.update(job.answer())
        return out

    def _job_stop(self, payload: dict) -> dict:
        job_id = _field(payload, "job", int, required=True, low=1, high=MAX_SEED_INT)
        job = self._jobs.pop(job_id, None)
        if job is not None:
            job.close()
        return {"job": job_id, "stopped": job is not None}
