// @ts-check
// Saving: every game is an entry of the library (library.js), saved after each change; another tab's
// newer save of the same game is taken, not overwritten; a refused or unreadable save is said at once,
// with the game offered as a link. Part of the app that main.js wires together (see initSaving).
import { t } from "./i18n.js";
import { INDEX_KEY } from "./library.js";
import { byId as $ } from "./dom.js";

/**
 * What saving uses (main.js passes it): the game, the stores, and My games' and the links' functions
 * (written out here, not named from records.js and links.js, which name saving's: the build's content
 * hashes count a type's import as an import, and need no cycles).
 * @typedef {{game: import("./game.js").Game, library: import("./library.js").Library, stats: import("./stats.js").Stats,
 *   renderGames: () => void, showGame: () => void,
 *   exportText: (kind: "link", withProgress: boolean) => string,
 *   copyExport: (kind: "link", withProgress: boolean) => unknown}} SavingNeeds
 */
/** @type {SavingNeeds} */
let needs;

/** @type {import("./game.js").Game} */
let game;
/** @type {import("./library.js").Library} */
let library;
/** @type {import("./stats.js").Stats} */
let stats;
/** @type {string | null} */
let currentId = null; // the library entry of the game on the board
/** What is said about saving. @typedef {"full" | "low" | "blocked" | "corrupt" | "index" | "records"} SaveProblem */

// The entry for a puzzle just put on the board: a new one, unless the current entry was never
// touched (no move, no digit, not finished, not a puzzle being typed in) and no other tab has shown it
// since this one did (library.js), which the new puzzle takes.
function beginEntry() {
  roomKnown = false;
  const current = currentId;
  const entry = current && library.get(current);
  const untouched = entry && !entry.moves && !entry.filled && !entry.finished && !stats.find(current)
    && (entry.mode === "play" || !entry.givens) && library.ownedHere(current);

  if (untouched) return;
  const { id, saved } = library.add(game);
  currentId = id;
  if (!saved) showSaveProblem("full");
}

let saveFailed = false;

// Storage so full that this save fitted (it replaced one of the same size) but the next moves will
// not: said at once, when a puzzle is put on the board, not at the first move that fails. Probed at the
// first save of each puzzle put on the board, and after every save while it is said (so it goes when
// room is made).
let roomKnown = false;
function checkRoom() {
  const low = told.some((p) => p.kind === "low");
  if (library.blocked || (!low && roomKnown)) return;
  roomKnown = true;
  const room = library.hasRoom();
  if (!room && !low) showSaveProblem("low");
  if (room && low) hideSaveProblem();
}
let syncing = false; // taking another tab's newer save: nothing to write back

// The same puzzle (size, symbols' places, givens, variant) as the game on the board.
/** @param {any} saved a saved game */
function samePuzzle(saved) {
  const shape = (/** @type {any} */ g) => JSON.stringify([g.box, g.givens, g.variant || "classic", g.regions || null, g.cages || null]);
  return shape(saved) === shape({ ...game.shape(), box: game.box, givens: game.givens });
}

function syncFromStorage() {
  const { value } = library.read(/** @type {string} */ (currentId));
  if (!value) return;
  if (!samePuzzle(value)) {
    // Another tab put another puzzle under this game's key (it took over an entry it thought untouched):
    // this tab's game moves to an entry of its own, so neither is lost and this board stays as it is.
    currentId = null;
    beginEntry();
    return;
  }
  syncing = true;
  try {
    game.restore(value);
  } catch {
    // Not a game this release can read: leave the board as it is.
  } finally {
    syncing = false;
  }
}
// `passive`: not the player's doing (the page hidden or closed, an answer from the engine); such a
// save gives way to another tab's newer save of the same game, which this tab then takes.
/** @param {{passive?: boolean}} [options] */
function save({ passive = false } = {}) {
  if (!currentId) beginEntry();
  const ok = library.save(/** @type {string} */ (currentId), game, { passive });
  if (ok === "stale") {
    syncFromStorage();
    return;
  }
  if (!ok && !saveFailed) showSaveProblem(library.blocked ? "blocked" : "full");
  if (ok && saveFailed) hideSaveProblem();
  saveFailed = !ok;
  if (ok) checkRoom();
  if ($("games").open) needs.renderGames();
}

// Storage refused a write (full, private mode) or held something unreadable: say so at once, keep
// playing in memory, and offer the game as a link (and the unreadable text) so nothing is lost. Each
// kind of problem is said once, in its own words (`save.<kind>`), with the others of this visit.
/** @type {{kind: SaveProblem, key: string, raw: string | null}[]} */
const told = []; // [{kind, key, raw}] the problems on show
/** @param {SaveProblem} kind @param {string | null} [raw] @param {string} [key] */
function showSaveProblem(kind, raw = null, key = "") {
  if (kind === "full") hideSaveProblem(["low"]); // "may not be saved" has come true: said by "full"
  if (!told.some((p) => p.kind === kind && p.key === key)) told.push({ kind, key, raw });
  $("save-problem").hidden = false;
  $("save-problem-text").textContent = [...new Set(told.map((p) => t(`save.${p.kind}`)))].join(" ");
  const texts = told.filter((p) => p.raw !== null);
  $("save-aside").hidden = !texts.length;
  $("save-aside").onclick = () => {
    $("save-text").hidden = false;
    $("save-text").value = texts.map((p) => (texts.length > 1 ? `${p.key}\n${p.raw}` : p.raw)).join("\n\n");
    $("save-text").select();
  };
}

// A failed save that now succeeded, or room made: that problem is over (the others stay said).
/** @param {SaveProblem[]} [kinds] */
function hideSaveProblem(kinds = ["full", "blocked", "low"]) {
  for (let i = told.length - 1; i >= 0; i--) if (kinds.includes(told[i].kind)) told.splice(i, 1);
  if (told.length) {
    $("save-problem-text").textContent = [...new Set(told.map((p) => t(`save.${p.kind}`)))].join(" ");
    return;
  }
  $("save-problem").hidden = true;
  $("save-text").hidden = true;
}

// What storage held that could not be read, said once each: the games' list, the statistics, a game.
/** @param {string} key @returns {SaveProblem} */
function problemKind(key) {
  if (key === INDEX_KEY) return "index";
  if (key.startsWith("sudoku.records.")) return "records";
  return "corrupt";
}

function reportStorageProblems() {
  for (const problem of [...library.problems, ...(stats.problem ? [stats.problem] : [])]) {
    showSaveProblem(problemKind(problem.key), problem.raw, problem.key);
  }
  if (library.blocked) showSaveProblem("blocked");
}

// Put a saved game of the library on the board: false (with the player told) when it cannot be read,
// else {unsaved}: true when the game came from this tab's own copy of a save storage refused.
// `address: false` leaves the address as it is, and `claim: false` leaves the game unclaimed (a link
// there is still to be read).
/** @param {string} id @param {{address?: boolean, claim?: boolean}} [options] @returns {false | {unsaved: boolean}} */
function resumeGame(id, { address = true, claim = true } = {}) {
  const { value, error, raw, unsaved = false } = library.read(id);
  if (!value) {
    if (error !== "missing") showSaveProblem(error === "blocked" ? "blocked" : "corrupt", raw ?? null, `sudoku.game.v2.${id}`);
    if (error === "missing") library.remove(id);
    return false;
  }
  if (currentId && currentId !== id) save({ passive: true }); // the game being left keeps its clock
  const before = currentId;
  currentId = id;
  try {
    game.restore(value);
  } catch (e) {
    currentId = before;
    const text = raw ?? JSON.stringify(value); // the stored text as it was (a tab's own copy has none)
    library.setAside(id, text);
    showSaveProblem("corrupt", text, `sudoku.game.v2.${id}`);
    console.warn(/** @type {Error} */ (e).message);
    return false;
  }
  library.select(id, { claim });
  roomKnown = false;
  checkRoom();
  $("size").value = String(game.n);
  if (address) needs.showGame();
  if (unsaved) save(); // storage may have room again; if not, the player is told now
  return { unsaved };
}

// `given`: what this part uses of the page's others (main.js passes it). Returns this part's functions.
/**
 * This part's functions, which main.js passes to the parts that use them.
 * @typedef {{beginEntry: () => void, save: (options?: {passive?: boolean}) => void, syncFromStorage: () => void,
 *   claimCurrent: () => unknown, showSaveProblem: (kind: SaveProblem, raw?: string | null, key?: string) => void,
 *   reportStorageProblems: () => void,
 *   resumeGame: (id: string, options?: {address?: boolean, claim?: boolean}) => false | {unsaved: boolean},
 *   saveFailed: () => boolean, currentId: () => string | null, syncing: () => boolean}} SavingPart
 */

/** @param {SavingNeeds} given @returns {SavingPart} */
export function initSaving(given) {
  needs = given;
  ({ game, library, stats } = given);
  // Another tab of the site saved: if it is the game on this board, take its newer state (this tab saved
  // its own after every move, so nothing is lost), else refresh the list. Without this, the next move
  // here would write this tab's older copy over the other tab's moves.
  window.addEventListener("storage", (event) => {
    if (!event.key || !event.key.startsWith("sudoku.")) return;
    library.load();
    if (currentId && event.key === `sudoku.game.v2.${currentId}` && event.newValue) syncFromStorage();
    if ($("games").open) needs.renderGames();
  });
  $("save-export").addEventListener("click", () => {
    $("save-text").hidden = false;
    $("save-text").value = needs.exportText("link", true);
    $("save-text").select();
    needs.copyExport("link", true);
  });
  return {
    beginEntry, save, syncFromStorage, claimCurrent: () => currentId && library.show(currentId), showSaveProblem, reportStorageProblems, resumeGame,
    saveFailed: () => saveFailed, // the last save of the game on the board was refused
    currentId: () => currentId, // the library entry of the game on the board
    syncing: () => syncing, // true while taking another tab's save (nothing to write back)
  };
}
