"""The page's reader of the one-line forms against the engine's, in node (no browser): issue 32's "the domain once".

The page must paint a puzzle from a link or the bank before the engine is up, so ``web/js/game.js`` keeps a
small reader of the one-line forms (``gridFromLine``: ``DIGITS``, ``x:DIGITS``, ``windoku:DIGITS``,
``jigsaw:DIGITS:MAP``, ``killer:DIGITS:CAGEMAP:SUMS``) and a writer of the Killer form (``killerLine``). The
engine's :func:`sudoku_core.formats.parse` and :func:`~sudoku_core.formats.format_variant` are the source of
truth. This test runs the page's code in node on lines of every variant and side, good and mangled, and
checks that the page's reader is a subset of the engine's that agrees with it:

* a line the page reads, the engine reads to the same digits, boxes, regions and cages; the one thing the page
  leaves to the engine is judging regions and cages (connected, a sum its cells can make), so the engine may
  still refuse such a line, and then those rules, checked alone, must fail;
* every line the engine writes in the one-line form, the page reads;
* the page's Killer writer writes the engine's line.
"""

from __future__ import annotations

import random

import pytest

from sudoku_core.errors import RegionError, SudokuError
from sudoku_core.formats import format_variant, parse
from sudoku_core.grid import STANDARD_BOXES, VARIANTS, geometry, page_domain, variant_geometry
from sudoku_core.puzzle import DEFAULT_SYMBOLS

JIGSAW = ("jigsaw:3.2.6.......7.8.....8......57.....3......3..5.4...........9.......2.....4.3....9.:"
          "AAABBBBBBAAAACCBBBDAACCCEEFDDDCEEEFFDCCCEEFFFDDGGGEEFFHDGGGIIFIHDGHGGIIIHHHHHHIII")
KILLER = ("killer:" + "." * 81 + ":aaabccdddaeebfghhijekbfgggijjklllmniokkpplliiqrspttuuuqssstvvvwxyszzvvAwyyzzBBB"
          "AA:12,14,11,24,19,17,12,6,15,17,21,25,8,7,7,12,12,5,27,16,19,20,9,3,14,19,19,15")
LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

RUNNER = """
import { gridFromLine, killerLine } from "./js/game.js";
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const read = job.lines.map((line) => gridFromLine(line));
const written = job.killers.map(({ digits, cages }) => killerLine(digits, cages));
process.stdout.write(JSON.stringify({ read, written }));
"""


def _digits(rng: random.Random, n: int) -> str:
    """A line of `n*n` cells, about a third of them filled, blanks written `.` or `0`."""
    symbols = DEFAULT_SYMBOLS[:n]
    return "".join(rng.choice(symbols) if rng.random() < 0.35 else rng.choice(".0.") for _ in range(n * n))


def _dominoes(n: int) -> tuple[str, str]:
    """A cage map of side `n`: horizontal pairs of cells where the row has room, labelled in order, and
    sums a pair of different digits can make; cells past the labels stay out of every cage."""
    labels = ["."] * (n * n)
    sums = []
    for cell in range(0, n * n - 1, 2):
        if len(sums) == len(LABELS) or cell % n == n - 1:
            continue
        labels[cell] = labels[cell + 1] = LABELS[len(sums)]
        sums.append(str(3 + len(sums) % (2 * n - 3)))
    return "".join(labels), ",".join(sums)


def _mangled(rng: random.Random, line: str) -> list[str]:
    """A line made wrong in the ways a hand-edited or cut-off link is wrong."""
    fields = line.split(":")
    out = [line[:-1], line + ".", line + ":", ":" + line, line.upper(), line.lower(),
           line.replace(".", "x", 1), line.replace(".", "²", 1)]
    if len(fields) > 1:
        out.append(fields[0].upper() + ":" + ":".join(fields[1:]))
        out.append(":".join(fields[:-1]))
    if len(fields) >= 3:
        body = list(fields[2])
        i, j = rng.randrange(len(body)), rng.randrange(len(body))
        body[i], body[j] = body[j], body[i]
        out.append(":".join([*fields[:2], "".join(body), *fields[3:]]))
        out.append(":".join([*fields[:2], fields[2][:-1], *fields[3:]]))
        out.append(":".join([*fields[:2], fields[2].replace(fields[2][0], "?"), *fields[3:]]))
    if len(fields) == 4:
        out.append(":".join([*fields[:3], fields[3] + ",5"]))
        out.append(":".join([*fields[:3], fields[3].replace(",", ",x", 1)]))
        out.append(":".join([*fields[:3], fields[3].replace(",", ",,", 1)]))
        swapped = fields[2].translate(str.maketrans("ab", "ba"))
        out.append(":".join([*fields[:2], swapped, *fields[3:]]))
    return out


def _corpus() -> list[str]:
    rng = random.Random(32)
    good = [JIGSAW, KILLER, KILLER.replace("." * 81, "1" + "." * 80)]
    for variant in page_domain()["variants"]:
        name = variant["name"]
        for n in variant["sides"]:
            br, bc = STANDARD_BOXES[n]
            for _ in range(2):
                digits = _digits(rng, n)
                if name == "classic":
                    good.append(digits)
                elif name == "jigsaw":
                    letters = rng.sample(DEFAULT_SYMBOLS[:n], n)  # any labels: regions are renumbered
                    good.append(f"jigsaw:{digits}:" + "".join(letters[geometry(br, bc).box_of(c)]
                                                               for c in range(n * n)))
                elif name == "killer":
                    cage_map, sums = _dominoes(n)
                    good.append(f"killer:{'.' * (n * n)}:{cage_map}:{sums}")
                else:
                    good.append(f"{name}:{digits}")
    lines = list(good)
    for line in good:
        lines.extend(_mangled(rng, line))
    return lines


def _shape(puzzle) -> dict:
    geo = puzzle.geometry
    shape = {"box": [geo.box_rows, geo.box_cols], "cells": list(puzzle.cells),
             "symbols": DEFAULT_SYMBOLS[:geo.n]}
    if geo.variant != "classic":
        shape["variant"] = geo.variant
        if geo.cages is not None:
            shape["cages"] = [{"sum": total, "cells": list(cells)} for total, cells in geo.cages]
        else:
            shape["regions"] = list(geo.regions) if geo.regions is not None else None
    return shape


def test_the_pages_line_reader_is_a_subset_of_the_engines_and_agrees_with_it(page_in_node):
    lines = _corpus()
    engine: list[object] = []
    for line in lines:
        try:
            engine.append(parse(line, check=False))
        except SudokuError as error:
            engine.append(error)
    written = [format_variant(p, one_line=True) for p in engine if not isinstance(p, Exception)]
    killers = [p for p in engine if not isinstance(p, Exception) and p.geometry.cages is not None]
    page = page_in_node(RUNNER, {
        "lines": lines + written,
        "killers": [{"digits": "".join(DEFAULT_SYMBOLS[d - 1] if d else "." for d in p.cells),
                     "cages": [{"sum": t, "cells": list(cs)} for t, cs in p.geometry.cages]} for p in killers]})
    read = page["read"]
    assert {s for s in VARIANTS} == {p.geometry.variant for p in engine if not isinstance(p, Exception)}
    taken = refused = 0
    for line, mine, theirs in zip(lines, read, engine, strict=False):
        if mine is None:
            refused += 1
            continue
        taken += 1
        if isinstance(theirs, Exception):
            # The page leaves the region and cage rules to the engine: those, and only those, must fail.
            n = len(mine["symbols"])
            cages = [(q["sum"], q["cells"]) for q in mine["cages"]] if mine.get("cages") else None
            with pytest.raises(RegionError):
                variant_geometry(n, mine.get("variant", "classic"), regions=mine.get("regions"), cages=cages)
                pytest.fail(f"the page reads {line!r}, which the engine refuses: {theirs}")
            continue
        assert mine == _shape(theirs), line
    print(f"{taken} lines read by the page, {refused} left to the engine, {len(written)} engine lines")
    assert taken > 40 and refused > 40, (taken, refused)
    for line, mine in zip(written, read[len(lines):], strict=True):
        assert mine is not None, f"the page cannot read the engine's line {line!r}"
    for puzzle, line in zip(killers, page["written"], strict=True):
        assert line == format_variant(puzzle, one_line=True)
