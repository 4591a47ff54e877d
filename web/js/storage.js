// @ts-check
// localStorage with versioned keys, robust to blocked, full or corrupt storage. Nothing the player
// made is ever deleted because it could not be read: a value that does not parse is set aside under
// `<key>.aside.<time>` (the player is told, and can copy its text), and a write that fails (quota,
// private mode) returns false so the page can say so and keep the game in memory.
//
// Keys: `sudoku.games.v2` (the library's index) and `sudoku.game.v2.<id>` (one per game; see
// library.js), `sudoku.records.v1` (statistics, stats.js), `sudoku.settings.v1` (theme, contrast,
// checking, timer, highlighting, input modes). `sudoku.game.v1`, the single saved game of earlier
// releases, is read once and moved into the library.

export const LEGACY_GAME_KEY = "sudoku.game.v1";
export const SETTINGS_KEY = "sudoku.settings.v1";

// {value, raw, error}: error is "blocked" (storage cannot be used at all) or "corrupt" (the text is
// not JSON; it has been set aside and `raw` holds it); value is null when absent or unreadable.
/**
 * @param {string} key
 * @returns {{value: any, raw: string | null, error: "blocked" | "corrupt" | null}} value: parsed JSON
 */
export function readStored(key) {
  let raw;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return { value: null, raw: null, error: "blocked" };
  }
  if (raw === null) return { value: null, raw: null, error: null };
  try {
    return { value: JSON.parse(raw), raw, error: null };
  } catch {
    setAside(key, raw);
    return { value: null, raw, error: "corrupt" };
  }
}

/** @param {string} key @returns {any} the parsed JSON, or null */
export function readJSON(key) {
  return readStored(key).value;
}

// Move a value that cannot be used out of the way, keeping its text; returns the key it went to.
/** @param {string} key @param {string} raw @returns {string | null} */
export function setAside(key, raw) {
  const aside = `${key}.aside.${Date.now()}`;
  try {
    localStorage.setItem(aside, raw);
    localStorage.removeItem(key);
    return aside;
  } catch {
    return null; // full or blocked: it stays where it was, still not deleted
  }
}

/** @param {string} key @param {unknown} value @returns {boolean} whether it was written */
export function writeJSON(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** @param {string} key */
export function removeKey(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked: nothing to remove.
  }
}

/**
 * @typedef {{theme: string, contrast: boolean, check: boolean, showTimer: boolean, highlight: boolean,
 *   digitFirst: boolean, notesMode: boolean, cornerMarks: boolean}} Settings theme: "system", "light" or
 *   "dark"; cornerMarks: notes go in the cell's corner (Snyder notation) rather than its centre
 */

/** @type {Readonly<Settings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  theme: "system", contrast: false, check: false, showTimer: true, highlight: true,
  digitFirst: false, notesMode: false, cornerMarks: false,
});

/** @returns {Settings} the saved settings, each of the right type, or its default */
export function readSettings() {
  const saved = readJSON(SETTINGS_KEY);
  /** @type {Settings} */
  const settings = { ...DEFAULT_SETTINGS };
  /** @type {Record<string, unknown>} the same object, written key by key */
  const fields = settings;
  if (saved && typeof saved === "object") {
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      if (typeof saved[key] === typeof value) fields[key] = saved[key];
    }
  }
  if (!["system", "light", "dark"].includes(settings.theme)) settings.theme = "system";
  return settings;
}

/** @param {Settings} settings @returns {boolean} whether it was written */
export function writeSettings(settings) {
  return writeJSON(SETTINGS_KEY, settings);
}
