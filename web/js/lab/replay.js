// @ts-check
// The replay of an engine trace (sudoku_core.lab.trace): the page's twin of sudoku_core.lab.replay.
//
// The trace is the engine's own record of its search, as events (see sudoku_core/lab.py):
//   ["choose", item, k, kind, place, digit]   ["try", cell, digit]   ["fill", [cell, digit, ...], rule?]
//   ["strike", [cell, digit, ...], rule]   ["undo", cell, digit]   ["backtrack", item]   ["solution"]
// and on a Killer, DLX's ["try", -1, 0, cage, digits] / ["undo", -1, 0, cage, digits]: a cage's digit
// combination taken (an option of the matrix that fills no cell), a level like any other.
// A try pushes a level, a fill adds what the last try forced to its level (on an empty stack: what the
// givens forced), an undo pops the level. So the grid at any step is the givens, plus the root fills,
// plus every level on the stack. Replaying is cheap (a push or a pop per event), so going back a step is
// replaying from the start: no inverse events are needed and the state can never drift.
import { bit } from "../geometry.js";

/**
 * A trace event, as above: its name, then its fields (numbers, or a flat list of cell, digit pairs).
 * @typedef {[string, ...any[]]} TraceEvent
 */
/** The engine's trace of a search (op trace): its events, the side, the givens. @typedef {{events: TraceEvent[], n: number, givens: number[], [field: string]: unknown}} Trace */
/** A level of the search: the try that opened it and what it forced. @typedef {{cell: number, digit: number, fills: [number, number][]}} Level */
/** Why a cell holds its digit. @typedef {"given" | "forced" | "guess" | "fill" | ""} CellKind */

export class Replay {
  // Set by reset(), which the constructor calls.
  /** @type {number[]} */ base;
  /** @type {Set<number>} */ baseForced;
  /** @type {Level[]} */ stack;
  /** @type {number} */ index;
  /** @type {TraceEvent | null} */ last;
  /** @type {Record<"tries" | "placements" | "branchPoints" | "guesses" | "undos" | "backtracks" | "deadEnds" | "forced" | "placed" | "strikes" | "solutions" | "maxDepth", number>} */ counters;
  /** @type {number[]} each open choice's option count */ levels;

  /** @param {Trace} trace */
  constructor(trace) {
    this.trace = trace;
    this.events = trace.events;
    this.n = trace.n;
    this.reset();
  }

  reset() {
    this.base = Array.from(this.trace.givens);
    this.baseForced = new Set();
    this.stack = [];
    this.index = 0;
    this.last = null;
    // The lab's counts (sudoku_core.solvers.ladder): placements (tries and forced fills), branch points
    // (choices among two or more), guesses (tries at them); and the replay's own: undos, backtracks,
    // DLX's forced moves and dead ends, locked strikes. `levels` holds each open choice's option count.
    this.counters = { tries: 0, placements: 0, branchPoints: 0, guesses: 0, undos: 0, backtracks: 0, deadEnds: 0,
      forced: 0, placed: 0, strikes: 0, solutions: 0, maxDepth: 0 };
    this.levels = [];
  }

  get done() {
    return this.index >= this.events.length;
  }

  get depth() {
    return this.stack.length;
  }

  /** @param {TraceEvent} ev */
  apply(ev) {
    const c = this.counters;
    switch (ev[0]) {
      case "choose":
        if (ev[2] === 0) c.deadEnds += 1;
        else if (ev[2] === 1) c.forced += 1;
        if (ev[2] >= 2) c.branchPoints += 1;
        if (ev[2] >= 1) this.levels.push(ev[2]); // a level opens; its backtrack closes it
        break;
      case "try":
        this.stack.push({ cell: ev[1], digit: ev[2], fills: [] });
        c.tries += 1;
        c.placements += 1;
        if (this.levels.length && this.levels[this.levels.length - 1] >= 2) c.guesses += 1;
        if (this.stack.length > c.maxDepth) c.maxDepth = this.stack.length;
        break;
      case "fill": {
        const pairs = ev[1];
        c.placed += pairs.length / 2;
        c.placements += pairs.length / 2;
        for (let i = 0; i < pairs.length; i += 2) {
          if (this.stack.length) this.stack[this.stack.length - 1].fills.push([pairs[i], pairs[i + 1]]);
          else {
            this.base[pairs[i]] = pairs[i + 1];
            this.baseForced.add(pairs[i]);
          }
        }
        break;
      }
      case "undo": {
        const top = this.stack.pop();
        if (!top || top.cell !== ev[1] || top.digit !== ev[2]) {
          throw new Error(`trace event ${this.index}: undo of a level that is not on top`);
        }
        c.undos += 1;
        break;
      }
      case "backtrack":
        c.backtracks += 1;
        this.levels.pop();
        break;
      case "strike": // candidates struck by a rule: no digit moves (the grid shows digits' candidates)
        c.strikes += ev[1].length / 2;
        break;
      case "solution":
        c.solutions += 1;
        break;
      default:
        throw new Error(`trace event ${this.index}: unknown event ${ev[0]}`);
    }
    this.last = ev;
  }

  step() {
    if (this.done) return false;
    this.apply(this.events[this.index]);
    this.index += 1;
    return true;
  }

  /** @param {number} target */
  seek(target) {
    target = Math.max(0, Math.min(this.events.length, target));
    if (target < this.index) this.reset();
    while (this.index < target) this.step();
  }

  // The grid now: digits, and for each cell why it holds its digit ("given", "forced" at the root,
  // "guess" (a try), "fill" (forced by a try), or "" when empty).
  grid() {
    const digits = Array.from(this.base);
    const kinds = digits.map((d, i) => /** @type {CellKind} */ (this.trace.givens[i] ? "given" : d ? "forced" : ""));
    for (const level of this.stack) {
      if (level.cell >= 0) { // (a Killer cage's combination, cell -1, fills no cell)
        digits[level.cell] = level.digit;
        kinds[level.cell] = "guess";
      }
      for (const [cell, digit] of level.fills) {
        digits[cell] = digit;
        kinds[cell] = "fill";
      }
    }
    return { digits, kinds };
  }
}

// The candidates of every empty cell given the digits placed: for DLX exactly the options still in
// the matrix (an option leaves when one of its columns is covered by a placed digit; a Killer's cage
// sums strike more, which this does not show).
/** @param {number[]} digits @param {number[][]} peers @param {number} n @returns {number[]} */
export function candidates(digits, peers, n) {

  return digits.map((d, cell) => {
    if (d) return 0;
    let mask = 0;
    for (const p of peers[cell]) if (digits[p]) mask |= bit(digits[p]);
    return ~mask & ((1 << n) - 1);
  });
}
