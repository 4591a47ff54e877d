// @ts-check
// Every text the page shows, and `t(key, params)` to get one. The words are the catalogues of
// sudoku_core/locales/, one per language by its BCP 47 tag ("en", "zh-CN"); build.py writes each one's
// page words and, apart, its lab words and its lessons' words into modules of js/words/ (words/index.js
// lists them). This module loads the chosen language's page words (and, on a page marked `data-words="lab"`
// or `"learn"`, its lab or lessons' words) before any module that imports it runs: one small module of
// this origin, so `t()` answers at once and the page paints in its language from the start; other
// languages are fetched only when chosen.
// The language comes from a saved choice, else the browser's `navigator.languages`, else English.
// Static page text is marked in the HTML (`data-i18n` for text, `data-i18n-label` for aria-label,
// `data-i18n-title`, `data-i18n-placeholder`) and filled by `translatePage()`; scripts call `t()`.
// Parameters are `{name}` in the text; the result is plain text (put into the page as text only). A
// parameter may be a function, called when the text is made: a message kept as [key, params] then
// redraws whole in another language.

import { BUILD } from "../build-info.js";
import { houseKind } from "./geometry.js";
import { ALIASES, LAB, LEARN, NAMES, PAGE } from "./words/index.js";

/** @typedef {Record<string, string>} Words */

// The catalogues' tags, English first.
export const LANGUAGES = Object.keys(NAMES);
const STORAGE_KEY = "sudoku.lang.v1";

/**
 * The catalogue's tag for `tag`: itself, its alias ("zh" -> "zh-CN"), or the same tag in other case; else null.
 * @param {unknown} tag
 * @returns {string | null}
 */
function known(tag) {
  const lower = String(ALIASES[String(tag)] ?? tag).toLowerCase();
  return LANGUAGES.find((lang) => lang.toLowerCase() === lower) ?? null;
}

/**
 * The language for a list of preferred tags (`navigator.languages`): the first with a catalogue of its
 * own tag ("zh-CN") or of its language ("de-AT" -> "de", "zh-TW" -> "zh-CN"), else English.
 * @param {readonly string[]} preferred
 * @returns {string}
 */
export function pickLanguage(preferred = []) {
  for (const tag of preferred) {
    const exact = known(tag);
    if (exact) return exact;
    const primary = String(tag).toLowerCase().split("-")[0];
    const same = LANGUAGES.find((lang) => lang.toLowerCase().split("-")[0] === primary);
    if (same) return same;
  }
  return "en";
}

/** @returns {string} */
function initial() {
  try {
    const saved = known(localStorage.getItem(STORAGE_KEY));
    if (saved) return saved;
  } catch {
    // Storage may be blocked: follow the browser.
  }
  return pickLanguage(typeof navigator !== "undefined" ? navigator.languages || [navigator.language] : []);
}

// The words this page needs: the page's, and the lab's on the lab (`<html data-words="lab">`), the lessons'
// on the Learn page (`data-words="learn"`: `lesson.<id>.what` and the like, build.py's split_lessons).
/** @type {Record<string, typeof PAGE>} */
const EXTRA = { lab: LAB, learn: LEARN };
const extra = typeof document !== "undefined" ? EXTRA[document.documentElement.dataset.words ?? ""] : undefined;

/**
 * The words of `lang` this page shows (each catalogue complete: build.py fills a missing key from English).
 * @param {string} lang
 * @returns {Promise<Words>}
 */
async function load(lang) {
  const parts = await Promise.all([PAGE[lang](), ...(extra ? [extra[lang]()] : [])]);
  return Object.assign({}, ...parts.map((part) => part.default));
}

/**
 * The words of `lang`, or null when they cannot be fetched (offline before the service worker keeps them,
 * a flaky network): the page then speaks English rather than not starting at all.
 * @param {string} lang
 * @returns {Promise<Words | null>}
 */
async function tryLoad(lang) {
  try {
    return await load(lang);
  } catch (error) {
    console.warn(`the words of ${lang} could not be loaded: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

let current = typeof localStorage !== "undefined" ? initial() : "en";
/** @type {Words} */
let words = (current !== "en" && await tryLoad(current)) || (current = "en", await load("en"));
/** The language last chosen, whose words may still be on their way. */
let chosen = current;

/** @returns {string} */
export function language() {
  return current;
}

// The language of the engine's texts (a hint's `text`, a technique's `name`): the same tag as the page's.
/** @returns {string} */
export function engineLanguage() {
  return current;
}

/**
 * The text of `key` in the page's language, its `{name}` parameters filled. With a `count` of 1, a key's
 * ".one" form is used where the language has one ("1 move", not "1 moves"); Chinese has none and needs none.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const text = (params.count === 1 && words[`${key}.one`]) || words[key] || key;
  /** @param {string} name */
  const value = (name) => {
    const v = params[name];
    return typeof v === "function" ? v() : v;
  };
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(value(name)) : whole));
}

// The engine's level ids, easiest first ("guessing" is a rating, not a level one can ask for), as
// build.py read them from sudoku_core.techniques.LEVELS: the page has no list of its own.
/** @type {string[]} */
export const LEVEL_IDS = BUILD.levels;

/**
 * `t` for a panel whose own strings sit under "<prefix>.": level ids (and "guessing") are looked up
 * under "level.", so their names are written once for every panel.
 * @param {string} prefix
 * @returns {(key: string, params?: Record<string, unknown>) => string}
 */
export function panelT(prefix) {
  return (key, params = {}) =>
    t(LEVEL_IDS.includes(key) || key === "guessing" ? `level.${key}` : `${prefix}.${key}`, params);
}

/** @param {Document | Element} [root] */
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? "");
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(/** @type {HTMLElement} */ (el).dataset.i18nLabel ?? ""));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    /** @type {HTMLElement} */ (el).title = t(/** @type {HTMLElement} */ (el).dataset.i18nTitle ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    /** @type {HTMLInputElement} */ (el).placeholder = t(/** @type {HTMLElement} */ (el).dataset.i18nPlaceholder ?? "");
  }
  document.title = t(document.documentElement.dataset.title || "app.title");
}

// The kinds of house (the engine's Geometry.house_kind and geometry.js houseKind name them).
const HOUSE_KINDS = ["row", "column", "box", "region", "diagonal", "window"];

/**
 * "row 3", "第 3 宫": a house by its kind (a name of HOUSE_KINDS) and 0-based place.
 * @param {string} kind
 * @param {number} place
 * @returns {string}
 */
export function houseText(kind, place) {
  return t(`house.${HOUSE_KINDS.indexOf(kind)}`, { k: place + 1 });
}

/**
 * "r1c2 and r1c5 both hold 4 in row 1", from a conflict's facts (the engine's `conflicts` entries), in
 * the page's language; `shape` is the grid's {n, box, variant, regions}; `name` and `symbol` write a
 * cell and a digit as the page does.
 * @param {{cells?: number[], house?: number, digit?: number, message?: string, cage?: number, sum?: number,
 *   found?: number}} conflict
 * @param {any} shape
 * @param {(cell: number) => string} name
 * @param {(digit: number) => string} symbol
 * @returns {string | undefined}
 */
export function conflictText({ cells, house, digit, message, cage, sum, found }, shape, name, symbol) {
  // A Killer's cage: two equal digits in it, or its digits full and off its sum.
  const cages = shape.cages || [];
  if (cells && cage !== undefined && cages[cage]) {
    const k = cage + 1;
    if (digit) return t("conflict.cage", { a: name(cells[0]), b: name(cells[1]), digit: symbol(digit), k, sum: cages[cage].sum });
    return t("conflict.cage-sum", { k, cell: name(cages[cage].cells[0]), found, sum });
  }
  if (!cells || house === undefined || !digit) return message;
  const [kind, place] = /** @type {[string, number]} */ (houseKind(house, shape));
  return t("conflict", { a: name(cells[0]), b: name(cells[1]), digit: symbol(digit), house: houseText(kind, place) });
}

/**
 * The engine words its errors in English, with every nuance. The commonest parse errors are said by
 * the page from their facts (`reason`), in its language and typography (9×9); the rarer ones keep the
 * engine's words (null here).
 * @param {{reason?: string, found?: number, expected?: number, size?: number, line?: number, column?: number,
 *   char?: string}} [facts]
 * @returns {string | null}
 */
export function parseErrorText({ reason, found, expected, size, line, column, char } = {}) {
  if (reason === "empty") return t("parse.empty");
  if (reason === "no_size") return t("parse.no-size", { count: found });
  if (!size) return null;
  const grid = `${size}×${size}`;
  if (reason === "count") return t("parse.count", { found, size: grid, expected }) + (line ? t("parse.line", { line }) : "");
  if (reason === "char") return t("parse.char", { char, line, column, size: grid });
  return null;
}

/**
 * Fill `select` with the languages, each by its own name (the catalogue's `meta.name`), show the current
 * one, and switch on a change; it follows a change made elsewhere too. The page's own redraw listens for
 * "sudoku:language".
 * @param {HTMLSelectElement} select
 */
export function languageSwitch(select) {
  select.replaceChildren(...LANGUAGES.map((lang) => {
    const option = document.createElement("option");
    option.value = lang;
    option.lang = lang;
    option.textContent = NAMES[lang];
    return option;
  }));
  select.value = current;
  select.addEventListener("change", () => { void setLanguage(select.value); });
  document.addEventListener("sudoku:language", () => { select.value = current; });
}

/**
 * Switch the page to `lang` (a catalogue's tag, or an old name of one: "zh"), once its words are here.
 * @param {string} lang
 * @returns {Promise<void>}
 */
export async function setLanguage(lang) {
  const tag = known(lang);
  if (!tag) return;
  // The choice is kept at once: a page opened before this language's words arrive (the lab, a reload)
  // speaks it too. The words are then fetched; a later choice made meanwhile wins.
  chosen = tag;
  try {
    localStorage.setItem(STORAGE_KEY, tag);
  } catch {
    // Not saved; the choice still holds for this visit.
  }
  const loaded = await tryLoad(tag);
  if (chosen !== tag) return;
  if (!loaded) {  // not fetched: the page stays in its language, and so does the saved choice
    chosen = current;
    try {
      localStorage.setItem(STORAGE_KEY, current);
    } catch {
      // Nothing was saved either.
    }
    document.dispatchEvent(new CustomEvent("sudoku:language", { detail: { lang: current } }));
    return;
  }
  current = tag;
  words = loaded;
  translatePage();
  // For panels that draw their own text: redraw in the new language.
  document.dispatchEvent(new CustomEvent("sudoku:language", { detail: { lang: tag } }));
}
