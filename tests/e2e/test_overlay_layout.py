"""The hint's drawing laid out (issue 28, item 2): for steps of every family that draws (singles,
intersections, subsets, fish, wings, single-digit patterns, uniqueness, colouring, chains, ALS,
forcing, Killer), at 390x844 and 1280x800, light and dark, nothing the overlay draws leaves the board,
no two candidates' marks touch, no arrowhead touches another or a mark it does not point at, and the
legend names exactly the roles drawn. Measured from the drawn elements themselves: their screen boxes
(getBoundingClientRect) against the board's, and their shapes (in cell units, grown by half a stroke)
against each other. Many steps are drawn in one page load per viewport and theme, the same page
that then takes the screenshots.

Screenshots of a chain, a fish, an ALS, a Killer, a uniqueness step and a single, at 390 and 1280 px,
light and dark, go to test-artifacts/overlay-*.png (and $OVERLAY_SHOTS, when set), for a person to
look at."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
from e2e_support import ROOT, shared_app
from hint_support import DATA, EVERY_FAMILY, classic_steps, records
from play_support import KILLER, load, open_study, settle
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "test-artifacts"
FAMILIES = {
    "singles": {"hidden_single", "naked_single", "full_house"},
    "intersections": {"pointing", "claiming"},
    "subsets": {"naked_pair", "hidden_pair", "naked_triple", "hidden_quad"},
    "fish": {"x_wing", "swordfish", "jellyfish", "finned_x_wing", "finned_swordfish", "sashimi_swordfish",
             "finned_jellyfish", "franken_swordfish", "finned_mutant_jellyfish", "kraken_fish_1", "kraken_fish_2"},
    "wings": {"xy_wing", "xyz_wing", "wxyz_wing", "w_wing"},
    "single-digit": {"skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle"},
    "uniqueness": {"unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
                   "unique_rectangle_5", "unique_rectangle_6", "hidden_rectangle", "bug_plus_1"},
    "colouring": {"simple_colors_trap"},
    "chains": {"remote_pair", "x_chain", "xy_chain", "nice_loop", "aic", "grouped_nice_loop", "grouped_aic"},
    "als": {"als_xz", "als_xy_wing", "als_xy_chain", "death_blossom", "extended_als_xy_chain", "sue_de_coq"},
    "forcing": {"cell_forcing_chain", "unit_forcing_chain", "digit_forcing_chain"},
    "killer": {"rule_45", "cage_combination", "cage_pointing", "cage_filling"},
}


@functools.cache
def killer_steps() -> tuple[dict, ...]:
    """A Killer's steps: one of each technique of its path, and the step that crosses out the most
    candidates of one cell."""
    every = [step for _, step in records(KILLER, one_per_technique=False)]
    firsts = {}
    for step in every:
        firsts.setdefault(step["technique"], step)

    def most_in_a_cell(step):
        cells = [c for c, _ in step["eliminations"]]
        return max((cells.count(c) for c in cells), default=0)

    crowded = max(every, key=most_in_a_cell)
    assert most_in_a_cell(crowded) >= 5
    return (*firsts.values(), crowded)


# Everything the overlay draws, measured: returns the problems found (empty when the layout is clean).
MEASURE = """() => {
  const svg = document.querySelector('.board-wrap > svg.reason');
  const board = document.querySelector('#board').getBoundingClientRect();
  const n = svg.viewBox.baseVal.width;
  const unit = svg.getBoundingClientRect().width / n;  // px per cell
  const stroke = parseFloat(getComputedStyle(svg.querySelector('.rs-mark, .rs-link, rect, line, path') || svg)
    .strokeWidth) || 2;
  const grow = stroke / 2 / unit;
  const problems = [];
  const name = (el) => `${el.getAttribute('class')} ${el.dataset.cand || el.dataset.to || el.dataset.house || ''}`;
  // Inside the board (1 px for anti-aliasing).
  for (const el of svg.querySelectorAll('rect, circle, path, line, text')) {
    const b = el.getBoundingClientRect();
    if (!b.width && !b.height) continue;
    if (b.left < board.left - 1 || b.top < board.top - 1 || b.right > board.right + 1 || b.bottom > board.bottom + 1) {
      problems.push(`outside: ${name(el.closest('[class]'))} ${[b.left - board.left, b.top - board.top,
        board.right - b.right, board.bottom - b.bottom].map(Math.round)}`);
    }
  }
  // Shapes in cell units: a circle {c, r} or a convex polygon {p: [[x, y], ...]}.
  const nums = (d) => (d.match(/-?[0-9.]+/g) || []).map(Number);
  const pts = (d) => { const v = nums(d); const out = [];
    for (let i = 0; i + 1 < v.length; i += 2) out.push([v[i], v[i + 1]]);
    return out; };
  const shapeOf = (el) => {
    if (el.tagName === 'g') return shapeOf(el.firstElementChild);
    const at = (k) => +el.getAttribute(k);
    if (el.tagName === 'circle') return { c: [at('cx'), at('cy')], r: at('r') + grow };
    if (el.tagName === 'rect') {
      const [x0, y0] = [at('x') - grow, at('y') - grow];
      const [x1, y1] = [at('x') + at('width') + grow, at('y') + at('height') + grow];
      return { p: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]] };
    }
    const p = pts(el.getAttribute('d'));
    const cx = p.reduce((s, q) => s + q[0], 0) / p.length, cy = p.reduce((s, q) => s + q[1], 0) / p.length;
    return { p: p.map(([x, y]) => { const l = Math.hypot(x - cx, y - cy) || 1;
      return [x + (x - cx) / l * grow, y + (y - cy) / l * grow]; }) };
  };
  const segDist = ([px, py], [ax, ay], [bx, by]) => {
    const dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy || 1;
    const k = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l));
    return Math.hypot(px - ax - k * dx, py - ay - k * dy);
  };
  const insidePoly = ([x, y], p) => p.every((a, i) => { const b = p[(i + 1) % p.length];
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) >= 0; })
    || p.every((a, i) => { const b = p[(i + 1) % p.length];
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) <= 0; });
  const axes = (p) => p.map((a, i) => { const b = p[(i + 1) % p.length]; return [a[1] - b[1], b[0] - a[0]]; });
  const apart = (p, q) => [...axes(p), ...axes(q)].some(([ax, ay]) => {
    const pr = (s) => s.map(([x, y]) => x * ax + y * ay);
    const a = pr(p), b = pr(q);
    return Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a);
  });
  const touch = (s, u) => {
    if (s.c && u.c) return Math.hypot(s.c[0] - u.c[0], s.c[1] - u.c[1]) < s.r + u.r;
    if (s.c || u.c) { const [c, p] = s.c ? [s, u.p] : [u, s.p];
      return insidePoly(c.c, p) || p.some((a, i) => segDist(c.c, a, p[(i + 1) % p.length]) < c.r); }
    return !apart(s.p, u.p);
  };
  const all = (sel) => [...svg.querySelectorAll(sel)];
  const marks = all('.rs-mark').map((el) => ({ el, cand: el.dataset.cand, s: shapeOf(el) }));
  const heads = all('.rs-head').map((el) => ({ el, to: el.dataset.to.split(' '), key: el.dataset.to, s: shapeOf(el) }));
  for (let i = 0; i < marks.length; i++) for (let j = i + 1; j < marks.length; j++) {
    const [a, b] = [marks[i], marks[j]];
    if (a.cand !== b.cand && touch(a.s, b.s)) problems.push(`marks touch: ${name(a.el)} / ${name(b.el)}`);
  }
  for (let i = 0; i < heads.length; i++) {
    for (let j = i + 1; j < heads.length; j++) {
      // Heads that meet at one node (a net's conclusion reached along several chains) may touch there.
      const [a, b] = [heads[i], heads[j]];
      if (a.key !== b.key && touch(a.s, b.s)) problems.push(`heads touch: ${name(a.el)} / ${name(b.el)}`);
    }
    for (const m of marks) {
      if (!heads[i].to.includes(m.cand) && touch(heads[i].s, m.s)) {
        problems.push(`head on a mark: ${name(heads[i].el)} / ${name(m.el)}`);
      }
    }
  }
  return { problems, texts: svg.querySelectorAll('text').length, marks: marks.length, heads: heads.length,
    links: svg.querySelectorAll('.rs-link').length };
}"""

LEGEND = """() => ({ roles: window.sudoku.hints.overlay.legend().map(r => r.role),
  items: [...document.querySelectorAll('#hint-text + .hint-legend li')].map(li => [li.dataset.role, li.textContent]),
})"""


def expected_roles(step: dict) -> set[str]:
    """The roles a full drawing of ``step`` must show, read from its record."""
    roles = set()
    pairs = [("place", "placements"), ("elim", "eliminations"), ("fin", "fins"), ("house", "houses"),
             ("cover", "cover"), ("sees", "sees")]
    roles |= {role for role, field in pairs if step.get(field)}
    roles |= {"strong" if link["strong"] else "weak" for link in step["links"]}
    if any(g["label"] in ("color_a", "color_b") for g in step["groups"]):
        roles |= {"on", "off"}
    if any(g["label"] not in ("color_a", "color_b", "cages") for g in step["groups"]):
        roles.add("set")
    if step.get("cages"):
        roles.add("cage")
    return roles


def draw_all(page, steps, label: str) -> set[str]:
    """Draw every step as a hint's last level does; assert its layout and its legend; return its families."""
    families = set()
    bad = []
    for step in steps:
        page.evaluate("step => window.sudoku.hints.highlight({step, full: true})", step)
        drawn = page.evaluate(MEASURE)
        assert drawn["texts"] == 0  # the names of the parts are in the legend, never written over the candidates
        # One arrow per link; a link listed twice (forcing chains through it) has one head.
        unique = {(str(link["from"]), str(link["to"]), link["strong"]) for link in step["links"]}
        assert drawn["links"] == len(step["links"]) and drawn["heads"] == len(unique)
        if drawn["problems"]:
            bad.append((step["technique"], drawn["problems"][:4]))
        roles = page.evaluate(LEGEND)["roles"]
        assert expected_roles(step) <= set(roles), (step["technique"], roles)
        families |= {f for f, techs in FAMILIES.items() if step["technique"] in techs}
    page.evaluate("() => window.sudoku.hints.clearHighlights()")
    assert not bad, f"{label}: {len(bad)} of {len(steps)} steps: {bad}"
    return families


VIEWPORTS = {
    "390": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True),
    "1280": dict(viewport={"width": 1280, "height": 800}),
}


@pytest.fixture(scope="module", params=[(width, scheme) for width in VIEWPORTS for scheme in ("light", "dark")],
                ids=lambda p: "-".join(p))
def drawn(request, origins, server):
    """One page per viewport and theme, shared by the drawing checks and the screenshots there (each
    loads its own puzzles and draws its own steps): (page, width, scheme)."""
    width, scheme = request.param
    for app in shared_app(origins, server + "index.html", lambda app: settle(app.page), locale="en-US",
                          color_scheme=scheme, **VIEWPORTS[width]):
        yield app.page, width, scheme


def test_every_family_is_drawn_inside_the_board_with_no_marks_touching(drawn):
    page, width, scheme = drawn
    assert page.evaluate("document.documentElement.dataset.scheme") == scheme
    load(page, EVERY_FAMILY)
    classic = classic_steps()
    families = draw_all(page, [step for _, step in classic], f"9x9 at {width} {scheme}")
    load(page, KILLER)
    families |= draw_all(page, killer_steps(), f"Killer at {width} {scheme}")
    assert families == set(FAMILIES), set(FAMILIES) - families
    assert len(classic) + len(killer_steps()) >= 30


def test_a_hint_has_a_legend_of_what_its_drawing_uses_at_levels_2_and_3_in_both_languages(open_app, server):
    from play_support import EASY, set_language

    app = open_app(server + "index.html", locale="en-US", viewport={"width": 1280, "height": 800})
    page = app.goto().wait_ready().page
    settle(page)
    load(page, EASY)
    legend = page.locator("#hint-text + .hint-legend")
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "0")
    expect(legend).to_be_hidden()  # the nudge: words only
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_attribute("data-level", "1")
    expect(legend).to_be_visible()
    shown = page.evaluate(LEGEND)
    assert [r for r, _ in shown["items"]] == shown["roles"] and "place" not in shown["roles"]
    assert "sees" in shown["roles"]  # a single: the placed digits that see the other cells
    page.click("#hint")
    expect(legend.locator("li[data-role=place]")).to_contain_text("the digit to place")
    set_language(page, "zh-CN")
    expect(legend.locator("li[data-role=place]")).to_contain_text("要填入的数字")
    set_language(page, "en")
    # A chain's legend: its links, solid and dashed, and the two colours of its nodes.
    chain = next(s for _, s in classic_steps() if s["technique"] == "aic")
    page.evaluate("step => window.sudoku.hints.highlight({step, full: true})", chain)
    roles = page.evaluate(LEGEND)["roles"]
    assert {"strong", "weak", "on", "off", "elim"} <= set(roles)
    expect(legend.locator("li[data-role=strong]")).to_contain_text("solid arrow: strong link")
    expect(legend.locator("li[data-role=weak]")).to_contain_text("dashed arrow: weak link")
    page.click("#hint")  # back to the hint: the legend follows the drawing
    # While a hint is drawn, the selection's row, column and same digit step back to the cell's colour.
    page.locator("#board [data-cell='2']").focus()
    shades = page.evaluate("""() => { const bg = (el) => getComputedStyle(el).backgroundColor;
      const cells = [...document.querySelectorAll('#board .cell')];
      const plain = cells.find(c => !c.className.match(/peer|same|hl-|given/) && c !== document.activeElement);
      return { board: document.querySelector('#board').classList.contains('has-highlights'),
        peers: cells.filter(c => c.classList.contains('peer') && !c.className.includes('hl-')).map(bg),
        cell: getComputedStyle(document.documentElement).getPropertyValue('--cell').trim(), plain: bg(plain) }; }""")
    assert shades["board"] and shades["peers"]
    assert set(shades["peers"]) == {shades["plain"]}


def _shot_steps() -> dict[str, tuple[str, dict]]:
    """The steps photographed, each with the grid it was found on (its placed digits as givens)."""
    classic = classic_steps()
    first = lambda tech: next(r for r in classic if r[1]["technique"] == tech)  # noqa: E731
    return {"chain": first("aic"), "fish": first("finned_swordfish"), "als": first("als_xy_wing"),
            "single": first("hidden_single"), "uniqueness": first("unique_rectangle_2"),
            "killer": (KILLER, killer_steps()[-1])}


def test_screenshots_of_drawn_steps(drawn):
    """For a person to look at: each step drawn over the board, its legend under the hint."""
    page, width, scheme = drawn
    SHOTS.mkdir(exist_ok=True)
    extra = Path(os.environ["OVERLAY_SHOTS"]) if os.environ.get("OVERLAY_SHOTS") else None
    loaded = None
    for name, (puzzle, step) in _shot_steps().items():
        if puzzle != loaded:
            load(page, puzzle)
            page.evaluate("window.sudoku.game.fillCandidates()")  # the candidates the marks sit on
            loaded = puzzle
        page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = false; }")
        page.evaluate("""step => { const h = window.sudoku.hints;
          h.showText(step.technique, 'info'); h.highlight({step, full: true}); }""", step)
        assert not page.evaluate(MEASURE)["problems"]
        # The board and the hint under it (on a phone their section is display: contents: a clip of both).
        box = page.evaluate("""() => { const a = document.querySelector('.board-wrap').getBoundingClientRect();
          const b = document.querySelector('#hints-panel').getBoundingClientRect();
          const left = Math.min(a.left, b.left);
          return { x: left + scrollX - 4, y: a.top + scrollY - 4,
                   width: Math.max(a.right, b.right) - left + 8, height: b.bottom - a.top + 8 }; }""")
        path = SHOTS / f"overlay-{name}-{width}-{scheme}.png"
        page.screenshot(path=str(path), clip=box, full_page=True)
        if extra:
            extra.mkdir(parents=True, exist_ok=True)
            (extra / path.name).write_bytes(path.read_bytes())
    open_study(page)


@functools.cache
def other_sizes() -> tuple[tuple[str, tuple[dict, ...]], ...]:
    """Puzzles of the other sizes the page plays, each with the steps of its logic path (one per
    technique): 4x4, 6x6 and 25x25 from the generator (seeded), 16x16 from the sample set (its path has
    intersections, subsets and an X-Wing)."""
    from sudoku_core.formats import format_line
    from sudoku_core.generate import generate

    texts = [format_line(generate(size, seed=size).puzzle) for size in (4, 6)]
    texts.append((DATA / "samples" / "sixteen_by_sixteen_owhy_100.txt").read_text().split()[0])
    texts.append(format_line(generate(25, symmetry="rot180", seed=25).puzzle))
    return tuple((text, tuple(step for _, step in records(text))) for text in texts)


@pytest.mark.parametrize("width", [320, 1280])
def test_every_size_is_drawn_inside_the_board_with_no_marks_touching(open_app, server, width):
    app = open_app(server + "index.html", locale="en-US", viewport={"width": width, "height": 800},
                   is_mobile=width < 480, has_touch=width < 480)
    page = app.goto().wait_ready().page
    settle(page)
    sizes = set()
    for text, steps in other_sizes():
        load(page, text)
        n = page.evaluate("window.sudoku.game.n")
        draw_all(page, steps, f"{n}x{n} at {width}")
        sizes.add(n)
    assert sizes == {4, 6, 16, 25}
