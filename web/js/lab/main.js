// The algorithm lab page: wires the engine client, the current puzzle and the four sections
// (compare, watch, matrix, batch). The page owns the puzzle (a grid value from the engine's `parse`);
// every figure comes from the engine's lab operations (sudoku_core/lab.py), and only JSON crosses.
import { EngineClient } from "../engine.js";
import { readFragment, writeFragment } from "../share.js";
import { CompareView } from "./compare.js";
import { WatchView } from "./watch.js";
import { MatrixView } from "./matrix.js";
import { BatchView } from "./batch.js";
import { readSettings } from "../storage.js";
import { applyTheme, followSystem } from "../theme.js";

// The lab wears the theme chosen on the game's page (light, dark, system, high contrast).
const settings = readSettings();
applyTheme(settings);
followSystem(() => settings);

const $ = (id) => document.getElementById(id);
const engine = new EngineClient({ autostart: false });

const METHOD_NAMES = {
  naive: "Naive backtracking", "backtrack-recursive": "Backtracking (recursive)",
  backtrack: "Backtracking (stack)", dlx: "Dancing Links",
};

function say(text, kind = "info") {
  const message = $("message");
  message.textContent = text;
  message.dataset.kind = kind;
}

function describeError(error) {
  if (error.kind === "cancelled") return "Cancelled. The engine is restarting.";
  return error.message;
}

// The node budget the user set; a field that holds no positive whole number goes back to the
// default, visibly, so the figures never come from a budget other than the one shown.
function nodeLimit() {
  const field = $("node-limit");
  const value = Number(field.value);
  if (Number.isInteger(value) && value >= 1) return value;
  const fallback = lab.info ? lab.info.node_limit : 200000;
  field.value = String(fallback);
  return fallback;
}

const lab = {
  engine, say, describeError, nodeLimit, names: METHOD_NAMES,
  puzzle: null, // {box, cells, symbols, line, givens, size}
  info: null, // the engine's `samples` answer: sets, traceable methods, defaults
  listeners: [],
  onPuzzle(fn) { this.listeners.push(fn); },
  payload() { return { box: this.puzzle.box, cells: this.puzzle.cells, symbols: this.puzzle.symbols }; },
};

const compare = new CompareView(lab);
const watch = new WatchView(lab);
const matrix = new MatrixView(lab);
const batch = new BatchView(lab);
watch.addEventListener("select", (event) => matrix.show(event.detail.cell));

// --- the puzzle ---------------------------------------------------------------------------------

async function loadText(text, how = "") {
  if (!text.trim()) {
    say("Nothing to load: the text is empty.", "error");
    return false;
  }
  say(engine.state === "loading" ? "Reading the puzzle once the engine is ready…" : "Reading the puzzle…");
  let result;
  try {
    result = await engine.request("parse", { text });
  } catch (error) {
    say(`Could not read the puzzle: ${describeError(error)}`, "error");
    return false;
  }
  lab.puzzle = result;
  $("puzzle-text").value = result.line;
  writeFragment(result.line);
  const conflicts = result.conflicts.length ? ` Its givens break the rules (${result.conflicts[0].message}), so no method will find a solution.` : "";
  say(`Loaded a ${result.size}×${result.size} puzzle with ${result.givens} givens${how}.${conflicts}`,
    conflicts ? "warn" : "ok");
  for (const fn of lab.listeners) fn(result);
  return true;
}

$("load").addEventListener("click", () => loadText($("puzzle-text").value));
$("puzzle-text").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    loadText($("puzzle-text").value);
  }
});
$("sample").addEventListener("change", () => {
  const [set, index] = $("sample").value.split(":");
  if (!set || !lab.info) return;
  loadText(lab.info.sets[set].puzzles[Number(index)], ` (${lab.info.sets[set].label}, sample ${Number(index) + 1})`);
});
// The fragment holds the puzzle (as on the main page), so the section links scroll instead of
// navigating to "#section", and a fragment that names an element of the page is never read as a puzzle.
const puzzleInFragment = () => {
  const text = readFragment();
  return text && !document.getElementById(text) ? text : "";
};
window.addEventListener("hashchange", () => {
  const text = puzzleInFragment();
  if (text && (!lab.puzzle || text !== lab.puzzle.line)) loadText(text, " from the link");
});
for (const link of document.querySelectorAll(".lab-nav a[href^='#']")) {
  link.addEventListener("click", (event) => {
    const target = document.getElementById(link.getAttribute("href").slice(1));
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    target.querySelector("h2").setAttribute("tabindex", "-1");
    target.querySelector("h2").focus({ preventScroll: true });
  });
}
// Back to the game with the same puzzle: the main page reads it from the fragment too.
const back = $("back-link");
const followBack = () => { back.href = `index.html${lab.puzzle ? `#${encodeURIComponent(lab.puzzle.line)}` : ""}`; };
for (const type of ["pointerdown", "focus", "click"]) back.addEventListener(type, followBack);

// --- engine status and cancel ---------------------------------------------------------------------

engine.addEventListener("status", (event) => {
  const { state, info } = event.detail;
  const status = $("engine-status");
  status.dataset.state = state;
  const text = $("engine-status-text");
  if (state === "loading") text.textContent = "Engine loading…";
  else if (state === "failed") text.textContent = "Engine failed to start";
  else if (state === "busy") text.textContent = "Engine working…";
  else text.textContent = `Engine ready · Python ${info.python}`;
  if (state === "ready" || state === "busy") document.documentElement.dataset.ready = "";
  else delete document.documentElement.dataset.ready;
  $("cancel").hidden = state !== "busy" || batch.running;
});
$("cancel").addEventListener("click", () => engine.cancel());

// --- boot ---------------------------------------------------------------------------------------

async function boot() {
  // A puzzle from the link is shown at once; it is read (and checked) once the engine is up.
  const shared = puzzleInFragment();
  if (shared) $("puzzle-text").value = shared;
  engine.start();
  try {
    lab.info = await engine.request("samples");
  } catch (error) {
    say(`The engine could not start: ${describeError(error)}`, "error");
    return;
  }
  $("node-limit").value = String(lab.info.node_limit);
  const select = $("sample");
  for (const [name, set] of Object.entries(lab.info.sets)) {
    const group = document.createElement("optgroup");
    group.label = set.label;
    set.puzzles.slice(0, 6).forEach((_, i) => {
      const option = document.createElement("option");
      option.value = `${name}:${i}`;
      option.textContent = `${set.label} #${i + 1}`;
      group.append(option);
    });
    select.append(group);
  }
  watch.setMethods(lab.info.traceable);
  batch.setup(lab.info);
  if (shared) await loadText(shared, " from the link");
  else await loadText(lab.info.sets["17clue"].puzzles[0], " (17 clues, sample 1)");
}

boot();

// For tests: the engine client and the lab's state, nothing more.
window.lab = { engine, lab, compare, watch, matrix, batch };
