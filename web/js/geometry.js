// @ts-check
// The grid's geometry on the page, in one place: box shapes, symbols, cell names, peers, houses and the
// bit layout of candidate masks. Cells are 0-based indices in row-major order, digits 1..n, 0 empty,
// exactly as in sudoku_core (sudoku_core/grid.py is the engine's side of the same conventions).

/** A box shape: [box rows, box cols]. @typedef {[number, number]} Box */

export const DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// Side -> [box rows, box cols]: the engine's conventional shapes (wider than tall).
/** @type {Record<number, Box>} */
export const BOXES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4], 15: [3, 5],
  16: [4, 4], 20: [4, 5], 25: [5, 5] };

// A cell's short name, as the engine writes it: "r1c2" (1-based row and column of a 0-based index).
/** @param {number} cell @param {number} n the side @returns {string} */
export function cellName(cell, n) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

// Candidate masks on the page (notes, the lab's candidates): bit d-1 for digit d. (The engine's own
// masks use bit d; between the two only digit lists travel.)
/** @param {number} digit @returns {number} */
export function bit(digit) {
  return 1 << (digit - 1);
}

// The peers of every cell (same row, column or box), built once per shape.
/** @type {Map<string, number[][]>} */
const PEERS = new Map();
/** @param {number} n the side @param {Box} box @returns {number[][]} the peers of each cell */
export function peersOf(n, box) {
  const key = `${box[0]}x${box[1]}`;
  const known = PEERS.get(key);
  if (known) return known;
  const [br, bc] = box;
  /** @type {number[][]} */
  const peers = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n);
    const c = i % n;
    /** @type {Set<number>} */
    const set = new Set();
    for (let k = 0; k < n; k++) {
      set.add(r * n + k);
      set.add(k * n + c);
    }
    const r0 = r - (r % br);
    const c0 = c - (c % bc);
    for (let a = 0; a < br; a++) for (let b = 0; b < bc; b++) set.add((r0 + a) * n + c0 + b);
    set.delete(i);
    peers.push([...set]);
  }
  PEERS.set(key, peers);
  return peers;
}

// The cells of a house: kind "row", "column" or "box" and its 0-based place (or "cell": that cell).
/**
 * @param {"row" | "column" | "box" | "cell"} kind
 * @param {number} place the house's 0-based index (for "cell": the cell)
 * @param {number} n the side
 * @param {Box} box
 * @returns {number[]}
 */
export function houseCells(kind, place, n, [boxRows, boxCols]) {
  if (kind === "cell") return [place];
  /** @type {number[]} */
  const out = [];
  if (kind === "row") for (let i = 0; i < n; i++) out.push(place * n + i);
  else if (kind === "column") for (let i = 0; i < n; i++) out.push(i * n + place);
  else {
    const perRow = n / boxCols;
    const r0 = Math.floor(place / perRow) * boxRows;
    const c0 = (place % perRow) * boxCols;
    for (let i = 0; i < boxRows; i++) for (let j = 0; j < boxCols; j++) out.push((r0 + i) * n + c0 + j);
  }
  return out;
}
