"""Rebuild ``exemplars.tsv``, the regression table of technique instances, from HoDoKu's exemplar library.

Each exemplar puzzle (``../shared/data/hodoku_exemplars.txt``, labelled in ``.labels.tsv``) is solved with
the logic solver; before each step, the finder of the labelled technique is asked; the first position
where it fires is stored with the candidates and the step's exact placements and eliminations (checked
against the solution). Run: ``python3 tests/data/hints/make_exemplars.py`` from the repository root.

Columns: exemplar line, HoDoKu section, technique id, givens, candidate state (81 tokens: ``=d`` for a
filled cell, else the candidate digits), placements, eliminations (``r,c,d`` triples, ``;``-separated).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from shared_data import DATA, need  # noqa: E402

from sudoku_core import parse, solve  # noqa: E402
from sudoku_core.candidates import State, bits  # noqa: E402
from sudoku_core.rate import next_step  # noqa: E402
from sudoku_core.step import apply_step  # noqa: E402
from sudoku_core.techniques import BY_ID  # noqa: E402

#: At most this many instances per HoDoKu section, to keep the fixture small.
PER_LABEL = 8

LABELS = {
    "Locked Candidate Type 1": "pointing", "Locked Candidate Type 2": "claiming",
    "Locked Pair": "naked_pair", "Locked Triple": "naked_triple",
    "Naked Pair": "naked_pair", "Naked Triple": "naked_triple", "Naked Quadruple": "naked_quad",
    "Hidden Pair": "hidden_pair", "Hidden Triple": "hidden_triple", "Hidden Quadruple": "hidden_quad",
    "X-Wing": "x_wing", "Swordfish": "swordfish", "Jellyfish": "jellyfish",
    "Finned X-Wing": "finned_x_wing", "Finned Swordfish": "finned_swordfish", "Finned Jellyfish": "finned_jellyfish",
    "Sashimi X-Wing": "sashimi_x_wing", "Sashimi Swordfish": "sashimi_swordfish",
    "Sashimi Jellyfish": "sashimi_jellyfish",
    "Skyscraper": "skyscraper", "2-String Kite": "two_string_kite", "Empty Rectangle": "empty_rectangle",
    "Turbot Fish": "turbot_fish", "Simple Colors": "simple_colors_trap",
    "Uniqueness Test Type 1": "unique_rectangle_1", "Uniqueness Test Type 2": "unique_rectangle_2",
    "Uniqueness Test Type 3": "unique_rectangle_3", "Uniqueness Test Type 4": "unique_rectangle_4",
    "Uniqueness Test Type 5": "unique_rectangle_5", "Uniqueness Test Type 6": "unique_rectangle_6",
    "Hidden Rectangle": "hidden_rectangle", "Bivalue Universal Grave + 1": "bug_plus_1",
    "XY-Wing": "xy_wing", "XYZ-Wing": "xyz_wing", "W-Wing": "w_wing",
    "Franken Jellyfish": "franken_jellyfish", "Finned Franken Swordfish": "finned_franken_swordfish",
    "Finned Franken Jellyfish": "finned_franken_jellyfish", "Finned Mutant Jellyfish": "finned_mutant_jellyfish",
}


#: Techniques the exemplar library has no section for, taken from a line of a public set instead:
#: ``(set, 0-based line, technique id, past the basics)``; past the basics, the first position where the
#: solver's next step is beyond singles and intersections (score 3.0 and up) at which the technique
#: fires, else the first position where it fires (an unfinned Franken or Mutant X-Wing is only ever found
#: where locked candidates would do as well: none in 300 lines of each of three sets past the basics).
EXTRA = (
    ("sudokuexchange_diabolical_se5plus", 0, "franken_x_wing", False),
    ("sudokuexchange_diabolical_se5plus", 396, "franken_swordfish", True),
    ("sudokuexchange_diabolical_se5plus", 0, "finned_franken_x_wing", True),
    ("sudokuexchange_diabolical_se5plus", 0, "mutant_x_wing", False),
    ("sudokuexchange_diabolical_se5plus", 0, "mutant_swordfish", True),
    ("sudokuexchange_diabolical_se5plus", 0, "mutant_jellyfish", True),
    ("sudokuexchange_diabolical_se5plus", 0, "finned_mutant_x_wing", True),
    ("sudokuexchange_diabolical_se5plus", 0, "finned_mutant_swordfish", True),
    ("sudokuexchange_diabolical_se5plus", 0, "kraken_fish_1", True),
    ("sudokuexchange_diabolical_se5plus", 0, "kraken_fish_2", True),
)


def encode_state(s: State) -> str:
    return " ".join(f"={v}" if v else "".join(str(d) for d in bits(m)) for v, m in zip(s.values, s.cand, strict=True))


def triples(pairs) -> str:
    return ";".join(f"{c // 9 + 1},{c % 9 + 1},{d}" for c, d in sorted(pairs))


def main() -> None:
    need("hodoku_exemplars.txt", "hodoku_exemplars.labels.tsv")
    puzzles = (DATA / "hodoku_exemplars.txt").read_text().split()
    labels = [line.split("\t") for line in (DATA / "hodoku_exemplars.labels.tsv").read_text().splitlines()[1:]]
    rows = []
    per_label: dict[str, int] = {}
    for number, section, _ in labels:
        name = section.split(": ", 1)[1]
        if name not in LABELS or per_label.get(name, 0) >= PER_LABEL:
            continue
        ids = [LABELS[name]] if name != "Simple Colors" else ["simple_colors_trap", "simple_colors_wrap"]
        line = puzzles[int(number) - 1]
        p = parse(line)
        sol = parse(solve(p).solutions[0]).cells
        s = State.from_puzzle(p, unique=True)
        while not s.solved():
            hit = next((st for t in ids for st in BY_ID[t].find(s)), None)
            if hit is not None:
                assert all(sol[c] == d for c, d in hit.placements)
                assert all(sol[c] != d for c, d in hit.eliminations)
                per_label[name] = per_label.get(name, 0) + 1
                rows.append("\t".join([number, name, hit.technique, line, encode_state(s),
                                       triples(hit.placements), triples(hit.eliminations)]))
                break
            step = next_step(s)
            if step is None:
                break
            apply_step(s, step)
    for name, index, tech, past_basics in EXTRA:
        need(f"{name}.txt")
        line = (DATA / f"{name}.txt").read_text().split()[index]
        p = parse(line)
        sol = parse(solve(p).solutions[0]).cells
        s = State.from_puzzle(p, unique=True)
        while not s.solved():
            step = next_step(s)
            if not past_basics or step is None or BY_ID[step.technique].score >= 3.0:
                hit = next(iter(BY_ID[tech].find(s)), None)
                if hit is not None:
                    assert all(sol[c] != d for c, d in hit.eliminations) and not hit.placements
                    rows.append("\t".join([f"{name}:{index}", "-", tech, line, encode_state(s), "",
                                           triples(hit.eliminations)]))
                    break
            if step is None:
                break
            apply_step(s, step)
    out = Path(__file__).with_name("exemplars.tsv")
    out.write_text("\n".join(rows) + "\n")
    print(f"{len(rows)} instances written to {out}")


if __name__ == "__main__":
    main()
