"""Chains, ALS, Sue de Coq and forcing chains/nets: each finder on known instances (HoDoKu exemplars,
and small hand-made candidate grids with eliminations worked out by hand), where it must not fire, the
proof it records (every link is a real strong or weak link of the position), and a soundness sweep over
hard puzzles: every step agrees with the unique solution."""

from __future__ import annotations

from itertools import islice, pairwise
from pathlib import Path

import pytest
from support import sample

from sudoku_core import parse, solve
from sudoku_core.candidates import State, bits
from sudoku_core.grid import geometry_for_side
from sudoku_core.rate import find_steps, logic_solve, next_step
from sudoku_core.step import apply_step
from sudoku_core.techniques import BY_ID, TABLE, chains, for_variant, forcing
from sudoku_core.techniques import als as als_mod

DATA = Path(__file__).parent / "data" / "chains"
#: Small samples of the public sets, in the repository (see tests/data/README.md).
SAMPLES = Path(__file__).parent / "data" / "samples"
BASIC = tuple(t for t in TABLE if t.finder.split(":")[0] in ("singles", "intersections", "subsets"))
MINE = {"remote_pair", "x_chain", "xy_chain", "nice_loop", "aic", "grouped_nice_loop", "grouped_aic",
        "wxyz_wing", "vwxyz_wing", "sue_de_coq", "als_xz", "als_xy_wing", "als_xy_chain", "extended_als_xy_chain",
        "death_blossom", "cell_forcing_chain", "unit_forcing_chain",
        "digit_forcing_chain", "forcing_net"}
CHAINS = {"x_chain", "xy_chain", "nice_loop", "aic", "grouped_nice_loop", "grouped_aic"}


def _exemplars():
    rows = []
    for line in (DATA / "exemplars.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            tech, number, _section, puzzle = line.split("\t")
            rows.append(pytest.param(tech, puzzle, id=f"{tech}-{number}"))
    return rows


def _solution(puzzle: str) -> list[int]:
    return [int(ch) for ch in solve(puzzle, limit=2).solutions[0]]


def _wrong(step, sol) -> list:
    return ([x for x in step.placements if sol[x[0]] != x[1]]
            + [x for x in step.eliminations if sol[x[0]] == x[1]])


def _strong_ok(state, a, b) -> bool:
    """Nodes ``a`` and ``b`` (tuples of (cell, digit)) are strongly linked in ``state``."""
    if len(a) == len(b) == 1 and a[0][0] == b[0][0]:
        c = a[0][0]
        return {a[0][1], b[0][1]} == set(bits(state.cand[c]))
    digits = {d for _, d in a + b}
    if len(digits) != 1:
        return False
    d = digits.pop()
    cells = {c for c, _ in a + b}
    for hb in state.t.house_bits:
        if all(hb >> c & 1 for c in cells) and set(bits(state.where[d] & hb)) == cells:
            return not {c for c, _ in a} & {c for c, _ in b}
    return False


def _weak_ok(state, a, b) -> bool:
    if len(a) == len(b) == 1 and a[0][0] == b[0][0]:
        return a[0][1] != b[0][1]
    digits = {d for _, d in a + b}
    if len(digits) != 1:
        return False
    pb = state.t.peer_bits
    return all(pb[x] >> y & 1 for x, _ in a for y, _ in b)


def _check_chain(state, step):
    """Links alternate strong/weak, start strong, are real links; the conclusion follows from the ends."""
    links = step.links
    assert links
    for i, (a, b, strong) in enumerate(links):
        assert all(state.cand[c] >> d & 1 for c, d in a + b), "a node is not a candidate"
        assert strong == (i % 2 == 0)
        assert (_strong_ok if strong else _weak_ok)(state, a, b), (i, a, b, strong)
    for (_, b, _), (a2, _, _) in pairwise(links):
        assert b == a2, "links do not follow on"
    start, end = links[0][0], links[-1][1]
    if step.variant == "loop":
        assert not links[-1][2] and links[-1][1] == links[0][0]
        return
    assert links[-1][2] if step.variant != "loop" else True
    if step.placements:
        assert start == end and step.placements == start
        return
    for z in step.eliminations:
        assert _weak_ok(state, (z,), start) or z in start, (z, start)
        assert _weak_ok(state, (z,), end) or z in end, (z, end)


def _prepared(puzzle: str) -> State:
    state = State.from_puzzle(parse(puzzle))
    logic_solve(state, BASIC)
    return state


# ---------------------------------------------------------------------------------------------
# Known instances


@pytest.mark.parametrize(("tech", "puzzle"), _exemplars())
def test_exemplar_fires_and_is_sound(tech, puzzle):
    state = _prepared(puzzle)
    sol = _solution(puzzle)
    steps = list(islice(BY_ID[tech].find(state), 25))
    assert steps, f"{tech} did not fire"
    for step in steps:
        assert step.technique == tech and step.progress
        assert not _wrong(step, sol), (step.placements, step.eliminations)
        if tech in CHAINS:
            _check_chain(state, step)


def _pencil_grid(marks: dict[str, str]) -> State:
    """An empty 9x9 grid where every cell has all candidates except those in ``marks`` ("r1c1": "12")."""
    geo = geometry_for_side(9)
    pencil = [0] * 81
    full = geo.all_digits
    for c in range(81):
        pencil[c] = full
    for name, digits in marks.items():
        r, c = int(name[1]) - 1, int(name[3]) - 1
        pencil[r * 9 + c] = sum(1 << int(d) for d in digits)
    return State.from_pencil(geo, [0] * 81, pencil)


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def test_remote_pair_by_hand():
    # r1c1 - r1c5 - r5c5 - r5c9, all {1,2}: r1c1 and r5c9 hold different digits, so r1c9 and r5c1,
    # which see both, lose 1 and 2 (the row 1 / column 5 / row 5 naked pairs are not remote pairs).
    state = _pencil_grid({"r1c1": "12", "r1c5": "12", "r5c5": "12", "r5c9": "12"})
    steps = list(BY_ID["remote_pair"].find(state))
    assert len(steps) == 1
    assert set(steps[0].eliminations) == {(_cell("r1c9"), 1), (_cell("r1c9"), 2), (_cell("r5c1"), 1),
                                          (_cell("r5c1"), 2)}
    assert steps[0].cells == tuple(_cell(x) for x in ("r1c1", "r1c5", "r5c5", "r5c9")) or \
        steps[0].cells == tuple(_cell(x) for x in ("r5c9", "r5c5", "r1c5", "r1c1"))


def test_remote_pair_not_with_three_cells():
    state = _pencil_grid({"r1c1": "12", "r1c5": "12", "r5c5": "12"})
    assert not list(BY_ID["remote_pair"].find(state))


def test_xy_chain_by_hand():
    # r1c1{1,2} = r1c5{2,3} = r5c5{3,1}: r1c1 or r5c5 is 1, so r5c1 (seeing both) is not 1.
    state = _pencil_grid({"r1c1": "12", "r1c5": "23", "r5c5": "13"})
    elims = {e for s in BY_ID["xy_chain"].find(state) for e in s.eliminations}
    assert elims == {(_cell("r5c1"), 1)}
    for s in BY_ID["xy_chain"].find(state):
        _check_chain(state, s)


def test_xy_chain_needs_equal_end_digits():
    state = _pencil_grid({"r1c1": "12", "r1c5": "23", "r5c5": "34"})
    assert not list(BY_ID["xy_chain"].find(state))


def test_x_chain_by_hand():
    # Digit 1 only in A=r1c1, B=r1c5, C=r4c5, D=r4c8, E=r7c8, F=r7c2, G=r8c1. The X-Chain
    # A=B-C=D-E=F (strong links in rows 1, 4, 7; weak links in columns 5 and 8) says A or F is 1,
    # so G, seeing A (column 1) and F (box 7), is not 1.
    ones = ("r1c1", "r1c5", "r4c5", "r4c8", "r7c8", "r7c2", "r8c1")
    marks = {f"r{r}c{c}": "23456789" for r in range(1, 10) for c in range(1, 10)}
    for name in ones:
        marks[name] = "123456789"
    state = _pencil_grid(marks)
    steps = list(BY_ID["x_chain"].find(state))
    assert (_cell("r8c1"), 1) in {e for s in steps for e in s.eliminations}
    for s in steps:
        assert {d for _, d in s.eliminations} == {1}
        _check_chain(state, s)


def test_wxyz_wing_by_hand():
    # The ALS r1c1{1,4} r1c2{2,4} r1c3{3,4} (row 1) and the cell r5c1{1,2}: every 1 of the set sees r5c1,
    # so r5c1 = 1 empties the ALS of 1 and locks it, putting 2 in r1c2. So r5c1 or r1c2 is 2, and the cells
    # seeing both (r2c1, r3c1 in box 1 and column 1; r4c2, r5c2, r6c2 in box 4 and column 2) lose 2.
    state = _pencil_grid({"r1c1": "14", "r1c2": "24", "r1c3": "34", "r5c1": "12"})
    steps = list(BY_ID["wxyz_wing"].find(state))
    assert len(steps) == 1
    step = steps[0]
    assert step.variant == "single" and step.digits == (2,)
    assert set(step.eliminations) == {(_cell(x), 2) for x in ("r2c1", "r3c1", "r4c2", "r5c2", "r6c2")}
    assert set(step.cells) == {_cell(x) for x in ("r5c1", "r1c1", "r1c2", "r1c3")}
    assert not list(BY_ID["vwxyz_wing"].find(state))


def test_wxyz_wing_needs_a_restricted_digit():
    # r5c4{1,2} sees none of the set's 1s and 2s: no digit ties it to the set.
    state = _pencil_grid({"r1c1": "14", "r1c2": "24", "r1c3": "34", "r5c4": "12"})
    assert not list(BY_ID["wxyz_wing"].find(state))


def test_wxyz_wing_doubly_linked_by_hand():
    # r2c2{1,2} sees the set's only 1 (r1c1) and only 2 (r1c2): no digit can be in two of the four cells,
    # so each of 1..4 is in exactly one, and every cell seeing all of a digit's places loses it: 1 from the
    # rest of box 1 (6 cells), 2 from box 1 and column 2 (12), 3 from the peers of r1c4 (18), 4 from row 1 (6).
    state = _pencil_grid({"r1c1": "14", "r1c2": "24", "r1c4": "34", "r2c2": "12"})
    steps = list(BY_ID["wxyz_wing"].find(state))
    assert len(steps) == 1
    step = steps[0]
    assert step.variant == "double"
    assert len(step.eliminations) == 42
    assert {(_cell("r3c3"), 1), (_cell("r9c2"), 2), (_cell("r9c4"), 3), (_cell("r2c6"), 3),
            (_cell("r1c9"), 4)} <= set(step.eliminations)
    assert not {(_cell("r9c2"), 1), (_cell("r9c1"), 2), (_cell("r2c1"), 4)} & set(step.eliminations)


# Puzzles of sudokuexchange_diabolical_se5plus where the wing is the next step once the techniques scoring
# below it are done: (technique, variant, puzzle); the file's lines 11, 37, 7, 98 (SE 5.5, 5.5, 7.2, 6.3).
BENT_WINGS = [
    ("wxyz_wing", "single", "..7...5......8....9...7...1.251.893...3...6....9...2.....5.3...7.......6.1.2.7.4."),
    ("wxyz_wing", "double", "9..2....6..3.8......69.532...8...1.2.5..7..3.2.4...6...695.87......4.2..8....3..5"),
    ("vwxyz_wing", "single", "...6..3.93.67...1...1..472.9..5......1.....7......6..1.539..1...7...58.48.9..7..."),
    ("vwxyz_wing", "double", "3..2.7..9...861.....8.3.6.....4.6...2.9...3.54...5...6..23.59......1.....8.....7."),
]


@pytest.mark.parametrize(("tech", "variant", "puzzle"), BENT_WINGS)
def test_bent_wings_on_real_puzzles_are_sound(tech, variant, puzzle):
    below = tuple(t for t in TABLE if t.score < BY_ID[tech].score)
    state = State.from_puzzle(parse(puzzle))
    logic_solve(state, below)
    steps = list(BY_ID[tech].find(state))
    assert variant in {s.variant for s in steps}
    sol = _solution(puzzle)
    size = 4 if tech == "wxyz_wing" else 5
    for step in steps:
        assert not _wrong(step, sol)
        groups = dict(step.groups)
        (cell,) = {c for c, _ in groups["bivalue"]}
        assert state.cand[cell].bit_count() == 2
        als = {c for c, _ in groups["als"]}
        assert len(als) == size - 1 and cell not in als
        assert any(all(state.t.house_bits[h] >> c & 1 for c in als) for h in range(27))
        digits = 0
        for c in (cell, *als):
            digits |= state.cand[c]
        assert digits.bit_count() == size


def test_nothing_fires_when_every_cell_has_one_candidate():
    puzzle = "185476293237958416946132857598364721671295384324781965853649172462817539719523648"
    values = [int(ch) for ch in puzzle]
    for c in (0, 10, 20, 40, 50, 60, 80):
        values[c] = 0
    state = State.from_values(geometry_for_side(9), values)
    for tech in MINE - {"digit_forcing_chain", "forcing_net"}:
        assert not list(BY_ID[tech].find(state)), tech


def test_als_links_match_brute_force():
    puzzle = next(line.split("\t")[3] for line in (DATA / "exemplars.tsv").read_text().splitlines()
                  if line.startswith("als_xz"))
    state = _prepared(puzzle)
    where = tuple(state.where)
    shape = (3, 3)
    als = als_mod._all_als(shape, where)
    assert als
    for a in als:
        assert a.digits.bit_count() == a.cells.bit_count() + 1
    brute = {}
    for i, a in enumerate(als):
        for j, b in enumerate(als):
            if i != j and not a.cells & b.cells:
                r = als_mod._rccs(a, b)
                if r:
                    brute.setdefault(i, []).append((j, r))
    got = als_mod._links(shape, where)
    assert {i: sorted(v) for i, v in got.items()} == {i: sorted(v) for i, v in brute.items()}


def test_house_als_are_every_almost_locked_set_of_the_house():
    """The pruned search of a house's ALS finds every subset of up to MAX_ALS_CELLS open cells with one
    digit more than cells (brute force over all subsets), in the search's order without repeats."""
    from itertools import combinations

    state = _prepared(_forum(30))
    geo = state.geo
    checked = 0
    for h, cells in enumerate(geo.houses):
        cands = tuple(state.cand[c] for c in cells)
        free = [c for c in cells if state.cand[c]]
        brute = set()
        for k in range(1, min(als_mod.MAX_ALS_CELLS, len(free) - 1) + 1):
            for combo in combinations(free, k):
                m = 0
                for c in combo:
                    m |= state.cand[c]
                if m.bit_count() == k + 1:
                    brute.add(sum(1 << c for c in combo))
        got = [a.cells for a in als_mod._house_als.__wrapped__((3, 3), h, cands)]
        assert len(got) == len(set(got)) and set(got) == brute, h
        checked += len(brute)
    assert checked > 100


# ---------------------------------------------------------------------------------------------
# Forcing engine


def test_propagate_solves_a_singles_puzzle_and_detects_contradictions():
    puzzle = ".8.47...3....5..16.4.....5....3..7..........432...1.658.3.4...2..........1.5.3..."
    p = parse(puzzle)
    state = State.from_puzzle(p)
    W, P = forcing._base(state)
    tab = forcing._tab((3, 3))
    sol = _solution(puzzle)
    P2 = forcing.propagate(W, P, tab, locked=True)
    assert P2 >= 0
    for c in bits(P2):
        d = next(d for d in range(1, 10) if W[d] >> c & 1)
        assert sol[c] == d
    # The same digit in two cells of one row is a clash.
    W, P = forcing._base(state)
    row = [x for x in range(9) if not state.values[x]]
    d = next(iter(bits(state.cand[row[0]] & state.cand[row[1]])))
    assert forcing._place(W, P, tab, d, 1 << row[0] | 1 << row[1]) == -1


def test_forcing_steps_are_sound_on_exemplar_positions():
    for line in (DATA / "exemplars.tsv").read_text().splitlines():
        if "forcing" not in line:
            continue
        puzzle = line.split("\t")[3]
        state = _prepared(puzzle)
        sol = _solution(puzzle)
        for fid in ("cell_forcing_chain", "unit_forcing_chain", "digit_forcing_chain"):
            for step in islice(BY_ID[fid].find(state), 40):
                assert not _wrong(step, sol), (fid, step)


def test_forcing_links_are_implications():
    """Every "is -> is not" link of a forcing step is a real weak link, and the nodes are candidates."""
    for line in (DATA / "exemplars.tsv").read_text().splitlines():
        if "forcing" not in line:
            continue
        state = _prepared(line.split("\t")[3])
        for fid in ("cell_forcing_chain", "unit_forcing_chain", "digit_forcing_chain"):
            for step in islice(BY_ID[fid].find(state), 5):
                assert step.links
                for a, b, strong in step.links:
                    assert all(state.cand[c] >> d & 1 for c, d in a + b)
                    if not strong:
                        assert _weak_ok(state, a, b), (a, b)


def test_forcing_search_is_bounded_on_big_grids():
    geo = geometry_for_side(16)
    state = State.from_values(geo, [0] * geo.ncells, unique=False)
    state.place(0, 1)
    for fid in ("cell_forcing_chain", "unit_forcing_chain", "digit_forcing_chain", "forcing_net"):
        assert not list(BY_ID[fid].find(state))


# ---------------------------------------------------------------------------------------------
# Soundness sweep


def _sample(name: str, k: int) -> list[str]:
    lines = (SAMPLES / name).read_text().split()
    return lines[:: max(1, len(lines) // k)][:k]


def _sweep(puzzles, max_steps=400, every_finder=False):
    checked = wrong = solved = 0
    for puzzle in puzzles:
        sol = _solution(puzzle)
        state = State.from_puzzle(parse(puzzle))
        for _ in range(max_steps):
            if state.solved():
                break
            step = next_step(state)
            if step is None:
                break
            if step.technique in MINE:
                if every_finder:
                    # Every step every one of our finders offers here, not only the one taken.
                    for tech in sorted(MINE - {"forcing_net"}):
                        for other in islice(BY_ID[tech].find(state), 10):
                            checked += 1
                            wrong += bool(_wrong(other, sol))
                checked += 1
                wrong += bool(_wrong(step, sol))
            apply_step(state, step)
        solved += state.solved()
    return checked, wrong, solved


def test_soundness_sweep_magictour():
    puzzles = _sample("tdoku_magictour_top1465.txt", 8)
    checked, wrong, solved = _sweep(puzzles, every_finder=True)
    assert wrong == 0
    assert checked > 50
    assert solved == len(puzzles)


def test_soundness_sweep_forum_hardest():
    puzzles = _sample("tdoku_forum_hardest_1106.txt", 3)
    checked, wrong, _ = _sweep(puzzles, max_steps=12)
    assert wrong == 0
    assert checked > 0


# ---------------------------------------------------------------------------------------------
# Nested forcing nets


#: The line numbers in the full forum-hardest set of the lines of its sample (make_samples.py's PICKS).
FORUM_LINES = (0, 15, 30, 125, 187, 200, 250)


def _forum(i: int) -> str:
    """Line ``i`` of the full forum-hardest set (one of the lines its sample keeps)."""
    return (SAMPLES / "tdoku_forum_hardest_1106.txt").read_text().split()[FORUM_LINES.index(i)]


def _naive_nested(W, P, tab):
    """Reference for :class:`forcing._Nested`: inner branches from scratch, no warm starts."""
    while True:
        P = forcing.propagate(W, P, tab)
        if P < 0:
            return P
        changed = False
        for d in tab.digits:
            for c in bits(W[d] & ~P):
                if not W[d] >> c & 1 or P >> c & 1:
                    continue
                W2 = list(W)
                P2 = forcing._place(W2, P, tab, d, 1 << c)
                if P2 < 0 or forcing.propagate(W2, P2, tab) < 0:
                    W[d] &= ~(1 << c)
                    changed = True
                    continue
                W2 = list(W)
                W2[d] &= ~(1 << c)
                if forcing.propagate(W2, P, tab) < 0:
                    P = forcing._place(W, P, tab, d, 1 << c)
                    changed = True
                    if P < 0:
                        return P
        if not changed:
            return P


def test_nested_net_matches_the_naive_nesting():
    """The warm-started nested branches reach the same verdict as inner branches run from scratch."""
    state = _prepared(_forum(15))
    a = forcing._analyse(state, 0)
    nest = forcing._Nested(a)
    tab = a.tab
    sol = _solution(_forum(15))
    keys = sorted(a.on)[::24]
    for c, d in keys:
        W = list(a.on[c, d])
        fast = nest.run(W, forcing._singles(W, tab)) < 0
        W2 = list(a.W)
        slow = _naive_nested(W2, forcing._place(W2, a.P, tab, d, 1 << c), tab) < 0
        assert fast == slow, (c, d)
        if fast:
            assert sol[c] != d
        else:  # the inner branches it skips (witnesses) leave it at the same end state
            assert W == W2, (c, d)


def test_nested_net_skips_only_branches_that_hold():
    """The nested net does not run a branch whose start holds the end state of one that held: the
    contradictions it yields are those of every branch run in the same order."""
    state = _prepared(_forum(15))
    a = forcing._analyse(state, 0)
    tab = a.tab
    nest = forcing._Nested(a)
    Wp, pk, N = a.W_packed, a.on_packed, tab.ncells
    order = sorted((k for k, r in a.on.items() if r is not None),
                   key=lambda k: (-(Wp & ~pk[(k[1] - 1) * N + k[0]]).bit_count(), k[1], k[0]))
    every = []
    for c, d in order:
        W = list(a.on[c, d])
        if nest.run(W, forcing._singles(W, tab)) < 0:
            every.append((c, d))
    got = [s.candidates[0] for s in forcing._nested_steps(state, "forcing_net")]
    assert got == every and got


def test_nested_net_cracks_a_start_the_shallow_nets_cannot():
    """Regression: this hardest puzzle's start defeats forcing chains and nets of levels 1 and 2; the
    nested net finds a sound step with a proof."""
    puzzle = _forum(15)
    state = _prepared(puzzle)
    sol = _solution(puzzle)
    for gen in (forcing._digit_steps, forcing._cell_steps, forcing._unit_steps):
        for level in range(forcing.MAX_LEVEL + 1):
            assert next(gen(state, level, "forcing_net"), None) is None, (gen, level)
    step = next(BY_ID["forcing_net"].find(state))
    assert step.technique == "forcing_net" and step.variant == "contradiction"
    assert step.eliminations and not _wrong(step, sol)
    assert step.links
    for a, b, _strong in step.links:
        assert all(state.cand[c] >> d & 1 for c, d in a + b)


def test_warm_started_branches_equal_cold_ones():
    puzzle = _forum(30)
    state = State.from_puzzle(parse(puzzle))
    shape = (3, 3)
    for _ in range(25):
        step = next_step(state)
        if step is None or state.solved():
            break
        if step.technique in MINE:
            W, P = forcing._base(state)
            warm = forcing._analysis(shape, tuple(W), P, 0)
            cold = forcing._Analysis(shape, tuple(W), P, 0)
            assert warm.on == cold.on
            assert warm.off_branches() == cold.off_branches()
        apply_step(state, step)


def test_not_branches_without_a_single_are_the_position_less_the_candidate():
    """``off_branches`` takes the "not" branches whose candidate can go without a single following
    (``_loose``) as the position less that candidate, without propagating: each equals the branch run
    through ``propagate``, and most branches are such, at a start and along a path."""
    state = _prepared(_forum(30))
    for _ in range(2):
        W, P = forcing._base(state)
        a = forcing._Analysis((3, 3), tuple(W), P, 0)
        loose = a._loose()
        off = a.off_branches()
        taken = 0
        for (c, d), r in off.items():
            X = list(a.W)
            X[d] &= ~(1 << c)
            assert r == (tuple(X) if forcing.propagate(X, a.P, a.tab) >= 0 else None), (c, d)
            taken += loose[d] >> c & 1
        assert len(off) > taken > len(off) // 2
        for _ in range(10):
            apply_step(state, next_step(state))


def test_propagation_from_two_closed_states_scans_only_what_changed():
    """``propagate`` started from ``T & U`` (two propagated branches) with the scan state of
    ``_meet`` ends exactly where a full scan of every house ends (same sets, same P or -1)."""
    state = _prepared(_forum(30))
    W, P = forcing._base(state)
    a = forcing._Analysis((3, 3), tuple(W), P, 0)
    live = [(k, T) for k, T in a.on.items() if T is not None]
    compared = contradictions = 0
    for (_, T), (_, U) in pairwise(live[::3]):
        start = [t & u for t, u in zip(T, U, strict=True)]
        P0 = forcing._singles(T, a.tab) | forcing._singles(U, a.tab)
        fast, scanned = forcing._meet(U, T)
        assert fast == start
        slow = list(start)
        p_fast = forcing.propagate(fast, P0, a.tab, scanned=scanned)
        p_slow = forcing.propagate(slow, P0, a.tab)
        assert p_fast == p_slow
        if p_slow >= 0:
            assert fast == slow
        compared += 1
        contradictions += p_slow < 0
    assert compared > 20 and 0 < contradictions < compared


def test_hardest_puzzles_solve_soundly_without_guessing():
    puzzles = [_forum(200)]
    checked, wrong, solved = _sweep(puzzles)
    assert wrong == 0
    assert checked > 5
    assert solved == len(puzzles)


@pytest.mark.slow
def test_max_links_bounds_the_search_without_changing_the_first_chain():
    """A chain finder asked for chains of at most ``max_links`` links yields the same first chain as the
    unbounded search whenever that one is short enough (the rater's bounded look for an easier step).
    Three of the 50 diabolical puzzles, seeded (about 500 comparisons each, 2.5 s of CPU); every one with
    SUDOKU_EXHAUSTIVE=1 (bench/exhaustive_tests.py)."""
    lines = (SAMPLES / "sudokuexchange_diabolical_se5plus.txt").read_text().split()
    checked = 0
    for line in sample(lines, 3):
        state = State.from_puzzle(parse(line), unique=True)
        for _ in range(60):
            if state.solved():
                break
            for t in TABLE:
                if t.id not in CHAINS:
                    continue
                full = next(iter(t.find(state)), None)
                for cap in (4, 6, 8):
                    short = next(iter(t.find(state, max_links=cap)), None)
                    if full is not None and len(full.links) <= cap:
                        assert short == full
                        checked += 1
                    elif short is not None:
                        assert len(short.links) > cap or full is None or len(full.links) <= len(short.links)
            step = next_step(state)
            if step is None:
                break
            apply_step(state, step)
    assert checked > 20


def test_layers_is_walk_without_the_parents():
    # The search's inner loop (_layers) is _walk with its bits inlined: the same layers, on real
    # positions along a hard solve, for every chain kind and every scope.
    p = parse("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
    state = State.from_puzzle(p)
    compared = 0
    for _ in range(12):
        shape, where = chains._shape(state.geo), tuple(state.where)
        for kind in ("x", "xy", "aic", "grouped"):
            g = chains._graph(shape, where, kind == "grouped")
            strong = chains._strong(g, kind)
            same_cell = kind not in ("x", "xy")
            for allowed in chains._scopes(g, kind):
                for x in islice(bits(allowed & ((1 << g.ncand) - 1)), 0, None, 7):
                    walked, _ = chains._walk(g, x, strong, allowed, same_cell)
                    assert chains._layers(g, x, strong, allowed, same_cell) == walked
                    assert chains._layers(g, x, strong, allowed, same_cell, 2) == walked[:2]
                    compared += 1
        step = next_step(state)
        if step is None:
            break
        apply_step(state, step)
    assert compared > 200


# ---------------------------------------------------------------------------------------------
# Grouped chains: the box link between a row group and a column group, and chains whose two ends are
# groups (both absent before; HoDoKu has them).


def _marked(marks: dict[str, str]) -> State:
    """A 9x9 state where only the named cells are empty, with the given candidates."""
    geo = geometry_for_side(9)
    values, cand = [9] * 81, [0] * 81
    for name, digits in marks.items():
        values[_cell(name)] = 0
        cand[_cell(name)] = sum(1 << int(d) for d in digits)
    return State(geo, values, cand, unique=True)


def _group_node(g, digit: int, names: tuple[str, ...]) -> int:
    x = sum(1 << _cell(nm) for nm in names)
    return next(g.ncand + i for i, (d, cells, _, _) in enumerate(g.groups) if d == digit and cells == x)


def test_box_link_between_a_row_group_and_a_column_group():
    marks = {"r1c1": "1", "r1c2": "1", "r2c3": "1", "r3c3": "1", "r1c5": "1", "r5c5": "1", "r5c3": "1"}
    state = _marked(marks)
    g = chains._Graph(chains._shape(state.geo), tuple(state.where), True)
    row, col = _group_node(g, 1, ("r1c1", "r1c2")), _group_node(g, 1, ("r2c3", "r3c3"))
    assert g.conj[row] >> col & 1 and g.conj[col] >> row & 1
    # Near miss: a third place in the box (r2c1) that is in neither group: no strong link.
    state = _marked({**marks, "r2c1": "1"})
    g = chains._Graph(chains._shape(state.geo), tuple(state.where), True)
    row, col = _group_node(g, 1, ("r1c1", "r1c2")), _group_node(g, 1, ("r2c3", "r3c3"))
    assert not g.conj.get(row, 0) >> col & 1


def _nm(node) -> str:
    return ",".join(f"r{c // 9 + 1}c{c % 9 + 1}" for c, _ in node) + f"#{node[0][1]}"


@pytest.mark.parametrize(("puzzle", "chain", "eliminations"), [
    # HoDoKu exemplar 386: r7c3,r9c3 = r8c1,r8c2 is the box link (box 7: column group, row group).
    ("..7.63.9.16.7...4....59.......4.....79....3..83......2.1.3.7........17..3..8..9..",
     "r6c8#5 =r6c3#5 -r7c3,r9c3#5 =r8c1,r8c2#5 -r8c5#5 =r7c5#5", ["r7c8<>5"]),
    # HoDoKu exemplar 413: both ends are groups (r6c1,r6c3 and r4c5,r4c6); r6c6 sees all four cells.
    (".85....6......47...3....1.........5.6...43....7.82.3.....45967..........9.416...3",
     "r6c1,r6c3#1 =r5c2#1 -r7c2#1 =r7c9#1 -r4c9#1 =r4c5,r4c6#1", ["r6c6<>1"]),
])
def test_grouped_aic_new_links_with_exact_eliminations(puzzle, chain, eliminations):
    state = _prepared(puzzle)
    sol = _solution(puzzle)
    steps = list(BY_ID["grouped_aic"].find(state))
    texts = {(" ".join([_nm(st.links[0][0])] + [("=" if s else "-") + _nm(b) for _, b, s in st.links])): st
             for st in steps}
    assert chain in texts
    step = texts[chain]
    assert [f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for c, d in step.eliminations] == eliminations
    assert not _wrong(step, sol)
    _check_chain(state, step)
    # Must not fire before the new links: the same chain is impossible in the graph without them.
    old = {(" ".join([_nm(st.links[0][0])] + [("=" if s else "-") + _nm(b) for _, b, s in st.links]))
           for st in BY_ID["aic"].find(state)}
    assert chain not in old


def test_grouped_chains_are_sound_on_exemplar_positions():
    # Every grouped chain (not only the first) on the HoDoKu grouped-chain exemplars: sound and well formed.
    checked = 0
    for param in _exemplars():
        tech, puzzle = param.values
        if not tech.startswith("grouped"):
            continue
        state = _prepared(puzzle)
        sol = _solution(puzzle)
        for t in ("grouped_aic", "grouped_nice_loop"):
            for step in BY_ID[t].find(state):
                assert not _wrong(step, sol), step
                _check_chain(state, step)
                checked += 1
    assert checked > 100


def _groups(step) -> dict[str, set[int]]:
    return {label: {c for c, _ in cands} for label, cands in step.groups}


def test_als_xy_wing_eliminates_inside_the_pivot():
    # A = r1c1{1,3}, pivot C = r1c5{1,3} r1c6{2,3} (row 1), B = r5c6{2,3}: 1 ties A to C (row 1), 2 ties C
    # to B (column 6), so A or B holds 3. r5c1 sees both 3s and so does r1c6, a cell of the pivot:
    # r1c6 = 3 would make r1c1 = 1, so r1c5 = 3 beside it in row 1.
    state = _pencil_grid({"r1c1": "13", "r1c5": "13", "r1c6": "23", "r5c6": "23"})
    want = {"pivot": {_cell("r1c5"), _cell("r1c6")}, "als_a": {_cell("r1c1")}, "als_b": {_cell("r5c6")}}
    steps = [s for s in BY_ID["als_xy_wing"].find(state)
             if {k: v for k, v in _groups(s).items() if k != "rcc"} in (want, {**want, "als_a": want["als_b"],
                                                                            "als_b": want["als_a"]})]
    assert len(steps) == 1
    assert set(steps[0].eliminations) == {(_cell("r1c6"), 3), (_cell("r5c1"), 3)}


def _als_positions():
    rows = []
    for line in (DATA / "als_positions.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            tech, source, values, cands, elims = line.split("\t")
            rows.append(pytest.param(tech, values, cands, elims, id=f"{tech}-{source.replace(' ', '_')}"))
    return rows


def _from_candidates(values: str, cands: str) -> State:
    """A 9x9 position: ``values`` (81 characters, "." empty) and each cell's candidates ("-" if placed)."""
    pencil = [0 if t == "-" else sum(1 << int(d) for d in t) for t in cands.split()]
    return State.from_pencil(geometry_for_side(9), [0 if ch == "." else int(ch) for ch in values], pencil)


@pytest.mark.parametrize(("tech", "values", "cands", "elims"), _als_positions())
def test_als_exact_eliminations(tech, values, cands, elims):
    """Regression rows: the union of the finder's eliminations on a real position is exactly the listed
    set (or nothing for a must-not-fire row), and the solution agrees."""
    state = _from_candidates(values, cands)
    sol = _solution(values)
    steps = list(BY_ID[tech].find(state))
    got = {f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for s in steps for c, d in s.eliminations}
    assert got == (set() if elims == "-" else set(elims.split()))
    for step in steps:
        assert step.technique == tech and not _wrong(step, sol)


@pytest.fixture
def small_als(monkeypatch):
    """ALS of at most 4 cells for hand-made grids, where every free cell holds all digits (so the rest of
    a house would make 8-cell sets); the memoised sets are dropped before and after."""
    def clear():
        for f in (als_mod._house_als, als_mod._all_als, als_mod._seen_by, als_mod._links, als_mod._chain_graph):
            f.cache_clear()
    monkeypatch.setattr(als_mod, "MAX_ALS_CELLS", 4)
    clear()
    yield
    clear()


def test_als_xy_chain_needs_different_consecutive_digits(small_als):
    # r1c1{1,2} -2- r1c5{2,3} -2- r5c5{2,4} -4- r5c9{1,4} would end on 1 at both ends, but r5c5 is tied
    # to r1c5 by 2, the digit that tied r1c5 to r1c1: r1c1 not 1 -> r1c1 = 2 -> r1c5 = 3 says nothing of
    # r5c5. (Chains of two-candidate cells alone are found as ALS-XZ or ALS-XY-Wing on pairs of them.)
    state = _pencil_grid({"r1c1": "12", "r1c5": "23", "r5c5": "24", "r5c9": "14"})
    assert not list(BY_ID["als_xy_chain"].find(state))


def _check_als_chain(state, step):
    """The step's sets form an ALS-XY-Chain of ``state``: each set is an ALS of one house, consecutive sets
    are disjoint and tied by the restricted common of their link, consecutive links use different
    digits, the digit z is in the end sets but not on their links, and each elimination sees every z of
    both ends."""
    sets = [{c for c, _ in cands} for label, cands in step.groups if label.startswith("als_")]
    assert len(sets) == len(step.links) + 1
    if step.technique == "extended_als_xy_chain":  # 3 sets only with overlapping ends (the wings' skip)
        assert 3 <= len(sets) <= als_mod.MAX_CHAIN_ALS + 1
        assert len(sets) >= als_mod.MIN_CHAIN_ALS or sets[0] & sets[-1]
    else:
        assert als_mod.MIN_CHAIN_ALS <= len(sets) <= als_mod.MAX_CHAIN_ALS
    hb, peers, where = state.t.house_bits, state.t.peer_bits, state.where
    digits = []
    for s in sets:
        assert any(all(h >> c & 1 for c in s) for h in hb)
        m = 0
        for c in s:
            m |= state.cand[c]
        assert m.bit_count() == len(s) + 1
        digits.append(m)
    rccs = []
    for (a, b), (na, nb, strong) in zip(pairwise(sets), step.links, strict=True):
        assert not a & b and not strong
        (r,) = {d for _, d in na + nb}
        assert {c for c, _ in na} == {c for c in a if where[r] >> c & 1}
        assert {c for c, _ in nb} == {c for c in b if where[r] >> c & 1}
        assert all(peers[x] >> y & 1 for x, _ in na for y, _ in nb)
        rccs.append(r)
    assert all(x != y for x, y in pairwise(rccs))
    (z,) = step.digits
    assert digits[0] >> z & 1 and digits[-1] >> z & 1 and z not in (rccs[0], rccs[-1])
    zs = [c for s in (sets[0], sets[-1]) for c in s if where[z] >> c & 1]
    for c, d in step.eliminations:
        assert d == z and c not in sets[0] | sets[-1] and all(peers[c] >> x & 1 for x in zs)


@pytest.mark.slow
def test_als_xy_chains_are_chains_on_real_positions():
    """Every ALS-XY-Chain step found along the solving paths of a few hard puzzles is a well-formed chain
    (:func:`_check_als_chain`) and agrees with the solution; the ladder's use sets of at most
    ``MAX_CHAIN_CELLS`` cells, the large ones a bigger set, with an elimination the small ones lack.
    A seeded 3 of 6 magictour puzzles (all 6 with SUDOKU_EXHAUSTIVE=1, bench/exhaustive_tests.py): each
    of the 6 alone gives 370-540 small chains and 29-84 large ones to check, past the 20 of each asked."""
    checked = {"als_xy_chain": 0, "extended_als_xy_chain": 0}
    for puzzle in sample(_sample("tdoku_magictour_top1465.txt", 6), 3, seed="als"):
        sol = _solution(puzzle)
        state = State.from_puzzle(parse(puzzle))
        for k in range(80):
            if state.solved():
                break
            step = next_step(state)
            if step is None:
                break
            techs = checked if k % 4 == 0 else ("als_xy_chain",)  # the large search at every 4th (time)
            small = {e for s in BY_ID["als_xy_chain"].find(state) for e in s.eliminations} if k % 4 == 0 else set()
            for tech, chain in ((t, c) for t in techs for c in islice(BY_ID[t].find(state), 8)):
                _check_als_chain(state, chain)
                assert not _wrong(chain, sol)
                sets = [cells for label, cells in _groups(chain).items() if label.startswith("als_")]
                largest = max(len(s) for s in sets)
                if tech == "als_xy_chain":
                    assert largest <= als_mod.MAX_CHAIN_CELLS
                else:  # what the ladder's chains leave out: a big set, a longer chain, or overlapping wings
                    assert (largest > als_mod.MAX_CHAIN_CELLS or len(sets) > als_mod.MAX_CHAIN_ALS
                            or (len(sets) == 3 and sets[0] & sets[-1]))
                    assert set(chain.eliminations) - small
                checked[tech] += 1
            apply_step(state, step)
    assert min(checked.values()) > 20, checked


def test_extended_als_xy_chains_are_off_the_ladder_but_in_find_steps():
    # Magictour sample line 14 after 10 steps: only a chain through a set of 5+ cells removes 7 and 8
    # from r3c6 (a HoDoKu ALS-XY-Chain elimination); the solver takes another step.
    assert "extended_als_xy_chain" not in {t.id for t in for_variant("classic")}
    assert "extended_als_xy_chain" in {t.id for t in for_variant("classic", ladder=False)}
    puzzle = _sample("tdoku_magictour_top1465.txt", 40)[13]
    state = State.from_puzzle(parse(puzzle))
    for _ in range(10):
        apply_step(state, next_step(state))
    steps = [s for s in find_steps(state) if s.technique == "extended_als_xy_chain"]
    assert {e for s in steps for e in s.eliminations} == {(_cell("r3c6"), 7), (_cell("r3c6"), 8)}
    assert next_step(state).technique != "extended_als_xy_chain"


def test_death_blossom_on_a_hand_made_grid(small_als):
    # Stem r1c1{1,2,4}; petals r1c5{1,3} (1 sees the stem in row 1), r1c8{2,3} (row 1), r2c3{3,4} (box 1):
    # whatever the stem holds, that digit's petal is left with 3. r1c2 and r1c3 see every 3 of the three
    # petals (row 1, and box 1 for r2c3), so they lose 3.
    marks = {"r1c1": "124", "r1c5": "13", "r1c8": "23", "r2c3": "34"}
    state = _pencil_grid(marks)
    steps = [s for s in BY_ID["death_blossom"].find(state) if s.digits == (3,)]
    assert steps
    step = steps[0]
    assert set(step.eliminations) == {(_cell("r1c2"), 3), (_cell("r1c3"), 3)}
    groups = _groups(step)
    assert groups["stem"] == {_cell("r1c1")}
    assert [groups[f"petal_{d}"] for d in (1, 2, 4)] == [{_cell("r1c5")}, {_cell("r1c8")}, {_cell("r2c3")}]


def test_death_blossom_needs_the_digit_in_every_petal(small_als):
    # As above, but the petal of 4 is r2c3{4,5}: no digit is in all three petals, so nothing follows.
    state = _pencil_grid({"r1c1": "124", "r1c5": "13", "r1c8": "23", "r2c3": "45"})
    assert not list(BY_ID["death_blossom"].find(state))


def test_death_blossom_needs_a_petal_for_every_stem_digit(small_als):
    # The stem r1c1{1,2,4} has no set tied to it by 4 (r5c5{3,4} does not see it): no blossom.
    state = _pencil_grid({"r1c1": "124", "r1c5": "13", "r1c8": "23", "r5c5": "34"})
    assert not list(BY_ID["death_blossom"].find(state))
