"""The next hint for a player's position: mistakes first, then the cheapest logic step.

:func:`next_hint` takes the givens, the digits the player entered and, optionally, the player's pencil
marks, and returns plain JSON for the page (no Python objects cross the bridge):

* ``status``: "step" (a logic step), "mistake" (a wrong digit or a struck-out true candidate,
  checked against the unique solution), "solved", "stuck" (no technique applies), "no_solution" or
  "multiple" (the givens are not a proper puzzle: said so instead of reasoning), or
  "gave_up" (the uniqueness check spent its budget, ``nodes`` search nodes, without an answer: a grid
  with too few givens to check quickly);
* ``messages``: detail levels "0", "1", "2", each ``{"key", "params", "text": {lang: str}}``
  in every language asked (default all: :data:`LANGUAGES`);
* ``highlight``: cells (0-based) and candidates ``[cell, digit]`` to mark;
* ``step`` (status "step"): the step as data, with ``placements`` / ``eliminations`` to apply;
* ``mistakes`` (status "mistake"): every wrong entry, ``{"kind", "cell", "digit"}``;
* ``name`` (status "step"): the technique's name per language;
* ``reveal`` (status "stuck"): ``[cell, digit]``, the answer in the empty cell with the fewest
  candidates, for a page that offers to reveal a cell when logic runs out.

Mistakes come first so that a hint never reasons from a false position. The solution is found once
per call by :func:`sudoku_core.solvers.check_unique` (counting to 2 with the fastest counter for the
grid, under a node budget of about 0.6 s of CPython, which also proves uniqueness for the uniqueness
techniques).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass

from . import locales
from .candidates import State
from .errors import SudokuError
from .explain import Message, describe, explain, render, technique_name
from .grid import Geometry
from .puzzle import Puzzle
from .rate import TechniqueChoice, _techniques, find_steps, next_step
from .step import Step, sightings
from .work import run

#: The languages a hint is written in unless told: every catalogue's (:mod:`sudoku_core.locales`).
LANGUAGES: tuple[str, ...] = locales.languages()


def _as_cells(value: Sequence[int] | str | Puzzle | None, puzzle: Puzzle) -> list[int]:
    if value is None:
        return [0] * puzzle.geometry.ncells
    if isinstance(value, Puzzle):
        return list(value.cells)
    if isinstance(value, str):
        from .formats import parse

        return list(parse(value, check=False).cells)
    return [int(v) for v in value]


def _as_masks(pencil: Sequence[int | Iterable[int]] | None, ncells: int) -> list[int] | None:
    """Pencil marks as masks: accepts a list of masks (ints) or a list of digit lists."""
    if pencil is None:
        return None
    if len(pencil) != ncells:
        raise ValueError(f"{len(pencil)} pencil-mark cells for a grid of {ncells}")
    out = []
    for p in pencil:
        if isinstance(p, int):
            out.append(p)
        else:
            m = 0
            for d in p:
                m |= 1 << int(d)
            out.append(m)
    return out


def _messages(messages: dict[str, Message], langs: Iterable[str]) -> dict:
    return {k: {**m.to_dict(), "text": {lang: render(m, lang) for lang in langs}} for k, m in messages.items()}


def _status(status: str, langs: Iterable[str], **params: object) -> dict:
    m = Message(f"status.{status}", params)
    return {"status": status, "messages": _messages({"0": m, "1": m, "2": m}, langs),
            "highlight": {"cells": [], "candidates": []}}


def solution_problem(p: Puzzle, solution: object) -> str | None:
    """Why ``solution`` cannot be the solution of the givens of ``p`` (a list of ``n * n`` digits), or None:
    a cell that is not a digit, a given it changes, or a house that holds a digit twice."""
    geo = p.geometry
    if not isinstance(solution, list | tuple) or len(solution) != geo.ncells:
        return f"a solution has {geo.ncells} cells"
    for c, d in enumerate(solution):
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= geo.n:
            return f"cell {c} of the solution holds {d!r}, not a digit 1..{geo.n}"
        if p.cells[c] and p.cells[c] != d:
            return f"the solution changes the given {geo.cell_name(c)}"
    for h, cells in enumerate(geo.houses):
        if len({solution[c] for c in cells}) != geo.n:
            return f"house {h} of the solution holds a digit twice"
    return None


@dataclass
class Position:
    """The player's position, checked: the givens, the digits on the board (givens and entries), the
    candidates the hint engine reasons from (the player's pencil marks where they wrote them, see
    :meth:`~sudoku_core.candidates.State.from_pencil`) and the solution."""

    puzzle: Puzzle
    values: list[int]
    state: State
    solution: list[int]


def player_position(puzzle: Puzzle | str, entered: Sequence[int] | str | Puzzle | None = None,
                    pencil: Sequence[int | Iterable[int]] | None = None, langs: Sequence[str] = LANGUAGES,
                    solution: Sequence[int] | None = None) -> Position | dict:
    """The position :func:`next_hint` and :func:`all_steps` reason from, or the answer that says why there
    is nothing to reason about: a hint-shaped dict of status "gave_up", "no_solution", "multiple",
    "mistake" (mistakes come first, so no step is ever found from a false position) or "solved". The
    arguments are :func:`next_hint`'s."""
    return run(player_position_work(puzzle, entered, pencil, langs, solution))


def player_position_work(puzzle: Puzzle | str, entered: Sequence[int] | str | Puzzle | None = None,
                         pencil: Sequence[int | Iterable[int]] | None = None, langs: Sequence[str] = LANGUAGES,
                         solution: Sequence[int] | None = None) -> Generator[None, None, Position | dict]:
    """:func:`player_position` as resumable work: it yields inside the uniqueness check's searches
    (:func:`sudoku_core.solvers.check_unique_work`), which take seconds on a sparse 25x25."""
    from .solvers import as_puzzle, check_unique_work

    p = as_puzzle(puzzle)
    geo = p.geometry
    if solution is not None:
        problem = solution_problem(p, solution)
        if problem:
            raise SudokuError(problem)
        solution = list(solution)
    else:
        result = yield from check_unique_work(p)
        if result.count < 2 and result.gave_up:
            nodes = result.stats["nodes"]
            return {**_status("gave_up", langs, nodes=nodes), "nodes": nodes}
        if result.count == 0:
            return _status("no_solution", langs)
        if result.count > 1:
            return _status("multiple", langs)
        solution = result.grids[0]
    entered_cells = _as_cells(entered, p)
    values = [g or e for g, e in zip(p.cells, entered_cells, strict=True)]
    masks = _as_masks(pencil, geo.ncells)

    mistakes = [("wrong_digit", c, v) for c, v in enumerate(values) if v and v != solution[c]]
    if masks is not None:
        mistakes += [("missing_candidate", c, solution[c]) for c, v in enumerate(values)
                     if not v and masks[c] and not masks[c] >> solution[c] & 1]
    if mistakes:
        cells = [geo.cell_name(c) for _, c, _ in mistakes]
        kind, c, d = mistakes[0]
        msgs = {"0": Message("mistake.nudge"), "1": Message("mistake.where", {"cells": cells}),
                "2": Message(f"mistake.{kind}", {"cell": geo.cell_name(c), "digit": d})}
        return {"status": "mistake", "messages": _messages(msgs, langs),
                "mistakes": [{"kind": k, "cell": c, "digit": d} for k, c, d in mistakes],
                "highlight": {"cells": [c for _, c, _ in mistakes], "candidates": []}}
    if all(values):
        return _status("solved", langs)
    state = (State.from_values(geo, values, unique=True) if masks is None
             else State.from_pencil(geo, values, masks, unique=True))
    return Position(p, values, state, list(solution))


def next_hint(puzzle: Puzzle | str, entered: Sequence[int] | str | Puzzle | None = None,
              pencil: Sequence[int | Iterable[int]] | None = None, langs: Sequence[str] = LANGUAGES,
              techniques: TechniqueChoice = None, solution: Sequence[int] | None = None,
              prefer: str | None = None) -> dict:
    """The next hint for the position ``puzzle`` (givens) + ``entered`` (player digits, 0 = empty;
    a list, a string or a Puzzle) + optional ``pencil`` marks (one mask or digit list per cell).
    ``techniques`` limits the hint to some technique ids (default: the whole table). ``prefer``: a
    technique id the player is practising: when it applies at the position, the hint is its step, even
    where an easier one is there too (the Learn page's Practise games). ``solution``: the
    givens' unique solution as a list of digits, when the caller already has it from a solve that
    proved it unique (the page does): it is checked to be a whole grid that keeps the givens (a
    SudokuError says why not), and the givens are not solved again."""
    pos = player_position(puzzle, entered, pencil, langs, solution)
    if not isinstance(pos, Position):
        return pos
    state, values, geo = pos.state, pos.values, pos.puzzle.geometry
    step = next(iter(find_steps(state, (prefer,))), None) if prefer is not None else None
    if step is None:
        step = next_step(state, techniques)
    if step is None:
        out = _status("stuck", langs)
        # What the page can offer instead of logic: the answer in the most constrained empty cell.
        c = min((c for c, v in enumerate(values) if not v), key=lambda c: (state.cand[c].bit_count(), c))
        out["reveal"] = [c, pos.solution[c]]
        return out
    return {"status": "step", "technique": step.technique,
            "name": {lang: technique_name(step.technique, lang) for lang in langs},
            "messages": describe(step, geo, langs), **step_record(step, geo, values)}


def step_record(step: Step, geo: Geometry, values: Sequence[int]) -> dict:
    """What the page draws of ``step`` on the board ``values``: ``highlight`` and ``step``, the step as data
    with ``sees``, why a single is one (the placed digits that rule the rest out)."""
    data = step.to_dict(geo)
    data["sees"] = sightings(step, geo, values)
    return {"highlight": {"cells": data["cells"], "candidates": data["candidates"]}, "step": data}


def step_entry(step: Step, geo: Geometry, values: Sequence[int], langs: Sequence[str]) -> dict:
    """One step as a list of steps gives it (the ``steps`` operation's path, :func:`all_steps`):
    ``technique``, ``placements``, ``eliminations``, ``text`` (the full explanation per language) and
    :func:`step_record`'s ``highlight`` and ``step``."""
    record = step_record(step, geo, values)
    text = explain(step, geo, 2)
    return {"technique": step.technique, "placements": record["step"]["placements"],
            "eliminations": record["step"]["eliminations"], "text": {lang: render(text, lang) for lang in langs},
            **record}


#: The most steps :func:`all_steps` lists per technique (it stops searching a technique one step past it).
ALL_STEPS_CAP = 30


def all_steps(puzzle: Puzzle | str, entered: Sequence[int] | str | Puzzle | None = None,
              pencil: Sequence[int | Iterable[int]] | None = None, langs: Sequence[str] = LANGUAGES,
              techniques: TechniqueChoice = None, solution: Sequence[int] | None = None,
              cap: int = ALL_STEPS_CAP) -> dict:
    """Every step at the player's position: :func:`all_steps_work` run to its end."""
    return run(all_steps_work(puzzle, entered, pencil, langs, techniques, solution, cap))


def all_steps_work(puzzle: Puzzle | str, entered: Sequence[int] | str | Puzzle | None = None,
                   pencil: Sequence[int | Iterable[int]] | None = None, langs: Sequence[str] = LANGUAGES,
                   techniques: TechniqueChoice = None, solution: Sequence[int] | None = None,
                   cap: int = ALL_STEPS_CAP) -> Generator[dict | None, None, dict]:
    """Every step that every technique of the variant finds at the player's position (arguments as
    :func:`next_hint`'s), those off the solver's ladder too (``Technique.ladder``): the steps of
    :func:`sudoku_core.rate.find_steps`, as HoDoKu's "find all steps" lists them. Resumable work: yields
    ``{"technique", "name", "k", "n", "nsteps", "groups"}`` before each technique is searched (technique ``k``
    of ``n``, ``nsteps``, the steps found so far, ``groups`` the groups finished so far: the list the answer
    will hold, growing, so a job can send them as they come) and after every step found, so a slice of work
    ends between steps (and None inside the uniqueness check that comes first).

    Returns status "steps" with ``groups``, one per technique that found something, in table (score)
    order: ``technique``, ``name`` per language, ``level``, ``score``, ``ladder`` (False: the rating never
    uses it), ``steps``, the first ``cap`` steps it finds, each with ``placements``, ``eliminations``,
    ``text`` (the full explanation per language), ``highlight`` and ``step`` (the record the overlay
    draws), as the ``steps`` operation gives them, ``count`` (how many: ``len(steps)``) and ``more``
    (True when the technique has a step past the cap: its search stops at the first one, so a position
    with hundreds of forcing chains costs what its first ``cap + 1`` cost, issue 33); and ``count``, the
    steps of every group, and ``more``, True when some group has more. A position without a step to
    find answers as :func:`next_hint` does (a mistake, solved, ...), or status "stuck" with no groups."""
    pos = yield from player_position_work(puzzle, entered, pencil, langs, solution)
    if not isinstance(pos, Position):
        return pos
    geo, state = pos.puzzle.geometry, pos.state
    chosen = _techniques(techniques, geo, ladder=False)
    groups: list[dict] = []
    total = 0
    for k, tech in enumerate(chosen):
        name = {lang: technique_name(tech.id, lang) for lang in langs}
        yield {"technique": tech.id, "name": name, "k": k, "n": len(chosen), "nsteps": total, "groups": groups}
        steps, more = list[dict](), False
        for step in find_steps(state, (tech,)):
            if len(steps) == cap:  # one step past the cap: there are more, and the search stops here
                more = True
                break
            steps.append(step_entry(step, geo, pos.values, langs))
            yield {"technique": tech.id, "name": name, "k": k, "n": len(chosen), "nsteps": total + len(steps),
                   "groups": groups}
        if steps:
            total += len(steps)
            groups.append({"technique": tech.id, "name": name, "level": tech.level, "score": tech.score,
                           "ladder": tech.ladder, "count": len(steps), "more": more, "steps": steps})
    if not groups:
        return {**_status("stuck", langs), "groups": [], "count": 0, "more": False}
    return {"status": "steps", "groups": groups, "count": total, "more": any(g["more"] for g in groups)}
