"""The lessons behind the technique names: for every technique of the table (:data:`~sudoku_core.techniques.TABLE`),
what it is and why it works, in every language of :mod:`sudoku_core.locales`, in the order a player learns them.

The words are the catalogues' ``lesson`` section, beside the hints' own (``technique`` names each
technique, the ``engine`` section's ``reason.<id>`` sentence explains one step of it); the Learn page
(``learn.html#ID``) shows them with a worked example (``web/data/lesson-examples.json``, written by
``tests/data/lessons/make_examples.py``), and ``build.py`` exports both to the page (:func:`page_data`).

* :data:`GROUPS`: the families, easiest first, each with its techniques in learning order; every technique
  of the table is in exactly one;
* :func:`text`: ``(what, why)`` of a technique in a language: a few plain sentences each;
* :data:`COUNTERS`: the few techniques with a second example, where the pattern does not apply (:func:`counter_text`);
* :func:`practice`: what a Practise game of a technique asks the generator for (``generate_job``'s options):
  a puzzle whose hardest step is the technique, or one of its level where the generator has no such
  target; for the techniques of :data:`SHIPPED`, puzzles found ahead of time whose rated path takes the
  technique; for a technique off the rating ladder, or one no rated path takes in practice
  (:data:`INSTEAD`), the nearest one on it, which the page says it practises instead.

The texts are written for this project (not taken from any other site or program).
"""

from __future__ import annotations

from . import locales
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


def text(technique_id: str, lang: str = "en") -> tuple[str, str]:
    """(what it is, why it works) of a technique's lesson in ``lang`` (a KeyError for an id with no lesson)."""
    words = locales.section(lang, "lesson")
    return words[f"{technique_id}.what"], words[f"{technique_id}.why"]


#: The techniques whose lesson has a second example, where the pattern does not apply (a near miss that teaches
#: something): the catalogues' ``lesson`` section holds its words as ``<id>.counter``, a template
#: ``tests/data/lessons/make_examples.py`` fills in for a real position (``{digit}``, ``{a}``, ``{b}``: digits;
#: ``{houses}``, ``{covers}``: houses; ``{cells}``, ``{fins}``, ``{corners}``, ``{fourth}``, ``{line}``: cells or
#: a house, named as the hints name them).
COUNTERS: tuple[str, ...] = ("naked_pair", "x_wing", "swordfish", "finned_x_wing", "unique_rectangle_1")


def counter_text(technique_id: str, lang: str, fields: dict) -> str:
    """The words of a technique's example where it does not apply, in ``lang``, for ``fields``."""
    return locales.say(lang, "lesson", f"{technique_id}.counter", fields)


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
    ``counters``: technique id -> its example where it does not apply, :data:`COUNTERS`), every word in every
    language of the catalogues (the examples' words are messages, rendered here)."""
    from .explain import technique_name

    langs = locales.languages()
    lessons = {}
    for t in TABLE:
        options = practice(t.id)
        lines = (games or {}).get(options.get("instead", t.id))
        if lines:
            options["puzzles"] = list(lines)
        lessons[t.id] = {"level": t.level, "ladder": t.ladder, "group": group_of(t.id),
                         "name": {lang: technique_name(t.id, lang) for lang in langs},
                         "what": {lang: text(t.id, lang)[0] for lang in langs},
                         "why": {lang: text(t.id, lang)[1] for lang in langs},
                         "practice": options, "example": _example_words(examples.get(t.id), langs),
                         "counter": _counter_words(t.id, (counters or {}).get(t.id), langs)}
    return {"groups": [{"id": g, "techniques": list(ids)} for g, ids in GROUPS], "lessons": lessons}


def _say(message: dict, lang: str) -> str:
    """A message of the ``lesson`` section (an example's credit line) in ``lang``; a parameter may be one too."""
    params = {name: _say(value, lang) if isinstance(value, dict) and "key" in value else value
              for name, value in message.get("params", {}).items()}
    return locales.say(lang, "lesson", message["key"], params)


def _example_words(example: dict | None, langs: tuple[str, ...]) -> dict | None:
    """A worked example with its words (the hint's messages, its credit) in every language."""
    from .explain import render

    if example is None:
        return None
    return {**example, "credit": {lang: _say(example["credit"], lang) for lang in langs},
            "where": {lang: render(example["where"], lang) for lang in langs},
            "text": {lang: render(example["text"], lang) for lang in langs}}


def _counter_words(technique_id: str, counter: dict | None, langs: tuple[str, ...]) -> dict | None:
    """An example where the technique does not apply, with its words in every language (its template filled
    with its ``fields``, named as the hints name them)."""
    from .explain import param_text

    if counter is None:
        return None
    def field(value: object, lang: str) -> str:  # a list ends with the language's "and": "row 2, row 4 and row 6"
        if isinstance(value, list) and len(value) > 1:
            return param_text(value[:-1], lang) + locales.say(lang, "lesson", "list.last") + param_text(value[-1], lang)
        return param_text(value, lang)

    out = {k: v for k, v in counter.items() if k != "fields"}
    out["credit"] = {lang: _say(counter["credit"], lang) for lang in langs}
    out["text"] = {lang: counter_text(technique_id, lang, {name: field(value, lang)
                                                            for name, value in counter["fields"].items()})
                   for lang in langs}
    return out
