"""The catalogues (sudoku_core/locales/*.json, one per language): every one has every key of English with
the same parameters (and the ``.one`` forms its plural rule asks for), every key the pages and scripts
name is in English's, the game page names none of the lab's, and the engine, the CLI and the bridge
speak every language found (and the old name "zh")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudoku_core import locales, parse
from sudoku_core.bridge import handle_json
from sudoku_core.cli import main
from sudoku_core.explain import REASON_ALIASES, technique_name
from sudoku_core.hint import next_hint
from sudoku_core.lessons import COUNTERS, text
from sudoku_core.techniques import TABLE

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
LANGS = locales.languages()
SECTIONS = ("meta", "page", "lab", "engine", "technique", "lesson", "cli")
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def params(text: str) -> set[str]:
    return set(locales.PARAM.findall(text))


def test_the_catalogues_are_found_by_tag_english_first():
    assert LANGS[0] == "en" and "zh-CN" in LANGS
    assert sorted(p.stem for p in (ROOT / "sudoku_core" / "locales").glob("*.json")) == sorted(LANGS)
    assert locales.tag("zh") == locales.tag("zh-cn") == "zh-CN"
    with pytest.raises(ValueError, match="no catalogue for the language 'xx'"):
        locales.tag("xx")


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_has_every_key_of_english_with_the_same_parameters(lang):
    en, other = locales.catalogue("en"), locales.catalogue(lang)
    assert list(other) == list(SECTIONS), lang
    assert other["meta"]["name"] and other["meta"]["plural"] in ("one other", "other")
    singular = "one" in locales.plural_forms(lang)
    for section in SECTIONS[1:]:
        wanted = {k for k in en[section] if singular or not k.endswith(".one")}
        assert sorted(wanted - set(other[section])) == [], (lang, section, "missing")
        assert sorted(set(other[section]) - set(en[section])) == [], (lang, section, "not in English")
        assert [k for k in other[section] if params(other[section][k]) != params(en[section][k])] == [], (lang, section)
        assert [k for k, v in other[section].items() if not v.strip() and en[section][k].strip()] == [], (lang, section)
    # A ".one" form takes no parameter its plural lacks.
    assert [k for sec in other.values() for k, v in sec.items()
            if k.endswith(".one") and not params(v) <= params(sec[k.removesuffix(".one")])] == []


def test_every_key_the_pages_and_scripts_name_is_in_english_and_the_game_names_none_of_the_lab():
    """A missing key would show its own name ("lab.compare.run") on the page; a lab key named by the game
    page would show its name there, as the game page loads only the page's words."""
    en = locales.catalogue("en")
    levels = {"easy", "medium", "hard", "expert", "extreme", "guessing"}
    named: dict[str, set[str]] = {"page": set(), "lab": set()}
    for page in WEB.glob("*.html"):
        part = "lab" if 'data-words="lab"' in page.read_text(encoding="utf-8") else "page"
        named[part] |= set(re.findall(r'data-(?:i18n(?:-label|-title|-placeholder)?|title)="([\w.-]+)"',
                                      page.read_text(encoding="utf-8")))
    for script in WEB.rglob("*.js"):
        source = script.read_text(encoding="utf-8")
        keys = set(re.findall(r'\bt\("([\w.-]+)"', source))
        # A panel's `t = panelT("hints")` names its keys under "hints." (and levels under "level.").
        panel = re.search(r'\bt = panelT\("([\w-]+)"\)', source)
        if panel:
            keys = {f"level.{k}" if k in levels else f"{panel.group(1)}.{k}" for k in keys}
        named["lab" if "lab" in script.relative_to(WEB).parts else "page"] |= keys
    assert len(named["page"]) > 200 and len(named["lab"]) > 50
    assert sorted(k for k in named["page"] if k not in en["page"]) == []
    assert sorted(k for k in named["lab"] if k not in en["page"] and k not in en["lab"]) == []


def test_the_engine_words_cover_every_technique_and_its_lesson():
    for lang in LANGS:
        assert all(t.id in locales.catalogue(lang)["technique"] for t in TABLE), lang
        for t in TABLE:
            assert all(text(t.id, lang)), (lang, t.id)
    # A shared sentence is read from a key of its own.
    assert all(target in locales.catalogue("en")["engine"] for target in REASON_ALIASES.values())
    assert not set(REASON_ALIASES) & set(locales.catalogue("en")["engine"])
    assert all(f"{tid}.counter" in locales.catalogue("en")["lesson"] for tid in COUNTERS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_engine_renders_a_hint_in_every_language_at_every_level(lang):
    hint = next_hint(parse(EASY), langs=(lang,))
    for level in "012":
        said = hint["messages"][level]["text"][lang]
        assert said and "{" not in said, (lang, level, said)
    assert technique_name(hint["step"]["technique"], lang) in hint["messages"]["0"]["text"][lang]


def test_describe_renders_every_language_found_by_default():
    hint = next_hint(parse(EASY))
    assert set(hint["messages"]["2"]["text"]) == set(LANGS)


@pytest.mark.parametrize("lang", [*LANGS, "zh"])
def test_the_cli_speaks_every_language_and_the_old_name(lang, capsys):
    assert main(["hint", EASY, "--lang", lang]) == 0
    out = capsys.readouterr().out.strip()
    name = locales.tag(lang)
    assert out == next_hint(parse(EASY), langs=(name,))["messages"]["2"]["text"][name]
    assert main(["hint", EASY, "--all", "--technique", "hidden_single", "--lang", lang]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("#") and "{" not in last


def test_the_cli_names_the_languages_there_are(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["hint", EASY, "--lang", "xx"])
    assert exc.value.code == 2
    assert f"no catalogue for the language 'xx'; there are {', '.join(LANGS)}" in capsys.readouterr().err


def test_the_bridge_answers_in_the_languages_asked_and_reads_the_old_name():
    def hint(langs):
        return json.loads(handle_json(json.dumps({"type": "hint", "payload": {"text": EASY, "langs": langs}})))

    assert set(hint(["zh"])["result"]["messages"]["2"]["text"]) == {"zh-CN"}
    assert set(hint(list(LANGS))["result"]["messages"]["2"]["text"]) == set(LANGS)
    bad = hint(["xx"])
    assert not bad["ok"] and "langs" in json.dumps(bad)


def test_a_missing_key_falls_back_to_english_but_never_to_an_english_one_form():
    assert locales.fill("{a} and {b} {c", {"a": 1, "b": "x"}) == "1 and x {c"
    zh = locales.section("zh-CN", "page")
    assert not any(k.endswith(".one") for k in zh)
    assert locales.say("en", "cli", "more", {"count": 3}) == "... and more: the list stops at 3 a technique"
