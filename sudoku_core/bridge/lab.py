"""The lab's operations: ``lab_parse``, ``compare``, ``trace``, ``matrix``, ``batch``, ``samples``. The lab's
own work (:func:`~sudoku_core.lab.compare`, :func:`~sudoku_core.lab.trace`, ...) lives in
:mod:`sudoku_core.lab`; these read a payload and call it. They read their puzzle as the game page's
operations do (:func:`~.payload.puzzle`: every variant, a Killer's cages as ``{"sum", "cells"}``)."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_core import Puzzle, SudokuError, parse
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
    merge_parts,
    not_run_row,
    sample_sets,
    trace,
    traceable_methods,
)
from sudoku_core.solvers import SEARCH_SECONDS, engine, node_cost_us

from .core import conflicts, grid_value
from .payload import BadRequest, field, puzzle

#: Seconds of CPython one ``compare`` or ``batch`` request may spend searching in all, summed over its
#: methods and puzzles (in node counts, as every budget: :class:`Work`). Five searches at their cap.
REQUEST_SECONDS = 5 * SEARCH_SECONDS
#: What a method or puzzle left out for the request's budget gets, as its ``reason`` (or error message).
NOT_RUN = ("not run: this request's budget of work (about {seconds:g} s of searching, summed over its methods "
           "and puzzles) was spent before it; ask for it in a request of its own")


class Work:
    """A request's budget of work (issue 34: ``compare`` with ``"methods": ["naive"] * 20`` ran 14 s,
    ``batch`` of 25 sparse puzzles 45 s). It counts nodes, each at its method's cost on the grid's side
    (:func:`~sudoku_core.solvers.node_cost_us`), so like every budget it is deterministic: the same request
    always gets the same answer.

    The rule, for ``compare`` (a unit is one method) and ``batch`` (a unit is one puzzle, all its methods):
    the first unit runs whole, each search under its own budget (:func:`node_cap`); every later search
    runs under what is left of :data:`REQUEST_SECONDS` when that is less. A unit in which a search gave up
    for want of what was left, and every unit after it, is not run: its figures would not be those it
    gets alone, and the lab compares figures. So a request spends at most the larger of
    :data:`REQUEST_SECONDS` and its first unit, and every figure it reports is the unit's own."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = REQUEST_SECONDS if seconds is None else seconds
        self.left_us = self.seconds * 1e6
        self.first = True

    def allow(self, method: str, n: int, budget: int) -> int:
        """The nodes one search may spend: ``budget``, or less when less is left (never less than 0)."""
        if self.first:
            return budget
        return max(0, min(budget, int(self.left_us / node_cost_us(method, n))))

    def spend(self, method: str, n: int, nodes: int) -> None:
        self.left_us -= nodes * node_cost_us(method, n)

    def end_unit(self) -> None:
        self.first = False

    @property
    def spent(self) -> bool:
        return not self.first and self.left_us <= 0

    def reason(self) -> str:
        return NOT_RUN.format(seconds=self.seconds)


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
    held to the request cap of :func:`node_cap`, and its row says the budget it had. The request has one
    budget of work (:class:`Work`): a method it leaves out has a row of status ``not_run`` and its reason."""
    p = puzzle(payload)
    n = p.geometry.n
    node_limit, limit = _node_limit(payload), _limit(payload, 2)
    work, rows, cut = Work(), [], False
    for m in chosen_methods(_method_list(payload)):
        budget = node_cap(m, n, node_limit)
        allowed = 0 if cut or work.spent else work.allow(m, n, budget)
        row = compare(p, [m], allowed, limit)[0] if allowed else None
        if row is not None:
            work.spend(m, n, row["nodes"] or 0)
            cut = allowed < budget and row["gave_up"]
        if row is None or cut:
            cut = True
            row = not_run_row(m, work.reason(), budget)
        rows.append(row)
        work.end_unit()
    return {"rows": rows, "givens": p.givens, "n": n, "request_seconds": work.seconds}


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
    :meth:`ParseError.to_dict` for the page to word them) and skipped. The request has one budget of work
    (:class:`Work`): puzzles it leaves out are in ``errors`` too (``reason: "budget"``), ``not_run`` counts
    them and ``count`` the puzzles answered; send those again."""
    texts = field(payload, "puzzles", list, required=True)
    if len(texts) > BATCH_CHUNK_MAX:
        raise BadRequest(f"'puzzles' holds {len(texts)} puzzles; send at most {BATCH_CHUNK_MAX} per request",
                           field="payload.puzzles")
    puzzles: list[tuple[int, Puzzle]] = []
    errors: list[dict] = []
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            errors.append({"index": i, "message": "not a string"})
            continue
        try:
            puzzles.append((i, parse(text, check=False)))
        except SudokuError as exc:
            facts = exc.to_dict() if hasattr(exc, "to_dict") else {}
            errors.append({**facts, "index": i, "message": str(exc)})
    node_limit, limit, asked = _node_limit(payload), _limit(payload, 2), _method_list(payload)
    methods = chosen_methods(asked) if puzzles else []
    work, parts, cut = Work(), [], None
    for k, (_, p) in enumerate(puzzles):
        if work.spent or (ran := _batch_unit(p, methods, node_limit, limit, work)) is None:
            cut = k
            break
        parts.extend(ran)
        work.end_unit()
    if cut is not None:
        errors.extend({"index": i, "reason": "budget", "message": work.reason()} for i, _ in puzzles[cut:])
        errors.sort(key=lambda e: e["index"])
    count = len(puzzles) if cut is None else cut
    return {"parts": merge_parts(parts) if count else [], "errors": errors, "count": count,
            "not_run": len(puzzles) - count, "request_seconds": work.seconds}


def _batch_unit(p: Puzzle, methods: list[str], node_limit: int | None, limit: int,
                work: Work) -> list[list[dict]] | None:
    """One puzzle of a batch by every method, each a part of :func:`batch_part`, or None when the request's
    budget ran out in it (see :class:`Work`)."""
    n, out = p.geometry.n, []
    for m in methods:
        budget = node_cap(m, n, node_limit)
        allowed = work.allow(m, n, budget)
        if not allowed:
            return None
        part = batch_part([p], [m], node_limit, limit, cap=lambda *_, nodes=allowed: nodes)
        work.spend(m, n, sum(part[0]["nodes"]))
        if allowed < budget and part[0]["statuses"].get("gave_up"):
            return None
        out.append(part)
    return out


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
