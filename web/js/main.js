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
import { Game, gridFromLine } from "./game.js";
import { DEFAULT_SYMBOLS, cellName } from "./geometry.js";
import { BoardView } from "./board.js";
import { EngineClient } from "./engine.js";
import { DigitPad } from "./pad.js";
import { parseProgress, progressFragment, readFragment, splitFragment, writeFragment } from "./share.js";
import { LEVEL_IDS, conflictText as wordConflict, language, languageSwitch, parseErrorText, t, translatePage } from "./i18n.js";
import { readSettings, writeSettings } from "./storage.js";
import { initHints } from "./hints.js";
import { applyTheme, followSystem } from "./theme.js";
import { initNewGame, localDate } from "./newgame.js";
import { Library } from "./library.js";
import { Stats } from "./stats.js";
import { STARTER_LEVEL, starterFor } from "./starter.js";

const $ = (id) => document.getElementById(id);

const game = new Game(9);
const board = new BoardView($("board"));
const board2 = new BoardView($("board2"), { interactive: false, which: "second" });
const pad = new DigitPad($("pad"));
const engine = new EngineClient({ autostart: false });
const settings = readSettings();
const library = new Library();
const stats = new Stats();
let currentId = null; // the library entry of the game on the board
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

// A conflict from the engine ({cells, house, digit}) in the page's language; the engine's own
// English words are the fallback for a conflict without those fields.
function conflictText(conflict, n = game.n) {
  const shape = { n, box: game.box, variant: game.variant, regions: game.regions };
  return wordConflict(conflict, shape, (cell) => cellName(cell, n), (digit) => game.symbol(digit));
}

// "9×9", or "9×9 Jigsaw" for a variant: what the messages call the grid.
function sizeText(n = game.n, variant = game.variant) {
  return `${n}×${n}${variant && variant !== "classic" ? ` ${t(`variant.${variant}`)}` : ""}`;
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
  // Pause locks the game: no move, note, colour, hint or reveal until Resume.
  for (const el of [$("pad"), $("hints-panel"), ...document.querySelectorAll(".board-area .toolbar")]) {
    el.inert = board.ui.paused;
  }
  document.body.toggleAttribute("data-paused", board.ui.paused);
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

// --- saving: the library of games -------------------------------------------------------------

// The entry for a puzzle just put on the board: a new one, unless the current entry was never
// touched (no move, no digit, not finished, not a puzzle being typed in), which the new puzzle takes.
function beginEntry() {
  const entry = currentId && library.get(currentId);
  const untouched = entry && !entry.moves && !entry.filled && !entry.finished && !stats.find(currentId)
    && (entry.mode === "play" || !entry.givens);
  if (untouched) return;
  const { id, saved } = library.add(game);
  currentId = id;
  if (!saved) showSaveProblem("full");
}

let saveFailed = false;
let syncing = false; // taking another tab's newer save: nothing to write back

// Another tab of the site saved: if it is the game on this board, take its newer state (this tab saved
// its own after every move, so nothing is lost), else refresh the list. Without this, the next move
// here would write this tab's older copy over the other tab's moves.
window.addEventListener("storage", (event) => {
  if (!event.key || !event.key.startsWith("sudoku.")) return;
  library.load();
  if (currentId && event.key === `sudoku.game.v2.${currentId}` && event.newValue) syncFromStorage();
  if ($("games").open) renderGames();
});

function syncFromStorage() {
  const { value } = library.read(currentId);
  if (!value) return;
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
function save({ passive = false } = {}) {
  if (!currentId) beginEntry();
  const ok = library.save(currentId, game, { passive });
  if (ok === "stale") {
    syncFromStorage();
    return;
  }
  if (!ok && !saveFailed) showSaveProblem(library.blocked ? "blocked" : "full");
  if (ok && saveFailed) hideSaveProblem();
  saveFailed = !ok;
  if ($("games").open) renderGames();
}

// Storage refused a write (full, private mode) or held something unreadable: say so at once, keep
// playing in memory, and offer the game as a link (and the unreadable text) so nothing is lost.
function showSaveProblem(kind, raw = null) {
  $("save-problem").hidden = false;
  $("save-problem-text").textContent = t(`save.${kind}`);
  $("save-aside").hidden = !raw;
  $("save-aside").onclick = () => {
    $("save-text").hidden = false;
    $("save-text").value = raw;
    $("save-text").select();
  };
}

function hideSaveProblem() {
  $("save-problem").hidden = true;
  $("save-text").hidden = true;
}

$("save-export").addEventListener("click", () => {
  $("save-text").hidden = false;
  $("save-text").value = exportText("link", true);
  $("save-text").select();
  copyExport("link", true);
});

function reportStorageProblems() {
  const problem = library.problems[0] || stats.problem;
  if (problem) showSaveProblem("corrupt", problem.raw);
  else if (library.blocked) showSaveProblem("blocked");
}

// Changes that are not saved: none of them is part of the saved game (the engine's answers, marks), or
// the game was just read from storage (a restore; writing it back would echo between two tabs forever).
const QUIET = new Set(["conflicts", "mark", "truth", "solution", "restore"]);
// Changes that are not the player's doing: saved only if no other tab saved this game meanwhile.
const PASSIVE = new Set(["settings", "init"]);
game.addEventListener("change", (event) => {
  const reason = event.detail.reason;
  if (reason === "restore-givens") return;
  if (reason === "load" || reason === "reset") beginEntry();
  // A new game or the daily puzzle: the keyboard goes to the grid (after a dialog gives focus back).
  if (reason === "load" && (game.info.source === "new" || game.info.source === "daily")) {
    requestAnimationFrame(() => board.moveFocus(Math.max(0, game.givens.indexOf(0))));
  }
  if ((reason === "move" || reason === "hint") && currentId) stats.started(currentId, statInfo());
  render();
  if (!QUIET.has(reason) && !syncing) save({ passive: PASSIVE.has(reason) });
  if (reason === "edit" || reason === "load" || reason === "reset") {
    shareCurrent();
    if (reason === "edit") checkConflicts();
  }
  if (reason === "load" || reason === "restore" || reason === "mode") {
    findTruth();
    game.startClock();
  }
  if (reason === "move" || reason === "undo" || reason === "redo") {
    announceMove(reason);
    game.startClock();
    checkConflicts();
    if (settings.check && game.truth && game.wrongCells.size && reason === "move") {
      say(["msg.wrong", { count: game.wrongCells.size }], "warn");
    }
  }
  if (reason === "finished") showFinish();
});

// The rating names the level of a puzzle that came without one (a paste, a link).
game.addEventListener("rated", (event) => {
  const r = event.detail;
  if (!game.info.level && LEVEL_IDS.includes(r.level) && r.exact !== false) {
    game.info.level = r.level;
    save({ passive: true });
  }
});

// A move, said once for screen readers: the cell and what it holds now ("r1c2: 4", "r1c2: notes 1 5",
// "r1c2: empty"); undo and redo say so first. Moves of many cells (auto notes, a hint, restart) have
// their own message instead.
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
// An honest import: a puzzle with no solution or several opens for editing and says which (and where
// two solutions differ); a text whose symbols would be read as blanks is refused, naming the option.
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
  const alphabet = fromShare ? "" : $("alphabet").value;
  let result;
  try {
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
  const info = { source: fromShare ? "link" : "paste" };
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
  say([loadedKey, { size, givens: result.givens }], "ok");
  const revision = game.revision;
  const verdict = await truthCheck();
  if (revision !== game.revision || serial !== importSerial) return true;
  if (verdict.status === "unique") {
    if (progress) applyProgress(progress);
    say([fromShare ? "msg.unique-loaded-link" : "msg.unique-loaded", { size, givens: result.givens }], "ok");
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

// Ask the player a yes/no question in the page's own dialog; resolves true for yes.
function ask(text, yes, no = t("confirm.no")) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  return new Promise((resolve) => {
    const done = (answer) => { // null: dismissed (Escape), which callers read as the safe choice
      $("confirm-yes").onclick = null;
      $("confirm-no").onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    $("confirm-yes").onclick = () => done(true);
    $("confirm-no").onclick = () => done(false);
    dialog.onclose = () => done(null);
    dialog.showModal();
    $("confirm-no").focus();
  });
}

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
    save();
  }
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

function sameGrid({ box, cells, symbols, variant = "classic", regions = null }) {
  return game.box[0] === box[0] && game.box[1] === box[1] && game.symbols === symbols && game.variant === variant
    && String(game.regions) === String(variant === "jigsaw" ? regions : null)
    && game.givens.length === cells.length && game.givens.every((d, i) => d === cells[i]);
}

// A link opens its puzzle as a new entry of the library. When this browser already has an open game
// of that puzzle, the link resumes it; a link that carries other progress asks which to keep.
async function loadFromFragment(text = readFragment()) {
  if (!text || text === lastShared) return;
  const parts = splitFragment(text);
  lastShared = null; // whatever loads next writes its own address
  $("puzzle-text").value = parts.puzzle;
  const hasProgress = !!(parts.entries || parts.notes);
  const open = library.findOpen(parts.puzzle);
  if (open) {
    const mine = open.moves || open.filled;
    let resume = !hasProgress || (mine && sameProgress(open.id, parts));
    if (!resume && mine) {
      const answer = await ask(t("msg.link-conflict", { count: open.filled }), t("msg.link-mine"), t("msg.link-theirs"));
      resume = answer !== false;
    }
    if (resume && (open.id === currentId || resumeGame(open.id))) {
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
  const loaded = await importText(parts.puzzle, { fromShare: true, progress: hasProgress ? parts : null,
    early: early ? game.revision : null });
  if (loaded && hasProgress) writeFragment(parts.puzzle);
}

// Whether a saved game holds the same digits as a link's progress.
function sameProgress(id, parts) {
  const saved = id === currentId ? game.toJSON() : library.read(id).value;
  if (!saved || !Array.isArray(saved.entries)) return false;
  const n = saved.box[0] * saved.box[1];
  const progress = parseProgress(parts, n * n, DEFAULT_SYMBOLS);
  if (!progress) return false;
  return saved.entries.every((d, i) => (saved.givens[i] ? 0 : d) === (progress.entries[i] || 0));
}

// Put a saved game of the library on the board; false (with the player told) when it cannot be read.
function resumeGame(id) {
  const { value, error, raw } = library.read(id);
  if (!value) {
    if (error !== "missing") showSaveProblem(error === "blocked" ? "blocked" : "corrupt", raw);
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
    const text = JSON.stringify(value);
    library.setAside(id, text);
    showSaveProblem("corrupt", text);
    console.warn(e.message);
    return false;
  }
  library.select(id);
  $("size").value = String(game.n);
  lastShared = game.shareLine();
  shareCurrent();
  return true;
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

// The colour scheme in force (theme.js, shared with the lab).
followSystem(() => settings);

function applySettings() {
  applyTheme(settings);
  $("theme").value = settings.theme;
  $("contrast").checked = settings.contrast;
  $("check").checked = settings.check;
  game.checking = settings.check;
  $("show-timer").checked = settings.showTimer;
  $("highlight").checked = settings.highlight;
}

board.addEventListener("input", (event) => {
  const { cell, key, note } = event.detail;
  const digit = key === undefined ? event.detail.digit : game.digitForKey(key);
  if (digit < 0) {
    // Keys for the common actions, from the grid (on grids whose symbols are not these letters).
    const lower = key ? key.toLowerCase() : "";
    if (lower === "n") {
      changeSetting("notesMode", !settings.notesMode);
      return;
    }
    if (lower === "h" && game.mode === "play" && !game.paused) {
      hints.press();
      return;
    }
    if (lower === "a" && !$("hint-apply").hidden) {
      hints.apply();
      return;
    }
    if (lower === "p" && game.mode === "play") {
      game.setPaused(!game.paused);
      if (game.paused) $("resume").focus();
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
  const { digit, note } = event.detail;
  if (note) {
    enter(board.focused, digit, true);
    board.moveFocus(board.focused);
    return;
  }
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
languageSwitch($("language"));
document.addEventListener("sudoku:language", () => {
  renderStatus();
  render();
  if (lastMessage) say(lastMessage.message, lastMessage.kind, lastMessage.details);
});

// --- finish -------------------------------------------------------------------------------------

function levelName(level) {
  return level ? t(`level.${level}`) : t("finish.unrated");
}

function showFinish() {
  const ms = game.timeMs();
  const info = statInfo();
  const { best } = stats.finished(currentId, { ...info, ms, hints: game.hintsUsed, mistakes: game.mistakes,
    assisted: game.assisted });
  save();
  $("finish-level").textContent = `${sizeText()} · ${levelName(info.level)}`;
  $("finish-time").textContent = formatTime(ms);
  $("finish-best").textContent = best === null ? "—" : formatTime(Math.min(best, game.assisted ? best : ms));
  $("finish-hints").textContent = String(game.hintsUsed);
  $("finish-mistakes").textContent = settings.check ? String(game.mistakes) : t("finish.unchecked");
  const row = stats.summary().find((r) => r.n === game.n && r.variant === game.variant && r.level === (info.level || null));
  const streak = info.daily ? stats.dailyStreak(localDate()) : row ? row.streak : 0;
  $("finish-streak").textContent = t(info.daily ? "finish.daily-streak" : "finish.streak-games", { count: streak });
  let note = "";
  if (game.assisted) note = t("finish.assisted");
  else if (best === null) note = t("finish.first");
  else if (ms < best) note = t("finish.record", { before: formatTime(best) });
  $("finish-note").textContent = note;
  say(["msg.finished", { time: formatTime(ms) }], "ok");
  const dialog = $("finish");
  if (!dialog.open) dialog.showModal();
  $("finish-next").focus();
}
$("finish-close").addEventListener("click", () => $("finish").close());
$("finish-next").addEventListener("click", () => {
  $("finish").close();
  newGame.start({ size: game.n, level: game.info.level || "" });
});
$("finish").addEventListener("close", () => board.moveFocus(board.focused));

// --- the games list and the statistics ------------------------------------------------------------

function sourceName(entry) {
  if (entry.daily) return t("games.daily", { date: entry.daily });
  return t(`games.source-${entry.source}`) || entry.source;
}

function renderGames() {
  const list = $("games-list");
  const items = library.list().map((entry) => {
    const li = document.createElement("li");
    li.className = "game-entry";
    if (entry.id === currentId) li.setAttribute("aria-current", "true");
    const text = document.createElement("span");
    const state = entry.finished ? t("games.finished") : entry.mode === "edit" ? t("games.editing")
      : t("games.progress", { filled: entry.filled || 0, open: entry.open || 0 });
    text.textContent = `${sizeText(entry.n, entry.variant)} · ${entry.level ? t(`level.${entry.level}`) : sourceName(entry)} · ${state}`
      + ` · ${formatTime(entry.elapsed || 0)}`;
    const resume = document.createElement("button");
    resume.type = "button";
    resume.dataset.resume = entry.id;
    resume.textContent = entry.id === currentId ? t("games.playing") : t(entry.finished ? "games.view" : "games.resume");
    resume.disabled = entry.id === currentId;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.dataset.remove = entry.id;
    remove.textContent = t("games.delete");
    remove.hidden = entry.id === currentId;
    li.append(text, resume, remove);
    return li;
  });
  if (!items.length) {
    const li = document.createElement("li");
    li.textContent = t("games.none");
    items.push(li);
  }
  list.replaceChildren(...items);
}

$("games").addEventListener("toggle", () => { if ($("games").open) renderGames(); });
$("games-list").addEventListener("click", async (event) => {
  const resume = event.target.closest("button[data-resume]");
  const remove = event.target.closest("button[data-remove]");
  if (resume && resumeGame(resume.dataset.resume)) {
    say(["msg.resumed-game"], "ok");
    renderGames();
    board.moveFocus(board.focused);
  }
  if (remove && await ask(t("games.delete-confirm"), t("games.delete"))) {
    library.remove(remove.dataset.remove);
    renderGames();
  }
});

function renderStats() {
  const rows = stats.summary();
  const body = $("stats-body");
  const daily = document.createElement("p");
  daily.textContent = t("stats.daily-streak", { count: stats.dailyStreak(localDate()) });
  if (!rows.length) {
    const p = document.createElement("p");
    p.textContent = t("stats.none");
    body.replaceChildren(p, daily);
    return;
  }
  const table = document.createElement("table");
  table.className = "stats-table";
  const head = document.createElement("tr");
  for (const key of ["game", "played", "solved", "best", "median", "streak", "best-streak"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(`stats.col-${key}`);
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  for (const r of rows) {
    const tr = document.createElement("tr");
    const cells = [`${sizeText(r.n, r.variant)} ${levelName(r.level)}`, r.played, r.solved,
      r.best === null ? "—" : formatTime(r.best), r.median === null ? "—" : formatTime(r.median), r.streak, r.bestStreak];
    cells.forEach((value, i) => {
      const td = document.createElement(i ? "td" : "th");
      if (!i) td.scope = "row";
      td.textContent = String(value);
      tr.append(td);
    });
    tbody.append(tr);
  }
  table.append(thead, tbody);
  body.replaceChildren(table, daily);
}

$("stats-panel").addEventListener("toggle", () => { if ($("stats-panel").open) renderStats(); });
$("stats-export").addEventListener("click", async () => {
  const text = stats.exportJSON();
  $("stats-text").hidden = false;
  $("stats-text").value = text;
  try {
    await navigator.clipboard.writeText(text);
    say(["export.copied"], "ok");
  } catch {
    $("stats-text").select();
    say(["export.select"], "info");
  }
});
$("stats-reset").addEventListener("click", async () => {
  if (!(await ask(t("stats.reset-confirm"), t("stats.reset")))) return;
  stats.reset();
  renderStats();
  say(["stats.reset-done"], "info");
});

// --- export -------------------------------------------------------------------------------------

function exportText(kind, withProgress = $("export-progress").checked) {
  const progress = withProgress && game.mode === "play";
  const digits = progress ? game.filled() : game.givens;
  const symbol = (d) => (d ? game.symbols[d - 1] : ".");
  if (kind === "line") return game.variantLine(digits.map(symbol).join(""));
  if (kind === "grid") {
    // A variant grid is written in the header form of docs/variants.md, which the import box reads back.
    const rows = (cells) => Array.from({ length: game.n }, (_, r) => cells.slice(r * game.n, (r + 1) * game.n).join(""));
    const grid = rows(digits.map(symbol));
    if (game.variant === "classic") return grid.join("\n");
    return [`variant: ${game.variant}`, ...grid, ...(game.regions ? ["regions:", ...rows(game.regionLetters())] : [])]
      .join("\n");
  }
  const url = new URL(location.href);
  const line = game.shareLine();
  const entries = game.entries.map((d, i) => (d && !game.givens[i] ? DEFAULT_SYMBOLS[d - 1] : ".")).join("");
  url.hash = encodeURIComponent(progress ? progressFragment(line, entries, game.notes) : line);
  return url.href;
}

async function copyExport(kind, withProgress) {
  const text = exportText(kind, withProgress);
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
// The share link in the study panel copies the link (the address bar already holds it).
$("share-link").addEventListener("click", (event) => {
  event.preventDefault();
  copyExport("link", false);
});

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
window.addEventListener("hashchange", () => loadFromFragment());

// The clock: ticks on screen each second; stops while the page is hidden, and the game is saved
// when the page goes away (a closed tab keeps its time).
setInterval(() => {
  if (game.runningSince !== null) renderClock();
}, 1000);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    game.stopClock();
    save({ passive: true });
  } else {
    // Back in front: catch up with another tab's moves if this one missed the storage event (a
    // background page can be frozen), before the player makes a move on an older copy.
    if (currentId && library.newerElsewhere(currentId)) syncFromStorage();
    if (!covering.size) game.startClock();
  }
});
window.addEventListener("pagehide", () => save({ passive: true }));
// Dialogs over the board (New game, a question) stop the clock too (see below, after boot builds them).
const covering = new Set();

// --- boot -------------------------------------------------------------------------------------

// A returning player lands in the game they left (or their newest open game); a first visit opens
// on today's starter puzzle, painted before the engine is ready. A link is read after that, as a new
// entry (or the same puzzle's open game). Hints and New game listen to the game from the start.
translatePage();
applySettings();
const hints = initHints({ game, board, engine, root: $("hints-panel"), pathRoot: $("path-slot"),
  badgeRoot: $("badge-slot") });
const newGame = initNewGame({ game, engine, say });
// A dialog over the board (New game, a question) stops the clock too: time spent choosing the next
// puzzle or answering is not time spent solving this one.
for (const id of ["newgame-dialog", "confirm"]) {
  const dialog = $(id);
  if (!dialog) continue;
  new MutationObserver(() => {
    if (dialog.open) covering.add(id);
    else covering.delete(id);
    if (covering.size) game.stopClock();
    else if (!document.hidden) game.startClock();
    renderClock();
  }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
}
reportStorageProblems();
const sharedText = readFragment();
const shared = splitFragment(sharedText);
const last = library.get(library.current);
let resumed = false;
for (const entry of [last && !last.finished ? last : null, ...library.list().filter((g) => !g.finished)]) {
  if (entry && resumeGame(entry.id)) {
    resumed = true;
    break;
  }
}
// A reload keeps the address of the game on the board: that is the game coming back, not a link.
const reloaded = resumed && shared.puzzle === game.shareLine() && !shared.entries && !shared.notes;
if (resumed) {
  if (!shared.puzzle || reloaded) say(["msg.restored"], "ok");
} else {
  const played = new Set(library.list().map((g) => g.puzzle));
  const today = starterFor(localDate());
  const starter = played.has(today) ? starterFor(localDate(new Date(Date.now() + 86_400_000))) : today;
  if (shared.puzzle) lastShared = starter; // the link's address stays until the link is read
  game.loadNew(starter, { source: "starter", level: STARTER_LEVEL });
  if (!shared.puzzle) say(["msg.first"], "info");
}
$("size").value = String(game.n);
render();
requestAnimationFrame(() => performance.mark("grid-painted"));
engine.start();
if (shared.puzzle && !reloaded) {
  lastShared = null;
  loadFromFragment(sharedText);
}
if (!document.hidden) game.startClock();

// The service worker precaches the whole site (13 MB, mostly Pyodide); registering it once the
// engine is up keeps that copy from competing with the first boot.
// A new release installs in the background and waits; the page says so and reloads into it when the
// player asks (the game is saved after every move, so a reload loses nothing).
if ("serviceWorker" in navigator) {
  let reloading = false;
  const offerUpdate = (registration) => {
    if (!registration.waiting || !navigator.serviceWorker.controller) return;
    $("update").hidden = false;
    $("update-reload").onclick = () => {
      reloading = true;
      save({ passive: true });
      registration.waiting.postMessage({ type: "skip-waiting" });
    };
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  const register = () => navigator.serviceWorker.register("./sw.js").then(
    (registration) => {
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
window.sudoku = { engine, game, board, say, t, library, stats, hints, newGame };
