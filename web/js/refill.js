// @ts-check
// The bank's background refill: when the puzzles left for a choice the player has asked for run low (bank.js:
// the shipped ones not yet served, plus the ones made here), the engine makes more while it has nothing else
// to do. The choices looked after are the shipped bank's levels and any other choice (a symmetry, "minimal",
// a technique to practise, a variant: X, Windoku, Jigsaw, Killer) whose game took New game long to make. It
// runs one generation job (engine.runJob: bridge ops generate_job / job_step, the same generator and rating
// as New game) a slice at a time, only while the page is visible and the player has not used the engine for
// IDLE_MS, so a hint waits at most one slice, and gives a puzzle up after WORK_MS of slices. The puzzles it
// finds are kept (bank.addToBank), so the next game of that choice opens at once and no puzzle is ever served
// twice.
import { isStopped, randomSeed } from "./engine.js";
import { addToBank, bankLeft, bankLine } from "./bank.js";

//: Refill a level once no more than this many of its puzzles are left.
export const LOW = 2;
//: Work only after the player has left the engine alone this long.
const IDLE_MS = 1500;
//: Engine time spent on one puzzle before the refill gives that choice up for this visit.
const WORK_MS = 120_000;

/** @typedef {import("./bank.js").BankKind} BankKind */

export class BankRefill {
  /** @param {import("./engine.js").EngineClient} engine */
  constructor(engine) {
    this.engine = engine;
    /** @type {BankKind[]} */
    this.wanted = []; // [bank.bankKind(...)]: {key, options}, most recent first
    this.running = false;
    this.made = 0; // puzzles made this visit (for tests and the curious)
    this.workMs = 0; // engine time its slices took this visit, puzzles kept or not (bench/browser_bench.py)
    document.addEventListener("visibilitychange", () => this.kick());
  }

  // Keep this choice ({key, options} from bank.bankKind) stocked.
  /** @param {BankKind} kind */
  want(kind) {
    this.wanted = [kind, ...this.wanted.filter((w) => w.key !== kind.key)];
    this.kick();
  }

  kick() {
    if (this.running) return;
    this.running = true;
    this.run().catch(() => {}).finally(() => { this.running = false; });
  }

  // Resolves once the page is visible and the player has left the engine alone for IDLE_MS.
  async quiet() {
    while (document.visibilityState !== "visible" || this.engine.busy || this.engine.idleFor < IDLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  async run() {
    for (;;) {
      const next = this.wanted.find(({ key }) => bankLeft(key) <= LOW);
      if (!next) return;
      const made = await this.make(next);
      // A choice that will not come (out of reach, too slow, or storage full) is not made again this visit.
      if (!made) this.wanted = this.wanted.filter((w) => w !== next);
    }
  }

  // One puzzle of a choice, in slices while the engine is otherwise idle; true when kept.
  /** @param {BankKind} kind @returns {Promise<boolean>} */
  async make({ key, options }) {
    await this.quiet();
    // The engine's time on this puzzle: each slice's, from its request to its answer (not the waits between).
    let worked = performance.now();
    let spent = 0;
    const overspent = new AbortController();
    let r;
    try {
      r = await this.engine.runJob("generate_job", { ...options, seed: randomSeed() }, { background: true,
        signal: overspent.signal,
        onProgress: async () => {
          spent += performance.now() - worked;
          if (spent > WORK_MS) {
            overspent.abort();
            return;
          }
          await this.quiet();
          worked = performance.now();
        } });
    } catch (error) {
      if (isStopped(error)) {
        this.workMs += spent;
        return false;
      }
      throw error;
    }
    spent += performance.now() - worked; // the last slice's, which no progress call counted
    this.workMs += spent;
    // A found puzzle has its line; one asked minimal is banked only when proved so (a large side's may not be:
    // served from the bank, nothing would say it).
    const line = r.found && (!options.minimal || r.minimal) ? bankLine(/** @type {{line: string}} */ (r)) : null;

    if (!line || !addToBank(key, line)) return false;
    this.made += 1;
    return true;
  }
}
