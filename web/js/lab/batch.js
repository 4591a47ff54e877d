// @ts-check
// Batch: many puzzles, the chosen methods, median / p90 / max per method, with progress, cancel and CSV.
//
// The page sends the puzzles to the engine in chunks (`batch` requests) and merges the raw figures
// itself (js/lab/stats.js), so the bridge stays stateless: progress is "chunks answered", and Cancel is
// "send no more chunks, and stop the one running" (EngineClient.cancel restarts the worker). Chunks start
// at one puzzle and grow while answers come back quickly, so progress moves often on hard sets and
// the per-request cost stays small on easy ones.
import { drawCharts, formatValue } from "./chart.js";
import { BATCH_COLUMNS, mergeParts, summarize, toCsv } from "./stats.js";
import { download, shortName } from "./compare.js";
import { parseErrorText, t } from "../i18n.js";

import { byId as $ } from "../dom.js";
const CHUNK_MAX = 64;

/** @typedef {import("../../lab.js").LabWords} LabWords */

export class BatchView {
  /** @type {import("../../ops.js").LabInfo} the samples and defaults (set by setup, before any use) */ info;

  /** @param {import("../../lab.js").Lab} lab */
  constructor(lab) {
    this.lab = lab;
    this.running = false;
    this.cancelled = false;
    /** @type {import("./stats.js").BatchSummary[]} */
    this.summary = [];
    this.serial = 0;
    /** @type {[string, Record<string, unknown>] | null} */
    this.said = null; // the progress line as [key, params], to redraw in another language
    $("batch-run").addEventListener("click", () => this.run());
    $("batch-cancel").addEventListener("click", () => this.cancel());
    $("batch-csv").addEventListener("click", () => this.download());
    $("batch-set").addEventListener("change", () => this.chooseSet());
  }

  /** @param {import("../../ops.js").LabInfo} info */
  setup(info) {
    this.info = info;
    const select = $("batch-set");
    for (const name of Object.keys(info.sets)) {
      const option = document.createElement("option");
      option.value = name;
      select.append(option);
    }
    $("batch-methods").replaceChildren(...info.methods.map((m) => {
      const label = document.createElement("label");
      label.className = "field";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = m;
      box.checked = true;
      box.name = "batch-method";
      const name = document.createElement("span");
      name.dataset.method = m;
      label.append(box, name);
      return label;
    }));
    select.value = "easy";
    this.nameThings();
    this.chooseSet();
  }

  // The sets' and methods' names, in the page's language.
  nameThings() {
    for (const option of $("batch-set").options) {
      if (option.value === "paste") continue;
      option.textContent = t("lab.batch.set-option", { set: this.lab.setName(option.value),
        count: this.info.sets[option.value].puzzles.length });
    }
    for (const span of /** @type {NodeListOf<HTMLElement>} */ ($("batch-methods").querySelectorAll("span[data-method]"))) {
      span.textContent = this.lab.methodName(/** @type {string} */ (span.dataset.method));
    }
  }

  relabel() {
    this.nameThings();
    if (this.summary.length) this.render();
    if (this.said) this.say(...this.said);
  }

  chooseSet() {
    const name = $("batch-set").value;
    const text = $("batch-text");
    if (name === "paste") {
      text.value = "";
      text.focus();
    } else {
      text.value = this.info.sets[name].puzzles.join("\n");
    }
  }

  methods() {
    return [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=batch-method]:checked"))].map((box) => box.value);
  }

  async run() {
    const lab = this.lab;
    if (this.running) return;
    const lines = $("batch-text").value.split("\n").map((s) => s.trim()).filter((s) => s && !s.startsWith("#"));
    const methods = this.methods();
    if (!lines.length) {
      this.progress(0, 0, ["lab.batch.no-puzzles"]);
      return;
    }
    if (!methods.length) {
      this.progress(0, lines.length, ["lab.batch.no-methods"]);
      return;
    }
    const serial = ++this.serial;
    const nodeLimit = lab.nodeLimit();
    this.running = true;
    this.cancelled = false;
    this.summary = [];
    $("batch-table").tBodies[0].replaceChildren();
    $("batch-chart").replaceChildren();
    $("batch-table").dataset.state = "running";
    $("batch-run").disabled = true;
    $("batch-csv").disabled = true;
    $("batch-cancel").hidden = false;
    $("cancel").hidden = true;
    /** @type {Map<string, import("./stats.js").Merged>} */
    const merged = new Map();
    /** @type {{line: number, message: () => string}[]} */
    const errors = [];
    const started = performance.now();
    let done = 0;
    let chunk = 1;
    /** @type {import("../engine.js").EngineError | null} */
    let stopped = null;
    this.progress(0, lines.length);
    while (done < lines.length && !this.cancelled) {
      const slice = lines.slice(done, done + chunk);
      const t0 = performance.now();
      let result;
      try {
        result = await lab.engine.request("batch", { puzzles: slice, methods, node_limit: nodeLimit });
      } catch (error) {
        stopped = /** @type {import("../engine.js").EngineError} */ (error);
        break;
      }
      if (serial !== this.serial) return;
      mergeParts(merged, result.parts);
      // A request has one budget of work (bridge/lab.py): the puzzles it had no time for come back as
      // errors of reason "budget", from some index on. They are not skipped: the next request starts there.
      const cut = result.errors.find((e) => e.reason === "budget");
      const answered = cut ? Math.max(1, cut.index) : slice.length;
      for (const e of result.errors) {
        if (e.index < answered && e.reason !== "budget") {
          // (i18n.js, not yet type-checked, reads every fact of a parse error as required)
          errors.push({ line: done + e.index + 1, message: () => parseErrorText(/** @type {Parameters<typeof parseErrorText>[0]} */ (e)) || e.message });
        }
      }
      done += answered;
      this.summary = summarize(merged, nodeLimit);
      this.render();
      this.progress(done, lines.length, null, performance.now() - started);
      const ms = performance.now() - t0;
      if (cut) chunk = Math.max(1, Math.floor(answered / 2));
      else if (ms < 300) chunk = Math.min(chunk * 2, CHUNK_MAX);
      else if (ms > 1500) chunk = Math.max(1, Math.floor(chunk / 2));
    }
    this.running = false;
    $("batch-run").disabled = false;
    $("batch-cancel").hidden = true;
    $("batch-csv").disabled = this.summary.length === 0;
    const cancelled = this.cancelled || (stopped && stopped.kind === "cancelled");
    $("batch-table").dataset.state = cancelled ? "cancelled" : stopped ? "failed" : "done";
    const skipped = () => (errors.length ? t("lab.batch.skipped", { count: errors.length,
      first: t("lab.batch.line-error", errors[0]), more: errors.length > 1 ? `${t("lab.list-separator")}…` : "" }) : "");
    const total = lines.length;
    if (cancelled) {
      this.progress(done, total, ["lab.batch.cancelled", { done, total, skipped }]);
    } else if (stopped) {
      this.progress(done, total, ["lab.batch.stopped", { message: lab.describeError(stopped) }]);
    } else {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.progress(done, total, ["lab.batch.done", { count: total - errors.length, seconds, skipped }]);
    }
  }

  cancel() {
    if (!this.running) return;
    this.cancelled = true;
    this.lab.engine.cancel();
  }

  // The bar, and the line under it: `message` ([key, params]; a parameter may be a function, called
  // each time the line is drawn), or by default how many puzzles are done and the time so far.
  /**
   * @param {number} done @param {number} total @param {LabWords | null} [message] @param {number} [elapsed]
   */
  progress(done, total, message = null, elapsed = 0) {
    const bar = $("batch-progress");
    bar.max = Math.max(1, total);
    bar.value = done;
    /** @type {[string, Record<string, unknown>]} */
    const count = ["lab.batch.count", { done, total }];
    this.say(...(message ?? (elapsed ? /** @type {LabWords} */ (["lab.batch.elapsed", { count: () => t(...count), seconds: (elapsed / 1000).toFixed(1) }]) : count)));
    $("batch-progress-text").dataset.done = String(done);
  }

  /** @param {string} key @param {Record<string, unknown>} [params] */
  say(key, params = {}) {
    this.said = [key, params];
    $("batch-progress-text").textContent = t(key, params);
  }

  render() {
    const rows = this.summary.map((s) => {
      const tr = document.createElement("tr");
      tr.dataset.method = s.method;
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = this.lab.methodName(s.method);
      tr.append(th);
      for (const v of [s.puzzles, s.median_ms, s.p90_ms, s.max_ms, s.median_nodes, s.max_nodes, s.median_branch_points,
        s.solved, s.gave_up, s.wrong]) {
        const td = document.createElement("td");
        td.textContent = formatValue(v);
        tr.append(td);
      }
      // Puzzles the method cannot take (a Killer for the backtracking rungs) are not in its figures: said so.
      if (s.unsupported) tr.cells[1].textContent = t("lab.batch.unsupported", { count: formatValue(s.puzzles), skipped: s.unsupported });
      return tr;
    });
    $("batch-table").tBodies[0].replaceChildren(...rows);
    const bars = (/** @type {"median_ms" | "p90_ms" | "max_ms" | "median_branch_points"} */ key) => this.summary.map((s) => ({ label: shortName(s.method), method: s.method, value: s[key], gaveUp: key === "max_ms" && s.gave_up > 0 }));

    drawCharts($("batch-chart"), [
      { title: t("lab.chart.median-ms"), unit: t("lab.chart.ms"), bars: bars("median_ms") },
      { title: t("lab.chart.p90-ms"), unit: t("lab.chart.ms"), bars: bars("p90_ms") },
      { title: t("lab.chart.max-ms"), unit: t("lab.chart.ms"), bars: bars("max_ms") },
      { title: t("lab.chart.median-branch-points"), bars: bars("median_branch_points") },
    ]);
  }

  csv() {
    return toCsv(BATCH_COLUMNS, this.summary);
  }

  download() {
    download(this.csv(), "sudoku-lab-batch.csv");
  }
}
