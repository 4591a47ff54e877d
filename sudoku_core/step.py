"""The Step record every technique finder returns, and how a step is applied.

A :class:`Step` is data only: which technique, what it concludes (placements and eliminations,
each a ``(cell, digit)`` pair), and what proves it, for highlighting and for the explanation:

* ``cells``: the cells of the pattern (the pair, the fish's base cells, the wing's pivot and pincers);
* ``candidates``: ``(cell, digit)`` pairs of the pattern that the proof rests on;
* ``houses``: the houses involved (base houses of a fish, the box of a pointing pair, ...);
* ``cover``: second set of houses where the technique has one (cover sets of a fish, the line of a
  pointing pair);
* ``digits``: the digits the pattern is about;
* ``fins``: ``(cell, digit)`` fin candidates of finned fish and other "almost" patterns;
* ``links``: chain links, each ``(from_nodes, to_nodes, strong)``, a node being a tuple of
  ``(cell, digit)`` pairs (one pair, or several for a grouped node);
* ``groups``: labelled sets of candidates, e.g. the two colours of a colouring, the ALS of an
  ALS rule; each ``(label, ((cell, digit), ...))``;
* ``variant``: a short key that refines the technique for the explanation ("trap"/"wrap",
  "row"/"column"), or "".

On a Killer, :meth:`Step.to_dict` adds ``cages``, the cages a cage technique's step reasons with
(:func:`step_cages`), which the page outlines.

Cells are 0-based integers in the records and in their JSON (:meth:`Step.to_dict`: ``[cell, digit]``),
as everywhere on the bridge; only text for people names cells ``r3c6``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .candidates import State
    from .grid import Geometry

Cand = tuple[int, int]
Node = tuple[Cand, ...]
Link = tuple[Node, Node, bool]


@dataclass(frozen=True)
class Step:
    technique: str
    placements: tuple[Cand, ...] = ()
    eliminations: tuple[Cand, ...] = ()
    cells: tuple[int, ...] = ()
    candidates: tuple[Cand, ...] = ()
    houses: tuple[int, ...] = ()
    cover: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    fins: tuple[Cand, ...] = ()
    links: tuple[Link, ...] = ()
    groups: tuple[tuple[str, tuple[Cand, ...]], ...] = ()
    variant: str = ""

    @property
    def progress(self) -> bool:
        return bool(self.placements or self.eliminations)

    def to_dict(self, geo: Geometry) -> dict:
        """Plain JSON, as the bridge and the command line send it: cells 0-based, every candidate
        ``[cell, digit]``, houses ``{"kind", "index"}`` (index 0-based within its kind)."""

        def cand(cd: Cand) -> list[int]:
            return [cd[0], cd[1]]

        def cell(c: int) -> int:
            return c

        def house(h):
            kind, index = geo.house_kind(h)
            return {"kind": kind, "index": index}

        out = {
            "technique": self.technique,
            "placements": [cand(x) for x in self.placements],
            "eliminations": [cand(x) for x in self.eliminations],
            "cells": [cell(c) for c in self.cells],
            "candidates": [cand(x) for x in self.candidates],
            "houses": [house(h) for h in self.houses],
            "cover": [house(h) for h in self.cover],
            "digits": list(self.digits),
            "fins": [cand(x) for x in self.fins],
            "links": [{"from": [cand(x) for x in a], "to": [cand(x) for x in b], "strong": s}
                      for a, b, s in self.links],
            "groups": [{"label": label, "candidates": [cand(x) for x in cs]} for label, cs in self.groups],
        }
        if self.variant:
            out["variant"] = self.variant
        if geo.cages is not None:
            out["cages"] = step_cages(self, geo)
        return out


def apply_step(state: State, step: Step) -> None:
    """Apply ``step`` to ``state`` in place: placements (with their peers' candidates removed),
    then eliminations. The same for every technique."""
    for cell, digit in step.placements:
        if not state.values[cell]:
            state.place(cell, digit)
    for cell, digit in step.eliminations:
        state.eliminate(cell, digit)


#: The techniques whose reason is a cage or several (:func:`step_cages`): every ``killer:`` row of the
#: technique table (a test keeps the two the same).
CAGE_TECHNIQUES = ("cage_combination", "rule_45", "cage_filling", "cage_pointing", "cage_claiming", "cage_split",
                   "rule_45_lines", "rule_45_blocks")


def step_cages(step: Step, geo: Geometry) -> list[int]:
    """The Killer cages (indices into ``geo.cages``) a cage technique's step reasons with, for the page to
    outline: every cage whose cells all lie among the step's cells and the cells of its groups (a cage
    combination names its cage's cells; the 45 rule its innies or outies and, as a group, the cages it
    takes away or adds). Any other step, or a grid without cages, has none."""
    if step.technique not in CAGE_TECHNIQUES or not geo.cages:
        return []
    named = set(step.cells) | {c for _, cands in step.groups for c, _ in cands}
    return [q for q, (_, cells) in enumerate(geo.cages) if named.issuperset(cells)]


#: The techniques :func:`sightings` explains.
SINGLES = ("hidden_single", "naked_single")


def sightings(step: Step, geo: Geometry, values: Sequence[int]) -> list[list[int]]:
    """Why a single is one, as ``[seen_from, cell]`` pairs for the page to draw: for a hidden single,
    each other open cell of its house and a placed copy of the digit that sees it; for a naked single,
    its cell and, for each other digit, a placed copy in one of its peers. ``values``: the digits on the
    board (givens and the player's, 0 for empty). A cell ruled out only by notes or earlier steps has no
    pair; any other step has none. Of several copies, the one in the cell's row, else column, else
    box (else extra house) is taken, the first in reading order."""
    if step.technique not in SINGLES or not step.placements:
        return []
    cell, digit = step.placements[0]
    houses = geo.houses

    def seen_by(c: int, d: int) -> int | None:
        for h in geo.cell_houses[c]:
            for q in houses[h]:
                if q != c and values[q] == d:
                    return q
        return None

    pairs = []
    if step.technique == "hidden_single":
        for x in houses[step.houses[0]]:
            if x != cell and not values[x]:
                q = seen_by(x, digit)
                if q is not None:
                    pairs.append([q, x])
    else:
        for d in range(1, geo.n + 1):
            q = None if d == digit else seen_by(cell, d)
            if q is not None:
                pairs.append([q, cell])
    return pairs
