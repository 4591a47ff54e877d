// @ts-check
// Killer cages drawn: the outline of a cage as an SVG path in cell units (a cell is 1 x 1, the grid n x
// n), inset inside its cells, and where its sum goes. The board's cage layer (board.js) and the hint
// overlay (overlay.js) both draw from here, so a cage looks the same in both and the numbers below are
// written once.
//
// The outline follows the cage's boundary: every side of a cell whose neighbour is not in the cage is
// an edge, directed clockwise (the cage on its right: y grows downwards), and the edges are joined end
// to start into loops (one per boundary: a cage round a hole has two). Each corner is moved `inset`
// into the cage along both of its edges' inward normals, so a convex corner goes in diagonally and a
// concave one out, and the inset lines meet exactly. Where two cells of the cage touch only at a corner,
// the loop turns into the cage (right), which keeps the two corners apart.

// How far the outline sits inside the cells, and the sum's box in the cage's first cell (its top-left
// cell: the first in reading order always has its top and left sides on the boundary). The outline
// leaves a gap there for the sum.
export const CAGE_INSET = 0.08;
export const SUM_BOX = { width: 0.42, height: 0.3 };
// On a Killer the notes keep clear of the outline and of the sum: their box in the cell (fractions of
// its side), which the board's CSS takes as custom properties and the hint overlay uses to find a note.
export const KILLER_NOTES = { top: 0.27, right: 0.1, bottom: 0.08, left: 0.1 };

/** @typedef {import("./geometry.js").Cage} Cage */
/** An edge of a cage's boundary: the corner it leaves and its direction. @typedef {{x: number, y: number, dx: number, dy: number}} Edge */

/** @type {Record<string, [number, number]>} */
const RIGHT = { "1,0": [0, 1], "0,1": [-1, 0], "-1,0": [0, -1], "0,-1": [1, 0] }; // a turn to the right

const round = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;

// The loops of a cage's boundary: each a list of [x, y, nx, ny, dx, dy] (a corner of the grid, and the
// inward normal and direction of the edge that leaves it).
/** @param {number[]} cells @param {number} n @returns {number[][][]} */
function loops(cells, n) {
  const inside = new Set(cells);
  const has = (/** @type {number} */ r, /** @type {number} */ c) => r >= 0 && c >= 0 && r < n && c < n && inside.has(r * n + c);
  /** @type {Map<string, Edge[]>} */
  const edges = new Map(); // "x,y" -> [edges leaving that corner]
  /** @type {(x: number, y: number, dx: number, dy: number) => void} */
  const add = (x, y, dx, dy) => {
    const key = `${x},${y}`;
    if (!edges.has(key)) edges.set(key, []);
    /** @type {Edge[]} */ (edges.get(key)).push({ x, y, dx, dy });
  };
  for (const cell of cells) {
    const r = Math.floor(cell / n);
    const c = cell % n;
    if (!has(r - 1, c)) add(c, r, 1, 0); // top: left to right
    if (!has(r, c + 1)) add(c + 1, r, 0, 1); // right: downwards
    if (!has(r + 1, c)) add(c + 1, r + 1, -1, 0); // bottom: right to left
    if (!has(r, c - 1)) add(c, r + 1, 0, -1); // left: upwards
  }
  /** @type {number[][][]} */
  const out = [];
  /** @type {(key: string, prefer: [number, number] | undefined) => Edge | null} */
  const take = (key, prefer) => {
    const list = edges.get(key);
    if (!list || !list.length) return null;
    let i = 0;
    if (prefer && list.length > 1) i = Math.max(0, list.findIndex((e) => e.dx === prefer[0] && e.dy === prefer[1]));
    const [e] = list.splice(i, 1);
    return e;
  };
  // Start each loop at its top-left corner (the smallest y, then x), so the first loop of a cage starts
  // at its first cell's top-left corner, where the sum is.
  const starts = [...edges.keys()].map((k) => k.split(",").map(Number)).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [sx, sy] of starts) {
    let edge = take(`${sx},${sy}`, [1, 0]);
    if (!edge) continue;
    /** @type {number[][]} */
    const loop = [];
    while (edge) {
      loop.push([edge.x, edge.y, -edge.dy, edge.dx, edge.dx, edge.dy]);
      const ex = edge.x + edge.dx;
      const ey = edge.y + edge.dy;
      edge = take(`${ex},${ey}`, RIGHT[`${edge.dx},${edge.dy}`]);
    }
    out.push(loop);
  }
  return out;
}

// The SVG path of a cage's outline, `inset` inside its cells; with `gap`, the first loop leaves the
// sum's box of the first cell open.
/** @param {number[]} cells @param {number} n @param {{inset?: number, gap?: boolean}} [options] @returns {string} */
export function cageOutline(cells, n, { inset = CAGE_INSET, gap = true } = {}) {
  /** @type {string[]} */
  const parts = [];
  loops(cells, n).forEach((loop, i) => {
    const points = loop.map(([x, y, nx, ny], k) => {
      const [, , px, py] = loop[(k + loop.length - 1) % loop.length]; // the normal of the edge arriving
      const same = px === nx && py === ny;
      return same ? [x + inset * nx, y + inset * ny] : [x + inset * (nx + px), y + inset * (ny + py)];
    });
    if (gap && i === 0) {
      // The loop starts at the first cell's top-left corner: leave it out, from the sum's right edge
      // along the top round to the sum's bottom edge on the left.
      const [x0, y0] = points[0];
      const open = [[x0 - inset + SUM_BOX.width, y0], ...points.slice(1), [x0, y0 - inset + SUM_BOX.height]];
      parts.push(`M${open.map(([x, y]) => `${round(x)},${round(y)}`).join(" L")}`);
    } else {
      parts.push(`M${points.map(([x, y]) => `${round(x)},${round(y)}`).join(" L")} Z`);
    }
  });
  return parts.join(" ");
}

// Where a cage's sum is written: the top-left of its first cell, in cell units ([x, y] of the text's
// start and baseline, and its size).
/** @param {number[]} cells @param {number} n */
export function sumSpot(cells, n) {
  const first = Math.min(...cells);
  const x = first % n;
  const y = Math.floor(first / n);
  return { x: x + 0.06, y: y + 0.25, size: 0.25 };
}

// --- combinations ----------------------------------------------------------------------------------
//
// A cage's digits are one of its combinations: `size` different digits of 1..n that sum to its total (the
// engine's grid.cage_combinations, with the page's bit layout: bit d-1 for digit d).

/** @type {Map<string, number[]>} */
const combinationTable = new Map();

/** @param {number} size @param {number} total @param {number} n @returns {number[]} */
export function cageCombinations(size, total, n) {
  const key = `${size},${total},${n}`;
  const known = combinationTable.get(key);
  if (known) return known;
  /** @type {number[]} */
  const out = [];
  /** @type {(mask: number, low: number, left: number, rest: number) => void} */
  const grow = (mask, low, left, rest) => {
    if (left === 0) {
      if (rest === 0) out.push(mask);
      return;
    }
    for (let d = low; d <= n; d++) {
      if (d * left + (left * (left - 1)) / 2 > rest) break; // the smallest digits from d on sum to too much
      grow(mask | (1 << (d - 1)), d + 1, left - 1, rest - d);
    }
  };
  grow(0, 1, size, total);
  combinationTable.set(key, out);
  return out;
}

// The combinations of a cage still possible (as the engine's cage technique reads them): they hold every
// digit placed in the cage, otherwise only candidates (`masks`) of its open cells, and give each open
// cell a digit it can take. `filled`: the digit of every cell (0 = empty).
/** @param {Cage} cage @param {number[]} filled @param {number[]} masks @param {number} n @returns {number[]} */
export function combinationsLeft({ sum, cells }, filled, masks, n) {
  let placed = 0;
  let within = 0;
  /** @type {number[]} */
  const open = [];
  for (const c of cells) {
    if (filled[c]) placed |= 1 << (filled[c] - 1);
    else {
      open.push(c);
      within |= masks[c];
    }
  }
  within |= placed;
  return cageCombinations(cells.length, sum, n).filter((k) => (k & placed) === placed && (k & within) === k
    && open.every((c) => masks[c] & k));
}

// Narrow `masks` (one candidate mask per cell) in place to what every cage's combinations allow: each
// open cell of a cage keeps only digits of its cage's combinations still possible, not yet placed in it,
// cage by cage until nothing changes (a narrowed cell can rule a combination out).
/** @param {Cage[]} cages @param {number[]} filled @param {number[]} masks @param {number} n */
export function cageCandidates(cages, filled, masks, n) {

  for (let changed = true; changed;) {
    changed = false;
    for (const cage of cages) {
      const left = combinationsLeft(cage, filled, masks, n);
      let allowed = left.reduce((a, k) => a | k, 0);
      for (const c of cage.cells) if (filled[c]) allowed &= ~(1 << (filled[c] - 1));
      for (const c of cage.cells) {
        if (filled[c] || (masks[c] & allowed) === masks[c]) continue;
        masks[c] &= allowed;
        changed = true;
      }
    }
  }
  return masks;
}
