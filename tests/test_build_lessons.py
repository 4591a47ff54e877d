"""The Learn page's data as build.py writes it (issue 32: the words once, each page loading its language's).

``data/lessons.json`` holds what every language shares (the groups, each lesson's boards, steps, level,
Practise options and its name in every language, which the game's Practise and the lab's replay read too);
each language's words of the lessons go into ``js/words/learn-TAG.js`` beside its page and lab words, which
only the Learn page loads (``<html data-words="learn">``, i18n.js). This checks, without a browser and without
Pyodide, that each language's module holds every lesson's words, the same as the engine's catalogue renders
them, that the shared file holds no lesson's words, that ``js/words/index.js`` lists a loader for each, and
that the service worker precaches them all (the Learn page works offline in every language).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import build
from sudoku_core import locales
from sudoku_core.lessons import COUNTERS
from sudoku_core.techniques import TABLE


def _module(path: Path) -> dict:
    """The words of a module of js/words/ (``export default {...};``)."""
    text = path.read_text(encoding="utf-8")
    return json.loads(text[text.index("export default ") + len("export default "):text.rindex(";")])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The lessons and the words written as the build writes them, and the service worker over them."""
    dist = tmp_path_factory.mktemp("dist")
    build.write_words(dist, build.write_lessons(dist))
    build.write_service_worker(dist)
    return dist


def test_each_languages_words_hold_every_lesson_as_the_catalogue_renders_it(site):
    whole = build.lesson_data()["lessons"]
    assert set(whole) == {t.id for t in TABLE}
    for lang in locales.languages():
        words = _module(site / "js" / "words" / f"learn-{lang}.js")
        want = {}
        for tid, lesson in whole.items():
            for key, (part, field) in build.LESSON_WORDS.items():
                said = lesson[part] if field is None else (lesson[part] or {}).get(field)
                if said is not None:
                    want[f"lesson.{tid}.{key}"] = said[lang]
        assert words == want, lang
        for tid in whole:  # every lesson's texts and example; the second example's for those that have one
            for key in ("what", "why", "where", "text", "credit"):
                assert words[f"lesson.{tid}.{key}"], (lang, tid, key)
            assert (f"lesson.{tid}.counter" in words) == (tid in COUNTERS), (lang, tid)
        if lang != "en":  # its own words, not English's
            english = _module(site / "js" / "words" / "learn-en.js")
            assert sum(words[k] != english[k] for k in words) > 0.9 * len(words), lang


def test_the_shared_lessons_hold_no_lessons_words_and_every_board(site):
    shared = json.loads((site / "data" / "lessons.json").read_text())
    whole = build.lesson_data()
    assert shared["groups"] == whole["groups"] and set(shared["lessons"]) == set(whole["lessons"])
    langs = set(locales.languages())
    for tid, lesson in shared["lessons"].items():
        assert "what" not in lesson and "why" not in lesson, tid
        assert set(lesson["name"]) == langs, tid  # the names, in every language: Practise and the lab read them
        assert lesson["practice"] == whole["lessons"][tid]["practice"], tid
        for part in ("example", "counter"):
            full = whole["lessons"][tid][part]
            if full is None:
                assert lesson[part] is None, tid
                continue
            assert not {"where", "text", "credit"} & set(lesson[part]), tid
            assert {k: v for k, v in full.items() if k not in ("where", "text", "credit")} == lesson[part], tid
    # No words by language left in it but the names.
    def by_language(value: object, path: str) -> list[str]:
        if isinstance(value, dict):
            if set(value) == langs:
                return [path]
            return [p for k, v in value.items() for p in by_language(v, f"{path}.{k}")]
        if isinstance(value, list):
            return [p for i, v in enumerate(value) for p in by_language(v, f"{path}[{i}]")]
        return []

    assert by_language(shared, "") == [f".lessons.{tid}.name" for tid in shared["lessons"]]


def test_every_language_has_a_loader_and_the_service_worker_keeps_them_all(site):
    index = (site / "js" / "words" / "index.js").read_text()
    learn = re.search(r"export const LEARN = \{(.*?)\};", index, re.S)
    assert learn
    for lang in locales.languages():
        assert f'"{lang}": () => import("./learn-{lang}.js")' in learn.group(1), lang
    precache = (site / "sw.js").read_text()
    for name in ["data/lessons.json", *(f"js/words/learn-{lang}.js" for lang in locales.languages())]:
        assert f'"{name}"' in precache, name
