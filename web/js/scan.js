// @ts-check
// Read a Sudoku from a picture (issue 31): paste one (Ctrl+V anywhere on the page, or into the puzzle
// text box), drop a file, choose one, or take a photo on a phone. The browser decodes it
// (createImageBitmap), scales it to at most MAX_SIDE px on its long side on a canvas and sends one grey
// byte a pixel (the green channel, the one the reader uses) to the engine's "scan" op, in the worker: the
// picture never leaves the device. The first picture makes the worker fetch the reader and its weights
// (worker.js; build.py keeps them out of the first visit).
//
// The dialog then shows the picture with the grid found outlined and the digits read on a small board
// beside it: a cell read with low confidence is marked (a dashed border and a "?"), two equal digits in a
// house are flagged (a red border and a "!"), and every cell can be corrected (arrow keys and a digit,
// or a tap and the phone's keyboard). Play this puzzle loads it as a game like a pasted one (a new entry
// of My games, source "picture"); Solve and Hint are then the game's own. A picture with no grid says so
// and shows where the reader looked, when it came near one.
//
// A screenshot's grid may be 4x4, 6x6, 12x12 or 16x16 too (the reader tells the side from its lines,
// result.size): the board is drawn at that side, with the engine's boxes, and takes its symbols (A..G
// for 10..16).
//
// Strings: in i18n.js under "scan.".
import { houseText, panelT } from "./i18n.js";
import { el } from "./dom.js";
import { BOXES, DEFAULT_SYMBOLS, cellName, housesOf, houseKind } from "./geometry.js";

const t = panelT("scan");
//: The long side a picture is scaled to (the reader is tuned at this size; docs/scan.md).
export const MAX_SIDE = 800;
//: Files larger than this are refused before decoding (a phone's photo is 2-8 MB).
const MAX_FILE_BYTES = 40 * 1024 * 1024;
//: A read that takes longer is stopped (the engine restarts); it takes about a second.
const TIMEOUT_MS = 60_000;
//: The side of a grid read from a photo (and of the board before any read).
const N = 9;

/** A house of the grid read: its kind, its place and its cells. @typedef {{kind: string, k: number, cells: number[]}} ScanHouse */
/** A picture ready to send: the canvas it was drawn on, its size and its grey bytes (base64). @typedef {{canvas: HTMLCanvasElement, width: number, height: number, pixels: string}} Picture */
/** A status line's words: a key and its parameters. @typedef {[string, Record<string, unknown>?]} ScanMessage */

// The rows, columns and boxes of a grid of side n (the engine's box shapes: geometry.js).
/** @param {number} n @returns {ScanHouse[]} */
function housesOfSide(n) {
  const shape = { n, box: BOXES[n] };
  return housesOf(shape).map((cells, h) => {
    const [kind, k] = houseKind(h, shape);
    return { kind, k, cells };
  });
}

// A digit (1..n, 0 empty) as the grid writes it: 1..9, then A..G.
/** @param {number} d @returns {string} */
const symbol = (d) => (d ? DEFAULT_SYMBOLS[d - 1] : "");

// Two equal digits in a house: [{kind, k, digit, cells}]; the side is the square root of the cells.
/** @param {number[]} digits @returns {(ScanHouse & {digit: number})[]} */
export function duplicates(digits) {
  /** @type {(ScanHouse & {digit: number})[]} */
  const found = [];
  for (const house of housesOfSide(Math.round(Math.sqrt(digits.length)))) {
    /** @type {Map<number, number>} */
    const seen = new Map();
    for (const cell of house.cells) {
      const d = digits[cell];
      if (!d) continue;
      if (seen.has(d)) found.push({ ...house, digit: d, cells: [/** @type {number} */ (seen.get(d)), cell] });
      else seen.set(d, cell);
    }
  }
  return found;
}

// Grey bytes (base64) of a decoded picture scaled to at most MAX_SIDE on its long side, and the canvas
// it was drawn on (shown in the dialog).
/** @param {ImageBitmap} bitmap @returns {Picture} */
export function pixelsOf(bitmap) {
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = el("canvas", { width: String(width), height: String(height) });
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  ctx.fillStyle = "#fff"; // a transparent screenshot reads as on white paper
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let i = 0, j = 1; i < grey.length; i++, j += 4) grey[i] = rgba[j];
  let text = "";
  for (let i = 0; i < grey.length; i += 0x8000) text += String.fromCharCode.apply(null, /** @type {number[]} */ (/** @type {unknown} */ (grey.subarray(i, i + 0x8000))));
  return { canvas, width, height, pixels: btoa(text) };
}

// The first picture among a clipboard's or a drop's files, or null.
/** @param {DataTransfer | null} transfer @returns {File | null} */
function pictureIn(transfer) {
  if (!transfer) return null;
  for (const file of transfer.files || []) if (file.type.startsWith("image/")) return file;
  return null;
}

/**
 * @typedef {{engine: import("./engine.js").EngineClient, load: (line: string) => void, after?: HTMLElement | null}} ScanOptions
 */

export class ScanReader {
  // Made by build().
  /** @type {[Element, string][]} */ labels;
  /** @type {HTMLButtonElement} */ openButton;
  /** @type {HTMLInputElement} */ fileInput;
  /** @type {HTMLInputElement} */ cameraInput;
  /** @type {HTMLButtonElement} */ chooseButton;
  /** @type {HTMLButtonElement} */ cameraButton;
  /** @type {HTMLElement} */ drop;
  /** @type {HTMLProgressElement} */ progress;
  /** @type {HTMLElement} */ status;
  /** @type {HTMLButtonElement} */ cancelButton;
  /** @type {HTMLElement} */ figure;
  /** @type {HTMLInputElement[]} */ cells;
  /** @type {HTMLElement} */ grid;
  /** @type {HTMLElement} */ notes;
  /** @type {HTMLElement} */ legend;
  /** @type {HTMLButtonElement} */ playButton;
  /** @type {HTMLButtonElement} */ againButton;
  /** @type {HTMLButtonElement} */ closeButton;
  /** @type {HTMLElement} */ boardTitle;
  /** @type {HTMLElement} */ result;
  /** @type {HTMLDialogElement} */ dialog;
  /** @type {"choose" | "reading" | "read" | "nogrid" | "failed"} set by build() */ state;

  /** @type {HTMLCanvasElement | undefined} */ canvas;
  /** @type {Picture | undefined} */ picture;

  // `load(line)`: opens a puzzle line as a game (main.js: app.importText with source "picture").
  // `after`: the button it puts its entry beside (Enter your own puzzle, among the tools: one tap away
  // under More on a phone, always shown on a larger screen).
  /** @param {ScanOptions} options */
  constructor({ engine, load, after = document.getElementById("mode-toggle") }) {
    this.engine = engine;
    this.load = load;
    this.serial = 0; // the newest read: an answer to an older one (cancelled, replaced) is ignored
    this.n = N; // the side of the grid read (the board's)
    this.digits = new Array(N * N).fill(0);
    /** @type {Set<number>} */
    this.uncertain = new Set();
    this.focused = 0;
    /** @type {ScanMessage | null} */
    this.message = null; // [key, params] of the status line, redrawn in another language
    this.build(/** @type {HTMLElement} */ (after)); // the page has #mode-toggle
  }

  /** @param {HTMLElement} after */
  build(after) {
    this.labels = [];
    /** @type {<E extends Element>(node: E, key: string) => E} */
    const L = (node, key) => { this.labels.push([node, key]); return node; };
    this.openButton = L(el("button", { type: "button", id: "scan-open", class: "tool", text: t("open") }), "open");
    after.after(this.openButton);
    this.fileInput = el("input", { type: "file", accept: "image/*", id: "scan-file", class: "sr-only", tabindex: "-1",
      "aria-hidden": "true" });
    this.cameraInput = el("input", { type: "file", accept: "image/*", capture: "environment", id: "scan-camera",
      class: "sr-only", tabindex: "-1", "aria-hidden": "true" });
    this.chooseButton = L(el("button", { type: "button", id: "scan-choose", class: "primary", text: t("choose") }), "choose");
    this.cameraButton = L(el("button", { type: "button", id: "scan-take", text: t("camera") }), "camera");
    this.cameraButton.hidden = !matchMedia("(pointer: coarse)").matches;
    this.drop = el("div", { id: "scan-drop", class: "scan-drop" },
      L(el("p", { class: "scan-intro", text: t("intro") }), "intro"),
      el("div", { class: "row" }, this.chooseButton, this.cameraButton),
      L(el("p", { class: "scan-private", text: t("private") }), "private"),
      this.fileInput, this.cameraInput);
    this.progress = el("progress", { id: "scan-progress", class: "scan-progress" });
    this.status = el("p", { id: "scan-status", class: "scan-status", role: "status", "aria-live": "polite" });
    this.cancelButton = L(el("button", { type: "button", id: "scan-cancel", text: t("cancel") }), "cancel");
    this.figure = el("div", { id: "scan-figure", class: "scan-figure" });
    this.cells = [];
    this.grid = el("div", { id: "scan-board", class: "scan-board", role: "group" });
    this.buildBoard(N);
    this.notes = el("ul", { id: "scan-notes", class: "scan-notes" });
    this.legend = el("p", { id: "scan-legend", class: "scan-legend" });
    this.playButton = L(el("button", { type: "button", id: "scan-play", class: "primary", text: t("play") }), "play");
    this.againButton = L(el("button", { type: "button", id: "scan-again", text: t("again") }), "again");
    this.closeButton = L(el("button", { type: "button", id: "scan-close", text: t("close") }), "close");
    this.boardTitle = L(el("h3", { id: "scan-board-title", text: t("board") }), "board");
    this.result = el("div", { id: "scan-result", class: "scan-result" },
      this.figure,
      el("div", { class: "scan-read" }, this.boardTitle, this.grid, this.legend, this.notes));
    this.dialog = el("dialog", { id: "scan-dialog", class: "scan", "aria-labelledby": "scan-title" },
      L(el("h2", { id: "scan-title", text: t("title") }), "title"),
      this.drop,
      el("div", { class: "scan-progress-row" }, this.progress, this.status),
      this.result,
      el("div", { class: "row scan-buttons" }, this.playButton, this.againButton, this.cancelButton, this.closeButton));
    document.body.append(this.dialog);
    this.grid.setAttribute("aria-labelledby", "scan-board-title");
    this.show("choose");

    this.openButton.addEventListener("click", () => this.open());
    this.chooseButton.addEventListener("click", () => this.fileInput.click());
    this.cameraButton.addEventListener("click", () => this.cameraInput.click());
    for (const input of [this.fileInput, this.cameraInput]) {
      input.addEventListener("change", () => {
        const file = input.files && input.files[0];
        input.value = "";
        if (file) this.read(file);
      });
    }
    this.cancelButton.addEventListener("click", () => this.cancel());
    this.againButton.addEventListener("click", () => this.show("choose"));
    this.closeButton.addEventListener("click", () => this.dialog.close());
    this.playButton.addEventListener("click", () => this.play());
    this.dialog.addEventListener("close", () => { if (this.state === "reading") this.cancel(); });
    this.grid.addEventListener("keydown", (event) => this.onKey(event));
    this.grid.addEventListener("input", (event) => this.onInput(event));
    this.grid.addEventListener("focusin", (event) => {
      const target = /** @type {HTMLInputElement} */ (event.target);
      const i = Number(target.dataset.cell);
      if (!Number.isInteger(i)) return;
      this.focusCell(i, false);
      target.select(); // a digit typed (or a phone's key) replaces what was read
    });
    // A picture pasted anywhere on the page (the board turns text into a puzzle; a picture comes here
    // first), or dropped on it.
    window.addEventListener("paste", (event) => {
      const file = pictureIn(event.clipboardData);
      if (!file || (/** @type {DataTransfer} */ (event.clipboardData).getData("text/plain") && !this.dialog.open)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.open();
      this.read(file);
    }, true);
    document.addEventListener("dragover", (event) => {
      if (event.dataTransfer && [...event.dataTransfer.types].includes("Files")) {
        event.preventDefault();
        this.drop.classList.add("over");
      }
    });
    document.addEventListener("dragleave", () => this.drop.classList.remove("over"));
    document.addEventListener("drop", (event) => {
      this.drop.classList.remove("over");
      if (!event.dataTransfer || !event.dataTransfer.files.length) return;
      event.preventDefault();
      this.open();
      this.read(event.dataTransfer.files[0]);
    });
    document.addEventListener("sudoku:language", () => {
      for (const [node, key] of this.labels) node.textContent = t(key);
      this.redraw();
    });
  }

  // The board's n x n cells (again when a read's side differs): box edges from the engine's box shape.
  /** @param {number} n */
  buildBoard(n) {
    this.n = n;
    this.focused = 0;
    this.cells = [];
    const [rows, cols] = BOXES[n];
    this.grid.style.setProperty("--n", String(n));
    this.grid.dataset.size = String(n);
    const cells = [];
    for (let i = 0; i < n * n; i++) {
      const input = el("input", { type: "text", inputmode: n > 9 ? "text" : "numeric", autocomplete: "off",
        autocapitalize: "characters", spellcheck: "false", "data-cell": String(i), tabindex: i === 0 ? "0" : "-1",
        enterkeyhint: "done" });
      const r = Math.floor(i / n), c = i % n;
      const edges = [c % cols === cols - 1 && c < n - 1 ? " box-right" : "", r % rows === rows - 1 && r < n - 1 ? " box-bottom" : "",
        c === n - 1 ? " last-column" : "", r === n - 1 ? " last-row" : ""];
      this.cells.push(input);
      cells.push(el("div", { class: `scan-cell${edges.join("")}` }, input));
    }
    this.grid.replaceChildren(...cells);
  }

  open() {
    if (!this.dialog.open) this.dialog.showModal();
    if (this.state === "choose") this.chooseButton.focus();
  }

  // What the dialog shows: "choose" (the ways to give a picture), "reading", "read" (the picture and
  // the board), "nogrid" (the picture and the message), "failed" (a message and the ways again).
  /** @param {ScanReader["state"]} state */
  show(state) {
    this.state = state;
    this.dialog.dataset.state = state;
    this.drop.hidden = !["choose", "failed", "nogrid"].includes(state);
    this.progress.hidden = state !== "reading";
    this.cancelButton.hidden = state !== "reading";
    this.result.hidden = !["read", "nogrid"].includes(state);
    /** @type {HTMLElement} */ (this.grid.closest(".scan-read")).hidden = state !== "read";
    this.playButton.hidden = state !== "read";
    this.againButton.hidden = state !== "read";
    if (state === "choose") this.say(null);
  }

  /** @param {ScanMessage | null} message @param {string} [kind] */
  say(message, kind = "info") {
    this.message = message;
    this.status.dataset.kind = kind;
    this.redraw();
  }

  redraw() {
    this.status.textContent = this.message ? t(...this.message) : "";
    this.status.hidden = !this.message;
    if (this.state === "read") this.renderBoard();
    if (this.canvas) this.canvas.setAttribute("aria-label", t(this.state === "read" ? "pictureFound" : "pictureLooked"));
  }

  // Decode, scale and read `file`.
  /** @param {File} file */
  async read(file) {
    const serial = ++this.serial;
    this.show("reading");
    this.say(["reading"], "busy");
    if (!file.type.startsWith("image/") && file.type !== "") {
      this.fail(["notPicture", { name: file.name || "?" }]);
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      this.fail(["tooBig", { mb: (file.size / 1048576).toFixed(1), max: MAX_FILE_BYTES / 1048576 }]);
      return;
    }
    let picture;
    try {
      const bitmap = await createImageBitmap(file);
      picture = pixelsOf(bitmap);
      bitmap.close();
    } catch {
      if (serial === this.serial) this.fail(["notPicture", { name: file.name || "?" }]);
      return;
    }
    if (serial !== this.serial) return;
    this.canvas = picture.canvas;
    this.canvas.setAttribute("role", "img");
    this.picture = picture;
    this.figure.replaceChildren(this.canvas);
    let result;
    try {
      result = await this.engine.request("scan", { width: picture.width, height: picture.height, channels: 1,
        pixels: picture.pixels }, { timeoutMs: TIMEOUT_MS });
    } catch (caught) {
      const error = /** @type {import("./engine.js").EngineError} */ (caught);
      if (serial !== this.serial) return;
      if (error.kind === "scan" && /no grid/.test(error.message)) {
        this.outline(/** @type {[number, number][] | undefined} */ (error.details && error.details.looked), true);
        this.show("nogrid");
        this.say([error.details && error.details.looked ? "noGridLooked" : "noGrid"], "error");
        this.chooseButton.focus();
      } else if (error.kind === "cancelled") {
        this.show("choose");
      } else {
        this.fail(["failed", { error: error.message }]);
      }
      return;
    }
    if (serial !== this.serial) return;
    this.outline(result.corners, false);
    const n = result.size || N;
    if (n !== this.n) this.buildBoard(n);
    this.digits = [...result.puzzle].map((ch) => (ch === "." ? 0 : DEFAULT_SYMBOLS.indexOf(ch) + 1));
    this.uncertain = new Set(result.uncertain);
    this.show("read");
    // the reader's own check: a printed Sudoku has one solution (result.solutions: 0 none, 2 several)
    const givens = this.digits.filter(Boolean).length;
    if (result.solutions === 0) this.say(["readNoSolution", { givens }], "warn");
    else if (result.solutions === 2) this.say(["readSeveral", { givens }], "warn");
    else this.say(["read", { givens, count: this.uncertain.size }], this.uncertain.size ? "warn" : "ok");
    const first = result.uncertain.length ? result.uncertain[0] : 0;
    this.focusCell(first);
  }

  /** @param {ScanMessage} message */
  fail(message) {
    this.show("failed");
    this.say(message, "error");
    this.chooseButton.focus();
  }

  // Stop waiting for the read: its answer, when it comes, is ignored (it takes about a second; the
  // worker is not restarted for it).
  cancel() {
    this.serial++;
    this.show("choose");
    this.say(["cancelled"], "info");
  }

  // The grid's corners drawn over the picture (dashed: where the reader looked but found no grid).
  /** @param {[number, number][] | undefined} corners @param {boolean} looked */
  outline(corners, looked) {
    const canvas = /** @type {HTMLCanvasElement} */ (this.canvas); // the picture read is drawn first
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    if (!corners || corners.length !== 4) return;
    const w = Math.max(3, Math.round(Math.max(canvas.width, canvas.height) / 200));
    ctx.save();
    ctx.lineJoin = "round";
    ctx.setLineDash(looked ? [w * 3, w * 2] : []);
    for (const [colour, width] of /** @type {[string, number][]} */ ([["#fff", w + 4], [looked ? "#b3261e" : "#1f6b3a", w]])) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.beginPath();
      corners.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      ctx.stroke();
    }
    ctx.restore();
  }

  renderBoard() {
    const clashes = duplicates(this.digits);
    const clashing = new Set(clashes.flatMap((d) => d.cells));
    const n = this.n;
    for (let i = 0; i < n * n; i++) {
      const input = this.cells[i];
      const text = symbol(this.digits[i]);
      if (input.value !== text) input.value = text;
      const cell = /** @type {HTMLElement} */ (input.parentElement);
      cell.classList.toggle("uncertain", this.uncertain.has(i));
      cell.classList.toggle("clash", clashing.has(i));
      const r = Math.floor(i / n) + 1, c = (i % n) + 1;
      const what = [t("cell", { r, c })];
      if (this.uncertain.has(i)) what.push(t("cellUncertain"));
      if (clashing.has(i)) what.push(t("cellClash"));
      input.setAttribute("aria-label", what.join(", "));
      if (clashing.has(i)) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    this.legend.replaceChildren(
      ...(this.uncertain.size ? [el("span", { class: "scan-key uncertain", "aria-hidden": "true" }), el("span", { text: t("legendUncertain", { count: this.uncertain.size }) })] : []),
      ...(clashes.length ? [el("span", { class: "scan-key clash", "aria-hidden": "true" }), el("span", { text: t("legendClash") })] : []),
      el("span", { text: t("legendFix") }));
    const name = (/** @type {number} */ i) => cellName(i, n);
    // A pair of cells in one row (or column) and one box is said once.
    const said = new Set();
    const pairs = clashes.filter((d) => !said.has(String(d.cells)) && said.add(String(d.cells)));
    this.notes.replaceChildren(...pairs.map((d) => el("li", {
      text: t("clash", { digit: symbol(d.digit), house: houseText(d.kind, d.k), a: name(d.cells[0]), b: name(d.cells[1]) }) })));
  }

  /** @param {number} i @param {boolean} [move] */
  focusCell(i, move = true) {
    this.cells[this.focused].tabIndex = -1;
    this.focused = i;
    this.cells[i].tabIndex = 0;
    if (move) {
      this.cells[i].focus();
      this.cells[i].select();
    }
  }

  // A digit (0: clear) for a cell: the player has checked it, so it is no longer marked uncertain.
  /** @param {number} i @param {number} digit */
  set(i, digit) {
    this.digits[i] = digit;
    this.uncertain.delete(i);
    this.renderBoard();
    this.cells[i].select();
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const i = Number(/** @type {HTMLElement} */ (event.target).dataset.cell);
    if (!Number.isInteger(i) || event.ctrlKey || event.metaKey || event.altKey) return;
    const n = this.n;
    const r = Math.floor(i / n), c = i % n;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const digit = this.digitOf(event.key);
    if (moves[event.key]) {
      event.preventDefault();
      const [dr, dc] = moves[event.key];
      this.focusCell(((r + dr + n) % n) * n + ((c + dc + n) % n));
    } else if (digit) {
      event.preventDefault();
      this.set(i, digit);
    } else if (["Backspace", "Delete", "0", ".", " "].includes(event.key)) {
      event.preventDefault();
      this.set(i, 0);
    } else if (event.key.length === 1) {
      event.preventDefault(); // only digits go into a cell
    }
  }

  // A phone's keyboard (no usable keydown): the cell keeps the last digit typed, anything else clears it.
  /** @param {Event} event */
  onInput(event) {
    const target = /** @type {HTMLInputElement} */ (event.target);
    const i = Number(target.dataset.cell);
    if (!Number.isInteger(i)) return;
    const typed = [...target.value].map((ch) => this.digitOf(ch)).filter(Boolean);
    this.set(i, typed.length ? typed[typed.length - 1] : 0);
  }

  // The digit a key or typed character names on this board (1..n: 1..9, then A..G in either case), or 0.
  /** @param {string} key @returns {number} */
  digitOf(key) {
    if (key.length !== 1) return 0;
    const d = DEFAULT_SYMBOLS.indexOf(key.toUpperCase()) + 1;
    return d >= 1 && d <= this.n ? d : 0;
  }

  play() {
    const line = this.digits.map((d) => symbol(d) || ".").join("");
    this.dialog.close();
    this.load(line);
  }
}

/** @param {{engine: import("./engine.js").EngineClient, load: (line: string) => void}} options */
export function initScan({ engine, load }) {

  return new ScanReader({ engine, load });
}
