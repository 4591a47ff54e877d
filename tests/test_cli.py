"""The command line: ``python -m sudoku_core solve`` and ``bench``, run as a user runs them."""

from __future__ import annotations

import contextlib
import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from support import POJ_3076, POJ_3076_SOLUTION

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "samples"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
NO_SOLUTION = "2.36..5......7219.5......4..31..........19.8.8.......53...8.26..697......8...14.."  # no two givens clash


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sudoku_core", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_solve_reads_one_puzzle_per_line(tmp_path):
    empty_row = "." * 81
    f = tmp_path / "p.txt"
    f.write_text(f"# a comment\n{EASY}\n\n{NO_SOLUTION}\n{empty_row}\n")
    out = run("solve", "--limit", "2", str(f))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [EASY_SOLVED, "no solution", "multiple solutions"]


def test_the_study_s_inputs_are_read_as_given(tmp_path):
    """POJ 3074: lines of 81 characters with '.' blanks, then a line 'end'. POJ 3076: sixteen lines of
    A-P with '-' blanks, read as letters with no option."""
    f = tmp_path / "poj3074.txt"
    f.write_text(f"{EASY}\n{EASY}\nend\n")
    out = run("solve", str(f))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [EASY_SOLVED, EASY_SOLVED]
    f = tmp_path / "poj3076.txt"
    f.write_text(POJ_3076)
    out = run("solve", str(f))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [POJ_3076_SOLUTION]


def test_solve_stdin_json_and_methods():
    for method in ("backtrack", "dlx", "backtrack-recursive", "naive", "fewest", "locked", "dlx-plain", "dlx-fewest"):
        out = run("solve", "--json", "--method", method, "--limit", "2", stdin=EASY + "\n")
        assert out.returncode == 0, out.stderr
        record = json.loads(out.stdout)
        assert record["puzzle"] == EASY and record["count"] == 1 and record["status"] == "unique"
        assert record["solutions"] == [EASY_SOLVED] and record["method"] == method
        assert record["stats"]["nodes"] >= 1 and record["ms"] >= 0


def test_solve_a_puzzle_given_on_the_command_line_and_a_grid_file(tmp_path):
    assert run("solve", EASY).stdout.strip() == EASY_SOLVED
    rows = [EASY[i:i + 9] for i in range(0, 81, 9)]
    grid = "\n".join(" ".join(r[:3]) + " | " + " ".join(r[3:6]) + " | " + " ".join(r[6:]) for r in rows)
    f = tmp_path / "grid.txt"
    f.write_text(grid + "\n")
    out = run("solve", str(f))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == EASY_SOLVED


def test_bad_input_names_the_line_and_exits_non_zero(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(f"{EASY}\n{EASY[:80]}\n{EASY[:40]}A{EASY[41:]}\n")
    out = run("solve", str(f))
    assert out.returncode == 1  # some puzzles failed
    assert out.stdout.splitlines() == [EASY_SOLVED]  # the good puzzle is still solved
    errors = out.stderr.splitlines()
    assert len(errors) == 2 and "Traceback" not in out.stderr
    assert errors[0].startswith("sudoku-core: line 2: ") and "80 cells" in errors[0]
    assert errors[1].startswith("sudoku-core: line 3: ") and "'A'" in errors[1] and "column 41" in errors[1]


def test_conflicting_givens_name_the_rule():
    out = run("solve", stdin=EASY.replace("..3", "3.3", 1))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip() == "sudoku-core: r1c1 and r1c3 both hold 3 in row 1"


def test_bad_options_are_one_line_errors():
    out = run("solve", "--limit", "0", stdin=EASY)
    assert out.returncode == 2 and out.stderr.strip() == "sudoku-core: --limit must be at least 1, not 0"
    out = run("solve", "--method", "fast", stdin=EASY)
    assert out.returncode == 2 and "invalid choice: 'fast'" in out.stderr


def test_node_limit_gives_up_clearly():
    out = run("solve", "--method", "naive", "--node-limit", "100", stdin="." * 625)
    assert out.returncode == 0 and out.stdout.strip() == "gave up after 100 nodes"


def test_bench_prints_figures_for_each_method():
    if not DATA.exists():
        pytest.fail(f"the shared puzzle sets are missing: {DATA}")
    out = run("bench", "--count", "3", "--sets", "17clue", "serg", "--methods", "backtrack", "dlx",
              "--data", str(DATA))
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith(("17clue", "serg"))]
    assert len(lines) == 4 and all("wrong=0" in line for line in lines)
    assert sum("unique=3" in line for line in lines) == 2 and sum("multiple=3" in line for line in lines) == 2


def test_bench_json_and_25x25():
    out = run("bench", "--count", "1", "--sets", "25x25-half", "--limit", "1", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["method"] for r in rows] == ["backtrack", "dlx"]
    assert all(r["wrong"] == 0 and r["statuses"] == {"solved": 1} for r in rows)


# --- bad input: one clear line, never a traceback (issue 19) ---------------------------------------

def _bad_inputs(tmp_path: Path) -> dict[str, tuple[str, int, str]]:
    """name -> (path, exit status, words of the one error line)."""
    binary = tmp_path / "binary.dat"
    binary.write_bytes(bytes(range(256)) * 8)
    directory = tmp_path / "folder"
    directory.mkdir()
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(b"\xff\xfe" + (EASY + "\n").encode("utf-16-le"))
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    latin = tmp_path / "latin1.txt"
    latin.write_bytes((EASY + "\n").encode() + "café\n".encode("latin-1"))
    huge = tmp_path / "huge-line.txt"
    with huge.open("w") as f:
        for _ in range(20):
            f.write("1" * 100_000)
        f.write("\n" + EASY + "\n")
    return {
        "binary": (str(binary), 2, "is not text (it holds NUL bytes)"),
        "directory": (str(directory), 2, "is a directory"),
        "utf-16 with BOM": (str(utf16), 0, ""),
        "empty": (str(empty), 2, "is empty"),
        "not UTF-8": (str(latin), 2, "line 2 is not UTF-8 text"),
        "huge line": (str(huge), 1, "longer than 50,000 characters"),
        "/dev/zero": ("/dev/zero", 2, "is not text"),
        "missing file": (str(tmp_path / "nope.txt"), 2, "nope.txt: there is no such file (nor is it a puzzle"),
        "neither a file nor a puzzle": ("xyz", 1, "no file is named 'xyz', and as a puzzle it does not read: 'y'"),
    }


@pytest.mark.parametrize("command", ["solve", "rate", "compare"])
def test_bad_input_gets_one_line_and_a_documented_status(tmp_path, command):
    for name, (path, status, words) in _bad_inputs(tmp_path).items():
        out = run(command, path)
        assert "Traceback" not in out.stderr, (name, out.stderr)
        assert out.returncode == status, (name, out.returncode, out.stderr)
        errors = out.stderr.splitlines()
        if status == 2:
            assert len(errors) == 1 and words in errors[0] and errors[0].startswith("sudoku-core: "), (name, errors)
            assert out.stdout == "" or name == "not UTF-8", name  # line 1 is good, and answered first
        elif status == 1:
            assert any(words in e for e in errors), (name, errors)
        else:
            assert errors == [] and out.stdout, name


# --- issue 34: no user input gives status 3 ---------------------------------------------------------

KILLER_DOTS = "killer:" + "." * 81 + ":a" + "." * 80 + ":"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_killer_line_with_a_bad_sum_is_reported_in_its_place(tmp_path, jobs):
    """A file whose first line was ``killer:...:²`` stopped at it with status 3, before the valid puzzle on
    the next line."""
    f = tmp_path / "k.txt"
    f.write_text(f"{KILLER_DOTS}²\n{EASY}\n{KILLER_DOTS}①\n{KILLER_DOTS}{'1' * 5000}\n{EASY}\n")
    out = run("solve", str(f), "--jobs", jobs)
    assert out.returncode == 1 and out.stdout.split() == [EASY_SOLVED, EASY_SOLVED]
    errors = out.stderr.splitlines()
    assert [e.split(":")[1] for e in errors] == [" line 1", " line 3", " line 4"], errors
    assert all("cage 'a' (from r1c1) has the sum" in e for e in errors) and "(5,000 characters)" in errors[2]


def _closed_stdout(*args: str) -> subprocess.CompletedProcess:
    command = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "sudoku_core", *args))
    return subprocess.run(["sh", "-c", f"exec {command} >&-"], capture_output=False, stderr=subprocess.PIPE,
                          text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("args", [("solve", EASY), ("solve", "-", "--jobs", "2"), ("generate", "--size", "4"),
                                  ("compare", EASY, "--methods", "dlx")])
def test_a_closed_or_full_standard_output_is_output_trouble(args):
    """``solve FILE >&-`` ended with status 3 (an AttributeError), ``> /dev/full`` said "cannot read the
    input"; both are the output's trouble, status 2, in one line."""
    closed = _closed_stdout(*args)
    assert closed.returncode == 2, closed.stderr
    assert closed.stderr == "sudoku-core: standard output is closed, so there is nowhere to write the answers\n"
    with open("/dev/full", "w") as full:
        out = subprocess.run([sys.executable, "-m", "sudoku_core", *args], input=EASY + "\n", stdout=full,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stderr == "sudoku-core: cannot write the answers to standard output: No space left on device\n"


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_core", "solve", "--jobs", "1"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdin.write((EASY + "\n").encode())
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == EASY_SOLVED.encode()
    proc.stdout.close()  # the reader goes away, as "| head -1" does
    with contextlib.suppress(BrokenPipeError):  # it may have ended already, at its next answer
        proc.stdin.write(((EASY + "\n") * 2000).encode())
        proc.stdin.close()
    assert proc.wait(timeout=60) == 0 and proc.stderr.read() == b""


@pytest.mark.parametrize(("args", "words"), [
    (("generate", "--seed", "1" * 10_000), "--seed takes 1 to 200 characters (a number or any text), not 10,000"),
    (("generate", "--count", "9" * 4000), "--count takes a whole number (digits 0-9), not '9999"),
    (("generate", "--size", "²"), "--size takes a whole number (digits 0-9), not '²'"),
    (("generate", "--timeout", "1e999"), "--timeout must be more than 0 and at most 86,400 seconds, not '1e999'"),
    (("generate", "--timeout", "nan"), "--timeout takes a number of seconds, not 'nan'"),
    (("solve", EASY, "--limit", "١"), "--limit takes a whole number (digits 0-9), not '١'"),
    (("solve", EASY, "--node-limit", "10" * 20), "--node-limit takes a whole number from 1 to 1,000,000,000,000"),
    (("compare", EASY, "--node-limit", "-" + "9" * 30), "--node-limit takes a whole number (digits 0-9)"),
    (("hint", EASY, "--all", "--cap", "1" * 100), "--cap takes a whole number (digits 0-9)"),
    (("bench", "--count", "1e3"), "--count takes a whole number from 0 to 1,000,000,000 (digits 0-9), not '1e3'"),
])
def test_every_number_argument_is_capped(args, words):
    out = run(*args)
    assert out.returncode == 2 and words in out.stderr.splitlines()[-1], out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.splitlines()[-1]) < 200


def test_a_long_seed_of_digits_and_other_digits_are_seeds():
    assert run("generate", "--size", "4", "--seed", "9" * 200).returncode == 0
    a, b = run("generate", "--size", "4", "--seed", "²"), run("generate", "--size", "4", "--seed", "²")
    assert a.returncode == 0 and a.stdout == b.stdout and len(a.stdout.strip()) == 16


def test_an_endless_binary_stream_on_stdin_is_refused_at_once():
    proc = subprocess.run([sys.executable, "-m", "sudoku_core", "solve"], stdin=open("/dev/zero", "rb"),  # noqa: SIM115
                          capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert proc.returncode == 2 and "standard input is not text" in proc.stderr


def test_puzzle_files_are_streamed_line_by_line():
    """The first answer comes out before the input ends: the input is never read whole."""
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_core", "solve"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        proc.stdin.write(EASY + "\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == EASY_SOLVED  # the input is still open
        proc.stdin.write(NO_SOLUTION + "\n")
        proc.stdin.close()
        assert proc.stdout.readline().strip() == "no solution"
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()


def test_hint_entered_of_the_wrong_size_is_one_line():
    out = run("hint", EASY, "--entered", "1" * 16)
    assert out.returncode == 2 and out.stderr.strip().startswith("sudoku-core: --entered has 16 cells")
    out = run("hint", EASY, "--pencil", "/dev/zero")
    assert out.returncode == 2 and "not text" in out.stderr and "Traceback" not in out.stderr


def test_a_bug_is_one_line_with_status_3(monkeypatch, capsys):
    from sudoku_core import cli
    from sudoku_core.cli import solve as solve_cli

    def boom(args):
        raise KeyError("oops")

    monkeypatch.setattr(solve_cli, "run", boom)
    monkeypatch.setattr(cli, "build_parser", lambda: _parser_with(solve_cli, boom))
    assert cli.main(["solve", EASY]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: KeyError" in err


def _parser_with(module, func):
    import argparse

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    p = sub.add_parser("solve")
    p.add_argument("input")
    p.set_defaults(func=func)
    return parser
