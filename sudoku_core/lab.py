"""The algorithm lab: every solving method on the same puzzle, side by side, and the search made visible.

What it holds
-------------
* :func:`compare`: one puzzle, every method (or some), each under a node budget, so the naive method
  can never freeze a caller: time, nodes, guesses, DLX updates, maximum depth, solutions found, and
  whether the method gave up. :func:`format_table` and :func:`compare_csv` write it for people.
* :func:`trace`: the real engine's search as a bounded list of JSON-friendly events, for the page's
  step-through replay; :func:`replay` is the reference replay (the page's does the same) and what the
  tests hold a trace to: replayed, it ends in the solution the engine returned.
* :func:`matrix_view`: for one cell, its options (one per digit) in the exact-cover matrix and the
  constraint columns each covers (four in a classic grid; X's diagonals, Windoku's windows and a Killer's
  cage add theirs), with their numbers and meaning, as :mod:`sudoku_core.solvers.dlx` lays them out, what
  the givens already did to each, and for a Killer cell its cage's combination options.
* Variants: every view takes X, Windoku, Jigsaw and Killer puzzles; a method that cannot take one says
  why (:func:`refusal`: the backtracking rungs check no cage sums) instead of failing, and every solution
  is checked under the variant's own rules (:func:`sudoku_core.verify.geometry_problem`).
* :func:`batch`: many puzzles, per-method median, p90 and max (via :func:`sudoku_core.bench.run_batch`,
  so every solution is independently verified); :func:`merge_parts` and :func:`summarize` aggregate
  chunks, which is how the page shows progress and cancels (it sends chunks; see ``web/js/lab/``).
* The bridge operations that call these (``compare``, ``trace``, ``matrix``, ``batch``, ``samples``) are in
  :mod:`sudoku_core.bridge.lab`.

Trace events
------------
Each event is a list whose first element names it; cells are 0-based, digits 1..n::

    ["choose", item, k, kind, place, digit]  DLX: the item (constraint column) chosen, with k options
                                              left; kind/place/digit say what it asks for (see
                                              matrix_view). Backtracking: the cell chosen (its cell
                                              item), k = its candidates.
    ["try", cell, digit]                     a digit placed tentatively: pushes a level
    ["try", -1, 0, cage, [digit, ...]]       DLX on a Killer: a cage's digit combination taken (an
                                              option of the matrix that fills no cell): pushes a level
    ["fill", [cell, digit, ...]]             backtracking with propagation: what the last try forced
                                              (on an empty stack: what the givens forced)
    ["fill", [cell, digit], rule]            the ladder's rungs: one forced placement and the rule
                                              that made it ("naked" or "hidden" single)
    ["strike", [cell, digit, ...], rule]     candidates struck by a rule ("locked"); no digit moves
    ["undo", cell, digit]                    the last try taken back with its fills: pops a level
                                              (``["undo", -1, 0, cage, digits]`` for a combination)
    ["backtrack", item]                      every option of the level's item has been tried
    ["solution"]                             givens + fills + every level on the stack = a solution

The events come straight from the engines' own traces (``trace=`` of the DLX engine and of the
backtracking engines that take one), translated, never re-simulated.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable

from .bench import MethodStats, _thread_clock, quantile, run_batch, status_of
from .errors import SudokuError
from .grid import Geometry, variant_value
from .puzzle import Puzzle
from .solvers import as_puzzle, engine
from .solvers.dlx import (
    combination_options,
    describe_combination,
    describe_item,
    describe_option,
    option_of,
    sudoku_matrix,
)
from .solvers.exact_cover import ExactCover
from .solvers.ladder import BACKTRACK_RUNGS, CAGE_REFUSAL, DLX_RUNGS, RUNGS
from .verify import geometry_problem

#: Methods in the order of the ladder (:mod:`sudoku_core.solvers.ladder`): the naive baseline, then
#: one idea added per rung, then Algorithm X in plain order and with "fewest options first".
LAB_METHODS = RUNGS
#: The methods that search the exact-cover matrix (their traces speak of items and options).
DLX_METHODS = ("dlx", *DLX_RUNGS)
#: The lab's default node budget per method and puzzle: the naive method gives up after it (in about a
#: second of CPython, a few in the browser) instead of running for minutes.
LAB_NODE_LIMIT = 200_000
#: Events a trace keeps by default: a hard 9x9 search by DLX fits, and the naive search of an easy one
#: (about 3 events a node: choose, try, undo); the page replays it without strain (about 2 MB of JSON).
LAB_TRACE_LIMIT = 100_000
#: Puzzles one ``batch`` request may carry: the page sends chunks, so progress and cancel stay prompt.
BATCH_CHUNK_MAX = 500

#: Columns of :func:`compare_csv` and of the table, in order. The counts mean the same for every
#: method (see :mod:`sudoku_core.solvers.ladder`); ``updates`` only DLX has.
COMPARE_COLUMNS = ("method", "status", "solutions", "ms", "nodes", "placements", "branch_points", "guesses",
                   "eliminations", "updates", "max_depth", "node_limit")
#: Columns of :func:`batch_csv`.
BATCH_COLUMNS = ("method", "puzzles", "median_ms", "p90_ms", "max_ms", "median_nodes", "max_nodes",
                 "median_branch_points", "solved", "gave_up", "no_solution", "multiple", "wrong", "node_limit")


def chosen_methods(methods: Iterable[str] | None) -> list[str]:
    """``methods`` checked (every name known, at least one), or all of :data:`LAB_METHODS` for None."""
    chosen = list(LAB_METHODS if methods is None else methods)
    for m in chosen:
        engine(m)  # raises UnknownMethodError with the list of names
    if not chosen:
        raise SudokuError("choose at least one method")
    return chosen


def _check_budget(node_limit: int | None) -> None:
    if node_limit is not None and node_limit < 1:
        raise SudokuError(f"node limit must be at least 1, not {node_limit}")


# ---------------------------------------------------------------------------------------------
# Compare

def compare(puzzle: Puzzle | str, methods: Iterable[str] | None = None, node_limit: int | None = LAB_NODE_LIMIT,
            limit: int = 2) -> list[dict]:
    """Run ``puzzle`` with each method (all, in :data:`LAB_METHODS` order, by default) under ``node_limit``
    nodes each, counting to ``limit`` solutions (2: the time includes the proof of uniqueness). One row per method.

    ``ms`` is CPU time of this thread around the engine alone, as in :mod:`sudoku_core.bench`;
    ``updates`` is None for methods other than DLX (they have no links to update). ``wrong`` counts
    solutions the independent checker (:func:`sudoku_core.verify.geometry_problem`, under the variant's
    rules) rejected (always 0 unless an engine is broken). A method that cannot take the puzzle's variant
    (:func:`refusal`) has a row of status ``unsupported`` with its ``reason`` and no figures.
    """
    _check_budget(node_limit)
    if limit < 1:
        raise SudokuError(f"limit must be at least 1, not {limit}")
    p = as_puzzle(puzzle)
    geo = p.geometry
    clock = _thread_clock()
    rows = []
    for method in chosen_methods(methods):
        reason = refusal(method, geo)
        if reason:
            rows.append(_refused_row(method, reason, node_limit))
            continue
        run = engine(method)
        start = clock()
        search = run(geo, list(p.cells), limit, node_limit)
        ms = (clock() - start) * 1000.0
        wrong = sum(1 for s in search.solutions if geometry_problem(geo, list(p.cells), s))
        stats = search.stats
        rows.append({
            "method": method, "status": status_of(len(search.solutions), limit, search.gave_up),
            "solutions": len(search.solutions), "ms": round(ms, 3), "nodes": stats.get("nodes", 0),
            "placements": stats.get("placements"), "branch_points": stats.get("branch_points"),
            "guesses": stats.get("guesses", 0), "eliminations": stats.get("eliminations"),
            "updates": stats.get("updates"),
            "max_depth": stats.get("max_depth", 0), "gave_up": search.gave_up, "node_limit": node_limit,
            "wrong": wrong, "solution": search.solutions[0] if search.solutions else None, "reason": None,
        })
    return rows


def refusal(method: str, geo: Geometry) -> str | None:
    """Why ``method`` cannot take a puzzle of ``geo``'s variant, or None when it can. Every method takes X,
    Windoku and Jigsaw (their houses are houses); the backtracking rungs check no cage sums, so a Killer is
    for the DLX rungs (its cages are options of the matrix) and the production engines."""
    if geo.cages is not None and method in BACKTRACK_RUNGS:
        return CAGE_REFUSAL
    return None


def _refused_row(method: str, reason: str, node_limit: int | None, status: str = "unsupported") -> dict:
    """A comparison row for a method that cannot take the puzzle: status ``unsupported`` and the reason,
    no figures."""
    row: dict = {k: None for k in COMPARE_COLUMNS}
    row.update(method=method, status=status, gave_up=False, node_limit=node_limit, wrong=0,
               solution=None, reason=reason)
    return row


def not_run_row(method: str, reason: str, node_limit: int | None) -> dict:
    """A comparison row for a method left out (the bridge's budget of work per request, spent before it):
    status ``not_run`` and the reason, no figures."""
    return _refused_row(method, reason, node_limit, status="not_run")


def _cell_text(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.1f}" if value >= 100 else f"{value:.2f}"
    return str(value)


def format_table(rows: list[dict]) -> str:
    """The comparison as an aligned text table, with a note under it for each method that gave up."""
    head = ["method", "status", "solutions", "ms", "nodes", "placements", "branch points", "guesses",
            "eliminations", "updates", "max depth"]
    keys = ["method", "status", "solutions", "ms", "nodes", "placements", "branch_points", "guesses",
            "eliminations", "updates", "max_depth"]
    body = [[_cell_text(r[k]) for k in keys] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
    left = {0, 1}  # names left-aligned, numbers right-aligned
    lines = []
    for line in [head, *body]:
        lines.append("  ".join(x.ljust(w) if i in left else x.rjust(w)
                               for i, (x, w) in enumerate(zip(line, widths, strict=True))).rstrip())
    for r in rows:
        if r["gave_up"]:
            lines.append(f"{r['method']} gave up after {r['nodes']} nodes (budget {r['node_limit']}): "
                         f"the answer is unknown, not 'no solution'")
    refused: dict[str, list[str]] = {}
    for r in rows:
        if r["status"] == "unsupported":
            refused.setdefault(r["reason"], []).append(r["method"])
    lines.extend(f"{', '.join(methods)}: {reason}" for reason, methods in refused.items())
    return "\n".join(lines)


def _csv(columns: Iterable[str], rows: Iterable[dict]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    columns = list(columns)
    writer.writerow(columns)
    for r in rows:
        writer.writerow(["" if r.get(c) is None else r.get(c) for c in columns])
    return out.getvalue()


def compare_csv(rows: list[dict]) -> str:
    """The comparison as CSV (:data:`COMPARE_COLUMNS`; an empty field where a figure does not apply)."""
    return _csv(COMPARE_COLUMNS, rows)


# ---------------------------------------------------------------------------------------------
# Traces

def _dlx_events(geo: Geometry, raw: list) -> list[list]:
    out: list[list] = []
    for ev in raw:
        kind = ev[0]
        if kind == "choose":
            what, place, digit = describe_item(geo, ev[1])
            out.append(["choose", ev[1], ev[2], what, place, digit])
        elif kind == "try" or kind == "undo":
            cell, digit = describe_option(geo, ev[1])
            if cell < 0:  # a Killer cage's combination option: it fills no cell
                q, digits = describe_combination(geo, ev[1])
                out.append([kind, -1, 0, q, digits])
            else:
                out.append([kind, cell, digit])
        elif kind == "backtrack":
            out.append(["backtrack", ev[1]])
        else:
            out.append(["solution"])
    return out


def _backtrack_events(raw: list) -> list[list]:
    """The backtracking engines' events are already in the lab's vocabulary, as tuples. A forced
    placement of the ladder's rungs becomes a fill of one cell with its rule (``["fill", [cell, digit],
    "naked"]``); a strike of locked candidates keeps its (cell, digit) pairs, flattened."""
    out: list[list] = []
    for ev in raw:
        if ev[0] == "choose":  # ("choose", cell, k): the cell is its own cell item
            out.append(["choose", ev[1], ev[2], "cell", ev[1], 0])
        elif ev[0] == "fill":
            out.append(["fill", [x for pair in ev[1] for x in pair]])
        elif ev[0] == "place":
            out.append(["fill", [ev[1], ev[2]], ev[3]])
        elif ev[0] == "strike":
            out.append(["strike", [x for pair in ev[1] for x in pair], ev[2]])
        else:
            out.append(list(ev))
    return out


def _accepts_trace(run: Callable) -> bool:
    code = getattr(run, "__code__", None)
    return code is not None and "trace" in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]


def traceable_methods() -> list[str]:
    """The methods whose engine records a trace."""
    return [m for m in LAB_METHODS if _accepts_trace(engine(m))]


def trace(puzzle: Puzzle | str, method: str = "dlx", trace_limit: int = LAB_TRACE_LIMIT,
          node_limit: int | None = LAB_NODE_LIMIT, limit: int = 1) -> dict:
    """The engine's search of ``puzzle`` by ``method`` as replayable events (see the module docstring).

    At most ``trace_limit`` events are kept (``truncated`` says when more happened; the search itself
    runs to its end regardless, so ``stats`` and ``solution`` are the full run's). ``solution`` is the
    first solution found, as digits, or None.
    """
    _check_budget(node_limit)
    if trace_limit < 0:
        raise SudokuError(f"trace limit must not be negative, not {trace_limit}")
    p = as_puzzle(puzzle)
    geo = p.geometry
    run = engine(method)
    reason = refusal(method, geo)
    if reason:
        raise SudokuError(f"{method}: {reason}")
    if not _accepts_trace(run):
        raise SudokuError(f"method {method!r} records no trace; choose one of {', '.join(traceable_methods())}")
    raw: list = []
    search = run(geo, list(p.cells), limit, node_limit, trace=raw, trace_limit=trace_limit)
    events = _dlx_events(geo, raw) if method in DLX_METHODS else _backtrack_events(raw)
    # The engines stop appending exactly at the limit without saying whether more was due, so a trace
    # that fills its bound to the last event counts as cut (at worst a false "cut" on an exact fit).
    truncated = len(raw) >= trace_limit
    return {
        "method": method, "n": geo.n, "box": [geo.box_rows, geo.box_cols], **variant_value(geo),
        "givens": list(p.cells), "events": events, "truncated": truncated, "trace_limit": trace_limit,
        "gave_up": search.gave_up, "node_limit": node_limit, "stats": dict(search.stats),
        "count": len(search.solutions), "solution": search.solutions[0] if search.solutions else None,
    }


def replay(tr: dict) -> dict:
    """Replay a :func:`trace` as the page does: a stack of levels, each a tried digit and what it forced.

    Returns ``{"solutions": [grid, ...], "grid": final grid, "depth": final stack depth,
    "max_depth": deepest stack}``, grids as digit lists. Raises ValueError if an event contradicts
    the stack (an undo of something that is not on top): the engines' traces never do.
    """
    base = list(tr["givens"])
    stack: list[list[tuple[int, int]]] = []
    solutions = []
    max_depth = 0

    def grid() -> list[int]:
        g = list(base)
        for level in stack:
            for c, d in level:
                g[c] = d
        return g

    for ev in tr["events"]:
        kind = ev[0]
        if kind == "try" and ev[1] < 0:  # a Killer cage's combination: a level that fills no cell
            stack.append([])
            max_depth = max(max_depth, len(stack))
        elif kind == "undo" and ev[1] < 0:
            if not stack or stack[-1]:
                raise ValueError("undo of a cage combination that is not on top of the stack")
            stack.pop()
        elif kind == "try":
            stack.append([(ev[1], ev[2])])
            max_depth = max(max_depth, len(stack))
        elif kind == "fill":
            pairs = list(zip(ev[1][::2], ev[1][1::2], strict=True))
            if stack:
                stack[-1].extend(pairs)
            else:
                for c, d in pairs:
                    base[c] = d
        elif kind == "undo":
            if not stack or stack[-1][0] != (ev[1], ev[2]):
                raise ValueError(f"undo of r{ev[1]} = {ev[2]} that is not on top of the stack")
            stack.pop()
        elif kind == "solution":
            solutions.append(grid())
    return {"solutions": solutions, "grid": grid(), "depth": len(stack), "max_depth": max_depth}


# ---------------------------------------------------------------------------------------------
# The exact-cover matrix around one cell

#: What a column of each kind asks for, for people (the page has its own words, in each language).
BLOCK_MEANINGS = {
    "cell": "cell r,c holds a digit", "row": "row r holds digit d", "column": "column c holds digit d",
    "box": "box b holds digit d", "region": "region k holds digit d (a Jigsaw's irregular regions)",
    "diagonal": "diagonal k holds digit d (X)", "window": "window k holds digit d (Windoku)",
    "cage": "cage q takes one digit combination (d = 0), and digit d is accounted for in cage q (Killer)",
}


def _meaning(geo: Geometry, kind: str, place: int, digit: int) -> str:
    if kind == "cell":
        return f"{geo.cell_name(place)} holds a digit"
    if kind == "cage":
        total = geo.cages[place][0] if geo.cages else 0
        return (f"cage {place + 1} (sum {total}) takes one digit combination" if digit == 0
                else f"cage {place + 1} (sum {total}) accounts for {digit}")
    return f"{kind} {place + 1} holds {digit}"


def matrix_blocks(geo: Geometry) -> list[dict]:
    """The columns of ``geo``'s exact-cover matrix in blocks of one kind (see :data:`BLOCK_MEANINGS`):
    ``kind``, ``first`` and ``last`` column, ``count`` (columns) and ``places`` (houses of that kind, or
    cages). The classic four blocks come first; a variant's extra houses and a Killer's cages follow."""
    mx = sudoku_matrix(geo)
    blocks: list[dict] = []
    for item in range(mx.n_items):
        kind, place, _ = describe_item(geo, item)
        if blocks and blocks[-1]["kind"] == kind:
            blocks[-1]["last"] = item
            blocks[-1]["count"] += 1
            blocks[-1]["places"] = place + 1
        else:
            blocks.append({"kind": kind, "first": item, "last": item, "count": 1, "places": place + 1,
                           "meaning": BLOCK_MEANINGS[kind]})
    return blocks


def _column(geo: Geometry, item: int, covered: dict[int, int], open_count: list[int]) -> dict:
    kind, place, digit = describe_item(geo, item)
    return {"column": item, "kind": kind, "place": place, "digit": digit,
            "meaning": _meaning(geo, kind, place, digit), "covered_by": covered.get(item),
            "open_options": 0 if item in covered else open_count[item]}


def matrix_view(puzzle: Puzzle | str, cell: int) -> dict:
    """The options of ``cell`` (one per digit) in the exact-cover matrix and the columns each covers.

    Per option: its number, ``state`` (``given``: it is a given; ``open``: still in the matrix after the
    givens are covered; ``removed``: a given covers one of its columns, named in ``blocked_by``; in a
    Killer ``absent``: no combination of the cell's cage holds the digit, so the matrix has no such
    option), and its columns: number, kind (cell / row / column / box, or region, diagonal, window, cage),
    place (0-based), digit, meaning, the given that covers it (``covered_by``, a cell, or None) and
    ``open_options``, how many options still hold it once the givens are covered (0 for a covered
    column). Also the layout of the whole matrix (``blocks``, :func:`matrix_blocks`), and for a cell of a
    Killer cage, ``cage``: its number, total, cells and its combination options (one per digit
    combination, each covering the cage's own column and the columns of the digits it leaves out).
    """
    p = as_puzzle(puzzle)
    geo = p.geometry
    n = geo.n
    if not 0 <= cell < geo.ncells:
        raise SudokuError(f"cell {cell} is outside 0 .. {geo.ncells - 1}")
    mx = sudoku_matrix(geo)
    covered: dict[int, int] = {}  # column -> the given cell whose option covers it
    for c, v in enumerate(p.cells):
        o = option_of(geo, c, v) if v else -1
        if o >= 0:  # (a Killer's given that no combination holds has no option: no solution)
            for item in mx.items_of(o):
                covered.setdefault(item, c)
    open_count = [0] * mx.n_items
    for o in range(mx.n_options):
        items = mx.items_of(o)
        if not any(i in covered for i in items):
            for i in items:
                open_count[i] += 1
    options: list[dict] = []
    for d in range(1, n + 1):
        o = option_of(geo, cell, d)
        if o < 0:
            options.append({"option": None, "digit": d, "state": "absent", "blocked_by": [], "columns": []})
            continue
        columns = [_column(geo, item, covered, open_count) for item in mx.items_of(o)]
        blocked = sorted({covered[item] for item in mx.items_of(o) if item in covered})
        state = "given" if p.cells[cell] == d else ("removed" if blocked else "open")
        options.append({"option": o, "digit": d, "state": state, "blocked_by": [] if state == "given" else blocked,
                        "columns": columns})
    cage = None
    q = geo.cage_of[cell] if geo.cage_of is not None else -1
    if geo.cages is not None and q >= 0:
        combos = []
        for o, digits in combination_options(geo, q):
            blocked = sorted({covered[item] for item in mx.items_of(o) if item in covered})
            combos.append({"option": o, "digits": digits, "state": "removed" if blocked else "open",
                           "blocked_by": blocked,
                           "columns": [_column(geo, item, covered, open_count) for item in mx.items_of(o)]})
        total, cells = geo.cages[q]
        cage = {"cage": q, "total": total, "cells": list(cells), "options": combos}
    open_options = [o for o in range(mx.n_options) if not any(i in covered for i in mx.items_of(o))]
    return {"cell": cell, "name": geo.cell_name(cell), "n": n, "given": p.cells[cell], "options": options,
            "columns_total": mx.n_items, "options_total": mx.n_options, "blocks": matrix_blocks(geo),
            "cage": cage, **variant_value(geo),
            "open_options_total": len(open_options), "why": _first_step(geo, mx, covered, open_options)}


def _first_step(geo: Geometry, mx: ExactCover, covered: dict[int, int], open_options: list[int]) -> dict | None:
    """Why DLX is fast, on this puzzle's matrix once the givens are covered: how many columns have
    k options left (``by_options``: [[k, columns], ...]), and the first step of Knuth's rule, the
    column with the fewest options (``column``, ``kind``/``place``/``digit``, ``options``), what
    covering it hides and costs (``hidden``, ``updates``: links removed, one per column and one per
    other node of each hidden option), and what trying its first option (``cell``, ``try_digit``; for a
    Killer's combination option cell -1, digit 0, with its ``cage`` and ``combination``) then hides
    (``then_hidden``) and leaves (``left``). None when every column is covered."""
    left: dict[int, list[int]] = {i: [] for i in range(mx.n_items) if i not in covered}
    for o in open_options:
        for i in mx.items_of(o):
            left[i].append(o)
    if not left:
        return None
    sizes: dict[int, int] = {}
    for opts in left.values():
        sizes[len(opts)] = sizes.get(len(opts), 0) + 1
    column = min(left, key=lambda i: (len(left[i]), i))
    kind, place, digit = describe_item(geo, column)
    out = {"by_options": sorted([k, v] for k, v in sizes.items()), "column": column, "kind": kind, "place": place,
           "digit": digit, "options": len(left[column])}
    hidden = set(left[column])
    out["hidden"] = len(hidden)
    out["updates"] = 1 + sum(len(mx.items_of(o)) - 1 for o in hidden)
    if hidden:
        first = left[column][0]
        cell, d = describe_option(geo, first)
        more = {o for i in mx.items_of(first) if i != column for o in left[i]} - hidden
        out.update(cell=cell, try_digit=d, then_hidden=len(more), left=len(open_options) - len(hidden) - len(more))
        if cell < 0:  # a Killer cage's combination option: the try takes a combination, not a digit
            q, digits = describe_combination(geo, first)
            out.update(cage=q, combination=digits)
    return out


# ---------------------------------------------------------------------------------------------
# Batch

def batch_part(puzzles: list[Puzzle], methods: Iterable[str] | None = None,
               node_limit: int | None = LAB_NODE_LIMIT, limit: int = 2,
               progress: Callable[[int], object] | None = None,
               cap: Callable[[str, int, int | None], int | None] | None = None) -> list[dict]:
    """Raw figures for one chunk of puzzles: per method the time and nodes of every puzzle, the
    status counts and the solutions the checker rejected. Chunks combine with :func:`merge_parts`.
    ``cap(method, n, node_limit)``, when given, is the budget of each search (the bridge's :func:`node_cap`)."""
    _check_budget(node_limit)
    out = []
    for acc in run_batch(puzzles, chosen_methods(methods), limit, node_limit, progress, cap):
        out.append({"method": acc.method, "times_ms": [round(t, 4) for t in acc.times_ms], "nodes": acc.nodes,
                    "branch_points": acc.branch_points, "statuses": dict(acc.counts), "wrong": acc.wrong})
    return out


def merge_parts(parts: Iterable[list[dict]]) -> list[dict]:
    """Chunks of :func:`batch_part` figures, concatenated method by method (first-seen method order)."""
    merged: dict[str, MethodStats] = {}
    for part in parts:
        for m in part:
            acc = merged.setdefault(m["method"], MethodStats(m["method"]))
            acc.times_ms.extend(m["times_ms"])
            acc.nodes.extend(m["nodes"])
            acc.branch_points.extend(m.get("branch_points", []))
            for k, v in m["statuses"].items():
                acc.counts[k] = acc.counts.get(k, 0) + v
            acc.wrong += m["wrong"]
    return [{"method": a.method, "times_ms": a.times_ms, "nodes": a.nodes, "branch_points": a.branch_points,
             "statuses": a.counts, "wrong": a.wrong} for a in merged.values()]


def summarize(merged: list[dict], node_limit: int | None = None) -> list[dict]:
    """Median, p90 and max time, median and max nodes, and status counts per method; ``solved``
    counts puzzles with an answer (one solution found or proven unique)."""
    rows = []
    for m in merged:
        t, nd, st = sorted(m["times_ms"]), sorted(m["nodes"]), m["statuses"]
        bp = sorted(m.get("branch_points", []))
        rows.append({
            "method": m["method"], "puzzles": len(t), "median_ms": round(quantile(t, 0.5), 3),
            "p90_ms": round(quantile(t, 0.9), 3), "max_ms": round(t[-1], 3) if t else 0.0,
            "median_nodes": quantile(nd, 0.5), "max_nodes": nd[-1] if nd else 0,
            "median_branch_points": quantile(bp, 0.5) if bp else None,
            "solved": st.get("unique", 0) + st.get("solved", 0), "gave_up": st.get("gave_up", 0),
            "no_solution": st.get("no_solution", 0), "multiple": st.get("multiple", 0), "wrong": m["wrong"],
            "unsupported": st.get("unsupported", 0),
            "node_limit": node_limit,
        })
    return rows


def batch(puzzles: Iterable, methods: Iterable[str] | None = None, node_limit: int | None = LAB_NODE_LIMIT,
          limit: int = 2, chunk: int = 8, progress: Callable[[int, int], object] | None = None) -> list[dict]:
    """Every puzzle with every method; per-method summaries. Runs in chunks of ``chunk`` puzzles, as
    the page does, calling ``progress(done, total)`` after each (it may raise to stop)."""
    items = [as_puzzle(x) for x in puzzles]
    methods = chosen_methods(methods)
    parts = []
    for start in range(0, len(items), max(1, chunk)):
        parts.append(batch_part(items[start:start + chunk], methods, node_limit, limit))
        if progress is not None:
            progress(min(start + chunk, len(items)), len(items))
    return summarize(merge_parts(parts), node_limit)


def format_batch_table(rows: list[dict]) -> str:
    """Batch summaries as an aligned text table (the CLI's ``compare --summary``), with a line under
    it for each method that gave up on some puzzles: its figures are floors there."""
    head = ["method", "puzzles", "median ms", "p90 ms", "max ms", "median nodes", "max nodes",
            "median branch points", "solved", "gave up", "wrong"]
    keys = ["method", "puzzles", "median_ms", "p90_ms", "max_ms", "median_nodes", "max_nodes",
            "median_branch_points", "solved", "gave_up", "wrong"]
    def text(key: str, value: object) -> str:  # counts are whole (a median of two may end in .5)
        if key != "method" and not key.endswith("_ms") and isinstance(value, float) and value.is_integer():
            value = int(value)
        return _cell_text(value)

    body = [[text(k, r[k]) for k in keys] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
    lines = ["  ".join(x.ljust(w) if i == 0 else x.rjust(w) for i, (x, w) in enumerate(zip(line, widths, strict=True)))
             .rstrip() for line in [head, *body]]
    for r in rows:
        if r["gave_up"]:
            lines.append(f"{r['method']} gave up on {r['gave_up']} of {r['puzzles']} puzzles at {r['node_limit']} "
                         "nodes: its figures there are where it stopped, not its cost")
        if r.get("unsupported"):
            lines.append(f"{r['method']} cannot take {r['unsupported']} of the puzzles (Killers: {CAGE_REFUSAL}); "
                         "they are not in its figures")
    return "\n".join(lines)


def batch_csv(rows: list[dict]) -> str:
    """Batch summaries as CSV (:data:`BATCH_COLUMNS`)."""
    return _csv(BATCH_COLUMNS, rows)


def sample_sets() -> dict[str, dict]:
    """The bundled sample sets: name -> ``{"label", "puzzles"}``."""
    from .lab_samples import SAMPLES

    return {name: {"label": label, "puzzles": list(puzzles)} for name, (label, puzzles) in SAMPLES.items()}
