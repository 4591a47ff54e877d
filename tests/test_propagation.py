"""Every propagator on the same positions: where two apply the same rules they reach the same fixed point.

The engine propagates in five places, each in the representation its caller needs: the backtracking
engine (whole-grid integers: :func:`~sudoku_core.solvers.backtrack._propagate` and its 3x3 unrolling
``_propagate9``), the lab's ladder (candidate lists, counting every placement: :func:`~sudoku_core.solvers.
ladder.search`), the forcing nets (per-digit cell sets: :func:`~sudoku_core.techniques.forcing.propagate`)
and the generator's logic fill (open-cell sets over a known solution: ``_Digger.logic_fill``). All of them
read the same geometry tables (:func:`sudoku_core.candidates.tables`).

Every rule they apply (naked and hidden singles, locked candidates, pairs, cage sums) only removes
candidates, and what makes a rule fire stays true when more candidates go, so the fixed point of one set of
rules is the same whatever order they run in; a stronger set of rules ends inside a weaker one's fixed
point, and a contradiction the weaker finds, the stronger finds too. This module checks exactly that, on
every size and variant:

* naked singles: the ladder's ``naked`` rung; the generator's ``naked`` fill completes exactly the positions
  it solves;
* naked and hidden singles: the ladder's ``hidden`` rung, the forcing nets' propagation (level 0) and the
  backtracker on a Jigsaw (which has no box-line locked candidates); the generator's ``singles`` fill;
* singles and box-line locked candidates: the backtracker (``_propagate`` and, on 3x3 boxes, ``_propagate9``)
  and the ladder's ``locked`` rung (on X and Windoku, whose boxes are boxes; on a Jigsaw the ladder also locks
  regions against lines, so its fixed point lies inside the backtracker's); the generator's ``locked`` fill;
* stronger: the forcing nets' level 1 (pairs too) ends inside the ladder's ``locked`` rung; on a Killer the
  backtracker (cage sums too) ends inside the forcing nets' singles (the ladder refuses cages).

A position is ``None`` when the propagator finds a contradiction, else each cell's candidate mask (bit ``d``
for digit ``d``; a placed cell keeps only its digit).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support import sample

from sudoku_core.candidates import State, derived, tables
from sudoku_core.formats import parse
from sudoku_core.generate import _Digger
from sudoku_core.grid import Geometry, geometry_for_side
from sudoku_core.solvers import backtrack, ladder
from sudoku_core.techniques import forcing

TABLE = Path(__file__).resolve().parent / "data" / "variants" / "table.tsv"
SAMPLES = Path(__file__).resolve().parent / "data" / "samples"

Fixed = list[int] | None


# -- the propagators, each from the givens to a fixed point in the common form ----------------------------

def by_backtrack(geo: Geometry, cells: list[int], unrolled: bool = False) -> Fixed:
    t = backtrack._tables(geo)
    givens = 0
    for c, v in enumerate(cells):
        if v:
            givens |= 1 << (c * t.cw + v - 1)
    if unrolled:
        assert t.k9 is not None
        r = backtrack._propagate9(t, t.start, 0, givens)
    else:
        r = backtrack._propagate(t, t.start, 0, givens)
    if r is None:
        return None
    C = r[0]
    return [((C >> (c * t.cw)) & t.full) << 1 for c in range(geo.ncells)]


def by_ladder(geo: Geometry, cells: list[int], rung: str) -> Fixed:
    """The root propagation of a ladder rung, read back from its trace: the search stops before its first
    try (a node limit of one), and the trace says what the rules placed and struck."""
    _, rules = ladder.BACKTRACK_RUNGS[rung]
    trace: list = []
    ladder.search(geo, list(cells), 1, 1, "fewest", rules, trace)
    if not any(e[0] in ("choose", "solution") for e in trace):
        return None  # the root contradicted itself: the search never chose
    out = [1 << v if v else 0 for v in cells]
    for c, v in enumerate(cells):
        if not v:
            m = geo.all_digits
            for p in geo.peers[c]:
                if cells[p]:
                    m &= ~(1 << cells[p])
            out[c] = m
    for e in trace:
        if e[0] == "place":
            _, c, d, _ = e
            out[c] = 1 << d
            for p in geo.peers[c]:
                out[p] &= ~(1 << d)
        elif e[0] == "strike":
            for c, d in e[1]:
                out[c] &= ~(1 << d)
        elif e[0] in ("choose", "solution"):
            break
    return out


def by_forcing(geo: Geometry, cells: list[int], level: int) -> Fixed:
    W, P = forcing._base(State.from_values(geo, cells))
    if forcing.propagate(W, P, tables(geo), locked=level > 0) < 0:
        return None
    out = [0] * geo.ncells
    for d in range(1, geo.n + 1):
        w = W[d]
        while w:
            low = w & -w
            out[low.bit_length() - 1] |= 1 << d
            w ^= low
    return out


def fill_completes(geo: Geometry, solution: list[int], cells: list[int], fill: str) -> bool:
    digger = _Digger(geo, solution, {}, None, fill)
    digger.remove([c for c, v in enumerate(cells) if not v])
    return digger.logic_fill()


def solved(fixed: Fixed) -> bool:
    return fixed is not None and all(m & (m - 1) == 0 for m in fixed)


def inside(strong: Fixed, weak: Fixed) -> bool:
    """``strong`` ends inside ``weak``: every candidate it keeps, ``weak`` keeps (a contradiction is inside
    everything; nothing but a contradiction is inside one)."""
    if strong is None:
        return True
    return weak is not None and all(s & ~w == 0 for s, w in zip(strong, weak, strict=True))


# -- the positions ---------------------------------------------------------------------------------------

def positions(geo: Geometry, solution: list[int], givens: list[int], seed: int) -> list[list[int]]:
    """The puzzle itself; thinner and thicker subsets of its solution (so the rules stall in different
    places); and one of those with a wrong digit in an open cell that no given sees (a contradiction the
    rules may or may not find)."""
    rng = random.Random(seed)
    out = [list(givens)]
    for keep in (0.3, 0.45, 0.6):
        cells = [v if rng.random() < keep else 0 for v in solution]
        out.append(cells)
    cells = list(out[-2])
    for c in rng.sample(range(geo.ncells), geo.ncells):
        if cells[c]:
            continue
        seen = {cells[p] for p in geo.peers[c]}
        wrong = [d for d in range(1, geo.n + 1) if d != solution[c] and d not in seen]
        if wrong:
            cells[c] = rng.choice(wrong)
            out.append(cells)
            break
    return out


def classic_cases() -> list[tuple[str, Geometry, list[int], list[int]]]:
    """A solved grid of every classic size (the backtracker's on an empty grid, digits shuffled), and some
    real 9x9 and 16x16 puzzles."""
    cases = []
    for n in (4, 6, 8, 9, 12, 16, 25):
        geo = geometry_for_side(n)
        sol = backtrack.solve_fast(geo, [0] * geo.ncells, 1, None).solutions[0]
        perm = list(range(1, n + 1))
        random.Random(n).shuffle(perm)
        sol = [perm[v - 1] for v in sol]
        cases.append((f"{n}x{n}", geo, sol, [0] * geo.ncells))
    for name, k in (("tdoku_magictour_top1465.txt", 3), ("qqwing_expert.txt", 2),
                    ("sixteen_by_sixteen_owhy_100.txt", 1)):
        lines = [x.strip() for x in (SAMPLES / name).read_text().split() if x.strip() and not x.startswith("#")]
        for i, line in enumerate(sample(lines, k, name)):
            p = parse(line)
            sol = backtrack.solve_fast(p.geometry, list(p.cells), 1, None).solutions[0]
            cases.append((f"{name}:{i}", p.geometry, sol, list(p.cells)))
    return cases


def variant_cases() -> list[tuple[str, Geometry, list[int], list[int]]]:
    """The unique puzzles of the variants' shared table (X, Windoku, Jigsaw and Killer, several sizes)."""
    cases = []
    for row in TABLE.read_text().splitlines():
        if row.startswith("#") or not row.strip():
            continue
        count, text = row.split("\t")[:2]
        if count != "1":
            continue
        p = parse(text)
        sol = backtrack.solve_fast(p.geometry, list(p.cells), 1, None).solutions[0]
        cases.append((text.split(":")[0], p.geometry, sol, list(p.cells)))
    return sample(cases, 24, "propagation")


CASES = classic_cases() + variant_cases()


@pytest.mark.parametrize("case", range(len(CASES)), ids=[c[0] for c in CASES])
def test_propagators_agree(case):
    name, geo, solution, givens = CASES[case]
    killer, jigsaw = geo.cages is not None, geo.regions is not None
    big = geo.n >= 25  # the ladder rescans every house per placement: two positions are enough there
    seen = {"contradiction": 0, "solved": 0, "stalled": 0}
    for i, cells in enumerate(positions(geo, solution, givens, case)):
        if big and i in (1, 3):
            continue
        truthful = all(not v or v == solution[c] for c, v in enumerate(cells))
        where = f"{name}, position {i}"
        bt = by_backtrack(geo, cells)
        singles = by_forcing(geo, cells, 0)
        nets = by_forcing(geo, cells, 1)
        seen["contradiction" if bt is None else "solved" if solved(bt) else "stalled"] += 1
        if geo.variant == "classic" and (geo.box_rows, geo.box_cols) == (3, 3):
            assert by_backtrack(geo, cells, unrolled=True) == bt, where
        if killer:
            assert inside(bt, singles), where  # cage sums on top of the singles
            assert inside(nets, singles), where
            continue
        naked = by_ladder(geo, cells, "naked")
        hidden = by_ladder(geo, cells, "hidden")
        locked = by_ladder(geo, cells, "locked")
        assert hidden == singles, where
        if jigsaw:
            assert bt == singles, where  # a Jigsaw's backtracker has no box-line locked candidates
            assert inside(locked, bt), where  # the ladder locks regions against lines
        else:
            assert locked == bt, where
        assert inside(hidden, naked) and inside(locked, hidden), where
        assert inside(nets, locked), where
        if truthful:
            assert None not in (naked, hidden, locked, bt, singles, nets), where  # the solution fits them all
            assert fill_completes(geo, solution, cells, "naked") == solved(naked), where
            assert fill_completes(geo, solution, cells, "singles") == solved(hidden), where
            assert fill_completes(geo, solution, cells, "locked") == solved(locked), where
    assert seen["solved"] + seen["stalled"], name


def test_the_positions_reach_every_outcome():
    """The sample is worth comparing on: some positions contradict, some solve, some stall."""
    outcomes = set()
    for case in range(len(CASES)):
        _, geo, solution, givens = CASES[case]
        for cells in positions(geo, solution, givens, case):
            if geo.n < 16:
                bt = by_backtrack(geo, cells)
                outcomes.add("contradiction" if bt is None else "solved" if solved(bt) else "stalled")
    assert outcomes == {"contradiction", "solved", "stalled"}


def test_every_subsystem_reads_one_set_of_tables():
    """One cache entry per geometry: the finders' tables, and the backtracker's and the ladder's own
    representations built from them, are the same objects for every caller."""
    for _, geo, solution, _ in CASES[:3] + CASES[-3:]:
        t = tables(geo)
        assert State.from_values(geo, [0] * geo.ncells).t is t
        assert forcing._tab(geo.key) is t
        assert backtrack._tables(geo) is backtrack._tables(geo)
        assert derived(geo, backtrack._build) is backtrack._tables(geo)
        digger = _Digger(geo, solution, {}, None)
        assert digger.house_bits is t.house_bits and digger.peer_bits is t.peer_bits


@pytest.mark.parametrize("case", [c for c in range(len(CASES)) if CASES[c][1].n in (9, 16)][:6])
def test_a_branch_from_a_closed_position_rescans_only_what_it_changed(case):
    """The forcing analysis starts each branch's ``propagate`` with the position's own sets as ``scanned``
    (the position is closed under singles, so only the houses a branch changes need a look): every branch,
    "c is d" and "c is not d", ends where a full scan ends; and the nested net, which starts from a branch's
    end with the branch as ``scanned``, starts where a full scan would."""
    _Analysis, _place, _singles, propagate = forcing._Analysis, forcing._place, forcing._singles, forcing.propagate
    _, geo, solution, givens = CASES[case]
    for cells in positions(geo, solution, givens, case)[:2]:
        state = State.from_values(geo, cells)
        W, P = list(state.where), 0
        for c, v in enumerate(cells):
            if v:
                W[v] |= 1 << c
                P |= 1 << c
        a = _Analysis(geo.key, tuple(W), P, 0)
        if not a.ok:
            continue
        tab = a.tab
        for (c, d), got in list(a.on.items())[:150]:
            for on in (True, False):
                X = list(a.W)
                Q = _place(X, a.P, tab, d, 1 << c) if on else a.P
                if not on:
                    X[d] &= ~(1 << c)
                if Q >= 0:
                    Q = propagate(X, Q, tab)
                branch = a.on[c, d] if on else a.off_branches()[c, d]
                assert branch == (tuple(X) if Q >= 0 else None), (c, d, on)
            if got is not None:
                X, Y = list(got), list(got)
                assert propagate(X, _singles(X, tab), tab) == propagate(Y, _singles(Y, tab), tab, scanned=list(got))
                assert X == Y
