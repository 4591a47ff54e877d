// @ts-check
// The reason of a step, drawn over the board: an SVG in cell units (viewBox 0 0 n n), as HoDoKu draws
// a step, every role in its own colour AND its own shape or stroke pattern, so it reads without colour:
//
//   role         shape                                   what it is
//   house        dashed frame                            a house the step looks at (a fish's base)
//   cover        dotted frame                            a fish's cover houses
//   cage         solid outline                           a Killer cage the step reasons with
//   cand         ring                                    a candidate the pattern rests on
//   on / off     filled ring / filled square             the two colours of a chain or a colouring
//                                                        (on: true if the chain's start is; off: false)
//   fin          diamond                                 a fish's fin
//   set 0..3     cell frames, each colour and dash       each ALS, the wings' pivot and pincers, a roof
//   group        dotted box round several candidates     a grouped node of a chain
//   strong/weak  solid / dashed arrow, full / open head  the links of a chain
//   sees, ruled  line from a placed digit, shaded cell   why a single is one
//   elim         ring crossed at its rim, centre open    a candidate removed (its digit stays readable)
//   place        double square                           the digit to place
//
// It follows the step record of sudoku_core (Step.to_dict): every candidate is a [cell, digit] pair
// (cells 0-based, row-major), every house {kind, index} (index 0-based). A chain's nodes take their
// colour from its links: the far end of a strong link is "on", the far end of a weak one "off".
//
// Candidates sit where the board draws its notes: digit d in a ceil(sqrt(n))-column grid in the cell
// (on a Killer, in the notes' box clear of the cage outline and sum: cages.js). Marks are sized from the
// note's slot and the board's pixels, so neighbouring candidates' marks never touch at any size, and
// every curve bends into the board: nothing is drawn outside it. A Killer step of the cage techniques
// names its cages (`cages`, indices into the shape's cages): each is outlined.
//
// `legend()` names the roles the drawn step uses, in drawing order; `legendEl` (placed under the hint's
// text by hints.js) shows them, each with a small swatch drawn with the same classes as the board.
// The drawing is decoration for sight: the hint's text says the same in words (aria-hidden); the legend
// is a plain list, read in the page's language.

import { houseCells } from "./geometry.js";
import { KILLER_NOTES, cageOutline } from "./cages.js";
import { t } from "./i18n.js";

/** @typedef {import("../ops.js").Cand} Cand */
/** @typedef {Partial<import("../ops.js").StepData>} Step */
/** @typedef {import("./geometry.js").Shape} Shape */
/** @typedef {[number, number]} Point */
/** A role of the drawn step, for the legend (a set's `index` and `label`). @typedef {{role: string, index?: number, label?: string}} Role */
/** A bend tried for a link: its control point, start, head's tip and direction, the head's polygon, its cost. @typedef {{mx: number, my: number, sx: number, sy: number, tip: Point, u: Point, poly: Point[], cost: number}} Layout */
/**
 * A link laid out (plan): its nodes, the bends tried, the one picked, and whether it has a head.
 * @typedef {{strong: boolean, from: Cand[], to: Cand[], fromKey: string, toKey: string, headLen: number,
 *   tries: Layout[], pick: Layout, head?: boolean}} Plan
 */
/** A drawing function of SHAPES: (parent, x, y, radius, class) -> the mark. @typedef {(p: Element, x: number, y: number, r: number, cls: string) => SVGElement} ShapeFn */

const NO_INSET = { top: 0, right: 0, bottom: 0, left: 0 };

const SVG = "http://www.w3.org/2000/svg";
const SETS = 4; // colours and patterns for sets, cycled

/** @param {string} tag @param {Record<string, string | number | boolean>} [attrs] @param {Element | null} [parent] */
function node(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.append(el);
  return el;
}

const round = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
const clamp = (/** @type {number} */ x, /** @type {number} */ lo, /** @type {number} */ hi) => Math.min(Math.max(x, lo), hi);

// The names of the engine's set labels (Step.groups), for the legend; an unknown label is shown as is.
/** @type {Record<string, string>} */
const SET_NAMES = { pivot: "pivot", pincers: "pincers", link: "link", bivalue: "bivalue", roof: "roof",
  core: "core", stem: "stem", rcc: "rcc", cages: "cages" };
const setName = (/** @type {string} */ label) => {
  const als = /^als(?:_([a-z0-9]+))?$/.exec(label);
  if (als) return als[1] ? `${t("legend.set.als")} ${als[1].toUpperCase()}` : t("legend.set.als");
  const petal = /^petal_(\d+)$/.exec(label);
  if (petal) return t("legend.set.petal", { digit: petal[1] });
  return SET_NAMES[label] ? t(`legend.set.${SET_NAMES[label]}`) : label;
};
const COLOURS = new Set(["color_a", "color_b"]); // a colouring's two colours: drawn as on and off marks

// The marks' shapes, drawn at (x, y) with radius r: used on the board and in the legend's swatches.
/** @type {{ring: ShapeFn, square: ShapeFn, diamond: ShapeFn, elim: ShapeFn, place: ShapeFn}} */
const SHAPES = {
  ring: (p, x, y, r, cls) => node("circle", { class: cls, cx: round(x), cy: round(y), r: round(r) }, p),
  // A square and a diamond as large as fits in the ring's circle (corners at 1.1 r at most), so every
  // mark keeps the ring's clearance.
  square: (p, x, y, r, cls) => node("rect", { class: cls, x: round(x - r * 0.78), y: round(y - r * 0.78),
    width: round(r * 1.56), height: round(r * 1.56), rx: round(r * 0.2) }, p),
  diamond: (p, x, y, r, cls) => node("path", { class: cls, d: `M${round(x)},${round(y - r * 1.1)} `
    + `L${round(x + r * 1.1)},${round(y)} L${round(x)},${round(y + r * 1.1)} L${round(x - r * 1.1)},${round(y)} Z` }, p),
  elim: (p, x, y, r, cls) => {
    const g = node("g", { class: cls }, p);
    node("circle", { cx: round(x), cy: round(y), r: round(r) }, g);
    // Four ticks on the diagonals, from the rim inwards, leaving the digit's middle open.
    const a = r / Math.SQRT2;
    const d = [[-1, -1], [1, 1], [-1, 1], [1, -1]].map(([sx, sy]) =>
      `M${round(x + sx * a * 1.1)},${round(y + sy * a * 1.1)} L${round(x + sx * a * 0.62)},${round(y + sy * a * 0.62)}`);
    node("path", { d: d.join(" ") }, g);
    return g;
  },
  place: (p, x, y, r, cls) => {
    const g = node("g", { class: cls }, p);
    node("rect", { x: round(x - r), y: round(y - r), width: round(2 * r), height: round(2 * r), rx: round(r * 0.2) }, g);
    node("rect", { x: round(x - r * 0.8), y: round(y - r * 0.8), width: round(1.6 * r), height: round(1.6 * r),
      rx: round(r * 0.15) }, g);
    return g;
  },
};

export class ReasonOverlay {
  /** @type {typeof KILLER_NOTES | typeof NO_INSET | undefined} where a cell's notes are (a Killer's keep clear of its cage) */ notesBox;
  /** @type {Step | null | undefined} */ step;
  /** @type {number} the candidates' marks' radius, in cell units */ rCand = 0;
  /** @type {{marks: {key: string, c: Point, r: number}[], pad: number} | undefined} what an arrowhead keeps clear of */ obstacles;
  /** @type {boolean | undefined} */ showLegend;

  /** @param {HTMLElement} board */
  constructor(board) {
    this.board = board;
    this.svg = /** @type {SVGSVGElement} */ (node("svg", { class: "reason", "aria-hidden": "true", focusable: "false" }));
    this.svg.style.display = "none";
    board.after(this.svg);
    /** @type {Role[]} */
    this.roles = [];
    this.legendEl = document.createElement("ul");
    this.legendEl.className = "hint-legend";
    this.legendEl.hidden = true;
    /** @type {[Step, Shape, {full: boolean, legend: boolean}] | null} what is drawn, to draw again */
    this.drawn = null;
    // A board that changes size (a phone turned, a window resized) is drawn again: the marks' sizes
    // and the strokes follow its pixels.
    if (typeof ResizeObserver !== "undefined") {
      let width = 0;
      new ResizeObserver(() => {
        const w = this.board.getBoundingClientRect().width;
        if (this.drawn && Math.abs(w - width) > 0.5) this.draw(...this.drawn);
        width = w;
      }).observe(board);
    }
    if (typeof document !== "undefined") document.addEventListener("sudoku:language", () => this.fillLegend());
  }

  clear() {
    this.svg.replaceChildren();
    this.svg.style.display = "none";
    this.step = null;
    this.drawn = null;
    this.roles = [];
    this.fillLegend();
  }

  // The roles of the step drawn, in drawing order: [{role}] or, for a set, {role: "set", index, label}.
  legend() {
    return this.roles.map((r) => ({ ...r }));
  }

  // The note's slot: its size in cell units, [width, height], for a board of side n.
  /** @param {number} n @returns {Point} */
  slot(n) {
    const cols = Math.ceil(Math.sqrt(n));
    const rows = Math.ceil(n / cols);
    const { top, right, bottom, left } = this.notesBox || NO_INSET;
    return [(1 - left - right) / cols, (1 - top - bottom) / rows];
  }

  // Where digit d of a cell is drawn: its centre in cell units.
  /** @param {Cand} cand @param {number} n @returns {Point} */
  spot([cell, d], n) {
    const cols = Math.ceil(Math.sqrt(n));
    const i = d - 1;
    const [r, c] = [Math.floor(cell / n), cell % n];
    const { top, left } = this.notesBox || NO_INSET;
    const [w, h] = this.slot(n);
    return [c + left + w * ((i % cols) + 0.5), r + top + h * (Math.floor(i / cols) + 0.5)];
  }

  // The rectangles [x, y, w, h] that draw a house: one for a row, column, box or Windoku window; one
  // per cell for a Jigsaw region or an X diagonal (shapes no rectangle covers).
  /** @param {import("../ops.js").StepHouse} house @param {Shape} shape @returns {number[][]} */
  houseRects({ kind, index }, { n, box, variant, regions }) {
    const k = index;
    if (kind === "row") return [[0, k, n, 1]];
    if (kind === "column") return [[k, 0, 1, n]];
    if (kind === "box") {
      const across = n / box[1];
      return [[(k % across) * box[1], Math.floor(k / across) * box[0], box[1], box[0]]];
    }
    if (kind === "window") return [[k % 2 ? 5 : 1, k < 2 ? 1 : 5, 3, 3]];
    return houseCells(kind, k, n, box, variant, regions).map((c) => [c % n, Math.floor(c / n), 1, 1]);
  }

  // Draw a step; `full` adds what it removes and places (the hint's last level, the solution path);
  // `legend`: show the legend of its roles (levels 2 and 3 of a hint).
  /** @param {Step | null} step @param {Shape} shape @param {{full?: boolean, legend?: boolean}} [options] */
  draw(step, shape, { full = true, legend = true } = {}) {
    const { n } = shape;
    this.clear();
    if (!step) return;
    this.step = step;
    this.drawn = [step, shape, { full, legend }];
    this.notesBox = shape.cages ? KILLER_NOTES : NO_INSET;
    const svg = this.svg;
    svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
    svg.style.display = "";
    svg.dataset.technique = step.technique || "";
    // Sizes: a mark's radius fills most of its note's slot but keeps a stroke's width clear of the
    // next one, with the stroke in pixels (thinner on a small board) so neighbours never touch.
    // A board not laid out yet (hidden, or only its border) is drawn at a usual size, then again at its
    // own when it shows (the ResizeObserver above).
    const boardPx = this.board.getBoundingClientRect().width;
    const cellPx = boardPx >= 8 * n ? boardPx / n : 40;
    const [sw, sh] = this.slot(n);
    const slotUnits = Math.min(sw, sh);
    const stroke = clamp(slotUnits * cellPx * 0.11, 0.75, 2);
    svg.style.setProperty("--rs-stroke", `${round(stroke)}px`);
    const rCand = Math.max(0.25 * slotUnits, Math.min(0.42 * slotUnits, 0.5 * slotUnits - (1.6 * stroke) / cellPx));
    this.rCand = rCand;
    /** @type {Role[]} */
    const roles = [];
    /** @type {(role: string, extra?: {index?: number, label?: string}) => void} */
    const use = (role, extra = {}) => {
      if (!roles.some((r) => r.role === role && r.index === extra.index)) roles.push({ role, ...extra });
    };
    const layer = (/** @type {string} */ name) => node("g", { class: `rs-layer rs-${name}-layer` }, svg);
    const houses = layer("houses");
    for (const [list, cls, role] of /** @type {[import("../ops.js").StepHouse[], string, string][]} */ ([[step.houses || [], "rs-house", "house"], [step.cover || [], "rs-cover", "cover"]])) {
      for (const h of list) {
        use(role);
        for (const [x, y, w, hh] of this.houseRects(h, shape)) {
          node("rect", { class: cls, x: x + 0.04, y: y + 0.04, width: w - 0.08, height: hh - 0.08, rx: 0.12,
            "data-house": `${h.kind} ${h.index}` }, houses);
        }
      }
    }
    for (const q of step.cages || []) {
      const cage = (shape.cages || [])[q];
      if (!cage) continue;
      use("cage");
      node("path", { class: "rs-cage", d: cageOutline(cage.cells, n), "data-cage": q }, houses);
    }
    // A single's sightings ([from, cell] pairs): a digit placed in `from` rules `cell` out.
    const sees = layer("sees");
    const target = (step.placements || []).map(([cell]) => cell);
    const centre = (/** @type {number} */ cell) => [cell % n + 0.5, Math.floor(cell / n) + 0.5];
    const ringed = new Set();
    const shaded = new Set();
    for (const [from, cell] of step.sees || []) {
      use("sees");
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(cell);
      node("line", { class: "rs-sees", x1, y1, x2, y2, "data-from": from, "data-cell": cell }, sees);
      if (!ringed.has(from)) {
        ringed.add(from);
        node("circle", { class: "rs-seen-from", cx: x1, cy: y1, r: 0.4, "data-cell": from }, sees);
      }
      if (!shaded.has(cell) && !target.includes(cell)) {
        use("ruled");
        shaded.add(cell);
        node("rect", { class: "rs-ruled-out", x: x2 - 0.45, y: y2 - 0.45, width: 0.9, height: 0.9, rx: 0.1,
          "data-cell": cell }, sees);
      }
    }
    const sets = layer("sets");
    const rowCol = (/** @type {number} */ cell) => [Math.floor(cell / n), cell % n];
    // A 45-rule step's group "cages" holds the cells of the cages it names: outlined above, not drawn twice.
    const outlined = (step.cages || []).length > 0;
    // The two colours of a chain or a colouring, by candidate: "on" or "off".
    /** @type {Map<string, "on" | "off">} */
    const tone = new Map();
    const key = (/** @type {Cand} */ cand) => cand.join(",");
    /** @type {(cands: Cand[], value: "on" | "off") => void} */
    const setTone = (cands, value) => {
      for (const c of cands) if (!tone.has(key(c))) tone.set(key(c), value);
    };
    for (const link of step.links || []) {
      setTone(link.from, link.strong ? "off" : "on");
      setTone(link.to, link.strong ? "on" : "off");
    }
    /** @type {[{label: string, candidates: Cand[]}, number][]} */
    const colourGroups = [];
    let shown = 0; // the sets drawn as frames, numbered for their colour and pattern
    (step.groups || []).forEach((group, g) => {
      if (outlined && group.label === "cages") return;
      if (COLOURS.has(group.label)) {
        colourGroups.push([group, g]);
        for (const c of group.candidates) tone.set(key(c), group.label === "color_a" ? "on" : "off");
        return;
      }
      const k = shown++ % SETS;
      use("set", { index: k, label: group.label });
      const cells = [...new Set(group.candidates.map(([cell]) => cell))];
      const inset = 0.03 + 0.035 * k;
      for (const cell of cells) {
        const [r, c] = rowCol(cell);
        node("rect", { class: `rs-set rs-set-${k}`, x: c + inset, y: r + inset, width: 1 - 2 * inset,
          height: 1 - 2 * inset, rx: 0.1, "data-group": g, "data-label": group.label }, sets);
      }
    });
    const marks = layer("marks");
    const drawn = new Set();
    /** @type {(cand: Cand, shapeName: keyof typeof SHAPES, cls: string, r?: number) => SVGElement} */
    const mark = (cand, shapeName, cls, r = rCand) => {
      const [x, y] = this.spot(cand, n);
      const el = SHAPES[shapeName](marks, x, y, r, cls);
      el.setAttribute("data-cand", cand.join(","));
      drawn.add(key(cand));
      return el;
    };
    const toneShape = (/** @type {Cand} */ cand) => (tone.get(key(cand)) === "off" ? "square" : "ring");
    const toneClass = (/** @type {Cand} */ cand) => (tone.has(key(cand)) ? ` rs-${tone.get(key(cand))}` : "");
    for (const cand of step.candidates || []) {
      const tc = toneClass(cand);
      use(tc ? /** @type {string} */ (tone.get(key(cand))) : "cand");
      mark(cand, toneShape(cand), `rs-mark rs-cand${tc}`);
    }
    // A colouring's candidates that are not among the step's own: marked in their colour too, each
    // tagged with its group (one drawn group per colour, as for any set).
    for (const [group, g] of colourGroups) {
      const value = group.label === "color_a" ? "on" : "off";
      use(value);
      let tagged = false;
      for (const cand of group.candidates) {
        if (drawn.has(key(cand))) {
          if (!tagged) {
            const el = /** @type {Element} */ (marks.querySelector(`[data-cand="${key(cand)}"]`));
            el.classList.add("rs-set");
            el.setAttribute("data-group", String(g));
          }
          tagged = true;
          continue;
        }
        const el = mark(cand, value === "off" ? "square" : "ring", `rs-mark rs-set rs-node rs-${value}`);
        el.setAttribute("data-group", String(g));
        tagged = true;
      }
    }
    // A chain's nodes that the step does not list among its candidates.
    for (const link of step.links || []) {
      for (const cand of [...link.from, ...link.to]) {
        if (drawn.has(key(cand))) continue;
        use(/** @type {string} */ (tone.get(key(cand))));
        mark(cand, toneShape(cand), `rs-mark rs-node rs-${tone.get(key(cand))}`);
      }
    }
    for (const cand of step.fins || []) {
      use("fin");
      mark(cand, "diamond", "rs-mark rs-fin");
    }
    const links = layer("links");
    // What an arrowhead must keep clear of: every candidate's mark (the crossed ones too, drawn later)
    // and the heads already placed.
    const pad = stroke / cellPx;
    this.obstacles = { marks: [...new Map([...step.candidates || [], ...step.fins || [], ...full ? step.eliminations || [] : [],
      ...(step.links || []).flatMap((l) => [...l.from, ...l.to]), ...colourGroups.flatMap(([gr]) => gr.candidates)]
      .map((c) => [key(c), { key: key(c), c: this.spot(c, n), r: rCand * 1.1 + pad * 0.75 }])).values()], pad };
    // A link listed twice (two forcing chains through it) is drawn once with its head.
    const linked = new Set();
    const plans = (step.links || []).map((link) => {
      use(link.strong ? "strong" : "weak");
      if (link.from.length > 1 || link.to.length > 1) use("group");
      const id = `${link.from.map(key).join(" ")}>${link.to.map(key).join(" ")}:${link.strong}`;
      const plan = this.plan(link, n, rCand);
      plan.head = !linked.has(id);
      linked.add(id);
      return plan;
    });
    this.settle(plans.filter((plan) => plan.head));
    for (const plan of plans) this.arrow(links, plan);
    if (full) {
      for (const cand of step.eliminations || []) {
        use("elim");
        mark(cand, "elim", "rs-mark rs-elim");
      }
      for (const cand of step.placements || []) {
        use("place");
        const [r, c] = rowCol(cand[0]);
        const el = SHAPES.place(marks, c + 0.5, r + 0.5, 0.42, "rs-place");
        el.setAttribute("data-cand", cand.join(","));
      }
    }
    // The legend lists the roles in the order a player reads them: what to do first, then why.
    const order = ["place", "elim", "cand", "on", "off", "strong", "weak", "group", "fin", "house", "cover", "cage",
      "set", "sees", "ruled"];
    this.roles = roles.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role) || (a.index || 0) - (b.index || 0));
    this.showLegend = legend;
    this.fillLegend();
  }

  // The legend's list: one item per role of the drawn step, a swatch and its words.
  fillLegend() {
    const list = this.legendEl;
    list.replaceChildren();
    list.hidden = !(this.drawn && this.showLegend && this.roles.length);
    if (list.hidden) return;
    list.setAttribute("aria-label", t("legend.title"));
    for (const item of this.roles) {
      const li = document.createElement("li");
      li.dataset.role = item.role;
      const swatch = node("svg", { class: "reason rs-swatch", viewBox: "0 0 2 1", width: 32, height: 16,
        "aria-hidden": "true", focusable: "false" }, li);
      swatch.style.setProperty("--rs-stroke", "1.5px");
      this.swatch(swatch, item);
      const words = document.createElement("span");
      words.textContent = item.role === "set" ? t("legend.set", { name: setName(/** @type {string} */ (item.label)) }) : t(`legend.${item.role}`);
      if (item.role === "set") li.dataset.label = /** @type {string} */ (item.label);

      li.append(words);
      list.append(li);
    }
  }

  // A role's swatch: the same shapes and classes as on the board, in a 2 x 1 box.
  /** @param {Element} svg @param {Role} item */
  swatch(svg, { role, index }) {
    const r = 0.32;
    if (role === "house" || role === "cover") node("rect", { class: `rs-${role}`, x: 0.1, y: 0.1, width: 1.8, height: 0.8, rx: 0.12 }, svg);
    else if (role === "cage") node("rect", { class: "rs-cage", x: 0.1, y: 0.1, width: 1.8, height: 0.8, rx: 0.05 }, svg);
    else if (role === "set") node("rect", { class: `rs-set rs-set-${index}`, x: 0.1, y: 0.1, width: 1.8, height: 0.8, rx: 0.1 }, svg);
    else if (role === "cand") SHAPES.ring(svg, 1, 0.5, r, "rs-mark rs-cand");
    else if (role === "on") SHAPES.ring(svg, 1, 0.5, r, "rs-mark rs-on");
    else if (role === "off") SHAPES.square(svg, 1, 0.5, r, "rs-mark rs-off");
    else if (role === "fin") SHAPES.diamond(svg, 1, 0.5, r, "rs-mark rs-fin");
    else if (role === "elim") SHAPES.elim(svg, 1, 0.5, r, "rs-mark rs-elim");
    else if (role === "place") SHAPES.place(svg, 1, 0.5, 0.4, "rs-place");
    else if (role === "strong" || role === "weak") {
      node("path", { class: `rs-link rs-${role}`, d: "M0.1,0.5 L1.45,0.5" }, svg);
      this.head(svg, role === "strong", [1.85, 0.5], [1, 0], 0.4);
    } else if (role === "group") node("rect", { class: "rs-group", x: 0.3, y: 0.15, width: 1.4, height: 0.7, rx: 0.15 }, svg);
    else if (role === "sees") {
      node("line", { class: "rs-sees", x1: 0.5, y1: 0.5, x2: 1.9, y2: 0.5 }, svg);
      node("circle", { class: "rs-seen-from", cx: 0.5, cy: 0.5, r: 0.4 }, svg);
    } else if (role === "ruled") node("rect", { class: "rs-ruled-out", x: 0.55, y: 0.05, width: 0.9, height: 0.9, rx: 0.1 }, svg);
  }

  // An arrowhead: a triangle with its tip at `tip`, pointing along the unit vector `u`, `len` long.
  /** @param {Element} parent @param {boolean} strong @param {Point} tip @param {Point} u @param {number} len */
  head(parent, strong, [tx, ty], [ux, uy], len) {
    const bx = tx - ux * len;
    const by = ty - uy * len;
    const w = len * 0.5;
    return node("path", { class: `rs-head rs-head-${strong ? "strong" : "weak"}`,
      d: `M${round(tx)},${round(ty)} L${round(bx - uy * w)},${round(by + ux * w)} L${round(bx + uy * w)},${round(by - ux * w)} Z` },
    parent);
  }

  // A link between two nodes (each one or more candidates: a group), as a curved arrow from the edge of
  // one node's mark to the other's. Its control point stays in the board (a quadratic curve stays inside
  // the triangle of its ends and control point). `plan` lays out the bends tried (either side, more and
  // less; a short link, inside a cell, bends more so its head clears both rings), each scored by the
  // marks its head would cover; `settle` picks one per link so that its head also clears the other
  // heads; `arrow` draws it.
  /** @param {import("../ops.js").StepData["links"][number]} link @param {number} n @param {number} rCand @returns {Plan} */
  plan({ from, to, strong }, n, rCand) {
    const centre = (/** @type {Cand[]} */ cands) => {
      const spots = cands.map((c) => this.spot(c, n));
      return [spots.reduce((s, p) => s + p[0], 0) / spots.length, spots.reduce((s, p) => s + p[1], 0) / spots.length];
    };
    const reach = (/** @type {Cand[]} */ cands) => {
      // How far the node's mark reaches from its centre: a ring, or a group's box (its half diagonal).
      if (cands.length === 1) return rCand;
      const spots = cands.map((c) => this.spot(c, n));
      const xs = spots.map((p) => p[0]);
      const ys = spots.map((p) => p[1]);
      return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2 + rCand;
    };
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const base = len < 0.75 ? len * 0.8 : Math.min(0.6, Math.max(0.2, len * 0.18));
    const margin = 0.08;
    const unit = (/** @type {number} */ ax, /** @type {number} */ ay) => {
      const l = Math.hypot(ax, ay) || 1;
      return [ax / l, ay / l];
    };
    const headLen = Math.max(rCand * 1.1, 0.05);
    const gap = rCand * 0.15;
    const r1 = reach(from) + gap;
    const r2 = reach(to) + gap;
    const fromKey = from.map((c) => c.join(",")).join(" ");
    const toKey = to.map((c) => c.join(",")).join(" ");
    const ends = new Set(to.map((c) => c.join(","))); // the head may touch its own target only
    const { marks = [], pad = 0 } = this.obstacles || {};
    /** @type {(bend: number) => Layout} */
    const layout = (bend) => {
      const mx = clamp((x1 + x2) / 2 - uy * bend, margin, n - margin);
      const my = clamp((y1 + y2) / 2 + ux * bend, margin, n - margin);
      const [sx0, sy0] = unit(mx - x1, my - y1);
      const [ex0, ey0] = unit(x2 - mx, y2 - my);
      /** @type {Point} */
      const tip = [x2 - ex0 * r2, y2 - ey0 * r2];
      const w = headLen * 0.5;
      const [bx, by] = [tip[0] - ex0 * headLen, tip[1] - ey0 * headLen];
      const poly = grow([tip, [bx - ey0 * w, by + ex0 * w], [bx + ey0 * w, by - ex0 * w]], pad / 2);
      // Out of the board is worst, then a mark covered.
      const out = poly.some(([x, y]) => x < 0 || y < 0 || x > n || y > n);
      const cost = 1000 * Number(out) + 100 * marks.filter((m) => !ends.has(m.key) && circleTouches(m, poly)).length;
      return { mx, my, sx: x1 + sx0 * r1, sy: y1 + sy0 * r1, tip, u: [ex0, ey0], poly, cost };
    };
    const tries = [1, -1, 1.7, -1.7, 2.5, -2.5, 0.45, -0.45, 0.7, -0.7, 0.25, -0.25, 3.5, -3.5, 0, 5, -5, 7, -7, 10, -10]
      .map((k) => layout(base * k));
    return { strong, from, to, fromKey, toKey, headLen, tries, pick: tries[0] };
  }

  // Pick each link's bend: the first that costs least, where a head touching another head at another
  // node costs 10 and one meeting it at the same node (a net's conclusion reached along several chains)
  // 1. Picked in order, then each crowded one again with all the others known.
  /** @param {Plan[]} plans */
  settle(plans) {
    /** @type {(plan: Plan, l: Layout, others: Plan[]) => number} */
    const cost = (plan, l, others) => l.cost + others.reduce((sum, o) => sum
      + (o !== plan && polygonsTouch(o.pick.poly, l.poly) ? (o.toKey === plan.toKey ? 1 : 10) : 0), 0);
    /** @type {(plan: Plan, others: Plan[]) => number} */
    const choose = (plan, others) => {
      let best = plan.tries[0]; // (the first try costs less than Infinity: replaced below)
      let least = Infinity;
      for (const l of plan.tries) {
        const c = cost(plan, l, others);
        if (c < least) [best, least] = [l, c];
        if (!c) break;
      }
      plan.pick = best;
      return least;
    };
    /** @type {Plan[]} */
    const placed = [];
    for (const plan of plans) {
      choose(plan, placed);
      placed.push(plan);
    }
    for (let round = 0; round < 3; round++) {
      let crowded = 0;
      for (const plan of plans) if (cost(plan, plan.pick, plans)) crowded += Number(choose(plan, plans) > 0);
      if (!crowded) break;
    }
  }

  /** @param {Element} parent @param {Plan} plan */
  arrow(parent, { strong, from, to, fromKey, toKey, headLen, pick, head }) {
    const { mx, my, sx, sy, tip, u } = pick;
    const ex = tip[0] - u[0] * headLen * 0.8;
    const ey = tip[1] - u[1] * headLen * 0.8;
    const kind = strong ? "strong" : "weak";
    node("path", { class: `rs-link rs-${kind}`, d: `M${round(sx)},${round(sy)} Q${round(mx)},${round(my)} ${round(ex)},${round(ey)}`,
      "data-from": fromKey, "data-to": toKey }, parent);
    if (head) {
      const el = this.head(parent, strong, tip, u, headLen);
      el.setAttribute("data-to", toKey);
      el.setAttribute("data-from", fromKey);
    }
    const n = this.svg.viewBox.baseVal.width;
    for (const group of [from, to]) {
      if (group.length > 1) {
        const xs = group.map((c) => this.spot(c, n)[0]);
        const ys = group.map((c) => this.spot(c, n)[1]);
        const r = this.rCand;
        node("rect", { class: "rs-group", x: round(Math.min(...xs) - r), y: round(Math.min(...ys) - r),
          width: round(Math.max(...xs) - Math.min(...xs) + 2 * r), height: round(Math.max(...ys) - Math.min(...ys) + 2 * r),
          rx: round(r), "data-cands": group.map((c) => c.join(",")).join(" ") }, parent);
      }
    }
  }
}

// Geometry for placing arrowheads: a convex polygon grown by d from its centre, and whether a circle
// {c, r} or another convex polygon touches it (separating axes).
/** @param {Point[]} poly @param {number} d @returns {Point[]} */
function grow(poly, d) {
  const cx = poly.reduce((s, p) => s + p[0], 0) / poly.length;
  const cy = poly.reduce((s, p) => s + p[1], 0) / poly.length;
  return poly.map(([x, y]) => {
    const l = Math.hypot(x - cx, y - cy) || 1;
    return [x + (x - cx) / l * d, y + (y - cy) / l * d];
  });
}

/** @param {Point} p @param {Point} a @param {Point} b */
function segmentDistance([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const k = clamp(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1), 0, 1);
  return Math.hypot(px - ax - k * dx, py - ay - k * dy);
}

/** @param {{c: Point, r: number}} circle @param {Point[]} poly */
function circleTouches({ c, r }, poly) {
  const side = (/** @type {Point} */ a, /** @type {Point} */ b) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const sides = poly.map((a, i) => side(a, poly[(i + 1) % poly.length]));
  if (sides.every((s) => s >= 0) || sides.every((s) => s <= 0)) return true;
  return poly.some((a, i) => segmentDistance(c, a, poly[(i + 1) % poly.length]) < r);
}

/** @param {Point[]} p @param {Point[]} q */
function polygonsTouch(p, q) {
  const axes = (/** @type {Point[]} */ poly) =>
 poly.map((a, i) => {
    const b = poly[(i + 1) % poly.length];
    return [a[1] - b[1], b[0] - a[0]];
  });
  return ![...axes(p), ...axes(q)].some(([ax, ay]) => {
    const a = p.map(([x, y]) => x * ax + y * ay);
    const b = q.map(([x, y]) => x * ax + y * ay);
    return Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a);
  });
}
