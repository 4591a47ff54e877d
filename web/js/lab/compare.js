// Compare: the current puzzle with every method, one `compare` request per method, so the table fills
// in as each finishes and Cancel stops at once (the engine restarts; finished rows stay). Each method
// runs under the page's node budget; one that gave up says so, and its figures are marked as a floor.
import { drawCharts, formatValue } from "./chart.js";
import { COMPARE_COLUMNS, toCsv } from "./stats.js";

const $ = (id) => document.getElementById(id);
export const ORDER = ["naive", "backtrack-recursive", "backtrack", "dlx"];

const RESULT_TEXT = {
  unique: "unique solution", solved: "solved", multiple: "several solutions", no_solution: "no solution",
};

export class CompareView {
  constructor(lab) {
    this.lab = lab;
    this.rows = [];
    this.serial = 0;
    this.running = false;
    $("compare-run").addEventListener("click", () => this.run());
    $("compare-csv").addEventListener("click", () => download(this.csv(), "sudoku-lab-compare.csv"));
    lab.onPuzzle(() => this.clear());
  }

  clear() {
    this.serial += 1;
    this.rows = [];
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
    const body = $("compare-table").tBodies[0];
    const trs = new Map(ORDER.map((m) => [m, this.pendingRow(m)]));
    body.replaceChildren(...trs.values());
    this.running = true;
    $("compare-run").disabled = true;
    $("compare-table").dataset.state = "running";
    lab.say(`Comparing ${ORDER.length} methods, each under a budget of ${nodeLimit.toLocaleString("en-US")} nodes…`, "busy");
    let stopped = null;
    try {
      for (const method of ORDER) {
        trs.get(method).cells[1].textContent = "running…";
        let result;
        try {
          result = await lab.engine.request("compare", { ...lab.payload(), methods: [method], node_limit: nodeLimit });
        } catch (error) {
          stopped = error;
          break;
        }
        if (serial !== this.serial) return; // the puzzle changed meanwhile: these figures are for another one
        const row = result.rows[0];
        this.rows.push(row);
        this.fillRow(trs.get(method), row);
        this.draw();
      }
    } finally {
      this.running = false;
      $("compare-run").disabled = false;
    }
    if (serial !== this.serial) return;
    for (const method of ORDER.slice(this.rows.length)) {
      trs.get(method).cells[1].textContent = stopped && stopped.kind === "cancelled" ? "cancelled" : "not run";
    }
    $("compare-table").dataset.state = stopped ? "stopped" : "done";
    $("compare-csv").disabled = this.rows.length === 0;
    if (stopped) {
      lab.say(stopped.kind === "cancelled" ? "Comparison cancelled; the engine is restarting." : lab.describeError(stopped),
        stopped.kind === "cancelled" ? "info" : "error");
      return;
    }
    const gaveUp = this.rows.filter((r) => r.gave_up).map((r) => lab.names[r.method] || r.method);
    lab.say(gaveUp.length ? `Done. ${gaveUp.join(", ")} gave up at the node budget.` : "Done: every method finished.",
      gaveUp.length ? "warn" : "ok");
    this.note();
  }

  pendingRow(method) {
    const tr = document.createElement("tr");
    tr.dataset.method = method;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = this.lab.names[method] || method;
    tr.append(th);
    for (let i = 0; i < 7; i++) tr.append(document.createElement("td"));
    tr.cells[1].textContent = "waiting";
    return tr;
  }

  fillRow(tr, row) {
    const result = row.gave_up
      ? `gave up after ${row.nodes.toLocaleString("en-US")} nodes (budget ${row.node_limit.toLocaleString("en-US")})`
      : RESULT_TEXT[row.status] || row.status;
    const values = [result, formatValue(row.ms), formatValue(row.nodes), formatValue(row.guesses),
      row.updates === null ? "–" : formatValue(row.updates), formatValue(row.max_depth), String(row.solutions)];
    values.forEach((text, i) => { tr.cells[i + 1].textContent = text; });
    tr.dataset.status = row.status;
    if (row.wrong) tr.cells[1].textContent += ` (${row.wrong} wrong!)`;
  }

  draw() {
    // A method that gave up stopped at the budget: its time, nodes and guesses are floors, not its cost.
    const bars = (key) => this.rows.map((r) => ({ label: shortName(r.method), value: r[key], gaveUp: r.gave_up }));
    drawCharts($("compare-chart"), [
      { title: "Time", unit: "ms", bars: bars("ms") },
      { title: "Nodes", bars: bars("nodes") },
      { title: "Guesses", bars: bars("guesses") },
      { title: "DLX updates", bars: this.rows.map((r) => ({ label: shortName(r.method), value: r.updates })) },
      { title: "Max depth", log: false, bars: this.rows.map((r) => ({ label: shortName(r.method), value: r.max_depth })) },
      { title: "Solutions found", log: false,
        bars: this.rows.map((r) => ({ label: shortName(r.method), value: r.solutions })) },
    ]);
  }

  // Why DLX does well: the figures of this very run, in words.
  note() {
    const by = Object.fromEntries(this.rows.map((r) => [r.method, r]));
    const parts = [];
    if (by.naive && by.dlx) {
      parts.push(`The naive search ${by.naive.gave_up ? "gave up after" : "visited"} ${formatValue(by.naive.nodes)} nodes; `
        + `DLX needed ${formatValue(by.dlx.nodes)}.`);
    }
    if (by.dlx) {
      parts.push(`DLX always branches on the constraint column with the fewest options left (a column with one option is `
        + `a forced move, one with none a dead end found at once), and covering or uncovering a column only relinks `
        + `a few list nodes: ${formatValue(by.dlx.updates)} link updates in all here.`);
    }
    $("compare-note").textContent = parts.join(" ");
  }

  csv() {
    return toCsv(COMPARE_COLUMNS, this.rows);
  }
}

// Offer `text` as a file download (a blob URL on this origin; nothing leaves the page).
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

export function shortName(method) {
  return { naive: "naive", "backtrack-recursive": "recursive", backtrack: "backtrack", dlx: "DLX" }[method] || method;
}
