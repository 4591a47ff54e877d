// @ts-check
// Watch: the engine's recorded search replayed on a grid, with play, pause, single step (both ways),
// a seek bar, a speed control and counters. The trace comes from the `trace` operation (the real
// engine's events, bounded); js/lab/replay.js turns events into grids. The grid is also where a cell
// is selected for the matrix view ("select" events), by click or by arrow keys and Enter.
import { bit, cellName, houseCells, peersOf } from "../geometry.js";
import { gridCells } from "../board.js";
import { Replay, candidates } from "./replay.js";
import { engineLanguage, houseText, t } from "../i18n.js";
import { lessonHref } from "../practise.js";

import { byId as $ } from "../dom.js";

/** @typedef {import("./replay.js").TraceEvent} TraceEvent */
/** @typedef {import("../geometry.js").Box} Box */
/** @typedef {import("../geometry.js").Cage} Cage */
/** A cell of the drawn grid: its element, its digit's and candidates' elements, its row and column (1-based). */
/** @typedef {{el: HTMLElement, digit: HTMLElement, cands: HTMLElement[], row: number, col: number}} WatchCell */
/** @typedef {{[id: string]: {name: import("../../ops.js").Words}}} LessonNames */

// The lessons (learn.html) of the rules the ladder's rungs name in their events: a locked-candidates
// strike is a pointing or a claiming one (sudoku_core/solvers/ladder.py does both in one fold).
/** @type {Record<string, string[]>} */
const RULE_LESSONS = { naked: ["naked_single"], hidden: ["hidden_single"], locked: ["pointing", "claiming"] };
// The techniques' names in every language, from the Learn page's data (the engine's catalogue), once.
/** @type {Promise<LessonNames> | null} */
let lessonNames = null;
/** @returns {Promise<LessonNames>} */
function loadLessonNames() {
  if (!lessonNames) {
    lessonNames = fetch("data/lessons.json").then((r) => r.json()).then((d) => d.lessons, () => ({}));
  }
  return lessonNames;
}
// Steps per second for each position of the speed slider.
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];

export class WatchView extends EventTarget {
  // Set by build() for the puzzle on show.
  /** @type {number} */ n;
  /** @type {Box} */ box;
  /** @type {{variant: string, regions: number[] | null}} */ shape;
  /** @type {Cage[]} */ cages;
  /** @type {number[]} each cell's cage (-1: none) */ cageOf;
  /** @type {number[][]} */ peers;
  /** @type {number[]} the digits each cell's options can hold (bit d-1) */ allowed;
  // Set as a trace is recorded.
  /** @type {boolean | undefined} */ recording;
  /** @type {[import("../../lab.js").LabWords, string] | null | undefined} the message of the trace recorded, said again in a new language */ recordedSay;

  /** @param {import("../../lab.js").Lab} lab */
  constructor(lab) {
    super();
    this.lab = lab;
    this.board = $("watch-board");
    /** @type {Replay | null} */
    this.replay = null;
    this.playing = false;
    this.frame = 0;
    this.selected = 0;
    /** @type {WatchCell[]} */
    this.cells = [];
    this.serial = 0;
    $("watch-record").addEventListener("click", () => this.record());
    $("watch-play").addEventListener("click", () => (this.playing ? this.pause() : this.play()));
    $("watch-step").addEventListener("click", () => this.stepBy(1));
    $("watch-back").addEventListener("click", () => this.stepBy(-1));
    $("watch-start").addEventListener("click", () => this.seek(0));
    $("watch-end").addEventListener("click", () => this.seek(Infinity));
    $("watch-seek").addEventListener("input", () => this.seek(Number($("watch-seek").value)));
    $("watch-speed").value = "3";
    $("watch-speed").addEventListener("input", () => this.showSpeed());
    this.showSpeed();
    this.board.addEventListener("click", (event) => {
      const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-cell]"));
      if (cell) this.select(Number(cell.dataset.cell), true);
    });
    this.board.addEventListener("keydown", (event) => this.onKey(event));
    lab.onPuzzle((puzzle) => this.setPuzzle(puzzle));
  }

  /** @param {string[]} methods */
  setMethods(methods) {
    const select = $("watch-method");
    select.replaceChildren(...methods.map((m) => {
      const option = document.createElement("option");
      option.value = m;
      option.textContent = this.lab.methodName(m);
      return option;
    }));
    if (methods.includes("dlx-fewest")) select.value = "dlx-fewest";
  }

  get speed() {
    return SPEEDS[Number($("watch-speed").value)] || 10;
  }

  showSpeed() {
    $("watch-speed-text").textContent = t("lab.watch.speed-value", { count: this.speed.toLocaleString("en-US") });
  }

  // In a new language: the method list, the speed, the cells' names and the event line.
  relabel() {
    const select = $("watch-method");
    for (const option of select.options) option.textContent = this.lab.methodName(option.value);
    this.showSpeed();
    $("watch-play").textContent = t(this.playing ? "lab.watch.pause" : "lab.watch.play");
    if (this.recordedSay) this.lab.say(...this.recordedSay);
    if (!this.replay) $("watch-event").textContent = t(this.recording ? "lab.watch.recording" : "lab.watch.none");
    this.render();
  }

  // --- the grid ------------------------------------------------------------------------------------

  /** @param {import("../../lab.js").LabPuzzle} puzzle */
  setPuzzle(puzzle) {
    this.serial += 1;
    this.pause();
    this.replay = null;
    this.build(puzzle.size, puzzle.box, puzzle);
    this.selected = Math.min(this.selected, this.cells.length - 1);
    this.enable(false);
    this.recordedSay = null;
    $("watch-event").textContent = t("lab.watch.none");
    $("watch-counters").replaceChildren();
    this.render();
    this.select(this.selected, false);
  }

  // The grid of a puzzle of any variant: a Jigsaw's regions and X's or Windoku's extra houses as the game
  // page draws them (board.js), and a Killer's cages outlined with their sums; peers follow the houses and
  // the cages (a cage's cells hold different digits).
  /**
   * @param {number} n @param {Box} box
   * @param {{variant?: string, regions?: number[] | null, cages?: Cage[] | null}} [shape]
   */
  build(n, box, { variant = "classic", regions = null, cages = null } = {}) {
    this.n = n;
    this.box = box;
    this.shape = { variant, regions };
    this.cages = cages || [];
    const cageOf = new Array(n * n).fill(-1);
    this.cages.forEach(({ cells }, q) => { for (const c of cells) cageOf[c] = q; });
    this.cageOf = cageOf;
    this.peers = peersOf(n, box, variant, regions).map((list, c) => (cageOf[c] < 0 ? list
      : [...new Set([...list, ...this.cages[cageOf[c]].cells.filter((m) => m !== c)])]));
    // The digits a cell's options can hold: in a Killer cage, those of some combination of its cage (the
    // matrix has no option for the others).
    const cageMasks = this.cages.map(({ sum, cells }) => cageDigits(cells.length, sum, n));
    this.allowed = cageOf.map((q) => (q < 0 ? (1 << n) - 1 : cageMasks[q]));
    this.board.replaceChildren();
    this.board.dataset.variant = variant;
    this.board.dataset.size = String(n);
    this.board.style.setProperty("--n", String(n));
    this.cells = [];
    const showCands = n <= 9;
    const side = Math.ceil(Math.sqrt(n));
    gridCells(this.board, n, box, this.shape).forEach((cell, i) => {
      cell.tabIndex = -1;
      const q = cageOf[i];
      if (q >= 0) {
        const r = Math.floor(i / n);
        const c = i % n;
        cell.dataset.cage = String(q);
        // A dashed edge where the neighbour is in another cage (or none); the sum in the cage's first cell.
        if (r === 0 || cageOf[i - n] !== q) cell.classList.add("cage-top");
        if (r === n - 1 || cageOf[i + n] !== q) cell.classList.add("cage-bottom");
        if (c === 0 || cageOf[i - 1] !== q) cell.classList.add("cage-left");
        if (c === n - 1 || cageOf[i + 1] !== q) cell.classList.add("cage-right");
        if (this.cages[q].cells[0] === i) {
          cell.classList.add("cage-head");
          const sum = document.createElement("span");
          sum.className = "cage-sum";
          sum.setAttribute("aria-hidden", "true");
          // Drawn from data-sum by CSS, as the candidates are: the cell's text stays its digit alone, and
          // its label names the cage.
          sum.dataset.sum = String(this.cages[q].sum);
          cell.append(sum);
        }
      }
      const digit = document.createElement("span");
      digit.className = "digit";
      const cands = document.createElement("span");
      cands.className = "cands";
      cands.setAttribute("aria-hidden", "true");
      cands.style.setProperty("--side", String(side));
      if (showCands) {
        for (let d = 1; d <= n; d++) cands.append(document.createElement("span"));
      }
      cell.append(digit, cands);
      this.cells.push({ el: cell, digit, cands: /** @type {HTMLElement[]} */ ([...cands.children]), row: Math.floor(i / n) + 1,
        col: (i % n) + 1 });
    });
  }

  /** @param {number} cell @param {boolean} notify */
  select(cell, notify) {
    if (!this.cells.length) return;
    const old = this.cells[this.selected];
    if (old) {
      old.el.tabIndex = -1;
      old.el.classList.remove("selected");
      old.el.removeAttribute("aria-selected");
    }
    this.selected = Math.max(0, Math.min(this.cells.length - 1, cell));
    const now = this.cells[this.selected].el;
    now.tabIndex = 0;
    if (notify) {
      now.classList.add("selected");
      now.setAttribute("aria-selected", "true");
      this.dispatchEvent(new CustomEvent("select", { detail: { cell: this.selected } }));
    }
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const n = this.n;
    const i = this.selected;
    /** @type {Record<string, number>} */
    const moves = { ArrowUp: i >= n ? i - n : i, ArrowDown: i + n < n * n ? i + n : i,
      ArrowLeft: i % n ? i - 1 : i, ArrowRight: (i + 1) % n ? i + 1 : i };
    if (event.key in moves) {
      event.preventDefault();
      this.select(moves[event.key], false);
      this.cells[this.selected].el.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.select(i, true);
    }
  }

  // --- recording and replay ------------------------------------------------------------------------

  async record() {
    const lab = this.lab;
    if (!lab.puzzle) return;
    const serial = ++this.serial;
    this.pause();
    const method = $("watch-method").value;
    $("watch-record").disabled = true;
    this.recording = true;
    this.recordedSay = null;
    $("watch-event").textContent = t("lab.watch.recording");
    lab.say(["lab.watch.recording-method", { method: () => lab.methodName(method) }], "busy");
    let trace;
    try {
      trace = await lab.engine.request("trace", { ...lab.payload(), method, node_limit: lab.nodeLimit() });
    } catch (caught) {
      const error = /** @type {import("../engine.js").EngineError} */ (caught);
      if (serial === this.serial) {
        $("watch-event").textContent = t("lab.watch.no-trace");
        lab.say(error.kind === "cancelled" ? ["lab.say.cancelled"] : ["lab.say.plain", { message: lab.describeError(error) }],
          error.kind === "cancelled" ? "info" : "error");
      }
      return;
    } finally {
      $("watch-record").disabled = false;
      this.recording = false;
    }
    if (serial !== this.serial) return;
    this.replay = new Replay(/** @type {import("./replay.js").Trace} */ (trace)); // the trace op's answer
    const seek = $("watch-seek");
    seek.max = String(trace.events.length);
    this.enable(true);
    const events = trace.events.length.toLocaleString("en-US");
    const cut = () => (trace.truncated ? t("lab.watch.cut", { events }) : "");
    const gaveUp = () => (trace.gave_up ? t("lab.watch.gave-up", { nodes: trace.stats.nodes.toLocaleString("en-US") }) : "");
    this.recordedSay = [["lab.watch.recorded", { events, cut, gaveUp }], trace.gave_up ? "warn" : "ok"];
    lab.say(...this.recordedSay);
    this.board.dataset.method = method;
    this.render();
  }

  /** @param {boolean} on */
  enable(on) {
    for (const id of ["watch-start", "watch-back", "watch-play", "watch-step", "watch-end", "watch-seek"]) {
      /** @type {HTMLButtonElement | HTMLInputElement} */ ($(id)).disabled = !on;
    }
  }

  play() {
    if (!this.replay) return;
    if (this.replay.done) this.replay.reset();
    this.playing = true;
    $("watch-play").textContent = t("lab.watch.pause");
    // While playing, the event line changes many times a second: too fast to announce.
    $("watch-event").setAttribute("aria-live", "off");
    this.board.dataset.playing = "";
    let last = performance.now();
    let owed = 0;
    const tick = (/** @type {number} */ now) => {
      const replay = this.replay;
      if (!this.playing || !replay) return;
      // Steps owed since the last frame at the chosen speed; at most one frame's worth is kept back.
      owed = Math.min(owed + ((now - last) / 1000) * this.speed, this.speed / 10 + 1);
      last = now;
      let steps = Math.floor(owed);
      owed -= steps;
      while (steps-- > 0 && replay.step()) { /* apply only; draw once below */ }
      this.render();
      if (replay.done) this.pause();
      else this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
    this.render();
  }

  pause() {
    this.playing = false;
    cancelAnimationFrame(this.frame);
    $("watch-play").textContent = t("lab.watch.play");
    $("watch-event").setAttribute("aria-live", "polite");
    delete this.board.dataset.playing;
  }

  /** @param {number} delta */
  stepBy(delta) {
    if (!this.replay) return;
    this.pause();
    this.replay.seek(this.replay.index + delta);
    this.render();
  }

  /** @param {number} index */
  seek(index) {
    if (!this.replay) return;
    this.pause();
    this.replay.seek(index === Infinity ? this.replay.events.length : index);
    this.render();
  }

  // --- drawing -----------------------------------------------------------------------------------

  render() {
    const puzzle = this.lab.puzzle;
    if (!puzzle || !this.cells.length) return;
    const n = this.n;
    const symbols = puzzle.symbols;
    const replay = this.replay;
    const { digits, kinds } = replay ? replay.grid()
      : { digits: puzzle.cells, kinds: puzzle.cells.map((d) => (d ? "given" : "")) };
    const cands = candidates(digits, this.peers, n).map((m, i) => m & this.allowed[i]);
    /** @type {TraceEvent | null} */
    const ev = replay ? replay.last : null;
    // What the last event touched: the chosen item's cells and digit, or the options a try just covered.
    /** @type {Set<number>} */
    let itemCells = new Set();
    let itemDigit = 0;
    /** @type {number[] | null} */
    let struck = null;
    /** @type {number[] | null} */
    let restored = null;
    let focus = -1;
    if (ev && ev[0] === "choose") {
      itemCells = new Set(ev[3] === "cage" ? this.cages[ev[4]].cells
        : houseCells(ev[3], ev[4], n, this.box, this.shape.variant, this.shape.regions));
      itemDigit = ev[5];
    } else if (ev && (ev[0] === "try" || ev[0] === "undo") && ev[1] < 0) {
      itemCells = new Set(this.cages[ev[3]].cells); // a cage's combination: no cell moves
    } else if (ev && ev[0] === "try") {
      focus = ev[1];
      const before = Array.from(digits);
      before[ev[1]] = 0;
      struck = candidates(before, this.peers, n).map((m, i) => m & this.allowed[i]);
    } else if (ev && ev[0] === "undo") {
      // Uncovering: the options the try had covered come back.
      focus = ev[1];
      const before = Array.from(digits);
      before[ev[1]] = ev[2];
      const was = candidates(before, this.peers, n).map((m, i) => m & this.allowed[i]);
      restored = cands.map((m, i) => m & ~was[i]);
    }
    for (let i = 0; i < this.cells.length; i++) {
      const { el, digit, cands: spans, row, col } = this.cells[i];
      const d = digits[i];
      const text = d ? symbols[d - 1] : "";
      if (digit.textContent !== text) digit.textContent = text;
      el.dataset.kind = kinds[i];
      el.classList.toggle("in-item", itemCells.has(i));
      el.classList.toggle("focus", i === focus);
      el.classList.toggle("undone", i === focus && !!ev && ev[0] === "undo");
      const mask = cands[i];
      const gone = struck && !d ? struck[i] & ~mask : 0;
      const back = restored ? restored[i] : 0;
      for (let k = 0; k < spans.length; k++) {
        const b = bit(k + 1);
        const span = spans[k];
        const show = (mask & b) || (gone & b);
        const want = show ? symbols[k] : "";
        // Drawn from data-d by CSS, so the cell's text is its digit alone and its name starts with it.
        if (span.dataset.d !== want) span.dataset.d = want;
        span.className = gone & b ? "struck" : back & b ? "restored"
          : itemCells.has(i) && itemDigit === k + 1 && (mask & b) ? "item" : "";
      }
      const listed = [];
      for (let k = 0; k < spans.length; k++) if (mask & bit(k + 1)) listed.push(symbols[k]);
      const q = this.cageOf[i];
      const label = t("cell.label", { row, col }) + (d ? t("cell.digit", { digit: text }) + (kinds[i] === "given" ? t("cell.given") : "")
        : t("cell.empty") + (listed.length ? t("lab.cell.candidates", { list: listed.join(" ") }) : ""))
        + (q >= 0 ? t("lab.cell.cage", { cage: q + 1, sum: this.cages[q].sum }) : "");
      if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
    }
    this.board.classList.toggle("solution", Boolean(ev && ev[0] === "solution"));
    if (this.selected >= 0 && this.cells[this.selected].el.classList.contains("selected")) {
      this.cells[this.selected].el.setAttribute("aria-selected", "true");
    }
    if (!replay) return;
    $("watch-seek").value = String(replay.index);
    $("watch-event").textContent = this.describe(ev, replay);
    this.showLessons(ev);
    this.board.dataset.step = String(replay.index);
    this.board.dataset.done = replay.done ? "true" : "false";
    this.counters(replay, digits, cands);
  }

  // Links to the lessons of the rule the event names (a single, locked candidates), beside its words.
  /** @param {TraceEvent | null} ev */
  async showLessons(ev) {
    const box = $("watch-lesson");
    if (!box) return;
    const rule = ev && (ev[0] === "fill" || ev[0] === "strike") ? ev[2] : null;
    const ids = (rule && RULE_LESSONS[rule]) || [];
    if (!ids.length) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const lessons = await loadLessonNames();
    if (this.replay && this.replay.last !== ev) return; // the replay moved on meanwhile
    box.replaceChildren(...ids.flatMap((/** @type {string} */ id, /** @type {number} */ k) => {
      const a = document.createElement("a");
      a.href = lessonHref(id);
      a.dataset.technique = id;
      const name = lessons[id] ? (lessons[id].name[engineLanguage()] || lessons[id].name.en) : id;
      a.textContent = t("lab.lesson", { name });
      return k ? [" · ", a] : [a];
    }));
    box.hidden = false;
  }

  /** @param {TraceEvent | null} ev @param {Replay} replay @returns {string} */
  describe(ev, replay) {
    const method = /** @type {string} */ (replay.trace.method);
    const dlx = method.startsWith("dlx");
    // Each method in its own words: DLX covers columns, a backtracker places digits in cells.
    const say = (/** @type {string} */ key, /** @type {Record<string, unknown>} */ params = {}) =>
      t(dlx ? `lab.ev.${key}-dlx` : `lab.ev.${key}`, params);
    if (!ev) return say("start");
    const symbols = /** @type {import("../../lab.js").LabPuzzle} */ (this.lab.puzzle).symbols; // a replay is of the puzzle on show
    const name = (/** @type {number} */ cell) => cellName(cell, this.n);
    const symbol = (/** @type {number} */ d) => symbols[d - 1];
    const cage = (/** @type {number} */ q) => ({ cage: q + 1, sum: this.cages[q].sum });
    const digitList = (/** @type {number[]} */ digits) => digits.map(symbol).join("");
    const item = (/** @type {TraceEvent} */ ev) => {
      if (ev[3] === "cell") return t("lab.ev.item-cell", { column: ev[1], cell: name(ev[4]) });
      if (ev[3] === "cage") {
        return ev[5] ? t("lab.ev.item-cage-digit", { column: ev[1], ...cage(ev[4]), digit: symbol(ev[5]) })
          : t("lab.ev.item-cage", { column: ev[1], ...cage(ev[4]) });
      }
      return t("lab.ev.item-house", { column: ev[1], house: houseText(ev[3], ev[4]), digit: symbol(ev[5]) });
    };
    switch (ev[0]) {
      case "choose": {
        const k = ev[2];
        if (!dlx) {
          return t(method === "naive" ? "lab.ev.branch-reading" : "lab.ev.branch", { cell: name(ev[1]), count: k });
        }
        if (k === 0) return t("lab.ev.dead-end", { item: item(ev) });
        if (k === 1) return t("lab.ev.forced", { item: item(ev) });
        return t("lab.ev.choose", { item: item(ev), count: k });
      }
      case "try":
        if (ev[1] < 0) return t("lab.ev.try-combination", { ...cage(ev[3]), digits: digitList(ev[4]) });
        return say("try", { cell: name(ev[1]), digit: symbol(ev[2]) });
      case "fill":
        // The ladder's rungs place one forced digit at a time, with the rule that forced it.
        if (ev[2]) return t(`lab.ev.fill-${ev[2]}`, { cell: name(ev[1][0]), digit: symbol(ev[1][1]) });
        return t("lab.ev.fill", { count: ev[1].length / 2 });
      case "strike": {
        const list = [];
        for (let i = 0; i < ev[1].length; i += 2) list.push(`${name(ev[1][i])}≠${symbol(ev[1][i + 1])}`);
        return t("lab.ev.strike", { list: list.join(t("lab.list-separator")) });
      }
      case "undo":
        if (ev[1] < 0) return t("lab.ev.undo-combination", { ...cage(ev[3]), digits: digitList(ev[4]) });
        return say("undo", { cell: name(ev[1]), digit: symbol(ev[2]) });
      case "backtrack":
        return say("backtrack", { column: ev[1], cell: name(ev[1]) });
      case "solution":
        return say("solution");
      default:
        return "";
    }
  }

  /** @param {Replay} replay @param {number[]} digits @param {number[]} cands */
  counters(replay, digits, cands) {
    const c = replay.counters;
    const n = this.n;
    const placed = digits.filter(Boolean).length;
    const options = cands.reduce((k, m) => k + popcount(m), 0);
    const fmt = (/** @type {number} */ x) => x.toLocaleString("en-US");
    const of = (/** @type {number} */ index, /** @type {number} */ total) => t("lab.counter.step-value", { index: fmt(index), total: fmt(total) });
    const step = of(replay.index, replay.events.length);
    // [id, value]: the id names the counter in `data-counter` and its label in the translations.
    const items = [
      ["step", replay.trace.truncated ? t("lab.counter.cut", { value: step }) : step],
      ["depth", t("lab.counter.depth-value", { depth: replay.depth, max: c.maxDepth })],
      ["placements", fmt(c.placements)], ["branch-points", fmt(c.branchPoints)], ["guesses", fmt(c.guesses)],
      ["undos", fmt(c.undos)], ["backtracks", fmt(c.backtracks)],
    ];
    if (/** @type {string} */ (replay.trace.method).startsWith("dlx")) {
      items.push(["forced-moves", fmt(c.forced)], ["dead-ends", fmt(c.deadEnds)]);
      // Four columns a digit in a classic grid; a variant's cells cover more (the matrix view counts them).
      if (this.shape.variant === "classic") {
        items.push(["columns-left", of(4 * n * n - 4 * placed, 4 * n * n)], ["options-left", of(options, n * n * n)]);
      }
    } else {
      items.push(["forced", fmt(c.placed)], ["strikes", fmt(c.strikes)], ["cells-filled", of(placed, n * n)]);
    }
    items.push(["solutions", fmt(c.solutions)]);
    const list = $("watch-counters");
    list.replaceChildren(...items.flatMap(([id, v]) => {
      const dt = document.createElement("dt");
      dt.textContent = t(`lab.counter.${id}`);
      const dd = document.createElement("dd");
      dd.textContent = v;
      dd.dataset.counter = id;
      return [dt, dd];
    }));
  }
}

// The digits (bit d-1 for digit d) of every set of `size` different digits 1..n summing to `total`: what
// sudoku_core.grid.cage_combinations lists, as one mask.
/** @param {number} size @param {number} total @param {number} n @returns {number} */
function cageDigits(size, total, n) {
  let union = 0;
  for (let set = 0; set < 1 << n; set++) {
    if (popcount(set) !== size) continue;
    let sum = 0;
    for (let d = 1; d <= n; d++) if (set & (1 << (d - 1))) sum += d;
    if (sum === total) union |= set;
  }
  return union;
}

/** @param {number} x @returns {number} */
function popcount(x) {
  let k = 0;
  while (x) {
    x &= x - 1;
    k += 1;
  }
  return k;
}
