"""The lessons behind the technique names: for every technique of the table (:data:`~sudoku_core.techniques.TABLE`),
what it is and why it works, in English and Simplified Chinese, in the order a player learns them.

These are the engine's words, beside the hints' own (:mod:`sudoku_core.explain`: :data:`~sudoku_core.explain.NAMES`
names each technique, its ``reason.<id>`` sentence explains one step of it); the Learn page (``learn.html#ID``)
shows them with a worked example (``web/data/lesson-examples.json``, written by
``tests/data/lessons/make_examples.py``), and ``build.py`` exports both to the page (:func:`page_data`).

* :data:`GROUPS`: the families, easiest first, each with its techniques in learning order; every technique
  of the table is in exactly one;
* :data:`TEXT`: ``TEXT[lang][id] = (what, why)``: a few plain sentences each;
* :data:`COUNTER`: for a few techniques, the words of a second example where the pattern does not apply;
* :func:`practice`: what a Practise game of a technique asks the generator for (``generate_job``'s options):
  a puzzle whose hardest step is the technique, or one of its level where the generator has no such
  target; for the techniques of :data:`SHIPPED`, puzzles found ahead of time whose rated path takes the
  technique; for a technique off the rating ladder, or one no rated path takes in practice
  (:data:`INSTEAD`), the nearest one on it, which the page says it practises instead.

The texts are written for this project (not taken from any other site or program).
"""

from __future__ import annotations

from .techniques import BY_ID, TABLE

#: Families, as a player learns them: (group id, technique ids in learning order).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("singles", ("full_house", "naked_single", "hidden_single")),
    ("intersections", ("pointing", "claiming")),
    ("subsets", ("naked_pair", "hidden_pair", "naked_triple", "hidden_triple", "naked_quad", "hidden_quad")),
    ("fish", ("x_wing", "swordfish", "jellyfish", "finned_x_wing", "sashimi_x_wing", "finned_swordfish",
              "sashimi_swordfish", "finned_jellyfish", "sashimi_jellyfish", "franken_x_wing", "franken_swordfish",
              "franken_jellyfish", "finned_franken_x_wing", "finned_franken_swordfish", "finned_franken_jellyfish",
              "mutant_x_wing", "mutant_swordfish", "mutant_jellyfish", "finned_mutant_x_wing",
              "finned_mutant_swordfish", "finned_mutant_jellyfish", "kraken_fish_1", "kraken_fish_2")),
    ("single_digit", ("skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle")),
    ("wings", ("xy_wing", "xyz_wing", "w_wing", "wxyz_wing", "vwxyz_wing")),
    ("uniqueness", ("unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
                    "unique_rectangle_5", "unique_rectangle_6", "hidden_rectangle", "bug_plus_1")),
    ("colouring", ("simple_colors_trap", "simple_colors_wrap", "multi_colors")),
    ("chains", ("remote_pair", "x_chain", "xy_chain", "nice_loop", "aic", "grouped_nice_loop", "grouped_aic")),
    ("als", ("sue_de_coq", "als_xz", "als_xy_wing", "als_xy_chain", "extended_als_xy_chain", "death_blossom")),
    ("forcing", ("cell_forcing_chain", "unit_forcing_chain", "digit_forcing_chain", "forcing_net")),
    ("killer", ("cage_combination", "cage_filling", "rule_45", "rule_45_lines", "rule_45_blocks", "cage_pointing",
                "cage_claiming", "cage_split")),
)

#: The technique a Practise game trains instead: for those off the rating ladder (no puzzle is built around
#: them), and for three on it that a rated path almost never takes, because a technique tried before them
#: finds the step: the unit and digit forcing chains (the cell forcing chain comes first; none of the 26
#: Extremes of the samples' paths takes them) and the 45 rule on a box and its neighbour (the 45 rule on
#: lines comes first; none of 35 Hard Killers' paths takes it).
INSTEAD: dict[str, str] = {
    "unit_forcing_chain": "cell_forcing_chain", "digit_forcing_chain": "cell_forcing_chain",
    "rule_45_blocks": "rule_45_lines",
    "franken_x_wing": "x_wing", "franken_swordfish": "swordfish", "franken_jellyfish": "jellyfish",
    "finned_franken_x_wing": "finned_x_wing", "finned_franken_swordfish": "finned_swordfish",
    "finned_franken_jellyfish": "finned_jellyfish",
    "mutant_x_wing": "x_wing", "mutant_swordfish": "swordfish", "mutant_jellyfish": "jellyfish",
    "finned_mutant_x_wing": "finned_x_wing", "finned_mutant_swordfish": "finned_swordfish",
    "finned_mutant_jellyfish": "finned_jellyfish",
    "kraken_fish_1": "finned_swordfish", "kraken_fish_2": "finned_swordfish",
    "extended_als_xy_chain": "als_xy_chain",
}


#: Techniques the generator cannot aim at, whose Practise games are puzzles found ahead of time whose rated
#: path takes them (``web/data/lesson-examples.json``'s ``practice``, written by
#: ``tests/data/lessons/make_examples.py``): a level request (a Hard Killer, an Extreme) does not promise them.
SHIPPED: tuple[str, ...] = ("cage_combination", "cage_filling", "rule_45", "rule_45_lines", "cage_pointing",
                            "cage_claiming", "cage_split", "cell_forcing_chain", "forcing_net")


def practice(technique_id: str) -> dict:
    """The ``generate_job`` options of a Practise game for ``technique_id`` (a KeyError for an unknown id).

    * a hard or expert technique of a classic grid: ``technique``, the puzzle's hardest step (the
      generator's practice target, :data:`sudoku_core.bridge.play.PRACTICE`);
    * the singles: ``level``, their own (easy: naked singles and full houses; medium: hidden singles too);
    * the forcing chains and nets: ``level: "extreme"`` (the level they make; which of the four a path
      takes is the puzzle's to say);
    * a Killer technique: a Hard Killer (``variant: "killer"``), the level most Killers without givens
      rate, whose cage logic uses the Killer techniques;

    and in a Practise game the hint takes the technique whenever it applies (the ``hint`` op's ``prefer``).
    ``instead`` names the technique trained when it is not the one asked for (:data:`INSTEAD`). For a
    technique of :data:`SHIPPED` the page plays one of its shipped puzzles (:func:`page_data` adds them as
    ``puzzles``); these options say their level and variant."""
    tid = INSTEAD.get(technique_id, technique_id)
    tech = BY_ID[tid]
    out: dict[str, object]
    if tech.finder.startswith("killer:"):
        out = {"variant": "killer", "level": "hard"}
    elif tech.level in ("easy", "medium", "extreme"):
        out = {"level": tech.level}
    else:
        out = {"technique": tid}
    if tid != technique_id:
        out["instead"] = tid
    return out


def _fish(size: int, kind: str) -> dict[str, tuple[str, str]]:
    """The fish texts, which share their shape: ``size`` lines (2, 3, 4), ``kind`` of fish."""
    en_n = {2: "two", 3: "three", 4: "four"}[size]
    zh_n = {2: "两", 3: "三", 4: "四"}[size]
    base_en = (f"Pick one digit. Find {en_n} rows in which that digit can only go in the same {en_n} columns "
               f"(each row using some of them). Those {en_n} rows must hold the digit {en_n} times, once in each "
               "column, so the digit is used up in those columns: it can go nowhere else in them. The same works "
               "with columns and rows swapped.")
    why_en = (f"Each of the {en_n} rows needs the digit once, and they have only the {en_n} columns to put it in, "
              f"no two in the same column. So the {en_n} columns get their copy of the digit from these rows, and "
              "any other cell of those columns that still has it as a candidate can lose it.")
    base_zh = (f"选定一个数字。找出{zh_n}行，这个数字在这几行里都只能落在同样的{zh_n}列中（每行占其中几列）。"
               f"这{zh_n}行必须各放一次该数字，而且各在不同的列，于是这{zh_n}列里的该数字都由这几行提供："
               "这几列的其他格都不能再放它。把行和列对调也一样成立。")
    why_zh = (f"这{zh_n}行每行都需要这个数字一次，却只有这{zh_n}列可放，且不能两次放在同一列。"
              f"所以这{zh_n}列的该数字全部来自这几行，这几列中其他格上的这个候选数都可以删去。")
    if kind == "basic":
        return {"en": (base_en, why_en), "zh": (base_zh, why_zh)}
    if kind == "finned":
        return {"en": (f"A fish of {en_n} rows that is almost perfect: in one row the digit has one or two extra "
                       "places, the fin, all in one box. Only cells that are both in the fish's columns and in the "
                       "fin's box lose the digit.",
                       "Either the fin holds the digit, or it does not. If it does not, the fish is a plain fish "
                       "and clears its columns. If it does, the fin's box cannot have the digit anywhere else. A "
                       "cell in a cover column inside the fin's box is ruled out both ways."),
                "zh": (f"一条几乎完整的{zh_n}行鱼：其中一行里该数字多出一两个位置（鳍），"
                       "都在同一宫内。只有既在鱼的列上、"
                       "又在鳍所在宫里的格子，删去这个数字。",
                       "鳍里要么有这个数字，要么没有。没有时，这就是一条普通的鱼，会清掉它的列；有时，鳍所在的宫里别处"
                       "不能再有这个数字。既在鱼的列上又在鳍所在宫的格子，两种情况下都不能是它。")}
    if kind == "sashimi":
        return {"en": (f"A finned fish of {en_n} rows where one row's place in the fish is missing too: that row "
                       "has the digit only in the fin (its box), not in the column it should cover. Cells in "
                       "the fish's columns inside the fin's box lose the digit.",
                       "The same two cases as a finned fish: without the fin, the rows still force the digit "
                       "into the columns (the short row must then use its remaining column); with the fin, its "
                       "box is used up. The cells that see both cases cannot hold the digit."),
                "zh": (f"一种鳍鱼：{zh_n}行中有一行在鱼的列上的位置也缺了，只剩鳍（在一个宫里）。"
                       "鱼的列上、在鳍所在宫里的"
                       "格子删去该数字。",
                       "和鳍鱼一样分两种情况：没有鳍时，这几行仍把数字逼进这些列；有鳍时，鳍所在的宫已被占用。"
                       "两种情况都能看到的格子，不可能是这个数字。")}
    if kind in ("franken", "finned_franken"):
        fin_en = " One or two fin cells may stick out, and then only cells that also see every fin lose it." \
            if kind == "finned_franken" else ""
        fin_zh = "允许多出一两个鳍格，此时只有同时能看到所有鳍的格子才删去。" if kind == "finned_franken" else ""
        return {"en": (f"A fish whose {en_n} base houses mix rows (or columns) with boxes. As in a plain fish, the "
                       f"digit's places in the bases all lie in {en_n} cover houses, so the covers lose the digit "
                       "everywhere outside the bases." + fin_en,
                       "The bases do not overlap, so they hold the digit once each; every one of those places is in "
                       f"a cover, and the {en_n} covers can hold it only {en_n} times: the covers' copies all come "
                       "from the bases."),
                "zh": (f"一种鱼：它的{zh_n}个基础区域里既有行（或列）也有宫。"
                       "和普通的鱼一样，该数字在基础区域里的位置都落在"
                       f"{zh_n}个覆盖区域中，于是覆盖区域在基础区域以外的格子删去该数字。" + fin_zh,
                       f"基础区域互不重叠，各放一次该数字；这些位置都在覆盖区域里，而{zh_n}个覆盖区域一共只能放{zh_n}次："
                       "覆盖区域里的该数字全部来自基础区域。")}
    # mutant, finned_mutant
    fin_en = " With fins, only cells that also see every fin lose it." if kind == "finned_mutant" else ""
    fin_zh = "有鳍时，只有同时看到所有鳍的格子才删去。" if kind == "finned_mutant" else ""
    return {"en": (f"The most general fish: its {en_n} base houses and {en_n} cover houses may be any mix of rows, "
                   "columns and boxes, as long as the bases do not overlap and every place of the digit in them "
                   "lies in a cover. The covers lose the digit outside the bases." + fin_en,
                   "The counting argument of every fish: the bases need the digit once each, and the covers can "
                   "take it only once each, so the covers are filled by the bases alone."),
            "zh": (f"最一般的鱼：{zh_n}个基础区域和{zh_n}个覆盖区域可以是行、列、宫的任意组合，只要基础区域互不重叠，"
                   "且该数字在基础区域里的每个位置都在某个覆盖区域中。覆盖区域在基础区域以外删去该数字。" + fin_zh,
                   "这是所有鱼共同的计数道理：基础区域各需要一次该数字，覆盖区域各只能放一次，"
                   "所以覆盖区域的该数字完全由基础区域提供。")}


def _fish_texts() -> dict[str, dict[str, tuple[str, str]]]:
    out: dict[str, dict[str, tuple[str, str]]] = {"en": {}, "zh": {}}
    sizes = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
    for size, name in sizes.items():
        for kind, tid in (("basic", name), ("finned", f"finned_{name}"), ("sashimi", f"sashimi_{name}"),
                          ("franken", f"franken_{name}"), ("finned_franken", f"finned_franken_{name}"),
                          ("mutant", f"mutant_{name}"), ("finned_mutant", f"finned_mutant_{name}")):
            for lang, texts in _fish(size, kind).items():
                out[lang][tid] = texts
    return out


_EN: dict[str, tuple[str, str]] = {
    "full_house": (
        "A row, column or box has only one empty cell left. The one digit it is missing goes there.",
        "Every house holds each digit exactly once; eight digits are already there, so the ninth has only "
        "one place."),
    "naked_single": (
        "Look at one cell and at everything it sees: its row, its column and its box. When all digits but "
        "one appear there, the cell must be that last digit.",
        "A digit cannot repeat in a house, so each digit a cell sees is ruled out for it. One candidate left "
        "means no choice."),
    "hidden_single": (
        "Pick a digit and a house (a row, column or box). When the digit can go in only one cell of that house, "
        "it goes there, even if the cell itself still has other candidates.",
        "The house must contain the digit somewhere; every other cell is ruled out by a copy of it nearby, so "
        "the one cell left is its place."),
    "pointing": (
        "Inside one box, a digit's candidates all lie on a single row (or column). Then that row (or column) "
        "loses the digit outside the box.",
        "The box needs the digit, and it can only be on that line, so the line's copy of the digit is inside "
        "the box. No other cell of the line can hold it."),
    "claiming": (
        "The reverse of pointing: in one row (or column) a digit's candidates all lie inside one box. Then the "
        "rest of that box loses the digit.",
        "The line needs the digit and can only place it in the part it shares with the box, so the box's copy "
        "is there too; the box's other cells cannot have it."),
    "naked_pair": (
        "Two cells in one house have the same two candidates and nothing else. Those two digits are taken by "
        "those two cells, so every other cell of the house loses them.",
        "Whichever way round the pair resolves, both digits end up in the two cells; no third cell of the "
        "house can hold either one."),
    "hidden_pair": (
        "In one house, two digits can each go only in the same two cells. Those cells must hold those two "
        "digits, so their other candidates go.",
        "Two digits need two places in the house and have exactly two: the cells are fully booked, whatever "
        "else they were offered."),
    "naked_triple": (
        "Three cells in one house whose candidates together are only three digits (each cell has two or three "
        "of them). The rest of the house loses those digits.",
        "Three cells must take three different digits, and they have only these three between them, so all "
        "three digits are used in those cells."),
    "hidden_triple": (
        "In one house, three digits can only go in the same three cells. Those cells keep only those digits.",
        "Three digits need three places, and these three cells are all they have: there is no room left in "
        "them for anything else."),
    "naked_quad": (
        "Four cells in one house whose candidates together are only four digits. Every other cell of the house "
        "loses those four digits.",
        "Four cells need four different digits and can only pick from these four, so the four digits are "
        "locked inside them."),
    "hidden_quad": (
        "In one house, four digits are confined to the same four cells. Those cells lose every other "
        "candidate.",
        "Four digits need four homes in the house and these four cells are the only ones; nothing else fits."),
    "skyscraper": (
        "Two rows (or two columns) in which a digit has exactly two places each. One end of each lines up with "
        "the other's (the base); the two other ends (the tops) do not. Any cell that sees both tops loses the "
        "digit.",
        "The two base ends cannot both hold the digit (they share a house), so at least one of the two lines "
        "puts it at its top. A cell that sees both tops sees the digit either way."),
    "two_string_kite": (
        "A digit has exactly two places in a row and exactly two in a column, and one end of each lies in the "
        "same box. The two far ends are linked: a cell that sees both loses the digit.",
        "The two ends inside the box cannot both be the digit, so the row or the column puts it at its far "
        "end; a cell seeing both far ends is ruled out."),
    "turbot_fish": (
        "A chain of four cells for one digit: a strong link (a house where the digit has only two places), a "
        "weak link, and another strong link. A cell that sees both ends loses the digit.",
        "If the first end is not the digit, its strong link forces the next cell, which removes the third, "
        "which forces the last end. So one of the two ends is always the digit."),
    "empty_rectangle": (
        "In a box, a digit's candidates lie on one row and one column of it (an L or a cross shape). Combined "
        "with a row or column elsewhere where the digit has only two places, it removes the digit from one cell.",
        "Whatever the box does, its digit sits on that row or on that column. If the target cell held the digit, "
        "the outside pair would put the digit's other copy on the box's row or column, and the box would have no "
        "place left for it. So the target cannot hold it."),
    "xy_wing": (
        "Three cells with two candidates each: a pivot XY, and two pincers XZ and YZ that each see the pivot. "
        "Any cell that sees both pincers cannot be Z.",
        "If the pivot is X, the XZ pincer is Z; if the pivot is Y, the YZ pincer is Z. Either way one pincer is "
        "Z, so a cell seeing both cannot be."),
    "xyz_wing": (
        "Like an XY-Wing, but the pivot has three candidates XYZ. Cells that see the pivot and both pincers "
        "lose Z.",
        "The pivot is X, Y or Z: X makes one pincer Z, Y makes the other one Z, and Z is the pivot itself. A "
        "cell seeing all three cannot be Z."),
    "w_wing": (
        "Two cells far apart with the same two candidates XY, and a strong link on X (a house where X has only "
        "two places) whose ends each see one of the cells. Cells that see both cells lose Y.",
        "If neither cell were Y, both would be X, and then X could go in neither end of the strong link, which "
        "needs one. So one of the cells is Y."),
    "wxyz_wing": (
        "A bent wing of four cells holding four digits between them, where exactly one digit Z is not "
        "restricted to one house. Cells that see every Z of the wing lose Z.",
        "Four cells, four digits: if Z were absent, the other three digits would have to fill four cells "
        "without repeating in a house, which the wing's shape forbids. So Z is in one of its cells."),
    "vwxyz_wing": (
        "The same idea with five cells and five digits: only one digit Z can sit in cells that do not all see "
        "each other. Cells that see every Z of the wing lose it.",
        "Without Z the five cells would need five different digits from four, impossible where they see each "
        "other; so Z is in the wing, and whatever sees all its Z cells cannot be Z."),
    "unique_rectangle_1": (
        "Four cells forming a rectangle across exactly two boxes; three of them have only the same two "
        "candidates AB. The fourth cannot be A or B only: its A and B go.",
        "If the fourth were A or B too, A and B could swap around the rectangle and the puzzle would have two "
        "solutions. A proper puzzle has one, so that corner needs another digit."),
    "unique_rectangle_2": (
        "A rectangle of AB cells in two boxes where two corners also have the same extra digit C. Cells that see "
        "both of those corners lose C.",
        "If neither extra corner were C, the four corners would be a deadly AB rectangle. So one of them is C, "
        "and anything seeing both cannot be C."),
    "unique_rectangle_3": (
        "A rectangle of AB cells where two corners in one house have extra digits. Those extras act like one "
        "cell, and with other cells of the house they form a naked subset that clears the house.",
        "The extra corners cannot both be only AB (deadly pattern), so together they hold one of the extra "
        "digits; treat them as one cell with those candidates and find a naked pair or triple."),
    "unique_rectangle_4": (
        "A rectangle of AB cells where the two extra-digit corners share a house in which A can go only in "
        "those two corners. Then they cannot be B: B goes from both.",
        "One of the two corners must be A (the house needs it). If the other were B, the rectangle would be "
        "the deadly AB pattern; so neither is B."),
    "unique_rectangle_5": (
        "A rectangle of AB cells where two or three corners carry the same extra digit C, not all in one line. "
        "Cells that see every one of them lose C.",
        "At least one corner must be C, or the rectangle is deadly; a cell seeing all the C corners therefore "
        "sees a C."),
    "unique_rectangle_6": (
        "A rectangle of AB cells where, for digit A, the two rows and the two columns of the rectangle have A "
        "only in its corners (an X-Wing inside the rectangle). The diagonal with extra digits cannot be A.",
        "The X-Wing puts A on one diagonal of the rectangle; if it were the diagonal of the extra corners, "
        "the other two would be B and the rectangle deadly. So A goes on the other diagonal."),
    "hidden_rectangle": (
        "A rectangle whose corners all hold A and B, where one corner is AB only and the opposite corner's row "
        "and column have A only in the rectangle. That opposite corner cannot be B.",
        "If it were B, the strong links on A would force the other corners into an AB rectangle that could "
        "swap: two solutions. So B goes from it."),
    "bug_plus_1": (
        "Every open cell has exactly two candidates except one cell with three. That cell takes the candidate "
        "that appears three times in its houses.",
        "If every cell had two candidates, each appearing twice per house, the grid would have two solutions "
        "(a 'bivalue universal grave'). The extra candidate is what keeps the puzzle unique, so it must be "
        "true."),
    "simple_colors_trap": (
        "Take one digit and its strong links (houses where it has exactly two places). Colour the linked cells "
        "in two alternating colours. A cell that sees both colours loses the digit.",
        "All of one colour hold the digit, or all of the other. A cell that sees a cell of each colour sees the "
        "digit whichever colour is true."),
    "simple_colors_wrap": (
        "The same colouring, but two cells of the same colour see each other. That colour is false: its cells "
        "all lose the digit (and the other colour is true).",
        "One house cannot hold the digit twice, so the colour that would put it in two cells of one house "
        "cannot be the true one."),
    "multi_colors": (
        "Two separate colourings of the same digit. When a colour of one cluster sees both colours of the other "
        "cluster, that colour is false; cells that see an opposite pair across the clusters lose the digit.",
        "Linking two clusters combines their either-or facts: a colour whose truth would empty the other "
        "cluster's both colours leads to a contradiction."),
    "remote_pair": (
        "A chain of cells that all hold the same two candidates XY, each seeing the next. Cells that see two "
        "chain cells an odd number of steps apart lose X and Y.",
        "Along the chain the digits alternate X, Y, X, Y. Two cells an odd distance apart hold both X and Y "
        "between them; a cell seeing both can be neither."),
    "x_chain": (
        "A chain for one digit alternating strong links (the digit has only two places in a house) and weak "
        "links (two cells that see each other), starting and ending with a strong link. Cells that see both "
        "ends lose the digit.",
        "If the first end is not the digit, the strong link forces the next, the weak link clears the next, and "
        "so on to the other end, which must then hold it. One end always does."),
    "xy_chain": (
        "A chain of two-candidate cells where each link shares a digit with the next. It starts and ends with "
        "the same digit Z. Cells that see both ends lose Z.",
        "If the first cell is not Z it is its other digit, which removes that digit from the next cell, "
        "which becomes its other digit, and so on: the last cell becomes Z. So one end is Z."),
    "nice_loop": (
        "A chain of strong and weak links that closes on itself. A loop that alternates all the way round "
        "makes every weak link a strong one, so it clears the houses those links run in; a loop with a "
        "break in its rhythm places or removes the candidate at the break.",
        "Following the links round the loop from a candidate assumed true or false comes back to the same "
        "candidate with the opposite value: a contradiction, or, for the even loop, the proof that each weak "
        "link holds exactly one true end."),
    "aic": (
        "An alternating inference chain mixes links within a cell and within a house, for any digits: strong "
        "(at least one end is true), weak (at most one). Starting and ending strong, it proves one of its two "
        "ends true; whatever sees both ends loses that candidate.",
        "Each strong link says 'if not this, then that', each weak one 'if this, then not that'. Chained "
        "alternately, 'first end false' leads to 'last end true'."),
    "grouped_nice_loop": (
        "A nice loop in which a link may run through a group: two or three cells of a box on one line that "
        "together hold a digit, treated as one node.",
        "A group is true when any of its cells holds the digit; inside a box and a line it links like a "
        "single cell, so the loop's logic stands."),
    "grouped_aic": (
        "An alternating inference chain some of whose nodes are groups of cells (a digit in the part of a box "
        "on one row or column). Cells that see both ends lose the digit.",
        "The groups link just like cells: 'the digit is somewhere in this group' can be strongly or weakly "
        "linked, so the chain still proves one of its ends."),
    "sue_de_coq": (
        "Two or three cells where a row (or column) crosses a box, with candidates that split between an "
        "almost locked set in the rest of the line and one in the rest of the box. Each part clears its own "
        "house.",
        "The crossing cells' digits must come from the two sets: those shared with the line's set are locked "
        "in the line, those shared with the box's set in the box."),
    "als_xz": (
        "An almost locked set (ALS) is N cells of one house with N+1 candidates. Two ALS that share a digit X "
        "that cannot be in both (every X of one sees every X of the other) are linked: a digit Z in both is "
        "in one of them.",
        "X is in at most one set, so the other becomes a locked set; either way one set is locked and holds "
        "Z. Cells that see every Z of both sets lose Z."),
    "als_xy_wing": (
        "Three almost locked sets: a pivot linked to two wings by restricted digits X and Y. A digit Z in both "
        "wings is removed from cells that see all of its places in the wings.",
        "The pivot cannot spare both X and Y, so at least one wing is locked, and a locked wing holds Z."),
    "als_xy_chain": (
        "Almost locked sets chained by restricted digits, as XY-cells are in an XY-chain. A digit Z in both end "
        "sets is removed from cells that see all of its places in them.",
        "A restricted digit can be in only one of the two sets it joins, so one of them is locked. Passed along "
        "the chain, this leaves one of the two end sets locked, and a locked end set holds Z."),
    "extended_als_xy_chain": (
        "An ALS-XY-Chain through bigger sets (5 to 8 cells), or seven sets, or three whose end sets overlap. "
        "The logic is the same; the engine keeps them off the rating ladder because they cost much time to "
        "find.",
        "Each restricted digit can only be in one of the two sets it joins, so the chain passes a locked set "
        "from end to end, and one end holds Z."),
    "death_blossom": (
        "A stem cell with a few candidates, and for each candidate an almost locked set (a petal) that holds "
        "it in cells seeing the stem. A digit Z in every petal goes from cells that see all its places.",
        "The stem is one of its candidates, which takes that digit from one petal and locks it: that petal "
        "holds Z. Whatever the stem is, some petal holds Z."),
    "cell_forcing_chain": (
        "Try every candidate of one cell and follow what each forces. When all of them lead to the same "
        "placement or removal, it is true.",
        "The cell must be one of its candidates, so whatever all of them imply is implied by the truth."),
    "unit_forcing_chain": (
        "Try every place a digit can go in one house and follow each. When all of them agree on a placement "
        "or a removal, it is true.",
        "The digit must be in one of those places, so a conclusion shared by all of them holds."),
    "digit_forcing_chain": (
        "Assume a candidate is true and follow the consequences, then assume it false and follow again. A "
        "result both branches reach holds; a branch that contradicts itself is false.",
        "The candidate is either true or false: what follows from both is certain, and an assumption that "
        "leads to a broken grid cannot be the truth."),
    "forcing_net": (
        "A forcing chain that may branch: a step can use several facts found earlier, not only the last one. "
        "It reaches eliminations plain chains cannot, at the price of being hard to follow by hand.",
        "Still the same reasoning: every assumption is followed to its consequences, and a conclusion that "
        "every case reaches is true."),
    "kraken_fish_1": (
        "A finned fish whose eliminations do not follow directly: a cell is ruled out because the fish works "
        "without the fins, and each fin, through a chain, also removes the digit from that cell.",
        "Either no fin holds the digit (then the plain fish removes it) or some fin does, and every fin's chain "
        "removes it too. All cases agree."),
    "kraken_fish_2": (
        "A finned fish used the other way round: a candidate (of any digit) is removed because the fish without "
        "its fins, and each fin in turn, lead to its removal through a chain.",
        "The fish with its fins is a set of cases that cover every possibility; when every case removes the "
        "same candidate, it is gone."),
    "cage_combination": (
        "A cage must hold a set of different digits with its sum. List the sets still possible; a digit in "
        "none of them goes from the cage's cells.",
        "The digits of a cage differ and add up to its total, so only those combinations can be there."),
    "cage_filling": (
        "Go further than combinations: try to fill the cage's open cells, each with one of its candidates, all "
        "different, adding up to what is left. A candidate that fits no filling goes.",
        "A combination may hold digits the cells cannot place together; only the real fillings count."),
    "rule_45": (
        "Every row, column and box adds up to 45 (on a 9x9). Take away the cages wholly inside one; the cells "
        "left over (innies) sum to the rest. Or the cells of its cages that stick out (outies) sum to the excess.",
        "1 + 2 + ... + 9 = 45 in every house; the cages' sums are known, so the few cells not covered by whole "
        "cages have a known sum too, which limits their digits."),
    "rule_45_lines": (
        "The 45 rule on two or three rows (or columns) side by side: they add up to 90 or 135. The innies or "
        "outies of that block have a known sum.",
        "Each line is 45, so a block of k lines is 45 times k; subtract the cages inside and the rest is known."),
    "rule_45_blocks": (
        "The 45 rule on two boxes side by side, or a line and the box beside it: together 90, so their innies "
        "or outies have a known sum.",
        "The same sum argument on a larger shape made of whole houses."),
    "cage_pointing": (
        "A digit that every remaining combination of a cage contains is in the cage. Cells outside the cage "
        "that see all its places in the cage lose it.",
        "The cage must hold that digit somewhere in its open cells; a cell seeing all of them sees it."),
    "cage_claiming": (
        "Within a house, a digit can only go in the cells of one cage. Then that cage holds it: it keeps only "
        "the combinations with the digit, and its cells outside the house cannot have it.",
        "The house needs the digit and only the cage can give it, so the cage's copy is inside the house."),
    "cage_split": (
        "A cage that pokes into a house whose other cells are covered by whole cages: its piece inside the "
        "house has a known sum, so its piece outside has a known sum too.",
        "The house sums to 45, the whole cages in it are known, so the cage's piece inside makes up the rest; "
        "subtract that from the cage's total for the outside piece."),
}

_ZH: dict[str, tuple[str, str]] = {
    "full_house": (
        "某行、某列或某宫只剩一个空格，它缺的那个数字就填在这里。",
        "每个区域恰好包含每个数字一次；已有八个数字，第九个只有一个位置。"),
    "naked_single": (
        "看一个格子及它能看到的所有格：同行、同列、同宫。如果只剩一个数字没有出现，这个格子就是它。",
        "同一区域里数字不能重复，格子能看到的数字都被排除；只剩一个候选数就别无选择。"),
    "hidden_single": (
        "选一个数字和一个区域（行、列或宫）。如果这个数字在该区域里只剩一个格子能放，即使那个格子还有别的候选"
        "数，它也必须放在那里。",
        "这个区域一定要有这个数字；其他格子都被附近的同一数字排除了，剩下的就是它的位置。"),
    "pointing": (
        "在一个宫里，某数字的候选都在同一行（或列）上。那么这一行（或列）在宫外的格子删去该数字。",
        "这个宫需要该数字，且只能放在这一行上，所以这一行的该数字就在宫内，行上其他格子不能再放。"),
    "claiming": (
        "与宫对行列相反：在一行（或列）里，某数字的候选都在同一个宫内。那么这个宫的其他格子删去该数字。",
        "这一行需要该数字，只能放在与宫相交的部分，所以宫里的该数字也在那里，宫的其他格子不能有它。"),
    "naked_pair": (
        "同一区域里两个格子的候选数都恰好是同样的两个数字。这两个数字被这两格占用，区域里其他格子删去它们。",
        "无论这对数字怎样排，两个数字都落在这两格里，区域中第三个格子不能再放其中任何一个。"),
    "hidden_pair": (
        "在一个区域里，两个数字都只能放在同样的两个格子中。这两格必须是这两个数字，删去它们的其他候选数。",
        "两个数字在区域里需要两个位置，恰好只有两个：这两格已被占满，其他候选都不成立。"),
    "naked_triple": (
        "同一区域里三个格子的候选数合起来只有三个数字（每格有其中两个或三个）。区域其余格子删去这三个数字。",
        "三个格子要填三个不同的数字，而它们只有这三个可选，所以这三个数字都用在这三格里。"),
    "hidden_triple": (
        "在一个区域里，三个数字只能放在同样的三个格子中。这三格只保留这三个数字。",
        "三个数字需要三个位置，只有这三格可放：这三格里没有空间放其他数字。"),
    "naked_quad": (
        "同一区域里四个格子的候选数合起来只有四个数字。区域里其他格子删去这四个数字。",
        "四个格子要填四个不同的数字，只能从这四个里选，所以这四个数字锁定在这四格中。"),
    "hidden_quad": (
        "在一个区域里，四个数字被限制在同样的四个格子中。这四格删去其他所有候选数。",
        "四个数字在区域里需要四个位置，只有这四格可放，别的数字放不进去。"),
    "skyscraper": (
        "两行（或两列）中某数字各只有两个位置。两者各有一端互相对齐（楼底），另外两端（楼顶）不对齐。"
        "同时能看到两个楼顶的格子删去该数字。",
        "两个楼底在同一列（或行），不能都是该数字，所以至少有一方把它放在楼顶。能同时看到两个楼顶的格子，无论哪种情况"
        "都会看到这个数字。"),
    "two_string_kite": (
        "某数字在一行里恰有两个位置，在一列里也恰有两个位置，且各有一端在同一个宫内。远端的两格相连：同时看到"
        "它们的格子删去该数字。",
        "宫内的两端不能都是该数字，所以行或列会把它放在远端；同时看到两个远端的格子被排除。"),
    "turbot_fish": (
        "同一数字的四格链：一个强链（某区域里该数字只有两个位置）、一个弱链、再一个强链。同时看到两端的格子删"
        "去该数字。",
        "如果第一端不是该数字，强链迫使下一格是它，弱链排除第三格，再由强链迫使最后一端是它。所以两端总有一个"
        "是它。"),
    "empty_rectangle": (
        "在一个宫里，某数字的候选都在宫里的一行和一列上（L形或十字形）。配合宫外某行或列上该数字只有两个位置"
        "的强链，可以从一个格子删去该数字。",
        "无论宫里怎样放，该数字总在那一行或那一列上。沿着宫外的强链推到被指向的格子，会发现它若是该数字，宫里"
        "就无处可放。"),
    "xy_wing": (
        "三个双候选格：枢纽XY，以及两个都能看到枢纽的钳子XZ和YZ。同时看到两个钳子的格子不能是Z。",
        "枢纽是X时，XZ钳子是Z；枢纽是Y时，YZ钳子是Z。总有一个钳子是Z，所以同时看到两者的格子不能是Z。"),
    "xyz_wing": (
        "像XY翼，但枢纽有三个候选XYZ。同时看到枢纽和两个钳子的格子删去Z。",
        "枢纽是X、Y或Z：X使一个钳子为Z，Y使另一个为Z，Z则枢纽本身是Z。看到这三格的格子不能是Z。"),
    "w_wing": (
        "两个相距较远、候选数都是XY的格子，加上一个X的强链，其两端各看到其中一个格子。同时看到这两个格子的格"
        "子删去Y。",
        "如果两个格子都不是Y，它们都是X，于是强链两端都不能放X，而强链需要一端是X。所以其中一个格子是Y。"),
    "wxyz_wing": (
        "四个格子共有四个数字的弯翼，其中恰好一个数字Z不局限在同一区域。能看到翼中所有Z的格子删去Z。",
        "四格四数：如果没有Z，其余三个数字要填满四格且同一区域不重复，翼的形状做不到。所以Z一定在翼里。"),
    "vwxyz_wing": (
        "同样的思路用于五个格子、五个数字：只有一个数字Z可以出现在互相看不到的格子里。能看到所有Z的格子删去它"
        "。",
        "没有Z时，五个格子要从四个数字里填五个不同的数字，在互相看到的格子里不可能；所以Z在翼里。"),
    "unique_rectangle_1": (
        "四个格子组成跨两个宫的矩形，其中三个只有同样两个候选AB。第四个角不能只是A或B：删去它的A和B。",
        "若第四角也是A或B，A和B可以在矩形里对调，谜题就有两个解。合格的谜题只有一个解，所以这个角需要别的数字"
        "。"),
    "unique_rectangle_2": (
        "跨两个宫的AB矩形中，两个角还有同一个额外数字C。同时看到这两个角的格子删去C。",
        "如果两个额外角都不是C，四个角就成了致命的AB矩形。所以其中一个是C，同时看到两者的格子不能是C。"),
    "unique_rectangle_3": (
        "AB矩形中同一区域里的两个角有额外数字。这些额外数字像一个格子一样，与区域里其他格子组成显性数组，清理"
        "该区域。",
        "两个额外角不能都只是AB（致命形态），所以它们合起来必有一个额外数字；把它们当作一个格子，找出显性数对"
        "或三数组。"),
    "unique_rectangle_4": (
        "AB矩形中有额外数字的两个角在同一区域里，且该区域里A只能放在这两个角。那么它们都不能是B。",
        "区域需要A，两个角中必有一个是A。如果另一个是B，矩形就是致命的AB形态；所以两者都不是B。"),
    "unique_rectangle_5": (
        "AB矩形中两个或三个角带同一个额外数字C，且不在同一直线上。能看到所有这些角的格子删去C。",
        "至少有一个角必须是C，否则矩形致命；能看到所有C角的格子必然看到一个C。"),
    "unique_rectangle_6": (
        "AB矩形中，对数字A而言，矩形的两行两列里A只出现在矩形的角上（矩形里的X翼）。带额外数字的对角线不能是A"
        "。",
        "X翼把A放在矩形的一条对角线上；若是带额外数字的那条，另外两角就是B，矩形致命。所以A在另一条对角线上。"),
    "hidden_rectangle": (
        "矩形的四个角都有A和B，其中一角只有AB，而对角所在的行和列里A只出现在矩形中。那个对角不能是B。",
        "如果它是B，A的强链会迫使其他角组成可以对调的AB矩形：两个解。所以删去它的B。"),
    "bug_plus_1": (
        "除了一个有三个候选的格子外，所有空格都恰有两个候选数。那个格子填入在它所在区域中出现三次的候选数。",
        "如果每格都只有两个候选、每个候选在每个区域出现两次，盘面会有两个解（全双值坟墓）。多出的那个候选保证"
        "了唯一解，所以它成立。"),
    "simple_colors_trap": (
        "选一个数字及其强链（该数字只有两个位置的区域），把相连的格子交替涂成两种颜色。同时看到两种颜色的格子"
        "删去该数字。",
        "要么一种颜色的格子全是该数字，要么另一种。看到两种颜色各一格的格子，无论哪种颜色成立都会看到它。"),
    "simple_colors_wrap": (
        "同样的染色，但同色的两个格子互相看到。这种颜色是假的：它的格子都删去该数字（另一种颜色成立）。",
        "一个区域不能有两个同样的数字，所以会把它放进同一区域两格的那种颜色不可能成立。"),
    "multi_colors": (
        "同一数字的两组独立染色。当一组的某种颜色同时看到另一组的两种颜色，这种颜色为假；看到两组中相对颜色的"
        "格子删去该数字。",
        "把两组连起来，就组合了它们的二选一关系：一种颜色若成立会让另一组两种颜色都落空，就产生矛盾。"),
    "remote_pair": (
        "一串格子都只有同样两个候选XY，相邻的互相看到。能看到链上相隔奇数步的两格的格子删去X和Y。",
        "沿链数字交替为X、Y、X、Y。相隔奇数步的两格一个是X一个是Y；同时看到两者的格子两者都不能是。"),
    "x_chain": (
        "同一数字的链，强链（区域里只有两个位置）与弱链（互相看到的两格）交替，首尾都是强链。同时看到两端的格"
        "子删去该数字。",
        "若第一端不是该数字，强链迫使下一格是它，弱链排除再下一格，如此直到另一端必须是它。所以总有一端是它。"),
    "xy_chain": (
        "由双候选格组成的链，相邻两格共享一个数字，首尾都是同一个数字Z。同时看到两端的格子删去Z。",
        "第一格若不是Z就是另一个数字，它把下一格的这个数字排除，下一格成为它的另一个数字……最后一格成为Z。所以"
        "总有一端是Z。"),
    "nice_loop": (
        "首尾相接的强弱链环。一路交替的环把每条弱链都变成强链，从而清理这些链所在的区域；节奏中断的环在中断处"
        "确定或删除该候选数。",
        "假设某个候选为真或假，沿环推一圈回到它时得到相反的值：这是矛盾；对交替的环，则证明每条弱链恰有一端为"
        "真。"),
    "aic": (
        "交替推理链把格内与区域内的链接混合使用，数字不限：强链（两端至少一真）、弱链（至多一真）。以强链开始"
        "和结束，它证明两端之一为真；同时看到两端的候选被删去。",
        "强链意味着“不是这个，就是那个”，弱链意味着“是这个，就不是那个”。交替相连，“第一端为假”就推出“最后一"
        "端为真”。"),
    "grouped_nice_loop": (
        "环中的链接可以经过一组格子：同一宫内同一行（或列）上的两三个格子合起来含有某数字，被当作一个节点。",
        "只要组里任一格是该数字，这个组就为真；它在宫和行列中的链接就像单个格子，环的推理依然成立。"),
    "grouped_aic": (
        "交替推理链的一些节点是格子组（某数字在宫与某行或列相交的部分）。同时看到两端的格子删去该数字。",
        "组的链接和格子一样：“该数字在这个组里”可以有强链或弱链，所以链仍能证明某一端成立。"),
    "sue_de_coq": (
        "一行（或列）与一个宫相交处的两三个格子，其候选数分成两部分，分别与行的其余部分和宫的其余部分中的近锁"
        "定集对应。各部分清理各自的区域。",
        "相交格的数字必须来自这两个集合：与行中集合共有的数字锁定在该行，与宫中集合共有的数字锁定在该宫。"),
    "als_xz": (
        "近锁定集（ALS）是同一区域中N个格子共有N+1个候选数。两个ALS共有一个不能同时出现在两者中的数字X（一方"
        "所有X都看到另一方所有X），它们就相连：两者共有的数字Z一定在其中之一。",
        "X至多在一个集合里，另一个集合就成为锁定集；无论哪种情况，总有一个集合锁定并含有Z。看到两者所有Z的格"
        "子删去Z。"),
    "als_xy_wing": (
        "三个近锁定集：枢纽通过受限数字X和Y连到两个翼。两个翼都有的数字Z，从看到它在两翼中所有位置的格子里删"
        "去。",
        "枢纽不能同时放弃X和Y，所以至少有一个翼被锁定，锁定的翼含有Z。"),
    "als_xy_chain": (
        "用受限数字把近锁定集串成链，就像XY链串起双值格。两端集合都有的数字Z，从看到它在两端所有位置的格子里"
        "删去。",
        "每个受限数字只能在它连接的两个集合之一，锁定关系沿链传递，所以两端总有一个被锁定并含有Z。"),
    "extended_als_xy_chain": (
        "经过更大集合（5到8格）、七个集合，或两端集合相互重叠的三个集合的ALS-XY链。推理相同；因为搜索很费时，"
        "引擎不把它放进评级阶梯。",
        "每个受限数字只能在它连接的两个集合之一，锁定关系从一端传到另一端，总有一端含有Z。"),
    "death_blossom": (
        "一个有几个候选数的茎格，每个候选都对应一个近锁定集（花瓣），花瓣中含有该候选的格子都看到茎。每个花瓣"
        "都有的数字Z，从看到它所有位置的格子里删去。",
        "茎是它的某个候选，这会从一个花瓣中去掉该数字并锁定这个花瓣：这个花瓣含有Z。无论茎是什么，总有花瓣含"
        "有Z。"),
    "cell_forcing_chain": (
        "逐一尝试一个格子的每个候选，追踪各自的推论。如果它们都导致同一个填数或删数，这个结论成立。",
        "这个格子一定是它的某个候选，所以所有候选共同推出的结论就是事实。"),
    "unit_forcing_chain": (
        "逐一尝试某数字在一个区域中的每个可能位置并追踪推论。如果都得到同一个填数或删数，它就成立。",
        "该数字一定在其中一个位置，所以所有位置共同得出的结论成立。"),
    "digit_forcing_chain": (
        "先假设一个候选为真并追踪推论，再假设它为假并追踪。两条分支都得到的结论成立；自相矛盾的分支为假。",
        "候选要么真要么假：两种情况都推出的结论是确定的，导致盘面矛盾的假设不可能成立。"),
    "forcing_net": (
        "可以分叉的强制链：每一步可以同时用到之前得到的多个结论，而不只是上一个。它能得到普通链得不到的删数，"
        "代价是很难手工跟踪。",
        "推理方式相同：每个假设都追踪到底，所有情况共同得到的结论成立。"),
    "kraken_fish_1": (
        "一条鳍鱼，其删数不能直接得出：某格被排除，是因为没有鳍时鱼成立，而每个鳍又都通过一条链删去该格的这个"
        "数字。",
        "要么没有鳍含有该数字（普通鱼删去它），要么某个鳍含有它，而每个鳍的链也删去它。所有情况结论一致。"),
    "kraken_fish_2": (
        "另一种情况：某格中另一个数字的候选被删去，因为鱼要删的格子和每个鳍各自通过一条链都导致它被删除。",
        "带鳍的鱼给出覆盖所有可能的几种情况；每种情况都删去同一个候选，它就被删去。"),
    "cage_combination": (
        "笼子必须装入和为其总和、互不相同的一组数字。列出仍可能的组合；不在任何组合中的数字从笼子的格子里删去"
        "。",
        "笼子里的数字互不相同且和为总和，所以只有这些组合可能出现。"),
    "cage_filling": (
        "比组合更进一步：尝试用各格的候选填满笼子的空格，数字互不相同，和为剩余的总和。任何填法都用不到的候选"
        "删去。",
        "一个组合里的数字未必能同时放进这些格子；只有真正可行的填法才算数。"),
    "rule_45": (
        "每行、每列、每宫之和都是45（9×9）。减去完全在其中的笼子，剩下的格子（内格）之和已知；或者其笼子伸出"
        "去的格子（外格）之和等于超出的部分。",
        "每个区域1+2+…+9=45；笼子的和已知，所以没被整笼覆盖的少数格子之和也已知，从而限制了它们的数字。"),
    "rule_45_lines": (
        "对相邻的两三行（或列）用45法则：它们之和为90或135。这一块的内格或外格之和已知。",
        "每行45，k行就是45乘k；减去其中的笼子，剩下的就已知。"),
    "rule_45_blocks": (
        "对相邻的两个宫，或一行（列）与旁边的宫用45法则：合计90，其内格或外格之和已知。",
        "同样的求和推理，用在由整个区域组成的更大形状上。"),
    "cage_pointing": (
        "笼子所有剩余组合都含有的数字一定在笼子里。笼子外能看到它在笼中所有位置的格子删去该数字。",
        "笼子的空格里一定有这个数字；能看到所有这些格子的格子必然看到它。"),
    "cage_claiming": (
        "在某个区域里，一个数字只能放在同一个笼子的格子中。那么这个笼子含有它：只保留含该数字的组合，且笼子在"
        "该区域外的格子不能有它。",
        "区域需要该数字，只有这个笼子能提供，所以笼子里的这个数字在区域之内。"),
    "cage_split": (
        "一个笼子伸进某个区域，而该区域的其他格子都被完整的笼子覆盖：笼子在区域内的部分之和已知，所以区域外部"
        "分之和也已知。",
        "区域之和为45，其中完整的笼子已知，笼子在区域内的部分补足剩余；用笼子总和减去它，就是区域外部分的和。"),
}

_FISH = _fish_texts()

#: ``TEXT[lang][technique id] = (what it is, why it works)``.
TEXT: dict[str, dict[str, tuple[str, str]]] = {"en": {**_EN, **_FISH["en"]}, "zh": {**_ZH, **_FISH["zh"]}}


#: A second example where the technique does not apply, for the few whose near misses teach something:
#: ``COUNTER[lang][id]``, a template ``tests/data/lessons/make_examples.py`` fills in for a real position
#: (``{digit}``, ``{a}``, ``{b}``: digits; ``{houses}``, ``{covers}``: houses; ``{cells}``, ``{fins}``,
#: ``{corners}``, ``{fourth}``, ``{line}``: cells or a house, named as the hints name them).
COUNTER: dict[str, dict[str, str]] = {
    "en": {
        "naked_pair": "Not a naked pair: {cells} both hold only {a} and {b}, but they share no row, column or box. "
                      "Each may take either digit whatever the other takes, so no house has to give both digits to "
                      "them, and nothing is removed.",
        "x_wing": "Not an X-Wing: in {houses}, {digit} has only two places each, but they lie in {covers}: three "
                  "lines, not two. The four places make no rectangle, so no line across is used up, and nothing is "
                  "removed.",
        "swordfish": "Not a Swordfish: in {houses}, {digit} has only two or three places each, but they lie in "
                     "{covers}: four lines, not three. Three lines need the digit only three times, so one of the "
                     "four lines across may get its copy from elsewhere: none is used up, and nothing is removed.",
        "finned_x_wing": "Not a finned X-Wing: {houses} would make an X-Wing on {digit} in {covers}, but {line} has "
                         "an extra place, {fins}, in a box with no corner of the fish. No cell is both in one of "
                         "{covers} and in that box, so nothing is removed: a fin helps only in a corner's box.",
        "unique_rectangle_1": "Not a unique rectangle: {corners} hold only {a} and {b} (the fourth corner, {fourth}, "
                              "has more), but the four cells lie in four different boxes. Swapping {a} and {b} "
                              "around them would put a digit twice in a box, so there is no second solution to "
                              "rule out, and {fourth} keeps {a} and {b}.",
    },
    "zh": {
        "naked_pair": "这不是显性数对：{cells}都只有{a}和{b}两个候选，但它们不在同一行、同一列或同一宫。"
                      "无论一格取哪个数字，另一格仍可取任一个，没有哪个区域必须把这两个数字交给它们，所以什么也不能删。",
        "x_wing": "这不是X翼：在{houses}中，数字{digit}各只有两个位置，但它们分布在{covers}：三条线而不是两条。"
                  "四个位置不成矩形，没有哪条交叉线被占满，所以什么也不能删。",
        "swordfish": "这不是剑鱼：在{houses}中，数字{digit}各只有两三个位置，但它们分布在{covers}：四条线而不是三条。"
                     "三条线只需要这个数字三次，四条交叉线中总有一条的该数字可以来自别处：没有哪条被占满，所以什么也不能删。",
        "finned_x_wing": "这不是鳍X翼：{houses}本可在{covers}上构成数字{digit}的X翼，但{line}多出一个位置{fins}，"
                         "而它所在的宫里没有鱼的角。没有格子既在{covers}上又在那个宫里，所以什么也不能删："
                         "鳍只有在鱼角所在的宫里才有用。",
        "unique_rectangle_1": "这不是唯一矩形：{corners}只有{a}和{b}两个候选（第四个角{fourth}还有别的），"
                              "但这四格分属四个不同的宫。在它们之间对调{a}和{b}会让某个宫出现重复的数字，"
                              "所以没有需要排除的第二个解，{fourth}的{a}和{b}都保留。",
    },
}


def group_of(technique_id: str) -> str:
    """The group id of a technique (a KeyError for an id in no group)."""
    for group, ids in GROUPS:
        if technique_id in ids:
            return group
    raise KeyError(technique_id)


def page_data(examples: dict, games: dict | None = None, counters: dict | None = None) -> dict:
    """What the Learn page reads (``data/lessons.json``, written by build.py): the groups, and per technique
    its level, whether it is on the ladder, its names, its lesson texts, its Practise options and its example
    (``examples``: technique id -> the record ``tests/data/lessons/make_examples.py`` writes; ``games``:
    technique id -> the Practise puzzles it found for :data:`SHIPPED`, added to the options as ``puzzles``;
    ``counters``: technique id -> its example where it does not apply, :data:`COUNTER`)."""
    from .explain import NAMES

    lessons = {}
    for t in TABLE:
        options = practice(t.id)
        lines = (games or {}).get(options.get("instead", t.id))
        if lines:
            options["puzzles"] = list(lines)
        lessons[t.id] = {"level": t.level, "ladder": t.ladder, "group": group_of(t.id),
                         "name": {lang: NAMES[lang][t.id] for lang in ("en", "zh")},
                         "what": {lang: TEXT[lang][t.id][0] for lang in ("en", "zh")},
                         "why": {lang: TEXT[lang][t.id][1] for lang in ("en", "zh")},
                         "practice": options, "example": examples.get(t.id),
                         "counter": (counters or {}).get(t.id)}
    return {"groups": [{"id": g, "techniques": list(ids)} for g, ids in GROUPS], "lessons": lessons}
