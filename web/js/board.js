// @ts-check
// Board rendering and keyboard input. A BoardView draws a Game into an element with role="grid"
// (rows of role="gridcell" cells, each labelled "Row r, column c: digit" (plus its notes when it has
// some) with its digit as text) and turns keys into events: "input" ({cell, key} or {cell, digit},
// `note: true` for Shift+digit), "command" ({name}: undo, redo), "select" ({cell}: a click or tap)
// and "focus" ({cell}); Ctrl+V becomes "paste" ({text}). It never changes the game itself: the app
// decides what input means (a given in edit mode, an entry or a note in play mode).
//
// Drawing state lives here and only here: `ui` holds what the page wants shown (the digit to
// highlight, whether wrong entries are marked, whether the grid is hidden by a pause).
// Notes are empty spans whose digit is drawn by CSS from `data-d`, so a cell's text stays its digit.
//
// Focus is a roving tabindex: one cell is in the tab order, arrow keys move it, Tab leaves the grid.
// Text goes in with textContent only: nothing typed or pasted is ever read as HTML.
import { houseText, t } from "./i18n.js";
import { boxOf, cageOf, cellHousesOf, shapeOf } from "./geometry.js";
import { KILLER_NOTES, cageOutline, sumSpot } from "./cages.js";
import { Emitter } from "./dom.js";

/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./geometry.js").Cage} Cage */
/** @typedef {import("./geometry.js").Box} Box */
/** A variant's part of a shape (geometry.js). @typedef {{variant?: string, regions?: number[] | null, cages?: Cage[] | null}} VariantShape */
/**
 * The board's events: a key or a digit for a cell (`note`: Shift+digit), undo or redo, a click, focus
 * moved, a paste.
 * @typedef {{input: {cell: number, key?: string, digit?: number, note?: boolean}, command: {name: "undo" | "redo"},
 *   select: {cell: number}, focus: {cell: number}, paste: {text: string}}} BoardEvents
 */
/**
 * What a cell's label says: its digit and kind (Game.shown), notes, the notes a hint shows, corner
 * marks, colour, and what is wrong with it.
 * @typedef {{digit: number, kind: string, notes: number, shown?: number, corners?: number, colour: number,
 *   conflict: boolean, wrong: boolean, diff: boolean}} CellState
 */

const SVG = "http://www.w3.org/2000/svg";

// The rows and cells of an n x n grid with boxes `box` ([rows, cols]) appended to `root`: each cell
// a role=gridcell div with its index, row, column and box, and the thick box borders as classes.
// Returns the cells in reading order. The play board and the lab's read-only board both use it.
// A variant (`shape`: {variant, regions}, see geometry.js) is drawn here too: a Jigsaw's regions get
// the thick borders where two regions meet; an X's diagonal cells the class "diag", a Windoku's
// window cells "window" (shaded by styles.css).
// The class (styles.css) of a cell in one of a variant's extra houses, by the house's kind.
/** @type {Record<string, string>} */
const EXTRA_CLASS = { diagonal: "diag", window: "window" };

/** @param {Element} root @param {number} n @param {Box} box @param {VariantShape} [shape] @returns {HTMLElement[]} */
export function gridCells(root, n, box, shape = {}) {
  const s = shapeOf({ n, box, ...shape });
  const houses = cellHousesOf(s); // [box or region, then any extra house (geometry.js)] per cell
  /** @type {HTMLElement[]} */
  const cells = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "board-row";
    for (let c = 0; c < n; c++) {
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.dataset.cell = String(r * n + c);
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      const i = r * n + c;
      cell.dataset.box = String(boxOf(i, s));
      cell.className = "cell";
      if (c < n - 1 && boxOf(i + 1, s) !== boxOf(i, s)) cell.classList.add("box-right");
      if (r < n - 1 && boxOf(i + n, s) !== boxOf(i, s)) cell.classList.add("box-bottom");
      if (houses[i].length > 1) cell.classList.add(EXTRA_CLASS[houses[i][1][0]]);
      row.append(cell);
      cells.push(cell);
    }
    root.append(row);
  }
  return cells;
}

/** @param {VariantShape} shape */
function shapeKeyOf({ variant = "classic", regions = null, cages = null }) {
  const caged = cages ? cages.map((q) => `${q.sum}=${q.cells.join(".")}`).join(";") : "";
  return `${variant || "classic"}:${regions ? regions.join("") : ""}:${caged}`;
}

// A Killer's cages, drawn over the cells of `board` (a .board element): an SVG in cell units (viewBox 0 0
// n n) with each cage's dashed outline inset inside its cells and its sum in the top-left corner of its
// first cell (cages.js says where). Decoration for sight: each cell's label names its cage and sum.
// The notes of a Killer's cells keep clear of both (KILLER_NOTES, set here as the board's padding).
/** @param {HTMLElement} board @param {number} n @param {Cage[]} cages */
export function drawCages(board, n, cages) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "cage-layer");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  cages.forEach((cage, q) => {
    const group = document.createElementNS(SVG, "g");
    group.setAttribute("class", "cage");
    group.dataset.cage = String(q);
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", cageOutline(cage.cells, n));
    const spot = sumSpot(cage.cells, n);
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("x", String(spot.x));
    text.setAttribute("y", String(spot.y));
    text.setAttribute("font-size", String(spot.size));
    text.textContent = String(cage.sum);
    group.append(path, text);
    svg.append(group);
  });
  for (const [side, value] of Object.entries(KILLER_NOTES)) board.style.setProperty(`--notes-${side}`, `${value * 100}%`);
  board.style.setProperty("--notes-scale", String(1 - KILLER_NOTES.top - KILLER_NOTES.bottom));
  board.append(svg);
  return svg;
}

// The classes hints.js puts on the cells a hint points at: a cell's name says it is part of the hint.
export const HINT_CLASSES = ["hl-cell", "hl-cand", "hl-place", "hl-elim", "hl-mistake"];

/** @extends {Emitter<BoardEvents>} */
export class BoardView extends Emitter {
  /** @type {string} */ shapeKey;
  /** @type {import("./geometry.js").HouseKind[][]} */ houses;
  /** @type {string} */ variant;
  /** @type {Cage[] | null} */ cages;
  /** @type {number[]} */ cageOf;
  /** @type {string[]} */ labels;

  /** @param {HTMLElement} element @param {{interactive?: boolean, which?: "first" | "second"}} [options] */
  constructor(element, { interactive = true, which = "first" } = {}) {
    super();
    this.el = element;
    this.interactive = interactive;
    this.which = which; // "first" shows game.solution, "second" shows game.second
    /** @type {HTMLElement[]} */
    this.cells = [];
    this.n = 0;
    /** @type {Box | null} */
    this.box = null;
    this.focused = 0;
    // hintNotes: cell -> mask of candidates a drawn hint stands on that the cell's notes lack (hints.js),
    // drawn in the notes' places, set apart from the player's own.
    /** @type {{digit: number, highlight: boolean, showWrong: boolean, paused: boolean, hintNotes: Map<number, number> | null}} */
    this.ui = { digit: 0, highlight: true, showWrong: false, paused: false, hintNotes: null };
    if (interactive) {
      element.addEventListener("keydown", (event) => this.onKey(event));
      // Paste is heard on the document while a cell has focus: Firefox sends Ctrl+V's paste event to
      // <body>, not to the focused cell, when the target is not editable.
      element.ownerDocument.addEventListener("paste", (event) => {
        if (element.contains(element.ownerDocument.activeElement)) this.onPaste(event);
      });
      element.addEventListener("focusin", (event) => {
        const cell = /** @type {Element} */ (event.target).closest("[data-cell]");
        if (cell instanceof HTMLElement) this.moveFocus(Number(cell.dataset.cell), false);
      });
      element.addEventListener("click", (event) => {
        const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-cell]"));
        if (!cell) return;
        cell.focus();
        this.emit("select", { cell: Number(cell.dataset.cell) });
      });
    }
  }

  // Rebuild the cells when the shape changes (side, boxes, variant, regions); otherwise only update them.
  /** @param {number} n @param {Box} box @param {VariantShape} [shape] */
  build(n, box, shape = {}) {
    this.n = n;
    this.box = box;
    this.shapeKey = shapeKeyOf(shape);
    this.houses = cellHousesOf({ n, box, ...shape });
    this.variant = shape.variant || "classic";
    this.cages = shapeOf({ n, box, ...shape }).cages;
    this.cageOf = cageOf({ n, box, ...shape });
    this.el.replaceChildren();
    this.el.dataset.size = String(n);
    this.el.dataset.variant = this.variant;
    this.el.style.setProperty("--n", String(n));
    this.el.style.setProperty("--note-cols", String(Math.ceil(Math.sqrt(n))));
    this.cells = gridCells(this.el, n, box, shape);
    if (this.cages) drawCages(this.el, n, this.cages);
    this.labels = [];
    if (this.interactive) for (const cell of this.cells) cell.tabIndex = -1;
    this.focused = Math.min(this.focused, n * n - 1);
    if (this.interactive) this.cells[this.focused].tabIndex = 0;
  }

  /** @param {Game} game */
  render(game) {
    const shape = { variant: game.variant, regions: game.regions, cages: game.cages };
    if (game.n !== this.n || !this.box || game.box[0] !== this.box[0] || game.box[1] !== this.box[1]
      || shapeKeyOf(shape) !== this.shapeKey) {
      this.build(game.n, game.box, shape);
    }
    const answer = this.which === "second" ? game.second : game.solution;
    const conflicts = game.conflictCells();
    const first = this.which === "first";
    const rules = first && game.mode === "play" ? game.ruleConflicts() : new Set();
    const wrong = first && this.ui.showWrong ? game.wrongCells : new Set();
    const ui = this.ui;
    const sel = this.interactive ? this.cells[this.focused] : null;
    const digit = first ? ui.digit : 0;
    const highlight = first && this.interactive && ui.highlight && game.mode === "play";
    const peers = highlight && sel ? new Set(game.peers[this.focused]) : null; // the variant's houses too
    this.el.classList.toggle("paused", first && ui.paused);
    for (let i = 0; i < this.cells.length; i++) {
      const cell = this.cells[i];
      const { digit: d, kind } = game.shown(i, answer);
      const notes = first && !d && game.notes ? game.notes[i] : 0;
      const shown = first && !d && ui.hintNotes ? ui.hintNotes.get(i) || 0 : 0;
      const corners = first && !d && game.corners ? game.corners[i] : 0;
      this.drawContent(cell, game, d, notes, digit, shown, corners);
      cell.classList.toggle("given", kind === "given");
      cell.classList.toggle("entry", kind === "entry");
      cell.classList.toggle("solved", kind === "solved");
      const conflict = conflicts.has(i) || (rules.has(i) && kind !== "solved");
      cell.classList.toggle("conflict", conflict);
      cell.classList.toggle("wrong", wrong.has(i));
      cell.classList.toggle("diff", game.differences.has(i));
      cell.classList.toggle("marked", game.marked.has(i));
      const peer = peers && peers.has(i);
      cell.classList.toggle("peer", !!peer);
      cell.classList.toggle("same", highlight && digit > 0 && d === digit);
      const colour = first && game.colours ? game.colours[i] : 0;
      if (colour) cell.dataset.colour = String(colour);
      else delete cell.dataset.colour;
      if (conflict || game.marked.has(i) || wrong.has(i)) cell.setAttribute("aria-invalid", "true");
      else cell.removeAttribute("aria-invalid");
      if (kind === "given") cell.setAttribute("aria-readonly", "true");
      else cell.removeAttribute("aria-readonly");
      this.label(cell, game, { digit: d, kind, notes, shown, corners, colour, conflict: conflict || game.marked.has(i),
        wrong: wrong.has(i), diff: game.differences.has(i) });
    }
  }

  // A cell's content: its digit as text, or its notes (centre marks, in their places) and corner marks.
  /**
   * @param {HTMLElement} cell @param {Game} game @param {number} digit @param {number} notes
   * @param {number} highlighted @param {number} [shown] @param {number} [corners]
   */
  drawContent(cell, game, digit, notes, highlighted, shown = 0, corners = 0) {
    cell.classList.toggle("has-corners", !digit && !!corners);
    if (digit || !(notes | shown | corners)) {
      const text = game.symbol(digit);
      if (cell.firstElementChild || cell.textContent !== text) cell.textContent = text;
      return;
    }
    let box = /** @type {HTMLElement | null} */ (cell.firstElementChild);
    if (!box || !box.classList.contains("notes")) {
      box = document.createElement("span");
      box.className = "notes";
      box.setAttribute("aria-hidden", "true");
      for (let k = 1; k <= game.n; k++) box.append(document.createElement("span"));
      cell.replaceChildren(box);
    }
    for (let k = 1; k <= game.n; k++) {
      const span = /** @type {HTMLElement} */ (box.children[k - 1]);
      const on = (notes >> (k - 1)) & 1;
      const ghost = !on && (shown >> (k - 1)) & 1;
      const symbol = on || ghost ? game.symbol(k) : "";
      if (span.dataset.d !== symbol) span.dataset.d = symbol;
      span.classList.toggle("same", !!on && k === highlighted && this.ui.highlight);
      span.classList.toggle("shown", !!ghost);
    }
    // Corner marks: the digits in reading order, round the cell's corners, then its edges.
    let corner = /** @type {HTMLElement | null} */ (box.nextElementSibling);
    if (!corners) {
      if (corner) corner.remove();
      return;
    }
    if (!corner) {
      corner = document.createElement("span");
      corner.className = "corners";
      corner.setAttribute("aria-hidden", "true");
      cell.append(corner);
    }
    /** @type {string[]} */
    const digits = [];
    for (let k = 1; k <= game.n; k++) if ((corners >> (k - 1)) & 1) digits.push(game.symbol(k));
    const marks = corner;
    if (corner.childElementCount !== digits.length) {
      corner.replaceChildren(...digits.map(() => document.createElement("span")));
    }
    digits.forEach((d, k) => {
      const span = /** @type {HTMLElement} */ (marks.children[k]);
      if (span.dataset.d !== d) span.dataset.d = d;
    });
  }

  // What a screen reader hears for a cell: where it is, what it holds (the same digit as shown, or
  // "empty"), whether it is a given or from the solution, its notes, and what is wrong with it.
  /** @param {HTMLElement} cell @param {Game} game @param {CellState} state */
  label(cell, game, { digit, kind, notes, shown = 0, corners = 0, colour, conflict, wrong, diff }) {
    let text = t("cell.label", { row: Number(cell.dataset.row) + 1, col: Number(cell.dataset.col) + 1 });
    if (this.variant !== "classic") {
      // A variant cell says its region, diagonal or window (a classic grid's boxes go unsaid, as before).
      const houses = this.houses[Number(cell.dataset.cell)].filter(([kind]) => kind !== "box");
      for (const [kind, place] of houses) text += t("cell.house", { house: houseText(kind, place) });
      const q = this.cageOf[Number(cell.dataset.cell)];
      if (q >= 0 && this.cages) text += t("cell.cage", { k: q + 1, sum: this.cages[q].sum });
    }
    text += digit ? t("cell.digit", { digit: game.symbol(digit) }) : t("cell.empty");
    if (kind === "given") text += t("cell.given");
    if (kind === "solved") text += t("cell.solved");
    if (conflict) text += t("cell.conflict");
    if (wrong) text += t("cell.wrong");
    if (diff) text += t("cell.diff");
    if (HINT_CLASSES.some((k) => cell.classList.contains(k))) text += t("cell.hint");
    const digits = (/** @type {number} */ mask) => {
      const list = [];
      for (let k = 1; k <= game.n; k++) if ((mask >> (k - 1)) & 1) list.push(game.symbol(k));
      return list.join(" ");
    };
    if (notes) text += t("cell.notes", { notes: digits(notes) });
    if (corners) text += t("cell.corners", { notes: digits(corners) });
    if (shown) text += t("cell.shown", { notes: digits(shown) });
    if (colour) text += t("cell.colour", { colour: t(`colour.${colour}`) });
    if (cell.getAttribute("aria-label") !== text) cell.setAttribute("aria-label", text);
  }

  /** @param {number} index @param {boolean} [focus] */
  moveFocus(index, focus = true) {
    if (!this.cells.length) return;
    index = Math.max(0, Math.min(this.cells.length - 1, index));
    if (this.cells[this.focused]) this.cells[this.focused].tabIndex = -1;
    const moved = index !== this.focused;
    this.focused = index;
    this.cells[index].tabIndex = 0;
    if (focus) this.cells[index].focus();
    if (moved) this.emit("focus", { cell: index });
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (event.altKey || event.metaKey) return;
    const key = event.key;
    if (event.ctrlKey) {
      // Ctrl+V arrives as a paste event; undo and redo are ours; the rest belong to the browser.
      const lower = key.toLowerCase();
      if (lower === "z" || lower === "y") {
        event.preventDefault();
        this.emit("command", { name: lower === "y" || event.shiftKey ? "redo" : "undo" });
      }
      return;
    }
    const n = this.n;
    const i = this.focused;
    const r = Math.floor(i / n);
    const c = i % n;
    /** @type {Record<string, number>} */
    const moves = {
      ArrowUp: r > 0 ? i - n : i, ArrowDown: r < n - 1 ? i + n : i,
      ArrowLeft: c > 0 ? i - 1 : i, ArrowRight: c < n - 1 ? i + 1 : i,
      Home: r * n, End: r * n + n - 1,
    };
    if (key in moves) {
      event.preventDefault();
      this.moveFocus(moves[key]);
      return;
    }
    if (key === "Backspace" || key === "Delete") {
      event.preventDefault();
      this.emit("input", { cell: i, digit: 0 });
      return;
    }
    // Shift+digit: a note, whatever the keyboard layout makes of the shifted key.
    const code = /^(?:Digit|Numpad)([1-9])$/.exec(event.code || "");
    if (event.shiftKey && code) {
      event.preventDefault();
      this.emit("input", { cell: i, key: code[1], note: true });
      return;
    }
    if (key.length === 1) {
      event.preventDefault();
      this.emit("input", { cell: i, key });
    }
  }

  /** @param {ClipboardEvent} event */
  onPaste(event) {
    const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    event.preventDefault();
    if (text) this.emit("paste", { text });
  }
}

