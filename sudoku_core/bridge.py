"""The JSON bridge between the web page's worker and the engine: JSON in, JSON out, no state.

The worker calls :func:`handle_json` with one request ``{"type": ..., "payload": {...}}`` as a JSON
string and posts the JSON string it returns back to the page. Only the operations named in
:data:`OPS` exist: the page can never run arbitrary Python, and only plain JSON crosses (never a
Python object), so nothing the page holds can outlive or leak into the interpreter.

A reply is ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {"kind", "message", ...}}``.
Error kinds:

* ``unknown_op``: the ``type`` names no operation;
* ``bad_request``: the request or its payload has the wrong shape (missing field, wrong type, ...);
* ``parse`` / ``conflict`` / ``method`` / ``error``: the engine's own :class:`SudokuError` kinds,
  with the structured facts of :meth:`ParseError.to_dict` (line, column, cells) when there are any;
* ``internal``: a bug in the engine; the message names the exception so it can be reported.

A puzzle arrives either as ``text`` (any format :func:`sudoku_core.parse` reads; ``alphabet``, when
given, is passed on: ``"hex"``, ``"letters"`` or the symbols themselves) or as a grid value
``{"box": [rows, cols], "cells": [digit, ...], "symbols"?: "..."}``, which is how the page, which
owns the puzzle state, sends what is on its board. Cells are 0-based integers, digits ``1..n``,
0 empty, exactly as in the engine.

To add an operation: write ``op_name(payload) -> dict`` and add it to :data:`OPS`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

import sudoku_core
from sudoku_core import METHODS, Alphabet, Puzzle, SudokuError, formats, geometry, parse, solve
from sudoku_core.bridge_play import PLAY_OPS
from sudoku_core.lab import LAB_OPS


class BadRequest(Exception):
    """The request or its payload does not have the shape an operation needs."""

    kind = "bad_request"


# ---------------------------------------------------------------------------------------------
# Payload readers: each checks one field and says exactly what is wrong.

def _field(payload: dict, name: str, kind: type | tuple[type, ...], default=None, *, required: bool = False):
    if name not in payload or payload[name] is None:
        if required:
            raise BadRequest(f"payload needs {name!r}")
        return default
    value = payload[name]
    # bool is an int in Python; a JSON true is never a count.
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise BadRequest(f"{name!r} must be {_type_name(kind)}, not a boolean")
    if not isinstance(value, kind):
        raise BadRequest(f"{name!r} must be {_type_name(kind)}, not {type(value).__name__}")
    return value


def _type_name(kind) -> str:
    names = {str: "a string", int: "an integer", list: "a list", dict: "an object", bool: "a boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _box(payload: dict) -> tuple[int, int] | None:
    box = _field(payload, "box", list)
    if box is None:
        return None
    if len(box) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 10 for x in box):
        raise BadRequest("'box' must be [rows, cols], two integers from 1 to 10")
    return box[0], box[1]


def _puzzle(payload: dict) -> Puzzle:
    """The puzzle a payload carries, as ``text`` or as ``box`` + ``cells``; never checked for
    conflicts here (operations report conflicts as data)."""
    text = _field(payload, "text", str)
    if text is not None:
        return parse(text, box=_box(payload), check=False, alphabet=_field(payload, "alphabet", str))
    cells = _field(payload, "cells", list)
    if cells is None:
        raise BadRequest("payload needs 'text' or 'cells'")
    box = _box(payload)
    if box is None:
        raise BadRequest("'cells' needs 'box': [rows, cols]")
    geo = geometry(*box)
    if len(cells) != geo.ncells:
        raise BadRequest(f"'cells' has {len(cells)} entries; a {geo.n}x{geo.n} grid has {geo.ncells}")
    for c, v in enumerate(cells):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= geo.n:
            raise BadRequest(f"cell {c} holds {v!r}; a digit is an integer from 0 (empty) to {geo.n}")
    symbols = _field(payload, "symbols", str)
    if symbols is None:
        alphabet = Alphabet.default(geo.n)
    elif len(symbols) != geo.n or len(set(symbols)) != geo.n:
        raise BadRequest(f"'symbols' must be {geo.n} different characters")
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
    }


def op_parse(payload: dict) -> dict:
    """Read a puzzle (``text`` or ``box`` + ``cells``): its grid value and every rule conflict."""
    p = _puzzle(payload)
    return {**_grid_value(p), "conflicts": _conflicts(p)}


def op_solve(payload: dict) -> dict:
    """Solve a puzzle. Payload: the puzzle, ``method`` (default ``backtrack``), ``limit`` (default 2,
    so that "more than one solution" is known), ``node_limit`` (default none).

    The result is :meth:`SolveResult.to_dict` plus ``cells`` (each solution as digits), ``conflicts``
    and, when two solutions were found, ``differences``: the cells where the first two differ."""
    p = _puzzle(payload)
    method = _field(payload, "method", str, "backtrack")
    limit = _field(payload, "limit", int, 2)
    node_limit = _field(payload, "node_limit", int)
    if not 1 <= limit <= 1000:
        raise BadRequest(f"'limit' must be from 1 to 1000, not {limit}")
    if node_limit is not None and node_limit < 1:
        raise BadRequest(f"'node_limit' must be at least 1, not {node_limit}")
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


def handle(request) -> dict:
    """Run one request (already decoded from JSON) and return the reply as plain data."""
    if not isinstance(request, dict):
        return _error("bad_request", "a request is an object {type, payload}")
    op_name = request.get("type")
    if not isinstance(op_name, str):
        return _error("bad_request", "a request needs 'type', the name of an operation")
    op = OPS.get(op_name)
    if op is None:
        return _error("unknown_op", f"unknown operation {op_name!r}; choose one of {', '.join(sorted(OPS))}")
    payload = request.get("payload")
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        return _error("bad_request", "'payload' must be an object")
    try:
        return {"ok": True, "result": op(payload)}
    except BadRequest as exc:
        return _error(BadRequest.kind, str(exc))
    except SudokuError as exc:
        facts = exc.to_dict() if hasattr(exc, "to_dict") else {}
        facts.pop("kind", None)
        facts.pop("message", None)
        return _error(exc.kind, str(exc), **facts)
    except Exception as exc:  # a bug: say which, never let it kill the worker
        return _error("internal", f"internal error in {op_name!r}: {type(exc).__name__}: {exc}")


def handle_json(text: str) -> str:
    """:func:`handle` on a JSON string, returning a JSON string: the worker's only entry point."""
    try:
        request = json.loads(text)
    except (TypeError, ValueError) as exc:
        return json.dumps(_error("bad_request", f"a request must be JSON: {exc}"))
    return json.dumps(handle(request), ensure_ascii=False)
