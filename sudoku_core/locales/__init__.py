"""Every word the program says, one catalogue per language: ``<tag>.json`` beside this module, named by
its BCP 47 tag (``en.json``, ``zh-CN.json``, ...). Adding a language is adding its catalogue.

A catalogue is JSON that translators' tools read, in sections of ``key: text``:

* ``meta``: ``name``, the language's own name (the page's language switch), and ``plural``, the plural
  forms its texts have: ``"one other"`` (a key ``K.one`` holds the text for a count of 1, ``K`` the rest)
  or ``"other"`` (no ``.one`` keys: one text for every count);
* ``page`` and ``lab``: the game page's and the algorithm lab's words (``build.py`` writes them into the
  modules the pages load, the lab's only for the lab);
* ``engine``: the hints' sentences (:mod:`sudoku_core.explain`); ``technique``: the techniques' names;
* ``lesson``: the Learn page's lessons (:mod:`sudoku_core.lessons`); ``cli``: the command line's own words.

Parameters are ICU-style ``{name}`` in every section, filled by :func:`fill` here and by the page's ``t``
the same way. English is complete by definition; another catalogue lacking a key (one added since it
was translated) falls back to English's text (:func:`section`), and ``tests/test_locales.py`` names
every such gap. The catalogues are read with :mod:`importlib.resources`, in CPython and in Pyodide
(whose engine archive carries only the sections the engine says: ``build.py``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from importlib import resources

#: The language every other falls back to, and the one the CLI and the engine speak unless told.
DEFAULT = "en"

#: Older names of a language, still accepted where a language is asked for (old links, saves, scripts).
ALIASES = {"zh": "zh-CN"}

#: A parameter in a text: ``{name}``.
PARAM = re.compile(r"\{(\w+)\}")


@functools.cache
def languages() -> tuple[str, ...]:
    """The tags of the catalogues found, English first, then in tag order."""
    found = sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json"))
    return (DEFAULT, *(tag for tag in found if tag != DEFAULT))


def tag(lang: str) -> str:
    """The catalogue's tag for ``lang``: a tag of :func:`languages`, or an alias (:data:`ALIASES`); matched
    without regard to case ("zh-cn"). A ValueError names the languages there are."""
    wanted = ALIASES.get(lang, lang)
    for known in languages():
        if known.lower() == wanted.lower():
            return known
    raise ValueError(f"no catalogue for the language {lang!r}; there are {', '.join(languages())}")


@functools.cache
def catalogue(lang: str) -> Mapping[str, Mapping[str, str]]:
    """The whole catalogue of ``lang`` as written (no fallback), read once."""
    text = resources.files(__name__).joinpath(f"{tag(lang)}.json").read_text(encoding="utf-8")
    return json.loads(text)


@functools.cache
def section(lang: str, name: str) -> Mapping[str, str]:
    """One section of ``lang``'s catalogue, each key English has and this one lacks filled from English
    (but a ``.one`` form, in a language that has none)."""
    own = catalogue(lang).get(name, {})
    if tag(lang) == DEFAULT:
        return own
    singular = "one" in plural_forms(lang)
    base = {k: v for k, v in catalogue(DEFAULT).get(name, {}).items() if singular or not k.endswith(".one")}
    return {**base, **own}


def plural_forms(lang: str) -> tuple[str, ...]:
    """The plural forms ``lang``'s texts have (``meta.plural``): ``("one", "other")`` or ``("other",)``."""
    return tuple(catalogue(lang)["meta"].get("plural", "other").split())


def fill(text: str, params: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` of ``params`` replaced by its value; a ``{name}`` not in ``params`` and
    any other brace stay as they are (a translator's stray brace never breaks a sentence)."""
    return PARAM.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text)


def say(lang: str, name: str, key: str, params: Mapping[str, object] | None = None) -> str:
    """The text of ``key`` in section ``name`` of ``lang``'s catalogue, its parameters filled; with a
    ``count`` of 1, the key's ``.one`` form where the language has one."""
    table = section(lang, name)
    params = params or {}
    text = (params.get("count") == 1 and table.get(f"{key}.one")) or table[key]
    return fill(text, params)
