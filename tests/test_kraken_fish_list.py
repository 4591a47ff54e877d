"""The Kraken fish list (sudoku_core/techniques/kraken.py ``_search``) drops a set of cover lines as soon as the
lines it leaves out hold too many fins (issue 33): it must give the same fish in the same order as the plain
definition, every k-set of base lines and of the cross lines they meet in ``itertools.combinations`` order,
since both Kraken types keep the first fish of each elimination in that order."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from sudoku_core import parse
from sudoku_core.candidates import State, _shape
from sudoku_core.techniques.kraken import MAX_FINS, SIZES, _search

SAMPLES = Path(__file__).parent / "data" / "samples"


def plain(state: State, d: int) -> list[tuple]:
    """Every rows/columns fish on ``d`` of size 2-4 whose base meets at most ``k + MAX_FINS`` cross lines, with
    at most MAX_FINS fins and every base line meeting the cover, as ``(k, base, cover, B, C, fins)``."""
    n, hb, wd = state.geo.n, state.t.house_bits, state.where[d]
    out = []
    for k in SIZES:
        for bk, ck in ((0, 1), (1, 0)):
            lines = [h for h in range(bk * n, bk * n + n) if hb[h] & wd]
            for base in combinations(lines, k):
                B = 0
                for h in base:
                    B |= hb[h] & wd
                crosses = [h for h in range(ck * n, ck * n + n) if hb[h] & B]
                if len(crosses) > k + MAX_FINS:
                    continue
                for cover in combinations(crosses, k):
                    C = 0
                    for h in cover:
                        C |= hb[h] & wd
                    fins = B & ~C
                    if fins.bit_count() <= MAX_FINS and all(hb[h] & C for h in base):
                        out.append((k, base, cover, B, C, fins))
    return out


def test_the_fish_list_is_the_plain_definition_in_its_order():
    lines = [line.split()[0] for line in (SAMPLES / "tdoku_forum_hardest_1106.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")][:2]
    checked = 0
    for text in lines:
        state = State.from_puzzle(parse(text), unique=True)
        for d in range(1, 10):
            want = plain(state, d)
            assert list(_search(_shape(state.geo), state.where[d])) == want, (text, d)
            checked += len(want)
    assert checked > 5000, checked  # the two starts' lists are long: the comparison is not vacuous
