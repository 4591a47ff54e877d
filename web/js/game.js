// @ts-check
// The game model: the one owner of puzzle state on the page. Rendering reads it; the engine is
// asked questions about it; nothing else keeps a copy. Cells are 0-based indices in row-major
// order, digits are 1..n, 0 is empty, exactly as in sudoku_core.
//
// State: the grid (`n`, `box`, `symbols`, and its `variant` with a Jigsaw's `regions` or a Killer's
// `cages`: see geometry.js), the `givens`, and what the engine last said about them
// (`solution`, `second`, `differences`, `conflicts`, `marked`). Every change fires "change" with
// `detail.reason`; any edit of the givens drops the engine's answers, which were about other givens,
// and bumps `revision`, so an answer that arrives after an edit can be recognised and dropped.

import { BOXES, DEFAULT_SYMBOLS, VARIANTS, bit, lineForm, peersOf, playedOn } from "./geometry.js";
import { cageCandidates } from "./cages.js";
import { Emitter } from "./dom.js";

/** @typedef {import("./geometry.js").Box} Box */
/** @typedef {import("./geometry.js").Cage} Cage */
/**
 * A grid value, as the engine's `parse` sends it and its operations take it: the box shape, a digit per
 * cell (0 empty), the alphabet, and a variant's regions or cages.
 * @typedef {{box: Box, cells: number[], symbols?: string, variant?: string, regions?: number[] | null,
 *   cages?: Cage[] | null}} GridValue
 */
/** Where a puzzle came from, for the games list and statistics. @typedef {{source: string, level: string | null, daily: string | null}} GameInfo */
/** The player's state a change writes: a digit, notes, corner marks or a colour. @typedef {"entry" | "notes" | "corner" | "colour"} Field */
/**
 * One cell's change in a move (`strike`: a candidate the player ruled out on purpose, see struck()).
 * @typedef {{cell: number, field: Field, before: number, after: number, strike?: boolean}} Change
 */
/**
 * A move: what the player did ("digit", "clear", "note", "clear-notes", "corner", "colour", "auto",
 * "hint", "restart") and the cells it touched.
 * @typedef {{type: string, changes: Change[]}} Move
 */
/**
 * Why the game fired "change": "init", "reset" (an empty grid), "load" (a new puzzle), "restore-givens"
 * then "restore" (a saved game read back), "edit" (a given typed), "mode", "move", "undo", "redo",
 * "hint" (a hint applied that changed nothing), "settings" (Auto notes turned on with nothing to
 * write), "pause", "finished", and the engine's answers, which are not the player's state: "conflicts",
 * "mark", "solution", "truth".
 * @typedef {"init" | "reset" | "load" | "restore-givens" | "restore" | "edit" | "mode" | "move" | "undo"
 *   | "redo" | "hint" | "settings" | "pause" | "finished" | "conflicts" | "mark" | "solution" | "truth"} ChangeReason
 */
/** The engine's rating of the puzzle, as the "rated" event carries it. @typedef {Partial<import("../ops.js").Rating>} RatedDetail */
/** A rule the engine found broken (its cells and its words). @typedef {import("../ops.js").Conflict} Conflict */
// A Killer's cage labels in the one-line form (docs/variants.md): a-z, A-Z, 0-9, in the order of the
// cages' first cells (the order the engine sends them in). More cages than labels: the header form.
const CAGE_LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

// A grid value ({box, cells, symbols}) from a line as this app writes it: the default symbols, '.'
// or '0' for a blank, a size in BOXES. Anything else (other alphabets, grids, bad characters) is
// null: the engine's parser reads it. A line of a variant is in its one-line form (docs/variants.md): "x:DIGITS", "windoku:DIGITS",
// "jigsaw:DIGITS:REGIONS" (a letter per cell, renumbered by first cell as the engine numbers regions),
// "killer:DIGITS:CAGEMAP:SUMS" (a label per cell, `.` for none, labels a, b, c... by first cell, then
// the sums in label order); a form this cannot read (a region map of the wrong shape, labels out of
// order, a sum that is not a number) gives null, for the engine to read. The engine reads every line
// the page shows this way again, and it alone judges a cage (connected, a sum its cells can make).
/** @param {string} text @returns {GridValue | null} */
export function gridFromLine(text) {
  const parts = text.split(":");
  const variant = parts.length > 1 ? parts[0].toLowerCase() : "classic";
  const line = parts.length > 1 ? parts[1] : text;
  const form = lineForm(variant);
  if (!form || parts.length !== form.fields) return null;
  const n = Math.round(Math.sqrt(line.length));
  if (!BOXES[n] || n * n !== line.length || !playedOn(variant, n)) return null;
  let cages = null;
  if (form.cages) {
    cages = cagesFromMap(parts[2], parts[3], n);
    if (!cages) return null;
  }
  let regions = null;
  if (form.regions) {
    const map = parts[2];
    /** @type {Map<string, number>} */
    const order = new Map();
    if (map.length !== n * n) return null;
    regions = [...map].map((ch) => /** @type {number} */ (order.has(ch) ? order.get(ch) : order.set(ch, order.size).get(ch)));
    const sizes = new Array(order.size).fill(0);
    for (const r of regions) sizes[r] += 1;
    if (order.size !== n || sizes.some((k) => k !== n)) return null;
  }
  const symbols = DEFAULT_SYMBOLS.slice(0, n);
  /** @type {number[]} */
  const cells = [];
  for (const ch of line.toUpperCase()) {
    const digit = ch === "." || ch === "0" ? 0 : symbols.indexOf(ch) + 1 || -1;
    if (digit < 0) return null;
    cells.push(digit);
  }
  if (variant === "classic") return { box: BOXES[n], cells, symbols };
  return cages ? { box: BOXES[n], cells, symbols, variant, cages } : { box: BOXES[n], cells, symbols, variant, regions };
}

// A Killer's one-line form, "killer:DIGITS:CAGEMAP:SUMS", of a line of digits and its cages ([{sum, cells}],
// in the order of their first cells); null past the 62 labels the form has (the header form has no limit).
/** @param {string} digits @param {Cage[]} cages @returns {string | null} */
export function killerLine(digits, cages) {
  if (cages.length > CAGE_LABELS.length) return null;
  const labels = new Array(digits.length).fill(".");
  cages.forEach((q, i) => { for (const c of q.cells) labels[c] = CAGE_LABELS[i]; });
  return `killer:${digits}:${labels.join("")}:${cages.map((q) => q.sum).join(",")}`;
}

// A Killer's cages ([{sum, cells}], in the order of their first cells) from the one-line form's cage map
// and sums, or null if the map is not `n*n` labels given in order (a, b, c... by first cell) or the
// sums are not one whole number per label.
/** @param {string} map @param {string} sums @param {number} n @returns {Cage[] | null} */
function cagesFromMap(map, sums, n) {
  if (map.length !== n * n) return null;
  /** @type {Cage[]} */
  const cages = [];
  /** @type {Map<string, number>} */
  const index = new Map();
  for (let cell = 0; cell < map.length; cell++) {
    const label = map[cell];
    if (label === ".") continue;
    if (!index.has(label)) {
      if (label !== CAGE_LABELS[cages.length]) return null;
      index.set(label, cages.length);
      cages.push({ sum: 0, cells: [] });
    }
    cages[/** @type {number} */ (index.get(label))].cells.push(cell);
  }
  const totals = sums.split(",");
  if (!cages.length || totals.length !== cages.length || totals.some((x) => !/^[0-9]{1,4}$/.test(x))) return null;
  cages.forEach((q, i) => { q.sum = Number(totals[i]); });
  return cages;
}

// --- play -------------------------------------------------------------------------------------
//
// Player state lives beside the givens: `entries` (digits the player placed, 0 = none), `notes`
// (a bit mask of pencil marks per cell: bit d-1 for digit d; the centre marks of Snyder notation, which
// the hints read as the player's candidates), `corners` (corner marks, the same masks: where a digit
// can go in a house, which no hint reads), `colours` (0 = none, 1..4). Every
// change the player makes is a move, a small record of the cells it touched:
//   {type, changes: [{cell, field, before, after}]}    field: "entry" | "notes" | "corner" | "colour"
// `apply` writes the `after`s, `undo` writes the `before`s back: one code path for every kind of
// move (a digit, a note, auto-candidates, a hint step, restart), so all of them undo and redo alike.

// The Game's array of each field.
export const FIELDS = /** @type {const} */ ({ entry: "entries", notes: "notes", corner: "corners", colour: "colours" });
export const COLOURS = 4;


/**
 * The game's events: "change" (why), and "rated", which the rating badge fires on it (badge.js) when the
 * engine has rated the puzzle.
 * @typedef {{change: {reason: ChangeReason}, rated: RatedDetail}} GameEvents
 */

/** @extends {Emitter<GameEvents>} */
export class Game extends Emitter {
  // Every field is set by reset() (load, startPlay, clearAnswers), which the constructor calls.
  /** @type {GameInfo} */ info;
  /** @type {Box} */ box;
  /** @type {number} the side */ n;
  /** @type {string} */ variant;
  /** @type {number[] | null} a Jigsaw's region of each cell */ regions;
  /** @type {Cage[] | null} a Killer's cages */ cages;
  /** @type {string} */ symbols;
  /** @type {number[]} */ givens;
  /** @type {number} */ revision;
  /** @type {Conflict[]} */ conflicts;
  /** @type {Set<number>} */ marked;
  /** @type {number[]} */ entries;
  /** @type {number[]} */ notes;
  /** @type {number[]} */ corners;
  /** @type {number[]} */ colours;
  /** @type {Move[]} */ done;
  /** @type {Move[]} */ undone;
  /** @type {number} */ hintsUsed;
  /** @type {number} */ mistakes;
  /** @type {boolean} */ assisted;
  /** @type {number[] | null} */ givensAtEdit;
  /** @type {number[] | null} the unique solution (from the engine) */ truth;
  /** @type {Set<number>} */ wrongCells;
  /** @type {boolean} */ autoNotes;
  /** @type {boolean} */ finished;
  /** @type {number} */ elapsed;
  /** @type {number | null} */ runningSince;
  /** @type {boolean} */ paused;
  /** @type {"play" | "edit"} */ mode;
  /** @type {number[] | null} */ solution;
  /** @type {number[] | null} */ second;
  /** @type {Set<number>} */ differences;
  /** @type {boolean | undefined} whether mistakes count (the page's checking setting) */ checking;

  constructor(n = 9) {
    super();
    this.reset(n, "init");
  }

  /** @param {number} n @param {ChangeReason} [reason] */
  reset(n, reason = "reset") {
    const box = BOXES[n];
    if (!box) throw new Error(`no ${n}x${n} grid`);
    this.load({ box, cells: new Array(n * n).fill(0), symbols: DEFAULT_SYMBOLS.slice(0, n) }, reason,
      { source: "empty" });
  }

  // Take a grid value from the engine (`parse` result) or built by the page. `info` says where the
  // puzzle came from, for the games list and statistics: {source: "new" | "daily" | "link" | "paste" |
  // "typed" | "starter" | "empty", level, daily (the date)}.
  // A variant grid value also has `variant` and, for a Jigsaw, `regions`, for a Killer, `cages` (as the
  // engine sends them).
  /** @param {GridValue} grid @param {ChangeReason} [reason] @param {Partial<GameInfo>} [info] */
  load({ box, cells, symbols, variant = "classic", regions = null, cages = null }, reason = "load", info = {}) {
    this.info = { source: info.source || "paste", level: info.level || null, daily: info.daily || null };
    this.box = [box[0], box[1]];
    this.n = box[0] * box[1];
    this.variant = variant || "classic";
    this.regions = this.variant === "jigsaw" && regions ? Array.from(regions) : null;
    this.cages = this.variant === "killer" && cages ? cages.map((q) => ({ sum: q.sum, cells: Array.from(q.cells) })) : null;
    this.symbols = symbols || DEFAULT_SYMBOLS.slice(0, this.n);
    this.givens = Array.from(cells);
    this.revision = (this.revision || 0) + 1;
    this.clearAnswers();
    this.conflicts = [];
    this.marked = new Set();
    this.startPlay();
    this.changed(reason);
  }

  // A new game on a puzzle (a grid value as `load` takes, or a line of digits for 9x9):
  // for the New Game dialog. Givens are locked and the player's state starts empty.
  /** @param {GridValue | string} puzzle @param {Partial<GameInfo>} [info] */
  loadNew(puzzle, info = { source: "new" }) {
    if (typeof puzzle === "string") {
      const grid = gridFromLine(puzzle.replace(/\s/g, ""));
      if (!grid) throw new Error("not a line of the default symbols");
      puzzle = grid;
    }
    this.load(puzzle, "load", info);
  }

  // Empty player state for the current givens; play mode when there are givens, else edit mode
  // (the player is entering a puzzle of their own).
  startPlay() {
    const size = this.n * this.n;
    this.entries = new Array(size).fill(0);
    this.notes = new Array(size).fill(0);
    this.corners = new Array(size).fill(0);
    this.colours = new Array(size).fill(0);
    this.done = [];
    this.undone = [];
    this.hintsUsed = 0;
    this.mistakes = 0;
    this.assisted = false; // the solution, or a cell of it, was revealed
    this.givensAtEdit = null; // the givens when editing began (see setMode)
    this.truth = null;
    this.wrongCells = new Set();
    this.autoNotes = false;
    this.finished = false;
    this.elapsed = 0;
    this.runningSince = null;
    this.paused = false;
    this.mode = this.hasPuzzle ? "play" : "edit";
  }

  clearAnswers() {
    this.solution = null;
    this.second = null;
    this.differences = new Set();
  }

  /** @param {ChangeReason} reason */
  changed(reason) {
    this.emit("change", { reason });
  }

  get ncells() {
    return this.n * this.n;
  }

  // Whether there is a puzzle to play: givens, or a Killer's cages (a Killer may have no givens at all).
  get hasPuzzle() {
    return this.givenCount > 0 || !!this.cages;
  }

  get givenCount() {
    return this.givens.reduce((k, v) => k + (v ? 1 : 0), 0);
  }

  // Edit a given (edit mode: the player is entering a puzzle).
  /** @param {number} cell @param {number} digit */
  setCell(cell, digit) {
    if (cell < 0 || cell >= this.ncells || digit < 0 || digit > this.n) return;
    if (this.entries[cell] || this.notes[cell] || this.corners[cell]) {
      this.entries[cell] = 0;
      this.notes[cell] = 0;
      this.corners[cell] = 0;
    }
    if (this.givens[cell] === digit && !this.solution) return;
    this.givens[cell] = digit;
    this.revision += 1;
    this.clearAnswers();
    this.marked = new Set();
    this.changed("edit");
  }

  // What the engine found: conflicts (a list of {cells, message}) for the current givens.
  /** @param {Conflict[]} conflicts */
  setConflicts(conflicts) {
    this.conflicts = conflicts;
    this.changed("conflicts");
  }

  // Cells to point at for a reason other than a conflict (e.g. a parse error naming cells).
  /** @param {Iterable<number>} cells */
  mark(cells) {
    this.marked = new Set(cells);
    this.changed("mark");
  }

  /** @param {number[][]} cellsList @param {number[]} [differences] */
  setSolutions(cellsList, differences = []) {
    this.solution = cellsList[0] ? Array.from(cellsList[0]) : null;
    this.second = cellsList[1] ? Array.from(cellsList[1]) : null;
    this.differences = new Set(differences);
    this.changed("solution");
  }

  clearSolution() {
    this.clearAnswers();
    this.changed("solution");
  }

  // What a cell shows and why: {digit, kind: "given" | "solved" | "empty"}.
  /** @param {number} cell @param {number[] | null} [which] @returns {{digit: number, kind: "given" | "entry" | "solved" | "empty"}} */
  shown(cell, which = this.solution) {
    const given = this.givens[cell];
    if (given) return { digit: given, kind: "given" };
    if (this.entries && this.entries[cell]) return { digit: this.entries[cell], kind: "entry" };
    if (which && which[cell]) return { digit: which[cell], kind: "solved" };
    return { digit: 0, kind: "empty" };
  }

  conflictCells() {
    return new Set(this.conflicts.flatMap((c) => c.cells));
  }

  /** @param {number} digit */
  symbol(digit) {
    return digit ? this.symbols[digit - 1] : "";
  }

  // The digit a typed key stands for: 0 for a clearing key, -1 for a key that is not a digit here.
  /** @param {string} key */
  digitForKey(key) {
    if (key.length !== 1) return -1;
    const i = this.symbols.indexOf(key);
    if (i >= 0) return i + 1;
    const j = this.symbols.toUpperCase().indexOf(key.toUpperCase());
    if (j >= 0) return j + 1;
    if (key === "0" || key === "." || key === " ") return 0;
    return -1;
  }

  // The givens as one line in this puzzle's alphabet ('.' for empty).
  toLine() {
    return this.givens.map((d) => (d ? this.symbols[d - 1] : ".")).join("");
  }

  // The share-link form: the givens in the default symbols, which the engine reads back without
  // being told an alphabet (a puzzle typed in, say, A-P comes back as 1-9A-G: same digits). A variant
  // is written in its one-line form (docs/variants.md): "x:<digits>", "jigsaw:<digits>:<regions A..>",
  // "killer:<digits>:<cage labels a..>:<sums>".
  shareLine() {
    return this.variantLine(this.givens.map((d) => (d ? DEFAULT_SYMBOLS[d - 1] : ".")).join(""));
  }

  // A line of digits in the one-line form of the game's variant (docs/variants.md); as it is, classic.
  /** @param {string} digits @returns {string} */
  variantLine(digits) {
    if (this.variant === "classic") return digits;
    if (this.cages) return killerLine(digits, this.cages) || this.headerForm([digits]);
    return `${this.variant}:${digits}${this.regions ? `:${this.regionLetters().join("")}` : ""}`;
  }

  // The header form of docs/variants.md for rows of digits: the variant, the rows, then a Jigsaw's
  // regions or a Killer's cages ("SUM: r1c1 r1c2 ..."), which the import box (and a link) reads back.
  /** @param {string[]} rows @returns {string} */
  headerForm(rows) {
    if (this.variant === "classic") return rows.join("\n");
    const name = (/** @type {number} */ c) => `r${Math.floor(c / this.n) + 1}c${(c % this.n) + 1}`;
    const tail = this.regions ? ["regions:", ...this.rowsOf(this.regionLetters())]
      : this.cages ? ["cages:", ...this.cages.map((q) => `${q.sum}: ${q.cells.map(name).join(" ")}`)] : [];
    return [`variant: ${this.variant}`, ...rows, ...tail].join("\n");
  }

  // One string per row of a list of one symbol per cell.
  /** @param {string[]} symbols */
  rowsOf(symbols) {
    return Array.from({ length: this.n }, (_, r) => symbols.slice(r * this.n, (r + 1) * this.n).join(""));
  }

  // A Jigsaw's regions as the letters of the text forms, one per cell (region 0 is "A").
  regionLetters() {
    return (this.regions || []).map((r) => String.fromCharCode(65 + r));
  }

  // What the engine needs besides the cells: the variant (and regions or cages) of a variant grid.
  shape() {
    if (this.variant === "classic") return {};
    return this.cages ? { variant: this.variant, cages: this.cages } : { variant: this.variant, regions: this.regions };
  }

  // The grid value the engine's operations take.
  payload() {
    return { box: this.box, cells: this.givens, symbols: this.symbols, ...this.shape() };
  }

  // Givens and the player's digits together: what the grid shows without the engine's answers.
  filled() {
    return this.givens.map((g, i) => g || this.entries[i]);
  }

  // The same with the player's digits: for conflict messages while playing.
  playPayload() {
    return { box: this.box, cells: this.filled(), symbols: this.symbols, ...this.shape() };
  }

  // --- moves ----------------------------------------------------------------------------------

  get peers() {
    return peersOf(this.n, this.box, this.variant, this.regions, this.cages);
  }

  // Write one side of a move's changes into the state: the afters in order, the befores in reverse,
  // so a move may change one cell twice (a hint fills a cell's candidates, then strikes one of them).
  /** @param {Move} move @param {"before" | "after"} side */
  write(move, side) {
    const changes = side === "before" ? [...move.changes].reverse() : move.changes;
    for (const change of changes) this[FIELDS[change.field]][change.cell] = change[side];
  }

  // Apply a new move: it joins the history and clears the redo list.
  /** @param {Move} move */
  apply(move) {
    move.changes = move.changes.filter((c) => c.before !== c.after);
    if (!move.changes.length) return false;
    this.write(move, "after");
    this.done.push(move);
    this.undone = [];
    this.afterMove(move, "move");
    return true;
  }

  undo() {
    const move = this.done.pop();
    if (!move) return false;
    this.write(move, "before");
    this.undone.push(move);
    this.afterMove(move, "undo");
    return true;
  }

  redo() {
    const move = this.undone.pop();
    if (!move) return false;
    this.write(move, "after");
    this.done.push(move);
    this.afterMove(move, "redo");
    return true;
  }

  /** @param {Move} move @param {"move" | "undo" | "redo"} reason */
  afterMove(move, reason) {
    if (reason === "undo") this.finished = false; // taking back the last digit reopens the game
    this.clearAnswers();
    this.updateWrong(reason === "move" ? move : null);
    this.changed(reason);
    this.checkFinished();
  }

  /** @param {number} cell @param {Field} field @param {number} after @returns {Change} */
  change(cell, field, after) {
    return { cell, field, before: this[FIELDS[field]][cell], after };
  }

  // Place a digit (0 clears): the digit leaves its peers' notes and corner marks in the same move, and with
  // auto-candidates on, a cleared cell gets its candidates back.
  /** @param {number} cell @param {number} digit */
  place(cell, digit) {
    if (this.mode !== "play" || this.givens[cell] || this.finished) return false;
    if (digit === this.entries[cell]) digit = 0; // placing the same digit again takes it out
    const changes = [this.change(cell, "entry", digit)];
    const filled = this.filled();
    filled[cell] = digit;
    // With Auto notes on a Killer, a digit placed or taken out changes what the cages' combinations allow.
    const auto = this.autoNotes && this.cages ? this.autoCandidates(filled) : null;
    if (digit) {
      const b = bit(digit);
      for (const p of this.peers[cell]) {
        if (this.notes[p] & b) changes.push(this.change(p, "notes", this.notes[p] & ~b));
      }
      if (auto) {
        const after = new Map(changes.slice(1).map((ch) => [ch.cell, ch]));
        for (let c = 0; c < this.ncells; c++) {
          const ch = after.get(c);
          const mask = ch ? ch.after : this.notes[c];
          if (filled[c] || !mask || (mask & auto[c]) === mask) continue;
          if (ch) ch.after = mask & auto[c];
          else changes.push(this.change(c, "notes", mask & auto[c]));
        }
      }
      for (const p of this.peers[cell]) {
        if (this.corners[p] & b) changes.push(this.change(p, "corner", this.corners[p] & ~b));
      }
    } else if (this.autoNotes) {
      changes.push(this.change(cell, "notes", (auto || this.autoCandidates(filled))[cell]));
    }
    return this.apply({ type: digit ? "digit" : "clear", changes });
  }

  // Clear a cell: its digit if it has one, else its notes and corner marks.
  /** @param {number} cell */
  erase(cell) {
    if (this.mode !== "play" || this.givens[cell]) return false;
    if (this.entries[cell]) return this.place(cell, 0);
    return this.apply({ type: "clear-notes", changes: [this.change(cell, "notes", 0), this.change(cell, "corner", 0)] });
  }

  // A corner mark (Snyder notation: the digit can go here, and in few other cells of a house).
  /** @param {number} cell @param {number} digit */
  toggleCorner(cell, digit) {
    if (this.mode !== "play" || this.givens[cell] || this.entries[cell] || !digit || this.finished) return false;
    return this.apply({ type: "corner", changes: [this.change(cell, "corner", this.corners[cell] ^ bit(digit))] });
  }

  /** @param {number} cell @param {number} digit */
  toggleNote(cell, digit) {
    if (this.mode !== "play" || this.givens[cell] || this.entries[cell] || !digit || this.finished) return false;
    return this.apply({ type: "note", changes: [this.change(cell, "notes", this.notes[cell] ^ bit(digit))] });
  }

  /** @param {number} cell @param {number} colour */
  setColour(cell, colour) {
    if (this.mode !== "play") return false;
    if (colour === this.colours[cell]) colour = 0;
    return this.apply({ type: "colour", changes: [this.change(cell, "colour", colour)] });
  }

  // The digits a cell can still take given the digits in its peers (the rules alone: what the engine
  // reasons from in a cell without notes).
  /** @param {number} cell @param {number[]} [filled] */
  candidates(cell, filled = this.filled()) {
    let mask = (1 << this.n) - 1;
    for (const p of this.peers[cell]) if (filled[p]) mask &= ~bit(filled[p]);
    return mask;
  }

  // The player's candidates, one mask per cell (0 for a filled cell): the one definition that the hints,
  // Apply and the engine's pencil agree on. A cell whose notes are a full candidate list (see
  // notesComplete) has those notes, less any digit a peer now holds; any other empty cell has the
  // rules' candidates (partial notes are the player's shorthand, not a list).
  candidateState() {
    const filled = this.filled();
    const removed = this.removedNotes();
    return filled.map((d, c) => {
      if (d) return 0;
      const rules = this.candidates(c, filled);
      return this.notesComplete(c, removed) ? this.notes[c] & rules : rules;
    });
  }

  // Per cell, the candidates the player ruled out on purpose and did not put back: a note struck by
  // hand, an elimination applied from a hint. Auto notes leave these out. (A note that leaves because
  // a peer got its digit is not struck: it comes back when that digit goes, and Restart forgets all.)
  struck() {
    const struck = new Array(this.ncells).fill(0);
    for (const move of this.done) {
      if (move.type === "restart") {
        struck.fill(0);
        continue;
      }
      for (const c of move.changes) {
        if (c.field !== "notes") continue;
        struck[c.cell] &= ~(c.after & ~c.before);
        if (move.type === "note" || c.strike) struck[c.cell] |= c.before & ~c.after;
      }
    }
    return struck;
  }

  // The digits Auto notes writes in an empty cell: the rules' candidates, on a Killer only those its
  // cage's combinations allow (cages.js), less what the player struck.
  autoCandidates(filled = this.filled(), struck = this.struck()) {
    const masks = filled.map((d, c) => (d ? 0 : this.candidates(c, filled)));
    if (this.cages) cageCandidates(this.cages, filled, masks, this.n);
    return masks.map((m, c) => m & ~struck[c]);
  }

  // Per cell, the note digits the history took out and did not put back (the player striking a
  // candidate, a hint's elimination, a digit placed in a peer): what tells a candidate list with
  // eliminations from notes the player simply chose not to write.
  removedNotes() {
    const removed = new Array(this.ncells).fill(0);
    for (const move of this.done) {
      for (const c of move.changes) {
        if (c.field !== "notes") continue;
        removed[c.cell] = (removed[c.cell] | (c.before & ~c.after)) & ~(c.after & ~c.before);
      }
    }
    return removed;
  }

  // Whether a cell's notes are a full candidate list (every candidate its peers allow, but for those
  // the history took out): Auto notes, or notes written out in full by hand. Partial notes (only some
  // candidates, as many players write them) are not, and are never read as struck-out candidates.
  /** @param {number} cell @param {number[]} [removed] */
  notesComplete(cell, removed = this.removedNotes()) {
    const mask = this.notes[cell];
    if (!mask) return false;
    if (this.autoNotes) return true;
    const needed = this.candidates(cell) & ~removed[cell];
    return (mask & needed) === needed;
  }

  // One move that fills every empty cell's notes with its candidates, and keeps them up to date
  // from then on (placing removes from peers; clearing restores the cell's candidates). The notes
  // stay editable: they are ordinary notes.
  fillCandidates() {
    if (this.mode !== "play") return false;
    this.autoNotes = true;
    const filled = this.filled();
    const masks = this.autoCandidates(filled);
    /** @type {Change[]} */
    const changes = [];
    for (let i = 0; i < this.ncells; i++) {
      if (!filled[i]) changes.push(this.change(i, "notes", masks[i]));
    }
    if (!this.apply({ type: "auto", changes })) this.changed("settings");
    return true;
  }

  // A hint step as one undoable move: placements [{cell, digit}] and eliminations [{cell, digit}]
  // (candidates struck from the notes). Counts towards the finish screen's hints. An elimination in a cell
  // without a full candidate list first writes the cell's candidates (candidateState), then strikes the
  // digit: the board shows what changed, the engine reads it back as the player's candidates, Auto notes
  // keeps it out, and one Undo takes both back.
  /** @param {{placements?: {cell: number, digit: number}[], eliminations?: {cell: number, digit: number}[]}} [step] */
  applyHint({ placements = [], eliminations = [] } = {}) {
    if (this.mode !== "play") return false;
    /** @type {Map<number, number>} */
    const entries = new Map();
    /** @type {Map<number, number>} */
    const notes = new Map();
    /** @type {Change[]} */
    const strikes = [];
    const state = eliminations.length ? this.candidateState() : [];
    const filled = this.filled();
    for (const { cell, digit } of eliminations) {
      if (filled[cell]) continue;
      if (!notes.has(cell) && this.notes[cell] !== state[cell]) {
        strikes.push(this.change(cell, "notes", state[cell] | bit(digit)));
      }
      const mask = /** @type {number} */ (notes.has(cell) ? notes.get(cell) : state[cell] | bit(digit));
      notes.set(cell, mask & ~bit(digit));
    }
    for (const { cell, digit } of placements) {
      if (this.givens[cell]) continue;
      entries.set(cell, digit);
      for (const p of this.peers[cell]) {
        const mask = /** @type {number} */ (notes.has(p) ? notes.get(p) : this.notes[p]);
        if (mask & bit(digit)) notes.set(p, mask & ~bit(digit));
      }
    }
    // A filled cell's before is its notes as they are; a struck cell's strike follows its fill.
    const filledIn = new Map(strikes.map((ch) => [ch.cell, ch.after]));
    const struckCells = new Set(eliminations.map(({ cell }) => cell));
    /** @type {Change[]} */
    const changes = [...[...entries].map(([c, d]) => this.change(c, "entry", d)), ...strikes,
      ...[...notes].map(([c, m]) => ({ cell: c, field: /** @type {Field} */ ("notes"), before: /** @type {number} */ (filledIn.has(c) ? filledIn.get(c) : this.notes[c]),
        after: m, ...(struckCells.has(c) ? { strike: true } : {}) }))];
    this.hintsUsed += 1;
    if (!this.apply({ type: "hint", changes })) this.changed("hint");
    return true;
  }

  // Restart: one move back to the givens alone (so even a restart can be undone).
  restart() {
    /** @type {Change[]} */
    const changes = [];
    for (let i = 0; i < this.ncells; i++) {
      if (this.entries[i]) changes.push(this.change(i, "entry", 0));
      if (this.notes[i]) changes.push(this.change(i, "notes", 0));
      if (this.corners[i]) changes.push(this.change(i, "corner", 0));
      if (this.colours[i]) changes.push(this.change(i, "colour", 0));
    }
    this.autoNotes = false;
    this.finished = false;
    return this.apply({ type: "restart", changes });
  }

  // --- checking -----------------------------------------------------------------------------

  // Cells that break a rule (a digit twice in a unit, or in a Killer's cage; a full cage whose digits
  // miss its sum), computed here at once for every digit.
  ruleConflicts() {
    const filled = this.filled();
    const bad = new Set();
    for (let i = 0; i < this.ncells; i++) {
      if (!filled[i]) continue;
      for (const p of this.peers[i]) if (filled[p] === filled[i]) bad.add(i);
    }
    for (const { sum, cells } of this.cages || []) {
      if (cells.every((c) => filled[c]) && cells.reduce((k, c) => k + filled[c], 0) !== sum) {
        for (const c of cells) bad.add(c);
      }
    }
    return bad;
  }

  // The unique solution, from the engine (null when there is none or more than one).
  /** @param {number[] | null} cells */
  setTruth(cells) {
    this.truth = cells ? Array.from(cells) : null;
    this.updateWrong(null);
    this.changed("truth");
  }

  // Entries that differ from the unique solution; a new wrong placement counts as a mistake.
  /** @param {Move | null} move */
  updateWrong(move) {
    const wrong = new Set();
    if (this.truth) {
      for (let i = 0; i < this.ncells; i++) {
        if (this.entries[i] && this.entries[i] !== this.truth[i]) wrong.add(i);
      }
      // A mistake counts only when the player is shown it (checking on): the finish screen reports
      // what the player saw, not what the page knew.
      if (this.checking && move && move.type === "digit"
        && move.changes.some((c) => c.field === "entry" && wrong.has(c.cell))) {
        this.mistakes += 1;
      }
    }
    this.wrongCells = wrong;
  }

  // Undo back to the last position where every placed digit agrees with the solution (or, without
  // a known solution, where no rule is broken). Returns how many moves were undone.
  rewind() {
    let count = 0;
    const bad = () => (this.truth ? this.wrongCells.size > 0 : this.ruleConflicts().size > 0);
    while (bad() && this.done.length) {
      this.undo();
      count += 1;
    }
    return count;
  }

  // Per digit, how many more the grid needs (0 = all placed).
  remaining() {
    const counts = new Array(this.n + 1).fill(this.n);
    for (const d of this.filled()) if (d) counts[d] -= 1;
    return counts;
  }

  checkFinished() {
    if (this.finished || this.mode !== "play") return;
    const filled = this.filled();
    if (filled.some((d) => !d) || this.ruleConflicts().size) return;
    if (this.truth && this.wrongCells.size) return;
    this.stopClock();
    this.finished = true;
    this.changed("finished");
  }

  // --- modes --------------------------------------------------------------------------------

  // Edit mode: digits typed are givens (entering one's own puzzle). Play mode: givens are locked.
  // Going back to play keeps the player's digits, notes and colours: only a cell that has become a
  // given loses them. The undo history stays when no given changed (else its moves may be about
  // cells that are givens now, and it starts again).
  /** @param {"play" | "edit"} mode */
  setMode(mode) {
    if (mode === this.mode) return;
    if (mode === "play" && !this.hasPuzzle) return;
    if (mode === "play") {
      const same = this.givensAtEdit && this.givensAtEdit.every((d, i) => d === this.givens[i]);
      if (!same) {
        for (let i = 0; i < this.ncells; i++) {
          if (this.givens[i]) {
            this.entries[i] = 0;
            this.notes[i] = 0;
            this.corners[i] = 0;
          }
        }
        this.done = [];
        this.undone = [];
        this.truth = null;
        this.wrongCells = new Set();
        this.finished = false;
      }
      this.givensAtEdit = null;
      this.mode = "play";
    } else {
      this.stopClock();
      this.givensAtEdit = [...this.givens];
      this.mode = mode;
    }
    this.changed("mode");
  }

  // --- the clock ----------------------------------------------------------------------------

  timeMs(now = Date.now()) {
    return this.elapsed + (this.runningSince === null ? 0 : now - this.runningSince);
  }

  startClock() {
    if (this.runningSince !== null || this.finished || this.paused || this.mode !== "play") return;
    this.runningSince = Date.now();
  }

  stopClock() {
    if (this.runningSince === null) return;
    this.elapsed = this.timeMs();
    this.runningSince = null;
  }

  /** @param {boolean} paused */
  setPaused(paused) {
    this.paused = paused;
    if (paused) this.stopClock();
    else this.startClock();
    this.changed("pause");
  }

  // --- saving -------------------------------------------------------------------------------

  toJSON() {
    return {
      version: 2, box: this.box, symbols: this.symbols, givens: this.givens, mode: this.mode, ...this.shape(),
      entries: this.entries, notes: this.notes, corners: this.corners, colours: this.colours,
      done: this.done, undone: this.undone, hintsUsed: this.hintsUsed, mistakes: this.mistakes,
      autoNotes: this.autoNotes, finished: this.finished, elapsed: this.timeMs(), paused: this.paused,
      assisted: this.assisted, info: this.info, givensAtEdit: this.givensAtEdit,
    };
  }

  // Restore a saved game. Every value is checked first (shape, symbols, ranges, history, clock), and
  // anything malformed throws a SaveError naming the field, before the game is touched: the caller
  // sets the save aside and tells the player.
  /** @param {any} saved a save as read from storage: checked here before use */
  restore(saved) {
    checkSave(saved);
    const { box, symbols, givens, variant, regions, cages } = saved;
    const info = saved.info && typeof saved.info === "object" ? saved.info : {};
    this.load({ box, cells: givens, symbols, variant, regions, cages }, "restore-givens", {
      source: typeof info.source === "string" ? info.source : "saved",
      level: typeof info.level === "string" ? info.level : null,
      daily: typeof info.daily === "string" ? info.daily : null,
    });
    Object.assign(this, {
      mode: saved.mode === "edit" ? "edit" : "play",
      entries: saved.entries, notes: saved.notes, colours: saved.colours, done: saved.done, undone: saved.undone,
      // Saves from before corner marks have none.
      corners: Array.isArray(saved.corners) ? saved.corners : new Array(givens.length).fill(0),
      hintsUsed: saved.hintsUsed | 0, mistakes: saved.mistakes | 0, autoNotes: !!saved.autoNotes,
      finished: !!saved.finished, elapsed: Number(saved.elapsed) || 0, paused: !!saved.paused,
      assisted: !!saved.assisted, givensAtEdit: Array.isArray(saved.givensAtEdit) ? saved.givensAtEdit : null,
    });
    this.changed("restore");
  }
}

// A saved game that fails the schema; `field` names what is wrong.
export class SaveError extends Error {
  /** @param {string} field @param {string} message */
  constructor(field, message) {
    super(`saved game: ${field} ${message}`);
    this.name = "SaveError";
    this.field = field;
  }
}

const YEAR_MS = 366 * 24 * 3600 * 1000;

// The schema of Game.toJSON(): throws SaveError at the first field that does not fit.
/** @param {any} saved */
export function checkSave(saved) {
  /** @type {(field: string, message: string) => never} */
  const fail = (field, message) => { throw new SaveError(field, message); };
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) fail("game", "is not an object");
  const { box, symbols, givens } = saved;
  if (!Array.isArray(box) || box.length !== 2 || !box.every(Number.isInteger)) fail("box", "is not two integers");
  const n = box[0] * box[1];
  if (!BOXES[n] || BOXES[n][0] !== box[0] || BOXES[n][1] !== box[1]) fail("box", `${box.join("x")} is not a shape this page plays`);
  if (typeof symbols !== "string" || [...symbols].length !== n || new Set(symbols).size !== n
    || /[\s.0]/.test(symbols)) fail("symbols", `are not ${n} distinct characters`);
  const cells = (/** @type {string} */ field, /** @type {number} */ max) => {
    const a = saved[field];
    if (!Array.isArray(a) || a.length !== n * n) fail(field, `do not hold ${n * n} cells`);
    const bad = a.findIndex((/** @type {any} */ v) => !Number.isInteger(v) || v < 0 || v > max);
    if (bad >= 0) fail(field, `cell ${bad} holds ${JSON.stringify(a[bad])}, not 0..${max}`);
  };
  const variant = saved.variant === undefined ? "classic" : saved.variant; // saves before variants: classic
  if (!VARIANTS.includes(variant)) fail("variant", `${JSON.stringify(variant)} is not a variant this page plays`);
  if (!playedOn(variant, n)) fail("variant", `${variant} is not played on ${n}x${n} grids`);
  if (variant === "jigsaw") {
    // The engine checks a map fully (connected regions); a save only needs n regions of n cells each.
    const regions = saved.regions;
    if (!Array.isArray(regions) || regions.length !== n * n
      || !regions.every((/** @type {any} */ r) => Number.isInteger(r) && r >= 0 && r < n)) fail("regions", `are not ${n * n} regions 0..${n - 1}`);
    const sizes = new Array(n).fill(0);
    for (const r of regions) sizes[r] += 1;
    if (sizes.some((k) => k !== n)) fail("regions", `do not make ${n} regions of ${n} cells`);
  }
  if (variant === "killer") {
    // The engine checks cages fully (connected, a sum their cells can make); a save needs cages of
    // different cells on the grid, each with a sum.
    const cages = saved.cages;
    if (!Array.isArray(cages) || !cages.length) fail("cages", "are not a list of cages");
    const seen = new Set();
    cages.forEach((/** @type {any} */ q, /** @type {number} */ i) => {
      if (!q || !Number.isInteger(q.sum) || q.sum < 1 || !Array.isArray(q.cells) || !q.cells.length
        || q.cells.length > n) fail("cages", `cage ${i + 1} is not {sum, cells} of at most ${n} cells`);
      for (const c of q.cells) {
        if (!Number.isInteger(c) || c < 0 || c >= n * n || seen.has(c)) fail("cages", `cage ${i + 1} holds cell ${JSON.stringify(c)}, off the grid or in another cage`);
        seen.add(c);
      }
    });
  }
  cells("givens", n);
  cells("entries", n);
  cells("notes", 2 ** n - 1);
  if (saved.corners !== undefined) cells("corners", 2 ** n - 1);
  cells("colours", COLOURS);
  const limits = { entry: n, notes: 2 ** n - 1, corner: 2 ** n - 1, colour: COLOURS };
  const okValue = (/** @type {Field} */ field, /** @type {number} */ v) => Number.isInteger(v) && v >= 0 && v <= limits[field];
  for (const list of ["done", "undone"]) {
    const moves = saved[list];
    if (!Array.isArray(moves)) fail(list, "is not a list of moves");
    for (const m of moves) {
      if (!m || !Array.isArray(m.changes) || !m.changes.every((/** @type {any} */ c) => c && c.field in FIELDS
        && Number.isInteger(c.cell) && c.cell >= 0 && c.cell < n * n && okValue(c.field, c.before)
        && okValue(c.field, c.after))) fail(list, "holds a move that does not fit the grid");
    }
  }
  const elapsed = Number(saved.elapsed);
  if (!Number.isFinite(elapsed) || elapsed < 0 || elapsed > YEAR_MS) fail("elapsed", `${saved.elapsed} is not a time`);
  if (saved.givensAtEdit != null) {
    const g = saved.givensAtEdit;
    if (!Array.isArray(g) || g.length !== n * n || !g.every((/** @type {any} */ v) =>
 Number.isInteger(v) && v >= 0 && v <= n)) {
      fail("givensAtEdit", "do not fit the grid");
    }
  }
}
