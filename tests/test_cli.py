"""The command line: ``python -m sudoku_core solve`` and ``bench``, run as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_solve_stdin_json_and_methods():
    for method in ("backtrack", "dlx", "backtrack-recursive", "naive"):
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
    assert out.returncode == 2
    assert out.stdout.splitlines() == [EASY_SOLVED]  # the good puzzle is still solved
    errors = out.stderr.splitlines()
    assert len(errors) == 2 and "Traceback" not in out.stderr
    assert errors[0].startswith("sudoku-core: line 2: ") and "80 cells" in errors[0]
    assert errors[1].startswith("sudoku-core: line 3: ") and "'A'" in errors[1] and "column 41" in errors[1]


def test_conflicting_givens_name_the_rule():
    out = run("solve", stdin=EASY.replace("..3", "3.3", 1))
    assert out.returncode == 2 and out.stdout == ""
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
