// @ts-check
// Puzzles in and out of the engine: reading pasted or typed text (and a link's) into a game, the rule
// conflicts while typing, the solution to check mistakes against, and Solve. Part of the app that
// main.js wires together (see initPuzzles).
import { DEFAULT_SYMBOLS, cellName } from "./geometry.js";
import { parseProgress } from "./share.js";
import { t } from "./i18n.js";
import { byId as $ } from "./dom.js";

/** @typedef {import("./messages.js").Messages} Messages */
/**
 * What reading puzzles uses (main.js passes it): the game, the board, the engine, the message line and saving.
 * @typedef {{game: import("./game.js").Game, board: import("./board.js").BoardView, engine: import("./engine.js").EngineClient,
 *   messages: Messages, save: import("./saving.js").SavingPart["save"]}} PuzzlesNeeds
 */
/** @type {PuzzlesNeeds} */
let needs;

/** @type {import("./game.js").Game} */
let game;
/** @type {import("./board.js").BoardView} */
let board;
/** @type {import("./engine.js").EngineClient} */
let engine;
// messages.js
/** @type {Messages["say"]} */ let say;
/** @type {Messages["sayStats"]} */ let sayStats;
/** @type {Messages["describeError"]} */ let describeError;
/** @type {Messages["conflictText"]} */ let conflictText;
/** @type {Messages["sizeText"]} */ let sizeText;
/** @type {Messages["ask"]} */ let ask;
/**
 * How to read a text: from a link (`fromShare`) with its `progress`, `early` (the revision at which the
 * page showed these givens itself), `refuse(n)` and `origin`, as importText says.
 * @typedef {{fromShare?: boolean, progress?: {entries: string, notes: string, corners?: string} | null, early?: number | null,
 *   refuse?: ((n: number) => boolean) | null, origin?: string}} ImportOptions
 */

// Parse text in any format the engine reads and load it; returns true when it loaded.
// `early`: the revision at which the page showed these givens itself (see loadFromFragment).
// An honest import: a puzzle with no solution or several opens for editing and says which (and where
// two solutions differ); a text whose symbols would be read as blanks is refused, naming the option.
let importSerial = 0;
// `refuse(n)`: a link's check of its progress against the puzzle's side n, true when it refused the link
// (before anything is loaded or saved).
// `origin`: where the text came from, for My games (a picture read by scan.js: "picture").
/** @param {string} text @param {ImportOptions} [options] @returns {Promise<boolean>} */
async function importText(text, { fromShare = false, progress = null, early = null, refuse = null, origin = "paste" } = {}) {
  const serial = ++importSerial;
  const source = $("puzzle-text");
  source.removeAttribute("aria-invalid");
  if (!text.trim()) {
    say(["msg.empty-text"], "error");
    return false;
  }
  say([engine.state === "loading" ? "msg.reading-wait" : "msg.reading"]);
  const alphabet = fromShare ? "" : $("alphabet").value;
  let result;
  try {
    result = await engine.request("parse", alphabet ? { text, alphabet } : { text });
  } catch (caught) {
    const error = /** @type {import("./engine.js").EngineError} */ (caught);
    if (serial !== importSerial) return false;
    source.setAttribute("aria-invalid", "true");
    sayStats("");
    say(["msg.unreadable", { error: describeError(error) }], "error");
    if (error.details) {
      pointAt(source, text, /** @type {{line?: number, column?: number}} */ (error.details));
      if (error.details.cells) game.mark(/** @type {number[]} */ (error.details.cells));
    }
    return false;
  }
  if (serial !== importSerial) return false;
  // A 16x16 in 0-F read with the default symbols (1-9, A-G) turns every 0 into a blank: refuse it.
  if (!alphabet && !fromShare && result.size === 16 && /0/.test(text) && !/[gG]/.test(text)) {
    source.setAttribute("aria-invalid", "true");
    say(["msg.hex-refused", { option: t("alphabet.hex") }], "error");
    return false;
  }
  // Only the newest import counts; one whose givens the page already showed counts only while the
  // grid still holds them (the player may have begun: loading them again would throw that away).
  if (early !== null && early !== game.revision) {
    say(["msg.link-kept"], "info");
    return false;
  }
  if (progress && refuse && refuse(result.size)) return false;
  const info = { source: fromShare ? "link" : origin };
  if (early === null || !sameGrid(result)) game.load(result, "load", info);
  game.setConflicts(result.conflicts);
  const size = sizeText(result.size, result.variant);
  $("size").value = String(result.size);
  sayStats("");
  // Givens that break a rule cannot be played: stay in (or go back to) entering, to fix them.
  if (result.conflicts.length) {
    game.setMode("edit");
    say(["msg.loaded-conflicts", { size }], "error", result.conflicts.map((c) => () => conflictText(c)));
    return true;
  }
  const loadedKey = fromShare ? "msg.loaded-link" : "msg.loaded";
  say([loadedKey, { size, givens: result.givens }], "ok", [], { quiet: true });
  const revision = game.revision;
  const verdict = await truthCheck();
  if (revision !== game.revision || serial !== importSerial) return true;
  if (verdict.status === "unique") {
    if (progress) applyProgress(progress);
    say([fromShare ? "msg.unique-loaded-link" : "msg.unique-loaded", { size, givens: result.givens }], "ok", [],
      { quiet: true });
  } else if (verdict.status === "no_solution") {
    game.setMode("edit");
    say(["msg.import-none", { size }], "error");
  } else if (verdict.status === "multiple") {
    game.setMode("edit");
    game.setSolutions(verdict.cells, verdict.differences);
    const cells = verdict.differences.map((i) => cellName(i, game.n));
    say(["msg.import-multiple", { size, count: verdict.differences.length }], "warn",
      [cells.slice(0, 24).join(" ") + (cells.length > 24 ? " …" : "")]);
  } else {
    if (progress) applyProgress(progress);
    say(["msg.import-unchecked", { size, givens: result.givens }], "warn");
  }
  return true;
}

// How many solutions the givens have: {status: "unique" | "no_solution" | "multiple" | "gave_up"
// | "unknown", cells, differences}. Sets the solution to check mistakes against when unique.
/** @returns {Promise<{status: string, cells: number[][], differences: number[]}>} */
async function truthCheck() {
  const revision = game.revision;
  try {
    const result = await engine.request("solve", { ...game.payload(), method: "dlx", limit: 2 });
    if (revision === game.revision && result.status === "unique") game.setTruth(result.cells[0]);
    return result;
  } catch {
    return { status: "unknown", cells: [], differences: [] };
  }
}

// Progress from a link: the player's digits and notes as one move (so it can be undone).
/** @param {{entries: string, notes: string, corners?: string}} fragment */
function applyProgress(fragment) {
  const progress = parseProgress(fragment, game.ncells, DEFAULT_SYMBOLS);
  if (!progress || game.mode !== "play") return;
  /** @type {import("./game.js").Change[]} */
  const changes = [];
  for (let i = 0; i < game.ncells; i++) {
    if (game.givens[i]) continue;
    if (progress.entries[i]) changes.push(game.change(i, "entry", progress.entries[i]));
    if (progress.notes[i]) changes.push(game.change(i, "notes", progress.notes[i] & ((1 << game.n) - 1)));
    if (progress.corners[i]) changes.push(game.change(i, "corner", progress.corners[i] & ((1 << game.n) - 1)));
  }
  game.apply({ type: "import", changes });
}

// Select the character a parse error names, so the text shows where it is wrong.
/** @param {HTMLTextAreaElement} textarea @param {string} text @param {{line?: number, column?: number}} at */
function pointAt(textarea, text, { line, column }) {
  if (!line || !column) return;
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += column - 1;
  if (textarea.value === text) textarea.setSelectionRange(offset, offset + 1);
}

// --- conflicts while typing, and the solution to check against -----------------------------------

// Rule conflicts are marked on the grid at once by the model; the engine words them.
let checkSerial = 0;
async function checkConflicts() {
  const serial = ++checkSerial;
  const play = game.mode === "play";
  try {
    const result = await engine.request("parse", play ? game.playPayload() : game.payload());
    if (serial !== checkSerial) return;
    game.setConflicts(result.conflicts);
    if (result.conflicts.length) {
      const lines = result.conflicts.map((c) => () => conflictText(c));
      say([play ? "msg.digits-conflict" : "msg.givens-conflict"], "error", lines);
    } else if ($("message").dataset.kind === "error") {
      say(["msg.no-conflicts"], "info");
    }
  } catch {
    // Cancelled or the engine is restarting: the next edit checks again.
  }
}

// The unique solution of the givens, for optional mistake checking and "rewind to the last correct
// position"; with two solutions (or none) there is nothing to check against.
async function findTruth() {
  if (game.mode !== "play" || game.truth) return;
  const revision = game.revision;
  try {
    const result = await engine.request("solve", { ...game.payload(), method: "dlx", limit: 2 });
    if (revision !== game.revision || game.mode !== "play") return;
    game.setTruth(result.status === "unique" ? result.cells[0] : null);
  } catch {
    // Cancelled or restarting: the next load asks again; rule conflicts are still shown.
  }
}

// --- solve ------------------------------------------------------------------------------------

async function solveCurrent() {
  if (game.mode === "play" && game.paused) {
    say(["msg.paused"], "info");
    return;
  }
  // Revealing the solution during a game asks first, and marks the game as assisted.
  const playing = game.mode === "play" && !game.finished && game.filled().some((d) => !d);
  if (playing) {
    if (!(await ask(t("msg.solve-confirm"), t("msg.solve-yes"), t("msg.keep-playing")))) return;
    game.assisted = true;
    needs.save();
  }
  const method = $("method").value;
  const revision = game.revision;
  say([engine.state === "loading" ? "msg.solving-wait" : "msg.solving"], "busy");
  sayStats("");
  const started = performance.now();
  let result;
  try {
    result = await engine.request("solve", { ...game.payload(), method, limit: 2 });
  } catch (caught) {
    const error = /** @type {import("./engine.js").EngineError} */ (caught);
    say(describeError(error), error.kind === "cancelled" ? "info" : "error");
    return;
  }
  if (revision !== game.revision) {
    say(["msg.changed"], "info");
    return;
  }
  const roundTrip = performance.now() - started;
  game.setConflicts(result.conflicts);
  game.setSolutions(result.cells, result.differences);
  if (result.status === "unique" && game.mode === "play" && !game.truth) game.setTruth(result.cells[0]);
  const conflictLines = result.conflicts.map((c) => () => conflictText(c));
  if (result.status === "unique" || result.status === "solved") {
    say([result.status === "unique" ? "msg.unique" : "msg.solved"], "ok");
  } else if (result.status === "multiple") {
    say(["msg.multiple", { count: result.differences.length }], "warn");
  } else if (result.status === "no_solution") {
    say(["msg.none"], "error", conflictLines);
  } else {
    say(["msg.gave-up", { nodes: result.stats.nodes }], "warn");
  }
  const stats = result.stats;
  const parts = [t("stats.engine", { method: t(`method.${result.method}`), ms: result.ms.toFixed(1) }),
    t("stats.nodes", { count: stats.nodes ?? 0 }), t("stats.guesses", { count: stats.guesses ?? 0 })];
  if (stats.updates !== undefined) parts.push(t("stats.updates", { count: stats.updates }));
  parts.push(t("stats.round", { ms: roundTrip.toFixed(0) }));
  sayStats(parts.join(" · "));
}

/** @param {import("../ops.js").GridValue} grid */
function sameGrid({ box, cells, symbols, variant = "classic", regions = null, cages = null }) {
  return game.box[0] === box[0] && game.box[1] === box[1] && game.symbols === symbols && game.variant === variant
    && String(game.regions) === String(variant === "jigsaw" ? regions : null)
    && JSON.stringify(game.cages) === JSON.stringify(variant === "killer" ? cages : null)
    && game.givens.length === cells.length && game.givens.every((d, i) => d === cells[i]);
}

// `given`: what this part uses of the page's others (main.js passes it). Returns this part's functions.
/**
 * This part's functions, which main.js passes to the parts that use them.
 * @typedef {{importText: (text: string, options?: ImportOptions) => Promise<boolean>, checkConflicts: () => Promise<void>,
 *   findTruth: () => Promise<void>}} PuzzlesPart
 */

/** @param {PuzzlesNeeds} given @returns {PuzzlesPart} */
export function initPuzzles(given) {
  needs = given;
  ({ game, board, engine } = given);
  ({ say, sayStats, describeError, conflictText, sizeText, ask } = given.messages);
  $("load").addEventListener("click", () => importText($("puzzle-text").value));
  $("puzzle-text").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      importText($("puzzle-text").value);
    }
  });
  $("puzzle-text").addEventListener("paste", () => {
    // Let the paste land in the textarea, then read it.
    setTimeout(() => importText($("puzzle-text").value), 0);
  });
  $("solve").addEventListener("click", solveCurrent);
  $("cancel").addEventListener("click", () => engine.cancel());
  $("clear-solution").addEventListener("click", () => {
    game.clearSolution();
    say(["msg.cleared"], "info");
    sayStats("");
  });
  $("new-grid").addEventListener("click", () => {
    game.reset(Number($("size").value));
    say(["msg.empty-grid", { size: sizeText() }], "info");
    sayStats("");
    board.moveFocus(0);
  });
  $("size").addEventListener("change", () => {
    if (!game.hasPuzzle) game.reset(Number($("size").value));
  });
  return { importText, checkConflicts, findTruth };
}
