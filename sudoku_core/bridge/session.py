"""Sessions: the one place where work outlives a request (see :class:`Session`)."""

from __future__ import annotations

from collections.abc import Callable

from .payload import MAX_SEED_INT, BadRequest, field
from .play import WorkJob, all_steps_job, generation_job, steps_job
from .registry import OPS
from .wire import handle_json


class Session:
    """The worker's bridge: every operation of :data:`OPS`, plus resumable jobs for work that can take
    seconds (generating a hard big grid), run in time slices so the page shows progress and a stop is
    answered within one slice, with no worker restart.

    * ``generate_job``: the payload of ``generate`` (``size``, ``level``, ``symmetry``, ``minimal``,
      ``technique``, ``seed``; ``attempts``: the most dug puzzles to try, default
      :data:`~sudoku_core.bridge.play.JOB_ATTEMPTS`) plus ``ms``, the slice. Starts the job, runs one slice,
      and answers like ``job_step``. The same seed and options give the same puzzle as the CLI's
      ``generate --seed``, however the work is sliced;
    * ``steps_job``: the payload of ``steps`` plus ``ms``: the solution path as a job (a hard 16x16 takes
      seconds); reports ``nsteps``, the steps found so far, and answers like ``steps``;
    * ``all_steps_job``: the payload of ``hint`` (a player's position) plus ``ms``, and optionally
      ``technique`` and ``cap``: every step every technique finds there, off-ladder ones too, grouped by
      technique (:func:`~sudoku_core.bridge.play.all_steps_job`); reports ``technique``, ``k`` of ``n``
      techniques, ``nsteps`` and ``new_groups`` (the groups finished since the last report), and answers
      like :func:`sudoku_core.hint.all_steps`;
    * ``job_step``: ``job`` (an id), ``ms`` -> runs one more slice: ``{"job", "done", "attempts",
      "phase", "ms"}``, and when done the result (for generation: ``found`` and the puzzle, as
      ``generate`` gives it). A done job is forgotten;
    * ``job_stop``: ``job`` -> ``{"job", "stopped"}``; the job's work is closed (an unknown id is not an
      error: the job may have finished).

    A slice runs whole units of work until ``ms`` has passed, at least one unit, so it can overrun by one
    unit (a logic step of a rating, about 0.25 s of CPython at worst on 16x16). A session holds at most
    :data:`MAX_JOBS` jobs; starting another stops the oldest. The jobs live in this object, which the
    worker owns: the module keeps no state.
    """

    MAX_JOBS = 4
    #: Slice bounds, in milliseconds.
    MIN_MS, MAX_MS, DEFAULT_MS = 20, 2_000, 250

    def __init__(self) -> None:
        self._jobs: dict[int, WorkJob] = {}
        self._next_id = 1
        self.ops: dict[str, Callable[[dict], dict]] = {
            **OPS, "generate_job": self._generate_job, "steps_job": self._steps_job,
            "all_steps_job": self._all_steps_job,
            "job_step": self._job_step, "job_stop": self._job_stop,
        }

    def handle_json(self, text: str) -> str:
        """:func:`handle_json` over this session's operations."""
        return handle_json(text, self.ops)

    def _slice(self, payload: dict) -> float:
        return field(payload, "ms", int, self.DEFAULT_MS, low=self.MIN_MS, high=self.MAX_MS) / 1000.0

    def _generate_job(self, payload: dict) -> dict:
        return self._start(generation_job, payload)

    def _steps_job(self, payload: dict) -> dict:
        return self._start(steps_job, payload)

    def _all_steps_job(self, payload: dict) -> dict:
        return self._start(all_steps_job, payload)

    def _start(self, make: Callable[[dict], WorkJob], payload: dict) -> dict:
        seconds = self._slice(payload)
        job = make(payload)
        while len(self._jobs) >= self.MAX_JOBS:
            self._jobs.pop(next(iter(self._jobs))).close()
        job_id, self._next_id = self._next_id, self._next_id + 1
        self._jobs[job_id] = job
        return self._advance(job_id, job, seconds)

    def _job(self, payload: dict) -> tuple[int, WorkJob]:
        job_id = field(payload, "job", int, required=True, low=1, high=MAX_SEED_INT)
        job = self._jobs.get(job_id)
        if job is None:
            raise BadRequest(f"no job {job_id}: it finished, was stopped, or was never started",
                             field="payload.job", reason="no_job")
        return job_id, job

    def _job_step(self, payload: dict) -> dict:
        seconds = self._slice(payload)
        job_id, job = self._job(payload)
        return self._advance(job_id, job, seconds)

    def _advance(self, job_id: int, job: WorkJob, seconds: float) -> dict:
        try:
            done = job.step(seconds)
        except BaseException:
            self._jobs.pop(job_id, None)
            raise
        out = {"job": job_id, "done": done, **job.report()}
        if done:
            del self._jobs[job_id]
            out.update(job.answer())
        return out

    def _job_stop(self, payload: dict) -> dict:
        job_id = field(payload, "job", int, required=True, low=1, high=MAX_SEED_INT)
        job = self._jobs.pop(job_id, None)
        if job is not None:
            job.close()
        return {"job": job_id, "stopped": job is not None}
