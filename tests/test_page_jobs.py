"""The page's one job runner, ``EngineClient.runJob`` (web/js/engine.js), in node (no browser): issue 32 item 4.

New game, the bank's refill, the solution path and All steps here all run their long work through it. This
test runs engine.js in node against a fake worker that answers like the engine's session jobs
(sudoku_core/bridge/session.py: a first slice, then ``job_step`` slices until done, ``job_stop`` to end one)
and checks what the runner promises: every slice before the last reaches ``onProgress`` and the last is the
answer; an abort (Cancel) sends ``job_stop`` for that job at once and the promise rejects as stopped, with no
further ``job_step``; a job whose answer went stale meanwhile (the position changed) is stopped, or its
answer dropped when it was already done; and the engine's own errors are not taken for a stop.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A fake worker: each job takes SLICES slices (the first answers the job's op); it records every message.
RUNNER = r"""
import { EngineClient, isStopped } from "./js/engine.js";

const SLICES = 4;
function client() {
  const engine = new EngineClient({ autostart: false });
  const sent = [];
  const jobs = new Map();
  let nextJob = 7;
  engine.worker = /** fake */ ({
    postMessage(message) {
      sent.push({ type: message.type, job: message.payload.job ?? null, ms: message.payload.ms ?? null });
      const reply = (result) => setTimeout(() => {
        sent.push({ type: `answer ${message.type}`, job: result.job, ms: null });
        engine.onMessage({ id: message.id, ok: true, result });
      }, 1);
      if (message.type === "job_stop") {
        jobs.delete(message.payload.job);
        return reply({ job: message.payload.job, stopped: true });
      }
      if (message.type === "broken_job") {
        return setTimeout(() => engine.onMessage({ id: message.id, ok: false,
          error: { kind: "bad_request", message: "no such grid" } }), 1);
      }
      const job = message.type === "job_step" ? message.payload.job : nextJob++;
      const k = message.type === "job_step" ? jobs.get(job) + 1 : 1;
      jobs.set(job, k);
      const done = k === SLICES;
      if (done) jobs.delete(job);
      reply({ job, done, ms: 5, longest_ms: 5, nsteps: k, ...(done ? { status: "solved", steps: ["a", "b"] } : {}) });
    },
    terminate() {},
  });
  engine.onMessage({ type: "ready", version: "test", python: "3" });
  return { engine, sent };
}

const out = {};
const failure = (error) => ({ stopped: isStopped(error), kind: error.kind, why: error.details?.why ?? null });

{ // progress, then the answer
  const { engine, sent } = client();
  const progress = [];
  const answer = await engine.runJob("steps_job", { text: "x" }, { onProgress: (s) => { progress.push(s.nsteps); } });
  out.progress = { progress, answer: { done: answer.done, nsteps: answer.nsteps, steps: answer.steps }, sent,
    busy: engine.busy, state: engine.state };
}
{ // an abort during the second slice: job_stop at once, no further job_step, the promise rejects as stopped
  const { engine, sent } = client();
  const controller = new AbortController();
  const progress = [];
  let error = null;
  try {
    await engine.runJob("generate_job", { size: 9 }, { signal: controller.signal, onProgress: (s) => {
      progress.push(s.nsteps);
      if (s.nsteps === 2) setTimeout(() => controller.abort(), 0); // while the next slice is asked
    } });
  } catch (caught) { error = failure(caught); }
  await new Promise((resolve) => setTimeout(resolve, 20));
  out.abort = { progress, error, sent };
}
{ // aborted before it starts: nothing is sent
  const { engine, sent } = client();
  const controller = new AbortController();
  controller.abort();
  let error = null;
  try {
    await engine.runJob("steps_job", {}, { signal: controller.signal });
  } catch (caught) { error = failure(caught); }
  out.early = { error, sent };
}
{ // stale after the second slice: stopped before the next slice
  const { engine, sent } = client();
  let revision = 0;
  const progress = [];
  let error = null;
  try {
    await engine.runJob("all_steps_job", {}, { stale: () => revision !== 0, onProgress: (s) => {
      progress.push(s.nsteps);
      if (s.nsteps === 2) revision += 1;
    } });
  } catch (caught) { error = failure(caught); }
  out.stale = { progress, error, sent };
}
{ // stale once done: the answer is dropped (no job_stop: the job has ended)
  const { engine, sent } = client();
  let revision = 0;
  let error = null;
  let answer = null;
  try {
    answer = await engine.runJob("steps_job", {}, { stale: () => revision !== 0, onProgress: (s) => {
      if (s.nsteps === SLICES - 1) setTimeout(() => { revision += 1; }, 0); // while the last slice is asked
    } });
  } catch (caught) { error = failure(caught); }
  out.staleDone = { answer, error, sent };
}
{ // the engine's own error is not a stop
  const { engine, sent } = client();
  let error = null;
  try { await engine.runJob("broken_job", {}); } catch (caught) { error = failure(caught); }
  out.broken = { error, sent };
}
{ // background work: never shows the engine as busy
  const { engine } = client();
  const states = [];
  engine.addEventListener("status", (event) => states.push(event.detail.state));
  await engine.runJob("generate_job", {}, { background: true, onProgress: async () => {
    await new Promise((resolve) => setTimeout(resolve, 2)); // the refill waits for the player to be idle
  } });
  out.background = { states };
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict:
    if not shutil.which("node"):
        pytest.fail("needs node (Debian package nodejs; tests/run.sh installs it)")
    where = tmp_path_factory.mktemp("jobs")
    (where / "js").mkdir()
    for name in ("engine.js", "dom.js"):
        shutil.copy(ROOT / "web" / "js" / name, where / "js" / name)
    (where / "package.json").write_text('{"type": "module"}')
    (where / "run.mjs").write_text(RUNNER)
    done = subprocess.run(["node", "run.mjs"], cwd=where, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def types(sent: list[dict]) -> list[str]:
    """The messages the page sent, in order."""
    return [m["type"] for m in sent if not m["type"].startswith("answer ")]


def test_every_slice_but_the_last_is_progress_and_the_last_is_the_answer(runs):
    r = runs["progress"]
    assert r["progress"] == [1, 2, 3]
    assert r["answer"] == {"done": True, "nsteps": 4, "steps": ["a", "b"]}
    assert types(r["sent"]) == ["steps_job", "job_step", "job_step", "job_step"]
    assert all(m["job"] == 7 for m in r["sent"] if m["type"] == "job_step")
    asked = [m["ms"] for m in r["sent"] if not m["type"].startswith("answer ")]
    assert len(set(asked)) == 1 and asked[0] > 0  # every slice as long: SLICE_MS
    assert r["busy"] is False and r["state"] == "ready"


def test_an_abort_stops_the_workers_job_at_once_and_rejects(runs):
    r = runs["abort"]
    assert r["progress"] == [1, 2]
    assert r["error"] == {"stopped": True, "kind": "stopped", "why": "aborted"}
    # the third slice was already asked; job_stop follows it at once, before that slice's answer, and
    # nothing is asked after
    assert [m["type"] for m in r["sent"]] == ["generate_job", "answer generate_job", "job_step", "answer job_step",
                                             "job_step", "job_stop", "answer job_step", "answer job_stop"]
    assert types(r["sent"]) == ["generate_job", "job_step", "job_step", "job_stop"]
    assert r["sent"][5]["job"] == 7


def test_an_abort_before_the_start_sends_nothing(runs):
    assert runs["early"] == {"error": {"stopped": True, "kind": "stopped", "why": "aborted"}, "sent": []}


def test_a_stale_job_is_stopped_before_its_next_slice(runs):
    r = runs["stale"]
    assert r["progress"] == [1, 2]
    assert r["error"] == {"stopped": True, "kind": "stopped", "why": "stale"}
    assert types(r["sent"]) == ["all_steps_job", "job_step", "job_stop"]


def test_a_stale_answer_is_dropped(runs):
    r = runs["staleDone"]
    assert r["answer"] is None
    assert r["error"] == {"stopped": True, "kind": "stopped", "why": "stale"}
    assert types(r["sent"]) == ["steps_job", "job_step", "job_step", "job_step"]  # done: nothing to stop


def test_an_engine_error_is_not_a_stop(runs):
    assert runs["broken"]["error"] == {"stopped": False, "kind": "bad_request", "why": None}
    assert types(runs["broken"]["sent"]) == ["broken_job"]


def test_background_jobs_never_show_the_engine_busy(runs):
    assert "busy" not in runs["background"]["states"]
