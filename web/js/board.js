// Board rendering and keyboard input. A BoardView draws a Game into an element with role="grid"
// (rows of role="gridcell" cells, each labelled "Row r, column c" with its digit as text) and turns
// keys into "input" events ({cell, digit}) and Ctrl+V into "paste" events ({text}); it never changes
// the game itself, so other panels (hints, a play mode) can reuse it and decide what input means.
//
// Focus is a roving tabindex: one cell is in the tab order, arrow keys move it, Tab leaves the grid.
// Text goes in with textContent only: nothing typed or pasted is ever read as HTML.

export class BoardView extends EventTarget {
  constructor(element, { interactive = true, which = "first" } = {}) {
    super();
    this.el = element;
    this.interactive = interactive;
    this.which = which; // "first" shows game.solution, "second" shows game.second
    this.cells = [];
    this.n = 0;
    this.box = null;
    this.focused = 0;
    if (interactive) {
      element.addEventListener("keydown", (event) => this.onKey(event));
      element.addEventListener("paste", (event) => this.onPaste(event));
      element.addEventListener("focusin", (event) => {
        const cell = event.target.closest("[data-cell]");
        if (cell) this.moveFocus(Number(cell.dataset.cell), false);
      });
      element.addEventListener("click", (event) => {
        const cell = event.target.closest("[data-cell]");
        if (cell) cell.focus();
      });
    }
  }

  // Rebuild the cells when the shape changes; otherwise only update them.
  build(n, box) {
    this.n = n;
    this.box = box;
    this.el.replaceChildren();
    this.el.dataset.size = String(n);
    this.el.style.setProperty("--n", String(n));
    this.cells = [];
    const [br, bc] = box;
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "board-row";
      for (let c = 0; c < n; c++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-label", `Row ${r + 1}, column ${c + 1}`);
        cell.dataset.cell = String(r * n + c);
        cell.className = "cell";
        if ((c + 1) % bc === 0 && c < n - 1) cell.classList.add("box-right");
        if ((r + 1) % br === 0 && r < n - 1) cell.classList.add("box-bottom");
        if (this.interactive) cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.el.append(row);
    }
    this.focused = Math.min(this.focused, n * n - 1);
    if (this.interactive) this.cells[this.focused].tabIndex = 0;
  }

  render(game) {
    if (game.n !== this.n || !this.box || game.box[0] !== this.box[0] || game.box[1] !== this.box[1]) {
      this.build(game.n, game.box);
    }
    const answer = this.which === "second" ? game.second : game.solution;
    const conflicts = game.conflictCells();
    for (let i = 0; i < this.cells.length; i++) {
      const cell = this.cells[i];
      const { digit, kind } = game.shown(i, answer);
      const text = game.symbol(digit);
      if (cell.textContent !== text) cell.textContent = text;
      cell.classList.toggle("given", kind === "given");
      cell.classList.toggle("solved", kind === "solved");
      cell.classList.toggle("conflict", conflicts.has(i));
      cell.classList.toggle("diff", game.differences.has(i));
      cell.classList.toggle("marked", game.marked.has(i));
      if (conflicts.has(i) || game.marked.has(i)) cell.setAttribute("aria-invalid", "true");
      else cell.removeAttribute("aria-invalid");
    }
  }

  moveFocus(index, focus = true) {
    if (!this.cells.length) return;
    index = Math.max(0, Math.min(this.cells.length - 1, index));
    if (this.cells[this.focused]) this.cells[this.focused].tabIndex = -1;
    this.focused = index;
    this.cells[index].tabIndex = 0;
    if (focus) this.cells[index].focus();
  }

  onKey(event) {
    if (event.altKey || event.metaKey) return;
    if (event.ctrlKey) return; // Ctrl+V arrives as a paste event; other shortcuts belong to the browser
    const n = this.n;
    const i = this.focused;
    const r = Math.floor(i / n);
    const c = i % n;
    const moves = {
      ArrowUp: r > 0 ? i - n : i, ArrowDown: r < n - 1 ? i + n : i,
      ArrowLeft: c > 0 ? i - 1 : i, ArrowRight: c < n - 1 ? i + 1 : i,
      Home: r * n, End: r * n + n - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      this.moveFocus(moves[event.key]);
      return;
    }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      this.emit("input", { cell: i, digit: 0 });
      return;
    }
    if (event.key.length === 1) {
      event.preventDefault();
      this.emit("input", { cell: i, key: event.key });
    }
  }

  onPaste(event) {
    const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    event.preventDefault();
    if (text) this.emit("paste", { text });
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
