// The app: wires the game model, the board views, the engine client and the panel together.
// The grid is drawn at once, before Python is ready; engine requests simply wait for `ready`.
//
// Three kinds of state, kept apart: the game (web/js/game.js: givens, the player's digits, notes,
// colours, history, clock; saved to localStorage after every change), the settings (storage.js:
// theme, checking, input modes; saved when changed) and what is only on screen (the armed digit of
// digit-first input, the message). Input becomes calls on the game, which records them as moves.
import { BOXES, DEFAULT_SYMBOLS, Game, gridFromLine } from "./game.js";
import { BoardView } from "./board.js";
import { EngineClient } from "./engine.js";
import { DigitPad } from "./pad.js";
import { parseProgress, progressFragment, readFragment, splitFragment, writeFragment } from "./share.js";
import { language, setLanguage, t, translatePage } from "./i18n.js";
import { GAME_KEY, readJSON, readSettings, writeJSON, writeSettings } from "./storage.js";
import { initHints } from "./hints.js";
import { initNewGame } from "./newgame.js";

const $ = (id) => document.getElementById(id);

const game = new Game(9);
const board = new BoardView($("board"));
const board2 = new BoardView($("board2"), { interactive: false, which: "second" });
const pad = new DigitPad($("pad"));
const engine = new EngineClient({ autostart: false });
const settings = readSettings();
const view = { armed: 0 }; // digit-first: the digit the next tap places (0: none)

// --- messages ---------------------------------------------------------------------------------

// A message is a translation key with its parameters (or [key, params] pairs), so that it can be
// said again in another language; `details` are lines of text, or functions that make them (again).
let lastMessage = null;
function say(message, kind = "info", details = []) {
  lastMessage = { message, kind, details };
  const el = $("message");
  el.textContent = Array.isArray(message) ? t(message[0], message[1]) : message;
  el.dataset.kind = kind;
  $("details").replaceChildren(...details.map((line) => {
    const li = document.createElement("li");
    li.textContent = typeof line === "function" ? line() : line;
    return li;
  }));
}

function sayStats(text) {
  $("stats").textContent = text;
}

function describeError(error) {
  if (error.kind === "cancelled") return t("msg.cancelled");
  if (error.kind === "timeout") return t("msg.timeout", { message: error.message });
  if (error.kind === "boot") return t("msg.boot", { message: error.message });
  return (error.kind === "parse" && parseErrorText(error.details)) || error.message;
}

// The engine words its errors in English, with every nuance. In another language the two
// commonest parse errors are said from their facts (`reason`); the rarer ones keep the engine's words.
function parseErrorText({ reason, found, expected, size, line, column, char } = {}) {
  if (language() === "en" || !size) return null;
  const grid = `${size}×${size}`;
  if (reason === "count") return t("parse.count", { found, size: grid, expected }) + (line ? t("parse.line", { line }) : "");
  if (reason === "char") return t("parse.char", { char, line, column, size: grid });
  return null;
}

// A conflict from the engine ({cells, house, digit}) in the page's language; the engine's own
// English words are the fallback for a conflict without those fields.
function conflictText(conflict, n = game.n) {
  const { cells, house, digit } = conflict;
  if (!cells || house === undefined || !digit) return conflict.message;
  const name = (cell) => `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
  return t("conflict", { a: name(cells[0]), b: name(cells[1]), digit: game.symbol(digit),
    house: t(`house.${Math.floor(house / n)}`, { k: (house % n) + 1 }) });
}

function sizeText() {
  return `${game.n}×${game.n}`;
}

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
  $("mode-toggle").disabled = !play && !game.givenCount;
  for (const id of ["undo", "redo", "restart", "rewind", "auto-notes", "notes-mode", "pause"]) $(id).disabled = !play;
  $("undo").disabled = !play || !game.done.length;
  $("redo").disabled = !play || !game.undone.length;
  $("notes-mode").setAttribute("aria-pressed", String(settings.notesMode));
  $("digit-first").setAttribute("aria-pressed", String(settings.digitFirst));
  $("pause").setAttribute("aria-pressed", String(game.paused));
  $("paused-cover").hidden = !board.ui.paused;
  $("timer").hidden = !settings.showTimer || !play;
  $("pause").hidden = !play;
  renderClock();
}

function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function renderClock() {
  const text = formatTime(game.timeMs());
  if ($("timer").textContent !== text) $("timer").textContent = text;
}

// --- saving -----------------------------------------------------------------------------------

function save() {
  writeJSON(GAME_KEY, game.toJSON());
}

const QUIET = new Set(["conflicts", "mark"]);
game.addEventListener("change", (event) => {
  const reason = event.detail.reason;
  if (reason === "restore-givens") return;
  render();
  if (!QUIET.has(reason)) save();
  if (reason === "edit" || reason === "load" || reason === "reset") {
    shareCurrent();
    if (reason === "edit") checkConflicts();
  }
  if (reason === "load" || reason === "restore" || reason === "mode") {
    findTruth();
    game.startClock();
  }
  if (reason === "move" || reason === "undo" || reason === "redo") {
    game.startClock();
    checkConflicts();
    if (settings.check && game.truth && game.wrongCells.size && reason === "move") {
      say(["msg.wrong", { count: game.wrongCells.size }], "warn");
    }
  }
  if (reason === "finished") showFinish();
});

// --- engine status ----------------------------------------------------------------------------

function renderStatus() {
  const { state, info } = engine;
  const text = $("engine-status-text");
  if (state === "loading") text.textContent = t("engine.loading");
  else if (state === "failed") text.textContent = t("engine.failed");
  else if (state === "busy") text.textContent = t("engine.busy");
  else if (info) text.textContent = t("engine.ready", { version: info.version, python: info.python });
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

// --- import -----------------------------------------------------------------------------------

// Parse text in any format the engine reads and load it; returns true when it loaded.
// `early`: the revision at which the page showed these givens itself (see loadFromFragment).
let importSerial = 0;
async function importText(text, { fromShare = false, progress = null, early = null } = {}) {
  const serial = ++importSerial;
  const source = $("puzzle-text");
  source.removeAttribute("aria-invalid");
  if (!text.trim()) {
    say(["msg.empty-text"], "error");
    return false;
  }
  say([engine.state === "loading" ? "msg.reading-wait" : "msg.reading"]);
  let result;
  try {
    const alphabet = fromShare ? "" : $("alphabet").value;
    result = await engine.request("parse", alphabet ? { text, alphabet } : { text });
  } catch (error) {
    if (serial !== importSerial) return false;
    source.setAttribute("aria-invalid", "true");
    sayStats("");
    say(["msg.unreadable", { error: describeError(error) }], "error");
    if (error.details) {
      pointAt(source, text, error.details);
      if (error.details.cells) game.mark(error.details.cells);
    }
    return false;
  }
  // Only the newest import counts; one whose givens the page already showed counts only while the
  // grid still holds them (the player may have begun: loading them again would throw that away).
  if (serial !== importSerial) return false;
  if (early !== null && early !== game.revision) {
    say(["msg.link-kept"], "info");
    return false;
  }
  if (early === null || !sameGrid(result)) game.load(result);
  game.setConflicts(result.conflicts);
  // Givens that break a rule cannot be played: stay in (or go back to) entering, to fix them.
  if (result.conflicts.length) game.setMode("edit");
  if (progress) applyProgress(progress);
  const size = `${result.size}×${result.size}`;
  if (result.conflicts.length) {
    say(["msg.loaded-conflicts", { size }], "error", result.conflicts.map((c) => () => conflictText(c)));
  } else {
    say([fromShare ? "msg.loaded-link" : "msg.loaded", { size, givens: result.givens }], "ok");
  }
  $("size").value = String(result.size);
  sayStats("");
  return true;
}

// Progress from a link: the player's digits and notes as one move (so it can be undone).
function applyProgress(fragment) {
  const progress = parseProgress(fragment, game.ncells, DEFAULT_SYMBOLS);
  if (!progress || game.mode !== "play") return;
  const changes = [];
  for (let i = 0; i < game.ncells; i++) {
    if (game.givens[i]) continue;
    if (progress.entries[i]) changes.push(game.change(i, "entry", progress.entries[i]));
    if (progress.notes[i]) changes.push(game.change(i, "notes", progress.notes[i] & ((1 << game.n) - 1)));
  }
  game.apply({ type: "import", changes });
}

// Select the character a parse error names, so the text shows where it is wrong.
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
  const method = $("method").value;
  const revision = game.revision;
  say([engine.state === "loading" ? "msg.solving-wait" : "msg.solving"], "busy");
  sayStats("");
  const started = performance.now();
  let result;
  try {
    result = await engine.request("solve", { ...game.payload(), method, limit: 2 });
  } catch (error) {
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

// --- share links --------------------------------------------------------------------------------

let lastShared = null;
function shareCurrent() {
  const line = game.givenCount ? game.shareLine() : "";
  if (line === lastShared) return;
  lastShared = line;
  writeFragment(line);
}

function sameGrid({ box, cells, symbols }) {
  return game.box[0] === box[0] && game.box[1] === box[1] && game.symbols === symbols
    && game.givens.length === cells.length && game.givens.every((d, i) => d === cells[i]);
}

async function loadFromFragment() {
  const text = readFragment();
  if (!text || text === lastShared) return;
  const parts = splitFragment(text);
  lastShared = parts.puzzle;
  $("puzzle-text").value = parts.puzzle;
  const hasProgress = parts.entries || parts.notes;
  // A link as this app writes it is shown at once, so the grid does not wait for the engine (2-4 s);
  // the engine still reads it, and reports its conflicts, unless the player has changed givens or
  // loaded another puzzle meanwhile.
  const early = engine.state === "loading" && !hasProgress ? gridFromLine(parts.puzzle) : null;
  if (early) game.load(early);
  const loaded = await importText(parts.puzzle, { fromShare: true, progress: hasProgress ? parts : null,
    early: early ? game.revision : null });
  if (loaded && hasProgress) writeFragment(parts.puzzle);
}

// --- play input -----------------------------------------------------------------------------------

// A digit (0: clear) for a cell, as the current mode and settings say: a given while entering a
// puzzle; a note in notes mode or with Shift; else the player's digit.
function enter(cell, digit, note = false) {
  if (game.mode === "edit") {
    game.setCell(cell, digit);
    if (game.marked.size) game.mark([]);
    return;
  }
  if (game.paused) return;
  if (!digit) game.erase(cell);
  else if (note || settings.notesMode) game.toggleNote(cell, digit);
  else game.place(cell, digit);
  if (game.marked.size) game.mark([]);
}

function changeSetting(key, value) {
  settings[key] = value;
  writeSettings(settings);
  applySettings();
  render();
}

// The colour scheme in force: the chosen one, or the system's (followed live) when the choice is
// "system". styles.css keys its dark palette on it, once.
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");
function applyScheme() {
  const dark = settings.theme === "dark" || (settings.theme === "system" && systemDark.matches);
  document.documentElement.dataset.scheme = dark ? "dark" : "light";
}
systemDark.addEventListener("change", applyScheme);

function applySettings() {
  const root = document.documentElement;
  root.dataset.theme = settings.theme;
  applyScheme();
  if (settings.contrast) root.dataset.contrast = "high";
  else delete root.dataset.contrast;
  $("theme").value = settings.theme;
  $("contrast").checked = settings.contrast;
  $("check").checked = settings.check;
  $("show-timer").checked = settings.showTimer;
  $("highlight").checked = settings.highlight;
  $("language").value = language();
}

board.addEventListener("input", (event) => {
  const { cell, key, note } = event.detail;
  const digit = key === undefined ? event.detail.digit : game.digitForKey(key);
  if (digit < 0) {
    if (key === "n" || key === "N") {
      changeSetting("notesMode", !settings.notesMode);
      return;
    }
    say(["msg.not-digit", { key, size: sizeText(), symbols: game.symbols }], "info");
    return;
  }
  enter(cell, digit, note);
});

board.addEventListener("command", (event) => {
  if (game.mode !== "play" || game.paused) return;
  if (event.detail.name === "undo") game.undo();
  else game.redo();
});

board.addEventListener("focus", () => render());

// Digit first: a tap on a cell places the armed digit (or note, or clears with the eraser armed).
board.addEventListener("select", (event) => {
  if (!settings.digitFirst || !view.armed || game.mode !== "play") return;
  enter(event.detail.cell, view.armed);
});

pad.addEventListener("input", (event) => {
  const digit = event.detail.digit;
  if (settings.digitFirst && digit && game.mode === "play") {
    view.armed = view.armed === digit ? 0 : digit;
    render();
    return;
  }
  enter(board.focused, digit);
  board.moveFocus(board.focused);
});

board.addEventListener("paste", (event) => {
  $("puzzle-text").value = event.detail.text;
  importText(event.detail.text);
});

// Toolbar buttons act on the grid: a mouse press must not take focus away from the cell.
for (const bar of document.querySelectorAll(".toolbar")) {
  bar.addEventListener("mousedown", (event) => {
    if (event.target.closest("button")) event.preventDefault();
  });
}

$("undo").addEventListener("click", () => game.undo());
$("redo").addEventListener("click", () => game.redo());
$("notes-mode").addEventListener("click", () => changeSetting("notesMode", !settings.notesMode));
$("digit-first").addEventListener("click", () => {
  view.armed = 0;
  changeSetting("digitFirst", !settings.digitFirst);
});
$("auto-notes").addEventListener("click", () => {
  if (game.fillCandidates()) say(["msg.auto"], "info");
});
$("restart").addEventListener("click", () => {
  if (game.restart()) say(["msg.restart"], "info");
});
$("rewind").addEventListener("click", () => {
  const count = game.rewind();
  if (count) say(["msg.rewound", { count }], "ok");
  else say(["msg.rewind-none"], "info");
});
$("mode-toggle").addEventListener("click", () => {
  game.setMode(game.mode === "play" ? "edit" : "play");
  say([game.mode === "play" ? "msg.play" : "msg.edit"], "info");
});
for (const swatch of document.querySelectorAll(".swatch")) {
  swatch.addEventListener("click", () => game.setColour(board.focused, Number(swatch.dataset.colour)));
}
$("pause").addEventListener("click", () => game.setPaused(!game.paused));
$("resume").addEventListener("click", () => {
  game.setPaused(false);
  board.moveFocus(board.focused);
});

$("theme").addEventListener("change", () => changeSetting("theme", $("theme").value));
$("contrast").addEventListener("change", () => changeSetting("contrast", $("contrast").checked));
$("show-timer").addEventListener("change", () => changeSetting("showTimer", $("show-timer").checked));
$("highlight").addEventListener("change", () => changeSetting("highlight", $("highlight").checked));
$("check").addEventListener("change", () => {
  changeSetting("check", $("check").checked);
  if (settings.check && game.mode === "play" && !game.truth) say(["msg.check-unknown"], "info");
  else if (settings.check && game.wrongCells.size) say(["msg.wrong", { count: game.wrongCells.size }], "warn");
});
$("language").addEventListener("change", () => {
  setLanguage($("language").value);
  renderStatus();
  render();
  if (lastMessage) say(lastMessage.message, lastMessage.kind, lastMessage.details);
});

// --- finish -------------------------------------------------------------------------------------

function showFinish() {
  $("finish-time").textContent = formatTime(game.timeMs());
  $("finish-hints").textContent = String(game.hintsUsed);
  $("finish-mistakes").textContent = String(game.mistakes);
  say(["msg.finished", { time: formatTime(game.timeMs()) }], "ok");
  const dialog = $("finish");
  if (!dialog.open) dialog.showModal();
}
$("finish-close").addEventListener("click", () => $("finish").close());
$("finish").addEventListener("close", () => board.moveFocus(board.focused));

// --- export -------------------------------------------------------------------------------------

function exportText(kind) {
  const progress = $("export-progress").checked && game.mode === "play";
  const digits = progress ? game.filled() : game.givens;
  const symbol = (d) => (d ? game.symbols[d - 1] : ".");
  if (kind === "line") return digits.map(symbol).join("");
  if (kind === "grid") {
    const rows = [];
    for (let r = 0; r < game.n; r++) rows.push(digits.slice(r * game.n, r * game.n + game.n).map(symbol).join(""));
    return rows.join("\n");
  }
  const url = new URL(location.href);
  const line = game.shareLine();
  const entries = game.entries.map((d, i) => (d && !game.givens[i] ? DEFAULT_SYMBOLS[d - 1] : ".")).join("");
  url.hash = encodeURIComponent(progress ? progressFragment(line, entries, game.notes) : line);
  return url.href;
}

async function copyExport(kind) {
  const text = exportText(kind);
  const box = $("export-text");
  box.value = text;
  try {
    await navigator.clipboard.writeText(text);
    say(["export.copied"], "ok");
  } catch {
    box.select();
    say(["export.select"], "info");
  }
}
$("copy-line").addEventListener("click", () => copyExport("line"));
$("copy-grid").addEventListener("click", () => copyExport("grid"));
$("copy-link").addEventListener("click", () => copyExport("link"));
$("print").addEventListener("click", () => window.print());

// --- controls -----------------------------------------------------------------------------------

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
  if (!game.givenCount) game.reset(Number($("size").value));
});
window.addEventListener("hashchange", loadFromFragment);

// The clock: ticks on screen each second; stops while the page is hidden, and the game is saved
// when the page goes away (a closed tab keeps its time).
setInterval(() => {
  if (game.runningSince !== null) renderClock();
}, 1000);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    game.stopClock();
    save();
  } else {
    game.startClock();
  }
});
window.addEventListener("pagehide", save);

// --- boot -------------------------------------------------------------------------------------

// Restore the saved game unless the link names another puzzle; draw the grid at once, sized for a
// shared puzzle if there is one, then read the link.
translatePage();
applySettings();
say(["msg.welcome"]);
const shared = splitFragment(readFragment());
const saved = readJSON(GAME_KEY);
let restored = false;
if (saved) {
  try {
    const probe = new Game(9);
    probe.restore(saved);
    if (!shared.puzzle || shared.puzzle === probe.shareLine()) {
      game.restore(saved);
      restored = true;
    }
  } catch {
    // A corrupt or old save: start afresh.
  }
}
if (!restored) {
  const side = shared.puzzle ? Math.round(Math.sqrt(shared.puzzle.replace(/\s/g, "").length)) : 9;
  game.reset(BOXES[side] ? side : 9, "init");
} else {
  lastShared = readFragment() || null;
  shareCurrent();
  say(["msg.restored"], "ok");
}
$("size").value = String(game.n);
render();
requestAnimationFrame(() => performance.mark("grid-painted"));
engine.start();
if (!restored) loadFromFragment();
if (!document.hidden) game.startClock();

// The service worker precaches the whole site (13 MB, mostly Pyodide); registering it once the
// engine is up keeps that copy from competing with the first boot.
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("./sw.js").then(
    () => navigator.serviceWorker.ready.then(() => { document.documentElement.dataset.offline = "ready"; }),
    (error) => console.warn(`offline mode unavailable: ${error.message}`),
  );
  engine.ready.then(register, register);
}

// For tests, the benchmark and the other panels (hints, new game): the named operations, the
// model (game.entries, game.notes, game.applyHint, game.hintsUsed, game.loadNew), the board and
// the message line.
window.sudoku = { engine, game, board, say, t };

// Hints, solution path and rating badge (issue 4); New game and the daily puzzle (issue 5).
window.sudoku.hints = initHints({ game, board, engine });
window.sudoku.newGame = initNewGame({ game, engine, say });
