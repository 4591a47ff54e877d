"""The core operations: ``parse``, ``solve``, ``format``; and what they return, as plain data."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_core import METHODS, Puzzle, formats, solve
from sudoku_core.grid import variant_value
from sudoku_core.solvers import budget_nodes

from .payload import BadRequest, field, puzzle


def grid_value(p: Puzzle) -> dict:
    """The grid as the page holds it; ``variant``, ``regions`` (a Jigsaw's region of every cell, else
    null) and ``cages`` (a Killer's, else null) are what the page sends back with ``box`` and ``cells``."""
    geo = p.geometry
    return {
        "size": geo.n, "box": [geo.box_rows, geo.box_cols], "cells": list(p.cells),
        "symbols": p.alphabet.symbols, "blank": p.alphabet.blank, "givens": p.givens, "line": p.to_line(),
        **variant_value(geo),
    }


def conflicts(p: Puzzle) -> list[dict]:
    """Every broken rule of the digits on the grid: two equal digits in a house (``house``), and in a
    Killer two equal digits in a cage that share no house (else the house says it), or a full cage whose
    digits do not make its sum (``cage``, 0-based; ``sum`` its total and ``found`` what its digits make)."""
    geo, symbols = p.geometry, p.alphabet.symbols
    out: list[dict] = []
    for cf in p.conflicts():
        a, b = cf.cells
        out.append({
            "cells": [a, b], "house": cf.house, "digit": cf.digit,
            "message": f"{geo.cell_name(a)} and {geo.cell_name(b)} both hold {symbols[cf.digit - 1]} "
                       f"in {geo.house_name(cf.house)}",
        })
    for q, (total, cells) in enumerate(geo.cages or ()):
        seen: dict[int, int] = {}
        for c in cells:
            d = p.cells[c]
            if d and d in seen:
                a = seen[d]
                if set(geo.cell_houses[a]) & set(geo.cell_houses[c]):
                    continue  # said above, in the house they share
                out.append({"cells": [a, c], "cage": q, "digit": d,
                            "message": f"{geo.cell_name(a)} and {geo.cell_name(c)} both hold {symbols[d - 1]} "
                                       f"in {geo.cage_name(q)}"})
            elif d:
                seen[d] = c
        found = sum(p.cells[c] for c in cells)
        if all(p.cells[c] for c in cells) and found != total:
            out.append({"cells": list(cells), "cage": q, "sum": total, "found": found,
                        "message": f"the digits of {geo.cage_name(q)} make {found}, not {total}"})
    return out


def op_parse(payload: dict) -> dict:
    """Read a puzzle (``text`` or ``box`` + ``cells``): its grid value and every rule conflict."""
    p = puzzle(payload)
    return {**grid_value(p), "conflicts": conflicts(p)}


def op_solve(payload: dict) -> dict:
    """Solve a puzzle. Payload: the puzzle, ``method`` (default ``backtrack``), ``limit`` (default 2,
    so that "more than one solution" is known), ``node_limit`` (default and most: the request budget,
    :func:`~sudoku_core.solvers.budget_nodes`, about 0.8 s of CPython; status ``gave_up`` when spent).

    The result is :meth:`SolveResult.to_dict` plus ``cells`` (each solution as digits), ``conflicts``
    and, when two solutions were found, ``differences``: the cells where the first two differ."""
    p = puzzle(payload)
    method = field(payload, "method", str, "backtrack")
    limit = field(payload, "limit", int, 2, low=1, high=1000)
    node_limit = field(payload, "node_limit", int, low=1)
    if method not in METHODS:
        solve(p, method=method)  # raises the engine's own "unknown method" error, kind "method"
    cap = budget_nodes(method, p.geometry.n)
    node_limit = cap if node_limit is None else min(node_limit, cap)
    solved = solve(p, method=method, limit=limit, node_limit=node_limit)
    result = solved.to_dict()
    cells = solved.grids
    result["cells"] = cells
    result["conflicts"] = conflicts(p)
    result["differences"] = (
        [c for c, (a, b) in enumerate(zip(cells[0], cells[1], strict=True)) if a != b] if len(cells) >= 2 else []
    )
    return result


def op_format(payload: dict) -> dict:
    """Write a puzzle as text with the engine's writers: ``style`` ``line`` (default) or ``grid``
    (one line per row, boxes separated)."""
    p = puzzle(payload)
    style = field(payload, "style", str, "line")
    writers = {"line": formats.format_line, "grid": formats.format_grid}
    if style not in writers:
        raise BadRequest(f"unknown style {style!r}; choose {' or '.join(map(repr, writers))}")
    return {"text": writers[style](p)}


#: The core operations, merged into the registry.
CORE_OPS: dict[str, Callable[[dict], dict]] = {"parse": op_parse, "solve": op_solve, "format": op_format}
