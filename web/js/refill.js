// The bank's background refill: when the puzzles left for a level the player has asked for run low
// (bank.js: the shipped ones not yet served, plus the ones made here), the engine makes more while it
// has nothing else to do. It runs one generation job (bridge ops generate_job / job_step, the same
// generator and rating as New game, the bank's own symmetry) a slice at a time, only while the page is
// visible and the player has not used the engine for IDLE_MS, so a hint waits at most one slice. The
// puzzles it finds are kept (bank.addToBank), so the next game at that level opens at once and no
// puzzle is ever served twice.
import { SLICE_MS, randomSeed } from "./engine.js";
import { BANK_SYMMETRY, addToBank, bankLeft } from "./bank.js";

//: Refill a level once no more than this many of its puzzles are left.
export const LOW = 2;
//: Work only after the player has left the engine alone this long.
const IDLE_MS = 1500;

export class BankRefill {
  constructor(engine) {
    this.engine = engine;
    this.wanted = []; // [{size, level}], most recent first
    this.running = false;
    this.made = 0; // puzzles made this visit (for tests and the curious)
    document.addEventListener("visibilitychange", () => this.kick());
  }

  // The player asked for a game at size/level (served by the bank or not): keep that level stocked.
  want(size, level) {
    this.wanted = [{ size, level }, ...this.wanted.filter((w) => w.size !== size || w.level !== level)];
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
      const next = this.wanted.find(({ size, level }) => bankLeft(size, level) <= LOW);
      if (!next) return;
      const made = await this.make(next);
      // A level that will not come (out of reach, or storage full) is not asked for again this visit.
      if (!made) this.wanted = this.wanted.filter((w) => w !== next);
    }
  }

  // One puzzle for {size, level}, in slices while the engine is otherwise idle; true when kept.
  async make({ size, level }) {
    const background = { background: true };
    await this.quiet();
    let r = await this.engine.request("generate_job",
      { size, level, symmetry: BANK_SYMMETRY, seed: randomSeed(), ms: SLICE_MS }, background);
    while (!r.done) {
      await this.quiet();
      r = await this.engine.request("job_step", { job: r.job, ms: SLICE_MS }, background);
    }
    if (!r.found || !addToBank(size, level, r.line)) return false;
    this.made += 1;
    return true;
  }
}
