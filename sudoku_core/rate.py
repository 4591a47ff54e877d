"""The logic solver and the difficulty rating.

:func:`logic_solve` applies the cheapest step of the technique table (:data:`~sudoku_core.techniques.TABLE`,
tried in order) until the grid is full or no technique applies. The table is in order of score, and a
step is scored with its chain's length (:func:`step_score`), so once a step is found the techniques
scoring below it are still tried and the lowest-scoring step is taken: a long XY-chain (6.6 + length)
loses to a short AIC (7.0) or an ALS-XZ (7.5) found in the same position. So the path takes the easiest
step on the Sudoku Explainer (SE) scale at every point, as SE does; this alone lifts Spearman's rho
against SE from 0.685 to 0.736 on the tuning sample. A chain technique tried after a step was found
is asked only for chains short enough to beat it (``max_links``: a shallower search), and forcing
chains and nets (level "extreme") are only tried when nothing easier applies: they cost most.
:func:`rate` runs the solver on a puzzle and summarises the path as a :class:`Rating`.

Level: what the puzzle needs
----------------------------
``level`` is the lowest level whose techniques (with all easier levels') solve the puzzle, or
"guessing" when logic alone stalls: the levels are nested sets of techniques (the ``level`` column of
the table), so the level says what the puzzle needs, not which step the path happened to take first.

The sets are calibrated against QQWing's four sets (issue 4: the level must rise across
``qqwing_simple`` < ``qqwing_easy`` < ``qqwing_intermediate`` < ``qqwing_expert``), and QQWing defines
its levels by what its own solver needs, so ours follow the same cuts:

* **easy**: full houses and naked singles alone. This is the easiest level because it is QQWing's
  definition of "simple" (its simple puzzles are exactly those naked singles solve), not because a
  naked single is easier to spot than a hidden one: on the SE scale it is not (1.5 for a hidden single
  in a box, 2.3 for a naked single), and the table keeps that order for the path and the score;
* **medium**: plus hidden singles (QQWing's "easy": singles of both kinds);
* **hard**: plus locked candidates (pointing, claiming), naked and hidden pairs and triples, naked
  quads, X-Wing and Swordfish with their finned and sashimi forms, and the short single-digit chains
  (Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle): QQWing's "intermediate" needs its
  intersections and pairs, and the rest are the basic fish and patterns of the same kind;
* **expert**: wings (XY, XYZ, W), uniqueness (unique rectangles, hidden rectangle, BUG+1), colouring,
  Jellyfish, hidden quads, chains and loops, ALS and Sue de Coq;
* **extreme**: forcing chains and nets.

QQWing's "expert" is whatever its solver (singles, intersections, pairs) cannot finish without
guessing, so part of it needs no more than our hard patterns (X-Wing, Skyscraper...). Measured on all
1000 puzzles of each set (``bench/rate_bench.py``): simple 1000 easy; easy 1000 medium; intermediate
1000 hard; expert 320 hard, 659 expert, 21 extreme. The medians rise strictly (easy, medium, hard,
expert); before these cuts (singles easy, intersections and subsets medium) simple and easy both
rated 1000 easy.

The table is in score order, and the scores do not follow the levels everywhere (a hidden single,
medium, scores below a naked single, easy; an XY-Wing, expert, below a Skyscraper, hard; Jellyfish,
expert, before finned Swordfish, hard). So when the path reached a level whose techniques are
interleaved with lower ones, the lower levels alone are tried on the puzzle too, and the rating is that
of the lowest level that solves it (its path, score and hardest step). Only levels the order
interleaves need the second solve, and it runs the cheaper techniques only (an easy puzzle is solved
twice: 2.7 instead of 1.4 ms median on ``qqwing_simple``). Up to the first step of the level it tries to
avoid, the second solve would take the same steps as the first (:func:`_resumes` says why and when), so
it goes on from there: on ``qqwing_expert`` that is about half the path.

Score: what the path costs on the SE scale
------------------------------------------
``score`` is on the SE scale, so it can be compared with SE ratings: the hardest step's score
(:func:`step_score`: the technique's score, plus :data:`LENGTH_BONUS` per length step of a long chain,
SE's length steps) plus a little for the other steps beyond singles: ``T * log(sum(exp((s - max) / T)))`` with
:data:`SPREAD` ``T`` (one hard step adds nothing; several near the hardest add up to ``T * log k``),
since a puzzle that needs several hard steps is harder than one that needs one. A puzzle logic cannot
finish scores :data:`GUESS_SCORE` plus the share of cells logic left empty (0..1), because a puzzle
that stalls earlier is, on SE's scale, harder.

The SE ratings we compare with are Sukaku Explainer's (SudokuMonster's fork of SE, which rated
``sudokuexchange_diabolical_se5plus``). Besides SE's techniques it has WXYZ- and VWXYZ-Wings, and they are
the hardest step of about 30% of that set (its large 5.5-5.6 and 6.3-6.4 bands); without them our path
went on to a W-Wing or a chain and scored those puzzles like the 7.1-7.2 ones. They are in the table with
Sukaku Explainer's scores and its rule for the size of the pivot (:func:`_bent_wing_bonus`), which lifted
rho from 0.736 to 0.890 on the standard sample (0.748 to 0.898 on the tuning sample).

Techniques SE does not have are placed where SE would find the same eliminations: Skyscraper, Kite,
Turbot Fish, Empty Rectangle and finned fish are short X-chains, colouring is X-cycles, W-Wing and
Remote Pairs are short XY-chains. These placements, :data:`LENGTH_BONUS` and :data:`SPREAD` were tuned
on 1000 SE-rated puzzles of lines 20000..39718 of ``sudokuexchange_diabolical_se5plus`` and are
reported on two other samples (``bench/rate_bench.py``).

``hardest`` is the id of the hardest step's technique, by level then score (None for a puzzle with
nothing to do).

Uniqueness techniques need proof that the puzzle has one solution; it is asked for (one solver call,
limit 2) only when the solver first reaches a uniqueness technique, because most puzzles never get
there and the generator rates many candidates.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from .candidates import State
from .errors import SudokuError
from .grid import Geometry
from .puzzle import Alphabet, Puzzle
from .step import Step, apply_step
from .techniques import BY_ID, LEVELS, Technique, for_variant
from .work import run

#: Which techniques a solve may use: ids or table entries (None: the whole table, in table order).
TechniqueChoice = Iterable[str | Technique] | None

#: Score given to a puzzle that logic alone cannot finish (above every logic technique but nets).
GUESS_SCORE = 10.0

#: Chain lengths (links) past which a step scores :data:`LENGTH_BONUS` more each: longer chains are harder
#: to find. The steps are SE's; SE adds 0.1 per step, but against SE's ratings of whole puzzles 0.3 ranks
#: them better (our path takes other chains than SE's, and a long one is a sign SE needed a harder step).
LENGTH_STEPS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
LENGTH_BONUS = 0.3

#: Step scores up to this one are singles, left out of the soft maximum.
SINGLES = 2.3

#: ``T`` of the soft maximum that turns step scores into the puzzle's score (see the module notes). With
#: the lowest-scoring step taken at every point, 0.1 ranks best (0.3: rho 0.737 tuning; 0.1: 0.754).
SPREAD = 0.1


def step_score(step: Step) -> float:
    """The difficulty of one step: its technique's score, plus :data:`LENGTH_BONUS` per length step of a
    long chain, or :func:`_bent_wing_bonus` for a WXYZ- or VWXYZ-Wing."""
    base = BY_ID[step.technique].score
    if step.technique in _BENT_WINGS:
        return round(base + _bent_wing_bonus(step), 2)
    n = len(step.links)
    if n <= LENGTH_STEPS[0]:
        return base
    return round(base + LENGTH_BONUS * sum(1 for t in LENGTH_STEPS if n > t), 2)


#: Bent wings: a two-candidate cell and an almost locked set, ``size`` cells in all (``step.cells``).
_BENT_WINGS = ("wxyz_wing", "vwxyz_wing")


def _bent_wing_bonus(step: Step) -> float:
    """Sukaku Explainer's rule for a wing of ``size`` cells: with ``k`` the most candidates of one cell of
    the ALS and ``m = (size + 2) // 2``, ``0.1 * (size - m - |m - k|)``; a pivot of middle size counts as
    the hardest to see. For k = 2, 3, 4 (, 5): WXYZ 5.5, 5.6, 5.5; VWXYZ 6.3, 6.4, 6.3, 6.2."""
    per_cell: dict[int, int] = {}
    for c, _ in dict(step.groups)["als"]:
        per_cell[c] = per_cell.get(c, 0) + 1
    size = len(step.cells)
    mid = (size + 2) // 2
    return 0.1 * ((size - mid) - abs(mid - max(per_cell.values())))


def _max_links(base: float, limit: float) -> int:
    """The most links a chain of a technique scoring ``base`` may have to score below ``limit``."""
    n = LENGTH_STEPS[0]
    for k, t in enumerate(LENGTH_STEPS[1:], 1):
        if round(base + LENGTH_BONUS * k, 2) >= limit:
            break
        n = t
    return n


def path_score(scores: list[float]) -> float:
    """The score of a path from its step scores: the hardest, plus ``SPREAD * log`` of how many steps
    beyond singles are nearly as hard (a soft maximum). Singles are not counted: every path has many."""
    if not scores:
        return 0.0
    top = max(scores)
    hard = [s for s in scores if s > SINGLES]
    if len(hard) < 2:
        return top
    return round(top + SPREAD * math.log(sum(math.exp((s - top) / SPREAD) for s in hard)), 3)


@dataclass
class Rating:
    level: str
    score: float
    hardest: str | None
    solved: bool
    steps: list[Step] = field(default_factory=list, repr=False)
    puzzle: str = ""

    def to_dict(self, geo: Geometry | None = None, with_steps: bool = False) -> dict:
        out = {"puzzle": self.puzzle, "level": self.level, "score": self.score, "hardest": self.hardest,
               "solved": self.solved, "nsteps": len(self.steps)}
        if with_steps and geo is not None:
            out["steps"] = [s.to_dict(geo) for s in self.steps]
        return out


def prove_unique(state: State) -> bool:
    """True when the digits of ``state`` are proven to admit exactly one solution (counting to 2 under
    the budget of :func:`sudoku_core.solvers.check_unique`; a check that gives up proves nothing, so the
    uniqueness techniques stay off)."""
    from .solvers import check_unique

    geo = state.geo
    result = check_unique(Puzzle(geo, tuple(state.values), Alphabet.default(geo.n)))
    return not result.gave_up and result.count == 1


def _techniques(techniques, geo, ladder: bool = True):
    """The techniques to try: ``techniques`` as given, or by default every one that is sound on the
    grid's variant (:func:`~sudoku_core.techniques.for_variant`; an unchecked variant is refused), only
    the solver's ladder unless ``ladder`` is False."""
    if techniques is None:
        try:
            return _ladder(geo.variant, bool(geo.cages)) if ladder else for_variant(geo.variant, False)
        except ValueError as exc:
            raise SudokuError(str(exc)) from None
    return tuple(BY_ID[t] if isinstance(t, str) else t for t in techniques)


@lru_cache(maxsize=32)  # one entry per variant, with and without cages
def _ladder(variant: str, cages: bool) -> tuple[Technique, ...]:
    """The solver's ladder on ``variant``; on a grid without cages, without the Killer techniques, which find
    nothing there (the solver would ask each of them again at most steps)."""
    techs = for_variant(variant)
    return techs if cages else tuple(t for t in techs if not t.finder.startswith("killer:"))


def find_steps(state: State, techniques: TechniqueChoice = None) -> Iterator[Step]:
    """Every step the techniques find in ``state``, technique by technique in table order (for tests
    and tools; the solver only wants the first). By default every technique, those off the solver's
    ladder too (``Technique.ladder``)."""
    for tech in _techniques(techniques, state.geo, ladder=False):
        if tech.uniqueness:
            if state.unique is None:
                state.unique = prove_unique(state)
            if not state.unique:
                continue
        yield from tech.find(state)


def next_step(state: State, techniques: TechniqueChoice = None) -> Step | None:
    """The cheapest step in ``state`` (lowest :func:`step_score`, first in table order among equals; see
    the module notes), or None when no technique applies."""
    return run(_next_steps(state, _techniques(techniques, state.geo)))


def _next_steps(state: State, techniques: tuple[Technique, ...],
                progress: int | None = None) -> Generator[int | None, None, Step | None]:
    """:func:`next_step` as resumable work: yields ``progress`` after every technique searched (one
    step can take a second on a hard 16x16: this is what keeps a slice of work short)."""
    best, best_score = None, math.inf
    for tech in techniques:
        if best is not None and (tech.score >= best_score or tech.level == "extreme"):
            break
        if tech.uniqueness:
            if state.unique is None:
                state.unique = prove_unique(state)
            if not state.unique:
                continue
        if best is not None and tech.finder.startswith("chains:") and tech.id != "remote_pair":
            # Only a chain short enough to score below ``best`` can replace it: search no further.
            found = tech.find_within(state, _max_links(tech.score, best_score))
        else:
            found = tech.find(state)
        step = next(iter(found), None)
        if step is not None:
            sc = step_score(step)
            if sc < best_score:
                best, best_score = step, sc
        yield progress
    return best


def logic_solve(state: State, techniques: TechniqueChoice = None,
                max_steps: int | None = None) -> tuple[list[Step], bool]:
    """Apply the cheapest step until solved or stuck; ``state`` is changed in place.

    Returns the path and whether the grid was finished.
    """
    return run(logic_solve_steps(state, techniques, max_steps))


def logic_solve_steps(state: State, techniques: TechniqueChoice = None,
                      max_steps: int | None = None) -> Generator[int | None, None, tuple[list[Step], bool]]:
    """:func:`logic_solve` as resumable work (:mod:`sudoku_core.work`): yields the number of steps found
    so far after every technique searched."""
    return (yield from _solve_steps(state, _techniques(techniques, state.geo), max_steps))


def _solve_steps(state: State, techs: tuple[Technique, ...], max_steps: int | None = None,
                 marks: dict[int, tuple[State, int]] | None = None, path: list[Step] | None = None,
                 ) -> Generator[int | None, None, tuple[list[Step], bool]]:
    """:func:`logic_solve_steps` on resolved techniques, going on from ``path`` (the steps that led to
    ``state``). ``marks``, when given, gets for each level index ``k`` it has no entry for a copy of the
    position before the path's first step of level ``k`` or above, and that step's index
    (:func:`rate_steps` resumes a solve with the lower levels there)."""
    path = [] if path is None else path
    while not state.solved():
        if max_steps is not None and len(path) >= max_steps:
            break
        if state.broken():
            break
        step = yield from _next_steps(state, techs, len(path))
        if step is None:
            break
        if marks is not None:
            level = LEVELS.index(BY_ID[step.technique].level) if step.technique in BY_ID else len(LEVELS)
            for k in range(level + 1):
                if k not in marks:
                    marks[k] = (state.copy(), len(path))
        apply_step(state, step)
        path.append(step)
    return path, state.solved()


def summarise(steps: list[Step], solved: bool, puzzle: str = "", left: float = 0.0) -> Rating:
    """The :class:`Rating` of a path; ``left`` is the share of cells still empty when it stalled."""
    hardest, level, rank, scores = None, 0, (-1, 0.0), []
    for s in steps:
        t = BY_ID.get(s.technique)
        if t is None:
            continue
        sc = step_score(s)
        scores.append(sc)
        key = (LEVELS.index(t.level), sc)
        if key > rank:
            hardest, rank = t.id, key
        level = max(level, key[0])
    score = path_score(scores)
    if not solved:
        return Rating("guessing", round(max(score, GUESS_SCORE) + left, 3), hardest, False, steps, puzzle)
    return Rating(LEVELS[level], score, hardest, True, steps, puzzle)


@lru_cache(maxsize=32)  # bounded: callers may pass their own technique tuples
def _interleaved(techniques: tuple) -> frozenset:
    """The levels ``k`` for which some technique of level ``k`` or above comes, in ``techniques``, before
    one below ``k``: a path that reached ``k`` may not be the lowest level's."""
    out: set[int] = set()
    top = -1
    for t in techniques:
        k = LEVELS.index(t.level)
        out.update(range(k + 1, top + 1))
        top = max(top, k)
    return frozenset(out)


def rate(puzzle: Puzzle | str, techniques: TechniqueChoice = None, unique: bool | None = None) -> Rating:
    """Rate ``puzzle`` (a :class:`~sudoku_core.puzzle.Puzzle` or text) by solving it with logic.

    ``techniques`` limits the solver to some technique ids (default: the whole table). ``unique``: pass
    True when the caller already knows the puzzle has one solution (a generator does), to save the
    solver call the uniqueness techniques would otherwise make; False forbids them.
    """
    return run(rate_steps(puzzle, techniques, unique))


def rate_steps(puzzle: Puzzle | str, techniques: TechniqueChoice = None,
               unique: bool | None = None) -> Generator[int | None, None, Rating]:
    """:func:`rate` as resumable work (:mod:`sudoku_core.work`): yields after every technique searched
    (the steps of the path being tried so far)."""
    from .solvers import as_puzzle

    p = as_puzzle(puzzle)
    techs = _techniques(techniques, p.geometry)
    state = State.from_puzzle(p, unique)
    marks: dict[int, tuple[State, int]] = {}
    steps, solved = yield from _solve_steps(state, techs, marks=marks)
    left = state.values.count(0) / len(state.values)
    rating = summarise(steps, solved, p.to_line(), left)
    # The lowest level that solves it: try the levels below while the order let a higher one in first.
    while solved and LEVELS.index(rating.level) in _interleaved(techs):
        below = LEVELS.index(rating.level)
        lower = tuple(t for t in techs if LEVELS.index(t.level) < below)
        if below in marks and _resumes(techs, lower):
            # The solve with the lower levels takes the same steps up to the first one of level ``below``:
            # go on from there instead of taking them again.
            start, n = marks[below]
            state, prefix = start.copy(), steps[:n]
            marks = {k: v for k, v in marks.items() if v[1] < n}
        else:
            state, prefix = State.from_puzzle(p, unique if state.unique is None else state.unique), []
            marks = {}
        steps, solved = yield from _solve_steps(state, lower, marks=marks, path=prefix)
        if not solved:
            break
        rating = summarise(steps, True, p.to_line())
    return rating


@lru_cache(maxsize=32)  # bounded: callers may pass their own technique tuples
def _resumes(techniques: tuple[Technique, ...], lower: tuple[Technique, ...]) -> bool:
    """True when a solve with ``lower`` (some of ``techniques``, in the same order) takes the same steps as
    one with ``techniques`` for as long as that one takes steps of ``lower``'s techniques.

    :func:`_next_steps` takes the lowest (score, order) among the first steps of the techniques it tries,
    and stops at the first technique whose score reaches the best so far (a step never scores below its
    technique). So when the techniques are in score order and its choice is a step of ``lower``, every
    technique of ``lower`` before it found nothing cheaper and every one after it cannot: the solve with
    ``lower`` alone takes the same step. That holds as long as ``lower``'s techniques are searched the same
    way in both solves: no chain (searched shallower once a step is in hand), no uniqueness technique, and
    none after a forcing chain (``extreme``: tried only while nothing is in hand)."""
    if any(a.score > b.score for a, b in pairwise(techniques)):
        return False
    if any(t.uniqueness or t.level == "extreme" or t.finder.startswith("chains:") for t in lower):
        return False
    first_extreme = next((i for i, t in enumerate(techniques) if t.level == "extreme"), len(techniques))
    return not set(techniques[first_extreme:]) & set(lower)
