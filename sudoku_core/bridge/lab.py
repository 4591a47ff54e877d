"""The lab's operations: ``lab_parse``, ``compare``, ``trace``, ``matrix``, ``batch``, ``samples``. The lab's
own work (:func:`~sudoku_core.lab.compare`, :func:`~sudoku_core.lab.trace`, ...) lives in
:mod:`sudoku_core.lab`; these read a payload and call it. They read their puzzle as the game page's
operations do (:func:`~.payload.puzzle`: every variant, a Killer's cages as ``{"sum", "cells"}``)."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_core import SudokuError, parse
from sudoku_core.formats import format_variant
from sudoku_core.lab import (
    BATCH_CHUNK_MAX,
    LAB_METHODS,
    LAB_NODE_LIMIT,
    LAB_TRACE_LIMIT,
    batch_part,
    chosen_methods,
    compare,
    matrix_view,
    sample_sets,
    trace,
    traceable_methods,
)
from sudoku_core.solvers import engine

from .core import conflicts, grid_value
from .payload import BadRequest, field, puzzle


def _node_limit(payload: dict) -> int | None:
    """The budget asked for: :data:`LAB_NODE_LIMIT` by default, None (the request's cap) for null."""
    if "node_limit" in payload and payload["node_limit"] is None:
        return None
    return field(payload, "node_limit", int, LAB_NODE_LIMIT, low=1)


def node_cap(method: str, n: int, node_limit: int | None) -> int:
    """``node_limit`` held to what one search by ``method`` of a side-``n`` grid may spend in a bridge
    request (:func:`sudoku_core.solvers.budget_nodes`, about 0.8 s of CPython)."""
    from sudoku_core.solvers import budget_nodes

    cap = budget_nodes(method, n)
    return cap if node_limit is None else min(node_limit, cap)


def _method_list(payload: dict) -> list[str] | None:
    methods = field(payload, "methods", list)
    if methods is not None and not all(isinstance(m, str) for m in methods):
        raise BadRequest("'methods' must be a list of method names", field="payload.methods")
    return methods


def _limit(payload: dict, default: int) -> int:
    return field(payload, "limit", int, default, low=1, high=1000)


def op_lab_parse(payload: dict) -> dict:
    """Read a puzzle for the lab (:func:`~.payload.puzzle`: every variant): the page's grid value (with the
    variant's ``regions`` and ``cages``, :func:`~sudoku_core.grid.variant_value`) and conflicts, and
    ``text``, its one-line variant form (what the lab's link carries; the header form for a Killer of more
    cages than the one-line form holds)."""
    p = puzzle(payload)
    try:
        text = format_variant(p, one_line=True)
    except SudokuError:
        text = format_variant(p)
    return {**grid_value(p), "conflicts": conflicts(p), "text": text}


def op_compare(payload: dict) -> dict:
    """Compare methods on one puzzle. Payload: the puzzle, ``methods`` (default all), ``node_limit``
    (default :data:`LAB_NODE_LIMIT`; null for the most), ``limit`` (default 2). Each method's budget is
    held to the request cap of :func:`node_cap`, and its row says the budget it had."""
    p = puzzle(payload)
    node_limit, limit = _node_limit(payload), _limit(payload, 2)
    rows = [row for m in chosen_methods(_method_list(payload))
            for row in compare(p, [m], node_cap(m, p.geometry.n, node_limit), limit)]
    return {"rows": rows, "givens": p.givens, "n": p.geometry.n}


def op_trace(payload: dict) -> dict:
    """A replayable trace. Payload: the puzzle, ``method`` (default dlx), ``trace_limit``,
    ``node_limit``, ``limit`` (default 1)."""
    p = puzzle(payload)
    method = field(payload, "method", str, "dlx")
    trace_limit = field(payload, "trace_limit", int, LAB_TRACE_LIMIT, low=1, high=1_000_000)
    engine(method)  # an unknown method is the engine's "method" error, before any budget is looked up
    return trace(p, method, trace_limit, node_cap(method, p.geometry.n, _node_limit(payload)), _limit(payload, 1))


def op_matrix(payload: dict) -> dict:
    """The exact-cover options and columns of one cell. Payload: the puzzle and ``cell`` (0-based)."""
    p = puzzle(payload)
    return matrix_view(p, field(payload, "cell", int, required=True, low=0, high=p.geometry.ncells - 1))


def op_batch(payload: dict) -> dict:
    """Raw figures for one chunk of a batch. Payload: ``puzzles`` (a list of puzzle texts, at most
    :data:`BATCH_CHUNK_MAX`), ``methods``, ``node_limit``, ``limit`` (default 2). Lines that do not
    parse are reported in ``errors`` (``{"index", "message"}``, with the facts of
    :meth:`ParseError.to_dict` for the page to word them) and skipped."""
    texts = field(payload, "puzzles", list, required=True)
    if len(texts) > BATCH_CHUNK_MAX:
        raise BadRequest(f"'puzzles' holds {len(texts)} puzzles; send at most {BATCH_CHUNK_MAX} per request",
                           field="payload.puzzles")
    puzzles, errors = [], []
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            errors.append({"index": i, "message": "not a string"})
            continue
        try:
            puzzles.append(parse(text, check=False))
        except SudokuError as exc:
            facts = exc.to_dict() if hasattr(exc, "to_dict") else {}
            errors.append({**facts, "index": i, "message": str(exc)})
    node_limit, limit, methods = _node_limit(payload), _limit(payload, 2), _method_list(payload)
    parts = batch_part(puzzles, methods, node_limit, limit, cap=node_cap) if puzzles else []
    return {"parts": parts, "errors": errors, "count": len(puzzles)}


def op_samples(payload: dict) -> dict:
    """The bundled sample sets, the traceable methods and the lab's defaults."""
    return {"sets": sample_sets(), "traceable": traceable_methods(), "node_limit": LAB_NODE_LIMIT,
            "trace_limit": LAB_TRACE_LIMIT, "chunk_max": BATCH_CHUNK_MAX, "methods": list(LAB_METHODS)}


#: The lab's operations, merged into the bridge's table.
LAB_OPS: dict[str, Callable[[dict], dict]] = {
    "lab_parse": op_lab_parse,
    "compare": op_compare,
    "trace": op_trace,
    "matrix": op_matrix,
    "batch": op_batch,
    "samples": op_samples,
}
