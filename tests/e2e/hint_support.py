"""What the browser tests of the hint's drawing share: step records of every family as the engine sends
them (with the grid each was found on), and the check that the overlay on the page draws a step part
for part. Used by test_overlay_layout.py, test_hints_page.py, test_all_steps_page.py and test_a11y.py."""

from __future__ import annotations

import functools
from pathlib import Path

from support import decode_state

DATA = Path(__file__).resolve().parents[1] / "data"
# From magictour's top 1465: its path holds singles, intersections, subsets, a finned Swordfish, wings,
# an Empty Rectangle, a Skyscraper, X-, XY- and AI chains (grouped too), ALS-XZ, ALS-XY-Wing and cell
# forcing chains (as in test_hints_page.py).
EVERY_FAMILY = "........3.9.6.4.......1.28.....6...173....6...5.4...7...5...7..3.91.....6..97...2"
# One regression-table step of each (tests/data/hints/exemplars.tsv).
HINT_EXEMPLARS = ("pointing", "claiming", "naked_triple", "hidden_quad", "x_wing", "swordfish", "jellyfish",
                  "finned_x_wing", "sashimi_swordfish", "finned_jellyfish", "franken_swordfish",
                  "finned_mutant_jellyfish", "kraken_fish_1", "kraken_fish_2", "xyz_wing", "w_wing",
                  "skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle", "simple_colors_trap",
                  "unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
                  "unique_rectangle_5", "unique_rectangle_6", "hidden_rectangle", "bug_plus_1")
# One step of each from the chain exemplars (tests/data/chains/exemplars.tsv) and the ALS positions.
CHAIN_EXEMPLARS = ("remote_pair", "x_chain", "xy_chain", "nice_loop", "aic", "grouped_nice_loop", "grouped_aic",
                   "sue_de_coq", "als_xz", "als_xy_wing", "cell_forcing_chain", "unit_forcing_chain",
                   "digit_forcing_chain")
ALS_POSITIONS = ("als_xy_chain", "death_blossom", "extended_als_xy_chain")


def board_text(values) -> str:
    return "".join(str(v) if v else "." for v in values)


def records(puzzle_text: str, one_per_technique: bool = True) -> list[tuple[str, dict]]:
    """The steps of a puzzle's logic path as the page draws them (with a single's sightings), each with
    the grid it was found on: one per technique, and every step with links."""
    from sudoku_core.candidates import State
    from sudoku_core.formats import parse
    from sudoku_core.hint import step_record
    from sudoku_core.rate import rate
    from sudoku_core.step import apply_step

    puzzle = parse(puzzle_text)
    state = State.from_puzzle(puzzle)
    seen, out = set(), []
    for step in rate(puzzle).steps:
        record = step_record(step, puzzle.geometry, state.values)["step"]
        if not one_per_technique or step.technique not in seen or step.links:
            out.append((board_text(state.values), record))
        seen.add(step.technique)
        apply_step(state, step)
    return out


@functools.cache
def classic_steps() -> tuple[tuple[str, dict], ...]:
    """Steps of every 9x9 family: the path of EVERY_FAMILY, and regression-table steps of the rest."""
    from sudoku_core.candidates import State
    from sudoku_core.formats import parse
    from sudoku_core.grid import geometry_for_side
    from sudoku_core.rate import logic_solve
    from sudoku_core.techniques import BY_ID, TABLE

    steps = records(EVERY_FAMILY)
    rows = [line.split("\t") for line in (DATA / "hints" / "exemplars.tsv").read_text().splitlines()]
    for tech in HINT_EXEMPLARS:
        state = decode_state(next(r[4] for r in rows if r[2] == tech))
        steps.append((board_text(state.values), next(iter(BY_ID[tech].find(state))).to_dict(state.geo)))
    basic = tuple(t for t in TABLE if t.finder.split(":")[0] in ("singles", "intersections", "subsets"))
    chains = [line.split("\t") for line in (DATA / "chains" / "exemplars.tsv").read_text().splitlines()
              if line and not line.startswith("#")]
    for tech in CHAIN_EXEMPLARS:
        for row in (r for r in chains if r[0] == tech or (tech.endswith("forcing_chain") and "Forcing" in r[2])):
            state = State.from_puzzle(parse(row[3]))
            logic_solve(state, basic)
            step = next(iter(BY_ID[tech].find(state)), None)
            if step:
                steps.append((board_text(state.values), step.to_dict(state.geo)))
                break
        else:
            raise AssertionError(f"no exemplar of {tech} fires")
    als = [line.split("\t") for line in (DATA / "chains" / "als_positions.tsv").read_text().splitlines()
           if line and not line.startswith("#")]
    for tech in ALS_POSITIONS:
        values, cands = next(r[2:4] for r in als if r[0] == tech and r[-1] != "-")
        pencil = [0 if t == "-" else sum(1 << int(d) for d in t) for t in cands.split()]
        state = State.from_pencil(geometry_for_side(9), [0 if ch == "." else int(ch) for ch in values], pencil)
        steps.append((values, next(iter(BY_ID[tech].find(state))).to_dict(state.geo)))
    return tuple(steps)


DRAWN = """() => { const svg = document.querySelector('.board-wrap > svg.reason');
    const all = sel => [...svg.querySelectorAll(sel)];
    return {technique: svg.dataset.technique, shown: getComputedStyle(svg).display !== 'none',
        houses: all('.rs-house').map(e => e.dataset.house), cover: all('.rs-cover').map(e => e.dataset.house),
        links: all('.rs-link').map(e => [e.dataset.from, e.dataset.to, e.classList.contains('rs-strong')]),
        cands: all('.rs-cand').map(e => e.dataset.cand), fins: all('.rs-fin').map(e => e.dataset.cand),
        elims: all('.rs-elim').map(e => e.dataset.cand), places: all('.rs-place').map(e => e.dataset.cand),
        groups: new Set(all('.rs-set').map(e => e.dataset.group)).size,
        sees: all('.rs-sees').map(e => [Number(e.dataset.from), Number(e.dataset.cell)])}; }"""


def check_drawn(page, step: dict) -> None:
    """The overlay on the page shows ``step`` (its record as the engine sends it), part for part."""
    drawn = page.evaluate(DRAWN)
    rcd = lambda c: ",".join(map(str, c))  # noqa: E731
    assert drawn["shown"] and drawn["technique"] == step["technique"]
    assert drawn["houses"] == [f"{h['kind']} {h['index']}" for h in step["houses"]]
    assert drawn["cover"] == [f"{h['kind']} {h['index']}" for h in step["cover"]]
    assert drawn["links"] == [[" ".join(map(rcd, link["from"])), " ".join(map(rcd, link["to"])), link["strong"]]
                              for link in step["links"]]
    assert drawn["cands"] == [rcd(c) for c in step["candidates"]]
    assert drawn["fins"] == [rcd(c) for c in step["fins"]]
    assert drawn["elims"] == [rcd(c) for c in step["eliminations"]]
    assert drawn["places"] == [rcd(c) for c in step["placements"]]
    assert drawn["groups"] == len(step["groups"])
    assert drawn["sees"] == step.get("sees", [])  # a single's sightings: one line each
