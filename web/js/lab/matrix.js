// @ts-check
// The exact-cover matrix around one cell (the `matrix` operation): one row per option (a digit the cell
// could hold), the constraint columns each option covers (number and meaning, as the engine lays them
// out: four in a classic grid, and one more per diagonal or window the cell is on, or for its Killer
// cage), and what the givens did: an option whose column a given already covers has left the matrix.
// For a Killer cell, its cage's combination options follow in a table of their own: how cages enter the
// cover (one option per digit combination of the cage).
import { cellName } from "../geometry.js";
import { houseText, t } from "../i18n.js";

import { byId as $ } from "../dom.js";

/** @typedef {import("../../ops.js").MatrixResult} MatrixResult */
/** @typedef {import("../../ops.js").MatrixColumn} MatrixColumn */
/** @typedef {import("../../ops.js").Cage} Cage */
/** @typedef {(cell: number) => string} CellName */

export class MatrixView {
  /** @param {import("../../lab.js").Lab} lab */
  constructor(lab) {
    this.lab = lab;
    this.serial = 0;
    /** @type {MatrixResult | null} the engine's answer on show, kept to redraw it in another language */
    this.view = null;
    /** @type {{why: import("../../ops.js").MatrixWhy | null, n: number, columns: number, cages: Cage[] | null} | null} */
    this.why = null; // the puzzle's first DLX step (the matrix answer's "why"), for the panel
    lab.onPuzzle(() => {
      this.clear();
      this.explain();
    });
  }

  // "Why is DLX fast?": the live matrix of this puzzle, columns by options left, and the first step
  // of Knuth's rule (any cell's matrix answer carries it; cell 0's is asked for).
  async explain() {
    const lab = this.lab;
    const serial = this.serial;
    this.why = null;
    $("matrix-why").textContent = "";
    let view;
    try {
      view = await lab.engine.request("matrix", { ...lab.payload(), cell: 0 });
    } catch {
      return; // the panel stays empty; the section's own requests say what went wrong
    }
    if (serial !== this.serial) return;
    this.why = { why: view.why, n: view.n, columns: view.columns_total, cages: view.cages };
    this.drawWhy();
  }

  drawWhy() {
    if (!this.why) return;
    const { why, n, columns, cages } = this.why;
    const symbols = /** @type {import("../../lab.js").LabPuzzle} */ (this.lab.puzzle).symbols;
    if (!why) {
      $("matrix-why").textContent = t("lab.why.done");
      return;
    }
    const open = why.by_options.reduce((sum, [, count]) => sum + count, 0);
    const list = why.by_options.map(([k, count]) => t("lab.why.size", { k, count })).join(t("lab.list-separator"));
    const parts = [t("lab.why.sizes", { open, columns, list })];
    const what = columnText(why, n, symbols, cages);
    if (why.options === 0) parts.push(t("lab.why.dead"));
    else if (why.cell < 0) { // a Killer's first try can be a cage's combination
      parts.push(t("lab.why.step-combination", { column: why.column, what, options: why.options,
        updates: why.updates.toLocaleString("en-US"), cage: why.cage + 1, sum: /** @type {Cage[]} */ (cages)[why.cage].sum,
        digits: why.combination.map((d) => symbols[d - 1]).join(""), then: why.then_hidden, left: why.left }));
    } else {
      parts.push(t("lab.why.step", { column: why.column, what, options: why.options, updates: why.updates.toLocaleString("en-US"),
        cell: cellName(why.cell, n), digit: symbols[why.try_digit - 1], then: why.then_hidden, left: why.left }));
      if (why.options === 1) parts.push(t("lab.why.forced"));
    }
    $("matrix-why").textContent = parts.join(" ");
  }

  clear() {
    this.serial += 1;
    this.view = null;
    $("matrix-table").tBodies[0].replaceChildren();
    $("matrix-caption").textContent = t("lab.matrix.none");
    $("matrix-layout").textContent = "";
    delete $("matrix-table").dataset.cell;
    this.drawHead(4);
    $("matrix-cage").hidden = true;
    $("matrix-cage-table").tBodies[0].replaceChildren();
  }

  /** @param {number} cell */
  async show(cell) {
    const lab = this.lab;
    if (!lab.puzzle) return;
    const serial = ++this.serial;
    $("matrix-caption").textContent = t("lab.matrix.reading");
    let view;
    try {
      view = await lab.engine.request("matrix", { ...lab.payload(), cell });
    } catch (error) {
      if (serial === this.serial) $("matrix-caption").textContent = lab.describeError(/** @type {Error} */ (error));
      return;
    }
    if (serial !== this.serial) return;
    this.view = view;
    this.render(view);
  }

  relabel() {
    this.drawWhy();
    if (this.view) this.render(this.view);
    else $("matrix-caption").textContent = t("lab.matrix.none");
  }

  // The table's head: the option's own three headings, then one per column of the widest option, named by
  // its kind ("Row constraint", "Diagonal constraint", "Cage constraint").
  /** @param {number | string[]} kinds 4: the classic four */
  drawHead(kinds) {
    const list = typeof kinds === "number" ? ["cell", "row", "column", "box"] : kinds;
    const head = /** @type {HTMLTableSectionElement} */ ($("matrix-table").tHead).rows[0];
    while (head.cells.length > 3) head.deleteCell(-1);
    for (const kind of list) {
      const th = document.createElement("th");
      th.scope = "col";
      th.dataset.kind = kind;
      th.textContent = t(`lab.col.kind.${kind}`);
      head.append(th);
    }
  }

  /** @param {MatrixResult} view */
  render(view) {
    const puzzle = /** @type {import("../../lab.js").LabPuzzle} */ (this.lab.puzzle); // a view is of the puzzle on show
    const symbols = puzzle.symbols;
    /** @type {CellName} */
    const name = (cell) => cellName(cell, view.n);
    const here = name(view.cell);
    const cages = view.cages;
    const open = view.options.filter((o) => o.state === "open").length;
    $("matrix-caption").textContent = view.given
      ? t("lab.matrix.given", { cell: here, digit: symbols[view.given - 1] })
      : t("lab.matrix.open", { cell: here, n: view.n, open });
    const blocks = view.blocks.map((b) => t("lab.matrix.block", { first: b.first, last: b.last, count: b.count,
      meaning: t(`lab.matrix.kind.${b.kind}`) }));
    $("matrix-layout").textContent = t("lab.matrix.layout", { columns: view.columns_total, options: view.options_total,
      open: view.open_options_total, blocks: blocks.join(t("lab.matrix.block-separator")) });
    const widest = view.options.reduce((a, o) => (o.columns.length > a.length ? o.columns : a), /** @type {MatrixColumn[]} */ ([]));
    this.drawHead(widest.map((col) => col.kind));
    /** @type {CellName} */
    const given = (c) => `${name(c)} = ${symbols[puzzle.cells[c] - 1]}`;
    const rows = view.options.map((o) => {
      const tr = document.createElement("tr");
      tr.dataset.state = o.state;
      const digit = /** @type {number} */ (o.digit); // a cell's option has its digit
      tr.dataset.digit = String(digit);
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = symbols[digit - 1];
      const option = document.createElement("td");
      const state = document.createElement("td");
      tr.append(th, option, state);
      if (o.state === "absent") { // a Killer digit no combination of the cell's cage holds: no option at all
        const q = /** @type {NonNullable<MatrixResult["cage"]>} */ (view.cage).cage; // absent only in a Killer cage
        option.textContent = t("lab.matrix.no-option");
        state.textContent = t("lab.matrix.state.absent", { cage: q + 1, sum: /** @type {Cage[]} */ (cages)[q].sum, digit: symbols[digit - 1] });
        const rest = document.createElement("td");
        rest.colSpan = widest.length;
        tr.append(rest);
        return tr;
      }
      option.textContent = t("lab.matrix.option", { option: o.option, cell: here, digit: symbols[digit - 1] });
      state.textContent = t(`lab.matrix.state.${o.state}`, { list: o.blocked_by.map(given).join(t("lab.list-separator")) });
      for (const col of o.columns) tr.append(columnCell(col, view.n, symbols, cages, name));
      for (let k = o.columns.length; k < widest.length; k++) tr.append(document.createElement("td"));
      return tr;
    });
    $("matrix-table").tBodies[0].replaceChildren(...rows);
    $("matrix-table").dataset.cell = String(view.cell);
    this.renderCage(view, symbols, name, given);
  }

  // A Killer cell's cage: one option per digit combination, each covering the cage's own column ("takes
  // one combination") and the columns of the digits it leaves out, so no cell of the cage can hold them.
  /** @param {MatrixResult} view @param {string} symbols @param {CellName} name @param {CellName} given */
  renderCage(view, symbols, name, given) {
    const box = $("matrix-cage");
    const cage = view.cage;
    box.hidden = !cage;
    if (!cage) {
      $("matrix-cage-table").tBodies[0].replaceChildren();
      return;
    }
    const open = cage.options.filter((o) => o.state === "open").length;
    $("matrix-cage-caption").textContent = t("lab.matrix.cage-caption", { cage: cage.cage + 1, sum: cage.total,
      cells: cage.cells.length, first: name(cage.cells[0]), options: cage.options.length, open });
    const rows = cage.options.map((o) => {
      const tr = document.createElement("tr");
      tr.dataset.state = o.state;
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = /** @type {number[]} */ (o.digits).map((d) => symbols[d - 1]).join(" + "); // a combination
      const option = document.createElement("td");
      option.textContent = `#${o.option}`;
      const state = document.createElement("td");
      state.textContent = t(`lab.matrix.state.${o.state}`, { list: o.blocked_by.map(given).join(t("lab.list-separator")) });
      const [own, ...left] = o.columns;
      const cover = document.createElement("td");
      cover.className = own.covered_by === null ? "col-open" : "col-covered";
      const number = document.createElement("strong");
      number.textContent = String(own.column);
      cover.append(number, ` ${columnText(own, view.n, symbols, view.cages)}`);
      const digits = document.createElement("td");
      digits.textContent = left.length ? t("lab.matrix.cage-leaves", {
        columns: left.map((c) => c.column).join(", "),
        digits: left.map((c) => symbols[c.digit - 1]).join(" "), cage: cage.cage + 1 }) : t("lab.matrix.cage-leaves-none");
      tr.append(th, option, state, cover, digits);
      return tr;
    });
    $("matrix-cage-table").tBodies[0].replaceChildren(...rows);
  }
}

// One column of an option: its number, what it asks for, and whether a given covers it or how many
// options still hold it.
/** @param {MatrixColumn} col @param {number} n @param {string} symbols @param {Cage[] | null} cages @param {CellName} name */
function columnCell(col, n, symbols, cages, name) {
  const td = document.createElement("td");
  td.className = col.covered_by === null ? "col-open" : "col-covered";
  td.dataset.kind = col.kind;
  const number = document.createElement("strong");
  number.textContent = String(col.column);
  const meaning = document.createElement("span");
  meaning.textContent = ` ${columnText(col, n, symbols, cages)}`;
  const status = document.createElement("small");
  status.textContent = col.covered_by === null
    ? t("lab.matrix.options-left", { count: col.open_options })
    : t("lab.matrix.covered-by", { cell: name(col.covered_by) });
  td.append(number, meaning, document.createElement("br"), status);
  return td;
}

// What a constraint column asks for ({kind, place, digit}, as the engine describes it): "r1c2 holds a
// digit", "row 1 holds 4", "diagonal 1 holds 4", "cage 3 (sum 12) accounts for 4".
/**
 * @param {{kind: string, place: number, digit: number}} column @param {number} n @param {string} symbols
 * @param {Cage[] | null} cages
 */
function columnText({ kind, place, digit }, n, symbols, cages) {
  if (kind === "cell") return t("lab.matrix.holds-digit", { cell: cellName(place, n) });
  if (kind === "cage") {
    const sum = cages ? cages[place].sum : "?";
    return digit ? t("lab.matrix.cage-digit", { cage: place + 1, sum, digit: symbols[digit - 1] })
      : t("lab.matrix.cage-takes", { cage: place + 1, sum });
  }
  return t("lab.matrix.holds", { house: houseText(kind, place), digit: symbols[digit - 1] });
}
