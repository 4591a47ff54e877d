"""The page's translation table (web/js/i18n.js) read as text: both languages hold the same keys with
the same parameters, and every key the HTML marks (`data-i18n…`) or a script names literally
(`t("…")`) is in it. A missing key would show its own name ("lab.compare.run") on the page."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
ENTRY = re.compile(r'^\s+"([\w.-]+)": "((?:[^"\\]|\\.)*)",?$', re.M)


def tables() -> dict[str, dict[str, str]]:
    text = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    start = text.index("const TABLES = {")
    zh = text.index('\n  "zh-CN": {', start)
    end = text.index("\n};", zh)
    return {"en": dict(ENTRY.findall(text[start:zh])), "zh-CN": dict(ENTRY.findall(text[zh:end]))}


def params(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_both_languages_have_every_key_with_the_same_parameters():
    t = tables()
    en, zh = t["en"], t["zh-CN"]
    assert len(en) > 500
    # English has ".one" forms ("1 cell") that Chinese needs not.
    assert sorted(k for k in en if k not in zh and not k.endswith(".one")) == []
    assert sorted(k for k in zh if k not in en) == []
    assert [k for k in zh if params(zh[k]) != params(en[k])] == []
    assert [k for k in en if k.endswith(".one") and not params(en[k]) <= params(en[k.removesuffix(".one")])] == []


def test_every_key_the_pages_and_scripts_name_is_in_the_table():
    en = tables()["en"]
    named = set()
    for page in WEB.glob("*.html"):
        named |= set(re.findall(r'data-(?:i18n(?:-label|-title|-placeholder)?|title)="([\w.-]+)"',
                                page.read_text(encoding="utf-8")))
    levels = {"easy", "medium", "hard", "expert", "extreme", "guessing"}
    for script in WEB.rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        keys = set(re.findall(r'\bt\("([\w.-]+)"', text))
        # A panel's `t = panelT("hints")` names its keys under "hints." (and levels under "level.").
        panel = re.search(r'\bt = panelT\("([\w-]+)"\)', text)
        if panel:
            keys = {f"level.{k}" if k in levels else f"{panel.group(1)}.{k}" for k in keys}
        named |= keys
    assert len(named) > 200
    assert sorted(k for k in named if k not in en) == []
