// The game page's shared object, `app` (web/js/main.js): the objects every part of the page uses, and
// each part's functions (each part's init*(app) returns them and main.js adds them). A part reaches
// another through it: app.save(), app.importText(). For the type checker alone (tsconfig's rootDirs lays
// types/ over web/, so web/js reaches it as "../app.js"; no page loads it).
import type { Game } from "../web/js/game.js";
import type { BoardView } from "../web/js/board.js";
import type { DigitPad } from "../web/js/pad.js";
import type { EngineClient } from "../web/js/engine.js";
import type { Settings } from "../web/js/storage.js";
import type { Library } from "../web/js/library.js";
import type { Stats } from "../web/js/stats.js";
import type { initMessages } from "../web/js/messages.js";
import type { SavingPart } from "../web/js/saving.js";
import type { PuzzlesPart } from "../web/js/puzzles.js";
import type { LinksPart } from "../web/js/links.js";
import type { ControlsPart } from "../web/js/controls.js";
import type { FinishPart } from "../web/js/finish.js";
import type { RecordsPart } from "../web/js/records.js";
import type { initHints } from "../web/js/hints.js";
import type { initNewGame } from "../web/js/newgame.js";
import type { initScan } from "../web/js/scan.js";

/** What main.js makes before any part: the model, the views, the engine, the stores, and its drawing. */
export interface Shared {
  game: Game;
  board: BoardView;
  board2: BoardView;
  pad: DigitPad;
  engine: EngineClient;
  settings: Settings;
  library: Library;
  stats: Stats;
  /** digit-first: the digit the next tap places (0: none) */
  view: { armed: number };
  render: () => void;
  renderClock: () => void;
  renderStatus: () => void;
  statInfo: () => { n: number; variant: string; level: string | null; daily: string | null };
}

/** The page's panels, added once the boot has made them. */
export interface Panels {
  hints: ReturnType<typeof initHints>;
  newGame: ReturnType<typeof initNewGame>;
  scan: ReturnType<typeof initScan>;
}

export type App = Shared & ReturnType<typeof initMessages> & SavingPart
  & PuzzlesPart & LinksPart & ControlsPart
  & FinishPart & RecordsPart & Panels;

declare global {
  interface Window {
    /** For tests and the benchmark: the page's parts (main.js, lab/main.js, learn/main.js). */
    sudoku: { [part: string]: unknown };
  }
}
