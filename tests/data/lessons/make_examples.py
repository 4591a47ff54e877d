"""Write ``web/data/lesson-examples.json``: one worked example per technique of the engine's table, for the
Learn page (``learn.html#ID``), so the page shows a lesson without asking the engine.

Each example is a real position where the engine's own finder (``BY_ID[id].find``) finds a step of that
technique: the board (givens, the digits placed so far, every open cell's candidates), the step as the
hint sends it (``sudoku_core.hint.step_record``: what the overlay draws) and its full explanation in
every language. Where the positions come from, in order of preference (the first that fires wins):

1. ``tests/data/hints/exemplars.tsv``: HoDoKu's exemplar positions, with their pencil marks;
2. ``tests/data/chains/als_positions.tsv``: positions of the magictour sample with their candidates;
3. puzzles whose logic path (``sudoku_core.rate.logic_solve``, every technique of the ladder) takes a step
   of the technique: the chain exemplars (``tests/data/chains/exemplars.tsv``), then the samples of
   ``tests/data/samples``; the position is the one just before that step, and the step is the path's own;
4. for a technique no path takes (a cheaper step always comes first), the first position along those paths
   where its finder fires, its own exemplars' puzzles first; for the cage techniques, along the paths of
   Hard Killers the engine generates with fixed seeds.

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
from sudoku_core.explain import explain, render  # noqa: E402
from sudoku_core.grid import geometry_for_side, variant_value  # noqa: E402
from sudoku_core.hint import step_record  # noqa: E402
from sudoku_core.rate import find_steps, logic_solve  # noqa: E402
from sudoku_core.step import apply_step  # noqa: E402
from sudoku_core.techniques import BY_ID, TABLE  # noqa: E402

DATA = ROOT / "tests" / "data"
OUT = ROOT / "web" / "data" / "lesson-examples.json"
SAMPLES = ("sudokuexchange_diabolical_se5plus.txt", "tdoku_magictour_top1465.txt", "qqwing_expert.txt",
           "qqwing_easy.txt", "qqwing_simple.txt", "tdoku_forum_hardest_1106.txt")
#: Killers tried for the cage techniques: generate(variant="killer", level=..., seed=k).
KILLER_SEEDS = tuple(range(1, 13))


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
        where = f"{name} line {line_no}" if line_no else f"HoDoKu exemplar {number}"
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


def killer_puzzles():
    for level in ("hard",):
        for seed in KILLER_SEEDS:
            g = generate(variant="killer", level=level, seed=seed, max_attempts=400, best_effort=True)
            yield f'generate(variant="killer", level="{level}", seed={seed})', g.puzzle


def example(tech: str, source: str, givens, state: State, step) -> dict:
    """The example record of ``step`` found at ``state`` (the position before it) of the puzzle ``givens``."""
    geo = state.geo
    p = parse(givens) if isinstance(givens, str) else givens
    values = list(state.values)
    where, reason = explain(step, geo, 1), explain(step, geo, 2)
    return {"technique": tech, "source": source, "box": [geo.box_rows, geo.box_cols], **variant_value(geo),
            "givens": list(p.cells), "values": values,
            # the page's notes: bit d-1 for digit d (the engine's masks use bit d)
            "notes": [0 if values[c] else state.cand[c] >> 1 for c in range(geo.ncells)],
            "step": step_record(step, geo, values)["step"],
            # the hint's level 2 (where to look) and level 3 (the reason and the result)
            "where": {lang: render(where, lang) for lang in ("en", "zh")},
            "text": {lang: render(reason, lang) for lang in ("en", "zh")}}


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
    out = {"note": "Written by tests/data/lessons/make_examples.py: one real position per technique where the "
                   "engine finds it, for learn.html.",
           "examples": {t: found[t] for t in wanted if t in found}}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(out['examples'])} examples, {OUT.stat().st_size} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
