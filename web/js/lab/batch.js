// Batch: many puzzles, the chosen methods, median / p90 / max per method, with progress, cancel and CSV.
//
// The page sends the puzzles to the engine in chunks (`batch` requests) and merges the raw figures
// itself (js/lab/stats.js), so the bridge stays stateless: progress is "chunks answered", and Cancel is
// "send no more chunks, and stop the one running" (EngineClient.cancel restarts the worker). Chunks start
// at one puzzle and grow while answers come back quickly, so progress moves often on hard sets and
// the per-request cost stays small on easy ones.
import { drawCharts, formatValue } from "./chart.js";
import { BATCH_COLUMNS, mergeParts, summarize, toCsv } from "./stats.js";
import { ORDER, download, shortName } from "./compare.js";

const $ = (id) => document.getElementById(id);
const CHUNK_MAX = 64;

export class BatchView {
  constructor(lab) {
    this.lab = lab;
    this.running = false;
    this.cancelled = false;
    this.summary = [];
    this.serial = 0;
    $("batch-run").addEventListener("click", () => this.run());
    $("batch-cancel").addEventListener("click", () => this.cancel());
    $("batch-csv").addEventListener("click", () => this.download());
    $("batch-set").addEventListener("change", () => this.chooseSet());
  }

  setup(info) {
    this.info = info;
    const select = $("batch-set");
    for (const [name, set] of Object.entries(info.sets)) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = `${set.label}: ${set.puzzles.length} puzzles`;
      select.append(option);
    }
    $("batch-methods").replaceChildren(...ORDER.map((m) => {
      const label = document.createElement("label");
      label.className = "field";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = m;
      box.checked = true;
      box.name = "batch-method";
      label.append(box, document.createTextNode(this.lab.names[m] || m));
      return label;
    }));
    select.value = "easy";
    this.chooseSet();
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
    return [...document.querySelectorAll("input[name=batch-method]:checked")].map((box) => box.value);
  }

  async run() {
    const lab = this.lab;
    if (this.running) return;
    const lines = $("batch-text").value.split("\n").map((s) => s.trim()).filter((s) => s && !s.startsWith("#"));
    const methods = this.methods();
    if (!lines.length) {
      this.progress(0, 0, "No puzzles: paste some, one per line, or choose a sample set.");
      return;
    }
    if (!methods.length) {
      this.progress(0, lines.length, "Choose at least one method.");
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
    const merged = new Map();
    const errors = [];
    const started = performance.now();
    let done = 0;
    let chunk = 1;
    let stopped = null;
    this.progress(0, lines.length);
    while (done < lines.length && !this.cancelled) {
      const slice = lines.slice(done, done + chunk);
      const t0 = performance.now();
      let result;
      try {
        result = await lab.engine.request("batch", { puzzles: slice, methods, node_limit: nodeLimit });
      } catch (error) {
        stopped = error;
        break;
      }
      if (serial !== this.serial) return;
      mergeParts(merged, result.parts);
      for (const e of result.errors) errors.push(`line ${done + e.index + 1}: ${e.message}`);
      done += slice.length;
      this.summary = summarize(merged, nodeLimit);
      this.render();
      this.progress(done, lines.length, null, performance.now() - started);
      const ms = performance.now() - t0;
      if (ms < 300) chunk = Math.min(chunk * 2, CHUNK_MAX);
      else if (ms > 1500) chunk = Math.max(1, Math.floor(chunk / 2));
    }
    this.running = false;
    $("batch-run").disabled = false;
    $("batch-cancel").hidden = true;
    $("batch-csv").disabled = this.summary.length === 0;
    const cancelled = this.cancelled || (stopped && stopped.kind === "cancelled");
    $("batch-table").dataset.state = cancelled ? "cancelled" : stopped ? "failed" : "done";
    const skipped = errors.length ? ` ${errors.length} line${errors.length === 1 ? "" : "s"} skipped (${errors[0]}${errors.length > 1 ? ", …" : ""}).` : "";
    if (cancelled) {
      this.progress(done, lines.length, `Cancelled after ${done} of ${lines.length} puzzles; the figures cover those.${skipped}`);
    } else if (stopped) {
      this.progress(done, lines.length, `Stopped: ${lab.describeError(stopped)}`);
    } else {
      this.progress(done, lines.length, `Done: ${lines.length} puzzles in ${((performance.now() - started) / 1000).toFixed(1)} s.${skipped}`);
    }
  }

  cancel() {
    if (!this.running) return;
    this.cancelled = true;
    this.lab.engine.cancel();
  }

  progress(done, total, text = null, elapsed = 0) {
    const bar = $("batch-progress");
    bar.max = Math.max(1, total);
    bar.value = done;
    $("batch-progress-text").textContent = text
      ?? `${done} / ${total} puzzles${elapsed ? ` · ${(elapsed / 1000).toFixed(1)} s` : ""}`;
    $("batch-progress-text").dataset.done = String(done);
  }

  render() {
    const rows = this.summary.map((s) => {
      const tr = document.createElement("tr");
      tr.dataset.method = s.method;
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = this.lab.names[s.method] || s.method;
      tr.append(th);
      for (const v of [s.puzzles, s.median_ms, s.p90_ms, s.max_ms, s.median_nodes, s.max_nodes, s.solved, s.gave_up, s.wrong]) {
        const td = document.createElement("td");
        td.textContent = formatValue(v);
        tr.append(td);
      }
      return tr;
    });
    $("batch-table").tBodies[0].replaceChildren(...rows);
    const bars = (key) => this.summary.map((s) => ({ label: shortName(s.method), value: s[key], gaveUp: key === "max_ms" && s.gave_up > 0 }));
    drawCharts($("batch-chart"), [
      { title: "Median time", unit: "ms", bars: bars("median_ms") },
      { title: "p90 time", unit: "ms", bars: bars("p90_ms") },
      { title: "Max time", unit: "ms", bars: bars("max_ms") },
      { title: "Median nodes", bars: bars("median_nodes") },
    ]);
  }

  csv() {
    return toCsv(BATCH_COLUMNS, this.summary);
  }

  download() {
    download(this.csv(), "sudoku-lab-batch.csv");
  }
}
