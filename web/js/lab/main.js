// @ts-check
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
import { cellName } from "../geometry.js";
import { conflictText, languageSwitch, parseErrorText, t, translatePage } from "../i18n.js";

// The lab wears the theme chosen on the game's page (light, dark, system, high contrast).
const settings = readSettings();
applyTheme(settings);
followSystem(() => settings);
// And its language (saved by the game's page, or the browser's), with a switch of its own.
translatePage();

import { byId as $ } from "../dom.js";
const engine = new EngineClient({ autostart: false });
/** @typedef {import("../../lab.js").LabWords} LabWords */
/** @typedef {import("../../lab.js").LabPuzzle} LabPuzzle */

// A method's name in the page's language ("Dancing Links"), and its short form for charts ("DLX").
const methodName = (/** @type {string} */ method) => t(`lab.method.${method}`);
// A sample set's name: the page's words for the bundled sets, the engine's label for any other.
const setName = (/** @type {string} */ name) => (t(`lab.set.${name}`) === `lab.set.${name}`
  ? /** @type {import("../../ops.js").LabInfo} */ (lab.info).sets[name].label : t(`lab.set.${name}`));

// The message line. `message` is [key, params]; a parameter may be a function, called each time the
// line is drawn, so a change of language redraws it whole.
/** @type {{message: LabWords, kind: string} | null} */
let lastSaid = null;
/** @param {LabWords} message @param {string} [kind] */
function say(message, kind = "info") {
  lastSaid = { message, kind };
  const line = $("message");
  line.textContent = t(...message);
  line.dataset.kind = kind;
}

/** @param {{kind?: string, message: string, details?: object}} error */
function describeError(error) {
  if (error.kind === "cancelled") return t("lab.say.cancelled");
  return (error.kind === "parse" && parseErrorText(error.details)) || error.message;
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

/** @type {import("../../lab.js").Lab} */
const lab = {
  engine, say, describeError, nodeLimit, methodName, setName,
  puzzle: null, // the engine's `lab_parse` answer: {box, cells, symbols, line, text, givens, size, variant, regions, cages}
  info: null, // the engine's `samples` answer: sets, traceable methods, defaults
  listeners: [],
  onPuzzle(fn) { this.listeners.push(fn); },
  // (both below are asked only once a puzzle is loaded)
  // The puzzle as every lab request carries it: the grid, and the variant with its regions or cages (the
  // lab reads every variant the engine solves, a Killer included, through its own `lab_parse`).
  payload() {
    const { box, cells, symbols, variant, regions, cages } = /** @type {LabPuzzle} */ (this.puzzle);
    return { box, cells, symbols, variant, regions, cages };
  },
  // The grid's shape as the page's geometry and board read it.
  shape() {
    const puzzle = /** @type {LabPuzzle} */ (this.puzzle);
    return { variant: puzzle.variant, regions: puzzle.regions };
  },
};

const compare = new CompareView(lab);
const watch = new WatchView(lab);
const matrix = new MatrixView(lab);
const batch = new BatchView(lab);
watch.addEventListener("select", (event) => matrix.show(/** @type {CustomEvent<{cell: number}>} */ (event).detail.cell));

// --- the puzzle ---------------------------------------------------------------------------------

// `how` says where the puzzle came from: a function giving the words, in the language of the moment.
/** @param {string} text @param {() => string} [how] */
async function loadText(text, how = () => "") {
  if (!text.trim()) {
    say(["lab.say.empty"], "error");
    return false;
  }
  say([engine.state === "loading" ? "lab.say.reading-later" : "lab.say.reading"]);
  let result;
  try {
    result = await engine.request("lab_parse", { text });
  } catch (error) {
    say(["lab.say.unreadable", { message: () => describeError(/** @type {Error} */ (error)) }], "error");
    return false;
  }
  lab.puzzle = result;
  // The variant's own text form (a classic puzzle's is its line), so a link and a reload keep the variant.
  $("puzzle-text").value = result.text;
  writeFragment(result.text);
  const n = result.size;
  const first = result.conflicts[0];
  const shape = { n, box: result.box, variant: result.variant, regions: result.regions };
  say([first ? "lab.say.loaded-conflicts" : result.variant !== "classic" ? "lab.say.loaded-variant" : "lab.say.loaded", {
    size: `${n}×${n}`, givens: result.givens, how, variant: () => t(`lab.variant.${result.variant}`),
    // (i18n.js, not yet type-checked, reads every field of a conflict as required)
    conflict: () => first && conflictText(/** @type {Parameters<typeof conflictText>[0]} */ (first), shape,
      (/** @type {number} */ cell) => cellName(cell, n), (/** @type {number} */ d) => result.symbols[d - 1]),
  }], first ? "warn" : "ok");
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
  loadText(lab.info.sets[set].puzzles[Number(index)], sampleHow(set, Number(index)));
});
// The fragment holds the puzzle (as on the main page), so the section links scroll instead of
// navigating to "#section", and a fragment that names an element of the page is never read as a puzzle.
const puzzleInFragment = () => {
  const text = readFragment();
  return text && !document.getElementById(text) ? text : "";
};
window.addEventListener("hashchange", () => {
  const text = puzzleInFragment();
  if (text && (!lab.puzzle || text !== lab.puzzle.text)) loadText(text, fromLink);
});
for (const link of document.querySelectorAll(".lab-nav a[href^='#']")) {
  link.addEventListener("click", (event) => {
    const target = document.getElementById(/** @type {string} */ (link.getAttribute("href")).slice(1));
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    const heading = /** @type {HTMLElement} */ (target.querySelector("h2")); // each section has its heading
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  });
}
// Back to the game with the same puzzle: the main page reads it from the fragment too.
const back = $("back-link");
// (A Killer is not played there yet: the link then opens the game page as it was.)
const followBack = () => {
  const playable = lab.puzzle && lab.puzzle.variant !== "killer";
  back.href = `index.html${playable ? `#${encodeURIComponent(/** @type {LabPuzzle} */ (lab.puzzle).text)}` : ""}`;
};
for (const type of ["pointerdown", "focus", "click"]) back.addEventListener(type, followBack);

const fromLink = () => t("lab.how.link");
const sampleHow = (/** @type {string} */ set, /** @type {number} */ index) => () => t("lab.how.sample", { set: setName(set), k: index + 1 });

// --- engine status and cancel ---------------------------------------------------------------------

/** @type {import("../engine.js").EngineInfo | null} */
let engineInfo = null;
/** @param {string | undefined} state */
function showStatus(state) {
  const text = $("engine-status-text");
  if (state === "loading") text.textContent = t("engine.loading");
  else if (state === "failed") text.textContent = t("engine.failed");
  else if (state === "busy") text.textContent = t("engine.busy");
  else text.textContent = t("lab.ready", { python: engineInfo ? engineInfo.python : "" });
}

engine.addEventListener("status", (event) => {
  const { state, info } = event.detail;
  const status = $("engine-status");
  status.dataset.state = state;
  if (info) engineInfo = info;
  showStatus(state);
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
    say(["lab.say.no-engine", { message: () => describeError(/** @type {Error} */ (error)) }], "error");
    return;
  }
  const info = lab.info;
  $("node-limit").value = String(info.node_limit);
  const select = $("sample");
  for (const [name, set] of Object.entries(info.sets)) {
    const group = document.createElement("optgroup");
    group.dataset.set = name;
    set.puzzles.slice(0, 6).forEach((_, i) => {
      const option = document.createElement("option");
      option.value = `${name}:${i}`;
      group.append(option);
    });
    select.append(group);
  }
  nameSamples();
  watch.setMethods(info.traceable);
  batch.setup(info);
  if (shared) await loadText(shared, fromLink);
  else await loadText(info.sets["17clue"].puzzles[0], sampleHow("17clue", 0));
}

function nameSamples() {
  for (const group of $("sample").querySelectorAll("optgroup")) {
    group.label = setName(/** @type {string} */ (group.dataset.set));
    for (const option of group.querySelectorAll("option")) {
      option.textContent = t("lab.sample-option", { set: group.label, k: Number(option.value.split(":")[1]) + 1 });
    }
  }
}

// --- language -----------------------------------------------------------------------------------

languageSwitch($("language"));
// setLanguage has redrawn the marked text; the sections redraw what they wrote themselves.
document.addEventListener("sudoku:language", () => {
  showStatus($("engine-status").dataset.state);
  if (lastSaid) say(lastSaid.message, lastSaid.kind);
  if (!lab.info) return;
  nameSamples();
  for (const view of [compare, watch, matrix, batch]) view.relabel();
});

boot();

// For tests: the engine client and the lab's state, nothing more.
window.lab = { engine, lab, compare, watch, matrix, batch };

