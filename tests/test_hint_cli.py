"""next_hint (mistakes first, pencil marks, bad puzzles) and the hint / rate / steps commands."""

from __future__ import annotations

import json

from sudoku_core import locales, next_hint, parse, rate, solve
from sudoku_core.candidates import State
from sudoku_core.cli import main
from sudoku_core.rate import next_step
from sudoku_core.step import apply_step

PUZZLE = "..4...3...9.27.54..6......291.6.5..7.....4.3.3..19..5.6...4...........93.7..5...."
SOLUTION = parse(solve(PUZZLE).solutions[0]).cells


def test_hint_is_a_step_with_three_levels_in_every_language():
    h = next_hint(PUZZLE)
    assert h["status"] == "step"
    json.dumps(h)
    for level in "012":
        assert set(h["messages"][level]["text"]) == set(locales.languages())
        assert h["messages"][level]["key"]
    step = h["step"]
    assert step["technique"] == h["technique"]
    assert set(h["name"]) == set(locales.languages())
    for c, d in step["placements"]:
        assert SOLUTION[c] == d
    assert h["highlight"]["cells"]


def test_wrong_digit_is_reported_before_any_reasoning():
    entered = [0] * 81
    c = PUZZLE.index(".")
    entered[c] = SOLUTION[c] % 9 + 1
    h = next_hint(PUZZLE, entered)
    assert h["status"] == "mistake"
    assert h["mistakes"] == [{"kind": "wrong_digit", "cell": c, "digit": entered[c]}]
    assert "should not be" in h["messages"]["2"]["text"]["en"]


def test_struck_out_true_candidate_is_a_mistake():
    p = parse(PUZZLE)
    pencil = list(State.from_puzzle(p).cand)
    c = PUZZLE.index(".")
    pencil[c] &= ~(1 << SOLUTION[c])
    h = next_hint(PUZZLE, None, pencil)
    assert h["status"] == "mistake"
    assert h["mistakes"][0] == {"kind": "missing_candidate", "cell": c, "digit": SOLUTION[c]}


def test_hint_reasons_from_the_players_pencil_marks():
    p = parse(PUZZLE)
    state = State.from_puzzle(p, unique=True)
    # Play the logic path until the first elimination step, so the pencil marks differ from the digits'.
    while True:
        step = next_step(state)
        apply_step(state, step)
        if step.eliminations:
            break
    entered = [v if not g else 0 for v, g in zip(state.values, p.cells, strict=True)]
    with_marks = next_hint(PUZZLE, entered, [list(_digits(m)) for m in state.cand])
    assert with_marks["status"] == "step"
    for c, d in with_marks["step"]["eliminations"]:
        assert state.cand[c] >> d & 1, "eliminates only what the player still has"
        assert SOLUTION[c] != d


def _digits(mask):
    return (d for d in range(1, 10) if mask >> d & 1)


def test_bad_puzzles_are_said_to_be_so():
    assert next_hint("11" + "." * 79)["status"] == "no_solution"
    assert next_hint("." * 81)["status"] == "multiple"
    assert "more than one solution" in next_hint("." * 81)["messages"]["0"]["text"]["en"]


def test_solved_and_stuck():
    solved_entries = [0 if g else s for g, s in zip(parse(PUZZLE).cells, SOLUTION, strict=True)]
    assert next_hint(PUZZLE, solved_entries)["status"] == "solved"
    singles = ["full_house", "hidden_single", "naked_single"]
    expert = ".....9.8....7.4......2....4.5.8..2....7.3..5..3697.....4......3...528..6..5.9..78"
    p = parse(expert)
    r = rate(p, techniques=singles)
    assert not r.solved
    values = list(p.cells)
    for step in r.steps:
        for c, d in step.placements:
            values[c] = d
    entered = [v if not g else 0 for v, g in zip(values, p.cells, strict=True)]
    h = next_hint(expert, entered, techniques=singles)
    assert h["status"] == "stuck"
    cell, digit = h["reveal"]
    assert parse(solve(expert).solutions[0]).cells[cell] == digit
    assert next_hint(expert, entered)["status"] == "step"


def test_cli_hint_text_and_json(capsys):
    assert main(["hint", PUZZLE, "--detail", "0"]) == 0
    assert capsys.readouterr().out.startswith("There is a ")
    assert main(["hint", PUZZLE, "--lang", "zh-CN"]) == 0
    assert "填入" in capsys.readouterr().out
    assert main(["hint", PUZZLE, "--lang", "zh"]) == 0  # the old name of the language still reads
    assert "填入" in capsys.readouterr().out
    assert main(["hint", PUZZLE, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "step"


def test_cli_rate_json_lines(tmp_path, capsys):
    f = tmp_path / "p.txt"
    f.write_text(PUZZLE + "\n" + "." * 80 + "1\n")
    assert main(["rate", str(f), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 2
    for obj in lines:
        assert set(obj) >= {"puzzle", "level", "score", "hardest", "solved"}
    assert lines[0]["puzzle"] == PUZZLE


def test_cli_steps_json_pairs(capsys):
    puzzle = ".....9.8....7.4......2....4.5.8..2....7.3..5..3697.....4......3...528..6..5.9..78"
    solution = list(parse(solve(puzzle).solutions[0]).cells)
    assert main(["steps", puzzle, "--json"]) == 0
    steps = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert steps
    values = list(parse(puzzle).cells)
    for s in steps:
        assert {"technique", "placements", "eliminations"} <= set(s)
        for c, d in s["placements"]:
            values[c] = d
        for c, d in s["eliminations"]:
            assert solution[c] != d
    assert values == solution


def test_cli_steps_text(capsys):
    assert main(["steps", PUZZLE]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("# ")


def test_cli_hint_with_pencil_marks(tmp_path, capsys):
    from sudoku_core.formats import format_candidates

    p = parse(PUZZLE)
    state = State.from_puzzle(p)
    state.eliminate(0, SOLUTION[0])
    grid = tmp_path / "marks.txt"
    grid.write_text(format_candidates(p, state.cand))
    assert main(["hint", PUZZLE, "--pencil", str(grid), "--json"]) == 0
    h = json.loads(capsys.readouterr().out)
    assert h["status"] == "mistake" and h["mistakes"][0]["kind"] == "missing_candidate"


def test_cli_hint_all_lists_every_technique_with_its_count_up_to_the_cap(capsys):
    from sudoku_core.hint import all_steps

    assert main(["hint", PUZZLE, "--all", "--cap", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    result = all_steps(PUZZLE, langs=("en",), cap=2)
    headings = [line for line in out if line.startswith("## ")]
    assert len(headings) == len(result["groups"])
    assert headings[0] == "## Hidden Single (hidden_single, 1.5): 2+"  # the search stops past the cap
    assert ("## Franken X-Wing (franken_x_wing, 8.2): 2+ (never tried by the rating or the hints: too slow to search "
            "at every step)") in out
    assert "     ... and more: the list stops at 2 a technique" in out
    assert out[-1] == f"# {result['count']}+ steps by {len(result['groups'])} techniques"
    assert main(["hint", PUZZLE, "--all", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == all_steps(PUZZLE, langs=("en",))


def test_cli_hint_one_technique_in_chinese_and_from_the_players_position(capsys):
    entered = "".join(str(SOLUTION[c]) if c == PUZZLE.index(".") else "." for c in range(81))
    assert main(["hint", PUZZLE, "--entered", entered, "--technique", "mutant_x_wing", "--lang", "zh"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("## 变异X翼 (mutant_x_wing, 8.3): ")
    assert out[0].endswith("（评级和提示从不尝试：每一步都搜索太慢）")
    assert all(line.startswith(("  ", "## ", "# 共")) for line in out)
    assert out[-1].startswith("# 共") and out[-1].endswith("步，同属一种技巧")  # one technique, not "1 种技巧"
    wrong = "".join(str(SOLUTION[c] % 9 + 1) if c == PUZZLE.index(".") else "." for c in range(81))
    assert main(["hint", PUZZLE, "--entered", wrong, "--all"]) == 0
    assert "should not be" in capsys.readouterr().out  # a mistake first, as the hint says it


def test_cli_hint_unknown_technique_names_the_valid_ones(capsys):
    assert main(["hint", PUZZLE, "--technique", "frankenfish"]) == 2
    err = capsys.readouterr().err
    assert "unknown technique 'frankenfish'" in err and "franken_swordfish" in err and "kraken_fish_1" in err
    assert main(["hint", PUZZLE, "--all", "--cap", "0"]) == 2
    assert "--cap must be at least 1" in capsys.readouterr().err
