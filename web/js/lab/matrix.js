// The exact-cover matrix around one cell (the `matrix` operation): one row per option (a digit the cell
// could hold), the four constraint columns each option covers (number and meaning, as the engine lays
// them out), and what the givens did: an option whose column a given already covers has left the matrix.
import { cellName } from "../geometry.js";
import { houseText, t } from "../i18n.js";

const $ = (id) => document.getElementById(id);

export class MatrixView {
  constructor(lab) {
    this.lab = lab;
    this.serial = 0;
    this.view = null; // the engine's answer on show, kept to redraw it in another language
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
    this.why = { why: view.why, n: view.n, columns: view.columns_total };
    this.drawWhy();
  }

  drawWhy() {
    if (!this.why) return;
    const { why, n, columns } = this.why;
    const symbols = this.lab.puzzle.symbols;
    if (!why) {
      $("matrix-why").textContent = t("lab.why.done");
      return;
    }
    const open = why.by_options.reduce((sum, [, count]) => sum + count, 0);
    const list = why.by_options.map(([k, count]) => t("lab.why.size", { k, count })).join(t("lab.list-separator"));
    const parts = [t("lab.why.sizes", { open, columns, list })];
    const what = columnText(why, n, symbols);
    if (why.options === 0) parts.push(t("lab.why.dead"));
    else {
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
  }

  async show(cell) {
    const lab = this.lab;
    if (!lab.puzzle) return;
    const serial = ++this.serial;
    $("matrix-caption").textContent = t("lab.matrix.reading");
    let view;
    try {
      view = await lab.engine.request("matrix", { ...lab.payload(), cell });
    } catch (error) {
      if (serial === this.serial) $("matrix-caption").textContent = lab.describeError(error);
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

  render(view) {
    const symbols = this.lab.puzzle.symbols;
    const name = (cell) => cellName(cell, view.n);
    const here = name(view.cell);
    const open = view.options.filter((o) => o.state === "open").length;
    $("matrix-caption").textContent = view.given
      ? t("lab.matrix.given", { cell: here, digit: symbols[view.given - 1] })
      : t("lab.matrix.open", { cell: here, n: view.n, open });
    const blocks = view.blocks.map((b) => t("lab.matrix.block", { first: b.first, last: b.last, meaning: t(`lab.matrix.kind.${b.kind}`) }));
    $("matrix-layout").textContent = t("lab.matrix.layout", { columns: view.columns_total, options: view.options_total,
      open: view.open_options_total, blocks: blocks.join(t("lab.matrix.block-separator")) });
    const rows = view.options.map((o) => {
      const tr = document.createElement("tr");
      tr.dataset.state = o.state;
      tr.dataset.digit = String(o.digit);
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = symbols[o.digit - 1];
      const option = document.createElement("td");
      option.textContent = t("lab.matrix.option", { option: o.option, cell: here, digit: symbols[o.digit - 1] });
      const state = document.createElement("td");
      state.textContent = t(`lab.matrix.state.${o.state}`, { list: o.blocked_by
        .map((c) => `${name(c)} = ${symbols[this.lab.puzzle.cells[c] - 1]}`).join(t("lab.list-separator")) });
      tr.append(th, option, state);
      for (const col of o.columns) {
        const td = document.createElement("td");
        td.className = col.covered_by === null ? "col-open" : "col-covered";
        const number = document.createElement("strong");
        number.textContent = String(col.column);
        const meaning = document.createElement("span");
        meaning.textContent = ` ${columnText(col, view.n, symbols)}`;
        const status = document.createElement("small");
        status.textContent = col.covered_by === null
          ? t("lab.matrix.options-left", { count: col.open_options })
          : t("lab.matrix.covered-by", { cell: name(col.covered_by) });
        td.append(number, meaning, document.createElement("br"), status);
        tr.append(td);
      }
      return tr;
    });
    $("matrix-table").tBodies[0].replaceChildren(...rows);
    $("matrix-table").dataset.cell = String(view.cell);
  }
}

// What a constraint column asks for ({kind, place, digit}, as the engine describes it): "r1c2 holds a
// digit", "row 1 holds 4".
function columnText({ kind, place, digit }, n, symbols) {
  if (kind === "cell") return t("lab.matrix.holds-digit", { cell: cellName(place, n) });
  return t("lab.matrix.holds", { house: houseText(kind, place), digit: symbols[digit - 1] });
}
