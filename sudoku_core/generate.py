"""The puzzle generator: full grids, digging holes with a uniqueness check, symmetry, levels and seeds.

What it holds
-------------
* :func:`full_grid`: a random solved grid by one of the study's two methods, then shuffled:

  - ``"lasvegas"``: place ``n + 2`` random digits (11 for 9x9, as in the study) where no peer holds
    them, complete with the backtracking engine; an unsolvable start (or one that spends its node budget)
    is thrown away and tried again;
  - ``"dlx"``: a random permutation as the first row, completed by the DLX engine;

  either way followed by a random relabelling of the digits and a random order of bands, rows within
  bands, stacks, columns within stacks (and a transposition when the boxes are square), so that a seed
  reaches grids the engine's fixed search order alone would never produce.
* :func:`symmetry_groups`: the cells that must be emptied together for each :data:`SYMMETRIES` option.
* :func:`dig`: remove groups of givens in a random order while the solution stays unique; one pass over
  every group gives a minimal puzzle (see below).
* :func:`generate`: the whole pipeline with levels (:func:`sudoku_core.rate.rate`), a practice technique,
  seeds, a progress callback, a time and attempt bound. Returns a :class:`Generated`.

Choices
-------
* **One pass is minimal.** Removing givens never removes solutions from the set, it only adds; so a
  group that cannot be removed now can never be removed later. Trying every group once, in any order,
  therefore gives a puzzle from which no (symmetric) group can be removed: minimal for ``"none"``,
  minimal among puzzles with that symmetry otherwise.
* **The uniqueness check, cheapest first.** Each candidate removal is decided by, in order:

  1. *cheap accept*: every removed cell is a naked or hidden single of the remaining givens alone, so
     the remaining givens still force it: no solution can be gained. This decides about half of the
     removals of a 9x9 dig with a few dozen operations each;
  2. *cheap reject*: an unavoidable set of the solution with no given left. The sets used are the ones
     two digits make (:func:`pair_unavoidables`: swapping the digits on a connected set gives another
     solved grid; the "deadly rectangles" are the smallest). Late removals are mostly rejections, and a
     rejection is the engine's most expensive answer (it must find two solutions);
  3. *logic fill*: naked singles, then hidden singles, then locked candidates (as many of the three as
     the dig's fill, :data:`FILLS`, allows), on cell bit sets; if they fill the grid, the solution is
     unique. Fewer givens never let the fill go further, so once it stalls on the current puzzle it is
     not tried again;
  4. the engine (``count <= 2``) with a node budget; a check that spends its budget counts as "not
     unique", so a puzzle is never claimed unique without proof (``stats["gave_up"]`` counts them).

  Measured on 9x9 (per minimal dig): about 41 cheap accepts, 8 cheap rejects, 13 fill accepts and 17
  engine checks, most of them rejections whose second solution differs in 6 to 40 cells and 3 to 9
  digits, so no small catalogue of unavoidable sets would catch them.
* **Levels by the rater, exact match.** A level is reached the way Tatham's generator does it: dig while
  the puzzle stays unique *and* solvable within the target level's techniques, then accept only an exact
  match. The rater's levels are nested technique sets (:mod:`sudoku_core.rate`), and the two lowest are
  exactly a fill: easy digs use the naked-singles fill as their only test (a given goes only if naked
  singles alone still fill the grid; the cheap accept takes naked singles only) and medium digs the
  singles fill, so neither needs a search or a rating until the final one, and neither can overshoot.
  An easy dig works at every size; it simply keeps more givens (``bench/generate_bench.py``, medians:
  9x9 26 givens against 24 with all singles, 16x16 98 against 94). Before the fill followed the level,
  an easy puzzle was dug with all singles and had to land on "naked singles suffice" by luck: 0 of 15
  dug 9x9 and 0 of 15 16x16 did. Harder levels use the fill with locked candidates (within hard) and
  the engine check, and each removal only the engine could prove is rated with the target's techniques
  and kept if the puzzle stays solvable with them. A puzzle that ends easier than asked is thrown away
  and a new grid dug. (Road not taken, tried first: dig to minimal, rate, and come down to a
  harder-than-asked puzzle's level by putting groups back, bisecting on how many. The guided dig
  replaced it because it needs no rating at all for easy and medium and cannot overshoot. Also tried,
  with the former levels (medium was singles, locked candidates and subsets): when a medium dig ends
  easy, carry on digging it with the engine and rated removals instead of a new grid; the median rose
  from 37 to 68 ms on 9x9 and from 0.65 to 0.92 s on 6x6.)
* **Minimal Easy by a walk.** Easy is exactly the naked-singles fill, so an easy dig needs no engine; but the
  groups it keeps are those naked singles need, and some of them uniqueness does not (removing one leaves a
  unique puzzle that is too hard for Easy), so a dig by that fill was seldom minimal: 3 in 1,000 on 9x9 X,
  none of 1,000 on Windoku or of 500 on Jigsaw, and those choices gave up within 30 s. Such groups are rarer
  the fewer givens a dig keeps, so :func:`easy_minimal_work` walks towards fewer: it puts one removed group
  back, digs again by the fill in a new order, keeps the move if no more givens are left, and tests each kept
  puzzle for minimality (one count per given group, stopped at the first that could go), for up to
  :data:`EASY_MINIMAL_MOVES` moves a grid.
* **Minimal, proved or said.** A puzzle asked to be minimal is handed out only when every given group was
  proved needed (each count answered within its node budget), on every path (level-less, levelled, Easy's
  walk, Extreme, Killer), by one rule (:func:`minimal_settled`): up to :data:`MINIMAL_PROVED_SIDE` a puzzle
  not proved so is dropped and dug again (a Jigsaw's grid up to :data:`JIGSAW_DIGS_PER_GRID` times, others from a
  new grid); beyond it, where counts give up often, it is handed out with
  ``minimal`` False, and the page says so. (Before GENERATOR_VERSION 16 only the level-less path and a
  Killer dropped it; a levelled classic, X, Windoku or Jigsaw went out unproved.)
* **Seeds.** Everything random comes from one ``random.Random`` made from the seed and passed down; ints
  seed it directly, strings (a daily puzzle's date) through SHA-256, never ``hash()``; digit strings
  are read as the integer, so ``--seed 42`` on the command line is ``seed=42``. Only methods built on
  ``getrandbits`` (``randrange``, ``shuffle``, ``choice``), whose results have been the same since
  Python 3.2, are used, and every iteration whose order matters is over a list or a sorted sequence.
  So a seed gives the same puzzle in CPython 3.11 and Pyodide 3.14 running the same code (a test runs
  both, Pyodide under Node, when ``node_modules/pyodide`` is there). Across
  *releases* it gives the same puzzle only while the engines return the same first solution for the
  same start and the rater the same verdicts: the daily puzzle should be stored as its puzzle string,
  not only as its seed (:data:`GENERATOR_VERSION` names the pipeline).
* **Variants** (``variant="x" | "windoku" | "jigsaw" | "killer"``, :mod:`sudoku_core.grid`): the same dig on the
  variant's geometry (its houses feed the cheap tests, the logic fill's singles and the engine check;
  the pair unavoidable sets follow every house, so they stay unavoidable). The full grid is the Las Vegas
  start (or the DLX first row) completed on that geometry, relabelled, and for X and Windoku turned by
  one of the square's symmetries (band and row swaps would break the diagonals and windows). A Jigsaw
  draws its regions with every grid (:func:`random_regions`: cells traded between neighbouring regions
  while both stay connected) and takes DLX's first solution of the empty grid; regions for which none
  is found within :data:`JIGSAW_NODE_LIMITS` nodes are drawn again, so every layout returned is proved
  to admit a solution; a Jigsaw grid costs several digs' CPU, so it is dug up to :data:`JIGSAW_DIGS_PER_GRID`
  times (each in a new order) before another is made. A Killer (:func:`killer_cages`) takes a classic full
  grid, draws cages over it
  (:func:`random_cages`: connected, different digits) and sums them; without givens it splits a cage
  where a second solution differs until the backtracker counts one, and has no givens; with givens its
  cages are larger and the usual dig keeps the givens the cages need (the pair unavoidable sets are
  kept only where a swap leaves every cage's sum alone). A Killer's level is rated with the cage
  techniques and without the uniqueness ones (:data:`VARIANT_UNSAFE`); without givens it is at least
  medium, and cages are drawn again until the rating matches. Classic grids draw
  exactly the random numbers they drew before, so classic seeds give the same puzzles.
* **Extremes by transformation.** Dug puzzles seldom rate Extreme (forcing chains or nets): a 9x9
  dihedral dig found none in 3,089 grids (17 s of CPU, seed 1), and the page waited 34 s for one. So
  an Extreme (classic, X, Windoku or Jigsaw; not a Killer, not minimal, no practice technique) starts from
  an Extreme made before (:mod:`sudoku_core.extremes`), drawn by the seed among those whose pattern a
  symmetry of the square turns into one of the symmetry asked for, and moved (:func:`extreme_start`,
  :func:`transformed`): turned or mirrored so, its bands and rows, stacks and columns reordered as far as
  that symmetry allows (:data:`LINE_ORDERS`: under rot180 line ``i`` and line ``n - 1 - i`` move as a pair;
  under a diagonal the columns follow the rows), and its digits relabelled. Each of these maps solved grids
  to solved grids one to one (so the result is unique because the entry is) and a logic step to a step of
  the same technique, so the difficulty stays; the result is still counted by the DLX engine (one solution,
  40 ms on a 16x16) and checked for its symmetry, and it is handed out with the entry's rating
  (``extremes.RATINGS``), not rated again: a 16x16's rating took 2-4 s of the 2-4.7 s such a request
  cost. ``bench/extreme_bench.py`` re-rates every puzzle it makes and counts it with backtracking: no
  level has moved; the score has, within Extreme, where the rater's path took its steps in another order
  (docs/notes/extreme.md, "Carried ratings"). Where no entry can take the symmetry (or the side has none),
  the dig runs as before. The price is variety: a 9x9 rot180 Extreme is one of the catalogue's puzzles in
  disguise (relabelled and reordered: 9! * 24 * 24 * 8 versions of each), not a new one.
* **Killers by transformation.** A 9x9 Killer Expert or Extreme (not minimal) starts the same way, from
  :mod:`sudoku_core.killers` (:func:`killer_start`), moved only as a Killer's logic allows
  (:func:`killer_transformed`): a symmetry of the square, and digits and sums flipped or not (16 versions
  of each entry: a free relabelling would change the sums, a band swap would cut the cages that cross it).
  Checked unique by the backtracker and rated; without an entry (Extreme with givens; givens of another
  symmetry than rot180) or on a miss, the search below runs as before. A minimal Killer (every given group
  needed) cannot start so (cages unique alone make every given removable): it is searched, its cages drawn
  large (:data:`KILLER_MINIMAL_SIZES`), and at Expert and Extreme dug to minimal without rating each removal
  (:data:`KILLER_UNCAPPED_DIG`), the finished puzzle rated once.
* **Time.** The deadline and the progress callback are checked between steps; neither changes which
  puzzle a seed gives, only whether it is reached in time.
"""

from __future__ import annotations

import hashlib
import random
import re
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .candidates import State, single_places, tables
from .errors import SudokuError
from .grid import Geometry, cage_combinations, check_regions, variant_geometry
from .puzzle import Alphabet, Puzzle
from .solvers import engine, search_work

# LEVELS: the player-facing levels, easiest first ("guessing" is beyond them)
from .techniques import LEVELS, Technique, for_variant
from .work import run as run_work

if TYPE_CHECKING:
    from .extremes import CarriedRating
    from .rate import Rating

#: Bumped whenever a change makes a seed give another puzzle.
GENERATOR_VERSION = 16  # 2: easy and medium digs use the level's own fill (naked singles; singles);
# 3: the rater knows WXYZ- and VWXYZ-Wings (expert), so a candidate that needed forcing may rate expert;
# 4: the rater knows UR types 5 and 6, more Hidden Rectangles, ALS of up to 8 cells and ALS-XY-Chains;
# 5: the rater knows Death Blossom (expert)
# 6: on X, Windoku and Killer the rater knows the uniqueness rectangles that keep every house and cage; on a
# Killer, cage pointing and claiming, cage splitting and the 45 rule on 2-3 lines
# 7: UR types 5 and 6 and Hidden Rectangles score 6.5, not 4.6-4.7, so a path, its hardest step and the
# score a generator keeps the best of may change
# 8: a Killer without givens made for medium or expert splits its cages where the level's logic
# stalls and merges them up to expert (killer_cages_for_level), instead of drawing cages and counting solutions
# 9: a Killer Expert without givens tries every single merge of its Hard layout before it keeps one (the
# one whose Hard path scores highest) and looks again around it
# 10: an Extreme (not a Killer, no practice technique, not minimal) starts from a catalogued Extreme moved into
# another of the symmetry asked for (extreme_start), and is dug only where the catalogue has none
# 11: the catalogue has more Extremes (dihedral and other symmetries, 9x9 to 16x16; bench/find_extremes.py),
# and an X's Extreme is reordered too (X_LINE_ORDERS), so a seed's Extreme may be another
# 12: a 9x9 Killer Expert or Extreme (not minimal) starts from a catalogued one moved into another
# (killer_start, sudoku_core/killers.py), and is searched only where the catalogue has none
# 13: a 9x9 Killer Expert or Extreme with givens of a pattern no catalogued one with givens has (Extreme with
# givens; Expert with givens of another symmetry than rot180) starts from a catalogued one without givens and is
# given givens of the pattern while it keeps its level (killer_givens); up to KILLER_DRAWS entries are drawn
# 14: a minimal Extreme (not a Killer) digs on from a catalogued Extreme (extreme_start) and is rated; a minimal
# puzzle of another level is dug within its level (accept) and then proved minimal, not dug to minimal and rated
# 15: a minimal Killer with givens draws larger cages (KILLER_MINIMAL_SIZES), and one whose dig gave up a count
# (not proved minimal) is not handed out; a minimal Easy Killer is refused
# 15 (also): a minimal Easy is walked to among the puzzles naked singles solve (easy_minimal_work) instead of dug once
# and proved minimal; a level-less minimal puzzle (sides up to 10) whose dig had a count give up is dug again
# 16: one rule for minimal on every path (minimal_settled): a puzzle asked minimal and not proved so (a count gave
# up) is dropped for another grid up to 12x12 at any level, not handed out with minimal False (it was so only
# without a level and on a Killer); beyond 12x12 it is handed out unproved, also where a group kept as too hard can go
# 16 (also): a 9x9 Jigsaw layout whose DLX completion passes 2,000 nodes (JIGSAW_NODE_LIMITS, not 20,000) is redrawn,
# and a Jigsaw grid is dug up to 4 times (JIGSAW_DIGS_PER_GRID) before another is made
# 16 (also): a minimal Killer Expert or Extreme is dug without the level's cap (KILLER_UNCAPPED_DIG): every removal the
# backtracker proves unique is taken, and only the finished puzzle is rated


#: Symmetry options of the clue pattern, and the cell maps ``(r, c) -> (r', c')`` that generate each.
SYMMETRIES = ("none", "rot180", "rot90", "mirror_h", "mirror_v", "diagonal", "antidiagonal", "dihedral")

#: Other spellings accepted for the same options.
SYMMETRY_ALIASES = {
    "": "none", "rot2": "rot180", "rotate180": "rot180", "180": "rot180",
    "rot4": "rot90", "rotate90": "rot90", "90": "rot90",
    "horizontal": "mirror_h", "vertical": "mirror_v", "diag": "diagonal", "anti": "antidiagonal",
    "antidiag": "antidiagonal", "full": "dihedral", "all": "dihedral",
}

GRID_METHODS = ("lasvegas", "dlx")

#: Levels a side can reach, where that is fewer than all (a request outside them fails at once instead
#: of running to its deadline). Measured, not proved: 20,000 4x4 digs aimed at medium (all singles) and
#: 2,000 aimed at hard all rated easy: naked singles alone solved every one.
REACHABLE_LEVELS = {4: ("easy",)}

#: The digger's logic fills, weakest first, and the level whose technique set each one stays within:
#: naked singles (with full houses, a kind of naked single) are the easy set, all singles the medium
#: set, and singles with locked candidates part of the hard set.
FILLS = ("naked", "singles", "locked")
FILL_OF_LEVEL = {"easy": "naked", "medium": "singles"}

#: Node budget of one uniqueness check, per side. Small grids never come near it; on 25x25 a check of
#: a sparse grid can run for minutes, so there the budget is what keeps generation bounded.
CHECK_NODE_LIMITS = {4: 10_000, 6: 10_000, 8: 10_000, 9: 20_000, 10: 10_000, 12: 4_000, 15: 2_000,
                     16: 1_000, 20: 200, 25: 60}

#: Largest side on which a puzzle asked to be minimal is handed out only once proved so (every count of the
#: proof answered within its :data:`CHECK_NODE_LIMITS` budget, no group kept as too hard removable); otherwise
#: the grid is dropped for another (:func:`minimal_settled`). Beyond it the counts give up often (16x16,
#: 1,000 nodes: minimal, seeds 1 and 3, and Medium minimal, seeds 1-12, none proved on its first grid; 12x12,
#: every level, seeds 1-3: no count gave up), so the puzzle is handed out with ``minimal`` False (not proved),
#: which the page says.
MINIMAL_PROVED_SIDE = 12

#: Catalogued Extremes a minimal Extreme digs on from before it digs full grids instead (each start is a
#: minimal Extreme unless the dig takes it beyond the rater).
MINIMAL_EXTREME_STARTS = 8

#: Node budget of one completion of the Las Vegas start; a start that spends it is thrown away.
COMPLETE_NODE_LIMITS = {16: 5_000, 20: 10_000, 25: 20_000}


def variant_techniques(table: dict[str, Technique], variant: str) -> tuple[Technique, ...] | None:
    """The rater's techniques that are sound on ``variant`` (None for a classic grid: the whole table);
    the list is :data:`sudoku_core.techniques.VARIANT_UNSAFE`."""
    return None if variant == "classic" else for_variant(variant)


class GenerationError(SudokuError):
    """No puzzle met the request within the time or attempt bound (or the request cannot be met)."""

    kind = "generate"


class GenerationStopped(GenerationError):
    """The progress callback asked to stop."""

    kind = "cancelled"


@dataclass
class Generated:
    """A generated puzzle with its solution and the facts of how it was made."""

    puzzle: Puzzle
    solution: Puzzle
    seed: int | str
    symmetry: str
    level: str | None = None
    score: float | None = None
    hardest: str | None = None
    #: True when the puzzle meets the request (level, technique); False only for a best-effort result.
    exact: bool = True
    #: True when no given (symmetry "none") or symmetric group of givens can be removed.
    minimal: bool = False
    #: True when ``level``, ``score`` and ``hardest`` are the rater's on this puzzle; False when they are the
    #: catalogue entry's it was transformed from (an Extreme: :func:`extreme_start`), carried, not measured:
    #: the level is kept by the transform, the score may differ a little (docs/notes/extreme.md).
    rated: bool = True
    attempts: int = 0
    elapsed_ms: float = 0.0
    stats: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "puzzle": self.puzzle.to_line(), "solution": self.solution.to_line(), "size": self.puzzle.n,
            "givens": self.puzzle.givens, "seed": self.seed, "symmetry": self.symmetry, "level": self.level,
            "score": self.score, "hardest": self.hardest, "exact": self.exact, "minimal": self.minimal,
            "rated": self.rated, "attempts": self.attempts, "ms": round(self.elapsed_ms, 1), "stats": dict(self.stats),
            "version": GENERATOR_VERSION, **variant_fields(self.puzzle),
        }


def variant_fields(puzzle: Puzzle) -> dict:
    """``variant`` (and ``regions``, the region letters of every cell, for a Jigsaw; ``cages``, each
    ``{"sum", "cells"}`` with 0-based cells, for a Killer) for a variant puzzle's JSON; nothing for a
    classic one, whose records stay as they were."""
    geo = puzzle.geometry
    if geo.variant == "classic":
        return {}
    out: dict[str, object] = {"variant": geo.variant}
    if geo.regions is not None:
        from .formats import LETTER_SYMBOLS

        out["regions"] = "".join(LETTER_SYMBOLS[r] for r in geo.regions)
    if geo.cages is not None:
        out["cages"] = [{"sum": total, "cells": list(cells)} for total, cells in geo.cages]
    return out


# --- seeds ------------------------------------------------------------------------------------------

#: Longest string of digits read as an integer seed (the bridge's seeds are at most 200 characters); a
#: longer one is text, hashed like any other, so ``int`` never parses thousands of digits.
MAX_SEED_DIGITS = 200
#: An integer seed written as text: ASCII digits only (``"²".isdigit()`` is true, but ``int`` refuses it).
_INTEGER = re.compile(r"-?[0-9]+")


def seed_value(seed: int | str) -> int:
    """The integer that seeds the generator's ``random.Random`` (strings through SHA-256)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SudokuError(f"a seed is an integer or a string, not {type(seed).__name__}")
    if isinstance(seed, str):
        text = seed.strip()
        if len(text) <= MAX_SEED_DIGITS and _INTEGER.fullmatch(text):
            seed = int(text)  # "42" on the command line is the same seed as 42 from the page
        else:  # any other text, "²" and digit strings too long to be a number too
            return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
    if seed < 0:
        # random.Random seeds with the absolute value; hashing keeps -5 and 5 apart.
        return int.from_bytes(hashlib.sha256(str(seed).encode("ascii")).digest()[:8], "big")
    return seed


def make_rng(seed: int | str | None) -> tuple[random.Random, int | str]:
    """A private ``random.Random`` for ``seed`` and the seed to report (a fresh one when None)."""
    if seed is None:
        # A fresh seed is drawn, then used like any other, so the result can be reproduced from it.
        seed = random.SystemRandom().getrandbits(48)
    return random.Random(seed_value(seed)), seed


# --- symmetry -----------------------------------------------------------------------------------------

def normalise_symmetry(symmetry: str | None) -> str:
    name = (symmetry or "none").strip().lower().replace("-", "_")
    name = SYMMETRY_ALIASES.get(name, name)
    if name not in SYMMETRIES:
        raise SudokuError(f"unknown symmetry {symmetry!r}; choose one of {', '.join(SYMMETRIES)}")
    return name


def _maps(symmetry: str, n: int) -> list[Callable[[int, int], tuple[int, int]]]:
    m = n - 1
    return {
        "none": [],
        "rot180": [lambda r, c: (m - r, m - c)],
        "rot90": [lambda r, c: (c, m - r)],
        "mirror_h": [lambda r, c: (m - r, c)],
        "mirror_v": [lambda r, c: (r, m - c)],
        "diagonal": [lambda r, c: (c, r)],
        "antidiagonal": [lambda r, c: (m - c, m - r)],
        "dihedral": [lambda r, c: (c, m - r), lambda r, c: (c, r)],
    }[symmetry]


def symmetry_groups(geo: Geometry, symmetry: str) -> list[tuple[int, ...]]:
    """The orbits of the cells under ``symmetry``: each a sorted tuple, listed by their first cell.

    The symmetry is of the clue pattern only, so it is defined for rectangular boxes too (a transposed
    6x6 pattern is still a pattern, even though 2x3 boxes do not map onto boxes).
    """
    n = geo.n
    maps = _maps(normalise_symmetry(symmetry), n)
    seen = [False] * geo.ncells
    groups = []
    for start in range(geo.ncells):
        if seen[start]:
            continue
        orbit = {start}
        todo = [start]
        while todo:
            r, c = divmod(todo.pop(), n)
            for f in maps:
                rr, cc = f(r, c)
                x = rr * n + cc
                if x not in orbit:
                    orbit.add(x)
                    todo.append(x)
        group = tuple(sorted(orbit))
        for x in group:
            seen[x] = True
        groups.append(group)
    return groups


def is_symmetric(geo: Geometry, cells: Sequence[int], symmetry: str) -> bool:
    """True when every orbit of ``symmetry`` is all givens or all empty in ``cells``."""
    return _fills_orbits(cells, symmetry_groups(geo, symmetry))


def _fills_orbits(cells: Sequence[int], groups: Iterable[Sequence[int]]) -> bool:
    """True when every group (orbit) is all givens or all empty in ``cells``."""
    return all(len({bool(cells[x]) for x in g}) == 1 for g in groups)


# --- full grids -----------------------------------------------------------------------------------------

def _shuffled_lines(rng: random.Random, groups: int, size: int) -> list[int]:
    """Line indices with the groups of ``size`` lines in random order, and the lines inside each
    group too: the row (or column) orders that keep a solved grid solved."""
    order = list(range(groups))
    rng.shuffle(order)
    lines: list[int] = []
    for g in order:
        inner = list(range(size))
        rng.shuffle(inner)
        lines.extend(g * size + i for i in inner)
    return lines


def shuffle_grid(geo: Geometry, grid: list[int], rng: random.Random) -> list[int]:
    """``grid`` with its digits relabelled and its bands, rows, stacks and columns reordered at random
    (and transposed half the time when the boxes are square): every one of these maps a solved grid to
    a solved grid."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    rows = _shuffled_lines(rng, n // br, br)  # bands, then the rows inside each band
    cols = _shuffled_lines(rng, n // bc, bc)  # stacks, then the columns inside each stack
    # Always draw, so the random stream does not depend on the box shape beyond this point.
    transpose = rng.randrange(2) == 1 and br == bc
    out = [0] * geo.ncells
    for r in range(n):
        for c in range(n):
            v = grid[rows[r] * n + cols[c]]
            out[(c * n + r) if transpose else (r * n + c)] = labels[v - 1]
    return out


def _las_vegas_start(geo: Geometry, rng: random.Random) -> list[int]:
    """``n + 2`` random digits in random cells, each one no peer already holds."""
    n = geo.n
    cells = [0] * geo.ncells
    used = [0] * len(geo.houses)  # digit mask per house
    order = list(range(geo.ncells))
    rng.shuffle(order)
    placed = 0
    for c in order:
        if placed == n + 2:
            break
        seen = 0
        for h in geo.cell_houses[c]:
            seen |= used[h]
        free = [d for d in range(1, n + 1) if not seen >> d & 1]
        if not free:
            continue
        d = rng.choice(free)
        cells[c] = d
        for h in geo.cell_houses[c]:
            used[h] |= 1 << d
        placed += 1
    return cells


def has_engine(method: str) -> bool:
    """True when the engine for ``method`` can be loaded (DLX was being written alongside this module)."""
    try:
        engine(method)
    except (SudokuError, ImportError, AttributeError):
        return False
    return True


def full_grid(geo: Geometry, rng: random.Random, method: str = "lasvegas", stats: dict | None = None) -> list[int]:
    """A random solved grid by the study's ``method`` (see the module notes), shuffled."""
    if method not in GRID_METHODS:
        raise SudokuError(f"unknown grid method {method!r}; choose one of {', '.join(GRID_METHODS)}")
    stats = stats if stats is not None else {}
    n = geo.n
    shuffle = shuffle_grid if geo.variant == "classic" else shuffle_variant
    if method == "dlx" and has_engine("dlx"):
        first = list(range(1, n + 1))
        rng.shuffle(first)
        search = engine("dlx")(geo, first + [0] * (geo.ncells - n), 1, VARIANT_NODE_LIMIT if geo.variant != "classic"
                               else None)
        stats["grid_tries"] = stats.get("grid_tries", 0) + 1
        if search.solutions:
            return shuffle(geo, search.solutions[0], rng)
        # A permutation row always extends to a classic grid; falling through is only a guard (and the
        # way on for a variant whose first row does not extend).
    run = engine("backtrack")
    budget = COMPLETE_NODE_LIMITS.get(n, 2_000)
    tries = 0
    while True:
        stats["grid_tries"] = stats.get("grid_tries", 0) + 1
        search = run(geo, _las_vegas_start(geo, rng), 1, budget)
        if search.solutions:
            return shuffle(geo, search.solutions[0], rng)
        tries += 1
        if geo.variant != "classic" and tries >= VARIANT_GRID_TRIES:
            # Few grids of this variant and side (6x6 X): the empty grid's first solution, relabelled
            # and turned, rather than more starts that mostly have none.
            search = engine("dlx")(geo, [0] * geo.ncells, 1, None)
            if not search.solutions:
                raise GenerationError(f"no {n}x{n} {geo.variant} grid exists")
            return shuffle(geo, search.solutions[0], rng)


#: Variants: Las Vegas starts tried before the empty grid is solved instead (6x6 X has few grids, and
#: most starts have none), and the node budget of a DLX completion of a variant (a first row that,
#: unlike a classic one, may not extend; a Jigsaw layout, which may admit no grid at all).
VARIANT_GRID_TRIES = 20
VARIANT_NODE_LIMIT = 20_000
#: Node budget of the DLX completion of a random Jigsaw layout, by side (others: :data:`VARIANT_NODE_LIMIT`). A
#: third of 9x9 layouts have no solution found within 20,000 nodes, and those spent 72% of the completions' CPU;
#: of the layouts completed, half took under 180 nodes and 74% under 2,000 (100 layouts, seed 11). Drawing
#: another layout past 2,000 nodes makes a completed 9x9 grid in about 36 ms of CPU instead of 85 (modelled from
#: those counts, 6 us a node, 12 ms a layout; measured, :func:`jigsaw_grid` seeds 0-19: 36 ms a grid, mean, against
#: 101 ms with 20,000 nodes and the former region draw).
JIGSAW_NODE_LIMITS = {9: 2_000}

#: Digs of one Jigsaw grid (each in a new random order) before the next grid is made. A grid (layout, completion)
#: costs about 55 ms of CPU, a dig about 15, and a minimal dig is mostly refused for a group kept as too hard that
#: could go, which another order of the same grid often avoids. Minimal, 9x9, seeds 1-12, CPU s median / p95
#: (total), interleaved: Medium rot180 1.09 / 6.70 (19.3) with 1 dig a grid, 0.28 / 1.36 (4.4) with 4, 0.24 / 1.43
#: (4.6) with 8, 0.25 / 1.14 (4.3) with 16; Easy rot180 (the walk, easy_minimal_work) 1.78 / 5.30 (29.0) with 4,
#: 2.81 / 10.6 (46.9) with 8, and 5.42 / 17.78 with 1 (bench/generate_bench.py).
JIGSAW_DIGS_PER_GRID = 4


def _dihedral(n: int, k: int, r: int, c: int) -> tuple[int, int]:
    """Symmetry ``k`` (0-7) of the square applied to ``(r, c)``: quarter turns, then a transposition."""
    m = n - 1
    for _ in range(k & 3):
        r, c = c, m - r
    return (c, r) if k & 4 else (r, c)


def shuffle_variant(geo: Geometry, grid: list[int], rng: random.Random) -> list[int]:
    """A variant's ``grid`` with its digits relabelled at random and, for X and Windoku, turned or mirrored
    by one of the square's eight symmetries, which keep the boxes, the diagonals and the windows (band and
    row swaps would not). A Jigsaw is only relabelled: its random regions are the variety."""
    n = geo.n
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    k = rng.randrange(8) if geo.regions is None and geo.box_rows == geo.box_cols else 0
    out = [0] * geo.ncells
    for cell, v in enumerate(grid):
        r, c = _dihedral(n, k, *divmod(cell, n))
        out[r * n + c] = labels[v - 1]
    return out


def random_regions(n: int, rng: random.Random, box: tuple[int, int] | None = None) -> tuple[int, ...]:
    """A random Jigsaw layout of side ``n``: canonical region map (:func:`~sudoku_core.grid.check_regions`);
    :func:`random_regions_work` drawn whole."""
    return run_work(random_regions_work(n, rng, box))


#: Trades tried between two pauses of :func:`random_regions_work`: about 5 ms of work on 16x16, where a
#: whole layout (up to 10,240 tries) took one unit of 0.2-0.35 s.
REGION_TRIES_PER_PAUSE = 64


def random_regions_work(n: int, rng: random.Random,
                        box: tuple[int, int] | None = None) -> Generator[None, None, tuple[int, ...]]:
    """:func:`random_regions` as resumable work (:mod:`sudoku_core.work`): it pauses every
    :data:`REGION_TRIES_PER_PAUSE` trades tried, and draws the same layout from the same ``rng``.

    Starts from the standard boxes and trades cells between neighbouring regions: a cell of region A next to
    region B goes to B while a cell of B next to what is left of A comes to A, and the trade is kept only when
    both regions stay connected, so every region keeps ``n`` connected cells throughout. ``4 n^2`` trades
    are kept (or ``40 n^2`` tried), enough to leave few boxes whole.
    """
    classic = variant_geometry(n, "classic", box=box)
    region = [classic.box_of(c) for c in range(n * n)]
    # Each region's cells, kept with every trade, so a try looks at two regions, not the whole grid (the same
    # layout from the same draws as scanning every cell: 9x9, 30 seeds, 12.0 against 33.4 ms of CPU a layout,
    # medians of interleaved runs, layouts equal).
    members: list[set[int]] = [set() for _ in range(n)]
    for c, r in enumerate(region):
        members[r].add(c)
    neighbours = []
    for c in range(n * n):
        r, k = divmod(c, n)
        neighbours.append([x for x, ok in ((c - n, r > 0), (c + n, r < n - 1), (c - 1, k > 0), (c + 1, k < n - 1))
                           if ok])

    def connected(cells: set[int]) -> bool:
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            for x in neighbours[todo.pop()]:
                if x in cells and x not in seen:
                    seen.add(x)
                    todo.append(x)
        return len(seen) == len(cells)

    kept = tries = 0
    while kept < 4 * n * n and tries < 40 * n * n:
        tries += 1
        if tries % REGION_TRIES_PER_PAUSE == 0:
            yield
        a = rng.randrange(n * n)
        ra = region[a]
        across = [x for x in neighbours[a] if region[x] != ra]
        if not across:
            continue
        rb = region[rng.choice(across)]
        # cells of B (not next to a only) that touch A without a, in cell order: they can come over to A
        back = [x for x in sorted(members[rb]) if any(region[y] == ra and y != a for y in neighbours[x])]
        if not back:
            continue
        b = rng.choice(back)
        cells_a = members[ra] - {a} | {b}
        cells_b = members[rb] - {b} | {a}
        if connected(cells_a) and connected(cells_b):
            region[a], region[b] = rb, ra
            members[ra], members[rb] = cells_a, cells_b
            kept += 1
    return check_regions(n, region)


def jigsaw_grid(n: int, rng: random.Random, stats: dict | None = None,
                box: tuple[int, int] | None = None) -> Generator[None, None, tuple[Geometry, list[int]]]:
    """Random Jigsaw regions and a solved grid for them, as resumable work (:mod:`sudoku_core.work`,
    one yield per layout tried) returning ``(geometry, grid)``.

    The grid is the DLX engine's first solution of the empty grid within :data:`JIGSAW_NODE_LIMITS` nodes,
    relabelled at random (the random regions are the variety); a layout without one is drawn again, so
    the layout returned is proved to admit a solution. Measured (seed 1, four layouts each): 9x9 and
    12x12 layouts mostly complete in 300-5,000 nodes; no 16x16 layout completed within 50,000, so
    Jigsaw is for sides up to 12 for now (larger sides run until the deadline).
    """
    stats = stats if stats is not None else {}
    while True:
        stats["layouts"] = stats.get("layouts", 0) + 1
        geo = variant_geometry(n, "jigsaw", (yield from random_regions_work(n, rng, box)), box)
        search = yield from search_work("dlx", geo, [0] * geo.ncells, 1, JIGSAW_NODE_LIMITS.get(n, VARIANT_NODE_LIMIT))
        if search.solutions:
            return geo, shuffle_variant(geo, search.solutions[0], rng)
        yield


# --- killer cages ---------------------------------------------------------------------------------------

#: Cage sizes a Killer's cages are drawn with (each cage picks one of these at random, then grows while a
#: neighbouring cell adds a digit new to it). Without givens the cages alone must make the solution
#: unique, so they are small; with givens they are larger and the givens dug afterwards settle the rest.
KILLER_SIZES = {False: (2, 2, 3, 3, 3, 4, 4, 5), True: (3, 4, 4, 5, 5, 6, 6)}
#: Cage sizes of a *minimal* Killer with givens (every given group needed), by level. A given is needed only
#: where the cages leave a second solution without it, and small cages seldom do: with :data:`KILLER_SIZES`
#: nearly every dig within the level kept a group the cages made removable, though too hard to remove, so
#: the Killer was not minimal and another grid was drawn (Medium none, seed 2: 44 of 45 grids). Larger cages
#: say less, so more givens stay needed (docs/variants.md, "Minimal Killers", measured: Medium none 6-9 cells
#: against 7-9, Expert none 6-9 against 5-8, seeds 1-5; Extreme none 7-9 against 6-9, seeds 1-3). (Easy is
#: refused: no minimal Easy Killer.)
KILLER_MINIMAL_SIZES = {"medium": (6, 7, 8, 9), "hard": (5, 6, 7, 8), "expert": (6, 7, 8, 9), "extreme": (7, 8, 9)}
#: Levels at which a minimal Killer's dig takes every removal the backtracker proves unique, without rating each
#: one to keep the puzzle within the level (the ``accept`` of :func:`dig`); the rating of the finished puzzle
#: decides, as for any other. At these levels nearly every dig ends below the level (Hard), so the cap seldom
#: vetoes a removal (3 of 26 grids of Expert none seed 1, 2 of 28 of Extreme rot180 seed 1), while its ratings
#: were most of a dig's CPU (an Extreme's tries forcing chains and nets at every removal the engine proved).
#: Below Expert the cap stays: uncapped, a Medium or Hard dig would often overshoot.
KILLER_UNCAPPED_DIG = ("expert", "extreme")
#: Node budget of one uniqueness check of a Killer's cages (both engines); a check that spends it counts
#: as "not unique yet" and a cage is split, so a generated Killer is never claimed unique without proof.
KILLER_NODE_LIMIT = 3_000


def _neighbours(c: int, n: int) -> list[int]:
    r, k = divmod(c, n)
    return [x for x, ok in ((c - n, r > 0), (c + n, r < n - 1), (c - 1, k > 0), (c + 1, k < n - 1)) if ok]


def random_cages(n: int, solution: list[int], rng: random.Random, sizes: tuple[int, ...]) -> list[list[int]]:
    """Cages that tile a side-``n`` grid, each orthogonally connected and holding different digits of
    ``solution``: cells taken in a random order start a cage of a size drawn from ``sizes``, which grows
    by random neighbours whose digit it does not hold yet; a cage left with one cell then joins a
    neighbouring cage that lacks its digit and has room, if there is one."""
    order = list(range(n * n))
    rng.shuffle(order)
    cage_of = [-1] * (n * n)
    cages: list[list[int]] = []
    for start in order:
        if cage_of[start] >= 0:
            continue
        q = len(cages)
        cells = [start]
        cage_of[start] = q
        digits = 1 << solution[start]
        target = rng.choice(sizes)
        while len(cells) < target:
            frontier = sorted({x for c in cells for x in _neighbours(c, n)
                               if cage_of[x] < 0 and not digits >> solution[x] & 1})
            if not frontier:
                break
            x = rng.choice(frontier)
            cells.append(x)
            cage_of[x] = q
            digits |= 1 << solution[x]
        cages.append(cells)
    most = max(sizes)
    for q, cells in enumerate(cages):
        if len(cells) != 1:
            continue
        c = cells[0]
        hosts = sorted({cage_of[x] for x in _neighbours(c, n) if len(cages[cage_of[x]]) < most
                        and all(solution[y] != solution[c] for y in cages[cage_of[x]])})
        if hosts:
            host = rng.choice(hosts)
            cages[host].append(c)
            cage_of[c] = host
            cages[q] = []
    return [sorted(cells) for cells in cages if cells]


def split_cage(cells: list[int], at: int, n: int) -> tuple[list[int], list[int]]:
    """Two connected pieces of the connected cage ``cells``, the first holding ``at``: the first cells met
    in a breadth-first walk from ``at`` (a connected piece), as close to half as leaves the rest connected."""
    inside = set(cells)
    walk = [at]
    for c in walk:
        walk.extend(x for x in _neighbours(c, n) if x in inside and x not in walk)
    k = len(walk)
    for size in sorted(range(1, k), key=lambda s: (abs(2 * s - k), s)):
        rest = set(walk[size:])
        start = next(iter(sorted(rest)))
        seen, todo = {start}, [start]
        while todo:
            for x in _neighbours(todo.pop(), n):
                if x in rest and x not in seen:
                    seen.add(x)
                    todo.append(x)
        if seen == rest:
            return sorted(walk[:size]), sorted(rest)
    raise ValueError(f"a cage of one cell cannot be split: {cells}")  # k == 1: callers never ask


def _killer_geometry(base: Geometry, solution: list[int], cages: list[list[int]]) -> Geometry:
    return variant_geometry(base.n, "killer", box=(base.box_rows, base.box_cols),
                            cages=[(sum(solution[c] for c in cells), cells) for cells in cages])


def killer_cages(base: Geometry, solution: list[int], rng: random.Random, givens: bool,
                 stats: dict | None = None, sizes: tuple[int, ...] | None = None) -> Generator[Any, None, Geometry]:
    """A Killer geometry whose cages fit ``solution`` (on the classic geometry ``base``), as resumable
    work (one yield per check) returning the geometry.

    Cages are drawn by :func:`random_cages`. Without ``givens`` the cages alone must leave one solution:
    while a count to two by the backtracker (the faster counter of empty Killers) finds another solution,
    a cage where the two differ is split in two (:func:`split_cage`); a count that spends
    :data:`KILLER_NODE_LIMIT` nodes splits one of the largest cages instead. Splitting only ever adds
    information, and a grid of one-cell cages is unique, so this ends. With ``givens`` the cages are drawn
    larger and returned as they are: the dig that follows keeps givens until the solution is unique.
    ``sizes`` (with givens) draws them from other sizes than :data:`KILLER_SIZES` (a minimal Killer's).
    """
    stats = stats if stats is not None else {}
    n = base.n
    # In the geometry's order (by first cell), so that geo.cage_of indexes this list too.
    cages = sorted(random_cages(n, solution, rng, sizes if givens and sizes else KILLER_SIZES[givens]))
    geo = _killer_geometry(base, solution, cages)
    if givens:
        return geo
    while True:
        search = yield from search_work("backtrack", geo, [0] * geo.ncells, 2, KILLER_NODE_LIMIT)
        stats["cage_checks"] = stats.get("cage_checks", 0) + 1
        if len(search.solutions) == 1 and not search.gave_up:
            return geo
        other = next((s for s in search.solutions if s != solution), None)
        if other is not None:
            assert geo.cage_of is not None
            differ = [c for c in range(geo.ncells) if other[c] != solution[c] and len(cages[geo.cage_of[c]]) > 1]
        else:
            stats["cage_gave_up"] = stats.get("cage_gave_up", 0) + 1
            most = max(len(cells) for cells in cages)
            differ = [cells[0] for cells in cages if len(cells) == most]
        at = rng.choice(differ)
        q = next(i for i, cells in enumerate(cages) if at in cells)
        cages[q:q + 1] = split_cage(cages[q], at, n)
        cages.sort()
        stats["cage_splits"] = stats.get("cage_splits", 0) + 1
        geo = _killer_geometry(base, solution, cages)
        yield


#: Cage sizes of a Killer without givens made for a level: large, so that the first layout is beyond the
#: level and the cages are split where the level's logic stalls (:func:`killer_cages_for_level`).
KILLER_LEVEL_SIZES = (4, 5, 5, 6, 6, 7)
#: Largest cage a merge may make when a layout is made harder (:func:`killer_cages_for_level`).
KILLER_MERGE_MOST = 7
#: Merges tried on one layout before it is handed back as it is (the caller rates it and may try anew).
KILLER_MERGE_TRIALS = 120


def killer_cages_for_level(base: Geometry, solution: list[int], rng: random.Random,
                           techniques: Sequence[Technique], easier: Sequence[Technique] | None = None,
                           stats: dict | None = None) -> Generator[Any, None, Geometry]:
    """A Killer geometry without givens whose cages fit ``solution``, made for a level, as resumable work.

    Instead of drawing cages and counting solutions (:func:`killer_cages`), logic proves the layout: a
    solve with ``techniques`` (the level's and those below it, without the uniqueness techniques) that
    places every digit shows the solution is the only one. So:

    1. **Split where the logic stalls.** Cages are drawn large (:data:`KILLER_LEVEL_SIZES`), too hard for
       the level. While the solve stalls, one of the largest cages that still has an empty cell is split at
       such a cell, and the solve goes on from where it stood (what it found stays true of the solution).
       A split also drops the cage's rule that its two parts differ, so once the solve places every
       digit, it is run again from the start on the final cages; only a solve from the start is a proof.
    2. **Merge to reach the level** (when ``easier`` is given: the techniques below the level). The
       splits above are made with ``easier``, so the layout is just solvable below the level. Then every
       merge of two neighbouring cages whose digits differ is tried in turn: ``easier`` solves the merged
       layout from the start, and where it stalls ``techniques`` go on from there; a merge they finish
       is returned (it needs the level's logic and is proved unique). When no single merge does, the one
       ``easier`` still solves with the highest path score is kept and the merges around it are tried
       (at most :data:`KILLER_MERGE_TRIALS` merges in all). The caller rates the result as usual.

    Every layout returned is proved unique by a logic solve without uniqueness techniques.
    """
    from .rate import logic_solve_steps, summarise  # the rater, loaded only when a level asks for it

    stats = stats if stats is not None else {}
    n = base.n
    cages = sorted(random_cages(n, solution, rng, KILLER_LEVEL_SIZES))
    split_with = techniques if easier is None else easier
    geo = _killer_geometry(base, solution, cages)
    state = State.from_values(geo, [0] * geo.ncells, False)
    fresh = True  # the state's deductions are all from this layout's own rules
    while True:
        steps, solved = yield from logic_solve_steps(state, split_with)
        stats["cage_solves"] = stats.get("cage_solves", 0) + 1
        if solved and fresh:
            break
        if solved:  # solved with help from rules a split dropped: prove it from the start
            state, fresh = State.from_values(geo, [0] * geo.ncells, False), True
            continue
        open_cages = [q for q, cells in enumerate(cages)
                      if len(cells) > 1 and any(not state.values[c] for c in cells)]
        most = max(len(cages[q]) for q in open_cages)
        q = rng.choice([q for q in open_cages if len(cages[q]) == most])
        at = rng.choice([c for c in cages[q] if not state.values[c]])
        cages[q:q + 1] = split_cage(cages[q], at, n)
        cages.sort()
        stats["cage_splits"] = stats.get("cage_splits", 0) + 1
        geo = _killer_geometry(base, solution, cages)
        state, fresh = State(geo, state.values, state.cand, False), False
    if easier is None:
        return geo
    trials = 0
    while trials < KILLER_MERGE_TRIALS:
        cage_of = {c: q for q, cells in enumerate(cages) for c in cells}
        digits = [{solution[c] for c in cells} for cells in cages]
        pairs = sorted({(min(cage_of[c], cage_of[x]), max(cage_of[c], cage_of[x]))
                        for c in range(n * n) for x in _neighbours(c, n) if cage_of[c] != cage_of[x]})
        pairs = [(a, b) for a, b in pairs
                 if len(cages[a]) + len(cages[b]) <= KILLER_MERGE_MOST and not digits[a] & digits[b]]
        rng.shuffle(pairs)
        easy: list[tuple[float, list[list[int]]]] = []  # merged layouts the easier logic still solves
        for a, b in pairs:
            if trials >= KILLER_MERGE_TRIALS:
                break
            trials += 1
            stats["cage_merge_trials"] = stats.get("cage_merge_trials", 0) + 1
            trial = sorted([cells for q, cells in enumerate(cages) if q not in (a, b)] + [sorted(cages[a] + cages[b])])
            trial_geo = _killer_geometry(base, solution, trial)
            state = State.from_values(trial_geo, [0] * trial_geo.ncells, False)
            steps, solved = yield from logic_solve_steps(state, easier)
            if solved:
                easy.append((summarise(steps, True).score, trial))
                continue
            # The easier logic stalls: the level's goes on from there, and when it places every digit the
            # layout is proved unique and needs the level (from the start, what stalls below stays stalled).
            _, solved = yield from logic_solve_steps(state, techniques)
            if solved:
                return trial_geo
        if not easy:
            break
        # No single merge reached the level: keep one the easier logic still solves, and look again
        # around it (its cages are larger, so the next merges need more of the logic).
        cages = max(easy, key=lambda e: e[0])[1]
        geo = _killer_geometry(base, solution, cages)
        stats["cage_merges"] = stats.get("cage_merges", 0) + 1
    return geo


def killer_catalogue_key(level: str, givens: bool) -> str:
    """The key of :data:`sudoku_core.killers.CATALOGUE` of a 9x9 Killer of ``level``, with or without givens."""
    return f"{level}|givens" if givens else level


def killer_transformed(geo: Geometry, cells: Sequence[int], k: int, flip: bool) -> tuple[Geometry, list[int]]:
    """A Killer (``cells`` on ``geo``: its givens, or a solution) moved by symmetry ``k`` of the square (its
    cages move with it), and with ``flip`` every digit ``d`` made ``n + 1 - d`` and every cage sum ``s`` of
    ``m`` cells ``m * (n + 1) - s``: ``(geometry, cells)``. Both keep every cage connected and map each
    cage's combinations one to one, so every logic step to a step of the same technique (the rater decides
    anyway). Relabelling the digits freely, or reordering bands, would not: cage sums change, and a cage can
    cross the lines moved."""
    n = geo.n
    assert geo.cages is not None

    def digit(v: int) -> int:
        return n + 1 - v if flip and v else v

    cages = []
    for total, cage in geo.cages:
        moved = sorted(r * n + c for r, c in (_dihedral(n, k, *divmod(x, n)) for x in cage))
        cages.append((len(cage) * (n + 1) - total if flip else total, moved))
    cages.sort(key=lambda tc: tc[1])
    new_geo = variant_geometry(n, "killer", box=(geo.box_rows, geo.box_cols), cages=cages)
    return new_geo, [digit(v) for v in _moved(geo, cells, k)]


def killer_start(base: Geometry, level: str, givens: bool, symmetry: str, rng: random.Random,
                 stats: dict | None = None, tried: set[str] | None = None
                 ) -> Generator[None, None, tuple[Geometry, list[int], list[int]] | None]:
    """A Killer of ``level`` from :mod:`sudoku_core.killers` made into another of the same logic, as resumable
    work returning ``(geometry, cells, solution)``, or None when the catalogue has none for this grid and level.

    One entry is drawn, turned or mirrored by one of the square's eight symmetries, and its digits and sums
    flipped or not (:func:`killer_transformed`): 16 Killers of the same logic per entry. With givens, the
    entries with givens whose pattern some symmetry of the square makes a ``symmetry`` one are drawn from;
    where there is none (no entry of the level with givens, or none of that pattern), an entry without givens
    is, and it comes back without givens for the caller to add some (:func:`killer_givens`). The result is
    checked here: one solution (the backtracker, the faster counter of Killers, counts two) and, with givens,
    a pattern of ``symmetry``. The caller rates it. Entries in ``tried`` are left out, and the one drawn is
    added to it (so that the caller's next draw takes another); None when every entry was tried.
    """
    from .formats import parse
    from .killers import CATALOGUE

    stats = stats if stats is not None else {}
    n = base.n
    if n != 9 or (base.box_rows, base.box_cols) != (3, 3):
        return None
    groups = symmetry_groups(base, symmetry)
    usable = []
    for line in CATALOGUE.get(killer_catalogue_key(level, givens), ()):
        pattern = [int(ch != ".") for ch in line.split(":")[1]]  # the givens, as the one-line form has them
        ks = turns_into(base, pattern, groups, range(8))
        if ks:
            usable.append((line, ks))
    if givens and not usable:  # givens are added to one without (killer_givens), of any pattern
        usable = [(line, list(range(8))) for line in CATALOGUE.get(killer_catalogue_key(level, False), ())]
    if tried is not None:
        usable = [(line, ks) for line, ks in usable if line not in tried]
    yield
    if not usable:
        return None
    line, ks = rng.choice(usable)
    if tried is not None:
        tried.add(line)
    k, flip = rng.choice(ks), rng.randrange(2) == 1  # getrandbits-based, as every draw here (see Seeds)
    puzzle = parse(line)
    geo, cells = killer_transformed(puzzle.geometry, puzzle.cells, k, flip)
    yield
    # The backtracker is the faster counter of Killers.
    solution = yield from checked_start(geo, cells, symmetry, "backtrack",
                                        f"a Killer of sudoku_core.killers moved ({k}, {flip})", line, stats)
    stats["killer_starts"] = stats.get("killer_starts", 0) + 1
    return geo, cells, solution


#: How many givens a Killer given some by :func:`killer_givens` aims at (one is drawn): as many as the
#: catalogued Experts with givens keep (4 to 8).
KILLER_GIVENS = (4, 5, 6, 7, 8)
#: Catalogued Killers drawn (each moved and, where it has no givens and givens are asked for, given some by
#: :func:`killer_givens`) before the generator searches instead: a draw that keeps no given draws another
#: entry (each entry once). As many as the Experts without givens (17): only 6 of them keep Expert with any
#: group of rot90 or dihedral givens, and a draw that keeps none costs about 0.3 s of CPU.
KILLER_DRAWS = 17
#: Groups of givens :func:`killer_givens` tries (each a rating; one that drops the level is cheap, as it
#: stops early) before it hands back what it has: every group of rot90 (21) and dihedral (15).
KILLER_GIVEN_TRIALS = 24


def killer_givens(geo: Geometry, solution: list[int], rating: Rating, symmetry: str, rng: random.Random,
                  rated: Callable[[list[int]], Generator[Any, None, Rating]], stats: dict | None = None
                  ) -> Generator[Any, None, tuple[list[int], Rating]]:
    """Givens of a ``symmetry`` pattern for a Killer whose cages alone are unique (``solution``, rated
    ``rating`` without givens), as resumable work returning ``(cells, rating)``: a Killer with givens of
    the same level, or no givens (``rating`` as it was) when none kept it.

    A given only removes work, so one can make a Killer easier, never harder. The groups of the symmetry are
    tried in a random order, first those whose cells the rating's path fills before its first step of the
    level (their digits were found anyway before the hard step, so it likely stays needed); each group's
    digits are kept when ``rated`` (the real rater) still rates the Killer at the level, until
    :data:`KILLER_GIVENS` (one drawn) are reached or :data:`KILLER_GIVEN_TRIALS` groups were tried. The
    cages alone are unique, so every result is."""
    stats = stats if stats is not None else {}
    table = _table()
    level = rating.level
    early: set[int] = set()
    for step in rating.steps:
        if step.technique in table and table[step.technique].level == level:
            break
        early.update(c for c, _ in step.placements)
    groups = symmetry_groups(geo, symmetry)
    rng.shuffle(groups)
    groups.sort(key=lambda g: not early.issuperset(g))
    want = rng.choice(KILLER_GIVENS)
    cells, kept = [0] * geo.ncells, rating
    for group in groups[:KILLER_GIVEN_TRIALS]:
        if sum(1 for v in cells if v) >= want:
            break
        trial = list(cells)
        for c in group:
            trial[c] = solution[c]
        stats["killer_given_trials"] = stats.get("killer_given_trials", 0) + 1
        again = yield from rated(trial)
        if again.level == level:
            cells, kept = trial, again
    return cells, kept


# --- extremes by transformation -------------------------------------------------------------------------

#: How the rows and the columns of a classic grid may be reordered (bands, then lines within them) so that a
#: pattern of each symmetry keeps it: ``"free"`` any order, ``"sym"`` an order that commutes with reversing
#: the lines (line ``m - i`` goes where line ``i`` goes, reversed), ``"same"`` the columns as the rows,
#: ``"anti"`` the columns as the rows reversed. (A transposition or turn of the pattern's symmetry group
#: conjugated by the reordering must stay in the group: the rows and columns swap under a diagonal, and
#: reverse under a mirror.)
LINE_ORDERS = {
    "none": ("free", "free"), "rot180": ("sym", "sym"), "mirror_h": ("sym", "free"),
    "mirror_v": ("free", "sym"), "diagonal": ("free", "same"), "antidiagonal": ("free", "anti"),
    "rot90": ("sym", "same"), "dihedral": ("sym", "same"),
}


#: An X's line orders: rows and columns reordered alike, by an order that commutes with reversing them, take
#: both diagonals to themselves ((i, i) to (p(i), p(i)); (i, m - i) to (p(i), m - p(i))) and keep bands and
#: stacks whole; these orders are among every symmetry's :data:`LINE_ORDERS`, so every pattern keeps its.
X_LINE_ORDERS = ("sym", "same")


def _reflecting_order(rng: random.Random, count: int) -> list[int]:
    """A random order of ``count`` items that commutes with reversing them: ``order[m - i] = m - order[i]``."""
    m = count - 1
    order = list(range(count))
    pairs = list(range(count // 2))
    rng.shuffle(pairs)
    for t, p in enumerate(pairs):
        s = p if rng.randrange(2) else m - p
        order[t], order[m - t] = s, m - s
    return order


def _symmetric_lines(rng: random.Random, groups: int, size: int) -> list[int]:
    """Like :func:`_shuffled_lines`, an order of ``groups * size`` lines that keeps bands whole, but one that
    commutes with reversing the lines: ``lines[m - i] = m - lines[i]``."""
    n, m = groups * size, groups * size - 1
    bands = _reflecting_order(rng, groups)
    lines = [0] * n
    for t in range((groups + 1) // 2):
        s = bands[t]
        if t == groups - 1 - t:  # the middle band stays, its lines reflected in themselves
            inner = _reflecting_order(rng, size)
        else:
            inner = list(range(size))
            rng.shuffle(inner)
        for i in range(size):
            lines[t * size + i] = s * size + inner[i]
            lines[m - (t * size + i)] = m - (s * size + inner[i])
    return lines


def _refined_lines(rng: random.Random, n: int, br: int, bc: int, symmetric: bool) -> list[int]:
    """A random order of ``n`` lines that moves each line only among those of its band (``br`` lines) and of
    its stack (``bc`` lines), so it serves rows and columns alike on oblong boxes; with ``symmetric`` one that
    commutes with reversing the lines (``lines[m - i] = m - lines[i]``)."""
    m = n - 1
    blocks: dict[tuple[int, int], list[int]] = {}
    for i in range(n):
        blocks.setdefault((i // br, i // bc), []).append(i)
    lines = list(range(n))
    for block in blocks.values():
        if symmetric and block[0] > m - block[-1]:
            continue  # the mirror of a block drawn already
        if symmetric and block[0] == m - block[-1]:
            order = _reflecting_order(rng, len(block))
            for t, x in enumerate(block):
                lines[x] = block[order[t]]
            continue
        shuffled = list(block)
        rng.shuffle(shuffled)
        for x, y in zip(block, shuffled, strict=True):
            lines[x] = y
            if symmetric:
                lines[m - x] = m - y
    return lines


def square_maps(geo: Geometry) -> list[int]:
    """The symmetries ``k`` of the square (:func:`_dihedral`) that take every house of ``geo`` to a house
    (all eight for square boxes, diagonals and windows; four for oblong boxes). A Jigsaw's regions are moved
    with its cells instead, so every ``k`` serves it."""
    if geo.regions is not None:
        return list(range(8))
    houses = {frozenset(h) for h in geo.houses}
    n = geo.n
    return [k for k in range(8)
            if all(frozenset(r * n + c for r, c in (_dihedral(n, k, *divmod(x, n)) for x in h)) in houses
                   for h in geo.houses)]


def _parse_extreme(line: str) -> tuple[Geometry, list[int]]:
    """A line of :data:`sudoku_core.extremes.EXTREMES` as its geometry and cells."""
    from .formats import parse

    puzzle = parse(line)
    return puzzle.geometry, list(puzzle.cells)


def extreme_start(geo: Geometry, variant: str, symmetry: str, rng: random.Random, stats: dict | None = None
                  ) -> Generator[None, None, tuple[Geometry, list[int], list[int], CarriedRating] | None]:
    """An Extreme of :mod:`sudoku_core.extremes` made into another puzzle of the same logic and of ``symmetry``,
    as resumable work returning ``(geometry, cells, solution, rating)``, or None when none of them can have
    that symmetry (or the grid kind has none). ``geo`` is the grid asked for (a Jigsaw's regions come with the
    puzzle); ``rating`` is the entry's own (:data:`sudoku_core.extremes.RATINGS`), carried, not measured again.

    One entry whose pattern some symmetry of the square turns into a ``symmetry`` pattern is drawn, turned
    so, its lines reordered within bands and stacks as :data:`LINE_ORDERS` allows for ``symmetry`` (an X's as
    :data:`X_LINE_ORDERS` allows, which keeps its diagonals; a Windoku's windows and a Jigsaw's regions would
    not stay), and its digits relabelled. Each of these maps houses to houses and digits to digits, so it maps
    the puzzle's solutions one to one onto the result's (proved: the result is unique because the entry is)
    and every logic step to a step of the same technique (by the techniques' definitions: what they read is
    houses and candidates). The result is still checked here, as cheaply as it is made: its pattern is of
    ``symmetry``, and the DLX engine counts one solution (which it also gives: 40 ms on a 16x16).
    """
    from .extremes import EXTREMES, carried_rating

    stats = stats if stats is not None else {}
    n = geo.n
    default = variant_geometry(n, "classic")
    if variant != "jigsaw" and (geo.box_rows, geo.box_cols) != (default.box_rows, default.box_cols):
        return None
    key = str(n) if variant == "classic" else f"{n}|{variant}"
    lines = EXTREMES.get(key, ())
    groups = symmetry_groups(geo, symmetry)
    maps: dict[tuple, list[int]] = {}  # square_maps per geometry: every entry but a Jigsaw's shares one
    usable = []
    for index, line in enumerate(lines):  # one unit per entry (a 16x16's eight maps take a few ms)
        entry_geo, cells = _parse_extreme(line)
        shape = (entry_geo.variant, entry_geo.box_rows, entry_geo.box_cols, entry_geo.regions)
        if shape not in maps:
            maps[shape] = square_maps(entry_geo)
        ks = turns_into(entry_geo, cells, groups, maps[shape])
        if ks:
            usable.append((index, ks))
        yield
    if not usable:
        return None
    index, ks = rng.choice(usable)
    k = rng.choice(ks)
    line = lines[index]
    entry_geo, cells = _parse_extreme(line)
    new_geo, cells, _ = transformed(entry_geo, cells, None, symmetry, k, rng)
    yield
    solution = yield from checked_start(new_geo, cells, symmetry, "dlx", f"an Extreme turned for {symmetry}", line,
                                        stats)
    stats["extreme_starts"] = stats.get("extreme_starts", 0) + 1
    return new_geo, cells, solution, carried_rating(key, index)


def turns_into(geo: Geometry, cells: Sequence[int], groups: Sequence[Sequence[int]], maps: Iterable[int]) -> list[int]:
    """The symmetries ``k`` of the square among ``maps`` (:func:`_dihedral`) that move the pattern of ``cells``
    (on ``geo``) into one of whole ``groups`` (:func:`symmetry_groups`): how a catalogued puzzle
    (:func:`killer_start`, :func:`extreme_start`) can be turned into one of the symmetry asked for."""
    return [k for k in maps if _fills_orbits(_moved(geo, cells, k), groups)]


def checked_start(geo: Geometry, cells: Sequence[int], symmetry: str, method: str, what: str, line: str,
                  stats: dict) -> Generator[None, None, list[int]]:
    """The one solution of a catalogued puzzle (``line``) moved into ``cells`` on ``geo`` (:func:`killer_start`,
    :func:`extreme_start`), as resumable work: its pattern must be of ``symmetry`` and engine ``method`` must
    count one solution, or :class:`GenerationError` names ``what`` was moved (a bug: each move is proved to keep
    both)."""
    if not is_symmetric(geo, cells, symmetry):
        raise GenerationError(f"{what} lost its symmetry: {line}")
    search = yield from search_work(method, geo, list(cells), 2, None)
    stats["checks"] = stats.get("checks", 0) + 1
    if len(search.solutions) != 1:
        raise GenerationError(f"{what} has {len(search.solutions)} solutions: {line}")
    return search.solutions[0]


def transformed(geo: Geometry, cells: Sequence[int], solution: Sequence[int] | None, symmetry: str, k: int,
                rng: random.Random) -> tuple[Geometry, list[int], list[int]]:
    """A puzzle (``cells`` and its ``solution`` on ``geo``) moved by symmetry ``k`` of the square (one of
    :func:`square_maps`; a Jigsaw's regions move with it), then, on a classic grid, its rows and columns
    reordered at random within what :data:`LINE_ORDERS` allows for ``symmetry`` (on an X, within
    :data:`X_LINE_ORDERS`), and its digits relabelled
    at random: ``(geometry, cells, solution)`` (without a ``solution``, ``[]`` for it: the same random draws).
    A pattern of ``symmetry`` after the move stays one."""
    n = geo.n
    if geo.regions is not None:
        new_geo = variant_geometry(n, "jigsaw", _moved(geo, geo.regions, k), (geo.box_rows, geo.box_cols))
    else:
        new_geo = geo
    cells, solution = _moved(geo, cells, k), _moved(geo, solution, k) if solution is not None else []
    kinds = LINE_ORDERS[symmetry] if geo.variant == "classic" else X_LINE_ORDERS if geo.variant == "x" else None
    if kinds is not None:
        br, bc = geo.box_rows, geo.box_cols
        row_kind, col_kind = kinds
        rows = _symmetric_lines(rng, n // br, br) if row_kind == "sym" else _shuffled_lines(rng, n // br, br)
        if col_kind in ("same", "anti") and br != bc:
            # Oblong boxes: the same order for rows and columns must keep bands and stacks both whole, so each
            # line stays among those of its band and its stack.
            rows = _refined_lines(rng, n, br, bc, row_kind == "sym")
            cols = rows if col_kind == "same" else [n - 1 - x for x in reversed(rows)]
        elif col_kind in ("same", "anti"):
            cols = rows if col_kind == "same" else [n - 1 - x for x in reversed(rows)]
        else:
            cols = _symmetric_lines(rng, n // bc, bc) if col_kind == "sym" else _shuffled_lines(rng, n // bc, bc)
        cells = [cells[rows[r] * n + cols[c]] for r in range(n) for c in range(n)]
        solution = [solution[rows[r] * n + cols[c]] for r in range(n) for c in range(n)] if solution else []
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    return new_geo, [labels[v - 1] if v else 0 for v in cells], [labels[v - 1] for v in solution]


def _moved(geo: Geometry, cells: Sequence[int], k: int) -> list[int]:
    """``cells`` with every cell moved by symmetry ``k`` of the square (:func:`_dihedral`)."""
    n = geo.n
    out = [0] * geo.ncells
    for c, v in enumerate(cells):
        r, col = _dihedral(n, k, *divmod(c, n))
        out[r * n + col] = v
    return out


# --- digging --------------------------------------------------------------------------------------------

def pair_unavoidables(geo: Geometry, solution: list[int]) -> list[int]:
    """Unavoidable sets of ``solution`` made of two digits, as cell bit sets.

    For digits ``a`` and ``b``, link in every house the cell holding ``a`` to the cell holding ``b``.
    Swapping ``a`` and ``b`` on a connected component of these links gives another solved grid (each
    house of a swapped cell swaps both of its cells), so a puzzle with no given in that component has a
    second solution. The four-cell components are the "deadly rectangles"; larger ones come for free.
    (Two digits that no given holds are the union of their components, so that case is covered too.)
    In a Killer a swap keeps a cage's sum only when the component holds as many of the cage's cells with
    ``a`` as with ``b`` (both or neither), so only components that do so in every cage are kept there.
    """
    n = geo.n
    at = {}  # house * (n + 1) + digit -> the cell of that house holding that digit
    for c, v in enumerate(solution):
        for h in geo.cell_houses[c]:
            at[h * (n + 1) + v] = c
    where: list[list[int]] = [[] for _ in range(n + 1)]
    for c, v in enumerate(solution):
        where[v].append(c)
    cell_houses = geo.cell_houses
    out = []
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            seen = 0
            for start in where[a]:
                if seen >> start & 1:
                    continue
                comp = 1 << start
                todo = [start]
                while todo:
                    c = todo.pop()
                    other = b if solution[c] == a else a
                    for h in cell_houses[c]:
                        x = at[h * (n + 1) + other]
                        if not comp >> x & 1:
                            comp |= 1 << x
                            todo.append(x)
                seen |= comp
                if geo.cages is None or all(
                        sum(comp >> c & 1 for c in cells if solution[c] == a)
                        == sum(comp >> c & 1 for c in cells if solution[c] == b) for _, cells in geo.cages):
                    out.append(comp)
    return out


#: A veto on a removal (the cells after it): resumable work (:mod:`sudoku_core.work`) returning True to accept.
Accept = Callable[[list[int]], Generator[Any, None, bool]]


class _Digger:
    """The state of one dig: current cells, per-house digit masks, per-digit counts, unavoidable sets.

    Lives for one dig only, so nothing is shared between calls.
    """

    def __init__(self, geo: Geometry, solution: list[int], stats: dict, node_limit: int | None,
                 fill: str = "locked") -> None:
        self.geo = geo
        self.solution = solution
        self.cells = list(solution)
        n = geo.n
        self.full = geo.all_digits
        self.house_mask = [geo.all_digits] * len(geo.houses)
        self.logic_ok = True  # the logic fill (below) completes the current puzzle
        if fill not in FILLS:
            raise ValueError(f"unknown fill {fill!r}; choose one of {', '.join(FILLS)}")
        self.hidden = fill != "naked"  # hidden singles in the fill and the cheap accept
        locked = fill == "locked"
        self.stats = stats
        self.node_limit = node_limit
        # A Jigsaw's backtracker has no locked candidates (its regions have no box-line segments) and DLX
        # proves its digs faster (9x9, seeds 0-7: median 0.25 s either way, max 0.7 s against 2.8 s).
        self.method = "dlx" if geo.regions is not None else "backtrack"
        self.givens = (1 << geo.ncells) - 1  # bit set of the cells still given
        t = tables(geo)
        self.house_bits, self.peer_bits = t.house_bits, t.peer_bits
        # (box cells, line cells, shared cells) for every box and line that cross, for locked candidates.
        hb = t.house_bits
        self.crossings = [] if not locked else [(hb[b], hb[line], x) for b, line, x in t.crossings]
        # The digits given in a cell's houses: a variant's cell may have four or five houses.
        self._seen: Callable[[int], int] = self._seen3 if len(geo.houses) == 3 * n else self._seen_any
        # A Killer's cages for the fill's cage combinations (within medium, so not in the naked-singles fill):
        # (cells, bit set of the cells, digit combinations).
        self.cages = [] if fill == "naked" or not geo.cages else [
            (cells, sum(1 << c for c in cells), cage_combinations(len(cells), total, n))
            for total, cells in geo.cages]
        self.sets_of: list[list[int]] = [[] for _ in range(geo.ncells)]
        for s in pair_unavoidables(geo, solution):
            m = s
            while m:
                low = m & -m
                self.sets_of[low.bit_length() - 1].append(s)
                m ^= low

    def _toggle(self, c: int, v: int) -> None:
        bit = 1 << v
        for h in self.geo.cell_houses[c]:
            self.house_mask[h] ^= bit
        self.givens ^= 1 << c

    def remove(self, group: Iterable[int]) -> None:
        for c in group:
            v = self.cells[c]
            self.cells[c] = 0
            self._toggle(c, v)

    def restore(self, group: Iterable[int]) -> None:
        for c in group:
            v = self.solution[c]
            self.cells[c] = v
            self._toggle(c, v)

    def _seen3(self, c: int) -> int:
        a, b, x = self.geo.cell_houses[c]
        hm = self.house_mask
        return hm[a] | hm[b] | hm[x]

    def _seen_any(self, c: int) -> int:
        """:meth:`_seen3` for any number of houses per cell (variants, which take it in place of the
        three-house fast path)."""
        hm = self.house_mask
        m = 0
        for h in self.geo.cell_houses[c]:
            m |= hm[h]
        return m

    def _forced(self, c: int) -> bool:
        """True when the givens alone make empty cell ``c`` a naked single, or (unless the fill is
        ``"naked"``) a hidden single."""
        bit = 1 << self.solution[c]
        if self._seen(c) | bit == self.full:
            return True
        if not self.hidden:
            return False
        cells, houses, seen = self.cells, self.geo.houses, self._seen
        return any(all(x == c or cells[x] or seen(x) & bit for x in houses[h]) for h in self.geo.cell_houses[c])

    def logic_fill(self) -> bool:
        """True when the digger's fill (:data:`FILLS`: naked singles; or naked and hidden singles; or
        those and locked candidates) completes the grid from the current givens.

        Every deduction holds for the known solution, so a grid the fill completes has exactly one
        solution, and the rater's level sets contain the fill's techniques: "naked" is the easy set
        (full houses are naked singles), "singles" the medium set, "locked" part of the hard set. Cell
        sets are bit sets: ``free[d]`` holds the open cells where ``d`` can still go.
        """
        n, sol = self.geo.n, self.solution
        peer_bits, house_bits, crossings, hidden = self.peer_bits, self.house_bits, self.crossings, self.hidden
        empty = ((1 << self.geo.ncells) - 1) ^ self.givens
        blocked = [0] * (n + 1)
        m = self.givens
        while m:
            low = m & -m
            c = low.bit_length() - 1
            blocked[sol[c]] |= peer_bits[c]
            m ^= low
        free = [empty & ~b for b in blocked]
        digits = range(1, n + 1)
        while empty:
            new = empty & single_places(free, digits)  # one candidate left
            if not new and hidden:
                # Hidden singles only when no naked single is left: the house scan is the costly part.
                for d in digits:
                    p = free[d]
                    if not p:
                        continue
                    for hb in house_bits:
                        x = p & hb
                        if x and not x & (x - 1):
                            new |= x
            if new:
                empty &= ~new
                while new:
                    low = new & -new
                    c = low.bit_length() - 1
                    free[sol[c]] &= ~peer_bits[c]
                    new ^= low
                for d in digits:
                    free[d] &= empty
                continue
            # Singles stalled: locked candidates, then singles again if anything went.
            progress = False
            for d in digits:
                p = free[d]
                for box, line, inter in crossings:
                    in_box, in_line = p & box, p & line
                    if in_box and not in_box & ~inter and in_line & ~inter:
                        p &= ~(line & ~inter)  # pointing: d is on this line within the box
                        progress = True
                    elif in_line and not in_line & ~inter and in_box & ~inter:
                        p &= ~(box & ~inter)  # claiming: d is in this box within the line
                        progress = True
                free[d] = p
            if not progress and self.cages:
                progress = self._cage_fill(free, empty)
            if not progress:
                return False
        return True

    def _cage_fill(self, free: list[int], empty: int) -> bool:
        """Cage combinations on the fill's sets (``free[d]``: open cells where ``d`` may go): a cage's open
        cells keep the digits of the combinations that hold its filled cells' digits and fit its open
        cells, as the ``cage_combination`` technique does. True when a candidate went."""
        sol, n = self.solution, self.geo.n
        progress = False
        for cells, bits, combos in self.cages:
            opened = bits & empty
            if not opened:
                continue
            placed = 0
            for c in cells:
                if not empty >> c & 1:
                    placed |= 1 << sol[c]
            cand = {c: sum(1 << d for d in range(1, n + 1) if free[d] >> c & 1) for c in cells if empty >> c & 1}
            within = placed
            for m in cand.values():
                within |= m
            allowed = 0
            for k in combos:
                if k & placed == placed and k & within == k and all(m & k for m in cand.values()):
                    allowed |= k
            for d in range(1, n + 1):
                if not allowed >> d & 1 and free[d] & opened:
                    free[d] &= ~opened
                    progress = True
        return progress

    def try_remove(self, group: Sequence[int], engine_checks: bool = True,
                   accept: Accept | None = None) -> Generator[Any, None, bool]:
        """Remove ``group`` if the solution provably stays unique; return whether it was removed (resumable
        work, :mod:`sudoku_core.work`: it yields while ``accept`` does).

        With ``engine_checks`` False only the cheap tests and the logic fill decide (the puzzle stays
        solvable by that fill, and so within its level). ``accept(cells)``, resumable work that returns a
        bool, is asked about removals that
        only the engine could prove (the ones that can take the puzzle beyond the fill); cheap and logic
        accepts skip it (they keep the puzzle solvable by the fill's techniques).
        """
        self.remove(group)
        stats = self.stats
        if all(self._forced(c) for c in group):
            stats["cheap_accepts"] = stats.get("cheap_accepts", 0) + 1
            return True
        givens = self.givens
        for c in group:
            for s in self.sets_of[c]:
                if not s & givens:
                    stats["cheap_rejects"] = stats.get("cheap_rejects", 0) + 1
                    self.restore(group)
                    return False
        # Fewer givens never make the fill go further, so once it stalls it is not tried again.
        if self.logic_ok and self.logic_fill():
            stats["logic_accepts"] = stats.get("logic_accepts", 0) + 1
            return True
        if not engine_checks:
            self.restore(group)
            return False
        search = yield from search_work(self.method, self.geo, list(self.cells), 2, self.node_limit)
        stats["checks"] = stats.get("checks", 0) + 1
        stats["check_nodes"] = stats.get("check_nodes", 0) + search.stats.get("nodes", 0)
        if search.gave_up:
            stats["gave_up"] = stats.get("gave_up", 0) + 1
        if len(search.solutions) == 1 and not search.gave_up:
            if accept is None or (yield from accept(self.cells)):
                self.logic_ok = False  # the fill stalled on this puzzle (it was tried just above)
                return True
            stats["too_hard"] = stats.get("too_hard", 0) + 1
        self.restore(group)
        return False


def dig(geo: Geometry, solution: list[int], rng: random.Random, symmetry: str = "none", *,
        engine_checks: bool = True, fill: str = "locked", accept: Accept | None = None,
        stats: dict | None = None, node_limit: int | None = None,
        start: Sequence[int] | None = None) -> Generator[None, None, tuple[list[int], list[tuple[int, ...]]]]:
    """Empty the groups of ``symmetry`` in a random order while the solution stays unique.

    Resumable work (:mod:`sudoku_core.work`): it yields after every group tried; run it with
    :func:`sudoku_core.work.run`. One pass over every group. With ``engine_checks`` (and no ``accept``)
    the result is minimal for that symmetry (see the module notes); without, a group is removed only
    while the logic fill (``fill``, one of :data:`FILLS`) still completes the grid, which needs no search
    at all: a puzzle within the fill's level (easy for "naked", at most medium for "singles"), and the
    fast way to a unique 25x25. ``accept`` (resumable work returning a bool) vetoes removals the engine
    proved (Tatham's "at or below the target difficulty"). Returns the cells and the removed groups in
    the order they were removed.

    ``start`` (a unique puzzle of ``solution`` whose pattern is of ``symmetry``) digs on from its givens
    instead of from the full grid: only its given groups are tried, and the logic fill is not (a start given
    here is beyond it: a catalogued Extreme).
    """
    stats = stats if stats is not None else {}
    groups = symmetry_groups(geo, symmetry)
    rng.shuffle(groups)
    if node_limit is None:
        node_limit = CHECK_NODE_LIMITS.get(geo.n, 1_000)
    digger = _Digger(geo, solution, stats, node_limit, fill)
    if start is not None:
        digger.remove([c for c, v in enumerate(start) if not v])
        digger.logic_ok = False
        groups = [group for group in groups if all(start[c] for c in group)]
    removed: list[tuple[int, ...]] = []
    for group in groups:
        if (yield from digger.try_remove(group, engine_checks, accept)):
            removed.append(group)
        yield
    return digger.cells, removed


def is_minimal_work(geo: Geometry, cells: Sequence[int], symmetry: str, stats: dict | None = None,
                    node_limit: int | None = None,
                    sets_of: Sequence[list[int]] | None = None) -> Generator[None, None, bool]:
    """Whether no group of ``symmetry`` whose cells are all given in ``cells`` (a unique puzzle) can be
    emptied with the solution staying unique, as resumable work: False when one can, or when a count gave up
    (not proved). ``sets_of`` (a dig's unavoidable sets by cell) spares the count of a group that would
    leave one of them without a given: that group is needed."""
    stats = stats if stats is not None else {}
    if node_limit is None:
        node_limit = CHECK_NODE_LIMITS.get(geo.n, 1_000)
    givens = sum(1 << c for c, v in enumerate(cells) if v)
    for group in symmetry_groups(geo, symmetry):
        if not all(cells[c] for c in group):
            continue
        if sets_of is not None:
            left = givens & ~sum(1 << c for c in group)
            if any(not s & left for c in group for s in sets_of[c]):
                continue  # an unavoidable set would be left without a given: not unique without the group
        trial = list(cells)
        for c in group:
            trial[c] = 0
        # A Killer's DLX matrix takes about 60 ms to build, once per cage layout, more than its checks; the
        # backtracker, which proves a Killer's dig, needs none.
        method = "backtrack" if geo.cages is not None else "dlx"
        search = yield from search_work(method, geo, trial, 2, node_limit)
        stats["minimal_checks"] = stats.get("minimal_checks", 0) + 1
        if search.gave_up or len(search.solutions) == 1:
            return False
        yield
    return True


#: Moves of :func:`easy_minimal_work` on one grid before it gives the grid up: 9x9 Windoku Easy minimal, seeds
#: 1-8, median 0.36 s and longest 1.51 s of CPU with 150, 0.40 and 2.57 s with 400, 0.47 and 1.99 s with 1,500.
EASY_MINIMAL_MOVES = 150


def easy_minimal_work(geo: Geometry, solution: list[int], rng: random.Random, symmetry: str = "none",
                      stats: dict | None = None, moves: int | None = None,
                      node_limit: int | None = None) -> Generator[None, None, list[int] | None]:
    """A minimal puzzle of ``solution`` that naked singles alone solve (an Easy one), or None, as resumable
    work (one yield per move and per count).

    A dig that removes a group only while naked singles still fill the grid leaves groups whose removal would
    keep the solution unique but not the singles (too hard for Easy), so it is seldom minimal: 3 in 1,000 digs
    on 9x9 X, none in 1,000 on Windoku. Such groups are rarer the fewer givens the dig keeps (Windoku, mean
    removable groups 5.5 at 18 givens against 14.9 at 24), so this walks towards fewer givens: a move puts
    one removed group back and digs again (naked singles only, in a new random order), and is kept when it
    leaves no more givens than before; after every kept move the puzzle is tested for minimality (a count per
    given group, stopped at the first that could go). Every puzzle on the way is solved by naked singles, so
    only the minimality needs the engine. Returns None after ``moves`` moves without a minimal puzzle.
    """
    stats = stats if stats is not None else {}
    if node_limit is None:
        node_limit = CHECK_NODE_LIMITS.get(geo.n, 1_000)
    if moves is None:
        moves = EASY_MINIMAL_MOVES
    groups = symmetry_groups(geo, symmetry)
    digger = _Digger(geo, solution, stats, node_limit, "naked")

    def dig_again(skip: tuple[int, ...] | None) -> Generator[Any, None, None]:
        order = [g for g in groups if g is not skip and all(digger.cells[c] for c in g)]
        rng.shuffle(order)
        for g in order:
            yield from digger.try_remove(g, engine_checks=False)

    def is_minimal() -> Generator[Any, None, bool]:
        return (yield from is_minimal_work(geo, digger.cells, symmetry, stats, node_limit, digger.sets_of))

    yield from dig_again(None)
    count = digger.givens.bit_count()
    if (yield from is_minimal()):
        return list(digger.cells)
    for _ in range(moves):
        yield
        stats["walk_moves"] = stats.get("walk_moves", 0) + 1
        saved = (list(digger.cells), list(digger.house_mask), digger.givens)
        back = rng.choice([g for g in groups if not any(digger.cells[c] for c in g)])
        digger.restore(back)
        yield from dig_again(back)
        now = digger.givens.bit_count()
        if now > count:
            digger.cells, digger.house_mask, digger.givens = saved
            continue
        count = now
        if (yield from is_minimal()):
            return list(digger.cells)
    return None


def minimal_settled(n: int, minimal: bool, proved: bool) -> bool:
    """Whether a puzzle whose minimality is ``proved`` (or not) may answer a request that asked for ``minimal``
    on side ``n``: the one rule of every path of :func:`generation`. Yes when minimal was not asked or is
    proved; when it is not proved (a count gave up, or a group kept as too hard could go), only beyond
    :data:`MINIMAL_PROVED_SIDE`, where the puzzle goes out with ``minimal`` False; up to it, another dig."""
    return not minimal or proved or n > MINIMAL_PROVED_SIDE


# --- the pipeline ---------------------------------------------------------------------------------------

def _level_index(level: str) -> int:
    """Position of a rated level; "guessing" ranks above every level."""
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)


def normalise_level(level: str | None) -> str | None:
    if level is None:
        return None
    name = level.strip().lower()
    if name in ("", "any", "none"):
        return None
    if name not in LEVELS:
        raise SudokuError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    return name


def _table() -> dict[str, Technique]:
    """The rater's technique table (``BY_ID``), or a clear error when the rater is not there."""
    try:
        from .techniques import BY_ID
    except ImportError as exc:
        raise GenerationError(f"levels need the rater (sudoku_core.rate): {exc}") from None
    return BY_ID


def _rater() -> Callable[..., Generator[int | None, None, Rating]]:
    """The rater as resumable work (``rate_steps``), or a clear error when it is not there."""
    try:
        from .rate import rate_steps
    except ImportError as exc:
        raise GenerationError(f"levels need the rater (sudoku_core.rate): {exc}") from None
    return rate_steps


def _normalise_technique(technique: str | None) -> str | None:
    if technique is None or not technique.strip():
        return None
    tid = technique.strip().lower().replace("-", "_").replace(" ", "_")
    table = _table()
    if tid not in table:
        raise SudokuError(f"unknown technique {technique!r}; choose one of {', '.join(sorted(table))}")
    return tid


def _key(table: dict[str, Technique], technique_id: str | None) -> tuple[int, float]:
    """How hard a technique is, as the rater orders them: (level, score)."""
    if technique_id is None:
        return (-1, 0.0)
    t = table[technique_id]
    return (_level_index(t.level), t.score)


def generate(size: int = 9, level: str | None = None, symmetry: str = "none", minimal: bool = False,
             technique: str | None = None, seed: int | str | None = None, *,
             box: tuple[int, int] | None = None, grid_method: str = "lasvegas", variant: str = "classic",
             deadline: float | None = None, max_attempts: int | None = None,
             progress: Callable[[dict], object] | None = None, best_effort: bool = False,
             givens: bool = False) -> Generated:
    """Generate one puzzle with a unique solution.

    * ``size``: side of the grid (4, 6, 9, 12, 16, 25, ...; ``box`` overrides the box shape);
    * ``level``: one of :data:`LEVELS`; the rated level must equal it (None: any level, not rated);
    * ``symmetry``: one of :data:`SYMMETRIES` (aliases in :data:`SYMMETRY_ALIASES`);
    * ``minimal``: no given can be removed (with a symmetry: no symmetric group can). Without a level,
      sides up to 10 are always dug to minimal (it is cheap); larger grids are dug while the logic fill
      completes them unless ``minimal`` asks for the full (slow) dig;
    * ``technique``: practice target, a technique id of the rater's table: the puzzle's hardest step
      must be that technique (the level, if also given, must be the technique's own);
    * ``seed``: int or string; the same seed and options give the same puzzle (None: a fresh seed,
      reported in the result);
    * ``deadline``: seconds of wall time; ``max_attempts``: dug puzzles to try. When either runs out
      the best puzzle so far is returned with ``exact=False`` if ``best_effort``, else
      :class:`GenerationError` is raised. Without either, the bound is 120 s (a generator never runs
      forever);
    * ``progress``: called with ``{"attempts", "phase", "elapsed"}`` between steps; returning a true
      value (or raising) stops generation with :class:`GenerationStopped`;
    * ``givens`` (Killer only): keep givens. Without, the cages alone make the solution unique (no givens
      at all); with, the cages are drawn larger and givens are dug as for any puzzle (minimal, ``symmetry``
      applies to them). A Killer without givens is at least medium (cage logic from its first step).

    :func:`generation` is the same work in resumable form (the page runs it in time slices).

    How a level is reached: easy puzzles are dug while naked singles alone fill the grid, medium ones
    while naked and hidden singles do (no search, no rating until the end); harder ones are dug with the
    engine check, and every removal the engine had to prove is rated and kept only if the puzzle stays at
    or below the target (for a practice target: at or below the technique, by level then score). The
    finished puzzle is rated once more and kept only on an exact match; otherwise a new grid is tried.
    """
    start = time.perf_counter()
    if deadline is None and max_attempts is None:
        deadline = 120.0
    work = generation(size, level, symmetry, minimal, technique, seed, box=box, grid_method=grid_method,
                      variant=variant, max_attempts=max_attempts, best_effort=best_effort, givens=givens)
    last: dict[str, Any] = {"attempts": 0, "best": None}

    def tick(report: dict) -> None:
        last.update(report)
        elapsed = time.perf_counter() - start
        if progress is not None and progress({"attempts": report["attempts"], "phase": report["phase"],
                                              "elapsed": round(elapsed, 3)}):
            raise GenerationStopped("generation stopped")
        if deadline is not None and elapsed > deadline:
            raise _OutOfTime

    try:
        return run_work(work, tick)
    except _OutOfTime:
        work.close()
        if best_effort and last["best"] is not None:
            return last["best"][1]
        raise GenerationError(_not_found(size, level, technique, last["attempts"],
                                         time.perf_counter() - start)) from None


def _not_found(size: int, level: str | None, technique: str | None, attempts: int, seconds: float) -> str:
    what = f"{level} puzzle" if level else "puzzle"
    if technique:
        what += f" whose hardest step is {technique}"
    return (f"no {size}x{size} {what} found in {attempts} attempts ({seconds:.1f} s); "
            "allow more time or attempts, or ask for something else")


def generation(size: int = 9, level: str | None = None, symmetry: str = "none", minimal: bool = False,
               technique: str | None = None, seed: int | str | None = None, *,
               box: tuple[int, int] | None = None, grid_method: str = "lasvegas", variant: str = "classic",
               max_attempts: int | None = None, best_effort: bool = False,
               givens: bool = False) -> Generator[dict, None, Generated]:
    """:func:`generate` as resumable work (:mod:`sudoku_core.work`), without its clock.

    Yields a report after every unit of work (a grid made, a group tried in the dig, a logic step of a
    rating): ``{"attempts", "phase", "best"}``, where ``best`` is the nearest miss so far as
    ``(distance, Generated)`` or None. Returns the :class:`Generated`; after ``max_attempts`` the best
    puzzle so far if ``best_effort``, else raises :class:`GenerationError`. The same arguments give the
    same puzzle however the work is sliced.
    """
    start = time.perf_counter()
    name = variant.strip().lower() if isinstance(variant, str) else variant
    jigsaw, killer = name == "jigsaw", name == "killer"
    try:
        # A Jigsaw's regions and a Killer's cages are drawn with each grid (below); until then the classic
        # grid checks the side.
        geo = variant_geometry(size, "classic" if jigsaw or killer else variant, box=box)
    except ValueError as exc:
        raise SudokuError(str(exc)) from None
    if givens and not killer:
        raise SudokuError("givens=True is for killer; every other variant always has givens")
    if killer and not givens and normalise_symmetry(symmetry) != "none":
        raise SudokuError("a symmetry is of the givens' pattern; a killer without givens has none (ask for givens)")
    symmetry = normalise_symmetry(symmetry)
    level = normalise_level(level)
    technique = _normalise_technique(technique)
    if grid_method not in GRID_METHODS:
        raise SudokuError(f"unknown grid method {grid_method!r}; choose one of {', '.join(GRID_METHODS)}")
    table: dict[str, Technique] = {}  # the rater's table, loaded only when a level or technique asks for it
    if technique is not None or level is not None:
        table = _table()
        _rater()  # a missing rater fails here, before any work
    name = name if jigsaw or killer else geo.variant
    safe = variant_techniques(table, name) if table else None
    if technique is not None and safe is not None and table[technique] not in safe:
        raise SudokuError(f"{technique} is not rated on {name} puzzles yet (it does not know their houses)")
    if technique is not None and not killer and table[technique].finder.startswith("killer:"):
        raise SudokuError(f"{technique} is a Killer technique: it needs cages (ask for variant killer)")
    if technique is not None and not table[technique].ladder:
        raise SudokuError(f"{technique} is not on the rater's ladder (too slow to try at every step), so no "
                          "puzzle is built around it")
    if technique is not None:
        tech_level = table[technique].level
        if level is not None and level != tech_level:
            raise SudokuError(f"{technique} is a {tech_level} technique; a {level} puzzle cannot need it")
        level = tech_level
    if level is not None and level not in REACHABLE_LEVELS.get(geo.n, LEVELS):
        raise GenerationError(f"{geo.n}x{geo.n} puzzles do not reach {level}; "
                              f"choose {', '.join(REACHABLE_LEVELS[geo.n])}")
    if level is not None and not any(t.level == level for t in table.values()):
        raise GenerationError(f"the rater has no {level} technique yet, so no puzzle can rate {level}")
    if killer and not givens and level == LEVELS[0]:
        raise GenerationError(f"a killer without givens needs cage logic from its first step, so it is at least "
                              f"{LEVELS[1]}; ask for givens, or for {LEVELS[1]} or above")
    if killer and givens and minimal and level == LEVELS[0]:
        raise GenerationError(f"a minimal {LEVELS[0]} killer is out of reach: {LEVELS[0]} is solved by singles from "
                              "the givens alone, and the cages' sums then make some given removable; ask for "
                              f"{LEVELS[1]} or above, or for a killer that is not minimal")
    base = geo  # a Killer's full grid is classic; its cages are drawn on it
    rng, seed = make_rng(seed)
    stats: dict[str, int] = {}
    attempts = 0
    best: tuple[int, Generated] | None = None
    jigsaw_kept: tuple[Geometry, list[int]] | None = None  # the Jigsaw grid dug last, dug jigsaw_digs times
    jigsaw_digs = 0

    def report(phase: str) -> dict:
        return {"attempts": attempts, "phase": phase, "best": best}

    def in_phase(work: Generator[Any, None, Any], phase: str) -> Generator[dict, None, Any]:
        """``work``, with every report it yields naming ``phase``."""
        rep = report(phase)
        try:
            while True:
                next(work)
                rep["attempts"], rep["best"] = attempts, best
                yield rep
        except StopIteration as stop:
            return stop.value

    def as_puzzle(cells: Iterable[int]) -> Puzzle:
        return Puzzle(geo, tuple(cells), Alphabet.default(geo.n))

    def rated(cells: Iterable[int],
              techniques: Iterable[Technique] | None = None) -> Generator[int | None, None, Rating]:
        stats["ratings"] = stats.get("ratings", 0) + 1
        if techniques is None:
            techniques = safe  # a variant's rating leaves out the techniques unsound on it
        # Every puzzle rated here is proved unique, so the rater need not prove it again.
        return (yield from _rater()(as_puzzle(cells), techniques, unique=True))

    def result(cells: Iterable[int], solution: Iterable[int], rating: Rating | CarriedRating | None, exact: bool,
               is_minimal: bool, rated: bool = True) -> Generated:
        return Generated(
            puzzle=as_puzzle(cells), solution=as_puzzle(solution), seed=seed, symmetry=symmetry,
            level=rating.level if rating is not None else None,
            score=rating.score if rating is not None else None,
            hardest=rating.hardest if rating is not None else None,
            exact=exact, minimal=is_minimal, rated=rated, attempts=attempts,
            elapsed_ms=(time.perf_counter() - start) * 1000.0, stats=dict(stats),
        )

    if level is not None:
        target = _level_index(level)
        cap = _key(table, technique) if technique is not None else (target, float("inf"))
        # The guided dig asks "solvable at or below the target?", so the rater gets only those techniques:
        # a too-hard puzzle then stalls early instead of going through every chain and net of the table.
        allowed = tuple(t for t in (table.values() if safe is None else safe) if _key(table, t.id) <= cap)
        # The fill of a rated dig stays within the level (its cheap and logic accepts skip the rating);
        # a practice target wants removals rated one by one, so there it stays at most at singles.
        fill = FILL_OF_LEVEL.get(level, "locked")
        if technique is not None and fill == "locked":
            fill = "singles"

        def at_most_target(cells: list[int]) -> Generator[int | None, None, bool]:
            return (yield from rated(cells, allowed)).solved

        def matches(rating: Rating) -> bool:
            return rating.level == level and (technique is None or rating.hardest == technique)

        def distance(rating: Rating) -> int:
            """How far a rating is from the request (for best-effort results)."""
            d = abs(_level_index(rating.level) - target)
            return 2 * d + (technique is not None and rating.hardest != technique)

    if level == "extreme" and technique is None and not minimal and not killer:
        # An Extreme is rare among dug puzzles: start from one made before, changed into another of the
        # same logic and the symmetry asked for (extreme_start), with the entry's own rating (a 16x16's
        # rating is seconds; bench/extreme_bench.py re-rates every one); dig only without one.
        attempts += 1
        yield report("grid")
        start_from = yield from in_phase(extreme_start(geo, name, symmetry, rng, stats), "grid")
        if start_from is not None:
            geo, cells, solution, carried = start_from
            stats["ratings_carried"] = stats.get("ratings_carried", 0) + 1
            return result(cells, solution, carried, True, False, rated=False)
    if level == "extreme" and technique is None and minimal and not killer:
        # A minimal Extreme dug from a full grid is rare (seconds to a minute): dig on from a catalogued
        # Extreme moved into another of the symmetry (extreme_start) to a minimal one, and rate it (removing
        # givens may take it beyond the rater: then another start). Dug from full grids only without one.
        for _ in range(MINIMAL_EXTREME_STARTS):
            if max_attempts is not None and attempts >= max_attempts:
                break
            attempts += 1
            yield report("grid")
            start_from = yield from in_phase(extreme_start(geo, name, symmetry, rng, stats), "grid")
            if start_from is None:
                break
            geo, start_cells, solution, _ = start_from
            yield report("dig")
            gave_up_before = stats.get("gave_up", 0)
            cells, _ = yield from in_phase(dig(geo, solution, rng, symmetry, stats=stats, start=start_cells), "dig")
            proved_minimal = stats.get("gave_up", 0) == gave_up_before
            yield report("rate")
            rating = yield from in_phase(rated(cells), "rate")
            if matches(rating) and minimal_settled(geo.n, minimal, proved_minimal):
                return result(cells, solution, rating, True, proved_minimal)
            if best is None or distance(rating) < best[0]:
                best = (distance(rating), result(cells, solution, rating, False, proved_minimal))
        geo = base
    if killer and level in ("expert", "extreme") and technique is None and not minimal:
        # Cages drawn or merged rarely reach these levels (seconds to minutes of search): start from a Killer
        # found before, moved into another of the same logic (killer_start), rated like any other.
        tried: set[str] = set()
        for _ in range(KILLER_DRAWS):
            attempts += 1
            yield report("grid")
            start_from = yield from in_phase(killer_start(base, level, givens, symmetry, rng, stats, tried), "grid")
            if start_from is None:
                break
            geo, cells, solution = start_from
            yield report("rate")
            rating = yield from in_phase(rated(cells), "rate")
            if matches(rating) and givens and not any(cells):
                # An entry without givens where none with givens fits: add some, of the pattern asked for.
                cells, rating = yield from in_phase(
                    killer_givens(geo, solution, rating, symmetry, rng, rated, stats), "dig")
            if matches(rating) and (any(cells) or not givens):
                return result(cells, solution, rating, True, not givens)
            if best is None or distance(rating) < best[0]:
                best = (distance(rating), result(cells, solution, rating, False, not givens))
            geo = base
    while max_attempts is None or attempts < max_attempts:
        attempts += 1
        yield report("grid")
        if jigsaw:
            if jigsaw_kept is None or jigsaw_digs >= JIGSAW_DIGS_PER_GRID:
                jigsaw_kept = yield from in_phase(jigsaw_grid(geo.n, rng, stats, box), "grid")
                jigsaw_digs = 0
            jigsaw_digs += 1
            geo, solution = jigsaw_kept
        else:
            solution = full_grid(base, rng, grid_method, stats)
        if killer and not givens and level in ("medium", "expert"):
            # Cages made for the level: split where its logic stalls, and for expert merged up to it from
            # hard. Drawn cages counted to one solution rate hard (the cage techniques' own level) nearly
            # always, so hard keeps them (as fast: 0.58 against 0.67 s of CPU, median of 8 seeds); extreme
            # too, as a merge tried at extreme runs the forcing chains and nets, seconds a try.
            easier = (tuple(t for t in allowed if _level_index(t.level) < target)
                      if target == _level_index("expert") and technique is None else None)
            geo = yield from in_phase(killer_cages_for_level(base, solution, rng, allowed, easier, stats), "grid")
        elif killer:
            sizes = KILLER_MINIMAL_SIZES.get(level or "") if minimal else None
            geo = yield from in_phase(killer_cages(base, solution, rng, givens, stats, sizes), "grid")
        if killer and not givens:  # the cages alone are unique (killer_cages proved it); no given to remove
            cells, proved_minimal = [0] * geo.ncells, True
        else:
            yield report("dig")
            gave_up_before = stats.get("gave_up", 0)
            too_hard_before = stats.get("too_hard", 0)
            if level is None:
                full = minimal or geo.n <= 10
                # Without the engine, singles alone: with locked candidates the median 16x16 kept the
                # same 93 givens in 2.7 times the time (25x25: 263 against 264 givens, 2.8 times).
                cells, _ = yield from in_phase(dig(geo, solution, rng, symmetry, engine_checks=full,
                                                   fill="locked" if full else "singles", stats=stats), "dig")
                # A count that gave up at its node limit (a 9x9 Jigsaw's DLX count, 20,000 nodes) leaves a
                # given that may still go: not proved minimal.
                proved_minimal = full and stats.get("gave_up", 0) == gave_up_before
            elif minimal and technique is None and level == LEVELS[0]:
                # Easy is exactly the naked-singles fill: walk to a minimal puzzle among those it solves.
                easy = yield from in_phase(easy_minimal_work(geo, solution, rng, symmetry, stats), "dig")
                if easy is None:
                    continue  # none found on this walk: another (on a Jigsaw's grid, up to JIGSAW_DIGS_PER_GRID)
                cells, proved_minimal = easy, True
            else:
                if minimal:
                    # Dug within the level, as without minimal, then proved minimal: a minimal dig rated only
                    # at the end seldom lands on an easy level (9x9 Easy, seeds 1-5: up to 144 grids and 4.2 s
                    # of CPU against 38 and 0.4 s). A minimal Killer Expert or Extreme is dug uncapped
                    # (KILLER_UNCAPPED_DIG).
                    cap_dig = not (killer and level in KILLER_UNCAPPED_DIG)
                    work = dig(geo, solution, rng, symmetry, fill=fill, accept=at_most_target if cap_dig else None,
                               stats=stats)
                elif technique is None and level in FILL_OF_LEVEL:
                    # The level's own technique set is the fill: every removal keeps the puzzle unique and
                    # solvable within the level, so the dig cannot overshoot and needs no search.
                    work = dig(geo, solution, rng, symmetry, engine_checks=False, fill=FILL_OF_LEVEL[level],
                               stats=stats)
                else:
                    work = dig(geo, solution, rng, symmetry, fill=fill, accept=at_most_target, stats=stats)
                cells, _ = yield from in_phase(work, "dig")
                proved_minimal = minimal and stats.get("gave_up", 0) == gave_up_before
                if proved_minimal and stats.get("too_hard", 0) != too_hard_before:
                    # A group kept as too hard may still be removable (one found not unique stays so: those
                    # need no second look, but this looks at every given group, as cheaply).
                    proved_minimal = yield from in_phase(is_minimal_work(geo, cells, symmetry, stats), "dig")
        if not minimal_settled(geo.n, minimal, proved_minimal):
            # Asked for minimal, not proved so (a count gave up, or a group kept as too hard can go): another
            # dig, before any rating.
            stats["not_proved_minimal"] = stats.get("not_proved_minimal", 0) + 1
            continue
        if level is None:
            return result(cells, solution, None, True, proved_minimal)
        yield report("rate")
        rating = yield from in_phase(rated(cells), "rate")
        if matches(rating):
            return result(cells, solution, rating, True, proved_minimal)
        if best is None or distance(rating) < best[0]:
            best = (distance(rating), result(cells, solution, rating, False, proved_minimal))
    if best_effort and best is not None:
        return best[1]
    raise GenerationError(_not_found(size, level, technique, attempts, time.perf_counter() - start))


class _OutOfTime(Exception):
    """Raised inside :func:`generate` when the deadline has passed."""
