"""What the accessibility checks share (test_a11y.py and the pages' own axe checks): axe-core from npm,
injected into a page whose CSP is bypassed for it, the WCAG tags every state must pass, and the themes,
languages and screens a page is checked in."""

from __future__ import annotations

from contextlib import contextmanager

from e2e_support import ROOT, FreshOrigins

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

VARIANTS = {
    "light": dict(color_scheme="light"),
    "dark": dict(color_scheme="dark"),
    "contrast-light": dict(color_scheme="light", contrast=True),
    "contrast-dark": dict(color_scheme="dark", contrast=True),
    "chinese": dict(color_scheme="light", locale="zh-CN"),
    "phone": dict(color_scheme="dark", viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True),
    # The phone layout of issue 29 (one tool row, the rest under More) in every theme, upright and on its side.
    "phone-light": dict(color_scheme="light", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
    "phone-contrast-light": dict(color_scheme="light", contrast=True, viewport={"width": 320, "height": 568},
                                 has_touch=True, is_mobile=True),
    "phone-contrast-dark": dict(color_scheme="dark", contrast=True, viewport={"width": 430, "height": 932},
                                has_touch=True, is_mobile=True),
    "landscape": dict(color_scheme="light", viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True),
}


def context_options(variant: str) -> tuple[dict, bool]:
    """The browser context's options for one of VARIANTS, and whether high contrast is wanted."""
    options = dict(VARIANTS[variant])
    contrast = options.pop("contrast", False)
    return options, contrast


def by_variant(variants) -> list:
    """The variants as test parameters, each in one xdist group shared by every module's axe checks in that
    variant (``test_a11y-<variant>``), so that they run in a row on one worker: each opens its page in the
    worker's one kept context of that variant (:func:`axe_app`), which after the first boot has the site
    and its compiled WebAssembly cached."""
    import pytest

    return [pytest.param(v, marks=pytest.mark.xdist_group(f"test_a11y-{v}")) for v in variants]


@contextmanager
def axe_app(origins: FreshOrigins, url: str, variant: str):
    """An app in one of VARIANTS for axe (which needs the CSP bypassed): yields (app, context options,
    whether high contrast is wanted), and checks on the way out that the page logged no error. The app is
    a new tab on a cleared origin in the context that the worker keeps for the variant's options with the
    CSP bypassed (conftest's ``origins``, e2e_support.FreshOrigin): a boot after the first in it reuses
    its cache, about 1 s of CPU less than a fresh context's (the game, lab and Learn pages booted twice
    each, Chromium's processes' CPU: 18.4-19.2 s in fresh contexts, 12.9-13.0 s in one); a page finds no
    setting saved by an earlier one, so each test sets what it checks."""
    options, contrast = context_options(variant)
    origin = origins.origin({"bypass_csp": True, **options}, [])
    app = origin.open(url, options.get("viewport"))
    try:
        yield app, options, contrast
        assert not app.errors, app.errors
    finally:
        app.close()


def audit(page) -> list[dict]:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate("""tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})
        .then(r => r.violations.map(v => ({id: v.id, nodes: v.nodes.map(n => n.target.join(' ')
            + ' :: ' + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200))})))""", TAGS)
