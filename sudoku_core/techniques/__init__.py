"""The technique table: every logic technique, in the order the solver tries them, with a level and
a score.

Finder contract (how to add a technique)
----------------------------------------
A *finder* is a function ``find(state) -> Iterator[Step]``:

* ``state`` is a :class:`~sudoku_core.candidates.State` (digits, candidate masks ``state.cand``,
  per-digit cell bit sets ``state.where``, bit tables ``state.t``); the finder must NOT change it;
* it yields :class:`~sudoku_core.step.Step` records whose ``technique`` is its table id, each with at
  least one placement or elimination, cheapest / most natural first; the solver takes the first one,
  tests and tools may take them all;
* it returns data only: sentences are made by :mod:`sudoku_core.explain`;
* it must be sound for any geometry (houses of ``n`` cells, ``n`` digits): loop over ``state.t`` and
  ``state.geo`` tables, never over 9;
* uniqueness finders (``uniqueness=True`` below) are only called when ``state.unique`` is True.

To add a technique, write the finder in a module of this package and add ONE line to :data:`TABLE`
at the place where it should be tried (``"module:function"``; modules are imported lazily, on the
first use of one of their techniques), and, for good sentences, a key in the explain tables (a
generic sentence is used otherwise).

Order and scores
----------------
The order is the solver's order: cheapest and most natural first. The ``score`` is a difficulty on
the Sudoku Explainer scale (1.0 .. ~11), so that a puzzle's rating (its hardest step) can be compared
with SE ratings; ``level`` is the player-facing band: easy, medium, hard, expert, extreme.

Planned ids owned by the chains/ALS/forcing work (modules ``chains``, ``als``, ``forcing``), to be
slotted in after the uniqueness techniques, in this order:
``remote_pair`` (hard, 6.0), ``x_chain`` (expert, 6.6), ``xy_chain`` (expert, 6.6),
``nice_loop`` / ``aic`` (expert, 7.0), ``grouped_nice_loop`` / ``grouped_aic`` (expert, 7.3),
``sue_de_coq`` (expert, 7.0), ``als_xz`` (expert, 7.5), ``als_xy_wing`` (expert, 7.8),
``cell_forcing_chain`` / ``unit_forcing_chain`` / ``digit_forcing_chain`` (extreme, 8.3 .. 8.7),
``forcing_net`` (extreme, 9.0+).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

#: Levels, easiest first; "guessing" is the rating of a puzzle logic alone cannot finish.
LEVELS = ("easy", "medium", "hard", "expert", "extreme")


@dataclass(frozen=True)
class Technique:
    id: str
    level: str
    score: float
    finder: str
    uniqueness: bool = False

    @property
    def find(self) -> Callable[..., Iterator]:
        return _load(self.finder)


@cache
def _load(spec: str):
    module, name = spec.split(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def T(id_, level, score, finder, uniqueness=False):
    """One table row (short name so the table reads as a table)."""
    return Technique(id_, level, score, finder, uniqueness)


#: Every technique, in the order the solver tries them.
TABLE: tuple[Technique, ...] = (
    T("full_house", "easy", 1.0, "singles:find_full_house"),
    T("hidden_single", "easy", 1.5, "singles:find_hidden_single"),
    T("naked_single", "easy", 2.3, "singles:find_naked_single"),
    T("pointing", "medium", 2.6, "intersections:find_pointing"),
    T("claiming", "medium", 2.8, "intersections:find_claiming"),
    T("naked_pair", "medium", 3.0, "subsets:find_naked_pair"),
    T("hidden_pair", "medium", 3.4, "subsets:find_hidden_pair"),
    T("naked_triple", "medium", 3.6, "subsets:find_naked_triple"),
    T("hidden_triple", "medium", 4.0, "subsets:find_hidden_triple"),
    T("naked_quad", "hard", 5.0, "subsets:find_naked_quad"),
    T("hidden_quad", "expert", 5.4, "subsets:find_hidden_quad"),
)

#: id -> Technique
BY_ID: dict[str, Technique] = {t.id: t for t in TABLE}


def technique(id_: str) -> Technique:
    """The table entry for ``id_``; KeyError names the unknown id."""
    return BY_ID[id_]
