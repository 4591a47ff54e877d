"""Explanations of a step, in words, at three levels of detail, in English and Simplified Chinese.

Finders return data (:class:`~sudoku_core.step.Step`); this is the only module that makes sentences.
:func:`explain` turns a step into a :class:`Message`: a key and parameters, no words. :func:`render`
makes the text in one language from the tables :data:`EN` and :data:`ZH`, so the page can translate
(or re-render) without asking Python again.

Detail levels:

* 0, a nudge: the technique and the house ("There is a Hidden Single in box 5.");
* 1, where: the technique, the digit(s), the cells to look at (the page highlights ``step.cells`` /
  ``step.candidates``);
* 2, the reason in a sentence and the exact placements or eliminations.

Parameters are plain JSON so they can cross to the page: numbers and strings (cells are written
``r3c6`` and candidates ``r3c6<>4`` / ``r3c6=4`` in both languages, the usual notation of Sudoku
players), lists (joined with the language's separator), ``{"house": [kind, index]}`` for a house,
``{"technique": id}`` for a technique name, and nested messages ``{"key": ..., "params": ...}``.
A technique without its own sentence falls back to a generic one, so adding a technique never breaks
the explanations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

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
    if step.variant and f"{key}.{step.variant}" in EN:
        key = f"{key}.{step.variant}"  # a variant with a sentence of its own
    if key not in EN:
        key = "reason.generic"
    return Message(key, params)


# ---------------------------------------------------------------------------------------------
# Rendering

def render(message: Message | dict, lang: str = "en") -> str:
    """The text of ``message`` (a :class:`Message` or its dict) in ``lang`` ("en" or "zh")."""
    table = TABLES[lang]
    if isinstance(message, Message):
        key, params = message.key, message.params
    else:
        key, params = message["key"], message.get("params", {})
    values = {name: _fmt(value, lang) for name, value in params.items()}
    text = table[key].format(**values)
    return _AN.sub("an ", text) if lang == "en" else text


# English's "a" before a technique name said with a vowel sound: "an XY-Wing", "an ALS-XZ", "an
# Empty Rectangle", "an M-Wing" (a letter name such as "em"), but "a Unique Rectangle", "a W-Wing".
_AN = re.compile(r"\ba (?=[AEIO]|[FHLMNRSX](?=[-A-Z]))")


def _fmt(value: object, lang: str) -> str:
    table = TABLES[lang]
    if isinstance(value, dict):
        if "key" in value:
            return render(value, lang)
        if "house" in value:
            kind, index = value["house"]
            return table[f"house.{kind}"].format(index=index)
        if "technique" in value:
            return technique_name(value["technique"], lang)
    if isinstance(value, list):
        return table["sep"].join(_fmt(v, lang) for v in value)
    return str(value)


def technique_name(technique_id: str, lang: str = "en") -> str:
    names = NAMES[lang]
    return names.get(technique_id, technique_id.replace("_", " "))


def describe(step: Step, geo: Geometry, langs: Iterable[str] = ("en", "zh")) -> dict:
    """All three levels as data plus text: ``{"0": {"key", "params", "text": {lang: str}}, ...}``,
    and the highlight and the step itself, ready for the page."""
    out = {}
    for detail in (0, 1, 2):
        msg = explain(step, geo, detail)
        out[str(detail)] = {**msg.to_dict(), "text": {lang: render(msg, lang) for lang in langs}}
    return out


# ---------------------------------------------------------------------------------------------
# Tables. Keys: nudge.*, where.*, reason.<technique id>, result.*, house.*, sep.

NAMES = {
    "en": {
        "full_house": "Full House", "hidden_single": "Hidden Single", "naked_single": "Naked Single",
        "pointing": "Pointing", "claiming": "Claiming (Box/Line Reduction)",
        "naked_pair": "Naked Pair", "naked_triple": "Naked Triple", "naked_quad": "Naked Quad",
        "hidden_pair": "Hidden Pair", "hidden_triple": "Hidden Triple", "hidden_quad": "Hidden Quad",
        "x_wing": "X-Wing", "swordfish": "Swordfish", "jellyfish": "Jellyfish",
        "finned_x_wing": "Finned X-Wing", "finned_swordfish": "Finned Swordfish",
        "finned_jellyfish": "Finned Jellyfish", "sashimi_x_wing": "Sashimi X-Wing",
        "sashimi_swordfish": "Sashimi Swordfish", "sashimi_jellyfish": "Sashimi Jellyfish",
        "skyscraper": "Skyscraper", "two_string_kite": "2-String Kite", "turbot_fish": "Turbot Fish",
        "empty_rectangle": "Empty Rectangle", "xy_wing": "XY-Wing", "xyz_wing": "XYZ-Wing", "w_wing": "W-Wing",
        "wxyz_wing": "WXYZ-Wing", "vwxyz_wing": "VWXYZ-Wing",
        "simple_colors_trap": "Simple Colouring (trap)", "simple_colors_wrap": "Simple Colouring (wrap)",
        "multi_colors": "Multi-Colouring",
        "unique_rectangle_1": "Unique Rectangle Type 1", "unique_rectangle_2": "Unique Rectangle Type 2",
        "unique_rectangle_3": "Unique Rectangle Type 3", "unique_rectangle_4": "Unique Rectangle Type 4",
        "unique_rectangle_5": "Unique Rectangle Type 5", "unique_rectangle_6": "Unique Rectangle Type 6",
        "hidden_rectangle": "Hidden Rectangle", "bug_plus_1": "BUG+1",
        "remote_pair": "Remote Pair", "x_chain": "X-Chain", "xy_chain": "XY-Chain", "nice_loop": "Nice Loop",
        "aic": "Alternating Inference Chain", "grouped_nice_loop": "Grouped Nice Loop",
        "grouped_aic": "Grouped AIC", "als_xz": "ALS-XZ", "als_xy_wing": "ALS-XY-Wing",
        "als_xy_chain": "ALS-XY-Chain", "death_blossom": "Death Blossom", "sue_de_coq": "Sue de Coq",
        "cell_forcing_chain": "Cell Forcing Chain", "unit_forcing_chain": "Unit Forcing Chain",
        "digit_forcing_chain": "Digit Forcing Chain", "forcing_net": "Forcing Net",
        "cage_combination": "Cage Combination", "rule_45": "45 Rule",
        "cage_pointing": "Cage Pointing", "cage_claiming": "Cage Claiming", "cage_split": "Cage Splitting",
        "rule_45_lines": "45 Rule on Lines", "cage_filling": "Cage Filling", "rule_45_blocks": "45 Rule on Blocks",
    },
    "zh": {
        "full_house": "唯一空格", "hidden_single": "排除法（隐性唯一）", "naked_single": "唯余法（显性唯一）",
        "pointing": "区块排除（宫对行列）", "claiming": "区块排除（行列对宫）",
        "naked_pair": "显性数对", "naked_triple": "显性三数组", "naked_quad": "显性四数组",
        "hidden_pair": "隐性数对", "hidden_triple": "隐性三数组", "hidden_quad": "隐性四数组",
        "x_wing": "X翼", "swordfish": "剑鱼", "jellyfish": "水母",
        "finned_x_wing": "鳍X翼", "finned_swordfish": "鳍剑鱼", "finned_jellyfish": "鳍水母",
        "sashimi_x_wing": "退化鳍X翼", "sashimi_swordfish": "退化鳍剑鱼", "sashimi_jellyfish": "退化鳍水母",
        "skyscraper": "摩天楼", "two_string_kite": "双线风筝", "turbot_fish": "多宝鱼",
        "empty_rectangle": "空矩形", "xy_wing": "XY翼", "xyz_wing": "XYZ翼", "w_wing": "W翼",
        "wxyz_wing": "WXYZ翼", "vwxyz_wing": "VWXYZ翼",
        "simple_colors_trap": "简单染色（陷阱）", "simple_colors_wrap": "简单染色（矛盾）",
        "multi_colors": "多重染色",
        "unique_rectangle_1": "唯一矩形 类型1", "unique_rectangle_2": "唯一矩形 类型2",
        "unique_rectangle_3": "唯一矩形 类型3", "unique_rectangle_4": "唯一矩形 类型4",
        "unique_rectangle_5": "唯一矩形 类型5", "unique_rectangle_6": "唯一矩形 类型6",
        "hidden_rectangle": "隐性唯一矩形", "bug_plus_1": "全双值坟墓+1（BUG+1）",
        "remote_pair": "远程数对", "x_chain": "X链", "xy_chain": "XY链", "nice_loop": "环",
        "aic": "交替推理链", "grouped_nice_loop": "分组环", "grouped_aic": "分组交替推理链",
        "als_xz": "ALS-XZ", "als_xy_wing": "ALS-XY翼", "als_xy_chain": "ALS-XY链", "death_blossom": "死亡绽放",
        "sue_de_coq": "融合（Sue de Coq）",
        "cell_forcing_chain": "单元格强制链", "unit_forcing_chain": "区域强制链",
        "digit_forcing_chain": "数字强制链", "forcing_net": "强制网",
        "cage_combination": "笼子组合", "rule_45": "45法则",
        "cage_pointing": "笼子区块排除（笼对区域）", "cage_claiming": "笼子区块排除（区域对笼）",
        "cage_split": "笼子拆分", "rule_45_lines": "多行列45法则", "cage_filling": "笼子填法",
        "rule_45_blocks": "相邻区域45法则",
    },
}

EN = {
    "sep": ", ",
    "house.row": "row {index}", "house.column": "column {index}", "house.box": "box {index}",
    "house.region": "region {index}", "house.diagonal": "diagonal {index}", "house.window": "window {index}",
    "nudge.house": "There is a {technique} in {house}.",
    "nudge": "There is a {technique} on the board.",
    "where.houses": "{technique} on {digits} in {houses}: look at {cells}.",
    "where": "{technique} on {digits}: look at {cells}.",
    "where.single": "{technique} on {digits} in {houses}: find the one cell there that can hold it.",
    "where.naked_single": "{technique} in {houses}: one of its cells has a single candidate left.",
    "result.place": "Place {placements}.",
    "result.eliminate": "Remove {eliminations}.",
    "result.both": "Place {placements} and remove {eliminations}.",
    "reason.generic": "{technique} on {digits} ({cells}). {result}",
    "status.solved": "The puzzle is solved.",
    "status.no_solution": "This puzzle has no solution: check the givens.",
    "status.multiple": "This puzzle has more than one solution, so logic alone cannot finish it.",
    "status.stuck": "None of the techniques I know applies here; the next step would need guessing.",
    "status.gave_up": "I gave up after {nodes} search nodes without knowing whether this puzzle has exactly one "
                      "solution: it has too few givens to check quickly.",
    "mistake.nudge": "There is a mistake on the board.",
    "mistake.where": "Check {cells}.",
    "mistake.wrong_digit": "{cell} should not be {digit}. Remove it.",
    "mistake.missing_candidate": "{digit} was struck out of {cell}, but it belongs there. Put the pencil mark back.",
    "reason.full_house": "{cells} is the last empty cell of {houses}, so it takes the missing digit {digits}. {result}",
    "reason.hidden_single": "In {houses}, {digits} fits only in {cells}. {result}",
    "reason.naked_single": "{cells} has a single candidate left, {digits}. {result}",
    "reason.cage_combination": "The cage {cells} must hold different digits that make its sum; the "
                               "combinations that still fit its cells use only {digits} in its open cells. {result}",
    "reason.rule_45.innies": "In {houses} each digit appears once, so its sum is known: take away the cages that "
                             "lie wholly inside it, and {cells} must make up the rest, which only {digits} can do. "
                             "{result}",
    "reason.rule_45.outies": "The cages that cover {houses} sum to more than the house itself: the cells {cells} "
                             "outside it must make up the difference, which only {digits} can do. {result}",
    "reason.rule_45": "In {houses}, {cells} have a known sum, which only {digits} can make. {result}",
    "reason.cage_pointing": "Every combination that still fits the cage {cells} holds {digits}, so {digits} is in "
                            "the cage: a cell that sees every place for {digits} in it cannot be {digits}. {result}",
    "reason.cage_claiming": "In {houses}, {digits} can only go in cells of the cage {cells}, so the cage holds "
                            "{digits}: it keeps only the combinations with {digits}, and its cells outside "
                            "{houses} cannot be {digits}. {result}",
    "reason.rule_45_lines.innies": "The lines {houses} side by side hold each digit once each, so their sum is "
                                   "known: take away the cages that lie wholly inside them, and {cells} must make "
                                   "up the rest, which only {digits} can do. {result}",
    "reason.rule_45_lines.outies": "The cages that cover the lines {houses} sum to more than the lines themselves: "
                                   "the cells {cells} outside them must make up the difference, which only "
                                   "{digits} can do. {result}",
    "reason.rule_45_lines": "In the lines {houses}, {cells} have a known sum, which only {digits} can make. {result}",
    "reason.cage_split": "The cages wholly inside {houses} and the piece of one more cage make up their known sum, "
                         "so that piece's sum is known, and the rest of that cage, {cells}, must make up the "
                         "cage's remainder, which only {digits} can do. {result}",
    "reason.cage_filling": "The open cells {cells} of their cage need different digits that make up the rest of "
                           "its sum, and each keeps only the digits some such filling gives it ({digits}). {result}",
    "reason.rule_45_blocks.innies": "{houses} side by side hold each digit once each, so their sum is known: take "
                                    "away the cages that lie wholly inside them, and {cells} must make up the rest, "
                                    "which only {digits} can do. {result}",
    "reason.rule_45_blocks.outies": "The cages that cover {houses} sum to more than those houses themselves: the "
                                    "cells {cells} outside them must make up the difference, which only {digits} "
                                    "can do. {result}",
    "reason.rule_45_blocks": "In {houses}, {cells} have a known sum, which only {digits} can make. {result}",
    "reason.pointing": "In {houses}, {digits} can only go in {cells}, all in {cover}; so {digits} cannot be "
                       "anywhere else in {cover}. {result}",
    "reason.claiming": "In {houses}, {digits} can only go in {cells}, all in {cover}; so {digits} cannot be "
                       "anywhere else in {cover}. {result}",
    "reason.naked_pair": "{cells} in {houses} hold only {digits} between them, so these digits cannot be "
                         "elsewhere in those houses. {result}",
    "reason.naked_triple": "{cells} in {houses} hold only {digits} between them, so these digits cannot be "
                           "elsewhere in those houses. {result}",
    "reason.naked_quad": "{cells} in {houses} hold only {digits} between them, so these digits cannot be "
                         "elsewhere in those houses. {result}",
    "reason.hidden_pair": "In {houses}, {digits} fit only in {cells}, so those cells hold nothing else. {result}",
    "reason.hidden_triple": "In {houses}, {digits} fit only in {cells}, so those cells hold nothing else. {result}",
    "reason.hidden_quad": "In {houses}, {digits} fit only in {cells}, so those cells hold nothing else. {result}",
    "reason.fish": "In {houses}, {digits} fits only in {cover}; so {digits} cannot be elsewhere in {cover}. "
                   "{result}",
    "reason.finned_fish": "In {houses}, {digits} fits only in {cover}, apart from the fins {fins}; either the "
                          "fish or a fin holds {digits}, so cells seeing the fins and in {cover} lose it. {result}",
    "reason.skyscraper": "{digits} forms two strong links ({cells}) joined at one end; one of the two free ends "
                         "holds {digits}, so cells seeing both lose it. {result}",
    "reason.two_string_kite": "{digits} has a strong link in a row and one in a column ({cells}), joined in a box; "
                              "one of the free ends holds {digits}, so cells seeing both lose it. {result}",
    "reason.turbot_fish": "Two strong links on {digits} ({cells}) joined by a weak link; one of the ends holds "
                          "{digits}, so cells seeing both lose it. {result}",
    "reason.empty_rectangle": "In {houses}, {digits} lies on one row and one column only; with the strong link "
                              "{link}, {digits} cannot be at the crossing. {result}",
    "reason.xy_wing": "Whichever digit the pivot {pivot} takes, one of the pincers {pincers} must be {digits}; "
                      "cells seeing both pincers cannot be {digits}. {result}",
    "reason.xyz_wing": "One of the pivot {pivot} and the pincers {pincers} must be {digits}; cells seeing all "
                       "three cannot be {digits}. {result}",
    "reason.bent_wing": "The two-candidate cell {bivalue} and the almost locked set {als} hold as many digits as "
                        "cells, and every digit but {digits} can be in only one of them (its places see each "
                        "other); so one of them holds {digits}, and cells seeing all its places lose it. {result}",
    "reason.bent_wing.double": "The two-candidate cell {bivalue} and the almost locked set {als} hold as many digits "
                               "as cells, and no digit can be in two of them (its places see each other); so each "
                               "digit is in exactly one, and cells seeing all its places lose it. {result}",
    "reason.w_wing": "{pincers} hold the same two digits and the strong link {link} joins them; one of them "
                     "holds {digits}, so cells seeing both lose it. {result}",
    "reason.simple_colors_trap": "Colouring the strong links of {digits}: one colour is true; a cell that sees "
                                 "both colours cannot hold {digits}. {result}",
    "reason.simple_colors_wrap": "Colouring the strong links of {digits}: one colour sees itself in a house, so "
                                 "that colour is false. {result}",
    "reason.multi_colors": "Two colour clusters of {digits} touch, so one of the other two colours is true; "
                           "cells seeing both lose {digits}. {result}",
    "reason.unique_rectangle": "{cells} would form a deadly pattern on {digits} (two solutions), which a unique "
                               "puzzle cannot have. {result}",
    "reason.unique_rectangle_5": "{cells} would form a deadly pattern on {digits} (two solutions), which a unique "
                                 "puzzle cannot have; so one of {roof} holds its one extra digit, and cells seeing "
                                 "all of them lose it. {result}",
    "reason.unique_rectangle_6": "{cells} would form a deadly pattern on {digits} (two solutions), which a unique "
                                 "puzzle cannot have. In both rows and both columns the first digit is only in the "
                                 "corners: if one of the two corners with extra digits held it, so would the other, "
                                 "and the two-candidate corners would complete the deadly pattern. {result}",
    "reason.bug_plus_1": "Every other empty cell has two candidates; unless {cells} takes {digits} the puzzle "
                         "would have two solutions. {result}",
    "reason.remote_pair": "{cells} all hold only {digits} and each sees the next, so they alternate between the "
                          "two digits; the first and the last hold one each, so cells seeing both lose them. {result}",
    "reason.x_chain": "Strong and weak links on {digits} alternate through {cells}: if the first is not {digits}, "
                      "the last is; cells seeing both ends lose {digits}. {result}",
    "reason.xy_chain": "Each two-candidate cell of {cells} forces the next: if the first cell is not the digit it "
                       "shares with the last, the last one is; cells seeing both lose it. {result}",
    "reason.aic": "In the chain of alternating strong and weak links through {cells}, if the first candidate is "
                  "false the last is true; a candidate that sees both is false. {result}",
    "reason.nice_loop": "The chain of alternating strong and weak links through {cells} closes into a loop, "
                        "which settles the candidates on it. {result}",
    "reason.grouped_aic": "In the chain of alternating strong and weak links through {cells} (some links join a "
                          "group of cells in a box and line), if the first is false the last is true; a candidate "
                          "that sees both is false. {result}",
    "reason.grouped_nice_loop": "The chain of alternating strong and weak links through {cells} (some links join "
                                "a group of cells in a box and line) closes into a loop, which settles the "
                                "candidates on it. {result}",
    "reason.sue_de_coq": "{cells} in {houses} hold as many digits as cells, and the line part and the box part "
                         "share no digit; so each digit is locked in the line or in the box. {result}",
    "reason.als_xz": "Two almost locked sets ({cells}) share a restricted digit, so one of them is locked and the "
                     "other common digit {digits} is in one of them; cells seeing all its places lose it. {result}",
    "reason.als_xy_wing": "A pivot almost locked set is tied to two others by two different restricted digits, "
                          "so one of them is locked and holds {digits}; cells seeing all its places lose it. "
                          "{result}",
    "reason.als_xy_chain": "The almost locked sets of {cells} form a chain, each tied to the next by a restricted "
                           "digit, never the same one twice in a row: if the first set lacked {digits} it would be "
                           "locked and force the next, and so on, so the last would hold {digits}. So the first or "
                           "the last holds {digits}; cells seeing all its places in both lose it. {result}",
    "reason.death_blossom": "Each candidate of the stem cell {stem} is tied to an almost locked set (a petal) by "
                            "a restricted digit: whichever digit the stem takes, the petal of that digit loses it "
                            "and is locked, and every petal has {digits} among its candidates. So one petal "
                            "holds {digits}; cells seeing all its places in every petal lose it. {result}",
    "reason.cell_forcing_chain": "Whichever candidate {cells} takes, following its consequences gives the same "
                                 "result. {result}",
    "reason.unit_forcing_chain": "Wherever {digits} goes in {houses}, following the consequences gives the same "
                                 "result. {result}",
    "reason.digit_forcing_chain": "Following what happens if {cells} is {digits}, and if it is not: one of them "
                                  "leads to a contradiction, or both lead to the same result. {result}",
    "reason.forcing_net": "Following the consequences of {cells} (with shorter nets inside the branches) gives "
                          "the same result in every case, or a contradiction. {result}",
}

ZH = {
    "sep": "、",
    "house.row": "第{index}行", "house.column": "第{index}列", "house.box": "第{index}宫",
    "house.region": "第{index}区域", "house.diagonal": "第{index}条对角线", "house.window": "第{index}窗口",
    "nudge.house": "{house}中有一个{technique}。",
    "nudge": "盘面上有一个{technique}。",
    "where.houses": "{houses}中数字{digits}的{technique}：请看{cells}。",
    "where": "数字{digits}的{technique}：请看{cells}。",
    "where.single": "{houses}中数字{digits}的{technique}：找出其中唯一能填它的格子。",
    "where.naked_single": "{houses}中的{technique}：其中某一格只剩一个候选数。",
    "result.place": "填入 {placements}。",
    "result.eliminate": "删除 {eliminations}。",
    "result.both": "填入 {placements}，并删除 {eliminations}。",
    "reason.generic": "数字{digits}的{technique}（{cells}）。{result}",
    "status.solved": "题目已经解完。",
    "status.no_solution": "这道题无解：请检查题目给出的数字。",
    "status.multiple": "这道题有多个解，单靠逻辑无法解完。",
    "status.stuck": "我掌握的技巧在这里都用不上；下一步需要猜测。",
    "status.gave_up": "搜索了 {nodes} 个节点后放弃：无法确定这道题是否只有一个解。题目给出的数字太少，无法快速检查。",
    "mistake.nudge": "盘面上有错误。",
    "mistake.where": "请检查{cells}。",
    "mistake.wrong_digit": "{cell}不应该是{digit}，请删除。",
    "mistake.missing_candidate": "{cell}的候选数{digit}被删掉了，但它是正确答案。请把它加回来。",
    "reason.full_house": "{cells}是{houses}中最后一个空格，只能填缺少的数字{digits}。{result}",
    "reason.hidden_single": "在{houses}中，数字{digits}只能填在{cells}。{result}",
    "reason.naked_single": "{cells}只剩一个候选数{digits}。{result}",
    "reason.cage_combination": "笼子{cells}中的数字互不相同且和为笼子的总和；"
                               "仍然可行的组合在其空格中只用到{digits}。{result}",
    "reason.rule_45.innies": "{houses}中每个数字各出现一次，所以其和已知：减去完全位于其中的笼子，"
                             "{cells}必须凑足余下的和，只有{digits}能做到。{result}",
    "reason.rule_45.outies": "覆盖{houses}的笼子之和超过该区域本身之和：这些笼子在其外的格{cells}必须凑足差值，"
                             "只有{digits}能做到。{result}",
    "reason.rule_45": "在{houses}中，{cells}的和已知，只有{digits}能凑成。{result}",
    "reason.cage_pointing": "笼子{cells}仍然可行的组合都含有{digits}，所以笼中必有{digits}："
                            "能看到笼中所有可填{digits}之格的格不能是{digits}。{result}",
    "reason.cage_claiming": "在{houses}中，{digits}只能填在笼子{cells}的格中，所以该笼子必含{digits}："
                            "只保留含{digits}的组合，笼中位于{houses}之外的格不能是{digits}。{result}",
    "reason.rule_45_lines.innies": "相邻的{houses}中每行（列）每个数字各出现一次，所以其和已知："
                                   "减去完全位于其中的笼子，{cells}必须凑足余下的和，只有{digits}能做到。{result}",
    "reason.rule_45_lines.outies": "覆盖相邻的{houses}的笼子之和超过这些行（列）之和：这些笼子在其外的格{cells}"
                                   "必须凑足差值，只有{digits}能做到。{result}",
    "reason.rule_45_lines": "在相邻的{houses}中，{cells}的和已知，只有{digits}能凑成。{result}",
    "reason.cage_split": "完全位于{houses}中的笼子与另一个笼子的一部分凑成其已知的和，所以这部分的和已知；"
                         "该笼子其余的格{cells}必须凑足笼子余下的和，只有{digits}能做到。{result}",
    "reason.cage_filling": "笼子中的空格{cells}必须填入互不相同且凑足余下之和的数字，"
                           "每格只保留某种填法能给它的数字（{digits}）。{result}",
    "reason.rule_45_blocks.innies": "相邻的{houses}中每个区域每个数字各出现一次，所以其和已知：减去完全位于其中的笼子，"
                                    "{cells}必须凑足余下的和，只有{digits}能做到。{result}",
    "reason.rule_45_blocks.outies": "覆盖相邻的{houses}的笼子之和超过这些区域之和：这些笼子在其外的格{cells}"
                                    "必须凑足差值，只有{digits}能做到。{result}",
    "reason.rule_45_blocks": "在相邻的{houses}中，{cells}的和已知，只有{digits}能凑成。{result}",
    "reason.pointing": "在{houses}中，数字{digits}只能在{cells}，都在{cover}上；"
                       "所以{cover}的其他格不能是{digits}。{result}",
    "reason.claiming": "在{houses}中，数字{digits}只能在{cells}，都在{cover}内；"
                       "所以{cover}的其他格不能是{digits}。{result}",
    "reason.naked_pair": "{houses}中的{cells}只含候选数{digits}，所以这些区域的其他格不能是这些数字。{result}",
    "reason.naked_triple": "{houses}中的{cells}只含候选数{digits}，所以这些区域的其他格不能是这些数字。{result}",
    "reason.naked_quad": "{houses}中的{cells}只含候选数{digits}，所以这些区域的其他格不能是这些数字。{result}",
    "reason.hidden_pair": "在{houses}中，数字{digits}只能在{cells}，所以这些格不能是其他数字。{result}",
    "reason.hidden_triple": "在{houses}中，数字{digits}只能在{cells}，所以这些格不能是其他数字。{result}",
    "reason.hidden_quad": "在{houses}中，数字{digits}只能在{cells}，所以这些格不能是其他数字。{result}",
    "reason.fish": "在{houses}中，数字{digits}只能在{cover}上；所以{cover}的其他格不能是{digits}。{result}",
    "reason.finned_fish": "在{houses}中，除鳍{fins}外数字{digits}只能在{cover}上；鱼或鳍必有一处为{digits}，"
                          "所以{cover}上能看到鳍的格不能是{digits}。{result}",
    "reason.skyscraper": "数字{digits}的两条强链（{cells}）一端相连；另两端必有一个是{digits}，"
                         "能同时看到两端的格不能是{digits}。{result}",
    "reason.two_string_kite": "数字{digits}在一行和一列各有一条强链（{cells}），在一宫内相连；"
                              "两个自由端必有一个是{digits}，能同时看到两端的格不能是{digits}。{result}",
    "reason.turbot_fish": "数字{digits}的两条强链（{cells}）由弱链相连；"
                          "两端必有一个是{digits}，能同时看到两端的格不能是{digits}。{result}",
    "reason.empty_rectangle": "在{houses}中，数字{digits}只在一行一列上；"
                              "结合强链{link}，交叉处不能是{digits}。{result}",
    "reason.xy_wing": "无论枢纽{pivot}填哪个数，钳子{pincers}中必有一个是{digits}；"
                      "能同时看到两个钳子的格不能是{digits}。{result}",
    "reason.xyz_wing": "枢纽{pivot}与钳子{pincers}中必有一个是{digits}；能同时看到三格的格不能是{digits}。{result}",
    "reason.bent_wing": "双值格{bivalue}与待定数组{als}所含数字个数与格数相同，除{digits}外每个数字只能出现一次"
                        "（它的位置互相可见）；所以其中必有一格是{digits}，能看到它所有位置的格不能是{digits}。{result}",
    "reason.bent_wing.double": "双值格{bivalue}与待定数组{als}所含数字个数与格数相同，且每个数字只能出现一次"
                               "（它的位置互相可见）；所以每个数字恰好出现一次，能看到某数字所有位置的格不能是该数字。{result}",
    "reason.w_wing": "{pincers}含相同的两个候选数，并由强链{link}相连；"
                     "其中必有一个是{digits}，能同时看到两格的格不能是{digits}。{result}",
    "reason.simple_colors_trap": "对数字{digits}的强链染色：必有一种颜色为真；"
                                 "能同时看到两种颜色的格不能是{digits}。{result}",
    "reason.simple_colors_wrap": "对数字{digits}的强链染色：同一种颜色在一个区域内出现两次，所以这种颜色为假。{result}",
    "reason.multi_colors": "数字{digits}的两组染色相互关联，另外两种颜色必有一种为真；"
                           "能同时看到它们的格不能是{digits}。{result}",
    "reason.unique_rectangle": "{cells}会形成数字{digits}的致命结构（两个解），唯一解的题目不可能如此。{result}",
    "reason.unique_rectangle_5": "{cells}会形成数字{digits}的致命结构（两个解），唯一解的题目不可能如此；"
                                 "所以{roof}中必有一格是它们共有的那个多余数字，能看到它们全部的格不能是它。{result}",
    "reason.unique_rectangle_6": "{cells}会形成数字{digits}的致命结构（两个解），唯一解的题目不可能如此。"
                                 "第一个数字在矩形的两行和两列中都只出现在角上：若两个含多余数字的角之一是它，"
                                 "另一个也必是它，两个双值角就会补全致命结构。{result}",
    "reason.bug_plus_1": "其他空格都只有两个候选数；除非{cells}填{digits}，否则题目会有两个解。{result}",
    "reason.remote_pair": "{cells}都只含候选数{digits}，且依次相互可见，所以两个数字交替出现；"
                          "首尾两格各含其一，能同时看到首尾的格不能是这两个数字。{result}",
    "reason.x_chain": "数字{digits}的强链与弱链在{cells}间交替：若首端不是{digits}，则末端是；"
                      "能同时看到两端的格不能是{digits}。{result}",
    "reason.xy_chain": "{cells}中每个双值格依次推出下一格：若首格不是它与末格共有的数字，末格就是；"
                       "能同时看到首尾的格不能是这个数字。{result}",
    "reason.aic": "在经过{cells}的强弱交替链中，若首个候选数为假，则末个为真；能同时看到两者的候选数为假。{result}",
    "reason.nice_loop": "经过{cells}的强弱交替链首尾相接成环，环上的候选数因此确定。{result}",
    "reason.grouped_aic": "在经过{cells}的强弱交替链中（部分链接在宫与行列交叉处的一组格上），"
                          "若首个为假，则末个为真；能同时看到两者的候选数为假。{result}",
    "reason.grouped_nice_loop": "经过{cells}的强弱交替链（部分链接在宫与行列交叉处的一组格上）首尾相接成环，"
                                "环上的候选数因此确定。{result}",
    "reason.sue_de_coq": "{houses}中的{cells}所含数字个数与格数相同，且行列部分与宫部分没有共同数字；"
                         "所以每个数字都锁定在行列或宫内。{result}",
    "reason.als_xz": "两个待定数组（{cells}）有一个受限公共数字，所以其中一个成为数组，"
                     "另一个公共数字{digits}必在其中之一；能看到它所有位置的格不能是{digits}。{result}",
    "reason.als_xy_wing": "枢纽待定数组通过两个不同的受限公共数字连接另外两个待定数组，"
                          "所以其中一个成为数组并含{digits}；能看到它所有位置的格不能是{digits}。{result}",
    "reason.als_xy_chain": "{cells}中的待定数组组成一条链，相邻两组由受限公共数字相连，且相邻的两个受限数字不同："
                           "若第一组不含{digits}，它就成为数组并迫使下一组，依次类推，最后一组必含{digits}。"
                           "所以首尾两组中必有一组含{digits}；能看到两组中所有{digits}位置的格不能是{digits}。{result}",
    "reason.death_blossom": "茎格{stem}的每个候选数都通过一个受限公共数字连到一个待定数组（花瓣）："
                            "茎格无论填哪个数字，该数字的花瓣都失去它而成为数组，且每个花瓣都有候选数{digits}。"
                            "所以必有一个花瓣含{digits}；能看到所有花瓣中{digits}全部位置的格不能是{digits}。{result}",
    "reason.cell_forcing_chain": "无论{cells}填哪个候选数，推导的结果都相同。{result}",
    "reason.unit_forcing_chain": "无论数字{digits}在{houses}中填在哪里，推导的结果都相同。{result}",
    "reason.digit_forcing_chain": "分别假设{cells}是{digits}和不是{digits}：其中一种导致矛盾，"
                                  "或两种得到相同的结果。{result}",
    "reason.forcing_net": "从{cells}出发推导（分支内还嵌套较短的强制网），每种情况都得到相同结果，或导致矛盾。{result}",
}

TABLES = {"en": EN, "zh": ZH}

# Families that share one sentence: the key of the shared sentence for each member.
for _tid in ("x_wing", "swordfish", "jellyfish"):
    EN[f"reason.{_tid}"], ZH[f"reason.{_tid}"] = EN["reason.fish"], ZH["reason.fish"]
for _tid in ("finned_x_wing", "finned_swordfish", "finned_jellyfish",
             "sashimi_x_wing", "sashimi_swordfish", "sashimi_jellyfish"):
    EN[f"reason.{_tid}"], ZH[f"reason.{_tid}"] = EN["reason.finned_fish"], ZH["reason.finned_fish"]
for _tid in ("unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
             "hidden_rectangle"):
    EN[f"reason.{_tid}"], ZH[f"reason.{_tid}"] = EN["reason.unique_rectangle"], ZH["reason.unique_rectangle"]
for _tid in ("wxyz_wing", "vwxyz_wing"):
    for _key in ("", ".double"):
        EN[f"reason.{_tid}{_key}"] = EN[f"reason.bent_wing{_key}"]
        ZH[f"reason.{_tid}{_key}"] = ZH[f"reason.bent_wing{_key}"]
del _tid, _key

# Franken and Mutant fish (techniques/complex_fish.py): base and cover houses of any kind, so an
# elimination may also be a base place that two cover houses share (cannibalistic).
NAMES["en"].update({
    "franken_x_wing": "Franken X-Wing", "franken_swordfish": "Franken Swordfish",
    "franken_jellyfish": "Franken Jellyfish", "finned_franken_x_wing": "Finned Franken X-Wing",
    "finned_franken_swordfish": "Finned Franken Swordfish", "finned_franken_jellyfish": "Finned Franken Jellyfish",
    "mutant_x_wing": "Mutant X-Wing", "mutant_swordfish": "Mutant Swordfish", "mutant_jellyfish": "Mutant Jellyfish",
    "finned_mutant_x_wing": "Finned Mutant X-Wing", "finned_mutant_swordfish": "Finned Mutant Swordfish",
    "finned_mutant_jellyfish": "Finned Mutant Jellyfish",
})
NAMES["zh"].update({
    "franken_x_wing": "弗兰肯X翼", "franken_swordfish": "弗兰肯剑鱼", "franken_jellyfish": "弗兰肯水母",
    "finned_franken_x_wing": "鳍弗兰肯X翼", "finned_franken_swordfish": "鳍弗兰肯剑鱼",
    "finned_franken_jellyfish": "鳍弗兰肯水母",
    "mutant_x_wing": "变异X翼", "mutant_swordfish": "变异剑鱼", "mutant_jellyfish": "变异水母",
    "finned_mutant_x_wing": "鳍变异X翼", "finned_mutant_swordfish": "鳍变异剑鱼",
    "finned_mutant_jellyfish": "鳍变异水母",
})
EN["reason.complex_fish"] = (
    "Each of {houses} holds {digits} once, in different cells, and every place for it there lies in {cover}, "
    "which hold it just as many times; so the base's {digits} fill {cover}: no other place in {cover} holds "
    "it, nor a place where two of them meet. {result}")
ZH["reason.complex_fish"] = (
    "{houses}各含一个{digits}且位置互不相同，这些位置全部落在{cover}中，而{cover}所含的{digits}也恰好这么多；"
    "所以{cover}中的{digits}都来自这些位置：{cover}的其他格以及其中两个区域的交叉格都不能是{digits}。{result}")
EN["reason.finned_complex_fish"] = (
    "Each of {houses} holds {digits} once, and every place for it there lies in {cover}, apart from the fins "
    "{fins}; either the fish stands or a fin holds {digits}, so the places in {cover} outside the base (or "
    "where two of them meet) that see every fin lose it. {result}")
ZH["reason.finned_complex_fish"] = (
    "{houses}各含一个{digits}，除鳍{fins}外这些位置全部落在{cover}中；鱼或鳍必有一处为{digits}，"
    "所以{cover}中位于基础区域之外（或两个覆盖区域交叉）且能看到所有鳍的格不能是{digits}。{result}")
for _tid in ("franken_x_wing", "franken_swordfish", "franken_jellyfish",
             "mutant_x_wing", "mutant_swordfish", "mutant_jellyfish"):
    EN[f"reason.{_tid}"], ZH[f"reason.{_tid}"] = EN["reason.complex_fish"], ZH["reason.complex_fish"]
    EN[f"reason.finned_{_tid}"] = EN["reason.finned_complex_fish"]
    ZH[f"reason.finned_{_tid}"] = ZH["reason.finned_complex_fish"]
del _tid

# Kraken fish, type 1 (techniques/kraken.py): a finned fish whose fins do not all see the place, and a
# chain from each fin (the step's links) that removes the digit there.
NAMES["en"]["kraken_fish_1"] = "Kraken Fish Type 1"
NAMES["zh"]["kraken_fish_1"] = "海妖鱼（类型1）"
EN["reason.kraken_fish_1"] = (
    "In {houses}, {digits} fits only in {cover}, apart from the fins {fins}. Either no fin holds {digits}, and "
    "the fish removes it from the rest of {cover}; or a fin does, and the chain drawn from each fin removes it "
    "from the same places. Either way: {result}")
ZH["reason.kraken_fish_1"] = (
    "在{houses}中，除鳍{fins}外数字{digits}只能在{cover}上。若没有鳍是{digits}，鱼成立，{cover}的其余格不能是"
    "{digits}；若某个鳍是{digits}，从每个鳍出发的链同样删除这些位置的{digits}。两种情况结果相同：{result}")

# Kraken fish, type 2 (techniques/kraken.py): one cover house of a fish; its base places and the fins
# (the step's cells) each remove the same candidates through their chains (the step's links).
NAMES["en"]["kraken_fish_2"] = "Kraken Fish Type 2"
NAMES["zh"]["kraken_fish_2"] = "海妖鱼（类型2）"
EN["reason.kraken_fish_2"] = (
    "In {houses}, {digits} fits only in {cover}, apart from the fins {fins}. Either a fin holds {digits}, or "
    "the fish stands and the first of {cover} takes its {digits} from the base; so one of {cells} is {digits}. "
    "The chain drawn from each of them removes the same candidates: {result}")
ZH["reason.kraken_fish_2"] = (
    "在{houses}中，除鳍{fins}外数字{digits}只能在{cover}上。要么某个鳍是{digits}，要么鱼成立，{cover}中的第一个区域的"
    "{digits}来自基础区域；所以{cells}中必有一格是{digits}。从其中每一格出发的链都删除相同的候选数：{result}")

# The extended ALS-XY-Chains (techniques/als.py, off the ladder: through sets of 5 to 8 cells, of 7 sets, or
# of 3 sets whose end sets overlap): the same reasoning.
NAMES["en"]["extended_als_xy_chain"] = "ALS-XY-Chain (extended)"
NAMES["zh"]["extended_als_xy_chain"] = "ALS-XY链（扩展）"
EN["reason.extended_als_xy_chain"] = EN["reason.als_xy_chain"]
ZH["reason.extended_als_xy_chain"] = ZH["reason.als_xy_chain"]
