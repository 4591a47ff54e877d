// The game model: the one owner of puzzle state on the page. Rendering reads it; the engine is
// asked questions about it; nothing else keeps a copy. Cells are 0-based indices in row-major
// order, digits are 1..n, 0 is empty, exactly as in sudoku_core.
//
// State: the grid (`n`, `box`, `symbols`), the `givens`, and what the engine last said about them
// (`solution`, `second`, `differences`, `conflicts`, `marked`). Every change fires "change" with
// `detail.reason`; any edit of the givens drops the engine's answers, which were about other givens,
// and bumps `revision`, so an answer that arrives after an edit can be recognised and dropped.

export const DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// Side -> [box rows, box cols]: the engine's conventional shapes (wider than tall).
export const BOXES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4], 15: [3, 5],
  16: [4, 4], 20: [4, 5], 25: [5, 5] };

export class Game extends EventTarget {
  constructor(n = 9) {
    super();
    this.reset(n, "init");
  }

  reset(n, reason = "reset") {
    const box = BOXES[n];
    if (!box) throw new Error(`no ${n}x${n} grid`);
    this.load({ box, cells: new Array(n * n).fill(0), symbols: DEFAULT_SYMBOLS.slice(0, n) }, reason);
  }

  // Take a grid value from the engine (`parse` result) or built by the page.
  load({ box, cells, symbols }, reason = "load") {
    this.box = [box[0], box[1]];
    this.n = box[0] * box[1];
    this.symbols = symbols || DEFAULT_SYMBOLS.slice(0, this.n);
    this.givens = Array.from(cells);
    this.revision = (this.revision || 0) + 1;
    this.clearAnswers();
    this.conflicts = [];
    this.marked = new Set();
    this.changed(reason);
  }

  clearAnswers() {
    this.solution = null;
    this.second = null;
    this.differences = new Set();
  }

  changed(reason) {
    this.dispatchEvent(new CustomEvent("change", { detail: { reason } }));
  }

  get ncells() {
    return this.n * this.n;
  }

  get givenCount() {
    return this.givens.reduce((k, v) => k + (v ? 1 : 0), 0);
  }

  setCell(cell, digit) {
    if (cell < 0 || cell >= this.ncells || digit < 0 || digit > this.n) return;
    if (this.givens[cell] === digit && !this.solution) return;
    this.givens[cell] = digit;
    this.revision += 1;
    this.clearAnswers();
    this.marked = new Set();
    this.changed("edit");
  }

  // What the engine found: conflicts (a list of {cells, message}) for the current givens.
  setConflicts(conflicts) {
    this.conflicts = conflicts;
    this.changed("conflicts");
  }

  // Cells to point at for a reason other than a conflict (e.g. a parse error naming cells).
  mark(cells) {
    this.marked = new Set(cells);
    this.changed("mark");
  }

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
  shown(cell, which = this.solution) {
    const given = this.givens[cell];
    if (given) return { digit: given, kind: "given" };
    if (which && which[cell]) return { digit: which[cell], kind: "solved" };
    return { digit: 0, kind: "empty" };
  }

  conflictCells() {
    return new Set(this.conflicts.flatMap((c) => c.cells));
  }

  symbol(digit) {
    return digit ? this.symbols[digit - 1] : "";
  }

  // The digit a typed key stands for: 0 for a clearing key, -1 for a key that is not a digit here.
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
  // being told an alphabet (a puzzle typed in, say, A-P comes back as 1-9A-G: same digits).
  shareLine() {
    return this.givens.map((d) => (d ? DEFAULT_SYMBOLS[d - 1] : ".")).join("");
  }

  // The grid value the engine's operations take.
  payload() {
    return { box: this.box, cells: this.givens, symbols: this.symbols };
  }
}
