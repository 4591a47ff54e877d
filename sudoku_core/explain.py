"""Explanations of a step, in words, at three levels of detail, in every language of :mod:`sudoku_core.locales`.

Finders return data (:class:`~sudoku_core.step.Step`); this is the only module that makes sentences.
:func:`explain` turns a step into a :class:`Message`: a key and parameters, no words. :func:`render`
makes the text in one language from that language's catalogue (its ``engine`` and ``technique``
sections); :func:`describe` renders every language at once, so the page switches language without
asking Python again.

Detail levels:

* 0, a nudge: the technique and the house ("There is a Hidden Single in box 5.");
* 1, where: the technique, the digit(s), the cells to look at (the page highlights ``step.cells`` /
  ``step.candidates``);
* 2, the reason in a sentence and the exact placements or eliminations.

Parameters are plain JSON so they can cross to the page: numbers and strings (cells are written
``r3c6`` and candidates ``r3c6<>4`` / ``r3c6=4`` in every language, the usual notation of Sudoku
players), lists (joined with the language's separator), ``{"house": [kind, index]}`` for a house,
``{"technique": id}`` for a technique name, and nested messages ``{"key": ..., "params": ...}``.
A technique without its own sentence falls back to a generic one, so adding a technique never breaks
the explanations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from . import locales
from .grid import Geometry
from .step import Cand, Step


@dataclass(frozen=True)
class Message:
    key: str
    params: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"key": self.key, "params": self.params}


# ---------------------------------------------------------------------------------------------
# Parameters from step data (language-neutral)

def _cell(geo: Geometry, c: int) -> str:
    return geo.cell_name(c)


def _house(geo, h: int) -> dict:
    kind, index = geo.house_kind(h)
    return {"house": [kind, index + 1]}


def _cands(geo: Geometry, pairs: Iterable[Cand], op: str) -> list[str]:
    return [f"{geo.cell_name(c)}{op}{d}" for c, d in pairs]


def _elims(geo: Geometry, pairs: Iterable[Cand]) -> list[str]:
    """Eliminations grouped by digit: ``r1c2,r1c3<>4``, the compact form players use."""
    by_digit: dict[int, list[int]] = {}
    for c, d in pairs:
        by_digit.setdefault(d, []).append(c)
    return [",".join(geo.cell_name(c) for c in sorted(cs)) + f"<>{d}" for d, cs in sorted(by_digit.items())]


def _result(geo: Geometry, step: Step) -> dict:
    if step.placements and step.eliminations:
        return {"key": "result.both", "params": {"placements": _cands(geo, step.placements, "="),
                                                   "eliminations": _elims(geo, step.eliminations)}}
    if step.placements:
        return {"key": "result.place", "params": {"placements": _cands(geo, step.placements, "=")}}
    return {"key": "result.eliminate", "params": {"eliminations": _elims(geo, step.eliminations)}}


def _digits(step: Step) -> str:
    return "/".join(str(d) for d in step.digits)


def _group(geo: Geometry, step: Step, label: str) -> list[str]:
    for lab, cands in step.groups:
        if lab == label:
            return [geo.cell_name(c) for c in dict.fromkeys(c for c, _ in cands)]
    return []


#: The techniques that place a digit for want of any other place or digit: their middle level names no cell.
SINGLES = frozenset({"full_house", "hidden_single", "naked_single"})


def explain(step: Step, geo: Geometry, detail: int = 2) -> Message:
    """The :class:`Message` for ``step`` at ``detail`` 0, 1 or 2."""
    tech = {"technique": step.technique}
    houses = step.houses
    if step.technique == "naked_single" and not houses:
        # Where to look, never the answer: the box of the cell (it names neither the cell nor the digit).
        houses = (2 * geo.n + geo.box_of(step.cells[0]),)
    if detail <= 0:
        if houses:
            return Message("nudge.house", {"technique": tech, "house": _house(geo, houses[0])})
        return Message("nudge", {"technique": tech})
    cells = [_cell(geo, c) for c in step.cells]
    params: dict[str, object]
    if detail == 1 and step.technique in SINGLES:
        # A single's middle level names the house (and, but for a naked single, the digit), never the
        # cell: naming it would give the answer away before the player has looked.
        key = "where.naked_single" if step.technique == "naked_single" else "where.single"
        return Message(key, {"technique": tech, "digits": _digits(step), "houses": [_house(geo, h) for h in houses]})
    if detail == 1:
        params = {"technique": tech, "digits": _digits(step), "cells": cells}
        if step.houses:
            params["houses"] = [_house(geo, h) for h in step.houses]
            return Message("where.houses", params)
        return Message("where", params)
    params = {"technique": tech, "digits": _digits(step), "cells": cells, "result": _result(geo, step),
              "houses": [_house(geo, h) for h in step.houses], "cover": [_house(geo, h) for h in step.cover],
              "fins": [_cell(geo, c) for c, _ in step.fins]}
    for label in ("pivot", "pincers", "roof", "floor", "link", "color_a", "color_b", "bivalue", "als", "stem"):
        if any(lab == label for lab, _ in step.groups):
            params[label] = _group(geo, step, label)
    key = f"reason.{step.technique}"
    if step.variant and _known(f"{key}.{step.variant}"):
        key = f"{key}.{step.variant}"  # a variant with a sentence of its own
    if not _known(key):
        key = "reason.generic"
    return Message(key, params)


# ---------------------------------------------------------------------------------------------
# Rendering

def render(message: Message | dict, lang: str = "en") -> str:
    """The text of ``message`` (a :class:`Message` or its dict) in ``lang`` (a catalogue's tag, or an alias:
    :func:`sudoku_core.locales.tag`)."""
    table = locales.section(lang, "engine")
    if isinstance(message, Message):
        key, params = message.key, message.params
    else:
        key, params = message["key"], message.get("params", {})
    values = {name: param_text(value, lang) for name, value in params.items()}
    text = locales.fill(table[REASON_ALIASES.get(key, key)], values)
    return _AN.sub("an ", text) if locales.tag(lang) == "en" else text


# English's "a" before a technique name said with a vowel sound: "an XY-Wing", "an ALS-XZ", "an
# Empty Rectangle", "an M-Wing" (a letter name such as "em"), but "a Unique Rectangle", "a W-Wing".
_AN = re.compile(r"\ba (?=[AEIO]|[FHLMNRSX](?=[-A-Z]))")


def param_text(value: object, lang: str) -> str:
    """A message's parameter in ``lang``: a nested message, a house, a technique's name, a list (joined with the
    language's separator) or a plain value."""
    table = locales.section(lang, "engine")
    if isinstance(value, dict):
        if "key" in value:
            return render(value, lang)
        if "house" in value:
            kind, index = value["house"]
            return locales.fill(table[f"house.{kind}"], {"index": index})
        if "technique" in value:
            return technique_name(value["technique"], lang)
    if isinstance(value, list):
        return table["sep"].join(param_text(v, lang) for v in value)
    return str(value)


def technique_name(technique_id: str, lang: str = "en") -> str:
    """A technique's name in ``lang`` (its id, spaced, for one no catalogue names)."""
    return locales.section(lang, "technique").get(technique_id, technique_id.replace("_", " "))


def describe(step: Step, geo: Geometry, langs: Iterable[str] | None = None) -> dict:
    """All three levels as data plus text: ``{"0": {"key", "params", "text": {lang: str}}, ...}``, in
    ``langs`` (default: every catalogue's language), and the highlight and the step itself, ready for the page."""
    langs = locales.languages() if langs is None else tuple(langs)
    out = {}
    for detail in (0, 1, 2):
        msg = explain(step, geo, detail)
        out[str(detail)] = {**msg.to_dict(), "text": {lang: render(msg, lang) for lang in langs}}
    return out


# ---------------------------------------------------------------------------------------------
# The words: the catalogues' ``engine`` section (keys nudge.*, where.*, reason.<technique id>, result.*,
# house.*, status.*, mistake.*, sep) and ``technique`` section (names), in :mod:`sudoku_core.locales`.

#: Techniques that share another's sentence, in every language: the key a member's reason is read from.
REASON_ALIASES: dict[str, str] = {
    **{f"reason.{tid}": "reason.fish" for tid in ("x_wing", "swordfish", "jellyfish")},
    **{f"reason.{kind}_{tid}": "reason.finned_fish"
       for kind in ("finned", "sashimi") for tid in ("x_wing", "swordfish", "jellyfish")},
    **{f"reason.{tid}": "reason.unique_rectangle"
       for tid in ("unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
                   "hidden_rectangle")},
    **{f"reason.{tid}{double}": f"reason.bent_wing{double}"
       for tid in ("wxyz_wing", "vwxyz_wing") for double in ("", ".double")},
    # Franken and Mutant fish (techniques/complex_fish.py): base and cover houses of any kind.
    **{f"reason.{fin}{kind}_{tid}": f"reason.{fin}complex_fish"
       for fin in ("", "finned_") for kind in ("franken", "mutant") for tid in ("x_wing", "swordfish", "jellyfish")},
    # The extended ALS-XY-Chains (techniques/als.py, off the ladder): the same reasoning.
    "reason.extended_als_xy_chain": "reason.als_xy_chain",
}


def _known(key: str) -> bool:
    """Whether the engine has a sentence for ``key`` (its own, or a shared one)."""
    return key in REASON_ALIASES or key in locales.section(locales.DEFAULT, "engine")
