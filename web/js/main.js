// The app: wires the game model, the board views, the engine client and the panel together.
// The grid is drawn at once, before Python is ready; engine requests simply wait for `ready`.
import { BOXES, Game } from "./game.js";
import { BoardView } from "./board.js";
import { EngineClient } from "./engine.js";
import { DigitPad } from "./pad.js";
import { readFragment, writeFragment } from "./share.js";

const $ = (id) => document.getElementById(id);

const game = new Game(9);
const board = new BoardView($("board"));
const board2 = new BoardView($("board2"), { interactive: false, which: "second" });
const pad = new DigitPad($("pad"));
const engine = new EngineClient({ autostart: false });

// --- messages ---------------------------------------------------------------------------------

function say(text, kind = "info", details = []) {
  const message = $("message");
  message.textContent = text;
  message.dataset.kind = kind;
  $("details").replaceChildren(...details.map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
}

function sayStats(text) {
  $("stats").textContent = text;
}

function describeError(error) {
  if (error.kind === "cancelled") return "Cancelled. The engine is restarting; your grid is kept.";
  if (error.kind === "timeout") return `Stopped: ${error.message}. The engine is restarting.`;
  if (error.kind === "boot") return `The engine could not start (${error.message}). Reload the page to try again.`;
  return error.message;
}

// --- drawing ----------------------------------------------------------------------------------

function render() {
  board.render(game);
  pad.render(game);
  const second = $("second");
  second.hidden = !game.second;
  if (game.second) board2.render(game);
  $("share-link").href = `#${encodeURIComponent(game.shareLine())}`;
}

game.addEventListener("change", (event) => {
  render();
  const reason = event.detail.reason;
  if (reason === "edit" || reason === "load" || reason === "reset") {
    shareCurrent();
    if (reason === "edit") checkConflicts();
  }
});

// --- engine status ----------------------------------------------------------------------------

engine.addEventListener("status", (event) => {
  const { state, info } = event.detail;
  const status = $("engine-status");
  status.dataset.state = state;
  const text = $("engine-status-text");
  if (state === "loading") text.textContent = "Engine loading…";
  else if (state === "failed") text.textContent = "Engine failed to start";
  else if (state === "busy") text.textContent = "Engine working…";
  else text.textContent = `Engine ready · sudoku_core ${info.version} · Python ${info.python}`;
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
async function importText(text, { fromShare = false } = {}) {
  const source = $("puzzle-text");
  source.removeAttribute("aria-invalid");
  if (!text.trim()) {
    say("Nothing to load: the text is empty.", "error");
    return false;
  }
  say(engine.state === "loading" ? "Reading the puzzle once the engine is ready…" : "Reading the puzzle…");
  let result;
  try {
    const alphabet = fromShare ? "" : $("alphabet").value;
    result = await engine.request("parse", alphabet ? { text, alphabet } : { text });
  } catch (error) {
    source.setAttribute("aria-invalid", "true");
    sayStats("");
    say(`Could not read the puzzle: ${describeError(error)}`, "error");
    if (error.details) {
      pointAt(source, text, error.details);
      if (error.details.cells) game.mark(error.details.cells);
    }
    return false;
  }
  game.load(result);
  game.setConflicts(result.conflicts);
  const size = `${result.size}×${result.size}`;
  if (result.conflicts.length) {
    say(`Loaded a ${size} puzzle, but its givens break the rules:`, "error", result.conflicts.map((c) => c.message));
  } else {
    say(`Loaded a ${size} puzzle with ${result.givens} givens${fromShare ? " from the link" : ""}.`, "ok");
  }
  $("size").value = String(result.size);
  sayStats("");
  return true;
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

// --- conflicts while typing -----------------------------------------------------------------------

let checkSerial = 0;
async function checkConflicts() {
  const serial = ++checkSerial;
  try {
    const result = await engine.request("parse", game.payload());
    if (serial !== checkSerial) return;
    game.setConflicts(result.conflicts);
    if (result.conflicts.length) say("These givens break the rules:", "error", result.conflicts.map((c) => c.message));
    else if ($("message").dataset.kind === "error") say("No conflicts.", "info");
  } catch {
    // Cancelled or the engine is restarting: the next edit checks again.
  }
}

// --- solve ------------------------------------------------------------------------------------

async function solveCurrent() {
  const method = $("method").value;
  const revision = game.revision;
  say(engine.state === "loading" ? "Solving once the engine is ready…" : "Solving…", "busy");
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
    say("The grid changed while the engine was solving: press Solve again.", "info");
    return;
  }
  const roundTrip = performance.now() - started;
  game.setConflicts(result.conflicts);
  game.setSolutions(result.cells, result.differences);
  const conflictLines = result.conflicts.map((c) => c.message);
  if (result.status === "unique" || result.status === "solved") {
    say(result.status === "unique" ? "Solved: the solution is unique." : "Solved.", "ok");
  } else if (result.status === "multiple") {
    say(`More than one solution. Two are shown; they differ in ${result.differences.length} cells (highlighted).`,
      "warn");
  } else if (result.status === "no_solution") {
    say("No solution.", "error", conflictLines);
  } else {
    say(`Gave up after ${result.stats.nodes} nodes.`, "warn");
  }
  const names = { dlx: "DLX", backtrack: "Backtracking" };
  const stats = result.stats;
  const parts = [`${names[result.method] || result.method}: ${result.ms.toFixed(1)} ms in the engine`,
    `${stats.nodes ?? 0} nodes`, `${stats.guesses ?? 0} guesses`];
  if (stats.updates !== undefined) parts.push(`${stats.updates} updates`);
  parts.push(`${roundTrip.toFixed(0)} ms round trip`);
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

async function loadFromFragment() {
  const text = readFragment();
  if (!text || text === lastShared) return;
  lastShared = text;
  $("puzzle-text").value = text;
  await importText(text, { fromShare: true });
}

// --- controls -----------------------------------------------------------------------------------

board.addEventListener("input", (event) => {
  const { cell, key } = event.detail;
  const digit = key === undefined ? event.detail.digit : game.digitForKey(key);
  if (digit < 0) {
    say(`“${key}” is not a digit of a ${game.n}×${game.n} grid; use ${game.symbols}.`, "info");
    return;
  }
  game.setCell(cell, digit);
  if (game.marked.size) game.mark([]);
});

pad.addEventListener("input", (event) => {
  game.setCell(board.focused, event.detail.digit);
  if (game.marked.size) game.mark([]);
  board.moveFocus(board.focused);
});

board.addEventListener("paste", (event) => {
  $("puzzle-text").value = event.detail.text;
  importText(event.detail.text);
});

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
  say("Solution cleared.", "info");
  sayStats("");
});
$("new-grid").addEventListener("click", () => {
  game.reset(Number($("size").value));
  say(`An empty ${game.n}×${game.n} grid: type the givens.`, "info");
  sayStats("");
  board.moveFocus(0);
});
$("size").addEventListener("change", () => {
  if (!game.givenCount) game.reset(Number($("size").value));
});
window.addEventListener("hashchange", loadFromFragment);

// --- boot -------------------------------------------------------------------------------------

// Draw the grid at once, sized for a shared puzzle if there is one, then read the link.
const shared = readFragment();
const side = shared ? Math.round(Math.sqrt(shared.replace(/\s/g, "").length)) : 9;
game.reset(BOXES[side] ? side : 9, "init");
$("size").value = String(game.n);
render();
requestAnimationFrame(() => performance.mark("grid-painted"));
engine.start();
loadFromFragment();

// The service worker precaches the whole site (13 MB, mostly Pyodide); registering it once the
// engine is up keeps that copy from competing with the first boot.
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("./sw.js").then(
    () => navigator.serviceWorker.ready.then(() => { document.documentElement.dataset.offline = "ready"; }),
    (error) => console.warn(`offline mode unavailable: ${error.message}`),
  );
  engine.ready.then(register, register);
}

// For tests and the benchmark: the named operations and the model, nothing more.
window.sudoku = { engine, game };
