// @ts-check
// Batch figures on the page: chunks of raw per-puzzle figures from the engine's `batch` operation are
// merged here, then summarised (median, p90, max) and written as CSV. The quantile is the engine's
// (sudoku_core.bench.quantile: linear interpolation), and the CSV columns are sudoku_core.lab's
// BATCH_COLUMNS, so the page and `python -m sudoku_core` give the same figures for the same times.

export const BATCH_COLUMNS = ["method", "puzzles", "median_ms", "p90_ms", "max_ms", "median_nodes", "max_nodes",
  "median_branch_points", "solved", "gave_up", "no_solution", "multiple", "wrong", "node_limit"];

export const COMPARE_COLUMNS = ["method", "status", "solutions", "ms", "nodes", "placements", "branch_points", "guesses",
  "eliminations", "updates", "max_depth", "node_limit"];

// The q quantile (0..1) of an ascending array, by linear interpolation; 0 when empty.
/** One method's share of a batch (the engine's `parts`), and what the page merges them into. @typedef {import("../../ops.js").BatchPart} BatchPart */
/** @typedef {BatchPart & {branch_points: number[]}} Merged */
/**
 * A method's figures over a batch (summarize), as the table, the charts and the CSV show them.
 * @typedef {{method: string, puzzles: number, median_ms: number, p90_ms: number, max_ms: number, median_nodes: number,
 *   max_nodes: number, median_branch_points: number | null, solved: number, gave_up: number, no_solution: number,
 *   multiple: number, wrong: number, unsupported: number, node_limit: number | null}} BatchSummary
 */

/** @param {number[]} sorted @param {number} q */
export function quantile(sorted, q) {
  if (!sorted.length) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

// Add one chunk's `parts` ([{method, times_ms, nodes, branch_points, statuses, wrong}]) into `merged` (a Map by method).
/** @param {Map<string, Merged>} merged @param {BatchPart[]} parts */
export function mergeParts(merged, parts) {
  for (const part of parts) {
    let acc = merged.get(part.method);
    if (!acc) {
      acc = { method: part.method, times_ms: [], nodes: [], branch_points: [], statuses: {}, wrong: 0 };
      merged.set(part.method, acc);
    }
    acc.times_ms.push(...part.times_ms);
    acc.nodes.push(...part.nodes);
    acc.branch_points.push(...(part.branch_points || []));
    for (const [status, count] of Object.entries(part.statuses)) acc.statuses[status] = (acc.statuses[status] || 0) + count;
    acc.wrong += part.wrong;
  }
  return merged;
}

const round3 = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;

// One summary row per method, as sudoku_core.lab.summarize writes it.
/** @param {Map<string, Merged>} merged @param {number | null} [nodeLimit] @returns {BatchSummary[]} */
export function summarize(merged, nodeLimit = null) {
  /** @type {BatchSummary[]} */
  const rows = [];
  for (const m of merged.values()) {
    const t = [...m.times_ms].sort((a, b) => a - b);
    const nd = [...m.nodes].sort((a, b) => a - b);
    const bp = [...m.branch_points].sort((a, b) => a - b);
    const st = m.statuses;
    rows.push({
      method: m.method, puzzles: t.length, median_ms: round3(quantile(t, 0.5)), p90_ms: round3(quantile(t, 0.9)),
      max_ms: t.length ? round3(t[t.length - 1]) : 0, median_nodes: quantile(nd, 0.5),
      max_nodes: nd.length ? nd[nd.length - 1] : 0, median_branch_points: bp.length ? quantile(bp, 0.5) : null, solved: (st.unique || 0) + (st.solved || 0),
      gave_up: st.gave_up || 0, no_solution: st.no_solution || 0, multiple: st.multiple || 0, wrong: m.wrong,
      unsupported: st.unsupported || 0, // puzzles the method cannot take (a Killer for the backtracking rungs)
      node_limit: nodeLimit,
    });
  }
  return rows;
}

// A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180).
/** @param {unknown} value */
function field(value) {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** @param {string[]} columns @param {Record<string, unknown>[]} rows */
export function toCsv(columns, rows) {

  const lines = [columns.join(",")];
  for (const row of rows) lines.push(columns.map((c) => field(row[c])).join(","));
  return `${lines.join("\n")}\n`;
}
