// @ts-check
// Links and exports: the address bar always holds the puzzle on the board (share.js's fragment), a
// link opens its puzzle (or the open game of it), and the export buttons copy the puzzle as a line, a
// grid or a link with the player's progress. Part of the app that main.js wires together (see initLinks).
import { gridFromLine } from "./game.js";
import { DEFAULT_SYMBOLS, cellName } from "./geometry.js";
import { parseProgress, progressFragment, progressProblem, progressSide, readFragment, splitFragment,
  writeFragment } from "./share.js";
import { t } from "./i18n.js";
import { byId as $ } from "./dom.js";

/** @typedef {import("./messages.js").Messages} Messages */
/**
 * What links use (main.js passes it): the game, the engine, the library, the message line, saving's
 * current entry and resume, and reading a puzzle.
 * @typedef {{game: import("./game.js").Game, engine: import("./engine.js").EngineClient, library: import("./library.js").Library,
 *   messages: Messages, currentId: import("./saving.js").SavingPart["currentId"],
 *   resumeGame: import("./saving.js").SavingPart["resumeGame"], importText: import("./puzzles.js").PuzzlesPart["importText"]}} LinksNeeds
 */
/** @type {LinksNeeds} */
let needs;

/** @type {import("./game.js").Game} */ let game;
/** @type {import("./engine.js").EngineClient} */ let engine;
/** @type {import("./library.js").Library} */ let library;
// messages.js
/** @type {Messages["say"]} */ let say;
/** @type {Messages["ask"]} */ let ask;
/** @type {Messages["copyOut"]} */ let copyOut;

/** A link's parts: the puzzle, and the progress it carries. @typedef {{puzzle: string, entries: string, notes: string, corners: string}} LinkParts */
/** What the export buttons copy. @typedef {"line" | "grid" | "link"} ExportKind */

/** @type {string | null} */
let lastShared = null; // the puzzle line the address shows
// The address (and the Puzzle box, unless it holds what the player pasted) follows the puzzle on the board.
function shareCurrent() {
  const line = game.hasPuzzle ? game.shareLine() : "";
  if (line === lastShared) return;
  lastShared = line;
  writeFragment(line);
  if (game.info.source !== "paste") $("puzzle-text").value = line;
}

// The address shows `line` (or, with null, whatever it shows is to be written again): shareCurrent
// writes the address only when the board's puzzle differs from it.
/** @param {string | null} line */
function markShared(line) {
  lastShared = line;
}

// Another game is on the board (Resume, a reload, a link refused): the address and the Puzzle box are its.
function showGame() {
  lastShared = null;
  shareCurrent();
  $("puzzle-text").value = game.hasPuzzle ? game.shareLine() : "";
}

// What is wrong with a link's progress for a puzzle of side n, in the page's words (null: nothing).
/** @param {LinkParts} parts @param {number} n */
function progressError(parts, n) {
  const problem = progressProblem(parts, n, DEFAULT_SYMBOLS);
  if (!problem) return null;
  const { cell, ...params } = problem.params;
  const size = `${n}×${n}`;
  return t(problem.key, { ...params, size, cell: cell === undefined ? "" : cellName(cell, n) });
}

// A link whose progress does not fit is refused before anything is loaded or saved: the game on the
// board stays, and so does its address.
/** @param {string} reason */
function refuseLink(reason) {
  say(["msg.link-refused", { reason }], "error");
  showGame();
}

// A link opens its puzzle as a new entry of the library. When this browser already has an open game
// of that puzzle, the link resumes it; a link that carries other progress asks which to keep.
/** @param {string} [text] */
async function loadFromFragment(text = readFragment()) {
  if (!text || text === lastShared) return;
  const parts = splitFragment(text);
  const hasProgress = !!(parts.entries || parts.notes || parts.corners);
  if (hasProgress) {
    const n = progressSide(parts);
    const error = n ? progressError(parts, n) : t("link.bad-size", { count: [...(parts.entries || "")].length });
    if (error) {
      refuseLink(error);
      return;
    }
  }
  lastShared = null; // whatever loads next writes its own address
  $("puzzle-text").value = parts.puzzle;
  const open = library.findOpen(parts.puzzle);
  if (open) {
    const mine = open.moves || open.filled;
    let resume = !hasProgress || (mine && sameProgress(open.id, parts));
    if (!resume && mine) {
      const answer = await ask(t("msg.link-conflict", { count: open.filled }), t("msg.link-mine"), t("msg.link-theirs"));
      resume = answer !== false;
    }
    if (resume && (open.id === needs.currentId() || needs.resumeGame(open.id))) {
      lastShared = parts.puzzle;
      say([hasProgress ? "msg.link-mine-kept" : "msg.link-same"], "ok");
      if (hasProgress) writeFragment(parts.puzzle);
      return;
    }
  }
  // A link as this app writes it is shown at once, so the grid does not wait for the engine (2-4 s);
  // the engine still reads it, and reports its conflicts, unless the player has changed givens or
  // loaded another puzzle meanwhile.
  const early = engine.state === "loading" && !hasProgress ? gridFromLine(parts.puzzle) : null;
  if (early) game.load(early, "load", { source: "link" });
  const loaded = await needs.importText(parts.puzzle, { fromShare: true, progress: hasProgress ? parts : null,
    early: early ? game.revision : null, refuse: (/** @type {number} */ n) => {
      const error = progressError(parts, n);
      if (error) refuseLink(error);
      return !!error;
    } });
  if (loaded && hasProgress) writeFragment(parts.puzzle);
  if (!loaded) {
    // Not opened (unreadable, refused, or the grid changed meanwhile): the address is the board's game
    // again; the Puzzle box keeps the link's text, where a parse error points.
    lastShared = game.hasPuzzle ? game.shareLine() : "";
    writeFragment(lastShared);
  }
}

// Whether a saved game holds the same digits as a link's progress.
/** @param {string} id @param {LinkParts} parts */
function sameProgress(id, parts) {
  const saved = id === needs.currentId() ? game.toJSON() : library.read(id).value;
  if (!saved || !Array.isArray(saved.entries)) return false;
  const n = saved.box[0] * saved.box[1];
  const progress = parseProgress(parts, n * n, DEFAULT_SYMBOLS);
  if (!progress) return false;
  return saved.entries.every((/** @type {number} */ d, /** @type {number} */ i) => (saved.givens[i] ? 0 : d) === (progress.entries[i] || 0));
}

// --- export --------------------------------------------------------------------------------------

/** @param {ExportKind} kind @param {boolean} [withProgress] @returns {string} */
function exportText(kind, withProgress = $("export-progress").checked) {
  const progress = withProgress && game.mode === "play";
  const digits = progress ? game.filled() : game.givens;
  const symbol = (/** @type {number} */ d) => (d ? game.symbols[d - 1] : ".");
  if (kind === "line") return game.variantLine(digits.map(symbol).join(""));
  if (kind === "grid") {
    // A variant grid is written in the header form of docs/variants.md, which the import box reads back.
    return game.headerForm(game.rowsOf(digits.map(symbol)));
  }
  const url = new URL(location.href);
  const line = game.shareLine();
  const entries = game.entries.map((/** @type {number} */ d, /** @type {number} */ i) =>
 (d && !game.givens[i] ? DEFAULT_SYMBOLS[d - 1] : ".")).join("");
  url.hash = encodeURIComponent(progress ? progressFragment(line, entries, game.notes, game.corners) : line);
  return url.href;
}

/** @param {ExportKind} kind @param {boolean} [withProgress] */
async function copyExport(kind, withProgress) {
  await copyOut($("export-text"), exportText(kind, withProgress));
}

// `given`: what this part uses of the page's others (main.js passes it). Returns this part's functions.
/**
 * This part's functions, which main.js passes to the parts that use them.
 * @typedef {{shareCurrent: () => void, markShared: (line: string | null) => void, showGame: () => void,
 *   loadFromFragment: (text?: string) => Promise<void>, exportText: (kind: ExportKind, withProgress?: boolean) => string,
 *   copyExport: (kind: ExportKind, withProgress?: boolean) => Promise<void>}} LinksPart
 */

/** @param {LinksNeeds} given @returns {LinksPart} */
export function initLinks(given) {
  needs = given;
  ({ game, engine, library } = given);
  ({ say, ask, copyOut } = given.messages);
  $("copy-line").addEventListener("click", () => copyExport("line"));
  $("copy-grid").addEventListener("click", () => copyExport("grid"));
  $("copy-link").addEventListener("click", () => copyExport("link"));
  $("print").addEventListener("click", () => window.print());
  // The share link in the study panel copies the link (the address bar already holds it).
  $("share-link").addEventListener("click", (event) => {
    event.preventDefault();
    copyExport("link", false);
  });
  window.addEventListener("hashchange", () => loadFromFragment());
  return { shareCurrent, markShared, showGame, loadFromFragment, exportText, copyExport };
}
