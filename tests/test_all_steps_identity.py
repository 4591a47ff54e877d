"""All steps at a position stay the same steps when the finders are made faster (issue 33, item 3).

``sudoku_core.hint.all_steps`` is the finders' whole output at a position, each family capped: a change that
is meant only for speed (sharing work between finders, pruning a search, a cheaper propagation) must leave
it as it was, step for step and in order. Each position's answer is reduced to a digest of its data (the
status, and per group the technique, the count, ``more`` and every step's record without the words, which
``explain`` makes from it): the digests below were taken from the code before such changes, and a finder
that finds another step, in another order, or draws another chain fails here.

Positions: starts and halfway positions of forum-hardest puzzles (forcing nets, Kraken fish, ALS chains),
a diabolical one, and a 16x16 start whose finned Mutant fish search runs to its last fin round. A change
that is *meant* to change the steps updates the digests (``python tests/test_all_steps_identity.py`` prints
them) and says why in its commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from sudoku_core import parse
from sudoku_core.candidates import State
from sudoku_core.hint import all_steps
from sudoku_core.rate import next_step
from sudoku_core.step import apply_step

SAMPLES = Path(__file__).parent / "data" / "samples"


def _line(name: str, i: int) -> str:
    lines = [x.split()[0] for x in (SAMPLES / name).read_text().splitlines() if x.strip() and not x.startswith("#")]
    return lines[i]


def _halfway(text: str) -> list[int]:
    """The entries of the position halfway along the puzzle's logic path."""
    p = parse(text)
    state, path = State.from_puzzle(p, unique=True), []
    while not all(state.values) and (step := next_step(state)) is not None:
        apply_step(state, step)
        path.append(step)
    state = State.from_puzzle(p, unique=True)
    for step in path[: len(path) // 2]:
        apply_step(state, step)
    return [v if not g else 0 for v, g in zip(state.values, p.cells, strict=True)]


def digest(text: str, at: str) -> str:
    """The digest of ``all_steps`` at the start of ``text`` or halfway along its logic path (``at``)."""
    result = all_steps(text, _halfway(text) if at == "mid" else None, langs=("en",))
    data = {"status": result["status"], "groups": [
        {"technique": g["technique"], "count": g["count"], "more": g["more"], "steps": [s["step"] for s in g["steps"]]}
        for g in result.get("groups", [])]}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:20]


FORUM, DIABOLICAL, SIXTEEN = ("tdoku_forum_hardest_1106.txt", "sudokuexchange_diabolical_se5plus.txt",
                              "sixteen_by_sixteen_owhy_100.txt")

#: (sample file, line, start or mid) -> the digest of its steps before the speed-ups.
EXPECTED = {
    (FORUM, 0, "start"): "35f9b8ed3d2f5c4c7132",
    (FORUM, 0, "mid"): "f7d4a36ddc28ded0b93d",
    (FORUM, 1, "start"): "ec54310e5f1269cf7cc7",
    (FORUM, 3, "mid"): "067249b77017f3ca1935",
    (DIABOLICAL, 0, "mid"): "db66a11be1e02d3c7c5f",
    (SIXTEEN, 2, "start"): "2cf838e7fd38cf3eea5c",
}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "i", "at"), list(EXPECTED))
def test_all_steps_are_the_steps_they_were(name, i, at):
    assert digest(_line(name, i), at) == EXPECTED[name, i, at]


if __name__ == "__main__":
    for key in EXPECTED:
        print(f"    {key!r}: {digest(_line(key[0], key[1]), key[2])!r},")
