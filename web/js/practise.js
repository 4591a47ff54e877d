// @ts-check
// Practise games and the way from a hint to its lesson (issue 30), shared by the game's page and the
// Learn page (learn.html).
//
// A lesson's Practise button opens the game's page at `index.html?practise=ID` (a query, because the
// fragment is the game's share link). The page then opens New game on a puzzle made for that technique
// (newgame.js `practise`, with its progress and Cancel) and, once the puzzle is there, remembers here
// which technique that puzzle trains: `sudoku.practice.v1` = {puzzle line: technique id}, the newest
// MAX_REMEMBERED. The game itself is saved in My games like any other; whenever it is on the board
// (now or resumed later), its hints ask the engine to prefer that technique (the `hint` op's `prefer`).
//
// lessonLink: the small link beside a hint's text that names its technique and opens its lesson.
import { readJSON, writeJSON } from "./storage.js";
import { engineLanguage, t } from "./i18n.js";

export const PRACTICE_KEY = "sudoku.practice.v1";
const MAX_REMEMBERED = 200;

// The technique id a Practise link asks for (`?practise=ID`), or null. Ids are the engine's: lower case
// letters, digits and underscores; anything else is no request at all.
/** @param {string} [search] @returns {string | null} */
export function practiseRequest(search = location.search) {
  const id = new URLSearchParams(search).get("practise");
  return id && /^[a-z0-9_]{1,40}$/.test(id) ? id : null;
}

/** @returns {Record<string, unknown>} the puzzles made for a technique, line -> technique id */
function remembered() {
  const value = readJSON(PRACTICE_KEY);
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

// Remember that the puzzle `line` (Game.shareLine()) is a Practise game of `technique`.
/** @param {string} line @param {string} technique */
export function rememberPractice(line, technique) {
  const map = remembered();
  delete map[line];
  map[line] = technique;
  const keys = Object.keys(map);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete map[key];
  return writeJSON(PRACTICE_KEY, map);
}

// One of a technique's shipped Practise puzzles (lines): the first not yet practised on this device, else
// any one at random.
/** @param {string[]} lines */
export function pickPractice(lines) {
  const done = remembered();
  return lines.find((line) => !Object.hasOwn(done, line)) || lines[Math.floor(Math.random() * lines.length)];
}

// The technique the game on the board trains, or null for any other game.
/** @param {import("./game.js").Game | null | undefined} game */
export function practisedFor(game) {
  if (!game || !game.hasPuzzle || typeof game.shareLine !== "function") return null;
  const id = remembered()[game.shareLine()];
  return typeof id === "string" ? id : null;
}

// The lesson of a technique: `learn.html#ID`.
/** @param {string} id */
export function lessonHref(id) {
  return `learn.html#${encodeURIComponent(id)}`;
}

// A link to the lesson of a hint's technique: `show(hint)` with a hint of status "step" shows it (its
// text names the technique in the page's language), `show(null)` hides it.
/** What a lesson link is shown for: a hint, or a step of a list. @typedef {{status: string, technique?: string, name?: import("../ops.js").Words}} Lessoned */

export function lessonLink() {

  const a = document.createElement("a");
  a.id = "hint-lesson";
  a.className = "hint-lesson";
  a.hidden = true;
  /** @type {Lessoned | null} */
  let shown = null;
  const draw = () => {
    if (!shown) return;
    const name = shown.name ? (shown.name[engineLanguage()] || shown.name.en) : shown.technique;
    a.textContent = t("hints.lesson", { name });
  };
  document.addEventListener("sudoku:language", draw);
  return {
    el: a,
    /** @param {Lessoned | null | undefined} hint */
    show(hint) {
      shown = hint && hint.status === "step" && hint.technique ? hint : null;
      a.hidden = !shown;
      if (shown) a.href = lessonHref(/** @type {string} */ (shown.technique));

      draw();
    },
  };
}
