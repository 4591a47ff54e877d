"""The Extreme catalogue (sudoku_core/extremes.py) and the New game bank: one source for the bank's Extremes.

The bank's Extremes (9x9, 12x12, 16x16 classic; 9x9 X, Windoku, Jigsaw; rot180) are listed once, in the
engine's catalogue (``BANKED``), from which a seed's Extreme is drawn; build.py writes them into the page as
``js/bank-extremes.js`` and web/js/bank.js merges them into its ``BANK``. tests/test_bank.py checks each
entry as a banked puzzle (unique by two solvers, rot180, rated Extreme). A puzzle made from an entry carries
the entry's rating (``RATINGS``) instead of being rated again: here every entry has one and a sample is re-rated
(``bench/extreme_bench.py --catalogue`` re-rates them all, and every puzzle it makes).
"""

import json
import random
import re
from pathlib import Path
from unittest import mock

import pytest
from support import sample

import build
from sudoku_core import extremes
from sudoku_core.extremes import BANKED, EXTREMES, FOUND, RATINGS, bank_key, bank_lists, carried_rating
from sudoku_core.formats import parse
from sudoku_core.generate import (
    SYMMETRIES,
    extreme_start,
    generate,
    is_symmetric,
    symmetry_groups,
    transformed,
    variant_techniques,
)
from sudoku_core.grid import variant_geometry
from sudoku_core.rate import rate
from sudoku_core.solvers import engine
from sudoku_core.techniques import BY_ID
from sudoku_core.work import run

ROOT = Path(__file__).resolve().parent.parent
BANK_JS = (ROOT / "web" / "js" / "bank.js").read_text(encoding="utf-8")


def test_the_page_bank_takes_its_extremes_from_the_catalogue_and_lists_none_itself():
    module = build.bank_extremes_module()
    written = json.loads(re.search(r"export const EXTREMES = (\{.*\});", module, re.S).group(1))
    assert written == bank_lists() == {bank_key(k): list(v) for k, v in BANKED.items()}
    assert set(written) == {"9|extreme", "12|extreme", "16|extreme", "9|extreme|x", "9|extreme|windoku",
                            "9|extreme|jigsaw"}
    assert 'import { EXTREMES } from "./bank-extremes.js";' in BANK_JS and "  ...EXTREMES,\n" in BANK_JS
    for key in written:  # no second copy in bank.js to drift from the engine's
        assert f'\n  "{key}": [' not in BANK_JS
    for lines in written.values():
        assert not any(line in BANK_JS for line in lines)


def test_the_catalogue_is_the_bank_then_the_found_in_that_order():
    # A seed's Extreme is drawn by position: the bank's first, then the others.
    assert set(EXTREMES) == set(BANKED) | set(FOUND)
    for key, lines in EXTREMES.items():
        assert lines == BANKED.get(key, ()) + FOUND.get(key, ())
    assert bank_key("9") == "9|extreme" and bank_key("9|jigsaw") == "9|extreme|jigsaw"


def test_an_x_is_reordered_too_and_keeps_its_diagonals():
    # An X's rows and columns are reordered alike, in orders that commute with reversal: both diagonals stay
    # (the solution stays an X solution) and the patterns differ beyond the square's eight maps.
    line = BANKED["9|x"][0]
    puzzle = parse(line)
    geo, cells = puzzle.geometry, list(puzzle.cells)
    solution = engine("dlx")(geo, cells, 2, None).solutions[0]
    patterns = set()
    for seed in range(12):
        new_geo, moved, solved = transformed(geo, cells, solution, "rot180", 0, random.Random(seed))
        assert engine("dlx")(new_geo, moved, 2, None).solutions == [solved]  # unique, as an X
        assert len({solved[i * 9 + i] for i in range(9)}) == 9
        assert len({solved[i * 9 + 8 - i] for i in range(9)}) == 9
        assert is_symmetric(new_geo, moved, "rot180")
        patterns.add(tuple(bool(v) for v in moved))
    assert len(patterns) > 1


@pytest.mark.parametrize("size", [12, 16])
@pytest.mark.parametrize("symmetry", [s for s in SYMMETRIES if s not in ("none", "rot180")])
def test_every_symmetry_of_a_big_classic_grid_has_a_catalogued_extreme(size, symmetry):
    # A dihedral entry serves every symmetry; the others serve theirs (and their turns where the boxes allow).
    got = run(extreme_start(variant_geometry(size, "classic"), "classic", symmetry, random.Random(symmetry)))
    assert got is not None
    geo, cells, solution, rating = got
    assert is_symmetric(geo, cells, symmetry)
    assert engine("backtrack")(geo, cells, 2, None).solutions == [solution]  # unique, by the other solver
    assert rating.level == "extreme" and (rating.score, rating.hardest) in RATINGS[str(size)]


def test_a_dihedral_extreme_is_made_from_the_catalogue_and_carries_its_rating():
    g = generate(9, level="extreme", symmetry="dihedral", seed=3)
    assert g.stats.get("extreme_starts") == 1 == g.stats.get("ratings_carried") and g.attempts == 1 and g.exact
    assert "ratings" not in g.stats  # not rated again, and it says so
    assert g.rated is False and g.to_dict()["rated"] is False
    assert generate(9, level="hard", seed=3).rated is True  # a dug puzzle's rating is the rater's own
    assert is_symmetric(g.puzzle.geometry, g.puzzle.cells, "dihedral")
    assert engine("backtrack")(g.puzzle.geometry, list(g.puzzle.cells), 2, None).solutions == [list(g.solution.cells)]
    assert rate(g.puzzle).level == "extreme" == g.level
    assert (g.score, g.hardest) in RATINGS["9"]


@pytest.mark.parametrize(("variant", "symmetry", "seed"), [("classic", "none", 1), ("classic", "dihedral", 2),
                                                     ("x", "rot180", 3), ("jigsaw", "mirror_h", 4)])
def test_a_minimal_extreme_is_dug_on_from_the_catalogue_and_rated(variant, symmetry, seed):
    # A minimal Extreme digs on from a catalogued one (no dig of full grids; another start where a count gave
    # up, as on this Jigsaw, or the dig went beyond the rater) and is rated, not carried: its givens are a
    # subset of a moved entry's, so its level had to be measured.
    g = generate(9, level="extreme", symmetry=symmetry, minimal=True, seed=seed, variant=variant)
    assert g.stats["extreme_starts"] == g.attempts <= 3 and "grid_tries" not in g.stats
    assert g.exact and g.minimal and g.rated and g.level == "extreme" and "ratings_carried" not in g.stats
    geo, cells = g.puzzle.geometry, list(g.puzzle.cells)
    assert is_symmetric(geo, cells, symmetry)
    assert engine("backtrack")(geo, cells, 2, None).solutions == [list(g.solution.cells)]
    assert rate(g.puzzle).level == "extreme"
    for group in symmetry_groups(geo, symmetry):  # minimal: no group of givens can go
        if cells[group[0]]:
            fewer = [0 if c in group else v for c, v in enumerate(cells)]
            assert len(engine("backtrack")(geo, fewer, 2, None).solutions) == 2, group


def test_a_minimal_extreme_without_a_catalogued_start_is_dug_from_full_grids():
    with mock.patch.dict(extremes.EXTREMES, {}, clear=True):
        g = generate(9, level="extreme", minimal=True, seed=1, max_attempts=3, best_effort=True)
    assert "extreme_starts" not in g.stats and g.stats["grid_tries"] >= 1  # full grids, dug
    assert g.rated and engine("backtrack")(g.puzzle.geometry, list(g.puzzle.cells), 2, None).solutions == [
        list(g.solution.cells)]


def test_every_entry_has_its_rating_in_the_catalogues_order():
    assert set(RATINGS) == set(EXTREMES)
    for key, lines in EXTREMES.items():
        assert len(RATINGS[key]) == len(lines), key
        for score, hardest in RATINGS[key]:
            assert isinstance(score, float) and BY_ID[hardest].level == "extreme", (key, score, hardest)


#: Entries re-rated here (a 9x9's rating is 0.1-0.6 s): one per 9x9 kind, drawn by support.sample (all of
#: them with SUDOKU_EXHAUSTIVE=1; every entry, 12x12 and 16x16 too: bench/extreme_bench.py --catalogue).
RERATED = [(key, i) for key in EXTREMES if key.startswith("9")
           for i in sample(range(len(EXTREMES[key])), 1, seed=f"rerated-{key}")]


@pytest.mark.parametrize(("key", "index"), RERATED)
def test_a_carried_rating_is_the_entrys_own(key, index):
    puzzle = parse(EXTREMES[key][index])
    r = rate(puzzle, variant_techniques({}, puzzle.geometry.variant), unique=True)
    assert (r.level, r.score, r.hardest) == tuple(carried_rating(key, index))


def test_no_catalogue_entry_for_a_symmetry_means_a_dig():
    # A grid kind whose entries have no pattern a turn makes mirror-symmetric: extreme_start gives up at once.
    rot180_only = {"12": BANKED["12"]}
    with mock.patch.dict(extremes.EXTREMES, rot180_only):
        assert run(extreme_start(variant_geometry(12, "classic"), "classic", "mirror_h", random.Random(1))) is None
