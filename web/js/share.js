// @ts-check
// Share links: the address's fragment holds the current puzzle (`index.html#<puzzle>`), so the
// address bar can be copied at any time. The fragment is data: it goes to the engine's parser as
// text and is never put into the page as HTML.

/** @returns {string} */
export function readFragment() {
  const raw = location.hash.slice(1);
  if (!raw) return "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape: let the parser say what is wrong with it
  }
}

// Replace (not push) the fragment, so typing does not fill the history.
/** @param {string} line */
export function writeFragment(line) {
  const url = new URL(location.href);
  url.hash = line ? encodeURIComponent(line) : "";
  history.replaceState(null, "", url.href);
}

// A link can carry the player's progress after the puzzle: `<puzzle>|<entries>|<notes>|<corners>`, the
// entries as a line like the puzzle's ('.' where none), the notes (centre marks) and the corner marks as
// base-36 bit masks joined by ',' (empty for none; the corner part only when there are some). '|' never
// occurs in a puzzle line, so old links read as before.
/** @param {string} text @returns {{puzzle: string, entries: string, notes: string, corners: string}} */
export function splitFragment(text) {
  const [puzzle, entries = "", notes = "", corners = ""] = text.split("|");
  return { puzzle, entries, notes, corners };
}

/** @param {number[]} masks @returns {string} */
const masksText = (masks) => (masks.some((m) => m) ? masks.map((m) => (m ? m.toString(36) : "")).join(",") : "");

/**
 * @param {string} puzzleLine @param {string} entries @param {number[]} notes masks
 * @param {number[]} [corners] masks @returns {string}
 */
export function progressFragment(puzzleLine, entries, notes, corners = []) {
  const notesText = masksText(notes);
  const cornersText = masksText(corners);
  return `${puzzleLine}|${entries}${notesText || cornersText ? `|${notesText}` : ""}${cornersText ? `|${cornersText}` : ""}`;
}

// What is wrong with a link's progress for a puzzle of n x n cells, or null when it fits: the entries
// are one symbol of the puzzle's first n (or '.' or '0' for none) per cell, the notes one base-36 mask per cell of at
// most n bits. A problem is {key, params} for the page's words (i18n.js "link.*"); `cell` is an index.
/**
 * @param {{entries: string, notes: string, corners?: string}} fragment @param {number} n @param {string} symbols
 * @returns {{key: string, params: Record<string, any>} | null}
 */
export function progressProblem({ entries, notes, corners = "" }, n, symbols) {
  const size = n * n;
  const allowed = symbols.slice(0, n);
  if (entries) {
    const chars = [...entries];
    if (chars.length !== size) return { key: "link.bad-length", params: { count: chars.length, cells: size } };
    const cell = chars.findIndex((ch) => ch !== "." && ch !== "0" && !allowed.includes(ch.toUpperCase()));
    if (cell >= 0) return { key: "link.bad-symbol", params: { char: chars[cell], cell } };
  }
  for (const marks of [notes, corners]) {
    if (!marks) continue;
    const parts = marks.split(",");
    if (parts.length !== size) return { key: "link.bad-length", params: { count: parts.length, cells: size } };
    const cell = parts.findIndex((p) => p && (!/^[0-9a-z]{1,6}$/i.test(p) || parseInt(p, 36) >= 2 ** n));
    if (cell >= 0) return { key: "link.bad-notes", params: { cell } };
  }
  return null;
}

// The side of the grid a link's progress is written for (from its length), or 0 when none fits.
/** @param {{entries: string, notes: string, corners?: string}} fragment @returns {number} */
export function progressSide({ entries, notes, corners = "" }) {
  const count = entries ? [...entries].length : (notes || corners).split(",").length;
  const n = Math.round(Math.sqrt(count));
  return n * n === count ? n : 0;
}

// Read progress back for a grid of `size` cells: {entries: digits[], notes: masks[]}, or null when there
// is none or it does not fit the grid (see progressProblem: a link is checked before anything is saved).
/**
 * @param {{entries: string, notes: string, corners?: string}} fragment
 * @param {number} size @param {string} symbols
 * @returns {{entries: number[], notes: number[], corners: number[]} | null}
 */
export function parseProgress({ entries, notes, corners = "" }, size, symbols) {
  if (!entries && !notes && !corners) return null;
  const n = Math.round(Math.sqrt(size));
  if (progressProblem({ entries, notes, corners }, n, symbols)) return null;
  const digits = new Array(size).fill(0);
  const allowed = symbols.slice(0, n);
  if (entries) [...entries].forEach((ch, i) => { digits[i] = allowed.indexOf(ch.toUpperCase()) + 1; });
  /** @param {string} text */
  const masks = (text) => (text ? text.split(",").map((p) => (p ? parseInt(p, 36) : 0)) : new Array(size).fill(0));
  return { entries: digits, notes: masks(notes), corners: masks(corners) };
}
