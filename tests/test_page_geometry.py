"""The page's geometry against the engine's, in node (no browser): issue 32's "the domain once".

``web/js/geometry.js`` holds no domain of its own: it reads the sides, box shapes, variants, extra houses
and house kinds that ``build.py`` writes into ``build-info.js`` from :func:`sudoku_core.grid.page_domain`.
This test writes that module as the build does, runs the page's geometry.js in node on it, and checks,
for every side and every variant the engine plays on it (a Jigsaw with a region map of its own, a Killer
with cages), that the page's houses, their kinds and every cell's peers are the engine's.
"""

from __future__ import annotations

from sudoku_core.errors import RegionError
from sudoku_core.formats import parse
from sudoku_core.grid import STANDARD_BOXES, VARIANTS, Geometry, geometry, variant_geometry

# A 9x9 Jigsaw and a Killer in the one-line form of docs/variants.md (tests/e2e/play_support.py's).
JIGSAW = ("jigsaw:3.2.6.......7.8.....8......57.....3......3..5.4...........9.......2.....4.3....9.:"
          "AAABBBBBBAAAACCBBBDAACCCEEFDDDCEEEFFDCCCEEFFFDDGGGEEFFHDGGGIIFIHDGHGGIIIHHHHHHIII")
KILLER = ("killer:" + "." * 81 + ":aaabccdddaeebfghhijekbfgggijjklllmniokkpplliiqrspttuuuqssstvvvwxyszzvvAwyyzzBBB"
          "AA:12,14,11,24,19,17,12,6,15,17,21,25,8,7,7,12,12,5,27,16,19,20,9,3,14,19,19,15")

RUNNER = """
import * as G from "./js/geometry.js";
import fs from "node:fs";
const shapes = JSON.parse(fs.readFileSync(0, "utf8"));
const out = shapes.map((s) => {
  const shape = { n: s.n, box: G.BOXES[s.n], variant: s.variant, regions: s.regions, cages: s.cages };
  const houses = G.housesOf(shape);
  return { played: G.playedOn(s.variant, s.n), box: G.BOXES[s.n], houses,
    kinds: houses.map((_, h) => G.houseKind(h, shape)),
    peers: G.peersOf(s.n, G.BOXES[s.n], s.variant, s.regions, s.cages) };
});
process.stdout.write(JSON.stringify({ symbols: G.DEFAULT_SYMBOLS, variants: G.VARIANTS, shapes: out }));
"""


def _engine_shapes() -> list[tuple[dict, Geometry | None]]:
    """Every (side, variant) as the page's shape and the engine's Geometry, or None where the engine does
    not play the variant on that side. A Jigsaw is tried with its boxes as regions, and on 9x9 with a
    puzzle's real regions; a Killer on 9x9 with a puzzle's cages (cages are checked against the side)."""
    out: list[tuple[dict, Geometry | None]] = []
    for variant in VARIANTS:
        for n, (br, bc) in STANDARD_BOXES.items():
            if variant == "killer":
                continue
            boxes = [geometry(br, bc).box_of(c) for c in range(n * n)]
            regions = boxes if variant == "jigsaw" else None
            try:
                geo: Geometry | None = variant_geometry(n, variant, regions=regions)
            except RegionError:
                geo = None
            out.append(({"n": n, "variant": variant, "regions": regions, "cages": None}, geo))
    for line in (JIGSAW, KILLER):
        geo = parse(line).geometry
        cages = [{"sum": total, "cells": list(cells)} for total, cells in geo.cages] if geo.cages else None
        out.append(({"n": 9, "variant": geo.variant, "regions": list(geo.regions) if geo.regions else None,
                     "cages": cages}, geo))
    return out


def test_the_pages_geometry_is_the_engines_for_every_side_and_variant(page_in_node):
    shapes = _engine_shapes()
    assert {s["variant"] for s, g in shapes if g} == set(VARIANTS) and sum(g is None for _, g in shapes) > 0
    page = page_in_node(RUNNER, [s for s, _ in shapes])

    from sudoku_core.puzzle import DEFAULT_SYMBOLS

    assert page["symbols"] == DEFAULT_SYMBOLS and page["variants"] == list(VARIANTS)
    for (shape, geo), got in zip(shapes, page["shapes"], strict=True):
        where = f"{shape['n']}x{shape['n']} {shape['variant']}"
        assert got["played"] is (geo is not None), where
        if geo is None:
            continue
        assert got["box"] == [geo.box_rows, geo.box_cols], where
        assert got["houses"] == [list(h) for h in geo.houses], where
        assert got["kinds"] == [list(geo.house_kind(h)) for h in range(len(geo.houses))], where
        assert got["peers"] == [list(p) for p in geo.peers], where
