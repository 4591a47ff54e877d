// @ts-check
// The app: wires the game model, the board views, the engine client and the panel together.
// The grid is drawn at once, before Python is ready; engine requests simply wait for `ready`.
//
// Four kinds of state, kept apart: the game (web/js/game.js: givens, the player's digits, notes,
// colours, history, clock; saved after every change as an entry of the library, library.js), the
// statistics (stats.js), the settings (storage.js: theme, checking, input modes; saved when changed)
// and what is only on screen (the armed digit of digit-first input, the message). Input becomes calls
// on the game, which records them as moves.
//
// A game is never replaced in storage: whatever loads a puzzle (New game, Daily, a link, a paste, an
// empty grid) starts a new library entry, except over an entry the player never touched.
//
// The page's parts are modules, each with an init*(given) that wires its controls and returns its
// functions: messages.js (the message line, questions, shared wordings), saving.js (the library entry
// of the game on the board), puzzles.js (reading puzzles, conflicts, the solution, Solve), links.js
// (the address and exports), controls.js (input and settings), finish.js, records.js (the games list
// and statistics), with hints.js and newgame.js. Each is given exactly what it uses (its *Needs type):
// the shared objects and the functions of the parts made before it, or, for a part made after it, a
// function that forwards the call, so the order they are made in is written here and checked by tsc.
// What stays here: drawing, what follows each change of the game, the engine's status, the clock, and
// the boot.
import { Game } from "./game.js";
import { cellName } from "./geometry.js";
import { BoardView } from "./board.js";
import { EngineClient } from "./engine.js";
import { DigitPad } from "./pad.js";
import { readFragment, splitFragment } from "./share.js";
import { LEVEL_IDS, language, t, translatePage } from "./i18n.js";
import { readSettings } from "./storage.js";
import { cageCombinations, combinationsLeft } from "./cages.js";
import { initHints } from "./hints.js";
import { initNewGame, localDate } from "./newgame.js";
import { practiseRequest } from "./practise.js";
import { Library } from "./library.js";
import { Stats } from "./stats.js";
import { STARTER_LEVEL, starterFor } from "./starter.js";
import { initMessages } from "./messages.js";
import { initSaving } from "./saving.js";
import { initPuzzles } from "./puzzles.js";
import { initLinks } from "./links.js";
import { initControls } from "./controls.js";
import { initFinish } from "./finish.js";
import { initRecords } from "./records.js";
import { initInstall } from "./install.js";
import { initScan } from "./scan.js";
import { byId as $ } from "./dom.js";


const game = new Game(9);
const board = new BoardView($("board"));
const board2 = new BoardView($("board2"), { interactive: false, which: "second" });
const pad = new DigitPad($("pad"));
const engine = new EngineClient({ autostart: false });
const settings = readSettings();
const library = new Library();
const stats = new Stats();
const view = { armed: 0 }; // digit-first: the digit the next tap places (0: none)
const messages = initMessages({ game });
const { say, describeError, formatTime } = messages;

// --- drawing ----------------------------------------------------------------------------------

function highlightedDigit() {
  if (settings.digitFirst && view.armed) return view.armed;
  const cell = board.focused;
  return game.givens[cell] || (game.entries ? game.entries[cell] : 0);
}

function render() {
  board.ui.digit = highlightedDigit();
  board.ui.highlight = settings.highlight;
  board.ui.showWrong = settings.check && !!game.truth;
  board.ui.paused = game.paused && game.mode === "play";
  board.render(game);
  pad.render(game, { armed: settings.digitFirst ? view.armed : 0, notes: settings.notesMode, lang: language() });
  const second = $("second");
  second.hidden = !game.second;
  if (game.second) board2.render(game);
  $("share-link").href = `#${encodeURIComponent(game.shareLine())}`;
  const play = game.mode === "play";
  document.body.dataset.mode = game.mode;
  $("mode-badge").textContent = t(play ? "mode.badge-play" : "mode.badge-edit");
  $("mode-badge").dataset.mode = game.mode;
  $("mode-toggle").textContent = t(play ? "mode.edit" : "mode.play");
  $("mode-toggle").disabled = !play && !game.hasPuzzle;
  for (const id of /** @type {const} */ (["undo", "redo", "restart", "rewind", "auto-notes", "notes-mode", "corner-mode", "pause"])) $(id).disabled = !play;
  $("undo").disabled = !play || !game.done.length;
  $("redo").disabled = !play || !game.undone.length;
  $("notes-mode").setAttribute("aria-pressed", String(settings.notesMode));
  $("corner-mode").setAttribute("aria-pressed", String(settings.cornerMarks));
  $("digit-first").setAttribute("aria-pressed", String(settings.digitFirst));
  $("pause").setAttribute("aria-pressed", String(game.paused));
  $("paused-cover").hidden = !board.ui.paused;
  renderCage();
  // Pause locks the game: no move, note, colour, hint or reveal until Resume.
  for (const el of [$("pad"), $("hints-panel"), $("hint-slot"), .../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".board-area .toolbar"))]) {
    el.inert = board.ui.paused;
  }
  document.body.toggleAttribute("data-paused", board.ui.paused);
  $("timer").hidden = !settings.showTimer || !play;
  $("pause").hidden = !play;
  renderClock();
}

// A Killer's selected cage: its sum, and the combinations of digits it can still hold (those that keep the
// digits placed in it and give each open cell one of its candidates), as sudoku.com's Killer shows them.
function renderCage() {
  const info = $("cage-info");
  const q = game.cages && game.mode === "play" ? game.cages.findIndex((c) => c.cells.includes(board.focused)) : -1;
  info.hidden = q < 0 || board.ui.paused;
  if (q < 0) return;
  const cage = /** @type {import("./geometry.js").Cage[]} */ (game.cages)[q];
  const left = combinationsLeft(cage, game.filled(), game.candidateState(), game.n);
  const digits = (/** @type {number} */ k) => Array.from({ length: game.n }, (_, d) => d + 1).filter((d) => (k >> (d - 1)) & 1)
    .map((d) => game.symbol(d)).join("+");
  const all = cageCombinations(cage.cells.length, cage.sum, game.n).length;
  info.textContent = t("cage.combos", { sum: cage.sum, size: cage.cells.length,
    list: left.length ? left.map(digits).join(" · ") : t("cage.none"), left: left.length, all });
}

function renderClock() {
  const text = formatTime(game.timeMs());
  if ($("timer").textContent !== text) $("timer").textContent = text;
}

// --- the page's parts ------------------------------------------------------------------------------

// Saving and My games, saving and the links, call each other; the keys call the hint panel and the finish
// New game, both made at boot: those are forwarded.
const saving = initSaving({ game, library, stats, renderGames: () => records.renderGames(),
  showGame: () => links.showGame(), exportText: (kind, withProgress) => links.exportText(kind, withProgress),
  copyExport: (kind, withProgress) => links.copyExport(kind, withProgress) });
const puzzles = initPuzzles({ game, board, engine, messages, save: saving.save });
const links = initLinks({ game, engine, library, messages, currentId: saving.currentId, resumeGame: saving.resumeGame,
  importText: puzzles.importText });
const controls = initControls({ game, board, pad, settings, view, messages, render, renderStatus,
  importText: puzzles.importText, hint: { press: () => hints.press(), apply: () => hints.apply() } });
const finish = initFinish({ game, board, settings, stats, messages, currentId: saving.currentId, save: saving.save,
  statInfo, newGame: (choice) => newGame.start(choice) });
const records = initRecords({ board, library, stats, messages, currentId: saving.currentId,
  resumeGame: saving.resumeGame });

// --- what follows each change of the game ------------------------------------------------------

// Changes that are not saved: none of them is part of the saved game (the engine's answers, marks), or
// the game was just read from storage (a restore; writing it back would echo between two tabs forever).
const QUIET = new Set(["conflicts", "mark", "truth", "solution", "restore"]);
// Changes that are not the player's doing: saved only if no other tab saved this game meanwhile.
const PASSIVE = new Set(["settings", "init"]);
game.addEventListener("change", (event) => {
  const reason = event.detail.reason;
  if (reason === "restore-givens") return;
  if (reason === "load" || reason === "reset") saving.beginEntry();
  // A new game or the daily puzzle: the keyboard goes to the grid (after a dialog gives focus back).
  if (reason === "load" && (game.info.source === "new" || game.info.source === "daily")) {
    requestAnimationFrame(() => board.moveFocus(Math.max(0, game.givens.indexOf(0))));
  }
  const current = saving.currentId();
  if ((reason === "move" || reason === "hint") && current) stats.started(current, statInfo());
  render();
  if (!QUIET.has(reason) && !saving.syncing()) saving.save({ passive: PASSIVE.has(reason) });
  if (reason === "edit" || reason === "load" || reason === "reset") {
    links.shareCurrent();
    if (reason === "edit") puzzles.checkConflicts();
  }
  if (reason === "load" || reason === "restore" || reason === "mode") {
    puzzles.findTruth();
    game.startClock();
  }
  if (reason === "move" || reason === "undo" || reason === "redo") {
    announceMove(reason);
    game.startClock();
    puzzles.checkConflicts();
    messages.sayPresent(reason, settings.check);
  }
  if (reason === "finished") finish.showFinish();
});

// The rating names the level of a puzzle that came without one (a paste, a link).
game.addEventListener("rated", (event) => {
  const r = event.detail;
  const level = r.level || "";
  if (!game.info.level && LEVEL_IDS.includes(level) && r.exact !== false) {
    game.info.level = level;

    saving.save({ passive: true });
  }
});

// A move, said once for screen readers: the cell and what it holds now ("r1c2: 4", "r1c2: notes 1 5",
// "r1c2: empty"); undo and redo say so first. Moves of many cells (auto notes, a hint, restart) have
// their own message instead.
/** @param {"move" | "undo" | "redo"} reason */
function announceMove(reason) {
  const move = reason === "undo" ? game.undone[game.undone.length - 1] : game.done[game.done.length - 1];
  if (!move || !["digit", "clear", "note", "clear-notes", "colour", "fix"].includes(move.type)) return;
  const cell = move.changes[0].cell;
  const name = cellName(cell, game.n);
  const notes = [];
  for (let d = 1; d <= game.n; d++) if ((game.notes[cell] >> (d - 1)) & 1) notes.push(game.symbol(d));
  let what = game.entries[cell] ? game.symbol(game.entries[cell])
    : notes.length ? t("announce.notes", { notes: notes.join(" ") }) : t("announce.empty");
  if (move.type === "colour") what = game.colours[cell] ? t(`colour.${game.colours[cell]}`) : t("colour.0");
  const text = t(`announce.${reason}`, { cell: name, what });
  $("announce").textContent = $("announce").textContent === text ? `${text} ` : text;
}

function statInfo() {
  return { n: game.n, variant: game.variant, level: game.info.level, daily: game.info.daily };
}

// --- engine status ----------------------------------------------------------------------------

function renderStatus() {
  const { state, info } = engine;
  const text = $("engine-status-text");
  // Short words that keep one width (the versions are in the tooltip): nothing moves when the engine
  // becomes ready. "Busy" is shown only by the dot, so the text does not flicker with every request.
  if (state === "loading") text.textContent = t("engine.loading");
  else if (state === "failed") text.textContent = t("engine.failed");
  else text.textContent = t("engine.ready");
  $("engine-status").title = info ? t("engine.ready-title", { version: info.version, python: info.python }) : "";
  renderWait();
}

// Until the engine is ready, the status line says what it is loading and for how long, and that a hint
// asked meanwhile comes once it is ready (its request waits for `ready`).
function renderWait() {
  const wait = $("engine-wait");
  wait.hidden = engine.state !== "loading";
  if (wait.hidden) return;
  const seconds = Math.floor((performance.now() - engine.startedAt) / 1000);
  const phase = t(`engine.wait-${engine.phase}`, { seconds });
  const text = engine.waiting.includes("hint") ? `${phase} ${t("engine.wait-hint")}` : phase;
  if (wait.textContent !== text) wait.textContent = text;
}

engine.addEventListener("status", (event) => {
  const { state } = event.detail;
  $("engine-status").dataset.state = state;
  renderStatus();
  if (state === "ready" || state === "busy") {
    document.documentElement.dataset.ready = "";
    if (!performance.getEntriesByName("engine-ready").length) performance.mark("engine-ready");
  } else {
    delete document.documentElement.dataset.ready;
  }
  $("cancel").hidden = state !== "busy";
});

engine.ready.catch((error) => {
  if (error.kind === "boot") say(describeError(error), "error");
});

// --- the clock ------------------------------------------------------------------------------------

// The clock: ticks on screen each second; stops while the page is hidden, and the game is saved
// when the page goes away (a closed tab keeps its time).
setInterval(() => {
  if (game.runningSince !== null) renderClock();
  if (engine.state === "loading") renderWait();
}, 1000);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    game.stopClock();
    saving.save({ passive: true });
  } else {
    // Back in front: catch up with another tab's moves if this one missed the storage event (a
    // background page can be frozen), before the player makes a move on an older copy.
    const current = saving.currentId();
    if (current && library.newerElsewhere(current)) saving.syncFromStorage();

    if (!covering.size) game.startClock();
  }
});
window.addEventListener("pagehide", () => saving.save({ passive: true }));
// Dialogs over the board (New game, a question) stop the clock too (see below, after boot builds them).
const covering = new Set();

// --- boot -------------------------------------------------------------------------------------

// A returning player lands in the game they left (or their newest open game); a first visit opens
// on today's starter puzzle, painted before the engine is ready. A link is read after that, as a new
// entry (or the same puzzle's open game). Hints and New game listen to the game from the start.
translatePage();
controls.applySettings();
initInstall();
const hints = initHints({ game, board, engine, root: $("hints-panel"), pathRoot: $("path-slot"),
  badgeRoot: $("badge-slot") });
// One status line and one tool row (issue 29): the Hint button joins Undo, Erase and Notes, and the
// hint's level, words and Apply join the page's message under the board; the rest of the hint panel
// (All steps here) stays in its root, among the tools one tap away ("More").
$("hint").classList.replace("primary", "tool");
$("more").before($("hint"));
$("hint-slot").append($("hint-level"), $("hint-text"), hints.overlay.legendEl, hints.lesson.el, $("hint-apply"));
messages.shareStatusLine($("hint-text"));
const newGame = initNewGame({ game, engine, say });
// Read a picture (scan.js): its Play opens the digits read as a game, as a pasted puzzle is.
const scan = initScan({ engine, load: (/** @type {string} */ line) => {
  $("puzzle-text").value = line;
  puzzles.importText(line, { origin: "picture" });
} });
// A dialog over the board (New game, a question) stops the clock too: time spent choosing the next
// puzzle or answering is not time spent solving this one.
for (const id of ["newgame-dialog", "scan-dialog", "confirm"]) {
  const dialog = /** @type {HTMLDialogElement | null} */ ($(id));
  if (!dialog) continue;
  new MutationObserver(() => {
    if (dialog.open) covering.add(id);
    else covering.delete(id);
    if (covering.size) game.stopClock();
    else if (!document.hidden) game.startClock();
    renderClock();
  }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
}
saving.reportStorageProblems();
const sharedText = readFragment();
const shared = splitFragment(sharedText);
// The game this tab showed (a reload reopens it), else the one the player played last if still open,
// else the newest open game. A link in the address is read after, so the address keeps it until then.
const tabEntry = library.get(library.tabGame);
const last = library.get(library.current);
const wanted = tabEntry || (last && !last.finished ? last : null);
let resumed = null;
for (const entry of [wanted, ...library.list().filter((g) => !g.finished)]) {
  const result = entry && saving.resumeGame(entry.id, { address: !shared.puzzle, claim: !shared.puzzle });
  if (result) {
    resumed = { ...result, asLeft: entry === wanted || !wanted };
    break;
  }
}
// A reload keeps the address of the game on the board: that is the game coming back, not a link.
const reloaded = !!resumed && shared.puzzle === game.shareLine() && !shared.entries && !shared.notes
  && !shared.corners;
if (resumed) {
  // "As you left it" only when it is: the game the player left (not another one because that one could
  // not be read), and saved (not this tab's own copy of moves storage refused).
  if (!resumed.asLeft) say(["msg.lost-current"], "warn");
  else if (!shared.puzzle || reloaded) say([resumed.unsaved ? "msg.restored-unsaved" : "msg.restored"], resumed.unsaved ? "warn" : "ok");
  if (reloaded) links.showGame();
} else {
  const played = new Set(library.list().map((g) => g.puzzle));
  const today = starterFor(localDate());
  const starter = played.has(today) ? starterFor(localDate(new Date(Date.now() + 86_400_000))) : today;
  if (shared.puzzle) links.markShared(starter); // the link's address stays until the link is read
  game.loadNew(starter, { source: "starter", level: STARTER_LEVEL });
  if (wanted) say(["msg.lost-current"], "warn");
  else if (!shared.puzzle) say(["msg.first"], "info");
}
$("size").value = String(game.n);
render();
requestAnimationFrame(() => performance.mark("grid-painted"));
engine.start();
// The address of a game that could not be opened is not a link to read: the game shown instead is put there.
const lostGame = !!wanted && !(resumed && resumed.asLeft) && shared.puzzle === wanted.puzzle && !shared.entries
  && !shared.notes && !shared.corners;
if (lostGame) links.showGame();
if (resumed && (reloaded || lostGame)) saving.claimCurrent(); // no link to read: this tab shows the game
if (shared.puzzle && !reloaded && !lostGame) {
  links.markShared(null);
  links.loadFromFragment(sharedText);
}
if (!document.hidden) game.startClock();
// A lesson's Practise link (learn.html -> index.html?practise=ID, see practise.js): New game makes a
// puzzle for that technique. The query goes from the address at once, so a reload does not ask again.
const practiseId = practiseRequest();
if (practiseId) {
  history.replaceState(history.state, "", location.pathname + location.hash);
  newGame.practise(practiseId);
}

// The service worker precaches the whole site (13 MB, mostly Pyodide); registering it once the
// engine is up keeps that copy from competing with the first boot.
// A new release installs in the background and waits; the page says so and reloads into it when the
// player asks (the game is saved after every move, so a reload loses nothing).
if ("serviceWorker" in navigator) {
  let reloading = false;
  const offerUpdate = (/** @type {ServiceWorkerRegistration} */ registration) => {
    if (!registration.waiting || !navigator.serviceWorker.controller) return;
    $("update").hidden = false;
    $("update-reload").onclick = () => {
      reloading = true;
      saving.save({ passive: true });
      /** @type {ServiceWorker} */ (registration.waiting).postMessage({ type: "skip-waiting" });

    };
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  const register = () => navigator.serviceWorker.register("./sw.js").then(
    (registration) => {
      if (!registration) return; // service workers blocked (a browser setting): no offline copy, no update
      offerUpdate(registration);
      registration.addEventListener("updatefound", () => {
        const incoming = registration.installing;
        if (incoming) incoming.addEventListener("statechange", () => offerUpdate(registration));
      });
      return navigator.serviceWorker.ready.then(() => { document.documentElement.dataset.offline = "ready"; });
    },
    (error) => console.warn(`offline mode unavailable: ${error.message}`),
  );
  engine.ready.then(register, register);
}

// For tests and the benchmark: the named operations, the model, the board, the message line, the
// library, the statistics and the two panels.
window.sudoku = { engine, game, board, say, t, library, stats, hints, newGame, scan, exportText: links.exportText };
