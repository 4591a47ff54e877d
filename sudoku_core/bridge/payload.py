"""Reading a request's payload: :class:`BadRequest` and one checked accessor per kind of field.

Every operation reads its payload through these, so a wrong field always gets the same kind of answer:
``bad_request`` naming the field (``payload.seed``) and, where the page may want to word it, the rule
broken (``reason``).
"""

from __future__ import annotations

from typing import Any

from sudoku_core import Alphabet, Puzzle, formats, geometry, locales, parse
from sudoku_core.errors import CageError, RegionError
from sudoku_core.grid import VARIANTS, variant_geometry

#: Longest seed string, and the largest seed integer (the page's numbers are JavaScript doubles).
MAX_SEED_CHARS, MAX_SEED_INT = 200, 2 ** 53
#: Box shapes the engine supports: both sides of a box at least 2, and a grid side it reads and tests.
SIDES = formats.SIDES
#: Languages an operation can answer in: the catalogues' tags (:mod:`sudoku_core.locales`).
LANGS = locales.languages()


class BadRequest(Exception):
    """The request or its payload does not have the shape an operation needs. ``facts`` (``field``,
    ``reason``, ...) go into the error reply beside the message."""

    kind = "bad_request"

    def __init__(self, message: str, **facts: object) -> None:
        super().__init__(message)
        self.facts = facts


# ---------------------------------------------------------------------------------------------
# Payload readers: each checks one field and says exactly what is wrong.

def field(payload: dict, name: str, kind: type | tuple[type, ...], default: Any = None, *, required: bool = False,
          low: int | None = None, high: int | None = None) -> Any:
    """``payload[name]`` checked to be of ``kind`` (and, for an integer, within ``low .. high``), or
    ``default`` when it is missing or null."""
    if name not in payload or payload[name] is None:
        if required:
            raise BadRequest(f"payload needs {name!r}", field=f"payload.{name}")
        return default
    value = payload[name]
    # bool is an int in Python; a JSON true is never a count.
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise BadRequest(f"{name!r} must be {type_name(kind)}, not a boolean", field=f"payload.{name}")
    if not isinstance(value, kind):
        raise BadRequest(f"{name!r} must be {type_name(kind)}, not {json_type(value)}", field=f"payload.{name}")
    if isinstance(value, int) and not isinstance(value, bool) and (
            (low is not None and value < low) or (high is not None and value > high)):
        span = (f"from {low} to {high}" if low is not None and high is not None
                else f"at least {low}" if low is not None else f"at most {high}")
        raise BadRequest(f"{name!r} must be {span}, not {short(value)}", field=f"payload.{name}")
    return value


def json_type(value: object) -> str:
    names = {str: "a string", int: "an integer", float: "a number with a fraction", list: "a list",
             dict: "an object", bool: "a boolean", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def type_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", list: "a list", dict: "an object", bool: "a boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def box(payload: dict) -> tuple[int, int] | None:
    """``box``: ``[rows, cols]`` of a shape the engine supports, or None when missing."""
    value = field(payload, "box", list)
    if value is None:
        return None
    if len(value) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and 2 <= x <= 25 for x in value):
        raise BadRequest(f"'box' must be [rows, cols], two integers from 2 to 25, not {short(value)}",
                         field="payload.box")
    rows, cols = value
    if rows * cols not in SIDES:
        n = rows * cols
        raise BadRequest(f"'box' {rows}x{cols} makes a {n}x{n} grid; the engine supports sides "
                         f"{', '.join(map(str, SIDES))}", field="payload.box", reason="size")
    return rows, cols


def puzzle(payload: dict) -> Puzzle:
    """The puzzle a payload carries, as ``text`` or as ``box`` + ``cells``, with its ``variant`` and, for a
    Jigsaw, ``regions``, for a Killer, ``cages`` (see :func:`variant`); never checked for conflicts here
    (operations report conflicts as data)."""
    return variant(payload, _grid(payload))


def variant(payload: dict, p: Puzzle) -> Puzzle:
    """``p`` on the geometry of ``variant`` (one of :data:`~sudoku_core.grid.VARIANTS`; default: the
    puzzle's own, which a text form may name) with ``regions``, a Jigsaw's region of every cell (a list
    of integers or a string of labels), or ``cages``, a Killer's cages (see :func:`cages`; a Killer read
    from text keeps the cages of its text when the payload has none). A region map or a cage that breaks
    a rule is a bad request naming the rule (``reason``), the ``region`` or ``cage`` (0-based, in the order
    sent) and the ``cells``."""
    name = field(payload, "variant", str)
    regions = field(payload, "regions", (list, str))
    caged = cages(payload)
    if name is None and regions is None and caged is None:
        return p
    name = name or p.geometry.variant
    if name not in VARIANTS:
        raise BadRequest(f"unknown variant {short(name)}; choose one of {', '.join(VARIANTS)}",
                         field="payload.variant", reason="variant")
    if isinstance(regions, list) and not all(isinstance(r, int) and not isinstance(r, bool) for r in regions):
        raise BadRequest("'regions' must list one integer (a region) per cell", field="payload.regions")
    geo = p.geometry
    if caged is None and name == "killer" and geo.cages is not None:
        caged = [(total, list(cells)) for total, cells in geo.cages]  # a Killer's own text form: its cages stand
    try:
        new = variant_geometry(geo.n, name, regions, box=(geo.box_rows, geo.box_cols), cages=caged)
    except CageError as exc:
        blame = "payload.cages" if exc.rule != "variant" else "payload.variant"
        raise BadRequest(str(exc), field=blame, reason=exc.rule, cage=exc.region, cells=list(exc.cells)) from None
    except RegionError as exc:
        blame = "payload.regions" if exc.rule != "variant" else "payload.variant"
        raise BadRequest(str(exc), field=blame, reason=exc.rule, region=exc.region, cells=list(exc.cells)) from None
    return p if new is geo else Puzzle(new, p.cells, p.alphabet)


def cages(payload: dict) -> list[tuple[int, list[int]]] | None:
    """``cages``: a Killer's cages as the page holds them, a list of ``{"sum": total, "cells": [cell, ...]}``
    (cells 0-based), or None. Only the shape is checked here; :func:`~sudoku_core.grid.check_cages` checks
    the rules (connected, sum, overlap, cells on the grid)."""
    value = field(payload, "cages", list)
    if value is None:
        return None
    out = []
    for q, cage in enumerate(value):
        where = f"payload.cages[{q}]"
        if not isinstance(cage, dict) or set(cage) != {"sum", "cells"}:
            raise BadRequest(f"cage {q + 1} must be {{\"sum\": total, \"cells\": [cell, ...]}}, not {short(cage)}",
                             field=where)
        total, cells = cage["sum"], cage["cells"]
        if isinstance(total, bool) or not isinstance(total, int):
            raise BadRequest(f"cage {q + 1}'s 'sum' must be an integer, not {short(total)}", field=f"{where}.sum")
        if not isinstance(cells, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in cells):
            raise BadRequest(f"cage {q + 1}'s 'cells' must be a list of cell numbers (0-based), not {short(cells)}",
                             field=f"{where}.cells")
        out.append((total, cells))
    return out


def _grid(payload: dict) -> Puzzle:
    text = field(payload, "text", str)
    if text is not None:
        return parse(text, box=box(payload), check=False, alphabet=field(payload, "alphabet", str))
    cells = field(payload, "cells", list)
    if cells is None:
        raise BadRequest("payload needs 'text' or 'cells'", field="payload.text")
    shape = box(payload)
    if shape is None:
        raise BadRequest("'cells' needs 'box': [rows, cols]", field="payload.box")
    geo = geometry(*shape)
    if len(cells) != geo.ncells:
        raise BadRequest(f"'cells' has {len(cells)} entries; a {geo.n}x{geo.n} grid has {geo.ncells}",
                         field="payload.cells")
    for c, v in enumerate(cells):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= geo.n:
            raise BadRequest(f"cell {c} holds {short(v)}; a digit is an integer from 0 (empty) to {geo.n}",
                             field=f"payload.cells[{c}]")
    symbols = field(payload, "symbols", str)
    if symbols is None:
        alphabet = Alphabet.default(geo.n)
    elif len(symbols) != geo.n or len(set(symbols)) != geo.n:
        raise BadRequest(f"'symbols' must be {geo.n} different characters", field="payload.symbols")
    elif any(ch.isspace() for ch in symbols):
        raise BadRequest("'symbols' must not hold white space", field="payload.symbols")
    else:
        alphabet = Alphabet(symbols)
    return Puzzle(geo, tuple(cells), alphabet)


def langs(payload: dict) -> tuple[str, ...]:
    """``langs``: some of :data:`LANGS` (default all), each once, in the order asked, as the catalogues' tags
    (an old name, "zh", is read as its tag, "zh-CN": :data:`sudoku_core.locales.ALIASES`)."""
    value = field(payload, "langs", list, list(LANGS))
    tags = []
    for x in value:
        try:
            tags.append(locales.tag(x) if isinstance(x, str) else None)
        except ValueError:
            tags.append(None)
    if None in tags or not value:
        raise BadRequest(f"'langs' must list some of {', '.join(LANGS)}", field="payload.langs")
    return tuple(dict.fromkeys(t for t in tags if t))


def per_cell(payload: dict, name: str, ncells: int) -> list | None:
    """``name``: a list with one entry per cell (entries checked by the caller), or None."""
    value = field(payload, name, list)
    if value is None:
        return None
    if len(value) != ncells:
        raise BadRequest(f"{name!r} has {len(value)} entries; the grid has {ncells} cells", field=f"payload.{name}")
    return value


def seed(payload: dict) -> int | str:
    """``seed`` (required): an integer within ±2**53 or a string of 1 to :data:`MAX_SEED_CHARS`."""
    value = field(payload, "seed", (int, str))
    if value is None:
        raise BadRequest("payload needs 'seed' (the page draws one, so the puzzle can be made again)",
                         field="payload.seed")
    if isinstance(value, int) and not -MAX_SEED_INT <= value <= MAX_SEED_INT:
        raise BadRequest(f"an integer 'seed' must be from -2**53 to 2**53, not {short(value)}; "
                         "a longer one can be sent as a string", field="payload.seed")
    if isinstance(value, str) and not 1 <= len(value) <= MAX_SEED_CHARS:
        raise BadRequest(f"a 'seed' string must have 1 to {MAX_SEED_CHARS} characters, not {len(value)}",
                         field="payload.seed")
    return value


