"""Batch commands at scale (issue 18, part 8): ``--jobs N`` gives the same bytes as ``--jobs 1``, in
input order, streaming with bounded read-ahead; a progress line only on a terminal; Ctrl+C keeps whole
lines and exits 130; seeded generation is the same for any N; the documented pool example works."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_core.cli import jobs

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "data" / "samples"
EXPERT = [line for line in (SAMPLES / "qqwing_expert.txt").read_text().split() if line]
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sudoku_core", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.fixture
def mixed(tmp_path) -> Path:
    """24 expert puzzles with a comment, a blank line, a line that is not a puzzle and a too-long line."""
    f = tmp_path / "mixed.txt"
    lines = ["# expert puzzles", *EXPERT[:10], "", EXPERT[10][:80], *EXPERT[11:18], "1" * 60_000, *EXPERT[18:25]]
    f.write_text("\n".join(lines) + "\n")
    return f


@pytest.mark.parametrize("command", [("rate",), ("rate", "--json"), ("solve",), ("solve", "--limit", "2")])
def test_the_output_is_the_same_bytes_for_any_number_of_jobs(mixed, command):
    outs = {n: run(*command, str(mixed), "--jobs", str(n)) for n in (1, 2, 3)}
    assert outs[1].returncode == 1 and outs[1].stdout.count("\n") == 24, outs[1].stderr
    assert "line 13: " in outs[1].stderr and "longer than 50,000" in outs[1].stderr
    for n in (2, 3):
        assert (outs[n].returncode, outs[n].stdout, _without_note(outs[n].stderr)) == (
            outs[1].returncode, outs[1].stdout, outs[1].stderr), n


def _without_note(stderr: str) -> str:
    """Standard error without the note that ``--jobs`` was lowered to the cores (this machine may have 2)."""
    return "".join(line for line in stderr.splitlines(keepends=True) if " lowered to " not in line)


def _without_times(text: str) -> list[dict]:
    return [{k: v for k, v in row.items() if not k.endswith("ms")} for row in csv.DictReader(io.StringIO(text))]


def test_compare_over_a_file_and_a_set_is_the_same_for_any_number_of_jobs(mixed):
    """Times differ from run to run; every other figure, and the order, do not."""
    args = ("--methods", "backtrack", "dlx", "--csv")
    one, two = run("compare", str(mixed), *args, "--jobs", "1"), run("compare", str(mixed), *args, "--jobs", "2")
    assert one.returncode == two.returncode == 1 and one.stderr == two.stderr
    assert len(_without_times(one.stdout)) == 48 and _without_times(one.stdout) == _without_times(two.stdout)
    one = run("compare", "--set", "17clue", "--summary", *args, "--jobs", "1")
    two = run("compare", "--set", "17clue", "--summary", *args, "--jobs", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert _without_times(one.stdout) == _without_times(two.stdout) and len(_without_times(one.stdout)) == 2


def test_seeded_generation_is_the_same_for_any_number_of_jobs():
    outs = [run("generate", "--count", "6", "--seed", "jobs", "--jobs", str(n)) for n in (1, 2, 3)]
    assert all(o.returncode == 0 for o in outs), outs[-1].stderr
    assert outs[0].stdout == outs[1].stdout == outs[2].stdout and len(set(outs[0].stdout.split())) == 6
    # each puzzle's seed comes from the base seed and its index alone: the 4th is "jobs:3" made on its own
    alone = run("generate", "--seed", "jobs:3", "--json", "--jobs", "2")
    record = json.loads(alone.stdout)
    assert record["seed"] == "jobs:3" and record["puzzle"] == outs[2].stdout.split()[3]


def test_a_pool_keeps_input_order_and_reads_a_bounded_window_ahead():
    assert list(jobs.in_order(str, range(3000), 2)) == [str(i) for i in range(3000)]
    pulled = itertools.count()
    endless = (next(pulled) for _ in itertools.count())  # an input that never ends
    results = jobs.in_order(str, endless, 2)
    assert [next(results) for _ in range(5)] == ["0", "1", "2", "3", "4"]
    time.sleep(0.5)  # give the reader every chance to run ahead
    read = next(pulled)
    assert read <= jobs.READ_AHEAD + (jobs.WINDOW * 2 + 2) * jobs.MAX_CHUNK + 10, read
    results.close()  # stops the workers


def test_with_jobs_output_starts_before_the_input_ends():
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_core", "solve", "--jobs", "2"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        for _ in range(3):
            proc.stdin.write(EASY + "\n")
            proc.stdin.flush()
            assert proc.stdout.readline().strip() == EASY_SOLVED  # the input is still open
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()


def test_a_bad_line_mid_stream_with_jobs_answers_the_lines_before_it(tmp_path):
    f = tmp_path / "latin1.txt"
    f.write_bytes(f"{EASY}\n{EASY}\n".encode() + "café\n".encode("latin-1") + f"{EASY}\n".encode())
    out = run("solve", str(f), "--jobs", "2")
    assert out.returncode == 2 and out.stdout.split() == [EASY_SOLVED, EASY_SOLVED]
    assert out.stderr.strip() == f"sudoku-core: {f}: line 3 is not UTF-8 text (byte 4 is 0xe9); save the file as UTF-8"


def test_jobs_must_be_a_positive_whole_number():
    for bad in ("0", "two"):
        out = run("rate", EASY, "--jobs", bad)
        assert out.returncode == 2 and "--jobs" in out.stderr.splitlines()[-1] and "Traceback" not in out.stderr


def test_jobs_beyond_the_cores_are_lowered_with_a_note(mixed):
    """Issue 34: ``rate --jobs 10000`` started thousands of workers and ran the machine out of memory."""
    cores = jobs.default_jobs()
    out = run("rate", str(mixed), "--jobs", "10000")
    alone = run("rate", str(mixed), "--jobs", "1")
    note = f"sudoku-core: --jobs 10,000 lowered to {cores}, the cores this process may use"
    assert out.stderr.splitlines()[0].startswith(note)
    assert (out.returncode, out.stdout, out.stderr.splitlines()[1:]) == (alone.returncode, alone.stdout,
                                                                          alone.stderr.splitlines())
    assert jobs.jobs_for(10 ** 17, "-") == cores and jobs.jobs_for(1, "-") == 1
    out = run("rate", str(mixed), "--jobs", "9" * 5000)
    assert out.returncode == 2 and "--jobs takes a whole number, not '9999" in out.stderr
    assert "(5,000 characters)" in out.stderr and "Traceback" not in out.stderr


def test_workers_end_when_their_parent_is_killed(tmp_path):
    """Issue 34: the workers outlived a parent killed by the OOM killer. SIGKILL leaves the parent no time
    to stop them; each worker's watch sees it gone."""
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_core", "rate", "-", "--jobs", "2"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        proc.stdin.write((EASY + "\n").encode())
        proc.stdin.flush()
        assert proc.stdout.readline().split()[0] == EASY.encode()  # the pool is up, and the input still open
        workers = _children(proc.pid)
        assert len(workers) >= 2
        proc.kill()
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while _running(workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(workers)
    finally:
        proc.kill()
        for w in _running(workers if "workers" in locals() else set()):
            os.kill(w, signal.SIGKILL)


def _running(pids: set[int]) -> list[int]:
    """The processes of ``pids`` still running (not gone, and not a zombie waiting to be reaped)."""
    out = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if state not in ("Z", "X"):
            out.append(pid)
    return out


# --- progress: on a terminal only ------------------------------------------------------------------

def _stderr_on_a_terminal(*args: str) -> tuple[int, str, bytes]:
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "sudoku_core", *args], stdout=subprocess.PIPE,
                                stderr=slave, cwd=ROOT)
    finally:
        os.close(slave)
    out, _ = proc.communicate(timeout=120)
    err = b""
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the terminal is closed once the command has ended
            break
        if not data:
            break
        err += data
    os.close(master)
    return proc.returncode, out.decode(), err


def test_progress_is_drawn_on_a_terminal_and_cleared_at_the_end():
    status, out, err = _stderr_on_a_terminal("rate", str(SAMPLES / "qqwing_expert.txt"), "--jobs", "2")
    assert status == 0 and out.count("\n") == len(EXPERT)
    assert err.startswith(b"\rrate  ") and b" puzzles  " in err and b"/s" in err and err.endswith(b"\r\x1b[K")
    status, out, err = _stderr_on_a_terminal("generate", "-n", "3", "--seed", "1", "--jobs", "2")
    assert status == 0 and b"generate  1/3 puzzles [" in err
    status, out, err = _stderr_on_a_terminal("rate", str(SAMPLES / "qqwing_expert.txt"), "--no-progress")
    assert status == 0 and err == b""


def test_no_progress_in_a_pipe(mixed):
    for args in (("rate", str(SAMPLES / "qqwing_expert.txt")), ("generate", "-n", "3", "--seed", "1")):
        out = run(*args, "--jobs", "2")
        assert out.returncode == 0 and out.stderr == "", args


def test_progress_text_with_and_without_a_total():
    p = jobs.Progress("rate", None, stream=io.StringIO())
    p.done = 150
    assert p.text(10.0) == "rate  150 puzzles  15.0/s"
    p = jobs.Progress("generate", 200, stream=io.StringIO())
    p.done = 50
    assert p.text(10.0) == "generate  50/200 puzzles [#####...............]  25%  5.0/s  ETA 0:30"


# --- Ctrl+C ---------------------------------------------------------------------------------------

def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(x) for x in (task / "children").read_text().split()}
    return found


@pytest.mark.parametrize("n", [1, 2])
def test_ctrl_c_keeps_whole_lines_and_exits_130(tmp_path, n):
    f = tmp_path / "many.txt"
    f.write_text("\n".join(EXPERT * 40) + "\n")  # 2,000 puzzles: far from done when interrupted
    # SIGINT back to its default in the child: a test command run in the background of a shell without
    # job control inherits it ignored, and then Ctrl+C (rightly) does nothing.
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_core", "rate", str(f), "--jobs", str(n)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # The first answers straight off the pipe: communicate() reads the pipe itself too, so bytes that
        # a buffered readline() had taken beyond the third line would be lost to it.
        first = b""
        while first.count(b"\n") < 3:
            first += os.read(proc.stdout.fileno(), 65536)
        workers = _children(proc.pid)
        assert not workers if n == 1 else len(workers) >= n  # (>=: a forkserver, where that is the default)
        proc.send_signal(signal.SIGINT)
        rest, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130 and err.decode() == "sudoku-core: interrupted\n"
    lines = (first + rest).decode()
    assert lines.endswith("\n") and len(lines.splitlines()) < 2000
    for puzzle, line in zip(EXPERT * 40, lines.splitlines(), strict=False):
        assert line.split()[0] == puzzle and len(line.split()) == 4, line  # whole answers, in order
    time.sleep(0.2)
    assert not [w for w in workers if Path(f"/proc/{w}").exists()
                and "Z" not in Path(f"/proc/{w}/stat").read_text().split()[2]]  # no worker left running


# --- the documented pattern for other engines -------------------------------------------------------

def test_the_documented_pool_example_gives_the_cli_s_answers(tmp_path):
    """docs/examples/batch_pool.py: the pattern docs/batch.md gives for Dask or any map over many
    machines (a pure function of one line or one index), run here on a local process pool."""
    example = ROOT / "docs" / "examples" / "batch_pool.py"
    f = tmp_path / "expert.txt"
    f.write_text("\n".join(EXPERT[:12]) + "\n")
    got = subprocess.run([sys.executable, str(example), "rate", str(f), "2"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert got.returncode == 0, got.stderr
    assert got.stdout == run("rate", str(f), "--jobs", "1").stdout
    got = subprocess.run([sys.executable, str(example), "generate", "5", "docs", "2"], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert got.returncode == 0, got.stderr
    assert got.stdout == run("generate", "--count", "5", "--seed", "docs", "--jobs", "1").stdout


def test_the_documented_dask_example_gives_the_cli_s_answers_on_a_local_cluster(tmp_path, monkeypatch):
    """docs/examples/batch_dask.py, docs/batch.md's Dask pattern, on a LocalCluster of two worker processes:
    the rated lines of two input files and a seeded batch of puzzles, gathered from the partitions' files in
    order, are the CLI's lines."""
    from dask.distributed import Client, LocalCluster  # tests/requirements.txt installs it: never skipped

    monkeypatch.setenv("PYTHONPATH", os.environ.get("PYTHONPATH", ""))
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "examples"))
    import batch_dask

    batch_dask.workers_path()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text("\n".join(EXPERT[:5]) + "\n")
    (tmp_path / "in" / "b.txt").write_text("\n".join(EXPERT[5:9]) + "\n")
    (tmp_path / "all.txt").write_text("\n".join(EXPERT[:9]) + "\n")

    def gathered(out: Path) -> str:
        files = sorted(out.glob("*.txt"), key=lambda p: int(p.stem))
        assert len(files) >= 2, files  # the work really was split
        return "".join(f.read_text() + "\n" for f in files)  # Dask ends a file's last line with no newline

    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster):
        assert len(cluster.workers) == 2
        batch_dask.rate_files(str(tmp_path / "in" / "*.txt"), str(tmp_path / "rated"))
        batch_dask.generate_files(5, "docs", str(tmp_path / "made"), 8)
    want = run("rate", str(tmp_path / "all.txt"), "--jobs", "1").stdout
    assert gathered(tmp_path / "rated") == want and len(want.splitlines()) == 9
    assert gathered(tmp_path / "made") == run("generate", "--count", "5", "--seed", "docs", "--jobs", "1").stdout
