"""Write ``web/data/lesson-examples.json``: one worked example per technique of the engine's table, for the
Learn page (``learn.html#ID``), so the page shows a lesson without asking the engine.

Each example is a real position where the engine's own finder (``BY_ID[id].find``) finds a step of that
technique: the board (givens, the digits placed so far, every open cell's candidates), the step as the
hint sends it (``sudoku_core.hint.step_record``: what the overlay draws) and its explanation as the hint's
messages, in no language (``sudoku_core.lessons.page_data`` renders them in every language at build time).
Where the positions come from, in order of preference (the first that fires wins):

1. ``tests/data/hints/exemplars.tsv``: HoDoKu's exemplar positions, with their pencil marks;
2. ``tests/data/chains/als_positions.tsv``: positions of the magictour sample with their candidates;
3. puzzles whose logic path (``sudoku_core.rate.logic_solve``, every technique of the ladder) takes a step
   of the technique: the chain exemplars (``tests/data/chains/exemplars.tsv``), then the samples of
   ``tests/data/samples``; the position is the one just before that step, and the step is the path's own;
4. for a technique no path takes (a cheaper step always comes first), the first position along those paths
   where its finder fires, its own exemplars' puzzles first; for the cage techniques, along the paths of
   Hard Killers the engine generates with fixed seeds.

It also writes the Practise games of the techniques the generator cannot aim at (``"practice"``: technique
id -> puzzle lines, :data:`sudoku_core.lessons.SHIPPED`): the cage techniques and the forcing chains and nets,
which a level request (a Hard Killer, an Extreme) does not promise, so puzzles whose rated path
(``sudoku_core.rate.rate``) takes the technique are found here, ahead of time: Hard Killers the engine
generates with fixed seeds, and the samples of ``tests/data/samples``.

Run from the repository root: ``python tests/data/lessons/make_examples.py``. Deterministic: the same
engine writes the same file. ``tests/test_lessons.py`` checks every example against the engine again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from sudoku_core import generate, parse  # noqa: E402
from sudoku_core.candidates import State  # noqa: E402
from sudoku_core.explain import explain  # noqa: E402
from sudoku_core.formats import format_variant  # noqa: E402
from sudoku_core.grid import geometry_for_side, variant_value  # noqa: E402
from sudoku_core.hint import step_record  # noqa: E402
from sudoku_core.lessons import SHIPPED  # noqa: E402
from sudoku_core.rate import find_steps, logic_solve, rate  # noqa: E402
from sudoku_core.step import apply_step  # noqa: E402
from sudoku_core.techniques import BY_ID, TABLE  # noqa: E402

DATA = ROOT / "tests" / "data"
OUT = ROOT / "web" / "data" / "lesson-examples.json"
SAMPLES = ("sudokuexchange_diabolical_se5plus.txt", "tdoku_magictour_top1465.txt", "qqwing_expert.txt",
           "qqwing_easy.txt", "qqwing_simple.txt", "tdoku_forum_hardest_1106.txt")
#: Killers tried for the cage techniques: generate(variant="killer", level=..., seed=k).
KILLER_SEEDS = tuple(range(1, 13))
#: Hard Killers tried for the cage techniques' Practise games, and how many games each technique ships.
PRACTICE_KILLER_SEEDS = tuple(range(1, 41))
PRACTICE_GAMES = 3
#: Samples tried for the forcing chains' Practise games (quick ones first; forcing nets live in the hardest).
PRACTICE_SAMPLES = ("tdoku_magictour_top1465.txt", "tdoku_forum_hardest_1106.txt")


def _mask(text: str) -> int:
    return sum(1 << int(d) for d in text)


def exemplar_positions():
    """(technique, source, givens line, State) of the hint exemplars and the ALS positions."""
    geo = geometry_for_side(9)
    for line in (DATA / "hints" / "exemplars.tsv").read_text().splitlines():
        number, _section, tech, givens, state, _p, _e = line.split("\t")
        tokens = state.split()
        values = [int(t[1:]) if t.startswith("=") else 0 for t in tokens]
        cand = [0 if t.startswith("=") else _mask(t) for t in tokens]
        name, _, line_no = number.partition(":")
        # set:line, the line counted from 0 in the full set (tests/data/README.md)
        where = f"{name} full set line {int(line_no) + 1}" if line_no else f"HoDoKu exemplar {number}"
        yield tech, where, givens, State(geo, values, cand, unique=True)
    samples = (DATA / "samples" / "tdoku_magictour_top1465.txt").read_text().split()
    for line in (DATA / "chains" / "als_positions.tsv").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        tech, source, values, cands, elims = line.split("\t")
        if elims == "-" or not source.startswith("magictour sample line "):
            continue
        number = int(source.split("line ")[1].split(",")[0])
        pencil = [0 if t == "-" else _mask(t) for t in cands.split()]
        state = State.from_pencil(geo, [0 if ch == "." else int(ch) for ch in values], pencil, unique=True)
        yield tech, source, samples[number - 1], state


def path_puzzles():
    """(source, puzzle) whose logic paths are searched: chain exemplars, then the samples."""
    for line in (DATA / "chains" / "exemplars.tsv").read_text().splitlines():
        if line.startswith("#"):
            continue
        _tech, number, _section, puzzle = line.split("\t")
        yield f"HoDoKu exemplar {number}", puzzle
    for name in SAMPLES:
        for k, puzzle in enumerate((DATA / "samples" / name).read_text().split()[:20], 1):
            yield f"{name.removesuffix('.txt')} line {k}", puzzle


def _exemplar_of(puzzle: str, tech: str) -> bool:
    """Whether ``puzzle`` is one of the chain exemplars of ``tech``."""
    return any(line.split("\t")[0] == tech and line.split("\t")[3] == puzzle
               for line in (DATA / "chains" / "exemplars.tsv").read_text().splitlines() if not line.startswith("#"))


_KILLERS: dict[int, object] = {}


def _killer(seed: int):
    """The Hard Killer of ``seed`` (made once)."""
    if seed not in _KILLERS:
        _KILLERS[seed] = generate(variant="killer", level="hard", symmetry="none", seed=seed, max_attempts=400,
                                  best_effort=True).puzzle
    return _KILLERS[seed]


def killer_puzzles():
    for seed in KILLER_SEEDS:
        yield f'generate(variant="killer", level="hard", seed={seed})', _killer(seed)


def practice_games() -> dict[str, list[str]]:
    """Per technique of :data:`SHIPPED`: up to :data:`PRACTICE_GAMES` puzzle lines (a Killer in its one-line
    form) whose rated path takes it, in the order found."""
    out: dict[str, list[str]] = {t: [] for t in SHIPPED}

    def take(puzzle) -> None:
        used = {s.technique for s in rate(puzzle).steps}
        for tech in out:
            if tech in used and len(out[tech]) < PRACTICE_GAMES:
                out[tech].append(format_variant(puzzle, one_line=True))

    killers = [t for t in SHIPPED if BY_ID[t].finder.startswith("killer:")]
    for seed in PRACTICE_KILLER_SEEDS:
        if all(len(out[t]) >= PRACTICE_GAMES for t in killers):
            break
        take(_killer(seed))
    others = [t for t in SHIPPED if t not in killers]
    for name in PRACTICE_SAMPLES:
        for line in (DATA / "samples" / name).read_text().split():
            if all(len(out[t]) >= PRACTICE_GAMES for t in others):
                break
            take(parse(line))
    return out


#: The sample files' keys in the catalogues (``lesson`` section, ``sample.<key>``): their names in the credit line.
SAMPLE_KEYS = {"magictour sample": "tdoku_magictour_top1465"}


def credit(source: str) -> dict:
    """Where an example's position comes from, as a message of the catalogues' ``lesson`` section (the page's
    credit line, in every language: :func:`sudoku_core.lessons.page_data`; ``source`` is the script's own note
    of it, kept beside)."""
    source, _, step = source.partition(", step ")
    if step:
        return {"key": "credit.before_step", "params": {"source": credit(source), "step": int(step)}}
    if source.startswith("HoDoKu exemplar "):
        return {"key": "credit.exemplar", "params": {"k": int(source.removeprefix("HoDoKu exemplar "))}}
    if source.startswith("generate("):
        return {"key": "credit.killer", "params": {"seed": source.split("seed=")[1].rstrip(")")}}
    full = " full set line " in source
    name, _, number = source.partition(" full set line " if full else " line ")
    sample = {"key": f"sample.{SAMPLE_KEYS.get(name, name)}"}
    return {"key": "credit.full_set" if full else "credit.sample", "params": {"number": int(number), "set": sample}}


def example(tech: str, source: str, givens, state: State, step) -> dict:
    """The example record of ``step`` found at ``state`` (the position before it) of the puzzle ``givens``."""
    geo = state.geo
    p = parse(givens) if isinstance(givens, str) else givens
    values = list(state.values)
    where, reason = explain(step, geo, 1), explain(step, geo, 2)
    return {"technique": tech, "source": source, "credit": credit(source), "box": [geo.box_rows, geo.box_cols],
            **variant_value(geo), "givens": list(p.cells), "values": values,
            # the page's notes: bit d-1 for digit d (the engine's masks use bit d)
            "notes": [0 if values[c] else state.cand[c] >> 1 for c in range(geo.ncells)],
            "step": step_record(step, geo, values)["step"],
            # the hint's level 2 (where to look) and level 3 (the reason and the result)
            "where": where.to_dict(), "text": reason.to_dict()}


# Examples where a technique does not apply (sudoku_core.lessons.COUNTERS): near misses found on real
# positions, each a dict of the template's fields and the overlay's step (no removal), or None.

def _places(state: State, digit: int, cells) -> list[int]:
    return [c for c in cells if state.cand[c] >> digit & 1]


def _house(geo, kind: str, index: int) -> dict:
    return {"kind": kind, "index": index}


def _names(houses: list[tuple[str, int]]) -> list[dict]:
    """Houses as a hint's parameters name them (``{"house": [kind, 1-based index]}``), in no language."""
    return [{"house": [k, i + 1]} for k, i in houses]


def _cells(geo, cells) -> list[str]:
    return [geo.cell_name(c) for c in cells]


def _record(tech: str, state: State, cells, candidates, houses=(), cover=(), digits=(), fins=()) -> dict:
    return {"technique": tech, "placements": [], "eliminations": [], "cells": list(cells),
            "candidates": [list(x) for x in candidates], "houses": [_house(state.geo, k, i) for k, i in houses],
            "cover": [_house(state.geo, k, i) for k, i in cover], "digits": list(digits),
            "fins": [list(x) for x in fins], "links": [], "groups": [], "sees": []}


def _lines(geo):
    """(kind, index, cells, cross kind, cross index of a cell) of every row and column."""
    n = geo.n
    for r in range(n):
        yield "row", r, [r * n + k for k in range(n)], "column", geo.col_of
    for k in range(n):
        yield "column", k, [r * n + k for r in range(n)], "row", geo.row_of


def counter_naked_pair(state: State):
    geo = state.geo
    pairs = [c for c in range(geo.ncells) if not state.values[c] and bin(state.cand[c]).count("1") == 2]
    for i, c in enumerate(pairs):
        for e in pairs[i + 1:]:
            if state.cand[c] == state.cand[e] and e not in geo.peers[c]:
                a, b = [d for d in range(1, geo.n + 1) if state.cand[c] >> d & 1]
                step = _record("naked_pair", state, (c, e), [(c, a), (c, b), (e, a), (e, b)], digits=(a, b))
                return step, {"cells": _cells(geo, (c, e)), "a": a, "b": b}
    return None


def counter_x_wing(state: State):
    geo = state.geo
    for digit in range(1, geo.n + 1):
        for kind in ("row", "column"):
            lines = [(i, cells, cross, at) for k, i, cells, cross, at in _lines(geo) if k == kind]
            twos = [(i, _places(state, digit, cells), cross, at) for i, cells, cross, at in lines]
            twos = [x for x in twos if len(x[1]) == 2]
            for j, (i1, p1, cross, at) in enumerate(twos):
                for i2, p2, _, _ in twos[j + 1:]:  # i1 < i2
                    across = sorted({at(c) for c in p1 + p2})
                    if len(across) != 3:
                        continue
                    step = _record("x_wing", state, p1 + p2, [(c, digit) for c in p1 + p2],
                                   houses=[(kind, i1), (kind, i2)], cover=[(cross, x) for x in across], digits=(digit,))
                    return step, {"digit": digit, "houses": _names([(kind, i1), (kind, i2)]),
                                  "covers": _names([(cross, x) for x in across])}
    return None


def counter_swordfish(state: State):
    geo = state.geo
    for digit in range(1, geo.n + 1):
        for kind in ("row", "column"):
            lines = [(i, _places(state, digit, cells), cross, at) for k, i, cells, cross, at in _lines(geo)
                     if k == kind]
            lines = [x for x in lines if 2 <= len(x[1]) <= 3]
            for j, (i1, p1, cross, at) in enumerate(lines):
                for k, (i2, p2, _, _) in enumerate(lines[j + 1:], j + 1):
                    for i3, p3, _, _ in lines[k + 1:]:
                        places = p1 + p2 + p3
                        across = sorted({at(c) for c in places})
                        # four lines across, each reached by two of the three: a Swordfish but for one line
                        if len(across) != 4 or any(sum(at(c) == x for c in places) < 2 for x in across):
                            continue
                        # and no line across is used up all the same: each can be left out by some placing
                        # of the digit in the three lines, in three different lines across
                        ways = [(at(a), at(b), at(c)) for a in p1 for b in p2 for c in p3
                                if len({at(a), at(b), at(c)}) == 3]
                        if any(all(x in way for way in ways) for x in across):
                            continue
                        bases = [(kind, i1), (kind, i2), (kind, i3)]
                        step = _record("swordfish", state, places, [(c, digit) for c in places], houses=bases,
                                       cover=[(cross, x) for x in across], digits=(digit,))
                        return step, {"digit": digit, "houses": _names(bases),
                                      "covers": _names([(cross, x) for x in across])}
    return None


def counter_finned_x_wing(state: State):
    geo = state.geo
    for digit in range(1, geo.n + 1):
        for kind in ("row", "column"):
            lines = [(i, _places(state, digit, cells), cross, at) for k, i, cells, cross, at in _lines(geo)
                     if k == kind]
            for i1, p1, cross, at in lines:
                if len(p1) != 2:
                    continue
                cover = {at(c) for c in p1}
                for i2, p2, _, _ in lines:
                    if i2 == i1 or not cover <= {at(c) for c in p2}:
                        continue
                    corners = [c for c in p2 if at(c) in cover]
                    fins = [c for c in p2 if at(c) not in cover]
                    if len(corners) != 2 or not 1 <= len(fins) <= 2 or len({geo.box_of(f) for f in fins}) != 1:
                        continue
                    box = geo.box_of(fins[0])
                    if any(geo.box_of(c) == box for c in corners):
                        continue
                    if any(at(c) in cover for c in geo.houses[2 * geo.n + box]):
                        continue  # the box meets a cover line: a real finned fish could remove there
                    cells = p1 + corners
                    bases = sorted([(kind, i1), (kind, i2)])
                    step = _record("finned_x_wing", state, cells, [(c, digit) for c in cells], houses=bases,
                                   cover=[(cross, x) for x in sorted(cover)], digits=(digit,),
                                   fins=[(f, digit) for f in fins])
                    return step, {"digit": digit, "houses": _names(bases),
                                  "covers": _names([(cross, x) for x in sorted(cover)]),
                                  "line": _names([(kind, i2)]), "fins": _cells(geo, fins)}
    return None


def counter_unique_rectangle_1(state: State):
    geo = state.geo
    n = geo.n
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            if r1 // geo.box_rows == r2 // geo.box_rows:
                continue
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    if c1 // geo.box_cols == c2 // geo.box_cols:
                        continue
                    cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]
                    if any(state.values[c] for c in cells):
                        continue
                    masks = [state.cand[c] for c in cells]
                    for k in range(4):
                        others = [m for j, m in enumerate(masks) if j != k]
                        if (bin(others[0]).count("1") == 2 and others.count(others[0]) == 3
                                and masks[k] & others[0] == others[0] and masks[k] != others[0]):
                            a, b = [d for d in range(1, n + 1) if others[0] >> d & 1]
                            fourth = cells[k]
                            corners = [c for c in cells if c != fourth]
                            step = _record("unique_rectangle_1", state, cells,
                                           [(c, d) for c in cells for d in (a, b)],
                                           houses=[("box", geo.box_of(c)) for c in cells], digits=(a, b))
                            return step, {"a": a, "b": b, "corners": _cells(geo, corners),
                                          "fourth": geo.cell_name(fourth)}
    return None


COUNTERS = {"naked_pair": counter_naked_pair, "x_wing": counter_x_wing, "swordfish": counter_swordfish,
            "finned_x_wing": counter_finned_x_wing, "unique_rectangle_1": counter_unique_rectangle_1}


def counter_record(tech: str, source: str, givens, state: State, found) -> dict:
    step, fields = found
    p = parse(givens) if isinstance(givens, str) else givens
    geo = state.geo
    values = list(state.values)
    return {"technique": tech, "source": source, "credit": credit(source), "box": [geo.box_rows, geo.box_cols],
            **variant_value(geo), "givens": list(p.cells), "values": values,
            "notes": [0 if values[c] else state.cand[c] >> 1 for c in range(geo.ncells)], "step": step,
            "fields": fields}


def counter_examples() -> dict[str, dict]:
    """The first near miss of each technique of COUNTERS along the logic paths of the samples."""
    out: dict[str, dict] = {}
    for source, puzzle in path_puzzles():
        if len(out) == len(COUNTERS):
            break
        p = parse(puzzle)
        state = State.from_puzzle(p, unique=True)
        path, _ = logic_solve(state.copy())
        for k, path_step in enumerate(path):
            for tech, find in COUNTERS.items():
                if tech not in out and (found := find(state)) is not None:
                    out[tech] = counter_record(tech, f"{source}, step {k + 1}", p, state, found)
            apply_step(state, path_step)
    return out


def main() -> None:
    wanted = [t.id for t in TABLE]
    found: dict[str, dict] = {}
    for tech, source, givens, state in exemplar_positions():
        if tech in found or tech not in wanted:
            continue
        step = next(iter(find_steps(state, (tech,))), None)
        if step is not None:
            found[tech] = example(tech, source, givens, state, step)
    print(f"from pencilled positions: {len(found)}", file=sys.stderr)

    def walk(source: str, puzzle: str) -> None:
        p = parse(puzzle)
        state = State.from_puzzle(p, unique=True)
        path, _ = logic_solve(state.copy())
        for step in path:
            if step.technique not in found:
                found[step.technique] = example(step.technique, source, p, state, step)
            apply_step(state, step)

    for source, puzzle in path_puzzles():
        if all(t in found for t in wanted if not t.startswith(("cage_", "rule_45"))):
            break
        walk(source, puzzle)
    print(f"with logic paths: {len(found)}; missing {[t for t in wanted if t not in found]}", file=sys.stderr)
    # Techniques no path took (a cheaper one always came first): the first position of a path where their
    # finder fires, in the puzzles of their own exemplars first.
    late = [t for t in wanted if t not in found and not BY_ID[t].finder.startswith("killer:")]
    for tech in late:
        puzzles = sorted(path_puzzles(), key=lambda sp: not _exemplar_of(sp[1], tech))
        for source, puzzle in puzzles:
            p = parse(puzzle)
            state = State.from_puzzle(p, unique=True)
            path, _ = logic_solve(state.copy())
            for path_step in path:
                step = next(iter(find_steps(state, (tech,))), None)
                if step is not None:
                    found[tech] = example(tech, source, p, state, step)
                    break
                apply_step(state, path_step)
            if tech in found:
                break
    print(f"with finders along paths: {len(found)}", file=sys.stderr)
    # The cage techniques: along the paths of generated Killers, the first position where each one's finder
    # fires (most are never the cheapest step there).
    killer = [t.id for t in TABLE if t.finder.startswith("killer:")]
    for source, puzzle in killer_puzzles():
        if all(t in found for t in killer):
            break
        p = puzzle
        state = State.from_puzzle(p, unique=True)
        path, _ = logic_solve(state.copy())
        for path_step in path:
            for tech in killer:
                if tech not in found:
                    step = path_step if path_step.technique == tech else next(iter(find_steps(state, (tech,))), None)
                    if step is not None:
                        found[tech] = example(tech, source, p, state, step)
            apply_step(state, path_step)
    missing = [t for t in wanted if t not in found]
    if missing:
        print(f"no example for: {', '.join(missing)}", file=sys.stderr)
    counters = counter_examples()
    print(f"examples where it does not apply: {', '.join(counters)}", file=sys.stderr)
    games = practice_games()
    print("practice games: " + ", ".join(f"{t} {len(lines)}" for t, lines in games.items()), file=sys.stderr)
    out = {"note": "Written by tests/data/lessons/make_examples.py: one real position per technique where the "
                   "engine finds it, for learn.html, and the Practise games of the techniques the generator "
                   "cannot aim at.",
           "examples": {t: found[t] for t in wanted if t in found},
           "practice": {t: lines for t, lines in games.items() if lines},
           "counters": counters}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(out['examples'])} examples, {OUT.stat().st_size} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
