"""What the accessibility checks share (test_a11y.py and the pages' own axe checks): axe-core from npm,
injected into a page whose CSP is bypassed for it, the WCAG tags every state must pass, and the themes,
languages and screens a page is checked in."""

from __future__ import annotations

from contextlib import contextmanager

from e2e_support import ROOT, App

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


class VariantContexts:
    """One context per variant, kept while that variant's tests run (make them one xdist group, so they
    run in a row): each test opens its own page in it, so a page that boots the engine after another
    reuses the context's HTTP cache and compiled WebAssembly instead of starting cold. Measured (Chromium's
    processes' CPU, the game, lab and learn pages booted twice each): 18.4-19.2 s in fresh contexts,
    12.9-13.0 s in one, about 1 s less a boot. A test's page shares what the earlier ones saved (the
    settings in localStorage): each test still sets what it checks."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.variant: str | None = None
        self.context = None

    def __call__(self, variant: str):
        if variant != self.variant:
            self.close()
            self.context = self.browser.new_context(bypass_csp=True, **context_options(variant)[0])
            self.variant = variant
        return self.context

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context, self.variant = None, None


@contextmanager
def axe_app(browser, url: str, variant: str, contexts: VariantContexts | None = None):
    """An app in one of VARIANTS for axe (which needs the CSP bypassed): yields (app, context options,
    whether high contrast is wanted), and checks on the way out that the page logged no error. With
    ``contexts``, the app is a new page in that variant's shared context."""
    options, contrast = context_options(variant)
    if contexts is None:
        app = App(browser, url, bypass_csp=True, **options)
    else:
        app = App(browser, url, context=contexts(variant))
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
