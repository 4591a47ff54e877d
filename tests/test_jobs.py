"""Resumable work (sudoku_core.work) and the worker's session jobs (bridge.Session): a generation run in
slices gives the same puzzle as one call, every slice makes progress, and stops, errors and unknown ids
get replies, never a crash."""

from __future__ import annotations

import json

import pytest

from sudoku_core.bridge import Session
from sudoku_core.generate import generate, generation
from sudoku_core.work import Job, run


def call(session: Session, op: str, payload: dict) -> dict:
    return json.loads(session.handle_json(json.dumps({"type": op, "payload": payload})))


def counting(units: int):
    yield from range(units)
    return "done"


def test_run_drives_work_to_its_result_and_shows_every_report():
    seen = []
    assert run(counting(5), seen.append) == "done"
    assert seen == [0, 1, 2, 3, 4]


def test_a_spent_slice_still_runs_one_unit_so_every_slice_makes_progress():
    job = Job(counting(3))
    assert [job.step(0), job.last] == [False, 0]
    assert [job.step(0), job.last] == [False, 1]
    assert [job.step(0), job.last] == [False, 2]
    assert job.step(0) and job.done and job.result == "done" and job.units == 3
    assert job.step(0)  # a done job stays done


def test_the_unit_after_the_last_yield_is_counted(monkeypatch):
    """Issue 34: ``job_step {"ms": 50}`` reported ``ms: 4745.8`` with ``longest_ms: 48.6``: the work between
    the last yield and the end (a forcing net's search) was no unit. A clock the work itself advances."""
    import types

    clock = [0.0]
    monkeypatch.setattr("sudoku_core.work.time", types.SimpleNamespace(perf_counter=lambda: clock[0]))

    def work():
        for _ in range(3):
            clock[0] += 0.01
            yield "unit"
        clock[0] += 4.7
        return "found"

    job = Job(work())
    assert job.step(0.05) and job.result == "found"
    assert round(job.longest_unit_s, 6) == 4.7 and round(job.busy_s, 6) == 4.73


def test_a_closed_job_runs_no_more():
    job = Job(counting(3))
    job.step(0)
    job.close()
    assert job.done and job.result is None


@pytest.mark.parametrize(("size", "level", "symmetry", "seed"), [
    (9, "hard", "rot180", 11), (9, "expert", "none", "s-3"), (6, "medium", "mirror_h", 5), (12, "hard", "rot180", 2),
    (9, None, "dihedral", 8),
])
def test_a_sliced_generation_gives_the_puzzle_of_one_call(size, level, symmetry, seed):
    session = Session()
    payload = {"size": size, "symmetry": symmetry, "seed": seed, "ms": 20}
    if level:
        payload["level"] = level
    reply = call(session, "generate_job", payload)
    while not reply["result"]["done"]:
        result = reply["result"]
        assert result["phase"] in ("grid", "dig", "rate") and result["attempts"] >= 1
        reply = call(session, "job_step", {"job": result["job"], "ms": 20})
        assert reply["ok"], reply
    result = reply["result"]
    g = generate(size, level, symmetry, seed=seed)
    assert result["found"] and result["line"] == g.puzzle.to_line() and result["solution"] == list(g.solution.cells)
    assert result["attempts"] == g.attempts and result["level"] == g.level and result["seed"] == seed
    assert not session._jobs  # a done job is forgotten
    again = call(session, "job_step", {"job": result["job"]})
    assert again["error"]["reason"] == "no_job"


def test_a_generation_is_cut_into_many_units():
    """One unit per slice when the slice is spent at once: a hard 9x9 is hundreds of units (grids, groups
    tried, logic steps), and the same puzzle comes out."""
    job = Job(generation(9, "hard", "rot180", seed=11))
    while not job.step(0):
        pass
    assert job.units > 50 and job.result.puzzle == generate(9, "hard", "rot180", seed=11).puzzle


#: A generation that no 20 ms slice finishes: a minimal Extreme is dug on from a catalogued one and rated (0.1-0.5 s
#: of CPU), not handed out with the catalogue's rating.
SLOW = {"size": 9, "level": "extreme", "minimal": True, "ms": 20}


def test_stop_ends_a_job_and_later_steps_are_told_it_is_gone():
    session = Session()
    # A minimal 9x9 Extreme is dug and rated (a tenth of a second or more); a 9x9 Expert may be found within one
    # 20 ms slice on a quiet machine, and an Extreme that is not minimal comes from sudoku_core.extremes at once.
    started = call(session, "generate_job", SLOW | {"seed": 1})["result"]
    assert not started["done"]
    assert call(session, "job_stop", {"job": started["job"]})["result"] == {"job": started["job"], "stopped": True}
    assert call(session, "job_stop", {"job": started["job"]})["result"]["stopped"] is False
    gone = call(session, "job_step", {"job": started["job"], "ms": 20})
    assert not gone["ok"] and gone["error"]["kind"] == "bad_request" and gone["error"]["field"] == "payload.job"


def test_a_session_keeps_at_most_max_jobs_and_drops_the_oldest():
    session = Session()
    ids = [call(session, "generate_job", SLOW | {"seed": i})["result"]["job"] for i in range(Session.MAX_JOBS + 2)]
    assert sorted(session._jobs) == ids[2:]
    assert call(session, "job_step", {"job": ids[0]})["error"]["reason"] == "no_job"


def test_a_job_that_cannot_be_met_gets_the_engine_s_error_and_is_forgotten():
    session = Session()
    reply = call(session, "generate_job", {"size": 4, "level": "hard", "seed": 1})
    assert reply["error"]["kind"] == "generate" and "4x4" in reply["error"]["message"]
    assert not session._jobs
    bad = call(session, "generate_job", {"size": 9, "seed": 1, "ms": 0})
    assert bad["error"]["field"] == "payload.ms"


def test_a_job_out_of_attempts_says_not_found():
    session = Session()
    # One dug grid seldom has a Death Blossom for its hardest step.
    reply = call(session, "generate_job", {"size": 9, "technique": "death_blossom", "seed": 4, "attempts": 1,
                                           "ms": 2000})
    while not reply["result"]["done"]:
        reply = call(session, "job_step", {"job": reply["result"]["job"], "ms": 2000})
    assert reply["result"]["attempts"] == 1
    once = generate(9, technique="death_blossom", seed=4, max_attempts=1, best_effort=True)
    assert reply["result"]["found"] is once.exact is False


def test_the_stateless_bridge_has_no_jobs():
    from sudoku_core.bridge import handle

    assert handle({"type": "job_step", "payload": {"job": 1}})["error"]["kind"] == "unknown_op"


@pytest.mark.parametrize("text", [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",  # several solutions
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
])
def test_a_path_in_slices_is_the_path_of_one_call(text):
    from sudoku_core.bridge import handle

    session = Session()
    reply = call(session, "steps_job", {"text": text, "langs": ["en"], "ms": 20})
    counts = []
    while not reply["result"]["done"]:
        counts.append(reply["result"]["nsteps"])
        reply = call(session, "job_step", {"job": reply["result"]["job"], "ms": 20})
    result = {k: v for k, v in reply["result"].items() if k not in ("job", "done", "ms", "longest_ms")}
    whole = handle({"type": "steps", "payload": {"text": text, "langs": ["en"]}})["result"]
    assert result == whole
    assert all(isinstance(c, int) and c >= 0 for c in counts)


# --- searches inside jobs pause every so many nodes (issue 34: one cage check was a 2.9 s unit) ----------

def sparse_grid(n: int, keep: int, seed: int = 3) -> tuple:
    """A ``n``x``n`` geometry and a generated solution with only ``keep`` cells kept (many solutions)."""
    from sudoku_core.generate import full_grid, make_rng
    from sudoku_core.grid import variant_geometry

    geo = variant_geometry(n, "classic")
    rng, _ = make_rng(seed)
    grid = full_grid(geo, rng)
    kept = set(rng.sample(range(geo.ncells), keep))
    return geo, [grid[c] if c in kept else 0 for c in range(geo.ncells)]


@pytest.mark.parametrize("method", ["backtrack", "dlx"])
def test_a_search_run_as_work_pauses_every_so_many_nodes_and_finds_what_one_call_finds(method):
    from sudoku_core.solvers import backtrack, dlx, engine

    module = backtrack if method == "backtrack" else dlx
    geo, cells = sparse_grid(9, 20)
    whole = engine(method)(geo, cells, 40, 5_000)
    job = Job(module.search_work(geo, cells, 40, 5_000, every=7))
    while not job.step(0):  # one unit per step
        pass
    assert job.result.solutions == whole.solutions and job.result.stats["nodes"] == whole.stats["nodes"]
    nodes = whole.stats["nodes"]
    assert nodes > 50
    assert (nodes - 1) // 7 - 1 <= job.units <= (nodes - 1) // 7
    # A budget spent between two pauses still gives up where one call does.
    cut = Job(module.search_work(geo, cells, 40, 50, every=7))
    while not cut.step(0):
        pass
    assert cut.result.gave_up and cut.result.stats["nodes"] == engine(method)(geo, cells, 40, 50).stats["nodes"]


def test_a_steps_job_on_a_sparse_25x25_pauses_inside_its_uniqueness_check():
    # Issue 34: the first 200 ms slice of steps_job and all_steps_job on a 25x25 at 10% givens took 1.3-1.8 s,
    # all of it one unit (the uniqueness check before the first step): one step of one unit finished the job.
    # Now the check pauses every few nodes: three units in, it is still checking.
    from sudoku_core.bridge.play import all_steps_job, steps_job
    from sudoku_core.puzzle import Alphabet

    _geo, cells = sparse_grid(25, 62)
    text = "".join(Alphabet.default(25).symbols[v - 1] if v else "." for v in cells)
    for make in (steps_job, all_steps_job):
        job = make({"text": text})
        assert not any(job.step(0) for _ in range(3))
        job.close()
