// @ts-check
// Compare: the current puzzle with every method, one `compare` request per method, so the table fills
// in as each finishes and Cancel stops at once (the engine restarts; finished rows stay). Each method
// runs under the page's node budget, or under its own cap per request where that is lower (the engine's
// bridge holds each method to about a second's search): a row says which, and one that gave up says so,
// its figures marked as a floor. Two methods with the same counts are told why.
import { drawCharts, formatValue } from "./chart.js";
import { COMPARE_COLUMNS, toCsv } from "./stats.js";
import { t } from "../i18n.js";

import { byId as $ } from "../dom.js";

/** @typedef {import("../../ops.js").CompareRow} CompareRow */
/** Where a row not filled yet stands. @typedef {"waiting" | "running" | "cancelled" | "not-run"} RowState */
// The counts that fix a search tree: two methods equal in all of them walked the same one.
const SAME_TREE_KEYS = ["nodes", "placements", "branch_points", "guesses"];
// The columns after the result, in the table's order: the row's key for each.
const FIGURES = ["ms", "nodes", "placements", "branch_points", "guesses", "eliminations", "updates", "max_depth", "solutions"];

export class CompareView {
  /** @type {number} the node budget asked for by the last run (set by run) */ asked;

  /** @param {import("../../lab.js").Lab} lab */
  constructor(lab) {
    this.lab = lab;
    /** @type {CompareRow[]} */
    this.rows = [];
    this.serial = 0;
    this.running = false;
    /** @type {Map<string, RowState>} */
    this.pending = new Map(); // method -> the state word of a row not (yet) filled: waiting, running…
    $("compare-run").addEventListener("click", () => this.run());
    $("compare-csv").addEventListener("click", () => download(this.csv(), "sudoku-lab-compare.csv"));
    lab.onPuzzle(() => this.clear());
  }

  clear() {
    this.serial += 1;
    this.rows = [];
    this.pending = new Map();
    $("compare-table").tBodies[0].replaceChildren();
    $("compare-chart").replaceChildren();
    $("compare-note").textContent = "";
    $("compare-csv").disabled = true;
    delete $("compare-table").dataset.state;
  }

  async run() {
    const lab = this.lab;
    if (!lab.puzzle || this.running) return;
    this.clear();
    const serial = this.serial;
    const nodeLimit = lab.nodeLimit();
    this.asked = nodeLimit;
    const order = /** @type {import("../../ops.js").LabInfo} */ (lab.info).methods; // the ladder, lowest rung first (sudoku_core.lab.LAB_METHODS)
    const body = $("compare-table").tBodies[0];
    const trs = new Map(order.map((m) => [m, this.pendingRow(m)]));
    body.replaceChildren(...trs.values());
    this.running = true;
    $("compare-run").disabled = true;
    $("compare-table").dataset.state = "running";
    lab.say(["lab.compare.busy", { count: order.length, budget: nodeLimit.toLocaleString("en-US") }], "busy");
    /** @type {import("../engine.js").EngineError | null} */
    let stopped = null;
    try {
      for (const method of order) {
        this.mark(method, "running");
        let result;
        try {
          result = await lab.engine.request("compare", { ...lab.payload(), methods: [method], node_limit: nodeLimit });
        } catch (error) {
          stopped = /** @type {import("../engine.js").EngineError} */ (error);
          break;
        }
        if (serial !== this.serial) return; // the puzzle changed meanwhile: these figures are for another one
        const row = result.rows[0];
        this.rows.push(row);
        this.fillRow(/** @type {HTMLTableRowElement} */ (trs.get(method)), row);
        this.draw();
      }
    } finally {
      this.running = false;
      $("compare-run").disabled = false;
    }
    if (serial !== this.serial) return;
    for (const method of order.slice(this.rows.length)) {
      this.mark(method, stopped && stopped.kind === "cancelled" ? "cancelled" : "not-run");
    }
    $("compare-table").dataset.state = stopped ? "stopped" : "done";
    $("compare-csv").disabled = this.rows.length === 0;
    if (stopped) {
      lab.say(stopped.kind === "cancelled" ? ["lab.compare.cancelled"] : ["lab.say.plain", { message: lab.describeError(stopped) }],
        stopped.kind === "cancelled" ? "info" : "error");
      return;
    }
    const gaveUp = this.rows.filter((r) => r.gave_up).map((r) => r.method);
    lab.say(gaveUp.length ? ["lab.compare.gave-up", { methods: () => gaveUp.map(lab.methodName).join(t("lab.list-separator")) }]
      : ["lab.compare.done"], gaveUp.length ? "warn" : "ok");
    this.note();
  }

  /** @param {string} method */
  pendingRow(method) {
    const tr = document.createElement("tr");
    tr.dataset.method = method;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = this.lab.methodName(method);
    tr.append(th);
    for (let i = 0; i <= FIGURES.length; i++) tr.append(document.createElement("td"));
    this.pending.set(method, "waiting");
    tr.cells[1].textContent = t("lab.row.waiting");
    return tr;
  }

  // A row not filled yet says where it stands: waiting, running, cancelled or not run.
  /** @param {string} method @param {RowState} state */
  mark(method, state) {
    this.pending.set(method, state);
    const tr = /** @type {HTMLTableRowElement | null} */ ($("compare-table").querySelector(`tr[data-method="${method}"]`));
    if (tr) tr.cells[1].textContent = t(`lab.row.${state}`);
  }

  /** @param {HTMLTableRowElement} tr @param {CompareRow} row */
  fillRow(tr, row) {
    this.pending.delete(row.method);
    // A method that cannot take the variant (the backtracking rungs and a Killer's cage sums) says why.
    const result = row.status === "unsupported" ? t("lab.result.unsupported")
      : row.gave_up && row.node_limit < this.asked
        ? t("lab.result.gave-up-capped", { nodes: row.nodes.toLocaleString("en-US"), asked: this.asked.toLocaleString("en-US") })
        : row.gave_up
          ? t("lab.result.gave-up", { nodes: row.nodes.toLocaleString("en-US"), budget: row.node_limit.toLocaleString("en-US") })
          : t(`lab.result.${row.status}`);
    const values = [result, ...FIGURES.map((key) => formatValue(/** @type {number | null | undefined} */ (row[key])))];
    values.forEach((text, i) => { tr.cells[i + 1].textContent = text; });
    tr.dataset.status = row.status;
    if (row.wrong) tr.cells[1].textContent += t("lab.result.wrong", { count: row.wrong });
  }

  // In a new language: the method names, the rows' words, the charts and the note.
  relabel() {
    for (const tr of $("compare-table").tBodies[0].rows) {
      const method = /** @type {string} */ (tr.dataset.method);
      tr.cells[0].textContent = this.lab.methodName(method);
      const row = this.rows.find((r) => r.method === method);
      if (row) this.fillRow(tr, row);
      else if (this.pending.has(method)) tr.cells[1].textContent = t(`lab.row.${this.pending.get(method)}`);
    }
    if (this.rows.length) this.draw();
    if (!this.running && this.rows.length) this.note();
  }

  draw() {
    // A method that gave up stopped at the budget: its time, nodes and guesses are floors, not its cost.
    const bars = (/** @type {string} */ key, floors = true) => this.ran().map((r) => ({
      label: shortName(r.method), method: r.method, value: /** @type {number | null} */ (r[key]), gaveUp: floors && r.gave_up }));
    drawCharts($("compare-chart"), [
      { title: t("lab.chart.branch-points"), bars: bars("branch_points") },
      { title: t("lab.chart.placements"), bars: bars("placements") },
      { title: t("lab.chart.time"), unit: t("lab.chart.ms"), bars: bars("ms") },
      { title: t("lab.chart.eliminations"), bars: bars("eliminations") },
      { title: t("lab.chart.updates"), bars: bars("updates", false) },
      { title: t("lab.chart.depth"), log: false, bars: bars("max_depth", false) },
    ]);
  }

  // What the ladder shows, from the figures of this very run: every rung's branch points (a rung that
  // gave up says "at least"), why the rules cut them, and why DLX gets there without rules.
  // The rows with figures (a method that could not take the puzzle has none).
  ran() {
    return this.rows.filter((r) => r.status !== "unsupported");
  }

  note() {
    const list = this.ran().map((r) => t(r.gave_up ? "lab.compare.note-rung-gave-up" : "lab.compare.note-rung",
      { method: this.lab.methodName(r.method), value: formatValue(r.branch_points) }));
    const parts = [t("lab.compare.note-ladder", { list: list.join(t("lab.list-separator-long")) }), t("lab.compare.note-why")];
    const dlx = this.rows.find((r) => r.method === "dlx-fewest");
    if (dlx) parts.push(t("lab.compare.note-dlx", { updates: formatValue(dlx.updates) }));
    const capped = this.ran().filter((r) => r.gave_up && r.node_limit < this.asked);
    if (capped.length) {
      parts.push(t("lab.compare.note-capped", { asked: this.asked.toLocaleString("en-US"),
        list: capped.map((r) => t("lab.compare.note-cap", { method: this.lab.methodName(r.method),
          cap: r.node_limit.toLocaleString("en-US") })).join(t("lab.list-separator")) }));
    }
    parts.push(...this.sameTrees());
    if (this.ran().length < this.rows.length) parts.push(t("lab.compare.note-unsupported"));
    $("compare-note").textContent = parts.join(" ");
  }

  // Methods whose counts agree: the naive search and DLX in plain order do (the matrix's first
  // items are the cells in reading order, their options the digits in order: the same tree), and are
  // told so; any other pair that finished with the same counts searched the same tree on this puzzle.
  sameTrees() {
    const same = (/** @type {CompareRow} */ a, /** @type {CompareRow} */ b) => SAME_TREE_KEYS.every((key) => a[key] === b[key]);
    const rows = this.ran();
    /** @type {string[]} */
    const notes = [];
    rows.forEach((a, i) => rows.slice(i + 1).forEach((b) => {
      if (!same(a, b)) return;
      const pair = new Set([a.method, b.method]);
      const names = { a: this.lab.methodName(a.method), b: this.lab.methodName(b.method) };
      if (pair.has("naive") && pair.has("dlx-plain")) notes.push(t("lab.compare.note-same-tree", names));
      else if (!a.gave_up && !b.gave_up) notes.push(t("lab.compare.note-same", names));
    }));
    return notes;
  }

  csv() {
    return toCsv(COMPARE_COLUMNS, this.rows);
  }
}

// Offer `text` as a file download (a blob URL on this origin; nothing leaves the page).
/** @param {string} text @param {string} name */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A method's short name, for the charts' labels ("DLX"); `data-method` on a bar keeps this English form.
/** @param {string} method */
export function shortName(method) {

  return t(`lab.short.${method}`);
}
