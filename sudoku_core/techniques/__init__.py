"""The technique table: every logic technique, in the order the solver tries them, with a level and
a score.

Finder contract (how to add a technique)
----------------------------------------
A *finder* is a function ``find(state) -> Iterator[Step]`` (its type: :class:`Finder`):

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
The order is the solver's order, which is the order of the ``score``: a difficulty on the Sudoku
Explainer scale (1.0 .. ~11), so that a puzzle's rating can be compared with SE ratings (SE, too, always
applies its easiest technique; :mod:`sudoku_core.rate` says how a step's score adds the length of its
chain and how the steps' scores make the puzzle's); ``level`` is the player-facing band: easy, medium,
hard, expert, extreme. The levels are nested sets of techniques, cut where QQWing cuts its levels (easy:
full houses and naked singles; medium: plus hidden singles; hard: plus intersections, subsets up to
naked quads, X-Wing and Swordfish with fins, short single-digit chains; expert: wings, uniqueness,
colouring, Jellyfish, hidden quads, chains, ALS; extreme: forcing chains and nets): a puzzle's level is
the lowest set that solves it (:mod:`sudoku_core.rate` gives the reasons and the figures). A hint is
the solver's next step (:func:`sudoku_core.rate.next_step`), whatever the level.

Families and modules: ``singles``, ``intersections``, ``subsets``, ``fish``, ``single_digit``, ``wings``,
``coloring``, ``uniqueness`` (this suite's tests: ``tests/test_techniques.py``); ``complex_fish``
(Franken and Mutant fish, off the solver's ladder: ``ladder=False``; ``tests/test_complex_fish.py``); ``kraken``
(Kraken fish types 1 and 2, off the ladder too; ``tests/test_kraken.py``); ``killer`` (cage
combinations and the 45 rule, which find nothing on a grid without cages; ``tests/test_killer.py``);
``chains`` (remote pairs, X-/XY-chains, AICs and nice loops, grouped), ``als`` (ALS-XZ, ALS-XY-Wing,
ALS-XY-Chain, Death Blossom, Sue de Coq; ALS-XY-Chains through sets of more than 4 cells off the ladder)
and ``forcing`` (cell/unit/digit forcing chains, forcing nets)
come last, before any guessing (``tests/test_techniques_chains.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..candidates import State
    from ..step import Step

#: Levels, easiest first; "guessing" is the rating of a puzzle logic alone cannot finish.
LEVELS = ("easy", "medium", "hard", "expert", "extreme")


class Finder(Protocol):
    """A technique finder: ``find(state) -> Iterator[Step]``, under the contract in the module notes."""

    def __call__(self, state: State, /) -> Iterator[Step]: ...


class BoundedFinder(Protocol):
    """A chain finder that can be asked for chains of at most ``max_links`` links only (a shallower
    search; None: no bound). The rater asks so when only a short chain could beat the step it has."""

    def __call__(self, state: State, /, max_links: int | None = None) -> Iterator[Step]: ...


@dataclass(frozen=True)
class Technique:
    id: str
    level: str
    score: float
    finder: str
    uniqueness: bool = False
    #: False for a technique the solver, hint and rating never try (its search does not fit their time
    #: budget); :func:`sudoku_core.rate.find_steps` and asking for it by id still find its steps.
    ladder: bool = True

    @property
    def find(self) -> Finder:
        """The finder, imported on first use."""
        finder: Finder = _load(self.finder)
        return finder

    def find_within(self, state: State, max_links: int) -> Iterator[Step]:
        """The steps of a chain finder (``chains:`` ones, but remote pairs) made of at most ``max_links``
        links."""
        finder: BoundedFinder = _load(self.finder)
        return finder(state, max_links=max_links)


@cache
def _load(spec: str) -> Any:
    """The function ``module:name`` of this package names (a :class:`Finder`, some a :class:`BoundedFinder`)."""
    module, name = spec.split(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def T(id_: str, level: str, score: float, finder: str, uniqueness: bool = False, ladder: bool = True) -> Technique:
    """One table row (short name so the table reads as a table)."""
    return Technique(id_, level, score, finder, uniqueness, ladder)


#: Every technique, in the order the solver tries them.
TABLE: tuple[Technique, ...] = (
    T("full_house", "easy", 1.0, "singles:find_full_house"),
    T("hidden_single", "medium", 1.5, "singles:find_hidden_single"),
    T("cage_combination", "medium", 1.6, "killer:find_cage_combination"),
    T("naked_single", "easy", 2.3, "singles:find_naked_single"),
    T("rule_45", "hard", 2.5, "killer:find_rule_45"),
    T("cage_filling", "hard", 2.5, "killer:find_cage_filling"),
    T("cage_pointing", "hard", 2.6, "killer:find_cage_pointing"),
    T("pointing", "hard", 2.6, "intersections:find_pointing"),
    T("cage_claiming", "hard", 2.8, "killer:find_cage_claiming"),
    T("claiming", "hard", 2.8, "intersections:find_claiming"),
    T("cage_split", "hard", 2.9, "killer:find_cage_split"),
    T("rule_45_lines", "hard", 2.9, "killer:find_rule_45_lines"),
    T("rule_45_blocks", "hard", 3.0, "killer:find_rule_45_blocks"),
    T("naked_pair", "hard", 3.0, "subsets:find_naked_pair"),
    T("x_wing", "hard", 3.2, "fish:find_x_wing"),
    T("hidden_pair", "hard", 3.4, "subsets:find_hidden_pair"),
    T("naked_triple", "hard", 3.6, "subsets:find_naked_triple"),
    T("swordfish", "hard", 3.8, "fish:find_swordfish"),
    T("hidden_triple", "hard", 4.0, "subsets:find_hidden_triple"),
    T("xy_wing", "expert", 4.2, "wings:find_xy_wing"),
    T("xyz_wing", "expert", 4.4, "wings:find_xyz_wing"),
    T("unique_rectangle_1", "expert", 4.5, "uniqueness:find_ur_type1", uniqueness=True),
    T("unique_rectangle_2", "expert", 4.6, "uniqueness:find_ur_type2", uniqueness=True),
    T("unique_rectangle_4", "expert", 4.6, "uniqueness:find_ur_type4", uniqueness=True),
    T("unique_rectangle_3", "expert", 4.7, "uniqueness:find_ur_type3", uniqueness=True),
    T("skyscraper", "hard", 5.0, "single_digit:find_skyscraper"),
    T("two_string_kite", "hard", 5.0, "single_digit:find_two_string_kite"),
    T("naked_quad", "hard", 5.0, "subsets:find_naked_quad"),
    T("turbot_fish", "hard", 5.1, "single_digit:find_turbot_fish"),
    T("empty_rectangle", "hard", 5.1, "single_digit:find_empty_rectangle"),
    T("finned_x_wing", "hard", 5.1, "fish:find_finned_x_wing"),
    T("sashimi_x_wing", "hard", 5.2, "fish:find_sashimi_x_wing"),
    T("jellyfish", "expert", 5.2, "fish:find_jellyfish"),
    T("finned_swordfish", "hard", 5.3, "fish:find_finned_swordfish"),
    T("sashimi_swordfish", "hard", 5.3, "fish:find_sashimi_swordfish"),
    T("hidden_quad", "expert", 5.4, "subsets:find_hidden_quad"),
    T("wxyz_wing", "expert", 5.5, "als:find_wxyz_wing"),
    T("simple_colors_trap", "expert", 5.5, "coloring:find_simple_colors_trap"),
    T("simple_colors_wrap", "expert", 5.5, "coloring:find_simple_colors_wrap"),
    T("finned_jellyfish", "expert", 5.5, "fish:find_finned_jellyfish"),
    T("bug_plus_1", "expert", 5.6, "uniqueness:find_bug_plus_1", uniqueness=True),
    T("sashimi_jellyfish", "expert", 5.6, "fish:find_sashimi_jellyfish"),
    T("multi_colors", "expert", 5.7, "coloring:find_multi_colors"),
    T("x_chain", "expert", 5.8, "chains:find_x_chain"),
    T("vwxyz_wing", "expert", 6.2, "als:find_vwxyz_wing"),
    T("w_wing", "expert", 6.5, "wings:find_w_wing"),
    # Sudoku Explainer has no UR type 5 or 6 and no Hidden Rectangle (SudokuWiki files the hidden one among
    # its diabolical strategies, after XY-Chains): scored with the W-Wing, Spearman's rho against SE on the
    # tuning sample (rate_bench --se-range 20000:39719 --se-offset 7) went from 0.881 to 0.919 (4.7: 0.881,
    # 5.5: 0.892, 6.0: 0.911, 6.5: 0.919, 7.0: 0.919), and on the reported 1000 from 0.877 to 0.907.
    T("unique_rectangle_5", "expert", 6.5, "uniqueness:find_ur_type5", uniqueness=True),
    T("unique_rectangle_6", "expert", 6.5, "uniqueness:find_ur_type6", uniqueness=True),
    T("hidden_rectangle", "expert", 6.5, "uniqueness:find_hidden_rectangle", uniqueness=True),
    T("remote_pair", "expert", 6.6, "chains:find_remote_pair"),
    T("xy_chain", "expert", 6.6, "chains:find_xy_chain"),
    T("nice_loop", "expert", 7.0, "chains:find_nice_loop"),
    T("aic", "expert", 7.0, "chains:find_aic"),
    T("grouped_nice_loop", "expert", 7.3, "chains:find_grouped_nice_loop"),
    T("grouped_aic", "expert", 7.3, "chains:find_grouped_aic"),
    T("sue_de_coq", "expert", 7.3, "als:find_sue_de_coq"),
    T("als_xz", "expert", 7.5, "als:find_als_xz"),
    T("als_xy_wing", "expert", 7.8, "als:find_als_xy_wing"),
    T("als_xy_chain", "expert", 8.0, "als:find_als_xy_chain"),
    # Chains through sets of 5 to 8 cells, of 7 sets, or of 3 sets with overlapping ends: off the ladder,
    # for the time they cost (als.MAX_CHAIN_CELLS, als.EXTENDED_CHAIN_ALS).
    T("extended_als_xy_chain", "expert", 8.0, "als:find_extended_als_xy_chain", ladder=False),
    T("death_blossom", "expert", 8.2, "als:find_death_blossom"),
    # Franken and Mutant fish (HoDoKu scores them between ALS-XZ and Kraken fish): off the ladder, see
    # complex_fish.py.
    T("franken_x_wing", "expert", 8.2, "complex_fish:find_franken_x_wing", ladder=False),
    T("franken_swordfish", "expert", 8.2, "complex_fish:find_franken_swordfish", ladder=False),
    T("franken_jellyfish", "expert", 8.2, "complex_fish:find_franken_jellyfish", ladder=False),
    T("finned_franken_x_wing", "expert", 8.2, "complex_fish:find_finned_franken_x_wing", ladder=False),
    T("finned_franken_swordfish", "expert", 8.2, "complex_fish:find_finned_franken_swordfish", ladder=False),
    T("finned_franken_jellyfish", "expert", 8.2, "complex_fish:find_finned_franken_jellyfish", ladder=False),
    T("mutant_x_wing", "extreme", 8.3, "complex_fish:find_mutant_x_wing", ladder=False),
    T("mutant_swordfish", "extreme", 8.3, "complex_fish:find_mutant_swordfish", ladder=False),
    T("mutant_jellyfish", "extreme", 8.3, "complex_fish:find_mutant_jellyfish", ladder=False),
    T("finned_mutant_x_wing", "extreme", 8.3, "complex_fish:find_finned_mutant_x_wing", ladder=False),
    T("finned_mutant_swordfish", "extreme", 8.3, "complex_fish:find_finned_mutant_swordfish", ladder=False),
    T("finned_mutant_jellyfish", "extreme", 8.3, "complex_fish:find_finned_mutant_jellyfish", ladder=False),
    T("cell_forcing_chain", "extreme", 8.3, "forcing:find_cell_forcing_chain"),
    # Kraken fish (HoDoKu scores them just above the cell forcing chains they lean on): off the ladder,
    # see kraken.py.
    T("kraken_fish_1", "extreme", 8.4, "kraken:find_kraken_fish_1", ladder=False),
    T("kraken_fish_2", "extreme", 8.4, "kraken:find_kraken_fish_2", ladder=False),
    T("unit_forcing_chain", "extreme", 8.5, "forcing:find_unit_forcing_chain"),
    T("digit_forcing_chain", "extreme", 8.7, "forcing:find_digit_forcing_chain"),
    T("forcing_net", "extreme", 9.2, "forcing:find_forcing_net"),
)

#: id -> Technique
BY_ID: dict[str, Technique] = {t.id: t for t in TABLE}

#: Techniques left out on a variant because they are not sound there ("uniqueness" stands for every
#: ``uniqueness=True`` row). The rectangles ask that swapping their two digits keeps every house and cage
#: (:func:`~sudoku_core.techniques.uniqueness.swap_keeps`) and BUG+1 counts every house, diagonals and
#: windows too; but on a Killer the BUG's other solution changes every open cell, which may break a
#: cage's sum. The finned and sashimi fish assume rectangular boxes, which a Jigsaw has not. Measured in
#: docs/variants.md (every technique tried at every position of logic paths, checked against the
#: solution); every other technique works on any houses the geometry has.
VARIANT_UNSAFE: dict[str, tuple[str, ...]] = {
    "x": (),
    "windoku": (),
    "jigsaw": ("finned_x_wing", "finned_swordfish", "finned_jellyfish", "sashimi_x_wing", "sashimi_swordfish",
               "sashimi_jellyfish"),
    "killer": ("bug_plus_1",),
}


@cache
def for_variant(variant: str = "classic", ladder: bool = True) -> tuple[Technique, ...]:
    """The techniques that are sound on ``variant``, in table order (the whole table for a classic grid),
    only those on the solver's ladder unless ``ladder`` is False. Raises ValueError for a variant the
    table has not been checked on."""
    if ladder:
        return tuple(t for t in for_variant(variant, False) if t.ladder)
    if variant == "classic":
        return TABLE
    if variant not in VARIANT_UNSAFE:
        raise ValueError(f"the logic techniques have not been checked on {variant} puzzles yet")
    unsafe = VARIANT_UNSAFE[variant]
    return tuple(t for t in TABLE if t.id not in unsafe and not (t.uniqueness and "uniqueness" in unsafe))


def technique(id_: str) -> Technique:
    """The table entry for ``id_``; KeyError names the unknown id."""
    return BY_ID[id_]
