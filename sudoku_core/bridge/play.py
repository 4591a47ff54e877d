"""The play operations: hint, rate, steps, generate, daily. Stateless, JSON in and out.

Registered in :data:`sudoku_core.bridge.registry.OPS`; the jobs (:class:`GenerationJob`, :class:`StepsJob`)
are started by :class:`sudoku_core.bridge.session.Session`.

* ``hint``: the puzzle (givens) + ``entered`` (the player's digits, one per cell, 0 empty) + optional
  ``pencil`` (one list of digits per cell, or masks) + optional ``prefer`` (a technique id the hint
  takes whenever it applies: a Practise game's) -> :func:`sudoku_core.hint.next_hint`;
* ``rate``: the puzzle -> ``status`` ("unique", "no_solution", "multiple", or "gave_up" when
  the budgeted uniqueness check found no answer: ``nodes`` says how many search nodes it spent),
  ``level``,
  ``score``, ``hardest``, ``solved``, ``nsteps``, ``exact``. With ``quick: true`` the forcing chains and
  nets are left out (they can take many seconds on the hardest puzzles): a puzzle solved without them
  gets its exact rating (the cheapest step is the same either way); one that is not is rated
  ``extreme`` with ``exact: false``, "extreme or harder" (for a badge on import);
* ``steps``: the puzzle -> the rating plus ``steps``, the whole logic path, each step with its
  placements, eliminations, highlight, technique name and text per language;
* generation is not a stateless operation: one attempt at a hard big grid takes seconds, so it runs
  as a job of the worker's :class:`~sudoku_core.bridge.session.Session` (``generate_job``: ``size``,
  ``level``, ``symmetry``, ``minimal``, ``technique``, ``variant``, ``givens`` (a Killer that keeps givens;
  without, its cages alone make it unique), ``seed``, ``attempts``), a slice at a time;
  :class:`GenerationJob` and :func:`_found` say what it answers;
* ``daily``: ``date`` "YYYY-MM-DD" (the player's local date) -> the day's puzzle, the same for everyone
  on that date: fixed options (:data:`DAILY`) and a seed derived from the date string.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Generator, Sequence
from typing import Any

from sudoku_core.generate import LEVELS, SYMMETRIES, SYMMETRY_ALIASES, Generated, generate, generation
from sudoku_core.grid import VARIANTS
from sudoku_core.hint import ALL_STEPS_CAP, all_steps_work, next_hint, solution_problem, step_entry
from sudoku_core.puzzle import Puzzle
from sudoku_core.rate import rate_steps
from sudoku_core.work import Job, run

from .core import variant_value
from .payload import LANGS, BadRequest, field, langs, per_cell, puzzle, seed, short

#: The daily puzzle's fixed options.
DAILY = {"size": 9, "level": "hard", "symmetry": "rot180"}
#: Attempts per chunk of the daily puzzle's search (9x9 Hard: a few ms each; the first chunk or two find it).
CHUNK_ATTEMPTS = 4
#: Attempts of a generation job (default: far more than any request the page makes needs) and the most.
JOB_ATTEMPTS, MAX_JOB_ATTEMPTS = 10_000, 1_000_000
#: The most steps an ``all_steps_job`` lists per technique.
MAX_ALL_STEPS_CAP = 1_000
#: Sides the page can generate (bigger grids take too long for a page).
SIZES = (4, 6, 9, 12, 16)


def _unique_status(p: Puzzle) -> tuple[str, int]:
    """``unique``, ``no_solution``, ``multiple`` or ``gave_up`` (the budgeted check of
    :func:`sudoku_core.solvers.check_unique` found no answer), and the search nodes it spent."""
    return run(_unique_status_work(p))


def _unique_status_work(p: Puzzle) -> Generator[None, None, tuple[str, int]]:
    """:func:`_unique_status` as resumable work (a job's slices pause inside the check's searches)."""
    from sudoku_core.solvers import check_unique_work

    result = yield from check_unique_work(p)
    nodes = result.stats.get("nodes", 0)
    if result.count > 1:
        return "multiple", nodes
    if result.gave_up:
        return "gave_up", nodes
    if result.count == 0:
        return "no_solution", nodes
    return "unique", nodes


def _position(payload: dict) -> tuple[Puzzle, list | None, list | None, list | None]:
    """The givens, ``entered``, ``pencil`` and ``solution`` of a ``hint`` (or ``all_steps_job``) payload,
    checked: a BadRequest names the first cell that is not what it should be."""
    p = puzzle(payload)
    n, ncells = p.geometry.n, p.geometry.ncells
    entered = per_cell(payload, "entered", ncells)
    if entered is not None:
        for c, v in enumerate(entered):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= n:
                raise BadRequest(f"entered cell {c} holds {short(v)}; a digit is an integer from 0 to {n}",
                                   field=f"payload.entered[{c}]")
        entered = [0 if p.cells[c] else v for c, v in enumerate(entered)]
    pencil = per_cell(payload, "pencil", ncells)
    if pencil is not None:
        for c, marks in enumerate(pencil):
            ok = (isinstance(marks, int) and not isinstance(marks, bool) and 0 <= marks < 2 << n) or (
                isinstance(marks, list)
                and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= n for d in marks))
            if not ok:
                raise BadRequest(f"pencil cell {c} holds {short(marks)}; give a list of digits 1..{n} "
                                   "(or a mask)", field=f"payload.pencil[{c}]")
    solution = per_cell(payload, "solution", ncells)
    if solution is not None:
        problem = solution_problem(p, solution)
        if problem:
            raise BadRequest(f"'solution': {problem}", field="payload.solution")
    return p, entered, pencil, solution


def _technique_for(p: Puzzle, payload: dict, name: str) -> str | None:
    """The optional technique id ``payload[name]``, checked to be one of the table's for the grid's variant."""
    from sudoku_core.techniques import for_variant

    technique = field(payload, name, str)
    if technique is None:
        return None
    try:
        known = [t.id for t in for_variant(p.geometry.variant, ladder=False)]
    except ValueError as exc:
        raise BadRequest(str(exc), field="payload.variant") from None
    if technique not in known:
        raise BadRequest(f"unknown technique {short(technique)} for this grid; choose one of {', '.join(known)}",
                         field=f"payload.{name}", reason="unknown_technique")
    return technique


def op_hint(payload: dict) -> dict:
    """The next hint for givens + ``entered`` + optional ``pencil``; ``solution`` (the givens' unique
    solution, as digits) spares the engine solving the givens again; ``prefer`` (a technique id: the one a
    Practise game trains) is the hint's step whenever it applies."""
    p, entered, pencil, solution = _position(payload)
    prefer = _technique_for(p, payload, "prefer")
    return next_hint(p, entered, pencil, langs(payload), solution=solution, prefer=prefer)


def _quick_techniques() -> list[str]:
    from sudoku_core.rate import BY_ID

    return [t for t, tech in BY_ID.items() if "forcing" not in t and tech.ladder]


def _rating(p: Puzzle, with_steps: bool, langs: Sequence[str], quick: bool = False) -> dict:
    return run(_rating_work(p, with_steps, langs, quick))


def _rating_work(p: Puzzle, with_steps: bool, langs: Sequence[str],
                 quick: bool = False) -> Generator[int | None, None, dict]:
    """:func:`_rating` as resumable work: yields the steps found so far after every logic step."""
    status, nodes = yield from _unique_status_work(p)
    out: dict[str, object] = {"status": status, "level": None, "score": None, "hardest": None, "solved": False,
                              "nsteps": 0, "exact": True}
    if status == "gave_up":
        out["nodes"] = nodes
    if status != "unique":
        return out
    r = yield from rate_steps(p, techniques=_quick_techniques() if quick else None, unique=True)
    out.update(level=r.level, score=r.score, hardest=r.hardest, solved=r.solved, nsteps=len(r.steps))
    from sudoku_core.explain import technique_name

    if r.hardest:
        out["hardest_name"] = {lang: technique_name(r.hardest, lang) for lang in langs}
    if quick and not r.solved:
        out.update(level="extreme", score=None, exact=False)
    if with_steps:

        geo = p.geometry
        steps = []
        values = list(p.cells)  # the board before each step, for what a single's sightings are
        for i, s in enumerate(r.steps):
            # "step": the whole record, for the page to draw the reason (houses, links, sets)
            steps.append({"index": i, "technique": s.technique,
                          "name": {lang: technique_name(s.technique, lang) for lang in langs},
                          **step_entry(s, geo, values, langs)})
            for c, d in s.placements:
                values[c] = d
        out["steps"] = steps
    return out


def op_rate(payload: dict) -> dict:
    """The rating of the givens: status, level, score, hardest technique, solved by logic."""
    quick = field(payload, "quick", bool, False)
    return _rating(puzzle(payload), False, LANGS, quick)


def op_steps(payload: dict) -> dict:
    """The rating plus the whole solution path, step by step."""
    return _rating(puzzle(payload), True, langs(payload))


def _options(payload: dict) -> dict:
    size = field(payload, "size", int, 9)
    if size not in SIZES:
        raise BadRequest(f"'size' must be one of {', '.join(map(str, SIZES))}, not {short(size)}",
                           field="payload.size")
    level = field(payload, "level", str)
    if level is not None and level not in LEVELS:
        raise BadRequest(f"unknown level {short(level)}; choose one of {', '.join(LEVELS)}",
                           field="payload.level")
    symmetry = field(payload, "symmetry", str, "none")
    if symmetry not in SYMMETRIES and symmetry not in SYMMETRY_ALIASES:
        raise BadRequest(f"unknown symmetry {short(symmetry)}; choose one of {', '.join(SYMMETRIES)}",
                           field="payload.symmetry")
    minimal = field(payload, "minimal", bool, False)
    variant = field(payload, "variant", str, "classic")
    if variant not in VARIANTS:
        raise BadRequest(f"unknown variant {short(variant)}; choose one of {', '.join(VARIANTS)}",
                         field="payload.variant")
    givens = field(payload, "givens", bool, False)
    if givens and variant != "killer":
        raise BadRequest("'givens' is for a killer (every other variant always has givens)", field="payload.givens")
    technique = field(payload, "technique", str)
    if technique is not None and technique not in PRACTICE:
        raise BadRequest(f"unknown practice technique {short(technique)}; see the 'techniques' of op version",
                           field="payload.technique")
    out = {"size": size, "level": level, "symmetry": symmetry, "minimal": minimal, "technique": technique}
    if variant == "killer":
        return {**out, "variant": variant, "givens": givens}
    return out if variant == "classic" else {**out, "variant": variant}  # classic: the options as before


def practice_techniques() -> list[dict]:
    """The techniques a player can ask a new game to be built around (its hardest step): the table's hard
    and expert ones, in table order, with their names in every language."""
    from sudoku_core.explain import technique_name
    from sudoku_core.techniques import TABLE

    return [{"id": t.id, "level": t.level, "name": {lang: technique_name(t.id, lang) for lang in LANGS}}
            for t in TABLE if t.level in ("hard", "expert") and not t.finder.startswith("killer:")  # no cages
            and t.ladder]  # a game is built around a step of its rating


#: Technique ids a new game can practise (see practice_techniques).
PRACTICE = frozenset(t["id"] for t in practice_techniques())


def _chunk(options: dict, seed: int | str, chunk: int, attempts: int) -> dict:
    g = generate(**options, seed=f"{seed}/{chunk}" if chunk else seed, max_attempts=attempts, best_effort=True)
    out = {"seed": seed, "chunk": chunk, "attempts": g.attempts, "ms": round(g.elapsed_ms, 1)}
    out.update(_found(g))
    return out


def _found(g: Generated) -> dict:
    """What the page needs of a :class:`~sudoku_core.generate.Generated`: ``found`` (an exact match to
    the request), and then the puzzle, its solution and its rating."""
    out: dict[str, object] = {"found": bool(g.exact)}
    if g.exact:
        d = g.to_dict()
        p = g.puzzle
        out.update(level=d["level"], score=d["score"], hardest=d["hardest"], symmetry=d["symmetry"],
                   minimal=d["minimal"], line=d["puzzle"], box=[p.geometry.box_rows, p.geometry.box_cols],
                   cells=list(p.cells), solution=list(g.solution.cells), givens=p.givens,
                   **variant_value(p.geometry))
    return out


def op_daily(payload: dict) -> dict:
    """The puzzle of the day ``date`` ("YYYY-MM-DD"): the same for everyone on that date."""
    date = field(payload, "date", str, required=True)
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", date):
            raise ValueError
        datetime.date.fromisoformat(date)
    except ValueError:
        raise BadRequest(f"'date' must be a date written YYYY-MM-DD, not {short(date)}",
                           field="payload.date") from None
    day_seed = f"daily:{date}"
    for chunk in range(100):  # hard 9x9 puzzles come out in the first chunk or two; this never runs long
        out = _chunk(dict(DAILY, minimal=False), day_seed, chunk, CHUNK_ATTEMPTS)
        if out["found"]:
            return {**out, "date": date}
    raise BadRequest(f"no daily puzzle for {date}")  # pragma: no cover - never seen


class WorkJob:
    """Resumable work run as a session job (see :class:`sudoku_core.bridge.Session`): ``report`` says how
    far it got, ``answer`` gives the reply once it is done."""

    def __init__(self, work: Generator[Any, None, Any]) -> None:
        self._job = Job(work)

    def step(self, seconds: float) -> bool:
        return self._job.step(seconds)

    def report(self) -> dict:
        return {"ms": round(self._job.busy_s * 1000.0, 1), "longest_ms": round(self._job.longest_unit_s * 1000.0, 1),
                **self._progress(self._job.last)}

    def _progress(self, last: Any) -> dict:
        """What to report of the work's last yielded value."""
        return {}

    def answer(self) -> dict:
        return self._job.result

    def close(self) -> None:
        self._job.close()


class GenerationJob(WorkJob):
    """One generation: reports ``attempts`` and ``phase``; answers like ``generate``."""

    def __init__(self, options: dict, seed: int | str, attempts: int) -> None:
        self.seed = seed
        super().__init__(generation(**options, seed=seed, max_attempts=attempts, best_effort=True))

    def _progress(self, last: dict | None) -> dict:
        last = last or {}
        return {"attempts": last.get("attempts", 0), "phase": last.get("phase", "grid")}

    def answer(self) -> dict:
        g = self._job.result
        return {"seed": self.seed, **_found(g), "attempts": g.attempts}


class StepsJob(WorkJob):
    """The solution path of a puzzle: reports ``nsteps``, the steps found so far; answers like ``steps``."""

    def _progress(self, last: int | None) -> dict:
        return {"nsteps": last or 0}


class AllStepsJob(WorkJob):
    """Every step at a player's position (:func:`sudoku_core.hint.all_steps_work`): reports ``technique``
    (the id being searched) and its ``name`` per language, ``k`` of ``n`` techniques (0-based), ``nsteps``,
    the steps found so far, and ``new_groups``, the groups (as the answer gives them) finished since the last
    report, so the page lists the easy techniques while the slow ones are searched (issue 33); answers like
    :func:`~sudoku_core.hint.all_steps`."""

    def __init__(self, work: Generator[Any, None, Any]) -> None:
        super().__init__(work)
        self._sent = 0  # the groups reported so far

    def _progress(self, last: dict | None) -> dict:
        if not last:
            return {"technique": None, "name": {}, "k": 0, "n": 0, "nsteps": 0, "new_groups": []}
        out = {k: v for k, v in last.items() if k != "groups"}
        groups = last["groups"]
        out["new_groups"], self._sent = groups[self._sent:], len(groups)
        return out


def all_steps_job(payload: dict) -> AllStepsJob:
    """An :class:`AllStepsJob` for an ``all_steps_job`` payload: the position as ``hint`` takes it, plus
    ``technique`` (optional: one technique id, searched alone) and ``cap`` (the most steps listed per
    technique, 1..:data:`MAX_ALL_STEPS_CAP`, default :data:`~sudoku_core.hint.ALL_STEPS_CAP`)."""
    p, entered, pencil, solution = _position(payload)
    cap = field(payload, "cap", int, ALL_STEPS_CAP, low=1, high=MAX_ALL_STEPS_CAP)
    technique = _technique_for(p, payload, "technique")
    techniques = None if technique is None else [technique]
    return AllStepsJob(all_steps_work(p, entered, pencil, langs(payload), techniques, solution, cap))


def generation_job(payload: dict) -> GenerationJob:
    """A :class:`GenerationJob` for a ``generate_job`` payload (checked like ``generate``'s)."""
    options = _options(payload)
    attempts = field(payload, "attempts", int, JOB_ATTEMPTS, low=1, high=MAX_JOB_ATTEMPTS)
    return GenerationJob(options, seed(payload), attempts)


def steps_job(payload: dict) -> StepsJob:
    """A :class:`StepsJob` for a ``steps_job`` payload (checked like ``steps``'s)."""
    return StepsJob(_rating_work(puzzle(payload), True, langs(payload)))


#: Operation name -> function, merged into the bridge's table.
PLAY_OPS = {"hint": op_hint, "rate": op_rate, "steps": op_steps, "daily": op_daily}
