// The reason of a step, drawn over the board: an SVG in cell units (viewBox 0 0 n n) that shows the
// houses the step looks at (base: dashed, cover: dotted), the candidates that cause it (rings), its
// fins (dotted rings), the sets it builds on (ALS, fish parts, groups: each in its own colour and
// stroke pattern, so they read without colour), its links as arrows (strong: solid, weak: dashed, as
// in the usual Eureka diagrams), for a single the placed digits that rule the other places or digits
// out (a ring on each, a line to each cell it sees, the ruled-out cells shaded), and, at the full
// level, what it removes (crossed circles) and places (a double ring). It follows the step record of sudoku_core (Step.to_dict): every candidate is a
// [cell, digit] pair (cells 0-based, row-major), every house {kind, index} (index 0-based).
//
// Candidates sit where the board draws its notes: digit d in a ceil(sqrt(n))-column grid in the cell
// (on a Killer, in the notes' box clear of the cage outline and sum: cages.js). A Killer step of the
// cage techniques names its cages (`cages`, indices into the shape's cages): each is outlined.
// The drawing is decoration for sight: the hint's text says the same in words (aria-hidden).

import { houseCells } from "./geometry.js";
import { KILLER_NOTES, cageOutline } from "./cages.js";

const NO_INSET = { top: 0, right: 0, bottom: 0, left: 0 };

const SVG = "http://www.w3.org/2000/svg";
const SETS = 4; // colours and patterns for sets, cycled

function node(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.append(el);
  return el;
}

const round = (x) => Math.round(x * 1000) / 1000;

export class ReasonOverlay {
  constructor(board) {
    this.board = board;
    this.svg = node("svg", { class: "reason", "aria-hidden": "true", focusable: "false" });
    this.svg.style.display = "none";
    board.after(this.svg);
  }

  clear() {
    this.svg.replaceChildren();
    this.svg.style.display = "none";
    this.step = null;
  }

  // Where digit d of a cell is drawn: its centre in cell units.
  spot([cell, d], n) {
    const cols = Math.ceil(Math.sqrt(n));
    const rows = Math.ceil(n / cols);
    const i = d - 1;
    const [r, c] = [Math.floor(cell / n), cell % n];
    const { top, right, bottom, left } = this.notesBox || NO_INSET;
    return [c + left + (1 - left - right) * ((i % cols) + 0.5) / cols,
      r + top + (1 - top - bottom) * (Math.floor(i / cols) + 0.5) / rows];
  }

  // The rectangles [x, y, w, h] that draw a house: one for a row, column, box or Windoku window; one
  // per cell for a Jigsaw region or an X diagonal (shapes no rectangle covers).
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

  // Draw a step; `full` adds what it removes and places (the hint's last level, the solution path).
  draw(step, shape, { full = true } = {}) {
    const { n } = shape;
    this.clear();
    if (!step) return;
    this.step = step;
    this.notesBox = shape.cages ? KILLER_NOTES : NO_INSET;
    const svg = this.svg;
    svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
    svg.style.display = "";
    svg.dataset.technique = step.technique || "";
    const rCand = 0.42 / Math.ceil(Math.sqrt(n));
    const defs = node("defs", {}, svg);
    for (const kind of ["strong", "weak"]) {
      const marker = node("marker", { id: `rs-arrow-${kind}`, viewBox: "0 0 10 10", refX: 9, refY: 5,
        markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
      node("path", { d: "M0,0 L10,5 L0,10 z", class: `rs-head rs-head-${kind}` }, marker);
    }
    const layer = (name) => node("g", { class: `rs-layer rs-${name}-layer` }, svg);
    const houses = layer("houses");
    for (const [list, cls] of [[step.houses || [], "rs-house"], [step.cover || [], "rs-cover"]]) {
      for (const h of list) {
        for (const [x, y, w, hh] of this.houseRects(h, shape)) {
          node("rect", { class: cls, x: x + 0.04, y: y + 0.04, width: w - 0.08, height: hh - 0.08, rx: 0.12,
            "data-house": `${h.kind} ${h.index}` }, houses);
        }
      }
    }
    for (const q of step.cages || []) {
      const cage = (shape.cages || [])[q];
      if (cage) node("path", { class: "rs-cage", d: cageOutline(cage.cells, n), "data-cage": q }, houses);
    }
    // A single's sightings ([from, cell] pairs): a digit placed in `from` rules `cell` out.
    const sees = layer("sees");
    const target = (step.placements || []).map(([cell]) => cell);
    const centre = (cell) => [cell % n + 0.5, Math.floor(cell / n) + 0.5];
    const ringed = new Set();
    const shaded = new Set();
    for (const [from, cell] of step.sees || []) {
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(cell);
      node("line", { class: "rs-sees", x1, y1, x2, y2, "data-from": from, "data-cell": cell }, sees);
      if (!ringed.has(from)) {
        ringed.add(from);
        node("circle", { class: "rs-seen-from", cx: x1, cy: y1, r: 0.4, "data-cell": from }, sees);
      }
      if (!shaded.has(cell) && !target.includes(cell)) {
        shaded.add(cell);
        node("rect", { class: "rs-ruled-out", x: x2 - 0.45, y: y2 - 0.45, width: 0.9, height: 0.9, rx: 0.1,
          "data-cell": cell }, sees);
      }
    }
    const sets = layer("sets");
    const rowCol = (cell) => [Math.floor(cell / n), cell % n];
    // A 45-rule step's group "cages" holds the cells of the cages it names: outlined above, not drawn twice.
    const outlined = (step.cages || []).length > 0;
    (step.groups || []).forEach((group, g) => {
      if (outlined && group.label === "cages") return;
      const cells = [...new Set(group.candidates.map(([cell]) => cell))];
      const inset = 0.06 + 0.05 * (g % SETS);
      for (const cell of cells) {
        const [r, c] = rowCol(cell);
        node("rect", { class: `rs-set rs-set-${g % SETS}`, x: c + inset, y: r + inset, width: 1 - 2 * inset,
          height: 1 - 2 * inset, rx: 0.1, "data-group": g }, sets);
      }
      const [r0, c0] = cells.length ? rowCol(cells[0]) : [0, 0];
      if (group.label) {
        const text = node("text", { class: `rs-set-label rs-set-${g % SETS}`, x: c0 + inset + 0.04,
          y: r0 + inset + 0.2, "data-group": g }, sets);
        text.textContent = group.label;
      }
    });
    const marks = layer("marks");
    const ring = (cand, cls) => {
      const [x, y] = this.spot(cand, n);
      return node("circle", { class: cls, cx: round(x), cy: round(y), r: round(rCand), "data-cand": cand.join(",") },
        marks);
    };
    for (const cand of step.candidates || []) ring(cand, "rs-cand");
    for (const cand of step.fins || []) ring(cand, "rs-fin");
    const links = layer("links");
    for (const link of step.links || []) this.arrow(links, link, n, rCand);
    if (full) {
      for (const cand of step.eliminations || []) {
        const [x, y] = this.spot(cand, n);
        const g = node("g", { class: "rs-elim", "data-cand": cand.join(",") }, marks);
        node("circle", { cx: round(x), cy: round(y), r: round(rCand) }, g);
        const a = rCand * 0.7;
        node("path", { d: `M${round(x - a)},${round(y - a)} L${round(x + a)},${round(y + a)} `
          + `M${round(x - a)},${round(y + a)} L${round(x + a)},${round(y - a)}` }, g);
      }
      for (const cand of step.placements || []) {
        const [r, c] = rowCol(cand[0]);
        const g = node("g", { class: "rs-place", "data-cand": cand.join(",") }, marks);
        node("rect", { x: c + 0.08, y: r + 0.08, width: 0.84, height: 0.84, rx: 0.16 }, g);
        node("rect", { x: c + 0.16, y: r + 0.16, width: 0.68, height: 0.68, rx: 0.12 }, g);
      }
    }
  }

  // A link between two nodes (each one or more candidates: a group), as a gently curved arrow from the
  // edge of one node's ring to the other's.
  arrow(parent, { from, to, strong }, n, rCand) {
    const centre = (cands) => {
      const spots = cands.map((c) => this.spot(c, n));
      return [spots.reduce((s, p) => s + p[0], 0) / spots.length, spots.reduce((s, p) => s + p[1], 0) / spots.length];
    };
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const bend = Math.min(0.5, len * 0.18);
    const mx = (x1 + x2) / 2 - uy * bend;
    const my = (y1 + y2) / 2 + ux * bend;
    const sx = x1 + ux * rCand;
    const sy = y1 + uy * rCand;
    const ex = x2 - ux * rCand * 1.2;
    const ey = y2 - uy * rCand * 1.2;
    const kind = strong ? "strong" : "weak";
    node("path", { class: `rs-link rs-${kind}`, d: `M${round(sx)},${round(sy)} Q${round(mx)},${round(my)} ${round(ex)},${round(ey)}`,
      "marker-end": `url(#rs-arrow-${kind})`, "data-from": from.map((c) => c.join(",")).join(" "),
      "data-to": to.map((c) => c.join(",")).join(" ") }, parent);
    for (const group of [from, to]) {
      if (group.length > 1) {
        const xs = group.map((c) => this.spot(c, n)[0]);
        const ys = group.map((c) => this.spot(c, n)[1]);
        node("rect", { class: "rs-group", x: round(Math.min(...xs) - rCand), y: round(Math.min(...ys) - rCand),
          width: round(Math.max(...xs) - Math.min(...xs) + 2 * rCand), height: round(Math.max(...ys) - Math.min(...ys) + 2 * rCand),
          rx: round(rCand) }, parent);
      }
    }
  }
}
