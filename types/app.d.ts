// What the pages leave on `window` for tests and the benchmark (main.js, lab/main.js, learn/main.js). For
// the type checker alone (tsconfig's rootDirs lays types/ over web/; no page loads it). The game page's
// parts are given what they use as typed parameters (main.js, each part's *Needs type), not a shared object.
export {};

declare global {
  interface Window {
    /** For tests and the benchmark: the page's parts (main.js, lab/main.js, learn/main.js). */
    sudoku: { [part: string]: unknown };
  }
}
