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

// A link can carry the player's progress after the puzzle: `<puzzle>|<entries>|<notes>`, the
// entries as a line like the puzzle's ('.' where none) and the notes as base-36 bit masks joined
// by ',' (empty for none). '|' never occurs in a puzzle line, so old links read as before.
/** @param {string} text @returns {{puzzle: string, entries: string, notes: string}} */
export function splitFragment(text) {
  const [puzzle, entries = "", notes = ""] = text.split("|");
  return { puzzle, entries, notes };
}

/** @param {string} puzzleLine @param {string} entries @param {number[]} notes masks @returns {string} */
export function progressFragment(puzzleLine, entries, notes) {
  const notesText = notes.some((m) => m) ? notes.map((m) => (m ? m.toString(36) : "")).join(",") : "";
  return `${puzzleLine}|${entries}${notesText ? `|${notesText}` : ""}`;
}

// Read progress back for a grid of `size` cells: {entries: digits[], notes: masks[]} or null.
/**
 * @param {{entries: string, notes: string}} fragment
 * @param {number} size @param {string} symbols
 * @returns {{entries: number[], notes: number[]} | null}
 */
export function parseProgress({ entries, notes }, size, symbols) {
  if (!entries && !notes) return null;
  const digits = new Array(size).fill(0);
  const masks = new Array(size).fill(0);
  if (entries) {
    if (entries.length !== size) return null;
    for (let i = 0; i < size; i++) digits[i] = Math.max(0, symbols.indexOf(entries[i].toUpperCase()) + 1);
  }
  if (notes) {
    const parts = notes.split(",");
    if (parts.length !== size) return null;
    for (let i = 0; i < size; i++) masks[i] = parts[i] ? parseInt(parts[i], 36) || 0 : 0;
  }
  return { entries: digits, notes: masks };
}
