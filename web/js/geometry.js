// @ts-check
// The grid's geometry on the page, in one place: box shapes, symbols, cell names, peers, houses and the
// bit layout of candidate masks. Cells are 0-based indices in row-major order, digits 1..n, 0 empty,
// exactly as in sudoku_core. The domain itself (sides, box shapes, variants, their houses and the kinds
// of those houses) is the engine's: build.py writes it into build-info.js from sudoku_core.grid's
// page_domain, and this module only reads it (tests/test_page_geometry.py runs it in node against the
// engine's geometries, every side and variant).
import { BUILD } from "../build-info.js";

/** A box shape: [box rows, box cols]. @typedef {[number, number]} Box */
/** A Killer's cage: its sum and its cells (0-based, sorted). @typedef {{sum: number, cells: number[]}} Cage */
/**
 * A grid's shape as the page holds it (see shapeOf); any of it may be left out of a shape passed in.
 * @typedef {{n: number, box: Box, variant: string, regions: number[] | null, cages: Cage[] | null}} Shape
 */
/** @typedef {{n?: number, box: Box, variant?: string, regions?: number[] | null, cages?: Cage[] | null}} ShapeLike */
/** A house's kind and 0-based place among its kind: ["row", 2]. @typedef {[string, number]} HouseKind */

/** @type {string} */
export const DEFAULT_SYMBOLS = BUILD.symbols;
// Side -> [box rows, box cols]: the engine's conventional shapes (wider than tall).
/** @type {Record<number, Box>} */
export const BOXES = Object.fromEntries(Object.entries(BUILD.domain.boxes).map(([n, box]) => [Number(n), box]));

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

// Variants (docs/variants.md): more houses, or other boxes, on the same grid, as the engine describes
// them (BUILD.domain.variants): the sides each is played on, whether its boxes are "box"es or Jigsaw
// "region"s (`regions[cell]` the 0-based region of each cell, numbered by first cells as the engine sends
// them), whether it has `cages` ([{sum, cells}], cells 0-based and sorted, in the order of their first
// cells: a cage is not a house, but its cells are each other's peers), and its extra houses on each side
// (the diagonals of an X, the windows of a Windoku) with their kind, in the engine's order.
const VARIANT_INFO = new Map(BUILD.domain.variants.map((v) => [v.name, v]));
/** @type {string[]} */
export const VARIANTS = BUILD.domain.variants.map((v) => v.name);

// How a variant's one-line form is written (docs/variants.md): how many ':'-separated fields, and whether
// the third is a region map (boxes of irregular shape) and the third and fourth a cage map and its sums.
/** @param {string} variant @returns {{ fields: number, regions: boolean, cages: boolean } | null} */
export function lineForm(variant) {
  const info = VARIANT_INFO.get(variant);
  if (!info) return null;
  const regions = info.boxKind === "region";
  return { fields: variant === "classic" ? 1 : 2 + (regions ? 1 : 0) + (info.cages ? 2 : 0), regions, cages: info.cages };
}

// Whether a variant is played on a side.
/** @param {string} variant @param {number} n @returns {boolean} */
export function playedOn(variant, n) {
  const info = VARIANT_INFO.get(variant);
  return !!info && info.sides.includes(n);
}

// A grid's shape as the page holds it: {n, box, variant, regions, cages}.
/** @param {ShapeLike} shape @returns {Shape} */
export function shapeOf({ n, box, variant = "classic", regions = null, cages = null }) {
  return { n: n || box[0] * box[1], box, variant: variant || "classic", regions: variant === "jigsaw" ? regions : null,
    cages: variant === "killer" && cages ? cages : null };
}

/** @param {Shape} shape */
function shapeKey({ n, box, variant, regions, cages }) {
  const caged = cages ? cages.map((q) => `${q.sum}=${q.cells.join(".")}`).join(";") : "";
  return `${n}:${box[0]}x${box[1]}:${variant}:${regions ? regions.join(",") : ""}:${caged}`;
}

// A Killer's cage of every cell (its index in `cages`), -1 for a cell in none; all -1 without cages.
/** @param {ShapeLike} shape @returns {number[]} */
export function cageOf(shape) {
  const s = shapeOf(shape);
  const owner = new Array(s.n * s.n).fill(-1);
  (s.cages || []).forEach((cage, q) => { for (const c of cage.cells) owner[c] = q; });
  return owner;
}

// The box (or Jigsaw region) of a cell, 0-based.
/** @param {number} cell @param {{n: number, box: Box, regions?: number[] | null}} shape */
export function boxOf(cell, { n, box, regions }) {
  if (regions) return regions[cell];
  const r = Math.floor(cell / n);
  const c = cell % n;
  return Math.floor(r / box[0]) * (n / box[1]) + Math.floor(c / box[1]);
}

// Every house of a shape, as the engine numbers them: rows 0..n-1, columns n..2n-1, boxes (or
// regions) 2n..3n-1, then the variant's extra houses from 3n. Built once per shape.
/** @type {Map<string, number[][]>} */
const HOUSES = new Map();
/** @param {ShapeLike} shape @returns {number[][]} */
export function housesOf(shape) {
  const s = shapeOf(shape);
  const key = shapeKey(s);
  const known = HOUSES.get(key);
  if (known) return known;
  const { n } = s;
  /** @type {number[][]} */
  const houses = [];
  for (let r = 0; r < n; r++) houses.push(Array.from({ length: n }, (_, c) => r * n + c));
  for (let c = 0; c < n; c++) houses.push(Array.from({ length: n }, (_, r) => r * n + c));
  const boxes = Array.from({ length: n }, () => /** @type {number[]} */ ([]));
  for (let i = 0; i < n * n; i++) boxes[boxOf(i, s)].push(i);
  houses.push(...boxes);
  const extra = VARIANT_INFO.get(s.variant)?.extra[n] || [];
  houses.push(...extra.map((/** @type {number[]} */ h) => [...h]));
  HOUSES.set(key, houses);
  return houses;
}

// A house number's kind and 0-based place among its kind, as the engine's Geometry.house_kind says:
// ["row", 2], ["box", 4] ("region" in a Jigsaw), ["diagonal", 0] (X), ["window", 3] (Windoku).
/** @param {number} house @param {ShapeLike} shape @returns {[string, number]} */
export function houseKind(house, shape) {
  const s = shapeOf(shape);
  const info = VARIANT_INFO.get(s.variant);
  const kind = Math.floor(house / s.n);
  if (kind < 3) return [["row", "column", info ? info.boxKind : "box"][kind], house % s.n];
  return [/** @type {string} */ (info?.extraKind), house - 3 * s.n];
}

// The houses of a cell beyond its row and column: [[kind, place], ...] (its box or region, then any
// diagonal or window), for what a screen reader says of the cell.
/** @param {ShapeLike} shape @returns {HouseKind[][]} */
export function cellHousesOf(shape) {
  const houses = housesOf(shape);
  const n = shapeOf(shape).n;
  const out = Array.from({ length: n * n }, () => /** @type {HouseKind[]} */ ([]));
  for (let h = 2 * n; h < houses.length; h++) for (const c of houses[h]) out[c].push(houseKind(h, shape));
  return out;
}

// The peers of every cell (the other cells of its houses: row, column, box or region, and a variant's
// diagonals or windows; in a Killer its cage mates too), built once per shape.
/** @type {Map<string, number[][]>} */
const PEERS = new Map();
/**
 * @param {number} n @param {Box} box @param {string} [variant] @param {number[] | null} [regions]
 * @param {Cage[] | null} [cages]
 * @returns {number[][]}
 */
export function peersOf(n, box, variant = "classic", regions = null, cages = null) {
  const s = shapeOf({ n, box, variant, regions, cages });
  const key = shapeKey(s);
  const known = PEERS.get(key);
  if (known) return known;
  const sets = Array.from({ length: n * n }, () => /** @type {Set<number>} */ (new Set()));
  const groups = [...housesOf(s), ...(s.cages || []).map((cage) => cage.cells)];
  for (const group of groups) for (const c of group) for (const p of group) if (p !== c) sets[c].add(p);
  const peers = sets.map((set) => [...set].sort((a, b) => a - b));
  PEERS.set(key, peers);
  return peers;
}

// The cells of a house: kind "row", "column", "box", "region", "diagonal" or "window" and its 0-based
// place (or "cell": that cell); `variant` and `regions` as the game holds them.
/**
 * @param {string} kind @param {number} place @param {number} n @param {Box} box @param {string} [variant]
 * @param {number[] | null} [regions]
 * @returns {number[]}
 */
export function houseCells(kind, place, n, box, variant = "classic", regions = null) {
  if (kind === "cell") return [place];
  const s = shapeOf({ n, box, variant, regions });
  const houses = housesOf(s);
  const extraKind = VARIANT_INFO.get(s.variant)?.extraKind;
  /** @type {Record<string, number>} */
  const firsts = { row: 0, column: n, box: 2 * n, region: 2 * n, ...(extraKind ? { [extraKind]: 3 * n } : {}) };
  const first = firsts[kind];

  return first === undefined ? [] : [...(houses[first + place] || [])];
}
