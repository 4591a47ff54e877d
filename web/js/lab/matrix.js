// The exact-cover matrix around one cell (the `matrix` operation): one row per option (a digit the cell
// could hold), the four constraint columns each option covers (number and meaning, as the engine lays
// them out), and what the givens did: an option whose column a given already covers has left the matrix.
import { cellName } from "../game.js";

const $ = (id) => document.getElementById(id);

const STATE_TEXT = { given: "given", open: "in the matrix", removed: "removed" };

export class MatrixView {
  constructor(lab) {
    this.lab = lab;
    this.serial = 0;
    lab.onPuzzle(() => this.clear());
  }

  clear() {
    this.serial += 1;
    $("matrix-table").tBodies[0].replaceChildren();
    $("matrix-caption").textContent = "No cell selected.";
    $("matrix-layout").textContent = "";
    delete $("matrix-table").dataset.cell;
  }

  async show(cell) {
    const lab = this.lab;
    if (!lab.puzzle) return;
    const serial = ++this.serial;
    $("matrix-caption").textContent = "Reading the matrix…";
    let view;
    try {
      view = await lab.engine.request("matrix", { ...lab.payload(), cell });
    } catch (error) {
      if (serial === this.serial) $("matrix-caption").textContent = lab.describeError(error);
      return;
    }
    if (serial !== this.serial) return;
    this.render(view);
  }

  render(view) {
    const symbols = this.lab.puzzle.symbols;
    const name = (cell) => cellName(cell, view.n);
    const open = view.options.filter((o) => o.state === "open").length;
    $("matrix-caption").textContent = view.given
      ? `${view.name} holds the given ${symbols[view.given - 1]}: its option is in every solution, and the givens' columns are covered before the search.`
      : `${view.name}: ${view.n} options, ${open} still in the matrix after the givens are covered.`;
    $("matrix-layout").textContent = `The whole matrix: ${view.columns_total} columns and ${view.options_total} options `
      + `(${view.open_options_total} left once the givens are covered). Columns ${view.blocks.map((b) => `${b.first}–${b.last}: ${b.meaning}`).join("; ")}.`;
    const rows = view.options.map((o) => {
      const tr = document.createElement("tr");
      tr.dataset.state = o.state;
      tr.dataset.digit = String(o.digit);
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = symbols[o.digit - 1];
      const option = document.createElement("td");
      option.textContent = `#${o.option} (${view.name} = ${symbols[o.digit - 1]})`;
      const state = document.createElement("td");
      state.textContent = o.state === "removed"
        ? `removed: covered by ${o.blocked_by.map((c) => `${name(c)} = ${symbols[this.lab.puzzle.cells[c] - 1]}`).join(", ")}`
        : STATE_TEXT[o.state];
      tr.append(th, option, state);
      for (const col of o.columns) {
        const td = document.createElement("td");
        td.className = col.covered_by === null ? "col-open" : "col-covered";
        const number = document.createElement("strong");
        number.textContent = String(col.column);
        const meaning = document.createElement("span");
        const digit = col.digit ? symbols[col.digit - 1] : "";
        const what = col.kind === "cell" ? `${name(col.place)} holds a digit` : `${col.kind} ${col.place + 1} holds ${digit}`;
        meaning.textContent = ` ${what}`;
        const status = document.createElement("small");
        status.textContent = col.covered_by === null
          ? `${col.open_options} option${col.open_options === 1 ? "" : "s"} left`
          : `covered by ${name(col.covered_by)}`;
        td.append(number, meaning, document.createElement("br"), status);
        tr.append(td);
      }
      return tr;
    });
    $("matrix-table").tBodies[0].replaceChildren(...rows);
    $("matrix-table").dataset.cell = String(view.cell);
  }
}
